#!/usr/bin/python3
"""make bench's last word: every performance target (issue 22's table) against what this run
measured, from the reports the steps left in RESULTS_DIR. A row whose report is missing says so.
Usage: table.py RESULTS_DIR"""
import json
import os
import statistics
import sys

results = sys.argv[1]


def load(name):
    path = os.path.join(results, name + ".json")
    return json.load(open(path)) if os.path.exists(path) else None


def runs(prefix):
    found = [load(f"{prefix}-{n}") for n in range(1, 10)]
    return [run for run in found if run]


rows = []


def row(measure, target, measured, met):
    rows.append((measure, target, measured, "yes" if met else ("no" if met is not None else "?")))


def fmt(value, unit="", digits=2):
    return "missing" if value is None else f"{value:.{digits}f}{unit}"


downloads = load("downloads-cpu")
probe = load("downloads-probe")
ours, theirs = runs("side-switchyard"), runs("side-trg")
bare = load("bare")


def median(items, key):
    return statistics.median(item[key] for item in items) if items else None


cpu = downloads and downloads["cpuSecondsPerMinute" if "cpuSecondsPerMinute" in downloads else "cpuSecondsIn60s"]
side_cpu, trg_cpu = median(ours, "cpuSecondsPerMinute"), median(theirs, "cpuSecondsPerMinute")
row("Downloads 2,000: CPU per minute", "<= 1.5 s; <= 0.1x trg",
    f"{fmt(cpu, ' s')} (in-app); side by side {fmt(side_cpu, ' s')} vs trg {fmt(trg_cpu, ' s')} = {fmt(side_cpu / trg_cpu if side_cpu and trg_cpu else None, 'x')}",
    None if cpu is None or side_cpu is None or not trg_cpu else cpu <= 1.5 and side_cpu <= 1.5 and side_cpu / trg_cpu <= 0.1)
rss = downloads and downloads.get("rssAfter60sMB")
side_rss, trg_rss = median(ours, "rssAfter60sMB"), median(theirs, "rssAfter60sMB")
row("Downloads 2,000: RSS after 60 s", "<= a plain C GtkColumnView of 2,000 x 8 + 15 MB",
    f"{fmt(rss, ' MB', 1)} (side by side {fmt(side_rss, ' MB', 1)}; trg {fmt(trg_rss, ' MB', 1)}); bare window {fmt(bare and bare['rssMB'], ' MB', 1)}"
    + (f"; the plain 2,000 x 8 GtkColumnView: {bare['tableRssMB']:.1f} MB" if bare and "tableRssMB" in bare else ""),
    None if rss is None or not bare or "tableRssMB" not in bare else rss <= bare["tableRssMB"] + 15)
stalls = [probe["stallPerRefreshMaxMs"]] if probe else []
outside = [run["stallPerRefreshMaxMs"] for run in ours]
row("Downloads 2,000: longest stall per refresh", "<= 16 ms every run",
    f"{fmt(max(stalls) if stalls else None, ' ms', 1)} (in-app probe; first load's frames {fmt(probe and probe.get('stallFirstLoadMs'), ' ms', 1)}); from outside (ping) {', '.join(fmt(s, '', 1) for s in outside) or 'missing'} ms; trg {fmt(median(theirs, 'stallPerRefreshMaxMs'), ' ms', 1)}",
    None if not stalls else max(stalls + outside) <= 16)
big = load("downloads10k")
row("Downloads 10,000: start → painted / CPU per minute / longest stall", "<= 1.0 s / <= 4 s / <= 16 ms",
    "missing" if not big else f"{big['startToPaintedSeconds']:.2f} s / {big['cpuSecondsPerMinute']:.2f} s / {big['stallPerRefreshMaxMs']:.1f} ms "
                              f"(median {big['stallPerRefreshMedianMs']:.1f}, {big['refreshesOver16Ms']} of {big.get('refreshesStallMeasured', big['refreshes'])} over 16; "
                              f"first load's frames {fmt(big.get('stallFirstLoadMs'), ' ms', 1)})",
    None if not big else big["startToPaintedSeconds"] <= 1.0 and big["cpuSecondsPerMinute"] <= 4 and big["stallPerRefreshMaxMs"] <= 16)
