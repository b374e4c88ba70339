/*
** interrupts.c: what stops a running script from outside it: Ctrl-C
** (SIGINT) and the deadline's alarm. Each sets a flag in the state's limits
** and hooks the thread running (hook.c), which raises at its next
** instruction: nothing is hooked until then, since any hook makes Lua's
** interpreter call into the hook machinery at every instruction.
**
** SIGINT is taken three ways:
** - as lua.c does, around each chunk of `navlua run` / `-e`: the handler is
**   installed whatever the parent left (SIG_IGN included) and puts SIGINT
**   back to SIG_DFL, so that a second Ctrl-C kills a process stuck in C;
** - the REPL's: the handler sets a flag that the line editor and the
**   engine's frame loop read, and hooks the running thread while an input
**   runs; the session goes on;
** - a spec file's process of `navlua test`: the first SIGINT (or SIGTERM,
**   SIGHUP, which its parent passes on) stops the file as the REPL's would;
**   later ones change nothing; os.execute waits without ignoring SIGINT.
** `navlua run` also takes SIGTERM, SIGHUP and SIGPIPE for the whole run:
** the script stops for good (no pcall runs on), the run writes its files,
** and the process then ends by that signal (navlua_exit_by_signal).
** A signal handler cannot be told which state it is for, so each way keeps
** its state here: one copy per process.
*/
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include "internal.h"

/* ---- lua.c's way ---------------------------------------------------------- */

static lua_State *volatile sigint_state;   /* lua.c's globalL */

/* From a signal handler: L's script stops at its next instruction. */
static void interrupt(lua_State *L) {
  if (L == NULL) return;
  navlua_state_limits(L)->interrupted = 1;
  navlua_hook_running(L);
}

/* lua.c's laction: every event, from the next instruction on, goes to the
** hook, which raises "interrupted!" once and puts the thread's hook back;
** on the coroutine running too (lua.c hooks only the main thread). */
static void laction(int sig) {
  navlua_setsignal(sig, SIG_DFL);
  interrupt(sigint_state);
}

void navlua_sigint_begin(lua_State *L) {
  sigint_state = L;
  navlua_setsignal(SIGINT, laction);
}

void navlua_sigint_end(void) { navlua_setsignal(SIGINT, SIG_DFL); }

/* ---- the REPL's ------------------------------------------------------------ */

static lua_State *volatile repl_state;

static void repl_on_sigint(int sig) {
  (void)sig;
  lua_State *L = repl_state;
  if (L == NULL) return;
  navlua_Limits *lim = navlua_state_limits(L);
  lim->interrupted = 1;
  if (lim->in_chunk) navlua_hook_running(L);
}

void navlua_catch_sigint(lua_State *L) {
  repl_state = L;
  signal(SIGINT, repl_on_sigint);
}

/* ---- a spec file's process ------------------------------------------------- */

/* The first of SIGINT, SIGTERM and SIGHUP raises "interrupted!" (naming
** the signal) at the next instruction of the thread running; later ones
** change nothing (the parent may forward the terminal's own), and they stay
** caught, since the programs a test starts would inherit ignored ones. */
static void test_child_on_signal(int sig) {
  static volatile sig_atomic_t taken;
  if (taken) return;
  taken = 1;
  if (sigint_state != NULL) navlua_state_limits(sigint_state)->interrupt_signal = sig == SIGINT ? 0 : sig;
  interrupt(sigint_state);
}

/* /bin/sh -c cmd, waited for; waitpid's status, or -1 (errno set). */
static int run_shell(const char *cmd) {
  extern char **environ;
  char *argv[] = {"sh", "-c", (char *)cmd, NULL};
  pid_t pid;
  int status = posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ);
  if (status != 0) {
    errno = status;
    return -1;
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return status;
}

/* loslib's os.execute without system(3), which ignores SIGINT while the
** command runs: the Ctrl-C its parent passes on to the process group would
** be lost, and the test would run on after the command as if nothing had
** happened (SIGTERM, which system(3) leaves alone, stopped it). */
static int test_child_os_execute(lua_State *L) {
  const char *cmd = luaL_optstring(L, 1, NULL);
  if (cmd == NULL) {             /* is a shell there? */
    lua_pushboolean(L, 1);
    return 1;
  }
  errno = 0;
  return luaL_execresult(L, run_shell(cmd));
}

void navlua_test_child_catch_signals(lua_State *L) {
  static const luaL_Reg fns[] = {{"execute", test_child_os_execute}, {NULL, NULL}};
  navlua_replace_in_library(L, LUA_OSLIBNAME, fns);
  sigint_state = L;
  navlua_setsignal(SIGINT, test_child_on_signal);
  navlua_setsignal(SIGTERM, test_child_on_signal);
  navlua_setsignal(SIGHUP, test_child_on_signal);
  navlua_setsignal(SIGPIPE, SIG_DFL);
  navlua_block_stop_signals(0);
}

/* ---- navlua run's SIGTERM, SIGHUP and SIGPIPE --------------------------------- */

static lua_State *volatile run_state;

/* Stops the script for good and wakes the signal watchdog, if any. A
** second SIGTERM or SIGHUP kills (a run stuck in C with nothing to write);
** SIGPIPE stays caught, so that the run's own writes to a closed pipe fail
** and the files are still written. */
static void run_on_signal(int sig) {
  int saved = errno;
  lua_State *L = run_state;
  if (sig != SIGPIPE) navlua_setsignal(sig, SIG_DFL);
  if (L != NULL) {
    navlua_Limits *lim = navlua_state_limits(L);
    if (lim->terminated == 0) lim->terminated = sig;
    navlua_hook_running(L);
  }
  navlua_note_stop_signal(sig);
  errno = saved;
}

void navlua_run_catch_signals(lua_State *L) {
  static const int signals[] = {SIGTERM, SIGHUP, SIGPIPE};
  run_state = L;
  for (int k = 0; k < 3; k++)
    if (!navlua_inherited_ignored(signals[k])) navlua_setsignal(signals[k], run_on_signal);
}

/* ---- the deadline ----------------------------------------------------------- */

/* --timeout hooks nothing until its deadline. At the deadline a watchdog
** sends DEADLINE_SIGNAL to the thread that runs Lua, whose handler hooks
** the thread running and the main thread; from then on the hook fails
** every instruction (hook.c), and coroutine.resume and wrap hook every
** thread they enter or return to (coroutines.c). */
#define DEADLINE_SIGNAL SIGVTALRM

static lua_State *volatile deadline_state;
static pthread_t deadline_thread;

static void on_deadline(int sig) {
  (void)sig;
  lua_State *L = deadline_state;
  if (L == NULL) return;
  navlua_Limits *lim = navlua_state_limits(L);
  /* an earlier state's alarm, or a deadline moved later: not this one's */
  if (lim->deadline <= 0 || navlua_monotonic() < lim->deadline) return;
  lim->deadline_hit = 1;
  navlua_hook_running(L);
}

static void deadline_fire(void) { pthread_kill(deadline_thread, DEADLINE_SIGNAL); }

int navlua_start_deadline(lua_State *L, double at) {
  struct sigaction sa;
  deadline_state = L;
  deadline_thread = pthread_self();
  sa.sa_handler = on_deadline;
  sa.sa_flags = SA_RESTART;   /* a blocking read goes on; the stuck-run watchdog ends it */
  sigemptyset(&sa.sa_mask);
  sigaction(DEADLINE_SIGNAL, &sa, NULL);
  return navlua_start_watchdog(at, deadline_fire);
}

void navlua_cancel_deadline(lua_State *L) {
  if (deadline_state == L) deadline_state = NULL;
}
