#!/usr/bin/env bash
# Red team round 4 (#40): the classes an outside corpus of damaged
# filesystems found, each on images made here, each checked against what
# Linux 6.1 does (the function is named beside each check) and debugfs.
# Prints TAP. Needs EXTLOAD (the tool).
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"
export E2FSPROGS_FAKE_TIME=1700000000
T=$tmp/tree
mkdir -p "$T/d"
head -c 30000 /dev/urandom >"$T/f"
for i in 1 2 3; do printf 'entry %s\n' "$i" >"$T/d/e$i"; done

mkimg() {          # image mke2fs-args...
    local img=$1; shift
    mke2fs -q -F -d "$T" "$@" "$img" 8M >/dev/null 2>&1
}

# ---- 4: a group descriptor's checksum, read-only --------------------------
# ext4_check_descriptors refuses a bad bg_checksum only for a read-write
# mount; read-only it warns and every file reads. Both checksum flavours.
for fl in gdt_csum metadata_csum; do
    img=$tmp/gd-$fl.img
    if [ $fl = gdt_csum ]; then
        mkimg "$img" -t ext4 -b 1024 -O ^metadata_csum,uninit_bg
    else
        mkimg "$img" -t ext4 -b 1024
    fi
    debugfs -w -R "set_bg 0 checksum 0x1234" "$img" >/dev/null 2>&1
    "$X" cat "$img" /f >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc = 0 ] && cmp -s "$tmp/out" "$T/f"
    ok $? "4 $fl: a bad group descriptor checksum: every byte of /f reads, exit 0" "$tmp/err"
    if tiny; then
        # The tiny reader checks no metadata checksum (EXT_CSUM_VERIFY 0).
        [ ! -s "$tmp/err" ]
        ok $? "4 $fl: tiny: no checksum read, no warning" "$tmp/err"
    else
        has "$tmp/err" "^extload: warning: .*a group descriptor failed its checksum; read as it is, as Linux mounts read-only$"
        ok $? "4 $fl: the warning on stderr" "$tmp/err"
        "$X" info "$img" >"$tmp/out" 2>&1
        has "$tmp/out" "^warning: a group descriptor failed its checksum"
        ok $? "4 $fl: info says it too" "$tmp/out"
        "$X" boot "$img" </dev/null >"$tmp/out" 2>&1
        has "$tmp/out" "^mount: warning: a group descriptor failed its checksum"
        ok $? "4 $fl: the boot flow's mount line says it" "$tmp/out"
    fi
done

