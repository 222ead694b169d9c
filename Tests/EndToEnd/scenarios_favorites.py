"""Favorites: unstarring shows a toast with Undo, and Undo puts the favorite back."""
from driver import Scenario, check, require


def undo_unstar():
    with Scenario("Undo after unstarring in Favorites") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octocat")
        star = app.wait("push button", "Add octocat to favorites")
        require("the octocat row has its star", star)
        app.press(star)
        require("octocat is starred", app.wait("push button", "Remove octocat from favorites"))
        app.key("alt+2")
        favorites = app.wait("list", "Favorites")
        require("the Favorites tab shows its list", favorites)
        unstar = app.wait("push button", "Remove octocat from favorites", within=favorites)
        require("the favorite row has 'Remove octocat from favorites'", unstar, app.tree)
        app.press(unstar)
        check("the favorite leaves the list", app.wait_until(lambda: app.find("panel", "octocat", within=app.find("list", "Favorites") or app.node) is None), app.tree)
        toast = app.wait_label_containing("Removed octocat")
        check("a toast says 'Removed octocat from favorites'", toast and toast.name == "Removed octocat from favorites", app.tree)
        undo = app.wait("push button", "Undo")
        require("the toast has an 'Undo' button", undo, app.tree)
        app.press(undo)
        favorites = app.wait("list", "Favorites")
        check("Undo puts octocat back in Favorites", favorites and app.wait("panel", "octocat", within=favorites), app.tree)
        check("it is starred again", app.wait("push button", "Remove octocat from favorites"))
        check("the toast goes away after Undo", app.wait_until(lambda: app.find("push button", "Undo") is None, timeout=3), app.tree)


SCENARIOS = [undo_unstar]
