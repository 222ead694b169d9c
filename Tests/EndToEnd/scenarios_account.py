"""Your GitHub in the app: Follow / Unfollow in a person's detail, reaching the double, rolled back
with the missing scope when the token may not follow; no Follow signed out or on yourself."""
import json
import urllib.request

from driver import Scenario, check, require


DEMO_TOKEN = "ghp_demo_octocat"  # the double's token for octocat: public_repo and user:follow


def _following_on_double(server, login="octocat"):
    with urllib.request.urlopen("%s/_fixture/following/%s" % (server.url, login), timeout=5) as response:
        return json.loads(response.read())["following"]


def _token(server, login, scopes):
    request = urllib.request.Request("%s/_fixture/tokens" % server.url, method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"login": login, "scopes": scopes}).encode())
    with urllib.request.urlopen(request, timeout=5) as response:
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
        follow = require("signed in, the profile has 'Follow'", app.wait("push button", "Follow", timeout=15), app.tree)
        app.press(follow)
        check("the button says 'Unfollow' at once", app.wait("push button", "Unfollow") is not None, app.tree)
        check("GitHub has the follow (PUT)", app.wait_until(lambda: _following_on_double(server) == ["mojombo"], timeout=15),
              repr(_following_on_double(server)))
        app.press(require("'Unfollow' is there to press", app.wait("push button", "Unfollow"), app.tree))
        check("Unfollow is sent (DELETE)", app.wait_until(lambda: _following_on_double(server) == [], timeout=15),
              repr(_following_on_double(server)))
        check("and the button is 'Follow' again", app.wait("push button", "Follow") is not None, app.tree)
        _open_profile(app, "octocat")
        check("your own profile has no Follow button", app.wait_gone("push button", "Follow"), app.tree)
        app.quit()

        # A token without user:follow: GitHub refuses, the button goes back, and the toast says why.
        narrow = s.app(server.url, env={"GH_TOKEN": _token(server, "octocat", ["public_repo"])})
        _open_profile(narrow, "mojombo")
        narrow.press(require("'Follow' is offered", narrow.wait("push button", "Follow", timeout=15), narrow.tree))
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
        button = require("signed in, the header has 'Your Profile'", app.wait("push button", "Your Profile", timeout=15), app.tree)
        app.press(button)
        require("it shows your own profile", app.wait("label", "The Octocat", timeout=15), app.tree)
        check("…without a Follow button", app.find("push button", "Follow") is None, app.tree)
        app.press(require("a 'Following' section", app.wait("push button", "Following"), app.tree))
        listed = require("Following is a list named 'Following'", app.wait("list", "Following", timeout=15), app.tree)
        check("its rows are named by login, newest follow first", app.wait("panel", following[-1], within=listed) is not None, app.tree)
        check("its tab shows GitHub's count", app.wait("label", "250") is not None, app.tree)
        star = require("a followed person's row has its star", app.wait("push button", "Add %s to favorites" % following[-1], within=listed), app.tree)
        app.press(star)
        check("starring from Following works like search", app.wait("push button", "Remove %s from favorites" % following[-1]) is not None, app.tree)

        app.press(require("a 'Followers' section", app.wait("push button", "Followers"), app.tree))
        check("Followers is a list of people", app.wait("list", "Followers", timeout=15) is not None, app.tree)
        app.press(require("a 'Your Repositories' section", app.wait("push button", "Your Repositories"), app.tree))
        repositories = require("Your Repositories is a list", app.wait("list", "Your Repositories", timeout=15), app.tree)
        check("it lists octocat's repositories", app.wait_until(lambda: app.label_containing("octocat/", within=repositories) is not None), app.tree)

        app.press(require("back to 'Following'", app.wait("push button", "Following"), app.tree))
        listed = require("the Following list again", app.wait("list", "Following"), app.tree)
        row = require("the followed person's row", app.wait("panel", following[-1], within=listed), app.tree)
        app.click(row)
        require("a followed person's row opens their detail", app.wait("push button", "Open in Browser"), app.tree)
        check("…where the button says 'Unfollow'", app.wait("push button", "Unfollow", timeout=15) is not None, app.tree)
        app.key("alt+2")
        favorites = app.wait("list", "Favorites")
        check("the person starred from Following is in Favorites", favorites is not None and app.wait("panel", following[-1], within=favorites), app.tree)
        app.quit()


SCENARIOS = [follow_from_detail, your_profile]
