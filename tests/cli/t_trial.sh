#!/usr/bin/env bash
# The running system's side of trial boots on the host (firmware/README.md,
# "Trial boots"): `extload state` writes the record's exact bytes (Python's
# struct and zlib.crc32 as the oracle), shows every outcome a loader
# writes (armed, trying, failed) and refuses every bad record by its
# sentence; `extload commit` rewrites DEFAULT and FALLBACK and keeps every
# other byte (cmp against files written here by hand), refuses a label
# the file lacks, and when killed between its fsync and its rename
# (tests/cli/stop_rename.c, LD_PRELOAD) leaves the old file whole and the
# new text complete beside it. TAP.
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"
cc=${CC:-cc}

# rec FILE SEQ TRIES OUTCOME LABEL [VERSION [RAWLABEL-HEX [CRC-XOR]]]:
# a record as the contract spells it, made by Python.
rec() {
    python3 - "$@" <<'PY'
import struct, sys, zlib
a = sys.argv[1:]
out, seq, tries, outcome, label = a[0], int(a[1]), int(a[2]), int(a[3]), a[4]
version = int(a[5]) if len(a) > 5 else 1
raw = bytes.fromhex(a[6]) if len(a) > 6 and a[6] else label.encode().ljust(48, b"\0")
body = struct.pack("<IBBBBI", 0x4C545845, version, tries, outcome, 0, seq) + raw
crc = zlib.crc32(body) ^ (int(a[7]) if len(a) > 7 else 0)
open(out, "wb").write(body + struct.pack("<I", crc))
PY
}
# show FILE: `extload state show` into $tmp/show.log; its status in $rc.
show() { "$X" state show "$1" >"$tmp/show.log" 2>&1; rc=$?; }

s=$tmp/state
# ---- the record's bytes
"$X" state trial "$s" linux-b >"$tmp/arm.log" 2>&1
r=$?
rec "$tmp/want" 1 1 0 linux-b
cmp -s "$s" "$tmp/want" && [ $r = 0 ] && has "$tmp/arm.log" \
    "^trial of 'linux-b' armed: 1 boot, sequence 1 \\(file\\)\$"
ok $? "state trial on a new file: the contract's 64 bytes (magic, version 1, 1 try, armed, sequence 1, the name, CRC-32)" "$tmp/arm.log"

"$X" state trial "$s" linux-c 8 >"$tmp/arm.log" 2>&1
rec "$tmp/want" 2 8 0 linux-c
cmp -s "$s" "$tmp/want"
ok $? "state trial again: 8 tries, the sequence the previous + 1, the old name's bytes gone" "$tmp/arm.log"

# ---- every outcome as the loader writes it, then the running system's
show "$s"
[ $rc = 0 ] && has "$tmp/show.log" '^label: linux-c$' && \
    has "$tmp/show.log" '^tries left: 8$' && \
    has "$tmp/show.log" '^last outcome: armed$' && has "$tmp/show.log" '^sequence: 2$'
ok $? "show: armed (label, tries left, last outcome, sequence)" "$tmp/show.log"
rec "$s" 3 7 1 linux-c                 # the loader booted it once
show "$s"
[ $rc = 0 ] && has "$tmp/show.log" '^tries left: 7$' && \
    has "$tmp/show.log" '^last outcome: trying$' && has "$tmp/show.log" '^sequence: 3$'
ok $? "show: trying (the loader's decrement)" "$tmp/show.log"
rec "$s" 4 0 2 linux-c                 # tries ran out uncommitted
show "$s"
[ $rc = 0 ] && has "$tmp/show.log" '^tries left: 0$' && \
    has "$tmp/show.log" '^last outcome: failed$' && has "$tmp/show.log" '^sequence: 4$'
ok $? "show: failed" "$tmp/show.log"
"$X" state trial "$s" linux-d 2 >"$tmp/arm.log" 2>&1
rec "$tmp/want" 5 2 0 linux-d
cmp -s "$s" "$tmp/want"
ok $? "a failed record re-armed: sequence 5, armed, 2 tries" "$tmp/arm.log"
"$X" state clear "$s" >"$tmp/clear.log" 2>&1
r=$?
head -c 64 /dev/zero >"$tmp/zero"
show "$s"
[ $r = 0 ] && cmp -s "$s" "$tmp/zero" && [ $rc = 0 ] && \
    has "$tmp/show.log" '^no trial record$' && has "$tmp/clear.log" '^trial record cleared \(file\)$'
