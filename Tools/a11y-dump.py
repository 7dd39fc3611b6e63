#!/usr/bin/python3
"""Prints the accessibility tree of a running application over AT-SPI.

Usage: a11y-dump.py APP_NAME [TIMEOUT_SECONDS]
One line per node: indentation, [role] 'name' {states}. Waits until the app
appears and its tree stops changing. Needs Debian's python3-pyatspi.
"""
import sys
import time

import pyatspi

STATES = {
    pyatspi.STATE_SHOWING: "showing",
    pyatspi.STATE_VISIBLE: "visible",
    pyatspi.STATE_SELECTED: "selected",
    pyatspi.STATE_SENSITIVE: "sensitive",
    pyatspi.STATE_FOCUSABLE: "focusable",
    pyatspi.STATE_CHECKED: "checked",
}


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == name:
            return app
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
    lines.append(line)
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            dump(child, depth + 1, lines)


def main():
    name = sys.argv[1]
    deadline = time.monotonic() + (float(sys.argv[2]) if len(sys.argv) > 2 else 20.0)
    previous = None
    while time.monotonic() < deadline:
        app = find_app(name)
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
