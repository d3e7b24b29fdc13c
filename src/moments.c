/*
 * moments.c: the moments of one pod (moments.h), derived once for
 * `coroner timeline`, the HTML report and the TUI.  The pod's own times
 * come from the model (lifecycle.c decided them and their bases); its
 * events, log lines, the traffic routed to it and the records lost in
 * its window come from the store.  Each becomes one captioned moment
 * with the rows behind it.  No SQL (store.h), no drawing, no rules: what
 * a moment says is what the model derived.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "moments.h"
#include "budget.h"
#include "timefmt.h"
#include "timeline.h"

#define SEC_US		1000000LL
#define LOG_PAD_US	(10 * SEC_US)	/* log lines kept around a death */

static const char *const kind_names[MO__COUNT] = {
	[MO_CREATED] = "created",
	[MO_SCHEDULED] = "scheduled",
	[MO_STARTED] = "started",
	[MO_READY] = "ready",
	[MO_DELETION] = "deletion",
	[MO_PRESTOP] = "prestop",
	[MO_SIGTERM] = "sigterm",
	[MO_DEADLINE] = "deadline",
	[MO_C_STARTED] = "container-started",
	[MO_C_READY] = "container-ready",
	[MO_EXIT] = "exit",
	[MO_KILLED] = "killed",
	[MO_OOM] = "oom-killed",
	[MO_GONE] = "gone",
	[MO_FIRST_FAILURE] = "first-failure",
	[MO_LAST_FAILURE] = "last-failure",
	[MO_LAST_ROUTED] = "last-routed",
	[MO_EVENT] = "event",
	[MO_LOG] = "log",
	[MO_MISSING] = "missing-record",
	[MO_DIED] = "died",
	[MO_RESTARTED] = "restarted",
	[MO_ENDED] = "ended",
	[MO_EP_TERMINATING] = "endpoint-terminating",
	[MO_EP_GONE] = "endpoint-gone",
};

const char *
moment_kind_name(enum moment_kind kind)
{
	return (kind < MO__COUNT ? kind_names[kind] : "?");
}

/* The units an offset reads in, and from how far each is used. */
static const struct {
	int64_t		 us;		/* the unit */
	int64_t		 from_us;	/* offsets this long or longer */
	const char	*name;		/* "min" */
	const char	*tag;		/* in a compound offset ("m") */
} units[] = {
	{ 86400 * SEC_US, 172800 * SEC_US, "d", "d" },
	{ 3600 * SEC_US, 6000 * SEC_US, "h", "h" },
	{ 60 * SEC_US, 100 * SEC_US, "min", "m" },
	{ SEC_US, 0, "s", "s" },
};
#define NUNITS	(sizeof units / sizeof units[0])

void
moments_fmt_offset_res(int64_t d_us, int64_t res_us, char *out, size_t len)
{
	int64_t	a = d_us < 0 ? -d_us : d_us, n;
	size_t	u, k, at;
	char	sign = d_us < 0 ? '-' : '+';

	for (u = 0; u < NUNITS - 1 && a < units[u].from_us; u++)
		;
	if (res_us <= 0)
		res_us = units[u].us / 10;
	/* whole units: the largest that both are ("+1 d", "+1 min") */
	for (k = 0; k <= u; k++) {
		if ((a != 0 || k == u) && res_us % units[k].us == 0 &&
		    a % units[k].us == 0) {
			snprintf(out, len, "%c%lld %s", sign,
			    (long long)(a / units[k].us), units[k].name);
			return;
		}
	}
	if (u == NUNITS - 1 || res_us % (units[u].us / 10) == 0) {
		snprintf(out, len, "%+.1f %s", (double)d_us /
		    (double)units[u].us, units[u].name);
		return;
	}
	/*
	 * Finer than a tenth of its unit (an axis zoomed in days from its
	 * zero): the whole units, then each smaller one down to the
	 * resolution ("+5d00h40m02s").
	 */
	at = (size_t)snprintf(out, len, "%c%lld%s", sign,
	    (long long)(a / units[u].us), units[u].tag);
	for (k = u + 1; k < NUNITS && at < len; k++) {
		n = a % units[k - 1].us / units[k].us;
		at += (size_t)snprintf(out + at, len - at, "%02lld%s",
		    (long long)n, units[k].tag);
		if (res_us % units[k].us == 0)
			break;
	}
}

