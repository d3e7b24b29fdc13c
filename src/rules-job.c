/*
 * rules-job.c: the Jobs' findings (coroner(1), FINDINGS):
 * job-held-by-sidecar, job-overran and job-failed (analyze.h).
 *
 * They read the model's pods and containers (a->pods), the Job runs
 * (through store.h) and the sidecars' last log lines (logwin.h).  Each
 * finding carries the numbers and times it rests on.  No SQL, no
 * drawing, and nothing of the formats the rows came from.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "budget.h"
#include "jsonval.h"
#include "logwin.h"
#include "timefmt.h"

#define SEC_US		1000000LL
/* A sidecar alive this long after the main containers holds the Job. */
#define HOLD_MIN_US	(60 * SEC_US)

/* ------------------------------------------------------------------ */
/* Jobs                                                                */

struct jobrun {
	const char	*uid;		/* in the list's arena */
	const char	*namespace;	/* in the list's arena */
	const char	*name;
	const char	*cronjob;	/* NULL when none */
	const char	*status;
	int64_t		 start_us;
	int64_t		 completion_us;
	int64_t		 duration_ms;	/* INT_NONE while running */
	const char	*reason;	/* its condition's, or NULL */
	int64_t		 failed;	/* pods failed, INT_NONE */
	int64_t		 backoff_limit;	/* INT_NONE: not written */
};

/* The completed runs of one CronJob, by start: each run's median. */
struct cron_runs {
	const char	*namespace;	/* borrowed from the list's arena */
	const char	*cronjob;	/* borrowed */
	int64_t		*start_us;	/* owned: m starts, ascending */
	int64_t		*median_ms;	/* owned: m + 1; [k] the median
					   duration of the first k runs */
	size_t		 m;		/* runs */
};

struct job_list {
	struct arena	 a;
	struct jobrun	*v;		/* owned */
	size_t		 n;
	int64_t		 end_us;	/* the incident's end, or TIME_NONE */
	struct hindex	 by_name;	/* v by namespace and name: the first
					   Job of each */
	struct hindex	 by_uid;	/* v by uid */
	struct cron_runs *cron;		/* owned: each CronJob's runs */
	size_t		 ncron;		/* CronJobs in cron */
	struct hindex	 by_cron;	/* cron by namespace and CronJob */
};

static int
load_job(void *ctx, const void *row)
{
	struct job_list		*l = ctx;
	const struct row_job	*r = row;
	struct jobrun		*j;

	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	j = &l->v[l->n++];
	j->uid = arena_strdup(&l->a, r->uid);
	j->namespace = arena_strdup(&l->a, r->namespace);
	j->name = arena_strdup(&l->a, r->name);
	j->cronjob = arena_strdup(&l->a, r->cronjob);
	j->status = arena_strdup(&l->a, r->status);
	j->start_us = r->start_us;
	j->completion_us = r->completion_us;
	j->reason = arena_strdup(&l->a, r->reason);
	j->failed = r->failed;
	j->backoff_limit = r->backoff_limit;
	j->duration_ms = r->duration_ms;
	return (0);
}

/* A Job (namespace, name), a CronJob (namespace, cronjob) or a Job by
   its uid looked up. */
struct job_key {
	const struct job_list	*l;
	const char		*ns;
	const char		*name;
	const char		*uid;		/* uid_is's */
};

static uint64_t
job_hash(const char *ns, const char *name)
{
	return (hindex_str(hindex_str(HINDEX_SEED, ns), name));
}

static int
job_is(const void *ctx, size_t item)
{
	const struct job_key	*k = ctx;

	return (str_eq(k->l->v[item].namespace, k->ns) &&
	    str_eq(k->l->v[item].name, k->name));
}

static uint64_t
uid_hash(const char *uid)
{
	return (hindex_str(HINDEX_SEED, uid));
}

/* A Job by its uid. */
static int
uid_is(const void *ctx, size_t item)
{
	const struct job_key	*k = ctx;

	return (str_eq(k->l->v[item].uid, k->uid));
}

static int
cron_is(const void *ctx, size_t item)
{
	const struct job_key	*k = ctx;

	return (str_eq(k->l->cron[item].namespace, k->ns) &&
	    str_eq(k->l->cron[item].cronjob, k->name));
}

/* Whether run o counts toward its CronJob's median (job_median). */
static int
job_counts(const struct jobrun *o)
{
	return (o->cronjob != NULL && str_eq(o->status, "Complete") &&
	    o->duration_ms != INT_NONE && o->start_us != TIME_NONE);
}

/* Runs by namespace, CronJob and start (pointers into the list). */
static int
cmp_run(const void *a, const void *b)
{
	const struct jobrun	*p = *(const struct jobrun *const *)a;
	const struct jobrun	*q = *(const struct jobrun *const *)b;
	int			 c;

	/* a NULL namespace before every other, as str_eq tells them */
	if ((p->namespace == NULL) != (q->namespace == NULL))
		return (p->namespace == NULL ? -1 : 1);
	if (p->namespace != NULL &&
	    (c = strcmp(p->namespace, q->namespace)) != 0)
		return (c);
	if ((c = strcmp(p->cronjob, q->cronjob)) != 0)
		return (c);
	return (p->start_us < q->start_us ? -1 : p->start_us > q->start_us);
}

/*
 * Indexes the list: its Jobs by name, and each CronJob's completed runs
 * by start with the median of every beginning (budget_medians), so that
 * each lookup and each median takes a logarithm, not a pass over the
 * list.
 */
