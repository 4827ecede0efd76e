/* A name or a path that a message quotes is written with its bytes below
 * 0x20, 0x7f and '\' as \xHH: no name can split a message over two lines,
 * move the cursor, or pass for an escape of ours. Bytes from 0x80 up
 * (UTF-8) are kept. The one rule, for the boards' console and the host's
 * messages alike. */
#ifndef EXTLOAD_QUOTE_H
#define EXTLOAD_QUOTE_H

#include <stdint.h>

#define QUOTE_MAX 4u                  /* bytes one byte may become */

/* c as a message quotes it, into out: its length (1, or 4 escaped). */
static inline uint32_t quote_byte(char out[QUOTE_MAX], char c)
{
    static const char hex[] = "0123456789abcdef";
    uint8_t b = (uint8_t)c;

    if (b >= 0x20 && b != 0x7f && b != '\\') {
        out[0] = c;
        return 1;
    }
    out[0] = '\\';
    out[1] = 'x';
    out[2] = hex[b >> 4];
    out[3] = hex[b & 15u];
    return QUOTE_MAX;
}

#endif
