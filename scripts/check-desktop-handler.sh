#!/usr/bin/env bash
# The desktop's handler for magnet links, .torrent and .nzb files, after `make install`, the way the
# desktop uses it: run inside scripts/test-session.sh (its temporary HOME, session bus and display).
# Installs into ~/.local, asks xdg-mime which application handles each type, starts the installed
# Switchyard, then `xdg-open 'magnet:?…'` must land in that instance's Add Download dialog (one process).
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

profile=$(mktemp -d)
log=$profile/switchyard.log
XDG_CONFIG_HOME=$profile XDG_CACHE_HOME=$profile "$prefix/bin/switchyard" >"$log" 2>&1 &
first=$!
trap 'kill $first 2>/dev/null; wait $first 2>/dev/null; rm -rf "$profile"' EXIT
tree() { /usr/bin/python3 Tools/a11y-dump.py switchyard 30 "$first" 2>/dev/null || true; }
text=$(tree)
if grep -q "\[frame\] 'Switchyard'" <<<"$text"; then ok "the installed Switchyard is running"
else bad "the installed Switchyard did not show its window"; cat "$log"; exit 1; fi

# What the desktop does with a clicked magnet link. xdg-open returns once the launched process has
# handed the link over (GApplication forwards it to the running instance and exits).
magnet='magnet:?xt=urn:btih:a9993e364706816aba3e25717850c26c9cd0d89d&dn=Fixture+Xdg+Open'
if XDG_CONFIG_HOME=$profile XDG_CACHE_HOME=$profile xdg-open "$magnet"; then ok "xdg-open exits 0"
else bad "xdg-open failed"; fi
text=""
for _ in $(seq 1 20); do # the dialog opens once the instance has read its configuration
  text=$(tree)
  grep -q "\[frame\] 'Add Download'" <<<"$text" && break
done
if grep -q "\[label\] 'Fixture Xdg Open (magnet link)'" <<<"$text"; then ok "xdg-open: the running instance's Add Download shows the magnet"
else bad "xdg-open: no Add Download dialog naming the magnet"; echo "$text" | head -60; fi
instances=$(pgrep -c -f "^$prefix/bin/switchyard" || true)
if [ "$instances" = 1 ]; then ok "one Switchyard process"
else bad "$instances Switchyard processes"; fi
exit $failed
