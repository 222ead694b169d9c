"""The Search tab: Escape, type-to-search, its state pages, the 1,000-result cap and a failed next page."""
import json
import time
import urllib.request

from driver import DEADLINE, Scenario, check, note, require, text_of, toast_time_left, wait_for


def _total(server, query):
    with urllib.request.urlopen("%s/search/users?q=%s&per_page=1" % (server.url, query), timeout=DEADLINE) as response:
        return json.loads(response.read())["total_count"]


def _at_end(app):
    """The end of the result list shows: the cap notice, or an error instead."""
    return (app.label_containing("Showing the first") or app.find("label", "Search Not Accepted")
            or app.label_containing("could not be loaded"))


def _scroll_to_end(app, server, limit_seconds=4 * DEADLINE):
    """Focuses the result list and presses End until the end of the list shows (`_at_end`), or
    `limit_seconds` pass. Returns the number of search requests made meanwhile."""
    results = require("the result list", app.wait("list", "Search results"), app.tree)
    first = results.getChildAtIndex(0)
    app.click(first)
    before = count = server.requests("search")
    started = last_change = time.time()
    while time.time() - started < limit_seconds:
        app.key("End")
        time.sleep(0.25)  # pacing the key presses, not a wait: End again once the page asked for may be in
        now = server.requests("search")
        if now != count:
            count, last_change = now, time.time()
        # No page asked for a second: the end, if it shows (a page can take longer than that to come).
        elif time.time() - last_change >= 1 and _at_end(app):
            break
    return count - before


def escape_clears():
    with Scenario("Escape clears the search") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octocat")
        require("the search shows the octocat row", app.wait("panel", "octocat"))
        check("the initial page is not on screen while results are", app.find("label", "Search GitHub Users") is None)
        requests = server.requests("search")
        app.key("Escape")
        check("Escape empties the search entry", app.wait_until(lambda: app.entry_text() == ""), repr(app.entry_text()))
        check("the initial page 'Search GitHub Users' is back", app.wait("label", "Search GitHub Users"))
        check("the result rows are gone", app.wait_gone("panel", "octocat"))
        time.sleep(0.8)  # on purpose, longer than the debounce: an empty query must not be sent
        check("clearing sends no search request", server.requests("search") == requests, "%d -> %d" % (requests, server.requests("search")))


def type_to_search():
    with Scenario("type-to-search from the result list") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octo")
        row = app.wait("panel", "octocat")
        require("'octo' lists octocat among its rows", row)
        before_rows = app.rows()
        check("'octo' lists more than octocat", len(before_rows) > 1, repr(before_rows))
        app.click(row)
        require("clicking the row selects it and moves the focus off the entry", app.wait_until(lambda: app.focused() is not None and app.focused().getRoleName() != "entry"))
        requests = server.requests("search")
        app.type("cat", delay=80)
        check("the typed letters land in the search entry", app.wait_until(lambda: app.entry_text() == "octocat"), repr(app.entry_text()))
        check("typing searches again", app.wait_until(lambda: server.requests("search") > requests), "search requests %d -> %d" % (requests, server.requests("search")))
        narrowed = app.wait_until(lambda: (lambda rows: rows and rows != before_rows and all("octocat" in r.lower() for r in rows) and rows)(app.rows()))
        check("the list shows the results for 'octocat'", narrowed, lambda: "rows: %r" % app.rows())


def no_results():
    with Scenario("no results") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("zzqqxxnothing")
        check("the page 'No Users Found' is shown", app.wait("label", "No Users Found"), app.tree)
        check("no result rows are shown", not app.rows())
        check("the initial page is not shown", app.find("label", "Search GitHub Users") is None)


def invalid_query():
    with Scenario("a query GitHub refuses (422)") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        query = " ".join(["toolong"] * 40)  # 319 characters of search text; GitHub allows 256
        app.search(query, delay=4)
        check("the entry holds the whole query", app.wait_until(lambda: app.entry_text() == query), repr(app.entry_text()))
        message = app.wait_label_containing("The search is longer than 256 characters.")
        check("the page shows GitHub's own message", message, app.tree)
        check("no result rows are shown", not app.rows())


def result_cap_footer():
    with Scenario("the 1,000-result cap") as s:
        server = s.server("--search-limit", 1000)
        total = _total(server, "a")
        require("the double has more than 1,000 users matching 'a'", total > 1000, total)
        expected = "Showing the first 1,000 of {:,} users".format(total)
        app = s.app(server.url)
        app.search("a")
        require("the first page of results shows", app.wait("list item"))
        check("the cap notice is not shown before the end of the list", app.label_containing("Showing the first") is None)
        started = time.time()
        pages = _scroll_to_end(app, server)
        note("%d more pages asked for in %.1f s" % (pages, time.time() - started))
        footer = app.wait_label_containing("Showing the first")
        check("the end of the list says '%s'" % expected, footer and text_of(footer) == expected,
              repr(text_of(footer)) if footer else app.tree(app.find("list", "Search results")))
        check("no error shows at the end (GitHub answers 422 past the 1,000th result)",
              app.find("label", "Search Not Accepted") is None and app.label_containing("could not be loaded") is None, app.tree)


def failed_next_page():
    with Scenario("a failed next page keeps the list and offers Retry") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("a")
        require("the first page of results shows", app.wait("list item"))
        results = app.wait("list", "Search results")
        app.click(results.getChildAtIndex(0))
        server.fault("serverError", route="search", status=502, remaining=1)
        requests = server.requests("search")
        failing_from = time.time()
        app.key("End")
        require("scrolling to the end asks for the next page", app.wait_until(lambda: server.requests("search") > requests))
        toast, shown_after = app.wait_shown(lambda: app.label_containing("could not be loaded"), after=failing_from)
        check("a toast says more results could not be loaded", toast, app.tree)
        retry = app.wait("push button", "Retry")
        check("the toast offers Retry", retry, app.tree)
        shown = app.rows()
        check("the rows already shown stay", len(shown) >= 5, repr(shown))
        if retry:
            requests = server.requests("search")
            app.press(app.wait("push button", "Retry") or retry)  # looked for again: a toast does not stay for ever
            # Looked for first, and only until it could have timed out by itself: gone by then,
            # Retry took it away.
            check("the toast goes away", app.wait_until(lambda: app.label_containing("could not be loaded") is None, timeout=toast_time_left(shown_after)))
            check("Retry asks for the page again", app.wait_until(lambda: server.requests("search") > requests))
        check("no error page replaces the list", app.find("label", "Something Went Wrong") is None and app.find("list", "Search results"))
        app.key("End")
        more = app.wait_until(lambda: set(app.rows()) - set(shown))
        check("the list goes on past the failed page", more, lambda: repr(app.rows()))


SCENARIOS = [escape_clears, type_to_search, no_results, invalid_query, result_cap_footer, failed_next_page]
