/*
 * reconcile.c: what an outside party has and we lost (analyze.h).  Keys of
 * the reference record set absent from the actual set are the missing
 * records.  Each workload's termination windows run from a pod's deletion
 * request (less a lead, for records buffered just before) to its end (gone,
 * else its grace deadline), widened by the clock skew allowed between the
 * two parties.  A workload whose windows hold far more of the missing
 * records than their share of the time would explain (a one-sided
 * binomial test) gets records-lost-at-termination; what no workload
 * explains gets records-missing.  It reads no pods of the analysis:
 * the deleted pods come from the store a workload at a time, each
 * workload is weighed as it comes, the best kept with its windows, and
 * each missing record is given to the first workload whose window holds
 * it.  No SQL, no drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "timefmt.h"

#define SIGNIFICANT_P		0.001	/* p-value below which ... */
#define SIGNIFICANT_ENRICHMENT	3.0	/* ... and enrichment above which */
#define SIGNIFICANT_MIN		5	/* ... with at least this many */
#define SAMPLE_KEYS		10

struct miss {
	char	*key;		/* owned */
	int64_t	 t_us;
};

/* One pod's termination window. */
struct win {
	int64_t		 from_us;
	int64_t		 to_us;
	int64_t		 maxto_us;	/* the latest to_us of this window
					   and those before */
	const char	*uid;		/* the pod's: in rc.cur_strings
					   while its workload is read, then,
					   for the best, in rc.keep */
	const char	*name;		/* or NULL */
	int64_t		 deletion_us;
};

/* A workload with its windows, merged, and what they hold. */
struct wl {
	const char	*namespace;	/* as its windows' strings */
	const char	*workload;
	struct win	*w;		/* owned, sorted by from_us */
	size_t		 nw;
	int64_t		 covered_us;	/* merged length inside the span */
	int64_t		 in_windows;
	double		 coverage;
	double		 enrichment;
	double		 p_value;
};

/* Where a missing record's pod is, as the first window holding it says. */
struct claim {
	const char	*pod_uid;	/* in the analysis's strings; NULL:
					   no window holds it (yet) */
	const char	*namespace;
	const char	*workload;
};

/* The reconciliation while the workloads are read. */
struct rc {
	struct analysis	*a;
	struct store_set *sets;		/* owned */
	size_t		 nsets;
	struct store_set *ref;		/* in sets: the reference set */
	struct store_set *act;		/* the actual one */
	int64_t		 unexpected;	/* keys of act not in ref */
	struct miss	*m;		/* owned, by time */
	size_t		 nm;
	size_t		 mcap;		/* allocated in m */
	struct claim	*claim;		/* owned: one for each of m */
	struct wl	 best;		/* the significant workload with the
					   highest enrichment so far, its
					   windows owned (nw 0: none) */
	int		 has_best;
	struct arena	 keep;		/* owned: best's strings */
	struct wl	 top;		/* the highest enrichment so far,
					   without its windows */
	int		 has_top;
	struct wl	 cur;		/* the workload being read, its
					   windows owned (nw 0: none) */
	struct arena	 cur_strings;	/* owned: its strings */
};

static struct win	*window_of(struct wl *, int64_t);
static void		 weigh(struct rc *);

static int
add_miss(void *ctx, const char *key, int64_t t_us)
{
	struct rc	*rc = ctx;

	if (rc->nm == rc->mcap) {
		rc->mcap = rc->mcap == 0 ? 256 : rc->mcap * 2;
		rc->m = xreallocarray(rc->m, rc->mcap, sizeof *rc->m);
	}
	rc->m[rc->nm].key = xstrdup(key);
	rc->m[rc->nm].t_us = t_us;
	rc->nm++;
	return (0);
}

