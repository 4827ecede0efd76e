/* The one board_main every board shares: set the board up, run the boot
 * flow, stop with its outcome. A test build links its own instead. */
#include "board/board.h"
#include "firmware/boot/boot.h"

static struct boot_state state;

#if BOOT_SIGNED
/* make firmware BOOT_PUBKEY=key.pub.pem: the key's 32 bytes
 * (build/pubkey/boot_pubkey.h, tests/crypto/rules.mk). */
#include "boot_pubkey.h"
/* BOOT_PUBKEY=a.pem,b.pem: BOOT_PUBKEY_INIT is every key's 32 bytes in
 * index order, BOOT_PUBKEYS how many. */
static const uint8_t boot_pubkey[BOOT_PUBKEYS][32] = BOOT_PUBKEY_INIT;
#endif

void board_main(void)
{
    const struct boot_env *env = NULL;
    int rc = board_init(&env);

#if BOOT_SIGNED
    /* The board's environment may sit in flash (lm3s6965evb): the signed
     * build runs a copy that carries the key. */
    static struct boot_env signed_env;

    if (rc == 0) {
        signed_env = *env;
        signed_env.pubkey = boot_pubkey[0];
        signed_env.pubkeys = BOOT_PUBKEYS;
#if BOOT_ROLLBACK
        board_rollback(&signed_env);
#endif
        env = &signed_env;
    }
#endif

    if (rc == 0)
        rc = boot_run(env, &state);
    board_stop(rc ? BOARD_STOP_BOOT_FAILED - rc : 0);
}
