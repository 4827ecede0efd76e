/* board_init for the HiFive Unleashed: console, the card on QSPI2, the
 * device tree the previous stage passed in a1, and the boot environment
 * the flow runs in. */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/sifive-u/sifive_u.h"
#include "board/card.h"
#include "board/riscv/fdt_mem.h"
#include "drivers/sifive_uart.h"

#define BOARD_DEFAULT_KERNEL "/boot/kernel.bin"
/* FDTDIR's file on this board, as U-Boot's fdtfile for the Unleashed. */
#define BOARD_FDTFILE "sifive/hifive-unleashed-a00.dtb"
/* OpenSBI's fw_dynamic is linked at DRAM's base. */
#define BOARD_FW_ADDR BOARD_DRAM_BASE
#define SD_INIT_HZ 400000u
#define SD_MAX_HZ 25000000u           /* the card's limit */
/* The window's addresses are 32-bit (struct boot_env, the hand-off
 * block): DRAM above 4 GiB is left out. */
#define WINDOW_LIMIT 0x100000000ull

static struct board_spi spi;
static struct board_card card;
static uint32_t hart_count = BOARD_HARTS;

uint32_t board_hart_count(void)
{
    return hart_count;
}

#if BOOT_INTERACTIVE
/* The prompt's `info`: the card line again. */
static void board_info(void *ctx, const struct console *con)
{
    (void)ctx;
    board_card_print(con, &card);
}
#endif

/* Where the kernel may go: DRAM as the device tree in a1 describes it
 * (else DRAM_FALLBACK from the DRAM base), up to 4 GiB, and below that
 * tree when it lies in DRAM. Sets *fdt_size to the tree's size, 0 when
 * a1 held none; says on the console what it found. */
static void dram_window(const struct console *con, uintptr_t fdt,
                        uint32_t *fdt_size, uint64_t *start, uint64_t *end,
                        uint64_t *ram_end)
{
    struct fdt_mem m = { 0, 0, 0, 0 };
    int rc = FDT_MEM_EMAGIC;

    *start = BOARD_DRAM_BASE;
    *end = (uint64_t)BOARD_DRAM_BASE + BOARD_DRAM_FALLBACK;
    *fdt_size = 0;
    /* Only an aligned address inside DRAM below 4 GiB is read at all. */
    if (!(fdt & 7u) && fdt >= BOARD_DRAM_BASE && fdt < WINDOW_LIMIT) {
        uint64_t room = WINDOW_LIMIT - fdt;
        uint32_t avail = room < BOARD_FDT_MAX ? (uint32_t)room
                                              : BOARD_FDT_MAX;
        rc = fdt_mem_read((const uint8_t *)fdt, avail, &m);
        if (rc == FDT_MEM_ENOMEM &&
            fdt_mem_header((const uint8_t *)fdt, avail, &m.totalsize) == 0)
            *fdt_size = m.totalsize;    /* a tree, just no /memory */
    }
    if (rc == 0 && m.harts)
        hart_count = m.harts < BOARD_HARTS ? m.harts : BOARD_HARTS;
    if (rc == 0 && m.base == BOARD_DRAM_BASE) {
        *fdt_size = m.totalsize;
        *end = m.size < WINDOW_LIMIT - m.base ? m.base + m.size
                                               : WINDOW_LIMIT;
        con_printf(con, "reset: a1 = device tree at 0x%08lx, %u bytes; "
                   "/memory: %lu MiB at 0x%08lx; %u harts\n",
                   (unsigned long)fdt, (unsigned)m.totalsize,
                   (unsigned long)(m.size >> 20), (unsigned long)m.base,
                   (unsigned)m.harts);
    } else if (rc == 0) {
        *fdt_size = m.totalsize;
        con_printf(con, "reset: a1 = device tree at 0x%08lx; its /memory "
                   "starts at 0x%08lx, not DRAM: assuming %u MiB\n",
                   (unsigned long)fdt, (unsigned long)m.base,
                   (unsigned)(BOARD_DRAM_FALLBACK >> 20));
    } else {
        con_printf(con, "reset: a1 = 0x%08lx: %s; assuming %u MiB of DRAM"
                   "%s\n", (unsigned long)fdt, fdt_mem_strerror(rc),
                   (unsigned)(BOARD_DRAM_FALLBACK >> 20),
                   *fdt_size ? "" : ", labels without FDT get none");
    }
    *ram_end = *end;
    /* The tree stays where it is (labels without FDT get it): the kernel
     * must not overwrite it. */
    if (*fdt_size && fdt >= *start && fdt < *end)
        *end = fdt;
}

