/* Where the running system keeps the trial record (firmware/trial/
 * trial.h): STATE is a file holding the record's 64 bytes at its start,
 * or the board's nvmem file (/sys/bus/nvmem/devices/rmemN/nvmem, the
 * loader's /reserved-memory "nvmem-rmem" page).
 *
 * Linux 6.1's rmem driver has no reg_write, so its nvmem file opens
 * read-only. When STATE cannot be opened for writing and its folder has
 * of_node/reg (an nvmem device described by the device tree), the record
 * is written through /dev/mem at the page's physical address: reg's
 * first #address-cells big-endian cells, the cell counts read from the
 * node's parent (of_node/../#address-cells, #size-cells; the device
 * tree's defaults 2 and 1 when absent). The bytes are then read back
 * through STATE: a wrong address is an error, never a silent write. */
#ifndef EXTLOAD_HOST_TRIAL_STORE_H
#define EXTLOAD_HOST_TRIAL_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "firmware/trial/trial.h"

#define TRIAL_STORE_WHY 256u

/* STATE's first 64 bytes; a missing or empty regular file reads as 64
 * zero bytes (no record). 0, or -1 with why[] saying what failed. */
int trial_store_read(const char *path, uint8_t raw[TRIAL_RECORD_SIZE],
                     char why[TRIAL_STORE_WHY]);
/* The 64 bytes written at STATE's start (a missing file is created);
 * *via is "file" or "/dev/mem at 0x...". 0, or -1 with why[]. */
int trial_store_write(const char *path, const uint8_t raw[TRIAL_RECORD_SIZE],
                      char via[TRIAL_STORE_WHY], char why[TRIAL_STORE_WHY]);

#endif
