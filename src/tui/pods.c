/*
 * pods.c: the pods view (key 2).  Every pod, grouped by workload and
 * ordered by death, with the columns that fit the width, those the
 * incident needs first (room_order): name (cut with an ellipsis, never
 * silently), node, IP, deletion and who asked for it (the audit log's
 * actor), how its containers ended, restarts, grace, failed requests
 * routed to it, records missing in its window and the findings that name
 * it.  / filters by text; Enter opens the pod's death view.  No SQL:
 * totals come through store.h.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyze.h"
#include "deletion.h"
#include "out.h"
#include "timefmt.h"
#include "tui.h"

void
pods_clear(struct tui_state *ts)
{
	struct pods_state	*pl = &ts->pl;

	free(pl->disp);
	free(pl->page);
	pl->disp = NULL;
	pl->page = NULL;
	pl->nrows = pl->npods = pl->npage = pl->page_from = 0;
}

/* The places of the list whose pods match the filter, as they come. */
struct matched {
	int64_t	*v;		/* owned */
	size_t	 n;
};

static int
add_match(void *ctx, int64_t seq)
{
	struct matched	*m = ctx;

	m->v = xgrow(m->v, m->n, sizeof *m->v);
	m->v[m->n++] = seq;
	return (0);
}

/* Appends a row to disp; a workload's heading before its first pod. */
static void
disp_add(struct pods_state *pl, int64_t v)
{
	pl->disp = xgrow(pl->disp, pl->nrows, sizeof *pl->disp);
	pl->disp[pl->nrows++] = v;
	pl->npods += v >= 0;
}

/* The widths and the counts of a workload whose pods are rows. */
static void
measure(struct pods_state *pl, const struct row_workload_pods *w)
{
	if (w->exits_cols > pl->exits_cols)
		pl->exits_cols = (int)w->exits_cols;
	if (w->by_cols > pl->by_cols)
		pl->by_cols = (int)w->by_cols;
	if (w->badges_cols > pl->badges_cols)
		pl->badges_cols = (int)w->badges_cols;
	if (w->name_cols > pl->name_cols)
		pl->name_cols = (int)w->name_cols;
	pl->any_failed |= w->failed > 0;
	pl->any_missing |= w->missing > 0;
	pl->any_restarts |= w->restarts > 0;
}

/*
 * The rows: every pod of the list, or those matching the filter, each
 * workload's heading before its first; and what the columns need.
 */
static int
make_rows(struct tui_state *ts, char **cause)
{
	struct pods_state		*pl = &ts->pl;
	const struct podcache		*pc = &ts->pods;
	const struct row_workload_pods	*w;
	struct matched			 m = { 0 };
	size_t				 i, k = 0, wi = 0;
	int64_t				 lo = TIME_NONE, hi = TIME_NONE;
	int				 shown;

	pods_clear(ts);
	pl->exits_cols = pl->by_cols = 1;	/* "-" */
	pl->any_failed = pl->any_missing = pl->any_restarts = 0;
	pl->badges_cols = 0;
	pl->name_cols = 0;
	if (pl->filter[0] != '\0' && store_pod_list_matching(ts->st,
	    pl->filter, add_match, &m, cause) != 0) {
		free(m.v);
		return (-1);
	}
	for (wi = 0; wi < pc->nwl; wi++) {
		w = &pc->wl[wi];
		if (w->deleted_lo_us != TIME_NONE && (lo == TIME_NONE ||
		    w->deleted_lo_us < lo))
			lo = w->deleted_lo_us;
		if (w->deleted_hi_us != TIME_NONE && (hi == TIME_NONE ||
		    w->deleted_hi_us > hi))
			hi = w->deleted_hi_us;
		if (pl->filter[0] == '\0') {
			disp_add(pl, -1 - (int64_t)wi);
			for (i = 0; i < (size_t)w->pods; i++)
				disp_add(pl, w->first_seq + (int64_t)i);
			measure(pl, w);
			continue;
		}
		/* the matches are in the list's order, as the workloads */
		for (shown = 0; k < m.n && m.v[k] < w->first_seq + w->pods;
		    k++) {
			if (m.v[k] < w->first_seq)
				continue;
			if (!shown)
				disp_add(pl, -1 - (int64_t)wi);
			shown = 1;
			disp_add(pl, m.v[k]);
		}
		if (shown)
			measure(pl, w);
	}
	free(m.v);
	pl->dated = time_other_day(lo, hi);
	snprintf(pl->loaded, sizeof pl->loaded, "%s", pl->filter);
	return (0);
}

