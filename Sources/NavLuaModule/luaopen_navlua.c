/*
** luaopen_navlua.c: the entry point `require "navlua"` looks up in
** navlua.so (built by scripts/setup.sh as .build/release/lua/navlua.so;
** `navlua --cpath` prints the LUA_CPATH entry). Lua's own symbols come from
** the host process: this library does not link liblua (see Package.swift).
**
** It is C, as every function Lua calls into navlua is at its first frame:
** the Swift that opens the module (LoadableModule.open) returns its error,
** and it is raised here, once no Swift frame is left to unwind through.
*/
#include "navlua_module.h"

int luaopen_navlua(lua_State *L) {
  int n = navlua_open_module(L);
  if (n == NAVLUA_RAISE) return lua_error(L);
  return n;
}
