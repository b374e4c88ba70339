/*
** luac.c: what lua.c and lauxlib.c do to a state that navlua's own state
** must do too, since it is made with lua_newstate (for the limits'
** allocator) rather than luaL_newstate:
**
** - warn: lauxlib's warning functions (off by default; "@on" / "@off");
** - the collector in generational mode, as lua.c's pmain sets it;
** - os.exit, which first lets the host write what the run asked for;
** - the C frame every chunk runs from (lua.c runs them all from pmain), so
**   that a traceback ends the way lua's does, and lua.c's pushargs / -l;
** - the REPL's prompts (_PROMPT, _PROMPT2).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* ---- warn, as lauxlib.c ------------------------------------------------- */

static void warnfoff(void *ud, const char *message, int tocont);
static void warnfon(void *ud, const char *message, int tocont);
static void warnfcont(void *ud, const char *message, int tocont);

static int warn_control(lua_State *L, const char *message, int tocont) {
  if (tocont || *(message++) != '@') return 0;
  if (strcmp(message, "off") == 0)
    lua_setwarnf(L, warnfoff, L);
  else if (strcmp(message, "on") == 0)
    lua_setwarnf(L, warnfon, L);
  return 1;
}

static void warnfoff(void *ud, const char *message, int tocont) {
  warn_control((lua_State *)ud, message, tocont);
}

static void warnfcont(void *ud, const char *message, int tocont) {
  lua_State *L = (lua_State *)ud;
  lua_writestringerror("%s", message);
  if (tocont) {
    lua_setwarnf(L, warnfcont, L);
  } else {
    lua_writestringerror("%s", "\n");
    lua_setwarnf(L, warnfon, L);
  }
}

static void warnfon(void *ud, const char *message, int tocont) {
  if (warn_control((lua_State *)ud, message, tocont)) return;
  lua_writestringerror("%s", "Lua warning: ");
  warnfcont(ud, message, tocont);
}

/* lua -W */
void navlua_warnings_on(lua_State *L) { lua_warning(L, "@on", 0); }

/* ---- the state ---------------------------------------------------------- */

static int panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "navlua: unprotected Lua error: %s\n", msg ? msg : "?");
  return 0; /* abort */
}

/* A state whose allocator counts bytes against `lim` (owned by the caller,
** who must keep it alive until lua_close), with warnings off as
** luaL_newstate leaves them. */
lua_State *navlua_newstate(navlua_Limits *lim) {
  memset(lim, 0, sizeof(*lim));
  lua_State *L = lua_newstate(navlua_alloc, lim);
  if (L) {
    lua_atpanic(L, panic);
    lua_setwarnf(L, warnfoff, L);
  }
  return L;
}

/* lua -E: set before the libraries open, so that package ignores LUA_PATH. */
void navlua_ignore_environment(lua_State *L) {
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, "LUA_NOENV");
}

void navlua_gc_generational(lua_State *L) { lua_gc(L, LUA_GCGEN, 0, 0); }

const char *navlua_lua_copyright(void) { return LUA_COPYRIGHT; }

/* ---- os.exit ------------------------------------------------------------ */

/* loslib.c's os_exit, with the host's exit hook first (it writes --trace
** and the other files a run asked for, and may turn success into failure
** when it could not). */
static int os_exit(lua_State *L) {
  int status;
  if (lua_isboolean(L, 1))
    status = lua_toboolean(L, 1) ? EXIT_SUCCESS : EXIT_FAILURE;
  else
    status = (int)luaL_optinteger(L, 1, EXIT_SUCCESS);
  navlua_Limits *lim = navlua_state_limits(L);
  if (lim->exit_hook) {
    lim->swift_depth++;
    status = lim->exit_hook(lim->exit_context, status);
    lim->swift_depth--;
  }
  fflush(NULL);
  if (lua_toboolean(L, 2)) lua_close(L);
  if (L) exit(status);
  return 0;
}

void navlua_install_os_exit(lua_State *L) {
  static const luaL_Reg fns[] = {{"exit", os_exit}, {NULL, NULL}};
  navlua_replace_in_library(L, LUA_OSLIBNAME, fns);
}

/* ---- running chunks as lua.c does --------------------------------------- */

/* Calls the function at 1 with the values above it, returning all its
** results: the C frame under every chunk, as lua.c's pmain is, so that a
** traceback ends as lua's does. */
static int chunk_frame(lua_State *L) {
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

void navlua_push_chunk_frame(lua_State *L) {
  lua_pushcfunction(L, chunk_frame);
}

/* lua.c's pushargs: returns arg[1..#arg], read when the script starts. To
** be called unprotected by a message handler: lua.c reports a bad `arg`
** without a traceback. */
int navlua_script_args(lua_State *L) {
  int i, n;
  if (lua_getglobal(L, "arg") != LUA_TTABLE) return luaL_error(L, "'arg' is not a table");
  n = (int)luaL_len(L, -1);
  luaL_checkstack(L, n + 3, "too many arguments to script");
  for (i = 1; i <= n; i++) lua_rawgeti(L, -i, i);
  lua_remove(L, -i);
  return n;
}

/* lua.c's get_prompt, to be called protected: _PROMPT (when the value at
** 1 is true) or _PROMPT2 through luaL_tolstring, as `tostring` shows it;
** nothing when the global is nil (the default prompt then). */
int navlua_get_prompt(lua_State *L) {
  int firstline = lua_toboolean(L, 1);
  if (lua_getglobal(L, firstline ? "_PROMPT" : "_PROMPT2") == LUA_TNIL) return 0;
  luaL_tolstring(L, -1, NULL);
  return 1;
}

/* lua -l [g=]mod: _G[g] = require(mod), with the two names at 1 and 2. */
int navlua_require_global(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushvalue(L, 2);
  lua_call(L, 1, 1);
  lua_setglobal(L, lua_tostring(L, 1));
  return 0;
}
