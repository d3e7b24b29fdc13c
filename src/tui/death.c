/*
 * death.c: the death view, the heart of the TUI.  One pod on a zoomable
 * time axis (offsets from its deletion request): its phase, its preStop,
 * the SIGTERM and grace-deadline marks, a lane per container, the
 * traffic routed to its IP, its events, log lines and missing records.
 * A cursor steps through the pod's moments (moments.h: the same ones
 * `coroner timeline` prints); a caption explains the current one and
 * the detail pane shows the rows of the store behind it.  [ and ] go to
 * the previous and next death of the same rollout, a to the rollout
 * view.  No SQL: everything comes through store.h and the model.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "timefmt.h"
#include "tui.h"

#define LABEL_MIN	12	/* the lanes' names, at least */
#define LABEL_MAX	24	/* and at most */
#define DETAIL_MAX	400	/* rows behind a moment, at most */
#define REQUESTS_MAX	60	/* requests listed behind a moment */
#define SEC_US		1000000LL
#define EPISODE_US	(3600 * SEC_US)	/* deaths this close: one rollout */

/* The width of the lanes' names: the longest container name, bounded. */
static int
label_w(const struct death_state *dv, int w)
{
	size_t	i, n, lw = LABEL_MIN;

	for (i = 0; i < dv->tp.nc; i++) {
		n = strlen(dv->tp.c[i].c->name) + 2;
		if (n > lw)
			lw = n;
	}
	if (lw > LABEL_MAX)
		lw = LABEL_MAX;
	if ((int)lw > w / 4)
		lw = (size_t)(w / 4 > LABEL_MIN ? w / 4 : LABEL_MIN);
	return ((int)lw);
}

/* ---------------------------------------------------------------- */
/* The rows behind the current moment. */

static void
detail_clear(struct death_state *dv)
{
	size_t	i;

	for (i = 0; i < dv->ndetail; i++)
		free(dv->detail[i]);
	free(dv->detail);
	dv->detail = NULL;
	dv->ndetail = 0;
	dv->detail_top = 0;
}

