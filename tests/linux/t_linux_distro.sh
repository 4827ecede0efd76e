#!/usr/bin/env bash
# A distribution's /boot as its own tools write it (#39): Debian's
# u-boot-update (u-boot-menu) writes extlinux.conf for the test Linux,
# its initrd, its device tree under the FDT folder and two device-tree
# overlays, on the three card layouts users have; extload boots the real
# Linux on sifive-u (QEMU, -M sifive_u,msel=11), applying the overlay
# that sets /extload-overlay/token (the init prints it) and skipping by
# name the one whose target node is missing.
#
#   bootpart-boot  /boot its own partition; OpenSBI copied to
#                  /boot/fw_dynamic.bin on it; dtbs under
#                  /usr/lib/linux-image-VERSION/ on it
#   bootpart-root  /boot its own partition; OpenSBI at its root,
#                  /fw_dynamic.bin
#   rootfs         /boot inside the root filesystem; OpenSBI where
#                  Debian's opensbi package puts it,
#                  /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin;
#                  dtbs under /boot/dtbs/VERSION/ (U_BOOT_FDT_DIR)
#
# u-boot-update runs in a private mount namespace (unshare -m) over tmpfs
# /etc/default and /etc/kernel, and over a tmpfs /boot (its own
# partition) or a bind mount of a folder of the root filesystem (/boot
# inside it), so the machine's own files are never touched. None of
# extlinux.conf is written by hand. Needs root (unshare), u-boot-menu and
# linux-base (tests/deps.sh), dtc, the test Linux (make linux).
# HANG_GUARD (seconds) only stops a hung QEMU; nothing is timed.
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_distro
HANG_GUARD=${HANG_GUARD:-600}
FAIL_TAIL=40
FW=$BUILD/sifive-u/extload.elf
OPENSBI=/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin
VERSION=6.1.0-extload
DTB=sifive/hifive-unleashed-a00.dtb
PATH=$PATH:/sbin:/usr/sbin
qemu_build "$Q/t_distro-build.log" "make linux, the sifive-u loader" \
    linux firmware BOARD=sifive-u
for need in u-boot-update linux-version unshare dtc; do
    command -v "$need" >/dev/null || {
        echo "not ok 1 - $need (tests/deps.sh: u-boot-menu, linux-base, device-tree-compiler)"
        exit 1; }
done
token=overlay-$RANDOM-$RANDOM
qemu-system-riscv64 -M "sifive_u,dumpdtb=$T/board.dtb" -smp 2 -m 1G \
    -nographic -bios none >/dev/null 2>&1 </dev/null
printf '/dts-v1/;\n/plugin/;\n&{/} { extload-overlay { token = "%s"; }; };\n' \
    "$token" >"$T/good.dts"
printf '/dts-v1/;\n/plugin/;\n&{/soc/nothere@0} { status = "okay"; };\n' \
    >"$T/missing.dts"
dtc -q -@ -I dts -O dtb -o "$T/10-good.dtbo" "$T/good.dts"
dtc -q -@ -I dts -O dtb -o "$T/20-missing.dtbo" "$T/missing.dts"

# u_boot_update LAYOUT SRC OUT: SRC's files as /boot, u-boot-update run
# over them in a private mount namespace, the /boot it leaves in OUT.
u_boot_update() {
    local layout=$1 src=$2 out=$3 bootmnt
    local fdtdir=/usr/lib/linux-image- odir=/dtbo root=/dev/mmcblk0p1
    if [ "$layout" = rootfs ]; then
        # /boot on the root filesystem: a folder of it bind-mounted.
        bootmnt="mount --bind $T/rootfs-boot /boot"
        fdtdir=/boot/dtbs/ odir=/boot/dtbo
        rm -rf "$T/rootfs-boot"; mkdir -p "$T/rootfs-boot"
    else
        bootmnt="mount -t tmpfs tmpfs /boot"
    fi
    unshare -m sh -ec "
        mount --make-rprivate /
        $bootmnt
        mount -t tmpfs tmpfs /etc/default
        mount -t tmpfs tmpfs /etc/kernel
        cp -a '$src/.' /boot/
        printf '%s\n' 'U_BOOT_ROOT=\"root=$root\"' \
            'U_BOOT_PARAMETERS=\"earlycon=sbi console=ttySIF0 rootwait ro\"' \
            'U_BOOT_TIMEOUT=\"0\"' 'U_BOOT_FDT_DIR=\"$fdtdir\"' \
            'U_BOOT_FDT_OVERLAYS_DIR=\"$odir\"' >/etc/default/u-boot
        u-boot-update
        rm -rf '$out'; mkdir -p '$out'
        cp -a /boot/. '$out/'
    " >"$T/$layout.u-boot-update.log" 2>&1
}

