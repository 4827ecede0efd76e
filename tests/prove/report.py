#!/usr/bin/env python3
"""Summarise one EVA run of tests/prove/harness.c (tests/prove/rules.mk).

usage: report.py PROPERTIES.csv METRICS.log [--assumed=NAMES] [PART.c ...]

PROPERTIES.csv is Frama-C's -report-csv, METRICS.log the output of
-metrics -metrics-eva-cover. An alarm is a property of fs/, lib/ or the
harness that is not proven in code EVA reached: a run-time check EVA
added (initialization, memory access, index, division, shift, overflow,
pointer comparison, ...), a precondition of a called function (the C
library's mem*, the harness's builtins, fs/'s own contracts), an
assertion, a loop invariant, or a contract's assigns clause or
postcondition. "Partially proven" (proven, by WP or EVA, from a
hypothesis that is itself open) counts as open. The card's contract
(blockdev_proof_read in fs/blockdev.h, which has no body) is the one
assumption about the device: its clauses are listed, not counted. Prints
the alarms by kind and by function, what fs/ and lib/ code was reached,
and ends with "N alarms".

With PART.c files (a part of the loader other than fs/:
tests/prove/parts.mk), the statements counted are those of the functions
those files define; the harness's own functions (main and harness_*) are
never counted.

--assumed=NAMES (a part's harness, tests/prove/parts.mk): the functions,
blank-separated, whose contracts that harness assumes in place of their code,
as fs/'s harness assumes the card's: their clauses are listed as the
card's are, not counted.
"""
import collections
import csv
import re
import sys

# Closed: proven with every hypothesis proven, or in code no run
# reaches (dead, or a function EVA never called: see the coverage).
CLOSED = {"Valid", "Dead", "Valid but dead", "Unreachable", "Never tried"}
# The harness: its main (not the code under proof) and the card, a
# contract without a body (the device's promise, assumed).
HARNESS = {"main"}
CARD = "blockdev_proof_read"


def alarms(path, contracts=(CARD,), reached=None):
    out, assumed = [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            kind, status = row["property kind"], row["status"]
            if status in CLOSED:
                continue
            # A function declared, never called by the code EVA reached
            # (a part's harness links only its part): the clauses Frama-C
            # made up from its prototype are nobody's.
            if (reached is not None and row["function"] not in reached
                    and row["function"] not in contracts
                    and kind in ("assigns clause", "from clause")
                    and status == "Unknown"):
                continue
            if row["directory"].startswith("FRAMAC_SHARE"):
                continue     # the C library's contract: counted at calls
            if row["function"] in contracts and status == "Considered valid":
                assumed.append(row)
                continue
            out.append(row)
    return out, assumed


def defined(files):
    """The names of the functions files define (a definition starts a
    line: the code's style)."""
    names = set()
    for path in files:
        for line in open(path):
            m = re.match(r"(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w \t*]*?"
                         r"\b(\w+)\((?!.*;\s*$)", line)
            if m and m.group(1) not in ("if", "while", "for", "switch"):
                names.add(m.group(1))
    return names


def coverage(path, part=None):
    text = open(path).read()
    reach = re.search(r"Syntactically reachable functions = (\d+)", text)
    seen = re.search(r"Semantically reached functions = (\d+)", text)
    unreached = re.search(r"Unreached functions \(\d+\) =\n(.*?)\n\[",
                          text, re.S)
    stmts = re.findall(r"^  (\w+): (\d+) stmts out of (\d+)", text, re.M)
    got = tot = 0
    partial = []
    for fn, a, b in stmts:
        if fn in HARNESS or fn.startswith("harness_"):
            continue
        if part is not None and fn not in part:
            continue
        got += int(a)
        tot += int(b)
        if a != b:
            partial.append((fn, int(a), int(b)))
    return reach, seen, unreached, got, tot, partial


def main():
    extra, files = [], []
    for a in sys.argv[3:]:
        if a.startswith("--assumed="):
            extra = a.split("=", 1)[1].split()
        elif a:
            files.append(a)
    part = defined(files) if files else None
    reach, seen, unreached, got, tot, partial = coverage(sys.argv[2], part)
    stmts = re.findall(r"^  (\w+): \d+ stmts out of",
                       open(sys.argv[2]).read(), re.M)
    rows, assumed = alarms(sys.argv[1], (CARD, *extra),
                           set(stmts) if extra else None)
    by_kind = collections.Counter(r["property kind"] for r in rows)
    by_fn = collections.Counter(r["function"] for r in rows)
    print("alarms by kind:")
    for k, n in by_kind.most_common():
        print(f"  {n:4d}  {k}")
    print("alarms by function:")
    for k, n in by_fn.most_common():
        print(f"  {n:4d}  {k}")
    print("alarms:")
    for r in sorted(rows, key=lambda r: (r["file"], int(r["line"] or 0))):
        print(f"  {r['file']}:{r['line']}: {r['function']}: "
              f"{r['property kind']}: {r['status']}: {r['property']}")
    print("assumed (the card's contract, fs/blockdev.h)"
          + (f" and {', '.join(extra)}'s:" if extra else ":"))
    for r in assumed:
        print(f"  {r['file']}:{r['line']}: {r['property kind']}: "
              f"{r['property']}")
    if reach and seen and part is None:
        # Less the harness's main and the card, both counted by Frama-C
        # (the card as a function whose address is taken).
        print(f"functions reached: {int(seen.group(1)) - 2} of "
              f"{int(reach.group(1)) - 2} syntactically reachable in fs/ "
              f"and lib/")
    if unreached:
        print("functions never reached:")
        for line in unreached.group(1).strip().splitlines():
            print("  " + line.strip())
    if partial and part is not None:
        print("statements not reached, by function:")
        for fn, a, b in partial:
            print(f"  {fn}: {b - a} of {b}")
    if tot:
        where = (" of " + " ".join(files)) if part is not None else ""
        print(f"statements reached: {got} of {tot} in the functions{where} "
              f"reached ({100.0 * got / tot:.1f}%)")
    print(f"{len(rows)} alarms")


main()
