#!/usr/bin/python3
"""GUI half of `make bench`; run inside scripts/with-display.sh (Xvfb, D-Bus, accessibility bus):

    scripts/with-display.sh /usr/bin/python3 scripts/bench-gui.py

Binaries come from $GHF_RELEASE_DIR (default .build/release): github-finder, github-fixture-server
and any *.resources folder beside them. One JSON object per line on standard output; diagnostics on
standard error. Exits 1 when any figure is over its budget or a state it measures could not be
reached and verified, naming each.

Figures (DESIGN.md §6):

- startup.first-frame: `github-finder --benchmark-startup` (process start -> first frame painted)
  against bench/bare-window.c built with -DBARE_ADW, a bare AdwApplication window (the app's
  toolkit, libadwaita) of the same size built and timed the same way in this run, alternated run by
  run. Ratio of medians, budget <= 1.3. The bare GTK 4 window (bare-window.c without -DBARE_ADW) is
  measured too and reported beside it.
- idle.cpu.<state>: CPU of the app process (utime + stime of every thread, /proc/PID/stat) averaged
  over 20 s, starting 12 s after the last input (past GTK's 10 s caret-blink timeout), budget
  <= 0.5 %. Every state is reached as a user would reach it (keys, clicks, xdotool) and verified
  through the accessibility tree before and again after the window; a state that cannot be reached
  fails the run. The anchor idle.cpu.bare-adw-window is the bare Adw window measured the same way.
- memory.resident.1000-results-with-avatars: VmRSS of the app after scrolling through all 1,000
  results of a search with the mouse wheel, read after the same 12 + 20 s settle as idle CPU, against
  the bare Adw window's VmRSS read the same way (bare-adw-window --stay). Budget: bare + 40 MB (the
  bare GTK window's figure and the difference to it are reported too, and anonymous memory and Pss
  from smaps_rollup beside each resident figure: file-backed pages of a static binary are shared
  with the page cache, anonymous ones are what the process allocated). The content
  is verified through the app's debug statistics (GHF_DEBUG_STATS=FILE, SIGUSR1): searchRows must be
  1,000, and avatarsDecoded is reported. Without that support the figure is unverified and fails.
- favorites.filter.<size>.keystroke-to-splice: 14 words (names that match, prefixes that match
  thousands, misses) typed and deleted at 8 keys/s in the Favorites filter over 100,000 people, then
  over 50,000 people and 50,000 repositories (the scope switched between them): 228 keystrokes a
  list, each timed in the app from the entry's change to the list spliced (budget p99 < 8 ms), and
  the main loop's longest stall from the first keystroke on (budget <= 50 ms).
- smooth.results.1000.page-down / smooth.favorites.100k.page-down / smooth.tabs-and-scopes.50k+50k:
  the main loop's longest stall (budget <= 50 ms) while PageDown is held (30 presses a second)
  through a search's 1,000 results as they load, through 100,000 favorites to the last row, and
  over 40 switches of tab (Alt+1, Alt+2) and scope (Ctrl+1, Ctrl+2) with 50,000 + 50,000
  favorites. The app's 5 ms heartbeat runs only between two SIGUSR2 (GHF_DEBUG_STATS).
- peer.first-window.* / peer.memory.resident.*: the time from exec to the first top-level window
  mapped (an X MapNotify), then the memory 8 s after exec, measured from outside in the same way
  for the bare Adw window, GNOME Calculator 43 (Debian's gnome-calculator: a peer anchor) and the
  start page, 7 rounds alternated after one warm-up. Budget: the start page's medians at or below
  GNOME Calculator's.
- app.stderr.gtk-warnings: GTK/GLib warnings and criticals the app printed during the run (reported,
  not budgeted); every app's standard error is kept in the artifacts folder.
- favorites.import.100k-from-the-window (budget <= 5 s) and its .longest-main-loop-stall (budget
  <= 50 ms): Import Favorites… of a file of 100,000 people with notes and tags, chosen in the
  window's dialog with the Favorites tab showing, see scripts/bench_import.py.
- readme.*, idle.cpu.readme-detail: the README and latest release in a repository's detail, see
  scripts/bench_readme.py.
- news.*, idle.cpu.whats-new: What's New (a check of 1,000 unchanged favorites: requests, quota,
  wall time, stall; the tab idle; the background service against a bare GApplication service),
  see scripts/bench_news.py.
- shell-search.initial-result-set.100k.running / .cold-activation: GNOME Shell's search provider over
  100,000 favorites, called on the session bus as the Shell calls it (the D-Bus service file put in
  $GHF_DBUS_SERVICES, which with-display.sh gives the bus): GetInitialResultSet timed from the call
  to the reply, 30 calls over 10 term sets with the service running (budget p99 <= 50 ms), and 5
  calls with no app running so that each starts it by D-Bus activation (budget: the slowest
  <= 300 ms). Every answer is checked: 10 results whose metas match every term.
- account.import-following.5000.longest-main-loop-stall: signed in on the double, "Add everyone you
  follow to Favorites" over 5,000 follows; the app's 5 ms heartbeat (GHF_DEBUG_STATS) reports the
  longest the main loop went without returning to it while importing. Budget <= 50 ms. Beside it
  account.import-following.5000 (menu to the import's end, polled through GHF_DEBUG_STATS at most
  every 0.25 s rather than the accessibility tree, whose walks the main thread answers) against
  fetching the same 50 pages with urllib in the same run. Every follow is checked to be a
  favorite in the SQLite file and the summary toast read.

Environment: GHF_RELEASE_DIR, GHF_STARTUP_RUNS (31), GHF_IDLE_SETTLE_S (12), GHF_IDLE_WINDOW_S (20),
GHF_BENCH_ARTIFACTS (a folder for logs, screenshots and accessibility trees; default a temporary one),
GHF_BENCH_ONLY (comma-separated session names, for development: startup, bare, peers, start, search,
favorites, repositories, narrow, filter, rate-limited, offline, memory, scroll, account, import, shell-search,
readme, news).
"""
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import bench_import  # noqa: E402
import bench_news  # noqa: E402
import bench_readme  # noqa: E402
import gui_driver as gui  # noqa: E402
from gui_driver import StateNotReached  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.abspath(os.environ.get("GHF_RELEASE_DIR", os.path.join(ROOT, ".build", "release")))
# 31 starts of each program: with 15, the ratio of the two medians ranged from 1.28 to 1.32 over
# six measurements of one binary in one hour, more than the budget's room.
RUNS = int(os.environ.get("GHF_STARTUP_RUNS", "31"))
SETTLE_S = float(os.environ.get("GHF_IDLE_SETTLE_S", "12"))
WINDOW_S = float(os.environ.get("GHF_IDLE_WINDOW_S", "20"))
ONLY = set(filter(None, os.environ.get("GHF_BENCH_ONLY", "").split(",")))
FIXTURES = os.path.join(ROOT, "data", "fixtures", "github-users.json")
FIXTURE_REPOSITORIES = os.path.join(ROOT, "data", "fixtures", "github-repositories.json")

CPU_BUDGET_PERCENT = 0.5
STARTUP_BUDGET_RATIO = 1.3
MEMORY_BUDGET_MB = 40.0
# The longest the main loop may go without drawing while typing, scrolling, switching or filling a list.
STALL_BUDGET_MS = 50.0
RESULT_CAP = 1000
# The bare Adw window's memory_mb(), for the anonymous and Pss figures beside the resident one.
BARE_MEMORY = {}
TICKS = os.sysconf("SC_CLK_TCK")

# The accounts whose detail is measured (data/fixtures/github-users.json): a person with
# repositories, a person without any, an organization. Their names and repositories are read from
# the fixture so the check follows the data.
DETAIL_ACCOUNTS = [("detail-user", "octocat"), ("detail-user-no-repos", "1337coder"), ("detail-organization", "github")]
# Starred along the way; their first letters give the Favorites tab several groups.
FAVORITE_LOGINS = ["tom", "octocat", "1337coder", "github"]


def log(message):
    sys.stderr.write("bench-gui: %s\n" % message)
    sys.stderr.flush()


class Report:
    def __init__(self):
        self.failures = []
        self.emitted = set()

    def emit(self, **fields):
        self.emitted.add(fields["name"])
        print(json.dumps(fields, ensure_ascii=False))
        sys.stdout.flush()

    def fail(self, name, reason):
        self.failures.append((name, reason))
        log("FAIL %s: %s" % (name, reason))


REPORT = Report()


# -- processes ------------------------------------------------------------------------------------

def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError("no VmRSS for %d" % pid)


def memory_mb(pid):
    """Resident, anonymous and proportional (Pss) memory in MB, from /proc/PID/smaps_rollup: a
    static binary's file-backed pages count in Rss but are shared with the page cache; anonymous
    memory is what the process itself allocated."""
    figures = {}
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss", "Anonymous"):
                figures[key] = int(rest.split()[0]) / 1024.0
    return dict(rss=figures["Rss"], anonymous=figures["Anonymous"], pss=figures["Pss"])


def handles_signal(pid, number):
    """True when the process catches or ignores the signal (so sending it will not kill it)."""
    masks = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("SigCgt", "SigIgn"):
                masks[key] = int(value.strip(), 16)
    bit = 1 << (number - 1)
    return bool((masks.get("SigCgt", 0) | masks.get("SigIgn", 0)) & bit)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FixtureServer:
    def __init__(self, folder, label, *options):
        port_file = os.path.join(folder, "port-%s" % label)
        self.log = open(os.path.join(folder, "server-%s.log" % label), "w")
        self.process = subprocess.Popen([os.path.join(RELEASE, "github-fixture-server"), "--port", "0", "--port-file", port_file] + list(options),
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while not (os.path.exists(port_file) and open(port_file).read().strip()):
            if time.time() > deadline or self.process.poll() is not None:
                raise RuntimeError("the GitHub double did not start (see %s)" % self.log.name)
            time.sleep(0.05)
        self.base = "http://127.0.0.1:%s" % open(port_file).read().strip()

    def _curl(self, *args):
        return subprocess.run(["curl", "-s", "--max-time", "5"] + list(args), capture_output=True, text=True).stdout

    def fault(self, **fault):
        answer = self._curl("-X", "POST", self.base + "/_fixture/faults", "-d", json.dumps(fault))
        if '"ok"' not in answer:
            raise RuntimeError("the double refused the fault %r: %s" % (fault, answer))

    def requests(self, route):
        return json.loads(self._curl(self.base + "/_fixture/stats"))["requests"][route]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def base_env(folder):
    """The session's environment with English accessible names; each app gets its own XDG folders."""
    env = dict(os.environ, LANG="C.UTF-8", GTK_A11Y="atspi")
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "GITHUB_TOKEN", "GH_TOKEN", "GITHUB_API_URL", "GHF_DEBUG_STATS"):
        env.pop(key, None)
    return env