static void
jobs_index(struct job_list *l)
{
	const struct jobrun	**r;
	struct cron_runs	 *c;
	struct job_key		  k = { .l = l };
	int64_t			 *d;
	size_t			  i, j, x, nr = 0;

	for (i = 0; i < l->n; i++) {
		k.ns = l->v[i].namespace;
		k.name = l->v[i].name;
		if (hindex_get(&l->by_name, job_hash(k.ns, k.name), job_is,
		    &k) == HINDEX_NONE)
			hindex_put(&l->by_name, job_hash(k.ns, k.name), i,
			    job_is, &k);
		k.uid = l->v[i].uid;
		if (k.uid != NULL && hindex_get(&l->by_uid, uid_hash(k.uid),
		    uid_is, &k) == HINDEX_NONE)
			hindex_put(&l->by_uid, uid_hash(k.uid), i, uid_is, &k);
	}
	r = xreallocarray(NULL, l->n > 0 ? l->n : 1, sizeof *r);
	for (i = 0; i < l->n; i++) {
		if (job_counts(&l->v[i]))
			r[nr++] = &l->v[i];
	}
	xqsort(r, nr, sizeof *r, cmp_run);
	d = xreallocarray(NULL, nr > 0 ? nr : 1, sizeof *d);
	for (i = 0; i < nr; i = j) {
		for (j = i + 1; j < nr && str_eq(r[j]->namespace,
		    r[i]->namespace) && str_eq(r[j]->cronjob, r[i]->cronjob);
		    j++)
			;
		l->cron = xreallocarray(l->cron, l->ncron + 1,
		    sizeof *l->cron);
		c = &l->cron[l->ncron];
		c->namespace = r[i]->namespace;
		c->cronjob = r[i]->cronjob;
		c->m = j - i;
		c->start_us = xreallocarray(NULL, c->m, sizeof *c->start_us);
		c->median_ms = xreallocarray(NULL, c->m + 1,
		    sizeof *c->median_ms);
		for (x = 0; x < c->m; x++) {
			c->start_us[x] = r[i + x]->start_us;
			d[x] = r[i + x]->duration_ms;
		}
		budget_medians(d, c->m, c->median_ms);
		k.ns = c->namespace;
		k.name = c->cronjob;
		hindex_put(&l->by_cron, job_hash(k.ns, k.name), l->ncron++,
		    cron_is, &k);
	}
	free(d);
	free(r);
}

static int
jobs_load(struct analysis *a, struct job_list *l, char **cause)
{
	struct store_summary	sum;

	memset(l, 0, sizeof *l);
	l->end_us = TIME_NONE;
	if (store_model_scan(a->st, ROW_JOB, load_job, l,
	    cause) != 0)
		return (-1);
	if (store_window(a->st, &sum, cause) != 0)
		return (-1);
	l->end_us = sum.last_us;
	jobs_index(l);
	return (0);
}

static void
jobs_free(struct job_list *l)
{
	size_t	i;

	for (i = 0; i < l->ncron; i++) {
		free(l->cron[i].start_us);
		free(l->cron[i].median_ms);
	}
	free(l->cron);
	hindex_free(&l->by_cron);
	hindex_free(&l->by_name);
	hindex_free(&l->by_uid);
	free(l->v);
	arena_free(&l->a);
}

/* The first Job of the list with this namespace and name, or NULL. */
static const struct jobrun *
job_find(const struct job_list *l, const char *ns, const char *name)
{
	struct job_key	k = { .l = l, .ns = ns, .name = name };
	size_t		i;

	i = hindex_get(&l->by_name, job_hash(ns, name), job_is, &k);
	return (i != HINDEX_NONE ? &l->v[i] : NULL);
}

/*
 * The Job of pods owned by Job name (namespace ns) whose uid is uid: the
 * one of that uid, or NULL when none was seen (another Job of the name
 * is not theirs); with no uid, the first of the name.
 */
static const struct jobrun *
job_of_pods(const struct job_list *l, const char *ns, const char *name,
    const char *uid)
{
	struct job_key	k = { .l = l, .uid = uid };
	size_t		i;

	if (uid == NULL)
		return (job_find(l, ns, name));
	i = hindex_get(&l->by_uid, uid_hash(uid), uid_is, &k);
	return (i != HINDEX_NONE && str_eq(l->v[i].namespace, ns) &&
	    str_eq(l->v[i].name, name) ? &l->v[i] : NULL);
}

/*
 * The median duration (ms) of the completed runs of j's CronJob that
 * started before j; *runs says how many.  INT_NONE when there are fewer
 * than BUDGET_RUNS_MIN.
 */
static int64_t
job_median(const struct job_list *l, const struct jobrun *j, size_t *runs)
{
	const struct cron_runs	*c;
	struct job_key		 k = { .l = l, .ns = j->namespace,
				    .name = j->cronjob };
	size_t			 i, lo, hi, mid;

	*runs = 0;
	if (j->cronjob == NULL || j->start_us == TIME_NONE ||
	    (i = hindex_get(&l->by_cron, job_hash(k.ns, k.name), cron_is,
	    &k)) == HINDEX_NONE)
		return (INT_NONE);
	/* the runs that started before j (j itself does not) */
	c = &l->cron[i];
	for (lo = 0, hi = c->m; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if (c->start_us[mid] < j->start_us)
			lo = mid + 1;
		else
			hi = mid;
	}
	*runs = lo;
	return (lo < BUDGET_RUNS_MIN ? INT_NONE : c->median_ms[lo]);
}

/*
 * What job-overran and job-failed keep from one window to the next
 * (analysis.state): every Job, and where each is judged.  A Job is
 * judged in the window of the workload its pods are of (the first of
 * them in the store's order), or, when none was seen, of the workload its
 * failure is put under (job_own); in the last window when no window
 * holds that workload.  A workload's Jobs are so judged in one window,
 * in the list's order, as when one window holds every pod.
 */
