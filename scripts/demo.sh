#!/usr/bin/env bash
# `make demo`: Switchyard against real local services in a throwaway profile.
#   - the real peers (qBittorrent, Transmission, Deluge, NZBGet with its NNTP stub) on 127.0.0.1,
#     with qBittorrent downloading a 96 MB folder of files from Transmission as it runs, announced to a real
#     opentracker on 127.0.0.1 (Tests/Peers/peers.py demo);
#   - Sonarr and Radarr fixture servers whose queues name those downloads, and a Jellyseerr fixture
#     server with requests waiting for approval;
#   - a temporary config dir, cache dir and unlocked keyring (its own D-Bus session);
#   - the window titled "Switchyard — Demo". Closing it stops everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${SWITCHYARD_BUILD:-$root/.build/debug}

if [ -z "${SWITCHYARD_DEMO:-}" ]; then
  export SWITCHYARD_DEMO=$(mktemp -d /tmp/switchyard-demo.XXXXXX)
  trap 'rm -rf "$SWITCHYARD_DEMO"' EXIT
  export XDG_CONFIG_HOME=$SWITCHYARD_DEMO/config XDG_CACHE_HOME=$SWITCHYARD_DEMO/cache XDG_DATA_HOME=$SWITCHYARD_DEMO/data
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME"
  if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "demo: no display; running under Xvfb (nothing will be visible)" >&2
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
  else
    dbus-run-session -- "$0" "$@"
  fi
  exit $?
fi

# Inside the private D-Bus session: a keyring that lives and dies with the demo.
eval "$(printf 'switchyard-demo-keyring' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
run=$SWITCHYARD_DEMO/peers
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  /usr/bin/python3 "$root/Tests/Peers/peers.py" stop "$run" || true
}
trap cleanup EXIT

echo "demo: starting the local peers (about 10 s)…" >&2
/usr/bin/python3 "$root/Tests/Peers/peers.py" demo "$run"

# Queues that name what the peers hold: the moving download, the seeds, NZBGet's finished and failed items.
/usr/bin/python3 - "$run/peers.json" "$SWITCHYARD_DEMO" <<'PY'
import json, sys
state = json.load(open(sys.argv[1]))
def record(n, download, title, episode=None, proto="torrent"):
    item = {"id": n, "title": title, "size": 100663296.0, "sizeleft": 100663296.0, "status": "downloading",
            "trackedDownloadStatus": "ok", "trackedDownloadState": "downloading", "statusMessages": [],
            "downloadId": download, "protocol": proto, "downloadClient": "Demo client"}
    item.update({"seriesId": 1, "episodeId": episode, "seasonNumber": 1} if episode else {"movieId": 1})
    return item
sonarr = [record(1, state["demo"]["hash"].upper(), "Fixture.Demo.Transfer.S01E01.1080p", 101),
          record(2, state["demo"]["hash"].upper(), "Fixture.Demo.Transfer.S01E02.1080p", 102)]
sonarr += [record(10 + i, seed["hash"].upper(), seed["name"], 200 + i) for i, seed in enumerate(state["torrents"])]
radarr = [record(1, "fixture-drone-done", "Fixture.Usenet.Done.2026", proto="usenet"),
          record(2, "fixture-drone-failed", "Fixture.Usenet.Failed.2026", proto="usenet")]
json.dump(sonarr, open(sys.argv[2] + "/sonarr-queue.json", "w"))
json.dump(radarr, open(sys.argv[2] + "/radarr-queue.json", "w"))
# The orchestrators' settings as a consistent stack has them (the stack doctor reads these): their
# download clients are the peers on 127.0.0.1, root folders there, completed download handling on.
import os
def client(n, name, implementation, port, usenet=False):
    return {"id": n, "name": name, "implementation": implementation, "protocol": "usenet" if usenet else "torrent",
            "enable": True, "priority": 1, "fields": [{"name": "host", "value": "127.0.0.1"}, {"name": "port", "value": port},
                                                      {"name": "urlBase", "value": ""}]}
settings = {
    "sonarr": [client(1, "Demo client", "QBittorrent", state["qbittorrent"]["port"]),
               client(2, "Demo seeds", "Transmission", state["transmission"]["port"]),
               client(3, "Seedbox", "RTorrent", state["rtorrent"]["port"])],
    "radarr": [client(1, "Demo client", "Nzbget", state["nzbget"]["port"], usenet=True),
               client(2, "Demo seeds", "Deluge", state["deluge"]["port"])],
}
for kind, clients in settings.items():
    folder = os.path.join(sys.argv[2], kind + "-settings")
    os.makedirs(folder, exist_ok=True)
    files = {"downloadclient.json": clients, "remotepathmapping.json": [], "health.json": [],
             "rootfolder.json": [{"id": 1, "path": "/data/demo/" + kind, "accessible": True, "freeSpace": 900000000000}]}
    for name, value in files.items():
        json.dump(value, open(os.path.join(folder, name), "w"))
PY

key=fixture-demo-key
start_fixture() { # kind [queue-file]: starts the server, leaves its port in $SWITCHYARD_DEMO/<kind>.port
  local out=$SWITCHYARD_DEMO/$1.out
  mkfifo "$SWITCHYARD_DEMO/$1.in"
  "$bin/switchyard-fixture-server" --kind "$1" --fixtures "$root/Fixtures" --api-key "$key" ${2:+--queue "$2"} \
    --overlay "$SWITCHYARD_DEMO/$1-settings" \
    <"$SWITCHYARD_DEMO/$1.in" >"$out" &
  pids+=($!)
  exec {fd}>"$SWITCHYARD_DEMO/$1.in" # held open by this shell: the server exits with the demo
  for _ in $(seq 50); do grep -q READY "$out" 2>/dev/null && break; sleep 0.1; done
  sed -n 's/READY port=//p' "$out" >"$SWITCHYARD_DEMO/$1.port"
}
start_fixture sonarr "$SWITCHYARD_DEMO/sonarr-queue.json"
start_fixture radarr "$SWITCHYARD_DEMO/radarr-queue.json"
sonarr_port=$(cat "$SWITCHYARD_DEMO/sonarr.port")
radarr_port=$(cat "$SWITCHYARD_DEMO/radarr.port")

"$bin/switchyard-demo-setup" "$run/peers.json" "$sonarr_port" "$radarr_port" "$key"
start_fixture jellyseerr
"$bin/switchyard-demo-setup" --only jellyseerr Jellyseerr "$(cat "$SWITCHYARD_DEMO/jellyseerr.port")" "$key"
echo "demo: Switchyard is starting; qBittorrent is downloading Fixture.Demo.Transfer.2026 (a folder of five files) from Transmission, both announcing to opentracker." >&2
echo "demo: close the window (or Ctrl+Q) to stop everything." >&2
SWITCHYARD_PROFILE_NAME=Demo "$bin/switchyard" "$@"
