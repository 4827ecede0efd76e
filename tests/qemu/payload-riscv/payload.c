/* The RISC-V test kernel: checks what extload handed it (a0-a2, M-mode
 * with interrupts off, the hand-off block, the device tree, its own
 * bytes), prints a banner, and ends QEMU through semihosting with the
 * number of failed checks as exit code.
 *
 * Entered at its first byte (0x80000000, the window's start). Bytes past the linked image up
 * to kernel_size are padding written by mkkernel; they must match
 * payload_pad_byte(). The checks it shares with the Cortex-M kernel are
 * in tests/qemu/payload/checks.c. */
#include <stdint.h>

#include "board/cpu.h"
#include "drivers/sifive_uart.h"
#include "firmware/console/console.h"
#include "firmware/boot/handoff.h"
#include "tests/qemu/payload/checks.h"

#define UART0_BASE 0x10010000u
#define DRAM_LO    0x80000000u
#define DRAM_HI    0x100000000u       /* the window lies below 4 GiB */
#define LOADER_LO  0x08000000u        /* the loader lives in the L2 LIM */
#define LOADER_HI  0x08100000u
#define MSTATUS_MIE 0x8u

static const struct console con = { sifive_uart_write,
                                    (void *)(uintptr_t)UART0_BASE };

#define CSR(name) ({ \
        uintptr_t v_; \
        __asm__ volatile("csrr %0, " #name : "=r"(v_)); \
        v_; })

__attribute__((noreturn)) void payload_main(uintptr_t a0, uintptr_t a1,
                                            uintptr_t a2, uintptr_t mtvec);
__attribute__((noreturn, used)) void payload_trap_report(uintptr_t mcause,
                                                         uintptr_t mepc);

static void check_fdt(struct payload_checks *pc,
                      const struct extload_handoff *h, uintptr_t a1)
{
    payload_check(pc, a1 == h->fdt_addr,
                  "a1 equals the hand-off's FDT address");
    if (!payload_check_fdt(pc, h))
        return;
    /* A named FDT follows the kernel; the board's (QEMU's) lies above
     * everything the loader wrote. */
    int named = h->fdt_addr < h->cmdline_addr;
    if (named)
        payload_check(pc, h->fdt_addr >= h->kernel_addr + h->kernel_size,
                      "FDT after the kernel");
    else
        payload_check(pc, h->fdt_addr > h->cmdline_addr + h->cmdline_len,
                      "the board's FDT above the hand-off block");
    con_printf(&con, "payload: fdt %u bytes at %08x (%s)\n",
               (unsigned)h->fdt_size, (unsigned)h->fdt_addr,
               named ? "named, after the kernel" : "the board's");
}

void payload_main(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t mtvec)
{
    const struct extload_handoff *h = (const void *)a2;
    struct payload_checks pc = { &con, DRAM_LO, DRAM_HI, 0 };
    uintptr_t sp;

    __asm__ volatile("mv %0, sp" : "=r"(sp));
    payload_init_ram();

    con_printf(&con, "payload: ==== extload RISC-V test kernel ====\n");
    con_printf(&con, "payload: a0=%lx a1=%08lx a2=%08lx sp=%08lx "
               "mtvec=%08lx\n", (unsigned long)a0, (unsigned long)a1,
               (unsigned long)a2, (unsigned long)sp, (unsigned long)mtvec);
    /* Reading M-mode CSRs traps below M-mode: the check is that we
     * get past these lines. */
    payload_check(&pc, a0 == 0 && a0 == CSR(mhartid),
                  "a0 is this hart's id, 0");
    payload_check(&pc, !(CSR(mstatus) & MSTATUS_MIE), "mstatus.MIE clear");
    payload_check(&pc, CSR(mie) == 0, "mie clear");
    payload_check(&pc, mtvec >= LOADER_LO && mtvec < LOADER_HI,
                  "mtvec still the loader's trap handler");

    if (!payload_in_ram(&pc, a2, sizeof(*h)) || (a2 & 7u) ||
        h->magic != EXTLOAD_HANDOFF_MAGIC) {
        payload_check(&pc, 0, "a2 points to an extload_handoff");
        cpu_semihost_exit(100 + pc.failures);
    }
    payload_check_handoff(&pc, h);

    check_fdt(&pc, h, a1);
    payload_report(&pc);
    sifive_uart_flush(UART0_BASE);
    cpu_semihost_exit(pc.failures);
    for (;;)
        ;
}

void payload_trap_report(uintptr_t mcause, uintptr_t mepc)
{
    con_printf(&con, "payload: FAIL unexpected trap, mcause %lu at %08lx\n",
               (unsigned long)mcause, (unsigned long)mepc);
    cpu_semihost_exit(99);
    for (;;)
        ;
}

void payload_entry(void);
void payload_trap(void);

/* First bytes of the image: keep a0-a2, note the mtvec the loader left,
 * install our own, take a stack of our own. */
__attribute__((naked, section(".entry"))) void payload_entry(void)
{
    __asm__ volatile(
        "csrr a3, mtvec\n"
        "la t0, payload_trap\n"
        "csrw mtvec, t0\n"
        "la sp, __stack_top\n"
        "j payload_main\n");
}

__attribute__((naked, aligned(4))) void payload_trap(void)
{
    __asm__ volatile(
        "la sp, __stack_top\n"
        "csrr a0, mcause\n"
        "csrr a1, mepc\n"
        "j payload_trap_report\n");
}
