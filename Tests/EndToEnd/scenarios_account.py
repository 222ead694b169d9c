"""Your GitHub in the app: Follow / Unfollow in a person's detail, reaching the double, rolled back
with the missing scope when the token may not follow; no Follow signed out or on yourself."""
import glob
import json
import os
import re
import sqlite3
import urllib.request

from driver import DEADLINE, Scenario, check, find_all, name, require


DEMO_TOKEN = "ghp_demo_octocat"  # the double's token for octocat: public_repo and user:follow


def _following_on_double(server, login="octocat"):
    with urllib.request.urlopen("%s/_fixture/following/%s" % (server.url, login), timeout=DEADLINE) as response:
        return json.loads(response.read())["following"]


def _token(server, login, scopes):
    request = urllib.request.Request("%s/_fixture/tokens" % server.url, method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"login": login, "scopes": scopes}).encode())
    with urllib.request.urlopen(request, timeout=DEADLINE) as response:
        return json.loads(response.read())["token"]


def _open_profile(app, login):
    app.search(login)
    row = require("%s is found" % login, app.wait("panel", login), app.tree)
    app.click(row)
    require("%s's profile opens" % login, app.wait("push button", "Open in Browser"), app.tree)


def follow_from_detail():
    with Scenario("Account: Follow and Unfollow from a person's detail") as s:
        server = s.server("--search-limit", 1000, "--following", "octocat=0")
        signed_out = s.app(server.url)
        _open_profile(signed_out, "mojombo")
        check("signed out, a profile has no Follow button", signed_out.find("push button", "Follow") is None, signed_out.tree)
        signed_out.quit()

        app = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        _open_profile(app, "mojombo")
        follow = require("signed in, the profile has 'Follow'", app.wait("push button", "Follow"), app.tree)
        app.press(follow)
        check("the button says 'Unfollow' at once", app.wait("push button", "Unfollow") is not None, app.tree)
        check("GitHub has the follow (PUT)", app.wait_until(lambda: _following_on_double(server) == ["mojombo"]),
              repr(_following_on_double(server)))
        app.press(require("'Unfollow' is there to press", app.wait("push button", "Unfollow"), app.tree))
        check("Unfollow is sent (DELETE)", app.wait_until(lambda: _following_on_double(server) == []),
              repr(_following_on_double(server)))
        check("and the button is 'Follow' again", app.wait("push button", "Follow") is not None, app.tree)
        _open_profile(app, "octocat")
        check("your own profile has no Follow button", app.wait_gone("push button", "Follow"), app.tree)
        app.quit()

        # A token without user:follow: GitHub refuses, the button goes back, and the toast says why.
        narrow = s.app(server.url, env={"GH_TOKEN": _token(server, "octocat", ["public_repo"])})
        _open_profile(narrow, "mojombo")
        narrow.press(require("'Follow' is offered", narrow.wait("push button", "Follow"), narrow.tree))
        toast = narrow.wait_label_containing("GitHub refused to follow mojombo")
        check("the refusal is shown in GitHub's words with the missing scope",
              toast is not None and "user:follow" in toast.name, narrow.tree)
        check("the follow is rolled back: 'Follow' again", narrow.wait("push button", "Follow") is not None, narrow.tree)
        check("nothing was followed on GitHub", _following_on_double(server) == [])
        narrow.quit()


