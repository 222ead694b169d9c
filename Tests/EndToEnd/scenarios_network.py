"""Network trouble: offline and Retry, and a token GitHub no longer accepts (401 -> sign in -> the
same search again)."""
import pyatspi

from driver import DEMO_TOKEN, Scenario, check, closed_port, has_state, require


def _enabled(button):
    return button if has_state(button, pyatspi.STATE_SENSITIVE) else None


def offline_then_retry():
    with Scenario("offline page and Retry") as s:
        port = closed_port()
        app = s.app("http://127.0.0.1:%d" % port)
        app.search("octocat")
        check("the page 'You're Offline' is shown", app.wait("label", "You're Offline"), app.tree)
        retry = app.wait("push button", "Retry")
        check("it offers Retry", retry)
        check("no result rows are shown", not app.rows())
        # The network comes back: the GitHub double starts on the port the app uses.
        server = s.server_on(port, "--search-limit", 1000)
        require("the GitHub double starts on the port that was closed", server.port == str(port), server.port)
        if retry:
            app.press(retry)
        check("Retry shows the results", app.wait("panel", "octocat"), app.tree)
        check("the offline page is gone", app.wait_gone("label", "You're Offline"))
        check("the search reached the double once", server.requests("search") == 1, server.stats())


def sign_in_after_401():
    with Scenario("401: sign in, then the same search again") as s:
        server = s.server("--search-limit", 1000)
        # A token GitHub no longer accepts (revoked or expired): the double answers 401 "Bad credentials".
        app = s.app(server.url, env={"GH_TOKEN": "ghp_revoked0000000000000000000000000000"})
        app.search("octocat")
        check("the page 'Sign In Required' is shown", app.wait("label", "Sign In Required"), app.tree)
        dialog = app.wait("frame", "Sign In to GitHub")
        require("the sign-in dialog opens", dialog, app.tree)
        check("the dialog says why", app.wait("label", contains="no longer accepts", within=dialog), lambda: app.tree(dialog))
        field = app.wait("password text", "Personal access token", within=dialog)
        require("the dialog has a 'Personal access token' field", field, lambda: app.tree(dialog))
        app.click(field)
        app.type(DEMO_TOKEN, delay=20)
        sign_in = app.wait_until(lambda: _enabled(app.find("push button", "Sign In", within=dialog)))
        require("the dialog's 'Sign In' button is enabled once a token is typed", sign_in, lambda: app.tree(dialog))
        searches = server.requests("search")
        app.key("Return")  # as a keyboard user does, from the token field
        check("the dialog confirms 'Signed in as octocat'", app.wait("label", "Signed in as octocat", within=dialog), lambda: app.tree(dialog))
        done = app.wait("push button", "Continue", within=dialog)
        require("the dialog offers 'Continue'", done, lambda: app.tree(dialog))
        app.click(done)
        check("the dialog closes", app.wait_gone("frame", "Sign In to GitHub"), app.tree)
        check("the same query is searched again", app.wait("panel", "octocat"), app.tree)
        check("exactly one search was sent after signing in", server.requests("search") == searches + 1,
              "%d before, %d after" % (searches, server.requests("search")))
        check("the search entry still holds the query", app.entry_text() == "octocat", repr(app.entry_text()))
        check("the Sign In Required page is gone", app.wait_gone("label", "Sign In Required"))




def sign_in_dialog_escape():
    with Scenario("Escape closes the Sign In dialog") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url, env={"GH_TOKEN": "ghp_revoked0000000000000000000000000000"})
        app.search("octocat")
        dialog = app.wait("frame", "Sign In to GitHub")
        require("the sign-in dialog opens", dialog, app.tree)
        app.click(app.wait("password text", "Personal access token", within=dialog))
        app.key("Escape")
        check("Escape closes it", app.wait_gone("frame", "Sign In to GitHub"), app.tree)
        check("the page 'Sign In Required' stays", app.wait("label", "Sign In Required"), app.tree)


SCENARIOS = [offline_then_retry, sign_in_after_401, sign_in_dialog_escape]
