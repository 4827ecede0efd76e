#!/usr/bin/env bash
# Console input on sifive-u (UART0's receive path, env->getc) in both
# profiles, keys on QEMU's stdin: the default build shows the menu, a key
# stops the countdown and the "extload> " prompt runs commands; the tiny
# build (PROFILE=tiny, build/sifive-u-tiny/: no menu, no prompt) ignores
# the same keys and boots the default label. TAP. Nothing is timed: the
# countdowns are long where keys must stop them (a missed key shows as
# the default booting); HANG_GUARD only stops a hang.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/sifive-u/qemu
T=$Q/tp.$$
FW=$BUILD/sifive-u/extload.elf
FW_TINY=$BUILD/sifive-u-tiny/extload.elf
qemu_board sifive-u
FAIL_TAIL=40

qemu_build "$Q-prompt-build.log" "build the sifive-u firmware and test kernel" \
    firmware-sifive-u qemu-tools-sifive-u
qemu_build "$Q-prompt-tiny-build.log" "build the sifive-u tiny firmware" \
    PROFILE=tiny firmware-sifive-u

# boot NAME IMAGE KEYS [FIRMWARE]: lib.sh's boot_keys.
boot() { boot_keys "$@"; }

# menu_tree DIR TIMEOUT: labels main (default) and old.
menu_tree() {
    local r=$1
    kernel "$r/boot/kernel.bin" 12000
    kernel "$r/boot/kernel-old.bin" 6000
    conf "$r" <<CONF
MENU TITLE sifive test menu
TIMEOUT $2
DEFAULT main
LABEL main
  MENU LABEL Main kernel
  KERNEL /boot/kernel.bin
  APPEND main-cmdline
LABEL old
  MENU LABEL Old kernel
  KERNEL /boot/kernel-old.bin
  APPEND old-cmdline
CONF
}

menu_tree "$T/long" 600
image "$T/long.img" "$T/long"
menu_tree "$T/short" 3
image "$T/short.img" "$T/short"

# --- the default profile -----------------------------------------------------
boot noinput "$T/short.img" ""
check "default: the menu, a countdown, then the default label without input" 0 \
    "^sifive test menu$" "^ \*1 main +Main kernel$" "^  2 old +Old kernel$" \
    "autoboot 'main' in 0\.3 s: press a key to stop" "autoboot 'main' now" \
    'payload: cmdline "main-cmdline"' "payload: 0 checks failed" "!extload> "

boot digit "$T/long.img" '2'
check "default: a digit read from UART0 boots that label at once" 0 \
    "autoboot 'main' in 60\.0 s" "!autoboot 'main' now" "label: 'old'" \
    'payload: cmdline "old-cmdline"' "payload: 0 checks failed"

boot prompt "$T/long.img" 'xls /boot\ninfo\nboot old\n'
check "default: a key stops the countdown; the prompt runs ls, info, boot" 0 \
    "countdown stopped" "^extload> ls /boot$" "^[0-9]+ - 12000 kernel\.bin$" \
    "^extload> info$" "^card: SDSC 64 MiB" "^extload> boot old$" \
    'payload: cmdline "old-cmdline"' "payload: 0 checks failed" \
    "!autoboot 'main' now" "!xls"

boot reset "$T/long.img" 'x\nreset\n'
check "default: the prompt's reset resets the SoC (QEMU -no-reboot exits)" 0 \
    "^extload> reset$" "!payload:"

r=$T/nolabel; kernel "$r/boot/x.bin" 100
conf "$r" <<'CONF'
DEFAULT a
LABEL a
  KERNEL /boot/missing-a.bin
CONF
image "$T/nolabel.img" "$r"
boot nolabel "$T/nolabel.img" 'labels\nreset\n'
check "default: no bootable label opens the prompt, which reads keys" 0 \
    "boot: no bootable label \(1 tried\); opening the prompt" \
    "^extload> labels$" "^ \*1 a +/boot/missing-a\.bin$" "^extload> reset$"

# --- the tiny profile --------------------------------------------------------
boot tiny "$T/long.img" 'ls /boot\nboot old\n' "$FW_TINY"
check "tiny: no menu or prompt; the same keys are ignored and the default boots" 0 \
    "^extload: sifive-u" "label: 'main'" 'payload: cmdline "main-cmdline"' \
    "payload: 0 checks failed" "!extload> " "!countdown" "!sifive test menu"
tiny_text=$(riscv64-unknown-elf-size "$FW_TINY" 2>/dev/null | awk 'NR == 2 {print $1}')
def_text=$(riscv64-unknown-elf-size "$FW" 2>/dev/null | awk 'NR == 2 {print $1}')
if [ -n "$tiny_text" ] && [ -n "$def_text" ] && [ "$tiny_text" -lt "$def_text" ]; then
    pass "tiny: its own build (build/sifive-u-tiny/), text $tiny_text < default $def_text bytes"
else
    fail "tiny: its own, smaller build" "" "text: tiny '${tiny_text:-?}', default '${def_text:-?}'"
fi

qemu_done "$Q/tp"
