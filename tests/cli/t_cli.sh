#!/usr/bin/env bash
# The extload host tool against debugfs, the oracle, on the test images.
# Prints TAP. Needs EXTLOAD (the tool) and EXTLOAD_IMAGES (built images).
#
# EXTLOAD_PROFILE=tiny: EXTLOAD is the tiny profile's tool (fs/ext_conf.h;
# tests/run.sh runs it as cli-tiny.t_cli). The same checks, but an error
# says its code's text after its inode and block instead of a sentence,
# inline_data and meta_bg filesystems are refused at mount by name, and
# an evil image whose damage only a left-out option would see
# (checksums, hash-tree nodes) reads right. Read code is the same in
# both profiles, so a tiny run that reads a meta_bg image (a build with
# EXT_META_BG=1) checks every 10th of its 400 files.
# profiles: default tiny
set -u
X=${EXTLOAD:?}
PROFILE=${EXTLOAD_PROFILE:-default}
tiny() { [ "$PROFILE" = tiny ]; }
D=${EXTLOAD_IMAGES:?}
T=$D/trees
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

ok() {             # condition-status description
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

dbg() {            # image request...
    debugfs -R "$2" "$1" 2>/dev/null
}

# Every file, but only every 97th of the 5000-name directories (the lookup
# of every name is checked by test_ext without a process per name); the
# tiny profile: every 10th of /spread too.
sample() {
    awk -v RS='\0' -v ORS='\0' -v tiny="$(tiny && echo 1)" \
        '!/\/big\/entry/ && !(tiny && /\/spread\//) || NR % 97 == 0 ||
         (tiny && /\/spread\// && NR % 10 == 0)'
}

# The sentence a default build prints, or what the tiny profile prints
# instead.
msg() {            # sentence-fragment tiny-text
    if tiny; then echo "$2"; else echo "$1"; fi
}
# What the tiny profile prints for a code (no sentences, no table of the
# codes' texts): "ext error" and its value in fs/ext.h's EXT_ERRORS.
code_text() {      # EXT_E... name
    echo "ext error $(sed -n "s/^ *X($1, *\(-\{0,1\}[0-9]*\),.*/\1/p" fs/ext.h)"
}

# cat == debugfs dump for every regular file of an image's tree.
check_cat_all() {  # image tree
    local img=$1 tree=$2 bad=0 count=0 f
    while IFS= read -r -d '' f; do
        f=${f#"$tree"}
        count=$((count + 1))
        # debugfs 1.47.0 dumps an inline-data file padded to 60 bytes:
        # cut the oracle to the size debugfs itself reports (one debugfs
        # run for both requests).
        truncate -s "$(printf 'dump "%s" %s\nstat "%s"\n' "$f" "$tmp/oracle" "$f" |
                       debugfs -f - "$img" 2>/dev/null |
                       sed -n 's/.*Size: \([0-9]*\).*/\1/p' | head -1)" \
            "$tmp/oracle"
        if ! "$X" cat "$img" "$f" >"$tmp/got" 2>"$tmp/err" ||
           ! cmp -s "$tmp/got" "$tmp/oracle"; then
            bad=$((bad + 1))
            echo "# $img $f differs from debugfs: $(head -c 200 "$tmp/err")"
        fi
    done < <(find "$tree" -type f -print0 | sample)
    ok $bad "cat == debugfs dump, $count files of $(basename "$img")"
}

# ls == debugfs ls -p (inode, name, size, type) for every directory.
# The type letter goes to $t (no subshell per entry: 5000-name directories).
type_of_mode() {
    case $(( $1 & 0170000 )) in
        $((0100000))) t=- ;; $((0040000))) t=d ;; $((0120000))) t=l ;;
        $((0020000))) t=c ;; $((0060000))) t=b ;; $((0010000))) t=p ;;
        $((0140000))) t=s ;; *) t='?' ;;
    esac
}
check_ls_all() {   # image tree
    local img=$1 tree=$2 bad=0 count=0 dir
    while IFS= read -r -d '' dir; do
        dir=${dir#"$tree"}
        [ -n "$dir" ] || dir=/
        count=$((count + 1))
        "$X" ls "$img" "$dir" >"$tmp/ls" 2>"$tmp/err" || bad=$((bad + 1))
        # debugfs ls -p: /inode/mode/uid/gid/name/size/
        dbg "$img" "ls -p \"$dir\"" | while IFS=/ read -r _ ino mode _ _ name size _; do
            # Skip empty slots (deleted names, hash-tree nodes).
            [ -n "$ino" ] && [ "$ino" != 0 ] || continue
            type_of_mode $((8#$mode))
            if [ "$t" = d ]; then
                echo "$ino d $name"
            else
                echo "$ino $t $size $name"
            fi
        done >"$tmp/want"
        awk '{ if ($2 == "d") { sz = $3; $3 = ""; sub("  ", " ") } print }' \
            "$tmp/ls" >"$tmp/got"
        if ! cmp -s "$tmp/got" "$tmp/want"; then
            bad=$((bad + 1))
            echo "# $img ls $dir differs from debugfs"
            diff "$tmp/got" "$tmp/want" | head -5 | sed 's/^/#   /'
        fi
    done < <(find "$tree" -type d -print0)
    ok $bad "ls == debugfs ls, $count directories of $(basename "$img")"
}

while read -r name; do
    case $name in part-*|mbr*|gpt) continue ;; esac
    tree=$T/$name
    [ -d "$tree" ] || continue
    img=$D/$name.img
    # What the tiny profile leaves out is refused at mount, by name.
    left_out=
    if tiny; then
        feats=$(dumpe2fs -h "$img" 2>/dev/null | sed -n 's/^Filesystem features: *//p')
        for f in inline_data meta_bg needs_recovery; do
            case " $feats " in *" $f "*) left_out=$f ;; esac
        done
    fi
    # A revision 0 superblock, which the tiny profile refuses (EXT_REV0).
    if tiny && [ "$name" = ext2-rev0 ]; then
        "$X" ls "$img" / >/dev/null 2>"$tmp/err"
        [ $? = 1 ] && grep -q "^extload: .*: bad superblock: $(code_text EXT_ESUPER)$" "$tmp/err"
        ok $? "tiny: $name is refused at mount: revision 0 ($(cat "$tmp/err"))"
        continue
    fi
    if [ -n "$left_out" ]; then
        "$X" ls "$img" / >/dev/null 2>"$tmp/err"
        [ $? = 1 ] && grep -q "^extload: .*: unsupported feature: $(code_text EXT_EFEATURE): $left_out$" "$tmp/err"
        ok $? "tiny: $name is refused at mount: $left_out ($(cat "$tmp/err"))"
        continue
    fi
    if [ "$name" = ext4-frag ]; then
        dbg "$img" "dump /big $tmp/oracle" >/dev/null
        "$X" cat "$img" /big >"$tmp/got" 2>/dev/null
        cmp -s "$tmp/got" "$tmp/oracle" && cmp -s "$tmp/got" "$T/frag-big.bin"
        ok $? "cat == debugfs dump, fragmented 3 MiB file of ext4-frag"
        depth=$(dbg "$img" "ex /big" | awk 'NR == 2 { print $2 }')
        [ "${depth:-0}" -ge 1 ]
        ok $? "ext4-frag /big has an extent tree of depth ${depth:-?} >= 1"
        check_ls_all "$img" "$tree"
        continue
    fi
    check_cat_all "$img" "$tree"
    check_ls_all "$img" "$tree"
done <"$D/manifest"

# ---- special files listed like any other entry ------------------------------
for img in ext2-1k ext2-rev0 ext4-1k; do
    tiny && [ $img = ext2-rev0 ] && continue   # refused at mount, above
    "$X" ls "$D/$img.img" / >"$tmp/ls" 2>&1
    grep -q ' p 0 fifo$' "$tmp/ls" && grep -q ' c 0 chardev$' "$tmp/ls" &&
        grep -q ' b 0 blockdev$' "$tmp/ls" && grep -q ' s 0 sock$' "$tmp/ls"
    ok $? "ls shows fifo, char and block devices and a socket on $img"
done

# ---- symlinks and path forms -------------------------------------------------
I=$D/ext2-1k.img
deep=$T/ext2-1k/a/b/c/d/deep.txt
expect_bytes() {   # description path file
    "$X" cat "$I" "$2" 2>"$tmp/err" | cmp -s - "$3"
    ok $? "$1 ($2)"
}
expect_err() {     # description exit-code fragment cmd args...
    local desc=$1 code=$2 frag=$3
    shift 3
    "$X" "$@" >/dev/null 2>"$tmp/err"
    local rc=$?
    [ $rc = "$code" ] && { [ "$code" = 2 ] || { grep -q "^extload: " "$tmp/err" &&
        grep -q -- "$frag" "$tmp/err"; }; }
    local r=$?
    [ $r = 0 ] || echo "# exit $rc: $(head -c 300 "$tmp/err")"
    ok $r "$desc"
}
expect_bytes "fast relative symlink" /rel_link "$deep"
expect_bytes "absolute symlink" /abs_link "$deep"
expect_bytes "slow symlink (target > 60 bytes)" /slow_link "$deep"
expect_bytes "symlink with .. components" /a/b/c/d/up_link "$T/ext2-1k/f_bs"
expect_bytes "symlink to a directory in the middle" /dir_link/c/d/deep.txt "$deep"
expect_bytes "chain of three links" /chain1 "$T/ext2-1k/boot/kernel.bin"
expect_bytes "eight hops is the limit" /h1 "$T/ext2-1k/f1"
expect_bytes "repeated slashes" "//a///b/c//d/deep.txt" "$deep"
expect_bytes ". and .. components" "/a/./b/../b/c/./d/deep.txt" "$deep"
expect_bytes "path without a leading slash" "a/b/c/d/deep.txt" "$deep"
expect_bytes ".. above the root stays at the root" "/../../a/b/c/d/deep.txt" "$deep"
expect_bytes "255-byte name" "/$(printf 'n%.0s' $(seq 255))" \
    "$T/ext2-1k/$(printf 'n%.0s' $(seq 255))"
expect_bytes "name with a space" "/sp ace" "$T/ext2-1k/sp ace"
expect_err "nine hops: too many links" 1 "$(msg "more than 8 symbolic links" "too many symbolic links")" cat "$I" /h0
expect_err "symlink loop" 1 "$(msg "more than 8 symbolic links" "too many symbolic links")" cat "$I" /loop_a
expect_err "dangling symlink" 1 "no such file or directory" cat "$I" /dangling
expect_err "missing file" 1 "no such file or directory" cat "$I" /nope
expect_err "file used as a directory" 1 "not a directory" cat "$I" /f1/x
expect_err "trailing slash on a file" 1 "not a directory" cat "$I" /f1/
expect_err "256-byte name" 1 "$(msg "longer than 255 bytes" "name too long")" cat "$I" "/$(printf 'n%.0s' $(seq 256))"
expect_err "cat of a directory" 1 "is a directory" cat "$I" /a
"$X" ls "$I" /dir_link/ >"$tmp/ls" 2>&1 && grep -q ' d [0-9]* c$' "$tmp/ls"
ok $? "ls follows a symlink to a directory with a trailing slash"
"$X" stat "$I" /rel_link >"$tmp/st" 2>&1 && grep -q '^target=a/b/c/d/deep.txt$' "$tmp/st" &&
    grep -q '^mode=120777$' "$tmp/st"
ok $? "stat does not follow the last symlink and shows its target"

# stat == debugfs stat for a few files.
for p in /dind_first /a/b/c/d/deep.txt /boot; do
    "$X" stat "$I" "$p" >"$tmp/st" 2>&1
    want_ino=$(dbg "$I" "stat $p" | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
    want_size=$(dbg "$I" "stat $p" | sed -n 's/.*Size: \([0-9]*\).*/\1/p' | head -1)
    want_links=$(dbg "$I" "stat $p" | sed -n 's/.*Links: \([0-9]*\).*/\1/p')
    want_blocks=$(dbg "$I" "stat $p" | sed -n 's/.*Blockcount: \([0-9]*\).*/\1/p')
    grep -q "^inode=$want_ino$" "$tmp/st" && grep -q "^size=$want_size$" "$tmp/st" &&
        grep -q "^links=$want_links$" "$tmp/st" && grep -q "^blocks=$want_blocks$" "$tmp/st"
    ok $? "stat $p == debugfs stat (inode $want_ino, size $want_size)"
done

# ---- partition tables --------------------------------------------------------------
k=$T/part/boot/kernel.bin
"$X" cat "$D/mbr.img" /boot/kernel.bin | cmp -s - "$k"
ok $? "MBR: ext4 found in partition 2 behind a FAT partition"
"$X" --part 2 cat "$D/mbr.img" /boot/kernel.bin | cmp -s - "$k"
ok $? "MBR: --part 2"
expect_err "MBR: --part 1 is FAT, not ext" 1 "$(msg "no ext superblock" "not an ext filesystem")" --part 1 ls "$D/mbr.img" /
expect_err "MBR: --part 3 does not exist" 1 "$(msg "no such partition" "part error -2")" --part 3 ls "$D/mbr.img" /
if tiny; then
    # PART_LOGICAL=0 (fs/ext_conf.h): the primary slots only.
    expect_err "MBR: tiny: a logical partition is not searched" 1 \
        "$(msg "no partition holds an ext filesystem" "part error -5")" \
        cat "$D/mbr-logical.img" /boot/kernel.bin
else
    "$X" cat "$D/mbr-logical.img" /boot/kernel.bin | cmp -s - "$k"
    ok $? "MBR: ext2 found in logical partition 6"
fi
"$X" --part 6 cat "$D/mbr-logical.img" /f1 | cmp -s - "$T/part/f1"
ok $? "MBR: --part 6 (logical)"
"$X" info "$D/mbr-logical.img" >"$tmp/info" 2>&1
r=$?
{ tiny || { [ $r = 0 ] && grep -q '^part: MBR partition 6 at LBA ' "$tmp/info"; }; } &&
    grep -qE '^partition 5: start 12288, 4096 sectors, type 0x0c, PARTUUID=[0-9a-f]{8}-05$' "$tmp/info"
ok $? "MBR: info lists the logical partitions"
"$X" cat "$D/gpt.img" /boot/kernel.bin | cmp -s - "$k"
ok $? "GPT: ext4 found in partition 3"
"$X" info "$D/gpt.img" >"$tmp/info" 2>&1 && grep -q '^partition table: GPT\|partition table: GPT' "$tmp/info" &&
    grep -qE "^partition 3: start 10240, 32768 sectors, type $(msg linux-fs other), PARTUUID=[0-9a-f-]{36}, PARTLABEL=[^ ]*$" "$tmp/info"
ok $? "GPT: info lists the partitions"
cp "$D/gpt.img" "$tmp/gpt-bad.img"
printf 'X' | dd of="$tmp/gpt-bad.img" bs=1 seek=$((512 + 40)) conv=notrunc status=none
if tiny; then                 # PART_GPT_BACKUP=0: the primary alone
    expect_err "GPT: a corrupt primary header is refused, where it is" 1 \
        "sector 1: part error -4" cat "$tmp/gpt-bad.img" /boot/kernel.bin
else
    "$X" cat "$tmp/gpt-bad.img" /boot/kernel.bin | cmp -s - "$k"
    ok $? "GPT: a corrupt primary header falls back to the backup"
fi
printf 'X' | dd of="$tmp/gpt-bad.img" bs=1 seek=$((64 * 1048576 - 512 + 40)) conv=notrunc status=none
expect_err "GPT: both headers corrupt" 1 "$(msg "CRC32 mismatch" "part error -4")" ls "$tmp/gpt-bad.img" /
"$X" info "$D/ext4-4k.img" >"$tmp/info" 2>&1 && grep -q '^part: no partition table, whole card$' "$tmp/info" &&
    grep -q '^ignored for reading: .*dir_nlink' "$tmp/info"
ok $? "bare filesystem: info names the RO_COMPAT bits it ignores"

# ---- evil images ---------------------------------------------------------------------
# The tiny profile: the code's text after the place the sentence names
# (its inode and block), or after nothing; an unsupported feature keeps
# the feature's name. A case whose damage lies in what a left-out option
# checks (NEEDS, evil.sh) reads right: cat == debugfs -n dump (no checksums).
while IFS=$'\t' read -r name cmd code frag needs; do
    set -- $cmd
    if ! tiny; then
        expect_err "evil $name: $code, \"$frag\"" 1 "$frag" "$1" "$D/evil/$name.img" "$2"
        continue
    fi
    if [ "$needs" != - ]; then
        "$X" "$1" "$D/evil/$name.img" "$2" >"$tmp/got" 2>"$tmp/err"
        r=$?
        if [ $r = 0 ] && [ "$1" = cat ]; then
            debugfs -n -R "dump \"$2\" $tmp/oracle" "$D/evil/$name.img" >/dev/null 2>&1
            cmp -s "$tmp/got" "$tmp/oracle"
            r=$?
        fi
        ok $r "evil $name: tiny profile without $needs reads it ($1 $2) $(head -c 200 "$tmp/err")"
        continue
    fi
    text=$(code_text "$code")
    place=$(printf '%s\n' "$frag" | grep -oE '^(inode [0-9]+(, block [0-9]+)?|block [0-9]+): ')
    case $code in
        # Without EXT_MESSAGES only what a build may leave out keeps its
        # name (fs/ext_err.c); any other bit is written as its value.
        EXT_EFEATURE)
            f=${frag##*: }
            case $f in needs_recovery|meta_bg|inline_data|bit_0x*) ;; *) f='bit_0x[0-9a-f]*' ;; esac
            want="$text: $f" ;;
        *) want="$place$text" ;;
    esac
    expect_err "evil $name: $code, \"$want\"" 1 "$want\$" "$1" "$D/evil/$name.img" "$2"
