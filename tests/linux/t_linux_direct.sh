#!/usr/bin/env bash
# The test Linux booted WITHOUT extload, to prove the kernel, the
# initramfs and the card on their own: QEMU 7.2's own OpenSBI (-bios
# default) starts build/linux/Image in supervisor mode with -initrd (the
# card's two initrd files, concatenated as the loader will) and -dtb (the
# card's device tree, with its marker). The init reports on the console
# and reboots; -no-reboot makes QEMU exit.
#
# Two boots: MBR + ext4 on -smp 2 -m 128M (one U54 runs Linux: the E51
# has no supervisor mode), and GPT + ext2 with 1 KiB blocks on -smp 5
# -m 1G (four U54s). Each checks every line of the init's report against
# the card's tokens (fresh random ones each run), the device tree's
# initrd range against the file's size, mmc_spi finding the card, and a
# clean exit. HANG_GUARD (seconds) only stops a hung QEMU; nothing is
# timed.
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"   # cd to the top; BUILD
Q=$BUILD/linux
T=$Q/t_direct
HANG_GUARD=${HANG_GUARD:-600}
FAIL_TAIL=40
qemu_build "$Q/t_direct-build.log" "make linux (the kernel and initramfs)" linux

# linux_boot NAME CARD-OPTIONS... -- QEMU-OPTIONS...: a card from
# tests/linux/mkcard.sh, then QEMU on it; leaves $T/NAME.log, $rc, $last
# and the card's tokens in $root_token, $marker, $initrd_token,
# $initrd2_token, the initrd's size in $initrd_size, the APPEND in $append.
linux_boot() {
    local name=$1 card=() qemu=() dir=$T/$1; shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do card+=("$1"); shift; done
    shift
    qemu=("$@")
    last=$name
    append="console=ttySIF0 root=/dev/mmcblk0p2 ro extload.run=$name-$RANDOM"
    if ! bash tests/linux/mkcard.sh "$T/$name.img" --linux "$Q" \
            --keep "$dir" --marker "marker-$name-$RANDOM" \
            --append "$append" "${card[@]}" >"$T/$name.tokens" 2>&1; then
        rc=card
        cp "$T/$name.tokens" "$T/$name.log"
        return
    fi
    root_token=$(sed -n 's/^root_token=//p' "$T/$name.tokens")
    marker=$(sed -n 's/^marker=//p' "$T/$name.tokens")
    initrd_token=$(sed -n 's/^initrd_token=//p' "$T/$name.tokens")
    initrd2_token=$(sed -n 's/^initrd2_token=//p' "$T/$name.tokens")
    cat "$dir/boot/initrd.img" "$dir/boot/initrd-2.img" >"$T/$name.initrd"
    initrd_size=$(stat -c %s "$T/$name.initrd")
    timeout "$HANG_GUARD" qemu-system-riscv64 -M sifive_u "${qemu[@]}" \
        -nographic -no-reboot -bios default -kernel "$Q/Image" \
        -initrd "$T/$name.initrd" \
        -dtb "$dir/boot/dtbs/sifive/hifive-unleashed-a00.dtb" \
        -append "$append" \
        -drive "if=sd,format=raw,file=$T/$name.img,snapshot=on" \
        </dev/null >"$T/$name.log" 2>&1
    rc=$?
    drop_cr "$T/$name.log"
}

# report NAME PART CPUS MEMKB-MIN: the checks of one boot.
report() {
    local name=$1 part=$2 cpus=$3 memmin=$4 log=$T/$last.log mem
    check "$name: QEMU exits 0 after the init's reboot (-no-reboot)" 0 \
        '^INIT: done$' 'reboot: Restarting system' '!Kernel panic'
    check "$name: no init step failed, the initramfs unpacked whole" 0 \
        '^INIT: start$' '!^INIT: FAIL' '!Initramfs unpacking failed' \
        '!Warning: unable to open an initial console'
    check "$name: /proc/cmdline is the -append text" 0 \
        "^INIT: cmdline $append\$"
    check "$name: the first cpio's token (its last member)" 0 \
        "^INIT: initrd-1 $initrd_token\$"
    check "$name: the second cpio, appended to the first, unpacked too" 0 \
        "^INIT: initrd-2 $initrd2_token\$"
    check "$name: the device tree is the card's (its /chosen marker)" 0 \
        "^INIT: dt extload-marker $marker\$" \
        "^INIT: dt bootargs $append\$"
    check "$name: /chosen's initrd range spans the $initrd_size bytes" 0 \
        "^INIT: dt initrd 0x[0-9a-f]+\\.\\.0x[0-9a-f]+ \\($initrd_size bytes\\)\$"
    check "$name: mmc_spi finds the card on spi@10050000, $part appears" 0 \
        'sifive_spi 10050000\.spi: mapped' \
        'mmc_spi spi[0-9]\.0: SD/MMC host mmc0' \
        "^INIT: root $part after [0-9]+ polls\$" \
        "^INIT: sd SD QEMU! $(($(stat -c %s "$T/$last.img") / 512))\$"
    check "$name: the root partition mounts read-only, its token read" 0 \
        "^INIT: root mounted $part ext4 ro\$" \
        "^INIT: root-token $root_token\$"
    check "$name: CPUs online: $cpus" 0 "^INIT: cpus $cpus\$"
    mem=$(sed -n 's/^INIT: mem MemTotal: *\([0-9]*\) kB$/\1/p' "$log")
    if [ -n "$mem" ] && [ "$mem" -ge "$memmin" ]; then
        pass "$name: MemTotal $mem kB (>= $memmin)"
    else
        fail "$name: MemTotal '$mem' kB, want >= $memmin" "$log" \
            "the INIT: mem line"
    fi
}

linux_boot mbr-ext4-smp2 --table mbr --fs ext4 --smp 2 --mem 128M \
    -- -smp 2 -m 128M
report mbr-ext4-smp2 /dev/mmcblk0p2 0 100000

linux_boot gpt-ext2-smp5 --table gpt --fs ext2-1k --smp 5 --mem 1G \
    -- -smp 5 -m 1G
report gpt-ext2-smp5 /dev/mmcblk0p2 0-3 900000

qemu_done "$Q/t_direct.last"