ok $? "state clear (committed): 64 zero bytes, no record" "$tmp/show.log"
show "$tmp/missing"
[ $rc = 0 ] && has "$tmp/show.log" '^no trial record$'
ok $? "show: a missing file is no record" "$tmp/show.log"
# A store larger than the record (an nvmem page): only its first 64
# bytes are the record, the rest is left as it was.
head -c 4096 /dev/urandom >"$tmp/page"
cp "$tmp/page" "$tmp/page.orig"
"$X" state trial "$tmp/page" linux-e >/dev/null 2>&1
rec "$tmp/want" 1 1 0 linux-e
cmp -s <(head -c 64 "$tmp/page") "$tmp/want" &&
    cmp -s <(tail -c +65 "$tmp/page") <(tail -c +65 "$tmp/page.orig")
ok $? "a 4 KiB store (nvmem page): its first 64 bytes written, the rest kept"

# ---- bad records: each refused by its sentence, exit 1
bad() {                    # description sentence rec-args...
    local what=$1 why=$2; shift 2
    rec "$tmp/bad" "$@"
    show "$tmp/bad"
    [ $rc = 1 ] && has "$tmp/show.log" "^extload: $tmp/bad: $why\$"
    ok $? "bad record: $what" "$tmp/show.log"
}
bad "a CRC off by one bit" "the record's CRC-32 does not match" 1 1 0 a 1 '' 1
bad "version 2" "the record's version is not 1" 1 1 0 a 2
bad "9 tries" "the record's tries are past 8" 1 9 0 a
bad "outcome 3" "the record's outcome is not 0, 1 or 2" 1 1 3 a
bad "a name without its NUL" \
    "the record's label is empty or has no NUL within 48 bytes" 1 1 0 a 1 \
    "$(printf 'n%.0s' $(seq 48) | od -v -An -tx1 | tr -d ' \n')"
bad "an empty name" \
    "the record's label is empty or has no NUL within 48 bytes" 1 1 0 ''
head -c 63 "$tmp/want" >"$tmp/short"
show "$tmp/short"
[ $rc = 1 ] && has "$tmp/show.log" "holds 63 bytes, not the record's 64\$"
ok $? "a 63-byte file is refused" "$tmp/show.log"
rec "$tmp/bad" 1 1 0 a 1 '' 1
cp "$tmp/bad" "$tmp/bad.orig"
"$X" state trial "$tmp/bad" b >/dev/null 2>&1
rec "$tmp/want" 1 1 0 b
cmp -s "$tmp/bad" "$tmp/want"
ok $? "arming over a bad record: a fresh record, sequence 1"

# ---- usage
r=0
for args in "trial $s x 0" "trial $s x 9" "trial $s x 1x" "trial $s" "show" \
            "show $s $s" "clear"; do
    # shellcheck disable=SC2086
    "$X" state $args >/dev/null 2>&1
    [ $? = 2 ] || r=1
done
"$X" state trial "$s" "$(printf 'x%.0s' $(seq 48))" >"$tmp/long.log" 2>&1
[ $? = 1 ] && has "$tmp/long.log" "48 bytes; a trial's label has 1 to 47\$" || r=1
ok $r "usage: TRIES outside 1..8 and wrong arguments exit 2; a 48-byte label exits 1" "$tmp/long.log"

