#!/usr/bin/python3
"""The soak of `make bench`; run inside scripts/with-display.sh (Xvfb, D-Bus, accessibility bus):

    scripts/with-display.sh /usr/bin/python3 scripts/bench-soak.py

A person's session repeated: each cycle searches one of ten queries on the Search tab's People
scope (several hundred people found, rows with avatars), opens the first result's detail
(checked: the pane shows that person's name), stars and unstars them with the detail's star
button (its accessible action); then on the Repositories scope searches one of ten queries,
opens the first repository's detail (checked: its name in the pane), stars and unstars it with
Ctrl+D; then switches to the Favorites tab and one of its scopes. The first results are asked of the double
beforehand, so each wait knows what it waits for. The same twenty searches come round every ten
cycles, so every cache the app keeps has seen all it will see long before cycle 50 (the warm-up).

Figures (one JSON object per line on standard output, diagnostics on standard error):

- soak.anon-growth-per-cycle: the growth of the app's anonymous memory (/proc/PID/smaps_rollup
  `Anonymous:`) per cycle after cycle 50: the least-squares slope of the readings taken every 10
  cycles from cycle 50 to the end (16 readings), each after the same 3 s settle (the app gives
  freed heap pages back 2 s after the lists stop changing). Budget <= 10 kB per cycle. A reading
  moves by a few hundred kB with where the heap happens to stand: two readings (cycle 50's and the
  last, the figure's definition before December 2026) gave 4.3, 5.2 and 6.7 kB a cycle in three
  runs. The two ends' difference per cycle and the slope of the unsettled reading after every
  cycle are reported beside it (neither compares with runs before then: the app now also settles
  every 10 cycles, and gives memory back each time).
- soak.fds, soak.threads: /proc/PID/fd entries and the Threads: count at cycle 50 and at the end
  (file descriptors: budget no more than 4 above cycle 50's; threads reported).
- soak.cycle: seconds per cycle (p50, p99).

The work is checked as it is done (each detail's name, each star turned on and off, verified in
the accessibility tree) and at the end against the double's request counts and the app's debug
statistics (GHF_DEBUG_STATS). Exits 1 when a budget is missed or a state could not be reached.

Environment: GHF_RELEASE_DIR (default .build/release: github-finder and github-fixture-server),
GHF_SOAK_CYCLES (200), GHF_SOAK_WARMUP (50, above 0 and below the cycles), GHF_SOAK_SETTLE_EVERY
(10: a settled reading every N cycles from the warm-up on; at least 1), GHF_SOAK_PROFILE (each step's time on standard error),
GHF_BENCH_ARTIFACTS (a folder for logs, every cycle's readings, a failure's screenshot and tree).
"""
import importlib.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gui_driver as gui  # noqa: E402
from gui_driver import StateNotReached  # noqa: E402

