/*
** limits.c: run limits (memory, timeout, interrupt) and the state's
** allocator, which owns them.
**
** The limits live in a `navlua_Limits` block that the state's allocator
** owns (its `ud`), so every thread of a state reaches them in one call and
** there is no global state here.
*/
#include <stdlib.h>
#include <string.h>
#include "internal.h"

void *navlua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  navlua_Limits *lim = (navlua_Limits *)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  /* The limit is enforced only while Lua code runs: an allocation failure
  ** inside a Swift frame would raise a memory error across it. What the
  ** engine keeps is held to it after each call into Swift (trampoline.c):
  ** counted here too, an error past the limit could not even be reported
  ** while the engine still holds what it kept. */
  if (nsize > old && navlua_refuses(lim, nsize - old))
    return NULL; /* Lua turns this into a "not enough memory" error */
  void *p = realloc(ptr, nsize);
  if (p) lim->used = lim->used - old + nsize;
  return p;
}

/* In a state navlua did not make: the host's allocator, untouched, so that
** the limits block can still be the allocator's `ud`. */
void *navlua_alloc_forward(void *ud, void *ptr, size_t osize, size_t nsize) {
  navlua_Limits *lim = (navlua_Limits *)ud;
  return lim->host_alloc(lim->host_ud, ptr, osize, nsize);
}

void navlua_adopt_state(lua_State *L, navlua_Limits *lim) {
  memset(lim, 0, sizeof(*lim));
  lim->host_alloc = lua_getallocf(L, &lim->host_ud);
  lim->swift_depth = 1;
  lua_setallocf(L, navlua_alloc_forward, lim);
}

void navlua_release_state(lua_State *L, navlua_Limits *lim) {
  lua_setallocf(L, lim->host_alloc, lim->host_ud);
}

navlua_Limits *navlua_limits(lua_State *L) { return navlua_state_limits(L); }

void navlua_memory_exhausted(navlua_Limits *lim) {
  lim->memory_limit += lim->memory_reserve;
  lim->memory_reserve = 0;
}

int navlua_refuses(navlua_Limits *lim, size_t grow) {
  if (lim->memory_limit == 0 || lim->swift_depth != 0 || lim->used + grow <= lim->memory_limit) {
    lim->refusals = 0;
    return 0;
  }
  if (++lim->refusals >= 2) navlua_memory_exhausted(lim);
  return 1;
}

size_t *navlua_engine_counter(lua_State *L) { return &navlua_state_limits(L)->engine_used; }

navlua_Limits *navlua_other_allocator_limits(lua_State *L, void *ud) {
  /* an embedder's allocator that keeps the limits as its `ud` (navlua
  ** test's ChildAllocator), or, once the module's closer has run, the
  ** host's own: the closer also takes the bridge from the main thread's
  ** extra space, which tells them apart */
  return *navlua_main_extraspace(L) ? (navlua_Limits *)ud : NULL;
}

int navlua_should_stop(navlua_Limits *lim) {
  if (lim->terminated) { lim->stop_reason = 3; return 1; }
  if (lim->interrupted) { lim->stop_reason = 2; return 1; }
  if (lim->deadline > 0 && navlua_monotonic() >= lim->deadline) {
    lim->stop_reason = 1;
    return 1;
  }
  return 0;
}

/* lua.c's "interrupted!", naming the signal when it is not SIGINT. */
static const char *interrupted_by(int sig) {
  switch (sig) {
    case SIGTERM: return "interrupted! (SIGTERM)";
    case SIGHUP: return "interrupted! (SIGHUP)";
    case SIGPIPE: return "interrupted! (SIGPIPE)";
    default: return "interrupted!";
  }
}

const char *navlua_stop_message(navlua_Limits *lim) {
  switch (lim->stop_reason) {
    case 3: return interrupted_by(lim->terminated);
    case 2: return interrupted_by(lim->interrupt_signal);
    default: return "timeout: the script ran past its time limit";
  }
}

const char *navlua_take_memory_stop(lua_State *L) {
  navlua_Limits *lim = navlua_limits(L);
  if (lim->memory_limit == 0 || lim->used + lim->engine_used <= lim->memory_limit) return NULL;
  lua_gc(L, LUA_GCCOLLECT);   /* garbage screens may hold what the engine keeps */
  if (lim->used + lim->engine_used <= lim->memory_limit) return NULL;
  navlua_memory_exhausted(lim);
  return "not enough memory";
}

unsigned long navlua_progress_count;

unsigned long navlua_progress(void) { return __atomic_load_n(&navlua_progress_count, __ATOMIC_ACQUIRE); }

const char *navlua_take_stop(lua_State *L) {
  navlua_Limits *lim = navlua_state_limits(L);
  navlua_publish_progress();
  if (!navlua_should_stop(lim)) return NULL;
  if (lim->stop_reason == 2)
    lim->interrupted = 0;
  else if (lim->stop_reason == 3)
    navlua_hook_running(L);   /* every thread stops too, as at the deadline */
  else if (lim->timeout_once) {
    lim->deadline = 0;
    lim->deadline_hit = 0;
  } else {
    /* Past the deadline before its alarm went off (a loaded machine
    ** delays the timer's signal): do what the alarm does, so that the
    ** error the engine raises now cannot be caught and run on from. */
    lim->deadline_hit = 1;
    navlua_hook_running(L);
  }
  return navlua_stop_message(lim);
}