/* Where a page's pods go as they are read. */
struct page_fill {
	struct pods_state	*pl;
	size_t			 at;	/* the next row of the page */
};

static int
fill_row(void *ctx, const struct row_pod_list *r, struct podset_pod *p)
{
	struct page_fill	*f = ctx;
	struct pods_state	*pl = f->pl;
	struct pods_row		*row;

	/* the rows between, headings or pods the filter left out */
	while (f->at < pl->npage && pl->disp[pl->page_from + f->at] != r->seq)
		f->at++;
	if (f->at == pl->npage)
		return (0);
	row = &pl->page[f->at++];
	row->pod = p;
	row->failed = r->failed;
	row->missing = r->missing;
	snprintf(row->badges, sizeof row->badges, "%s", r->badges != NULL ?
	    r->badges : "");
	return (0);
}

/*
 * Reads the rows from..from+n of disp into the page: their pods, a run
 * of places at a time, and the headings' words.
 */
static int
read_page(struct tui_state *ts, size_t from, size_t n, char **cause)
{
	struct pods_state		*pl = &ts->pl;
	struct page_fill		 f = { pl, 0 };
	const struct row_workload_pods	*w;
	struct pods_row			*row;
	size_t				 i, j;
	char				*h;

	free(pl->page);
	pl->page = xcalloc(n > 0 ? n : 1, sizeof *pl->page);
	pl->page_from = from;
	pl->npage = n;
	for (i = 0; i < n; i++) {
		if (pl->disp[from + i] >= 0)
			continue;
		w = &ts->pods.wl[-1 - pl->disp[from + i]];
		row = &pl->page[i];
		h = xasprintf("%s/%s (%s)", w->namespace != NULL ?
		    w->namespace : "-", w->workload != NULL ? w->workload :
		    "-", w->kind != NULL ? w->kind : "?");
		row->heading = arena_strdup(&ts->strings, h);
		free(h);
	}
	for (i = 0; i < n; i = j) {
		for (; i < n && pl->disp[from + i] < 0; i++)
			;
		if (i == n)
			break;
		/* a run of places one after the other: one read */
		for (j = i + 1; j < n && pl->disp[from + j] ==
		    pl->disp[from + j - 1] + 1; j++)
			;
		f.at = i;
		if (podcache_range(&ts->pods, ts->st, pl->disp[from + i],
		    pl->disp[from + j - 1], fill_row, &f, cause) != 0)
			return (-1);
	}
	return (0);
}

/* The rows that can be shown around the cursor: a screen either side. */
static int
read_around(struct tui_state *ts, char **cause)
{
	struct pods_state	*pl = &ts->pl;
	size_t			 from, to, rows = (size_t)(ts->rows > 4 ?
				     ts->rows : 4);
	size_t			 at = pl->cursor > 0 ? (size_t)pl->cursor : 0;

	from = at > rows ? at - rows : 0;
	to = at + rows < pl->nrows ? at + rows : pl->nrows;
	if (pl->page != NULL && from >= pl->page_from &&
	    to <= pl->page_from + pl->npage)
		return (0);
	/* a little more on either side: a few keys need no read */
	from = from > rows ? from - rows : 0;
	to = to + rows < pl->nrows ? to + rows : pl->nrows;
	return (read_page(ts, from, to - from, cause));
}

int
pods_load(struct tui_state *ts, char **cause)
{
	struct pods_state	*pl = &ts->pl;

	if (pl->disp == NULL || strcmp(pl->loaded, pl->filter) != 0) {
		if (make_rows(ts, cause) != 0)
			return (-1);
		if (pl->cursor >= (int)pl->nrows)
			pl->cursor = (int)pl->nrows - 1;
		if (pl->cursor < 0 && pl->nrows > 0)
			pl->cursor = 0;
		while (pl->cursor >= 0 && pl->cursor < (int)pl->nrows &&
		    pl->disp[pl->cursor] < 0)
			pl->cursor++;
		if (pl->cursor >= (int)pl->nrows)
			pl->cursor = -1;
	}
	return (read_around(ts, cause));
}

