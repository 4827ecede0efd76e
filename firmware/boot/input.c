/* Console input kept in a ring: a UART's receive FIFO is small (16 bytes
 * on a PL011) and the loader polls, so keys typed while a kernel loads
 * would be lost if they waited in the FIFO. The boot steps poll
 * (boot_poll) and the menu and the prompt read from here. */
#include "firmware/boot/boot_priv.h"

#if BOOT_INTERACTIVE

#define RING_MASK (BOOT_INPUT_RING - 1u)

void input_poll(const struct boot_env *env, struct boot_input *in)
{
    /* A full ring leaves the rest in the UART: nothing is thrown away
     * here, and the loop is bounded by the ring's room. */
    while (env->getc && !in->eof && in->tail - in->head < BOOT_INPUT_RING) {
        int c = env->getc(env->in_ctx);

        if (c == BOOT_IN_EOF)
            in->eof = 1;
        if (c < 0)
            return;
        in->ring[in->tail++ & RING_MASK] = (uint8_t)c;
    }
}

void input_idle(const struct boot_env *env)
{
    if (env->idle)
        env->idle(env->board_ctx);
}

int input_getc(const struct boot_env *env, struct boot_input *in)
{
    input_poll(env, in);
    if (in->head != in->tail)
        return in->ring[in->head++ & RING_MASK];
    /* TOTALTIMEOUT (firmware/boot/menu.c): past it the input ends, and the
     * flow boots the default (boot.c). */
    if (in->has_deadline && (int32_t)(boot_now(env) - in->deadline) >= 0)
        in->timed_out = 1;
    return in->eof || in->timed_out ? BOOT_IN_EOF : BOOT_IN_NONE;
}

#endif
