/*
** navlua_runtime.h: the C seam between Swift and Lua 5.4, declared.
**
** The code is in this target's .c files, one copy per process: the limits
** and the state's allocator (limits.c), the one debug hook and the
** debug.sethook/gethook around it (hook.c), coroutine.resume and wrap
** (coroutines.c), the handlers that stop a running script (interrupts.c),
** what lua.c and lauxlib do to a state (luac.c), and the trampoline that
** raises the errors of Swift functions (trampoline.c). This header holds
** declarations only; the one-line shims for Lua's function-like macros,
** which Swift cannot import, are in navlua_lua_shims.h.
**
** The error rule: no Lua error may unwind across a Swift frame. A Swift
** function exposed to Lua is a `navlua_SwiftFunction`; it never raises. On
** failure it pushes a message and returns NAVLUA_RAISE; the C trampoline
** calls lua_error only after the Swift frame has returned.
*/
#ifndef NAVLUA_RUNTIME_H
#define NAVLUA_RUNTIME_H

#include <signal.h>
#include <stddef.h>
#include "navlua_lua_shims.h"
#include "navlua_system.h"

/* The main thread's extra space: in a state another host made, the only
** one navlua sets for sure (a coroutine made before `require "navlua"`
** copied whatever the host left there). */
NAVLUA_API void **navlua_main_extraspace(lua_State *L);

/* ---- limits.c: run limits and the state's allocator ----------------------- */

/* What `os.exit` calls before it exits (luac.c): gets the exit status,
** returns the one to exit with. */
typedef int (*navlua_ExitHook)(void *context, int status);

/* A state's limits, owned by its allocator (the allocator's `ud`), so that
** every thread of the state reaches them in one call. */
typedef struct navlua_Limits {
  size_t used;            /* bytes allocated by this state */
  size_t engine_used;     /* bytes the engine keeps for this state's script (its MemoryAccount) */
  size_t engine_collected; /* engine_used after the last collection it caused (trampoline.c) */
  size_t memory_limit;    /* 0: none */
  size_t memory_reserve;  /* added to the limit once it is exhausted (navlua_refuses) */
  int refusals;           /* allocations refused in a row */
  double deadline;        /* CLOCK_MONOTONIC seconds; 0: none */
  volatile sig_atomic_t interrupted;
  volatile sig_atomic_t interrupt_signal; /* what `interrupted` came from; 0: SIGINT */
  volatile sig_atomic_t terminated;       /* a stop signal `navlua run` took: stop for good */
  int stop_reason;        /* 0 none, 1 timeout, 2 interrupt, 3 terminated */
  int swift_depth;        /* >0 while a Swift function runs: see navlua_alloc */
  int armed;              /* navlua's count hook runs on every thread (hook.c) */
  int user_hooks;         /* a script has called debug.sethook with a function */
  int timeout_once;       /* raise the timeout once, then lift the limit (hook.c) */
  volatile sig_atomic_t in_chunk;     /* the REPL runs an input (interrupts.c) */
  volatile sig_atomic_t deadline_hit; /* the deadline's alarm went off (interrupts.c) */
  lua_State *volatile running; /* the coroutine running now, NULL: the main thread (coroutines.c) */
  navlua_ExitHook exit_hook;
  void *exit_context;
  /* A host's own state (`require "navlua"` from lua5.4): its allocator,
  ** which navlua_alloc_forward calls. */
  lua_Alloc host_alloc;
  void *host_ud;
} navlua_Limits;

/* The allocator of navlua's own states: counts bytes against its
** navlua_Limits and enforces the memory limit while Lua code runs. */
NAVLUA_API void *navlua_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* The limits of L's state: its allocator's `ud`. (The runtime's own code
** reads them inline: navlua_state_limits, internal.h.) */
NAVLUA_API navlua_Limits *navlua_limits(lua_State *L);

/* Past the memory limit for good (an allocation Lua's emergency collection
** did not cure, or the engine's growth): the limit gets its reserve, once,
** so that what handles the error (busted's handlers, navlua test's
** records) can still allocate while what exhausted it stays referenced (a
** global, what the engine keeps). */
NAVLUA_API void navlua_memory_exhausted(navlua_Limits *lim);

