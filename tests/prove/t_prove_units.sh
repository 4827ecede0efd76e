#!/usr/bin/env bash
# The loader's parts' proofs in make test (fs/README.md, "What is
# proven", "The loader's parts"): make prove-PART-BOARD-PROFILE for each
# part of tests/prove/part_place.mk and part_sd.mk, each held to its
# baseline's alarms and coverage by the make rule (tests/prove/parts.mk).
# In CI's stop-60 gate: place-lm3s-default 107 s, place-sifive-default
# 163 s (WP's 60 s goals), the others under 30 s each. The image runs
# (part_image.mk, about 170 s) are prove.t_prove_parts', in the main
# lane, so that the lanes end together.
# lane: side
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
runs="place-lm3s-tiny place-sifive-tiny place-lm3s-default
      place-sifive-default sd-lm3s-tiny sd-lm3s-default sd-sifive-default"

echo "1..$(echo $runs | wc -w)"
i=0
for r in $runs; do
    i=$((i + 1))
    R=$BUILD/prove/$r/report.txt
    rm -f "$R"
    if make --no-print-directory prove-$r BUILD="$BUILD" >/dev/null 2>&1; then
        echo "ok $i - $r: $(sed -n 's/^\([0-9]*\) alarms$/\1 alarms/p' "$R"), $(sed -n 's/^statements reached: .*(\(.*\))$/\1/p' "$R") of the statements"
    else
        echo "not ok $i - $r: make prove-$r failed ($BUILD/prove/$r/report.txt)"
    fi
done
