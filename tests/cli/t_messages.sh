#!/usr/bin/env bash
# What a person reads (#30.4, #30.5): the host tool's error lines in full
# (no sentence cut mid-word, none said twice), an image that is no disk
# said so in the one "extload: " line, ls of a file as ls lists it, and
# `extload boot` to a pipe and on a terminal: one countdown line and no
# speed from the fake clock on a pipe; on a terminal (script(1), from
# util-linux's bsdutils) the menu and prompt read the terminal's keys.
# Each check compares exact text. Prints TAP. Needs EXTLOAD (the tool).
set -u
. "$(dirname "$0")/lib.sh"
# exact DESCRIPTION WANT-RC WANT-STDERR ARGS...: the exit code and the
# whole of stderr, one line.
exact() {
    local name=$1 want_rc=$2 want=$3 rc; shift 3
    "$X" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    printf '%s\n' "$want" >"$tmp/want"
    if [ "$rc" = "$want_rc" ] && cmp -s "$tmp/err" "$tmp/want"; then
        ok 0 "$name"
    else
        ok 1 "$name"
        echo "#   exit $rc (want $want_rc); stderr:"
        sed 's/^/#   got:  /' "$tmp/err"
        echo "#   want: $want"
    fi
}
ino() { debugfs -R "stat $2" "$1" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p'; }

r=$tmp/root
mkdir -p "$r/boot/extlinux" "$r/etc"
printf 'hi\n' >"$r/boot/f.txt"
ln -s boot/f.txt "$r/lf"
ln -s boot "$r/ld"
ln -s nowhere "$r/ln"
printf 'DEFAULT a\nLABEL a\n KERNEL /boot/f.txt\n' >"$r/boot/extlinux/extlinux.conf"
img=$tmp/disk.img
mke2fs -q -F -t ext2 -b 1024 -d "$r" "$img" 4M >/dev/null
f_ino=$(ino "$img" /boot/f.txt)
conf_ino=$(ino "$img" /boot/extlinux/extlinux.conf)

# ---- errors said once, whole -------------------------------------------------
exact "a missing file: the reason once" 1 \
    "extload: /nope: inode 2: no such file or directory" ls "$img" /nope
exact "a file used as a directory: the reason once" 1 \
    "extload: /boot/f.txt/x: inode $f_ino: path component is not a directory" \
    cat "$img" /boot/f.txt/x
exact "cat of a directory" 1 "extload: /boot: is a directory" cat "$img" /boot

# The system-zone sentence, 94 characters, once printed cut as "bitma;":
# the config's first block pointed at the group descriptors (block 2).
cp "$img" "$tmp/zone.img"
debugfs -w -R "sif /boot/extlinux/extlinux.conf block[0] 2" "$tmp/zone.img" >/dev/null 2>&1
zone="inode $conf_ino, block 2: block map points into the system zone (superblock, group descriptors, bitmaps, inode table)"
exact "the system-zone sentence whole (host tool)" 1 \
    "extload: /boot/extlinux/extlinux.conf: $zone" \
    cat "$tmp/zone.img" /boot/extlinux/extlinux.conf
"$X" boot "$tmp/zone.img" </dev/null >"$tmp/zone.log" 2>&1
grep -qxF "config: /boot/extlinux/extlinux.conf: $zone; skipped" "$tmp/zone.log"
ok $? "the system-zone sentence whole in the boot log (config skipped)" "$tmp/zone.log"
printf 'cat /boot/extlinux/extlinux.conf\n' | "$X" boot "$tmp/zone.img" >"$tmp/zone2.log" 2>&1
grep -qxF "cat: /boot/extlinux/extlinux.conf: $zone" "$tmp/zone2.log"
ok $? "the system-zone sentence whole at the prompt (cat)" "$tmp/zone2.log"

# ---- an IMAGE that is no disk ------------------------------------------------
: >"$tmp/empty.img"
head -c 100 /dev/zero >"$tmp/short.img"
for cmd in "ls IMG /" "info IMG" "boot IMG"; do
    set -- ${cmd/IMG/$tmp/empty.img}
    exact "$1: an empty file says so" 1 \
        "extload: $tmp/empty.img: empty file (0 bytes), not a disk image" "$@"
done
exact "/dev/null says it is empty" 1 \
    "extload: /dev/null: empty (0 bytes to read), not a disk image" ls /dev/null /
exact "a directory says so" 1 \
    "extload: $tmp: is a directory, not a disk image" info "$tmp"
exact "less than a sector says so" 1 \
    "extload: $tmp/short.img: shorter than one 512-byte sector, not a disk image" \
    stat "$tmp/short.img" /

# ---- ls of a file: one entry, as ls lists it ----------------------------------
"$X" ls "$img" /boot/f.txt >"$tmp/ls" 2>&1
[ "$(cat "$tmp/ls")" = "$f_ino - 3 /boot/f.txt" ]
ok $? "ls IMAGE /file: one entry, named as given ($(cat "$tmp/ls"))"
"$X" ls "$img" /lf >"$tmp/ls" 2>&1
[ "$(cat "$tmp/ls")" = "$(ino "$img" /lf) l 10 /lf" ]
ok $? "ls of a symlink to a file: the link itself ($(cat "$tmp/ls"))"
"$X" ls "$img" /ln >"$tmp/ls" 2>&1
[ "$(cat "$tmp/ls")" = "$(ino "$img" /ln) l 7 /ln" ]
ok $? "ls of a dangling symlink: the link itself ($(cat "$tmp/ls"))"
"$X" ls "$img" /ld >"$tmp/ls" 2>&1 && "$X" ls "$img" /boot >"$tmp/ls2" &&
cmp -s "$tmp/ls" "$tmp/ls2"
ok $? "ls of a symlink to a directory: the directory's entries"
printf 'x\nls /boot/f.txt\n' | "$X" boot "$tmp/zone.img" >"$tmp/p.log" 2>&1
grep -qxF "$f_ino - 3 /boot/f.txt" "$tmp/p.log"
ok $? "ls /file at the prompt: the same line" "$tmp/p.log"

# ---- extload boot: to a pipe ----------------------------------------------
mkdir -p "$r/b/boot/extlinux"
head -c 40000 /dev/urandom >"$r/b/boot/k.bin"
printf 'TIMEOUT 30\nDEFAULT a\nLABEL a\n KERNEL /boot/k.bin\n' >"$r/b/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r/b" "$tmp/b.img" 4M >/dev/null
"$X" boot "$tmp/b.img" </dev/null 2>&1 | cat >"$tmp/pipe.log"
[ "$(grep -c "autoboot" "$tmp/pipe.log")" = 2 ] &&
grep -qx "autoboot 'a' in 3\.0 s: press a key to stop" "$tmp/pipe.log" &&
grep -qx "autoboot 'a' now" "$tmp/pipe.log" && ! grep -q $'\r' "$tmp/pipe.log"
ok $? "stdout to a pipe: one countdown line, then 'now'; no CR" "$tmp/pipe.log"
grep -qE "^load: /boot/k\.bin -> 0x20000000, 40000 bytes, [0-9]+ ms$" "$tmp/pipe.log" &&
! grep -q "KiB/s" "$tmp/pipe.log"
ok $? "keys from a script (fake clock): no KiB/s figure" "$tmp/pipe.log"

# A kernel larger than the default board's window: what has more room.
head -c 100000 /dev/urandom >"$r/b/boot/k.bin"
mke2fs -q -F -t ext4 -b 1024 -d "$r/b" "$tmp/big.img" 4M >/dev/null
exact "too big for lm3s6965evb: another board or a larger window" 1 \
    "extload: $tmp/big.img: no label could be booted: the files need more than the 48496 bytes lm3s6965evb's load window leaves: another board (--board sifive-u, a 132120576-byte window) or a larger window (--window ADDR:SIZE, up to 256 MiB) is needed" \
    boot "$tmp/big.img"
exact "too big for sifive-u's window given: a larger window" 1 \
    "extload: $tmp/big.img: no label could be booted: the files need more than the 54632 bytes sifive-u's load window leaves: a larger window (--window ADDR:SIZE, up to 256 MiB) is needed" \
    boot "$tmp/big.img" --board sifive-u --window 0x80000000:66128
"$X" boot "$tmp/big.img" --board sifive-u -o "$tmp/o" </dev/null >/dev/null 2>&1 &&
cmp -s "$tmp/o/kernel.bin" "$r/b/boot/k.bin"
ok $? "... and --board sifive-u boots it"

# ---- extload boot on a terminal ----------------------------------------------
# script(1) gives the tool a pseudo-terminal; the keys go in through a
# FIFO once the screen shows what they answer, as a person types. A long
# TIMEOUT: a key always lands before it ends. Nothing is timed; `timeout`
# only stops a hang.
if ! command -v script >/dev/null; then
    ok 1 "script(1) (bsdutils) is installed: tests/deps.sh"
else
    printf 'TIMEOUT 600\nDEFAULT a\nLABEL a\n KERNEL /boot/k.bin\n' >"$r/b/boot/extlinux/extlinux.conf"
    head -c 40000 /dev/urandom >"$r/b/boot/k.bin"
    mke2fs -q -F -t ext4 -b 1024 -d "$r/b" "$tmp/t.img" 4M >/dev/null
    mkfifo "$tmp/keys"
    : >"$tmp/tty.log"
    timeout 60 script -qfec "$X boot $tmp/t.img" /dev/null <"$tmp/keys" >"$tmp/tty.log" 2>&1 &
    spid=$!
    wait_for() {   # fixed string on the screen, or the tool gone
        while kill -0 "$spid" 2>/dev/null && ! grep -qF -- "$1" "$tmp/tty.log"; do
            sleep 0.05
        done
    }
    {
        wait_for "autoboot 'a' in 59"
        printf 'x'; wait_for "extload> "
        printf 'help\r'; wait_for "reset the board"
        printf 'ls /bo\003ls /boot\r'; wait_for "k.bin"
        printf '\004'
    } >"$tmp/keys"
    wait "$spid"
    trc=$?
    tr -d '\r' <"$tmp/tty.log" >"$tmp/tty.txt"
    grep -q $'\r''autoboot .a. in 59\.9 s' "$tmp/tty.log" &&
    grep -qx "countdown stopped" "$tmp/tty.txt"
    ok $? "terminal: the countdown rewritten in place; a key stops it" "$tmp/tty.txt"
    grep -qx "extload> help" "$tmp/tty.txt" && ! grep -q "xhelp" "$tmp/tty.txt" &&
    grep -qx "reset             reset the board" "$tmp/tty.txt"
    ok $? "terminal: keys one at a time, echoed by the prompt; help" "$tmp/tty.txt"
    grep -qx "extload> ls /bo^C" "$tmp/tty.txt" && grep -qx "extload> ls /boot" "$tmp/tty.txt" &&
    grep -qE "^[0-9]+ - 40000 k\.bin$" "$tmp/tty.txt"
    ok $? "terminal: Ctrl-C drops the line, the next one runs" "$tmp/tty.txt"
    [ "$trc" = 1 ] && grep -qx "prompt: end of input" "$tmp/tty.txt"
    ok $? "terminal: Ctrl-D ends the input (exit $trc)" "$tmp/tty.txt"
fi

echo "1..$n"
