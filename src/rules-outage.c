/*
 * rules-outage.c: the rule workload-unavailable, the outage a workload's
 * users saw: no pod of it ready, or fewer than half of its replicas, for
 * OUTAGE_MIN_US or more (readiness probes failing, pods not started yet,
 * their node down), read from the pods' Ready condition (readiness.h),
 * with the readiness probe failures in it and the findings around it
 * that explain it.  It runs after every other rule: it names their
 * findings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "readiness.h"
#include "timefmt.h"

#define SEC_US		1000000LL
/* An outage shorter than this is a probe's blip, not an outage. */
#define OUTAGE_MIN_US	(30 * SEC_US)
/* Findings that start this long before an outage may explain it. */
#define BEFORE_US	(60 * SEC_US)

/* A workload's pods with readiness, and what it should run. */
struct wl_ready {
	const struct ready_pod	**pods;	/* owned array of borrowed */
	size_t			  n;
	int64_t			  desired; /* spec.replicas, INT_NONE */
	int64_t			  last_us; /* where the evidence ends */
};

static int
cmp_ready_pod(const void *a, const void *b)
{
	const struct ready_pod	*x = *(const struct ready_pod *const *)a;
	const struct ready_pod	*y = *(const struct ready_pod *const *)b;
	int			 c;

	if ((c = strcmp(x->p->r.namespace != NULL ? x->p->r.namespace : "",
	    y->p->r.namespace != NULL ? y->p->r.namespace : "")) != 0)
		return (c);
	return (strcmp(x->p->r.workload, y->p->r.workload));
}

/* Whether a pod's readiness is a service's (not a Job's, which ends). */
static int
serves(const struct podset_pod *p)
{
	return (p->r.workload != NULL && !str_eq(p->r.workload_kind, "Job") &&
	    !str_eq(p->r.workload_kind, "CronJob"));
}

/* A workload's spec.replicas, as the model read it. */
struct spec {
	const char	*ns, *kind, *name;	/* in the specs' arena */
	int64_t		 replicas;
};

struct specs {
	struct spec	*v;		/* owned, sorted (cmp_spec) */
	size_t		 n;
	struct arena	 a;		/* owned: the strings of v */
};

static int
cmp_spec(const void *a, const void *b)
{
	const struct spec	*x = a, *y = b;
	int			 c;

	if ((c = strcmp(x->ns, y->ns)) != 0 ||
	    (c = strcmp(x->kind, y->kind)) != 0)
		return (c);
	return (strcmp(x->name, y->name));
}

static int
spec_row(void *ctx, const void *row)
{
	struct specs			*sp = ctx;
	const struct row_workload	*w = row;

	if (w->replicas == INT_NONE || w->kind == NULL || w->name == NULL)
		return (0);
	sp->v = xreallocarray(sp->v, sp->n + 1, sizeof *sp->v);
	sp->v[sp->n++] = (struct spec){ .ns = arena_strdup(&sp->a,
	    w->namespace != NULL ? w->namespace : ""),
	    .kind = arena_strdup(&sp->a, w->kind),
	    .name = arena_strdup(&sp->a, w->name), .replicas = w->replicas };
	return (0);
}

static void
specs_free(struct specs *sp)
{
	arena_free(&sp->a);
	free(sp->v);
}

/* The replicas pod p's workload asks for, or INT_NONE. */
static int64_t
desired_of(const struct specs *sp, const struct podset_pod *p)
{
	struct spec		 k = {
		.ns = p->r.namespace != NULL ? p->r.namespace : "",
		.kind = p->r.workload_kind != NULL ? p->r.workload_kind : "",
		.name = p->r.workload
	};
	const struct spec	*hit;

	hit = xbsearch(&k, sp->v, sp->n, sizeof *sp->v, cmp_spec);
	return (hit != NULL ? hit->replicas : INT_NONE);
}

/* Whether ready pods are too few: none, or under half of what it runs. */
static int
too_few(int64_t ready, int64_t want)
{
	return (ready == 0 || (want >= 2 && 2 * ready < want));
}

/* An outage found while sweeping a workload's steps. */
struct outage {
	int64_t	 from_us, to_us;
	int64_t	 ready_min;
	int64_t	 none_us;	/* of it, the time with no pod ready */
	int64_t	 want;		/* replicas it was judged against */
	int	 want_spec;	/* want is spec.replicas (else the most
				   ready seen) */
};

