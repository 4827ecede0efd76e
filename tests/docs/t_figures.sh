#!/usr/bin/env bash
# The docs quote no figure that `make size` owns (#24, point 8): flash,
# image sizes, .bss, stack and what an option costs change with every
# branch, so the READMEs and the option headers (*_conf.h,
# fs/blockdev.h) say where `make size` prints them instead of copying a
# number that goes stale. Console transcripts (lines that start with a
# step's name, "load: ...") are what a run printed and stay. The check is
# run on the tree, and first on a sample of what it must catch, so it
# cannot pass by matching nothing.
set -u
cd "$(dirname "$0")/../.."

# A byte figure next to a word that makes it a size claim, or the size
# tool's own columns.
UNIT='[0-9][0-9,.]* ?(B|bytes|KiB|kB)\b'
CLAIM='flash|\.bss|\bbss\b|stack|\bcosts?\b|\bsaves?\b|extload\.bin'
COLUMNS='\b(text|bss) [0-9]{3,}|extload\.bin [0-9]{3,}'
# Console lines of a transcript: "step: ..." at the start of the text.
TRANSCRIPT='^[^:]*:[0-9]+:[[:space:]]*(extload|handoff|load|verify|boot|initrd|window|card|mount|part|config|label|fdt|firmware|payload|fault)[a-z ]*:'
# Figures that are no size of the build: the chip's memories, the
# linker script's loader RAM and the replay table's entry, by design.
ALLOWED='256 KiB flash, 64 KiB SRAM|loader RAM, 6 KiB|of the 6 KiB|entries of 8 bytes'

# file:line:text on stdin -> the lines that quote a figure, in order.
figures() {
    local kept
    kept=$(grep -vE "$TRANSCRIPT" | grep -vE "$ALLOWED")
    [ -n "$kept" ] || return 0
    { echo "$kept" | grep -E "$UNIT" | grep -iE "$CLAIM"
      echo "$kept" | grep -E "$COLUMNS"; } | sort -t: -k1,1 -k2,2n -u
}

n=0
# The sample: each line must be caught, the last two must not.
sample=$(printf '%s\n' \
    'a.md:1:| image (`make size`) | text 45312, data 0, bss 1224 |' \
    'a.md:2:costs about 4.9 KiB of flash, 200 bytes of .bss and 192 bytes' \
    'a.h:3: *   1: about 5 instructions a byte; costs 612 bytes of flash' \
    'a.md:4:0x2000ED98..0x20010000  stack, 4712 bytes' \
    'a.md:5:| BOOT_INTERACTIVE=1 (default)    | extload.bin 47444 |' \
    'a.md:6:handoff: loader stack high-water mark 2096 bytes' \
    'a.md:7:`make size` prints the flash with and without it')
got=$(printf '%s\n' "$sample" | figures | cut -d: -f2 | sort -n | tr '\n' ' ')
n=$((n + 1))
if [ "$got" = "1 2 3 4 5 " ]; then
    echo "ok $n - the check catches size figures and passes transcripts"
else
    echo "not ok $n - the check caught lines '$got' of the sample, not '1 2 3 4 5 '"
fi

files=$(git ls-files 'README.md' '*/README.md' '*_conf.h' fs/blockdev.h)
n=$((n + 1))
if [ -z "$files" ]; then
    echo "not ok $n - no README.md or *_conf.h found"
    exit 0
fi
# shellcheck disable=SC2086
hits=$(grep -nHE '[0-9]' $files | figures)
if [ -z "$hits" ]; then
    echo "ok $n - no README or option header quotes a figure of make size ($(echo "$files" | wc -l) files)"
else
    echo "not ok $n - figures make size owns, quoted in the docs (say where make size prints them instead):"
    echo "$hits" | sed 's/^/# /'
fi
