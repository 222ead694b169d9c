"""The repositories half of the GitHub double's data set: data/fixtures/github-repositories.json.

generate-fixture-data.py draws each account's repositories (name, description, language, stars,
forks, dates, fork and archived flags) from the users' random stream, so those draws stay where
they are and the users keep their ids. Everything else a repository has (topics, licence, homepage,
issues, template flag, fork parents, ...) is drawn here from a stream of its own, so adding a
field never moves a user.

Shape: {"seed": N, "columns": [...], "repositories": {"<owner id>": [[...one row per
repository, in `columns` order...], ...]}}. Rows rather than objects keep ~29,000 repositories
near 5 MB. A repository's id is owner id * 1000 + its index in the owner's list, so an owner
holds at most 999.
"""
import random

COLUMNS = ["name", "description", "language", "stargazers_count", "forks_count", "pushed_at",
           "created_at", "updated_at", "flags", "open_issues_count", "help_wanted_issues",
           "subscribers_count", "size", "topics", "license", "homepage", "default_branch", "parent"]
FORK, ARCHIVED, TEMPLATE = 1, 2, 4  # bits of "flags"

EXTRA_LANGS = ["HTML", "CSS", "Java", "C#", "PHP", "Jupyter Notebook", "Objective-C", "Dart",
               "Lua", "Haskell", "Elixir", "Zig", "Meson", "Dockerfile"]
DESCRIPTIONS = [
    "Ein kleines Werkzeug für den GNOME-Desktop", "日本語のドキュメントがあるライブラリ",
    "한국어 형태소 분석기", "Библиотека для разбора JSON", "✨ Fast, tiny and dependency-free",
    "A GTK 4 client for the Fediverse 🐘", "Swift bindings for libadwaita",
    "Dotfiles ⚙️ — zsh, neovim, tmux", "Advent of Code solutions 🎄", "Línea de comandos para Zürich 🇨🇭",
    "Line one\r\nLine two after a CRLF", "<b>markup</b> in a description & an ampersand", "",
]
TOPICS = ["gtk", "gnome", "swift", "rust", "cli", "linux", "library", "api", "json", "parser",
          "game", "machine-learning", "web", "android", "ios", "database", "hacktoberfest",
          "awesome-list", "dotfiles", "terminal", "compiler", "emoji", "korean", "i18n"]
LICENSES = ["mit"] * 7 + ["apache-2.0"] * 3 + ["gpl-3.0"] * 2 + ["bsd-3-clause", "lgpl-2.1", "mpl-2.0",
            "unlicense", "agpl-3.0", "gpl-2.0", "bsd-2-clause", "other"] + [None] * 6
# Homepages the app must refuse to open: no scheme, or a scheme other than http(s).
UNSAFE_HOMEPAGES = ["javascript:alert(document.cookie)", "ftp://ftp.example.org/pub", "example.com/docs",
                    "file:///etc/passwd", "mailto:dev@example.org"]
ORG_PROJECTS = ["gtk", "glib", "nautilus", "mutter", "evince", "totem", "gedit", "epiphany", "tracker",
                "libsoup", "pango", "gjs", "vte", "polari", "fractal", "gitignore", "linguist", "docs",
                "octicons", "hub", "primer", "licensed", "scientist", "super-linter", "codeql"]
EPOCH_2020_10 = 1601510400  # GitHub's default branch became "main"

# Rows tests can count on: (owner, name, description, language, stars, forks, flags, topics,
# license, homepage, default branch, parent). Real GitHub would turn the Korean name into dashes;
# the double keeps it so clients are tested on encoding non-ASCII paths.
WELL_KNOWN = [
    ("octocat", "Hello-World", "My first repository on GitHub!", None, 3100, 3300, 0, [], None, "", "master", None),
    ("octocat", "Spoon-Knife", "This repo is for demonstration purposes only.", "HTML", 13000, 155000, 0, [], None, "", "main", None),
    ("octocat", "octo-template", "A template to start from 📦", "Swift", 42, 7, TEMPLATE, ["template", "swift"], "mit", "https://octocat.github.io/octo-template", "main", None),
    ("octocat", "안녕하세요-세계", "한국어로 된 저장소입니다 🇰🇷", "Swift", 77, 3, 0, ["korean", "i18n"], "mit", None, "main", None),
    ("torvalds", "linux", "Linux kernel source tree", "C", 190000, 56000, 0, [], "gpl-2.0", "", "master", None),
    ("mojombo", "grit", "**Grit is no longer maintained. Check out libgit2/rugged.** Grit gives you object oriented read/write access to Git repositories via Ruby.",
     "Ruby", 1950, 530, ARCHIVED, [], "mit", "http://grit.rubyforge.org/", "master", None),
    ("defunkt", "Hello-World", "My first repository on GitHub!", None, 2, 0, FORK, [], None, "", "master", "octocat/Hello-World"),
    ("0xdeadbeef", "unsafe-homepage", "<script>alert(1)</script> & friends", "JavaScript", 5, 1, 0, ["web"], None, "javascript:alert(document.cookie)", "main", None),
    ("github", "gitignore", "A collection of useful .gitignore templates", None, 165000, 82000, 0, ["gitignore"], "cc0-1.0", "", "main", None),
    ("gnome", "gtk", "Read-only mirror of https://gitlab.gnome.org/GNOME/gtk", "C", 1700, 400, 0, ["gtk", "gnome"], "lgpl-2.1", "https://www.gtk.org", "main", None),
]
ORG_EXTRA = {"github": 880, "gnome": 880}  # organisations big enough for org: searches and paging


