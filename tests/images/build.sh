#!/usr/bin/env bash
# Builds the test images: real filesystems made by mke2fs -d from seeded
# trees, partitioned with sfdisk, and reshaped with debugfs -w / e2fsck.
# Usage: tests/images/build.sh OUTDIR
# Prints TAP: one line per image family, "not ok" when a tool failed.
set -u
D=${1:?usage: build.sh OUTDIR}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
SEEDFILL=$TOP/$BUILD/tools/seedfill
T=$D/trees
UUID=5eed0000-0000-4000-8000-00000000e2f5
export E2FSPROGS_FAKE_TIME=1700000000
mkdir -p "$D" "$T"
: >"$D/manifest"
n=0
status=0

fill() {           # seed size path
    "$SEEDFILL" "$1" "$2" >"$3"
}

# Write `count` blocks of seeded data at block `at` of a (sparse) file.
put_blocks() {     # path bs at count seed
    local tmp
    tmp=$(mktemp)
    "$SEEDFILL" "$5" $(($2 * $4)) >"$tmp"
    dd if="$tmp" of="$1" bs="$2" seek="$3" conv=notrunc status=none
    rm -f "$tmp"
}

mkfs() {           # name tree size mke2fs-args...
    local name=$1 tree=$2 size=$3
    shift 3
    rm -f "$D/$name.img"
    if ! mke2fs -q -F -U "$UUID" -E hash_seed=$UUID -d "$tree" "$@" \
            "$D/$name.img" "$size" >"$D/$name.log" 2>&1; then
        echo "# mke2fs $name failed:"; sed 's/^/#   /' "$D/$name.log"
        return 1
    fi
    echo "$name" >>"$D/manifest"
}

report() {         # name rc
    n=$((n + 1))
    if [ "$2" = 0 ]; then
        echo "ok $n - images: $1"
    else
        echo "not ok $n - images: $1"
        status=1
    fi
}

# The tree every block size gets: the size boundaries of a block map,
# path forms, every kind of symlink, sparse files.
std_tree() {       # dir bs seed
    local d=$1 bs=$2 s=$3 ppb=$(($2 / 4))
    rm -rf "$d"
    mkdir -p "$d/a/b/c/d" "$d/boot" "$d/empty_dir"
    fill $((s + 1)) 0 "$d/f0"
    fill $((s + 2)) 1 "$d/f1"
    fill $((s + 3)) $((bs - 1)) "$d/f_bs_minus_1"
    fill $((s + 4)) "$bs" "$d/f_bs"
    fill $((s + 5)) $((bs + 1)) "$d/f_bs_plus_1"
    fill $((s + 6)) $((12 * bs)) "$d/direct12"
    fill $((s + 7)) $((12 * bs + 1)) "$d/ind_first"
    fill $((s + 8)) $(((12 + ppb) * bs)) "$d/ind_last"
    fill $((s + 9)) $(((12 + ppb) * bs + 1)) "$d/dind_first"
    fill $((s + 10)) 1000 "$d/a/b/c/d/deep.txt"
    fill $((s + 11)) 33333 "$d/boot/kernel.bin"
    fill $((s + 12)) 77 "$d/$(printf 'n%.0s' $(seq 255))"
    fill $((s + 13)) 10 "$d/sp ace"
    ln -s a/b/c/d/deep.txt "$d/rel_link"
    ln -s /a/b/c/d/deep.txt "$d/abs_link"
    ln -s "./././././././././././././././././././././././././././././a/b/c/d/deep.txt" \
        "$d/slow_link"
    ln -s ../../../../f_bs "$d/a/b/c/d/up_link"
    ln -s a/b "$d/dir_link"
    ln -s chain2 "$d/chain1"
    ln -s chain3 "$d/chain2"
    ln -s /boot/kernel.bin "$d/chain3"
    ln -s loop_b "$d/loop_a"
    ln -s loop_a "$d/loop_b"
    ln -s does/not/exist "$d/dangling"
    local i
    for i in 1 2 3 4 5 6 7 8; do ln -s "h$i" "$d/h$((i - 1))"; done
    ln -s f1 "$d/h8"
    # Holes in the direct, indirect and double-indirect ranges.
    put_blocks "$d/sparse_direct" "$bs" 0 1 $((s + 20))
    put_blocks "$d/sparse_direct" "$bs" 6 2 $((s + 21))
    put_blocks "$d/sparse_ind" "$bs" 0 1 $((s + 22))
    put_blocks "$d/sparse_ind" "$bs" 20 2 $((s + 23))
    truncate -s $((40 * bs)) "$d/sparse_ind"
    put_blocks "$d/sparse_dind" "$bs" 1 1 $((s + 24))
    put_blocks "$d/sparse_dind" "$bs" $((12 + ppb + 5)) 3 $((s + 25))
    truncate -s $(((12 + ppb + 10) * bs + 100)) "$d/sparse_dind"
    truncate -s $((5 * bs)) "$d/all_hole"
}

