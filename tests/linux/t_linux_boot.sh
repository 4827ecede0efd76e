#!/usr/bin/env bash
# The test Linux booted THROUGH extload on sifive-u, as the FU540 starts a
# first-stage loader from the card: qemu-system-riscv64 -M sifive_u,msel=11
# -bios build/sifive-u/extload.elf, the card from tests/linux/mkcard.sh
# (partition 1 /boot, partition 2 the root). extload loads the SBI
# firmware, the kernel, the initrd files and the device tree, patches
# /chosen, and every hart enters OpenSBI's fw_dynamic, which starts Linux
# in S-mode; the init reports what Linux received and reboots, and
# -no-reboot makes QEMU exit.
#
# Three boots, each card holding several labels tried in order (DEFAULT
# first, then file order), the broken ones first, each refused by name
# with the next label tried, then one Linux boot:
#
#   mbr-ext4: MBR + ext4, -smp 2 -m 128M. 'badsha': a kernel whose bytes
#     fail its .sha256; 'nofw': FIRMWARE names a missing file and none
#     of the places a label without it looks holds one (the firmware is
#     /sbi.bin); 'bigimg': a kernel whose header's
#     image_size (256 MiB) would run into the initrd and the tree;
#     'noroom': a 128 MiB tree (no room left for it in the RAM); 'badfdt':
#     a tree with a bad magic; 'badver': version 15; then 'linux': the
#     kernel behind a symlink, two initrd files concatenated, FDTDIR (the
#     board's fdtfile), FIRMWARE named.
#   gpt-ext2: GPT + ext2 with 1 KiB blocks (the kernel in double-indirect
#     blocks, asserted with debugfs), -smp 5 -m 1G. 'trunc': totalsize
#     past the file; 'oob': the strings block past totalsize; 'overlap':
#     the strings block on the structure block; then 'board': no FDT line
#     (the tree QEMU passed in a1, copied and patched), no FIRMWARE
#     (/boot/fw_dynamic.bin), two initrd files.
#   gpt-ext4: GPT + ext4, -smp 2 -m 1G. 'nodename': a node name without
#     its NUL; 'propname': a property name without its NUL; 'deep': nodes
#     nested one past FDT_DEPTH_MAX (dtc from the tree's source); then
#     'named': FDT /boot/named.dtb, a tree with its own marker, which the
#     init reports, one initrd file.
#
# The malformed trees are made at test time from QEMU's own tree by
# tests/tools/fdtbad.py and dtc. Then the host tool on the first card:
# `extload boot --board sifive-u -o DIR` writes the patched tree, read
# back with dtc.
#
# Each boot's checks grep the init's INIT: lines against the card's fresh
# random tokens and extload's console lines. HANG_GUARD (seconds) only
# stops a hung QEMU; nothing is timed.
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_boot
HANG_GUARD=${HANG_GUARD:-600}
FAIL_TAIL=40
FW=$BUILD/sifive-u/extload.elf
HOST=$BUILD/host/extload
DTB=dtbs/sifive/hifive-unleashed-a00.dtb
FDTBAD="python3 $PWD/tests/tools/fdtbad.py"
DEPTH_MAX=$(sed -n 's/^#define FDT_DEPTH_MAX \([0-9]*\)u$/\1/p' firmware/fdt/fdt.h)
PATH=$PATH:/sbin:/usr/sbin
qemu_build "$Q/t_boot-build.log" "make linux, the sifive-u loader, the host tool" \
    linux firmware BOARD=sifive-u host

