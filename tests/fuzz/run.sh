#!/usr/bin/env bash
# Runs fuzz targets one after the other and prints TAP, one line each:
#   ok N - fuzz TARGET: E execs, R exec/s, cov C, ft F
# Usage: run.sh SECONDS WORKERS TARGET...
# SECONDS "smoke" runs each target for a fixed count of inputs from a
# fixed seed (smoke_runs below) instead of for a time: the same inputs on
# every machine, as make test wants (counts, never time).
# The targets and seeds come from `make fuzz-build`. Corpora live in
# $FUZZ_CORPUS/TARGET (default build/fuzz/corpus: they grow from run to
# run); crashes go to build/fuzz/artifacts/TARGET/, logs to
# $FUZZ_LOGS/TARGET.log (default build/fuzz/logs). A crash, leak,
# sanitizer report or an input over the -timeout limit makes the target
# "not ok".
set -u
secs=${1:?usage: run.sh SECONDS WORKERS TARGET...}
workers=${2:?usage: run.sh SECONDS WORKERS TARGET...}
shift 2
cd "$(dirname "$0")/../.."
F=${BUILD:-build}/fuzz
corpus=${FUZZ_CORPUS:-$F/corpus}
logs=${FUZZ_LOGS:-$F/logs}
n=${FUZZ_TAP_BASE:-0}
status=0

opts() {           # target: its libFuzzer options
    case $1 in
    # Disk images: whole seeds (no length ramp: a truncated image does
    # not even mount), up to a little past the largest seed (gpt, 104
    # KiB); larger inputs would cost ASan an mmap per run.
    image|image_tiny)
            echo "-max_len=114688 -len_control=0 -timeout=10" \
                 "-dict=tests/fuzz/image.dict" ;;
    # Whole disks: the largest seed is a GPT with 128 entries and both
    # arrays (40 KiB); the length is the disk's, so it may change.
    part)   echo "-max_len=49152 -timeout=10 -dict=tests/fuzz/part.dict" ;;
    config) echo "-max_len=4096 -timeout=5 -dict=tests/fuzz/config.dict" ;;
    sdspi)  echo "-max_len=16384 -timeout=5 -dict=tests/fuzz/sdspi.dict" ;;
    # key || signature || message: the seeds are up to 1119 bytes.
    ed25519) echo "-max_len=2048 -timeout=10" ;;
    # Device trees: QEMU's sifive_u tree is 4.6 KiB as dtc writes it.
    fdt)    echo "-max_len=8192 -timeout=5 -dict=tests/fuzz/fdt.dict" ;;
    # Streams: the seeds are up to a few KiB; longer ones only cost time.
    inflate) echo "-max_len=16384 -timeout=5" ;;
    # Dirty journals: whole seeds too (70 KiB each, 86 KiB with the
    # extent tree of a 2^20-block log).
    journal) echo "-max_len=98304 -len_control=0 -timeout=10" \
                  "-dict=tests/fuzz/journal.dict" ;;
    esac
}

smoke_runs() {     # target: the smoke's inputs, about 4 s of one core here
    case $1 in
    image|image_tiny) echo 36000 ;;
    journal) echo 44000 ;;
    part)    echo 68000 ;;
    config)  echo 100000 ;;
    sdspi)   echo 120000 ;;
    fdt)     echo 120000 ;;
    fdt_overlay) echo 240000 ;;
    ed25519) echo 600 ;;
    inflate) echo 18000 ;;
    esac
}

for t in "$@"; do
    n=$((n + 1))
    bin=$F/fuzz_$t
    log=$logs/$t.log
    mkdir -p "$corpus/$t" "$F/artifacts/$t" "$logs"
    if [ ! -x "$bin" ]; then
        echo "not ok $n - fuzz $t: $bin missing (make fuzz-build)"
        status=1
        continue
    fi
    par=""
    [ "$workers" -gt 1 ] && par="-fork=$workers -ignore_crashes=0"
    if [ "$secs" = smoke ]; then
        budget="-runs=$(smoke_runs "$t") -seed=1"
    else
        budget="-max_total_time=$secs"
    fi
    # shellcheck disable=SC2046,SC2086
    "$bin" $(opts "$t") $par $budget -print_final_stats=1 \
        -artifact_prefix="$F/artifacts/$t/" "$corpus/$t" "$F/seeds/${t%_tiny}" \
        >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -aoE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    if [ -z "$execs" ]; then      # -fork prints its totals per line
        execs=$(grep -aoE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
        rate=$(grep -aoE 'exec/s: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
    fi
    what="$t: ${execs:-?} execs, ${rate:-?} exec/s, ${cov:-no coverage line}"
    if [ "$rc" = 0 ]; then
        echo "ok $n - fuzz $what"
    else
        status=1
        echo "not ok $n - fuzz $what (exit $rc, log $log)"
        grep -aE 'ERROR|SUMMARY|fuzz_[a-z]+: |Test unit written|ALARM' "$log" |
            head -8 | sed 's/^/#   /'
    fi
done
exit $status
