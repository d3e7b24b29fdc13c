/*
 * report-svg.c: the pictures of the HTML report (report.h), one inline
 * SVG per finding that answers it.  Pods that died by deletion are drawn
 * one lane each, aligned at their own deletion request (offset 0), so
 * that what they share shows: the preStop, SIGTERM, the 5 s before
 * SIGKILL, the load balancer still routing, the proxy gone before the
 * app, the records lost in the last seconds; other findings on a common
 * UTC axis.  A grace budget that does not fit is drawn as the budget
 * itself (report-svg-budget.c): what the grace period holds against what
 * it must.  Below each picture its times are printed exactly, with how
 * each is known.
 *
 * The lanes come from timeline.c, the marks from moments.c (the same
 * moments as `coroner timeline` and the TUI), the traffic from the
 * store's per-second buckets; nothing is decided here, only drawn.
 * Inferred times are drawn hollow and dashed and say so.  Shapes and
 * patterns, not colour alone, tell things apart.  Everything goes
 * through out_html(), which escapes every string argument.  No SQL.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "evidence.h"
#include "moments.h"
#include "out.h"
#include "report.h"
#include "report-svg-int.h"
#include "timefmt.h"
#include "timeline.h"

/* The rest of the picture's geometry (report-svg-int.h has its frame). */
#define LANE		66	/* one pod's lane */
#define AXIS		40	/* the time axis below the lanes */
#define LEGEND_ROW	22	/* one row of the legend */
#define BINS_MAX	352	/* traffic columns at most */
#define LANES_MAX	40	/* pods drawn per finding; the rest listed */
#define NAME_MAX	34	/* characters of a pod name in the gutter */
#define SEC_US		1000000LL

/* Where a lane's parts are, from its top. */
#define LY_TRI		7	/* the deletion triangle's tip */
#define LY_BAR		11	/* the bar's top (14 high) */
#define LY_MID		18	/* the bar's middle */
#define LY_BELOW	30	/* sidecar marks, the pod gone */
#define LY_MISS		41	/* missing records */
#define LY_BASE		57	/* traffic: answered up, failed down */

/* One pod's lane while the picture is drawn. */
struct lane {
	struct podset_pod	*pod;		/* borrowed */
	struct moments		 ms;		/* its moments */
	struct tl_pod		 tp;		/* its spans */
	struct tl_traffic	 tr;		/* its requests on the axis */
	int64_t			 zero_us;	/* aligned: its deletion; 0 */
};

/* A record in no pod's window, for a finding without pods. */
struct outside {
	int64_t		 time_us;	/* its time in the reference set */
	char		*key;		/* owned */
};

/* One finding's picture. */
struct pic {
	FILE		*out;		/* borrowed */
	int64_t		 id;		/* the finding's number: SVG ids */
	enum fk_picture	 picture;	/* its kind's (finding_kinds[]) */
	json_t		*evidence;	/* the finding's (borrowed) */
	int		 aligned;	/* lanes at their own deletion */
	int64_t		 lo_us;		/* the axis: times, or offsets when */
	int64_t		 hi_us;		/* aligned */
	struct lane	*lanes;		/* owned */
	size_t		 n;
	size_t		 not_drawn;	/* pods past LANES_MAX */
	int64_t		 peak;		/* the busiest traffic bin */
	double		 sec_per_bin;	/* seconds a traffic bin spans */
	unsigned	 drawn;		/* LG_* of what was drawn */
	struct outside	*outside;	/* owned: records in no window */
	size_t		 noutside;
};

/* What the legend shows: the parts that were drawn. */
#define LG_RUN		0x001
#define LG_PRESTOP	0x002
#define LG_TERM		0x004
#define LG_SIDE		0x008
#define LG_EXITED	0x010
#define LG_DELETION	0x020
#define LG_SIGTERM	0x040
#define LG_INFERRED	0x080
#define LG_DEADLINE	0x100
#define LG_EXIT		0x200
#define LG_KILL		0x400
#define LG_GONE		0x800
#define LG_TRAFFIC	0x1000
#define LG_ROUTED	0x2000
#define LG_MISSING	0x4000

static const char *
member(json_t *o, const char *key)
{
	return (json_string_value(json_object_get(o, key)));
}

/* ---------------------------------------------------------------- */
/* Loading. */

/* The uids of a finding's pods, as store_finding_pods gives them. */
struct uid_list {
	char		***v;		/* the caller's array (owned, its
					   strings too) */
	size_t		 *n;
};

static int
add_uid(void *ctx, const char *uid)
{
	struct uid_list	*u = ctx;

	*u->v = xreallocarray(*u->v, *u->n + 1, sizeof **u->v);
	(*u->v)[(*u->n)++] = xstrdup(uid);
	return (0);
}

static int64_t
jtime(json_t *v)
{
	const char	*s = json_string_value(v);
	int64_t		 us;

	if (s == NULL || time_parse_iso(s, strlen(s), NULL, &us) != 0)
		return (TIME_NONE);
	return (us);
}

static int
keep_outside(void *ctx, const struct row_missing *m)
{
	struct pic	*pc = ctx;
	struct outside	*o;

	pc->outside = xreallocarray(pc->outside, pc->noutside + 1,
	    sizeof *pc->outside);
	o = &pc->outside[pc->noutside++];
	o->time_us = m->time_us;
	o->key = xstrdup(m->key != NULL ? m->key : "");
	return (0);
}

/*
 * Whether the grace deadline matters to a pod: it was still running
 * then (it did not exit well before).
 */
static int
deadline_matters(const struct lane *l)
{
	const struct podset_pod	*p = l->pod;

	return (p->r.deadline_us != TIME_NONE && (p->r.main_exit_us ==
	    TIME_NONE || p->r.main_exit_us >= p->r.deadline_us - 2 * SEC_US));
}

/* The moment of this kind about the app (not a sidecar), or NULL. */
static const struct moment *
app_moment(const struct lane *l, enum moment_kind kind)
{
	size_t	i;

	for (i = 0; i < l->ms.n; i++) {
		if (l->ms.v[i].kind == kind && !l->ms.v[i].sidecar)
			return (&l->ms.v[i]);
	}
	return (NULL);
}

static void
widen(int64_t *lo, int64_t *hi, int64_t t)
{
	if (t == TIME_NONE)
		return;
	if (*lo == TIME_NONE || t < *lo)
		*lo = t;
	if (*hi == TIME_NONE || t > *hi)
		*hi = t;
}

/*
 * The aligned axis: from a little before the deletion requests to the
 * last thing worth showing after them (an exit, the pod gone, the last
 * request routed or lost record), in offsets.
 */
