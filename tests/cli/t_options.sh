#!/usr/bin/env bash
# The tiny profile's reader (make host PROFILE=tiny SANITIZE=1:
# build/host-tiny-asan/extload; fs/ext_conf.h: no messages, hash trees,
# checksums or journal replay) still reads every layout right:
# hash-tree directories by the linear walk, checksummed filesystems
# without verifying, errors with their code, inode and block.
set -u
X=${BUILD:-build}/host-tiny-asan/extload
D=${EXTLOAD_IMAGES:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
ok() {
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
same() {           # image path
    debugfs -R "dump \"$2\" $tmp/want" "$D/$1.img" >/dev/null 2>&1
    "$X" cat "$D/$1.img" "$2" >"$tmp/got" 2>"$tmp/err" && cmp -s "$tmp/got" "$tmp/want"
    ok $? "options off: $1 $2 == debugfs dump"
}
same ext4-htree-1024 /big/target_file
same ext4-htree-4096 /big/entry_4999
same ext4-4k /dind_first
same ext4-csumseed /ind_last
same ext4-gdtcsum /dind_first
same ext2-1k /tind
same ext4-frag /big
"$X" cat "$D/evil/ind_self.img" /f >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "^extload: /f: corrupt filesystem: inode [0-9]*, block [0-9]*: ext error -5$" "$tmp/err"
ok $? "options off: an error keeps its code, inode and block ($(cat "$tmp/err"))"
"$X" cat "$D/evil/inode_csum.img" /f >/dev/null 2>&1
ok $? "options off: a checksum mismatch is not checked"
# What the tiny profile leaves out fails the mount by name, never reads.
"$X" ls "$D/ext4-inline.img" / >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "unsupported feature.*: inline_data$" "$tmp/err"
ok $? "tiny: inline_data is refused at mount ($(cat "$tmp/err"))"
"$X" cat "$D/ext3-recover.img" /boot/kernel.bin >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "unsupported feature.*: needs_recovery$" "$tmp/err"
ok $? "tiny: a journal needing recovery is refused at mount ($(cat "$tmp/err"))"
# Every evil image whose damage no left-out option alone catches (NEEDS
# "-", tests/images/evil.sh) fails the same way in both builds: the same
# code and the same inode and block. The full build says the sentence
# after the place ("extload: /f: inode 18, block 575: indirect block
# points to itself"); this one the code's text, the place and the code
# ("extload: /f: corrupt filesystem: inode 18, block 575: ext error -5").
FULL=${EXTLOAD:-${BUILD:-build}/host/extload}
while IFS=$'\t' read -r name cmd code frag needs; do
    [ "$needs" = - ] || continue
    set -- $cmd
    "$FULL" "$1" "$D/evil/$name.img" "$2" >/dev/null 2>"$tmp/full"
    "$X" "$1" "$D/evil/$name.img" "$2" >/dev/null 2>"$tmp/min"
    r=$?
    text=$(sed -n "s/^ *X($code, *\(-\{0,1\}[0-9]*\), *\"\(.*\)\").*/\2/p" fs/ext.h)
    value=$(sed -n "s/^ *X($code, *\(-\{0,1\}[0-9]*\),.*/\1/p" fs/ext.h)
    who=$(sed -n 's/^\(extload: [^:]*: \).*/\1/p' "$tmp/full")
    place=$(sed -n 's/^extload: [^:]*: \(\(inode [0-9]*\)\{0,1\}\(, \)\{0,1\}\(block [0-9]*\)\{0,1\}\): .*/\1/p' "$tmp/full")
    want="$who$text: ${place:+$place: }ext error $value"
    [ $r = 1 ] && [ -n "$text" ] && grep -qF -- "$want" "$tmp/min"
    ok $? "options off: evil $name fails with the same code and place ($(cat "$tmp/min"))"
done <"$D/evil/cases"
exit 0
