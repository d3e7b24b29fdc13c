/*
 * rules-deletion.c: the rules about who deleted pods and how (analyze.h):
 * grace-overridden (a deletion asked for less grace than the pod's spec:
 * kubectl delete --grace-period, --force, an eviction's deleteOptions)
 * eviction-blocked (evictions a disruption budget refused for over a
 * minute: a drain or a scale-down that stalled) and exits-unknown (pods
 * deleted and gone whose containers' ends were never logged), and the
 * words every
 * finding about deleted pods gets for who deleted them (deleted_by).
 * No SQL (through store.h), no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "timefmt.h"

#define BLOCKED_US	(60 * 1000000LL)	/* refused longer than this */

/* The actor of a pod's deletion as the evidence names it. */
static const char *
actor_of(const struct podset_pod *p)
{
	return (p->r.deletion_by != NULL ? p->r.deletion_by : "unknown");
}

/* Adds one to the count of actor in the object o. */
static void
count_actor(json_t *o, const char *actor)
{
	json_t	*n = json_object_get(o, actor);

	json_object_set_new(o, actor, json_integer(n != NULL ?
	    json_integer_value(n) + 1 : 1));
}

/* Whether any container of the pod was SIGKILLed at the deadline. */
static int
any_killed(const struct podset_pod *p)
{
	return (p->r.killed != 0);
}

int
rule_grace_overridden(struct analysis *a, char **cause)
{
	struct podset_pod	*p;
	struct finding		*f;
	json_t			*e;
	size_t			 i, first = a->n;
	int64_t			 req, spec, killed, n;
	char			 who[300], tail[80];

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if (!podset_grace_overridden(p))
			continue;
		f = analysis_group(a, FK_GRACE_OVERRIDDEN, p,
		    p->r.deletion_us);
		finding_add_pod(f, p);
		finding_widen(f, p->r.deletion_us, p->r.deadline_us !=
		    TIME_NONE ? p->r.deadline_us : p->r.deletion_us);
		e = f->evidence;
		if (json_object_get(e, "deleted_by") == NULL) {
			json_object_set_new(e, "deleted_by", json_object());
			json_object_set_new(e, "killed", json_integer(0));
		}
		/* the shortest grace asked, the spec's */
		req = json_object_get(e, "requested_grace_s") != NULL ?
		    json_integer_value(json_object_get(e,
		    "requested_grace_s")) : p->r.grace_s;
		if (p->r.grace_s < req)
			req = p->r.grace_s;
		json_object_set_new(e, "requested_grace_s", json_integer(req));
		json_object_set_new(e, "spec_grace_s",
		    json_integer(p->r.spec_grace_s));
		count_actor(json_object_get(e, "deleted_by"), actor_of(p));
		if (any_killed(p)) {
			json_object_set_new(e, "killed", json_integer(
			    json_integer_value(json_object_get(e,
			    "killed")) + 1));
			f->severity = SEV_CRITICAL;
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_GRACE_OVERRIDDEN)
			continue;
		e = f->evidence;
		req = json_integer_value(json_object_get(e,
		    "requested_grace_s"));
		spec = json_integer_value(json_object_get(e, "spec_grace_s"));
		killed = json_integer_value(json_object_get(e, "killed"));
		n = (int64_t)json_array_size(f->pods);
		analyze_fmt_actors(json_object_get(e, "deleted_by"), who,
		    sizeof who);
		if (killed > 0)
			snprintf(tail, sizeof tail, "; %lld SIGKILLed before "
			    "they could finish", (long long)killed);
		else
			tail[0] = '\0';
		f->summary = xasprintf("%lld pod%s of %s %s deleted with a "
		    "grace of %lld s where the spec gives %lld s, by %s%s",
		    (long long)n, n == 1 ? "" : "s", f->workload,
		    n == 1 ? "was" : "were", (long long)req,
		    (long long)spec, who, tail);
		f->recommendation = xasprintf("The kill came from the "
		    "deletion, not from the workload's budget: the pods' "
		    "terminationGracePeriodSeconds (%lld s) was overridden "
		    "by the request (kubectl delete --grace-period or "
		    "--force, an eviction's deleteOptions).  Delete without "
		    "--grace-period/--force, and have runbooks and tools "
		    "leave the grace to the spec.", (long long)spec);
	}
	(void)cause;
	return (0);
}