row("Downloads 10,000: typing into the filter, longest stall per keystroke", "<= 16 ms",
    "missing" if not big or "filterStallMaxMs" not in big else
    f"{big['filterStallMaxMs']:.1f} ms over {big['filterKeystrokes']} keystrokes (narrowing: max {max(big['filterStallNarrowingMs']):.1f}; "
    f"widening: max {max(big['filterStallWideningMs']):.1f}; rows shown {big['filterRowsShown'][0]} → {min(big['filterRowsShown'])}"
    + (f"; main thread's CPU in the longest: {max(big['filterStallCPUMs']):.1f} ms" if "filterStallCPUMs" in big else "") + ")",
    None if not big or "filterStallMaxMs" not in big else big["filterStallMaxMs"] <= 16)
row("Downloads 10,000: a header clicked, longest stall to the list painted in its order", "<= 50 ms",
    "missing" if not big or "sortClickStallMaxMs" not in big else
    f"{big['sortClickStallMaxMs']:.1f} ms (Down, Size, Name, Down: {', '.join(f'{s:.1f}' for s in big['sortClickStallMs'])} ms)",
    None if not big or "sortClickStallMaxMs" not in big else big["sortClickStallMaxMs"] <= 50)
row("Downloads 10,000: a refresh at 5 % churn while sorted by download speed, longest stall", "<= 16 ms",
    "missing" if not big or "sortedRefreshStallMaxMs" not in big else
    f"{big['sortedRefreshStallMaxMs']:.1f} ms over {len(big['sortedRefreshStallMs'])} refreshes ({', '.join(f'{s:.1f}' for s in big['sortedRefreshStallMs'])})",
    None if not big or "sortedRefreshStallMaxMs" not in big else big["sortedRefreshStallMaxMs"] <= 16)
singles = {name: load(f"clients-{name}-cpu") for name in ("qbittorrent", "transmission", "deluge", "nzbget", "sabnzbd")}
together, together_probe = load("clients-all-cpu"), load("clients-all-probe")
if all(singles.values()) and together and together_probe:
    total = sum(run["cpuSecondsPerMinute"] for run in singles.values())
    row("Five clients: CPU per minute together vs each alone", "<= 1.2x the sum; <= 0.5 s",
        f"{together['cpuSecondsPerMinute']:.2f} s together vs sum {total:.2f} s = {together['cpuSecondsPerMinute'] / total:.2f}x ("
        + ", ".join(f"{name} {run['cpuSecondsPerMinute']:.2f}" for name, run in singles.items())
        + f"); longest stall per refresh together {together_probe['stallPerRefreshMaxMs']:.1f} ms",
        together["cpuSecondsPerMinute"] <= 1.2 * total and together["cpuSecondsPerMinute"] <= 0.5)
else:
    row("Five clients: CPU per minute together vs each alone", "<= 1.2x the sum; <= 0.5 s", "missing", None)
library = runs("library")
refresh = [run["stallDuringRefreshMs"] for run in library]
scrolling = [run["stallWhileScrollingMs"] for run in library]
first = [run.get("stallFirstLoadAfterArrivalMs", 0) for run in library]
row("Library 20,000: longest stall during refresh / while scrolling", "<= 50 ms / <= 16 ms",
    "missing" if not library else f"{', '.join(f'{s:.0f}' for s in refresh)} ms / {', '.join(f'{s:.0f}' for s in scrolling)} ms"
    f" (first load, from its arrival: {', '.join(f'{s:.0f}' for s in first)} ms)",
    None if not library else max(refresh) <= 50 and max(first) <= 50 and max(scrolling) <= 16)
