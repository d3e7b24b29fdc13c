/*
 * rollout.c: the rollout view (a, from a death view or a finding), prefix
 * rview_ (rollout_ is the model's, src/rollout.c); Enter on the
 * rollouts view (4) opens it on the pods a rollout replaced.
 * Every pod of one rollout (or of one finding) as a lane, each aligned
 * at its own deletion request (offset 0; a pod never deleted at its
 * latest container death): the zero of its moments, as its death view
 * counts, so that what they share shows at a glance: every pod
 * SIGKILLed at +30 s, 5 s after SIGTERM; the load balancer still
 * routing for 8 to 12 s.  Above the lanes, the same
 * in words, from the pods' moments (moments.h).  No SQL.
 */
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "deletion.h"
#include "out.h"
#include "rolist.h"
#include "timefmt.h"
#include "tui.h"

#define LABEL_MIN	22	/* the pods' names: at least, */
#define LABEL_MAX	48	/* at most */
#define SEC_US		1000000LL
#define EPISODE_US	(3600 * SEC_US)
#define LANES_MAX	300	/* pods lined up, at most */

static void
lanes_free(struct rview_state *rv)
{
	size_t	i;

	for (i = 0; i < rv->n; i++) {
		timeline_pod_free(&rv->lanes[i].tp);
		moments_free(&rv->lanes[i].ms);
		timeline_traffic_free(&rv->lanes[i].traffic);
	}
	free(rv->lanes);
	rv->lanes = NULL;
	rv->n = 0;
}

void
rview_clear(struct tui_state *ts)
{
	lanes_free(&ts->rv);
}

static void
add_lane(struct rview_state *rv, struct podset_pod *p)
{
	size_t	i;

	if (rv->n == LANES_MAX || podset_zero_at(p) == TIME_NONE)
		return;
	for (i = 0; i < rv->n; i++) {
		if (rv->lanes[i].pod == p)
			return;
	}
	rv->lanes = xreallocarray(rv->lanes, rv->n + 1, sizeof *rv->lanes);
	memset(&rv->lanes[rv->n], 0, sizeof *rv->lanes);
	rv->lanes[rv->n++].pod = p;
}

static int
cmp_lane(const void *a, const void *b)
{
	const struct rview_lane	*p = a, *q = b;
	int64_t				 x = podset_zero_at(p->pod);
	int64_t				 y = podset_zero_at(q->pod);

	if (x != y)
		return (x < y ? -1 : 1);
	return (strcmp(p->pod->r.name, q->pod->r.name));
}

/* Whether the pod's workload is one that rolls out its pods. */
static int
rolls(const struct podset_pod *p)
{
	static const char *const kinds[] = {
		"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"
	};
	size_t	i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (str_eq(p->r.workload_kind, kinds[i]))
			return (1);
	return (0);
}

/*
 * The pods: those a rollout of the rollouts view replaced, the
 * finding's, or those of the death view's rollout.
 */
static int
pick_pods(struct tui_state *ts, char **cause)
{
	struct rview_state	*rv = &ts->rv;
	struct tui_finding	*f;
	struct podset_pod	*p = ts->dv.pod, *q, **v;
	int64_t			 at, t;
	size_t			 i, n;
	char			*title;
	const struct rostat	*rs;

	if (rv->of_list && ts->rl.cursor >= 0 &&
	    (size_t)ts->rl.cursor < ts->rl.stats.n) {
		/* the pods the model says this rollout replaced (rostat.h) */
		rs = &ts->rl.stats.v[ts->rl.cursor];
		for (i = 0; i < rs->nreplaced; i++)
			add_lane(rv, rs->replaced[i]);
		title = xasprintf("Rollout of %s/%s to %s", rs->r->namespace,
		    rs->r->deployment, rs->r->new_rs != NULL ?
		    rs->r->new_rs : "?");
	} else if (rv->finding >= 0 && (size_t)rv->finding < ts->nfindings) {
		f = &ts->findings[rv->finding];
		if (tui_finding_pods(ts, f, cause) != 0)
			return (-1);
		for (i = 0; i < f->nloaded; i++)
			add_lane(rv, f->pods[i]);
		title = xasprintf("Rollout: the pods of finding %lld (%s)",
		    (long long)f->r.id, f->r.kind);
	} else if (p != NULL) {
		at = podset_zero_at(p);
		if (tui_workload_pods(ts, p->r.namespace, p->r.workload, &v,
		    &n, cause) != 0)
			return (-1);
		for (i = 0; i < n; i++) {
			q = v[i];
			if ((t = podset_zero_at(q)) == TIME_NONE ||
			    at == TIME_NONE || t - at > EPISODE_US ||
			    at - t > EPISODE_US)
				continue;
			add_lane(rv, q);
		}
		free(v);
		/* a Job's or a bare pod's deaths are not a rollout */
		title = xasprintf("%s of %s/%s", rolls(p) ? "Rollout" :
		    "Deaths", p->r.namespace, p->r.workload != NULL ?
		    p->r.workload : "-");
	} else
		title = xstrdup("Rollout");
	rv->title = arena_strdup(&ts->strings, title);
	free(title);
	xqsort(rv->lanes, rv->n, sizeof *rv->lanes, cmp_lane);
	return (0);
}

