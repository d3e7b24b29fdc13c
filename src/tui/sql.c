/*
 * sql.c: the SQL view (;, as in lnav).  One read-only statement of the
 * user's over the incident database (the store runs it on a read-only
 * connection of its own: store_sql), its result as a table that scrolls
 * both ways, or SQLite's error, never fatal.  Each column takes the width
 * its widest cell needs, up to the screen; cells wider than their column
 * scroll (w, Right past the last column); Enter opens the record view of
 * the row under the cursor: every column's name and whole value,
 * wrapped, as lnav's detail view.  The schema is in the man page.  No
 * SQL of its own.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tui.h"

/* What a result keeps: far more than a screen, far less than memory. */
static const struct store_sql_limits sql_limits = {
	.rows = 2000,
	.bytes = 32 * 1024 * 1024,
	.cell = 4096,
};

int
sql_run(struct tui_state *ts, const char *query, int (*stop)(void *),
    void *arg)
{
	struct sql_state	*sq = &ts->sq;
	char			*cause = NULL;

	store_table_free(&sq->t);
	free(sq->error);
	sq->error = NULL;
	sq->stopped = NULL;
	free(sq->widths);
	sq->widths = NULL;
	sq->cursor = sq->top = sq->left = sq->shift = 0;
	sq->rec.top = 0;
	if (sq->query != query) {
		free(sq->query);
		sq->query = xstrdup(query);
	}
	if (store_sql(ts->st, query, &sql_limits, stop, arg, &sq->t,
	    &cause) != 0) {
		if (sq->stopped != NULL) {
			free(cause);
			cause = xstrdup(sq->stopped);
		}
		sq->error = cause;
		return (-1);
	}
	sql_measure(sq);
	return (0);
}

void
sql_clear(struct tui_state *ts)
{
	store_table_free(&ts->sq.t);
	free(ts->sq.error);
	free(ts->sq.widths);
	free(ts->sq.query);
	ts->sq.error = NULL;
	ts->sq.widths = NULL;
	ts->sq.query = NULL;
}

void
sql_measure(struct sql_state *sq)
{
	const struct store_table	*t = &sq->t;
	const char			*cell;
	size_t				 r, c, n, w;

	free(sq->widths);
	sq->widths = xcalloc(t->ncols > 0 ? t->ncols : 1,
	    sizeof *sq->widths);
	/* each column: its name or its widest cell, whole (cells are kept
	   cut to the limit's bytes, so this costs what the result holds) */
	for (c = 0; c < t->ncols; c++) {
		w = out_printed_cols(t->cols[c]);
		for (r = 0; r < t->nrows; r++) {
			cell = t->cells[r * t->ncols + c];
			/* NULL is drawn as such */
			n = cell == NULL ? 4 : out_printed_cols(cell);
			if (n > w)
				w = n;
		}
		sq->widths[c] = w > INT16_MAX ? INT16_MAX : (int)w;
	}
}

/* The rows of the table on a screen of h rows (4 above, the key bar). */
static int
table_rows(int h)
{
	return (h - 5 > 1 ? h - 5 : 1);
}

/* Columns of the mark that begins a cell scrolled right. */
static int
mark_cols(const struct tui_look *look)
{
	return (look->utf8 ? 1 : 3);
}

/*
 * The columns column c is drawn over when it starts at x of w: the width
 * it needs, up to what is left of the screen.
 */
static int
col_width(const struct sql_state *sq, size_t c, int x, int w)
{
	int	cw = sq->widths != NULL ? sq->widths[c] : 1;

	if (cw < 1)
		cw = 1;
	return (cw > w - x ? w - x : cw);
}

/* Whether every column from the first shown is whole on w columns. */
static int
all_whole(const struct sql_state *sq, int w)
{
	size_t	c;
	int	x;

	for (x = 0, c = (size_t)sq->left; c < sq->t.ncols; c++) {
		if (x >= w || col_width(sq, c, x, w) < sq->widths[c])
			return (0);
		x += sq->widths[c] + 2;
	}
	return (1);
}

/*
 * How far the cells too wide for their column can scroll on w columns:
 * until the widest shows its end.  0: every cell shown is whole.
 */
