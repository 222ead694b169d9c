#!/usr/bin/env bash
# profile-code-order.sh — remakes link/github-finder.order: runs the GUI benchmark's sessions
# (start page, search, favorites, repositories, narrow window, 1,000 results scrolled, tabs and
# scopes, your account) with the release build under text-entries.c, and lists the functions the
# app ran, in the order it first ran them, for lld to lay out together (Package.swift).
# Run after scripts/build-release.sh (and `swift build -c release --product github-fixture-server`);
# then build again so the new order is linked in.
# PROFILE_SESSIONS (bench-gui.py session names, comma-separated) runs fewer sessions, and
# PROFILE_ORDER writes the order elsewhere: to see what one session runs without touching link/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
release="$root/.build/release"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/entries"
cc -O2 -shared -fPIC -o "$work/text-entries.so" "$root/scripts/text-entries.c" -lpthread
for entry in "$release"/*; do
    [ "$(basename "$entry")" = github-finder ] || ln -s "$entry" "$work/bin/"
done
cp "$release/github-finder" "$work/bin/github-finder.real"
python3 "$root/scripts/symbol-order.py" list "$work/bin/github-finder.real" "$work/functions"
# The Swift runtime's crash handler would take SIGTRAP, which text-entries.c needs.
cat > "$work/bin/github-finder" <<SCRIPT
#!/bin/sh
exec env SWIFT_BACKTRACE=enable=no LD_PRELOAD="$work/text-entries.so" ENTRYREC_LIST="$work/functions" ENTRYREC_DIR="$work/entries" "$work/bin/github-finder.real" "\$@"
SCRIPT
chmod +x "$work/bin/github-finder"
GHF_RELEASE_DIR="$work/bin" GHF_BENCH_ONLY=${PROFILE_SESSIONS:-start,search,favorites,repositories,narrow,memory,scroll,account} \
    "$root/scripts/with-display.sh" /usr/bin/python3 "$root/scripts/bench-gui.py" >/dev/null || true
python3 "$root/scripts/symbol-order.py" order "$work/bin/github-finder.real" "${PROFILE_ORDER:-$root/link/github-finder.order}" $(ls -tr "$work"/entries/entries.*)
