/* The host's keys and rollback floor (board/host/rollback.h). */
#include "board/host/rollback.h"

#if BOOT_SIGNED

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/host/ed25519_sign.h"
#include "firmware/config/config.h"
#include "firmware/crypto/ed25519.h"

int host_keys_read(struct host_rollback *r, const char *list)
{
    char path[4096];

    r->nkeys = 0;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        const char *why;

        if (r->nkeys == BOOT_KEYS_MAX || !len || len >= sizeof(path)) {
            fprintf(stderr, "extload: --key %s: 1 to %u key files, "
                    "separated by ','\n", list, (unsigned)BOOT_KEYS_MAX);
            return 1;
        }
        memcpy(path, p, len);
        path[len] = 0;
        if (ed25519_read_public_pem(path, r->keys[r->nkeys], &why)) {
            fprintf(stderr, "extload: %s: %s\n", path, why);
            return 1;
        }
        r->nkeys++;
        p += len;
        if (*p == ',' && !*++p) {
            fprintf(stderr, "extload: --key %s: ends with ','\n", list);
            return 1;
        }
    }
    return r->nkeys ? 0 : 1;
}

#if !BOOT_ROLLBACK

void host_rollback_env(struct host_rollback *r, struct boot_env *env)
{
    env->pubkey = r->nkeys ? r->keys[0] : NULL;
    env->pubkeys = r->nkeys;
}

#else

int host_floor_parse(struct host_rollback *r, const char *s)
{
    struct config_label l = { .rollback = s };

    if (config_rollback_index(&l, &r->floor) <= 0) {
        fprintf(stderr, "extload: --floor %s: not a number 0 to "
                "4294967295\n", s);
        return 1;
    }
    r->has_floor = 1;
    return 0;
}

static uint32_t otp_word(void *ctx, uint32_t word)
{
    const uint8_t *b = ((const struct host_rollback *)ctx)->otp +
                       4u * (word % OTP_WORDS);

    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

static void otp_program(void *ctx, uint32_t word)
{
    struct host_rollback *r = ctx;

    if (!r->stuck || word != r->stuck)
        r->otp[4u * (word % OTP_WORDS)] &= 0xfeu;
}

int host_otp_stuck(struct host_rollback *r, const char *s)
{
    char *end;
    unsigned long w = strtoul(s, &end, 0);

    if (!*s || *end || w == 0 || w >= OTP_WORDS) {
        fprintf(stderr, "extload: --otp-stuck %s: a word 1 to 0x%x\n", s,
                (unsigned)(OTP_WORDS - 1u));
        return 1;
    }
    r->stuck = (uint32_t)w;
    return 0;
}

int host_otp_load(struct host_rollback *r, const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(r->otp, 1, sizeof(r->otp), f) : 0;

    if (f)
        fclose(f);
    if (got != sizeof(r->otp)) {
        fprintf(stderr, "extload: %s: %s\n", path, f ? "shorter than the "
                "OTP's 16 KiB" : strerror(errno));
        return 1;
    }
    r->otp_path = path;
    r->io = (struct otp_io){ otp_word, otp_program, r };
    return 0;
}

static int fixed_floor(void *ctx, uint32_t *floor)
{
    *floor = ((const struct host_rollback *)ctx)->floor;
    return 0;
}

static int otp_floor_read(void *ctx, uint32_t *floor)
{
    *floor = otp_floor(&((struct host_rollback *)ctx)->io);
    return 0;
}

static int otp_raise(void *ctx, uint32_t floor)
{
    return otp_floor_raise(&((struct host_rollback *)ctx)->io, floor);
}

static int otp_revoked_read(void *ctx, uint32_t *mask)
{
    *mask = otp_revoked(&((struct host_rollback *)ctx)->io);
    return 0;
}

static int otp_key_revoke(void *ctx, uint32_t key)
{
    return otp_revoke(&((struct host_rollback *)ctx)->io, key);
}

void host_rollback_env(struct host_rollback *r, struct boot_env *env)
{
    env->pubkey = r->nkeys ? r->keys[0] : NULL;
    env->pubkeys = r->nkeys;
    env->rollback_ctx = r;
    if (r->otp_path) {
        env->rollback_read = otp_floor_read;
        env->rollback_raise = otp_raise;
        env->keys_revoked = otp_revoked_read;
        env->key_revoke = otp_key_revoke;
        env->rollback_max = OTP_FLOOR_STEPS;
    } else if (r->has_floor) {
        env->rollback_read = fixed_floor;
    }
}

int host_otp_save(const struct host_rollback *r, const char *dir)
{
    char path[4096];
    FILE *f;

    if (!r->otp_path)
        return 0;
    snprintf(path, sizeof(path), "%s/otp.img", dir);
    f = fopen(path, "wb");
    if (!f || fwrite(r->otp, 1, sizeof(r->otp), f) != sizeof(r->otp) ||
        fclose(f)) {
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

#endif

#endif