/*
 * The times of an eviction-blocked finding while it is built, as integers
 * (microseconds) under these keys; written as times when it is done.
 */
#define FIRST_KEY	"first_us"
#define LAST_KEY	"last_us"
#define EVICTED_KEY	"then_evicted_us"

/* Keeps the earliest (less) or latest time under key. */
static void
keep_us(json_t *e, const char *key, int64_t t, int less)
{
	json_t	*v = json_object_get(e, key);

	if (t == TIME_NONE)
		return;
	if (v == NULL || (less ? t < json_integer_value(v) :
	    t > json_integer_value(v)))
		json_object_set_new(e, key, json_integer(t));
}

/* The time under key, taken out of e (TIME_NONE when absent). */
static int64_t
take_us(json_t *e, const char *key)
{
	json_t	*v = json_object_get(e, key);
	int64_t	 t = v != NULL ? json_integer_value(v) : TIME_NONE;

	json_object_del(e, key);
	return (t);
}

/* Whether a pod's refused evictions went on long enough to count. */
static int
blocked_counts(const struct store_blocked *b)
{
	return (b->last_us - b->first_us >= BLOCKED_US && b->pod_uid != NULL);
}

/* One pod's refused evictions, as the rule groups them. */
static int
blocked_pod(void *ctx, const struct store_blocked *b)
{
	struct analysis		*a = ctx;
	struct podset_pod	*p;
	struct finding		*f;
	json_t			*e;

	if (!blocked_counts(b) ||
	    (p = podset_find(a->pods, b->pod_uid)) == NULL)
		return (0);
	f = analysis_group(a, FK_EVICTION_BLOCKED, p, b->first_us);
	finding_add_pod(f, p);
	finding_widen(f, b->first_us, b->evicted_us != TIME_NONE ?
	    b->evicted_us : b->last_us);
	e = f->evidence;
	if (json_object_get(e, "attempts") == NULL) {
		json_object_set_new(e, "attempts", json_integer(0));
		json_object_set_new(e, "requested_by", json_object());
	}
	json_object_set_new(e, "attempts", json_integer(json_integer_value(
	    json_object_get(e, "attempts")) + b->attempts));
	keep_us(e, FIRST_KEY, b->first_us, 1);
	keep_us(e, LAST_KEY, b->last_us, 0);
	keep_us(e, EVICTED_KEY, b->evicted_us, 0);
	count_actor(json_object_get(e, "requested_by"), b->actor != NULL ?
	    b->actor : "unknown");
	return (0);
}

/*
 * With more than one window, the refused evictions that may make a
 * finding, read once (the query groups every refusal: once a window
 * was most of the analysis of an audit log) and given to each window.
 */
struct blocked_state {
	struct store_blocked	*v;	/* owned */
	size_t			 n;	/* rows in v */
	struct arena		 strings; /* owned: v's */
};

static int
keep_blocked(void *ctx, const struct store_blocked *b)
{
	struct blocked_state	*bs = ctx;
	struct store_blocked	*k;

	if (!blocked_counts(b))
		return (0);
	bs->v = xreallocarray(bs->v, bs->n + 1, sizeof *bs->v);
	k = &bs->v[bs->n++];
	*k = *b;
	k->pod_uid = arena_strdup(&bs->strings, b->pod_uid);
	k->namespace = b->namespace != NULL ? arena_strdup(&bs->strings,
	    b->namespace) : NULL;
	k->name = b->name != NULL ? arena_strdup(&bs->strings, b->name) :
	    NULL;
	k->actor = b->actor != NULL ? arena_strdup(&bs->strings, b->actor) :
	    NULL;
	return (0);
}

void
blocked_forget(void *state)
{
	struct blocked_state	*bs = state;

	free(bs->v);
	arena_free(&bs->strings);
	free(bs);
}