struct job_state {
	struct job_list	 jobs;
	struct job_home	*home;		/* owned: one for each of jobs.v */
	int		 refs;		/* the rules holding it: job-overran
					   and job-failed share one */
};

struct job_home {
	const char	*ns;		/* in the list's arena */
	const char	*workload;	/* NULL: none */
	int		 pods;		/* set from its pods */
	unsigned	 judged;	/* by which rules (job_bit) */
};

/*
 * The workload a Job none of whose pods was seen is put under: its owner
 * as the model gives it to a pod (a CronJob, a JobSet), else its
 * CronJob, else its own name.  A new string, or NULL with *cause.
 */
static char *
job_own(struct analysis *a, const struct jobrun *j, char **cause)
{
	char	*okind = NULL, *oname = NULL;

	if (store_workload_owner(a->st, "Job", j->namespace, j->name, &okind,
	    &oname) < 0) {
		*cause = xstrdup(store_error(a->st));
		return (NULL);
	}
	if (okind != NULL && oname != NULL) {
		free(okind);
		return (oname);
	}
	free(okind);
	free(oname);
	return (xstrdup(j->cronjob != NULL ? j->cronjob : j->name));
}

static int
home_of_pod(void *ctx, const char *ns, const char *job, const char *wl)
{
	struct job_state	*js = ctx;
	const struct jobrun	*j;
	struct job_home		*h;

	if ((j = job_find(&js->jobs, ns, job)) == NULL)
		return (0);
	h = &js->home[j - js->jobs.v];
	if (!h->pods) {
		h->pods = 1;
		h->ns = arena_strdup(&js->jobs.a, ns);
		h->workload = arena_strdup(&js->jobs.a, wl);
	}
	return (0);
}

void
job_forget(void *state)
{
	struct job_state	*js = state;

	if (--js->refs > 0)
		return;
	jobs_free(&js->jobs);
	free(js->home);
	free(js);
}

/* The rule's state (kind's), loaded in its first window; NULL: *cause. */
static struct job_state *
job_state(struct analysis *a, enum finding_kind kind, char **cause)
{
	struct job_state	*js;
	const struct jobrun	*first;
	struct job_home		*h;
	size_t			 i;
	char			*own;

	if (a->state[kind] != NULL)
		return (a->state[kind]);
	/* the other rule's, while it holds it: the same Jobs and homes */
	if ((js = a->state[kind == FK_JOB_OVERRAN ? FK_JOB_FAILED :
	    FK_JOB_OVERRAN]) != NULL) {
		js->refs++;
		a->state[kind] = js;
		return (js);
	}
	js = xcalloc(1, sizeof *js);
	js->refs = 1;
	if (jobs_load(a, &js->jobs, cause) != 0)
		goto fail;
	js->home = xcalloc(js->jobs.n > 0 ? js->jobs.n : 1,
	    sizeof *js->home);
	/* one window holds every pod: every Job is judged in it */
	if (a->last_window || js->jobs.n == 0) {
		a->state[kind] = js;
		return (js);
	}
	if (store_job_pods(a->st, home_of_pod, js, cause) != 0)
		goto fail;
	for (i = 0; i < js->jobs.n; i++) {
		/* a Job listed twice: the first one's pods */
		first = job_find(&js->jobs, js->jobs.v[i].namespace,
		    js->jobs.v[i].name);
		h = &js->home[i];
		if (first != NULL && js->home[first - js->jobs.v].pods) {
			*h = js->home[first - js->jobs.v];
			continue;
		}
		if ((own = job_own(a, &js->jobs.v[i], cause)) == NULL)
			goto fail;
		h->ns = js->jobs.v[i].namespace;
		h->workload = arena_strdup(&js->jobs.a, own);
		free(own);
	}
	a->state[kind] = js;
	return (js);
fail:
	job_forget(js);
	return (NULL);
}

/* A rule's mark among the Jobs it judged. */
static unsigned
job_bit(enum finding_kind kind)
{
	return (kind == FK_JOB_OVERRAN ? 1u : 2u);
}

/* Whether the rule of kind judges Job i in this window (once). */
static int
job_turn(struct analysis *a, struct job_state *js, size_t i,
    enum finding_kind kind)
{
	struct job_home	*h = &js->home[i];

	if ((h->judged & job_bit(kind)) || (!a->last_window &&
	    !podset_holds_workload(a->pods, h->ns, h->workload)))
		return (0);
	h->judged |= job_bit(kind);
	return (1);
}

/* Ends the rule's state after its last window. */
static void
job_done(struct analysis *a, enum finding_kind kind)
{
	if (a->last_window && a->state[kind] != NULL) {
		job_forget(a->state[kind]);
		a->state[kind] = NULL;
	}
}

/* A Job pod whose main containers finished while a sidecar ran on. */
struct held {
	struct podset_pod	*p;		/* borrowed */
	const struct jobrun	*job;		/* or NULL: not listed */
	const char		*main;		/* the last main to finish */
	int64_t			 main_exit;
	int64_t			 main_code;
	const struct row_container *side;	/* borrowed */
	int64_t			 until;		/* held until */
	const char		*basis;		/* how until is known */
};

