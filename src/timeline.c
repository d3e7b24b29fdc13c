/*
 * timeline.c: the lanes of pods on one axis (timeline.h), for the HTML
 * report and the TUI.  A pod's spans follow from the times the model
 * derived (lifecycle.c): created, started, ready, the deletion request,
 * SIGTERM, the main containers' exit, the sidecars' exit, gone.  No
 * SQL (the buckets come through store.h), no drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "moments.h"
#include "readiness.h"
#include "timefmt.h"
#include "timeline.h"

#define SEC_US		1000000LL

static const char *const state_names[TL__COUNT] = {
	[TL_PENDING] = "pending",
	[TL_RUNNING] = "running",
	[TL_READY] = "ready",
	[TL_PRESTOP] = "preStop",
	[TL_TERMINATING] = "after SIGTERM",
	[TL_SIDECARS] = "sidecars alone",
	[TL_EXITED] = "exited",
	[TL_EP_LISTED] = "endpoint not ready",
	[TL_EP_READY] = "endpoint ready",
	[TL_EP_TERMINATING] = "endpoint terminating",
	[TL_EP_DRAINED] = "endpoint not serving",
	[TL_NODE_NOT_READY] = "node NotReady",
	[TL_NODE_UNKNOWN] = "node Unknown",
	[TL_NODE_CORDONED] = "node cordoned",
	[TL_NO_EVIDENCE] = "no evidence",
};

const char *
tl_state_name(enum tl_state s)
{
	return (s < TL__COUNT ? state_names[s] : "?");
}

/*
 * Adds a span from a to b (b TIME_NONE: open) unless it is empty or
 * starts at an unknown time.
 */
static void
span(struct tl_lane *l, int64_t a, int64_t b, enum tl_state state)
{
	if (a == TIME_NONE || (b != TIME_NONE && b <= a))
		return;
	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	l->v[l->n].from_us = a;
	l->v[l->n].to_us = b;
	l->v[l->n].state = state;
	l->n++;
}

/* The first of two times, an unknown one not counting. */
static int64_t
first_of(int64_t a, int64_t b)
{
	if (a == TIME_NONE)
		return (b);
	if (b == TIME_NONE)
		return (a);
	return (a < b ? a : b);
}

/* Running, then ready, from a until b. */
static void
alive(struct tl_lane *l, int64_t a, int64_t ready, int64_t b)
{
	if (ready != TIME_NONE && ready > a && (b == TIME_NONE || ready < b)) {
		span(l, a, ready, TL_RUNNING);
		span(l, ready, b, TL_READY);
	} else if (ready != TIME_NONE && ready <= a)
		span(l, a, b, TL_READY);
	else
		span(l, a, b, TL_RUNNING);
}

/*
 * When the last sidecar ended: TIME_NONE when one never did; *any says
 * whether the pod has a running sidecar at all.
 */
static int64_t
sidecars_end(const struct podset_pod *p, int *any)
{
	int64_t	t = TIME_NONE;
	size_t	i;

	*any = 0;
	for (i = 0; i < p->nc; i++) {
		if (!p->c[i].sidecar || model_is_plain_init(&p->c[i]))
			continue;
		*any = 1;
		if (p->c[i].finished_us == TIME_NONE)
			return (TIME_NONE);
		if (t == TIME_NONE || p->c[i].finished_us > t)
			t = p->c[i].finished_us;
	}
	return (t);
}

int
timeline_prestop(const struct row_pod *r, struct tl_span *sp)
{
	if (r->deletion_us == TIME_NONE || r->sigterm_us == TIME_NONE ||
	    r->sigterm_us <= r->deletion_us)
		return (0);
	sp->from_us = r->deletion_us;
	sp->to_us = r->sigterm_us;
	sp->state = TL_PRESTOP;
	return (1);
}

