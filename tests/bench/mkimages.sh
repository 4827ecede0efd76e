#!/usr/bin/env bash
# Bench images, each a whole-card filesystem (no partition table) on a
# power-of-two card (QEMU's SD card needs one), holding /big.bin:
#
#   ext2-1k.img    card twice the file, ext2, 1 KiB blocks: direct,
#                  indirect and double-indirect map blocks (64 MiB: 257
#                  map blocks)
#   ext4-4k.img    card twice the file, ext4, 4 KiB blocks: one extent
#   ext4-frag.img  card 4x the file, ext4, 4 KiB blocks: the file is
#                  written by debugfs into the holes left by deleting every
#                  other filler file (64..512 KiB), so it has hundreds of
#                  extents (an extent tree of depth 1)
#   stream-ext4-4k.img, stream-ext2-1k.img
#                  16 MiB cards holding a 4 MiB /stream.bin (seed 11) for
#                  the verified stream build (extload-stream.elf); the
#                  file itself is stream.bin beside them
#
#   mkimages.sh OUTDIR SEEDFILL SIZE_BYTES
# Images are rebuilt only when missing or built for another size.
set -eu
out=$1 seedfill=$2 size=${3:-67108864}
PATH=$PATH:/sbin:/usr/sbin
mkdir -p "$out"
stamp=$out/images.stamp
want="size=$size $(cksum <"$0")"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    exit 0
fi
rm -f "$stamp"
src=$out/big.bin
"$seedfill" 7 "$size" >"$src"

tree=$out/root
rm -rf "$tree"; mkdir -p "$tree"
cp "$src" "$tree/big.bin"
card=$((2 * size)); [ "$card" -ge 67108864 ] || card=67108864

mk() {                         # image, mke2fs options...
    local img=$1; shift
    rm -f "$img"; truncate -s "$card" "$img"
    mke2fs -q -F "$@" -L bench -d "$tree" "$img"
}
mk "$out/ext2-1k.img" -t ext2 -b 1024
mk "$out/ext4-4k.img" -t ext4 -b 4096

# Fragmented: fillers of 64..512 KiB take the whole filesystem but a
# little slack; every other one is then deleted and the file written.
frag=$out/ext4-frag.img
fill=$out/fill
rm -rf "$fill"; mkdir -p "$fill/fill"
total=0 i=0 del=0
: >"$out/frag.cmds"
while [ "$del" -lt $((size / 1024 * 5 / 4)) ]; do
    k=$(( (1 + (i * 7) % 8) * 64 ))
    "$seedfill" $((1000 + i)) $((k * 1024)) >"$fill/fill/f$i"
    if [ $((i % 2)) = 0 ]; then
        echo "rm /fill/f$i" >>"$out/frag.cmds"
        del=$((del + k))
    fi
    total=$((total + k)); i=$((i + 1))
done
fs_kib=$((total + 24576))
card_f=$((4 * size)); [ "$card_f" -ge 134217728 ] || card_f=134217728
rm -f "$frag"; truncate -s "$card_f" "$frag"
mke2fs -q -F -t ext4 -b 4096 -J size=4 -N 2048 -L bench -d "$fill" "$frag" "${fs_kib}k"
echo "write $src big.bin" >>"$out/frag.cmds"
debugfs -w -f "$out/frag.cmds" "$frag" >/dev/null 2>&1
e2fsck -fn "$frag" >/dev/null
rm -rf "$fill" "$tree"

# The verified stream: 4 MiB, ext4 4 KiB blocks and ext2 1 KiB blocks.
stree=$out/stream-root
rm -rf "$stree"; mkdir -p "$stree"
"$seedfill" 11 4194304 >"$out/stream.bin"
cp "$out/stream.bin" "$stree/stream.bin"
for spec in "ext4-4k ext4 4096" "ext2-1k ext2 1024"; do
    set -- $spec
    rm -f "$out/stream-$1.img"; truncate -s 16M "$out/stream-$1.img"
    mke2fs -q -F -t "$2" -b "$3" -L stream -d "$stree" "$out/stream-$1.img"
done
rm -rf "$stree"
echo "$want" >"$stamp"
