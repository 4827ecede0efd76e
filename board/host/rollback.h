/* The host tool as a signed board's keys (--key a.pem,b.pem, as its
 * BOOT_PUBKEY list; BOOT_SIGNED) and, with BOOT_ROLLBACK, its rollback
 * floor (firmware/README.md, "Rollback"): a fixed floor (--floor
 * N, as lm3s6965evb's BOOT_ROLLBACK_MIN) or sifive-u's OTP read from a
 * file (--otp otp.img, QEMU's -drive if=pflash image), raised in a copy
 * that `-o DIR` writes to DIR/otp.img: the fuses the board would leave.
 * The file itself is never written. --otp-stuck WORD models a fuse word
 * that does not program (its write reads back unprogrammed). */
#ifndef EXTLOAD_HOST_ROLLBACK_H
#define EXTLOAD_HOST_ROLLBACK_H

#include <stdint.h>

#include "drivers/otp_counter.h"
#include "firmware/boot/boot_env.h"

#if BOOT_SIGNED

#define HOST_OTP_BYTES (OTP_WORDS * 4u)

struct host_rollback {
    uint8_t keys[BOOT_KEYS_MAX][32];
    uint8_t nkeys;
#if BOOT_ROLLBACK
    uint8_t has_floor;              /* --floor */
    uint32_t floor;
    const char *otp_path;           /* --otp; NULL: none */
    uint8_t otp[HOST_OTP_BYTES];
    uint32_t stuck;                 /* --otp-stuck: a word no program
                                     * changes (a fuse that will not
                                     * blow); 0: none */
    struct otp_io io;
#endif
};

/* --key LIST: 1 to BOOT_KEYS_MAX PEM files separated by ','. 0, or 1
 * after saying why on stderr. */
int host_keys_read(struct host_rollback *r, const char *list);
/* The keys, and (BOOT_ROLLBACK) the floor when --floor or --otp gave
 * one, into env. */
void host_rollback_env(struct host_rollback *r, struct boot_env *env);
#if BOOT_ROLLBACK
/* --floor N: 0, or 1 after saying why. */
int host_floor_parse(struct host_rollback *r, const char *s);
/* --otp FILE: 16 KiB read. 0, or 1 after saying why. */
int host_otp_load(struct host_rollback *r, const char *path);
/* --otp-stuck WORD (0x... or decimal, within the OTP's 4096): 0, or 1
 * after saying why. */
int host_otp_stuck(struct host_rollback *r, const char *s);
/* With --otp: the fuses as the boot left them, to DIR/otp.img. 0, or 1
 * after saying why. */
int host_otp_save(const struct host_rollback *r, const char *dir);
#endif

#endif

#endif