/* The probe failures of the outage's pods within it. */
static void
probes_of(struct finding *f, const struct store_probe_fail *pf,
    size_t npf, const struct outage *o, int64_t *count, const char **last)
{
	size_t	i;

	*count = 0;
	*last = NULL;
	for (i = 0; i < npf; i++) {
		if (pf[i].last_us < o->from_us - BEFORE_US ||
		    pf[i].first_us > o->to_us ||
		    !str_eq(pf[i].namespace, f->namespace) ||
		    !finding_has_pod(f, pf[i].pod))
			continue;
		*count += pf[i].count > 0 ? pf[i].count : 1;
		*last = pf[i].message;
	}
}

/*
 * The findings around the outage: their positions, and a phrase; by
 * lists every finding's position in the order they are weighed.
 */
static json_t *
related(const struct analysis *a, const size_t *by, const struct outage *o,
    char *say, size_t len)
{
	const struct finding	*g;
	json_t			*v = json_array();
	const char		*node;
	char			 t[TIME_FMT_LEN];
	size_t			 i, k;
	int			 n = 0, off;

	say[0] = '\0';
	for (k = 0; k < a->n; k++) {
		i = by[k];
		g = &a->v[i];
		if (g->kind == FK_WORKLOAD_UNAVAILABLE ||
		    g->start_us == TIME_NONE || g->start_us > o->to_us ||
		    (g->end_us != TIME_NONE ? g->end_us : g->start_us) <
		    o->from_us - BEFORE_US)
			continue;
		json_array_append_new(v, json_integer((json_int_t)i));
		if (n++ >= 3)
			continue;
		node = json_string_value(json_object_get(g->evidence,
		    "node"));
		off = (int)strlen(say);
		snprintf(say + off, len - (size_t)off, "%s%s %s%s at %s",
		    off == 0 ? "" : ", ", finding_kind_name(g->kind),
		    g->workload != NULL ? "of " : node != NULL ? "on " : "",
		    g->workload != NULL ? g->workload : node != NULL ? node :
		    "", time_clock(g->start_us, t, "?"));
	}
	return (v);
}

/*
 * An outage found in a window, finished in the last: what its summary
 * says besides the findings around it, which are not all made yet.
 */
struct pending {
	size_t		 fi;		/* its finding, a->v[fi] */
	struct outage	 o;
	int64_t		 probes;	/* probe failures in it */
	char		*last;		/* owned: the last one's message */
};

/* The rule's state from window to window (analysis.state). */
struct wu_state {
	struct specs		 sp;	/* spec.replicas of every workload */
	struct store_probe_fail	*pf;	/* owned: every probe failure */
	size_t			 npf;
	struct pending		*v;	/* owned: the outages so far */
	size_t			 n;
	int64_t			 last_us; /* every pod's latest version (more
					   than one window), or TIME_NONE */
};

static void
outage_finding(struct analysis *a, struct wu_state *ws,
    const struct wl_ready *w, const struct outage *o)
{
	const struct podset_pod	*p = w->pods[0]->p;
	const struct ready_span	*sp;
	struct finding		*f;
	struct pending		*pd;
	json_t			*e;
	const char		*last;
	size_t			 i, j;

	f = analysis_add(a, FK_WORKLOAD_UNAVAILABLE, p->r.namespace,
	    p->r.workload);
	f->pods = json_array();
	for (i = 0; i < w->n; i++) {
		for (j = 0; j < w->pods[i]->n; j++) {
			sp = &w->pods[i]->v[j];
			if (!sp->ready && sp->from_us < o->to_us &&
			    (sp->to_us == TIME_NONE ||
			    sp->to_us > o->from_us)) {
				finding_add_pod(f, w->pods[i]->p);
				break;
			}
		}
	}
	f->start_us = o->from_us;
	f->end_us = o->to_us;
	if (o->ready_min > 0)
		f->severity = SEV_WARNING;
	f->evidence = e = json_object();
	json_object_set_new(e, "start", jv_time(o->from_us));
	json_object_set_new(e, "end", jv_time(o->to_us));
	json_object_set_new(e, "duration_s", jv_secs(o->to_us - o->from_us));
	json_object_set_new(e, "ready_min", json_integer(o->ready_min));
	json_object_set_new(e, "none_ready_s", jv_secs(o->none_us));
	json_object_set_new(e, "desired", json_integer(o->want));
	json_object_set_new(e, "desired_basis", json_string(o->want_spec ?
	    "spec.replicas" : "the most pods ready at once"));
	ws->v = xreallocarray(ws->v, ws->n + 1, sizeof *ws->v);
	pd = &ws->v[ws->n++];
	pd->fi = (size_t)(f - a->v);
	pd->o = *o;
	probes_of(f, ws->pf, ws->npf, o, &pd->probes, &last);
	pd->last = last != NULL ? xstrdup(last) : NULL;
	json_object_set_new(e, "probe_failures", json_integer(pd->probes));
	json_object_set_new(e, "last_probe_message", jv_str(last));
}

