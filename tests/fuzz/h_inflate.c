/* DEFLATE and gzip harness: a stream through firmware/inflate/inflate.c.
 *
 * The input's first 4 bytes choose the run, the rest is the stream:
 *   [0] bit 0: a gzip member (else raw DEFLATE); bits 1-7: seed of the
 *       chunk sizes the stream is fed in
 *   [1..3] little-endian: the room's capacity (at most 1 MiB)
 * The room is malloc'd at exactly its capacity, so ASan sees any write
 * past it. Invariants: the count never passes the room; the result is
 * one of enum inflate_err's; the same stream fed in other chunks gives
 * the same result and the same bytes; a stream that inflated inflates
 * again into a room of exactly its size. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/inflate/inflate.h"
#include "tests/fuzz/harness.h"

#define INFLATE_FUZZ_HDR 4u
#define INFLATE_FUZZ_ROOM (1u << 20)

struct chunks {
    const uint8_t *p;
    size_t left;
    uint32_t seed;
};

static int32_t feed(void *ctx, const uint8_t **buf)
{
    struct chunks *c = ctx;

    if (!c->left)
        return 0;
    size_t n = c->left;             /* seed 0: the rest in one chunk */

    if (c->seed) {
        c->seed = c->seed * 1103515245u + 12345u;
        n = 1u + (c->seed >> 16) % 600u;
    }

    if (n > c->left)
        n = c->left;
    *buf = c->p;
    c->p += n;
    c->left -= n;
    return (int32_t)n;
}

static int run(bool gzip, const uint8_t *s, size_t n, uint8_t *room,
               uint32_t cap, uint32_t seed, uint32_t *len)
{
    static struct inflate z;
    struct chunks c = { s, n, seed };

    inflate_init(&z, room, cap, feed, &c);
    int rc = gzip ? inflate_gzip(&z) : inflate_raw(&z);
    *len = z.len;
    return rc;
}

const char *fuzz_inflate_one(const uint8_t *data, size_t len)
{
    if (len < INFLATE_FUZZ_HDR)
        return NULL;
    bool gzip = data[0] & 1u;
    uint32_t seed = data[0] >> 1;
    uint32_t cap = (uint32_t)data[1] | (uint32_t)data[2] << 8 |
                   (uint32_t)data[3] << 16;
    const uint8_t *s = data + INFLATE_FUZZ_HDR;
    size_t n = len - INFLATE_FUZZ_HDR;
    const char *bad = NULL;

    if (cap > INFLATE_FUZZ_ROOM)
        cap = INFLATE_FUZZ_ROOM;
    uint8_t *a = malloc(cap ? cap : 1u), *b = malloc(cap ? cap : 1u);
    uint32_t la, lb;

    if (!a || !b)
        abort();
    int rc = run(gzip, s, n, a, cap, seed | 1u, &la);
    int rc2 = run(gzip, s, n, b, cap, 0, &lb);   /* in one chunk */

    if (la > cap)
        bad = "the count passed the room";
    else if (rc > 0 || rc < INFLATE_ETRAILING)
        bad = "a result outside enum inflate_err";
    else if (rc == INFLATE_EREAD)
        bad = "a read error from a callback that never fails";
    else if (rc != rc2 || la != lb || memcmp(a, b, la) != 0)
        bad = "other chunks gave another result";
    if (!bad && rc == 0) {
        uint8_t *e = malloc(la ? la : 1u);

        if (!e)
            abort();
        if (run(gzip, s, n, e, la, seed + 1u, &lb) != 0 || lb != la ||
            memcmp(e, a, la) != 0)
            bad = "a stream that inflated failed in a room its own size";
        free(e);
    }
    free(a);
    free(b);
    return bad;
}