music = runs("music")
music_shown = ", ".join(str(round(run["shownMs"])) for run in music)
music_scroll = ", ".join(f"{run['stallWhileScrollingMs']:.0f}" for run in music)
music_refresh = ", ".join(f"{run['stallDuringRefreshMs']:.0f}" for run in music)
row("Music 5,000 artists: painted after arrival; longest stall scrolling / refresh", "<= 16 ms / <= 50 ms",
    "missing" if not music else f"{music_shown} ms; {music_scroll} ms / {music_refresh} ms",
    None if not music else max(run["stallWhileScrollingMs"] for run in music) <= 16 and max(run["stallDuringRefreshMs"] for run in music) <= 50)
search = load("search")
row("Prowlarr search, 1,000 results from 20 indexers: last answer to painted; longest stall while streaming", "<= 300 ms / <= 16 ms",
    "missing" if not search else f"{', '.join(str(round(v)) for v in search['searchShownMs'])} ms (every row in the list: "
    f"{', '.join(str(round(v)) for v in search['searchAllRowsMs'])} ms); {', '.join(f'{v:.0f}' for v in search['searchStreamStallMs'])} ms",
    None if not search else max(search["searchShownMs"]) <= 300 and search["searchStreamStallMaxMs"] <= 16)
startup = load("startup")
if startup:
    names = list(startup)
    ratios = [(name, startup[name]["firstFrameRatio"]) for name in names[1:]]
    row("Start → first frame", "<= 1.2x bare GTK 4 window",
        "; ".join(f"{name}: {startup[name]['firstFrameMs']:.0f} ms = {ratio:.2f}x" for name, ratio in ratios)
        + f" (bare {startup[names[0]]['firstFrameMs']:.0f} ms)", all(ratio <= 1.2 for _, ratio in ratios))
else:
    row("Start → first frame", "<= 1.2x bare GTK 4 window", "missing", None)
soak = load("soak")
row("Soak: RSS growth", "<= 5 MB per hour",
    "missing" if not soak else f"{soak['rssGrowthMBPerHour']:.1f} MB/h over {soak['seconds'] // 60} min "
                               f"({soak['rssPerMinuteMB'][0]:.0f} → {soak['rssAtEndMB']:.0f} MB); stalls per refresh p50 "
                               f"{soak['stallPerRefreshMedianMs']:.1f}, p95 {soak['stallPerRefreshP95Ms']:.1f}, p99 {soak['stallPerRefreshP99Ms']:.1f}, "
                               f"max {soak['stallPerRefreshMaxMs']:.1f} ms ({soak['refreshesOver16Ms']} of {soak['refreshes']} over 16)",
    None if not soak else soak["rssGrowthMBPerHour"] <= 5)
empty, full = load("idle-empty"), load("idle-2000")
row("Idle: CPU per minute, frames drawn (empty; 2,000)", "<= 0.2 s; no frame",
    f"{fmt(empty and empty['cpuSecondsPerMinute'], ' s')}, {empty and empty['frames']} frames; "
    f"{fmt(full and full['cpuSecondsPerMinute'], ' s')}, {full and full['framesAfterPaint']} frames",
    None if not empty or not full else empty["cpuSecondsPerMinute"] <= 0.2 and full["cpuSecondsPerMinute"] <= 0.2
    and not empty["frames"] and not full["framesAfterPaint"])
connections = [run["newConnectionsPerMinute"] for run in ours + ([full] if full else [])]
row("Connections at steady state", "<= 1 new per service per minute",
    f"{', '.join(f'{c:g}' for c in connections) or 'missing'} per minute (trg {fmt(median(theirs, 'newConnectionsPerMinute'), '', 1)})",
    None if not connections else max(connections) <= 1)