# ---- 3: the EA_INODE flag where it does not belong -------------------------
# check_igot_inode (fs/ext4/inode.c): an inode found by lookup that carries
# EXT4_EA_INODE_FL is "unexpected EA_INODE flag", -EFSCORRUPTED; the root's
# too, so the mount fails.
# The tiny build names the code, not the sentence (EXT_MESSAGES 0).
EA="unexpected EA_INODE flag|ext error -5"
img=$tmp/ea.img
mkimg "$img" -t ext4 -b 1024
fino=$(debugfs -R "stat /f" "$img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
debugfs -w -R "set_inode_field /f flags 0x280000" "$img" >/dev/null 2>&1
"$X" cat "$img" /f >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$tmp/out" ] && has "$tmp/err" "inode $fino: ($EA)"
ok $? "3 a regular file with EA_INODE: refused by inode, exit 1" "$tmp/err"
"$X" ls "$img" /d >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && [ "$(wc -l <"$tmp/out")" = 5 ]
ok $? "3 the rest of the tree still reads" "$tmp/err"
img=$tmp/ea-dir.img
mkimg "$img" -t ext4 -b 1024
debugfs -w -R "set_inode_field /d flags 0x280000" "$img" >/dev/null 2>&1
"$X" ls "$img" /d >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && has "$tmp/err" "inode [0-9]+: ($EA)"
ok $? "3 a directory with EA_INODE: refused" "$tmp/err"
img=$tmp/ea-root.img
mkimg "$img" -t ext4 -b 1024
debugfs -w -R "set_inode_field / flags 0x280000" "$img" >/dev/null 2>&1
"$X" ls "$img" / >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && has "$tmp/err" "inode 2: ($EA)"
ok $? "3 the root with EA_INODE: the mount fails naming inode 2" "$tmp/err"

# ---- 1: inline data read through a broken xattr entry ---------------------
# ext4_xattr_check_entries (fs/ext4/xattr.c, 6.1), run on the inode's
# xattrs when an inline-data inode is read: the list ends inside the inode,
# names hold no NUL, each value lies past the list's end and inside the
# inode, padding included.
if ! tiny; then
mkdir -p "$tmp/t1"
head -c 100 /dev/urandom >"$tmp/t1/small"
# xpatch IMAGE INODE WHAT: one field of an in-inode entry, found by name
xpatch() {
    python3 - "$@" <<'PY'
import struct, subprocess, sys
img, ino, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = subprocess.run(["debugfs", "-R", "imap <%d>" % ino, img],
                     capture_output=True, text=True).stdout
blk = int(out.split("located at block ")[1].split(",")[0])
off = int(out.split("offset ")[1].split()[0], 16)
f = open(img, "r+b")
f.seek(1024 * blk + off)
raw = bytearray(f.read(256))
start = 128 + struct.unpack_from("<H", raw, 128)[0] + 4
at = start
while struct.unpack_from("<I", raw, at)[0]:
    nl, idx = raw[at], raw[at + 1]
    name = bytes(raw[at + 16:at + 16 + nl])
    if what == "data-offs0" and (idx, name) == (7, b"data"):
        struct.pack_into("<H", raw, at + 2, 0)
    if what == "data-size" and (idx, name) == (7, b"data"):
        struct.pack_into("<I", raw, at + 8, 4096)
    if what == "name-nul" and name == b"x":
        raw[at + 16] = 0
    if what == "no-end" and (idx, name) == (7, b"data"):
        raw[at] = 200
    at += (16 + nl + 3) & ~3
f.seek(1024 * blk + off)
f.write(raw)
PY
}
for what in data-offs0 data-size name-nul no-end; do
    img=$tmp/x-$what.img
    mke2fs -q -F -t ext4 -b 1024 -I 256 -O inline_data,^metadata_csum \
        -d "$tmp/t1" "$img" 8M >/dev/null 2>&1
    debugfs -w -R "ea_set /small user.x abc" "$img" >/dev/null 2>&1
    sino=$(debugfs -R "stat /small" "$img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
    xpatch "$img" "$sino" $what
    "$X" cat "$img" /small >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc = 1 ] && [ ! -s "$tmp/out" ] && has "$tmp/err" "inode $sino: .*xattr"
    ok $? "1 $what: the inline-data file is refused by inode, no byte out" "$tmp/err"
done
img=$tmp/x-good.img
mke2fs -q -F -t ext4 -b 1024 -I 256 -O inline_data,^metadata_csum \
    -d "$tmp/t1" "$img" 8M >/dev/null 2>&1
debugfs -w -R "ea_set /small user.x abc" "$img" >/dev/null 2>&1
"$X" cat "$img" /small >"$tmp/out" 2>"$tmp/err"
cmp -s "$tmp/out" "$tmp/t1/small"
ok $? "1 the same file with its entries intact reads as written" "$tmp/err"
fi

# ---- 2: unwritten extents in a directory -----------------------------------
# ext4_bread/ext4_getblk (fs/ext4/inode.c) map an unwritten extent of a
# directory, so readdir lists its block's entries, and a block of garbage
# fails as "directory corrupted" would; a file's unwritten extent is zeros.
img=$tmp/unwr.img
mkimg "$img" -t ext4 -b 1024 -O ^metadata_csum
w4=$(debugfs -R "stat /d" "$img" 2>/dev/null | sed -n 's/.*(0):\([0-9]*\).*/\1/p' | head -1)
debugfs -w -R "set_inode_field /d block[4] 0x8001" "$img" >/dev/null 2>&1
debugfs -R "ls -l /d" "$img" 2>/dev/null | awk 'NF {print $NF}' | sort >"$tmp/want"
"$X" ls "$img" /d >"$tmp/out" 2>"$tmp/err"; rc=$?
awk '{print $NF}' "$tmp/out" | sort >"$tmp/got"
[ $rc = 0 ] && cmp -s "$tmp/got" "$tmp/want" && has "$tmp/got" "^e3$"
ok $? "2 a directory's unwritten extent: its entries listed as debugfs lists them" "$tmp/err"
"$X" cat "$img" /d/e2 >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/out")" = "entry 2" ]
ok $? "2 ... and looked up through" "$tmp/err"
dd if=/dev/zero of="$img" bs=1024 seek="$w4" count=1 conv=notrunc status=none
"$X" ls "$img" /d >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && has "$tmp/err" "block $w4"
ok $? "2 an unwritten directory block of zeros: refused naming the block, not an empty listing" "$tmp/err"

