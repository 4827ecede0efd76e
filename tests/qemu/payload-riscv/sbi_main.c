/* A test build's board_main (build/sifive-u/extload-sbi.elf): proves
 * board_handoff()'s SBI path without the label flow. QEMU places the SBI
 * firmware at 0x80000000 and the S-mode test kernel (sbi_payload.c) at
 * 0x80200000 (-device loader); this fills a struct boot_image for a
 * RISC-V Linux kernel with the device tree QEMU passed in a1 and hands
 * off. With nothing at 0x80000000 it names no firmware, and the hand-off
 * must refuse by name (the stop code is then 64 + 10). */
#include "board/board.h"

#define SBI_FW_ADDR     0x80000000u
#define SBI_KERNEL_ADDR 0x80200000u
#define SBI_KERNEL_SIZE 0x10000u      /* the test kernel is smaller */

void board_main(void)
{
    const struct boot_env *env = NULL;
    int rc = board_init(&env);

    if (rc)
        board_stop(BOARD_STOP_BOOT_FAILED - rc);
    const volatile uint32_t *fw = (const volatile uint32_t *)SBI_FW_ADDR;
    struct boot_image img = {
        .kernel = (const uint8_t *)(uintptr_t)SBI_KERNEL_ADDR,
        .kernel_addr = SBI_KERNEL_ADDR,
        .kernel_size = SBI_KERNEL_SIZE,
        .kernel_kind = BOOT_KERNEL_LINUX_RISCV,
        .fdt_addr = env->default_fdt_addr,
        .fdt_size = env->default_fdt_size,
        .fw_addr = fw[0] ? SBI_FW_ADDR : 0,
        .fw_size = 0,
    };
    con_printf(&env->con, "sbi-test: firmware %s at 0x%08x, S-mode kernel at "
               "0x%08x, fdt 0x%08x\n", img.fw_addr ? "placed" : "absent",
               (unsigned)SBI_FW_ADDR, (unsigned)img.kernel_addr,
               (unsigned)img.fdt_addr);
    rc = env->handoff(env->handoff_ctx, &img);
    board_stop(BOARD_STOP_BOOT_FAILED - rc);
}
