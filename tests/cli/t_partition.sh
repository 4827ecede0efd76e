#!/usr/bin/env bash
# A label's PARTITION (firmware/README.md, "A/B slots"), on the host tool
# as the boards run it: the label's files from the partition named as
# Linux's root= names it, on GPT (number, PARTLABEL=, PARTUUID= in either
# case) and MBR (primary and logical: number, PARTUUID=SSSSSSSS-PP);
# a relative path from that partition's root; the SBI firmware searched
# on the config's partition; every failure (no such partition, not ext,
# a refused mount, a name or id that matches none or two, a malformed
# value) naming the label and the partition, then the next label tried;
# the boot log naming each file's partition; the signed message (v3)
# binding where; `extload message DIR --partition-dir`; `extload info`'s
# PARTUUID= and PARTLABEL=; `extload commit` on such a config. Every
# file's bytes are checked against the ones put on the card (seeded
# random: a file from the wrong slot shows). The tiny profile names the
# line and skips it (BOOT_CONF_PARTITION=0). TAP.
# profiles: default tiny
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

rnd() { python3 -c "import random,sys; random.seed('$2'); sys.stdout.buffer.write(random.randbytes($3))" >"$1"; }
mkfs() { mke2fs -q -F -t ext4 -b 1024 -d "$1" "$2" 2M >/dev/null 2>&1; }
# put IMAGE FS START: a filesystem image written at sector START.
put() { dd if="$2" of="$1" bs=512 seek="$3" conv=notrunc status=none; }
rv() {                     # FILE SEED: a RISC-V Linux Image, 6000 bytes
    rnd "$1" "$2" 6000
    printf '\000\000\040\000\000\000\000\000\000\000\000\000\000\000\000\000' |
        dd of="$1" bs=1 seek=8 conv=notrunc status=none
    printf 'RSC\005' | dd of="$1" bs=1 seek=56 conv=notrunc status=none
}

# The three trees: /boot (the config, the SBI firmware) and two slots,
# each with its own kernel, initrd and device tree at /boot.
B=$tmp/bootfs S0=$tmp/slot0 S1=$tmp/slot1
mkdir -p "$B/extlinux" "$S0/boot" "$S1/boot" "$tmp/junk"
for s in 0 1; do
    d=$tmp/slot$s
    rnd "$d/boot/kernel.bin" "k$s" $((3000 + s * 700))
    rv "$d/boot/Image" "image$s"
    rnd "$d/boot/initrd" "initrd$s" $((2000 + s * 300))
    printf '/dts-v1/;\n/ { compatible = "slot%s"; chosen { }; };\n' $s |
        dtc -q -I dts -O dtb -o "$d/boot/board.dtb" -
    (cd "$d/boot" && sha256sum initrd >initrd.sha256)
done
rnd "$B/fw_dynamic.bin" fw 2500
rnd "$S1/boot/fw_dynamic.bin" fw-slot 2600   # must not be the one found
rnd "$tmp/junk/x" junk 100

# gpt.img: p1 /boot "boot", p2 "rootfs.0", p3 "rootfs.1", p4 not ext
# (named "data"), p5 and p6 both named "twin", p7 ext with an INCOMPAT
# bit no reader knows.
gpt_card() {               # CONFIG-TEXT
    printf '%s\n' "$1" >"$B/extlinux/extlinux.conf"
    mkfs "$B" "$tmp/p1.img"
    truncate -s 0 "$tmp/gpt.img"; truncate -s 16M "$tmp/gpt.img"
    sfdisk -q "$tmp/gpt.img" <<'EOF'
label: gpt
start=2048, size=4096, name=boot
start=6144, size=4096, name=rootfs.0, uuid=0FC63DAF-1111-4772-8E79-3D69D8477DE4
start=10240, size=4096, name=rootfs.1, uuid=9b2d34a6-1f0e-4c1d-a3b4-c5d6e7f80912
start=14336, size=2048, name=data
start=16384, size=2048, name=twin
start=18432, size=2048, name=twin
start=20480, size=4096, name=odd
EOF
    put "$tmp/gpt.img" "$tmp/p1.img" 2048
    put "$tmp/gpt.img" "$tmp/s0.img" 6144
    put "$tmp/gpt.img" "$tmp/s1.img" 10240
    put "$tmp/gpt.img" "$tmp/s0.img" 16384
    put "$tmp/gpt.img" "$tmp/s1.img" 18432
    put "$tmp/gpt.img" "$tmp/odd.img" 20480
}
mkfs "$S0" "$tmp/s0.img"
mkfs "$S1" "$tmp/s1.img"
cp "$tmp/s1.img" "$tmp/odd.img"
debugfs -w -R 'ssv feature_incompat 0x80000242' "$tmp/odd.img" >/dev/null 2>&1

