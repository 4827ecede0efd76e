#!/usr/bin/env bash
# Evil images: real filesystems with one field broken each. Writes
# OUTDIR/evil/NAME.img and OUTDIR/evil/cases, one line per image (and
# OUTDIR/evil/edges: images changed to an odd but valid layout, each
# line NAME<TAB>PATH, that every build must read as debugfs does):
#   NAME<TAB>COMMAND PATH<TAB>EXPECTED-ERROR-CODE<TAB>MESSAGE-FRAGMENT<TAB>NEEDS
# COMMAND is the extload subcommand that must fail (exit 1), the code is
# the enum ext_err name its message carries, the fragment is part of the
# sentence that says what and where. NEEDS is the reader's build option
# (fs/ext_conf.h) that catches the damage, or "-" for every build: the
# damage lies only in what that option checks (a checksum, a hash-tree
# node), so a build without it (the tiny profile) reads the image right.
#
# Fields are changed by name with tests/tools/fspatch, which takes its
# offsets from fs/ext_format.h (the reader's own): this script holds no
# copy of the on-disk layout. debugfs finds inodes and blocks.
set -eu
D=${1:?usage: evil.sh OUTDIR}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
SEEDFILL=$TOP/${BUILD:-build}/tools/seedfill
FSPATCH=$TOP/${BUILD:-build}/tools/fspatch
E=$D/evil
T=$D/trees/evil
rm -rf "$E" "$T"
mkdir -p "$E" "$T/d" "$T/h"
export E2FSPROGS_FAKE_TIME=1700000000

"$SEEDFILL" 9001 20000 >"$T/f"
"$SEEDFILL" 9002 300 >"$T/small"
for k in 0 1 2 3 4 5; do
    "$SEEDFILL" $((9010 + k)) 1024 |
        dd of="$T/frag" bs=1024 seek=$((k * 3)) conv=notrunc status=none
done
for i in 1 2 3 4 5; do : >"$T/d/entry$i"; done
for i in $(seq 1 120); do : >"$T/h/name-$i-padding-the-entry-out"; done
ln -s small "$T/fl"
ln -s "$(printf 'd/../%.0s' $(seq 15))small" "$T/sl"

base() {           # name mke2fs-args...
    local name=$1
    shift
    mke2fs -q -F -U 5eed0000-0000-4000-8000-0000000e0111 -d "$T" "$@" \
        "$E/base-$name.img" 8M >/dev/null
}
base ext2 -t ext2 -b 1024
base ext4 -t ext4 -b 1024 -O ^metadata_csum
base ext4_4k -t ext4 -b 4096 -O ^metadata_csum
base csum -t ext4 -b 1024
e2fsck -fyD "$E/base-csum.img" >/dev/null 2>&1 || true
base ext4_64 -t ext4 -b 1024 -O 64bit,^metadata_csum

: >"$E/cases"
: >"$E/edges"
case_() {          # name base cmd path code fragment [needs]
    cp "$E/base-$2.img" "$E/$1.img"
    printf '%s\t%s %s\t%s\t%s\t%s\n' "$1" "$3" "$4" "$5" "$6" "${7:--}" \
        >>"$E/cases"
}
edge_() {          # name base path
    cp "$E/base-$2.img" "$E/$1.img"
    printf '%s\t%s\n' "$1" "$3" >>"$E/edges"
}

set_() { "$FSPATCH" "$E/$1.img" set "$2" "$3" "$4"; }     # case target field value
get() { "$FSPATCH" "$E/base-$1.img" get "$2" "$3"; }      # base target field

ino_of() {         # base path
    debugfs -R "stat $2" "$E/base-$1.img" 2>/dev/null |
        sed -n 's/^Inode: \([0-9]*\).*/\1/p'
}

block_of() {       # base path logical-block
    debugfs -R "bmap $2 $3" "$E/base-$1.img" 2>/dev/null | tr -d ' \n'
}

# ---- superblock -----------------------------------------------------------
case_ bad_magic ext2 ls / EXT_ENOTEXT "magic is not 0xEF53"
set_ bad_magic sb s_magic 0

case_ big_block_size ext2 ls / EXT_ESUPER "block size field too large"
set_ big_block_size sb s_log_block_size 7

case_ zero_inodes_per_group ext2 ls / EXT_ESUPER "zero blocks or inodes per group"
set_ zero_inodes_per_group sb s_inodes_per_group 0

case_ unknown_incompat ext2 ls / EXT_EFEATURE "unsupported INCOMPAT feature: bit_0x80000000"
set_ unknown_incompat sb s_feature_incompat '|0x80000000'