# linux_boot NAME HOOK CARD-OPTIONS... -- QEMU-OPTIONS...: a card from
# mkcard.sh (HOOK edits its /boot), then extload in QEMU on it; leaves
# $T/NAME.log, $rc, $last and the card's tokens.
linux_boot() {
    local name=$1 hook=$2 card=() qemu=() dir=$T/$1; shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do card+=("$1"); shift; done
    shift
    qemu=("$@")
    last=$name
    if ! bash tests/linux/mkcard.sh "$T/$name.img" --linux "$Q" \
            --keep "$dir" --marker "marker-$name-$RANDOM" --hook "$hook" \
            --append "$append" "${card[@]}" >"$T/$name.tokens" 2>&1; then
        rc=card
        cp "$T/$name.tokens" "$T/$name.log"
        return
    fi
    root_token=$(sed -n 's/^root_token=//p' "$T/$name.tokens")
    marker=$(sed -n 's/^marker=//p' "$T/$name.tokens")
    initrd_token=$(sed -n 's/^initrd_token=//p' "$T/$name.tokens")
    initrd2_token=$(sed -n 's/^initrd2_token=//p' "$T/$name.tokens")
    initrd_size=$(cat "$dir/boot/initrd.img" "$dir/boot/initrd-2.img" | wc -c)
    timeout "$HANG_GUARD" qemu-system-riscv64 -M sifive_u,msel=11 \
        "${qemu[@]}" -nographic -no-reboot -bios "$FW" \
        -drive "if=sd,format=raw,file=$T/$name.img,snapshot=on" \
        </dev/null >"$T/$name.log" 2>&1
    rc=$?
    drop_cr "$T/$name.log"
}

# refused NAME STEP PATH WHY NEXT: the label's failure line names PATH and
# the sentence WHY (an ERE), then NEXT is tried.
refused() {
    check "$last: '$1' refused by name ($5 is next)" 0 \
        "^$2: $3: $4; trying label '$5'\$"
}

# report NAME CPUS MEMKB-MIN [INITRDS]: what Linux received, from the
# init's lines (INITRDS 1: only initrd.img).
report() {
    local name=$1 cpus=$2 memmin=$3 initrds=${4:-2} log=$T/$last.log mem
    local size=$initrd_size
    check "$name: QEMU exits 0 after the init's reboot (-no-reboot)" 0 \
        '^INIT: done$' 'reboot: Restarting system' '!Kernel panic'
    check "$name: no init step failed, the initramfs unpacked whole" 0 \
        '^INIT: start$' '!^INIT: FAIL' '!Initramfs unpacking failed' \
        '!Warning: unable to open an initial console'
    # APPEND, then the word the loader adds on a board with a trial store
    # (#37, firmware/README.md "Trial boots"): the label that booted.
    local booted words
    booted=$(sed -n "s/^boot: label '\([^']*\)': kernel .*/\1/p" "$log" | tail -1)
    words=" extload\\.label=$booted"
    check "$name: /proc/cmdline is the label's APPEND and extload.label=$booted" 0 \
        "^INIT: cmdline $append$words\$"
    if [ "$initrds" = 2 ]; then
        check "$name: both initrd files, concatenated, unpacked (both tokens)" 0 \
            "^INIT: initrd-1 $initrd_token\$" "^INIT: initrd-2 $initrd2_token\$"
    else
        size=$(stat -c %s "$T/$name/boot/initrd.img")
        check "$name: the one initrd file unpacked (its token, not the second's)" 0 \
            "^INIT: initrd-1 $initrd_token\$" '!^INIT: initrd-2 initrd2-'
    fi
    check "$name: /chosen/bootargs is APPEND and the loader's words, patched by extload" 0 \
        "^INIT: dt bootargs $append$words\$"
    check "$name: /chosen's initrd range spans the $size bytes" 0 \
        "^INIT: dt initrd 0x[0-9a-f]+\\.\\.0x[0-9a-f]+ \\($size bytes\\)\$"
    check "$name: mmc_spi finds the card on spi@10050000, its size right" 0 \
        'sifive_spi 10050000\.spi: mapped' \
        'mmc_spi spi[0-9]\.0: SD/MMC host mmc0' \
        '^INIT: root /dev/mmcblk0p2 after [0-9]+ polls$' \
        "^INIT: sd SD QEMU! $(($(stat -c %s "$T/$name.img") / 512))\$"
    check "$name: the root partition mounts read-only, its token read" 0 \
        "^INIT: root mounted /dev/mmcblk0p2 ext4 ro\$" \
        "^INIT: root-token $root_token\$"
    check "$name: CPUs online: $cpus" 0 "^INIT: cpus $cpus\$"
    mem=$(sed -n 's/^INIT: mem MemTotal: *\([0-9]*\) kB$/\1/p' "$log")
    if [ -n "$mem" ] && [ "$mem" -ge "$memmin" ]; then
        pass "$name: MemTotal $mem kB (>= $memmin)"
    else
        fail "$name: MemTotal ${mem:-?} kB (>= $memmin)" "$log" \
            "the INIT: mem line"
    fi
}

