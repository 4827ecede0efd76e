#!/usr/bin/env bash
# The rollback index and floor on the host (firmware/README.md,
# "Rollback"): `extload message` of a label with ROLLBACK_INDEX is the v2
# message (its own first line, `rollback N` after append; from an image
# and from the tree alike); a bad index is refused by name; `extload
# verify --floor N` refuses an index below N by name and a v1 label
# outright, and without a floor takes both; an edited index does not
# verify; several keys (--key a,b) verify a label by either, naming the
# key. `extload boot --board sifive-u --otp FILE -o DIR` models the OTP:
# a committed boot raises the floor to min(its index, FALLBACK's), a
# label booted after DEFAULT and FALLBACK failed raises nothing, key b
# committed revokes key a, DIR/otp.img holds the fuses, the file given
# is never written; a fuse that will not program (--otp-stuck) is said
# and the boot goes on. Keys are made by openssl at test time. TAP. Needs
# EXTLOAD (the default profile's tool).
set -u
X=${EXTLOAD:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PATH=$PATH:/sbin:/usr/sbin
n=0
fails=0

ok() {             # condition-status description [log]
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else
        echo "not ok $n - $2"; fails=$((fails + 1))
        [ -n "${3:-}" ] && sed 's/^/#   /' "$3" | tail -30
    fi
}
has() { grep -qE -- "$2" "$1"; }         # log pattern
mkimg() { rm -f "$1"; mke2fs -q -F -t ext4 -b 1024 -d "$2" "$1" 8M >/dev/null; }
hex() { sha256sum "$1" | cut -c1-64; }
# otp_say FILE: "floor N, revoked 0xM" (drivers/otp_counter.h's layout)
otp_say() {
    python3 - "$1" <<'PY'
import struct, sys
w = struct.unpack("<4096I", open(sys.argv[1], "rb").read(16384))
floor = 0
while floor < 256 and not w[0x400 + floor] & 1:
    floor += 1
rev = sum(1 << k for k in range(4) if not w[0x500 + k] & 1)
print("floor %d, revoked 0x%x" % (floor, rev))
PY
}

for k in a b; do
    openssl genpkey -algorithm ed25519 -out "$tmp/$k.pem" 2>/dev/null &&
        openssl pkey -in "$tmp/$k.pem" -pubout -out "$tmp/$k.pub.pem"
done
ok $? "openssl makes two Ed25519 keys"
KEYS=$tmp/a.pub.pem,$tmp/b.pub.pem

r=$tmp/root
mkdir -p "$r/boot/extlinux"
head -c 20000 /dev/urandom >"$r/boot/kernel.bin"
# conf DEFAULT FALLBACK [INDEX_OF_main]
conf() {
    cat >"$r/boot/extlinux/extlinux.conf" <<CONF
DEFAULT $1
FALLBACK $2
LABEL main
  KERNEL /boot/kernel.bin
  APPEND m
  ROLLBACK_INDEX ${3:-5}
  SIGNATURE main.sig
LABEL old
  KERNEL /boot/kernel.bin
  APPEND o
  ROLLBACK_INDEX 3
  SIGNATURE old.sig
LABEL v1
  KERNEL /boot/kernel.bin
  APPEND v
  SIGNATURE v1.sig
LABEL four
  KERNEL /boot/kernel.bin
  APPEND f
  ROLLBACK_INDEX 4
  SIGNATURE four.sig
LABEL top
  KERNEL /boot/kernel.bin
  ROLLBACK_INDEX 4294967295
  SIGNATURE top.sig
LABEL bmain
  KERNEL /boot/kernel.bin
  APPEND b
  ROLLBACK_INDEX 5
  SIGNATURE bmain.sig
LABEL bad
  KERNEL /boot/kernel.bin
  ROLLBACK_INDEX 12x
  SIGNATURE bad.sig
LABEL big
  KERNEL /boot/kernel.bin
  ROLLBACK_INDEX 4294967296
  SIGNATURE big.sig
LABEL nothere
  KERNEL /boot/missing.bin
CONF
}
conf main main
mkimg "$tmp/a.img" "$r"

# --- the message ---------------------------------------------------------
"$X" message "$tmp/a.img" main >"$tmp/main.msg" 2>"$tmp/err"
rc=$?
printf 'extload-sig-v2\nlabel main\nappend m\nrollback 5\nfile kernel /boot/kernel.bin 20000 %s\n' \
    "$(hex "$r/boot/kernel.bin")" >"$tmp/main.want"
cmp -s "$tmp/main.msg" "$tmp/main.want"
ok $((rc + $?)) "extload message: v2 (extload-sig-v2, rollback 5 right after append)" "$tmp/main.msg"
"$X" message "$r" main >"$tmp/main.dir" 2>"$tmp/err"
cmp -s "$tmp/main.dir" "$tmp/main.want"
ok $? "extload message from the tree: the same bytes" "$tmp/err"
"$X" message "$tmp/a.img" top >"$tmp/top.msg" 2>"$tmp/err" &&
    sed -n 4p "$tmp/top.msg" | grep -qx "rollback 4294967295"
ok $? "extload message: index 2^32 - 1" "$tmp/top.msg"
"$X" message "$tmp/a.img" v1 >"$tmp/v1.msg" 2>"$tmp/err" &&
    head -1 "$tmp/v1.msg" | grep -qx "extload-sig-v1" && ! grep -q '^rollback' "$tmp/v1.msg"
ok $? "extload message: a label without ROLLBACK_INDEX is v1, as before" "$tmp/v1.msg"
for l in bad big; do
    "$X" message "$tmp/a.img" $l >"$tmp/$l.msg" 2>"$tmp/err"
    [ $? = 1 ] && [ ! -s "$tmp/$l.msg" ] &&
        has "$tmp/err" "label '$l': ROLLBACK_INDEX [0-9x]+: not a number 0 to 4294967295$"
    ok $? "extload message: label '$l' with a bad index refused by name" "$tmp/err"
done

# --- signed, then verified against floors ---------------------------------
sign_all() {        # every label, as the tree is now (b* by key b)
    local l key
    for l in main old v1 four top bmain; do
        key=$tmp/a.pem
        case $l in b*) key=$tmp/b.pem ;; esac
        "$X" message "$r" $l >"$tmp/$l.msg" &&
            openssl pkeyutl -sign -inkey "$key" -rawin -in "$tmp/$l.msg" \
                -out "$r/boot/extlinux/$l.sig" || return 1
    done
}
sign_all
ok $? "openssl signs every label's message (bmain by key b)"
mkimg "$tmp/s.img" "$r"
V=(main old v1 four top bad big)
"$X" verify --key "$tmp/a.pub.pem" "$tmp/s.img" "${V[@]}" >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'main': verified$" &&
    has "$tmp/v.log" "^label 'old': verified$" && has "$tmp/v.log" "^label 'v1': verified$" &&
    has "$tmp/v.log" "^label 'top': verified$" &&
    has "$tmp/v.log" "^label 'bad': refused: signature: 'bad': ROLLBACK_INDEX 12x: not a number 0 to 4294967295$" &&
    has "$tmp/v.log" "^label 'big': refused: signature: 'big': ROLLBACK_INDEX 4294967296: not a number 0 to 4294967295$"