static int
shift_max(const struct sql_state *sq, int w, int mark)
{
	size_t	c;
	int	x, cw, m = 0;

	if (sq->widths == NULL)
		return (0);
	for (x = 0, c = (size_t)sq->left; c < sq->t.ncols && x < w; c++) {
		cw = col_width(sq, c, x, w);
		if (sq->widths[c] > cw && sq->widths[c] - cw + mark > m)
			m = sq->widths[c] - cw + mark;
		x += cw + 2;
	}
	return (m);
}

/*
 * Draws a cell at y, x within cw columns.  A cell wider than that is
 * shown from shift columns on, after a mark (never past its end), and
 * cut with an ellipsis where it goes on; only what is shown is made safe.
 */
static void
draw_cell(WINDOW *win, const struct tui_look *look, int y, int x, int cw,
    const char *cell, int shift, attr_t attr)
{
	const char	*mark = look->utf8 ? "\xe2\x80\xa6" : "...";
	char		*head, *l;
	size_t		 cols, off;
	int		 cut, mc = mark_cols(look);

	if (cell == NULL) {
		tui_text(win, look, y, x, cw, "NULL", attr | A_DIM, PAIR_NONE);
		return;
	}
	if (shift <= 0 || cw <= mc) {
		tui_text(win, look, y, x, cw, cell, attr, PAIR_NONE);
		return;
	}
	head = out_safe_head(cell, (size_t)shift + (size_t)cw + 1, &cut);
	cols = out_cols(head);
	if (!cut && cols <= (size_t)cw) {
		tui_text(win, look, y, x, cw, head, attr, PAIR_NONE);
		free(head);
		return;
	}
	/* a shorter cell of the column stops at its end */
	if (!cut && (size_t)shift > cols - (size_t)cw + (size_t)mc)
		shift = (int)(cols - (size_t)cw + (size_t)mc);
	off = out_fit_bytes(head, (size_t)shift + (size_t)mc);
	l = xasprintf("%s%s", mark, head + off);
	tui_text(win, look, y, x, cw, l, attr, PAIR_NONE);
	free(l);
	free(head);
}

void
sql_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct sql_state	*sq = &ts->sq;
	const struct store_table *t = &sq->t;
	char			 left[64], *msg;
	size_t			 r, c;
	int			 x, y, cw, top, cur;

	tui_title(win, w, ts, "SQL (read-only)");
	/* of a long query, what the row can show */
	tui_textf(win, &ts->look, 1, 0, w, A_BOLD, PAIR_NONE, "; %.*s",
	    4 * w + 16, sq->query != NULL ? sq->query : "");
	if (sq->error != NULL) {
		/* both wrapped: neither is of much use cut */
		msg = xasprintf("error: %s", sq->error);
		y = tui_text_wrapped(win, &ts->look, 3, h - 4, 1, w - 1, 7,
		    msg, A_BOLD, PAIR_TERM);
		free(msg);
		tui_text_wrapped(win, &ts->look, y + 1, h - 1, 1, w - 1, 0,
		    "The tables and their columns are listed in the man page "
		    "(coroner.1); try SELECT name FROM sqlite_master WHERE "
		    "type = 'table'", A_DIM, PAIR_NONE);
		tui_keybar(win, h, w, ts, "; new query  q back");
		return;
	}
	/* what was kept of it, and what was cut */
	left[0] = '\0';
	if (t->left == STORE_LEFT_ROWS)
		snprintf(left, sizeof left, " (more not kept)");
	else if (t->left == STORE_LEFT_BYTES)
		snprintf(left, sizeof left, " (more not kept: %zu MiB of "
		    "cells at most)", sql_limits.bytes >> 20);
	x = tui_textf(win, &ts->look, 2, 0, w, A_DIM, PAIR_NONE, "%zu "
	    "row%s%s, %zu column%s", t->nrows, t->nrows == 1 ? "" : "s",
	    left, t->ncols, t->ncols == 1 ? "" : "s");
	if (t->cut > 0)
		x += tui_textf(win, &ts->look, 2, x, w - x, A_DIM,
		    PAIR_PRESTOP, "; %zu cell%s cut to %zu KiB (the longest "
		    "%zu bytes)", t->cut, t->cut == 1 ? "" : "s",
		    sql_limits.cell / 1024, t->longest);
	/* which columns are on the screen, and how far cells scrolled */
	for (cw = 0, c = (size_t)sq->left; c < t->ncols && cw < w; c++)
		cw += col_width(sq, c, cw, w) + 2;
	if (t->ncols > 0 && (sq->left > 0 || c < t->ncols))
		x += tui_textf(win, &ts->look, 2, x, w - x, A_DIM, PAIR_NONE,
		    "; columns %d-%zu shown", sq->left + 1, c);
	if (sq->shift > 0)
		tui_textf(win, &ts->look, 2, x, w - x, A_BOLD, PAIR_NONE,
		    "; cells scrolled %d columns (Left)", sq->shift);
	for (x = 0, c = (size_t)sq->left; c < t->ncols && x < w; c++) {
		cw = col_width(sq, c, x, w);
		tui_text(win, &ts->look, 3, x, cw, t->cols[c],
		    A_BOLD | A_UNDERLINE, PAIR_NONE);
		x += cw + 2;
	}
	top = tui_top(sq->cursor, sq->top, table_rows(h), (int)t->nrows);
	for (r = (size_t)top, y = 4; r < t->nrows && y < h - 1; r++, y++) {
		cur = (int)r == sq->cursor;
		if (cur)
			tui_fill(win, y, 0, w, A_REVERSE);
		for (x = 0, c = (size_t)sq->left; c < t->ncols && x < w; c++) {
			cw = col_width(sq, c, x, w);
			draw_cell(win, &ts->look, y, x, cw,
			    t->cells[r * t->ncols + c], sq->shift,
			    cur ? A_REVERSE : A_NORMAL);
			x += cw + 2;
		}
	}
	tui_keybar(win, h, w, ts, "Up/Down row  Enter record  Left/Right "
	    "columns  w long cells  ; query  q back");
}

