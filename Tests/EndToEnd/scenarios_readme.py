"""A repository's latest release and README in its detail pane: the sections and their headings
as a screen reader finds them, code blocks' Copy, Open Release, "No README", and hostile READMEs
(HTML and Pango markup characters shown as text, links to other schemes left as text, a 10,000-row table cut short) that leave the app
responsive."""
import json
import urllib.error
import urllib.request

from driver import DEADLINE, Scenario, check, require, role


def _open_repository(app, full_name):
    app.key("ctrl+2")
    app.search(full_name.split("/")[1])
    row = app.wait("panel", full_name)
    require("the search finds %s" % full_name, row)
    app.click(row)


def _anywhere(app, role, name=None, contains=None, within=None, timeout=DEADLINE):
    """A node laid out in the detail, scrolled into view or not (a README runs far below it)."""
    return app.wait_until(lambda: app.find(role, name, contains, within, only_visible=False), timeout=timeout)


def _scroll_until(app, over, probe, clicks=6, rounds=20):
    """Scrolls the pane `over` is in down, `clicks` wheel notches at a time (6 are less than a
    screen), until `probe` finds what the reader looks for on screen (built as it comes near)."""
    pane = over
    while pane is not None and role(pane) != "scroll pane":
        pane = pane.parent
    for _ in range(rounds):
        found = probe()
        if found or pane is None:
            return found
        app.scroll(pane, clicks=clicks)
        app.wait_until(probe, timeout=2)
    return probe()


def _without_readme(server):
    """A repository of the double that has no README (GitHub answers 404)."""
    with urllib.request.urlopen("%s/search/repositories?q=swift&per_page=50" % server.url, timeout=DEADLINE) as response:
        names = [item["full_name"] for item in json.loads(response.read())["items"]]
    for full_name in names:
        try:
            urllib.request.urlopen("%s/repos/%s/readme" % (server.url, full_name), timeout=DEADLINE).close()
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return full_name
    return None


def readme_and_release():
    with Scenario("README: the latest release and the README under a repository's numbers") as s:
        server = s.server()
        app = s.app(server.url)
        _open_repository(app, "groue/GRDB.swift")
        release = _anywhere(app, "panel", "Latest Release")
        require("the detail has a section 'Latest Release'", release)
        check("it names the release", _anywhere(app, "label", "GRDB.swift 7.10.0", within=release))
        check("…with its tag and when it was published", _anywhere(app, "label", contains="7.10.0 · Published", within=release))
        check("its notes' headings are headings", _anywhere(app, "heading", "What's Changed", within=release))
        readme = _anywhere(app, "panel", "README")
        require("the detail has a section 'README'", readme)
        # Built around what the pane shows: the reader scrolls down to it.
        check("the README's headings have the heading role",
              _scroll_until(app, readme, lambda: app.find("heading", "What is GRDB?", within=readme)), app.tree)
        check("the release notes' links are links named by their text", _anywhere(app, "link", "full changelog", within=release))
        changelog = _anywhere(app, "link", "CHANGELOG", within=readme)
        require("the README's links are links named by their text", changelog)
        app.press(changelog)
        opened = app.wait_until(lambda: s.desktop.opened_urls())
        check("a relative link opens the file on GitHub, at the default branch",
              opened == ["https://github.com/groue/GRDB.swift/blob/master/CHANGELOG.md"], repr(opened))
        open_release = _anywhere(app, "push button", "Open Release", within=release)
        require("the release has 'Open Release'", open_release)
        app.press(open_release)
        opened = app.wait_until(lambda: len(s.desktop.opened_urls()) == 2 and s.desktop.opened_urls())
        check("Open Release opens the release's page", opened and opened[-1] == "https://github.com/groue/GRDB.swift/releases/tag/7.10.0", repr(opened))

        # The README is built around what is on screen (GRDB's is ~1,900 blocks): scrolling
        # down brings its table of contents, whose #anchor links take the reader to a section
        # far below, shown there on screen.
        heading = _anywhere(app, "heading", "What is GRDB?", within=readme)
        anchor = _scroll_until(app, heading, lambda: app.find("link", "executing updates", within=readme))
        require("scrolling down shows the README's #anchor link 'executing updates'", anchor)
        app.press(anchor)
        check("it scrolls the README to its heading, on screen", app.wait("heading", "Executing Updates", within=readme), app.tree)
        check("…with the code blocks there, each with 'Copy'", app.wait("push button", "Copy", within=readme), app.tree)


