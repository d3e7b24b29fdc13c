/*
 * overview.c: the first screen (key 1).  The incident window on one time
 * axis: per workload a histogram of the requests routed to its pods,
 * then a row of its failures with its rollouts as bars, its deaths as
 * marks and its missing records as ticks; below, the findings.  Enter
 * opens the finding under the cursor.  The traffic comes pre-binned from
 * the store (store_traffic); nothing here scans requests.  No SQL.
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "rolist.h"
#include "timefmt.h"
#include "tui.h"

#define LABEL_MAX	30	/* columns of the workload names */

static int
label_w(int w)
{
	int	l = w / 4;

	return (l > LABEL_MAX ? LABEL_MAX : l < 12 ? 12 : l);
}

static void
lanes_free(struct ov_state *ov)
{
	size_t	i;

	for (i = 0; i < ov->nlanes; i++) {
		free(ov->lanes[i].req);
		free(ov->lanes[i].bad);
		free(ov->lanes[i].deaths);
		free(ov->lanes[i].killed);
		free(ov->lanes[i].rolls);
		free(ov->lanes[i].missing);
	}
	free(ov->lanes);
	ov->lanes = NULL;
	ov->nlanes = 0;
}

void
overview_clear(struct tui_state *ts)
{
	lanes_free(&ts->ov);
	ts->ov.loaded_cols = 0;
}

/* The lane of a workload, added when missing. */
static struct ov_lane *
lane_of(struct tui_state *ts, const char *ns, const char *wl)
{
	struct ov_state	*ov = &ts->ov;
	struct ov_lane	*l;
	size_t		 i;

	for (i = 0; i < ov->nlanes; i++) {
		l = &ov->lanes[i];
		if (str_eq(l->namespace, ns) && str_eq(l->workload, wl))
			return (l);
	}
	ov->lanes = xreallocarray(ov->lanes, ov->nlanes + 1,
	    sizeof *ov->lanes);
	l = &ov->lanes[ov->nlanes++];
	memset(l, 0, sizeof *l);
	l->namespace = arena_strdup(&ts->strings, ns);
	l->workload = arena_strdup(&ts->strings, wl);
	l->req = xcalloc(ov->ncols, sizeof *l->req);
	l->bad = xcalloc(ov->ncols, sizeof *l->bad);
	return (l);
}

static int
add_traffic(void *ctx, const struct store_traffic *t)
{
	struct tui_state	*ts = ctx;
	struct ov_lane		*l;
	int64_t			 bad;

	if (t->bin < 0 || (size_t)t->bin >= ts->ov.ncols)
		return (0);
	l = lane_of(ts, t->namespace, t->workload);
	bad = t->errors > t->conn_failures ? t->errors : t->conn_failures;
	l->req[t->bin] += t->requests;
	l->bad[t->bin] += bad;
	l->total += t->requests;
	l->failed += bad;
	if (l->req[t->bin] > l->peak)
		l->peak = l->req[t->bin];
	return (0);
}

/* The rollouts that replaced a set, with their deploys in words. */
static int
add_rollouts(struct tui_state *ts, char **cause)
{
	const struct rolist_item	*r;
	struct rolist			 ro;
	struct ov_lane			*l;
	struct ov_roll			*o;
	char				 w[320];
	size_t				 i;

	if (rolist_load(ts->st, &ro, cause) != 0)
		return (-1);
	for (i = 0; i < ro.n; i++) {
		r = &ro.v[i];
		if (r->start_us == TIME_NONE || r->old_rs == NULL)
			continue;
		l = lane_of(ts, r->namespace, r->deployment);
		l->rolls = xreallocarray(l->rolls, l->nrolls + 1,
		    sizeof *l->rolls);
		o = &l->rolls[l->nrolls++];
		memset(o, 0, sizeof *o);
		o->from_us = r->start_us;
		o->to_us = r->end_us != TIME_NONE ? r->end_us : r->start_us;
		rolist_deploy_words(r, 1, w, sizeof w);
		if (w[0] != '\0')
			o->words = arena_strdup(&ts->strings, w);
		rolist_deploy_words(r, 0, w, sizeof w);
		if (w[0] != '\0')
			o->short_words = arena_strdup(&ts->strings, w);
	}
	rolist_free(&ro);
	return (0);
}

