#!/usr/bin/python3
"""`make screenshots`: the window in each state, against the GitHub double, into screenshots/STYLE/
(light and dark; GHF_SHOTS_STYLES=dark for one; GHF_SHOTS_ONLY=favorites,detail for some), and for each translation in GHF_SHOTS_LANGS (say
"en,ko"; English only by default) into screenshots/STYLE-LANG/. Run inside scripts/with-display.sh. States: results, favorites with letter headers, the detail
pane, repository results and a repository's detail (and its release and README), starred repositories in Favorites, Your Profile and
its Following list, the narrow (< 700 px) detail with Back, no results, rate limited, offline, and Sign In."""
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
import json
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "debug")
OUT = os.path.join(ROOT, "screenshots")
# The environment that runs the app in a language; its locale must be installed (make test-deps).
LOCALES = {"en": {}, "ko": {"LANG": "ko_KR.UTF-8", "LC_ALL": "ko_KR.UTF-8", "LANGUAGE": "ko"}}
USERS = {u["login"]: u for u in json.load(open(os.path.join(ROOT, "data", "fixtures", "github-users.json")))["users"]}


def start_double(folder, *arguments):
    port_file = os.path.join(folder, "port-%d" % time.time_ns())
    server = subprocess.Popen([os.path.join(BUILD, "github-fixture-server"), "--port", "0", "--port-file", port_file] + list(arguments),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not os.path.exists(port_file):
        time.sleep(0.05)
    return server, "http://127.0.0.1:%s" % open(port_file).read().strip()


def shoot(name, env, api, *arguments, settle=3.0, then=None, whole_screen=False):
    only = os.environ.get("GHF_SHOTS_ONLY")  # comma-separated names, for a quick look while developing
    if only and name not in only.split(","):
        return
    app = subprocess.Popen([os.path.join(BUILD, "github-finder")] + (["--api-url", api] if api else []) + list(arguments), env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        windows = subprocess.run(["xdotool", "search", "--sync", "--pid", str(app.pid), "--name", "^GitHub"],  # the title is translated
                                 capture_output=True, text=True, timeout=20).stdout.split()
        time.sleep(settle)
        if then:
            then(windows[-1])
            time.sleep(2.0)
        path = os.path.join(OUT, env["GHF_SHOTS_FOLDER"], name + ".png")
        subprocess.run(["import", "-window", "root" if whole_screen else windows[-1], path], check=True)
        print("wrote", os.path.relpath(path, ROOT))
    finally:
        app.terminate()
        app.wait(timeout=10)


def server_database(data_home, api):
    """The app keeps one favorites file per server (FavoritesLocation): servers/<host:port/path,
    percent-encoded>/favorites.sqlite for any server but github.com."""
    address = urllib.parse.urlsplit(api)
    name = "".join(chr(b) if chr(b).isalnum() or chr(b) in ".-" else "%%%02X" % b
                   for b in (address.netloc.lower() + address.path.rstrip("/")).encode())
    return os.path.join(data_home, "io.github.githubfinder.GitHubFinder", "servers", name, "favorites.sqlite")


def warm_up(env, api):
    """Start the app once and wait, without a picture, until its database has every table (the
    migrations ran), then quit it: a capture here would only fail now and then on a busy display."""
    app = subprocess.Popen([os.path.join(BUILD, "github-finder"), "--api-url", api], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = server_database(env["XDG_DATA_HOME"], api)
    try:
        for _ in range(200):
            time.sleep(0.1)
            if os.path.exists(path):
                try:
                    db = sqlite3.connect(path, timeout=5)
                    ready = db.execute("SELECT count(*) FROM sqlite_master WHERE name IN ('favorite', 'news_watch')").fetchone()[0] == 2
                    db.close()
                    if ready:
                        time.sleep(1.0)
                        return
                except sqlite3.Error:
                    pass
        raise SystemExit("the app did not create its database at " + path)
    finally:
        app.terminate()
        app.wait(timeout=10)


def seed_favorites(env, api):
    """Let the app create its database, then star a few accounts in it."""
    warm_up(env, api)
    db = sqlite3.connect(server_database(env["XDG_DATA_HOME"], api))
    for login in ["octocat", "mojombo", "defunkt", "torvalds", "tomchristie", "github", "gnome", "kohsuke",
                  "dependabot[bot]", "0xdeadbeef", "1337coder", "yamada", "zoë-dev", "ünicode", "mike"]:
        user = USERS[login]
        db.execute("INSERT OR REPLACE INTO favorite (id, login, name, avatarURL, type, profileURL, addedAt) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (user["id"], login, user.get("name"), "%s/avatars/u/%d?v=4" % (api, user["id"]), user["type"],
                    "https://github.com/" + login, "2026-11-22 12:00:00.000"))
    # Notes and tags on some: the rows' chips and note line, the tag bar, the detail's section.
    for login, note, tags in [("octocat", "Met at GUADEC 2026. Ask about the GTK 4 port.", "conference 2026\nhiring"),
                              ("gnome", "Sponsor the next hackfest", "conference 2026"), ("torvalds", None, "kernel"),
                              ("yamada", "Translates into Japanese", "i18n\nhiring\nmentor\nreview")]:
        db.execute("UPDATE favorite SET note = ?, tags = ? WHERE login = ?", (note, tags, login))
    # Repositories as starred from a search: the double's own answers, stored as the app stores them.
    for query in ["swift", "gtk"]:
        with urllib.request.urlopen(api + "/search/repositories?per_page=12&q=" + query, timeout=10) as response:
            for repo in json.load(response)["items"]:
                owner = repo.get("owner") or {}
                db.execute("INSERT OR REPLACE INTO favorite_repository (id, fullName, ownerLogin, ownerID, name, description, language, stars,"
                           " ownerAvatarURL, htmlURL, addedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (repo["id"], repo["full_name"], owner.get("login", ""), owner.get("id"), repo["name"], repo.get("description"),
                            repo.get("language"), repo.get("stargazers_count", 0), owner.get("avatar_url"), repo.get("html_url"),
                            "2026-11-22 12:00:00.000"))
                if repo["name"].lower() in ("swift", "gtk"):
                    db.execute("UPDATE favorite_repository SET note = ?, tags = ? WHERE id = ?", ("Read the release notes", "reading", repo["id"]))
                # Starred on GitHub too, as the signed-in octocat did: the start's sync keeps
                # what GitHub has and would take off a star only here since the last sync.
                star = urllib.request.Request("%s/user/starred/%s" % (api, repo["full_name"]), method="PUT",
                                              headers={"Authorization": "Bearer ghp_demo_octocat"})
                urllib.request.urlopen(star, timeout=10).close()
    db.commit()
    db.close()


def whats_new(env, folder):
    """What's New (Alt+3), on a double of its own with a signed-in user's hourly quota (the
    anonymous 60 an hour would pause the checks of these 40 favorites halfway, at the half kept
    for the user): a first check (F5) remembers what the favorites have; then the double
    publishes releases and a repository, the bell of one favorite is on, and a second check
    finds them: the tab with its entries; the first entry opened (its detail with the bell on);
    the notification the stand-in for GNOME Shell's service received, drawn as a card."""
    server, api = start_double(folder, "--core-limit", "5000")
    try:
        seed_favorites(env, api)
        shoot_whats_new(env, api, folder)
    finally:
        server.terminate()


def shoot_whats_new(env, api, folder):
    def check(window, wait=6.0):
        subprocess.run(["xdotool", "key", "--window", window, "alt+3"])
        time.sleep(0.8)
        subprocess.run(["xdotool", "key", "--window", window, "F5"])
        time.sleep(wait)
    shoot("whats-new-empty", env, api, then=check)
    db = sqlite3.connect(server_database(env["XDG_DATA_HOME"], api))
    repositories = db.execute("SELECT id, fullName FROM favorite_repository ORDER BY fullName LIMIT 2").fetchall()
    db.execute("INSERT OR REPLACE INTO news_watch (key, since) VALUES (?, ?)", ("repository:%d" % repositories[0][0], time.time() - 60))
    db.commit()
    db.close()
    for (_, full_name), (tag, notes) in zip(repositories, [("2.0.0", "## Highlights\n* A new **layout** engine\n* Faster builds"),
                                                            ("1.4.2", "Fixes a crash when the list is empty.")]):
        body = json.dumps({"repository": full_name, "tag": tag, "name": "%s %s" % (full_name.split("/")[1], tag), "body": notes}).encode()
        urllib.request.urlopen(urllib.request.Request(api + "/_fixture/releases", data=body, method="POST"), timeout=5).close()
    body = json.dumps({"login": "octocat", "name": "hello-whats-new", "description": "A new repository, found by What's New"}).encode()
    urllib.request.urlopen(urllib.request.Request(api + "/_fixture/repositories", data=body, method="POST"), timeout=5).close()
    received = os.path.join(folder, "notifications.jsonl")
    notifications = subprocess.Popen(["/usr/bin/python3", os.path.join(ROOT, "Tests", "EndToEnd", "fake_notifications.py"), received],
                                     stdout=subprocess.PIPE, text=True)
    notifications.stdout.readline()
    try:
        shoot("whats-new", env, api, then=check)
        shoot("whats-new-opened", env, api,
              then=lambda window: (check(window, wait=1.0), subprocess.run(["xdotool", "mousemove", "--window", window, "150", "160", "click", "1"])))
    finally:
        notifications.terminate()
    sent = [json.loads(line) for line in open(received)] if os.path.exists(received) else []
    if sent:
        card = sent[0]
        path = os.path.join(OUT, env["GHF_SHOTS_FOLDER"], "notification.png")
        buttons = "   ".join("[ %s ]" % b["label"] for b in card["buttons"]) or "(no buttons)"
        text = "%s\n\n%s\n\n%s\n\nclick: %s %s" % (card["title"], card["body"], buttons, card["default_action"], card["default_target"])
        subprocess.run(["convert", "-size", "560x", "-background", "#303030" if "dark" in env["GHF_SHOTS_FOLDER"] else "#f6f5f4",
                        "-fill", "#ffffff" if "dark" in env["GHF_SHOTS_FOLDER"] else "#1e1e1e", "-font", "Noto-Sans-CJK-KR", "-pointsize", "15",
                        "-bordercolor", "#888888", "-border", "1", "caption:" + text, path], check=False)
        print("wrote", os.path.relpath(path, ROOT))


def main():
    for style in os.environ.get("GHF_SHOTS_STYLES", "light,dark").split(","):
        for lang in os.environ.get("GHF_SHOTS_LANGS", "en").split(","):
            shoot_all(style, lang)


def shoot_all(style, lang):
    """Every state in one style and language: the style is the app's own preference
    (preferences.json), as a user sets it."""
    shots = style if lang == "en" else "%s-%s" % (style, lang)
    os.makedirs(os.path.join(OUT, shots), exist_ok=True)
    folder = tempfile.mkdtemp(prefix="ghf-shots-")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"), XDG_STATE_HOME=os.path.join(folder, "state"),
               XDG_CACHE_HOME=os.path.join(folder, "cache"), XDG_CONFIG_HOME=os.path.join(folder, "config"),
               NO_AT_BRIDGE="1", GHF_SHOTS_FOLDER=shots, **LOCALES[lang])
    config = os.path.join(env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "preferences.json"), "w") as f:
        # What's New checks on F5 only: its shots publish news on the double and then refresh.
        json.dump({"colorScheme": style, "news": {"interval": "never"}}, f)
    server, api = start_double(folder)
    # GitHub's own 10 searches a minute, used up (a limit of 0 would read "0 of 0").
    limited, limited_api = start_double(folder)
    request = urllib.request.Request(limited_api + "/_fixture/faults", method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"kind": "primaryLimitExhausted", "route": "search"}).encode())
    urllib.request.urlopen(request, timeout=5).close()
    try:
        shoot("results", env, api, "--search", "tom")
        shoot("no-results", env, api, "--search", "qqqqzzzz")
        shoot("rate-limited", env, limited_api, "--search", "tom")
        shoot("offline", env, "http://127.0.0.1:9", "--search", "tom")
        # The detail pane: click the first result (the list starts below the search entry).
        shoot("detail", env, api, "--search", "octocat",
              then=lambda window: subprocess.run(["xdotool", "mousemove", "--window", window, "150", "175", "click", "1"]))
        # The Repositories scope (Ctrl+2), its results and a repository's detail.
        def search_repositories(window, then_click=False):
            subprocess.run(["xdotool", "key", "--window", window, "ctrl+2"])
            time.sleep(0.5)
            subprocess.run(["xdotool", "type", "--delay", "20", "swift"])
            subprocess.run(["xdotool", "key", "Return"])
            if then_click:
                time.sleep(2.5)
                subprocess.run(["xdotool", "mousemove", "--window", window, "150", "175", "click", "1"])
        shoot("repositories", env, api, then=search_repositories)
        shoot("repository-detail", env, api, then=lambda window: search_repositories(window, then_click=True))
        # A repository's latest release and README (GRDB's: long and rich), scrolled to it.
        def readme(query, scrolls):
            def then(window):
                subprocess.run(["xdotool", "key", "--window", window, "ctrl+2"])
                time.sleep(0.5)
                subprocess.run(["xdotool", "type", "--delay", "20", query])
                subprocess.run(["xdotool", "key", "Return"])
                time.sleep(2.5)
                subprocess.run(["xdotool", "mousemove", "--window", window, "150", "175", "click", "1"])
                time.sleep(3.0)
                subprocess.run(["xdotool", "mousemove", "--window", window, "700", "450", "click", "--repeat", str(scrolls), "--delay", "30", "5"])
            return then
        shoot("readme-release", env, api, then=readme("GRDB", 6))
        shoot("readme", env, api, then=readme("GRDB", 16))
        shoot("readme-code", env, api, then=readme("swift-nio", 30))
        # An image from GitHub shown, one from another site held back behind its button.
        shoot("readme-images", env, api, then=readme("huge-image", 10))
        # Below 700 px: one pane at a time, with Back.
        narrow = dict(env, XDG_STATE_HOME=os.path.join(folder, "narrow-state"))
        state = os.path.join(narrow["XDG_STATE_HOME"], "io.github.githubfinder.GitHubFinder")
        os.makedirs(state, exist_ok=True)
        with open(os.path.join(state, "window.json"), "w") as f:
            json.dump({"width": 600, "height": 640, "isMaximized": False}, f)
        shoot("narrow-detail", narrow, api, "--search", "octocat",
              then=lambda window: subprocess.run(["xdotool", "mousemove", "--window", window, "150", "175", "click", "1"]))
        # Sign In…: F10 opens the primary menu, its first item is Sign In…; the double accepts
        # its demo token.
        def sign_in(window):
            subprocess.run(["xdotool", "key", "--window", window, "F10"])
            time.sleep(1)
            subprocess.run(["xdotool", "key", "Return"])
            time.sleep(1.5)
            subprocess.run(["xdotool", "type", "--delay", "20", "ghp_demo_octocat"])
            subprocess.run(["xdotool", "key", "Return"])
        shoot("sign-in", env, api, then=sign_in, whole_screen=True)
        # Preferences as a user who chose the server there (no --api-url, which would lock it).
        chosen = dict(env, XDG_CONFIG_HOME=os.path.join(folder, "chosen-config"))
        os.makedirs(os.path.join(chosen["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder"))
        with open(os.path.join(chosen["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder", "preferences.json"), "w") as f:
            # github.com, the double (in use) and an Enterprise server added earlier.
            json.dump({"colorScheme": style, "apiURL": api, "servers": ["https://github.example.com/api/v3", api]}, f)
        shoot("preferences", chosen, None, then=lambda window: subprocess.run(["xdotool", "key", "--window", window, "ctrl+comma"]), whole_screen=True)
        seed_favorites(env, api)
        shoot("favorites", env, api, then=lambda window: subprocess.run(["xdotool", "key", "--window", window, "alt+2"]))
        # The tag bar's first tag turned on: only the favorites carrying it.
        def tag_filter(window):
            subprocess.run(["xdotool", "key", "--window", window, "alt+2"])
            time.sleep(0.8)
            subprocess.run(["xdotool", "mousemove", "--window", window, "90", "164", "click", "1"])
        shoot("favorites-tag-filter", env, api, then=tag_filter)
        # Recent searches on the start page (as kept after searches that found someone).
        db = sqlite3.connect(server_database(env["XDG_DATA_HOME"], api))
        for hours, (scope, query) in enumerate([("people", "octocat"), ("people", "location:berlin followers:>100"), ("people", "linus"),
                                                ("repositories", "gtk4 bindings")]):
            db.execute("INSERT OR REPLACE INTO search_history (scope, query, searchedAt) VALUES (?, ?, datetime('now', ?))",
                       (scope, query, "-%d hours" % hours))
        db.commit()
        db.close()
        shoot("recent-searches", env, api)
        # Favorites › Repositories (Ctrl+2 in the Favorites tab).
        def favorite_repositories(window):
            subprocess.run(["xdotool", "key", "--window", window, "alt+2"])
            time.sleep(0.8)
            subprocess.run(["xdotool", "key", "--window", window, "ctrl+2"])
        shoot("favorite-repositories", env, api, then=favorite_repositories)
        # What changed since octocat was starred: its baseline as if starred in March with 120
        # followers fewer and another bio; its detail from a search.
        db = sqlite3.connect(server_database(env["XDG_DATA_HOME"], api))
        octocat = USERS["octocat"]
        db.execute("INSERT OR REPLACE INTO favorite_profile (favoriteID, starredFollowers, starredRepositories, starredBio, starredAt, seenFollowers,"
                   " seenRepositories, seenBio, seenAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (octocat["id"], octocat.get("followers", 0) - 120, octocat.get("public_repos", 0) - 3, "An older bio", "2026-03-03 12:00:00.000",
                    0, 0, None, "2026-03-03 12:00:00.000"))
        db.commit()
        db.close()
        shoot("detail-changes-since-starred", env, api, "--search", "octocat",
              then=lambda window: subprocess.run(["xdotool", "mousemove", "--window", window, "150", "175", "click", "1"]))
        # The main menu (F10) with Export Favorites… and Import Favorites…, the export's save
        # dialog, and a damaged file refused (the actions activated as the menu does, over D-Bus).
        def action(name):
            subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.githubfinder.GitHubFinder", "--object-path",
                            "/io/github/githubfinder/GitHubFinder", "--method", "org.gtk.Actions.Activate", name, "[]", "{}"],
                           stdout=subprocess.DEVNULL, check=False)
        shoot("main-menu", env, api, then=lambda window: subprocess.run(["xdotool", "key", "--window", window, "F10"]), whole_screen=True)
        shoot("export-favorites", env, api, then=lambda window: action("export-favorites"), whole_screen=True)
        broken = os.path.join(folder, "broken.csv")
        with open(broken, "w") as f:
            f.write("kind,id,login,name,added_at,server\nperson,one,x,X,2024-01-01T00:00:00Z,%s\n" % api)
        def import_broken(window):
            action("import-favorites")
            time.sleep(1.5)
            subprocess.run(["xdotool", "key", "ctrl+l"])
            subprocess.run(["xdotool", "type", "--delay", "10", broken])
            time.sleep(0.5)
            subprocess.run(["xdotool", "key", "Return"])
        shoot("import-refused", env, api, then=import_broken, whole_screen=True)
        # Your Profile: the header's avatar, left of the main menu; then its Following tab.
        def your_profile(window, tab=None):
            subprocess.run(["xdotool", "mousemove", "--window", window, "913", "23", "click", "1"])
            if tab:
                time.sleep(2.0)
                subprocess.run(["xdotool", "mousemove", "--window", window, str(tab), "72", "click", "1"])
        shoot("your-profile", env, api, then=your_profile)
        shoot("following", env, api, then=lambda window: your_profile(window, tab=636))
        # Main menu → Add everyone you follow to Favorites, caught halfway (the double's pages
        # slowed): Favorites › People with the import's bar and Cancel, the badges on the rows.
        def import_following(window):
            request = urllib.request.Request(api + "/_fixture/faults", method="POST", headers={"Content-Type": "application/json"},
                                             data=json.dumps({"kind": "latency", "route": "following", "milliseconds": 1500, "remaining": 3}).encode())
            urllib.request.urlopen(request, timeout=5).close()
            subprocess.run(["xdotool", "key", "--window", window, "F10"])
            time.sleep(1)
            subprocess.run(["xdotool", "key", "Down", "Return"])  # Sign Out, then the import
            time.sleep(1.5)
        shoot("import-following", env, api, then=import_following)
        whats_new(env, folder)
    finally:
        server.terminate()
        limited.terminate()


if __name__ == "__main__":
    sys.exit(main())
