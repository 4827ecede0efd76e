/* ARM semihosting (BKPT 0xAB): only with a debugger or an emulator
 * attached; on bare silicon it faults. */
#include "board/cpu.h"

#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

void cpu_semihost_exit(uint32_t code)
{
    uint32_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, code };
    register uint32_t r0 __asm__("r0") = SYS_EXIT_EXTENDED;
    register uint32_t *r1 __asm__("r1") = block;

    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
}