# label NAME FDT-LINE: a label booting /Image with the given FDT line
# and FIRMWARE $fw (for the broken trees). Short, no APPEND:
# the loader reads about 1 KiB of extlinux.conf (BOOT_CONFIG_MAX).
label() {
    printf 'LABEL %s\n LINUX /Image\n %s\n FIRMWARE %s\n' "$1" "$2" "$fw"
}

# ---- 1: MBR + ext4, -smp 2 -m 128M, the broken labels first
append="earlycon=sbi console=ttySIF0 root=/dev/mmcblk0p2 rootwait ro extload.run=a-$RANDOM"
fw=/sbi.bin
cat >"$T/hook-a.sh" <<HOOK
set -eu
cd "\$1"
# The firmware under a name no label without FIRMWARE looks for.
mv fw_dynamic.bin sbi.bin
mv fw_dynamic.bin.sha256 sbi.bin.sha256
# A kernel whose bytes do not match the digest its .sha256 holds.
cp Image Image-bad
printf '\\377' | dd of=Image-bad bs=1 seek=4096 conv=notrunc status=none
sed 's/Image\$/Image-bad/' Image.sha256 >Image-bad.sha256
# A kernel whose header (image_size, le64 at 0x10) asks 256 MiB.
cp Image Image-big
printf '\\0\\0\\0\\020' | dd of=Image-big bs=1 seek=16 conv=notrunc status=none
# A good tree of 128 MiB (totalsize, the file a hole past the blocks).
$FDTBAD $DTB room.dtb room 134217728
# A tree with a bad magic; one of version 15.
cp $DTB bad-magic.dtb
printf '\\0' | dd of=bad-magic.dtb bs=1 count=1 conv=notrunc status=none
$FDTBAD $DTB bad-version.dtb version
ln -s Image vmlinuz
ln -s Image.sha256 vmlinuz.sha256
cat >extlinux/extlinux.conf <<CONF
DEFAULT badsha
LABEL badsha
 LINUX /Image-bad
 FDTDIR /dtbs
 FIRMWARE /sbi.bin
LABEL nofw
 LINUX /Image
 FIRMWARE /sbi/missing.bin
LABEL bigimg
 LINUX /Image-big
 INITRD /initrd.img
 FDTDIR /dtbs
 FIRMWARE /sbi.bin
$(label noroom 'FDT /room.dtb')
$(label badfdt 'FDT /bad-magic.dtb')
$(label badver 'FDT /bad-version.dtb')
LABEL linux
    LINUX /vmlinuz
    INITRD /initrd.img,/initrd-2.img
    FDTDIR /dtbs
    FIRMWARE /sbi.bin
    APPEND $append
CONF
HOOK
linux_boot mbr-ext4 "$T/hook-a.sh" --table mbr --fs ext4 --smp 2 --mem 128M \
    -- -smp 2 -m 128M
check "mbr-ext4: 'badsha' fails its .sha256 by name, 'nofw' is next" 0 \
    "^verify: /Image-bad: sha256 [0-9a-f]+\\.\\.\\. but \\.sha256 says [0-9a-f]+\\.\\.\\.; trying label 'nofw'\$"
refused nofw firmware /sbi/missing\\.bin \
    'missing, and none of /boot/fw_dynamic\.bin /fw_dynamic\.bin /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic\.bin found' \
    bigimg
