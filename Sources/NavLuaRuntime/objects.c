/*
** objects.c: the userdata of navlua's objects (navigation, touch, scroll
** view, screen object, transition coordinator), how Swift finds the object
** in one, and their __index.
**
** An object's userdata holds the retained Swift object, its type's tag (the
** address of the type's metatable) and navlua's mark. The tag and the mark
** prove what a metatable cannot: a script can give an object type's
** metatable, and with it __index and __gc, to any value (debug.setmetatable:
** a light userdata, a file, another type's object), but only C code can
** write a tag into a userdata's memory. So the object is read, or released,
** only from a userdata navlua_pushobject made.
**
** A method, or a field that the engine keeps as a number or a boolean
** (nav.count, nav.transitioning), is answered by the __index here; any
** other key goes to the type's Swift index through the trampoline. Through
** the trampoline every read was a Swift call that checked the userdata by
** its metatable's name, cast the object and found the field (~1,300
** instructions, 5x math.abs); here a method is one table read and a number
** one call of a Swift function that only reads the engine (~650 a read in
** all, of which ~300 is Lua's own call of a C __index).
**
** The __index's upvalues: 1 the Swift index, 2 the type's keys (a
** method's name to its function, a field's to its position: see Lua.field),
** 3 the scalar getter (light userdata) or nil, 4 the type's tag (light
** userdata), 5 the metatable itself: held, so that its address is not
** given to another table while a script holds this function.
*/
#include "internal.h"

static const char mark = 0;   /* its address marks a userdata navlua made */

typedef struct Object {
  void *object;     /* the retained Swift object; NULL once released */
  const void *tag;  /* the address of its type's metatable */
  const void *mark; /* &mark */
} Object;

/* The Object at index i, or NULL if the value there is not one. */
static Object *toobject(lua_State *L, int i) {
  if (lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) != sizeof(Object)) return NULL;
  Object *o = (Object *)lua_touserdata(L, i);
  return o->mark == &mark ? o : NULL;
}

/* Pushes the registry's entry `tname`, read raw, and returns it if it is a
** table, else NULL. Raw: a script can rewrite the registry and give it a
** metatable (debug.getregistry()), and an __index that raises would unwind
** across the Swift frames that called in; luaL_getmetatable is not raw. */
static const void *pushmetatable(lua_State *L, const char *tname) {
  lua_pushstring(L, tname);
  return lua_rawget(L, LUA_REGISTRYINDEX) == LUA_TTABLE ? lua_topointer(L, -1) : NULL;
}

int navlua_setregistrymetatable(lua_State *L, const char *tname) {
  if (!pushmetatable(L, tname)) {   /* (lua_setmetatable takes a table or nil only) */
    lua_pop(L, 1);
    return 0;
  }
  lua_setmetatable(L, -2);
  return 1;
}

void navlua_pushobject(lua_State *L, void *object, const char *tname) {
  Object *o = (Object *)lua_newuserdatauv(L, sizeof(Object), 4);
  o->object = object;
  o->mark = &mark;
  o->tag = pushmetatable(L, tname);
  if (o->tag) lua_setmetatable(L, -2); else lua_pop(L, 1);
}

void *navlua_testobject(lua_State *L, int i, const char *tname) {
  Object *o = toobject(L, i);
  if (!o) return NULL;
  const void *tag = pushmetatable(L, tname);
  lua_pop(L, 1);
  return tag && o->tag == tag ? o->object : NULL;
}

void *navlua_takeobject(lua_State *L, int i) {
  Object *o = toobject(L, i);
  if (!o) return NULL;
  void *object = o->object;
  o->object = NULL;
  return object;
}

static int object_index(lua_State *L) {
  lua_pushvalue(L, 2);
  int found = lua_rawget(L, lua_upvalueindex(2));
  if (found == LUA_TFUNCTION) return 1;   /* a method */
  if (found == LUA_TNUMBER) {             /* a field: its position */
    navlua_ScalarField get = (navlua_ScalarField)lua_touserdata(L, lua_upvalueindex(3));
    Object *o = toobject(L, 1);
    if (get && o && o->tag == lua_touserdata(L, lua_upvalueindex(4)) && o->object) {
      lua_Integer value = 0;
      switch (get(o->object, lua_tointegerx(L, -1, NULL), &value)) {
        case NAVLUA_FIELD_INTEGER: lua_pushinteger(L, value); return 1;
        case NAVLUA_FIELD_BOOLEAN: lua_pushboolean(L, value != 0); return 1;
        default: break;
      }
    }
  }
  lua_settop(L, 2);
  return navlua_trampoline(L);
}

void navlua_pushobjectindex(lua_State *L, navlua_SwiftFunction index, navlua_ScalarField scalar) {
  const void *tag = lua_topointer(L, -2);   /* mt keys */
  lua_pushlightuserdata(L, (void *)index);
  lua_insert(L, -2);                        /* mt index keys */
  if (scalar) lua_pushlightuserdata(L, (void *)scalar); else lua_pushnil(L);
  lua_pushlightuserdata(L, (void *)tag);
  lua_pushvalue(L, -5);
  lua_pushcclosure(L, object_index, 5);     /* mt __index */
}
