/*
 * rules-sidecar.c: the mesh sidecar's findings and the Jobs' (DESIGN §1
 * story 3, §5, §6): sidecar-exited-before-app, app-started-before-proxy,
 * job-held-by-sidecar and job-overran (analyze.h).
 *
 * They read the model's pods and containers (a->pods), the per-second
 * attempts attributed to each pod, the Job runs and the rollouts (through
 * store.h), and the containers' log lines, which they match against a
 * small table of connection-failure phrases.  Each finding carries the
 * numbers and times it rests on.  No SQL, no drawing, and nothing of the
 * formats the rows came from.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "out.h"
#include "timefmt.h"

#define SEC_US		1000000LL
/* A proxy that exits less than this before the app is not "before". */
#define GAP_MIN_US	SEC_US
/* An exit this early before the deletion request is another life's. */
#define DELETION_SLACK_US (2 * SEC_US)
/* Drain recommended beyond the measured gap. */
#define DRAIN_MARGIN_S	5
/* Startup failures count only this long after the pod started. */
#define STARTUP_MAX_US	(300 * SEC_US)
/* A sidecar alive this long after the main containers holds the Job. */
#define HOLD_MIN_US	(60 * SEC_US)
/* Runs of a CronJob needed before a median means something. */
#define RUNS_MIN	3
/* Episodes of one workload further apart than this are separate. */
#define EPISODE_US	(3600 * SEC_US)
/* A sample log line is cut to this many bytes. */
#define SAMPLE_MAX	200
/* Failure times kept per log window (beyond it lines are only counted). */
#define TIMES_MAX	4096

/*
 * What an app logs when a call it made could not connect: matched
 * case-insensitively anywhere in the line.
 */
static const char *const failure_phrases[] = {
	"connection refused",		/* Go, libc, most runtimes */
	"econnrefused",			/* Node.js */
	"upstream connect error",	/* Envoy's own 503 body */
	"no healthy upstream",		/* Envoy, no endpoint */
	"dial tcp",			/* Go net.Dial errors */
	"connection reset by peer",
	"econnreset",
	"could not connect to server",	/* libpq */
	NULL
};

/* The line pilot-agent writes when the proxy is ready (DESIGN §5). */
#define PROXY_READY_LINE	"Envoy proxy is ready"

static json_t *
jsec(int64_t us)
{
	return (json_real(round((double)us / 1000) / 1000));
}

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

/* Durations for sentences: "9.0 s", "4.0 min", "2.0 days". */
static void
fmt_dur(double s, char *out, size_t len)
{
	if (s >= 2 * 86400)
		snprintf(out, len, "%.1f days", s / 86400);
	else if (s >= 2 * 3600)
		snprintf(out, len, "%.1f h", s / 3600);
	else
		analyze_fmt_s(s, out, len);
}

/* Whether pat (lower case) occurs in s, ignoring ASCII case. */
static int
ci_contains(const char *s, const char *pat)
{
	size_t	i, n = strlen(pat);
	int	c;

	for (; *s != '\0'; s++) {
		for (i = 0; i < n; i++) {
			c = (unsigned char)s[i];
			if (c >= 'A' && c <= 'Z')
				c += 'a' - 'A';
			if (c != (unsigned char)pat[i])
				break;
		}
		if (i == n)
			return (1);
	}
	return (0);
}

static int
is_failure_line(const char *text)
{
	size_t	i;

	for (i = 0; failure_phrases[i] != NULL; i++) {
		if (ci_contains(text, failure_phrases[i]))
			return (1);
	}
	return (0);
}

/* A main (app) container: neither init nor sidecar. */
static int
is_main(const struct row_container *c)
{
	return (!c->init && !c->sidecar);
}

static int
has_main(const struct podset_pod *p)
{
	size_t	i;

	for (i = 0; i < p->nc; i++) {
		if (is_main(&p->c[i]))
			return (1);
	}
	return (0);
}

