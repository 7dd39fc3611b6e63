#!/usr/bin/python3
"""The desktop's handler for magnet links, .torrent and .nzb files, used the way a browser or a file
manager uses it (scripts/check-desktop-handler.sh sets the scene: the installed build, real peers,
a configured profile, no Switchyard running).

    desktop-handler-check.py PREFIX RUN_DIR

1. From a cold start, one form at a time: `xdg-open` a magnet link, a .torrent file and an .nzb
   file, then `gio open` a magnet link in each shape GIO may rewrite one to (`magnet:///?`, `magnet://?`). Each must open Add Download with the right client picked, and pressing Add must put it in
   the real daemon (qBittorrent for torrents, NZBGet for the NZB) — checked with the daemon's own
   API. After Close the app keeps running; Ctrl+Q ends it.
2. The same three, handed to an instance started beforehand; Ctrl+Q ends it with status 0.

Prints ok/FAIL lines; exits 1 when a check fails. Waits for events (a node in the tree, an entry
in a daemon's list, a process gone), never for a fixed time; a deadline only bounds a failure.
"""
import hashlib
import json
import os
import secrets
import subprocess
import sys

import pyatspi

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "Tests", "Peers"))
import peers  # noqa: E402  (the harness's bencode and NZB template)
from uicheck import app, key, poll, walk, window_ids  # noqa: E402

prefix, run = sys.argv[1], sys.argv[2]
binary = os.path.join(prefix, "bin", "switchyard")
failed = False


def ok(text):
    print(f"ok   {text}", flush=True)


def bad(text):
    global failed
    failed = True
    print(f"FAIL {text}", flush=True)


def instances():
    """The installed build's processes, by their executable: a launcher may start it by name (`gio open` runs
    `switchyard …` through PATH), so its command line need not hold the full path."""
    found = subprocess.run(["pgrep", "-x", "switchyard"], capture_output=True, text=True).stdout.split()
    def runs_binary(pid):
        try:
            return os.path.realpath(f"/proc/{pid}/exe") == os.path.realpath(binary)
        except OSError:
            return False
    return [int(pid) for pid in found if runs_binary(pid)]


def attach():
    """The running instance (exactly one), as uicheck's app() finds it."""
    pids = poll(lambda: instances(), timeout=60)
    if not pids:
        return None
    os.environ["SY_APP_PID"] = str(pids[0])
    return pids[0]


def dialog():
    """The Add Download window of the app under test, or None."""
    root = app()
    if root is None:
        return None
    for index in range(root.childCount):
        frame = root.getChildAtIndex(index)
        if frame is not None and frame.name == "Add Download":
            return frame
    return None


def texts(node):
    return [(child.getRoleName(), child.name) for child in walk(node)]


def button(node, name):
    for child in walk(node):
        if child.getRoleName() == "push button" and child.name == name:
            return child
    return None


def query(kind):
    output = subprocess.run(["/usr/bin/python3", os.path.join(here, "..", "Tests", "Peers", "peers.py"), "query", kind, run],
                            capture_output=True, text=True)
    return json.loads(output.stdout) if output.returncode == 0 else {}


def make_torrent(folder):
    """A new single-file torrent (its data need not exist: it only has to be added)."""
    info = {"length": 16384, "name": f"fixture-handler-{secrets.token_hex(4)}.bin", "piece length": 16384,
            "pieces": secrets.token_bytes(20), "private": 1}
    path = os.path.join(folder, "fixture-handler.torrent")
    with open(path, "wb") as handle:
        handle.write(peers.bencode({"announce": "http://127.0.0.1:9/announce", "info": info}))
    return path, hashlib.sha1(peers.bencode(info)).hexdigest(), info["name"]


def make_nzb(folder):
    name = f"fixture-handler-{secrets.token_hex(4)}"
    path = os.path.join(folder, name + ".nzb")
    with open(path, "w") as handle:
        handle.write(peers.NZB.format(name=name, size=20480))
    return path, name


def add_through_dialog(what, shown, client, landed):
    """Add Download is on screen naming `shown` with `client` picked; Add; the daemon has it (`landed`)."""
    frame = poll(dialog, timeout=90)
    if frame is None:
        return bad(f"{what}: no Add Download window")
    listed = poll(lambda: any(name == shown for _, name in texts(dialog())), timeout=30)
    if not listed:
        return bad(f"{what}: Add Download does not list “{shown}”: {texts(dialog())[:40]}")
    # The client list is read once the configuration is known: never the empty list of a cold start.
    picked = poll(lambda: any(client in (name or "") for _, name in texts(dialog())), timeout=30)
    if not picked:
        return bad(f"{what}: {client} is not picked: {[n for _, n in texts(dialog()) if n]}")
    ok(f"{what}: Add Download lists it with {client} picked")
    def enabled_add():
        found = button(dialog(), "Add")
        return found if found is not None and found.getState().contains(pyatspi.STATE_SENSITIVE) else None
    add = poll(enabled_add, timeout=30)
    if add is None:
        return bad(f"{what}: Add is not enabled")
    add.queryAction().doAction(0)
    answer = poll(lambda: next((name for _, name in texts(dialog())
                                if name and (name.startswith(("Added “", "Already in ")) or " did not add “" in name)), None), timeout=60)
    if not answer or not answer.startswith("Added “"):
        return bad(f"{what}: the dialog says {answer!r}")
    ok(f"{what}: the dialog says “{answer}”")
    if poll(landed, timeout=30):
        ok(f"{what}: the daemon's own API lists it")
    else:
        bad(f"{what}: the daemon does not list it")
    button(dialog(), "Close").queryAction().doAction(0)
    if poll(lambda: dialog() is None, timeout=30) and poll(lambda: instances(), timeout=5):
        ok(f"{what}: after Close the app keeps running")
    else:
        bad(f"{what}: the dialog did not close, or the app ended with it")


