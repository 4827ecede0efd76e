#!/usr/bin/env bash
# `make size`: boots the loader once in QEMU for the painted stack's
# high-water mark, then prints the size table (tests/bench/size.py).
# Usage: size.sh BUILD   (after make firmware, the .ci objects, sizes.o,
# and the demo card; see tests/bench/rules.mk)
set -u
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
LM3S=$BUILD/lm3s6965evb
IMG=$BUILD/qemu/demo.img
measured=0 what="boot of make qemu's demo card"
if command -v qemu-system-arm >/dev/null && [ -f "$IMG" ]; then
    log=$BUILD/bench/size-qemu.log
    # A hang guard only; nothing here is timed.
    timeout 120 qemu-system-arm -M lm3s6965evb -nographic -icount shift=0 \
        -semihosting-config enable=on,target=native \
        -drive "if=sd,format=raw,file=$IMG,snapshot=on" \
        -kernel "$LM3S/extload.elf" </dev/null >"$log" 2>&1
    measured=$(tr -d '\r' <"$log" |
               sed -nE 's/.*stack high-water mark ([0-9]+) bytes.*/\1/p')
    if [ -z "$measured" ]; then
        what="no high-water line in $log"; measured=0
    fi
else
    what="qemu-system-arm or $IMG missing"
fi
srcs=$(sed -n 's/^LM3S_SRC_LIST: //p' "$BUILD/bench/lm3s-src.txt")
# The menu and prompt (firmware/boot.h BOOT_INTERACTIVE): the loader built
# without them, and the difference.
if [ -f "$LM3S/extload-noint.bin" ]; then
    with=$(stat -c %s "$LM3S/extload.bin")
    without=$(stat -c %s "$LM3S/extload-noint.bin")
    echo "BOOT_INTERACTIVE (menu, countdown, prompt): extload.bin $with bytes" \
         "with it, $without without: it costs $((with - without)) bytes"
    echo
fi
# shellcheck disable=SC2086
exec python3 tests/bench/size.py --map "$LM3S/extload.map" \
    --elf "$LM3S/extload.elf" --bin "$LM3S/extload.bin" \
    --ci-dir "$BUILD/bench/ci" --obj-prefix "$LM3S/obj" \
    --sizes "$BUILD/bench/sizes.o" --measured "$measured" \
    --measured-what "$what" $srcs
