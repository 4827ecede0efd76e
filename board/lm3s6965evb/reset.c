/* The prompt's `reset` (a Cortex-M system reset request) and its wait
 * for a key (WFI until the next interrupt, at most the 1 ms SysTick).
 * CPU code, kept here until the Cortex-M layer has a home for it
 * (board/cortex-m/). */
#include "board/lm3s6965evb/board.h"
#include "drivers/mmio.h"

/* ARMv7-M SCB AIRCR: writes need VECTKEY in the top half; SYSRESETREQ
 * asks the system for a reset; PRIGROUP (bits 8-10) is kept. */
#define SCB_AIRCR          0xE000ED0Cu
#define AIRCR_VECTKEY      (0x05FAu << 16)
#define AIRCR_PRIGROUP     (7u << 8)
#define AIRCR_SYSRESETREQ  (1u << 2)
/* The reset is taken within a few cycles; this many is far longer. */
#define RESET_WAIT_LOOPS   100000u

void board_reset(void *ctx)
{
    (void)ctx;
    board_console_flush();
    __asm__ volatile("dsb" ::: "memory");
    mmio_write(SCB_AIRCR, AIRCR_VECTKEY |
               (mmio_read(SCB_AIRCR) & AIRCR_PRIGROUP) | AIRCR_SYSRESETREQ);
    __asm__ volatile("dsb" ::: "memory");
    for (volatile uint32_t i = 0; i < RESET_WAIT_LOOPS; i++)
        ;
}

void board_idle(void *ctx)
{
    (void)ctx;
    __asm__ volatile("wfi");
}
