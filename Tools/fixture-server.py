#!/usr/bin/python3
"""Switchyard's local fixture server: well-behaved and hostile HTTP on 127.0.0.1 only.

Starts three listeners on free loopback ports and prints one line:
    READY http=PORT https=PORT other=PORT [NAME=PORT …]
Each --extra-tls NAME:CERT:KEY adds an HTTPS listener with that certificate (the
hostile matrix's expired, wrong-host and untrusted certificates).
`other` is a second plain-HTTP origin (for cross-origin redirects). HTTPS uses
--cert/--key (made at test time). Behaviour is chosen by the path:

  /json                          200 {"ok": true}
  /echo                          200, the request's method, path and header names as JSON
  /status/CODE                   that status with a JSON body
  /status/429/retry-after/N      429 with Retry-After: N
  /flaky/KEY/N/CODE              CODE for the first N requests of KEY, then 200
  /html-login                    200 text/html login page (an auth gateway)
  /login-redirect                302 to /sso/login?next=… (an auth gateway)
  /never                         accepts, never answers
  /trickle                       200, Content-Length 64, one byte per second
  /big/BYTES                     200 JSON body of BYTES bytes
  /gzip-bomb/BYTES               small gzip body that inflates to BYTES bytes
  /truncated                     Content-Length 1000, sends 10 bytes, closes
  /reset                         sends headers, then resets the connection
  /redirect/same-origin          302 to /json
  /redirect/to-http              302 to http://127.0.0.1:HTTP/json
  /redirect/cross-origin         302 to http://127.0.0.1:OTHER/echo
  /redirect/loop                 302 to itself
  /hostile/CASE/ANY/PATH         a whole "service" that misbehaves on every path (the hostile-server
                                 matrix): never, trickle, huge (4 GiB body), gzip-bomb, html-login,
                                 redirect-http, redirect-cross-origin, status-401, status-403,
                                 status-429 (Retry-After: 3600), status-503 (starting up), truncated,
                                 invalid-utf8, wrong-type, empty, reset
  /__requests                    JSON map path → number of requests seen
  /__credentials                 JSON list of paths that arrived with credential headers
Every request is counted. Nothing here ever contacts another address.
"""
import argparse
import gzip
import json
import socket
import ssl
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
REQUESTS = {}
CREDENTIALED = []
PORTS = {}
CREDENTIAL_HEADERS = ("authorization", "x-api-key", "cookie", "x-transmission-session-id")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "SwitchyardFixture/1"

    def log_message(self, *args):
        pass

    def _send(self, code, body=b"", content_type="application/json", headers=()):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, code, value, headers=()):
        self._send(code, json.dumps(value).encode(), headers=headers)

    def _handle(self, reentered=False):
        length = int(self.headers.get("Content-Length") or 0)
        if length and not reentered:
            self.rfile.read(length)
        path = self.path.split("?", 1)[0]
        with LOCK:
            REQUESTS[path] = REQUESTS.get(path, 0) + 1
            count = REQUESTS[path]
            if any(h in self.headers for h in CREDENTIAL_HEADERS) or any(
                    k.lower() in CREDENTIAL_HEADERS for k in self.headers.keys()):
                CREDENTIALED.append(path)
        parts = [p for p in path.split("/") if p]
        if parts[:1] == ["hostile"] and len(parts) >= 2:
            return self._hostile(parts[1])

        if path == "/json":
            return self._json(200, {"ok": True})
        if path == "/echo":
            return self._json(200, {"method": self.command, "path": self.path,
                                    "headers": sorted(k.lower() for k in self.headers.keys())})
        if path == "/__requests":
            with LOCK:
                return self._json(200, dict(REQUESTS))
        if path == "/__credentials":
            with LOCK:
                return self._json(200, list(CREDENTIALED))
        if parts[:1] == ["status"] and len(parts) >= 2:
            code = int(parts[1])
            headers = [("Retry-After", parts[3])] if parts[2:3] == ["retry-after"] else []
            return self._json(code, {"message": f"fixture status {code}"}, headers)
        if parts[:1] == ["flaky"] and len(parts) == 4:
            failures, code = int(parts[2]), int(parts[3])
            if count <= failures:
                return self._json(code, {"message": "try again"})
            return self._json(200, {"ok": True, "attempt": count})
        if path == "/html-login":
            return self._send(200, b"<!DOCTYPE html><html><body><form>Sign in</form></body></html>",
                              "text/html; charset=utf-8")
        if path == "/login-redirect":
            return self._send(302, b"", "text/plain", [("Location", "/sso/login?next=%2Fapi")])
        if path.startswith("/sso/login"):
            return self._send(200, b"<html><body>Single sign-on</body></html>", "text/html")
        if path == "/never":
            time.sleep(3600)
            return None
        if path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "64")
            self.end_headers()
            for _ in range(64):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
            return None
        if parts[:1] == ["big"] and len(parts) == 2:
            size = int(parts[1])
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b" " * 65536
            sent = 0
            try:
                while sent < size:
                    piece = chunk[: min(len(chunk), size - sent)]
                    self.wfile.write(piece)
                    sent += len(piece)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return None
        if parts[:1] == ["gzip-bomb"] and len(parts) == 2:
            return self._send(200, gzip_bomb(int(parts[1])), headers=[("Content-Encoding", "gzip")])
        if path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"partial":')
            self.wfile.flush()
            self.close_connection = True
            return None
        if path == "/reset":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"partial":')
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return None
        if path == "/redirect/same-origin":
            return self._send(302, b"", "text/plain", [("Location", "/json")])
        if path == "/redirect/to-http":
            return self._send(302, b"", "text/plain", [("Location", f"http://127.0.0.1:{PORTS['http']}/json")])
        if path == "/redirect/cross-origin":
            return self._send(302, b"", "text/plain", [("Location", f"http://127.0.0.1:{PORTS['other']}/echo")])
        if path == "/redirect/loop":
            return self._send(302, b"", "text/plain", [("Location", "/redirect/loop")])
        return self._json(404, {"message": f"no fixture at {path}"})

    HOSTILE = {
        "never": "/never", "trickle": "/trickle", "huge": "/big/4294967296", "gzip-bomb": "/gzip-bomb/67108864",
        "html-login": "/html-login", "redirect-http": "/redirect/to-http",
        "redirect-cross-origin": "/redirect/cross-origin", "truncated": "/truncated", "reset": "/reset",
        "status-401": "/status/401", "status-403": "/status/403", "status-429": "/status/429/retry-after/3600",
    }

    def _hostile(self, case):
        if case in self.HOSTILE:
            self.path = self.HOSTILE[case]
            return self._handle(reentered=True)
        if case == "status-503":  # what a Servarr answers while it starts up
            return self._send(503, b"Service Unavailable: starting up", "text/plain")
        if case == "invalid-utf8":
            return self._send(200, b'{"status": "\xff\xfeOK", "appName": "Son\xc3\x28arr", "version": "4.0.\xed\xa0\x80"}')
        if case == "wrong-type":
            return self._send(200, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image/png")
        if case == "empty":
            return self._send(200, b"")
        return self._json(404, {"message": f"no hostile case {case}"})

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle


def serve(server):
    server.serve_forever(poll_interval=0.2)


BOMBS = {}


def gzip_bomb(size):
    """A gzip body inflating to `size` spaces, made once per size: compressing 64 MiB takes the better
    part of a second, which on a busy machine outlasted the client's probe deadline before the first
    byte was sent (the matrix's gzip-bomb case then read as a time-out, not as a body too large)."""
    if size not in BOMBS:
        BOMBS[size] = gzip.compress(b" " * size, compresslevel=9)
    return BOMBS[size]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--extra-tls", action="append", default=[], metavar="NAME:CERT:KEY")
    args = parser.parse_args()

    ThreadingHTTPServer.daemon_threads = True
    http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    other = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    https = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)
    https.socket = context.wrap_socket(https.socket, server_side=True)
    PORTS.update(http=http.server_port, https=https.server_port, other=other.server_port)
    servers = [http, other, https]
    extra = []
    for spec in args.extra_tls:
        name, cert, key = spec.split(":")
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        extra_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        extra_context.load_cert_chain(cert, key)
        server.socket = extra_context.wrap_socket(server.socket, server_side=True)
        servers.append(server)
        extra.append(f"{name}={server.server_port}")

    for server in servers:
        threading.Thread(target=serve, args=(server,), daemon=True).start()
    gzip_bomb(67108864)  # the hostile matrix's bomb, made before READY
    print(" ".join([f"READY http={PORTS['http']} https={PORTS['https']} other={PORTS['other']}"] + extra), flush=True)
    try:
        sys.stdin.read()  # runs until the test closes our stdin
    finally:
        for server in servers:
            server.shutdown()


if __name__ == "__main__":
    main()
