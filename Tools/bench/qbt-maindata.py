#!/usr/bin/python3
"""Synthetic qBittorrent sync/maindata for the merge benchmark.

Usage: qbt-maindata.py COUNT DIFFS CHANGE_FRACTION OUTDIR
Writes OUTDIR/full.json (rid 1, full_update) and OUTDIR/diff-001.json … (each changes
CHANGE_FRACTION of the torrents' progress/speeds/state, as qBittorrent's diffs do) and
OUTDIR/full-after.json, the full snapshot a fresh client would get after the last diff.
"""
import json
import os
import random
import sys

STATES = ["downloading", "stalledDL", "uploading", "stalledUP", "pausedUP", "queuedDL"]


def torrent(rng, index):
    size = rng.randint(100_000_000, 20_000_000_000)
    progress = rng.random()
    return {"added_on": 1768400000 + index, "amount_left": int(size * (1 - progress)), "auto_tmm": False,
            "availability": -1, "category": rng.choice(["fixture-tv", "fixture-movies", ""]), "completed": int(size * progress),
            "completion_on": -1, "content_path": f"/data/fixture/{index}", "dl_limit": -1, "dlspeed": rng.randint(0, 5_000_000),
            "download_path": "", "downloaded": int(size * progress), "downloaded_session": 0, "eta": rng.randint(0, 8640000),
            "f_l_piece_prio": False, "force_start": False, "infohash_v1": "%040x" % index, "infohash_v2": "",
            "last_activity": 1768485000, "magnet_uri": f"magnet:?xt=urn:btih:{index:040x}&dn=fixture", "max_ratio": -1,
            "max_seeding_time": -1, "name": f"Fixture.Torrent.{index}.1080p", "num_complete": 0, "num_incomplete": 0,
            "num_leechs": 0, "num_seeds": 0, "priority": index, "progress": progress, "ratio": 0, "ratio_limit": -2,
            "save_path": "/data/fixture", "seeding_time": 0, "seeding_time_limit": -2, "seen_complete": -1,
            "seq_dl": False, "size": size, "state": rng.choice(STATES), "super_seeding": False, "tags": "",
            "time_active": 100, "total_size": size, "tracker": "", "trackers_count": 0, "up_limit": -1, "uploaded": 0,
            "uploaded_session": 0, "upspeed": rng.randint(0, 1_000_000)}


def main():
    count, diffs, fraction, out = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20260115)
    torrents = {f"{index:040x}": torrent(rng, index) for index in range(count)}
    server = {"dl_info_speed": 1000, "up_info_speed": 10, "free_space_on_disk": 800000000000, "connection_status": "connected"}
    with open(f"{out}/full.json", "w") as handle:
        json.dump({"rid": 1, "full_update": True, "torrents": torrents, "categories": {}, "tags": [],
                   "server_state": server}, handle, separators=(",", ":"))
    hashes = list(torrents)
    for number in range(1, diffs + 1):
        changed = {}
        for hash in rng.sample(hashes, int(count * fraction)):
            delta = {"progress": rng.random(), "dlspeed": rng.randint(0, 5_000_000), "eta": rng.randint(0, 8640000)}
            if rng.random() < 0.2:
                delta["state"] = rng.choice(STATES)
            torrents[hash].update(delta)
            changed[hash] = delta
        server["dl_info_speed"] = rng.randint(0, 10_000_000)
        with open(f"{out}/diff-{number:03d}.json", "w") as handle:
            json.dump({"rid": number + 1, "torrents": changed, "server_state": {"dl_info_speed": server["dl_info_speed"]}},
                      handle, separators=(",", ":"))
    with open(f"{out}/full-after.json", "w") as handle:
        json.dump({"rid": diffs + 2, "full_update": True, "torrents": torrents, "server_state": server}, handle,
                  separators=(",", ":"))


if __name__ == "__main__":
    main()