static void
aligned_axis(struct pic *pc)
{
	const struct moment	*m;
	int64_t			 lo = -5 * SEC_US, hi = 10 * SEC_US, off;
	size_t			 i, j;

	for (i = 0; i < pc->n; i++) {
		for (j = 0; j < pc->lanes[i].ms.n; j++) {
			m = &pc->lanes[i].ms.v[j];
			off = m->t_us - pc->lanes[i].zero_us;
			if (off < -60 * SEC_US || off > 900 * SEC_US)
				continue;	/* long before, long after */
			if (m->kind == MO_DEADLINE &&
			    !deadline_matters(&pc->lanes[i]))
				continue;
			switch (m->kind) {
			case MO_DEADLINE:
			case MO_KILLED:
			case MO_EXIT:
			case MO_OOM:
			case MO_GONE:
			case MO_LAST_ROUTED:
			case MO_LAST_FAILURE:
			case MO_MISSING:
			case MO_SIGTERM:
				if (off + 3 * SEC_US > hi)
					hi = off + 3 * SEC_US;
				if (off - 3 * SEC_US < lo)
					lo = off - 3 * SEC_US;
				break;
			default:
				break;
			}
		}
	}
	/* room after the last mark for its label ("137 SIGKILL") */
	hi += (hi - lo) / 6;
	pc->lo_us = time_floor_div(lo, SEC_US) * SEC_US;
	pc->hi_us = -time_floor_div(-hi, SEC_US) * SEC_US;
}

/*
 * Gathers what the picture shows.  Returns 1 when there is something
 * to draw, 0 when not, -1 with a new *cause.
 */
static int
pic_load(struct pic *pc, struct store *st, struct podset *ps,
    char *const *uids, size_t nuids, json_t *f, char **cause)
{
	struct podset_pod	*p, **pods;
	struct tl_axis		 ax;
	struct lane		*l;
	size_t			 i, nbins;
	int64_t			 lo, hi, span_s;

	pods = xcalloc(nuids > 0 ? nuids : 1, sizeof *pods);
	for (i = 0; i < nuids; i++) {
		if ((p = podset_find(ps, uids[i])) == NULL)
			continue;
		if (pc->n == LANES_MAX) {
			pc->not_drawn++;
			continue;
		}
		pods[pc->n] = p;
		pc->lanes = xreallocarray(pc->lanes, pc->n + 1,
		    sizeof *pc->lanes);
		l = &pc->lanes[pc->n++];
		memset(l, 0, sizeof *l);
		l->pod = p;
		if (moments_load(st, p, &l->ms, cause) != 0) {
			free(pods);
			return (-1);
		}
		timeline_pod(p, &l->tp);
	}
	/* aligned when every pod had a deletion request */
	pc->aligned = pc->n > 0;
	for (i = 0; i < pc->n; i++)
		if (pc->lanes[i].pod->r.deletion_us == TIME_NONE)
			pc->aligned = 0;
	if (pc->aligned) {
		for (i = 0; i < pc->n; i++)
			pc->lanes[i].zero_us = pc->lanes[i].pod->r.deletion_us;
		aligned_axis(pc);
	} else if (pc->n > 0) {
		if (timeline_axis((const struct podset_pod *const *)pods,
		    pc->n, jtime(json_object_get(f, "start")),
		    jtime(json_object_get(f, "end")), &ax) != 0) {
			free(pods);
			return (0);
		}
		pc->lo_us = ax.lo_us;
		pc->hi_us = ax.hi_us;
	} else {
		/* no pods: the records outside every window, on its own span */
		if (store_pod_missing(st, NULL, keep_outside, pc, cause) != 0) {
			free(pods);
			return (-1);
		}
		lo = hi = TIME_NONE;
		widen(&lo, &hi, jtime(json_object_get(f, "start")));
		widen(&lo, &hi, jtime(json_object_get(f, "end")));
		for (i = 0; i < pc->noutside; i++)
			widen(&lo, &hi, pc->outside[i].time_us);
		if (lo == TIME_NONE) {
			free(pods);
			return (0);
		}
		pc->lo_us = time_floor_div(lo - (hi - lo) / 20 - SEC_US,
		    SEC_US) * SEC_US;
		pc->hi_us = -time_floor_div(-(hi + (hi - lo) / 20 + SEC_US),
		    SEC_US) * SEC_US;
	}
	free(pods);
	if (pc->n == 0 && pc->noutside == 0)
		return (0);
	span_s = (pc->hi_us - pc->lo_us) / SEC_US;
	nbins = span_s < BINS_MAX ? (size_t)span_s : BINS_MAX;
	if (nbins < 1)
		nbins = 1;
	pc->sec_per_bin = (double)span_s / (double)nbins;
	for (i = 0; i < pc->n; i++) {
		l = &pc->lanes[i];
		if (timeline_traffic(st, l->pod, pc->lo_us + l->zero_us,
		    pc->hi_us + l->zero_us, nbins, &l->tr, cause) != 0)
			return (-1);
		if (l->tr.peak > pc->peak)
			pc->peak = l->tr.peak;
	}
	return (1);
}

static void
pic_free(struct pic *pc)
{
	size_t	i;

	for (i = 0; i < pc->n; i++) {
		moments_free(&pc->lanes[i].ms);
		timeline_pod_free(&pc->lanes[i].tp);
		timeline_traffic_free(&pc->lanes[i].tr);
	}
	free(pc->lanes);
	for (i = 0; i < pc->noutside; i++)
		free(pc->outside[i].key);
	free(pc->outside);
}

/* ---------------------------------------------------------------- */
/* Drawing. */

/* x of a time (an offset when aligned) on the plot. */
static double
xof(const struct pic *pc, int64_t t)
{
	if (t < pc->lo_us)
		t = pc->lo_us;
	if (t > pc->hi_us)
		t = pc->hi_us;
	return (X0 + (double)(t - pc->lo_us) * (X1 - X0) /
	    (double)(pc->hi_us - pc->lo_us));
}

static int
on_axis(const struct pic *pc, int64_t t)
{
	return (t != TIME_NONE && t >= pc->lo_us && t <= pc->hi_us);
}

void
report_svg_defs(FILE *out, int64_t id)
{
	out_html(out, "<defs>"
	    "<pattern id=\"pre%" PRId64 "\" width=\"6\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	    "<rect width=\"6\" height=\"6\" fill=\"#fde7b0\"/>"
	    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a86300\" "
	    "stroke-width=\"2.2\"/></pattern>"
	    "<pattern id=\"term%" PRId64 "\" width=\"5\" height=\"5\" "
	    "patternUnits=\"userSpaceOnUse\">"
	    "<rect width=\"5\" height=\"5\" fill=\"#f6c9c4\"/>"
	    "<path d=\"M0 0L5 5M5 0L0 5\" stroke=\"#8f1d14\" "
	    "stroke-width=\"1.1\"/></pattern>"
	    "<pattern id=\"side%" PRId64 "\" width=\"6\" height=\"4\" "
	    "patternUnits=\"userSpaceOnUse\">"
	    "<rect width=\"6\" height=\"4\" fill=\"#e4ebf5\"/>"
	    "<line x1=\"0\" y1=\"2\" x2=\"6\" y2=\"2\" stroke=\"#4a6a94\" "
	    "stroke-width=\"1\"/></pattern>"
	    "</defs>\n", id, id, id);
}

