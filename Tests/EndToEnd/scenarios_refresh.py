"""Refresh (F5, Ctrl+R, the header bar's button), the Filters popover of the Repositories scope,
and a person's repositories opening the repository detail (wide and narrow)."""
import json
import time
import urllib.parse
import urllib.request

from driver import DEADLINE, Scenario, check, extents, require, text_of


def _double(server, path):
    with urllib.request.urlopen(server.url + path, timeout=DEADLINE) as response:
        return json.loads(response.read())


def _top_repositories(server, query, count):
    body = _double(server, "/search/repositories?q=%s&per_page=%d" % (urllib.parse.quote(query), count))
    return [item["full_name"] for item in body["items"]]


def _searching_seen(app, seconds):
    """Whether the "Searching…" page shows at any moment within `seconds` (time let pass on
    purpose: it must NOT show)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if app.find("label", "Searching…") is not None:
            return True
        time.sleep(0.05)  # looking all through the window, not waiting for it to show
    return False


def refresh_keeps_results_and_detail():
    with Scenario("Refresh: the results and the detail stay while they are refreshed") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        refresh = app.wait("push button", "Refresh")
        check("the header bar has a button named Refresh", refresh)
        app.key("ctrl+2")
        app.search("swift")
        first = _top_repositories(server, "swift", 1)[0]
        row = app.wait("panel", first)
        require("the repositories are listed (%s first)" % first, row)
        rows = app.rows("Repository results")
        app.click(row)
        require("the repository's detail opens", app.wait("push button", "Open in Browser"))
        check("its name is shown", app.wait("label", first.split("/")[1]))
        # The page and its languages are in (they are shown together): the counts below are final.
        require("its languages are shown", app.wait_label_containing(" %"), app.tree)
        searches, pages = server.requests("search_repositories"), server.requests("repository")

        app.key("F5")
        check("F5 does not blank the list to 'Searching…'", not _searching_seen(app, 1.5))
        check("F5 searches the query again", app.wait_until(lambda: server.requests("search_repositories") == searches + 1),
              lambda: str(server.requests("search_repositories")))
        check("F5 revalidates the repository's page", app.wait_until(lambda: server.requests("repository") == pages + 1),
              lambda: str(server.requests("repository")))
        check("the results are still there, in the same order", app.wait_until(lambda: app.rows("Repository results")[:10] == rows[:10]),
              lambda: repr(app.rows("Repository results")[:10]))
        check("the query is kept", app.entry_text() == "swift", repr(app.entry_text()))
        check("the detail still shows the repository", app.wait("label", first.split("/")[1]) and app.wait("push button", "Open in Browser"))

        app.key("ctrl+r")
        check("Ctrl+R refreshes too", app.wait_until(lambda: server.requests("search_repositories") == searches + 2))
        app.press(require("the Refresh button", app.wait("push button", "Refresh"), app.tree))
        check("so does the Refresh button", app.wait_until(lambda: server.requests("search_repositories") == searches + 3))
        check("the results are still there after all three", app.rows("Repository results")[:10] == rows[:10])


def filter_popover_writes_qualifiers():
    with Scenario("Filters: the popover writes qualifiers into the query and reads them back") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        require("the scope switch is on screen", app.wait("push button", "Repositories"), app.tree)
        check("the People scope has no Filters button", app.find("push button", "Filters") is None)
        app.key("ctrl+2")
        app.search("swift")
        require("the repositories are listed", app.wait("panel", _top_repositories(server, "swift", 1)[0]))
        before = app.rows("Repository results")
        button = app.wait("push button", "Filters")
        require("the Repositories scope has a button named Filters", button)
        app.click(button)
        language = app.wait_until(lambda: app.find("text", "Language", only_visible=False))
        require("the popover has a Language field", language, app.tree)
        check("it has the other fields and switches",
              app.wait_until(lambda: all(app.find(role, name, only_visible=False) for role, name in (
                  ("spin button", "Minimum stars"), ("text", "Owner (user or organization)"), ("text", "Topic"),
                  ("check box", "Hide archived"), ("check box", "Include forks"), ("check box", "Search in name, description and README")))))
        app.type("Swift")  # the Language field has the focus when the popover opens
        apply = app.wait_until(lambda: app.find("push button", "Apply", only_visible=False))
        require("the popover has Apply", apply)
        app.press(apply)
        check("Apply writes language:Swift into the search entry", app.wait_until(lambda: app.entry_text() == "swift language:Swift"),
              lambda: repr(app.entry_text()))
        expected = _top_repositories(server, "swift language:Swift", 20)

        def narrowed():
            rows = app.rows("Repository results")  # the rows on screen
            return len(rows) >= 5 and rows == expected[:len(rows)]
        check("the results are narrowed to the double's Swift repositories", app.wait_until(narrowed),
              lambda: "%r, expected %r" % (app.rows("Repository results"), expected))
        check("they differ from before", app.rows("Repository results") != before)

        app.click(require("the Filters button", app.wait("push button", "Filters"), app.tree))
        language = app.wait_until(lambda: app.find("text", "Language", only_visible=False))
        check("opened again, the popover reads language Swift back from the query",
              language and app.wait_until(lambda: text_of(app.find("text", "Language", only_visible=False)) == "Swift"),
              lambda: repr(text_of(app.find("text", "Language", only_visible=False))))
        app.key("Escape")
        check("Escape closes it and leaves the query as it was",
              app.wait_until(lambda: app.find("push button", "Apply", only_visible=False) is None or app.entry_text() == "swift language:Swift"))
        time.sleep(0.3)  # on purpose: time for a wrong Apply on Escape to show, before asserting none did
        check("the query is unchanged", app.entry_text() == "swift language:Swift", repr(app.entry_text()))


def person_repository_opens_its_detail():
    with Scenario("A person's repository opens the repository detail, narrow and wide") as s:
        server = s.server("--search-limit", 1000)
        names = [repository["name"] for repository in _double(server, "/users/octocat/repos?per_page=100")]
        require("the double lists octocat's repositories", "Hello-World" in names and "Spoon-Knife" in names, repr(names))
        app = s.app(server.url)

        # Narrow (one pane at a time): the repository takes the profile's place, Back leads to the list.
        require("the window narrows to 600 px", app.resize(600, 700))
        app.search("octocat")
        row = app.wait("panel", "octocat")
        require("octocat is found", row)
        app.click(row)
        require("the profile opens", app.wait("label", "The Octocat"))
        line = app.wait("list item", "Spoon-Knife")
        require("the profile lists Spoon-Knife, named by its name", line, app.tree)
        check("the line fits the narrow pane", app.wait_until(lambda: (lambda box: box is not None and box.x + box.width <= 600)(extents(line))),
              lambda: repr((lambda box: box and (box.x, box.width))(extents(line))))
        app.click(line)
        check("activating it opens the repository's detail", app.wait("label", "Spoon-Knife") and app.wait("label", "Watchers"))
        check("the profile has left the pane", app.wait_gone("label", "The Octocat"))
        check("the keyboard focus moved into the repository's detail",
              app.wait_until(lambda: app.focused() is not None and app.focused().name == "Open in Browser"),
              lambda: "focus on %r" % (app.focused() and app.focused().name))
        back = app.wait("push button", "Back")
        if check("a Back button is shown", back):
            app.press(back)
            check("Back returns to the list", app.wait("panel", "octocat") and app.wait_gone("label", "Watchers"))

        # Wide: side by side; the repository's owner leads back to the profile.
        require("the window widens to 1100 px", app.resize(1100, 720))
        app.click(app.wait("panel", "octocat"))
        line = app.wait("list item", "Hello-World")
        require("the profile lists Hello-World", line, app.tree)
        app.click(line)
        check("activating it opens Hello-World's detail", app.wait("label", "Watchers") and app.wait("push button", "Open in Browser"))
        check("the profile has left the pane", app.wait_gone("label", "The Octocat"))
        owner = app.wait("push button", "octocat")
        if check("the repository names its owner", owner):
            app.press(owner)
            check("its owner leads back to the profile", app.wait("label", "The Octocat"))
            # By keyboard: the focus went along to the profile's Open in Browser; Tab reaches the
            # first repository line and Enter opens it.
            check("the focus is on the profile's Open in Browser", app.wait_until(lambda: (app.focused() or owner).name == "Open in Browser"),
                  lambda: "focus on %r" % (app.focused() and app.focused().name))
            app.key("Tab")
            focused = app.wait_until(lambda: app.focused() if app.focused() is not None and app.focused().getRoleName() == "list item" else None)
            if check("Tab reaches a repository line", focused, lambda: "focus on %r" % (app.focused() and app.focused().name)):
                name = focused.name
                searches = server.requests("search")
                app.key("Return")
                check("Enter opens %s's detail" % name, app.wait_gone("label", "The Octocat") and app.wait("label", name) and app.wait("label", "Watchers"),
                      lambda: "entry %r, focus %r" % (app.entry_text(), app.focused() and app.focused().name))
                check("Enter was not taken by type-to-search (no search sent)", server.requests("search") == searches)


SCENARIOS = [refresh_keeps_results_and_detail, filter_popover_writes_qualifiers, person_repository_opens_its_detail]
