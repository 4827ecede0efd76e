#!/usr/bin/env python3
"""Both profiles' sizes against their targets and the committed baseline.

Reads BUILD/bench/size.json (default profile) and BUILD/bench-tiny/size.json
(tiny), written by size.py. Prints one table; with --tap, TAP lines for
tests/run.sh. Fails (exit 1) when fs/ flash, extload.bin or the worst-case
stack of either profile grows past the baseline: counts of bytes, never
time, so a size regression fails CI the day it lands. --update writes the
measured figures as the new baseline (commit it, and say why in the
commit message).

Usage: size_check.py --build BUILD --baseline FILE [--update] [--tap]"""
import argparse
import json
import os
import sys

PROFILES = (("default", "bench"), ("tiny", "bench-tiny"))
# Figures the baseline holds: each may shrink freely, never grow.
GUARDED = (("fs", "fs/ flash"), ("bin", "extload.bin"),
           ("stack", "worst-case stack"))
SHOWN = (("fs_ext", "fs/ext flash"), ("fs", "fs/ flash (ext + part)"),
         ("bin", "extload.bin"), ("data_bss", ".data + .bss"),
         ("stack", "worst-case stack"), ("ram", "RAM (data+bss+stack)"))


def grouped(v):
    """23656 -> '23,656'."""
    return "{:,}".format(v)


def missed_lines(got):
    """Each figure over its target in a sentence: "tiny extload.bin is
    23,656 B, 7,272 B over the 16,384 B target"."""
    lines = []
    for prof, _ in PROFILES:
        for key, name in SHOWN:
            v = got[prof].get(key)
            t = got[prof]["targets"].get(key)
            if t is not None and v is not None and v > t:
                lines.append("size: %s %s is %s B, %s B over the %s B target"
                             % (prof, name, grouped(v), grouped(v - t),
                                grouped(t)))
    if not lines:
        lines.append("size: every figure meets its target")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--tap", action="store_true")
    a = ap.parse_args()

    got = {}
    for prof, d in PROFILES:
        path = os.path.join(a.build, d, "size.json")
        with open(path) as f:
            got[prof] = json.load(f)
    base = {}
    if os.path.exists(a.baseline):
        with open(a.baseline) as f:
            base = json.load(f)

    out = print if not a.tap else (lambda s="": print("# " + s))
    out("%-24s %9s %7s %8s %9s %7s %8s" % (
        "figure", "default", "target", "baseline", "tiny", "target",
        "baseline"))
    for key, name in SHOWN:
        cells = []
        for prof, _ in PROFILES:
            v = got[prof].get(key)
            t = got[prof]["targets"].get(key)
            b = base.get(prof, {}).get(key)
            mark = "" if t is None else ("" if v <= t else "!")
            cells += ["%d%s" % (v, mark), "-" if t is None else str(t),
                      "-" if b is None else str(b)]
        out("%-24s %9s %7s %8s %9s %7s %8s" % tuple([name] + cells))
    out("(! = over its target; targets: issues 11 and 28 in tests/bench/size.py)")
    for line in missed_lines(got):
        out(line)

    if a.update:
        new = {prof: {k: got[prof][k] for k, _ in GUARDED}
               for prof, _ in PROFILES}
        with open(a.baseline, "w") as f:
            json.dump(new, f, indent=1, sort_keys=True)
            f.write("\n")
        out("baseline written: %s" % a.baseline)
        return 0

    failed = 0
    n = 0
    for prof, _ in PROFILES:
        for key, name in GUARDED:
            n += 1
            v = got[prof][key]
            b = base.get(prof, {}).get(key)
            ok = b is not None and v <= b
            why = ("no baseline" if b is None else
                   "%d <= baseline %d" % (v, b) if ok else
                   "%d, past the baseline %d by %d" % (v, b, v - b))
            if a.tap:
                print("%s %d - %s %s: %s" % ("ok" if ok else "not ok", n,
                                             prof, name, why))
            elif not ok:
                print("size: %s %s grew: %s" % (prof, name, why))
            failed += not ok
    if not a.tap and not failed:
        print("size: no figure grew past the baseline (%s)" % a.baseline)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
