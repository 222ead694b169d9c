"""make bench, session `readme`: the README and latest release in a repository's detail.

- readme.data-to-first-screen: each README of the double (the 18 real ones in
  data/fixtures/readmes and the hostile ones of 0xdeadbeef-readmes), opened from a Repositories
  search, twice: the time from its text arriving in the app to its first screen drawn (parsed off
  the main thread, the parts the pane shows built and laid out; `readmeMilliseconds` of
  GHF_DEBUG_STATS). p50 and p99 reported, not budgeted; every README is checked to have been drawn.
- readme.appearing.longest-main-loop-stall: the main loop's longest stall from the click on the
  row until the README is drawn and a second more (its images, the parts below). Budget <= 50 ms.
- readme.scroll.grdb.longest-main-loop-stall: GRDB's README (~1,900 blocks) scrolled down with
  the mouse wheel, 40 notches at a time, some 100 screens. Budget <= 50 ms.
- readme.memory.resident.grdb: the resident memory with GRDB's README shown (8 s after the last
  input), against the same detail without it (the double answers 503 for its README), each in a
  fresh app, two rounds alternated, medians. Budget <= anchor + 15 MB; anonymous and Pss beside it.
- idle.cpu.readme-detail: idle CPU with GRDB's README shown. Budget <= 0.5 %.
- readme.image-bytes.other-sites: image bytes fetched from hosts other than GitHub's while every
  README was shown with "Show images from other sites" not pressed. Budget 0; the bytes fetched
  from GitHub's hosts beside it, and the double is checked never to have been asked for them.
"""
import os
import statistics
import time

README_MEMORY_BUDGET_MB = 15.0
HOSTILE = ["pango-markup", "javascript-links", "script-html", "huge-image", "endless-image", "long-line", "huge-code", "deep-nesting", "huge-table"]
GRDB = "groue/GRDB.swift"


def real_readmes(root):
    folder = os.path.join(root, "data", "fixtures", "readmes")
    return sorted(entry[:-3].replace("__", "/", 1) for entry in os.listdir(folder) if entry.endswith(".md") and "__" in entry)


def open_repository(b, app, full_name):
    """Searches the repository's name in Repositories and returns its row (not clicked)."""
    app.key("alt+1")
    app.key("ctrl+2")
    app.search(full_name.split("/")[1])
    return app.wait("the row of %s" % full_name, "panel", full_name, timeout=20)


def drawn_count(b, app, stats_path):
    stats = b.read_debug_stats(app, stats_path) or {}
    return len(stats.get("readmeMilliseconds", []))


def show_readme(b, app, stats_path, full_name):
    """Opens `full_name`'s detail with the main loop watched; returns (stall, gaps, milliseconds)
    once its README is drawn (and a second more)."""
    row = open_repository(b, app, full_name)
    app.park_pointer()
    before = drawn_count(b, app, stats_path)
    drawn = []

    def appear():
        app.click(row)
        deadline = time.time() + 30
        while time.time() < deadline:
            time.sleep(0.3)
            stats = b.read_debug_stats(app, stats_path) or {}
            shown = stats.get("readmeMilliseconds", [])
            if len(shown) > before:
                drawn.append(shown[-1])
                break
        time.sleep(1)
    stall, gaps = b.watched_stall(app, stats_path, appear)
    b.need(drawn, "the README of %s was never drawn" % full_name)
    b.need(app.find("panel", "README") is not None, "no README section in the detail of %s" % full_name)
    return stall, gaps, drawn[0]


def session(folder, b):
    """`b`: the bench-gui module (its App, REPORT and helpers)."""
    names = real_readmes(b.ROOT) + ["0xdeadbeef-readmes/" + name for name in HOSTILE]
    # For development: GHF_BENCH_READMES=long-line,GRDB.swift measures only those.
    only = [name for name in os.environ.get("GHF_BENCH_READMES", "").split(",") if name]
    if only:
        names = [full_name for full_name in names if full_name.split("/")[1] in only]
    server = b.FixtureServer(folder, "readme", "--search-limit", "100000", "--core-limit", "100000")
    stats_path = os.path.join(folder, "readme-stats.json")
    app = None
    try:
        app = b.App(folder, "readme", ["--api-url", server.base], extra_env={"GHF_DEBUG_STATS": stats_path})
        app.wait("the search entry", "entry", "Search GitHub users", timeout=30)
        times, longest, worst = [], (0.0, None, []), None
        for _ in range(2):
            for full_name in names:
                stall, gaps, milliseconds = show_readme(b, app, stats_path, full_name)
                times.append(milliseconds)
                if stall > longest[0]:
                    longest = (stall, full_name, gaps)
        b.REPORT.emit(name="readme.data-to-first-screen", unit="ms", p50=round(b.percentile(times, 0.5), 1), p99=round(b.percentile(times, 0.99), 1),
                      slowest=max(times), samples=len(times), readmes=len(names), baseline=None, ratio=None, budget=None)
        b.emit_stall("readme.appearing.longest-main-loop-stall", longest[0], longest[2], readme=longest[1], readmes_shown=len(times))

        stats = b.read_debug_stats(app, stats_path) or {}
        asked = b.json.loads(server._curl(server.base + "/_fixture/stats")).get("images", [])
        external = stats.get("readmeExternalImageBytes")
        b.REPORT.emit(name="readme.image-bytes.other-sites", unit="bytes", value=external, baseline=None, ratio=None, budget="== 0",
                      github_bytes=stats.get("readmeImageBytes"), images_asked=len(asked))
        if external != 0 or any("pixel" in path for path in asked):
            b.REPORT.fail("readme.image-bytes.other-sites", "%r bytes from other sites; the double was asked for %r" % (external, asked))

        scroll_grdb(b, app, stats_path)
    except (b.StateNotReached, RuntimeError, b.subprocess.SubprocessError) as error:
        b.REPORT.fail("session readme", "%s%s" % (error, b.evidence_note(app, "readme")))
    finally:
        if app is not None:
            b.report_exit(app)
    try:
        memory(folder, b, server)
    finally:
        server.stop()