/*
 * What deployed the rollout that deleted the lanes' pods, in words
 * (rv->deployed), when the pods it deleted were all deleted by that one
 * rollout and a deploy history or the audit log names its deploy; else
 * "".  That one rollout, a StatefulSet's or DaemonSet's (whose pods'
 * names do not say their revision, as a ReplicaSet's pods' do), is named
 * in the title: its kind and the revisions it went from and to ("Rollout
 * of shop/web: StatefulSet revision web-5d4c3b2a1 to web-7f8e9d0c1").
 * 0, or
 * -1 with a new *cause.
 */
static int
deployed_of(struct tui_state *ts, char **cause)
{
	struct rview_state		*rv = &ts->rv;
	const struct rolist_item	*r, *one = NULL;
	const struct row_pod		*p;
	struct rolist			 ro;
	size_t				 i;
	char				*title;

	rv->deployed[0] = '\0';
	if (rv->of_list && ts->rl.cursor >= 0 &&
	    (size_t)ts->rl.cursor < ts->rl.stats.n) {
		rolist_deploy_words(ts->rl.stats.v[ts->rl.cursor].r, 1,
		    rv->deployed, sizeof rv->deployed);
		return (0);
	}
	if (rolist_load(ts->st, &ro, cause) != 0)
		return (-1);
	for (i = 0; i < rv->n; i++) {
		p = &rv->lanes[i].pod->r;
		if (!str_eq(p->deletion_cause, deletion_cause_name(DC_ROLLOUT)))
			continue;
		r = deletion_rollout(&ro, p->namespace, p->workload,
		    rolist_pod_set(p->owner_kind, p->owner_name,
		    p->template_hash), p->deletion_us);
		if (r == NULL)
			continue;
		/* pods of two rollouts: neither names them all */
		if (one != NULL && r != one) {
			one = NULL;
			break;
		}
		one = r;
	}
	if (one != NULL)
		rolist_deploy_words(one, 1, rv->deployed, sizeof rv->deployed);
	if (one != NULL && rv->finding < 0 &&
	    !str_eq(one->kind, "Deployment")) {
		title = xasprintf("%s: %s revision %s to %s", rv->title,
		    one->kind, one->old_rs != NULL ? one->old_rs : "(none)",
		    one->new_rs != NULL ? one->new_rs : "?");
		rv->title = arena_strdup(&ts->strings, title);
		free(title);
	}
	rolist_free(&ro);
	return (0);
}

/* The smallest and largest offset of a kind over the lanes. */
struct spread {
	int64_t		 lo;		/* offsets, microseconds */
	int64_t		 hi;
	size_t		 pods;		/* lanes that have one */
};

static void
spread_of(const struct rview_state *rv, enum moment_kind kind,
    struct spread *s)
{
	const struct rview_lane	*l;
	int				 k;
	size_t				 i;
	int64_t				 off;

	memset(s, 0, sizeof *s);
	for (i = 0; i < rv->n; i++) {
		l = &rv->lanes[i];
		/* the first of its kind about the app, not a sidecar (a
		   restart: the first after the death) */
		for (k = 0; k < (int)l->ms.n && (l->ms.v[k].kind != kind ||
		    l->ms.v[k].sidecar || (kind == MO_RESTARTED &&
		    l->ms.v[k].t_us < l->ms.zero_us)); k++)
			;
		if (k == (int)l->ms.n)
			continue;
		off = l->ms.v[k].t_us - l->ms.zero_us;
		if (s->pods == 0 || off < s->lo)
			s->lo = off;
		if (s->pods == 0 || off > s->hi)
			s->hi = off;
		s->pods++;
	}
}

