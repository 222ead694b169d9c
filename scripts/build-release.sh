#!/bin/bash
# The release build of the app, as installed and as benchmarked: Swift's runtime and Foundation
# linked in (--static-swift-stdlib). HTTP is libsoup's, loaded on the first request (Sources/CHTTP):
# the app must not link FoundationNetworking, whose libcurl brings ~25 libraries and 7 MB of
# resident memory, nor libsoup itself, whose libraries cost the first window 8 ms.
# Every module, the packages' too, puts each function in its own section: lld can then lay out
# the functions link/github-finder.order lists together (Package.swift). Without it a module
# such as GRDB is one section, and one of its functions run drags all of its code in among them.
#
# Usage: scripts/build-release.sh [PRODUCT...] (default: github-finder). `make bench` builds its
# other programs (the GitHub double, the bench itself) here too: with the same flags, the
# libraries they share are compiled once, and a second `make bench` compiles nothing (with
# different flags each build compiled GRDB and the core again, some 6 minutes a run).
set -euo pipefail
cd "$(dirname "$0")/.."
for product in "${@:-github-finder}"; do
    ${SWIFT:-swift} build -c release --static-swift-stdlib --product "$product" \
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
done
# The app not asked for (only other products): nothing to check.
case " ${*:-github-finder} " in *" github-finder "*) ;; *) exit 0 ;; esac
binary=.build/release/github-finder
# grep reads the whole output (no -q on a pipe): with pipefail, `nm | grep -q` would fail when
# grep stops at the first match and nm dies of SIGPIPE, exactly when the check should fire.
if readelf -d "$binary" | grep 'NEEDED.*lib\(curl\|soup\)' >/dev/null || nm "$binary" | grep 'FoundationNetworking' >/dev/null; then
    echo "build-release: $binary links FoundationNetworking, libcurl or libsoup; the GitHub client's transport is CHTTP (SoupTransport)" >&2
    exit 1
fi
