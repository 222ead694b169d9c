"""What's New: a favorite's bell, a new release published on the double found by Refresh (an
entry, a desktop notification sent to a stand-in for GNOME Shell's notification service on the
test's session bus), the notification clicked (the app opens the repository with the release
shown, the entry read), Mark All as Read, and the background service started from its autostart
entry that notifies with no window."""
import json
import os
import subprocess
import time
import urllib.request

from driver import BUILD, DEADLINE, Scenario, check, pressed, require, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
APP_ID = "io.github.githubfinder.GitHubFinder"
RELEASE = {"repository": "groue/GRDB.swift", "tag": "7.11.0", "name": "GRDB.swift 7.11.0", "body": "## What's Changed\n* Faster joins by @groue\n"}


class Notifications:
    """The stand-in notification service (fake_notifications.py), started before the app: GLib
    picks the service it talks to when the app registers."""

    def __init__(self, workdir):
        self.path = os.path.join(workdir, "notifications.jsonl")
        self.process = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "fake_notifications.py"), self.path],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.ready = self.process.stdout.readline().strip() == "ready"

    def received(self):
        if not os.path.exists(self.path):
            return []
        return [json.loads(line) for line in open(self.path) if line.strip() and "removed" not in json.loads(line)]

    def removed(self):
        """The ids of the notifications the app took away."""
        if not os.path.exists(self.path):
            return []
        return [json.loads(line)["removed"] for line in open(self.path) if line.strip() and "removed" in json.loads(line)]

    def wait(self, count, timeout=DEADLINE):
        return wait_for(lambda: len(self.received()) >= count and self.received(), timeout=timeout)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=5)


def _publish(server, release):
    request = urllib.request.Request(server.url + "/_fixture/releases", data=json.dumps(release).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=DEADLINE) as response:
        return json.loads(response.read())


def _activate(action, target):
    """What GNOME Shell does when a notification (or its button) is clicked: the application's
    action, through org.freedesktop.Application on the session bus."""
    return subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", "/" + APP_ID.replace(".", "/"),
                           "--method", "org.freedesktop.Application.ActivateAction", action, "[<'%s'>]" % target, "{}"],
                          capture_output=True, text=True, timeout=DEADLINE)


def _star_and_watch(app, full_name):
    """Opens the repository, stars it, and turns its bell on."""
    app.key("ctrl+2")
    app.search(full_name.split("/")[1])
    row = app.wait("panel", full_name)
    require("the search finds %s" % full_name, row)
    app.click(row)
    star = app.wait("push button", "Star")
    require("its detail has 'Star'", star)
    check("no bell before it is a favorite", app.find("push button", "Notify me about new releases") is None)
    app.press(star)
    require("starring it shows 'Unstar'", app.wait("push button", "Unstar"))
    bell = app.wait("push button", "Notify me about new releases")
    require("a favorite has the bell 'Notify me about new releases'", bell)
    check("…off by default", not pressed(bell))
    app.press(bell)
    check("pressing it turns it on", app.wait_until(lambda: pressed(bell)))


def _watching(s, notifications):
    """The double and the app (What's New on, as by default) with GRDB starred, its bell on, and
    checked once from the What's New tab (Alt+3, F5): nothing new yet."""
    require("the stand-in notification service owns org.gtk.Notifications", notifications.ready)
    server = s.server()
    s.desktop.news_on()
    app = s.app(server.url)
    _star_and_watch(app, "groue/GRDB.swift")
    app.key("alt+3")
    tab = app.wait("push button", "What's New")
    check("Alt+3 shows the What's New tab", tab and pressed(tab))
    app.key("F5")
    check("Refresh checks the favorites; nothing new yet", app.wait("label", "Nothing New"))
    check("…GRDB's releases were asked for", wait_for(lambda: server.requests("releases") >= 1))
    return server, app


