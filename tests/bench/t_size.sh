#!/usr/bin/env bash
# The size guard of make test: both profiles' fs/ flash, extload.bin and
# worst-case stack (from the call graph, no QEMU) must not grow past the
# committed baseline, tests/bench/size-baseline.json. Counts, never time.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
for p in default tiny; do
    if ! SIZE_QEMU=0 make -s --no-print-directory BUILD="$BUILD" PROFILE=$p \
            size-report >"$BUILD/size-$p.log" 2>&1; then
        echo "not ok - size report of the $p profile (see $BUILD/size-$p.log)"
        tail -20 "$BUILD/size-$p.log" | sed 's/^/# /'
        exit 1
    fi
done
python3 tests/bench/size_check.py --build "$BUILD" \
    --baseline tests/bench/size-baseline.json --tap
