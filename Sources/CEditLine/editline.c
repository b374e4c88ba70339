/*
** editline.c: the REPL's calls into libedit (navlua_editline.h), through
** the table of function pointers navlua_editline_open fills.
*/
#include <dlfcn.h>
#include <signal.h>
#include <string.h>
#include "navlua_editline.h"

/* The names libedit is opened by: on Linux the soname Debian's libedit2
** installs; on macOS the system's own libedit (in /usr/lib, or in the dyld
** shared cache, where dlopen still finds it by these names). */
#if defined(__APPLE__)
#define NAVLUA_EDITLINE_NAMES {"libedit.3.dylib", "libedit.dylib"}
#else
#define NAVLUA_EDITLINE_NAMES {"libedit.so.2"}
#endif

const char *navlua_editline_open(navlua_editline *lib) {
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

int navlua_el_cc_norm(void) { return CC_NORM; }

int navlua_el_cc_newline(void) { return CC_NEWLINE; }

int navlua_el_cc_refresh(void) { return CC_REFRESH; }

int navlua_el_cc_redisplay(void) { return CC_REDISPLAY; }

int navlua_el_cc_error(void) { return CC_ERROR; }

EditLine *navlua_el_open(const navlua_editline *lib, const char *program, void *client, el_rfunc_t getc,
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

void navlua_el_close(const navlua_editline *lib, EditLine *el) {
  lib->el_end(el);
}

void *navlua_el_client(const navlua_editline *lib, EditLine *el) {
  void *client = NULL;
  lib->el_get(el, EL_CLIENTDATA, &client);
  return client;
}

const char *navlua_el_gets(const navlua_editline *lib, EditLine *el, int *count) {
  return lib->el_gets(el, count);
}

const LineInfo *navlua_el_line(const navlua_editline *lib, EditLine *el) {
  return lib->el_line(el);
}

int navlua_el_insert(const navlua_editline *lib, EditLine *el, const char *text) {
  return lib->el_insertstr(el, text);
}

void navlua_el_resize(const navlua_editline *lib, EditLine *el) {
  lib->el_resize(el);
}

void navlua_el_bind(const navlua_editline *lib, EditLine *el, const char *name, const char *help,
                    navlua_el_command command, const char *key) {
  lib->el_set(el, EL_ADDFN, name, help, command);
  lib->el_set(el, EL_BIND, key, name, NULL);
}

void navlua_el_use_history(const navlua_editline *lib, EditLine *el, History *h) {
  lib->el_set(el, EL_HIST, lib->history, h);
}

void navlua_el_redraw(const navlua_editline *lib, EditLine *el) {
  lib->el_set(el, EL_REFRESH);
}

void navlua_el_write(const char *s) {
  fputs(s, stdout);
  fflush(stdout);
}

void navlua_el_write_bytes(const char *s, size_t n) {
  fwrite(s, 1, n, stdout);
  fflush(stdout);
}

FILE *navlua_el_stdin(void) { return stdin; }

int navlua_el_columns(const navlua_editline *lib, EditLine *el) {
  int columns = 80;
  lib->el_get(el, EL_GETTC, "co", &columns, NULL);
  return columns > 0 ? columns : 80;
}

/* Does nothing: the signal's only purpose is to interrupt poll(). */
static void navlua_el_on_winch(int sig) { (void)sig; }

void navlua_el_catch_winch(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = navlua_el_on_winch;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGWINCH, &sa, NULL);
}

History *navlua_history_open(const navlua_editline *lib, int size) {
  HistEvent ev;
  History *h = lib->history_init();
  if (h == NULL) return NULL;
  lib->history(h, &ev, H_SETSIZE, size);
  lib->history(h, &ev, H_SETUNIQUE, 1);
  return h;
}

void navlua_history_close(const navlua_editline *lib, History *h) {
  lib->history_end(h);
}

int navlua_history_load(const navlua_editline *lib, History *h, const char *path) {
  HistEvent ev;
  return lib->history(h, &ev, H_LOAD, path);
}

int navlua_history_save(const navlua_editline *lib, History *h, const char *path) {
  HistEvent ev;
  return lib->history(h, &ev, H_SAVE, path);
}

int navlua_history_enter(const navlua_editline *lib, History *h, const char *line) {
  HistEvent ev;
  return lib->history(h, &ev, H_ENTER, line);
}
