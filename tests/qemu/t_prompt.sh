#!/usr/bin/env bash
# The menu, the countdown and the "extload> " prompt on lm3s6965evb in
# QEMU, driven through UART0: QEMU's stdio chardev reads the keys from
# stdin (a pipe; a test's keys go in at once after the banner, so most are
# typed ahead of the prompt). TAP output.
#
# Nothing is timed. Tests whose keys must stop a countdown use a long
# TIMEOUT (the keys are there long before it ends; a missed key shows as
# the default booting); the no-input test uses a short one. QEMU runs with
# -no-reboot so the prompt's `reset` ends it (exit 0). HANG_GUARD only
# stops a hang.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/tp.$$                        # private while running: the tree is shared
FW=$BUILD/lm3s6965evb/extload.elf
FW_NOINT=$BUILD/lm3s6965evb/extload-noint.elf    # BOOT_INTERACTIVE=0
qemu_board lm3s6965evb
FAIL_TAIL=40

qemu_build "$Q-prompt-build.log" "build firmware and test kernel" \
    firmware firmware-variants qemu-tools

# boot NAME IMAGE KEYS [FIRMWARE]: lib.sh's boot_keys.
boot() { boot_keys "$@"; }

# menu_tree DIR TIMEOUT [PROMPT]: labels main (default), old, broken.
menu_tree() {
    local r=$1
    kernel "$r/boot/kernel.bin" 12000
    sha "$r/boot/kernel.bin"
    kernel "$r/boot/kernel-old.bin" 6000 raw
    printf 'line one\ntab\there\n\001\002bin\377ary\nend' >"$r/notes.txt"
    head -c 6000 /dev/zero | tr '\0' 'z' >"$r/big.txt"
    conf "$r" <<CONF
MENU TITLE extload test menu
TIMEOUT $2
${3:+PROMPT $3}
DEFAULT main
LABEL main
  MENU LABEL Main kernel
  KERNEL /boot/kernel.bin
  APPEND main-cmdline
LABEL old
  MENU LABEL Old kernel
  KERNEL /boot/kernel-old.bin
  APPEND old-cmdline
LABEL broken
  KERNEL /boot/missing.bin
CONF
}

# --- no input: the countdown ends, the default boots -----------------------
menu_tree "$T/short" 3
image "$T/short.img" "$T/short"
boot noinput "$T/short.img" ""
check "menu: title, numbered labels, default marked" 0 \
    "^extload test menu$" "^ \*1 main +Main kernel$" "^  2 old +Old kernel$" \
    "^  3 broken +/boot/missing.bin$"
check "no input: countdown in tenths, then the default boots" 0 \
    "autoboot 'main' in 0\.3 s: press a key to stop" \
    "autoboot 'main' in 0\.1 s" "autoboot 'main' now" \
    "payload: label 'main' kernel 12000 bytes" 'payload: cmdline "main-cmdline"' \
    "payload: 0 checks failed" "!extload> "

# --- keys during a long countdown -------------------------------------------
menu_tree "$T/long" 600
image "$T/long.img" "$T/long"

boot enter "$T/long.img" '\r'
check "Enter boots the default at once" 0 "autoboot 'main' in 60\.0 s" \
    "!autoboot 'main' in 59\.0 s" "!autoboot 'main' now" \
    "payload: label 'main' kernel 12000 bytes" "payload: 0 checks failed"

boot digit "$T/long.img" '2'
check "a digit boots that label at once" 0 "!autoboot 'main' now" \
    "label: 'old'" "!label: 'main'" 'payload: cmdline "old-cmdline"' \
    "payload: 0 checks failed"

boot digit-fail "$T/long.img" '3ls /boot\nboot 1\n'
check "a digit whose label fails: the reason, then the prompt" 0 \
    "label: 'broken': kernel /boot/missing.bin" \
    "load: /boot/missing.bin: .*; back to the prompt" \
    "^extload> ls /boot$" "payload: label 'main'" "payload: 0 checks failed"

boot stop "$T/long.img" 'xls /\ncat /notes.txt\ncat /big.txt\ncat /boot\nboot old\n'
check "another key stops the countdown and opens the prompt" 0 \
    "countdown stopped" "extload prompt; 'help' lists the commands" \
    "!autoboot 'main' now"
check "the key that stopped the countdown is not part of the first line" 0 \
    "^extload> ls /$" "!xls" "!no such command"
check "ls: inode, type, size, name per entry" 0 \
    "^extload> ls /$" "^2 d [0-9]+ \.$" "^[0-9]+ d [0-9]+ boot$" \
    "^[0-9]+ - 31 notes\.txt$" "^11 d [0-9]+ lost\+found$"
check "cat: text as is, other bytes as '.', a missing newline added" 0 \
    "^line one$" "^tab	here$" "^\.\.bin\.ary$" "^end$"
check "cat: bounded to 4 KiB, the rest counted" 0 \
    "^z{4096}$" "^cat: /big\.txt: 1904 more bytes not shown$"
check "cat: a directory is refused in one line" 0 "^cat: /boot: is a directory$"
check "boot LABEL by name from the prompt" 0 "^extload> boot old$" \
    "label: 'old'" 'payload: cmdline "old-cmdline"' "payload: 0 checks failed"

want_sha=$(sha256sum "$T/long/boot/kernel.bin" | cut -d' ' -f1)
boot fail-then-number "$T/long.img" \
    ' stat /boot/kernel.bin\nsha256 /boot/kernel.bin\nls /nope\nboot broken\nboot nope\nboot 9\nfrobnicate\nboot 2\n'
check "stat: key=value lines" 0 "^inode=[0-9]+$" "^mode=100644$" \
    "^size=12000$" "^links=1$"
