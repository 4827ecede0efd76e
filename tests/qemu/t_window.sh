#!/usr/bin/env bash
# The host's window is each build's (#54.5): for every board and profile,
# signed (BOOT_PUBKEY, a key made here) or not, the room
# `extload boot --board NAME` leaves a kernel is found from what the host
# prints, then one card holds a kernel of exactly that many bytes (label
# 'edge') and one of a byte more (the default label, 'over'). QEMU and the
# host must agree: 'over' refused, 'edge' loaded, with the same byte
# counts in the sentences. One QEMU run per build.
#
# The room: in the default profile the host's refusal of a kernel past
# the window's end ("N bytes, larger than the R bytes left in the load
# window"); the tiny profile says only "boot error -6", so its room is
# bisected with the host on zero-filled sparse kernels (at most 32 runs).
#
# sifive-u runs with -m 4M: QEMU puts its device tree at 0x80200000,
# which ends a 2 MiB window (the default 126 MiB one would take minutes to
# fill over emulated SPI); the host models it with --window
# 0x80000000:0x200000. The default window is held once more with a
# refusal only: a sparse kernel a byte past the host's room at -m 128M,
# refused by both with the same count.
#
# The board's own tree (sifive-u, -m 128M): a RISC-V Linux Image with no
# FDT line gets a copy of QEMU's tree in the window, placed after the
# kernel's image_size; the host is given that tree (--board-dtb, dumped
# by QEMU with the same machine options). Its room is the largest
# image_size the host boots (bisected); a 4 KiB Image of that image_size
# loads and one of a byte more is refused where its tree would go, on
# both. Its firmware is the RISC-V test kernel, which ends the run. TAP.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/window.$$
K=$T/key
qemu_build "$Q-window-build.log" "build both boards' firmware, kernels, host tool" \
    host qemu-tools qemu-tools-sifive-u firmware-lm3s6965evb firmware-sifive-u
qemu_build "$Q-window-tiny-build.log" "build both boards' tiny firmware and host tool" \
    PROFILE=tiny host firmware-lm3s6965evb firmware-sifive-u
mkdir -p "$K"
if ! openssl genpkey -algorithm ed25519 -out "$K/k.pem" 2>/dev/null ||
   ! openssl pkey -in "$K/k.pem" -pubout -out "$K/k.pub.pem"; then
    echo "Bail out! openssl genpkey -algorithm ed25519"; exit 1
fi
qemu_build "$Q-window-signed-build.log" "build both boards' signed firmware" \
    firmware-lm3s6965evb firmware-sifive-u BOOT_PUBKEY="$K/k.pub.pem"
qemu_build "$Q-window-tiny-signed-build.log" \
    "build both boards' tiny signed firmware" \
    PROFILE=tiny firmware-lm3s6965evb firmware-sifive-u BOOT_PUBKEY="$K/k.pub.pem"

SMALL_DRAM=(-m 4M)
SMALL_WINDOW=0x80000000:0x200000

# window_tree DIR RB SIG: the card's tree; 'over' (the default)
# boots /boot/over.bin, 'edge' /boot/edge.bin (names of one length: the
# loader's words on the command line, extload.label=NAME, cost the same);
# RB a line every label gets, SIG yes: each names its signature. 'rest'
# (a small kernel) ends the run when both fail, before the prompt would
# wait for input.
window_tree() {
    local sig1='' sig2='' sig3=''
    [ "$3" = yes ] && sig1=$'\n  SIGNATURE over.sig' sig2=$'\n  SIGNATURE edge.sig' \
        sig3=$'\n  SIGNATURE rest.sig'
    conf "$1" <<CONF
DEFAULT over
LABEL over
  KERNEL /boot/over.bin$2$sig1
LABEL edge
  KERNEL /boot/edge.bin$2$sig2
LABEL rest
  KERNEL /boot/rest.bin$2$sig3
CONF
}

# host_boot IMG LOG: the host as the build ($X, $HOSTOPT); $hrc.
host_boot() {
    "$X" boot "$1" "${HOSTOPT[@]}" </dev/null >"$2" 2>&1
    hrc=$?
}

