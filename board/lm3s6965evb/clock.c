/* System clock 50 MHz from the 8 MHz crystal through the PLL, and the
 * clock gates for the peripherals extload uses. */
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/mmio.h"

#define SYSCTL_RIS   (SYSCTL_BASE + 0x050u)
#define SYSCTL_RCC   (SYSCTL_BASE + 0x060u)
#define SYSCTL_RCGC1 (SYSCTL_BASE + 0x104u)
#define SYSCTL_RCGC2 (SYSCTL_BASE + 0x108u)

#define RCC_MOSCDIS   (1u << 0)
#define RCC_OSCSRC    (3u << 4)       /* 0: main oscillator */
#define RCC_XTAL      (0xFu << 6)
#define RCC_XTAL_8MHZ (0xEu << 6)
#define RCC_BYPASS    (1u << 11)
#define RCC_OEN       (1u << 12)      /* 1: PLL output disabled */
#define RCC_PWRDN     (1u << 13)
#define RCC_USESYSDIV (1u << 22)
#define RCC_SYSDIV    (0xFu << 23)
#define RCC_SYSDIV_4  (3u << 23)      /* 200 MHz PLL / 4 = 50 MHz */
#define RIS_PLLLRIS   (1u << 6)

#define RCGC1_UART0 (1u << 0)
#define RCGC1_SSI0  (1u << 4)
#define RCGC2_GPIOA (1u << 0)
#define RCGC2_GPIOD (1u << 3)

/* PLL lock takes at most 0.5 ms; a poll is several cycles. */
#define PLL_LOCK_POLLS 100000u

void board_clock_init(void)
{
    uint32_t rcc = mmio_read(SYSCTL_RCC);

    /* Run from the raw oscillator while the PLL is reconfigured. */
    rcc = (rcc | RCC_BYPASS) & ~RCC_USESYSDIV;
    mmio_write(SYSCTL_RCC, rcc);
    rcc &= ~(RCC_XTAL | RCC_OSCSRC | RCC_PWRDN | RCC_OEN | RCC_MOSCDIS |
             RCC_SYSDIV);
    rcc |= RCC_XTAL_8MHZ | RCC_SYSDIV_4 | RCC_USESYSDIV;
    mmio_write(SYSCTL_RCC, rcc);
    for (uint32_t i = 0; i < PLL_LOCK_POLLS; i++)
        if (mmio_read(SYSCTL_RIS) & RIS_PLLLRIS)
            break;
    mmio_write(SYSCTL_RCC, rcc & ~RCC_BYPASS);

    mmio_set(SYSCTL_RCGC1, RCGC1_UART0 | RCGC1_SSI0);
    mmio_set(SYSCTL_RCGC2, RCGC2_GPIOA | RCGC2_GPIOD);
    /* A gated peripheral needs a few cycles before its registers answer. */
    (void)mmio_read(SYSCTL_RCGC2);
    (void)mmio_read(SYSCTL_RCGC2);
}
