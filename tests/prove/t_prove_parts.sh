#!/usr/bin/env bash
# The loader's other parts' proofs in make test (fs/README.md, "What is
# proven", issue #53): each tiny profile's harness, and each default one
# that runs in under 3 minutes (the others run in make prove). Each make
# target fails with more alarms than its tests/prove/baseline-NAME
# holds, or less of its part's statements reached (tests/prove/parts.mk).
# CPU times, alone: trial-tiny 3 s, sigmsg-default 3 s, config-tiny 8 s,
# config-default 9-17 s, fdt_overlay-default 48 s, image-sifive-nogzip
# and image-sifive-head 3 s each, image-lm3s-default and
# image-sifive-default about 60 s each (fdt-default, 2 min
# 56 s of CPU and over 4 minutes beside the other lane, is make
# prove's).
# Main lane (tests/run.sh): the side lane holds the test kernel's build,
# prove.t_prove and prove.t_prove_units, about as long as the rest.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
parts="trial-tiny sigmsg-default config-tiny config-default
       fdt_overlay-default image-sifive-nogzip image-sifive-head
       image-lm3s-default image-sifive-default"

echo "1..$(echo $parts | wc -w)"
i=0
for p in $parts; do
    i=$((i + 1))
    r=$BUILD/prove/$p/report.txt
    rm -f "$r"
    if make --no-print-directory "prove-$p" BUILD="$BUILD" >/dev/null 2>&1; then
        got=$(sed -n 's/^\([0-9]*\) alarms$/\1/p' "$r")
        cover=$(sed -n 's/^statements reached: .*(\([0-9.]*\)%)$/\1/p' "$r")
        echo "ok $i - $p: $got alarms, $cover% of its statements (tests/prove/baseline-$p)"
    else
        echo "not ok $i - make prove-$p: above tests/prove/baseline-$p, or failed (build/prove/$p/)"
    fi
done