static void
detail(struct death_state *dv, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
detail(struct death_state *dv, const char *fmt, ...)
{
	struct buf	b = { 0 };
	va_list		ap;

	if (dv->ndetail == DETAIL_MAX)
		return;
	va_start(ap, fmt);
	out_vformat(&b, OUT_TEXT, fmt, ap);
	va_end(ap);
	dv->detail = xreallocarray(dv->detail, dv->ndetail + 1,
	    sizeof *dv->detail);
	dv->detail[dv->ndetail++] = b.data != NULL ? b.data : xstrdup("");
}

/* Where a row came from: "events.json:12". */
static void
where(struct tui_state *ts, const struct store_ref *ref, char *out,
    size_t len)
{
	char	*path = NULL, *member = NULL, *cause = NULL;

	if (store_source_name(ts->st, ref->source_id, &path, &member,
	    &cause) != 0) {
		snprintf(out, len, "source %lld", (long long)ref->source_id);
		free(cause);
		return;
	}
	if (ref->line != INT_NONE)
		snprintf(out, len, "%s:%lld", member != NULL ? member : path,
		    (long long)ref->line);
	else
		snprintf(out, len, "%s", member != NULL ? member : path);
	free(path);
	free(member);
}

/* Detail callbacks carry the state. */
struct dctx {
	struct tui_state	*ts;
	int			 n;		/* rows seen */
};

static int
detail_event(void *ctx, const struct rec_event *e, const struct store_ref *r)
{
	struct dctx		*d = ctx;
	struct death_state	*dv = &d->ts->dv;
	char			 w[512], t1[TIME_FMT_LEN], t2[TIME_FMT_LEN];

	where(d->ts, r, w, sizeof w);
	time_format(e->first_us, t1);
	time_format(e->last_us, t2);
	detail(dv, "event %s (%s) from %s: %s", e->reason != NULL ?
	    e->reason : "-", e->type != NULL ? e->type : "-", w,
	    e->message != NULL ? e->message : "");
	detail(dv, "  count %lld, first %s, last %s, by %s%s%s",
	    (long long)e->count, t1, t2, e->component != NULL ?
	    e->component : "-", e->host != NULL ? " on " : "",
	    e->host != NULL ? e->host : "");
	if (e->field_path != NULL)
		detail(dv, "  about %s", e->field_path);
	return (0);
}

static int
detail_log(void *ctx, const struct rec_log *l, const struct store_ref *r)
{
	struct dctx		*d = ctx;
	char			 w[512], t[TIME_FMT_LEN];

	where(d->ts, r, w, sizeof w);
	time_format(l->time_us, t);
	detail(&d->ts->dv, "%s %s%s %s from %s:", t, l->container != NULL ?
	    l->container : "-", l->previous ? " (previous instance)" : "",
	    l->stream != NULL ? l->stream : "", w);
	detail(&d->ts->dv, "  %s", l->text != NULL ? l->text : "");
	return (0);
}

static int
detail_request(void *ctx, const struct store_request *q)
{
	struct dctx		*d = ctx;
	char			 w[512], t[TIME_FMT_LEN], st[24], dur[32];

	where(d->ts, &q->ref, w, sizeof w);
	if (q->a.status != INT_NONE)
		snprintf(st, sizeof st, "%lld", (long long)q->a.status);
	else
		snprintf(st, sizeof st, "-");
	if (q->a.duration_us != INT_NONE)
		snprintf(dur, sizeof dur, "%.3f s", (double)q->a.duration_us /
		    1e6);
	else
		snprintf(dur, sizeof dur, "-");
	detail(&d->ts->dv, "%s %s %s%s %lld upstream %s %s (%s)%s%s",
	    time_clock_ms(q->a.time_us != TIME_NONE ? q->a.time_us :
	    q->r.start_us, d->ts->dv.dated, t, "-"),
	    q->r.method != NULL ? q->r.method : "-", q->r.host != NULL ?
	    q->r.host : "", q->r.path != NULL ? q->r.path : "",
	    (long long)q->r.status, q->a.upstream != NULL ? q->a.upstream :
	    "-", st, dur, q->r.flags != NULL ? " flags " : "",
	    q->r.flags != NULL ? q->r.flags : "");
	detail(&d->ts->dv, "    %s%s%s", w, q->r.detail != NULL ? "  " : "",
	    q->r.detail != NULL ? q->r.detail : "");
	d->n++;
	return (0);
}

static int
detail_pod_obs(void *ctx, const struct rec_pod *o, const struct store_ref *r)
{
	struct dctx		*d = ctx;
	char			 w[512], t[TIME_FMT_LEN], dt[TIME_FMT_LEN];

	where(d->ts, r, w, sizeof w);
	time_format(o->deletion_ts_us, dt);
	detail(&d->ts->dv, "%s %s, phase %s%s%s, ready %s%s%.23s  %s",
	    time_clock_ms(o->observed_us, d->ts->dv.dated, t, "-"),
	    o->watch_type != NULL ? o->watch_type : "seen",
	    o->phase != NULL ? o->phase : "-", o->reason != NULL ? " " : "",
	    o->reason != NULL ? o->reason : "", o->ready == 1 ? "yes" :
	    o->ready == 0 ? "no" : "-", o->deletion_ts_us != TIME_NONE ?
	    ", deletionTimestamp " : "", o->deletion_ts_us != TIME_NONE ?
	    dt : "", w);
	return (0);
}

static int
detail_ctr_obs(void *ctx, const struct rec_container *o,
    const struct store_ref *r)
{
	struct dctx		*d = ctx;
	char			 w[512], t[TIME_FMT_LEN], f[TIME_FMT_LEN];
	char			 code[32], rst[32];

	where(d->ts, r, w, sizeof w);
	snprintf(code, sizeof code, "%lld", (long long)o->exit_code);
	snprintf(rst, sizeof rst, "%lld", (long long)o->restarts);
	detail(&d->ts->dv, "%s %s%s%s, exit %s, %s restart%s%s%s  %s",
	    time_clock_ms(o->observed_us, d->ts->dv.dated, t, "-"),
	    o->state != NULL ? o->state : "no status",
	    o->reason != NULL ? " " : "", o->reason != NULL ? o->reason : "",
	    o->exit_code != INT_NONE ? code : "-", o->restarts != INT_NONE ?
	    rst : "-", o->restarts == 1 ? "" : "s",
	    o->finished_us != TIME_NONE ? ", finished " : "",
	    time_clock_ms(o->finished_us, d->ts->dv.dated, f, ""), w);
	return (0);
}

/* What the model derived for the pod: its times and how each is known. */
static void
detail_derived(struct death_state *dv)
{
	const struct row_pod	*r = &dv->pod->r;
	char			 t[TIME_FMT_LEN];

	detail(dv, "derived by the model (each with how it is known):");
	detail(dv, "  deletion request %s: %s", time_format(r->deletion_us, t),
	    r->deletion_basis != NULL ? r->deletion_basis : "not seen");
	detail(dv, "  SIGTERM %s: %s", time_format(r->sigterm_us, t),
	    r->sigterm_basis != NULL ? r->sigterm_basis : "-");
	detail(dv, "  grace deadline %s (grace %lld s)",
	    time_format(r->deadline_us, t), (long long)r->grace_s);
	detail(dv, "  gone %s: %s", time_format(r->gone_us, t),
	    r->gone_basis != NULL ? r->gone_basis : "not seen");
}

/* Fills the detail pane for the moment under the cursor. */
static void
load_detail(struct tui_state *ts)
{
	struct death_state	*dv = &ts->dv;
	const struct moment	*m;
	struct dctx		 d = { .ts = ts };
	char			*cause = NULL, t[TIME_FMT_LEN];
	int			 rc = 0;

	detail_clear(dv);
	if (dv->cursor < 0 || (size_t)dv->cursor >= dv->ms.n)
		return;
	m = &dv->ms.v[dv->cursor];
	detail(dv, "how it is known: %s", m->basis);
	switch (m->src) {
	case MS_EVENT:
		rc = store_event(ts->st, m->ref.id, detail_event, &d, &cause);
		break;
	case MS_LOG:
		rc = store_log(ts->st, m->ref.id, detail_log, &d, &cause);
		break;
	case MS_REQUESTS:
		detail(dv, "the attempts routed to %s in that second "
		    "(the first %d):", m->ip, REQUESTS_MAX);
		rc = store_requests_at(ts->st, m->ip, m->from_us, m->to_us,
		    REQUESTS_MAX, detail_request, &d, &cause);
		if (rc == 0 && d.n == 0)
			detail(dv, "  (the requests themselves were not kept "
			    "by this database: only their per-second counts)");
		break;
	case MS_MISSING:
		detail(dv, "record %s of the set %s, at %s, is absent from "
		    "the other set", m->key != NULL ? m->key : "-",
		    m->set != NULL ? m->set : "-", time_format(m->t_us, t));
		detail(dv, "it falls in this pod's termination window: from "
		    "its deletion request (less the lead) to its end");
		break;
	case MS_CONTAINER:
		detail(dv, "the observed versions of %s:", m->container);
		rc = store_container_observations(ts->st, dv->pod->r.uid,
		    m->container, detail_ctr_obs, &d, &cause);
		break;
	case MS_POD:
		if (m->container != NULL) {
			detail(dv, "the observed versions of %s:",
			    m->container);
			rc = store_container_observations(ts->st,
			    dv->pod->r.uid, m->container, detail_ctr_obs, &d,
			    &cause);
		}
		detail_derived(dv);
		detail(dv, "the observed versions of the pod:");
		if (rc == 0)
			rc = store_pod_observations(ts->st, dv->pod->r.uid,
			    detail_pod_obs, &d, &cause);
		break;
	}
	if (rc != 0) {
		detail(dv, "the store failed: %s", cause != NULL ? cause : "?");
		free(cause);
	}
}

/* ---------------------------------------------------------------- */
/* Loading. */

static void
dv_clear(struct death_state *dv)
{
	moments_free(&dv->ms);
	timeline_pod_free(&dv->tp);
	timeline_traffic_free(&dv->traffic);
	timeline_late_free(&dv->late);
	detail_clear(dv);
}

void
death_clear(struct tui_state *ts)
{
	dv_clear(&ts->dv);
	memset(&ts->dv, 0, sizeof ts->dv);
}

/*
 * The axis of a pod never deleted: around its latest death (the zero of
 * its moments), to its restart after it.
 */
static void
last_death_axis(struct death_state *dv)
{
	int64_t	z = dv->ms.zero_us, hi = z + 10 * SEC_US;
	size_t	i;

	for (i = 0; i < dv->ms.n; i++) {
		if (dv->ms.v[i].kind == MO_RESTARTED && dv->ms.v[i].t_us >= z &&
		    dv->ms.v[i].t_us + 5 * SEC_US > hi &&
		    dv->ms.v[i].t_us - z < 600 * SEC_US)
			hi = dv->ms.v[i].t_us + 5 * SEC_US;
	}
	dv->home.lo_us = z - 30 * SEC_US;
	dv->home.hi_us = hi;
}

/*
 * Where the incident shows in the moments of a pod never deleted nor
 * dead: its first moment inside the incident window (store_window),
 * else the first after the window's start, else its last moment (the
 * nearest to the incident before it), else -1.  Sets dv->end_us to
 * the end of the evidence: the window's end or the last moment, later.
 */
static int
window_moment(struct tui_state *ts, struct death_state *dv)
{
	struct store_summary	 sum;
	char			*cause = NULL;
	size_t			 i;
	int			 k = -1;

	memset(&sum, 0, sizeof sum);
	sum.first_us = sum.last_us = TIME_NONE;
	if (store_window(ts->st, &sum, &cause) != 0) {
		free(cause);
		sum.first_us = sum.last_us = TIME_NONE;
	}
	for (i = 0; i < dv->ms.n; i++) {
		if (dv->ms.v[i].t_us > dv->end_us)
			dv->end_us = dv->ms.v[i].t_us;
	}
	if (sum.last_us != TIME_NONE && sum.last_us > dv->end_us)
		dv->end_us = sum.last_us;
	if (sum.first_us == TIME_NONE)
		return (-1);
	for (i = 0; i < dv->ms.n && k < 0; i++) {
		if (dv->ms.v[i].t_us >= sum.first_us)
			k = (int)i;
	}
	/* nothing of it in the incident: its last moment before it */
	if (k < 0 && dv->ms.n > 0)
		k = (int)dv->ms.n - 1;
	return (k);
}

/* The axis around moment k: half a minute either side. */
static void
moment_axis(struct death_state *dv, int k)
{
	dv->home.lo_us = dv->ms.v[k].t_us - 30 * SEC_US;
	dv->home.hi_us = dv->ms.v[k].t_us + 30 * SEC_US;
}

/*
 * Its whole life: from its creation to its end, or for a pod never
 * deleted to the end of the evidence.  Returns 0, or -1 when nothing of
 * it has a time.
 */
static int
whole_axis(const struct death_state *dv, struct tl_axis *ax)
{
	if (timeline_death_axis(dv->pod, 1, ax) != 0)
		return (-1);
	if (dv->pod->r.deletion_us == TIME_NONE && dv->end_us != TIME_NONE &&
	    dv->end_us > ax->hi_us)
		ax->hi_us = dv->end_us + (dv->end_us - ax->lo_us) / 50;
	return (0);
}

int
death_open(struct tui_state *ts, struct podset_pod *p, char **cause)
{
	struct death_state	*dv = &ts->dv;
	int			 k, in_window = -1;

	dv_clear(dv);
	memset(dv, 0, sizeof *dv);
	dv->pod = p;
	dv->end_us = TIME_NONE;
	if (moments_load(ts->st, p, &dv->ms, cause) != 0)
		return (-1);
	/* over days (the incident or the pod's own life): dated times */
	dv->dated = time_other_day(ts->ov.window_lo_us, ts->ov.window_hi_us) ||
	    (dv->ms.n > 0 && time_other_day(dv->ms.v[0].t_us,
	    dv->ms.v[dv->ms.n - 1].t_us));
	timeline_pod(p, &dv->tp);
	if (p->r.deletion_us == TIME_NONE)
		in_window = window_moment(ts, dv);
	if (p->r.deletion_us == TIME_NONE && dv->ms.zero_us != TIME_NONE &&
	    dv->ms.zero_us != p->r.created_us)
		last_death_axis(dv);
	else if (in_window >= 0) {
		/* alive through the incident: where the incident is */
		moment_axis(dv, in_window);
		dv->axis = dv->home;
		dv->cursor = in_window;
		return (0);
	} else if (timeline_death_axis(p, 0, &dv->home) != 0 &&
	    timeline_death_axis(p, 1, &dv->home) != 0) {
		dv->home.lo_us = 0;
		dv->home.hi_us = 10 * SEC_US;
	}
	dv->axis = dv->home;
	/*
	 * Start on the deletion request, else on the death the offsets
	 * count from, else on the last moment in sight: never off the axis.
	 */
	dv->cursor = -1;
	if ((k = moments_find(&dv->ms, MO_DELETION)) >= 0) {
		dv->cursor = k;
		return (0);
	}
	for (k = 0; (size_t)k < dv->ms.n; k++) {
		if (dv->ms.v[k].t_us == dv->ms.zero_us) {
			dv->cursor = k;
			return (0);
		}
		if (dv->ms.v[k].t_us >= dv->home.lo_us &&
		    dv->ms.v[k].t_us <= dv->home.hi_us)
			dv->cursor = k;
	}
	if (dv->cursor < 0 && dv->ms.n > 0)
		dv->cursor = (int)dv->ms.n - 1;
	return (0);
}

int
death_load(struct tui_state *ts, char **cause)
{
	struct death_state	*dv = &ts->dv;

	if (dv->pod == NULL)
		return (0);
	dv->plot_w = ts->cols - label_w(dv, ts->cols) - 1;
	if (dv->plot_w < 10)
		dv->plot_w = 10;
	timeline_traffic_free(&dv->traffic);
	if (timeline_traffic(ts->st, dv->pod, dv->axis.lo_us, dv->axis.hi_us,
	    (size_t)dv->plot_w, &dv->traffic, cause) != 0)
		return (-1);
	timeline_late_free(&dv->late);
	if (timeline_late(ts->st, dv->pod, dv->axis.lo_us, dv->axis.hi_us,
	    &dv->late, cause) != 0)
		return (-1);
	load_detail(ts);
	return (0);
}

/* ---------------------------------------------------------------- */
/* Drawing. */

/*
 * A repeated event from its first to its last time: a line over the part
 * in view, its mark at the last time too.
 */
static void
repeated(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const struct moment *m, enum tui_glyph g, enum tui_pair pair)
{
	const struct death_state	*dv = &ts->dv;
	int				 a, b, x;

	if (m->to_us < dv->axis.lo_us || m->from_us > dv->axis.hi_us)
		return;
	a = m->from_us < dv->axis.lo_us ? x0 : tui_col(m->from_us,
	    dv->axis.lo_us, dv->axis.hi_us, x0, w);
	b = m->to_us > dv->axis.hi_us ? x0 + w - 1 : tui_col(m->to_us,
	    dv->axis.lo_us, dv->axis.hi_us, x0, w);
	for (x = a; x >= 0 && x <= b; x++)
		tui_put_glyph(win, &ts->look, y, x, G_HLINE, A_DIM, pair);
	if (m->to_us <= dv->axis.hi_us && b >= 0)
		tui_put_glyph(win, &ts->look, y, b, g, A_BOLD, pair);
}

/*
 * Marks of moments of these kinds (container NULL: any) on one row, the
 * ones that matter most drawn last so that they win a shared column.
 */
static void
marks(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const enum moment_kind *kinds, size_t nk, const char *container)
{
	const struct death_state	*dv = &ts->dv;
	const struct moment		*m;
	enum tui_glyph			 g;
	enum tui_pair			 pair;
	size_t				 i, k;
	int				 x, rank;

	for (rank = 0; rank <= tui_mark_rank(G_KILLED); rank++) {
		for (i = 0; i < dv->ms.n; i++) {
			m = &dv->ms.v[i];
			for (k = 0; k < nk && m->kind != kinds[k]; k++)
				;
			if (k == nk || (container != NULL &&
			    !str_eq(m->container, container)))
				continue;
			g = tui_moment_mark(m, &pair);
			if (tui_mark_rank(g) != rank)
				continue;
			if (m->src == MS_EVENT && m->to_us > m->t_us)
				repeated(win, ts, y, x0, w, m, g, pair);
			x = tui_col(m->t_us, dv->axis.lo_us, dv->axis.hi_us,
			    x0, w);
			if (x >= 0)
				tui_put_glyph(win, &ts->look, y, x, g,
				    m->inferred ? A_DIM : A_BOLD, pair);
		}
	}
}

/* A code beside the mark at t, right of it when there is room. */
static void
code_at(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    int64_t t, const char *code, int red)
{
	const struct death_state	*dv = &ts->dv;
	int				 x, n = (int)strlen(code);

	x = tui_col(t, dv->axis.lo_us, dv->axis.hi_us, x0, w);
	if (x < 0)
		return;
	if (x + 1 + n <= x0 + w)
		tui_text(win, &ts->look, y, x + 1, n, code, A_BOLD, red ?
		    PAIR_TERM : PAIR_NONE);
	else if (x - n >= x0)
		tui_text(win, &ts->look, y, x - n, n, code, A_BOLD, red ?
		    PAIR_TERM : PAIR_NONE);
}

/* The exit codes of a container's exits, last instance and earlier. */
static void
exit_codes(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const struct row_container *c)
{
	const struct podset_pod		*p = ts->dv.pod;
	const struct row_termination	*t;
	char				 code[40];
	size_t				 i;

	for (i = 0; i < p->nt; i++) {
		t = &p->t[i];
		if (strcmp(t->container, c->name) != 0 ||
		    t->finished_us == TIME_NONE || t->exit_code == INT_NONE ||
		    t->finished_us == c->finished_us)
			continue;
		snprintf(code, sizeof code, "%lld", (long long)t->exit_code);
		code_at(win, ts, y, x0, w, t->finished_us, code, 1);
	}
	if (c->finished_us == TIME_NONE || c->exit_code == INT_NONE)
		return;
	model_exit_label(c, EW_SIGKILL, code, sizeof code);
	code_at(win, ts, y, x0, w, c->finished_us, code,
	    c->killed_at_deadline);
}

/* Whether any moment of this kind exists. */
static int
has(const struct death_state *dv, enum moment_kind kind)
{
	return (moments_find(&dv->ms, kind) >= 0);
}

/* The cursor's column on every lane row, y0 to y1. */
static void
cursor_column(WINDOW *win, const struct tui_state *ts, int y0, int y1,
    int x)
{
	int	y;

	for (y = y0; y <= y1; y++)
		mvwchgat(win, y, x, 1, A_REVERSE, ts->look.color ?
		    PAIR_CURSOR : 0, NULL);
}

/* The caption bar: the moment, its offset, its time, how it is known. */
/* Where no evidence of kind ev was collected, hatched on row y. */
static void
no_evidence(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    enum tl_evidence ev)
{
	const struct death_state	*dv = &ts->dv;

	tui_spans(win, &ts->look, y, x0, w, dv->axis.lo_us, dv->axis.hi_us,
	    &dv->late.gaps[ev], 0);
}

static int
caption(WINDOW *win, const struct tui_state *ts, int y, int w, int maxrows)
{
	const struct death_state	*dv = &ts->dv;
	const struct moment		*m;
	char				 off[32], t[TIME_FMT_LEN];
	struct buf			 b = { 0 };
	int				 rows;

	if (dv->cursor < 0 || (size_t)dv->cursor >= dv->ms.n) {
		tui_text(win, &ts->look, y, 0, w, "no moments known for this "
		    "pod", A_BOLD, PAIR_NONE);
		return (1);
	}
	m = &dv->ms.v[dv->cursor];
	if (m->offset_us != TIME_NONE)
		moments_fmt_offset(m->offset_us, off, sizeof off);
	else
		snprintf(off, sizeof off, "?");
	time_format(m->t_us, t);
	/* of a long caption (a log line), what its rows can show */
	out_bprintf(&b, "[%d/%zu] %s  %.10s %.12s  %.*s", dv->cursor + 1,
	    dv->ms.n, off, t, t + 11, maxrows * w + 64, m->caption);
	rows = tui_text_wrapped(win, &ts->look, y, y + maxrows, 0, w, 2,
	    b.data, A_BOLD, m->kind == MO_KILLED ? PAIR_TERM : PAIR_NONE) - y;
	buf_free(&b);
	return (rows);
}

void
death_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	static const enum moment_kind	 signals[] = {
		MO_DELETION, MO_SIGTERM, MO_DEADLINE, MO_GONE
	};
	static const enum moment_kind	 exits[] = {
		MO_EXIT, MO_KILLED, MO_OOM, MO_DIED, MO_RESTARTED
	};
	static const enum moment_kind	 ev[] = { MO_EVENT };
	static const enum moment_kind	 lg[] = { MO_LOG };
	static const enum moment_kind	 ms[] = { MO_MISSING };
	static const enum moment_kind	 routed[] = { MO_LAST_ROUTED };
	static const enum moment_kind	 endpoint[] = {
		MO_EP_TERMINATING, MO_EP_GONE
	};
	static const enum moment_kind	 failures[] = {
		MO_FIRST_FAILURE, MO_LAST_FAILURE
	};
	const struct death_state	*dv = &ts->dv;
	const struct podset_pod		*p = dv->pod;
	const struct row_container	*c;
	struct tl_lane			 pre = { 0 };
	struct tl_span			 pspan;
	char				 title[512], words[64];
	int				 lw = label_w(dv, w), x0 = lw + 1;
	int				 pw = w - x0, y;
	int				 ytop, ybot, x, i, rows;

	if (p == NULL) {
		tui_title(win, w, ts, "Death");
		tui_keybar(win, h, w, ts, "q back");
		return;
	}
	snprintf(title, sizeof title, "Death %s/%s", p->r.namespace,
	    p->r.name);
	tui_title(win, w, ts, title);
	tui_textf(win, &ts->look, 1, 0, w, A_NORMAL, PAIR_NONE, "%s %s, node "
	    "%s, IP %s, grace %lld s%s; offsets from the %s",
	    p->r.workload_kind != NULL ? p->r.workload_kind : "-",
	    p->r.workload != NULL ? p->r.workload : "-",
	    p->r.node != NULL ? p->r.node : "-", p->r.ip != NULL ? p->r.ip :
	    "-", (long long)p->r.grace_s, p->r.killed ? ", SIGKILLed" : "",
	    dv->ms.zero_what != NULL ? dv->ms.zero_what : "?");
	tui_axis_clear(win, &ts->look, 2, x0, pw, dv->axis.lo_us,
	    dv->axis.hi_us, dv->ms.zero_us, dv->cursor >= 0 &&
	    (size_t)dv->cursor < dv->ms.n ? tui_col(dv->ms.v[dv->cursor].t_us,
	    dv->axis.lo_us, dv->axis.hi_us, x0, pw) : -1);
	y = ytop = 3;
	/* the pod's phase */
	tui_text(win, &ts->look, y, 0, lw, "pod", A_BOLD, PAIR_NONE);
	no_evidence(win, ts, y, x0, pw, TL_EV_POD);
	tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us, dv->axis.hi_us,
	    &dv->tp.phase, 0);
	/* not Ready again while alive, as its versions say */
	tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us, dv->axis.hi_us,
	    &dv->late.not_ready, 0);
	y++;
	/* the preStop window */
	if (timeline_prestop(&p->r, &pspan)) {
		pre.v = &pspan;
		pre.n = 1;
		tui_text(win, &ts->look, y, 0, lw, "preStop", A_NORMAL,
		    PAIR_NONE);
		tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us,
		    dv->axis.hi_us, &pre, 0);
		y++;
	}
	tui_text(win, &ts->look, y, 0, lw, "signals", A_NORMAL,
	    PAIR_NONE);
	marks(win, ts, y, x0, pw, signals, 4, NULL);
	y++;
	for (i = 0; i < (int)dv->tp.nc && y < h - 6; i++) {
		c = dv->tp.c[i].c;
		tui_textf(win, &ts->look, y, 0, lw, c->killed_at_deadline ?
		    A_BOLD : A_NORMAL, c->killed_at_deadline ? PAIR_TERM :
		    PAIR_NONE, "%s%s", c->sidecar ? "~" : "", c->name);
		no_evidence(win, ts, y, x0, pw, TL_EV_POD);
		tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us,
		    dv->axis.hi_us, &dv->tp.c[i], 0);
		marks(win, ts, y, x0, pw, exits, 5, c->name);
		exit_codes(win, ts, y, x0, pw, c);
		y++;
	}
	if (dv->traffic.total_ok + dv->traffic.total_bad > 0) {
		timeline_traffic_words(&dv->traffic, TL_COUNT_OK, words,
		    sizeof words);
		tui_text(win, &ts->look, y, 0, lw, words, A_NORMAL,
		    PAIR_NONE);
		no_evidence(win, ts, y, x0, pw, TL_EV_TRAFFIC);
		tui_bars(win, &ts->look, y, x0, dv->traffic.ok,
		    dv->traffic.nbins < (size_t)pw ? dv->traffic.nbins :
		    (size_t)pw, dv->traffic.peak, PAIR_READY);
		marks(win, ts, y, x0, pw, routed, 1, NULL);
		y++;
		timeline_traffic_words(&dv->traffic, TL_COUNT_FAILED, words,
		    sizeof words);
		tui_text(win, &ts->look, y, 0, lw, words, A_NORMAL,
		    dv->traffic.total_bad > 0 ? PAIR_TERM : PAIR_NONE);
		no_evidence(win, ts, y, x0, pw, TL_EV_TRAFFIC);
		tui_bars(win, &ts->look, y, x0, dv->traffic.bad,
		    dv->traffic.nbins < (size_t)pw ? dv->traffic.nbins :
		    (size_t)pw, dv->traffic.peak, PAIR_TERM);
		marks(win, ts, y, x0, pw, failures, 2, NULL);
		y++;
	}
	if (dv->late.sources[TL_EV_ENDPOINTS] > 0 && y < h - 5) {
		tui_text(win, &ts->look, y, 0, lw, "endpoint", A_NORMAL,
		    PAIR_NONE);
		no_evidence(win, ts, y, x0, pw, TL_EV_ENDPOINTS);
		tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us,
		    dv->axis.hi_us, &dv->late.endpoint, 0);
		marks(win, ts, y++, x0, pw, endpoint, 2, NULL);
	}
	if (dv->late.sources[TL_EV_NODES] > 0 && p->r.node != NULL &&
	    y < h - 5) {
		tui_text(win, &ts->look, y, 0, lw, "node", A_NORMAL,
		    PAIR_NONE);
		no_evidence(win, ts, y, x0, pw, TL_EV_NODES);
		tui_spans(win, &ts->look, y, x0, pw, dv->axis.lo_us,
		    dv->axis.hi_us, &dv->late.node, 0);
		for (i = 0; i < (int)dv->late.nreboots; i++) {
			x = tui_col(dv->late.reboots[i], dv->axis.lo_us,
			    dv->axis.hi_us, x0, pw);
			if (x >= 0)
				tui_put_glyph(win, &ts->look, y, x, G_RESTART,
				    A_BOLD, PAIR_RUNNING);
		}
		y++;
	}
	if (has(dv, MO_EVENT) && y < h - 5) {
		tui_text(win, &ts->look, y, 0, lw, "events", A_NORMAL,
		    PAIR_NONE);
		marks(win, ts, y++, x0, pw, ev, 1, NULL);
	}
	if (has(dv, MO_LOG) && y < h - 5) {
		tui_text(win, &ts->look, y, 0, lw, "logs", A_NORMAL,
		    PAIR_NONE);
		marks(win, ts, y++, x0, pw, lg, 1, NULL);
	}
	if (has(dv, MO_MISSING) && y < h - 5) {
		tui_text(win, &ts->look, y, 0, lw, "missing", A_NORMAL,
		    PAIR_SIDECAR);
		marks(win, ts, y++, x0, pw, ms, 1, NULL);
	}
	ybot = y - 1;
	/* the cursor: a column through the lanes and a mark on the axis */
	if (dv->cursor >= 0 && (size_t)dv->cursor < dv->ms.n) {
		x = tui_col(dv->ms.v[dv->cursor].t_us, dv->axis.lo_us,
		    dv->axis.hi_us, x0, pw);
		if (x >= 0) {
			tui_put_glyph(win, &ts->look, 2, x, G_CURSOR, A_BOLD,
			    PAIR_PRESTOP);
			cursor_column(win, ts, ytop, ybot, x);
		}
	}
	y++;
	/* the caption: two rows, more where the screen has them */
	rows = caption(win, ts, y, w, h >= 30 ? 4 : 2);
	y += rows;
	/* the detail pane: the rows behind the moment */
	tui_text(win, &ts->look, y++, 0, w, dv->pane == PANE_DETAIL ?
	    "rows behind it (Tab: back to the lanes; Up/Down scroll)" :
	    "rows behind it (Tab: scroll them)", A_DIM | A_UNDERLINE,
	    PAIR_NONE);
	/* scrolled no further than its last full page */
	i = dv->detail_top;
	if (i > (int)dv->ndetail - (h - 1 - y))
		i = (int)dv->ndetail - (h - 1 - y);
	if (i < 0)
		i = 0;
	/* each row wrapped, so that its source file:line at the end shows */
	for (; i < (int)dv->ndetail && y < h - 1; i++)
		y = tui_text_wrapped(win, &ts->look, y, h - 1, 0, w, 2,
		    dv->detail[i], A_NORMAL, PAIR_NONE);
	tui_keybar(win, h, w, ts, "n/p moment  Left/Right pan  +/- zoom  "
	    "[/] pod  a rollout  Tab  ? help  q back");
}