/* "+30.0 s", or "+8.0 to +12.0 s". */
static void
fmt_spread(const struct spread *s, char *out, size_t len)
{
	char	a[24], b[24];

	moments_fmt_offset(s->lo, a, sizeof a);
	moments_fmt_offset(s->hi, b, sizeof b);
	if (s->hi - s->lo < 100000)
		snprintf(out, len, "%s", a);
	else
		snprintf(out, len, "%s to %s", a, b);
}

void
rview_summarize(struct rview_state *rv)
{
	struct spread	 term, dl, kill, routed, fail, back;
	char		 a[64], b[64], c[64];	/* fmt_spread's */
	char		 lost[48], zero[96];
	size_t		 i, missing = 0, deleted = 0;

	spread_of(rv, MO_SIGTERM, &term);
	spread_of(rv, MO_DEADLINE, &dl);
	spread_of(rv, MO_KILLED, &kill);
	spread_of(rv, MO_LAST_ROUTED, &routed);
	spread_of(rv, MO_LAST_FAILURE, &fail);
	if (fail.pods == 0)
		spread_of(rv, MO_FIRST_FAILURE, &fail);
	for (i = 0; i < rv->n; i++)
		missing += rv->lanes[i].ms.nmissing +
		    rv->lanes[i].ms.missing_left_out;
	fmt_spread(&term, a, sizeof a);
	fmt_spread(&dl, b, sizeof b);
	for (i = 0; i < rv->n; i++)
		deleted += rv->lanes[i].pod->r.deletion_us != TIME_NONE;
	rv->zero_is = deleted == rv->n ? "offset from deletion" :
	    deleted == 0 ? "offset from death" : "from deletion/death";
	if (deleted == rv->n)
		snprintf(zero, sizeof zero, "each at its own deletion request");
	else if (deleted == 0)
		snprintf(zero, sizeof zero, "never deleted, each at its "
		    "latest container death");
	else
		snprintf(zero, sizeof zero, "each at its deletion request "
		    "(%zu) or, never deleted, its latest death", deleted);
	if (deleted == 0 && term.pods == 0)
		snprintf(rv->summary[0], sizeof rv->summary[0], "%zu pod%s, "
		    "%s (0)", rv->n, rv->n == 1 ? "" : "s", zero);
	else
		snprintf(rv->summary[0], sizeof rv->summary[0], "%zu pod%s, "
		    "%s (0): SIGTERM at %s (%zu pods), grace deadline at %s",
		    rv->n, rv->n == 1 ? "" : "s", zero, term.pods > 0 ? a :
		    "-", term.pods, dl.pods > 0 ? b : "-");
	fmt_spread(&kill, a, sizeof a);
	spread_of(rv, MO_RESTARTED, &back);
	fmt_spread(&back, b, sizeof b);
	if (kill.pods == 0 && deleted == 0 && back.pods > 0)
		snprintf(rv->summary[1], sizeof rv->summary[1], "%zu of %zu "
		    "restarted at %s", back.pods, rv->n, b);
	else if (kill.pods > 0)
		snprintf(rv->summary[1], sizeof rv->summary[1], "%zu of %zu "
		    "SIGKILLed at the deadline, at %s", kill.pods, rv->n, a);
	else
		snprintf(rv->summary[1], sizeof rv->summary[1], "none "
		    "SIGKILLed at the deadline");
	fmt_spread(&routed, b, sizeof b);
	fmt_spread(&fail, c, sizeof c);
	/* records lost only where records were compared and lost */
	lost[0] = '\0';
	if (missing > 0)
		snprintf(lost, sizeof lost, "; %zu record%s missing", missing,
		    missing == 1 ? "" : "s");
	/* the lag at its resolution, as the death view's caption says it */
	if (routed.pods > 0 && deleted == rv->n)
		budget_lag_phrase(routed.hi, routed.pods, b, sizeof b);
	else if (routed.pods > 0) {
		budget_lag_words(routed.hi, routed.hi, a, sizeof a);
		snprintf(b, sizeof b, "until %.40s after offset 0", a);
	}
	if (routed.pods > 0 && fail.pods > 0)
		snprintf(rv->summary[2], sizeof rv->summary[2], "requests were "
		    "still routed to %zu of them %s; the last failed at %s%s",
		    routed.pods, b, c, lost);
	else if (routed.pods > 0)
		snprintf(rv->summary[2], sizeof rv->summary[2], "requests were "
		    "still routed to %zu of them %s, none failed%s",
		    routed.pods, b, lost);
	else
		snprintf(rv->summary[2], sizeof rv->summary[2], "no request "
		    "was routed to them after %s%s", deleted == rv->n ?
		    "their deletion" : "offset 0", lost);
}