/*
 * The rest of an outage's finding, once every other finding is made: the
 * findings around it, weighed in the order by gives (by_rule), its
 * summary and its fix.
 */
static void
outage_finish(struct analysis *a, const struct pending *pd,
    const size_t *by)
{
	struct finding	*f = &a->v[pd->fi];
	const struct outage *o = &pd->o;
	char		 d[32], nd[32], t1[TIME_FMT_LEN];
	char		 t2[TIME_FMT_LEN], how[160], around[480];
	char		 pr[400];

	json_object_set_new(f->evidence, "related", related(a, by, o, around,
	    sizeof around));
	analyze_fmt_dur((double)(o->to_us - o->from_us) / 1e6, d, sizeof d);
	analyze_fmt_dur((double)o->none_us / 1e6, nd, sizeof nd);
	if (o->ready_min == 0 && o->none_us == o->to_us - o->from_us)
		snprintf(how, sizeof how, "had no ready pod for %s", d);
	else if (o->ready_min == 0)
		snprintf(how, sizeof how, "had fewer than half of its pods "
		    "ready for %s, none at all for %s", d, nd);
	else
		snprintf(how, sizeof how, "had only %lld of its pods ready "
		    "at worst, for %s", (long long)o->ready_min, d);
	if (pd->probes > 0)
		snprintf(pr, sizeof pr, "; its readiness probes failed %lld "
		    "time%s (\"%.120s\")", (long long)pd->probes,
		    pd->probes == 1 ? "" : "s", pd->last != NULL ? pd->last :
		    "");
	else
		pr[0] = '\0';
	f->summary = xasprintf("%s %s (%s to %s, %lld replica%s "
	    "wanted)%s%s%s", f->workload, how, time_clock(o->from_us, t1,
	    "?"), time_clock(o->to_us, t2, "?"), (long long)o->want,
	    o->want == 1 ? "" : "s", pr, around[0] != '\0' ? "; around it: " :
	    "", around);
	f->recommendation = xasprintf("This is the outage the users of %s "
	    "saw: find why its pods were not ready%s (their logs, their "
	    "probes' messages).  A readiness probe that checks a dependency "
	    "(a database, a cache) takes every replica out at once when that "
	    "dependency fails: let it check the pod itself and let the "
	    "dependency's failure show as errors; run what it depends on with "
	    "more than one replica, spread over nodes, with a "
	    "PodDisruptionBudget.", f->workload, around[0] != '\0' ?
	    ": start with the findings around it" : "");
}

/* Sweeps one workload's ready count for outages. */
static void
sweep(struct analysis *a, struct wu_state *ws, const struct wl_ready *w)
{
	struct ready_step	*s;
	struct outage		 o = { .from_us = TIME_NONE };
	int64_t			 peak = 0, want;
	size_t			 ns, i;
	int			 available = 0;

	s = readiness_steps(w->pods, w->n, &ns);
	for (i = 0; i < ns; i++) {
		if (s[i].ready > peak)
			peak = s[i].ready;
		want = w->desired != INT_NONE ? w->desired : peak;
		if (o.from_us != TIME_NONE && s[i - 1].ready == 0)
			o.none_us += s[i].at_us - s[i - 1].at_us;
		if (o.from_us != TIME_NONE) {
			if (!too_few(s[i].ready, want) || i == ns - 1) {
				o.to_us = s[i].at_us;
				/* still out when the evidence ends */
				if (too_few(s[i].ready, want) && w->last_us !=
				    TIME_NONE && w->last_us > o.to_us) {
					if (s[i].ready == 0)
						o.none_us += w->last_us -
						    o.to_us;
					o.to_us = w->last_us;
				}
				if (o.to_us - o.from_us >= OUTAGE_MIN_US)
					outage_finding(a, ws, w, &o);
				o.from_us = TIME_NONE;
			} else if (s[i].ready < o.ready_min)
				o.ready_min = s[i].ready;
			continue;
		}
		if (!too_few(s[i].ready, want)) {
			available = 1;
			continue;
		}
		/* an outage is one the pods say: alive, and not Ready */
		if (available && s[i].not_ready > 0) {
			o.from_us = s[i].at_us;
			o.ready_min = s[i].ready;
			o.none_us = 0;
			o.want = want;
			o.want_spec = w->desired != INT_NONE;
		}
	}
	free(s);
}

