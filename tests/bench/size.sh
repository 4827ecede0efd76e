#!/usr/bin/env bash
# `make size`: boots the loader once in QEMU for the painted stack's
# high-water mark, then prints the size table (tests/bench/size.py).
# Usage: size.sh BUILD [PROFILE [lto]]   (after make firmware, the .ci
# objects, sizes.o and the demo card; see tests/bench/rules.mk). With lto,
# the call graph is the one the image's LTO link wrote beside it. SIZE_QEMU=0
# skips the QEMU boot (the call graph's worst case still stands).
set -u
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
PROFILE=${2:-default}
LTO=${3:-}
psuf=; [ "$PROFILE" = default ] || psuf=-$PROFILE
LM3S=$BUILD/lm3s6965evb$psuf
BENCH=$BUILD/bench$psuf
IMG=$BUILD/qemu/demo.img
measured=0 what="boot of make qemu's demo card"
# The image that prints the high-water line: the loader itself, or where
# it is built without the line (board/board_conf.h BOARD_STACK_REPORT=0,
# the tiny profile) the same image built with it.
HWM_ELF=$LM3S/extload.elf
if [ "$PROFILE" = tiny ] && [ -f "$LM3S/extload-stack.elf" ]; then
    HWM_ELF=$LM3S/extload-stack.elf
    what="boot of make qemu's demo card by extload-stack.elf, BOARD_STACK_REPORT=1"
fi
if [ "${SIZE_QEMU:-1}" = 0 ]; then
    what="SIZE_QEMU=0"
elif command -v qemu-system-arm >/dev/null && [ -f "$IMG" ]; then
    log=$BENCH/size-qemu.log
    # A hang guard only; nothing here is timed.
    timeout 120 qemu-system-arm -M lm3s6965evb -nographic -icount shift=0 \
        -semihosting-config enable=on,target=native \
        -drive "if=sd,format=raw,file=$IMG,snapshot=on" \
        -kernel "$HWM_ELF" </dev/null >"$log" 2>&1
    measured=$(tr -d '\r' <"$log" |
               sed -nE 's/.*stack high-water mark ([0-9]+) bytes.*/\1/p')
    if [ -z "$measured" ]; then
        what="no high-water line in $log"; measured=0
    fi
else
    what="qemu-system-arm or $IMG missing"
fi
srcs=$(sed -n 's/^LM3S_SRC_LIST: //p' "$BENCH/lm3s-src.txt")
# What a build option costs: `option_cost PROFILE WITH WITHOUT it|them
# WHAT` prints the two images' sizes (build/BOARD*/ of this profile) and
# their difference, when both were built (size-report builds them).
option_cost() {
    [ "$PROFILE" = "$1" ] && [ -f "$LM3S/$2" ] && [ -f "$LM3S/$3" ] ||
        return 0
    local with without
    with=$(stat -c %s "$LM3S/$2") without=$(stat -c %s "$LM3S/$3")
    echo "$5: extload.bin $with bytes with $4, $without without:" \
         "$([ "$4" = it ] && echo it costs || echo they cost)" \
         "$((with - without)) bytes"
    echo
}
# The menu and prompt (firmware/boot/boot.h BOOT_INTERACTIVE): the loader built
# without them, and the difference.
option_cost default extload.bin extload-noint.bin it \
    "BOOT_INTERACTIVE (menu, countdown, prompt)"
