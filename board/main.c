/* The one board_main every board shares: set the board up, run the boot
 * flow, stop with its outcome. A test build links its own instead. */
#include "board/board.h"

static struct boot_state state;

#if BOOT_SIGNED
/* make firmware BOOT_PUBKEY=key.pub.pem: the key's 32 bytes
 * (build/pubkey/boot_pubkey.h, tests/crypto/rules.mk). */
#include "boot_pubkey.h"
static const uint8_t boot_pubkey[32] = BOOT_PUBKEY_INIT;
#endif

void board_main(void)
{
    const struct boot_env *env = NULL;
    int rc = board_init(&env);

#if BOOT_SIGNED
    env.pubkey = boot_pubkey;
#endif

    if (rc == 0)
        rc = boot_run(env, &state);
    board_stop(rc ? BOARD_STOP_BOOT_FAILED - rc : 0);
}
