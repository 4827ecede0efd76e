/* `extload boot IMAGE [--window ADDR:SIZE] [-o FILE]`: the board-independent
 * boot flow on a disk image; the boot log goes to stdout, the kernel that
 * would be started to FILE. When stdin is not a terminal it is the
 * console's input (keys for the menu and the prompt, read as a script)
 * and the clock is fake, 1 ms per reading; `reset` runs the flow again. */
#ifndef EXTLOAD_HOST_CMD_BOOT_H
#define EXTLOAD_HOST_CMD_BOOT_H

#include <stdint.h>

/* The lm3s6965evb's window, the default for --window. */
#define HOST_BOOT_WINDOW_ADDR 0x20000000u
#define HOST_BOOT_WINDOW_SIZE 0xE800u
#define HOST_BOOT_WINDOW_MAX  (256u << 20)

/* argv[0] is "boot". Exit status: 0 booted (FILE written), 1 nothing
 * bootable or an I/O error ("extload: ..." on stderr), 2 usage. */
int host_cmd_boot(int argc, char **argv);

#endif
