"""Favorites: unstarring shows a toast with Undo, and Undo puts the favorite back; a favorite's
detail says what changed in the profile since it was starred."""
import glob
import os
import sqlite3
import time

from driver import Scenario, check, require, toast_time_left


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
        unstarred_at = time.time()
        app.press(unstar)
        # The toast first: it comes with the unstar and goes by itself after a few seconds.
        toast, shown_after = app.wait_shown(lambda: app.label_containing("Removed octocat"), after=unstarred_at)
        check("a toast says 'Removed octocat from favorites'", toast and toast.name == "Removed octocat from favorites", app.tree)
        check("the favorite leaves the list", app.wait_until(lambda: app.find("panel", "octocat", within=app.find("list", "Favorites") or app.node) is None), app.tree)
        undo = app.wait("push button", "Undo")
        require("the toast has an 'Undo' button", undo, app.tree)
        app.press(undo)
        # Looked for first, and only until the toast could have timed out by itself: gone by then,
        # Undo took it away.
        check("the toast goes away after Undo",
              app.wait_until(lambda: app.find("push button", "Undo") is None, timeout=toast_time_left(shown_after)), app.tree)
        favorites = app.wait("list", "Favorites")
        check("Undo puts octocat back in Favorites", favorites and app.wait("panel", "octocat", within=favorites), app.tree)
        check("it is starred again", app.wait("push button", "Remove octocat from favorites"))


def changes_since_starred():
    with Scenario("Favorites: the detail says what changed since the favorite was starred") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("octocat")
        app.click(require("the octocat row", app.wait("panel", "octocat", within=app.wait("list", "Search results"))))
        require("octocat's detail opens", app.wait("push button", "Open in Browser"))
        app.press(require("the detail star 'Add to favorites'", app.wait("push button", "Add to favorites")))
        require("octocat is starred", app.wait("push button", "Remove from favorites"))
        check("just starred, nothing has changed: no line about it", app.label_containing("Since you starred") is None, app.tree)
        check("the app quits with Ctrl+Q", app.quit() == 0)

        # As if starred in March, when octocat had 120 followers fewer and another bio.
        files = glob.glob(os.path.join(s.desktop.env["XDG_DATA_HOME"], "**", "favorites.sqlite"), recursive=True)
        require("the app keeps one favorites file (%s)" % files, len(files) == 1)
        with sqlite3.connect(files[0]) as db:
            changed = db.execute("UPDATE favorite_profile SET starredFollowers = starredFollowers - 120, starredBio = 'An older bio',"
                                 " starredAt = '2026-03-03 12:00:00.000'").rowcount
        require("the profile seen when starring was kept with the favorite", changed == 1)

        again = s.app(server.url)
        again.key("alt+2")
        again.click(require("octocat in Favorites", again.wait("panel", "octocat", within=again.wait("list", "Favorites"))))
        require("octocat's detail opens", again.wait("push button", "Open in Browser"))
        line = again.wait_label_containing("Since you starred them on")
        check("the detail says what changed since it was starred: %r" % (line and line.name),
              line is not None and line.name.endswith(": +120 followers · bio changed") and "2026" in line.name, again.tree)


SCENARIOS = [undo_unstar, changes_since_starred]