boot() {                   # IMAGE LOG [ARGS...]: extload boot into $tmp/out
    local img=$1 log=$2; shift 2
    rm -rf "$tmp/out"
    "$X" boot "$img" -o "$tmp/out" "$@" </dev/null >"$log" 2>&1
}

if tiny; then
    gpt_card 'LABEL s1
  PARTITION 3
  KERNEL /boot/kernel.bin'
    boot "$tmp/gpt.img" "$tmp/tiny.log"
    has "$tmp/tiny.log" "config: .*PARTITION" &&
        has "$tmp/tiny.log" "load: /boot/kernel.bin: "
    ok $? "tiny: PARTITION named and skipped; the file looked for on the config's partition" "$tmp/tiny.log"
    echo "1..$n"
    exit 0
fi

# ---- GPT: each way of naming the slot, then the failures in a row ----
gpt_card 'DEFAULT bynum
LABEL bynum
  PARTITION 3
  KERNEL /boot/kernel.bin
LABEL bylabel
  PARTITION PARTLABEL=rootfs.0
  KERNEL boot/kernel.bin
LABEL byuuid
  PARTITION PARTUUID=9B2D34A6-1F0E-4C1D-A3B4-C5D6E7F80912
  KERNEL /boot/kernel.bin
LABEL byuuid-lower
  PARTITION PARTUUID=0fc63daf-1111-4772-8e79-3d69d8477de4
  KERNEL ./boot/../boot/kernel.bin
LABEL plain
  KERNEL ../fw_dynamic.bin'
pick() {                   # LABEL: the card's config with DEFAULT LABEL
    sed -i "1s/^DEFAULT .*/DEFAULT $1/" "$B/extlinux/extlinux.conf"
    mkfs "$B" "$tmp/p1.img"
    put "$tmp/gpt.img" "$tmp/p1.img" 2048
}
for l in bynum:1:3 bylabel:0:2 byuuid:1:3 byuuid-lower:0:2; do
    IFS=: read -r name slot no <<<"$l"
    pick "$name"
    boot "$tmp/gpt.img" "$tmp/$name.log"
    cmp -s "$tmp/out/kernel.bin" "$tmp/slot$slot/boot/kernel.bin" &&
        has "$tmp/$name.log" "^part: label '$name': PARTITION .*: GPT partition $no at LBA " &&
        has "$tmp/$name.log" "^load: /boot/kernel.bin \\(partition $no\\) -> " &&
        has "$tmp/$name.log" "^boot: label '$name'"
    ok $? "GPT: label $name boots slot $slot's kernel from partition $no" "$tmp/$name.log"
done
pick plain
boot "$tmp/gpt.img" "$tmp/plain.log"
cmp -s "$tmp/out/kernel.bin" "$B/fw_dynamic.bin" &&
    ! has "$tmp/plain.log" "^part: label" && has "$tmp/plain.log" "^load: /fw_dynamic.bin -> "
ok $? "GPT: a label without PARTITION reads the config's partition, as before" "$tmp/plain.log"

gpt_card 'DEFAULT nonum
LABEL nonum
  PARTITION 9
  KERNEL /boot/kernel.bin
LABEL notext
  PARTITION PARTLABEL=data
  KERNEL /boot/kernel.bin
LABEL refused
  PARTITION PARTLABEL=odd
  KERNEL /boot/kernel.bin
LABEL nolabel
  PARTITION PARTLABEL=rootfs.2
  KERNEL /boot/kernel.bin
LABEL twice
  PARTITION PARTLABEL=twin
  KERNEL /boot/kernel.bin
LABEL nouuid
  PARTITION PARTUUID=00000000-0000-0000-0000-000000000001
  KERNEL /boot/kernel.bin
LABEL badspec
  PARTITION /dev/mmcblk0p3
  KERNEL /boot/kernel.bin
LABEL last
  PARTITION PARTLABEL=rootfs.1
  KERNEL /boot/kernel.bin'
