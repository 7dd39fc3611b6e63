#!/usr/bin/python3
"""Drives the real Settings dialog of a running Switchyard over AT-SPI (and real
X key events for mnemonics and accelerators), the way a user would:

  add a Sonarr service and a qBittorrent service, test both, save both, see
  them connected in Overview; edit qBittorrent's password to a wrong one, test
  (refused) and try to save (refused, stored value kept); remove Sonarr.

Reads its inputs from the environment (set by SettingsDialogUITests):
  SY_SONARR_PORT SY_SONARR_KEY SY_QBT_PORT SY_QBT_USER SY_QBT_PASS SY_WRONG_PASS
  SY_CONFIG (services.json path) SY_CACHE (cache root) SY_APP_PID (the app's process id)
Prints one JSON object of what it saw; exits 1 with a message when a step fails.
Needs Debian's python3-pyatspi, xdotool and secret-tool.
"""
import json
import os
import subprocess
import sys
import time

import pyatspi
from uicheck import app, poll, walk

ENV = os.environ
seen = {}


def fail(message):
    print(json.dumps(seen), flush=True)
    print(f"settings-ui-check: {message}", file=sys.stderr)
    try:  # what was on screen, for the failure report
        for node in walk(app()):
            if node.name and node.getRoleName() in ("label", "push button", "frame", "page tab"):
                print(f"  [{node.getRoleName()}] {node.name!r}", file=sys.stderr)
    except Exception:
        pass
    sys.exit(1)


def nodes(root, role, name=None, prefix=None):
    found = []
    try:
        for node in walk(root):
            if node.getRoleName() != role:
                continue
            text = node.name or ""
            if (name is not None and text == name) or (prefix is not None and text.startswith(prefix)) \
                    or (name is None and prefix is None):
                found.append(node)
    except Exception:  # the tree changed while reading: the caller retries
        return []
    return found


