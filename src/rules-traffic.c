/*
 * rules-traffic.c: the findings read from the traffic (analyze.h), that
 * is from the per-second buckets of upstream attempts by IP, attributed
 * to the pod that owned the IP then (model.h, struct row_bucket).
 *
 * traffic-after-shutdown: requests a load balancer still routed to a
 * pod's IP after the pod had stopped accepting, and that failed.  A pod
 * stops accepting at the first of: SIGTERM to its main container (with
 * no preStop hook that is the deletion request itself: endpoint removal
 * and SIGTERM happen together and the app closes its listener; with a
 * preStop sleep it is the end of the sleep), the main container's exit,
 * the pod gone, the grace deadline.  A bucket counts when its second
 * overlaps the time after that moment and lies within LAG_MAX_S of the
 * deletion request; its failures are the larger of its 5xx and its
 * connection failures (the two mostly count the same attempts).  A
 * failure counts in the second its request ended, a request in the
 * second it began (tally.h): one in flight when the pod stopped, cut
 * then, counts though it began before.  The lag is the end of the last
 * second a request was still routed to (began on) the IP minus the
 * deletion request (an upper bound at the buckets' one-second
 * resolution).  One finding per workload and rollout.  When a proxy's own
 * log shows it cut off from its control plane (xds.h) for at least
 * XDS_GAP_MIN_S over the failures, the lag is that proxy's stale view,
 * with no end a preStop could outlast: the finding says so and
 * recommends restoring (and alerting on) that connection.
 *
 * 5xx-burst (runs last): per workload and second, the 5xx that no finding
 * above explains (seconds and pods inside a traffic-after-shutdown,
 * sidecar-exited-before-app or app-started-before-proxy finding of the
 * workload are left out).  The baseline is the workload's median minute
 * (the lower median) over the span of its traffic, per second.  A second
 * is hot with at least BURST_RATIO times the baseline; hot seconds less
 * than BURST_GAP_S apart form one run; a run is a burst with at least
 * BURST_MIN errors and a rate of BURST_RATIO times the baseline.  Evenly
 * spread errors never make one: spaced BURST_GAP_S or more they do not
 * merge, spaced closer they raise the median above a single error.
 *
 * Reads buckets and rollouts through store.h and the pods in a->pods; no
 * SQL, no drawing, nothing of the access-log formats (the importers and
 * tally.c made the buckets).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "podwin.h"
#include "rolist.h"
#include "jsonval.h"
#include "timefmt.h"
#include "xds.h"

#define US		((int64_t)1000000)
/* failures this long after the deletion request still count as its */
#define LAG_MAX_S	BUDGET_LAG_MAX_S
#define EPISODE_GAP_S	3600	/* deaths further apart with no rollout
				   to join them are separate episodes */
#define ROLLOUT_SLACK_S	60	/* a death this close to a rollout's
				   window belongs to it */
#define SLEEP_PAD_S	5	/* recommended preStop: lag + this ... */
#define ROUND_S		5	/* ... rounded up to this */
#define MARGIN_S	5	/* added to preStop + shutdown for grace */
#define BURST_MIN	5	/* errors in a burst, at least */
#define BURST_RATIO	10	/* times the baseline rate, at least */
#define BURST_GAP_S	5	/* hot seconds closer than this merge */
#define BURST_TRIM	3	/* a slow burst's end this many median gaps
				   from the rest is not of it */
#define BURST_P		1e-6	/* a burst is this unlikely by chance:
				   the chance of as many errors in its
				   seconds at the workload's usual rate */
#define NEAR_ROLLOUT_S	3600	/* a rollout further away is not near */
#define XDS_GAP_MIN_S	10	/* a proxy cut off from its control plane
				   this long over the failures explains
				   them */

/* What one pod's buckets say after its deletion request. */
struct tr_pod {
	int64_t		 deletion_us;
	int64_t		 stop_us;	/* stopped accepting */
	int64_t		 failed;
	int64_t		 conn_failures;
	int64_t		 first_fail_s;	/* seconds, INT64_MIN: none */
	int64_t		 last_fail_s;
	int64_t		 last_routed_s;
};

/* One workload's pods that one rollout (or one hour) replaced. */
struct tr_episode {
	const char	*namespace;	/* the pods' strings */
	const char	*workload;
	long		 rollout;	/* index in the rollouts, or -1 */
	int64_t		 last_deletion_us;
	int64_t		 first_deletion_us;
	json_t		*pods;		/* owned: names of the failing pods */
	json_t		*uids;		/* owned: their uids, in order */
	json_t		*detail;	/* owned: their pods_detail */
	int64_t		 failed;
	int64_t		 conn_failures;
	int64_t		 lag_us;	/* max */
	int64_t		 endpoint_lag_us; /* max of deletion request to
					   endpoint terminating (Kubernetes'
					   part of the lag), TIME_NONE: no
					   EndpointSlice evidence */
	int64_t		 first_fail_s;
	int64_t		 last_fail_s;
	int64_t		 grace_s;	/* max */
	int64_t		 prestop_ms;	/* max, INT_NONE: no sleep */
	int64_t		 shutdown_us;	/* max, TIME_NONE: none known */
	int		 shutdown_lower; /* it is a lower bound (killed) */
	int		 no_hook;	/* a failing pod had no preStop */
	size_t		 earlier;	/* the one before of its workload and
					   rollout (an index), HINDEX_NONE */
};

/* The episodes of the rule, the latest of each workload and rollout. */
struct tr_episodes {
	struct tr_episode	*v;		/* owned */
	size_t			 n;
	size_t			 cap;		/* allocated in v */
	struct hindex		 ix;		/* owned: the latest episode of
						   each workload and rollout */
};

/* A workload and rollout looked for among the episodes. */
struct tr_ekey {
	const struct tr_episodes	*es;
	const char			*ns;
	const char			*workload;
	long				 rollout;
};

static int
tr_episode_eq(const void *ctx, size_t item)
{
	const struct tr_ekey	*k = ctx;
	const struct tr_episode	*e = &k->es->v[item];

	return (str_eq(e->namespace, k->ns) &&
	    str_eq(e->workload, k->workload) && e->rollout == k->rollout);
}

/* A time rounded to 0.1 s, for evidence in seconds. */
static json_t *
tr_jsecs(int64_t us)
{
	return (json_real(round((double)us / 1e5) / 10));
}

/* x rounded up to a multiple of ROUND_S. */
static int64_t
tr_round_up(double x)
{
	return ((int64_t)ceil(x / ROUND_S) * ROUND_S);
}

