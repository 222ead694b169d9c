#!/usr/bin/env python3
"""symbol-order.py EXE ORDER PAGES... — the functions of EXE that lie on the code pages recorded by
text-pages.c (files PAGES...), in address order: the symbol ordering file lld uses to put them
together (Package.swift)."""
import sys, subprocess, glob
exe = sys.argv[1]; out = sys.argv[2]; files = sys.argv[3:]
ph = subprocess.run(["readelf", "-lW", exe], capture_output=True, text=True).stdout
for l in ph.splitlines():
    p = l.split()
    if p and p[0] == "LOAD" and "E" in p[-2]:
        text_vaddr = int(p[2], 16)
pages = set()
for f in files:
    lines = open(f).read().split()
    for x in lines[2:]: pages.add(int(x))
# mapping starts at page-aligned vaddr
base = text_vaddr & ~0xfff
nm = subprocess.run(["nm", "-S", "--defined-only", "-n", exe], capture_output=True, text=True).stdout
hot = []; seen = set(); hotsize = 0
for l in nm.splitlines():
    p = l.split()
    if len(p) != 4 or p[2] not in "tTwW": continue
    a, s, n = int(p[0], 16), int(p[1], 16), p[3]
    if s == 0: continue
    first = (a - base) // 4096; last = (a + s - 1 - base) // 4096
    if any(q in pages for q in range(first, last + 1)) and n not in seen:
        seen.add(n); hot.append(n); hotsize += s
open(out, "w").write("\n".join(hot) + "\n")
print("pages %d (%.1f MB), hot functions %d, %.1f MB" % (len(pages), len(pages)*4/1024, len(hot), hotsize/1048576))
