/* The boot flow's errors: one X-macro table, so the enum and its
 * sentences cannot fall out of step (firmware/boot/boot_err.c). */
#ifndef EXTLOAD_BOOT_ERR_H
#define EXTLOAD_BOOT_ERR_H

#include "firmware/boot_conf.h"

/* Every boot error: name, value, and the sentence boot_strerror() gives.
 * One table, so the enum and its sentences cannot fall out of step. */
#define BOOT_ERRORS(X) \
    X(BOOT_OK,         0,   "success") \
    X(BOOT_ENOCARD,   -1,   "no card answered") \
    X(BOOT_ENOPART,   -2,   "no partition holds an ext filesystem") \
    X(BOOT_ENOFS,     -3,   "the filesystem did not mount") \
    X(BOOT_ENOLABEL,  -4,   "no label could be booted") \
    X(BOOT_ENOKERNEL, -5,   "the kernel is missing or unreadable") \
    X(BOOT_ETOOBIG,   -6,   "the file does not fit the load window") \
    X(BOOT_ESHA256,   -7,   "a file does not match its SHA-256") \
    X(BOOT_ENOSHA256, -8,   "a file's .sha256 is missing or bad") \
    X(BOOT_EFDT,      -9,   "the device tree is missing or unreadable") \
    X(BOOT_EHANDOFF,  -10,  "the board could not start the kernel") \
    X(BOOT_EPATH,     -11,  "a path in the config is too long") \
    X(BOOT_EINITRD,   -12,  "an initrd file is missing or unreadable") \
    X(BOOT_EFIRMWARE, -13,  "the SBI firmware is missing or unreadable") \
    X(BOOT_EPLACE,    -14,  "the label's files do not fit around the kernel") \
    BOOT_ERRORS_SIGNED(X) \
    BOOT_ERRORS_PARTITION(X) \
    X(BOOT_ECOMPRESSED, -19, "the kernel is compressed in a way this build does not inflate") \
    BOOT_ERRORS_GZIP(X)
/* Only a BOOT_SIGNED build has these (and their sentences). */
#if BOOT_SIGNED
#define BOOT_ERRORS_SIGNED(X) \
    X(BOOT_ENOSIG,    -15,  "the label's signature is missing or unreadable") \
    X(BOOT_ESIG,      -16,  "the label's signature does not verify") \
    X(BOOT_EROLLBACK, -17,  "the label's rollback index is below the board's floor")
#else
#define BOOT_ERRORS_SIGNED(X)
#endif

#if BOOT_CONF_PARTITION
#define BOOT_ERRORS_PARTITION(X) \
    X(BOOT_EPARTITION, -18, "the label's PARTITION is not there or did not mount")
#else
#define BOOT_ERRORS_PARTITION(X)
#endif

#if BOOT_GZIP
#define BOOT_ERRORS_GZIP(X) \
    X(BOOT_EINFLATE,  -20,  "the compressed kernel does not inflate")
#else
#define BOOT_ERRORS_GZIP(X)
#endif

enum boot_err {
#define BOOT_ERR_ENUM(name, value, text) name = value,
    BOOT_ERRORS(BOOT_ERR_ENUM)
#undef BOOT_ERR_ENUM
};

const char *boot_strerror(int err);

/* An error for the console: its sentence (text(err)), or without
 * BOOT_MESSAGES "TABLE error ERR" written into buf. */
#define BOOT_CODE_MAX 24u
#if BOOT_MESSAGES
#define BOOT_ERR_TEXT(buf, text, table, err) ((void)(buf), text(err))
#else
#define BOOT_ERR_TEXT(buf, text, table, err) boot_code_text(buf, table, err)
#endif
const char *boot_code_text(char buf[BOOT_CODE_MAX], const char *table,
                           int err);

/* How a line that ends the boot before any label ends (the flow's and
 * the board's card line): one literal, one copy in the image; its
 * newline in the format (a %s is quoted, lib/quote.h). */
#define BOOT_NOTHING_TO_BOOT "; nothing to boot, stop"

#endif
