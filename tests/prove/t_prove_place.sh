#!/usr/bin/env bash
# The label placement's proofs in make test (fs/README.md, "What is
# proven", "The loader's parts"): make prove-place-BOARD-PROFILE for each
# board's window and profile (tests/prove/part_place.mk), each held to
# its baseline's alarms and coverage by the make rule (tests/prove/
# unit.mk). Under a minute all four.
# lane: side
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
runs="lm3s-tiny sifive-tiny lm3s-default sifive-default"

echo "1..4"
i=0
for r in $runs; do
    i=$((i + 1))
    R=$BUILD/prove/place-$r/report.txt
    rm -f "$R"
    if make --no-print-directory prove-place-$r BUILD="$BUILD" >/dev/null 2>&1; then
        echo "ok $i - place-$r: $(sed -n 's/^\([0-9]*\) alarms$/\1 alarms/p' "$R"), $(sed -n 's/^statements reached: .*(\(.*\))$/\1/p' "$R") of the statements"
    else
        echo "not ok $i - place-$r: make prove-place-$r failed (tail $BUILD/prove/place-$r/report.txt)"
    fi
done
