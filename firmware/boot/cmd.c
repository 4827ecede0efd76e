/* The prompt's commands. Each error is one line, "cmd: path: why", as the
 * host tool says it. The load window is free while the prompt runs, so
 * the commands keep their directory walks, names and read buffers there
 * (struct cmd_scratch) rather than on the loader's small stack.
 */
#include "firmware/boot/boot_priv.h"

#include "firmware/boot/cmd_fs.h"
#include "firmware/crypto/sha256.h"

#if BOOT_INTERACTIVE

#define CAT_MAX 4096u                 /* bytes cat shows */
#define READ_CHUNK 512u               /* cat and sha256 read this much */
#define ARGS_MAX 2u                   /* a command and one argument */

struct cmd_scratch {
    union {
        union cmd_fs_scratch fs;      /* ls, stat, info (boot/cmd_fs.c) */
        struct sha256 h;
    } u;
    uint8_t buf[READ_CHUNK];
};

struct cmd {
    const struct boot_env *env;
    struct boot_state *st;
    const struct boot_labels *bl;
    struct cmd_scratch *s;
    const char *name;             /* the command word */
    int rc;                       /* what the flow ends with */
};

static bool str_eq(const char *a, const char *b)
{
    for (; *a && *a == *b; a++, b++)
        ;
    return *a == *b;
}

static int err_fs(struct cmd *c, const char *path, int rc)
{
    char why[BOOT_WHY_MAX];

    con_printf(&c->env->con, "%s: %s: %s\n", c->name, path,
               boot_ext_why(c->env, &c->st->fs, rc, why, sizeof(why)));
    return 1;
}

static int c_help(struct cmd *c, const char *arg);

static int c_labels(struct cmd *c, const char *arg)
{
    (void)arg;
    if (!c->bl->n)
        con_puts(&c->env->con, "labels: none\n");
    menu_list(c->env, c->bl);
    return 1;
}

/* A label by name, else by its number; -1 when neither. */
static int label_index(const struct boot_labels *bl, const char *arg)
{
    uint32_t n = 0, i = 0;

    for (i = 0; i < bl->n; i++)
        if (str_eq(bl->v[i].name, arg))
            return (int)i;
    for (i = 0; arg[i] >= '0' && arg[i] <= '9' && i < 3; i++)
        n = n * 10u + (uint32_t)(arg[i] - '0');
    return i > 0 && !arg[i] && n >= 1 && n <= bl->n ? (int)n - 1 : -1;
}

static int c_boot(struct cmd *c, const char *arg)
{
    int i = arg ? label_index(c->bl, arg) : c->bl->n ? (int)c->bl->def : -1;

    if (i < 0) {
        con_printf(&c->env->con, "boot: %s%s%s; 'labels' lists them\n",
                   arg ? "no label '" : "no labels", arg ? arg : "",
                   arg ? "'" : "");
        return 1;
    }
    c->rc = i;
    return CMD_BOOT;
}

static void tick(void *ctx)
{
    struct cmd *c = ctx;

    boot_poll(c->env, c->st);
}

/* What firmware/boot/cmd_fs.c needs to run a command on the mounted card. */
static struct cmd_fs fs_of(struct cmd *c)
{
    return (struct cmd_fs){
        .fs = &c->st->fs, .walk = c->st->walk, .file = &c->st->file,
        .con = &c->env->con, .tick = tick, .tick_ctx = c,
    };
}

static int c_ls(struct cmd *c, const char *arg)
{
    const char *path = arg ? arg : "/";
    struct cmd_fs f = fs_of(c);
    int rc = cmd_fs_ls(&f, path, &c->s->u.fs);

    return rc ? err_fs(c, path, rc) : 1;
}

static int c_stat(struct cmd *c, const char *path)
{
    struct cmd_fs f = fs_of(c);
    int rc = cmd_fs_stat(&f, path, &c->s->u.fs);

    return rc ? err_fs(c, path, rc) : 1;
}

