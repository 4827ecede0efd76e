#!/usr/bin/env bash
# The sifive-u SBI hand-off (board_handoff for a RISC-V Linux kernel),
# without the label flow: build/sifive-u/extload-sbi.elf
# (tests/qemu/payload-riscv/sbi_main.c) hands off to OpenSBI's generic
# fw_dynamic (Debian's qemu-system-data), which QEMU places at 0x80000000,
# and an S-mode test kernel (tests/qemu/payload-riscv/sbi_payload.c) at
# 0x80200000. Started as the FU540 starts a loader from the card
# (-M sifive_u,msel=11 -bios), with -smp 2 and 5, -m 128M and 1G. The
# S-mode kernel reboots through SBI SRST; -no-reboot makes that QEMU's
# exit. TAP; runs are counted in guest instructions (-icount), not timed.
set -u
# shellcheck source=tests/qemu/lib.sh
. "$(dirname "$0")/lib.sh"        # cd to the top; BUILD
Q=$BUILD/sifive-u/qemu
T=$Q/sbi.$$
FW=$BUILD/sifive-u/extload-sbi.elf
SBI_FW=${SBI_FW:-/usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin}
qemu_board sifive-u

qemu_build "$Q-sbi-build.log" \
    "build the SBI hand-off test build and the S-mode test kernel" \
    firmware-sifive-u qemu-tools-sifive-u
if [ ! -f "$SBI_FW" ]; then
    echo "not ok 1 - OpenSBI's fw_dynamic ($SBI_FW; Debian's qemu-system-data)"
    exit 1
fi
truncate -s 64M "$T/blank.img"    # board_init wants a card; nothing is read

QEMU0=("${QEMU[@]}")
# sbi_boot NAME SMP MEM [fw]: the firmware (unless "nofw") and the S-mode
# kernel placed by QEMU.
sbi_boot() {
    local name=$1 smp=$2 mem=$3 fw=()
    [ "${4:-}" = nofw ] ||
        fw=(-device "loader,file=$SBI_FW,addr=0x80000000")
    QEMU=("${QEMU0[@]}" -smp "$smp" -m "$mem" -no-reboot "${fw[@]}"
          -device "loader,file=$Q/sbi-payload.bin,addr=0x80200000")
    boot "$name" "$T/blank.img"
    QEMU=("${QEMU0[@]}")
}

for smp in 2 5; do
    for mem in 128M 1G; do
        sbi_boot "smp$smp-$mem" "$smp" "$mem"
        last_hart=$((smp - 1))
        dt=$(sed -nE 's/^reset: a1 = device tree at 0x([0-9a-f]+), .*/\1/p' "$T/$last.log")
        check "-smp $smp -m $mem: every hart enters fw_dynamic, a U54 starts the S-mode kernel (a0 = hart, a1 = the tree at 0x${dt:-?})" 0 \
            "/memory: [0-9]+ MiB at 0x80000000; $smp harts" \
            "handoff: SBI firmware \(fw_dynamic\) at 0x80000000: harts 0-$last_hart enter it in M-mode, a0=hart, a1=0x${dt:-none} \(fdt\), a2=0x080[0-9a-f]{5} \(fw_dynamic_info v2: next 0x80200000 in S-mode, boot hart 0\)" \
            "^handoff: $last_hart of $last_hart other harts answered the roll call and entered the firmware; hart 0 follows\$" \
            "^Platform HART Count +: $smp\$" \
            "^Domain0 HARTs +: 0\*(,[1-4]\*){$last_hart}\$" \
            "^Domain0 Next Address +: 0x0*80200000\$" \
            "^Domain0 Next Arg1 +: 0x0*${dt:-none}\$" \
            "^Domain0 Next Mode +: S-mode\$" \
            "^Boot HART ID +: [1-4]\$" \
            "^payload-s: a0=[1-4] a1=${dt:-none}\$" \
            "^payload-s: mode S\$" \
            "^payload-s: SBI [0-9]+\.[0-9]+, implementation 1 \(OpenSBI\)" \
            "^payload-s: hart [1-4] \(a U54\), HSM status 0\$" \
            "^payload-s: fdt at ${dt:-none}, magic d00dfeed" \
            "^payload-s: 0 checks failed\$" "!FAIL" "!fault:"
        # Every other U54 waits in the firmware's HSM: each starts from
        # the S-mode kernel, runs in S-mode and stops.
        others=()
        for h in $(seq 1 "$last_hart"); do
            [ "$h" = "$(sed -nE 's/^payload-s: a0=([0-9]+) .*/\1/p' "$T/$last.log")" ] ||
                others+=("^payload-s: hart $h: HSM start accepted, ran in S-mode\$")
        done
        check "-smp $smp -m $mem: the other U54s (${#others[@]}) wait in the firmware and start in S-mode through HSM" 0 \
            "${others[@]}" "!never ran" "!HSM start refused"
        # The hart that started the kernel is the one OpenSBI names.
        b=$(sed -nE 's/^Boot HART ID +: ([0-9]+)$/\1/p' "$T/$last.log")
        check "-smp $smp -m $mem: the S-mode kernel runs on OpenSBI's boot hart (${b:-?})" 0 \
            "^payload-s: a0=${b:-none} "
    done
done

# -m 1G: the device tree sits near the top of 1 GiB, as /memory says.
check "-m 1G: the window and the tree follow /memory (1024 MiB)" 0 \
    "/memory: 1024 MiB at 0x80000000" "window: 0x80000000-0xbfe00000 "

# Without firmware the hand-off refuses by name; the loader stops with
# 64 + 10 (BOOT_EHANDOFF) and nothing was entered.
sbi_boot nofw 2 128M nofw
check "no SBI firmware: the hand-off refuses and says why" 74 \
    "sbi-test: firmware absent" \
    "handoff: a RISC-V Linux kernel starts through SBI firmware and a device tree: no firmware loaded" \
    "!OpenSBI" "!payload-s:"

qemu_done "$Q/sbi"
