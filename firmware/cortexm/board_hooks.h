/* What the Cortex-M runtime (startup, faults) needs from the board. */
#ifndef EXTLOAD_BOARD_HOOKS_H
#define EXTLOAD_BOARD_HOOKS_H

#include <stdint.h>

#include "firmware/console.h"

/* Called by reset_handler once .data and .bss are set up. */
void board_main(void);
/* The console for fault reports, usable from any state. */
const struct console *board_console(void);
/* Stop for good: flush the console, then halt (or end the emulator). */
__attribute__((noreturn)) void board_stop(int code);
/* Deepest stack use since reset, in bytes (startup paints the stack). */
uint32_t stack_used(void);
/* The SysTick exception. */
void board_systick(void);

#endif
