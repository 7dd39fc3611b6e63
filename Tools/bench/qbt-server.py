#!/usr/bin/python3
"""A qBittorrent-shaped WebAPI on 127.0.0.1 holding COUNT synthetic torrents, for the Downloads
benchmark at a scale no real daemon here can hold (10,000 torrents).

Usage: qbt-server.py COUNT CHURN PERIOD_SECONDS PASSWORD [FILES]
Prints "READY port=N" once listening. Every PERIOD_SECONDS a generation changes CHURN of the
torrents (progress, speeds, ETA, sometimes the state), as a busy seedbox does. sync/maindata
answers rid 0 (or an unknown rid) with everything, and a known rid with only the torrents changed
since, merged, as qBittorrent does. Served: auth/login (SID cookie), app/version,
app/webapiVersion, sync/maindata, transfer/speedLimitsMode. Anything else is a 404 and is logged.
Two control paths (no sign-in; loopback only) change the torrents as a generation, for tests: GET
/__add?name=NAME adds a torrent named NAME, GET /__remove?name=NAME removes the one named NAME
(sync/maindata then lists it in torrents_removed). A PERIOD of 0 never churns. Ends when its standard
input closes.

With FILES, the first torrent (hash 000…0) has that many files in folders of 100 under one top folder, and
its details are served as qBittorrent serves them: torrents/properties, torrents/files, torrents/trackers,
sync/torrentPeers (50 peers; each read after the first changes the speeds of 10 of them, as a diff on the
rid given) and POST torrents/filePrio (applied: the next files read shows it).
"""
import http.server
import json
import random
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from importlib import import_module  # noqa: E402

maindata = import_module("qbt-maindata")
STATES = maindata.STATES


class Swarm:
    def __init__(self, count, churn):
        self.rng = random.Random(20261202)
        self.torrents = {f"{index:040x}": maindata.torrent(self.rng, index) for index in range(count)}
        self.hashes = list(self.torrents)
        self.step = max(1, int(count * churn))
        self.generations = []  # per generation: {hash: delta}
        self.removals = []  # per generation: the hashes removed in it
        self.lock = threading.Lock()
        self.server = {"dl_info_speed": 1000, "up_info_speed": 10, "free_space_on_disk": 800000000000,
                       "connection_status": "connected"}
        self.full_cache = None

    def tick(self):
        with self.lock:
            changed = {}
            for hash in self.rng.sample(self.hashes, self.step):
                delta = {"progress": self.rng.random(), "dlspeed": self.rng.randint(0, 5_000_000),
                         "eta": self.rng.randint(0, 8640000)}
                if self.rng.random() < 0.2:
                    delta["state"] = self.rng.choice(STATES)
                self.torrents[hash].update(delta)
                changed[hash] = delta
            self.server["dl_info_speed"] = self.rng.randint(0, 10_000_000)
            self.generations.append(changed)
            self.removals.append([])
            self.full_cache = None

    def add(self, name):
        with self.lock:
            index = len(self.torrents) + sum(len(removed) for removed in self.removals)
            hash = f"{index + 1_000_000:040x}"
            self.torrents[hash] = dict(maindata.torrent(self.rng, index), name=name, infohash_v1=hash)
            self.hashes.append(hash)
            self.generations.append({hash: self.torrents[hash]})
            self.removals.append([])
            self.full_cache = None

    def remove(self, name):
        with self.lock:
            hash = next(hash for hash, torrent in self.torrents.items() if torrent["name"] == name)
            del self.torrents[hash]
            self.hashes.remove(hash)
            self.generations.append({})
            self.removals.append([hash])
            self.full_cache = None

    def answer(self, rid):
        with self.lock:
            now = len(self.generations) + 1  # rid 1 is the state before any generation
            if 0 < rid <= now:
                merged, removed = {}, set()
                for generation, gone in zip(self.generations[rid - 1:], self.removals[rid - 1:]):
                    for hash, delta in generation.items():
                        merged.setdefault(hash, {}).update(delta)
                    for hash in gone:
                        merged.pop(hash, None)
                        removed.add(hash)
                body = {"rid": now, "torrents": merged, "server_state": {"dl_info_speed": self.server["dl_info_speed"]}}
                if removed:
                    body["torrents_removed"] = sorted(removed)
                return json.dumps(body, separators=(",", ":")).encode()
            if self.full_cache is None or self.full_cache[0] != now:
                body = {"rid": now, "full_update": True, "torrents": self.torrents, "categories": {}, "tags": [],
                        "server_state": self.server}
                self.full_cache = (now, json.dumps(body, separators=(",", ":")).encode())
            return self.full_cache[1]


