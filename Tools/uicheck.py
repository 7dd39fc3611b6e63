"""What the AT-SPI walk-throughs (Tools/*-ui-check.py) share: the application under test on the
accessibility bus (by the process id in SY_APP_PID), its tree, its X window, keys, and waiting for a
condition by looking again — never by sleeping a fixed time for the thing itself."""
import os
import subprocess
import time

import pyatspi


def walk(node):
    """Every node of the tree under `node`, depth first."""
    yield node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child)


def app():
    """The application under test, by process id: earlier runs of the suite may still be listed."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        node = desktop.getChildAtIndex(index)
        try:
            # The process id first (the bus answers it); only then the name (the application answers it).
            if node is not None and node.get_process_id() == int(os.environ["SY_APP_PID"]) and node.name == "switchyard" \
                    and node.childCount > 0:
                return node
        except Exception:
            continue
    return None


def frame(title):
    """The application's window (a dialog too) titled `title`, once it is on the bus; None until then."""
    root = app()
    for index in range(root.childCount if root is not None else 0):
        child = root.getChildAtIndex(index)
        if child is not None and child.getRoleName() == "frame" and child.name == title:
            return child
    return None


def window_ids(pattern="^Switchyard$"):
    """The visible X windows whose title matches `pattern`, oldest first."""
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--name", pattern], capture_output=True, text=True).stdout.split()


def key(combo, settle=0.3):
    """Presses `combo` in the focused window (xdotool syntax), then lets the app take it."""
    subprocess.run(["xdotool", "key", "--delay", "80", combo], check=True)
    time.sleep(settle)


def poll(condition, timeout=60.0, every=0.2):
    """The first truthy value of `condition`, looking again every `every` seconds; None when the
    deadline passes. A tree that changes while it is read is looked at again."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:
            pass
        time.sleep(every)
    return None