done <"$D/evil/cases"
while IFS=$'\t' read -r name path; do
    "$X" cat "$D/evil/$name.img" "$path" >"$tmp/got" 2>"$tmp/err"
    r=$?
    if [ $r = 0 ]; then
        debugfs -n -R "dump \"$path\" $tmp/oracle" "$D/evil/$name.img" >/dev/null 2>&1
        cmp -s "$tmp/got" "$tmp/oracle"
        r=$?
    fi
    ok $r "edge $name: cat $path == debugfs dump $(head -c 200 "$tmp/err")"
done <"$D/evil/edges"

# ---- usage -------------------------------------------------------------------------
expect_err "no arguments: usage, exit 2" 2 "" 
expect_err "unknown command: exit 2" 2 "" frob "$I" /
expect_err "bad --part: exit 2" 2 "" --part x ls "$I" /
expect_err "missing image: exit 1" 1 "No such file" ls "$tmp/none.img" /

# ---- CLI conventions (#24.7, #26.9) ------------------------------------------------
"$X" --help >"$tmp/help" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q '^usage: extload ' "$tmp/help" && [ ! -s "$tmp/err" ]
ok $? "--help: the usage on stdout, exit 0"
"$X" -h >"$tmp/help2" 2>/dev/null && cmp -s "$tmp/help" "$tmp/help2"
ok $? "-h: the same as --help"
"$X" --version >"$tmp/ver" 2>"$tmp/err" &&
    grep -qE '^extload [0-9.]+ \((default|tiny) profile\)$' "$tmp/ver" &&
    [ "$(wc -l <"$tmp/ver")" = 1 ] && [ ! -s "$tmp/err" ]
