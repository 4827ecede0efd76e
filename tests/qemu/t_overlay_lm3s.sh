#!/usr/bin/env bash
# FDTOVERLAYS on lm3s6965evb (#39.2: "lm3s6965evb applies them too when
# its label has a device tree"): a bare kernel's label with FDT and three
# overlays (one relative to the config's folder and checked against its
# .sha256, one whose target is missing). The test kernel, asked by
# payload.dumpfdt in APPEND, prints the tree it was handed (r2) as hex;
# that tree, read by `dtc -s -O dts`, must be fdtoverlay's result of the
# same base and the two good overlays. A tree whose overlays leave no
# room in the 58 KiB window fails its label by name, before a byte
# loads; without FDTOVERLAYS the tree is handed over as the file holds
# it. Needs dtc and fdtoverlay (device-tree-compiler). TAP output.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/overlay.$$
FW=$BUILD/lm3s6965evb/extload.elf
FW_NOINT=$BUILD/lm3s6965evb/extload-noint.elf    # BOOT_INTERACTIVE=0: stops
qemu_board lm3s6965evb

qemu_build "$Q-overlay-build.log" "build firmware and test kernel" \
    firmware firmware-variants qemu-tools

plugin() { printf '/dts-v1/;\n/plugin/;\n%s\n' "$2" >"$T/$1.dts" &&
           dtc -q -@ -I dts -O dtb -o "$T/$1.dtbo" "$T/$1.dts"; }
sorted() { dtc -q -s -I dtb -O dts "$1"; }
# handed NAME OUT: the tree the kernel printed in $T/NAME.log, as a file.
handed() {
    sed -n 's/^payload: fdt-hex //p' "$T/$1.log" |
        python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.stdin.read().replace("\n", "")))' >"$2"
}

