/*
** navlua_signals.h: Ctrl-C (SIGINT) and the timer that ends a run stuck
** past its deadline. Included by navlua_lua.h.
**
** Two ways to take SIGINT:
** - as lua.c does, around each chunk of `navlua run` / `-e`: the handler is
**   installed with sigaction whatever the parent left (SIG_IGN included),
**   puts SIGINT back to SIG_DFL, so that a second Ctrl-C kills a process
**   stuck in C, and sets a hook on the running state that raises
**   "interrupted!" at its next instruction;
** - the REPL's: the handler only sets a flag that the count hook (armed all
**   the time) and the engine's frame loop read; the session goes on.
*/
#ifndef NAVLUA_SIGNALS_H
#define NAVLUA_SIGNALS_H

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include "navlua_hook.h"

/* The state lua.c-style SIGINT stops (lua.c's globalL). */
static inline lua_State *volatile *navlua_sigint_state(void) {
  static lua_State *volatile state;
  return &state;
}

static inline void navlua_setsignal(int sig, void (*handler)(int)) {
  struct sigaction sa;
  sa.sa_handler = handler;
  sa.sa_flags = 0;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

/* lua.c's laction: every event, from the next instruction on, goes to the
** hook, which raises "interrupted!" once and puts the thread's hook back. */
static void navlua_laction(int sig) {
  lua_State *L = *navlua_sigint_state();
  navlua_setsignal(sig, SIG_DFL);
  if (L == NULL) return;
  navlua_limits(L)->interrupted = 1;
  lua_sethook(L, navlua_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

/* Around one chunk, as lua.c's docall. */
static inline void navlua_sigint_begin(lua_State *L) {
  *navlua_sigint_state() = L;
  navlua_setsignal(SIGINT, navlua_laction);
}

static inline void navlua_sigint_end(void) {
  navlua_setsignal(SIGINT, SIG_DFL);
}

/* The REPL's: the handler only flips a flag the hook reads. */
static inline navlua_Limits **navlua_sigint_target(void) {
  static navlua_Limits *target;
  return &target;
}

static void navlua_on_sigint(int sig) {
  (void)sig;
  navlua_Limits *lim = *navlua_sigint_target();
  if (lim) lim->interrupted = 1;
}

static inline void navlua_catch_sigint(lua_State *L) {
  *navlua_sigint_target() = navlua_limits(L);
  navlua_arm_limit_hook(L);
  signal(SIGINT, navlua_on_sigint);
}

/* ---- the watchdog ------------------------------------------------------- */

/* A thread that calls `fire` at CLOCK_MONOTONIC time `at`, for a run that
** the count hook cannot stop (blocked in a system call, busy in C, or in a
** script's hook, where hooks do not run). `fire` decides what to do; it
** runs on the watchdog's thread, which blocks every signal so that SIGINT
** still goes to the main thread. Returns 0 on success. */
typedef void (*navlua_WatchdogFire)(void);

typedef struct navlua_Watchdog {
  double at;
  navlua_WatchdogFire fire;
} navlua_Watchdog;

static void *navlua_watchdog_main(void *arg) {
  navlua_Watchdog *w = (navlua_Watchdog *)arg;
  double left;
  /* nanosleep, not clock_nanosleep, which macOS lacks; woken early, sleep on */
  while ((left = w->at - navlua_monotonic()) > 0) {
    struct timespec ts;
    ts.tv_sec = (time_t)left;
    ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
  }
  w->fire();
  free(w);
  return NULL;
}

static inline int navlua_start_watchdog(double at, navlua_WatchdogFire fire) {
  navlua_Watchdog *w = (navlua_Watchdog *)malloc(sizeof(*w));
  if (w == NULL) return -1;
  w->at = at;
  w->fire = fire;
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, navlua_watchdog_main, w);
  pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc != 0) free(w);
  return rc;
}

/* 1 for the first caller only: who writes the run's files and exits. */
static inline int navlua_claim(int *flag) {
  return __atomic_exchange_n(flag, 1, __ATOMIC_SEQ_CST) == 0;
}

/* Flushes standard output unless another thread holds it (a write blocked
** on a full pipe), for the watchdog's exit. */
static inline void navlua_try_flush_stdout(void) {
  if (ftrylockfile(stdout) == 0) {
    fflush(stdout);
    funlockfile(stdout);
  }
}

#endif
