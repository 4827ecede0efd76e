#!/usr/bin/env bash
# The `make qemu` card: 64 MiB, MBR, ext4, an extlinux.conf with a menu
# (title, two labels, a 3 s countdown), the test kernel with its SHA-256
# and a device tree.
#   mkdemo.sh OUT.img QEMU_BUILD_DIR
set -eu
out=$1 q=$2
root=$q/demo-root
rm -rf "$root"
mkdir -p "$root/boot/extlinux"
"$q/mkkernel" "$q/payload.bin" "$root/boot/kernel.bin" 24576
(cd "$root/boot" && sha256sum kernel.bin >kernel.bin.sha256)
"$q/mkkernel" "$q/payload-raw.bin" "$root/boot/rescue.bin" 8192
"$q/mkkernel" --fdt "$root/boot/lm3s6965evb.dtb" "extload demo board"
cat >"$root/boot/extlinux/extlinux.conf" <<'CONF'
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
bash "$(dirname "$0")/mkimage.sh" "$out" "$root" --card 64M --table mbr --fs ext4
