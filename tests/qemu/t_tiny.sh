#!/usr/bin/env bash
# The tiny profile's loader (make firmware PROFILE=tiny:
# build/lm3s6965evb-tiny/extload.elf) booting cards in QEMU: what it
# reads, and what it leaves out (no menu, no prompt: TIMEOUT is ignored
# and a card with nothing bootable stops). TAP output.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/tiny.$$                      # private while running: the tree is shared
FW=$BUILD/lm3s6965evb-tiny/extload.elf
qemu_board lm3s6965evb

qemu_build "$Q-tiny-build.log" "build the tiny firmware and the test kernel" \
    PROFILE=tiny firmware qemu-tools

r=$T/std
kernel "$r/boot/kernel.bin" 20000; sha "$r/boot/kernel.bin"
"$MKKERNEL" --fdt "$r/boot/board.dtb" extload-tiny
conf "$r" <<'CONF'
TIMEOUT 50
MENU TITLE never shown by the tiny loader
DEFAULT main
LABEL main
  MENU LABEL main kernel
  KERNEL /boot/kernel.bin
  FDT /boot/board.dtb
  APPEND tiny
CONF
image "$T/std.img" "$r" --fs ext4 --table mbr
boot std "$T/std.img"
# The quiet flow (BOOT_REPORT=0, firmware/boot_conf.h): a label's name
# and the hand-off line; no step is reported when it goes right (a
# keyword the tiny build skips is still named: "config: TIMEOUT: ...").
check "tiny: ext4 on MBR boots the default label, SHA-256 and FDT" 0 \
    "label: 'main'" "!label: 'main': " \
    "boot: label 'main': kernel 20000 bytes at 0x20000000, fdt 0x2" \
    'payload: cmdline "tiny"' "payload: 0 checks failed" \
    "sha256 verified" "!^mount: " "!^part: " "!^verify: " "!^load: " "!^config: /"
check "tiny: no menu and no countdown (TIMEOUT, MENU ignored)" 0 \
    "!autoboot" "!never shown" "!extload>"

image "$T/std-gpt.img" "$r" --fs ext4 --table gpt
boot gpt "$T/std-gpt.img"
check "tiny: ext4 on GPT" 0 "boot: label 'main': kernel 20000 bytes" \
    "payload: 0 checks failed"

ext2_card 50000
boot ext2 "$T/ext2.img"
check "tiny: ext2, 1 KiB blocks, a kernel through the indirect block" 0 \
    "kernel 50000 bytes at 0x20000000" \
    "payload: 0 checks failed"

r=$T/fb; fallback_tree "$r" sha
image "$T/fb.img" "$r" --fs ext3 --table none
boot fb "$T/fb.img"
# A failure the flow finds itself is its code after the file (BOOT_ESHA256,
# firmware/boot/boot.h), no digest (firmware/boot/boot_priv.h, BOOT_WHY).
check "tiny: ext3, the default fails its SHA-256, the next label boots" 0 \
    "label: 'broken'" "label: 'good'" 'payload: cmdline "fell-back"' \
    "verify: /boot/bad.bin: boot error -7; trying label 'good'" "!sha256 [0-9a-f]"

r=$T/big; fallback_tree "$r" big
image "$T/big.img" "$r" --fs ext4 --table mbr
boot big "$T/big.img"
check "tiny: a kernel larger than the window is refused by its code" 0 \
    "load: /boot/bad.bin: boot error -6; trying label 'good'" \
    'payload: cmdline "fell-back"'

# Built without BOOT_GZIP: a kernel that is a gzip member (gzip -9 of the
# test kernel, named bad.bin) fails its label at the hand-off by
# BOOT_ECOMPRESSED's code (BOOT_GZIP_REFUSE, firmware/boot_conf.h), never
# jumped into; the next label boots.
r=$T/gz; fallback_tree "$r" gzip
image "$T/gz.img" "$r" --fs ext4 --table mbr
boot gz "$T/gz.img"
check "tiny: a gzip'd kernel is refused by its code (boot error -19), the next label boots" 0 \
    "^boot: label 'broken': kernel [0-9]+ bytes at 0x20000000, " \
    "^boot: 'broken': boot error -19; trying label 'good'$" \
    'payload: cmdline "fell-back"' "payload: 0 checks failed" "!^fault: "
# ... and so does an EFI zboot image ("MZ", "zimg" at 0x04) around one.
r=$T/zb; fallback_tree "$r" zboot
image "$T/zb.img" "$r" --fs ext4 --table mbr
boot zb "$T/zb.img"
check "tiny: an EFI zboot kernel is refused by its code (boot error -19), the next label boots" 0 \
    "^boot: label 'broken': kernel [0-9]+ bytes at 0x20000000, " \
    "^boot: 'broken': boot error -19; trying label 'good'$" \
    'payload: cmdline "fell-back"' "payload: 0 checks failed" "!^fault: "

r=$T/none
mkdir -p "$r/boot"; echo "not a kernel" >"$r/boot/readme"
conf "$r" <<'CONF'
TIMEOUT 10
LABEL gone
  KERNEL /boot/missing.bin
CONF
image "$T/none.img" "$r" --fs ext4 --table mbr
boot none "$T/none.img"
check "tiny: nothing bootable stops with 68 (no prompt to open)" 68 \
    "boot: no bootable label \(1 tried\); stop" "!extload>"
# BOOT_MESSAGES=0, EXT_MESSAGES=0: an error is named by its table and
# value (EXT_ENOENT, fs/ext.h), no sentence.
check "tiny: a missing kernel is named by its code: ext error -7" 68 \
    "load: /boot/missing.bin: (inode [0-9]+: )?ext error -7; no labels left" \
    "!no such file"

# A raw kernel that is one undefined instruction (UDF #0): it faults while
# the loader's vector table is in place; the tiny fault line (BOARD_REPORT=0,
# board/board_conf.h) names the exception, pc, lr and CFSR, and the board
# stops.
r=$T/udf; mkdir -p "$r/boot"; printf '\000\336\000\336' >"$r/boot/kernel.bin"
image "$T/udf.img" "$r"
boot udf "$T/udf.img"
check "tiny: a fault is one line (exception, pc, lr, CFSR) and the board stops" 127 \
    "handoff: entry 0x20000001" \
    "^fault: exc 3 pc=20000000 lr=[0-9a-f]{8} cfsr=00010000$"

qemu_done
