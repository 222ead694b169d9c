#!/bin/bash
# package-test.sh DEB — the .deb on a clean Debian 12, as a user gets it (issue 27):
#  1. a fresh bookworm root from Debian's mirror (mmdebstrap --variant=apt), nothing of this machine;
#  2. `apt-get install ./DEB` there: apt resolves the package's own Depends, and the command line
#     is checked before anything else is installed (a missing Depends fails here);
#  3. then, separately, the package's Recommends (as apt installs them by default) and the test
#     harness (Xvfb, sway, dbus, AT-SPI, grim, wtype, validators, the Korean locale and fonts);
#  4. scripts/package-test-inside.sh as an ordinary user inside: --version, --help, man, the
#     favorites command with no display, the app started from its desktop file's Exec line under
#     Xvfb (first frame, no GLib/GTK warning, Korean), the Shell search provider D-Bus-activated,
#     the validators, and the Wayland smoke run under a headless sway (scripts/wayland-smoke.py);
#  5. `apt-get purge github-finder` leaves none of the files `dpkg -L` listed.
# The GitHub double runs here, outside the root, on 127.0.0.1 (the root shares the network).
# The root, its mounts and every process in it are removed at the end, pass or fail. Needs root.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(realpath "${1:?usage: package-test.sh DEB}")
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null && exec sudo --preserve-env=GHF_DEBIAN_MIRROR,GHF_DEBIAN_SECURITY,GHF_WAYLAND_SHOTS,GHF_FIXTURE_SERVER "$0" "$deb"
  echo "package-test: run as root (mmdebstrap, chroot, mounts)" >&2; exit 1
fi
started=$(date +%s)
mirror=${GHF_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${GHF_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
shots=${GHF_WAYLAND_SHOTS:-docs/screenshots/wayland}
fixture_server=${GHF_FIXTURE_SERVER:-.build/debug/github-fixture-server}

[ -x "$fixture_server" ] || { echo "package-test: no GitHub double at $fixture_server (swift build --product github-fixture-server)" >&2; exit 1; }

root=$(mktemp -d /var/tmp/github-finder-package-test.XXXXXX)
server_pid=""
cleanup() {
  status=$?
  set +e
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
  # Every process whose root is the test root (dbus, Xvfb, sway, the app…), then the mounts.
  for attempt in 1 2 3; do
    pids=()
    for proc in /proc/[0-9]*; do
      [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ] && pids+=("${proc#/proc/}")
    done
    [ ${#pids[@]} -eq 0 ] && break
    kill $([ "$attempt" -eq 3 ] && echo -9) "${pids[@]}" 2>/dev/null
    sleep 1
  done
  for mount in $(awk -v r="$root" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r); do
    umount "$mount" 2>/dev/null || umount -l "$mount"
  done
  rm -rf --one-file-system "$root"
  echo "package-test: $([ $status -eq 0 ] && echo PASSED || echo FAILED) in $(( $(date +%s) - started )) s (root removed)"
  exit $status
}
trap cleanup EXIT
step() { echo "== package-test: $* ($(( $(date +%s) - started )) s)"; }
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"; }

step "a clean Debian 12 root (mmdebstrap --variant=apt bookworm)"
rmdir "$root"
mmdebstrap --quiet --variant=apt bookworm "$root" \
  "deb $mirror bookworm main" "deb $mirror bookworm-updates main" "deb $security bookworm-security main"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
mount -t tmpfs -o mode=755 tmpfs "$root/run"

step "apt-get install ./$(basename "$deb") (its Depends, nothing else)"
cp "$deb" "$root/tmp/"
in_root apt-get update -q  # mmdebstrap leaves no package lists behind
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")"
in_root dpkg -L github-finder > "$root/tmp/files-before"
in_root useradd --create-home --shell /bin/bash tester
# The command line works with the package's Depends alone: nothing of the harness is there yet.
in_root runuser -u tester -- sh -c 'cd && github-finder --version && github-finder favorites list --server http://127.0.0.1:1 && echo "favorites list: ok (empty)"'
# Every library the binary links is there, libsoup that it loads on the first request, and GIO's
# TLS module for libsoup's https.
if in_root sh -c 'ldd /usr/bin/github-finder | grep "not found"'; then echo "package-test: a library is missing" >&2; exit 1; fi
in_root sh -c 'ldconfig -p | grep -q "libsoup-3.0.so.0 "' || { echo "package-test: libsoup-3.0.so.0 is not installed" >&2; exit 1; }
in_root sh -c 'ls /usr/lib/*/gio/modules/libgiognutls.so' >/dev/null || { echo "package-test: glib-networking (TLS for https) is not installed" >&2; exit 1; }

step "the package's Recommends, as apt installs them by default"
recommends=$(dpkg-deb -f "$deb" Recommends | tr ',' '\n' | sed 's/|.*//; s/(.*//; s/ //g' | grep . | tr '\n' ' ')
in_root apt-get install -y -q --no-install-recommends $recommends

step "the test harness (separately: Xvfb, sway, D-Bus, AT-SPI, grim, wtype, validators, ko_KR.UTF-8, fonts)"
in_root apt-get install -y -q --no-install-recommends xvfb xauth dbus dbus-user-session at-spi2-core python3-pyatspi gir1.2-atspi-2.0 \
  libglib2.0-bin desktop-file-utils appstream man-db sway grim wtype locales fonts-noto-cjk fonts-cantarell procps
echo 'ko_KR.UTF-8 UTF-8' >> "$root/etc/locale.gen"
in_root locale-gen >/dev/null

step "the GitHub double outside the root, on 127.0.0.1"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$fixture_server" --port "$port" > "$root/tmp/fixture-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/rate_limit" >/dev/null && break; sleep 0.1; done

step "inside, as the user tester"
mkdir -p "$root/tmp/package-test"
cp scripts/package-test-inside.sh scripts/package-test-gui.py "$root/tmp/package-test/"
chmod -R a+rX "$root/tmp/package-test"
mkdir -p "$root/tmp/package-test/shots" && chmod 1777 "$root/tmp/package-test/shots"
in_root runuser -u tester -- env HOME=/home/tester USER=tester LOGNAME=tester SHELL=/bin/bash \
  PATH=/usr/local/bin:/usr/bin:/bin GHF_API_URL="http://127.0.0.1:$port" \
  bash /tmp/package-test/package-test-inside.sh

step "apt-get purge github-finder leaves none of its files"
in_root apt-get purge -y -q github-finder
left=()
while IFS= read -r path; do
  [ "$path" = "/." ] && continue
  if [ -d "$root$path" ] && [ ! -L "$root$path" ]; then
    # A folder may stay only while another package owns it (/usr/share/icons/hicolor/…).
    in_root dpkg-query -S "$path" >/dev/null 2>&1 || [ -n "$(ls -A "$root$path")" ] || left+=("$path/")
  elif [ -e "$root$path" ] || [ -L "$root$path" ]; then
    left+=("$path")
  fi
done < "$root/tmp/files-before"
if [ ${#left[@]} -gt 0 ]; then printf 'package-test: left behind by purge: %s\n' "${left[@]}" >&2; exit 1; fi
echo "ok   - purge removed all $(grep -c . "$root/tmp/files-before") paths dpkg -L listed"

mkdir -p "$shots"
cp "$root"/tmp/package-test/shots/*.png "$shots/" 2>/dev/null && echo "package-test: Wayland screenshots in $shots: $(cd "$shots" && ls | tr '\n' ' ')"
