#include "firmware/boot/cmd_fs.h"

static char type_of(uint16_t mode)
{
    static const char types[] = "?pc?d?b?-?l?s???";

    return types[(mode & EXT_S_IFMT) >> 12];
}

/* A listing's name (or a link's target) is data, not a message's quote:
 * its bytes as they are, as debugfs and ls into a pipe give them, then
 * the line's end. */
static void put_raw(const struct console *con, const char *name)
{
    uint32_t n = 0;

    while (name[n])
        n++;
    con->write(con->ctx, name, n);
    con->write(con->ctx, "\n", 1);
}

int cmd_fs_ls(const struct cmd_fs *c, const char *path,
              union cmd_fs_scratch *s)
{
    struct ext_fs *fs = c->fs;
    const struct ext_inode *in = &c->file->in;
    int rc = ext_lookup_in(fs, path, false, c->file, c->walk);

    /* As ls: a symlink to a directory lists the directory; a file, or a
     * symlink to anything else (or to nothing), is one entry named as
     * given. */
    if (!rc && ext_is_link(in)) {
        uint32_t ino = in->ino;
        uint64_t size = in->size;

        if (ext_lookup_in(fs, path, true, c->file, c->walk) ||
            !ext_is_dir(in)) {
            con_printf(c->con, "%u l %llu ", (unsigned)ino,
                       (unsigned long long)size);
            put_raw(c->con, path);
            return 0;
        }
    } else if (!rc && !ext_is_dir(in)) {
        con_printf(c->con, "%u %c %llu ", (unsigned)in->ino,
                   type_of(in->mode), (unsigned long long)in->size);
        put_raw(c->con, path);
        return 0;
    }
    if (!rc)
        rc = ext_dir_open(fs, in, &s->ls.d);
    /* As Linux's readdir, the names are listed without their inodes: an
     * entry whose inode cannot be read is still listed, with ? for what
     * only the inode knows, and the listing goes on; the first such
     * failure is returned after it (the reader's last error says why,
     * once). A failed read of the device ends it. Bounded by the
     * directory's size (ext_dir_next). */
    int bad = 0;
    while (!rc && (rc = ext_dir_next(fs, &s->ls.d, &s->ls.e)) > 0) {
        const struct ext_dirent *e = &s->ls.e;
        char type = (char)e->type;

        rc = ext_inode_read(fs, e->ino, &s->ls.in);
        if (rc == EXT_EIO)
            break;
        if (rc) {
            bad = bad ? bad : rc;
            con_printf(c->con, "%u %c ? ", (unsigned)e->ino, type);
        } else {
            if (type == '?')
                type = type_of(s->ls.in.mode);
            con_printf(c->con, "%u %c %llu ", (unsigned)e->ino, type,
                       (unsigned long long)s->ls.in.size);
        }
        put_raw(c->con, e->name);
        if (c->tick)
            c->tick(c->tick_ctx);
        rc = 0;
    }
    return rc < 0 ? rc : bad;
}

int cmd_fs_stat(const struct cmd_fs *c, const char *path,
                union cmd_fs_scratch *s)
{
    const struct ext_inode *in = &c->file->in;
    int rc = ext_lookup_in(c->fs, path, false, c->file, c->walk);

    if (rc)
        return rc;
    con_printf(c->con, "inode=%u\nmode=%o\nsize=%llu\nlinks=%u\n"
               "blocks=%llu\nflags=0x%x\n", (unsigned)in->ino,
               (unsigned)in->mode, (unsigned long long)in->size,
               (unsigned)in->links, (unsigned long long)in->blocks,
               (unsigned)in->flags);
    if (ext_is_link(in)) {
        rc = ext_readlink(c->fs, in, s->text, sizeof(s->text));
        if (rc)
            return rc;
        con_puts(c->con, "target=");
        put_raw(c->con, s->text);
    }
    return 0;
}

static void print_features(const struct cmd_fs *c, const char *word_name,
                           int word, uint32_t bits, union cmd_fs_scratch *s)
{
    ext_feature_names(word, bits, s->text, sizeof(s->text));
    con_printf(c->con, "%s: %s\n", word_name, bits ? s->text : "(none)");
}

void cmd_fs_info(const struct cmd_fs *c, const struct part_info *p,
                 union cmd_fs_scratch *s)
{
    const struct ext_fs *fs = c->fs;

    if (p->scheme == PART_NONE)
        con_printf(c->con, "part: no partition table, whole card\n");
    else
        con_printf(c->con, "part: %s partition %u at LBA %llu, %llu "
                   "sectors\n", part_scheme_name(p->scheme),
                   (unsigned)p->index, (unsigned long long)p->lba,
                   (unsigned long long)p->sectors);
    con_printf(c->con, "fs: %s, %u-byte blocks, %llu blocks, %u inodes, %u "
               "groups, %u-byte inodes\n", ext_flavour(fs),
               1u << fs->blk_shift, (unsigned long long)fs->blocks_count,
               (unsigned)fs->inodes_count, (unsigned)fs->groups,
               (unsigned)fs->inode_size);
    print_features(c, "compat", 0, fs->compat, s);
    print_features(c, "incompat", 1, fs->incompat, s);
    print_features(c, "ro_compat", 2, fs->ro_compat, s);
    ext_journal_describe(fs, s->text, sizeof(s->text));
    con_printf(c->con, "journal: %s\n", s->text);
    if (fs->warnings & (EXT_WARN_NOT_CLEAN | EXT_WARN_ERRORS))
        con_puts(c->con, "state: not cleanly unmounted or has errors\n");
}
