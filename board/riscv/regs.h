/* RISC-V machine-mode CSRs and the CLINT, defined once for the RISC-V CPU
 * layer (privileged spec 1.11; the CLINT as SiFive cores and QEMU's
 * sifive_u and virt machines lay it out). */
#ifndef EXTLOAD_RISCV_REGS_H
#define EXTLOAD_RISCV_REGS_H

#include <stdint.h>

#define csr_read(csr) ({ \
        uintptr_t v_; \
        __asm__ volatile("csrr %0, " #csr : "=r"(v_)); \
        v_; })
#define csr_write(csr, val) \
    __asm__ volatile("csrw " #csr ", %0" : : "r"((uintptr_t)(val)) : "memory")
#define csr_clear(csr, bits) \
    __asm__ volatile("csrc " #csr ", %0" : : "r"((uintptr_t)(bits)) : "memory")

#define MSTATUS_MIE (1u << 3)         /* machine interrupts enabled */
#define MIP_MSIP    (1u << 3)         /* machine software interrupt (mip, mie) */
#define MIP_MTIP    (1u << 7)         /* machine timer interrupt (mip, mie) */

/* cpu_release[5] while the parked harts' roll call is open (jump.c,
 * startup.c): "ROLL", a value no zeroed or stale word is likely to hold. */
#define CPU_ROLL_CALL 0x524F4C4Cu

/* mcause: bit XLEN-1 set for an interrupt, else the exception code. */
#define MCAUSE_INTERRUPT ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 1))

/* The CLINT: a software-interrupt word and a timer compare per hart, and
 * the one mtime counter. The board names the base (CPU_CLINT_BASE). */
#ifndef CPU_CLINT_BASE
#define CPU_CLINT_BASE 0x02000000u
#endif
#define CLINT_MSIP(hart)     (CPU_CLINT_BASE + 0x0000u + 4u * (hart))
#define CLINT_MTIMECMP(hart) (CPU_CLINT_BASE + 0x4000u + 8u * (hart))
#define CLINT_MTIME          (CPU_CLINT_BASE + 0xBFF8u)

#endif
