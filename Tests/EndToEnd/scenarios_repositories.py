"""The Repositories scope: the scope switch keeps the query, rows named owner/name with their
star toggles, paging, the detail pane with its page and languages, and starring from it."""
import json
import time
import urllib.request

from driver import DEADLINE, Scenario, check, require


DEMO_TOKEN = "ghp_demo_octocat"  # the double's token for octocat, with public_repo


def _starred_on_double(server, login="octocat"):
    with urllib.request.urlopen("%s/_fixture/starred/%s" % (server.url, login), timeout=DEADLINE) as response:
        return json.loads(response.read())["starred"]


def _star_on_double(server, full_name):
    """Stars as another GitHub client would (the web page, say)."""
    request = urllib.request.Request("%s/user/starred/%s" % (server.url, full_name), method="PUT",
                                     headers={"Authorization": "Bearer " + DEMO_TOKEN, "Content-Length": "0"})
    urllib.request.urlopen(request, timeout=DEADLINE).close()


def _repositories(server, query, count):
    with urllib.request.urlopen("%s/search/repositories?q=%s&per_page=%d" % (server.url, query, count), timeout=DEADLINE) as response:
        return [item["full_name"] for item in json.loads(response.read())["items"]]


def _first_repository(server, query):
    with urllib.request.urlopen("%s/search/repositories?q=%s&per_page=1" % (server.url, query), timeout=DEADLINE) as response:
        body = json.loads(response.read())
    return body["total_count"], body["items"][0]["full_name"]



def scope_switch_and_detail():
    with Scenario("Repositories: the scope switch, rows and the detail pane") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        people = app.wait("push button", "People")
        repositories = app.wait("push button", "Repositories")
        require("the scope switch offers People and Repositories", people is not None and repositories is not None)
        app.search("swift")
        require("People is searched first", app.wait_until(lambda: server.requests("search") >= 1))
        check("the hidden Repositories scope is not searched", server.requests("search_repositories") == 0)

        app.key("ctrl+2")
        check("Ctrl+2 shows the Repositories scope with the same query", app.wait_until(lambda: app.entry_text() == "swift"), repr(app.entry_text()))
        check("there the search entry is named 'Search GitHub repositories'", app.wait("entry", "Search GitHub repositories"))
        check("the Repositories scope is searched once it is shown", app.wait_until(lambda: server.requests("search_repositories") == 1),
              str(server.requests("search_repositories")))
        total, first = _first_repository(server, "swift")  # asks the double too: one more request
        row = app.wait("panel", first)
        require("the first repository row is named owner/name (%s)" % first, row)
        check("its star toggle says 'Star %s'" % first, app.wait("push button", "Star " + first))
        check("the rows are repositories, each owner/name",
              app.wait_until(lambda: (lambda rows: len(rows) >= 5 and all("/" in r for r in rows))(app.rows("Repository results"))),
              lambda: repr(app.rows("Repository results")[:5]))
        check("the placeholder says Select a Repository", app.wait("label", "Select a Repository"))

        app.click(row)
        check("the detail pane shows the repository's name", app.wait("label", first.split("/")[1]))
        check("the detail has Open in Browser", app.wait("push button", "Open in Browser"))
        check("the detail counts stars, watchers, forks and open issues",
              app.wait_until(lambda: all(app.find("label", caption) for caption in ("Stars", "Watchers", "Forks", "Open issues and pull requests"))))
        check("the languages are listed with their shares", app.wait_label_containing(" %"))

        star = app.wait("push button", "Star")
        require("the detail's star button is there, named 'Star'", star)
        app.press(star)
        check("starring changes it to 'Unstar'", app.wait("push button", "Unstar"))
        check("…and the row's toggle to 'Unstar %s'" % first, app.wait("push button", "Unstar " + first))

        before = (server.requests("search"), server.requests("search_repositories"))
        app.key("ctrl+1")
        check("Ctrl+1 goes back to People with the query kept", app.wait_until(lambda: app.entry_text() == "swift"))
        time.sleep(0.8)  # on purpose, longer than the debounce: a search that should not come would by now
        after = (server.requests("search"), server.requests("search_repositories"))
        check("switching back searches nothing again", after == before, "%r -> %r" % (before, after))


def no_repositories_found():
    with Scenario("Repositories: a query matching nothing") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        require("the scope switch is on screen", app.wait("push button", "Repositories"), app.tree)
        app.key("ctrl+2")
        app.search("zzzqqqxxy-no-such-repository")
        check("the page says No Repositories Found", app.wait("label", "No Repositories Found"))