/* Opens a regular file into st->file; 0, or 1 after saying why not. */
static int open_regular(struct cmd *c, const char *path)
{
    int rc = boot_open_regular(c->st, path);

    if (rc == EXT_EISDIR || rc == BOOT_NOT_REGULAR) {
        con_printf(&c->env->con, "%s: %s: %s\n", c->name, path,
                   rc == EXT_EISDIR ? "is a directory"
                                    : "not a regular file");
        return 1;
    }
    return rc ? err_fs(c, path, rc) : 0;
}

/* Reads the next piece of st->file at off into s->buf: bytes read (0 at
 * the end), or < 0 after saying why. */
static int32_t read_piece(struct cmd *c, const char *path, ext_off_t off)
{
    int32_t n = ext_read(&c->st->fs, &c->st->file, off, c->s->buf,
                         READ_CHUNK);

    if (n < 0)
        err_fs(c, path, n);
    boot_poll(c->env, c->st);
    return n;
}

static int c_cat(struct cmd *c, const char *path)
{
    const struct console *con = &c->env->con;
    ext_off_t off = 0;
    char last = '\n';

    if (open_regular(c, path))
        return 1;
    ext_off_t size = c->st->file.in.size;
    /* Bounded: CAT_MAX / READ_CHUNK pieces. */
    while (off < size && off < CAT_MAX) {
        int32_t n = read_piece(c, path, off);
        if (n <= 0)
            return 1;
        char *t = (char *)c->s->buf;
        for (int32_t i = 0; i < n; i++)
            if ((t[i] < ' ' && t[i] != '\n' && t[i] != '\t') ||
                (uint8_t)t[i] >= 0x7F)
                t[i] = '.';
        con->write(con->ctx, t, (uint32_t)n);
        last = t[n - 1];
        off += (uint32_t)n;
    }
    if (last != '\n')
        con_puts(con, "\n");
    if (size > off)
        con_printf(con, "cat: %s: %llu more bytes not shown\n", path,
                   (unsigned long long)(size - off));
    return 1;
}

static int c_sha256(struct cmd *c, const char *path)
{
    /* The digest and its hex in the scratch, not on the stack under the
     * lookup: s->buf is free once the file is read. */
    uint8_t *digest = c->s->buf;
    char *hex = (char *)c->s->buf + SHA256_BYTES;
    ext_off_t off = 0;

    _Static_assert(READ_CHUNK >= 3 * SHA256_BYTES + 1, "digest and hex");
    if (open_regular(c, path))
        return 1;
    sha256_init(&c->s->u.h);
    /* Bounded by the file's size, READ_CHUNK bytes a turn. */
    while (off < c->st->file.in.size) {
        int32_t n = read_piece(c, path, off);
        if (n <= 0)
            return n == 0 ? err_fs(c, path, EXT_ECORRUPT) : 1;
        sha256_update(&c->s->u.h, c->s->buf, (uint32_t)n);
        off += (uint32_t)n;
    }
    sha256_final(&c->s->u.h, digest);
    sha256_hex(digest, SHA256_BYTES, hex);
    con_printf(&c->env->con, "%s  %s\n", hex, path);
    return 1;
}

static int c_info(struct cmd *c, const char *arg)
{
    struct cmd_fs f = fs_of(c);

    (void)arg;
    if (c->env->info)
        c->env->info(c->env->board_ctx, &c->env->con);
    cmd_fs_info(&f, &c->st->part, &c->s->u.fs);
    return 1;
}

static int c_reset(struct cmd *c, const char *arg)
{
    (void)arg;
    if (!c->env->reset) {
        con_puts(&c->env->con, "reset: this board cannot reset\n");
        return 1;
    }
    con_puts(&c->env->con, "reset\n");
    c->env->reset(c->env->board_ctx);
    c->rc = BOOT_ENOLABEL;        /* the host's reset returns */
    return 0;
}

#define SCRATCH 1                     /* uses struct cmd_scratch */

/* usage: "" takes no argument, "[...]" an optional one, else one; what:
 * help's line. */
