#!/usr/bin/env bash
# Boots the lm3s6965evb firmware in QEMU on SD card images built here and
# checks exit codes and console logs. TAP output.
#
# Exit codes: the test kernel exits with its failed-check count (0 = all
# of r0-r3, the hand-off block, FDT and its own bytes were right); the
# loader stops with 64 + -enum boot_err (65 no card, 66 no partition,
# 67 no filesystem, 68 no bootable label), 127 on a fault.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/t.$$                         # private while running: the tree is shared
FW=$BUILD/lm3s6965evb/extload.elf
FW_STREAM=$BUILD/lm3s6965evb/extload-stream.elf
FW_SHA=$BUILD/lm3s6965evb/extload-sha.elf        # BOOT_REQUIRE_SHA256=1
FW_NOINT=$BUILD/lm3s6965evb/extload-noint.elf    # BOOT_INTERACTIVE=0: stops
qemu_board lm3s6965evb

qemu_build "$Q-build.log" "build firmware and test kernel" \
    firmware firmware-variants qemu-tools

# --- the standard demo tree: two labels, FDT, SHA-256 ---------------------
std_tree() {
    local r=$1
    kernel "$r/boot/kernel.bin" 20000
    sha "$r/boot/kernel.bin"
    kernel "$r/boot/kernel-old.bin" 9000 raw
    "$MKKERNEL" --fdt "$r/boot/board.dtb" extload-test
    conf "$r" <<'CONF'
# extload test configuration
TIMEOUT 10
DEFAULT main
LABEL old
	KERNEL /boot/kernel-old.bin
LABEL main
	KERNEL /boot/kernel.bin
	FDT /boot/board.dtb
	APPEND console=ttyS0 root=/dev/mmcblk0p2 quiet
CONF
}

r=$T/std; std_tree "$r"
image "$T/std-mbr.img" "$r" --fs ext4 --table mbr
boot std-mbr "$T/std-mbr.img"
check "default label boots (ext4, MBR, 64 MiB SDSC)" 0 \
    "card: SDSC 64 MiB" "part: MBR partition 1 at LBA 2048" \
    "mount: ext4 .* 4096-byte blocks" "label: 'main'" \
    "load: /boot/kernel.bin -> 0x20000000, 20000 bytes" \
    "verify: sha256 [0-9a-f]{16}\.\.\. matches" \
    "payload: label 'main' kernel 20000 bytes" \
    "payload: 0 checks failed" "!label: 'old'"
check "APPEND reaches the kernel through r3's hand-off block" 0 \
    'payload: cmdline "console=ttyS0 root=/dev/mmcblk0p2 quiet"' \
    "payload: r0=00000000 r1=ffffffff"
check "FDT loaded after the kernel, r2 points to it" 0 \
    "fdt: /boot/board.dtb -> 0x20004e20, [0-9]+ bytes" \
    "payload: r0=00000000 r1=ffffffff r2=20004e20" \
    "payload: fdt [0-9]+ bytes at 20004e20"
check "vector-table kernel: VTOR and MSP from its table" 0 \
    "handoff: vector table: VTOR=0x20000000 MSP=0x20010000" \
    "payload: ==== extload test kernel \(vector table entry\)"

# The host tool runs the same flow on the same card.
EXTLOAD=${EXTLOAD:-$BUILD/host/extload}
if [ -x "$EXTLOAD" ]; then
    "$EXTLOAD" boot "$T/std-mbr.img" -o "$T/std-host" >"$T/host.log" 2>&1
    rc=$?; last=host
    if cmp -s "$T/std-host/kernel.bin" "$r/boot/kernel.bin"; then
        check "extload boot (host) picks and writes the kernel the board booted" 0 \
            "label: 'main'" "fdt: /boot/board.dtb -> 0x20004e20"
    else
        fail "extload boot (host) picks and writes the kernel the board booted" \
            "$T/host.log" "-o output differs from /boot/kernel.bin"
    fi
else
    n=$((n + 1)); echo "ok $n - extload boot (host) # SKIP $EXTLOAD not built"
fi

