#!/usr/bin/python3
"""The installed app seen through the accessibility tree (AT-SPI), inside package-test's clean
Debian 12 root: only python3-pyatspi, grim, wtype and swaymsg besides the package.

    package-test-gui.py korean PID
        the window of PID (started with LANGUAGE=ko) shows its Korean names
    package-test-gui.py wayland EXEC_LINE API_URL SHOT_DIR
        under a headless sway (WAYLAND_DISPLAY, GDK_BACKEND=wayland, no Xwayland): the first frame
        with no GLib/GTK warning, the contract's landmarks, a search typed through the
        compositor's virtual keyboard (wtype) showing results, a detail opened, a popover, idle
        CPU <= 0.5 % over 20 s, and screenshots (grim) in light and dark style into SHOT_DIR.

Prints ok/FAIL per check (as Tests/EndToEnd/driver.py does); exits 1 when any failed.
"""
import json
import os
import re
import subprocess
import sys
import time

import pyatspi

DEADLINE = float(os.environ.get("GHF_PACKAGE_TEST_DEADLINE", 40))
GLIB_PROBLEM = re.compile(r"(-|\(\S+:\d+\): |\*\* )(CRITICAL|WARNING|ERROR) \*\*")
FAILED = []


def check(label, condition, detail=""):
    if callable(detail) and not condition:
        detail = detail()
    print("%s - %s%s" % ("ok  " if condition else "FAIL", label, ("\n       " + str(detail)) if detail and not condition else ""), flush=True)
    if not condition:
        FAILED.append(label)
    return bool(condition)


def wait_for(probe, timeout=DEADLINE, interval=0.2):
    end = time.time() + timeout
    while True:
        try:
            value = probe()
        except Exception:
            value = None
        if value:
            return value
        if time.time() > end:
            return None
        time.sleep(interval)


def walk(node, depth=0):
    yield node
    if depth >= 60:
        return
    try:
        children = [node.getChildAtIndex(i) for i in range(node.childCount)]
    except Exception:
        return
    for child in children:
        if child is not None:
            yield from walk(child, depth + 1)


def name(node):
    try:
        return node.name or ""
    except Exception:
        return ""


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return ""


def visible(node):
    try:
        return node.getState().contains(pyatspi.STATE_VISIBLE)
    except Exception:
        return False


def find(root, node_name=None, role_name=None, contains=None):
    for node in walk(root):
        if node_name is not None and name(node) != node_name:
            continue
        if contains is not None and contains not in name(node):
            continue
        if role_name is not None and role(node) != role_name:
            continue
        if visible(node):
            return node
    return None


def app_node(pid):
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
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate"):
            return action.doAction(i)
    return action.doAction(0)


def entry_text(node):
    try:
        text = node.queryText()
        return text.getText(0, text.characterCount)
    except Exception:
        return None


def names(root):
    return sorted({name(n) for n in walk(root) if name(n) and visible(n)})


def korean(pid):
    app = wait_for(lambda: app_node(pid))
    if not check("the app is on the accessibility bus", app is not None):
        return
    for label in ("검색", "즐겨찾기", "GitHub 사용자 검색"):
        check("Korean name %r shown" % label, wait_for(lambda: find(app, label)) is not None, lambda: names(app))
    check("no English tab name 'Search' left", find(app, "Search") is None)


def key(name):
    """One key through the compositor's virtual keyboard. Each wtype makes a new virtual keyboard
    and keymap; a key sent at once can arrive before the app has the keymap and be lost, so it
    waits 300 ms first."""
    subprocess.run(["wtype", "-s", "300", "-k", name], check=False)
    time.sleep(0.2)


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def window_rect():
    """The app's window in sway's tree: x, y, width, height."""
    tree = json.loads(subprocess.run(["swaymsg", "-t", "get_tree"], capture_output=True, text=True).stdout)
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.get("app_id") == "io.github.githubfinder.GitHubFinder" or (node.get("pid") and node.get("type") in ("con", "floating_con") and node.get("app_id")):
            r = node["rect"]
            return r["x"], r["y"], r["width"], r["height"]
        stack.extend(node.get("nodes", []) + node.get("floating_nodes", []))
    return None