static int
add_missing(void *ctx, const void *row)
{
	struct tui_state	*ts = ctx;
	const struct row_missing *m = row;
	struct ov_lane		*l;

	if (m->time_us == TIME_NONE)
		return (0);
	l = lane_of(ts, m->namespace, m->workload);
	l->missing = xreallocarray(l->missing, l->nmissing + 1,
	    sizeof *l->missing);
	l->missing[l->nmissing++] = m->time_us;
	return (0);
}

/* Whether t is on the axis. */
static int
on_axis(const struct ov_state *ov, int64_t t)
{
	return (t != TIME_NONE && t >= ov->axis.lo_us && t < ov->axis.hi_us);
}

/* A death on its workload's lane: a pod's end, or a container's. */
static void
add_death(struct tui_state *ts, const struct podset_pod *p, int64_t at,
    int killed)
{
	struct ov_lane	*l = lane_of(ts, p->r.namespace, p->r.workload);

	l->deaths = xreallocarray(l->deaths, l->ndeaths + 1,
	    sizeof *l->deaths);
	l->killed = xreallocarray(l->killed, l->ndeaths + 1,
	    sizeof *l->killed);
	l->deaths[l->ndeaths] = at;
	l->killed[l->ndeaths++] = killed;
}

/* Leaves out the lanes with nothing on the axis. */
static void
drop_empty(struct ov_state *ov)
{
	struct ov_lane	*l;
	size_t		 i, j, keep = 0;
	int		 any;

	for (i = 0; i < ov->nlanes; i++) {
		l = &ov->lanes[i];
		any = l->total > 0;
		for (j = 0; !any && j < l->ndeaths; j++)
			any = on_axis(ov, l->deaths[j]);
		for (j = 0; !any && j < l->nmissing; j++)
			any = on_axis(ov, l->missing[j]);
		for (j = 0; !any && j < l->nrolls; j++)
			any = l->rolls[j].to_us >= ov->axis.lo_us &&
			    l->rolls[j].from_us < ov->axis.hi_us;
		if (any) {
			ov->lanes[keep++] = *l;
			continue;
		}
		free(l->req);
		free(l->bad);
		free(l->deaths);
		free(l->killed);
		free(l->rolls);
		free(l->missing);
	}
	ov->nlanes = keep;
}

/* Lanes with the most to say first: failures, kills, deaths. */
static int
cmp_lane(const void *a, const void *b)
{
	const struct ov_lane	*p = a, *q = b;
	int64_t			 wp, wq;

	wp = p->failed + (int64_t)(p->ndeaths + p->nmissing) * 1000;
	wq = q->failed + (int64_t)(q->ndeaths + q->nmissing) * 1000;
	if (wp != wq)
		return (wp > wq ? -1 : 1);
	if (p->total != q->total)
		return (p->total > q->total ? -1 : 1);
	if (!str_eq(p->namespace, q->namespace))
		return (strcmp(p->namespace != NULL ? p->namespace : "",
		    q->namespace != NULL ? q->namespace : ""));
	return (strcmp(p->workload != NULL ? p->workload : "",
	    q->workload != NULL ? q->workload : ""));
}

