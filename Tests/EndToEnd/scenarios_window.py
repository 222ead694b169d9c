"""The window: the narrow one-pane layout with Back, and size and favorites kept across a restart."""
from driver import Scenario, check, note, pressed, require


def narrow_layout():
    with Scenario("narrow window: one pane at a time, with Back") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octocat")
        require("the search shows the octocat row", app.wait("panel", "octocat"))
        resized = app.resize(600, 700)
        check("the window is resized to 600x700", resized, app.geometry() if app.alive() else "the app is gone")
        check("narrow, the list is shown", app.wait("panel", "octocat"), app.tree)
        check("narrow, the empty detail pane is not shown", app.wait_gone("label", "Select a User"), app.tree)
        row = require("the row can be clicked", app.wait("panel", "octocat"))
        app.click(row)
        check("selecting a user shows the detail", app.wait("label", "The Octocat"), app.tree)
        check("the list is no longer on screen", app.wait_gone("list", "Search results"), app.tree)
        back = app.wait("push button", "Back")
        require("a 'Back' button is shown", back, app.tree)
        app.click(back)
        check("Back returns to the list", app.wait("panel", "octocat"), app.tree)
        check("the detail is no longer on screen", app.wait_gone("label", "The Octocat"), app.tree)
        check("the Back button is hidden again", app.wait_gone("push button", "Back"), app.tree)
        for key in ("Escape", "alt+Left"):
            app.click(require("the row is back", app.wait("panel", "octocat")))
            require("the detail shows again", app.wait("label", "The Octocat"), app.tree)
            app.key(key)
            check("%s returns to the list" % key, app.wait("list", "Search results") and app.wait_gone("label", "The Octocat"), app.tree)


def restart_keeps_size_and_favorites():
    with Scenario("size and favorites kept across a restart") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octocat")
        star = app.wait("push button", "Add octocat to favorites")
        require("the octocat row has its star", star)
        app.press(star)
        check("octocat is starred", app.wait("push button", "Remove octocat from favorites"))
        size = (940, 610)
        check("the window is resized to %dx%d" % size, app.resize(*size), app.geometry() if app.alive() else "the app is gone")
        status = app.quit()
        check("Ctrl+Q quits with status 0", status == 0, lambda: "status %r\n%s" % (status, app.crash_summary() if status else ""))

        again = s.app(server.url)
        check("the window opens at the size it had (%dx%d)" % size, again.wait_until(lambda: again.geometry() == size), "opened at %r" % (again.geometry(),))
        again.key("alt+2")
        check("Alt+2 switches to the Favorites tab", again.wait_until(lambda: pressed(again.find("push button", "Favorites"))))
        favorites = again.wait("list", "Favorites")
        check("the favorite is still in the Favorites tab", favorites and again.wait("panel", "octocat", within=favorites), again.tree)
        again.quit()


SCENARIOS = [narrow_layout, restart_keeps_size_and_favorites]
