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


SCENARIOS = [scope_switch_and_detail, no_repositories_found]
