#!/usr/bin/env bash
# Signed boot in QEMU, on both boards (firmware/README.md, "Signed
# labels"): the firmware built with BOOT_PUBKEY (a key openssl makes at
# test time) into build/BOARD-signed/, and a card whose first seven
# labels were signed and then changed, or never properly signed: a
# changed kernel byte, a changed APPEND, swapped initrd files, a
# signature by another key, a missing signature file, a truncated one,
# no SIGNATURE line. Each must be refused on the console with its
# reason and the next label tried; the last label, signed as it is,
# boots (the test kernel checks what it got). `extload verify --board
# NAME` must give the same verdict and reason for every label. The
# verify's cost is the "signature: ... Ed25519 verified, N ms" line:
# under -icount shift=0, N million guest instructions. TAP.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
EXTLOAD=${EXTLOAD:-$BUILD/host-asan/extload}
K=$BUILD/qemu/signed-key.$$
mkdir -p "$K"
for k in k1 k2; do
    openssl genpkey -algorithm ed25519 -out "$K/$k.pem" 2>/dev/null &&
        openssl pkey -in "$K/$k.pem" -pubout -out "$K/$k.pub.pem" ||
        { echo "Bail out! openssl genpkey -algorithm ed25519"; exit 1; }
done

Q=$BUILD/qemu
T=$Q/signed.$$
qemu_build "$Q-signed-tools.log" "build the test kernels and the host tool" \
    qemu-tools qemu-tools-sifive-u host SANITIZE=1
qemu_build "$Q-signed-build.log" \
    "build both boards' firmware with BOOT_PUBKEY (build/*-signed/)" \
    firmware-lm3s6965evb firmware-sifive-u BOOT_PUBKEY="$K/k1.pub.pem"

bad="signature does not verify: the signature does not match the message and key"
labels=(kbyte append swap otherkey nofile trunc noline main)

# conf ROOT APPEND_OF_append FIRST,SECOND_OF_swap; RB: a line every
# label gets (sifive-u keeps a rollback floor in its OTP, so it boots
# only v2 messages: firmware/README.md, "Rollback").
RB=
conf_signed() {
    conf "$1" <<CONF
DEFAULT kbyte
LABEL kbyte
  KERNEL /boot/k2.bin$RB
  APPEND k
  SIGNATURE kbyte.sig
LABEL append
  KERNEL /boot/kernel.bin$RB
  APPEND $2
  SIGNATURE append.sig
LABEL swap
  KERNEL /boot/kernel.bin$RB
  INITRD $3
  SIGNATURE swap.sig
LABEL otherkey
  KERNEL /boot/kernel.bin$RB
  SIGNATURE otherkey.sig
LABEL nofile
  KERNEL /boot/kernel.bin$RB
  SIGNATURE /boot/none.sig
LABEL trunc
  KERNEL /boot/kernel.bin$RB
  SIGNATURE trunc.sig
LABEL noline
  KERNEL /boot/kernel.bin$RB
LABEL main
  KERNEL /boot/kernel.bin$RB
  INITRD ../initrd-a.img,/boot/initrd-b.img
  APPEND console=signed root=/dev/mmcblk0p2
  SIGNATURE main.sig
CONF
}

