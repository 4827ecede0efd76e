#!/usr/bin/env bash
# A/B updates as RAUC lays them out (board/host/rauc/README.md), driven by
# Debian's own rauc (1.8: rauc, rauc-service) through
# board/host/rauc/extload-rauc-backend, then booted on sifive-u with the
# real Linux. The card: partition 1 /boot (extlinux.conf, OpenSBI's
# fw_dynamic.bin, no kernel), partitions 2 and 3 the rootfs slots
# (PARTLABEL rootfs.0, rootfs.1), each holding its own /boot/Image,
# initrd.img and dtbs/; label system0 says PARTITION 2, system1 PARTITION
# PARTLABEL=rootfs.1, each APPEND rauc.slot=BOOTNAME (RAUC 1.8 reads the
# booted slot from it: it has no get-current).
#
# On the host, RAUC with file-backed slots (system.conf's device= the
# slot image files the card is assembled from), a bundle signed by a
# throwaway openssl CA, `rauc service --override-boot-slot` activated on
# a private session bus (a bus config of this test's own, its service
# file starting the service on the first call), bootloader=custom with
# the backend behind a wrapper that logs each call, its answer and its
# exit code ($T/backend.log). The backend's record file (EXTLOAD_STATE)
# is /boot's rauc/trial.rec: RAM does not survive a QEMU start, so the
# card carries what RAUC armed and the committed init arms it in the
# board's store (tests/linux/trial_init.c, trialtest.rauc).
#
#   update 1  booted system0: rauc status (primary system0, both good);
#             rauc install writes the bundle's rootfs (version v2, an
#             initrd of its own) into slot 1 and arms system1
#   run 1     system0 boots committed from partition 2 and arms RAUC's
#             trial; system1 boots as a trial from partition 3 (the
#             kernel and initrd RAUC wrote); its init does what `rauc
#             status mark-good` runs (set-state system1 good: extload
#             commit, state clear), unmounts /boot and reboots; system1
#             boots committed. /boot read back: DEFAULT system1, FALLBACK
#             system0, every other byte kept
#   update 2  booted system1: rauc status mark-good (on a committed boot:
#             nothing changes); a bundle whose init exits (v3) into slot
#             0; system0 armed
#   run 2     system1 arms it; system0's kernel panics (panic=1 resets);
#             system1 boots with extload.trial_failed=system0
#
# The console is read as it comes; QEMU is ended at the init's last line,
# "INIT: end" (sifive_u's OpenSBI has no shutdown device: a guest cannot
# power off), or early at "INIT: FAIL", "boot: no bootable label" or past
# BOOTS_MAX boots (a loop); each boot's lines are checked apart. HANG_GUARD (seconds) only
# stops a hung QEMU; nothing is timed. Needs root (RAUC loop-mounts the
# bundle).
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_rauc
A=$PWD/$T
HANG_GUARD=${HANG_GUARD:-900}
BOOTS_MAX=4
FAIL_TAIL=60
FW=$BUILD/sifive-u/extload.elf
TOOL=$BUILD/riscv64-linux/extload
OPENSBI=/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin
DTB=sifive/hifive-unleashed-a00.dtb
MIB=1048576
PATH=$PATH:/sbin:/usr/sbin
rm -rf "$T"
qemu_build "$Q/t_rauc-build.log" "make linux, linux-tool, the trial init, the sifive-u loader, the host tool" \
    linux linux-tool "$Q/trial-init" firmware BOARD=sifive-u host
for need in rauc dbus-run-session mksquashfs openssl sfdisk mke2fs debugfs; do
    command -v "$need" >/dev/null || {
        echo "not ok 1 - $need (tests/deps.sh: rauc, rauc-service, dbus, squashfs-tools, openssl, fdisk, e2fsprogs)"
        exit 1; }
done
export EXTLOAD=$PWD/$BUILD/host/extload EXTLOAD_CONFIG=$A/boot/extlinux/extlinux.conf \
    EXTLOAD_STATE=$A/boot/rauc/trial.rec EXTLOAD_CMDLINE=$A/cmdline \
    EXTLOAD_RAUC_CONF=$A/none
hex() { od -An -N8 -tx1 /dev/urandom | tr -d ' \n'; }

