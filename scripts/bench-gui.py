#!/usr/bin/python3
"""GUI measurements for `make bench` (run inside scripts/with-display.sh), one JSON line each:

- startup: `github-finder --benchmark-startup` (process start -> first frame) against a bare GTK 4
  C window built and timed the same way in this run; ratio of medians, budget <= 1.3.
- idle CPU of the running app over 5 s against the GitHub double, once settled (should be ~0 %).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
RUNS = int(os.environ.get("GHF_STARTUP_RUNS", "15"))


def emit(**fields):
    print(json.dumps(fields))
    sys.stdout.flush()


def build_bare_window(folder):
    binary = os.path.join(folder, "bare-window")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(ROOT, "bench", "bare-window.c"),
                    os.path.join(ROOT, "Sources", "CGtkSupport", "process_clock.c")] + flags, check=True)
    return binary


def time_first_frame(command, env):
    output = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()
    return float(output[-1])


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main():
    folder = tempfile.mkdtemp(prefix="ghf-bench-gui-")
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"), XDG_STATE_HOME=os.path.join(folder, "state"),
               XDG_CACHE_HOME=os.path.join(folder, "cache"), NO_AT_BRIDGE="1")
    bare = build_bare_window(folder)
    app = [os.path.join(RELEASE, "github-finder"), "--api-url", "http://127.0.0.1:9", "--benchmark-startup"]
    # Alternate the two so machine noise hits both alike; one warm-up each.
    time_first_frame([bare], env)
    time_first_frame(app, env)
    bare_times, app_times = [], []
    for _ in range(RUNS):
        bare_times.append(time_first_frame([bare], env))
        app_times.append(time_first_frame(app, env))
    emit(name="startup.first-frame.bare-gtk-window", unit="ms", p50=statistics.median(bare_times), p99=percentile(bare_times, 0.99), baseline=None, ratio=None)
    emit(name="startup.first-frame", unit="ms", p50=statistics.median(app_times), p99=percentile(app_times, 0.99),
         baseline="startup.first-frame.bare-gtk-window", ratio=round(statistics.median(app_times) / statistics.median(bare_times), 3), budget="ratio <= 1.3")

    port_file = os.path.join(folder, "port")
    server = subprocess.Popen([os.path.join(RELEASE, "github-fixture-server"), "--port", "0", "--port-file", port_file],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(port_file):
            time.sleep(0.05)
        port = open(port_file).read().strip()
        process = subprocess.Popen([os.path.join(RELEASE, "github-finder"), "--api-url", "http://127.0.0.1:%s" % port, "--search", "tom"],
                                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # GTK blinks the caret of the focused entry for 10 s after the last key, then stops:
        # measure once the window has settled, as it sits on a desktop.
        time.sleep(11)
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu_seconds():
            fields = open("/proc/%d/stat" % process.pid).read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks

        start = cpu_seconds()
        time.sleep(5)
        used = cpu_seconds() - start
        rss_kb = int([line for line in open("/proc/%d/status" % process.pid) if line.startswith("VmRSS:")][0].split()[1])
        process.terminate()
        process.wait(timeout=10)
        emit(name="idle.cpu.5s", unit="percent", value=round(used / 5 * 100, 3), baseline=None, ratio=None, budget="~0")
        emit(name="memory.resident.search-results", unit="MB", value=round(rss_kb / 1024, 1), baseline=None, ratio=None)
    finally:
        server.terminate()
    memory_after_thousand_results(folder, env)


def memory_after_thousand_results(folder, env):
    """Scrolls the real window with the mouse wheel until all 1,000 results (20 pages of 50) and
    their avatars are loaded, then reads the app's resident memory. Budget: under 150 MB."""
    port_file = os.path.join(folder, "port-1000")
    server = subprocess.Popen([os.path.join(RELEASE, "github-fixture-server"), "--port", "0", "--port-file", port_file, "--search-limit", "1000"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    process = None
    try:
        while not os.path.exists(port_file):
            time.sleep(0.05)
        base = "http://127.0.0.1:%s" % open(port_file).read().strip()
        process = subprocess.Popen([os.path.join(RELEASE, "github-finder"), "--api-url", base, "--search", "a"],
                                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(process.pid), "--name", "GitHub Finder"],
                                capture_output=True, text=True, timeout=20).stdout.split()[-1]
        time.sleep(2)

        def search_pages():
            stats = json.loads(subprocess.run(["curl", "-s", base + "/_fixture/stats"], capture_output=True, text=True).stdout)
            return stats["requests"]["search"]

        deadline = time.time() + 120
        while search_pages() < 20 and time.time() < deadline:
            subprocess.run(["xdotool", "mousemove", "--window", window, "180", "400", "click", "--repeat", "60", "--delay", "8", "5"])
        time.sleep(3)  # the last avatars arrive
        pages = search_pages()
        rss_kb = int([line for line in open("/proc/%d/status" % process.pid) if line.startswith("VmRSS:")][0].split()[1])
        emit(name="memory.resident.1000-results-with-avatars", unit="MB", value=round(rss_kb / 1024, 1), baseline=None, ratio=None,
             budget="< 150 MB", pages_loaded=pages)
    finally:
        if process is not None:
            process.terminate()
        server.terminate()


if __name__ == "__main__":
    main()