/* The rollout that replaced pod p, or -1. */
static long
tr_pod_rollout(const struct rolist *ro, const struct podset_pod *p)
{
	const struct rolist_item	*r;

	r = rolist_of_rs(ro, p->r.namespace, p->r.workload,
	    rolist_pod_set(p->r.owner_kind, p->r.owner_name,
	    p->r.template_hash), 1, p->r.deletion_us, ROLLOUT_SLACK_S * US);
	return (r != NULL ? (long)(r - ro->v) : -1);
}

/* ---- traffic-after-shutdown ---------------------------------------- */

/* Counts one bucket of the pod after its deletion request. */
static int
tr_pod_bucket(void *ctx, const struct row_bucket *b)
{
	struct tr_pod			*t = ctx;
	int64_t				 n;

	if (b->second < time_floor_div(t->deletion_us, US) ||
	    b->second * US > t->deletion_us + LAG_MAX_S * US)
		return (0);
	/* routed: a request began then (its failure counts at its end) */
	budget_last_routed(&t->last_routed_s, t->deletion_us, b->second,
	    b->requests);
	if ((b->second + 1) * US <= t->stop_us)
		return (0);
	n = b->errors > b->conn_failures ? b->errors : b->conn_failures;
	if (n <= 0)
		return (0);
	t->failed += n;
	t->conn_failures += b->conn_failures;
	if (t->first_fail_s == INT64_MIN)
		t->first_fail_s = b->second;
	t->last_fail_s = b->second;
	return (0);
}

/*
 * When pod p stopped accepting, and why: the first of its SIGTERM, its
 * main containers' exit, its end and its deadline.  *exit_us is the main
 * containers' exit (TIME_NONE when one has not exited).
 */
static int64_t
tr_stopped(const struct podset_pod *p, const char **basis, int64_t *exit_us)
{
	int64_t	stop = TIME_NONE;
	size_t	i;

	/* the model's, unless one main container exited before the
	   deletion request */
	*exit_us = p->r.main_exit_us;
	for (i = 0; i < p->nc; i++) {
		if (model_is_main(&p->c[i]) &&
		    p->c[i].finished_us != TIME_NONE &&
		    p->c[i].finished_us < p->r.deletion_us)
			*exit_us = TIME_NONE;
	}
	*basis = NULL;
	if (p->r.sigterm_us != TIME_NONE) {
		stop = p->r.sigterm_us;
		*basis = p->r.prestop_ms == INT_NONE ? "SIGTERM with the "
		    "deletion request (no preStop sleep)" :
		    "SIGTERM after the preStop sleep";
	}
	if (*exit_us != TIME_NONE && (stop == TIME_NONE || *exit_us < stop)) {
		stop = *exit_us;
		*basis = "the main container exited";
	}
	if (p->r.gone_us != TIME_NONE && (stop == TIME_NONE ||
	    p->r.gone_us < stop)) {
		stop = p->r.gone_us;
		*basis = "the pod was gone";
	}
	if (p->r.deadline_us != TIME_NONE && (stop == TIME_NONE ||
	    p->r.deadline_us < stop)) {
		stop = p->r.deadline_us;
		*basis = "the grace deadline";
	}
	return (stop);
}

/* The episode pod p belongs to (added when missing). */
static struct tr_episode *
tr_episode(struct tr_episodes *es, const struct podset_pod *p, long rollout)
{
	struct tr_episode	*e;
	struct tr_ekey		 k = {
		.es = es, .ns = p->r.namespace, .workload = p->r.workload,
		.rollout = rollout
	};
	uint64_t		 h;
	size_t			 i;

	h = hindex_int(hindex_str(hindex_str(HINDEX_SEED, k.ns),
	    k.workload), rollout);
	for (i = hindex_get(&es->ix, h, tr_episode_eq, &k); i != HINDEX_NONE;
	    i = es->v[i].earlier) {
		e = &es->v[i];
		if (rollout >= 0 || p->r.deletion_us - e->last_deletion_us <
		    EPISODE_GAP_S * US)
			return (e);
	}
	if (es->n == es->cap) {
		es->cap = es->cap == 0 ? 16 : es->cap * 2;
		es->v = xreallocarray(es->v, es->cap, sizeof *es->v);
	}
	e = &es->v[es->n];
	memset(e, 0, sizeof *e);
	e->earlier = hindex_put(&es->ix, h, es->n, tr_episode_eq, &k);
	es->n++;
	e->namespace = p->r.namespace;
	e->workload = p->r.workload;
	e->rollout = rollout;
	e->first_deletion_us = p->r.deletion_us;
	e->last_deletion_us = p->r.deletion_us;
	e->pods = json_array();
	e->uids = json_array();
	e->detail = json_array();
	e->first_fail_s = e->last_fail_s = INT64_MIN;
	e->prestop_ms = INT_NONE;
	e->shutdown_us = TIME_NONE;
	e->endpoint_lag_us = TIME_NONE;
	return (e);
}

