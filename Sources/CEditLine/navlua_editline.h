/*
** navlua_editline.h: the C seam between the REPL and libedit (Debian's
** libedit-dev, the BSD editline and history libraries).
**
** el_set, el_get and history are variadic, which Swift cannot call, so each
** use the REPL needs is one `static inline` function with a `navlua_el_` or
** `navlua_history_` prefix. Nothing here keeps state: the REPL's context
** travels in EL_CLIENTDATA.
*/
#ifndef NAVLUA_EDITLINE_H
#define NAVLUA_EDITLINE_H

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <histedit.h>

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
static inline EditLine *navlua_el_open(const char *program, void *client,
                                       el_rfunc_t getc, navlua_el_prompt prompt) {
  EditLine *el = el_init(program, stdin, stdout, stderr);
  if (el == NULL) return NULL;
  el_set(el, EL_CLIENTDATA, client);
  el_set(el, EL_EDITOR, "emacs");
  el_set(el, EL_PROMPT, prompt);
  el_set(el, EL_GETCFN, getc);
  el_source(el, NULL);
  return el;
}

static inline void *navlua_el_client(EditLine *el) {
  void *client = NULL;
  el_get(el, EL_CLIENTDATA, &client);
  return client;
}

/* Adds a named command and binds it to `key` (e.g. "^I"). */
static inline void navlua_el_bind(EditLine *el, const char *name, const char *help,
                                  navlua_el_command command, const char *key) {
  el_set(el, EL_ADDFN, name, help, command);
  el_set(el, EL_BIND, key, name, NULL);
}

static inline void navlua_el_use_history(EditLine *el, History *h) {
  el_set(el, EL_HIST, history, h);
}

/* Redraws the prompt and the line, assuming the cursor stands at the start
** of the prompt's line. */
static inline void navlua_el_redraw(EditLine *el) { el_set(el, EL_REFRESH); }

/* The standard streams (Swift 6 refuses C's global `stdout`): output
** goes through the C stream Lua's print and libedit use, in order. */
static inline void navlua_el_write(const char *s) {
  fputs(s, stdout);
  fflush(stdout);
}

static inline FILE *navlua_el_stdin(void) { return stdin; }

/* Terminal columns as libedit knows them. */
static inline int navlua_el_columns(EditLine *el) {
  int columns = 80;
  el_get(el, EL_GETTC, "co", &columns, NULL);
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

static inline History *navlua_history_open(int size) {
  HistEvent ev;
  History *h = history_init();
  if (h == NULL) return NULL;
  history(h, &ev, H_SETSIZE, size);
  history(h, &ev, H_SETUNIQUE, 1);
  return h;
}

static inline int navlua_history_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}

static inline int navlua_history_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}

static inline int navlua_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}

#endif
