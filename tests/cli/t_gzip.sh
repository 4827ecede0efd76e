#!/usr/bin/env bash
# Compressed kernels (issue 52) on the host tool, which boots as the
# boards do: a gzip'd RISC-V Image (gzip -9 -n, and a member whose header
# carries FEXTRA, FNAME, FCOMMENT and FHCRC) and an EFI zboot image (its
# 64-byte header written here per Linux's
# drivers/firmware/efi/libstub/zboot-header.S) booted with `extload boot
# --board sifive-u -o DIR`: the placed kernel is the uncompressed Image,
# at the Image's own address; the .sha256 covers the file as stored (one
# of the Image's bytes fails it). A gzip'd bare kernel on lm3s6965evb
# inflates to its load address. Each broken stream fails its label with
# its own sentence and the next label boots: a zboot naming zstd, a bad
# CRC-32, a bad ISIZE, a truncated member, a byte after it, a
# back-reference before the start, and a bare kernel whose ISIZE lies
# (the room it gets is ISIZE's: the stream does not fit). The tiny
# profile has no BOOT_GZIP: there its BOOT_GZIP_REFUSE (firmware/
# boot_conf.h) fails a gzip'd Image and a gzip'd bare kernel on both
# boards by BOOT_ECOMPRESSED's code, and the next label boots. TAP.
# profiles: default tiny
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

src=$tmp/src
mkdir -p "$src"
python3 - "$src" <<'EOF'
import random, struct, sys, zlib
d = sys.argv[1]
rng = random.Random(52)
words = [rng.randbytes(rng.randrange(1, 12)) for _ in range(300)]
b = bytearray()
while len(b) < 300000:
    b += rng.choice(words)
img = bytearray(b[:300000])
img[0:8] = bytes(8)
img[8:24] = struct.pack("<QQ", 0x200000, 0x60000)   # text_offset, image_size
img[24:48] = bytes(24)
img[48:56] = b"RISCV\0\0\0"
img[56:60] = b"RSC\x05"
open(d + "/Image", "wb").write(img)
bare = bytes(rng.randrange(4) for _ in range(20000)) + rng.randbytes(3000)
open(d + "/bare.bin", "wb").write(bare)
# "MZ" without "zimg" at 0x04: an EFI-stub image, not a zboot one
open(d + "/mz.bin", "wb").write(b"MZ" + bare[2:4] + b"zimG" + bare[8:])

def member(raw, flg=0, level=9):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = c.compress(raw) + c.flush()
    h = bytearray(b"\x1f\x8b\x08" + bytes([flg]) + bytes(4) + b"\x02\x03")
    if flg & 0x04:
        h += struct.pack("<H", 9) + b"extrafld!"
    if flg & 0x08:
        h += b"Image\0"
    if flg & 0x10:
        h += b"a comment for the header\0"
    if flg & 0x02:
        h += struct.pack("<H", zlib.crc32(bytes(h)) & 0xFFFF)
    return bytes(h) + body + struct.pack("<II", zlib.crc32(raw),
                                         len(raw) & 0xFFFFFFFF)

def zboot(payload, comp=b"gzip", off=4096):
    # zboot-header.S: MZ, "zimg", payload offset and size, two reserved
    # words, the compressor's name NUL-padded from 0x18, LINUX_PE_MAGIC at
    # 0x38 and the PE header's offset at 0x3c.
    h = bytearray(64)
    h[0:4] = struct.pack("<I", 0x5A4D)
    h[4:8] = b"zimg"
    h[8:16] = struct.pack("<II", off, len(payload))
    h[0x18:0x18 + len(comp)] = comp
    h[0x38:0x40] = struct.pack("<II", 0x818223CD, 0x40)
    stub = bytes(h) + rng.randbytes(off - 64)
    return stub + payload + rng.randbytes(1000)