/* Adds pod p, which had failures, to its episode. */
static void
tr_episode_add(struct tr_episode *e, const struct podset_pod *p,
    const struct tr_pod *t, const char *basis, int64_t exit_us)
{
	json_t	*d;
	int64_t	 lag = budget_lag_us(t->deletion_us, t->last_routed_s);
	int64_t	 sd = TIME_NONE;
	int	 lower = 0;

	if (p->r.deletion_us < e->first_deletion_us)
		e->first_deletion_us = p->r.deletion_us;
	if (p->r.deletion_us > e->last_deletion_us)
		e->last_deletion_us = p->r.deletion_us;
	json_array_append_new(e->pods, json_string(p->r.name));
	json_array_append_new(e->uids, json_string(p->r.uid));
	e->failed += t->failed;
	e->conn_failures += t->conn_failures;
	if (lag > e->lag_us)
		e->lag_us = lag;
	if (p->r.endpoint_terminating_us != TIME_NONE && (e->endpoint_lag_us ==
	    TIME_NONE || p->r.endpoint_terminating_us - p->r.deletion_us >
	    e->endpoint_lag_us))
		e->endpoint_lag_us = p->r.endpoint_terminating_us -
		    p->r.deletion_us;
	if (e->first_fail_s == INT64_MIN || t->first_fail_s < e->first_fail_s)
		e->first_fail_s = t->first_fail_s;
	if (t->last_fail_s > e->last_fail_s)
		e->last_fail_s = t->last_fail_s;
	if (p->r.grace_s != INT_NONE && p->r.grace_s > e->grace_s)
		e->grace_s = p->r.grace_s;
	if (p->r.prestop_ms == INT_NONE)
		e->no_hook = 1;
	else if (e->prestop_ms == INT_NONE || p->r.prestop_ms > e->prestop_ms)
		e->prestop_ms = p->r.prestop_ms;
	/* the shutdown: observed, or at least SIGTERM to the deadline */
	if (p->r.sigterm_us != TIME_NONE && p->r.killed &&
	    p->r.deadline_us != TIME_NONE) {
		sd = p->r.deadline_us - p->r.sigterm_us;
		lower = 1;
	} else if (p->r.sigterm_us != TIME_NONE && exit_us != TIME_NONE &&
	    exit_us >= p->r.sigterm_us)
		sd = exit_us - p->r.sigterm_us;
	if (sd != TIME_NONE && (e->shutdown_us == TIME_NONE ||
	    sd > e->shutdown_us || (sd == e->shutdown_us && lower))) {
		e->shutdown_us = sd;
		e->shutdown_lower = lower;
	}
	d = json_object();
	json_object_set_new(d, "pod", json_string(p->r.name));
	json_object_set_new(d, "deletion", jv_time(p->r.deletion_us));
	json_object_set_new(d, "sigterm", jv_time(p->r.sigterm_us));
	json_object_set_new(d, "stopped_accepting", jv_time(t->stop_us));
	json_object_set_new(d, "stopped_basis", json_string(basis));
	/* the end of its second, as lag_s and every view count it */
	json_object_set_new(d, "last_routed",
	    jv_time((t->last_routed_s + 1) * US));
	json_object_set_new(d, "lag_s", tr_jsecs(lag));
	json_object_set_new(d, "endpoint_terminating",
	    jv_time(p->r.endpoint_terminating_us));
	json_object_set_new(d, "failed", json_integer(t->failed));
	json_object_set_new(d, "conn_failures",
	    json_integer(t->conn_failures));
	json_array_append_new(e->detail, d);
}

/* Whether pod ns/pod is one of the episode's own (ctx). */
static int
tr_own_pod(void *ctx, const char *ns, const char *pod)
{
	const struct tr_episode	*e = ctx;
	json_t			*v;
	size_t			 i;

	if (!str_eq(ns, e->namespace))
		return (0);
	json_array_foreach(e->pods, i, v) {
		if (str_eq(json_string_value(v), pod))
			return (1);
	}
	return (0);
}

/* The evidence of a proxy's gap without its control plane. */
static json_t *
tr_xds_json(const struct xds_gap *g)
{
	json_t	*o = json_object();

	json_object_set_new(o, "namespace", jv_str(*g->namespace != '\0' ?
	    g->namespace : NULL));
	json_object_set_new(o, "pod", jv_str(*g->pod != '\0' ? g->pod :
	    NULL));
	json_object_set_new(o, "container", jv_str(*g->container != '\0' ?
	    g->container : NULL));
	json_object_set_new(o, "disconnected_from", jv_time(g->from_us));
	json_object_set_new(o, "disconnected_until", jv_time(g->to_us));
	json_object_set_new(o, "reconnected", json_boolean(g->reconnected));
	json_object_set_new(o, "disconnected_s", tr_jsecs(g->to_us -
	    g->from_us));
	json_object_set_new(o, "line_time", jv_time(g->line_us));
	json_object_set_new(o, "line", jv_str(g->line));
	json_object_set_new(o, "said", jv_str(g->said));
	return (o);
}

/*
 * The summary and recommendation when proxy g had lost its control plane
 * over the failures: the lag is its stale endpoints, not a delay.  How
 * long it routed is said as the caller's summary says it (how).
 */
static void
tr_xds_words(struct finding *f, const struct tr_episode *e,
    const struct xds_gap *g, const char *how, const char *lags,
    int64_t sleep_s)
{
	char	 who[300], from[TIME_FMT_LEN], to[TIME_FMT_LEN], dur[32];
	char	*s;
	size_t	 npods = json_array_size(e->pods);

	if (*g->pod != '\0')
		snprintf(who, sizeof who, "%s/%s%s%s%s", g->namespace, g->pod,
		    *g->container != '\0' ? " (" : "", g->container,
		    *g->container != '\0' ? ")" : "");
	else
		snprintf(who, sizeof who, "whose log names no pod");
	analyze_fmt_dur((double)(g->to_us - g->from_us) / 1e6, dur,
	    sizeof dur);
	s = xasprintf("A load balancer kept routing new requests to %zu "
	    "pod%s of %s %s: %lld request%s failed.  A proxy had lost its "
	    "control plane over the failures: %s was cut off from xDS for "
	    "%s (from %s, %s %s), so it never learnt that the pods were "
	    "gone; the %s is how long it happened to keep routing to them, "
	    "not a lag that a preStop sleep can outlast", npods,
	    npods == 1 ? "" : "s",
	    e->workload != NULL ? e->workload : "(no workload)", how,
	    (long long)e->failed, e->failed == 1 ? "" : "s", who, dur,
	    time_format(g->from_us, from), g->reconnected ? "reconnected at" :
	    "still cut off at", time_format(g->to_us, to), lags);
	free(f->summary);
	f->summary = s;
	s = xasprintf("Restore the proxy's connection to its control plane "
	    "(its log: \"%.200s%s\") and alert when a proxy stays cut "
	    "off from it for more than a minute (pilot-agent's xDS connection "
	    "to istiod, Envoy's control_plane.connected_state == 0): a proxy "
	    "without it routes to pods that are gone for as long as it stays "
	    "cut off, which no preStop sleep bounds.  A longer preStop (sleep "
	    "%lld s for the %s seen here) would only hide this rollout's "
	    "share.", g->said, strlen(g->said) > 200 ? "..." : "",
	    (long long)sleep_s, lags);
	free(f->recommendation);
	f->recommendation = s;
}