int
overview_load(struct tui_state *ts, char **cause)
{
	struct ov_state		*ov = &ts->ov;
	struct store_summary	 sum;
	struct podset_pod	*p;
	int64_t			 span_s, step, at;
	size_t			 i, j;

	if (ov->loaded_cols == ts->cols && ov->loaded_cols > 0)
		return (0);	/* the data does not change: as it was */
	lanes_free(ov);
	ov->loaded_cols = ts->cols;
	if (store_window(ts->st, &sum, cause) != 0)
		return (-1);
	memset(&ov->axis, 0, sizeof ov->axis);
	if (sum.first_us == TIME_NONE) {
		ov->ncols = 0;
		return (0);
	}
	ov->window_lo_us = sum.first_us;
	ov->window_hi_us = sum.last_us;
	ov->axis.lo_us = time_floor_div(sum.first_us, 1000000) * 1000000;
	ov->axis.hi_us = -time_floor_div(-sum.last_us, 1000000) * 1000000;
	if (ov->axis.hi_us - ov->axis.lo_us < 10000000)
		ov->axis.hi_us = ov->axis.lo_us + 10000000;
	ov->ncols = (size_t)(ts->cols - label_w(ts->cols) - 1);
	if ((int)ov->ncols < 1)
		ov->ncols = 1;
	span_s = (ov->axis.hi_us - ov->axis.lo_us) / 1000000;
	step = (span_s + (int64_t)ov->ncols - 1) / (int64_t)ov->ncols;
	if (step < 1)
		step = 1;
	if (step > 60) {
		/* whole minutes: drawn from the per-minute traffic */
		step = (step + 59) / 60 * 60;
		ov->axis.lo_us = time_floor_div(ov->axis.lo_us, 60000000) *
		    60000000;
	}
	/* whole steps: the axis ends where the last column ends */
	ov->axis.hi_us = ov->axis.lo_us + step * (int64_t)ov->ncols * 1000000;
	/* the requests of the window (the axis ends on a whole column) */
	if (store_traffic(ts->st, ov->axis.lo_us / 1000000,
	    time_floor_div(sum.last_us, 1000000), step, add_traffic, ts,
	    cause) != 0)
		return (-1);
	if (add_rollouts(ts, cause) != 0 || store_model_scan(ts->st,
	    ROW_MISSING, add_missing, ts, cause) != 0)
		return (-1);
	for (i = 0; i < ts->pods.n; i++) {
		p = &ts->pods.v[i];
		if ((at = podset_died_at(p)) != TIME_NONE) {
			add_death(ts, p, p->r.killed && p->r.deadline_us !=
			    TIME_NONE ? p->r.deadline_us : at, p->r.killed);
			continue;
		}
		/* never deleted: each death of its containers (restarts) */
		for (j = 0; j < p->nt; j++) {
			if (podset_is_death(&p->t[j]) &&
			    p->t[j].finished_us != TIME_NONE)
				add_death(ts, p, p->t[j].finished_us, 0);
		}
	}
	drop_empty(ov);
	xqsort(ov->lanes, ov->nlanes, sizeof *ov->lanes, cmp_lane);
	if (ov->cursor >= (int)ts->nfindings)
		ov->cursor = ts->nfindings > 0 ? (int)ts->nfindings - 1 : 0;
	return (0);
}

/* A workload's name for its lane. */
static void
lane_name(const struct ov_lane *l, char *out, size_t len)
{
	if (l->workload == NULL)
		snprintf(out, len, "(no pod)");
	else
		snprintf(out, len, "%s/%s", l->namespace != NULL ?
		    l->namespace : "-", l->workload);
}

/* The columns of the plot where a rollout's bar is drawn, or -1. */
static void
roll_cols(const struct ov_state *ov, const struct ov_roll *r, int x0,
    int w, int *xa, int *xb)
{
	*xa = tui_col(r->from_us < ov->axis.lo_us ? ov->axis.lo_us :
	    r->from_us, ov->axis.lo_us, ov->axis.hi_us, x0, w);
	*xb = tui_col(r->to_us > ov->axis.hi_us ? ov->axis.hi_us : r->to_us,
	    ov->axis.lo_us, ov->axis.hi_us, x0, w);
}

