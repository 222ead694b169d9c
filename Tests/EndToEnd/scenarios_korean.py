"""The app in Korean: every name and text on screen comes from po/ko.po, and no word of the
English catalogue (po/github-finder.pot) is left, apart from data GitHub sent.

Expected names are looked up in the compiled catalogue (.build/locale, `make locale`), so a
message left untranslated fails twice: its Korean name is not found, and its English words are."""
import calendar
import gettext
import json
import os
import re
import subprocess
import urllib.parse
import urllib.request

from driver import DEADLINE, ROOT, Scenario, check, find_all, name, require, text_of

LOCALE_DIR = os.path.join(ROOT, ".build", "locale")
POT = os.path.join(ROOT, "po", "github-finder.pot")
KOREAN = {"LANG": "ko_KR.UTF-8", "LC_ALL": "ko_KR.UTF-8", "LANGUAGE": "ko"}
# Words that stay as they are in any language: the service's name and key names in tooltips.
UNTRANSLATED_WORDS = {"github", "ctrl", "alt"}
# GitHub's search qualifiers ("location:berlin", "followers:>100") are syntax, not English.
QUALIFIER = re.compile(r"\b[a-z]+:\S*")


def catalogue_words():
    """Words longer than three letters in the English messages, lower-cased, and the English
    names of months and of AM/PM: dates are written by Foundation, not by the catalogue."""
    text = subprocess.run(["msgcat", "--no-wrap", "--no-location", POT], capture_output=True, text=True, check=True).stdout
    messages = re.findall(r'^msgid(?:_plural)? "(.*)"$', text, re.M)
    words = {w.lower() for m in messages for w in re.findall(r"[A-Za-z]+", m.replace("\\n", " ")) if len(w) > 3}
    dates = {m.lower() for m in calendar.month_name[1:] + calendar.month_abbr[1:]} | {"am", "pm"}
    return (words | dates) - UNTRANSLATED_WORDS


def server_data(server, query, login):
    """Every string the GitHub double sends for the search and the profile: data, not copy."""
    def get(path):
        with urllib.request.urlopen(server.url + path, timeout=DEADLINE) as response:
            return json.loads(response.read())

    strings = set()

    def collect(value):
        if isinstance(value, str):
            strings.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(get("/search/users?q=" + urllib.parse.quote(query)))
    collect(get("/users/" + login))
    collect(get("/users/%s/repos?per_page=100" % login))
    return sorted((s for s in strings if s.strip()), key=len, reverse=True)


def english_left(nodes, words, data):
    """(text, English words) for every name or text of `nodes` that still has catalogue words once
    server data and qualifiers are taken out."""
    found = []
    for node in nodes:
        for text in {name(node), text_of(node)}:
            rest = text
            for value in data:
                rest = rest.replace(value, " ")
            rest = QUALIFIER.sub(" ", rest)
            english = sorted({w for w in re.findall(r"[A-Za-z]+", rest) if w.lower() in words})
            if english:
                found.append((text, english))
    return found


def korean_window():
    with Scenario("Korean: the window's names and texts are translated, no English is left") as s:
        installed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower().split()
        # Not a skip: a machine without the locale would otherwise pass without testing anything.
        require("the ko_KR.UTF-8 locale is installed (make test-deps generates it)", "ko_kr.utf8" in installed, "locale -a: %s" % installed)
        mo = os.path.join(LOCALE_DIR, "ko", "LC_MESSAGES", "github-finder.mo")
        require("the Korean catalogue is compiled (make locale)", os.path.exists(mo), mo)
        ko = gettext.translation("github-finder", LOCALE_DIR, languages=["ko"]).gettext
        words = catalogue_words()
        require("the English catalogue has words to look for", len(words) > 50, sorted(words))

        server = s.server()
        app = s.app(server.url, env=KOREAN, names={"window": ko("GitHub Finder"), "entry": ko("Search GitHub users")})
        seen = []

        def look(where, nodes=None):
            nodes = find_all(app.node) if nodes is None else nodes
            seen.extend((where, text, english) for text, english in english_left(nodes, words, data))

        def expect(what, role, english, within=None):
            korean = ko(english)
            check("%s is '%s' (%s)" % (what, korean, english), korean != english and app.wait(role, korean, within=within), app.tree)

        data = []
        expect("the search entry", "entry", "Search GitHub users")
        expect("the Search tab button", "push button", "Search")
        expect("the Favorites tab button", "push button", "Favorites")
        expect("the initial page", "label", "Search GitHub Users")
        expect("the empty detail pane", "label", "Select a User")
        look("start")

        app.search("octocat")
        data = server_data(server, "octocat", "octocat")
        results = app.wait("list", ko("Search results"))
        expect("the result list", "list", "Search results")
        row = require("the octocat row is shown", results and app.wait("panel", "octocat", within=results), app.tree)
        label = ko("Add {login} to favorites").replace("{login}", "octocat")
        check("the row's star is '%s'" % label, app.wait("push button", label), app.tree)
        look("results")

        app.click(row)
        expect("the detail's Open in Browser", "push button", "Open in Browser")
        expect("the detail's star", "push button", "Add to favorites")
        expect("the followers caption", "label", "Followers")
        look("detail")

        app.search("zzzznobody")
        expect("the empty search page", "label", "No Users Found")
        look("no results")

        app.key("alt+2")
        expect("the empty Favorites page", "label", "No Favorites Yet")
        look("favorites")

        app.key("F10")
        about = ko("_About GitHub Finder").replace("_", "")  # GTK names the item without the mnemonic mark
        # A popover's items fail the driver's on-screen test (it is a surface of its own): look at them all.
        items = app.wait_until(lambda: find_all(app.node, "menu item", only_visible=False))
        check("the main menu's About item is '%s'" % about, "About" not in about and about in [name(item) for item in items or []], app.tree)
        look("main menu", [node for item in items or [] for node in [item] + find_all(item, only_visible=False)])
        app.key("Escape")

        app.key("ctrl+question")
        shortcut = ko("Focus the search entry")
        shortcuts = app.wait_until(lambda: [w for w in app.node if app.find(None, shortcut, within=w, only_visible=False)])
        check("the shortcuts window lists '%s' (Focus the search entry)" % shortcut, shortcut != "Focus the search entry" and shortcuts, app.tree)
        look("shortcuts window", [node for window in shortcuts or [] for node in find_all(window, only_visible=False)])
        app.key("Escape")

        check("no English message text is left on screen", not seen,
              lambda: "\n".join("%s: %r has %s" % (where, text, ", ".join(english)) for where, text, english in seen))
        app.quit()


SCENARIOS = [korean_window]
