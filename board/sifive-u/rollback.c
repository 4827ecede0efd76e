/* The rollback floor and the key revocations in the FU540's OTP
 * (board/README.md, "Rollback fuses"): drivers/otp_counter.h's layout on
 * drivers/sifive_otp.c. Linked only in a signed build (BOOT_ROLLBACK). */
#include "board/board.h"

#if BOOT_ROLLBACK

#include "board/sifive-u/sifive_u.h"
#include "drivers/otp_counter.h"
#include "drivers/sifive_otp.h"

static uintptr_t otp_base = OTP_BASE;
static struct otp_io otp;

static int floor_read(void *ctx, uint32_t *floor)
{
    *floor = otp_floor(ctx);
    return 0;
}

static int floor_raise(void *ctx, uint32_t floor)
{
    return otp_floor_raise(ctx, floor);
}

static int revoked_read(void *ctx, uint32_t *mask)
{
    *mask = otp_revoked(ctx);
    return 0;
}

static int revoke(void *ctx, uint32_t key)
{
    return otp_revoke(ctx, key);
}

void board_rollback(struct boot_env *env)
{
    sifive_otp_io(&otp, &otp_base);
    env->rollback_read = floor_read;
    env->rollback_raise = floor_raise;
    env->keys_revoked = revoked_read;
    env->key_revoke = revoke;
    env->rollback_ctx = &otp;
    env->rollback_max = OTP_FLOOR_STEPS;
    con_printf(&env->con, "otp: rollback floor in words 0x%x-0x%x (%u "
               "steps), key revocations in 0x%x-0x%x\n",
               (unsigned)OTP_FLOOR_FIRST,
               (unsigned)(OTP_FLOOR_FIRST + OTP_FLOOR_STEPS - 1u),
               (unsigned)OTP_FLOOR_STEPS, (unsigned)OTP_REVOKE_FIRST,
               (unsigned)(OTP_REVOKE_FIRST + OTP_REVOKE_KEYS - 1u));
}

#endif
