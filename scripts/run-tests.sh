#!/usr/bin/env bash
# Runs inside the test session: starts the real peers, runs the Swift tests, always stops the peers.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
run=$(mktemp -d /tmp/switchyard-peers.XXXXXX)
trap '/usr/bin/python3 "$root/Tests/Peers/peers.py" stop "$run"; rm -rf "$run"' EXIT
if /usr/bin/python3 "$root/Tests/Peers/peers.py" start "$run"; then
  export SWITCHYARD_PEERS=$run/peers.json
else
  echo "run-tests: the real peers did not start; their tests will fail" >&2
  export SWITCHYARD_PEERS=$run/missing.json
fi
"$@"
