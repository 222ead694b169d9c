"""Preferences: another GitHub server, checked, added to the list and then used without a restart;
an address that is not a GitHub API refused; listed servers switched by a click and removed; the
cache emptied."""
import json
import os

from driver import DEMO_TOKEN, Scenario, check, find_all, name, pressed, require


def _choose_server(app, address):
    entry = require("the Add Server entry is in Preferences", app.wait("text", "Add Server by API Address"), app.tree)
    app.click(entry)
    app.key("ctrl+a")
    app.type(address, delay=10)
    app.key("Return")


def server_chosen_in_preferences():
    with Scenario("Preferences: another GitHub server, used at once and kept") as s:
        first = s.server("--search-limit", 1000)
        second = s.server("--search-limit", 1000)
        # The user chose the first server earlier (no --api-url, which would lock the choice).
        config = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, "preferences.json"), "w") as f:
            json.dump({"apiURL": first.url}, f)
        app = s.app(None)
        app.search("octocat")
        require("the first server's octocat is found", app.wait("panel", "octocat"), app.tree)
        app.key("ctrl+comma")
        first_name = first.url.split("://", 1)[1]
        check("Preferences says which server is in use",
              app.wait_label_containing("Searches, profiles and sign-in use %s." % first_name), app.tree)

        _choose_server(app, "https://github.com")
        check("GitHub's website is refused with where the API is",
              app.wait_label_containing("That is GitHub's website. Its API is at https://api.github.com."), app.tree)
        _choose_server(app, first.url + "/not/the/api")
        check("an address that is not a GitHub API is refused after asking it",
              app.wait_label_containing("answered, but not as a GitHub API does."), app.tree)
        check("nothing was searched on the second server yet", second.requests("search") == 0)

        searched_before = first.requests("search")
        _choose_server(app, second.url)
        second_name = second.url.split("://", 1)[1]
        check("the second server is checked and used",
              app.wait_label_containing("Searches, profiles and sign-in use %s." % second_name), app.tree)
        check("the query on screen is searched again on the second server, without a restart",
              app.wait_until(lambda: second.requests("search") > 0), "searches: %r" % second.requests("search"))
        check("the first server is asked no more", first.requests("search") == searched_before)
        check("the results are shown from the second server", app.wait("panel", "octocat"), app.tree)

        # The cache and the account are at the foot of the Preferences page.
        app.scroll(require("the Preferences window", app.wait("frame", "Preferences")), clicks=15)
        clear = require("the cache has a Clear button", app.wait("push button", "Clear"), app.tree)
        app.press(clear)
        check("Clear empties the cache", app.wait_label_containing("Nothing is cached"), app.tree)
        check("not signed in, the account offers Sign In", app.wait("push button", "Sign In…"), app.tree)
        app.key("Escape")
        status = app.quit()
        check("Ctrl+Q quits with status 0", status == 0, lambda: app.crash_summary())

        again = s.app(None)
        again.search("mojombo")
        check("started again, the app uses the server chosen in Preferences",
              again.wait_until(lambda: second.requests("search") > 1) and again.wait("panel", "mojombo"), again.tree)
        again.quit()


def favorites_kept_per_server():
    with Scenario("Preferences: each server has its own favorites, never mixed") as s:
        first = s.server("--search-limit", 1000)
        second = s.server("--search-limit", 1000)
        config = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, "preferences.json"), "w") as f:
            json.dump({"apiURL": first.url}, f)
        app = s.app(None)
        check("the window names the server in use under its title",
              app.wait_label_containing(first.url.split("://", 1)[1]) is not None, app.tree)
        app.search("octocat")
        star = require("octocat is found on the first server", app.wait("push button", "Add octocat to favorites"), app.tree)
        app.press(star)
        require("octocat is starred", app.wait("push button", "Remove octocat from favorites"), app.tree)

        app.key("ctrl+comma")
        _choose_server(app, second.url)
        second_name = second.url.split("://", 1)[1]
        require("the second server is used",
                app.wait_label_containing("Searches, profiles and sign-in use %s." % second_name), app.tree)
        app.key("Escape")
        check("the title names the second server", app.wait_label_containing(second_name) is not None, app.tree)
        app.key("alt+2")
        check("the second server's Favorites are its own: empty", app.wait("label", "No Favorites Yet") is not None, app.tree)
        app.key("alt+1")
        check("octocat is not starred on the second server (the same id there is another account's)",
              app.wait("push button", "Add octocat to favorites") is not None, app.tree)

        app.key("ctrl+comma")
        servers = require("Preferences lists the servers", app.wait("list", "GitHub Server"), app.tree)
        first_name = first.url.split("://", 1)[1]
        check("GitHub.com and both servers are listed, in the order added",
              app.wait_until(lambda: [name(n) for n in find_all(servers, "list item")] == ["GitHub.com", first_name, second_name]),
              lambda: [name(n) for n in find_all(servers, "list item")])
        app.click(require("the first server's row", app.wait("list item", first_name, within=servers), app.tree))
        require("a click on the first server's row uses it again",
                app.wait_label_containing("Searches, profiles and sign-in use %s." % first_name), app.tree)
        check("the first server's radio button is on", app.wait_until(lambda: pressed(app.find("check box", first_name, within=servers))), app.tree)
        app.key("Escape")
        app.key("alt+2")
        favorites = app.wait("list", "Favorites")
        check("back on the first server, its favorites are intact", favorites is not None and app.wait("panel", "octocat", within=favorites), app.tree)

        app.key("ctrl+comma")
        app.press(require("the second server has a remove button", app.wait("push button", "Remove %s" % second_name), app.tree))
        check("the second server leaves the list",
              app.wait_gone("list item", second_name), app.tree)
        check("the first server stays in use", app.wait_label_containing("Searches, profiles and sign-in use %s." % first_name) is not None, app.tree)
        app.key("Escape")
        app.quit()


