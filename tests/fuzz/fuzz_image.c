/* libFuzzer entry for the image harness (tests/fuzz/h_image.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_image_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_image: %s\n", bad);
        abort();
    }
    return 0;
}
