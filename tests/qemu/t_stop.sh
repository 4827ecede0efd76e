#!/usr/bin/env bash
# A stop that a person can read (#39.3): the boards as `make firmware`
# builds them (BOARD_SEMIHOSTING unset: 0), booted in QEMU without
# semihosting, as a real board runs without a debugger, from a blank card
# (nothing to boot). Each says "nothing to boot, stop", and parks: its
# program counter holds still in cpu_park (or board_stop, where LTO put
# cpu_park inside it), and no "fault:" line follows. tests/qemu/parked.py
# reads the console up to the stop line, then asks QEMU's monitor for the
# pc a counted number of times. HANG_GUARD only stops a hang.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/stop.$$
SB=$BUILD/stop-default            # its own tree: built without the switch
HANG_GUARD=${HANG_GUARD:-120}
mkdir -p "$T"
if ! env -u BOARD_SEMIHOSTING make -s --no-print-directory -j2 BUILD="$SB" \
        firmware-lm3s6965evb firmware-sifive-u >"$Q-stop-build.log" 2>&1; then
    echo "not ok 1 - make firmware for both boards, BOARD_SEMIHOSTING unset"
    sed 's/^/# /' "$Q-stop-build.log" | tail -20
    exit 1
fi
truncate -s 8M "$T/blank.img"

for b in lm3s6965evb sifive-u; do
    case $b in
    lm3s6965evb) nm=arm-none-eabi-nm
        q=(qemu-system-arm -M lm3s6965evb -icount shift=0 -kernel) ;;
    sifive-u) nm=riscv64-unknown-elf-nm
        # shellcheck disable=SC2054  # sifive_u,msel=11 is one argument
        q=(qemu-system-riscv64 -M sifive_u,msel=11 -icount shift=0 -bios) ;;
    esac
    elf=$SB/$b/extload.elf
    last=$b
    timeout "$HANG_GUARD" python3 tests/qemu/parked.py --nm "$nm" \
        --elf "$elf" --symbols '^(cpu_park|board_stop)' -- "${q[@]}" "$elf" \
        -drive "if=sd,format=raw,file=$T/blank.img,snapshot=on" \
        </dev/null >"$T/$b.log" 2>&1
    rc=$?
    check "$b, built without BOARD_SEMIHOSTING, run without semihosting: 'stop', then parked in wfi, no fault line" 0 \
        'nothing to boot, stop$' '^parked: yes 0x[0-9a-f]+ (cpu_park|board_stop)' \
        '!fault:' '!Lockup'
done
qemu_done
