#!/usr/bin/env bash
# Boots the sifive-u (RISC-V, FU540) firmware in qemu-system-riscv64 on SD
# card images built here and checks exit codes and console logs. TAP.
#
# The RISC-V test kernel (tests/qemu/payload-riscv) exits with its
# failed-check count (0 = a0-a2, M-mode with interrupts off, the hand-off
# block, the FDT and its own bytes were right); the loader stops with
# 64 + -enum boot_err (65 no card, ...), 127 on a fault. Runs are counted
# in guest instructions (-icount shift=0), never timed.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/sifive-u/qemu
T=$Q/t.$$                         # private while running: the tree is shared
FW=$BUILD/sifive-u/extload.elf
FW_RESET=$BUILD/sifive-u/extload-reset.elf       # cpu_reset() test build
FW_TINY=$BUILD/sifive-u-tiny/extload.elf   # no prompt: stops where it fails
qemu_board sifive-u

qemu_build "$Q-build.log" \
    "build the sifive-u firmware and the RISC-V test kernel" \
    firmware-sifive-u qemu-tools-sifive-u
qemu_build "$Q-tiny-build.log" "build the sifive-u tiny firmware" \
    PROFILE=tiny firmware-sifive-u

# --- the standard tree: a label with an FDT file, one without ---------------
r=$T/std
kernel "$r/boot/kernel.bin" 20000
sha "$r/boot/kernel.bin"
"$MKKERNEL" --fdt "$r/boot/board.dtb" extload-test
conf "$r" <<'CONF'
TIMEOUT 10
DEFAULT main
LABEL qemu-dt
	KERNEL /boot/kernel.bin
	APPEND uses-qemu-dt
LABEL main
	KERNEL /boot/kernel.bin
	FDT /boot/board.dtb
	APPEND console=ttySIF0 root=/dev/mmcblk0p2 quiet
CONF
image "$T/std-mbr.img" "$r" --fs ext4 --table mbr
boot std-mbr "$T/std-mbr.img"
check "default label boots (ext4, MBR, 64 MiB SDSC over QSPI2)" 0 \
    "extload: sifive-u .*loader at 0x08000000" "window: 0x80000000-" \
    "clock: core 1000 MHz \(core PLL from the 33.33 MHz hfclk\), tlclk 500 MHz; QSPI2 400 kHz for card init, then up to 25000 kHz" \
    "card: SDSC 64 MiB .*SPI 24999 kHz" "part: MBR partition 1 at LBA 2048" \
    "mount: ext4 .* 4096-byte blocks" "label: 'main'" \
    "load: /boot/kernel.bin -> 0x80000000, 20000 bytes, [0-9]+ ms" \
    "verify: sha256 [0-9a-f]{16}\.\.\. matches" \
    "payload: label 'main' kernel 20000 bytes at 80000000.*sha256 verified" \
    "payload: 0 checks failed" "!label: 'qemu-dt'"
check "M-mode entry: a0 = hart 0, a2 = the hand-off block, APPEND reaches it" 0 \
    "handoff: M-mode, interrupts off, entry 0x80000000, a0=0 \(hart\)" \
    'payload: cmdline "console=ttySIF0 root=/dev/mmcblk0p2 quiet"' \
    "payload: a0=0 a1=80004e20 a2=80004e" "!payload: FAIL"
check "the named FDT loaded after the kernel, a1 points to it" 0 \
    "fdt: /boot/board.dtb -> 0x80004e20, [0-9]+ bytes" \
    "handoff: .*a1=0x80004e20 \(fdt\)" \
    "payload: fdt [0-9]+ bytes at 80004e20 \(named, after the kernel\)"

# A label without FDT gets the device tree QEMU passed in a1 at reset.
r2=$T/qemudt; cp -r "$r" "$r2"
sed -i 's/^DEFAULT main/DEFAULT qemu-dt/' "$r2/boot/extlinux/extlinux.conf"
image "$T/qemudt.img" "$r2" --fs ext4 --table mbr
boot qemudt "$T/qemudt.img"
dt=$(sed -nE 's/^reset: a1 = device tree at 0x([0-9a-f]+), .*/\1/p' "$T/qemudt.log")
check "no FDT line: a1 = the device tree QEMU passed at reset (0x${dt:-?})" 0 \
    "reset: a1 = device tree at 0x${dt:-none}, [0-9]+ bytes" \
    "window: 0x80000000-0x${dt:-none} " \
    "fdt: none named; the board's at 0x${dt:-none}" \
    "payload: a0=0 a1=${dt:-none} " \
    "payload: fdt [0-9]+ bytes at ${dt:-none} \(the board's\)" \
    'payload: cmdline "uses-qemu-dt"' "payload: 0 checks failed"

# -m 1G: the window is read from the device tree's /memory node at run
# time and ends below the tree, which QEMU now puts near the 1 GiB top.
QEMU0=("${QEMU[@]}"); QEMU+=(-m 1G)
boot qemudt-1g "$T/qemudt.img"
QEMU=("${QEMU0[@]}")
dt=$(sed -nE 's/^reset: a1 = device tree at 0x([0-9a-f]+), .*/\1/p' "$T/qemudt-1g.log")
check "-m 1G: /memory says 1024 MiB, the window runs to the tree (0x${dt:-?})" 0 \
    "reset: a1 = device tree at 0x${dt:-none}, [0-9]+ bytes; /memory: 1024 MiB at 0x80000000" \
    "window: 0x80000000-0x${dt:-none} \(10[0-9]{8} bytes\)" \
    "payload: a0=0 a1=${dt:-none} " "payload: 0 checks failed"