boot "$tmp/gpt.img" "$tmp/fail.log"
expect_fail() {            # LABEL NEXT PATTERN
    has "$tmp/fail.log" "^partition: '$1': PARTITION [^ ]*: $3; trying label '$2'\$"
    ok $? "GPT: label $1 fails: $3" "$tmp/fail.log"
}
cmp -s "$tmp/out/kernel.bin" "$S1/boot/kernel.bin" &&
    has "$tmp/fail.log" "^boot: label 'last'"
ok $? "GPT: after seven failures in a row the last label boots" "$tmp/fail.log"
mv "$tmp/fail.log" "$tmp/fail1.log"
gpt_card 'DEFAULT mbrid
LABEL mbrid
  PARTITION PARTUUID=12345678-02
  KERNEL /boot/kernel.bin
LABEL nofile
  PARTITION 2
  KERNEL /boot/nothere
LABEL last
  PARTITION PARTLABEL=rootfs.1
  KERNEL /boot/kernel.bin'
boot "$tmp/gpt.img" "$tmp/fail.log"
cat "$tmp/fail1.log" >>"$tmp/fail.log"
expect_fail nonum notext "no such partition"
expect_fail notext refused "partition 4 did not mount: .*"
has "$tmp/fail.log" "^partition: 'refused': PARTITION PARTLABEL=odd: partition 7 did not mount: .*(INCOMPAT|unsupported|feature).*; trying label 'nolabel'"
ok $? "GPT: label refused fails: the mount refused, by its feature" "$tmp/fail.log"
expect_fail nolabel twice "no GPT partition has that name"
expect_fail twice nouuid "partitions 5 and 6 both match; refused"
expect_fail nouuid badspec "no partition has that PARTUUID"
expect_fail badspec last "not a partition number, PARTLABEL= or PARTUUID="
expect_fail mbrid nofile "no partition has that PARTUUID"
has "$tmp/fail.log" "^load: /boot/nothere: .*; trying label 'last'" &&
    cmp -s "$tmp/out/kernel.bin" "$S1/boot/kernel.bin" &&
    has "$tmp/fail.log" "^load: /boot/kernel.bin \\(partition 3\\) -> " &&
    has "$tmp/fail.log" "^boot: label 'last'"
ok $? "GPT: a missing file on the slot fails the label; the next boots from partition 3" "$tmp/fail.log"

# ---- sifive-u: a Linux label from a slot, the firmware from /boot ----
gpt_card 'DEFAULT linux
LABEL linux
  PARTITION PARTLABEL=rootfs.1
  LINUX /boot/Image
  INITRD /boot/initrd
  FDT boot/board.dtb
  APPEND root=PARTLABEL=rootfs.1 rauc.slot=system1'
boot "$tmp/gpt.img" "$tmp/linux.log" --board sifive-u
cmp -s "$tmp/out/kernel.bin" "$S1/boot/Image" &&
    has "$tmp/linux.log" "^firmware: /fw_dynamic.bin \\(partition 1\\) -> " &&
    has "$tmp/linux.log" "^load: /boot/Image \\(partition 3\\) -> " &&
    has "$tmp/linux.log" "^initrd: /boot/initrd \\(partition 3\\) -> " &&
    has "$tmp/linux.log" "^verify: sha256 .* matches /boot/initrd.sha256" &&
    has "$tmp/linux.log" "^fdt: /boot/board.dtb \\(partition 3\\) -> " &&
    has "$tmp/linux.log" "^boot: label 'linux': .*firmware 0x"
