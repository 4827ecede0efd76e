#!/usr/bin/env python3
"""The drawing of firmware/: which file calls which, which includes which.

Usage: fwgraph.py OBJDIR [SRCDIR]

Calls: each OBJDIR/firmware/ROOM/*.o's defined symbols (nm: T, D, R, B)
and the ones it uses (U); file A calls file B when A uses a symbol B
defines. Includes: each firmware/ROOM/*.[ch]'s #include "firmware/..."
lines. Rooms: a library room (config, console, crypto, fdt, inflate, trial) neither
includes nor calls the flow's room (boot/), nor another library unless
LIBRARY_USES gives the reason. In fs/,
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


def sources(srcdir, layer, exts):
    """Every file of layer (its rooms' folders too), as "layer/..." paths."""
    out = []
    top = os.path.join(srcdir, layer)
    for d, _, names in os.walk(top):
        for name in names:
            if name.endswith(exts):
                rel = os.path.relpath(os.path.join(d, name), srcdir)
                out.append(rel.replace(os.sep, "/"))
    return sorted(out)


def call_edges(objdir, layer="firmware", srcdir="."):
    """Calls between the layer's objects; an object whose source is gone
    (a stale one left by an older tree) is not read."""
    defs, uses = {}, {}
    for node in sources(srcdir, layer, (".c",)):
        obj = os.path.join(objdir, node[:-2] + ".o")
        if not os.path.exists(obj):
            continue
        out = subprocess.run(["nm", obj], capture_output=True, text=True,
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


def include_edges(srcdir, prefix="firmware/"):
    """Each firmware file's #include lines naming a file under prefix."""
    edges = {}
    for node in sources(srcdir, "firmware", (".c", ".h")):
        edges.setdefault(node, set())
        with open(os.path.join(srcdir, node)) as f:
            for line in f:
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if m and m.group(1).startswith(prefix):
                    edges[node].add(m.group(1))
    return edges


# firmware/'s rooms: the flow (boot/: labels, plan, load, verify,
# hand-off, menu, prompt, commands, input) and the libraries it uses,
# which use nothing of it. A library may include its own room, the
# layer's options (firmware/boot_conf.h), lib/ and fs/'s headers, and
# another library only where this table says why.
FLOW = "boot"
LIBRARIES = ("config", "console", "crypto", "fdt", "inflate", "trial")
LIBRARY_USES = {
    ("config", "console"): "the parser's warnings are console lines",
}


def room(path):
    """firmware/ROOM/file -> ROOM; a file at firmware/'s top -> None."""
    parts = path.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "firmware" else None


def room_breaks(srcdir, objdir):
    """Every include or call that runs from a library room into the flow,
    or into another library without a reason in LIBRARY_USES."""
    bad = []
    for what, edges in (("includes", include_edges(srcdir, "")),
                        ("calls", call_edges(objdir, "firmware", srcdir))):
        for a in sorted(edges):
            ra = room(a)
            if ra is None and what == "includes":
                continue
            if ra not in LIBRARIES and ra != FLOW:
                bad.append(f"{a}: not in a room ({FLOW}, "
                           f"{', '.join(LIBRARIES)})")
                continue
            if ra == FLOW:
                continue
            for b in sorted(edges[a]):
                rb = room(b)
                if b.startswith("firmware/") and rb is None:
                    continue            # the layer's options header
                if not b.startswith("firmware/") or rb == ra:
                    continue
                if rb == FLOW:
                    bad.append(f"{what}: {a} -> {b}: a library reaches "
                               "into the flow")
                elif (ra, rb) not in LIBRARY_USES:
                    bad.append(f"{what}: {a} -> {b}: library {ra} uses "
                               f"library {rb} (not in LIBRARY_USES)")
    return bad


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
            [("calls between firmware/**.c",
              call_edges(objdir, "firmware", srcdir)),
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
    edges = call_edges(objdir, "fs", srcdir)
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
    n = 4
    breaks = room_breaks(srcdir, objdir)
    for b in breaks:
        print(f"# {b}")
    if breaks:
        bad = 1
        print(f"not ok {n} - firmware/'s rooms: {len(breaks)} edge(s) "
              "from a library into the flow or another library")
    else:
        print(f"ok {n} - firmware/'s rooms: the libraries "
              f"({', '.join(LIBRARIES)}) use nothing of the flow "
              f"({FLOW}/), and one another only as LIBRARY_USES says")
    return bad


if __name__ == "__main__":
    sys.exit(main())