# A fifo and a socket in the tree (mke2fs -d copies both), device nodes
# made with debugfs (mknod on the host would need root).
add_specials() {   # tree
    mkfifo "$1/fifo"
    python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
        "$1/sock"
}
add_nodes() {      # image
    debugfs -w -f - "$1" >/dev/null 2>&1 <<EOF
mknod chardev c 1 3
mknod blockdev b 8 0
EOF
}

# ---- ext2 / ext3 -------------------------------------------------------
rc=0
std_tree "$T/ext2-1k" 1024 100
fill 150 $((8 << 20)) "$T/ext2-1k/big8m"
# First block of the triple-indirect range: 12 + 256 + 256^2.
put_blocks "$T/ext2-1k/tind" 1024 0 1 151
put_blocks "$T/ext2-1k/tind" 1024 65804 2 152
truncate -s $((70 << 20)) "$T/ext2-1k/tind"
add_specials "$T/ext2-1k"
mkfs ext2-1k "$T/ext2-1k" 24M -t ext2 -b 1024 && add_nodes "$D/ext2-1k.img" || rc=1
std_tree "$T/ext2-2k" 2048 200
mkfs ext2-2k "$T/ext2-2k" 16M -t ext2 -b 2048 || rc=1
std_tree "$T/ext2-4k" 4096 300
mkfs ext2-4k "$T/ext2-4k" 24M -t ext2 -b 4096 || rc=1
report "ext2 1, 2 and 4 KiB blocks" $rc

rc=0
std_tree "$T/ext2-rev0" 1024 400
add_specials "$T/ext2-rev0"
mkfs ext2-rev0 "$T/ext2-rev0" 8M -t ext2 -r 0 -b 1024 && add_nodes "$D/ext2-rev0.img" || rc=1
std_tree "$T/ext2-i128" 4096 500
mkfs ext2-i128 "$T/ext2-i128" 16M -t ext2 -I 128 -b 4096 || rc=1
std_tree "$T/ext2-i1024" 4096 600
mkfs ext2-i1024 "$T/ext2-i1024" 16M -t ext2 -I 1024 -b 4096 || rc=1
std_tree "$T/ext3" 1024 700
mkfs ext3 "$T/ext3" 16M -t ext3 -b 1024 || rc=1
report "rev 0, 128- and 1024-byte inodes, ext3" $rc

# ---- ext4 --------------------------------------------------------------
rc=0
std_tree "$T/ext4-1k" 1024 800
add_specials "$T/ext4-1k"
mkfs ext4-1k "$T/ext4-1k" 16M -t ext4 -b 1024 && add_nodes "$D/ext4-1k.img" || rc=1
std_tree "$T/ext4-4k" 4096 900
mkfs ext4-4k "$T/ext4-4k" 32M -t ext4 -b 4096 || rc=1
std_tree "$T/ext4-no64" 4096 1000
mkfs ext4-no64 "$T/ext4-no64" 32M -t ext4 -b 4096 -O ^64bit || rc=1
rm -rf "$T/ext4-metabg-ss2"
std_tree "$T/ext4-metabg" 1024 1100
# 256 MiB of 1 KiB blocks: 32 groups, 16 descriptors a block, so groups
# 16-31 have their descriptors in meta group 1. 16 inodes a group and 400
# files put inodes there too.
mkdir -p "$T/ext4-metabg/spread"
for i in $(seq 1 400); do
    fill $((1150 + i)) $((i * 50)) "$T/ext4-metabg/spread/f$i"
