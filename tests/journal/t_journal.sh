#!/usr/bin/env bash
# Dirty journals: extload reads what jbd2 recovery would leave, and never
# writes. Each case builds an image at test time (mke2fs -d, debugfs -w),
# logs the blocks a change touched into the journal with debugfs
# (jo / jw / jc: transactions written, not replayed), and compares every
# file and listing against debugfs on a copy that e2fsck -fy replayed.
# The image must stay byte-identical. TAP output.
set -u
# shellcheck source=tests/journal/lib.sh
. "$(dirname "$0")/lib.sh"
W=$TOP/$BUILD/tests/journal
J="python3 $TOP/tests/journal/jtool.py"
rm -rf "$W"
mkdir -p "$W"

# The files every image holds, and the ones the cases change.
FILES="/boot/kernel.bin /boot/extlinux/extlinux.conf /f1 /f2 /dir/x /dir/y
/newdir/esc /newdir/n2 /boot/kernel.old"

mkbase() {         # name fstype bs size [mke2fs -O features]
    local t=$W/$1.tree
    rm -rf "$t"
    mkdir -p "$t/boot/extlinux" "$t/dir"
    rnd 1 40000 >"$t/boot/kernel.bin"
    printf 'DEFAULT main\nLABEL main\n    KERNEL /boot/kernel.bin\n' \
        >"$t/boot/extlinux/extlinux.conf"
    rnd 2 3000 >"$t/f1"
    rnd 3 9000 >"$t/f2"
    rnd 4 100 >"$t/dir/x"
    rnd 5 5000 >"$t/dir/y"
    mke2fs -q -F -t "$2" -b "$3" ${5:+-O "$5"} -d "$t" "$W/$1.base" "$4" \
        >/dev/null 2>&1
}

# States A, B, C: each from the one before, as a kernel update would.
mkstates() {       # name
    local b=$W/$1 k
    rnd 11 50000 >"$b.k1"
    rnd 12 45000 >"$b.k2"
    rnd 13 3000 magic >"$b.esc"
    printf 'DEFAULT new\nLABEL new\n    KERNEL /boot/kernel.bin\n' >"$b.conf"
    cp "$b.base" "$b.A"
    debugfs -w -f - "$b.A" >/dev/null 2>&1 <<DBG
ln /boot/kernel.bin /boot/kernel.old
unlink /boot/kernel.bin
write $b.k1 /boot/kernel.bin
rm /boot/extlinux/extlinux.conf
write $b.conf /boot/extlinux/extlinux.conf
mkdir /newdir
write $b.esc /newdir/esc
DBG
    cp "$b.A" "$b.B"
    debugfs -w -f - "$b.B" >/dev/null 2>&1 <<DBG
rm /boot/kernel.bin
write $b.k2 /boot/kernel.bin
write $b.k1 /newdir/n2
rm /dir/x
DBG
    cp "$b.B" "$b.C"
    debugfs -w -f - "$b.C" >/dev/null 2>&1 <<DBG
rm /f2
rm /boot/kernel.old
DBG
}

bs_of() { dumpe2fs -h "$1" 2>/dev/null | awk '/^Block size:/ {print $3}'; }
jmap() {           # image -> file of the journal's blocks, logical order
    debugfs -R "stat <8>" "$1" 2>/dev/null | python3 -c "
import re, sys
m = {}
for a, b, c, d in re.findall(r'\((\d+)(?:-(\d+))?\):(\d+)(?:-(\d+))?',
                             sys.stdin.read()):
    for i in range(int(b or a) - int(a) + 1):
        m[int(a) + i] = int(c) + i
print(' '.join(str(m[i]) for i in range(len(m))))" >"$1.jmap"
    echo "$1.jmap"
}

# debugfs commands logging the blocks that differ from $1 to $2.
jw_diff() {        # from to tag [-c]
    local l
    l=$($J diff "$1" "$2" "$bs" "$W/$3.data")
    [ -n "$l" ] && echo "jw -b $l $W/$3.data ${4:-}"
}

