/* `extload commit CONFIG LABEL`: makes LABEL the committed choice of the
 * extlinux.conf at CONFIG (firmware/README.md, "Trial boots"):
 *
 *   - the last DEFAULT line becomes "DEFAULT LABEL" (none: one is added
 *     at the top of the file);
 *   - the last FALLBACK line becomes "FALLBACK PREV", PREV the label that
 *     booted first before (the board's config_default(): DEFAULT, else
 *     the first MENU DEFAULT label, else the first label); without a
 *     FALLBACK line one is added right after the DEFAULT line;
 *   - every other byte is kept, each line its own ending (\n or \r\n).
 *
 * LABEL must be a label of the file as the board's parser reads it
 * (firmware/config/config.c, without INCLUDE), and the file must not
 * carry ONTIMEOUT (it wins over DEFAULT). LABEL already the DEFAULT:
 * nothing changes. The new text goes to a temporary file beside CONFIG
 * (the folder of its real path), which is fsynced, renamed over it, and
 * the folder fsynced: a reset at any moment leaves the old file or the
 * new one, whole. Exit 0 on success, 1 on a refusal or an I/O error (one
 * line, "extload: ..."), 2 on a usage error. */
#ifndef EXTLOAD_HOST_CMD_COMMIT_H
#define EXTLOAD_HOST_CMD_COMMIT_H

extern const char host_commit_usage[];

/* argv[0] is "commit". */
int host_cmd_commit(int argc, char **argv);

#endif