# signed_board BOARD: the card signed for BOARD, booted by its signed
# firmware, and checked against extload verify.
signed_board() {
    local board=$1 r=$T/$1 img=$T/$1.img l key
    qemu_board "$board"
    RB=
    [ "$board" = sifive-u ] && RB=$'\n  ROLLBACK_INDEX 1'
    FW=$BUILD/$board-signed/extload.elf
    kernel "$r/boot/kernel.bin" 20000
    kernel "$r/boot/k2.bin" 9000
    head -c 3000 /dev/urandom >"$r/boot/initrd-a.img"
    head -c 700 /dev/urandom >"$r/boot/initrd-b.img"
    head -c 1200 /dev/urandom >"$r/boot/sw-a.img"
    head -c 1300 /dev/urandom >"$r/boot/sw-b.img"
    conf_signed "$r" "root=/dev/mmcblk0p2" "/boot/sw-a.img,/boot/sw-b.img"
    image "$T/$board-a.img" "$r"
    # The recipe: extload message, then openssl pkeyutl -sign -rawin.
    for l in kbyte append swap otherkey trunc main; do
        key=$K/k1.pem
        [ $l = otherkey ] && key=$K/k2.pem
        "$EXTLOAD" message "$T/$board-a.img" $l --board "$board" \
            >"$T/$l.msg" 2>"$T/msg.err" &&
            openssl pkeyutl -sign -inkey "$key" -rawin -in "$T/$l.msg" \
                -out "$r/boot/extlinux/$l.sig" ||
            { fail "$board: sign label $l" "$T/msg.err" "extload message or openssl failed"; return; }
    done
    # ... then changed.
    head -c 40 "$r/boot/extlinux/trunc.sig" >"$T/t.sig" &&
        mv "$T/t.sig" "$r/boot/extlinux/trunc.sig"
    printf '\x5a' | dd of="$r/boot/k2.bin" bs=1 seek=4444 conv=notrunc status=none
    mv "$r/boot/sw-a.img" "$T/sw" && mv "$r/boot/sw-b.img" "$r/boot/sw-a.img" &&
        mv "$T/sw" "$r/boot/sw-b.img"
    conf_signed "$r" "root=/dev/mmcblk0p2 init=/bin/sh" \
        "/boot/sw-a.img,/boot/sw-b.img"
    image "$img" "$r"

    boot "$board" "$img"
    check "$board: signed firmware says so" 0 \
        "^boot: signed labels only, Ed25519 key [0-9a-f]{8}\.\.\.$"
    check "$board: changed kernel byte refused" 0 \
        "^signature: /boot/extlinux/kbyte.sig: $bad; trying label 'append'$"
    check "$board: changed APPEND refused" 0 \
        "^signature: /boot/extlinux/append.sig: $bad; trying label 'swap'$"
    check "$board: swapped initrd files refused" 0 \
        "^signature: /boot/extlinux/swap.sig: $bad; trying label 'otherkey'$"
    check "$board: another key's signature refused" 0 \
        "^signature: /boot/extlinux/otherkey.sig: $bad; trying label 'nofile'$"
    check "$board: missing signature file refused" 0 \
        "^signature: /boot/none.sig: missing signature: no such file; trying label 'trunc'$"
    check "$board: truncated signature refused" 0 \
        "^signature: /boot/extlinux/trunc.sig: truncated signature: 40 bytes, not 64; trying label 'noline'$"
    check "$board: label without SIGNATURE refused" 0 \
        "^signature: 'noline': missing signature: no SIGNATURE line, and this loader boots only signed labels; trying label 'main'$"
    check "$board: the signed label boots, nothing handed off before" 0 \
        "^signature: /boot/extlinux/main.sig: Ed25519 verified, [0-9]+ ms$" \
        "payload: label 'main' kernel 20000 bytes" \
        "^payload: the label's signature verified$" \
        'payload: cmdline "console=signed root=/dev/mmcblk0p2"' \
        "payload: 0 checks failed" \
        "!^boot: label '(kbyte|append|swap|otherkey|nofile|trunc|noline)'"
    in_order "$board: labels tried in order, main last" \
        "label: 'kbyte'" "label: 'append'" "label: 'swap'" \
        "label: 'otherkey'" "label: 'nofile'" "label: 'trunc'" \
        "label: 'noline'" "label: 'main'" "boot: label 'main'"
    local ms
    ms=$(sed -n 's/^signature: .*Ed25519 verified, \([0-9]*\) ms$/\1/p' "$T/$board.log")
    echo "# $board: the signature check took ${ms:-?} ms = ${ms:-?} M guest instructions (message and verify)"

    # The host tool agrees, label by label, reason by reason.
    "$EXTLOAD" verify --key "$K/k1.pub.pem" --board "$board" "$img" \
        "${labels[@]}" >"$T/$board-host.log" 2>&1
    local hrc=$?
    sed -n "s/^\(signature: .*\); \(trying label '[a-z]*'\|no labels left\)$/\1/p" \
        "$T/$board.log" >"$T/$board-board.why"
    sed -n "s/^label '[a-z]*': refused: //p" "$T/$board-host.log" \
        >"$T/$board-host.why"
    if [ "$hrc" = 1 ] && cmp -s "$T/$board-board.why" "$T/$board-host.why" &&
        [ "$(wc -l <"$T/$board-host.why")" = 7 ] &&
        grep -qx "label 'main': verified" "$T/$board-host.log"; then
        pass "$board: extload verify gives the board's verdict and reason for each of the 8 labels"
    else
        fail "$board: extload verify gives the board's verdict and reason for each of the 8 labels" \
            "$T/$board-host.log" "host (exit $hrc) and board disagree: diff $(diff "$T/$board-board.why" "$T/$board-host.why" | head -4 | tr '\n' ' ')"
    fi
}

Q=$BUILD/qemu
signed_board lm3s6965evb
Q=$BUILD/sifive-u/qemu               # the RISC-V test kernel
signed_board sifive-u
rm -rf "$K"
qemu_done
