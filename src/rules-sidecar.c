/*
 * rules-sidecar.c: the mesh sidecar's findings (coroner(1), FINDINGS):
 * sidecar-exited-before-app and app-started-before-proxy (analyze.h).
 * The Jobs' findings are in rules-job.c.
 *
 * They read the model's pods and containers (a->pods), the per-second
 * attempts attributed to each pod and the rollouts (through store.h), and
 * the containers' log lines (logwin.h), which say when a call could not
 * connect and when the proxy was ready.  Each finding carries the
 * numbers and times it rests on.  No SQL, no drawing, and nothing of the
 * formats the rows came from.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "budget.h"
#include "rolist.h"
#include "jsonval.h"
#include "logwin.h"
#include "out.h"
#include "timefmt.h"

#define SEC_US		1000000LL
/* A proxy that exits less than this before the app is not "before". */
#define GAP_MIN_US	SEC_US
/* An exit this early before the deletion request is another life's. */
#define DELETION_SLACK_US (2 * SEC_US)
/* Drain recommended beyond the app's measured exit. */
#define DRAIN_MARGIN_S	BUDGET_MARGIN_S
/* Startup failures count only this long after the pod started. */
#define STARTUP_MAX_US	(300 * SEC_US)
/* Episodes of one workload further apart than this are separate. */
#define EPISODE_US	(3600 * SEC_US)

/* Adds n to the integer evidence field key. */
static void
ev_add(json_t *e, const char *key, int64_t n)
{
	json_object_set_new(e, key, json_integer((json_int_t)n +
	    json_integer_value(json_object_get(e, key))));
}

/*
 * Names a finding's pods for its summary: "pod NAME of WORKLOAD" or "3
 * ADJpods of WORKLOAD".
 */
static void
pods_phrase(const struct finding *f, const char *adj, char *out, size_t len)
{
	size_t	n = json_array_size(f->pods);

	if (n == 1)
		snprintf(out, len, "%spod %s of %s", adj, json_string_value(
		    json_array_get(f->pods, 0)), f->workload);
	else
		snprintf(out, len, "%zu %spods of %s", n, adj, f->workload);
}

static int
has_main(const struct podset_pod *p)
{
	size_t	i;

	for (i = 0; i < p->nc; i++) {
		if (model_is_main(&p->c[i]))
			return (1);
	}
	return (0);
}

/* ------------------------------------------------------------------ */
/* Rollouts: a finding groups a workload's pods per rollout.           */

/*
 * The rollout the pod took part in: the one that replaced its ReplicaSet
 * (old) or brought it (new), or NULL.
 */
static const struct rolist_item *
ro_of(const struct rolist *l, const struct podset_pod *p, int old)
{
	const char	*set = rolist_pod_set(p->r.owner_kind,
			    p->r.owner_name, p->r.template_hash);

	if (set == NULL)
		return (NULL);
	return (rolist_of_rs(l, p->r.namespace, p->r.workload, set, old,
	    TIME_NONE, 0));
}

/*
 * The finding of this kind for the pod's workload and rollout (or, with
 * no rollout, its episode: within an hour), among those this rule added
 * from index first; added with empty pods and evidence when missing.
 */
static struct finding *
episode(struct analysis *a, size_t first, enum finding_kind kind,
    const struct podset_pod *p, const struct rolist_item *r, int64_t at)
{
	struct finding	*f;
	json_t		*fr;
	size_t		 i;

	for (i = a->n; i > first; i--) {
		f = &a->v[i - 1];
		if (f->kind != kind ||
		    !str_eq(f->namespace, p->r.namespace) ||
		    !str_eq(f->workload, p->r.workload))
			continue;
		fr = json_object_get(f->evidence, "rollout");
		if (r != NULL && json_is_object(fr) && str_eq(r->new_rs,
		    json_string_value(json_object_get(fr, "new_rs"))))
			return (f);
		if (r == NULL && json_is_null(fr) && (at == TIME_NONE ||
		    f->end_us == TIME_NONE || at - f->end_us < EPISODE_US))
			return (f);
	}
	f = analysis_add(a, kind, p->r.namespace, p->r.workload);
	f->pods = json_array();
	f->evidence = json_object();
	json_object_set_new(f->evidence, "rollout", rolist_json(r,
	    TIME_NONE));
	return (f);
}

/* ------------------------------------------------------------------ */
/* Attempts to a pod's IP, summed over a span of seconds: those that  */
/* began in it, and the failures that ended in it (tally.h), so that a */
/* request cut when the proxy exited counts, though it began before.   */