def your_profile():
    with Scenario("Account: Your Profile with Following, Followers and Your Repositories") as s:
        server = s.server("--search-limit", 1000, "--following", "octocat=250")
        following = _following_on_double(server)
        signed_out = s.app(server.url)
        check("signed out, there is no Your Profile button", signed_out.find("push button", "Your Profile") is None, signed_out.tree)
        signed_out.quit()

        app = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        button = require("signed in, the header has 'Your Profile'", app.wait("push button", "Your Profile"), app.tree)
        app.press(button)
        require("it shows your own profile", app.wait("label", "The Octocat"), app.tree)
        check("…without a Follow button", app.find("push button", "Follow") is None, app.tree)
        app.key("ctrl+o")
        check("Ctrl+O opens your profile in the browser",
              app.wait_until(lambda: any(url.endswith("/octocat") for url in s.desktop.opened_urls())), s.desktop.opened_urls())
        require("you are not a favorite yet", app.wait("push button", "Add to favorites") is not None, app.tree)
        app.key("ctrl+d")
        check("Ctrl+D adds you to your favorites", app.wait("push button", "Remove from favorites") is not None, app.tree)
        app.key("ctrl+d")
        check("Ctrl+D again removes you", app.wait("push button", "Add to favorites") is not None, app.tree)
        app.press(require("a 'Following' section", app.wait("push button", "Following"), app.tree))
        listed = require("Following is a list named 'Following'", app.wait("list", "Following"), app.tree)
        check("its rows are named by login, newest follow first", app.wait("panel", following[-1], within=listed) is not None, app.tree)
        check("its tab shows GitHub's count", app.wait("label", "250") is not None, app.tree)
        star = require("a followed person's row has its star", app.wait("push button", "Add %s to favorites" % following[-1], within=listed), app.tree)
        app.press(star)
        check("starring from Following works like search", app.wait("push button", "Remove %s from favorites" % following[-1]) is not None, app.tree)

        app.press(require("a 'Followers' section", app.wait("push button", "Followers"), app.tree))
        check("Followers is a list of people", app.wait("list", "Followers") is not None, app.tree)
        app.press(require("a 'Your Repositories' section", app.wait("push button", "Your Repositories"), app.tree))
        repositories = require("Your Repositories is a list", app.wait("list", "Your Repositories"), app.tree)
        check("it lists octocat's repositories", app.wait_until(lambda: app.label_containing("octocat/", within=repositories) is not None), app.tree)

        app.press(require("back to 'Following'", app.wait("push button", "Following"), app.tree))
        listed = require("the Following list again", app.wait("list", "Following"), app.tree)
        row = require("the followed person's row", app.wait("panel", following[-1], within=listed), app.tree)
        app.click(row)
        require("a followed person's row opens their detail", app.wait("push button", "Open in Browser"), app.tree)
        check("…where the button says 'Unfollow'", app.wait("push button", "Unfollow") is not None, app.tree)
        app.key("alt+2")
        favorites = app.wait("list", "Favorites")
        check("the person starred from Following is in Favorites", favorites is not None and app.wait("panel", following[-1], within=favorites), app.tree)
        app.quit()


def _favorite_logins(scenario):
    """The logins in the app's favorites files (the double's server has its own under servers/)."""
    logins = set()
    for path in glob.glob(os.path.join(scenario.desktop.env["XDG_DATA_HOME"], "**", "favorites.sqlite"), recursive=True):
        with sqlite3.connect(path, timeout=DEADLINE) as db:  # a path, not a URI: the folder name holds %XX
            logins |= {row[0] for row in db.execute("SELECT login FROM favorite")}
    return logins


def _menu_item(app, label):
    """Opens the main menu (F10) and finds the item named `label` (a popover is a surface of its own)."""
    app.key("F10")
    items = app.wait_until(lambda: [item for item in find_all(app.node, "menu item", only_visible=False) if name(item) == label])
    return items[0] if items else None