# rootfs DIR VERSION [broken]: a slot's tree: /boot/Image, /boot/initrd.img
# (the init, the tool, /rauctest.version; broken: /rauctest.broken too),
# /boot/dtbs, each with its .sha256, and /rauctest.version.
rootfs() {
    local d=$1 st=$1.initrd f
    rm -rf "$d" "$st"
    mkdir -p "$d/boot/dtbs/sifive" "$st/dev" "$st/proc" "$st/sys" "$st/boot"
    cp "$Q/trial-init" "$st/init"
    cp "$TOOL" "$st/extload"
    echo "$2" >"$st/rauctest.version"
    [ "${3:-}" != broken ] || echo "$2" >"$st/rauctest.broken"
    (cd "$st" && find . -mindepth 1 | sed 's|^\./||' | sort |
        cpio --quiet -o -H newc --owner=0:0 --reproducible) >"$d/boot/initrd.img"
    cp "$Q/Image" "$d/boot/Image"
    cp "$T/board.dtb" "$d/boot/dtbs/$DTB"
    for f in Image initrd.img "dtbs/$DTB"; do
        (cd "$d/boot/$(dirname "$f")" && sha256sum "$(basename "$f")" \
            >"$(basename "$f").sha256")
    done
    echo "$2" >"$d/rauctest.version"
}
# ext4 DIR OUT: DIR as a 12 MiB ext4 image (a bundle's, a slot's).
ext4() { rm -f "$2"; mke2fs -q -F -t ext4 -b 4096 -L rootfs -d "$1" "$2" 12M; }
# bundle DIR OUT: a plain bundle of DIR's tree as image rootfs.ext4
# (kept as DIR.ext4).
bundle() {
    local b=$T/bundle.d
    rm -rf "$b"; mkdir -p "$b"
    ext4 "$1" "$1.ext4" && cp "$1.ext4" "$b/rootfs.ext4" || return 1
    printf '[update]\ncompatible=extload-sifive-u-test\nversion=%s\n\n[image.rootfs]\nfilename=rootfs.ext4\n' \
        "$(cat "$1/rauctest.version")" >"$b/manifest.raucm"
    rauc bundle --cert="$A/pki/signer.pem" --key="$A/pki/signer.key" \
        --keyring="$A/pki/ca.pem" "$b" "$2"
}

# ---- the host: a CA, the slots, /boot, RAUC's configuration ------------
last=setup rc=0
log=$T/setup.log
: >"$log"
qemu-system-riscv64 -M "sifive_u,dumpdtb=$T/board.dtb" -smp 2 -m 128M \
    -nographic -bios none >/dev/null 2>&1 </dev/null
v1=factory-$(hex) v2=update-$(hex) v3=broken-$(hex)
mkdir -p "$T/pki" "$T/mnt" "$T/rauc-data" "$T/dbus" "$T/boot/extlinux" "$T/boot/rauc"
{
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
        -nodes -keyout "$T/pki/ca.key" \
        -out "$T/pki/ca.pem" -days 365 -subj /CN=extload-test-ca \
        -addext basicConstraints=critical,CA:TRUE \
        -addext keyUsage=critical,keyCertSign,cRLSign &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
        -nodes -keyout "$T/pki/signer.key" \
        -out "$T/pki/signer.csr" -subj /CN=extload-test-signer &&
    printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n' \
        >"$T/pki/signer.ext" &&
    openssl x509 -req -in "$T/pki/signer.csr" -CA "$T/pki/ca.pem" \
        -CAkey "$T/pki/ca.key" -CAcreateserial -days 365 \
        -extfile "$T/pki/signer.ext" -out "$T/pki/signer.pem" &&
    rootfs "$T/v1" "$v1" && rootfs "$T/v2" "$v2" && rootfs "$T/v3" "$v3" broken &&
    bundle "$T/v2" "$T/update.raucb" && bundle "$T/v3" "$T/broken.raucb" &&
    # The factory wrote slot 0; slot 1 is blank until RAUC writes it.
    truncate -s 16M "$T/slot0.img" "$T/slot1.img" &&
    ext4 "$T/v1" "$T/v1.ext4" &&
    dd if="$T/v1.ext4" of="$T/slot0.img" conv=notrunc status=none &&
    cp "$OPENSBI" "$T/boot/fw_dynamic.bin" &&
    (cd "$T/boot" && sha256sum fw_dynamic.bin >fw_dynamic.bin.sha256)
} >>"$log" 2>&1 || rc=setup
base="earlycon=sbi console=ttySIF0"
cat >"$T/boot/extlinux/extlinux.conf" <<CONF
# RAUC's A/B slots (tests/linux/t_linux_rauc.sh)
DEFAULT system0
LABEL system0
    PARTITION 2
    LINUX /boot/Image
    INITRD /boot/initrd.img
    FDTDIR /boot/dtbs
    APPEND $base root=/dev/mmcblk0p2 rauc.slot=system0 panic=1 trialtest.rauc
