#!/usr/bin/env bash
# Drives a running inspection route with real X key events and prints what the
# accessibility tree shows after each step. Used by the keyboard tests.
# Usage: Tools/keyboard-check.sh ROUTE KEY [KEY…]   (keys in xdotool syntax, e.g. alt+3, ctrl+q)
# Prints "after KEY:" then the selected page tab, or "exited" once the app has quit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${SWITCHYARD_SESSION:-}" ]; then
  exec "$root/scripts/test-session.sh" "$0" "$@"
fi
binary=${SWITCHYARD_BINARY:-$root/.build/debug/switchyard}
route=$1; shift
"$binary" --inspection "$route" 2>/dev/null &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT
/usr/bin/python3 "$root/Tools/a11y-dump.py" switchyard 20 >/dev/null   # wait until the window is up
xdotool mousemove 400 300   # no window manager: keyboard focus follows the pointer
for key in "$@"; do
  xdotool key "$key"
  sleep 0.4
  echo "after $key:"
  if ! kill -0 "$app" 2>/dev/null; then echo "exited"; continue; fi
  /usr/bin/python3 "$root/Tools/a11y-dump.py" switchyard 10 | grep -o "\[page tab\] '[A-Za-z]*' {visible,selected" || echo "no tab selected"
done
