#!/usr/bin/env bash
# A boot on each board from a 1 KiB-block ext4 (8192 blocks, 8 MiB, per
# group) whose kernel's extent runs from one block group into the next,
# one with no superblock backup (issue 29: the system-zone check refused
# such a kernel and the board stopped). TAP.
#
# The kernel's place is set with a filler file that mke2fs -d writes
# first (names are copied in sorted order): its size is corrected from
# where debugfs says the kernel landed until the kernel starts a few
# blocks before group 2 (lm3s6965evb: a 20000-byte kernel, the load
# window is tens of KiB) or runs through group 1 into group 2 (sifive-u:
# a kernel of 9 MiB, more than a group). Before each boot the test
# asserts, from debugfs's `ex` of the kernel, that one extent crosses
# into a group without a backup, so it cannot silently stop testing it.
# Without the fix of 8722801 both boots stop: "no bootable label".
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
T=$BUILD/qemu/t-crossgroup.$$     # private while running
FW_LM3S=$BUILD/lm3s6965evb/extload.elf
FW_SIFIVE=$BUILD/sifive-u/extload.elf
SEEDFILL=$BUILD/tools/seedfill
qemu_build "$BUILD/qemu/crossgroup-build.log" \
    "build both boards' firmware and test kernels" \
    firmware qemu-tools firmware-sifive-u qemu-tools-sifive-u \
    "$SEEDFILL"

BPG=8192                          # blocks per group at 1 KiB blocks
FIRST=1                           # s_first_data_block at 1 KiB blocks

# has_backup G: sparse_super's groups 0, 1 and the powers of 3, 5, 7.
has_backup() {
    local g=$1 p v
    [ "$g" -le 1 ] && return 0
    for p in 3 5 7; do
        v=$p
        while [ "$v" -lt "$g" ]; do v=$((v * p)); done
        [ "$v" = "$g" ] && return 0
    done
    return 1
}

# extents IMG: "first last" physical block of each of /boot/kernel.bin's
# extents, from debugfs ex (its leaves only).
extents() {
    debugfs -R "ex /boot/kernel.bin" "$1" 2>/dev/null |
        awk '$6 == "-" && $9 == "-" { print $8, $10 }'
}

# crossing IMG: prints "first-last (groups A-B)" for the first extent
# that runs into a group without a superblock backup; fails if none.
crossing() {
    local a b ga gb g
    while read -r a b; do
        ga=$(( (a - FIRST) / BPG )) gb=$(( (b - FIRST) / BPG ))
        for ((g = ga + 1; g <= gb; g++)); do
            if ! has_backup "$g"; then
                echo "$a-$b (groups $ga-$gb, group $g without a backup)"
                return 0
            fi
        done
    done < <(extents "$1")
    return 1
}

# place DIR IMG KERNEL_START_WANTED: builds IMG (ext4, 1 KiB blocks, no
# partition table, 128 MiB: at 64 MiB mke2fs puts the journal at group
# 2's start, where the kernel should run) from DIR, resizing DIR/a-filler.bin until the kernel
# starts at the block wanted (at most four tries).
place() {
    local r=$1 img=$2 want=$3 try start fill
    fill=$(( (want - 4400) * 1024 ))
    for try in 1 2 3 4; do
        "$SEEDFILL" 29 "$fill" >"$r/a-filler.bin"
        image "$img" "$r" --fs ext4-1k --table none --card 128M
        start=$(extents "$img" | awk 'NR == 1 { print $1 }')
        [ -n "$start" ] || return 1
        [ "$start" = "$want" ] && return 0
        fill=$((fill + (want - start) * 1024))
        [ "$fill" -gt 0 ] || return 1
    done
    return 0
}

# --- lm3s6965evb: 20000 bytes from 8 blocks before group 2 ---------------
Q=$BUILD/qemu FW=$FW_LM3S
qemu_board lm3s6965evb
r=$T/lm3s
kernel "$r/boot/kernel.bin" 20000; sha "$r/boot/kernel.bin"
conf "$r" <<'CONF'
LABEL cross
  KERNEL /boot/kernel.bin
  APPEND crossgroup
CONF
place "$r" "$T/lm3s.img" $((FIRST + 2 * BPG - 8))
if x=$(crossing "$T/lm3s.img"); then
    pass "lm3s6965evb card: the kernel's extent $x"
    boot lm3s "$T/lm3s.img"
    check "lm3s6965evb boots a kernel whose extent crosses into a group without a backup" 0 \
        "mount: ext4 .* 1024-byte blocks" \
        "load: /boot/kernel.bin -> 0x20000000, 20000 bytes" \
        "verify: sha256 .* matches" \
        "payload: [0-9]+ padding bytes checked, 0 wrong" \
        'payload: cmdline "crossgroup"' "payload: 0 checks failed"
else
    fail "lm3s6965evb card: the kernel's extent crosses into a group without a backup" \
        "" "layout: $(extents "$T/lm3s.img" | tr '\n' ' ')"
fi

# --- sifive-u: 9 MiB, from group 1 through group 2 -----------------------
Q=$BUILD/sifive-u/qemu FW=$FW_SIFIVE
HANG_GUARD=
qemu_board sifive-u
r=$T/sifive
kernel "$r/boot/kernel.bin" 9437184; sha "$r/boot/kernel.bin"
conf "$r" <<'CONF'
LABEL cross
  KERNEL /boot/kernel.bin
  APPEND crossgroup
CONF
# Past group 1's backup and reserved descriptor blocks (about 260).
place "$r" "$T/sifive.img" $((FIRST + BPG + 2000))
if x=$(crossing "$T/sifive.img"); then
    pass "sifive-u card: the 9 MiB kernel's extent $x"
    boot sifive "$T/sifive.img"
    check "sifive-u boots a 9 MiB kernel whose extent crosses into a group without a backup" 0 \
        "mount: ext4 .* 1024-byte blocks" \
        "load: /boot/kernel.bin -> 0x80000000, 9437184 bytes" \
        "verify: sha256 .* matches" \
        "payload: 94[0-9]{5} padding bytes checked, 0 wrong" \
        'payload: cmdline "crossgroup"' "payload: 0 checks failed"
else
    fail "sifive-u card: the kernel's extent crosses into a group without a backup" \
        "" "layout: $(extents "$T/sifive.img" | tr '\n' ' ')"
fi

qemu_done "$BUILD/qemu/t-crossgroup"
