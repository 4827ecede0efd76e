#!/usr/bin/env bash
# Dirty-journal images for tests/unit/test_journal.c. Not listed in the
# manifest: ext_mount without a replay table refuses them.
#   OUTDIR/journal-ext4.img   ext4, 1 KiB blocks, csum v3 journal: two
#                             committed transactions (a new kernel with
#                             escaped blocks, a rewritten one), one left
#                             uncommitted; needs_recovery set
#   OUTDIR/journal-ext3.img   ext3, 4 KiB blocks, block maps, no journal
#                             checksums, the same changes
#   OUTDIR/journal-*.kernel   /boot/kernel.bin as e2fsck's replay leaves it
#   OUTDIR/journal-*.clean    the image before the change (clean)
# Usage: journal.sh OUTDIR. Exit 0 when every image was built.
set -eu
D=${1:?usage: journal.sh OUTDIR}
W=$D/journal.tmp
PATH=$PATH:/sbin:/usr/sbin
rm -rf "$W"
mkdir -p "$W/tree/boot"

rnd() {            # seed bytes: seeded bytes, the jbd2 magic every 1 KiB
    python3 -c 'import random, sys
r = random.Random(int(sys.argv[1]))
b = bytearray(r.getrandbits(8) for _ in range(int(sys.argv[2])))
for o in range(0, len(b) - 3, 1024 * int(sys.argv[3])):
    b[o:o + 4] = bytes.fromhex("c03b3998")
sys.stdout.buffer.write(bytes(b))' "$@"
}

rnd 1 30000 7 >"$W/tree/boot/kernel.bin"
rnd 2 4000 9 >"$W/tree/small"
rnd 3 45001 1 >"$W/k1"
rnd 4 47777 2 >"$W/k2"
rnd 5 4096 99 >"$W/junk"

