/* board_init for the LM3S6965 board: clocks, console, the card on SSI0,
 * and the boot environment the flow runs in. */
#include "board/board.h"
#include "board/card.h"
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/pl011.h"

#define BOARD_DEFAULT_KERNEL "/boot/kernel.bin"
#define SD_MAX_HZ 25000000u            /* SSI master limit: sysclk / 2 */

static struct board_spi spi;
static struct board_card card;
/* The card's bus: known when the loader is linked, kept in flash. */
static const struct spi_bus sd_bus = {
    .select = board_spi_select,
    .set_hz = board_spi_set_hz,
    .xfer = board_spi_xfer,
    .ctx = &spi,
};

#if BOOT_INTERACTIVE
/* The prompt's `info`: the card line again. */
static void board_info(void *ctx, const struct console *con)
{
    (void)ctx;
    board_card_print(con, &card);
}
#endif

/* linker/lm3s6965evb.ld: the window's size as a symbol's value. */
extern uint8_t __window_size[];

/* Known when the loader is linked: kept in flash. */
const struct boot_env lm3s_env = {
    .con = { .write = pl011_write, .ctx = (void *)UART0_BASE },
    .ms_now = cpu_ms_now,
    .bd = &card.bd,
#if BOOT_MESSAGES     /* else a failed read's driver code as a number */
    .dev_strerror = sdspi_strerror,
#endif
    .window = __window_start,
    .window_addr = (uint32_t)BOARD_WINDOW_START,
    .window_size = (uint32_t)(uintptr_t)__window_size,
    .default_kernel = BOARD_DEFAULT_KERNEL,
    .require_sha256 = BOOT_REQUIRE_SHA256,
    .handoff = board_handoff,
    .handoff_ctx = &spi,
#if BOOT_TRIAL
    .trial_read = board_trial_read,
    .trial_write = board_trial_write,
#endif
#if BOOT_INTERACTIVE
    .getc = pl011_getc,
    .in_ctx = (void *)UART0_BASE,
    .idle = board_idle,
    .reset = board_reset,
    .info = board_info,
#endif
};

__attribute__((noinline)) /* its frame off the deepest path */
int board_init(const struct boot_env **env)
{
    board_clock_init();
    board_console_init();
    cpu_ms_start(BOARD_SYSCLK_HZ);
    /* Tiny (BOARD_REPORT=0): no banner; the card line is the first. */
#if BOARD_REPORT
    con_printf(board_console(), "\nextload: %s, %u MHz, load window "
               "0x%08x-0x%08x (%u bytes), loader RAM %u bytes%s\n",
               BOARD_NAME,
               (unsigned)(BOARD_SYSCLK_HZ / 1000000u),
               (unsigned)BOARD_WINDOW_START,
               (unsigned)(BOARD_WINDOW_START + BOARD_WINDOW_SIZE),
               (unsigned)BOARD_WINDOW_SIZE,
               (unsigned)((uintptr_t)__stack_top - (uintptr_t)__window_end),
               BOOT_REQUIRE_SHA256 ? ", SHA-256 required" : "");
#endif

    board_spi_init(&spi);
    int rc = board_card_init(&card, &sd_bus, &spi.ssi.hz, SD_MAX_HZ);
    if (rc)
        return rc;
    *env = &lm3s_env;
    return 0;
}
