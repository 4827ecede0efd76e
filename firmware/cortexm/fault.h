/* Fault exceptions: print what faulted and where, then stop. */
#ifndef EXTLOAD_FAULT_H
#define EXTLOAD_FAULT_H

#include <stdint.h>

#define FAULT_EXIT_CODE 0x7F

void fault_handler(void);
/* frame: the stacked r0-r3, r12, lr, pc, xpsr; ipsr: the exception. */
__attribute__((noreturn)) void fault_report(const uint32_t *frame,
                                            uint32_t ipsr);

#endif
