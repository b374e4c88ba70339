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
** use the REPL needs is one function with a `navlua_el_` or
** `navlua_history_` prefix (editline.c); the others get a wrapper too, so
** that Swift never reads the table. This header only declares them. Nothing
** keeps state: the table is the caller's, and the REPL's context travels in
** EL_CLIENTDATA.
*/
#ifndef NAVLUA_EDITLINE_H
#define NAVLUA_EDITLINE_H

#include <stdio.h>
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

/* Opens libedit under the first of its names that loads and fills `lib`.
** Returns NULL, or dlerror()'s message when the library or one of its
** functions is missing; the handle is never closed. */
const char *navlua_editline_open(navlua_editline *lib);

/* ---- the editor --------------------------------------------------------- */

/* A bound editor command: returns one of the CC_ codes. */
typedef unsigned char (*navlua_el_command)(EditLine *, int);
/* The prompt: a C string that must stay valid until the next call. */
typedef char *(*navlua_el_prompt)(EditLine *);

int navlua_el_cc_norm(void);
int navlua_el_cc_newline(void);
int navlua_el_cc_refresh(void);
int navlua_el_cc_redisplay(void);
int navlua_el_cc_error(void);

/* An editor on the standard streams in emacs mode, reading characters
** through `getc` and showing `prompt`; `client` is handed back by
** navlua_el_client. ~/.editrc is read last, so users may rebind keys. */
EditLine *navlua_el_open(const navlua_editline *lib, const char *program, void *client, el_rfunc_t getc,
                         navlua_el_prompt prompt);

void navlua_el_close(const navlua_editline *lib, EditLine *el);

void *navlua_el_client(const navlua_editline *lib, EditLine *el);

/* The line read (ending in a newline), or NULL; `count` gets its length. */
const char *navlua_el_gets(const navlua_editline *lib, EditLine *el, int *count);

const LineInfo *navlua_el_line(const navlua_editline *lib, EditLine *el);

int navlua_el_insert(const navlua_editline *lib, EditLine *el, const char *text);

/* After SIGWINCH: takes the terminal's new size. */
void navlua_el_resize(const navlua_editline *lib, EditLine *el);

/* Adds a named command and binds it to `key` (e.g. "^I"). */
void navlua_el_bind(const navlua_editline *lib, EditLine *el, const char *name, const char *help,
                    navlua_el_command command, const char *key);

void navlua_el_use_history(const navlua_editline *lib, EditLine *el, History *h);

/* Redraws the prompt and the line, assuming the cursor stands at the start
** of the prompt's line. */
void navlua_el_redraw(const navlua_editline *lib, EditLine *el);

/* The standard streams (Swift 6 refuses C's global `stdout`): output
** goes through the C stream Lua's print and libedit use, in order. */
void navlua_el_write(const char *s);

/* The same for bytes that may hold NUL or be no text at all (a Lua string). */
void navlua_el_write_bytes(const char *s, size_t n);

FILE *navlua_el_stdin(void);

/* Terminal columns as libedit knows them. */
int navlua_el_columns(const navlua_editline *lib, EditLine *el);

/* Makes SIGWINCH interrupt the REPL's poll(), so that it can call
** el_resize. (EL_SIGNAL is not used: libedit's own SIGINT handler would put
** the terminal back in cooked mode and re-raise to the whole process
** group.) */
void navlua_el_catch_winch(void);

/* ---- history ------------------------------------------------------------ */

History *navlua_history_open(const navlua_editline *lib, int size);

void navlua_history_close(const navlua_editline *lib, History *h);

int navlua_history_load(const navlua_editline *lib, History *h, const char *path);

int navlua_history_save(const navlua_editline *lib, History *h, const char *path);

int navlua_history_enter(const navlua_editline *lib, History *h, const char *line);

#endif
