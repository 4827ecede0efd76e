/* libFuzzer entry for the DEFLATE and gzip harness (tests/fuzz/h_inflate.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_inflate_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_inflate: %s\n", bad);
        abort();
    }
    return 0;
}
