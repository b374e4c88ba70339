/*
** navlua_lua_shims.h: Lua 5.4's function-like macros that Swift uses,
** each rewritten as a one-line `static inline` function (Swift imports no
** function-like macro). Nothing else: navlua_runtime.h declares the
** runtime's own functions.
*/
#ifndef NAVLUA_LUA_SHIMS_H
#define NAVLUA_LUA_SHIMS_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#if LUA_VERSION_NUM != 504
#error "navlua needs Lua 5.4 (Debian: liblua5.4-dev)"
#endif

static inline int navlua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int navlua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void navlua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void navlua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void navlua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_pop(L, 1); }
static inline int navlua_loadbuffer(lua_State *L, const char *s, size_t len, const char *name) {
  return luaL_loadbufferx(L, s, len, name, NULL);
}
/* The pointer-sized block Lua keeps in front of each thread: navlua keeps
** its bridge there, so every Swift function finds it in one load. */
static inline void **navlua_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }

#endif
