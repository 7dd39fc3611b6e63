#!/usr/bin/python3
"""Drives the real Downloads page of a running Switchyard the way a user would, over AT-SPI and
real X input (xdotool), against two real daemons that hold the same seed torrent:

  open Downloads (Alt+2); click the seed's row of one client and Ctrl-click the other client's;
  press Space (both resume: they started paused) and see both daemons running it; press Space
  again and see both paused; click one row alone, press Shift+Delete, confirm "Remove and Delete
  Files", and see that daemon drop the torrent and its file gone — the other daemon untouched.

With one client in SY_RUNS (rTorrent), the single-client walk: click its row, Space resumes it and
Space pauses it again (each seen in the daemon), Delete asks "Remove 1 transfer?", Remove drops the
torrent from the daemon and its file stays on disk.

Inputs (environment, set by DownloadsUITests): SY_APP_PID, SY_SEED (the torrent's file name),
SY_RUNS (JSON: {"Display name": {"kind": …, "run": RUN_DIR, "data": DATA_DIR, "hash": …}, …}).
What the daemons did is read with their own APIs (Tests/Peers/peers.py query), not Switchyard's.
Prints one JSON object of what it saw; exits 1 with a message when a step fails.
"""
import json
import os
import subprocess
import sys
import time

import pyatspi
from uicheck import app, frame, key, poll, walk, window_ids

ENV = os.environ
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = json.loads(ENV["SY_RUNS"])
SEED = ENV["SY_SEED"]
seen = {}


def fail(message):
    print(json.dumps(seen), flush=True)
    print(f"downloads-ui-check: {message}", file=sys.stderr)
    sys.exit(1)


def window_id():
    ids = window_ids()
    if not ids:
        fail("no visible X window titled Switchyard")
    return ids[-1]


def until(condition, timeout=60.0, what="a condition"):
    value = poll(condition, timeout)
    if value is None:
        fail(f"timed out waiting for {what}")
    return value


def rows():
    """The transfer rows on screen: (row node, its labels' texts). Read again from the top when the
    tree changes under the walk (a refresh recycles rows): never a half-read answer, never an error."""
    for _ in range(20):
        found = []
        try:
            root = app()
            if root is None:
                return found
            for node in walk(root):
                if node.getRoleName() == "table row":
                    texts = [child.name for child in walk(node) if child.getRoleName() == "label"]
                    if SEED in texts:
                        found.append((node, texts))
            return found
        except Exception:
            time.sleep(0.1)
    return []


def client_of(texts):
    return next(name for name in RUNS if name in texts)


def daemon(name):
    run = RUNS[name]
    result = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "Tests/Peers/peers.py"), "query", run["kind"], run["run"]],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"query {name}: {result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def paused(name):
    return daemon(name)["paused"].get(RUNS[name]["hash"])


def extents(client):
    """Where the seed's label of `client`'s row is (window coordinates), looked up afresh: rows are
    recycled widgets, and an accessible object read before a refresh may be gone after it."""
    for node, texts in rows():
        if client_of(texts) == client:
            label = next(child for child in walk(node) if child.getRoleName() == "label" and child.name == SEED)
            return label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return None