LABEL system1
    PARTITION PARTLABEL=rootfs.1
    LINUX /boot/Image
    INITRD /boot/initrd.img
    FDTDIR /boot/dtbs
    APPEND $base root=/dev/mmcblk0p3 rauc.slot=system1 panic=1 trialtest.rauc
CONF
cp "$T/boot/extlinux/extlinux.conf" "$T/conf.orig"
cat >"$T/system.conf" <<CONF
[system]
compatible=extload-sifive-u-test
bootloader=custom
mountprefix=$A/mnt
data-directory=$A/rauc-data

[keyring]
path=$A/pki/ca.pem

[handlers]
bootloader-custom-backend=$A/backend

[slot.rootfs.0]
device=$A/slot0.img
type=ext4
bootname=system0

[slot.rootfs.1]
device=$A/slot1.img
type=ext4
bootname=system1
CONF
# The backend as RAUC runs it, each call logged: VERB ARGS -> 'OUT' exit N.
cat >"$T/backend" <<SH
#!/bin/sh
out=\$("$PWD/board/host/rauc/extload-rauc-backend" "\$@" 2>"$A/backend.err")
rc=\$?
echo "\$* -> '\$out' exit \$rc" >>"$A/backend.log"
sed 's/^/    stderr: /' "$A/backend.err" >>"$A/backend.log"
[ -z "\$out" ] || printf '%s\n' "\$out"
cat "$A/backend.err" >&2
exit \$rc
SH
chmod +x "$T/backend"
cat >"$T/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$A</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$A/dbus</servicedir>
  <policy context="default">
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
printf '[D-BUS Service]\nName=de.pengutronix.rauc\nExec=/bin/sh %s/service.sh\n' "$A" \
    >"$T/dbus/de.pengutronix.rauc.service"
check "the host: a CA and its signer, bundles v2 (an update) and v3 (its init exits), slot 0 the factory's v1, /boot's labels" 0

# rauc_session BOOTED CMDLINE NAME COMMAND...: the commands (a shell line
# each) on a private session bus whose RAUC service runs with
# --override-boot-slot=BOOTED, the backend reading CMDLINE as
# /proc/cmdline; each command, its output and "exit N" in $T/NAME.log.
rauc_session() {
    local booted=$1 name=$2; shift 2
    echo "$1" >"$A/cmdline"; shift
    last=$name
    printf 'exec rauc service --conf=%s/system.conf --override-boot-slot=%s >>%s/service.log 2>&1\n' \
        "$A" "$booted" "$A" >"$A/service.sh"
    : >"$T/backend.log"
    # shellcheck disable=SC2016  # the session's own shell expands them
    dbus-run-session --config-file="$A/bus.conf" -- bash -c '
        export DBUS_STARTER_BUS_TYPE=session
        set -o pipefail
        for c in "$@"; do
            echo "\$ $c"
            eval "$c" 2>&1
            echo "exit $?"
        done' rauc-session "$@" >"$T/$name.log" 2>"$T/$name.bus"
    { echo "--- the backend's calls"; cat "$T/backend.log"; } >>"$T/$name.log"
    rc=0
}
# `rauc status --output-format=shell` as lines: "booted B, primary SLOT",
# then "slot BOOTNAME: STATUS" for each slot, sorted.
cat >"$T/status.sh" <<'SH'
set -e
eval "$(rauc status --output-format=shell)"
echo "booted $RAUC_SYSTEM_BOOTED_BOOTNAME, primary $RAUC_BOOT_PRIMARY"
for i in $RAUC_SLOTS; do
    b=RAUC_SLOT_BOOTNAME_$i s=RAUC_SLOT_BOOT_STATUS_$i
    echo "slot ${!b}: ${!s}"