# probe_past DIR: a probe card in DIR with a 1-byte 'over', booted by the
# host: how many bytes its window holds past the board's tail (the
# sentence of a refusal past it names them), "" when it does not say.
probe_past() {
    local r=$1
    rm -rf "$r"
    window_tree "$r" "$RB" "$SIG"
    truncate -s 16 "$r/boot/edge.bin"
    truncate -s 16 "$r/boot/rest.bin"
    truncate -s 1 "$r/boot/over.bin"
    image "$T/probe.img" "$r"
    host_boot "$T/probe.img" "$T/probe.log"
    sed -n 's/.*(\([0-9]*\) bytes, \([0-9]*\) past the board.*/\2/p' "$T/probe.log"
}

# room_said: the room the host names refusing a kernel past its window
# (the default profile's sentence); "" when it does not.
room_said() {
    local r=$T/probe u
    u=$(probe_past "$r")
    [ -n "$u" ] || return
    truncate -s $((u + 1)) "$r/boot/over.bin"
    image "$T/probe.img" "$r" "${CARD[@]}"
    host_boot "$T/probe.img" "$T/probe.log"
    sed -n "s|^load: /boot/over.bin: $((u + 1)) bytes, larger than the \([0-9]*\) bytes left in the load window.*|\1|p" \
        "$T/probe.log"
}