/* Turns an episode with failures into its finding. */
static void
tr_episode_finding(struct analysis *a, struct tr_episode *e,
    const struct rolist *ro, const struct xds_gaps *xg)
{
	const struct xds_gap	*gap;
	struct finding	*f;
	json_t		*ev = json_object();
	double		 lag = round((double)e->lag_us / 1e5) / 10;
	double		 shutdown, prestop;
	int64_t		 sleep_s, grace;
	char		 lags[40], cur[128], sd[64], eps[32], part[200];
	char		 how[96];
	size_t		 npods = json_array_size(e->pods);

	shutdown = e->shutdown_us != TIME_NONE ?
	    (double)e->shutdown_us / 1e6 : 0;
	prestop = e->prestop_ms != INT_NONE ? (double)e->prestop_ms / 1000 :
	    0;
	sleep_s = tr_round_up(lag + SLEEP_PAD_S);
	grace = tr_round_up((double)sleep_s + shutdown + MARGIN_S);

	f = analysis_add(a, FK_TRAFFIC_AFTER_SHUTDOWN, e->namespace,
	    e->workload);
	f->pods = e->pods;
	f->uids = e->uids;
	f->start_us = e->first_deletion_us;
	f->end_us = e->last_fail_s * US;
	json_object_set_new(ev, "failed_requests", json_integer(e->failed));
	json_object_set_new(ev, "conn_failures",
	    json_integer(e->conn_failures));
	json_object_set_new(ev, "lag_s", json_real(lag));
	json_object_set_new(ev, "lag_resolution_s", json_integer(1));
	json_object_set_new(ev, "endpoint_lag_s", e->endpoint_lag_us ==
	    TIME_NONE ? json_null() : tr_jsecs(e->endpoint_lag_us));
	json_object_set_new(ev, "first_failure",
	    jv_time(e->first_fail_s * US));
	json_object_set_new(ev, "last_failure", jv_time(e->last_fail_s * US));
	json_object_set_new(ev, "grace_s", json_integer(e->grace_s));
	json_object_set_new(ev, "prestop_s", e->prestop_ms == INT_NONE ||
	    e->no_hook ? json_null() : json_real(prestop));
	json_object_set_new(ev, "shutdown_s", e->shutdown_us == TIME_NONE ?
	    json_null() : tr_jsecs(e->shutdown_us));
	json_object_set_new(ev, "shutdown_basis", e->shutdown_us ==
	    TIME_NONE ? json_null() : json_string(e->shutdown_lower ?
	    "lower-bound" : "observed"));
	json_object_set_new(ev, "margin_s", json_integer(MARGIN_S));
	json_object_set_new(ev, "recommended_prestop_s",
	    json_integer(sleep_s));
	json_object_set_new(ev, "recommended_grace_s", json_integer(grace));
	json_object_set_new(ev, "rollout", e->rollout < 0 ? json_null() :
	    rolist_json(&ro->v[e->rollout], e->first_deletion_us));
	json_object_set_new(ev, "pods_detail", e->detail);
	gap = xds_gap_over(xg, e->first_deletion_us, (e->last_fail_s + 1) * US,
	    XDS_GAP_MIN_S * US, tr_own_pod, e);
	/* only when there is one: the evidence of other findings as was */
	if (gap != NULL)
		json_object_set_new(ev, "control_plane", tr_xds_json(gap));
	f->evidence = ev;

	budget_lag_words(e->lag_us, e->lag_us, lags, sizeof lags);
	if (e->no_hook)
		snprintf(cur, sizeof cur, "had stopped accepting at once (no "
		    "preStop sleep: SIGTERM came with the deletion request)");
	else
		snprintf(cur, sizeof cur, "stopped accepting when the "
		    "preStop sleep of %.0f s ended", prestop);
	if (e->endpoint_lag_us != TIME_NONE &&
	    e->endpoint_lag_us >= e->lag_us - US) {
		analyze_fmt_s((double)e->endpoint_lag_us / 1e6, eps,
		    sizeof eps);
		snprintf(part, sizeof part, " (the EndpointSlice controller "
		    "itself took up to %s to mark the endpoints terminating: "
		    "the lag is Kubernetes', not the load balancer's)", eps);
	} else if (e->endpoint_lag_us != TIME_NONE) {
		analyze_fmt_s((double)e->endpoint_lag_us / 1e6, eps,
		    sizeof eps);
		snprintf(part, sizeof part, " (Kubernetes marked the "
		    "endpoints terminating within %s of the request; the "
		    "rest is the load balancer's own)", eps);
	} else
		part[0] = '\0';
	budget_lag_phrase(e->lag_us, npods, how, sizeof how);
	f->summary = xasprintf("A load balancer kept routing new requests "
	    "to %zu pod%s of %s %s%s, but %s %s: %lld request%s failed",
	    npods, npods == 1 ? "" : "s",
	    e->workload != NULL ? e->workload : "(no workload)", how, part,
	    npods == 1 ? "it" : "they", cur, (long long)e->failed,
	    e->failed == 1 ? "" : "s");
	if (e->shutdown_us != TIME_NONE)
		snprintf(sd, sizeof sd, "shutdown %s%.1f s",
		    e->shutdown_lower ? ">= " : "", shutdown);
	else
		snprintf(sd, sizeof sd, "the app's shutdown (not measured)");
	f->recommendation = xasprintf("Keep serving after SIGTERM: a preStop "
	    "sleep longer than the measured lag (%s -> sleep %lld s), so the "
	    "load balancer stops routing before the app closes its listener, "
	    "and a grace period that then fits (preStop %lld s + %s + "
	    "margin %d s, rounded up to 5 s, = %lld s; "
	    "terminationGracePeriodSeconds is now "
	    "%lld s%s).", lags, (long long)sleep_s, (long long)sleep_s, sd,
	    MARGIN_S, (long long)grace, (long long)e->grace_s,
	    e->grace_s >= grace ? ", enough" : ": raise it");
	if (gap != NULL)
		tr_xds_words(f, e, gap, how, lags, sleep_s);
	e->pods = e->uids = e->detail = NULL;
}

/*
 * Whether the pod's failures are its proxy's, which left before the app:
 * sidecar-exited-before-app (run before this rule) names the pod, and a
 * longer preStop on the app would not help.
 */
static int
tr_sidecar_explains(struct analysis *a, const struct podset_pod *p)
{
	struct finding	*f;
	int		 k;

	for (k = 0; k < FK__COUNT; k++) {
		if (!(finding_kinds[FK_TRAFFIC_AFTER_SHUTDOWN].after &
		    FK_BIT(k)))
			continue;
		for (f = analysis_latest(a, (enum finding_kind)k,
		    p->r.namespace, p->r.workload); f != NULL;
		    f = analysis_earlier(a, f)) {
			if (finding_has_pod(f, p->r.name))
				return (1);
		}
	}
	return (0);
}

