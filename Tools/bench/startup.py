#!/usr/bin/env python3
"""Start-up benchmark: launch → first painted frame, and launch → exit.

Runs each command RUNS times, interleaved, after one warm-up each, and prints
the medians and spread in milliseconds plus the ratio to the first (baseline)
command. The first-frame clock: each program is given SWITCHYARD_BENCH_T0 (this
launcher's CLOCK_MONOTONIC just before the launch, in ns) and prints
"first-frame-ms N" when its first frame is painted.
Usage: startup.py RUNS NAME=COMMAND [NAME=COMMAND …]
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import time


def timed(command):
    """(launch → first frame, launch → exit) in ms."""
    start = time.monotonic_ns()
    environment = dict(os.environ, SWITCHYARD_BENCH_T0=str(start))
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60, env=environment)
    elapsed = (time.monotonic_ns() - start) / 1e6
    if result.returncode != 0:
        sys.exit(f"startup: {command[0]} exited {result.returncode}: {result.stderr.decode()[-400:]}")
    frame = [float(line.split()[1]) for line in result.stdout.decode().splitlines() if line.startswith("first-frame-ms ")]
    if not frame:
        sys.exit(f"startup: {command[0]} did not report its first frame")
    return frame[0], elapsed


def main():
    runs = int(sys.argv[1])
    commands = [(name, shlex.split(cmd)) for name, cmd in (arg.split("=", 1) for arg in sys.argv[2:])]
    samples = {name: [] for name, _ in commands}
    for _, command in commands:
        timed(command)  # warm-up: font and icon caches
    for _ in range(runs):
        for name, command in commands:
            samples[name].append(timed(command))
    results = {}
    for index, what in ((0, "launch → first frame"), (1, "launch → exit")):
        baseline = statistics.median(sample[index] for sample in samples[commands[0][0]])
        print(f"{what:<40}{'median ms':>10}{'min':>8}{'max':>8}{'ratio':>8}")
        for name, _ in commands:
            values = [sample[index] for sample in samples[name]]
            median = statistics.median(values)
            print(f"  {name:<38}{median:>10.1f}{min(values):>8.1f}{max(values):>8.1f}{median / baseline:>8.2f}")
            results.setdefault(name, {})["firstFrameMs" if index == 0 else "exitMs"] = median
            results[name]["firstFrameRatio" if index == 0 else "exitRatio"] = median / baseline
    if os.environ.get("SWITCHYARD_BENCH_RESULTS"):
        with open(os.path.join(os.environ["SWITCHYARD_BENCH_RESULTS"], "startup.json"), "w") as handle:
            json.dump(results, handle)


if __name__ == "__main__":
    main()