/* Grid lines and the labelled ticks of the axis below the lanes. */
static void
axis(const struct pic *pc, double ybottom)
{
	int64_t	step, t, first;
	char	label[32], b[TIME_FMT_LEN], e[TIME_FMT_LEN];
	double	x;

	step = timeline_tick_step((pc->hi_us - pc->lo_us) / SEC_US, 9);
	first = -time_floor_div(-pc->lo_us, step * SEC_US) * step * SEC_US;
	out_html(pc->out, "<g class=\"axis\">\n");
	for (t = first; t <= pc->hi_us; t += step * SEC_US) {
		x = xof(pc, t);
		timeline_tick_label(t, step, pc->aligned ? 0 : TIME_NONE, label,
		    sizeof label);
		out_html(pc->out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"%s\"/><line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\"/><text "
		    "class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">"
		    "%s</text>\n", x, TOP, x, ybottom, pc->aligned && t == 0 ?
		    "#555" : "#d9d9d9", x, ybottom, x, ybottom + 5, x,
		    ybottom + 17, label);
	}
	out_html(pc->out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
	    "stroke=\"#222\"/>\n", X0, ybottom, X1, ybottom);
	if (pc->aligned)
		out_html(pc->out, "<text class=\"sub\" x=\"8\" y=\"%.1f\">"
		    "seconds from each pod's deletion request</text>\n",
		    ybottom + 17);
	else {
		time_format(pc->lo_us, b);
		time_format(pc->hi_us, e);
		out_html(pc->out, "<text class=\"sub\" x=\"8\" y=\"%.1f\">time "
		    "(UTC), %.10s%s%.*s</text>\n", ybottom + 17, b,
		    strncmp(b, e, 10) != 0 ? " to " : "",
		    strncmp(b, e, 10) != 0 ? 10 : 0, e);
	}
	out_html(pc->out, "</g>\n");
}

/* The fill of a span's state. */
static void
state_fill(const struct pic *pc, enum tl_state s, char *out, size_t len)
{
	switch (s) {
	case TL_PENDING:
		snprintf(out, len, "#f2f2f2");
		break;
	case TL_RUNNING:
		snprintf(out, len, "#dde6f2");
		break;
	case TL_READY:
		snprintf(out, len, "#c4d4ea");
		break;
	case TL_PRESTOP:
		snprintf(out, len, "url(#pre%" PRId64 ")", pc->id);
		break;
	case TL_TERMINATING:
		snprintf(out, len, "url(#term%" PRId64 ")", pc->id);
		break;
	case TL_SIDECARS:
		snprintf(out, len, "url(#side%" PRId64 ")", pc->id);
		break;
	default:
		snprintf(out, len, "none");
		break;
	}
}

static unsigned
state_legend(enum tl_state s)
{
	switch (s) {
	case TL_PRESTOP:
		return (LG_PRESTOP);
	case TL_TERMINATING:
		return (LG_TERM);
	case TL_SIDECARS:
		return (LG_SIDE);
	case TL_EXITED:
		return (LG_EXITED);
	default:
		return (LG_RUN);
	}
}

/* The pod's spans as bars (exited as a dotted line). */
static void
spans(const struct pic *pc, const struct lane *l, double y)
{
	const struct tl_span	*s;
	char			 fill[48], a[TIME_FMT_LEN], b[TIME_FMT_LEN];
	int64_t			 from, to;
	size_t			 i;
	double			 xa, xb;

	for (i = 0; i < l->tp.phase.n; i++) {
		s = &l->tp.phase.v[i];
		from = s->from_us - l->zero_us;
		to = (s->to_us != TIME_NONE ? s->to_us : pc->hi_us +
		    l->zero_us) - l->zero_us;
		if (to < pc->lo_us || from > pc->hi_us)
			continue;
		xa = xof(pc, from);
		xb = xof(pc, to);
		if (xb - xa < 0.5)
			continue;
		time_format(s->from_us, a);
		time_format(s->to_us, b);
		if (s->state == TL_EXITED) {
			out_html(pc->out, "<line x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" "
			    "stroke-width=\"1.5\" stroke-dasharray=\"1.5 3\">"
			    "<title>exited, the pod not yet gone: %s to %s"
			    "</title></line>\n", xa, y + LY_MID, xb,
			    y + LY_MID, a, b);
			continue;
		}
		state_fill(pc, s->state, fill, sizeof fill);
		out_html(pc->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"14\" fill=\"%s\" stroke=\"#333\" "
		    "stroke-width=\"0.8\"><title>%s: %s to %s</title></rect>\n",
		    xa, y + LY_BAR, xb - xa, fill, tl_state_name(s->state),
		    a, b);
	}
}

/* Text beside a mark at x, right of it when it fits, else left. */
static void
label(const struct pic *pc, double x, double y, const char *cls,
    const char *text)
{
	int	right = x + 8 + (double)strlen(text) * CHAR_W < W - 4;

	out_html(pc->out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"%s\">%s</text>\n", cls, right ? x + 7 : x - 7, y,
	    right ? "start" : "end", text);
}

/*
 * A label ending before x (left of its mark), where the marks of a lane
 * cluster at its end, against the deadline; after x when no room.
 */
static void
label_before(const struct pic *pc, double x, double y, const char *cls,
    const char *text)
{
	if (x - 7 - (double)strlen(text) * CHAR_W > X0)
		out_html(pc->out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"end\">%s</text>\n", cls, x - 7, y, text);
	else
		label(pc, x, y, cls, text);
}

/*
 * "10 missing" before the first of a lane's missing records: they fall
 * in the pod's last seconds, so after the last one is the deadline.
 */
static void
missing_count(const struct pic *pc, const struct lane *l, double y)
{
	size_t	i, n = l->ms.nmissing + l->ms.missing_left_out;
	double	x = -1;
	char	b[32];

	for (i = 0; i < l->ms.n && x < 0; i++) {
		if (l->ms.v[i].kind == MO_MISSING &&
		    on_axis(pc, l->ms.v[i].t_us - l->zero_us))
			x = xof(pc, l->ms.v[i].t_us - l->zero_us);
	}
	if (n == 0 || x < 0)
		return;
	snprintf(b, sizeof b, "%zu missing", n);
	label_before(pc, x, y + LY_MISS + 4, "cnt", b);
}

/*
 * A death of an earlier instance of a container, told by a moment of its
 * own (moments_own_death): not the last instance, whose exit the
 * container's row tells, nor an init container's.
 */
