"""The Repositories scope: the scope switch keeps the query, rows named owner/name with their
star toggles, paging, the detail pane with its page and languages, and starring from it."""
import json
import time
import urllib.request

from driver import Scenario, check, require


def _first_repository(server, query):
    with urllib.request.urlopen("%s/search/repositories?q=%s&per_page=1" % (server.url, query), timeout=5) as response:
        body = json.loads(response.read())
    return body["total_count"], body["items"][0]["full_name"]



def scope_switch_and_detail():
    with Scenario("Repositories: the scope switch, rows and the detail pane") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        people = app.wait("push button", "People")
        repositories = app.find("push button", "Repositories")
        require("the scope switch offers People and Repositories", people is not None and repositories is not None)
        app.search("swift")
        require("People is searched first", app.wait_until(lambda: server.requests("search") >= 1))
        check("the hidden Repositories scope is not searched", server.requests("search_repositories") == 0)

        app.key("ctrl+2")
        check("Ctrl+2 shows the Repositories scope with the same query", app.wait_until(lambda: app.entry_text() == "swift"), repr(app.entry_text()))
        check("the Repositories scope is searched once it is shown", app.wait_until(lambda: server.requests("search_repositories") == 1),
              str(server.requests("search_repositories")))
        total, first = _first_repository(server, "swift")  # asks the double too: one more request
        row = app.wait("panel", first, timeout=15)
        require("the first repository row is named owner/name (%s)" % first, row)
        check("its star toggle says 'Star %s'" % first, app.find("push button", "Star " + first))
        rows = app.rows("Repository results")
        check("the rows are repositories, each owner/name", len(rows) >= 5 and all("/" in r for r in rows), repr(rows[:5]))
        check("the placeholder says Select a Repository", app.find("label", "Select a Repository"))

        app.click(row)
        check("the detail pane shows the repository's name", app.wait("label", first.split("/")[1]))
        check("the detail has Open in Browser", app.wait("push button", "Open in Browser"))
        check("the detail counts stars, watchers, forks and open issues",
              all(app.find("label", caption) for caption in ("Stars", "Watchers", "Forks", "Open Issues")))
        check("the languages are listed with their shares", app.wait_label_containing(" %"))

        star = app.find("push button", "Star " + first, within=None)
        require("the detail's star button is there", star)
        app.press(star)
        check("starring changes it to 'Unstar %s'" % first, app.wait("push button", "Unstar " + first))

        before = (server.requests("search"), server.requests("search_repositories"))
        app.key("ctrl+1")
        check("Ctrl+1 goes back to People with the query kept", app.wait_until(lambda: app.entry_text() == "swift"))
        time.sleep(0.8)
        after = (server.requests("search"), server.requests("search_repositories"))
        check("switching back searches nothing again", after == before, "%r -> %r" % (before, after))


def no_repositories_found():
    with Scenario("Repositories: a query matching nothing") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.wait("push button", "Repositories")
        app.key("ctrl+2")
        app.search("zzzqqqxxy-no-such-repository")
        check("the page says No Repositories Found", app.wait("label", "No Repositories Found", timeout=15))


def favorite_repositories():
    with Scenario("Repositories: starred from Search, kept in Favorites › Repositories, Undo, restart") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.wait("push button", "Repositories")
        app.key("ctrl+2")
        app.search("swift")
        _, first = _first_repository(server, "swift")
        star = app.wait("push button", "Star " + first, timeout=15)
        require("the first result has 'Star %s'" % first, star)
        app.press(star)
        require("the row's toggle now says 'Unstar %s'" % first, app.wait("push button", "Unstar " + first))

        app.key("alt+2")
        require("the Favorites tab has the same People | Repositories switch", app.wait("push button", "People") and app.find("push button", "Repositories"))
        check("People is shown first, where no one is starred: the repository is not among the people",
              app.wait("label", "No Favorites Yet") is not None)
        app.key("ctrl+2")
        listed = app.wait("list", "Favorite repositories")
        require("Ctrl+2 shows the starred repositories", listed, app.tree)
        row = app.wait("panel", first, within=listed)
        check("%s is listed under a letter header" % first, row and app.find("panel", first.split("/")[1][0].upper(), within=listed), app.tree)
        check("the placeholder says Select a Repository", app.find("label", "Select a Repository"))

        app.type(first.split("/")[0][:4])
        check("the filter matches the owner", app.wait_until(lambda: app.find("panel", first, within=app.find("list", "Favorite repositories") or app.node) is not None))
        app.key("ctrl+a")
        app.type("zzzqqq")
        check("a filter matching nothing says No Matching Repositories", app.wait("label", "No Matching Repositories"))
        app.key("ctrl+a", "BackSpace")

        app.click(app.wait("panel", first, within=app.find("list", "Favorite repositories")))
        check("selecting it opens its detail", app.wait("push button", "Open in Browser"))

        unstar = app.wait("push button", "Unstar " + first, within=app.find("list", "Favorite repositories"))
        require("the favorite row has 'Unstar %s'" % first, unstar, app.tree)
        app.press(unstar)
        check("unstarring takes it out of the list", app.wait("label", "No Starred Repositories"), app.tree)
        check("a toast says 'Removed %s from favorites'" % first, app.wait_label_containing("Removed " + first))
        undo = app.wait("push button", "Undo")
        require("the toast offers Undo", undo, app.tree)
        app.press(undo)
        check("Undo puts it back", app.wait("panel", first, within=app.wait("list", "Favorite repositories")), app.tree)

        check("the app quits with Ctrl+Q", app.quit() == 0)
        again = s.app(server.url)
        again.key("alt+2")
        again.wait("push button", "Repositories")
        again.key("ctrl+2")
        kept = again.wait("list", "Favorite repositories")
        check("after a restart %s is still starred" % first, kept and again.wait("panel", first, within=kept), again.tree)


SCENARIOS = [scope_switch_and_detail, no_repositories_found, favorite_repositories]
