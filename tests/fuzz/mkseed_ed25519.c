/* Seeds for the ed25519 target: the RFC 8032 section 7.1 vectors as
 * key || signature || message (tests/fuzz/h_ed25519.c's input), which
 * the harness requires to verify.
 * Usage: mkseed_ed25519 OUTDIR */
#include <stdio.h>
#include <string.h>

#include "tests/support/rfc8032.h"

static int put_hex(FILE *f, const char *hex)
{
    for (size_t i = 0; hex[i] && hex[i + 1]; i += 2) {
        unsigned v;

        if (sscanf(hex + i, "%2x", &v) != 1 || fputc((int)v, f) == EOF)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mkseed_ed25519 OUTDIR\n");
        return 2;
    }
    for (unsigned i = 0; i < RFC8032_VECTORS; i++) {
        const struct rfc8032_vector *v = &rfc8032_vectors[i];
        char path[4096];
        FILE *f;

        snprintf(path, sizeof(path), "%s/rfc8032-%u", argv[1], i + 1);
        f = fopen(path, "wb");
        if (!f || put_hex(f, v->key) || put_hex(f, v->sig) ||
            put_hex(f, v->msg) || fclose(f)) {
            fprintf(stderr, "mkseed_ed25519: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}
