#!/usr/bin/env bash
# Captures one inspection route: a PNG and the accessibility tree.
# Usage: Tools/inspect.sh ROUTE [--dark-appearance|--light-appearance] [--text-scale F]
# Writes build/inspection/NAME.png, NAME.a11y.txt, NAME.ellipsized.txt (the labels GTK shortened
# with an ellipsis) and NAME.stderr.txt (SWITCHYARD_INSPECTION_OUT names another folder), where NAME
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
out=${SWITCHYARD_INSPECTION_OUT:-$root/build/inspection}
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

# One launch: the app saves the picture after its first frame and stays open ("screenshot saved"
# on stdout) while its accessibility tree is read over AT-SPI; then it is closed.
SWITCHYARD_ELLIPSIZED_REPORT="$out/$name.ellipsized.txt" \
"$binary" --inspection "$route" "${args[@]}" --screenshot "$out/$name.png" --keep-open \
  >"$out/$name.stdout.txt" 2>"$out/$name.stderr.txt" &
app=$!
status=0
# The picture is saved after the scene's first frame: read the tree after that, so the reader's first
# read is normally of the settled tree (it still reads until two reads agree). A slow machine may take
# long: wait for the app's word (or its end), not for a time; a minute without it is a hang, reported.
deadline=$((SECONDS + 60))
while kill -0 "$app" 2>/dev/null && ! grep -q '^screenshot ' "$out/$name.stdout.txt"; do
  [ $SECONDS -lt $deadline ] || { echo "inspect: $name: no screenshot after a minute" >&2; break; }
  sleep 0.05
done
/usr/bin/python3 "$root/Tools/a11y-dump.py" switchyard 60 "$app" >"$out/$name.a11y.txt" || status=$?
grep -q '^screenshot saved' "$out/$name.stdout.txt" || status=1
# SIGKILL: an inspection run keeps nothing, and a launcher's thread may hand its children a
# signal mask that blocks SIGTERM (a test's worker thread does).
kill -KILL "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
rm -f "$out/$name.stdout.txt"
grep -v -e 'dbus-daemon' -e 'SpiRegistry daemon' "$out/$name.stderr.txt" >"$out/$name.stderr.tmp" || true
mv "$out/$name.stderr.tmp" "$out/$name.stderr.txt"
echo "inspect: $out/$name.png $out/$name.a11y.txt"
exit $status