one() {            # name mke2fs-args... ; jo options in $JO
    local name=$1 img=$D/journal-$1.img bs l
    shift
    rm -f "$img"
    mke2fs -q -F -d "$W/tree" "$@" "$W/base" 8M >/dev/null 2>&1
    bs=$(dumpe2fs -h "$W/base" 2>/dev/null | awk '/^Block size:/ {print $3}')
    cp "$W/base" "$W/A"
    debugfs -w -f - "$W/A" >/dev/null 2>&1 <<DBG
rm /boot/kernel.bin
write $W/k1 /boot/kernel.bin
DBG
    cp "$W/A" "$W/B"
    debugfs -w -f - "$W/B" >/dev/null 2>&1 <<DBG
rm /boot/kernel.bin
write $W/k2 /boot/kernel.bin
rm /small
DBG
    cp "$W/base" "$img"
    {
        echo "jo $JO"
        for s in "base A" "A B"; do
            set -- $s
            l=$(cmp -l "$W/$1" "$W/$2" | awk -v b="$bs" '{print int(($1 - 1) / b)}' |
                uniq | tr '\n' ',' | sed 's/,$//')
            : >"$W/$2.data"
            for b in ${l//,/ }; do
                dd if="$W/$2" bs="$bs" skip="$b" count=1 status=none >>"$W/$2.data"
            done
            echo "jw -b $l $W/$2.data"
        done
        b=$(debugfs -R "bmap /boot/kernel.bin 0" "$W/B" 2>/dev/null)
        head -c "$bs" "$W/junk" >"$W/junk1"
        echo "jw -b $b $W/junk1 -c"
        echo "jc"
    } >"$W/cmds"
    debugfs -w -f "$W/cmds" "$img" >/dev/null 2>&1
    cp "$img" "$W/fsck"
    e2fsck -fy "$W/fsck" >/dev/null 2>&1 || [ $? -le 2 ]
    debugfs -R "cat /boot/kernel.bin" "$W/fsck" >"$D/journal-$name.kernel" 2>/dev/null
    cp "$W/base" "$D/journal-$name.clean"
    cmp -s "$D/journal-$name.kernel" "$W/k2"
}
JO="-c" one ext4 -t ext4 -b 1024
JO="" one ext3 -t ext3 -b 4096
rm -rf "$W"

# journal-long.img: a 2^20-block log (#26, class 2). ext4 without
# metadata_csum, 4 KiB blocks, a 1024-block journal whose inode is
# rewritten to map 2^20 log blocks: log block 0, then 1025 extents of
# 1023 blocks all on the journal's own log blocks 1..1023 (an index in
# the inode, four leaf blocks taken from /leaves), i_size and i_blocks
# to match. Every log block from 1
# on is a descriptor of transaction 1 with 510 tags and no last tag, so
# a scan that is not bounded by the log's length circles it; s_start 1
# and needs_recovery set. Nothing commits: the replay is empty.
long_log() {
    local img=$D/journal-long.img t=$W/long
    rm -rf "$t" && mkdir -p "$t"
    rnd 9 16384 99 >"$t/leaves"
    rm -f "$img"
    mke2fs -q -F -t ext4 -b 4096 -O ^metadata_csum,^64bit \
        -J size=4,location=8192 \
        -d "$t" "$img" 64M >/dev/null 2>&1
    python3 - "$img" \
        "$(debugfs -R "imap <8>" "$img" 2>/dev/null | tr '\n' ' ')" \
        "$(debugfs -R "bmap <8> 0" "$img" 2>/dev/null)" \
        "$(for i in 0 1 2 3; do debugfs -R "bmap /leaves $i" "$img" 2>/dev/null; done | tr '\n' ' ')" <<'PY'
import re, struct, sys
img, imap, j0, leaves = sys.argv[1], sys.argv[2], int(sys.argv[3]), \
    [int(x) for x in sys.argv[4].split()]
BS, LOG = 4096, 1 << 20
blk, off = re.search(r"located at block (\d+), offset (0x[0-9a-f]+)", imap).groups()
at = int(blk) * BS + int(off, 16)
f = open(img, "r+b")
f.seek(at)
ino = bytearray(f.read(128))
struct.pack_into("<I", ino, 0x04, (LOG * BS) & 0xFFFFFFFF)      # i_size_lo
struct.pack_into("<I", ino, 0x6C, (LOG * BS) >> 32)             # i_size_high
struct.pack_into("<I", ino, 0x1C, (LOG + 8) * (BS // 512))      # i_blocks_lo
struct.pack_into("<I", ino, 0x20,                               # i_flags:
                 struct.unpack_from("<I", ino, 0x20)[0] | 0x80000)  # extents
# The extents: log block 0 (the journal superblock), then 1025 runs of
# 1023 blocks, each on log blocks 1..1023 of the journal; four leaves.
ext = [(0, 1, j0)] + [(1 + 1023 * m, 1023, j0 + 1) for m in range(1025)]
per = [257, 257, 256, 256]
# i_block: extent header, depth 1, four index entries.
struct.pack_into("<HHHHI", ino, 0x28, 0xF30A, 4, 4, 1, 0)
k = 0
for i, lb in enumerate(leaves):
    struct.pack_into("<IIHH", ino, 0x28 + 12 + 12 * i, ext[k][0], lb, 0, 0)
    leaf = bytearray(BS)
    struct.pack_into("<HHHHI", leaf, 0, 0xF30A, per[i], 340, 0, 0)
    for n in range(per[i]):
        lblk, ln, pb = ext[k]
        struct.pack_into("<IHHI", leaf, 12 + 12 * n, lblk, ln, 0, pb)
        k += 1
    f.seek(lb * BS)
    f.write(leaf)
f.seek(at)
f.write(ino)
# The journal superblock, then descriptors in log blocks 1..1023.
f.seek(j0 * BS)
jsb = bytearray(f.read(BS))
struct.pack_into(">IIII", jsb, 0x10, LOG, 1, 1, 1)   # maxlen first seq start
f.seek(j0 * BS)
f.write(jsb)
d = bytearray(BS)
struct.pack_into(">III", d, 0, 0xC03B3998, 1, 1)
for o in range(12, BS - 7, 8):
    struct.pack_into(">IHH", d, o, 1000, 0, 2)        # SAME_UUID
for l in range(1, 1024):
    f.seek((j0 + l) * BS)
    f.write(d)
# needs_recovery
f.seek(1024 + 0x60)
inc = struct.unpack("<I", f.read(4))[0] | 4
f.seek(1024 + 0x60)
f.write(struct.pack("<I", inc))
PY
}
long_log
