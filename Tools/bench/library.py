#!/usr/bin/python3
"""Library decode benchmark: Switchyard's decode + map to domain types against
Python's json.loads on the same bytes, each run in a fresh process.

Usage: library.py RUNS BENCH_BINARY KIND=FILE [KIND=FILE …]   (KIND: movies|series)
Prints one row per payload: size, medians, MB/s, ratio to Python, and peak
memory above the process baseline as a multiple of the payload size.
"""
import statistics
import subprocess
import sys

PYTHON_PROBE = r"""
import json, resource, sys, time
def kib(field):
    for line in open('/proc/self/status'):
        if line.startswith(field + ':'):
            return int(line.split()[1])
baseline = kib('VmRSS')
payload = open(sys.argv[1], 'rb').read()
start = time.perf_counter()
items = len(json.loads(payload))
seconds = time.perf_counter() - start
print(f"items={items} seconds={seconds} baseline_kib={baseline} peak_kib={kib('VmHWM')} payload_bytes={len(payload)}")
"""


def measure(command):
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return {key: float(value) for key, value in (part.split("=") for part in output.split())}


def main():
    runs, binary = int(sys.argv[1]), sys.argv[2]
    print(f"{'payload':<18}{'MB':>7}{'items':>8}{'swift ms':>10}{'python ms':>11}{'ratio':>7}{'MB/s':>8}"
          f"{'swift peak×':>13}{'python peak×':>14}")
    for spec in sys.argv[3:]:
        kind, path = spec.split("=", 1)
        swift, python = [], []
        for _ in range(runs):
            swift.append(measure([binary, kind, path]))
            python.append(measure(["/usr/bin/python3", "-c", PYTHON_PROBE, path]))
        size = swift[0]["payload_bytes"]

        def median(rows, key):
            return statistics.median(row[key] for row in rows)

        def peak(rows):  # memory above baseline, as a multiple of the payload
            return statistics.median((row["peak_kib"] - row["baseline_kib"]) * 1024 / size for row in rows)

        swift_s, python_s = median(swift, "seconds"), median(python, "seconds")
        print(f"{kind + ' ' + str(int(swift[0]['items'])):<18}{size / 1e6:>7.1f}{int(swift[0]['items']):>8}"
              f"{swift_s * 1000:>10.1f}{python_s * 1000:>11.1f}{swift_s / python_s:>7.2f}{size / 1e6 / swift_s:>8.0f}"
              f"{peak(swift):>13.2f}{peak(python):>14.2f}")


if __name__ == "__main__":
    main()
