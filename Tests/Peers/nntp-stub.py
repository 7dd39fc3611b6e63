#!/usr/bin/python3
"""A tiny NNTP server on 127.0.0.1 that lets NZBGet finish and fail downloads for real.

Usage: nntp-stub.py PORT ARTICLE_DIR
Each file ARTICLE_DIR/<message-id> is an article body (already yEnc-encoded); any other
message-id answers 430, so an NZB that names it fails. Understands what NZBGet sends:
CAPABILITIES, MODE READER, AUTHINFO (accepted), GROUP, ARTICLE, BODY, HEAD, STAT, DATE, QUIT.
"""
import os
import socketserver
import sys
import time

ARTICLES = sys.argv[2] if len(sys.argv) > 2 else "."


class Handler(socketserver.StreamRequestHandler):
    def send(self, line):
        self.wfile.write(line.encode("latin-1") + b"\r\n")

    def handle(self):
        self.send("200 fixture NNTP stub ready")
        for raw in self.rfile:
            parts = raw.decode("latin-1").strip().split()
            if not parts:
                continue
            command = parts[0].upper()
            if command == "QUIT":
                self.send("205 bye")
                return
            if command == "CAPABILITIES":
                for line in ("101 capabilities", "VERSION 2", "READER", "."):
                    self.send(line)
            elif command == "MODE":
                self.send("200 reader mode")
            elif command == "AUTHINFO":
                self.send("281 accepted" if parts[1].upper() == "PASS" else "381 more")
            elif command == "GROUP":
                self.send(f"211 1 1 1 {parts[1] if len(parts) > 1 else ''}")
            elif command == "DATE":
                self.send("111 " + time.strftime("%Y%m%d%H%M%S", time.gmtime()))
            elif command in ("ARTICLE", "BODY", "HEAD", "STAT"):
                message_id = parts[1].strip("<>") if len(parts) > 1 else ""
                path = os.path.join(ARTICLES, message_id)
                if not message_id or "/" in message_id or not os.path.exists(path):
                    self.send("430 no such article")
                    continue
                code = {"ARTICLE": 220, "BODY": 222, "HEAD": 221, "STAT": 223}[command]
                self.send(f"{code} 0 <{message_id}>")
                if command in ("ARTICLE", "HEAD"):
                    self.send(f"Message-ID: <{message_id}>")
                    self.send("Subject: fixture")
                    if command == "ARTICLE":
                        self.send("")
                if command in ("ARTICLE", "BODY"):
                    self.wfile.write(open(path, "rb").read())
                if command != "STAT":
                    self.send(".")
            else:
                self.send("500 unknown command")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


if __name__ == "__main__":
    with Server(("127.0.0.1", int(sys.argv[1])), Handler) as server:
        server.serve_forever()