static int
earlier_death(const struct podset_pod *p, const struct row_termination *t)
{
	size_t	i;

	if (t->init || t->finished_us == TIME_NONE || !moments_own_death(t))
		return (0);
	for (i = 0; i < p->nc; i++) {
		if (str_eq(p->c[i].name, t->container) &&
		    p->c[i].finished_us == t->finished_us)
			return (0);
	}
	return (1);
}
/* The marks of a lane's moments. */
static void
marks(const struct pic *pc, const struct lane *l, double y, int first)
{
	const struct moment	*m;
	char			 t[TIME_FMT_LEN], code[96], off[32];
	const char		*dash;
	size_t			 i;
	double			 x;
	int64_t			 at;

	for (i = 0; i < l->ms.n; i++) {
		m = &l->ms.v[i];
		at = m->t_us - l->zero_us;
		if (!on_axis(pc, at))
			continue;
		x = xof(pc, at);
		time_format(m->t_us, t);
		dash = m->inferred ? " stroke-dasharray=\"2 1.5\"" : "";
		switch (m->kind) {
		case MO_DELETION:
			out_html(pc->out, "<path d=\"M%.1f %.1fl-5 -6h10z\" "
			    "fill=\"#222\"><title>deletion request %s (%s)"
			    "</title></path>\n", x, y + LY_TRI, t, m->basis);
			break;
		case MO_SIGTERM:
			if (m->sidecar)
				break;
			out_html(pc->out, "<path d=\"M%.1f %.1fh9"
			    "M%.1f %.1fv20\" "
			    "stroke=\"#000\" stroke-width=\"%s\" fill=\"none\""
			    "%s><title>SIGTERM %s (%s): %s</title></path>\n",
			    x - 4.5, y + LY_TRI + 2, x, y + LY_TRI + 2,
			    m->inferred ? "1.6" : "2.4", dash, t, m->basis,
			    m->caption);
			if (first && m->inferred)
				out_html(pc->out, "<text class=\"side\" "
				    "x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
				    "SIGTERM (inferred)</text>\n", x - 6,
				    y + LY_TRI - 1);
			break;
		case MO_DEADLINE:
			if (!deadline_matters(l))
				break;
			out_html(pc->out, "<line x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#b00020\" "
			    "stroke-width=\"1.8\" stroke-dasharray=\"5 3\">"
			    "<title>grace deadline (SIGKILL) %s</title>"
			    "</line>\n",
			    x, y + 2, x, y + LANE - 2, t);
			break;
		case MO_KILLED:
		case MO_OOM:
		case MO_EXIT:
			snprintf(code, sizeof code, "%s", m->caption);
			if (m->sidecar) {
				out_html(pc->out, "<rect x=\"%.1f\" y=\"%.1f\" "
				    "width=\"8\" height=\"8\" fill=\"%s\" "
				    "stroke=\"#000\" stroke-width=\"1.6\">"
				    "<title>%s at %s</title></rect>\n", x - 4,
				    y + LY_BELOW - 4, m->kind == MO_EXIT ?
				    "#fff" : "#b00020", m->caption, t);
				label(pc, x, y + LY_BELOW + 4, "side",
				    m->container != NULL ? m->container : "");
				break;
			}
			out_html(pc->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"4.5\" fill=\"%s\" stroke=\"#000\" "
			    "stroke-width=\"1.6\"><title>%s at %s</title>"
			    "</circle>\n", x, y + LY_MID, m->kind == MO_EXIT ?
			    "#fff" : "#b00020", m->caption, t);
			break;
		case MO_DIED:
			/* an instance that died and was restarted */
			out_html(pc->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"4.5\" fill=\"#fff\" stroke=\"#000\" "
			    "stroke-width=\"1.6\"><title>%s at %s</title>"
			    "</circle>\n", x, y + LY_MID, m->caption, t);
			break;
		case MO_C_READY:
			if (!m->sidecar)
				break;
			out_html(pc->out, "<path d=\"M%.1f %.1fl5 7h-10z\" "
			    "fill=\"#fff\" stroke=\"#000\" "
			    "stroke-width=\"1.4\">"
			    "<title>%s at %s</title></path>\n", x,
			    y + LY_BELOW - 4, m->caption, t);
			break;
		case MO_GONE:
			out_html(pc->out, "<path d=\"M%.1f %.1fl7 7"
			    "m0 -7l-7 7\" "
			    "stroke=\"#000\" stroke-width=\"2\"><title>"
			    "pod gone "
			    "%s (%s)</title></path>\n", x - 3.5,
			    y + LY_BELOW - 3.5, t, m->basis);
			break;
		case MO_LAST_ROUTED:
			/* its tip at the end of the last second routed */
			out_html(pc->out, "<path d=\"M%.1f %.1fl7 4l-7 4z\" "
			    "fill=\"#8a5300\"><title>%s</title></path>\n",
			    x - 7, y + LY_BASE - 12, m->caption);
			if (pc->aligned) {
				moments_fmt_offset(at, off, sizeof off);
				label_before(pc, x, y + LY_BASE - 5, "cnt",
				    off);
			}
			break;
		case MO_MISSING:
			out_html(pc->out, "<path d=\"M%.1f %.1fl4 4l-4 4"
			    "l-4 -4z\" "
			    "fill=\"#5b2a86\" stroke=\"#000\" "
			    "stroke-width=\"0.6\"><title>missing record %s at "
			    "%s (%s)</title></path>\n", x, y + LY_MISS - 4,
			    m->key != NULL ? m->key : "-", t, m->caption);
			break;
		default:
			break;
		}
	}
	/* the exit codes, once per container, beside their marks */
	for (i = 0; i < l->pod->nc; i++) {
		const struct row_container *c = &l->pod->c[i];

		if (c->finished_us == TIME_NONE || c->sidecar ||
		    !model_container_shown(c) ||
		    !on_axis(pc, c->finished_us - l->zero_us))
			continue;
		model_exit_label(c, EW_SIGKILL, code, sizeof code);
		label(pc, xof(pc, c->finished_us - l->zero_us), y + LY_MID + 4,
		    "code", code);
	}
	/* and those of the instances that died and were restarted */
	for (i = 0; i < l->pod->nt; i++) {
		const struct row_termination *tm = &l->pod->t[i];

		if (!earlier_death(l->pod, tm) ||
		    tm->exit_code == INT_NONE ||
		    !on_axis(pc, tm->finished_us - l->zero_us))
			continue;
		snprintf(code, sizeof code, "%lld", (long long)tm->exit_code);
		label(pc, xof(pc, tm->finished_us - l->zero_us), y + LY_MID +
		    4, "code", code);
	}
	missing_count(pc, l, y);
}

/* Answered requests up from the baseline, failed ones down from it. */
static void
traffic(const struct pic *pc, const struct lane *l, double base)
{
	double	bw = (double)(X1 - X0) / (double)l->tr.nbins, hgt;
	size_t	i;
	int	k, any;

	if (pc->peak == 0)
		return;
	out_html(pc->out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
	    "stroke=\"#999\" stroke-width=\"0.6\"/>\n", X0, base, X1, base);
	for (k = 0; k < 2; k++) {
		any = 0;
		for (i = 0; i < l->tr.nbins; i++) {
			hgt = (double)(k == 0 ? l->tr.ok[i] : l->tr.bad[i]) *
			    9.0 / (double)pc->peak;
			if (hgt == 0)
				continue;
			if (hgt < 1.5)
				hgt = 1.5;
			if (!any)
				out_html(pc->out, "<path fill=\"%s\" d=\"",
				    k == 0 ? "#8c8c8c" : "#c0241a");
			any = 1;
			out_html(pc->out, "M%.1f %.1fh%.1fv%.1fh%.1fz",
			    X0 + (double)i * bw + 0.2, base,
			    bw > 1.2 ? bw - 0.4 : 0.8, k == 0 ? -hgt : hgt,
			    bw > 1.2 ? -(bw - 0.4) : -0.8);
		}
		if (any)
			out_html(pc->out, "\"><title>%s</title></path>\n",
			    k == 0 ? "requests answered" : "requests failed "
			    "(5xx or no response)");
	}
	out_html(pc->out, "<text class=\"sub\" x=\"%d\" y=\"%.1f\" "
	    "text-anchor=\"end\">%lld ok, %lld failed</text>\n", X0 - 6,
	    base + 4, (long long)l->tr.total_ok, (long long)l->tr.total_bad);
}

