"""Notes and tags: added in a favorite's detail, shown in its Favorites row, found by the filter,
listed by the tag bar, kept across a restart, exported by the command line, and offered as
completions; a repository's too."""
import json
import os

from driver import Scenario, check, find_all, name, pressed, require, text_of
from scenarios_files import _cli


def _favorite_logins(app):
    """The logins listed in Favorites, in order (a row's panels are named by its login, a letter
    header's by its letter)."""
    favorites = app.find("list", "Favorites")
    names = [name(n) for n in find_all(favorites, "panel")] if favorites else []
    return list(dict.fromkeys(n for n in names if len(n) > 1))


def notes_and_tags():
    with Scenario("Notes and tags: written in the detail, shown and filtered in Favorites, kept, exported") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        app.search("mojombo")
        star = app.wait("push button", "Add mojombo to favorites")
        require("mojombo can be starred from its row", star)
        app.press(star)
        require("mojombo is starred", app.wait("push button", "Remove mojombo from favorites"))
        app.search("octocat")
        app.click(require("the octocat row", app.wait("panel", "octocat", within=app.wait("list", "Search results"))))
        require("octocat's detail opens", app.wait("push button", "Open in Browser"))
        check("no note for someone who is not a favorite", app.find("push button", "Add Note") is None, app.tree)
        app.press(require("the detail star", app.wait("push button", "Add to favorites")))
        add_note = app.wait("push button", "Add Note")
        require("a favorite's detail offers 'Add Note'", add_note, app.tree)
        app.click(add_note)
        editor = app.wait("text", "Note")
        require("Add Note shows the note editor, named 'Note'", editor, app.tree)
        check("the editor has the focus", app.wait_until(lambda: app.focused() is not None and name(app.focused()) == "Note"))
        app.type("Met at GUADEC 2026")
        tags = app.wait("text", "Tags")
        require("the tag entry is named 'Tags'", tags, app.tree)
        app.click(tags)
        app.type("hiring, conference 2026")
        app.key("Return")
        check("the tags show as chips with a remove button each",
              app.wait("push button", "Remove tag hiring") and app.wait("push button", "Remove tag conference 2026"), app.tree)
        check("the tag entry is emptied for the next one", app.wait_until(lambda: text_of(app.find("text", "Tags")) == ""))

        app.key("alt+2")
        favorites = require("the Favorites list", app.wait("list", "Favorites"))
        octocat = app.wait("panel", "octocat", within=favorites)
        require("octocat is in Favorites", octocat)
        check("its row shows the note's first line", app.wait_label_containing("Met at GUADEC 2026", within=octocat), app.tree)
        check("and its tags", app.wait("label", "hiring", within=octocat) and app.wait("label", "conference 2026", within=octocat), app.tree)
        hiring = app.wait("push button", "hiring")
        require("the tag bar has a 'hiring' toggle", hiring, app.tree)
        check("and one for 'conference 2026'", app.wait("push button", "conference 2026"))
        filter_entry = require("the Favorites filter", app.wait("entry", "Filter favorites"))
        app.click(filter_entry)
        app.type("guadec")
        check("the filter finds a favorite by its note", app.wait_until(lambda: _favorite_logins(app) == ["octocat"]), _favorite_logins(app))
        app.key("ctrl+a", "BackSpace")
        require("cleared, both favorites are listed", app.wait_until(lambda: sorted(_favorite_logins(app)) == ["mojombo", "octocat"]), _favorite_logins(app))
        def focused_row():
            """The focused row of the list: a letter header by its name, a favorite by its panel's."""
            focused = app.focused()
            if focused is None or name(focused):
                return focused and name(focused)
            panels = find_all(focused, "panel")
            return name(panels[0]) if panels else ""
        app.key("Down")
        check("Down in the filter goes into the list, to its first row (the M header)", app.wait_until(lambda: focused_row() == "M"), focused_row())
        focus_path = []
        for _ in range(3):
            app.key("Down")
            app.wait_until(lambda: focused_row() not in (focus_path[-1:] or ["M"]))
            focus_path.append(focused_row())
        check("Down goes on through the letter headers to the last favorite (mojombo, O, octocat)",
              focus_path == ["mojombo", "O", "octocat"], focus_path)
        app.press(hiring)
        check("turned on, the tag lists only the favorites carrying it", app.wait_until(lambda: _favorite_logins(app) == ["octocat"]), _favorite_logins(app))
        check("the toggle is shown pressed", app.wait_until(lambda: pressed(app.find("push button", "hiring"))))
        app.press(require("the 'hiring' toggle to turn off", app.wait("push button", "hiring"), app.tree))
        check("turned off, everyone is back", app.wait_until(lambda: sorted(_favorite_logins(app)) == ["mojombo", "octocat"]), _favorite_logins(app))
        avatars = os.path.join(s.desktop.env["XDG_CACHE_HOME"], "io.github.githubfinder.GitHubFinder", "avatars")
        check("the favorites' avatars shown are kept on disk for GNOME Shell's results",
              app.wait_until(lambda: len([f for f in os.listdir(avatars) if f.endswith(".png")]) >= 2 if os.path.isdir(avatars) else False),
              os.listdir(avatars) if os.path.isdir(avatars) else "no folder %s" % avatars)
        check("the app quits with Ctrl+Q", app.quit() == 0)

        listed = _cli(s, server, "export", "--format", "json")
        check("the command line exports them (rc %d: %s)" % (listed.returncode, listed.stderr), listed.returncode == 0)
        people = {p["login"]: p for p in json.loads(listed.stdout or "{}").get("people", [])}
        check("the export holds the note and the tags: %r" % people.get("octocat"),
              people.get("octocat", {}).get("note") == "Met at GUADEC 2026" and people.get("octocat", {}).get("tags") == ["hiring", "conference 2026"])

        again = s.app(server.url)
        again.key("alt+2")
        favorites = require("Favorites after a restart", again.wait("list", "Favorites"))
        check("the tag bar is still there", again.wait("push button", "conference 2026"), again.tree)
        again.click(require("octocat", again.wait("panel", "octocat", within=favorites)))
        editor = again.wait("text", "Note")
        check("its detail shows the note in the editor", editor and again.wait_until(lambda: text_of(editor) == "Met at GUADEC 2026"), editor and text_of(editor))
        again.press(require("the chip's remove button", again.wait("push button", "Remove tag hiring")))
        check("the tag goes from the detail", again.wait_gone("push button", "Remove tag hiring"))
        check("and from the tag bar", again.wait_gone("push button", "hiring"), again.tree)
        check("the other stays", again.wait("push button", "conference 2026"))


SCENARIOS = [notes_and_tags]
