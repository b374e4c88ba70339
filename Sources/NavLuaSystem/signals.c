/*
** signals.c: signal dispositions, and the SIGINT of `navlua test`'s parent.
**
** `navlua test` takes SIGINT in three processes: the parent reports (here),
** the worker blocks it (navlua_block_sigint), and a spec file's process
** ends its file as the REPL would (the runtime's interrupts.c).
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

void navlua_block_sigint(int block) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

/* The parent writes a byte to a pipe for each SIGINT; its poll wakes on
** it (a flag could be set just before poll blocks). The first SIGINT asks
** the files running to stop and the run to end with a report; the second
** kills those files; from then on SIGINT is back to its default, so a
** third ends a parent stuck writing its report. */
static volatile sig_atomic_t test_interrupts;
static int test_wake_fd = -1;

static void test_on_sigint(int sig) {
  int saved = errno;
  if (test_interrupts < 2) test_interrupts += 1;
  if (test_interrupts >= 2) navlua_setsignal(sig, SIG_DFL);
  if (test_wake_fd >= 0) {
    char byte = 0;
    (void)!write(test_wake_fd, &byte, 1);   /* non-blocking: a full pipe wakes poll already */
  }
  errno = saved;
}

void navlua_test_catch_sigint(int wake_fd) {
  test_wake_fd = wake_fd;
  navlua_setsignal(SIGINT, test_on_sigint);
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