/*
 * The first column of the rollout's bar from which its words (whole,
 * else without who deployed it) fit on columns nothing else marks
 * (busy: failures, deaths, missing records, words already placed), a
 * blank column either side, after the bar's first column (where it
 * starts shows); -1 when neither fits.  *words is the one that fits.
 */
static int
words_at(const struct ov_roll *r, const char *busy, int xa, int xb,
    int x0, const char **words)
{
	const char	*try[2] = { r->words, r->short_words };
	int		 i, x, n, run;

	for (i = 0; i < 2; i++) {
		if (try[i] == NULL)
			continue;
		n = (int)out_printed_cols(try[i]) + 2;
		for (run = 0, x = xa + 1; x <= xb; x++) {
			run = busy[x - x0] ? 0 : run + 1;
			if (run == n) {
				*words = try[i];
				return (x - n + 2);
			}
		}
	}
	return (-1);
}

/* The second row of a lane: failures, rollouts, deaths, missing. */
static void
lane_marks(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const struct ov_lane *l)
{
	const struct ov_state	*ov = &ts->ov;
	const char		*words;
	char			*busy;
	size_t			 i, nb;
	int			 x, xa, xb, at;

	nb = (size_t)w < ov->ncols ? (size_t)w : ov->ncols;
	busy = xcalloc(w > 0 ? (size_t)w : 1, 1);
	for (i = 0; i < nb; i++)
		busy[i] = l->bad[i] > 0;
	for (i = 0; i < l->nmissing; i++)
		if ((x = tui_col(l->missing[i], ov->axis.lo_us,
		    ov->axis.hi_us, x0, w)) >= 0)
			busy[x - x0] = 1;
	for (i = 0; i < l->ndeaths; i++)
		if ((x = tui_col(l->deaths[i], ov->axis.lo_us,
		    ov->axis.hi_us, x0, w)) >= 0)
			busy[x - x0] = 1;
	for (i = 0; i < l->nrolls; i++) {
		roll_cols(ov, &l->rolls[i], x0, w, &xa, &xb);
		if (xa < 0 || xb < 0)
			continue;
		for (x = xa; x <= xb; x++)
			tui_put_glyph(win, &ts->look, y, x, G_ROLLOUT, A_DIM,
			    PAIR_RUNNING);
		/* what deployed it, on its bar where nothing else is */
		if ((at = words_at(&l->rolls[i], busy, xa, xb, x0,
		    &words)) < 0)
			continue;
		x = tui_text(win, &ts->look, y, at - 1, 1, " ", A_NORMAL,
		    PAIR_NONE);
		x += tui_text(win, &ts->look, y, at, xb - at + 1, words,
		    A_NORMAL, PAIR_RUNNING);
		tui_text(win, &ts->look, y, at + x - 1, 1, " ", A_NORMAL,
		    PAIR_NONE);
		memset(busy + (at - 1 - x0), 1, (size_t)x + 1);
	}
	tui_bars(win, &ts->look, y, x0, l->bad, nb, l->peak > 0 ? l->peak :
	    1, PAIR_TERM);
	for (i = 0; i < l->nmissing; i++) {
		x = tui_col(l->missing[i], ov->axis.lo_us, ov->axis.hi_us, x0,
		    w);
		if (x >= 0)
			tui_put_glyph(win, &ts->look, y, x, G_MISSING, A_BOLD,
			    PAIR_SIDECAR);
	}
	for (i = 0; i < l->ndeaths; i++) {
		x = tui_col(l->deaths[i], ov->axis.lo_us, ov->axis.hi_us, x0,
		    w);
		if (x >= 0)
			tui_put_glyph(win, &ts->look, y, x, l->killed[i] ?
			    G_KILLED : G_EXIT, A_BOLD, l->killed[i] ?
			    PAIR_TERM : PAIR_NONE);
	}
	free(busy);
}