/* P(X >= k) for X ~ Binomial(n, p), in log space. */
static double
binom_tail(int64_t n, int64_t k, double p)
{
	double	lp, lq, sum = 0, lc;
	int64_t	i;

	if (k <= 0)
		return (1);
	if (p <= 0)
		return (0);
	if (p >= 1)
		return (1);
	lp = log(p);
	lq = log1p(-p);
	for (i = k; i <= n; i++) {
		lc = lgamma((double)n + 1) - lgamma((double)i + 1) -
		    lgamma((double)(n - i) + 1);
		sum += exp(lc + (double)i * lp + (double)(n - i) * lq);
	}
	return (sum > 1 ? 1 : sum);
}

static int
cmp_win(const void *a, const void *b)
{
	const struct win	*p = a, *q = b;

	if (p->from_us != q->from_us)
		return (p->from_us < q->from_us ? -1 : 1);
	/* the same deletion: by name, so that lists read the same */
	return (strcmp(p->name != NULL ? p->name : "",
	    q->name != NULL ? q->name : ""));
}

/*
 * Adds pod t's termination window to the workload being read, weighing
 * the one before first when t is of another (the pods come in the
 * store's order, a workload's together).
 */
static int
add_window(void *ctx, const struct store_term_pod *t)
{
	struct rc			*rc = ctx;
	const struct analyze_opts	*o = rc->a->opts;
	struct wl			*w;
	struct win			*x;
	int64_t				 end;

	w = &rc->cur;
	if (w->nw > 0 && (!str_eq(w->namespace, t->namespace) ||
	    !str_eq(w->workload, t->workload)))
		weigh(rc);
	if (w->nw == 0) {
		w->namespace = arena_strdup(&rc->cur_strings, t->namespace);
		w->workload = arena_strdup(&rc->cur_strings, t->workload);
	}
	/* a power of two: grown when full */
	if (w->nw == 0 || (w->nw & (w->nw - 1)) == 0)
		w->w = xreallocarray(w->w, w->nw == 0 ? 1 : w->nw * 2,
		    sizeof *w->w);
	x = &w->w[w->nw++];
	end = t->gone_us != TIME_NONE ? t->gone_us :
	    t->deadline_us != TIME_NONE ? t->deadline_us :
	    t->deletion_us + t->grace_s * 1000000;
	x->from_us = t->deletion_us - o->lead_us - o->skew_us;
	x->to_us = end + o->skew_us;
	x->maxto_us = x->to_us;
	x->uid = arena_strdup(&rc->cur_strings, t->uid);
	x->name = arena_strdup(&rc->cur_strings, t->name);
	x->deletion_us = t->deletion_us;
	return (0);
}

/* Sorts w's windows by their start, each with the latest end so far. */
static void
sort_windows(struct wl *w)
{
	size_t	i;

	xqsort(w->w, w->nw, sizeof *w->w, cmp_win);
	for (i = 0; i < w->nw; i++)
		w->w[i].maxto_us = i > 0 && w->w[i - 1].maxto_us >
		    w->w[i].to_us ? w->w[i - 1].maxto_us : w->w[i].to_us;
}

/* How many missing records have from_us <= t_us <= to_us (rc->m by time). */
static int64_t
missing_between(const struct rc *rc, int64_t from_us, int64_t to_us)
{
	size_t	lo = 0, hi = rc->nm, mid, first;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (rc->m[mid].t_us < from_us)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	hi = rc->nm;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (rc->m[mid].t_us <= to_us)
			lo = mid + 1;
		else
			hi = mid;
	}
	return ((int64_t)(lo - first));
}

/*
 * The earliest window of w holding t, or NULL: a binary search for the
 * windows that began by t, then back while one of them may still hold
 * it (maxto_us).
 */
static struct win *
window_of(struct wl *w, int64_t t)
{
	struct win	*hit = NULL;
	size_t		 lo = 0, hi = w->nw, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (w->w[mid].from_us <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo > 0 && w->w[lo - 1].maxto_us >= t) {
		lo--;
		if (t <= w->w[lo].to_us)
			hit = &w->w[lo];
	}
	return (hit);
}

