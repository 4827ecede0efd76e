/* Two sifive-u bench programs (make bench, issue 52), run in QEMU under
 * -icount shift=0, where minstret counts guest instructions:
 *
 *   rv-inflate.elf   started from reset (-bios, at DRAM's base) with a
 *                    gzip member QEMU's loader put at BLOB (le32 length,
 *                    then the member): inflates it to OUT through
 *                    firmware/inflate as the loader does (4 KiB chunks)
 *                    and prints "inflate: N -> M bytes, I instructions,
 *                    rc R"; the inflate's instructions alone.
 *   rv-jump.bin      the FIRMWARE of a Linux label: extload enters it
 *                    where OpenSBI's fw_dynamic would be, every hart; the
 *                    boot hart prints "jump: I instructions" (minstret on
 *                    entry: the guest's instructions since reset).
 *
 * Both end QEMU through semihosting; the other harts wait in wfi and
 * touch no stack. Linked as the RISC-V test kernel (linker/payload-
 * riscv.ld: at 0x80000000, data and stack in the L2 LIM). */
#include <stdint.h>

#include "board/cpu.h"
#include "drivers/sifive_uart.h"
#include "firmware/console/console.h"
#if !RV_BENCH_JUMP
#include "firmware/inflate/inflate.h"
#include "lib/crc.h"
#endif

#define UART0_BASE 0x10010000u
#define BLOB 0x82000000u
#define OUT 0x84000000u
#define CHUNK 4096u                   /* BOOT_GZIP_CHUNK */
#define FW_INFO_BOOT_HART 5u          /* board/riscv/fw_dynamic.h's word */

static const struct console con = { sifive_uart_write,
                                    (void *)(uintptr_t)UART0_BASE };

__attribute__((noreturn, used)) void bench_main(uintptr_t a0, uintptr_t a2,
                                                uint64_t at);

#if !RV_BENCH_JUMP
static uint64_t instret(void)
{
    uint64_t v;

    __asm__ volatile("csrr %0, minstret" : "=r"(v));
    return v;
}

struct feed {
    const uint8_t *p;
    uint32_t left;
};

static int32_t feed(void *ctx, const uint8_t **buf)
{
    struct feed *f = ctx;
    uint32_t n = f->left < CHUNK ? f->left : CHUNK;

    *buf = f->p;
    f->p += n;
    f->left -= n;
    return (int32_t)n;
}

static struct inflate z;
#endif

extern uint64_t __data_load[], __data_start[], __data_end[];
extern uint64_t __bss_start[], __bss_end[];

void bench_main(uintptr_t a0, uintptr_t a2, uint64_t at)
{
    for (uintptr_t i = 0; i < (uintptr_t)(__data_end - __data_start); i++)
        __data_start[i] = __data_load[i];
    for (uintptr_t i = 0; i < (uintptr_t)(__bss_end - __bss_start); i++)
        __bss_start[i] = 0;
    (void)a0;
    (void)a2;
#if RV_BENCH_JUMP
    con_printf(&con, "jump: %lu instructions\n", (unsigned long)at);
#else
    const uint8_t *b = (const uint8_t *)(uintptr_t)BLOB;
    uint32_t n = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
                 (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    struct feed f = { b + 4, n };
    uint32_t cap = n >= 4 ? inflate_gzip_isize(b + 4 + n - 4) : 0;

    (void)at;
    inflate_init(&z, (uint8_t *)(uintptr_t)OUT, cap, feed, &f);
    uint64_t t0 = instret();
    int rc = inflate_gzip(&z);
    uint64_t t1 = instret();
    /* The CRC-32 over the output alone (inflate_gzip's last pass). */
    uint64_t t2 = instret();
    uint32_t crc = ext_crc32_bulk(~0u, z.out, z.len);
    uint64_t t3 = instret();
    con_printf(&con, "inflate: %u -> %u bytes, %lu instructions, rc %d; "
               "crc32 %lu instructions (%08x)\n", (unsigned)n,
               (unsigned)z.len, (unsigned long)(t1 - t0), rc,
               (unsigned long)(t3 - t2), (unsigned)~crc);
#endif
    sifive_uart_flush(UART0_BASE);
    cpu_semihost_exit(0);
    for (;;)
        ;
}

/* payload_entry: linker/payload-riscv.ld's ENTRY. */
void payload_entry(void);

/* The boot hart (fw_dynamic_info's, or hart 0 from reset) goes on with
 * minstret as it entered; the others wait. */
__attribute__((naked, section(".entry"))) void payload_entry(void)
{
    __asm__ volatile(
        "csrr a3, minstret\n"
#if RV_BENCH_JUMP
        "ld t0, %0(a2)\n"
#else
        "li t0, 0\n"
#endif
        "csrr t1, mhartid\n"
        "bne t0, t1, 1f\n"
        "la sp, __stack_top\n"
        "mv a1, a2\n"
        "mv a2, a3\n"
        "j bench_main\n"
        "1: wfi\n"
        "j 1b\n"
#if RV_BENCH_JUMP
        : : "i"(FW_INFO_BOOT_HART * 8u)
#endif
        );
}
