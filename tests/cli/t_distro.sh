#!/usr/bin/env bash
# A distribution's extlinux.conf through `extload boot` (#30): Debian's
# u-boot-menu file with two kernels and four labels (tests/distro/, 1,447
# bytes: past the 1,024 read before), an Armbian-style one with a uInitrd,
# and the directives distributions write (INCLUDE relative to the config's
# folder, MENU DEFAULT, ONTIMEOUT, SAY, FDT -, ${var}, MENU HIDDEN, ^
# hotkeys), each file's bytes compared with what -o DIR writes. Prints TAP.
# Needs EXTLOAD (the tool) and python3 (the uInitrd header).
#
# EXTLOAD_PROFILE=tiny: the tiny profile's tool (2 KiB of config, no
# INCLUDE, ${var} or uInitrd: firmware/boot_conf.h); those are checked to
# be named and skipped, or the file handed over whole.
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"
# The loader's word after APPEND: the boards' trial store (not in the
# tiny profile: BOOT_TRIAL=0). An ERE.
lw() { tiny || printf ' extload\\.label=%s' "$1"; }
here=$(cd "$(dirname "$0")/.." && pwd)
rnd() { head -c "$2" /dev/urandom >"$1"; }
mkimg() { mke2fs -q -F -t ext4 -b 1024 -d "$1" "$2" 8M >/dev/null; }
boot() {           # name image board [stdin]
    "$X" boot "$2" --board "$3" -o "$tmp/$1.out" <"${4:-/dev/null}" \
        >"$tmp/$1.log" 2>&1
}

# --- Debian's u-boot-menu file on sifive-u (FDTDIR + the board's fdtfile) --
deb=$here/distro/debian-u-boot-menu.conf
r=$tmp/deb
mkdir -p "$r/boot/extlinux"
cp "$deb" "$r/boot/extlinux/extlinux.conf"
for v in 6.1.0-13-riscv64 6.1.0-12-riscv64; do
    rnd "$r/boot/vmlinuz-$v" 30000
    rnd "$r/boot/initrd.img-$v" 20000
    mkdir -p "$r/usr/lib/linux-image-$v/sifive"
    rnd "$r/usr/lib/linux-image-$v/sifive/hifive-unleashed-a00.dtb" 3000
done
mkimg "$r" "$tmp/deb.img"
size=$(stat -c %s "$deb")
boot deb "$tmp/deb.img" sifive-u
[ "$size" -ge 1287 ] &&
# The tiny profile's boot flow is quiet (BOOT_REPORT=0): no config line.
{ tiny || has "$tmp/deb.log" "^config: /boot/extlinux/extlinux.conf, $size bytes, 4 labels, default 'l0'"; } &&
has "$tmp/deb.log" "Debian GNU/Linux 12 \(bookworm\) 6.1.0-12-riscv64 \(rescue target\)|^label: 'l0'" &&
cmp -s "$tmp/deb.out/kernel.bin" "$r/boot/vmlinuz-6.1.0-13-riscv64" &&
cmp -s "$tmp/deb.out/initrd.img" "$r/boot/initrd.img-6.1.0-13-riscv64" &&
cmp -s "$tmp/deb.out/fdt.dtb" "$r/usr/lib/linux-image-6.1.0-13-riscv64/sifive/hifive-unleashed-a00.dtb" &&
has "$tmp/deb.log" "cmdline \"root=UUID=5c3e4b2a-8f1d-4e6b-9a7c-2d0f1e3b4a5c ro quiet console=ttySIF0,115200 earlycon$(lw l0)\"" &&
! has "$tmp/deb.log" "warning|not handled|crosses the cut" &&
if tiny; then      # no menu in the tiny profile: its lines named once
    # (menu title, prompt, timeout, menu label), the word only (no
    # BOOT_MESSAGES: firmware/boot_conf.h)
    [ "$(count "$tmp/deb.log" "^config: [a-z ]+: skipped$")" = 4 ] &&
    has "$tmp/deb.log" "^config: menu label: skipped$"
else
    ! has "$tmp/deb.log" "skipped"
fi
ok $? "Debian u-boot-menu, $size bytes, two kernels: 4 labels read, 'l0' boots with its initrd and FDTDIR's tree" "$tmp/deb.log"

