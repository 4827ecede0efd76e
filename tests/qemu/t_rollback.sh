#!/usr/bin/env bash
# The rollback floor in sifive-u's OTP (firmware/README.md, "Rollback";
# board/README.md, "Rollback fuses"), with one OTP file carried across
# QEMU runs as a board keeps its fuses (-drive if=pflash,index=0: QEMU's
# sifive_u_otp reads and writes it). The firmware is built with two keys
# (BOOT_PUBKEY=a.pub.pem,b.pub.pem, made by openssl at test time); the
# labels are signed with openssl over `extload message`, as
# firmware/README.md's recipe does. The sequence:
#   1 fresh fuses; DEFAULT 'main' (index 5), FALLBACK 'main': the
#     committed boot raises the floor to 5
#   2 DEFAULT 'old' (index 3) refused by name; 'main' (5) boots
#   3t a trial of 'new7' (index 7; its record put in the trial page
#     with QEMU's loader device): boots, the floor stays 5
#   3 DEFAULT names a label that cannot boot, FALLBACK 'old' is
#     refused, 'new7' (index 7, first in the file) boots, not
#     committed: the floor stays 5
#   4 fresh fuses; DEFAULT 'main' (5), FALLBACK 'four' (index 4): the
#     floor rises to 4 only
#   5 DEFAULT 'bmain' signed by key b (1): key a (0) revoked
#   6 DEFAULT 'amain', signed by key a: refused; 'bmain' boots
# Then lm3s6965evb built with BOOT_ROLLBACK_MIN=5: the floor said, index
# 3 refused, 5 boots, nothing raised.
# After each run the fuses are read from the file (the floor, the
# revocations) and compared with what `extload boot --board sifive-u
# --otp BEFORE -o DIR` says the board leaves (DIR/otp.img). TAP.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
EXTLOAD=${EXTLOAD:-$BUILD/host-asan/extload}
K=$BUILD/qemu/rollback-key.$$
mkdir -p "$K"
for k in a b; do
    openssl genpkey -algorithm ed25519 -out "$K/$k.pem" 2>/dev/null &&
        openssl pkey -in "$K/$k.pem" -pubout -out "$K/$k.pub.pem" ||
        { echo "Bail out! openssl genpkey -algorithm ed25519"; exit 1; }
done
KEYS=$K/a.pub.pem,$K/b.pub.pem

Q=$BUILD/sifive-u/qemu               # the RISC-V test kernel
T=$BUILD/qemu/rollback.$$
qemu_board sifive-u
qemu_build "$BUILD/qemu/rollback-tools.log" "build the test kernel and the host tool" \
    qemu-tools qemu-tools-sifive-u host SANITIZE=1
qemu_build "$BUILD/qemu/rollback-build.log" \
    "build sifive-u's firmware with two keys (build/sifive-u-signed/)" \
    firmware-sifive-u BOOT_PUBKEY="$KEYS"
FW=$BUILD/sifive-u-signed/extload.elf
OTP=$T/otp.img

# otp_fresh FILE: 16 KiB of 0xff, QEMU's unprogrammed fuses.
otp_fresh() { head -c 16384 /dev/zero | tr '\0' '\377' >"$1"; }
# otp_say FILE: "floor N, revoked 0xM": the programmed words of the
# floor's range (0x400.., one per step, from the first) and of the
# revocations (0x500..0x503); bit 0 clear is programmed.
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
# fuses FILE: the floor's and the revocations' bytes (0x1000-0x140f).
fuses() { dd if="$1" bs=1 skip=4096 count=1040 status=none | od -An -tx1; }

r=$T/root
kernel "$r/boot/kernel.bin" 20000
kernel "$r/boot/k7.bin" 21000
kernel "$r/boot/k4.bin" 22000

# card NAME DEFAULT FALLBACK: the labels every run's card has, each
# signed (key a unless named b*); $T/NAME.img.
card() {
    local name=$1 l key
    conf "$r" <<CONF
DEFAULT $2
FALLBACK $3
LABEL new7
  KERNEL /boot/k7.bin
  APPEND rollback=new7
  ROLLBACK_INDEX 7
  SIGNATURE new7.sig
LABEL main
  KERNEL /boot/kernel.bin
  APPEND rollback=main
  ROLLBACK_INDEX 5
  SIGNATURE main.sig
LABEL old
  KERNEL /boot/kernel.bin
  APPEND rollback=old
  ROLLBACK_INDEX 3
  SIGNATURE old.sig
LABEL nothere
  KERNEL /boot/missing.bin
LABEL four
  KERNEL /boot/k4.bin
  APPEND rollback=four
  ROLLBACK_INDEX 4
  SIGNATURE four.sig
LABEL amain
  KERNEL /boot/kernel.bin
  APPEND rollback=amain
  ROLLBACK_INDEX 5
  SIGNATURE amain.sig
LABEL bmain
  KERNEL /boot/kernel.bin
  APPEND rollback=bmain
  ROLLBACK_INDEX 5
  SIGNATURE bmain.sig
CONF
    for l in main old new7 four amain bmain; do
        key=$K/a.pem
        case $l in b*) key=$K/b.pem ;; esac
        "$EXTLOAD" message "$r" $l --board sifive-u >"$T/$l.msg" 2>"$T/msg.err" &&
            openssl pkeyutl -sign -inkey "$key" -rawin -in "$T/$l.msg" \
                -out "$r/boot/extlinux/$l.sig" ||
            { fail "$name: sign label $l" "$T/msg.err" "extload message or openssl failed"; return; }
    done
    image "$T/$name.img" "$r"
}

