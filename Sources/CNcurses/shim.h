#ifndef LESSONPACK_CNCURSES_SHIM_H
#define LESSONPACK_CNCURSES_SHIM_H

// Wide-character curses: UTF-8 text, including characters two columns wide.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <signal.h>
#include <ncursesw/curses.h>

// Swift cannot import function-like macros or the stdscr variable reliably; these give it what it needs.
static inline WINDOW *lp_stdscr(void) { return stdscr; }
static inline int lp_lines(void) { return LINES; }
static inline int lp_columns(void) { return COLS; }
static inline int lp_colors(void) { return COLORS; }
static inline attr_t lp_color_pair(int pair) { return COLOR_PAIR(pair); }
static inline attr_t lp_attr_normal(void) { return A_NORMAL; }
static inline attr_t lp_attr_bold(void) { return A_BOLD; }
static inline attr_t lp_attr_reverse(void) { return A_REVERSE; }
static inline attr_t lp_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t lp_attr_dim(void) { return A_DIM; }
static inline int lp_key_code_yes(void) { return KEY_CODE_YES; }
static inline void lp_set_escdelay(int milliseconds) { set_escdelay(milliseconds); }

#endif
