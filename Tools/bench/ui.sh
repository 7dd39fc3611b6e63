#!/usr/bin/env bash
# In-app benchmarks of the real window (see Sources/DesktopApp/Model/BenchmarkProbe.swift).
# Runs inside the test session (Xvfb, private keyring, loopback-only network).
#   Tools/bench/ui.sh library                  20,000 movies from a Radarr fixture server
#   Tools/bench/ui.sh music                    5,000 artists (60,000 albums) from a Lidarr fixture server
#   Tools/bench/ui.sh lookup                   Add Series: 50 lookup results from a Sonarr fixture server, typing
#   Tools/bench/ui.sh search                   the Indexers tab: a search across 20 Prowlarr indexers, 50 results each
#   Tools/bench/ui.sh live                     Activity: a download leaves Sonarr's queue — live (the hub pushes
#                                              queue sync) and polling (no hub); then an idle minute's bytes
#   Tools/bench/ui.sh downloads BULK_RUN_DIR   a real transmission-daemon holding 2,000 torrents
#                                              (Tests/Peers/peers.py bulk), 5 % changing state every 5 s
#   Tools/bench/ui.sh pause BULK_RUN_DIR       the same daemon, no churn: Pause pressed on a selected
#                                              transfer → the row shows the daemon's paused state (10 rounds)
#   Tools/bench/ui.sh side-by-side BULK_RUN_DIR  the same daemon and churn: Switchyard and transmission-remote-gtk
#                                              measured from outside alike (Tools/bench/remote.py), 3 runs each
#   Tools/bench/ui.sh downloads10k             a qBittorrent-shaped server (Tools/bench/qbt-server.py)
#                                              holding 10,000 torrents, 5 % changing every 5 s; then a term
#                                              typed into the filter field and deleted (stall per keystroke)
#   Tools/bench/ui.sh details                  the details pane on a torrent of 10,000 files (the qBittorrent-shaped
#                                              server with 200 torrents): the Files page painted, a folder toggled,
#                                              scrolled, 1,000 files skipped; a minute on the Peers page, one closed
#   Tools/bench/ui.sh soak [MINUTES]           the same server with 2,000 torrents, refreshed every 2 s for
#                                              30 minutes: RSS growth per hour, the stall distribution
#   Tools/bench/ui.sh clients                  five clients: the real qBittorrent, Transmission, Deluge and
#                                              NZBGet peers and a SABnzbd fixture server, the Downloads tab shown
#                                              for 60 s with each alone, then all five together (CPU per minute,
#                                              the longest stall per refresh)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ -z "${SWITCHYARD_SESSION:-}" ]; then exec "$root/scripts/test-session.sh" "$0" "$@"; fi
bin=${SWITCHYARD_BUILD:-$root/.build/release}
work=$(mktemp -d /tmp/switchyard-uibench.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

keep() { # NAME FILE: the report goes to make bench's results (Tools/bench/table.py) when it collects them
  if [ -n "${SWITCHYARD_BENCH_RESULTS:-}" ]; then mkdir -p "$SWITCHYARD_BENCH_RESULTS"; cp "$2" "$SWITCHYARD_BENCH_RESULTS/$1.json"; fi
}

profile() { # fresh config and cache for one run
  export XDG_CONFIG_HOME=$work/config-$1 XDG_CACHE_HOME=$work/cache-$1
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
}

app() { # scenario report [extra env…]
  local scenario=$1 report=$2; shift 2
  env SWITCHYARD_BENCH="$scenario" SWITCHYARD_BENCH_REPORT="$report" "$@" \
    timeout "${app_timeout:-300}" "$bin/switchyard" >"$work/app.log" 2>&1 || { echo "ui bench: the app failed (log in /tmp/switchyard-uibench-app.log):" >&2; cp "$work/app.log" /tmp/switchyard-uibench-app.log; tail -20 "$work/app.log" >&2; exit 1; }
  [ -s "$report" ] || { echo "ui bench: no report" >&2; tail -20 "$work/app.log" >&2; exit 1; }
}

fixture() { # KIND [options…]: starts a fixture server (ends when its stdin, fd 3, closes); sets $port and $server
  local kind=$1; shift
  rm -f "$work/in"; mkfifo "$work/in"
  "$bin/switchyard-fixture-server" --kind "$kind" --api-key fixture-bench-key "$@" <"$work/in" >"$work/server.out" &
  server=$!
  pids+=($server)
  exec 3>"$work/in"
  for _ in $(seq 100); do grep -q READY "$work/server.out" && break; sleep 0.1; done
  port=$(sed -n 's/READY port=//p' "$work/server.out")
  [ -n "$port" ] || { echo "ui bench: the fixture server did not start" >&2; exit 1; }
}

churn() { # PEERS_JSON: 5 % of the torrents change state every 5 s (started, then stopped again), until the script ends
  /usr/bin/python3 - "$1" <<'PY' &
import base64, json, sys, time, urllib.request
state = json.load(open(sys.argv[1])); t = state["transmission"]; hashes = state["hashes"]
auth = base64.b64encode(f"{t['username']}:{t['password']}".encode()).decode(); session = [""]
def call(method, arguments):
    for _ in range(2):
        request = urllib.request.Request(f"http://127.0.0.1:{t['port']}/transmission/rpc",
            json.dumps({"method": method, "arguments": arguments}).encode(),
            {"Authorization": f"Basic {auth}", "X-Transmission-Session-Id": session[0]})
        try:
            return urllib.request.urlopen(request, timeout=5).read()
        except urllib.error.HTTPError as error:
            if error.code != 409: raise
            session[0] = error.headers["X-Transmission-Session-Id"]
step = len(hashes) // 20
for round in range(1000):
    chunk = hashes[(round // 2 * step) % len(hashes):][:step]
    call("torrent-start" if round % 2 == 0 else "torrent-stop", {"ids": chunk})
    time.sleep(5)
PY
  pids+=($!)
}

churn_rtorrent() { # PEERS_JSON: the same churn on rTorrent (d.start / d.stop, each hash in its own call of one system.multicall)
  /usr/bin/python3 - "$1" <<'PY' &
import base64, json, sys, time, urllib.request, xmlrpc.client
state = json.load(open(sys.argv[1])); t = state["rtorrent"]; hashes = state["hashes"]
auth = base64.b64encode(f"{t['username']}:{t['password']}".encode()).decode()
def call(method, *params):
    request = urllib.request.Request(f"http://127.0.0.1:{t['port']}/RPC2", xmlrpc.client.dumps(params, method).encode(),
                                     {"Authorization": f"Basic {auth}", "Content-Type": "text/xml"})
    return urllib.request.urlopen(request, timeout=5).read()
step = len(hashes) // 20
for round in range(1000):
    chunk = hashes[(round // 2 * step) % len(hashes):][:step]
    call("system.multicall", [{"methodName": "d.start" if round % 2 == 0 else "d.stop", "params": [h.upper()]} for h in chunk])
    time.sleep(5)
PY
  pids+=($!)
}

downloads_in() { # KIND NAME PEERS_JSON REPORT: the Downloads tab on one bulk client, with the stall probe, then CPU alone
  local port user password
  read -r port user password < <(/usr/bin/python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))[sys.argv[2]]; print(t["port"], t["username"], t["password"])' "$3" "$1")
  for mode in probe cpu; do
    profile "$4-$mode"
    "$bin/switchyard-demo-setup" --only "$1" "$2" "$port" "$password" "$user" >/dev/null
    if [ $mode = probe ]; then app downloads "$work/$4-$mode.json"
    else app downloads "$work/$4-$mode.json" SWITCHYARD_BENCH_NO_STALL_PROBE=1; fi
    cat "$work/$4-$mode.json"; echo
    keep "$4-$mode" "$work/$4-$mode.json"
  done
}

case ${1:-} in
library)
  /usr/bin/python3 "$root/Tools/servarr-fixtures.py" library movie 20000 "$work/movies.json"
  fixture radarr --fixtures "$root/Fixtures" --library "$work/movies.json"
  for run in $(seq "${LIBRARY_RUNS:-3}"); do
    profile "library-$run"
    "$bin/switchyard-demo-setup" --only radarr "Radarr (20,000 movies)" "$port" fixture-bench-key >/dev/null
    app library "$work/library-$run.json" G_MESSAGES_DEBUG=switchyard
    cat "$work/library-$run.json"; echo; grep "timing:" "$work/app.log" || true
    keep "library-$run" "$work/library-$run.json"
  done
  ;;
music)
  # The Music tab with a Lidarr of 5,000 artists (60,000 albums behind them), as `library` does it.
  /usr/bin/python3 "$root/Tools/servarr-fixtures.py" library artist 5000 "$work/artists.json"
  fixture lidarr --fixtures "$root/Fixtures" --library "$work/artists.json" --albums "$work/artists.json.albums"
  for run in $(seq "${LIBRARY_RUNS:-3}"); do
    profile "music-$run"
    "$bin/switchyard-demo-setup" --only lidarr "Lidarr (5,000 artists)" "$port" fixture-bench-key >/dev/null
    app library "$work/music-$run.json" SWITCHYARD_BENCH_LIBRARY=music G_MESSAGES_DEBUG=switchyard
    cat "$work/music-$run.json"; echo; grep "timing:" "$work/app.log" || true
    keep "music-$run" "$work/music-$run.json"
  done
  ;;
lookup)
  # Add Series against a Sonarr fixture server whose lookup answers 50 series (not in the library).
  cp -r "$root/Fixtures" "$work/fixtures"
  /usr/bin/python3 "$root/Tools/servarr-fixtures.py" lookup series 50 "$work/fixtures/sonarr/series-lookup.json"
  fixture sonarr --fixtures "$work/fixtures"
  for run in 1 2 3; do
    profile "lookup-$run"
    "$bin/switchyard-demo-setup" --only sonarr "Sonarr (lookup of 50)" "$port" fixture-bench-key >/dev/null
    app lookup "$work/lookup-$run.json"
    cat "$work/lookup-$run.json"; echo
  done
  ;;
search)
  # A Prowlarr fixture server with 20 indexers, each answering 50 results after 100 ms (they stream in
  # as the app asks six at a time): 3 rounds in one app.
  fixture prowlarr --fixtures "$root/Fixtures" --indexers 20 --results-per-indexer 50 --latency-ms 100
  profile search
  "$bin/switchyard-demo-setup" --only prowlarr "Prowlarr (20 indexers)" "$port" fixture-bench-key >/dev/null
  app search "$work/search.json"
  cat "$work/search.json"; echo
  keep search "$work/search.json"
  ;;
