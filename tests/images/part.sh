#!/usr/bin/env bash
# Partition tables as Linux and libblkid read them (issue 26, classes 5
# and 6), for tests/unit/test_ext.c: each disk made by sfdisk, then
# patched where sfdisk will not go. Not in the manifest.
#   mbr-2ext.img   two extended partitions in the MBR (slots 2 and 3).
#                  Linux's msdos.c walks each chain in table order and
#                  numbers the logical partitions from 5 across them; the
#                  second chain's first EBR has its link in slot 1 and its
#                  data (the ext filesystem, sda6) in slot 2.
#   gpt-mylba.img  the primary GPT header's MyLBA is not 1 (its CRCs are
#                  right, its entry array names a decoy): efi.c's
#                  is_gpt_valid() refuses it; libblkid takes the backup
#                  at the disk's last sector.
#   gpt-alt.img    the primary's entry array fails its CRC and its
#                  AlternateLBA names a decoy backup: the real backup is
#                  at the last sector, and a bad primary's fields are
#                  never used.
#   NAME.partx     what libblkid sees (partx -g -o NR,START,SECTORS):
#                  the oracle the unit test compares with.
# Usage: part.sh OUTDIR FS-IMAGE (an ext filesystem of 16 MiB)
set -eu
D=${1:?usage: part.sh OUTDIR FS-IMAGE}
FS=${2:?usage: part.sh OUTDIR FS-IMAGE}
PATH=$PATH:/sbin:/usr/sbin
sect=$((16 << 20 >> 9))

new() {            # name sfdisk-script
    rm -f "$D/$1.img"
    truncate -s 64M "$D/$1.img"
    printf '%s\n' "$2" | sfdisk -q "$D/$1.img" >/dev/null 2>&1
}

new mbr-2ext "label: dos
start=2048, size=8192, type=c
start=10240, size=40960, type=5
start=12288, size=4096, type=83"
new gpt-mylba "label: gpt
start=2048, size=4096, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
start=6144, size=4096, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7
start=10240, size=$sect, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4"
cp "$D/gpt-mylba.img" "$D/gpt-alt.img"

python3 - "$D" "$sect" <<'PY'
import struct, sys, zlib
d, sect = sys.argv[1], int(sys.argv[2])

def patch(path, fn):
    with open(path, "r+b") as f:
        fn(f)

def put(f, lba, data, off=0):
    f.seek(lba * 512 + off)
    f.write(data)

def get(f, lba, n=512):
    f.seek(lba * 512)
    return bytearray(f.read(n))

def entry(ebr, slot, typ, start, size):     # MBR/EBR slot, offsets 0x1BE+
    o = 446 + 16 * slot
    ebr[o + 4] = typ
    struct.pack_into("<II", ebr, o + 8, start, size)
    ebr[510:512] = b"\x55\xaa"

def mbr2(f):
    # MBR slot 3: a second extended partition, 51200..92159.
    mbr = get(f, 0)
    entry(mbr, 2, 0x0F, 51200, 40960)
    put(f, 0, mbr)
    # Its first EBR: slot 1 the link (to 86016, relative to 51200),
    # slot 2 the data: the filesystem at 51200 + 2048.
    ebr = bytearray(512)
    entry(ebr, 0, 0x05, 86016 - 51200, 6144)
    entry(ebr, 1, 0x83, 2048, sect)
    put(f, 51200, ebr)
    # The second EBR: a small partition in slot 1.
    ebr = bytearray(512)
    entry(ebr, 0, 0x0C, 2048, 4096)
    put(f, 86016, ebr)

def hdr_crc(h):
    size = struct.unpack_from("<I", h, 12)[0]
    struct.pack_into("<I", h, 16, 0)
    struct.pack_into("<I", h, 16, zlib.crc32(bytes(h[:size])) & 0xFFFFFFFF)

DECOY = 40                                   # free sectors before 2048

def decoy_entries(f):
    # A valid 128-entry array naming one Linux partition at 2048 (the
    # first partition's sectors, no ext filesystem).
    arr = bytearray(128 * 128)
    arr[0:16] = bytes.fromhex("af3dc60f838472478e793d69d8477de4")
    struct.pack_into("<QQ", arr, 32, 2048, 6143)
    put(f, DECOY, arr)
    return zlib.crc32(bytes(arr)) & 0xFFFFFFFF

def mylba(f):
    crc = decoy_entries(f)
    h = get(f, 1)
    struct.pack_into("<Q", h, 0x18, 7)       # MyLBA: not 1
    struct.pack_into("<Q", h, 0x48, DECOY)
    struct.pack_into("<I", h, 0x58, crc)
    hdr_crc(h)
    put(f, 1, h)

def alt(f):
    crc = decoy_entries(f)
    h = get(f, 1)
    last = struct.unpack_from("<Q", h, 0x20)[0]
    # The decoy backup at 100: valid in itself.
    b = bytearray(get(f, last))
    struct.pack_into("<QQ", b, 0x18, 100, 1)
    struct.pack_into("<Q", b, 0x48, DECOY)
    struct.pack_into("<I", b, 0x58, crc)
    hdr_crc(b)
    put(f, 100, b)
    # The primary: entry array CRC wrong, AlternateLBA 100.
    struct.pack_into("<Q", h, 0x20, 100)
    struct.pack_into("<I", h, 0x58,
                     struct.unpack_from("<I", h, 0x58)[0] ^ 1)
    hdr_crc(h)
    put(f, 1, h)

patch(d + "/mbr-2ext.img", mbr2)
patch(d + "/gpt-mylba.img", mylba)
patch(d + "/gpt-alt.img", alt)
PY

dd if="$FS" of="$D/mbr-2ext.img" bs=512 seek=53248 conv=notrunc status=none
dd if="$FS" of="$D/gpt-mylba.img" bs=512 seek=10240 conv=notrunc status=none
dd if="$FS" of="$D/gpt-alt.img" bs=512 seek=10240 conv=notrunc status=none
for n in mbr-2ext gpt-mylba gpt-alt; do
    partx -g -o NR,START,SECTORS "$D/$n.img" >"$D/$n.partx"
done
