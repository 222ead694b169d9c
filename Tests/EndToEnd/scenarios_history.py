"""Search history: the queries that found something are listed on the start page under an empty
entry, newest first, per scope; Down and Enter search one again; each can be removed; Preferences
clears them; they are kept across a restart."""
import json
import os

from driver import Scenario, check, find_all, name, pressed, require


def _recent(app):
    listed = app.find("list", "Recent searches")
    return [name(row) for row in find_all(listed, "list item")] if listed else []


def search_history():
    with Scenario("Search history: recent searches under the empty entry, searched again, removed, cleared") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        check("nothing searched yet: no recent searches", app.find("list", "Recent searches") is None)
        for query, finds in [("octocat", True), ("qqqqzzzz", False), ("mojombo", True)]:
            app.search(query)
            # Its own outcome: the page of the query before ("No Users Found") is not this one's.
            require("'%s' is searched" % query, app.wait("panel", query) if finds else app.wait("label", "No Users Found"), app.tree)
        app.key("Escape")
        require("the start page is back", app.wait("label", "Search GitHub Users"))
        check("the queries that found someone are listed, newest first",
              app.wait_until(lambda: _recent(app) == ["mojombo", "octocat"]), _recent(app))

        app.key("Down")
        check("Down in the empty entry goes to the recent searches",
              app.wait_until(lambda: app.focused() is not None and name(app.focused()) == "mojombo"), app.tree)
        app.key("Return")
        check("Enter searches it again", app.wait_until(lambda: app.entry_text() == "mojombo") and app.wait("panel", "mojombo"), app.tree)
        app.key("Escape")
        remove = app.wait("push button", "Remove “octocat” from recent searches")
        require("each recent search has a remove button", remove, app.tree)
        app.press(remove)
        check("removed, it is no longer listed", app.wait_until(lambda: _recent(app) == ["mojombo"]), _recent(app))

        app.key("ctrl+2")
        check("the Repositories scope has recent searches of its own (none yet)",
              app.wait("label", "Search Repositories") is not None and app.wait_gone("list", "Recent searches"), app.tree)
        app.key("ctrl+1")
        check("the app quits with Ctrl+Q", app.quit() == 0)

        again = s.app(server.url)
        check("kept across a restart", again.wait_until(lambda: _recent(again) == ["mojombo"]), _recent(again))
        again.key("ctrl+comma")
        app_prefs = again.wait("frame", "Preferences")
        again.scroll(require("the Preferences window", app_prefs), clicks=15)
        check("Preferences says how many are kept", again.wait_label_containing("1 recent search kept"), again.tree)
        again.press(require("Preferences has 'Clear Search History'", again.wait("push button", "Clear Search History"), again.tree))
        check("cleared", again.wait_label_containing("No recent searches are kept"), again.tree)
        switch = again.wait("check box", "Also Search GitHub")
        require("GNOME Shell Search has 'Also Search GitHub'", switch, again.tree)
        check("off unless turned on", not pressed(switch))
        again.press(switch)
        preferences = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder", "preferences.json")
        check("turned on, it is saved at once",
              again.wait_until(lambda: os.path.exists(preferences) and json.load(open(preferences)).get("shellSearchAsksGitHub") is True))
        again.key("Escape")
        check("the start page has no recent searches left", again.wait_until(lambda: again.find("list", "Recent searches") is None), again.tree)


SCENARIOS = [search_history]
