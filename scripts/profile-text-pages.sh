#!/usr/bin/env bash
# profile-text-pages.sh — remakes link/github-finder.order: runs the GUI benchmark's sessions
# (start page, search, favorites, 1,000 results scrolled) with the release build under
# text-pages.c, and lists the functions on the code pages the app ran.
# Run after scripts/build-release.sh (and `swift build -c release --product github-fixture-server`);
# then build again so the new order is linked in.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
release="$root/.build/release"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/pages"
cc -O2 -shared -fPIC -o "$work/text-pages.so" "$root/scripts/text-pages.c" -lpthread
for entry in "$release"/*; do
    [ "$(basename "$entry")" = github-finder ] || ln -s "$entry" "$work/bin/"
done
cp "$release/github-finder" "$work/bin/github-finder.real"
# The Swift runtime's crash handler would take SIGSEGV, which text-pages.c needs.
cat > "$work/bin/github-finder" <<SCRIPT
#!/bin/sh
exec env SWIFT_BACKTRACE=enable=no LD_PRELOAD="$work/text-pages.so" PAGEREC_DIR="$work/pages" "$work/bin/github-finder.real" "\$@"
SCRIPT
chmod +x "$work/bin/github-finder"
GHF_RELEASE_DIR="$work/bin" GHF_BENCH_ONLY=start,search,favorites,memory \
    "$root/scripts/with-display.sh" /usr/bin/python3 "$root/scripts/bench-gui.py" >/dev/null || true
python3 "$root/scripts/symbol-order.py" "$work/bin/github-finder.real" "$root/link/github-finder.order" "$work"/pages/pages.*