/* The pod's own lane. */
static void
phase_lane(const struct podset_pod *p, struct tl_pod *tp)
{
	const struct row_pod	*r = &p->r;
	struct tl_lane		*l = &tp->phase;
	struct tl_span		 pre;
	int64_t			 run, stop, term, after, side;
	int			 anyside;

	run = r->start_us != TIME_NONE ? r->start_us : r->created_us;
	if (r->created_us != TIME_NONE && r->start_us != TIME_NONE &&
	    r->created_us < r->start_us)
		span(l, r->created_us, r->start_us, TL_PENDING);
	stop = r->deletion_us != TIME_NONE ? r->deletion_us :
	    first_of(r->main_exit_us, r->gone_us);
	alive(l, run, r->ready_us, stop);
	after = r->main_exit_us;
	if (r->deletion_us != TIME_NONE) {
		term = r->deletion_us;
		if (timeline_prestop(r, &pre)) {
			span(l, pre.from_us, pre.to_us, TL_PRESTOP);
			term = pre.to_us;
		}
		after = r->main_exit_us != TIME_NONE ? r->main_exit_us :
		    r->gone_us != TIME_NONE ? r->gone_us : r->deadline_us;
		span(l, term, after, TL_TERMINATING);
	}
	if (after == TIME_NONE)
		return;
	side = sidecars_end(p, &anyside);
	if (anyside && r->main_exit_us != TIME_NONE && (side == TIME_NONE ||
	    side > after)) {
		span(l, after, side != TIME_NONE ? side : r->gone_us,
		    TL_SIDECARS);
		if (side == TIME_NONE)
			return;
		after = side;
	}
	if (r->main_exit_us == TIME_NONE && r->gone_us == TIME_NONE)
		return;		/* still terminating at the end */
	if (r->gone_us == TIME_NONE || r->gone_us > after)
		span(l, after, r->gone_us, TL_EXITED);
}

/*
 * The instances of a container that died and were restarted before its
 * last one: each ran until it died, then waited for its restart.
 */
static void
earlier_instances(const struct podset_pod *p, const struct row_container *c,
    struct tl_lane *l)
{
	const struct row_termination	*t;
	size_t				 i;

	for (i = 0; i < p->nt; i++) {
		t = &p->t[i];
		if (strcmp(t->container, c->name) != 0 ||
		    t->finished_us == TIME_NONE ||
		    (c->started_us != TIME_NONE &&
		    t->finished_us > c->started_us))
			continue;
		span(l, t->started_us, t->finished_us, TL_RUNNING);
		span(l, t->finished_us, t->restarted_us != TIME_NONE ?
		    t->restarted_us : c->started_us, TL_PENDING);
	}
}

/* One container's lane: running, ready, preStop, after SIGTERM. */
static void
container_lane(const struct podset_pod *p, const struct row_container *c,
    struct tl_lane *l)
{
	int64_t	end = c->finished_us, del = p->r.deletion_us, term;

	l->c = c;
	earlier_instances(p, c, l);
	if (c->started_us == TIME_NONE)
		return;
	if (del == TIME_NONE || del < c->started_us ||
	    (end != TIME_NONE && end <= del)) {
		alive(l, c->started_us, c->ready_us, end);
		return;
	}
	alive(l, c->started_us, c->ready_us, del);
	term = c->sigterm_us != TIME_NONE && c->sigterm_us >= del ?
	    c->sigterm_us : del;
	if (end != TIME_NONE && term > end)
		term = end;
	span(l, del, term, TL_PRESTOP);
	span(l, term, end != TIME_NONE ? end : p->r.gone_us != TIME_NONE ?
	    p->r.gone_us : c->deadline_us, TL_TERMINATING);
}

