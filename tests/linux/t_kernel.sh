#!/usr/bin/env bash
# The test Linux kernel (tests/linux/rules.mk, build/linux/Image), built
# first thing in make test's side lane while the main lane runs the host
# suites; linux.t_linux_* find it built (or wait on build/linux/.lock for
# the build under way). A cached Image is not rebuilt. TAP.
# lane: side first
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
echo "1..1"
if make -s --no-print-directory BUILD="$BUILD" "$BUILD/linux/Image" \
        >"$BUILD/linux-kernel.log" 2>&1; then
    echo "ok 1 - the test kernel: $BUILD/linux/Image, $(stat -c %s "$BUILD/linux/Image") bytes ($(tail -1 "$BUILD/linux/build.log"))"
else
    echo "not ok 1 - make $BUILD/linux/Image failed"
    sed 's/^/# /' "$BUILD/linux-kernel.log" | tail -20
fi