r=$T/ov
mkdir -p "$r/boot/dtbo" "$r/boot/extlinux"
kernel "$r/boot/kernel.bin" 8000
cat >"$T/base.dts" <<'DTS'
/dts-v1/;
/ { compatible = "ti,lm3s6965evb"; #address-cells = <1>; #size-cells = <1>;
  memory@20000000 { device_type = "memory"; reg = <0x20000000 0x10000>; };
  clk: clock { #clock-cells = <0>; };
  soc { #address-cells = <1>; #size-cells = <1>;
    uart0: serial@4000c000 { reg = <0x4000c000 0x1000>; status = "okay"; };
    ssi0: spi@40008000 { reg = <0x40008000 0x1000>; status = "disabled"; };
  };
};
DTS
dtc -q -@ -I dts -O dtb -o "$r/boot/board.dtb" "$T/base.dts"
plugin a '&ssi0 { status = "okay"; clocks = <&clk>; mmc@0 { reg = <0>; compatible = "mmc-spi-slot"; }; };'
plugin b '&{/soc/serial@4000c000} { extload,overlay = "applied"; }; &{/} { mine: extra { peer = <&mine>; }; };'
plugin bad '&{/soc/nothere@0} { status = "okay"; };'
cp "$T/a.dtbo" "$r/boot/dtbo/a.dtbo"
cp "$T/b.dtbo" "$r/boot/extlinux/b.dtbo"
(cd "$r/boot/extlinux" && sha256sum b.dtbo >b.dtbo.sha256)
cp "$T/bad.dtbo" "$r/boot/dtbo/bad.dtbo"
conf "$r" <<'CONF'
DEFAULT ov
LABEL ov
	KERNEL /boot/kernel.bin
	FDT /boot/board.dtb
	FDTOVERLAYS /boot/dtbo/a.dtbo /boot/dtbo/bad.dtbo b.dtbo
	APPEND payload.dumpfdt
CONF
image "$T/ov.img" "$r" --fs ext4 --table mbr
boot ov "$T/ov.img"
check "a bare kernel's label: each overlay named, applied or skipped with its reason" 0 \
    "label: 'ov'" \
    '^fdtoverlay: /boot/dtbo/a\.dtbo: applied; the tree [0-9]+ bytes$' \
    '^fdtoverlay: /boot/extlinux/b\.dtbo: applied; the tree [0-9]+ bytes$' \
    '^verify: sha256 [0-9a-f]+\.\.\. matches /boot/extlinux/b\.dtbo\.sha256' \
    "^fdtoverlay: /boot/dtbo/bad\\.dtbo: device tree byte 0x[0-9a-f]+: fragment's target not found in the tree; skipped\$" \
    '^fdt: overlays done; [0-9]+ bytes at 0x200[0-9a-f]+, [0-9]+ more free$' \
    "payload: 0 checks failed"
fdtoverlay -i "$r/boot/board.dtb" -o "$T/want.dtb" "$T/a.dtbo" "$T/b.dtbo"
handed ov "$T/got.dtb"
size=$(sed -n 's/^payload: fdt \([0-9]*\) bytes at .*/\1/p' "$T/ov.log")
if [ -s "$T/got.dtb" ] && [ "$(stat -c %s "$T/got.dtb")" = "$size" ] &&
   [ "$(sorted "$T/want.dtb")" = "$(sorted "$T/got.dtb")" ]; then
    pass "the tree r2 points to is fdtoverlay's result of a.dtbo and b.dtbo (dtc -s -O dts)"
else
    fail "the tree r2 points to is fdtoverlay's result of a.dtbo and b.dtbo (dtc -s -O dts)" \
        "$T/ov.log" "handed-over tree ($size bytes) differs from fdtoverlay's"
fi

# Without FDTOVERLAYS: the file's bytes, untouched.
sed -i '/FDTOVERLAYS/d' "$r/boot/extlinux/extlinux.conf"
image "$T/plain.img" "$r" --fs ext4 --table mbr
boot plain "$T/plain.img"
handed plain "$T/plain.dtb"
if [ "$rc" = 0 ] && cmp -s "$T/plain.dtb" "$r/boot/board.dtb" &&
   ! grep -q '^fdt: overlays done' "$T/plain.log"; then
    pass "no FDTOVERLAYS: the tree handed over as the file holds it"
else
    fail "no FDTOVERLAYS: the tree handed over as the file holds it" \
        "$T/plain.log" "exit $rc, or the tree differs from /boot/board.dtb"
fi

# An overlay that loads but whose growth does not fit the tree's room
# (all the window has between the tree and the overlays, issue 54): the
# tree put back as it was (the overlay's byte where the room ran out
# named), skipped whole; the label boots with the tree as the file
# holds it.
python3 -c 'print("/dts-v1/;\n/plugin/;\n&{/} { big = [" + "00" * 20000 + "]; };")' >"$T/big.dts"
dtc -q -@ -I dts -O dtb -o "$r/boot/dtbo/big.dtbo" "$T/big.dts"
printf '\tFDTOVERLAYS /boot/dtbo/big.dtbo\n' >>"$r/boot/extlinux/extlinux.conf"
image "$T/big.img" "$r" --fs ext4 --table mbr
boot big "$T/big.img"
handed big "$T/big.dtb"
check "an overlay whose growth does not fit the tree's room: skipped whole by name, the label boots" 0 \
    '^fdtoverlay: /boot/dtbo/big\.dtbo -> 0x[0-9a-f]+, [0-9]+ bytes' \
    '^fdtoverlay: /boot/dtbo/big\.dtbo: device tree byte 0x[0-9a-f]+: no room left in the buffer; skipped' \
    'payload: label .ov.'
if [ "$rc" = 0 ] && cmp -s "$T/big.dtb" "$r/boot/board.dtb"; then
    pass "... and the tree handed over is the file's, byte for byte"
else
    fail "... and the tree handed over is the file's, byte for byte" "$T/big.log" \
        "exit $rc, or the tree differs from /boot/board.dtb"
fi

# An overlay too large for the window itself: the label is refused by
# name while it is placed, nothing loaded.
python3 -c 'print("/dts-v1/;\n/plugin/;\n&{/} { big = [" + "00" * 45000 + "]; };")' >"$T/huge.dts"
dtc -q -@ -I dts -O dtb -o "$r/boot/dtbo/big.dtbo" "$T/huge.dts"
image "$T/huge.img" "$r" --fs ext4 --table mbr
boot huge "$T/huge.img" "$FW_NOINT"
check "an overlay larger than the window has left: refused by name, nothing loaded" 68 \
    '^fdtoverlay: /boot/dtbo/big\.dtbo: [0-9]+ bytes, larger than the [0-9]+ bytes left in the load window' \
    '!^load: /boot/kernel\.bin' '!payload: '

qemu_done "$Q/overlay"