class App:
    """One github-finder process: its window on the accessibility bus, every input it gets (so the
    idle window starts 12 s after the last one), its standard error in the artifacts folder."""

    def __init__(self, folder, label, args, data_home=None, extra_env=None):
        self.label = label
        self.folder = folder
        home = os.path.join(folder, "app-" + label)
        env = base_env(folder)
        env.update(XDG_DATA_HOME=data_home or os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_STATE_HOME=os.path.join(home, "state"), XDG_CACHE_HOME=os.path.join(home, "cache"))
        env.update(extra_env or {})
        # What's New checks only on Refresh, unless a session's preferences say otherwise: its
        # requests are measured in their own session (`news`), not under every other figure.
        config = os.path.join(env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
        if not os.path.exists(os.path.join(config, "preferences.json")):
            os.makedirs(config, exist_ok=True)
            with open(os.path.join(config, "preferences.json"), "w") as f:
                json.dump({"news": {"interval": "never"}}, f)
        self.stderr_path = os.path.join(folder, "app-%s.stderr" % label)
        self.stderr = open(self.stderr_path, "w")
        self.process = subprocess.Popen([os.path.join(RELEASE, "github-finder")] + args, env=env,
                                        stdout=subprocess.DEVNULL, stderr=self.stderr)
        self.pid = self.process.pid
        self.last_input = time.time()
        self.win = None
        self.win = gui.Window(self.process)
        self.app = self.win.app
        self.touched()

    def touched(self):
        self.last_input = time.time()

    def check_alive(self):
        status = self.process.poll()
        if status is not None:
            raise StateNotReached("github-finder exited (%s)" % describe_status(status))

    def key(self, *keys):
        self.check_alive()
        self.win.key(*keys)
        self.touched()

    def type(self, text):
        self.check_alive()
        self.win.type(text)
        self.touched()

    def key_held(self, key, presses, per_second=30):
        """`key` as if held down: `presses` presses at the keyboard's repeat rate."""
        self.check_alive()
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--repeat", str(presses), "--delay", str(int(1000 / per_second)), key],
                       check=True, timeout=presses / per_second * 3 + 30)
        self.touched()

    def click(self, node):
        self.check_alive()
        self.win.click(node)
        self.touched()

    def press(self, node):
        self.check_alive()
        gui.press(node)
        self.touched()

    def resize(self, width, height):
        self.check_alive()
        self.win.resize(width, height)
        self.touched()

    def park_pointer(self):
        self.win.park_pointer()
        self.touched()

    def wheel_down(self, x, y, clicks):
        subprocess.run(["xdotool", "mousemove", "--window", self.win.xid, str(x), str(y), "click", "--repeat", str(clicks), "--delay", "8", "5"],
                       capture_output=True, timeout=60)
        self.touched()

    def find(self, role, name=None, predicate=None):
        self.check_alive()
        return self.win.find(role, name, predicate)

    def wait(self, what, role, name=None, predicate=None, timeout=20.0):
        def probe():
            self.check_alive()
            return self.win.find(role, name, predicate)
        return gui.wait_for(what, probe, timeout)

    def search(self, query):
        """Ctrl+F focuses and selects the search entry; type the query, Enter searches at once."""
        self.key("ctrl+f")
        self.type(query)
        self.key("Return")

    def evidence(self, tag):
        """Screenshot and accessibility tree of a failure, into the artifacts folder."""
        base = os.path.join(self.folder, "%s-%s" % (self.label, tag))
        if self.process.poll() is None and self.win is not None:
            gui.screenshot(self.win.xid, base + ".png")
            gui.dump(self.app, base + ".tree.txt")
            return base + ".png / .tree.txt"
        return None

    def stop(self):
        status = self.process.poll()
        if status is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.close()
        return status  # None: it was still running


def evidence_note(app, tag):
    where = app.evidence(tag) if app is not None else None
    return " (see %s)" % where if where else ""


def describe_status(status):
    if status < 0:
        try:
            return "killed by %s" % signal.Signals(-status).name
        except ValueError:
            return "killed by signal %d" % -status
    return "status %d" % status


# -- idle CPU ---------------------------------------------------------------------------------------

def idle_window(pid, since):
    """Waits until SETTLE_S after `since`, then samples CPU once a second for WINDOW_S. Returns
    (average percent, busiest second percent)."""
    delay = since + SETTLE_S - time.time()
    if delay > 0:
        time.sleep(delay)
    start_time, start_cpu = time.time(), cpu_seconds(pid)
    previous_time, previous_cpu, peak = start_time, start_cpu, 0.0
    while time.time() - start_time < WINDOW_S:
        time.sleep(min(1.0, max(0.0, start_time + WINDOW_S - time.time())))
        now, used = time.time(), cpu_seconds(pid)
        if now - previous_time >= 0.5:
            peak = max(peak, (used - previous_cpu) / (now - previous_time) * 100)
        previous_time, previous_cpu = now, used
    elapsed = previous_time - start_time
    return (previous_cpu - start_cpu) / elapsed * 100, peak


def idle_cpu(app, state, verify):
    """idle.cpu.<state>: verify the state, measure, verify it again, emit; failures are reported."""
    name = "idle.cpu." + state
    line = dict(name=name, unit="percent", value=None, baseline="idle.cpu.bare-adw-window", ratio=None,
                budget="<= %.1f" % CPU_BUDGET_PERCENT, settle_s=SETTLE_S, window_s=WINDOW_S)
    try:
        app.check_alive()
        detail = verify()
    except StateNotReached as error:
        where = app.evidence(state)
        REPORT.emit(**line, error="state not reached: %s" % error)
        REPORT.fail(name, "state not reached: %s%s" % (error, " (see %s)" % where if where else ""))
        return False
    try:
        app.check_alive()
        value, peak = idle_window(app.pid, app.last_input)
        app.check_alive()
    except (StateNotReached, FileNotFoundError, ProcessLookupError) as error:
        REPORT.emit(**line, error="app died while measured: %s" % error)
        REPORT.fail(name, "github-finder died during the idle window: %s" % error)
        return False
    line.update(value=round(value, 3), busiest_second=round(peak, 2))
    if detail:
        line["verified"] = detail
    try:
        verify()
    except StateNotReached as error:
        where = app.evidence(state + "-after")
        REPORT.emit(**line, error="state left during the window: %s" % error)
        REPORT.fail(name, "the state did not hold through the idle window: %s%s" % (error, " (see %s)" % where if where else ""))
        return False
    REPORT.emit(**line)
    if value > CPU_BUDGET_PERCENT:
        REPORT.fail(name, "%.2f %% CPU idle, budget %.1f %% (busiest second %.1f %%)" % (value, CPU_BUDGET_PERCENT, peak))
    return True


# -- verification helpers ---------------------------------------------------------------------------

def need(condition, message):
    if not condition:
        raise StateNotReached(message)


def showing(app, role, name):
    return app.find(role, name) is not None


def labels_showing(app, predicate):
    return [gui.name(n) for n in gui.find_all(app.app, "label", predicate=lambda n: predicate(gui.name(n) or ""))]


def tab_pressed(app, tab):
    button = app.find("push button", tab)
    return button is not None and gui.has_state(button, gui.pyatspi.STATE_PRESSED)


def fixture_accounts():
    with open(FIXTURES) as f:
        data = json.load(f)
    users = {u["login"]: u for u in data["users"]}
    with open(FIXTURE_REPOSITORIES) as f:
        repositories = json.load(f)["repositories"]
    accounts = {}
    for _, login in DETAIL_ACCOUNTS:
        user = users[login]
        repos = [r[0] for r in repositories.get(str(user["id"]), [])]
        accounts[login] = dict(name=user.get("name") or login, type=user["type"], repositories=repos)
    return accounts


def verify_detail(app, login, account):
    need(showing(app, "push button", "Open in Browser"), "no 'Open in Browser' button showing")
    need(showing(app, "label", account["name"]), "the detail does not show the name %r" % account["name"])
    need(showing(app, "label", login), "the detail does not show the login %r" % login)
    if account["type"] == "Organization":
        # The badge under the detail's name, not a result row's badge in the sidebar.
        name_box = gui.extents(app.find("label", account["name"]))
        badges = [gui.extents(n) for n in gui.find_all(app.app, "label", "Organization")]
        need(name_box and any(b and b[0] >= name_box[0] - 8 and b[1] > name_box[1] for b in badges),
             "no 'Organization' badge under the detail's name")
    if account["repositories"]:
        # A person's repositories are activatable rows (list items) named by the repository.
        # One walk of the tree, not one per repository (an organization has dozens).
        rows = {gui.name(n) for n in gui.find_all(app.app, "list item")}
        shown = [r for r in account["repositories"] if r in rows]
        need(shown, "none of %s's repositories %s is showing" % (login, account["repositories"][:5]))
        return "%s: name, Open in Browser, %d repositories showing" % (login, len(shown))
    need(labels_showing(app, lambda t: t.startswith("No public repositories")), "no 'No public repositories' note showing")
    return "%s: name, Open in Browser, no repositories" % login


def open_detail(app, login, account):
    """Opens `login`'s profile from a search and waits until it shows what the fixtures say.
    Not only its Open in Browser button: the detail has that before the profile's request has
    answered (and the previous profile had one), and a check made then found no name (run 1 of
    b23621d's series, the organization's detail)."""
    app.search(login)
    row = app.wait("the result row %r" % login, "panel", login, timeout=20)
    app.click(row)
    gui.wait_for("the detail of %r" % login, lambda: verify_detail(app, login, account), timeout=20)
    app.park_pointer()


# -- sessions ---------------------------------------------------------------------------------------

