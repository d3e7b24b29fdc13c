/*
 * rules.c: the table of rules and the rules that read the model's pods
 * (analyze.h): one function per finding kind of DESIGN §6.  Pods are
 * grouped per workload and rollout: one finding lists every pod of it.
 * A rule adds a finding only with the evidence rows behind it.  No SQL,
 * no drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "timefmt.h"

#define MARGIN_S	5	/* added to a measured shutdown */

/*
 * The finding of this kind for the pod's workload, added when missing.
 * Deaths more than an hour apart are separate episodes (rollouts).
 */
static struct finding *
group(struct analysis *a, const char *kind, const char *severity,
    const struct podset_pod *p, int64_t at)
{
	struct finding	*f;
	size_t		 i;

	for (i = a->n; i > 0; i--) {
		f = &a->v[i - 1];
		if (strcmp(f->kind, kind) == 0 &&
		    str_eq(f->namespace, p->r.namespace) &&
		    str_eq(f->workload, p->r.workload) &&
		    (at == TIME_NONE || f->end_us == TIME_NONE ||
		    at - f->end_us < (int64_t)3600 * 1000000))
			return (f);
	}
	f = analysis_add(a, kind, severity, p->r.namespace, p->r.workload);
	f->pods = json_array();
	f->evidence = json_object();
	return (f);
}

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

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
		if (!p->r.killed)
			continue;
		f = group(a, "sigkill-at-grace-deadline", "critical", p,
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
		if (strcmp(f->kind, "sigkill-at-grace-deadline") != 0)
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

/*
 * The grace budget: preStop + shutdown + margin against the grace period.
 * The shutdown is observed when a container exited after SIGTERM before
 * the deadline; when every one was killed, deadline - SIGTERM is only a
 * lower bound.
 */
static int
rule_grace_budget(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	struct finding			*f;
	size_t				 i, j, first = a->n;
	double				 shutdown, prestop, need;
	int				 killed;
	const char			*basis;
	json_t				*e;

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (c->sidecar || c->init || c->sigterm_us ==
			    TIME_NONE || c->finished_us == TIME_NONE ||
			    c->finished_us < c->sigterm_us)
				continue;
			killed = c->killed_at_deadline;
			shutdown = (double)(c->finished_us - c->sigterm_us) /
			    1e6;
			prestop = c->prestop_ms != INT_NONE ?
			    (double)c->prestop_ms / 1000 : 0;
			if (!killed)
				continue;	/* fits: no finding */
			f = group(a, "grace-budget-too-small", "critical", p,
			    p->r.deletion_us);
			finding_add_pod(f, p);
			finding_widen(f, p->r.deletion_us, p->r.deadline_us);
			e = f->evidence;
			basis = "lower-bound";
			if (json_object_get(e, "shutdown_s") == NULL ||
			    shutdown > json_real_value(json_object_get(e,
			    "shutdown_s"))) {
				json_object_set_new(e, "shutdown_s",
				    json_real(shutdown));
				json_object_set_new(e, "shutdown_basis",
				    json_string(basis));
			}
			json_object_set_new(e, "grace_s",
			    json_integer(p->r.grace_s));
			json_object_set_new(e, "prestop_s", json_real(prestop));
			json_object_set_new(e, "margin_s",
			    json_integer(MARGIN_S));
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (strcmp(f->kind, "grace-budget-too-small") != 0)
			continue;
		e = f->evidence;
		prestop = json_real_value(json_object_get(e, "prestop_s"));
		shutdown = json_real_value(json_object_get(e, "shutdown_s"));
		need = ceil((prestop + shutdown + MARGIN_S) / 5) * 5;
		json_object_set_new(e, "recommended_grace_s",
		    json_integer((json_int_t)need));
		f->summary = xasprintf("%s's grace period of %lld s does not "
		    "hold its preStop sleep of %.0f s plus its shutdown (at "
		    "least %.1f s: every container was killed, so this is a "
		    "lower bound)", f->workload, (long long)
		    json_integer_value(json_object_get(e, "grace_s")),
		    prestop, shutdown);
		f->recommendation = xasprintf("Set "
		    "terminationGracePeriodSeconds to at least %.0f s (preStop "
		    "%.0f s + shutdown >= %.1f s + %d s margin, rounded up to "
		    "5 s); measure the real shutdown (the app's log of its "
		    "flush) and size the grace to it, or shorten the preStop "
		    "sleep to what the load balancer needs.",
		    need, prestop, shutdown, MARGIN_S);
	}
	return (0);
}

/* Containers OOMKilled: memory, never the grace period. */
static int
rule_oom(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	struct finding			*f;
	json_t				*d, *detail;
	size_t				 i, j, first = a->n;

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!str_eq(c->reason, "OOMKilled"))
				continue;
			f = group(a, "oom-killed", "warning", p,
			    c->finished_us);
			finding_add_pod(f, p);
			finding_widen(f, c->finished_us, c->finished_us);
			if ((detail = json_object_get(f->evidence,
			    "pods_detail")) == NULL) {
				detail = json_array();
				json_object_set_new(f->evidence, "pods_detail",
				    detail);
			}
			d = json_object();
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "finished",
			    jv_time(c->finished_us));
			json_object_set_new(d, "exit_code",
			    json_integer(c->exit_code));
			json_object_set_new(d, "restarts", c->restarts ==
			    INT_NONE ? json_null() : json_integer(c->restarts));
			json_array_append_new(detail, d);
			json_object_set_new(f->evidence, "count", json_integer(
			    (json_int_t)json_array_size(detail)));
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (strcmp(f->kind, "oom-killed") != 0)
			continue;
		f->summary = xasprintf("%lld container%s of %s ran out of "
		    "memory (OOMKilled, exit 137)", (long long)
		    json_integer_value(json_object_get(f->evidence, "count")),
		    json_integer_value(json_object_get(f->evidence,
		    "count")) == 1 ? "" : "s", f->workload);
		f->recommendation = xstrdup("Raise the memory limit or find "
		    "what grew (the container's last log lines); this exit "
		    "137 is the kernel's OOM killer, not the grace period.");
	}
	return (0);
}

const struct rule rules[] = {
	{ .name = "SIGKILL at the grace deadline", .run = rule_sigkill },
	{ .name = "grace budget", .run = rule_grace_budget },
	{ .name = "OOMKilled", .run = rule_oom },
	{ .name = "sidecar exited before the app",
	    .run = rule_sidecar_exited },
	/* after the sidecar: failures the proxy explains are not the LB's */
	{ .name = "traffic after shutdown",
	    .run = rule_traffic_after_shutdown },
	{ .name = "app started before its proxy",
	    .run = rule_app_before_proxy },
	{ .name = "Job held by its sidecar", .run = rule_job_held },
	{ .name = "Job overran", .run = rule_job_overran },
	{ .name = "records", .run = reconcile_run },
	/* last: bursts that no finding above explains */
	{ .name = "5xx bursts", .run = rule_5xx_burst },
	{ .name = NULL, .run = NULL }
};