ok $? "sifive-u: kernel, initrd (checked) and tree from partition 3, the SBI firmware from partition 1" "$tmp/linux.log"
for f in "$tmp"/out/*; do
    case $(basename "$f") in
    memory-map.txt) ;;
    *) cmp -s "$f" "$B/fw_dynamic.bin" || cmp -s "$f" "$S1/boot/Image" ||
           cmp -s "$f" "$S1/boot/initrd" || dtc -q -I dtb -O dts "$f" 2>/dev/null |
           grep -q '"slot1"' || { echo "# $f is no file of slot 1 or /boot"; false; } ;;
    esac
done
ok $? "sifive-u: every placed file is slot 1's or /boot's own bytes" "$tmp/linux.log"

# ---- MBR: primary and logical; PARTUUID=SSSSSSSS-PP --------------------
printf 'LABEL x\n' >"$B/extlinux/extlinux.conf"
cat >"$B/extlinux/extlinux.conf" <<'CONF'
DEFAULT logical
LABEL mbrlabel
  PARTITION PARTLABEL=rootfs.0
  KERNEL /boot/kernel.bin
LABEL logical
  PARTITION PARTUUID=c0ffee42-06
  KERNEL /boot/kernel.bin
LABEL primary
  PARTITION PARTUUID=C0FFEE42-02
  KERNEL /boot/kernel.bin
LABEL bynum
  PARTITION 5
  KERNEL /boot/kernel.bin
CONF
mkfs "$B" "$tmp/p1.img"
truncate -s 0 "$tmp/mbr.img"; truncate -s 16M "$tmp/mbr.img"
sfdisk -q "$tmp/mbr.img" <<'EOF'
label: dos
label-id: 0xc0ffee42
start=2048, size=4096, type=83
start=6144, size=4096, type=83
start=10240, size=16384, type=5
start=12288, size=4096, type=83
start=18432, size=4096, type=83
EOF
put "$tmp/mbr.img" "$tmp/p1.img" 2048
put "$tmp/mbr.img" "$tmp/s0.img" 6144
put "$tmp/mbr.img" "$tmp/s0.img" 12288
put "$tmp/mbr.img" "$tmp/s1.img" 18432
boot "$tmp/mbr.img" "$tmp/mbr.log"
cmp -s "$tmp/out/kernel.bin" "$S1/boot/kernel.bin" &&
    has "$tmp/mbr.log" "^part: label 'logical': PARTITION PARTUUID=c0ffee42-06: MBR partition 6 at LBA 18432" &&
    has "$tmp/mbr.log" "^load: /boot/kernel.bin \\(partition 6\\) -> "
ok $? "MBR: PARTUUID=c0ffee42-06 boots logical partition 6" "$tmp/mbr.log"
for l in primary:0:2 bynum:0:5 mbrlabel:x:x; do
    IFS=: read -r name slot no <<<"$l"
    sed -i "1s/^DEFAULT .*/DEFAULT $name/" "$B/extlinux/extlinux.conf"
    mkfs "$B" "$tmp/p1.img"
    put "$tmp/mbr.img" "$tmp/p1.img" 2048
    boot "$tmp/mbr.img" "$tmp/mbr-$name.log"
    if [ "$slot" = x ]; then
        has "$tmp/mbr-$name.log" "^partition: 'mbrlabel': PARTITION PARTLABEL=rootfs.0: only a GPT partition has a name, and this card has none; trying label"
        ok $? "MBR: PARTLABEL= refused: MBR partitions have no names" "$tmp/mbr-$name.log"
    else
        cmp -s "$tmp/out/kernel.bin" "$tmp/slot$slot/boot/kernel.bin" &&
            has "$tmp/mbr-$name.log" "^part: label '$name': PARTITION .*: MBR partition $no at LBA "
        ok $? "MBR: label $name boots partition $no" "$tmp/mbr-$name.log"
    fi
done

# ---- info: how root= names each partition ------------------------------
"$X" info "$tmp/gpt.img" >"$tmp/info" 2>&1
has "$tmp/info" "^partition 2: start 6144, 4096 sectors, type linux-fs, PARTUUID=0fc63daf-1111-4772-8e79-3d69d8477de4, PARTLABEL=rootfs.0$" &&
    has "$tmp/info" "^partition 3: .*PARTUUID=9b2d34a6-1f0e-4c1d-a3b4-c5d6e7f80912, PARTLABEL=rootfs.1$"
ok $? "info: GPT partitions with PARTUUID= and PARTLABEL=" "$tmp/info"
"$X" info "$tmp/mbr.img" >"$tmp/info" 2>&1
has "$tmp/info" "^partition 2: .*type 0x83, PARTUUID=c0ffee42-02$" &&
    has "$tmp/info" "^partition 6: .*type 0x83, PARTUUID=c0ffee42-06$"
ok $? "info: MBR partitions (a logical one too) with PARTUUID=" "$tmp/info"

