/* The S-mode test kernel: what OpenSBI's fw_dynamic starts after extload's
 * SBI hand-off (board/sifive-u/handoff.c). It prints through the SBI
 * (legacy console putchar), checks that it runs in S-mode on a U54 with
 * a0 = its hart id and a1 = a device tree, and ends the machine through
 * SBI SRST: a shutdown first; QEMU's sifive_u has no power-off device, so
 * OpenSBI refuses that, and a cold reboot follows, which QEMU started
 * with -no-reboot turns into its exit (status 0). The verdict is the
 * "payload-s: N checks failed" line.
 *
 * Placed by QEMU at 0x80200000 (tests/qemu/payload-riscv/sbi_payload.ld);
 * no .data or .bss is used (the image is loaded raw): state is on the
 * stack. */
#include <stdint.h>

#include "firmware/console/console.h"

#define SBI_EXT_LEGACY_PUTCHAR 0x01u
#define SBI_EXT_LEGACY_SHUTDOWN 0x08u
#define SBI_EXT_BASE 0x10u
#define SBI_EXT_HSM  0x48534Du        /* "HSM" */
#define SBI_EXT_SRST 0x53525354u      /* "SRST" */
#define SBI_BASE_SPEC_VERSION 0u
#define SBI_BASE_IMPL_ID      1u
#define SBI_BASE_PROBE        3u
#define SBI_HSM_START         0u
#define SBI_HSM_STOP          1u
#define SBI_HSM_STATUS        2u
#define SBI_HSM_STARTED       0u
#define SBI_HSM_STOPPED       1u
#define HARTS_MAX 5u                  /* the FU540: the E51 and four U54s */
#define SBI_EXT_TIME 0x54494D45u      /* "TIME" */
#define SBI_TIME_SET_TIMER 0u
#define SIE_STIE (1u << 5)
#define WAIT_TICK 1000u               /* timebase ticks (1 ms at 1 MHz) */
#define WAIT_TICKS_MAX 1000u          /* per started hart: 1 s guest time */
#define HART_UP_MAGIC 0x55504855u     /* what a started hart writes */
#define SBI_SRST_RESET        0u
#define SBI_SRST_SHUTDOWN     0u
#define SBI_SRST_COLD_REBOOT  1u
#define SBI_SRST_REASON_NONE  0u
#define SBI_SRST_REASON_FAIL  1u
#define SBI_IMPL_OPENSBI      1u

#define FDT_MAGIC 0xD00DFEEDu
#define DRAM_LO 0x80000000u
#define PROBE_MARK ((uintptr_t)-1)   /* t1 while a CSR read is probed */

struct sbiret {
    long error;
    long value;
};

static struct sbiret sbi_call(uintptr_t ext, uintptr_t fid, uintptr_t arg0,
                              uintptr_t arg1)
{
    register uintptr_t a0 __asm__("a0") = arg0;
    register uintptr_t a1 __asm__("a1") = arg1;
    register uintptr_t a6 __asm__("a6") = fid;
    register uintptr_t a7 __asm__("a7") = ext;

    __asm__ volatile("ecall" : "+r"(a0), "+r"(a1) : "r"(a6), "r"(a7)
                     : "memory");
    return (struct sbiret){ (long)a0, (long)a1 };
}

static void sbi_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        sbi_call(SBI_EXT_LEGACY_PUTCHAR, 0, (uint8_t)s[i], 0);
}

static const struct console con = { sbi_write, 0 };

struct checks {
    unsigned failures;
};

static void check(struct checks *c, int ok, const char *what)
{
    if (!ok) {
        c->failures++;
        con_printf(&con, "payload-s: FAIL %s\n", what);
    }
}

/* Reads mstatus: 0 when that trapped (below M-mode), else 1. The trap
 * handler sees t1 == PROBE_MARK, steps over the csrr and returns. */
static int mstatus_readable(void)
{
    register uintptr_t t1 __asm__("t1") = PROBE_MARK;
    uintptr_t v;

    __asm__ volatile(".option push\n"
                     ".option norvc\n"
                     "csrr %0, mstatus\n"
                     ".option pop\n"
                     : "=r"(v), "+r"(t1) : : "t0", "memory");
    (void)v;
    return t1 == PROBE_MARK;
}

/* Sleeps about one WAIT_TICK: the SBI timer pends STIP, which wakes wfi
 * (sie.STIE set, sstatus.SIE clear: no trap). Sleeping, not spinning,
 * lets QEMU's round-robin run the other harts. */