static int
sq_move(struct tui_state *ts, int by)
{
	struct sql_state	*sq = &ts->sq;

	sq->cursor += by;
	if (sq->cursor > (int)sq->t.nrows - 1)
		sq->cursor = (int)sq->t.nrows - 1;
	if (sq->cursor < 0)
		sq->cursor = 0;
	sq->top = tui_top(sq->cursor, sq->top, table_rows(ts->rows),
	    (int)sq->t.nrows);
	return (TUI_REDRAW);
}

static int
sq_down(struct tui_state *ts)
{
	return (sq_move(ts, 1));
}

static int
sq_up(struct tui_state *ts)
{
	return (sq_move(ts, -1));
}

/* A page on: the rows and the cursor move together, as in htop. */
static int
sq_page(struct tui_state *ts, int by)
{
	struct sql_state	*sq = &ts->sq;
	int			 page = table_rows(ts->rows);
	int			 last = (int)sq->t.nrows - 1;

	sq->top = tui_top(sq->cursor, sq->top, page, (int)sq->t.nrows) + by;
	if (sq->top > last - page + 1)
		sq->top = last - page + 1;
	if (sq->top < 0)
		sq->top = 0;
	return (sq_move(ts, by));
}

static int
sq_page_down(struct tui_state *ts)
{
	return (sq_page(ts, table_rows(ts->rows)));
}

static int
sq_page_up(struct tui_state *ts)
{
	return (sq_page(ts, -table_rows(ts->rows)));
}

static int
sq_home(struct tui_state *ts)
{
	return (sq_move(ts, -ts->sq.cursor));
}

static int
sq_end(struct tui_state *ts)
{
	return (sq_move(ts, (int)ts->sq.t.nrows));
}

/* How far one w (or Right past the last column) scrolls the cells. */
static int
shift_step(const struct tui_state *ts)
{
	return (ts->cols / 2 > 8 ? ts->cols / 2 : 8);
}

/*
 * Scrolls the cells too wide for their column by one step; at their
 * end, back to their start when wrap is set.
 */