def startup(folder):
    bare = os.path.join(folder, "bare-adw-window")
    bare_gtk = os.path.join(folder, "bare-window")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "startup", "data"), XDG_STATE_HOME=os.path.join(folder, "startup", "state"),
               XDG_CACHE_HOME=os.path.join(folder, "startup", "cache"), NO_AT_BRIDGE="1")

    def first_frame(command):
        output = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()
        return float(output[-1])

    app = [os.path.join(RELEASE, "github-finder"), "--api-url", "http://127.0.0.1:%d" % free_port(), "--benchmark-startup"]
    # Alternate the two so machine noise hits both alike; one warm-up each.
    first_frame([bare_gtk])
    first_frame([bare])
    first_frame(app)
    gtk_times, bare_times, app_times = [], [], []
    for _ in range(RUNS):
        gtk_times.append(first_frame([bare_gtk]))
        bare_times.append(first_frame([bare]))
        app_times.append(first_frame(app))
    REPORT.emit(name="startup.first-frame.bare-gtk-window", unit="ms", p50=statistics.median(gtk_times), p99=percentile(gtk_times, 0.99),
                baseline=None, ratio=None, budget=None)
    REPORT.emit(name="startup.first-frame.bare-adw-window", unit="ms", p50=statistics.median(bare_times), p99=percentile(bare_times, 0.99),
                baseline=None, ratio=None, budget=None)
    ratio = round(statistics.median(app_times) / statistics.median(bare_times), 3)
    REPORT.emit(name="startup.first-frame", unit="ms", p50=statistics.median(app_times), p99=percentile(app_times, 0.99),
                baseline="startup.first-frame.bare-adw-window", ratio=ratio, budget="ratio <= %.1f" % STARTUP_BUDGET_RATIO,
                ratio_to_bare_gtk_window=round(statistics.median(app_times) / statistics.median(gtk_times), 3))
    if ratio > STARTUP_BUDGET_RATIO:
        REPORT.fail("startup.first-frame", "%.2fx the bare window, budget %.1fx" % (ratio, STARTUP_BUDGET_RATIO))


PEER_RUNS = int(os.environ.get("GHF_PEER_RUNS", "7"))
PEER_MEMORY_AFTER_S = 8.0