# A dirty image whose journal holds the change base -> A (one
# transaction) or base -> A -> B -> C (three), committed, not replayed.
mkdirty() {        # name out "jo options" one|many [extra debugfs lines]
    local b=$W/$1 out=$W/$2
    bs=$(bs_of "$b.base")
    cp "$b.base" "$out"
    {
        echo "jo $3"
        if [ "$4" = one ]; then
            jw_diff "$b.base" "$b.A" "$2.1"
        else
            jw_diff "$b.base" "$b.A" "$2.1"
            jw_diff "$b.A" "$b.B" "$2.2"
            jw_diff "$b.B" "$b.C" "$2.3"
        fi
        [ $# -gt 4 ] && printf '%s\n' "$5"
        echo "jc"
    } >"$W/$2.cmds"
    debugfs -w -f "$W/$2.cmds" "$out" >"$W/$2.dbg" 2>&1
}

oracle() {         # dirty image -> its e2fsck -fy copy
    cp "$1" "$1.fsck"
    e2fsck -fy "$1.fsck" >"$1.fsck.log" 2>&1
}

# Every file and listing of the dirty image against the oracle.
compare() {        # image label
    same_as "$1" "$1.fsck" "$2" / /boot /dir /newdir
    check $? "$2: every file and listing as e2fsck's replay leaves them"
}

info_has() {       # image text label [extload options]
    local out
    out=$("$EXT" ${4:-} info "$1" 2>&1)
    if echo "$out" | grep -q -- "$2"; then ok "$3"; else
        notok "$3"; echo "$out" | grep journal | sed 's/^/#   /'; fi
}

# ---- the filesystems ----------------------------------------------------
mkbase ext3k ext3 1024 8M
mkbase ext3g ext3 4096 16M
mkbase ext4k ext4 1024 8M
mkbase ext4g ext4 4096 16M
mkbase ext4i ext4 1024 8M inline_data
for f in ext3k ext3g ext4k ext4g ext4i; do mkstates $f; done
for f in ext3k ext3g ext4k ext4g ext4i; do
    [ -s "$W/$f.C" ] && ! cmp -s "$W/$f.base" "$W/$f.C"
    check $? "$f: base image and its changed states built"
done

# ---- one and many transactions, no journal checksums ----------------------
for f in ext3k ext3g ext4k ext4g; do
    mkdirty $f $f-one "" one
    oracle "$W/$f-one"
    compare "$W/$f-one" "$f one transaction"
    mkdirty $f $f-many "" many
    oracle "$W/$f-many"
    compare "$W/$f-many" "$f three transactions (same blocks in each)"
done
info_has "$W/ext4k-many" "replayed in memory: 3 transactions" \
    "info: says the journal was replayed, 3 transactions"

# Inline data: extlinux.conf and /dir/x live in their inodes.
mkdirty ext4i ext4i-many "-c" many
oracle "$W/ext4i-many"
[ "$(debugfs -R "stat /boot/extlinux/extlinux.conf" "$W/ext4i-many.fsck" \
    2>/dev/null | grep -c "Size of inline data")" = 1 ]
check $? "ext4i: the new extlinux.conf is inline data"
compare "$W/ext4i-many" "ext4i inline_data, checksum v3, three transactions"

# ---- revoke, rewrite, uncommitted tail --------------------------------------
# On top of A..C: f1's first block gets junk (T4), is revoked (T5): f1
# reads as before. dir/y's first block: junk (T6), revoked (T7), then a
# new version (T8) that wins. Junk for kernel.bin's first block is left
# uncommitted (T9): ignored.
revoke_case() {    # fs jo-options name
    local f=$1 b=$W/$1 blk1 blky blkk
    blk1=$(debugfs -R "bmap /f1 0" "$b.C" 2>/dev/null)
    blky=$(debugfs -R "bmap /dir/y 0" "$b.C" 2>/dev/null)
    blkk=$(debugfs -R "bmap /boot/kernel.bin 0" "$b.C" 2>/dev/null)
    bs=$(bs_of "$b.base")
    rnd 21 "$bs" >"$W/$3.junk"
    rnd 22 "$bs" >"$W/$3.newy"
    mkdirty $f "$3" "$2" many "jw -b $blk1 $W/$3.junk
jw -r $blk1
jw -b $blky $W/$3.junk
jw -r $blky
jw -b $blky $W/$3.newy
jw -b $blkk $W/$3.junk -c"
    oracle "$W/$3"
    compare "$W/$3" "$f $2: revoke, revoke then rewrite, uncommitted tail"
}
revoke_case ext3k "" ext3k-rev
revoke_case ext4g "" ext4g-rev
revoke_case ext4k "-c" ext4k-rev-v3
revoke_case ext3g "-c" ext3g-rev-v1

# ---- revoke records take no table entry (#26, class 4) ---------------------
# One transaction (debugfs jw -b ... -r ...): three tagged blocks and 81
# revoke records, one of them revoking a tagged block of the same
# transaction (e2fsck's recovery skips that tag: jbd2_journal_test_revoke
# with the record's sequence >= the tag's). Two blocks are patched; read
# with the boards' 64-entry table (--journal-blocks 64) as e2fsck -fy
# leaves it. Before, each revoke record took an entry: the table filled.
printf '#!/bin/sh\nexec "%s" --journal-blocks 64 "$@"\n' "$EXT" >"$W/ext64"
chmod +x "$W/ext64"
revokes_case() {   # fs jo-options name
    local b=$W/$1 blk1 blky blkk list i
    bs=$(bs_of "$b.base")
    blk1=$(debugfs -R "bmap /f1 0" "$b.base" 2>/dev/null)
    blky=$(debugfs -R "bmap /dir/y 0" "$b.base" 2>/dev/null)
    blkk=$(debugfs -R "bmap /boot/kernel.bin 0" "$b.base" 2>/dev/null)
    list=$blk1
    for i in $(seq 1000 1079); do list=$list,$i; done
    rnd 23 $((bs * 3)) >"$W/$3.data"
    cp "$b.base" "$W/$3"
    printf 'jo %s\njw -b %s,%s,%s -r %s %s\njc\n' "$2" "$blk1" "$blky" \
        "$blkk" "$list" "$W/$3.data" >"$W/$3.cmds"
    debugfs -w -f "$W/$3.cmds" "$W/$3" >"$W/$3.dbg" 2>&1
    oracle "$W/$3"
    local keep=$EXT
    EXT=$W/ext64
    compare "$W/$3" "$1 $2: 81 revoke records, 2 blocks patched, 64-entry table"
    EXT=$keep
    info_has "$W/$3" "1 transactions (.*), 2 blocks, 81 revoke records" \
        "$1 $2: 2 table entries for 81 revoke records" "--journal-blocks 64"
}
revokes_case ext4k "-c" ext4k-revokes
revokes_case ext3g "" ext3g-revokes

# ---- a tag that targets a block of the log itself (#26, class 3) ----------
# T1 (debugfs jw) writes D1 over the journal block that will hold T2's
# copy of f1's first block (log block 5: T1 is descriptor 1, data 2,
# commit 3; T2 descriptor 4, data 5). e2fsck's recovery replays in log
# order through the blocks it writes, so T2 replays D1 into f1, not D2;
# extload reads the log through its replay overlay and must agree.
logview_case() {   # fs jo-options name
    local b=$W/$1 blk1 l5
    bs=$(bs_of "$b.base")
    blk1=$(debugfs -R "bmap /f1 0" "$b.base" 2>/dev/null)
    l5=$(debugfs -R "bmap <8> 5" "$b.base" 2>/dev/null)
    rnd 24 "$bs" >"$W/$3.d1"
    rnd 25 "$bs" >"$W/$3.d2"
    cp "$b.base" "$W/$3"
    printf 'jo %s\njw -b %s %s\njw -b %s %s\njc\n' "$2" "$l5" "$W/$3.d1" \
        "$blk1" "$W/$3.d2" >"$W/$3.cmds"
    debugfs -w -f "$W/$3.cmds" "$W/$3" >"$W/$3.dbg" 2>&1
    $J log "$W/$3" "$bs" "$(jmap "$W/$3")" | grep -q "^5 data 2 $blk1\$"
    check $? "$1 $2: log block 5 holds T2's copy of f1's first block"
    oracle "$W/$3"
    if [ -z "$2" ]; then   # with checksums T2's tag fails: f1 unchanged
        debugfs -R "cat /f1" "$W/$3.fsck" 2>/dev/null |
            cmp -s - <(head -c 3000 "$W/$3.d1")
        check $? "$1: e2fsck -fy replays T1's bytes into f1 through log block 5"
    fi
    compare "$W/$3" "$1 $2: a tag over a later transaction's log block"
}
logview_case ext4k "-c" ext4k-logview
logview_case ext3g "" ext3g-logview

# ---- a replay that grows the filesystem (#26, class 1) ----------------------
# An online resize as the journal holds it: a 16 MiB ext4 (4 KiB blocks,
# nearly full) in a 32 MiB image; resize2fs grows a copy to 32 MiB and
# debugfs writes /new.bin there, more than the old blocks had room for,
# so its tail lies past the old block count. Every block the two differ in is logged (jw) into the
# small one's journal: the new superblock (a larger s_blocks_count),
# descriptors, bitmaps, the inode, the directory, the data. e2fsck -fy
# judges each tag against the filesystem its replay leaves, so new.bin
# is whole there; so must it be here (before: zeros past the old count).
grow_case() {      # name
    local t=$W/$1.tree l
    rm -rf "$t"
    mkdir -p "$t"
    rnd 31 11000000 >"$t/filler"
    rnd 32 2000000 magic >"$W/$1.new"
    rm -f "$W/$1.small"
    mke2fs -q -F -t ext4 -b 4096 -O ^metadata_csum,^64bit -J size=4 \
        -d "$t" "$W/$1.small" 16M >/dev/null 2>&1
    truncate -s 32M "$W/$1.small"
    cp "$W/$1.small" "$W/$1.big"
    resize2fs "$W/$1.big" 32M >/dev/null 2>&1
    debugfs -w -R "write $W/$1.new /new.bin" "$W/$1.big" >/dev/null 2>&1
    [ "$(debugfs -R "bmap /new.bin 480" "$W/$1.big" 2>/dev/null)" -ge 4096 ]
    check $? "$1: the new file lies past the old block count (4096)"
    bs=4096
    cp "$W/$1.small" "$W/$1"
    # debugfs jw refuses blocks past s_blocks_count: jtool logs them.
    l=$($J diff "$W/$1.small" "$W/$1.big" "$bs" "$W/$1.data")
    $J write "$W/$1" "$bs" "$(jmap "$W/$1")" "$l" "$W/$1.data"
    oracle "$W/$1"
    grep -q "recovering journal" "$W/$1.fsck.log" &&
        debugfs -R "cat /new.bin" "$W/$1.fsck" 2>/dev/null |
        cmp -s - "$W/$1.new"
    check $? "$1: e2fsck -fy replays the resize and leaves new.bin whole"
    local keep=$FILES
    FILES="/new.bin /filler"
    compare "$W/$1" "$1: a journal that grows the filesystem"
    FILES=$keep
}
grow_case grow

# ---- checksummed journals ---------------------------------------------------
mkdirty ext4k ext4k-v3 "-c" many
oracle "$W/ext4k-v3"; compare "$W/ext4k-v3" "ext4k checksum v3"
mkdirty ext4g ext4g-v2 "-c -v 2" many
oracle "$W/ext4g-v2"; compare "$W/ext4g-v2" "ext4g checksum v2"
mkdirty ext3k ext3k-v1 "-c" many
oracle "$W/ext3k-v1"; compare "$W/ext3k-v1" "ext3k checksum v1"
info_has "$W/ext4k-v3" "0 blocks failed" "info: v3 journal replayed clean"

logof() { $J log "$1" "$(bs_of "$1")" "$(jmap "$1")"; }
flip() { $J flip "$1" "$(bs_of "$1")" "$(jmap "$1")" "$2" "$3"; }

# A corrupted commit block (its checksum field) of the 2nd transaction:
# recovery ends before it; the 1st is replayed.
for c in ext4k-v3 ext4g-v2 ext3k-v1; do
    cp "$W/$c" "$W/$c-cc"
    l=$(logof "$W/$c-cc" | awk '$2 == "commit"' | sed -n 2p | cut -d' ' -f1)
    flip "$W/$c-cc" "$l" 16
    oracle "$W/$c-cc"
    compare "$W/$c-cc" "$c: bad commit checksum in transaction 2"
    info_has "$W/$c-cc" "1 transactions.*commit block failed its checksum" \
        "$c: info names the bad commit"
done
# v1 sums the data: a flipped byte in a logged block of transaction 2.
cp "$W/ext3k-v1" "$W/ext3k-v1-cd"
s2=$(logof "$W/ext3k-v1-cd" | awk '$2 == "commit" {print $3}' | sed -n 2p)
l=$(logof "$W/ext3k-v1-cd" | awk -v s="$s2" '$2 == "data" && $3 == s' |
    sed -n 1p | cut -d' ' -f1)
flip "$W/ext3k-v1-cd" "$l" 100
oracle "$W/ext3k-v1-cd"
compare "$W/ext3k-v1-cd" "ext3k v1: corrupt data in transaction 2"

# A corrupted tag: one logged block of kernel.bin (v3 and v2): only that
# block is not replayed.
for c in ext4k-v3 ext4g-v2; do
    cp "$W/$c" "$W/$c-ct"
    kb=$(debugfs -R "bmap /boot/kernel.bin 3" "$W/${c%%-*}.C" 2>/dev/null)
    l=$(logof "$W/$c-ct" | awk -v b="$kb" '$2 == "data" && $4 == b' |
        tail -1 | cut -d' ' -f1)
    flip "$W/$c-ct" "$l" 7
    oracle "$W/$c-ct"
    compare "$W/$c-ct" "$c: bad tag checksum (one block left out)"
    info_has "$W/$c-ct" "1 blocks failed their checksum" \
        "$c: info counts the block that failed its checksum"
done

# A corrupted descriptor (v3, v2): e2fsck's recovery fails and replays
# nothing; extload refuses the mount by name.
for c in ext4k-v3 ext4g-v2; do
    cp "$W/$c" "$W/$c-cdesc"
    l=$(logof "$W/$c-cdesc" | awk '$2 == "desc"' | sed -n 1p | cut -d' ' -f1)
    flip "$W/$c-cdesc" "$l" $(($(bs_of "$W/$c") - 8))
    oracle "$W/$c-cdesc"
    err=$("$EXT" cat "$W/$c-cdesc" /f1 2>&1 >/dev/null)
    want=$(debugfs -R "cat /boot/kernel.bin" "$W/$c-cdesc.fsck" 2>/dev/null |
        sha256sum)
    have=$(debugfs -R "cat /boot/kernel.bin" "$W/${c%%-*}.base" 2>/dev/null |
        sha256sum)
    echo "$err" | grep -q "descriptor or revoke block failed its checksum" &&
        [ "$want" = "$have" ]
    check $? "$c: bad descriptor checksum: refused ($err), e2fsck replayed nothing"
done

# ---- escaped blocks ------------------------------------------------------------
grep -q . "$W/ext4k-many.fsck" 2>/dev/null
e=$(debugfs -R "cat /newdir/esc" "$W/ext4k-many.fsck" 2>/dev/null | head -c 4 |
    od -An -tx1 | tr -d ' ')
[ "$e" = c03b3998 ] && "$EXT" cat "$W/ext4k-many" /newdir/esc | head -c 4 |
    od -An -tx1 | tr -d ' ' | grep -qx c03b3998
check $? "escaped blocks: /newdir/esc starts with the jbd2 magic again"

# ---- a wrapped log --------------------------------------------------------------
for c in ext4k-rev-v3 ext3k-rev ext3g-rev-v1; do
    cp "$W/$c" "$W/$c-wrap"
    b=$(bs_of "$W/$c-wrap")
    jm=$(jmap "$W/$c-wrap")
    len=$(logof "$W/$c-wrap" | wc -l)
    # s_start moves to 5 blocks before the end of the log
    read -r total start <<<"$(python3 -c "import struct,sys
f = open(sys.argv[1], 'rb'); f.seek(int(sys.argv[2]) * int(sys.argv[3]))
b = f.read(32); print(*struct.unpack('>II', b[16:20] + b[28:32]))" \
        "$W/$c-wrap" "$(head -1 "$jm" | awk '{print $1}')" "$b")"
    $J rotate "$W/$c-wrap" "$b" "$jm" $((total - 5 - start))
    nlen=$(logof "$W/$c-wrap" | wc -l)
    oracle "$W/$c-wrap"
    [ "$len" = "$nlen" ] && [ "$len" -gt 5 ]
    check $? "$c: log rotated to wrap at the end ($len log blocks)"
    compare "$W/$c-wrap" "$c: wrapped log"
done

# ---- limits and damage ---------------------------------------------------------
# The overflow is one stderr line, "extload: ..." with the table's size
# in it, as every failure of the tool (DESIGN; #26, class 9: a hint line
# came before the error).
err=$("$EXT" --journal-blocks 4 cat "$W/ext4g-many" /f1 2>&1 >/dev/null)
rc=$?
[ $rc = 1 ] && echo "$err" | grep -q "replay table holds 4 blocks" &&
    echo "$err" | grep -q "more blocks to replay than the replay table" &&
    [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [ "${err#extload: }" != "$err" ]
check $? "a transaction larger than the table (4): refused by name, one line ($err)"
"$EXT" --journal-blocks 200 cat "$W/ext4k-one" /f1 >/dev/null 2>&1
check $? "the same journal fits a table of 200"

cp "$W/ext4k-many" "$W/jsb-magic"
flip "$W/jsb-magic" 0 1
oracle "$W/jsb-magic"
err=$("$EXT" cat "$W/jsb-magic" /f1 2>&1 >/dev/null)
want=$(debugfs -R "cat /boot/kernel.bin" "$W/jsb-magic.fsck" 2>/dev/null |
    sha256sum)
have=$(debugfs -R "cat /boot/kernel.bin" "$W/ext4k.base" 2>/dev/null | sha256sum)
echo "$err" | grep -q "superblock has no jbd2 magic" && [ "$want" = "$have" ]
check $? "damaged journal superblock (magic): refused ($err); e2fsck replays nothing"
cp "$W/ext4k-v3" "$W/jsb-csum"
flip "$W/jsb-csum" 0 128
err=$("$EXT" cat "$W/jsb-csum" /f1 2>&1 >/dev/null)
echo "$err" | grep -q "journal: superblock checksum mismatch"
check $? "damaged journal superblock (v3 checksum): refused ($err)"

# ---- what it costs --------------------------------------------------------------
NOJ=$TOP/$BUILD/host-nojournal/extload
make -s --no-print-directory -C "$TOP" BUILD="$BUILD" "$BUILD/host-nojournal/extload" \
    >"$W/noj.log" 2>&1
check $? "builds with EXT_JOURNAL=0"
for f in ext3k ext4g; do
    a=$("$EXT" --stats ls "$W/$f.base" / 2>&1 >/dev/null | grep stats:)
    b=$("$NOJ" --stats ls "$W/$f.base" / 2>&1 >/dev/null | grep stats:)
    [ -n "$a" ] && [ "$a" = "$b" ]
    check $? "$f clean: mount + ls reads what it read without replay ($a)"
done
out=$("$NOJ" cat "$W/ext4k-many" /f2 2>&1 >/dev/null)
rc=$?
[ $rc != 0 ] && echo "$out" | grep -q "needs_recovery" &&
    echo "$out" | grep -q "EXT_JOURNAL=0"
check $? "EXT_JOURNAL=0: a dirty journal fails the mount by name ($out)"
for f in ext4g ext3k; do
    c=$("$EXT" --stats cat "$W/$f.base" /boot/kernel.bin 2>&1 >/dev/null)
    d=$("$EXT" --stats cat "$W/$f-many" /boot/kernel.bin 2>&1 >/dev/null)
    m=$("$EXT" --stats ls "$W/$f-many" /nonexistent-dir 2>&1 >/dev/null |
        grep stats:)
    k=$("$EXT" --stats ls "$W/$f.base" /nonexistent-dir 2>&1 >/dev/null |
        grep stats:)
    echo "# $f mount (+ one failed lookup): clean $k; dirty $m"
    echo "# $f cat /boot/kernel.bin: clean $c; dirty $d"
    [ $f = ext4g ] || continue
    # fs/README's table and its info example are these figures, so
    # neither can go stale: each row, and each journal line of
    # `extload info`, must be there as the tool prints it now.
    size=$("$EXT" stat "$W/$f.base" /boot/kernel.bin | sed -n 's/^size=//p')
    r1="| mount + one failed lookup (\`ls IMG /nonexistent-dir\`) | ${k##*=} | ${m##*=} |"
    r2="| \`cat IMG /boot/kernel.bin\` ($size bytes) | ${c##*=} | ${d##*=} |"
    bad=0
    for line in "$r1" "$r2"; do
        grep -qxF -- "$line" "$TOP/fs/README.md" || { bad=1; echo "# fs/README lacks: $line"; }
    done
    while IFS= read -r line; do
        grep -qxF -- "$line" "$TOP/fs/README.md" || { bad=1; echo "# fs/README lacks: $line"; }
    done < <("$EXT" --stats info "$W/$f-many" 2>&1 | grep '^journal: ')
    check $bad "fs/README's clean/dirty sector table and info lines are what $f reads now (${k##*=}/${m##*=}, ${c##*=}/${d##*=} sectors)"
done
echo "1..$n"
[ $fails = 0 ]
