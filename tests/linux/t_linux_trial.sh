#!/usr/bin/env bash
# Trial boots on sifive-u with the real Linux, the whole cycle driven by
# Linux itself (firmware/README.md, "Trial boots"): one QEMU run, without
# -no-reboot, so every guest reset reaches extload again, on a card whose
# /boot is written by the guest (no snapshot).
#
#   boot 1  cycle-a (DEFAULT, committed): its init (tests/linux/
#           trial_init.c) finds no record, arms a trial of cycle-b with
#           the Linux build of the tool (build/riscv64-linux/extload, in
#           the initramfs) on the nvmem file, and reboots
#   boot 2  cycle-b as a trial: its kernel panics (rdinit=/absent and no
#           root: "VFS: Unable to mount root fs"), panic=1 resets
#   boot 3  the trial is over: cycle-a boots, extload.trial_failed=cycle-b
#           on its command line; its init arms cycle-c and reboots
#   boot 4  cycle-c as a trial: its init mounts /boot read-write, runs
#           `extload commit` and `extload state clear`, and reboots
#           without unmounting (the journal is left to replay)
#   boot 5  cycle-c boots as the committed DEFAULT (cycle-a its FALLBACK);
#           its init says "cycle done" and the test ends QEMU
#
# The console is read as it comes: QEMU is ended when "cycle done"
# appears, or when more than BOOTS_MAX boots have begun (a loop), or at
# the first "INIT: FAIL" or "boot: no bootable label" (the prompt); the
# checks are on the lines of each boot. HANG_GUARD (seconds) only stops
# a hung QEMU; nothing is timed. Then the card's /boot, read on the host:
# the journal needs recovery (the guest never unmounted), and once
# e2fsck replays it, extlinux.conf is the old file with DEFAULT cycle-c
# and FALLBACK cycle-a, every other byte kept.
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_trial
HANG_GUARD=${HANG_GUARD:-900}
BOOTS_MAX=7
FAIL_TAIL=60
FW=$BUILD/sifive-u/extload.elf
TOOL=$BUILD/riscv64-linux/extload
PATH=$PATH:/sbin:/usr/sbin
qemu_build "$Q/t_trial-build.log" "make linux, linux-tool, the trial init, the sifive-u loader" \
    linux linux-tool "$Q/trial-init" firmware BOARD=sifive-u

# The initramfs: the cycle's init and the tool.
stage=$T/initrd.d
rm -rf "$stage"
mkdir -p "$stage/dev" "$stage/proc" "$stage/sys" "$stage/boot"
cp "$Q/trial-init" "$stage/init"
cp "$TOOL" "$stage/extload"
(cd "$stage" && printf '%s\n' dev proc sys boot init extload |
    cpio --quiet -o -H newc --owner=0:0 --reproducible) >"$T/trial.cpio"

base="earlycon=sbi console=ttySIF0"
cat >"$T/extlinux.conf" <<CONF
# extload trial cycle (tests/linux/t_linux_trial.sh)
DEFAULT cycle-a
LABEL cycle-a
 LINUX /Image
 INITRD /trial.img
 FDTDIR /dtbs
 FIRMWARE /fw_dynamic.bin
 APPEND $base trialtest.first=cycle-b trialtest.then=cycle-c
LABEL cycle-b
 LINUX /Image
 INITRD /trial.img
 FDTDIR /dtbs
 FIRMWARE /fw_dynamic.bin
 APPEND $base rdinit=/absent panic=1
LABEL cycle-c
 LINUX /Image
 INITRD /trial.img
 FDTDIR /dtbs
 FIRMWARE /fw_dynamic.bin
 APPEND $base trialtest.commit
CONF
cat >"$T/hook.sh" <<HOOK
set -eu
cd "\$1"
cp "$PWD/$T/trial.cpio" trial.img
sha256sum trial.img >trial.img.sha256
cp "$PWD/$T/extlinux.conf" extlinux/extlinux.conf
HOOK
last=card rc=0
bash tests/linux/mkcard.sh "$T/card.img" --linux "$Q" --keep "$T/card" \
    --hook "$T/hook.sh" --table mbr --fs ext4 --smp 2 --mem 128M \
    >"$T/card.log" 2>&1 || rc=card
check "the card: /boot (ext4) with three labels, the initramfs holding the init and the tool" 0

# One QEMU run; ended by the console's last marker or a boot count.
last=cycle
log=$T/cycle.log
card_run "$log" "*INIT: cycle done*"
rc=0
[ "$ended" = finished ] || rc=$ended
check "one QEMU run: 5 boots through the cycle, ended at 'INIT: cycle done' ($boots boots)" 0 \
    '^INIT: cycle done: cycle-c boots committed$'

