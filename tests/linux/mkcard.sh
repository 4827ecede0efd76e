#!/usr/bin/env bash
# Builds an SD card that boots the test Linux the way a distribution lays
# it out: partition 1 a /boot filesystem, partition 2 the root filesystem.
#
#   mkcard.sh OUT.img [options]
#     --linux DIR      the kernel and initramfs (build/linux: Image,
#                      initrd.cpio, initrd-2.cpio)
#     --card SIZE      card size, a power of two (64M; QEMU needs one)
#     --table T        mbr | gpt (mbr)
#     --fs F           ext4 | ext2-1k, both partitions (ext4)
#     --boot-size SIZE partition 1's size (32M); partition 2 takes the rest
#     --smp N --mem M  the QEMU machine whose device tree goes on the card
#                      (2, 128M): qemu-system-riscv64 -M sifive_u,dumpdtb
#     --marker TEXT    /chosen/extload-marker in that tree (extload-card)
#     --root-token T   the line /root-token on partition 2 holds
#                      (root-<random hex>)
#     --append TEXT    the label's APPEND (earlycon=sbi console=ttySIF0
#                      root=/dev/mmcblk0p2 rootwait ro)
#     --keep DIR       leave the two trees in DIR/boot and DIR/root
#     --hook SCRIPT    run `bash SCRIPT BOOTDIR` once partition 1's tree is
#                      written, before its filesystem is made (a test's
#                      own labels, broken files, symlinks)
#
# Partition 1 (its files at its top, as a separate /boot partition is):
#   Image, Image.sha256               the kernel
#   initrd.img, initrd-2.img (+.sha256)   two cpio archives, concatenated
#                                     by the loader (INITRD a,b)
#   dtbs/sifive/hifive-unleashed-a00.dtb (+.sha256)   QEMU's tree plus the
#                                     marker (FDTDIR /dtbs)
#   fw_dynamic.bin (+.sha256)         OpenSBI's generic fw_dynamic from
#                                     qemu-system-data (FIRMWARE)
#   extlinux/extlinux.conf
# Partition 2: root-token. The card's tokens are printed as NAME=VALUE
# lines on stdout (root_token, marker, initrd_token, initrd2_token) for a
# test to compare with the init's report.
set -eu
out=$1; shift
linux=build/linux card=64M table=mbr fs=ext4 boot_size=32M smp=2 mem=128M
marker=extload-card rtok='' keep='' hook=''
append="earlycon=sbi console=ttySIF0 root=/dev/mmcblk0p2 rootwait ro"
while [ $# -gt 0 ]; do
    case $1 in
    --linux) linux=$2 ;; --card) card=$2 ;; --table) table=$2 ;;
    --fs) fs=$2 ;; --boot-size) boot_size=$2 ;; --smp) smp=$2 ;;
    --mem) mem=$2 ;; --marker) marker=$2 ;; --root-token) rtok=$2 ;;
    --append) append=$2 ;; --keep) keep=$2 ;; --hook) hook=$2 ;;
    *) echo "mkcard: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
done
PATH=$PATH:/sbin:/usr/sbin
fw=/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin
dtbname=sifive/hifive-unleashed-a00.dtb
[ -n "$rtok" ] || rtok=root-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
case $fs in
ext4) mkfs=(-t ext4 -b 4096) ;;
ext2-1k) mkfs=(-t ext2 -b 1024) ;;
*) echo "mkcard: unknown fs $fs" >&2; exit 2 ;;
esac
case $table in
mbr) t_boot=83 t_root=83 ;;
gpt) t_boot=0FC63DAF-8483-4772-8E79-3D69D8477DE4 t_root=$t_boot ;;
*) echo "mkcard: unknown table $table" >&2; exit 2 ;;
esac
for f in Image initrd.cpio initrd-2.cpio; do
    [ -f "$linux/$f" ] || { echo "mkcard: no $linux/$f (make linux)" >&2; exit 1; }
done
[ -f "$fw" ] || { echo "mkcard: no $fw (qemu-system-data)" >&2; exit 1; }

tmp=${keep:-$out.d}
rm -rf "$tmp"
mkdir -p "$tmp/boot/extlinux" "$tmp/boot/dtbs/sifive" "$tmp/root"
boot=$tmp/boot
cp "$linux/Image" "$boot/Image"
cp "$linux/initrd.cpio" "$boot/initrd.img"
cp "$linux/initrd-2.cpio" "$boot/initrd-2.img"
cp "$fw" "$boot/fw_dynamic.bin"
qemu-system-riscv64 -M "sifive_u,dumpdtb=$boot/dtbs/$dtbname" -smp "$smp" \
    -m "$mem" -nographic -bios none >/dev/null 2>&1 </dev/null
fdtput -t s "$boot/dtbs/$dtbname" /chosen extload-marker "$marker"
for f in Image initrd.img initrd-2.img fw_dynamic.bin dtbs/$dtbname; do
    (cd "$boot/$(dirname "$f")" && sha256sum "$(basename "$f")" \
        >"$(basename "$f").sha256")
done
cat >"$boot/extlinux/extlinux.conf" <<CONF
# extload: Linux 6.1 with the test initramfs (tests/linux/mkcard.sh).
# Partition 1 is /boot; the kernel mounts partition 2 as its root.
DEFAULT linux
LABEL linux
    MENU LABEL Linux 6.1, test initramfs
    LINUX /Image
    INITRD /initrd.img,/initrd-2.img
    FDTDIR /dtbs
    FIRMWARE /fw_dynamic.bin
    APPEND $append
CONF
printf '%s\n' "$rtok" >"$tmp/root/root-token"
[ -z "$hook" ] || bash "$hook" "$boot" || { echo "mkcard: $hook failed" >&2; exit 1; }

bytes() { numfmt --from=iec "$1"; }
mib=1048576
card_b=$(bytes "$card") boot_b=$(bytes "$boot_size")
# partition 2 ends 1 MiB before the card's end (GPT's backup table).
root_b=$((card_b - 2 * mib - boot_b))
[ "$root_b" -ge $((8 * mib)) ] || { echo "mkcard: card too small" >&2; exit 2; }
rm -f "$out"
truncate -s "$card_b" "$out"
printf 'label: %s\nstart=%d, size=%d, type=%s\nstart=%d, size=%d, type=%s\n' \
    "$([ "$table" = mbr ] && echo dos || echo gpt)" \
    $((mib / 512)) $((boot_b / 512)) "$t_boot" \
    $(((mib + boot_b) / 512)) $((root_b / 512)) "$t_root" |
    sfdisk -q "$out" >/dev/null
part() {                           # DIR OFFSET SIZE LABEL
    local img=$out.part
    rm -f "$img"
    truncate -s "$3" "$img"
    mke2fs -q -F "${mkfs[@]}" -L "$4" -d "$1" "$img"
    dd if="$img" of="$out" bs=1M seek=$(($2 / mib)) conv=notrunc,sparse \
        status=none
    rm -f "$img"
}
part "$boot" "$mib" "$boot_b" boot
part "$tmp/root" $((mib + boot_b)) "$root_b" root
[ -n "$keep" ] || rm -rf "$tmp"
echo "root_token=$rtok"
echo "marker=$marker"
echo "initrd_token=$(cat "$linux/initrd.token" 2>/dev/null)"
echo "initrd2_token=$(cat "$linux/initrd-2.token" 2>/dev/null)"
