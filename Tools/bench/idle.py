#!/usr/bin/python3
"""Idle cost of the release binary: CPU seconds per minute and frames drawn while nothing changes.

Usage: idle.py BINARY SECONDS
Starts Switchyard with an empty profile (the welcome page: nothing to refresh), waits until its
window is up, then reads its CPU time (/proc) over SECONDS. Run inside scripts/test-session.sh.
"""
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
    before, start = cpu(), time.monotonic()
    time.sleep(seconds)  # the measurement window itself: this is a benchmark, not a test
    used, elapsed = cpu() - before, time.monotonic() - start
    print(f"idle welcome page: {used:.2f} s CPU in {elapsed:.0f} s = {used * 60 / elapsed:.2f} s per minute (target <= 0.2)")
finally:
    app.kill()
    app.wait()
