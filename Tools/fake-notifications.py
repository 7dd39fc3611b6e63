#!/usr/bin/python3
"""A notification server for tests, on the test session's bus. It records every notification as one
JSON line in LOG and answers as the real server would; prints READY once its name is owned ("READY
port=0"); ends when its stdin closes. Writing "ID" to the file LOG.invoke clicks notification ID
(its default action); "ID ACTION" clicks one of its buttons.

Usage: fake-notifications.py LOG           org.freedesktop.Notifications (any freedesktop server;
                                           GLib's freedesktop backend). A click is the ActionInvoked
                                           signal, as a server emits it.
       fake-notifications.py LOG --gtk     org.gtk.Notifications (GNOME Shell's; GLib's gtk backend).
                                           A click is what GNOME Shell does: it activates the
                                           application's action over D-Bus (org.freedesktop.Application
                                           .ActivateAction on the app's own name), with its target.
Each line: id, app, summary, body, actions (freedesktop: key/label pairs; gtk: the default action
then each button's action), and the hint names (freedesktop) or the target of the default action (gtk).
"""
import json
import os
import sys

from gi.repository import Gio, GLib

LOG = sys.argv[1]
GTK = "--gtk" in sys.argv[2:]
FREEDESKTOP = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="Notify">
      <arg type="s" name="app_name" direction="in"/><arg type="u" name="replaces_id" direction="in"/>
      <arg type="s" name="app_icon" direction="in"/><arg type="s" name="summary" direction="in"/>
      <arg type="s" name="body" direction="in"/><arg type="as" name="actions" direction="in"/>
      <arg type="a{sv}" name="hints" direction="in"/><arg type="i" name="expire_timeout" direction="in"/>
      <arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" name="id" direction="in"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
GTK_INTERFACE = """
<node>
  <interface name="org.gtk.Notifications">
    <method name="AddNotification">
      <arg type="s" name="app_id" direction="in"/><arg type="s" name="id" direction="in"/>
      <arg type="a{sv}" name="notification" direction="in"/>
    </method>
    <method name="RemoveNotification">
      <arg type="s" name="app_id" direction="in"/><arg type="s" name="id" direction="in"/>
    </method>
  </interface>
</node>
"""
state = {"next": 1, "connection": None, "gtk": {}}


def record(entry):
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(json.dumps(entry) + "\n")


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fixture-notifications", "Switchyard tests", "1", "1.2")))
    elif method in ("CloseNotification", "RemoveNotification"):
        invocation.return_value(None)
    elif method == "Notify":
        app, replaces, _icon, summary, body, actions, hints, _timeout = parameters.unpack()
        number = replaces or state["next"]
        state["next"] += 1
        record({"id": number, "app": app, "summary": summary, "body": body, "actions": list(actions), "hints": sorted(hints.keys())})
        invocation.return_value(GLib.Variant("(u)", (number,)))
    elif method == "AddNotification":
        app_id, key, notification = parameters.unpack()
        number = state["next"]
        state["next"] += 1
        fields = parameters.get_child_value(2)
        default = fields.lookup_value("default-action", GLib.VariantType("s"))
        target = fields.lookup_value("default-action-target", None)
        buttons = fields.lookup_value("buttons", None)
        button_actions = [buttons.get_child_value(i).lookup_value("action", GLib.VariantType("s")).get_string()
                          for i in range(buttons.n_children())] if buttons else []
        state["gtk"][number] = {"app": app_id, "default": (default.get_string() if default else None), "target": target,
                                "buttons": {action: buttons.get_child_value(i).lookup_value("target", None)
                                            for i, action in enumerate(button_actions)} if buttons else {}}
        record({"id": number, "app": app_id, "key": key, "summary": notification.get("title", ""), "body": notification.get("body", ""),
                "actions": ([default.get_string()] if default else []) + button_actions,
                "target": target.unpack() if target else None})
        invocation.return_value(None)


def activate(app_id, detailed, target):
    """What GNOME Shell does on a click: the app's action, by D-Bus, on the app's own name."""
    name = detailed.split(".", 1)[1] if detailed.startswith("app.") else detailed
    path = "/" + app_id.replace(".", "/").replace("-", "_")
    parameters = [target] if target is not None else []
    state["connection"].call_sync(app_id, path, "org.freedesktop.Application", "ActivateAction",
                                  GLib.Variant("(sava{sv})", (name, parameters, {})), None, Gio.DBusCallFlags.NONE, 10000, None)


def poll_invoke():
    trigger = LOG + ".invoke"
    if os.path.exists(trigger):
        with open(trigger, encoding="utf-8") as handle:
            words = handle.read().split()
        os.remove(trigger)
        number, action = int(words[0]) if words else 0, words[1] if len(words) > 1 else "default"
        if GTK:
            sent = state["gtk"].get(number)
            if sent and action == "default" and sent["default"]:
                activate(sent["app"], sent["default"], sent["target"])
            elif sent and action in sent["buttons"]:
                activate(sent["app"], action, sent["buttons"][action])
        else:
            state["connection"].emit_signal(None, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked",
                                            GLib.Variant("(us)", (number, action)))
    return True


def acquired(connection, name):
    print("READY port=0", flush=True)  # the tests' server-process helper reads this line


def bus(connection, name):
    state["connection"] = connection
    info = Gio.DBusNodeInfo.new_for_xml(GTK_INTERFACE if GTK else FREEDESKTOP)
    path = "/org/gtk/Notifications" if GTK else "/org/freedesktop/Notifications"
    connection.register_object(path, info.interfaces[0], call, None, None)


open(LOG, "a").close()
Gio.bus_own_name(Gio.BusType.SESSION, "org.gtk.Notifications" if GTK else "org.freedesktop.Notifications",
                 Gio.BusNameOwnerFlags.NONE, bus, acquired, None)
GLib.timeout_add(50, poll_invoke)
loop = GLib.MainLoop()


def stdin_closed(fd, condition):
    if os.read(fd, 1):
        return True
    loop.quit()  # the test closed our stdin: done
    return False


GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, stdin_closed)
loop.run()
