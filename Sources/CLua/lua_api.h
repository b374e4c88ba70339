/* Lua 5.4's C API (Debian's liblua5.4-dev, Homebrew's lua), found through
** pkg-config. navlua's own C is in NavLuaRuntime (navlua_runtime.h). */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