/* Coverage, in-window count, enrichment and p-value of one workload. */
static void
score(struct rc *rc, struct wl *w, int64_t span_from, int64_t span_to)
{
	int64_t	from, to, cur_from = 0, cur_to = 0, span = span_to - span_from;
	size_t	i;
	int	open = 0;

	/* merged length of the windows inside the span */
	for (i = 0; i <= w->nw; i++) {
		if (i < w->nw && open && w->w[i].from_us <= cur_to) {
			if (w->w[i].to_us > cur_to)
				cur_to = w->w[i].to_us;
			continue;
		}
		if (open) {
			from = cur_from > span_from ? cur_from : span_from;
			to = cur_to < span_to ? cur_to : span_to;
			if (to > from)
				w->covered_us += to - from;
			/* the merged windows are apart: none counts twice */
			w->in_windows += missing_between(rc, cur_from, cur_to);
		}
		if (i < w->nw) {
			cur_from = w->w[i].from_us;
			cur_to = w->w[i].to_us;
			open = 1;
		}
	}
	w->coverage = span > 0 ? (double)w->covered_us / (double)span : 1;
	w->enrichment = rc->nm > 0 && w->coverage > 0 ?
	    ((double)w->in_windows / (double)rc->nm) / w->coverage : 0;
	w->p_value = binom_tail((int64_t)rc->nm, w->in_windows, w->coverage);
}

/* The evidence fields both record kinds share (coroner(1), FINDINGS). */
static json_t *
evidence(struct rc *rc, const char *ref, const char *act, int64_t total,
    int64_t missing, struct wl *w, int64_t unexpected)
{
	json_t	*e = json_object();

	json_object_set_new(e, "reference", json_string(ref));
	json_object_set_new(e, "actual", json_string(act));
	json_object_set_new(e, "reference_total", json_integer(total));
	json_object_set_new(e, "missing", json_integer(missing));
	json_object_set_new(e, "unexpected", json_integer(unexpected));
	json_object_set_new(e, "in_windows", json_integer(w != NULL ?
	    w->in_windows : 0));
	json_object_set_new(e, "window_coverage", json_real(w != NULL ?
	    w->coverage : 0));
	json_object_set_new(e, "enrichment", json_real(w != NULL ?
	    w->enrichment : 0));
	json_object_set_new(e, "p_value", json_real(w != NULL ?
	    w->p_value : 1));
	json_object_set_new(e, "lead_s", json_real((double)
	    rc->a->opts->lead_us / 1e6));
	json_object_set_new(e, "skew_s", json_real((double)
	    rc->a->opts->skew_us / 1e6));
	return (e);
}

/* Picks the reference and actual sets.  0: go on, 1: nothing to do. */
static int
pick_sets(struct analysis *a, struct store_set *s, size_t n,
    struct store_set **ref, struct store_set **act, char **cause)
{
	const struct analyze_opts	*o = a->opts;
	struct buf			 names = { 0 };
	size_t				 i;

	*ref = *act = NULL;
	if (o->reference != NULL) {
		for (i = 0; i < n; i++) {
			if (strcmp(s[i].name, o->reference) == 0)
				*ref = &s[i];
			if (strcmp(s[i].name, o->actual) == 0)
				*act = &s[i];
		}
		if (*ref == NULL || *act == NULL) {
			for (i = 0; i < n && i < 8; i++)
				buf_printf(&names, "%s%s", i > 0 ? ", " : "",
				    s[i].name);
			*cause = xasprintf("--reconcile %s:%s: no record set "
			    "\"%s\" (imported: %s%s)", o->reference,
			    o->actual, *ref == NULL ? o->reference :
			    o->actual, n > 0 ? names.data : "none", n > 8 ?
			    ", ..." : "");
			buf_free(&names);
			return (-1);
		}
		return (0);
	}
	if (n < 2)
		return (1);
	if (n > 2) {
		buf_printf(&a->notes, "%zu record sets: say which to compare "
		    "with --reconcile REFERENCE:ACTUAL\n", n);
		return (1);
	}
	*ref = s[0].keys >= s[1].keys ? &s[0] : &s[1];
	*act = *ref == &s[0] ? &s[1] : &s[0];
	buf_printf(&a->notes, "reconciling %s (the larger set, %lld keys, "
	    "is the reference) against %s (%lld keys)\n", (*ref)->name,
	    (long long)(*ref)->keys, (*act)->name, (long long)(*act)->keys);
	return (0);
}

