#!/usr/bin/env bash
# Runs every suite and ends with one line: "N passed, N failed".
#
# A suite is a command printing TAP lines ("ok ..." / "not ok ..."):
#   - each cmocka binary build/tests/test_* (CMOCKA_MESSAGE_OUTPUT=TAP),
#     and the tiny profile's build/tests-tiny/test_* as unit-tiny.test_*,
#   - each script tests/*/t_*.sh, run from the top of the tree; one with a
#     line "# profiles: default tiny" runs again as DIR-tiny.t_NAME with
#     EXTLOAD_PROFILE=tiny and EXTLOAD the tiny profile's ASan tool.
# A suite that exits non-zero without reporting a failure counts as one.
# Suites whose script has a line "# lane: side" (the proof, the fuzz
# smoke: CPU-bound, and writing only under their own build/ directory)
# run one after another beside the rest, on the machine's second core;
# their lines print at the end. One with "# lane: side first" (the test
# kernel's build) opens the lane. With one core (nproc), or with
# EXTLOAD_TEST_LANES=1, they run in turn with the rest.
# Test images are built into $EXTLOAD_IMAGES (build/images) before the
# main lane's suites; the side lane, which reads none, starts first.
#
# Usage: tests/run.sh [PATTERN]   only the suites whose name matches the
# shell glob PATTERN (test_ext, cli.t_cli, 'qemu.*'); the images suite
# always runs, since the others read its images.
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
export BUILD
export EXTLOAD_IMAGES=${EXTLOAD_IMAGES:-$PWD/$BUILD/images}
export EXTLOAD=${EXTLOAD:-$PWD/$BUILD/host-asan/extload}
export CMOCKA_MESSAGE_OUTPUT=TAP
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

pass=0
fail=0
logdir=$BUILD/test-logs
mkdir -p "$logdir"

only=${1:-}

run_suite() {            # name, command...
    local name=$1; shift
    # shellcheck disable=SC2053
    if [ -n "$only" ] && [ "$name" != images ] && [[ $name != $only ]]; then
        return
    fi
    local log=$logdir/$name.log
    local t0=$SECONDS
    "$@" >"$log" 2>&1
    local rc=$?
    local took=$((SECONDS - t0))
    local p f
    p=$(grep -cE '^ok ' "$log")
    f=$(grep -cE '^not ok ' "$log")
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
        f=1
        echo "not ok - $name exited with status $rc" >>"$log"
    fi
    pass=$((pass + p))
    fail=$((fail + f))
    # The seconds are for finding slow suites, never a limit.
    printf '%-28s %4d passed, %d failed  (%d s)\n' "$name" "$p" "$f" "$took"
    if [ "$f" != 0 ]; then
        grep -E '^not ok |^#' "$log" | head -40 | sed 's/^/    /'
        echo "    (full log: $log)"
    fi
}

run_script() {           # tests/DIR/t_NAME.sh as DIR.t_NAME, then tiny
    local s=$1 n
    n=${s#tests/}; n=${n%.sh}; n=${n//\//.}
    run_suite "$n" bash "$s"
    if grep -q '^# profiles: .*tiny' "$s"; then
        run_suite "${n%%.*}-tiny.${n#*.}" \
            env EXTLOAD_PROFILE=tiny EXTLOAD="$TINY_EXTLOAD" bash "$s"
    fi
}
TINY_EXTLOAD=$PWD/$BUILD/host-tiny-asan/extload

lanes=${EXTLOAD_TEST_LANES:-$(nproc 2>/dev/null || echo 1)}
side=()
main=()
for s in tests/*/t_*.sh; do
    [ -f "$s" ] || continue
    if [ "$lanes" -gt 1 ] && grep -q '^# lane: side first' "$s"; then
        side=("$s" ${side[@]+"${side[@]}"})
    elif [ "$lanes" -gt 1 ] && grep -q '^# lane: side' "$s"; then
        side+=("$s")
    else
        main+=("$s")
    fi
done
side_out=$logdir/.side.out
side_pid=
rm -f "$side_out.count"  # a lane that dies early must not read an old one
if [ ${#side[@]} -gt 0 ]; then
    set -m               # the lane in a process group of its own
    (
        pass=0 fail=0
        for s in "${side[@]}"; do
            run_script "$s"
        done
        echo "$pass $fail" >"$side_out.count"
    ) >"$side_out" 2>&1 &
    side_pid=$!
    set +m
    trap 'kill -TERM -- -"$side_pid" 2>/dev/null; exit 130' INT TERM
fi

# The side lane reads no test image: it starts before they are built.
echo "building test images in $EXTLOAD_IMAGES"
run_suite images bash tests/images/build.sh "$EXTLOAD_IMAGES"

for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    run_suite "$(basename "$t")" "$t"
done
for t in "$BUILD"/tests-tiny/test_*; do
    [ -x "$t" ] || continue
    run_suite "unit-tiny.$(basename "$t")" "$t"
done

for s in "${main[@]}"; do
    run_script "$s"
done
if [ -n "$side_pid" ]; then
    wait "$side_pid"
    cat "$side_out"
    if read -r p f <"$side_out.count" 2>/dev/null; then
        pass=$((pass + p))
        fail=$((fail + f))
    else
        fail=$((fail + 1))
        echo "not ok - the side lane (${side[*]}) ended without its count"
    fi
    rm -f "$side_out" "$side_out.count"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
