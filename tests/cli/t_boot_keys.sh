#!/usr/bin/env bash
# `extload boot IMAGE` with keys on stdin: the menu, the countdown on the
# fake clock, and the prompt, whose ls/stat/cat/sha256 must say what the
# host tool's own commands (checked against debugfs by t_cli.sh) and
# sha256sum say. Prints TAP. Needs EXTLOAD (the tool).
#
# EXTLOAD_PROFILE=tiny: EXTLOAD is the tiny profile's tool, built without
# BOOT_INTERACTIVE (firmware/boot_conf.h; tests/run.sh runs it as
# cli-tiny.t_boot_keys): TIMEOUT, PROMPT and MENU do nothing, stdin is
# never read, the default boots at once, and when no label boots the
# loader stops. The prompt's own checks (ls, stat, cat, sha256, reset)
# have nothing to run against there.
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"

r=$tmp/root
mkdir -p "$r/boot/extlinux" "$r/etc/deep/er"
head -c 7000 /dev/urandom >"$r/boot/a.bin"
head -c 9000 /dev/urandom >"$r/boot/b.bin"
printf 'name=extload\nx\ty\n' >"$r/etc/os-release"
ln -s ../boot/a.bin "$r/etc/kernel"
for i in $(seq 1 40); do : >"$r/etc/deep/er/f$i"; done
cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
MENU TITLE Host menu
TIMEOUT 20
DEFAULT a
LABEL a
  MENU LABEL First
  KERNEL /boot/a.bin
LABEL b
  KERNEL /boot/b.bin
LABEL gone
  KERNEL /boot/gone.bin
CONF
img=$tmp/disk.img
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null

if tiny; then
    # --- keys waiting on stdin: none read, no menu, the default boots ------
    printf '2\nls /\nboot b\n' >"$tmp/keys"
    { "$X" boot "$img" -o "$tmp/out" >"$tmp/t.log" 2>&1; echo "rc=$?" >"$tmp/rc"
      cat >"$tmp/left"; } <"$tmp/keys"
    grep -q '^rc=0$' "$tmp/rc" && cmp -s "$tmp/out/kernel.bin" "$r/boot/a.bin" &&
    cmp -s "$tmp/left" "$tmp/keys" && has "$tmp/t.log" "^label: 'a'" &&
    ! has "$tmp/t.log" "Host menu|autoboot|extload> "
    ok $? "tiny: TIMEOUT and MENU do nothing, stdin is left unread, the default boots" "$tmp/t.log"
    "$X" boot "$img" -o "$tmp/out2" </dev/null >"$tmp/quiet.log" 2>&1 &&
    cmp -s "$tmp/quiet.log" "$tmp/t.log"
    ok $? "tiny: the log is the same with keys and without" "$tmp/quiet.log"

    # --- nothing bootable: stop, exit 1, stdin unread --------------------
    sed -i 's|/boot/a.bin|/nope-a|; s|/boot/b.bin|/nope-b|' "$r/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null
    { "$X" boot "$img" >"$tmp/n.log" 2>"$tmp/n.err"; echo "rc=$?" >"$tmp/rc"
      cat >"$tmp/left"; } <"$tmp/keys"
    grep -q '^rc=1$' "$tmp/rc" && cmp -s "$tmp/left" "$tmp/keys" &&
    has "$tmp/n.log" "boot: no bootable label \(3 tried\); stop$" &&
    ! has "$tmp/n.log" "extload> |prompt" &&
    has "$tmp/n.err" "^extload: .*: no label could be booted$"
    ok $? "tiny: no label boots: stop, exit 1, no prompt" "$tmp/n.log"
    echo "1..$n"
    exit 0
fi

# --- no input: the countdown runs on the fake clock, the default boots ----
# stdout is a file, not a screen: the countdown is one line, no CR.
"$X" boot "$img" -o "$tmp/out" </dev/null >"$tmp/quiet.log" 2>&1
rc=$?
has "$tmp/quiet.log" "^autoboot 'a' in 2\.0 s: press a key to stop$" &&
[ "$(grep -c "autoboot 'a' in" "$tmp/quiet.log")" = 1 ] &&
! grep -q $'\r' "$tmp/quiet.log" &&
has "$tmp/quiet.log" "^autoboot 'a' now$" && [ $rc = 0 ] &&
cmp -s "$tmp/out/kernel.bin" "$r/boot/a.bin"
ok $? "stdin at its end: one countdown line, then the default boots" "$tmp/quiet.log"