/* A pod's name for the gutter: its end when it is too long. */
static void
gutter_name(const struct pic *pc, const struct podset_pod *p, double y)
{
	const char	*name = p->r.name != NULL ? p->r.name : p->r.uid;
	char		*fit = out_fit(name, NAME_MAX, OUT_CUT_MIDDLE, 0);

	out_html(pc->out, "<text class=\"name\" x=\"8\" y=\"%.1f\"><title>"
	    "%s/%s</title>%s</text>\n", y, p->r.namespace != NULL ?
	    p->r.namespace : "-", name, fit);
	free(fit);
}

static void
lane(const struct pic *pc, const struct lane *l, size_t i)
{
	const struct podset_pod	*p = l->pod;
	double			 y = TOP + (double)i * LANE;

	if (i % 2 == 1)
		out_html(pc->out, "<rect x=\"0\" y=\"%.1f\" width=\"%d\" "
		    "height=\"%d\" fill=\"#000\" fill-opacity=\"0.035\"/>\n",
		    y, W, LANE);
	gutter_name(pc, p, y + 20);
	if (p->r.prestop_ms != INT_NONE)
		out_html(pc->out, "<text class=\"sub\" x=\"8\" y=\"%.1f\">"
		    "grace "
		    "%lld s \xc2\xb7 preStop %.1f s</text>\n", y + 35,
		    (long long)p->r.grace_s, (double)p->r.prestop_ms / 1000);
	else
		out_html(pc->out, "<text class=\"sub\" x=\"8\" y=\"%.1f\">"
		    "grace %lld s \xc2\xb7 no preStop sleep</text>\n", y + 35,
		    (long long)p->r.grace_s);
	traffic(pc, l, y + LY_BASE);
	spans(pc, l, y);
	marks(pc, l, y, i == 0);
}

/* The records in no window, when the finding has no pods. */
static void
outside_lane(const struct pic *pc)
{
	char	t[TIME_FMT_LEN];
	size_t	i;
	double	y = TOP;

	out_html(pc->out, "<text class=\"name\" x=\"8\" y=\"%.1f\">missing "
	    "records</text>\n<text class=\"sub\" x=\"8\" y=\"%.1f\">outside "
	    "every pod&#39;s termination window</text>\n", y + 20, y + 35);
	for (i = 0; i < pc->noutside; i++) {
		if (!on_axis(pc, pc->outside[i].time_us))
			continue;
		out_html(pc->out, "<path d=\"M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 "
		    "-4.5z\" fill=\"#5b2a86\" stroke=\"#000\" "
		    "stroke-width=\"0.6\"><title>missing record %s at %s"
		    "</title></path>\n", xof(pc, pc->outside[i].time_us),
		    y + LY_MID - 4.5, pc->outside[i].key,
		    time_format(pc->outside[i].time_us, t));
		label(pc, xof(pc, pc->outside[i].time_us), y + LY_MID + 16,
		    "cnt", pc->outside[i].key);
	}
}

/*
 * A bracket above the first lane from a to b (offsets), saying what the
 * span means: the picture's point.
 */
static void
bracket(const struct pic *pc, int64_t a, int64_t b, const char *text)
{
	const char	*anchor;
	double		 xa, xb, x, tw, y = TOP - 8;

	if (!on_axis(pc, a) || !on_axis(pc, b) || b <= a)
		return;
	xa = xof(pc, a);
	xb = xof(pc, b);
	out_html(pc->out, "<path d=\"M%.1f %.1fv-6H%.1fv6\" fill=\"none\" "
	    "stroke=\"#b00020\" stroke-width=\"1.6\"/>\n", xa, y + 4, xb);
	/* after the bracket, else before it, else over it: never cut */
	tw = (double)strlen(text) * NOTE_W;
	if (xb + 6 + tw <= W) {
		x = xb + 6;
		anchor = "start";
	} else if (xa - 6 - tw >= 0) {
		x = xa - 6;
		anchor = "end";
	} else {
		x = (xa + xb) / 2;
		if (x - tw / 2 < 2)
			x = tw / 2 + 2;
		if (x + tw / 2 > W - 2)
			x = W - 2 - tw / 2;
		anchor = "middle";
		y -= 6;		/* above the bracket's line */
	}
	out_html(pc->out, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"%s\">%s</text>\n", x, y, anchor, text);
}

/* FP_HELD: from the main container's exit to the end of the hold. */
static void
point_held(const struct pic *pc)
{
	const struct lane	*l = &pc->lanes[0];
	char			 b[160], s1[32];
	int64_t			 lo, hi;

	/* as the finding says (held_until), else as drawn */
	lo = l->pod->r.main_exit_us;
	hi = jtime(json_object_get(pc->evidence, "held_until"));
	if (hi == TIME_NONE)
		hi = l->tp.ended_us != TIME_NONE ? l->tp.ended_us : pc->hi_us;
	if (lo == TIME_NONE)
		return;
	analyze_fmt_dur((double)(hi - lo) / 1e6, s1, sizeof s1);
	snprintf(b, sizeof b, "held %s after its work was done", s1);
	bracket(pc, lo, hi, b);
}

/* FP_LOST: the records lost, from the first to the last. */
static void
point_lost(const struct pic *pc)
{
	const struct moment	*m;
	char			 b[160], s1[32], s2[32];
	int64_t			 lo = TIME_NONE, hi = TIME_NONE, off;
	size_t			 i, j, n = 0;

	for (i = 0; i < pc->n; i++) {
		for (j = 0; j < pc->lanes[i].ms.n; j++) {
			m = &pc->lanes[i].ms.v[j];
			if (m->kind != MO_MISSING)
				continue;
			off = m->t_us - pc->lanes[i].zero_us;
			widen(&lo, &hi, off);
			n++;
		}
	}
	if (lo == TIME_NONE)
		return;
	moments_fmt_offset(lo, s1, sizeof s1);
	moments_fmt_offset(hi, s2, sizeof s2);
	snprintf(b, sizeof b, "%zu records lost from %s to %s", n, s1, s2);
	bracket(pc, lo, hi == lo ? lo + SEC_US : hi, b);
}

/* FP_KILL: from SIGTERM to SIGKILL. */
static void
point_kill(const struct pic *pc)
{
	const struct lane	*l = &pc->lanes[0];
	const struct moment	*term, *dl;
	char			 b[160], s1[32];

	term = app_moment(l, MO_SIGTERM);
	dl = app_moment(l, MO_DEADLINE);
	if (term == NULL || dl == NULL)
		return;
	analyze_fmt_dur((double)(dl->t_us - term->t_us) / 1e6, s1,
	    sizeof s1);
	snprintf(b, sizeof b, "%s from SIGTERM to SIGKILL", s1);
	bracket(pc, term->t_us - l->zero_us, dl->t_us - l->zero_us, b);
}