static void
held_finish(struct finding *f, const struct held *x, int64_t median_ms,
    size_t runs)
{
	json_t	*e = f->evidence;
	double	 held = (double)(x->until - x->main_exit) / 1e6;
	char	 h[32], m[32], alert[160], until[TIME_FMT_LEN + 8];

	analyze_fmt_dur(held, h, sizeof h);
	if (median_ms != INT_NONE) {
		analyze_fmt_dur((double)median_ms / 1000, m, sizeof m);
		json_object_set_new(e, "median_s",
		    json_real((double)median_ms / 1000));
		json_object_set_new(e, "alert_after_s",
		    json_real((double)median_ms / 500));
		snprintf(alert, sizeof alert, "alert when a %s Job runs past "
		    "twice its median (%s over %zu earlier runs)",
		    f->workload, m, runs);
	} else {
		json_object_set_new(e, "median_s", json_null());
		snprintf(alert, sizeof alert, "alert when a Job runs past "
		    "twice its median duration");
	}
	json_object_set_new(e, "runs", json_integer((json_int_t)runs));
	if (x->job == NULL || str_eq(x->job->status, "Running"))
		snprintf(until, sizeof until, "still Running");
	else {
		memcpy(until, "until ", 6);
		time_format(x->until, until + 6);
	}
	f->summary = xasprintf("Job %s's main container %s finished but "
	    "its %s sidecar kept the pod, and the Job, running for %s more "
	    "(%s)", x->job != NULL ? x->job->name : x->p->r.owner_name,
	    x->main, x->side->name, h, until);
	if (model_is_istio(x->side->name))
		f->recommendation = xasprintf("Let the pod end with its main "
		    "container: run istio-proxy as a native sidecar (an "
		    "initContainer with restartPolicy: Always, Kubernetes "
		    "1.29+; Istio ENABLE_NATIVE_SIDECARS=true), which the "
		    "kubelet stops when %s exits; or wrap %s's command so "
		    "that it tells the proxy to quit when it ends: trap "
		    "'curl -sf -XPOST http://127.0.0.1:15020/quitquitquit' "
		    "EXIT.  Also %s.", x->main, x->main, alert);
	else
		f->recommendation = xasprintf("Let the pod end with its main "
		    "container: run %s as a native sidecar (an initContainer "
		    "with restartPolicy: Always, Kubernetes 1.29+), which "
		    "the kubelet stops when %s exits; or wrap %s's command "
		    "so that it tells %s to exit when it ends (for Istio's "
		    "proxy: curl -sf -XPOST "
		    "http://127.0.0.1:15020/quitquitquit).  Also %s.",
		    x->side->name, x->main, x->main, x->side->name, alert);
}

/*
 * A Job's pod whose main containers all finished while a plain sidecar
 * ran on for at least HOLD_MIN_US: until its exit, else until the latest
 * of its last log line, the pod's end and (the Job still Running) the
 * incident's end.  One finding per pod.
 */
int
rule_job_held(struct analysis *a, char **cause)
{
	struct job_list		 jobs = { 0 };
	struct logscan		 ls = { 0 };
	struct held		*v = NULL, *x;
	struct podset_pod	*p;
	const struct row_container *c;
	struct finding		*f;
	json_t			*e;
	size_t			 i, j, k, n = 0, runs;
	int64_t			 at, median;
	const char		*main;
	int			 rc = -1, running;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if (!str_eq(p->r.owner_kind, "Job") ||
		    (at = podset_main_exit(p, &main)) == TIME_NONE)
			continue;
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!podset_is_plain_sidecar(c) || c->started_us ==
			    TIME_NONE || (c->finished_us != TIME_NONE &&
			    c->finished_us - at < HOLD_MIN_US))
				continue;
			v = xreallocarray(v, n + 1, sizeof *v);
			x = &v[n++];
			memset(x, 0, sizeof *x);
			x->p = p;
			x->main = main;
			x->main_exit = at;
			x->side = c;
			for (k = 0; k < p->nc; k++) {
				if (str_eq(p->c[k].name, main))
					x->main_code = p->c[k].exit_code;
			}
			if (c->finished_us != TIME_NONE) {
				x->until = c->finished_us;
				x->basis = "observed: the sidecar's exit";
			} else {
				x->until = TIME_NONE;
				lw_add(&ls, p, c->name, at, INT64_MAX, LW_LAST,
				    n - 1);
			}
			break;
		}
	}
	if (n == 0)
		return (0);
	if (jobs_load(a, &jobs, cause) != 0)
		goto out;
	if (lw_scan(a, &ls, cause) != 0)
		goto out;
	for (i = 0; i < ls.n; i++) {
		x = &v[ls.v[i].tag];
		if (ls.v[i].latest_us != TIME_NONE) {
			x->until = ls.v[i].latest_us;
			x->basis = "observed: the sidecar's last log line";
		}
	}
	for (i = 0; i < n; i++) {
		x = &v[i];
		x->job = job_find(&jobs, x->p->r.namespace,
		    x->p->r.owner_name);
		if (x->side->finished_us != TIME_NONE)
			continue;
		/* still running when last seen */
		at = x->p->r.gone_us != TIME_NONE ? x->p->r.gone_us :
		    x->p->r.deletion_us;
		if (at != TIME_NONE && (x->until == TIME_NONE ||
		    at > x->until)) {
			x->until = at;
			x->basis = x->p->r.gone_us != TIME_NONE ?
			    "observed: the pod's end" :
			    "observed: the pod's deletion request";
		}
		running = x->job == NULL || str_eq(x->job->status, "Running");
		if (running && x->p->r.gone_us == TIME_NONE &&
		    jobs.end_us != TIME_NONE && (x->until == TIME_NONE ||
		    jobs.end_us > x->until)) {
			x->until = jobs.end_us;
			x->basis = "inferred: the incident's end, the Job "
			    "still Running and the pod not gone";
		}
	}
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (x->until == TIME_NONE ||
		    x->until - x->main_exit < HOLD_MIN_US)
			continue;	/* not held long enough to tell */
		f = analysis_add(a, FK_JOB_HELD, x->p->r.namespace,
		    x->p->r.workload);
		f->pods = json_array();
		finding_add_pod(f, x->p);
		finding_widen(f, x->main_exit, x->until);
		f->evidence = e = json_object();
		json_object_set_new(e, "job", json_string(x->job != NULL ?
		    x->job->name : x->p->r.owner_name));
		json_object_set_new(e, "cronjob", x->job != NULL &&
		    x->job->cronjob != NULL ? json_string(x->job->cronjob) :
		    json_null());
		json_object_set_new(e, "job_status", x->job != NULL ?
		    json_string(x->job->status) : json_null());
		json_object_set_new(e, "job_start", jv_time(x->job != NULL ?
		    x->job->start_us : TIME_NONE));
		json_object_set_new(e, "pod", json_string(x->p->r.name));
		json_object_set_new(e, "main_container", json_string(x->main));
		json_object_set_new(e, "main_finished", jv_time(x->main_exit));
		json_object_set_new(e, "main_exit_code", x->main_code ==
		    INT_NONE ? json_null() : json_integer(x->main_code));
		json_object_set_new(e, "sidecar", json_string(x->side->name));
		json_object_set_new(e, "sidecar_finished",
		    jv_time(x->side->finished_us));
		json_object_set_new(e, "held_until", jv_time(x->until));
		json_object_set_new(e, "held_basis", json_string(x->basis));
		json_object_set_new(e, "held_for_s", jv_secs(x->until -
		    x->main_exit));
		median = x->job != NULL ? job_median(&jobs, x->job, &runs) :
		    INT_NONE;
		if (x->job == NULL)
			runs = 0;
		held_finish(f, x, median, runs);
	}
	rc = 0;
