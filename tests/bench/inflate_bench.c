/* inflate_bench FILE.gz RUNS: firmware/inflate against zlib's inflate on
 * the host, over the same gzip member held in memory, into the same
 * room. One line of key=value on stdout:
 *
 *   gz_bytes, out_bytes     the member and what it inflates to
 *   ours_ns, zlib_ns        the median of RUNS runs each (they take
 *                           turns), CLOCK_MONOTONIC
 *   ratio                   ours_ns / zlib_ns (1.0: as fast as zlib)
 *
 * Exit 0 when both inflate the member to the same bytes, 1 otherwise.
 * The figures are for make bench to report; nothing is judged on them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "firmware/inflate/inflate.h"

#define RUNS_MAX 101
#define CHUNK 32768u                  /* what the loader hands per read */

struct feed {
    const uint8_t *p;
    size_t left;
};

static int32_t feed_read(void *ctx, const uint8_t **buf)
{
    struct feed *f = ctx;
    uint32_t n = f->left < CHUNK ? (uint32_t)f->left : CHUNK;

    *buf = f->p;
    f->p += n;
    f->left -= n;
    return (int32_t)n;
}

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static long ours(const uint8_t *gz, size_t n, uint8_t *out, uint32_t cap)
{
    static struct inflate z;
    struct feed f = { gz, n };

    inflate_init(&z, out, cap, feed_read, &f);
    if (inflate_gzip(&z)) {
        fprintf(stderr, "inflate_bench: %s\n", inflate_strerror(z.err));
        return -1;
    }
    return (long)z.len;
}

static long theirs(const uint8_t *gz, size_t n, uint8_t *out, uint32_t cap)
{
    z_stream s;
    long len;

    memset(&s, 0, sizeof(s));
    if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK)
        return -1;
    s.next_out = out;
    s.avail_out = cap;
    /* in CHUNK-byte pieces, as the loader's reads come */
    for (size_t off = 0; off < n; off += CHUNK) {
        s.next_in = (Bytef *)(uintptr_t)(gz + off);
        s.avail_in = (uInt)(n - off < CHUNK ? n - off : CHUNK);
        int r = inflate(&s, Z_NO_FLUSH);
        if (r == Z_STREAM_END)
            break;
        if (r != Z_OK) {
            inflateEnd(&s);
            return -1;
        }
    }
    len = (long)s.total_out;
    inflateEnd(&s);
    return len;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: inflate_bench FILE.gz RUNS\n");
        return 2;
    }
    int runs = atoi(argv[2]);
    if (runs < 1 || runs > RUNS_MAX)
        runs = 11;
    FILE *fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    fseek(fp, 0, SEEK_END);
    size_t n = (size_t)ftell(fp);
    rewind(fp);
    uint8_t *gz = malloc(n);
    if (!gz || fread(gz, 1, n, fp) != n) {
        fprintf(stderr, "inflate_bench: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(fp);
    uint32_t cap = n >= 4 ? inflate_gzip_isize(gz + n - 4) : 0;
    uint8_t *a = malloc(cap + 1u), *b = malloc(cap + 1u);
    double ta[RUNS_MAX], tb[RUNS_MAX];
    long la = -1, lb = -1;

    if (!a || !b)
        return 1;
    for (int i = 0; i < runs; i++) {
        double t0 = now_ns();
        la = ours(gz, n, a, cap);
        double t1 = now_ns();
        lb = theirs(gz, n, b, cap);
        double t2 = now_ns();
        ta[i] = t1 - t0;
        tb[i] = t2 - t1;
        if (la < 0 || lb < 0)
            break;
    }
    if (la < 0 || la != lb || memcmp(a, b, (size_t)la)) {
        fprintf(stderr, "inflate_bench: the outputs differ (%ld, %ld)\n",
                la, lb);
        return 1;
    }
    qsort(ta, (size_t)runs, sizeof(ta[0]), cmp);
    qsort(tb, (size_t)runs, sizeof(tb[0]), cmp);
    printf("gz_bytes=%zu out_bytes=%ld ours_ns=%.0f zlib_ns=%.0f "
           "ratio=%.3f\n", n, la, ta[runs / 2], tb[runs / 2],
           ta[runs / 2] / tb[runs / 2]);
    return 0;
}