/* Frees the workload being read. */
static void
window_free(struct rc *rc)
{
	free(rc->cur.w);
	arena_free(&rc->cur_strings);
	memset(&rc->cur, 0, sizeof rc->cur);
}

static void
rc_free(struct rc *rc)
{
	size_t	i;

	for (i = 0; i < rc->nm; i++)
		free(rc->m[i].key);
	free(rc->m);
	free(rc->claim);
	free(rc->best.w);
	arena_free(&rc->keep);
	window_free(rc);
	store_sets_free(rc->sets, rc->nsets);
}

/* Keeps w as the best workload so far: its windows and their strings. */
static void
keep_best(struct rc *rc, const struct wl *w)
{
	struct win	*x;
	size_t		 i;

	free(rc->best.w);
	arena_free(&rc->keep);
	rc->best = *w;
	rc->best.namespace = arena_strdup(&rc->keep, w->namespace);
	rc->best.workload = arena_strdup(&rc->keep, w->workload);
	rc->best.w = xreallocarray(NULL, w->nw > 0 ? w->nw : 1,
	    sizeof *rc->best.w);
	for (i = 0; i < w->nw; i++) {
		x = &rc->best.w[i];
		*x = w->w[i];
		x->uid = arena_strdup(&rc->keep, w->w[i].uid);
		x->name = arena_strdup(&rc->keep, w->w[i].name);
	}
	rc->has_best = 1;
}

/*
 * Gives each missing record that no workload read before holds to the
 * one being read when one of its windows does: the first workload, in
 * the store's order, whose window holds it.
 */
static void
claim_missing(struct rc *rc)
{
	struct analysis	*a = rc->a;
	struct win	*w;
	size_t		 i;

	for (i = 0; i < rc->nm; i++) {
		if (rc->claim[i].pod_uid != NULL ||
		    (w = window_of(&rc->cur, rc->m[i].t_us)) == NULL)
			continue;
		/* the workload's strings die with it: copied */
		rc->claim[i].pod_uid = arena_strdup(&a->strings, w->uid);
		rc->claim[i].namespace = arena_strdup(&a->strings,
		    rc->cur.namespace);
		rc->claim[i].workload = arena_strdup(&a->strings,
		    rc->cur.workload);
	}
}

/*
 * Notes each missing record, and the pod whose window holds it: best's,
 * else the one claim_missing found.
 */
static void
keep_missing(struct rc *rc, const char *ref, const char *act,
    struct wl *best)
{
	struct analysis		*a = rc->a;
	struct row_missing	*r;
	struct win		*w;
	size_t			 i;

	a->missing = xreallocarray(a->missing, a->nmissing + rc->nm + 1,
	    sizeof *a->missing);
	for (i = 0; i < rc->nm; i++) {
		w = best != NULL ? window_of(best, rc->m[i].t_us) : NULL;
		r = &a->missing[a->nmissing++];
		memset(r, 0, sizeof *r);
		r->reference = arena_strdup(&a->strings, ref);
		r->actual = arena_strdup(&a->strings, act);
		r->key = arena_strdup(&a->strings, rc->m[i].key);
		r->time_us = rc->m[i].t_us;
		if (w != NULL) {
			r->pod_uid = arena_strdup(&a->strings, w->uid);
			r->namespace = arena_strdup(&a->strings,
			    best->namespace);
			r->workload = arena_strdup(&a->strings,
			    best->workload);
		} else {
			/* the strings of the analysis already */
			r->pod_uid = rc->claim[i].pod_uid;
			r->namespace = rc->claim[i].namespace;
			r->workload = rc->claim[i].workload;
		}
	}
}