out:
	jobs_free(&jobs);
	lw_free(&ls);
	free(v);
	return (rc);
}

/* The pods of Jobs, by namespace and Job: each Job's pods together. */
struct jobpods {
	const struct podset_pod	**v;		/* owned array, borrowed pods */
	size_t			  n;
};

static int
cmp_jobpod(const void *a, const void *b)
{
	const struct podset_pod	*p = *(const struct podset_pod *const *)a;
	const struct podset_pod	*q = *(const struct podset_pod *const *)b;
	int			 c;

	if ((c = strcmp(p->r.namespace != NULL ? p->r.namespace : "",
	    q->r.namespace != NULL ? q->r.namespace : "")) != 0)
		return (c);
	return (strcmp(p->r.owner_name, q->r.owner_name));
}

/* cmp_jobpod, then the owner's uid (none first): one Job's pods. */
static int
cmp_jobpod_uid(const void *a, const void *b)
{
	const struct podset_pod	*p = *(const struct podset_pod *const *)a;
	const struct podset_pod	*q = *(const struct podset_pod *const *)b;
	int			 c;

	if ((c = cmp_jobpod(a, b)) != 0)
		return (c);
	if ((p->r.owner_uid == NULL) != (q->r.owner_uid == NULL))
		return (p->r.owner_uid == NULL ? -1 : 1);
	return (p->r.owner_uid == NULL ? 0 : strcmp(p->r.owner_uid,
	    q->r.owner_uid));
}

/* cmp_jobpod_uid, then the store's order: a Job's pods as a->pods has
   them. */
static int
cmp_jobpod_store(const void *a, const void *b)
{
	const struct podset_pod	*p = *(const struct podset_pod *const *)a;
	const struct podset_pod	*q = *(const struct podset_pod *const *)b;
	int			 c;

	if ((c = cmp_jobpod_uid(a, b)) != 0)
		return (c);
	return (p < q ? -1 : p > q);
}

static void
jobpods_build(const struct analysis *a, struct jobpods *jp)
{
	size_t	i;

	memset(jp, 0, sizeof *jp);
	for (i = 0; i < a->pods->n; i++) {
		if (!str_eq(a->pods->v[i].r.owner_kind, "Job") ||
		    a->pods->v[i].r.owner_name == NULL)
			continue;
		jp->v = xreallocarray(jp->v, jp->n + 1, sizeof *jp->v);
		jp->v[jp->n++] = &a->pods->v[i];
	}
	xqsort(jp->v, jp->n, sizeof *jp->v, cmp_jobpod_store);
}

