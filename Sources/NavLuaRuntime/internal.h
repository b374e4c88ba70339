/*
** internal.h: what the runtime's .c files share and Swift does not see.
*/
#ifndef NAVLUA_RUNTIME_INTERNAL_H
#define NAVLUA_RUNTIME_INTERNAL_H

#include "navlua_runtime.h"

/* The limits of L's state: its allocator's `ud` (navlua_limits, inline:
** every call into Swift reads them). */
static inline navlua_Limits *navlua_state_limits(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (navlua_Limits *)ud;
}

/* navlua_open_limits for a state whose allocator is not one of navlua's
** (limits.c). */
navlua_Limits *navlua_other_allocator_limits(lua_State *L, void *ud);

/* L's limits while navlua holds its state; NULL once the loadable module's
** closer has given the allocator back to the host (and taken the bridge
** from the main thread's extra space). lua_close can still run a script's
** finalizer or to-be-closed variable after the closer, and that code can
** call navlua (or navlua's own objects' finalizers run then). Inline: every
** call into Swift reads it (the trampolines). */
static inline navlua_Limits *navlua_open_limits(lua_State *L) {
  void *ud = NULL;
  lua_Alloc f = lua_getallocf(L, &ud);
  if (f == navlua_alloc || f == navlua_alloc_forward) return (navlua_Limits *)ud;
  return navlua_other_allocator_limits(L, ud);
}

/* hook.c: the one hook function navlua installs on a thread; gives L1 the
** hook that its script's mask and count and the limits call for. */
NAVLUA_API void navlua_hook(lua_State *L, lua_Debug *ar);
NAVLUA_API void navlua_apply_hook(lua_State *L, lua_State *L1);

/* hook.c: every event of L goes to navlua_hook from its next instruction
** on; the hook stops the script or, when no limit says so, puts L's hook
** back. navlua_hook_running does it to the thread running now (from a
** signal handler) and to L, the main thread, which a coroutine returns to. */
NAVLUA_API void navlua_hook_now(lua_State *L);
NAVLUA_API void navlua_hook_running(lua_State *L);

/* Sets each function of `fns` (up to a NULL name) in the loaded standard
** library `lib` (package.loaded[lib]), if it is loaded. */
void navlua_replace_in_library(lua_State *L, const char *lib, const luaL_Reg *fns);

/* The progress count (limits.c): bumped with release order where the
** thread that runs Lua crosses between Swift and Lua (the trampoline, the
** protected calls Swift makes) and at the engine's limit checks, so that a
** watchdog that reads it (acquire) sees a main thread that is slow rather
** than stuck, and, once it stops moving, every write the main thread made
** to the world before it went into Lua. One writer: a load and a store. */
extern unsigned long navlua_progress_count;
static inline void navlua_publish_progress(void) {
  __atomic_store_n(&navlua_progress_count, __atomic_load_n(&navlua_progress_count, __ATOMIC_RELAXED) + 1,
                   __ATOMIC_RELEASE);
}

/* A limit was hit: the deadline's alarm went off, Ctrl-C, or a stop signal. */
static inline int navlua_limit_hit(navlua_Limits *lim) {
  return lim->deadline_hit || lim->interrupted || lim->terminated;
}

/* trampoline.c: the trampoline itself, for a C function whose upvalue 1
** is the Swift function to call (objects.c). */
int navlua_trampoline(lua_State *L);

#endif