done
mkfs ext4-metabg "$T/ext4-metabg" 256M -t ext4 -b 1024 -N 512 -O meta_bg,^resize_inode || rc=1
cp -a "$T/ext4-metabg" "$T/ext4-metabg-ss2"
mkfs ext4-metabg-ss2 "$T/ext4-metabg-ss2" 256M -t ext4 -b 1024 -N 512 -O meta_bg,^resize_inode,sparse_super2 || rc=1
std_tree "$T/ext4-bigalloc" 4096 1200
mkfs ext4-bigalloc "$T/ext4-bigalloc" 64M -t ext4 -b 4096 -O bigalloc -C 16384 || rc=1
std_tree "$T/ext4-64k" 4096 1300
mkfs ext4-64k "$T/ext4-64k" 64M -t ext4 -b 65536 || rc=1
std_tree "$T/ext4-gdtcsum" 1024 1400
mkfs ext4-gdtcsum "$T/ext4-gdtcsum" 16M -t ext4 -b 1024 -O ^metadata_csum,uninit_bg || rc=1
std_tree "$T/ext4-csumseed" 4096 1500
mkfs ext4-csumseed "$T/ext4-csumseed" 32M -t ext4 -b 4096 -O metadata_csum_seed,sparse_super2 || rc=1
std_tree "$T/ext4-blockmap" 4096 1600
mkfs ext4-blockmap "$T/ext4-blockmap" 32M -t ext4 -b 4096 -O ^extents,^64bit || rc=1
std_tree "$T/ext4-i128" 1024 1660
mkfs ext4-i128 "$T/ext4-i128" 16M -t ext4 -b 1024 -I 128 || rc=1
std_tree "$T/ext4-i1024" 4096 1670
mkfs ext4-i1024 "$T/ext4-i1024" 32M -t ext4 -b 4096 -I 1024 || rc=1
std_tree "$T/ext4-extra" 4096 1650
mkfs ext4-extra "$T/ext4-extra" 32M -t ext4 -b 4096 -O orphan_file,mmp,large_dir,casefold || rc=1
report "ext4 default, 1k, ^64bit, meta_bg, bigalloc, 64k, gdt_csum, csum_seed, ^extents, 128/1024-byte inodes, orphan_file+mmp+large_dir+casefold" $rc

# inline_data: small files and a small directory live in the inode.
rc=0
d=$T/ext4-inline
rm -rf "$d"; mkdir -p "$d/smalldir" "$d/boot"
fill 1700 40 "$d/tiny40"
fill 1701 59 "$d/tiny59"
fill 1702 100 "$d/small100"
fill 1703 5000 "$d/notinline"
fill 1704 0 "$d/empty"
fill 1705 20 "$d/smalldir/a"
fill 1706 30 "$d/smalldir/bb"
fill 1707 3000 "$d/boot/kernel.bin"
ln -s ../tiny40 "$d/smalldir/up"
mkfs ext4-inline "$d" 16M -t ext4 -b 4096 -O inline_data -I 512 || rc=1
report "ext4 inline_data" $rc

# Hash-tree directories: 5000 names, indexed by e2fsck -D.
rc=0
for bs in 1024 4096; do
    d=$T/ext4-htree-$bs
    rm -rf "$d"; mkdir -p "$d/big"
    # Long names on 1 KiB blocks need more leaves than the root indexes:
    # a two-level tree.
    pre=entry_
    [ $bs = 1024 ] && pre=entry_with_a_rather_long_name_
    (cd "$d/big" && for i in $(seq -w 1 5000); do : >"$pre$i"; done)
    fill 1800 777 "$d/big/target_file"
    mkfs ext4-htree-$bs "$d" 32M -t ext4 -b $bs || rc=1
    e2fsck -fyD "$D/ext4-htree-$bs.img" >/dev/null 2>&1
    [ $? -le 1 ] || rc=1
done
report "ext4 5000-entry hash-tree directories (1k, 4k)" $rc