check "mbr-ext4: 'bigimg': image_size would run into the initrd and the tree, refused before any load" 0 \
    "^load: /Image-big: image_size 268435456 bytes at 0x80200000 run past the [0-9]+ bytes left for it, the initrd and the tree; trying label 'noroom'\$" \
    '!^load: /Image-big -> '
refused noroom fdt /room\\.dtb \
    '134217728 bytes, larger than the [0-9]+ bytes left in the load window' badfdt
refused badfdt fdt /bad-magic\\.dtb \
    'device tree byte 0x0+: not a device tree \(bad magic\)' badver
refused badver fdt /bad-version\\.dtb \
    'device tree byte 0x0*14: version not readable \(needs 16 on, compatible with 17\)' linux
check "mbr-ext4: 'linux' loads the firmware, the kernel through its symlink, both initrds, the FDTDIR tree, each checked" 0 \
    '^firmware: /sbi\.bin -> 0x80000000, [0-9]+ bytes, [0-9]+ ms' \
    '^load: /vmlinuz -> 0x80200000, [0-9]+ bytes, [0-9]+ ms, [0-9]+ KiB/s$' \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /vmlinuz\.sha256' \
    '^initrd: /initrd\.img -> 0x[0-9a-f]+' '^initrd: /initrd-2\.img -> 0x[0-9a-f]+' \
    "^fdt: /dtbs/sifive/hifive-unleashed-a00\\.dtb -> 0x[0-9a-f]+" \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /dtbs/sifive/hifive-unleashed-a00\.dtb\.sha256' \
    '^fdt: /chosen: bootargs = APPEND, initrd range set; [0-9]+ bytes at 0x[0-9a-f]+'
check "mbr-ext4: MBR partition 1, ext4; 128 MiB of DRAM from the tree in a1" 0 \
    '^part: MBR partition 1 ' '^mount: ext4 at LBA [0-9]+, 4096-byte blocks' \
    '^reset: a1 = device tree at 0x[0-9a-f]+, [0-9]+ bytes; /memory: 128 MiB at 0x80000000; 2 harts'
check "mbr-ext4: every hart enters fw_dynamic, which starts Linux in S-mode" 0 \
    "^boot: label 'linux': .*firmware 0x80000000 \\(RISC-V Linux, S-mode\\)" \
    '^handoff: SBI firmware \(fw_dynamic\) at 0x80000000: harts 0-1 enter it' \
    'Domain0 Next Mode *: S-mode'
check "mbr-ext4: the tree Linux got is the card's FDTDIR one (its /chosen marker)" 0 \
    "^INIT: dt extload-marker $marker\$"
report mbr-ext4 0 100000
initrd_size_a=$initrd_size

# ---- 2: GPT + ext2 1 KiB blocks, -smp 5 -m 1G, the board's tree
append="earlycon=sbi console=ttySIF0 root=/dev/mmcblk0p2 rootwait ro extload.run=b-$RANDOM"
cat >"$T/hook-b.sh" <<HOOK
set -eu
cd "\$1"
# The firmware only where a label without FIRMWARE looks.
mkdir boot
mv fw_dynamic.bin fw_dynamic.bin.sha256 boot/
# A tree whose totalsize (be32 at 4) runs past the file.
cp $DTB trunc.dtb
printf '\\001' | dd of=trunc.dtb bs=1 seek=5 conv=notrunc status=none
# The strings block past totalsize; the strings block on the structure.
$FDTBAD $DTB oob.dtb oob
$FDTBAD $DTB overlap.dtb overlap
cat >extlinux/extlinux.conf <<CONF
DEFAULT trunc
$(label trunc 'FDT /trunc.dtb' | sed '/FIRMWARE/d')
$(label oob 'FDT /oob.dtb' | sed '/FIRMWARE/d')
$(label overlap 'FDT /overlap.dtb' | sed '/FIRMWARE/d')
LABEL board
    LINUX /Image
    INITRD /initrd.img,/initrd-2.img
    APPEND $append
