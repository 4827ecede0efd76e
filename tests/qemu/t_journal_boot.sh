#!/usr/bin/env bash
# A power cut during a kernel update: the new kernel, its .sha256 and the
# new extlinux.conf exist only in the journal (committed, never written
# home). The firmware must boot what Linux would see after replaying it,
# without writing to the card. Two cards: data=journal (every changed
# block is in the journal) and data=ordered (only metadata is; the new
# files' data blocks are already in place). QEMU, TAP output; counts
# nothing by time (-icount).
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/tj.$$
FW=$BUILD/lm3s6965evb/extload.elf
J="python3 tests/journal/jtool.py"
PATH=$PATH:/sbin:/usr/sbin
qemu_board lm3s6965evb
FAIL_TAIL=30

qemu_build "$Q-journal-build.log" "build firmware and test kernel" \
    firmware qemu-tools

# The card before the update: kernel 1 behind label 'old'.
r=$T/root
kernel "$r/boot/kernel.bin" 9000
sha "$r/boot/kernel.bin"
conf "$r" <<'CONF'
DEFAULT old
LABEL old
    KERNEL /boot/kernel.bin
    APPEND before-the-update
CONF
bash tests/qemu/mkimage.sh "$T/card.img" "$r" --fs ext4 --table mbr \
    >"$T/mkimage.log" 2>&1 || { echo "not ok 1 - mkimage"; exit 1; }
off=$((1024 * 1024))
psize=$(($(stat -c %s "$T/card.img") - off))
dd if="$T/card.img" of="$T/fs.base" bs=1M skip=1 status=none
bs=4096

# The update, as the kernel would have made it: new kernel (23456 bytes)
# and its .sha256 replace the old ones, extlinux.conf names label 'new'.
kernel "$T/new/kernel.bin" 23456
sha "$T/new/kernel.bin"
cat >"$T/new/extlinux.conf" <<'CONF'
DEFAULT new
LABEL new
    KERNEL /boot/kernel.bin
    APPEND after-the-update
CONF
# update IMAGE: the update made on IMAGE by debugfs: new files first
# under temporary names (fresh blocks, as a package manager writes
# them), then renamed over the old ones (ln + unlink).
update() {
    debugfs -w -f - "$1" >>"$T/update.log" 2>&1 <<DBG
write $T/new/kernel.bin /boot/kernel.tmp
write $T/new/kernel.bin.sha256 /boot/sha.tmp
write $T/new/extlinux.conf /boot/extlinux/conf.tmp
rm /boot/kernel.bin
rm /boot/kernel.bin.sha256
rm /boot/extlinux/extlinux.conf
ln /boot/kernel.tmp /boot/kernel.bin
unlink /boot/kernel.tmp
ln /boot/sha.tmp /boot/kernel.bin.sha256
unlink /boot/sha.tmp
ln /boot/extlinux/conf.tmp /boot/extlinux/extlinux.conf
unlink /boot/extlinux/conf.tmp
DBG
}
cp "$T/fs.base" "$T/fs.new"
update "$T/fs.new"

# Data blocks of the new files: written in place under data=ordered.
datablocks() {
    local p
    for p in /boot/kernel.bin /boot/kernel.bin.sha256 \
             /boot/extlinux/extlinux.conf; do
        debugfs -R "blocks $p" "$T/fs.new" 2>/dev/null
    done | tr ' ' '\n' | grep . | sort -n
}

mkcard() {         # name ordered|journal
    local fs=$T/fs.$1 blks l
    cp "$T/fs.base" "$fs"
    if [ "$2" = ordered ]; then
        for b in $(datablocks); do
            dd if="$T/fs.new" of="$fs" bs=$bs skip="$b" seek="$b" count=1 \
                conv=notrunc status=none
        done
    fi
    l=$($J diff "$fs" "$T/fs.new" $bs "$T/$1.data")
    printf 'jo\njw -b %s %s\njc\n' "$l" "$T/$1.data" >"$T/$1.cmds"
    debugfs -w -f "$T/$1.cmds" "$fs" >"$T/$1.dbg" 2>&1
    echo "$l" | tr , '\n' | wc -l >"$T/$1.nblk"
    cp "$T/card.img" "$T/$1.img"
    dd if="$fs" of="$T/$1.img" bs=1M seek=1 conv=notrunc status=none
}