class Details:
    """The first torrent's details: FILES files, 50 peers changing, two trackers."""

    def __init__(self, files):
        self.rng = random.Random(20261207)
        self.files = [{"index": i, "name": f"Fixture.Big.Torrent/Disc {i // 100:03d}/track {i % 100:02d}.flac",
                       "size": 30_000_000 + i, "progress": self.rng.random(), "priority": 1,
                       "is_seed": False, "piece_range": [i, i], "availability": 1} for i in range(files)]
        self.peers = {f"192.0.2.{i}:{6881 + i}": {"ip": f"192.0.2.{i}", "port": 6881 + i, "client": "Fixture 1.0",
                                                  "flags": "D E", "progress": self.rng.random(), "dl_speed": 0, "up_speed": 0,
                                                  "country_code": "xx"} for i in range(50)}
        self.rid = 1
        self.lock = threading.Lock()

    def properties(self):
        return json.dumps({"save_path": "/srv/fixture/", "total_size": sum(f["size"] for f in self.files), "addition_date": 1765000000,
                           "completion_date": -1, "share_ratio": 0.1, "seeds": 3, "seeds_total": 20, "peers": 50, "peers_total": 90,
                           "piece_size": 4194304, "pieces_num": 72000, "pieces_have": 30000, "dl_limit": -1, "up_limit": -1,
                           "reannounce": 600}).encode()

    def file_list(self):
        with self.lock:
            return json.dumps(self.files, separators=(",", ":")).encode()

    def set_priority(self, ids, priority):
        with self.lock:
            for i in ids:
                self.files[i]["priority"] = priority

    def torrent_peers(self, rid):
        with self.lock:
            if rid == 0 or rid != self.rid:
                self.rid += 1
                return json.dumps({"rid": self.rid, "full_update": True, "peers": self.peers}).encode()
            changed = {}
            for key in self.rng.sample(list(self.peers), 10):
                delta = {"dl_speed": self.rng.randint(0, 2_000_000), "up_speed": self.rng.randint(0, 200_000)}
                self.peers[key].update(delta)
                changed[key] = delta
            self.rid += 1
            return json.dumps({"rid": self.rid, "peers": changed}).encode()


def main():
    count, churn, period, password = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    swarm = Swarm(count, churn)
    details = Details(int(sys.argv[5])) if len(sys.argv) > 5 else None
    first = f"{0:040x}"

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, status, body, headers=()):
            self.send_response(status)
            self.send_header("Content-Type", "application/json" if body[:1] in (b"{", b"[") else "text/plain")
            self.send_header("Content-Length", str(len(body)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def signed_in(self):
            return "SID=fixture-bench-session" in (self.headers.get("Cookie") or "")

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            form = self.rfile.read(length).decode()
            path = self.path.split("?")[0]
            if path == "/api/v2/auth/login":
                if f"password={password}" in form:
                    self.reply(200, b"Ok.", [("Set-Cookie", "SID=fixture-bench-session; HttpOnly; path=/")])
                else:
                    self.reply(200, b"Fails.")
                return
            if details and path == "/api/v2/torrents/filePrio" and self.signed_in():
                fields = urllib.parse.parse_qs(form)
                if fields.get("hash", [""])[0] != first or not fields.get("id"):
                    self.reply(400, b"Bad Request")
                    return
                details.set_priority([int(i) for i in fields["id"][0].split("|")], int(fields["priority"][0]))
                self.reply(200, b"")
                return
            print(f"qbt-server: unexpected POST {path}", file=sys.stderr)
            self.reply(404, b"Not Found")

        def do_GET(self):
            path, _, query = self.path.partition("?")
            if path in ("/__add", "/__remove"):
                name = urllib.parse.parse_qs(query).get("name", [""])[0]
                try:
                    swarm.add(name) if path == "/__add" else swarm.remove(name)
                except StopIteration:
                    self.reply(404, b"no such torrent")
                    return
                self.reply(200, b"Ok.")
                return
            if not self.signed_in():
                self.reply(403, b"Forbidden")
                return
            if path == "/api/v2/app/version":
                self.reply(200, b"v5.0.0")
            elif path == "/api/v2/app/webapiVersion":
                self.reply(200, b"2.11.0")
            elif path == "/api/v2/transfer/speedLimitsMode":
                self.reply(200, b"0")
            elif path == "/api/v2/sync/maindata":
                parameters = dict(part.split("=", 1) for part in query.split("&") if "=" in part)
                self.reply(200, swarm.answer(int(parameters.get("rid", "0") or 0)))
            elif details and path.startswith("/api/v2/torrents/") or path == "/api/v2/sync/torrentPeers":
                parameters = urllib.parse.parse_qs(query)
                if not details or parameters.get("hash", [""])[0] != first:
                    self.reply(404, b"Not Found")
                elif path == "/api/v2/torrents/properties":
                    self.reply(200, details.properties())
                elif path == "/api/v2/torrents/files":
                    self.reply(200, details.file_list())
                elif path == "/api/v2/torrents/trackers":
                    self.reply(200, json.dumps([{"url": "http://tracker.fixture.invalid/announce", "tier": 0, "status": 2, "msg": "",
                                                 "num_peers": 90, "num_seeds": 20, "num_leeches": 70, "num_downloaded": 5}]).encode())
                elif path == "/api/v2/sync/torrentPeers":
                    self.reply(200, details.torrent_peers(int(parameters.get("rid", ["0"])[0] or 0)))
                else:
                    self.reply(404, b"Not Found")
            else:
                print(f"qbt-server: unexpected GET {path}", file=sys.stderr)
                self.reply(404, b"Not Found")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def churn_loop():
        while True:
            time.sleep(period)
            swarm.tick()

    if period > 0:
        threading.Thread(target=churn_loop, daemon=True).start()
    print(f"READY port={server.server_address[1]}", flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