/* Whether the allocators refuse to grow a block by `grow` bytes: past the
** memory limit while Lua code runs (an allocation failure inside a Swift
** frame would raise across it). Lua asks once more after an emergency
** collection, then raises: the second refusal in a row is the error. */
NAVLUA_API int navlua_refuses(navlua_Limits *lim, size_t grow);

/* The counter the engine counts the bytes it keeps into: after each call
** into Swift the memory limit holds `used + engine_used` (trampoline.c),
** so a script cannot grow without bound through what the engine copies
** for it (trace events, their strings, subscriptions). */
NAVLUA_API size_t *navlua_engine_counter(lua_State *L);

/* Makes `lim` (zeroed here, owned by the caller for the state's whole life)
** the limits of a state that some other host made, keeping its allocator;
** navlua_release_state gives the host's allocator back. */
NAVLUA_API void navlua_adopt_state(lua_State *L, navlua_Limits *lim);
NAVLUA_API void navlua_release_state(lua_State *L, navlua_Limits *lim);

/* The allocator the loadable module installs in its host's state: the
** host's own, called with the limits block as `ud`. */
NAVLUA_API void *navlua_alloc_forward(void *ud, void *ptr, size_t osize, size_t nsize);

/* 1 when a limit says the script must stop now (and records why). Past the
** deadline it stays 1: a timeout cannot be caught and run on from. */
NAVLUA_API int navlua_should_stop(navlua_Limits *lim);
NAVLUA_API const char *navlua_stop_message(navlua_Limits *lim);

/* For the engine's frame loop: the message when a limit says stop, taking
** the interrupt (and a once-only timeout) as the hook does, and past the
** deadline hooking the running threads as the deadline's alarm does;
** NULL if none. */
NAVLUA_API const char *navlua_take_stop(lua_State *L);

/* Where a long call into Swift checks its limits (the engine's frame loop,
** every 64 frames): "not enough memory" once the Lua heap and what the
** engine keeps pass the memory limit, after a full collection (garbage
** screens may hold what the engine keeps); NULL while within it. */
NAVLUA_API const char *navlua_take_memory_stop(lua_State *L);

/* The progress count of this process (an acquire read, for a watchdog
** thread, which may read it at any time, even while a state is closed):
** bumped at each call into Swift and back into Lua and at each of the
** engine's limit checks. A count that moves means a main thread that is
** slow, not stuck; see internal.h. */
NAVLUA_API unsigned long navlua_progress(void);

/* ---- hook.c: the one hook, and debug.sethook/gethook around it ----------- */

/* The limits' count hook on L (and every thread made from it from now on),
** keeping a script's hook; and its removal. */
NAVLUA_API void navlua_arm_limit_hook(lua_State *L);
NAVLUA_API void navlua_disarm_limit_hook(lua_State *L);

/* Puts navlua's debug.sethook and debug.gethook into package.loaded.debug. */
NAVLUA_API void navlua_install_debug_hooks(lua_State *L);

/* ---- coroutines.c -------------------------------------------------------- */

/* Puts navlua's coroutine.resume and wrap into package.loaded.coroutine. */
NAVLUA_API void navlua_install_coroutines(lua_State *L);

/* ---- interrupts.c: what stops a running script --------------------------- */

/* lua.c's SIGINT around one chunk of `navlua run` / `-e` (its docall). */
NAVLUA_API void navlua_sigint_begin(lua_State *L);
NAVLUA_API void navlua_sigint_end(void);

/* The REPL's SIGINT: sets the flag, and hooks the thread running while an
** input runs (`in_chunk`). The handler stays: the session goes on. */
NAVLUA_API void navlua_catch_sigint(lua_State *L);

/* A spec file's process: the first SIGINT, SIGTERM or SIGHUP stops the
** thread running; SIGPIPE keeps its default, as under busted; os.execute
** is replaced by one that does not ignore SIGINT while it waits. Call it
** before the memory limit is set. */
NAVLUA_API void navlua_test_child_catch_signals(lua_State *L);

/* `navlua run`: SIGTERM, SIGHUP and SIGPIPE (unless inherited ignored)
** stop L's script for good at its next instruction, as a timeout does, and
** are noted (navlua_first_stop_signal) for the exit; a second SIGTERM or
** SIGHUP has its default action. */
NAVLUA_API void navlua_run_catch_signals(lua_State *L);