# Signed boot (firmware/boot_conf.h BOOT_SIGNED, make firmware
# BOOT_PUBKEY=key.pub.pem): each board's image built with a key
# (build/BOARD-signed/, tests/bench/rules.mk), and the difference.
if [ "$PROFILE" = default ]; then
    for b in lm3s6965evb sifive-u; do
        s=$BUILD/$b-signed/extload.bin u=$BUILD/$b/extload.bin
        [ -f "$s" ] && [ -f "$u" ] || continue
        with=$(stat -c %s "$s") without=$(stat -c %s "$u")
        echo "BOOT_SIGNED on $b (BOOT_PUBKEY: Ed25519 with SHA-512, the" \
             "signed message, SIGNATURE): extload.bin $with bytes with it," \
             "$without without: it costs $((with - without)) bytes"
    done
    # The rollback floor and several keys (BOOT_ROLLBACK, on in a signed
    # default build): the signed image without it (build/BOARD-signed-
    # norollback/), and the difference.
    for b in lm3s6965evb sifive-u; do
        s=$BUILD/$b-signed/extload.bin u=$BUILD/$b-signed-norollback/extload.bin
        [ -f "$s" ] && [ -f "$u" ] || continue
        with=$(stat -c %s "$s") without=$(stat -c %s "$u")
        echo "BOOT_ROLLBACK on $b (the rollback floor, several keys$([ $b = sifive-u ] &&
             echo ", the OTP driver")): signed extload.bin $with bytes with" \
             "it, $without without: it costs $((with - without)) bytes"
    done
    echo
fi
# board_option SWITCH DIR WHAT [LM3S_MORE]: each board's extload.bin of
# this profile with SWITCH and without it (build/DIR/, which
# tests/bench/rules.mk builds in the profile that has SWITCH), and the
# difference; LM3S_MORE is added to WHAT on lm3s6965evb.
board_option() {
    local said=
    for b in lm3s6965evb sifive-u; do
        w=$BUILD/$b$psuf/extload.bin wo=$BUILD/$2/$b$psuf/extload.bin
        [ -f "$w" ] && [ -f "$wo" ] || continue
        with=$(stat -c %s "$w") without=$(stat -c %s "$wo")
        echo "$1 on $b ($3$([ $b = lm3s6965evb ] && echo "${4:-}")):" \
             "extload.bin $with bytes with it, $without without: it costs" \
             "$((with - without)) bytes"
        said=1
    done
    [ -z "$said" ] || echo
}
# Device-tree overlays (firmware/boot_conf.h BOOT_FDT_OVERLAY: FDTOVERLAYS,
# firmware/fdt/fdt_overlay.c): on lm3s6965evb without the device-tree
# editor too, which only the overlays use there; the tiny profile leaves
# them out.
board_option BOOT_FDT_OVERLAY nooverlay "FDTOVERLAYS, the overlay engine" \
    " and the device-tree editor"
# A label's PARTITION (firmware/boot_conf.h BOOT_CONF_PARTITION: the
# label's partition found as root= names it, mounted in place of the
# config's, the v3 signed message): the tiny profile leaves it out and
# names the line.
board_option BOOT_CONF_PARTITION nopartition \
    "PARTITION: a label's files from the partition root= names"
# Compressed kernels (firmware/boot_conf.h BOOT_GZIP: gzip and EFI zboot
# detected, firmware/inflate/inflate.c, the streaming load): built
# without them, BOOT_GZIP_REFUSE's check in their place; the tiny
# profile leaves them out.
board_option BOOT_GZIP nogzip \
    "Image.gz and EFI zboot kernels, inflated as they stream"
# In the tiny profile, which has no BOOT_GZIP: BOOT_GZIP_REFUSE's check
# (a gzip member fails its label by BOOT_ECOMPRESSED's code).
board_option BOOT_GZIP_REFUSE norefuse \
    "a gzip'd kernel refused at the hand-off, never jumped into"
# The config directives the tiny profile leaves out (firmware/boot_conf.h
# BOOT_CONF_INCLUDE, BOOT_CONF_VARS, BOOT_UINITRD, BOOT_CONF_SAY,
# BOOT_CONF_ONTIMEOUT, BOOT_CONF_FALLBACK, BOOT_INITRD_LIST): the loader
# built without the seven,
# and the difference.
option_cost default extload.bin extload-noconf.bin them \
    "BOOT_CONF_INCLUDE + BOOT_CONF_VARS + BOOT_UINITRD + BOOT_CONF_SAY + BOOT_CONF_ONTIMEOUT + BOOT_CONF_FALLBACK + BOOT_INITRD_LIST (INCLUDE, \${var}, uInitrd, SAY, ONTIMEOUT, FALLBACK, INITRD a,b)"
