/*
 * rules.c: the table of finding kinds (analyze.h: finding_kinds[], every kind
 * of coroner(1), FINDINGS with its severity, meaning and rule) and the rules of
 * the grace period, sigkill-at-grace-deadline and grace-budget-too-small. The
 * other families are rules-traffic.c, rules-sidecar.c, rules-job.c,
 * rules-death.c and reconcile.c.  Pods are grouped per workload and rollout:
 * one finding lists every pod of it.  A rule adds a finding only with the
 * evidence rows behind it.  Adding a kind: the README's recipe "Adding a
 * finding kind" lists every place.  No SQL, no drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "timefmt.h"

#define MARGIN_S	5	/* added to a measured shutdown */

/* Containers SIGKILLed at the grace deadline, per workload episode. */
static int
rule_sigkill(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	struct finding			*f;
	json_t				*d, *detail;
	size_t				 i, j, first = a->n;
	char				 g[32], ps[32];

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		/* a kill the deletion's own grace caused: grace-overridden */
		if (!p->r.killed || podset_grace_overridden(p))
			continue;
		f = analysis_group(a, FK_SIGKILL_AT_DEADLINE, p,
		    p->r.deletion_us);
		finding_add_pod(f, p);
		finding_widen(f, p->r.deletion_us, p->r.deadline_us);
		if ((detail = json_object_get(f->evidence,
		    "pods_detail")) == NULL) {
			detail = json_array();
			json_object_set_new(f->evidence, "pods_detail",
			    detail);
			json_object_set_new(f->evidence, "grace_s",
			    json_integer(p->r.grace_s));
			json_object_set_new(f->evidence, "prestop_s",
			    p->r.prestop_ms == INT_NONE ? json_null() :
			    json_real((double)p->r.prestop_ms / 1000));
			json_object_set_new(f->evidence, "killed",
			    json_integer(0));
		}
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!c->killed_at_deadline)
				continue;
			d = json_object();
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "deletion",
			    jv_time(p->r.deletion_us));
			json_object_set_new(d, "sigterm",
			    jv_time(c->sigterm_us));
			json_object_set_new(d, "deadline",
			    jv_time(c->deadline_us));
			json_object_set_new(d, "finished",
			    jv_time(c->finished_us));
			json_object_set_new(d, "exit_code",
			    json_integer(c->exit_code));
			json_array_append_new(detail, d);
			json_object_set_new(f->evidence, "killed",
			    json_integer((json_int_t)json_array_size(detail)));
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_SIGKILL_AT_DEADLINE)
			continue;
		snprintf(g, sizeof g, "%lld", (long long)json_integer_value(
		    json_object_get(f->evidence, "grace_s")));
		if (json_is_null(json_object_get(f->evidence, "prestop_s")))
			snprintf(ps, sizeof ps, "no preStop sleep");
		else
			snprintf(ps, sizeof ps, "a preStop sleep of %.0f s",
			    json_real_value(json_object_get(f->evidence,
			    "prestop_s")));
		f->summary = xasprintf("%lld container%s of %s %s SIGKILLed "
		    "(exit 137) when the %s s grace period ran out, after %s",
		    (long long)json_integer_value(json_object_get(f->evidence,
		    "killed")), json_integer_value(json_object_get(f->evidence,
		    "killed")) == 1 ? "" : "s", f->workload,
		    json_integer_value(json_object_get(f->evidence,
		    "killed")) == 1 ? "was" : "were", g, ps);
		f->recommendation = xasprintf("The app had not finished its "
		    "shutdown when the grace period ended.  The grace period "
		    "starts at the deletion request, before the preStop hook: "
		    "set terminationGracePeriodSeconds to preStop + the "
		    "longest measured shutdown + a margin (see "
		    "grace-budget-too-small), flush before acknowledging, and "
		    "alert on exit 137 during rollouts.");
	}
	return (0);
}

/* A routed pod's workload against a finding's, in the store's order. */
static int
cmp_workload(const struct store_routed *r, const struct finding *f)
{
	int	c;

	if ((c = str_cmp(r->namespace, f->namespace)) != 0)
		return (c);
	return (str_cmp(r->workload, f->workload));
}

/*
 * The lag of the load balancer in front of f's workload: the latest end
 * of a second with requests routed to one of its pods after its deletion
 * request (budget_lag_us), or TIME_NONE when none was.
 */