struct bsum {
	int64_t	from_s;		/* first second counted */
	int64_t	to_s;		/* last second counted */
	int64_t	requests;
	int64_t	failed;		/* per second, max(5xx, no response): a
				   lower bound of the failed attempts */
	int64_t	conn_failures;
	int64_t	first_s;	/* first second with a failure */
	int64_t	last_s;
};

static int
sum_bucket(void *ctx, const struct row_bucket *b)
{
	struct bsum		*s = ctx;
	int64_t			 bad;

	if (b->second > s->to_s)
		return (1);	/* in order of seconds: the rest is later */
	if (b->second < s->from_s)
		return (0);
	s->requests += b->requests;
	bad = b->errors > b->conn_failures ? b->errors : b->conn_failures;
	s->failed += bad;
	s->conn_failures += b->conn_failures;
	if (bad > 0) {
		if (s->first_s == TIME_NONE || b->second < s->first_s)
			s->first_s = b->second;
		if (s->last_s == TIME_NONE || b->second > s->last_s)
			s->last_s = b->second;
	}
	return (0);
}

/* Sums the pod's attempts from from_us to to_us (whole seconds). */
static int
pod_attempts(struct analysis *a, const struct podset_pod *p, int64_t from_us,
    int64_t to_us, struct bsum *s, char **cause)
{
	memset(s, 0, sizeof *s);
	s->from_s = time_floor_div(from_us, SEC_US);
	s->to_s = time_floor_div(to_us, SEC_US);
	s->first_s = s->last_s = TIME_NONE;
	if (p->r.uid == NULL)
		return (0);
	/* the seconds sum_bucket counts, not all the pod's */
	return (store_pod_buckets(a->st, p->r.uid, s->from_s, s->to_s,
	    sum_bucket, s, cause) == -1 ? -1 : 0);
}

/* ------------------------------------------------------------------ */
/* sidecar-exited-before-app                                           */

/* A terminating pod whose plain proxy exited before its app. */
struct early {
	struct podset_pod	*p;		/* borrowed */
	const char		*proxy;		/* its name */
	const char		*app;		/* the last main to exit */
	int64_t			 proxy_exit;
	int64_t			 app_exit;
	struct bsum		 att;		/* attempts in between */
	int64_t			 log_errors;	/* failure lines between */
	int64_t			 first_log;	/* the earliest of them */
	const char		*sample;	/* borrowed from the scan */
};

static void
exited_finish(struct finding *f)
{
	json_t		*e = f->evidence;
	double		 gap = json_real_value(json_object_get(e, "gap_s"));
	double		 done = json_real_value(json_object_get(e,
			    "app_done_s"));
	int64_t		 failed, logs, drain;
	long long	 grace;
	const char	*proxy;
	char		 g[32], dn[32], tail[160], who[320];

	failed = json_integer_value(json_object_get(e, "failed_requests"));
	logs = json_integer_value(json_object_get(e, "log_errors"));
	proxy = json_string_value(json_object_get(e, "proxy"));
	grace = json_integer_value(json_object_get(e, "grace_s"));
	/* from the deletion request, when the proxy gets SIGTERM too */
	drain = budget_proxy_stay_s(done, DRAIN_MARGIN_S);
	json_object_set_new(e, "recommended_drain_s", json_integer(drain));
	analyze_fmt_s(gap, g, sizeof g);
	analyze_fmt_s(done, dn, sizeof dn);
	if (failed > 0 && logs > 0)
		snprintf(tail, sizeof tail, "%lld request%s to %s failed and "
		    "the app logged %lld connection error%s in between",
		    (long long)failed, failed == 1 ? "" : "s",
		    json_array_size(f->pods) == 1 ? "it" : "them",
		    (long long)logs, logs == 1 ? "" : "s");
	else if (failed > 0)
		snprintf(tail, sizeof tail, "%lld request%s to %s failed in "
		    "between", (long long)failed, failed == 1 ? "" : "s",
		    json_array_size(f->pods) == 1 ? "it" : "them");
	else
		snprintf(tail, sizeof tail, "the app logged %lld connection "
		    "error%s in between", (long long)logs,
		    logs == 1 ? "" : "s");
	pods_phrase(f, "terminating ", who, sizeof who);
	f->summary = xasprintf("In %s, %s exited %s%s before the app had "
	    "drained: %s", who, proxy, json_array_size(f->pods) == 1 ? "" :
	    "up to ", g, tail);
	if (model_is_istio(proxy))
		f->recommendation = xasprintf("Keep istio-proxy up until the "
		    "app has drained (it exited up to %s before the app).  "
		    "Best: run it as a native sidecar, an initContainer with "
		    "restartPolicy: Always (Kubernetes 1.29+; Istio "
		    "ENABLE_NATIVE_SIDECARS=true), which the kubelet stops "
		    "only after the app has exited.  Otherwise make the "
		    "proxy drain: annotate the pod template with "
		    "proxy.istio.io/config: '{\"terminationDrainDuration\": "
		    "\"%llds\"}' (the app exits up to %s after the deletion "
		    "request: its preStop and shutdown, + %d s margin), or set "
		    "EXIT_ON_ZERO_ACTIVE_CONNECTIONS=true (proxy.istio.io/"
		    "config: '{\"proxyMetadata\": "
		    "{\"EXIT_ON_ZERO_ACTIVE_CONNECTIONS\": \"true\"}}') so "
		    "it leaves only when no connection is left; keep "
		    "terminationGracePeriodSeconds (%lld s) above the drain.",
		    g, (long long)drain, dn, DRAIN_MARGIN_S, grace);
	else
		f->recommendation = xasprintf("Keep %s up until the app has "
		    "drained (it exited up to %s before the app).  Best: run "
		    "it as a native sidecar, an initContainer with "
		    "restartPolicy: Always (Kubernetes 1.29+), which the "
		    "kubelet stops only after the app has exited.  Otherwise "
		    "give %s a preStop hook that waits for the app: a sleep "
		    "of at least %lld s (the app exits up to %s after the "
		    "deletion request: its preStop and shutdown, + %d s "
		    "margin), within terminationGracePeriodSeconds (%lld s).",
		    proxy, g, proxy, (long long)drain, dn, DRAIN_MARGIN_S,
		    grace);
}