/* Sets L's deadline alarm for CLOCK_MONOTONIC time `at`, to go off in the
** calling thread (the one that runs L). Returns 0 on success. */
NAVLUA_API int navlua_start_deadline(lua_State *L, double at);

/* Before L is closed: its alarm, if it has not gone off, finds nothing. */
NAVLUA_API void navlua_cancel_deadline(lua_State *L);

/* ---- luac.c: what lua.c and lauxlib do to a state ------------------------ */

/* A state whose allocator counts bytes against `lim` (owned by the caller,
** who must keep it alive until lua_close), warnings off. */
NAVLUA_API lua_State *navlua_newstate(navlua_Limits *lim);

NAVLUA_API void navlua_warnings_on(lua_State *L);          /* lua -W */
NAVLUA_API void navlua_ignore_environment(lua_State *L);   /* lua -E, before the libraries open */
NAVLUA_API void navlua_gc_generational(lua_State *L);
NAVLUA_API const char *navlua_lua_copyright(void);

/* os.exit with the host's exit hook first. */
NAVLUA_API void navlua_install_os_exit(lua_State *L);

/* Pushes the C frame every chunk runs from, as lua.c's pmain is, so that a
** traceback ends as lua's does. */
NAVLUA_API void navlua_push_chunk_frame(lua_State *L);

/* lua_CFunctions for Swift to call protected: lua.c's pushargs, its
** get_prompt, and -l's require into a global. */
NAVLUA_API int navlua_script_args(lua_State *L);
NAVLUA_API int navlua_get_prompt(lua_State *L);
NAVLUA_API int navlua_require_global(lua_State *L);

/* ---- trampoline.c: Swift functions in Lua --------------------------------- */

#define NAVLUA_RAISE (-1)

typedef int (*navlua_SwiftFunction)(lua_State *L);

/* Pushes a Lua function that calls `f` through the trampoline. `nup` values
** on the stack become upvalues 2...nup+1. */
NAVLUA_API void navlua_pushswiftfunction(lua_State *L, navlua_SwiftFunction f, int nup);

/* What an object type's scalar getter answers for a field (its position
** in the type's fields table): none (the Swift index answers), or a
** number or a boolean written to *value. */
#define NAVLUA_FIELD_NONE 0
#define NAVLUA_FIELD_INTEGER 1
#define NAVLUA_FIELD_BOOLEAN 2
/* Reads a field of the engine object (the userdata's pointer) without Lua:
** it must not fail, allocate or call into Lua. */
typedef int (*navlua_ScalarField)(void *object, lua_Integer field, lua_Integer *value);

/* Sets the metatable of the value on top to the registry's table `tname`
** (read raw, objects.c) and returns 1; if that entry is not a table (a
** script can rewrite the registry), sets none and returns 0. */
NAVLUA_API int navlua_setregistrymetatable(lua_State *L, const char *tname);

/* Pushes a new userdata for `object` (a retained Swift object) of the type
** whose metatable is `tname` in the registry, with 4 user values
** (objects.c); with no metatable if that entry is not a table. */
NAVLUA_API void navlua_pushobject(lua_State *L, void *object, const char *tname);

/* The object in the value at index i if navlua_pushobject made it with the
** type `tname` (whatever its metatable now is) and it is not released;
** else NULL. */
NAVLUA_API void *navlua_testobject(lua_State *L, int i, const char *tname);

/* For an object type's __gc: the object in the value at index i if
** navlua_pushobject made it, left NULL there, for the caller to release;
** else NULL. */
NAVLUA_API void *navlua_takeobject(lua_State *L, int i);

/* With an object type's metatable and its keys table (a method's name to
** its function, a field's to its position) on the stack, pops the keys and
** pushes the type's __index (objects.c): methods and the fields `scalar`
** answers in C, any other key through `index` (which sees the keys as
** upvalue 2). `scalar` may be NULL. */
NAVLUA_API void navlua_pushobjectindex(lua_State *L, navlua_SwiftFunction index, navlua_ScalarField scalar);

/* Pushes `f` as a `__gc` metamethod: through a trampoline that raises f's
** error but never holds the memory limit (see trampoline.c). */
NAVLUA_API void navlua_pushswiftfinalizer(lua_State *L, navlua_SwiftFunction f);