image "$T/std-gpt.img" "$r" --fs ext4 --table gpt --start 2
boot std-gpt "$T/std-gpt.img"
check "GPT partition table" 0 "part: GPT partition 1 at LBA 4096" \
    "payload: label 'main' .*\(scheme 2\) at LBA 4096" "payload: 0 checks failed"

image "$T/logical.img" "$r" --table mbr-logical
boot logical "$T/logical.img"
check "MBR: ext4 in logical partition 5, after an empty FAT partition" 0 \
    "part: MBR partition 5 at LBA 6144" "payload: label 'main' .*partition 5 " \
    "payload: 0 checks failed"

image "$T/gpt2.img" "$r" --table gpt-second
boot gpt2 "$T/gpt2.img"
check "GPT: ext4 as partition 2, after an empty EFI system partition" 0 \
    "part: GPT partition 2 at LBA 4096" "payload: 0 checks failed"

image "$T/sdhc.img" "$r" --card 4G --table gpt --start 3072
boot sdhc "$T/sdhc.img"
check "4 GiB sparse SDHC card, partition at 3 GiB" 0 "card: SDHC 4096 MiB" \
    "part: GPT partition 1 at LBA 6291456" "payload: 0 checks failed"

image "$T/whole.img" "$r" --table none --fs ext3
boot whole "$T/whole.img"
check "no partition table: ext3 on the whole card" 0 \
    "part: no partition table, whole card" "mount: ext3" \
    "payload: .*partition 0 \(scheme 0\)" "payload: 0 checks failed"

# --- symlinks ---------------------------------------------------------------
r=$T/link
kernel "$r/boot/images/kernel-1.2.bin" 12345
ln -s images/kernel-1.2.bin "$r/boot/kernel.bin"
ln -s /boot/images "$r/img"
conf "$r" <<'CONF'
default a
label a
  kernel /boot/kernel.bin
label b
  kernel /img/kernel-1.2.bin
CONF
image "$T/link.img" "$r"
boot link "$T/link.img"
check "kernel behind a symlink" 0 \
    "load: /boot/kernel.bin -> 0x20000000, 12345 bytes" \
    "payload: label 'a' kernel 12345 bytes" "payload: 0 checks failed"

# --- fallbacks (fallback_tree: lib.sh) ---------------------------------------
for why in missing sha big; do
    fallback_tree "$T/fb-$why" "$why"
    image "$T/fb-$why.img" "$T/fb-$why"
done
boot fb-missing "$T/fb-missing.img"
check "fallback: default kernel missing -> next label" 0 \
    "label: 'broken'" "load: /boot/bad.bin: .*; trying label 'good'" \
    "label: 'good'" 'payload: cmdline "fell-back"' "payload: 0 checks failed"
boot fb-sha "$T/fb-sha.img"
check "fallback: default kernel fails SHA-256 -> next label" 0 \
    "verify: /boot/bad.bin: sha256 [0-9a-f]{16}\.\.\. but .sha256 says 0{16}\.\.\.; trying label 'good'" \
    "payload: label 'good'" "payload: 0 checks failed"
boot fb-big "$T/fb-big.img"
check "fallback: default kernel larger than the window -> next label" 0 \
    "load: /boot/bad.bin: 60000 bytes, larger than the [0-9]+ bytes left in the load window; trying label 'good'" \
    "payload: label 'good'" "payload: 0 checks failed"