/*
 * A terminating pod (its deletion request known) whose plain sidecar
 * ended at least GAP_MIN_US before the last of its main containers, and
 * something failed in between: attempts to its IP (5xx or no response)
 * in those seconds, or its app's log lines saying a connection failed.
 * One finding per workload and rollout.
 */
int
rule_sidecar_exited(struct analysis *a, char **cause)
{
	struct rolist		 ro = { 0 };
	struct logscan		 ls = { 0 };
	struct early		*v = NULL, *x;
	struct podset_pod	*p;
	const struct row_container *c, *proxy;
	struct finding		*f;
	json_t			*d, *detail;
	size_t			 i, j, n = 0, first = a->n;
	int64_t			 app_at;
	const char		*app;
	int			 rc = -1;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if (p->r.deletion_us == TIME_NONE ||
		    (app_at = podset_main_exit(p, &app)) == TIME_NONE)
			continue;
		proxy = NULL;
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!podset_is_plain_sidecar(c) || c->finished_us ==
			    TIME_NONE || c->finished_us < p->r.deletion_us -
			    DELETION_SLACK_US || app_at - c->finished_us <
			    GAP_MIN_US)
				continue;
			if (proxy == NULL || c->finished_us <
			    proxy->finished_us)
				proxy = c;
		}
		if (proxy == NULL)
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		x = &v[n++];
		memset(x, 0, sizeof *x);
		x->p = p;
		x->proxy = proxy->name;
		x->app = app;
		x->proxy_exit = proxy->finished_us;
		x->app_exit = app_at;
	}
	if (n == 0)
		return (0);
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (pod_attempts(a, x->p, x->proxy_exit, x->app_exit,
		    &x->att, cause) != 0)
			goto out;
		/* exits are written to the second: count the last one */
		for (j = 0; j < x->p->nc; j++) {
			if (model_is_main(&x->p->c[j]))
				lw_add(&ls, x->p, x->p->c[j].name,
				    x->proxy_exit, x->app_exit + SEC_US,
				    LW_FAIL, i);
		}
	}
	if (lw_scan(a, &ls, cause) != 0)
		goto out;
	for (i = 0; i < ls.n; i++) {
		x = &v[ls.v[i].tag];
		x->log_errors += ls.v[i].count;
		if (ls.v[i].count > 0 && (x->sample == NULL ||
		    ls.v[i].first_us < x->first_log)) {
			x->first_log = ls.v[i].first_us;
			x->sample = ls.v[i].sample;
		}
	}
	if (rolist_load(a->st, &ro, cause) != 0)
		goto out;
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (x->att.failed == 0 && x->log_errors == 0)
			continue;	/* no evidence, no finding */
		f = episode(a, first, FK_SIDECAR_EXITED, x->p,
		    ro_of(&ro, x->p, 1), x->p->r.deletion_us);
		finding_add_pod(f, x->p);
		finding_widen(f, x->p->r.deletion_us, x->app_exit);
		if ((detail = json_object_get(f->evidence,
		    "pods_detail")) == NULL) {
			detail = json_array();
			json_object_set_new(f->evidence, "pods_detail",
			    detail);
			json_object_set_new(f->evidence, "proxy",
			    json_string(x->proxy));
			json_object_set_new(f->evidence, "grace_s",
			    json_integer(x->p->r.grace_s));
			json_object_set_new(f->evidence, "gap_s",
			    json_real(0));
			json_object_set_new(f->evidence, "app_done_s",
			    json_real(0));
		}
		d = json_object();
		json_object_set_new(d, "pod", json_string(x->p->r.name));
		json_object_set_new(d, "proxy", json_string(x->proxy));
		json_object_set_new(d, "app", json_string(x->app));
		json_object_set_new(d, "deletion",
		    jv_time(x->p->r.deletion_us));
		json_object_set_new(d, "proxy_exit", jv_time(x->proxy_exit));
		json_object_set_new(d, "app_exit", jv_time(x->app_exit));
		json_object_set_new(d, "gap_s", jv_secs(x->app_exit -
		    x->proxy_exit));
		json_object_set_new(d, "requests",
		    json_integer(x->att.requests));
		json_object_set_new(d, "failed_requests",
		    json_integer(x->att.failed));
		json_object_set_new(d, "conn_failures",
		    json_integer(x->att.conn_failures));
		json_object_set_new(d, "log_errors",
		    json_integer(x->log_errors));
		json_array_append_new(detail, d);
		ev_add(f->evidence, "failed_requests", x->att.failed);
		ev_add(f->evidence, "conn_failures", x->att.conn_failures);
		ev_add(f->evidence, "log_errors", x->log_errors);
		if ((double)(x->app_exit - x->proxy_exit) / 1e6 >
		    json_real_value(json_object_get(f->evidence, "gap_s")))
			json_object_set_new(f->evidence, "gap_s",
			    jv_secs(x->app_exit - x->proxy_exit));
		if ((double)(x->app_exit - x->p->r.deletion_us) / 1e6 >
		    json_real_value(json_object_get(f->evidence,
		    "app_done_s")))
			json_object_set_new(f->evidence, "app_done_s",
			    jv_secs(x->app_exit - x->p->r.deletion_us));
		if (x->sample != NULL && json_object_get(f->evidence,
		    "sample") == NULL)
			json_object_set_new(f->evidence, "sample",
			    json_string(x->sample));
	}
	for (i = first; i < a->n; i++)
		exited_finish(&a->v[i]);
	rc = 0;