def click(client, modifiers=()):
    """A real click on `client`'s row."""
    x, y, width, height = until(lambda: extents(client), what=f"the row of {client}")
    wid = window_id()
    geometry = subprocess.run(["xdotool", "getwindowgeometry", wid], capture_output=True, text=True).stdout.split()
    seen.setdefault("clicks", []).append({"label": [x, y, width, height], "window": " ".join(geometry[2:])})
    # AT-SPI reports positions in the window's widget coordinates; the X window of a resizable GTK
    # window has a 5-pixel client-side-decoration margin around them (seen under Xvfb, no window manager).
    command = ["xdotool", "mousemove", "--window", wid, str(x + 5 + width // 4), str(y + 5 + height // 2), "sleep", "0.2"]
    if modifiers:
        # A modified click as separate steps: GTK reads the modifiers of the press itself.
        command += [part for key in modifiers for part in ("keydown", key)] + ["sleep", "0.2", "mousedown", "1", "sleep", "0.1",
                                                                              "mouseup", "1", "sleep", "0.2"]
        command += [part for key in modifiers for part in ("keyup", key)]
    else:
        command += ["click", "1"]
    subprocess.run(command, check=True)
    time.sleep(0.3)


def selected():
    return [texts for node, texts in rows() if node.getState().contains(pyatspi.STATE_SELECTED)]


def picked_clients():
    return [client_of(texts) for texts in selected()]


def click_until(client, want, modifiers=()):
    """Clicks until the selection is `want`: an X click sent while the window is still settling
    (the first frames after a refresh) can be lost, and a user would simply click again."""
    for _ in range(4):
        click(client, modifiers)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                if sorted(picked_clients()) == sorted(want):
                    return
            except Exception:
                pass
            time.sleep(0.2)
        if modifiers and client in picked_clients():
            break  # the modified click landed; clicking again would undo it
    fail(f"clicking {client} did not select {want} (now {picked_clients()})")


def single(name):
    """One client (rTorrent): Space resumes and pauses its seed, Delete removes it keeping its file."""
    until(lambda: rows() if len(rows()) == 1 else None, what=f"the row of {SEED}")
    seen["rows"] = [name]
    seed_hash = RUNS[name]["hash"]
    seen["startedPaused"] = bool(until(lambda: paused(name) is True, what="the daemon holding the seed paused"))
    click_until(name, [name])
    seen["selected"] = picked_clients()
    key("space")
    seen["resumedInDaemon"] = bool(until(lambda: paused(name) is False, what=f"{name} resumed"))
    until(lambda: all("Paused" not in texts and "Resuming…" not in texts for _, texts in rows()), what="the row read back as running")
    key("space")
    seen["pausedInDaemon"] = bool(until(lambda: paused(name) is True, what=f"{name} paused"))
    until(lambda: all("Paused" in texts for _, texts in rows()), what="the row read back as paused")
    click_until(name, [name])
    key("Delete")
    dialog = until(lambda: frame("Remove 1 transfer?"), what="the confirmation")
    buttons = {node.name: node for node in walk(dialog) if node.getRoleName() == "push button"}
    seen["confirmButtons"] = sorted(buttons)
    seen["removedBeforeConfirming"] = seed_hash not in daemon(name)["paused"]
    buttons["Remove"].queryAction().doAction(0)
    until(lambda: seed_hash not in daemon(name)["paused"], what=f"{name} to drop the torrent")
    seen["removedInDaemon"] = True
    seen["fileKept"] = os.path.exists(os.path.join(RUNS[name]["data"], SEED))
    until(lambda: not rows(), what="the row to go")
    seen["rowsAfter"] = []
    print(json.dumps(seen), flush=True)


def main():
    until(app, what="the application on the accessibility bus")
    wid = until(lambda: window_id(), what="the window")
    subprocess.run(["xdotool", "mousemove", "--window", wid, "500", "400"], check=True)
    subprocess.run(["xdotool", "windowraise", wid], check=True)
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True)
    time.sleep(0.3)

    def downloads_tab():
        for node in walk(app()):
            if node.getRoleName() == "page tab" and node.name == "Downloads":
                return node
        return None
    tab = until(downloads_tab, what="the Downloads tab")

    def selected_tabs():
        return sorted(node.name for node in walk(app())
                      if node.getRoleName() == "page tab" and node.getState().contains(pyatspi.STATE_SELECTED))
    # Alt+N is the N-th tab on screen: with only transfer clients configured there are two (Overview,
    # Downloads), so Alt+3 names none and the tab on screen stays; Alt+2 is Downloads.
    before = until(selected_tabs, what="a selected tab")
    key("alt+3", settle=1.0)
    seen["tabsBeforeHiddenShortcut"], seen["tabsAfterHiddenShortcut"] = before, selected_tabs()
    key("alt+2")
    until(lambda: tab.getState().contains(pyatspi.STATE_SELECTED), what="Alt+2 to show Downloads")
    if len(RUNS) == 1:
        return single(next(iter(RUNS)))
    both = until(lambda: rows() if len(rows()) == 2 else None, what=f"two rows of {SEED}, one per client")
    seen["rows"] = sorted(client_of(texts) for _, texts in both)
    names = list(RUNS)
    if not until(lambda: all(paused(name) for name in names), what="both daemons holding the seed paused"):
        fail("the seeds did not start paused")

    # Click one client's row, Ctrl-click the other's.
    first, second = (client_of(texts) for _, texts in both)
    click_until(first, [first])
    seen["firstClick"] = picked_clients()
    click_until(second, [first, second], modifiers=("ctrl",))
    picked = until(lambda: selected() if len(selected()) == 2 else None,
                   what=f"both rows selected (now {[client_of(t) for t in selected()]})")
    seen["selected"] = sorted(client_of(texts) for texts in picked)

    # Space: everything picked is paused, so both resume; Space again pauses both.
    key("space")
    seen["resumedInDaemons"] = bool(until(lambda: all(paused(name) is False for name in names), what="both daemons resumed"))
    until(lambda: all("Paused" not in texts and "Resuming…" not in texts for _, texts in rows()), what="the rows read back as running")
    key("space")
    seen["pausedInDaemons"] = bool(until(lambda: all(paused(name) is True for name in names), what="both daemons paused"))
    until(lambda: all("Paused" in texts for _, texts in rows()), what="the rows read back as paused")

    # One row alone, Shift+Delete, confirm: that daemon drops it and its file; the other keeps it.
    target = client_of(until(lambda: rows() or None, what="the rows")[0][1])
    other = next(name for name in names if name != target)
    click_until(target, [target])
    key("shift+Delete")
    dialog = until(lambda: frame("Remove 1 transfer and delete its files?"), what="the confirmation")
    buttons = {node.name: node for node in walk(dialog) if node.getRoleName() == "push button"}
    seen["confirmButtons"] = sorted(buttons)
    seen["removedBeforeConfirming"] = daemon(target)["paused"].get(RUNS[target]["hash"]) is None
    buttons["Remove and Delete Files"].queryAction().doAction(0)
    until(lambda: RUNS[target]["hash"] not in daemon(target)["paused"], what=f"{target} to drop the torrent")
    data = os.path.join(RUNS[target]["data"], SEED)
    seen["fileGone"] = bool(until(lambda: not os.path.exists(data), what="the removed torrent's file to go"))
    seen["otherKept"] = RUNS[other]["hash"] in daemon(other)["paused"] and os.path.exists(os.path.join(RUNS[other]["data"], SEED))
    seen["rowsAfter"] = sorted(client_of(texts) for _, texts in until(lambda: rows() if len(rows()) == 1 else None,
                                                                       what="one row left"))
    seen["removed"] = target
    print(json.dumps(seen), flush=True)


main()