# room_bisected: the largest kernel the host loads as 'over' (the tiny
# profile), between 0 and what its window leaves past the tail; signed
# ($SIG yes), each card signed by the host's message first.
room_bisected() {
    local r=$T/probe lo=0 hi mid steps=0
    hi=$(probe_past "$r")
    [ -n "$hi" ] || return
    hi=$((hi + 1))                  # refused: past the whole window
    while [ $((hi - lo)) -gt 1 ] && [ $steps -lt 32 ]; do
        mid=$(((lo + hi) / 2)) steps=$((steps + 1))
        truncate -s "$mid" "$r/boot/over.bin"
        rm -f "$r"/boot/extlinux/*.sig
        image "$T/probe.img" "$r"
        # signed: 'over' signed when the host's message fits it
        [ "$SIG" = yes ] && sign_card "$T/probe.img" "$r"
        host_boot "$T/probe.img" "$T/probe.log"
        if grep -q "^boot: label 'over'" "$T/probe.log"; then lo=$mid; else hi=$mid; fi
    done
    [ $((hi - lo)) = 1 ] && echo "$lo"
}

# sign_card IMG DIR: the labels signed with $K/k.pem as the card IMG
# (made from DIR) holds them, and IMG made again with the signatures.
# 'over' has no message when it does not fit the window (the tiny
# profile's message loads the file): it stays unsigned, refused by its
# size before a signature is read.
sign_card() {
    local l
    for l in over edge rest; do
        if ! "$X" message "$1" $l --board "$BOARD" >"$T/$l.msg" 2>"$T/msg.err"; then
            [ $l = over ] && grep -q ": load: /boot/over.bin: boot error -6$" "$T/msg.err" &&
                continue
            return 1
        fi
        openssl pkeyutl -sign -inkey "$K/k.pem" -rawin -in "$T/$l.msg" \
            -out "$2/boot/extlinux/$l.sig" || return 1
    done
    image "$1" "$2"
}

# agree TITLE LOG_BOARD LOG_HOST PATTERN...: every grep -E pattern in both.
agree() {
    local title=$1 lb=$2 lh=$3 p side log; shift 3
    for side in board host; do
        [ $side = board ] && log=$lb || log=$lh
        for p in "$@"; do
            if ! grep -qE -- "$p" "$log"; then
                fail "$title" "$log" "the $side's log lacks '$p'"; return
            fi
        done
    done
    pass "$title"
}

# window_build BOARD PROFILE SIGNED: the exact room and a byte more.
window_build() {
    BOARD=$1
    local profile=$2 signed=$3 psuf='' ssuf='' pay addr name r room
    [ "$profile" = tiny ] && psuf=-tiny
    [ "$signed" = yes ] && ssuf=-signed
    name="$BOARD ($profile${ssuf:+, signed})"
    X=$BUILD/host$psuf/extload
    FW=$BUILD/$BOARD$psuf$ssuf/extload.elf
    HOSTOPT=(--board "$BOARD") RB='' SIG=$signed CARD=()
    [ "$signed" = yes ] && HOSTOPT+=(--key "$K/k.pub.pem")
    qemu_board "$BOARD"
    if [ "$BOARD" = sifive-u ]; then
        pay=$BUILD/sifive-u/qemu/payload.bin addr=0x80000000
        HOSTOPT+=(--window "$SMALL_WINDOW")
        QEMU+=("${SMALL_DRAM[@]}")
        # sifive-u's OTP keeps a rollback floor: signed, v2 messages only.
        [ "$signed" = yes ] && RB=$'\n  ROLLBACK_INDEX 1'
    else
        pay=$Q/payload.bin addr=0x20000000
    fi
    if [ "$profile" = tiny ]; then room=$(room_bisected); else room=$(room_said); fi
    if ! [ "$room" -gt 0 ] 2>/dev/null; then
        fail "$name: the host names the room" "$T/probe.log" "no room found"
        return
    fi
    r=$T/$BOARD$psuf$ssuf
    window_tree "$r" "$RB" "$SIG"
    "$MKKERNEL" "$pay" "$r/boot/over.bin" $((room + 1))
    "$MKKERNEL" "$pay" "$r/boot/edge.bin" "$room"
    "$MKKERNEL" "$pay" "$r/boot/rest.bin" 20000
    image "$r.img" "$r"
    if [ "$signed" = yes ] && ! sign_card "$r.img" "$r"; then
        fail "$name: sign the labels" "$T/msg.err" "extload message or openssl failed"
        return
    fi
    host_boot "$r.img" "$r-host.log"
    boot "$BOARD$psuf$ssuf" "$r.img"
    check "$name: QEMU boots the label that fits" 0 \
        "payload: label 'edge' kernel $room bytes" "payload: 0 checks failed"
    if [ "$hrc" != 0 ]; then
        fail "$name: the host boots the label that fits" "$r-host.log" "exit code $hrc"
    else
        pass "$name: the host boots the label that fits"
    fi
    if [ "$profile" = tiny ]; then
        agree "$name: $((room + 1)) bytes refused, $room bytes loaded, on both" \
            "$r.log" "$r-host.log" \
            "^load: /boot/over.bin: boot error -6; trying label 'edge'$" \
            "^boot: label 'edge': kernel $room bytes at $addr"
    else
        agree "$name: $((room + 1)) bytes refused, the $room left loaded, on both" \
            "$r.log" "$r-host.log" \
            "^load: /boot/over.bin: $((room + 1)) bytes, larger than the $room bytes left in the load window; trying label 'edge'$" \
            "^load: /boot/edge.bin -> $addr, $room bytes" \
            "^boot: label 'edge': kernel $room bytes at $addr"
    fi
}

for b in lm3s6965evb sifive-u; do
    window_build $b default no
    window_build $b tiny no
    window_build $b default yes
    window_build $b tiny yes
done

# sifive-u's own window (QEMU's 128 MiB): the host's room, a byte more,
# refused by both with the same count (sparse: never read); a small
# kernel after it boots.
BOARD=sifive-u X=$BUILD/host/extload FW=$BUILD/sifive-u/extload.elf
HOSTOPT=(--board sifive-u) RB='' SIG=no CARD=(--card 256M --part 200M)
qemu_board sifive-u
room=$(room_said)
r=$T/wide
window_tree "$r" "" no
truncate -s $((room + 1)) "$r/boot/over.bin"
"$MKKERNEL" "$BUILD/sifive-u/qemu/payload.bin" "$r/boot/edge.bin" 20000
truncate -s 16 "$r/boot/rest.bin"
image "$r.img" "$r" "${CARD[@]}"
host_boot "$r.img" "$r-host.log"
boot wide "$r.img"
check "sifive-u (default, 128 MiB): QEMU boots the small label after it" 0 \
    "payload: label 'edge' kernel 20000 bytes" "payload: 0 checks failed"
agree "sifive-u (default, 128 MiB): $((room + 1)) bytes refused with the ${room:-?} left, on both" \
    "$r.log" "$r-host.log" \
    "^load: /boot/over.bin: $((room + 1)) bytes, larger than the ${room:-?} bytes left in the load window; trying label 'edge'$"
# rv_image FILE IMAGE_SIZE: a 4 KiB RISC-V Linux Image (its header:
# text_offset 2 MiB, image_size, version 0.2, the two magics).
rv_image() {
    python3 - "$1" "$2" <<'EOF'
import struct, sys
b = bytearray(4096)
b[8:24] = struct.pack("<QQ", 0x200000, int(sys.argv[2]))
b[32:36] = struct.pack("<I", 2)
b[48:56] = b"RISCV\0\0\0"
b[56:60] = b"RSC\x05"
open(sys.argv[1], "wb").write(b)
EOF
}

# The board's tree copied for a Linux kernel without FDT (sifive-u,
# default profile, -m 128M): QEMU's tree (dumped with boot's machine
# options) as the host's --board-dtb.
BOARD=sifive-u X=$BUILD/host/extload FW=$BUILD/sifive-u/extload.elf
qemu_board sifive-u
DTB=$T/qemu.dtb
qemu-system-riscv64 -M sifive_u,msel=11,dumpdtb="$DTB" -nographic \
    -bios "$FW" </dev/null >"$T/dumpdtb.log" 2>&1
tree=$(python3 -c 'import struct, sys; print(struct.unpack(">I", open(sys.argv[1], "rb").read(8)[4:])[0])' \
       "$DTB" 2>/dev/null)
HOSTOPT=(--board sifive-u --board-dtb "$DTB")
r=$T/rvlinux
rm -rf "$r"
window_tree "$r" "" no
cp "$BUILD/sifive-u/qemu/payload.bin" "$r/boot/fw_dynamic.bin"
rv_image "$r/boot/edge.bin" 4096
rv_image "$r/boot/rest.bin" 4096
lo=0 hi=$((0x7e00000 - 0x200000 + 1)) steps=0
while [ $((hi - lo)) -gt 1 ] && [ $steps -lt 32 ]; do
    mid=$(((lo + hi) / 2)) steps=$((steps + 1))
    rv_image "$r/boot/over.bin" "$mid"
    image "$T/probe.img" "$r"
    host_boot "$T/probe.img" "$T/probe.log"
    if grep -q "^boot: label 'over'" "$T/probe.log"; then lo=$mid; else hi=$mid; fi
done
room=$lo
rv_image "$r/boot/edge.bin" "$room"
rv_image "$r/boot/over.bin" $((room + 1))
image "$r.img" "$r"
host_boot "$r.img" "$r-host.log"
boot rvlinux "$r.img"
if grep -qE "^reset: a1 = device tree at 0x87e00000, ${tree:-?} bytes;" "$r.log"; then
    pass "sifive-u (Linux, no FDT): the board's tree is the one QEMU dumped (${tree:-?} bytes)"
else
    fail "sifive-u (Linux, no FDT): the board's tree is the one QEMU dumped (${tree:-?} bytes)" \
        "$r.log" "no 'reset: a1 = device tree at 0x87e00000, ${tree:-?} bytes'"
fi
left=$(sed -n "s/^fdt: (the board's device tree): .*, more than the \([0-9]*\) bytes left in the load window; trying label 'edge'\$/\1/p" \
       "$r-host.log")
at=$(sed -n 's/^fdt: none named; the board.s at 0x87e00000, [0-9]* bytes, copied -> \(0x[0-9a-f]*\)$/\1/p' \
     "$r-host.log")
agree "sifive-u (Linux, no FDT): image_size $((room + 1)) refused with the ${tree:-?}-byte tree past ${left:-?} bytes, $room loaded with it at ${at:-?}, on both" \
    "$r.log" "$r-host.log" \
    "^fdt: \(the board's device tree\): ${tree:-?} bytes and [0-9]+ of room for what the loader adds to it, more than the ${left:-?} bytes left in the load window; trying label 'edge'\$" \
    "^fdt: none named; the board's at 0x87e00000, ${tree:-?} bytes, copied -> ${at:-?}\$" \
    "^boot: label 'edge': kernel 4096 bytes at 0x80200000, fdt ${at:-?}, firmware 0x80000000"
# shellcheck disable=SC2119  # no KEEP: the work directory goes
qemu_done