/* The first of Job name's pods (namespace ns) in jp, and how many. */
static size_t
jobpods_of(const struct jobpods *jp, const char *ns, const char *name,
    size_t *count)
{
	struct podset_pod	 key;
	const struct podset_pod	*kp = &key;
	size_t			 lo = 0, hi = jp->n, mid;

	memset(&key, 0, sizeof key);
	key.r.namespace = ns;
	key.r.owner_name = name;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cmp_jobpod(&jp->v[mid], &kp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (*count = 0; lo + *count < jp->n &&
	    cmp_jobpod(&jp->v[lo + *count], &kp) == 0; (*count)++)
		;
	return (lo);
}

/*
 * The Jobs that the findings of the kinds job-overran reads
 * (job-held-by-sidecar) already explain, by namespace and their
 * evidence's "job", indexed once: positions in a->v.
 */
struct explained {
	const struct analysis	*a;	/* borrowed */
	struct hindex		 ix;	/* owned */
};

/* A Job looked up in an explained index. */
struct explained_key {
	const struct explained	*x;
	const char		*ns;
	const char		*job;
};

static const char *
explained_job(const struct finding *f)
{
	return (json_string_value(json_object_get(f->evidence, "job")));
}

static int
explained_is(const void *ctx, size_t item)
{
	const struct explained_key	*k = ctx;
	const struct finding		*f = &k->x->a->v[item];

	return (str_eq(f->namespace, k->ns) &&
	    str_eq(explained_job(f), k->job));
}

static void
explained_build(struct explained *x, const struct analysis *a)
{
	struct explained_key	k = { .x = x };
	size_t			i;

	memset(x, 0, sizeof *x);
	x->a = a;
	for (i = 0; i < a->n; i++) {
		if (!(finding_kinds[FK_JOB_OVERRAN].after &
		    FK_BIT(a->v[i].kind)) ||
		    (k.job = explained_job(&a->v[i])) == NULL)
			continue;
		k.ns = a->v[i].namespace;
		hindex_put(&x->ix, job_hash(k.ns, k.job), i, explained_is,
		    &k);
	}
}

/* Whether job-held-by-sidecar already explains this Job. */
static int
held_explains(const struct explained *x, const struct jobrun *j)
{
	struct explained_key	k = { .x = x, .ns = j->namespace,
				    .job = j->name };

	return (hindex_get(&x->ix, job_hash(k.ns, k.job), explained_is,
	    &k) != HINDEX_NONE);
}

/*
 * A Job that ran (or, still Running, has run until the incident's end)
 * more than twice the median of its CronJob's BUDGET_RUNS_MIN or more
 * earlier completed runs, unless job-held-by-sidecar already explains it.
 */
int
rule_job_overran(struct analysis *a, char **cause)
{
	struct job_state	*js;
	struct jobpods		 jp;
	struct explained	 held;
	const struct jobrun	*j;
	struct finding		*f;
	json_t			*e;
	size_t			 i, k, runs, from, count;
	int64_t			 median, ran_ms, end;
	int			 running;
	char			 r[32], m[32];

	if ((js = job_state(a, FK_JOB_OVERRAN, cause)) == NULL)
		return (-1);
	jobpods_build(a, &jp);
	explained_build(&held, a);
	for (i = 0; i < js->jobs.n; i++) {
		if (!job_turn(a, js, i, FK_JOB_OVERRAN))
			continue;
		j = &js->jobs.v[i];
		if ((median = job_median(&js->jobs, j, &runs)) == INT_NONE ||
		    median <= 0)
			continue;
		running = 0;
		if (j->duration_ms != INT_NONE) {
			ran_ms = j->duration_ms;
			end = j->completion_us;
		} else if (str_eq(j->status, "Running") &&
		    js->jobs.end_us != TIME_NONE &&
		    js->jobs.end_us > j->start_us) {
			ran_ms = (js->jobs.end_us - j->start_us) / 1000;
			end = js->jobs.end_us;
			running = 1;
		} else
			continue;
		if (ran_ms <= 2 * median || held_explains(&held, j))
			continue;
		f = analysis_add(a, FK_JOB_OVERRAN, j->namespace,
		    j->cronjob);
		f->pods = json_array();
		/* jobpods_of takes a NULL namespace for an empty one */
		from = jobpods_of(&jp, j->namespace, j->name, &count);
		for (k = from; k < from + count; k++) {
			if (str_eq(jp.v[k]->r.namespace, j->namespace))
				finding_add_pod(f, jp.v[k]);
		}
		finding_widen(f, j->start_us, end);
		f->evidence = e = json_object();
		json_object_set_new(e, "job", json_string(j->name));
		json_object_set_new(e, "cronjob", json_string(j->cronjob));
		json_object_set_new(e, "status", json_string(j->status));
		json_object_set_new(e, "start", jv_time(j->start_us));
		json_object_set_new(e, running ? "running_for_s" :
		    "duration_s", json_real((double)ran_ms / 1000));
		json_object_set_new(e, "median_s",
		    json_real((double)median / 1000));
		json_object_set_new(e, "runs", json_integer((json_int_t)runs));
		json_object_set_new(e, "ratio",
		    json_real(round((double)ran_ms / (double)median * 10) /
		    10));
		analyze_fmt_dur((double)ran_ms / 1000, r, sizeof r);
		analyze_fmt_dur((double)median / 1000, m, sizeof m);
		f->summary = xasprintf("Job %s %s %s, more than twice the "
		    "median of CronJob %s's %zu earlier runs (%s)", j->name,
		    running ? "has been running for" : "ran", r, j->cronjob,
		    runs, m);
		analyze_fmt_dur((double)median / 500, m, sizeof m);
		f->recommendation = xasprintf("Find what held %s: its pods' "
		    "containers (a sidecar still running, a main container "
		    "waiting) and their last log lines.  Alert when a %s Job "
		    "runs past %s (twice its median), and bound every run "
		    "with spec.activeDeadlineSeconds.", j->name, j->cronjob,
		    m);
	}
	hindex_free(&held.ix);
	free(jp.v);
	job_done(a, FK_JOB_OVERRAN);
	return (0);
}

/* ------------------------------------------------------------------ */
/* job-failed                                                          */

/*
 * The job-failed finding of a workload, added when missing (this rule
 * makes the kind's findings, one a workload).
 */
static struct finding *
failed_group(struct analysis *a, const char *ns, const char *workload)
{
	struct finding	*f;

	if ((f = analysis_latest(a, FK_JOB_FAILED, ns, workload)) != NULL)
		return (f);
	f = analysis_add(a, FK_JOB_FAILED, ns, workload);
	f->pods = json_array();
	f->evidence = json_object();
	json_object_set_new(f->evidence, "jobs", json_array());
	json_object_set_new(f->evidence, "exit_codes", json_array());
	json_object_set_new(f->evidence, "pods_detail", json_array());
	json_object_set_new(f->evidence, "durations_s", json_array());
	json_object_set_new(f->evidence, "attempts", json_integer(0));
	return (f);
}

/*
 * The workload of Job j's failure, as its pods': theirs (the model's),
 * else, when none was seen, job_own's.  A new string, or NULL with
 * *cause.
 */
static char *
failed_workload(struct analysis *a, const struct jobpods *jp,
    const struct jobrun *j, char **cause)
{
	size_t	from, count;

	from = jobpods_of(jp, j->namespace, j->name, &count);
	if (count > 0 && jp->v[from]->r.workload != NULL)
		return (xstrdup(jp->v[from]->r.workload));
	return (job_own(a, j, cause));
}

/* Adds n to the integer evidence field key. */
static void
ev_add_int(json_t *e, const char *key, int64_t n)
{
	json_object_set_new(e, key, json_integer((json_int_t)n +
	    json_integer_value(json_object_get(e, key))));
}

/*
 * Adds the failed pods of jp's count from from to f, with their main
 * containers' last exits, but for those of a Job whose uid is not uid
 * (when both are known); returns how many failed.
 */
static int64_t
failed_pods(const struct jobpods *jp, struct finding *f, size_t from,
    size_t count, const char *uid)
{
	const struct podset_pod		*p;
	const struct row_container	*c;
	const struct row_termination	*t;
	json_t				*d, *codes;
	int64_t				 n = 0;
	size_t				 i, j, k;

	codes = json_object_get(f->evidence, "exit_codes");
	for (i = from; i < from + count; i++) {
		p = jp->v[i];
		if (!str_eq(p->r.phase, "Failed") || (uid != NULL &&
		    p->r.owner_uid != NULL && !str_eq(p->r.owner_uid, uid)))
			continue;
		n++;
		finding_add_pod(f, p);
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!model_is_main(c))
				continue;
			for (t = NULL, k = 0; k < p->nt; k++) {
				if (str_eq(p->t[k].container, c->name))
					t = &p->t[k];	/* the latest */
			}
			d = json_object();
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "job",
			    json_string(p->r.owner_name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "exit_code", jv_int(t != NULL ?
			    t->exit_code : c->exit_code));
			json_object_set_new(d, "reason", jv_str(t != NULL ?
			    t->reason : c->reason));
			json_object_set_new(d, "cause", jv_str(t != NULL ?
			    end_cause_name(t->cause) : NULL));
			json_object_set_new(d, "started", jv_time(t != NULL ?
			    t->started_us : c->started_us));
			json_object_set_new(d, "finished", jv_time(t != NULL ?
			    t->finished_us : c->finished_us));
			json_object_set_new(d, "ran_s", t != NULL &&
			    t->started_us != TIME_NONE && t->finished_us !=
			    TIME_NONE ? jv_secs(t->finished_us -
			    t->started_us) : json_null());
			json_array_append_new(json_object_get(f->evidence,
			    "pods_detail"), d);
			if (t == NULL)
				continue;
			if (t->started_us != TIME_NONE &&
			    t->finished_us != TIME_NONE)
				json_array_append_new(json_object_get(
				    f->evidence, "durations_s"), jv_secs(
				    t->finished_us - t->started_us));
			finding_widen(f, t->started_us, t->finished_us);
			if (t->cause == EC_OOM)
				ev_add_int(f->evidence, "oom_killed", 1);
			for (k = 0; k < json_array_size(codes); k++) {
				if (json_integer_value(json_array_get(codes,
				    k)) == t->exit_code)
					break;
			}
			if (k == json_array_size(codes) &&
			    t->exit_code != INT_NONE)
				json_array_append_new(codes,
				    json_integer(t->exit_code));
		}
	}
	return (n);
}

