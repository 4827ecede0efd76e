/* board_init for the HiFive Unleashed: console, the card on QSPI2, the
 * device tree the previous stage passed in a1, and the boot environment
 * the flow runs in. */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/sifive-u/sifive_u.h"
#include "board/card.h"

#define BOARD_DEFAULT_KERNEL "/boot/kernel.bin"
#define SD_INIT_HZ 400000u
#define SD_MAX_HZ 25000000u           /* the card's limit; tlclk / 2 here */

/* The flattened device tree header (devicetree spec 5.2): big-endian. */
#define FDT_MAGIC 0xD00DFEEDu
#define FDT_OFF_MAGIC 0x00u
#define FDT_OFF_TOTALSIZE 0x04u
#define FDT_HEADER_SIZE 40u

static struct board_spi spi;
static struct board_card card;

static uint32_t be32_at(uintptr_t addr)
{
    const volatile uint8_t *p = (const volatile uint8_t *)addr;

    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* The device tree a1 pointed to at reset, if it is one in RAM above the
 * loader: its size, and the window ends below it. 0: none usable. */
static uint32_t reset_fdt_size(uintptr_t fdt, uintptr_t window_start,
                               uintptr_t window_end)
{
    if (fdt < window_start || fdt > window_end - FDT_HEADER_SIZE ||
        (fdt & 7u) || be32_at(fdt + FDT_OFF_MAGIC) != FDT_MAGIC)
        return 0;
    uint32_t size = be32_at(fdt + FDT_OFF_TOTALSIZE);
    return size >= FDT_HEADER_SIZE && size <= window_end - fdt ? size : 0;
}

int board_init(struct boot_env *env)
{
    const struct console *con = board_console();
    uintptr_t wstart = (uintptr_t)__window_start;
    uintptr_t wend = (uintptr_t)__window_end;
    uintptr_t fdt = cpu_reset_fdt();
    uint32_t fdt_size = reset_fdt_size(fdt, wstart, wend);

    board_console_init();
    cpu_ms_start(BOARD_MTIME_HZ);
    if (fdt_size)
        wend = fdt;                     /* the kernel must not overwrite it */
    con_printf(con, "\nextload: %s, hart %lu, mtime %u MHz, load window "
               "0x%08lx-0x%08lx (%lu bytes), loader %lu bytes (image, .bss, "
               "stack)%s\n",
               BOARD_NAME, (unsigned long)cpu_reset_hartid(),
               (unsigned)(BOARD_MTIME_HZ / 1000000u), (unsigned long)wstart,
               (unsigned long)wend, (unsigned long)(wend - wstart),
               (unsigned long)((uintptr_t)__stack_top -
                               (uintptr_t)__ram_start),
               BOOT_REQUIRE_SHA256 ? ", SHA-256 required" : "");
    if (fdt_size)
        con_printf(con, "reset: a1 = device tree at 0x%08lx, %u bytes (for "
                   "labels without FDT)\n", (unsigned long)fdt,
                   (unsigned)fdt_size);
    else
        con_printf(con, "reset: a1 = 0x%08lx, no device tree in RAM above "
                   "the window start; labels without FDT get none\n",
                   (unsigned long)fdt);

    board_spi_init(&spi, SD_INIT_HZ);
    int rc = board_card_init(&card, &spi.bus, &spi.qspi.hz, SD_MAX_HZ);
    if (rc)
        return rc;

    *env = (struct boot_env){
        .con = *con,
        .ms_now = cpu_ms_now,
        .bd = &card.bd,
        .window = __window_start,
        .window_addr = (uint32_t)wstart,
        .window_size = (uint32_t)(wend - wstart),
        .default_kernel = BOARD_DEFAULT_KERNEL,
        .default_fdt_addr = fdt_size ? (uint32_t)fdt : 0,
        .default_fdt_size = fdt_size,
        .require_sha256 = BOOT_REQUIRE_SHA256,
        .handoff = board_handoff,
        .handoff_ctx = &spi,
    };
    return 0;
}