/* One finding on one row. */
static void
finding_row(WINDOW *win, const struct tui_state *ts, int y, int w,
    size_t i, int cur)
{
	const struct tui_finding	*f = &ts->findings[i];
	attr_t				 a = cur ? A_REVERSE : A_NORMAL;
	char				 scope[512];
	int				 x;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	x = tui_textf(win, &ts->look, y, 0, w, a, PAIR_NONE, "%2zu ", i + 1);
	x += tui_text(win, &ts->look, y, x, w - x, str_eq(f->r.severity,
	    "critical") ? "CRIT " : "warn ", a | A_BOLD,
	    str_eq(f->r.severity, "critical") ? PAIR_TERM : PAIR_PRESTOP);
	x += tui_textf(win, &ts->look, y, x, w - x, a | A_BOLD, PAIR_NONE,
	    "%-27s ", f->r.kind);
	/* records missing from no known pod: the summary says it all */
	tui_finding_scope(&f->r, scope, sizeof scope);
	if (f->r.workload != NULL || f->npods > 0)
		x += tui_textf(win, &ts->look, y, x, w - x, a, PAIR_NONE,
		    "%s %zu pod%s ", scope, f->npods, f->npods == 1 ? "" : "s");
	tui_text(win, &ts->look, y, x, w - x, f->r.summary, a, PAIR_NONE);
}

/* Where the parts go in h rows: lanes shown, the list's row and top. */
struct ov_layout {
	int	nshown;		/* lanes drawn */
	int	list_y;		/* the first finding's row */
	int	top;		/* the first finding drawn */
	int	lane_top;	/* the first lane drawn: ov->lane_top, less
				   where the lanes after it would not fill
				   their rows (PgDn at another size) */
};

static void
layout(const struct tui_state *ts, int h, struct ov_layout *lo)
{
	const struct ov_state	*ov = &ts->ov;
	int			 lanes_h, list_h, rows;

	/* lanes take at most half of what is left, two rows each */
	list_h = ts->nfindings > 0 ? (int)ts->nfindings + 1 : 2;
	lanes_h = h - 4 - (list_h < (h - 4) / 2 ? list_h : (h - 4) / 2);
	lo->nshown = lanes_h / 2;
	lo->lane_top = ov->lane_top;
	if (lo->lane_top > (int)ov->nlanes - lo->nshown)
		lo->lane_top = (int)ov->nlanes - lo->nshown;
	if (lo->lane_top < 0)
		lo->lane_top = 0;
	if (lo->nshown > (int)ov->nlanes - lo->lane_top)
		lo->nshown = (int)ov->nlanes - lo->lane_top;
	if (lo->nshown < 0)
		lo->nshown = 0;
	lo->list_y = 3 + 2 * lo->nshown + 1;
	if ((int)ov->nlanes > lo->lane_top + lo->nshown)
		lo->list_y++;
	rows = h - 1 - lo->list_y;
	lo->top = ov->top;
	if (ov->cursor < lo->top)
		lo->top = ov->cursor;
	if (rows > 0 && ov->cursor >= lo->top + rows)
		lo->top = ov->cursor - rows + 1;
}

