/* Cortex-M core registers (ARMv7-M Architecture Reference Manual, B3):
 * the System Control Block, SysTick and the NVIC, defined once for every
 * Cortex-M board. Chip peripherals live with their drivers. */
#ifndef EXTLOAD_CORTEXM_REGS_H
#define EXTLOAD_CORTEXM_REGS_H

/* SysTick (B3.3). */
#define SYST_CSR            0xE000E010u
#define SYST_RVR            0xE000E014u
#define SYST_CVR            0xE000E018u
#define SYST_CSR_ENABLE     (1u << 0)
#define SYST_CSR_TICKINT    (1u << 1)
#define SYST_CSR_CLKSOURCE  (1u << 2)   /* 1: the core clock */

/* NVIC (B3.4): 32 interrupts per word. */
#define NVIC_ICER           0xE000E180u
#define NVIC_ICPR           0xE000E280u
#define NVIC_WORDS          8u          /* up to 256 IRQs; extra words RAZ/WI */

/* System Control Block (B3.2). */
#define SCB_ICSR            0xE000ED04u
#define SCB_VTOR            0xE000ED08u
#define SCB_AIRCR           0xE000ED0Cu
#define SCB_SHCSR           0xE000ED24u
#define SCB_CFSR            0xE000ED28u
#define SCB_HFSR            0xE000ED2Cu
#define SCB_MMFAR           0xE000ED34u
#define SCB_BFAR            0xE000ED38u

#define ICSR_PENDSTCLR      (1u << 25)
#define ICSR_PENDSVCLR      (1u << 27)
#define AIRCR_VECTKEY       (0x05FAu << 16)
#define AIRCR_SYSRESETREQ   (1u << 2)
#define AIRCR_PRIGROUP      (7u << 8)
/* MemManage, BusFault, UsageFault enables: each gets its own report. */
#define SHCSR_FAULTS_ENA    (7u << 16)

#endif