# The fourth label, the one lost before: U_BOOT_DEFAULT=l1r writes this.
sed -i 's/^default l0$/default l1r/' "$r/boot/extlinux/extlinux.conf"
mkimg "$r" "$tmp/deb4.img"
boot deb4 "$tmp/deb4.img" sifive-u
{ tiny || has "$tmp/deb4.log" "default 'l1r'"; } && has "$tmp/deb4.log" "^label: 'l1r'" &&
cmp -s "$tmp/deb4.out/kernel.bin" "$r/boot/vmlinuz-6.1.0-12-riscv64" &&
cmp -s "$tmp/deb4.out/fdt.dtb" "$r/usr/lib/linux-image-6.1.0-12-riscv64/sifive/hifive-unleashed-a00.dtb" &&
has "$tmp/deb4.log" "cmdline \"root=UUID=5c3e4b2a-8f1d-4e6b-9a7c-2d0f1e3b4a5c ro console=ttySIF0,115200 earlycon single$(lw l1r)\""
ok $? "Debian u-boot-menu with default l1r: the fourth label boots" "$tmp/deb4.log"

# --- Armbian-style: kernel, uInitrd, fdt on lm3s6965evb --------------------
r=$tmp/arm
mkdir -p "$r/boot/extlinux" "$r/boot/dtb/rockchip"
cp "$here/distro/armbian.conf" "$r/boot/extlinux/extlinux.conf"
rnd "$r/boot/Image" 12000
rnd "$r/boot/dtb/rockchip/rk3399-rockpro64.dtb" 900
rnd "$tmp/initrd.data" 5000
# mkimage -A arm64 -O linux -T ramdisk -C none -n uInitrd: the 64-byte
# legacy header (U-Boot include/image.h), big-endian, CRCs as zlib's.
python3 - "$tmp/initrd.data" "$r/boot/uInitrd" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
def hdr(hcrc):
    return struct.pack(">7I4B32s", 0x27051956, hcrc, 1700000000, len(data),
                       0, 0, zlib.crc32(data), 5, 22, 3, 0, b"uInitrd")
h = hdr(0)
open(sys.argv[2], "wb").write(hdr(zlib.crc32(h)) + data)
PY
mkimg "$r" "$tmp/arm.img"
boot arm "$tmp/arm.img" lm3s6965evb
cmp -s "$tmp/arm.out/kernel.bin" "$r/boot/Image" &&
cmp -s "$tmp/arm.out/fdt.dtb" "$r/boot/dtb/rockchip/rk3399-rockpro64.dtb" &&
has "$tmp/arm.log" "^label: 'Armbian'" &&
has "$tmp/arm.log" "cmdline \"root=UUID=0b7c3f7e-2a11-4c52-9e8d-6f4a1b2c3d4e rootwait .* swapaccount=1$(lw Armbian)\""
rc=$?
if tiny; then
    [ $rc = 0 ] && cmp -s "$tmp/arm.out/initrd.img" "$r/boot/uInitrd"
    ok $? "tiny: Armbian-style label boots; the uInitrd is handed over whole (BOOT_UINITRD=0)" "$tmp/arm.log"
else
    [ $rc = 0 ] && cmp -s "$tmp/arm.out/initrd.img" "$tmp/initrd.data" &&
    has "$tmp/arm.log" "^initrd: /boot/uInitrd: uInitrd header checked and skipped, 5000 bytes at 0x"
    ok $? "Armbian-style label boots; the uInitrd's 64-byte header is checked and skipped" "$tmp/arm.log"

    # A bad header CRC, a wrong size, a bad data CRC: the label fails.
    for bad in hcrc size dcrc; do
        cp "$r/boot/uInitrd" "$tmp/u.good"
        python3 - "$r/boot/uInitrd" "$bad" <<'PY'
import sys
p, what = sys.argv[1], sys.argv[2]
b = bytearray(open(p, "rb").read())
{"hcrc": lambda: b.__setitem__(4, b[4] ^ 1),
 "size": lambda: b.extend(b"x"),
 "dcrc": lambda: b.__setitem__(100, b[100] ^ 1)}[what]()
open(p, "wb").write(bytes(b))
PY
        mkimg "$r" "$tmp/bad.img"
        boot "bad-$bad" "$tmp/bad.img" lm3s6965evb
        case $bad in
        hcrc) want="uInitrd header CRC does not match" ;;
        size) want="uInitrd header's data size is not the file's" ;;
        dcrc) want="uInitrd data CRC does not match" ;;
        esac
        has "$tmp/bad-$bad.log" "^initrd: /boot/uInitrd: $want; no labels left" &&
        [ ! -e "$tmp/bad-$bad.out/kernel.bin" ]
        ok $? "uInitrd with a bad $bad: the label fails by name" "$tmp/bad-$bad.log"
        cp "$tmp/u.good" "$r/boot/uInitrd"
    done
fi

