#!/usr/bin/env bash
# `extload boot --board NAME` leaves the kernel what the board leaves: the
# window's tail it models (board/host/cmd_boot.c's boards[]) is the
# BOOT_CONFIG_ROOM each board's own build keeps, as its compiler lays out
# the structs (`make board-tail`: tests/bench/sizes.c built with the
# board's flags), for both boards, signed (--key, a BOOT_PUBKEY build) or
# not, in this profile (both profiles' tools have --key; the tiny one
# models the tiny signed builds, which have no rollback floor). Prints
# TAP. Needs arm-none-eabi-gcc and riscv64-unknown-elf-gcc.
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"
KEY=tests/bench/size-pubkey.pem
truncate -s 1M "$tmp/blank.img"
kinds=no
"$X" boot --help 2>&1 | grep -q -- --key && kinds="no yes"
for b in lm3s6965evb sifive-u; do
    for signed in $kinds; do
        key=() mk=()
        [ $signed = yes ] && key=(--key "$KEY") mk=(BOOT_PUBKEY="$KEY")
        want=$(make -s --no-print-directory board-tail BOARD=$b \
               PROFILE="$PROFILE" "${mk[@]}" 2>"$tmp/make.log")
        "$X" boot "$tmp/blank.img" --board $b "${key[@]}" </dev/null \
            >"$tmp/out" 2>&1
        got=$(sed -n "s/.* past the board's \([0-9]*\)-byte tail).*/\1/p" "$tmp/out")
        echo "# $b, signed $signed: the build keeps ${want:-?}, the host models ${got:-?}" >>"$tmp/out"
        [ -n "$want" ] && [ "$want" = "$got" ]
        ok $? "$b ($PROFILE, signed: $signed): the host's tail is the build's (${want:-?} bytes)" "$tmp/out"
    done
done
echo "1..$n"
