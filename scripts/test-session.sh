#!/usr/bin/env bash
# Runs a command inside Switchyard's test session:
#   1. a private network namespace with only loopback (no test can reach beyond this machine),
#   2. a temporary HOME and XDG directories,
#   3. a private D-Bus session with an unlocked, temporary gnome-keyring and the AT-SPI bus,
#   4. an Xvfb display.
# Usage: scripts/test-session.sh COMMAND [ARG…]
set -euo pipefail
self=$(readlink -f "$0")

if [ -z "${SWITCHYARD_NETNS:-}" ]; then
  export SWITCHYARD_NETNS=1
  if [ "$(id -u)" -eq 0 ]; then
    exec unshare --net -- "$self" "$@"
  else
    exec unshare --user --map-root-user --net -- "$self" "$@"
  fi
fi

if [ -z "${SWITCHYARD_SESSION:-}" ]; then
  ip link set lo up
  if ip route get 1.1.1.1 >/dev/null 2>&1; then
    echo "test-session: a route off this machine exists; refusing to run tests" >&2
    exit 1
  fi
  export SWITCHYARD_SESSION=$(mktemp -d /tmp/switchyard-test.XXXXXX)
  trap 'rm -rf "$SWITCHYARD_SESSION"' EXIT
  export HOME=$SWITCHYARD_SESSION/home
  export XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share XDG_CACHE_HOME=$HOME/.cache
  export XDG_RUNTIME_DIR=$SWITCHYARD_SESSION/runtime
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  dbus-run-session -- "$self" "$@"
  exit $?
fi

# Inside the D-Bus session: an unlocked keyring that lives and dies with it.
eval "$(printf 'switchyard-test-keyring' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
export GSK_RENDERER=${GSK_RENDERER:-cairo}   # deterministic pixels for screenshots
export GDK_DEBUG=${GDK_DEBUG:-gl-disable}    # and no OpenGL set up for nothing: a fifth off each app's start under Xvfb
export NO_AT_BRIDGE=0
exec xvfb-run -a -s "-screen 0 1280x800x24" "$@"
