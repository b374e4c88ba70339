/*
** watchdog.c: a thread that calls a function at a CLOCK_MONOTONIC time, for
** a run that navlua's hook cannot stop (blocked in a system call, busy in
** C, or in a script's own hook, where hooks do not run), and for the
** deadline's alarm (see the runtime's interrupts.c); and one that acts a
** moment after a stop signal (SIGTERM, ...), for a run its hook cannot stop.
*/
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "navlua_system.h"

/* Sleeps until CLOCK_MONOTONIC time `at`: nanosleep, not clock_nanosleep,
   which macOS lacks; woken early, it sleeps on. */
static void sleep_until(double at) {
  double left;
  while ((left = at - navlua_monotonic()) > 0) {
    struct timespec ts;
    ts.tv_sec = (time_t)left;
    ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
  }
}

/* Starts a detached thread running main(arg) that takes no signal: it
   inherits the mask set around its creation. Returns pthread_create's code. */
static int start_quiet_thread(void *(*main)(void *), void *arg) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, main, arg);
  pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return rc;
}

typedef struct Watchdog {
  double at;
  navlua_WatchdogFire fire;
} Watchdog;

static void *watchdog_main(void *arg) {
  Watchdog *w = (Watchdog *)arg;
  sleep_until(w->at);
  w->fire();
  free(w);
  return NULL;
}

int navlua_start_watchdog(double at, navlua_WatchdogFire fire) {
  Watchdog *w = (Watchdog *)malloc(sizeof(*w));
  if (w == NULL) return -1;
  w->at = at;
  w->fire = fire;
  int rc = start_quiet_thread(watchdog_main, w);
  if (rc != 0) free(w);
  return rc;
}

/* ---- after a stop signal ---------------------------------------------------- */

typedef struct SignalWatchdog {
  int wake;   /* the read end of the pipe navlua_note_stop_signal writes to */
  double grace;
  navlua_SignalFire fire;
} SignalWatchdog;

static void *signal_watchdog_main(void *arg) {
  SignalWatchdog *w = (SignalWatchdog *)arg;
  unsigned char sig = 0;
  ssize_t n;
  while ((n = read(w->wake, &sig, 1)) < 0 && errno == EINTR) {}
  if (n != 1) return NULL;
  sleep_until(navlua_monotonic() + w->grace);
  w->fire(sig);
  return NULL;
}

int navlua_start_signal_watchdog(double grace, navlua_SignalFire fire) {
  int ends[2];
  if (pipe(ends) != 0) return -1;
  for (int k = 0; k < 2; k++) fcntl(ends[k], F_SETFD, FD_CLOEXEC);
  fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK);
  SignalWatchdog *w = (SignalWatchdog *)malloc(sizeof(*w));
  if (w == NULL) { close(ends[0]); close(ends[1]); return -1; }
  w->wake = ends[0];
  w->grace = grace;
  w->fire = fire;
  int rc = start_quiet_thread(signal_watchdog_main, w);
  if (rc != 0) {
    free(w);
    close(ends[0]);
    close(ends[1]);
    return rc;
  }
  navlua_set_stop_wake(ends[1]);
  return 0;
}