# The console in boots: $T/boot-N.log from each loader's first line.
awk -v dir="$T" '/^reset: a1 = /{ n++ } { print > (dir "/boot-" (n ? n : 0) ".log") }' "$log"
on() { last=boot-$1; rc=0; [ -f "$T/$last.log" ] || rc=missing; }

nv='INIT: extload'
on 1
check "boot 1: cycle-a boots committed, no record; its init arms a trial of cycle-b through /dev/mem and reboots" 0 \
    '^trial: record at 0x87fff000 ' "^config: .*, default 'cycle-a'" '!^trial: label' \
    "extload\\.label=cycle-a" '^INIT: label cycle-a \(committed\)$' \
    "^$nv no trial record\$" '^INIT: arming a trial of cycle-b$' \
    "^$nv trial of 'cycle-b' armed: 1 boot, sequence 1 \\(/dev/mem at 0x87fff000\\)\$" \
    '^INIT: reboot$' '!INIT: FAIL'
on 2
check "boot 2: cycle-b boots as a trial and its kernel panics (panic=1 resets)" 0 \
    "^trial: label 'cycle-b' boots as a trial, 0 tries left after this one\$" \
    'extload\.label=cycle-b extload\.trial=0"$' \
    'Kernel panic - not syncing' '!^INIT: '
on 3
check "boot 3: cycle-a again, extload.trial_failed=cycle-b; the record says failed; cycle-c armed" 0 \
    "^trial: label 'cycle-b' booted and was not committed: failed; the committed labels boot\$" \
    'extload\.label=cycle-a extload\.trial_failed=cycle-b"$' \
    '^INIT: label cycle-a \(committed\)$' '^INIT: the trial of cycle-b failed$' \
    "^$nv label: cycle-b\$" "^$nv tries left: 0\$" "^$nv last outcome: failed\$" \
    "^$nv sequence: 3\$" \
    "^$nv trial of 'cycle-c' armed: 1 boot, sequence 4 \\(/dev/mem at 0x87fff000\\)\$" \
    '^INIT: reboot$'
on 4
check "boot 4: cycle-c as a trial; its init commits it on /boot and clears the record, then reboots unmounted" 0 \
    "^trial: label 'cycle-c' boots as a trial, 0 tries left after this one\$" \
    'extload\.label=cycle-c extload\.trial=0"$' '^INIT: label cycle-c \(trial\)$' \
    "^$nv label: cycle-c\$" "^$nv last outcome: trying\$" "^$nv sequence: 5\$" \
    '^INIT: mounted /dev/mmcblk0p1 on /boot read-write$' \
    "^$nv /boot/extlinux/extlinux\\.conf: DEFAULT 'cycle-c', FALLBACK 'cycle-a'\$" \
    "^$nv trial record cleared \\(/dev/mem at 0x87fff000\\)\$" \
    "^$nv no trial record\$" '^INIT: reboot$'
on 5
check "boot 5: cycle-c boots as the committed DEFAULT, no record, no trial words" 0 \
    "^config: .*, default 'cycle-c'" '!^trial: label' \
    'extload\.label=cycle-c"$' '!extload\.trial' '^INIT: label cycle-c \(committed\)$' \
    "^$nv no trial record\$" '^INIT: cycle done: cycle-c boots committed$'

# The card's /boot on the host: the journal was left to replay.
last=fs rc=0
dd if="$T/card.img" of="$T/boot.part" bs=1M skip=1 count=32 status=none
dumpe2fs -h "$T/boot.part" >"$T/fs.log" 2>&1 || rc=dumpe2fs
check "/boot was never unmounted: its journal needs recovery" 0 \
    '^Filesystem features:.* needs_recovery'
e2fsck -fy "$T/boot.part" >"$T/fsck.log" 2>&1
r=$?
debugfs -R 'cat /extlinux/extlinux.conf' "$T/boot.part" >"$T/conf.got" 2>/dev/null
sed 's/^DEFAULT cycle-a$/DEFAULT cycle-c\nFALLBACK cycle-a/' "$T/extlinux.conf" >"$T/conf.want"
last=fsck rc=0
[ $r -le 1 ] || rc=e2fsck
cmp "$T/conf.got" "$T/conf.want" >>"$T/fsck.log" 2>&1 || rc="cmp"
check "after e2fsck replays it: extlinux.conf is DEFAULT cycle-c, FALLBACK cycle-a, every other byte kept" 0
qemu_done "$Q/t_trial.last"