done | sort
SH
st="bash $A/status.sh"

# ---- update 1: booted system0 -------------------------------------------
rauc_session system0 update-1 "$base root=/dev/mmcblk0p2 rauc.slot=system0 extload.label=system0" \
    "$st" "rauc install $A/update.raucb" "$st" "$EXTLOAD state show $EXTLOAD_STATE"
in_order "update 1, booted system0: rauc status reads primary system0, both good; rauc install exits 0 and arms system1 (set-state system1 bad, set-primary system1)" \
    "booted system0, primary rootfs.0" "slot system0: good" "slot system1: good" "exit 0" \
    "\$ rauc install" "Installing \`$A/update.raucb\` succeeded" "exit 0" \
    "booted system0, primary rootfs.1" "slot system0: good" "slot system1: good" "exit 0" \
    "label: system1" "tries left: 1" "last outcome: armed" "exit 0" \
    "--- the backend's calls" "get-primary -> 'system0' exit 0" \
    "set-state system1 bad -> '' exit 0" "set-primary system1 -> '' exit 0" \
    "get-primary -> 'system1' exit 0"
rc=0
cmp -s -n $((12 * MIB)) "$T/v2.ext4" "$T/slot1.img" || rc=slot1
cmp -s -n $((12 * MIB)) "$T/v1.ext4" "$T/slot0.img" || rc=slot0
cmp -s "$T/conf.orig" "$EXTLOAD_CONFIG" || rc=config
debugfs -R 'cat /rauctest.version' "$T/slot1.img" 2>/dev/null | grep -qx "$v2" || rc=version
check "slot 1 holds the bundle's rootfs byte for byte ($v2), slot 0 untouched, extlinux.conf untouched" 0

# card OUT: GPT: partition 1 /boot (8 MiB, from $T/boot), 2 and 3 the
# slot images (PARTLABEL rootfs.0 and rootfs.1).
card() {
    local t=0FC63DAF-8483-4772-8E79-3D69D8477DE4 s=$((MIB / 512))
    rm -f "$1" "$T/boot.part"
    truncate -s 64M "$1"
    printf 'label: gpt\n%s\n%s\n%s\n' \
        "start=$s, size=$((8 * s)), type=$t, name=boot" \
        "start=$((9 * s)), size=$((16 * s)), type=$t, name=rootfs.0" \
        "start=$((25 * s)), size=$((16 * s)), type=$t, name=rootfs.1" |
        sfdisk -q "$1" >/dev/null &&
    truncate -s 8M "$T/boot.part" &&
    mke2fs -q -F -t ext4 -b 4096 -L boot -d "$T/boot" "$T/boot.part" &&
    dd if="$T/boot.part" of="$1" bs=1M seek=1 conv=notrunc status=none &&
    dd if="$T/slot0.img" of="$1" bs=1M seek=9 conv=notrunc status=none &&
    dd if="$T/slot1.img" of="$1" bs=1M seek=25 conv=notrunc status=none
}
# qemu_run NAME BOOTS: one QEMU run on $T/card.img (written by the guest,
# no snapshot, no -no-reboot); $T/NAME.log, $T/NAME-N.log per boot; $rc
# is "end" when the init's last line came in boot BOOTS, else why QEMU
# was ended.
qemu_run() {
    local name=$1
    last=$name
    card_run "$T/$name.log" "INIT: end*"
    rc=$ended
    [ "$ended" != finished ] || rc=end
    [ "$rc" != end ] || [ "$boots" = "$2" ] || rc="end in boot $boots"
    awk -v dir="$T" -v n="$name" '/^reset: a1 = /{ b++ } { print > (dir "/" n "-" (b ? b : 0) ".log") }' "$T/$name.log"
}
on() { last=$1-$2; rc=0; [ -f "$T/$last.log" ] || rc=missing; }
ld='^load: /boot/Image \(partition'
rd='^initrd: /boot/initrd\.img \(partition'
fd="^fdt: /boot/dtbs/sifive/hifive-unleashed-a00\\.dtb \\(partition"
sbi='^firmware: /fw_dynamic\.bin \(partition 1\) -> '
nv='INIT: extload'

