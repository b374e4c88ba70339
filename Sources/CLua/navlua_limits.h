/*
** navlua_limits.h: run limits (memory, timeout, interrupt) and the state's
** allocator, which owns them. Included by navlua_lua.h.
**
** The limits live in a `navlua_Limits` block that the state's allocator
** owns (its `ud`), so every thread of a state reaches them in one call and
** there is no global state here.
*/
#ifndef NAVLUA_LIMITS_H
#define NAVLUA_LIMITS_H

#include <lua.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What `os.exit` calls before it exits (see navlua_luac.h): gets the exit
** status, returns the one to exit with. */
typedef int (*navlua_ExitHook)(void *context, int status);

typedef struct navlua_Limits {
  size_t used;            /* bytes allocated by this state */
  size_t memory_limit;    /* 0: none */
  double deadline;        /* CLOCK_MONOTONIC seconds; 0: none */
  volatile sig_atomic_t interrupted;
  int stop_reason;        /* 0 none, 1 timeout, 2 interrupt */
  int swift_depth;        /* >0 while a Swift function runs: see navlua_alloc */
  int armed;              /* navlua's count hook runs on every thread (see navlua_hook.h) */
  int user_hooks;         /* a script has called debug.sethook with a function */
  int timeout_once;       /* raise the timeout once, then lift the limit (see navlua_hook) */
  volatile sig_atomic_t in_chunk;     /* the REPL runs an input (see navlua_on_sigint) */
  volatile sig_atomic_t deadline_hit; /* the deadline's alarm went off (see navlua_signals.h) */
  lua_State *volatile running; /* the coroutine running now, NULL: the main thread (navlua_coroutines.h) */
  navlua_ExitHook exit_hook;
  void *exit_context;
  /* A host's own state (`require "navlua"` from lua5.4): its allocator,
  ** which navlua_alloc_forward calls. */
  lua_Alloc host_alloc;
  void *host_ud;
} navlua_Limits;

static inline double navlua_monotonic(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *navlua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  navlua_Limits *lim = (navlua_Limits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  /* The limit is enforced only while Lua code runs: an allocation failure
  ** inside a Swift frame would raise a memory error across it. */
  if (lim->memory_limit && lim->swift_depth == 0 && nsize > old &&
      lim->used + (nsize - old) > lim->memory_limit)
    return NULL; /* Lua turns this into a "not enough memory" error */
  void *p = realloc(ptr, nsize);
  if (p) lim->used = lim->used - old + nsize;
  return p;
}

/* In a state navlua did not make: the host's allocator, untouched, so that
** the limits block can still be the allocator's `ud`. */
static void *navlua_alloc_forward(void *ud, void *ptr, size_t osize, size_t nsize) {
  navlua_Limits *lim = (navlua_Limits *)ud;
  return lim->host_alloc(lim->host_ud, ptr, osize, nsize);
}

static inline navlua_Limits *navlua_limits(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (navlua_Limits *)ud;
}

/* Makes `lim` (zeroed here, owned by the caller for the state's whole life)
** the limits of a state that some other host made, keeping its allocator. */
static inline void navlua_adopt_state(lua_State *L, navlua_Limits *lim) {
  memset(lim, 0, sizeof(*lim));
  lim->host_alloc = lua_getallocf(L, &lim->host_ud);
  lim->swift_depth = 1;
  lua_setallocf(L, navlua_alloc_forward, lim);
}

/* Gives a host's state its own allocator back (when navlua's block goes). */
static inline void navlua_release_state(lua_State *L, navlua_Limits *lim) {
  lua_setallocf(L, lim->host_alloc, lim->host_ud);
}

/* 1 when a limit says the script must stop now (and records why). Past the
** deadline it stays 1: a timeout cannot be caught and run on from. */
static inline int navlua_should_stop(navlua_Limits *lim) {
  if (lim->interrupted) { lim->stop_reason = 2; return 1; }
  if (lim->deadline > 0 && navlua_monotonic() >= lim->deadline) {
    lim->stop_reason = 1;
    return 1;
  }
  return 0;
}

static inline const char *navlua_stop_message(navlua_Limits *lim) {
  return lim->stop_reason == 2 ? "interrupted!" : "timeout: the script ran past its time limit";
}

/* For the engine's frame loop: the message when a limit says stop, taking
** the interrupt (and a once-only timeout) as the hook does; NULL if none. */
static inline const char *navlua_take_stop(navlua_Limits *lim) {
  if (!navlua_should_stop(lim)) return NULL;
  if (lim->stop_reason == 2)
    lim->interrupted = 0;
  else if (lim->timeout_once) {
    lim->deadline = 0;
    lim->deadline_hit = 0;
  }
  return navlua_stop_message(lim);
}

#endif
