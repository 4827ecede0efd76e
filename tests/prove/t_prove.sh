#!/usr/bin/env bash
# The tiny profile's proof in make test (fs/README.md, "What is proven"):
# make prove-tiny runs EVA, then WP, over fs/ and lib/ from
# tests/prove/harness.c;
# its alarm count may not rise above tests/prove/baseline-tiny's, nor its
# coverage of fs/'s statements fall below it. Lower the baseline with
# the change that closes alarms.
# lane: side
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
R=$BUILD/prove/tiny/report.txt
read -r _ want_alarms < <(grep '^alarms ' tests/prove/baseline-tiny)
read -r _ want_cover < <(grep '^coverage ' tests/prove/baseline-tiny)

echo "1..2"
rm -f "$R"
if ! make --no-print-directory prove-tiny BUILD="$BUILD"; then
    echo "not ok 1 - make prove-tiny failed"
    exit 1
fi
got=$(sed -n 's/^\([0-9]*\) alarms$/\1/p' "$R")
cover=$(sed -n 's/^statements reached: .*(\([0-9.]*\)%)$/\1/p' "$R")
if [ -n "$got" ] && [ "$got" -le "$want_alarms" ]; then
    echo "ok 1 - tiny profile: $got alarms (baseline $want_alarms)"
else
    echo "not ok 1 - tiny profile: ${got:-no count} alarms, baseline $want_alarms"
fi
if [ -n "$cover" ] && awk -v c="$cover" -v w="$want_cover" 'BEGIN { exit !(c >= w) }'; then
    echo "ok 2 - tiny profile: $cover% of the reached functions' statements (baseline $want_cover%)"
else
    echo "not ok 2 - tiny profile: ${cover:-no}% statements reached, baseline $want_cover%"
fi