# ---- run 1: system0, system1's trial, system1 committed ----------------
last=card1 rc=0
card "$T/card.img" >"$T/card1.log" 2>&1 || rc=card
check "card 1: GPT, /boot with RAUC's record, slot 0 (v1) and slot 1 (RAUC's v2) as partitions 2 and 3" 0
qemu_run run1 3
check "run 1: three boots, ended at 'INIT: end'" end
on run1 1
check "run 1, boot 1: system0 committed: kernel, initrd and tree from partition 2, OpenSBI from partition 1; its init arms the trial RAUC armed" 0 \
    "^config: .*, default 'system0'" '!^trial: label' \
    "^part: label 'system0': PARTITION 2: GPT partition 2 at LBA 18432" \
    "$ld 2\\) -> " "^verify: sha256 .* matches /boot/Image\\.sha256" "$rd 2\\) -> " "$fd 2\\) -> " "$sbi" \
    "^INIT: label system0 \\(committed\\)\$" "^INIT: rootfs $v1\$" \
    "^$nv no trial record\$" "^$nv label: system1\$" \
    '^INIT: arming the trial RAUC armed: system1 \(tries 1\)$' \
    "^$nv trial of 'system1' armed: 1 boot, sequence [0-9]+ \\(/dev/mem at 0x87fff000\\)\$" \
    '^INIT: reboot$' '!INIT: FAIL'
on run1 2
check "run 1, boot 2: system1's trial boots the kernel and initrd RAUC wrote, from partition 3; mark-good (set-state system1 good) commits it" 0 \
    "^trial: label 'system1' boots as a trial, 0 tries left after this one\$" \
    "^part: label 'system1': PARTITION PARTLABEL=rootfs.1: GPT partition 3 at LBA 51200" \
    "$ld 3\\) -> " "$rd 3\\) -> " "$fd 3\\) -> " "$sbi" '!\(partition 2\)' \
    'extload\.label=system1 extload\.trial=0"$' \
    "^INIT: label system1 \\(trial\\)\$" "^INIT: rootfs $v2\$" \
    '^INIT: rauc status mark-good: the backend.s set-state system1 good$' \
    "^$nv /boot/extlinux/extlinux\\.conf: DEFAULT 'system1', FALLBACK 'system0'\$" \
    "^$nv trial record cleared \\(/dev/mem at 0x87fff000\\)\$" '^INIT: reboot$'
on run1 3
check "run 1, boot 3: system1 boots committed (DEFAULT system1) from partition 3, no trial" 0 \
    "^config: .*, default 'system1'" '!^trial: label' '!extload\.trial' \
    "$ld 3\\) -> " "$rd 3\\) -> " "^INIT: label system1 \\(committed\\)\$" "^INIT: rootfs $v2\$" \
    "^$nv no trial record\$" \
    '^INIT: cycle done: system1 boots committed, RAUC armed no other slot$' '^INIT: end$'

# /boot read back: the guest's commit, every other byte kept. The host's
# /boot follows it; its record, the board's store, as the guest left it.
last=boot1 rc=0
dd if="$T/card.img" of="$T/boot.part" bs=1M skip=1 count=8 status=none
debugfs -R 'cat /extlinux/extlinux.conf' "$T/boot.part" >"$T/conf.got" 2>"$T/boot1.log"
sed 's/^DEFAULT system0$/DEFAULT system1\nFALLBACK system0/' "$T/conf.orig" >"$T/conf.want"
cmp "$T/conf.got" "$T/conf.want" >>"$T/boot1.log" 2>&1 || rc="cmp"
e2fsck -fn "$T/boot.part" >>"$T/boot1.log" 2>&1 || rc=e2fsck
check "/boot after run 1: unmounted clean; extlinux.conf DEFAULT system1, FALLBACK system0, every other byte kept" 0
cp "$T/conf.got" "$EXTLOAD_CONFIG"
"$EXTLOAD" state clear "$EXTLOAD_STATE" >/dev/null

