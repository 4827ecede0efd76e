#!/usr/bin/env bash
# The `make qemu BOARD=sifive-u` card: 64 MiB, GPT, ext4, an extlinux.conf
# whose default label boots a 2 MiB test kernel (with its SHA-256) on the
# device tree QEMU passed, and a second label with a device tree file.
#   mkdemo.sh OUT.img SIFIVE_QEMU_DIR MKKERNEL
set -eu
out=$1 q=$2 mkkernel=$3
root=$q/demo-root
rm -rf "$root"
mkdir -p "$root/boot/extlinux"
"$mkkernel" "$q/payload.bin" "$root/boot/kernel.bin" 2097152
(cd "$root/boot" && sha256sum kernel.bin >kernel.bin.sha256)
"$mkkernel" "$q/payload.bin" "$root/boot/rescue.bin" 65536
"$mkkernel" --fdt "$root/boot/rescue.dtb" "extload demo board"
cat >"$root/boot/extlinux/extlinux.conf" <<'CONF'
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
bash "$(dirname "$0")/../mkimage.sh" "$out" "$root" --card 64M --table gpt --fs ext4
