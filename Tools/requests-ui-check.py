#!/usr/bin/python3
"""Drives the real Requests tab of a running Switchyard the way a user would, over AT-SPI and real X
input (xdotool), against the fixture server as Jellyseerr:

  open Requests (Alt+2: Overview and Requests are the tabs); see the two pending requests; click
  "Approve" on one and see the fixture receive one approve naming its id, the request move out of the
  pending list and read back as approved; then click "Decline" on the other and see one decline
  naming its id and the request read back as declined.

Inputs (environment, set by RequestsUITests): SY_APP_PID, SY_STATE (the fixture's /__state URL),
SY_APPROVE and SY_DECLINE (the titles as the rows show them). What the service received is read
from the fixture's own log, not Switchyard's. Prints one JSON object of what it saw; exits 1 with a
message when a step fails.
"""
import json
import os
import subprocess
import sys
import time
import urllib.request

import pyatspi
from uicheck import app, key, poll, walk, window_ids

ENV = os.environ
APPROVE, DECLINE = ENV["SY_APPROVE"], ENV["SY_DECLINE"]
seen = {}


def fail(message):
    try:  # what the window shows, to say why
        seen["shown"] = [f"{n.getRoleName()} {n.name}" for n in walk(app()) if n.name and n.getState().contains(pyatspi.STATE_VISIBLE)][:80]
    except Exception:
        pass
    print(json.dumps(seen), flush=True)
    print(f"requests-ui-check: {message}", file=sys.stderr)
    sys.exit(1)


def until(condition, timeout=60.0, what="a condition"):
    value = poll(condition, timeout)
    if value is None:
        fail(f"timed out waiting for {what}")
    return value


def actions():
    return json.loads(urllib.request.urlopen(ENV["SY_STATE"]).read())["actions"]


def node(role, name):
    """The visible node with this role and name, looked up afresh (rows are made again on each read back)."""
    for candidate in walk(app()):
        if candidate.getRoleName() == role and candidate.name == name and candidate.getState().contains(pyatspi.STATE_VISIBLE):
            return candidate
    return None


def list_labels(name):
    """The label texts inside the list named `name`."""
    found = node("list", name)
    return [child.name for child in walk(found) if child.getRoleName() == "label"] if found else []


def status_of(title):
    """The status line of `title`'s row among the other requests (a row's labels: title, what, who, status)."""
    labels = list_labels("Other requests")
    return labels[labels.index(title) + 3] if title in labels else None


def click(role, name):
    """A real click in the middle of the named node."""
    target = until(lambda: node(role, name), what=f"the {role} '{name}'")
    x, y, width, height = target.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    wid = window_ids()[-1]
    # The X window has a 5-pixel client-side-decoration margin around the widget coordinates (Xvfb, no window manager).
    subprocess.run(["xdotool", "mousemove", "--window", wid, str(x + 5 + width // 2), str(y + 5 + height // 2),
                    "sleep", "0.2", "click", "1"], check=True)


def main():
    until(app, what="the application on the accessibility bus")
    wid = until(lambda: (window_ids() or [None])[-1], what="the window")
    subprocess.run(["xdotool", "windowraise", wid], check=True)
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True)
    time.sleep(0.3)
    tab = until(lambda: next((n for n in walk(app()) if n.getRoleName() == "page tab" and n.name == "Requests"), None),
                what="the Requests tab")
    key("alt+2")
    until(lambda: tab.getState().contains(pyatspi.STATE_SELECTED), what="Alt+2 to show Requests")
    pending = until(lambda: list_labels("Pending requests") if APPROVE in list_labels("Pending requests")
                    and DECLINE in list_labels("Pending requests") else None, what="both pending requests listed")
    seen["pendingBefore"] = [text for text in pending if text in (APPROVE, DECLINE)]
    seen["actionsBefore"] = actions()

    # Approve one with a click.
    click("push button", f"Approve {APPROVE}")
    until(lambda: len(actions()) >= 1, what="the approve to reach the service")
    until(lambda: APPROVE not in list_labels("Pending requests") and APPROVE in list_labels("Other requests"),
          what="the approved request read back outside the pending list")
    seen["approvedStatus"] = status_of(APPROVE)
    seen["afterApprove"] = actions()

    # Decline the other, by its own button.
    click("push button", f"Decline {DECLINE}")
    until(lambda: len(actions()) >= 2, what="the decline to reach the service")
    until(lambda: DECLINE not in list_labels("Pending requests"), what="the declined request read back outside the pending list")
    seen["declinedStatus"] = until(lambda: status_of(DECLINE), what="the declined request's status")
    time.sleep(1.0)  # anything sent twice would have arrived by now
    seen["actions"] = actions()
    seen["pendingAfter"] = [text for text in list_labels("Pending requests") if text in (APPROVE, DECLINE)]
    print(json.dumps(seen), flush=True)


main()