def quit_with_ctrl_q(what, process=None):
    ids = poll(lambda: window_ids(), timeout=30)
    if not ids:
        return bad(f"{what}: no Switchyard window to press Ctrl+Q in")
    subprocess.run(["xdotool", "windowfocus", "--sync", ids[-1]], check=False, timeout=20)
    key("ctrl+q")
    if process is not None:
        try:
            status = process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            return bad(f"{what}: Ctrl+Q did not end the app")
        return ok(f"{what}: Ctrl+Q ended the app (status {status})") if status == 0 else bad(f"{what}: exit status {status}")
    if poll(lambda: not instances(), timeout=60):
        ok(f"{what}: Ctrl+Q ended the app")
    else:
        bad(f"{what}: Ctrl+Q did not end the app")


def xdg_open(target):
    """What a browser or file manager runs. Without a desktop environment xdg-open runs the app in the
    foreground (a cold start returns when the app ends; into a running instance it returns at once). It
    finds a file's type with File::MimeInfo's `mimetype` (Debian's xdg-utils recommends it), which knows
    .nzb as application/x-nzb; `file` alone would call it text/xml."""
    return subprocess.Popen(["xdg-open", target], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def ended(what, opener):
    """The opener (xdg-open or gio open) returned, with status 0."""
    try:
        status = opener.wait(timeout=60)
    except subprocess.TimeoutExpired:
        opener.kill()
        return bad(f"{what}: {opener.args[0]} did not return")
    if status != 0:
        bad(f"{what}: {opener.args[0]} exited {status}: {opener.stderr.read()[-300:]}")


def gio_open(target):
    """What a GNOME or other GIO-based desktop runs (xdg-open itself hands over to `gio open` when the session
    says it is GNOME): GLib finds the handler and launches it, and `gio open` returns once it has."""
    env = dict(os.environ, XDG_CURRENT_DESKTOP="GNOME")
    return subprocess.Popen(["gio", "open", target], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)


def gio_forms():
    """Magnet links in the two shapes GIO can hand a handler after making a file of the URI and back."""
    found = []
    for prefix in ("magnet:///?", "magnet://?"):
        magnet_hash = secrets.token_hex(20)
        name = f"Fixture GIO Magnet {magnet_hash[:6]}"
        found.append((f"{prefix}… through gio open", f"{prefix}xt=urn:btih:{magnet_hash}&dn={name.replace(' ', '+')}",
                      f"{name} (magnet link)", "qBittorrent (torrents)",
                      lambda magnet_hash=magnet_hash: magnet_hash in query("qbittorrent").get("paused", {})))
    return found


def forms(folder):
    """(what, target for xdg-open, name listed, client, check in the daemon) for the three forms."""
    magnet_hash = secrets.token_hex(20)
    magnet = f"magnet:?xt=urn:btih:{magnet_hash}&dn=Fixture+Handler+Magnet"
    torrent, torrent_hash, _ = make_torrent(folder)
    nzb, nzb_name = make_nzb(folder)
    return [
        ("magnet link", magnet, "Fixture Handler Magnet (magnet link)", "qBittorrent (torrents)",
         lambda: magnet_hash in query("qbittorrent").get("paused", {})),
        (".torrent file", "file://" + torrent, "fixture-handler.torrent (torrent file)", "qBittorrent (torrents)",
         lambda: torrent_hash in query("qbittorrent").get("paused", {})),
        (".nzb file", "file://" + nzb, f"{nzb_name}.nzb (NZB file)", "NZBGet (usenet)",
         lambda: nzb_name in query("nzbget").get("names", {}).values()),
    ]


def main():
    folder = os.path.join(run, "handler")
    os.makedirs(folder, exist_ok=True)
    if instances():
        bad("a Switchyard instance is running before the check")
        return
    # 1. Cold starts: no instance; the link or file starts the app.
    for what, target, shown, client, landed in forms(folder):
        opener = xdg_open(target)
        if attach() is None:
            bad(f"{what}: xdg-open started no Switchyard")
            opener.kill()
            continue
        add_through_dialog(f"cold start, {what}", shown, client, landed)
        quit_with_ctrl_q(f"cold start, {what}")
        ended(f"cold start, {what}", opener)
    # 1b. Cold starts through GIO, with the magnet link in the shapes GLib may rewrite it to.
    for what, target, shown, client, landed in gio_forms():
        opener = gio_open(target)
        if attach() is None:
            bad(f"{what}: gio open started no Switchyard")
            opener.kill()
            continue
        ended(f"cold start, {what}", opener)
        add_through_dialog(f"cold start, {what}", shown, client, landed)
        quit_with_ctrl_q(f"cold start, {what}")
    # 2. An instance already running.
    process = subprocess.Popen([binary], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.environ["SY_APP_PID"] = str(process.pid)
    if not poll(lambda: app() is not None and any(n == "Switchyard" for _, n in texts(app())), timeout=90):
        bad("the running instance showed no window")
    for what, target, shown, client, landed in forms(folder):
        opener = xdg_open(target)
        ended(f"running instance, {what}", opener)  # the link went to the running instance; this process is done
        add_through_dialog(f"running instance, {what}", shown, client, landed)
        count = len(instances())
        ok(f"running instance, {what}: one Switchyard process") if count == 1 else bad(f"{count} Switchyard processes")
    quit_with_ctrl_q("running instance", process)


main()
sys.exit(1 if failed else 0)
