/*
 * sql.c: the SQL view (;, as in lnav).  One read-only statement of the
 * user's over the incident database (the store runs it on a read-only
 * connection of its own: store_sql), its result as a table that scrolls
 * both ways, or SQLite's error, never fatal.  The schema is in the man
 * page.  No SQL of its own.
 */
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
	sq->top = sq->left = 0;
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

/* The columns of text as drawn (made safe), counted up to SQL_CELL_COLS. */
static size_t
cell_cols(const char *text)
{
	char	*head;
	size_t	 n;
	int	 cut;

	head = out_safe_head(text, SQL_CELL_COLS, &cut);
	n = out_cols(head);
	free(head);
	return (n);
}

void
sql_measure(struct sql_state *sq)
{
	const struct store_table	*t = &sq->t;
	size_t				 r, c, n, w;

	free(sq->widths);
	sq->widths = xcalloc(t->ncols > 0 ? t->ncols : 1,
	    sizeof *sq->widths);
	/* each column: its name or its widest cell of the first 200 rows */
	for (c = 0; c < t->ncols; c++) {
		w = cell_cols(t->cols[c]);
		for (r = 0; r < t->nrows && r < 200 && w < SQL_CELL_COLS;
		    r++) {
			n = t->cells[r * t->ncols + c] == NULL ? 4 :  /* NULL */
			    cell_cols(t->cells[r * t->ncols + c]);
			if (n > w)
				w = n;
		}
		sq->widths[c] = w > SQL_CELL_COLS ? SQL_CELL_COLS : (int)w;
	}
}

void
sql_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct sql_state	*sq = &ts->sq;
	const struct store_table *t = &sq->t;
	const char		*cell;
	char			 left[64];
	size_t			 r, c;
	int			 x, y, cw;

	tui_title(win, w, ts, "SQL (read-only)");
	/* of a long query, what the row can show */
	tui_textf(win, &ts->look, 1, 0, w, A_BOLD, PAIR_NONE, "; %.*s",
	    4 * w + 16, sq->query != NULL ? sq->query : "");
	if (sq->error != NULL) {
		tui_textf(win, &ts->look, 3, 1, w - 1, A_BOLD, PAIR_TERM,
		    "error: %s", sq->error);
		tui_text(win, &ts->look, 5, 1, w - 1, "The tables and their "
		    "columns are listed in the man page (coroner.1); try "
		    "SELECT name FROM sqlite_master WHERE type = 'table'",
		    A_DIM, PAIR_NONE);
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
		tui_textf(win, &ts->look, 2, x, w - x, A_DIM, PAIR_PRESTOP,
		    "; %zu cell%s cut to %zu KiB (the longest %zu bytes)",
		    t->cut, t->cut == 1 ? "" : "s", sql_limits.cell / 1024,
		    t->longest);
	for (x = 0, c = (size_t)sq->left; c < t->ncols && x < w; c++) {
		cw = sq->widths != NULL ? sq->widths[c] : SQL_CELL_COLS;
		tui_text(win, &ts->look, 3, x, w - x < cw ? w - x : cw,
		    t->cols[c], A_BOLD | A_UNDERLINE, PAIR_NONE);
		x += cw + 2;
	}
	for (r = (size_t)sq->top, y = 4; r < t->nrows && y < h - 1; r++, y++) {
		for (x = 0, c = (size_t)sq->left; c < t->ncols && x < w; c++) {
			cw = sq->widths != NULL ? sq->widths[c] :
			    SQL_CELL_COLS;
			cell = t->cells[r * t->ncols + c];
			tui_text(win, &ts->look, y, x, w - x < cw ? w - x : cw,
			    cell != NULL ? cell : "NULL", cell != NULL ?
			    A_NORMAL : A_DIM, PAIR_NONE);
			x += cw + 2;
		}
	}
	tui_keybar(win, h, w, ts, "Up/Down/PgUp/PgDn rows  Left/Right "
	    "columns  ; new query  q back");
}

static int
sq_scroll(struct tui_state *ts, int rows, int cols)
{
	struct sql_state	*sq = &ts->sq;

	sq->top += rows;
	if (sq->top > (int)sq->t.nrows - 1)
		sq->top = (int)sq->t.nrows - 1;
	if (sq->top < 0)
		sq->top = 0;
	sq->left += cols;
	if (sq->left > (int)sq->t.ncols - 1)
		sq->left = (int)sq->t.ncols - 1;
	if (sq->left < 0)
		sq->left = 0;
	return (TUI_REDRAW);
}

static int
sq_down(struct tui_state *ts)
{
	return (sq_scroll(ts, 1, 0));
}

static int
sq_up(struct tui_state *ts)
{
	return (sq_scroll(ts, -1, 0));
}

static int
sq_page_down(struct tui_state *ts)
{
	return (sq_scroll(ts, ts->rows - 6, 0));
}

static int
sq_page_up(struct tui_state *ts)
{
	return (sq_scroll(ts, -(ts->rows - 6), 0));
}

static int
sq_right(struct tui_state *ts)
{
	return (sq_scroll(ts, 0, 1));
}

static int
sq_left(struct tui_state *ts)
{
	return (sq_scroll(ts, 0, -1));
}

const struct tui_key sql_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next row",
	    .action = sq_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous row",
	    .action = sq_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = sq_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = sq_page_up },
	{ .key = KEY_RIGHT, .name = "Right", .help = "next column",
	    .action = sq_right },
	{ .key = KEY_LEFT, .name = "Left", .help = "previous column",
	    .action = sq_left },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