def import_following():
    with Scenario("Account: add everyone you follow to Favorites, with progress, Cancel and a summary") as s:
        server = s.server("--search-limit", 1000, "--following", "octocat=1000")
        following = set(_following_on_double(server))
        signed_out = s.app(server.url)
        signed_out.key("F10")
        items = signed_out.wait_until(lambda: find_all(signed_out.node, "menu item", only_visible=False)) or []
        check("signed out, the menu has no 'Add everyone you follow to Favorites'",
              items and "Add everyone you follow to Favorites" not in [name(item) for item in items], signed_out.tree)
        signed_out.key("Escape")
        signed_out.quit()

        app = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        require("signed in", app.wait("push button", "Your Profile"), app.tree)
        # The start brings in whom you follow (the rows' badge): ten pages, before the slow ones.
        require("the start brings in the ten pages of whom you follow", app.wait_until(lambda: server.requests("following") >= 10),
                lambda: server.stats())
        # Slow pages, so the import can be watched and stopped halfway.
        server.fault("latency", route="following", milliseconds=1000, remaining=9)
        app.press(require("signed in, the menu has 'Add everyone you follow to Favorites'",
                          _menu_item(app, "Add everyone you follow to Favorites"), app.tree))
        check("Favorites comes forward", app.wait("list", "Favorites") is not None, app.tree)
        progress = app.wait_until(lambda: (lambda label: label if label and re.search(r"\d+ of 1,?000$", label.name) else None)(
            app.label_containing("Adding people you follow")))
        check("the progress says how far, of how many GitHub says (%s)" % (progress and progress.name), progress is not None, app.tree)
        check("a progress bar shows it", app.wait("progress bar") is not None, app.tree)
        cancel = require("the import can be cancelled", app.wait("push button", "Cancel"), app.tree)
        app.press(cancel)
        stopped = app.wait_label_containing("Stopped after adding")
        check("Cancel stops it and a toast says how many were added", stopped is not None, app.tree)
        check("the progress goes away", app.wait_gone("push button", "Cancel"), app.tree)
        kept = _favorite_logins(s)
        count = int("".join(ch for ch in (stopped.name if stopped else "") if ch.isdigit()) or -1)
        check("what was added before Cancel stays: %d favorites, as the toast says" % len(kept),
              0 < len(kept) < 1000 and len(kept) == count and kept <= following, "%d kept, toast %r" % (len(kept), stopped and stopped.name))
        check("they show in the Favorites list", app.wait_until(lambda: kept & set(app.rows("Favorites"))), app.tree)

        server.clear_faults()
        app.press(require("the menu item again", _menu_item(app, "Add everyone you follow to Favorites"), app.tree))
        summary = app.wait_label_containing("were already favorites", timeout=2 * DEADLINE)  # 1,000 people, ten pages
        check("the summary toast says who was added and who already was",
              summary is not None and summary.name == "Added %d people, %d were already favorites" % (1000 - len(kept), len(kept)),
              summary and summary.name)
        check("everyone followed is a favorite now", _favorite_logins(s) == following, "%d of %d" % (len(_favorite_logins(s) & following), len(following)))
        app.press(require("and once more", _menu_item(app, "Add everyone you follow to Favorites"), app.tree))
        check("running it again adds nobody", app.wait_label_containing("Everyone you follow is already a favorite", timeout=2 * DEADLINE) is not None, app.tree)
        check("…and the favorites are the same", len(_favorite_logins(s)) == 1000)
        app.quit()


def _row(app, login, list_name="Search results", timeout=DEADLINE):
    listed = app.wait("list", list_name, timeout=timeout)
    return listed and app.wait("panel", login, within=listed, timeout=timeout)


def _badged(app, row):
    return row is not None and app.find("label", "Following", within=row) is not None


def following_badge():
    with Scenario("Account: people you follow carry a 'Following' badge in search results and Favorites") as s:
        server = s.server("--search-limit", 1000, "--following", "octocat=3")
        followed = _following_on_double(server)
        other = "1337coder"
        require("%s is not among the three followed" % other, other not in followed, repr(followed))
        signed_out = s.app(server.url)
        signed_out.search(followed[0])
        row = require("%s is found signed out" % followed[0], _row(signed_out, followed[0]), signed_out.tree)
        check("signed out, no row carries the badge", not _badged(signed_out, row), lambda: signed_out.tree(row))
        signed_out.quit()

        app = s.app(server.url, env={"GH_TOKEN": DEMO_TOKEN})
        app.search(followed[0])
        row = require("%s is found" % followed[0], _row(app, followed[0]), app.tree)
        check("a person you follow carries 'Following' in the search results",
              app.wait_until(lambda: _badged(app, _row(app, followed[0]))), app.tree)
        app.press(require("their star", app.wait("push button", "Add %s to favorites" % followed[0], within=_row(app, followed[0])), app.tree))
        # The press acts 250 ms later (GTK's button activation): searching on at once emptied the
        # rows first and the star landed on nothing, so Favorites stayed empty.
        require("%s is starred" % followed[0], app.wait("push button", "Remove %s from favorites" % followed[0]), app.tree)
        app.search(other)
        row = require("%s is found" % other, _row(app, other), app.tree)
        check("someone you do not follow carries no badge", not _badged(app, row), lambda: app.tree(row))

        app.click(row)
        app.press(require("their detail offers 'Follow'", app.wait("push button", "Follow"), app.tree))
        check("followed from the detail, their row carries the badge at once",
              app.wait_until(lambda: _badged(app, _row(app, other))), app.tree)
        app.press(require("'Unfollow' is there", app.wait("push button", "Unfollow"), app.tree))
        check("unfollowed, the badge goes", app.wait_until(lambda: not _badged(app, _row(app, other))), app.tree)

        app.key("alt+2")
        # The row is on screen (named) a frame before its badge is laid out: look until both are.
        check("the followed favorite carries the badge in Favorites",
              app.wait_until(lambda: _badged(app, _row(app, followed[0], "Favorites", timeout=0))), app.tree)
        app.quit()


SCENARIOS = [follow_from_detail, your_profile, import_following, following_badge]
