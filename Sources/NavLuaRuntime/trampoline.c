/*
** trampoline.c: Swift functions as Lua functions, and the protected calls
** Swift makes. A Swift function never raises: it returns NAVLUA_RAISE with
** its message on top, and the trampoline raises once the Swift frame has
** returned, so no Lua error unwinds across a Swift frame.
*/
#include <string.h>
#include "internal.h"

void **navlua_main_extraspace(lua_State *L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  lua_State *main = lua_tothread(L, -1);
  lua_pop(L, 1);
  return (void **)lua_getextraspace(main);
}

/* Lua's collector counts only the Lua heap, so a screen userdata that is
** garbage but keeps a long title in Swift would wait for a collection that
** the heap's small growth never asks for. The engine's growth asks for one
** too: a full collection (finalizers included, which free what the engine
** kept for garbage) each time the engine has grown by this much since the
** last one, or by the Lua heap's size when that is larger. */
#define ENGINE_GC_STEP ((size_t)4 << 20)

static void collect_for_engine(lua_State *L, navlua_Limits *lim) {
  lua_gc(L, LUA_GCCOLLECT);
  lim->engine_collected = lim->engine_used + (lim->used > ENGINE_GC_STEP ? lim->used - ENGINE_GC_STEP : 0);
}

/* Calls the Swift function kept in upvalue 1; raises its error, if any,
** after it has returned. The message is whatever Swift left on top. While
** it runs, the memory limit is off (see navlua_alloc); once it has
** returned, the Lua heap and what the engine keeps for the script are held
** to the limit together: past it (after a collection), the call fails with
** "not enough memory", the message of an allocation that fails. */
int navlua_trampoline(lua_State *L) {
  navlua_SwiftFunction f = (navlua_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
  navlua_Limits *lim = navlua_open_limits(L);
  if (!lim) {   /* called from a finalizer that lua_close ran after navlua's closer */
    navlua_where(L);
    lua_pushliteral(L, "navlua is closed: its state is closing");
    lua_concat(L, 2);
    return lua_error(L);
  }
  lim->swift_depth++;
  int n = f(L);
  lim->swift_depth--;
  navlua_publish_progress();
  if (n == NAVLUA_RAISE) return lua_error(L);
  if (lim->engine_used > lim->engine_collected + ENGINE_GC_STEP) collect_for_engine(L, lim);
  if (lim->memory_limit && lim->swift_depth == 0 && lim->used + lim->engine_used > lim->memory_limit) {
    collect_for_engine(L, lim);   /* what garbage holds is not a reason to fail */
    if (lim->used + lim->engine_used > lim->memory_limit) {
      navlua_memory_exhausted(lim);
      lua_pushliteral(L, "not enough memory");
      return lua_error(L);
    }
  }
  return n;
}

/* A finalizer's trampoline: a `__gc` frees what the engine kept, and must
** not fail for what other garbage still holds (Lua would only warn). */
static int finalizer_trampoline(lua_State *L) {
  navlua_SwiftFunction f = (navlua_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
  navlua_Limits *lim = navlua_open_limits(L);
  if (!lim) return 0;   /* after navlua's closer: the bridge released its objects */
  lim->swift_depth++;
  int n = f(L);
  lim->swift_depth--;
  if (n == NAVLUA_RAISE) return lua_error(L);
  return n;
}

void navlua_pushswiftfinalizer(lua_State *L, navlua_SwiftFunction f) {
  lua_pushlightuserdata(L, (void *)f);
  lua_pushcclosure(L, finalizer_trampoline, 1);
}

/* The module closer's trampoline: the closer frees the limits block, so
** nothing here reads it, before or after. */
static int closer_trampoline(lua_State *L) {
  navlua_SwiftFunction f = (navlua_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
  int n = f(L);
  if (n == NAVLUA_RAISE) return lua_error(L);
  return n;
}

void navlua_pushswiftcloser(lua_State *L, navlua_SwiftFunction f) {
  lua_pushlightuserdata(L, (void *)f);
  lua_pushcclosure(L, closer_trampoline, 1);
}

void navlua_pushswiftfunction(lua_State *L, navlua_SwiftFunction f, int nup) {
  lua_pushlightuserdata(L, (void *)f);
  lua_rotate(L, -(nup + 1), 1);
  lua_pushcclosure(L, navlua_trampoline, nup + 1);
}

void navlua_pushinfallible(lua_State *L, navlua_SwiftFunction f) {
  lua_pushcclosure(L, (lua_CFunction)f, 0);
}

int navlua_pcall(lua_State *L, int nargs, int nres, int msgh) {
  navlua_Limits *lim = navlua_state_limits(L);
  int depth = lim->swift_depth;
  lim->swift_depth = 0;
  navlua_publish_progress();
  int status = lua_pcall(L, nargs, nres, msgh);
  lim->swift_depth = depth;
  return status;
}

static int getfield_k(lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

/* t[k] under protection, t at `idx` and the key at `key` (absolute). */
static int safe_getfield_at(lua_State *L, int idx, int key) {
  lua_pushcfunction(L, getfield_k);
  lua_pushvalue(L, idx);
  lua_pushvalue(L, key);
  return navlua_pcall(L, 2, 1, 0);
}

/* Deeper chains than this go to the protected get (Lua follows 2,000). */
#define FAST_INDEX_LEVELS 8

/* navlua_getfield_fast with the key already on top of the stack, which
** the value (or, with an error status, the message) replaces. Each table
** of the chain and its metatable stay on the stack until the value is
** found, then go with one lua_settop: ~10 API calls a look-up of a missing
** hook (two tables), where popping as it went took ~16. */
static int getfield_at(lua_State *L, int idx) {
  int key = lua_gettop(L);
  int t = idx;                                 /* the table read now */
  int status = LUA_OK;
  /* three slots a level; a stack too full for them takes the protected
  ** path, which needs three in all (as before) */
  if (!lua_checkstack(L, 3 * FAST_INDEX_LEVELS + 1)) goto protected;
  for (int level = 0; level < FAST_INDEX_LEVELS; level++) {
    lua_pushvalue(L, key);
    if (lua_rawget(L, t) != LUA_TNIL) goto answered;  /* ... v */
    if (!lua_getmetatable(L, t)) goto answered;      /* no metatable: the nil */
    /* "__index" by a literal's address: Lua's string cache finds it
    ** without hashing it (luaS_new) */
    lua_pushliteral(L, "__index");             /* ... nil mt "__index" */
    int h = lua_rawget(L, -2);                 /* ... nil mt h */
    if (h == LUA_TNIL) goto answered;          /* no __index: nil */
    if (h != LUA_TTABLE) break;                /* a function (or worse) */
    t = lua_gettop(L);
  }
  /* an __index function, or a chain longer than this: ask Lua, protected */
  lua_settop(L, key);
protected:
  status = safe_getfield_at(L, idx, key);
answered:
  lua_copy(L, -1, key);                        /* the value (or nil, or the message) */
  lua_settop(L, key);
  return status;
}

int navlua_getfield_fast(lua_State *L, int idx, const char *key) {
  lua_pushstring(L, key);
  return getfield_at(L, idx);
}

/* Pushes the string kept at registry[ref], or `name` when a script has
** put something else there (debug.getregistry()). */
static void push_key(lua_State *L, lua_Integer ref, const char *name) {
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushstring(L, name);
  }
}

int navlua_ref_screen_field(lua_State *L, lua_Integer tables, lua_Integer id, lua_Integer key, const char *name) {
  if (navlua_ref_geti(L, tables, id) != LUA_TTABLE) {
    lua_pop(L, 1);
    return -1;
  }
  int t = lua_gettop(L);
  push_key(L, key, name);
  return getfield_at(L, t);
}

void navlua_field_types(lua_State *L, int idx, const char *const *names, const size_t *lens,
                        int n, int most, int *types) {
  idx = lua_absindex(L, idx);
  for (int i = 0; i < n; i++) types[i] = LUA_TNIL;
  int walked = 0;
  lua_pushnil(L);
  while (lua_next(L, idx)) {                   /* ... key value */
    if (++walked > most) {                     /* a large table: a look-up a name */
      lua_pop(L, 2);
      for (int i = 0; i < n; i++) {
        lua_pushlstring(L, names[i], lens[i]);
        types[i] = lua_rawget(L, idx);
        lua_pop(L, 1);
      }
      return;
    }
    if (lua_type(L, -2) == LUA_TSTRING) {      /* a string key: tolstring leaves it as it is */
      size_t len;
      const char *key = lua_tolstring(L, -2, &len);
      for (int i = 0; i < n; i++) {
        if (lens[i] == len && memcmp(names[i], key, len) == 0) {
          types[i] = lua_type(L, -1);
          break;
        }
      }
    }
    lua_pop(L, 1);                             /* the value; the key stays for lua_next */
  }
}

int navlua_ref_geti(lua_State *L, lua_Integer ref, lua_Integer i) {
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_pushnil(L);
    return LUA_TNIL;
  }
  int t = lua_rawgeti(L, -1, i);
  lua_copy(L, -1, -2);
  lua_pop(L, 1);
  return t;
}

const char *navlua_ref_table_string(lua_State *L, lua_Integer ref, lua_Integer id, lua_Integer key, size_t *len) {
  int top = lua_gettop(L);
  const char *s = NULL;
  if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) == LUA_TTABLE && lua_rawgeti(L, -1, id) == LUA_TTABLE) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, key);
    if (lua_rawget(L, -2) == LUA_TSTRING) s = lua_tolstring(L, -1, len);
  }
  lua_settop(L, top);
  return s;
}

