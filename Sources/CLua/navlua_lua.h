/*
** navlua_lua.h: the whole C seam between Swift and Lua 5.4.
**
** Swift cannot import Lua's function-like macros, so each one used by navlua
** is rewritten here as a `static inline` function with a `navlua_` prefix.
**
** The error rule: no Lua error may unwind across a Swift frame. A Swift
** function exposed to Lua is a `navlua_SwiftFunction`; it never raises. On
** failure it pushes a message and returns NAVLUA_RAISE; the C trampoline
** below calls lua_error only after the Swift frame has returned.
**
** Run limits (timeout, memory, interrupt) live in a `navlua_Limits` block
** that the state's allocator owns, so there is no global state here except
** the one pointer a signal handler needs.
*/
#ifndef NAVLUA_LUA_H
#define NAVLUA_LUA_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if LUA_VERSION_NUM != 504
#error "navlua needs Lua 5.4 (Debian: liblua5.4-dev)"
#endif

/* ---- macros Swift cannot import ---------------------------------------- */

static inline int navlua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int navlua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void navlua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void navlua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void navlua_remove(lua_State *L, int i) {
  lua_rotate(L, i, -1);
  lua_pop(L, 1);
}
static inline int navlua_getmetatable_named(lua_State *L, const char *name) {
  return lua_getfield(L, LUA_REGISTRYINDEX, name);
}
/* The pointer-sized block Lua keeps in front of each thread: navlua keeps
** its bridge there, so every Swift function finds it in one load. */
static inline void **navlua_extraspace(lua_State *L) {
  return (void **)lua_getextraspace(L);
}
static inline int navlua_loadbuffer(lua_State *L, const char *s, size_t len,
                                    const char *name) {
  return luaL_loadbufferx(L, s, len, name, NULL);
}

/* ---- where: the caller's "file:line: " ---------------------------------- */

/* Pushes "file:line: " for the first Lua function on the stack that is not
** navlua's own prelude (chunks named "=navlua..."), so an error raised from
** a Lua-written API wrapper still points at the user's script. */
static inline void navlua_where(lua_State *L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar); level++) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline <= 0) continue;
    if (strncmp(ar.source, "=navlua", 7) == 0) continue;
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    return;
  }
  lua_pushliteral(L, "");
}

/* ---- limits: memory, timeout, interrupt --------------------------------- */

typedef struct navlua_Limits {
  size_t used;            /* bytes allocated by this state */
  size_t memory_limit;    /* 0: none */
  double deadline;        /* CLOCK_MONOTONIC seconds; 0: none */
  volatile sig_atomic_t interrupted;
  int stop_reason;        /* 0 none, 1 timeout, 2 interrupt */
  int swift_depth;        /* >0 while a Swift function runs: see navlua_alloc */
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

static inline int navlua_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "navlua: unprotected Lua error: %s\n", msg ? msg : "?");
  return 0; /* abort */
}

/* A state whose allocator counts bytes against `lim` (owned by the caller,
** who must keep it alive until lua_close). */
static inline lua_State *navlua_newstate(navlua_Limits *lim) {
  memset(lim, 0, sizeof(*lim));
  lua_State *L = lua_newstate(navlua_alloc, lim);
  if (L) lua_atpanic(L, navlua_panic);
  return L;
}

static inline navlua_Limits *navlua_limits(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (navlua_Limits *)ud;
}

/* 1 when a limit says the script must stop now (and records why). */
static inline int navlua_should_stop(navlua_Limits *lim) {
  if (lim->interrupted) { lim->stop_reason = 2; return 1; }
  if (lim->deadline > 0 && navlua_monotonic() > lim->deadline) {
    lim->stop_reason = 1;
    return 1;
  }
  return 0;
}

static inline const char *navlua_stop_message(navlua_Limits *lim) {
  return lim->stop_reason == 2 ? "interrupted" : "timeout: the script ran past its time limit";
}

/* Count hook: runs every 10,000 instructions, raises once a limit is hit. */
static void navlua_limit_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  navlua_Limits *lim = navlua_limits(L);
  if (navlua_should_stop(lim)) {
    lim->interrupted = 0;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "%s", navlua_stop_message(lim));
  }
}

static inline void navlua_arm_limit_hook(lua_State *L) {
  lua_sethook(L, navlua_limit_hook, LUA_MASKCOUNT, 10000);
}

/* SIGINT: like lua.c, the handler only flips a flag the hook reads. */
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

/* ---- the trampoline ----------------------------------------------------- */

#define NAVLUA_RAISE (-1)

typedef int (*navlua_SwiftFunction)(lua_State *L);

/* Calls the Swift function kept in upvalue 1; raises its error, if any,
** after it has returned. The message is whatever Swift left on top. */
static inline int navlua_trampoline(lua_State *L) {
  navlua_SwiftFunction f =
      (navlua_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
  navlua_Limits *lim = navlua_limits(L);
  lim->swift_depth++;
  int n = f(L);
  lim->swift_depth--;
  if (n == NAVLUA_RAISE) return lua_error(L);
  return n;
}

/* Pushes a Lua function that calls `f` through the trampoline. `nup` values
** on the stack become upvalues 2...nup+1. */
static inline void navlua_pushswiftfunction(lua_State *L, navlua_SwiftFunction f,
                                            int nup) {
  lua_pushlightuserdata(L, (void *)f);
  lua_rotate(L, -(nup + 1), 1);
  lua_pushcclosure(L, navlua_trampoline, nup + 1);
}

/* lua_pcall for Swift: Lua code run inside it is back under the memory
** limit, since an error there is caught by this very call. */
static inline int navlua_pcall(lua_State *L, int nargs, int nres, int msgh) {
  navlua_Limits *lim = navlua_limits(L);
  int depth = lim->swift_depth;
  lim->swift_depth = 0;
  int status = lua_pcall(L, nargs, nres, msgh);
  lim->swift_depth = depth;
  return status;
}

static int navlua_getfield_k(lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

/* t[k] with metamethods, protected: pushes the value (LUA_OK) or an error
** message. `idx` must be an absolute index; `key` is a string. */
static inline int navlua_safe_getfield(lua_State *L, int idx, const char *key) {
  lua_pushcfunction(L, navlua_getfield_k);
  lua_pushvalue(L, idx);
  lua_pushstring(L, key);
  return navlua_pcall(L, 2, 1, 0);
}

/* Pushes `f` as a plain C function, without the trampoline: only for Swift
** functions that can never fail and never allocate (navlua.now, navlua.frame),
** where the trampoline's bookkeeping would be most of the call's cost. */
static inline void navlua_pushinfallible(lua_State *L, navlua_SwiftFunction f) {
  lua_pushcclosure(L, (lua_CFunction)f, 0);
}

/* Message handler for lua_pcall: message plus traceback, as lua.c does. */
static inline int navlua_msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

static inline void navlua_pushmsghandler(lua_State *L) {
  lua_pushcfunction(L, navlua_msghandler);
}

/* ---- processes ----------------------------------------------------------- */

/* fork(2), which Swift's Darwin overlay marks unavailable. `navlua test`
** forks each spec file's process from a Lua state with busted loaded. */
static inline pid_t navlua_fork(void) { return fork(); }

#endif
