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
