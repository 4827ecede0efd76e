#!/usr/bin/env bash
# FDTOVERLAYS through `extload boot --board sifive-u -o DIR` (#39.2): a
# RISC-V Linux label with a tree and three overlays (paths between blanks,
# one relative to the config's folder, one with its .sha256): the tree
# -o DIR writes, read by `dtc -s -O dts` without /chosen, is fdtoverlay's
# result of the same files; an overlay whose target is missing, one that
# is not a tree and one not on the card are named and skipped while the
# others apply; `extload message` names each overlay loaded, in order,
# from the card and from the folder alike. Prints TAP. Needs EXTLOAD,
# dtc and fdtoverlay (device-tree-compiler).
#
# EXTLOAD_PROFILE=tiny: built without BOOT_FDT_OVERLAY, FDTOVERLAYS is
# named once and skipped, the tree handed over as the file holds it.
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"
mkimg() { mke2fs -q -F -t ext4 -b 1024 -d "$1" "$2" 8M >/dev/null; }
plugin() { printf '/dts-v1/;\n/plugin/;\n%s\n' "$2" >"$tmp/$1.dts" &&
           dtc -q -@ -I dts -O dtb -o "$tmp/$1.dtbo" "$tmp/$1.dts"; }
# /chosen and the trial store's page (/reserved-memory, the board's store
# holding no record) are the loader's own.
sorted() { dtc -q -s -I dtb -O dts "$1" |
           sed '/^\tchosen {/,/^\t};/d; /^\treserved-memory {/,/^\t};/d; /^$/d'; }

r=$tmp/card
mkdir -p "$r/boot/extlinux" "$r/boot/dtbo"
head -c 4096 /dev/urandom >"$r/boot/Image"
# RISC-V Image header: text_offset 0x200000 (0x08), image_size 0 (0x10:
# the file's size), magic2 "RSC\x05" (0x38).
printf '\000\000\040\000\000\000\000\000\000\000\000\000\000\000\000\000' |
    dd of="$r/boot/Image" bs=1 seek=8 conv=notrunc status=none
