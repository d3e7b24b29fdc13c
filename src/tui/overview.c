/*
 * overview.c: the first screen (key 1).  The incident window on one time
 * axis, zoomed and panned with + - 0 Left Right and g: per workload
 * three rows, one meaning a row: a histogram of the requests routed to
 * its pods, a histogram of the failed ones, then its rollouts as bars
 * with its deaths outside them, its kills and its missing records as
 * marks.  Below, the findings first, the one under the cursor with its
 * fix, and the deaths of its pods (Tab, Enter opens one).  The lanes are
 * the window's, in the order of its totals (lane_traffic, lane_deaths:
 * podlist.h), zoomed or not; a lane's bins and deaths are read from the
 * store, pre-binned, when it is shown; nothing here scans requests or
 * holds every pod.  No SQL.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "hindex.h"
#include "out.h"
#include "rolist.h"
#include "timefmt.h"
#include "moments.h"
#include "tui.h"

#define LABEL_MAX	30	/* columns of the workload names */

static int
label_w(int w)
{
	int	l = w / 4;

	return (l > LABEL_MAX ? LABEL_MAX : l < 12 ? 12 : l);
}

/* Frees what a lane owns. */
static void
lane_free(struct ov_lane *l)
{
	free(l->req);
	free(l->bad);
	free(l->deaths);
	free(l->killed);
	free(l->rolls);
	free(l->missing);
}

static void
lanes_free(struct ov_state *ov)
{
	size_t	i;

	for (i = 0; i < ov->nlanes; i++)
		lane_free(&ov->lanes[i]);
	free(ov->lanes);
	ov->lanes = NULL;
	ov->nlanes = 0;
	hindex_free(&ov->by_name);
}

void
overview_clear(struct tui_state *ts)
{
	lanes_free(&ts->ov);
	free(ts->ov.dpods);
	ts->ov.dpods = NULL;
	ts->ov.ndpods = 0;
	ts->ov.loaded_cols = 0;
}

/* A workload's name, as lane_of looks it up. */
struct lane_key {
	const struct ov_state	*ov;
	const char		*ns;
	const char		*wl;
};

static int
lane_is(const void *ctx, size_t item)
{
	const struct lane_key	*k = ctx;
	const struct ov_lane	*l = &k->ov->lanes[item];

	return (str_eq(l->namespace, k->ns) && str_eq(l->workload, k->wl));
}

/* The lane of a workload, added when missing. */
static struct ov_lane *
lane_of(struct tui_state *ts, const char *ns, const char *wl)
{
	struct ov_state	*ov = &ts->ov;
	struct ov_lane	*l;
	struct lane_key	 k = { ov, ns, wl };
	uint64_t	 h = hindex_str(hindex_str(HINDEX_SEED, ns), wl);
	size_t		 i;

	if ((i = hindex_get(&ov->by_name, h, lane_is, &k)) != HINDEX_NONE)
		return (&ov->lanes[i]);
	hindex_put(&ov->by_name, h, ov->nlanes, lane_is, &k);
	ov->lanes = xgrow(ov->lanes, ov->nlanes, sizeof *ov->lanes);
	l = &ov->lanes[ov->nlanes++];
	memset(l, 0, sizeof *l);
	l->namespace = arena_strdup(&ts->strings, ns);
	l->workload = arena_strdup(&ts->strings, wl);
	return (l);
}

/* The lane's columns, made when first needed (most lanes are not shown). */
static void
bins_alloc(struct ov_lane *l, size_t ncols)
{
	if (l->req != NULL)
		return;
	l->req = xcalloc(ncols > 0 ? ncols : 1, sizeof *l->req);
	l->bad = xcalloc(ncols > 0 ? ncols : 1, sizeof *l->bad);
}

/* A bin of attempts on its lane. */
static int
bin_add(struct ov_lane *l, size_t ncols, const struct store_traffic *t)
{
	int64_t	bad;

	if (t->bin < 0 || (size_t)t->bin >= ncols)
		return (0);
	bins_alloc(l, ncols);
	bad = t->errors > t->conn_failures ? t->errors : t->conn_failures;
	l->req[t->bin] += t->requests;
	l->bad[t->bin] += bad;
	l->total += t->requests;
	l->failed += bad;
	if (l->req[t->bin] > l->peak)
		l->peak = l->req[t->bin];
	if (l->bad[t->bin] > l->bad_peak)
		l->bad_peak = l->bad[t->bin];
	return (0);
}

/* One lane's bins (store_lane_traffic). */
struct lane_bins {
	struct ov_lane	*l;
	size_t		 ncols;
};

static int
add_lane_bin(void *ctx, const struct store_traffic *t)
{
	struct lane_bins	*b = ctx;

	return (bin_add(b->l, b->ncols, t));
}

/*
 * A workload's attempts over the window (lane_traffic): its lane and its
 * place among the lanes before its bins are read.
 */
static int
add_lane_total(void *ctx, const void *row)
{
	struct tui_state		*ts = ctx;
	const struct row_lane_traffic	*t = row;
	struct ov_lane			*l;

	l = lane_of(ts, t->namespace, t->workload);
	l->total = t->requests;
	l->failed = t->failed;
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
	l->missing = xgrow(l->missing, l->nmissing,
	    sizeof *l->missing);
	l->missing[l->nmissing++] = m->time_us;
	return (0);
}

/* A death read for a lane (store_lane_deaths). */
static int
add_death(void *ctx, const void *row)
{
	struct ov_lane			*l = ctx;
	const struct row_lane_death	*d = row;

	l->deaths = xgrow(l->deaths, l->ndeaths, sizeof *l->deaths);
	l->killed = xgrow(l->killed, l->ndeaths, sizeof *l->killed);
	l->deaths[l->ndeaths] = d->at_us;
	l->killed[l->ndeaths++] = d->killed;
	return (0);
}

