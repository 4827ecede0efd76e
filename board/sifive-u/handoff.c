/* Entering the kernel: say how, quiet the board, jump.
 *
 * A RISC-V Linux Image goes through the SBI firmware the label loaded
 * (OpenSBI's fw_dynamic): every hart enters it in M-mode with a0 = hart
 * id, a1 = the device tree, a2 = a struct fw_dynamic_info asking for the
 * kernel in S-mode. The block lives in the loader's .bss, in the L2 LIM,
 * which neither the firmware (DRAM from 0x80000000) nor the kernel (its
 * RAM is the device tree's /memory) writes. Anything else is entered in
 * M-mode on this hart, the others staying parked. */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/riscv/fw_dynamic.h"
#include "board/sifive-u/sifive_u.h"

static uint64_t fw_info[FW_DYNAMIC_WORDS];

/* How long the released harts get to leave the loader: they need a few
 * dozen instructions each. */
#define RELEASE_WAIT_TICKS (BOARD_MTIME_HZ / 10u)

static void quiet(struct board_spi *spi)
{
    board_console_flush();
    board_spi_quiet(spi);
    cpu_ms_stop();
}

static int enter_sbi(struct board_spi *spi, const struct boot_image *img)
{
    const struct console *con = board_console();
    uintptr_t hart = cpu_reset_hartid();
    uint32_t harts = board_hart_count();

    if (!img->fw_addr || !img->fdt_addr) {
        con_printf(con, "handoff: a RISC-V Linux kernel starts through SBI "
                   "firmware and a device tree: %s\n",
                   !img->fw_addr ? "no firmware loaded" : "no device tree");
        return BOOT_EHANDOFF;
    }
    /* boot_hart = the loader's hart: it relocates and sets the firmware
     * up while the others wait in it (nothing of the loader is in the
     * firmware's way, so who enters first does not matter). */
    fw_dynamic_fill(fw_info, img->kernel_addr, FW_DYNAMIC_MODE_S, 0, hart);
    con_printf(con, "handoff: SBI firmware (fw_dynamic) at 0x%08x: "
               "harts 0-%u enter it in M-mode, a0=hart, a1=0x%08x (fdt), "
               "a2=0x%08lx (fw_dynamic_info v%u: next 0x%08x in S-mode, "
               "boot hart %lu)\n", (unsigned)img->fw_addr,
               (unsigned)(harts - 1u),
               (unsigned)img->fdt_addr, (unsigned long)(uintptr_t)fw_info,
               FW_DYNAMIC_VERSION, (unsigned)img->kernel_addr,
               (unsigned long)hart);
    con_printf(con, "handoff: loader stack high-water mark %u bytes\n",
               (unsigned)cpu_stack_used());
    uint32_t left = cpu_release_harts(img->fw_addr, img->fdt_addr,
                                      (uintptr_t)fw_info, harts,
                                      RELEASE_WAIT_TICKS);
    /* The others wait in the firmware for the boot hart: the console is
     * still ours. */
    con_printf(con, "handoff: %u of %u other harts answered the roll call "
               "and entered the firmware; hart %lu follows\n",
               (unsigned)left, (unsigned)(harts - 1u), (unsigned long)hart);
    quiet(spi);
    cpu_enter(img->fw_addr, img->fdt_addr, (uintptr_t)fw_info);
}

int board_handoff(void *ctx, const struct boot_image *img)
{
    struct board_spi *spi = ctx;
    const struct console *con = board_console();

    if (img->kernel_kind == BOOT_KERNEL_LINUX_RISCV)
        return enter_sbi(spi, img);
    con_printf(con, "handoff: M-mode, interrupts off, entry 0x%08x, a0=%lu "
               "(hart), a1=0x%08x (fdt), a2=0x%08x (extload_handoff)\n",
               (unsigned)img->kernel_addr, (unsigned long)cpu_reset_hartid(),
               (unsigned)img->fdt_addr, (unsigned)img->handoff_addr);
    con_printf(con, "handoff: loader stack high-water mark %u bytes\n",
               (unsigned)cpu_stack_used());
    quiet(spi);
    cpu_enter(img->kernel_addr, img->fdt_addr, img->handoff_addr);
}
