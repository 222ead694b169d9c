"""GNOME Shell's search provider over the test session bus: with no app running, a call starts
it by D-Bus activation (the service file, --gapplication-service, no window); it answers from
the favorites alone, case- and accent-insensitive, best first; its metas name each result;
ActivateResult opens the window on that favorite and LaunchSearch with the terms searched; a
service left alone quits."""
import json
import glob
import os
import sqlite3
import time

from gi.repository import Gio, GLib

from driver import BUILD, DEADLINE, GLIB_PROBLEM, Scenario, check, find, find_app_node, require, text_of, wait_for, xdotool
from scenarios_files import _cli

BUS_NAME = "io.github.githubfinder.GitHubFinder"
OBJECT_PATH = "/io/github/githubfinder/GitHubFinder/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"
IDLE_SECONDS = 10  # GitHubFinderApplication.serviceIdleTime

PEOPLE = [
    {"id": 1125, "login": "octocat", "name": "The Octocat", "type": "User"},
    {"id": 9919, "login": "github", "name": "GitHub", "type": "Organization"},
    {"id": 51, "login": "zola", "name": "Émile Zola", "type": "User"},
    {"id": 52, "login": "octo-fan", "name": "Fan", "type": "User"},
    {"id": 53, "login": "kim", "name": "김민수", "type": "User"},
]
REPOSITORIES = [
    {"id": 1296269, "fullName": "octocat/Hello-World", "ownerLogin": "octocat", "name": "Hello-World",
     "description": "My first repository on GitHub!", "language": "Ruby", "stars": 3000},
]