def _use_listed_server(app, address):
    """Clicks the server's row in Preferences (opened already) and waits until it is in use."""
    # Opened again, the page may still be scrolled to its foot (the account, the cache).
    app.scroll(require("the Preferences window", app.wait("frame", "Preferences")), clicks=15, down=False)
    servers = require("Preferences lists the servers", app.wait("list", "GitHub Server"), app.tree)
    host = address.split("://", 1)[1]
    app.click(require("the row of %s" % host, app.wait("list item", host, within=servers), app.tree))
    require("%s is used: its radio button is on" % host,
            app.wait_until(lambda: pressed(app.find("check box", host, within=servers))), app.tree)


def sign_in_kept_per_server():
    with Scenario("Preferences: each server has its own sign-in, kept in the keyring") as s:
        first = s.server("--search-limit", 1000)
        second = s.server("--search-limit", 1000)
        config = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
        os.makedirs(config, exist_ok=True)
        with open(os.path.join(config, "preferences.json"), "w") as f:
            json.dump({"apiURL": first.url, "servers": [second.url]}, f)
        app = s.app(None)
        check("signed out, there is no Your Profile button", app.find("push button", "Your Profile") is None, app.tree)
        app.key("ctrl+comma")
        app.scroll(require("the Preferences window", app.wait("frame", "Preferences")), clicks=15)
        app.press(require("not signed in, the account offers Sign In", app.wait("push button", "Sign In…"), app.tree))
        dialog = require("the sign-in dialog opens", app.wait("frame", "Sign In to GitHub"), app.tree)
        app.click(require("the token field", app.wait("password text", "Personal access token", within=dialog), lambda: app.tree(dialog)))
        app.type(DEMO_TOKEN, delay=20)
        app.key("Return")
        require("signed in on the first server", app.wait("label", "Signed in as octocat", within=dialog), lambda: app.tree(dialog))
        app.click(require("Continue", app.wait("push button", "Continue", within=dialog), lambda: app.tree(dialog)))
        check("the header has Your Profile", app.wait("push button", "Your Profile"), app.tree)

        app.key("ctrl+comma")
        _use_listed_server(app, second.url)
        app.scroll(require("the Preferences window", app.wait("frame", "Preferences")), clicks=15)
        check("on the second server nobody is signed in: its account offers Sign In", app.wait("push button", "Sign In…"), app.tree)
        app.key("Escape")
        check("the header has no Your Profile on the second server",
              app.wait_gone("push button", "Your Profile"), app.tree)
        app.search("octocat")
        require("the second server searches", app.wait("panel", "octocat"), app.tree)
        check("the first server's token was not sent to the second", second.requests("authenticated_user") == 0, second.stats())

        app.key("ctrl+comma")
        _use_listed_server(app, first.url)
        app.scroll(require("the Preferences window", app.wait("frame", "Preferences")), clicks=15)
        check("back on the first server, its sign-in is there again (from the keyring)", app.wait("push button", "Sign Out"), app.tree)
        app.key("Escape")
        check("the header has Your Profile again", app.wait("push button", "Your Profile"), app.tree)
        app.quit()

        again = s.app(None)
        check("started again, still signed in on the first server", again.wait("push button", "Your Profile"), again.tree)
        again.quit()


SCENARIOS = [server_chosen_in_preferences, favorites_kept_per_server, sign_in_kept_per_server]
