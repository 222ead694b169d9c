"""make bench, session `news`: What's New.

- news.check.1000-unchanged.*: 1,000 favorite repositories of the double (written into the app's
  own database), checked once (Refresh on the What's New tab: each repository's releases read,
  their ETags kept), then checked again with nothing changed, as a user's Refresh: the requests
  the double received (each favorite once), the core quota spent (budget 0: every answer a 304,
  which GitHub does not count), the wall time against the pacing's own floor (1,000 × 75 ms:
  What's New never sends faster, below GitHub's secondary limits), and the main loop's longest
  stall meanwhile (budget <= 50 ms, the app's 5 ms heartbeat).
- idle.cpu.whats-new: the What's New tab showing the entries of three new releases, idle between
  checks. Budget <= 0.5 %.
- news.service.idle-cpu / news.service.memory.resident: the background service as its autostart
  entry starts it (`--gapplication-service`, "Check in the background" on), no window, once its
  first check of 10 favorites is done: CPU over the idle window (budget <= 0.1 %) and resident
  memory (budget <= 40 MB; anonymous and Pss beside it), against a bare GApplication service
  (bench/bare-service.c) measured the same way in this run.
"""
import json
import os
import signal
import subprocess
import time
import urllib.request

CHECKED = 1_000
PACING_MS = 75
SERVICE_FAVORITES = 10
SERVICE_CPU_BUDGET = 0.1
SERVICE_MEMORY_BUDGET_MB = 40.0
PUBLISHED = 3


def double_repositories(root, count):
    """The first `count` repositories of the double's data set, as the app stores favorites."""
    users = json.load(open(os.path.join(root, "data", "fixtures", "github-users.json")))["users"]
    logins = {user["id"]: user["login"] for user in users}
    table = json.load(open(os.path.join(root, "data", "fixtures", "github-repositories.json")))
    column = {name: index for index, name in enumerate(table["columns"])}
    rows = []
    for owner in sorted(table["repositories"], key=int):
        login = logins.get(int(owner))
        if login is None:
            continue
        for index, row in enumerate(table["repositories"][owner]):
            name = row[column["name"]]
            rows.append((int(owner) * 1000 + index, "%s/%s" % (login, name), login, int(owner), name, row[column["description"]] if column.get("description") is not None else None,
                         None, 0, None, "https://github.com/%s/%s" % (login, name), "2026-01-01 00:00:00.000"))
            if len(rows) == count:
                return rows
    return rows