ok $? "no floor: v1 and v2 labels verify, a bad index is refused by name" "$tmp/v.log"
"$X" verify --key "$tmp/a.pub.pem" --floor 5 "$tmp/s.img" "${V[@]}" >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'main': verified$" &&
    has "$tmp/v.log" "^label 'old': refused: signature: 'old': rollback index 3 below the board's 5$" &&
    has "$tmp/v.log" "^label 'four': refused: signature: 'four': rollback index 4 below the board's 5$" &&
    has "$tmp/v.log" "^label 'v1': refused: signature: 'v1': no ROLLBACK_INDEX line \(a v1 message\), and this board keeps a rollback floor$" &&
    has "$tmp/v.log" "^label 'top': verified$"
ok $? "--floor 5: 3 and 4 refused by name, a v1 label refused, 5 and 2^32 - 1 verify" "$tmp/v.log"
"$X" verify --key "$tmp/a.pub.pem" --floor 0 "$tmp/s.img" old >"$tmp/v.log" 2>&1
ok $? "--floor 0: index 3 verifies" "$tmp/v.log"
"$X" verify --key "$tmp/a.pub.pem" --floor 4294967295 "$tmp/s.img" top main >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'top': verified$" &&
    has "$tmp/v.log" "^label 'main': refused: signature: 'main': rollback index 5 below the board's 4294967295$"