/* The row i if it was read, else NULL. */
static const struct pods_row *
row_at(const struct pods_state *pl, int i)
{
	if (i < (int)pl->page_from || i >= (int)(pl->page_from + pl->npage))
		return (NULL);
	return (&pl->page[i - (int)pl->page_from]);
}

/* The columns, in the order they are drawn. */
enum pods_col {
	COL_EXITS, COL_DELETED, COL_DELETED_BY, COL_BADGES, COL_FAILED,
	COL_LOST, COL_RESTARTS, COL_GRACE, COL_NODE, COL_IP, COL__COUNT
};
/* The columns: each one's heading, least width and meaning (the help). */
const struct tui_column pods_columns[COL__COUNT + 1] = {
	[COL_EXITS] = { .title = "EXITS", .width = 13, .means = "each "
	    "container's last exit: its code and signal or reason" },
	[COL_DELETED] = { .title = "DELETED", .width = 9, .means = "when "
	    "its deletion was requested (the grace starts there)" },
	[COL_DELETED_BY] = { .title = "DELETED BY", .width = 16, .means =
	    "who or what asked for the deletion, when known" },
	[COL_FAILED] = { .title = "FAILED", .width = 7, .means = "requests "
	    "routed to its IPs that failed (5xx or no answer), over the "
	    "whole import" },
	[COL_LOST] = { .title = "MISS", .width = 5, .means = "records "
	    "missing from ours whose time falls in its termination window "
	    "(its deletion request, minus the lead, to its end): where the "
	    "other party's times fall, not proof that this pod lost them" },
	[COL_BADGES] = { .title = "FINDINGS", .width = 16, .means = "the "
	    "findings that name it, by badge" },
	[COL_RESTARTS] = { .title = "RST", .width = 5, .means = "its "
	    "containers' restarts, as the kubelet counts them" },
	[COL_GRACE] = { .title = "GRACE", .width = 6, .means = "its grace "
	    "period in seconds (terminationGracePeriodSeconds, or the "
	    "deletion's)" },
	[COL_NODE] = { .title = "NODE", .width = 15, .means = "the node it "
	    "ran on" },
	[COL_IP] = { .title = "IP", .width = 16, .means = "its pod IP" },
};
/*
 * The order they are given room as the width grows: what the incident
 * has first (records reconciled and missing: MISS; requests that failed:
 * FAILED), then the findings, which they explain; the restarts and the
 * grace; who deleted the pod after those and before the node and IP,
 * narrowed to the room left; a count that is zero for every pod (the
 * restarts too) last, as it says nothing.  Fills order with the
 * COL__COUNT columns.
 */
static void
room_order(const struct pods_state *pl, enum pods_col order[COL__COUNT])
{
	static const enum pods_col	rest[] = {
		COL_GRACE, COL_DELETED_BY, COL_NODE, COL_IP
	};
	size_t				n = 0, i;

	order[n++] = COL_EXITS;
	order[n++] = COL_DELETED;
	if (pl->any_missing)
		order[n++] = COL_LOST;
	if (pl->any_failed)
		order[n++] = COL_FAILED;
	order[n++] = COL_BADGES;
	if (pl->any_restarts)
		order[n++] = COL_RESTARTS;
	for (i = 0; i < sizeof rest / sizeof rest[0]; i++)
		order[n++] = rest[i];
	if (!pl->any_restarts)
		order[n++] = COL_RESTARTS;
	if (!pl->any_missing)
		order[n++] = COL_LOST;
	if (!pl->any_failed)
		order[n++] = COL_FAILED;
}
#define NAME_MIN	22
#define NAME_MAX	52
#define EXITS_MAX	33	/* EXITS takes this before DELETED BY grows */
#define BY_MAX		33	/* DELETED BY, at most */

/*
 * Which columns fit in w and how wide (0: left out), and the name's
 * width.  EXITS gets what is left once every column that fits is in, and
 * the columns from RST or GRACE on fit only where EXITS then holds its
 * widest cell (up to EXITS_MAX);
 * DELETED BY is as wide as its widest cell, shrunk to what is left once
 * EXITS holds its widest (up to EXITS_MAX), left out below its least.
 */