/*
 * The last thing worth showing of a lane: its end, its last failure or
 * request routed after the deletion, its kill at the deadline.
 */
static int64_t
lane_end(const struct rview_lane *l)
{
	const struct moment	*m;
	int64_t			 end = l->tp.ended_us;
	size_t			 i;

	for (i = 0; i < l->ms.n; i++) {
		m = &l->ms.v[i];
		if ((m->kind == MO_LAST_ROUTED || m->kind == MO_LAST_FAILURE ||
		    m->kind == MO_KILLED || m->kind == MO_GONE) &&
		    (end == TIME_NONE || m->t_us + SEC_US > end))
			end = m->t_us + SEC_US;
	}
	if (end == TIME_NONE)
		end = l->pod->r.deadline_us;
	return (end);
}

int
rview_load(struct tui_state *ts, char **cause)
{
	struct rview_state	*rv = &ts->rv;
	struct rview_lane	*l;
	int64_t			 end, z;
	size_t			 i, cw;

	lanes_free(rv);
	if (pick_pods(ts, cause) != 0 || deployed_of(ts, cause) != 0)
		return (-1);
	rv->lo_off_us = -5 * SEC_US;
	rv->hi_off_us = 10 * SEC_US;
	for (i = 0; i < rv->n; i++) {
		l = &rv->lanes[i];
		if (moments_load(ts->st, l->pod, &l->ms, cause) != 0)
			return (-1);
		timeline_pod(l->pod, &l->tp);
		/* offsets as the death view counts them (moments.h) */
		z = l->ms.zero_us;
		end = lane_end(l);
		if (end != TIME_NONE && end - z + 3 * SEC_US > rv->hi_off_us &&
		    end - z < 600 * SEC_US)
			rv->hi_off_us = end - z + 3 * SEC_US;
	}
	/* the names whole where a third of the width holds them */
	rv->label_w = LABEL_MIN;
	for (i = 0; i < rv->n; i++) {
		cw = out_printed_cols(rv->lanes[i].pod->r.name) + 2;
		if ((int)cw > rv->label_w && cw <= LABEL_MAX &&
		    (int)cw <= ts->cols / 3)
			rv->label_w = (int)cw;
	}
	rv->plot_w = ts->cols - rv->label_w - 1;
	if (rv->plot_w < 10)
		rv->plot_w = 10;
	for (i = 0; i < rv->n; i++) {
		l = &rv->lanes[i];
		z = l->ms.zero_us;
		if (timeline_traffic(ts->st, l->pod, z + rv->lo_off_us,
		    z + rv->hi_off_us, (size_t)rv->plot_w, &l->traffic,
		    cause) != 0)
			return (-1);
	}
	rview_summarize(rv);
	if (rv->cursor >= (int)rv->n)
		rv->cursor = rv->n > 0 ? (int)rv->n - 1 : 0;
	return (0);
}

/* The glyph of a moment the lanes mark, or G__COUNT for none. */
static enum tui_glyph
mark_of(const struct moment *m, enum tui_pair *pair)
{
	switch (m->kind) {
	case MO_SIGTERM:
		if (m->sidecar)
			return (G__COUNT);	/* the app's SIGTERM only */
		/* FALLTHROUGH */
	case MO_DEADLINE:
	case MO_KILLED:
	case MO_OOM:
	case MO_EXIT:
	case MO_DIED:
	case MO_RESTARTED:
	case MO_GONE:
	case MO_DELETION:
		return (tui_moment_mark(m, pair));
	default:
		return (G__COUNT);
	}
}

/* The rows of one lane. */
enum lane_row {
	LR_PHASES,		/* its phases, deletion, signals, exits */
	LR_TRAFFIC,		/* the requests routed to it, the last one */
	LR_MISSING		/* the records lost */
};

