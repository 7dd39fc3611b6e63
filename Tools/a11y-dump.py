#!/usr/bin/python3
"""Prints the accessibility tree of a running application over AT-SPI.

Usage: a11y-dump.py APP_NAME [TIMEOUT_SECONDS [PID]]
One line per node: indentation, [role] 'name' {states}; with A11Y_DESCRIPTIONS=1 in the
environment, a node's description (GTK's tooltip text) follows as desc='...'. Waits until the app
appears and its tree stops changing. Needs Debian's python3-pyatspi.
With PID, applications are told apart by process id (asked of the bus, not of the
application) before any of them is asked its name: another process on the bus that
is busy (a test runner blocked in a wait) would otherwise answer only after a timeout.
"""
import os
import sys
import time

import pyatspi

DESCRIPTIONS = os.environ.get("A11Y_DESCRIPTIONS") == "1"

STATES = {
    pyatspi.STATE_SHOWING: "showing",
    pyatspi.STATE_VISIBLE: "visible",
    pyatspi.STATE_SELECTED: "selected",
    pyatspi.STATE_SENSITIVE: "sensitive",
    pyatspi.STATE_FOCUSABLE: "focusable",
    pyatspi.STATE_CHECKED: "checked",
}


def find_app(name, pid=None):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        try:
            app = desktop.getChildAtIndex(index)
            if app is None or (pid is not None and app.get_process_id() != pid):
                continue
            if app.name == name:
                return app
        except Exception:
            continue
    return None


def dump(node, depth, lines):
    states = node.getState()
    shown = ",".join(label for state, label in STATES.items() if states.contains(state))
    name = (node.name or "").replace("\n", "\\n")
    line = f"{'  ' * depth}[{node.getRoleName()}] '{name}' {{{shown}}}"
    if node.getRoleName() in ("progress bar", "level bar", "slider"):
        try:
            value = node.queryValue()
            line += f" <value {value.currentValue:g} of {value.maximumValue:g}>"
        except NotImplementedError:
            line += " <no value>"
    if DESCRIPTIONS:
        description = (node.description or "").replace("\n", "\\n")
        if description:
            line += f" desc='{description}'"
    lines.append(line)
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            dump(child, depth + 1, lines)


def main():
    name = sys.argv[1]
    deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 20.0)
    pid = int(sys.argv[3]) if len(sys.argv) > 3 else None
    previous = None
    while time.monotonic() < deadline:
        app = find_app(name, pid)
        if app is not None and app.childCount > 0:
            lines = []
            try:
                dump(app, 0, lines)
            except Exception:  # the tree changed under us; read again
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