static int
fit_columns(int w, const struct pods_state *pl, int longest,
    int width[COL__COUNT])
{
	enum pods_col	room[COL__COUNT];
	int		k, i, used, name_w, cap = w * 2 / 5, fits, want, least;
	int		exits_more, decor = 0;

	room_order(pl, room);
	/* the whole name first, up to two fifths of the width */
	name_w = longest + 2;
	if (name_w > NAME_MAX)
		name_w = NAME_MAX;
	if (name_w > cap)
		name_w = cap;
	if (name_w < NAME_MIN)
		name_w = NAME_MIN;
	exits_more = (pl->exits_cols < EXITS_MAX ? pl->exits_cols :
	    EXITS_MAX) + 1 - pods_columns[COL_EXITS].width;
	if (exits_more < 0)
		exits_more = 0;
	/* in their order: one that does not fit leaves out those after */
	used = name_w;
	fits = 1;
	for (k = 0; k < COL__COUNT; k++) {
		i = room[k];
		want = least = pods_columns[i].width;
		if (i == COL_DELETED && pl->dated)
			want = least += TIME_DATE_COLS;
		/* the findings as wide as their widest badges */
		if (i == COL_BADGES && pl->badges_cols + 1 < want)
			want = least = (pl->badges_cols > 8 ?
			    pl->badges_cols : 8) + 1;
		if (i == COL_DELETED_BY) {
			want = (int)strlen(pods_columns[i].title);
			want = (pl->by_cols > want ? pl->by_cols : want) + 1;
			if (want > BY_MAX)
				want = BY_MAX;
			if (want < least)
				least = want;
			if (want > w - used - exits_more)
				want = w - used - exits_more;
		}
		/* the decorative ones only once EXITS is whole */
		decor = decor || i == COL_RESTARTS || i == COL_GRACE;
		fits = fits && want >= least && used + want + (decor ?
		    exits_more : 0) <= w;
		width[i] = fits ? want : 0;
		if (fits)
			used += want;
	}
	width[COL_EXITS] += w - used > 0 ? w - used : 0;
	return (name_w);
}

/* The cells of one pod, in column order, after its name. */
static void
pod_row(WINDOW *win, const struct tui_state *ts, int y, int w,
    const struct pods_row *r, const int width[COL__COUNT], int name_w,
    int cur)
{
	const struct podset_pod	*p = r->pod;
	attr_t			 a = cur ? A_REVERSE : A_NORMAL;
	char			 cell[64], t[TIME_FMT_LEN], *name, *by, *fit;
	int			 x, i, cw;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	/* cut in the middle, as coroner pods does: the suffix tells pods
	   of one ReplicaSet apart */
	name = out_fit(p->r.name != NULL ? p->r.name : "", name_w - 1,
	    OUT_CUT_MIDDLE, !ts->look.utf8);
	tui_text(win, &ts->look, y, 1, name_w - 1, name, a |
	    (p->r.killed ? A_BOLD : 0), p->r.killed ? PAIR_TERM : PAIR_NONE);
	free(name);
	x = name_w;
	for (i = 0; i < COL__COUNT; i++) {
		if (width[i] == 0)
			continue;
		cw = width[i] - 1;
		fit = NULL;
		switch (i) {
		case COL_EXITS:
			fit = podset_exits(p, cw, !ts->look.utf8);
			break;
		case COL_DELETED:
			snprintf(cell, sizeof cell, "%s", time_clock_dated(
			    p->r.deletion_us, ts->pl.dated, t, "-"));
			break;
		case COL_DELETED_BY:
			/* cut in the middle: both ends of a name tell */
			by = deletion_actor_short(p->r.deletion_by);
			fit = out_fit(by != NULL ? by : "-", (size_t)cw,
			    OUT_CUT_MIDDLE, !ts->look.utf8);
			free(by);
			break;
		case COL_FAILED:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)r->failed);
			break;
		case COL_LOST:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)r->missing);
			break;
		case COL_BADGES:
			snprintf(cell, sizeof cell, "%s", r->badges);
			break;
		case COL_RESTARTS:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)podset_restarts(p));
			break;
		case COL_GRACE:
			if (p->r.grace_s != INT_NONE)
				snprintf(cell, sizeof cell, "%*lld s", cw - 2,
				    (long long)p->r.grace_s);
			else
				snprintf(cell, sizeof cell, "%*s", cw, "-");
			break;
		case COL_NODE:
			snprintf(cell, sizeof cell, "%s", p->r.node != NULL ?
			    p->r.node : "-");
			break;
		case COL_IP:
			snprintf(cell, sizeof cell, "%s", p->r.ip != NULL ?
			    p->r.ip : "-");
			break;
		}
		tui_text(win, &ts->look, y, x + 1, cw, fit != NULL ? fit :
		    cell, a, i == COL_FAILED && r->failed > 0 ? PAIR_TERM :
		    i == COL_LOST && r->missing > 0 ? PAIR_SIDECAR :
		    PAIR_NONE);
		free(fit);
		x += cw + 1;
	}
}

