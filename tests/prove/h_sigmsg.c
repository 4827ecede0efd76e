/* The signed message's builder (firmware/crypto/sigmsg.c) for Frama-C's
 * EVA (tests/prove/part_sigmsg.mk), as firmware/boot/boot_label.c's
 * boot_label_message calls it: a label's name, APPEND and PARTITION of
 * any bytes and length (the config's text), a rollback index or none,
 * then file lines of any role, place, path, size and digest, each piece
 * read whole by the sink (sigmsg_sink_verify's SHA-512 is not this
 * part's). */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/crypto/sigmsg.h"

/* The label's strings, each of any length its buffer holds (the
 * config's text: BOOT_CONFIG_MAX), and the path buffer (BOOT_PATH_MAX's
 * order of size). */
#define TEXT_MAX 8192u
#define PATH_MAX 256u
#define FILES 8u

static char name[TEXT_MAX], append[TEXT_MAX], part[TEXT_MAX];
static char path[PATH_MAX];
static uint8_t sha[SHA256_BYTES];
static struct sigmsg m;
static volatile uint8_t seen;

/* Every byte of every piece read: each is inside what the builder was
 * given, or its own, and set. */
static void harness_sink(void *ctx, const void *data, uint32_t len)
{
    (void)ctx;
    for (uint32_t i = 0; i < len; i++)
        seen = ((const uint8_t *)data)[i];
}

int main(void)
{
    uint32_t label_len = Frama_C_unsigned_int_interval(0, TEXT_MAX);
    uint32_t append_len = Frama_C_unsigned_int_interval(0, TEXT_MAX);
    uint32_t part_len = Frama_C_unsigned_int_interval(0, TEXT_MAX);
    uint32_t rollback;

    Frama_C_make_unknown(name, sizeof(name));
    Frama_C_make_unknown(append, sizeof(append));
    Frama_C_make_unknown(part, sizeof(part));
    rollback = Frama_C_unsigned_int_interval(0, UINT32_MAX);
    if (Frama_C_nondet(0, 1))
        sigmsg_begin(&m, harness_sink, NULL, name, label_len, append,
                     append_len, Frama_C_nondet(0, 1) ? &rollback : 0);
    else
        sigmsg_begin_at(&m, harness_sink, NULL, name, label_len,
                        append, append_len,
                        Frama_C_nondet(0, 1) ? &rollback : 0,
                        Frama_C_nondet(0, 1) ? part : 0, part_len);
    for (uint32_t i = 0; i < FILES; i++) {
        uint32_t n = Frama_C_unsigned_int_interval(0, PATH_MAX);
        enum sigmsg_role role =
            (enum sigmsg_role)Frama_C_unsigned_int_interval(0, 255);

        Frama_C_make_unknown(path, sizeof(path));
        Frama_C_make_unknown((char *)sha, sizeof(sha));
        if (Frama_C_nondet(0, 1))
            sigmsg_file(&m, role, path, n,
                        Frama_C_unsigned_int_interval(0, UINT32_MAX), sha);
        else
            sigmsg_file_at(&m, role, Frama_C_nondet(0, 1), path, n,
                           Frama_C_unsigned_int_interval(0, UINT32_MAX),
                           sha);
    }
    return 0;
}