# Trial boots (firmware/boot_conf.h BOOT_TRIAL; the tiny profile leaves
# them out): the loader built without them, and the difference (the
# record's rules and codec, the loader's command-line words, the board's
# store and watchdog).
option_cost default extload.bin extload-notrial.bin them \
    "BOOT_TRIAL (trial boots: the record, extload.* words, the watchdog)"
# The tiny profile's error sentences (firmware/boot_conf.h BOOT_MESSAGES):
# the loader built with them, and the difference.
option_cost tiny extload-msgs.bin extload.bin them \
    "BOOT_MESSAGES (the error sentences of the SD driver, the partition table, the reader's codes and the flow)"
# The call graph: the LTO link's (one partition: one file), else the
# objects compiled apart.
if [ "$LTO" = lto ]; then
    cg=(--lto-ci "$LM3S"/extload.elf.ltrans*.ci --lto-obj 'ltrans[0-9]*\.ltrans\.o$')
else
    cg=(--ci-dir "$BENCH/ci")
fi
# The tiny profile's board lines (board/board_conf.h BOARD_REPORT): the
# loader built with the full ones, and the difference.
option_cost tiny extload-report.bin extload.bin them \
    "BOARD_REPORT (the board's full banner, card CID, hand-off and fault lines)"
# The hand-off's stack line (board/board_conf.h BOARD_STACK_REPORT), off
# in the tiny profile: the loader built with it, and the difference.
option_cost tiny extload-stack.bin extload.bin it \
    "BOARD_STACK_REPORT (the hand-off's stack high-water line)"
# A name's control bytes quoted on the console (firmware/boot_conf.h
# CONSOLE_QUOTE), off in the tiny profile: built with it, the difference.
option_cost tiny extload-quote.bin extload.bin it \
    "CONSOLE_QUOTE (a name's control bytes as \\xHH on the console)"
# shellcheck disable=SC2086
python3 tests/bench/size.py --map "$LM3S/extload.map" \
    --elf "$LM3S/extload.elf" --bin "$LM3S/extload.bin" \
    "${cg[@]}" --obj-prefix "$LM3S/obj" \
    --sizes "$BUILD/arm$psuf/obj/tests/bench/sizes.o" --measured "$measured" \
    --measured-what "$what" --profile "$PROFILE" --json "$BENCH/size.json" \
    $srcs
rc=$?

# The second board: RISC-V (RV64IMAC, -Os), build/sifive-u$psuf/extload.elf.
RV=$BUILD/sifive-u$psuf/extload.elf RV_IMG=$BUILD/sifive-u/qemu/demo.img
if [ -f "$RV" ] &&
   command -v riscv64-unknown-elf-size >/dev/null; then
    read -r text data bss _ < <(riscv64-unknown-elf-size "$RV" | tail -1)
    hwm="not measured (qemu-system-riscv64 or $RV_IMG missing)"
    if [ "${SIZE_QEMU:-1}" != 0 ] && command -v qemu-system-riscv64 >/dev/null &&
       [ -f "$RV_IMG" ]; then
        log=$BUILD/bench$psuf/size-qemu-riscv.log
        timeout 120 qemu-system-riscv64 -M sifive_u,msel=11 -nographic \
            -icount shift=0 -semihosting-config enable=on,target=native \
            -drive "if=sd,format=raw,file=$RV_IMG,snapshot=on" \
            -bios "$RV" </dev/null >"$log" 2>&1
        hwm=$(tr -d '\r' <"$log" |
              sed -nE 's/.*stack high-water mark ([0-9]+) bytes.*/\1 bytes (boot of its demo card)/p')
        [ -n "$hwm" ] || hwm="no high-water line in $log"
    fi
    echo
    echo "RISC-V sifive-u ($RV, rv64imac -Os): text $text, data $data," \
         "bss $bss bytes; stack high-water mark $hwm"
fi
exit $rc