void
overview_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct ov_state	*ov = &ts->ov;
	const struct ov_lane	*l;
	struct ov_layout	 lo;
	char			 name[256], a[TIME_FMT_LEN], b[TIME_FMT_LEN];
	char			*fit;
	int			 lw = label_w(w), x0 = lw + 1, pw = w - x0;
	int			 y, i;

	tui_title(win, w, ts, "Overview");
	if (ov->ncols == 0) {
		tui_text(win, &ts->look, 2, 1, w - 2, "Nothing with a time was "
		    "imported yet: coroner import PATH... (see coroner "
		    "--help).", A_NORMAL, PAIR_NONE);
		tui_keybar(win, h, w, ts, "Q quit  ? help");
		return;
	}
	time_format(ov->window_lo_us, a);
	time_format(ov->window_hi_us, b);
	if (strncmp(a, b, 10) != 0)
		b[10] = ' ';
	tui_textf(win, &ts->look, 1, 0, w, A_BOLD, PAIR_NONE, "Incident "
	    "window %.10s %.8s to %.*s UTC: %zu pod%s, %zu finding%s", a,
	    a + 11, strncmp(a, b, 10) != 0 ? 19 : 8, strncmp(a, b, 10) != 0 ?
	    b : b + 11, ts->pods.n, ts->pods.n == 1 ? "" : "s",
	    ts->nfindings, ts->nfindings == 1 ? "" : "s");
	tui_axis(win, &ts->look, 2, x0, pw, ov->axis.lo_us, ov->axis.hi_us,
	    TIME_NONE);
	layout(ts, h, &lo);
	y = 3;
	for (i = 0; i < lo.nshown; i++) {
		l = &ov->lanes[lo.lane_top + i];
		lane_name(l, name, sizeof name);
		/*
		 * When "namespace/workload" does not fit, the workload alone,
		 * cut in the middle if it must be: its end tells them apart
		 */
		fit = out_printed_cols(name) <= (size_t)lw - 1 ||
		    l->workload == NULL ? out_fit(name, (size_t)lw - 1,
		    OUT_CUT_MIDDLE, !ts->look.utf8) : out_fit(l->workload,
		    (size_t)lw - 1, OUT_CUT_MIDDLE, !ts->look.utf8);
		tui_text(win, &ts->look, y, 0, lw, fit, A_BOLD, PAIR_NONE);
		free(fit);
		tui_bars(win, &ts->look, y, x0, l->req, (size_t)pw <
		    ov->ncols ? (size_t)pw : ov->ncols, l->peak, PAIR_READY);
		if (l->total > 0)
			tui_textf(win, &ts->look, y + 1, 1, lw - 1, A_DIM,
			    PAIR_NONE, "%lld req, %lld failed", (long long)
			    l->total, (long long)l->failed);
		else
			/* ", no requests" where it fits */
			tui_textf(win, &ts->look, y + 1, 1, lw - 1, A_DIM,
			    PAIR_NONE, "%zu death%s%s", l->ndeaths,
			    l->ndeaths == 1 ? "" : "s", lw - 1 >= 22 ?
			    ", no requests" : "");
		lane_marks(win, ts, y + 1, x0, pw, l);
		y += 2;
	}
	if ((int)ov->nlanes > lo.lane_top + lo.nshown)
		tui_textf(win, &ts->look, y++, 1, w - 1, A_DIM, PAIR_NONE,
		    "(%zu more workloads: PgDn)", ov->nlanes -
		    (size_t)lo.nshown - (size_t)lo.lane_top);
	tui_textf(win, &ts->look, y++, 0, w, A_BOLD | A_UNDERLINE,
	    PAIR_NONE, "Findings (%zu)", ts->nfindings);
	if (ts->nfindings == 0)
		tui_text(win, &ts->look, y, 1, w - 1, "No findings: nothing "
		    "went wrong that coroner can tell.", A_NORMAL, PAIR_NONE);
	for (i = lo.top; i < (int)ts->nfindings && y < h - 1; i++, y++)
		finding_row(win, ts, y, w, (size_t)i, i == ov->cursor);
	/*
	 * Rows left under the list: what the finding under the cursor says
	 * and its fix, as in the findings list
	 */
	if (ov->cursor >= 0 && ov->cursor < (int)ts->nfindings &&
	    y + 3 < h - 1)
		tui_finding_brief(win, ts, &ts->findings[ov->cursor], y + 1,
		    h - 1, w);
	tui_keybar(win, h, w, ts, "Up/Down finding  Enter open  PgDn lanes  "
	    "2 pods  ; SQL  ? help  Q quit");
}

