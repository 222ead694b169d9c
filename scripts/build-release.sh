#!/bin/bash
# The release build of the app, as installed and as benchmarked: Swift's runtime and Foundation
# linked in (--static-swift-stdlib), then libcurl.so.4 removed from the binary's DT_NEEDED list,
# since Sources/CCurlLoader loads it on the first request instead of at every start.
# Every module, the packages' too, puts each function in its own section: lld can then lay out
# the functions link/github-finder.order lists together (Package.swift). Without it a module
# such as GRDB is one section, and one of its functions run drags all of its code in among them.
set -euo pipefail
cd "$(dirname "$0")/.."
${SWIFT:-swift} build -c release --static-swift-stdlib --product github-finder \
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
binary=.build/release/github-finder
if readelf -d "$binary" | grep -q 'NEEDED.*libcurl'; then
    patchelf --remove-needed libcurl.so.4 "$binary"
fi
if readelf -d "$binary" | grep -q 'NEEDED.*libcurl'; then
    echo "build-release: libcurl.so.4 is still a DT_NEEDED library of $binary" >&2
    exit 1
fi
# The curl functions must be ours (CCurlLoader), none left for the dynamic loader to find.
if nm -D --undefined-only "$binary" | grep -q ' curl_'; then
    echo "build-release: $binary still imports curl functions:" >&2
    nm -D --undefined-only "$binary" | grep ' curl_' >&2
    exit 1
fi
