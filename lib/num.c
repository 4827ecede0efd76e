#include "lib/num.h"

/* *v /= base, returning the remainder. A number as wide as a long
 * divides as it is; a 64-bit one on a 32-bit core 16 bits at a time, so
 * that (remainder << 16 | next 16 bits) fits 32 bits for any base <= 16. */
static uint32_t divmod(num_uint *v, uint32_t base)
{
    if (sizeof(*v) <= sizeof(long)) {
        uint32_t r = (uint32_t)(*v % base);

        *v /= base;
        return r;
    }
    uint32_t hi = (uint32_t)((uint64_t)*v >> 32), lo = (uint32_t)*v;
    uint32_t qhi = hi / base, r = hi % base;
    uint32_t mid = r << 16 | lo >> 16;
    uint32_t qmid = mid / base;
    uint32_t low = (mid % base) << 16 | (lo & 0xFFFFu);

    *v = (num_uint)((uint64_t)qhi << 32 | qmid << 16 | low / base);
    return low % base;
}

uint32_t num_digits(char d[64], num_uint v, uint32_t base, int upper)
{
    uint32_t n = 0, i;

    if (base < 2 || base > 16)
        base = 10;
    do {
        uint32_t r = divmod(&v, base);

        d[n++] = (char)(r < 10 ? '0' + r : (upper ? 'A' : 'a') + r - 10);
    } while (v && n < 64);
    /* least significant first so far: turned round */
    for (i = 0; i < n / 2; i++) {
        char t = d[i];

        d[i] = d[n - 1 - i];
        d[n - 1 - i] = t;
    }
    return n;
}

uint32_t num_put(char *buf, uint32_t len, uint32_t at, const char *s)
{
    if (!len)
        return 0;
    while (*s && at + 1 < len)
        buf[at++] = *s++;
    buf[at < len ? at : len - 1] = 0;
    return at;
}

uint32_t num_cut_word(char *buf, uint32_t len, uint32_t at)
{
    uint32_t i;

    if (len < 16 || at + 1 < len)
        return at;
    /* "..." and the NUL from len - 4 at the latest; back to the blank
     * before the word cut there, unless that loses over half the text.
     * Bounded: i only falls, from len - 4 to len / 2. */
    i = len - 4;
    while (i > len / 2 && buf[i] != ' ')
        i--;
    if (buf[i] != ' ')
        i = len - 4;
    while (i > len / 2 && (buf[i - 1] == ' ' || buf[i - 1] == ',' ||
                           buf[i - 1] == ':' || buf[i - 1] == '('))
        i--;
    buf[i++] = '.';
    buf[i++] = '.';
    buf[i++] = '.';
    buf[i] = 0;
    return i;
}

uint32_t num_put_u(char *buf, uint32_t len, uint32_t at, num_uint v,
                   uint32_t base)
{
    char d[65];

    d[num_digits(d, v, base, 0)] = 0;
    return num_put(buf, len, at, d);
}

uint32_t num_put_code(char *buf, uint32_t len, uint32_t at,
                      const char *table, int err)
{
    at = num_put(buf, len, at, table);
    at = num_put(buf, len, at, err < 0 ? " error -" : " error ");
    return num_put_u(buf, len, at, err < 0 ? 0u - (uint32_t)err
                                           : (uint32_t)err, 10);
}
