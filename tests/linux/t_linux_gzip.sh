#!/usr/bin/env bash
# The test Linux booted through extload on sifive-u from compressed
# kernels (issue 52): the card of tests/linux/mkcard.sh with its Image
# replaced by Image.gz (gzip -9 -n), then by an EFI zboot image built
# from the same Image (its 64-byte header written here per Linux's
# drivers/firmware/efi/libstub/zboot-header.S, the payload the Image
# padded to its image_size and gzip'd, as Makefile.zboot does), each with
# a .sha256 of the file as stored; the uncompressed Image is not on the
# card. extload inflates the kernel into the Image's place, Linux boots,
# its init reports and reboots (-no-reboot: QEMU exits). HANG_GUARD
# (seconds) only stops a hung QEMU; nothing is timed.
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_gzip
HANG_GUARD=${HANG_GUARD:-600}
FAIL_TAIL=40
FW=$BUILD/sifive-u/extload.elf
PATH=$PATH:/sbin:/usr/sbin
qemu_build "$Q/t_gzip-build.log" "make linux, the sifive-u loader" \
    linux firmware BOARD=sifive-u

# gz_boot NAME KERNEL: a card whose only kernel is KERNEL (Image.gz or
# vmlinuz.efi), booted; leaves $T/NAME.log, $rc, $last.
gz_boot() {
    local name=$1 kernel=$2 dir=$T/$1
    last=$name
    cat >"$T/hook-$name.sh" <<HOOK
set -eu
cd "\$1"
gzip -9 -n -c Image >Image.gz
python3 - <<'EOF'
import struct, zlib
img = open("Image", "rb").read()
size = struct.unpack("<Q", img[16:24])[0]          # image_size
raw = img + bytes(max(0, size - len(img)))         # padded, as copy_and_pad
c = zlib.compressobj(9, zlib.DEFLATED, 31)         # a gzip member
payload = c.compress(raw) + c.flush()
off = 4096
h = bytearray(64)
h[0:4] = struct.pack("<I", 0x5A4D)                 # MZ
h[4:8] = b"zimg"
h[8:16] = struct.pack("<II", off, len(payload))
h[0x18:0x1C] = b"gzip"
h[0x38:0x40] = struct.pack("<II", 0x818223CD, 0x40)
stub = bytes(h) + bytes(off - 64)
open("vmlinuz.efi", "wb").write(stub + payload + bytes(512))
EOF
rm Image Image.sha256
sha256sum $kernel >$kernel.sha256
cat >extlinux/extlinux.conf <<CONF
DEFAULT $name
LABEL $name
    LINUX /$kernel
    INITRD /initrd.img,/initrd-2.img
    FDTDIR /dtbs
    APPEND $append
CONF
HOOK
    if ! bash tests/linux/mkcard.sh "$T/$name.img" --linux "$Q" \
            --keep "$dir" --hook "$T/hook-$name.sh" --append "$append" \
            >"$T/$name.tokens" 2>&1; then
        rc=card
        cp "$T/$name.tokens" "$T/$name.log"
        return
    fi
    root_token=$(sed -n 's/^root_token=//p' "$T/$name.tokens")
    timeout "$HANG_GUARD" qemu-system-riscv64 -M sifive_u,msel=11 \
        -smp 2 -m 128M -nographic -no-reboot -bios "$FW" \
        -drive "if=sd,format=raw,file=$T/$name.img,snapshot=on" \
        </dev/null >"$T/$name.log" 2>&1
    rc=$?
    drop_cr "$T/$name.log"
}

append="earlycon=sbi console=ttySIF0 root=/dev/mmcblk0p2 rootwait ro extload.run=gz-$RANDOM"
image_bytes=$(stat -c %s "$Q/Image")
for k in gz:Image.gz zboot:vmlinuz.efi; do
    name=${k%%:*} kernel=${k#*:}
    gz_boot "$name" "$kernel"
    stored=$( [ -f "$T/$name/boot/$kernel" ] && stat -c %s "$T/$name/boot/$kernel")
    what=$([ "$name" = gz ] && echo "gzip" || echo "EFI zboot image, gzip payload")
    check "$name: /$kernel inflated as $what ($stored bytes stored)" 0 \
        "^inflate: /$kernel: $what, $stored bytes -> [0-9]+ bytes\$" \
        "^load: /$kernel -> 0x80200000, [0-9]+ bytes"
    check "$name: its .sha256 matches the $stored bytes as stored" 0 \
        "^verify: sha256 [0-9a-f]{16}\\.\\.\\. matches /$kernel\\.sha256, $stored bytes"
    if [ "$name" = gz ]; then
        check "gz: the inflated kernel is the Image's $image_bytes bytes" 0 \
            "^boot: label 'gz': kernel $image_bytes bytes at 0x80200000"
    fi
    check "$name: Linux boots, its init runs to the end and reboots" 0 \
        '^INIT: start$' '^INIT: done$' 'reboot: Restarting system' \
        '!Kernel panic' '!^INIT: FAIL'
    check "$name: /proc/cmdline is APPEND and extload.label=$name" 0 \
        "^INIT: cmdline $append extload\\.label=$name\$"
    check "$name: the root partition mounts, its token read" 0 \
        "^INIT: root mounted /dev/mmcblk0p2 ext4 ro\$" \
        "^INIT: root-token $root_token\$"
done

qemu_done "$Q/t_gzip.last"
