/* The QEMU bench build of the lm3s6965evb loader: the board's own clock,
 * console, SPI and SD code (board/lm3s6965evb minus main.c), with this
 * board_main in place of the boot flow.
 *
 * 1. Mount the card and open /big.bin, then read it whole through the
 *    loader (ext_read, CHUNK bytes per call, into the load window): the
 *    loader pass. A blockdev shim logs every read: the sector runs that
 *    went into the window are the file's data, the rest is metadata.
 * 2. Read the very same data sectors again with the driver alone
 *    (sdspi_read, one CMD18 per run of up to CHUNK bytes): the raw pass.
 * 3. SHA-256 alone (firmware/crypto/sha256.c) over SHA_BYTES of the chunk
 *    buffer, CHUNK bytes per sha256_update: the hash pass.
 *
 * Time is the SysTick clock read to the tick: under -icount shift=0 one
 * nanosecond is one guest instruction. One line of key=value results:
 *
 *   bench: size=B mount_ns=N loader_ns=N raw_ns=N sha_bytes=B sha_ns=N
 *          reads=N sectors=N meta_reads=N meta_sectors=N runs=N
 *          raw_reads=N lost=N stack=N
 */
#include <stdint.h>

#include "board/lm3s6965evb/lm3s6965evb.h"
#include "board/board.h"
#include "drivers/mmio.h"
#include "drivers/sdspi.h"
#include "board/cortex-m/regs.h"
#include "firmware/crypto/sha256.h"
#include "fs/ext.h"
#include "fs/part.h"

#define BENCH_PATH "/big.bin"
#define CHUNK (32u * 1024u)
#define SHA_BYTES (4u * 1024u * 1024u)
#define SD_MAX_HZ 25000000u

#define TICKS_PER_MS (BOARD_SYSCLK_HZ / 1000u)
#define NS_PER_TICK (1000000000u / BOARD_SYSCLK_HZ)

struct run {
    uint32_t lba, n;
};

static struct board_spi spi;
static struct sdspi card;
static struct ext_fs fs;
static struct ext_file file;

static struct {
    uint8_t *data;                 /* the chunk buffer: the window's start */
    struct run *runs;              /* the rest of the window */
    uint32_t runs_max, runs_n, lost;
    uint32_t reads, sectors, meta_reads, meta_sectors, raw_reads;
} rec;

/* Nanoseconds since cpu_ms_start(BOARD_SYSCLK_HZ), to one SysTick tick. */
static uint64_t now_ns(void)
{
    uint32_t ms, cvr;

    do {
        ms = cpu_ms_now(0);
        cvr = mmio_read(SYST_CVR);
    } while (ms != cpu_ms_now(0));
    return (uint64_t)ms * 1000000u +
           (uint64_t)(TICKS_PER_MS - 1u - cvr) * NS_PER_TICK;
}

static int rec_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    const uint8_t *b = buf;

    rec.reads++;
    rec.sectors += count;
    if (b >= rec.data && b < rec.data + CHUNK) {
        struct run *last = rec.runs_n ? &rec.runs[rec.runs_n - 1] : 0;

        if (last && last->lba + last->n == lba)
            last->n += count;
        else if (rec.runs_n < rec.runs_max)
            rec.runs[rec.runs_n++] = (struct run){ (uint32_t)lba, count };
        else
            rec.lost++;
    } else {
        rec.meta_reads++;
        rec.meta_sectors += count;
    }
    return sdspi_read(ctx, lba, count, buf);
}

static __attribute__((noreturn)) void fail(const char *what, int rc)
{
    con_printf(board_console(), "bench: %s failed (%d)\n", what, rc);
    board_stop(1);
}

void board_main(void)
{
    const struct console *con = board_console();
    struct part_info part;
    uint8_t sector[BLOCKDEV_SECTOR];
    uint64_t t0, t1, t2, t3, t4, off = 0;
    struct sha256 h;
    uint8_t digest[SHA256_BYTES];
    int rc;

    board_clock_init();
    board_console_init();
    cpu_ms_start(BOARD_SYSCLK_HZ);
    rec.data = __window_start;
    rec.runs = (struct run *)(void *)(__window_start + CHUNK);
    rec.runs_max = (BOARD_WINDOW_SIZE - CHUNK) / sizeof(struct run);

    /* The board's SPI adapter (board/lm3s6965evb/spi.c) as a bus. */
    const struct spi_bus bus = { board_spi_select, board_spi_set_hz,
                                 board_spi_xfer, &spi };

    board_spi_init(&spi);
    rc = sdspi_init(&card, &bus, cpu_ms_now, 0, SD_MAX_HZ);
    if (rc)
        fail("sdspi_init", rc);
    const struct blockdev bd = { rec_read, &card, card.sectors };

    t0 = now_ns();
    rc = part_find(&bd, sector, 0, &part);
    if (rc)
        fail("part_find", rc);
    rc = ext_mount(&fs, &bd, part.lba, part.sectors);
    if (!rc)
        rc = ext_open(&fs, BENCH_PATH, &file);
    if (rc)
        fail("mount/open " BENCH_PATH, rc);

    /* 1. The loader. */
    t1 = now_ns();
    while (off < file.in.size) {
        int32_t n = ext_read(&fs, &file, off, rec.data, CHUNK);

        if (n <= 0)
            fail("ext_read", n);
        off += (uint32_t)n;
    }
    t2 = now_ns();

    /* 2. The driver alone on the same data sectors. */
    for (uint32_t i = 0; i < rec.runs_n; i++) {
        uint32_t lba = rec.runs[i].lba, left = rec.runs[i].n;

        while (left) {
            uint32_t k = left < CHUNK / BLOCKDEV_SECTOR
                             ? left : CHUNK / BLOCKDEV_SECTOR;

            rc = sdspi_read(&card, lba, k, rec.data);
            if (rc)
                fail("sdspi_read", rc);
            rec.raw_reads++;
            lba += k;
            left -= k;
        }
    }
    t3 = now_ns();

    /* 3. SHA-256 alone, on data already in RAM. */
    sha256_init(&h);
    for (uint32_t done = 0; done < SHA_BYTES; done += CHUNK)
        sha256_update(&h, rec.data, CHUNK);
    sha256_final(&h, digest);
    t4 = now_ns();

    con_printf(con, "bench: size=%llu mount_ns=%llu loader_ns=%llu "
               "raw_ns=%llu sha_bytes=%u sha_ns=%llu sha0=%u "
               "reads=%u sectors=%u meta_reads=%u "
               "meta_sectors=%u runs=%u raw_reads=%u lost=%u stack=%u\n",
               (unsigned long long)off, (unsigned long long)(t1 - t0),
               (unsigned long long)(t2 - t1), (unsigned long long)(t3 - t2),
               (unsigned)SHA_BYTES, (unsigned long long)(t4 - t3),
               (unsigned)digest[0], (unsigned)rec.reads, (unsigned)rec.sectors,
               (unsigned)rec.meta_reads, (unsigned)rec.meta_sectors,
               (unsigned)rec.runs_n, (unsigned)rec.raw_reads,
               (unsigned)rec.lost, (unsigned)cpu_stack_used());
    board_stop(0);
}