static int
sq_shift(struct tui_state *ts, int wrap)
{
	struct sql_state	*sq = &ts->sq;
	int			 m = shift_max(sq, ts->cols,
				    mark_cols(&ts->look));

	if (m == 0) {
		sq->shift = 0;
		snprintf(ts->message, sizeof ts->message, "Every cell shown "
		    "is whole; Enter shows a row's record.");
	} else if (sq->shift >= m && wrap) {
		sq->shift = 0;
		snprintf(ts->message, sizeof ts->message, "The long cells "
		    "from their start again.");
	} else if (sq->shift >= m)
		snprintf(ts->message, sizeof ts->message, "The long cells "
		    "are shown to their end (Left scrolls back; Enter shows "
		    "a row's record).");
	else {
		sq->shift += shift_step(ts);
		if (sq->shift > m)
			sq->shift = m;
	}
	return (TUI_REDRAW);
}

static int
sq_right(struct tui_state *ts)
{
	struct sql_state	*sq = &ts->sq;

	/* the next column while some are not whole, then the long cells */
	if (sq->left + 1 < (int)sq->t.ncols && !all_whole(sq, ts->cols)) {
		sq->left++;
		sq->shift = 0;
		return (TUI_REDRAW);
	}
	return (sq_shift(ts, 0));
}

static int
sq_left(struct tui_state *ts)
{
	struct sql_state	*sq = &ts->sq;

	if (sq->shift > 0) {
		sq->shift -= shift_step(ts);
		if (sq->shift < 0)
			sq->shift = 0;
	} else if (sq->left > 0)
		sq->left--;
	return (TUI_REDRAW);
}

static int
sq_wide(struct tui_state *ts)
{
	return (sq_shift(ts, 1));
}

static int
sq_open(struct tui_state *ts)
{
	if (ts->sq.t.nrows == 0) {
		snprintf(ts->message, sizeof ts->message, "No row to open.");
		return (TUI_REDRAW);
	}
	ts->sq.rec.top = 0;
	ts->sq.rec.row = (size_t)ts->sq.cursor;
	ts->next = VIEW_RECORD;
	return (TUI_PUSH);
}

static int
sq_click(struct tui_state *ts)
{
	struct sql_state	*sq = &ts->sq;
	int			 i = tui_top(sq->cursor, sq->top,
				    table_rows(ts->rows), (int)sq->t.nrows) +
				    ts->mouse_y - 4;

	if (ts->mouse_y < 4 || ts->mouse_y >= 4 + table_rows(ts->rows) ||
	    i < 0 || i >= (int)sq->t.nrows)
		return (TUI_REDRAW);
	if (i == sq->cursor)
		return (sq_open(ts));
	sq->cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key sql_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next row",
	    .action = sq_down },
	{ .key = 'j', .name = "j", .help = "next row", .action = sq_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous row",
	    .action = sq_up },
	{ .key = 'k', .name = "k", .help = "previous row", .action = sq_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = sq_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = sq_page_up },
	{ .key = KEY_HOME, .name = "Home", .help = "the first row",
	    .action = sq_home },
	{ .key = KEY_END, .name = "End", .help = "the last row",
	    .action = sq_end },
	{ .key = '\r', .name = "Enter", .help = "the row's record: every "
	    "column's name and whole value, wrapped", .action = sq_open },
	{ .key = KEY_RIGHT, .name = "Right", .help = "next column; past the "
	    "last one, scrolls the long cells", .action = sq_right },
	{ .key = KEY_LEFT, .name = "Left", .help = "scrolls the long cells "
	    "back, then the previous column", .action = sq_left },
	{ .key = 'w', .name = "w", .help = "scrolls the long cells (at "
	    "their end, back to their start)",
	    .action = sq_wide },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a row; click "
	    "it again to open its record", .action = sq_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* ---------------------------------------------------------------- */
/* The record view: one row, every column whole. */

void
sql_record_clear(struct tui_state *ts)
{
	struct sql_record	*rec = &ts->sq.rec;
	size_t			 i;

	for (i = 0; i < rec->nlines; i++)
		free(rec->lines[i]);
	free(rec->lines);
	free(rec->line_col);
	free(rec->line_style);
	rec->lines = NULL;
	rec->line_col = rec->line_style = NULL;
	rec->nlines = 0;
}

/* Adds a line of safe text (a copy of its first len bytes). */
static void
rec_add(struct sql_record *rec, const char *safe, size_t len, int col,
    int style)
{
	rec->lines = xreallocarray(rec->lines, rec->nlines + 1,
	    sizeof *rec->lines);
	rec->line_col = xreallocarray(rec->line_col, rec->nlines + 1,
	    sizeof *rec->line_col);
	rec->line_style = xreallocarray(rec->line_style, rec->nlines + 1,
	    sizeof *rec->line_style);
	rec->lines[rec->nlines] = xstrndup(safe, len);
	rec->line_col[rec->nlines] = col;
	rec->line_style[rec->nlines] = style;
	rec->nlines++;
}

