/* The signed message of a label; the format is in firmware/crypto/sigmsg.h. */
#include "firmware/crypto/sigmsg.h"

#include "firmware/crypto/ed25519.h"
#include "lib/num.h"

const char *sigmsg_role_name(enum sigmsg_role role)
{
    switch (role) {
#define SIGMSG_ROLE_CASE(name, value, text) case name: return text;
    SIGMSG_ROLES(SIGMSG_ROLE_CASE)
#undef SIGMSG_ROLE_CASE
    }
    return 0;
}

static void put(struct sigmsg *m, const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    m->sink(m->ctx, s, n);
}

/* s[0..len) escaped, a byte at a time (each one as itself or as \xHH:
 * the proof sees each piece inside s without relating a run's start to
 * its end). escape_space: a space is escaped too (NAME, PATH). */
static void put_escaped(struct sigmsg *m, const char *s, uint32_t len,
                        int escape_space)
{
    static const char hex[] = "0123456789abcdef";

    for (uint32_t i = 0; i < len; i++) {
        uint8_t c = (uint8_t)s[i];
        char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
        int esc = c < 0x20 || c == 0x7f || c == '\\' ||
                  (escape_space && c == ' ');

        if (esc)
            m->sink(m->ctx, e, sizeof(e));
        else
            m->sink(m->ctx, s + i, 1);
    }
}

void sigmsg_begin_at(struct sigmsg *m, sigmsg_sink sink, void *ctx,
                     const char *label, uint32_t label_len,
                     const char *append, uint32_t append_len,
                     const uint32_t *rollback, const char *partition,
                     uint32_t partition_len)
{
    m->sink = sink;
    m->ctx = ctx;
    m->v3 = partition != 0;
    put(m, partition ? SIGMSG_MAGIC_V3 : rollback ? SIGMSG_MAGIC_V2
                                                   : SIGMSG_MAGIC);
    put(m, "label ");
    put_escaped(m, label, label_len, 1);
    put(m, "\nappend ");
    put_escaped(m, append, append_len, 0);
    put(m, "\n");
    if (rollback) {
        char digits[64];

        put(m, "rollback ");
        m->sink(m->ctx, digits, num_digits(digits, *rollback, 10, 0));
        put(m, "\n");
    }
    if (partition) {
        put(m, "partition ");
        put_escaped(m, partition, partition_len, 1);
        put(m, "\n");
    }
}

void sigmsg_begin(struct sigmsg *m, sigmsg_sink sink, void *ctx,
                  const char *label, uint32_t label_len,
                  const char *append, uint32_t append_len,
                  const uint32_t *rollback)
{
    sigmsg_begin_at(m, sink, ctx, label, label_len, append, append_len,
                    rollback, 0, 0);
}

void sigmsg_file_at(struct sigmsg *m, enum sigmsg_role role,
                    int from_config, const char *path, uint32_t path_len,
                    uint32_t size, const uint8_t sha256[SHA256_BYTES])
{
    const char *name = sigmsg_role_name(role);
    char digits[64], hex[2 * SHA256_BYTES + 1];

    put(m, "file ");
    put(m, name ? name : "?");
    put(m, " ");
    if (m->v3)
        put(m, from_config ? "config " : "partition ");
    put_escaped(m, path, path_len, 1);
    put(m, " ");
    m->sink(m->ctx, digits, num_digits(digits, size, 10, 0));
    put(m, " ");
    sha256_hex(sha256, SHA256_BYTES, hex);
    m->sink(m->ctx, hex, 2 * SHA256_BYTES);
    put(m, "\n");
}

void sigmsg_file(struct sigmsg *m, enum sigmsg_role role, const char *path,
                 uint32_t path_len, uint32_t size,
                 const uint8_t sha256[SHA256_BYTES])
{
    sigmsg_file_at(m, role, 0, path, path_len, size, sha256);
}

void sigmsg_sink_verify(void *ctx, const void *data, uint32_t len)
{
    ed25519_verify_update(ctx, data, len);
}