/*
 * The marks of one lane's moments on one of its rows, shifted to its
 * deletion, those that matter most last.
 */
static void
lane_marks(WINDOW *win, const struct tui_state *ts, int y, int x0, int w,
    const struct rview_lane *l, enum lane_row traffic)
{
	const struct rview_state	*rv = &ts->rv;
	const struct moment		*m;
	enum tui_glyph			 g;
	enum tui_pair			 pair;
	size_t				 i;
	int				 x, rank;

	for (rank = 1; rank <= tui_mark_rank(G_KILLED); rank++) {
		for (i = 0; i < l->ms.n; i++) {
			m = &l->ms.v[i];
			/* the traffic row marks the load balancer's lag */
			if (traffic == LR_TRAFFIC &&
			    m->kind == MO_LAST_ROUTED) {
				g = G_ROUTED;
				pair = PAIR_PRESTOP;
			} else if (traffic == LR_MISSING &&
			    m->kind == MO_MISSING) {
				g = G_MISSING;
				pair = PAIR_SIDECAR;
			} else if (traffic != LR_PHASES)
				continue;
			else if ((g = mark_of(m, &pair)) == G__COUNT)
				continue;
			if (tui_mark_rank(g) != rank)
				continue;
			x = tui_col(m->t_us - l->ms.zero_us,
			    rv->lo_off_us, rv->hi_off_us, x0, w);
			if (x >= 0)
				tui_put_glyph(win, &ts->look, y, x, g,
				    m->inferred ? A_DIM : A_BOLD, pair);
		}
	}
}

/* Whether any lane had requests routed to it on the axis. */
static int
any_traffic(const struct rview_state *rv)
{
	size_t	i;

	for (i = 0; i < rv->n; i++) {
		if (rv->lanes[i].traffic.total_ok +
		    rv->lanes[i].traffic.total_bad > 0)
			return (1);
	}
	return (0);
}

/* Whether any lane has missing records. */
static int
any_missing(const struct rview_state *rv)
{
	size_t	i;

	for (i = 0; i < rv->n; i++) {
		if (rv->lanes[i].ms.nmissing > 0)
			return (1);
	}
	return (0);
}

/* The rows of a lane: its phases, its traffic, its missing records. */
static int
lane_rows(const struct rview_state *rv)
{
	return (1 + any_traffic(rv) + any_missing(rv));
}

/*
 * The row of the first lane: under the title, what deployed the rollout
 * (when known), the three sentences and the axis.
 */
static int
lanes_y(const struct rview_state *rv)
{
	return (5 + (rv->deployed[0] != '\0'));
}

/* The first lane shown on a screen of h rows. */
static int
rv_top(const struct rview_state *rv, int h)
{
	return (tui_top(rv->cursor, rv->top, (h - lanes_y(rv) - 1) /
	    lane_rows(rv), (int)rv->n));
}