graph)
  # A speed graph of 30 days (the inspection routes' history): layout and an offscreen redraw per period.
  profile graph
  app graph "$work/graph.json"
  cat "$work/graph.json"; echo
  keep graph "$work/graph.json"
  ;;
live)
  # The Activity tab with a Sonarr fixture server holding 40 downloads, live (its hub pushes a queue
  # sync after each change) and polling (no hub, as Sonarr v3): 20 changes each, then a minute idle.
  # Tools/bench/live.py relays the app's connections (counting bytes) and makes the changes.
  /usr/bin/python3 "$root/Tools/servarr-fixtures.py" queue series 40 "$work/queue.json"
  for mode in live polling; do
    if [ $mode = live ]; then fixture sonarr --fixtures "$root/Fixtures" --queue "$work/queue.json"
    else fixture sonarr --fixtures "$root/Fixtures" --queue "$work/queue.json" --no-hub; fi
    profile "live-$mode"
    report=$work/live-$mode.json
    /usr/bin/python3 "$root/Tools/bench/live.py" "$port" "$report" $mode "$work/relay-$mode.port" &
    driver=$!
    pids+=($driver)
    for _ in $(seq 100); do [ -s "$work/relay-$mode.port" ] && break; sleep 0.1; done
    "$bin/switchyard-demo-setup" --only sonarr "Sonarr ($mode)" "$(cat "$work/relay-$mode.port")" fixture-bench-key >/dev/null
    app live "$report"
    wait $driver || true
    exec 3>&-
    wait $server 2>/dev/null || true
    echo "$mode: $(cat "$report")"
    echo "$mode idle: $(cat "$report.bytes" 2>/dev/null || echo '{}')"
  done
  /usr/bin/python3 - "$work/live-live.json" "$work/live-polling.json" <<'PY'