def first_window_then_memory(command, env):
    """Starts `command`; returns the milliseconds from exec to its first top-level window being
    mapped (an X MapNotify on the root window, seen with python3-xlib), then its memory_mb() 8 s
    after exec. Measured from outside, the same way for every program."""
    from Xlib import X, display as xdisplay
    connection = xdisplay.Display()
    root = connection.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    connection.sync()
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        mapped = None
        while mapped is None and time.monotonic() - started < 30:
            if not connection.pending_events():
                if process.poll() is not None:
                    raise RuntimeError("%s exited (%s) before it showed a window" % (command[0], process.returncode))
                time.sleep(0.001)
                continue
            event = connection.next_event()
            if event.type == X.MapNotify and event.event == root:
                mapped = time.monotonic()
        connection.close()
        if mapped is None:
            raise RuntimeError("%s showed no window in 30 s" % command[0])
        time.sleep(max(0.0, PEER_MEMORY_AFTER_S - (time.monotonic() - started)))
        return (mapped - started) * 1000, memory_mb(process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def peer_anchors(folder, server):
    """Ahead of GNOME's own apps: exec to the first window, then memory 8 s later, for the bare
    Adw window, GNOME Calculator 43 (a peer anchor) and the start page, alternated, each with its
    own fresh XDG folders. Budget: the start page at or below Calculator on both (medians)."""
    programs = [("bare-adw-window", [os.path.join(folder, "bare-adw-window"), "--stay"]),
                ("gnome-calculator", ["gnome-calculator"]),
                ("start-page", [os.path.join(RELEASE, "github-finder"), "--api-url", server.base])]
    times = {label: [] for label, _ in programs}
    memories = {label: [] for label, _ in programs}
    for run in range(PEER_RUNS + 1):
        for label, command in programs:
            home = os.path.join(folder, "peer-%s-%d" % (label, run))
            env = base_env(folder)
            env.update(XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                       XDG_STATE_HOME=os.path.join(home, "state"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                       GSETTINGS_BACKEND="memory")
            took, memory = first_window_then_memory(command, env)
            if run > 0:  # the first round warms the page cache
                times[label].append(took)
                memories[label].append(memory)
    figures = {}
    for label, _ in programs:
        rss = statistics.median(m["rss"] for m in memories[label])
        figures[label] = (statistics.median(times[label]), rss)
        REPORT.emit(name="peer.first-window.%s" % label, unit="ms", p50=round(figures[label][0], 1), p99=round(percentile(times[label], 0.99), 1),
                    spread=[round(min(times[label]), 1), round(max(times[label]), 1)],
                    baseline=None if label != "start-page" else "peer.first-window.gnome-calculator",
                    ratio=None if label != "start-page" else round(figures[label][0] / statistics.median(times["gnome-calculator"]), 3),
                    budget=None if label != "start-page" else "<= gnome-calculator", runs=len(times[label]))
        REPORT.emit(name="peer.memory.resident.%s" % label, unit="MB", value=round(rss, 1),
                    anonymous_mb=round(statistics.median(m["anonymous"] for m in memories[label]), 1),
                    pss_mb=round(statistics.median(m["pss"] for m in memories[label]), 1),
                    baseline=None if label != "start-page" else "peer.memory.resident.gnome-calculator",
                    ratio=None if label != "start-page" else round(rss / statistics.median(m["rss"] for m in memories["gnome-calculator"]), 3),
                    budget=None if label != "start-page" else "<= gnome-calculator")
    ours, calculator = figures["start-page"], figures["gnome-calculator"]
    if ours[0] > calculator[0]:
        REPORT.fail("peer.first-window.start-page", "%.1f ms to the first window, GNOME Calculator %.1f ms" % (ours[0], calculator[0]))
    if ours[1] > calculator[1]:
        REPORT.fail("peer.memory.resident.start-page", "%.1f MB resident, GNOME Calculator %.1f MB" % (ours[1], calculator[1]))


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def bare_window_anchors(folder):
    """Both bare windows, left open: idle CPU and resident memory measured like the app's.
    Returns the resident MB of the bare GTK window and of the bare Adw window."""
    rss, parts = {}, {}
    for kind, binary in (("gtk", "bare-window"), ("adw", "bare-adw-window")):
        home = os.path.join(folder, "bare-" + kind)
        env = base_env(folder)
        env.update(XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_STATE_HOME=os.path.join(home, "state"), XDG_CACHE_HOME=os.path.join(home, "cache"))
        process = subprocess.Popen([os.path.join(folder, binary), "--stay"], env=env, stdout=subprocess.PIPE,
                                   stderr=open(os.path.join(folder, binary + ".stderr"), "w"), text=True)
        try:
            first = process.stdout.readline().strip()
            if not first:
                raise RuntimeError("%s --stay printed nothing" % binary)
            subprocess.run(["xdotool", "mousemove", "1275", "795"], capture_output=True)
            value, peak = idle_window(process.pid, time.time())
            rss[kind] = rss_mb(process.pid)
            parts[kind] = memory_mb(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=10)
        REPORT.emit(name="idle.cpu.bare-%s-window" % kind, unit="percent", value=round(value, 3), baseline=None, ratio=None, budget=None,
                    settle_s=SETTLE_S, window_s=WINDOW_S, busiest_second=round(peak, 2))
        REPORT.emit(name="memory.resident.bare-%s-window" % kind, unit="MB", value=round(rss[kind], 1), baseline=None, ratio=None, budget=None,
                    anonymous_mb=round(parts[kind]["anonymous"], 1), pss_mb=round(parts[kind]["pss"], 1))
    BARE_MEMORY.update(parts["adw"])
    return rss["gtk"], rss["adw"]


def window_named(app, title):
    """The app's top-level window (or dialog) called `title`, or None."""
    windows = (app.app.getChildAtIndex(i) for i in range(app.app.childCount))
    return next((w for w in windows if w is not None and gui.name(w) == title), None)


def session_start_page(folder, server):
    """A fresh start: the start page, the empty Favorites tab, the Sign In dialog."""
    app = App(folder, "start", ["--api-url", server.base])
    try:
        app.wait("the search entry", "entry", "Search GitHub users")
        app.park_pointer()

        def start_page():
            need(showing(app, "label", "Search GitHub Users"), "the start page 'Search GitHub Users' is not showing")
            need(showing(app, "entry", "Search GitHub users"), "the search entry is not showing")
            need(not showing(app, "list", "Search results"), "a result list is showing")
            return "start page 'Search GitHub Users' showing"
        idle_cpu(app, "start-page", start_page)

        app.key("alt+2")
        try:
            app.wait("the Favorites tab", "label", "No Favorites Yet")
        except StateNotReached:
            pass  # reported by the verification below

        def favorites_empty():
            need(tab_pressed(app, "Favorites"), "the Favorites tab is not selected")
            need(showing(app, "label", "No Favorites Yet"), "'No Favorites Yet' is not showing")
            return "'No Favorites Yet' showing, Favorites tab selected"
        idle_cpu(app, "favorites-empty", favorites_empty)

        # Preferences (Ctrl+,), then closed with Escape.
        app.key("ctrl+comma")
        try:
            app.wait("the Preferences window", "label", "Follow System Style", timeout=10)
        except StateNotReached:
            pass

        def preferences_window():
            shown = window_named(app, "Preferences")
            need(shown, "no window 'Preferences'")
            need(gui.find(shown, "label", "Dark Style") is not None, "the style choices are not showing")
            return "window 'Preferences' with the style choices showing"
        idle_cpu(app, "preferences", preferences_window)
        app.key("Escape")
        deadline = time.time() + 10
        while showing(app, "label", "Follow System Style") and time.time() < deadline:
            time.sleep(0.2)
        # Without a window manager nothing gives the main window the keyboard back: a click does.
        app.click(app.wait("the favorites filter", "entry", "Filter favorites"))

        # Primary menu (F10) -> Sign In…, as a keyboard user opens it.
        app.key("F10")
        item = app.wait("the menu item 'Sign In…'", "menu item", "Sign In…", timeout=10)
        if not gui.has_state(item, gui.pyatspi.STATE_FOCUSED):
            app.key("Home")
        app.key("Return")
        try:
            app.wait("the Sign In dialog", "password text", "Personal access token", timeout=10)
        except StateNotReached:
            pass

        def sign_in_dialog():
            dialog = window_named(app, "Sign In to GitHub")
            need(dialog, "no window 'Sign In to GitHub'")
            need(gui.find(dialog, "password text", "Personal access token") is not None, "the token entry is not showing in the dialog")
            return "dialog 'Sign In to GitHub' with its token entry showing"
        idle_cpu(app, "sign-in-dialog", sign_in_dialog)
    except StateNotReached as error:
        REPORT.fail("session start", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def session_search(folder, server, data_home):
    """Results, then three profiles in the detail pane; stars a few accounts on the way."""
    accounts = fixture_accounts()
    app = App(folder, "search", ["--api-url", server.base, "--search", "tom"], data_home=data_home)
    try:
        app.wait("the search results", "panel", "tom", timeout=30)
        app.park_pointer()

        def results():
            need(showing(app, "list", "Search results"), "the list 'Search results' is not showing")
            rows = gui.find_all(app.app, "panel", predicate=lambda n: "tom" in (gui.name(n) or "").lower())
            need(len(rows) >= 10, "only %d result rows matching 'tom' showing" % len(rows))
            need(not labels_showing(app, lambda t: t.startswith("Searching")), "still 'Searching…'")
            return "%d result rows showing" % len(rows)
        idle_cpu(app, "results", results)

        # Star a result from its row (a 'T' group for Favorites).
        star = app.find("push button", "Add tom to favorites")
        if star is not None:
            app.press(star)
            app.wait("the row star to turn on", "push button", "Remove tom from favorites", timeout=10)

        for state, login in DETAIL_ACCOUNTS:
            try:
                open_detail(app, login, accounts[login])
            except StateNotReached:
                pass  # the verification reports what is missing
            if idle_cpu(app, state, lambda login=login: verify_detail(app, login, accounts[login])):
                # Ctrl+D stars the account shown (for the Favorites sessions).
                app.key("ctrl+d")
                app.wait("the detail star to turn on", "push button", "Remove from favorites", timeout=10)
    except StateNotReached as error:
        REPORT.fail("session search", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def session_repositories(folder, server):
    """The Repositories scope: results, then a repository's detail with its languages."""
    app = App(folder, "repositories", ["--api-url", server.base])
    try:
        app.wait("the scope switch", "push button", "Repositories", timeout=30)
        app.key("ctrl+2")
        app.search("swift")
        app.wait("the repository results", "list", "Repository results", timeout=30)
        app.park_pointer()

        def repository_rows():
            return gui.find_all(app.app, "panel", predicate=lambda n: "/" in (gui.name(n) or ""))

        def results():
            need(showing(app, "list", "Repository results"), "the list 'Repository results' is not showing")
            rows = repository_rows()
            need(len(rows) >= 5, "only %d repository rows showing" % len(rows))
            need(not labels_showing(app, lambda t: t.startswith("Searching")), "still 'Searching…'")
            return "%d repository rows showing" % len(rows)
        idle_cpu(app, "repository-results", results)

        rows = repository_rows()
        need(rows, "no repository row to open")
        full_name = gui.name(rows[0])
        app.click(rows[0])
        app.wait("the repository detail", "push button", "Open in Browser", timeout=20)
        app.park_pointer()

        def detail():
            need(showing(app, "push button", "Open in Browser"), "no 'Open in Browser' button showing")
            need(showing(app, "label", full_name.split("/")[1]), "the detail does not show %r" % full_name)
            need(showing(app, "label", "Watchers"), "no 'Watchers' count showing")
            need(labels_showing(app, lambda t: t.endswith(" %")), "no language share showing")
            return "%s: name, counts, languages, Open in Browser" % full_name
        idle_cpu(app, "repository-detail", detail)

        star = app.find("push button", "Star " + full_name)
        need(star is not None, "no 'Star %s' button in the detail" % full_name)
        app.press(star)
        app.wait("the star to apply", "push button", "Unstar " + full_name, timeout=10)
        app.key("alt+2")
        app.wait("the Favorites tab", "push button", "Repositories", timeout=10)
        app.key("ctrl+2")
        app.wait("the starred repositories", "list", "Favorite Repositories", timeout=20)
        app.park_pointer()

        def favorite_repositories():
            need(showing(app, "list", "Favorite Repositories"), "the list 'Favorite Repositories' is not showing")
            need(showing(app, "panel", full_name), "%s is not listed in Favorites › Repositories" % full_name)
            return "%s starred, listed in Favorites › Repositories" % full_name
        idle_cpu(app, "favorite-repositories", favorite_repositories)
    except StateNotReached as error:
        REPORT.fail("session repositories", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def session_favorites(folder, server, data_home):
    """A new start on the favorites starred before: the start page with the recent searches,
    the favorites grouped under letter headers, filtered, listed by a tag, and a favorite's
    detail with its note and tags."""
    with sqlite3.connect(app_database(data_home)) as db:
        db.execute("UPDATE favorite SET note = 'Met at GUADEC 2026', tags = 'conference 2026' WHERE login = 'octocat'")
    app = App(folder, "favorites", ["--api-url", server.base], data_home=data_home)
    try:
        app.wait("the search entry", "entry", "Search GitHub users")
        app.park_pointer()

        def recent_searches():
            listed = app.find("list", "Recent searches")
            need(listed is not None, "the start page lists no recent searches")
            need(gui.find(listed, "list item", "tom") is not None, "'tom' (searched before) is not among the recent searches")
            need(showing(app, "label", "Search GitHub Users"), "the start page is not showing")
            return "start page with recent searches: tom"
        if not idle_cpu(app, "start-page-recent-searches", recent_searches):
            return
        app.key("alt+2")
        app.wait("the favorites list", "list", "Favorites", timeout=10)
        app.park_pointer()
        headers = sorted({("#" if not login[0].isalpha() else login[0].upper()) for login in FAVORITE_LOGINS})

        def grouped():
            need(tab_pressed(app, "Favorites"), "the Favorites tab is not selected")
            favorites = app.find("list", "Favorites")
            need(favorites is not None, "the list 'Favorites' is not showing")
            missing_headers = [h for h in headers if gui.find(favorites, "panel", h) is None]
            need(not missing_headers, "letter headers %s not showing" % missing_headers)
            missing_rows = [login for login in FAVORITE_LOGINS if gui.find(favorites, "panel", login) is None]
            need(not missing_rows, "favorites %s not showing" % missing_rows)
            need(showing(app, "label", "Select a User"), "the detail pane is not empty ('Select a User')")
            return "headers %s, %d favorites showing" % (" ".join(headers), len(FAVORITE_LOGINS))
        if not idle_cpu(app, "favorites-grouped", grouped):
            return

        entry = app.find("entry", "Filter favorites")
        need(entry is not None, "no 'Filter favorites' entry showing")
        app.click(entry)
        app.key("ctrl+a")
        app.type("octo")
        app.park_pointer()

        def filtered():
            entry = app.find("entry", "Filter favorites")
            need(entry is not None and gui.text_of(entry) == "octo", "the filter entry does not hold 'octo'")
            favorites = app.find("list", "Favorites")
            need(favorites is not None and gui.find(favorites, "panel", "octocat") is not None, "'octocat' is not showing in the filtered list")
            others = [login for login in FAVORITE_LOGINS if login != "octocat" and gui.find(favorites, "panel", login) is not None]
            need(not others, "the filter left %s showing" % others)
            need(gui.find(favorites, "panel", "O") is not None, "the 'O' header is not showing")
            return "filter 'octo': octocat under 'O' only"
        time.sleep(0.5)
        if not idle_cpu(app, "favorites-filtered", filtered):
            return

        app.click(app.find("entry", "Filter favorites"))
        app.key("ctrl+a", "BackSpace")
        tag = app.wait("the tag bar's 'conference 2026'", "push button", "conference 2026", timeout=10)
        app.press(tag)
        app.park_pointer()

        def tagged():
            favorites = app.find("list", "Favorites")
            need(favorites is not None and gui.find(favorites, "panel", "octocat") is not None, "'octocat' is not listed under its tag")
            others = [login for login in FAVORITE_LOGINS if login != "octocat" and gui.find(favorites, "panel", login) is not None]
            need(not others, "the tag left %s listed" % others)
            need(gui.has_state(app.find("push button", "conference 2026"), gui.pyatspi.STATE_PRESSED), "the tag is not turned on")
            return "tag 'conference 2026': octocat only"
        time.sleep(0.5)
        if not idle_cpu(app, "favorites-tag-filter", tagged):
            return

        app.click(gui.find(app.find("list", "Favorites"), "panel", "octocat"))
        app.wait("octocat's note", "text", "Note", timeout=15)
        app.park_pointer()

        def noted():
            note = app.find("text", "Note")
            need(note is not None and gui.text_of(note) == "Met at GUADEC 2026", "the note editor does not show octocat's note")
            need(showing(app, "push button", "Remove tag conference 2026"), "the tag chip is not showing")
            need(showing(app, "text", "Tags"), "the tag entry is not showing")
            return "octocat's detail: its note and its tag"
        time.sleep(0.5)
        idle_cpu(app, "detail-note", noted)
    except StateNotReached as error:
        REPORT.fail("session favorites", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def session_narrow(folder, server):
    """The window resized below 700 px, then a profile opened: one pane, with a Back button."""
    accounts = fixture_accounts()
    app = App(folder, "narrow", ["--api-url", server.base])
    try:
        app.wait("the search entry", "entry", "Search GitHub users")
        app.resize(600, 700)
        time.sleep(1)
        status = app.process.poll()
        need(status is None, "github-finder crashed when its window was resized to 600x700 (%s)" % (describe_status(status) if status is not None else ""))
        try:
            open_detail(app, "octocat", accounts["octocat"])
        except StateNotReached:
            pass

        def narrow():
            size = app.win.size()
            need(size is not None and size[0] < 700, "the window is %s wide, not narrow" % (size,))
            need(showing(app, "push button", "Back"), "no 'Back' button showing")
            need(not showing(app, "list", "Search results"), "the result list is showing beside the detail")
            return "%dx%d, %s, Back showing" % (size[0], size[1], verify_detail(app, "octocat", accounts["octocat"]))
        idle_cpu(app, "narrow-detail", narrow)
    except StateNotReached as error:
        REPORT.fail("session narrow", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def countdown_text(app):
    texts = labels_showing(app, lambda t: "again in" in t or re.search(r"\d+:\d\d", t) is not None)
    return texts[0] if texts else None


def session_rate_limited(folder):
    """A search answered 403 with x-ratelimit-remaining: 0 (fresh double: resets ~60 s later)."""
    server = FixtureServer(folder, "rate-limited")
    app = None
    try:
        server.fault(kind="primaryLimitExhausted", route="search")
        app = App(folder, "rate-limited", ["--api-url", server.base, "--search", "tom"])
        app.wait("'Rate Limit Reached'", "label", "Rate Limit Reached", timeout=20)
        app.park_pointer()
        seen = {}

        def rate_limited():
            need(showing(app, "label", "Rate Limit Reached"), "'Rate Limit Reached' is not showing")
            first = countdown_text(app)
            need(first, "no countdown showing")
            changed = gui.wait_for("the countdown to tick", lambda: (countdown_text(app) or first) != first and countdown_text(app), timeout=3)
            need(seen.get("last") != changed, "the countdown did not move during the window")
            seen["last"] = changed
            return "countdown running: %r" % changed.replace("\n", " ")
        idle_cpu(app, "rate-limited", rate_limited)
    except (StateNotReached, RuntimeError) as error:
        REPORT.fail("session rate-limited", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        if app is not None:
            report_exit(app)
        server.stop()


def session_offline(folder):
    """The API at a closed port."""
    app = App(folder, "offline", ["--api-url", "http://127.0.0.1:%d" % free_port(), "--search", "tom"])
    try:
        try:
            app.wait("'You're Offline'", "label", "You're Offline", timeout=20)
        except StateNotReached:
            pass
        app.park_pointer()

        def offline():
            need(showing(app, "label", "You're Offline"), "'You're Offline' is not showing")
            return "'You're Offline' showing"
        idle_cpu(app, "offline", offline)
    except StateNotReached as error:
        REPORT.fail("session offline", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)


def read_debug_stats(app, path, timeout=10.0):
    """SIGUSR1 -> the app (re)writes `path`; returns the parsed object, or None if unsupported."""
    if not handles_signal(app.pid, signal.SIGUSR1):
        return None  # SIGUSR1's default action would kill it
    before = os.stat(path).st_mtime_ns if os.path.exists(path) else None
    os.kill(app.pid, signal.SIGUSR1)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path) and os.stat(path).st_mtime_ns != before:
            try:
                with open(path) as f:
                    return json.load(f)
            except ValueError:
                pass  # still being written
        time.sleep(0.1)
    return None


def thousand_results_server(folder, label):
    """The double with 1,000 results for a search, and where the app's debug statistics go."""
    return FixtureServer(folder, label, "--search-limit", "1000", "--core-limit", "100000"), os.path.join(folder, "%s-stats.json" % label)


def thousand_results_app(folder, label, server, stats_path):
    """The app searching "a" on `server`, once its first results show."""
    app = App(folder, label, ["--api-url", server.base, "--search", "a"], extra_env={"GHF_DEBUG_STATS": stats_path})
    try:
        app.wait("the first results", "list", "Search results", timeout=30)
    except BaseException:
        report_exit(app)
        raise
    return app


def session_memory(folder, bare_gtk_rss, bare_rss):
    """Scrolls through all 1,000 results of a search with the mouse wheel, lets the avatars arrive,
    then measures idle CPU and resident memory, and checks what the app holds."""
    name = "memory.resident.1000-results-with-avatars"
    line = dict(name=name, unit="MB", value=None, baseline="memory.resident.bare-adw-window", ratio=None,
                budget="<= baseline + %d MB" % MEMORY_BUDGET_MB)
    server, stats_path = thousand_results_server(folder, "memory")
    app = None
    try:
        app = thousand_results_app(folder, "memory", server, stats_path)
        deadline = time.time() + 150
        footer = None
        while time.time() < deadline:
            app.check_alive()
            app.wheel_down(180, 400, 60)
            footer = labels_showing(app, lambda t: t.startswith("Showing the first"))
            if footer:
                break
        need(footer, "the end of the list ('Showing the first 1,000 …') never showed; %d search requests" % server.requests("search"))
        # The rows last scrolled past get their avatars: wait until the avatar requests stop.
        quiet_since, count = time.time(), server.requests("avatar")
        while time.time() - quiet_since < 2.0 and time.time() < deadline + 30:
            time.sleep(0.5)
            now = server.requests("avatar")
            if now != count:
                quiet_since, count = time.time(), now
        app.park_pointer()

        def thousand_rows():
            need(showing(app, "list", "Search results"), "the result list is not showing")
            need(labels_showing(app, lambda t: t.startswith("Showing the first")), "the end-of-list note is not showing")
            return footer[0]
        idle_cpu(app, "1000-results", thousand_rows)
        app.check_alive()
        rss = rss_mb(app.pid)
        parts = memory_mb(app.pid)
        # Where the resident memory is, kept with the artifacts for a look when the figure moves.
        shutil.copyfile("/proc/%d/smaps" % app.pid, os.path.join(folder, "memory-smaps.txt"))
        stats = read_debug_stats(app, stats_path)
        line.update(value=round(rss, 1), ratio=round(rss / bare_rss, 3), over_baseline_mb=round(rss - bare_rss, 1),
                    over_bare_gtk_window_mb=round(rss - bare_gtk_rss, 1),
                    anonymous_mb=round(parts["anonymous"], 1), pss_mb=round(parts["pss"], 1),
                    anonymous_over_baseline_mb=round(parts["anonymous"] - BARE_MEMORY.get("anonymous", 0), 1),
                    pss_over_baseline_mb=round(parts["pss"] - BARE_MEMORY.get("pss", 0), 1),
                    search_requests=server.requests("search"), avatar_requests_served=server.requests("avatar"))
        if stats is None:
            line.update(verified=False, error="unverified: the app wrote no GHF_DEBUG_STATS file on SIGUSR1")
            REPORT.emit(**line)
            REPORT.fail(name, "unverified: github-finder does not answer SIGUSR1 with GHF_DEBUG_STATS (%.1f MB resident)" % rss)
            return
        line.update(searchRows=stats.get("searchRows"), avatarsDecoded=stats.get("avatarsDecoded"), avatarRequests=stats.get("avatarRequests"),
                    avatarTexturesCached=stats.get("avatarTexturesCached"), avatarRequestsCancelled=stats.get("avatarRequestsCancelled"))
        problems = []
        if stats.get("searchRows") != RESULT_CAP:
            problems.append("searchRows is %r, not %d" % (stats.get("searchRows"), RESULT_CAP))
        if not stats.get("avatarsDecoded"):
            problems.append("no avatar was decoded")
        line["verified"] = not problems
        if problems:
            line["error"] = "; ".join(problems)
        REPORT.emit(**line)
        if problems:
            REPORT.fail(name, "content not as measured: %s" % "; ".join(problems))
        elif rss > bare_rss + MEMORY_BUDGET_MB:
            REPORT.fail(name, "%.1f MB resident, %.1f MB over the bare Adw window (budget %d MB)" % (rss, rss - bare_rss, MEMORY_BUDGET_MB))
    except (StateNotReached, RuntimeError, FileNotFoundError) as error:
        REPORT.emit(**line, error=str(error))
        REPORT.fail(name, "%s%s" % (error, evidence_note(app, "memory")))
    finally:
        if app is not None:
            report_exit(app)
        server.stop()


FILTER_FAVORITES = 100_000
# What a person types into the filter, each typed then deleted letter by letter: names that match
# (Linus-like people and repositories), prefixes that match thousands, and misses, over 200
# keystrokes a list so that a p99 is not the slowest sample.
FILTER_WORDS = ["linus torvalds", "octcat", "kim dev", "zebra crossing", "byte9", "name sun", "torvalds 997", "qwxyz", "codebyte",
                "tools for tom", "an", "suncode lin", "rust", "linus"]
FILTER_KEYSTROKES_MIN = 200


def _syllable_names(count):
    """`count` varied lowercase names (three syllables and a number), the same on every run."""
    syllables = ["oct", "cat", "tom", "an", "na", "kim", "dev", "byte", "code", "sun", "li", "zo", "ra", "9", "x", "lin", "us", "tor"]
    state = 0x2545F4914F6CDD1D
    for n in range(count):
        parts = []
        for _ in range(3):
            state ^= (state << 13) & 0xFFFFFFFFFFFFFFFF
            state ^= state >> 7
            state ^= (state << 17) & 0xFFFFFFFFFFFFFFFF
            parts.append(syllables[state % len(syllables)])
        yield n, parts


def app_database(data_home):
    """The favorites file the app made for the server it was pointed at (one file per server)."""
    import glob
    found = glob.glob(os.path.join(data_home, "io.github.githubfinder.GitHubFinder", "**", "favorites.sqlite"), recursive=True)
    need(len(found) == 1, "expected the app to have made one favorites file, found %r" % found)
    return found[0]


def fill_favorites(database, count):
    """`count` varied favorites written straight into the app's own database (its schema made by
    the app itself on a first start), some of them Linus-like so the typed name matches."""
    import sqlite3
    rows = []
    for n, parts in _syllable_names(count):
        login = "".join(parts) + str(n)
        name = "Linus Torvalds %d" % n if n % 997 == 0 else ("Name %s %d" % (parts[0], n) if n % 3 else None)
        rows.append((n + 1, login, name, "https://avatars.example/u/%d" % (n + 1), "User", "https://github.com/" + login, "2026-01-01 00:00:00.000"))
    connection = sqlite3.connect(database)
    with connection:
        connection.executemany("INSERT INTO favorite (id, login, name, avatarURL, type, profileURL, addedAt) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


def fill_repository_favorites(database, count):
    """`count` varied starred repositories, as the app stores them; some are described as Linus
    Torvalds' so the typed words match, the rest have everyday descriptions (or none)."""
    import sqlite3
    languages = ["C", "Swift", "Rust", "Python", None, "Go", "Vala", "TypeScript"]
    rows = []
    for n, parts in _syllable_names(count):
        owner, name = parts[0] + parts[1] + str(n % 5000), parts[2] + "-" + parts[0] + str(n)
        description = ("A tree Linus Torvalds keeps %d" % n if n % 997 == 0 else
                       ("Tools for %s and %s, number %d" % (parts[1], parts[2], n) if n % 4 else None))
        rows.append((n + 1, owner + "/" + name, owner, 100_000 + n % 5000, name, description, languages[n % len(languages)], (n * 7919) % 250_000,
                     "https://avatars.example/u/%d" % (100_000 + n % 5000), "https://github.com/%s/%s" % (owner, name), "2026-01-01 00:00:00.000"))
    connection = sqlite3.connect(database)
    with connection:
        connection.executemany("INSERT INTO favorite_repository (id, fullName, ownerLogin, ownerID, name, description, language, stars, ownerAvatarURL,"
                               " htmlURL, addedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


def watched_stall(app, stats_path, action):
    """The main loop's longest stall while `action` runs: SIGUSR2 starts the app's 5 ms heartbeat
    (GHF_DEBUG_STATS), the next stops it; returns the longest gap in ms and the gaps over 16 ms."""
    need(handles_signal(app.pid, signal.SIGUSR2), "github-finder does not watch its main loop on SIGUSR2")
    before = read_debug_stats(app, stats_path) or {}
    os.kill(app.pid, signal.SIGUSR2)
    time.sleep(0.2)
    try:
        action()
    finally:
        time.sleep(0.3)
        os.kill(app.pid, signal.SIGUSR2)
    # The stop signal may be handled after the next SIGUSR1 (when both are pending the kernel
    # delivers the lower-numbered first): look again until the run is counted.
    deadline = time.time() + 10
    stats = read_debug_stats(app, stats_path)
    while stats is not None and stats.get("watchRuns", 0) == before.get("watchRuns", 0) and time.time() < deadline:
        time.sleep(0.2)
        stats = read_debug_stats(app, stats_path)
    need(stats is not None and stats.get("watchRuns", 0) == before.get("watchRuns", 0) + 1, "the app did not watch its main loop (GHF_DEBUG_STATS)")
    return stats["watchLongestStallMilliseconds"], stats.get("watchLongGaps", [])[-20:]


def emit_stall(name, stall, gaps, **extra):
    REPORT.emit(name=name, unit="ms", value=round(stall, 1), baseline="budget", baseline_value=STALL_BUDGET_MS, ratio=round(stall / STALL_BUDGET_MS, 3),
                budget="<= %d" % STALL_BUDGET_MS, **extra)
    log("%s: gaps over 16 ms [ms since the run began, ms]: %s" % (name, gaps))
    if stall > STALL_BUDGET_MS:
        REPORT.fail(name, "the main loop stalled %.1f ms (budget %d ms)" % (stall, STALL_BUDGET_MS))


def page_down_until(app, stats_path, reached, presses_per_run, seconds):
    """PageDown held (30 presses a second, GNOME's key repeat) in runs of `presses_per_run`, each
    run's main loop watched, until `reached()` or `seconds` have passed. Returns the longest stall,
    its run's long gaps, and the presses made."""
    longest, gaps, presses = 0.0, [], 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        stall, run_gaps = watched_stall(app, stats_path, lambda: app.key_held("Next", presses_per_run, per_second=30))
        presses += presses_per_run
        if stall > longest:
            longest, gaps = stall, run_gaps
        time.sleep(1)  # the presses still queued are handled before looking
        if reached():
            break
    return longest, gaps, presses


def session_scroll_results(folder):
    """A search of 1,000 results scrolled from top to bottom with PageDown held (30 a second), the
    list filling a page of 100 at a time as it goes: the main loop's longest stall."""
    name = "smooth.results.1000.page-down.longest-main-loop-stall"
    server, stats_path = thousand_results_server(folder, "scroll")
    app = None
    try:
        app = thousand_results_app(folder, "scroll", server, stats_path)
        app.click(app.find("entry", "Search GitHub users"))
        app.key("Down")
        longest, gaps, presses = page_down_until(app, stats_path, lambda: labels_showing(app, lambda t: t.startswith("Showing the first")), 60, 240)
        need(labels_showing(app, lambda t: t.startswith("Showing the first")), "PageDown never reached the end of the 1,000 results")
        stats = read_debug_stats(app, stats_path)
        need(stats and stats.get("searchRows") == RESULT_CAP, "the list holds %r rows, not %d" % (stats and stats.get("searchRows"), RESULT_CAP))
        emit_stall(name, longest, gaps, presses=presses, rows=stats.get("searchRows"), search_requests=server.requests("search"))
    except (StateNotReached, RuntimeError, subprocess.SubprocessError) as error:
        REPORT.emit(name=name, unit="ms", value=None, baseline="budget", ratio=None, budget="<= %d" % STALL_BUDGET_MS, error=str(error))
        REPORT.fail(name, "%s%s" % (error, evidence_note(app, "scroll")))
    finally:
        if app is not None:
            report_exit(app)
        server.stop()


def favorites_page_down(app, stats_path, database, people):
    """PageDown held (30 a second, GNOME's key repeat) through the whole Favorites list, top to
    bottom: GTK moves 10 rows a press, so 100,000 favorites take some 10,000 presses."""
    import sqlite3
    connection = sqlite3.connect(database)
    logins = [row[0] for row in connection.execute("SELECT login FROM favorite")]
    connection.close()
    # The last row: the "#" section (logins that do not start with a letter) comes after "Z".
    others = [login for login in logins if not ("a" <= login[:1].lower() <= "z")]
    last = max(others or logins, key=lambda login: login.lower())
    name = "smooth.favorites.%dk.page-down.longest-main-loop-stall" % (people // 1000)
    try:
        app.click(app.find("entry", "Filter favorites"))
        app.key("Down")
        longest, gaps, presses = page_down_until(app, stats_path, lambda: showing(app, "label", last), 300, 720)
        need(showing(app, "label", last), "PageDown never reached the last favorite (%s) in %d presses" % (last, presses))
        emit_stall(name, longest, gaps, presses=presses, favorites=people)
        # Giving freed memory back (malloc_trim) runs on the main thread once activity settles.
        stats = read_debug_stats(app, stats_path) or {}
        log("%s: memory releases on the main thread (ms): %s; stalls over 40 ms [CLOCK_MONOTONIC s, ms]: %s"
            % (name, stats.get("memoryReleaseMilliseconds"), stats.get("watchBigGaps")))
    except (StateNotReached, RuntimeError, subprocess.SubprocessError) as error:
        REPORT.emit(name=name, unit="ms", value=None, baseline="budget", ratio=None, budget="<= %d" % STALL_BUDGET_MS, error=str(error))
        REPORT.fail(name, str(error))


def tabs_and_scopes(app, stats_path, size):
    """Search and Favorites tabs (Alt+1, Alt+2), then People and Repositories in Favorites
    (Ctrl+1, Ctrl+2), ten times each, 0.6 s apart: the main loop's longest stall."""
    name = "smooth.tabs-and-scopes.%s.longest-main-loop-stall" % size
    try:
        def switch():
            for _ in range(10):
                for key in ("alt+1", "alt+2"):
                    app.key(key)
                    time.sleep(0.6)
            for _ in range(10):
                for key in ("ctrl+1", "ctrl+2"):
                    app.key(key)
                    time.sleep(0.6)
        stall, gaps = watched_stall(app, stats_path, switch)
        need(showing(app, "list", "Favorite Repositories"), "the starred repositories are not showing after the switches")
        emit_stall(name, stall, gaps, switches=40)
    except (StateNotReached, RuntimeError, subprocess.SubprocessError) as error:
        REPORT.emit(name=name, unit="ms", value=None, baseline="budget", ratio=None, budget="<= %d" % STALL_BUDGET_MS, error=str(error))
        REPORT.fail(name, str(error))


def session_filter(folder, server, people=FILTER_FAVORITES, repositories=0):
    """The Favorites filter over `people` favorites (and `repositories` starred repositories:
    then the word is typed in each list, People then Repositories), typed and deleted as a person
    would: each keystroke timed in the app from the entry's change to the GTK list model spliced."""
    size = "100k" if repositories == 0 else "%dk+%dk" % (people // 1000, repositories // 1000)
    name = "favorites.filter.%s.keystroke-to-splice" % size
    line = dict(name=name, unit="ms", p50=None, p99=None, baseline=None, ratio=None, budget="p99 < 8")
    data_home = os.path.join(folder, "filter-data-" + size)
    stats_path = os.path.join(folder, "filter-stats-%s.json" % size)
    app = None
    try:
        first = App(folder, "filter-schema-" + size, ["--api-url", server.base], data_home=data_home)
        first.wait("the search entry", "entry", "Search GitHub users")
        first.stop()
        database = app_database(data_home)
        fill_favorites(database, people)
        if repositories:
            fill_repository_favorites(database, repositories)
        app = App(folder, "filter-" + size, ["--api-url", server.base], data_home=data_home, extra_env={"GHF_DEBUG_STATS": stats_path})
        app.wait("the search entry", "entry", "Search GitHub users")
        app.key("alt+2")
        app.wait("the favorites list", "list", "Favorites", timeout=20)
        entry = app.find("entry", "Filter favorites")
        need(entry is not None, "no 'Filter favorites' entry showing")
        lists = ["Favorites"] + (["Favorite Repositories"] if repositories else [])
        for shown in lists:
            if shown != "Favorites":
                app.key("ctrl+2")
                app.wait("the starred repositories", "list", shown, timeout=20)
            app.click(entry)
            for word in FILTER_WORDS:
                for letter in word:
                    app.key("space" if letter == " " else letter)
                    time.sleep(0.125)
                for _ in word:
                    app.key("BackSpace")
                    time.sleep(0.125)
                time.sleep(0.5)
            time.sleep(1)
        stats = read_debug_stats(app, stats_path)
        need(stats is not None, "the app wrote no GHF_DEBUG_STATS file on SIGUSR1")
        timings = stats.get("favoritesFilterMilliseconds") or []
        log("filter timings (%s): %s" % (size, timings))
        keystrokes = 2 * sum(len(word) for word in FILTER_WORDS) * len(lists)
        need(keystrokes >= FILTER_KEYSTROKES_MIN, "only %d keystrokes typed" % keystrokes)
        need(len(timings) >= keystrokes, "%d keystrokes reached the list, not %d" % (len(timings), keystrokes))
        need(stats.get("favoritesRows", 0) > people, "the people list holds %r rows after the filter was cleared" % stats.get("favoritesRows"))
        if repositories:
            need(stats.get("favoriteRepositoryRows", 0) > repositories,
                 "the repository list holds %r rows after the filter was cleared" % stats.get("favoriteRepositoryRows"))
        timings = timings[-keystrokes:]
        stalled = stats.get("filterLongestStallMilliseconds", 0)
        log("filter main-loop gaps over 16 ms (%s) [ms since the first keystroke, ms]: %s" % (size, stats.get("filterLongGaps")))
        line.update(p50=round(statistics.median(timings), 3), p99=round(percentile(timings, 0.99), 3), keystrokes=len(timings),
                    longest_main_loop_stall_ms=round(stalled, 1),
                    favorites=people, repository_favorites=repositories, rows_after_clearing=stats.get("favoritesRows"),
                    repository_rows_after_clearing=stats.get("favoriteRepositoryRows"))
        REPORT.emit(**line)
        if line["p99"] >= 8:
            REPORT.fail(name, "p99 %.2f ms per keystroke" % line["p99"])
        if stalled > STALL_BUDGET_MS:
            REPORT.fail(name, "the main loop stalled %.1f ms while typing (budget %d ms)" % (stalled, STALL_BUDGET_MS))
        if repositories:
            tabs_and_scopes(app, stats_path, size)
        else:
            favorites_page_down(app, stats_path, database, people)
    except Exception as error:  # a state not reached is a failure with its reason
        REPORT.emit(**line, error=str(error))
        REPORT.fail(name, str(error))
    finally:
        if app is not None:
            app.stop()


IMPORT_FOLLOWS = 5_000
DEMO_TOKEN = "ghp_demo_octocat"  # the double's token for octocat (public_repo, user:follow)
IMPORT_ITEM = "Add everyone you follow to Favorites"


def fetch_following_pages(server):
    """The anchor of the import: the same pages of /user/following fetched by urllib in this run
    (100 a page, following each Link), as the app fetches them. Returns (milliseconds, logins)."""
    import urllib.request
    url, logins, started = server.base + "/user/following?per_page=100", [], time.time()
    while url:
        request = urllib.request.Request(url, headers={"Authorization": "Bearer " + DEMO_TOKEN, "Accept": "application/vnd.github+json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            logins += [user["login"] for user in json.loads(response.read())]
            found = re.search(r'<([^>]+)>; rel="next"', response.headers.get("Link") or "")
            url = found.group(1) if found else None
    return (time.time() - started) * 1000, logins


def session_account(folder):
    """Signed in (the double's demo token): Your Profile and its Following list, idle; then "Add
    everyone you follow to Favorites" over 5,000 follows from the main menu, as a user would. The
    app's heartbeat (GHF_DEBUG_STATS) gives the main loop's longest stall while importing (budget
    50 ms: no frame waits longer); the import's time is reported against fetching the same pages
    with urllib in this run. Checked: every follow is a favorite in the SQLite file and the list."""
    server = FixtureServer(folder, "account", "--search-limit", "100000", "--core-limit", "100000", "--following", "octocat=%d" % IMPORT_FOLLOWS)
    stats_path = os.path.join(folder, "account-stats.json")
    data_home = os.path.join(folder, "account-data")
    stall = dict(name="account.import-following.5000.longest-main-loop-stall", unit="ms", value=None, baseline="budget", baseline_value=STALL_BUDGET_MS,
                 ratio=None, budget="<= %d" % STALL_BUDGET_MS)
    duration = dict(name="account.import-following.5000", unit="ms", value=None, baseline="account.following-pages.urllib", baseline_value=None,
                    ratio=None, budget=None)
    app = App(folder, "account", ["--api-url", server.base], data_home=data_home, extra_env={"GH_TOKEN": DEMO_TOKEN, "GHF_DEBUG_STATS": stats_path})
    try:
        app.wait("the Your Profile button", "push button", "Your Profile", timeout=30)
        app.press(app.find("push button", "Your Profile"))
        app.wait("your profile", "label", "The Octocat", timeout=20)
        app.park_pointer()

        def profile():
            need(showing(app, "label", "The Octocat"), "your profile ('The Octocat') is not showing")
            need(showing(app, "push button", "Following") and showing(app, "push button", "Your Repositories"), "the Following / Your Repositories tabs are not showing")
            need(not showing(app, "push button", "Follow"), "your own profile offers 'Follow'")
            return "The Octocat with Following, Followers and Your Repositories"
        idle_cpu(app, "your-profile", profile)

        app.press(app.find("push button", "Following"))
        app.wait("the Following list", "list", "Following", timeout=20)
        app.park_pointer()

        def following():
            listed = app.find("list", "Following")
            need(listed is not None, "the list 'Following' is not showing")
            rows = gui.find_all(listed, "panel")
            need(len(rows) >= 5, "only %d rows in Following" % len(rows))
            need(showing(app, "label", "5,000") or showing(app, "label", "5000"), "the Following tab does not show GitHub's count")
            return "%d rows of 5,000 showing" % len(rows)
        idle_cpu(app, "your-profile-following", following)

        for tab, state, list_name in (("Followers", "your-profile-followers", "Followers"), ("Your Repositories", "your-profile-repositories", "Your Repositories")):
            app.press(app.find("push button", tab))
            app.wait("the %s list" % tab, "list", list_name, timeout=20)
            app.park_pointer()

            def listed(tab=tab, list_name=list_name):
                shown = app.find("list", list_name)
                need(shown is not None, "the list %r is not showing" % list_name)
                rows = gui.find_all(shown, "panel")
                need(len(rows) >= 1, "no rows in %s" % tab)
                return "%d rows of %s showing" % (len(rows), tab)
            idle_cpu(app, state, listed)

        anchor_ms, expected = fetch_following_pages(server)
        need(len(set(expected)) == IMPORT_FOLLOWS, "the double lists %d follows, not %d" % (len(set(expected)), IMPORT_FOLLOWS))
        duration["baseline_value"] = round(anchor_ms, 1)
        app.key("F10")
        item = gui.wait_for("the menu item %r" % IMPORT_ITEM,
                            lambda: next(iter(gui.find_all(app.app, "menu item", IMPORT_ITEM, only_showing=False)), None), 10)
        started = time.time()
        app.press(item)
        # Not the accessibility tree while it runs: every walk of it is answered on the app's main
        # thread, and would be measured as the import's stalls. The app's own statistics say when
        # the import has ended; the summary toast is read once, after.
        stats = gui.wait_for("the import to end", lambda: (lambda got: got if got and got.get("importRuns", 0) >= 1 else None)(
            read_debug_stats(app, stats_path)), 180)
        duration["value"] = round((time.time() - started) * 1000, 1)
        duration["ratio"] = round(duration["value"] / anchor_ms, 2)
        need(labels_showing(app, lambda t: t.startswith("Added 5,000 people") or t.startswith("Added 5000 people")),
             "no 'Added 5,000 people' toast after the import")
        need(stats.get("favoritesRows", 0) > IMPORT_FOLLOWS, "the Favorites list holds %r rows" % stats.get("favoritesRows"))
        import sqlite3
        with sqlite3.connect(app_database(data_home), timeout=5) as db:
            stored = {row[0] for row in db.execute("SELECT login FROM favorite")}
        need(stored == set(expected), "%d of %d follows are favorites in the file" % (len(stored & set(expected)), IMPORT_FOLLOWS))
        stall.update(value=round(stats["importLongestStallMilliseconds"], 2), ratio=round(stats["importLongestStallMilliseconds"] / STALL_BUDGET_MS, 3),
                     favorites=len(stored), favorites_rows=stats.get("favoritesRows"),
                     gaps_over_16ms=len(stats.get("importLongGaps") or []))
        log("import: main-loop gaps over 16 ms [ms since start, ms]: %s" % stats.get("importLongGaps"))
        REPORT.emit(**duration)
        REPORT.emit(**stall)
        if stall["value"] > STALL_BUDGET_MS:
            REPORT.fail(stall["name"], "the main loop stalled %.1f ms while importing" % stall["value"])
    except StateNotReached as error:
        REPORT.fail("session account", "%s%s" % (error, evidence_note(app, "session")))
    finally:
        report_exit(app)
        server.stop()


def report_exit(app):
    status = app.stop()
    if status is not None:
        REPORT.fail("github-finder (%s)" % app.label, "exited during the session: %s; stderr in %s" % (describe_status(status), app.stderr_path))


GTK_WARNING = re.compile(r"\b(Gtk|Gdk|Gsk|GLib|GLib-GObject|GLib-GIO|Gio|Pango|Adwaita|Atspi|Gtk-atspi|GdkPixbuf)-(WARNING|CRITICAL)\b|\*\*\s*\((github-finder|bare-window|bare-adw-window):\d+\): (WARNING|CRITICAL)")


def report_warnings(folder):
    found = []
    for entry in sorted(os.listdir(folder)):
        if entry.endswith(".stderr"):
            with open(os.path.join(folder, entry), errors="replace") as f:
                for line in f:
                    if GTK_WARNING.search(line):
                        found.append((entry, re.sub(r"\(\w[\w-]*:\d+\)", "(pid)", line.strip())))
    distinct = sorted({message for _, message in found})
    REPORT.emit(name="app.stderr.gtk-warnings", unit="count", value=len(found), baseline=None, ratio=None, budget=None,
                distinct=distinct[:20])
    for source, message in found[:40]:
        log("warning in %s: %s" % (source, message))


def build_bare_windows(folder):
    """bare-window (GTK 4) and bare-adw-window (libadwaita), from bench/bare-window.c."""
    for binary, package, defines in (("bare-window", "gtk4", []), ("bare-adw-window", "libadwaita-1", ["-DBARE_ADW"])):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", package], capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-O2"] + defines + ["-o", os.path.join(folder, binary), os.path.join(ROOT, "bench", "bare-window.c"),
                        os.path.join(ROOT, "Sources", "CGtkSupport", "process_clock.c")] + flags, check=True)


# -- GNOME Shell search ---------------------------------------------------------------------------

SHELL_FAVORITES = 100_000
SHELL_BUS_NAME = "io.github.githubfinder.GitHubFinder"
SHELL_TERMS = [["linus"], ["oct"], ["linus", "torv"], ["kim"], ["zo9"], ["name", "dev"], ["bytecode"], ["x"], ["linus", "9"], ["us", "tor"]]
SHELL_COLD_RUNS = 5
SHELL_WARM_BUDGET_MS = 50.0
SHELL_COLD_BUDGET_MS = 300.0


def session_shell_search(folder):
    """GNOME Shell's search over 100,000 favorites, as the Shell calls it on the session bus:
    `GetInitialResultSet` timed from the call to the reply, with the service running (warm), and
    with no app running so that the call starts it by D-Bus activation (cold). Each answer is
    checked: ten results, and their metas name favorites that match."""
    from gi.repository import Gio, GLib
    warm_line = dict(name="shell-search.initial-result-set.100k.running", unit="ms", p50=None, p99=None, baseline=None, ratio=None, budget="p99 <= 50")
    cold_line = dict(name="shell-search.initial-result-set.100k.cold-activation", unit="ms", p50=None, p99=None, baseline=None, ratio=None,
                     budget="max <= 300")
    service = os.path.join(os.environ["GHF_DBUS_SERVICES"], SHELL_BUS_NAME + ".service")
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)

    def dbus(method, signature, *arguments):
        return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, GLib.Variant(signature, arguments),
                             None, 0, -1, None).unpack()

    def owner():
        try:
            return dbus("GetConnectionUnixProcessID", "(s)", SHELL_BUS_NAME)[0]
        except GLib.Error:
            return None

    def call(method, signature, *arguments):
        started = time.perf_counter()
        reply = bus.call_sync(SHELL_BUS_NAME, "/io/github/githubfinder/GitHubFinder/SearchProvider", "org.gnome.Shell.SearchProvider2", method,
                              GLib.Variant(signature, arguments), None, 0, 10_000, None)
        return reply.unpack()[0], (time.perf_counter() - started) * 1000

    def checked(terms):
        ids, elapsed = call("GetInitialResultSet", "(as)", terms)
        metas, _ = call("GetResultMetas", "(as)", ids)
        need(len(ids) == 10 and len(metas) == 10, "%r: %d results, %d metas (10 expected)" % (terms, len(ids), len(metas)))
        for meta in metas:
            text = (meta["name"] + " " + meta["description"]).lower()
            need(all(term in text for term in terms), "%r: result %r does not match" % (terms, meta))
        return elapsed

    def stop_service():
        pid = owner()
        if pid:
            os.kill(pid, signal.SIGTERM)
            deadline = time.time() + 10
            while os.path.exists("/proc/%d" % pid) and time.time() < deadline:
                time.sleep(0.05)

    try:
        data_home = os.path.join(folder, "shell-search-data")
        env = dict(base_env(folder), XDG_DATA_HOME=data_home, XDG_CONFIG_HOME=os.path.join(folder, "shell-search-config"),
                   XDG_CACHE_HOME=os.path.join(folder, "shell-search-cache"))
        made = subprocess.run([os.path.join(RELEASE, "github-finder"), "favorites", "list"], env=env, capture_output=True, text=True, timeout=60)
        need(made.returncode == 0, "github-finder favorites list failed: %s" % made.stderr)
        fill_favorites(app_database(data_home), SHELL_FAVORITES)
        stderr = os.path.join(folder, "shell-search-service.stderr")
        with open(service, "w") as f:
            f.write("[D-BUS Service]\nName=%s\nExec=/bin/sh -c 'exec %s --gapplication-service 2>>%s'\n"
                    % (SHELL_BUS_NAME, os.path.join(RELEASE, "github-finder"), stderr))
        keys = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LANG", "GTK_A11Y", "DISPLAY", "GSK_RENDERER", "GDK_BACKEND", "NO_AT_BRIDGE")
        dbus("UpdateActivationEnvironment", "(a{ss})", {key: env[key] for key in keys if key in env})
        time.sleep(0.5)  # the bus notices the new service file
        cold = []
        for _ in range(SHELL_COLD_RUNS):
            need(owner() is None, "the service is already running before a cold call")
            # The file's pages in the page cache, as for any favorites file in use; not the process.
            cold.append(checked(["linus"]))
            stop_service()
        log("shell search cold activations [ms]: %s" % [round(t, 1) for t in cold])
        checked(["oct"])  # started, and its index made
        warm = [checked(terms) for _ in range(3) for terms in SHELL_TERMS]
        log("shell search running [ms]: %s" % [round(t, 2) for t in warm])
        stop_service()
        warm_line.update(p50=round(statistics.median(warm), 2), p99=round(percentile(warm, 0.99), 2), calls=len(warm), favorites=SHELL_FAVORITES)
        cold_line.update(p50=round(statistics.median(cold), 1), p99=round(percentile(cold, 0.99), 1), max=round(max(cold), 1), runs=len(cold),
                         favorites=SHELL_FAVORITES)
        REPORT.emit(**warm_line)
        REPORT.emit(**cold_line)
        if warm_line["p99"] > SHELL_WARM_BUDGET_MS:
            REPORT.fail(warm_line["name"], "p99 %.1f ms" % warm_line["p99"])
        if cold_line["max"] > SHELL_COLD_BUDGET_MS:
            REPORT.fail(cold_line["name"], "slowest of %d cold activations %.0f ms" % (len(cold), cold_line["max"]))
    except Exception as error:
        for line in (warm_line, cold_line):
            if line["name"] not in REPORT.emitted:
                REPORT.emit(**line, error=str(error))
                REPORT.fail(line["name"], str(error))
        stop_service()
    finally:
        if os.path.exists(service):
            os.remove(service)


def wanted(session):
    return not ONLY or session in ONLY


# Every figure each session must produce: one that is missing at the end (its session stopped
# before reaching it) is reported as not measured.
REQUIRED = {
    "peers": ["peer.first-window.start-page", "peer.memory.resident.start-page"],
    "start": ["idle.cpu.start-page", "idle.cpu.favorites-empty", "idle.cpu.preferences", "idle.cpu.sign-in-dialog"],
    "search": ["idle.cpu.results"] + ["idle.cpu." + state for state, _ in DETAIL_ACCOUNTS],
    "repositories": ["idle.cpu.repository-results", "idle.cpu.repository-detail", "idle.cpu.favorite-repositories"],
    "favorites": ["idle.cpu.start-page-recent-searches", "idle.cpu.favorites-grouped", "idle.cpu.favorites-filtered", "idle.cpu.favorites-tag-filter",
                  "idle.cpu.detail-note"],
    "narrow": ["idle.cpu.narrow-detail"],
    "filter": ["favorites.filter.100k.keystroke-to-splice", "favorites.filter.50k+50k.keystroke-to-splice",
               "smooth.favorites.100k.page-down.longest-main-loop-stall", "smooth.tabs-and-scopes.50k+50k.longest-main-loop-stall"],
    "scroll": ["smooth.results.1000.page-down.longest-main-loop-stall"],
    "rate-limited": ["idle.cpu.rate-limited"],
    "offline": ["idle.cpu.offline"],
    "memory": ["idle.cpu.1000-results", "memory.resident.1000-results-with-avatars"],
    "shell-search": ["shell-search.initial-result-set.100k.running", "shell-search.initial-result-set.100k.cold-activation"],
    "account": ["idle.cpu.your-profile", "idle.cpu.your-profile-following", "idle.cpu.your-profile-followers", "idle.cpu.your-profile-repositories",
                "account.import-following.5000.longest-main-loop-stall"],
    "import": ["favorites.import.100k-from-the-window", "favorites.import.100k-from-the-window.longest-main-loop-stall"],
    "news": ["news.check.1000-unchanged.quota-spent", "news.check.1000-unchanged.longest-main-loop-stall", "idle.cpu.whats-new",
             "news.service.idle-cpu", "news.service.memory.resident"],
    "readme": ["readme.data-to-first-screen", "readme.appearing.longest-main-loop-stall", "readme.image-bytes.other-sites",
               "readme.scroll.grdb.longest-main-loop-stall", "idle.cpu.readme-detail", "readme.memory.resident.grdb"],
}


def report_missing():
    for session, names in REQUIRED.items():
        if not wanted(session) and not (session == "search" and wanted("favorites")):
            continue
        for name in names:
            if name not in REPORT.emitted:
                if name.endswith("longest-main-loop-stall"):
                    unit, baseline, budget = "ms", "budget", "<= %d" % STALL_BUDGET_MS
                elif name.startswith("shell-search"):
                    unit, baseline, budget = "ms", None, "p99 <= 50" if name.endswith("running") else "max <= 300"
                elif name.startswith("peer."):
                    unit, baseline, budget = ("ms" if ".first-window." in name else "MB"), name.replace("start-page", "gnome-calculator"), "<= gnome-calculator"
                elif name == "readme.memory.resident.grdb":
                    unit, baseline, budget = "MB", "readme.memory.resident.grdb-without-readme", "<= baseline + %d MB" % bench_readme.README_MEMORY_BUDGET_MB
                elif name.startswith("news.service."):
                    unit, baseline, budget = ("percent", "news.service.bare-gapplication", "<= 0.1") if name.endswith("idle-cpu") else \
                        ("MB", "news.service.memory.resident.bare-gapplication", "<= 40 MB")
                elif name.endswith("quota-spent"):
                    unit, baseline, budget = "count", None, "== 0"
                elif name == "favorites.import.100k-from-the-window":
                    unit, baseline, budget = "ms", "budget", "<= %d" % bench_import.DURATION_BUDGET_MS
                elif name == "readme.data-to-first-screen":
                    unit, baseline, budget = "ms", None, None
                elif name == "readme.image-bytes.other-sites":
                    unit, baseline, budget = "bytes", None, "== 0"
                elif name.startswith("memory"):
                    unit, baseline, budget = "MB", "memory.resident.bare-adw-window", "<= baseline + %d MB" % MEMORY_BUDGET_MB
                else:
                    unit, baseline, budget = "percent", "idle.cpu.bare-adw-window", "<= %.1f" % CPU_BUDGET_PERCENT
                REPORT.emit(name=name, unit=unit, value=None, baseline=baseline, ratio=None, budget=budget,
                            error="not measured: its session stopped earlier (see standard error)")
                REPORT.fail(name, "not measured: its session stopped before this state")


def main():
    for binary in ("github-finder", "github-fixture-server"):
        if not os.access(os.path.join(RELEASE, binary), os.X_OK):
            log("no %s in %s (GHF_RELEASE_DIR)" % (binary, RELEASE))
            return 2
    folder = os.environ.get("GHF_BENCH_ARTIFACTS") or tempfile.mkdtemp(prefix="ghf-bench-gui-")
    os.makedirs(folder, exist_ok=True)
    log("binaries from %s; logs, screenshots and trees in %s" % (RELEASE, folder))
    started = time.time()
    build_bare_windows(folder)
    if wanted("startup"):
        startup(folder)
    bare_rss = None
    if wanted("bare") or wanted("memory"):
        bare_rss = bare_window_anchors(folder)
    server = FixtureServer(folder, "main", "--search-limit", "100000", "--core-limit", "100000")
    favorites_home = os.path.join(folder, "favorites-data")
    try:
        if wanted("peers"):
            try:
                peer_anchors(folder, server)
            except (RuntimeError, OSError, ImportError) as error:
                REPORT.fail("peers", str(error))
        if wanted("start"):
            session_start_page(folder, server)
        if wanted("search") or wanted("favorites"):
            session_search(folder, server, favorites_home)
        if wanted("favorites"):
            session_favorites(folder, server, favorites_home)
        if wanted("repositories"):
            session_repositories(folder, server)
        if wanted("narrow"):
            session_narrow(folder, server)
        if wanted("filter"):
            session_filter(folder, server)
            session_filter(folder, server, people=50_000, repositories=50_000)
    finally:
        server.stop()
    if wanted("rate-limited"):
        session_rate_limited(folder)
    if wanted("offline"):
        session_offline(folder)
    if wanted("memory") and bare_rss is not None:
        session_memory(folder, *bare_rss)
    if wanted("scroll"):
        session_scroll_results(folder)
    if wanted("account"):
        session_account(folder)
    if wanted("import"):
        bench_import.session(folder, sys.modules[__name__])
    if wanted("shell-search"):
        session_shell_search(folder)
    if wanted("readme"):
        bench_readme.session(folder, sys.modules[__name__])
    if wanted("news"):
        bench_news.session(folder, sys.modules[__name__])
    report_missing()
    report_warnings(folder)
    log("done in %.0f s" % (time.time() - started))
    if REPORT.failures:
        log("%d figure(s) over budget or not measured:" % len(REPORT.failures))
        for name, reason in REPORT.failures:
            log("  %s: %s" % (name, reason))
        return 1
    if not os.environ.get("GHF_BENCH_ARTIFACTS"):
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