/* ---------------------------------------------------------------- */
/* Keys. */

/* Pans the axis so that time t is shown. */
static void
show_time(struct death_state *dv, int64_t t)
{
	int64_t	span = dv->axis.hi_us - dv->axis.lo_us;

	if (t == TIME_NONE || (t >= dv->axis.lo_us && t <= dv->axis.hi_us))
		return;
	dv->axis.lo_us = t - span / 4;
	dv->axis.hi_us = dv->axis.lo_us + span;
}

static int
to_moment(struct tui_state *ts, int k)
{
	struct death_state	*dv = &ts->dv;

	if (k < 0 || (size_t)k >= dv->ms.n)
		return (TUI_REDRAW);
	dv->cursor = k;
	show_time(dv, dv->ms.v[k].t_us);
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
dv_next(struct tui_state *ts)
{
	return (to_moment(ts, ts->dv.cursor + 1));
}

static int
dv_prev(struct tui_state *ts)
{
	return (to_moment(ts, ts->dv.cursor - 1));
}

static int
dv_pan(struct tui_state *ts, int dir)
{
	struct death_state	*dv = &ts->dv;
	int64_t			 step = (dv->axis.hi_us - dv->axis.lo_us) / 4;

	if (dv->pane == PANE_DETAIL)
		return (TUI_REDRAW);
	dv->axis.lo_us += dir * step;
	dv->axis.hi_us += dir * step;
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
dv_right(struct tui_state *ts)
{
	return (dv_pan(ts, 1));
}

static int
dv_left(struct tui_state *ts)
{
	return (dv_pan(ts, -1));
}

/* Zooms by half (in) or double (out) around the cursor. */
static int
dv_zoom(struct tui_state *ts, int in)
{
	struct death_state	*dv = &ts->dv;
	int64_t			 span = dv->axis.hi_us - dv->axis.lo_us, mid;
	struct tl_axis		 whole;

	mid = dv->cursor >= 0 && (size_t)dv->cursor < dv->ms.n ?
	    dv->ms.v[dv->cursor].t_us : dv->axis.lo_us + span / 2;
	if (in) {
		if (span <= 2 * SEC_US)
			return (TUI_REDRAW);
		span /= 2;
	} else {
		if (whole_axis(dv, &whole) != 0) {
			span *= 2;
		} else if (span * 8 >= whole.hi_us - whole.lo_us) {
			/*
			 * Its whole life within one step: all of it, no
			 * further (not 5.7 of 6.1 days, a press short)
			 */
			dv->axis = whole;
			dv->whole = 1;
			return (TUI_RELOAD | TUI_REDRAW);
		} else {
			/*
			 * Days of life around a minute: eight times wider a
			 * step, so that a few presses reach it (a minute to
			 * five days in five), each drawn; never past its
			 * life's ends.
			 */
			span *= 8;
			dv->whole = 0;
			dv->axis.lo_us = mid - span / 2;
			if (dv->axis.lo_us < whole.lo_us)
				dv->axis.lo_us = whole.lo_us;
			if (dv->axis.lo_us + span > whole.hi_us)
				dv->axis.lo_us = whole.hi_us - span;
			dv->axis.hi_us = dv->axis.lo_us + span;
			return (TUI_RELOAD | TUI_REDRAW);
		}
	}
	dv->whole = 0;
	dv->axis.lo_us = mid - span / 2;
	dv->axis.hi_us = dv->axis.lo_us + span;
	return (TUI_RELOAD | TUI_REDRAW);
}

/* Says how much of its life the axis shows, after a zoom. */
static int
zoom_say(struct tui_state *ts, int rc)
{
	struct death_state	*dv = &ts->dv;
	struct tl_axis		 whole;
	char			 a[32], b[32];

	moments_fmt_offset(dv->axis.hi_us - dv->axis.lo_us, a, sizeof a);
	if (dv->whole)
		snprintf(ts->message, sizeof ts->message, "its whole life: "
		    "%s%s", a + 1, dv->pod->r.deletion_us == TIME_NONE ?
		    ", to the end of the evidence" : "");
	else if (whole_axis(dv, &whole) == 0) {
		moments_fmt_offset(whole.hi_us - whole.lo_us, b, sizeof b);
		snprintf(ts->message, sizeof ts->message, "%s of its life of "
		    "%s (- out, + in, 0 back)", a + 1, b + 1);
	}
	return (rc);
}

static int
dv_zoom_in(struct tui_state *ts)
{
	return (zoom_say(ts, dv_zoom(ts, 1)));
}

static int
dv_zoom_out(struct tui_state *ts)
{
	return (zoom_say(ts, dv_zoom(ts, 0)));
}

static int
dv_home(struct tui_state *ts)
{
	ts->dv.axis = ts->dv.home;
	ts->dv.whole = 0;
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
dv_tab(struct tui_state *ts)
{
	ts->dv.pane = (enum death_pane)((ts->dv.pane + 1) % PANE__COUNT);
	return (TUI_REDRAW);
}

static int
dv_down(struct tui_state *ts)
{
	struct death_state	*dv = &ts->dv;

	if (dv->pane != PANE_DETAIL)
		return (dv_next(ts));
	if (dv->detail_top + 1 < (int)dv->ndetail)
		dv->detail_top++;
	return (TUI_REDRAW);
}

static int
dv_up(struct tui_state *ts)
{
	struct death_state	*dv = &ts->dv;

	if (dv->pane != PANE_DETAIL)
		return (dv_prev(ts));
	if (dv->detail_top > 0)
		dv->detail_top--;
	return (TUI_REDRAW);
}

/* The time a pod died, for ordering the deaths of a rollout. */
static int64_t
death_time(const struct podset_pod *p)
{
	return (p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
	    p->r.main_exit_us);
}

/*
 * The previous (dir -1) or next (dir 1) death of the pod's workload in
 * the same rollout (deaths less than an hour apart), or NULL.
 */
static struct podset_pod *
sibling(struct tui_state *ts, int dir, char **cause)
{
	struct podset_pod	*p = ts->dv.pod, *q, *best = NULL, **v;
	int64_t			 at = death_time(p), t;
	size_t			 i, n, self;

	if (at == TIME_NONE || tui_workload_pods(ts, p->r.namespace,
	    p->r.workload, &v, &n, cause) != 0)
		return (NULL);
	/* pods that died at once go in the list's order */
	for (self = 0; self < n && v[self] != p; self++)
		;
	for (i = 0; i < n; i++) {
		q = v[i];
		if (q == p || (t = death_time(q)) == TIME_NONE ||
		    t - at > EPISODE_US || at - t > EPISODE_US)
			continue;
		if (dir > 0 && (t > at || (t == at && i > self)) && (best ==
		    NULL || t < death_time(best)))
			best = q;
		if (dir < 0 && (t < at || (t == at && i < self)) && (best ==
		    NULL || t > death_time(best)))
			best = q;
	}
	free(v);
	return (best);
}

static int
dv_sibling(struct tui_state *ts, int dir)
{
	char			*cause = NULL;
	struct podset_pod	*q = sibling(ts, dir, &cause);

	if (q == NULL && cause != NULL) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	if (q == NULL) {
		snprintf(ts->message, sizeof ts->message, "no %s death in "
		    "this rollout", dir > 0 ? "later" : "earlier");
		return (TUI_REDRAW);
	}
	if (death_open(ts, q, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
	}
	return (TUI_RELOAD | TUI_REDRAW);
}

static int
dv_next_pod(struct tui_state *ts)
{
	return (dv_sibling(ts, 1));
}

static int
dv_prev_pod(struct tui_state *ts)
{
	return (dv_sibling(ts, -1));
}

static int
dv_rollout(struct tui_state *ts)
{
	ts->rv.finding = -1;
	ts->rv.of_list = 0;
	ts->next = VIEW_ROLLOUT;
	return (TUI_PUSH);
}

/* A click on the lanes moves the cursor to the nearest moment. */
static int
dv_click(struct tui_state *ts)
{
	struct death_state	*dv = &ts->dv;
	int			 x0 = label_w(dv, ts->cols) + 1;
	int			 pw = ts->cols - x0, x, best;
	int			 bestd = 1 << 30, d;
	size_t			 i;

	if (ts->mouse_x < x0 || ts->mouse_y < 2)
		return (TUI_REDRAW);
	best = -1;
	for (i = 0; i < dv->ms.n; i++) {
		x = tui_col(dv->ms.v[i].t_us, dv->axis.lo_us, dv->axis.hi_us,
		    x0, pw);
		if (x < 0)
			continue;
		d = x > ts->mouse_x ? x - ts->mouse_x : ts->mouse_x - x;
		if (d < bestd) {
			bestd = d;
			best = (int)i;
		}
	}
	return (best >= 0 ? to_moment(ts, best) : TUI_REDRAW);
}

const struct tui_key death_keys[] = {
	{ .key = 'n', .name = "n", .help = "next moment", .action = dv_next },
	{ .key = 'p', .name = "p", .help = "previous moment",
	    .action = dv_prev },
	{ .key = KEY_DOWN, .name = "Down", .help = "next moment (in the "
	    "detail pane: scroll)", .action = dv_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous moment (in the "
	    "detail pane: scroll)", .action = dv_up },
	{ .key = KEY_RIGHT, .name = "Right", .help = "pan later",
	    .action = dv_right },
	{ .key = KEY_LEFT, .name = "Left", .help = "pan earlier",
	    .action = dv_left },
	{ .key = '+', .name = "+", .help = "zoom in (around the cursor)",
	    .action = dv_zoom_in },
	{ .key = '=', .name = "=", .help = "zoom in", .action = dv_zoom_in },
	{ .key = '-', .name = "-", .help = "zoom out, up to eight times a "
	    "step, to the pod's whole life (never deleted: to the end of the "
	    "evidence)", .action = dv_zoom_out },
	{ .key = '0', .name = "0", .help = "back to where it opened: its "
	    "death, or its first moment in the incident", .action = dv_home },
	{ .key = ']', .name = "]", .help = "the next pod's death in this "
	    "rollout", .action = dv_next_pod },
	{ .key = '[', .name = "[", .help = "the previous pod's death in this "
	    "rollout", .action = dv_prev_pod },
	{ .key = 'a', .name = "a", .help = "the rollout view: every pod of "
	    "this rollout aligned at its deletion", .action = dv_rollout },
	{ .key = '\t', .name = "Tab", .help = "switch between the lanes and "
	    "the rows behind the moment", .action = dv_tab },
	{ .key = KEY_MOUSE, .name = "click", .help = "the moment nearest "
	    "the click", .action = dv_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

int
death_go(struct tui_state *ts, const char *answer)
{
	struct death_state	*dv = &ts->dv;
	int64_t			 t;
	size_t			 i;

	if (tui_parse_time(answer, dv->ms.zero_us, dv->axis.lo_us, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	for (i = 0; i < dv->ms.n && dv->ms.v[i].t_us < t; i++)
		;
	/* the nearest moment, before or after: the caption follows */
	if (i == dv->ms.n || (i > 0 && t - dv->ms.v[i - 1].t_us <
	    dv->ms.v[i].t_us - t))
		i = i > 0 ? i - 1 : 0;
	show_time(dv, t);
	if (i < dv->ms.n) {
		dv->cursor = (int)i;
		show_time(dv, dv->ms.v[i].t_us);
		snprintf(ts->message, sizeof ts->message, "the moment nearest "
		    "to it: [%zu/%zu] %.160s", i + 1, dv->ms.n,
		    dv->ms.v[i].caption != NULL ? dv->ms.v[i].caption : "");
	} else
		snprintf(ts->message, sizeof ts->message, "this pod has no "
		    "moment to go to");
	return (TUI_RELOAD | TUI_REDRAW);
}