/* A sidecar run as a plain container (not native): it has no order. */
static int
is_plain_sidecar(const struct row_container *c)
{
	return (c->sidecar && !c->native_sidecar && !c->init);
}

/*
 * The latest exit of the pod's main containers (TIME_NONE when one has
 * not finished or there is none); *which names the container.
 */
static int64_t
main_exit(const struct podset_pod *p, const char **which)
{
	int64_t	at = TIME_NONE;
	size_t	i;

	*which = NULL;
	for (i = 0; i < p->nc; i++) {
		if (!is_main(&p->c[i]))
			continue;
		if (p->c[i].finished_us == TIME_NONE)
			return (TIME_NONE);
		if (at == TIME_NONE || p->c[i].finished_us > at) {
			at = p->c[i].finished_us;
			*which = p->c[i].name;
		}
	}
	return (at);
}

/* The recommendation's name for a proxy: Istio's gets Istio's knobs. */
static int
is_istio(const char *name)
{
	return (str_eq(name, "istio-proxy"));
}

/* ------------------------------------------------------------------ */
/* Rollouts: a finding groups a workload's pods per rollout.           */

struct ro {
	const char	*namespace;	/* in the list's arena */
	const char	*deployment;
	const char	*new_rs;
	const char	*old_rs;	/* NULL for a first revision */
	int64_t		 revision;
	int64_t		 start_us;
	int64_t		 end_us;
};

struct ro_list {
	struct arena	 a;
	struct ro	*v;		/* owned */
	size_t		 n;
};

static int
load_rollout(void *ctx, const void *row)
{
	struct ro_list		*l = ctx;
	const struct row_rollout *r = row;
	struct ro		*o;

	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	o = &l->v[l->n++];
	o->namespace = arena_strdup(&l->a, r->namespace);
	o->deployment = arena_strdup(&l->a, r->deployment);
	o->new_rs = arena_strdup(&l->a, r->new_rs);
	o->old_rs = arena_strdup(&l->a, r->old_rs);
	o->revision = r->revision;
	o->start_us = r->start_us;
	o->end_us = r->end_us;
	return (0);
}

static void
ro_free(struct ro_list *l)
{
	free(l->v);
	arena_free(&l->a);
}

/*
 * The rollout the pod took part in: the one that replaced its ReplicaSet
 * (old) or brought it (new), or NULL.
 */
static const struct ro *
ro_of(const struct ro_list *l, const struct podset_pod *p, int old)
{
	size_t	i;

	if (!str_eq(p->r.owner_kind, "ReplicaSet"))
		return (NULL);
	for (i = 0; i < l->n; i++) {
		if (str_eq(l->v[i].namespace, p->r.namespace) &&
		    str_eq(old ? l->v[i].old_rs : l->v[i].new_rs,
		    p->r.owner_name))
			return (&l->v[i]);
	}
	return (NULL);
}

static json_t *
ro_json(const struct ro *r)
{
	json_t	*o;

	if (r == NULL)
		return (json_null());
	o = json_object();
	json_object_set_new(o, "new_rs", json_string(r->new_rs));
	json_object_set_new(o, "old_rs", r->old_rs != NULL ?
	    json_string(r->old_rs) : json_null());
	json_object_set_new(o, "revision", r->revision == INT_NONE ?
	    json_null() : json_integer(r->revision));
	json_object_set_new(o, "start", jv_time(r->start_us));
	json_object_set_new(o, "end", jv_time(r->end_us));
	return (o);
}

/*
 * The finding of this kind for the pod's workload and rollout (or, with
 * no rollout, its episode: within an hour), among those this rule added
 * from index first; added with empty pods and evidence when missing.
 */
