#!/usr/bin/python3
"""A counting HTTP proxy on 127.0.0.1 for the lockout and canary tests.

Usage: counting-proxy.py TARGET_PORT
Listens on a free loopback port, prints "READY port=PORT", forwards every
request to 127.0.0.1:TARGET_PORT and remembers it: method, the full path with
its query, the status returned, and whether it was a sign-in. Control paths
(never forwarded):

  /__proxy/requests      JSON list of {"method", "url", "status", "login", "connection", "body"}
                         ("connection" numbers the client's TCP connection: reuse shows as one number;
                         "body" is the request body as text, left out of sign-ins)
  /__proxy/expire-next   the next forwarded non-login request answers 403 (an expired session)
  /__proxy/unavailable-next  the next non-login request answers 503 without reaching the daemon
  /__proxy/drop-next     the next non-login request reaches the daemon, then its connection is
                         closed without an answer (the daemon acted; the client cannot know)
  /__proxy/down          every request is dropped without an answer (a daemon restarting)
  /__proxy/up            forwarding again

Runs until its stdin closes. Never contacts anything but the target port.
"""
import http.client
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TARGET = int(sys.argv[1])
LOCK = threading.Lock()
SEEN = []
STATE = {"expire_next": False, "down": False, "connections": 0, "unavailable_next": False, "drop_next": False}
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def is_login(method, url, body):
    return (method == "POST" and url.startswith("/api/v2/auth/login")) or b'"auth.login"' in body


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def setup(self):  # once per accepted TCP connection
        super().setup()
        with LOCK:
            STATE["connections"] += 1
            self.connection_number = STATE["connections"]

    def _reply(self, code, body, content_type="application/json"):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _handle(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if self.path.startswith("/__proxy/"):
            command = self.path[len("/__proxy/"):]
            with LOCK:
                if command == "requests":
                    return self._reply(200, json.dumps(SEEN).encode())
                if command == "expire-next":
                    STATE["expire_next"] = True
                elif command == "unavailable-next":
                    STATE["unavailable_next"] = True
                elif command == "drop-next":
                    STATE["drop_next"] = True
                elif command == "down":
                    STATE["down"] = True
                elif command == "up":
                    STATE["down"] = False
            return self._reply(200, b"{}")
        login = is_login(self.command, self.path, body)
        text = "" if login else body.decode("utf-8", "replace")
        with LOCK:
            down = STATE["down"]
            expire = STATE["expire_next"] and not login
            if expire:
                STATE["expire_next"] = False
            unavailable = STATE["unavailable_next"] and not login
            if unavailable:
                STATE["unavailable_next"] = False
            drop = STATE["drop_next"] and not login
            if drop:
                STATE["drop_next"] = False
        if down:
            with LOCK:
                SEEN.append({"method": self.command, "url": self.path, "status": 0, "login": login,
                             "connection": self.connection_number, "body": text})
            self.close_connection = True
            self.connection.close()
            return None
        if expire or unavailable:
            with LOCK:
                SEEN.append({"method": self.command, "url": self.path, "status": 403 if expire else 503, "login": login,
                             "connection": self.connection_number, "body": text})
            if expire:
                return self._reply(403, b"Forbidden", "text/plain")
            return self._reply(503, b"Service Unavailable", "text/plain")
        upstream = http.client.HTTPConnection("127.0.0.1", TARGET, timeout=30)
        # Transparent to the daemon: Host (and Origin/Referer, if sent) name the daemon itself, as a
        # well-configured reverse proxy does; qBittorrent refuses a Host with another port.
        mine, theirs = f"127.0.0.1:{self.server.server_port}", f"127.0.0.1:{TARGET}"
        headers = {k: v.replace(mine, theirs) for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        headers["Host"] = theirs
        upstream.request(self.command, self.path, body=body or None, headers=headers)
        response = upstream.getresponse()
        data = response.read()
        with LOCK:
            SEEN.append({"method": self.command, "url": self.path, "status": 0 if drop else response.status, "login": login,
                         "connection": self.connection_number, "body": text})
        upstream.close()
        if drop:
            self.close_connection = True
            self.connection.close()
            return None
        self.send_response(response.status)
        for name, value in response.getheaders():
            if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        return None

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle


def main():
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True).start()
    print(f"READY port={server.server_port}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
