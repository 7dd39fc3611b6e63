#!/usr/bin/python3
"""Drives a running inspection route with real X key events and waits, after each key, until
the accessibility tree shows what that key should have done — an event, not a fixed delay.

Usage: keyboard-check.py ROUTE KEY EXPECT [KEY EXPECT …]
  KEY    xdotool syntax (alt+3, ctrl+q, ctrl+question, Escape)
  EXPECT a line fragment the tree must show (e.g. "[page tab] 'Movies' {visible,selected"),
         "!fragment" for one it must no longer show, or "exited" for the app to quit.
Prints "after KEY: ok" for each step, or what it waited for and the tree it saw; exit 1 then.
Run inside scripts/test-session.sh (display, D-Bus, AT-SPI). Needs Debian's python3-pyatspi.
"""
import os
import subprocess
import sys
import time

import pyatspi

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("SWITCHYARD_BINARY", os.path.join(ROOT, ".build/debug/switchyard"))
STEP_TIMEOUT = 30.0  # generous: a cold, loaded machine; passing steps end as soon as the tree shows it


def application(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        try:
            node = desktop.getChildAtIndex(index)
            if node is not None and node.get_process_id() == pid and node.childCount > 0:
                return node
        except Exception:
            continue
    return None


def lines(node, depth=0, out=None):
    out = [] if out is None else out
    states = node.getState()
    shown = ",".join(label for state, label in ((pyatspi.STATE_VISIBLE, "visible"), (pyatspi.STATE_SELECTED, "selected"))
                     if states.contains(state))
    out.append(f"{'  ' * depth}[{node.getRoleName()}] '{node.name or ''}' {{{shown}}}")
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            lines(child, depth + 1, out)
    return out


def tree(pid):
    try:
        app = application(pid)
        return "\n".join(lines(app)) if app is not None else ""
    except Exception:  # the tree changed while it was read
        return ""


def satisfied(expect, app, pid):
    if expect == "exited":
        return app.poll() is not None
    if app.poll() is not None:
        return False
    text = tree(pid)
    if expect.startswith("!"):
        return text != "" and expect[1:] not in text
    return expect in text


def main():
    route, steps = sys.argv[1], sys.argv[2:]
    if len(steps) % 2:
        sys.exit("usage: keyboard-check.py ROUTE KEY EXPECT [KEY EXPECT …]")
    app = subprocess.Popen([BINARY, "--inspection", route], stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + STEP_TIMEOUT
        while tree(app.pid) == "":
            if time.monotonic() > deadline or app.poll() is not None:
                sys.exit("keyboard-check: the window did not appear")
            time.sleep(0.1)
        subprocess.run(["xdotool", "mousemove", "400", "300"], check=True)  # no window manager: focus follows the pointer
        for key, expect in zip(steps[0::2], steps[1::2]):
            subprocess.run(["xdotool", "key", key], check=True)
            deadline = time.monotonic() + STEP_TIMEOUT
            while not satisfied(expect, app, app.pid):
                if time.monotonic() > deadline:
                    print(f"after {key}: timed out waiting for {expect!r}; the tree showed:\n{tree(app.pid)}", flush=True)
                    return 1
                time.sleep(0.1)
            print(f"after {key}: ok", flush=True)
        return 0
    finally:
        if app.poll() is None:
            app.kill()
        app.wait()


if __name__ == "__main__":
    sys.exit(main())
