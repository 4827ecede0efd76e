# shellcheck shell=bash
# Shared by the QEMU test scripts (tests/qemu/t_*.sh), which source it
# first: it goes to the top of the tree and sets BUILD (default build).
# Not a suite itself (tests/run.sh runs only t_*.sh). TAP output: the
# scripts count with pass/fail/check and end with qemu_done. Runs are
# counted in guest instructions (-icount shift=0), never timed;
# HANG_GUARD (seconds) only stops a hang.
#
# Then a script sets Q (its build directory), T (its private work
# directory, under Q: the tree is shared), FW (the default firmware),
# calls qemu_board with the board it boots and qemu_build.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
BUILD=${BUILD:-build}
# The tests read QEMU's exit status: their builds end it through
# semihosting (the Makefile's BOARD_SEMIHOSTING), run alone or by make test.
export BOARD_SEMIHOSTING=${BOARD_SEMIHOSTING:-1}
n=0
failed=0
FAIL_TAIL=25                        # log lines a failure shows
MKKERNEL=$BUILD/qemu/mkkernel      # host tool: pads a test kernel

# qemu_board BOARD: sets QEMU (the machine's command line, without the
# firmware and the card), FW_OPT (how the firmware is given: -kernel on
# lm3s6965evb; -bios on sifive-u, whose msel=11 starts it in the L2 LIM
# as the FU540's mask ROM starts a loader from the card) and the default
# HANG_GUARD.
qemu_board() {
    case $1 in
    lm3s6965evb)
        QEMU=(qemu-system-arm -M lm3s6965evb -nographic -icount shift=0)
        FW_OPT=-kernel
        HANG_GUARD=${HANG_GUARD:-120} ;;
    sifive-u)
        QEMU=(qemu-system-riscv64 -M sifive_u,msel=11 -nographic
              -icount shift=0)
        FW_OPT=-bios
        HANG_GUARD=${HANG_GUARD:-300} ;;
    *)
        echo "Bail out! qemu_board: unknown board '$1'"; exit 1 ;;
    esac
}

# qemu_build LOG TITLE TARGET...: makes the targets (output in LOG); on
# failure "not ok 1 - TITLE" with the log's end, and the script exits.
# Then creates $T.
qemu_build() {
    local log=$1 title=$2; shift 2
    mkdir -p "$(dirname "$log")"
    if ! make -s --no-print-directory BUILD="$BUILD" "$@" >"$log" 2>&1; then
        echo "not ok 1 - $title"
        sed 's/^/# /' "$log" | tail -20
        exit 1
    fi
    mkdir -p "$T"
}

pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {                            # name, log, why
    n=$((n + 1)); failed=$((failed + 1))
    echo "not ok $n - $1"
    echo "# $3"
    [ -f "$2" ] && sed 's/^/#   /' "$2" | tail -"$FAIL_TAIL"
}

# drop_cr FILE: the console's CR LF as LF.
drop_cr() { tr -d '\r' <"$1" >"$1.tmp" && mv "$1.tmp" "$1"; }

# boot NAME IMAGE [FIRMWARE]: runs QEMU (no input; IMAGE "" = no card);
# leaves $T/NAME.log, sets $rc and $last.
boot() {
    local name=$1 img=$2 fw=${3:-$FW} drive=()
    last=$name
    [ -n "$img" ] && drive=(-drive "if=sd,format=raw,file=$img,snapshot=on")
    timeout "$HANG_GUARD" "${QEMU[@]}" \
        -semihosting-config enable=on,target=native \
        "${FW_OPT:--kernel}" "$fw" "${drive[@]}" </dev/null >"$T/$name.log" 2>&1
    rc=$?
    drop_cr "$T/$name.log"
}

