#!/usr/bin/env bash
# `make qemu`'s quiet mode (#30.6): what it builds before QEMU starts (the
# firmware and the demo card: the payloads, mkkernel, the image) printed
# from an empty build directory prints one short line per step ("  CC-M3
# fs/ext_map.c", "  OBJCOPY ...", "  IMAGE ...") and no raw command line:
# no compiler, objcopy or script invocation. V=1 prints them all. TAP.
set -u
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
tmp=$BUILD/qemu/quiet.$$          # an empty build directory of its own
trap 'rm -rf "$tmp" "$tmp.log"' EXIT
n=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi; }

rm -rf "$tmp"; mkdir -p "$tmp"
# What qemu-lm3s6965evb makes before it starts QEMU.
make --no-print-directory -j2 BUILD="$tmp" firmware "$tmp/qemu/demo.img" \
    >"$tmp.log" 2>&1
ok $? "make firmware + the demo card from an empty build directory"
[ -s "$tmp.log" ] || { echo "Bail out! no build output in $tmp.log"; exit 1; }
# A raw command names a tool or a flag; a quiet line is two spaces, a tag
# in capitals, a path.
raw=$(grep -E '(^|[ /])(cc|gcc|[a-z0-9_-]+-gcc|[a-z0-9_-]+-objcopy|bash|python3) |(^| )-[A-Za-z]' "$tmp.log")
[ -z "$raw" ]
ok $? "quiet: no raw command lines ($(printf '%s' "$raw" | head -3 | cut -c1-120))"
bad=$(grep -vE '^  [A-Z][A-Z0-9-]* +[^ ]+$|^[[:space:]]+text[[:space:]]|^[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]' "$tmp.log")
[ -z "$bad" ]
ok $? "quiet: every line is a step's tag and path or the size table ($(printf '%s' "$bad" | head -3 | cut -c1-120))"
n_cc=$(grep -c '^  CC-M3 ' "$tmp.log")
[ "$n_cc" -gt 20 ]
ok $? "the build ran from scratch: $n_cc CC-M3 lines"
echo "1..$n"