def no_readme_and_hostile_readmes():
    with Scenario("README: none, markup characters, javascript: links, a 10,000-row table") as s:
        server = s.server("--search-limit", 1000)
        app = s.app(server.url)
        bare = _without_readme(server)
        require("the double has a repository without a README", bare)
        _open_repository(app, bare)
        readme = _anywhere(app, "panel", "README")
        check("a repository without one says 'No README' in its section", readme and _anywhere(app, "label", "No README", within=readme))

        _open_repository(app, "0xdeadbeef-readmes/pango-markup")
        check("HTML in a heading is reduced to its text, & shown as typed", _anywhere(app, "heading", "Bold? & red?"))
        check("…and in text", _anywhere(app, "label", contains="entities <b>, and a lone < or & or >."))

        _open_repository(app, "0xdeadbeef-readmes/javascript-links")
        web = _anywhere(app, "link", "web")
        require("an https link is a link", web)
        for text in ("script", "JS upper", "data", "file", "vb", "spaced", "html link"):
            check("'%s' (not http or https) is text, not a link" % text, app.find("link", text, only_visible=False) is None)
        app.press(web)
        opened = app.wait_until(lambda: s.desktop.opened_urls())
        check("the https link opens, and only it", opened == ["https://example.com/"], repr(opened))

        _open_repository(app, "0xdeadbeef-readmes/huge-image")
        heading = _anywhere(app, "heading", "A huge image")
        require("the README with images shows", heading)
        app.scroll(heading, clicks=10)  # its images into view
        check("an image from GitHub loads: a picture named by its description", app.wait("image", "The logo", timeout=DEADLINE))
        check("an image from another site waits, its description shown in its place", app.wait("label", "A tracking pixel"))
        asked = server.images_asked_for()
        check("…and is not fetched: a tracking pixel learns nothing", not any("pixel" in path for path in asked), repr(asked))
        check("a 100 MB image is asked for once, refused, and its description stays", app.wait("label", "100 MB") and asked.count("/_fixture/images/huge.png") == 1, repr(asked))
        check("the text after it is shown", app.wait("label", "Text after the image."))
        show = app.wait("push button", "Show images from other sites")
        require("the README offers 'Show images from other sites'", show)
        app.press(show)
        check("once asked, the image from the other site loads", app.wait("image", "A tracking pixel", timeout=DEADLINE))
        check("…fetched once", app.wait_until(lambda: sum("pixel" in path for path in server.images_asked_for()) == 1), repr(server.images_asked_for()))
        check("the button goes once used", app.wait_gone("push button", "Show images from other sites"))

        _open_repository(app, "0xdeadbeef-readmes/huge-code")
        code = _anywhere(app, "heading", "Huge code")
        require("the README with huge code blocks shows", code)
        check("64 KB of code and a 200 KB line, shown a piece at a time, and the text after them",
              _scroll_until(app, code, lambda: app.find("label", "Text after the code."), clicks=40, rounds=40), app.tree)
        check("…with its Copy button", app.find("push button", "Copy", only_visible=False) is not None)

        _open_repository(app, "0xdeadbeef-readmes/huge-table")
        table = _anywhere(app, "heading", "Huge table")
        require("the README with a huge table shows", table)
        # Its end is built as the reader scrolls down to it.
        check("a 10,000-row table is cut short, saying so under it",
              _scroll_until(app, table, lambda: app.find("label", contains="more rows on GitHub"), clicks=40), app.tree)
        check("the app still answers: the search entry is there", app.search_entry() is not None)


def favorite_readme_reads_offline():
    with Scenario("README: a favorite repository's README reads offline") as s:
        server = s.server()
        app = s.app(server.url)
        _open_repository(app, "apple/swift-log")
        require("its README shows", _anywhere(app, "panel", "README") and _anywhere(app, "heading", "SwiftLog"))
        star = app.wait("push button", "Star")
        require("the detail's star button is there", star)
        app.press(star)
        require("starred", app.wait("push button", "Unstar"))
        app.quit()
        server.stop()  # GitHub is out of reach from now on

        again = s.app(server.url)
        again.key("alt+2")
        row = again.wait("panel", "apple/swift-log")
        if row is None:
            again.key("ctrl+2")
            row = again.wait("panel", "apple/swift-log")
        require("the favorite is listed with GitHub out of reach", row)
        again.click(row)
        check("its README is shown from what was kept", _anywhere(again, "heading", "SwiftLog", timeout=DEADLINE))
        check("…with its links", _anywhere(again, "link", within=_anywhere(again, "panel", "README")))


SCENARIOS = [readme_and_release, no_readme_and_hostile_readmes, favorite_readme_reads_offline]