# --- the prompt's answers equal the host tool's ----------------------------
keys="x"                   # stops the countdown; not part of a line
for p in / /boot /etc /etc/deep/er; do keys+="ls $p"$'\n'; done
for p in /boot/a.bin /etc/kernel /etc /etc/os-release; do keys+="stat $p"$'\n'; done
keys+=$'cat /etc/os-release\nsha256 /boot/b.bin\nsha256 /etc/kernel\nboot gone\nboot 2\n'
printf '%s' "$keys" | "$X" boot "$img" -o "$tmp/out" >"$tmp/p.log" 2>&1
rc=$?
# The output of one command: the lines after its "extload> CMD" line up to
# the next prompt.
answer() {
    awk -v c="extload> $1" '$0 == c {on = 1; next} /^extload> / {on = 0}
                            /^label: / {on = 0} on' "$tmp/p.log"
}
bad=0
for p in / /boot /etc /etc/deep/er; do
    "$X" ls "$img" "$p" >"$tmp/want"
    answer "ls $p" >"$tmp/got"
    cmp -s "$tmp/want" "$tmp/got" || { bad=1; echo "# ls $p differs"; diff "$tmp/want" "$tmp/got" | head -5 | sed 's/^/#   /'; }
done
ok $bad "ls PATH at the prompt == extload ls"
bad=0
for p in /boot/a.bin /etc/kernel /etc /etc/os-release; do
    "$X" stat "$img" "$p" >"$tmp/want"
    answer "stat $p" >"$tmp/got"
    cmp -s "$tmp/want" "$tmp/got" || { bad=1; echo "# stat $p differs"; diff "$tmp/want" "$tmp/got" | head -5 | sed 's/^/#   /'; }
done
ok $bad "stat PATH at the prompt == extload stat (symlink target too)"
answer "cat /etc/os-release" >"$tmp/got"
cmp -s "$r/etc/os-release" "$tmp/got"
ok $? "cat of a text file: its bytes"
want_b=$(sha256sum <"$r/boot/b.bin" | cut -d' ' -f1)
want_a=$(sha256sum <"$r/boot/a.bin" | cut -d' ' -f1)
[ "$(answer "sha256 /boot/b.bin")" = "$want_b  /boot/b.bin" ] &&
[ "$(answer "sha256 /etc/kernel")" = "$want_a  /etc/kernel" ]
ok $? "sha256 PATH == sha256sum (through a symlink too)"
has "$tmp/p.log" "^load: /boot/gone.bin: .*; back to the prompt$" &&
has "$tmp/p.log" "^label: 'b'" && [ $rc = 0 ] && cmp -s "$tmp/out/kernel.bin" "$r/boot/b.bin"
ok $? "a failing boot comes back to the prompt; boot N writes that kernel" "$tmp/p.log"

# --- reset runs the flow again; input continues after it ------------------
printf 'x\nreset\n\n' | "$X" boot "$img" -o "$tmp/out" >"$tmp/r.log" 2>&1
rc=$?
[ "$(grep -c '^extload: host' "$tmp/r.log")" = 2 ] &&
[ "$(grep -c '^Host menu$' "$tmp/r.log")" = 2 ] &&
has "$tmp/r.log" "^extload> reset$" && [ $rc = 0 ] &&
[ "$(grep -c "^label: 'a'" "$tmp/r.log")" = 1 ]
ok $? "reset: the flow runs again, Enter then boots the default" "$tmp/r.log"

# --- nothing bootable: the prompt until stdin ends, exit 1 -------------------
sed -i 's|/boot/a.bin|/nope-a|; s|/boot/b.bin|/nope-b|' "$r/boot/extlinux/extlinux.conf"
sed -i '/TIMEOUT/d' "$r/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null
printf 'ls /boot/extlinux\n' | "$X" boot "$img" >"$tmp/n.log" 2>"$tmp/n.err"
rc=$?
has "$tmp/n.log" "boot: no bootable label \(3 tried\); opening the prompt" &&
has "$tmp/n.log" " - [0-9]+ extlinux\.conf$" &&
has "$tmp/n.log" "^prompt: end of input$" && [ $rc = 1 ] &&
has "$tmp/n.err" "^extload: .*: no label could be booted$"
ok $? "no label boots: the prompt, then exit 1 when stdin ends" "$tmp/n.log"

echo "1..$n"