def wait(root_fn, role, name=None, prefix=None, timeout=60.0, what=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        root = root_fn()
        if root is not None:
            found = nodes(root, role, name, prefix)
            if found:
                return found[0]
        time.sleep(0.25)
    fail(f"timed out waiting for {what or (role + ' ' + repr(name or prefix))}")


def gone(root_fn, role, name, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        root = root_fn()
        if root is not None and not nodes(root, role, name):
            return
        time.sleep(0.25)
    fail(f"{role} {name!r} did not go away")


def window(title):
    def find():
        application = app()
        if application is None:
            return None
        for index in range(application.childCount):
            child = application.getChildAtIndex(index)
            if child is not None and child.getRoleName() == "frame" and child.name == title:
                return child
        return None
    return find


main_window = window("Switchyard")
dialog = window("Settings")


def click(root_fn, name, role="push button"):
    button = wait(root_fn, role, name)
    # Sensitivity follows the last edit: wait for it (the edit may still be on its way).
    if not until(lambda: button.getState().contains(pyatspi.STATE_SENSITIVE)):
        fail(f"{name!r} is not sensitive")
    button.queryAction().doAction(0)


def until(condition, timeout=60.0):
    """Waits for `condition` to hold, looking every 0.1 s; False when it never did."""
    return poll(condition, timeout, every=0.1) is not None


def type_into(root_fn, role, name, text):
    field = wait(root_fn, role, name)
    field.queryEditableText().setTextContents(text)


def focus_window(title):
    ids = subprocess.run(["xdotool", "search", "--name", f"^{title}$"], capture_output=True, text=True).stdout.split()
    if not ids:
        fail(f"no X window titled {title!r}")
    subprocess.run(["xdotool", "mousemove", "200", "200"], check=True)
    subprocess.run(["xdotool", "windowraise", ids[-1]], check=True)
    subprocess.run(["xdotool", "windowfocus", "--sync", ids[-1]], check=True)
    time.sleep(0.3)


def key(combo):
    subprocess.run(["xdotool", "key", "--delay", "80", combo], check=True)
    time.sleep(0.4)


def all_text(root):
    """Every name and every readable text under root (what a screen reader could read)."""
    out = []
    for node in walk(root):
        out.append(node.name or "")
        try:
            out.append(node.queryText().getText(0, -1))
        except Exception:
            pass
    return "\n".join(out)


def secret(account, field):
    result = subprocess.run(["secret-tool", "lookup", "account", account, "field", field], capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else None


def keyring_items(account):
    result = subprocess.run(["secret-tool", "search", "--all", "account", account], capture_output=True, text=True)
    return result.stdout.count("[/")


def config():
    with open(ENV["SY_CONFIG"]) as file:
        return {service["displayName"]: service for service in json.load(file)["services"]}


def allow_plain_http():
    focus_window("Settings")
    key("alt+h")  # the check box's mnemonic: "Allow plain _HTTP on the local network"
    box = wait(dialog, "check box", "Allow plain HTTP on the local network")
    if not until(lambda: box.getState().contains(pyatspi.STATE_CHECKED)):
        fail("Alt+H did not tick “Allow plain HTTP on the local network”")


def add_service(kind, name, port, secrets, expect, save_with_enter=False):
    click(dialog, "Add Service…")
    click(dialog, kind)
    wait(dialog, "label", f"Add {kind}")
    type_into(dialog, "text", "Name", name)
    type_into(dialog, "text", "Local address", f"http://127.0.0.1:{port}")
    wait(dialog, "label", "Plain HTTP needs “Allow plain HTTP on the local network” below.",
         what="the inline plain-HTTP error")
    allow_plain_http()
    gone(dialog, "label", "Plain HTTP needs “Allow plain HTTP on the local network” below.")
    for role, field, value in secrets:
        type_into(dialog, role, field, value)
    click(dialog, "Test Connection")
    result = wait(dialog, "label", prefix=f"Connected to {expect} ", timeout=90, what=f"a successful test of {kind}")
    seen[f"{kind}Test"] = result.name
    seen[f"{kind}DialogHoldsSecret"] = any(value in all_text(dialog()) for _, _, value in secrets if len(value) > 12)
    if save_with_enter:
        focus_window("Settings")
        key("alt+n")    # "_Name": the focus goes to the name field
        name_field = wait(dialog, "text", "Name")
        if not until(lambda: name_field.getState().contains(pyatspi.STATE_FOCUSED)):
            fail("Alt+N did not move the focus to the Name field")
        key("Return")   # Enter saves when the form is valid
    else:
        click(dialog, "Save")
    wait(dialog, "label", name, what=f"{name} in the services list")
    wait(dialog, "list", "Services")


def main():
    wait(main_window, "push button", "Add Service…", what="the welcome page")
    click(main_window, "Add Service…")
    wait(dialog, "label", "No Services Yet")

    add_service("Sonarr", "Sonarr (fixture)", ENV["SY_SONARR_PORT"],
                [("password text", "API key", ENV["SY_SONARR_KEY"])], "Sonarr")
    add_service("qBittorrent", "qBittorrent (peer)", ENV["SY_QBT_PORT"],
                [("text", "User name", ENV["SY_QBT_USER"]), ("password text", "Password", ENV["SY_QBT_PASS"])],
                "qBittorrent", save_with_enter=True)

    click(dialog, "Close")
    gone(lambda: app(), "frame", "Settings")
    overview = lambda: (main_window() and nodes(main_window(), "panel", "Overview") or [None])[0]
    wait(overview, "label", "Sonarr (fixture)", what="Sonarr in Overview")
    wait(overview, "label", "qBittorrent (peer)", what="qBittorrent in Overview")
    until(lambda: len(nodes(overview(), "label", "Connected")) >= 2)
    seen["overviewConnected"] = len(nodes(overview(), "label", "Connected"))

    services = config()
    sonarr, qbt = services["Sonarr (fixture)"], services["qBittorrent (peer)"]
    # services.json writes UUIDs in capitals; keyring attributes hold them in lower case.
    sonarr_account, qbt_account = sonarr["credentialRef"].lower(), qbt["credentialRef"].lower()
    seen["sonarrKeyringItemsBefore"] = keyring_items(sonarr_account)
    sonarr_cache = os.path.join(ENV["SY_CACHE"], sonarr["id"].lower())
    seen["sonarrCacheBefore"] = os.path.isdir(sonarr_cache)

    # Ctrl+comma, the accelerator, opens Settings again.
    focus_window("Switchyard")
    key("ctrl+comma")
    wait(dialog, "list", "Services", what="Settings opened by Ctrl+comma")
    click(dialog, "Add Service…")
    wait(dialog, "label", "Which service?")
    focus_window("Settings")
    key("Escape")   # Escape goes back
    wait(dialog, "list", "Services", what="the list again after Escape")
    seen["escapeReturnedToList"] = not nodes(dialog(), "label", "Which service?")

    click(dialog, "Edit qBittorrent (peer)")
    wait(dialog, "label", "Edit qBittorrent (peer)")
    placeholder_empty = all(ENV["SY_QBT_PASS"] not in all_text(dialog()) for _ in [0])
    seen["editFormShowsStoredSecret"] = not placeholder_empty
    type_into(dialog, "password text", "Password", ENV["SY_WRONG_PASS"])
    click(dialog, "Test Connection")
    seen["wrongTest"] = wait(dialog, "label", prefix="Test failed", timeout=90, what="the refused test").name
    click(dialog, "Save")
    seen["wrongSave"] = wait(dialog, "label", prefix="The new credentials were not saved", timeout=90,
                             what="the refused save").name
    seen["qbtPasswordKept"] = secret(qbt_account, "password") == ENV["SY_QBT_PASS"]
    click(dialog, "Cancel")
    wait(dialog, "list", "Services")

    click(dialog, "Remove Sonarr (fixture)")
    wait(dialog, "label", "Remove “Sonarr (fixture)”?")
    click(dialog, "Remove Sonarr (fixture)")
    wait(dialog, "list", "Services")
    gone(dialog, "label", "Sonarr (fixture)")
    seen["sonarrKeyringItemsAfter"] = keyring_items(sonarr_account)
    seen["sonarrCacheAfter"] = os.path.isdir(sonarr_cache)
    seen["sonarrInConfigAfter"] = "Sonarr (fixture)" in config()
    gone(overview, "label", "Sonarr (fixture)")
    seen["overviewWithoutSonarr"] = True
    seen["seriesTabShown"] = bool(nodes(main_window(), "page tab", "Series"))
    click(dialog, "Close")
    print(json.dumps(seen), flush=True)


if __name__ == "__main__":
    main()
