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

/* Blocks (1) or unblocks (0) the stop signals (SIGINT, SIGTERM, SIGHUP,
** SIGPIPE) in the calling thread. */
NAVLUA_API void navlua_block_stop_signals(int block);

/* 1 when `sig` is ignored (SIG_IGN), as `nohup` or `trap '' TERM` leave it:
** navlua leaves such a SIGTERM, SIGHUP or SIGPIPE ignored. */
NAVLUA_API int navlua_inherited_ignored(int sig);

/* From a signal handler (async-signal-safe): notes a stop signal, the first
** one kept, and writes its number as one byte to the wake pipe, if set. */
NAVLUA_API void navlua_note_stop_signal(int sig);

/* The write end (non-blocking) of the pipe navlua_note_stop_signal wakes. */
NAVLUA_API void navlua_set_stop_wake(int fd);

/* The first stop signal noted (0: none). */
NAVLUA_API int navlua_first_stop_signal(void);

/* Ends the process by `sig`, with its default action, as if it had not
** been caught (so a shell reads 128+N); _exit(128+N) if that does not end
** it. Flush what must be flushed first. */
NAVLUA_API void navlua_exit_by_signal(int sig) __attribute__((noreturn));

/* navlua test's parent: each stop signal writes its number to `wake_fd`
** (the non-blocking write end of a pipe its poll watches); the second
** SIGINT, SIGTERM or SIGHUP puts that signal back to its default. SIGINT
** is caught whatever the parent left; an ignored SIGTERM, SIGHUP or
** SIGPIPE stays ignored. */
NAVLUA_API void navlua_test_catch_signals(int wake_fd);

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

/* In a spec file's process just forked from `parent` (the worker): a
** process group of its own, so that the parent can stop the file and
** whatever it started with one kill(-pid); on Linux, SIGKILL when the
** worker dies (prctl PR_SET_PDEATHSIG). Ends the process at once if the
** worker is already gone. */
NAVLUA_API void navlua_spec_process_group(pid_t parent);

/* ---- watchdog.c, for a stop signal --------------------------------------- */

/* Starts a thread that, `grace` seconds after the first stop signal noted
** (navlua_note_stop_signal wakes it through a pipe of its own), calls
** `fire` with the signal; the thread blocks every signal. 0 on success. */
typedef void (*navlua_SignalFire)(int sig);
NAVLUA_API int navlua_start_signal_watchdog(double grace, navlua_SignalFire fire);

#endif
