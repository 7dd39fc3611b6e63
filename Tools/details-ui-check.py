#!/usr/bin/python3
"""Drives the real details pane of a running Switchyard the way a user would, over AT-SPI and real X input
(xdotool), against real daemons that hold the same seed torrent (a solo qBittorrent and a solo Transmission):

  open Downloads (Alt+2); for each client: click its row and press Enter (the pane opens on that transfer);
  on Files, click the folder's first file, Ctrl+click its second, choose Priority → Do Not Download (the daemon
  reports those two files skipped, the third not); Move data…,
  type another folder, Move (the daemon reports the folder and the file is there); Speed limits…, switch the upload
  limit on, Set Limits (the daemon reports that limit on that transfer); its category or labels (qBittorrent: None
  from its list; Transmission: typed words); Verify data… asks first (Cancel first); Reannounce says it was sent;
  More actions → Download in Order (qBittorrent: the daemon downloads in order) or Rename… (Transmission: typed, the
  daemon reports the name); Escape closes the pane.

Inputs (environment, set by TransferDetailsUITests): SY_APP_PID, SY_SEED (the torrent's folder name), SY_FILES (JSON:
its files' names in the torrent's order), SY_RUNS (JSON:
{"Display name": {"kind": …, "run": RUN_DIR, "data": DATA_DIR, "hash": …, "moveTo": FOLDER}, …}). What the daemons
did is read with their own APIs (Tests/Peers/peers.py query), not Switchyard's. Prints one JSON object of what it
saw; exits 1 with a message when a step fails.
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
FILES = json.loads(ENV["SY_FILES"])  # the seed folder's files, in the torrent's order
seen = {}


def fail(message):
    try:
        root = app()
        seen["tabs"] = [n.name for n in walk(root) if n.getRoleName() == "page tab" and n.getState().contains(pyatspi.STATE_SELECTED)]
        seen["tables"] = [n.name for n in walk(root) if n.getRoleName() == "tree table"]
        seen["frames"] = [root.getChildAtIndex(i).name for i in range(root.childCount)]
        def actions(n):
            try:
                return n.queryAction().nActions
            except Exception as error:
                return type(error).__name__
        seen["dialog"] = [[n.getRoleName(), n.name, actions(n), n.getState().contains(pyatspi.STATE_VISIBLE)]
                          for i in range(1, root.childCount) for n in walk(root.getChildAtIndex(i))
                          if n.getRoleName() in ("check box", "push button", "spin button", "combo box")]
    except Exception as error:
        seen["tree"] = str(error)
    print(json.dumps(seen), flush=True)
    print(f"details-ui-check: {message}", file=sys.stderr)
    sys.exit(1)


def until(condition, timeout=60.0, what="a condition"):
    value = poll(condition, timeout)
    if value is None:
        fail(f"timed out waiting for {what}")
    return value


def daemon(name):
    run = RUNS[name]
    result = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "Tests/Peers/peers.py"), "query", run["kind"], run["run"]],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"query {name}: {result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def node(role, name, under=None):
    """The first showing node of `role` named `name` (under `under`, else the whole application)."""
    for found in walk(under if under is not None else app()):
        if found.getRoleName() == role and found.name == name and found.getState().contains(pyatspi.STATE_VISIBLE):
            return found
    return None


def actionable(role, name, under=None):
    """The first visible node of `role` named `name` that has an action (a menu button is two nodes of one name:
    the outer one has none)."""
    for found in walk(under if under is not None else app()):
        if found.getRoleName() == role and found.name == name and found.getState().contains(pyatspi.STATE_VISIBLE):
            try:
                if found.queryAction().nActions > 0:
                    return found
            except NotImplementedError:
                continue
    return None


def press(role, name, under=None):
    """Activates a control as a screen reader user does (its AT-SPI action)."""
    control = until(lambda: actionable(role, name, under), what=f"the {role} '{name}'")
    until(lambda: control.getState().contains(pyatspi.STATE_SENSITIVE), what=f"'{name}' to be sensitive")
    control.queryAction().doAction(0)
    time.sleep(0.3)


def focus_window(pattern):
    """Gives the X window titled `pattern` the keyboard (no window manager under Xvfb does it)."""
    wid = until(lambda: (window_ids(pattern) or [None])[-1], what=f"the window {pattern}")
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True)
    time.sleep(0.2)
    return wid


def click_label(label, modifier=None):
    """A real click in the middle of `label` (window coordinates; a 5-pixel margin around GTK's widgets, as in
    downloads-ui-check.py)."""
    x, y, width, height = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    wid = focus_window("^Switchyard$")
    held = ["keydown", modifier] if modifier else []
    released = ["keyup", modifier] if modifier else []
    subprocess.run(["xdotool", "mousemove", "--window", wid, str(x + 5 + width // 4), str(y + 5 + height // 2), "sleep", "0.2"]
                   + held + ["click", "1"] + released, check=True)
    time.sleep(0.3)


def list_row(table_name, client=None, text=SEED):
    """The label `text` (SEED by default) in a row of the table named `table_name` (the Downloads list: the row of
    `client`)."""
    table = node("tree table", table_name)
    if table is None:
        return None
    for row in walk(table):
        if row.getRoleName() != "table row":
            continue
        labels = [child for child in walk(row) if child.getRoleName() == "label"]
        texts = [label.name for label in labels]
        if text in texts and (client is None or client in texts):
            return next(label for label in labels if label.name == text), row
    return None


def picked(row):
    return row.getState().contains(pyatspi.STATE_SELECTED)


def pick(table_name, client=None):
    """Clicks the row until it is picked (a click in the first frames after a refresh can be lost)."""
    for _ in range(4):
        label, row = until(lambda: list_row(table_name, client), what=f"the row of {SEED} in {table_name}")
        click_label(label)
        if poll(lambda: picked(list_row(table_name, client)[1]), 3):
            return
    fail(f"clicking {SEED} in {table_name} did not pick it")


def type_into(window_pattern, text):
    focus_window(window_pattern)
    key("ctrl+a")
    subprocess.run(["xdotool", "type", "--delay", "40", text], check=True)
    time.sleep(0.3)


def walk_client(name, downloads_table):
    run, mine = RUNS[name], {}
    seen[name] = mine
    pick(downloads_table, name)
    focus_window("^Switchyard$")
    key("Return")
    pane = until(lambda: node("panel", "Transfer details"), what="the details pane")
    mine["heading"] = until(lambda: next((n.name for n in walk(pane) if n.getRoleName() == "label" and n.name == SEED), None),
                            what="the pane's heading")

    # Files: two of the folder's three files picked (a click, then Ctrl and a click) and skipped from the Priority menu.
    press("page tab", "Files", pane)
    first, second = FILES[0], FILES[1]
    for _ in range(4):
        label, _row = until(lambda: list_row("Files", text=first), what=f"the row of {first}")
        click_label(label)
        label, _row = until(lambda: list_row("Files", text=second), what=f"the row of {second}")
        click_label(label, "ctrl")
        if poll(lambda: picked(list_row("Files", text=first)[1]) and picked(list_row("Files", text=second)[1]), 3):
            break
    else:
        fail(f"a click on {first} and Ctrl+click on {second} did not pick both")
    mine["thirdLeftUnpicked"] = not picked(list_row("Files", text=FILES[2])[1])
    press("push button", "Priority of the files picked", pane)
    press("menu item", "Do Not Download")
    until(lambda: daemon(name)["skipped"].get(run["hash"]) == [0, 1], timeout=30, what=f"{name} to skip two files")
    mine["skippedInDaemon"] = daemon(name)["skipped"].get(run["hash"])
    until(lambda: node("label", "Skip", node("tree table", "Files")), what="the Files page to read back Skip")
    press("page tab", "General", pane)

    # Move data: another folder, typed.
    press("push button", "Move data…", pane)
    dialog = until(lambda: frame(f"Move “{SEED}”?"), what="the move form")
    mine["moveButtons"] = [n.name for n in walk(dialog) if n.getRoleName() == "push button"]
    mine["moveOffBeforeTyping"] = not node("push button", "Move", dialog).getState().contains(pyatspi.STATE_SENSITIVE)
    type_into("^Move ", run["moveTo"])
    press("push button", "Move", dialog)
    mine["movedInDaemon"] = bool(until(lambda: daemon(name)["places"].get(run["hash"]) == run["moveTo"], what=f"{name} to report the folder"))
    mine["fileMoved"] = bool(until(lambda: os.path.exists(os.path.join(run["moveTo"], SEED)), what="the file in the new folder"))
    until(lambda: node("label", f"Save path: {run['moveTo']}", pane) or node("label", run["moveTo"], pane), what="the pane to read back the folder")

    # Speed limits: the upload limit switched on at its 1,000 kB/s.
    press("push button", "Speed limits…", pane)
    dialog = until(lambda: frame(f"Speed limits of “{SEED}”"), what="the limits form")
    # GTK 4.8's check boxes have no AT-SPI action: the keyboard, as a user does (Cancel has the focus; the upload
    # field is off, so Shift+Tab lands on its check box).
    focus_window("^Speed limits of ")
    key("shift+Tab")
    key("space")
    upload = until(lambda: node("check box", "Limit upload to", dialog), what="the upload check box")
    mine["uploadSwitchedOn"] = bool(until(lambda: upload.getState().contains(pyatspi.STATE_CHECKED), what="the upload limit switched on"))
    press("push button", "Set Limits", dialog)
    mine["limitedInDaemon"] = bool(until(lambda: daemon(name)["ownLimits"].get(run["hash"]) == [None, 1_000_000],
                                         what=f"{name} to report the upload limit"))

    # Its category or labels.
    if run["kind"] == "transmission":
        press("push button", "Labels…", pane)
        dialog = until(lambda: frame(f"Labels of “{SEED}”"), what="the labels form")
        type_into("^Labels of ", "fixture-hd, fixture-tv")
        press("push button", "Set", dialog)
        mine["labelledInDaemon"] = bool(until(lambda: daemon(name)["labels"].get(run["hash"]) == ["fixture-hd", "fixture-tv"],
                                              what=f"{name} to report the labels"))
    else:
        press("push button", "Category…", pane)
        dialog = until(lambda: frame(f"Category of “{SEED}”"), what="the category form")
        mine["categoryShown"] = until(lambda: next((n.name for n in walk(node("combo box", "Category", dialog))
                                                    if n.getRoleName() == "label" and n.name not in ("", "(None)")), None),
                                      what="the category picked")
        press("push button", "Cancel", dialog)

    # Verify asks first; Reannounce says it was sent.
    press("push button", "Verify data…", pane)
    dialog = until(lambda: frame(f"Verify “{SEED}”?"), what="the verify question")
    mine["verifyButtons"] = [n.name for n in walk(dialog) if n.getRoleName() == "push button"]
    press("push button", "Cancel", dialog)
    press("push button", "Reannounce", pane)
    mine["reannounceSaid"] = bool(until(lambda: any(n.getRoleName() == "label" and n.name.startswith(f"Reannounce of “{SEED}” sent")
                                                    for n in walk(app())), what="the reannounce message"))

    # The More menu: qBittorrent downloads in order; Transmission renames the transfer (and its folder on disk).
    press("push button", "More actions for this transfer", pane)
    if run["kind"] == "qbittorrent":
        press("menu item", "Download in Order")
        mine["inOrderInDaemon"] = bool(until(lambda: daemon(name)["pieceOrder"].get(run["hash"]) == [True, False],
                                             what=f"{name} to download in order"))
    else:
        press("menu item", "Rename…")
        dialog = until(lambda: frame(f"Rename “{SEED}”"), what="the rename form")
        type_into("^Rename ", SEED + " renamed")
        press("push button", "Rename", dialog)
        mine["renamedInDaemon"] = bool(until(lambda: daemon(name)["names"].get(run["hash"]) == SEED + " renamed",
                                             what=f"{name} to report the new name"))

    focus_window("^Switchyard$")
    key("Escape")
    mine["closedByEscape"] = bool(until(lambda: node("panel", "Transfer details") is None, what="Escape to close the pane"))


def main():
    until(app, what="the application on the accessibility bus")
    wid = focus_window("^Switchyard$")
    subprocess.run(["xdotool", "mousemove", "--window", wid, "500", "400"], check=True)
    key("alt+2")
    until(lambda: len([1 for name in RUNS if list_row("Transfers", name)]) == len(RUNS), what="a row per client")
    for name in sorted(RUNS):
        walk_client(name, "Transfers")
    print(json.dumps(seen), flush=True)


main()