/*
 * The positions of the analysis's findings in their rules' order, and in
 * each rule in the order it made them (as one window of every pod makes
 * them): the order related() weighs them in.  A new array of a->n.
 */
static size_t *
by_rule(const struct analysis *a)
{
	size_t	 order[FK__COUNT], pos[FK__COUNT], nrules, r, k, i;
	size_t	*by;
	int64_t	*key;

	memset(pos, 0, sizeof pos);
	nrules = finding_rule_order(order);
	for (r = 0; r < nrules; r++) {
		for (k = 0; k < FK__COUNT; k++) {
			if (finding_kinds[k].rule ==
			    finding_kinds[order[r]].rule)
				pos[k] = r;
		}
	}
	key = xreallocarray(NULL, a->n > 0 ? a->n : 1, sizeof *key);
	for (i = 0; i < a->n; i++)
		key[i] = (int64_t)(pos[a->v[i].kind] * a->n + i);
	xqsort(key, a->n, sizeof *key, cmp_int64);
	by = xreallocarray(NULL, a->n > 0 ? a->n : 1, sizeof *by);
	for (i = 0; i < a->n; i++)
		by[i] = (size_t)key[i] % a->n;
	free(key);
	return (by);
}

void
wu_forget(void *state)
{
	struct wu_state	*ws = state;
	size_t		 i;

	for (i = 0; i < ws->n; i++)
		free(ws->v[i].last);
	free(ws->v);
	specs_free(&ws->sp);
	store_probe_fails_free(ws->pf, ws->npf);
	free(ws);
}

/*
 * workload-unavailable: a workload that had been available (enough pods
 * ready) and then had none ready, or fewer than half of its replicas
 * (spec.replicas, else the most ready at once), while pods of it were
 * alive and said not Ready, for OUTAGE_MIN_US or more.  A window at a
 * time: the outages of its workloads, from their pods' readiness (with
 * where the evidence of every pod ends); in the last, what is around
 * each, once every other finding is made.
 */
int
rule_workload_unavailable(struct analysis *a, char **cause)
{
	struct wu_state		*ws = a->state[FK_WORKLOAD_UNAVAILABLE];
	struct readiness	 r;
	struct wl_ready		 w;
	const struct ready_pod	**by;
	size_t			*order, i, j, n = 0;
	int			 whole = 0;

	if (ws == NULL) {
		ws = a->state[FK_WORKLOAD_UNAVAILABLE] = xcalloc(1,
		    sizeof *ws);
		ws->last_us = TIME_NONE;
		if (store_probe_fails(a->st, &ws->pf, &ws->npf, cause) != 0 ||
		    store_model_scan(a->st, ROW_WORKLOAD, spec_row, &ws->sp,
		    cause) < 0)
			return (-1);
		xqsort(ws->sp.v, ws->sp.n, sizeof *ws->sp.v, cmp_spec);
		/* one window: every version read at once */
		if (!(whole = a->last_window) &&
		    store_ready_last(a->st, &ws->last_us, cause) != 0)
			return (-1);
	}
	if ((whole ? readiness_load(a->st, a->pods, &r, cause) :
	    readiness_load_some(a->st, a->pods, &r, cause)) != 0)
		return (-1);
	if (!whole)
		r.last_us = ws->last_us;
	by = xreallocarray(NULL, r.n > 0 ? r.n : 1, sizeof *by);
	for (i = 0; i < r.n; i++)
		if (serves(r.v[i].p))
			by[n++] = &r.v[i];
	xqsort(by, n, sizeof *by, cmp_ready_pod);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cmp_ready_pod(&by[i], &by[j]) == 0;
		    j++)
			;
		w = (struct wl_ready){ .pods = &by[i], .n = j - i,
		    .desired = desired_of(&ws->sp, by[i]->p),
		    .last_us = r.last_us };
		sweep(a, ws, &w);
	}
	free(by);
	readiness_free(&r);
	if (!a->last_window)
		return (0);
	order = by_rule(a);
	for (i = 0; i < ws->n; i++)
		outage_finish(a, &ws->v[i], order);
	free(order);
	wu_forget(ws);
	a->state[FK_WORKLOAD_UNAVAILABLE] = NULL;
	return (0);
}
