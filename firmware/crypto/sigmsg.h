/* The message a label's Ed25519 signature signs (firmware/README.md,
 * "Signed labels"): one text that binds the label's name, its APPEND,
 * and the role, path, size and SHA-256 of every file it loads.
 *
 *   extload-sig-v1\n                    extload-sig-v2\n when the label
 *                                       has a rollback index
 *   label NAME\n
 *   append TEXT\n
 *   rollback N\n                        v2 only: the index, decimal
 *   file ROLE PATH SIZE SHA256\n        once per file, in the plan's order:
 *                                       kernel, each initrd part, fdt,
 *                                       firmware, each fdtoverlay (in
 *                                       FDTOVERLAYS' order)
 *
 * A label with PARTITION signs a v3 message, which binds where its files
 * lie as well as what they hold:
 *
 *   extload-sig-v3\n
 *   label NAME\n
 *   append TEXT\n
 *   rollback N\n                        only when it has a rollback index
 *   partition SPEC\n                    PARTITION as written (N,
 *                                       PARTLABEL=..., PARTUUID=...)
 *   file ROLE FROM PATH SIZE SHA256\n   FROM: "partition" (SPEC's) or
 *                                       "config" (the partition the
 *                                       config is on: the SBI firmware
 *                                       the loader looked for there)
 *
 * NAME, TEXT and PATH are escaped so that no two labels make the same
 * bytes: a byte below 0x20, 0x7f and '\' are written \xHH (two lowercase
 * hex digits), and in NAME and PATH a space too; every other byte is
 * itself. SIZE is decimal without leading zeros, SHA256 64 lowercase hex
 * digits.
 *
 * The emitter streams: each piece goes to a sink as it is made, so the
 * host prints the message with the very code that feeds the board's
 * verifier (sigmsg_sink_verify), and nothing holds it whole. */
#ifndef EXTLOAD_SIGMSG_H
#define EXTLOAD_SIGMSG_H

#include <stdint.h>

#include "firmware/crypto/sha256.h"

#define SIGMSG_MAGIC "extload-sig-v1\n"
#define SIGMSG_MAGIC_V2 "extload-sig-v2\n"
#define SIGMSG_MAGIC_V3 "extload-sig-v3\n"

/* What a file is to its label; the names are the message's ROLE. */
#define SIGMSG_ROLES(X) \
    X(SIGMSG_KERNEL,   0, "kernel") \
    X(SIGMSG_INITRD,   1, "initrd") \
    X(SIGMSG_FDT,      2, "fdt") \
    X(SIGMSG_FIRMWARE, 3, "firmware") \
    X(SIGMSG_FDTOVERLAY, 4, "fdtoverlay")

enum sigmsg_role {
#define SIGMSG_ROLE_ENUM(name, value, text) name = value,
    SIGMSG_ROLES(SIGMSG_ROLE_ENUM)
#undef SIGMSG_ROLE_ENUM
};

/* Receives the message's bytes in order, in pieces of any size. */
typedef void (*sigmsg_sink)(void *ctx, const void *data, uint32_t len);

struct sigmsg {
    sigmsg_sink sink;
    void *ctx;
    uint8_t v3;                   /* file lines name where they are from */
};

/* The header, the label line and the append line; with rollback (not
 * NULL) the v2 header and the rollback line after append. */
void sigmsg_begin(struct sigmsg *m, sigmsg_sink sink, void *ctx,
                  const char *label, uint32_t label_len,
                  const char *append, uint32_t append_len,
                  const uint32_t *rollback);
/* sigmsg_begin, and with partition (not NULL) the v3 header and its
 * partition line (the version the rollback line alone would give is
 * then v3's). */
void sigmsg_begin_at(struct sigmsg *m, sigmsg_sink sink, void *ctx,
                     const char *label, uint32_t label_len,
                     const char *append, uint32_t append_len,
                     const uint32_t *rollback, const char *partition,
                     uint32_t partition_len);
/* One file line; call once per loaded file, in load order. */
void sigmsg_file(struct sigmsg *m, enum sigmsg_role role, const char *path,
                 uint32_t path_len, uint32_t size,
                 const uint8_t sha256[SHA256_BYTES]);
/* The same; in a v3 message from_config says where it lies (ignored in
 * v1 and v2). */
void sigmsg_file_at(struct sigmsg *m, enum sigmsg_role role,
                    int from_config, const char *path, uint32_t path_len,
                    uint32_t size, const uint8_t sha256[SHA256_BYTES]);

/* The role's name ("kernel"), or NULL for a value outside the table. */
const char *sigmsg_role_name(enum sigmsg_role role);

/* A sink for ctx = struct ed25519_verify *: the message goes straight
 * into the verifier's SHA-512. */
void sigmsg_sink_verify(void *ctx, const void *data, uint32_t len);

#endif
