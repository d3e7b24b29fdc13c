/*
 * out.h: the one output layer.  Every message, table, report and screen
 * coroner writes goes through here, so that nothing from the data can
 * reach a terminal as a control: C0 and C1 controls, DEL, Unicode
 * bidirectional controls (U+202E and friends), line and paragraph
 * separators and invalid UTF-8 are written escaped ("\x1b", "\u202e").
 *
 * The formats are the program's own literals and are trusted; the
 * arguments are data.  out_printf() makes every %s and %c argument safe
 * (out_html() also escapes it for HTML), so a caller cannot forget to.
 * The style checker (tests/lint.sh) bans printf, fprintf, puts, fputs,
 * putchar, fputc and fwrite everywhere but in src/out.c.
 *
 * %s follows C for precision (at most that many bytes of the argument
 * are read; a sequence cut there is escaped) and counts width in
 * terminal columns, so that tables of UTF-8 names stay aligned.  %n is
 * refused (fatal).
 */
#ifndef OUT_H
#define OUT_H

#include <jansson.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "util.h"

/* How %s and %c arguments are escaped. */
enum out_mode {
	OUT_TEXT,		/* controls escaped */
	OUT_HTML		/* controls escaped, then & < > " ' as
				   entities */
};

/*
 * Formats into f (out_printf, out_html) or onto the end of b
 * (out_bprintf, out_vformat).  The printing ones return 0, or -1 when f
 * failed (errno set).
 */
int	out_printf(FILE *f, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
int	out_vprintf(FILE *f, const char *fmt, va_list ap);
int	out_html(FILE *f, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	out_bprintf(struct buf *b, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	out_vformat(struct buf *b, enum out_mode mode, const char *fmt,
	    va_list ap);

/*
 * Writes a style sheet inside an HTML <style> element: made safe, with
 * "<" written as the CSS escape "\3c " so that nothing in it can close
 * the element.  Returns 0 or -1.
 */
int	out_css(FILE *f, const char *css);

/*
 * Writes v as JSON (json_dumps flags) and a newline; the DEL, C1 and bidi
 * characters jansson leaves as they are become \u escapes, so the JSON
 * is the same value and inert on a terminal.  Returns 0 or -1.
 */
int	out_json(FILE *f, const json_t *v, size_t flags);
/* The same into a new string (caller frees), without the newline. */
char	*out_json_str(const json_t *v, size_t flags);
/*
 * A new copy of s (caller frees) in which each byte that is not part of
 * valid UTF-8 is U+FFFD: text JSON can hold.
 */
char	*out_utf8(const char *s);

/*
 * Returns a new copy of s[0..len) that is safe on a terminal, escaped as
 * above; when more than max bytes would be written it ends with "...".
 * Safe text stays as it is: out_safe() of its own result is the same.
 */
char	*out_safe(const char *s, size_t len, size_t max);
/* Whether s[0..len) is safe as it is (out_safe would not change it). */
int	 out_is_safe(const char *s, size_t len);

/* Terminal columns of safe text (wide characters count two). */
size_t	 out_cols(const char *safe);
/* Terminal columns of any text as printed (made safe first). */
size_t	 out_printed_cols(const char *s);
/* Bytes of safe text that fit in cols columns, whole characters only. */
size_t	 out_fit_bytes(const char *safe, size_t cols);
/* Where the last cols columns of safe text begin (whole characters). */
size_t	 out_tail_bytes(const char *safe, size_t cols);
/*
 * Returns a new safe copy of the head of s (made safe as out_safe does):
 * all of s when it is no wider than cols columns, else the first pieces
 * of whole characters that are wider, with *cut set when s goes on
 * after them.  Costs what the head holds however long s is: what fits a
 * screen of a 10 MB string.  Caller frees.
 */
char	*out_safe_head(const char *s, size_t cols, int *cut);
/*
 * The bytes of safe text that make its first line wrapped at cols
 * columns: up to its last space that fits, else after its last '/' (a
 * path), else as much as fits (all of it when one character is wider).
 */
size_t	 out_wrap_bytes(const char *safe, size_t cols);

/* Where out_fit() cuts text that is too wide. */
enum out_cut {
	OUT_CUT_END,		/* "returns-api-7d9f…" */
	OUT_CUT_MIDDLE,		/* "bundle.tar.gz!clu…/default.json" */
	OUT_CUT_PATH		/* whole leading components: "…/kube-system/
				   app-7c9/app.log"; when even the file's
				   name does not fit, "…/" and the name cut
				   in the middle */
};
/*
 * Returns a new safe copy of s (made safe first) that fits in cols
 * columns: as it is when it fits, else cut with "…" (or "..." when
 * ascii is set) where how says.  Caller frees.
 */
char	*out_fit(const char *s, size_t cols, enum out_cut how, int ascii);

/*
 * Writes text made safe with its newlines kept (help texts, multi-line
 * usage): every other control is escaped as by out_printf.  0 or -1.
 */
int	 out_lines(FILE *f, const char *text);

/*
 * Writes text made safe and wrapped on spaces (else after a '/') into
 * the columns from indent to width: the caller has already written at
 * columns of the first line (it is padded to indent); later lines start
 * with indent spaces.  Returns 0 or -1.
 */
int	 out_wrap(FILE *f, const char *text, size_t at, size_t indent,
	    size_t width);
/*
 * A message: formatted as by out_printf, wrapped to out_term_width(),
 * lines after the first indented by two, and a newline.  A line without
 * a space to break at breaks after a '/' (a long path), else where it
 * ends: nothing is cut.  Returns 0 or -1.
 */
int	 out_say(FILE *f, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * The width of the terminal on standard output, or 80 when it is not a
 * terminal (or narrower than 40 columns).
 */
int	 out_term_width(void);
/*
 * The width a table on standard output fits: the terminal's, else
 * $COLUMNS (40 to 10000), else 80.
 */
int	 out_table_width(void);

#endif