import json, sys
live, polling = (json.load(open(path)) | json.load(open(path + ".bytes")) for path in sys.argv[1:3])
print(f"live vs polling, median of {len(live['changeToPaintedMs'])}: change at the service → row painted "
      f"{live['changeToPaintedMsMedian']:.0f} ms (max {live['changeToPaintedMsMax']:.0f}) vs {polling['changeToPaintedMsMedian']:.0f} ms "
      f"(max {polling['changeToPaintedMsMax']:.0f}); push → painted {live.get('pushToPaintedMsMedian', 0):.0f} ms")
print(f"idle minute on Activity: {live['bytesPerMinute']} bytes live vs {polling['bytesPerMinute']} bytes polling "
      f"({polling['bytesPerMinute'] / max(1, live['bytesPerMinute']):.0f}x); new connections {live['newConnections']} vs {polling['newConnections']}")
PY
  ;;
downloads)
  churn "$2/peers.json"
  downloads_in transmission "Transmission (2,000 torrents)" "$2/peers.json" downloads
  ;;
downloads-rtorrent)
  # rTorrent holding the same 2,000 torrents, the same 5 % churn: beside Transmission's figures.
  churn_rtorrent "$2/peers.json"
  downloads_in rtorrent "rTorrent (2,000 torrents)" "$2/peers.json" downloads-rtorrent
  ;;