void
timeline_pod(const struct podset_pod *p, struct tl_pod *tp)
{
	const struct row_container	*c;
	size_t				 i;

	memset(tp, 0, sizeof *tp);
	tp->pod = p;
	phase_lane(p, tp);
	tp->c = xcalloc(p->nc > 0 ? p->nc : 1, sizeof *tp->c);
	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (!model_container_shown(c))
			continue;
		container_lane(p, c, &tp->c[tp->nc++]);
	}
	tp->began_us = first_of(p->r.created_us, p->r.start_us);
	tp->ended_us = p->r.gone_us;
	if (tp->ended_us == TIME_NONE && tp->phase.n > 0 &&
	    tp->phase.v[tp->phase.n - 1].to_us != TIME_NONE)
		tp->ended_us = tp->phase.v[tp->phase.n - 1].to_us;
}

void
timeline_pod_free(struct tl_pod *tp)
{
	size_t	i;

	free(tp->phase.v);
	for (i = 0; i < tp->nc; i++)
		free(tp->c[i].v);
	free(tp->c);
	memset(tp, 0, sizeof *tp);
}

static void
span_add(int64_t *lo, int64_t *hi, int64_t us)
{
	if (us == TIME_NONE)
		return;
	if (*lo == TIME_NONE || us < *lo)
		*lo = us;
	if (*hi == TIME_NONE || us > *hi)
		*hi = us;
}

/* Pads lo..hi, at least 10 s wide, in whole seconds. */
static void
axis_round(int64_t lo, int64_t hi, struct tl_axis *ax)
{
	int64_t	pad = (hi - lo) / 12;

	if (pad < 2 * SEC_US)
		pad = 2 * SEC_US;
	lo -= pad;
	hi += pad;
	if (hi - lo < 10 * SEC_US)
		hi = lo + 10 * SEC_US;
	ax->lo_us = time_floor_div(lo, SEC_US) * SEC_US;
	ax->hi_us = -time_floor_div(-hi, SEC_US) * SEC_US;
}

int
timeline_axis(const struct podset_pod *const *pods, size_t n,
    int64_t from_us, int64_t to_us, struct tl_axis *ax)
{
	const struct podset_pod	*p;
	int64_t			 lo = TIME_NONE, hi = TIME_NONE, near, t[6];
	size_t			 i, j, k;

	span_add(&lo, &hi, from_us);
	span_add(&lo, &hi, to_us);
	near = lo != TIME_NONE ? hi - lo : 0;
	if (near < 120 * SEC_US)
		near = 120 * SEC_US;
	for (i = 0; i < n; i++) {
		p = pods[i];
		t[0] = p->r.deletion_us;
		t[1] = p->r.sigterm_us;
		t[2] = p->r.deadline_us;
		t[3] = p->r.gone_us;
		t[4] = p->r.main_exit_us;
		t[5] = TIME_NONE;
		if (p->r.deletion_us == TIME_NONE)	/* when it began */
			t[5] = p->r.start_us != TIME_NONE ? p->r.start_us :
			    p->r.created_us;
		for (k = 0; k < 6; k++) {
			if (t[k] == TIME_NONE)
				continue;
			/* a pod created an hour before does not stretch it */
			if (from_us != TIME_NONE && (t[k] < from_us - near ||
			    t[k] > (to_us != TIME_NONE ? to_us : from_us) +
			    near))
				continue;
			span_add(&lo, &hi, t[k]);
		}
		for (j = 0; j < p->nc; j++) {
			if (from_us == TIME_NONE && !p->c[j].init)
				span_add(&lo, &hi, p->c[j].finished_us);
		}
	}
	if (lo == TIME_NONE)
		return (-1);
	axis_round(lo, hi, ax);
	return (0);
}

int
timeline_death_axis(const struct podset_pod *p, int whole,
    struct tl_axis *ax)
{
	int64_t	lo = TIME_NONE, hi = TIME_NONE, at;
	size_t	i;