# The host tool models the board (#26.8): the same bytes left past its tail.
# The board has a trial store (#37), so its labels get the loader's words
# (extload.label=...), and so does the host without --trial (#54.5: it
# modelled none, and its hand-off room was 16 bytes smaller).
if [ -x "$EXTLOAD" ]; then
    want=$(grep -oE "larger than the [0-9]+ bytes left" "$T/fb-big.log")
    "$EXTLOAD" boot "$T/fb-big.img" --board lm3s6965evb -o "$T/fb-host" \
        >"$T/fb-host.log" 2>&1 </dev/null
    rc=$?; last=fb-host
    check "extload boot --board lm3s6965evb leaves what the board leaves ($want)" 0 \
        "load: /boot/bad.bin: 60000 bytes, $want in the load window; trying label 'good'"
    # At the limit: a kernel of exactly the bytes left loads on the board
    # and on the host; one byte more is refused by both.
    left=${want//[!0-9]/}
    for extra in 0 1; do
        fallback_tree "$T/edge-$extra" big
        kernel "$T/edge-$extra/boot/bad.bin" $((left + extra))
        image "$T/edge-$extra.img" "$T/edge-$extra"
        boot "edge-$extra" "$T/edge-$extra.img"
        cp "$T/edge-$extra.log" "$T/edge-board-$extra.log"
        rc_board=$rc
        "$EXTLOAD" boot "$T/edge-$extra.img" --board lm3s6965evb \
            >"$T/edge-host-$extra.log" 2>&1 </dev/null
        rc_host=$?
        for side in board host; do
            last=edge-$side-$extra
            [ $side = board ] && rc=$rc_board || rc=$rc_host
            if [ $extra = 0 ]; then
                check "$side: a $((left + extra))-byte kernel, the bytes left, loads" 0 \
                    "load: /boot/bad.bin -> 0x20000000, $left bytes" "label 'broken'"
            else
                check "$side: a $((left + extra))-byte kernel, one past the bytes left, is refused" 0 \
                    "load: /boot/bad.bin: $((left + extra)) bytes, larger than the $left bytes left"
            fi
        done
    done
fi

# The board's path limit (#26.8): fs/ is built with EXT_PATH_MAX 256, so
# a 301-byte symlink target does not fit the rest of the path (Linux
# refuses what does not fit PATH_MAX the same way, fs/namei.c's
# ENAMETOOLONG); the host tool, built with 4096, refuses it with the
# board's line when it models the board (tests/cli/t_cli.sh: plain
# `extload cat` reads it).
r=$T/plim
kernel "$r/boot/images/kernel-1.2.bin" 5000
kernel "$r/boot/good.bin" 3000
ln -s "$(printf './%.0s' $(seq 140))images/kernel-1.2.bin" "$r/boot/long.bin"
conf "$r" <<'CONF'
DEFAULT long
LABEL long
  KERNEL /boot/long.bin
LABEL good
  KERNEL /boot/good.bin
CONF
image "$T/plim.img" "$r"
boot plim "$T/plim.img"
check "a 301-byte symlink target: over the board's 256-byte path, next label" 0 \
    "load: /boot/long.bin: inode [0-9]+: symlink target makes the path too long; trying label 'good'" \
    "payload: label 'good'" "payload: 0 checks failed"
if [ -x "$EXTLOAD" ]; then
    want=$(grep -aE "^load: /boot/long.bin: " "$T/plim.log" | tr -d '\r')
    "$EXTLOAD" boot "$T/plim.img" --board lm3s6965evb -o "$T/plim-host" \
        >"$T/plim-host.log" 2>&1 </dev/null
    rc=$?; last=plim-host
    check "extload boot --board lm3s6965evb refuses it with the board's line" 0 \
        "${want:-the board printed no load line}"
fi

# A loader built with BOOT_REQUIRE_SHA256=1 skips the kernel without one.
r=$T/strict; kernel "$r/boot/plain.bin" 6000; kernel "$r/boot/signed.bin" 7000
sha "$r/boot/signed.bin"
conf "$r" <<'CONF'
DEFAULT plain
LABEL plain
  KERNEL /boot/plain.bin
LABEL signed
  KERNEL /boot/signed.bin
CONF
image "$T/strict.img" "$r"
boot strict "$T/strict.img" "$FW_SHA"
check "BOOT_REQUIRE_SHA256 build: kernel without .sha256 refused, next label" 0 \
    "SHA-256 required" \
    "verify: /boot/plain.bin.sha256: missing, and this loader requires it; trying label 'signed'" \
    "!load: /boot/plain.bin" "payload: label 'signed' .*sha256 verified" \
    "payload: 0 checks failed"

# --- no config: the board default path -------------------------------------
r=$T/noconf; kernel "$r/boot/kernel.bin" 8000
image "$T/noconf.img" "$r"
boot noconf "$T/noconf.img"
check "no extlinux.conf -> board default /boot/kernel.bin" 0 \
    "config: no /boot/extlinux/extlinux.conf or /extlinux/extlinux.conf; trying the board default /boot/kernel.bin" \
    "payload: label 'board-default' kernel 8000 bytes" "payload: 0 checks failed"

r=$T/altconf; kernel "$r/k.bin" 8000
mkdir -p "$r/extlinux"; printf 'LABEL alt\nKERNEL /k.bin\n' >"$r/extlinux/extlinux.conf"
image "$T/altconf.img" "$r"
boot altconf "$T/altconf.img"
check "config at /extlinux/extlinux.conf" 0 \
    "config: /extlinux/extlinux.conf, [0-9]+ bytes, 1 label, default none" \
    "payload: label 'alt'" "payload: 0 checks failed"

# --- INITRD and relative paths (#25.1, #26.7) --------------------------------
# A relative path starts from the config file's folder, as syslinux and
# U-Boot's extlinux support take it; INITRD a,b loads both files back to
# back after the kernel (8-aligned) and the hand-off block (version 2)
# names the region, which the test kernel reads.
r=$T/initrd; kernel "$r/boot/kernel.bin" 9000
mkdir -p "$r/boot/extlinux" "$r/data"
printf 'initrd-token-one|' >"$r/boot/extlinux/initrd-a.img"
printf 'part-two\n' >"$r/data/b.img"
sha "$r/data/b.img"
conf "$r" <<'CONF'
LABEL rel
  KERNEL ../kernel.bin
  INITRD initrd-a.img,../../data/./b.img
  APPEND rd
CONF
image "$T/initrd.img" "$r"
boot initrd "$T/initrd.img"
check "INITRD a,b concatenated in the window, paths relative to the config" 0 \
    "load: /boot/kernel.bin -> 0x20000000, 9000 bytes" \
    "initrd: /boot/extlinux/initrd-a.img -> 0x20002328, 17 bytes" \
    "initrd: /data/b.img -> 0x20002339, 9 bytes" \
    "verify: sha256 [0-9a-f]{16}\.\.\. matches /data/b.img.sha256" \
    "initrd 0x20002328-0x20002342" \
    'payload: initrd 26 bytes at 20002328: "initrd-token-one\|part-two"' \
    "payload: 0 checks failed"

# --- layouts: 1 KiB blocks and indirect maps --------------------------------
# 45000 bytes: the window's tail holds 8 KiB of config since #30, leaving
# 48968 bytes for the files (past 12 KiB the map is indirect).
ext2_card 45000
debugfs -R "stat /boot/kernel.bin" "$T/ext2.img" 2>/dev/null | grep -q "(IND)" ||
    echo "# warning: debugfs shows no indirect block for the ext2 kernel"
boot ext2 "$T/ext2.img"
check "ext2, 1 KiB blocks: 45000-byte kernel through the indirect block" 0 \
    "mount: ext2 .* 1024-byte blocks" "load: /boot/kernel.bin -> 0x20000000, 45000 bytes" \
    "verify: sha256 .* matches" "payload: [0-9]+ padding bytes checked, 0 wrong" \
    "payload: 0 checks failed"

r=$T/raw; kernel "$r/boot/kernel.bin" 4000 raw
image "$T/raw.img" "$r"
boot raw "$T/raw.img"
check "image without a vector table: entered at its first byte, Thumb" 0 \
    "handoff: no vector table: entry 0x20000001" \
    "payload: ==== extload test kernel \(raw Thumb entry\)" "payload: 0 checks failed"

# A raw kernel that is one undefined instruction (UDF #0): the CPU faults
# while the loader's vector table is still in place, so the loader's fault
# handler reports it and stops.
r=$T/udf; mkdir -p "$r/boot"; printf '\000\336\000\336' >"$r/boot/kernel.bin"
image "$T/udf.img" "$r"
boot udf "$T/udf.img"
check "a fault is printed (exception, pc, CFSR) and the board stops" 127 \
    "handoff: no vector table: entry 0x20000001" \
    "fault: HardFault \(exception 3\) at pc=20000000 " \
    "fault: cfsr=00010000 hfsr=40000000" "fault: stopped"

# --- stops -------------------------------------------------------------------
boot nocard ""
check "no card: says so and stops" 65 \
    "card: no card answers CMD0; nothing to boot, stop" "!fault:"

truncate -s 64M "$T/blank.img"
printf 'label: dos\nstart=2048, type=83\n' | sfdisk -q "$T/blank.img" >/dev/null 2>&1
boot nofs "$T/blank.img"
check "partition without a filesystem: says so and stops" 66 \
    "part: no partition holds an ext filesystem; nothing to boot, stop" "!fault:"

rm -f "$T/zero.img"; truncate -s 64M "$T/zero.img"
boot zero "$T/zero.img"
check "blank card: says so and stops" 67 "mount: LBA 0: .*; nothing to boot, stop" "!fault:"

r=$T/nolabel; kernel "$r/boot/x.bin" 100
conf "$r" <<'CONF'
DEFAULT a
LABEL a
  KERNEL /boot/missing-a.bin
LABEL b
  KERNEL /boot/missing-b.bin
LABEL c
CONF
image "$T/nolabel.img" "$r"
boot nolabel "$T/nolabel.img" "$FW_NOINT"
check "no bootable label: each failure said, then stop" 68 \
    "load: /boot/missing-a.bin: .*; trying label 'b'" \
    "load: /boot/missing-b.bin: .*; trying label 'c'" \
    "label: 'c': no KERNEL line; no labels left" \
    "boot: no bootable label \(3 tried\); stop" "!fault:"

# --- streaming larger-than-RAM files through the SPI path -------------------
# stream_case NAME FS "TABLE [mkimage options]" SIZE HOLES MIN_RUN \
#             DEBUGFS_CMD DEBUGFS_PATTERN TITLE
# The digest must equal sha256sum's, and the reader must have asked for
# runs of at least MIN_RUN sectors on average (one CMD18 per run): counts,
# not time.
stream_case() {
    local r=$T/$1 want reads sectors
    mkdir -p "$r"
    "$MKKERNEL" --stream "$r/stream.bin" "$4" "$5"
    want=$(sha256sum "$r/stream.bin" | cut -d' ' -f1)
    image "$T/$1.img" "$r" --fs "$2" --table $3   # $3 may add options
    if [ -n "$7" ] && ! debugfs -R "$7" "$T/$1.img" 2>/dev/null |
            grep -qE -- "$8"; then
        fail "$9" "" "image layout: debugfs '$7' lacks '$8'"; return
    fi
    boot "$1" "$T/$1.img" "$FW_STREAM"
    read -r reads sectors < <(sed -nE \
        's/.* ([0-9]+) device reads, ([0-9]+) sectors,.*/\1 \2/p' "$T/$1.log")
    if [ -n "${reads:-}" ] && [ "$((sectors))" -lt "$((reads * $6))" ]; then
        fail "$9" "$T/$1.log" "$reads reads for $sectors sectors: runs shorter than $6"
        return
    fi
    check "$9" 0 "stream: /stream.bin, $4 bytes, .* sha256 $want"
}
stream_case stream-ext2 ext2-1k none 5242880 0 32 "stat /stream.bin" "\(DIND\)" \
    "stream 5 MiB from ext2 (1 KiB blocks, double-indirect) = host sha256sum"
stream_case stream-ext4 ext4-1k none 6291456 1 1 "ex /stream.bin" "^ *2/ *2 " \
    "stream 6 MiB from ext4 (1 KiB blocks, holes, depth-2 extent tree) = host sha256sum"
stream_case stream-sdhc ext4 "gpt --card 4G --start 3072" 2097152 0 64 "" "" \
    "stream 2 MiB from ext4 on a 4 GiB SDHC card (GPT) = host sha256sum"

# Keep the last run's logs and images in $Q/t for inspection.
qemu_done "$Q/t"