# ---- update 2: booted system1, the broken bundle into slot 0 ------------
rauc_session system1 update-2 "$base root=/dev/mmcblk0p3 rauc.slot=system1 extload.label=system1" \
    "$st" "rauc status mark-good" "rauc install $A/broken.raucb" "$st" \
    "$EXTLOAD state show $EXTLOAD_STATE"
in_order "update 2, booted system1: rauc status reads primary system1 (the guest's commit), both good; mark-good on a committed boot (set-state system1 good) changes nothing; rauc install into slot 0 arms system0" \
    "booted system1, primary rootfs.1" "slot system0: good" "slot system1: good" "exit 0" \
    "\$ rauc status mark-good" "marked slot rootfs.1 as good" "exit 0" \
    "\$ rauc install" "Installing \`$A/broken.raucb\` succeeded" "exit 0" \
    "booted system1, primary rootfs.0" "slot system0: good" "slot system1: good" "exit 0" \
    "label: system0" "last outcome: armed" "exit 0" \
    "--- the backend's calls" "get-primary -> 'system1' exit 0" \
    "set-state system1 good -> '' exit 0" "set-state system0 bad -> '' exit 0" "set-primary system0 -> '' exit 0" \
    "get-primary -> 'system0' exit 0"
rc=0
cmp -s -n $((12 * MIB)) "$T/v3.ext4" "$T/slot0.img" || rc=slot0
cmp -s -n $((12 * MIB)) "$T/v2.ext4" "$T/slot1.img" || rc=slot1
debugfs -R 'cat /rauctest.version' "$T/slot0.img" 2>/dev/null | grep -qx "$v3" || rc=version
cmp -s "$T/conf.got" "$EXTLOAD_CONFIG" || rc=config
check "slot 0 holds the broken bundle's rootfs byte for byte ($v3), slot 1 untouched, extlinux.conf untouched" 0

# ---- run 2: system1 arms system0; its kernel panics; system1 again -----
last=card2 rc=0
card "$T/card.img" >"$T/card2.log" 2>&1 || rc=card
check "card 2: /boot as run 1 left it with RAUC's new record, slot 0 RAUC's v3" 0
qemu_run run2 3
check "run 2: three boots, ended at 'INIT: end'" end
on run2 1
check "run 2, boot 1: system1 committed from partition 3; its init arms system0" 0 \
    "^config: .*, default 'system1'" '!^trial: label' "$ld 3\\) -> " \
    "^INIT: label system1 \\(committed\\)\$" "^INIT: rootfs $v2\$" "^$nv label: system0\$" \
    '^INIT: arming the trial RAUC armed: system0 \(tries 1\)$' '^INIT: reboot$'
on run2 2
check "run 2, boot 2: system0's trial boots RAUC's v3 from partition 2; its init exits, the kernel panics" 0 \
    "^trial: label 'system0' boots as a trial, 0 tries left after this one\$" \
    "$ld 2\\) -> " "$rd 2\\) -> " "^INIT: rootfs $v3\$" \
    "^INIT: this rootfs's init exits: the update is broken\$" \
    'Kernel panic - not syncing: Attempted to kill init' '!^INIT: reboot'
on run2 3
check "run 2, boot 3: the trial failed by itself; system1 boots committed from partition 3 with extload.trial_failed=system0" 0 \
    "^trial: label 'system0' booted and was not committed: failed; the committed labels boot\$" \
    "^config: .*, default 'system1'" "$ld 3\\) -> " \
    'extload\.label=system1 extload\.trial_failed=system0"$' \
    "^INIT: rootfs $v2\$" "^$nv label: system0\$" "^$nv last outcome: failed\$" \
    '^INIT: system1 stays committed: the trial of system0 failed$' '^INIT: end$'
last=boot2 rc=0
dd if="$T/card.img" of="$T/boot.part" bs=1M skip=1 count=8 status=none
debugfs -R 'cat /extlinux/extlinux.conf' "$T/boot.part" 2>"$T/boot2.log" |
    cmp - "$T/conf.want" >>"$T/boot2.log" 2>&1 || rc="cmp"
check "/boot after run 2: extlinux.conf still DEFAULT system1, FALLBACK system0" 0
qemu_done "$Q/t_rauc.last"
