#!/usr/bin/python3
"""A stand-in for GNOME Shell's notification service on the test's session bus: owns
org.gtk.Notifications (what GLib's GNotification talks to when the name has an owner, as under
GNOME) and writes each notification it is given as one JSON line to the file named on the
command line: {"app": ..., "id": ..., "title": ..., "body": ..., "icon": ..., "default_action":
..., "default_target": ..., "buttons": [{"label", "action", "target"}]}. Removals are lines
{"removed": id}. It prints "ready" once it owns the name."""
import json
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.gtk.Notifications">
    <method name="AddNotification">
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
      <arg type="a{sv}" direction="in"/>
    </method>
    <method name="RemoveNotification">
      <arg type="s" direction="in"/>
      <arg type="s" direction="in"/>
    </method>
  </interface>
</node>
"""


def _target(variant):
    """An action's target as plain JSON (the app's are strings)."""
    if variant is None:
        return None
    value = variant.unpack() if isinstance(variant, GLib.Variant) else variant
    return value.unpack() if isinstance(value, GLib.Variant) else value


def main():
    out = open(sys.argv[1], "a", buffering=1)
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)

    def on_call(connection, sender, path, interface, method, parameters, invocation):
        if method == "AddNotification":
            app, identifier, notification = parameters.unpack()
            icon = notification.get("icon")
            record = {
                "app": app, "id": identifier, "title": notification.get("title"), "body": notification.get("body"),
                "icon": str(icon) if icon is not None else None,
                "default_action": notification.get("default-action"),
                "default_target": _target(notification.get("default-action-target")),
                "buttons": [{"label": b.get("label"), "action": b.get("action"), "target": _target(b.get("target"))}
                            for b in notification.get("buttons", [])],
            }
            out.write(json.dumps(record) + "\n")
        elif method == "RemoveNotification":
            out.write(json.dumps({"removed": parameters.unpack()[1]}) + "\n")
        invocation.return_value(None)

    def on_bus(connection, name):
        connection.register_object("/org/gtk/Notifications", node.interfaces[0], on_call, None, None)

    def on_name(connection, name):
        print("ready", flush=True)

    def on_lost(connection, name):
        print("lost the name", flush=True)
        loop.quit()

    Gio.bus_own_name(Gio.BusType.SESSION, "org.gtk.Notifications", Gio.BusNameOwnerFlags.NONE, on_bus, on_name, on_lost)
    loop = GLib.MainLoop()
    loop.run()


if __name__ == "__main__":
    main()