# run NAME [QEMU ARGS]: the card in QEMU with the OTP file (kept across runs), the
# host's model first from the same fuses; then "# NAME: floor ...".
run() {
    local name=$1; shift
    cp "$OTP" "$T/$name.before"
    cp "$OTP" "$T/$name.orig"
    rm -rf "$T/$name.host"
    local trial=()       # the host's trial store: a copy of the record
    [ -f "$T/$name.trial" ] && trial=(--trial "$T/$name.trial")
    "$EXTLOAD" boot "$T/$name.img" --board sifive-u --key "$KEYS" \
        --otp "$T/$name.before" -o "$T/$name.host" "${trial[@]}" \
        >"$T/$name.hostlog" 2>&1 </dev/null
    last=$name
    timeout "$HANG_GUARD" "${QEMU[@]}" \
        -semihosting-config enable=on,target=native "$FW_OPT" "$FW" \
        -drive "if=sd,format=raw,file=$T/$name.img,snapshot=on" \
        -drive "if=pflash,index=0,format=raw,file=$OTP" "$@" \
        </dev/null >"$T/$name.log" 2>&1
    rc=$?
    drop_cr "$T/$name.log"
    echo "# $name: the OTP after the run: $(otp_say "$OTP")"
    grep -E "^(rollback|keys|signature): " "$T/$name.log" | sed 's/^/#   /'
    if cmp -s "$T/$name.before" "$T/$name.orig" &&
       [ "$(fuses "$OTP")" = "$(fuses "$T/$name.host/otp.img" 2>/dev/null)" ]; then
        pass "$name: extload boot --otp leaves the fuses the board left (its file untouched)"
    else
        fail "$name: extload boot --otp leaves the fuses the board left" \
            "$T/$name.hostlog" "host: $(otp_say "$T/$name.host/otp.img" 2>&1), board: $(otp_say "$OTP")"
    fi
}

otp_fresh "$OTP"
card run1 main main
run run1
check "1: a committed label with index 5 (FALLBACK declares 5) raises the floor to 5" 0 \
    "^rollback: the board's floor is 0, keys revoked 0x0$" \
    "^signature: /boot/extlinux/main.sig: Ed25519 verified with key 0 \([0-9a-f]{8}\.\.\.\), [0-9]+ ms$" \
    "^rollback: floor 0 -> 5 \(label 'main' index 5, FALLBACK's 5\)$" \
    'payload: cmdline "rollback=main' "payload: 0 checks failed"
[ "$(otp_say "$OTP")" = "floor 5, revoked 0x0" ] &&
    pass "1: the OTP holds floor 5 (words 0x400-0x404 programmed)" ||
    fail "1: the OTP holds floor 5" "$T/run1.log" "$(otp_say "$OTP")"

card run2 old main
run run2
check "2: index 3 refused by name, index 5 boots" 0 \
    "^rollback: the board's floor is 5, keys revoked 0x0$" \
    "^signature: 'old': rollback index 3 below the board's 5; trying label 'main'$" \
    'payload: cmdline "rollback=main' "!^boot: label 'old'"

card run3 nothere old
run run3
check "3: a label booted uncommitted (index 7, not DEFAULT's or FALLBACK's) does not raise" 0 \
    "^rollback: floor kept at 5: 'new7' is not a committed boot" \
    'payload: cmdline "rollback=new7' "!^rollback: floor 5 ->"
[ "$(otp_say "$OTP")" = "floor 5, revoked 0x0" ] &&
    pass "3: the OTP still holds floor 5" ||
    fail "3: the OTP still holds floor 5" "$T/run3.log" "$(otp_say "$OTP")"