/*
 * The missing records inside best's windows (inside set) or outside them
 * (all, when best is NULL): returns how many, adds the first SAMPLE_KEYS
 * keys to keys, sets the first and last of their times, and counts them
 * per window into counts[] when it is not NULL.
 */
static int64_t
gather(struct rc *rc, struct wl *best, int inside, json_t *keys,
    int64_t *first, int64_t *last, int64_t *counts)
{
	struct win	*w;
	int64_t		 n = 0;
	size_t		 i;

	for (i = 0; i < rc->nm; i++) {
		w = best != NULL ? window_of(best, rc->m[i].t_us) : NULL;
		if ((w != NULL) != inside)
			continue;
		if (counts != NULL)
			counts[w - best->w]++;
		if (json_array_size(keys) < SAMPLE_KEYS)
			json_array_append_new(keys,
			    json_string(rc->m[i].key));
		if (*first == TIME_NONE)
			*first = rc->m[i].t_us;
		*last = rc->m[i].t_us;
		n++;
	}
	return (n);
}

static void
lost_finding(struct rc *rc, struct wl *best, const char *ref,
    const char *act, int64_t total, int64_t unexpected)
{
	struct finding	*f;
	json_t		*keys = json_array();
	json_t		*detail = json_array(), *d;
	size_t		 j;
	int64_t		 first = TIME_NONE, last = TIME_NONE, n, *counts;

	f = analysis_add(rc->a, FK_RECORDS_LOST,
	    best->namespace, best->workload);
	counts = xcalloc(best->nw, sizeof *counts);
	gather(rc, best, 1, keys, &first, &last, counts);
	for (j = 0; j < best->nw; j++) {
		if ((n = counts[j]) == 0)
			continue;
		finding_add_uid(f, best->w[j].uid, best->w[j].name);
		d = json_pack("{s:s?,s:I}", "pod", best->w[j].name,
		    "missing", (json_int_t)n);
		json_object_set_new(d, "deletion",
		    jv_time(best->w[j].deletion_us));
		json_array_append_new(detail, d);
	}
	free(counts);
	f->start_us = first;
	f->end_us = last;
	f->evidence = evidence(rc, ref, act, total, (int64_t)rc->nm, best,
	    unexpected);
	json_object_set_new(f->evidence, "sample_keys", keys);
	json_object_set_new(f->evidence, "pods_detail", detail);
	f->summary = xasprintf("%lld of %lld records in %s are missing from "
	    "%s; %lld of them fall in %s's termination windows, which cover "
	    "%.1f%% of the time (%.0fx more than chance, p = %.2g)",
	    (long long)rc->nm, (long long)total, ref, act,
	    (long long)best->in_windows, best->workload,
	    best->coverage * 100, best->enrichment, best->p_value);
	f->recommendation = xasprintf("Records accepted in %s's last "
	    "seconds are lost when its pods die: acknowledge a record only "
	    "after it is flushed (e.g. the Kafka producer's flush), give the "
	    "pods a grace period that covers preStop plus the measured "
	    "flush plus a margin, and alert on exit 137 during rollouts.",
	    best->workload);
}

static void
missing_finding(struct rc *rc, struct wl *best, struct wl *top,
    const char *ref, const char *act, int64_t total, int64_t unexpected)
{
	struct finding	*f;
	json_t		*keys = json_array();
	int64_t		 n, first = TIME_NONE, last = TIME_NONE;

	n = gather(rc, best, 0, keys, &first, &last, NULL);
	if (n == 0) {
		json_decref(keys);
		return;
	}
	f = analysis_add(rc->a, FK_RECORDS_MISSING, NULL, NULL);
	f->pods = json_array();
	f->start_us = first;
	f->end_us = last;
	f->evidence = evidence(rc, ref, act, total, n, best != NULL ? NULL :
	    top, unexpected);
	json_object_set_new(f->evidence, "sample_keys", keys);
	f->summary = xasprintf("%lld of %lld records in %s are missing from "
	    "%s with no concentration in any workload's termination "
	    "windows%s", (long long)n, (long long)total, ref, act,
	    best != NULL ? " (beside those lost at termination)" : "");
	f->recommendation = xasprintf("Compare a sample of the missing keys "
	    "(evidence.sample_keys) with the service's logs around their "
	    "times; gaps that do not follow pod deaths point at validation, "
	    "clerical or integration errors rather than shutdown.");
}

