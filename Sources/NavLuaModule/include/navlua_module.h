/*
** navlua_module.h: navlua.so's entry point, declared, and the Swift it
** calls.
*/
#ifndef NAVLUA_MODULE_H
#define NAVLUA_MODULE_H

#include "navlua_runtime.h"

/* What `require "navlua"` calls (luaopen_navlua.c). */
int luaopen_navlua(lua_State *L);

/* LoadableModule.open (NavLuaBridge, exported by @_cdecl): a
** navlua_SwiftFunction, which never raises. */
extern int navlua_open_module(lua_State *L);

#endif
