#!/usr/bin/python3
"""Prints the accessibility tree of a running application over AT-SPI.

Usage: a11y-dump.py APP_NAME [TIMEOUT_SECONDS [PID]]
One line per node: indentation, [role] 'name' {states}; with A11Y_DESCRIPTIONS=1 in the
environment, a node's description (GTK's tooltip text) follows as desc='...'. Waits until the app
appears and its tree stops changing.

The tree is read over the accessibility bus with plain D-Bus calls (Gio, from python3-gi), a level
at a time: every call for every node of a level is sent before any answer is awaited, so the app
answers them in batches instead of one round trip per question. With PID, applications are told
apart by process id (asked of the bus, not of the application) before any of them is asked its
name: another process on the bus that is busy (a test runner blocked in a wait) would otherwise
answer only after a timeout.
"""
import os
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib

DESCRIPTIONS = os.environ.get("A11Y_DESCRIPTIONS") == "1"
ACCESSIBLE = "org.a11y.atspi.Accessible"
PROPERTIES = "org.freedesktop.DBus.Properties"
NULL_PATH = "/org/a11y/atspi/null"
ROOT_PATH = "/org/a11y/atspi/accessible/root"
CALL_TIMEOUT_MS = 10_000

# AT-SPI's state numbers (atspi-constants.h) and the words printed for them, in print order.
STATES = [(25, "showing"), (30, "visible"), (23, "selected"), (24, "sensitive"), (11, "focusable"), (4, "checked")]
VALUE_ROLES = ("progress bar", "level bar", "slider")


def role_name(number):
    """The role's name as libatspi (and so pyatspi and Orca) gives it; GTK's own GetRoleName words differ."""
    try:
        return Atspi.role_get_name(Atspi.Role(number))
    except ValueError:
        return f"role {number}"


class Changed(Exception):
    """The tree changed while it was read (an object went away): read it again."""


def accessibility_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None)
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(reply.unpack()[0], flags, None, None)


def call(bus, node, interface, method, args, reply_type):
    name, path = node
    reply = bus.call_sync(name, path, interface, method, args, GLib.VariantType(reply_type),
                          Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None)
    return reply.unpack()


def find_app(bus, name, pid=None):
    try:
        children = call(bus, ("org.a11y.atspi.Registry", ROOT_PATH), ACCESSIBLE, "GetChildren", None, "(a(so))")[0]
    except GLib.Error:
        return None
    for child in children:
        try:
            if pid is not None:
                owner = call(bus, ("org.freedesktop.DBus", "/org/freedesktop/DBus"), "org.freedesktop.DBus",
                             "GetConnectionUnixProcessID", GLib.Variant("(s)", (child[0],)), "(u)")[0]
                if owner != pid:
                    continue
            if call(bus, tuple(child), PROPERTIES, "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name")), "(v)")[0] == name:
                return tuple(child)
        except GLib.Error:
            continue
    return None


class Batch:
    """Calls sent together; `wait` runs the main loop until every answer is in."""

    def __init__(self, bus):
        self.bus = bus
        self.pending = 0
        self.context = GLib.MainContext.default()

    def send(self, node, interface, method, args, reply_type, store):
        name, path = node

        def done(connection, result):
            self.pending -= 1
            try:
                store(connection.call_finish(result).unpack())
            except GLib.Error as error:
                store(error)

        self.pending += 1
        self.bus.call(name, path, interface, method, args, GLib.VariantType(reply_type),
                      Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None, done)

    def wait(self):
        while self.pending:
            self.context.iteration(True)


def properties(reply):
    """The record's name, description and child count from a GetAll answer (an error stands for each)."""
    if isinstance(reply, GLib.Error):
        return {"name": reply, "description": reply, "count": reply}
    values = reply[0]
    return {"name": (values.get("Name", ""),), "description": (values.get("Description", ""),),
            "count": (values.get("ChildCount", 0),)}


def read_tree(bus, app):
    """The tree under `app` as nested records, read a level at a time."""
    root = {"node": app}
    level = [root]
    while level:
        batch = Batch(bus)
        for record in level:
            node = record["node"]
            batch.send(node, ACCESSIBLE, "GetRole", None, "(u)", lambda r, rec=record: rec.__setitem__("role", r))
            batch.send(node, ACCESSIBLE, "GetState", None, "(au)", lambda r, rec=record: rec.__setitem__("state", r))
            # Name, Description and ChildCount in one call: fewer messages for the app and the bus to pass.
            batch.send(node, PROPERTIES, "GetAll", GLib.Variant("(s)", (ACCESSIBLE,)), "(a{sv})",
                       lambda r, rec=record: rec.update(properties(r)))
        batch.wait()
        # Second round: the children one index at a time (GTK 4.8's GetChildren lists another set than
        # ChildCount and GetChildAtIndex, which are what screen readers walk), and the values of bars.
        second = Batch(bus)
        for record in level:
            for key in ("role", "state", "name", "count", "description"):
                if isinstance(record[key], GLib.Error):
                    raise Changed()
            record["role"] = role_name(record["role"][0])
            if record["role"] in VALUE_ROLES:
                second.send(record["node"], PROPERTIES, "GetAll", GLib.Variant("(s)", ("org.a11y.atspi.Value",)), "(a{sv})",
                            lambda r, rec=record: rec.__setitem__("value", r))
            record["children"] = [None] * record["count"][0]
            for index in range(record["count"][0]):
                def store(reply, rec=record, index=index):
                    rec["children"][index] = reply
                second.send(record["node"], ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(i)", (index,)), "((so))", store)
        second.wait()
        following = []
        for record in level:
            if any(isinstance(child, GLib.Error) for child in record["children"]):
                raise Changed()
            record["children"] = [{"node": tuple(child[0])} for child in record["children"] if child[0][1] != NULL_PATH]
            following.extend(record["children"])
        level = following
    return root


def lines_of(record, depth, lines):
    words = record["state"][0]
    bits = (words[0] if words else 0) | ((words[1] if len(words) > 1 else 0) << 32)
    shown = ",".join(label for number, label in STATES if bits & (1 << number))
    name = (record["name"][0] or "").replace("\n", "\\n")
    line = f"{'  ' * depth}[{record['role']}] '{name}' {{{shown}}}"
    if record["role"] in VALUE_ROLES:
        value = record.get("value")
        if isinstance(value, GLib.Error) or not value or "CurrentValue" not in value[0]:
            line += " <no value>"
        else:
            line += f" <value {value[0]['CurrentValue']:g} of {value[0]['MaximumValue']:g}>"
    if DESCRIPTIONS:
        description = (record["description"][0] or "").replace("\n", "\\n")
        if description:
            line += f" desc='{description}'"
    lines.append(line)
    for child in record["children"]:
        lines_of(child, depth + 1, lines)


def main():
    name = sys.argv[1]
    deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 20.0)
    pid = int(sys.argv[3]) if len(sys.argv) > 3 else None
    bus = accessibility_bus()
    previous = None
    while time.monotonic() < deadline:
        app = find_app(bus, name, pid)
        lines = None
        if app is not None:
            try:
                tree = read_tree(bus, app)
                if tree["children"]:
                    lines = []
                    lines_of(tree, 0, lines)
            except Changed:
                lines = None
        if lines and lines == previous:
            print("\n".join(lines))
            return 0
        previous = lines
        time.sleep(0.4)
    print(f"a11y-dump: no stable accessibility tree for {name!r}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
