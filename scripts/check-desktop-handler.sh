#!/usr/bin/env bash
# The desktop's handler for magnet links, .torrent and .nzb files, after `make install`, the way the
# desktop uses it: run inside scripts/test-session.sh (its temporary HOME, session bus, keyring and
# display). Installs into ~/.local (a temporary prefix: HOME is the session's), asks xdg-mime which
# application handles each type, starts the real peers, configures their four clients in the
# profile the installed build reads, then Tools/desktop-handler-check.py opens each form with
# `xdg-open` from a cold start and into a running instance and completes each add into a daemon.
# Needs the debug build's switchyard-demo-setup (make test builds it first).
# Prints ok/FAIL lines; exits non-zero when a check fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -n "${SWITCHYARD_SESSION:-}" ] || { echo "check-desktop-handler: run through scripts/test-session.sh" >&2; exit 2; }
app=app.switchyard.Switchyard
failed=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; failed=1; }

prefix=$HOME/.local
make -s install PREFIX="$prefix" >/dev/null 2>&1 || { echo "FAIL make install PREFIX=$prefix"; exit 1; }
export PATH=$prefix/bin:$PATH

for type in x-scheme-handler/magnet application/x-bittorrent application/x-nzb; do
  handler=$(xdg-mime query default "$type")
  if [ "$handler" = "$app.desktop" ]; then ok "xdg-mime: $type is handled by $handler"
  else bad "xdg-mime: $type is handled by '${handler}', not $app.desktop"; fi
done

run=$(mktemp -d /tmp/switchyard-handler.XXXXXX)
trap '/usr/bin/python3 Tests/Peers/peers.py stop "$run"; rm -rf "$run"' EXIT
/usr/bin/python3 Tests/Peers/peers.py start "$run" || { echo "FAIL the real peers did not start"; exit 1; }
.build/debug/switchyard-demo-setup --clients "$run/peers.json" >/dev/null || { echo "FAIL the profile could not be configured"; exit 1; }
ok "profile: qBittorrent, Transmission, Deluge and NZBGet configured (registry file and keyring)"

/usr/bin/python3 Tools/desktop-handler-check.py "$prefix" "$run" || failed=1
exit $failed