static void sleep_tick(void)
{
    uint64_t now;

    __asm__ volatile("csrr %0, time" : "=r"(now));
    sbi_call(SBI_EXT_TIME, SBI_TIME_SET_TIMER, now + WAIT_TICK, 0);
    __asm__ volatile("wfi");
}

static uint32_t be32(const volatile uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* Set by each hart started through HSM (spayload_secondary); cleared by
 * the boot hart first (the image is loaded raw, .bss is not zeroed). */
static volatile uint32_t hart_up[HARTS_MAX];

void spayload_secondary_entry(void);
__attribute__((noreturn, used)) void spayload_secondary(uintptr_t hart,
                                                        uintptr_t opaque);
__attribute__((noreturn, used)) void spayload_main(uintptr_t hart,
                                                   uintptr_t fdt);
__attribute__((noreturn, used)) void spayload_fatal(uintptr_t scause,
                                                    uintptr_t sepc);

static __attribute__((noreturn)) void finish(unsigned failures)
{
    uintptr_t reason = failures ? SBI_SRST_REASON_FAIL : SBI_SRST_REASON_NONE;
    struct sbiret r;

    con_printf(&con, "payload-s: %u checks failed\n", failures);
    r = sbi_call(SBI_EXT_SRST, SBI_SRST_RESET, SBI_SRST_SHUTDOWN, reason);
    con_printf(&con, "payload-s: SRST shutdown refused (error %ld); cold "
               "reboot\n", r.error);
    r = sbi_call(SBI_EXT_SRST, SBI_SRST_RESET, SBI_SRST_COLD_REBOOT, reason);
    con_printf(&con, "payload-s: SRST reboot refused (error %ld); legacy "
               "shutdown\n", r.error);
    sbi_call(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0);
    for (;;)
        __asm__ volatile("wfi");
}

void spayload_main(uintptr_t hart, uintptr_t fdt)
{
    struct checks c = { 0 };
    uintptr_t sstatus;

    con_printf(&con, "payload-s: ==== extload S-mode test kernel ====\n");
    con_printf(&con, "payload-s: a0=%lx a1=%08lx\n", (unsigned long)hart,
               (unsigned long)fdt);

    /* sstatus reads in S-mode (and would trap in U-mode); mstatus traps
     * below M-mode, and OpenSBI hands that trap back to our stvec. */
    __asm__ volatile("csrr %0, sstatus" : "=r"(sstatus));
    (void)sstatus;
    int in_m = mstatus_readable();
    check(&c, !in_m, "mstatus readable: running in M-mode, not S");
    con_printf(&con, "payload-s: mode %s\n", in_m ? "M" : "S");

    long spec = sbi_call(SBI_EXT_BASE, SBI_BASE_SPEC_VERSION, 0, 0).value;
    long impl = sbi_call(SBI_EXT_BASE, SBI_BASE_IMPL_ID, 0, 0).value;
    con_printf(&con, "payload-s: SBI %ld.%ld, implementation %ld%s\n",
               (spec >> 24) & 0x7F, spec & 0xFFFFFF, impl,
               impl == SBI_IMPL_OPENSBI ? " (OpenSBI)" : "");
    check(&c, sbi_call(SBI_EXT_BASE, SBI_BASE_PROBE, SBI_EXT_HSM, 0).value,
          "the SBI has no HSM extension");

    /* The E51 (hart 0) has no S-mode; HSM says whether a0 is a started
     * hart, i.e. us. */
    struct sbiret st = sbi_call(SBI_EXT_HSM, SBI_HSM_STATUS, hart, 0);
    check(&c, hart != 0, "a0 = 0, the E51, which has no S-mode");
    check(&c, st.error == 0 && st.value == SBI_HSM_STARTED,
          "HSM: a0 is not a started hart");
    con_printf(&con, "payload-s: hart %lu (a U54), HSM status %ld\n",
               (unsigned long)hart, st.value);

    /* Every other U54 entered the firmware and waits in HSM: start each
     * here, it marks hart_up in S-mode and stops again. */
    for (uint32_t h = 0; h < HARTS_MAX; h++)
        hart_up[h] = 0;
    for (uintptr_t h = 1; h < HARTS_MAX; h++) {
        if (h == hart)
            continue;
        st = sbi_call(SBI_EXT_HSM, SBI_HSM_STATUS, h, 0);
        if (st.error)
            continue;                   /* no such hart on this machine */
        check(&c, st.value == SBI_HSM_STOPPED, "HSM: a U54 is not waiting");
        struct sbiret r;
        {
            register uintptr_t a0 __asm__("a0") = h;
            register uintptr_t a1 __asm__("a1") =
                (uintptr_t)spayload_secondary_entry;
            register uintptr_t a2 __asm__("a2") = HART_UP_MAGIC;
            register uintptr_t a6 __asm__("a6") = SBI_HSM_START;
            register uintptr_t a7 __asm__("a7") = SBI_EXT_HSM;
            __asm__ volatile("ecall" : "+r"(a0), "+r"(a1)
                             : "r"(a2), "r"(a6), "r"(a7) : "memory");
            r = (struct sbiret){ (long)a0, (long)a1 };
        }
        __asm__ volatile("csrs sie, %0" : : "r"((uintptr_t)SIE_STIE));
        for (uint32_t t = 0; r.error == 0 && hart_up[h] != HART_UP_MAGIC &&
                             t < WAIT_TICKS_MAX; t++)
            sleep_tick();
        __asm__ volatile("csrc sie, %0" : : "r"((uintptr_t)SIE_STIE));
        sbi_call(SBI_EXT_TIME, SBI_TIME_SET_TIMER, ~(uintptr_t)0, 0);
        check(&c, hart_up[h] == HART_UP_MAGIC,
              "a U54 started through HSM did not report in S-mode");
        con_printf(&con, "payload-s: hart %lu: HSM start %s, %s\n",
                   (unsigned long)h, r.error ? "refused" : "accepted",
                   hart_up[h] == HART_UP_MAGIC ? "ran in S-mode"
                                               : "never ran");
    }

    if (fdt >= DRAM_LO && !(fdt & 7u) &&
        be32((const volatile uint8_t *)fdt) == FDT_MAGIC) {
        con_printf(&con, "payload-s: fdt at %08lx, magic d00dfeed, %u "
                   "bytes\n", (unsigned long)fdt,
                   (unsigned)be32((const volatile uint8_t *)fdt + 4));
    } else {
        check(&c, 0, "a1 is no device tree in DRAM");
    }
    finish(c.failures);
}

/* A hart started through HSM: a0 = its id, a1 = the opaque word. It
 * proves S-mode the same way, reports through hart_up and stops. */
void spayload_secondary(uintptr_t hart, uintptr_t opaque)
{
    if (hart < HARTS_MAX && opaque == HART_UP_MAGIC && !mstatus_readable())
        hart_up[hart] = HART_UP_MAGIC;
    __asm__ volatile("fence rw, rw" : : : "memory");
    sbi_call(SBI_EXT_HSM, SBI_HSM_STOP, 0, 0);
    for (;;)
        __asm__ volatile("wfi");
}

void spayload_fatal(uintptr_t scause, uintptr_t sepc)
{
    con_printf(&con, "payload-s: FAIL unexpected trap, scause %lx at "
               "%08lx\n", (unsigned long)scause, (unsigned long)sepc);
    finish(1);
}

void spayload_entry(void);
void spayload_trap(void);

/* First bytes of the image: a stack of our own, our trap handler. */
__attribute__((naked, section(".entry"))) void spayload_entry(void)
{
    __asm__ volatile(
        "la sp, __stack_top\n"
        "la t0, spayload_trap\n"
        "csrw stvec, t0\n"
        "j spayload_main\n");
}

/* A hart started through HSM: a stack of its own (1 KiB per hart id
 * below the boot hart's 8 KiB), the same trap handler. */
__attribute__((naked)) void spayload_secondary_entry(void)
{
    __asm__ volatile(
        "la sp, __stack_top\n"
        "addi sp, sp, -2047\n"
        "addi sp, sp, -2047\n"
        "addi sp, sp, -2047\n"
        "addi sp, sp, -2047\n"
        "andi sp, sp, -16\n"
        "slli t0, a0, 10\n"
        "sub sp, sp, t0\n"
        "la t0, spayload_trap\n"
        "csrw stvec, t0\n"
        "j spayload_secondary\n");
}

/* A probed CSR read (t1 == PROBE_MARK, the 4-byte csrr at sepc) steps
 * over it with t1 = scause; any other trap is reported. */
__attribute__((naked, aligned(4))) void spayload_trap(void)
{
    __asm__ volatile(
        "addi t0, zero, -1\n"
        "bne t1, t0, 1f\n"
        "csrr t1, scause\n"
        "csrr t0, sepc\n"
        "addi t0, t0, 4\n"
        "csrw sepc, t0\n"
        "sret\n"
        "1: la sp, __stack_top\n"
        "csrr a0, scause\n"
        "csrr a1, sepc\n"
        "j spayload_fatal\n");
}
