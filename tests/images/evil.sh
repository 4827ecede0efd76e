#!/usr/bin/env bash
# Evil images: real filesystems with one field broken each. Writes
# OUTDIR/evil/NAME.img and OUTDIR/evil/cases, one line per image:
#   NAME<TAB>COMMAND PATH<TAB>EXPECTED-ERROR-CODE<TAB>MESSAGE-FRAGMENT
# COMMAND is the extload subcommand that must fail (exit 1), the code is
# the enum ext_err name its message carries, the fragment is part of the
# sentence that says what and where.
set -eu
D=${1:?usage: evil.sh OUTDIR}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
SEEDFILL=$TOP/${BUILD:-build}/tools/seedfill
E=$D/evil
T=$D/trees/evil
rm -rf "$E" "$T"
mkdir -p "$E" "$T/d"
export E2FSPROGS_FAKE_TIME=1700000000

"$SEEDFILL" 9001 20000 >"$T/f"
"$SEEDFILL" 9002 300 >"$T/small"
for k in 0 1 2 3 4 5; do
    "$SEEDFILL" $((9010 + k)) 1024 |
        dd of="$T/frag" bs=1024 seek=$((k * 3)) conv=notrunc status=none
done
for i in 1 2 3 4 5; do : >"$T/d/entry$i"; done

base() {           # name mke2fs-args...
    local name=$1
    shift
    mke2fs -q -F -U 5eed0000-0000-4000-8000-0000000e0111 -d "$T" "$@" \
        "$E/base-$name.img" 8M >/dev/null
}
base ext2 -t ext2 -b 1024
base ext4 -t ext4 -b 1024 -O ^metadata_csum
base csum -t ext4 -b 1024
base ext4_64 -t ext4 -b 1024 -O 64bit,^metadata_csum

: >"$E/cases"
case_() {          # name base cmd path code fragment
    cp "$E/base-$2.img" "$E/$1.img"
    printf '%s\t%s %s\t%s\t%s\n' "$1" "$3" "$4" "$5" "$6" >>"$E/cases"
}