def scroll_grdb(b, app, stats_path):
    name = "readme.scroll.grdb.longest-main-loop-stall"
    show_readme(b, app, stats_path, GRDB)
    longest, gaps = 0.0, []
    for _ in range(25):
        # Over the detail pane, right of the results: 40 notches are some 4 screens.
        stall, run_gaps = b.watched_stall(app, stats_path, lambda: app.wheel_down(760, 420, 40))
        if stall > longest:
            longest, gaps = stall, run_gaps
    stats = b.read_debug_stats(app, stats_path) or {}
    b.emit_stall(name, longest, gaps, notches=25 * 40, stalls_over_40ms=stats.get("watchBigGaps", [])[-5:])


def memory(folder, b, server):
    """GRDB's detail with its README, and without it, each in a fresh app."""
    name = "readme.memory.resident.grdb"
    figures = {True: [], False: []}
    app = None
    try:
        for _ in range(2):
            for with_readme in (False, True):
                server._curl("-X", "DELETE", server.base + "/_fixture/faults")
                if not with_readme:
                    server.fault(kind="serverError", route="readme", status=503)
                label = "readme-memory-%s" % ("with" if with_readme else "without")
                stats_path = os.path.join(folder, label + "-stats.json")
                app = b.App(folder, label, ["--api-url", server.base], extra_env={"GHF_DEBUG_STATS": stats_path})
                app.wait("the search entry", "entry", "Search GitHub users", timeout=30)
                row = open_repository(b, app, GRDB)
                app.click(row)
                app.wait("GRDB's detail", "push button", "Open in Browser", timeout=20)
                app.wait("the README section (the README, or why there is none)", "panel", "README", timeout=20)
                # Scrolled down to where the README begins, as a reader does.
                time.sleep(2)
                app.wheel_down(760, 420, 12)
                if with_readme:
                    app.wait("GRDB's README", "heading", "What is GRDB?", timeout=20)
                app.park_pointer()
                time.sleep(8)
                b.need((app.find("heading", "What is GRDB?") is not None) == with_readme,
                       "GRDB's README is %s" % ("not showing" if with_readme else "showing though the double refused it"))
                figures[with_readme].append(b.memory_mb(app.pid))
                if with_readme and len(figures[True]) == 1:
                    def shown():
                        b.need(app.find("heading", "What is GRDB?") is not None, "GRDB's README is not showing")
                        return "GRDB's README showing"
                    b.idle_cpu(app, "readme-detail", shown)
                b.report_exit(app)
                app = None
        server._curl("-X", "DELETE", server.base + "/_fixture/faults")
        median = {key: {kind: statistics.median(f[kind] for f in values) for kind in ("rss", "anonymous", "pss")} for key, values in figures.items()}
        value, anchor = median[True]["rss"], median[False]["rss"]
        b.REPORT.emit(name=name, unit="MB", value=round(value, 1), baseline="readme.memory.resident.grdb-without-readme", baseline_value=round(anchor, 1),
                      ratio=round(value / anchor, 3), budget="<= baseline + %d MB" % README_MEMORY_BUDGET_MB,
                      anonymous=round(median[True]["anonymous"], 1), anonymous_baseline=round(median[False]["anonymous"], 1),
                      pss=round(median[True]["pss"], 1), pss_baseline=round(median[False]["pss"], 1), rounds=len(figures[True]))
        if value > anchor + README_MEMORY_BUDGET_MB:
            b.REPORT.fail(name, "%.1f MB with GRDB's README, %.1f MB without: +%.1f MB (budget +%d)" % (value, anchor, value - anchor, README_MEMORY_BUDGET_MB))
    except (b.StateNotReached, RuntimeError, b.subprocess.SubprocessError) as error:
        b.REPORT.fail(name, "%s%s" % (error, b.evidence_note(app, "readme-memory")))
        if app is not None:
            b.report_exit(app)