/* FP_ROUTED: still routed after the deletion request, up to the last. */
static void
point_routed(const struct pic *pc)
{
	const struct moment	*m;
	char			 b[160], s1[40];
	int64_t			 hi = TIME_NONE, off;
	size_t			 i;

	for (i = 0; i < pc->n; i++) {
		m = app_moment(&pc->lanes[i], MO_LAST_ROUTED);
		if (m == NULL)
			continue;
		off = m->t_us - pc->lanes[i].zero_us;
		if (hi == TIME_NONE || off > hi)
			hi = off;
	}
	if (hi == TIME_NONE)
		return;
	budget_lag_words(hi, hi, s1, sizeof s1);
	snprintf(b, sizeof b, "still routed until %s after the deletion "
	    "request", s1);
	bracket(pc, 0, hi, b);
}

/* FP_NO_PROXY: from the sidecar's exit to the app's. */
static void
point_no_proxy(const struct pic *pc)
{
	const struct lane	*l = &pc->lanes[0];
	const struct moment	*m;
	char			 b[160], s1[32];
	int64_t			 lo = TIME_NONE, hi = TIME_NONE, off;
	size_t			 j;

	for (j = 0; j < l->ms.n; j++) {
		m = &l->ms.v[j];
		if (m->kind != MO_EXIT && m->kind != MO_KILLED)
			continue;
		off = m->t_us - l->zero_us;
		if (m->sidecar && (lo == TIME_NONE || off < lo))
			lo = off;
		if (!m->sidecar && (hi == TIME_NONE || off > hi))
			hi = off;
	}
	if (lo == TIME_NONE || hi == TIME_NONE || hi <= lo)
		return;
	analyze_fmt_dur((double)(hi - lo) / 1e6, s1, sizeof s1);
	snprintf(b, sizeof b, "the app ran %s without its proxy", s1);
	bracket(pc, lo, hi, b);
}

/*
 * The point of each picture (finding_kind_def.picture) bracketed over
 * the lanes, and whether it needs them aligned at the deletion request.
 */
static const struct {
	void	(*draw)(const struct pic *);	/* NULL: none */
	int	  aligned;	/* drawn on aligned lanes only */
} points[FP__COUNT] = {
	[FP_HELD] = { .draw = point_held, .aligned = 0 },
	[FP_LOST] = { .draw = point_lost, .aligned = 1 },
	[FP_KILL] = { .draw = point_kill, .aligned = 1 },
	[FP_ROUTED] = { .draw = point_routed, .aligned = 1 },
	[FP_NO_PROXY] = { .draw = point_no_proxy, .aligned = 1 },
};

/* The picture's point, for the kinds that have one in the lanes. */
static void
point(const struct pic *pc)
{
	if (pc->n == 0 || points[pc->picture].draw == NULL ||
	    (points[pc->picture].aligned && !pc->aligned))
		return;
	points[pc->picture].draw(pc);
}

/* The legend's entries: what each draws and when. */
enum swatch {
	SW_RUN, SW_PRE, SW_TERM, SW_SIDE, SW_EXITED, SW_DELETION, SW_SIGTERM,
	SW_INFERRED, SW_DEADLINE, SW_EXIT, SW_KILL, SW_GONE, SW_TRAFFIC,
	SW_ROUTED, SW_MISSING
};
static const struct {
	enum swatch	 sw;
	unsigned	 when;		/* LG_*: drawn in the picture */
	const char	*label;		/* markup-free */
} legend_entries[] = {
	{ SW_RUN, LG_RUN, "running (darker: ready)" },
	{ SW_PRE, LG_PRESTOP, "preStop (deletion to SIGTERM)" },
	{ SW_TERM, LG_TERM, "after SIGTERM until the exit" },
	{ SW_SIDE, LG_SIDE, "only sidecars running" },
	{ SW_EXITED, LG_EXITED, "exited, the pod not yet gone" },
	{ SW_DELETION, LG_DELETION, "deletion request" },
	{ SW_SIGTERM, LG_SIGTERM, "SIGTERM" },
	{ SW_INFERRED, LG_INFERRED, "SIGTERM, inferred (dashed)" },
	{ SW_DEADLINE, LG_DEADLINE, "grace deadline (SIGKILL)" },
	{ SW_EXIT, LG_EXIT, "exit, with its code (square: a sidecar)" },
	{ SW_KILL, LG_KILL, "killed: SIGKILL or OOM" },
	{ SW_GONE, LG_GONE, "pod gone" },
	{ SW_TRAFFIC, LG_TRAFFIC, "requests answered (up), failed (down)" },
	{ SW_ROUTED, LG_ROUTED, "last request routed, its offset" },
	{ SW_MISSING, LG_MISSING, "record lost" },
};

static void
swatch(const struct pic *pc, enum swatch sw, double x, double y)
{
	FILE	*out = pc->out;

	switch (sw) {
	case SW_RUN:
		out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" "
		    "height=\"10\" fill=\"#c4d4ea\" stroke=\"#333\" "
		    "stroke-width=\"0.8\"/>", x, y - 5);
		break;
	case SW_PRE:
	case SW_TERM:
	case SW_SIDE:
		out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" "
		    "height=\"10\" fill=\"url(#%s%" PRId64 ")\" "
		    "stroke=\"#333\" stroke-width=\"0.8\"/>", x, y - 5,
		    sw == SW_PRE ? "pre" :
		    sw == SW_TERM ? "term" : "side", pc->id);
		break;
	case SW_EXITED:
		out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"1.5 3\"/>", x, y, x + 24, y);
		break;
	case SW_DELETION:
		out_html(out, "<path d=\"M%.1f %.1fl-5 -6h10z\" "
		    "fill=\"#222\"/>",
		    x + 12, y + 3);
		break;
	case SW_SIGTERM:
	case SW_INFERRED:
		out_html(out, "<path d=\"M%.1f %.1fh9M%.1f %.1fv13\" "
		    "stroke=\"#000\" stroke-width=\"%s\" fill=\"none\"%s/>",
		    x + 7.5, y - 7, x + 12, y - 7, sw == SW_INFERRED ? "1.6" :
		    "2.4", sw == SW_INFERRED ? " stroke-dasharray=\"2 1.5\"" :
		    "");
		break;
	case SW_DEADLINE:
		out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#b00020\" stroke-width=\"1.8\" "
		    "stroke-dasharray=\"5 3\"/>", x + 12, y - 8, x + 12, y + 8);
		break;
	case SW_EXIT:
	case SW_KILL:
		out_html(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" "
		    "fill=\"%s\" stroke=\"#000\" stroke-width=\"1.6\"/>",
		    x + 12, y, sw == SW_EXIT ? "#fff" : "#b00020");
		break;
	case SW_GONE:
		out_html(out, "<path d=\"M%.1f %.1fl7 7m0 -7l-7 7\" "
		    "stroke=\"#000\" stroke-width=\"2\"/>", x + 8.5, y - 3.5);
		break;
	case SW_TRAFFIC:
		out_html(out, "<path d=\"M%.1f %.1fh4v-7h-4zM%.1f %.1fh4v-4h-4z"
		    "\" fill=\"#8c8c8c\"/><path d=\"M%.1f %.1fh4v6h-4z\" "
		    "fill=\"#c0241a\"/><line x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" "
		    "stroke-width=\"0.6\"/>", x + 2, y, x + 8, y, x + 16, y, x,
		    y, x + 24, y);
		break;
	case SW_ROUTED:
		out_html(out, "<path d=\"M%.1f %.1fl7 4l-7 4z\" "
		    "fill=\"#8a5300\"/>", x + 8, y - 4);
		break;
	case SW_MISSING:
		out_html(out, "<path d=\"M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 -4.5z"
		    "\" fill=\"#5b2a86\" stroke=\"#000\" "
		    "stroke-width=\"0.7\"/>",
		    x + 12, y - 4.5);
		break;
	}
}