int
rule_traffic_after_shutdown(struct analysis *a, char **cause)
{
	struct rolist		 ro;
	struct tr_episodes	 es;
	struct tr_episode	*e;
	struct xds_gaps		 xg;
	struct tr_pod		 t;
	struct podset_pod	*p;
	const char		*basis;
	int64_t			 exit_us;
	size_t			 i;
	int			 rc = -1;

	memset(&es, 0, sizeof es);
	memset(&xg, 0, sizeof xg);
	if (rolist_load(a->st, &ro, cause) != 0)
		goto out;
	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if (p->r.deletion_us == TIME_NONE || p->r.uid == NULL ||
		    tr_sidecar_explains(a, p))
			continue;
		memset(&t, 0, sizeof t);
		t.deletion_us = p->r.deletion_us;
		t.stop_us = tr_stopped(p, &basis, &exit_us);
		if (t.stop_us == TIME_NONE)
			continue;
		t.first_fail_s = t.last_fail_s = INT64_MIN;
		t.last_routed_s = INT64_MIN;
		/* the seconds tr_pod_bucket counts, not all the pod's */
		if (store_pod_buckets(a->st, p->r.uid,
		    time_floor_div(t.deletion_us, US),
		    time_floor_div(t.deletion_us + LAG_MAX_S * US, US),
		    tr_pod_bucket, &t, cause) != 0)
			goto out;
		if (t.failed == 0)
			continue;
		e = tr_episode(&es, p, tr_pod_rollout(&ro, p));
		tr_episode_add(e, p, &t, basis, exit_us);
	}
	/* the proxies' own lines, only when there is a finding to judge */
	if (es.n > 0 && xds_gaps_load(a->st, &xg, cause) != 0)
		goto out;
	for (i = 0; i < es.n; i++) {
		if (es.v[i].failed > 0)
			tr_episode_finding(a, &es.v[i], &ro, &xg);
	}
	rc = 0;
out:
	for (i = 0; i < es.n; i++) {
		json_decref(es.v[i].pods);
		json_decref(es.v[i].uids);
		json_decref(es.v[i].detail);
	}
	free(es.v);
	hindex_free(&es.ix);
	xds_gaps_free(&xg);
	rolist_free(&ro);
	return (rc);
}

/* ---- 5xx-burst ------------------------------------------------------ */

/* One bucket with 5xx (bu_resolve: that no finding explains). */
struct bu_err {
	int64_t			 s;
	int64_t			 errors;
	const char		*uid;	/* the bucket's pod, or NULL */
	const struct podset_pod	*pod;	/* that pod (bu_resolve), NULL: no
					   pod known */
};

/* A count in one second. */
struct bu_sec {
	int64_t	 s;		/* the second (Unix) */
	int64_t	 n;		/* errors or requests in it */
};

/* One workload's traffic span and unexplained 5xx, oldest first. */
struct bu_wl {
	char		*namespace;	/* owned, NULL: none */
	char		*workload;	/* owned, NULL: unattributed */
	int64_t		 first_s;	/* first second with requests */
	int64_t		 last_s;
	struct bu_err	*v;		/* owned */
	size_t		 n;
	size_t		 cap;		/* allocated in v */
	struct bu_sec	*req;		/* owned: requests per second */
	size_t		 nreq;
	size_t		 reqcap;	/* allocated in req */
	int		 done;		/* judged (bu_judge) */
};

/*
 * Every workload's buckets, read once in the first window and judged a
 * window at a time (the rule's state): the workloads of its pods, and
 * in the last those of no pod.  With more than one window, each
 * window's buckets wait in the windows' file (podwin_rows) until it
 * comes.
 */
struct bu_scan {
	struct podwin		*pw;	/* borrowed: the analysis's */
	struct podwin_rows	*rows;	/* owned: the buckets by window, or
					   NULL with one */
	struct bu_wl	*w;		/* owned */
	size_t		 nw;
	size_t		 cap;		/* allocated in w */
	size_t		 last;		/* the workload found last */
	struct hindex	 ix;		/* owned: w by namespace, workload */
	struct rolist	 ro;		/* owned: the rollouts */
	struct arena	 uids;		/* owned: the errors' pods' uids */
	const char	*last_uid;	/* the uid kept last, in uids */
};

/* A workload looked for among the scan's. */
struct bu_key {
	const struct bu_scan	*sc;
	const char		*ns;
	const char		*workload;
};

static int
bu_wl_eq(const void *ctx, size_t item)
{
	const struct bu_key	*k = ctx;

	return (str_eq(k->sc->w[item].namespace, k->ns) &&
	    str_eq(k->sc->w[item].workload, k->workload));
}

/* Per-second sums of one workload's errors. */

/* Whether a more specific finding explains the 5xx of pod in second s. */
static int
bu_explained(struct analysis *a, const char *ns, const char *wl,
    const char *pod, int64_t s)
{
	struct finding	*f;
	int		 k;

	for (k = 0; k < FK__COUNT; k++) {
		if (!(finding_kinds[FK_5XX_BURST].after & FK_BIT(k)))
			continue;
		for (f = analysis_latest(a, (enum finding_kind)k, ns, wl);
		    f != NULL; f = analysis_earlier(a, f)) {
			if (f->start_us == TIME_NONE ||
			    f->end_us == TIME_NONE ||
			    s < time_floor_div(f->start_us, US) ||
			    s > time_floor_div(f->end_us, US))
				continue;
			if (finding_has_pod(f, pod))
				return (1);
		}
	}
	return (0);
}

/* Keeps a bucket in its workload's sums (a scan's callback). */
static int
bu_bucket(void *ctx, const void *row)
{
	struct bu_scan			*sc = ctx;
	const struct row_bucket		*b = row;
	struct bu_wl			*w;
	struct bu_key			 k;
	uint64_t			 h;
	size_t				 i;

	if (sc->nw > 0 && str_eq(sc->w[sc->last].namespace, b->namespace) &&
	    str_eq(sc->w[sc->last].workload, b->workload))
		i = sc->last;
	else {
		k.sc = sc;
		k.ns = b->namespace;
		k.workload = b->workload;
		h = hindex_str(hindex_str(HINDEX_SEED, b->namespace),
		    b->workload);
		if ((i = hindex_get(&sc->ix, h, bu_wl_eq, &k)) ==
		    HINDEX_NONE) {
			if (sc->nw == sc->cap) {
				sc->cap = sc->cap == 0 ? 64 : sc->cap * 2;
				sc->w = xreallocarray(sc->w, sc->cap,
				    sizeof *sc->w);
			}
			i = sc->nw++;
			w = &sc->w[i];
			memset(w, 0, sizeof *w);
			w->namespace = b->namespace != NULL ?
			    xstrdup(b->namespace) : NULL;
			w->workload = b->workload != NULL ?
			    xstrdup(b->workload) : NULL;
			w->first_s = w->last_s = b->second;
			hindex_put(&sc->ix, h, i, bu_wl_eq, &k);
		}
		sc->last = i;
	}
	w = &sc->w[i];
	if (b->requests > 0) {
		if (b->second < w->first_s)
			w->first_s = b->second;
		if (b->second > w->last_s)
			w->last_s = b->second;
		/* the buckets come by second: one entry a second */
		if (w->nreq > 0 && w->req[w->nreq - 1].s == b->second)
			w->req[w->nreq - 1].n += b->requests;
		else {
			if (w->nreq == w->reqcap) {
				w->reqcap = w->reqcap == 0 ? 64 :
				    w->reqcap * 2;
				w->req = xreallocarray(w->req, w->reqcap,
				    sizeof *w->req);
			}
			w->req[w->nreq].s = b->second;
			w->req[w->nreq].n = b->requests;
			w->nreq++;
		}
	}
	if (b->errors <= 0)
		return (0);
	/* kept once while one pod's errors follow one another */
	if (b->pod_uid != NULL && !str_eq(sc->last_uid, b->pod_uid))
		sc->last_uid = arena_strdup(&sc->uids, b->pod_uid);
	if (w->n == w->cap) {
		w->cap = w->cap == 0 ? 16 : w->cap * 2;
		w->v = xreallocarray(w->v, w->cap, sizeof *w->v);
	}
	w->v[w->n].s = b->second;
	w->v[w->n].errors = b->errors;
	w->v[w->n].uid = b->pod_uid != NULL ? sc->last_uid : NULL;
	w->v[w->n].pod = NULL;
	w->n++;
	return (0);
}

