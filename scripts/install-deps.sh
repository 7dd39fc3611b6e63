#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Switchyard needs, and only those missing.
# Usage: scripts/install-deps.sh build|check|test|bench
# Idempotent: prints what it installs, or that nothing was missing.
set -euo pipefail

build_pkgs=(pkg-config gettext libgtk-4-dev libsoup-3.0-dev libsecret-1-dev glib-networking librsvg2-common)
# make check: the fixture servers (Python, a certificate made with openssl) and the secret scan.
check_pkgs=(python3 python3-cryptography python3-yaml openssl)
test_pkgs=(xvfb xauth dbus dbus-x11 gnome-keyring libsecret-tools at-spi2-core python3 python3-pyatspi
           python3-gi python3-cryptography imagemagick openssl iproute2 util-linux procps xdotool
           desktop-file-utils appstream binutils xdg-utils libfile-mimeinfo-perl shared-mime-info libglib2.0-bin
           qbittorrent-nox transmission-daemon deluged deluge-web nzbget rtorrent lighttpd opentracker)

# make bench also runs transmission-remote-gtk side by side, watched through X's DAMAGE extension.
bench_pkgs=(transmission-remote-gtk libx11-dev libxdamage-dev)

case "${1:-build}" in
  build) wanted=("${build_pkgs[@]}") ;;
  check) wanted=("${build_pkgs[@]}" "${check_pkgs[@]}") ;;
  test)  wanted=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
  bench) wanted=("${build_pkgs[@]}" "${test_pkgs[@]}" "${bench_pkgs[@]}") ;;
  *) echo "usage: $0 build|check|test|bench" >&2; exit 2 ;;
esac

missing=()
for p in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#wanted[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
