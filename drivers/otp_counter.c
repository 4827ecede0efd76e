/* The floor and the revocations in fuse words (drivers/otp_counter.h). */
#include "drivers/otp_counter.h"

uint32_t otp_floor(const struct otp_io *io)
{
    uint32_t n = 0;

    while (n < OTP_FLOOR_STEPS &&
           OTP_PROGRAMMED(io->read(io->ctx, OTP_FLOOR_FIRST + n)))
        n++;
    return n;
}

static int program(const struct otp_io *io, uint32_t word)
{
    io->program(io->ctx, word);
    return OTP_PROGRAMMED(io->read(io->ctx, word)) ? 0 : OTP_EWRITE;
}

int otp_floor_raise(const struct otp_io *io, uint32_t floor)
{
    if (floor > OTP_FLOOR_STEPS)
        return OTP_EFULL;
    for (uint32_t n = otp_floor(io); n < floor; n++) {
        int rc = program(io, OTP_FLOOR_FIRST + n);

        if (rc)
            return rc;
    }
    return 0;
}

uint32_t otp_revoked(const struct otp_io *io)
{
    uint32_t mask = 0;

    for (uint32_t k = 0; k < OTP_REVOKE_KEYS; k++)
        if (OTP_PROGRAMMED(io->read(io->ctx, OTP_REVOKE_FIRST + k)))
            mask |= 1u << k;
    return mask;
}

int otp_revoke(const struct otp_io *io, uint32_t key)
{
    if (key >= OTP_REVOKE_KEYS)
        return OTP_EWRITE;
    return program(io, OTP_REVOKE_FIRST + key);
}
