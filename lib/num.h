/* Numbers and strings into message text: the one place in extload where a
 * number becomes digits (fs/ builds its error sentences with it, and the
 * firmware's printf its %u and %x). Only 32-bit divisions: a 32-bit core
 * divides those in hardware, where a 64-bit `/` would pull in libgcc's
 * 64-bit division (0.75 KiB on Cortex-M3). */
#ifndef EXTLOAD_NUM_H
#define EXTLOAD_NUM_H

#include <stdint.h>

/* The numbers turned into digits: 64-bit; in the tiny profile as wide as
 * a long (32 bits on the Cortex-M3, where every number the tiny loader
 * prints is 32-bit: BLOCKDEV_LBA32, EXT_OFF32; 64 on RV64 and the host),
 * so a 32-bit core then does no 64-bit arithmetic on them at all. */
#if defined(EXTLOAD_TINY) && EXTLOAD_TINY
typedef unsigned long num_uint;
#else
typedef uint64_t num_uint;
#endif

/* The digits of v in base 2..16 (lower case, or upper when upper), most
 * significant first, into d[0..]; not NUL-terminated. Returns how many
 * (1 to 64). */
uint32_t num_digits(char d[64], num_uint v, uint32_t base, int upper);

/* Append to the NUL-terminated text in buf[0..len) at `at`, cutting what
 * does not fit; return the new end. */
uint32_t num_put(char *buf, uint32_t len, uint32_t at, const char *s);
uint32_t num_put_u(char *buf, uint32_t len, uint32_t at, num_uint v,
                   uint32_t base);
/* A message that filled buf[0..len) (at == len - 1: it was cut, or just
 * fitted) ends at a word instead of mid-word: its last word, whole or
 * not, gives way to "...". Returns the new end; a message that left room
 * is untouched. */
uint32_t num_cut_word(char *buf, uint32_t len, uint32_t at);
/* An error code as its table's name and number, "ext error -5": what a
 * build without its tables of sentences prints. */
uint32_t num_put_code(char *buf, uint32_t len, uint32_t at,
                      const char *table, int err);

#endif
