#!/usr/bin/python3
"""Drives the library and queue actions of a running Switchyard the way a user would, over AT-SPI
and real X input (xdotool), against the project's Sonarr and Radarr fixture servers:

  Series (Alt+2): click a series, Enter opens its page; switch Season 2 off; press the search
  button of episode 3 and watch the command complete on the page. Back (Escape).
  Activity (Alt+4): click a download, Delete, Alt+B chooses "Blocklist only", Remove.
  Ctrl+N: type a series' name, click it, "Future episodes" by keyboard, Add; Alt+2 shows it listed.
  Movies (Alt+3): click a movie, Enter, Delete this movie…, confirm with the options left off.

Each step is checked in the fixture server's own state (its API and /__state), not Switchyard's.
Inputs (environment, set by LibraryUITests): SY_APP_PID, SY_SONARR and SY_RADARR (ports), SY_KEY,
SY_SERIES, SY_MOVIE (titles), SY_QUEUE_TITLE (a Sonarr download's title).
Prints one JSON object of what it saw; exits 1 with a message when a step fails.
"""
import json
import os
import subprocess
import sys
import time
import urllib.request

import pyatspi
from uicheck import app, frame, poll, walk, window_ids

ENV = os.environ
seen = {}


def fail(message):
    try:
        root = app()
        seen["tree"] = [f"{node.getRoleName()}:{node.name}" for node in walk(root)
                        if node.getRoleName() in ("label", "page tab", "push button", "panel")][:80] if root else "no app"
    except Exception as error:  # the tree is only a clue here
        seen["labelsShowing"] = f"unreadable: {error}"
    print(json.dumps(seen), flush=True)
    print(f"library-ui-check: {message}", file=sys.stderr)
    sys.exit(1)