def release_notification_and_entry():
    with Scenario("What's New: a watched favorite's new release is an entry and a notification that opens it") as s:
        notifications = Notifications(s.workdir)
        try:
            server, app = _watching(s, notifications)

            _publish(server, RELEASE)
            app.key("F5")
            news = app.wait("list", "What's New")
            require("the tab has the list 'What's New'", news, app.tree)
            entry = app.wait("panel", contains="groue/GRDB.swift 7.11.0", within=news)
            require("the new release is an entry of What's New", entry)
            check("…named for a screen reader with its kind, title, time and 'Unread'",
                  entry and all(part in entry.name for part in ("New release", "GRDB.swift 7.11.0", "Published", "Unread")), entry and entry.name)
            check("the day's header is 'Today'", app.wait("panel", "Today", within=news))
            sent = notifications.wait(1)
            require("one desktop notification was sent", sent and len(sent) == 1, repr(sent))
            note = sent[0]
            check("its title names the repository and the tag", note["title"] == "groue/GRDB.swift 7.11.0", repr(note))
            check("its body is the release's name and the first line of its notes", note["body"] == "GRDB.swift 7.11.0\nWhat's Changed", repr(note))
            check("clicking it opens the app on the entry (app.open-news)", note["default_action"] == "app.open-news" and note["default_target"].endswith(":7.11.0"), repr(note))
            check("its button 'Open in Browser' opens the release's page",
                  note["buttons"] == [{"label": "Open in Browser", "action": "app.open-news-url",
                                       "target": "https://github.com/groue/GRDB.swift/releases/tag/7.11.0"}], repr(note["buttons"]))

            result = _activate("open-news", note["default_target"])
            check("GNOME Shell's click reaches the app", result.returncode == 0, result.stderr)
            release = app.wait_until(lambda: app.find("panel", "Release", only_visible=False))
            check("the app shows the repository with that release, 'Release', in its detail",
                  release is not None and app.wait_until(lambda: app.find("label", "GRDB.swift 7.11.0", within=release, only_visible=False)), app.tree)
            def read():
                row = app.find("panel", contains="groue/GRDB.swift 7.11.0", within=news)
                return row is not None and "Unread" not in row.name
            check("…and the entry is read", app.wait_until(read))
            check("…and its notification is taken away", wait_for(lambda: note["id"] in notifications.removed()), repr(notifications.removed()))
            _activate("open-news-url", note["buttons"][0]["target"])
            check("the button opens the release in the browser",
                  app.wait_until(lambda: "https://github.com/groue/GRDB.swift/releases/tag/7.11.0" in s.desktop.opened_urls()), repr(s.desktop.opened_urls()))

            # An older release opened: its own release shows, not the latest.
            _publish(server, dict(RELEASE, tag="7.12.0", name="GRDB.swift 7.12.0", body="Smaller fixes."))
            app.key("alt+3")
            app.key("F5")
            newer = app.wait("panel", contains="groue/GRDB.swift 7.12.0", within=news)
            require("the next release is an entry too", newer)
            check("…unread", newer and "Unread" in newer.name, newer and newer.name)
            second = notifications.wait(2)
            check("…and a notification", second and second[-1]["title"] == "groue/GRDB.swift 7.12.0", repr(second))
            def shows(name):
                shown = app.find("panel", "Release", only_visible=False)
                return shown is not None and app.find("label", name, within=shown, only_visible=False) is not None
            app.click(newer)
            check("opening the new entry shows its release", app.wait_until(lambda: shows("GRDB.swift 7.12.0")), app.tree)
            app.click(app.find("panel", contains="groue/GRDB.swift 7.11.0", within=news))
            check("opening the older entry shows that release, not the latest",
                  app.wait_until(lambda: shows("GRDB.swift 7.11.0") and not shows("GRDB.swift 7.12.0")), app.tree)
            check("…and the new entry's notification was taken away when it was opened",
                  wait_for(lambda: second[-1]["id"] in notifications.removed()), repr(notifications.removed()))

            # Mark All as Read: another release, unread, read at once.
            _publish(server, dict(RELEASE, tag="7.13.0", name="GRDB.swift 7.13.0", body="More fixes."))
            app.key("F5")
            newest = app.wait("panel", contains="groue/GRDB.swift 7.13.0", within=news)
            require("a third release is an entry", newest and "Unread" in newest.name, newest and newest.name)
            third = notifications.wait(3)

            mark = app.find("push button", "Mark All as Read")
            require("the tab has 'Mark All as Read'", mark)
            app.press(mark)
            def all_read():
                row = app.find("panel", contains="groue/GRDB.swift 7.13.0", within=news)
                return row is not None and "Unread" not in row.name
            check("Mark All as Read reads the new entry", app.wait_until(all_read))
            check("…and takes its notification away", third and wait_for(lambda: third[-1]["id"] in notifications.removed()), repr(notifications.removed()))
        finally:
            notifications.stop()