# A trial: the record (firmware/trial/trial.h's 64 bytes, made here with
# Python's struct and zlib.crc32) armed for 'new7', one try, put in the
# board's trial page (the address run 1 said) before the loader runs.
trial_page=$(sed -n 's/^trial: record at \(0x[0-9a-f]*\) .*/\1/p' "$T/run1.log")
python3 - "$T/trial.rec" <<'PY'
import struct, sys, zlib
body = struct.pack("<IBBBBI48s", 0x4C545845, 1, 1, 0, 0, 1, b"new7")
open(sys.argv[1], "wb").write(body + struct.pack("<I", zlib.crc32(body)))
PY
card run3t main main
if [ -n "$trial_page" ]; then
    cp "$T/trial.rec" "$T/run3t.trial"
    run run3t -device "loader,file=$T/trial.rec,addr=$trial_page"
    check "3t: a trial label with index 7 boots without raising the floor" 0 \
        "^trial: label 'new7' boots as a trial" \
        "^signature: /boot/extlinux/new7.sig: Ed25519 verified with key 0 " \
        "^rollback: floor kept at 5: 'new7' is not a committed boot \(a trial\)$" \
        "^boot: label 'new7': .*cmdline \"rollback=new7 extload.label=new7 extload.trial=0\"$" \
        "payload: 0 checks failed" "!^rollback: floor 5 ->"
    grep -q "^rollback: floor kept at 5: 'new7' is not a committed boot (a trial)$" "$T/run3t.hostlog" &&
        pass "3t: extload boot --trial --otp says the same" ||
        fail "3t: extload boot --trial --otp says the same" "$T/run3t.hostlog" "no trial line"
    [ "$(otp_say "$OTP")" = "floor 5, revoked 0x0" ] &&
        pass "3t: the OTP still holds floor 5 after the trial" ||
        fail "3t: the OTP still holds floor 5 after the trial" "$T/run3t.log" "$(otp_say "$OTP")"
else
    fail "3t: the trial page's address" "$T/run1.log" "run 1 said no 'trial: record at'"
fi

cp "$OTP" "$T/otp-keys.img"
otp_fresh "$OTP"
card run4 main four
run run4
check "4: FALLBACK declaring 4 keeps the floor at 4" 0 \
    "^rollback: floor 0 -> 4 \(label 'main' index 5, FALLBACK's 4\)$" \
    'payload: cmdline "rollback=main'
[ "$(otp_say "$OTP")" = "floor 4, revoked 0x0" ] &&
    pass "4: the OTP holds floor 4" ||
    fail "4: the OTP holds floor 4" "$T/run4.log" "$(otp_say "$OTP")"

cp "$T/otp-keys.img" "$OTP"
card run5 bmain bmain
run run5
check "5: a committed label verified with key b (1) revokes key a (0)" 0 \
    "^signature: /boot/extlinux/bmain.sig: Ed25519 verified with key 1 " \
    "^keys: key 0 \([0-9a-f]{8}\.\.\.\) revoked: the label verified with key 1$" \
    'payload: cmdline "rollback=bmain'
[ "$(otp_say "$OTP")" = "floor 5, revoked 0x1" ] &&
    pass "5: the OTP holds floor 5, key 0 revoked" ||
    fail "5: the OTP holds floor 5, key 0 revoked" "$T/run5.log" "$(otp_say "$OTP")"

card run6 amain bmain
run run6
check "6: after that, a label signed by key a is refused" 0 \
    "^rollback: the board's floor is 5, keys revoked 0x1$" \
    "^signature: /boot/extlinux/amain.sig: signature does not verify: .* \(revoked keys skipped\); trying label 'bmain'$" \
    'payload: cmdline "rollback=bmain'

# lm3s6965evb keeps no store QEMU carries: its floor is fixed at build
# time (BOOT_ROLLBACK_MIN), said, and never raised.
qemu_build "$BUILD/qemu/rollback-lm3s.log" \
    "build lm3s6965evb's firmware with key a and BOOT_ROLLBACK_MIN=5" \
    qemu-tools firmware-lm3s6965evb BOOT_PUBKEY="$K/a.pub.pem" BOOT_ROLLBACK_MIN=5
Q=$BUILD/qemu
qemu_board lm3s6965evb
kernel "$r/boot/kernel.bin" 20000
kernel "$r/boot/k7.bin" 21000
kernel "$r/boot/k4.bin" 22000
card lm3s old main
for l in main old; do   # lm3s6965evb's own message (its board's files)
    "$EXTLOAD" message "$T/lm3s.img" $l >"$T/$l.msg" 2>"$T/msg.err" &&
        openssl pkeyutl -sign -inkey "$K/a.pem" -rawin -in "$T/$l.msg" \
            -out "$r/boot/extlinux/$l.sig" || fail "lm3s: sign $l" "$T/msg.err" "failed"
done
image "$T/lm3s.img" "$r"
boot lm3s "$T/lm3s.img" "$BUILD/lm3s6965evb-signed/extload.elf"
grep -E "^(rollback|signature): " "$T/lm3s.log" | sed 's/^/#   /'
check "lm3s6965evb: the floor fixed at 5 is said; index 3 refused by name; 5 boots, nothing raised" 0 \
    "^rollback: the board's floor is 5 \(fixed at build time\), keys revoked 0x0$" \
    "^signature: 'old': rollback index 3 below the board's 5; trying label 'main'$" \
    'payload: cmdline "rollback=main' "!^rollback: floor"

rm -rf "$K"
qemu_done
