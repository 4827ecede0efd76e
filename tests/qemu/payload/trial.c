/* The trial test's kernel (tests/qemu/t_trial.sh, PAYLOAD_TRIAL): what it
 * does is in its command line, after the usual checks.
 *
 *   payload.arm=LABEL@ADDR  as the running system does: arms a trial of
 *                           LABEL (one try) in the record at ADDR with
 *                           firmware/trial's encoder, then resets the board
 *                           (SYSRESETREQ); not when the line also holds
 *                           extload.trial_failed= (the trial is over:
 *                           the kernel reports and exits)
 *   payload.hang            hangs: interrupts off, WFI for ever; only the
 *                           watchdog the loader armed ends it
 */
#include <stdint.h>
#include <string.h>

#include "drivers/mmio.h"
#include "drivers/pl011.h"
#include "firmware/trial/trial.h"
#include "tests/qemu/payload/checks.h"

#define UART0_BASE 0x4000C000u
#define SCB_AIRCR 0xE000ED0Cu
#define AIRCR_SYSRESETREQ 0x05FA0004u      /* VECTKEY + SYSRESETREQ */

/* The word starting with key in s (at its start or after a blank): its
 * value, or NULL. (No libc here: mem* only.) */
static const char *find_word(const char *s, const char *key)
{
    for (const char *p = s; *p; p++) {
        uint32_t i = 0;

        if (p != s && p[-1] != ' ')
            continue;
        while (key[i] && p[i] == key[i])
            i++;
        if (!key[i])
            return p + i;
    }
    return NULL;
}

static int word_len(const char *s)
{
    int n = 0;

    while (s[n] && s[n] != ' ')
        n++;
    return n;
}

static uint32_t hex(const char *s)
{
    uint32_t v = 0;

    for (; *s && *s != ' '; s++)
        v = v * 16u + (uint32_t)(*s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10);
    return v;
}

static void arm(struct payload_checks *pc, const char *v)
{
    struct trial_record r = { 0 };
    uint8_t *store;
    uint32_t n = 0;

    while (v[n] && v[n] != '@' && n < TRIAL_LABEL_MAX - 1)
        n++;
    if (v[n] != '@') {
        payload_check(pc, 0, "payload.arm=LABEL@ADDR");
        return;
    }
    store = (uint8_t *)(uintptr_t)hex(v + n + 1);
    if (trial_decode(store, &r) == TRIAL_OK)
        r.seq++;
    else
        r.seq = 1;
    memset(r.label, 0, sizeof(r.label));
    memcpy(r.label, v, n);
    r.tries = 1;
    r.outcome = TRIAL_ARMED;
    trial_encode(&r, store);
    con_printf(pc->con, "payload: armed a trial of '%s' at %08x (seq %u); "
               "resetting\n", r.label, (unsigned)(uintptr_t)store,
               (unsigned)r.seq);
    pl011_flush(UART0_BASE);
    mmio_write(SCB_AIRCR, AIRCR_SYSRESETREQ);
    for (;;)
        ;
}

void payload_trial(struct payload_checks *pc, const char *cmdline)
{
    const char *failed = find_word(cmdline, "extload.trial_failed=");
    const char *v;

    if (find_word(cmdline, "payload.hang")) {
        con_printf(pc->con, "payload: hanging (interrupts off, WFI)\n");
        pl011_flush(UART0_BASE);
        for (;;)
            __asm__ volatile("wfi");
    }
    if (failed) {
        con_printf(pc->con, "payload: the loader says the trial of '%.*s' "
                   "failed\n", word_len(failed), failed);
        return;
    }
    v = find_word(cmdline, "payload.arm=");
    if (v)
        arm(pc, v);
}
