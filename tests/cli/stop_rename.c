/* An LD_PRELOAD shim for tests/cli/t_trial.sh: rename() kills the process
 * outright, as a power cut would stop `extload commit` after the
 * temporary file is written and fsynced and before it replaces the
 * config. Built by the test itself (cc -shared -fPIC). */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int rename(const char *oldpath, const char *newpath)
{
    (void)oldpath;
    (void)newpath;
    kill(getpid(), SIGKILL);
    return -1;
}