# The bench's own process helpers (the double, the app with its own XDG folders, debug stats).
_spec = importlib.util.spec_from_file_location("bench_gui", os.path.join(HERE, "bench-gui.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

ROOT = os.path.dirname(HERE)
RELEASE = bench.RELEASE
CYCLES = int(os.environ.get("GHF_SOAK_CYCLES", "200"))
WARMUP = int(os.environ.get("GHF_SOAK_WARMUP", "50"))
# A settled reading every N cycles from the warm-up on (and at the warm-up and the end).
SETTLE_EVERY = int(os.environ.get("GHF_SOAK_SETTLE_EVERY", "10"))
SETTLE_S = 3.0
GROWTH_BUDGET_KB = 10.0
FD_SLACK = 4
# Ten searches of each scope, as a person would type them: several hundred people (a list of
# rows with avatars) or repositories each; the first result's detail is opened.
PEOPLE_QUERIES = ["tom", "linus", "oct", "mike", "kim", "dev", "lee", "sun", "park", "zo"]
REPOSITORY_QUERIES = ["swift", "kit", "dotfiles", "web", "cli", "game", "parser", "lib", "api", "tool"]
# Between keys, and between typed characters: keys are sent as one xdotool command a step.
KEY_DELAY_MS = "8"
TYPE_DELAY_MS = "8"
PROFILE = bool(os.environ.get("GHF_SOAK_PROFILE"))


def log(message):
    sys.stderr.write("bench-soak: %s\n" % message)
    sys.stderr.flush()


def emit(**fields):
    print(json.dumps(fields, ensure_ascii=False))
    sys.stdout.flush()


def first_results(server):
    """What each query's first result is, asked of the double as the app asks it (best match):
    for people (query, login, the name the detail shows), for repositories (query, owner/name,
    name)."""
    def get(path, **query):
        with urllib.request.urlopen("%s%s?%s" % (server.base, path, urllib.parse.urlencode(query)), timeout=10) as response:
            return json.loads(response.read())
    people, repositories = [], []
    for query in PEOPLE_QUERIES:
        login = get("/search/users", q=query, per_page=1)["items"][0]["login"]
        people.append((query, login, get("/users/" + urllib.parse.quote(login))["name"] or login))
    for query in REPOSITORY_QUERIES:
        found = get("/search/repositories", q=query, per_page=1)["items"][0]
        repositories.append((query, found["full_name"], found["name"]))
    return people, repositories


# -- the process ------------------------------------------------------------------------------------

def anonymous_kb(pid):
    with open("/proc/%d/smaps_rollup" % pid) as f:
        for line in f:
            if line.startswith("Anonymous:"):
                return int(line.split()[1])
    raise RuntimeError("no Anonymous: in smaps_rollup of %d" % pid)


def threads(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    raise RuntimeError("no Threads: for %d" % pid)


def reading(pid):
    return dict(anon_kb=anonymous_kb(pid), fds=len(os.listdir("/proc/%d/fd" % pid)), threads=threads(pid))


def slope(points):
    """Least-squares slope of (x, y) points."""
    n = len(points)
    if n < 2:
        return None
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else None


# -- one person's session ---------------------------------------------------------------------------

class Session:
    """The app, driven as a person would: keys and clicks by xdotool, checked through the tree."""

    def __init__(self, app):
        self.app = app
        self.win = app.win
        # The tab buttons stay for the window's life: found once, their state read directly
        # (a walk of the whole tree, whose header bar comes last, takes ~0.1 s).
        self.tabs = {name: self.wait("the tab %r" % name, lambda name=name: self.find("push button", name)) for name in ("Search", "Favorites")}

    def key(self, *keys):
        self.app.check_alive()
        began = time.time()
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", KEY_DELAY_MS] + list(keys), check=True, timeout=20)
        if PROFILE:
            log("  %.3f s  keys %s" % (time.time() - began, keys))

    def click(self, node):
        self.app.check_alive()
        began = time.time()
        box = gui.extents(node)
        if box is None or box[2] <= 0:
            raise StateNotReached("%s %r has no position to click" % (gui.role(node), gui.name(node)))
        # A real click at its centre, then the pointer off the window (no hover state lingers).
        # Press and release, not `click`, which sleeps 100 ms after the button goes up.
        subprocess.run(["xdotool", "mousemove", "--window", self.win.xid, str(box[0] + box[2] // 2), str(box[1] + box[3] // 2),
                        "mousedown", "1", "mouseup", "1", "mousemove", "1275", "795"], check=True, timeout=10)
        if PROFILE:
            log("  %.3f s  click %s" % (time.time() - began, gui.name(node)))

    def wait(self, what, probe, timeout=15.0):
        def guarded():
            self.app.check_alive()
            return probe()
        began = time.time()
        found = gui.wait_for(what, guarded, timeout, interval=0.05)
        if PROFILE:
            log("  %.3f s  %s" % (time.time() - began, what))
        return found

    def find(self, role, name=None, predicate=None, within=None):
        return gui.find(within or self.app.app, role, name, predicate)

    def search(self, text, *before):
        """Keys `before` (a tab, a scope), then Ctrl+F, which focuses and selects the search
        entry; the query typed, Enter searches. One xdotool command."""
        self.app.check_alive()
        # `type` takes every argument after it as text: the newline at the end is Enter.
        began = time.time()
        keys = ["xdotool", "key", "--clearmodifiers", "--delay", KEY_DELAY_MS] + list(before) + ["ctrl+f"]
        subprocess.run(keys + ["type", "--delay", TYPE_DELAY_MS, text + "\n"], check=True, timeout=30)
        if PROFILE:
            log("  %.3f s  search %s" % (time.time() - began, text))

    def first_row(self, list_name, row_name):
        """The list `list_name` showing, its first row named `row_name`."""
        listed = self.find("list", list_name)
        if listed is None:
            return None
        row = gui.find(listed, "panel", only_showing=False)
        return row if row is not None and gui.name(row) == row_name and gui.showing(row) else None

    def in_detail(self, node, listed):
        """True when `node` lies right of the result list (in the detail pane, not in a row)."""
        box, edge = gui.extents(node), gui.extents(listed)
        return box is not None and edge is not None and box[0] >= edge[0] + edge[2]

    def detail_label(self, text, list_name):
        """The label `text` in the detail pane: right of the list, or, a window folded to one
        pane, with Back."""
        listed = self.find("list", list_name)
        if listed is None:
            return self.find("push button", "Back") and self.find("label", text)
        return self.find("label", text, predicate=lambda n: self.in_detail(n, listed))

    def tab(self, name):
        return gui.has_state(self.tabs[name], gui.pyatspi.STATE_PRESSED)

    def cycle(self, index, person, repository):
        query, login, shown_name = person
        repository_query, full_name, repository_name = repository
        # Search › People: the first person found, their detail, starred and unstarred with its
        # star button.
        self.search(query, "alt+1", "ctrl+1")
        self.wait("the Search tab", lambda: self.tab("Search"))
        row = self.wait("%r first among the people found for %r" % (login, query), lambda: self.first_row("Search results", login))
        self.click(row)
        self.wait("%r's detail showing the name %r" % (login, shown_name), lambda: self.detail_label(shown_name, "Search results"))
        # The button's own action, not a click at its place: starring shows the note section
        # above it, which moves it down.
        # The same button, renamed, is read by its name: a walk of the tree that does not find
        # what it looks for goes through every row of the results (~1.4 s a look; GTK's button
        # itself turns 250 ms after an activation, as for a key press).
        star = self.wait("the detail's 'Add to favorites'", lambda: self.find("push button", "Add to favorites"))
        gui.press(star)
        self.wait("the detail's star turned on", lambda: gui.name(star) == "Remove from favorites")
        gui.press(star)
        self.wait("the detail's star turned off", lambda: gui.name(star) == "Add to favorites" and gui.showing(star))
        # Search › Repositories: the first repository found, its detail, starred and unstarred
        # with Ctrl+D.
        self.search(repository_query, "ctrl+2")
        row = self.wait("%r first among the repositories found for %r" % (full_name, repository_query),
                        lambda: self.first_row("Repository results", full_name))
        self.click(row)
        self.wait("%s's detail showing %r" % (full_name, repository_name), lambda: self.detail_label(repository_name, "Repository results"))
        self.wait("the repository's 'Star'", lambda: self.find("push button", "Star"))
        self.key("ctrl+d")
        self.wait("the repository starred", lambda: self.find("push button", "Unstar"))
        self.key("ctrl+d")
        self.wait("the repository unstarred", lambda: self.find("push button", "Star"))
        # Favorites, one scope or the other.
        self.key("alt+2", "ctrl+1" if index % 2 else "ctrl+2")
        self.wait("the Favorites tab", lambda: self.tab("Favorites"))


def main():
    if not 0 < WARMUP < CYCLES or SETTLE_EVERY < 1:
        log("GHF_SOAK_WARMUP (%d) must be above 0 and below GHF_SOAK_CYCLES (%d), GHF_SOAK_SETTLE_EVERY (%d) at least 1"
            % (WARMUP, CYCLES, SETTLE_EVERY))
        return 2
    for binary in ("github-finder", "github-fixture-server"):
        if not os.access(os.path.join(RELEASE, binary), os.X_OK):
            log("no %s in %s (GHF_RELEASE_DIR)" % (binary, RELEASE))
            return 2
    folder = os.environ.get("GHF_BENCH_ARTIFACTS") or tempfile.mkdtemp(prefix="ghf-bench-soak-")
    os.makedirs(folder, exist_ok=True)
    log("binaries from %s; logs in %s; %d cycles, warm-up %d" % (RELEASE, folder, CYCLES, WARMUP))
    growth_line = dict(name="soak.anon-growth-per-cycle", unit="kB/cycle", value=None, baseline="cycle %d" % WARMUP, ratio=None,
                       budget="<= %d" % GROWTH_BUDGET_KB, cycles=CYCLES, warmup=WARMUP)
    failures = []
    server = bench.FixtureServer(folder, "soak", "--search-limit", "100000", "--core-limit", "100000")
    stats_path = os.path.join(folder, "soak-stats.json")
    app = None
    samples = []
    durations = []
    marks = {}
    started = time.time()
    try:
        people, repositories = first_results(server)
        app = bench.App(folder, "soak", ["--api-url", server.base], extra_env={"GHF_DEBUG_STATS": stats_path})
        app.wait("the search entry", "entry", "Search GitHub users", timeout=30)
        session = Session(app)
        for index in range(CYCLES):
            began = time.time()
            try:
                session.cycle(index, people[index % len(people)], repositories[index % len(repositories)])
            except StateNotReached as error:
                raise StateNotReached("cycle %d: %s" % (index + 1, error))
            durations.append(time.time() - began)
            done = index + 1
            samples.append(dict(cycle=done, seconds=round(time.time() - started, 2), **reading(app.pid)))
            if done == WARMUP or done == CYCLES or (done > WARMUP and (done - WARMUP) % SETTLE_EVERY == 0):
                time.sleep(SETTLE_S)
                marks[done] = reading(app.pid)
                samples[-1]["settled"] = marks[done]
                log("cycle %d (settled): %s" % (done, marks[done]))
            elif done % 10 == 0:
                log("cycle %d: %s, %.2f s a cycle" % (done, samples[-1], statistics.median(durations[-10:])))
        stats = bench.read_debug_stats(app, stats_path) or {}
        requests = {route: server.requests(route) for route in ("search", "search_repositories", "user", "repository")}
        # The double saw the searches and details asked for (a revalidation is a request too).
        short = [route for route, count in requests.items() if count < CYCLES]
        if short:
            raise StateNotReached("the double saw fewer than %d requests on %s: %s" % (CYCLES, short, requests))
        first, last = marks[WARMUP], marks[CYCLES]
        settled = [(cycle, mark["anon_kb"]) for cycle, mark in sorted(marks.items()) if cycle >= WARMUP]
        growth = slope(settled)
        ends = (last["anon_kb"] - first["anon_kb"]) / float(CYCLES - WARMUP)
        unsettled = slope([(s["cycle"], s["anon_kb"]) for s in samples if s["cycle"] >= WARMUP])
        if growth is None:
            raise RuntimeError("fewer than two settled readings after cycle %d" % WARMUP)
        growth_line.update(value=round(growth, 2), settled_readings=len(settled), ends_kb_per_cycle=round(ends, 2),
                           unsettled_slope_kb_per_cycle=round(unsettled, 2) if unsettled is not None else None,
                           anon_kb_at_warmup=first["anon_kb"], anon_kb_at_end=last["anon_kb"],
                           fds_at_warmup=first["fds"], fds_at_end=last["fds"], threads_at_warmup=first["threads"], threads_at_end=last["threads"],
                           requests=requests, avatarTexturesCached=stats.get("avatarTexturesCached"), avatarRequests=stats.get("avatarRequests"))
        emit(**growth_line)
        if growth > GROWTH_BUDGET_KB:
            failures.append((growth_line["name"], "%.1f kB more anonymous memory each cycle after cycle %d (slope of %d settled readings; %d -> %d kB)"
                             % (growth, WARMUP, len(settled), first["anon_kb"], last["anon_kb"])))
        emit(name="soak.fds", unit="count", value=last["fds"], baseline="cycle %d" % WARMUP, baseline_value=first["fds"], ratio=None,
             budget="<= cycle %d + %d" % (WARMUP, FD_SLACK))
        if last["fds"] > first["fds"] + FD_SLACK:
            failures.append(("soak.fds", "%d file descriptors at the end, %d at cycle %d" % (last["fds"], first["fds"], WARMUP)))
        emit(name="soak.threads", unit="count", value=last["threads"], baseline="cycle %d" % WARMUP, baseline_value=first["threads"], ratio=None,
             budget=None)
        emit(name="soak.cycle", unit="s", p50=round(statistics.median(durations), 3), p99=round(bench.percentile(durations, 0.99), 3),
             baseline=None, ratio=None, budget=None, cycles=len(durations), total_s=round(time.time() - started, 1))
    except (StateNotReached, RuntimeError, OSError, ValueError, KeyError, IndexError, subprocess.CalledProcessError) as error:
        where = app.evidence("soak") if app is not None else None
        emit(**growth_line, error=str(error))
        failures.append(("soak", "%s%s" % (error, " (see %s)" % where if where else "")))
    finally:
        with open(os.path.join(folder, "soak-samples.json"), "w") as f:
            json.dump(samples, f)
        if app is not None:
            status = app.stop()
            if status is not None:
                failures.append(("github-finder", "exited during the soak: %s; stderr in %s" % (bench.describe_status(status), app.stderr_path)))
        server.stop()
    log("done in %.0f s" % (time.time() - started))
    if failures:
        for name, reason in failures:
            log("FAIL %s: %s" % (name, reason))
        return 1
    if not os.environ.get("GHF_BENCH_ARTIFACTS"):
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    sys.exit(main())