for mode in journal ordered; do
    mkcard "$mode" "$mode"
    fs=$T/fs.$mode
    # On disk (before any replay) the card still says 'old'.
    if debugfs -R "cat /boot/extlinux/extlinux.conf" "$fs" 2>/dev/null |
            grep -q "DEFAULT old" &&
       dumpe2fs -h "$fs" 2>/dev/null | grep -q needs_recovery; then
        pass "data=$mode: on disk the card still holds the old config, needs_recovery set ($(cat "$T/$mode.nblk") blocks journaled)"
    else
        fail "data=$mode: card built with the update only in the journal" \
            "$T/$mode.dbg" "on-disk state is not the old one"
    fi
    sum=$(sha256sum <"$T/$mode.img")
    boot "$mode" "$T/$mode.img"
    check "data=$mode: firmware replays the journal and boots the new kernel" 0 \
        "mount: journal replayed in memory: 1 transactions" \
        "label: 'new'" "load: /boot/kernel.bin -> 0x20000000, 23456 bytes" \
        "verify: sha256 [0-9a-f]{16}\.\.\. matches" \
        "payload: label 'new' kernel 23456 bytes" \
        'payload: cmdline "after-the-update"' "payload: 0 checks failed" \
        "!label: 'old'" "!not replayed"
    # QEMU ran with snapshot=on; the host tool must not write either.
    "${EXTLOAD:-$BUILD/host/extload}" boot "$T/$mode.img" -o "$T/$mode.out" \
        >"$T/$mode.host" 2>&1
    if cmp -s "$T/$mode.out/kernel.bin" "$T/new/kernel.bin" &&
       [ "$(sha256sum <"$T/$mode.img")" = "$sum" ]; then
        pass "data=$mode: extload boot (host) loads the new kernel; card unchanged"
    else
        fail "data=$mode: extload boot (host)" "$T/$mode.host" \
            "wrong kernel or card changed"
    fi
done

# The same update as an fsync after the last full commit would leave it
# on a fast_commit filesystem: the log holds one transaction (a block
# rewritten as it is), the fast-commit area the rest (UNLINK, CREAT,
# INODE, ADD_RANGE; tests/journal/fctool.py), the new files' data in
# place. Needs EXT_FAST_COMMIT: the default profile's firmware.
mke2fs -q -F -t ext4 -b $bs -O fast_commit -d "$r" "$T/fc.base" \
    "$(dumpe2fs -h "$T/fs.base" 2>/dev/null | awk '/^Block count:/ {print $3}')" \
    >/dev/null 2>&1
cp "$T/fc.base" "$T/fc.after"
update "$T/fc.after"
cp "$T/fc.base" "$T/fc.fs"
blk=$(debugfs -R "bmap /boot/kernel.bin 0" "$T/fc.base" 2>/dev/null)
dd if="$T/fc.base" of="$T/fc.blk" bs=$bs skip="$blk" count=1 status=none
printf 'jo\njw -b %s %s\njc\n' "$blk" "$T/fc.blk" |
    debugfs -w -f - "$T/fc.fs" >"$T/fc.dbg" 2>&1
debugfs -R "stat <8>" "$T/fc.fs" 2>/dev/null | python3 -c "
import re, sys
m = {}
for a, b, c, d in re.findall(r'\((\d+)(?:-(\d+))?\):(\d+)(?:-(\d+))?',
                             sys.stdin.read()):
    for i in range(int(b or a) - int(a) + 1):
        m[int(a) + i] = int(c) + i
print(' '.join(str(m[i]) for i in range(len(m))))" >"$T/fc.jmap"
python3 tests/journal/fctool.py make "$T/fc.fs" "$T/fc.base" "$T/fc.after" \
    "$T/fc.jmap" /boot/kernel.bin,/boot/kernel.bin.sha256,/boot/extlinux/extlinux.conf \
    /boot,/boot/extlinux >>"$T/fc.dbg" 2>&1
cp "$T/card.img" "$T/fc.img"
dd if="$T/fc.fs" of="$T/fc.img" bs=1M seek=1 conv=notrunc status=none
if debugfs -R "cat /boot/extlinux/extlinux.conf" "$T/fc.base" 2>/dev/null |
        grep -q "DEFAULT old"; then
    pass "fast commit: on disk the card still holds the old config"
else
    fail "fast commit: card built" "$T/fc.dbg" "on-disk state is not the old one"
fi
boot fc "$T/fc.img"
check "fast commit: firmware replays the fast-commit area and boots the new kernel" 0 \
    "mount: journal replayed in memory: 1 transactions" "fast commits" \
    "label: 'new'" "load: /boot/kernel.bin -> 0x20000000, 23456 bytes" \
    "verify: sha256 [0-9a-f]{16}\.\.\. matches" \
    'payload: cmdline "after-the-update"' "payload: 0 checks failed" \
    "!label: 'old'"

qemu_done ""                        # nothing kept