def wayland(exec_line, api, shot_dir):
    home = os.environ["HOME"]
    base = dict(os.environ, GDK_BACKEND="wayland")
    base.pop("DISPLAY", None)
    check("a Wayland display and no X display", base.get("WAYLAND_DISPLAY") and "DISPLAY" not in base, base.get("WAYLAND_DISPLAY"))
    check("no Xwayland", subprocess.run(["pgrep", "-x", "Xwayland"], capture_output=True).returncode != 0)

    first = subprocess.run(["sh", "-c", "%s --api-url %s --benchmark-startup" % (exec_line, api)], cwd=home, env=base,
                           capture_output=True, text=True, timeout=120)
    out = first.stdout.strip().splitlines()
    check("Wayland: first frame drawn (%s ms)" % (out[-1] if out else "?"), bool(out) and re.match(r"^[0-9.]+$", out[-1]), first.stderr[-2000:])
    check("Wayland: no GLib/GTK warning at start", not GLIB_PROBLEM.search(first.stderr), first.stderr[-2000:])

    for style in ("light", "dark"):
        env = dict(base)
        if style == "dark":
            env["ADW_DEBUG_COLOR_SCHEME"] = "prefer-dark"
        errors = open(os.path.join(home, "wayland-%s.err" % style), "w+")
        process = subprocess.Popen(["sh", "-c", "exec %s --api-url %s" % (exec_line, api)], cwd=home, env=env,
                                   stdout=subprocess.DEVNULL, stderr=errors)
        try:
            run_wayland_session(process, style, shot_dir)
        finally:
            process.terminate()
            process.wait(timeout=20)
        errors.seek(0)
        text = errors.read()
        # sway 1.7 (Debian 12) speaks xdg-shell 2, without xdg_popup.reposition (version 3): GDK
        # says so once and closes and reopens a popover that has to move instead (README, Wayland).
        known = "Compositor doesn't support moving popups, relying on remapping"
        if known in text:
            print("       note: GDK on this compositor: %r (sway 1.7 has no xdg_popup.reposition)" % known, flush=True)
        lines = [line for line in text.splitlines() if known not in line]
        check("Wayland %s: no GLib/GTK warning (but the compositor's missing popup reposition)" % style,
              not GLIB_PROBLEM.search("\n".join(lines)), text[-2000:])


KEPT_SIZE = (1000, 680)


def run_wayland_session(process, style, shot_dir):
    app = wait_for(lambda: app_node(process.pid))
    opened_rect = wait_for(window_rect, timeout=10)
    if not check("Wayland %s: the app is on the accessibility bus" % style, app is not None):
        return
    for label, role_name in (("Search", None), ("Favorites", None), ("Search GitHub users", None), ("Select a User", None)):
        check("Wayland %s: landmark %r" % (style, label), wait_for(lambda: find(app, label, role_name)) is not None, lambda: names(app))
    # Typed through the compositor's virtual keyboard, into the focused window: typing anywhere searches.
    # wtype's first key can arrive before the compositor has given the app its new keymap: it
    # waits 300 ms after connecting (-s) before typing.
    subprocess.run(["wtype", "-s", "300", "-d", "60", "tom"], check=False)
    entry = wait_for(lambda: find(app, "Search GitHub users"))
    typed = wait_for(lambda: entry_text(entry) == "tom", timeout=10)
    check("Wayland %s: the search entry holds what was typed" % style, typed, lambda: repr(entry_text(entry)))
    results = wait_for(lambda: find(app, "Search results"))
    row = wait_for(lambda: find(results, "tom") if results else None)
    check("Wayland %s: a search typed with wtype shows results (the row 'tom')" % style, row is not None, lambda: names(app)[:40])
    if row is None:
        return
    # The first result opened with the keyboard (Down moves into the list, Enter opens).
    key("Down")
    key("Return")
    detail = wait_for(lambda: find(app, "Open in Browser"))
    check("Wayland %s: the detail opened" % style, detail is not None, lambda: names(app)[:60])
    if style == "light":
        # A popover (the main menu) opens and closes on Wayland (xdg_popup).
        key("F10")
        item = wait_for(lambda: find(app, "Export Favorites…"), timeout=10)
        check("Wayland: F10 opens the main menu's popover", item is not None, lambda: names(app)[:60])
        key("Escape")
        check("Wayland: the popover closes with Escape", wait_for(lambda: find(app, "Export Favorites…") is None, timeout=10))
        # Idle: 12 s after the last input, then 20 s measured.
        time.sleep(12)
        before, start = cpu_seconds(process.pid), time.time()
        time.sleep(20)
        cpu = (cpu_seconds(process.pid) - before) / (time.time() - start) * 100
        check("Wayland: idle CPU %.2f %% over 20 s (budget 0.5 %%)" % cpu, cpu <= 0.5)
    else:
        time.sleep(2)
    rect = window_rect()
    shot = os.path.join(shot_dir, "detail-%s.png" % style)
    geometry = ["-g", "%d,%d %dx%d" % rect] if rect else []
    taken = subprocess.run(["grim"] + geometry + [shot], capture_output=True, text=True)
    check("Wayland %s: screenshot %s (window %s)" % (style, os.path.basename(shot), rect), taken.returncode == 0 and os.path.exists(shot), taken.stderr)
    if style == "light":
        # The size is kept across a restart: resized by the compositor, quit with Ctrl+Q; the dark
        # run checks the size it opens with.
        subprocess.run(["swaymsg", "[app_id=io.github.githubfinder.GitHubFinder] resize set %d %d" % KEPT_SIZE], capture_output=True)
        check("Wayland: the compositor resized the window to %dx%d" % KEPT_SIZE, wait_for(lambda: (window_rect() or (0, 0, 0, 0))[2:] == KEPT_SIZE, timeout=10),
              lambda: window_rect())
        time.sleep(1)
        subprocess.run(["wtype", "-s", "300", "-M", "ctrl", "-k", "q", "-m", "ctrl"], check=False)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        check("Wayland: Ctrl+Q quits", process.returncode == 0, process.returncode)
    else:
        check("Wayland: the window opened again at the size it was left at (%dx%d)" % KEPT_SIZE, opened_rect and opened_rect[2:] == KEPT_SIZE, opened_rect)


def main():
    mode = sys.argv[1]
    if mode == "korean":
        korean(int(sys.argv[2]))
    elif mode == "wayland":
        wayland(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        raise SystemExit(__doc__)
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
