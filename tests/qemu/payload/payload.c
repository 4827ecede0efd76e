/* The test kernel: checks what extload handed it (r0-r3, the hand-off
 * block, the FDT, its own bytes, the CPU state), prints a banner, and ends
 * QEMU through semihosting with the number of failed checks as exit code.
 *
 * Built twice: with a vector table (the loader enters via the reset vector
 * with VTOR moved) and, with PAYLOAD_RAW, as a bare image entered at its
 * first byte. Bytes past the linked image up to kernel_size are padding
 * written by mkkernel; they must match payload_pad_byte(). */
#include <stdint.h>

#include "drivers/mmio.h"
#include "drivers/pl011.h"
#include "firmware/console.h"
#include "board/cpu.h"
#include "firmware/handoff.h"
#include "tests/qemu/payload/pad.h"

#define UART0_BASE 0x4000C000u
#define SCB_VTOR   0xE000ED08u
#define SYST_CSR   0xE000E010u
#define SRAM_LO    0x20000000u
#define SRAM_HI    0x20010000u

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint8_t __image_start[], __image_end[];
extern uint32_t __stack_top[];

static const struct console con = { pl011_write, (void *)UART0_BASE };
static unsigned failures;

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

static int in_sram(uint32_t addr, uint32_t len)
{
    return addr >= SRAM_LO && addr <= SRAM_HI && len <= SRAM_HI - addr;
}

__attribute__((noreturn)) void payload_main(uint32_t r0, uint32_t r1,
                                            uint32_t r2, uint32_t r3,
                                            int raw);

void payload_main(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3, int raw)
{
    const struct extload_handoff *h = (const void *)(uintptr_t)r3;
    uint32_t primask, sp;

    __asm__ volatile("mrs %0, primask" : "=r"(primask));
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t i = 0; i < (uint32_t)(__data_end - __data_start); i++)
        __data_start[i] = __data_load[i];
    for (uint32_t i = 0; i < (uint32_t)(__bss_end - __bss_start); i++)
        __bss_start[i] = 0;

    con_printf(&con, "payload: ==== extload test kernel (%s entry) ====\n",
               raw ? "raw Thumb" : "vector table");
    con_printf(&con, "payload: r0=%08x r1=%08x r2=%08x r3=%08x sp=%08x\n",
               (unsigned)r0, (unsigned)r1, (unsigned)r2, (unsigned)r3,
               (unsigned)sp);
    check(r0 == 0, "r0 is 0");
    check(r1 == 0xFFFFFFFFu, "r1 is 0xFFFFFFFF");
    check(primask & 1u, "interrupts off");
    check(!(mmio_read(SYST_CSR) & 1u), "SysTick stopped");
    if (raw)
        check(mmio_read(SCB_VTOR) == 0, "VTOR untouched for a raw image");
    else
        check(mmio_read(SCB_VTOR) == (uint32_t)(uintptr_t)__image_start,
              "VTOR at the load address");

    if (!in_sram(r3, sizeof(*h)) || h->magic != EXTLOAD_HANDOFF_MAGIC) {
        check(0, "r3 points to an extload_handoff");
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
    check(h->kernel_addr == (uint32_t)(uintptr_t)__image_start,
          "kernel loaded at its link address");
    uint32_t image_len = (uint32_t)(__image_end - __image_start);
    check(h->kernel_size >= image_len, "kernel size covers the image");

    /* Every byte past the linked image must be the padding mkkernel wrote:
     * this catches a wrong, shifted or short load. */
    uint32_t bad = 0;
    if (in_sram(h->kernel_addr, h->kernel_size))
        for (uint32_t off = image_len; off < h->kernel_size; off++)
            if (__image_start[off] != payload_pad_byte(off))
                bad++;
    con_printf(&con, "payload: %u padding bytes checked, %u wrong\n",
               (unsigned)(h->kernel_size - image_len), (unsigned)bad);
    check(bad == 0, "padding bytes intact");

    const char *cmd = (const char *)(uintptr_t)h->cmdline_addr;
    if (in_sram(h->cmdline_addr, h->cmdline_len + 1u) &&
        cmd[h->cmdline_len] == '\0') {
        con_printf(&con, "payload: cmdline \"%s\"\n", cmd);
    } else {
        check(0, "cmdline is a NUL-terminated string in RAM");
    }

    check(r2 == h->fdt_addr, "r2 equals the hand-off's FDT address");
    if (h->fdt_addr) {
        const uint8_t *fdt = (const uint8_t *)(uintptr_t)h->fdt_addr;
        int ok = in_sram(h->fdt_addr, h->fdt_size) && h->fdt_size >= 8;
        check(ok && be32(fdt) == 0xD00DFEEDu, "FDT magic");
        check(ok && be32(fdt + 4) == h->fdt_size, "FDT totalsize");
        check((h->fdt_addr & 7u) == 0, "FDT 8-byte aligned");
        check(h->fdt_addr >= h->kernel_addr + h->kernel_size,
              "FDT after the kernel");
        con_printf(&con, "payload: fdt %u bytes at %08x\n",
                   (unsigned)h->fdt_size, (unsigned)h->fdt_addr);
    } else {
        con_printf(&con, "payload: no fdt\n");
    }
    con_printf(&con, "payload: %u checks failed\n", failures);
    pl011_flush(UART0_BASE);
    cpu_semihost_exit(failures);
    for (;;)
        ;
}

void payload_entry(void);

#ifdef PAYLOAD_RAW
/* First bytes of the image: set a stack of our own, keep r0-r3. */
__attribute__((naked, section(".entry"))) void payload_entry(void)
{
    __asm__ volatile(
        "ldr r12, =__stack_top\n"
        "mov sp, r12\n"
        "push {r12, lr}\n"
        "movs r12, #1\n"
        "str r12, [sp]\n"     /* fifth argument: raw = 1 */
        "b payload_main\n"
        ".ltorg\n");
}
#else
__attribute__((naked)) void payload_entry(void)
{
    __asm__ volatile(
        "sub sp, sp, #8\n"
        "movs r12, #0\n"
        "str r12, [sp]\n"     /* fifth argument: raw = 0 */
        "b payload_main\n");
}

static void payload_fault(void)
{
    con_printf(&con, "payload: FAIL unexpected exception\n");
    cpu_semihost_exit(99);
}

typedef void (*vector_fn)(void);
__attribute__((section(".vectors"), used))
static const vector_fn payload_vectors[16] = {
    (vector_fn)(uintptr_t)__stack_top, payload_entry,
    payload_fault, payload_fault, payload_fault, payload_fault,
    payload_fault, 0, 0, 0, 0, payload_fault, payload_fault, 0,
    payload_fault, payload_fault,
};
#endif
