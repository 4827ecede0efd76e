/* The RISC-V test kernel: checks what extload handed it (a0-a2, M-mode
 * with interrupts off, the hand-off block, the device tree, its own
 * bytes), prints a banner, and ends QEMU through semihosting with the
 * number of failed checks as exit code.
 *
 * Entered at its first byte (0x80200000). Bytes past the linked image up
 * to kernel_size are padding written by mkkernel; they must match
 * payload_pad_byte(). */
#include <stdint.h>

#include "board/cpu.h"
#include "drivers/sifive_uart.h"
#include "firmware/console.h"
#include "firmware/handoff.h"
#include "tests/qemu/payload/pad.h"

#define UART0_BASE 0x10010000u
#define DRAM_LO    0x80000000u
#define DRAM_HI    0x88000000u
#define WINDOW_LO  0x80200000u        /* the loader lives below */
#define MSTATUS_MIE 0x8u

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint8_t __image_start[], __image_end[];

static const struct console con = { sifive_uart_write,
                                    (void *)(uintptr_t)UART0_BASE };
static unsigned failures;

#define CSR(name) ({ \
        uintptr_t v_; \
        __asm__ volatile("csrr %0, " #name : "=r"(v_)); \
        v_; })

static void check(int ok, const char *what)
{
    if (!ok) {
        failures++;
        con_printf(&con, "payload: FAIL %s\n", what);
    }
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

static int in_dram(uintptr_t addr, uintptr_t len)
{
    return addr >= DRAM_LO && addr <= DRAM_HI && len <= DRAM_HI - addr;
}

__attribute__((noreturn)) void payload_main(uintptr_t a0, uintptr_t a1,
                                            uintptr_t a2, uintptr_t mtvec);
__attribute__((noreturn, used)) void payload_trap_report(uintptr_t mcause,
                                                         uintptr_t mepc);

static void check_fdt(const struct extload_handoff *h, uintptr_t a1)
{
    check(a1 == h->fdt_addr, "a1 equals the hand-off's FDT address");
    if (!h->fdt_addr) {
        con_printf(&con, "payload: no fdt\n");
        return;
    }
    const uint8_t *fdt = (const uint8_t *)(uintptr_t)h->fdt_addr;
    int ok = in_dram(h->fdt_addr, h->fdt_size) && h->fdt_size >= 8;
    check(ok && be32(fdt) == 0xD00DFEEDu, "FDT magic");
    check(ok && be32(fdt + 4) == h->fdt_size, "FDT totalsize");
    check((h->fdt_addr & 7u) == 0, "FDT 8-byte aligned");
    /* A named FDT follows the kernel; the board's (QEMU's) lies above
     * everything the loader wrote. */
    int named = h->fdt_addr < h->cmdline_addr;
    if (named)
        check(h->fdt_addr >= h->kernel_addr + h->kernel_size,
              "FDT after the kernel");
    else
        check(h->fdt_addr > h->cmdline_addr + h->cmdline_len,
              "the board's FDT above the hand-off block");
    con_printf(&con, "payload: fdt %u bytes at %08x (%s)\n",
               (unsigned)h->fdt_size, (unsigned)h->fdt_addr,
               named ? "named, after the kernel" : "the board's");
}

void payload_main(uintptr_t a0, uintptr_t a1, uintptr_t a2, uintptr_t mtvec)
{
    const struct extload_handoff *h = (const void *)a2;
    uintptr_t sp;

    __asm__ volatile("mv %0, sp" : "=r"(sp));
    for (uintptr_t i = 0; i < (uintptr_t)(__data_end - __data_start); i++)
        __data_start[i] = __data_load[i];
    for (uintptr_t i = 0; i < (uintptr_t)(__bss_end - __bss_start); i++)
        __bss_start[i] = 0;

    con_printf(&con, "payload: ==== extload RISC-V test kernel ====\n");
    con_printf(&con, "payload: a0=%lx a1=%08lx a2=%08lx sp=%08lx "
               "mtvec=%08lx\n", (unsigned long)a0, (unsigned long)a1,
               (unsigned long)a2, (unsigned long)sp, (unsigned long)mtvec);
    /* Reading M-mode CSRs traps below M-mode: the check is that we
     * get past these lines. */
    check(a0 == 0 && a0 == CSR(mhartid), "a0 is this hart's id, 0");
    check(!(CSR(mstatus) & MSTATUS_MIE), "mstatus.MIE clear");
    check(CSR(mie) == 0, "mie clear");
    check(mtvec >= DRAM_LO && mtvec < WINDOW_LO,
          "mtvec still the loader's trap handler");

    if (!in_dram(a2, sizeof(*h)) || (a2 & 7u) ||
        h->magic != EXTLOAD_HANDOFF_MAGIC) {
        check(0, "a2 points to an extload_handoff");
        cpu_semihost_exit(100 + failures);
    }
    check(h->version == EXTLOAD_HANDOFF_VERSION, "handoff version");
    check(h->size == sizeof(*h), "handoff size");
    con_printf(&con, "payload: label '%.*s' kernel %u bytes at %08x, "
               "partition %u (scheme %u) at LBA %llu, sha256 %s\n",
               (int)sizeof(h->label), h->label, (unsigned)h->kernel_size,
               (unsigned)h->kernel_addr, (unsigned)h->part_index,
               (unsigned)h->part_scheme, (unsigned long long)h->part_lba,
               h->flags & HANDOFF_F_SHA256 ? "verified" : "not checked");
    check(h->kernel_addr == (uintptr_t)__image_start,
          "kernel loaded at its link address");
    uint32_t image_len = (uint32_t)(__image_end - __image_start);
    check(h->kernel_size >= image_len, "kernel size covers the image");

    /* Every byte past the linked image must be the padding mkkernel wrote:
     * this catches a wrong, shifted or short load. */
    uint32_t bad = 0;
    if (in_dram(h->kernel_addr, h->kernel_size))
        for (uint32_t off = image_len; off < h->kernel_size; off++)
            if (__image_start[off] != payload_pad_byte(off))
                bad++;
    con_printf(&con, "payload: %u padding bytes checked, %u wrong\n",
               (unsigned)(h->kernel_size - image_len), (unsigned)bad);
    check(bad == 0, "padding bytes intact");

    const char *cmd = (const char *)(uintptr_t)h->cmdline_addr;
    if (in_dram(h->cmdline_addr, h->cmdline_len + 1u) &&
        cmd[h->cmdline_len] == '\0')
        con_printf(&con, "payload: cmdline \"%s\"\n", cmd);
    else
        check(0, "cmdline is a NUL-terminated string in RAM");

    check_fdt(h, a1);
    con_printf(&con, "payload: %u checks failed\n", failures);
    sifive_uart_flush(UART0_BASE);
    cpu_semihost_exit(failures);
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