/* The first row shown so that the cursor is on screen. */
static int
first_row(const struct pods_state *pl, int rows)
{
	int	top = tui_top(pl->cursor, pl->top, rows, (int)pl->nrows);

	/* the workload's heading with its first pod */
	if (pl->cursor > 0 && top == pl->cursor &&
	    pl->disp[pl->cursor - 1] < 0)
		top--;
	return (top);
}

void
pods_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct pods_state	*pl = &ts->pl;
	int			 width[COL__COUNT], name_w, x, i, y;
	int			 top;
	const struct pods_row	*r;

	tui_title(win, w, ts, "Pods");
	name_w = fit_columns(w, pl, pl->name_cols, width);
	if (pl->filter[0] != '\0')
		tui_textf(win, &ts->look, 1, 0, w, A_BOLD, PAIR_PRESTOP,
		    "%zu of %lld pod%s match%s \"%s\" (/ to change, / Enter "
		    "to clear)", pl->npods, (long long)ts->pods.npods,
		    ts->pods.npods == 1 ? "" : "s", pl->npods == 1 ? "es" : "",
		    pl->filter);
	else
		tui_textf(win, &ts->look, 1, 0, w, A_NORMAL, PAIR_NONE,
		    "%lld pod%s, grouped by workload, ordered by death",
		    (long long)ts->pods.npods, ts->pods.npods == 1 ? "" : "s");
	tui_text(win, &ts->look, 2, 1, name_w - 1, "POD", A_BOLD |
	    A_UNDERLINE, PAIR_NONE);
	for (x = name_w, i = 0; i < COL__COUNT; i++) {
		if (width[i] == 0)
			continue;
		tui_text(win, &ts->look, 2, x + 1, width[i] - 1,
		    pods_columns[i].title, A_BOLD | A_UNDERLINE, PAIR_NONE);
		x += width[i];
	}
	top = first_row(pl, h - 4);
	for (i = top, y = 3; i < (int)pl->nrows && y < h - 1; i++, y++) {
		if ((r = row_at(pl, i)) == NULL)
			continue;	/* not read: not shown (pods_load) */
		if (r->heading != NULL)
			tui_text(win, &ts->look, y, 0, w, r->heading, A_BOLD,
			    PAIR_RUNNING);
		else if (r->pod != NULL)
			pod_row(win, ts, y, w, r, width, name_w,
			    i == pl->cursor);
	}
	if (pl->nrows == 0)
		tui_text(win, &ts->look, 3, 1, w - 1, pl->filter[0] != '\0' ?
		    "No pod matches the filter." : "No pods were imported.",
		    A_NORMAL, PAIR_NONE);
	tui_keybar(win, h, w, ts, "Up/Down pod  Enter death view  / filter  "
	    "PgDn page  3 findings  ? help  q back");
}

static int
move_cursor(struct tui_state *ts, int by)
{
	struct pods_state	*pl = &ts->pl;
	int			 i = pl->cursor, step = by > 0 ? 1 : -1, n;

	for (n = by > 0 ? by : -by; n > 0; n--) {
		do
			i += step;
		while (i >= 0 && i < (int)pl->nrows && pl->disp[i] < 0);
		if (i < 0 || i >= (int)pl->nrows)
			break;
		pl->cursor = i;
	}
	pl->top = first_row(pl, ts->rows - 4);
	return (TUI_RELOAD | TUI_REDRAW);	/* the rows come in view */
}

