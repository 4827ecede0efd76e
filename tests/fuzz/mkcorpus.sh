#!/usr/bin/env bash
# Seed corpora for the fuzz targets, made from scratch each time:
#   OUTDIR/image/   small real disks: ext2 1 KiB blocks, ext4 defaults,
#                   inline_data, a hash-tree directory, bigalloc-free ext4
#                   without extents, MBR with a logical partition, GPT
#   OUTDIR/journal/ bare ext4 filesystems with dirty journals
#   OUTDIR/part/    whole small disks: MBRs, logical chains, GPTs
#   OUTDIR/config/  extlinux.conf texts
#   OUTDIR/sdspi/   byte streams recorded from the SD card model
#   OUTDIR/fdt/     device trees (QEMU's sifive_u, dtc's) after the
#                   harness's 4 bytes (tests/fuzz/h_fdt.c)
# Usage: mkcorpus.sh OUTDIR MKSEED_SDSPI
# Images stay small (<= 104 KiB, under the image target's -max_len, each
# cut after its last non-zero byte): every byte of an input is one the
# fuzzer hashes, copies and may spend a mutation on.
set -eu
O=${1:?usage: mkcorpus.sh OUTDIR MKSEED_SDSPI}
MKSEED=${2:?usage: mkcorpus.sh OUTDIR MKSEED_SDSPI}
T=$O/trees
UUID=5eed0000-0000-4000-8000-00000000f022
export E2FSPROGS_FAKE_TIME=1700000000
rm -rf "$O"
mkdir -p "$O/image" "$O/journal" "$O/config" "$O/sdspi" "$O/fdt" \
    "$O/fdt_overlay" "$T"

# Deterministic bytes (no seedfill dependency: this runs before `make unit`).
bytes() {          # seed count
    awk -v s="$1" -v n="$2" 'BEGIN { x = s; for (i = 0; i < n; i++) {
        x = (x * 1103515245 + 12345) % 2147483648;
        printf "%c", 65 + int(x / 65536) % 26 } }'
}

# A tree with each kind of thing the reader meets: nested directories,
# a file spanning the direct blocks into the first indirect one, a fast
# and a slow symlink, an extlinux.conf and a kernel.
tree() {           # dir seed
    local d=$1 s=$2
    rm -rf "$d"
    mkdir -p "$d/boot/extlinux" "$d/a/b" "$d/empty"
    bytes "$s" 13 >"$d/small"
    bytes $((s + 1)) 14000 >"$d/a/b/big"
    bytes $((s + 2)) 3000 >"$d/boot/kernel.bin"
    printf 'DEFAULT main\nLABEL main\n  KERNEL /boot/kernel.bin\n  APPEND console=ttyS0\nLABEL old\n  LINUX /a/b/big\n' \
        >"$d/boot/extlinux/extlinux.conf"
    ln -s a/b/big "$d/fast_link"
    ln -s "$(printf 'x/%.0s' $(seq 40))../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../small" \
        "$d/slow_link"
    ln -s loop2 "$d/loop1"
    ln -s loop1 "$d/loop2"
}

# Each image as small as its tree allows: a quarter, then half of the
# size given, without the resize inode's reserved descriptor blocks
# (ext2-1k keeps them), else the size given. Small seeds are what makes
# the image target fast: the fuzzer hashes and mutates every byte.
mk() {             # name tree size-KiB mke2fs-args...
    local name=$1 tree=$2 size=$3 s
    shift 3
    rm -f "$O/image/$name"
    if [ "$name" != ext2-1k ]; then
        for s in $((size / 4)) $((size / 2)); do
            [ "$s" -ge 64 ] || continue
            mke2fs -q -F -U "$UUID" -E hash_seed=$UUID -d "$tree" "$@" \
                -O ^resize_inode "$O/image/$name" "${s}K" >/dev/null 2>&1 &&
                truncate -s "${s}K" "$O/image/$name" && return 0
        done
    fi
    mke2fs -q -F -U "$UUID" -E hash_seed=$UUID -d "$tree" "$@" \
        "$O/image/$name" "${size}K" >/dev/null &&
        truncate -s "${size}K" "$O/image/$name"
}

tree "$T/std" 1
mk ext2-1k "$T/std" 128 -t ext2 -b 1024 -N 32

# Block maps deep and wide: one block at the start of each of four
# single-indirect ranges under the double-indirect block (lblk 268, 524,
# 780, 1036) and one in the triple-indirect range (lblk 65804).
d=$T/deep
rm -rf "$d"; mkdir -p "$d"
for b in 0 268 524 780 1036; do
    bytes $((20 + b)) 1024 | dd of="$d/dind" bs=1024 seek=$b conv=notrunc status=none
done
for b in 0 65804; do
    bytes $((30 + b)) 1024 | dd of="$d/tind" bs=1024 seek=$b conv=notrunc status=none
done
mk ext2-deepmap "$d" 128 -t ext2 -b 1024 -N 16
mk ext3-1k "$T/std" 256 -t ext3 -b 1024 -N 32 -J size=1 2>/dev/null ||
    mk ext3-1k "$T/std" 1200 -t ext3 -b 1024 -N 32