/*
 * Keeps the workload's errors that no finding explains, each with its
 * pod when the window has it (a workload's pods are in one window).
 */
static void
bu_resolve(struct analysis *a, struct bu_wl *w)
{
	const struct podset_pod	*p;
	size_t			 i, n = 0;

	for (i = 0; i < w->n; i++) {
		p = w->v[i].uid != NULL ? podset_find(a->pods, w->v[i].uid) :
		    NULL;
		if (p != NULL && bu_explained(a, w->namespace, w->workload,
		    p->r.name, w->v[i].s))
			continue;
		w->v[n] = w->v[i];
		w->v[n++].pod = p;
	}
	w->n = n;
}

static int
bu_cmp_int64(const void *a, const void *b)
{
	const int64_t	*p = a, *q = b;

	return (*p < *q ? -1 : *p > *q);
}

/*
 * The baseline: 5xx per second in the workload's median minute over the
 * span of its traffic (the lower median; minutes without 5xx count).
 */
static double
bu_baseline(const struct bu_wl *w, const struct bu_sec *sec, size_t nsec)
{
	int64_t	*m, first_m, cur = INT64_MIN, nmin, zeros, mid;
	size_t	 i, k = 0;
	double	 r;

	first_m = time_floor_div(w->first_s, 60);
	nmin = time_floor_div(w->last_s, 60) - first_m + 1;
	m = xreallocarray(NULL, nsec > 0 ? nsec : 1, sizeof *m);
	for (i = 0; i < nsec; i++) {
		int64_t mi = time_floor_div(sec[i].s, 60);

		if (mi != cur) {
			m[k++] = 0;
			cur = mi;
		}
		m[k - 1] += sec[i].n;
	}
	if (nmin < (int64_t)k)
		nmin = (int64_t)k;
	xqsort(m, k, sizeof *m, bu_cmp_int64);
	zeros = nmin - (int64_t)k;
	mid = (nmin - 1) / 2;
	r = mid < zeros ? 0 : (double)m[mid - zeros] / 60;
	free(m);
	return (r);
}

/*
 * A slow burst's count test: the requests of its window, the workload's
 * own error rate outside it, and the chance of as many errors at that
 * rate.
 */
struct bu_rate {
	int64_t	 requests;	/* in the burst's window */
	double	 usual;		/* errors per request outside it */
	double	 p;		/* P(as many errors by chance) */
};

/*
 * Adds one burst's finding: seconds sec[from..to] of workload w; rate is
 * NULL for a burst of hot seconds, else a slow burst's count test.
 */
static void
bu_finding(struct analysis *a, const struct bu_wl *w,
    const struct bu_sec *sec, size_t from, size_t to, double baseline,
    const struct rolist *ro, const struct bu_rate *rate)
{
	const struct rolist_item	*nr;
	struct finding			*f;
	json_t				*ev = json_object(), *near;
	int64_t				 count = 0, peak = 0, s0 = sec[from].s;
	int64_t				 s1 = sec[to].s;
	size_t				 i;
	char				 dur[32], rw[320], words[340] = "";

	for (i = from; i <= to; i++) {
		count += sec[i].n;
		if (sec[i].n > peak)
			peak = sec[i].n;
	}
	f = analysis_add(a, FK_5XX_BURST, w->namespace, w->workload);
	f->pods = json_array();
	for (i = 0; i < w->n; i++) {
		if (w->v[i].s >= s0 && w->v[i].s <= s1 && w->v[i].pod != NULL)
			finding_add_pod(f, w->v[i].pod);
	}
	f->start_us = s0 * US;
	f->end_us = s1 * US;
	nr = rolist_nearest(ro, w->namespace, w->workload, f->start_us,
	    f->end_us + US, NEAR_ROLLOUT_S * US);
	near = rolist_json(nr, f->start_us);
	if (nr != NULL) {
		rolist_words(nr, rw, sizeof rw);
		snprintf(words, sizeof words, ", near %s", rw);
	}
	json_object_set_new(ev, "count", json_integer(count));
	json_object_set_new(ev, "peak_per_s", json_integer(peak));
	json_object_set_new(ev, "baseline_per_s",
	    json_real(round(baseline * 1000) / 1000));
	json_object_set_new(ev, "duration_s", json_integer(s1 - s0 + 1));
	json_object_set_new(ev, "first", jv_time(f->start_us));
	json_object_set_new(ev, "last", jv_time(f->end_us));
	json_object_set_new(ev, "nearest_rollout", near);
	if (rate != NULL) {
		json_object_set_new(ev, "requests", json_integer(
		    rate->requests));
		json_object_set_new(ev, "usual_error_ratio", json_real(
		    rate->usual));
		json_object_set_new(ev, "p_value", json_real(rate->p));
	}
	f->evidence = ev;
	analyze_fmt_dur((double)(s1 - s0 + 1), dur, sizeof dur);
	if (rate != NULL)
		f->summary = xasprintf("%lld 5xx responses from %s in %s, "
		    "%lld of its %lld requests then, against a usual 1 in "
		    "%.0f of its own traffic (p = %.2g)%s", (long long)count,
		    w->workload != NULL ? w->workload : "upstreams of no "
		    "known pod", dur, (long long)count,
		    (long long)rate->requests, rate->usual > 0 ? 1 /
		    rate->usual : 0, rate->p, words);
	else
		f->summary = xasprintf("%lld 5xx responses from %s in %s (up "
		    "to %lld a second, against a usual %.2f a second)%s",
		    (long long)count, w->workload != NULL ? w->workload :
		    "upstreams of no known pod", dur, (long long)peak,
		    baseline, words);
	f->recommendation = xasprintf("No termination or sidecar finding "
	    "explains these %lld failures: read the logs of the pods listed "
	    "and of their dependencies around %s%s.", (long long)count,
	    json_string_value(json_object_get(ev, "first")),
	    json_is_null(near) ? "" : "; the rollout nearby is the first "
	    "suspect (compare the new ReplicaSet's readiness and the "
	    "version it runs)");
}