details)
  rm -f "$work/qbt-in"; mkfifo "$work/qbt-in"
  /usr/bin/python3 "$root/Tools/bench/qbt-server.py" 200 0.05 5 fixture-bench-password 10000 <"$work/qbt-in" >"$work/qbt.out" 2>"$work/qbt.err" &
  pids+=($!)
  exec 4>"$work/qbt-in"
  for _ in $(seq 300); do grep -q READY "$work/qbt.out" && break; sleep 0.1; done
  port=$(sed -n 's/READY port=//p' "$work/qbt.out")
  [ -n "$port" ] || { echo "ui bench: the qBittorrent-shaped server did not start" >&2; cat "$work/qbt.err" >&2; exit 1; }
  profile details
  "$bin/switchyard-demo-setup" --only qbittorrent "qBittorrent (10,000 files)" "$port" fixture-bench-password admin >/dev/null
  app_timeout=400 app details "$work/details.json"
  cat "$work/details.json"; echo
  keep details "$work/details.json"
  if [ -s "$work/qbt.err" ]; then echo "qbt-server:"; cat "$work/qbt.err"; fi
  ;;
downloads10k|soak)
  if [ "$1" = soak ]; then count=2000 seconds=$(( ${2:-30} * 60 )); else count=10000 seconds=60; fi
  rm -f "$work/qbt-in"; mkfifo "$work/qbt-in"
  /usr/bin/python3 "$root/Tools/bench/qbt-server.py" $count 0.05 5 fixture-bench-password <"$work/qbt-in" >"$work/qbt.out" 2>"$work/qbt.err" &
  pids+=($!)
  exec 4>"$work/qbt-in"
  for _ in $(seq 300); do grep -q READY "$work/qbt.out" && break; sleep 0.1; done
  port=$(sed -n 's/READY port=//p' "$work/qbt.out")
  [ -n "$port" ] || { echo "ui bench: the qBittorrent-shaped server did not start" >&2; cat "$work/qbt.err" >&2; exit 1; }
  profile "$1"
  "$bin/switchyard-demo-setup" --only qbittorrent "qBittorrent ($count torrents)" "$port" fixture-bench-password admin >/dev/null
  filter=(); [ "$1" = downloads10k ] && filter=(SWITCHYARD_BENCH_FILTER=1) # then a term typed into the filter field
  app_timeout=$((seconds + 300)) app downloads "$work/$1.json" SWITCHYARD_BENCH_SECONDS=$seconds "${filter[@]}"
  cat "$work/$1.json"; echo
  keep "$1" "$work/$1.json"
  if [ -s "$work/qbt.err" ]; then echo "qbt-server:"; cat "$work/qbt.err"; fi
  ;;
