/* board_init for the LM3S6965 board: clocks, console, the card on SSI0,
 * and the boot environment the flow runs in. */
#include "board/board.h"
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/pl011.h"
#include "drivers/sdspi.h"

#define BOARD_DEFAULT_KERNEL "/boot/kernel.bin"
#define SD_INIT_HZ 400000u
#define SD_MAX_HZ 25000000u            /* SSI master limit: sysclk / 2 */

static struct board_spi spi;
static struct sdspi card;
/* drivers/ know nothing of fs/: the board makes the card a blockdev. */
static struct blockdev card_bd;
static uint32_t card_init_ms;

/* Apart from board_init so its buffer is not on the stack while booting;
 * the prompt's `info` prints it again. */
__attribute__((noinline))
static void print_card(const struct console *con, uint32_t ms)
{
    char desc[112];

    sdspi_describe(&card, desc, sizeof(desc));
    con_printf(con, "card: %s, SPI %u kHz, %u ms\n", desc,
               (unsigned)(spi.ssi.hz / 1000u), (unsigned)ms);
}

#if BOOT_INTERACTIVE
static void board_info(void *ctx, const struct console *con)
{
    (void)ctx;
    print_card(con, card_init_ms);
}
#endif

int board_init(struct boot_env *env)
{
    const struct console *con = board_console();

    board_clock_init();
    board_console_init();
    cpu_ms_start(BOARD_SYSCLK_HZ);
    con_printf(con, "\nextload: %s, %u MHz, load window 0x%08x-0x%08x "
               "(%u bytes), loader RAM %u bytes%s\n", BOARD_NAME,
               (unsigned)(BOARD_SYSCLK_HZ / 1000000u),
               (unsigned)BOARD_WINDOW_START,
               (unsigned)(BOARD_WINDOW_START + BOARD_WINDOW_SIZE),
               (unsigned)BOARD_WINDOW_SIZE,
               (unsigned)((uintptr_t)__stack_top - (uintptr_t)__window_end),
               BOOT_REQUIRE_SHA256 ? ", SHA-256 required" : "");

    board_spi_init(&spi, SD_INIT_HZ);
    uint32_t t0 = cpu_ms_now(0);
    int rc = sdspi_init(&card, &spi.bus, cpu_ms_now, 0, SD_MAX_HZ);
    if (rc) {
        con_printf(con, "card: %s; nothing to boot, stop\n",
                   sdspi_strerror(rc));
        return BOOT_ENOCARD;
    }
    card_init_ms = cpu_ms_now(0) - t0;
    print_card(con, card_init_ms);

    card_bd = (struct blockdev){ sdspi_read, &card, card.sectors };
    *env = (struct boot_env){
        .con = *con,
        .ms_now = cpu_ms_now,
        .bd = &card_bd,
        .window = __window_start,
        .window_addr = (uint32_t)BOARD_WINDOW_START,
        .window_size = BOARD_WINDOW_SIZE,
        .default_kernel = BOARD_DEFAULT_KERNEL,
        .require_sha256 = BOOT_REQUIRE_SHA256,
        .handoff = board_handoff,
        .handoff_ctx = &spi,
#if BOOT_INTERACTIVE
        .getc = pl011_getc,
        .in_ctx = (void *)UART0_BASE,
        .idle = board_idle,
        .reset = board_reset,
        .info = board_info,
#endif
    };
    return 0;
}