CONF
HOOK
linux_boot gpt-ext2 "$T/hook-b.sh" --table gpt --fs ext2-1k --smp 5 --mem 1G \
    -- -smp 5 -m 1G
refused trunc fdt /trunc\\.dtb \
    'device tree byte 0x0*4: header or totalsize past the end of the file' oob
refused oob fdt /oob\\.dtb \
    'device tree byte 0x0*c: a block runs past totalsize' overlap
refused overlap fdt /overlap\\.dtb \
    'device tree byte 0x[0-9a-f]+: a block overlaps the header or another block' board
check "gpt-ext2: GPT partition 1, ext2 with 1 KiB blocks; 1 GiB of DRAM from the tree in a1" 0 \
    '^part: GPT partition 1 ' '^mount: ext2 at LBA [0-9]+, 1024-byte blocks' \
    '^reset: a1 = device tree at 0x[0-9a-f]+, [0-9]+ bytes; /memory: 1024 MiB at 0x80000000; 5 harts'
# debugfs on partition 1 (at 1 MiB): /Image's blocks reach the
# double-indirect range.
last=gpt-ext2-dind rc=0
debugfs -R 'stat /Image' "$T/gpt-ext2.img?offset=1048576" \
    >"$T/$last.log" 2>&1 || rc=debugfs
check "gpt-ext2: debugfs: /Image on 1 KiB blocks uses its double-indirect block" 0 \
    '\(DIND\):[0-9]+' 'Size: [0-9]{7}'
last=gpt-ext2
check "gpt-ext2: no FIRMWARE: /boot/fw_dynamic.bin; the kernel read through double-indirect blocks" 0 \
    '^firmware: /boot/fw_dynamic\.bin -> 0x80000000' \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /boot/fw_dynamic\.bin\.sha256' \
    '^load: /Image -> 0x80200000, [0-9]+ bytes, [0-9]+ ms, [0-9]+ KiB/s$' \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /Image\.sha256'
check "gpt-ext2: no FDT line: the board's tree copied into the window and patched" 0 \
    "^fdt: none named; the board's at 0x[0-9a-f]+, [0-9]+ bytes, copied -> 0x[0-9a-f]+\$" \
    '^fdt: /chosen: bootargs = APPEND, initrd range set' \
    '^handoff: SBI firmware \(fw_dynamic\) at 0x80000000: harts 0-4 enter it'
check "gpt-ext2: the tree Linux got is QEMU's (no card marker)" 0 \
    '^INIT: dt extload-marker -$' '^INIT: dt model SiFive HiFive Unleashed A00$'
report gpt-ext2 0-3 900000

# ---- 3: GPT + ext4, -smp 2 -m 1G, a named FDT
append="earlycon=sbi console=ttySIF0 root=/dev/mmcblk0p2 rootwait ro extload.run=c-$RANDOM"
named_marker=named-$RANDOM-$RANDOM
fw=/fw_dynamic.bin
cat >"$T/hook-c.sh" <<HOOK
set -eu
cd "\$1"
# The named tree: the board's with its own marker, under /boot.
mkdir boot
cp $DTB boot/named.dtb
fdtput -t s boot/named.dtb /chosen extload-marker $named_marker
(cd boot && sha256sum named.dtb >named.dtb.sha256)
# A node name and a property name without their NUL.
$FDTBAD $DTB nodename.dtb nodename
$FDTBAD $DTB propname.dtb propname
# Nodes nested one deeper than FDT_DEPTH_MAX (the root is depth 1).
{
    dtc -q -I dtb -O dts $DTB
    printf '/ {'
    for i in \$(seq 1 $DEPTH_MAX); do printf ' d%d {' "\$i"; done
    for i in \$(seq 1 $DEPTH_MAX); do printf ' };'; done
    printf ' };\n'
} >deep.dts
dtc -q -I dts -O dtb -o deep.dtb deep.dts
cat >extlinux/extlinux.conf <<CONF
DEFAULT nodename
$(label nodename 'FDT /nodename.dtb')
$(label propname 'FDT /propname.dtb')
$(label deep 'FDT /deep.dtb')
LABEL named
    LINUX /Image
    INITRD /initrd.img
    FDT /boot/named.dtb
    FIRMWARE /fw_dynamic.bin
    APPEND $append
