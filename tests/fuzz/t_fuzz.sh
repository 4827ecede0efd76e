#!/usr/bin/env bash
# Fuzz smoke for `make test`: builds the targets and seed corpora, then
# runs each target from its seeds alone, one process at a time, for a
# fixed count of inputs from a fixed seed (run.sh's smoke_runs, about 4 s
# each on one core; FUZZ_SMOKE_SECONDS=N runs N seconds each instead):
# image, journal, part (the partition tables), config, sdspi, fdt (the
# device tree editor), fdt_overlay, the image target over the tiny
# profile's reader (image_tiny; the tiny reader has no journal replay, so
# no journal_tiny), ed25519 and inflate (the DEFLATE and gzip decoder).
# TAP on stdout. Skipped when clang cannot build a libFuzzer binary.
# Main lane (tests/run.sh): the side lane holds the test kernel's build,
# prove.t_prove and prove.t_prove_units, about as long as the rest.
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
FUZZ_CC=${FUZZ_CC:-clang}
secs=${FUZZ_SMOKE_SECONDS:-smoke}
F=$BUILD/fuzz
mkdir -p "$F/logs"

probe=$F/probe.c
printf 'int LLVMFuzzerTestOneInput(const char *d, long n);\nint LLVMFuzzerTestOneInput(const char *d, long n) { (void)d; (void)n; return 0; }\n' >"$probe"
if ! command -v "$FUZZ_CC" >/dev/null 2>&1 ||
   ! "$FUZZ_CC" -fsanitize=fuzzer,address,undefined -o "$F/probe" "$probe" \
        >/dev/null 2>&1; then
    echo "ok 1 - # SKIP no clang"
    exit 0
fi

if ! make --no-print-directory fuzz-build BUILD="$BUILD" FUZZ_CC="$FUZZ_CC" \
        >"$F/logs/build.log" 2>&1; then
    echo "not ok 1 - fuzz targets and seed corpora build"
    tail -20 "$F/logs/build.log" | sed 's/^/#   /'
    exit 1
fi
echo "ok 1 - fuzz targets and seed corpora build"

# A fresh corpus each time: the smoke measures the code, not old runs.
rm -rf "$F/smoke"
FUZZ_CORPUS=$F/smoke FUZZ_LOGS=$F/smoke/logs FUZZ_TAP_BASE=1 BUILD=$BUILD \
    bash tests/fuzz/run.sh "$secs" 1 image journal part config sdspi fdt fdt_overlay image_tiny ed25519 inflate
