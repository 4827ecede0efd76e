#!/usr/bin/env python3
"""The drawing of firmware/: which file calls which, which includes which.

Usage: fwgraph.py OBJDIR [SRCDIR]

Calls: each OBJDIR/firmware/*.o's defined symbols (nm: T, D, R, B) and the
ones it uses (U); file A calls file B when A uses a symbol B defines.
Includes: each firmware/*.[ch]'s #include "firmware/..." lines. In fs/,
the calls between fs/*.c draw no circle through fs/ext_io.c (the sector
I/O every reader file calls; the journal is an overlay below it, #24
point 2): other circles there are printed, not failed. Prints
every edge and every cycle (Tarjan's strongly connected components of
more than one file, or a file with an edge to itself), TAP-style; exits 1
when there is a cycle.
"""
import os
import re
import subprocess
import sys


def call_edges(objdir, layer="firmware"):
    defs, uses = {}, {}
    fw = os.path.join(objdir, layer)
    for name in sorted(os.listdir(fw)):
        if not name.endswith(".o"):
            continue
        node = layer + "/" + name[:-2] + ".c"
        out = subprocess.run(["nm", os.path.join(fw, name)],
                             capture_output=True, text=True,
                             check=True).stdout
        uses[node] = set()
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == "U":
                uses[node].add(parts[1])
            elif len(parts) == 3 and parts[1] in "TDRB":
                defs[parts[2]] = node
    edges = {n: set() for n in uses}
    for node, syms in uses.items():
        for s in syms:
            if s in defs and defs[s] != node:
                edges[node].add(defs[s])
    return edges


def include_edges(srcdir):
    edges = {}
    fw = os.path.join(srcdir, "firmware")
    for name in sorted(os.listdir(fw)):
        if not name.endswith((".c", ".h")):
            continue
        node = "firmware/" + name
        edges.setdefault(node, set())
        with open(os.path.join(fw, name)) as f:
            for line in f:
                m = re.match(r'\s*#\s*include\s+"(firmware/[^"]+)"', line)
                if m:
                    edges[node].add(m.group(1))
    return edges


def cycles(edges):
    """Strongly connected components with a cycle (iterative Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                if len(comp) > 1 or node in edges.get(node, ()):
                    out.append(sorted(comp))
    return out


def main():
    objdir = sys.argv[1]
    srcdir = sys.argv[2] if len(sys.argv) > 2 else "."
    bad = 0
    for n, (what, edges) in enumerate(
            [("calls between firmware/*.c", call_edges(objdir)),
             ("includes among firmware/", include_edges(srcdir))], 1):
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f"# {a} -> {b}")
        found = cycles(edges)
        nedges = sum(len(v) for v in edges.values())
        if found:
            bad = 1
            for c in found:
                print(f"# cycle: {' <-> '.join(c)}")
            print(f"not ok {n} - {what}: {len(found)} cycle(s)")
        else:
            print(f"ok {n} - {what}: {len(edges)} files, {nedges} edges, "
                  "no cycle")
    n = 3
    edges = call_edges(objdir, "fs")
    for a in sorted(edges):
        for b in sorted(edges[a]):
            print(f"# {a} -> {b}")
    found = cycles(edges)
    for c in found:
        print(f"# cycle: {' <-> '.join(c)}")
    io = [c for c in found if "fs/ext_io.c" in c]
    if "fs/ext_io.c" not in edges:
        bad = 1
        print(f"not ok {n} - no fs/ext_io.o among the objects")
    elif io:
        bad = 1
        print(f"not ok {n} - calls between fs/*.c: a cycle through "
              "fs/ext_io.c")
    else:
        print(f"ok {n} - calls between fs/*.c: {len(edges)} files, "
              f"{sum(len(v) for v in edges.values())} edges, no cycle "
              f"through fs/ext_io.c ({len(found)} elsewhere)")
    return bad


if __name__ == "__main__":
    sys.exit(main())
