/*
** coroutines.c: coroutine.resume and coroutine.wrap, which note the
** coroutine that runs.
**
** navlua hooks nothing until a limit is hit (a hook slows every
** instruction): then a signal handler hooks the thread that runs, as lua.c
** does for Ctrl-C. Lua cannot tell a signal handler which thread that is,
** so resume and wrap keep it in the limits (`running`), and once a limit has
** been hit they hook each thread they enter or return to, so that a
** coroutine resumed later, or the thread it yields back to, stops as well.
** Otherwise they behave as lcorolib.c's (messages and the position a wrap's
** error is given included; the Lua test suite's coroutine.lua checks them).
** Going through the library's own functions instead would cost a pcall per
** resume, which doubled the time of a resume and yield.
*/
#include "internal.h"

/* Resumes `co` with the top `narg` values of L, as the library's resume
** does, with `co` noted as running while it runs: the results (or the
** error object) are moved onto L; returns their count, or -1 on error.
** Nothing here raises while `running` is `co` (lua_resume does not). */
static int resume_noting(lua_State *L, lua_State *co, int narg) {
  navlua_Limits *lim = navlua_state_limits(L);
  lua_State *caller = lim->running;
  int status, nres;
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  lua_xmove(L, co, narg);
  if (navlua_limit_hit(lim)) navlua_hook_now(co);
  lim->running = co;
  status = lua_resume(co, L, narg, &nres);
  lim->running = caller;
  if (navlua_limit_hit(lim)) navlua_hook_now(L);
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);   /* the error object */
    return -1;
  }
  if (!lua_checkstack(L, nres + 1)) {
    lua_pop(co, nres);
    lua_pushliteral(L, "too many results to resume");
    return -1;
  }
  lua_xmove(co, L, nres);
  return nres;
}

/* coroutine.resume(co, ...): true and the results, or false and the error. */
static int co_resume(lua_State *L) {
  lua_State *co;
  int r;
  luaL_checktype(L, 1, LUA_TTHREAD);   /* lua5.4.4's message: "thread expected" */
  co = lua_tothread(L, 1);
  r = resume_noting(L, co, lua_gettop(L) - 1);
  if (r < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

/* A function coroutine.wrap made: resumes its coroutine (upvalue 1); an
** error closes the coroutine's pending to-be-closed variables and goes on
** to the caller, a string with the caller's position in front. */
static int co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int r = resume_noting(L, co, lua_gettop(L));
  if (r >= 0) return r;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) {   /* an error inside it */
    status = lua_resetthread(co);
    lua_xmove(co, L, 1);
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap(f). */
static int co_wrap(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, co_wrapped, 1);
  return 1;
}

void navlua_install_coroutines(lua_State *L) {
  static const luaL_Reg fns[] = {{"resume", co_resume}, {"wrap", co_wrap}, {NULL, NULL}};
  navlua_replace_in_library(L, LUA_COLIBNAME, fns);
}
