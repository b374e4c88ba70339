/* process.c: fork(2) for `navlua test`, which forks each spec file's
** process from a Lua state with busted loaded, and the process group that
** process leads. */
#include <signal.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include "navlua_system.h"

pid_t navlua_fork(void) { return fork(); }

void navlua_spec_process_group(pid_t parent) {
  setpgid(0, 0);
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  /* the worker died before the line above: nobody would reap or stop us */
  if (getppid() != parent) _exit(1);
}
