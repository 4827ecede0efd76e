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
# refused by both with the same count. TAP.
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

# room_said: the room the host names refusing a kernel past its window
# (the default profile's sentence); "" when it does not.
room_said() {
    local r=$T/probe u
    rm -rf "$r"
    window_tree "$r" "$RB" "$SIG"
    truncate -s 16 "$r/boot/edge.bin"
    truncate -s 16 "$r/boot/rest.bin"
    truncate -s 1 "$r/boot/over.bin"
    image "$T/probe.img" "$r"
    host_boot "$T/probe.img" "$T/probe.log"
    u=$(sed -n 's/.*(\([0-9]*\) bytes, \([0-9]*\) past the board.*/\2/p' "$T/probe.log")
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
    rm -rf "$r"
    window_tree "$r" "$RB" "$SIG"
    truncate -s 16 "$r/boot/edge.bin"
    truncate -s 16 "$r/boot/rest.bin"
    truncate -s 1 "$r/boot/over.bin"
    image "$T/probe.img" "$r"
    host_boot "$T/probe.img" "$T/probe.log"
    hi=$(sed -n 's/.*(\([0-9]*\) bytes, \([0-9]*\) past the board.*/\2/p' "$T/probe.log")
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
# shellcheck disable=SC2119  # no KEEP: the work directory goes
qemu_done