out:
	lw_free(&ls);
	rolist_free(&ro);
	free(v);
	return (rc);
}

/* ------------------------------------------------------------------ */
/* app-started-before-proxy                                            */

/* A pod whose app started before its proxy could be ready. */
struct startup {
	struct podset_pod	*p;		/* borrowed */
	const char		*proxy;
	const char		*app;		/* a main container */
	int64_t			 from;		/* the pod's start */
	int64_t			 to;		/* how late failures count */
	int64_t			 ready;		/* the proxy's, TIME_NONE */
	const char		*basis;		/* how ready is known */
	int64_t			 started;	/* the proxy's start */
	int64_t			 log_ready;	/* its ready line */
	int64_t			 log_errors;
	int64_t			 first;		/* first failure */
	int64_t			 last;
	const char		*sample;	/* borrowed from the scan */
	struct bsum		 att;
};

/* The pod's start: status.startTime, else its first container start. */
static int64_t
pod_start(const struct podset_pod *p)
{
	int64_t	at = p->r.start_us;
	size_t	i;

	if (at != TIME_NONE)
		return (at);
	for (i = 0; i < p->nc; i++) {
		if (p->c[i].started_us != TIME_NONE && (at == TIME_NONE ||
		    p->c[i].started_us < at))
			at = p->c[i].started_us;
	}
	return (at);
}