# --- the directives: INCLUDE, MENU DEFAULT, ONTIMEOUT, SAY, FDT -, ${var} --
r=$tmp/dir
mkdir -p "$r/boot/extlinux/menus"
for k in a b c d; do rnd "$r/boot/$k.bin" 4000; done
rnd "$r/boot/board.dtb" 500
cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
say Welcome to the test card
UI menu.c32
DEFAULT vesamenu.c32
include menus/main.conf
LABEL no tree at all
  KERNEL ../c.bin
  FDT -
  APPEND fdt=${fdtfile} keep=${unset}
fdtoverlays /x.dtbo
CONF
cat >"$r/boot/extlinux/menus/main.conf" <<'CONF'
MENU COLOR title 1;36
LABEL first
  KERNEL /boot/a.bin
  DEVICETREE /boot/board.dtb
LABEL second
  MENU DEFAULT
  KERNEL /boot/b.bin
  devicetree /boot/board.dtb
CONF
mkimg "$r" "$tmp/dir.img"
boot dir "$tmp/dir.img" sifive-u
log=$tmp/dir.log
if tiny; then
    ! has "$log" "^Welcome to the test card$" &&
    has "$log" "^config: say: skipped$" &&
    has "$log" "^config: include: skipped$" &&
    has "$log" "^config: UI: skipped$" &&
    has "$log" "^config: fdtoverlays: skipped$" &&
    has "$log" "^label: 'no tree at all'$" &&
    has "$log" 'cmdline "fdt=\$\{fdtfile\} keep=\$\{unset\}'"$(lw '"no tree at all"')"'"' &&
    cmp -s "$tmp/dir.out/kernel.bin" "$r/boot/c.bin"
    ok $? "tiny: SAY, INCLUDE, UI, FDTOVERLAYS named and skipped (BOOT_CONF_SAY=0); \${var} left as written" "$log"
else
    has "$log" "^Welcome to the test card$" &&
    has "$log" "^config: UI: not handled by extload; skipped$" &&
    has "$log" "^config: MENU COLOR: not handled by extload; skipped$" &&
    ! has "$log" "fdtoverlays" &&
    has "$log" "^config: /boot/extlinux/extlinux.conf, [0-9]+ bytes \+ 1 included, 3 labels, default 'second'" &&
    has "$log" "^label: 'second': kernel /boot/b.bin, fdt /boot/board.dtb" &&
    cmp -s "$tmp/dir.out/kernel.bin" "$r/boot/b.bin" &&
    cmp -s "$tmp/dir.out/fdt.dtb" "$r/boot/board.dtb"
    ok $? "SAY printed, INCLUDE from the config's folder, MENU DEFAULT wins over a DEFAULT naming no label, DEVICETREE, skipped keywords named (FDTOVERLAYS a label's: #39)" "$log"

    # ONTIMEOUT names the label the countdown's end boots: FDT - and ${var}.
    printf 'ONTIMEOUT no tree at all\n' >>"$r/boot/extlinux/extlinux.conf"
    mkimg "$r" "$tmp/dir2.img"
    boot dir2 "$tmp/dir2.img" sifive-u
    log=$tmp/dir2.log
    has "$log" "default 'no tree at all'" &&
    has "$log" "^fdt: none \(FDT -\)$" &&
    has "$log" "fdt 0x00000000" &&
    [ ! -e "$tmp/dir2.out/fdt.dtb" ] &&
    has "$log" 'cmdline "fdt=sifive/hifive-unleashed-a00.dtb keep=\$\{unset\}'"$(lw '"no tree at all"')"'"' &&
    cmp -s "$tmp/dir2.out/kernel.bin" "$r/boot/c.bin"
    ok $? "ONTIMEOUT naming a label with blanks; FDT -: no tree, not even the board's; \${fdtfile} is the board's, \${unset} stays" "$log"
    # lm3s6965evb defines no variable: ${fdtfile} stays too.
    boot dir3 "$tmp/dir2.img" lm3s6965evb
    has "$tmp/dir3.log" 'cmdline "fdt=\$\{fdtfile\} keep=\$\{unset\}'"$(lw '"no tree at all"')"'"'
    ok $? "lm3s6965evb defines no variable: \${fdtfile} left as written" "$tmp/dir3.log"

    # An include cycle and a missing file: named, the rest read.
    printf 'INCLUDE ../extlinux/extlinux.conf\nINCLUDE /nope.conf\n' \
        >>"$r/boot/extlinux/menus/main.conf"
    mkimg "$r" "$tmp/cyc.img"
    boot cyc "$tmp/cyc.img" sifive-u
    has "$tmp/cyc.log" "^config: error: INCLUDE ../extlinux/extlinux.conf: it is being read already \(/boot/extlinux/extlinux.conf\); an include cycle, skipped$" &&
    has "$tmp/cyc.log" "^config: error: INCLUDE /nope.conf: .*; skipped$" &&
    cmp -s "$tmp/cyc.out/kernel.bin" "$r/boot/c.bin"
    ok $? "INCLUDE cycle and missing file: refused by name, the rest boots" "$tmp/cyc.log"

    # --- the menu: MENU HIDDEN, MENU AUTOBOOT, a ^ hotkey ---------------
    r=$tmp/menu
    mkdir -p "$r/boot/extlinux"
    for k in a b; do rnd "$r/boot/$k.bin" 3000; done
    cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