mk ext4-default "$T/std" 256 -t ext4 -N 32 -O ^has_journal
mk ext4-blockmap "$T/std" 256 -t ext4 -b 1024 -N 32 -O ^has_journal,^extents,^64bit
# Bitmaps and inode table packed at the start (flex_bg leaves a gap).
mk ext4-4k "$T/std" 512 -t ext4 -b 4096 -N 32 -O ^has_journal \
    -E packed_meta_blocks=1
mk ext4-gdtcsum "$T/std" 256 -t ext4 -b 1024 -N 32 -O ^has_journal,^metadata_csum,uninit_bg

# Several small groups (-g 256): descriptors past the first block with
# meta_bg, backups placed by sparse_super2, flex_bg tables, checksums
# seeded from s_checksum_seed.
mk ext4-metabg "$T/std" 384 -t ext4 -b 1024 -g 256 -N 64 -O ^has_journal,meta_bg,^resize_inode
mk ext4-sparse2 "$T/std" 384 -t ext4 -b 1024 -g 256 -N 64 -O ^has_journal,sparse_super2,metadata_csum_seed
mk ext4-bigalloc "$T/std" 512 -t ext4 -b 1024 -C 4096 -N 32 -O ^has_journal,bigalloc,^resize_inode 2>/dev/null ||
    rm -f "$O/image/ext4-bigalloc"
mk ext4-casefold "$T/std" 256 -t ext4 -b 1024 -N 32 -O ^has_journal,casefold,large_dir
mk ext4-i128 "$T/std" 256 -t ext4 -b 1024 -N 32 -I 128 -O ^has_journal
mk ext2-rev0 "$T/std" 128 -t ext2 -b 1024 -N 32 -r 0

d=$T/inline
rm -rf "$d"; mkdir -p "$d/dir"
bytes 10 40 >"$d/tiny"
bytes 11 100 >"$d/small100"
bytes 12 20 >"$d/dir/a"
ln -s ../tiny "$d/dir/up"
mk ext4-inline "$d" 256 -t ext4 -b 1024 -N 32 -I 256 -O ^has_journal,inline_data

# A hash-tree directory: names long enough for several 1 KiB leaves,
# indexed by e2fsck -D.
d=$T/htree
rm -rf "$d"; mkdir -p "$d/big"
for i in $(seq -w 1 120); do : >"$d/big/a_rather_long_file_name_$i"; done
bytes 13 50 >"$d/big/target"
mk ext4-htree "$d" 384 -t ext4 -b 1024 -N 160 -O ^has_journal
e2fsck -fyD "$O/image/ext4-htree" >/dev/null 2>&1 || [ $? -le 1 ]

# Extents in a tree deeper than the inode: a fragmented file.
d=$T/frag
rm -rf "$d"; mkdir -p "$d"
bytes 14 1024 >"$T/one"
bytes 15 $((12 * 1024)) >"$T/frag.bin"
for csum in ^metadata_csum metadata_csum; do
    n=ext4-frag; [ $csum = metadata_csum ] && n=ext4-frag-csum
    mk $n "$d" 256 -t ext4 -b 1024 -N 32 -O ^has_journal,$csum
    {
        for i in $(seq 1 12); do echo "write $T/one /f$i"; done
        for i in $(seq 1 2 12); do echo "rm /f$i"; done
        echo "write $T/frag.bin /frag"
    } | debugfs -w -f - "$O/image/$n" >/dev/null 2>&1
done

# Partition tables: a 64 KiB ext2 filesystem inside MBR (logical) and
# GPT disks.
mk part-fs "$T/std" 64 -t ext2 -b 1024 -N 32
disk() {           # name start-sector sfdisk-script
    local name=$1 start=$2
    rm -f "$O/image/$name"
    truncate -s $(((start + 128 + 40) * 512)) "$O/image/$name"
    printf '%s\n' "$3" | sfdisk -q "$O/image/$name" >/dev/null 2>&1
    dd if="$O/image/part-fs" of="$O/image/$name" bs=512 seek="$start" \
        conv=notrunc status=none
}
disk gpt 40 "label: gpt
first-lba: 34
start=34, size=6, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
start=40, size=128, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4"
disk mbr-logical 8 "label: dos
start=1, size=4, type=c
start=5, size=171, type=5
start=8, size=128, type=83"
# Partition tables as Linux reads them (fs/part.c): two extended
# partitions in the MBR, the second chain's first EBR with its link in
# slot 1 and its data (the filesystem, sda6) in slot 2; a GPT whose
# primary header fails its CRC, read from the backup at the last sector.
disk mbr-2ext 10 "label: dos
start=1, size=4, type=c
start=5, size=3, type=5
start=6, size=2, type=83"
python3 - "$O/image/mbr-2ext" <<'PY'
import struct, sys
f = open(sys.argv[1], "r+b")
def slot(sec, i, typ, start, size):
    f.seek(sec * 512 + 446 + 16 * i)
    f.write(bytes(4) + bytes([typ]) + bytes(3) + struct.pack("<II", start, size))
    f.seek(sec * 512 + 510)
    f.write(b"\x55\xaa")