# ---- 5: names with control bytes in messages --------------------------------
# A quoted name's bytes below 0x20, 0x7f and '\' are written \xHH: one
# message, one line, on the host's stderr and on the boards' console.
img=$tmp/names.img
mkimg "$img" -t ext4 -b 1024
"$X" cat "$img" "$(printf '/d/no\nsuch\\')" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
    grep -qF 'extload: /d/no\x0asuch\x5c: ' "$tmp/err"
ok $? "5 host: a path with a newline and a backslash, one stderr line, quoted" "$tmp/err"
r=$tmp/croot
mkdir -p "$r/boot/extlinux"
printf 'DEFAULT a\nLABEL a\n    KERNEL /boot/k\033[2Jx\001.bin\nLABEL b\n    KERNEL /boot/none\n' \
    >"$r/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$tmp/cfg.img" 8M >/dev/null 2>&1
"$X" boot "$tmp/cfg.img" </dev/null >"$tmp/out" 2>&1
if tiny; then
    # CONSOLE_QUOTE 0 (firmware/boot_conf.h): the tiny console writes
    # the name's bytes as they are.
    grep -qF "load: /boot/k$(printf '\033')[2Jx" "$tmp/out"
    ok $? "5 console, tiny: the name's bytes as they are (CONSOLE_QUOTE 0)" "$tmp/out"
else
    grep -qF 'load: /boot/k\x1b[2Jx\x01.bin: ' "$tmp/out" &&
        ! grep -q "$(printf '\033')" "$tmp/out"
    ok $? "5 console: a KERNEL path with ESC and 0x01 quoted in the load line, no raw ESC out" "$tmp/out"
fi

# ---- 6: one bad entry does not spoil a listing ------------------------------
# Linux's readdir (ext4_readdir) lists names without reading inodes: every
# entry is listed; the unreadable one with ? for its size, and why once.
if ! tiny; then
img=$tmp/ls.img
mkimg "$img" -t ext4 -b 1024
bino=$(debugfs -R "stat /d/e2" "$img" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
debugfs -w -R "set_inode_field /d/e2 checksum 0x1234" "$img" >/dev/null 2>&1
"$X" ls "$img" /d >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$tmp/out")" = 5 ] &&
    grep -qx "$bino - ? e2" "$tmp/out" && grep -q ' - 8 e3$' "$tmp/out" &&
    [ "$(wc -l <"$tmp/err")" = 1 ] && has "$tmp/err" "inode $bino: inode checksum mismatch"
ok $? "6 ls: all five entries listed, the bad one as '$bino - ? e2', why once, exit 1" "$tmp/err"
fi

# ---- 7: info lists every partition the walker finds -----------------------
img=$tmp/gpt.img
truncate -s 64M "$img"
printf 'label: gpt\ntable-length: 1024\nfirst-lba: 2048\n%s1 : start=2048, size=1024\n%s133 : start=4096, size=1024\n%s1024 : start=8192, size=1024\n' \
    "$img" "$img" "$img" | sfdisk -q "$img" >/dev/null 2>&1
"$X" info "$img" >"$tmp/out" 2>"$tmp/err"
grep -q '^partition 133: start 4096, 1024 sectors' "$tmp/out" &&
    grep -q '^partition 1024: start 8192, 1024 sectors' "$tmp/out" &&
    [ "$(grep -c '^partition ' "$tmp/out")" = 3 ]
ok $? "7 a full GPT: partitions 1, 133 and 1024 listed, no other" "$tmp/out"
"$X" --part 1024 info "$img" >/dev/null 2>"$tmp/err"
has "$tmp/err" "no ext superblock|magic|ext error -2"
ok $? "7 ... and partition 1024 is the one --part 1024 reads" "$tmp/err"

# ---- 8: small ones -----------------------------------------------------------
if ! tiny; then
"$X" boot "$tmp/cfg.img" --window 0x20000000:10312 </dev/null >"$tmp/out" 2>&1
tail=$(sed -n "s/.*past the board's \([0-9]*\)-byte tail.*/\1/p" "$tmp/out")
[ -n "$tail" ] && grep -q "^boot: a 10312-byte load window leaves nothing past the $tail bytes" "$tmp/out"
ok $? "8 --window: the stop line names the board's $tail-byte tail, not the host's" "$tmp/out"
long=/$(printf 'x%.0s' $(seq 300))
printf 'LABEL a\n    KERNEL %s\n' "$long" >"$r/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$tmp/long.img" 8M >/dev/null 2>&1
"$X" boot "$tmp/long.img" </dev/null >"$tmp/out" 2>&1
grep -q 'longer than 255 bytes;' "$tmp/out" && ! grep -q 'longer than 255 bytes from' "$tmp/out"
ok $? "8 an absolute path too long: no folder named it is taken from" "$tmp/out"
fi

echo "1..$n"