void
moments_fmt_offset(int64_t d_us, char *out, size_t len)
{
	moments_fmt_offset_res(d_us, 0, out, len);
}

static int
is_inferred(const char *basis)
{
	return (basis != NULL && strncmp(basis, "inferred", 8) == 0);
}

/*
 * Adds a moment at t (nothing when t is unknown) and returns it, its
 * caption formatted; the caller fills what else it knows.
 */
static struct moment *
add(struct moments *ms, int64_t t, enum moment_kind kind,
    const char *basis, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static struct moment *
add(struct moments *ms, int64_t t, enum moment_kind kind,
    const char *basis, const char *fmt, ...)
{
	struct moment	*m;
	va_list		 ap;
	char		*cap;

	if (t == TIME_NONE)
		return (NULL);
	ms->v = xreallocarray(ms->v, ms->n + 1, sizeof *ms->v);
	m = &ms->v[ms->n];
	memset(m, 0, sizeof *m);
	va_start(ap, fmt);
	cap = xvasprintf(fmt, ap);
	va_end(ap);
	m->caption = arena_strdup(&ms->strings, cap);
	free(cap);
	m->t_us = t;
	m->kind = kind;
	m->basis = arena_strdup(&ms->strings, basis != NULL ? basis :
	    "observed");
	m->inferred = is_inferred(basis);
	m->src = MS_POD;
	m->seq = (int)ms->n;
	ms->n++;
	return (m);
}

static const char *
inferred(const char *basis)
{
	return (is_inferred(basis) ? " (inferred)" : "");
}

/* " (Error)" after an exit code, or "". */
static void
reason_of(const struct row_container *c, char *out, size_t len)
{
	if (c->reason != NULL)
		snprintf(out, len, " (%s)", c->reason);
	else
		out[0] = '\0';
}

/* Who ended a termination, for its caption (model.h's causes). */
static const char *const cause_captions[EC__COUNT] = {
	[EC_NONE] = "unknown",
	[EC_APP] = "it exited on its own",
	[EC_LIVENESS] = "the kubelet killed it for a failed liveness (or "
	    "startup) probe",
	[EC_EVICTION] = "the kubelet evicted the pod (node pressure)",
	[EC_PREEMPTION] = "the pod was preempted",
	[EC_NODE_SHUTDOWN] = "its node shut down",
	[EC_NODE_RESTART] = "its node or container runtime restarted",
	[EC_OOM] = "the kernel's OOM killer (out of memory)",
	[EC_DELETION] = "the pod's deletion",
	[EC_START_FAILURE] = "it could not start",
	[EC_SIGNAL] = "killed by a signal that no event explains",
};

static const char *
cause_caption(enum end_cause cause)
{
	return ((unsigned)cause < EC__COUNT ? cause_captions[cause] :
	    "unknown");
}

int
moments_own_death(const struct row_termination *t)
{
	return (t->cause != EC_DELETION && (t->exit_code != 0 ||
	    t->restarted_us != TIME_NONE));
}

/* The termination ending container c's last instance, if its own death. */
static const struct row_termination *
own_termination(const struct podset_pod *p, const struct row_container *c)
{
	size_t	i;

	for (i = 0; i < p->nt; i++) {
		if (str_eq(p->t[i].container, c->name) &&
		    p->t[i].finished_us == c->finished_us &&
		    moments_own_death(&p->t[i]))
			return (&p->t[i]);
	}
	return (NULL);
}

/*
 * Each death of a pod's containers told as its own (moments_own_death):
 * when it died, its exit code, reason and signal, how long it had run,
 * who ended it, what the runtime said and the last line its log had; and
 * when the kubelet restarted it.
 */
static void
termination_moments(struct moments *ms, const struct podset_pod *p)
{
	const struct row_termination	*t;
	struct moment			*m;
	struct buf			 b = { 0 };
	char				 ran[32];
	size_t				 i;

	for (i = 0; i < p->nt; i++) {
		t = &p->t[i];
		if (!moments_own_death(t))
			continue;
		buf_clear(&b);
		buf_printf(&b, "%s", t->container);
		if (t->exit_code != INT_NONE)
			buf_printf(&b, " exit %lld", (long long)t->exit_code);
		if (t->reason != NULL)
			buf_printf(&b, " (%s)", t->reason);
		if (t->signal != INT_NONE && t->signal > 0)
			buf_printf(&b, ", signal %lld", (long long)t->signal);
		if (t->started_us != TIME_NONE && t->finished_us != TIME_NONE) {
			/* "2.0 s", "10.0 h": an offset's words, unsigned */
			moments_fmt_offset(t->finished_us - t->started_us, ran,
			    sizeof ran);
			buf_printf(&b, " after running %s", ran + 1);
		}
		buf_printf(&b, ": %s%s", cause_caption(t->cause),
		    inferred(t->cause_basis));
		if (t->message != NULL)
			buf_printf(&b, ": %s", t->message);
		if (t->last_log != NULL)
			buf_printf(&b, "; its log said: %s", t->last_log);
		m = add(ms, t->finished_us, MO_DIED, t->basis, "%s", b.data);
		if (m != NULL) {
			m->container = t->container;
			m->src = MS_CONTAINER;
		}
		if (t->instance != INT_NONE)
			m = add(ms, t->restarted_us, MO_RESTARTED, t->basis,
			    "%s restarted (restart %lld)", t->container,
			    (long long)t->instance + 1);
		else
			m = add(ms, t->restarted_us, MO_RESTARTED, t->basis,
			    "%s restarted", t->container);
		if (m != NULL) {
			m->container = t->container;
			m->src = MS_CONTAINER;
		}
	}
	buf_free(&b);
}

/* The moments of one container: start, ready, preStop, SIGTERM, exit. */
static void
container_moments(struct moments *ms, const struct podset_pod *p,
    const struct row_container *c)
{
	const char	*role = c->native_sidecar ? " (native sidecar)" :
	    c->sidecar ? " (sidecar)" : c->init ? " (init)" : "";
	struct moment	*m;
	char		 why[96];
	double		 left;

	m = add(ms, c->started_us, MO_C_STARTED, NULL, "%s%s started",
	    c->name, role);
	if (m != NULL) {
		m->container = c->name;
		m->src = MS_CONTAINER;
	}
	m = add(ms, c->ready_us, MO_C_READY, "inferred: first seen ready",
	    "%s ready (first seen ready)", c->name);
	if (m != NULL) {
		m->container = c->name;
		m->src = MS_CONTAINER;
	}
	if (c->prestop_kind != NULL && p->r.deletion_us != TIME_NONE &&
	    c->sigterm_basis != NULL &&
	    strncmp(c->sigterm_basis, "exited", 6) != 0) {
		if (strcmp(c->prestop_kind, "sleep") == 0 &&
		    c->prestop_ms != INT_NONE)
			m = add(ms, p->r.deletion_us, MO_PRESTOP,
			    p->r.deletion_basis, "preStop sleep %.1f s starts "
			    "in %s", (double)c->prestop_ms / 1000, c->name);
		else
			m = add(ms, p->r.deletion_us, MO_PRESTOP,
			    p->r.deletion_basis, "preStop %s starts in %s%s%s",
			    c->prestop_kind, c->name, c->prestop_cmd != NULL ?
			    ": " : "", c->prestop_cmd != NULL ?
			    c->prestop_cmd : "");
		if (m != NULL)
			m->container = c->name;
	}
	m = NULL;
	if (c->sigterm_us != TIME_NONE) {
		left = c->deadline_us != TIME_NONE ?
		    (double)(c->deadline_us - c->sigterm_us) / 1e6 : 0;
		if (c->prestop_kind != NULL && c->prestop_ms != INT_NONE &&
		    !c->native_sidecar)
			m = add(ms, c->sigterm_us, MO_SIGTERM, c->sigterm_basis,
			    "SIGTERM to %s after preStop sleep %.1f s (%.1f s "
			    "of grace left)%s", c->name,
			    (double)c->prestop_ms / 1000, left,
			    inferred(c->sigterm_basis));
		else if (c->native_sidecar)
			m = add(ms, c->sigterm_us, MO_SIGTERM, c->sigterm_basis,
			    "SIGTERM to %s after the main containers "
			    "exited%s", c->name, inferred(c->sigterm_basis));
		else
			m = add(ms, c->sigterm_us, MO_SIGTERM, c->sigterm_basis,
			    "SIGTERM to %s (no preStop; %.1f s of grace)%s",
			    c->name, left, inferred(c->sigterm_basis));
	} else if (c->sigterm_basis != NULL &&
	    strncmp(c->sigterm_basis, "unknown", 7) == 0 &&
	    p->r.deletion_us != TIME_NONE)
		m = add(ms, p->r.deletion_us, MO_SIGTERM, c->sigterm_basis,
		    "SIGTERM to %s: time %s", c->name, c->sigterm_basis);
	if (m != NULL)
		m->container = c->name;
	if (podset_exit_unknown(p, c)) {
		m = add(ms, p->r.gone_us, MO_EXIT, "unknown: no status of it "
		    "was logged after the deletion request", "%s exit "
		    "unknown: it ended by the time the pod was gone, but no "
		    "status of it was logged", c->name);
		if (m != NULL)
			m->container = c->name;
		return;
	}
	if (c->finished_us == TIME_NONE || own_termination(p, c) != NULL)
		return;		/* termination_moments() tells it */
	reason_of(c, why, sizeof why);
	if (c->killed_at_deadline)
		m = add(ms, c->finished_us, MO_KILLED, NULL, "%s exit %lld at "
		    "the grace deadline: SIGKILL", c->name,
		    (long long)c->exit_code);
	else if (c->reason != NULL && strcmp(c->reason, "OOMKilled") == 0)
		m = add(ms, c->finished_us, MO_OOM, NULL, "%s OOMKilled (exit "
		    "%lld): out of memory, not the grace period", c->name,
		    (long long)c->exit_code);
	else if (c->sigterm_us != TIME_NONE &&
	    c->finished_us >= c->sigterm_us)
		m = add(ms, c->finished_us, MO_EXIT, NULL, "%s exit %lld%s, "
		    "%.1f s after SIGTERM", c->name, (long long)c->exit_code,
		    why, (double)(c->finished_us - c->sigterm_us) / 1e6);
	else
		m = add(ms, c->finished_us, MO_EXIT, NULL, "%s exit %lld%s",
		    c->name, (long long)c->exit_code, why);
	if (m != NULL) {
		m->container = c->name;
		m->src = MS_CONTAINER;
	}
}

/*
 * The deletion request: who asked and how (the audit log), the grace it
 * gives (and the spec's, when the request asked for less), and why it
 * came (a rollout, a scale-down...).
 */
static void
deletion_moment(struct moments *ms, const struct row_pod *r)
{
	char	who[300] = "", spec[48] = "", why[400] = "";

	if (r->deletion_by != NULL)
		snprintf(who, sizeof who, " by %s%s%s%s", r->deletion_by,
		    r->deletion_via != NULL ? " (" : "",
		    r->deletion_via != NULL ? r->deletion_via : "",
		    r->deletion_via != NULL ? ")" : "");
	if (r->spec_grace_s != INT_NONE && r->grace_s != INT_NONE &&
	    r->grace_s < r->spec_grace_s)
		snprintf(spec, sizeof spec, " (the spec gives %lld s)",
		    (long long)r->spec_grace_s);
	if (r->deletion_cause_basis != NULL)
		snprintf(why, sizeof why, "; %s", r->deletion_cause_basis);
	add(ms, r->deletion_us, MO_DELETION, r->deletion_basis, "deletion "
	    "requested%s: grace %lld s%s starts, endpoints removal begins%s%s",
	    who, (long long)r->grace_s, spec, why,
	    inferred(r->deletion_basis));
}

/* Its endpoint in the EndpointSlices: terminating, then gone. */
static void
endpoint_moments(struct moments *ms, const struct row_pod *r)
{
	char	after[64] = "";

	if (r->endpoint_terminating_us != TIME_NONE && r->deletion_us !=
	    TIME_NONE)
		snprintf(after, sizeof after, ", %.1f s after the deletion "
		    "request", (double)(r->endpoint_terminating_us -
		    r->deletion_us) / 1e6);
	add(ms, r->endpoint_terminating_us, MO_EP_TERMINATING,
	    "observed: EndpointSlice versions", "endpoint marked terminating "
	    "in its EndpointSlice%s: Kubernetes has told the load balancers",
	    after);
	add(ms, r->endpoint_gone_us, MO_EP_GONE,
	    "observed: EndpointSlice versions", "endpoint removed from its "
	    "EndpointSlice");
}

/* The pod's own moments and those of its containers. */
static void
pod_moments(struct moments *ms, const struct podset_pod *p)
{
	const struct row_pod	*r = &p->r;
	size_t			 i;

	add(ms, r->created_us, MO_CREATED, NULL, "pod created (%s %s)",
	    r->workload_kind != NULL ? r->workload_kind : "workload",
	    r->workload != NULL ? r->workload : "-");
	add(ms, r->scheduled_us, MO_SCHEDULED, NULL, "scheduled to %s",
	    r->node != NULL ? r->node : "a node");
	add(ms, r->start_us, MO_STARTED, NULL, "started by the kubelet%s%s",
	    r->ip != NULL ? ", IP " : "", r->ip != NULL ? r->ip : "");
	add(ms, r->ready_us, MO_READY, NULL, "pod Ready");
	deletion_moment(ms, r);
	for (i = 0; i < p->nc; i++)
		container_moments(ms, p, &p->c[i]);
	termination_moments(ms, p);
	if (r->ended_by != EC_NONE)
		add(ms, r->ended_us, MO_ENDED, r->ended_basis, "pod ended by "
		    "%s%s%s%s", r->ended_by == EC_EVICTION ?
		    "the kubelet's eviction" : r->ended_by == EC_NODE_SHUTDOWN ?
		    "its node's shutdown" : end_cause_name(r->ended_by),
		    r->message != NULL ? ": " : "", r->message != NULL ?
		    r->message : "", inferred(r->ended_basis));
	add(ms, r->deadline_us, MO_DEADLINE, r->deletion_basis, "grace "
	    "deadline: SIGKILL to what still runs");
	add(ms, r->gone_us, MO_GONE, r->gone_basis, "pod gone%s",
	    inferred(r->gone_basis));
	endpoint_moments(ms, r);
}

static int
event_moment(void *ctx, const struct rec_event *e, const struct store_ref *ref)
{
	struct moments	*ms = ctx;
	struct moment	*m;

	if (e->count > 1)
		m = add(ms, e->first_us != TIME_NONE ? e->first_us :
		    e->time_us, MO_EVENT, NULL, "event %s: %s (x%lld, last "
		    "at %+.1f s)", e->reason != NULL ? e->reason : "-",
		    e->message != NULL ? e->message : "", (long long)e->count,
		    e->last_us != TIME_NONE && e->first_us != TIME_NONE ?
		    (double)(e->last_us - e->first_us) / 1e6 : 0.0);
	else
		m = add(ms, e->time_us, MO_EVENT, NULL, "event %s: %s",
		    e->reason != NULL ? e->reason : "-",
		    e->message != NULL ? e->message : "");
	if (m != NULL) {
		m->src = MS_EVENT;
		m->ref = *ref;
		if (e->count > 1 && e->last_us != TIME_NONE &&
		    e->last_us > m->t_us) {
			m->from_us = m->t_us;
			m->to_us = e->last_us;
		}
		m->container = e->container;
		if (m->container != NULL)
			m->container = arena_strdup(&ms->strings,
			    e->container);
	}
	return (0);
}

static int
log_moment(void *ctx, const struct rec_log *l, const struct store_ref *ref)
{
	struct moments	*ms = ctx;
	struct moment	*m;

	m = add(ms, l->time_us, MO_LOG, NULL, "%s%s: %s",
	    l->container != NULL ? l->container : "log",
	    l->previous ? " (previous instance)" : "",
	    l->text != NULL ? l->text : "");
	if (m != NULL) {
		m->src = MS_LOG;
		m->ref = *ref;
		if (l->container != NULL)
			m->container = arena_strdup(&ms->strings,
			    l->container);
	}
	return (0);
}

/* What the buckets of a pod say about the requests routed to it. */
struct traffic {
	int64_t		 deletion_us;	/* the deletion request */
	int64_t		 requests;	/* attempts in all */
	int64_t		 failed;	/* of them failed */
	int64_t		 first_fail_s;	/* INT64_MIN: none */
	int64_t		 last_fail_s;
	int64_t		 last_routed_s;	/* last second with requests at or
					   after the deletion; INT64_MIN */
	char		 ip[64];	/* the IP of the failures */
};

static int
traffic_bucket(void *ctx, const struct row_bucket *b)
{
	struct traffic	*t = ctx;
	int64_t		 failed;

	failed = timeline_bucket_failed(b);
	t->requests += b->requests;
	if (failed > 0) {
		if (t->first_fail_s == INT64_MIN) {
			t->first_fail_s = b->second;
			snprintf(t->ip, sizeof t->ip, "%s", b->ip != NULL ?
			    b->ip : "");
		}
		t->last_fail_s = b->second;
		t->failed += failed;
	}
	budget_last_routed(&t->last_routed_s, t->deletion_us, b->second,
	    b->requests);
	return (0);
}

static void
requests_of(struct moments *ms, struct moment *m, const char *ip,
    int64_t second)
{
	if (m == NULL)
		return;
	m->src = MS_REQUESTS;
	m->ip = arena_strdup(&ms->strings, ip);
	m->from_us = second * SEC_US;
	m->to_us = (second + 1) * SEC_US - 1;
}

/* The first and last failures and the last request after the deletion. */
static int
traffic_moments(struct store *st, struct moments *ms,
    const struct podset_pod *p, char **cause)
{
	struct traffic	 t;
	struct moment	*m;
	char		 off[32], lag[64];

	memset(&t, 0, sizeof t);
	t.first_fail_s = t.last_fail_s = t.last_routed_s = INT64_MIN;
	t.deletion_us = p->r.deletion_us;
	if (store_pod_buckets(st, p->r.uid, TIME_NONE, TIME_NONE,
	    traffic_bucket, &t, cause) != 0)
		return (-1);
	if (t.first_fail_s != INT64_MIN) {
		/*
		 * The seconds the failed lane draws: from the start of the
		 * first second with a failure to the end of the last (the
		 * access logs count per second), never "0.0 s" beside a
		 * lane a second wide.
		 */
		moments_fmt_offset((t.last_fail_s - t.first_fail_s + 1) *
		    SEC_US, off, sizeof off);
		m = add(ms, t.first_fail_s * SEC_US, MO_FIRST_FAILURE,
		    "observed: the access logs, per second", "first failed "
		    "request routed to %s: %lld of its %lld requests failed, "
		    "%s%s (the access logs count per second)", t.ip,
		    (long long)t.failed, (long long)t.requests,
		    t.last_fail_s == t.first_fail_s ? "all in this one "
		    "second" : "over ", t.last_fail_s == t.first_fail_s ?
		    "" : off + 1);
		requests_of(ms, m, t.ip, t.first_fail_s);
	}
	if (t.last_fail_s != INT64_MIN && t.last_fail_s != t.first_fail_s) {
		m = add(ms, t.last_fail_s * SEC_US, MO_LAST_FAILURE,
		    "observed: the access logs, per second", "last failed "
		    "request routed to %s", t.ip);
		requests_of(ms, m, t.ip, t.last_fail_s);
	}
	if (t.last_routed_s != INT64_MIN) {
		/*
		 * At the end of the last second with a request routed to it:
		 * the lag every view quotes ("28 to 29 s"), the requests
		 * behind it those of that second.
		 */
		budget_lag_words(budget_lag_us(t.deletion_us,
		    t.last_routed_s), budget_lag_us(t.deletion_us,
		    t.last_routed_s), lag, sizeof lag);
		m = add(ms, (t.last_routed_s + 1) * SEC_US, MO_LAST_ROUTED,
		    "observed: the access logs, per second", "last request "
		    "routed to %s, %s after the deletion request (in the "
		    "second before this: the logs count per second): the "
		    "load balancer's lag", p->r.ip != NULL ? p->r.ip :
		    "its IP", lag);
		requests_of(ms, m, p->r.ip != NULL ? p->r.ip : "",
		    t.last_routed_s);
	}
	return (0);
}

static int
missing_moment(void *ctx, const struct row_missing *r)
{
	struct moments	*ms = ctx;
	struct moment	*m;

	if (ms->nmissing == MOMENTS_MAX_MISSING) {
		ms->missing_left_out++;
		return (0);
	}
	m = add(ms, r->time_us, MO_MISSING, "observed: the reference set's "
	    "time", "record %s of %s missing from %s",
	    r->key != NULL ? r->key : "-", r->reference != NULL ?
	    r->reference : "-", r->actual != NULL ? r->actual : "-");
	if (m != NULL) {
		ms->nmissing++;
		m->src = MS_MISSING;
		m->key = arena_strdup(&ms->strings, r->key);
		m->set = arena_strdup(&ms->strings, r->reference);
	}
	return (0);
}

/* Whether the pod's container called name is a sidecar. */
static int
is_sidecar(const struct podset_pod *p, const char *name)
{
	size_t	i;

	for (i = 0; name != NULL && i < p->nc; i++) {
		if (strcmp(p->c[i].name, name) == 0)
			return (p->c[i].sidecar);
	}
	return (0);
}

static int
cmp_moment(const void *a, const void *b)
{
	const struct moment	*p = a, *q = b;

	if (p->t_us != q->t_us)
		return (p->t_us < q->t_us ? -1 : 1);
	return (p->seq - q->seq);
}

/*
 * The span of log lines worth showing: around the death when there is
 * one (from a little before the deletion request to a little after the
 * end), else the pod's last lines.
 */
static void
log_span(const struct podset_pod *p, int64_t *from, int64_t *to)
{
	int64_t	end = p->r.gone_us;

	if (end == TIME_NONE)
		end = p->r.deadline_us;
	if (end == TIME_NONE)
		end = p->r.main_exit_us;
	if (p->r.deletion_us != TIME_NONE) {
		*from = p->r.deletion_us - LOG_PAD_US;
		*to = end != TIME_NONE ? end + LOG_PAD_US : TIME_NONE;
	} else {
		*from = TIME_NONE;
		*to = TIME_NONE;
	}
}

void
moments_derive(const struct podset_pod *p, struct moments *ms)
{
	memset(ms, 0, sizeof *ms);
	ms->pod = p;
	pod_moments(ms, p);
}

int
moments_load(struct store *st, const struct podset_pod *p,
    struct moments *ms, char **cause)
{
	int64_t	from, to;

	moments_derive(p, ms);
	if (store_pod_events(st, p->r.uid, p->r.namespace, p->r.name,
	    event_moment, ms, cause) != 0)
		return (-1);
	log_span(p, &from, &to);
	if (store_pod_logs(st, p->r.namespace, p->r.name, from, to,
	    MOMENTS_MAX_LOGS, 1, log_moment, ms, cause) != 0)
		return (-1);
	if (traffic_moments(st, ms, p, cause) != 0)
		return (-1);
	if (store_pod_missing(st, p->r.uid, missing_moment, ms, cause) != 0)
		return (-1);
	moments_finish(ms);
	return (0);
}

/* The time of the latest container death or pod end, or TIME_NONE. */
static int64_t
last_death(const struct moments *ms)
{
	int64_t	t = TIME_NONE;
	size_t	i;

	for (i = 0; i < ms->n; i++) {
		if ((ms->v[i].kind == MO_DIED || ms->v[i].kind == MO_ENDED ||
		    ms->v[i].kind == MO_EXIT || ms->v[i].kind == MO_OOM) &&
		    (t == TIME_NONE || ms->v[i].t_us > t))
			t = ms->v[i].t_us;
	}
	return (t);
}

void
moments_finish(struct moments *ms)
{
	const struct podset_pod	*p = ms->pod;
	int64_t			 last;
	size_t			 i;

	xqsort(ms->v, ms->n, sizeof *ms->v, cmp_moment);
	if (p->r.deletion_us != TIME_NONE) {
		ms->zero_us = p->r.deletion_us;
		ms->zero_what = "deletion request";
	} else if ((last = last_death(ms)) != TIME_NONE) {
		/* a pod that was never deleted: its latest death */
		ms->zero_us = last;
		ms->zero_what = "last death of a container";
	} else if (p->r.created_us != TIME_NONE) {
		ms->zero_us = p->r.created_us;
		ms->zero_what = "pod's creation";
	} else {
		ms->zero_us = TIME_NONE;
		ms->zero_what = "pod's creation";
	}
	for (i = 0; i < ms->n; i++) {
		ms->v[i].sidecar = is_sidecar(p, ms->v[i].container);
		ms->v[i].seq = (int)i;
		ms->v[i].offset_us = ms->zero_us == TIME_NONE ? TIME_NONE :
		    ms->v[i].t_us - ms->zero_us;
	}
}

void
moments_free(struct moments *ms)
{
	free(ms->v);
	arena_free(&ms->strings);
	memset(ms, 0, sizeof *ms);
}

int
moments_find(const struct moments *ms, enum moment_kind kind)
{
	size_t	i;

	for (i = 0; i < ms->n; i++) {
		if (ms->v[i].kind == kind)
			return ((int)i);
	}
	return (-1);
}
