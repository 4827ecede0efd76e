/* The load window's tail a board's build keeps (BOOT_CONFIG_ROOM, as its
 * own compiler lays out the structs): `make board-tail` prints this
 * object's size, and tests/cli/t_board_tail.sh holds extload boot
 * --board's model (board/host/cmd_boot.c) to it. */
#include "firmware/boot/boot.h"

const char board_window_tail[BOOT_CONFIG_ROOM] = { 0 };