static void
startup_finish(struct finding *f)
{
	json_t		*e = f->evidence;
	const char	*proxy = json_string_value(json_object_get(e, "proxy"));
	double		 wait = json_real_value(json_object_get(e,
			    "wait_s"));
	int64_t		 logs, failed;
	char		 w[32], what[160], who[320];

	logs = json_integer_value(json_object_get(e, "log_errors"));
	failed = json_integer_value(json_object_get(e, "failed_requests"));
	analyze_fmt_s(wait, w, sizeof w);
	if (logs > 0 && failed > 0)
		snprintf(what, sizeof what, "logged %lld connection error%s "
		    "and %lld request%s failed", (long long)logs,
		    logs == 1 ? "" : "s", (long long)failed,
		    failed == 1 ? "" : "s");
	else if (logs > 0)
		snprintf(what, sizeof what, "logged %lld connection error%s",
		    (long long)logs, logs == 1 ? "" : "s");
	else
		snprintf(what, sizeof what, "had %lld failed request%s",
		    (long long)failed, failed == 1 ? "" : "s");
	pods_phrase(f, "", who, sizeof who);
	f->summary = xasprintf("In %s the app %s before %s was ready (%s%s "
	    "after the pod started)", who, what, proxy,
	    json_array_size(f->pods) == 1 ? "" : "up to ", w);
	if (model_is_istio(proxy))
		f->recommendation = xasprintf("Start the app only once "
		    "istio-proxy is ready (it took up to %s): annotate the "
		    "pod template with proxy.istio.io/config: "
		    "'{\"holdApplicationUntilProxyStarts\": true}' (or set it "
		    "mesh-wide in meshConfig.defaultConfig), or run the proxy "
		    "as a native sidecar (an initContainer with "
		    "restartPolicy: Always, Kubernetes 1.29+), which the "
		    "kubelet starts, with its startup probe, before the app.  "
		    "Run-once programs must not treat the first refused "
		    "connection as fatal.", w);
	else
		f->recommendation = xasprintf("Start the app only once %s is "
		    "ready (it took up to %s): run it as a native sidecar (an "
		    "initContainer with restartPolicy: Always and a startup "
		    "probe, Kubernetes 1.29+), which the kubelet starts "
		    "before the app, or make the app wait for the proxy "
		    "before its first call.", proxy, w);
}

/*
 * A pod whose app logged connection failures (or whose IP saw failed
 * attempts) after the pod started and before its sidecar was ready,
 * within the first STARTUP_MAX_US.  One finding per workload and rollout.
 */