class Provider:
    """The provider's methods, called as GNOME Shell calls them."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def call(self, method, signature, *arguments, timeout_ms=int(DEADLINE * 1000)):
        started = time.monotonic()
        reply = self.bus.call_sync(BUS_NAME, OBJECT_PATH, INTERFACE, method, GLib.Variant(signature, arguments), None, 0, timeout_ms, None)
        return reply.unpack(), (time.monotonic() - started) * 1000

    def owner_pid(self):
        try:
            reply = self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                                       GLib.Variant("(s)", (BUS_NAME,)), None, 0, -1, None)
            return reply.unpack()[0]
        except GLib.Error:
            return None

    def update_activation_environment(self, env):
        self.bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "UpdateActivationEnvironment",
                           GLib.Variant("(a{ss})", (env,)), None, 0, -1, None)


def _install_service(s, server):
    """The D-Bus service file, as `make install` writes it but for the built binary, with the
    service's stderr kept; the activation environment is the scenario's desktop."""
    stderr = os.path.join(s.workdir, "service.stderr")
    with open(os.path.join(os.environ["GHF_DBUS_SERVICES"], BUS_NAME + ".service"), "w") as f:
        f.write("[D-BUS Service]\nName=%s\nExec=/bin/sh -c 'exec %s --gapplication-service 2>>%s'\n" % (BUS_NAME, os.path.join(BUILD, "github-finder"), stderr))
    provider = Provider()
    names = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "GTK_A11Y", "LANG", "LC_ALL", "DISPLAY", "GSK_RENDERER", "GDK_BACKEND",
             "NO_AT_BRIDGE", "AT_SPI_BUS_ADDRESS")
    env = {name: s.desktop.env[name] for name in names if name in s.desktop.env}
    env["GITHUB_API_URL"] = server.url
    provider.update_activation_environment(env)
    return provider, stderr


def _favorites_file(s, server):
    path = os.path.join(s.workdir, "favorites.json")
    dated = lambda items: [dict(item, addedAt="2025-01-01T00:00:00Z") for item in items]
    with open(path, "w") as f:
        json.dump({"format": "io.github.githubfinder.favorites", "version": 1, "server": server.url, "exportedAt": "2025-01-01T00:00:00Z",
                   "people": dated(PEOPLE), "repositories": dated(REPOSITORIES)}, f)
    return path


def _names(provider, ids):
    metas, _ = provider.call("GetResultMetas", "(as)", ids)
    return [meta["name"] for meta in metas[0]]


def _wait_gone(pid, timeout=DEADLINE):
    return wait_for(lambda: not os.path.exists("/proc/%d" % pid), timeout=timeout)


def search_provider():
    with Scenario("GNOME Shell search: activated over D-Bus with no app running, answers from favorites, opens the window") as s:
        server = s.server("--search-limit", 1000)
        imported = _cli(s, server, "import", _favorites_file(s, server))
        require("favorites are imported for the scenario (%s)" % imported.stdout.strip(), imported.returncode == 0, imported.stderr)
        # A recent search of repositories, as the window keeps one after it found something.
        files = glob.glob(os.path.join(s.desktop.env["XDG_DATA_HOME"], "**", "favorites.sqlite"), recursive=True)
        require("the import made the favorites file (%s)" % files, len(files) == 1)
        with sqlite3.connect(files[0]) as db:
            db.execute("INSERT INTO search_history (scope, query, searchedAt) VALUES ('repositories', 'gtk4 bindings', '2026-11-01 12:00:00.000')")
        provider, stderr = _install_service(s, server)
        require("no app owns the name yet", provider.owner_pid() is None)

        (ids,), cold_ms = provider.call("GetInitialResultSet", "(as)", ["oct"])
        pid = provider.owner_pid()
        check("GetInitialResultSet(['oct']) starts the app by D-Bus activation (%.0f ms, debug build)" % cold_ms,
              pid is not None and "--gapplication-service" in open("/proc/%d/cmdline" % pid).read())
        check("it answers with the matching favorites, best first: %s" % _names(provider, ids),
              _names(provider, ids) == ["The Octocat", "Fan", "octocat/Hello-World"])
        check("as a service it opens no window",
              xdotool("search", "--onlyvisible", "--pid", pid, "--name", ".", check_rc=False).stdout.strip() == "")

        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["EMILE"])
        check("case and accents are ignored ('EMILE' finds Émile Zola)", _names(provider, ids) == ["Émile Zola"])
        (ids,), _ = provider.call("GetSubsearchResultSet", "(asas)", ids, ["octo", "hello"])
        check("every term must match ('octo hello' narrows to the repository)", _names(provider, ids) == ["octocat/Hello-World"])
        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["민수"])
        check("Korean names are found", _names(provider, ids) == ["김민수"])
        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["bindings"])
        check("recent searches are among the answers: %r" % ids, ids == ["search:repositories:gtk4 bindings"])
        (metas,), _ = provider.call("GetResultMetas", "(as)", ids)
        check("a recent search says so and its scope: %r" % metas,
              [(m["name"], m["description"]) for m in metas] == [("gtk4 bindings", "Recent search · Repositories")])
        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["nobody-has-this"])
        check("no match: no results", ids == [])
        check("off by default, the Shell's searches ask GitHub nothing", server.requests("search") == 0, server.stats())

        (metas,), _ = provider.call("GetResultMetas", "(as)", ["person:9919", "repository:1296269", "person:424242"])
        check("GetResultMetas names each result and says what it is",
              [(m["name"], m["description"]) for m in metas] == [("GitHub", "github · Organization"),
                                                                 ("octocat/Hello-World", "My first repository on GitHub! · Ruby · ★ 3k")], metas)
        check("each has the app's icon", all(m.get("gicon") == BUS_NAME for m in metas))

        provider.call("ActivateResult", "(sasu)", "person:1125", ["oct"], 0)
        app = wait_for(lambda: find_app_node(pid))
        require("ActivateResult brings the app onto the accessibility bus", app)
        window = wait_for(lambda: xdotool("search", "--onlyvisible", "--pid", pid, "--name", "^GitHub Finder$", check_rc=False).stdout.split())
        check("and opens its window", window)
        check("on octocat's detail", wait_for(lambda: find(app, "push button", "Open in Browser"))
              and wait_for(lambda: find(app, "label", "The Octocat")))

        provider.call("LaunchSearch", "(asu)", ["hello", "world"], 0)
        entry = wait_for(lambda: find(app, "entry", "Search GitHub users") or find(app, "entry", "Search GitHub repositories"))
        check("LaunchSearch searches the terms in the window", entry and wait_for(lambda: text_of(entry) == "hello world"),
              entry and text_of(entry))

        provider.call("ActivateResult", "(sasu)", "search:repositories:gtk4 bindings", ["bindings"], 0)
        entry = wait_for(lambda: find(app, "entry", "Search GitHub repositories"))
        check("a recent search chosen is searched again in its scope", entry and wait_for(lambda: text_of(entry) == "gtk4 bindings"),
              entry and text_of(entry))

        # Quit as the menu does (app.quit over GApplication's action group): keys sent to a window
        # with `xdotool key --window` stay pressed for the next scenario's app.
        provider.bus.call_sync(BUS_NAME, "/io/github/githubfinder/GitHubFinder", "org.gtk.Actions", "Activate",
                               GLib.Variant("(sava{sv})", ("quit", [], {})), None, 0, int(DEADLINE * 1000), None)
        check("the app quits", _wait_gone(pid))

        # Started again by a search, and left alone: it quits by itself.
        provider.call("GetInitialResultSet", "(as)", ["github"])
        pid = provider.owner_pid()
        check("a service left alone quits after its idle time", pid is not None and _wait_gone(pid, IDLE_SECONDS + DEADLINE))
        with open(stderr, errors="replace") as f:
            problems = [line.rstrip("\n") for line in f if GLIB_PROBLEM.search(line)]
        check("the service printed no GLib/GTK critical or warning", not problems, "\n".join(problems[:20]))
        os.remove(os.path.join(os.environ["GHF_DBUS_SERVICES"], BUS_NAME + ".service"))


def asks_github_when_turned_on():
    with Scenario("GNOME Shell search: with Also Search GitHub on, people on GitHub after the favorites") as s:
        server = s.server("--search-limit", 1000)
        imported = _cli(s, server, "import", _favorites_file(s, server))
        require("favorites are imported for the scenario", imported.returncode == 0, imported.stderr)
        config = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, "preferences.json"), "w") as f:
            json.dump({"shellSearchAsksGitHub": True}, f)
        provider, stderr = _install_service(s, server)

        (ids,), ms = provider.call("GetInitialResultSet", "(as)", ["mojombo"])
        github = [i for i in ids if i.startswith("github:")]
        check("the answer has the people GitHub finds (%.0f ms, after the pause in typing): %r" % (ms, ids),
              any(i.endswith(":mojombo") for i in github))
        check("GitHub was asked once", server.requests("search") == 1, server.stats())
        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["oc"])
        check("a query under three characters asks nothing", server.requests("search") == 1, server.stats())
        (metas,), _ = provider.call("GetResultMetas", "(as)", github)
        check("each says it is on GitHub: %r" % metas, metas and metas[0]["name"] == "mojombo" and metas[0]["description"].startswith("On GitHub"))
        (ids,), _ = provider.call("GetInitialResultSet", "(as)", ["octocat"])
        check("the favorites come first: %r" % ids, ids[:1] == ["person:1125"])

        pid = provider.owner_pid()
        provider.call("ActivateResult", "(sasu)", github[0], ["mojombo"], 0)
        app = wait_for(lambda: find_app_node(pid))
        require("ActivateResult brings the app onto the accessibility bus", app)
        check("and opens that person's detail", wait_for(lambda: find(app, "label", "Tom Preston-Werner")))
        provider.bus.call_sync(BUS_NAME, "/io/github/githubfinder/GitHubFinder", "org.gtk.Actions", "Activate",
                               GLib.Variant("(sava{sv})", ("quit", [], {})), None, 0, int(DEADLINE * 1000), None)
        check("the app quits", _wait_gone(pid))
        with open(stderr, errors="replace") as f:
            problems = [line.rstrip("\n") for line in f if GLIB_PROBLEM.search(line)]
        check("the service printed no GLib/GTK critical or warning", not problems, "\n".join(problems[:20]))
        os.remove(os.path.join(os.environ["GHF_DBUS_SERVICES"], BUS_NAME + ".service"))


SCENARIOS = [search_provider, asks_github_when_turned_on]