static int64_t
workload_lag(const struct store_routed *rt, size_t nrt,
    const struct finding *f)
{
	int64_t	lag = TIME_NONE, l;
	size_t	lo = 0, hi = nrt, mid, i;

	/* rt is by namespace and workload (NULL first): its run of f's */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (cmp_workload(&rt[mid], f) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < nrt && cmp_workload(&rt[i], f) == 0; i++) {
		l = budget_lag_us(rt[i].deletion_us, rt[i].last_routed_s);
		if (lag == TIME_NONE || l > lag)
			lag = l;
	}
	return (lag);
}

/*
 * The shutdowns (model_shutdown_add) of the workloads of the grace-budget
 * findings from first on, over every pod of the workload imported,
 * whatever its rollout or grace, in one pass over the pods: sd[i - first]
 * for a->v[i].
 */
static void
workload_shutdowns(struct analysis *a, size_t first,
    struct model_shutdowns *sd)
{
	const struct podset_pod		*p;
	struct finding			*f;
	struct model_shutdowns		*w;
	size_t				 i, j;

	for (i = first; i < a->n; i++)
		sd[i - first] = (struct model_shutdowns)MODEL_SHUTDOWNS_INIT;
	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		for (f = analysis_latest(a, FK_GRACE_BUDGET, p->r.namespace,
		    p->r.workload); f != NULL; f = analysis_earlier(a, f)) {
			if ((size_t)(f - a->v) < first)
				continue;
			w = &sd[(size_t)(f - a->v) - first];
			for (j = 0; j < p->nc; j++)
				model_shutdown_add(w, &p->c[j], p->r.name);
		}
	}
}

/*
 * A grace-budget-too-small finding's numbers, summary and fix.  The
 * shutdown is the longest measured one of the workload when one is
 * longer than the killed containers' lower bound (a shutdown measured
 * under a longer grace tells more than a kill at a short one).  When a
 * load balancer kept routing past the preStop sleep (lag_us), the sleep
 * must grow to cover it first (as "coroner lint" says, prestop-covers-lb)
 * and the grace with it.
 */
static void
budget_finish(struct finding *f, const struct model_shutdowns *sd,
    int64_t lag_us)
{
	json_t		*e = f->evidence;
	struct budget	 b;
	double		 prestop, shutdown, lag = -1;
	int64_t		 sleep_s = -1;
	int		 observed;
	char		 why[320], count[96], how[256], lags[96];

	prestop = json_real_value(json_object_get(e, "prestop_s"));
	observed = budget_shutdown_of(sd->longest_us != TIME_NONE ?
	    (double)sd->longest_us / 1e6 : -1, json_real_value(
	    json_object_get(e, "shutdown_s")), &shutdown) == BUDGET_OBSERVED;
	if (observed) {
		json_object_set_new(e, "shutdown_s", json_real(shutdown));
		json_object_set_new(e, "shutdown_basis",
		    json_string("observed"));
		json_object_set_new(e, "shutdown_pod",
		    json_string(sd->longest_pod));
	}
	json_object_set_new(e, "containers_killed",
	    json_integer(sd->killed));
	json_object_set_new(e, "containers_exited",
	    json_integer(sd->exited));
	if (lag_us != TIME_NONE) {
		lag = budget_lag_s(lag_us);
		json_object_set_new(e, "lb_lag_s", json_real(lag));
		if (lag > prestop)
			sleep_s = budget_prestop_for_lag(lag, MARGIN_S);
	}
	b = (struct budget){ .grace_s = (double)json_integer_value(
	    json_object_get(e, "grace_s")), .prestop_s = sleep_s >= 0 ?
	    (double)sleep_s : prestop, .shutdown_s = shutdown,
	    .basis = observed ? BUDGET_OBSERVED : BUDGET_LOWER_BOUND,
	    .margin_s = MARGIN_S };
	budget_compute(&b);
	json_object_set_new(e, "recommended_grace_s",
	    json_integer((json_int_t)b.recommended_s));
	if (sleep_s >= 0)
		json_object_set_new(e, "recommended_prestop_s",
		    json_integer((json_int_t)sleep_s));
	if (sd->exited == 0)
		snprintf(count, sizeof count, "every container was killed");
	else
		snprintf(count, sizeof count, "%lld of the %lld containers "
		    "that got SIGTERM were killed", (long long)sd->killed,
		    (long long)(sd->killed + sd->exited));
	if (observed)
		snprintf(how, sizeof how, "%.1f s, the longest measured: "
		    "%s exited on its own that long after SIGTERM; %s",
		    shutdown, sd->longest_pod, count);
	else
		snprintf(how, sizeof how, "at least %.1f s: %s, so this is a "
		    "lower bound", shutdown, count);
	f->summary = xasprintf("%s's grace period of %lld s does not hold "
	    "its preStop sleep of %.0f s plus its shutdown (%s)", f->workload,
	    (long long)json_integer_value(json_object_get(e, "grace_s")),
	    prestop, how);
	if (sleep_s >= 0) {
		budget_lag_phrase(lag_us, 2, lags, sizeof lags);
		snprintf(why, sizeof why, "a load balancer kept routing to its "
		    "pods %s, past the preStop sleep of %.0f s: make the "
		    "sleep %lld s (the lag + %d s margin, rounded up), then ",
		    lags, prestop,
		    (long long)sleep_s, MARGIN_S);
	} else
		why[0] = '\0';
	if (observed)
		f->recommendation = xasprintf("%s%set "
		    "terminationGracePeriodSeconds to at least %lld s (preStop "
		    "%.0f s + the measured shutdown of %.1f s + %d s margin, "
		    "rounded up to 5 s).", why, sleep_s >= 0 ? "s" : "S",
		    (long long)b.recommended_s, b.prestop_s, shutdown,
		    MARGIN_S);
	else
		f->recommendation = xasprintf("%s%set "
		    "terminationGracePeriodSeconds to at least %lld s (preStop "
		    "%.0f s + shutdown >= %.1f s + %d s margin, rounded up to "
		    "5 s); measure the real shutdown (the app's log of its "
		    "flush) and size the grace to it.", why, sleep_s >= 0 ?
		    "s" : "S", (long long)b.recommended_s, b.prestop_s,
		    shutdown, MARGIN_S);
}

