#!/usr/bin/env python3
"""Generate the GitHub double's deterministic data set: data/fixtures/github-users.json and
data/fixtures/github-repositories.json (see fixture_repositories.py for the second).

Run once (`make fixtures`); the output is committed so every machine serves identical data.
The same seed always yields byte-identical output.

Shape: {"seed": N, "users": [ {profile fields...} ]}.
"""
import json
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the committed scripts
import fixture_repositories  # noqa: E402

SEED = 20261122
USER_COUNT = 5200
rng = random.Random(SEED)

SYLLABLES = ["oct", "cat", "mo", "jom", "bo", "def", "unk", "tor", "val", "ds", "tom", "mike",
             "ann", "li", "sun", "kim", "park", "lee", "dev", "code", "hack", "byte", "bit",
             "ra", "ven", "zo", "ka", "ri", "no", "xel", "quin", "ur", "ya", "el", "ix", "on"]
FIRST = ["Tom", "Mike", "Anna", "Lena", "Jonas", "Mia", "Noah", "Emma", "Liam", "Sofia", "Ji-woo",
         "Min-jun", "Yuki", "Hiro", "Aarav", "Priya", "Mateo", "Lucía", "Zoë", "Åsa", "Björn",
         "Chloé", "Dmitri", "Olga", "Kwame", "Amara", "Wei", "Fang", "Omar", "Leila", "Ñandú"]
LAST = ["Smith", "Müller", "Kim", "Park", "Lee", "Tanaka", "Sato", "Garcia", "Rossi", "Novak",
        "Andersson", "Öztürk", "Dubois", "Ivanova", "Okafor", "Chen", "Wang", "Haddad", "Silva"]
CJK_NAMES = ["山田太郎", "김민준", "李小龍", "佐藤花子", "Александр Пушкин", "Ελένη Παπαδοπούλου"]
LOCATIONS = ["Berlin", "Berlin, Germany", "Seoul", "Seoul, South Korea", "San Francisco, CA",
             "Tokyo", "London", "Paris", "New York", "Bangalore", "São Paulo", "Zürich", "Lagos",
             "Toronto", "Remote", None]
COMPANIES = ["@github", "@gnome", "Acme Corp", "@mozilla", "Freelance", "@canonical", None, None]
LANGS = ["Swift", "C", "Rust", "Go", "Python", "JavaScript", "TypeScript", "Vala", "Ruby",
         "Kotlin", "C++", "Shell", None]
BIOS = [
    "Building things for the GNOME desktop.",
    "I ❤️ open source 🚀🐧",
    "Line one\r\nLine two after a CRLF",
    "<b>markup</b> is not <i>rendered</i> & never will be",
    "Coffee ☕, code, and cats 🐈",
    "Maintainer of small tools.\nSecond line.",
    "Ünïcödé everywhere — ✓",
    None, None, None,
]
NOTABLE = [  # (login, type, name) accounts people search for in demos and tests
    ("octocat", "User", "The Octocat"), ("mojombo", "User", "Tom Preston-Werner"),
    ("defunkt", "User", "Chris Wanstrath"), ("torvalds", "User", "Linus Torvalds"),
    ("tomchristie", "User", "Tom Christie"), ("mike", "User", "Mike"),
    ("github", "Organization", "GitHub"), ("gnome", "Organization", "GNOME"),
    ("dependabot[bot]", "Bot", None), ("renovate[bot]", "Bot", None),
    ("github-actions[bot]", "Bot", None), ("0xdeadbeef", "User", None),
    ("1337coder", "User", "Leet Coder"), ("9to5dev", "User", "Nine To Five"),
    ("zoë-dev", "User", "Zoë Ångström"), ("ünicode", "User", "Ünï Cödé"),
    ("yamada", "User", "山田太郎"), ("kohsuke", "User", "Kohsuke Kawaguchi"),
]
EPOCH_2008 = 1199145600
EPOCH_NOW = 1792972800  # 2026-10-25, fixed so the data never changes with the calendar


