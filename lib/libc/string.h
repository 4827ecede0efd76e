/* The string.h of the freestanding images whose toolchain ships no libc
 * (Debian's gcc-riscv64-unknown-elf): the four mem* functions fs/, drivers/
 * and firmware/ use, and nothing else. Found through -isystem board/libc;
 * lib/libc/mem.c defines them. The Cortex-M build uses newlib's header
 * and the same mem.c. */
#ifndef EXTLOAD_LIBC_STRING_H
#define EXTLOAD_LIBC_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif
