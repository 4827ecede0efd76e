/* The "extload> " prompt: a line editor on the console input and the loop
 * that runs each line (firmware/boot/cmd.c).
 *
 * Editing: printable bytes are echoed and kept; BS (0x08) and DEL (0x7F)
 * remove the last one; Ctrl-C (0x03) drops the whole line, shown as "^C"
 * and a fresh prompt; other control bytes are ignored. CR, LF and CRLF
 * end a line. A line longer than BOOT_LINE_MAX - 1 is refused whole, with
 * a message: a cut "boot" or "cat" line could name something else.
 * Keys typed before the prompt appears wait in st->in and are read first.
 */
#include "firmware/boot/boot_priv.h"

#if BOOT_INTERACTIVE

#define KEY_CTRL_C 0x03
#define KEY_BS 0x08
#define KEY_DEL 0x7F

static const char prompt_text[] = "extload> ";

int prompt_read_line(const struct boot_env *env, struct boot_state *st)
{
    const struct console *con = &env->con;
    struct boot_input *in = &st->in;
    uint32_t len = 0;
    int over = 0, c;

    /* Waits for the person: a board has no end of input; the host's
     * stdin does (BOOT_IN_EOF). */
    for (;;) {
        c = input_getc(env, in);
        if (c == BOOT_IN_EOF) {
            if (len == 0 && !over)
                return -1;
            break;                /* a last line without its newline */
        }
        if (c < 0) {
            input_idle(env);
            continue;
        }
        if (c == '\n' && in->after_cr) {
            in->after_cr = 0;     /* the LF of a CRLF */
            continue;
        }
        in->after_cr = c == '\r';
        if (c == '\r' || c == '\n')
            break;
        if (c == KEY_CTRL_C) {
            len = 0;
            over = 0;
            con_puts(con, "^C\n");
            con_puts(con, prompt_text);
        } else if (c == KEY_BS || c == KEY_DEL) {
            if (len > 0) {
                len--;
                con_puts(con, "\b \b");
            }
        } else if (c >= ' ') {
            if (len + 1u < BOOT_LINE_MAX) {
                char ch = (char)c;
                st->line[len++] = ch;
                con->write(con->ctx, &ch, 1);
            } else {
                over = 1;
            }
        }
    }
    con_puts(con, "\n");
    if (over) {
        con_printf(con, "prompt: line longer than %u characters; "
                   "ignored\n", (unsigned)(BOOT_LINE_MAX - 1u));
        len = 0;
    }
    st->line[len] = '\0';
    return (int)len;
}

int prompt_run(const struct boot_env *env, struct boot_state *st,
               const struct boot_labels *bl)
{
    const struct console *con = &env->con;
    int rc = BOOT_ENOLABEL;

    st->in.polling = 1;
    con_puts(con, "extload prompt; 'help' lists the commands\n");
    /* One command per turn, until one boots or the input ends. */
    for (;;) {
        con_puts(con, prompt_text);
        if (prompt_read_line(env, st) < 0) {
            con_puts(con, "\nprompt: end of input\n");
            return BOOT_ENOLABEL;
        }
#if BOOT_CONF_PARTITION
        /* The commands look at the config's partition, whichever a
         * label left mounted. */
        if (boot_part_use(env, st, false))
            con_printf(con, "prompt: %s\n", st->plan->fail.why);
#endif
        int more = cmd_run(env, st, bl, st->line, &rc);

        if (more == CMD_BOOT) {
            const struct config_label *l = &bl->v[rc];

            st->boot_as = BOOT_AS_PICKED;
            rc = boot_label(env, st, l);
            if (rc >= 0)
                return rc;
            boot_fail_print(env, &st->plan->fail, l, NULL, true);
        } else if (!more) {
            return rc;
        }
    }
}

#endif