/* The legend of what was drawn, wrapped into rows; its height. */
static double
legend(const struct pic *pc, double y, int draw)
{
	double	x = 12, w;
	size_t	i;
	int	rows = 1;

	if (draw)
		out_html(pc->out, "<g class=\"legend\">\n");
	for (i = 0; i < sizeof legend_entries / sizeof legend_entries[0];
	    i++) {
		if ((legend_entries[i].when & pc->drawn) == 0)
			continue;
		w = 30 + (double)strlen(legend_entries[i].label) * CHAR_W + 18;
		if (x > 12 && x + w > W - 8) {
			x = 12;
			y += LEGEND_ROW;
			rows++;
		}
		if (draw) {
			swatch(pc, legend_entries[i].sw, x, y);
			out_html(pc->out, "<text x=\"%.1f\" y=\"%.1f\">%s"
			    "</text>\n", x + 30, y + 4,
			    legend_entries[i].label);
		}
		x += w;
	}
	if (draw)
		out_html(pc->out, "</g>\n");
	return ((double)rows * LEGEND_ROW);
}

/* What a lane will draw, for the legend (drawn before the lanes). */
static unsigned
parts(const struct pic *pc, const struct lane *l)
{
	const struct tl_span	*sp;
	const struct moment	*m;
	unsigned		 p = pc->peak > 0 ? LG_TRAFFIC : 0;
	size_t			 i;
	int64_t			 from, to;

	for (i = 0; i < l->tp.phase.n; i++) {
		sp = &l->tp.phase.v[i];
		from = sp->from_us - l->zero_us;
		to = sp->to_us != TIME_NONE ? sp->to_us - l->zero_us :
		    pc->hi_us;
		if (to >= pc->lo_us && from <= pc->hi_us)
			p |= state_legend(sp->state);
	}
	for (i = 0; i < l->ms.n; i++) {
		m = &l->ms.v[i];
		if (!on_axis(pc, m->t_us - l->zero_us))
			continue;
		switch (m->kind) {
		case MO_DELETION:
			p |= LG_DELETION;
			break;
		case MO_SIGTERM:
			if (!m->sidecar)
				p |= m->inferred ? LG_INFERRED : LG_SIGTERM;
			break;
		case MO_DEADLINE:
			if (deadline_matters(l))
				p |= LG_DEADLINE;
			break;
		case MO_EXIT:
		case MO_DIED:
			p |= LG_EXIT;
			break;
		case MO_KILLED:
		case MO_OOM:
			p |= LG_KILL;
			break;
		case MO_GONE:
			p |= LG_GONE;
			break;
		case MO_LAST_ROUTED:
			p |= LG_ROUTED;
			break;
		case MO_MISSING:
			p |= LG_MISSING;
			break;
		default:
			break;
		}
	}
	return (p);
}

/* The lanes of a finding as an SVG in a figure. */
static void
lanes_figure(struct pic *pc)
{
	double	ybottom, height;
	size_t	i, nl = pc->n > 0 ? pc->n : 1;

	ybottom = TOP + (double)nl * LANE;
	pc->drawn = pc->n == 0 && pc->noutside > 0 ? LG_MISSING : 0;
	for (i = 0; i < pc->n; i++)
		pc->drawn |= parts(pc, &pc->lanes[i]);
	height = ybottom + AXIS + legend(pc, 0, 0) + 4;
	out_html(pc->out, "<figure>\n<svg class=\"tl\" viewBox=\"0 0 %d "
	    "%.0f\" width=\"%d\" height=\"%.0f\" role=\"img\" "
	    "aria-labelledby=\"tl%" PRId64 "\">\n<title id=\"tl%" PRId64 "\">"
	    "%s</title>\n", W, height, W, height, pc->id, pc->id,
	    pc->aligned ? "The pods, each aligned at its own deletion "
	    "request" : "The pods on one time axis (UTC)");
	report_svg_defs(pc->out, pc->id);
	axis(pc, ybottom);
	for (i = 0; i < pc->n; i++)
		lane(pc, &pc->lanes[i], i);
	if (pc->n == 0)
		outside_lane(pc);
	point(pc);
	legend(pc, ybottom + AXIS + 4, 1);
	out_html(pc->out, "</svg>\n<figcaption>%s", pc->n == 0 ? "The "
	    "missing records that fall in no pod's termination window, on "
	    "the finding's own span (UTC); each is labelled with its key." :
	    pc->aligned ? "One lane per pod, each aligned at its own "
	    "deletion request (0 s): what the pods share lines up.  The "
	    "exact times are in the table below." : "One lane per pod on one "
	    "time axis (UTC).  The exact times are in the table below.");
	if (pc->not_drawn > 0)
		out_html(pc->out, "  %zu more pod%s of this finding %s not "
		    "drawn.", pc->not_drawn, pc->not_drawn == 1 ? "" : "s",
		    pc->not_drawn == 1 ? "is" : "are");
	out_html(pc->out, "</figcaption>\n</figure>\n");
}

/* ---------------------------------------------------------------- */
/* The exact times, as a table below the picture. */

/* An offset from the lane's zero with how it is known, into out. */
static void
offset_cell(const struct lane *l, const struct moment *m, char *out,
    size_t len)
{
	char	off[32];

	if (m == NULL) {
		snprintf(out, len, "-");
		return;
	}
	moments_fmt_offset(m->t_us - l->zero_us, off, sizeof off);
	snprintf(out, len, "%s%s", off, m->inferred ? " (inferred)" : "");
}

static void	day_or_time(int64_t, const char *, char [TIME_FMT_LEN]);

/*
 * The main containers' exits: "+30.0 s 137 SIGKILL", or at their time of
 * day on day (with their date on another).
 */
static void
exits_cell(const struct pic *pc, const struct lane *l, const char *day,
    char *out, size_t len)
{
	const struct row_container	*c;
	struct buf			 b = { 0 };
	char				 at[TIME_FMT_LEN], code[32];
	size_t				 i;

	for (i = 0; i < l->pod->nc; i++) {
		c = &l->pod->c[i];
		if (c->finished_us == TIME_NONE || !model_container_shown(c))
			continue;
		if (pc->aligned)
			moments_fmt_offset(c->finished_us - l->zero_us, at,
			    sizeof at);
		else
			day_or_time(c->finished_us, day, at);
		buf_printf(&b, "%s%s %s exit %s", b.len > 0 ? "; " : "",
		    c->name, at, model_exit_label(c, EW_OOMKILLED, code,
		    sizeof code));
	}
	/* the deaths of earlier instances on the axis, restarted */
	for (i = 0; i < l->pod->nt; i++) {
		const struct row_termination *t = &l->pod->t[i];

		if (!earlier_death(l->pod, t) ||
		    !on_axis(pc, t->finished_us - l->zero_us))
			continue;
		if (pc->aligned)
			moments_fmt_offset(t->finished_us - l->zero_us, at,
			    sizeof at);
		else
			day_or_time(t->finished_us, day, at);
		if (t->exit_code != INT_NONE)
			snprintf(code, sizeof code, "%lld",
			    (long long)t->exit_code);
		else
			snprintf(code, sizeof code, "?");
		buf_printf(&b, "%s%s %s exit %s%s%s%s, restarted",
		    b.len > 0 ? "; " : "", t->container, at, code,
		    t->reason != NULL ? " (" : "", t->reason != NULL ?
		    t->reason : "", t->reason != NULL ? ")" : "");
	}
	snprintf(out, len, "%s", b.data != NULL ? b.data : "-");
	buf_free(&b);
}

