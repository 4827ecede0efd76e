/* RISC-V semihosting: the ebreak between two marker instructions, all
 * three uncompressed and on one page. Only with a debugger or an emulator
 * attached; on bare silicon the ebreak traps (board/riscv/trap.c). */
#include "board/cpu.h"

#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

void cpu_semihost_exit(uint32_t code)
{
    /* Both fields are the target's words: 64-bit on RV64. */
    uint64_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, code };
    register uintptr_t a0 __asm__("a0") = SYS_EXIT_EXTENDED;
    register uint64_t *a1 __asm__("a1") = block;

    __asm__ volatile(
        ".option push\n"
        ".balign 16\n"                  /* the three on one page; */
        ".option norvc\n"               /* aligned while 2-byte nops may
                                         * pad, which relaxation needs */
        "slli x0, x0, 0x1f\n"
        "ebreak\n"
        "srai x0, x0, 7\n"
        ".option pop\n"
        : "+r"(a0) : "r"(a1) : "memory");
}
