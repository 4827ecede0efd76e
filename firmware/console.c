#include "firmware/console.h"

#include "firmware/boot_conf.h"   /* CONSOLE_FULL */

#include "lib/num.h"

#include <stdbool.h>
#include <stddef.h>

/* Output goes through a sink: a console (staged in a small chunk buffer)
 * or a string buffer. */
struct sink {
    const struct console *con;
    char *buf;
    uint32_t len;             /* capacity of buf */
    uint32_t pos;             /* characters produced so far */
    char chunk[48];
    uint32_t fill;
};

static void sink_flush(struct sink *s)
{
    if (s->con && s->fill) {
        s->con->write(s->con->ctx, s->chunk, s->fill);
        s->fill = 0;
    }
}

static void sink_put(struct sink *s, char c)
{
    if (s->con) {
        if (s->fill == sizeof(s->chunk))
            sink_flush(s);
        s->chunk[s->fill++] = c;
    } else if (s->len && s->pos + 1 < s->len) {
        s->buf[s->pos] = c;
    }
    s->pos++;
}

static void put_padded(struct sink *s, const char *str, uint32_t n,
                       uint32_t width, bool left, char pad)
{
    uint32_t fill = width > n ? width - n : 0;

    if (!left)
        for (uint32_t i = 0; i < fill; i++)
            sink_put(s, pad);
    for (uint32_t i = 0; i < n; i++)
        sink_put(s, str[i]);
    if (left)
        for (uint32_t i = 0; i < fill; i++)
            sink_put(s, ' ');
}

static void put_number(struct sink *s, unsigned long long v, bool neg,
                       unsigned base, bool upper, uint32_t width, bool left,
                       char pad)
{
    char tmp[65];
    uint32_t n = 0;

    if (neg) {
        if (pad == '0') {
            sink_put(s, '-');
            if (width)
                width--;
        } else {
            tmp[n++] = '-';
        }
    }
    n += num_digits(tmp + n, v, base, upper);
    put_padded(s, tmp, n, width, left, pad);
}

static void format(struct sink *s, const char *fmt, va_list ap)
{
    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            sink_put(s, *fmt);
            continue;
        }
        fmt++;
        bool left = false;
        char pad = ' ';
        for (; *fmt == '-' || *fmt == '0'; fmt++) {
            if (*fmt == '-')
                left = true;
            else
                pad = '0';
        }
        uint32_t width = 0;
        for (; *fmt >= '0' && *fmt <= '9'; fmt++)
            width = width * 10u + (uint32_t)(*fmt - '0');
        int prec = -1;
        if (*fmt == '.') {
            fmt++;
            if (*fmt == '*') {
                prec = va_arg(ap, int);
                fmt++;
            } else if (CONSOLE_FULL) {
                prec = 0;
                for (; *fmt >= '0' && *fmt <= '9'; fmt++)
                    prec = prec * 10 + (*fmt - '0');
            }
        }
        int lng = 0;                  /* 1 l, 2 ll, 3 z */
        if (*fmt == 'l') {
            lng = 1;
            if (*++fmt == 'l') {
                lng = 2;
                fmt++;
            }
        } else if (CONSOLE_FULL && *fmt == 'z') {
            lng = 3;
            fmt++;
        }
        unsigned long long u;
        switch (*fmt) {
        case 'c':
            sink_put(s, (char)va_arg(ap, int));
            break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            uint32_t n = 0;
            if (!str)
                str = "(null)";
            while (str[n] && (prec < 0 || n < (uint32_t)prec))
                n++;
            put_padded(s, str, n, width, left, ' ');
            break;
        }
#if CONSOLE_FULL
        case 'd':
        case 'i': {
            long long d = lng == 2 ? va_arg(ap, long long)
                        : lng == 1 ? va_arg(ap, long)
                        : lng == 3 ? (long long)va_arg(ap, size_t)
                        : va_arg(ap, int);
            u = d < 0 ? 0ull - (unsigned long long)d : (unsigned long long)d;
            put_number(s, u, d < 0, 10, false, width, left, pad);
            break;
        }
        case 'p':
            sink_put(s, '0');
            sink_put(s, 'x');
            put_number(s, (uintptr_t)va_arg(ap, void *), false, 16, false,
                       width, left, pad);
            break;
        case 'X':
#endif
        case 'u':
        case 'o':
        case 'x':
            u = lng == 2 ? va_arg(ap, unsigned long long)
              : lng == 1 ? va_arg(ap, unsigned long)
              : lng == 3 ? va_arg(ap, size_t)
              : va_arg(ap, unsigned);
            put_number(s, u, false, *fmt == 'u' ? 10u : *fmt == 'o' ? 8u
                       : 16u, *fmt == 'X', width, left, pad);
            break;
        case '%':
            sink_put(s, '%');
            break;
        default:                      /* unknown or truncated: drop it */
            if (!*fmt)
                return;
            break;
        }
    }
}

void con_vprintf(const struct console *con, const char *fmt, va_list ap)
{
    struct sink s = { .con = con };

    format(&s, fmt, ap);
    sink_flush(&s);
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
