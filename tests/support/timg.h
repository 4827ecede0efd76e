/* Test images: where they are, and debugfs as the oracle for contents. */
#ifndef EXTLOAD_TIMG_H
#define EXTLOAD_TIMG_H

#include <stddef.h>
#include <stdint.h>

/* $EXTLOAD_IMAGES/<name> (static buffer, one at a time). */
const char *timg_path(const char *name);

/* What `debugfs -R "dump PATH"` writes for PATH in IMAGE, cut to the size
 * debugfs reports; malloc'd, NULL on failure. */
uint8_t *timg_oracle(const char *image, const char *path, size_t *len);

/* Copy an image to a scratch file and return its path (static buffer). */
const char *timg_copy(const char *name, const char *as);

#endif