/* Gives the window the refused evictions of its pods. */
static int
blocked_window(struct analysis *a, char **cause)
{
	struct blocked_state	*bs = a->state[FK_EVICTION_BLOCKED];
	size_t			 i;

	/* one window: as they are read */
	if (a->window == 0 && a->last_window)
		return (store_blocked_evictions(a->st, blocked_pod, a, cause));
	if (bs == NULL) {
		bs = a->state[FK_EVICTION_BLOCKED] = xcalloc(1, sizeof *bs);
		if (store_blocked_evictions(a->st, keep_blocked, bs,
		    cause) != 0)
			return (-1);
	}
	for (i = 0; i < bs->n; i++)
		blocked_pod(a, &bs->v[i]);
	if (a->last_window) {
		blocked_forget(bs);
		a->state[FK_EVICTION_BLOCKED] = NULL;
	}
	return (0);
}

int
rule_eviction_blocked(struct analysis *a, char **cause)
{
	struct finding	*f;
	json_t		*e;
	size_t		 i, first = a->n;
	int64_t		 n, tries, from, to, evicted;
	char		 who[300], dur[32];

	if (blocked_window(a, cause) != 0)
		return (-1);
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_EVICTION_BLOCKED)
			continue;
		e = f->evidence;
		from = take_us(e, FIRST_KEY);
		to = take_us(e, LAST_KEY);
		evicted = take_us(e, EVICTED_KEY);
		json_object_set_new(e, "first", jv_time(from));
		json_object_set_new(e, "last", jv_time(to));
		json_object_set_new(e, "then_evicted", jv_time(evicted));
		n = (int64_t)json_array_size(f->pods);
		tries = json_integer_value(json_object_get(e, "attempts"));
		analyze_fmt_actors(json_object_get(e, "requested_by"), who,
		    sizeof who);
		analyze_fmt_dur((double)(to - from) / 1e6, dur, sizeof dur);
		f->summary = xasprintf("Evictions of %lld pod%s of %s were "
		    "refused %lld time%s over %s (a PodDisruptionBudget), "
		    "asked by %s%s", (long long)n, n == 1 ? "" : "s",
		    f->workload, (long long)tries, tries == 1 ? "" : "s", dur,
		    who, evicted == TIME_NONE ? "; not evicted while the "
		    "audit log runs" : "");
		f->recommendation = xstrdup("A drain or scale-down stalled "
		    "on the disruption budget: check that the budget can be "
		    "met (minAvailable below the replicas that are ready, "
		    "maxUnavailable of at least 1), that the workload's pods "
		    "become ready, and alert when a drain waits on a budget "
		    "for minutes.");
	}
	return (0);
}

/* How a summary says a deletion's cause ("in a scale-down"). */
static const char *
cause_phrase(const char *cause)
{
	static const char *const phrase[DC__COUNT] = {
		[DC_ROLLOUT] = "in a rollout",
		[DC_SCALE_DOWN] = "in a scale-down",
		[DC_JOB] = "by its Job's controller",
		[DC_EVICTION] = "by an eviction",
		[DC_NODE] = "by its node's controller",
		[DC_MANUAL] = "by hand",
	};
	int	c;

	for (c = 0; c < DC__COUNT; c++)
		if (phrase[c] != NULL && str_eq(cause, deletion_cause_name(
		    (enum deletion_cause)c)))
			return (phrase[c]);
	return (cause);
}

/*
 * Why finding f's pods were deleted, when no deploy explains it and the
 * pods say one controller action (an autoscaler's scale-down, a Job, an
 * eviction, a node): "deletion_cause" and its basis in the evidence, and
 * in the summary's tail.  A rollout's deletions are named by the rollout
 * the finding's evidence already gives.
 */
static void
name_cause(struct finding *f, const struct pod_facts *v, size_t n)
{
	const char	*cause = NULL, *basis = NULL;
	size_t		 j;

	if (json_object_get(f->evidence, "deletion_cause") != NULL)
		return;
	for (j = 0; j < n; j++) {
		if (!v[j].known || v[j].deletion_us == TIME_NONE)
			continue;
		if (v[j].deletion_cause == NULL || (cause != NULL &&
		    !str_eq(cause, v[j].deletion_cause)))
			return;		/* unknown, or not one cause */
		cause = v[j].deletion_cause;
		if (basis == NULL)
			basis = v[j].deletion_cause_basis;
	}
	if (cause == NULL || str_eq(cause, deletion_cause_name(DC_ROLLOUT)))
		return;
	json_object_set_new(f->evidence, "deletion_cause", json_string(cause));
	json_object_set_new(f->evidence, "deletion_cause_basis", jv_str(basis));
	buf_printf(&f->tail, " (deleted %s%s%.200s)", cause_phrase(cause),
	    basis != NULL ? ": " : "", basis != NULL ? basis : "");
}

