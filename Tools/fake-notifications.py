#!/usr/bin/python3
"""A freedesktop notification server for tests, on the test session's bus: owns
org.freedesktop.Notifications, records every Notify call as one JSON line in LOG (app name,
summary, body, actions, hint names) and answers as a real server would. Prints READY once the name
is owned ("READY port=0"); ends when its stdin closes. Writing a notification id to the file LOG.invoke makes it emit ActionInvoked(id,
"default") — what a click on the notification does; "ID ACTION" invokes one of its buttons.

Usage: fake-notifications.py LOG
"""
import json
import os
import sys

from gi.repository import Gio, GLib

LOG = sys.argv[1]
INTERFACE = """
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
state = {"next": 1, "connection": None}


def call(connection, sender, path, interface, method, parameters, invocation):
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("fixture-notifications", "Switchyard tests", "1", "1.2")))
    elif method == "CloseNotification":
        invocation.return_value(None)
    elif method == "Notify":
        app, replaces, _icon, summary, body, actions, hints, _timeout = parameters.unpack()
        number = replaces or state["next"]
        state["next"] += 1
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps({"id": number, "app": app, "summary": summary, "body": body, "actions": list(actions),
                                  "hints": sorted(hints.keys())}) + "\n")
        invocation.return_value(GLib.Variant("(u)", (number,)))


def poll_invoke():
    trigger = LOG + ".invoke"
    if os.path.exists(trigger):
        with open(trigger, encoding="utf-8") as handle:
            words = handle.read().split()
        os.remove(trigger)
        number, action = int(words[0]) if words else 0, words[1] if len(words) > 1 else "default"
        state["connection"].emit_signal(None, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked",
                                        GLib.Variant("(us)", (number, action)))
    return True


def acquired(connection, name):
    print("READY port=0", flush=True)  # the tests' server-process helper reads this line


def bus(connection, name):
    state["connection"] = connection
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object("/org/freedesktop/Notifications", info.interfaces[0], call, None, None)


open(LOG, "a").close()
Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, bus, acquired, None)
GLib.timeout_add(50, poll_invoke)
loop = GLib.MainLoop()


def stdin_closed(fd, condition):
    if os.read(fd, 1):
        return True
    loop.quit()  # the test closed our stdin: done
    return False


GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, stdin_closed)
loop.run()
