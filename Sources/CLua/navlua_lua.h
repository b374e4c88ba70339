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
** that the state's allocator owns (navlua_limits.h); navlua's debug hook and
** the debug.sethook/gethook around it are in navlua_hook.h, SIGINT and the
** watchdog in navlua_signals.h, and what lua.c and lauxlib do to a state in
** navlua_luac.h. The only global state is what a signal handler needs.
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
/* The main thread's extra space: in a state another host made, the only
** one navlua sets for sure (a coroutine made before `require "navlua"`
** copied whatever the host left there). */
static inline void **navlua_main_extraspace(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  lua_State *main = lua_tothread(L, -1);
  lua_pop(L, 1);
  return (void **)lua_getextraspace(main);
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

/* ---- limits, hooks, signals, what lua.c does ------------------------------ */

#include "navlua_limits.h"
#include "navlua_hook.h"
#include "navlua_coroutines.h"
#include "navlua_signals.h"
#include "navlua_luac.h"

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
