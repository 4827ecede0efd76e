/* sdbench IMAGE PATH REFERENCE [CHUNK]: the SD stack on the card model.
 *
 * The image becomes an SD card (tests/sdcard/sdmodel: SDSC up to 2 GiB,
 * SDHC above, as QEMU presents it) behind drivers/sdspi; the partition
 * table and filesystem are found and PATH is read CHUNK bytes at a time
 * (default 32 KiB, what the QEMU bench reads per call) and compared with
 * the file REFERENCE. One line of key=value on stdout:
 *
 *   init_bytes, init_cmds   card bring-up (CMD0 .. CMD10)
 *   bytes                   every byte clocked after init: partition,
 *                           mount, lookup and the file's data
 *   data_bytes, blocks      read-block payload the card sent (512 each)
 *   cmds, cmd17, cmd18, cmd12   commands after init
 *   file_bytes, reads, sectors  what the reader asked of the blockdev
 *   sim_ns                  the model's bus time at 25 MHz
 *
 * Exit 0 when the bytes match, 1 otherwise.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/sdspi.h"
#include "fs/ext.h"
#include "fs/part.h"
#include "tests/sdcard/sdmodel.h"

#define SD_HZ 25000000u

struct counted {
    struct sdspi *sd;
    uint64_t reads, sectors;
};

static int counted_read(void *ctx, blockdev_lba_t lba, uint32_t count,
                        void *buf)
{
    struct counted *c = ctx;

    c->reads++;
    c->sectors += count;
    return sdspi_read(c->sd, lba, count, buf);
}

int main(int argc, char **argv)
{
    static struct sdmodel m;
    static struct sdspi sd;
    static struct ext_fs fs;
    struct ext_file f;
    struct part_info part;
    struct counted c = { &sd, 0, 0 };
    uint8_t sector[BLOCKDEV_SECTOR];
    uint32_t chunk = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 32768u;
    uint8_t *buf, *ref;
    uint64_t off = 0, b0, d0, blk0, ns0;
    uint32_t cmd0[64], c0;
    FILE *rf;
    int rc;

    if (argc < 4 || !chunk) {
        fprintf(stderr, "usage: sdbench IMAGE PATH REFERENCE [CHUNK]\n");
        return 2;
    }
    if (sdm_init_file(&m, SDM_SDSC, argv[1])) {
        perror(argv[1]);
        return 1;
    }
    if (m.size > (2ull << 30)) {
        int fd = m.fd;

        sdm_init(&m, SDM_SDHC, NULL, m.size);
        m.fd = fd;
    }
    rf = fopen(argv[3], "rb");
    buf = malloc(chunk);
    ref = malloc(chunk);
    if (!rf || !buf || !ref) {
        perror(argv[3]);
        return 1;
    }
    rc = sdspi_init(&sd, &m.bus, sdm_ms, &m, SD_HZ);
    if (rc) {
        fprintf(stderr, "sdbench: init: %s\n", sdspi_strerror(rc));
        return 1;
    }
    printf("init_bytes=%" PRIu64 " init_cmds=%" PRIu32, m.bytes, m.commands);
    b0 = m.bytes;
    d0 = m.data_bytes;
    blk0 = m.blocks;
    ns0 = m.ns;
    c0 = m.commands;
    memcpy(cmd0, m.cmds, sizeof(cmd0));

    const struct blockdev bd = { counted_read, &c, sd.sectors };
    rc = part_find(&bd, sector, 0, &part);
    if (rc) {
        fprintf(stderr, "\nsdbench: %s\n", part_strerror(rc));
        return 1;
    }
    rc = ext_mount(&fs, &bd, part.lba, part.sectors);
    if (!rc)
        rc = ext_open(&fs, argv[2], &f);
    while (!rc && off < f.in.size) {
        int32_t n = ext_read(&fs, &f, off, buf, chunk);

        if (n <= 0) {
            rc = n ? n : EXT_EIO;
            break;
        }
        if (fread(ref, 1, (size_t)n, rf) != (size_t)n ||
            memcmp(ref, buf, (size_t)n)) {
            fprintf(stderr, "\nsdbench: %s differs from %s near byte %"
                    PRIu64 "\n", argv[2], argv[3], off);
            return 1;
        }
        off += (uint32_t)n;
    }
    if (rc) {
        char msg[160];

        ext_error_describe(&fs, msg, sizeof(msg));
        fprintf(stderr, "\nsdbench: %s: %s: %s\n", argv[2], ext_strerror(rc),
                msg);
        return 1;
    }
    printf(" bytes=%" PRIu64 " data_bytes=%" PRIu64 " blocks=%" PRIu64
           " cmds=%" PRIu32 " cmd17=%" PRIu32 " cmd18=%" PRIu32
           " cmd12=%" PRIu32 " file_bytes=%" PRIu64 " reads=%" PRIu64
           " sectors=%" PRIu64 " sim_ns=%" PRIu64 " violations=%" PRIu32
           "\n", m.bytes - b0, m.data_bytes - d0, m.blocks - blk0,
           m.commands - c0, m.cmds[17] - cmd0[17], m.cmds[18] - cmd0[18],
           m.cmds[12] - cmd0[12], off, c.reads, c.sectors, m.ns - ns0,
           m.violations);
    if (m.violations)
        fprintf(stderr, "sdbench: protocol violation: %s\n", m.why);
    sdm_close(&m);
    fclose(rf);
    free(buf);
    free(ref);
    return 0;
}