# A fragmented file: fill with small files, delete every other one, then
# write the big file with debugfs into the holes left.
rc=0
d=$T/ext4-frag
rm -rf "$d"; mkdir -p "$d/fill"
for i in $(seq 1 2400); do fill $((2000 + i)) 3072 "$d/fill/f$i"; done
fill 1999 $((3 << 20)) "$T/frag-big.bin"
mkfs ext4-frag "$d" 12M -t ext4 -b 1024 -O ^metadata_csum || rc=1
{
    for i in $(seq 1 2 2400); do echo "rm /fill/f$i"; done
    echo "write $T/frag-big.bin /big"
} | debugfs -w -f - "$D/ext4-frag.img" >/dev/null 2>&1 || rc=1
report "ext4 fragmented file with a deep extent tree" $rc

# Sparse files on ext4 and an uninitialized extent (ee_len > 32768),
# patched in by hand since fallocate needs a mounted filesystem.
rc=0
std_tree "$T/ext4-sparse" 4096 2100
put_blocks "$T/ext4-sparse/uninit" 4096 0 4 2101
put_blocks "$T/ext4-sparse/uninit" 4096 8 2 2102
for k in 0 1 2 3 4 5; do
    put_blocks "$T/ext4-sparse/many_extents" 4096 $((k * 3)) 1 $((2110 + k))
done
mkfs ext4-sparse "$T/ext4-sparse" 32M -t ext4 -b 4096 -O ^metadata_csum || rc=1
if [ $rc = 0 ]; then
    loc=$(debugfs -R "imap /uninit" "$D/ext4-sparse.img" 2>/dev/null |
          sed -n 's/.*located at block \([0-9]*\), offset 0x\([0-9a-f]*\).*/\1 \2/p')
    blk=${loc% *}; off=$((16#${loc#* }))
    # i_block at 0x28; header 12 bytes; first extent's ee_len at +4.
    at=$((blk * 4096 + off + 0x28 + 12 + 4))
    len=$(od -An -tu2 -j $at -N 2 "$D/ext4-sparse.img" | tr -d ' ')
    new=$((len + 32768))
    printf "$(printf '\\x%02x\\x%02x' $((new & 255)) $((new >> 8)))" |
        dd of="$D/ext4-sparse.img" bs=1 seek=$at conv=notrunc status=none
fi
report "ext4 sparse files and an uninitialized extent" $rc

# ---- partition tables -------------------------------------------------
rc=0
std_tree "$T/part" 4096 2200
mkfs part-fs "$T/part" 16M -t ext4 -b 4096 || rc=1
mkfs part-fs2 "$T/part" 16M -t ext2 -b 1024 || rc=1
sect=$((16 << 20 >> 9))
mkdisk() {         # name sfdisk-script fs-image start-sector
    rm -f "$D/$1.img"
    truncate -s 64M "$D/$1.img"
    printf '%s\n' "$2" | sfdisk -q "$D/$1.img" >/dev/null 2>&1 || return 1
    dd if="$3" of="$D/$1.img" bs=512 seek="$4" conv=notrunc status=none
    echo "$1" >>"$D/manifest"
}
mkdisk mbr "label: dos
start=2048, size=8192, type=c
start=10240, size=$sect, type=83" "$D/part-fs.img" 10240 || rc=1
mkdisk mbr-logical "label: dos
start=2048, size=8192, type=c
start=10240, size=$((sect * 3)), type=5
start=12288, size=4096, type=c
start=18432, size=$sect, type=83" "$D/part-fs2.img" 18432 || rc=1
mkdisk gpt "label: gpt
start=2048, size=4096, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
start=6144, size=4096, type=EBD0A0A2-B9E5-4433-87C0-68B6B72699C7
start=10240, size=$sect, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4" "$D/part-fs.img" 10240 || rc=1
report "MBR primary, MBR logical, GPT" $rc
bash "$TOP/tests/images/part.sh" "$D" "$D/part-fs.img" &&
    report "partition tables as Linux reads them" 0 ||
    report "partition tables as Linux reads them" 1

# ---- dirty journals (not in the manifest) ------------------------------
bash "$TOP/tests/images/journal.sh" "$D" && report "dirty journals" 0 ||
    report "dirty journals" 1

# ---- evil images --------------------------------------------------------
bash "$TOP/tests/images/evil.sh" "$D" && report "evil images" 0 || report "evil images" 1
exit $status
