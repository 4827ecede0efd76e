#!/usr/bin/env bash
# Ed25519 against OpenSSL: keys made by `openssl genpkey -algorithm
# ed25519`, public keys by `openssl pkey -pubout`, signatures by `openssl
# pkeyutl -sign -rawin` over seeded messages of 1 to 4096 bytes (OpenSSL
# 3.0 cannot sign an empty file with -rawin; the empty message is RFC
# 8032's TEST 1 in tests/unit/test_ed25519.c). build/tools/ed25519tool
# (firmware/crypto/ed25519.c and sha512.c, ASan + UBSan) must verify every one,
# and refuse each with one bit flipped in the message, in R, in S or in
# the key. Then the recipe of firmware/README.md ("Signed labels"): a
# label's message (firmware/crypto/sigmsg.c, printed by ed25519tool message)
# signed by OpenSSL verifies when streamed into the verifier, and a changed
# kernel byte, APPEND, label name, swapped initrd parts, another key's
# signature, a truncated or missing one do not. Last, the BOOT_PUBKEY
# header: its bytes are OpenSSL's, a C program built with it sees them,
# and unusable keys stop it. TAP output.
#
# ED25519_CASES=N keys and messages (64); the message sizes and flipped
# bits come from the case number, so a failure names what to replay.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$TOP/$BUILD ;; esac
W=$BUILD/tests/crypto
TOOL=$BUILD/tools/ed25519tool
SEEDFILL=$BUILD/tools/seedfill
CASES=${ED25519_CASES:-64}
n=0
fails=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fails=$((fails + 1)); }

rm -rf "$W"
mkdir -p "$W"
if ! make -s --no-print-directory -C "$TOP" BUILD="$BUILD" "$TOOL" "$SEEDFILL" \
        >"$W/make.log" 2>&1; then
    notok "build ed25519tool and seedfill (see $W/make.log)"
    echo "1..$n"
    exit 1
fi

# flip FILE BIT: FILE with bit BIT (0 = bit 0 of byte 0) inverted.
flip() {
    local off=$(($2 / 8)) byte
    byte=$(od -An -tu1 -j "$off" -N1 "$1" | tr -d ' ')
    # shellcheck disable=SC2059
    printf "\\$(printf %03o $((byte ^ (1 << ($2 % 8)))))" |
        dd of="$1" bs=1 seek="$off" conv=notrunc status=none
}

# A few sizes at SHA-512's block edges (R || A is 64 bytes, so a message
# of 48 fills the first block's room for padding), then seeded ones.
fixed_sizes=(1 2 47 48 63 64 111 112 128 191 192 4096)

for i in $(seq 1 "$CASES"); do
    d=$W/$i
    mkdir -p "$d"
    if [ "$i" -le "${#fixed_sizes[@]}" ]; then
        size=${fixed_sizes[$((i - 1))]}
    else
        size=$(( (i * 2654435761) % 4096 + 1 ))
    fi
    if ! openssl genpkey -algorithm ed25519 -out "$d/key.pem" 2>"$d/err" ||
       ! openssl pkey -in "$d/key.pem" -pubout -out "$d/pub.pem" 2>>"$d/err" ||
       ! openssl pkey -in "$d/key.pem" -pubout -outform DER \
            -out "$d/pub.der" 2>>"$d/err" ||
       ! "$SEEDFILL" "$i" "$size" >"$d/msg" ||
       ! openssl pkeyutl -sign -inkey "$d/key.pem" -rawin -in "$d/msg" \
            -out "$d/sig" 2>>"$d/err"; then
        notok "case $i: openssl could not make a key and signature ($(head -1 "$d/err"))"
        continue
    fi
    why=""
    "$TOOL" verify "$d/pub.pem" "$d/msg" "$d/sig" >/dev/null 2>"$d/verify.err" ||
        why="$why; the signature was refused ($(cat "$d/verify.err"))"
    "$TOOL" verify "$d/pub.der" "$d/msg" "$d/sig" >/dev/null 2>&1 ||
        why="$why; refused with the DER key"
    # One bit of each part flipped, chosen by the case number.
    mbit=$(( (i * 7919) % (size * 8) ))
    rbit=$(( (i * 104729) % 256 ))
    sbit=$(( 256 + (i * 1299709) % 256 ))
    kbit=$(( 12 * 8 + (i * 15485863) % 256 ))   # inside the DER's 32 key bytes
    cp "$d/msg" "$d/msg.x" && flip "$d/msg.x" "$mbit"
    cp "$d/sig" "$d/sig.r" && flip "$d/sig.r" "$rbit"
    cp "$d/sig" "$d/sig.s" && flip "$d/sig.s" "$sbit"
    cp "$d/pub.der" "$d/pub.x" && flip "$d/pub.x" "$kbit"
    for t in "msg.x sig pub.der message bit $mbit" "msg sig.r pub.der R bit $rbit" \
             "msg sig.s pub.der S bit $((sbit - 256))" \
             "msg sig pub.x key bit $((kbit - 96))"; do
        set -- $t
        "$TOOL" verify "$d/$3" "$d/$1" "$d/$2" >/dev/null 2>"$d/flip.err"
        rc=$?
        [ "$rc" = 1 ] || why="$why; with the $4 $5 $6 flipped: exit $rc, not 1"
    done
    if [ -z "$why" ]; then
        ok "case $i: $size-byte message verifies; flipped message bit $mbit, R bit $rbit, S bit $((sbit - 256)), key bit $((kbit - 96)) refused"
    else
        notok "case $i ($size bytes, $d)${why}"
    fi