# card_run LOG END: one sifive-u QEMU run of $FW on $T/card.img (written
# by the guest: no snapshot, no -no-reboot), the console in LOG; ended
# by the first line matching the glob END ($ended "finished"), an init's
# "INIT: FAIL" ("fail"), the loader's "no bootable label" ("no-label"),
# more than $BOOTS_MAX boots ("loop"), else $HANG_GUARD ("hang"). $boots:
# the boots seen.
card_run() {
    local log=$1 end=$2 qpid line
    : >"$log"
    timeout "$HANG_GUARD" qemu-system-riscv64 -M sifive_u,msel=11 -smp 2 \
        -m 128M -nographic -bios "$FW" \
        -drive "if=sd,format=raw,file=$T/card.img" </dev/null >"$log" 2>&1 &
    qpid=$!
    # shellcheck disable=SC2034  # boots and ended are the caller's
    boots=0 ended=hang
    while IFS= read -r line; do
        # shellcheck disable=SC2254  # END is a glob
        case $line in
        $end) ended=finished; break ;;
        *"INIT: FAIL"*) ended=fail; break ;;
        "boot: no bootable label"*) ended=no-label; break ;;
        "reset: a1 = "*)
            boots=$((boots + 1))
            if [ "$boots" -gt "$BOOTS_MAX" ]; then ended=loop; break; fi ;;
        esac
    done < <(tail -n +1 -f --pid="$qpid" "$log")
    kill "$qpid" 2>/dev/null
    wait "$qpid" 2>/dev/null
    drop_cr "$log"
}

# boot_keys NAME IMAGE KEYS [FIRMWARE]: QEMU with KEYS (a printf format)
# on UART0 once the banner is out, and -no-reboot; $T/NAME.log, $rc.
boot_keys() {
    local name=$1 img=$2 keys=$3 fw=${4:-$FW} qpid
    last=$name
    # shellcheck disable=SC2059
    printf "$keys" >"$T/$name.in"
    rm -f "$T/$name.fifo"; mkfifo "$T/$name.fifo"
    : >"$T/$name.log"
    timeout "$HANG_GUARD" "${QEMU[@]}" -no-reboot \
        -semihosting-config enable=on,target=native "${FW_OPT:--kernel}" "$fw" \
        -drive "if=sd,format=raw,file=$img,snapshot=on" \
        <"$T/$name.fifo" >"$T/$name.log" 2>&1 &
    qpid=$!
    {
        while kill -0 "$qpid" 2>/dev/null &&
              ! grep -q '^extload: ' "$T/$name.log"; do
            sleep 0.02
        done
        cat "$T/$name.in"
    } >"$T/$name.fifo"
    wait "$qpid"
    rc=$?
    drop_cr "$T/$name.log"
}

# check TITLE WANT_RC PATTERN... : on the last boot's log, every grep -E
# pattern must match; a pattern starting with '!' must not.
check() {
    local name=$1 want=$2 log=$T/$last.log p; shift 2
    if [ "$rc" != "$want" ]; then
        fail "$name" "$log" "exit code $rc, want $want"; return
    fi
    for p in "$@"; do
        if [ "${p#!}" != "$p" ]; then
            if grep -qE -- "${p#!}" "$log"; then
                fail "$name" "$log" "log matches '${p#!}'"; return
            fi
        elif ! grep -qE -- "$p" "$log"; then
            fail "$name" "$log" "log lacks '$p'"; return
        fi
    done
    pass "$name"
}

# in_order TITLE STRING... : the fixed strings appear in the last boot's
# log in this order.
in_order() {
    local name=$1 log=$T/$last.log at=0 p line; shift
    for p in "$@"; do
        line=$(grep -nF -- "$p" "$log" | awk -F: -v a="$at" '$1 > a {print $1; exit}')
        if [ -z "$line" ]; then
            fail "$name" "$log" "'$p' not found after line $at"; return
        fi
        at=$line
    done
    pass "$name"
}

