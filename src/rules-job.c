/*
 * rules-job.c: the Jobs' findings (DESIGN §1 story 3c, §6):
 * job-held-by-sidecar and job-overran (analyze.h).
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
#include "jsonval.h"
#include "logwin.h"
#include "timefmt.h"

#define SEC_US		1000000LL
/* A sidecar alive this long after the main containers holds the Job. */
#define HOLD_MIN_US	(60 * SEC_US)
/* Runs of a CronJob needed before a median means something. */
#define RUNS_MIN	3

/* ------------------------------------------------------------------ */
/* Jobs                                                                */

struct jobrun {
	const char	*namespace;	/* in the list's arena */
	const char	*name;
	const char	*cronjob;	/* NULL when none */
	const char	*status;
	int64_t		 start_us;
	int64_t		 completion_us;
	int64_t		 duration_ms;	/* INT_NONE while running */
};

struct job_list {
	struct arena	 a;
	struct jobrun	*v;		/* owned */
	size_t		 n;
	int64_t		 end_us;	/* the incident's end, or TIME_NONE */
};

static int
load_job(void *ctx, const void *row)
{
	struct job_list		*l = ctx;
	const struct row_job	*r = row;
	struct jobrun		*j;

	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	j = &l->v[l->n++];
	j->namespace = arena_strdup(&l->a, r->namespace);
	j->name = arena_strdup(&l->a, r->name);
	j->cronjob = arena_strdup(&l->a, r->cronjob);
	j->status = arena_strdup(&l->a, r->status);
	j->start_us = r->start_us;
	j->completion_us = r->completion_us;
	j->duration_ms = r->duration_ms;
	return (0);
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
	if (store_summary(a->st, &sum, cause) != 0)
		return (-1);
	l->end_us = sum.last_us;
	return (0);
}

static void
jobs_free(struct job_list *l)
{
	free(l->v);
	arena_free(&l->a);
}

static const struct jobrun *
job_find(const struct job_list *l, const char *ns, const char *name)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		if (str_eq(l->v[i].namespace, ns) && str_eq(l->v[i].name, name))
			return (&l->v[i]);
	}
	return (NULL);
}

/*
 * The median duration (ms) of the completed runs of j's CronJob that
 * started before j; *runs says how many.  INT_NONE when there are fewer
 * than RUNS_MIN.
 */
static int64_t
job_median(const struct job_list *l, const struct jobrun *j, size_t *runs)
{
	int64_t	*d = NULL, m;
	size_t	 i, n = 0;

	*runs = 0;
	if (j->cronjob == NULL || j->start_us == TIME_NONE)
		return (INT_NONE);
	for (i = 0; i < l->n; i++) {
		const struct jobrun *o = &l->v[i];

		if (o == j || !str_eq(o->namespace, j->namespace) ||
		    !str_eq(o->cronjob, j->cronjob) ||
		    !str_eq(o->status, "Complete") ||
		    o->duration_ms == INT_NONE || o->start_us == TIME_NONE ||
		    o->start_us >= j->start_us)
			continue;
		d = xreallocarray(d, n + 1, sizeof *d);
		d[n++] = o->duration_ms;
	}
	*runs = n;
	if (n < RUNS_MIN) {
		free(d);
		return (INT_NONE);
	}
	xqsort(d, n, sizeof *d, cmp_int64);
	m = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
	free(d);
	return (m);
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

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
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

/* Whether job-held-by-sidecar already explains this Job. */
static int
held_explains(const struct analysis *a, const struct jobrun *j)
{
	const struct finding	*f;
	size_t			 i;

	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if ((finding_kinds[FK_JOB_OVERRAN].after & FK_BIT(f->kind)) &&
		    str_eq(f->namespace, j->namespace) &&
		    str_eq(json_string_value(json_object_get(f->evidence,
		    "job")), j->name))
			return (1);
	}
	return (0);
}

/*
 * A Job that ran (or, still Running, has run until the incident's end)
 * more than twice the median of its CronJob's RUNS_MIN or more earlier
 * completed runs, unless job-held-by-sidecar already explains it.
 */
int
rule_job_overran(struct analysis *a, char **cause)
{
	struct job_list		 jobs;
	const struct jobrun	*j;
	struct finding		*f;
	json_t			*e;
	size_t			 i, k, runs;
	int64_t			 median, ran_ms, end;
	int			 running;
	char			 r[32], m[32];

	if (jobs_load(a, &jobs, cause) != 0) {
		jobs_free(&jobs);
		return (-1);
	}
	for (i = 0; i < jobs.n; i++) {
		j = &jobs.v[i];
		if ((median = job_median(&jobs, j, &runs)) == INT_NONE ||
		    median <= 0)
			continue;
		running = 0;
		if (j->duration_ms != INT_NONE) {
			ran_ms = j->duration_ms;
			end = j->completion_us;
		} else if (str_eq(j->status, "Running") &&
		    jobs.end_us != TIME_NONE && jobs.end_us > j->start_us) {
			ran_ms = (jobs.end_us - j->start_us) / 1000;
			end = jobs.end_us;
			running = 1;
		} else
			continue;
		if (ran_ms <= 2 * median || held_explains(a, j))
			continue;
		f = analysis_add(a, FK_JOB_OVERRAN, j->namespace,
		    j->cronjob);
		f->pods = json_array();
		for (k = 0; k < a->pods.n; k++) {
			if (str_eq(a->pods.v[k].r.namespace, j->namespace) &&
			    str_eq(a->pods.v[k].r.owner_kind, "Job") &&
			    str_eq(a->pods.v[k].r.owner_name, j->name))
				finding_add_pod(f, &a->pods.v[k]);
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
	jobs_free(&jobs);
	return (0);
}