side-by-side)
  state=$2/peers.json
  read -r port user password < <(/usr/bin/python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["transmission"]; print(t["port"], t["username"], t["password"])' "$state")
  command -v transmission-remote-gtk >/dev/null || { echo "ui bench: transmission-remote-gtk is not installed (make bench installs it)" >&2; exit 1; }
  export XPROBE=${XPROBE:-$root/.build/bench/xprobe}
  # First idle: the same 2,000 torrents with nothing changing. Transmission reports a torrent as
  # recently active for 60 s after it changed (the pause bench just paused and resumed some), and each
  # refresh carries those again: wait that minute out, so nothing is changing.
  sleep 65
  profile side-idle
  SWITCHYARD_BENCH=downloads SWITCHYARD_BENCH_REPORT=$work/unused.json SWITCHYARD_BENCH_NO_STALL_PROBE=1 SWITCHYARD_BENCH_SECONDS=600 \
    /usr/bin/python3 "$root/Tools/bench/remote.py" "$port" "$work/idle-2000.json" 60 \
    "'$bin/switchyard-demo-setup' --only transmission 'Transmission (2,000 torrents)' {port} '$password' '$user'" \
    -- "$bin/switchyard"
  keep idle-2000 "$work/idle-2000.json"
  churn "$state"
  runs=${SIDE_RUNS:-3}
  for run in $(seq "$runs"); do
    profile "side-switchyard-$run"
    # The probe only opens the Downloads tab here (its own clock runs past the measurement).
    SWITCHYARD_BENCH=downloads SWITCHYARD_BENCH_REPORT=$work/unused.json SWITCHYARD_BENCH_NO_STALL_PROBE=1 SWITCHYARD_BENCH_SECONDS=600 \
      /usr/bin/python3 "$root/Tools/bench/remote.py" "$port" "$work/side-switchyard-$run.json" 60 \
      "'$bin/switchyard-demo-setup' --only transmission 'Transmission (2,000 torrents)' {port} '$password' '$user'" \
      -- "$bin/switchyard"
    profile "side-trg-$run"
    mkdir -p "$XDG_CONFIG_HOME/transmission-remote-gtk"
    /usr/bin/python3 "$root/Tools/bench/remote.py" "$port" "$work/side-trg-$run.json" 60 \
      "/usr/bin/python3 -c 'import json,sys; json.dump({\"profile-id\": 0, \"profiles\": [{\"profile-name\": \"Bench\", \"hostname\": \"127.0.0.1\", \"port\": int(sys.argv[1]), \"username\": sys.argv[2], \"password\": sys.argv[3], \"auto-connect\": True, \"update-interval\": 2, \"min-update-interval\": 2}]}, open(sys.argv[4], \"w\"))' {port} '$user' '$password' '$XDG_CONFIG_HOME/transmission-remote-gtk/config.json'" \
      -- transmission-remote-gtk
  done
  /usr/bin/python3 - "$work" "$runs" <<'PY'
import json, statistics, sys
work, count = sys.argv[1], int(sys.argv[2])
runs = {name: [json.load(open(f"{work}/side-{name}-{run}.json")) for run in range(1, count + 1)] for name in ("switchyard", "trg")}
rows = [("start → painted (s)", "startToPaintedSeconds"), ("CPU per minute (s)", "cpuSecondsPerMinute"),
        ("RSS after 60 s (MB)", "rssAfter60sMB"), ("bytes per refresh (median)", "bytesPerRefreshMedian"),
        ("longest stall per refresh (ms)", "stallPerRefreshMaxMs"), ("median stall per refresh (ms)", "stallPerRefreshMedianMs"),
        ("new connections per minute", "newConnectionsPerMinute")]
print(f"{'same daemon, 2,000 torrents, 5 % churn; median of ' + str(count):52} {'Switchyard':>12} {'trg 1.5.1':>12} {'ratio':>8}")
for title, key in rows:
    ours = statistics.median(run[key] for run in runs["switchyard"])
    theirs = statistics.median(run[key] for run in runs["trg"])
    ratio = f"{ours / theirs:.2f}x" if theirs else "-"
    print(f"{title:52} {ours:>12g} {theirs:>12g} {ratio:>8}")
print("runs:", json.dumps(runs))
PY
  for run in $(seq "$runs"); do keep "side-switchyard-$run" "$work/side-switchyard-$run.json"; keep "side-trg-$run" "$work/side-trg-$run.json"; done
  ;;
clients)
  # Each of five clients alone, then all together: the cost of merging several clients' answers.
  peers=$work/peers
  trap '/usr/bin/python3 "$root/Tests/Peers/peers.py" stop "$peers"; cleanup' EXIT
  /usr/bin/python3 "$root/Tests/Peers/peers.py" start "$peers" >/dev/null
  fixture sabnzbd --fixtures "$root/Fixtures"
  sab_port=$port
  read -r -a daemons < <(/usr/bin/python3 - "$peers/peers.json" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
print(" ".join(":".join([kind, str(state[kind]["port"]), state[kind]["username"], state[kind]["password"]])
               for kind in ("qbittorrent", "transmission", "deluge", "nzbget")))
PY
)
  configure() { # KIND:PORT:USER:PASSWORD or sabnzbd
    if [ "$1" = sabnzbd ]; then "$bin/switchyard-demo-setup" --only sabnzbd "SABnzbd" "$sab_port" fixture-bench-key >/dev/null; return; fi
    IFS=: read -r kind cport cuser cpassword <<<"$1"
    "$bin/switchyard-demo-setup" --only "$kind" "$kind" "$cport" "$cpassword" "$cuser" >/dev/null
  }
  for setup in "${daemons[@]}" sabnzbd all; do
    name=${setup%%:*}
    for mode in cpu probe; do
      profile "clients-$name-$mode"
      if [ "$setup" = all ]; then for one in "${daemons[@]}" sabnzbd; do configure "$one"; done; else configure "$setup"; fi
      if [ $mode = cpu ]; then app downloads "$work/clients-$name-$mode.json" SWITCHYARD_BENCH_NO_STALL_PROBE=1 SWITCHYARD_BENCH_SECONDS=60
      else app downloads "$work/clients-$name-$mode.json" SWITCHYARD_BENCH_SECONDS=60; fi
      keep "clients-$name-$mode" "$work/clients-$name-$mode.json"
    done
    /usr/bin/python3 - "$name" "$work/clients-$name-cpu.json" "$work/clients-$name-probe.json" <<'PY'
import json, sys
cpu, probe = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
print(f"{sys.argv[1]}: {cpu['items']} transfers at first paint; CPU {cpu['cpuSecondsPerMinute']:.2f} s per minute; "
      f"longest stall per refresh {probe['stallPerRefreshMaxMs']:.1f} ms over {probe['refreshes']} refreshes")
PY
  done
  ;;
pause)
  state=$2/peers.json
  read -r port user password < <(/usr/bin/python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["transmission"]; print(t["port"], t["username"], t["password"])' "$state")
  profile pause
  "$bin/switchyard-demo-setup" --only transmission "Transmission (2,000 torrents)" "$port" "$password" "$user" >/dev/null
  app pause "$work/pause.json" SWITCHYARD_BENCH_NO_STALL_PROBE=1
  cat "$work/pause.json"; echo
  ;;
*)
  echo "usage: $0 library | music | lookup | search | live | downloads BULK_RUN_DIR | pause BULK_RUN_DIR | side-by-side BULK_RUN_DIR | downloads10k | soak [MINUTES] | clients" >&2; exit 2 ;;
esac