speed = load("speed-history")
row("Speed history: one sample / 30 days on disk", "<= 0.05 ms / <= 5 MB per client",
    "missing" if not speed else f"{speed['msPerSample'] * 1000:.2f} µs per sample over {speed['samples']:,}; {speed['fileBytes'] / 1024:.0f} KB; "
    f"read back in {speed['decodeMs']:.2f} ms; a 30-day graph's {speed['graphPoints']:,} points in {speed['graphPointsMs']:.3f} ms",
    None if not speed else speed["msPerSample"] <= 0.05 and speed["fileBytes"] <= 5 * 1024 * 1024)
graph = (load("graph") or {}).get("graph")
row("Speed graph: a redraw of 30 days (layout + draw, 520 x 140)", "<= 4 ms",
    "missing" if not graph else "; ".join(
        f"{name} {graph[name]['layoutMs'] + graph[name]['drawMsMedian']:.2f} ms ({graph[name]['points']:,} points: layout {graph[name]['layoutMs']:.2f}, "
        f"draw median {graph[name]['drawMsMedian']:.2f}, slowest {graph[name]['drawMsMax']:.2f}, with the readout {graph[name]['drawWithReadoutMsMedian']:.2f})"
        for name in ("month", "day", "hour")),
    None if not graph else graph["month"]["layoutMs"] + graph["month"]["drawMsMax"] <= 4)
details = load("details")
d = details or {}
row("Details pane, 10,000 files: first paint of the Files page", "<= 300 ms",
    f"{fmt(d.get('filesFirstPaintMs'), ' ms', 0)} (open to the tree painted; its stall {fmt(d.get('filesFirstPaintStallMs'), ' ms', 1)})",
    None if not details else d["filesFirstPaintMs"] <= 300)
row("Details pane, 10,000 files: folder, scroll, priority on 1,000", "each <= 16 ms stall; the priority one request",
    f"folder of all {fmt(d.get('folderToggleStallMaxMs'), ' ms', 1)}, scroll {fmt(d.get('filesScrollStallMs'), ' ms', 1)}, "
    f"priority on {d.get('filesPicked', '?')} files {fmt(d.get('prioritySetStallMs'), ' ms', 1)} in {d.get('priorityRequests', '?')} request(s), "
    f"read back in {fmt(d.get('priorityReadBackMs'), ' ms', 0)}; later reads of the page {fmt(d.get('filesRefreshStallMaxMs'), ' ms', 1)} (no target)",
    None if not details else max(d["folderToggleStallMaxMs"], d["filesScrollStallMs"], d["prioritySetStallMs"]) <= 16 and d["priorityRequests"] == 1)
row("Details pane: Peers read every second, CPU more than the list alone", "<= 0.3 s per minute; closed: nothing read",
    f"{fmt(d.get('cpuPerMinutePeersExtraSeconds'), ' s')} ({fmt(d.get('cpuPerMinutePeersOpenSeconds'), ' s')} open vs {fmt(d.get('cpuPerMinutePaneClosedSeconds'), ' s')} closed, "
    f"{d.get('peersPageRequests', '?')} peer reads); reads while closed: {d.get('detailReadsWhileClosed', '?')}",
    None if not details else d["cpuPerMinutePeersExtraSeconds"] <= 0.3 and d["detailReadsWhileClosed"] == 0)
doctor = load("doctor")
row("Stack doctor: one pass, 3 orchestrators + 5 clients", "<= 2 s",
    f"median {fmt(doctor and doctor['medianSeconds'] * 1000, ' ms', 0)}, slowest {fmt(doctor and doctor['maxSeconds'] * 1000, ' ms', 0)}, "
    f"cold (sign-ins) {fmt(doctor and doctor['coldSeconds'] * 1000, ' ms', 0)}",
    None if not doctor else doctor["maxSeconds"] <= 2 and doctor["coldSeconds"] <= 2)

width = max(len(r[0]) for r in rows)
target_width = max(len(r[1]) for r in rows)
print(f"{'Measure':<{width}}  {'Target':<{target_width}}  Met  Measured (this run)")
for measure, target, measured, met in rows:
    print(f"{measure:<{width}}  {target:<{target_width}}  {met:<3}  {measured}")