printf 'RSC\005' | dd of="$r/boot/Image" bs=1 seek=56 conv=notrunc status=none
head -c 3000 /dev/urandom >"$r/boot/fw_dynamic.bin"
cat >"$tmp/base.dts" <<'DTS'
/dts-v1/;
/ { compatible = "test,board"; #address-cells = <2>; #size-cells = <2>;
  memory@80000000 { device_type = "memory"; reg = <0 0x80000000 0 0x10000000>; };
  clk: clock { #clock-cells = <0>; };
  soc { #address-cells = <2>; #size-cells = <2>;
    uart0: serial@10010000 { reg = <0 0x10010000 0 0x1000>; status = "okay"; };
    spi2: spi@10050000 { reg = <0 0x10050000 0 0x1000>; status = "disabled"; };
  };
  chosen { };
};
DTS
dtc -q -@ -I dts -O dtb -o "$r/boot/board.dtb" "$tmp/base.dts"
plugin a '&spi2 { status = "okay"; clocks = <&clk>; mmc@0 { reg = <0>; compatible = "mmc-spi-slot"; }; };'
plugin b '&{/soc/serial@10010000} { extload,overlay = "applied"; }; &{/} { mine: extra { peer = <&mine>; }; };'
plugin bad '&{/soc/nothere@0} { status = "okay"; };'
cp "$tmp/a.dtbo" "$r/boot/dtbo/a.dtbo"
cp "$tmp/b.dtbo" "$r/boot/extlinux/b.dtbo"
(cd "$r/boot/extlinux" && sha256sum b.dtbo >b.dtbo.sha256)
cp "$tmp/bad.dtbo" "$r/boot/dtbo/bad.dtbo"
printf 'not a tree' >"$r/boot/dtbo/junk.dtbo"
cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
LABEL ov
  KERNEL /boot/Image
  FDT /boot/board.dtb
  FDTOVERLAYS /boot/dtbo/a.dtbo  /boot/dtbo/bad.dtbo	b.dtbo /boot/dtbo/none.dtbo /boot/dtbo/junk.dtbo
  APPEND console=ttySIF0
CONF
mkimg "$r" "$tmp/ov.img"
"$X" boot "$tmp/ov.img" --board sifive-u -o "$tmp/out" </dev/null >"$tmp/ov.log" 2>&1
rc=$?
if tiny; then
    [ $rc = 0 ] && has "$tmp/ov.log" "FDTOVERLAYS" &&
        cmp -s "$tmp/out/fdt.dtb" "$r/boot/board.dtb"
    ok $? "tiny: FDTOVERLAYS named and skipped, the tree as the file holds it" "$tmp/ov.log"
    echo "1..$n"
    exit 0
fi
fdtoverlay -i "$r/boot/board.dtb" -o "$tmp/want.dtb" "$tmp/a.dtbo" "$tmp/b.dtbo"
[ $rc = 0 ] && [ -f "$tmp/out/fdt.dtb" ] &&
    [ "$(sorted "$tmp/want.dtb")" = "$(sorted "$tmp/out/fdt.dtb")" ]
ok $? "the tree handed over is fdtoverlay's result of a.dtbo and b.dtbo (dtc -s -O dts, /chosen and the trial page aside)" "$tmp/ov.log"
has "$tmp/ov.log" '^fdtoverlay: /boot/dtbo/a\.dtbo: applied; the tree [0-9]+ bytes$' &&
    has "$tmp/ov.log" '^fdtoverlay: /boot/extlinux/b\.dtbo: applied; the tree [0-9]+ bytes$' &&
    has "$tmp/ov.log" '^verify: sha256 [0-9a-f]+\.\.\. matches /boot/extlinux/b\.dtbo\.sha256'
ok $? "each applied overlay named, b.dtbo relative to the config's folder and checked against its .sha256" "$tmp/ov.log"
has "$tmp/ov.log" "^fdtoverlay: /boot/dtbo/bad\\.dtbo: device tree byte 0x[0-9a-f]+: fragment's target not found in the tree; skipped\$" &&
    has "$tmp/ov.log" '^fdtoverlay: /boot/dtbo/junk\.dtbo: device tree byte 0x0: header or totalsize past the end of the file; skipped$' &&
    has "$tmp/ov.log" '^fdtoverlay: /boot/dtbo/none\.dtbo: missing; skipped$'
ok $? "a missing target, a file not a tree, a file not there: each named with its reason and skipped" "$tmp/ov.log"
# /chosen is still the loader's: bootargs = APPEND and the loader's word.
dtc -q -I dtb -O dts "$tmp/out/fdt.dtb" | grep -q 'bootargs = "console=ttySIF0 extload.label=ov"'
ok $? "/chosen set after the overlays (bootargs = APPEND extload.label=ov)"
if "$X" message "$tmp/ov.img" ov --board sifive-u >"$tmp/img.msg" 2>"$tmp/e"; then
    "$X" message "$r" ov --board sifive-u >"$tmp/dir.msg" 2>>"$tmp/e"
    cmp -s "$tmp/img.msg" "$tmp/dir.msg" &&
        [ "$(grep '^file fdtoverlay ' "$tmp/img.msg" | cut -d' ' -f3 | tr '\n' ' ')" = \
          "/boot/dtbo/a.dtbo /boot/dtbo/bad.dtbo /boot/extlinux/b.dtbo /boot/dtbo/junk.dtbo " ] &&
        has "$tmp/img.msg" "^file fdtoverlay /boot/dtbo/a\\.dtbo $(stat -c %s "$tmp/a.dtbo") $(sha256sum "$tmp/a.dtbo" | cut -c1-64)\$"
    ok $? "message: one 'file fdtoverlay PATH SIZE SHA256' line per overlay loaded, in order; DIR = IMAGE" "$tmp/img.msg"
else
    ok 0 "message: not in this build"
fi

# A bare kernel's label on lm3s6965evb (no RISC-V header): its tree gets
# the overlays and nothing else (no /chosen), and its message names them.
b=$tmp/bare
mkdir -p "$b/boot/extlinux" "$b/boot/dtbo"
head -c 5000 /dev/urandom >"$b/boot/kernel.bin"
cp "$r/boot/board.dtb" "$b/boot/board.dtb"
cp "$tmp/a.dtbo" "$tmp/b.dtbo" "$b/boot/dtbo/"
cat >"$b/boot/extlinux/extlinux.conf" <<'CONF'
LABEL bare
  KERNEL /boot/kernel.bin
  FDT /boot/board.dtb
  FDTOVERLAYS /boot/dtbo/a.dtbo /boot/dtbo/b.dtbo
CONF
mkimg "$b" "$tmp/bare.img"
"$X" boot "$tmp/bare.img" --board lm3s6965evb -o "$tmp/bout" </dev/null >"$tmp/bare.log" 2>&1
rc=$?
[ $rc = 0 ] && [ -f "$tmp/bout/fdt.dtb" ] &&
    [ "$(dtc -q -s -I dtb -O dts "$tmp/want.dtb")" = "$(dtc -q -s -I dtb -O dts "$tmp/bout/fdt.dtb")" ] &&
    has "$tmp/bare.log" '^fdt: overlays done; [0-9]+ bytes at 0x[0-9a-f]+, [0-9]+ more free$'
ok $? "a bare kernel's label (lm3s6965evb): its tree is fdtoverlay's result, /chosen untouched" "$tmp/bare.log"
if "$X" message "$tmp/bare.img" bare --board lm3s6965evb >"$tmp/bare.msg" 2>"$tmp/e"; then
    [ "$(grep '^file fdtoverlay ' "$tmp/bare.msg" | cut -d' ' -f3 | tr '\n' ' ')" = \
      "/boot/dtbo/a.dtbo /boot/dtbo/b.dtbo " ]
    ok $? "message of a bare kernel's label: its overlays' lines, in order" "$tmp/bare.msg"
fi
echo "1..$n"