slot(0, 2, 0x0F, 8, 160)          # the second extended partition
slot(8, 0, 0x05, 132, 4)          # its first EBR: the link (to 140) ...
slot(8, 1, 0x83, 2, 128)          # ... and the data, in slot 2
slot(140, 0, 0x0C, 1, 2)          # the second EBR
PY
disk gpt-backup 40 "label: gpt
first-lba: 34
start=34, size=6, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
start=40, size=128, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4"
printf '\0\0\0\0' | dd of="$O/image/gpt-backup" bs=1 seek=$((512 + 16)) \
    conv=notrunc status=none      # the primary header's CRC32: wrong
# A last byte past the backup header's 92 (none reads it): the seed then
# keeps its last sector whole when cut, and that disk ends at its backup.
printf '\377' | dd of="$O/image/gpt-backup" bs=1 \
    seek=$(($(stat -c %s "$O/image/gpt-backup") - 1)) conv=notrunc status=none
rm -f "$O/image/part-fs"

# Every image seed cut after its last non-zero byte: the harness's disk
# reads zeros past the input (tests/fuzz/h_walk.h), so the tail of zeros
# is bytes the fuzzer would hash, copy and mutate for nothing.
cut() {            # file...
    local f n
    for f in "$@"; do
        n=$(od -An -v -tu1 -w1 "$f" | awk '$1 != 0 {n = NR} END {print n + 0}')
        truncate -s "$n" "$f"
    done
}
cut "$O"/image/*

# ---- dirty journals: OUTDIR/journal/ --------------------------------------
# A bare 1 KiB-block filesystem of 2100 blocks (mke2fs's least for a
# journal) with a 1024-block journal placed right after the tree
# (tune2fs -J location=), so the log it writes stays within the first
# 100 KiB and the cut image is small. debugfs then logs transactions and
# never replays them (tests/journal/t_journal.sh has the checked cases):
#   T1  every block a change touched (a new file whose blocks begin with
#       the jbd2 magic: escaped tags; a file removed; a directory made)
#   T2  a revoke of T1's first block, T3 a new version of it
#   T4  another version of the last block, left uncommitted
# (with checksum v1 the log ends at T2: debugfs's v1 commit checksum
# covers the revoke block, e2fsck's recovery does not, nor does extload)
# across 32- and 64-bit tags and checksums none, v1, v2 and v3 (ext4
# with extents: an ext3 journal's indirect blocks lie every 256 KiB).
jseed() {          # name jo-options mke2fs-args...
    local name=$1 jo=$2 img=$O/journal/$1 l b loc
    shift 2
    mke2fs -q -F -U "$UUID" -E hash_seed=$UUID -d "$T/jtree" -b 1024 \
        -N 32 "$@" "$img" 2100K >/dev/null
    loc=$(od -An -v -tu1 -w1024 "$img" |
        awk '{for (i = 1; i <= NF; i++) if ($i != 0) {n = NR; break}}
             END {print n + '"${JGAP:-8}"'}')
    tune2fs -J size=1,location="$loc" "$img" >/dev/null
    cp "$img" "$T/changed"
    debugfs -w -f - "$T/changed" >/dev/null 2>&1 <<DBG
write $T/newfile /boot/kernel.new
rm /small
mkdir /newdir
DBG
    l=$(cmp -l "$img" "$T/changed" | awk '{print int(($1 - 1) / 1024)}' |
        uniq | tr '\n' ',' | sed 's/,$//')
    : >"$T/jdata"
    for b in ${l//,/ }; do
        dd if="$T/changed" bs=1024 skip="$b" count=1 status=none >>"$T/jdata"
    done
    b=${l%%,*}
    dd if="$T/changed" bs=1024 skip="$b" count=1 status=none >"$T/jone"
    debugfs -w -f - "$img" >/dev/null 2>&1 <<DBG
jo $jo
jw -b $l $T/jdata
jw -r $b
jw -b $b $T/jone
${JEXTRA:-}
jw -b ${l##*,} $T/jone -c
jc
DBG
    cut "$img"
}
rm -rf "$T/jtree"; mkdir -p "$T/jtree/boot/extlinux" "$T/jtree/a"
bytes 1 13 >"$T/jtree/small"
bytes 2 3000 >"$T/jtree/boot/kernel.bin"
bytes 3 2500 >"$T/jtree/a/f"
printf 'DEFAULT main\nLABEL main\n  KERNEL /boot/kernel.bin\n' \
    >"$T/jtree/boot/extlinux/extlinux.conf"
ln -s a/f "$T/jtree/link"
{ printf '\300\073\071\230'; bytes 78 1020; printf '\300\073\071\230'
  bytes 79 1500; } >"$T/newfile"
mkdir -p "$O/journal"
jseed ext4-v3 "-c" -t ext4 -O ^has_journal,^resize_inode
jseed ext4-v2 "-c -v 2" -t ext4 -O ^has_journal,^resize_inode
jseed ext4-none "" -t ext4 -O ^has_journal,^resize_inode
jseed ext4-32bit-v3 "-c" -t ext4 -O ^has_journal,^resize_inode,^64bit
jseed ext4-32bit-v2 "-c -v 2" -t ext4 -O ^has_journal,^resize_inode,^64bit
jseed ext4-32bit-v1 "-c" -t ext4 -O ^has_journal,^resize_inode,^64bit,^metadata_csum
jseed ext4-32bit-none "" -t ext4 -O ^has_journal,^resize_inode,^64bit,^metadata_csum
# One transaction of 81 revoke records and a new version of the first
# block (revoke records take no table entry); a transaction writing over
# the log block that holds the next one's copy (the replay pass reads the
# log through its own overlay: tune2fs placed the journal at block loc).
JEXTRA="jw -r $(seq -s, 300 380)" jseed ext4-revokes "-c" -t ext4 -O ^has_journal,^resize_inode
JEXTRA="jw -b 1130 $T/jone" jseed ext4-logover "" -t ext4 -O ^has_journal,^resize_inode,^metadata_csum

# 2^20-block logs (#26, class 2): the journal inode of a seed above
# rewritten to map 2^20 log blocks, log block 0 on the journal
# superblock and the rest in runs over the journal's own 1023 log blocks
# (an extent tree of depth 2: an index block and 13 leaves of 84
# extents, in the gap JGAP leaves before the journal), s_maxlen 2^20,
# i_size and i_blocks to match. long: the log where debugfs wrote it, so
# the scan reads the transactions again wherever a mutated s_start or
# tag count lands; long-wrap: the same log moved to start 2 blocks
# before the end, its first transaction crossing the log's wrap.
longlog() {        # name start-at-end(0|1)
    python3 - "$O/journal/$1" "$2" <<'PY'
import struct, sys
f = open(sys.argv[1], "r+b")
img = bytearray(f.read())
wrap = sys.argv[2] == "1"
BS, LOG, RUN, PER = 1024, 1 << 20, 1023, 84
img += bytes(max(0, (4 << 20) - len(img)))
u32 = lambda o: struct.unpack_from("<I", img, o)[0]
isz = struct.unpack_from("<H", img, 1024 + 0x58)[0]        # s_inode_size
itab = u32(2 * BS + 0x08)                                  # bg_inode_table_lo
at = itab * BS + 7 * isz                                   # inode 8
assert struct.unpack_from("<HHH", img, at + 0x28)[:3] == (0xF30A, 1, 4)
j0 = u32(at + 0x28 + 12 + 8)                               # ee_start_lo
jsb = j0 * BS
start = struct.unpack_from(">I", img, jsb + 0x1C)[0]       # s_start
assert start == 1
new = LOG - 2 if wrap else 1
ring = LOG - 1                                             # log blocks 1..
def orig(l):                                               # new -> old
    return 1 + ((l - new) % ring) % RUN
ext, l = [(0, 1, j0)], 1
while l < LOG:
    o, n = orig(l), 1
    while l + n < LOG and n < 32768 and orig(l + n) == o + n:
        n += 1
    ext.append((l, n, j0 + o))
    l += n
leaves = [ext[i:i + PER] for i in range(0, len(ext), PER)]
assert len(leaves) <= PER
tree = j0 - 20                                             # index block
for i, lv in enumerate(leaves):
    b = (tree + 1 + i) * BS
    struct.pack_into("<HHHHI", img, b, 0xF30A, len(lv), PER, 0, 0)
    for k, (lb, n, pb) in enumerate(lv):
        struct.pack_into("<IHHI", img, b + 12 + 12 * k, lb, n, 0, pb)
    struct.pack_into("<IIHH", img, tree * BS + 12 + 12 * i, lv[0][0],
                     tree + 1 + i, 0, 0)
struct.pack_into("<HHHHI", img, tree * BS, 0xF30A, len(leaves), PER, 1, 0)
root = at + 0x28
img[root:root + 60] = bytes(60)
struct.pack_into("<HHHHI", img, root, 0xF30A, 1, 4, 2, 0)
struct.pack_into("<IIHH", img, root + 12, 0, tree, 0, 0)
struct.pack_into("<I", img, at + 0x04, (LOG * BS) & 0xFFFFFFFF)   # i_size
struct.pack_into("<I", img, at + 0x6C, (LOG * BS) >> 32)
struct.pack_into("<I", img, at + 0x1C, (LOG + 1 + len(leaves)) * 2)  # i_blocks
struct.pack_into(">I", img, jsb + 0x10, LOG)                # s_maxlen
struct.pack_into(">I", img, jsb + 0x1C, new)                # s_start
f.seek(0)
f.write(img)
f.truncate()
PY
    cut "$O/journal/$1"
}
JGAP=24 jseed ext4-long "" -t ext4 -O ^has_journal,^resize_inode,^metadata_csum
cp "$O/journal/ext4-long" "$O/journal/ext4-long-wrap"
longlog ext4-long 0
longlog ext4-long-wrap 1

# ---- partition tables: OUTDIR/part/ --------------------------------------
# Whole small disks (the part target's disk ends where its input does, so
# a GPT backup header is at the last LBA), each with the ext magic in one
# partition for part_find(0) to find: sfdisk's layouts, then the cases of
# #26 (classes 5 and 6) patched in: GPTs whose primary header fails its
# CRC or names another MyLBA (the backup at the last LBA is read), hybrid
# and protective MBRs, two extended partitions walked in table order.
P=$O/part
mkdir -p "$P"
pdisk() {          # name sectors sfdisk-script
    rm -f "$P/$1"
    truncate -s $(($2 * 512)) "$P/$1"
    printf '%s\n' "$3" | sfdisk -q "$P/$1" >/dev/null 2>&1
}
gpt4="label: gpt
label-id: 5EED0000-0000-4000-8000-00000000F022
table-length: 4
first-lba: 3
start=3, size=4, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, uuid=5EED0000-0000-4000-8000-000000000001
start=7, size=20, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, uuid=5EED0000-0000-4000-8000-000000000002"
pdisk gpt4 32 "$gpt4"
pdisk gpt4-backup 32 "$gpt4"
pdisk gpt4-mylba 32 "$gpt4"
pdisk gpt4-hybrid 32 "$gpt4"
pdisk gpt128 80 "label: gpt
label-id: 5EED0000-0000-4000-8000-00000000F022
first-lba: 34
start=34, size=12, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, uuid=5EED0000-0000-4000-8000-000000000003"
pdisk mbr-primary 48 "label: dos
label-id: 0x5eed0001
start=1, size=8, type=c
start=9, size=4, type=82
start=13, size=30, type=83"
pdisk mbr-logical 64 "label: dos
label-id: 0x5eed0002
start=1, size=4, type=c
start=5, size=58, type=5
start=6, size=8, type=83
start=15, size=8, type=82
start=24, size=30, type=83"
python3 - "$P" <<'PY'
import struct, sys, zlib
P = sys.argv[1]
def rw(name):
    return open(f"{P}/{name}", "r+b")
def magic(f, lba):                       # s_magic, 1 KiB into the fs
    f.seek(lba * 512 + 1024 + 0x38)
    f.write(b"\x53\xef")
def slot(f, sec, i, typ, start, size, boot=0):
    f.seek(sec * 512 + 446 + 16 * i)
    f.write(bytes([boot, 0, 0, 0, typ, 0, 0, 0]) + struct.pack("<II", start, size))
    f.seek(sec * 512 + 510)
    f.write(b"\x55\xaa")
def header(f, lba, **set):               # rewrite GPT header fields, re-CRC
    f.seek(lba * 512)
    h = bytearray(f.read(92))
    for off, v in set.values():
        struct.pack_into("<Q", h, off, v)
    struct.pack_into("<I", h, 16, 0)
    struct.pack_into("<I", h, 16, zlib.crc32(bytes(h)))
    f.seek(lba * 512)
    f.write(h)
for n in ("gpt4", "gpt4-backup", "gpt4-mylba", "gpt4-hybrid"):
    with rw(n) as f:
        magic(f, 7)
        if n == "gpt4-backup":           # primary header CRC32 wrong
            f.seek(512 + 16)
            f.write(b"\0\0\0\0")
        if n == "gpt4-mylba":            # primary MyLBA 2, CRC right
            header(f, 1, my=(24, 2))
        if n == "gpt4-hybrid":           # EE in slot 1, Linux's in slot 2
            slot(f, 0, 0, 0xEE, 1, 2)
            slot(f, 0, 1, 0x83, 7, 20, 0x80)
            slot(f, 0, 2, 0x0C, 3, 4)
with rw("gpt128") as f:
    magic(f, 34)
with rw("mbr-primary") as f:
    magic(f, 13)
with rw("mbr-logical") as f:             # sda5, sda6 (swap), sda7
    magic(f, 24)
# A protective MBR whose 0xEE entry is in slot 3 (a FAT entry before it),
# over the GPT of gpt4.
with open(f"{P}/gpt4", "rb") as s, open(f"{P}/gpt4-protective3", "wb") as f:
    f.write(s.read())
with rw("gpt4-protective3") as f:
    slot(f, 0, 0, 0x0C, 3, 4)
    slot(f, 0, 1, 0, 0, 0)
    slot(f, 0, 2, 0xEE, 1, 31)
# Two extended partitions (slot 2: 0x05 at 8, slot 3: 0x0F at 36): the
# first chain gives sda5 (FAT) and sda6, the second chain's first EBR has
# its link in slot 1 and its data in slot 2 (sda7, the ext one), its
# second EBR data in slot 1 (sda8). Linux numbers them in table order.
with open(f"{P}/mbr-2ext", "wb") as f:
    f.truncate(64 * 512)
    slot(f, 0, 0, 0x0C, 1, 4)
    slot(f, 0, 1, 0x05, 8, 24)
    slot(f, 0, 2, 0x0F, 36, 28)
    slot(f, 8, 0, 0x0C, 1, 4)            # sda5 at 9
    slot(f, 8, 1, 0x05, 8, 16)           # link to the EBR at 16
    slot(f, 16, 0, 0x83, 1, 6)           # sda6 at 17
    slot(f, 36, 0, 0x05, 20, 8)          # link to the EBR at 56
    slot(f, 36, 1, 0x83, 2, 16)          # sda7 at 38
    slot(f, 56, 0, 0x83, 1, 6)           # sda8 at 57
    magic(f, 38)
# A Linux extended partition (0x85) whose EBR keeps its data in slot 3,
# inside the EBR's span (msdos.c takes it), and garbage in slot 4.
with open(f"{P}/mbr-ext85", "wb") as f:
    f.truncate(40 * 512)
    slot(f, 0, 0, 0x85, 4, 36)
    slot(f, 4, 2, 0x83, 2, 30)
    slot(f, 4, 3, 0x83, 30, 900)
    magic(f, 6)
# No table: the ext magic at 1080 of the disk.
with open(f"{P}/none", "wb") as f:
    f.truncate(8 * 512)
    magic(f, 0)
PY

# ---- config -------------------------------------------------------------
c=$O/config
printf 'DEFAULT main\nLABEL main\n    KERNEL /boot/kernel.bin\n    FDT /boot/board.dtb\n    APPEND console=ttyS0 root=/dev/mmcblk0p2\nLABEL old\n    KERNEL /boot/kernel-old.bin\n' >"$c/distro"
printf '# comment\nTIMEOUT 30\nMENU TITLE x\r\ndefault   old  \r\n\tlabel main\r\n\tlinux /k\r\n\tdevicetree /d\r\n\tappend a=b  c\r\nLABEL old\nKERNEL /o\nKERNEL /o2\nINITRD /i\n' >"$c/crlf"
{ for i in 1 2 3 4 5 6 7 8 9 10; do printf 'LABEL l%d\nKERNEL /k%d\n' $i $i; done
  printf 'DEFAULT l10\nAPPEND stray\n'; } >"$c/many"
printf 'KERNEL /before/label\nDEFAULT\nLABEL\nLABEL \t \nKERNEL\n\0LABEL nul\n' >"$c/odd"
# As distributions write them (their generators' layouts, our text):
# Debian's and Ubuntu's u-boot-menu (u-boot-update), lower case, tabs,
# a rescue label each, FDTDIR; Fedora's anaconda, "default=" and labels
# with spaces and parentheses, kernels at the partition's root; Alpine's
# update-extlinux, relative LINUX/INITRD, MENU lines, MENU SEPARATOR;
# OpenEmbedded's wic, "KERNEL ../Image" and "FDTDIR ../" from
# /extlinux/; Buildroot's board configs, DEVICETREE; syslinux's own
# keywords the loader skips (UI, INCLUDE, ONTIMEOUT, MENU BEGIN/END).
cat >"$c/debian-u-boot-menu" <<'CFG'
## /boot/extlinux/extlinux.conf
##
## IMPORTANT WARNING
##
## The configuration of this file is generated automatically.
## Do not edit this file manually, use: u-boot-update

default l0
menu title U-Boot menu
prompt 0
timeout 50


label l0
	menu label Debian GNU/Linux trixie/sid 6.12.9-riscv64
	linux /boot/vmlinux-6.12.9-riscv64
	initrd /boot/initrd.img-6.12.9-riscv64
	fdtdir /usr/lib/linux-image-6.12.9-riscv64/
	
	append root=UUID=5eed0000-0000-4000-8000-00000000f022 ro quiet

label l0r
	menu label Debian GNU/Linux trixie/sid 6.12.9-riscv64 (rescue target)
	linux /boot/vmlinux-6.12.9-riscv64
	initrd /boot/initrd.img-6.12.9-riscv64
	fdtdir /usr/lib/linux-image-6.12.9-riscv64/
	append root=UUID=5eed0000-0000-4000-8000-00000000f022 ro quiet single
	

label l1
	menu label Debian GNU/Linux trixie/sid 6.11.10-riscv64
	linux /boot/vmlinux-6.11.10-riscv64
	initrd /boot/initrd.img-6.11.10-riscv64
	fdtdir /usr/lib/linux-image-6.11.10-riscv64/
	
	append root=UUID=5eed0000-0000-4000-8000-00000000f022 ro quiet
CFG
cat >"$c/fedora-anaconda" <<'CFG'
# extlinux.conf generated by anaconda

ui menu.c32

menu autoboot Welcome to Fedora-Minimal-41. Automatic boot in # second{,s}. Press a key for options.
menu title Fedora-Minimal-41 Boot Options.
menu hidden

timeout 20
totaltimeout 600

default=Fedora-Minimal-41 (6.11.4-301.fc41.riscv64)

label Fedora-Minimal-41 (6.11.4-301.fc41.riscv64)
	kernel /vmlinuz-6.11.4-301.fc41.riscv64
	append ro root=UUID=5eed0000-0000-4000-8000-00000000f022 console=ttySIF0,115200
	fdtdir /dtb-6.11.4-301.fc41.riscv64/
	initrd /initramfs-6.11.4-301.fc41.riscv64.img

label Fedora-Minimal-41-rescue (0-rescue-5eed)
	kernel /vmlinuz-0-rescue-5eed
	append ro root=UUID=5eed0000-0000-4000-8000-00000000f022
	fdtdir /dtb-6.11.4-301.fc41.riscv64/
	initrd /initramfs-0-rescue-5eed.img
CFG
printf 'DEFAULT menu.c32\r\nPROMPT 0\r\nMENU TITLE Alpine/Linux Boot Menu\r\nMENU HIDDEN\r\nMENU AUTOBOOT Alpine will be booted automatically in # seconds.\r\nTIMEOUT 10\r\nLABEL lts\r\n  MENU DEFAULT\r\n  MENU LABEL Linux lts\r\n  LINUX vmlinuz-lts\r\n  INITRD initramfs-lts\r\n  APPEND root=UUID=5eed0000-0000-4000-8000-00000000f022 modules=sd-mod,usb-storage,ext4 quiet rootfstype=ext4\r\n\r\nMENU SEPARATOR\r\n' >"$c/alpine-update-extlinux"
cat >"$c/oe-wic" <<'CFG'
# Generic Distro Configuration file generated by OpenEmbedded
LABEL Poky (Yocto Project Reference Distro)
	KERNEL ../Image
	FDTDIR ../
	APPEND root=PARTUUID=5eed0002-02 rootwait console=ttySIF0,115200
CFG
cat >"$c/buildroot-board" <<'CFG'
label linux
  kernel /Image
  devicetree /sifive/hifive-unleashed-a00.dtb
  append console=ttySIF0 root=/dev/mmcblk0p2 rootwait
CFG
cat >"$c/syslinux-menu" <<'CFG'
UI vesamenu.c32
INCLUDE common.cfg
MENU TITLE Boot menu
MENU BEGIN advanced
  MENU TITLE Advanced
  LABEL fallback
    MENU LABEL ^Fallback kernel
    KERNEL ../old/vmlinuz
    INITRD ../old/initrd.img,../old/microcode.img
    FIRMWARE /boot/fw_dynamic.bin
    APPEND single
MENU END
LABEL main
  MENU LABEL ^Main
  MENU DEFAULT
  LINUX vmlinuz
  FDT dtbs/board.dtb
  APPEND root=/dev/mmcblk0p2
ONTIMEOUT main
TIMEOUT 100
CFG

# ---- fdt ----------------------------------------------------------------
# Each tree as dtc writes it (no free space: QEMU's dump is 1 MiB), after
# the harness's bytes: flags (1 initrd, 2 bootargs, 4 in place, 8 initrd
# above 4 GiB), bootargs length, room (big-endian 16 bits).
fdtseed() {        # name flags arglen room-hi room-lo dtb
    { printf "\\$(printf %03o "$2")\\$(printf %03o "$3")"
      printf "\\$(printf %03o "$4")\\$(printf %03o "$5")"
      dtc -q -I dtb -O dtb "$6"; } >"$O/fdt/$1"
}
if command -v dtc >/dev/null; then
    if command -v qemu-system-riscv64 >/dev/null; then
        qemu-system-riscv64 -M sifive_u,dumpdtb="$T/sifive_u.dtb" \
            -nographic >/dev/null 2>&1 </dev/null
        qemu-system-riscv64 -M sifive_u,dumpdtb="$T/sifive_u5.dtb" \
            -smp 5 -m 1G -nographic >/dev/null 2>&1 </dev/null
        fdtseed sifive_u 3 40 1 0 "$T/sifive_u.dtb"
        fdtseed sifive_u5-inplace 7 60 0 200 "$T/sifive_u5.dtb"
    fi
    printf '/dts-v1/;\n/memreserve/ 0x80000000 0x1000;\n/ { #address-cells = <1>; #size-cells = <1>;\n chosen { bootargs = "old"; linux,initrd-start = <0x1000>; linux,initrd-end = <0x2000>; sub { }; };\n memory@80000000 { device_type = "memory"; reg = <0x80000000 0x8000000 0xc0000000 0x1000>; };\n};\n' |
        dtc -q -I dts -O dtb -o "$T/c1.dtb" -
    printf '/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n a { b { c { x = <1>; }; }; };\n memory@0 { device_type = "memory"; reg = <0 0 0 0x1000>; };\n};\n' |
        dtc -q -I dts -O dtb -o "$T/c2.dtb" -
    fdtseed chosen1 3 20 0 64 "$T/c1.dtb"
    fdtseed chosen1-drop 0 0 0 0 "$T/c1.dtb"
    fdtseed nochosen2 11 5 0 128 "$T/c2.dtb"
    fdtseed nochosen2-tight 3 5 0 0 "$T/c2.dtb"
    # fdt_overlay: the tree's length (32 bits) and room (16), big-endian,
    # then a dtc -@ tree and an overlay.
    printf '/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n clk: clock { #clock-cells = <0>; };\n soc { uart: serial@1000 { reg = <0x1000 0x100>; status = "disabled"; }; bus: bus@2 { dev@1 { l1 { l2 { x = <1>; }; }; }; }; };\n chosen { };\n};\n' |
        dtc -q -@ -I dts -O dtb -o "$T/ob.dtb" -
    # ovraw NAME ROOM-HI ROOM-LO DTBO [BASE]: the seed of a compiled
    # overlay (cut, patched) on BASE (ob.dtb).
    ovraw() {
        local b=$T/${5:-ob.dtb} n
        n=$(stat -c %s "$b")
        { printf "\\$(printf %03o $((n >> 24 & 255)))\\$(printf %03o $((n >> 16 & 255)))"
          printf "\\$(printf %03o $((n >> 8 & 255)))\\$(printf %03o $((n & 255)))"
          printf "\\$(printf %03o "$2")\\$(printf %03o "$3")"
          cat "$b" "$4"; } >"$O/fdt_overlay/$1"
    }
    # ovseed NAME ROOM-HI ROOM-LO OVERLAY-DTS [BASE]: dtc -f keeps what
    # it would refuse (two nodes' phandles alike, a property twice).
    ovseed() {
        printf '/dts-v1/;\n/plugin/;\n%s\n' "$4" |
            dtc -q -f -@ -I dts -O dtb -o "$T/ov.dtbo" - 2>/dev/null &&
            ovraw "$1" "$2" "$3" "$T/ov.dtbo" "${5:-}"
    }
    ovseed path 4 0 '&{/soc/serial@1000} { status = "okay"; n { a = "b"; }; };'
    ovseed phandle 4 0 '&uart { clocks = <&clk>; };'
    ovseed local 4 0 '&{/} { m: mine { p = <&m>; }; }; &bus { q = <&m &clk>; };'
    ovseed nested 4 0 '&{/soc/bus@2/dev@1/l1} { l2 { y = <2>; a { b { c = <3>; }; }; }; };'
    ovseed tight 0 40 '&{/} { big = "0123456789abcdef0123456789abcdef"; };'
    ovseed missing 4 0 '&{/soc/none} { a = <1>; };'
    # Issue 54's classes: libfdt's targets (a node an earlier fragment
    # added, aliases, an alias whose value is not a path), a node of the
    # tree labelled (its phandle kept), phandles of 0, shared, twice in a
    # node, __fixups__ and __local_fixups__ offsets past their property,
    # a truncated overlay.
    printf '/dts-v1/;\n/ { clk: clock { #clock-cells = <0>; };\n soc { uart: serial@1000 { status = "disabled"; sub { }; }; plain { }; };\n aliases { serial0 = &uart; soc = "/soc"; bad = "soc"; };\n};\n' |
        dtc -q -@ -I dts -O dtb -o "$T/oa.dtb" -
    ovseed added 4 0 '&{/soc} { nb { }; }; &{/soc/nb} { d { a = <1>; }; }; &{/soc/nb/d} { b = <2>; };' oa.dtb
    ovseed alias 4 0 '/ { f { target-path = "serial0"; __overlay__ { status = "okay"; s1: x { }; }; }; g { target-path = "soc/plain"; __overlay__ { r = <&s1 &clk>; }; }; };' oa.dtb
    ovseed aliasrel 4 0 '/ { f { target-path = "bad"; __overlay__ { a = <1>; }; }; };' oa.dtb
    ovseed keepph 4 0 '&{/soc} { n: serial@1000 { x = <1>; }; m: more { y = <&n>; }; }; &uart { q = <&n &m>; };' oa.dtb
    ovseed newph 4 0 '&{/soc} { p: plain { x = <1>; }; }; &{/} { r = <&p &uart>; };' oa.dtb
    ovseed zero 4 0 '&{/} { z { phandle = <0>; }; y { r = <&clk>; }; };'
    ovseed dupph 4 0 '&{/} { a { phandle = <7>; }; b { phandle = <7>; }; c { r = <&uart>; }; };'
    ovseed twoph 4 0 '&{/} { n { phandle = <5>; phandle = <6>; }; };'
    ovseed fixoff 4 0 '/ { fragment@0 { target-path = "/"; __overlay__ { p = <0>; }; }; __fixups__ { clk = "/fragment@0/__overlay__:p:4"; }; };'
    ovseed fixbig 4 0 '/ { fragment@0 { target-path = "/"; __overlay__ { p = <0 0>; }; }; __fixups__ { clk = "/fragment@0/__overlay__:p:4294967292"; }; };'
    ovseed localoff 4 0 '/ { fragment@0 { target-path = "/"; __overlay__ { p = <0>; }; }; __local_fixups__ { fragment@0 { __overlay__ { p = <4>; }; }; }; };'
    printf '/dts-v1/;\n/plugin/;\n&uart { status = "okay"; m: n { r = <&m &clk>; }; };\n' |
        dtc -q -@ -I dts -O dtb -o "$T/tr.dtbo" -
    for cut in 40 100 $(($(stat -c %s "$T/tr.dtbo") - 4)); do
        head -c "$cut" "$T/tr.dtbo" >"$T/cut.dtbo"
        ovraw "truncated-$cut" 4 0 "$T/cut.dtbo"
    done
fi

# ---- sdspi --------------------------------------------------------------
"$MKSEED" "$O/sdspi"
ls "$O/image" "$O/journal" "$O/part" "$O/config" "$O/sdspi" "$O/fdt" | grep -vc ':$' >/dev/null

# ---- inflate ------------------------------------------------------------
# tests/tools/zvectors.py's valid streams (raw DEFLATE and gzip members of
# every level and strategy), each after the harness's 4 bytes: the mode
# (bit 0: gzip; the chunk seed above it) and the room, its own size plus
# 16 in little-endian 24 bits.
mkdir -p "$O/inflate"
python3 tests/tools/zvectors.py 11 60 | python3 -c '
import struct, sys
d, out, i, at = sys.stdin.buffer.read(), sys.argv[1], 0, 0
while at < len(d):
    kind, nl = d[at + 1], d[at + 2]
    at += 3 + nl
    rl = struct.unpack("<I", d[at:at + 4])[0]; at += 4 + rl
    cl = struct.unpack("<I", d[at:at + 4])[0]; comp = d[at + 4:at + 4 + cl]
    at += 4 + cl
    if nl or cl > 12000:
        continue
    room = (rl + 16).to_bytes(3, "little")
    open("%s/z%03d" % (out, i), "wb").write(bytes([kind | (i % 64) << 1]) + room + comp)
    i += 1
' "$O/inflate"
