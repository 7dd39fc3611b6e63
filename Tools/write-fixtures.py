#!/usr/bin/python3
"""Write-enforcing fixture services on 127.0.0.1, for the transfer-action tests of the two
clients with no Debian package here: qBittorrent 5.x and SABnzbd.

    write-fixtures.py --kind qbittorrent5|sabnzbd --fixtures DIR [--api-key KEY]

Prints "READY port=N"; ends when stdin closes. Both enforce the API guide and refuse every
form that would act on everything:

qbittorrent5 (WebAPI 2.11.2, API-GUIDE-2 §7): cookie login (`fixture-user` / `fixture-pass`);
  `torrents/pause` and `torrents/resume` answer 404 (renamed, no alias); `torrents/stop`,
  `start`, `setForceStart`, `delete` need `hashes` naming known torrents (never `all`, never
  empty); `delete` needs `deleteFiles`; `transfer/speedLimitsMode`, `setSpeedLimitsMode`.
sabnzbd (API-GUIDE §7): the key only in the form body, every parameter once; queue
  `pause`/`resume`/`delete` and history `delete` need `value` naming known nzo_ids exactly
  (case-sensitive, never `all`); `config` `speedlimit` sets `speedlimit_abs` (K = 1024).

Control: GET /__actions lists the accepted writes, /__refused the refused ones (JSON).
Nothing here contacts another address.
"""
import argparse
import json
import secrets
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
ACTIONS, REFUSED = [], []
STATE = {"turtle": False, "speedlimit_abs": "", "sessions": set()}
QBIT_TORRENTS = {
    "0123456789abcdef0123456789abcdef01234567": {"name": "Fixture.Five.One", "state": "stoppedUP"},
    "89abcdef0123456789abcdef0123456789abcdef": {"name": "Fixture.Five.Two", "state": "stalledUP"},
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    options = None

    def log_message(self, *args):
        pass

    def _send(self, code, body, content_type="application/json", headers=()):
        data = body if isinstance(body, bytes) else body.encode()
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _refuse(self, code, why, fields):
        with LOCK:
            REFUSED.append({"path": self.path, "why": why, "fields": {k: v for k, v in fields.items() if k != "apikey"}})
        self._send(code, why, "text/plain")

    def _fields(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        form = urllib.parse.parse_qsl(body, keep_blank_values=True)
        query = urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query, keep_blank_values=True)
        return form, query

    def _handle(self):
        path = urllib.parse.urlsplit(self.path).path
        if path in ("/__actions", "/__refused"):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with LOCK:
                return self._send(200, json.dumps(ACTIONS if path == "/__actions" else REFUSED))
        form, query = self._fields()
        if self.options.kind == "qbittorrent5":
            return self._qbittorrent(path, dict(form), form)
        return self._sabnzbd(path, form, query)

    # qBittorrent 5.x ---------------------------------------------------------------------------

    def _qbittorrent(self, path, fields, pairs):
        if path == "/api/v2/auth/login":
            if fields.get("username") == "fixture-user" and fields.get("password") == "fixture-pass":
                sid = secrets.token_hex(8)
                with LOCK:
                    STATE["sessions"].add(sid)
                return self._send(200, "Ok.", "text/plain", [("Set-Cookie", f"SID={sid}; HttpOnly; path=/")])
            return self._send(200, "Fails.", "text/plain")
        cookie = self.headers.get("Cookie") or ""
        sid = cookie.split("SID=", 1)[1].split(";", 1)[0] if "SID=" in cookie else ""
        with LOCK:
            signed_in = sid in STATE["sessions"]
        if not signed_in:
            return self._send(403, "Forbidden", "text/plain")
        if path == "/api/v2/app/version":
            return self._send(200, "v5.0.4", "text/plain")
        if path == "/api/v2/app/webapiVersion":
            return self._send(200, "2.11.2", "text/plain")
        if path == "/api/v2/sync/maindata":
            with LOCK:
                torrents = {h: {"name": t["name"], "state": t["state"], "progress": 1, "size": 1024, "amount_left": 0,
                                "dlspeed": 0, "upspeed": 0, "eta": 8640000, "category": "", "tags": "", "added_on": 1768485720}
                            for h, t in QBIT_TORRENTS.items()}
            return self._send(200, json.dumps({"rid": 1, "full_update": True, "torrents": torrents,
                                               "server_state": {"dl_info_speed": 0, "up_info_speed": 0}}))
        if path == "/api/v2/transfer/speedLimitsMode":
            return self._send(200, "1" if STATE["turtle"] else "0", "text/plain")
        if path == "/api/v2/transfer/setSpeedLimitsMode":
            if self.command != "POST" or fields.get("mode") not in ("0", "1"):
                return self._refuse(400, "mode must be 0 or 1", fields)
            with LOCK:
                STATE["turtle"] = fields["mode"] == "1"
                ACTIONS.append({"path": path, "mode": fields["mode"]})
            return self._send(200, "", "text/plain")
        if path in ("/api/v2/torrents/pause", "/api/v2/torrents/resume"):
            return self._refuse(404, "Not Found", fields)  # renamed in WebAPI 2.11.0, no alias
        if path in ("/api/v2/torrents/stop", "/api/v2/torrents/start", "/api/v2/torrents/setForceStart",
                    "/api/v2/torrents/delete"):
            if self.command != "POST":
                return self._refuse(405, "Method Not Allowed", fields)
            if len(pairs) != len(fields):
                return self._refuse(400, "a parameter twice", fields)
            hashes = fields.get("hashes", "")
            names = [h for h in hashes.split("|")] if hashes else []
            if not names or "all" in (n.lower() for n in names):
                return self._refuse(400, "hashes must name torrents (never all, never empty)", fields)
            if any(n.lower() not in QBIT_TORRENTS for n in names):
                return self._refuse(400, "unknown hash", fields)
            if path.endswith("/delete") and fields.get("deleteFiles") not in ("true", "false"):
                return self._refuse(400, "deleteFiles is required", fields)
            with LOCK:
                for name in names:
                    torrent = QBIT_TORRENTS[name.lower()]
                    if path.endswith("/stop"):
                        torrent["state"] = "stoppedUP"
                    elif path.endswith("/start") or path.endswith("/setForceStart"):
                        torrent["state"] = "forcedUP" if path.endswith("/setForceStart") else "stalledUP"
                ACTIONS.append({"path": path, "hashes": names, "deleteFiles": fields.get("deleteFiles"),
                                "value": fields.get("value")})
            return self._send(200, "", "text/plain")
        return self._send(404, "Not Found", "text/plain")

    # SABnzbd -----------------------------------------------------------------------------------

    def _fixture(self, name):
        return json.load(open(f"{self.options.fixtures}/sabnzbd/{name}"))

    def _sabnzbd(self, path, form, query):
        fields = dict(form)
        if path != "/api":
            return self._send(404, "Not Found", "text/plain")
        if query and any(k == "apikey" for k, _ in query):
            return self._refuse(403, "API Key Incorrect (the key belongs in the body)", fields)
        if len(form) != len(fields) or set(dict(query)) & set(fields):
            return self._refuse(500, "a parameter twice", fields)
        if fields.get("apikey") != self.options.api_key:
            return self._send(403, "API Key Required", "text/html")
        mode, name, value = fields.get("mode"), fields.get("name"), fields.get("value")
        queue = self._fixture("queue.json")
        history = self._fixture("history.json")
        known = {"queue": {s["nzo_id"] for s in queue["queue"]["slots"]},
                 "history": {s["nzo_id"] for s in history["history"]["slots"]}}
        if mode == "queue" and name is None:
            with LOCK:
                queue["queue"]["speedlimit_abs"] = STATE["speedlimit_abs"]
            return self._send(200, json.dumps(queue))
        if mode == "history" and name is None:
            return self._send(200, json.dumps(history))
        if (mode, name) in (("queue", "pause"), ("queue", "resume"), ("queue", "delete"), ("history", "delete")):
            ids = value.split(",") if value else []
            if not ids or any(i.lower() in ("all", "failed", "completed") for i in ids):
                return self._refuse(400, "value must name items (never all, never empty)", fields)
            if any(i not in known[mode] for i in ids):
                return self._refuse(400, "unknown nzo_id (ids are exact)", fields)
            with LOCK:
                ACTIONS.append({"mode": mode, "name": name, "value": ids, "del_files": fields.get("del_files")})
            return self._send(200, json.dumps({"status": True, "nzo_ids": ids}))
        if mode == "config" and name == "speedlimit":
            text = (value or "").strip()
            if text in ("", "0"):
                limit = ""
            elif text.upper().endswith("K") and text[:-1].isdigit():
                limit = str(int(text[:-1]) * 1024)
            elif text.upper().endswith("M") and text[:-1].isdigit():
                limit = str(int(text[:-1]) * 1024 * 1024)
            else:
                return self._refuse(400, "use an absolute speed limit", fields)
            with LOCK:
                STATE["speedlimit_abs"] = limit
                ACTIONS.append({"mode": mode, "name": name, "value": text})
            return self._send(200, json.dumps({"status": True}))
        return self._send(200, json.dumps({"status": False, "error": "not implemented"}))

    do_GET = do_POST = _handle


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kind", choices=["qbittorrent5", "sabnzbd"], required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--api-key", default="")
    Handler.options = parser.parse_args()
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True).start()
    print(f"READY port={server.server_port}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