done

# The recipe: a label's message, signed by OpenSSL, checked as the board
# checks it (ed25519tool verify-message streams it into the verifier).
L=$W/label
mkdir -p "$L"
"$SEEDFILL" 100 5000 >"$L/kernel" && "$SEEDFILL" 101 300 >"$L/initrd-a" &&
"$SEEDFILL" 102 200 >"$L/initrd-b" && "$SEEDFILL" 103 100 >"$L/dtb" &&
"$SEEDFILL" 104 5000 >"$L/kernel-old"
APPEND="console=ttyS0 root=/dev/mmcblk0p2"
files="kernel=/boot/kernel.bin=$L/kernel initrd=/boot/initrd-a.img=$L/initrd-a initrd=/boot/initrd-b.img=$L/initrd-b fdt=/boot/board.dtb=$L/dtb"
vm() {                # key sig name append files...: verify-message's exit
    "$TOOL" verify-message "$@" >/dev/null 2>"$L/vm.err"
}
# shellcheck disable=SC2086
if [ -f "$W/1/key.pem" ] && [ -f "$W/2/key.pem" ] &&
   "$TOOL" message main "$APPEND" $files >"$L/main.msg" &&
   openssl pkeyutl -sign -inkey "$W/1/key.pem" -rawin -in "$L/main.msg" \
       -out "$L/main.sig" 2>"$L/sign.err" &&
   openssl pkeyutl -sign -inkey "$W/2/key.pem" -rawin -in "$L/main.msg" \
       -out "$L/other.sig" 2>>"$L/sign.err" &&
   "$TOOL" message old "" kernel=/boot/kernel.bin="$L/kernel-old" >"$L/old.msg" &&
   openssl pkeyutl -sign -inkey "$W/1/key.pem" -rawin -in "$L/old.msg" \
       -out "$L/old.sig" 2>>"$L/sign.err"; then
    head -c 63 "$L/main.sig" >"$L/short.sig"
    cp "$L/kernel" "$L/kernel.x" && flip "$L/kernel.x" 12345
    K=$W/1/pub.pem
    if vm "$K" "$L/main.sig" main "$APPEND" $files; then
        ok "label: the message ed25519tool prints, signed by openssl, verifies ($(wc -c <"$L/main.msg") bytes)"
    else
        notok "label: the signed message is refused: $(cat "$L/vm.err")"
    fi
    swapped="kernel=/boot/kernel.bin=$L/kernel initrd=/boot/initrd-b.img=$L/initrd-b initrd=/boot/initrd-a.img=$L/initrd-a fdt=/boot/board.dtb=$L/dtb"
    for t in "a changed kernel byte|$L/main.sig|main|$APPEND|${files/=$L\/kernel /=$L/kernel.x }|1" \
             "a changed APPEND|$L/main.sig|main|$APPEND init=/bin/sh|$files|1" \
             "another label's name|$L/main.sig|old|$APPEND|$files|1" \
             "the initrd parts swapped|$L/main.sig|main|$APPEND|$swapped|1" \
             "the fdt left out|$L/main.sig|main|$APPEND|${files% fdt=*}|1" \
             "the kernel of label old, with its own signature|$L/old.sig|main|$APPEND|${files/=$L\/kernel /=$L/kernel-old }|1" \
             "a signature from another key|$L/other.sig|main|$APPEND|$files|1" \
             "a truncated signature (63 bytes)|$L/short.sig|main|$APPEND|$files|1" \
             "a missing signature|$L/none.sig|main|$APPEND|$files|2"; do
        IFS='|' read -r what sig name app fl want <<<"$t"
        vm "$K" "$sig" "$name" "$app" $fl
        rc=$?
        if [ "$rc" = "$want" ]; then
            ok "label: $what is refused ($(cat "$L/vm.err"))"
        else
            notok "label: $what: exit $rc, not $want"
        fi
    done
else
    notok "label: the message could not be made and signed ($(head -1 "$L/sign.err" 2>/dev/null))"
fi

# The BOOT_PUBKEY header: the bytes of OpenSSL's key, as a C program
# built with it sees them.
d=$W/1
if [ -f "$d/pub.der" ] && "$TOOL" header "$d/pub.pem" "$W/boot_pubkey.h" 2>"$W/header.err"; then
    want=$(tail -c 32 "$d/pub.der" | od -An -tx1 | tr -d ' \n')
    cat >"$W/show.c" <<'EOF'
