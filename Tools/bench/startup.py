#!/usr/bin/env python3
"""Start-up benchmark: process start → first painted frame → exit.

Runs each command RUNS times, interleaved, after one warm-up each, and prints
the median and spread in milliseconds plus the ratio to the first (baseline)
command. Usage: startup.py RUNS NAME=COMMAND [NAME=COMMAND …]
"""
import shlex
import statistics
import subprocess
import sys
import time


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    elapsed = (time.perf_counter() - start) * 1000.0
    if result.returncode != 0:
        sys.exit(f"startup: {command[0]} exited {result.returncode}: {result.stderr.decode()[-400:]}")
    return elapsed


def main():
    runs = int(sys.argv[1])
    commands = [(name, shlex.split(cmd)) for name, cmd in (arg.split("=", 1) for arg in sys.argv[2:])]
    samples = {name: [] for name, _ in commands}
    for _, command in commands:
        timed(command)  # warm-up: font and icon caches
    for _ in range(runs):
        for name, command in commands:
            samples[name].append(timed(command))
    baseline = statistics.median(samples[commands[0][0]])
    print(f"{'command':<36}{'median ms':>10}{'min':>8}{'max':>8}{'ratio':>8}")
    for name, _ in commands:
        values = samples[name]
        median = statistics.median(values)
        print(f"{name:<36}{median:>10.1f}{min(values):>8.1f}{max(values):>8.1f}{median / baseline:>8.2f}")


if __name__ == "__main__":
    main()
