#!/usr/bin/python3
"""The real-peer harness: qBittorrent, Transmission, Deluge and NZBGet on 127.0.0.1.

    peers.py start RUN_DIR   write configs with generated credentials, start every daemon,
                             wait for each to answer an authenticated request, seed data,
                             and write RUN_DIR/peers.json (ports, credentials, pids, seeds)
    peers.py stop RUN_DIR    SIGTERM every recorded pid and wait for it to end
    peers.py bulk COUNT RUN_DIR  qBittorrent and Transmission on ports shifted by 200, each holding COUNT
                             paused torrents (data absent), for the wire-budget benchmark
    peers.py demo RUN_DIR    `start`, then real data moving for `make demo`: Transmission seeds a
                             96 MB file that qBittorrent downloads from it over 127.0.0.1 at a
                             capped 384 KiB/s (about four minutes)
    peers.py usenet RUN_DIR NAME  the solo NZBGet downloads NAME for real through the NNTP stub (the
                             queue resumed; the seeds added paused stay paused) and prints its NZBID
                             once its history says SUCCESS
    peers.py query KIND RUN_DIR  the solo daemon's own view (paused torrents, turtle mode) as JSON
    peers.py solo KIND RUN_DIR [SEEDS]  start one daemon (qbittorrent|transmission|deluge|nzbget) on
                             ports shifted by 100, for tests that stop it or act on its torrents (it
                             holds SEEDS seed torrents, default 1); writes RUN_DIR/peers.json

Everything binds to 127.0.0.1; DHT, LSD, PeX, UPnP and update checks are off. Seed data is
made from a fixed seed, so info-hashes are the same on every run. Readiness and seeding are
bounded in time; a daemon that does not come up fails the start with its log tail.
"""
import base64
import hashlib
import http.cookiejar
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib

PORTS = {"nntp": 18119, "qbittorrent": 18080, "qbittorrent_peer": 16881, "transmission": 19091, "transmission_peer": 16882,
         "deluge_daemon": 18846, "deluge_web": 18112, "deluge_peer": 16883, "nzbget": 16789,
         "rtorrent_scgi": 15005, "rtorrent_web": 18085, "rtorrent_peer": 16884, "opentracker": 16969,
         "tracker_relay": 16970}
SEEDS = [("fixture-alpha.bin", 64 * 1024), ("fixture-beta.bin", 160 * 1024), ("fixture-gamma.bin", 300 * 1024)]
MISSING = ("fixture-delta.bin", 96 * 1024)  # a torrent whose data is absent: stays at 0 %
DEADLINE = 60.0  # only a failing start waits this long; a cold, loaded machine needs more than a warm one


def log(message):
    print(f"peers: {message}", file=sys.stderr, flush=True)


def wait_until(what, probe, seconds=DEADLINE, poll=0.1):
    end = time.monotonic() + seconds
    last = None
    while time.monotonic() < end:
        try:
            result = probe()
            if result:
                return result
        except Exception as error:  # the daemon is not up yet
            last = error
        time.sleep(poll)
    raise RuntimeError(f"{what} not ready after {seconds:.0f} s ({last})")


class Client:
    """A tiny HTTP client with a cookie jar, for the harness only."""

    def __init__(self, base, headers=None):
        self.base = base
        self.headers = headers or {}
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def request(self, path, data=None, headers=None, method=None):
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={**self.headers, **(headers or {})})
        try:
            with self.opener.open(request, timeout=5) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()


FOLDER_FILES = [("01 opening.bin", 48 * 1024), ("02 middle.bin", 80 * 1024), ("03 closing.bin", 32 * 1024)]


def make_data(run, announce="http://127.0.0.1:9/announce", absent=False, folder_seed=False):
    """The seed files and their torrents, announcing to `announce` (by default a port nothing listens on; the
    info-hash does not depend on it). `absent`: every file made elsewhere, so the torrents start with nothing.
    `folder`: the first seed is a folder of three files (FOLDER_FILES) instead of one file, under the same name."""
    data = os.path.join(run, "data")
    elsewhere = os.path.join(run, "elsewhere")
    os.makedirs(data, exist_ok=True)
    os.makedirs(elsewhere, exist_ok=True)
    torrents = []
    rng = random.Random(20260115)
    for name, size in SEEDS + [MISSING]:
        folder = elsewhere if (name, size) == MISSING or absent else data
        place = folder
        path = os.path.join(place, name)
        if folder_seed and (name, size) == SEEDS[0]:
            os.makedirs(path, exist_ok=True)
            for part, part_size in FOLDER_FILES:
                with open(os.path.join(path, part), "wb") as handle:
                    handle.write(rng.randbytes(part_size))
        else:
            with open(path, "wb") as handle:
                handle.write(rng.randbytes(size))
        torrent = os.path.join(run, name + ".torrent")
        torrents.append({"name": name, "size": size, "torrent": torrent, "complete": (name, size) != MISSING and not absent,
                         "hash": make_torrent(path, announce, 16 * 1024, torrent)})
    return data, torrents


def make_torrent(path, announce, piece_length, out):
    """A private torrent of the file or folder at PATH (what transmission-create -p makes, without its
    half-second waits): files in path order, SHA-1 of each piece. Returns the info-hash."""
    if os.path.isdir(path):
        files = sorted(os.path.relpath(os.path.join(top, name), path).split(os.sep)
                       for top, _, names in os.walk(path) for name in names)
        places = [os.path.join(path, *parts) for parts in files]
    else:
        files, places = None, [path]
    pieces, pending = [], b""
    for place in places:
        with open(place, "rb") as handle:
            while chunk := handle.read(piece_length - len(pending)):
                pending += chunk
                if len(pending) == piece_length:
                    pieces.append(hashlib.sha1(pending).digest())
                    pending = b""
    if pending:
        pieces.append(hashlib.sha1(pending).digest())
    info = {"name": os.path.basename(path), "piece length": piece_length, "pieces": b"".join(pieces), "private": 1}
    if files is None:
        info["length"] = os.path.getsize(path)
    else:
        info["files"] = [{"length": os.path.getsize(place), "path": parts} for parts, place in zip(files, places)]
    with open(out, "wb") as handle:
        handle.write(bencode({"announce": announce, "info": info}))
    return hashlib.sha1(bencode(info)).hexdigest()


def unblock_signals():
    """Daemons must answer SIGTERM even when our parent (a test runner) blocked it."""
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


def spawn(run, name, command, **kwargs):
    log_file = open(os.path.join(run, f"{name}.log"), "wb")
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT,
                               start_new_session=True, preexec_fn=unblock_signals, **kwargs)
    record_pid(run, process.pid)
    return process.pid


def record_pid(run, pid):
    """Every daemon's pid goes to RUN/pids at once, so stop finds it even after a failed start."""
    with open(os.path.join(run, "pids"), "a") as handle:
        handle.write(f"{pid}\n")


# qBittorrent -------------------------------------------------------------------------------