	if (whole) {
		span_add(&lo, &hi, p->r.created_us);
		span_add(&lo, &hi, p->r.start_us);
		for (i = 0; i < p->nc; i++) {
			span_add(&lo, &hi, p->c[i].started_us);
			span_add(&lo, &hi, p->c[i].finished_us);
		}
	}
	at = p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
	    p->r.main_exit_us;
	if (at == TIME_NONE)
		for (i = 0; i < p->nc; i++)
			at = first_of(at, p->c[i].finished_us);
	span_add(&lo, &hi, at);
	if (at != TIME_NONE) {
		span_add(&lo, &hi, at - 5 * SEC_US);
		span_add(&lo, &hi, p->r.sigterm_us);
		span_add(&lo, &hi, p->r.deadline_us);
		span_add(&lo, &hi, p->r.gone_us);
		span_add(&lo, &hi, p->r.main_exit_us);
		for (i = 0; i < p->nc; i++)
			if (p->c[i].finished_us != TIME_NONE &&
			    p->c[i].finished_us >= at)
				span_add(&lo, &hi, p->c[i].finished_us);
	} else {
		/* alive at the end of what was seen: its last start */
		span_add(&lo, &hi, p->r.start_us);
		span_add(&lo, &hi, p->r.ready_us);
	}
	if (lo == TIME_NONE)
		return (-1);
	axis_round(lo, hi, ax);
	return (0);
}

struct binning {
	struct tl_traffic	*t;
	int64_t			 lo_us;
	int64_t			 hi_us;
};

/* The bin of time us, or -1 outside the axis. */
static int64_t
bin_of(const struct binning *bn, int64_t us)
{
	int64_t	bin;

	if (us < bn->lo_us || us >= bn->hi_us)
		return (-1);
	bin = (int64_t)((double)(us - bn->lo_us) * (double)bn->t->nbins /
	    (double)(bn->hi_us - bn->lo_us));
	return (bin >= 0 && (size_t)bin < bn->t->nbins ? bin : -1);
}

int64_t
timeline_bucket_failed(const struct row_bucket *b)
{
	/* failures count where they ended, requests where they began */
	return (b->errors > b->conn_failures ? b->errors : b->conn_failures);
}

void
timeline_second_bins(int64_t lo_us, int64_t hi_us, size_t nbins,
    int64_t second, int64_t *first, int64_t *last)
{
	double	w;
	int64_t	a, b;

	*first = *last = -1;
	if (hi_us <= lo_us || nbins == 0)
		return;
	w = (double)(hi_us - lo_us) / (double)nbins;
	/* the bins whose middle lies in the second */
	a = (int64_t)ceil(((double)(second * SEC_US - lo_us)) / w - 0.5);
	b = (int64_t)ceil(((double)((second + 1) * SEC_US - lo_us)) / w -
	    0.5) - 1;
	if (a < 0)
		a = 0;
	if (b > (int64_t)nbins - 1)
		b = (int64_t)nbins - 1;
	if (a > b) {
		/* bins wider than a second: the one of its middle */
		a = (int64_t)(((double)(second * SEC_US + SEC_US / 2 -
		    lo_us)) / w);
		if (a < 0 || a >= (int64_t)nbins)
			return;
		b = a;
	}
	*first = a;
	*last = b;
}

/*
 * A bucket counts in the bin of its second's middle; when bins are
 * narrower than a second, in every bin of its second, so that a bin
 * shows requests per second either way.
 */
static int
bin_bucket(void *ctx, const struct row_bucket *b)
{
	struct binning	*bn = ctx;
	struct tl_traffic *t = bn->t;
	int64_t		 failed, ok, bin, first, last, i;

	if ((bin = bin_of(bn, b->second * SEC_US + SEC_US / 2)) < 0)
		return (0);
	failed = timeline_bucket_failed(b);
	ok = b->requests > failed ? b->requests - failed : 0;
	t->total_bad += failed;
	t->total_ok += ok;
	timeline_second_bins(bn->lo_us, bn->hi_us, t->nbins, b->second,
	    &first, &last);
	if (first < 0)
		first = last = bin;
	for (i = first; i <= last; i++) {
		t->bad[i] += failed;
		t->ok[i] += ok;
	}
	return (0);
}