MENU HIDDEN
MENU AUTOBOOT Starting in # {second,seconds}
TIMEOUT 30
LABEL a
  MENU LABEL ^Alpha
  KERNEL /boot/a.bin
LABEL b
  MENU LABEL The ^Rescue kernel
  KERNEL /boot/b.bin
CONF
    mkimg "$r" "$tmp/menu.img"
    boot menu "$tmp/menu.img" lm3s6965evb
    # stdout is a pipe: the countdown is one line, not its updates (#30.5).
    r1=$tmp/menu1
    mkdir -p "$r1/boot/extlinux"
    cp "$r/boot/a.bin" "$r1/boot/a.bin"
    sed 's/^TIMEOUT 30$/TIMEOUT 10/' "$r/boot/extlinux/extlinux.conf" \
        >"$r1/boot/extlinux/extlinux.conf"
    mkimg "$r1" "$tmp/menu1.img"
    boot menu1 "$tmp/menu1.img" lm3s6965evb
    has "$tmp/menu.log" "^Starting in 3 seconds *$" &&
    [ "$(grep -c 'Starting in' "$tmp/menu.log")" = 1 ] &&
    has "$tmp/menu1.log" "^Starting in 1 second *$" &&
    ! has "$tmp/menu.log" "Alpha|Rescue" &&
    cmp -s "$tmp/menu.out/kernel.bin" "$r/boot/a.bin" &&
    cmp -s "$tmp/menu1.out/kernel.bin" "$r/boot/a.bin"
    ok $? "MENU HIDDEN shows only MENU AUTOBOOT's line (# and {second,seconds}), once to a pipe; the default boots" "$tmp/menu.log"
    printf 'R' >"$tmp/key"
    boot hot "$tmp/menu.img" lm3s6965evb "$tmp/key"
    has "$tmp/hot.log" "^label: 'b'" && ! has "$tmp/hot.log" "\^" &&
    cmp -s "$tmp/hot.out/kernel.bin" "$r/boot/b.bin"
    ok $? "the ^R hotkey boots label b (any case)" "$tmp/hot.log"
    printf 'x\nlabels\n' >"$tmp/key"
    boot shown "$tmp/menu.img" lm3s6965evb "$tmp/key"
    has "$tmp/shown.log" " 2 b +The Rescue kernel$" &&
    [ "$(count "$tmp/shown.log" "Alpha")" -ge 2 ]
    ok $? "a key shows the hidden menu; MENU LABEL without its caret" "$tmp/shown.log"
fi

# --- a config longer than the buffer: the label crossing the cut dropped ---
r=$tmp/cut
mkdir -p "$r/boot/extlinux"
rnd "$r/boot/k.bin" 3000
{
    printf 'LABEL kept\n  KERNEL /boot/k.bin\n  APPEND kept\n'
    i=0
    while [ $i -lt 400 ]; do
        printf '# padding line %03d xxxxxxxxxxxxxxxxxxxxxxxxxxxx\n' $i
        i=$((i + 1))
    done
    printf 'LABEL last\n  KERNEL /boot/k.bin\n  APPEND last\n'
} >"$r/boot/extlinux/extlinux.conf"
csize=$(stat -c %s "$r/boot/extlinux/extlinux.conf")
mkimg "$r" "$tmp/cut.img"
boot cut "$tmp/cut.img" lm3s6965evb
if tiny; then limit=2048; else limit=8192; fi
# A line of padding and the open label at the end: with 8 KiB, 'kept'
# is closed by nothing before the cut either, so it is the one dropped.
if tiny; then fit='[0-9]+ fit'; else fit='only the first [0-9]+ fit'; fi
has "$tmp/cut.log" "^config: warning: /boot/extlinux/extlinux.conf is $csize bytes; $fit$" &&
has "$tmp/cut.log" "^config: /boot/extlinux/extlinux.conf: label 'kept' crosses the cut; dropped$" &&
{ if tiny; then has "$tmp/cut.log" "^config: no LABEL; nothing to boot"
  else has "$tmp/cut.log" "0 labels"; fi; } && [ "$csize" -gt "$limit" ]
ok $? "a $csize-byte config past the $limit-byte buffer: the label crossing the cut is dropped, not booted" "$tmp/cut.log"

echo "1..$n"