def start_qbittorrent(run, credentials, data, torrents):
    profile = os.path.join(run, "qbt", "profile")
    config = os.path.join(profile, "qBittorrent", "config")
    os.makedirs(config, exist_ok=True)
    salt = os.urandom(16)
    key = hashlib.pbkdf2_hmac("sha512", credentials["password"].encode(), salt, 100000, 64)
    hashed = base64.b64encode(salt).decode() + ":" + base64.b64encode(key).decode()
    with open(os.path.join(config, "qBittorrent.conf"), "w") as handle:
        handle.write(f"""[LegalNotice]
Accepted=true

[BitTorrent]
Session\\Interface=lo
Session\\InterfaceName=lo
Session\\InterfaceAddress=127.0.0.1
Session\\Port={PORTS['qbittorrent_peer']}
Session\\DHTEnabled=false
Session\\LSDEnabled=false
Session\\PeXEnabled=false
Session\\DefaultSavePath={data}

[Network]
PortForwardingEnabled=false

[Preferences]
Connection\\ResolvePeerCountries=false
WebUI\\Address=127.0.0.1
WebUI\\Port={PORTS['qbittorrent']}
WebUI\\Username={credentials['username']}
WebUI\\Password_PBKDF2="@ByteArray({hashed})"
WebUI\\MaxAuthenticationFailCount=5
WebUI\\LocalHostAuth=true
WebUI\\CSRFProtection=true
General\\Locale=en
""")
    pid = spawn(run, "qbittorrent", ["qbittorrent-nox", f"--profile={profile}"])
    client = Client(f"http://127.0.0.1:{PORTS['qbittorrent']}")
    form = f"username={credentials['username']}&password={credentials['password']}".encode()

    def login():
        status, _, body = client.request("/api/v2/auth/login", form,
                                         {"Content-Type": "application/x-www-form-urlencoded"})
        return status == 200 and body == b"Ok."
    wait_until("qBittorrent", login)
    version = client.request("/api/v2/app/version")[2].decode()
    for seed in torrents:
        boundary = "fixtureboundary"
        body = b"".join([
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"torrents\"; filename=\"x.torrent\"\r\n"
            f"Content-Type: application/x-bittorrent\r\n\r\n".encode(), open(seed["torrent"], "rb").read(), b"\r\n",
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"savepath\"\r\n\r\n{data}\r\n".encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"paused\"\r\n\r\ntrue\r\n".encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\nfixture-tv\r\n".encode(),
            f"--{boundary}--\r\n".encode()])
        status, _, answer = client.request("/api/v2/torrents/add", body,
                                           {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        if status != 200:
            raise RuntimeError(f"qBittorrent refused a seed: {status} {answer[:80]}")
    hashes = "|".join(seed["hash"] for seed in torrents)
    wait_until("qBittorrent seeds", lambda: len(json.loads(client.request("/api/v2/torrents/info")[2])) == len(torrents))
    client.request("/api/v2/torrents/recheck", f"hashes={hashes}".encode(),
                   {"Content-Type": "application/x-www-form-urlencoded"})

    def checked():
        items = json.loads(client.request("/api/v2/torrents/info")[2])
        done = {t["hash"]: t for t in items}
        return all(done[s["hash"]]["progress"] == (1 if s["complete"] else 0)
                   and not done[s["hash"]]["state"].startswith("checking") for s in torrents)
    wait_until("qBittorrent recheck", checked)
    return {"pid": pid, "port": PORTS["qbittorrent"], "version": version.lstrip("v")}


# Transmission ------------------------------------------------------------------------------

def transmission_call(credentials, method, arguments, session=[""]):
    auth = base64.b64encode(f"{credentials['username']}:{credentials['password']}".encode()).decode()
    client = Client(f"http://127.0.0.1:{PORTS['transmission']}")
    body = json.dumps({"method": method, "arguments": arguments}).encode()
    for _ in range(2):
        status, headers, answer = client.request("/transmission/rpc", body, {
            "Authorization": f"Basic {auth}", "X-Transmission-Session-Id": session[0],
            "Content-Type": "application/json"})
        if status == 409:
            session[0] = headers.get("X-Transmission-Session-Id", "")
            continue
        if status != 200:
            raise RuntimeError(f"transmission {method}: HTTP {status}")
        return json.loads(answer)
    raise RuntimeError("transmission: no session id")


def start_transmission(run, credentials, data, torrents):
    config = os.path.join(run, "tr", "config")
    os.makedirs(config, exist_ok=True)
    settings = {
        "rpc-bind-address": "127.0.0.1", "rpc-port": PORTS["transmission"], "rpc-authentication-required": True,
        "rpc-username": credentials["username"], "rpc-password": credentials["password"],
        "rpc-whitelist": "127.0.0.1", "rpc-whitelist-enabled": True, "rpc-host-whitelist-enabled": False,
        "bind-address-ipv4": "127.0.0.1", "bind-address-ipv6": "::1", "peer-port": PORTS["transmission_peer"],
        "peer-port-random-on-start": False, "dht-enabled": False, "lpd-enabled": False, "pex-enabled": False,
        "utp-enabled": False, "port-forwarding-enabled": False, "blocklist-enabled": False,
        "download-dir": data, "incomplete-dir-enabled": False, "message-level": 1,
    }
    with open(os.path.join(config, "settings.json"), "w") as handle:
        json.dump(settings, handle)
    pid = spawn(run, "transmission", ["transmission-daemon", "-f", "-g", config])
    info = wait_until("Transmission", lambda: transmission_call(credentials, "session-get", {"fields": ["version", "rpc-version"]}))
    for seed in torrents:
        metainfo = base64.b64encode(open(seed["torrent"], "rb").read()).decode()
        answer = transmission_call(credentials, "torrent-add", {"metainfo": metainfo, "download-dir": data, "paused": True})
        if answer.get("result") != "success":
            raise RuntimeError(f"transmission refused a seed: {answer}")
        # 3.00 takes labels through torrent-set, not torrent-add.
        transmission_call(credentials, "torrent-set", {"ids": [seed["hash"]], "labels": ["fixture-movies"]})

    def checked():
        items = transmission_call(credentials, "torrent-get", {"fields": ["hashString", "percentDone", "status"]})["arguments"]["torrents"]
        done = {t["hashString"]: t for t in items}
        return len(done) == len(torrents) and all(
            done[s["hash"]]["percentDone"] == (1 if s["complete"] else 0) and done[s["hash"]]["status"] == 0 for s in torrents)
    wait_until("Transmission verify", checked)
    return {"pid": pid, "port": PORTS["transmission"], "version": info["arguments"]["version"].split()[0]}


# rTorrent ----------------------------------------------------------------------------------
# rTorrent has no HTTP and no auth of its own: lighttpd serves its SCGI port at /RPC2 with basic
# auth, as a seedbox does (API-GUIDE-3 §4, api/rtorrent-headless.sh). SCGI and HTTP on 127.0.0.1 only.

def rtorrent_call(credentials, method, *params):
    import xmlrpc.client
    auth = base64.b64encode(f"{credentials['username']}:{credentials['password']}".encode()).decode()
    body = xmlrpc.client.dumps(tuple(params), method).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{PORTS['rtorrent_web']}/RPC2", data=body,
                                     headers={"Content-Type": "text/xml", "Authorization": f"Basic {auth}"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return xmlrpc.client.loads(answer.read())[0][0]


def start_rtorrent(run, credentials, data, torrents):
    import xmlrpc.client
    folder = os.path.join(run, "rtorrent")
    for sub in ("session", "www"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "rtorrent.rc"), "w") as handle:
        handle.write("\n".join([
            f"session.path.set = {folder}/session", f"directory.default.set = {data}",
            "network.bind_address.set = 127.0.0.1", "network.local_address.set = 127.0.0.1",
            f"network.port_range.set = {PORTS['rtorrent_peer']}-{PORTS['rtorrent_peer']}", "network.port_random.set = no",
            "dht.mode.set = disable", "protocol.pex.set = no", "trackers.use_udp.set = no", "network.xmlrpc.size_limit.set = 8M",
            f"network.scgi.open_port = 127.0.0.1:{PORTS['rtorrent_scgi']}", "system.daemon.set = true",
            f'log.open_file = "rtlog", {folder}/rtorrent.log', 'log.add_output = "warn", "rtlog"', ""]))
    rtorrent_pid = spawn(run, "rtorrent", ["rtorrent", "-n", "-o", f"import={folder}/rtorrent.rc"])
    users = os.path.join(folder, "lighttpd.users")
    with open(users, "w") as handle:
        handle.write(f"{credentials['username']}:{credentials['password']}\n")
    os.chmod(users, 0o600)
    conf = os.path.join(folder, "lighttpd.conf")
    with open(conf, "w") as handle:
        handle.write("\n".join([
            'server.modules = ( "mod_auth", "mod_authn_file", "mod_scgi" )', f'server.document-root = "{folder}/www"',
            'server.bind = "127.0.0.1"', f"server.port = {PORTS['rtorrent_web']}", f'server.errorlog = "{folder}/lighttpd.error.log"',
            'auth.backend = "plain"', f'auth.backend.plain.userfile = "{users}"',
            'auth.require = ( "/RPC2" => ( "method" => "basic", "realm" => "rtorrent", "require" => "valid-user" ) )',
            f'scgi.server = ( "/RPC2" => ( ( "host" => "127.0.0.1", "port" => {PORTS["rtorrent_scgi"]}, "check-local" => "disable" ) ) )', ""]))
    web_pid = spawn(run, "lighttpd", ["lighttpd", "-D", "-f", conf])
    version = wait_until("rTorrent behind lighttpd", lambda: rtorrent_call(credentials, "system.client_version"))
    for seed in torrents:
        # Stopped (load.raw), then checked and started one by one below: the seeds end seeding, the missing one at 0 %.
        rtorrent_call(credentials, "load.raw", "", xmlrpc.client.Binary(open(seed["torrent"], "rb").read()),
                      f"d.directory.set={data}", "d.custom1.set=fixture-tv")

    def loaded():
        return len(rtorrent_call(credentials, "download_list", "", "main")) == len(torrents)
    wait_until("rTorrent loads the seeds", loaded)
    for seed in torrents:
        rtorrent_call(credentials, "d.check_hash", seed["hash"].upper())

    def checked():
        rows = rtorrent_call(credentials, "d.multicall2", "", "main", "d.hash=", "d.complete=", "d.hashing=")
        done = {row[0].lower(): row for row in rows}
        return len(done) == len(torrents) and all(done[s["hash"]][1] == (1 if s["complete"] else 0) and done[s["hash"]][2] == 0
                                                  for s in torrents)
    wait_until("rTorrent hash check", checked)
    return {"pid": rtorrent_pid, "web_pid": web_pid, "port": PORTS["rtorrent_web"], "version": version}


# Deluge ------------------------------------------------------------------------------------

def deluge_config(path, body):
    with open(path, "w") as handle:
        handle.write(json.dumps({"file": 1, "format": 1}) + json.dumps(body, indent=2))


def start_deluge(run, credentials, data, torrents):
    config = os.path.join(run, "deluge")
    os.makedirs(config, exist_ok=True)
    daemon_user, daemon_password = "fixture-daemon", secrets.token_hex(8)
    with open(os.path.join(config, "auth"), "w") as handle:
        handle.write(f"{daemon_user}:{daemon_password}:10\n")
    deluge_config(os.path.join(config, "core.conf"), {
        "daemon_port": PORTS["deluge_daemon"], "allow_remote": False, "listen_interface": "127.0.0.1",
        "outgoing_interface": "127.0.0.1", "listen_ports": [PORTS["deluge_peer"], PORTS["deluge_peer"]],
        "random_port": False, "dht": False, "upnp": False, "natpmp": False, "lsd": False, "utpex": False,
        "new_release_check": False, "download_location": data, "move_completed": False, "enabled_plugins": []})
    salt = secrets.token_hex(20)
    host_id = secrets.token_hex(16)
    deluge_config(os.path.join(config, "web.conf"), {
        "interface": "127.0.0.1", "port": PORTS["deluge_web"], "pwd_salt": salt,
        "pwd_sha1": hashlib.sha1((salt + credentials["password"]).encode()).hexdigest(),
        "default_daemon": host_id, "first_login": False, "base": "/", "https": False, "session_timeout": 3600,
        "enabled_plugins": [], "show_session_speed": False, "sidebar_show_zero": False})
    deluge_config(os.path.join(config, "hostlist.conf"), {
        "hosts": [[host_id, "127.0.0.1", PORTS["deluge_daemon"], daemon_user, daemon_password]]})
    daemon_pid = spawn(run, "deluged", ["deluged", "-d", "-c", config, "-u", "127.0.0.1", "-p", str(PORTS["deluge_daemon"]),
                                        "-i", "127.0.0.1", "-L", "warning"])
    import socket

    def listening():
        with socket.create_connection(("127.0.0.1", PORTS["deluge_daemon"]), timeout=0.5):
            return True
    wait_until("deluged", listening)
    web_pid = spawn(run, "deluge-web", ["deluge-web", "-d", "-c", config, "-i", "127.0.0.1", "-p", str(PORTS["deluge_web"]),
                                        "-L", "warning"])
    client = Client(f"http://127.0.0.1:{PORTS['deluge_web']}")
    counter = [0]

    def call(method, *params):
        counter[0] += 1
        status, _, body = client.request("/json", json.dumps({"method": method, "params": list(params), "id": counter[0]}).encode(),
                                         {"Content-Type": "application/json"})
        answer = json.loads(body)
        if answer.get("error"):
            raise RuntimeError(f"deluge {method}: {answer['error']}")
        return answer["result"]
    wait_until("deluge-web", lambda: call("auth.login", credentials["password"]) is True)
    wait_until("deluge daemon connection", lambda: isinstance(call("web.connect", host_id), list))
    # Deluge 2.0.3 lists daemon.get_version (not daemon.info) among the connected daemon's methods.
    version = wait_until("Deluge daemon methods", lambda: call("daemon.get_version"))
    for seed in torrents:
        call("core.add_torrent_file", seed["name"] + ".torrent", base64.b64encode(open(seed["torrent"], "rb").read()).decode(),
             {"download_location": data, "add_paused": True})
    call("core.force_recheck", [seed["hash"] for seed in torrents])

    def checked():
        status = call("core.get_torrents_status", {}, ["progress", "state"])
        return len(status) == len(torrents) and all(
            status[s["hash"]]["progress"] == (100 if s["complete"] else 0) and status[s["hash"]]["state"] != "Checking"
            for s in torrents)
    wait_until("Deluge recheck", checked)
    return {"pid": daemon_pid, "web_pid": web_pid, "port": PORTS["deluge_web"], "version": version}


# NZBGet ------------------------------------------------------------------------------------

NZB = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nzb PUBLIC "-//newzBin//DTD NZB 1.1//EN" "http://www.newzbin.com/DTD/nzb/nzb-1.1.dtd">
<nzb xmlns="http://www.newzbin.com/DTD/2003/nzb">
 <file poster="fixture@fixture.invalid" date="1768485720" subject="&quot;{name}.bin&quot; yEnc (1/1)">
  <groups><group>alt.binaries.fixture</group></groups>
  <segments><segment bytes="{size}" number="1">{name}-1@fixture.invalid</segment></segments>
 </file>
</nzb>
"""


def yenc_article(name, data):
    """A single-part yEnc body, dot-stuffed for NNTP."""
    out = bytearray()
    line = bytearray()
    for byte in data:
        value = (byte + 42) % 256
        if value in (0x00, 0x0A, 0x0D, 0x3D) or (value in (0x09, 0x20) and not line) or (value == 0x2E and not line):
            line += bytes([0x3D, (value + 64) % 256])
        else:
            line.append(value)
        if len(line) >= 128:
            out += line + b"\r\n"
            line = bytearray()
    if line:
        out += line + b"\r\n"
    crc = zlib.crc32(data) & 0xFFFFFFFF
    header = f"=ybegin line=128 size={len(data)} name={name}\r\n".encode()
    trailer = f"=yend size={len(data)} crc32={crc:08x}\r\n".encode()
    return header + bytes(out) + trailer


def start_nntp(run):
    articles = os.path.join(run, "nntp")
    os.makedirs(articles, exist_ok=True)
    data = random.Random(20260116).randbytes(20 * 1024)
    with open(os.path.join(articles, "fixture-ok-1@fixture.invalid"), "wb") as handle:
        handle.write(yenc_article("fixture-usenet-done.bin", data))
    spawn(run, "nntp", ["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "nntp-stub.py"),
                        str(PORTS["nntp"]), articles])
    import socket

    def listening():
        with socket.create_connection(("127.0.0.1", PORTS["nntp"]), timeout=0.5):
            return True
    wait_until("NNTP stub", listening)
    return len(data)


def start_nzbget(run, credentials):
    done_size = start_nntp(run)
    folder = os.path.join(run, "nzbget")
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "nzbget.conf")
    lock = os.path.join(folder, "nzbget.lock")
    options = {
        "MainDir": folder, "DestDir": os.path.join(folder, "complete"), "InterDir": os.path.join(folder, "intermediate"),
        "NzbDir": os.path.join(folder, "nzb"), "QueueDir": os.path.join(folder, "queue"), "TempDir": os.path.join(folder, "tmp"),
        "ScriptDir": os.path.join(folder, "scripts"), "LockFile": lock, "LogFile": os.path.join(folder, "nzbget.log"),
        "WebDir": "/usr/share/nzbget/webui", "ConfigTemplate": "/usr/share/nzbget/webui/nzbget.conf",
        "ControlIP": "127.0.0.1", "ControlPort": PORTS["nzbget"], "ControlUsername": credentials["username"],
        "ControlPassword": credentials["password"], "RestrictedUsername": "", "AddUsername": "", "SecureControl": "no",
        "FormAuth": "no", "UpdateCheck": "none", "OutputMode": "loggable", "Server1.Active": "yes",
        "Server1.Host": "127.0.0.1", "Server1.Port": PORTS["nntp"], "Server1.Connections": "2", "Server1.Level": "0",
        "Server1.Encryption": "no", "Server1.JoinGroup": "no", "ArticleTimeout": "5", "ArticleRetries": "0",
        "ParCheck": "manual", "Unpack": "no", "HealthCheck": "delete", "DaemonUsername": "root" if os.getuid() == 0 else "",
        "AuthorizedIP": "", "WriteLog": "append",
    }
    with open(config, "w") as handle:
        for key, value in options.items():
            handle.write(f"{key}={value}\n")
    subprocess.run(["nzbget", "-D", "-c", config], check=True, capture_output=True, preexec_fn=unblock_signals)
    auth = base64.b64encode(f"{credentials['username']}:{credentials['password']}".encode()).decode()
    client = Client(f"http://127.0.0.1:{PORTS['nzbget']}", {"Authorization": f"Basic {auth}", "Content-Type": "application/json"})

    def call(method, *params):
        status, _, body = client.request("/jsonrpc", json.dumps({"method": method, "params": list(params), "id": 1}).encode())
        if status != 200:
            raise RuntimeError(f"nzbget {method}: HTTP {status}")
        return json.loads(body)["result"]
    version = wait_until("NZBGet", lambda: call("version"))
    pid = int(open(lock).read().strip())
    record_pid(run, pid)
    ids = []
    for index, (name, size) in enumerate([("fixture-usenet-one", 4096), ("fixture-usenet-two", 8192)]):
        nzb = base64.b64encode(NZB.format(name=name, size=size).encode()).decode()
        ids.append(call("append", f"{name}.nzb", nzb, "fixture-usenet", 0, False, True, "", 0, "SCORE",
                        [{"drone": f"fixture-drone-{index}"}]))
    wait_until("NZBGet queue", lambda: len(call("listgroups", 0)) == 2)
    # Two that run for real against the NNTP stub: one completes, one names a missing article and fails.
    for name, message_id, size in (("fixture-usenet-done", "fixture-ok-1", done_size),
                                   ("fixture-usenet-failed", "fixture-missing-1", 4096)):
        nzb = NZB.format(name=name, size=size).replace(f"{name}-1@fixture.invalid", f"{message_id}@fixture.invalid")
        call("append", f"{name}.nzb", base64.b64encode(nzb.encode()).decode(), "fixture-usenet", 0, False, False, "", 0,
             "SCORE", [{"drone": f"fixture-drone-{name.rsplit('-', 1)[1]}"}])
    call("resumedownload")

    def finished():
        history = call("history", False)
        return sorted(entry["Status"].split("/")[0] for entry in history) == ["FAILURE", "SUCCESS"]
    wait_until("NZBGet downloads through the NNTP stub", finished)
    call("pausedownload")  # leave the paused seeds paused
    return {"pid": pid, "port": PORTS["nzbget"], "version": version, "nzb_ids": ids}


# -------------------------------------------------------------------------------------------

def settle_ports():
    """Keeps each fixed port when it is free and picks a free one when not (make demo runs outside the
    tests' private network namespace, beside whatever the machine already runs). Everyone reads the
    ports from peers.json."""
    taken = set()
    for key, port in PORTS.items():
        if port not in taken and port_is_free(port):
            taken.add(port)
            continue
        while True:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                candidate = probe.getsockname()[1]
            if candidate not in taken:
                break
        PORTS[key] = candidate
        taken.add(candidate)


def port_is_free(port):
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def start(run):
    started = time.monotonic()
    settle_ports()
    os.makedirs(run, exist_ok=True)
    data, torrents = make_data(run)
    state = {"data": data, "torrents": [{k: v for k, v in t.items() if k != "torrent"} | {"file": t["torrent"]} for t in torrents]}
    peers = [("qbittorrent", start_qbittorrent), ("transmission", start_transmission), ("deluge", start_deluge),
             ("rtorrent", start_rtorrent)]
    try:
        for name, starter in peers:
            credentials = {"username": "fixture-" + name[:4], "password": "fixture-peer-" + secrets.token_hex(8)}
            t0 = time.monotonic()
            state[name] = starter(run, credentials, data, torrents) | credentials
            state[name]["ready_seconds"] = round(time.monotonic() - t0, 2)
            write_state(run, state)
        credentials = {"username": "fixture-nzbg", "password": "fixture-peer-" + secrets.token_hex(8)}
        t0 = time.monotonic()
        state["nzbget"] = start_nzbget(run, credentials) | credentials
        state["nzbget"]["ready_seconds"] = round(time.monotonic() - t0, 2)
    except Exception as error:
        write_state(run, state)
        log(f"start failed: {error}")
        for name in ("qbittorrent", "transmission", "deluged", "deluge-web", "rtorrent", "lighttpd"):
            path = os.path.join(run, f"{name}.log")
            if os.path.exists(path):
                log(f"--- {name}.log\n" + open(path, errors="replace").read()[-1500:])
        stop(run)
        raise SystemExit(1)
    state["start_seconds"] = round(time.monotonic() - started, 2)
    for name in ("qbittorrent", "transmission", "deluge", "rtorrent", "nzbget"):
        pids = [state[name]["pid"]] + ([state[name]["web_pid"]] if "web_pid" in state[name] else [])
        state[name]["rss_kib"] = sum(rss(pid) for pid in pids)
    write_state(run, state)
    log(f"five peers up and seeded in {state['start_seconds']} s: "
        + ", ".join(f"{n} {state[n]['version']} ({state[n]['rss_kib'] // 1024} MiB)"
                    for n in ("qbittorrent", "transmission", "deluge", "rtorrent", "nzbget")))


def rss(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def write_state(run, state):
    with open(os.path.join(run, "peers.json"), "w") as handle:
        json.dump(state, handle, indent=2)


def alive(pid):
    try:
        return open(f"/proc/{pid}/stat").read().split(") ")[1][0] not in "ZX"
    except (OSError, IndexError):
        return False


def stop(run):
    try:
        pids = [int(line) for line in open(os.path.join(run, "pids")) if line.strip()]
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    end = time.monotonic() + 10
    while time.monotonic() < end and any(alive(pid) for pid in pids):
        time.sleep(0.1)
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def bencode(value):
    if isinstance(value, int):
        return b"i%de" % value
    if isinstance(value, bytes):
        return b"%d:%s" % (len(value), value)
    if isinstance(value, str):
        return bencode(value.encode())
    if isinstance(value, list):
        return b"l" + b"".join(bencode(item) for item in value) + b"e"
    return b"d" + b"".join(bencode(key) + bencode(value[key]) for key in sorted(value)) + b"e"


def synthetic_torrents(run, count):
    """COUNT small single-file torrents, made directly (no data written): fast and deterministic."""
    folder = os.path.join(run, "bulk")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(20260117)
    torrents = []
    for index in range(count):
        length = 16384 * rng.randint(1, 8)
        info = {"length": length, "name": f"fixture-bulk-{index:04d}.bin", "piece length": 16384,
                "pieces": rng.randbytes(20 * (length // 16384)), "private": 1}
        path = os.path.join(folder, f"{index:04d}.torrent")
        with open(path, "wb") as handle:
            handle.write(bencode({"announce": "http://127.0.0.1:9/announce", "info": info}))
        torrents.append({"file": path, "hash": hashlib.sha1(bencode(info)).hexdigest()})
    return torrents


def bulk(count, run):
    for key in PORTS:
        PORTS[key] += 200
    settle_ports()
    os.makedirs(run, exist_ok=True)
    data = os.path.join(run, "data")
    os.makedirs(data, exist_ok=True)
    torrents = synthetic_torrents(run, count)
    state = {"count": count, "hashes": [t["hash"] for t in torrents]}
    try:
        credentials = {"username": "fixture-bulk", "password": "fixture-peer-" + secrets.token_hex(8)}
        state["qbittorrent"] = start_qbittorrent(run, credentials, data, []) | credentials
        client = Client(f"http://127.0.0.1:{PORTS['qbittorrent']}")
        client.request("/api/v2/auth/login", f"username={credentials['username']}&password={credentials['password']}".encode(),
                       {"Content-Type": "application/x-www-form-urlencoded"})
        for start in range(0, count, 200):
            boundary = "fixturebulk"
            parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"torrents\"; filename=\"{i}.torrent\"\r\n"
                     f"Content-Type: application/x-bittorrent\r\n\r\n".encode() + open(t["file"], "rb").read() + b"\r\n"
                     for i, t in enumerate(torrents[start:start + 200])]
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"paused\"\r\n\r\ntrue\r\n".encode())
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"savepath\"\r\n\r\n{data}\r\n--{boundary}--\r\n".encode())
            client.request("/api/v2/torrents/add", b"".join(parts), {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        wait_until("qBittorrent bulk", lambda: len(json.loads(client.request("/api/v2/torrents/info")[2])) == count, 60)
        credentials = {"username": "fixture-bulk", "password": "fixture-peer-" + secrets.token_hex(8)}
        state["transmission"] = start_transmission(run, credentials, data, []) | credentials
        for torrent in torrents:
            metainfo = base64.b64encode(open(torrent["file"], "rb").read()).decode()
            transmission_call(credentials, "torrent-add", {"metainfo": metainfo, "download-dir": data, "paused": True})
        # Transmission verifies every added torrent, one after another (~9 a second here); until it is done
        # they are "recently active", so a quiet refresh is only quiet afterwards.
        started = time.monotonic()

        def verified():
            items = transmission_call(credentials, "torrent-get", {"fields": ["status"]})["arguments"]["torrents"]
            waiting = sum(1 for item in items if item["status"] != 0)
            if waiting:
                log(f"transmission: {waiting} torrents still verifying after {time.monotonic() - started:.0f} s")
            return len(items) == count and waiting == 0
        wait_until("Transmission bulk verify", verified, 600, poll=15)
        import xmlrpc.client
        credentials = {"username": "fixture-bulk", "password": "fixture-peer-" + secrets.token_hex(8)}
        state["rtorrent"] = start_rtorrent(run, credentials, data, []) | credentials
        for start in range(0, count, 100):  # stopped (load.raw), each in its own call of one system.multicall
            rtorrent_call(credentials, "system.multicall", [
                {"methodName": "load.raw", "params": ["", xmlrpc.client.Binary(open(t["file"], "rb").read()), f"d.directory.set={data}"]}
                for t in torrents[start:start + 100]])
        wait_until("rTorrent bulk", lambda: len(rtorrent_call(credentials, "download_list", "", "main")) == count, 120)
    except Exception as error:
        log(f"bulk failed: {error}")
        stop(run)
        raise SystemExit(1)
    write_state(run, state)


def start_opentracker(run, hashes, with_relay=False):
    """Debian's opentracker on 127.0.0.1 (API-GUIDE-4 §8): built in whitelist mode, so it tracks only `hashes`; its
    stats answer 127.0.0.1. It drops to `nobody` before reading the whitelist: the folders must be open to it.
    `with_relay`: the torrents announce through `relay` (below), which gives a one-second minimum interval."""
    folder = os.path.join(run, "ot")
    os.makedirs(folder, exist_ok=True)
    for path in (run, folder):
        os.chmod(path, 0o755)
    # The folders above RUN must let it pass too (make demo's run is inside a private mktemp folder): others may
    # traverse them (search only, not list).
    above = os.path.dirname(os.path.abspath(run))
    while above not in ("/", "/tmp"):
        mode = os.stat(above).st_mode & 0o7777
        if not mode & 0o001:
            os.chmod(above, mode | 0o001)
        above = os.path.dirname(above)
    whitelist = os.path.join(folder, "whitelist.txt")
    with open(whitelist, "w") as handle:
        handle.write("".join(h + "\n" for h in hashes))
    os.chmod(whitelist, 0o644)
    config = os.path.join(folder, "ot.conf")
    with open(config, "w") as handle:
        handle.write(f"listen.tcp_udp 127.0.0.1:{PORTS['opentracker']}\naccess.whitelist {whitelist}\naccess.stats 127.0.0.1\n")
    pid = spawn(run, "opentracker", ["opentracker", "-f", config], cwd=folder)
    base = f"http://127.0.0.1:{PORTS['opentracker']}"
    wait_until("opentracker", lambda: urllib.request.urlopen(base + "/stats?mode=version", timeout=2).read() is not None)
    if with_relay:
        spawn(run, "tracker-relay", [sys.executable, os.path.abspath(__file__), "relay", str(PORTS["tracker_relay"]),
                                     str(PORTS["opentracker"]), "1"])
        base = f"http://127.0.0.1:{PORTS['tracker_relay']}"
        wait_until("tracker relay", lambda: urllib.request.urlopen(base + "/stats?mode=version", timeout=2).read() is not None)
    return {"pid": pid, "port": PORTS["opentracker"], "announce": base + "/announce"}


def relay(listen_port, target_port, min_interval):
    """A relay on 127.0.0.1 in front of opentracker, for the tests' solo daemons: every request goes to opentracker as
    it came, and every answer comes back as opentracker gave it, but for its minimum interval, set to `min_interval`
    seconds (opentracker's is about 15 minutes, and libtorrent and Transmission wait it out before a manual
    reannounce). The announces are still opentracker's to count."""
    import http.server
    import re

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{target_port}{self.path}", timeout=10) as answer:
                    status, body = answer.status, answer.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            body = re.sub(rb"12:min intervali\d+e", b"12:min intervali%de" % min_interval, body)
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    http.server.ThreadingHTTPServer(("127.0.0.1", listen_port), Handler).serve_forever()


def tracker_stats(port):
    """opentracker's own counts: its successful TCP announces, and the peers and seeds it tracks."""
    def lines(mode):
        return urllib.request.urlopen(f"http://127.0.0.1:{port}/stats?mode={mode}", timeout=5).read().decode().split("\n")
    tcp, peers = lines("tcp4"), lines("peer")
    return {"announces": int(tcp[1]), "peers": int(peers[0]), "seeds": int(peers[1])}


def solo(kind, run, seeds=1, tracker=False, absent=False, folder=False):
    """One daemon on shifted ports: tests may kill it (or act on its torrents) without disturbing
    the shared peers. `seeds`: how many of the seed torrents it holds (their data in RUN_DIR/data).
    `tracker`: its torrents announce to an opentracker of its own (started first, tracking exactly them).
    `absent`: their data is not there, so they wait to download (in the client's queue).
    `folder`: the first seed is a folder of three files (make_data)."""
    for key in PORTS:
        PORTS[key] += 100
    settle_ports()
    os.makedirs(run, exist_ok=True)
    credentials = {"username": "fixture-solo", "password": "fixture-peer-" + secrets.token_hex(8)}
    try:
        if kind == "nzbget":
            state = {kind: start_nzbget(run, credentials) | credentials}
        else:
            announce = f"http://127.0.0.1:{PORTS['tracker_relay']}/announce"  # through the relay (start_opentracker)
            data, torrents = make_data(run, announce, absent, folder) if tracker else make_data(run, absent=absent, folder_seed=folder)
            held = torrents[:seeds]
            tracked = start_opentracker(run, [t["hash"] for t in held], with_relay=True) if tracker else None
            starter = {"qbittorrent": start_qbittorrent, "transmission": start_transmission, "deluge": start_deluge,
                       "rtorrent": start_rtorrent}[kind]
            state = {kind: starter(run, credentials, data, held) | credentials | {
                "data": data, "seeds": [{"name": t["name"], "hash": t["hash"], "complete": t["complete"]} for t in held]}
                | ({"tracker": tracked} if tracked else {})}
    except Exception as error:
        log(f"solo {kind} failed: {error}")
        stop(run)
        raise SystemExit(1)
    write_state(run, state)


def usenet(run, name):
    state = json.load(open(os.path.join(run, "peers.json")))["nzbget"]
    auth = base64.b64encode(f"{state['username']}:{state['password']}".encode()).decode()
    client = Client(f"http://127.0.0.1:{state['port']}", {"Authorization": f"Basic {auth}", "Content-Type": "application/json"})

    def call(method, *params):
        status, _, body = client.request("/jsonrpc", json.dumps({"method": method, "params": list(params), "id": 1}).encode())
        if status != 200:
            raise RuntimeError(f"nzbget {method}: HTTP {status}")
        return json.loads(body)["result"]
    size = len(random.Random(20260116).randbytes(20 * 1024))  # the stub's one article (start_nntp)
    nzb = NZB.format(name=name, size=size).replace(f"{name}-1@fixture.invalid", "fixture-ok-1@fixture.invalid")
    # FORCE: the same article as fixture-usenet-done, which NZBGet's duplicate check would skip.
    nzb_id = call("append", f"{name}.nzb", base64.b64encode(nzb.encode()).decode(), "fixture-usenet", 0, False, False, "", 0, "FORCE", [])
    if nzb_id <= 0:
        raise SystemExit(f"NZBGet refused {name}")
    call("resumedownload")
    wait_until(f"NZBGet finishing {name}", lambda: any(
        entry["NZBID"] == nzb_id and entry["Status"].startswith("SUCCESS") for entry in call("history", False)))
    print(nzb_id)


def share_limit(value, default, none, form):
    """A limit with qBittorrent's sentinels, as query reports it: "default", "none" or the value."""
    return "default" if value == default else "none" if value == none or value < 0 else form % value


def mode_limit(mode, value, form):
    """A Transmission limit with its mode (0 its setting, 1 this torrent's, 2 none), as query reports it."""
    return {0: "default", 2: "none"}.get(mode, form % value)


def query(kind, run):
    """The daemon's own view of its transfers, through its own API (not Switchyard's code), for
    tests that act on a solo daemon: which torrents it holds and whether each is paused, and
    whether its turtle mode (alternative speed, or Switchyard's limit) is on. Prints JSON."""
    state = json.load(open(os.path.join(run, "peers.json")))[kind]
    base = f"http://127.0.0.1:{state['port']}"
    credentials = {"username": state["username"], "password": state["password"]}
    if kind == "qbittorrent":
        client = Client(base)
        client.request("/api/v2/auth/login", f"username={state['username']}&password={state['password']}".encode(),
                       {"Content-Type": "application/x-www-form-urlencoded"})
        items = json.loads(client.request("/api/v2/torrents/info")[2])
        torrents = {t["hash"]: t["state"] for t in items}
        paused = {h: raw.startswith(("paused", "stopped")) for h, raw in torrents.items()}
        forced = {t["hash"]: bool(t.get("force_start")) for t in items}
        categories = {t["hash"]: t.get("category", "") for t in items}
        turtle = client.request("/api/v2/transfer/speedLimitsMode")[2].strip() == b"1"
        places = {t["hash"]: t["save_path"].rstrip("/") for t in items}
        own = {t["hash"]: [t["dl_limit"] if t["dl_limit"] > 0 else None, t["up_limit"] if t["up_limit"] > 0 else None] for t in items}
        skipped, trackers = {}, {}
        for t in items:
            files = json.loads(client.request(f"/api/v2/torrents/files?hash={t['hash']}")[2])
            skipped[t["hash"]] = [index for index, f in enumerate(files) if f["priority"] == 0]
            rows = json.loads(client.request(f"/api/v2/torrents/trackers?hash={t['hash']}")[2])
            trackers[t["hash"]] = [r["url"] for r in rows if not r["url"].startswith("** [")]
        print(json.dumps({"paused": paused, "forced": forced, "turtle": turtle, "categories": categories, "places": places,
                          "ownLimits": own, "skipped": skipped, "names": {t["hash"]: t["name"] for t in items},
                          "order": {t["hash"]: t["priority"] for t in items}, "trackers": trackers,
                          "pieceOrder": {t["hash"]: [t["seq_dl"], t["f_l_piece_prio"]] for t in items},
                          "shareLimits": {t["hash"]: {"ratio": share_limit(t["ratio_limit"], -2, -1, "%.2f"),
                                                      "time": share_limit(t["seeding_time_limit"], -2, -1, "%d")} for t in items}}))
    elif kind == "transmission":
        PORTS["transmission"] = state["port"]
        fields = ["hashString", "status", "downloadDir", "downloadLimit", "downloadLimited", "uploadLimit", "uploadLimited", "labels",
                  "fileStats", "name", "queuePosition", "trackers", "seedRatioMode", "seedRatioLimit", "seedIdleMode", "seedIdleLimit"]
        items = transmission_call(credentials, "torrent-get", {"fields": fields})["arguments"]["torrents"]
        session = transmission_call(credentials, "session-get", {"fields": ["alt-speed-enabled"]})["arguments"]
        own = {t["hashString"]: [t["downloadLimit"] * 1000 if t["downloadLimited"] else None,
                                 t["uploadLimit"] * 1000 if t["uploadLimited"] else None] for t in items}
        print(json.dumps({"paused": {t["hashString"]: t["status"] == 0 for t in items}, "forced": {},
                          "turtle": session["alt-speed-enabled"], "places": {t["hashString"]: t["downloadDir"].rstrip("/") for t in items},
                          "ownLimits": own, "labels": {t["hashString"]: t.get("labels", []) for t in items},
                          "skipped": {t["hashString"]: [i for i, f in enumerate(t["fileStats"]) if not f["wanted"]] for t in items},
                          "names": {t["hashString"]: t["name"] for t in items},
                          "order": {t["hashString"]: t["queuePosition"] for t in items},
                          "trackers": {t["hashString"]: [r["announce"] for r in t["trackers"]] for t in items},
                          "shareLimits": {t["hashString"]: {"ratio": mode_limit(t["seedRatioMode"], t["seedRatioLimit"], "%.2f"),
                                                            "idle": mode_limit(t["seedIdleMode"], t["seedIdleLimit"], "%d")} for t in items}}))
    elif kind == "deluge":
        client = Client(base)
        hosts = open(os.path.join(run, "deluge", "hostlist.conf")).read()
        host_id = json.loads(hosts[hosts.index("}") + 1:])["hosts"][0][0]

        def call(method, *params):
            answer = json.loads(client.request("/json", json.dumps({"method": method, "params": list(params), "id": 1}).encode(),
                                               {"Content-Type": "application/json"})[2])
            if answer.get("error"):
                raise RuntimeError(f"deluge {method}: {answer['error']}")
            return answer["result"]
        call("auth.login", state["password"])
        if not call("web.connected"):
            call("web.connect", host_id)
        status = call("core.get_torrents_status", {}, ["state", "download_location", "max_download_speed", "max_upload_speed", "label",
                                                        "name", "queue", "trackers", "sequential_download", "prioritize_first_last_pieces",
                                                        "stop_at_ratio", "stop_ratio"])
        limits = call("core.get_config_values", ["max_download_speed", "max_upload_speed"])
        own = {h: [round(v["max_download_speed"] * 1024) if v["max_download_speed"] > 0 else None,
                   round(v["max_upload_speed"] * 1024) if v["max_upload_speed"] > 0 else None] for h, v in status.items()}
        print(json.dumps({"paused": {h: v["state"] == "Paused" for h, v in status.items()}, "forced": {},
                          "turtle": limits["max_download_speed"] == 1024.0 and limits["max_upload_speed"] == 256.0,
                          "limits": limits, "places": {h: v["download_location"].rstrip("/") for h, v in status.items()},
                          "moving": {h: v["state"] == "Moving" for h, v in status.items()}, "ownLimits": own,
                          "categories": {h: v.get("label", "") for h, v in status.items()},
                          "names": {h: v["name"] for h, v in status.items()}, "order": {h: v["queue"] for h, v in status.items()},
                          "trackers": {h: [r["url"] for r in v["trackers"]] for h, v in status.items()},
                          "pieceOrder": {h: [v["sequential_download"], v["prioritize_first_last_pieces"]] for h, v in status.items()},
                          "shareLimits": {h: {"ratio": "%.2f" % v["stop_ratio"] if v["stop_at_ratio"] else "none"} for h, v in status.items()}}))
    elif kind == "nzbget":
        auth = base64.b64encode(f"{state['username']}:{state['password']}".encode()).decode()
        client = Client(base, {"Authorization": f"Basic {auth}", "Content-Type": "application/json"})

        def call(method, *params):
            return json.loads(client.request("/jsonrpc", json.dumps({"method": method, "params": list(params), "id": 1}).encode())[2])["result"]
        groups = call("listgroups", 0)
        queue = {str(g["NZBID"]): g["Status"] for g in groups}
        history = {str(h["NZBID"]): h["Status"] for h in call("history", False)}
        categories = {str(g["NZBID"]): g["Category"] for g in groups}
        names = {str(g["NZBID"]): g["NZBName"] for g in groups} | {str(h["NZBID"]): h["Name"] for h in call("history", False)}
        print(json.dumps({"queue": queue, "history": history, "rate": call("status")["DownloadLimit"], "categories": categories,
                          "names": names, "order": {str(g["NZBID"]): index for index, g in enumerate(groups)},
                          "priorities": {str(g["NZBID"]): g["MaxPriority"] for g in groups},
                          "parameters": {str(g["NZBID"]): {p["Name"]: p["Value"] for p in g.get("Parameters", [])} for g in groups}}))
    elif kind == "rtorrent":
        PORTS["rtorrent_web"] = state["port"]
        rows = rtorrent_call(credentials, "d.multicall2", "", "main", "d.hash=", "d.state=", "d.is_active=", "d.custom1=")
        trackers = {r[0].lower(): [t[0] for t in rtorrent_call(credentials, "t.multicall", r[0], "", "t.url=")] for r in rows}
        down = rtorrent_call(credentials, "throttle.global_down.max_rate")
        up = rtorrent_call(credentials, "throttle.global_up.max_rate")
        print(json.dumps({"paused": {r[0].lower(): not (r[1] == 1 and r[2] == 1) for r in rows}, "forced": {},
                          "categories": {r[0].lower(): r[3] for r in rows}, "trackers": trackers,
                          "turtle": down == 1048576 and up == 262144, "limits": {"down": down, "up": up}}))


DEMO_FILES = [("Video/Fixture.Demo.Transfer.2026.mkv", 84), ("Video/Sample/sample.mkv", 8), ("Subs/English.srt", 1),
              ("Subs/German.srt", 1), ("Fixture.Demo.Transfer.2026.nfo", 2)]  # MiB each


def demo(run):
    """The shared peers plus one transfer that really moves, from Transmission to qBittorrent: a folder of files
    (the details pane's Files tree), announced to Debian's opentracker on 127.0.0.1 (its Trackers page)."""
    start(run)
    state = json.load(open(os.path.join(run, "peers.json")))
    seed_dir = os.path.join(run, "demo-seed")
    download_dir = os.path.join(run, "demo-download")
    os.makedirs(seed_dir, exist_ok=True)
    os.makedirs(download_dir, exist_ok=True)
    path = os.path.join(seed_dir, "Fixture.Demo.Transfer.2026")
    rng = random.Random(2026)
    for name, mib in DEMO_FILES:
        os.makedirs(os.path.dirname(os.path.join(path, name)), exist_ok=True)
        with open(os.path.join(path, name), "wb") as handle:
            for _ in range(mib):
                handle.write(rng.randbytes(1024 * 1024))
    torrent = os.path.join(run, "demo.torrent")
    announce = f"http://127.0.0.1:{PORTS['opentracker']}/announce"
    demo_hash = make_torrent(path, announce, 256 * 1024, torrent)
    tracker = start_opentracker(run, [demo_hash])
    tr = {k: state["transmission"][k] for k in ("username", "password")}
    metainfo = base64.b64encode(open(torrent, "rb").read()).decode()
    transmission_call(tr, "torrent-add", {"metainfo": metainfo, "download-dir": seed_dir, "paused": False})
    wait_until("Transmission demo seed", lambda: any(
        t["hashString"] == demo_hash and t["percentDone"] == 1 and t["status"] == 6
        for t in transmission_call(tr, "torrent-get", {"fields": ["hashString", "percentDone", "status"]})["arguments"]["torrents"]),
        seconds=60)
    client = Client(f"http://127.0.0.1:{PORTS['qbittorrent']}")
    form = f"username={state['qbittorrent']['username']}&password={state['qbittorrent']['password']}".encode()
    client.request("/api/v2/auth/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
    boundary = "fixtureboundary"
    body = b"".join([
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"torrents\"; filename=\"demo.torrent\"\r\n"
        f"Content-Type: application/x-bittorrent\r\n\r\n".encode(), open(torrent, "rb").read(), b"\r\n",
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"savepath\"\r\n\r\n{download_dir}\r\n".encode(),
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"category\"\r\n\r\nfixture-tv\r\n".encode(),
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"dlLimit\"\r\n\r\n{384 * 1024}\r\n".encode(),
        f"--{boundary}--\r\n".encode()])
    status, _, answer = client.request("/api/v2/torrents/add", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    if status != 200:
        raise SystemExit(f"qBittorrent refused the demo torrent: {status} {answer[:80]}")
    wait_until("qBittorrent demo torrent", lambda: any(
        t["hash"] == demo_hash for t in json.loads(client.request("/api/v2/torrents/info")[2])))
    peer = f"127.0.0.1:{PORTS['transmission_peer']}"
    client.request("/api/v2/torrents/addPeers", f"hashes={demo_hash}&peers={peer}".encode(),
                   {"Content-Type": "application/x-www-form-urlencoded"})
    state["demo"] = {"hash": demo_hash, "name": os.path.basename(path), "size": sum(mib for _, mib in DEMO_FILES) * 1024 * 1024,
                     "tracker": tracker}
    write_state(run, state)
    log(f"demo: qBittorrent is downloading {os.path.basename(path)} from Transmission over {peer}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "demo":
        demo(sys.argv[2])
        sys.exit(0)
    if len(sys.argv) == 4 and sys.argv[1] == "bulk":
        bulk(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) in (4, 5, 6) and sys.argv[1] == "solo":
        solo(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) >= 5 else 1, len(sys.argv) == 6 and sys.argv[5] == "tracker",
             len(sys.argv) == 6 and sys.argv[5] == "absent", len(sys.argv) == 6 and sys.argv[5] == "folder")
    elif len(sys.argv) == 5 and sys.argv[1] == "relay":
        relay(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 3 and sys.argv[1] == "tracker-stats":
        print(json.dumps(tracker_stats(int(sys.argv[2]))))
    elif len(sys.argv) == 4 and sys.argv[1] == "usenet":
        usenet(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "query":
        query(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] in ("start", "stop"):
        (start if sys.argv[1] == "start" else stop)(sys.argv[2])
    else:
        sys.exit(__doc__)