/*
 * Adds the lines of one value: each of its lines (it may hold newlines)
 * made safe and wrapped on spaces at cols columns.
 */
static void
rec_value(struct sql_record *rec, const char *v, int col, int cols)
{
	const char	*nl, *p;
	char		*safe;
	size_t		 n;

	for (;;) {
		nl = strchr(v, '\n');
		safe = out_safe(v, nl != NULL ? (size_t)(nl - v) : strlen(v),
		    SIZE_MAX);
		p = safe;
		do {
			n = out_wrap_bytes(p, (size_t)cols);
			rec_add(rec, p, n, col, RL_VALUE);
			col = -1;
			p += n;
			while (*p == ' ')
				p++;
		} while (*p != '\0');
		free(safe);
		if (nl == NULL)
			break;
		v = nl + 1;
	}
}

int
sql_record_load(struct tui_state *ts, char **cause)
{
	struct sql_state		*sq = &ts->sq;
	struct sql_record		*rec = &sq->rec;
	const struct store_table	*t = &sq->t;
	const char			*cell;
	char				*note;
	size_t				 c, n, len;
	int				 vw;

	(void)cause;
	sql_record_clear(ts);
	rec->width = ts->cols;
	if (t->nrows == 0)
		return (0);
	if (rec->row >= t->nrows)
		rec->row = t->nrows - 1;
	/* the names' column: the longest name, up to a third of the screen */
	rec->name_w = 4;
	for (c = 0; c < t->ncols; c++) {
		n = out_printed_cols(t->cols[c]);
		if (n > (size_t)rec->name_w)
			rec->name_w = n > 1000 ? 1000 : (int)n;
	}
	if (rec->name_w > ts->cols / 3)
		rec->name_w = ts->cols / 3 > 4 ? ts->cols / 3 : 4;
	vw = ts->cols - rec->name_w - 3;
	if (vw < 10)
		vw = 10;
	for (c = 0; c < t->ncols; c++) {
		cell = t->cells[rec->row * t->ncols + c];
		if (cell == NULL) {
			rec_add(rec, "NULL", 4, (int)c, RL_NULL);
			continue;
		}
		rec_value(rec, cell, (int)c, vw);
		len = t->lens != NULL ? t->lens[rec->row * t->ncols + c] : 0;
		if (len > strlen(cell)) {
			note = xasprintf("(cut: its first %zu of %zu bytes "
			    "kept)", strlen(cell), len);
			rec_add(rec, note, strlen(note), -1, RL_NOTE);
			free(note);
		}
	}
	return (0);
}

/* The lines of the record on a screen of h rows (2 above, the key bar). */
static int
record_rows(int h)
{
	return (h - 3 > 1 ? h - 3 : 1);
}

void
sql_record_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct sql_state	*sq = &ts->sq;
	const struct sql_record	*rec = &sq->rec;
	const struct store_table *t = &sq->t;
	size_t			 i;
	int			 y, top, more, vx = rec->name_w + 3;

	tui_title(win, w, ts, "SQL record");
	if (t->nrows == 0) {
		tui_text(win, &ts->look, 2, 1, w - 1, "No row to show.",
		    A_NORMAL, PAIR_NONE);
		tui_keybar(win, h, w, ts, "q back");
		return;
	}
	top = rec->top;
	if (top > (int)rec->nlines - record_rows(h))
		top = (int)rec->nlines - record_rows(h);
	if (top < 0)
		top = 0;
	/* which lines are shown, right, when not all are */
	more = top > 0 || (int)rec->nlines > top + record_rows(h);
	if (more)
		tui_textf(win, &ts->look, 1, w - 24 > 0 ? w - 24 : 0, 24,
		    A_BOLD, PAIR_NONE, " lines %d-%d of %zu", top + 1,
		    top + record_rows(h) < (int)rec->nlines ?
		    top + record_rows(h) : (int)rec->nlines, rec->nlines);
	tui_textf(win, &ts->look, 1, 0, more ? w - 24 : w, A_DIM, PAIR_NONE,
	    "row %zu of %zu, %zu column%s; %.*s", rec->row + 1, t->nrows,
	    t->ncols, t->ncols == 1 ? "" : "s", 4 * w + 16,
	    sq->query != NULL ? sq->query : "");
	for (i = (size_t)top, y = 2; i < rec->nlines && y < h - 1; i++, y++) {
		if (rec->line_col[i] >= 0)
			tui_text(win, &ts->look, y, 1, rec->name_w,
			    t->cols[rec->line_col[i]], A_BOLD, PAIR_NONE);
		tui_text(win, &ts->look, y, vx, w - vx, rec->lines[i],
		    rec->line_style[i] == RL_VALUE ? A_NORMAL : A_DIM,
		    PAIR_NONE);
	}
	tui_keybar(win, h, w, ts, "Up/Down/PgUp/PgDn scroll  n/p next, "
	    "previous row  ; query  q back");
}

