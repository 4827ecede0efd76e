#!/usr/bin/env bash
# Placement at the window's end (issue 53): an empty INITRD whose 4 KiB
# aligned start lies past the room the kernel's image_size leaves is
# refused by name, the next label tried with its own name and kernel
# (before the fix the empty file was accepted there, its .sha256 read
# over the config text: the next label became the card's bytes). The
# card is the issue's: /boot/Image 4 KiB with text_offset 0x200000 and
# image_size 0x7bfd060, a 0-byte /boot/empty with an 80-byte .sha256, and
# a second label after byte 2,800 of the config; with and without the
# .sha256 (without it the hand-off block was written there). An empty
# initrd that fits still boots. On the host tool as sifive-u. TAP.
# profiles: default
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

# image FILE TEXT_OFFSET IMAGE_SIZE SEED: a 4 KiB RISC-V Linux Image.
image() {
    python3 - "$@" <<'EOF'
import random, struct, sys
path, toff, isize, seed = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3], 0), sys.argv[4]
random.seed(seed)
b = bytearray(random.randbytes(4096))
b[8:24] = struct.pack("<QQ", toff, isize)
b[24:48] = bytes(24)
b[32:36] = struct.pack("<I", 2)
b[48:56] = b"RISCV\0\0\0"
b[56:60] = b"RSC\x05"
open(path, "wb").write(b)
EOF
}

# card NAME SHA: /boot/Image (the huge image_size), /boot/small (fits),
# the SBI firmware,
# /boot/empty (with an 80-byte .sha256 when SHA=1), the config with
# label 'a' first and label 'b' past byte 2,800.
card() {
    local d=$tmp/$1
    mkdir -p "$d/boot/extlinux"
    image "$d/boot/Image" 0x200000 0x7bfd060 big
    image "$d/boot/small" 0x200000 0x10000 small
    : >"$d/boot/empty"
    head -c 3000 /dev/zero | tr '\0' 'f' >"$d/boot/fw_dynamic.bin"
    if [ "$2" = 1 ]; then
        (cd "$d/boot" && sha256sum empty | sed 's/$/ padding to 80/' |
            head -c 79 >empty.sha256 && echo >>empty.sha256)
    fi
    {
        printf 'DEFAULT a\nLABEL a\n  KERNEL ../Image\n  INITRD ../empty\n  FDT -\n'
        python3 -c "print('# ' + 'padding ' * 360)"
        printf 'LABEL b\n  KERNEL ../small\n  INITRD ../empty\n  FDT -\n  APPEND second-label\n'
    } >"$d/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 4096 -d "$d" "$tmp/$1.img" 8M >/dev/null 2>&1
}

for sha in 1 0; do
    card "c$sha" $sha
    log=$tmp/c$sha.log
    "$X" boot "$tmp/c$sha.img" --board sifive-u >"$log" 2>&1 </dev/null
    rc=$?
    what=$([ $sha = 1 ] && echo "with its .sha256" || echo "without a .sha256")
    [ "$(sed -n '/^LABEL b/=' "$tmp/c$sha/boot/extlinux/extlinux.conf")" -gt 0 ] &&
        [ "$(grep -b '^LABEL b' "$tmp/c$sha/boot/extlinux/extlinux.conf" | cut -d: -f1)" -gt 2800 ]
    ok $? "the card's second label starts past byte 2,800 of the config ($what)"
    has "$log" "initrd: /boot/empty: 0 bytes: the room in the load window ends at 0x[0-9a-f]{8}, before its 4096-byte aligned start; trying label 'b'"
    ok $? "the empty initrd past the room is refused by name, $what" "$log"
    has "$log" "label: 'b': kernel \\.\\./small, initrd \\.\\./empty"
    ok $? "the next label keeps its name and kernel path, $what" "$log"
    ! has "$log" "label: '[^ab]"
    ok $? "no label made of the card's bytes, $what" "$log"
    [ $rc = 0 ] && has "$log" "boot: label 'b'.*second-label"
    ok $? "label 'b' boots, $what (exit $rc)" "$log"
done
has "$tmp/c1.log" "initrd: /boot/empty -> 0x[0-9a-f]{8}, 0 bytes"
ok $? "an empty initrd that fits loads (label 'b')" "$tmp/c1.log"

echo "1..$n"