def favorite_repositories():
    with Scenario("Repositories: starred from Search, kept in Favorites › Repositories, Undo, restart") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.wait("push button", "Repositories")
        app.key("ctrl+2")
        app.search("swift")
        _, first = _first_repository(server, "swift")
        star = app.wait("push button", "Star " + first)
        require("the first result has 'Star %s'" % first, star)
        app.press(star)
        require("the row's toggle now says 'Unstar %s'" % first, app.wait("push button", "Unstar " + first))

        app.key("alt+2")
        require("the Favorites tab has the same People | Repositories switch", app.wait("push button", "People") and app.wait("push button", "Repositories"))
        check("People is shown first, where no one is starred: the repository is not among the people",
              app.wait("label", "No Favorites Yet") is not None)
        app.key("ctrl+2")
        listed = app.wait("list", "Favorite Repositories")
        require("Ctrl+2 shows the starred repositories", listed, app.tree)
        row = app.wait("panel", first, within=listed)
        check("%s is listed under a letter header" % first, row and app.wait("panel", first.split("/")[1][0].upper(), within=listed), app.tree)
        check("the placeholder says Select a Repository", app.wait("label", "Select a Repository"))

        app.type(first.split("/")[0][:4])
        check("the filter matches the owner", app.wait_until(lambda: app.find("panel", first, within=app.find("list", "Favorite Repositories") or app.node) is not None))
        app.key("ctrl+a")
        app.type("zzzqqq")
        check("a filter matching nothing says No Matching Repositories", app.wait("label", "No Matching Repositories"))
        app.key("ctrl+a", "BackSpace")

        app.click(require("the favorite's row", app.wait("panel", first, within=app.wait("list", "Favorite Repositories")), app.tree))
        check("selecting it opens its detail", app.wait("push button", "Open in Browser"))

        unstar = app.wait("push button", "Unstar " + first, within=app.wait("list", "Favorite Repositories"))
        require("the favorite row has 'Unstar %s'" % first, unstar, app.tree)
        app.press(unstar)
        # The toast first: it comes with the unstar and goes by itself after a few seconds, while
        # the emptied list follows the store's next index.
        check("a toast says 'Unstarred %s'" % first, app.wait_label_containing("Unstarred " + first), app.tree)
        undo = app.wait("push button", "Undo")
        require("the toast offers Undo", undo, app.tree)
        check("unstarring takes it out of the list", app.wait("label", "No Starred Repositories"), app.tree)
        app.press(undo)
        check("Undo puts it back", app.wait("panel", first, within=app.wait("list", "Favorite Repositories")), app.tree)

        check("the app quits with Ctrl+Q", app.quit() == 0)
        again = s.app(server.url)
        again.key("alt+2")
        again.wait("push button", "Repositories")
        again.key("ctrl+2")
        kept = again.wait("list", "Favorite Repositories")
        check("after a restart %s is still starred" % first, kept and again.wait("panel", first, within=kept), again.tree)


def stars_synced_with_github():
    with Scenario("Repositories: stars synced with GitHub when signed in, an offline unstar sent later") as s:
        server = s.server("--search-limit", 1000)
        local, second, elsewhere = _repositories(server, "swift", 3)
        # Starred before signing in: kept here only, and GitHub hears nothing of it.
        app = s.app(server.url)
        app.wait("push button", "Repositories")
        app.key("ctrl+2")
        app.search("swift")
        star = app.wait("push button", "Star " + local)
        require("a result to star while signed out", star)
        app.press(star)
        require("it is starred here", app.wait("push button", "Unstar " + local))
        time.sleep(1)  # on purpose: time for a PUT that must not be sent, before asserting none was
        check("signed out, GitHub is not told", local not in _starred_on_double(server), repr(_starred_on_double(server)))
        check("the app quits", app.quit() == 0)

        # Starred on GitHub elsewhere, then the app starts signed in.
        _star_on_double(server, elsewhere)
        app = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        offer = app.wait("push button", "Star on GitHub")
        require("the first sync asks about the repository starred only here (Star on GitHub / Keep Local)",
                offer and app.wait("push button", "Keep Local"), app.tree)
        check("the question names the account", app.wait_label_containing("octocat") is not None)
        app.press(offer)
        check("'Star on GitHub' stars it on GitHub", app.wait_until(lambda: local in _starred_on_double(server)), repr(_starred_on_double(server)))
        app.key("alt+2")
        app.wait("push button", "Repositories")
        app.key("ctrl+2")
        listed = app.wait("list", "Favorite Repositories")
        check("a star made on GitHub elsewhere is brought in", listed and app.wait("panel", elsewhere, within=listed), app.tree)

        app.key("alt+1")
        app.key("ctrl+2")
        app.search("swift")
        star = app.wait("push button", "Star " + second)
        require("a second result to star", star)
        app.press(star)
        check("starring signed in stars on GitHub (PUT)", app.wait_until(lambda: second in _starred_on_double(server)))

        server.fault("serverError", route="starred")
        unstar = app.wait("push button", "Unstar " + second)
        require("its toggle says 'Unstar %s'" % second, unstar)
        app.press(unstar)
        check("while GitHub fails, the unstar shows at once", app.wait("push button", "Star " + second))
        time.sleep(2)  # on purpose: GitHub keeps failing meanwhile, and the star must stay there
        check("…and GitHub still has the star", second in _starred_on_double(server))
        server.clear_faults()
        # Its retry comes 5 s after a failure, then 10, 20…: a retry, then the DELETE.
        check("once GitHub answers again the unstar is sent (DELETE)", app.wait_until(lambda: second not in _starred_on_double(server), timeout=2 * DEADLINE),
              repr(_starred_on_double(server)))
        check("the app quits", app.quit() == 0)

        fetched = server.requests("starred")
        again = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        again.key("alt+2")
        again.wait("push button", "Repositories")
        again.key("ctrl+2")
        kept = again.wait("list", "Favorite Repositories")
        check("after a restart both stars are kept", kept and again.wait("panel", local, within=kept) and again.wait("panel", elsewhere, within=kept), again.tree)
        # The sync at start has run once it asked GitHub and its progress line is gone (not: not
        # begun yet); only then is "not asked" meaningful.
        check("the start's sync finishes", again.wait_until(lambda: server.requests("starred") > fetched and again.label_containing("starred repositor") is None
                                                            and again.label_containing("Fetching stars") is None), lambda: server.stats())
        time.sleep(1)  # on purpose: time for a question that must not come, before asserting none did
        check("…and nothing is asked again", again.find("push button", "Keep Local") is None, again.tree)
        check("…and the unstarred one stays unstarred", again.find("panel", second, within=kept) is None)


SCENARIOS = [scope_switch_and_detail, no_repositories_found, favorite_repositories, stars_synced_with_github]