#include <stdio.h>
#include <stdint.h>
#include "boot_pubkey.h"
static const uint8_t key[BOOT_PUBKEYS][32] = BOOT_PUBKEY_INIT;
int main(void)
{
    for (int k = 0; k < BOOT_PUBKEYS; k++) {
        printf(k ? "," : "");
        for (int i = 0; i < 32; i++)
            printf("%02x", key[k][i]);
    }
    return 0;
}
EOF
    if cc -std=c11 -Wall -Wextra -Werror -I"$W" -o "$W/show" "$W/show.c" 2>"$W/show.err" &&
       [ "$("$W/show")" = "$want" ] && [ "$("$TOOL" hex "$d/pub.pem")" = "$want" ]; then
        ok "header: BOOT_PUBKEY_INIT holds the key's 32 bytes ($want)"
    else
        notok "header: the compiled key is not $want ($(head -1 "$W/show.err"))"
    fi
else
    notok "header: not made for $d/pub.pem ($(head -1 "$W/header.err" 2>/dev/null))"
fi

# BOOT_PUBKEY=a.pem,b.pem: both keys in index order, BOOT_PUBKEYS 2; the
# same key twice, five keys, an empty name or a trailing ',' refused.
d2=$W/2
if [ -f "$d2/pub.der" ] && mkdir -p "$W/two" &&
   "$TOOL" header "$d2/pub.pem,$d/pub.pem" "$W/two/boot_pubkey.h" 2>"$W/header2.err"; then
    want2=$(tail -c 32 "$d2/pub.der" | od -An -tx1 | tr -d ' \n'),$want
    # (a copy beside its header: "" includes look in the source's folder
    # first)
    cp "$W/show.c" "$W/two/show.c"
    if cc -std=c11 -Wall -Wextra -Werror -o "$W/show2" "$W/two/show.c" 2>"$W/show2.err" &&
       [ "$("$W/show2")" = "$want2" ]; then
        ok "header: two keys, key 0 first ($want2)"
    else
        notok "header: two keys compiled as $("$W/show2" 2>/dev/null), not $want2"
    fi
    bad=0
    for arg in "$d/pub.pem,$d/pub.pem" "$d/pub.pem,,$d2/pub.pem" "$d/pub.pem," \
               "$d/pub.pem,$d2/pub.pem,$d/pub.pem,$d2/pub.pem,$d/pub.pem"; do
        "$TOOL" header "$arg" "$W/bad.h" 2>/dev/null && bad=1
    done
    if [ $bad = 0 ]; then
        ok "header: a key twice, an empty name, a trailing ',' or 5 keys refused"
    else
        notok "header: a bad key list was taken"
    fi
else
    notok "header: not made for two keys ($(head -1 "$W/header2.err" 2>/dev/null))"
fi

# make boot-pubkey BOOT_PUBKEY=...: the same header in build/pubkey/.
if make -s --no-print-directory -C "$TOP" BUILD="$BUILD" boot-pubkey \
        BOOT_PUBKEY="$d/pub.pem" >"$W/make-pubkey.log" 2>&1 &&
   grep -q "$(sed -n 's/.*\(0x[0-9a-f][0-9a-f], 0x[0-9a-f][0-9a-f], 0x[0-9a-f][0-9a-f]\).*/\1/p' \
              "$W/boot_pubkey.h" | head -1)" "$BUILD/pubkey/boot_pubkey.h"; then
    ok "make boot-pubkey BOOT_PUBKEY=pub.pem writes build/pubkey/boot_pubkey.h"
else
    notok "make boot-pubkey BOOT_PUBKEY=pub.pem ($(tail -1 "$W/make-pubkey.log"))"
fi

# Keys the header refuses: of small order (the identity point), off the
# curve (y = 2), not canonical (y = p), a private key, not a key at all.
pem_of() {            # 32 key bytes in hex -> PEM SubjectPublicKeyInfo
    { echo "-----BEGIN PUBLIC KEY-----"
      { printf '302a300506032b6570032100'; echo "$1"; } | xxd -r -p | base64
      echo "-----END PUBLIC KEY-----"; }
}
zero62=000000000000000000000000000000000000000000000000000000000000
pem_of "01${zero62}00" >"$W/order.pem"
pem_of "02${zero62}00" >"$W/curve.pem"
pem_of "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f" >"$W/noncanon.pem"
echo "not a key" >"$W/junk.pem"
for t in "order.pem 1 small order" "curve.pem 1 curve" "noncanon.pem 1 canonical" \
         "1/key.pem 2 not an Ed25519 public key" "junk.pem 2 not an Ed25519 public key"; do
    set -- $t
    f=$1 want=$2; shift 2
    "$TOOL" header "$W/$f" >/dev/null 2>"$W/refuse.err"
    rc=$?
    if [ "$rc" = "$want" ] && grep -q "$*" "$W/refuse.err"; then
        ok "header refuses $f: $(cat "$W/refuse.err")"
    else
        notok "header on $f: exit $rc (want $want, '$*'): $(cat "$W/refuse.err")"
    fi
done

echo "1..$n"
[ "$fails" = 0 ]
