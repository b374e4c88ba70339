/*
** hook.c: the one debug hook navlua installs, and debug.sethook /
** debug.gethook rewritten around it.
**
** navlua's limits need a hook on the thread that runs once a limit is hit
** (and on every thread while a limit is armed on a count, where no timer
** thread can be had). A script's own hook would replace it, and ldblib's
** debug.gethook would show it. So navlua_hook is the only hook function
** navlua sets: it checks the limits, then calls the script's hook for the
** events the script asked for. The replacements of debug.sethook and
** debug.gethook keep the script's hook, mask and count per thread and
** report exactly those, as ldblib.c does. Being defined once per process,
** navlua_hook is the one function every identity check below compares with.
**
** A thread's hook is always derived from three things (navlua_apply_hook):
** the script's mask and count for it, and whether the limits are armed.
*/
#include <string.h>
#include "internal.h"

/* Instructions between two checks of the limits. */
#define NAVLUA_TICK 10000

/* Registry tables, weak in their keys: thread -> the script's hook
** function (ldblib's own table, registry._HOOKKEY, its own metatable, as
** the Lua test suite checks), and thread -> its mask + 256 * count (which
** ldblib reads back from the thread itself). */
#define NAVLUA_HOOKS "_HOOKKEY"
#define NAVLUA_HOOKMASKS "navlua.hookmasks"

/* Pushes thread L1 onto L's stack. */
static void pushthread_on(lua_State *L, lua_State *L1) {
  if (L1 == L) {
    lua_pushthread(L);
  } else {
    lua_pushthread(L1);
    lua_xmove(L1, L, 1);
  }
}

/* The script's hook mask for L1 (0: none) and its count, read on L. */
static int script_hook(lua_State *L, lua_State *L1, int *count) {
  *count = 0;
  if (!navlua_state_limits(L)->user_hooks) return 0;
  if (L1 != L && !lua_checkstack(L1, 1)) return 0;
  if (lua_getfield(L, LUA_REGISTRYINDEX, NAVLUA_HOOKMASKS) != LUA_TTABLE) {
    lua_pop(L, 1);
    return 0;
  }
  pushthread_on(L, L1);
  lua_rawget(L, -2);
  lua_Integer v = lua_tointegerx(L, -1, NULL);
  lua_pop(L, 2);
  *count = (int)(v >> 8);
  return (int)(v & 0xff);
}

/* Gives L1 the hook its script mask, its count and the limits call for,
** leaving it alone when it already has it (setting it resets the count).
** Runs on L. */
void navlua_apply_hook(lua_State *L, lua_State *L1) {
  navlua_Limits *lim = navlua_state_limits(L);
  int count, mask = script_hook(L, L1, &count);
  if (count > 0)
    mask |= LUA_MASKCOUNT;
  else if (lim->armed) {
    mask |= LUA_MASKCOUNT;
    count = NAVLUA_TICK;
  } else
    count = 0;
  if (mask == 0) {
    if (lua_gethook(L1) == navlua_hook) lua_sethook(L1, NULL, 0, 0);
  } else if (lua_gethook(L1) != navlua_hook || lua_gethookmask(L1) != mask ||
             lua_gethookcount(L1) != count) {
    lua_sethook(L1, navlua_hook, mask, count);
  }
}

/* Calls the script's hook of L for this event, if it asked for it, as
** ldblib's hookf does. */
static void call_script_hook(lua_State *L, lua_Debug *ar) {
  static const char *const names[] = {"call", "return", "line", "count", "tail call"};
  int count, mask = script_hook(L, L, &count);
  int wanted = ar->event == LUA_HOOKCOUNT ? count > 0
             : ar->event == LUA_HOOKTAILCALL ? (mask & LUA_MASKCALL)
             : (mask & (1 << ar->event));
  if (!wanted) return;
  lua_getfield(L, LUA_REGISTRYINDEX, NAVLUA_HOOKS);
  lua_pushthread(L);
  if (lua_rawget(L, -2) == LUA_TFUNCTION) {
    lua_pushstring(L, names[ar->event]);
    if (ar->currentline >= 0)
      lua_pushinteger(L, ar->currentline);
    else
      lua_pushnil(L);
    lua_call(L, 2, 0);
  }
}

/* The hook: stops the script when a limit says so, else runs the script's
** own hook. An interrupt raises once; past the deadline every further
** instruction of the thread raises, so neither pcall nor a coroutine can run
** on, unless `timeout_once` asks for one error and no limit after it (a
** `navlua test` worker, whose driver reports the timeout and whose parent
** kills a file that swallows it). (A count of 1 is either the script's or
** left by a stop: re-derive.) */
void navlua_hook(lua_State *L, lua_Debug *ar) {
  navlua_Limits *lim = navlua_state_limits(L);
  if (navlua_should_stop(lim)) {
    if (lim->stop_reason == 2) {
      lim->interrupted = 0;
      navlua_apply_hook(L, L);
    } else if (lim->timeout_once) {
      lim->deadline = 0;
      lim->deadline_hit = 0;
      lim->armed = 0;
      navlua_apply_hook(L, L);
    } else {
      lua_sethook(L, navlua_hook, LUA_MASKCOUNT, 1);
    }
    luaL_error(L, "%s", navlua_stop_message(lim));
    return;
  }
  if (lua_gethookcount(L) == 1) navlua_apply_hook(L, L);
  if (lim->user_hooks) call_script_hook(L, ar);
}