image "$T/std-gpt.img" "$r" --fs ext4 --table gpt --start 2
boot std-gpt "$T/std-gpt.img"
check "GPT partition table" 0 "part: GPT partition 1 at LBA 4096" \
    "payload: label 'main' .*\(scheme 2\) at LBA 4096" "payload: 0 checks failed"

# --- symlinks ---------------------------------------------------------------
r=$T/link
kernel "$r/boot/images/kernel-1.2.bin" 12345
ln -s images/kernel-1.2.bin "$r/boot/kernel.bin"
conf "$r" <<'CONF'
default a
label a
  kernel /boot/kernel.bin
CONF
image "$T/link.img" "$r"
boot link "$T/link.img"
check "kernel behind a symlink" 0 \
    "load: /boot/kernel.bin -> 0x80000000, 12345 bytes" \
    "payload: label 'a' kernel 12345 bytes" "payload: 0 checks failed"

# --- fallback ---------------------------------------------------------------
fallback_tree "$T/fb-sha" sha
image "$T/fb-sha.img" "$T/fb-sha"
boot fb-sha "$T/fb-sha.img"
check "fallback: default kernel fails SHA-256 -> next label" 0 \
    "verify: /boot/bad.bin: sha256 [0-9a-f]{16}\.\.\. but .sha256 says 0{16}\.\.\.; trying label 'good'" \
    "payload: label 'good'" 'payload: cmdline "fell-back"' "payload: 0 checks failed"

# --- layouts ----------------------------------------------------------------
# 1 KiB blocks: 12 direct blocks, 256 through the indirect block, the rest
# through the double-indirect one.
ext2_card 400000
if debugfs -R "stat /boot/kernel.bin" "$T/ext2.img" 2>/dev/null | grep -q "(DIND)"; then
    boot ext2 "$T/ext2.img"
    check "ext2, 1 KiB blocks: 400000-byte kernel through the double-indirect block" 0 \
        "mount: ext2 .* 1024-byte blocks" \
        "load: /boot/kernel.bin -> 0x80000000, 400000 bytes" \
        "verify: sha256 .* matches" "payload: [0-9]+ padding bytes checked, 0 wrong" \
        "payload: 0 checks failed"
else
    fail "ext2 double indirect" "" "image layout: debugfs shows no (DIND) block"
fi

# A multi-MiB kernel from ext4 extents, with its SHA-256.
r=$T/big; kernel "$r/boot/kernel.bin" 8388608; sha "$r/boot/kernel.bin"
conf "$r" <<'CONF'
LABEL big
  KERNEL /boot/kernel.bin
CONF
image "$T/big.img" "$r" --fs ext4 --table none
if debugfs -R "stat /boot/kernel.bin" "$T/big.img" 2>/dev/null | grep -q "EXTENTS"; then
    boot big "$T/big.img"
    check "ext4 extents: an 8 MiB kernel, SHA-256 checked, load speed reported" 0 \
        "mount: ext4 " \
        "load: /boot/kernel.bin -> 0x80000000, 8388608 bytes, [0-9]+ ms, [0-9]+ KiB/s" \
        "verify: sha256 .* matches" \
        "payload: 83[0-9]{5} padding bytes checked, 0 wrong" "payload: 0 checks failed"
else
    fail "ext4 extents, multi-MiB kernel" "" "image layout: debugfs shows no extents"
fi

# --- faults and stops -------------------------------------------------------
# A kernel that is one illegal instruction (all zeros): it traps while
# mtvec still points at the loader, whose handler reports and stops.
r=$T/ill; mkdir -p "$r/boot"; printf '\000\000\000\000' >"$r/boot/kernel.bin"
image "$T/ill.img" "$r"
boot ill "$T/ill.img"
check "a trap is printed (mcause, mepc, mtval) and the board stops" 127 \
    "handoff: M-mode, interrupts off, entry 0x80000000" \
    "fault: illegal instruction \(mcause 2\) at mepc=80000000 mtval=" \
    "fault: stopped"

boot nocard ""
check "no card: says so and stops" 65 \
    "card: no card answers CMD0; nothing to boot, stop" "!fault:"

r=$T/nolabel; kernel "$r/boot/x.bin" 100
conf "$r" <<'CONF'
DEFAULT a
LABEL a
  KERNEL /boot/missing-a.bin
CONF
image "$T/nolabel.img" "$r"
# The default build opens its prompt here (tests/qemu/t_sifive_prompt.sh);
# the tiny one has none and stops.
boot nolabel "$T/nolabel.img" "$FW_TINY"
check "no bootable label (tiny build): said, then stop" 68 \
    "load: /boot/missing-a.bin: .*; no labels left" \
    "boot: no bootable label \(1 tried\); stop" "!fault:"

# cpu_reset(): GPIO 10 low resets the SoC; the second boot finds the mark
# the first left in RAM.
boot reset "" "$FW_RESET"
check "cpu_reset() resets the SoC (GPIO 10 low) and the loader boots again" 0 \
    "reset-test: boot 1, calling cpu_reset\(\)" \
    "reset-test: boot 2, after cpu_reset\(\)"

# Keep the last run's logs and images in $Q/t for inspection.
qemu_done "$Q/t"
