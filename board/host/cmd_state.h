/* `extload state`: the trial record (firmware/trial/trial.h) as the
 * running system sees it, through the board's own codec:
 *
 *   extload state show STATE
 *       label, tries left, last outcome, sequence, one per line; "no
 *       trial record" when the magic is absent
 *   extload state trial STATE LABEL [TRIES]
 *       arms a trial of LABEL for the next reset: TRIES (1 to 8, default
 *       1) boots, outcome armed, sequence the previous + 1
 *   extload state clear STATE
 *       the 64 bytes zeroed: no record (the committed label boots, and a
 *       failed trial is no longer reported)
 *
 * STATE is trial_store.h's: a file, or the board's nvmem file. Exit 0 on
 * success, 1 when STATE cannot be read or written or (show) holds a bad
 * record (the line says why), 2 on a usage error. */
#ifndef EXTLOAD_HOST_CMD_STATE_H
#define EXTLOAD_HOST_CMD_STATE_H

extern const char host_state_usage[];

/* argv[0] is "state". */
int host_cmd_state(int argc, char **argv);

#endif