# ---- commit: DEFAULT and FALLBACK, every other byte kept
c=$tmp/conf
mkdir -p "$c"
commit_case() {            # name label expected-line-for-stdout: $c/NAME.in -> .want
    cp "$c/$1.in" "$c/$1"
    "$X" commit "$c/$1" "$2" >"$c/$1.log" 2>&1
    r=$?
    [ $r = 0 ] && cmp "$c/$1" "$c/$1.want" >>"$c/$1.log" 2>&1 &&
        has "$c/$1.log" "$3"
}
# A FALLBACK line already there (its value replaced), MENU DEFAULT left
# alone, comments, blank lines, tabs, a keyword in lower case, blanks
# after the values.
printf '# the card\n\nTIMEOUT 30\n  default\tlinux-a  \nfallback old\nLABEL linux-a\n  MENU DEFAULT\n  LINUX /a\n\nLABEL linux-c\n\tLINUX /c\n' >"$c/has.in"
printf '# the card\n\nTIMEOUT 30\n  default\tlinux-c  \nfallback linux-a\nLABEL linux-a\n  MENU DEFAULT\n  LINUX /a\n\nLABEL linux-c\n\tLINUX /c\n' >"$c/has.want"
commit_case has linux-c "DEFAULT 'linux-c', FALLBACK 'linux-a'\$"
ok $? "commit: DEFAULT's and FALLBACK's values replaced, every other byte kept" "$c/has.log"
# No FALLBACK: one added right after DEFAULT, DEFAULT's indent; CRLF.
printf 'MENU TITLE x\r\n DEFAULT linux-a\r\nLABEL linux-a\r\n LINUX /a\r\nLABEL linux-c\r\n LINUX /c' >"$c/crlf.in"
printf 'MENU TITLE x\r\n DEFAULT linux-c\r\n FALLBACK linux-a\r\nLABEL linux-a\r\n LINUX /a\r\nLABEL linux-c\r\n LINUX /c' >"$c/crlf.want"
commit_case crlf linux-c "DEFAULT 'linux-c', FALLBACK 'linux-a'\$"
ok $? "commit: no FALLBACK line: one added after DEFAULT (CRLF kept, no final newline kept)" "$c/crlf.log"
# FALLBACK before DEFAULT, DEFAULT the last line without a newline.
printf 'FALLBACK z\nLABEL a\nLABEL b\nDEFAULT a' >"$c/order.in"
printf 'FALLBACK a\nLABEL a\nLABEL b\nDEFAULT b' >"$c/order.want"
commit_case order b "DEFAULT 'b', FALLBACK 'a'\$"
ok $? "commit: FALLBACK before DEFAULT, DEFAULT last without a newline" "$c/order.log"
# No DEFAULT: the first label booted; both lines go on top.
printf 'LABEL a\n LINUX /a\nLABEL b\n LINUX /b\n' >"$c/nodef.in"
printf 'DEFAULT b\nFALLBACK a\nLABEL a\n LINUX /a\nLABEL b\n LINUX /b\n' >"$c/nodef.want"
commit_case nodef b "DEFAULT 'b', FALLBACK 'a'\$"
ok $? "commit: no DEFAULT (the first label booted): DEFAULT and FALLBACK on top" "$c/nodef.log"
# Twice: the second commit of the same label changes nothing.
cp "$c/has.want" "$c/again.in"
cp "$c/has.want" "$c/again.want"
commit_case again linux-c "'linux-c' is already the DEFAULT; unchanged\$"
ok $? "commit: LABEL already the DEFAULT: unchanged" "$c/again.log"
# Through a symlink: the real file is replaced, the link stays.
cp "$c/has.in" "$c/real.conf"
ln -s real.conf "$c/link.conf"
"$X" commit "$c/link.conf" linux-c >"$c/link.log" 2>&1 &&
    [ -L "$c/link.conf" ] && cmp -s "$c/real.conf" "$c/has.want"
ok $? "commit through a symlink replaces the file it names" "$c/link.log"
# Refusals: the old file untouched, no temporary file left.
cp "$c/has.in" "$c/refuse"
"$X" commit "$c/refuse" linux-x >"$c/refuse.log" 2>&1
[ $? = 1 ] && cmp -s "$c/refuse" "$c/has.in" && \
    has "$c/refuse.log" "^extload: $c/refuse: no label 'linux-x' \\(2 labels read\\)\$"
ok $? "commit refuses a label the file does not have" "$c/refuse.log"
printf 'DEFAULT a\nONTIMEOUT a\nLABEL a\nLABEL b\n' >"$c/ontimeout"
"$X" commit "$c/ontimeout" b >"$c/ont.log" 2>&1
[ $? = 1 ] && has "$c/ont.log" "ONTIMEOUT 'a' wins over DEFAULT"
ok $? "commit refuses a file whose ONTIMEOUT would win over DEFAULT" "$c/ont.log"
[ -z "$(find "$c" -name '.*extload-*')" ]
ok $? "no temporary file left by the commits and refusals"