def fill(database, rows):
    import sqlite3
    connection = sqlite3.connect(database)
    with connection:
        connection.executemany("INSERT INTO favorite_repository (id, fullName, ownerLogin, ownerID, name, description, language, stars, ownerAvatarURL,"
                               " htmlURL, addedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


def core_used(server):
    with urllib.request.urlopen(server.base + "/rate_limit", timeout=10) as response:
        return json.loads(response.read())["resources"]["core"]["used"]


def publish(server, full_name, tag):
    body = json.dumps({"repository": full_name, "tag": tag, "name": "%s %s" % (full_name.split("/")[1], tag), "body": "* Fixes\n"}).encode()
    request = urllib.request.Request(server.base + "/_fixture/releases", data=body, method="POST")
    urllib.request.urlopen(request, timeout=10).close()


def rounds(b, app, stats_path):
    return (b.read_debug_stats(app, stats_path) or {}).get("newsRounds", 0)


def refresh_round(b, app, stats_path, timeout=300):
    """F5 on the What's New tab; returns once the app says the round ended (its statistics)."""
    before = rounds(b, app, stats_path)
    app.key("F5")
    deadline = time.time() + timeout
    while time.time() < deadline:
        time.sleep(1)
        if rounds(b, app, stats_path) > before:
            return
    raise b.StateNotReached("a round of What's New's checks did not end within %d s" % timeout)


def session(folder, b):
    server = b.FixtureServer(folder, "news", "--search-limit", "1000", "--core-limit", "100000")
    stats_path = os.path.join(folder, "news-stats.json")
    data_home = os.path.join(folder, "news-data")
    prefix = "news.check.%d-unchanged." % CHECKED
    app = None
    try:
        # A first start makes the database (its schema the app's own); the favorites go in after.
        first = b.App(folder, "news-first", ["--api-url", server.base], data_home=data_home)
        first.wait("the search entry", "entry", "Search GitHub users", timeout=30)
        first.stop()
        rows = double_repositories(b.ROOT, CHECKED)
        b.need(len(rows) == CHECKED, "the double has only %d repositories" % len(rows))
        fill(b.app_database(data_home), rows)

        app = b.App(folder, "news", ["--api-url", server.base], data_home=data_home, extra_env={"GHF_DEBUG_STATS": stats_path})
        app.key("alt+3")
        app.wait("the What's New tab", "label", "Nothing New", timeout=30)
        refresh_round(b, app, stats_path)
        b.need(server.requests("releases") == CHECKED, "the first round asked for %d lists of releases, not %d" % (server.requests("releases"), CHECKED))

        used, asked = core_used(server), server.requests("releases")
        timing = {}

        def measured():
            started = time.time()
            refresh_round(b, app, stats_path)
            timing["ms"] = (time.time() - started) * 1000
        stall, gaps = b.watched_stall(app, stats_path, measured)
        requests, spent = server.requests("releases") - asked, core_used(server) - used
        b.need(requests == CHECKED, "the check asked for %d lists of releases, not %d" % (requests, CHECKED))
        b.REPORT.emit(name=prefix + "requests", unit="count", value=requests, baseline=None, ratio=None, budget="== %d" % CHECKED)
        b.REPORT.emit(name=prefix + "quota-spent", unit="count", value=spent, baseline=None, ratio=None, budget="== 0")
        if spent != 0:
            b.REPORT.fail(prefix + "quota-spent", "%d of the core quota spent on a check where nothing changed" % spent)
        floor = CHECKED * PACING_MS
        b.REPORT.emit(name=prefix + "wall-time", unit="ms", value=round(timing["ms"]), baseline="pacing %d x %d ms" % (CHECKED, PACING_MS),
                      baseline_value=floor, ratio=round(timing["ms"] / floor, 3), budget=None)
        b.emit_stall(prefix + "longest-main-loop-stall", stall, gaps)

        for index, (_, full_name, *_rest) in enumerate(rows[:PUBLISHED]):
            publish(server, full_name, "9.9.%d" % index)
        refresh_round(b, app, stats_path)
        app.park_pointer()

        def entries():
            stats = b.read_debug_stats(app, stats_path) or {}
            b.need(stats.get("newsRows", 0) >= PUBLISHED + 1, "What's New lists %r rows (a day's header and %d entries expected)" % (stats.get("newsRows"), PUBLISHED))
            b.need(b.showing(app, "label", "Today"), "the day's header 'Today' is not showing")
            return "%d rows under 'Today'" % (stats["newsRows"] - 1)
        b.idle_cpu(app, "whats-new", entries)
    except b.StateNotReached as error:
        for name in (prefix + "quota-spent", prefix + "longest-main-loop-stall", "idle.cpu.whats-new"):
            if name not in b.REPORT.emitted:
                b.REPORT.emit(name=name, value=None, error=str(error))
                b.REPORT.fail(name, str(error))
    finally:
        if app is not None:
            app.stop()
        server.stop()
    service(folder, b)


def settled(b, pid, since):
    """Idle CPU over the idle window starting SETTLE_S after `since`, then memory."""
    cpu, peak = b.idle_window(pid, since)
    return cpu, peak, b.memory_mb(pid)


def service(folder, b):
    """The background service against a bare GApplication service."""
    bare_binary = os.path.join(folder, "bare-service")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gio-2.0"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", bare_binary, os.path.join(b.ROOT, "bench", "bare-service.c")] + flags, check=True)
    bare = subprocess.Popen([bare_binary], env=b.base_env(folder), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        bare_cpu, _, bare_memory = settled(b, bare.pid, time.time())
    finally:
        bare.terminate()
        bare.wait()

    server = b.FixtureServer(folder, "news-service", "--core-limit", "100000")
    home = os.path.join(folder, "news-service")
    env = b.base_env(folder)
    env.update(XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_STATE_HOME=os.path.join(home, "state"),
               XDG_CACHE_HOME=os.path.join(home, "cache"), GITHUB_API_URL=server.base)
    config = os.path.join(env["XDG_CONFIG_HOME"], "io.github.githubfinder.GitHubFinder")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "preferences.json"), "w") as f:
        json.dump({"news": {"interval": "hourly", "checksInBackground": True}}, f)
    stderr = open(os.path.join(folder, "news-service.stderr"), "w")
    names = ("news.service.idle-cpu", "news.service.memory.resident")
    process = None
    try:
        # The database first, made by the app (a service start, stopped), then the favorites.
        process = subprocess.Popen([os.path.join(b.RELEASE, "github-finder"), "--gapplication-service"], env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        database = b.gui.wait_for("the service's database", lambda: next(iter(__import__("glob").glob(
            os.path.join(env["XDG_DATA_HOME"], "io.github.githubfinder.GitHubFinder", "**", "favorites.sqlite"), recursive=True)), None), 30)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)
        fill(database, double_repositories(b.ROOT, SERVICE_FAVORITES))
        process = subprocess.Popen([os.path.join(b.RELEASE, "github-finder"), "--gapplication-service"], env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        b.gui.wait_for("the service's first check of %d favorites" % SERVICE_FAVORITES,
                       lambda: server.requests("releases") >= SERVICE_FAVORITES, 120)
        b.need(process.poll() is None, "the service quit after its first check (it must stay, held for What's New)")
        cpu, peak, memory = settled(b, process.pid, time.time())
        b.need(process.poll() is None, "the service quit while measured")
        b.need(not subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(process.pid)], capture_output=True, text=True).stdout.strip(),
               "the service opened a window")
        b.REPORT.emit(name=names[0], unit="percent", value=round(cpu, 3), busiest_second=round(peak, 2), baseline="news.service.bare-gapplication",
                      baseline_value=round(bare_cpu, 3), ratio=None, budget="<= %.1f" % SERVICE_CPU_BUDGET)
        if cpu > SERVICE_CPU_BUDGET:
            b.REPORT.fail(names[0], "%.2f %% CPU between checks, budget %.1f %%" % (cpu, SERVICE_CPU_BUDGET))
        b.REPORT.emit(name=names[1], unit="MB", value=round(memory["rss"], 1), anonymous_mb=round(memory["anonymous"], 1), pss_mb=round(memory["pss"], 1),
                      baseline="news.service.memory.resident.bare-gapplication", baseline_value=round(bare_memory["rss"], 1),
                      baseline_anonymous_mb=round(bare_memory["anonymous"], 1), ratio=round(memory["rss"] / bare_memory["rss"], 2),
                      budget="<= %d MB" % SERVICE_MEMORY_BUDGET_MB)
        if memory["rss"] > SERVICE_MEMORY_BUDGET_MB:
            b.REPORT.fail(names[1], "%.1f MB resident with no window, budget %d MB" % (memory["rss"], SERVICE_MEMORY_BUDGET_MB))
    except (b.StateNotReached, subprocess.TimeoutExpired) as error:
        for name in names:
            if name not in b.REPORT.emitted:
                b.REPORT.emit(name=name, value=None, error=str(error))
                b.REPORT.fail(name, str(error))
    finally:
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
        stderr.close()
        server.stop()