int
rule_app_before_proxy(struct analysis *a, char **cause)
{
	struct rolist		 ro = { 0 };
	struct logscan		 ls = { 0 };
	struct startup		*v = NULL, *x;
	struct podset_pod	*p;
	const struct row_container *c, *proxy;
	const struct logwin	*w;
	struct finding		*f;
	json_t			*d, *detail;
	size_t			 i, j, k, n = 0, first = a->n;
	int64_t			 from;
	int			 rc = -1;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		proxy = NULL;
		for (j = 0; j < p->nc && proxy == NULL; j++) {
			c = &p->c[j];
			if (c->sidecar && (c->started_us != TIME_NONE ||
			    c->ready_us != TIME_NONE))
				proxy = c;
		}
		/* a proxy alone (a gateway's pod) has no app to fail */
		if (proxy == NULL || !has_main(p) ||
		    (from = pod_start(p)) == TIME_NONE)
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		x = &v[n++];
		memset(x, 0, sizeof *x);
		x->p = p;
		x->proxy = proxy->name;
		x->from = from;
		x->to = from + STARTUP_MAX_US;
		x->started = proxy->started_us;
		x->ready = proxy->ready_us <= x->to ? proxy->ready_us :
		    TIME_NONE;
		x->log_ready = TIME_NONE;
		x->first = x->last = TIME_NONE;
		lw_add(&ls, p, proxy->name, from, x->to, LW_READY, n - 1);
		for (j = 0; j < p->nc; j++) {
			if (model_is_main(&p->c[j])) {
				if (x->app == NULL)
					x->app = p->c[j].name;
				lw_add(&ls, p, p->c[j].name, from, x->to,
				    LW_FAIL | LW_TIMES, n - 1);
			}
		}
	}
	if (n == 0)
		return (0);
	if (lw_scan(a, &ls, cause) != 0)
		goto out;
	/*
	 * The proxy's readiness: the earliest of its ready line and the
	 * first pod version seen with it ready; its start when neither is
	 * known.  A version first seen after the startup window is a later
	 * snapshot, not the transition: it says nothing of the start.
	 */
	for (i = 0; i < ls.n; i++) {
		w = &ls.v[i];
		x = &v[w->tag];
		if ((w->what & LW_READY) && w->ready_us != TIME_NONE)
			x->log_ready = w->ready_us;
	}
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (x->log_ready != TIME_NONE && (x->ready == TIME_NONE ||
		    x->log_ready < x->ready)) {
			x->ready = x->log_ready;
			x->basis = "log: \"" PROXY_READY_LINE "\"";
		} else if (x->ready != TIME_NONE)
			x->basis = "observed: the first pod version with the "
			    "proxy ready";
		else {
			x->ready = x->started;
			x->basis = "inferred: the proxy's start (its readiness "
			    "is unknown)";
		}
	}
	for (i = 0; i < ls.n; i++) {
		w = &ls.v[i];
		x = &v[w->tag];
		if (!(w->what & LW_FAIL))
			continue;
		for (k = 0; k < w->ntimes && w->times[k] < x->ready; k++) {
			if (x->first == TIME_NONE || w->times[k] < x->first) {
				x->first = w->times[k];
				if (k == 0)
					x->sample = w->sample;
			}
			if (x->last == TIME_NONE || w->times[k] > x->last)
				x->last = w->times[k];
		}
		x->log_errors += (int64_t)k;
	}
	if (rolist_load(a->st, &ro, cause) != 0)
		goto out;
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (x->ready <= x->from)
			continue;
		if (pod_attempts(a, x->p, x->from, x->ready - 1, &x->att,
		    cause) != 0)
			goto out;
		if (x->log_errors == 0 && x->att.failed == 0)
			continue;	/* no evidence, no finding */
		f = episode(a, first, FK_APP_BEFORE_PROXY, x->p,
		    ro_of(&ro, x->p, 0), x->from);
		finding_add_pod(f, x->p);
		finding_widen(f, x->from, x->ready);
		if ((detail = json_object_get(f->evidence,
		    "pods_detail")) == NULL) {
			detail = json_array();
			json_object_set_new(f->evidence, "pods_detail",
			    detail);
			json_object_set_new(f->evidence, "proxy",
			    json_string(x->proxy));
			json_object_set_new(f->evidence, "proxy_ready",
			    jv_time(x->ready));
			json_object_set_new(f->evidence, "proxy_ready_basis",
			    json_string(x->basis));
			json_object_set_new(f->evidence, "wait_s",
			    json_real(0));
		}
		d = json_object();
		json_object_set_new(d, "pod", json_string(x->p->r.name));
		json_object_set_new(d, "app", x->app != NULL ?
		    json_string(x->app) : json_null());
		json_object_set_new(d, "pod_start", jv_time(x->from));
		json_object_set_new(d, "proxy", json_string(x->proxy));
		json_object_set_new(d, "proxy_ready", jv_time(x->ready));
		json_object_set_new(d, "proxy_ready_basis",
		    json_string(x->basis));
		json_object_set_new(d, "first_failure", jv_time(x->first));
		json_object_set_new(d, "last_failure", jv_time(x->last));
		json_object_set_new(d, "log_errors",
		    json_integer(x->log_errors));
		json_object_set_new(d, "failed_requests",
		    json_integer(x->att.failed));
		json_array_append_new(detail, d);
		ev_add(f->evidence, "log_errors", x->log_errors);
		ev_add(f->evidence, "failed_requests", x->att.failed);
		if (x->first != TIME_NONE)
			finding_widen(f, x->first, x->last);
		if ((double)(x->ready - x->from) / 1e6 >
		    json_real_value(json_object_get(f->evidence, "wait_s")))
			json_object_set_new(f->evidence, "wait_s",
			    jv_secs(x->ready - x->from));
		if (x->first != TIME_NONE) {
			d = json_object_get(f->evidence, "first_failure");
			if (d == NULL || json_is_null(d))
				json_object_set_new(f->evidence,
				    "first_failure", jv_time(x->first));
			json_object_set_new(f->evidence, "last_failure",
			    jv_time(x->last));
		}
		if (x->sample != NULL && json_object_get(f->evidence,
		    "sample") == NULL)
			json_object_set_new(f->evidence, "sample",
			    json_string(x->sample));
	}
	for (i = first; i < a->n; i++)
		startup_finish(&a->v[i]);
	rc = 0;
out:
	lw_free(&ls);
	rolist_free(&ro);
	free(v);
	return (rc);
}
