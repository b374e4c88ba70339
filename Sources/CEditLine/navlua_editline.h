/*
** navlua_editline.h: the C seam between the REPL and libedit (Debian's
** libedit-dev, the BSD editline and history libraries).
**
** navlua does not link libedit: every start of `navlua run` would pay for
** loading it and the libraries it pulls in (libtinfo, libbsd, libmd). The
** REPL opens libedit (libedit.so.2; on macOS the system's libedit.3.dylib)
** with navlua_editline_open when it starts on a terminal, and every call
** goes through the `navlua_editline` table of function pointers it fills.
** libedit-dev (on macOS the SDK) still provides histedit.h.
**
** el_set, el_get and history are variadic, which Swift cannot call, so each
** use the REPL needs is one `static inline` function with a `navlua_el_` or
** `navlua_history_` prefix; the others get a wrapper too, so that Swift
** never reads the table. Nothing here keeps state: the table is the
** caller's, and the REPL's context travels in EL_CLIENTDATA.
*/
#ifndef NAVLUA_EDITLINE_H
#define NAVLUA_EDITLINE_H

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <histedit.h>

/* ---- loading libedit ---------------------------------------------------- */

/* The functions navlua uses, typed after histedit.h's declarations. */
typedef struct navlua_editline {
  __typeof__(&el_init) el_init;
  __typeof__(&el_end) el_end;
  __typeof__(&el_set) el_set;
  __typeof__(&el_get) el_get;
  __typeof__(&el_source) el_source;
  __typeof__(&el_gets) el_gets;
  __typeof__(&el_line) el_line;
  __typeof__(&el_insertstr) el_insertstr;
  __typeof__(&el_resize) el_resize;
  __typeof__(&history_init) history_init;
  __typeof__(&history_end) history_end;
  __typeof__(&history) history;
} navlua_editline;

/* The names libedit is opened by: on Linux the soname Debian's libedit2
** installs; on macOS the system's own libedit (in /usr/lib, or in the dyld
** shared cache, where dlopen still finds it by these names). */
#if defined(__APPLE__)
#define NAVLUA_EDITLINE_NAMES {"libedit.3.dylib", "libedit.dylib"}
#else
#define NAVLUA_EDITLINE_NAMES {"libedit.so.2"}
#endif

