#!/usr/bin/env bash
# Builds switchyard_<version>_<arch>.deb with dpkg-deb from a release binary.
# Usage: scripts/build-deb.sh BINARY OUTDIR
# The Swift runtime is linked statically (make release), so Depends lists only
# Debian's libraries: those the binary links (found with dpkg -S), plus the two loaded
# at run time: glib-networking (TLS for libsoup) and librsvg2-common (SVG icons: the app draws its own
# icons and spinner from PNGs, but an icon theme the user picks may have SVGs only).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=$1
out=$2
version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

make -s -C "$root" install DESTDIR="$stage" PREFIX=/usr BIN_STATIC="$(readlink -f "$binary")" >/dev/null 2>&1

depends=()
for library in $(readelf -d "$binary" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p'); do
  # No early exit in the pipeline: with pipefail, a reader that stops early fails the writer (SIGPIPE).
  path=$(ldconfig -p | awk -v lib="$library" '$1 == lib && /x86-64|aarch64|64bit/ && !found {print $NF; found = 1}')
  [ -n "$path" ] || { echo "build-deb: cannot find $library" >&2; exit 1; }
  package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | awk -F: 'NR == 1 {print $1}') || true
  [ -n "$package" ] || package=$(dpkg -S "$path" | awk -F: 'NR == 1 {print $1}')
  depends+=("$package")
done
depends+=(glib-networking librsvg2-common) # TLS for libsoup; the SVG loader for icon themes
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')
size=$(du -sk "$stage" | cut -f1)

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: switchyard
Version: $version
Architecture: $arch
Maintainer: The Switchyard developers <maintainers@switchyard.fixture.invalid>
Installed-Size: $size
Depends: $depends_line
Recommends: gnome-keyring | kwalletmanager | keepassxc
Section: net
Priority: optional
Homepage: https://switchyard.fixture.invalid/
Description: manage Sonarr, Radarr and download clients in one window
 Switchyard is a native GTK 4 desktop app for a self-hosted media-automation
 stack: Sonarr and Radarr beside qBittorrent, Transmission, Deluge, SABnzbd and
 NZBGet. Secrets stay in the desktop keyring.
CONTROL
mkdir -p "$stage/usr/share/doc/switchyard"
cp "$root/LICENSE" "$stage/usr/share/doc/switchyard/copyright"
mkdir -p "$out"
deb="$out/switchyard_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "$deb"