/*
 * The grace budget: preStop + shutdown + margin against the grace period,
 * for a workload whose containers were killed at the deadline.  Their
 * deadline - SIGTERM is only a lower bound of the shutdown; a shutdown
 * measured on any pod of the workload (one that exited on its own after
 * SIGTERM, under a longer grace) is used when it is longer.
 */
static int
rule_grace_budget(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	struct finding			*f;
	struct store_routed		*rt;
	struct model_shutdowns		*sd;
	size_t				 i, j, nrt, first = a->n;
	double				 shutdown, prestop;
	json_t				*e;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		/* the budget is the spec's grace, not a deletion's */
		if (podset_grace_overridden(p))
			continue;
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (c->sidecar || c->init || c->sigterm_us ==
			    TIME_NONE || c->finished_us == TIME_NONE ||
			    c->finished_us < c->sigterm_us ||
			    !c->killed_at_deadline)
				continue;	/* fits: no finding */
			shutdown = (double)(c->finished_us - c->sigterm_us) /
			    1e6;
			prestop = c->prestop_ms != INT_NONE ?
			    (double)c->prestop_ms / 1000 : 0;
			f = analysis_group(a, FK_GRACE_BUDGET, p,
			    p->r.deletion_us);
			finding_add_pod(f, p);
			finding_widen(f, p->r.deletion_us, p->r.deadline_us);
			e = f->evidence;
			if (json_object_get(e, "shutdown_s") == NULL ||
			    shutdown > json_real_value(json_object_get(e,
			    "shutdown_s"))) {
				json_object_set_new(e, "shutdown_s",
				    json_real(shutdown));
				json_object_set_new(e, "shutdown_basis",
				    json_string("lower-bound"));
			}
			json_object_set_new(e, "grace_s",
			    json_integer(p->r.grace_s));
			json_object_set_new(e, "prestop_s", json_real(prestop));
			json_object_set_new(e, "margin_s",
			    json_integer(MARGIN_S));
		}
	}
	if (first == a->n)
		return (0);
	if (store_routed_after_deletion(a->st, (int64_t)BUDGET_LAG_MAX_S *
	    1000000, &rt, &nrt, cause) != 0)
		return (-1);
	sd = xreallocarray(NULL, a->n - first, sizeof *sd);
	workload_shutdowns(a, first, sd);
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind == FK_GRACE_BUDGET)
			budget_finish(f, &sd[i - first], workload_lag(rt, nrt,
			    f));
	}
	free(sd);
	store_routed_free(rt, nrt);
	return (0);
}

#define K(k)	FK_BIT(FK_##k)