void navlua_hook_now(lua_State *L) {
  lua_sethook(L, navlua_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

void navlua_hook_running(lua_State *L) {
  lua_State *co = navlua_state_limits(L)->running;
  if (co != NULL && co != L) navlua_hook_now(co);
  navlua_hook_now(L);
}

void navlua_arm_limit_hook(lua_State *L) {
  navlua_state_limits(L)->armed = 1;
  navlua_apply_hook(L, L);
}

void navlua_disarm_limit_hook(lua_State *L) {
  navlua_state_limits(L)->armed = 0;
  navlua_apply_hook(L, L);
}

/* ---- debug.sethook and debug.gethook ----------------------------------- */

/* The weak-keyed registry table `key`, made if missing (its own
** metatable, as ldblib makes it), on top. */
static void hook_table(lua_State *L, const char *key) {
  if (!luaL_getsubtable(L, LUA_REGISTRYINDEX, key)) {
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_pushvalue(L, -1);
    lua_setmetatable(L, -2);
  }
}

/* debug.sethook([thread,] hook, mask [, count]) as ldblib.c's db_sethook. */
static int db_sethook(lua_State *L) {
  int arg = lua_isthread(L, 1) ? 1 : 0;
  lua_State *L1 = arg ? lua_tothread(L, 1) : L;
  int mask = 0, count = 0;
  if (lua_isnoneornil(L, arg + 1)) {
    lua_settop(L, arg + 1);
  } else {
    const char *smask = luaL_checkstring(L, arg + 2);
    luaL_checktype(L, arg + 1, LUA_TFUNCTION);
    count = (int)luaL_optinteger(L, arg + 3, 0);
    if (strchr(smask, 'c')) mask |= LUA_MASKCALL;
    if (strchr(smask, 'r')) mask |= LUA_MASKRET;
    if (strchr(smask, 'l')) mask |= LUA_MASKLINE;
    navlua_state_limits(L)->user_hooks = 1;
  }
  if (L1 != L && !lua_checkstack(L1, 1)) return luaL_error(L, "stack overflow");
  hook_table(L, NAVLUA_HOOKS);
  pushthread_on(L, L1);
  lua_pushvalue(L, arg + 1);
  lua_rawset(L, -3);
  hook_table(L, NAVLUA_HOOKMASKS);
  pushthread_on(L, L1);
  if (mask == 0 && count <= 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, (lua_Integer)mask + (lua_Integer)count * 256);
  lua_rawset(L, -3);
  navlua_apply_hook(L, L1);
  return 0;
}

/* debug.gethook([thread]): the script's hook, mask and count, never navlua's. */
static int db_gethook(lua_State *L) {
  int arg = lua_isthread(L, 1) ? 1 : 0;
  lua_State *L1 = arg ? lua_tothread(L, 1) : L;
  lua_Hook hook = lua_gethook(L1);
  int mask, count;
  char smask[4];
  int i = 0;
  if (hook == navlua_hook) {
    mask = script_hook(L, L1, &count);
    if (mask == 0 && count <= 0) {
      luaL_pushfail(L);
      return 1;
    }
    if (L1 != L && !lua_checkstack(L1, 1)) return luaL_error(L, "stack overflow");
    lua_getfield(L, LUA_REGISTRYINDEX, NAVLUA_HOOKS);
    pushthread_on(L, L1);
    lua_rawget(L, -2);
    lua_remove(L, -2);
  } else if (hook == NULL) {
    luaL_pushfail(L);
    return 1;
  } else {
    lua_pushliteral(L, "external hook");
    mask = lua_gethookmask(L1);
    count = lua_gethookcount(L1);
  }
  if (mask & LUA_MASKCALL) smask[i++] = 'c';
  if (mask & LUA_MASKRET) smask[i++] = 'r';
  if (mask & LUA_MASKLINE) smask[i++] = 'l';
  smask[i] = '\0';
  lua_pushstring(L, smask);
  lua_pushinteger(L, count);
  return 3;
}

void navlua_install_debug_hooks(lua_State *L) {
  static const luaL_Reg fns[] = {{"sethook", db_sethook}, {"gethook", db_gethook}, {NULL, NULL}};
  navlua_replace_in_library(L, LUA_DBLIBNAME, fns);
}

void navlua_replace_in_library(lua_State *L, const char *lib, const luaL_Reg *fns) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (lua_getfield(L, -1, lib) == LUA_TTABLE) {
    for (; fns->name != NULL; fns++) {
      lua_pushcfunction(L, fns->func);
      lua_setfield(L, -2, fns->name);
    }
  }
  lua_pop(L, 2);
}
