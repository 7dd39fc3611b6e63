#!/usr/bin/python3
"""Idle cost of the release binary: CPU seconds per minute and frames drawn while nothing changes.

Usage: idle.py BINARY SECONDS
Starts Switchyard with an empty profile (the welcome page: nothing to refresh), waits until its
window is up, then reads its CPU time (/proc) over SECONDS. Run inside scripts/test-session.sh.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

binary, seconds = sys.argv[1], float(sys.argv[2])
profile = tempfile.mkdtemp(prefix="switchyard-idle-")
env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(profile, "config"), XDG_CACHE_HOME=os.path.join(profile, "cache"))
app = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
ticks = os.sysconf("SC_CLK_TCK")


def cpu():
    with open(f"/proc/{app.pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


try:
    # Up when the accessibility tree shows the window (a11y-dump waits for a stable tree).
    subprocess.run(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "..", "a11y-dump.py"), "switchyard", "60"],
                   stdout=subprocess.DEVNULL, check=True)
    # Frames drawn: X DAMAGE events on its window (Tools/bench/xprobe.c), counted after a settling second.
    frames = None
    if os.environ.get("XPROBE"):
        watch = os.path.join(profile, "xprobe")
        probe = subprocess.Popen([os.environ["XPROBE"], str(app.pid), watch, f"{time.monotonic() * 1000:.1f}"])
        time.sleep(1)
    before, start = cpu(), time.monotonic()
    time.sleep(seconds)  # the measurement window itself: this is a benchmark, not a test
    used, elapsed = cpu() - before, time.monotonic() - start
    if os.environ.get("XPROBE"):
        probe.terminate()
        probe.wait()
        frames = sum(1 for line in open(watch) if line.startswith("D ") and float(line.split()[1]) >= 1000)
    print(f"idle welcome page: {used:.2f} s CPU in {elapsed:.0f} s = {used * 60 / elapsed:.2f} s per minute (target <= 0.2); "
          f"frames drawn: {frames if frames is not None else 'not counted'}")
    if os.environ.get("SWITCHYARD_BENCH_RESULTS"):
        with open(os.path.join(os.environ["SWITCHYARD_BENCH_RESULTS"], "idle-empty.json"), "w") as handle:
            json.dump({"cpuSecondsPerMinute": used * 60 / elapsed, "frames": frames}, handle)
finally:
    app.kill()
    app.wait()
