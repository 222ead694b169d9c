"""Drives the real github-finder window as a user would (xdotool keys and clicks) and checks what
is on screen through the accessibility tree (AT-SPI, GTK 4.8 on X11). Used by bench-gui.py.

GTK 4.8 sets VISIBLE on every widget that is not hidden, including the children of a GtkStack's
pages that are not shown, and never sets SHOWING; extents of such children are their last
allocation. What is really on screen is therefore decided by hit-testing: the node is showing when
the window's own pick at the node's centre lands on it or inside it.
"""
import os
import subprocess
import time

import pyatspi


class StateNotReached(Exception):
    """A state the benchmark needs could not be reached or verified."""


def walk(node):
    yield node
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
            yield from walk(child)


def role(node):
    try:
        return node.getRoleName()
    except Exception:
        return None


def name(node):
    try:
        return node.name
    except Exception:
        return None


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def extents(node):
    try:
        e = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return e.x, e.y, e.width, e.height
    except Exception:
        return None


def toplevel(node):
    """The frame or dialog holding node (GTK reports positions relative to it)."""
    current = node
    while current is not None:
        if role(current) in ("frame", "dialog", "window", "alert", "menu"):
            return current
        try:
            current = current.parent
        except Exception:
            return None
    return None


def same(a, b):
    if a is None or b is None:
        return False
    if a == b:
        return True
    try:
        return a.path == b.path and a.get_process_id() == b.get_process_id()
    except Exception:
        return False


def showing(node):
    """True when the node is drawn where it says it is: not hidden, non-empty, and the window's
    pick at its centre is the node or one of its descendants."""
    if node is None or not has_state(node, pyatspi.STATE_VISIBLE):
        return False
    box = extents(node)
    top = toplevel(node)
    if box is None or top is None or box[2] <= 0 or box[3] <= 0:
        return False
    x, y = box[0] + box[2] // 2, box[1] + box[3] // 2
    try:
        hit = top.queryComponent().getAccessibleAtPoint(x, y, pyatspi.WINDOW_COORDS)
    except Exception:
        hit = None
    if hit is None:
        # The pick landed on a widget with no accessible of its own (the GtkText inside an
        # entry): GTK's own test of the node, which is false for unmapped stack pages.
        try:
            return bool(node.queryComponent().contains(x, y, pyatspi.WINDOW_COORDS))
        except Exception:
            return False
    depth = 0
    while hit is not None and depth < 64:
        if same(hit, node):
            return True
        try:
            hit = hit.parent
        except Exception:
            return False
        depth += 1
    return False


def find_all(root, role_name=None, node_name=None, predicate=None, only_showing=True):
    found = []
    for node in walk(root):
        if role_name is not None and role(node) != role_name:
            continue
        if node_name is not None and name(node) != node_name:
            continue
        if predicate is not None and not predicate(node):
            continue
        if only_showing and not showing(node):
            continue
        found.append(node)
    return found


def find(root, role_name=None, node_name=None, predicate=None, only_showing=True):
    for node in walk(root):
        if role_name is not None and role(node) != role_name:
            continue
        if node_name is not None and name(node) != node_name:
            continue
        if predicate is not None and not predicate(node):
            continue
        if only_showing and not showing(node):
            continue
        return node
    return None


def wait_for(what, probe, timeout=20.0, interval=0.25):
    deadline = time.time() + timeout
    while True:
        try:
            value = probe()
        except Exception:
            value = None
        if value:
            return value
        if time.time() >= deadline:
            raise StateNotReached("timed out after %.0f s waiting for %s" % (timeout, what))
        time.sleep(interval)


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


def press(node):
    """Buttons expose a working 'click' action on GTK 4.8."""
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate"):
            return action.doAction(i)
    return action.doAction(0)


class Window:
    """One github-finder process on the accessibility bus and the X display."""

    def __init__(self, process, timeout=30.0):
        self.pid = process.pid
        self.process = process
        self.app = wait_for("the app on the accessibility bus", lambda: find_app(self.pid), timeout)
        self.xid = wait_for("the window on the X display", lambda: self.x_window("GitHub Finder"), timeout)
        self.focus()

    def x_window(self, title):
        """The X window of this process titled exactly `title` (xdotool's --name with --pid also
        matches the process's other windows)."""
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.pid)],
                             capture_output=True, text=True).stdout.split()
        for xid in ids:
            if subprocess.run(["xdotool", "getwindowname", xid], capture_output=True, text=True).stdout.strip() == title:
                return xid
        return None

    def alive(self):
        return self.process.poll() is None

    def focus(self):
        subprocess.run(["xdotool", "windowactivate", "--sync", self.xid], capture_output=True, timeout=10)
        subprocess.run(["xdotool", "windowfocus", "--sync", self.xid], capture_output=True, timeout=10)

    def key(self, *keys):
        subprocess.run(["xdotool", "key", "--clearmodifiers", "--delay", "60"] + list(keys), check=True, timeout=20)

    def type(self, text):
        subprocess.run(["xdotool", "type", "--delay", "60", text], check=True, timeout=30)

    def click(self, node, button="1"):
        """A real pointer click at the node's centre (GTK 4.8 gives window-relative positions; the
        node's own toplevel may be a dialog, which xdotool then targets)."""
        box = extents(node)
        if box is None or box[2] <= 0:
            raise StateNotReached("%s %r has no position to click" % (role(node), name(node)))
        x, y = box[0] + box[2] // 2, box[1] + box[3] // 2
        subprocess.run(["xdotool", "mousemove", "--window", self.xid, str(x), str(y), "click", button], check=True, timeout=10)

    def park_pointer(self):
        """Moves the pointer off the window so no hover or tooltip state lingers."""
        subprocess.run(["xdotool", "mousemove", "1275", "795"], capture_output=True, timeout=10)

    def find(self, role_name=None, node_name=None, predicate=None):
        return find(self.app, role_name, node_name, predicate)

    def wait(self, what, role_name=None, node_name=None, predicate=None, timeout=20.0):
        return wait_for(what, lambda: self.find(role_name, node_name, predicate), timeout)

    def size(self):
        out = subprocess.run(["xdotool", "getwindowgeometry", self.xid], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "Geometry:" in line:
                w, h = line.split(":")[1].strip().split("x")
                return int(w), int(h)
        return None

    def resize(self, width, height):
        subprocess.run(["xdotool", "windowsize", "--sync", self.xid, str(width), str(height)], capture_output=True, timeout=10)


def text_of(node):
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return name(node)


def dump(root, path):
    """Writes the tree (role, name, showing) to path, for a failure report."""
    try:
        with open(path, "w") as out:
            def rec(node, depth):
                out.write("%s%s %r%s\n" % ("  " * depth, role(node), name(node), "" if not showing(node) else "  [showing]"))
                try:
                    for i in range(node.childCount):
                        child = node.getChildAtIndex(i)
                        if child is not None:
                            rec(child, depth + 1)
                except Exception:
                    pass
            rec(root, 0)
    except Exception:
        pass


def screenshot(xid, path):
    try:
        subprocess.run(["import", "-window", str(xid), path], capture_output=True, timeout=20)
    except Exception:
        pass