def build(users, repositories, seed, syllables, langs, now):
    """Enriches `repositories` ({owner id: [compact rows]}) in place into full rows; adds the
    well-known and organisation repositories, updating their owners' public_repos."""
    rng = random.Random(seed + 1)
    by_login = {u["login"]: u for u in users}
    rows = {}
    for user in users:
        key = str(user["id"])
        rows[key] = [enrich(rng, row, langs, user["login"], now) for row in repositories.get(key, [])]
        reserved = {w[1] for w in WELL_KNOWN if w[0] == user["login"]}
        for _ in range(ORG_EXTRA.get(user["login"], 0)):
            rows[key].append(org_row(rng, reserved | {r[0] for r in rows[key]}, syllables, langs, user, now))
    for owner, name, desc, lang, stars, forks, flags, topics, lic, home, branch, parent in WELL_KNOWN:
        created = rng.randint(1262304000, now - 86400 * 400)
        row = enrich(rng, [name, desc, lang, stars, forks, rng.randint(created, now), created, bool(flags & FORK), bool(flags & ARCHIVED)], langs, owner, now)
        row[1:5] = [desc, lang, stars, forks]
        row[8], row[13], row[14], row[15], row[16], row[17] = flags, topics, lic, home, branch, parent
        rows[str(by_login[owner]["id"])].append(row)
    link_forks(rng, rows, {str(u["id"]): u["login"] for u in users})
    for user in users:
        user["public_repos"] = len(rows[str(user["id"])])
        assert user["public_repos"] < 1000, "repository ids are owner id * 1000 + index"
    return {"seed": seed, "columns": COLUMNS, "repositories": {k: v for k, v in rows.items() if v}}


def enrich(rng, row, langs, login, now):
    name, desc, lang, stars, forks, pushed, created, fork, archived = row
    if rng.random() < 0.25:
        desc = rng.choice(DESCRIPTIONS)
    if rng.random() < 0.2:
        lang = rng.choice(EXTRA_LANGS)
    if not fork and rng.random() < 0.002:
        stars = rng.randint(20000, 120000)  # the long tail's few giants
    forks = int(stars * rng.uniform(0.05, 0.5))
    issues = int(rng.expovariate(1 / 3) * (1 + len(str(stars))))
    help_wanted = rng.randint(1, min(issues, 12)) if issues and rng.random() < 0.15 else 0
    flags = (FORK if fork else 0) | (ARCHIVED if archived else 0) | (TEMPLATE if not fork and rng.random() < 0.01 else 0)
    topics = sorted(set(rng.sample(TOPICS, rng.randint(1, 5)))) if rng.random() < 0.45 else []
    r = rng.random()
    homepage = (None if r < 0.5 else "" if r < 0.7 else "https://%s.github.io/%s" % (login.lower(), name) if r < 0.9
                else "http://%s.example.org" % name if r < 0.95 else rng.choice(UNSAFE_HOMEPAGES))
    branch = "master" if created < EPOCH_2020_10 and rng.random() < 0.7 else rng.choice(["main"] * 12 + ["develop", "trunk"])
    return [name, desc, lang, stars, forks, pushed, created, rng.randint(pushed, now), flags, issues, help_wanted,
            max(1, int(stars * rng.uniform(0.01, 0.08))), min(int(rng.lognormvariate(6, 2)), 4000000),
            topics, rng.choice(LICENSES), homepage, branch, None]


def org_row(rng, taken, syllables, langs, user, now):
    name = rng.choice(ORG_PROJECTS)
    while name in taken:
        name = "%s-%s%s" % (rng.choice(ORG_PROJECTS), rng.choice(syllables), rng.choice(["", str(rng.randint(2, 99))]))
    created = rng.randint(1262304000, now - 86400)
    pushed = rng.randint(created, now)
    stars = int(rng.paretovariate(1.1)) - 1
    return enrich(rng, [name, "Read-only mirror of %s" % name, rng.choice(langs), stars, 0, pushed, created, False, rng.random() < 0.1], langs, user["login"], now)


def link_forks(rng, rows, logins):
    """Gives every fork a parent: a popular non-fork of another owner, whose name, description and
    language it takes where the name is free, as forks on GitHub do."""
    popular = sorted((r[3], owner, i) for owner, rs in rows.items() for i, r in enumerate(rs) if not r[8] & FORK and r[3] >= 20)
    for owner, rs in sorted(rows.items(), key=lambda item: int(item[0])):
        taken = {r[0] for r in rs}
        for row in rs:
            if not row[8] & FORK or row[17]:
                continue
            _, parent_owner, index = rng.choice(popular)
            if parent_owner == owner:
                row[8] &= ~FORK
                continue
            parent = rows[parent_owner][index]
            if parent[0] not in taken:
                taken.discard(row[0])
                row[0] = parent[0]
                taken.add(row[0])
                row[1], row[2] = parent[1], parent[2]
            row[17] = "%s/%s" % (logins[parent_owner], parent[0])