/* Message handler for lua_pcall: message plus traceback, as lua.c does.
   A message that has one already (a hook's failure, traced where the hook
   raised it, below this frame) keeps it alone: that traceback holds the
   whole stack, so a second would repeat its outer part. */
static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  if (strstr(msg, "\nstack traceback:\n") != NULL) return 1;
  luaL_traceback(L, L, msg, 1);
  return 1;
}

void navlua_pushmsghandler(lua_State *L) { lua_pushcfunction(L, msghandler); }

void navlua_where(lua_State *L) {
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

/* New tables without a metatable: lua_setfield is a raw set there, and
** can fail only on memory, which navlua_alloc does not let happen while a
** Swift function runs. */
void navlua_push_point(lua_State *L, double x, double y) {
  lua_createtable(L, 0, 2);
  lua_pushnumber(L, x);
  lua_setfield(L, -2, "x");
  lua_pushnumber(L, y);
  lua_setfield(L, -2, "y");
}

void navlua_push_gesture(lua_State *L, double lx, double ly, double tx, double ty,
                         double vx, double vy, lua_Integer touches) {
  lua_createtable(L, 0, 4);
  navlua_push_point(L, lx, ly);
  lua_setfield(L, -2, "location");
  navlua_push_point(L, tx, ty);
  lua_setfield(L, -2, "translation");
  navlua_push_point(L, vx, vy);
  lua_setfield(L, -2, "velocity");
  lua_pushinteger(L, touches);
  lua_setfield(L, -2, "touches");
}

void navlua_ref_setfield(lua_State *L, int idx, lua_Integer key, const char *name) {
  idx = lua_absindex(L, idx);
  push_key(L, key, name);
  lua_rotate(L, -2, 1);
  lua_rawset(L, idx);
}
