/* ARM semihosting calls (BKPT 0xAB): only with a debugger or an emulator
 * attached; on bare silicon they fault. */
#ifndef EXTLOAD_SEMIHOST_H
#define EXTLOAD_SEMIHOST_H

#include <stdint.h>

/* SYS_EXIT_EXTENDED: the emulator exits with `code`. */
void semihost_exit(uint32_t code);

#endif