case_ compression ext2 ls / EXT_EFEATURE "unsupported INCOMPAT feature: compression"
set_ compression sb s_feature_incompat '|1'

case_ truncated ext2 ls / EXT_ESUPER "larger than its partition"
truncate -s 4M "$E/truncated.img"

case_ desc_size_48 ext4_64 ls / EXT_ESUPER "s_desc_size"
set_ desc_size_48 sb s_desc_size 48

case_ desc_size_16 ext4_64 ls / EXT_ESUPER "s_desc_size"
set_ desc_size_16 sb s_desc_size 16

case_ sb_csum csum ls / EXT_ECSUM "superblock checksum mismatch" EXT_CSUM_VERIFY
set_ sb_csum sb s_volume_name.0 0x41

# A cluster of 2^32 bytes (s_log_cluster_size 22 on 64 KiB blocks; Linux
# refuses above 20): telling /fl's fast link from a slow one sizes the
# cluster its xattr block takes (128-byte inodes put the xattr in a block).
mke2fs -q -F -U 5eed0000-0000-4000-8000-0000000e0111 -d "$T" -t ext4 \
    -b 65536 -I 128 -C 131072 -O bigalloc,^metadata_csum,^has_journal \
    "$E/base-big64k.img" 8M >/dev/null 2>&1
debugfs -w -R "ea_set /fl user.x hello" "$E/base-big64k.img" >/dev/null 2>&1
case_ cluster_log_22 big64k cat /fl EXT_ESUPER "bad cluster size"
set_ cluster_log_22 sb s_log_cluster_size 22
set_ cluster_log_22 sb s_clusters_per_group 1
set_ cluster_log_22 sb s_blocks_per_group 65536
# A cluster smaller than a block (the ratio's log2 is negative).
case_ cluster_below_block big64k cat /fl EXT_ESUPER "bad cluster size"
set_ cluster_below_block sb s_log_cluster_size 2

# ---- block maps -----------------------------------------------------------
ino=$(ino_of ext2 /f)
case_ ptr_past_end ext2 cat /f EXT_ERANGE "inode $ino, block 4294967040: block number outside"
set_ ptr_past_end inode:$ino i_block.3 0xFFFFFF00

ind=$(get ext2 inode:$ino i_block.12)
case_ ind_self ext2 cat /f EXT_ECORRUPT "inode $ino, block $ind: indirect block points to itself"
set_ ind_self ptr@$ind:1 ptr "$ind"

# ---- directories ----------------------------------------------------------
dblk=$(block_of ext2 /d 0)
# Entries: "." (12) ".." (12) "entry1" ...; break the third.
case_ rec_len_zero ext2 ls /d EXT_ECORRUPT "block $dblk: directory entry rec_len is 0"
set_ rec_len_zero de@$dblk:24 rec_len 0

case_ name_len_long ext2 ls /d EXT_ECORRUPT "name_len is longer than its rec_len"
set_ name_len_long de@$dblk:24 name_len 200

case_ rec_len_past ext2 ls /d EXT_ECORRUPT "rec_len runs past the block"
set_ rec_len_past de@$dblk:24 rec_len 2000

case_ dirent_ino_past ext2 cat /d/entry1 EXT_ECORRUPT "names an inode past the inode count"
set_ dirent_ino_past de@$dblk:24 inode 0x7FFFFFFF

case_ root_not_dir ext2 ls / EXT_ECORRUPT "inode 2: the root inode is not a directory"
set_ root_not_dir inode:2 i_mode 0x81ED

# ---- extents (no checksums, so the structure check speaks) ----------------
ino=$(ino_of ext4 /f)
case_ extent_magic ext4 cat /f EXT_ECORRUPT "extent header magic is not 0xF30A"
set_ extent_magic eh:$ino eh_magic 0x1234

case_ extent_entries ext4 cat /f EXT_ECORRUPT "more entries than fit"
set_ extent_entries eh:$ino eh_entries 5

case_ extent_depth6 ext4 cat /f EXT_ECORRUPT "deeper than 5 levels"
set_ extent_depth6 eh:$ino eh_depth 6

# /frag has 6 extents: a depth-1 tree whose leaf we turn into an index
# node pointing at itself.
fino=$(ino_of ext4 /frag)
leaf=$(get ext4 ei:$fino:0 ei_leaf_lo)
case_ extent_cycle ext4 cat /frag EXT_ECORRUPT "depth does not decrease"
set_ extent_cycle eh@$leaf eh_depth 1
set_ extent_cycle ei@$leaf:0 ei_leaf_lo "$leaf"
set_ extent_cycle ei@$leaf:0 ei_leaf_hi 0