int
timeline_traffic(struct store *st, const struct podset_pod *p,
    int64_t lo_us, int64_t hi_us, size_t nbins, struct tl_traffic *t,
    char **cause)
{
	struct binning	bn = { .t = t, .lo_us = lo_us, .hi_us = hi_us };
	size_t		i;

	memset(t, 0, sizeof *t);
	t->nbins = nbins > 0 ? nbins : 1;
	t->ok = xcalloc(t->nbins, sizeof *t->ok);
	t->bad = xcalloc(t->nbins, sizeof *t->bad);
	if (hi_us <= lo_us)
		return (0);
	if (store_pod_buckets(st, p->r.uid, time_floor_div(lo_us, SEC_US),
	    time_floor_div(hi_us, SEC_US), bin_bucket, &bn, cause) != 0)
		return (-1);
	for (i = 0; i < t->nbins; i++) {
		if (t->ok[i] > t->peak)
			t->peak = t->ok[i];
		if (t->bad[i] > t->peak)
			t->peak = t->bad[i];
	}
	return (0);
}

void
timeline_traffic_words(const struct tl_traffic *t, enum tl_count which,
    char *out, size_t len)
{
	switch (which) {
	case TL_COUNT_OK:
		snprintf(out, len, "%lld ok", (long long)t->total_ok);
		break;
	case TL_COUNT_FAILED:
		snprintf(out, len, "%lld failed", (long long)t->total_bad);
		break;
	case TL_COUNT_BOTH:
		snprintf(out, len, "%lld ok %lld failed",
		    (long long)t->total_ok, (long long)t->total_bad);
		break;
	}
}

void
timeline_traffic_free(struct tl_traffic *t)
{
	free(t->ok);
	free(t->bad);
	memset(t, 0, sizeof *t);
}

int64_t
timeline_tick_step(int64_t span_s, int max)
{
	static const int64_t	steps[] = {
		1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
		10800, 21600, 43200, 86400, 172800, 604800, 0
	};
	size_t			i;

	if (max < 1)
		max = 1;
	for (i = 0; steps[i] != 0; i++) {
		if (span_s / steps[i] <= max)
			return (steps[i]);
	}
	return ((span_s / max / 86400 + 1) * 86400);
}

void
timeline_tick_label(int64_t t_us, int64_t step_s, int64_t zero_us, char *out,
    size_t len)
{
	char	b[TIME_FMT_LEN];

	if (zero_us != TIME_NONE) {
		/* the offsets' one formatter, to the step */
		moments_fmt_offset_res(t_us - zero_us, step_s * 1000000, out,
		    len);
		return;
	}
	time_format(t_us, b);
	/* steps of a month or more: the year with it ("2023-03-24") */
	if (step_s >= 30 * 86400)
		snprintf(out, len, "%.10s", b);
	else if (step_s >= 86400)
		snprintf(out, len, "%.5s", b + 5);
	else if (step_s >= 60)
		snprintf(out, len, "%.5s", b + 11);
	else
		snprintf(out, len, "%.8s", b + 11);
}

/* ---------------------------------------------------------------- */
/* The late evidence: endpoints, nodes, and where none was collected. */

/* The kind of evidence each importer's sources are (the others: none). */
static const struct {
	const char		*format;
	enum tl_evidence	 ev;
} evidence_of[] = {
	{ "k8s-events", TL_EV_POD }, { "k8s-pods", TL_EV_POD },
	{ "k8s-workloads", TL_EV_POD }, { "k8s-audit", TL_EV_POD },
	{ "cloud-logging", TL_EV_POD }, { "container-log", TL_EV_POD },
	{ "cloudwatch-logs", TL_EV_POD },
	{ "ingress-nginx", TL_EV_TRAFFIC }, { "envoy", TL_EV_TRAFFIC },
	{ "alb", TL_EV_TRAFFIC }, { "gclb", TL_EV_TRAFFIC },
	{ "k8s-endpointslices", TL_EV_ENDPOINTS },
	{ "k8s-nodes", TL_EV_NODES },
};

