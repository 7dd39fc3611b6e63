#!/usr/bin/env bash
# Captures one inspection route: a PNG and the accessibility tree.
# Usage: Tools/inspect.sh ROUTE [--dark-appearance|--light-appearance] [--text-scale F]
# Writes build/inspection/NAME.png, NAME.a11y.txt and NAME.stderr.txt, where NAME
# is the route plus a suffix for each flag (e.g. overview-dark, overview-text1.5).
# Runs inside the test session (scripts/test-session.sh) unless one is active.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${SWITCHYARD_SESSION:-}" ]; then
  exec "$root/scripts/test-session.sh" "$0" "$@"
fi
[ $# -ge 1 ] || { echo "usage: $0 ROUTE [flags]" >&2; exit 2; }
route=$1; shift
binary=${SWITCHYARD_BINARY:-$root/.build/debug/switchyard}
out=$root/build/inspection
mkdir -p "$out"

name=$route
args=("$@")
while [ $# -gt 0 ]; do
  case $1 in
    --dark-appearance) name+=-dark ;;
    --light-appearance) name+=-light ;;
    --text-scale) name+=-text$2; shift ;;
    --text-scale=*) name+=-text${1#--text-scale=} ;;
  esac
  shift
done

# 1. The picture: the app renders its own window after the first frame and quits.
"$binary" --inspection "$route" "${args[@]}" --screenshot "$out/$name.png" 2>"$out/$name.stderr.txt"

# 2. The accessibility tree of the same route, read over AT-SPI while it runs.
"$binary" --inspection "$route" "${args[@]}" 2>>"$out/$name.stderr.txt" &
app=$!
status=0
/usr/bin/python3 "$root/Tools/a11y-dump.py" switchyard 20 "$app" >"$out/$name.a11y.txt" || status=$?
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
grep -v -e 'dbus-daemon' -e 'SpiRegistry daemon' "$out/$name.stderr.txt" >"$out/$name.stderr.tmp" || true
mv "$out/$name.stderr.tmp" "$out/$name.stderr.txt"
echo "inspect: $out/$name.png $out/$name.a11y.txt"
exit $status
