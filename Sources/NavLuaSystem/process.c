/* process.c: fork(2) for `navlua test`, which forks each spec file's
** process from a Lua state with busted loaded. */
#include <unistd.h>
#include "navlua_system.h"

pid_t navlua_fork(void) { return fork(); }