static int
ov_down(struct tui_state *ts)
{
	if (ts->ov.cursor + 1 < (int)ts->nfindings)
		ts->ov.cursor++;
	return (TUI_REDRAW);
}

static int
ov_up(struct tui_state *ts)
{
	if (ts->ov.cursor > 0)
		ts->ov.cursor--;
	return (TUI_REDRAW);
}

static int
ov_lanes_down(struct tui_state *ts)
{
	struct ov_layout	lo;

	/* from the lane drawn first, not one a larger screen allowed */
	layout(ts, ts->rows, &lo);
	ts->ov.lane_top = lo.lane_top;
	if (lo.lane_top + lo.nshown < (int)ts->ov.nlanes)
		ts->ov.lane_top++;
	return (TUI_REDRAW);
}

static int
ov_lanes_up(struct tui_state *ts)
{
	struct ov_layout	lo;

	layout(ts, ts->rows, &lo);
	ts->ov.lane_top = lo.lane_top;
	if (ts->ov.lane_top > 0)
		ts->ov.lane_top--;
	return (TUI_REDRAW);
}

static int
ov_open(struct tui_state *ts)
{
	if (ts->nfindings == 0)
		return (TUI_REDRAW);
	ts->fv.idx = (size_t)ts->ov.cursor;
	ts->next = VIEW_FINDING;
	return (TUI_PUSH);
}

/* A click on a finding's row selects it; on the selected one opens it. */
static int
ov_click(struct tui_state *ts)
{
	struct ov_layout	lo;
	int			i;

	layout(ts, ts->rows, &lo);
	i = lo.top + ts->mouse_y - lo.list_y;
	if (ts->mouse_y < lo.list_y || i < 0 || i >= (int)ts->nfindings)
		return (TUI_REDRAW);
	if (i == ts->ov.cursor)
		return (ov_open(ts));
	ts->ov.cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key overview_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next finding",
	    .action = ov_down },
	{ .key = 'j', .name = "j", .help = "next finding", .action = ov_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous finding",
	    .action = ov_up },
	{ .key = 'k', .name = "k", .help = "previous finding",
	    .action = ov_up },
	{ .key = '\r', .name = "Enter", .help = "open the finding",
	    .action = ov_open },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "more workloads",
	    .action = ov_lanes_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "fewer workloads",
	    .action = ov_lanes_up },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a finding",
	    .action = ov_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* g: the first finding still going on at that time, or after it. */
int
overview_go(struct tui_state *ts, const char *answer)
{
	const struct row_finding	*r;
	int64_t				 t, d, best_d = 0;
	size_t				 i, best = SIZE_MAX;
	char				 at[TIME_FMT_LEN];

	if (tui_parse_time(answer, TIME_NONE, ts->ov.axis.lo_us, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	/*
	 * The finding whose window holds t (the narrowest of those), else
	 * the one whose window is nearest to it.
	 */
	for (i = 0; i < ts->nfindings; i++) {
		r = &ts->findings[i].r;
		if (r->start_us == TIME_NONE || r->end_us == TIME_NONE)
			continue;
		if (t >= r->start_us && t <= r->end_us)
			d = -(INT64_MAX / 2) + (r->end_us - r->start_us);
		else
			d = t < r->start_us ? r->start_us - t : t - r->end_us;
		if (best == SIZE_MAX || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	if (best == SIZE_MAX) {
		snprintf(ts->message, sizeof ts->message, "no finding has a "
		    "time to go to");
		return (TUI_REDRAW);
	}
	ts->ov.cursor = (int)best;
	time_format(t, at);
	r = &ts->findings[best].r;
	snprintf(ts->message, sizeof ts->message, "%.19s: finding %zu (%s) "
	    "%s it", at, best + 1, r->kind, t >= r->start_us &&
	    t <= r->end_us ? "covers" : "is the nearest to");
	return (TUI_REDRAW);
}