def make_login(index):
    parts = [rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3))]
    login = "".join(parts)
    style = rng.random()
    if style < 0.25:
        login += str(rng.randint(1, 999))
    elif style < 0.35:
        login = login + "-" + rng.choice(SYLLABLES)
    elif style < 0.40:
        login = str(rng.randint(0, 99)) + login
    elif style < 0.55:
        login = login.capitalize()
    return login[:39]


def make_name():
    r = rng.random()
    if r < 0.15:
        return None
    if r < 0.20:
        return rng.choice(CJK_NAMES)
    return rng.choice(FIRST) + " " + rng.choice(LAST)


def iso(epoch):
    import datetime
    return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def repo_count(kind):
    if kind == "heavy":
        return rng.randint(150, 640)
    r = rng.random()
    if r < 0.2:
        return 0
    return int(rng.expovariate(1 / 6)) % 60


def make_repos(login, count, created):
    repos, names = [], set()
    for i in range(count):
        name = rng.choice(SYLLABLES) + rng.choice(["", "-", "_", "."]) + rng.choice(SYLLABLES + ["kit", "app", "rs", "gtk"])
        if name in names:
            name = "%s-%d" % (name, i)
        names.add(name)
        c = rng.randint(created, EPOCH_NOW - 86400)
        pushed = rng.randint(c, EPOCH_NOW)
        desc = rng.choice([None, "A small tool", "Experiments with " + rng.choice(LANGS[:-1]),
                           "Dotfiles", "Fork of an upstream project", "🚧 work in progress"])
        stars = int(rng.paretovariate(1.2)) - 1
        repos.append([name, desc, rng.choice(LANGS), stars, stars // 3, pushed, c,
                      rng.random() < 0.15, rng.random() < 0.05])
    return repos


def main():
    users, repositories, seen = [], {}, set()
    next_id = 1000
    specs = [(login, kind, name, "notable") for login, kind, name in NOTABLE]
    taken = {login.lower() for login, _, _ in NOTABLE}
    while len(specs) < USER_COUNT:
        login = make_login(len(specs))
        if login.lower() in taken:
            continue
        taken.add(login.lower())
        kind = "Organization" if rng.random() < 0.08 else "User"
        specs.append((login, kind, make_name(), "heavy" if rng.random() < 0.004 else "normal"))
    for login, kind, name, weight in specs:
        if login.lower() in seen:
            continue
        seen.add(login.lower())
        next_id += rng.randint(1, 9000)
        created = rng.randint(EPOCH_2008, EPOCH_NOW - 86400 * 30)
        if login in ("kohsuke", "torvalds"):
            weight = "heavy"
        repos = make_repos(login, repo_count(weight), created) if kind != "Bot" else []
        followers = int(rng.paretovariate(0.9)) - 1
        if login == "torvalds":
            followers = 250000
        user = {
            "login": login, "id": next_id, "type": kind, "name": name,
            "company": rng.choice(COMPANIES), "blog": rng.choice(["", "", "https://example.org/" + login.lower(), "example.com/~" + login.lower()]),
            "location": rng.choice(LOCATIONS), "email": None,
            "bio": rng.choice(BIOS), "twitter_username": rng.choice([None, None, login.lower()[:15]]),
            "public_repos": len(repos), "public_gists": rng.randint(0, 40),
            "followers": followers, "following": rng.randint(0, 300),
            "created_at": iso(created), "updated_at": iso(rng.randint(created, EPOCH_NOW)),
            "site_admin": False, "hireable": rng.choice([None, True]),
        }
        if kind == "Bot":
            user.update(name=None, company=None, location=None, bio=None, followers=0, following=0)
        users.append(user)
        if repos:
            repositories[str(next_id)] = repos
    repos = fixture_repositories.build(users, repositories, SEED, SYLLABLES, LANGS, EPOCH_NOW)
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "fixtures")
    write(os.path.join(folder, "github-users.json"), {"seed": SEED, "users": users})
    write(os.path.join(folder, "github-repositories.json"), repos)
    print("wrote %d users, %d repositories to %s" % (len(users), sum(len(r) for r in repos["repositories"].values()), os.path.normpath(folder)))


def write(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")

if __name__ == "__main__":
    main()
