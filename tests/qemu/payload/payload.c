/* The test kernel: checks what extload handed it (r0-r3, the hand-off
 * block, the FDT, its own bytes, the CPU state), prints a banner, and ends
 * QEMU through semihosting with the number of failed checks as exit code.
 *
 * Built twice: with a vector table (the loader enters via the reset vector
 * with VTOR moved) and, with PAYLOAD_RAW, as a bare image entered at its
 * first byte. Bytes past the linked image up to kernel_size are padding
 * written by mkkernel; they must match payload_pad_byte(). The checks it
 * shares with the RISC-V kernel are in checks.c. */
#include <stdint.h>

#include "drivers/mmio.h"
#include "drivers/pl011.h"
#include "firmware/console/console.h"
#include "board/cpu.h"
#include "firmware/boot/handoff.h"
#include "tests/qemu/payload/checks.h"

#define UART0_BASE 0x4000C000u
#define SCB_VTOR   0xE000ED08u
#define SYST_CSR   0xE000E010u
#define SRAM_LO    0x20000000u
#define SRAM_HI    0x20010000u

extern uint8_t __image_start[];
extern uint32_t __stack_top[];

static const struct console con = { pl011_write, (void *)UART0_BASE };

__attribute__((noreturn)) void payload_main(uint32_t r0, uint32_t r1,
                                            uint32_t r2, uint32_t r3,
                                            int raw);

void payload_main(uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3, int raw)
{
    const struct extload_handoff *h = (const void *)(uintptr_t)r3;
    struct payload_checks pc = { &con, SRAM_LO, SRAM_HI, 0 };
    uint32_t primask, sp;

    __asm__ volatile("mrs %0, primask" : "=r"(primask));
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    payload_init_ram();

    con_printf(&con, "payload: ==== extload test kernel (%s entry) ====\n",
               raw ? "raw Thumb" : "vector table");
    con_printf(&con, "payload: r0=%08x r1=%08x r2=%08x r3=%08x sp=%08x\n",
               (unsigned)r0, (unsigned)r1, (unsigned)r2, (unsigned)r3,
               (unsigned)sp);
    payload_check(&pc, r0 == 0, "r0 is 0");
    payload_check(&pc, r1 == 0xFFFFFFFFu, "r1 is 0xFFFFFFFF");
    payload_check(&pc, primask & 1u, "interrupts off");
    payload_check(&pc, !(mmio_read(SYST_CSR) & 1u), "SysTick stopped");
    if (raw)
        payload_check(&pc, mmio_read(SCB_VTOR) == 0,
                      "VTOR untouched for a raw image");
    else
        payload_check(&pc, mmio_read(SCB_VTOR) ==
                      (uint32_t)(uintptr_t)__image_start,
                      "VTOR at the load address");

    if (!payload_in_ram(&pc, r3, sizeof(*h)) ||
        h->magic != EXTLOAD_HANDOFF_MAGIC) {
        payload_check(&pc, 0, "r3 points to an extload_handoff");
        cpu_semihost_exit(100 + pc.failures);
    }
    payload_check_handoff(&pc, h);
#ifdef PAYLOAD_TRIAL
    payload_trial(&pc, (const char *)(uintptr_t)h->cmdline_addr);
#endif

    payload_check(&pc, r2 == h->fdt_addr,
                  "r2 equals the hand-off's FDT address");
    if (payload_check_fdt(&pc, h)) {
        payload_check(&pc, h->fdt_addr >= h->kernel_addr + h->kernel_size,
                      "FDT after the kernel");
        con_printf(&con, "payload: fdt %u bytes at %08x\n",
                   (unsigned)h->fdt_size, (unsigned)h->fdt_addr);
        payload_dump_fdt(&pc, h);
    }
    payload_report(&pc);
    pl011_flush(UART0_BASE);
    cpu_semihost_exit(pc.failures);
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