/* Finds and reports the bursts of one workload. */
/* P(X >= k) for X ~ Poisson(lambda). */
static double
poisson_tail(double lambda, int64_t k)
{
	double	term, sum = 0;
	int64_t	i;

	if (k <= 0)
		return (1);
	if (lambda <= 0)
		return (0);
	/* the first term in log space, then the ratio of terms */
	term = exp(-lambda + (double)k * log(lambda) - lgamma((double)k + 1));
	for (i = k; i < k + 10000 && term > 1e-300; i++) {
		sum += term;
		term *= lambda / (double)(i + 1);
	}
	return (sum > 1 ? 1 : sum);
}

/* Slow bursts are counted over windows of these lengths (seconds). */
static const int64_t bu_windows[] = { 60, 300, 900 };
#define NWINDOWS	(sizeof bu_windows / sizeof bu_windows[0])

/* The first of req[0..n) at or after second t. */
static size_t
bu_at(const struct bu_sec *req, size_t n, int64_t t)
{
	size_t	lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (req[mid].s < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* A run of error seconds sec[from..to] and its count test. */
struct bu_run {
	size_t		 from, to;
	struct bu_rate	 rate;
};

/*
 * Slow bursts: errors too many for a window of the workload's own
 * traffic (a count test against its own error rate outside the window:
 * a release that fails one path every few seconds for minutes, in
 * traffic of a request a second with a few errors a day), which no hot
 * second shows.  Runs overlapping found[0..nfound) are left out.
 */
/* Sorts gaps. */
static int
bu_cmp_gap(const void *a, const void *b)
{
	const int64_t	*p = a, *q = b;

	return (*p < *q ? -1 : *p > *q);
}

/*
 * Trims a run's ends that stand apart from the rest (a gap to the next
 * error second over BURST_TRIM times the run's median gap): a window's
 * test takes in neighbours that are not the burst.
 */
static void
bu_trim(const struct bu_sec *sec, struct bu_run *r)
{
	int64_t	*gap, med;
	size_t	 n = r->to - r->from, i;

	if (n < 3)
		return;
	gap = xreallocarray(NULL, n, sizeof *gap);
	for (i = 0; i < n; i++)
		gap[i] = sec[r->from + i + 1].s - sec[r->from + i].s;
	xqsort(gap, n, sizeof *gap, bu_cmp_gap);
	med = gap[n / 2] > 0 ? gap[n / 2] : 1;
	free(gap);
	while (r->to - r->from >= 3 && sec[r->from + 1].s - sec[r->from].s >
	    BURST_TRIM * med)
		r->from++;
	while (r->to - r->from >= 3 && sec[r->to].s - sec[r->to - 1].s >
	    BURST_TRIM * med)
		r->to--;
}

static void
bu_slow(struct analysis *a, const struct bu_wl *w, const struct bu_sec *sec,
    size_t nsec, double base, const struct rolist *ro,
    const struct bu_run *found, size_t nfound)
{
	int64_t		*ecum, *rcum, e, nreq, errors, requests;
	double		 lambda, p;
	struct bu_run	*run = NULL, *r;
	size_t		 end[NWINDOWS], nrun = 0, i, j, k, x, y;

	for (errors = 0, i = 0; i < nsec; i++)
		errors += sec[i].n;
	if (errors < BURST_MIN)
		return;		/* no window can hold a burst */
	ecum = xreallocarray(NULL, nsec + 1, sizeof *ecum);
	rcum = xreallocarray(NULL, w->nreq + 1, sizeof *rcum);
	for (ecum[0] = 0, i = 0; i < nsec; i++)
		ecum[i + 1] = ecum[i] + sec[i].n;
	for (rcum[0] = 0, i = 0; i < w->nreq; i++)
		rcum[i + 1] = rcum[i] + w->req[i].n;
	errors = ecum[nsec];
	requests = rcum[w->nreq];
	/* the windows that fail the test, merged where they overlap */
	for (k = 0; k < NWINDOWS; k++)
		end[k] = 0;
	for (i = 0; i < nsec; i++) {
		for (k = 0; k < NWINDOWS; k++) {
			/* the windows' ends only move forward */
			if (end[k] < i)
				end[k] = i;
			while (end[k] < nsec && sec[end[k]].s < sec[i].s +
			    bu_windows[k])
				end[k]++;
			j = end[k];
			if ((e = ecum[j] - ecum[i]) < BURST_MIN)
				continue;
			x = bu_at(w->req, w->nreq, sec[i].s);
			y = bu_at(w->req, w->nreq, sec[i].s + bu_windows[k]);
			nreq = rcum[y] - rcum[x];
			lambda = (double)nreq * ((double)(errors - e) + 0.5) /
			    (double)(requests - nreq > 0 ? requests - nreq : 1);
			if ((p = poisson_tail(lambda, e)) >= BURST_P)
				continue;
			if (nrun > 0 && i <= run[nrun - 1].to) {
				r = &run[nrun - 1];
				if (j - 1 > r->to)
					r->to = j - 1;
				if (p < r->rate.p)
					r->rate.p = p;
				continue;
			}
			run = xreallocarray(run, nrun + 1, sizeof *run);
			run[nrun++] = (struct bu_run){ .from = i, .to = j - 1,
			    .rate = { .p = p } };
		}
	}
	for (i = 0; i < nrun; i++) {
		r = &run[i];
		bu_trim(sec, r);
		for (k = 0; k < nfound; k++)
			if (found[k].from <= r->to && found[k].to >= r->from)
				break;
		if (k < nfound)
			continue;	/* a burst of hot seconds says it */
		x = bu_at(w->req, w->nreq, sec[r->from].s);
		y = bu_at(w->req, w->nreq, sec[r->to].s + 1);
		e = ecum[r->to + 1] - ecum[r->from];
		r->rate.requests = rcum[y] - rcum[x];
		nreq = requests - r->rate.requests;
		r->rate.usual = ((double)(errors - e) + 0.5) /
		    (double)(nreq > 0 ? nreq : 1);
		r->rate.p = poisson_tail(r->rate.usual *
		    (double)r->rate.requests, e);
		bu_finding(a, w, sec, r->from, r->to, base, ro, &r->rate);
	}
	free(run);
	free(ecum);
	free(rcum);
}

static void
bu_workload(struct analysis *a, const struct bu_wl *w,
    const struct rolist *ro)
{
	struct bu_sec	*sec;
	struct bu_run	*found = NULL;
	size_t		 nsec = 0, nfound = 0, i, j, first, last;
	double		 hot, base, rate;
	int64_t		 count, total;

	sec = xreallocarray(NULL, w->n > 0 ? w->n : 1, sizeof *sec);
	for (i = 0; i < w->n; i++) {
		if (nsec > 0 && sec[nsec - 1].s == w->v[i].s) {
			sec[nsec - 1].n += w->v[i].errors;
			continue;
		}
		sec[nsec].s = w->v[i].s;
		sec[nsec].n = w->v[i].errors;
		nsec++;
	}
	base = bu_baseline(w, sec, nsec);
	hot = base * BURST_RATIO;
	/*
	 * The usual rate for the chance test: the median, but never below
	 * the mean (a workload with rare, evenly spread errors has a median
	 * of 0, and then any two errors close together would look rare).
	 */
	for (total = 0, i = 0; i < nsec; i++)
		total += sec[i].n;
	rate = (double)total / (double)(w->last_s - w->first_s + 1);
	if (rate < base)
		rate = base;
	i = 0;
	while (i < nsec) {
		if ((double)sec[i].n < hot) {
			i++;
			continue;
		}
		/* a run: hot seconds less than BURST_GAP_S apart */
		first = last = i;
		for (j = i + 1; j < nsec &&
		    sec[j].s - sec[last].s < BURST_GAP_S; j++) {
			if ((double)sec[j].n >= hot)
				last = j;
		}
		for (count = 0, j = first; j <= last; j++)
			count += sec[j].n;
		if (count >= BURST_MIN && (double)count / (double)(sec[last].s -
		    sec[first].s + 1) >= hot && poisson_tail(rate *
		    (double)(sec[last].s - sec[first].s + BURST_GAP_S),
		    count) < BURST_P) {
			bu_finding(a, w, sec, first, last, base, ro, NULL);
			found = xreallocarray(found, nfound + 1,
			    sizeof *found);
			found[nfound++] = (struct bu_run){ .from = first,
			    .to = last };
		}
		i = last + 1;
	}
	bu_slow(a, w, sec, nsec, base, ro, found, nfound);
	free(found);
	free(sec);
}

/* Judges workload w, and frees what was read of it. */
static void
bu_judge(struct analysis *a, struct bu_scan *sc, struct bu_wl *w)
{
	bu_resolve(a, w);
	bu_workload(a, w, &sc->ro);
	w->done = 1;
	free(w->v);
	free(w->req);
	w->v = NULL;
	w->req = NULL;
	w->n = w->cap = w->nreq = w->reqcap = 0;
}

void
bu_forget(void *state)
{
	struct bu_scan	*sc = state;
	size_t		 i;

	for (i = 0; i < sc->nw; i++) {
		free(sc->w[i].namespace);
		free(sc->w[i].workload);
		free(sc->w[i].v);
		free(sc->w[i].req);
	}
	free(sc->w);
	hindex_free(&sc->ix);
	podwin_rows_free(sc->pw, sc->rows);
	rolist_free(&sc->ro);
	arena_free(&sc->uids);
	free(sc);
}

/* What bu_put puts the buckets of more than one window with. */
struct bu_put {
	struct bu_scan	*sc;
	char		**cause;
};

/* Puts a bucket in its workload's window (a scan's callback). */
static int
bu_put(void *ctx, const void *row)
{
	struct bu_put		*bp = ctx;
	const struct row_bucket	*b = row;

	return (podwin_rows_put(bp->sc->pw, bp->sc->rows, b->namespace,
	    b->workload, b, bp->cause) != 0 ? -1 : 0);
}

/* Reads the buckets, into the sums with one window, else by window. */
static int
bu_scan_all(struct analysis *a, struct bu_scan *sc, char **cause)
{
	struct bu_put	bp = { sc, cause };

	if (podwin_count(sc->pw) == 1)
		return (store_model_scan(a->st, ROW_BUCKET, bu_bucket, sc,
		    cause));
	sc->rows = podwin_rows_new(sc->pw, ROW_BUCKET);
	return (store_model_scan(a->st, ROW_BUCKET, bu_put, &bp, cause) != 0 ?
	    -1 : 0);
}

/*
 * 5xx-burst, a window at a time: every workload's buckets are read in
 * the first (and, with more than one window, the window's taken back
 * from the file in each), each workload judged in its pods' window
 * (after the rules whose findings explain its errors ran on them),
 * those of no pod in the last.
 */
int
rule_5xx_burst(struct analysis *a, char **cause)
{
	struct bu_scan		*sc = a->state[FK_5XX_BURST];
	struct bu_key		 k;
	size_t			 i, w;

	if (sc == NULL) {
		sc = a->state[FK_5XX_BURST] = xcalloc(1, sizeof *sc);
		sc->pw = a->win;
		if (rolist_load(a->st, &sc->ro, cause) != 0 ||
		    bu_scan_all(a, sc, cause) != 0)
			return (-1);
	}
	if (sc->rows != NULL && podwin_rows_each(sc->pw, sc->rows,
	    a->window, bu_bucket, sc, cause) != 0)
		return (-1);
	k.sc = sc;
	for (i = 0; i < a->pods->n; i = podset_workload_end(a->pods, i)) {
		k.ns = a->pods->v[i].r.namespace;
		k.workload = a->pods->v[i].r.workload;
		w = hindex_get(&sc->ix, hindex_str(hindex_str(HINDEX_SEED,
		    k.ns), k.workload), bu_wl_eq, &k);
		if (w != HINDEX_NONE && !sc->w[w].done)
			bu_judge(a, sc, &sc->w[w]);
	}
	if (!a->last_window)
		return (0);
	for (w = 0; w < sc->nw; w++) {
		if (!sc->w[w].done)
			bu_judge(a, sc, &sc->w[w]);
	}
	bu_forget(sc);
	a->state[FK_5XX_BURST] = NULL;
	return (0);
}