static int
rec_scroll(struct tui_state *ts, int by)
{
	struct sql_record	*rec = &ts->sq.rec;
	int			 max = (int)rec->nlines - record_rows(ts->rows);

	/* from where it is drawn, so that a key past the end is not lost */
	if (rec->top > max)
		rec->top = max;
	rec->top += by;
	if (rec->top > max)
		rec->top = max;
	if (rec->top < 0)
		rec->top = 0;
	return (TUI_REDRAW);
}

static int
rec_down(struct tui_state *ts)
{
	return (rec_scroll(ts, 1));
}

static int
rec_up(struct tui_state *ts)
{
	return (rec_scroll(ts, -1));
}

static int
rec_page_down(struct tui_state *ts)
{
	return (rec_scroll(ts, record_rows(ts->rows) > 1 ?
	    record_rows(ts->rows) - 1 : 1));
}

static int
rec_page_up(struct tui_state *ts)
{
	return (rec_scroll(ts, -(record_rows(ts->rows) > 1 ?
	    record_rows(ts->rows) - 1 : 1)));
}

static int
rec_home(struct tui_state *ts)
{
	ts->sq.rec.top = 0;
	return (TUI_REDRAW);
}

static int
rec_end(struct tui_state *ts)
{
	return (rec_scroll(ts, (int)ts->sq.rec.nlines));
}

/* Another row's record: the table's cursor follows. */
static int
rec_row(struct tui_state *ts, int by)
{
	struct sql_state	*sq = &ts->sq;

	if (sq->t.nrows == 0 || (by > 0 && sq->rec.row + 1 >= sq->t.nrows) ||
	    (by < 0 && sq->rec.row == 0)) {
		snprintf(ts->message, sizeof ts->message, "This is the %s "
		    "row.", by > 0 ? "last" : "first");
		return (TUI_REDRAW);
	}
	sq->rec.row = by > 0 ? sq->rec.row + 1 : sq->rec.row - 1;
	sq->rec.top = 0;
	sq->cursor = (int)sq->rec.row;
	sq->top = tui_top(sq->cursor, sq->top, table_rows(ts->rows),
	    (int)sq->t.nrows);
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
rec_next(struct tui_state *ts)
{
	return (rec_row(ts, 1));
}

static int
rec_prev(struct tui_state *ts)
{
	return (rec_row(ts, -1));
}

const struct tui_key sql_record_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "scroll down a line",
	    .action = rec_down },
	{ .key = 'j', .name = "j", .help = "scroll down a line",
	    .action = rec_down },
	{ .key = KEY_UP, .name = "Up", .help = "scroll up a line",
	    .action = rec_up },
	{ .key = 'k', .name = "k", .help = "scroll up a line",
	    .action = rec_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = rec_page_down },
	{ .key = ' ', .name = "Space", .help = "a page down",
	    .action = rec_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = rec_page_up },
	{ .key = KEY_HOME, .name = "Home", .help = "its first line",
	    .action = rec_home },
	{ .key = KEY_END, .name = "End", .help = "its last line",
	    .action = rec_end },
	{ .key = 'n', .name = "n", .help = "the next row's record",
	    .action = rec_next },
	{ .key = 'p', .name = "p", .help = "the previous row's record",
	    .action = rec_prev },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
