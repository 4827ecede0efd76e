#!/usr/bin/env bash
# Fast commits: a journal whose fast-commit area holds commits after the
# log's last full one (an fsync, then a power cut) reads as Linux's
# replay leaves it. Each case: a base image (mke2fs -O fast_commit -d),
# the state after the change (debugfs -w on a copy), and the dirty image:
# the base with one committed transaction in the log (debugfs jo/jw/jc)
# and a fast-commit area written by tests/journal/fctool.py from the
# on-disk format, the changed files' data blocks in place. Every file and
# listing is held against debugfs on the changed state, and on a copy
# e2fsck -fy replayed where e2fsprogs 1.47.0 replays the entries (its
# DEL_RANGE drops the ranges after it: those cases use the changed state
# alone). Hostile areas each fail with their own sentence. The image
# must stay byte-identical. TAP output.
# profiles: default tiny
set -u
# shellcheck source=tests/journal/lib.sh
. "$(dirname "$0")/lib.sh"
PROFILE=${EXTLOAD_PROFILE:-default}
W=$TOP/$BUILD/tests/fastcommit-$PROFILE
FC="python3 $TOP/tests/journal/fctool.py"
rm -rf "$W"
mkdir -p "$W"

FILES="/boot/kernel.bin /boot/extlinux/extlinux.conf /f1 /f2 /dir/x /dir/y
/dir/new /dir/f1link /newdir/n"
DIRS="/ /boot /dir"

mkbase() {         # name bs
    local t=$W/$1.tree
    mkdir -p "$t/boot/extlinux" "$t/dir"
    rnd 1 40000 >"$t/boot/kernel.bin"
    printf 'DEFAULT main\nLABEL main\n    KERNEL /boot/kernel.bin\n' \
        >"$t/boot/extlinux/extlinux.conf"
    rnd 2 3000 >"$t/f1"
    rnd 3 9000 >"$t/f2"
    rnd 4 100 >"$t/dir/x"
    rnd 5 5000 >"$t/dir/y"
    mke2fs -q -F -t ext4 -b "$2" -O fast_commit -d "$t" "$W/$1.base" 16M \
        >/dev/null 2>&1
}

jmap() {           # image -> the journal's blocks, logical order
    debugfs -R "stat <8>" "$1" 2>/dev/null | python3 -c "
import re, sys
m = {}
for a, b, c, d in re.findall(r'\((\d+)(?:-(\d+))?\):(\d+)(?:-(\d+))?',
                             sys.stdin.read()):
    for i in range(int(b or a) - int(a) + 1):
        m[int(a) + i] = int(c) + i
print(' '.join(str(m[i]) for i in range(len(m))))" >"$1.jmap"
}

# The changed state: debugfs commands on a copy of the base.
mkafter() {        # base case [debugfs lines...]
    local b=$W/$1.base a=$W/$2.after
    shift 2
    cp "$b" "$a"
    printf '%s\n' "$@" | debugfs -w -f - "$a" >/dev/null 2>&1
}

# The dirty image: the base, one logged transaction (f1's first block
# as it is), the area for FILES and DIRS of the case.
mkdirty() {        # base case after files dirs [fctool options]
    local b=$W/$1.base c=$W/$2 a=$W/$3.after blk
    cp "$b" "$c"
    blk=$(debugfs -R "bmap /f1 0" "$b" 2>/dev/null)
    bs=$(dumpe2fs -h "$b" 2>/dev/null | awk '/^Block size:/ {print $3}')
    dd if="$b" of="$c.blk" bs="$bs" skip="$blk" count=1 2>/dev/null
    printf 'jo\njw -b %s %s\njc\n' "$blk" "$c.blk" |
        debugfs -w -f - "$c" >/dev/null 2>&1
    jmap "$c"
    $FC make "$c" "$b" "$a" "$c.jmap" "$4" "$5" "${@:6}" \
        >"$c.fc" 2>&1
}

oracle() { cp "$1" "$1.fsck"; e2fsck -fy "$1.fsck" >"$1.fsck.log" 2>&1; }

# Every file and listing of the dirty image against debugfs on $2.
compare() {        # image oracle label
    same_as "$1" "$2" "$3" $DIRS
    check $? "$3: every file and listing as $(basename "$2") has them"
}

refused() {        # image path sentence label
    local out
    out=$("$EXT" cat "$1" "$2" 2>&1 >/dev/null)
    if [ $? != 0 ] && echo "$out" | grep -qF -- "$3"; then ok "$4"; else
        notok "$4"; echo "# got: $out"; fi
}

mkbase k 1024
mkbase g 4096
for f in k g; do
    [ -s "$W/$f.base" ] && dumpe2fs -h "$W/$f.base" 2>/dev/null |
        grep -q 'features:.*fast_commit'
    check $? "$f: base image with fast_commit built"
done

# Cases that change what a reader sees (the debugfs lines of each).
NEWK=$W/k2.bin; rnd 11 30000 >"$NEWK"
NEWF=$W/new.bin; rnd 12 7000 >"$NEWF"

if [ "$PROFILE" = tiny ]; then
    mkafter k tiny "write $NEWF /dir/new"
    mkdirty k tiny tiny /dir/new /dir
    refused "$W/tiny" /f1 "needs_recovery" \
        "tiny: a journal needing replay (fast commits too) refused by name"
    echo "1..$n"
    [ "$fails" = 0 ]
    exit
