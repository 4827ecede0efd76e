/* A rollback floor and key revocations in one-time-programmable fuses
 * (firmware/README.md, "Rollback"; the ranges are in board/README.md):
 * a word per fuse, programmed when its bit 0 reads 0 (an unprogrammed
 * word reads 0xffffffff, as QEMU's sifive_u_otp starts). Programming
 * only clears bits, so what is written can only go up:
 *
 *   the floor    OTP_FLOOR_STEPS words from OTP_FLOOR_FIRST, a unary
 *                counter: the floor is how many of them, from the
 *                first, are programmed (a word past an unprogrammed one
 *                counts for nothing)
 *   revocations  BOOT_KEYS_MAX words from OTP_REVOKE_FIRST: word i
 *                programmed revokes key i
 *
 * One word per step, not one bit: QEMU's model writes back the whole
 * word from its own copy, which starts at 0xffffffff each run, so a
 * second bit programmed in a word of an earlier run would undo the
 * first. The fuses are behind a struct otp_io: the board's driver
 * (drivers/sifive_otp.c), or a file on the host (extload boot --otp). */
#ifndef EXTLOAD_OTP_COUNTER_H
#define EXTLOAD_OTP_COUNTER_H

#include <stdint.h>

#define OTP_WORDS 4096u               /* the FU540's 16 KiB: 4096 words */
#define OTP_FLOOR_FIRST 0x400u        /* byte offset 0x1000 */
#define OTP_FLOOR_STEPS 256u          /* the floor goes up to 256 */
#define OTP_REVOKE_FIRST 0x500u       /* byte offset 0x1400 */
#define OTP_REVOKE_KEYS 4u
#define OTP_PROGRAMMED(word) (((word) & 1u) == 0)

#define OTP_EWRITE (-1)               /* a fuse read back unprogrammed */
#define OTP_EFULL (-2)                /* the floor is past OTP_FLOOR_STEPS */

struct otp_io {
    /* Word index (< OTP_WORDS) -> its 32 bits. */
    uint32_t (*read)(void *ctx, uint32_t word);
    /* Programs bit 0 of the word (clears it); the caller reads back. */
    void (*program)(void *ctx, uint32_t word);
    void *ctx;
};

/* The floor the fuses hold. */
uint32_t otp_floor(const struct otp_io *io);
/* Programs the steps up to floor, one word each, each read back: 0, or
 * OTP_EWRITE / OTP_EFULL (the steps before stay programmed). */
int otp_floor_raise(const struct otp_io *io, uint32_t floor);
/* Bit i: key i revoked. */
uint32_t otp_revoked(const struct otp_io *io);
/* Programs key's revocation word, read back: 0 or OTP_EWRITE. */
int otp_revoke(const struct otp_io *io, uint32_t key);

#endif
