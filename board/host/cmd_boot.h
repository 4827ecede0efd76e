/* `extload boot IMAGE [--board NAME] [-o DIR]`: the board-independent
 * boot flow on a disk image, as board NAME runs it: the same load window,
 * the same tail the loader keeps at the window's end (so the same bytes
 * left for the files), the same journal replay table, the same RAM base,
 * firmware address and device-tree file name. The boot log goes to
 * stdout; with -o, DIR gets each file the board would place (kernel.bin,
 * initrd.img, fdt.dtb, firmware.bin) and memory-map.txt, where each went.
 * When stdin is not a terminal it is the console's input (keys for the
 * menu and the prompt, read as a script) and the clock is fake, 1 ms per
 * reading; `reset` runs the flow again. */
#ifndef EXTLOAD_HOST_CMD_BOOT_H
#define EXTLOAD_HOST_CMD_BOOT_H

#include <stdint.h>

#define HOST_BOOT_WINDOW_MAX  (256u << 20)

/* What `extload boot --board NAME` models of a board. The tail is the
 * board's BOOT_CONFIG_ROOM as its compiler lays out the structs (32-bit
 * pointers on Cortex-M, 64-bit on RV64; tests/qemu/t_window.sh checks
 * the host leaves the bytes each build leaves), in each profile, unsigned
 * and built with BOOT_PUBKEY (BOOT_SIGNED: a digest per file, a
 * SIGNATURE per label): the host's own tail is larger (64-bit, 4 KiB
 * path walks), so the host hands the flow a window that leaves exactly
 * what the board's leaves. */
struct host_board {
    const char *name;
    uint32_t window_addr, window_size;
    uint32_t tail, tail_tiny;       /* the board's BOOT_CONFIG_ROOM */
    uint32_t tail_signed, tail_signed_tiny;
    uint32_t ram_base, ram_size, fw_addr;
    const char *fdtfile;
    uint32_t path_max;              /* the board's EXT_PATH_MAX */
};

/* The board called name (NULL: the default, lm3s6965evb), or NULL. */
const struct host_board *host_board_find(const char *name);
/* The board's tail (is_signed: its BOOT_PUBKEY build's). */
uint32_t host_board_tail(const struct host_board *b, int is_signed);
/* What the board's loads may use of a window [addr, addr + size): past
 * its tail (is_signed: a BOOT_PUBKEY build's), 8-aligned; 0: nothing. */
uint32_t host_board_usable(const struct host_board *b, uint32_t addr,
                           uint32_t size, int is_signed);

/* The usage line(s) of boot, for the tool's usage. */
extern const char host_boot_usage[];

/* argv[0] is "boot". Exit status: 0 booted (DIR written), 1 nothing
 * bootable or an I/O error (one line "extload: ..." on stderr), 2 usage. */
int host_cmd_boot(int argc, char **argv);

#endif