static void
failed_finish(struct finding *f)
{
	json_t		*e = f->evidence, *codes = json_object_get(e,
			    "exit_codes"), *jobs = json_object_get(e, "jobs");
	const char	*reason = json_string_value(json_object_get(e,
			    "reason"));
	int64_t		 attempts = json_integer_value(json_object_get(e,
			    "attempts"));
	int64_t		 limit = json_is_integer(json_object_get(e,
			    "backoff_limit")) ? json_integer_value(
			    json_object_get(e, "backoff_limit")) : INT_NONE;
	int64_t		 code = json_array_size(codes) == 1 ?
			    json_integer_value(json_array_get(codes, 0)) :
			    INT_NONE;
	json_t		*durs = json_object_get(e, "durations_s");
	char		 what[160], lim[48], ex[64], job[160], ran[96];
	char		 d0[32], d1[32];
	double		 lo = -1, hi = -1, d;
	size_t		 nj = json_array_size(jobs), i;

	for (i = 0; i < json_array_size(durs); i++) {
		d = json_number_value(json_array_get(durs, i));
		if (lo < 0 || d < lo)
			lo = d;
		if (d > hi)
			hi = d;
	}
	if (lo >= 0) {
		analyze_fmt_s(lo, d0, sizeof d0);
		analyze_fmt_s(hi, d1, sizeof d1);
		if (strcmp(d0, d1) == 0)
			snprintf(ran, sizeof ran, " after running %s%s", d0,
			    json_array_size(durs) > 1 ? " each" : "");
		else
			snprintf(ran, sizeof ran, " after running %s to %s",
			    d0, d1);
	} else
		ran[0] = '\0';

	if (nj == 1)
		snprintf(job, sizeof job, "Job %s",
		    json_string_value(json_array_get(jobs, 0)));
	else
		snprintf(job, sizeof job, "%zu Jobs of %s", nj,
		    f->workload != NULL ? f->workload : "-");
	if (limit != INT_NONE)
		snprintf(lim, sizeof lim, ", backoffLimit %lld",
		    (long long)limit);
	else
		lim[0] = '\0';
	if (reason != NULL)
		snprintf(what, sizeof what, "%s after %lld failed attempt%s%s",
		    reason, (long long)attempts, attempts == 1 ? "" : "s", lim);
	else if (attempts == 1)
		snprintf(what, sizeof what, "%s one pod failed",
		    nj == 1 ? "its" : "their");
	else if (attempts == 2)
		snprintf(what, sizeof what, "both %s pods failed",
		    nj == 1 ? "its" : "their");
	else
		snprintf(what, sizeof what, "all %lld of %s pods failed",
		    (long long)attempts, nj == 1 ? "its" : "their");
	if (code != INT_NONE)
		snprintf(ex, sizeof ex, "; %s exited %lld%s",
		    attempts == 1 ? "it" : "every pod", (long long)code,
		    json_integer_value(json_object_get(e, "oom_killed")) > 0 ?
		    " (OOMKilled)" : "");
	else if (json_array_size(codes) > 1)
		snprintf(ex, sizeof ex, "; the pods exited with several codes");
	else
		ex[0] = '\0';
	f->summary = xasprintf("%s failed: %s%s%s", job, what, ex, ran);
	if (json_integer_value(json_object_get(e, "oom_killed")) > 0)
		f->recommendation = xstrdup("Its pods were OOMKilled: raise "
		    "the memory limit of the Job's pod template, or make the "
		    "work smaller per pod.");
	else if (str_eq(reason, "DeadlineExceeded"))
		f->recommendation = xstrdup("It ran past "
		    "spec.activeDeadlineSeconds: find what made it slow (its "
		    "pods' logs), or give it a longer deadline.");
	else if (code != INT_NONE && code != 0)
		f->recommendation = xasprintf("Every attempt failed the same "
		    "way (exit %lld, the program's own code): read a failed "
		    "pod's log for why, and fix that; retrying does not help, "
		    "so fail fast with a podFailurePolicy (a rule with action "
		    "FailJob and onExitCodes In [%lld]) instead of spending "
		    "the backoffLimit on retries.", (long long)code,
		    (long long)code);
	else
		f->recommendation = xstrdup("Read the failed pods' logs and "
		    "exit codes (pods_detail) for why they failed; a "
		    "podFailurePolicy can fail the Job fast on errors that "
		    "retrying cannot fix.");
}

