#!/usr/bin/python3
"""Reads a running Switchyard's accessibility tree over AT-SPI without pause, the way a
screen reader does, while the app changes its widgets underneath.

For every node it asks what Orca asks: children by index, parent and index in parent, name, description, role, states, relations and their targets, attributes,
interfaces, text, value, selection and component extents. Errors raised because the tree
changed between two calls are expected and counted; only the app's survival matters.

Usage: a11y-stress-walker.py PID STOPFILE
Walks from the application down to a random leaf again and again, and asks the application
object for its windows by index on the wire between walks. Runs until STOPFILE exists or the
app is gone; prints one JSON line with the counts.
Needs Debian's python3-pyatspi (run with /usr/bin/python3).
"""
import json
import os
import random
import sys
import time

import pyatspi
from gi.repository import Gio, GLib

pid = int(sys.argv[1])
stop_file = sys.argv[2]
counts = {"walks": 0, "nodes": 0, "calls": 0, "changed": 0}


def alive():
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def application():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        try:
            node = desktop.getChildAtIndex(index)
            if node is not None and node.get_process_id() == pid:
                return node
        except Exception:
            continue
    return None


def ask(function, *arguments):
    counts["calls"] += 1
    try:
        return function(*arguments)
    except Exception:
        counts["changed"] += 1
        return None


def read(node):
    counts["nodes"] += 1
    ask(lambda: node.name)
    ask(lambda: node.description)
    ask(node.getRoleName)
    ask(lambda: node.getState().getStates())
    ask(node.getIndexInParent)
    ask(lambda: node.parent)
    ask(node.getAttributes)
    ask(lambda: node.get_interfaces())
    relations = ask(node.getRelationSet) or []
    for relation in relations:
        ask(relation.getRelationType)
        for target in range(ask(relation.getNTargets) or 0):
            other = ask(relation.getTarget, target)
            if other is not None:
                ask(lambda: other.name)
                ask(other.getRoleName)
    text = ask(node.queryText)
    if text is not None:
        ask(text.getText, 0, -1)
        ask(lambda: text.caretOffset)
    value = ask(node.queryValue)
    if value is not None:
        ask(lambda: value.currentValue)
    selection = ask(node.querySelection)
    if selection is not None:
        for index in range(min(ask(lambda: selection.nSelectedChildren) or 0, 8)):
            chosen = ask(selection.getSelectedChild, index)
            if chosen is not None:
                ask(lambda: chosen.name)
    component = ask(node.queryComponent)
    if component is not None:
        ask(component.getExtents, pyatspi.WINDOW_COORDS)


def walk(root):
    """One descent from the application to a leaf through random children (one past the last
    too, as a client with a stale count asks), reading every node on the way and its siblings'
    names and roles: many short walks keep every level of the tree under constant reading."""
    node, depth = root, 0
    while node is not None and depth < 60 and not os.path.exists(stop_file):
        read(node)
        count = ask(lambda: node.childCount) or 0
        if count <= 0:  # a leaf, or -1: the node went away while it was read
            return
        children = [ask(node.getChildAtIndex, index) for index in range(min(count + 1, 60))]
        for child in children:
            if child is not None:
                ask(lambda: child.name)
                ask(child.getRoleName)
        node = random.choice(children)  # None (gone, or one past the end) ends this descent
        depth += 1


def a11y_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    return Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)


bus = a11y_bus()


def ask_root_directly(root):
    """The application object's children asked on the wire, as a client with a stale count
    does: libatspi answers some of these from its cache without asking the app."""
    try:
        name = root.app.bus_name
    except Exception:
        return
    count = ask(lambda: root.childCount) or 0
    for index in range(count + 2):
        counts["calls"] += 1
        try:
            bus.call_sync(name, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "GetChildAtIndex",
                          GLib.Variant("(i)", (index,)), None, Gio.DBusCallFlags.NONE, 5000, None)
        except Exception:
            counts["changed"] += 1


deadline = time.monotonic() + 3600
while alive() and not os.path.exists(stop_file) and time.monotonic() < deadline:
    root = application()
    if root is None:
        time.sleep(0.05)
        continue
    try:
        ask_root_directly(root)
        walk(root)
    except Exception as error:  # whatever the tree did under us, the walker goes on reading
        counts["walker_errors"] = counts.get("walker_errors", 0) + 1
        print(f"a11y-stress-walker: {error!r}", file=sys.stderr)
    counts["walks"] += 1
print(json.dumps(counts), flush=True)
