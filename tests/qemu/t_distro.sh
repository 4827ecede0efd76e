#!/usr/bin/env bash
# A distribution's extlinux.conf on lm3s6965evb in QEMU (#30): Debian's
# u-boot-menu file (tests/distro/debian-u-boot-menu.conf, 1,447 bytes,
# two kernels, four labels), its kernels and initrds made test kernels
# for this board, its fdtdir lines the fdt lines u-boot-menu writes when
# U_BOOT_FDT names a tree (this board has no fdtfile for FDTDIR), and
# DEFAULT naming its fourth label, which the 1,024 bytes read before
# never reached. Both profiles' loaders boot it. TAP output.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/qemu
T=$Q/distro.$$                    # private while running: the tree is shared
FW=$BUILD/lm3s6965evb/extload.elf
FW_TINY=$BUILD/lm3s6965evb-tiny/extload.elf
qemu_board lm3s6965evb

qemu_build "$Q-distro-build.log" "build both loaders and the test kernel" \
    firmware qemu-tools
qemu_build "$Q-distro-tiny-build.log" "build the tiny loader" \
    PROFILE=tiny firmware

r=$T/deb
conf "$r" <tests/distro/debian-u-boot-menu.conf
c=$r/boot/extlinux/extlinux.conf
sed -i -e 's/^default l0$/default l1r/' \
    -e 's|^\tfdtdir \(/usr/lib/linux-image-[^/]*/\)$|\tfdt \1lm3s6965evb.dtb|' \
    -e 's/-riscv64/-armmp/g' "$c"
size=$(stat -c %s "$c")
for v in 6.1.0-13-armmp 6.1.0-12-armmp; do
    kernel "$r/boot/vmlinuz-$v" 16000; sha "$r/boot/vmlinuz-$v"
    printf 'initrd of %s' "$v" >"$r/boot/initrd.img-$v"
    mkdir -p "$r/usr/lib/linux-image-$v"
    "$MKKERNEL" --fdt "$r/usr/lib/linux-image-$v/lm3s6965evb.dtb" "$v"
done
image "$T/deb.img" "$r" --fs ext4 --table mbr
want_cmd="root=UUID=5c3e4b2a-8f1d-4e6b-9a7c-2d0f1e3b4a5c ro console=ttySIF0,115200 earlycon single"

boot deb "$T/deb.img"
if [ "$size" -gt 1024 ]; then :; else fail "the config is over 1 KiB" "" "$size bytes"; fi
check "Debian u-boot-menu ($size bytes, 4 labels): DEFAULT l1r, the fourth, boots" 0 \
    "config: /boot/extlinux/extlinux.conf, $size bytes, 4 labels, default 'l1r'" \
    "Debian GNU/Linux 12 \(bookworm\) 6.1.0-12-armmp \(rescue target\)" \
    "autoboot 'l1r'" "label: 'l1r': kernel /boot/vmlinuz-6.1.0-12-armmp" \
    "verify: sha256 [0-9a-f]{16}\.\.\. matches /boot/vmlinuz-6.1.0-12-armmp.sha256" \
    "fdt: /usr/lib/linux-image-6.1.0-12-armmp/lm3s6965evb.dtb -> " \
    "initrd: /boot/initrd.img-6.1.0-12-armmp -> " \
    "payload: label 'l1r' kernel 16000 bytes" \
    "payload: cmdline \"$want_cmd\"" "payload: 0 checks failed" \
    "!warning|not handled|crosses the cut"

boot deb-tiny "$T/deb.img" "$FW_TINY"
# The tiny boot flow is quiet (BOOT_REPORT=0): no config line; the label
# line and the payload say which label booted.
check "tiny: the same card, its fourth label boots (menu lines named, skipped)" 0 \
    "^label: 'l1r'" \
    "^config: menu label: skipped" \
    "payload: label 'l1r' kernel 16000 bytes" \
    "payload: cmdline \"$want_cmd\"" "payload: 0 checks failed" \
    "!autoboot"

# TOTALTIMEOUT (syslinux: a key stops TIMEOUT, never TOTALTIMEOUT): a key
# opens the prompt, nothing more is typed, and at 1 s the default boots.
sed -i -e 's/^timeout 50$/timeout 600\ntotaltimeout 10/' \
    -e 's/^menu title U-Boot menu$/menu title U-Boot menu\nmenu hidden/' "$c"
image "$T/total.img" "$r" --fs ext4 --table mbr
boot_keys total "$T/total.img" "x"
check "TOTALTIMEOUT ends the prompt a key opened; the default boots; MENU HIDDEN lists on the key" 0 \
    "countdown stopped" "\*4 l1r +Debian GNU/Linux 12 \(bookworm\) 6.1.0-12-armmp \(rescue target\)" \
    "extload> " "prompt: end of input" \
    "menu: TOTALTIMEOUT \(1.0 s\) reached; booting 'l1r'" \
    "payload: label 'l1r' kernel 16000 bytes" "payload: 0 checks failed"

qemu_done