void
deletion_name(struct finding *f, const struct pod_facts *v, size_t n)
{
	json_t		*by;
	size_t		 j, known;
	char		 who[300];

	name_cause(f, v, n);
	if (json_object_get(f->evidence, "deleted_by") != NULL)
		return;
	by = json_object();
	for (j = known = 0; j < n; j++) {
		if (!v[j].known || v[j].deletion_us == TIME_NONE ||
		    v[j].deletion_by == NULL)
			continue;
		count_actor(by, v[j].deletion_by);
		known++;
	}
	if (known == 0) {
		json_decref(by);
		return;
	}
	json_object_set_new(f->evidence, "deleted_by", by);
	analyze_fmt_actors(by, who, sizeof who);
	if (!finding_kinds[f->kind].names_deleter)
		buf_printf(&f->tail, " (deleted by %s)", who);
}

/* The containers of p whose end was never logged, as "a, b"; how many. */
static int
unknown_exits(const struct podset_pod *p, char *out, size_t len)
{
	size_t	i, at = 0;
	int	n = 0;

	out[0] = '\0';
	for (i = 0; i < p->nc; i++) {
		if (!podset_exit_unknown(p, &p->c[i]))
			continue;
		at += (size_t)snprintf(out + at, at < len ? len - at : 0,
		    "%s%s", n++ > 0 ? ", " : "", p->c[i].name);
		if (at >= len)
			at = len;
	}
	return (n);
}

int
rule_exits_unknown(struct analysis *a, char **cause)
{
	struct podset_pod	*p;
	struct finding		*f;
	json_t			*e, *d;
	size_t			 i, first = a->n;
	int64_t			 n, pods;
	char			 names[256];
	int			 k;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if ((k = unknown_exits(p, names, sizeof names)) == 0)
			continue;
		f = analysis_group(a, FK_EXITS_UNKNOWN, p,
		    p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
		    p->r.gone_us);
		finding_add_pod(f, p);
		finding_widen(f, p->r.deletion_us, p->r.gone_us);
		e = f->evidence;
		if (json_object_get(e, "pods_detail") == NULL) {
			json_object_set_new(e, "pods_detail", json_array());
			json_object_set_new(e, "containers", json_integer(0));
		}
		json_object_set_new(e, "containers", json_integer(
		    json_integer_value(json_object_get(e, "containers")) + k));
		d = json_object();
		json_object_set_new(d, "pod", json_string(p->r.name));
		json_object_set_new(d, "containers", json_string(names));
		json_object_set_new(d, "deletion", jv_time(p->r.deletion_us));
		json_object_set_new(d, "gone", jv_time(p->r.gone_us));
		json_object_set_new(d, "gone_basis", jv_str(p->r.gone_basis));
		json_array_append_new(json_object_get(e, "pods_detail"), d);
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_EXITS_UNKNOWN)
			continue;
		n = json_integer_value(json_object_get(f->evidence,
		    "containers"));
		pods = (int64_t)json_array_size(f->pods);
		f->summary = xasprintf("How %lld container%s of %s ended is "
		    "unknown: %lld pod%s %s deleted and gone, but no status "
		    "of %s was logged after the deletion request, so %s "
		    "exit code%s, SIGKILL or not, cannot be told",
		    (long long)n, n == 1 ? "" : "s", f->workload,
		    (long long)pods, pods == 1 ? "" : "s",
		    pods == 1 ? "was" : "were", n == 1 ? "it" : "them",
		    n == 1 ? "its" : "their", n == 1 ? "" : "s");
		f->recommendation = xstrdup("No other finding guesses how "
		    "these containers ended.  To know it next time, keep "
		    "their statuses: an audit policy that logs pods/status "
		    "at Request level (the kubelet's status patches; on GKE, "
		    "Data Access audit logs for the Kubernetes Engine API), "
		    "or the events and pods exported before they expire "
		    "(a kubectl watch of pods, an event exporter).");
	}
	(void)cause;
	return (0);
}
