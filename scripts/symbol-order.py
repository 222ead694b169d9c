#!/usr/bin/env python3
"""symbol-order.py — the symbol ordering file lld uses to put the code github-finder runs together
(Package.swift; scripts/profile-code-order.sh runs it).

  symbol-order.py list EXE FUNCTIONS   writes the file offset of each function of EXE (ascending,
                                       hex): where scripts/text-entries.c sets its breakpoints
  symbol-order.py order EXE ORDER ENTRIES...
                                       writes ORDER: the functions text-entries.c saw entered
                                       (files ENTRIES..., oldest first), in the order they were
                                       first entered"""
import sys, subprocess
from collections import defaultdict


def functions(exe):
    """Each function's file offset -> its names (aliases share an address)."""
    segments = []
    for l in subprocess.run(["readelf", "-lW", exe], capture_output=True, text=True).stdout.splitlines():
        p = l.split()
        if p and p[0] == "LOAD" and "E" in p[-2]:
            segments.append((int(p[2], 16), int(p[1], 16), int(p[5], 16)))  # vaddr, offset, size
    names = defaultdict(list)
    for l in subprocess.run(["nm", "-S", "--defined-only", exe], capture_output=True, text=True).stdout.splitlines():
        p = l.split()
        if len(p) != 4 or p[2] not in "tTwW" or int(p[1], 16) == 0: continue
        a = int(p[0], 16)
        for vaddr, offset, size in segments:
            if vaddr <= a < vaddr + size: names[a - vaddr + offset].append(p[3])
    return names


if sys.argv[1] == "list":
    names = functions(sys.argv[2])
    open(sys.argv[3], "w").write("".join("%x\n" % o for o in sorted(names)))
    print("%d functions" % len(names))
else:
    exe, out, files = sys.argv[2], sys.argv[3], sys.argv[4:]
    names = functions(exe)
    order, seen = [], set()
    for f in files:
        entered = sorted((int(rank), int(offset, 16)) for offset, rank in (l.split() for l in open(f) if l.strip()))
        for _, offset in entered:
            if offset not in seen:
                seen.add(offset)
                order.extend(names.get(offset, []))
    open(out, "w").write("\n".join(order) + "\n")
    print("%d functions entered, in %d runs" % (len(seen), len(files)))
