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
dbus-run-session -- bash -c '/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & launcher=$!; "$@"; status=$?; kill $launcher 2>/dev/null; exit $status' _ "$@"