ok $? "--floor 2^32 - 1: only that index" "$tmp/v.log"
bad=0
for f in -1 12x 4294967296 ""; do
    "$X" verify --key "$tmp/a.pub.pem" --floor "$f" "$tmp/s.img" main >"$tmp/v.log" 2>&1
    [ $? = 1 ] && has "$tmp/v.log" "^extload: --floor $f: not a number 0 to 4294967295$" ||
        { bad=1; break; }
done
ok $bad "--floor with a bad number: refused" "$tmp/v.log"

# The index is signed: raised in the config after signing, it fails.
conf main main 9
mkimg "$tmp/e.img" "$r"
"$X" verify --key "$tmp/a.pub.pem" --floor 5 "$tmp/e.img" main >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'main': refused: signature: /boot/extlinux/main.sig: signature does not verify"
ok $? "ROLLBACK_INDEX edited after signing (5 -> 9): does not verify" "$tmp/v.log"
conf main main

# --- several keys ----------------------------------------------------------
"$X" verify --key "$KEYS" "$tmp/s.img" main bmain >"$tmp/v.log" 2>&1
[ $? = 0 ] && has "$tmp/v.log" "^label 'main': verified with key 0, rollback index 5$" &&
    has "$tmp/v.log" "^label 'bmain': verified with key 1, rollback index 5$"
ok $? "--key a,b: each label verifies with its key, named by index" "$tmp/v.log"
"$X" verify --key "$tmp/b.pub.pem" "$tmp/s.img" main >"$tmp/v.log" 2>&1
ok $((1 - $?)) "--key b alone: a's label refused" "$tmp/v.log"
"$X" verify --key "$KEYS,$tmp/a.pub.pem,$tmp/b.pub.pem,$tmp/a.pub.pem" "$tmp/s.img" main >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "1 to 4 key files"
ok $? "--key with 5 keys: refused" "$tmp/v.log"

# --- extload boot --otp: the board's fuses ---------------------------------
head -c 16384 /dev/zero | tr '\0' '\377' >"$tmp/fresh.otp"
cp "$tmp/fresh.otp" "$tmp/fresh.keep"
# hboot NAME IMAGE OTP: extload boot as sifive-u with both keys; $tmp/NAME.log,
# $tmp/NAME/otp.img
hboot() {
    rm -rf "$tmp/$1"
    "$X" boot "$2" --board sifive-u --key "$KEYS" --otp "$3" -o "$tmp/$1" \
        >"$tmp/$1.log" 2>&1 </dev/null
}
hboot b1 "$tmp/s.img" "$tmp/fresh.otp"
[ $? = 0 ] && has "$tmp/b1.log" "^rollback: the board's floor is 0, keys revoked 0x0$" &&
    has "$tmp/b1.log" "^rollback: floor 0 -> 5 \(label 'main' index 5, FALLBACK's 5\)$" &&
    [ "$(otp_say "$tmp/b1/otp.img")" = "floor 5, revoked 0x0" ] &&
    cmp -s "$tmp/fresh.otp" "$tmp/fresh.keep"
ok $? "boot --otp: a committed index 5 raises the floor 0 -> 5 in DIR/otp.img, the file given untouched" "$tmp/b1.log"

conf old main
mkimg "$tmp/o.img" "$r"
hboot b2 "$tmp/o.img" "$tmp/b1/otp.img"
[ $? = 0 ] && has "$tmp/b2.log" "^signature: 'old': rollback index 3 below the board's 5; trying label 'main'$" &&
    has "$tmp/b2.log" "^boot: label 'main'"
ok $? "boot --otp at floor 5: 'old' refused by name, 'main' boots" "$tmp/b2.log"

conf nothere v1
mkimg "$tmp/n.img" "$r"
hboot b3 "$tmp/n.img" "$tmp/fresh.otp"
[ $? = 0 ] && has "$tmp/b3.log" "^signature: 'v1': no ROLLBACK_INDEX line" &&
    has "$tmp/b3.log" "^rollback: floor kept at 0: 'main' is not a committed boot" &&
    [ "$(otp_say "$tmp/b3/otp.img")" = "floor 0, revoked 0x0" ]
ok $? "boot --otp: DEFAULT and FALLBACK fail, 'main' boots uncommitted: nothing raised" "$tmp/b3.log"