/* Known only at run time (the device tree QEMU passes, the window it
 * leaves). */
static struct boot_env sifive_env;

int board_init(const struct boot_env **envp)
{
    struct boot_env *env = &sifive_env;

    const struct console *con = board_console();
    uintptr_t fdt = cpu_reset_fdt();
    uint32_t fdt_size;
    uint64_t wstart, wend, ram_end;
    uint32_t core_hz = board_clock_init();  /* before the UART's divider */

    board_console_init();
    cpu_ms_start(BOARD_MTIME_HZ);
    con_printf(con, "\nextload: %s, hart %lu, mtime %u MHz, loader at "
               "0x%08lx, %lu bytes (image, .bss, stack)%s\n",
               BOARD_NAME, (unsigned long)cpu_reset_hartid(),
               (unsigned)(BOARD_MTIME_HZ / 1000000u),
               (unsigned long)(uintptr_t)__loader_start,
               (unsigned long)((uintptr_t)__stack_top -
                               (uintptr_t)__loader_start),
               BOOT_REQUIRE_SHA256 ? ", SHA-256 required" : "");
    dram_window(con, fdt, &fdt_size, &wstart, &wend, &ram_end);
#if BOOT_TRIAL
    /* The trial record's page: DRAM's last, out of the window and of the
     * RAM a Linux kernel is placed in. */
    uint64_t trial_page = ram_end - BOARD_TRIAL_PAGE;

    ram_end = trial_page;
    if (wend > trial_page)
        wend = trial_page;
    con_printf(con, "trial: record at 0x%08lx (DRAM's last page, kept "
               "from the window)\n", (unsigned long)trial_page);
#endif
    con_printf(con, "window: 0x%08lx-0x%08lx (%lu bytes) for firmware, "
               "kernel and the rest\n", (unsigned long)wstart,
               (unsigned long)wend, (unsigned long)(wend - wstart));

    board_spi_init(&spi, SD_INIT_HZ);
    con_printf(con, "clock: core %u MHz (%s), tlclk %u MHz; QSPI2 %u kHz "
               "for card init, then up to %u kHz\n",
               (unsigned)((core_hz + 500000u) / 1000000u),
               core_hz > BOARD_HFCLK_HZ ? "core PLL from the 33.33 MHz hfclk"
                                        : "hfclk: the core PLL did not lock",
               (unsigned)((board_tlclk_hz() + 500000u) / 1000000u),
               (unsigned)((spi.qspi.hz + 500u) / 1000u),
               (unsigned)((sifive_spi_rate(&spi.qspi, SD_MAX_HZ) + 500u) /
                          1000u));
    int rc = board_card_init(&card, &spi.bus, &spi.qspi.hz, SD_MAX_HZ);
    if (rc)
        return rc;

    *env = (struct boot_env){
        .con = *con,
        .ms_now = cpu_ms_now,
        .bd = &card.bd,
#if BOOT_MESSAGES     /* else a failed read's driver code as a number */
        .dev_strerror = sdspi_strerror,
#endif
        .window = (uint8_t *)(uintptr_t)wstart,
        .window_addr = (uint32_t)wstart,
        .window_size = (uint32_t)(wend - wstart),
        .default_kernel = BOARD_DEFAULT_KERNEL,
        .default_fdt_addr = fdt_size ? (uint32_t)fdt : 0,
        .default_fdt_size = fdt_size,
#if BOOT_RISCV_LINUX && BOOT_FDT_EDIT
        .default_fdt = fdt_size ? (const uint8_t *)fdt : NULL,
#endif
        .fdtfile = BOARD_FDTFILE,
#if BOOT_RISCV_LINUX
        .ram_base = (uint32_t)wstart,
        .ram_size = (uint32_t)(ram_end - wstart),
        .fw_addr = BOARD_FW_ADDR,
#endif
        .require_sha256 = BOOT_REQUIRE_SHA256,
        .handoff = board_handoff,
        .handoff_ctx = &spi,
#if BOOT_TRIAL
        .trial_read = board_trial_read,
        .trial_write = board_trial_write,
        .trial_ctx = (void *)(uintptr_t)trial_page,
#if BOOT_FDT_EDIT
        .trial_addr = trial_page,
        .trial_size = BOARD_TRIAL_PAGE,
#endif
#endif
#if BOOT_INTERACTIVE
        .getc = sifive_uart_getc,
        .in_ctx = (void *)(uintptr_t)UART0_BASE,
        .idle = board_idle,
        .reset = board_reset,
        .info = board_info,
#endif
    };
    *envp = env;
    return 0;
}