check "sha256 PATH = host sha256sum" 0 "^$want_sha  /boot/kernel\.bin$"
check "errors are one line with the reason" 0 \
    "^ls: /nope: .*no such file or directory$" \
    "^boot: no label 'nope'; 'labels' lists them$" \
    "^boot: no label '9'; 'labels' lists them$" \
    "^frobnicate: no such command; 'help' lists them$"
check "a failing boot says why and the prompt comes back; boot N" 0 \
    "load: /boot/missing.bin: .*; back to the prompt" \
    "^extload> boot 2$" 'payload: cmdline "old-cmdline"' "payload: 0 checks failed"

long=$(printf 'x%.0s' $(seq 100))
boot editing "$T/long.img" \
    "xq\177help\nls /$long\nlx\bs /boot/extlinux\r\nls /nope\003labels\r\n\003\003boot nope\r\nlabels\rboot\n"
check "overlong line: refused with a message, the next line runs" 0 \
    "^prompt: line longer than 79 characters; ignored$" "!ls: /x"
check "BS and DEL erase; CR, LF and CRLF end lines" 0 \
    "^extload> q"$'\b \b'"help$" "^extload> lx"$'\b \b'"s /boot/extlinux$" \
    "^[0-9]+ - [0-9]+ extlinux\.conf$" \
    "^boot: no label 'nope'" "^ \*1 main +Main kernel$" \
    "payload: label 'main'" "payload: 0 checks failed"
check "help: one line a command, its usage and what it does" 0 \
    "^help +these lines$" \
    "^boot +\[LABEL\|N\] +boot a label by name or number \(none: the default\)$" \
    "^ls +\[PATH\] +a directory's entries: inode, type, size, name$" \
    "^reset +reset the board$" "^keys: BS/DEL erase, Ctrl-C drops the line$"
check "Ctrl-C drops the line being edited: ^C and a fresh prompt" 0 \
    "^extload> ls /nope\^C$" "^extload> labels$" "^extload> \^C$" \
    "!ls: /nope"
after=$(grep -A1 "^boot: no label 'nope'" "$T/editing.log" | tail -1)
if [ "$after" = "extload> labels" ]; then
    pass "CRLF is one line end: no empty command after it"
else
    fail "CRLF is one line end: no empty command after it" "$T/editing.log" \
        "after 'boot nope' comes '$after'"
fi

# --- no label boots: the prompt opens; type-ahead; info; reset ------------
r=$T/none; mkdir -p "$r/boot"; head -c 100 /dev/zero >"$r/boot/x.bin"
conf "$r" <<'CONF'
DEFAULT a
LABEL a
  KERNEL /boot/missing-a.bin
LABEL b
  KERNEL /boot/missing-b.bin
CONF
image "$T/none.img" "$r"
# More than the UART FIFO (16) and the ring (64) holds, all typed ahead.
script='ls /boot\nstat /boot/x.bin\nlabels\nhelp\ninfo\nls /\nstat /boot\nreset\n'
boot nolabel "$T/none.img" "$script"
check "no label boots: each failure said, then the prompt" 0 \
    "load: /boot/missing-a.bin: .*; trying label 'b'" \
    "load: /boot/missing-b.bin: .*; no labels left" \
    "boot: no bootable label \(2 tried\); opening the prompt" "!autoboot"
in_order "type-ahead: every command typed before the prompt runs, in order" \
    "extload> ls /boot" "x.bin" "extload> stat /boot/x.bin" "size=100" \
    "extload> labels" "extload> help" "extload> info" "extload> ls /" \
    "lost+found" "extload> stat /boot" "mode=40755" "extload> reset"
check "info: card, partition, filesystem, features, journal" 0 \
    "^card: SDSC 64 MiB" "^part: MBR partition 1 at LBA 2048" \
    "^fs: ext4, 4096-byte blocks" "^compat: .*has_journal" \
    "^incompat: .*extents" "^ro_compat: " "^journal: clean, nothing to replay$"
check "reset: the board resets (QEMU -no-reboot exits)" 0 "^reset$"

# --- PROMPT 1 without TIMEOUT waits for the person -------------------------
menu_tree "$T/wait" 0 1
image "$T/wait.img" "$T/wait"
boot prompt1 "$T/wait.img" '1'
check "PROMPT 1, no TIMEOUT: the menu waits; 1 boots label 1" 0 \
    "press 1-3 to boot that label, Enter for 'main'" "!autoboot" \
    "payload: label 'main'" "payload: 0 checks failed"

# --- without TIMEOUT and PROMPT nothing waits --------------------------------
menu_tree "$T/quiet" 0
image "$T/quiet.img" "$T/quiet"
boot quiet "$T/quiet.img" 'ls /\n'
check "no TIMEOUT, no PROMPT: no menu, keys not read, the default boots" 0 \
    "!extload boot menu" "!extload test menu" "!autoboot" "!extload> " \
    "payload: label 'main'" "payload: 0 checks failed"

# --- BOOT_INTERACTIVE=0: no menu; nothing bootable stops -------------------
boot noint "$T/long.img" 'ls /\n' "$FW_NOINT"
check "BOOT_INTERACTIVE=0: TIMEOUT ignored, no menu, the default boots" 0 \
    "!autoboot" "!extload> " "payload: label 'main'" "payload: 0 checks failed"
boot noint-stop "$T/none.img" 'ls /\n' "$FW_NOINT"
check "BOOT_INTERACTIVE=0: no label boots -> stop, as before" 68 \
    "boot: no bootable label \(2 tried\); stop" "!extload> "

qemu_done "$Q/tp"
