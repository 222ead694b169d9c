#!/usr/bin/env bash
# with-display.sh CMD... — run CMD on a private Xvfb display inside a D-Bus session with the
# accessibility bus, as a desktop session would give it (GTK tests, end-to-end tests, screenshots).
set -euo pipefail
# Xvfb picks a free display and writes its number once it accepts connections (-displayfd):
# waiting for the socket file alone raced with start-up ("cannot open display"). -noreset: the
# server otherwise resets whenever its last client leaves, and an app started then cannot connect.
ready=$(mktemp)
Xvfb -displayfd 9 -noreset -screen 0 1280x800x24 -nolisten tcp 9>"$ready" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -f "$ready"' EXIT
for _ in $(seq 200); do [ -s "$ready" ] && break; sleep 0.05; done
display_number=$(tr -dc 0-9 < "$ready")
[ -n "$display_number" ] || { echo "with-display.sh: Xvfb did not start" >&2; exit 1; }
export DISPLAY=":$display_number" GSK_RENDERER=cairo GDK_BACKEND=x11 NO_AT_BRIDGE=${NO_AT_BRIDGE:-0}
# A Secret Service for the keyring tests: gnome-keyring, unlocked, with its files in a
# throwaway folder (an empty password would make it prompt for a new keyring).
keyring_home=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$keyring_home" "$ready"' EXIT
export GHF_KEYRING_HOME="$keyring_home"
# The session bus also activates services from $GHF_DBUS_SERVICES, where a test puts the app's
# D-Bus service file (GNOME Shell's search provider, started with no app running).
export GHF_DBUS_SERVICES="$keyring_home/dbus-services"
mkdir -p "$GHF_DBUS_SERVICES"
cat > "$keyring_home/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <include>/usr/share/dbus-1/session.conf</include>
  <servicedir>$GHF_DBUS_SERVICES</servicedir>
</busconfig>
CONF
dbus-run-session --config-file="$keyring_home/session.conf" -- bash -c '
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & launcher=$!
  if command -v gnome-keyring-daemon >/dev/null; then
    echo -n "with-display" | XDG_DATA_HOME="$GHF_KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null 2>&1 && export GHF_KEYRING=1
  fi
  "$@"; status=$?
  kill $launcher 2>/dev/null
  exit $status' _ "$@"
