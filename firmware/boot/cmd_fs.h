/* ls, stat and info, once: the prompt's commands (firmware/boot/cmd.c) and the
 * host tool's (board/host/main.c) print through these, so both say the
 * same thing in the same words. Output goes to a console; an error is
 * returned (a negative EXT_E..., with the ext_fs's record of where) for
 * the caller to print its own way. */
#ifndef EXTLOAD_CMD_FS_H
#define EXTLOAD_CMD_FS_H

#include "firmware/console/console.h"
#include "fs/ext.h"
#include "fs/part.h"

struct cmd_fs {
    struct ext_fs *fs;
    struct ext_walk *walk;          /* the lookups' scratch */
    struct ext_file *file;          /* where a path is looked up into */
    const struct console *con;      /* the output */
    /* Called after each line of a listing (the prompt polls its input);
     * NULL: nothing. */
    void (*tick)(void *ctx);
    void *tick_ctx;
};

/* The scratch the commands need besides their struct cmd_fs. */
union cmd_fs_scratch {
    struct {
        struct ext_dir d;
        struct ext_dirent e;
        struct ext_inode in;
    } ls;
    char text[EXT_PATH_MAX];        /* a link target, feature names */
};

/* "<inode> <type> <size> <name>" per entry, on-disk order, . and ..
 * included; type is one of - d l c b p s. */
int cmd_fs_ls(const struct cmd_fs *c, const char *path,
              union cmd_fs_scratch *s);
/* key=value lines: inode= mode= (octal) size= links= blocks= flags=, and
 * target= for a symlink. */
int cmd_fs_stat(const struct cmd_fs *c, const char *path,
                union cmd_fs_scratch *s);
/* The partition, the filesystem, its features, the journal's state. */
void cmd_fs_info(const struct cmd_fs *c, const struct part_info *p,
                 union cmd_fs_scratch *s);

#endif