/* Opens libedit under the first of its names that loads and fills `lib`.
** Returns NULL, or dlerror()'s message when the library or one of its
** functions is missing; the handle is never closed. */
static inline const char *navlua_editline_open(navlua_editline *lib) {
  static const char *const names[] = NAVLUA_EDITLINE_NAMES;
  void *so = NULL;
  for (size_t i = 0; so == NULL && i < sizeof names / sizeof names[0]; i++)
    so = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (so == NULL) return dlerror();
#define NAVLUA_EDITLINE_FIND(name)                              \
  if ((lib->name = (__typeof__(lib->name))dlsym(so, #name)) == NULL) \
    return dlerror();
  NAVLUA_EDITLINE_FIND(el_init)
  NAVLUA_EDITLINE_FIND(el_end)
  NAVLUA_EDITLINE_FIND(el_set)
  NAVLUA_EDITLINE_FIND(el_get)
  NAVLUA_EDITLINE_FIND(el_source)
  NAVLUA_EDITLINE_FIND(el_gets)
  NAVLUA_EDITLINE_FIND(el_line)
  NAVLUA_EDITLINE_FIND(el_insertstr)
  NAVLUA_EDITLINE_FIND(el_resize)
  NAVLUA_EDITLINE_FIND(history_init)
  NAVLUA_EDITLINE_FIND(history_end)
  NAVLUA_EDITLINE_FIND(history)
#undef NAVLUA_EDITLINE_FIND
  return NULL;
}

/* ---- the editor --------------------------------------------------------- */

/* A bound editor command: returns one of the CC_ codes. */
typedef unsigned char (*navlua_el_command)(EditLine *, int);
/* The prompt: a C string that must stay valid until the next call. */
typedef char *(*navlua_el_prompt)(EditLine *);

static inline int navlua_el_cc_norm(void) { return CC_NORM; }
static inline int navlua_el_cc_newline(void) { return CC_NEWLINE; }
static inline int navlua_el_cc_refresh(void) { return CC_REFRESH; }
static inline int navlua_el_cc_redisplay(void) { return CC_REDISPLAY; }
static inline int navlua_el_cc_error(void) { return CC_ERROR; }

/* An editor on the standard streams in emacs mode, reading characters
** through `getc` and showing `prompt`; `client` is handed back by
** navlua_el_client. ~/.editrc is read last, so users may rebind keys. */
static inline EditLine *navlua_el_open(const navlua_editline *lib, const char *program,
                                       void *client, el_rfunc_t getc,
                                       navlua_el_prompt prompt) {
  EditLine *el = lib->el_init(program, stdin, stdout, stderr);
  if (el == NULL) return NULL;
  lib->el_set(el, EL_CLIENTDATA, client);
  lib->el_set(el, EL_EDITOR, "emacs");
  lib->el_set(el, EL_PROMPT, prompt);
  lib->el_set(el, EL_GETCFN, getc);
  lib->el_source(el, NULL);
  return el;
}

static inline void navlua_el_close(const navlua_editline *lib, EditLine *el) {
  lib->el_end(el);
}

static inline void *navlua_el_client(const navlua_editline *lib, EditLine *el) {
  void *client = NULL;
  lib->el_get(el, EL_CLIENTDATA, &client);
  return client;
}

/* The line read (ending in a newline), or NULL; `count` gets its length. */
static inline const char *navlua_el_gets(const navlua_editline *lib, EditLine *el,
                                         int *count) {
  return lib->el_gets(el, count);
}

static inline const LineInfo *navlua_el_line(const navlua_editline *lib, EditLine *el) {
  return lib->el_line(el);
}

static inline int navlua_el_insert(const navlua_editline *lib, EditLine *el,
                                   const char *text) {
  return lib->el_insertstr(el, text);
}

/* After SIGWINCH: takes the terminal's new size. */
static inline void navlua_el_resize(const navlua_editline *lib, EditLine *el) {
  lib->el_resize(el);
}

/* Adds a named command and binds it to `key` (e.g. "^I"). */
static inline void navlua_el_bind(const navlua_editline *lib, EditLine *el,
                                  const char *name, const char *help,
                                  navlua_el_command command, const char *key) {
  lib->el_set(el, EL_ADDFN, name, help, command);
  lib->el_set(el, EL_BIND, key, name, NULL);
}

static inline void navlua_el_use_history(const navlua_editline *lib, EditLine *el,
                                         History *h) {
  lib->el_set(el, EL_HIST, lib->history, h);
}

/* Redraws the prompt and the line, assuming the cursor stands at the start
** of the prompt's line. */
static inline void navlua_el_redraw(const navlua_editline *lib, EditLine *el) {
  lib->el_set(el, EL_REFRESH);
}

/* The standard streams (Swift 6 refuses C's global `stdout`): output
** goes through the C stream Lua's print and libedit use, in order. */
static inline void navlua_el_write(const char *s) {
  fputs(s, stdout);
  fflush(stdout);
}

/* The same for bytes that may hold NUL or be no text at all (a Lua string). */
static inline void navlua_el_write_bytes(const char *s, size_t n) {
  fwrite(s, 1, n, stdout);
  fflush(stdout);
}

static inline FILE *navlua_el_stdin(void) { return stdin; }

/* Terminal columns as libedit knows them. */
static inline int navlua_el_columns(const navlua_editline *lib, EditLine *el) {
  int columns = 80;
  lib->el_get(el, EL_GETTC, "co", &columns, NULL);
  return columns > 0 ? columns : 80;
}

/* SIGWINCH interrupts the REPL's poll() so that it can call el_resize.
** (EL_SIGNAL is not used: libedit's own SIGINT handler would put the
** terminal back in cooked mode and re-raise to the whole process group.) */
static void navlua_el_on_winch(int sig) { (void)sig; }

static inline void navlua_el_catch_winch(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = navlua_el_on_winch;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGWINCH, &sa, NULL);
}

/* ---- history ------------------------------------------------------------ */

static inline History *navlua_history_open(const navlua_editline *lib, int size) {
  HistEvent ev;
  History *h = lib->history_init();
  if (h == NULL) return NULL;
  lib->history(h, &ev, H_SETSIZE, size);
  lib->history(h, &ev, H_SETUNIQUE, 1);
  return h;
}

static inline void navlua_history_close(const navlua_editline *lib, History *h) {
  lib->history_end(h);
}

static inline int navlua_history_load(const navlua_editline *lib, History *h,
                                      const char *path) {
  HistEvent ev;
  return lib->history(h, &ev, H_LOAD, path);
}

static inline int navlua_history_save(const navlua_editline *lib, History *h,
                                      const char *path) {
  HistEvent ev;
  return lib->history(h, &ev, H_SAVE, path);
}

static inline int navlua_history_enter(const navlua_editline *lib, History *h,
                                       const char *line) {
  HistEvent ev;
  return lib->history(h, &ev, H_ENTER, line);
}

#endif
