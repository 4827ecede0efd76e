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

/* The usage line(s) of boot, for the tool's usage. */
extern const char host_boot_usage[];

/* argv[0] is "boot". Exit status: 0 booted (DIR written), 1 nothing
 * bootable or an I/O error (one line "extload: ..." on stderr), 2 usage. */
int host_cmd_boot(int argc, char **argv);

#endif