# kernel FILE SIZE [raw]: the board's test kernel ($Q/payload.bin, or
# $Q/payload-raw.bin) padded to SIZE bytes by mkkernel.
kernel() {
    local bin=$Q/payload.bin
    [ "${3:-}" = raw ] && bin=$Q/payload-raw.bin
    mkdir -p "$(dirname "$1")"
    "$MKKERNEL" "$bin" "$1" "$2"
}
# sha FILE: FILE.sha256 beside it, as sha256sum writes it.
sha() { (cd "$(dirname "$1")" && sha256sum "$(basename "$1")" >"$(basename "$1").sha256"); }
# conf DIR <TEXT: DIR/boot/extlinux/extlinux.conf.
conf() { mkdir -p "$1/boot/extlinux"; cat >"$1/boot/extlinux/extlinux.conf"; }
# image OUT.img DIR [mkimage.sh options]: a card from DIR.
image() { bash tests/qemu/mkimage.sh "$@" >"$T/mkimage.log" 2>&1 ||
          { echo "# mkimage failed: $*"; sed 's/^/#   /' "$T/mkimage.log"; }; }

# zboot_wrap GZ OUT: OUT an EFI zboot image (Linux's drivers/firmware/efi/
# libstub/zboot-header.S) around the gzip member GZ: "MZ", "zimg" at 0x04,
# the payload's offset and size at 0x08 and 0x0C, "gzip" at 0x18,
# LINUX_PE_MAGIC at 0x38; the payload at 4096 (the stub's room left zero).
zboot_wrap() {
    python3 - "$1" "$2" <<'EOF'
import struct, sys
g = open(sys.argv[1], "rb").read()
h = bytearray(4096)
h[0:2] = b"MZ"
h[4:8] = b"zimg"
h[8:16] = struct.pack("<II", len(h), len(g))
h[0x18:0x1C] = b"gzip"
h[0x38:0x40] = struct.pack("<II", 0x818223CD, 0x40)
open(sys.argv[2], "wb").write(bytes(h) + g)
EOF
}

# fallback_tree DIR WHY: default label 'broken' whose /boot/bad.bin is
# WHY = missing, sha (a .sha256 it fails), big (60000 bytes), gzip (a gzip
# member) or zboot (an EFI zboot image around one); label
# 'good' (/boot/good.bin, APPEND fell-back) after it.
fallback_tree() {
    local r=$1
    kernel "$r/boot/good.bin" 15000
    case $2 in
    missing) ;;
    sha) kernel "$r/boot/bad.bin" 15000
         echo "0000000000000000000000000000000000000000000000000000000000000000  bad.bin" \
             >"$r/boot/bad.bin.sha256" ;;
    big) kernel "$r/boot/bad.bin" 60000 ;;
    gzip) kernel "$r/boot/bad.bin" 15000     # a gzip member, named .bin
          gzip -9 -n "$r/boot/bad.bin" && mv "$r/boot/bad.bin.gz" "$r/boot/bad.bin" ;;
    zboot) kernel "$r/boot/bad.bin" 15000    # an EFI zboot image, named .bin
           gzip -9 -n "$r/boot/bad.bin" && zboot_wrap "$r/boot/bad.bin.gz" "$r/boot/bad.bin" &&
               rm "$r/boot/bad.bin.gz" ;;
    esac
    conf "$r" <<'CONF'
DEFAULT broken
LABEL good
  KERNEL /boot/good.bin
  APPEND fell-back
LABEL broken
  KERNEL /boot/bad.bin
CONF
}

# ext2_card SIZE: $T/ext2.img, ext2 with 1 KiB blocks, no partition
# table; label 'only' boots /boot/kernel.bin (SIZE bytes, with its
# .sha256; tree in $T/ext2), APPEND ext2.
ext2_card() {
    local r=$T/ext2
    kernel "$r/boot/kernel.bin" "$1"; sha "$r/boot/kernel.bin"
    conf "$r" <<'CONF'
LABEL only
  KERNEL /boot/kernel.bin
  APPEND ext2
CONF
    image "$T/ext2.img" "$r" --fs ext2-1k --table none
}

# qemu_done [KEEP]: the TAP plan; $T moves to KEEP for inspection (or is
# removed); the status says whether every test passed.
qemu_done() {
    echo "1..$n"
    if [ -n "${1:-}" ]; then
        rm -rf "$1" && mv "$T" "$1"
    else
        rm -rf "$T"
    fi
    [ "$failed" = 0 ]
}