/* A lane for each workload whose pods died, with their count. */
static void
add_workload_deaths(struct tui_state *ts)
{
	const struct row_workload_pods	*w;
	struct ov_lane			*l;
	size_t				 i;

	for (i = 0; i < ts->pods.nwl; i++) {
		w = &ts->pods.wl[i];
		if (w->deaths == 0)
			continue;
		l = lane_of(ts, w->namespace, w->workload);
		l->deaths_all = (size_t)w->deaths;
		l->deaths_first_us = w->first_us;
		l->deaths_last_us = w->last_us;
	}
}

static int
any_death(void *ctx, const void *row)
{
	(void)ctx;
	(void)row;
	return (1);
}

/* Whether one of the lane's deaths is in lo..hi: 1, 0, or -1. */
static int
deaths_within(struct tui_state *ts, const struct ov_lane *l, int64_t lo,
    int64_t hi, char **cause)
{
	if (l->deaths_all == 0 || l->deaths_last_us < lo ||
	    l->deaths_first_us >= hi)
		return (0);
	if (l->deaths_first_us >= lo && l->deaths_last_us < hi)
		return (1);
	/* some before or after: are any within? */
	return (store_lane_deaths(ts->st, l->namespace, l->workload, lo, hi,
	    any_death, NULL, cause));
}

/* Whether a missing record or a rollout of the lane is in lo..hi. */
static int
marks_within(const struct ov_lane *l, int64_t lo, int64_t hi)
{
	size_t	j;

	for (j = 0; j < l->nmissing; j++)
		if (l->missing[j] != TIME_NONE && l->missing[j] >= lo &&
		    l->missing[j] < hi)
			return (1);
	for (j = 0; j < l->nrolls; j++)
		if (l->rolls[j].to_us >= lo && l->rolls[j].from_us < hi)
			return (1);
	return (0);
}

/* Whether the lane, read, has nothing on the axis to draw. */
static int
empty_on_axis(const struct ov_state *ov, const struct ov_lane *l)
{
	return (l->total == 0 && l->ndeaths == 0 && !marks_within(l,
	    ov->axis.lo_us, ov->axis.hi_us));
}

/*
 * Reads what the lanes that can be shown from the first one shown draw:
 * their deaths on the axis, and their bins where only their totals were
 * read (the whole window); a screen's worth, so that a lane is read when
 * it comes into view (Down, PgDn) and not before.  Zoomed, a lane with
 * nothing on the axis is left out as it is read (those after it, not
 * read yet, are counted as more).
 */
static int
read_shown(struct tui_state *ts, char **cause)
{
	struct ov_state		*ov = &ts->ov;
	struct ov_lane		*l;
	struct lane_bins	 b = { NULL, ov->ncols };
	size_t			 i, from;
	int			 zoomed = ov->view_hi_us > ov->view_lo_us;

	from = ov->lane_top > 0 ? (size_t)ov->lane_top : 0;
	/* a taller screen than the lanes' shows fewer, from earlier */
	from = from > (size_t)ts->rows ? from - (size_t)ts->rows : 0;
	for (i = from; i < ov->nlanes && i < from + 2 * (size_t)ts->rows; ) {
		l = &ov->lanes[i];
		if (!l->bins_read) {
			/* the counts drawn are the bins': the axis's */
			b.l = l;
			l->bins_read = 1;
			l->total = l->failed = 0;
			if (store_lane_traffic(ts->st, l->namespace,
			    l->workload, ov->axis.lo_us / 1000000, ov->to_s,
			    ov->step_s, add_lane_bin, &b, cause) != 0)
				return (-1);
		}
		bins_alloc(l, ov->ncols);	/* drawn, if empty */
		if (!l->deaths_read) {
			l->deaths_read = 1;
			if (l->deaths_all > 0 && store_lane_deaths(ts->st,
			    l->namespace, l->workload, ov->axis.lo_us,
			    ov->axis.hi_us, add_death, l, cause) != 0)
				return (-1);
			l->deaths_on = l->ndeaths;
		}
		if (zoomed && empty_on_axis(ov, l)) {
			lane_free(l);
			memmove(l, l + 1, (ov->nlanes - i - 1) * sizeof *l);
			ov->nlanes--;
			continue;
		}
		i++;
	}
	return (0);
}

/*
 * Leaves out the lanes with nothing in the window (and on the axis, which
 * holds it but when zoomed): a zoom keeps the window's lanes in their
 * order, and leaves out those with nothing in its span as they are read
 * (read_shown).
 */
static int
drop_empty(struct tui_state *ts, char **cause)
{
	struct ov_state	*ov = &ts->ov;
	struct ov_lane	*l;
	size_t		 i, keep = 0;
	int64_t		 lo, hi;
	int		 any;

	/* the window holds its last moment: its end is in it */
	lo = ov->axis.lo_us < ov->window_lo_us ? ov->axis.lo_us :
	    ov->window_lo_us;
	hi = ov->axis.hi_us > ov->window_hi_us ? ov->axis.hi_us :
	    ov->window_hi_us + 1;
	for (i = 0; i < ov->nlanes; i++) {
		l = &ov->lanes[i];
		any = l->total > 0;
		if (!any && (any = deaths_within(ts, l, lo, hi, cause)) < 0)
			return (-1);
		if (any || marks_within(l, lo, hi)) {
			ov->lanes[keep++] = *l;
			continue;
		}
		lane_free(l);
	}
	ov->nlanes = keep;
	hindex_free(&ov->by_name);	/* the lanes moved: no more lookups */
	return (0);
}