void
rview_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct rview_state	*rv = &ts->rv;
	const struct rview_lane	*l;
	const struct tl_lane		*phase;
	char				*name, words[64];
	int				 lw = rv->label_w > 0 ? rv->label_w :
					    LABEL_MIN;
	int				 x0 = lw + 1, pw = w - x0, y, i;
	int				 per = lane_rows(rv), top, row;
	int				 y0 = lanes_y(rv);
	int64_t				 peak = 0;
	size_t				 n;

	tui_title(win, w, ts, rv->title != NULL ? rv->title : "Rollout");
	if (rv->deployed[0] != '\0')
		tui_text(win, &ts->look, 1, 1, w - 1, rv->deployed, A_BOLD,
		    PAIR_NONE);
	for (i = 0; i < 3; i++)
		tui_text(win, &ts->look, y0 - 4 + i, 1, w - 1, rv->summary[i],
		    i == 1 && strncmp(rv->summary[1], "none", 4) != 0 ?
		    A_BOLD : A_NORMAL, i == 1 && strncmp(rv->summary[1],
		    "none", 4) != 0 ? PAIR_TERM : PAIR_NONE);
	tui_text(win, &ts->look, y0 - 1, 0, lw, rv->zero_is,
	    A_DIM, PAIR_NONE);
	tui_axis(win, &ts->look, y0 - 1, x0, pw, rv->lo_off_us,
	    rv->hi_off_us, 0);
	for (i = 0; i < (int)rv->n; i++)
		if (rv->lanes[i].traffic.peak > peak)
			peak = rv->lanes[i].traffic.peak;
	top = rv_top(rv, h);
	for (i = top, y = y0; i < (int)rv->n && y + per - 1 < h - 1; i++) {
		l = &rv->lanes[i];
		name = out_fit(l->pod->r.name, lw - 1, OUT_CUT_MIDDLE,
		    !ts->look.utf8);
		tui_text(win, &ts->look, y, 0, lw - 1, name, (i ==
		    rv->cursor ? A_REVERSE : 0) | (l->pod->r.killed ?
		    A_BOLD : 0), l->pod->r.killed ? PAIR_TERM : PAIR_NONE);
		free(name);
		phase = &l->tp.phase;
		tui_spans(win, &ts->look, y, x0, pw, rv->lo_off_us,
		    rv->hi_off_us, phase, l->ms.zero_us);
		lane_marks(win, ts, y, x0, pw, l, LR_PHASES);
		row = y + 1;
		if (any_traffic(rv)) {
			timeline_traffic_words(&l->traffic, TL_COUNT_BOTH,
			    words, sizeof words);
			tui_text(win, &ts->look, row, 1, lw - 2, words, A_DIM,
			    PAIR_NONE);
			n = l->traffic.nbins < (size_t)pw ? l->traffic.nbins :
			    (size_t)pw;
			tui_bars(win, &ts->look, row, x0, l->traffic.ok, n,
			    peak, PAIR_READY);
			/* failures over the answered, in red */
			tui_bars(win, &ts->look, row, x0, l->traffic.bad,
			    n, peak, PAIR_TERM);
			lane_marks(win, ts, row++, x0, pw, l, LR_TRAFFIC);
		}
		if (any_missing(rv)) {
			tui_textf(win, &ts->look, row, 1, lw - 2, A_DIM,
			    l->ms.nmissing > 0 ? PAIR_SIDECAR : PAIR_NONE,
			    "%zu records missing", l->ms.nmissing +
			    l->ms.missing_left_out);
			lane_marks(win, ts, row, x0, pw, l, LR_MISSING);
		}
		y += per;
	}
	if (rv->n == 0)
		tui_text(win, &ts->look, y0 + 1, 1, w - 1, "No pod of this "
		    "rollout has a known deletion, exit or death.", A_NORMAL,
		    PAIR_NONE);
	tui_keybar(win, h, w, ts, "Up/Down pod  Enter its death view  "
	    "? help  q back");
}

static int
rv_down(struct tui_state *ts)
{
	if (ts->rv.cursor + 1 < (int)ts->rv.n)
		ts->rv.cursor++;
	ts->rv.top = rv_top(&ts->rv, ts->rows);
	return (TUI_REDRAW);
}

static int
rv_up(struct tui_state *ts)
{
	if (ts->rv.cursor > 0)
		ts->rv.cursor--;
	ts->rv.top = rv_top(&ts->rv, ts->rows);
	return (TUI_REDRAW);
}

static int
rv_open(struct tui_state *ts)
{
	char	*cause = NULL;

	if (ts->rv.n == 0)
		return (TUI_REDRAW);
	if (death_open(ts, ts->rv.lanes[ts->rv.cursor].pod, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	ts->next = VIEW_DEATH;
	return (TUI_PUSH);
}

static int
rv_click(struct tui_state *ts)
{
	int	y0 = lanes_y(&ts->rv);
	int	i = rv_top(&ts->rv, ts->rows) + (ts->mouse_y - y0) /
		    lane_rows(&ts->rv);

	if (ts->mouse_y < y0 || i < 0 || i >= (int)ts->rv.n)
		return (TUI_REDRAW);
	if (i == ts->rv.cursor)
		return (rv_open(ts));
	ts->rv.cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key rview_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next pod",
	    .action = rv_down },
	{ .key = 'j', .name = "j", .help = "next pod", .action = rv_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous pod",
	    .action = rv_up },
	{ .key = 'k', .name = "k", .help = "previous pod", .action = rv_up },
	{ .key = '\r', .name = "Enter", .help = "the pod's death view",
	    .action = rv_open },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a pod; click "
	    "it again to open it", .action = rv_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