def fixture(port, path, key=True):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"X-Api-Key": ENV["SY_KEY"]} if key else {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


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


def find(role, name, root=None):
    """The first node with this role and name (a name ending in * matches a prefix). GTK 4.8 does not
    mark what is on screen (no "showing" state, hidden stack pages included): callers narrow `root`."""
    for node in walk(root or app()):
        if node.getRoleName() != role:
            continue
        if node.name == name or (name.endswith("*") and node.name.startswith(name[:-1])):
            return node
    return None


def panel(tab):
    """A tab's page (its panel carries the tab's title)."""
    return find("panel", tab)


def labels(root=None):
    return [node.name for node in walk(root or app()) if node.getRoleName() == "label"]


def click(node_of, what):
    """A real click in the middle of the node `node_of()` finds (looked up afresh: rows are recycled)."""
    node = until(node_of, what=what)
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    wid = window_id()
    # AT-SPI positions are in the window's widget coordinates; the X window of a resizable GTK window
    # has a 5-pixel client-side-decoration margin around them (Xvfb, no window manager).
    subprocess.run(["xdotool", "mousemove", "--window", wid, str(x + 5 + width // 2), str(y + 5 + height // 2),
                    "sleep", "0.2", "click", "1"], check=True)
    time.sleep(0.4)


def activate(node_of, what):
    """The control's own accessible action (what Enter or Space would do on it): for controls a
    scrolled page holds out of view and for the separate windows of dialogs."""
    for _ in range(10):
        node = until(node_of, what=what)
        try:
            node.queryAction().doAction(0)
            time.sleep(0.4)
            return
        except Exception:  # the page was rebuilt under us (a read-back): find it again
            time.sleep(0.3)
    fail(f"could not activate {what}")


def press(combo):
    subprocess.run(["xdotool", "key", "--delay", "80", combo], check=True)
    time.sleep(0.4)


def focus_window(title):
    """Gives a dialog's X window the keyboard focus and waits until X reports it has it. A dialog is on
    the accessibility bus before it is mapped and focused: keys typed in that gap go to the main window
    (a busy machine widens the gap)."""
    pattern = "^" + "".join("\\" + c if c in ".?*+()[]{}|^$\\" else c for c in title) + "$"

    def focused():
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", pattern], capture_output=True, text=True).stdout.split()
        if not ids:
            return None
        subprocess.run(["xdotool", "windowfocus", "--sync", ids[-1]], check=True, timeout=20)
        active = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True).stdout.strip()
        return ids[-1] if active == ids[-1] else None
    return until(focused, what=f"the {title!r} window to take the keyboard focus")


def press_until(combo, effect, what, attempts=4):
    """Presses a key and waits for its effect; presses again when it did not arrive (a key that went to
    a window still being mapped). Only for keys whose repetition is harmless once the effect is in."""
    for _ in range(attempts):
        press(combo)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                if effect():
                    return
            except Exception:
                pass
            time.sleep(0.2)
    fail(f"{combo} did not {what}")


dialog = frame


def row_label(title, tab, attempt=0):
    """The title label of `title`'s row in `tab`'s list. A list view keeps recycled row widgets whose
    accessible objects can still carry an old title and old coordinates: only visible ones count, and
    a retry (`attempt`) takes the next candidate."""
    def found():
        # GTK 4.8 does not say which rows are on screen: a label counts when its middle is inside the
        # list view's own extents (the viewport of the scrolled list).
        view = find("list", tab, root=panel(tab))
        vx, vy, vw, vh = view.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        candidates = []
        for row in walk(panel(tab)):
            if row.getRoleName() == "list item" and row.getState().contains(pyatspi.STATE_VISIBLE):
                label = find("label", title, root=row)
                if label is not None:
                    x, y, w, h = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                    if vy <= y + h // 2 < vy + vh:
                        candidates.append(label)
        return candidates[attempt % len(candidates)] if candidates else None
    return found


def selected_tab(name):
    tab = find("page tab", name)
    return tab is not None and tab.getState().contains(pyatspi.STATE_SELECTED)


def open_detail(title, tab, opened):
    """Clicks the row (it becomes the selection and has the focus), then Enter opens its page: `opened`
    names a control only that item's page has."""
    for _ in range(4):
        click(row_label(title, tab), f"the row of {title}")
        press("Return")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                if opened() is not None:
                    return
            except Exception:
                pass
            time.sleep(0.2)
    fail(f"Enter did not open the page of {title}")


def main():
    sonarr, radarr = ENV["SY_SONARR"], ENV["SY_RADARR"]
    until(app, what="the application on the accessibility bus")
    wid = until(lambda: window_id(), what="the window")
    subprocess.run(["xdotool", "mousemove", "--window", wid, "500", "400"], check=True)
    subprocess.run(["xdotool", "windowraise", wid], check=True)
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True)
    time.sleep(0.3)

    # --- Series: unmonitor Season 2 of a series, search one episode.
    until(lambda: find("page tab", "Series"), what="the Series tab")
    press("alt+2")
    until(lambda: selected_tab("Series"), what="Alt+2 to show Series")
    series = ENV["SY_SERIES"]
    until(row_label(series, "Series"), what=f"the row of {series}")
    open_detail(series, "Series", lambda: find("check box", "Monitor Season 2", root=panel("Series")))
    season = until(lambda: find("check box", "Monitor Season 2", root=panel("Series")), what="the Season 2 switch")
    seen["seasonBefore"] = season.getState().contains(pyatspi.STATE_CHECKED)
    activate(lambda: find("check box", "Monitor Season 2", root=panel("Series")), "the Season 2 switch")

    def season_two():
        episodes = fixture(sonarr, "/api/v3/episode?seriesId=1")
        return [e["monitored"] for e in episodes if e["seasonNumber"] == 2]
    until(lambda: season_two() and not any(season_two()), what="Sonarr to stop monitoring Season 2")
    seen["seasonTwoInSonarr"] = season_two()
    until(lambda: (lambda node: node is not None and not node.getState().contains(pyatspi.STATE_CHECKED))(
        find("check box", "Monitor Season 2", root=panel("Series"))), what="the page to read Season 2 back as not monitored")
    seen["seasonSwitchAfter"] = False

    activate(lambda: find("push button", "Search episode 3 of Season 1", root=panel("Series")), "the search button of episode 3")
    done = until(lambda: next((text for text in labels(panel("Series")) if text.startswith("Episode search completed")), None),
                 what="the episode search to complete on the page")
    seen["commandWords"] = done
    state = fixture(sonarr, "/__state", key=False)
    seen["commandsInSonarr"] = [(c["name"], c["body"].get("episodeIds"), c["status"]) for c in state["commands"]]
    seen["wholeLibraryCommands"] = state["wholeLibraryCommands"]
    press("Escape")

    # --- Activity: remove a download with blocklist only.
    press("alt+4")
    until(lambda: selected_tab("Activity"), what="Alt+4 to show Activity")
    title = ENV["SY_QUEUE_TITLE"]
    for attempt in range(4):
        # The list may still be settling (rows move as it fills): the dialog must name our download, else
        # it is cancelled and the click made again.
        click(row_label(title, "Activity", attempt), f"the row of {title}")
        press("Delete")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and dialog("Remove from the Queue?") is None:
            time.sleep(0.2)
        if dialog("Remove from the Queue?") is None:
            continue
        if find("label", f"“{title}”", root=dialog("Remove from the Queue?")) is not None:
            break
        seen.setdefault("wrongRowPicked", []).append(
            [node.name for node in walk(dialog("Remove from the Queue?")) if node.getRoleName() == "label"][:2])
        press("Escape")
        until(lambda: dialog("Remove from the Queue?") is None, what="the wrong removal dialog to close")
    box = until(lambda: dialog("Remove from the Queue?"), what="the removal dialog")
    seen["removalChoices"] = [node.name.split(".")[0] for node in walk(box) if node.getRoleName() == "check box"]
    seen["removedBeforeConfirming"] = all(q["title"] != title for q in fixture(sonarr, "/api/v3/queue/details"))
    focus_window("Remove from the Queue?")
    # The choice's mnemonic (_Blocklist only), typed into the dialog.
    press_until("alt+b", lambda: find("check box", "Blocklist only*", root=dialog("Remove from the Queue?")).getState().contains(
        pyatspi.STATE_CHECKED), "choose Blocklist only")
    activate(lambda: find("push button", "Remove", root=dialog("Remove from the Queue?")), "Remove")
    until(lambda: all(q["title"] != title for q in fixture(sonarr, "/api/v3/queue/details")), what="Sonarr to drop the download")
    blocklist = fixture(sonarr, "/api/v3/blocklist")
    seen["blocklisted"] = [record["sourceTitle"] for record in blocklist["records"]]
    removal = fixture(sonarr, "/__state", key=False)["removals"][-1]
    seen["removal"] = {k: removal[k] for k in ("removeFromClient", "blocklist", "skipRedownload", "changeCategory")}
    until(lambda: row_label(title, "Activity")() is None, what="the row to leave Activity")

    # --- Add a series: Ctrl+N, type its name, pick it, "Future episodes", Add; it shows in the list.
    press("ctrl+n")
    until(lambda: dialog("Add Series"), what="Ctrl+N to open Add Series")
    focus_window("Add Series")
    subprocess.run(["xdotool", "type", "--delay", "60", ENV["SY_NEW_TERM"]], check=True)
    new_title = ENV["SY_NEW_TITLE"]
    until(lambda: find("label", new_title + " (*", root=dialog("Add Series")), what=f"{new_title} among the results")
    add_window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Add Series$"], capture_output=True, text=True).stdout.split()[-1]

    def click_in_dialog(node_of, what):
        node = until(node_of, what=what)
        x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        subprocess.run(["xdotool", "mousemove", "--window", add_window, str(x + 5 + width // 2), str(y + 5 + height // 2),
                        "sleep", "0.2", "click", "1"], check=True)
        time.sleep(0.4)
    click_in_dialog(lambda: find("label", new_title + " (*", root=dialog("Add Series")), "the result")
    until(lambda: find("push button", "Add", root=dialog("Add Series")).getState().contains(pyatspi.STATE_SENSITIVE),
          what="the add choices to load")
    # The monitor choice: open its list with a click, one step down from "All episodes", Enter.
    click_in_dialog(lambda: find("combo box", "Monitor", root=dialog("Add Series")), "the Monitor choice")
    press("Down")
    press("Return")
    until(lambda: find("label", "Episodes that have not aired yet.", root=dialog("Add Series")), what="Future episodes chosen")
    activate(lambda: find("push button", "Add", root=dialog("Add Series")), "Add")
    added = until(lambda: fixture(sonarr, "/__state", key=False)["additions"], what="Sonarr to add the series")
    seen["addedSeries"] = {"tvdbId": added[0].get("tvdbId"), "monitor": added[0].get("addOptions", {}).get("monitor"),
                           "monitored": added[0].get("monitored"), "seasonFolder": added[0].get("seasonFolder")}
    until(lambda: dialog("Add Series") is None, what="the dialog to close")
    press("alt+2")
    until(lambda: selected_tab("Series"), what="Alt+2 to show Series")
    until(row_label(new_title, "Series"), what=f"{new_title} in the Series list")
    seen["newSeriesListed"] = True

    # --- Movies: delete one, keeping its files.
    press("alt+3")
    until(lambda: selected_tab("Movies"), what="Alt+3 to show Movies")
    movie = ENV["SY_MOVIE"]
    until(row_label(movie, "Movies"), what=f"the row of {movie}")
    open_detail(movie, "Movies", lambda: find("push button", "Delete this movie…", root=panel("Movies")))
    click(lambda: find("push button", "Delete this movie…", root=panel("Movies")), "Delete this movie…")
    confirm = until(lambda: dialog(f"Delete “{movie}”?"), what="the delete confirmation")
    seen["deleteOptions"] = {node.name: node.getState().contains(pyatspi.STATE_CHECKED)
                             for node in walk(confirm) if node.getRoleName() == "check box"}
    seen["deleteFocus"] = next((node.name for node in walk(confirm) if node.getState().contains(pyatspi.STATE_FOCUSED)), None)
    activate(lambda: find("push button", "Delete", root=dialog(f"Delete “{movie}”?")), "Delete")
    deleted = until(lambda: fixture(radarr, "/__state", key=False)["deleted"], what="Radarr to delete the movie")
    seen["deleted"] = deleted
    until(lambda: row_label(movie, "Movies")() is None, what="the movie to leave the list")
    seen["movieGoneFromList"] = True
    print(json.dumps(seen), flush=True)


main()