def background_service_notifies():
    with Scenario("What's New: the background service from its autostart entry notifies with no window") as s:
        notifications = Notifications(s.workdir)
        try:
            server, app = _watching(s, notifications)
            app.key("ctrl+comma")
            prefs = app.wait("frame", "Preferences")
            require("the Preferences window", prefs)
            app.scroll(prefs, clicks=6)
            switch = app.wait_until(lambda: app.find("check box", "Check in the Background", only_visible=False))
            require("Preferences has 'Check in the Background', a switch", switch, app.tree)
            check("off unless turned on", not pressed(switch))
            app.press(switch)
            autostart = os.path.join(s.desktop.env["XDG_CONFIG_HOME"], "autostart", APP_ID + ".desktop")
            require("turning it on writes the autostart entry", wait_for(lambda: os.path.exists(autostart)))
            text = open(autostart).read()
            exec_line = [line for line in text.splitlines() if line.startswith("Exec=")]
            check("it starts the app as a service with no window", exec_line and exec_line[0].endswith(" --gapplication-service"), text)
            # A second launch while the window is open hands over to it and ends; it does not
            # go on as a second service.
            second = subprocess.Popen([os.path.join(BUILD, "github-finder"), "--api-url", server.url], env=s.desktop.env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                _, errors = second.communicate(timeout=DEADLINE)
                check("a second launch while the window is open ends at once, quietly",
                      second.returncode == 0 and errors.strip() == "", "%d %s" % (second.returncode, errors))
            except subprocess.TimeoutExpired:
                second.kill()
                second.communicate()
                check("a second launch while the window is open ends at once, quietly", False, "it was still running after %d s" % DEADLINE)
            app.quit()

            _publish(server, RELEASE)
            command = exec_line[0][len("Exec="):].split(" ")
            service = s.app(None, *command[1:], env={"GITHUB_API_URL": server.url}, ready=False)
            sent = notifications.wait(1, timeout=DEADLINE * 2)
            check("the service notifies of the new release", sent and sent[0]["title"] == "groue/GRDB.swift 7.11.0", repr(sent))
            check("…with no window", subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(service.pid)], capture_output=True, text=True).stdout.strip() == "")
            check("…and it keeps running", service.process.poll() is None)
            # A launch of the app while the service runs (its icon, a terminal): GApplication's
            # Activate. The service executes the full app in its place, the same process.
            subprocess.run(["gdbus", "call", "--session", "--dest", APP_ID, "--object-path", "/" + APP_ID.replace(".", "/"),
                            "--method", "org.freedesktop.Application.Activate", "{}"], capture_output=True, text=True, timeout=DEADLINE)
            window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(service.pid), "--name", "^GitHub Finder$"],
                                                     capture_output=True, text=True).stdout.split())
            check("a launch while it runs opens the window in its place (the same process)", window and service.process.poll() is None)
        finally:
            notifications.stop()


SCENARIOS = [release_notification_and_entry, background_service_notifies]
