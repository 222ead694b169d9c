#!/usr/bin/env bash
# with-display.sh CMD... — run CMD on a private Xvfb display inside a D-Bus session with the
# accessibility bus, as a desktop session would give it (GTK tests, end-to-end tests, screenshots).
set -euo pipefail
display_number=$((300 + RANDOM % 600))
while [ -e "/tmp/.X11-unix/X$display_number" ]; do display_number=$((display_number + 1)); done
Xvfb ":$display_number" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display_number" ] && break; sleep 0.05; done
export DISPLAY=":$display_number" GSK_RENDERER=cairo GDK_BACKEND=x11 NO_AT_BRIDGE=${NO_AT_BRIDGE:-0}
# A Secret Service for the keyring tests: gnome-keyring, unlocked, with its files in a
# throwaway folder (an empty password would make it prompt for a new keyring).
keyring_home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$keyring_home"' EXIT
export GHF_KEYRING_HOME="$keyring_home"
dbus-run-session -- bash -c '
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & launcher=$!
  if command -v gnome-keyring-daemon >/dev/null; then
    echo -n "with-display" | XDG_DATA_HOME="$GHF_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null 2>&1 && export GHF_KEYRING=1
  fi
  "$@"; status=$?
  kill $launcher 2>/dev/null
  exit $status' _ "$@"