/* Lanes with the most to say first: failures, kills, deaths. */
static int
cmp_lane(const void *a, const void *b)
{
	const struct ov_lane	*p = a, *q = b;
	int64_t			 wp, wq;

	wp = p->failed + (int64_t)(p->deaths_all + p->nmissing) * 1000;
	wq = q->failed + (int64_t)(q->deaths_all + q->nmissing) * 1000;
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

/* The deaths of the finding under the cursor, in deletion order. */
static int
pick_deaths(struct tui_state *ts, char **cause)
{
	struct ov_state		*ov = &ts->ov;
	struct tui_finding	*f;
	struct podset_pod	*p;
	size_t			 i;
	int			 rc = 0;

	free(ov->dpods);
	ov->dpods = NULL;
	ov->ndpods = 0;
	if (ov->cursor >= 0 && ov->cursor < (int)ts->nfindings) {
		/* read in the list's order: the order of their deaths */
		f = &ts->findings[ov->cursor];
		rc = tui_finding_pods(ts, f, cause);
		for (i = 0; rc == 0 && i < f->nloaded; i++) {
			if (podset_zero_at(p = f->pods[i]) == TIME_NONE)
				continue;
			ov->dpods = xreallocarray(ov->dpods, ov->ndpods + 1,
			    sizeof *ov->dpods);
			ov->dpods[ov->ndpods++] = p;
		}
	}
	if (ov->dcursor >= (int)ov->ndpods)
		ov->dcursor = ov->dtop = 0;
	if (ov->ndpods == 0)
		ov->pane = 0;
	return (rc);
}

/* pick_deaths for a key: a failure is said on the status line. */
static void
pick_deaths_key(struct tui_state *ts)
{
	char	*cause = NULL;

	if (pick_deaths(ts, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
	}
}

/* Counts what of a lane is on the axis, for its labels. */
static void
count_on(const struct ov_state *ov, struct ov_lane *l)
{
	size_t	i;

	l->rolls_on = 0;
	for (i = 0; i < l->nrolls; i++)
		if (l->rolls[i].to_us >= ov->axis.lo_us &&
		    l->rolls[i].from_us < ov->axis.hi_us)
			l->rolls_on++;
}

int
overview_load(struct tui_state *ts, char **cause)
{
	struct ov_state		*ov = &ts->ov;
	struct store_summary	 sum;
	int64_t			 span_s, step;
	size_t			 i;
	int			 zoomed;

	if (ov->loaded_cols == ts->cols && ov->loaded_cols > 0)
		return (read_shown(ts, cause)); /* the lanes come in view */
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
	zoomed = ov->view_hi_us > ov->view_lo_us;
	if (zoomed) {
		ov->axis.lo_us = ov->view_lo_us;
		ov->axis.hi_us = ov->view_hi_us;
	} else {
		ov->axis.lo_us = sum.first_us;
		ov->axis.hi_us = sum.last_us;
	}
	ov->axis.lo_us = time_floor_div(ov->axis.lo_us, 1000000) * 1000000;
	ov->axis.hi_us = -time_floor_div(-ov->axis.hi_us, 1000000) * 1000000;
	if (ov->axis.hi_us - ov->axis.lo_us < 10000000)
		ov->axis.hi_us = ov->axis.lo_us + 10000000;
	ov->ncols = (size_t)(ts->cols - label_w(ts->cols) - 1);
	if ((int)ov->ncols < 1)
		ov->ncols = 1;
	/* a zoom's span as asked: its ends rounded out to whole seconds
	   would take a second more than its columns (two a column) */
	span_s = zoomed ? -time_floor_div(ov->view_lo_us - ov->view_hi_us,
	    1000000) : (ov->axis.hi_us - ov->axis.lo_us) / 1000000;
	step = (span_s + (int64_t)ov->ncols - 1) / (int64_t)ov->ncols;
	if (step < 1)
		step = 1;
	if (step > 60)
		step = (step + 59) / 60 * 60;
	/* a zoom's middle stays the axis's middle (g centres on a time) */
	if (zoomed)
		ov->axis.lo_us = ov->view_lo_us / 2 + ov->view_hi_us / 2 -
		    step * (int64_t)ov->ncols * 500000;
	/* whole seconds, or whole minutes: drawn from the per-minute
	   traffic */
	ov->axis.lo_us = time_floor_div(ov->axis.lo_us, step > 60 ?
	    60000000 : 1000000) * (step > 60 ? 60000000 : 1000000);
	ov->step_s = step;
	/* whole steps: the axis ends where the last column ends */
	ov->axis.hi_us = ov->axis.lo_us + step * (int64_t)ov->ncols * 1000000;
	/* the requests on the axis, up to the window's end */
	ov->to_s = time_floor_div(sum.last_us < ov->axis.hi_us ? sum.last_us :
	    ov->axis.hi_us - 1, 1000000);
	/*
	 * The lanes of the window, in its order, zoomed or not: each
	 * workload's total over it, the bins of the axis read when a lane
	 * is shown (read_shown)
	 */
	if (store_model_scan(ts->st, ROW_LANE_TRAFFIC, add_lane_total, ts,
	    cause) != 0 || add_rollouts(ts, cause) != 0 ||
	    store_model_scan(ts->st, ROW_MISSING, add_missing, ts,
	    cause) != 0)
		return (-1);
	add_workload_deaths(ts);
	if (drop_empty(ts, cause) != 0)
		return (-1);
	for (i = 0; i < ov->nlanes; i++)
		count_on(ov, &ov->lanes[i]);
	xqsort(ov->lanes, ov->nlanes, sizeof *ov->lanes, cmp_lane);
	if (ov->lane_top >= (int)ov->nlanes)
		ov->lane_top = 0;
	if (ov->cursor >= (int)ts->nfindings)
		ov->cursor = ts->nfindings > 0 ? (int)ts->nfindings - 1 : 0;
	if (read_shown(ts, cause) != 0)
		return (-1);
	return (pick_deaths(ts, cause));
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

/* Whether t is under one of the lane's rollouts' bars. */
static int
in_rollout(const struct ov_lane *l, int64_t t)
{
	size_t	i;

	for (i = 0; i < l->nrolls; i++)
		if (t >= l->rolls[i].from_us && t <= l->rolls[i].to_us)
			return (1);
	return (0);
}

/*
 * The third row of a lane: its rollouts as bars (the pods they replaced
 * die under them), the deaths outside a rollout, the kills and the
 * missing records as marks, each glyph one meaning.
 */
static void
lane_marks(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const struct ov_lane *l)
{
	const struct ov_state	*ov = &ts->ov;
	const char		*words;
	char			*busy;
	size_t			 i;
	int			 x, xa, xb, at;

	busy = xcalloc(w > 0 ? (size_t)w : 1, 1);
	for (i = 0; i < l->nmissing; i++)
		if ((x = tui_col(l->missing[i], ov->axis.lo_us,
		    ov->axis.hi_us, x0, w)) >= 0)
			busy[x - x0] = 1;
	for (i = 0; i < l->ndeaths; i++)
		if ((x = tui_col(l->deaths[i], ov->axis.lo_us,
		    ov->axis.hi_us, x0, w)) >= 0 && (l->killed[i] ||
		    !in_rollout(l, l->deaths[i])))
			busy[x - x0] = 1;
	for (i = 0; i < l->nrolls; i++) {
		roll_cols(ov, &l->rolls[i], x0, w, &xa, &xb);
		if (xa < 0 || xb < 0)
			continue;
		for (x = xa; x <= xb; x++)
			tui_put_glyph(win, &ts->look, y, x, G_ROLLOUT, A_BOLD,
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
		if (x < 0 || (!l->killed[i] && in_rollout(l, l->deaths[i])))
			continue;
		tui_put_glyph(win, &ts->look, y, x, l->killed[i] ? G_KILLED :
		    G_EXIT, A_BOLD, l->killed[i] ? PAIR_TERM : PAIR_NONE);
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
	int	list_h;		/* rows of findings */
	int	top;		/* the first finding drawn */
	int	lane_top;	/* the first lane drawn: ov->lane_top, less
				   where the lanes after it would not fill
				   their rows (PgDn at another size) */
};

#define LANE_ROWS	3	/* requests, failures, rollouts and deaths */
#define LIST_MAX	5	/* findings listed before the lanes shrink */

/*
 * The findings come first: their heading and up to LIST_MAX rows, and
 * four rows for the one under the cursor, before any lane; the lanes
 * then take what is left, at most half of the rows.
 */
static void
layout(const struct tui_state *ts, int h, struct ov_layout *lo)
{
	const struct ov_state	*ov = &ts->ov;
	int			 avail = h - 4, list_h, brief, lanes_h;

	list_h = ts->nfindings == 0 ? 1 : (int)ts->nfindings < LIST_MAX ?
	    (int)ts->nfindings : LIST_MAX;
	brief = ts->nfindings > 0 ? 4 : 0;
	lanes_h = avail - 1 - list_h - brief;
	if (lanes_h > avail / 2)
		lanes_h = avail / 2;
	lo->nshown = lanes_h / LANE_ROWS;
	/* a PgDn from a taller screen: back to where the lanes fill */
	lo->lane_top = ov->lane_top;
	if (lo->lane_top > (int)ov->nlanes - lo->nshown)
		lo->lane_top = (int)ov->nlanes - lo->nshown;
	if (lo->lane_top < 0)
		lo->lane_top = 0;
	if (lo->nshown > (int)ov->nlanes - lo->lane_top)
		lo->nshown = (int)ov->nlanes - lo->lane_top;
	if (lo->nshown < 0)
		lo->nshown = 0;
	/* a row saying more are below */
	if ((int)ov->nlanes > lo->lane_top + lo->nshown && lo->nshown > 0 &&
	    lo->nshown * LANE_ROWS + 1 > lanes_h)
		lo->nshown--;
	lo->list_y = 3 + LANE_ROWS * lo->nshown + 1;
	if ((int)ov->nlanes > lo->lane_top + lo->nshown)
		lo->list_y++;
	lo->list_h = h - 1 - lo->list_y - brief;
	if (lo->list_h > (int)ts->nfindings)
		lo->list_h = (int)ts->nfindings;
	if (lo->list_h < 1)
		lo->list_h = 1;
	lo->top = tui_top(ov->cursor, ov->top, lo->list_h,
	    (int)ts->nfindings);
}

/* "7.0 days", "1.9 h", "349 s": a span of the axis. */
static void
span_words(int64_t us, char *out, size_t len)
{
	analyze_fmt_dur((double)us / 1e6, out, len);
}

/* One death under the finding: its pod, its offset and its cause. */
static void
death_row(WINDOW *win, const struct tui_state *ts, int y, int w, int i,
    int64_t zero_us)
{
	const struct ov_state	*ov = &ts->ov;
	const struct podset_pod	*p = ov->dpods[i];
	int			 cur = ov->pane == 1 && i == ov->dcursor;
	attr_t			 a = cur ? A_REVERSE : A_NORMAL;
	char			 name[512], off[64];
	const char		*why;
	char			*fit;
	int64_t			 at = podset_zero_at(p);
	int			 x, nw = w / 3 > 40 ? 40 : w / 3;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	snprintf(name, sizeof name, "%s/%s", p->r.namespace != NULL ?
	    p->r.namespace : "-", p->r.name);
	fit = out_fit(name, (size_t)nw, OUT_CUT_MIDDLE, !ts->look.utf8);
	x = tui_textf(win, &ts->look, y, 1, w - 1, a, PAIR_NONE, "%-*s ",
	    nw, fit);
	free(fit);
	/* offsets as every view says them (moments_fmt_offset) */
	if (zero_us != TIME_NONE && at != TIME_NONE)
		moments_fmt_offset(at - zero_us, off, sizeof off);
	else
		snprintf(off, sizeof off, "-");
	x += tui_textf(win, &ts->look, y, 1 + x, w - 1 - x, a, PAIR_NONE,
	    "%10s  ", off);
	if (p->r.killed)
		x += tui_text(win, &ts->look, y, 1 + x, w - 1 - x,
		    "SIGKILLed at the deadline; ", a | A_BOLD, PAIR_TERM);
	if (p->r.deletion_cause_basis != NULL)
		why = p->r.deletion_cause_basis;
	else if (p->r.deletion_cause != NULL)
		why = p->r.deletion_cause;
	else if (p->r.deletion_us != TIME_NONE)
		why = "deleted, by no known controller";
	else if (p->r.ended_by != EC_NONE)
		why = end_cause_name(p->r.ended_by);
	else
		why = "its containers died";
	tui_text(win, &ts->look, y, 1 + x, w - 1 - x, why, a, PAIR_NONE);
}

/*
 * Under the fix: the deaths of the finding's pods, offset from the
 * finding's start, in rows y to y1 - 1 (at least two: brief_plan).
 */
static void
deaths_list(WINDOW *win, const struct tui_state *ts, int y, int y1, int w)
{
	const struct ov_state		*ov = &ts->ov;
	const struct tui_finding	*f = &ts->findings[ov->cursor];
	int				 i, rows, top;

	tui_textf(win, &ts->look, y++, 1, w - 1, A_BOLD, PAIR_NONE,
	    "Deaths of its pods (%zu), from its start: %s", ov->ndpods,
	    ov->pane == 1 ? "Enter opens, Tab back to the findings" :
	    "Tab to choose one");
	rows = y1 - y;
	/* a row of its own says how many more there are */
	if ((int)ov->ndpods > rows && rows > 1)
		rows--;
	top = tui_top(ov->dcursor, ov->dtop, rows, (int)ov->ndpods);
	for (i = top; i < (int)ov->ndpods && i < top + rows; i++, y++)
		death_row(win, ts, y, w, i, f->r.start_us);
	/* those above the first shown count too */
	if ((size_t)(i - top) < ov->ndpods && y < y1)
		tui_textf(win, &ts->look, y, 1, w - 1, A_DIM, PAIR_NONE,
		    "(%zu more: Tab, then %s)", ov->ndpods - (size_t)(i - top),
		    top > 0 ? "Up or Down" : "Down");
}

/* The rows tui_text_wrapped takes for text in cols columns. */
static int
wrapped_rows(const char *text, int cols, int hang)
{
	const char	*p = text;
	size_t		 n;
	int		 rows = 0;

	if (text == NULL || cols <= 0)
		return (0);
	while (*p != '\0') {
		if (rows > 0 && hang > 0 && hang < cols / 2) {
			cols -= hang;
			hang = 0;
		}
		if ((n = out_wrap_bytes(p, (size_t)cols)) == 0)
			break;
		p += n;
		while (*p == ' ')
			p++;
		rows++;
	}
	return (rows);
}

/* The label of a lane's name: namespace/workload, cut in the middle. */
static void
lane_label(WINDOW *win, const struct tui_state *ts, int y, int lw,
    const struct ov_lane *l)
{
	char	 name[256];
	char	*fit;

	lane_name(l, name, sizeof name);
	fit = out_fit(name, (size_t)lw, OUT_CUT_MIDDLE, !ts->look.utf8);
	tui_text(win, &ts->look, y, 0, lw, fit, A_BOLD, PAIR_NONE);
	free(fit);
}

/* The three rows of a lane from y. */
static void
lane_draw(WINDOW *win, const struct tui_state *ts, int y, int lw, int pw,
    const struct ov_lane *l)
{
	const struct ov_state	*ov = &ts->ov;
	size_t			 nb = (size_t)pw < ov->ncols ? (size_t)pw :
				    ov->ncols;
	char			 t[64];
	int			 x0 = lw + 1;

	lane_label(win, ts, y, lw, l);
	tui_bars(win, &ts->look, y, x0, l->req, nb, l->peak, PAIR_READY);
	/* the counts of the axis shown (its span is on the axis row) */
	snprintf(t, sizeof t, "%lld req, %lld failed", (long long)l->total,
	    (long long)l->failed);
	if (l->total == 0)
		snprintf(t, sizeof t, "no requests");
	else if ((int)strlen(t) > lw - 1)
		snprintf(t, sizeof t, "%lld/%lld failed", (long long)l->failed,
		    (long long)l->total);
	tui_text(win, &ts->look, y + 1, 1, lw - 1, t, A_DIM, PAIR_NONE);
	tui_bars(win, &ts->look, y + 1, x0, l->bad, nb, l->bad_peak,
	    PAIR_TERM);
	snprintf(t, sizeof t, "%zu death%s, %zu rollout%s", l->deaths_on,
	    l->deaths_on == 1 ? "" : "s", l->rolls_on, l->rolls_on == 1 ?
	    "" : "s");
	if ((int)strlen(t) > lw - 1)
		snprintf(t, sizeof t, "%zu died, %zu rolled", l->deaths_on,
		    l->rolls_on);
	/* requests to an address no pod is known to have held */
	if (l->workload == NULL)
		snprintf(t, sizeof t, "no pod known");
	tui_text(win, &ts->look, y + 2, 1, lw - 1, t, A_DIM, PAIR_NONE);
	lane_marks(win, ts, y + 2, x0, pw, l);
}

/*
 * Where the rows under the findings go, the same for the drawing and
 * for Tab (which goes to the deaths only when they are shown).
 */
struct ov_plan {
	struct ov_layout lo;		/* the lanes and the findings' list */
	int		 list_end;	/* the row after the list */
	int		 brief;		/* the finding under the cursor is
					   said under it */
	int		 whole;		/* its summary and its fix, not the
					   fix alone */
	int		 brief_y1;	/* the row the brief ends before */
	int		 deaths_y;	/* the deaths' heading, or -1: no
					   room (or no death) */
};

static void
brief_plan(const struct tui_state *ts, int h, int w, struct ov_plan *p)
{
	const struct ov_state		*ov = &ts->ov;
	const struct tui_finding	*f;
	char				*fix;
	int				 y, y1, need, fixrows, end, shown;

	memset(p, 0, sizeof *p);
	p->deaths_y = -1;
	layout(ts, h, &p->lo);
	y = p->lo.list_y;
	shown = (int)ts->nfindings - p->lo.top;
	if (shown > p->lo.list_h)
		shown = p->lo.list_h;
	if (shown > h - 1 - y)
		shown = h - 1 - y;
	p->list_end = y + (shown > 0 ? shown : 0);
	y = p->list_end;
	if (ov->cursor < 0 || ov->cursor >= (int)ts->nfindings ||
	    y + 3 >= h - 1)
		return;
	f = &ts->findings[ov->cursor];
	fix = xasprintf("Fix: %s", f->r.recommendation != NULL ?
	    f->r.recommendation : "-");
	fixrows = wrapped_rows(fix, w - 1, 5);
	need = wrapped_rows(f->r.summary, w - 1, 0) + fixrows;
	free(fix);
	/*
	 * Rows kept for the deaths (a blank, the heading, 1 to 3) unless
	 * what the finding says and its fix would not fit beside them:
	 * those come first, the deaths take the rest.
	 */
	y1 = h - 1 - (ov->ndpods > 0 ? 2 + (ov->ndpods < 3 ?
	    (int)ov->ndpods : 3) : 0);
	if (y1 - (y + 1) < 4 || need > y1 - (y + 1))
		y1 = h - 1;
	p->brief = 1;
	p->brief_y1 = y1;
	p->whole = need <= y1 - (y + 1);
	/* short of rows: the fix whole (its row says what) */
	end = y + 1 + (p->whole ? need : fixrows);
	if (end > y1)
		end = y1;
	/* a blank row, the heading and at least one death */
	if (ov->ndpods > 0 && end + 2 < h - 1)
		p->deaths_y = end + 1;
}

void
overview_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct ov_state	*ov = &ts->ov;
	struct ov_plan		 plan;
	const struct ov_layout	*lo = &plan.lo;
	const struct tui_finding *f;
	char			 a[TIME_FMT_LEN], b[TIME_FMT_LEN], sp[48];
	char			*fix;
	int			 lw = label_w(w), x0 = lw + 1, pw = w - x0;
	int			 y, i, deaths;

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
	    b : b + 11, (size_t)ts->pods.npods, ts->pods.npods == 1 ? "" : "s",
	    ts->nfindings, ts->nfindings == 1 ? "" : "s");
	/* what the counts below cover: the axis shown, within the window
	   ("window 7.0 days", or zoomed) */
	span_words((ov->axis.hi_us < ov->window_hi_us ? ov->axis.hi_us :
	    ov->window_hi_us) - (ov->axis.lo_us > ov->window_lo_us ?
	    ov->axis.lo_us : ov->window_lo_us), sp, sizeof sp);
	tui_textf(win, &ts->look, 2, 0, lw, A_DIM, PAIR_NONE, "%s %s",
	    ov->view_hi_us > ov->view_lo_us ? "zoomed" : "window", sp);
	tui_axis(win, &ts->look, 2, x0, pw, ov->axis.lo_us, ov->axis.hi_us,
	    TIME_NONE);
	brief_plan(ts, h, w, &plan);
	y = 3;
	for (i = 0; i < lo->nshown; i++, y += LANE_ROWS)
		lane_draw(win, ts, y, lw, pw, &ov->lanes[lo->lane_top + i]);
	if ((int)ov->nlanes > lo->lane_top + lo->nshown)
		tui_textf(win, &ts->look, y++, 1, w - 1, A_DIM, PAIR_NONE,
		    "(%zu more workloads: PgDn)", ov->nlanes -
		    (size_t)lo->nshown - (size_t)lo->lane_top);
	tui_textf(win, &ts->look, y++, 0, w, A_BOLD | A_UNDERLINE,
	    PAIR_NONE, "Findings (%zu)", ts->nfindings);
	if (ts->nfindings == 0)
		tui_text(win, &ts->look, y, 1, w - 1, "No findings: nothing "
		    "went wrong that coroner can tell.", A_NORMAL, PAIR_NONE);
	for (i = lo->top; i < (int)ts->nfindings && i < lo->top +
	    lo->list_h && y < h - 1; i++, y++)
		finding_row(win, ts, y, w, (size_t)i, i == ov->cursor &&
		    (ov->pane == 0 || plan.deaths_y < 0));
	/*
	 * Rows left under the list (brief_plan): what the finding under the
	 * cursor says and its fix, as in the findings list, then its pods'
	 * deaths
	 */
	if (plan.brief) {
		f = &ts->findings[ov->cursor];
		if (plan.whole)
			tui_finding_brief(win, ts, f, plan.list_end + 1,
			    plan.brief_y1, w);
		else {
			fix = xasprintf("Fix: %s", f->r.recommendation !=
			    NULL ? f->r.recommendation : "-");
			tui_text_wrapped(win, &ts->look, plan.list_end + 1,
			    plan.brief_y1, 1, w - 1, 5, fix, A_DIM, PAIR_NONE);
			free(fix);
		}
	}
	deaths = plan.deaths_y >= 0;
	if (deaths)
		deaths_list(win, ts, plan.deaths_y, h - 1, w);
	/* Tab to the deaths only where they are drawn */
	tui_keybar(win, h, w, ts, ov->pane == 1 && deaths ? "Up/Down death  "
	    "Enter open  Tab findings  + - zoom  Left/Right pan  ? help" :
	    deaths ?
	    "Up/Down finding  Enter open  Tab deaths  + - 0 zoom  Left/Right "
	    "pan  ? help" : "Up/Down finding  Enter open  + - 0 zoom  "
	    "Left/Right pan  ? help");
}

/* Whether the deaths are on the screen (the last drawing's plan). */
static int
deaths_shown(const struct tui_state *ts)
{
	struct ov_plan	p;

	brief_plan(ts, ts->rows, ts->cols, &p);
	return (p.deaths_y >= 0);
}

/* Whether Up, Down and Enter go to the deaths: Tab took them there, and
   they are still shown (a smaller screen may have left no room). */
static int
in_deaths(const struct tui_state *ts)
{
	return (ts->ov.pane == 1 && deaths_shown(ts));
}

static int
ov_down(struct tui_state *ts)
{
	struct ov_state	*ov = &ts->ov;

	if (in_deaths(ts)) {
		if (ov->dcursor + 1 < (int)ov->ndpods)
			ov->dcursor++;
		return (TUI_REDRAW);
	}
	if (ov->cursor + 1 < (int)ts->nfindings) {
		ov->cursor++;
		ov->dcursor = ov->dtop = 0;
		pick_deaths_key(ts);
	}
	return (TUI_REDRAW);
}

static int
ov_up(struct tui_state *ts)
{
	struct ov_state	*ov = &ts->ov;

	if (in_deaths(ts)) {
		if (ov->dcursor > 0)
			ov->dcursor--;
		return (TUI_REDRAW);
	}
	if (ov->cursor > 0) {
		ov->cursor--;
		ov->dcursor = ov->dtop = 0;
		pick_deaths_key(ts);
	}
	return (TUI_REDRAW);
}

static int
ov_pane(struct tui_state *ts)
{
	struct ov_state	*ov = &ts->ov;

	if (ov->pane == 0 && ov->ndpods == 0) {
		snprintf(ts->message, sizeof ts->message, "the finding names "
		    "no pod that died");
		return (TUI_REDRAW);
	}
	if (!in_deaths(ts) && !deaths_shown(ts)) {
		/* no room for them under what the finding says */
		ov->pane = 0;
		snprintf(ts->message, sizeof ts->message, "no room here for "
		    "its %zu death%s: Enter opens the finding", ov->ndpods,
		    ov->ndpods == 1 ? "" : "s");
		return (TUI_REDRAW);
	}
	ov->pane = !ov->pane;
	return (TUI_REDRAW);
}

static int
ov_lanes_down(struct tui_state *ts)
{
	if (ts->ov.lane_top + 1 < (int)ts->ov.nlanes)
		ts->ov.lane_top++;
	return (TUI_RELOAD | TUI_REDRAW);	/* its deaths are read */
}

static int
ov_lanes_up(struct tui_state *ts)
{
	if (ts->ov.lane_top > 0)
		ts->ov.lane_top--;
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
ov_open(struct tui_state *ts)
{
	struct ov_state	*ov = &ts->ov;
	char		*cause = NULL;

	if (in_deaths(ts) && ov->dcursor < (int)ov->ndpods) {
		if (death_open(ts, ov->dpods[ov->dcursor], &cause) != 0) {
			snprintf(ts->message, sizeof ts->message, "%s", cause);
			free(cause);
			return (TUI_REDRAW);
		}
		ts->next = VIEW_DEATH;
		return (TUI_PUSH);
	}
	if (ts->nfindings == 0)
		return (TUI_REDRAW);
	ts->fv.idx = (size_t)ov->cursor;
	ts->next = VIEW_FINDING;
	return (TUI_PUSH);
}

/* Shows lo to hi of the window (clamped to it), binned again. */
static int
show_span(struct tui_state *ts, int64_t lo, int64_t hi)
{
	struct ov_state	*ov = &ts->ov;
	int64_t		 span = hi - lo, wlo = ov->window_lo_us;
	int64_t		 whi = ov->window_hi_us;

	if (ov->ncols == 0)
		return (TUI_REDRAW);
	/* no narrower than a second a column, around the same middle */
	if (span < (int64_t)ov->ncols * 1000000) {
		span = (int64_t)ov->ncols * 1000000;
		lo = lo / 2 + hi / 2 - span / 2;
	}
	if (span >= whi - wlo) {
		ov->view_lo_us = ov->view_hi_us = 0;
	} else {
		if (lo < wlo)
			lo = wlo;
		if (lo + span > whi)
			lo = whi - span;
		ov->view_lo_us = lo;
		ov->view_hi_us = lo + span;
	}
	ov->loaded_cols = 0;
	return (TUI_RELOAD | TUI_REDRAW);
}

/* The span asked for: the view zoomed to, else the whole window. */
static void
asked(const struct ov_state *ov, int64_t *lo, int64_t *hi)
{
	*lo = ov->view_hi_us > ov->view_lo_us ? ov->view_lo_us :
	    ov->window_lo_us;
	*hi = ov->view_hi_us > ov->view_lo_us ? ov->view_hi_us :
	    ov->window_hi_us;
}

static int
ov_zoom_in(struct tui_state *ts)
{
	int64_t	lo, hi, mid, q;

	asked(&ts->ov, &lo, &hi);
	mid = lo / 2 + hi / 2;
	q = (hi - lo) / 4;
	return (show_span(ts, mid - q, mid + q));
}

static int
ov_zoom_out(struct tui_state *ts)
{
	int64_t	lo, hi, mid, s;

	asked(&ts->ov, &lo, &hi);
	mid = lo / 2 + hi / 2;
	s = hi - lo;
	return (show_span(ts, mid - s, mid + s));
}

static int
ov_whole(struct tui_state *ts)
{
	return (show_span(ts, ts->ov.window_lo_us, ts->ov.window_hi_us));
}

static int
ov_pan(struct tui_state *ts, int dir)
{
	int64_t	lo, hi, d;

	if (ts->ov.view_hi_us <= ts->ov.view_lo_us) {
		snprintf(ts->message, sizeof ts->message, "the whole window "
		    "is shown: + zooms in");
		return (TUI_REDRAW);
	}
	asked(&ts->ov, &lo, &hi);
	d = (hi - lo) / 4 * dir;
	return (show_span(ts, lo + d, hi + d));
}

static int
ov_left(struct tui_state *ts)
{
	return (ov_pan(ts, -1));
}

static int
ov_right(struct tui_state *ts)
{
	return (ov_pan(ts, 1));
}

/* A click on a finding's row selects it; on the selected one opens it. */
static int
ov_click(struct tui_state *ts)
{
	struct ov_layout	lo;
	int			i;

	layout(ts, ts->rows, &lo);
	i = lo.top + ts->mouse_y - lo.list_y;
	if (ts->mouse_y < lo.list_y || i < 0 || i >= (int)ts->nfindings ||
	    i >= lo.top + lo.list_h)
		return (TUI_REDRAW);
	ts->ov.pane = 0;
	if (i == ts->ov.cursor)
		return (ov_open(ts));
	ts->ov.cursor = i;
	ts->ov.dcursor = ts->ov.dtop = 0;
	pick_deaths_key(ts);
	return (TUI_REDRAW);
}

const struct tui_key overview_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next finding (after Tab: "
	    "next death)", .action = ov_down },
	{ .key = 'j', .name = "j", .help = "next finding", .action = ov_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous finding (after Tab: "
	    "previous death)", .action = ov_up },
	{ .key = 'k', .name = "k", .help = "previous finding",
	    .action = ov_up },
	{ .key = '\t', .name = "Tab", .help = "between the findings and the "
	    "deaths of the finding's pods", .action = ov_pane },
	{ .key = '\r', .name = "Enter", .help = "open the finding (after Tab: "
	    "the death's view)", .action = ov_open },
	{ .key = '+', .name = "+", .help = "zoom in (the middle half of the "
	    "axis)", .action = ov_zoom_in },
	{ .key = '=', .name = "=", .help = "zoom in", .action = ov_zoom_in },
	{ .key = '-', .name = "-", .help = "zoom out (twice the span, up to "
	    "the whole window)", .action = ov_zoom_out },
	{ .key = '0', .name = "0", .help = "the whole incident window",
	    .action = ov_whole },
	{ .key = KEY_LEFT, .name = "Left", .help = "pan earlier (a quarter "
	    "of the axis)", .action = ov_left },
	{ .key = 'h', .name = "h", .help = "pan earlier", .action = ov_left },
	{ .key = KEY_RIGHT, .name = "Right", .help = "pan later (a quarter "
	    "of the axis)", .action = ov_right },
	{ .key = 'l', .name = "l", .help = "pan later", .action = ov_right },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "more workloads",
	    .action = ov_lanes_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "fewer workloads",
	    .action = ov_lanes_up },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a finding",
	    .action = ov_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/*
 * g: the axis moves to the time (centred on it; from the whole window,
 * zoomed to an eighth of it), and the cursor to the finding still going
 * on then, else the nearest one.
 */
int
overview_go(struct tui_state *ts, const char *answer)
{
	struct ov_state			*ov = &ts->ov;
	const struct row_finding	*r;
	int64_t				 t, d, best_d = 0, span;
	size_t				 i, best = SIZE_MAX;
	char				 at[TIME_FMT_LEN], where[120];
	int				 bits, outside;

	if (tui_parse_time(answer, TIME_NONE, ov->axis.lo_us, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	time_format(t, at);
	outside = t < ov->window_lo_us || t > ov->window_hi_us;
	span = ov->view_hi_us > ov->view_lo_us ? ov->view_hi_us -
	    ov->view_lo_us : (ov->window_hi_us - ov->window_lo_us) / 8;
	bits = outside ? TUI_REDRAW : show_span(ts, t - span / 2, t - span /
	    2 + span);
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
	snprintf(where, sizeof where, outside ? "%.10s %.8s is outside the "
	    "incident window, the axis did not move" : "the axis is centred "
	    "on %.10s %.8s", at, at + 11);
	if (best == SIZE_MAX) {
		snprintf(ts->message, sizeof ts->message, "%s; no finding has "
		    "a time", where);
		return (bits);
	}
	if (ov->cursor != (int)best) {
		ov->cursor = (int)best;
		ov->pane = 0;
		ov->dcursor = ov->dtop = 0;
		pick_deaths_key(ts);
	}
	r = &ts->findings[best].r;
	snprintf(ts->message, sizeof ts->message, "%s; finding %zu (%s) %s "
	    "it", where, best + 1, r->kind,
	    t >= r->start_us && t <= r->end_us ? "covers" : "is the nearest "
	    "to");
	return (bits);
}
