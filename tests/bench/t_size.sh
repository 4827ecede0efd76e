#!/usr/bin/env bash
# The size guard of make test: both profiles' fs/ flash, extload.bin and
# worst-case stack (from the call graph, no QEMU) must not grow past the
# committed baseline, tests/bench/size-baseline.json. Counts, never time.
# SIZE_PRICES=0: the option-pricing builds are make size's, not the guard's.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
for p in default tiny; do
    if ! SIZE_QEMU=0 make -s SIZE_PRICES=0 --no-print-directory BUILD="$BUILD" PROFILE=$p \
            size-report >"$BUILD/size-$p.log" 2>&1; then
        echo "not ok - size report of the $p profile (see $BUILD/size-$p.log)"
        tail -20 "$BUILD/size-$p.log" | sed 's/^/# /'
        exit 1
    fi
done
python3 tests/bench/size_check.py --build "$BUILD" \
    --baseline tests/bench/size-baseline.json --tap
rc=$?
# The tiny profile's small printf on a 32-bit core formats no ll
# (firmware/boot_conf.h CONSOLE_FULL): a %llu there would print a stray
# 'u'. No format string of the tiny Cortex-M3 image may ask for one.
bin=$BUILD/lm3s6965evb-tiny/extload.bin
if [ ! -f "$bin" ]; then
    echo "not ok 7 - the tiny lm3s6965evb extload.bin to scan for %ll ($bin missing)"
    exit 1
fi
ll=$(strings -n 3 "$bin" | grep -c '%[-0-9.]*ll')
if [ "$ll" = 0 ]; then
    echo "ok 7 - tiny lm3s6965evb extload.bin: no %ll format (its printf has none)"
else
    echo "not ok 7 - tiny lm3s6965evb extload.bin: $ll format strings with %ll"
    rc=1
fi
exit $rc
