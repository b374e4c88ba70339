/*
** signals.c: signal dispositions, the stop signals (SIGINT, SIGTERM, SIGHUP,
** SIGPIPE) of `navlua test`'s parent, and the exit by a signal.
**
** `navlua test` takes the stop signals in three processes: the parent
** reports (here), the worker blocks them (navlua_block_stop_signals), and a
** spec file's process ends its file as the REPL would (the runtime's
** interrupts.c). `navlua run` takes SIGTERM, SIGHUP and SIGPIPE through
** the runtime's handler, which notes them here too.
*/
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include "navlua_system.h"

void navlua_setsignal(int sig, void (*handler)(int)) {
  struct sigaction sa;
  sa.sa_handler = handler;
  sa.sa_flags = 0;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

void navlua_block_stop_signals(int block) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, SIGPIPE);
  pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

int navlua_inherited_ignored(int sig) {
  struct sigaction old;
  return sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

/* ---- the stop signals, noted ------------------------------------------------ */

/* The first stop signal taken (0: none), and the write end of the pipe a
** waiting thread or poll reads (-1: none): one byte, the signal's number,
** per signal noted. */
static volatile sig_atomic_t first_stop;
static volatile sig_atomic_t stop_wake_fd = -1;

void navlua_note_stop_signal(int sig) {
  int saved = errno;
  if (first_stop == 0) first_stop = sig;
  if (stop_wake_fd >= 0) {
    char byte = (char)sig;
    (void)!write(stop_wake_fd, &byte, 1);   /* non-blocking: a full pipe wakes its reader already */
  }
  errno = saved;
}

void navlua_set_stop_wake(int fd) { stop_wake_fd = fd; }

int navlua_first_stop_signal(void) { return first_stop; }

void navlua_exit_by_signal(int sig) {
  sigset_t set;
  navlua_setsignal(sig, SIG_DFL);
  sigemptyset(&set);
  sigaddset(&set, sig);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
  /* a signal whose default is not to end the process, or one held back */
  _exit(128 + sig);
}

/* The parent writes a byte to a pipe for each stop signal; its poll wakes
** on it (a flag could be set just before poll blocks). The first asks the
** files running to stop and the run to end with a report; the second
** kills those files; from then on that signal is back to its default, so
** a third ends a parent stuck writing its report. SIGPIPE is noted once
** and stays caught: the parent goes on writing its --output file while
** its standard output is gone. */
static volatile sig_atomic_t test_stops;
static volatile sig_atomic_t test_broken_pipe;

static void test_on_signal(int sig) {
  int saved = errno;
  if (sig == SIGPIPE) {
    if (test_broken_pipe) return;
    test_broken_pipe = 1;
  } else {
    if (test_stops < 2) test_stops += 1;
    if (test_stops >= 2) navlua_setsignal(sig, SIG_DFL);
  }
  navlua_note_stop_signal(sig);
  errno = saved;
}

void navlua_test_catch_signals(int wake_fd) {
  navlua_set_stop_wake(wake_fd);
  navlua_setsignal(SIGINT, test_on_signal);
  /* an ignored SIGTERM, SIGHUP (nohup) or SIGPIPE stays ignored */
  if (!navlua_inherited_ignored(SIGTERM)) navlua_setsignal(SIGTERM, test_on_signal);
  if (!navlua_inherited_ignored(SIGHUP)) navlua_setsignal(SIGHUP, test_on_signal);
  if (!navlua_inherited_ignored(SIGPIPE)) navlua_setsignal(SIGPIPE, test_on_signal);
}

int navlua_claim(int *flag) {
  return __atomic_exchange_n(flag, 1, __ATOMIC_SEQ_CST) == 0;
}

void navlua_try_flush_stdout(void) {
  if (ftrylockfile(stdout) == 0) {
    fflush(stdout);
    funlockfile(stdout);
  }
}