/*
 * Every finding kind (coroner(1), FINDINGS; the README's table), its severity
 * and meaning (for help texts and reports) and the rule that finds it.  The
 * rules run in this order, except that a rule runs after those of the kinds in
 * its "after" set, whose findings it reads.
 */
const struct finding_kind_def finding_kinds[FK__COUNT] = {
	[FK_SIGKILL_AT_DEADLINE] = {
		.name = "sigkill-at-grace-deadline",
		.severity = SEV_CRITICAL,
		.means = "containers were SIGKILLed when the grace period ran "
		    "out (exit 137 at the deletion request + grace)",
		.badge = "KILL",
		.rule = rule_sigkill,
		.by_workload = 1,
		.picture = FP_KILL,
	},
	[FK_GRACE_BUDGET] = {
		.name = "grace-budget-too-small",
		.severity = SEV_CRITICAL,
		.means = "preStop + the measured (or lower-bound) shutdown + a "
		    "margin does not fit terminationGracePeriodSeconds",
		.badge = "GRACE",
		.rule = rule_grace_budget,
		.by_workload = 1,
		.picture = FP_BUDGET,
	},
	[FK_OOM_KILLED] = {
		.name = "oom-killed",
		.severity = SEV_WARNING,
		.means = "a container was OOMKilled",
		.badge = "OOM",
		.rule = rule_oom,
		.by_workload = 1,
	},
	[FK_SIDECAR_EXITED] = {
		.name = "sidecar-exited-before-app",
		.severity = SEV_CRITICAL,
		.means = "the proxy container ended before the app during "
		    "termination, and requests or outbound calls failed in "
		    "between",
		.badge = "SIDE",
		.rule = rule_sidecar_exited,
		.by_workload = 1,
		.picture = FP_NO_PROXY,
	},
	[FK_TRAFFIC_AFTER_SHUTDOWN] = {
		.name = "traffic-after-shutdown",
		.severity = SEV_CRITICAL,
		.means = "requests to a pod's IP failed after it stopped "
		    "accepting while a load balancer still routed to it",
		.badge = "LB",
		.rule = rule_traffic_after_shutdown,
		.by_workload = 1,
		/* failures the proxy explains are not the LB's */
		.after = K(SIDECAR_EXITED),
		.picture = FP_ROUTED,
	},
	[FK_APP_BEFORE_PROXY] = {
		.name = "app-started-before-proxy",
		.severity = SEV_WARNING,
		.means = "the app failed calls before its proxy was ready",
		.badge = "PROXY",
		.rule = rule_app_before_proxy,
		.by_workload = 1,
	},
	[FK_JOB_HELD] = {
		.name = "job-held-by-sidecar",
		.severity = SEV_CRITICAL,
		.means = "a Job pod's main containers finished but a sidecar "
		    "kept the pod (and the Job) running",
		.badge = "HELD",
		.rule = rule_job_held,
		.by_workload = 1,
		.picture = FP_HELD,
	},
	[FK_JOB_OVERRAN] = {
		.name = "job-overran",
		.severity = SEV_WARNING,
		.means = "a Job ran more than twice the median of its "
		    "CronJob's earlier runs, with no sidecar to blame",
		.badge = "OVER",
		.rule = rule_job_overran,
		.by_workload = 1,
		.forget = job_forget,
		.after = K(JOB_HELD),
	},
	[FK_RECORDS_LOST] = {
		.name = "records-lost-at-termination",
		.severity = SEV_CRITICAL,
		.means = "records missing from the actual set concentrate in "
		    "a workload's termination windows",
		.badge = "LOST",
		.records = 1,
		.rule = reconcile_run,
		.no_pods = 1,
		.picture = FP_LOST,
	},
	[FK_RECORDS_MISSING] = {
		.name = "records-missing",
		.severity = SEV_WARNING,
		.means = "records missing with no such concentration",
		.badge = "MISS",
		.records = 1,
		.rule = reconcile_run,
		.no_pods = 1,
	},
	[FK_NODE_RESTART] = {
		.name = "node-restart",
		.severity = SEV_WARNING,
		.means = "containers of one node ended together with reason "
		    "Unknown (exit 255): the node or its runtime restarted; "
		    "these restarts are not the apps' fault",
		.badge = "NODE",
		.rule = rule_node_restart,
		.no_pods = 1,
	},
	[FK_CRASH_LOOP] = {
		.name = "crash-loop",
		.severity = SEV_WARNING,
		.severity_note = "critical while a container waits in "
		    "CrashLoopBackOff",
		.means = "a container keeps exiting on its own (non-zero, not "
		    "a kill) and is restarted",
		.badge = "LOOP",
		.rule = rule_crash_loop,
		.by_workload = 1,
		/* restarts its node's restarts explain are not its own */
		.after = K(NODE_RESTART),
	},
	[FK_LIVENESS_RESTART] = {
		.name = "liveness-restart",
		.severity = SEV_WARNING,
		.means = "the kubelet killed containers whose liveness probe "
		    "failed",
		.badge = "LIVE",
		.rule = rule_liveness_restart,
		.by_workload = 1,
	},
	[FK_EVICTED] = {
		.name = "evicted",
		.severity = SEV_WARNING,
		.means = "pods evicted for node pressure, preempted, or ended "
		    "by a node shutdown",
		.badge = "EVICT",
		.rule = rule_evicted,
		.by_workload = 1,
	},
	[FK_START_FAILED] = {
		.name = "start-failed",
		.severity = SEV_WARNING,
		.means = "containers could not start (ContainerCannotRun, "
		    "StartError, exit 126/127, a missing ConfigMap or Secret, "
		    "an image that cannot be pulled)",
		.badge = "START",
		.rule = rule_start_failed,
		.by_workload = 1,
	},
	[FK_JOB_FAILED] = {
		.name = "job-failed",
		.severity = SEV_CRITICAL,
		.means = "a Job failed (backoff limit, deadline, failure "
		    "policy) or all its pods failed",
		.badge = "JOBF",
		.rule = rule_job_failed,
		.by_workload = 1,
		.forget = job_forget,
	},
	[FK_5XX_BURST] = {
		.name = "5xx-burst",
		.severity = SEV_WARNING,
		.means = "a burst of 5xx responses that no more specific "
		    "finding explains, with the nearest rollout",
		.badge = "5XX",
		.rule = rule_5xx_burst,
		.by_workload = 1,
		.forget = bu_forget,
		/* bursts that no finding of these kinds explains */
		.after = K(TRAFFIC_AFTER_SHUTDOWN) | K(SIDECAR_EXITED) |
		    K(APP_BEFORE_PROXY) | K(CRASH_LOOP) | K(LIVENESS_RESTART) |
		    K(EVICTED) | K(NODE_RESTART),
	},
	[FK_GRACE_OVERRIDDEN] = {
		.name = "grace-overridden",
		.severity = SEV_WARNING,
		.severity_note = "critical when containers were SIGKILLed",
		.means = "a deletion asked for less grace than the pod's "
		    "terminationGracePeriodSeconds (--grace-period, --force, "
		    "an eviction's deleteOptions)",
		.badge = "OVRD",
		.rule = rule_grace_overridden,
		.by_workload = 1,
		.names_deleter = 1,
	},
	[FK_EVICTION_BLOCKED] = {
		.name = "eviction-blocked",
		.severity = SEV_WARNING,
		.means = "evictions of a pod were refused by a disruption "
		    "budget (429) for over a minute: a drain or scale-down "
		    "stalled",
		.badge = "PDB",
		.rule = rule_eviction_blocked,
		.forget = blocked_forget,
		.by_workload = 1,
		.names_deleter = 1,
	},
	[FK_EXITS_UNKNOWN] = {
		.name = "exits-unknown",
		.severity = SEV_WARNING,
		.means = "pods were deleted and are gone, but how their "
		    "containers ended was never logged (an audit log without "
		    "the kubelet's status patches): their exit codes are "
		    "unknown, and no other finding guesses them",
		.badge = "EXIT?",
		.rule = rule_exits_unknown,
		.by_workload = 1,
	},
	[FK_WORKLOAD_UNAVAILABLE] = {
		.name = "workload-unavailable",
		.severity = SEV_CRITICAL,
		.severity_note = "warning when some pods stayed ready",
		.means = "a workload had no ready pod, or fewer than half of "
		    "its replicas, for 30 s or more (readiness probes failing, "
		    "pods not started, their node down): the outage its users "
		    "saw, with the findings around it",
		.badge = "DOWN",
		.rule = rule_workload_unavailable,
		.by_workload = 1,
		.forget = wu_forget,
		/* it names the findings around it: every other kind's */
		.after = FK_BIT(FK_WORKLOAD_UNAVAILABLE) - 1,
	},
};