# card LAYOUT: the card image $T/LAYOUT.img from $T/LAYOUT.part (one
# ext4 partition, MBR).
card() {
    local img=$T/$1.img mib=1048576 size=$((63 * 1048576))
    rm -f "$img" "$img.p"
    truncate -s $((size + mib)) "$img"     # 64 MiB: QEMU takes powers of 2
    printf 'label: dos\nstart=%d, size=%d, type=83\n' $((mib / 512)) \
        $((size / 512)) | sfdisk -q "$img" >/dev/null
    truncate -s "$size" "$img.p"
    mke2fs -q -F -t ext4 -d "$T/$1.part" "$img.p"
    dd if="$img.p" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none
    rm -f "$img.p"
}

for layout in bootpart-boot bootpart-root rootfs; do
    src=$T/$layout.src part=$T/$layout.part
    rm -rf "$src" "$part"
    case $layout in
    rootfs) dtbs=$src/dtbs/$VERSION dtbo=$src/dtbo ;;
    *) dtbs=$src/usr/lib/linux-image-$VERSION dtbo=$src/dtbo ;;
    esac
    mkdir -p "$dtbs/$(dirname $DTB)" "$dtbo"
    cp "$Q/Image" "$src/vmlinux-$VERSION"
    cp "$Q/initrd.cpio" "$src/initrd.img-$VERSION"
    cp "$T/board.dtb" "$dtbs/$DTB"
    cp "$T/10-good.dtbo" "$T/20-missing.dtbo" "$dtbo/"
    case $layout in
    bootpart-boot) mkdir -p "$src/boot" && cp "$OPENSBI" "$src/boot/fw_dynamic.bin" ;;
    bootpart-root) cp "$OPENSBI" "$src/fw_dynamic.bin" ;;
    esac
    if ! u_boot_update "$layout" "$src" "$T/$layout.boot"; then
        fail "$layout: u-boot-update writes extlinux.conf" \
            "$T/$layout.u-boot-update.log" "u-boot-update failed"
        continue
    fi
    conf=$T/$layout.boot/extlinux/extlinux.conf
    if [ "$layout" = rootfs ]; then
        mkdir -p "$part/usr/lib/riscv64-linux-gnu/opensbi/generic"
        cp -a "$T/$layout.boot" "$part/boot"
        cp "$OPENSBI" "$part/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin"
        want_fw=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
        pre=/boot
    else
        cp -a "$T/$layout.boot" "$part"
        want_fw=$([ "$layout" = bootpart-boot ] && echo /boot/fw_dynamic.bin || echo /fw_dynamic.bin)
        pre=
    fi
    last=$layout rc=0
    cp "$conf" "$T/$layout.log"
    check "$layout: u-boot-update wrote the labels, FDTDIR and FDTOVERLAYS (not edited by hand)" 0 \
        'Do not edit this file manually, use: u-boot-update' \
        "^	linux $pre/vmlinux-$VERSION\$" \
        "^	fdtdir ${pre:-/usr/lib/linux-image-$VERSION}$([ -n "$pre" ] && echo "/dtbs/$VERSION")/\$" \
        "^	fdtoverlays +$pre/dtbo/10-good\\.dtbo $pre/dtbo/20-missing\\.dtbo\$"
    card "$layout"
    timeout "$HANG_GUARD" qemu-system-riscv64 -M sifive_u,msel=11 -smp 2 -m 1G \
        -nographic -no-reboot -bios "$FW" \
        -drive "if=sd,format=raw,file=$T/$layout.img,snapshot=on" \
        </dev/null >"$T/$layout.log" 2>&1
    rc=$?
    drop_cr "$T/$layout.log"
    check "$layout: the SBI firmware found at $want_fw, no FIRMWARE line" 0 \
        "^firmware: ${want_fw//./\\.} -> 0x80000000"
    check "$layout: the good overlay applied, the one whose target is missing skipped by name" 0 \
        "^fdtoverlay: $pre/dtbo/10-good\\.dtbo: applied; the tree [0-9]+ bytes\$" \
        "^fdtoverlay: $pre/dtbo/20-missing\\.dtbo: device tree byte 0x[0-9a-f]+: fragment's target not found in the tree; skipped\$"
    # The APPEND, then the loader's word (firmware/README.md, "Trial
    # boots"): the label u-boot-update calls l0 booted.
    check "$layout: Linux boots and reads the property only the overlay sets" 0 \
        "^INIT: dt extload-overlay $token\$" '^INIT: done$' \
        "^INIT: cmdline root=/dev/mmcblk0p1 earlycon=sbi console=ttySIF0 rootwait ro extload\\.label=l0\$" \
        '!Kernel panic'
done
qemu_done "$T.keep"
