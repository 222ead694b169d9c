#!/usr/bin/env python3
"""Where the start page's first frame goes, against the bare Adw window: a tool for working on
`startup.first-frame` (DESIGN §6: at most 1.3x the bare window), not a benchmark.

    scripts/build-release.sh
    scripts/with-display.sh /usr/bin/python3 scripts/startup-phases.py [RUNS] [VARIANT...]

Starts the bare Adw window (bench/bare-window.c, built as make bench builds it) and the release
app alternately, RUNS times each (default 31, as make bench), and prints each one's median
first frame and its ratio to the bare window, then the median of each GHF_STARTUP_TRACE step of
the app: milliseconds since the process started, and the main thread's CPU milliseconds (the
second holds still while other threads or processes have the CPU, so compare that one between
builds). A VARIANT is another environment for the app ("GHF_SOMETHING=1"), started in the same
rotation: a change behind an environment variable is compared in one run, on the same machine
state, which the ratio between two runs of this machine does not allow (it wandered from 1.22 to
1.34 between batches of 21-31 starts of one build)."""
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP = os.path.join(ROOT, ".build", "release", "github-finder")


def build_bare(folder):
    binary = os.path.join(folder, "bare-adw-window")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libadwaita-1"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-DBARE_ADW", "-o", binary, os.path.join(ROOT, "bench", "bare-window.c"),
                    os.path.join(ROOT, "Sources", "CGtkSupport", "process_clock.c")] + flags, check=True)
    return binary


def start(command, env):
    """The first frame's milliseconds since process start, and the trace's (step, wall, cpu)."""
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    steps = []
    for line in done.stderr.splitlines():
        parts = line.split(None, 2)
        try:
            steps.append((parts[2], float(parts[0]), float(parts[1])))
        except (IndexError, ValueError):
            pass
    return float(done.stdout.strip().splitlines()[-1]), steps


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    variants = [""] + sys.argv[2:]
    folder = tempfile.mkdtemp(prefix="startup-phases-")
    base = dict(os.environ, XDG_DATA_HOME=os.path.join(folder, "data"), XDG_STATE_HOME=os.path.join(folder, "state"),
                XDG_CACHE_HOME=os.path.join(folder, "cache"), NO_AT_BRIDGE="1")
    bare = build_bare(folder)
    app = [APP, "--api-url", "http://127.0.0.1:9", "--benchmark-startup"]
    envs = {}
    for variant in variants:
        env = dict(base, GHF_STARTUP_TRACE="1")
        for word in variant.split():
            name, _, value = word.partition("=")
            env[name] = value
        envs[variant] = env
    # One warm-up each, then alternated: machine noise hits every program alike.
    start([bare], base)
    for variant in variants:
        start(app, envs[variant])
    bare_times, app_times = [], {v: [] for v in variants}
    steps = {v: {} for v in variants}
    for _ in range(runs):
        bare_times.append(start([bare], base)[0])
        for variant in variants:
            first, trace = start(app, envs[variant])
            app_times[variant].append(first)
            for name, wall, cpu in trace:
                steps[variant].setdefault(name, []).append((wall, cpu))
    bare_median = statistics.median(bare_times)
    print("bare Adw window: %.1f ms" % bare_median)
    for variant in variants:
        median = statistics.median(app_times[variant])
        print("app%s: %.1f ms, ratio %.3f" % (" (%s)" % variant if variant else "", median, median / bare_median))
        for name, samples in steps[variant].items():
            print("  %-28s %7.1f ms %7.1f ms CPU" % (name, statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)))


if __name__ == "__main__":
    main()
