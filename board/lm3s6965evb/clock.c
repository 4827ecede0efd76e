/* System clock 50 MHz from the 8 MHz crystal through the PLL, and the
 * clock gates for the peripherals extload uses. */
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/mmio.h"

#define SYSCTL_RIS   (SYSCTL_BASE + 0x050u)
#define SYSCTL_RCC   (SYSCTL_BASE + 0x060u)
#define SYSCTL_RCGC1 (SYSCTL_BASE + 0x104u)
#define SYSCTL_RCGC2 (SYSCTL_BASE + 0x108u)

/* RCC fields (LM3S6965 datasheet, 6.4). */
#define RCC_XTAL_8MHZ (0xEu << 6)
#define RCC_BYPASS    (1u << 11)      /* 1: the PLL is bypassed */
#define RCC_PWMDIV_64 (7u << 17)      /* the reset value, kept */
#define RCC_USESYSDIV (1u << 22)
#define RCC_SYSDIV_4  (3u << 23)      /* 200 MHz PLL / 4 = 50 MHz */
#define RIS_PLLLRIS   (1u << 6)
/* Main oscillator on (MOSCDIS 0) and the source (OSCSRC 0), an 8 MHz
 * crystal, PLL powered (PWRDN 0) with its output on (OEN 0), the system
 * divider in use; every other field as at reset. */
#define RCC_50MHZ (RCC_XTAL_8MHZ | RCC_PWMDIV_64 | RCC_USESYSDIV | RCC_SYSDIV_4)

#define RCGC1_UART0 (1u << 0)
#define RCGC1_SSI0  (1u << 4)
#define RCGC2_GPIOA (1u << 0)
#define RCGC2_GPIOD (1u << 3)

/* PLL lock takes at most 0.5 ms; a poll is several cycles. */
#define PLL_LOCK_POLLS 100000u

void board_clock_init(void)
{
    /* Whole values, not read-modify-write: RCC is at its reset value
     * (BYPASS set, USESYSDIV clear), the state the datasheet's sequence
     * starts from. The core runs from the raw oscillator until the PLL
     * locks. */
    mmio_write(SYSCTL_RCC, RCC_50MHZ | RCC_BYPASS);
    for (uint32_t i = 0; i < PLL_LOCK_POLLS; i++)
        if (mmio_read(SYSCTL_RIS) & RIS_PLLLRIS)
            break;
    mmio_write(SYSCTL_RCC, RCC_50MHZ);

    /* The gates as whole values too: both are 0 at reset (every
     * peripheral off), and these are all the loader turns on. */
    mmio_write(SYSCTL_RCGC1, RCGC1_UART0 | RCGC1_SSI0);
    mmio_write(SYSCTL_RCGC2, RCGC2_GPIOA | RCGC2_GPIOD);
    /* A gated peripheral needs a few cycles before its registers answer. */
    (void)mmio_read(SYSCTL_RCGC2);
    (void)mmio_read(SYSCTL_RCGC2);
}
