/* RISC-V has no architectural system reset: on this board GPIO 10 driven
 * low resets the SoC (the device tree's gpio-restart node). */
#include "board/board.h"
#include "board/sifive-u/sifive_u.h"
#include "drivers/mmio.h"

#define GPIO_OUTPUT_EN  0x08u
#define GPIO_OUTPUT_VAL 0x0Cu

void cpu_reset(void)
{
    board_console_flush();
    mmio_write(GPIO_BASE + GPIO_OUTPUT_VAL,
               mmio_read(GPIO_BASE + GPIO_OUTPUT_VAL) &
               ~(1u << GPIO_RESET_PIN));
    mmio_set(GPIO_BASE + GPIO_OUTPUT_EN, 1u << GPIO_RESET_PIN);
    cpu_park();
}