CONF
HOOK
linux_boot gpt-ext4 "$T/hook-c.sh" --table gpt --fs ext4 --smp 2 --mem 1G \
    -- -smp 2 -m 1G
refused nodename fdt /nodename\\.dtb \
    'device tree byte 0x[0-9a-f]+: node name not terminated' propname
refused propname fdt /propname\\.dtb \
    'device tree byte 0x[0-9a-f]+: property name outside the strings block' deep
refused deep fdt /deep\\.dtb \
    'device tree byte 0x[0-9a-f]+: nodes nest deeper than FDT_DEPTH_MAX' named
check "gpt-ext4: 'named' loads FDT /boot/named.dtb, checked, patched" 0 \
    '^part: GPT partition 1 ' '^mount: ext4 at LBA [0-9]+, 4096-byte blocks' \
    '^reset: a1 = device tree at 0x[0-9a-f]+, [0-9]+ bytes; /memory: 1024 MiB at 0x80000000; 2 harts' \
    '^fdt: /boot/named\.dtb -> 0x[0-9a-f]+' \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /boot/named\.dtb\.sha256' \
    '^fdt: /chosen: bootargs = APPEND, initrd range set' \
    '^handoff: SBI firmware \(fw_dynamic\) at 0x80000000: harts 0-1 enter it'
check "gpt-ext4: the tree Linux got is the named one (its own marker)" 0 \
    "^INIT: dt extload-marker $named_marker\$"
report gpt-ext4 0 900000 1

# ---- 4: the host tool on the first card writes the same patched tree
last=host
append_a=$(sed -n 's/^    APPEND //p' "$T/mbr-ext4/boot/extlinux/extlinux.conf" | head -1)
"$HOST" boot "$T/mbr-ext4.img" --board sifive-u -o "$T/host-out" \
    </dev/null >"$T/host.log" 2>&1
rc=$?
check "host: extload boot --board sifive-u takes the same labels to 'linux'" 0 \
    "trying label 'nofw'" "trying label 'bigimg'" "trying label 'noroom'" \
    "trying label 'badfdt'" "trying label 'badver'" "trying label 'linux'" \
    '^handoff: every hart enters the firmware at 0x80000000'
if dtc -I dtb -O dts "$T/host-out/fdt.dtb" >"$T/host.dts" 2>"$T/host.dtc"; then
    range=$(sed -n "s/^boot: label 'linux': .*initrd \(0x[0-9a-f]*\)-\(0x[0-9a-f]*\), .*/\1 \2/p" "$T/host.log")
    start=${range% *} end=${range#* }
    cp "$T/host.dts" "$T/host-dts.log"
    last=host-dts rc=0
    [ -n "$range" ] && [ $((end - start)) = "$initrd_size_a" ] || rc=range
    # The board's store holding no record: the label's word after APPEND.
    check "host: dtc reads /chosen: bootargs = APPEND extload.label=linux, the initrd range of the boot line ($initrd_size_a bytes), the marker kept" 0 \
        "^[[:space:]]*bootargs = \"$append_a extload.label=linux\";\$" \
        "^[[:space:]]*linux,initrd-start = <0x0+ $start>;\$" \
        "^[[:space:]]*linux,initrd-end = <0x0+ $end>;\$" \
        '^[[:space:]]*extload-marker = "marker-mbr-ext4-[0-9]+";$' \
        '^[[:space:]]*stdout-path = "/soc/serial@10010000";$'
else
    fail "host: dtc reads the written tree" "$T/host.dtc" "dtc failed"
fi

qemu_done "$Q/t_boot.last"