/*
 * A Job that failed (its Failed condition: BackoffLimitExceeded,
 * DeadlineExceeded, a pod failure policy), or whose pods all failed (no
 * Job object seen, or one not yet complete).  One finding per workload
 * (its pods', failed_workload), with the attempts, exit codes and how
 * long each ran.
 */
int
rule_job_failed(struct analysis *a, char **cause)
{
	struct job_state	*js;
	struct jobpods		 jp;
	const struct jobrun	*j;
	const struct podset_pod	*p;
	struct finding		*f;
	json_t			*e;
	const char		*wl;
	char			*own;
	int64_t			 n;
	size_t			 i, k, from, count;

	if ((js = job_state(a, FK_JOB_FAILED, cause)) == NULL)
		return (-1);
	jobpods_build(a, &jp);
	for (i = 0; i < js->jobs.n; i++) {
		j = &js->jobs.v[i];
		if (!str_eq(j->status, "Failed") || !job_turn(a, js, i,
		    FK_JOB_FAILED))
			continue;
		if ((own = failed_workload(a, &jp, j, cause)) == NULL) {
			free(jp.v);
			return (-1);
		}
		f = failed_group(a, j->namespace, own);
		free(own);
		e = f->evidence;
		json_array_append_new(json_object_get(e, "jobs"),
		    json_string(j->name));
		json_object_set_new(e, "reason", jv_str(j->reason));
		json_object_set_new(e, "backoff_limit",
		    jv_int(j->backoff_limit));
		from = jobpods_of(&jp, j->namespace, j->name, &count);
		n = failed_pods(&jp, f, from, count, j->uid);
		ev_add_int(e, "attempts", j->failed != INT_NONE &&
		    j->failed > n ? j->failed : n);
		finding_widen(f, j->start_us, j->completion_us);
	}
	/* the pods of a Job that did not (or not yet) say it failed: one
	   Job's, those of its name and uid (two Jobs of a name apart) */
	for (i = 0; i < jp.n; i += count) {
		p = jp.v[i];
		for (count = 1; i + count < jp.n && cmp_jobpod_uid(&jp.v[i],
		    &jp.v[i + count]) == 0; count++)
			;
		for (k = i; k < i + count; k++) {
			if (!str_eq(jp.v[k]->r.phase, "Failed"))
				break;
		}
		if (k < i + count)
			continue;	/* one did not fail */
		if ((j = job_of_pods(&js->jobs, p->r.namespace,
		    p->r.owner_name, p->r.owner_uid)) != NULL &&
		    (str_eq(j->status, "Failed") ||
		    str_eq(j->status, "Complete")))
			continue;
		wl = p->r.workload != NULL ? p->r.workload : p->r.owner_name;
		f = failed_group(a, p->r.namespace, wl);
		e = f->evidence;
		json_array_append_new(json_object_get(e, "jobs"),
		    json_string(p->r.owner_name));
		if (json_object_get(e, "reason") == NULL)
			json_object_set_new(e, "reason", json_null());
		if (json_object_get(e, "backoff_limit") == NULL)
			json_object_set_new(e, "backoff_limit", jv_int(j !=
			    NULL ? j->backoff_limit : INT_NONE));
		json_object_set_new(e, "job_status", jv_str(j != NULL ?
		    j->status : NULL));
		n = failed_pods(&jp, f, i, count, NULL);
		ev_add_int(e, "attempts", n);
	}
	/* a workload's failures may wait for the last window's */
	if (a->last_window) {
		for (i = 0; i < a->n; i++) {
			if (a->v[i].kind == FK_JOB_FAILED)
				failed_finish(&a->v[i]);
		}
	}
	free(jp.v);
	job_done(a, FK_JOB_FAILED);
	return (0);
}