# ---- signed: the message binds the partition --------------------------
openssl genpkey -algorithm ed25519 -out "$tmp/k.pem" 2>/dev/null
openssl pkey -in "$tmp/k.pem" -pubout -out "$tmp/k.pub.pem" 2>/dev/null
sign_card() {              # SPEC: the slot label signed, on gpt.img
    gpt_card "DEFAULT s
LABEL s
  PARTITION $1
  LINUX /boot/Image
  INITRD /boot/initrd
  SIGNATURE s.sig
  APPEND root=PARTLABEL=rootfs.1"
}
sign_card PARTLABEL=rootfs.1
"$X" message "$tmp/gpt.img" s --board sifive-u >"$tmp/msg" 2>"$tmp/err"
sed -n 1p "$tmp/msg" | grep -qx 'extload-sig-v3' &&
    grep -qx 'partition PARTLABEL=rootfs.1' "$tmp/msg" &&
    grep -q "^file kernel partition /boot/Image 6000 $(sha256sum <"$S1/boot/Image" | cut -c1-64)\$" "$tmp/msg" &&
    grep -q "^file initrd partition /boot/initrd 2300 " "$tmp/msg" &&
    grep -q "^file firmware config /fw_dynamic.bin 2500 $(sha256sum <"$B/fw_dynamic.bin" | cut -c1-64)\$" "$tmp/msg"
ok $? "message: v3, its partition line, each file's partition and bytes" "$tmp/msg"
"$X" message "$B" s --board sifive-u --partition-dir "$S1" | cmp -s - "$tmp/msg"
ok $? "message DIR --partition-dir: the bytes the card gives"
"$X" message "$B" s --board sifive-u >/dev/null 2>"$tmp/err"
[ $? = 1 ] && has "$tmp/err" "PARTITION PARTLABEL=rootfs.1: give that partition's tree with --partition-dir"
ok $? "message DIR without --partition-dir: refused, said why" "$tmp/err"
"$X" sign "$tmp/k.pem" "$tmp/gpt.img" s -o "$B/extlinux/s.sig" --board sifive-u &&
    mkfs "$B" "$tmp/p1.img" && put "$tmp/gpt.img" "$tmp/p1.img" 2048 &&
    "$X" verify --key "$tmp/k.pub.pem" "$tmp/gpt.img" s --board sifive-u >"$tmp/v" 2>&1 &&
    grep -qx "label 's': verified" "$tmp/v" &&
    boot "$tmp/gpt.img" "$tmp/signed.log" --board sifive-u --key "$tmp/k.pub.pem" &&
    has "$tmp/signed.log" "^signature: /extlinux/s.sig: Ed25519 verified" &&
    has "$tmp/signed.log" "^boot: label 's'"
ok $? "signed: sign, verify and boot a label with PARTITION" "$tmp/signed.log"
cp "$B/extlinux/s.sig" "$tmp/s.sig"
# The same bytes named by number: another message, the signature refused.
sign_card 3
cp "$tmp/s.sig" "$B/extlinux/s.sig"
mkfs "$B" "$tmp/p1.img" && put "$tmp/gpt.img" "$tmp/p1.img" 2048
"$X" verify --key "$tmp/k.pub.pem" "$tmp/gpt.img" s --board sifive-u >"$tmp/v" 2>&1
[ $? = 1 ] && has "$tmp/v" "^label 's': refused: signature: /extlinux/s.sig: signature does not verify"
ok $? "signed: the signature binds the PARTITION as written (3 for PARTLABEL=rootfs.1: refused)" "$tmp/v"

# ---- commit: a config with PARTITION keeps every byte but DEFAULT ------
cat >"$tmp/c.conf" <<'CONF'
DEFAULT system0
LABEL system0
    PARTITION PARTLABEL=rootfs.0
    LINUX /boot/Image
    APPEND root=PARTLABEL=rootfs.0 rauc.slot=system0
LABEL system1
    PARTITION PARTLABEL=rootfs.1
    LINUX /boot/Image
    APPEND root=PARTLABEL=rootfs.1 rauc.slot=system1
CONF
cp "$tmp/c.conf" "$tmp/c.orig"
"$X" commit "$tmp/c.conf" system1 >"$tmp/cm" 2>&1 &&
    grep -qx 'DEFAULT system1' "$tmp/c.conf" && grep -qx 'FALLBACK system0' "$tmp/c.conf" &&
    [ "$(grep -c 'PARTITION PARTLABEL=rootfs' "$tmp/c.conf")" = 2 ]
ok $? "commit: DEFAULT system1, FALLBACK system0, the PARTITION lines kept" "$tmp/cm"
echo "1..$n"
