#!/usr/bin/python3
"""The `live` UI benchmark's service side (Tools/bench/ui.sh live).

Usage: live.py FIXTURE_PORT REPORT MODE PORT_FILE
  Relays the app's connections to the fixture Sonarr through 127.0.0.1 (its port written to
  PORT_FILE), counting the bytes both ways. When the app asks for a round (a file REPORT.round-N),
  after a random 0–5 s (the same sequence in both modes), one download leaves the queue, the time of the change is written to REPORT.changed-N, and with
  MODE=live the hub pushes a queue sync (Sonarr does after its own queue refresh; MODE=polling has
  no hub). When the app says it is idle (REPORT.idle), counts a minute of the bytes and connections
  between it and the service and writes them to REPORT.bytes as JSON.
"""
import asyncio
import json
import os
import random
import sys
import time
import urllib.request

FIXTURE, REPORT, MODE, PORT_FILE = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
KEY = "fixture-bench-key"
counted = {"up": 0, "down": 0, "connections": 0}


async def pipe(reader, writer, direction):
    try:
        while data := await reader.read(65536):
            counted[direction] += len(data)
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def relay(client_reader, client_writer):
    counted["connections"] += 1
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", FIXTURE)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, server_writer, "up"), pipe(server_reader, client_writer, "down"))


def call(method, path):
    request = urllib.request.Request(f"http://127.0.0.1:{FIXTURE}{path}", method=method, headers={"X-Api-Key": KEY})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.read()


def wait_for(path):
    while not os.path.exists(path):
        time.sleep(0.02)


def drive():
    # Changes come at random moments, not just after the app's last refresh (with polling every
    # 5 s that would always be the worst case): each waits 0–5 s, the same waits in both modes.
    rng = random.Random(20261201)
    round = 1
    while True:
        while not os.path.exists(f"{REPORT}.round-{round}"):
            if os.path.exists(f"{REPORT}.idle"):
                return
            time.sleep(0.02)
        time.sleep(rng.uniform(0, 5))
        records = json.loads(call("GET", "/api/v3/queue/details"))
        groups = {}
        for record in records:
            groups.setdefault(record.get("downloadId") or record["title"], []).append(record["id"])
        # The time of the change, written before it is made (a poll may see it at once).
        with open(f"{REPORT}.changed-{round}.tmp", "w") as handle:
            handle.write(repr(time.time()))
        os.rename(f"{REPORT}.changed-{round}.tmp", f"{REPORT}.changed-{round}")
        for record_id in list(groups.values())[-1]:  # one download: every record of it
            call("DELETE", f"/api/v3/queue/{record_id}?removeFromClient=false&blocklist=false&skipRedownload=false&changeCategory=false")
        if MODE == "live":
            call("GET", "/__push?name=queue&action=sync")
        round += 1


def idle_minute():
    wait_for(f"{REPORT}.idle")
    before = dict(counted)
    time.sleep(60)
    after = dict(counted)
    with open(f"{REPORT}.bytes", "w") as handle:
        json.dump({"mode": MODE, "bytesPerMinute": after["up"] + after["down"] - before["up"] - before["down"],
                   "bytesUp": after["up"] - before["up"], "bytesDown": after["down"] - before["down"],
                   "newConnections": after["connections"] - before["connections"]}, handle)


async def main():
    server = await asyncio.start_server(relay, "127.0.0.1", 0)
    with open(PORT_FILE + ".tmp", "w") as handle:
        handle.write(str(server.sockets[0].getsockname()[1]))
    os.rename(PORT_FILE + ".tmp", PORT_FILE)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, drive)
    await loop.run_in_executor(None, idle_minute)
    server.close()


asyncio.run(main())
