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
** - the REPL's: the handler sets a flag that the line editor and the
**   engine's frame loop read, and hooks the running thread while an input
**   runs; the session goes on.
** `navlua test` (below) takes it in three processes: the parent reports, the
** worker blocks it, a spec file's process ends its file as the REPL would.
*/
#ifndef NAVLUA_SIGNALS_H
#define NAVLUA_SIGNALS_H

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <unistd.h>
#include "navlua_hook.h"
#include "navlua_coroutines.h"

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
** hook, which raises "interrupted!" once and puts the thread's hook back;
** on the coroutine running too (lua.c hooks only the main thread). */
static void navlua_laction(int sig) {
  lua_State *L = *navlua_sigint_state();
  navlua_setsignal(sig, SIG_DFL);
  if (L == NULL) return;
  navlua_limits(L)->interrupted = 1;
  navlua_hook_running(L);
}

/* Around one chunk, as lua.c's docall. */
static inline void navlua_sigint_begin(lua_State *L) {
  *navlua_sigint_state() = L;
  navlua_setsignal(SIGINT, navlua_laction);
}

static inline void navlua_sigint_end(void) {
  navlua_setsignal(SIGINT, SIG_DFL);
}

/* The REPL's: the handler sets the flag, which the line editor reads at the
** prompt and the engine's frame loop reads in a tick; while an input runs
** (`in_chunk`) it also hooks the thread running, which raises at its next
** instruction. The handler stays: the session goes on. */
static inline lua_State *volatile *navlua_sigint_target(void) {
  static lua_State *volatile target;
  return &target;
}

static void navlua_on_sigint(int sig) {
  (void)sig;
  lua_State *L = *navlua_sigint_target();
  if (L == NULL) return;
  navlua_Limits *lim = navlua_limits(L);
  lim->interrupted = 1;
  if (lim->in_chunk) navlua_hook_running(L);
}

static inline void navlua_catch_sigint(lua_State *L) {
  *navlua_sigint_target() = L;
  signal(SIGINT, navlua_on_sigint);
}

/* ---- navlua test --------------------------------------------------------- */

/* The parent of `navlua test` writes a byte to a pipe for each SIGINT; its
** poll wakes on it, and the bytes are the count (a flag could be set just
** before poll blocks, and a static here is one copy per Swift file that
** reads it, which the optimizer folds). The first SIGINT asks the files
** running to stop and the run to end with a report; the second kills those
** files; from then on SIGINT is back to its default, so a third ends a
** parent stuck writing its report. */
static inline volatile sig_atomic_t *navlua_test_interrupts(void) {
  static volatile sig_atomic_t count;
  return &count;
}

static inline int *navlua_test_wake_fd(void) {
  static int fd = -1;
  return &fd;
}

static void navlua_test_on_sigint(int sig) {
  int saved = errno;
  volatile sig_atomic_t *count = navlua_test_interrupts();
  if (*count < 2) *count += 1;
  if (*count >= 2) navlua_setsignal(sig, SIG_DFL);
  int fd = *navlua_test_wake_fd();
  if (fd >= 0) {
    char byte = 0;
    (void)!write(fd, &byte, 1);   /* non-blocking: a full pipe wakes poll already */
  }
  errno = saved;
}

/* Installs the parent's handler (whatever the disposition it inherited, as
** lua.c does) with `wake_fd` the non-blocking write end of its pipe. */
static inline void navlua_test_catch_sigint(int wake_fd) {
  *navlua_test_wake_fd() = wake_fd;
  navlua_setsignal(SIGINT, navlua_test_on_sigint);
}

/* Blocks or unblocks SIGINT in the calling thread: the worker keeps it
** blocked (the parent reports, the worker only forks), and a file's process
** inherits the mask, so that a SIGINT sent before it takes SIGINT waits. */
static inline void navlua_block_sigint(int block) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

/* A spec file's process: the first SIGINT raises "interrupted!" at the next
** instruction of the thread running, as lua.c's does (not with a count hook
** armed all the time, which would cost every instruction a call and double
** a CPU-bound spec's time); later ones change nothing (the parent may
** forward the terminal's own), and SIGINT stays caught, since the programs
** a test starts would inherit an ignored one. */
static void navlua_test_child_on_sigint(int sig) {
  static volatile sig_atomic_t taken;
  (void)sig;
  if (taken) return;
  taken = 1;
  lua_State *L = *navlua_sigint_state();
  if (L == NULL) return;
  navlua_limits(L)->interrupted = 1;
  navlua_hook_running(L);
}

static inline void navlua_test_child_catch_sigint(lua_State *L) {
  *navlua_sigint_state() = L;
  navlua_setsignal(SIGINT, navlua_test_child_on_sigint);
  navlua_block_sigint(0);
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

/* ---- the deadline -------------------------------------------------------- */

/* --timeout hooks nothing until its deadline: any hook, a count hook
** included, makes Lua's interpreter call into the hook machinery at every
** instruction, which doubles the time of CPU-bound code. At the deadline a
** watchdog sends NAVLUA_DEADLINE_SIGNAL to the thread that runs Lua, whose
** handler sets navlua_hook on the thread running and the main thread, as
** lua.c's SIGINT handler does; from then on the hook fails every
** instruction (see navlua_hook), and coroutine.resume and wrap hook every
** thread they enter or return to (navlua_coroutines.h). */
#define NAVLUA_DEADLINE_SIGNAL SIGVTALRM

static inline lua_State *volatile *navlua_deadline_state(void) {
  static lua_State *volatile state;
  return &state;
}

static inline pthread_t *navlua_deadline_thread(void) {
  static pthread_t thread;
  return &thread;
}

static void navlua_on_deadline(int sig) {
  (void)sig;
  lua_State *L = *navlua_deadline_state();
  if (L == NULL) return;
  navlua_Limits *lim = navlua_limits(L);
  /* an earlier state's alarm, or a deadline moved later: not this one's */
  if (lim->deadline <= 0 || navlua_monotonic() < lim->deadline) return;
  lim->deadline_hit = 1;
  navlua_hook_running(L);
}

static void navlua_deadline_fire(void) {
  pthread_kill(*navlua_deadline_thread(), NAVLUA_DEADLINE_SIGNAL);
}

/* Sets L's deadline alarm for CLOCK_MONOTONIC time `at`, to go off in the
** calling thread (the one that runs L). Returns 0 on success. */
static inline int navlua_start_deadline(lua_State *L, double at) {
  struct sigaction sa;
  *navlua_deadline_state() = L;
  *navlua_deadline_thread() = pthread_self();
  sa.sa_handler = navlua_on_deadline;
  sa.sa_flags = SA_RESTART;   /* a blocking read goes on; the stuck-run watchdog ends it */
  sigemptyset(&sa.sa_mask);
  sigaction(NAVLUA_DEADLINE_SIGNAL, &sa, NULL);
  return navlua_start_watchdog(at, navlua_deadline_fire);
}

/* Before L is closed: its alarm, if it has not gone off, finds nothing.
** (Call it from the file that calls navlua_start_deadline: each Swift file
** that uses these inline functions has its own copy of their statics.) */
static inline void navlua_cancel_deadline(lua_State *L) {
  if (*navlua_deadline_state() == L) *navlua_deadline_state() = NULL;
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