case_ extent_past_end ext4 cat /f EXT_ERANGE "extent maps blocks outside"
set_ extent_past_end ee:$ino:0 ee_start_lo 0x7FFFFFF0

sino=$(ino_of ext4 /small)
case_ encrypted ext4 cat /small EXT_EUNSUPP "inode is encrypted"
set_ encrypted inode:$sino i_flags '|0x800'

# ---- extent entries against each other (ext4_valid_extent_entries) --------
start=$(get ext4 ee:$ino:0 ee_start_lo)
case_ extent_len0 ext4 cat /f EXT_EEXTENT "inode $ino, block $start: extent entry has length 0"
set_ extent_len0 ee:$ino:0 ee_len 0

case_ extent_wrap ext4 cat /f EXT_EEXTENT "inode $ino, block $start: extent's logical range wraps past 2^32"
set_ extent_wrap ee:$ino:0 ee_block 0xFFFFFFF0

# /frag's leaf: extents at logical 0, 3, 6, 9, 12, 15, one block each.
case_ extent_same_start ext4 cat /frag EXT_EEXTENT "inode $fino, block $leaf: extent entries overlap or are out of order"
set_ extent_same_start ee@$leaf:1 ee_block 0

case_ extent_out_of_order ext4 cat /frag EXT_EEXTENT "inode $fino, block $leaf: extent entries overlap or are out of order"
set_ extent_out_of_order ee@$leaf:3 ee_block 4

case_ extent_overlap ext4 cat /frag EXT_EEXTENT "inode $fino, block $leaf: extent entries overlap or are out of order"
set_ extent_overlap ee@$leaf:0 ee_len 5

# Logical block 2^32 - 1 is the last an extent may map: ending there is
# valid (block 15 becomes a hole past i_size's reach), and an entry after
# one that ends there overlaps it (in i_block, where all are checked).
edge_ extent_ends_at_2_32 ext4 /frag
set_ extent_ends_at_2_32 ee@$leaf:5 ee_block 0xFFFFFFFF

case_ extent_overlap_at_2_32 ext4 cat /f EXT_EEXTENT "inode $ino, block $start: extent entries overlap or are out of order"
set_ extent_overlap_at_2_32 eh:$ino eh_entries 2
set_ extent_overlap_at_2_32 ee:$ino:0 ee_block 0xFFFFFFFE
set_ extent_overlap_at_2_32 ee:$ino:0 ee_len 2
set_ extent_overlap_at_2_32 ee:$ino:1 ee_block 0xFFFFFFFF
set_ extent_overlap_at_2_32 ee:$ino:1 ee_len 1
set_ extent_overlap_at_2_32 ee:$ino:1 ee_start_lo $start

case_ extent_index_empty ext4 cat /frag EXT_EEXTENT "inode $fino: extent index node has no entries"
set_ extent_index_empty eh:$fino eh_entries 0

case_ extent_index_start ext4 cat /frag EXT_EEXTENT "inode $fino, block $leaf: extent node's first entry does not start where its index"
set_ extent_index_start ee@$leaf:0 ee_block 1

# ---- the system zone (ext4_inode_block_valid) ------------------------------
ino2=$(ino_of ext2 /f)
itable=$(get ext2 gd:0 bg_inode_table_lo)
case_ map_into_itable ext2 cat /f EXT_ESYSZONE "inode $ino2, block $itable: block map points into the system zone"
set_ map_into_itable inode:$ino2 i_block.0 "$itable"

case_ map_into_gdt ext2 cat /f EXT_ESYSZONE "inode $ino2, block 2: block map points into the system zone"
set_ map_into_gdt inode:$ino2 i_block.5 2

bbitmap=$(get ext4 gd:0 bg_block_bitmap_lo)
case_ extent_into_bitmap ext4 cat /f EXT_ESYSZONE "inode $ino, block $bbitmap: extent points into the system zone"
set_ extent_into_bitmap ee:$ino:0 ee_start_lo "$bbitmap"

# flex_bg packs every group's bitmaps and tables at the start: the last
# block of the inode table run and an inode bitmap are in the zone too.
itable4=$(get ext4 gd:0 bg_inode_table_lo)
case_ extent_into_itable_flex ext4 cat /f EXT_ESYSZONE "inode $ino, block $itable4: extent points into the system zone"
set_ extent_into_itable_flex ee:$ino:0 ee_start_lo "$itable4"

ibitmap=$(get ext4 gd:0 bg_inode_bitmap_lo)
case_ map_into_ibitmap_flex ext4 cat /small EXT_ESYSZONE "inode $sino, block $ibitmap: extent points into the system zone"
set_ map_into_ibitmap_flex ee:$sino:0 ee_start_lo "$ibitmap"

