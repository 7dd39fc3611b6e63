#!/usr/bin/python3
"""What a screen reader hears of the Downloads list while it is sorted and filtered (the list is
position-stable: rows are bound again, not made again). Drives `switchyard --inspection downloads`
with real X input and reads its tree over AT-SPI:

  click a row (it is picked and has the keyboard focus) and read its cells; click the Size header
  (the order changes): the focused row is still that transfer, and it is still the one picked; type a
  filter that keeps it and drops others: the rows are exactly the transfers that match, the picked one
  is still picked. After every step each row's cells tell of one transfer (its name label and its
  progress bar's "Progress of …" agree): no row is heard with another row's words.

With --live (the app already running as SY_APP_PID, configured with the qBittorrent-shaped server
Tools/bench/qbt-server.py on 127.0.0.1:SY_QBT_PORT): click a transfer; the server gains two
transfers that sort above it and Ctrl+R refreshes (a splice above the focused row): the focus and
the pick stay with it; the server drops it and Ctrl+R refreshes: its row is gone, nothing is picked
that the user did not pick, the focused row (if any) is heard with its own words, and Delete asks
about nothing.

Run inside scripts/test-session.sh. Prints one JSON object of what it saw; exits 1 when a step fails.
"""
import json
import os
import subprocess
import sys
import urllib.request

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uicheck import app, key, poll, walk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("SWITCHYARD_BINARY", os.path.join(ROOT, ".build/debug/switchyard"))
seen = {}


def fail(message):
    seen["rowsAtFailure"] = [texts[:3] for _, texts, _ in rows() or []]
    # What else was on the screen, and where the pointer and the X focus were (no window manager here).
    visible = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."], capture_output=True, text=True).stdout.split()
    seen["windowsAtFailure"] = {wid: subprocess.run(["xdotool", "getwindowpid", wid], capture_output=True, text=True).stdout.strip()
                                for wid in visible}
    seen["pointerAtFailure"] = subprocess.run(["xdotool", "getmouselocation"], capture_output=True, text=True).stdout.strip()
    seen["focusAtFailure"] = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True).stdout.strip()
    print(json.dumps(seen), flush=True)
    print(f"list-a11y-check: {message}", file=sys.stderr)
    sys.exit(1)


def until(condition, what, timeout=60.0):
    value = poll(condition, timeout)
    if value is None:
        fail(f"timed out waiting for {what}")
    return value


def rows():
    """The transfer rows (table rows under the list, not the header): (node, cell texts, states)."""
    root = app()
    if root is None:
        return None
    found = []
    for node in walk(root):
        if node.getRoleName() != "table row":
            continue
        parent = node.parent
        if parent is None or parent.getRoleName() != "list":
            continue
        texts = [child.name for child in walk(node) if child.getRoleName() in ("label", "progress bar")]
        found.append((node, texts, node.getState()))
    return found


def consistent(texts):
    """A row's name label and its progress bar's name tell of the same transfer."""
    return len(texts) >= 3 and texts[2] == f"Progress of {texts[0]}"


def click(node):
    """A real click in the middle of `node`. AT-SPI gives window coordinates (desktop ones are not
    supported on X11); the X window has a 5-pixel client-side-decoration margin around them (Xvfb,
    no window manager: the same as the main window's in downloads-ui-check)."""
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    wid = until(window, "the app's window")
    subprocess.run(["xdotool", "mousemove", "--window", wid, str(box.x + 5 + box.width // 2), str(box.y + 5 + box.height // 2),
                    "sleep", "0.2", "click", "1"], check=True)


def window():
    """The X window of the app under test: by its process (other Switchyard windows may be open) and by its
    title (the pointer left over the list by an earlier check can make a tooltip, a window of the same process)."""
    found = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", os.environ["SY_APP_PID"],
                            "--name", "^Switchyard$"], capture_output=True, text=True).stdout.split()
    return found[-1] if found else None


def present():
    """The pointer in the app's window, the window raised and given the X focus; its id once it has the focus."""
    wid = window()
    if wid is None:
        return None
    subprocess.run(["xdotool", "mousemove", "--window", wid, "500", "400"], check=False)
    subprocess.run(["xdotool", "windowraise", wid], check=False)
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=False, timeout=20, stderr=subprocess.DEVNULL)
    active = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True).stdout.strip()
    return wid if active == wid else None


def focused():
    for node, texts, states in rows() or []:
        if states.contains(pyatspi.STATE_FOCUSED):
            return texts
    return None


def picked():
    return sorted(texts[0] for _, texts, states in rows() or [] if states.contains(pyatspi.STATE_SELECTED))