/*
 * A time in the times table: its time of day on the caption's day, else
 * with its date too ("2022-12-01 14:01:21.000").
 */
static void
day_or_time(int64_t us, const char *day, char out[TIME_FMT_LEN])
{
	size_t	n;

	time_format(us, out);
	if (us == TIME_NONE)
		return;
	/* the caption says UTC */
	if ((n = strlen(out)) > 0 && out[n - 1] == 'Z')
		out[n - 1] = '\0';
	if (strncmp(out, day, 10) == 0)
		memmove(out, out + 11, strlen(out + 11) + 1);
	else
		out[10] = ' ';
}

/* When the lane's pod's first shown container ended, else none_us. */
static int64_t
first_exit(const struct lane *l, int64_t none_us)
{
	const struct row_container	*c;
	int64_t				 t = none_us;
	size_t				 i;

	for (i = 0; i < l->pod->nc; i++) {
		c = &l->pod->c[i];
		if (c->finished_us != TIME_NONE && model_container_shown(c) &&
		    (t == none_us || c->finished_us < t))
			t = c->finished_us;
	}
	return (t);
}

static void
times_table(const struct pic *pc)
{
	const struct lane	*l;
	char			 t[TIME_FMT_LEN], c1[96], c2[96], c3[256];
	char			 c4[96], c5[96], day[TIME_FMT_LEN];
	size_t			 i;
	int			 lost;

	if (pc->n == 0)
		return;
	/* the day of the deletions, else of the first exit, else the axis */
	time_format(pc->aligned ? pc->lanes[0].zero_us :
	    first_exit(&pc->lanes[0], pc->lo_us), day);
	memcpy(t, day, sizeof t);
	out_html(pc->out, "<div class=\"wide\"><table class=\"times\">\n"
	    "<caption>The times behind the picture <span class=\"sub\">(%s "
	    "%.10s%s)</span></caption>\n<thead><tr><th>Pod</th>",
	    pc->aligned ? "deletion requests in UTC on" : "UTC, on", t,
	    pc->aligned ? "; the rest as offsets from each" : "");
	if (pc->aligned)
		out_html(pc->out, "<th>Deletion request</th>"
		    "<th>SIGTERM</th><th>Exit</th><th>Deadline</th>"
		    "<th>Gone</th><th>Last routed</th>");
	else
		out_html(pc->out, "<th>Started</th><th>Exits</th>"
		    "<th>Gone</th>");
	/* Lost only when records were compared and some are missing */
	for (i = 0; i < pc->n && pc->lanes[i].ms.nmissing +
	    pc->lanes[i].ms.missing_left_out == 0; i++)
		;
	lost = i < pc->n;
	out_html(pc->out, "<th class=\"n\">Failed</th>");
	if (lost)
		out_html(pc->out, "<th class=\"n\">Lost</th>");
	out_html(pc->out, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < pc->n; i++) {
		l = &pc->lanes[i];
		out_html(pc->out, "<tr><td class=\"mono\">%s</td>",
		    l->pod->r.name != NULL ? l->pod->r.name : l->pod->r.uid);
		exits_cell(pc, l, day, c3, sizeof c3);
		if (pc->aligned) {
			day_or_time(l->zero_us, day, t);
			offset_cell(l, app_moment(l, MO_SIGTERM), c1,
			    sizeof c1);
			offset_cell(l, app_moment(l, MO_DEADLINE), c2,
			    sizeof c2);
			offset_cell(l, app_moment(l, MO_GONE), c4, sizeof c4);
			offset_cell(l, app_moment(l, MO_LAST_ROUTED), c5,
			    sizeof c5);
			out_html(pc->out, "<td class=\"mono\">%s</td><td>%s"
			    "</td><td>%s</td><td>%s</td><td>%s</td><td>%s"
			    "</td>", t, c1, c3, c2, c4, c5);
		} else {
			day_or_time(l->pod->r.start_us != TIME_NONE ?
			    l->pod->r.start_us : l->pod->r.created_us, day, t);
			day_or_time(l->pod->r.gone_us, day, c4);
			out_html(pc->out, "<td class=\"mono\">%s</td><td>%s"
			    "</td><td class=\"mono\">%s</td>", t, c3, c4);
		}
		out_html(pc->out, "<td class=\"n\">%lld</td>", (long long)
		    l->tr.total_bad);
		if (lost)
			out_html(pc->out, "<td class=\"n\">%zu</td>",
			    l->ms.nmissing + l->ms.missing_left_out);
		out_html(pc->out, "</tr>\n");
	}
	out_html(pc->out, "</tbody>\n</table></div>\n");
}

/* ---------------------------------------------------------------- */

static void
uids_free(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
report_svg_finding(FILE *out, struct store *st, struct podset *ps,
    json_t *f, int64_t id, char **cause)
{
	struct pic	 pc;
	char		**uids = NULL;
	size_t		 n = 0;
	int		 k, rc;

	memset(&pc, 0, sizeof pc);
	pc.out = out;
	pc.id = id;
	k = finding_kind_lookup(member(f, "kind"));
	pc.picture = k >= 0 ? finding_kinds[k].picture : FP_LANES;
	pc.evidence = json_object_get(f, "evidence");
	if (store_finding_pods(st, id, add_uid, &(struct uid_list){ .v =
	    &uids, .n = &n }, cause) != 0)
		return (-1);
	/* stored by uid: the lanes in the pods' order of death */
	podset_sort_uids(ps, uids, n);
	if (pc.picture == FP_BUDGET && report_svg_budget(out, id,
	    json_object_get(f, "evidence")) == 0)
		goto table;
	rc = pic_load(&pc, st, ps, uids, n, f, cause);
	if (rc < 0)
		goto fail;
	if (rc == 0) {
		out_html(out, "<p class=\"meta\">No picture: the finding names "
		    "no pods with known times.</p>\n");
		goto done;
	}
	lanes_figure(&pc);
	times_table(&pc);
	goto done;
table:
	/* the budget's pods and their times, as the lanes would give */
	if ((rc = pic_load(&pc, st, ps, uids, n, f, cause)) < 0)
		goto fail;
	if (rc > 0)
		times_table(&pc);
done:
	pic_free(&pc);
	uids_free(uids, n);
	return (0);
fail:
	pic_free(&pc);
	uids_free(uids, n);
	return (-1);
}