/* Pushes `f` as the `__gc` of the loadable module's closer: through a
** trampoline that raises f's error but reads no limits, since f frees them
** (LoadableModule). */
NAVLUA_API void navlua_pushswiftcloser(lua_State *L, navlua_SwiftFunction f);

/* Pushes `f` as a plain C function, without the trampoline: only for Swift
** functions that can never fail and never allocate, on the hot path of a
** script (navlua.now, navlua.frame: the trampoline would add its limits
** bookkeeping to the cheapest calls navlua has; they push one number and
** never raise). */
NAVLUA_API void navlua_pushinfallible(lua_State *L, navlua_SwiftFunction f);

/* lua_pcall for Swift: Lua code run inside it is back under the memory
** limit, since an error there is caught by this very call. */
NAVLUA_API int navlua_pcall(lua_State *L, int nargs, int nres, int msgh);

/* t[k] with metamethods, protected (pushes the value, LUA_OK, or an error
** message), done without a call where it can be:
** the table, then each table of a chain of __index tables, read raw (what
** lua_gettable does there, which calls no metamethod and cannot raise; as
** on the protected path, pushing the key may step the collector, which can
** run a __gc finalizer, whose errors Lua turns into warnings); an __index of
** any other kind (a function) goes to the protected t[k]. The same
** results, ~4x cheaper than the protected call. `idx` must be absolute
** and hold a table. */
NAVLUA_API int navlua_getfield_fast(lua_State *L, int idx, const char *key);

/* Pushes a new table {x=, y=}, as GestureTable.pushPoint did key by key
** (the same keys in the same order into a table of the same size): one
** call into C, where each key goes by the literal's address. */
NAVLUA_API void navlua_push_point(lua_State *L, double x, double y);

/* Pushes {location={x=,y=}, translation=, velocity=, touches=n}, the same
** way (GestureTable.push). */
NAVLUA_API void navlua_push_gesture(lua_State *L, double lx, double ly, double tx, double ty,
                                    double vx, double vy, lua_Integer touches);

/* t[registry[key]] = the value on top (popped), raw, t at `idx`: a key
** string kept by registry reference (Bridge.TableKey) instead of pushed;
** `name` (NUL-terminated) when the reference no longer holds a string (a
** script rewrote the registry), so that lua_rawset cannot raise. */
NAVLUA_API void navlua_ref_setfield(lua_State *L, int idx, lua_Integer key, const char *name);

/* A screen's field or hook: pushes the table registry[tables][id] and its
** field registry[key] (`name` when the reference no longer holds a
** string), read as navlua_getfield_fast reads it, and returns the status:
** LUA_OK with the table and the value pushed, an error with the table and
** the message; -1, with nothing pushed, when there is no such table (a
** script rewrote the registry). */
NAVLUA_API int navlua_ref_screen_field(lua_State *L, lua_Integer tables, lua_Integer id, lua_Integer key,
                                       const char *name);

/* The types of t's fields named names[i] (lens[i] bytes), raw, t at `idx`,
** into types[i] (LUA_TNIL for a name t does not hold): a table of at most
** `most` entries is walked once (lua_next) and its keys matched by name,
** a larger one gets a look-up of each name. Pushes nothing; raises only
** if a name's string cannot be allocated. */
NAVLUA_API void navlua_field_types(lua_State *L, int idx, const char *const *names, const size_t *lens,
                                   int n, int most, int *types);

/* Pushes registry[ref][i], raw; nil (and LUA_TNIL) when registry[ref] is
** not a table (a script rewrote the registry). Returns its type. */
NAVLUA_API int navlua_ref_geti(lua_State *L, lua_Integer ref, lua_Integer i);

/* The string registry[ref][id][registry[key]], read raw, and its length
** in *len; NULL when that is not a string (or registry[ref][id] not a
** table). Leaves the stack as it was: the string is the table's field, and
** nothing can collect it until the caller next calls into Lua. */
NAVLUA_API const char *navlua_ref_table_string(lua_State *L, lua_Integer ref, lua_Integer id, lua_Integer key,
                                               size_t *len);

/* Pushes the message handler that adds a traceback, as lua.c's. */
NAVLUA_API void navlua_pushmsghandler(lua_State *L);

/* Pushes "file:line: " of the first Lua function on the stack that is not
** navlua's own prelude (chunks named "=navlua..."). */
NAVLUA_API void navlua_where(lua_State *L);

#endif