/* One pod's endpoints over its slices, merged. */
struct ep_merge {
	int64_t	listed_us, ready_us, terminating_us, not_serving_us;
	int64_t	gone_us;	/* the last slice let it go, or TIME_NONE */
	int	kept;		/* some slice never let it go */
	int	n;
};

static void
earliest(int64_t *t, int64_t v)
{
	if (v != TIME_NONE && (*t == TIME_NONE || v < *t))
		*t = v;
}

static int
late_endpoint(void *ctx, const struct row_pod_endpoint *e)
{
	struct ep_merge	*m = ctx;

	m->n++;
	earliest(&m->listed_us, e->first_seen_us);
	earliest(&m->ready_us, e->ready_us);
	earliest(&m->terminating_us, e->terminating_us != TIME_NONE ?
	    e->terminating_us : e->not_ready_us);
	earliest(&m->not_serving_us, e->not_serving_us);
	if (e->gone_us == TIME_NONE)
		m->kept = 1;
	else if (m->gone_us == TIME_NONE || e->gone_us > m->gone_us)
		m->gone_us = e->gone_us;
	return (0);
}

/* The endpoint's lane: listed, ready, terminating, not serving, gone. */
static void
endpoint_lane(const struct ep_merge *m, struct tl_lane *l)
{
	int64_t	end = m->kept ? TIME_NONE : m->gone_us;
	int64_t	t = m->terminating_us, ns = m->not_serving_us;

	if (m->n == 0)
		return;
	if (ns != TIME_NONE && (t == TIME_NONE || ns < t))
		t = ns;		/* not serving before it was terminating */
	span(l, m->listed_us, first_of(m->ready_us, first_of(t, end)),
	    TL_EP_LISTED);
	span(l, m->ready_us, first_of(t, end), TL_EP_READY);
	span(l, t, first_of(ns, end), TL_EP_TERMINATING);
	span(l, ns, end, TL_EP_DRAINED);
}

static int
late_node_state(void *ctx, const struct row_node_state *n)
{
	struct tl_late	*tl = ctx;

	if (strcmp(n->state, "not-ready") == 0)
		span(&tl->node, n->from_us, n->to_us, TL_NODE_NOT_READY);
	else if (strcmp(n->state, "unknown") == 0)
		span(&tl->node, n->from_us, n->to_us, TL_NODE_UNKNOWN);
	else if (strcmp(n->state, "cordon") == 0)
		span(&tl->node, n->from_us, n->to_us, TL_NODE_CORDONED);
	else if (strcmp(n->state, "reboot") == 0 && n->from_us != TIME_NONE) {
		tl->reboots = xreallocarray(tl->reboots, tl->nreboots + 1,
		    sizeof *tl->reboots);
		tl->reboots[tl->nreboots++] = n->from_us;
	}
	return (0);
}

/*
 * Moves the cordons after the other spans, keeping their order: a lane
 * shows the first span of a time, and a NotReady within a cordon is the
 * news.
 */
static void
cordons_last(struct tl_lane *l)
{
	struct tl_span	*v;
	size_t		 i, n = 0;

	if (l->n == 0)
		return;
	v = xreallocarray(NULL, l->n, sizeof *v);
	for (i = 0; i < l->n; i++) {
		if (l->v[i].state != TL_NODE_CORDONED)
			v[n++] = l->v[i];
	}
	for (i = 0; i < l->n; i++) {
		if (l->v[i].state == TL_NODE_CORDONED)
			v[n++] = l->v[i];
	}
	free(l->v);
	l->v = v;
}

/* What the sources of each kind cover, merged, for the gaps. */
struct covers {
	int64_t		 lo_us, hi_us;	/* the axis */
	int64_t		 until_us[TL_EV__COUNT]; /* covered up to, so far */
	struct tl_late	*tl;
};