static struct finding *
episode(struct analysis *a, size_t first, const char *kind,
    const char *severity, const struct podset_pod *p, const struct ro *r,
    int64_t at)
{
	struct finding	*f;
	json_t		*fr;
	size_t		 i;

	for (i = a->n; i > first; i--) {
		f = &a->v[i - 1];
		if (strcmp(f->kind, kind) != 0 ||
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
	f = analysis_add(a, kind, severity, p->r.namespace, p->r.workload);
	f->pods = json_array();
	f->evidence = json_object();
	json_object_set_new(f->evidence, "rollout", ro_json(r));
	return (f);
}

/* ------------------------------------------------------------------ */
/* Attempts to a pod's IP, summed over a span of seconds.              */

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
	return (store_pod_buckets(a->st, p->r.uid, TIME_NONE, TIME_NONE,
	    sum_bucket, s, cause) == -1 ? -1 : 0);
}

/* ------------------------------------------------------------------ */
/* Log lines of chosen containers in chosen windows, in one scan.      */

#define LW_FAIL		0x1	/* count failure lines */
#define LW_TIMES	0x2	/* and keep their times */
#define LW_READY	0x4	/* find PROXY_READY_LINE */
#define LW_LAST		0x8	/* the latest line */

struct logwin {
	const char	*namespace;	/* borrowed from the pod set */
	const char	*pod;
	const char	*container;
	int64_t		 from_us;	/* lines in [from_us, to_us) */
	int64_t		 to_us;
	int		 what;		/* LW_* */
	size_t		 tag;		/* the rule's: which candidate */
	int64_t		 count;		/* failure lines */
	int64_t		 first_us;	/* earliest failure line */
	int64_t		 last_us;	/* latest failure line */
	char		*sample;	/* owned: the earliest one, cut */
	int64_t		*times;		/* owned: failure times (LW_TIMES) */
	size_t		 ntimes;
	int64_t		 ready_us;	/* earliest PROXY_READY_LINE */
	int64_t		 latest_us;	/* latest line of any kind */
};

struct logscan {
	struct logwin	*v;		/* owned */
	size_t		 n;
};

static struct logwin *
lw_add(struct logscan *ls, const struct podset_pod *p, const char *container,
    int64_t from_us, int64_t to_us, int what, size_t tag)
{
	struct logwin	*w;

	ls->v = xreallocarray(ls->v, ls->n + 1, sizeof *ls->v);
	w = &ls->v[ls->n++];
	memset(w, 0, sizeof *w);
	w->namespace = p->r.namespace != NULL ? p->r.namespace : "";
	w->pod = p->r.name != NULL ? p->r.name : "";
	w->container = container;
	w->from_us = from_us;
	w->to_us = to_us;
	w->what = what;
	w->tag = tag;
	w->first_us = w->last_us = w->ready_us = w->latest_us = TIME_NONE;
	return (w);
}

static void
lw_free(struct logscan *ls)
{
	size_t	i;

	for (i = 0; i < ls->n; i++) {
		free(ls->v[i].sample);
		free(ls->v[i].times);
	}
	free(ls->v);
	memset(ls, 0, sizeof *ls);
}

static int
lw_cmp3(const char *ns, const char *pod, const char *c,
    const struct logwin *w)
{
	int	r;

	if ((r = strcmp(ns, w->namespace)) != 0)
		return (r);
	if ((r = strcmp(pod, w->pod)) != 0)
		return (r);
	return (strcmp(c, w->container));
}

static int
cmp_logwin(const void *a, const void *b)
{
	const struct logwin	*p = a, *q = b;
	int			 r;

	if ((r = lw_cmp3(p->namespace, p->pod, p->container, q)) != 0)
		return (r);
	return (p->from_us < q->from_us ? -1 : p->from_us > q->from_us);
}

static int
cmp_time(const void *a, const void *b)
{
	int64_t	p = *(const int64_t *)a, q = *(const int64_t *)b;

	return (p < q ? -1 : p > q);
}

static void
lw_line(struct logwin *w, const struct rec_log *l)
{
	int64_t	t = l->time_us;

	if (t < w->from_us || t >= w->to_us)
		return;
	if ((w->what & LW_LAST) && (w->latest_us == TIME_NONE ||
	    t > w->latest_us))
		w->latest_us = t;
	if ((w->what & LW_READY) && (w->ready_us == TIME_NONE ||
	    t < w->ready_us) && strstr(l->text, PROXY_READY_LINE) != NULL)
		w->ready_us = t;
	if (!(w->what & LW_FAIL) || !is_failure_line(l->text))
		return;
	w->count++;
	if (w->first_us == TIME_NONE || t < w->first_us) {
		w->first_us = t;
		free(w->sample);
		w->sample = out_safe(l->text, strlen(l->text),
		    SAMPLE_MAX);
	}
	if (w->last_us == TIME_NONE || t > w->last_us)
		w->last_us = t;
	if ((w->what & LW_TIMES) && w->ntimes < TIMES_MAX) {
		w->times = xreallocarray(w->times, w->ntimes + 1,
		    sizeof *w->times);
		w->times[w->ntimes++] = t;
	}
}

static int
scan_log(void *ctx, const void *rec)
{
	struct logscan		*ls = ctx;
	const struct rec_log	*l = rec;
	size_t			 lo = 0, hi = ls->n, mid;

	if (l->time_us == TIME_NONE || l->namespace == NULL ||
	    l->pod == NULL || l->container == NULL || l->text == NULL)
		return (0);
	/* the first window of this container */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (lw_cmp3(l->namespace, l->pod, l->container,
		    &ls->v[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ls->n && lw_cmp3(l->namespace, l->pod, l->container,
	    &ls->v[lo]) == 0; lo++)
		lw_line(&ls->v[lo], l);
	return (0);
}

/*
 * Reads every stored log line once and fills the windows.  The windows
 * are sorted first: look them up by tag afterwards.
 */
static int
lw_scan(struct analysis *a, struct logscan *ls, char **cause)
{
	size_t	i;

	if (ls->n == 0)
		return (0);
	xqsort(ls->v, ls->n, sizeof *ls->v, cmp_logwin);
	if (store_scan(a->st, REC_LOG, scan_log, ls, cause) != 0)
		return (-1);
	for (i = 0; i < ls->n; i++)
		xqsort(ls->v[i].times, ls->v[i].ntimes, sizeof (int64_t),
		    cmp_time);
	return (0);
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
	int64_t		 failed, logs, drain;
	long long	 grace;
	const char	*proxy;
	char		 g[32], tail[160], who[320];

	failed = json_integer_value(json_object_get(e, "failed_requests"));
	logs = json_integer_value(json_object_get(e, "log_errors"));
	proxy = json_string_value(json_object_get(e, "proxy"));
	grace = json_integer_value(json_object_get(e, "grace_s"));
	drain = (int64_t)ceil(gap) + DRAIN_MARGIN_S;
	json_object_set_new(e, "recommended_drain_s", json_integer(drain));
	analyze_fmt_s(gap, g, sizeof g);
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
	if (is_istio(proxy))
		f->recommendation = xasprintf("Keep istio-proxy up until the "
		    "app has drained (it exited up to %s before the app).  "
		    "Best: run it as a native sidecar, an initContainer with "
		    "restartPolicy: Always (Kubernetes 1.29+; Istio "
		    "ENABLE_NATIVE_SIDECARS=true), which the kubelet stops "
		    "only after the app has exited.  Otherwise make the "
		    "proxy drain: annotate the pod template with "
		    "proxy.istio.io/config: '{\"terminationDrainDuration\": "
		    "\"%llds\"}' (the measured %s + %d s margin), or set "
		    "EXIT_ON_ZERO_ACTIVE_CONNECTIONS=true (proxy.istio.io/"
		    "config: '{\"proxyMetadata\": "
		    "{\"EXIT_ON_ZERO_ACTIVE_CONNECTIONS\": \"true\"}}') so "
		    "it leaves only when no connection is left; keep "
		    "terminationGracePeriodSeconds (%lld s) above the drain.",
		    g, (long long)drain, g, DRAIN_MARGIN_S, grace);
	else
		f->recommendation = xasprintf("Keep %s up until the app has "
		    "drained (it exited up to %s before the app).  Best: run "
		    "it as a native sidecar, an initContainer with "
		    "restartPolicy: Always (Kubernetes 1.29+), which the "
		    "kubelet stops only after the app has exited.  Otherwise "
		    "give %s a preStop hook that waits for the app: a sleep "
		    "of at least %lld s (the measured %s + %d s margin), "
		    "within terminationGracePeriodSeconds (%lld s).", proxy,
		    g, proxy, (long long)drain, g, DRAIN_MARGIN_S, grace);
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
	struct ro_list		 ro = { 0 };
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

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
		if (p->r.deletion_us == TIME_NONE ||
		    (app_at = main_exit(p, &app)) == TIME_NONE)
			continue;
		proxy = NULL;
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!is_plain_sidecar(c) || c->finished_us ==
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
			if (is_main(&x->p->c[j]))
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
	if (store_model_scan(a->st, ROW_ROLLOUT, load_rollout,
	    &ro, cause) != 0)
		goto out;
	for (i = 0; i < n; i++) {
		x = &v[i];
		if (x->att.failed == 0 && x->log_errors == 0)
			continue;	/* no evidence, no finding */
		f = episode(a, first, "sidecar-exited-before-app",
		    "critical", x->p, ro_of(&ro, x->p, 1),
		    x->p->r.deletion_us);
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
		}
		d = json_object();
		json_object_set_new(d, "pod", json_string(x->p->r.name));
		json_object_set_new(d, "proxy", json_string(x->proxy));
		json_object_set_new(d, "app", json_string(x->app));
		json_object_set_new(d, "deletion",
		    jv_time(x->p->r.deletion_us));
		json_object_set_new(d, "proxy_exit", jv_time(x->proxy_exit));
		json_object_set_new(d, "app_exit", jv_time(x->app_exit));
		json_object_set_new(d, "gap_s", jsec(x->app_exit -
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
			    jsec(x->app_exit - x->proxy_exit));
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
	ro_free(&ro);
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
	if (is_istio(proxy))
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
	struct ro_list		 ro = { 0 };
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

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
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
			if (is_main(&p->c[j])) {
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
	if (store_model_scan(a->st, ROW_ROLLOUT, load_rollout,
	    &ro, cause) != 0)
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
		f = episode(a, first, "app-started-before-proxy", "warning",
		    x->p, ro_of(&ro, x->p, 0), x->from);
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
			    jsec(x->ready - x->from));
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
	ro_free(&ro);
	free(v);
	return (rc);
}

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
	xqsort(d, n, sizeof *d, cmp_time);
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

	fmt_dur(held, h, sizeof h);
	if (median_ms != INT_NONE) {
		fmt_dur((double)median_ms / 1000, m, sizeof m);
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
	if (is_istio(x->side->name))
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
		    (at = main_exit(p, &main)) == TIME_NONE)
			continue;
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!is_plain_sidecar(c) || c->started_us ==
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
		f = analysis_add(a, "job-held-by-sidecar", "critical",
		    x->p->r.namespace, x->p->r.workload);
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
		json_object_set_new(e, "held_for_s", jsec(x->until -
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
		if (strcmp(f->kind, "job-held-by-sidecar") == 0 &&
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
		f = analysis_add(a, "job-overran", "warning", j->namespace,
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
		fmt_dur((double)ran_ms / 1000, r, sizeof r);
		fmt_dur((double)median / 1000, m, sizeof m);
		f->summary = xasprintf("Job %s %s %s, more than twice the "
		    "median of CronJob %s's %zu earlier runs (%s)", j->name,
		    running ? "has been running for" : "ran", r, j->cronjob,
		    runs, m);
		fmt_dur((double)median / 500, m, sizeof m);
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