# ---- killed between the temporary file's fsync and the rename
if "$cc" -shared -fPIC -o "$tmp/stop_rename.so" tests/cli/stop_rename.c \
        2>"$tmp/cc.log"; then
    cp "$c/has.in" "$c/cut"
    # (a subshell: its shell, not this one, reports the kill)
    (LD_PRELOAD=$tmp/stop_rename.so \
        ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 \
        "$X" commit "$c/cut" linux-c >"$c/cut.log" 2>&1
        echo $? >"$c/cut.rc") 2>/dev/null
    r=$(cat "$c/cut.rc")
    tmpf=$(find "$c" -name '.cut.extload-*')
    [ "$r" = 137 ] && cmp -s "$c/cut" "$c/has.in" && [ -n "$tmpf" ] &&
        cmp -s "$tmpf" "$c/has.want"
    ok $? "commit killed before its rename: the old file whole, the new text complete beside it" "$c/cut.log"
    rm -f "$tmpf"
    "$X" commit "$c/cut" linux-c >>"$c/cut.log" 2>&1 && cmp -s "$c/cut" "$c/has.want"
    ok $? "the commit run again completes" "$c/cut.log"
else
    ok 1 "cc builds the rename shim" "$tmp/cc.log"
fi


# ---- the loader's side of each transition, on the host: `extload boot
# --trial STATE` runs the board's flow with STATE as its store.
L=$tmp/loader
mkdir -p "$L/root/extlinux"
head -c 3000 /dev/urandom >"$L/root/ka"
cp "$L/root/ka" "$L/root/kb"
printf 'TIMEOUT 0\nDEFAULT a\nLABEL a\n LINUX /ka\n APPEND x=1\nLABEL b\n LINUX /kb\n APPEND y=2\n' \
    >"$L/root/extlinux/extlinux.conf"
mkimg() { rm -f "$L/img"; mke2fs -q -F -t ext4 -b 1024 -d "$L/root" "$L/img" 8M >/dev/null 2>&1; }
lboot() { "$X" boot "$L/img" --trial "$L/s" </dev/null >"$L/$1.log" 2>&1; }
cmdline() { sed -n 's/^boot: label .*cmdline "\(.*\)"$/\1/p' "$L/$1.log"; }
mkimg
"$X" state trial "$L/s" b >/dev/null 2>&1
lboot trial
rec "$tmp/want" 2 0 1 b
cmp -s "$L/s" "$tmp/want" && [ "$(cmdline trial)" = "y=2 extload.label=b extload.trial=0" ]
ok $? "armed -> trial: the loader boots 'b' once (tries 0, trying, sequence 2), extload.trial=0" "$L/trial.log"
lboot failed
rec "$tmp/want" 3 0 2 b
cmp -s "$L/s" "$tmp/want" && [ "$(cmdline failed)" = "x=1 extload.label=a extload.trial_failed=b" ]
ok $? "trial uncommitted -> failed: DEFAULT 'a' boots with extload.trial_failed=b (sequence 3)" "$L/failed.log"
lboot again
cmp -s "$L/s" "$tmp/want" && [ "$(cmdline again)" = "x=1 extload.label=a extload.trial_failed=b" ]
ok $? "failed stays reported, the record unchanged, until the running system acts" "$L/again.log"
"$X" state trial "$L/s" b >/dev/null 2>&1
lboot trial2
rec "$tmp/want" 5 0 1 b
cmp -s "$L/s" "$tmp/want" && [ "$(cmdline trial2)" = "y=2 extload.label=b extload.trial=0" ]
ok $? "re-armed over the failed record (sequence 4): the loader's trial is sequence 5" "$L/trial2.log"
"$X" commit "$L/root/extlinux/extlinux.conf" b >/dev/null 2>&1 &&
    "$X" state clear "$L/s" >/dev/null 2>&1
mkimg
lboot committed
cmp -s "$L/s" "$tmp/zero" && [ "$(cmdline committed)" = "y=2 extload.label=b" ] &&
    has "$L/committed.log" "default 'b'"
ok $? "committed (commit + clear): 'b' boots as DEFAULT, no trial words, the store untouched" "$L/committed.log"

echo "1..$n"
