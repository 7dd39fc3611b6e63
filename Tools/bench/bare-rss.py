#!/usr/bin/python3
"""The memory baseline: a bare C GTK 4 window (Tools/bench/bare-window.c) left open for SECONDS,
then its resident memory, as the Downloads benchmarks read Switchyard's. Then the same window
showing a plain GtkColumnView of 2,000 rows and 8 label columns (BARE_TABLE): what GTK itself costs
for a table the size of the Downloads page, for the breakdown (the target stays the bare window).
Usage: bare-rss.py BARE_WINDOW SECONDS"""
import json
import os
import subprocess
import sys
import time

binary, seconds = sys.argv[1], float(sys.argv[2])
def measure(extra):
    window = subprocess.Popen([binary], env=dict(os.environ, BARE_WINDOW_STAY="1", **extra), stdout=subprocess.DEVNULL)
    try:
        time.sleep(seconds)  # a benchmark's measurement window, not a test's wait
        status = dict(line.split(":", 1) for line in open(f"/proc/{window.pid}/status"))
        return tuple(int(status[field].split()[0]) / 1024 for field in ("VmRSS", "VmHWM"))
    finally:
        window.kill()
        window.wait()


rss, peak = measure({})
print(f"bare C GTK 4 window: RSS {rss:.1f} MB after {seconds:.0f} s (peak {peak:.1f} MB)")
table_rss, table_peak = measure({"BARE_TABLE": "2000"})
print(f"the same with a GtkColumnView of 2,000 rows x 8 label columns: RSS {table_rss:.1f} MB (peak {table_peak:.1f} MB)")
if os.environ.get("SWITCHYARD_BENCH_RESULTS"):
    with open(os.path.join(os.environ["SWITCHYARD_BENCH_RESULTS"], "bare.json"), "w") as handle:
        json.dump({"rssMB": rss, "peakMB": peak, "tableRssMB": table_rss, "tablePeakMB": table_peak}, handle)
