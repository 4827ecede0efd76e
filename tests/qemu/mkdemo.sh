#!/usr/bin/env bash
# The `make qemu` demo cards, 64 MiB, ext4:
#   lm3s6965evb: MBR; an extlinux.conf with a menu (title, two labels, a
#     3 s countdown), the test kernel with its SHA-256 and a device tree.
#   sifive-u: GPT; an extlinux.conf whose default label boots a 2 MiB test
#     kernel (with its SHA-256) on the device tree QEMU passed, and a
#     second label with a device tree file.
#   mkdemo.sh BOARD OUT.img PAYLOAD_DIR MKKERNEL
# PAYLOAD_DIR holds the board's test kernel (payload.bin, payload-raw.bin).
set -eu
board=$1 out=$2 q=$3 mkkernel=$4
root=$q/demo-root
rm -rf "$root"
mkdir -p "$root/boot/extlinux"
conf=$root/boot/extlinux/extlinux.conf
# the kernel's size, the rescue kernel (its build and size), the device
# tree file, the partition table
case $board in
lm3s6965evb) size=24576 rescue=payload-raw.bin rsize=8192
             dtb=lm3s6965evb.dtb table=mbr ;;
sifive-u)    size=2097152 rescue=payload.bin rsize=65536
             dtb=rescue.dtb table=gpt ;;
*) echo "mkdemo.sh: unknown board '$board'" >&2; exit 1 ;;
esac
"$mkkernel" "$q/payload.bin" "$root/boot/kernel.bin" "$size"
(cd "$root/boot" && sha256sum kernel.bin >kernel.bin.sha256)
"$mkkernel" "$q/$rescue" "$root/boot/rescue.bin" "$rsize"
"$mkkernel" --fdt "$root/boot/$dtb" "extload demo board"
case $board in
lm3s6965evb)
    cat >"$conf" <<'CONF'
# extload demo: the menu counts down 3 s, then the default label boots the
# test kernel with a device tree; "rescue" is tried if it cannot be loaded
# or fails its SHA-256. A key stops the countdown: 1 or 2 boots that
# label, Enter the default, any other key opens the extload> prompt.
MENU TITLE extload demo card
TIMEOUT 30
DEFAULT demo

LABEL demo
    MENU LABEL Test kernel, SHA-256 checked, with a device tree
    KERNEL /boot/kernel.bin
    FDT /boot/lm3s6965evb.dtb
    APPEND console=ttyAMA0,115200 root=/dev/mmcblk0p2 rootwait

LABEL rescue
    MENU LABEL Rescue kernel (raw Thumb entry, no SHA-256)
    LINUX /boot/rescue.bin
    APPEND rescue
CONF
    ;;
sifive-u)
    cat >"$conf" <<'CONF'
# extload demo: the default label boots the test kernel on the device
# tree the machine passed at reset; "rescue" is tried if it cannot be
# loaded or fails its SHA-256, with a device tree of its own.
TIMEOUT 30
DEFAULT demo

LABEL demo
    KERNEL /boot/kernel.bin
    APPEND console=ttySIF0,115200 root=/dev/mmcblk0p2 rootwait

LABEL rescue
    LINUX /boot/rescue.bin
    FDT /boot/rescue.dtb
    APPEND rescue
CONF
    ;;
esac
bash "$(dirname "$0")/mkimage.sh" "$out" "$root" --card 64M --table "$table" --fs ext4
