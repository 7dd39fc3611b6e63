#!/usr/bin/python3
"""One remote's run against a real Transmission, measured from outside the program so that any
client is measured the same way (the side-by-side benchmark; Tools/bench/ui.sh side-by-side).

Usage: remote.py DAEMON_PORT REPORT SECONDS SETUP -- PROGRAM [ARGS...]
  (STALL_SECONDS, default 30: the second phase, with pings)
  Starts a relay in front of the daemon, runs SETUP (a shell command; {port} is the relay's port)
  to point the program's profile at it, launches PROGRAM, and watches it with xprobe
  (Tools/bench/xprobe.c: DAMAGE events and _NET_WM_PING round trips):
  - startToPaintedSeconds: launch → the first frame painted after the first full list arrived
    (the first answer over 50 KB, to its last byte);
  - cpuSecondsPerMinute, rssAfter60sMB: /proc, from that paint for SECONDS (no pings: answering
    them costs the program CPU);
  - bytesPerRefresh*: bytes from the daemon per refresh (a refresh starts with a torrent-get);
  - stallPerRefresh*: then pings every 5 ms for STALL_SECONDS: the longest round trip in each refresh;
  - newConnections: TCP connections opened after the paint, per minute;
  - framesAfterPaint: frames drawn (DAMAGE events) from a second after the paint to the end.
Writes one JSON object to REPORT.
"""
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

root = os.path.dirname(os.path.abspath(__file__))


class Relay:
    def __init__(self, target):
        self.target = target
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.lock = threading.Lock()
        self.requests = []     # times (ms) a torrent-get was sent
        self.chunks = []       # (time ms, bytes) from the daemon
        self.connections = []  # times connections were opened
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.server.accept()
            upstream = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.connections.append(now())
            threading.Thread(target=self.pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, False), daemon=True).start()

    def pump(self, source, sink, outgoing):
        try:
            while True:
                data = source.recv(262144)
                if not data:
                    break
                with self.lock:
                    if outgoing:
                        if b"torrent-get" in data:
                            self.requests.append(now())
                    else:
                        self.chunks.append((now(), len(data)))
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


T0 = time.monotonic() * 1000
# The first answer this large is the full list (2,000 torrents are ~1 MB, ~150 KB gzipped; a
# refresh of the recently active ones is a few KB).
FULL_LIST_BYTES = 50_000


def now():
    return time.monotonic() * 1000 - T0


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0


def main():
    split = sys.argv.index("--")
    daemon_port, report, seconds, setup = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    program = sys.argv[split + 1:]
    relay = Relay(daemon_port)
    subprocess.run(setup.replace("{port}", str(relay.port)), shell=True, check=True, stdout=subprocess.DEVNULL)
    probe_out = report + ".xprobe"
    launched = now()
    child = subprocess.Popen(program, stdout=subprocess.DEVNULL, stderr=open(report + ".log", "w"))
    probe = subprocess.Popen([os.environ.get("XPROBE", "xprobe"), str(child.pid), probe_out, f"{T0 + launched:.1f}"])

    def events():
        try:
            lines = open(probe_out).read().splitlines()
        except FileNotFoundError:
            return [], []
        damage = [float(line.split()[1]) for line in lines if line.startswith("D ")]
        pings = [(float(line.split()[1]), float(line.split()[2])) for line in lines if line.startswith("P ")]
        return damage, pings

    # The first full list: the first refresh whose answer passes 100 KB, to its last byte.
    painted = None
    deadline = time.monotonic() + 120
    while painted is None and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.02)
        with relay.lock:
            requests, chunks = list(relay.requests), list(relay.chunks)
        for index, start in enumerate(requests):
            end = requests[index + 1] if index + 1 < len(requests) else float("inf")
            window = [(t, size) for t, size in chunks if start <= t < end]
            if sum(size for _, size in window) > FULL_LIST_BYTES and (end != float("inf") or now() - window[-1][0] > 300):
                last = window[-1][0]
                after = [t for t in events()[0] if t >= last]
                if after:
                    painted = after[0]
                break
    if painted is None:
        with relay.lock:
            print(f"remote bench: torrent-get sent at {[round(t) for t in relay.requests][:10]}; "
                  f"{len(relay.chunks)} chunks, {sum(size for _, size in relay.chunks)} bytes; "
                  f"connections at {[round(t) for t in relay.connections]}; damage at {events()[0][:5]}…{events()[0][-3:]}", file=sys.stderr)
        child.kill()
        probe.terminate()
        sys.exit(f"remote bench: {program[0]} never painted a full list (log: {report}.log)")
    cpu_at_paint = cpu_seconds(child.pid)
    time.sleep(seconds)  # a benchmark's measurement window
    cpu = cpu_seconds(child.pid) - cpu_at_paint
    rss = rss_mb(child.pid)
    quiet_end = now()
    probe.send_signal(signal.SIGUSR1)
    time.sleep(int(os.environ.get("STALL_SECONDS", "30")))
    child.send_signal(signal.SIGTERM)
    try:
        child.wait(10)
    except subprocess.TimeoutExpired:
        child.kill()
    probe.terminate()
    probe.wait(10)
    damage, pings = events()
    with relay.lock:
        requests, chunks = [t for t in relay.requests if t > painted], list(relay.chunks)
    sizes, stalls = [], []
    for index, start in enumerate(requests[:-1]):
        end = requests[index + 1]
        if end <= quiet_end:
            sizes.append(sum(size for t, size in chunks if start <= t < end))
        elif start >= quiet_end:
            stalls.append(max((latency for sent, latency in pings if start <= sent < end), default=0))
    sizes, stalls = sorted(sizes) or [0], sorted(stalls) or [0]
    result = {
        "program": os.path.basename(program[0]),
        "startToPaintedSeconds": round((painted - launched) / 1000, 3),
        "cpuSecondsPerMinute": round(cpu / seconds * 60, 3),
        "rssAfter60sMB": round(rss, 1),
        "refreshes": len(sizes),
        "refreshesWithPings": len(stalls),
        "bytesPerRefreshMedian": statistics.median(sizes),
        "bytesPerRefreshMax": sizes[-1],
        "stallPerRefreshMaxMs": round(stalls[-1], 1),
        "stallPerRefreshMedianMs": round(statistics.median(stalls), 1),
        "newConnectionsPerMinute": round(sum(1 for t in relay.connections if painted < t <= quiet_end) / seconds * 60, 1),
        "pings": len(pings),
        "framesAfterPaint": sum(1 for t in damage if painted + 1000 < t <= quiet_end),
    }
    json.dump(result, open(report, "w"))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
