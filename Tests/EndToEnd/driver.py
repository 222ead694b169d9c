"""A small driver for the end-to-end scenarios: the GitHub double, the app, the accessibility tree
(pyatspi) and the X display (xdotool). Everything a scenario asserts goes through `check`; waits
poll with a timeout and never stand in for an assertion.

Waiting: whatever the app does in its own time (a page, a re-bound row, a file written, a window)
is waited for as a condition, with `wait_for` / `App.wait_until` and a generous deadline
(`DEADLINE`): a busy machine makes a run slower, never red. A fixed sleep is only for letting
time pass on purpose, before asserting that something did NOT happen, and says so.

GTK 4.8 facts this relies on (DESIGN.md §3): positions are relative to the window, not the screen;
`Component.grabFocus` and `EditableText.setTextContents` do nothing, so focus by clicking with
xdotool and type with xdotool; buttons have a working `click` action; toggle buttons are exposed
as push buttons with a `pressed` state; VISIBLE is set, SHOWING never is.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pyatspi

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("GHF_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
DEMO_TOKEN = "ghp_demo_octocat"
# How long any wait for the app (or the double, or X) may take before it counts as not happening.
# Generous: on a busy machine (a full `make test`, two cores shared) a step can take seconds; a
# wait returns as soon as its condition holds, so this costs nothing when all is well.
DEADLINE = float(os.environ.get("GHF_E2E_DEADLINE", 30))
# How long the app's toasts stay by themselves here (ToastPresenter: 6 s for users; longer in
# this run, GHF_TOAST_SECONDS, as reading the accessibility tree of a busy window can take seconds).
TOAST_SECONDS = 20

# GLib's message format: "(github-finder:123): Gtk-WARNING **: 09:28:50.123: …", and without a
# log domain "** (github-finder:123): WARNING **: …". ERROR is fatal anyway but worth naming.
GLIB_PROBLEM = re.compile(r"(-|\(\S+:\d+\): |\*\* )(CRITICAL|WARNING|ERROR) \*\*")


# ---------------------------------------------------------------------------------------------
# Results


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []
        self.scenario = ""

    def check(self, name, condition, detail=""):
        """Records one assertion. `detail` (text, or a callable giving it, evaluated only on
        failure) says what was seen instead."""
        label = "%s: %s" % (self.scenario, name) if self.scenario else name
        if callable(detail) and not condition:
            try:
                detail = detail()
            except Exception as error:
                detail = "(no detail: %r)" % error
        if condition:
            self.passed += 1
            print("ok   - %s" % label, flush=True)
        else:
            self.failed += 1
            self.failures.append(label)
            print("FAIL - %s%s" % (label, ("\n       " + str(detail).replace("\n", "\n       ")) if detail else ""), flush=True)
        return bool(condition)


RESULTS = Results()
check = RESULTS.check


def note(text):
    print("       %s" % text, flush=True)


def wait_for(probe, timeout=DEADLINE, interval=0.1):
    """Polls `probe` until it returns something truthy (returned) or `timeout` passes (None).
    A probe that raises counts as not yet, except `ScenarioAbort` (the app is gone, say): that
    ends the wait at once. The one waiting helper: everything else waits through it."""
    deadline = time.time() + timeout
    while True:
        try:
            value = probe()
        except ScenarioAbort:
            raise
        except Exception:
            value = None
        if value:
            return value
        if time.time() >= deadline:
            return None
        time.sleep(interval)


def toast_time_left(shown_after):
    """Seconds left before a toast shown after `shown_after` (a `time.time()`, from
    `App.wait_shown`) could go by itself: a toast that goes within them was taken away (its
    button), not timed out. The one wait whose deadline is the app's own timer: a generous one
    could not tell the two apart."""
    return shown_after + TOAST_SECONDS - time.time()


# ---------------------------------------------------------------------------------------------
# The accessibility tree


def walk(node, depth=0, max_depth=60):
    yield node
    if depth >= max_depth:
        return
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        if child is not None:
            yield from walk(child, depth + 1, max_depth)


def states(node):
    try:
        return node.getState()
    except Exception:
        return None


def has_state(node, state):
    s = node is not None and states(node)
    return bool(s) and s.contains(state)


def extents(node):
    try:
        return node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:
        return None


def visible(node):
    """What a sighted user could see. GTK 4.8 never sets SHOWING, and the pages of a GtkStack that
    are not shown keep VISIBLE and their last extents, so: VISIBLE, laid out with a size, and the
    point at its centre picks the node itself or one of its descendants (nothing else on top)."""
    if not has_state(node, pyatspi.STATE_VISIBLE):
        return False
    box = extents(node)
    if box is None or box.width <= 0 or box.height <= 0:
        return False
    return on_top(node, box.x + box.width // 2, box.y + box.height // 2)


def window_of(node):
    current = node
    for _ in range(80):
        if current is None:
            return None
        if role(current) in ("frame", "dialog", "window", "alert", "file chooser"):
            return current
        try:
            current = current.parent
        except Exception:
            return None
    return None


def _pick(node, x, y):
    """The accessible GTK picks at (x, y) of the node's window: the node's own, a descendant,
    something else, or None where GTK picks a widget it does not expose (the GtkText of an entry)."""
    window = window_of(node)
    if window is None:
        return None
    try:
        return window.queryComponent().getAccessibleAtPoint(x, y, pyatspi.WINDOW_COORDS)
    except Exception:
        return None


def _inside(hit, node):
    for _ in range(80):
        if hit is None:
            return False
        if hit == node:
            return True
        if role(hit) in ("frame", "dialog", "window", "application"):
            return False
        try:
            hit = hit.parent
        except Exception:
            return False
    return False


def _clipped(node, x, y):
    """True when (x, y) lies outside the window or an ancestor is laid out with no size (a closed
    revealer, say): nothing of the node can be seen there."""
    current = node
    for _ in range(80):
        try:
            current = current.parent
        except Exception:
            return True
        if current is None or role(current) == "application":
            return False
        box = extents(current)
        if box is None or name(current) == "GtkStackPage":
            continue
        if box.width <= 0 or box.height <= 0:
            return True
        if role(current) in ("frame", "dialog", "window"):
            return not (0 <= x < box.width and 0 <= y < box.height)
    return False


def on_top(node, x, y):
    if _clipped(node, x, y):
        return False
    hit = _pick(node, x, y)
    if hit is not None and _inside(hit, node):
        return True
    if hit is not None and has_state(node, pyatspi.STATE_SENSITIVE):
        return False
    # GTK picked something it does not expose, or passed over an insensitive widget (picks skip
    # those): decide by the stack pages the node sits in.
    current = node
    for _ in range(80):
        try:
            current = current.parent
        except Exception:
            return False
        if current is None or role(current) in ("frame", "dialog", "window", "application"):
            return True
        if name(current) == "GtkStackPage" and not _page_shown(current):
            return False
    return True


def _page_shown(page):
    """A stack page is shown if a pick at one of its laid-out descendants lands inside it."""
    tried = 0
    for node in walk(page):
        if node == page or not has_state(node, pyatspi.STATE_VISIBLE):
            continue
        box = extents(node)
        if box is None or box.width <= 0 or box.height <= 0:
            continue
        hit = _pick(node, box.x + box.width // 2, box.y + box.height // 2)
        if hit is not None:
            return _inside(hit, page)
        tried += 1
        if tried > 40:
            break
    return False


def pressed(node):
    return has_state(node, pyatspi.STATE_PRESSED) or has_state(node, pyatspi.STATE_CHECKED)


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def name(node):
    try:
        return node.name or ""
    except Exception:
        return ""


def text_of(node):
    """A label's or entry's text (its name for labels, the Text interface for entries)."""
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return name(node)


def find_all(root, role_name=None, node_name=None, contains=None, only_visible=True):
    found = []
    for node in walk(root):
        try:
            if role_name is not None and role(node) != role_name:
                continue
            n = name(node)
            if node_name is not None and n != node_name:
                continue
            if contains is not None and contains not in n:
                continue
            if only_visible and not visible(node):
                continue
            found.append(node)
        except Exception:
            continue
    return found


def find(root, role_name=None, node_name=None, contains=None, only_visible=True):
    for node in find_all(root, role_name, node_name, contains, only_visible):
        return node
    return None


def dump(root, only_visible=True, limit=400):
    """The tree as text (role 'name' [states]), for failure messages."""
    lines = []

    def rec(node, depth):
        if len(lines) >= limit:
            return
        if only_visible and depth > 0 and role(node) != "frame" and not has_state(node, pyatspi.STATE_VISIBLE):
            return
        box = extents(node)
        flags = []
        if has_state(node, pyatspi.STATE_PRESSED):
            flags.append("pressed")
        if has_state(node, pyatspi.STATE_FOCUSED):
            flags.append("focused")
        if has_state(node, pyatspi.STATE_SELECTED):
            flags.append("selected")
        if box and box.width > 0 and role(node) in ("label", "push button", "entry", "list", "password text", "text") and not visible(node):
            flags.append("NOT-ON-SCREEN")
        geometry = "%dx%d@%d,%d" % (box.width, box.height, box.x, box.y) if box else "?"
        extra = ""
        if role(node) in ("label", "entry", "text", "password text"):
            t = text_of(node)
            if t and t != name(node):
                extra = " text=%r" % t[:80]
        lines.append("%s%s %r%s %s %s" % ("  " * depth, role(node), name(node)[:80], extra, geometry, ",".join(flags)))
        try:
            children = [node.getChildAtIndex(i) for i in range(node.childCount)]
        except Exception:
            children = []
        for child in children:
            if child is not None:
                rec(child, depth + 1)

    rec(root, 0)
    return "\n".join(lines)


def find_app_node(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def do_action(node):
    """Buttons expose a working 'click' action on GTK 4.8."""
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate"):
            return action.doAction(i)
    return action.doAction(0)


# ---------------------------------------------------------------------------------------------
# X display


def xdotool(*args, check_rc=True, timeout=DEADLINE):
    return subprocess.run(["xdotool", *map(str, args)], check=check_rc, capture_output=True, text=True, timeout=timeout)


# ---------------------------------------------------------------------------------------------
# The GitHub double


class FixtureServer:
    def __init__(self, workdir, *args, port=0):
        self.workdir = workdir
        os.makedirs(workdir, exist_ok=True)
        port_file = os.path.join(workdir, "port")
        self.log_path = os.path.join(workdir, "server.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([os.path.join(BUILD, "github-fixture-server"), "--port", str(port), "--port-file", port_file, *map(str, args)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.port = wait_for(lambda: os.path.exists(port_file) and open(port_file).read().strip())
        if not self.port:
            raise RuntimeError("the GitHub double did not start: %s" % open(self.log_path).read()[-2000:])
        self.url = "http://127.0.0.1:%s" % self.port

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=DEADLINE) as response:
            return json.loads(response.read() or b"null")

    def fault(self, kind, **fields):
        return self._request("POST", "/_fixture/faults", dict(kind=kind, **fields))

    def clear_faults(self):
        return self._request("DELETE", "/_fixture/faults")

    def stats(self):
        return self._request("GET", "/_fixture/stats")["requests"]

    def requests(self, route):
        return self.stats().get(route, 0)

    def images_asked_for(self):
        """The paths of the README images the double was asked for, in order."""
        return self._request("GET", "/_fixture/stats")["images"]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def closed_port():
    """A local port nobody listens on (bound, then released)."""
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# ---------------------------------------------------------------------------------------------
# A private desktop: XDG folders and a fake default browser


class Desktop:
    def __init__(self, workdir):
        self.workdir = workdir
        self.capture = os.path.join(workdir, "opened-urls.txt")
        browser = os.path.join(workdir, "bin", "fake-browser")
        _write(browser, "#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s'\n" % self.capture, 0o755)
        data, config = os.path.join(workdir, "data"), os.path.join(workdir, "config")
        _write(os.path.join(data, "applications", "fake-browser.desktop"),
               "[Desktop Entry]\nType=Application\nName=Fake Browser\nExec=%s %%u\n"
               "MimeType=x-scheme-handler/http;x-scheme-handler/https;\nNoDisplay=true\n" % browser)
        _write(os.path.join(config, "mimeapps.list"),
               "[Default Applications]\nx-scheme-handler/https=fake-browser.desktop\nx-scheme-handler/http=fake-browser.desktop\n")
        # What's New checks favorites only on Refresh, unless a scenario turns it on (news_on): its
        # requests would spend the double's anonymous quota under scenarios of other things.
        _write(os.path.join(config, "io.github.githubfinder.GitHubFinder", "preferences.json"), json.dumps({"news": {"interval": "never"}}))
        self.env = dict(os.environ, XDG_DATA_HOME=data, XDG_CONFIG_HOME=config, XDG_STATE_HOME=os.path.join(workdir, "state"),
                        XDG_CACHE_HOME=os.path.join(workdir, "cache"), GTK_A11Y="atspi", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                        GHF_TOAST_SECONDS=str(TOAST_SECONDS),
                        # a crash prints the crashed thread's whole stack, readable in the report
                        SWIFT_BACKTRACE="enable=yes,interactive=no,preset=full,threads=crashed,registers=none,images=none")
        for variable in ("BROWSER", "GH_TOKEN", "GITHUB_TOKEN", "GITHUB_API_URL", "LANGUAGE"):
            self.env.pop(variable, None)

    def opened_urls(self):
        return open(self.capture).read().split() if os.path.exists(self.capture) else []

    def news_on(self):
        """What's New as a user has it by default: checked at start and every hour."""
        os.remove(os.path.join(self.env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder", "preferences.json"))


def _window_area(window):
    match = re.search(r"Geometry: (\d+)x(\d+)", xdotool("getwindowgeometry", window, check_rc=False).stdout)
    return int(match.group(1)) * int(match.group(2)) if match else 0


def _write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


# ---------------------------------------------------------------------------------------------
# The app


class App:
    """One github-finder process: its stderr goes to a file that is checked for GLib criticals and
    warnings when it stops (or earlier with `glib_problems`)."""

    count = 0

    def __init__(self, desktop, api_url, *args, env=None, name_hint="app", names=None):
        App.count += 1
        self.desktop = desktop
        # The window's title and the search entry's name, as the app's language writes them.
        self.names = dict({"window": "GitHub Finder", "entry": "Search GitHub users"}, **(names or {}))
        self.stderr_path = os.path.join(desktop.workdir, "%s-%d.stderr" % (name_hint, App.count))
        self.stdout_path = os.path.join(desktop.workdir, "%s-%d.stdout" % (name_hint, App.count))
        self._stderr = open(self.stderr_path, "w")
        self._stdout = open(self.stdout_path, "w")
        environment = dict(desktop.env, **(env or {}))
        command = [os.path.join(BUILD, "github-finder")] + (["--api-url", api_url] if api_url else []) + list(args)
        self.process = subprocess.Popen(command, env=environment, stdout=self._stdout, stderr=self._stderr)
        self.pid = self.process.pid
        self.node = None
        self.window = None
        self.stderr_checked = False
        self.stopped_by_test = False
        self.quit_status = None

    # Start-up ------------------------------------------------------------------------------

    def ready(self, timeout=DEADLINE):
        """Waits for the app on the accessibility bus, its window on X (then focuses it) and the
        search entry on screen. Returns None when all are there, else what is missing."""
        self.node = self.wait_until(lambda: find_app_node(self.pid), timeout=timeout)
        if not self.node:
            return "the app appears on the accessibility bus"
        windows = self.wait_until(lambda: xdotool("search", "--onlyvisible", "--pid", self.pid, "--name", "^%s$" % re.escape(self.names["window"]), check_rc=False).stdout.split(), timeout=timeout)
        if not windows:
            return "its window is on the X display"
        # The largest: a dialog that opened at start (the first sync's question) can carry the
        # application's name on X before its own title.
        self.window = max(windows, key=_window_area)
        xdotool("windowactivate", "--sync", self.window, check_rc=False)
        xdotool("windowfocus", "--sync", self.window, check_rc=False)
        if not self.wait_until(lambda: self.find("entry", self.names["entry"]), timeout=timeout):
            return "the search entry '%s' is on screen" % self.names["entry"]
        return None

    # Looking -------------------------------------------------------------------------------

    def find(self, role_name=None, node_name=None, contains=None, within=None, only_visible=True):
        return find(within or self.node, role_name, node_name, contains, only_visible)

    def find_all(self, role_name=None, node_name=None, contains=None, within=None, only_visible=True):
        return find_all(within or self.node, role_name, node_name, contains, only_visible)

    def wait_until(self, probe, timeout=DEADLINE):
        """`wait_for`, but a scenario whose app has died ends at once instead of timing out."""
        def guarded():
            if not self.alive():
                raise AppGone("the app exited (status %s) while the test waited" % self.process.poll())
            return probe()
        return wait_for(guarded, timeout=timeout)

    def wait_shown(self, probe, after, timeout=DEADLINE):
        """`wait_until` for something that came after `after` (a `time.time()` taken before the
        step that brings it), returning (value, since): `since` is `after`, or later when the last
        look that did not see it began later. It was shown after `since` (when a toast's own
        clock started, at the earliest)."""
        since = after

        def look():
            nonlocal since
            began = time.time()
            value = probe()
            if not value:
                since = max(since, began)
            return value
        return self.wait_until(look, timeout=timeout), since

    def wait(self, role_name=None, node_name=None, contains=None, within=None, timeout=DEADLINE):
        return self.wait_until(lambda: self.find(role_name, node_name, contains, within), timeout=timeout)

    def wait_gone(self, role_name=None, node_name=None, contains=None, within=None, timeout=DEADLINE):
        return self.wait_until(lambda: self.find(role_name, node_name, contains, within) is None, timeout=timeout)

    def tree(self, within=None):
        return dump(within or self.node)

    def labels(self, within=None):
        return [text_of(n) for n in self.find_all("label", within=within)]

    def label_containing(self, fragment, within=None):
        return self.find("label", contains=fragment, within=within)

    def wait_label_containing(self, fragment, within=None, timeout=DEADLINE):
        return self.wait_until(lambda: self.label_containing(fragment, within), timeout=timeout)

    def search_entry(self):
        """The search entry, named for the scope shown (DESIGN §5)."""
        return self.find("entry", self.names["entry"]) or self.find("entry", self.names.get("repositories entry", "Search GitHub repositories"))

    def entry_text(self):
        entry = self.search_entry()
        return text_of(entry) if entry is not None else None

    def focused(self):
        for node in walk(self.node):
            if has_state(node, pyatspi.STATE_FOCUSED) and visible(node):
                return node
        return None

    def rows(self, list_name="Search results"):
        """Logins of the rows of a list, in order (rows are panels named by login)."""
        lst = self.find("list", list_name)
        if lst is None:
            return []
        return [name(n) for n in find_all(lst, "panel") if name(n)]

    # Doing ---------------------------------------------------------------------------------

    def press(self, node):
        """The node's click action. For a button it returns before the button acts: GTK's
        `activate` shows the button pressed and emits `clicked` 250 ms later (ACTIVATE_TIMEOUT),
        and a change meanwhile (a new search emptying the rows) can make that click land on
        nothing. Wait for what the press does before the next step."""
        return do_action(node)

    def x_window_of(self, node):
        """The X window of the node's toplevel (the main window, or a dialog found by its title)."""
        top = window_of(node)
        if top is None or role(top) == "frame" and name(top) == "GitHub Finder":
            return self.window
        ids = xdotool("search", "--onlyvisible", "--pid", self.pid, "--name", "^%s$" % re.escape(name(top)), check_rc=False).stdout.split()
        return ids[-1] if ids else self.window

    def click(self, node, button=1):
        box = extents(node)
        if box is None or box.width <= 0:
            raise RuntimeError("cannot click %s %r: not laid out" % (role(node), name(node)))
        x, y = box.x + box.width // 2, box.y + box.height // 2
        xdotool("mousemove", "--window", self.x_window_of(node), x, y, "click", button)

    def scroll(self, node, clicks=5, down=True):
        box = extents(node)
        xdotool("mousemove", "--window", self.window, box.x + box.width // 2, box.y + box.height // 2)
        xdotool("click", "--repeat", clicks, "--delay", 20, 5 if down else 4)

    def type(self, text, delay=40):
        xdotool("type", "--delay", delay, text, timeout=60 + len(text) * delay / 1000)

    def key(self, *keys):
        xdotool("key", "--clearmodifiers", *keys)

    def search(self, query, delay=40):
        """Clicks into the search entry, replaces its text and presses Enter."""
        entry = self.wait_until(self.search_entry)
        if entry is None:
            raise RuntimeError("no search entry:\n" + self.tree())
        self.click(entry)
        self.key("ctrl+a")
        self.type(query, delay)
        self.key("Return")

    def geometry(self):
        out = xdotool("getwindowgeometry", self.window).stdout
        match = re.search(r"Geometry:\s*(\d+)x(\d+)", out)
        return (int(match.group(1)), int(match.group(2))) if match else None

    def resize(self, width, height):
        """Resizes the window and waits until the app has laid itself out at that size: X reports
        the new geometry before GTK's next frame takes it (the window's default size, which the app
        saves on quit, changes only then), so a quit right after the X resize could save the old.
        The frame's extents leave out the margins GTK keeps around its window (5 px on Xvfb)."""
        def frame_size():
            frame = self.find("frame", "GitHub Finder")
            box = extents(frame) if frame is not None else None
            return (box.width, box.height) if box is not None and box.width > 0 else None
        before, inner = self.geometry(), frame_size()
        margins = (before[0] - inner[0], before[1] - inner[1]) if before and inner else (0, 0)
        xdotool("windowsize", "--sync", self.window, width, height, check_rc=False)
        return wait_for(lambda: self.geometry() == (width, height) and frame_size() == (width - margins[0], height - margins[1]))

    # Ending --------------------------------------------------------------------------------

    def alive(self):
        return self.process.poll() is None

    def quit(self, timeout=DEADLINE):
        """Ctrl+Q as a user would; returns the exit status (None if it did not exit)."""
        if not self.alive():
            return self.process.poll()  # it died before: the scenario's end reports the crash
        if self.window is not None:
            xdotool("windowfocus", "--sync", self.window, check_rc=False)
            self.key("ctrl+q")
        try:
            self.quit_status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.quit_status = None
        self.stopped_by_test = True
        return self.quit_status

    def stop(self):
        self.stopped_by_test = True
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for f in (self._stderr, self._stdout):
            if not f.closed:
                f.close()

    def crash_summary(self):
        return _crash_summary(self.stderr_path)

    def glib_problems(self):
        with open(self.stderr_path, errors="replace") as f:
            return [line.rstrip("\n") for line in f if GLIB_PROBLEM.search(line)]

    def check_stderr(self):
        """Fails with the offending lines if the app printed a GLib/GTK critical or warning."""
        self.stderr_checked = True
        problems = self.glib_problems()
        return check("the app printed no GLib/GTK critical or warning (pid %d)" % self.pid, not problems,
                     "\n".join(problems[:20]) + ("\n… %d more" % (len(problems) - 20) if len(problems) > 20 else ""))


# ---------------------------------------------------------------------------------------------
# Scenarios


class Scenario:
    """Context for one scenario: a work folder, a desktop, servers and apps that are all stopped,
    and every app's stderr checked, however the scenario ends."""

    def __init__(self, title):
        self.title = title
        self.workdir = tempfile.mkdtemp(prefix="ghf-e2e-")
        self.desktop = Desktop(self.workdir)
        self.servers = []
        self.apps = []

    def server(self, *args, port=0):
        server = FixtureServer(os.path.join(self.workdir, "server-%d" % len(self.servers)), *args, port=port)
        self.servers.append(server)
        return server

    def server_on(self, port, *args):
        """The double on a given port (a closed one the app was pointed at, say)."""
        return self.server(*args, port=port)

    def app(self, api_url, *args, env=None, ready=True, names=None):
        app = App(self.desktop, api_url, *args, env=env, names=names)
        self.apps.append(app)
        if ready:
            try:
                missing = app.ready()
            except AppGone as gone:
                missing = str(gone)
            if missing:
                check("the app starts: %s" % missing, False, lambda: _crash_summary(app.stderr_path) or _tail(app.stderr_path))
                raise ScenarioAbort("the app did not start")
            check("the app starts: on the accessibility bus, its window on X, the search entry on screen", True)
        return app

    def __enter__(self):
        RESULTS.scenario = self.title
        print("# %s" % self.title, flush=True)
        self.started = time.time()
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, ScenarioAbort):
            note("scenario stopped: %s" % error)
        if error is not None and not isinstance(error, ScenarioAbort):
            import traceback as tb
            check("the scenario runs to its end", False, "".join(tb.format_exception(kind, error, traceback))[-3000:])
        for app in self.apps:
            status = app.process.poll()
            if status is not None and not app.stopped_by_test:
                check("the app keeps running until the test ends it (it exited with status %s)" % status, False, _crash_summary(app.stderr_path))
            app.stop()
            if not app.stderr_checked:
                app.check_stderr()
        for server in self.servers:
            server.stop()
        if os.environ.get("GHF_E2E_KEEP"):
            note("kept %s" % self.workdir)
        else:
            shutil.rmtree(self.workdir, ignore_errors=True)
        note("(%.1f s)" % (time.time() - self.started))
        RESULTS.scenario = ""
        return True  # a failing scenario is recorded; the next one still runs


class ScenarioAbort(Exception):
    pass


class AppGone(ScenarioAbort):
    pass


def require(name, condition, detail=""):
    """A check the rest of the scenario depends on: stops the scenario when it fails."""
    if not check(name, condition, detail):
        raise ScenarioAbort(name)
    return condition


def _crash_summary(path):
    """The crash message and the crashed thread's frames from a Swift backtrace, else the tail."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return ""
    start = text.find("*** Program crashed")
    if start < 0:
        start = text.find("Fatal error")
    if start < 0:
        return _tail(path)
    lines = [l for l in text[start:].splitlines() if l.strip() and not l.startswith("swift-runtime")]
    return "\n".join(lines[:14])


def _tail(path, lines=30):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""
