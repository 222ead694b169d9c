#!/usr/bin/python3
"""End to end: the real github-finder binary against the GitHub double, driven through the
accessibility tree (AT-SPI) as a screen reader user or an assistive tool would.

search -> star -> Favorites tab -> letter header -> open the profile -> Open in Browser, and the
URL captured by a fake x-scheme-handler/https handler in a temporary XDG_DATA_HOME/XDG_CONFIG_HOME.
Run inside scripts/with-display.sh (Xvfb + D-Bus + accessibility bus). Prints 'N passed, N failed'.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("GHF_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
RESULTS = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    if condition:
        RESULTS["passed"] += 1
        print("ok   - %s" % name)
    else:
        RESULTS["failed"] += 1
        print("FAIL - %s %s" % (name, detail))
    return condition


def wait_for(what, probe, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.2)
    print("  (timed out waiting for %s)" % what)
    return None


def walk(node):
    yield node
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def visible(node):
    # GTK 4.8 sets VISIBLE but never SHOWING.
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def pressed(node):
    try:
        return node is not None and node.getState().contains(pyatspi.STATE_PRESSED)
    except Exception:
        return False


def find(app, role, name):
    for node in walk(app):
        try:
            if node.getRoleName() == role and node.name == name and visible(node):
                return node
        except Exception:
            continue
    return None


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def click(node):
    """Buttons expose a working 'click' action on GTK 4.8."""
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate"):
            return action.doAction(i)
    return action.doAction(0)


def click_at(node, window):
    """GTK 4.8 reports positions relative to its window (no screen coordinates on X11)."""
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
    subprocess.run(["xdotool", "mousemove", "--window", window, str(x), str(y), "click", "1"], check=True)


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def main():
    tmp = tempfile.mkdtemp(prefix="ghf-e2e-")
    capture = os.path.join(tmp, "opened-urls.txt")
    browser = os.path.join(tmp, "bin", "fake-browser")
    write(browser, "#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s'\n" % capture, 0o755)
    data, config = os.path.join(tmp, "data"), os.path.join(tmp, "config")
    write(os.path.join(data, "applications", "fake-browser.desktop"),
          "[Desktop Entry]\nType=Application\nName=Fake Browser\nExec=%s %%u\n"
          "MimeType=x-scheme-handler/http;x-scheme-handler/https;\nNoDisplay=true\n" % browser)
    write(os.path.join(config, "mimeapps.list"),
          "[Default Applications]\nx-scheme-handler/https=fake-browser.desktop\nx-scheme-handler/http=fake-browser.desktop\n")
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=config, XDG_STATE_HOME=os.path.join(tmp, "state"),
               XDG_CACHE_HOME=os.path.join(tmp, "cache"), GTK_A11Y="atspi")
    env.pop("BROWSER", None)
    port_file = os.path.join(tmp, "port")
    server = subprocess.Popen([os.path.join(BUILD, "github-fixture-server"), "--port", "0", "--port-file", port_file],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app_process = None
    try:
        port = wait_for("the GitHub double", lambda: os.path.exists(port_file) and open(port_file).read().strip())
        check("the GitHub double starts", port)
        app_process = subprocess.Popen([os.path.join(BUILD, "github-finder"), "--api-url", "http://127.0.0.1:%s" % port],
                                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        app = wait_for("the app on the accessibility bus", lambda: find_app(app_process.pid))
        if not check("the app appears on the accessibility bus", app):
            return
        entry = wait_for("the search entry", lambda: find(app, "entry", "Search GitHub users"))
        check("the search entry is named 'Search GitHub users'", entry)
        # GTK 4.8 exposes toggle buttons as push buttons with a 'pressed' state.
        check("the tab buttons are named 'Search' and 'Favorites'", find(app, "push button", "Search") and find(app, "push button", "Favorites"))
        windows = subprocess.run(["xdotool", "search", "--sync", "--pid", str(app_process.pid), "--name", "GitHub Finder"],
                                 capture_output=True, text=True).stdout.split()
        if not check("the window is on the X display", windows):
            return
        window = windows[-1]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=False)
        click_at(entry, window)
        subprocess.run(["xdotool", "type", "--delay", "60", "octocat"], check=True)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        results = wait_for("the result list", lambda: find(app, "list", "Search results"))
        row = wait_for("the octocat row", lambda: find(app, "panel", "octocat"))
        check("a search result row is named by its login", row)
        star = wait_for("the star toggle", lambda: find(app, "push button", "Add octocat to favorites"))
        if check("the row's star is named 'Add octocat to favorites'", star):
            click(star)
        check("starring renames the toggle", wait_for("the renamed star", lambda: find(app, "push button", "Remove octocat from favorites")))

        # Alt+2 switches tabs; the tab button then reads as pressed.
        subprocess.run(["xdotool", "key", "--window", window, "alt+2"], check=True)
        check("Alt+2 switches to the Favorites tab", wait_for("the Favorites tab", lambda: pressed(find(app, "push button", "Favorites"))))
        favorites = wait_for("the favorites list", lambda: find(app, "list", "Favorites"))
        check("the Favorites tab shows its list", favorites)
        header = wait_for("the O header", lambda: favorites and find(favorites, "panel", "O"))
        check("the favorite sits under the letter header 'O'", header)
        favorite_row = wait_for("the favorite row", lambda: favorites and find(favorites, "panel", "octocat"))
        check("the favorite row is named by its login", favorite_row)
        if favorite_row and wait_for("the row to be laid out", lambda: favorite_row.queryComponent().getExtents(pyatspi.WINDOW_COORDS).width > 0):
            click_at(favorite_row, window)
        open_button = wait_for("Open in Browser", lambda: find(app, "push button", "Open in Browser"))
        check("the profile opens with an 'Open in Browser' button", open_button)
        check("the detail star is named 'Remove from favorites'", wait_for("detail star", lambda: find(app, "push button", "Remove from favorites")))
        check("the profile shows the name", wait_for("the name label", lambda: find(app, "label", "The Octocat")))
        if open_button:
            click(open_button)
        opened = wait_for("the fake browser", lambda: os.path.exists(capture) and open(capture).read().strip())
        check("Open in Browser hands https://github.com/octocat to the default handler", opened == "https://github.com/octocat", repr(opened))
    finally:
        for process in (app_process, server):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # a crash of the test itself is a failure, not a pass
        check("the end-to-end run completes", False, repr(error))
    print("end-to-end: %d passed, %d failed" % (RESULTS["passed"], RESULTS["failed"]))
    sys.exit(1 if RESULTS["failed"] or not RESULTS["passed"] else 0)
