/*
** navlua_system.h: the operating system's part of navlua, with no Lua in
** it: the monotonic clock, signal dispositions, the watchdog thread, fork,
** and the SIGINT pipe of `navlua test`'s parent. The CLI and the test
** runner use these without importing Lua; the runtime (navlua_runtime.h)
** builds its Lua-facing handlers on them.
**
** Each function is defined once, in this target's .c files, so every
** piece of state here has one copy per process.
*/
#ifndef NAVLUA_SYSTEM_H
#define NAVLUA_SYSTEM_H

#include <signal.h>
#include <sys/types.h>

/* Every function here is the binary's (or navlua.so's) own: hidden, so
** the dynamic symbol table, which the loader and the Swift runtime search
** at start-up, does not grow with them. */
#define NAVLUA_API __attribute__((visibility("hidden")))

/* ---- clock.c ------------------------------------------------------------- */

/* CLOCK_MONOTONIC, in seconds. Only limits and the REPL's live mode read it:
** the engine's time is the virtual clock. */
NAVLUA_API double navlua_monotonic(void);

/* ---- signals.c ----------------------------------------------------------- */

/* sigaction(sig, handler) with an empty mask and no flags, whatever the
** parent left (SIG_IGN included), as lua.c's setsignal does. */
NAVLUA_API void navlua_setsignal(int sig, void (*handler)(int));

/* Blocks (1) or unblocks (0) SIGINT in the calling thread. */
NAVLUA_API void navlua_block_sigint(int block);

/* navlua test's parent: each SIGINT writes a byte to `wake_fd` (the
** non-blocking write end of a pipe its poll watches) and counts; the
** second puts SIGINT back to its default. */
NAVLUA_API void navlua_test_catch_sigint(int wake_fd);

/* 1 for the first caller only, across threads: who writes the run's files
** and exits. */
NAVLUA_API int navlua_claim(int *flag);

/* Flushes standard output unless another thread holds it (a write blocked
** on a full pipe), for the watchdog's exit. */
NAVLUA_API void navlua_try_flush_stdout(void);

/* ---- watchdog.c ---------------------------------------------------------- */

/* Calls `fire` on a thread of its own at CLOCK_MONOTONIC time `at`. The
** thread blocks every signal, so that SIGINT still goes to the thread that
** runs Lua. Returns 0 on success. */
typedef void (*navlua_WatchdogFire)(void);
NAVLUA_API int navlua_start_watchdog(double at, navlua_WatchdogFire fire);

/* ---- process.c ----------------------------------------------------------- */

/* fork(2), which Swift's Darwin overlay marks unavailable. */
NAVLUA_API pid_t navlua_fork(void);

#endif
