/* Console output and a small printf: %% %c %s %.*s %d %i %u %o %x %X %p with
 * flags '-' and '0', a width, and the l/ll/z length modifiers. No floats.
 * CONSOLE_FULL=0 (firmware/boot_conf.h, the tiny profile) keeps %c %s
 * %.*s %u %o %x, the flag '0', a width and l/ll; any other conversion
 * prints nothing. Its numbers are as wide as a long (lib/num.h's
 * num_uint), and it knows ll only where a long long is as wide (RV64, the
 * host): on a 32-bit core its %llu is an l and an unknown conversion, which
 * prints nothing and reads no argument (the 'u' after it is text). The
 * tiny loader there prints no number wider than 32 bits (BLOCKDEV_LBA32,
 * EXT_OFF32), and its messages use no ll. A console gets the text a
 * piece at a time (a run of the format, a string, a number). */
#ifndef EXTLOAD_CONSOLE_H
#define EXTLOAD_CONSOLE_H

#include <stdarg.h>
#include <stdint.h>

struct console {
    void (*write)(void *ctx, const char *s, uint32_t n);
    void *ctx;
};

#define CON_PRINTF(f, a) __attribute__((format(printf, f, a)))

void con_puts(const struct console *con, const char *s);
/* con NULL: nothing is written (a parser without a console calls them
 * all the same). */
void con_printf(const struct console *con, const char *fmt, ...)
    CON_PRINTF(2, 3);
void con_vprintf(const struct console *con, const char *fmt, va_list ap);

/* Formats into buf (always NUL-terminated when len > 0); returns the
 * length the full output would have had. It is for messages: a text cut
 * to fit ends at a word, with "..." (num_cut_word; with BOOT_MESSAGES). */
uint32_t fmt_snprintf(char *buf, uint32_t len, const char *fmt, ...)
    CON_PRINTF(3, 4);

#endif