static const struct {
    const char *name;
    int (*run)(struct cmd *c, const char *arg);
    const char *usage;
    const char *what;
    uint8_t flags;
} cmds[] = {
    { .name = "help", .run = c_help, .usage = "",
      .what = "these lines", .flags = 0 },
    { .name = "labels", .run = c_labels, .usage = "",
      .what = "the menu's labels, numbered; * marks the default",
      .flags = 0 },
    { .name = "boot", .run = c_boot, .usage = "[LABEL|N]",
      .what = "boot a label by name or number (none: the default)",
      .flags = 0 },
    { .name = "ls", .run = c_ls, .usage = "[PATH]",
      .what = "a directory's entries: inode, type, size, name",
      .flags = SCRATCH },
    { .name = "stat", .run = c_stat, .usage = "PATH",
      .what = "a file's inode: mode, size, links, blocks, flags",
      .flags = SCRATCH },
    { .name = "cat", .run = c_cat, .usage = "PATH",
      .what = "a file's first 4 KiB as text", .flags = SCRATCH },
    { .name = "sha256", .run = c_sha256, .usage = "PATH",
      .what = "a file's SHA-256, as sha256sum prints it",
      .flags = SCRATCH },
    { .name = "info", .run = c_info, .usage = "",
      .what = "the card, partition, filesystem and journal",
      .flags = SCRATCH },
    { .name = "reset", .run = c_reset, .usage = "",
      .what = "reset the board", .flags = 0 },
};
#define CMDS (sizeof(cmds) / sizeof(cmds[0]))

/* One line a command: its usage, then what it does, in a column. */
static int c_help(struct cmd *c, const char *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < CMDS; i++) {
        con_printf(&c->env->con, "%-7s%-11s%s\n", cmds[i].name,
                   cmds[i].usage, cmds[i].what);
    }
    con_puts(&c->env->con, "keys: BS/DEL erase, Ctrl-C drops the line\n");
    return 1;
}

/* Cuts line into blank-separated words in place; returns how many (up to
 * ARGS_MAX + 1: one more than allowed says "too many"). */
static uint32_t split(char *line, char *argv[ARGS_MAX + 1])
{
    uint32_t n = 0;

    while (*line && n <= ARGS_MAX) {
        while (*line == ' ' || *line == '\t')
            *line++ = '\0';
        if (!*line)
            break;
        argv[n++] = line;
        while (*line && *line != ' ' && *line != '\t')
            line++;
    }
    return n;
}

int cmd_run(const struct boot_env *env, struct boot_state *st,
            const struct boot_labels *bl, char *line, int *rc)
{
    char *argv[ARGS_MAX + 1];
    uint32_t argc = split(line, argv);
    struct cmd c = {
        .env = env, .st = st, .bl = bl,
        /* The window is 8-byte aligned (struct boot_env). */
        .s = (struct cmd_scratch *)(void *)env->window,
        .rc = BOOT_ENOLABEL,
    };

    if (argc == 0)
        return 1;
    c.name = argv[0];
    for (uint32_t i = 0; i < CMDS; i++) {
        if (!str_eq(cmds[i].name, argv[0]))
            continue;
        const char *u = cmds[i].usage;
        if (argc > 2 || (argc == 2 && !u[0]) ||
            (argc == 1 && u[0] && u[0] != '[')) {
            con_printf(&env->con, "usage: %s%s%s\n", argv[0],
                       u[0] ? " " : "", u);
            return 1;
        }
        if ((cmds[i].flags & SCRATCH) &&
            st->window_size < sizeof(struct cmd_scratch)) {
            con_printf(&env->con, "%s: needs a load window of %u bytes\n",
                       argv[0], (unsigned)sizeof(struct cmd_scratch));
            return 1;
        }
        int more = cmds[i].run(&c, argc == 2 ? argv[1] : NULL);
        *rc = c.rc;
        return more;
    }
    con_printf(&env->con, "%s: no such command; 'help' lists them\n",
               argv[0]);
    return 1;
}

#endif
