#!/usr/bin/env bash
# Packaging checks run by `make test`: install into a temporary DESTDIR, validate the
# desktop entry and AppStream metainfo, run the installed binary, uninstall; then build
# the .deb, install it with dpkg, run /usr/bin/switchyard --version, and remove it.
# Also, in a test session: `make install` into a temporary HOME, xdg-mime names Switchyard for magnet links,
# .torrent and .nzb, and `xdg-open` of each form, from a cold start and into a running instance, completes
# the add into a real daemon (scripts/check-desktop-handler.sh).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
passed=0 failed=0
check() { # check NAME COMMAND…
  local name=$1; shift
  if output=$("$@" 2>&1); then passed=$((passed + 1)); echo "ok   $name"
  else failed=$((failed + 1)); echo "FAIL $name"; echo "$output" | tail -20 | sed 's/^/     /'; fi
}

make -s release >/dev/null 2>&1 || { echo "packaging: release build failed"; make release; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
app=app.switchyard.Switchyard

check "make install DESTDIR=…" make -s install DESTDIR="$stage" PREFIX=/usr
check "desktop-file-validate" desktop-file-validate "$stage/usr/share/applications/$app.desktop"
check "appstreamcli validate --no-net" appstreamcli validate --no-net "$stage/usr/share/metainfo/$app.metainfo.xml"
check "installed binary runs --version" bash -c "[ \"\$('$stage/usr/bin/switchyard' --version)\" = 'switchyard 0.1.0' ]"
check "installed binary needs no Swift runtime" bash -c "! ldd '$stage/usr/bin/switchyard' | grep -q 'libswift\|libFoundation\|libdispatch'"
check "icons installed" test -f "$stage/usr/share/icons/hicolor/scalable/apps/$app.svg" -a \
  -f "$stage/usr/share/icons/hicolor/symbolic/apps/$app-symbolic.svg" -a \
  -f "$stage/usr/share/icons/hicolor/48x48/apps/$app.png" -a \
  -f "$stage/usr/share/icons/hicolor/16x16/status/$app-working.symbolic.png" -a \
  -f "$stage/usr/share/icons/hicolor/64x64/status/$app-working.symbolic.png"
check "xdg-open: a magnet, a .torrent and an .nzb reach real daemons, cold and warm (scripts/check-desktop-handler.sh)" \
  scripts/test-session.sh scripts/check-desktop-handler.sh
check "make uninstall removes every file" bash -c "make -s uninstall DESTDIR='$stage' PREFIX=/usr && [ -z \"\$(find '$stage' -type f)\" ]"

if [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
  if dpkg -s switchyard >/dev/null 2>&1; then
    echo "skip .deb install: a switchyard package is already installed on this machine"
  else
    deb=$(scripts/build-deb.sh "$root/.build/static/release/switchyard" "$root/build/deb")
    check ".deb builds with Depends" bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libgtk-4-1' && dpkg-deb -f '$deb' Depends | grep -q 'glib-networking'"
    check "dpkg -i installs it" "${sudo[@]}" dpkg -i "$deb"
    check "/usr/bin/switchyard --version" bash -c "[ \"\$(/usr/bin/switchyard --version)\" = 'switchyard 0.1.0' ]"
    check "dpkg -r removes it cleanly" bash -c "${sudo[*]} dpkg -r switchyard >/dev/null && [ ! -e /usr/bin/switchyard ] && ! dpkg -s switchyard >/dev/null 2>&1"
  fi
else
  echo "skip .deb install: needs root or passwordless sudo (this check did not run)"
fi
echo "packaging: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
