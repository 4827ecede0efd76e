/* The millisecond clock: SysTick on the core clock, one tick a ms. */
#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"

static volatile uint32_t ms_ticks;

void cpu_ms_start(uint32_t core_hz)
{
    ms_ticks = 0;
    mmio_write(SYST_RVR, core_hz / 1000u - 1u);
    mmio_write(SYST_CVR, 0);
    mmio_write(SYST_CSR, SYST_CSR_ENABLE | SYST_CSR_TICKINT |
                         SYST_CSR_CLKSOURCE);
}

void cpu_ms_stop(void)
{
    mmio_write(SYST_CSR, 0);
    mmio_write(SCB_ICSR, ICSR_PENDSTCLR);
}

void cpu_systick_handler(void)
{
    ms_ticks++;
}

uint32_t cpu_ms_now(void *ctx)
{
    (void)ctx;
    return ms_ticks;
}