ok $? "--version: one line on stdout, exit 0"
for args in "frob $I /" "ls $I" "--part" "boot" "boot $I --board pdp11" \
            "boot $I -o"; do
    # shellcheck disable=SC2086
    "$X" $args >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] && [ ! -s "$tmp/out" ] && grep -q '^usage: extload ' "$tmp/err" &&
        grep -q 'extload boot IMAGE \[--board NAME\] \[--window ADDR:SIZE\] \[-o DIR\]' "$tmp/err"
    ok $? "usage error ($args): the usage on stderr, boot's --board in it, exit 2"
done
: >"$tmp/empty.img"
"$X" info "$tmp/empty.img" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
    grep -q "^extload: $tmp/empty.img: " "$tmp/err"
ok $? "info with no readable sector 0: only the error line ($(cat "$tmp/err"))"
# Every failure: exactly one stderr line, starting "extload: ".
for args in "ls $tmp/none.img /" "ls $I /no/such" "cat $I /" "stat $I /nope" \
            "info $tmp/empty.img" "boot $tmp/none.img" "boot $tmp/empty.img"; do
    # shellcheck disable=SC2086
    "$X" $args >/dev/null 2>"$tmp/err" </dev/null; rc=$?
    [ $rc = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^extload: ' "$tmp/err"
    ok $? "failure ($args): one stderr line: $(head -c 120 "$tmp/err")"
done

# ---- extload boot --board NAME -o DIR (#26.8, #25.3) ----------------------------------
# A RISC-V Linux Image (text_offset 0x2000 and image_size 0x3000, le64 at
# 0x08 and 0x10, magic2 "RSC\x05" at 0x38: the kernel's
# Documentation/riscv/boot-image-header.rst), the default SBI firmware
# and an initrd: sifive-u places the firmware at its DRAM base, the kernel
# at base + text_offset, the initrd on the next 4 KiB past image_size.
lr=$tmp/linux; mkdir -p "$lr/boot/extlinux"
head -c 4096 /dev/urandom >"$lr/boot/Image"
printf '\000\040\000\000\000\000\000\000\000\060\000\000\000\000\000\000' |
    dd of="$lr/boot/Image" bs=1 seek=8 conv=notrunc status=none
printf 'RSC\005' | dd of="$lr/boot/Image" bs=1 seek=56 conv=notrunc status=none
head -c 3000 /dev/urandom >"$lr/boot/fw_dynamic.bin"
printf 'initrd\n' >"$lr/boot/initrd.img"
printf 'LABEL lin\n KERNEL ../Image\n INITRD ../initrd.img\n' \
    >"$lr/boot/extlinux/extlinux.conf"
PATH=$PATH:/sbin:/usr/sbin mke2fs -q -F -t ext4 -d "$lr" "$tmp/linux.img" 8M
"$X" boot "$tmp/linux.img" --board sifive-u -o "$tmp/lo" </dev/null >"$tmp/lo.log" 2>&1
rc=$?
if [ "${EXTLOAD_PROFILE:-default}" = tiny ]; then
    # Built without BOOT_RISCV_LINUX: placed as any other image.
    [ $rc = 0 ] && grep -q '^0x80000000-0x80001000       4096 kernel    kernel.bin$' "$tmp/lo/memory-map.txt" &&
        ! grep -q firmware "$tmp/lo/memory-map.txt" && cmp -s "$tmp/lo/kernel.bin" "$lr/boot/Image"
    ok $? "boot --board sifive-u, tiny: a Linux Image placed as any other image"
else
    [ $rc = 0 ] && grep -q '^0x80000000-0x80000bb8       3000 firmware  firmware.bin$' "$tmp/lo/memory-map.txt" &&
        grep -q '^0x80002000-0x80003000       4096 kernel    kernel.bin$' "$tmp/lo/memory-map.txt" &&
        grep -q '^0x80005000-0x80005007          7 initrd    initrd.img$' "$tmp/lo/memory-map.txt" &&
        cmp -s "$tmp/lo/kernel.bin" "$lr/boot/Image" &&
        cmp -s "$tmp/lo/firmware.bin" "$lr/boot/fw_dynamic.bin" &&
        cmp -s "$tmp/lo/initrd.img" "$lr/boot/initrd.img" &&
        grep -q "handoff: every hart enters the firmware at 0x80000000" "$tmp/lo.log"
    ok $? "boot --board sifive-u -o DIR: firmware, kernel at text_offset, initrd past image_size, and the map"
fi
[ $rc = 0 ] || sed 's/^/#   /' "$tmp/lo.log" | tail -5

# ---- extload boot --board: the board's path limit (#26.8) ---------------------------
# The boards build fs/ with EXT_PATH_MAX 256 (fs/ext.h): the unresolved
# rest of a path, symlink targets spliced in, must fit in 256 bytes, as
# Linux's must fit in PATH_MAX (fs/namei.c, ENAMETOOLONG); the host tool
# holds 4096. /boot/long.bin -> a 301-byte target, and /boot/c1 -> c2/.
# (150 bytes) -> ./images (156 bytes), 321 bytes with the rest of
# /boot/c1/kernel-1.2.bin: each board refuses both with the board's
# sentence and falls back (tests/qemu/t_qemu.sh checks the board's own
# line is this one); a plain `extload cat` reads them. /boot/mid.bin, a
# 201-byte target, fits and boots on both.
pr=$tmp/plim; mkdir -p "$pr/boot/extlinux" "$pr/boot/images"
head -c 5000 /dev/urandom >"$pr/boot/images/kernel-1.2.bin"
head -c 3000 /dev/urandom >"$pr/boot/good.bin"
ln -s "$(printf './%.0s' $(seq 140))images/kernel-1.2.bin" "$pr/boot/long.bin"
ln -s "$(printf './%.0s' $(seq 90))images/kernel-1.2.bin" "$pr/boot/mid.bin"
ln -s "c2$(printf '/.%.0s' $(seq 74))" "$pr/boot/c1"
ln -s ".$(printf '/.%.0s' $(seq 74))/images" "$pr/boot/c2"
for k in long.bin c1/kernel-1.2.bin mid.bin; do
    printf 'DEFAULT a\nLABEL a\n KERNEL /boot/%s\nLABEL good\n KERNEL /boot/good.bin\n' "$k" \
        >"$pr/boot/extlinux/extlinux.conf"
    PATH=$PATH:/sbin:/usr/sbin mke2fs -q -F -t ext4 -d "$pr" "$tmp/plim.img" 4M >/dev/null
    "$X" cat "$tmp/plim.img" "/boot/$k" | cmp -s - "$pr/boot/images/kernel-1.2.bin"
    ok $? "plain host: cat /boot/$k reads it through its symlinks (4096-byte paths)"
    for b in lm3s6965evb sifive-u; do
        "$X" boot "$tmp/plim.img" --board $b -o "$tmp/plim-$b" </dev/null \
            >"$tmp/plim.log" 2>&1
        if [ $k = mid.bin ]; then
            grep -q "^boot: label 'a': kernel 5000 bytes at " "$tmp/plim.log" &&
                ! grep -q "label 'good'" "$tmp/plim.log"
            ok $? "boot --board $b: a 201-byte symlink target fits the board's 256 bytes and boots"
        else
            grep -qE "^load: /boot/$k: inode [0-9]+: $(msg "symlink target makes the path too long" "$(code_text EXT_ENAMETOOLONG)"); trying label 'good'$" "$tmp/plim.log" &&
                grep -q "^boot: label 'good': kernel " "$tmp/plim.log"
            ok $? "boot --board $b: /boot/$k (over 256 bytes spliced) refused as the board refuses it, next label"
        fi
        [ $? = 0 ] || sed 's/^/#   /' "$tmp/plim.log" | tail -4
    done
done

# ---- reads reach the device as whole runs --------------------------------------------
"$X" --stats cat "$I" /big8m 2>"$tmp/stats" >/dev/null
reads=$(sed -n 's/.*reads=\([0-9]*\).*/\1/p' "$tmp/stats")
sectors=$(sed -n 's/.*sectors=\([0-9]*\).*/\1/p' "$tmp/stats")
echo "# 8 MiB file on 1 KiB blocks: $reads read calls, $sectors sectors (file: 16384)"
# The map costs 2 sectors per 256 data blocks (each indirect block, read
# once) plus a double-indirect sector per 8 of them; with the mount and
# the lookup that stays within the 1.005 amplification target.
[ -n "$sectors" ] && [ $((sectors * 1000)) -le $((16384 * 1005)) ]
ok $? "8 MiB cat reads $sectors sectors for 16384 of data (<= 1.005x)"
exit 0