static int
late_cover(void *ctx, const char *format, int64_t from_us, int64_t to_us)
{
	struct covers	*c = ctx;
	size_t		 i;
	int		 ev;

	for (i = 0; i < sizeof evidence_of / sizeof evidence_of[0]; i++) {
		if (strcmp(evidence_of[i].format, format) == 0)
			break;
	}
	if (i == sizeof evidence_of / sizeof evidence_of[0])
		return (0);
	ev = evidence_of[i].ev;
	c->tl->sources[ev]++;
	/* sources come by from_us: a gap is what lies before this one */
	if (from_us > c->until_us[ev])
		span(&c->tl->gaps[ev], c->until_us[ev], from_us <
		    c->hi_us ? from_us : c->hi_us, TL_NO_EVIDENCE);
	if (to_us + SEC_US > c->until_us[ev])	/* its last second's end */
		c->until_us[ev] = to_us + SEC_US;
	return (0);
}

/*
 * The stretches pod p was alive and said not Ready after it had been
 * Ready (a readiness probe failing, its node down), from its versions.
 */
static int
not_ready_lane(struct store *st, const struct podset_pod *p,
    struct tl_lane *l, char **cause)
{
	struct readiness	 r;
	const struct ready_span	*sp;
	size_t			 i;
	int			 was = 0;

	if (readiness_of(st, p, &r, cause) != 0)
		return (-1);
	for (i = 0; r.n > 0 && i < r.v[0].n; i++) {
		sp = &r.v[0].v[i];
		if (sp->ready)
			was = 1;
		else if (was)
			span(l, sp->from_us, sp->to_us, TL_RUNNING);
	}
	readiness_free(&r);
	return (0);
}

int
timeline_late(struct store *st, const struct podset_pod *p, int64_t lo_us,
    int64_t hi_us, struct tl_late *tl, char **cause)
{
	struct ep_merge	m = {
		.listed_us = TIME_NONE, .ready_us = TIME_NONE,
		.terminating_us = TIME_NONE, .not_serving_us = TIME_NONE,
		.gone_us = TIME_NONE
	};
	struct covers	c = { .lo_us = lo_us, .hi_us = hi_us, .tl = tl };
	int		ev;

	memset(tl, 0, sizeof *tl);
	for (ev = 0; ev < TL_EV__COUNT; ev++)
		c.until_us[ev] = lo_us;
	if (store_source_covers(st, late_cover, &c, cause) != 0)
		return (-1);
	for (ev = 0; ev < TL_EV__COUNT; ev++) {
		if (tl->sources[ev] > 0 && c.until_us[ev] < hi_us)
			span(&tl->gaps[ev], c.until_us[ev], hi_us,
			    TL_NO_EVIDENCE);
	}
	if (p->r.uid != NULL && store_pod_endpoints_of(st, p->r.uid,
	    late_endpoint, &m, cause) != 0) {
		timeline_late_free(tl);
		return (-1);
	}
	endpoint_lane(&m, &tl->endpoint);
	if (p->r.node != NULL && store_node_states_of(st, p->r.node, lo_us,
	    hi_us, late_node_state, tl, cause) != 0) {
		timeline_late_free(tl);
		return (-1);
	}
	cordons_last(&tl->node);
	if (p->r.uid != NULL && not_ready_lane(st, p, &tl->not_ready,
	    cause) != 0) {
		timeline_late_free(tl);
		return (-1);
	}
	return (0);
}

void
timeline_late_free(struct tl_late *tl)
{
	int	ev;

	free(tl->endpoint.v);
	free(tl->node.v);
	free(tl->not_ready.v);
	free(tl->reboots);
	for (ev = 0; ev < TL_EV__COUNT; ev++)
		free(tl->gaps[ev].v);
	memset(tl, 0, sizeof *tl);
}