def check_rows(step):
    shown = rows() or []
    wrong = [texts[:3] for _, texts, _ in shown if not consistent(texts)]
    if wrong:
        fail(f"{step}: rows heard with another row's words: {wrong}")
    return [texts[0] for _, texts, _ in shown]


def server(path, name):
    url = f"http://127.0.0.1:{os.environ['SY_QBT_PORT']}/{path}?name={name}"
    with urllib.request.urlopen(url, timeout=10) as answer:
        if answer.status != 200:
            fail(f"{url}: {answer.status}")


def dialogs():
    return [node.name for node in walk(app()) if node.getRoleName() in ("dialog", "alert")]


def live():
    until(present, "the app's window to take the keyboard focus")
    # Only a transfer client configured: Overview and Downloads; Alt+2 is Downloads.
    key("alt+2")
    first = until(lambda: rows() if len(rows() or []) >= 8 else None, "the transfers on screen")
    seen["before"] = check_rows("before")
    target = first[4]
    name = target[1][0]
    seen["target"] = name
    click(target[0])
    until(lambda: focused() and focused()[0] == name, f"{name} focused")
    until(lambda: picked() if picked() == [name] else None, f"{name} picked")

    # Two new transfers whose names sort above it; the window's refresh reads them.
    count = len(seen["before"])
    for added in ("Aaa.Fixture.Added.One", "Aaa.Fixture.Added.Two"):
        server("__add", added)
    key("ctrl+r")
    until(lambda: "Aaa.Fixture.Added.One" in check_rows("spliced"), "the added transfers listed")
    seen["spliced"] = check_rows("spliced")
    seen["focusedAfterSplice"] = until(lambda: focused()[0] if focused() and focused()[0] == name else None,
                                       f"the focus to stay with {name}")
    seen["pickedAfterSplice"] = picked()

    # The service drops the focused and picked transfer; the window's refresh reads that.
    server("__remove", name)
    key("ctrl+r")
    until(lambda: name not in check_rows("removed"), f"{name}'s row to go")
    seen["removed"] = check_rows("removed")
    seen["countBeforeAndAfter"] = [count, len(seen["spliced"]), len(seen["removed"])]
    now = focused()
    seen["focusedAfterRemoval"] = now[0] if now else None
    if now and not consistent(now):
        fail(f"the focused row is heard with another row's words: {now[:3]}")
    seen["pickedAfterRemoval"] = picked()
    key("Delete", settle=1.5)
    seen["dialogsAfterDelete"] = dialogs()
    print(json.dumps(seen), flush=True)


def main():
    if "--live" in sys.argv:
        return live()
    process = subprocess.Popen([BINARY, "--inspection", "downloads"], stderr=subprocess.DEVNULL)
    os.environ["SY_APP_PID"] = str(process.pid)
    try:
        first = until(lambda: rows() if len(rows() or []) >= 11 else None, "the transfers on screen")
        # No window manager: an earlier check may have left the X focus on a window that is gone. Put the
        # pointer in this window, raise it and give it the focus, as a desktop does for a window just opened.
        until(present, "the app's window to take the keyboard focus")
        seen["before"] = check_rows("before")
        # The inspection sample's transfer that sorting by size moves furthest up.
        target = next(((node, texts) for node, texts, _ in first if texts[0] == "Placeholder.Bay.S02E02.1080p.WEB-DL"), None)
        if target is None:
            fail(f"no Placeholder transfer listed: {seen['before']}")
        name = target[1][0]
        click(target[0])
        until(lambda: focused() and focused()[0] == name, f"{name} focused")
        seen["picked"] = until(lambda: picked() if picked() == [name] else None, f"{name} picked")
        seen["focusedBefore"] = focused()[0]

        # Sort by Size: the header's title, clicked.
        header = next((node for node in walk(app()) if node.getRoleName() == "label" and node.name == "Size"
                       and node.parent is not None and node.parent.parent is not None
                       and node.parent.parent.name == "GtkColumnViewTitle"), None)
        if header is None:
            fail("no Size header")
        click(header)
        until(lambda: check_rows("sorted") != seen["before"], "the order to change")
        seen["sorted"] = check_rows("sorted")
        seen["focusedAfterSort"] = until(lambda: focused()[0] if focused() and focused()[0] == name else None,
                                         f"the focus to stay with {name}")
        seen["pickedAfterSort"] = picked()

        # A filter that keeps it (and drops most others).
        key("ctrl+f")
        subprocess.run(["xdotool", "type", "--delay", "60", "placeholder"], check=True)
        until(lambda: len(rows() or []) == 3, "three rows (the filter's delay, then the filter)")
        seen["filtered"] = check_rows("filtered")
        seen["pickedAfterFilter"] = picked()
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
    print(json.dumps(seen), flush=True)


main()