poke() {           # image byte-offset value bytes(1,2,4)
    local v=$3 i s=""
    for ((i = 0; i < $4; i++)); do
        s="$s$(printf '\\x%02x' $((v & 255)))"
        v=$((v >> 8))
    done
    printf "$s" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

peek() {           # image byte-offset bytes(1,2,4)
    od -An -tu"$3" -j "$2" -N "$3" "$1" | tr -d ' '
}

# Byte offset of an inode in the image (1 KiB blocks).
inode_at() {       # image path
    debugfs -R "imap $2" "$1" 2>/dev/null |
        sed -n 's/.*located at block \([0-9]*\), offset 0x\([0-9a-f]*\).*/\1 \2/p' |
        { read -r b o; echo $((b * 1024 + 16#$o)); }
}

block_of() {       # image path logical-block
    debugfs -R "bmap $2 $3" "$1" 2>/dev/null | tr -d ' \n'
}

SB=1024

# ---- superblock -----------------------------------------------------------
case_ bad_magic ext2 ls / EXT_ENOTEXT "magic is not 0xEF53"
poke "$E/bad_magic.img" $((SB + 0x38)) 0 2

case_ big_block_size ext2 ls / EXT_ESUPER "block size field too large"
poke "$E/big_block_size.img" $((SB + 0x18)) 7 4

case_ zero_inodes_per_group ext2 ls / EXT_ESUPER "zero blocks or inodes per group"
poke "$E/zero_inodes_per_group.img" $((SB + 0x28)) 0 4

case_ unknown_incompat ext2 ls / EXT_EFEATURE "unsupported INCOMPAT feature: bit_0x80000000"
poke "$E/unknown_incompat.img" $((SB + 0x60)) $(( $(peek "$E/base-ext2.img" $((SB + 0x60)) 4) | 0x80000000 )) 4

case_ compression ext2 ls / EXT_EFEATURE "unsupported INCOMPAT feature: compression"
poke "$E/compression.img" $((SB + 0x60)) $(( $(peek "$E/base-ext2.img" $((SB + 0x60)) 4) | 1 )) 4

case_ truncated ext2 ls / EXT_ESUPER "larger than its partition"
truncate -s 4M "$E/truncated.img"

case_ desc_size_48 ext4_64 ls / EXT_ESUPER "s_desc_size"
poke "$E/desc_size_48.img" $((SB + 0xFE)) 48 2

case_ desc_size_16 ext4_64 ls / EXT_ESUPER "s_desc_size"
poke "$E/desc_size_16.img" $((SB + 0xFE)) 16 2

case_ sb_csum csum ls / EXT_ECSUM "superblock checksum mismatch"
poke "$E/sb_csum.img" $((SB + 0x78)) 0x41 1

# ---- block maps -----------------------------------------------------------
at=$(inode_at "$E/base-ext2.img" /f)
ino=$(debugfs -R "stat /f" "$E/base-ext2.img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
case_ ptr_past_end ext2 cat /f EXT_ERANGE "inode $ino, block 4294967040: block number outside"
poke "$E/ptr_past_end.img" $((at + 0x28 + 4 * 3)) 0xFFFFFF00 4

ind=$(peek "$E/base-ext2.img" $((at + 0x28 + 4 * 12)) 4)
case_ ind_self ext2 cat /f EXT_ECORRUPT "inode $ino, block $ind: indirect block points to itself"
poke "$E/ind_self.img" $((ind * 1024 + 4)) "$ind" 4

# ---- directories ----------------------------------------------------------
dblk=$(block_of "$E/base-ext2.img" /d 0)
# Entries: "." (12) ".." (12) "entry1" ...; break the third.
case_ rec_len_zero ext2 ls /d EXT_ECORRUPT "block $dblk: directory entry rec_len is 0"
poke "$E/rec_len_zero.img" $((dblk * 1024 + 24 + 4)) 0 2

case_ name_len_long ext2 ls /d EXT_ECORRUPT "name_len is longer than its rec_len"
poke "$E/name_len_long.img" $((dblk * 1024 + 24 + 6)) 200 1

case_ rec_len_past ext2 ls /d EXT_ECORRUPT "rec_len runs past the block"
poke "$E/rec_len_past.img" $((dblk * 1024 + 24 + 4)) 2000 2

case_ dirent_ino_past ext2 cat /d/entry1 EXT_ECORRUPT "names an inode past the inode count"
poke "$E/dirent_ino_past.img" $((dblk * 1024 + 24)) 0x7FFFFFFF 4

case_ root_not_dir ext2 ls / EXT_ECORRUPT "inode 2: the root inode is not a directory"
rat=$(inode_at "$E/base-ext2.img" /)
poke "$E/root_not_dir.img" $((rat + 1)) 0x81 1

# ---- extents (no checksums, so the structure check speaks) ----------------
at=$(inode_at "$E/base-ext4.img" /f)
case_ extent_magic ext4 cat /f EXT_ECORRUPT "extent header magic is not 0xF30A"
poke "$E/extent_magic.img" $((at + 0x28)) 0x1234 2

case_ extent_entries ext4 cat /f EXT_ECORRUPT "more entries than fit"
poke "$E/extent_entries.img" $((at + 0x28 + 2)) 5 2

case_ extent_depth6 ext4 cat /f EXT_ECORRUPT "deeper than 5 levels"
poke "$E/extent_depth6.img" $((at + 0x28 + 6)) 6 2

# /frag has 6 extents: a depth-1 tree whose leaf we turn into an index
# node pointing at itself.
fat=$(inode_at "$E/base-ext4.img" /frag)
leaf=$(peek "$E/base-ext4.img" $((fat + 0x28 + 12 + 4)) 4)
case_ extent_cycle ext4 cat /frag EXT_ECORRUPT "depth does not decrease"
poke "$E/extent_cycle.img" $((leaf * 1024 + 6)) 1 2
poke "$E/extent_cycle.img" $((leaf * 1024 + 12 + 4)) "$leaf" 4
poke "$E/extent_cycle.img" $((leaf * 1024 + 12 + 8)) 0 2

case_ extent_past_end ext4 cat /f EXT_ERANGE "extent maps blocks outside"
poke "$E/extent_past_end.img" $((at + 0x28 + 12 + 8)) 0x7FFFFFF0 4

sat=$(inode_at "$E/base-ext4.img" /small)
case_ encrypted ext4 cat /small EXT_EUNSUPP "inode is encrypted"
poke "$E/encrypted.img" $((sat + 0x20 + 1)) $(( $(peek "$E/base-ext4.img" $((sat + 0x21)) 1) | 0x08 )) 1

# ---- checksums ----------------------------------------------------------------
at=$(inode_at "$E/base-csum.img" /f)
ino=$(debugfs -R "stat /f" "$E/base-csum.img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
case_ inode_csum csum cat /f EXT_ECSUM "inode $ino: inode checksum mismatch"
poke "$E/inode_csum.img" $((at + 0x7C)) $(( $(peek "$E/base-csum.img" $((at + 0x7C)) 2) ^ 0x5A5A )) 2

dblk=$(block_of "$E/base-csum.img" /d 0)
case_ dir_csum csum ls /d EXT_ECSUM "block $dblk: directory block checksum mismatch"
poke "$E/dir_csum.img" $((dblk * 1024 + 24 + 8)) 0x58 1

case_ gd_csum csum ls / EXT_ECSUM "group descriptor checksum mismatch"
poke "$E/gd_csum.img" $((2 * 1024 + 0x1E)) $(( $(peek "$E/base-csum.img" $((2 * 1024 + 0x1E)) 2) ^ 0xFFFF )) 2

fat=$(inode_at "$E/base-csum.img" /frag)
leaf=$(peek "$E/base-csum.img" $((fat + 0x28 + 12 + 4)) 4)
case_ extent_csum csum cat /frag EXT_ECSUM "extent block checksum mismatch"
poke "$E/extent_csum.img" $((leaf * 1024 + 12 + 12 + 8)) 0x55 1

rm -f "$E"/base-*.img
