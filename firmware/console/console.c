#include "firmware/console/console.h"

#include "firmware/boot_conf.h"   /* CONSOLE_FULL, CONSOLE_QUOTE */

#include "lib/num.h"
#include "lib/quote.h"

#include <stdbool.h>
#include <stddef.h>

/* Output goes through a sink: a console, written a piece at a time (a
 * run of the format's text, a string, a number's digits), or a string
 * buffer, filled as far as it holds. */
struct sink {
    const struct console *con;   /* NULL: into buf */
    char *buf;
    uint32_t len;                /* capacity of buf */
    uint32_t pos;                /* characters produced so far */
};

__attribute__((noinline))
static void put(struct sink *s, const char *p, uint32_t n)
{
    if (s->con) {
        if (n)
            s->con->write(s->con->ctx, p, n);
    } else {
        for (uint32_t i = 0; i < n && s->pos + i + 1u < s->len; i++)
            s->buf[s->pos + i] = p[i];
    }
    s->pos += n;
}

/* A %s on a console: each byte as lib/quote.h writes it (a name cannot
 * break the line that quotes it).
 * Into a buffer the bytes go as they are: the text is quoted once, when
 * a console prints it. */
static void put_quoted(struct sink *s, const char *str, uint32_t n)
{
    char q[QUOTE_MAX];

    for (uint32_t i = 0; i < n; i++) {
        q[0] = str[i];
        put(s, q, CONSOLE_QUOTE && s->con ? quote_byte(q, str[i]) : 1u);
    }
}

/* str[0..n) in a field of width: padded with pad before it (or blanks
 * after it, left: CONSOLE_FULL's '-'). */
static void put_padded(struct sink *s, const char *str, uint32_t n,
                       uint32_t width, bool left, char pad)
{
    for (; !(CONSOLE_FULL && left) && width > n; width--)
        put(s, &pad, 1);
    put_quoted(s, str, n);
    for (; CONSOLE_FULL && width > n; width--)
        put(s, " ", 1);
}

/* The length of a %s: str up to its NUL, at most prec bytes. Its own
 * function for the proof (tests/prove/part_config.mk): a long string's
 * scan spends the slevel of this function, not format's, whose walk of
 * the format then stays exact (one call: the compiler inlines it). */
static uint32_t str_len_max(const char *str, uint32_t prec)
{
    uint32_t n = 0;

    while (n < prec && str[n])
        n++;
    return n;
}

/* One walk of the format: flags, width, precision, length, then the
 * conversion, in the order C writes them. One function on purpose: each
 * step reads the va_list and feeds the next, and CONSOLE_FULL's cases
 * fold away inside it in the tiny profile (split, they cost calls). */
static void format(struct sink *s, const char *fmt, va_list ap)
{
    for (;;) {
        uint32_t n = 0;

        while (fmt[n] && fmt[n] != '%')
            n++;
        put(s, fmt, n);
        fmt += n;
        if (!*fmt++)
            return;
        bool left = false;
        char pad = ' ';
        for (; (CONSOLE_FULL && *fmt == '-') || *fmt == '0'; fmt++) {
            if (*fmt == '-')
                left = true;
            else
                pad = '0';
        }
        uint32_t width = 0;
        for (; *fmt >= '0' && *fmt <= '9'; fmt++)
            width = width * 10u + (uint32_t)(*fmt - '0');
        uint32_t prec = UINT32_MAX;
        if (*fmt == '.') {
            fmt++;
            if (*fmt == '*') {
                prec = (uint32_t)va_arg(ap, int);
                fmt++;
            } else if (CONSOLE_FULL) {
                prec = 0;
                for (; *fmt >= '0' && *fmt <= '9'; fmt++)
                    prec = prec * 10u + (uint32_t)(*fmt - '0');
            }
        }
        int lng = 0;                  /* 1 l, 2 ll, 3 z */
        if (*fmt == 'l') {
            lng = 1;
            /* ll only where it is as wide as l (the small printf's
             * numbers are longs): on a 32-bit core the small one has
             * none, and "ll" is an l and an unknown conversion 'l'. */
            if (*++fmt == 'l' &&
                (CONSOLE_FULL || sizeof(long) == sizeof(long long))) {
                lng = 2;
                fmt++;
            }
        } else if (CONSOLE_FULL && *fmt == 'z') {
            lng = 3;
            fmt++;
        }
        char c = *fmt;
        if (!c)                       /* truncated: drop it */
            return;
        fmt++;
        if (c == 's') {
            const char *str = va_arg(ap, const char *);
            if (!str)
                str = "(null)";
            put_padded(s, str, str_len_max(str, prec), width, left, ' ');
            continue;
        }
        char tmp[65];
        if (c == 'c') {
            tmp[0] = (char)va_arg(ap, int);
            put(s, tmp, 1);
            continue;
        }
        if (CONSOLE_FULL && c == '%') {
            put(s, "%", 1);
            continue;
        }
        num_uint u;
        bool neg = false;
        unsigned base = 16;           /* %p */
        if (CONSOLE_FULL && (c == 'd' || c == 'i')) {
            long long d = lng == 2 ? va_arg(ap, long long)
                        : lng == 1 ? va_arg(ap, long)
                        : lng == 3 ? (long long)va_arg(ap, size_t)
                        : va_arg(ap, int);
            neg = d < 0;
            u = neg ? 0ull - (unsigned long long)d : (unsigned long long)d;
            base = 10;
        } else if (CONSOLE_FULL && c == 'p') {
            put(s, "0x", 2);
            u = (uintptr_t)va_arg(ap, void *);
        } else {
            base = c == 'u' ? 10u : c == 'o' ? 8u
                 : c == 'x' || (CONSOLE_FULL && c == 'X') ? 16u : 0u;
            if (!base)
                continue;             /* unknown: dropped */
            u = lng == 2 ? va_arg(ap, unsigned long long)
              : lng == 1 ? va_arg(ap, unsigned long)
              : lng == 3 ? va_arg(ap, size_t)
              : va_arg(ap, unsigned);
        }
        n = 0;
        if (neg) {
            if (pad == '0') {
                put(s, "-", 1);
                if (width)
                    width--;
            } else {
                tmp[n++] = '-';
            }
        }
        n += num_digits(tmp + n, u, base, CONSOLE_FULL && c == 'X');
        put_padded(s, tmp, n, width, left, pad);
    }
}

void con_vprintf(const struct console *con, const char *fmt, va_list ap)
{
    struct sink s = { .con = con };

    format(&s, fmt, ap);
}

void con_printf(const struct console *con, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    con_vprintf(con, fmt, ap);
    va_end(ap);
}

void con_puts(const struct console *con, const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    con->write(con->ctx, s, n);
}

uint32_t fmt_snprintf(char *buf, uint32_t len, const char *fmt, ...)
{
    struct sink s = { .buf = buf, .len = len };
    va_list ap;

    va_start(ap, fmt);
    format(&s, fmt, ap);
    va_end(ap);
    if (len)
        buf[s.pos < len ? s.pos : len - 1] = '\0';
    /* Cut: at a word, with "...". Without BOOT_MESSAGES (the tiny
     * profile) the texts are codes and numbers that fit their buffers. */
    if (BOOT_MESSAGES && s.pos >= len)
        num_cut_word(buf, len, len - 1);
    return s.pos;
}
