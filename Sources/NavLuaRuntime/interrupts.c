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
** - a spec file's process of `navlua test`: the first SIGINT stops the
**   file as the REPL's would; later ones change nothing.
** A signal handler cannot be told which state it is for, so each way keeps
** its state here: one copy per process.
*/
#include <pthread.h>
#include <signal.h>
#include "internal.h"

/* ---- lua.c's way ---------------------------------------------------------- */

static lua_State *volatile sigint_state;   /* lua.c's globalL */

/* From a signal handler: L's script stops at its next instruction. */
static void interrupt(lua_State *L) {
  if (L == NULL) return;
  navlua_limits(L)->interrupted = 1;
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
  navlua_Limits *lim = navlua_limits(L);
  lim->interrupted = 1;
  if (lim->in_chunk) navlua_hook_running(L);
}

void navlua_catch_sigint(lua_State *L) {
  repl_state = L;
  signal(SIGINT, repl_on_sigint);
}

/* ---- a spec file's process ------------------------------------------------- */

/* The first SIGINT raises "interrupted!" at the next instruction of the
** thread running; later ones change nothing (the parent may forward the
** terminal's own), and SIGINT stays caught, since the programs a test
** starts would inherit an ignored one. */
static void test_child_on_sigint(int sig) {
  static volatile sig_atomic_t taken;
  (void)sig;
  if (taken) return;
  taken = 1;
  interrupt(sigint_state);
}

void navlua_test_child_catch_sigint(lua_State *L) {
  sigint_state = L;
  navlua_setsignal(SIGINT, test_child_on_sigint);
  navlua_block_sigint(0);
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
  navlua_Limits *lim = navlua_limits(L);
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
