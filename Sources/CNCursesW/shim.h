/* ncursesw for Swift.
 *
 * The target does not use pkg-config (SwiftPM warns about and drops the -D
 * flags ncursesw.pc gives), so the wide-character API (wget_wch, cchar_t,
 * setcchar, mvwaddnwstr) is switched on here before the header is read, and
 * module.modulemap links ncursesw and tinfo, the libraries ncursesw.pc names. Macros and globals that Swift cannot import (or that Swift 6
 * rejects as shared mutable state) are wrapped in small inline functions.
 */
#ifndef DISCOVER_CNCURSESW_SHIM_H
#define DISCOVER_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Video attributes. */
static inline attr_t dc_a_normal(void) { return A_NORMAL; }
static inline attr_t dc_a_bold(void) { return A_BOLD; }
static inline attr_t dc_a_reverse(void) { return A_REVERSE; }
static inline attr_t dc_a_dim(void) { return A_DIM; }
static inline attr_t dc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t dc_color_pair(short n) { return (attr_t)COLOR_PAIR(n); }

/* Globals. */
static inline WINDOW *dc_stdscr(void) { return stdscr; }
static inline WINDOW *dc_curscr(void) { return curscr; }
static inline int dc_lines(void) { return LINES; }
static inline int dc_cols(void) { return COLS; }
static inline int dc_colors(void) { return COLORS; }
static inline int dc_color_pairs(void) { return COLOR_PAIRS; }

/* Window geometry (getmaxyx and friends are macros). */
static inline int dc_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int dc_getmaxx(WINDOW *w) { return getmaxx(w); }

/* Key codes that are macros. */
static inline int dc_key_f(int n) { return KEY_F(n); }
static inline int dc_key_code_yes(void) { return KEY_CODE_YES; }
static inline int dc_err(void) { return ERR; }
static inline int dc_ok(void) { return OK; }

/* Set one cell: a base character plus combining characters, with attributes. */
static inline int dc_put_cell(WINDOW *w, int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/* Set one cell with an extended colour pair (above 32767 too): setcchar takes the pair
 * through its `opts` pointer, so pairs made by alloc_pair never alias a short's range. */
static inline int dc_put_cell_pair(WINDOW *w, int y, int x, const wchar_t *chars, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, 0, &pair) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/* True when any cell of a rectangle differs between the frame about to be sent (newscr) and
 * what the terminal shows (curscr): doupdate will then write some of them. */
static inline int dc_rect_changes(int top, int left, int height, int width) {
    for (int y = top; y < top + height; y++) {
        for (int x = left; x < left + width; x++) {
            cchar_t a, b;
            if (mvwin_wch(newscr, y, x, &a) == ERR || mvwin_wch(curscr, y, x, &b) == ERR) return 1;
            wchar_t wa[CCHARW_MAX + 1], wb[CCHARW_MAX + 1];
            attr_t aa = 0, ab = 0;
            short sa = 0, sb = 0;
            int pa = 0, pb = 0;
            if (getcchar(&a, wa, &aa, &sa, &pa) == ERR || getcchar(&b, wb, &ab, &sb, &pb) == ERR) return 1;
            if (aa != ab || pa != pb || wcscmp(wa, wb) != 0) return 1;
        }
    }
    return 0;
}

/* Write a run of wide characters at (y, x) with the given attributes. */
static inline int dc_put_wstr(WINDOW *w, int y, int x, const wchar_t *text, int n, attr_t attrs, short pair) {
    wattr_set(w, attrs, pair, NULL);
    int rc = mvwaddnwstr(w, y, x, text, n);
    wattr_set(w, A_NORMAL, 0, NULL);
    return rc;
}

/* Fill the rest of a line from (y, x) with blanks carrying the attributes. */
static inline void dc_fill(WINDOW *w, int y, int x, int n, attr_t attrs, short pair) {
    wattr_set(w, attrs, pair, NULL);
    wmove(w, y, x);
    for (int i = 0; i < n; i++) waddch(w, ' ');
    wattr_set(w, A_NORMAL, 0, NULL);
}

/* Terminal capabilities by name, NULL when absent or cancelled. */
static inline const char *dc_tigetstr(const char *name) {
    char *s = tigetstr(name);
    if (s == NULL || s == (char *)-1) return NULL;
    return s;
}

/* The codeset of the current LC_CTYPE, for example "UTF-8" or "ANSI_X3.4-1968". */
static inline const char *dc_codeset(void) { return nl_langinfo(CODESET); }

#endif
