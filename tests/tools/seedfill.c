/* seedfill SEED SIZE: SIZE pseudo-random bytes from SEED on stdout, so a
 * test tree's contents are repeatable and a wrong block shows. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    uint64_t s, n;
    unsigned char buf[65536];

    if (argc != 3) {
        fprintf(stderr, "usage: seedfill SEED SIZE\n");
        return 2;
    }
    s = strtoull(argv[1], NULL, 0) * 0x9E3779B97F4A7C15ull + 1;
    n = strtoull(argv[2], NULL, 0);
    while (n) {
        size_t k = n < sizeof(buf) ? (size_t)n : sizeof(buf), i;

        for (i = 0; i < k; i++) {
            /* xorshift64* */
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            buf[i] = (unsigned char)((s * 0x2545F4914F6CDD1Dull) >> 56);
        }
        if (fwrite(buf, 1, k, stdout) != k)
            return 1;
        n -= k;
    }
    return 0;
}