fi

for f in k g; do
    # A new file in /dir: the kernel is untouched.
    mkafter $f $f-new "write $NEWF /dir/new"
    mkdirty $f $f-new $f-new /dir/new /dir
    oracle "$W/$f-new"
    compare "$W/$f-new" "$W/$f-new.fsck" "$f: a new file (CREAT)"
    compare "$W/$f-new" "$W/$f-new.after" "$f: a new file (CREAT)"
    # A new kernel: written to a new inode, renamed over the old one.
    mkafter $f $f-kern "write $NEWK /boot/k.tmp" "unlink /boot/kernel.bin" \
        "ln /boot/k.tmp /boot/kernel.bin" "unlink /boot/k.tmp"
    mkdirty $f $f-kern $f-kern /boot/kernel.bin /boot
    oracle "$W/$f-kern"
    compare "$W/$f-kern" "$W/$f-kern.fsck" "$f: a new kernel (UNLINK, CREAT)"
    compare "$W/$f-kern" "$W/$f-kern.after" "$f: a new kernel (UNLINK, CREAT)"
    # A link and an unlink.
    mkafter $f $f-link "ln /f1 /dir/f1link" "sif /f1 links_count 2" \
        "unlink /dir/x"
    mkdirty $f $f-link $f-link /f1 /dir

    compare "$W/$f-link" "$W/$f-link.after" "$f: LINK and UNLINK (INODE of a linked file)"
    # A hole punched in /f2 (DEL_RANGE, ADD_RANGE, INODE of an inode
    # the disk has).
    mkafter $f $f-punch "punch /f2 1 1"
    mkdirty $f $f-punch $f-punch /f2 ""
    compare "$W/$f-punch" "$W/$f-punch.after" "$f: a hole punched (DEL_RANGE)"
done

# The boot flow as each board runs it (its fast-commit table, 16
# entries): the new kernel is what it loads.
for b in lm3s6965evb sifive-u; do
    rm -rf "$W/boot-$b"
    "$EXT" boot "$W/k-kern" --board $b -o "$W/boot-$b" >"$W/boot-$b.log" 2>&1 &&
        cmp -s "$W/boot-$b/kernel.bin" "$NEWK"
    check $? "boot --board $b: loads the kernel the fast commit wrote"
done

# Two commits: both replayed; the second's crc bad: the first alone.
mkafter k two "write $NEWF /dir/new" "write $NEWK /boot/k.tmp" \
    "unlink /boot/kernel.bin" "ln /boot/k.tmp /boot/kernel.bin" \
    "unlink /boot/k.tmp"
mkdirty k two two /dir/new,/boot/kernel.bin /dir,/boot --commits 2
compare "$W/two" "$W/two.after" "two fast commits"
"$EXT" info "$W/two" 2>&1 | grep -q "2 fast commits"
check $? "info: says 2 fast commits were replayed"
mkdirty k two-bad two /dir/new,/boot/kernel.bin /dir,/boot --commits 2 --kind crc
compare "$W/two-bad" "$W/k.base" \
    "the second commit's crc bad: the first (no name yet) alone"

# A stale area: its HEAD is of the transaction before: nothing replayed.
mkdirty k old k-new /dir/new /dir --kind old
compare "$W/old" "$W/k.base" "an area of an older transaction is ignored"

# A directory a CREAT made: refused by name, the rest read.
mkafter k mkdir "mkdir /newdir" "write $NEWF /newdir/n"
mkdirty k mkdir mkdir /newdir/n /,/newdir
refused "$W/mkdir" /newdir/n "a directory its CREAT made" \
    "a new directory (CREAT) is refused by name"
"$EXT" cat "$W/mkdir" /boot/kernel.bin | cmp -s - "$W/k.tree/boot/kernel.bin"
check $? "... and the kernel beside it reads"

# Hostile areas, each with its sentence.
while read -r kind sentence; do
    mkdirty k h-$kind k-new /dir/new /dir --kind "$kind"
    refused "$W/h-$kind" /f1 "$sentence" "hostile area ($kind): refused"
done <<'EOF'
crc TAIL's crc32c does not match its commit's entries
tid TAIL's tid is not the transaction the journal ends before
past an entry's value runs past the end of its block
addlen ADD_RANGE value is not 16 bytes
unknown unknown tag
feature HEAD names features this reader does not know
EOF
# An ADD_RANGE past the filesystem: that file is refused when read.
mkdirty k h-range k-new /dir/new /dir --kind range
refused "$W/h-range" /dir/new "ADD_RANGE maps blocks outside the filesystem" \
    "ADD_RANGE past the filesystem: the file refused by name"
"$EXT" cat "$W/h-range" /f1 | cmp -s - "$W/k.tree/f1"
check $? "... and the files it does not touch read"
"$EXT" --fc-entries 1 cat "$W/k-new" /f1 >/dev/null 2>"$W/small.err"
grep -q "more entries to replay than the fast-commit table holds" \
    "$W/small.err"
check $? "a table too small for the commit: refused by name"

echo "1..$n"
[ "$fails" = 0 ]
