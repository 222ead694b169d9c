"""The first journey: search -> star -> Favorites tab -> letter header -> the profile -> Open in
Browser, with the URL captured by a fake x-scheme-handler/https handler."""
from driver import Scenario, check, pressed, require, wait_for


def main_flow():
    with Scenario("search, star, favorites, profile, open in browser") as s:
        server = s.server()
        check("the GitHub double starts", server.port)
        app = s.app(server.url)
        check("the app appears on the accessibility bus", app.node)
        check("the window is on the X display", app.window)
        check("the search entry is named 'Search GitHub users'", app.wait("entry", "Search GitHub users"))
        # GTK 4.8 exposes toggle buttons as push buttons with a 'pressed' state.
        check("the tab buttons are named 'Search' and 'Favorites'", app.wait("push button", "Search") and app.wait("push button", "Favorites"))
        check("the initial page says 'Search GitHub Users'", app.wait("label", "Search GitHub Users"))
        check("the detail pane says 'Select a User'", app.wait("label", "Select a User"))
        app.search("octocat")
        check("the result list is named 'Search results'", app.wait("list", "Search results"))
        row = app.wait("panel", "octocat")
        check("a search result row is named by its login", row)
        star = app.wait("push button", "Add octocat to favorites")
        if check("the row's star is named 'Add octocat to favorites'", star):
            app.press(star)
        check("starring renames the toggle", app.wait("push button", "Remove octocat from favorites"))

        # Alt+2 switches tabs; the tab button then reads as pressed.
        app.key("alt+2")
        check("Alt+2 switches to the Favorites tab", app.wait_until(lambda: pressed(app.find("push button", "Favorites"))))
        favorites = app.wait("list", "Favorites")
        check("the Favorites tab shows its list", favorites)
        check("the search list is no longer on screen", app.wait_gone("list", "Search results"))
        header = favorites and app.wait("panel", "O", within=favorites)
        check("the favorite sits under the letter header 'O'", header)
        favorite_row = favorites and app.wait("panel", "octocat", within=favorites)
        require("the favorite row is named by its login", favorite_row)
        app.click(favorite_row)
        open_button = app.wait("push button", "Open in Browser")
        check("the profile opens with an 'Open in Browser' button", open_button)
        check("the detail star is named 'Remove from favorites'", app.wait("push button", "Remove from favorites"))
        check("the profile shows the name", app.wait("label", "The Octocat"))
        check("'Select a User' is no longer on screen", app.wait_gone("label", "Select a User"))
        if open_button:
            app.press(open_button)
        opened = wait_for(lambda: s.desktop.opened_urls())
        check("Open in Browser hands https://github.com/octocat to the default handler", opened == ["https://github.com/octocat"], repr(opened))


SCENARIOS = [main_flow]