case_ extent_into_reserved_gdt ext4 cat /f EXT_ESYSZONE "inode $ino, block 3: extent points into the system zone"
set_ extent_into_reserved_gdt ee:$ino:0 ee_start_lo 3

ino4=$(ino_of ext4_4k /f)
case_ extent_block0_4k ext4_4k cat /f EXT_ESYSZONE "inode $ino4: extent points into the system zone"
set_ extent_block0_4k ee:$ino4:0 ee_start_lo 0

# ---- reserved inodes named by a directory entry ----------------------------
case_ dirent_resize_inode ext2 cat /d/entry1 EXT_ERESERVED "block $dblk: directory entry names a reserved inode"
set_ dirent_resize_inode de@$dblk:24 inode 7

case_ dirent_inode1 ext2 ls /d EXT_ERESERVED "block $dblk: directory entry names a reserved inode"
set_ dirent_inode1 de@$dblk:24 inode 1

# ---- symlinks: fast or slow by i_blocks, exactly i_size bytes --------------
fl=$(ino_of ext2 /fl)
sl=$(ino_of ext2 /sl)
case_ symlink_fast_61 ext2 cat /fl EXT_ESYMLINK "inode $fl: symlink i_size does not fit"
set_ symlink_fast_61 inode:$fl i_size_lo 61

case_ symlink_fast_59 ext2 cat /fl EXT_ESYMLINK "inode $fl: symlink target is not exactly i_size bytes"
set_ symlink_fast_59 inode:$fl i_size_lo 59

case_ symlink_nul ext2 cat /fl EXT_ESYMLINK "inode $fl: symlink target is not exactly i_size bytes"
set_ symlink_nul inode:$fl i_block_bytes.2 0

case_ symlink_slow_hole ext2 cat /sl EXT_ESYMLINK "inode $sl: slow symlink's block is a hole"
set_ symlink_slow_hole inode:$sl i_block.0 0

# ---- i_size past what the map can address ----------------------------------
case_ isize_2pow50_extents ext4 cat /f EXT_EFBIG "inode $ino: i_size is past what the file's block map or extent tree can address"
set_ isize_2pow50_extents inode:$ino i_size_high 0x40000

case_ isize_2pow50_blockmap ext2 cat /f EXT_EFBIG "inode $ino2: i_size is past what"
set_ isize_2pow50_blockmap inode:$ino2 i_size_high 0x40000

# ---- checksums ----------------------------------------------------------------
ino=$(ino_of csum /f)
case_ inode_csum csum cat /f EXT_ECSUM "inode $ino: inode checksum mismatch" EXT_CSUM_VERIFY
set_ inode_csum inode:$ino l_i_checksum_lo '^0x5A5A'

dblk=$(block_of csum /d 0)
case_ dir_csum csum ls /d EXT_ECSUM "block $dblk: directory block checksum mismatch" EXT_CSUM_VERIFY
set_ dir_csum de@$dblk:24 name 0x58

# A descriptor that fails its checksum is read as it is, as Linux mounts
# read-only (#40.4); tests/cli/t_redteam4.sh checks the warning.
edge_ gd_csum csum /f
set_ gd_csum gd:0 bg_checksum '^0xFFFF'

fino=$(ino_of csum /frag)
leaf=$(get csum ei:$fino:0 ei_leaf_lo)
case_ extent_csum csum cat /frag EXT_ECSUM "extent block checksum mismatch" EXT_CSUM_VERIFY
set_ extent_csum ee@$leaf:1 ee_start_lo '^0x55'

# A hash-tree root whose count exceeds its limit is that, not a checksum
# mismatch (the checksum itself is intact).
hblk=$(block_of csum /h 0)
case_ dx_count_over_limit csum ls /h EXT_ECORRUPT "block $hblk: hash-tree node's count exceeds its limit" EXT_HTREE
set_ dx_count_over_limit dx@$hblk count $(( $(get csum dx@$hblk limit) + 1 ))

# bg_itable_unused past s_inodes_per_group, with the descriptor checksum
# recomputed by debugfs, so the check itself speaks.
case_ itable_unused csum ls / EXT_ECORRUPT "bg_itable_unused is larger than s_inodes_per_group"
printf 'set_bg 0 itable_unused %s\nset_bg 0 checksum calc\n' \
    $(( $(get csum sb s_inodes_per_group) + 1 )) |
    debugfs -w -f - "$E/itable_unused.img" >/dev/null 2>&1

rm -f "$E"/base-*.img
