/* The driver's errors in words. A file of their own: a loader built
 * without sentences (BOOT_MESSAGES=0) links none of them, since the
 * strings of a file share one section the linker keeps or drops whole. */
#include <stdint.h>

#include "drivers/sdspi.h"

const char *sdspi_strerror(int err)
{
#define SDSPI_ERR_TEXT(name, value, text) [-(value)] = text,
    static const char *const msg[] = { SDSPI_ERRORS(SDSPI_ERR_TEXT) };
#undef SDSPI_ERR_TEXT
    uint32_t i = 0u - (uint32_t)err;

    return err <= 0 && i < sizeof(msg) / sizeof(msg[0]) && msg[i]
               ? msg[i] : "unknown error";
}
