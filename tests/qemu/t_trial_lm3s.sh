#!/usr/bin/env bash
# Trial boots on lm3s6965evb (#37; firmware/README.md, "Trial boots"):
# the whole cycle in one QEMU run, without -no-reboot, so every reset
# (the kernel's SYSRESETREQ, the watchdog's) reaches the loader again
# with the trial record kept in its .noinit SRAM.
#
#   1. 'good' (DEFAULT, committed) boots; its kernel, as a running system
#      would, arms a trial of 'hang' in the record (firmware/trial's
#      encoder, at the store's address from the loader's symbol table)
#      and resets the board.
#   2. The loader boots 'hang' as a trial (the record written back with
#      0 tries left first) and arms the Stellaris watchdog; the kernel
#      hangs (interrupts off, WFI for ever).
#   3. The watchdog resets the board; the record says the trial was never
#      committed: FAILED, and 'good' boots with extload.trial_failed=hang,
#      which its kernel reads and reports before it exits.
#
# Counted, never timed: -icount shift=0,sleep=off (the hung CPU sleeps and
# the virtual clock jumps to the watchdog's time-outs); the log is read
# line by line, at most MAX_LINES, and QEMU is ended at the last marker.
# HANG_GUARD only stops a hang. TAP output.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/trial.$$
FW=$BUILD/lm3s6965evb/extload.elf
MAX_LINES=400
qemu_board lm3s6965evb
QEMU=(qemu-system-arm -M lm3s6965evb -nographic -icount shift=0,sleep=off)

qemu_build "$Q-trial-build.log" "build firmware and the trial test kernel" \
    firmware qemu-tools "$Q/payload-trial.bin"

# trial_boot NAME IMAGE: one QEMU run, resets and all: $T/NAME.log, read
# up to MAX_LINES lines or the line after the trial's report; $rc: QEMU's
# status when it ended by itself (the kernel's semihosting exit), else 0
# when the test ended it at the marker.
trial_boot() {
    local name=$1 img=$2 qpid lines=0 done=0 line
    last=$name
    rm -f "$T/$name.out"; mkfifo "$T/$name.out"
    : >"$T/$name.log"
    timeout "$HANG_GUARD" "${QEMU[@]}" \
        -semihosting-config enable=on,target=native -kernel "$FW" \
        -drive "if=sd,format=raw,file=$img,snapshot=on" \
        </dev/null >"$T/$name.out" 2>&1 &
    qpid=$!
    while [ "$lines" -lt "$MAX_LINES" ] && IFS= read -r line; do
        printf '%s\n' "$line" >>"$T/$name.log"
        lines=$((lines + 1))
        case $line in
        *"the loader says the trial of"*) done=1 ;;
        *"payload: "*" checks failed"*) [ "$done" = 1 ] && break ;;
        esac
    done <"$T/$name.out"
    if kill -0 "$qpid" 2>/dev/null; then
        kill "$qpid" 2>/dev/null
        wait "$qpid"
        rc=0
    else
        wait "$qpid"
        rc=$?
    fi
    drop_cr "$T/$name.log"
}

store=$(arm-none-eabi-nm "$FW" | awk '$3 == "lm3s_trial_store" {print $1}')
if [ -z "$store" ]; then
    fail "the loader has a trial store" /dev/null "no lm3s_trial_store in $FW"
    qemu_done; exit
fi

r=$T/cycle
mkdir -p "$r/boot"
"$MKKERNEL" "$Q/payload-trial.bin" "$r/boot/good.bin" 9000
"$MKKERNEL" "$Q/payload-trial.bin" "$r/boot/hang.bin" 9000
conf "$r" <<CONF
DEFAULT good
LABEL hang
  KERNEL /boot/hang.bin
  APPEND payload.hang
LABEL good
  KERNEL /boot/good.bin
  APPEND payload.arm=hang@$store
CONF
image "$T/cycle.img" "$r" --fs ext4 --table mbr
trial_boot cycle "$T/cycle.img"

check "the committed label boots first and its kernel arms a trial" 0 \
    "label: 'good'" "cmdline \"payload.arm=hang@$store extload.label=good\"" \
    "payload: loader words \"extload.label=good\"" \
    "payload: armed a trial of 'hang' at $store \(seq 1\); resetting"
in_order "the trial boots once, the watchdog armed; the kernel hangs" \
    "payload: armed a trial of 'hang'" \
    "trial: label 'hang' boots as a trial, 0 tries left after this one" \
    "label: 'hang'" \
    "cmdline \"payload.hang extload.label=hang extload.trial=0\"" \
    "handoff: trial: the watchdog resets the board in 30 s" \
    'payload: cmdline "payload.hang"' \
    'payload: loader words "extload.label=hang extload.trial=0"' \
    "payload: hanging (interrupts off, WFI)"
in_order "the watchdog resets the board; the uncommitted trial has failed" \
    "payload: hanging (interrupts off, WFI)" \
    "extload: lm3s6965evb" \
    "trial: label 'hang' booted and was not committed: failed; the committed labels boot" \
    "label: 'good'"
in_order "the committed label boots again and its kernel sees extload.trial_failed" \
    "booted and was not committed" \
    "cmdline \"payload.arm=hang@$store extload.label=good extload.trial_failed=hang\"" \
    'payload: loader words "extload.label=good extload.trial_failed=hang"' \
    "payload: the loader says the trial of 'hang' failed" \
    "payload: 0 checks failed"
boots=$(grep -c '^extload: lm3s6965evb' "$T/cycle.log")
if [ "$boots" = 3 ] && [ "$(grep -c "^label: 'hang'" "$T/cycle.log")" = 1 ]; then
    pass "three boots in all, the trial label once"
else
    fail "three boots in all, the trial label once" "$T/cycle.log" \
        "$boots loader banners"
fi
qemu_done "${KEEP:-}"