w = lambda n, data: open(d + "/" + n, "wb").write(data)
g = member(bytes(img))
w("hdr.gz", member(bytes(img), 0x1E))
w("vmlinuz.efi", zboot(g))
# The payload off the 4 KiB chunks' edges: the chunk holding its start
# splits there, the stub's part hashed and skipped.
w("odd.efi", zboot(g, off=0x1A35))
w("zstd.efi", zboot(g, b"zstd"))
w("badcrc.gz", g[:-8] + bytes([g[-8] ^ 1]) + g[-7:])
w("badisize.gz", g[:-4] + struct.pack("<I", len(img) + 1))
w("trunc.gz", g[:len(g) // 2])
w("trail.gz", g + b"\0")
# a fixed block whose first symbol is a match: length 3, distance 1
w("dist.gz", b"\x1f\x8b\x08\0\0\0\0\0\0\x03" + bytes([0x03, 0x02, 0x00]) +
  bytes(8))
gb = member(bare)
w("bare.gz", gb)
w("bare.efi", zboot(gb))
w("bare-lie.gz", gb[:-4] + struct.pack("<I", len(bare) - 100))
EOF
gzip -9 -n -c "$src/Image" >"$src/Image.gz"

# card NAME KERNEL [SHA_OF]: /boot/KERNEL (copied from src) as label 'a'
# (with a .sha256 of SHA_OF when given), label 'raw' the uncompressed
# Image after it, the SBI firmware.
card() {
    local d=$tmp/$1
    rm -rf "$d"
    mkdir -p "$d/boot/extlinux"
    cp "$src/$2" "$d/boot/$2"
    cp "$src/Image" "$d/boot/Image"
    head -c 3000 /dev/zero | tr '\0' 'f' >"$d/boot/fw_dynamic.bin"
    [ -n "${3:-}" ] && (cd "$src" && sha256sum "$3" |
                        sed "s|$3|$2|" >"$d/boot/$2.sha256")
    printf 'DEFAULT a\nLABEL a\n  KERNEL /boot/%s\n  FDT -\nLABEL raw\n  KERNEL /boot/Image\n  FDT -\n' \
        "$2" >"$d/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 4096 -d "$d" "$tmp/$1.img" 8M >/dev/null 2>&1
}

# boot NAME BOARD: the log in $tmp/NAME.log, the placed files in
# $tmp/NAME.out; the exit status.
boot() {
    "$X" boot "$tmp/$1.img" --board "$2" -o "$tmp/$1.out" \
        >"$tmp/$1.log" 2>&1 </dev/null
}

# The tiny profile: a gzip member fails label 'a' at the hand-off, never
# entered; label 'raw' places the bare kernel (lm3s6965evb's window is
# too small for the Image; the rest of this file is BOOT_GZIP's).
if tiny; then
    for bk in lm3s6965evb:bare.gz sifive-u:bare.gz sifive-u:Image.gz \
              lm3s6965evb:bare.efi sifive-u:vmlinuz.efi; do
        b=${bk%%:*} k=${bk#*:} c=t-$b-${k//./-}
        card "$c" "$k"
        printf 'DEFAULT a\nLABEL a\n  KERNEL /boot/%s\nLABEL raw\n  KERNEL /boot/bare.bin\n' \
            "$k" >"$tmp/$c/boot/extlinux/extlinux.conf"
        cp "$src/bare.bin" "$tmp/$c/boot/"
        mke2fs -q -F -t ext4 -b 4096 -d "$tmp/$c" "$tmp/$c.img" 8M >/dev/null 2>&1
        boot "$c" "$b"
        rc=$?
        [ $rc = 0 ] &&
            has "$tmp/$c.log" "^boot: 'a': boot error -19; trying label 'raw'$" &&
            has "$tmp/$c.log" "^boot: label 'raw': kernel 23000 bytes" &&
            cmp -s "$tmp/$c.out/kernel.bin" "$src/bare.bin"
        ok $? "tiny, $b: $k refused by BOOT_ECOMPRESSED's code, label 'raw' boots (exit $rc)" "$tmp/$c.log"
    done
    # "MZ" alone is no zboot: label 'a' boots it as the bare kernel it is.
    card t-mz mz.bin
    printf 'LABEL a\n  KERNEL /boot/mz.bin\n' >"$tmp/t-mz/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 4096 -d "$tmp/t-mz" "$tmp/t-mz.img" 8M >/dev/null 2>&1
    boot t-mz lm3s6965evb
    rc=$?
    [ $rc = 0 ] && has "$tmp/t-mz.log" "^boot: label 'a': kernel 23000 bytes" &&
        cmp -s "$tmp/t-mz.out/kernel.bin" "$src/mz.bin"
    ok $? "tiny: an EFI-stub kernel ('MZ' without 'zimg') is no zboot: label 'a' boots it (exit $rc)" "$tmp/t-mz.log"
    echo "1..$n"
    exit 0
fi

card raw Image
boot raw sifive-u
kaddr=$(awk '/kernel\.bin/ {print $1}' "$tmp/raw.out/memory-map.txt")
[ -n "$kaddr" ]
ok $? "the uncompressed Image boots (kernel at ${kaddr%%-*})" "$tmp/raw.log"

for k in Image.gz hdr.gz vmlinuz.efi odd.efi; do
    c=c-${k%%.*}
    card "$c" "$k" "$k"
    boot "$c" sifive-u
    rc=$?
    [ $rc = 0 ] && has "$tmp/$c.log" "boot: label 'a'"
    ok $? "$k: label 'a' boots (exit $rc)" "$tmp/$c.log"
    cmp -s "$tmp/$c.out/kernel.bin" "$src/Image"
    ok $? "$k: the placed kernel is the uncompressed Image, byte for byte" "$tmp/$c.log"
    [ "$(awk '/kernel\.bin/ {print $1}' "$tmp/$c.out/memory-map.txt")" = "$kaddr" ]
    ok $? "$k: placed where the Image is ($kaddr)" "$tmp/$c.out/memory-map.txt"
    stored=$(stat -c %s "$src/$k")
    has "$tmp/$c.log" "verify: sha256 [0-9a-f]{16}\\.\\.\\. matches /boot/$k\\.sha256, $stored bytes"
    ok $? "$k: its .sha256 covers the $stored bytes as stored" "$tmp/$c.log"
done
has "$tmp/c-vmlinuz.log" "inflate: /boot/vmlinuz.efi: EFI zboot image, gzip payload, [0-9]+ bytes -> 300000 bytes"
ok $? "vmlinuz.efi: inflated as a zboot image's gzip payload" "$tmp/c-vmlinuz.log"

# Image.gz with a tree and an overlay: the overlays at the window's end,
# the decoder's scratch past them; the tree is fdtoverlay's result.
card ov Image.gz
d=$tmp/ov
printf '/dts-v1/;\n/ { compatible = "t"; u: uart { }; chosen { }; };\n' |
    dtc -q -@ -I dts -O dtb -o "$d/boot/board.dtb" -
printf '/dts-v1/;\n/plugin/;\n&u { status = "okay"; };\n' |
    dtc -q -@ -I dts -O dtb -o "$d/boot/o.dtbo" -
printf 'LABEL a\n  KERNEL /boot/Image.gz\n  FDT /boot/board.dtb\n  FDTOVERLAYS /boot/o.dtbo\n' \
    >"$d/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 4096 -d "$d" "$tmp/ov.img" 8M >/dev/null 2>&1
boot ov sifive-u
rc=$?
[ $rc = 0 ] && cmp -s "$tmp/ov.out/kernel.bin" "$src/Image" &&
    has "$tmp/ov.log" "^fdtoverlay: /boot/o.dtbo: applied" &&
    dtc -q -I dtb -O dts "$tmp/ov.out/fdt.dtb" | grep -q 'status = "okay"'
ok $? "Image.gz with FDTOVERLAYS: inflated, the overlay applied (exit $rc)" "$tmp/ov.log"

# The .sha256 of the uncompressed Image does not match the stored file.
card wsha Image.gz Image
boot wsha sifive-u
has "$tmp/wsha.log" "verify: /boot/Image.gz: sha256 [0-9a-f]{16}\\.\\.\\. but \\.sha256 says [0-9a-f]{16}\\.\\.\\.; trying label 'raw'"
ok $? "a .sha256 of the inflated bytes fails: it covers the file as stored" "$tmp/wsha.log"

# fail NAME KERNEL PATTERN DESCRIPTION: label 'a' fails saying PATTERN,
# label 'raw' boots.
fail() {
    card "$1" "$2"
    boot "$1" sifive-u
    local rc=$?
    has "$tmp/$1.log" "$3; trying label 'raw'"
    ok $? "$4" "$tmp/$1.log"
    [ $rc = 0 ] && has "$tmp/$1.log" "boot: label 'raw'"
    ok $? "$2: the next label boots (exit $rc)" "$tmp/$1.log"
}
fail zstd zstd.efi "load: /boot/zstd.efi: EFI zboot image compressed with 'zstd'; only gzip is inflated" \
    "a zboot image naming zstd fails naming it"
fail crc badcrc.gz "load: /boot/badcrc.gz: gzip: gzip trailer's CRC-32 is not the inflated bytes' \\(compressed byte [0-9]+ of the file, 300000 inflated\\)" \
    "a bad CRC-32 fails by name"
fail isize badisize.gz "load: /boot/badisize.gz: gzip: gzip trailer's ISIZE is not the inflated size \\(compressed byte [0-9]+ of the file, 300000 inflated\\)" \
    "a bad ISIZE fails by name"
fail trunc trunc.gz "load: /boot/trunc.gz: gzip: the stream ends before its last block's end \\(compressed byte [0-9]+ of the file, [0-9]+ inflated\\)" \
    "a truncated member fails by name"
fail trail trail.gz "load: /boot/trail.gz: gzip: bytes follow the gzip member \\(compressed byte [0-9]+ of the file, 300000 inflated\\)" \
    "a byte after the member fails by name"
fail dist dist.gz "load: /boot/dist.gz: gzip: a back-reference points before the output's start \\(compressed byte 1[0-9] of the file, 0 inflated\\)" \
    "a back-reference before the start fails by name, at plan time (the head)"

# lm3s6965evb: a gzip'd bare kernel inflates to the load address.
card bare bare.gz bare.gz
boot bare lm3s6965evb
rc=$?
cmp -s "$tmp/bare.out/kernel.bin" "$src/bare.bin" &&
    [ "$(awk '/kernel\.bin/ {print $1}' "$tmp/bare.out/memory-map.txt")" = "0x20000000-0x$(printf %08x $((0x20000000 + 23000)))" ]
ok $? "lm3s6965evb: a gzip'd bare kernel inflates to 0x20000000, byte for byte (exit $rc)" "$tmp/bare.log"
card blie bare-lie.gz
boot blie lm3s6965evb
has "$tmp/blie.log" "load: /boot/bare-lie.gz: gzip: the inflated bytes are larger than their room \\(compressed byte [0-9]+ of the file, 22900 inflated\\)"
ok $? "lm3s6965evb: an ISIZE 100 bytes short gives the room; the stream does not fit it" "$tmp/blie.log"

echo "1..$n"