static int
pl_down(struct tui_state *ts)
{
	return (move_cursor(ts, 1));
}

static int
pl_up(struct tui_state *ts)
{
	return (move_cursor(ts, -1));
}

static int
pl_page_down(struct tui_state *ts)
{
	return (move_cursor(ts, ts->rows > 6 ? ts->rows - 5 : 1));
}

static int
pl_page_up(struct tui_state *ts)
{
	return (move_cursor(ts, -(ts->rows > 6 ? ts->rows - 5 : 1)));
}

static int
pl_filter(struct tui_state *ts)
{
	/* a new filter each time, as in less: Enter alone clears it, Up
	   brings the last one back */
	ts->prompt_recall = ts->pl.filter;
	return (tui_ask(ts, PROMPT_FILTER, "filter pods: ", "",
	    sizeof ts->pl.filter - 1));
}

static int
pl_open(struct tui_state *ts)
{
	const struct pods_row	*r = row_at(&ts->pl, ts->pl.cursor);
	char			*cause = NULL;

	if (r == NULL || r->pod == NULL)
		return (TUI_REDRAW);
	if (death_open(ts, r->pod, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	ts->next = VIEW_DEATH;
	return (TUI_PUSH);
}

static int
pl_click(struct tui_state *ts)
{
	struct pods_state	*pl = &ts->pl;
	int			 i = first_row(pl, ts->rows - 4) +
				     ts->mouse_y - 3;

	if (ts->mouse_y < 3 || i < 0 || i >= (int)pl->nrows ||
	    pl->disp[i] < 0)
		return (TUI_REDRAW);
	if (i == pl->cursor)
		return (pl_open(ts));
	pl->cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key pods_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next pod",
	    .action = pl_down },
	{ .key = 'j', .name = "j", .help = "next pod", .action = pl_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous pod",
	    .action = pl_up },
	{ .key = 'k', .name = "k", .help = "previous pod", .action = pl_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = pl_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = pl_page_up },
	{ .key = '/', .name = "/", .help = "filter by text (name, "
	    "namespace, workload, node, IP, container, finding, who "
	    "deleted it)",
	    .action = pl_filter },
	{ .key = '\r', .name = "Enter", .help = "the pod's death view",
	    .action = pl_open },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a pod; click "
	    "it again to open it", .action = pl_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* g: the first pod deleted at or after that time. */
int
pods_go(struct tui_state *ts, const char *answer)
{
	struct pods_state	*pl = &ts->pl;
	const struct pods_row	*r;
	int64_t			 t, seq, day;
	size_t			 lo, hi, mid;
	char			 tb[TIME_FMT_LEN], *cause = NULL;
	int			 rc;

	day = ts->pods.nwl > 0 ? ts->pods.wl[0].deleted_lo_us : TIME_NONE;
	if (tui_parse_time(answer, TIME_NONE, day != TIME_NONE ? day :
	    ts->ov.window_lo_us, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	rc = store_pod_list_deleted_after(ts->st, t, pl->filter, &seq, &cause);
	if (rc < 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	/* its row: the places of disp grow with its pods' rows */
	for (lo = 0, hi = pl->nrows; rc == 1 && lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		/* a heading sorts just before its workload's first pod */
		if ((pl->disp[mid] < 0 ? 2 * ts->pods.wl[-1 -
		    pl->disp[mid]].first_seq - 1 : 2 * pl->disp[mid]) <=
		    2 * seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (rc != 1 || lo == 0 || pl->disp[lo - 1] != seq) {
		snprintf(ts->message, sizeof ts->message, "no pod deleted at "
		    "or after that time");
		return (TUI_REDRAW);
	}
	pl->cursor = (int)lo - 1;
	pl->top = first_row(pl, ts->rows - 4);
	if (read_around(ts, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	r = row_at(pl, pl->cursor);
	snprintf(ts->message, sizeof ts->message, "the first pod deleted at "
	    "or after it: %.120s, at %s", r != NULL && r->pod != NULL &&
	    r->pod->r.name != NULL ? r->pod->r.name : "?", time_clock_dated(
	    r != NULL && r->pod != NULL ? r->pod->r.deletion_us : TIME_NONE,
	    pl->dated, tb, "?"));
	return (TUI_REDRAW);
}
