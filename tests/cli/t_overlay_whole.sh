#!/usr/bin/env bash
# Overlays apply whole or not at all (issue 54, items 1-3), on the host
# tool as sifive-u with a bare kernel (no RISC-V header: the overlays are
# the tree's only edit): each case's handed-over tree is either
# fdtoverlay's result (dtc's libfdt) or the base tree byte for byte,
# never a half. The issue's cases: a fragment giving a base node a new
# phandle before another targets it by the old one, and a fragment
# adding a node a later one's symbol path crosses (both label a node of
# the base that has a phandle: dtc 1.8.1's libfdt keeps the base's and
# applies them, Debian's 1.6.1 refuses them, so their trees are written
# here as 1.8.1's fdtoverlay gives them); an overlay node with
# `phandle = <0>` (refused: libfdt would give it the phandle of a node
# the base has); and the room an overlay needs, which was estimated
# (twice its size and 512 bytes) and is now all the window has: 60
# labelled nodes under a target with a 230-character path (its
# __symbols__ carry the full path) and 60 subnodes each with an empty
# property sharing one 120-character name, both applied as fdtoverlay
# applies them. TAP.
# profiles: default
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"

sorted() { dtc -q -f -s -I dtb -O dts "$1" 2>/dev/null; }
# case NAME BASE-DTS OVERLAY-DTS: boots a card whose label applies the
# overlay; $tmp/NAME.log, $tmp/NAME/fdt.dtb, $tmp/NAME.want (fdtoverlay's
# result, absent when fdtoverlay refuses it), $tmp/NAME.base.
case_run() {
    local name=$1 d=$tmp/$1-card
    mkdir -p "$d/boot/extlinux"
    printf '/dts-v1/;\n%s\n' "$2" | dtc -q -@ -I dts -O dtb -o "$d/boot/base.dtb" - || return 1
    printf '/dts-v1/;\n/plugin/;\n%s\n' "$3" | dtc -q -f -@ -I dts -O dtb -o "$d/boot/o.dtbo" - 2>/dev/null; [ -s "$d/boot/o.dtbo" ] || return 1
    head -c 3000 /dev/urandom >"$d/boot/kernel.bin"
    printf 'LABEL %s\n  KERNEL /boot/kernel.bin\n  FDT /boot/base.dtb\n  FDTOVERLAYS /boot/o.dtbo\n' \
        "$name" >"$d/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 1024 -d "$d" "$tmp/$name.img" 8M >/dev/null
    "$X" boot "$tmp/$name.img" --board sifive-u -o "$tmp/$name" </dev/null \
        >"$tmp/$name.log" 2>&1
    cp "$d/boot/base.dtb" "$tmp/$name.base"
    fdtoverlay -i "$d/boot/base.dtb" -o "$tmp/$name.want" "$d/boot/o.dtbo" \
        >/dev/null 2>&1 || rm -f "$tmp/$name.want"
}
# whole NAME: the tree handed over is the base (the overlay skipped by
# name) or fdtoverlay's result (the overlay applied).
whole() {
    local got=$tmp/$1/fdt.dtb
    [ -f "$got" ] || return 1
    if has "$tmp/$1.log" "^fdtoverlay: /boot/o.dtbo: .*; skipped$"; then
        cmp -s "$got" "$tmp/$1.base"
    else
        has "$tmp/$1.log" "^fdtoverlay: /boot/o.dtbo: applied" &&
            [ -f "$tmp/$1.want" ] &&
            [ "$(sorted "$got")" = "$(sorted "$tmp/$1.want")" ]
    fi
}

# as181 NAME DTS: the tree handed over is the overlay applied, and
# sorted it is DTS (dtc 1.8.1's fdtoverlay's, written out).
as181() {
    has "$tmp/$1.log" "^fdtoverlay: /boot/o.dtbo: applied" &&
        [ "$(sorted "$tmp/$1/fdt.dtb")" = "$(printf '%s' "$2" | tr '|' '\t')" ]
}
case_run retag '/ { u: uart { }; user { uart = <&u>; }; };' \
    '&{/} { n: uart { retag = <1>; }; }; &u { status = "okay"; };'
as181 retag '/dts-v1/;

/ {

|__symbols__ {
||n = "/uart";
||u = "/uart";
|};

|uart {
||phandle = <0x01>;
||retag = <0x01>;
||status = "okay";
|};

|user {
||uart = <0x01>;
|};
};'
ok $? "a fragment labels the base's uart, the next targets it by its phandle: the base's phandle kept, applied whole (dtc 1.8.1's tree)" "$tmp/retag.log"

case_run subsym '/ { u: uart { }; };' \
    '&u { s: sub { }; }; &{/} { n: uart { }; };'
as181 subsym '/dts-v1/;

/ {

|__symbols__ {
||n = "/uart";
||s = "/uart/sub";
||u = "/uart";
|};

|uart {
||phandle = <0x01>;

||sub {
|||phandle = <0x02>;
||};
|};
};'
ok $? "a symbol under one fragment, a merge into the same node by another: applied whole (dtc 1.8.1's tree)" "$tmp/subsym.log"

case_run zero '/ { u: uart { phandle = <1>; }; other { phandle = <2>; }; };' \
    '&{/} { z: zed { phandle = <0>; }; y: why { ref = <&z>; }; };'
whole zero && has "$tmp/zero.log" "^fdtoverlay: /boot/o.dtbo: .*: phandle not one cell, 0, .*; skipped$"
ok $? "an overlay node with phandle = <0>: refused whole" "$tmp/zero.log"
if [ -f "$tmp/zero/fdt.dtb" ]; then
    dups=$(dtc -q -f -I dtb -O dts "$tmp/zero/fdt.dtb" 2>/dev/null | grep -o 'phandle = <0x[0-9a-f]*>' | sort | uniq -d | wc -l)
    [ "$dups" = 0 ] && [ -n "$(sorted "$tmp/zero/fdt.dtb")" ]
    ok $? "no two nodes share a phandle after it" "$tmp/zero.log"
fi

# 60 labelled nodes under a target whose path is 230 characters long.
path=""; for i in 1 2 3 4 5 6 7 8 9 10 11; do path="$path/level-$i-abcdefghijklm"; done
nodes=""; for i in $(seq 1 60); do nodes="$nodes l$i: node-$i { v = <$i>; };"; done
deep=""; close=""
for i in 1 2 3 4 5 6 7 8 9 10 11; do deep="$deep level-$i-abcdefghijklm {"; close="$close };"; done
case_run longpath "/ { $deep deep: leaf { }; $close };" "&deep { $nodes };"
[ ${#path} -ge 230 ] && whole longpath && has "$tmp/longpath.log" "^fdtoverlay: /boot/o.dtbo: applied"
ok $? "60 labelled nodes under a ${#path}-character path: applied as fdtoverlay applies them" "$tmp/longpath.log"

pname=$(printf 'p%.0s' $(seq 1 120))
subs=""; for i in $(seq 1 60); do subs="$subs sub-$i { $pname; };"; done
case_run shared '/ { t: target { }; };' "&t { $subs };"
whole shared && has "$tmp/shared.log" "^fdtoverlay: /boot/o.dtbo: applied"
ok $? "60 subnodes sharing one 120-character empty property: applied as fdtoverlay applies them" "$tmp/shared.log"

echo "1..$n"
