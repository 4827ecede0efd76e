/* extload on the LM3S6965 board: clocks, console, card, boot flow.
 * With BOOT_STREAM_TEST the same loader streams /stream.bin through
 * SHA-256 instead of booting. */
#include "board/lm3s6965evb/board.h"
#include "board/lm3s6965evb/memmap.h"
#include "drivers/pl011.h"
#include "drivers/sdspi.h"
#include "firmware/boot.h"
#include "firmware/boot_stream.h"
#include "firmware/cortexm/board_hooks.h"

#ifndef BOOT_STREAM_TEST
#define BOOT_STREAM_TEST 0
#endif

#define BOARD_DEFAULT_KERNEL "/boot/kernel.bin"
#define BOARD_STREAM_PATH "/stream.bin"
#define SD_INIT_HZ 400000u
#define SD_MAX_HZ 25000000u            /* SSI master limit: sysclk / 2 */
/* Stop codes (the emulator's exit status): 64 + -enum boot_err. */
#define STOP_BOOT_FAILED 64

static struct board_spi spi;
static struct sdspi card;
static struct boot_state state;
static uint32_t card_init_ms;

/* Apart from board_main so its buffer is not on the stack while booting. */
__attribute__((noinline))
static void print_card(const struct console *con, uint32_t ms)
{
    char desc[112];

    sdspi_describe(&card, desc, sizeof(desc));
    con_printf(con, "card: %s, SPI %u kHz, %u ms\n", desc,
               (unsigned)(spi.ssi.hz / 1000u), (unsigned)ms);
}

#if BOOT_INTERACTIVE
/* The prompt's `info`: the card line again. */
static void board_info(void *ctx, const struct console *con)
{
    (void)ctx;
    print_card(con, card_init_ms);
}
#endif

void board_main(void)
{
    const struct console *con = board_console();

    board_clock_init();
    board_console_init();
    board_ms_start();
    con_printf(con, "\nextload: %s, %u MHz, load window 0x%08x-0x%08x "
               "(%u bytes), loader RAM %u bytes%s\n", BOARD_NAME,
               (unsigned)(BOARD_SYSCLK_HZ / 1000000u),
               (unsigned)MEMMAP_WINDOW_START,
               (unsigned)(MEMMAP_WINDOW_START + MEMMAP_WINDOW_SIZE),
               (unsigned)MEMMAP_WINDOW_SIZE,
               (unsigned)(MEMMAP_SRAM_END - MEMMAP_WINDOW_START -
                          MEMMAP_WINDOW_SIZE),
               BOOT_REQUIRE_SHA256 ? ", SHA-256 required" : "");

    board_spi_init(&spi, SD_INIT_HZ);
    uint32_t t0 = board_ms_now(0);
    int rc = sdspi_init(&card, &spi.bus, board_ms_now, 0, SD_MAX_HZ);
    if (rc) {
        con_printf(con, "card: %s; nothing to boot, stop\n",
                   sdspi_strerror(rc));
        board_stop(STOP_BOOT_FAILED - BOOT_ENOCARD);
    }
    card_init_ms = board_ms_now(0) - t0;
    print_card(con, card_init_ms);

    /* drivers/ know nothing of fs/: the board makes the card a blockdev. */
    const struct blockdev card_bd = { sdspi_read, &card, card.sectors };
    const struct boot_env env = {
        .con = *con,
        .ms_now = board_ms_now,
        .bd = &card_bd,
        .window = __window_start,
        .window_addr = MEMMAP_WINDOW_START,
        .window_size = MEMMAP_WINDOW_SIZE,
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
    if (BOOT_STREAM_TEST) {
        uint8_t digest[SHA256_BYTES];
        rc = boot_mount(&env, &state);
        if (rc == 0)
            rc = boot_stream_sha256(&env, &state, BOARD_STREAM_PATH, digest);
    } else {
        rc = boot_run(&env, &state);
    }
    board_stop(rc ? STOP_BOOT_FAILED - rc : 0);
}