/*
 * Begins the reconciliation: the sets, the missing records (rc->ref
 * NULL: there is nothing to reconcile).  Returns 0, or -1 with a new
 * *cause; free with rc_free either way.
 */
static int
rc_begin(struct analysis *a, struct rc *rc, char **cause)
{
	int	r;

	memset(rc, 0, sizeof *rc);
	rc->a = a;
	if (store_record_sets(a->st, &rc->sets, &rc->nsets, cause) != 0 ||
	    (r = pick_sets(a, rc->sets, rc->nsets, &rc->ref, &rc->act,
	    cause)) < 0)
		return (-1);
	if (r == 1)
		return (0);	/* nothing to reconcile: rc->ref NULL */
	if (store_missing_keys(a->st, rc->ref->name, rc->act->name, add_miss,
	    rc, &rc->unexpected, cause) != 0)
		return (-1);
	rc->claim = xcalloc(rc->nm > 0 ? rc->nm : 1, sizeof *rc->claim);
	return (0);
}

/* The findings and the missing records, once every window is weighed. */
static void
reconcile_finish(struct rc *rc)
{
	struct analysis	*a = rc->a;
	struct wl	*best = rc->has_best ? &rc->best : NULL;

	if (best != NULL)
		lost_finding(rc, best, rc->ref->name, rc->act->name,
		    rc->ref->keys, rc->unexpected);
	missing_finding(rc, best, rc->has_top ? &rc->top : NULL,
	    rc->ref->name, rc->act->name, rc->ref->keys, rc->unexpected);
	keep_missing(rc, rc->ref->name, rc->act->name, best);
	buf_printf(&a->notes, "%s vs %s: %zu missing, %lld unexpected; "
	    "windows from the deletion request - %.1f s to the pod's end, "
	    "clock skew +-%.1f s\n", rc->ref->name, rc->act->name, rc->nm,
	    (long long)rc->unexpected, (double)a->opts->lead_us / 1e6,
	    (double)a->opts->skew_us / 1e6);
}

/*
 * Weighs the workload read, as a walk of every workload would in its
 * turn: the best and the top so far kept, the missing records its
 * windows hold first claimed.
 */
static void
weigh(struct rc *rc)
{
	struct wl	*w = &rc->cur;

	sort_windows(w);
	score(rc, w, rc->ref->first_us, rc->ref->last_us);
	if (!rc->has_top || w->enrichment > rc->top.enrichment) {
		rc->top = *w;
		rc->top.w = NULL;
		rc->top.nw = 0;
		rc->top.namespace = rc->top.workload = NULL;
		rc->has_top = 1;
	}
	if (w->p_value < SIGNIFICANT_P &&
	    w->enrichment >= SIGNIFICANT_ENRICHMENT &&
	    w->in_windows >= SIGNIFICANT_MIN && (!rc->has_best ||
	    w->enrichment > rc->best.enrichment))
		keep_best(rc, w);
	claim_missing(rc);
	window_free(rc);
}

/*
 * Reads the termination windows of the deleted pods from the store a
 * workload at a time, then makes the findings and the missing records.
 */
int
reconcile_run(struct analysis *a, char **cause)
{
	struct rc	rc;
	int		ret = -1;

	if (rc_begin(a, &rc, cause) != 0)
		goto out;
	/* with no record missing, no window holds one */
	if (rc.ref != NULL && rc.nm > 0) {
		if (store_term_pods(a->st, add_window, &rc, cause) != 0)
			goto out;
		if (rc.cur.nw > 0)
			weigh(&rc);
	}
	if (rc.ref != NULL)
		reconcile_finish(&rc);
	ret = 0;
out:
	rc_free(&rc);
	return (ret);
}