conf main four
mkimg "$tmp/f.img" "$r"
hboot b4 "$tmp/f.img" "$tmp/fresh.otp"
[ $? = 0 ] && has "$tmp/b4.log" "^rollback: floor 0 -> 4 \(label 'main' index 5, FALLBACK's 4\)$" &&
    [ "$(otp_say "$tmp/b4/otp.img")" = "floor 4, revoked 0x0" ]
ok $? "boot --otp: FALLBACK declaring 4 keeps the floor at 4" "$tmp/b4.log"

conf main v1
mkimg "$tmp/v.img" "$r"
hboot b4v "$tmp/v.img" "$tmp/fresh.otp"
[ $? = 0 ] && [ "$(otp_say "$tmp/b4v/otp.img")" = "floor 0, revoked 0x0" ]
ok $? "boot --otp: a FALLBACK without ROLLBACK_INDEX declares 0: nothing raised" "$tmp/b4v.log"

conf bmain bmain
mkimg "$tmp/k.img" "$r"
hboot b5 "$tmp/k.img" "$tmp/b1/otp.img"
[ $? = 0 ] && has "$tmp/b5.log" "^signature: /boot/extlinux/bmain.sig: Ed25519 verified with key 1 \([0-9a-f]{8}\.\.\.\)" &&
    has "$tmp/b5.log" "^keys: key 0 \([0-9a-f]{8}\.\.\.\) revoked: the label verified with key 1$" &&
    [ "$(otp_say "$tmp/b5/otp.img")" = "floor 5, revoked 0x1" ]
ok $? "boot --otp: bmain (key b) committed revokes key a" "$tmp/b5.log"

conf main bmain
mkimg "$tmp/m.img" "$r"
hboot b6 "$tmp/m.img" "$tmp/b5/otp.img"
[ $? = 0 ] && has "$tmp/b6.log" "^rollback: the board's floor is 5, keys revoked 0x1$" &&
    has "$tmp/b6.log" "^signature: /boot/extlinux/main.sig: signature does not verify: .* \(revoked keys skipped\); trying label 'bmain'$" &&
    has "$tmp/b6.log" "^boot: label 'bmain'"
ok $? "boot --otp: key a revoked, its label refused, bmain boots" "$tmp/b6.log"
"$X" verify --key "$KEYS" --otp "$tmp/b5/otp.img" "$tmp/m.img" main bmain >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'main': refused: signature: /boot/extlinux/main.sig: signature does not verify" &&
    has "$tmp/v.log" "^label 'bmain': verified with key 1, rollback index 5$"
ok $? "verify --otp: the same verdicts from the fuses" "$tmp/v.log"

# A fuse that will not program (--otp-stuck): the failed write is said
# and the label boots all the same; the steps before it stay.
conf main main
mkimg "$tmp/s2.img" "$r"
rm -rf "$tmp/st"
"$X" boot "$tmp/s2.img" --board sifive-u --key "$KEYS" --otp "$tmp/fresh.otp" \
    --otp-stuck 0x402 -o "$tmp/st" >"$tmp/st.log" 2>&1 </dev/null
[ $? = 0 ] && has "$tmp/st.log" "^rollback: raising the floor 0 -> 5 failed \(error -1\); booting on$" &&
    has "$tmp/st.log" "^boot: label 'main'" &&
    [ "$(otp_say "$tmp/st/otp.img")" = "floor 2, revoked 0x0" ]
ok $? "a floor word that will not program: the failure said, the boot goes on, 2 steps kept" "$tmp/st.log"
conf bmain bmain
mkimg "$tmp/s3.img" "$r"
rm -rf "$tmp/st"
"$X" boot "$tmp/s3.img" --board sifive-u --key "$KEYS" --otp "$tmp/fresh.otp" \
    --otp-stuck 0x500 -o "$tmp/st" >"$tmp/st.log" 2>&1 </dev/null
[ $? = 0 ] && has "$tmp/st.log" "^keys: revoking key 0 \([0-9a-f]{8}\.\.\.\) failed \(error -1\); booting on$" &&
    has "$tmp/st.log" "^boot: label 'bmain'" &&
    [ "$(otp_say "$tmp/st/otp.img")" = "floor 5, revoked 0x0" ]
ok $? "a revocation word that will not program: said, the boot goes on" "$tmp/st.log"

echo "1..$n"
[ "$fails" = 0 ]
