/*
 * lifecycle.c: how every pod lived and died (lifecycle.h).  Folds every
 * observed version of each pod (ordered by uid, then by when it was
 * observed) into one life: creation, scheduling, start, readiness, the
 * deletion request, each container's preStop, SIGTERM and SIGKILL
 * deadline, exits, and whether a container was killed at the deadline;
 * every termination of every container instance (state and lastState of
 * each version, the kubelet's Killing, Unhealthy and BackOff events, the
 * previous instance's log) with who ended it, and who ended the pod when
 * it was not its deletion (eviction, preemption, node shutdown: a
 * kubelet's kill is never the deletion request); resolves each pod's
 * workload through its owners; and records which IP each pod owned when.
 * The rules are coroner(1), THE MODEL.  Each derived time keeps a basis saying
 * whether it was observed or inferred, and from what.  No SQL (store.c)
 * and no drawing.
 *
 * Memory does not grow with the pods: the workloads are folded one at a
 * time (a pod's owner is looked up among those written), the pods a batch
 * at a time (LC_BATCH observations, by uid), their events and previous
 * logs matched to them in the store; the attempts are attributed one IP
 * at a time, with that IP's owners only (buckets.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buckets.h"
#include "deletion.h"
#include "deploys.h"
#include "endpoints.h"
#include "lifecycle.h"
#include "nodes.h"
#include "out.h"
#include "timefmt.h"

/* Rebuild state: the model plus the scan cursors. */
struct lc_scan {
	struct model	*m;
	struct store	*st;		/* where workloads are written */
	struct model_stats *stats;	/* what was written */
	size_t		 cap;		/* allocated pods */
	struct lc_pod	*cur;		/* the pod the scan is on */
};

/* Pods are read about this many observations at a time. */
#define LC_BATCH	16384

/* A string of the batch's pods (freed with the batch). */
static char *
S(struct model *m, const char *s)
{
	return (arena_strdup(&m->batch, s));
}

static int
cmp_pod_uid(const void *key, const void *elem)
{
	const struct lc_pod	*p = elem;

	return (strcmp(key, p->r.uid));
}

static struct lc_pod *
find_pod(struct model *m, const char *uid)
{
	if (uid == NULL)
		return (NULL);
	return (xbsearch(uid, m->pods, m->npods, sizeof *m->pods,
	    cmp_pod_uid));
}

/* Keeps the latest non-NULL value of a string field, in arena a. */
static void
keep_in(struct arena *a, const char **dst, const char *src)
{
	if (src != NULL && (*dst == NULL || strcmp(*dst, src) != 0))
		*dst = arena_strdup(a, src);
}

/* The same for a field of a pod or a container of the batch. */
static void
keep_str(struct model *m, const char **dst, const char *src)
{
	keep_in(&m->batch, dst, src);
}

static void
keep_first_time(int64_t *dst, int64_t v)
{
	if (v != TIME_NONE && (*dst == TIME_NONE || v < *dst))
		*dst = v;
}

static void
pod_init(struct lc_pod *p)
{
	memset(p, 0, sizeof *p);
	p->r.created_us = p->r.scheduled_us = p->r.start_us = TIME_NONE;
	p->r.ready_us = p->r.deletion_us = p->r.sigterm_us = TIME_NONE;
	p->r.deadline_us = p->r.gone_us = p->r.main_exit_us = TIME_NONE;
	p->r.grace_s = p->r.prestop_ms = INT_NONE;
	p->deletion_ts_us = p->killing_us = p->last_obs_us = TIME_NONE;
	p->deletion_grace_s = p->r.spec_grace_s = INT_NONE;
	p->r.endpoint_terminating_us = p->r.endpoint_not_serving_us =
	    p->r.endpoint_gone_us = TIME_NONE;
	p->r.unready_us = p->r.ready_again_us = TIME_NONE;
	deletion_audit_init(&p->audit);
	p->evicted_us = p->preempted_us = p->r.ended_us = TIME_NONE;
}

static int
scan_pod(void *ctx, const void *rec)
{
	struct lc_scan		*sc = ctx;
	struct model		*m = sc->m;
	const struct rec_pod	*o = rec;
	struct lc_pod		*p = sc->cur;

	if (o->uid == NULL)
		return (0);
	if (p == NULL || strcmp(p->r.uid, o->uid) != 0) {
		if (m->npods == sc->cap) {
			sc->cap = sc->cap == 0 ? 256 : sc->cap * 2;
			m->pods = xreallocarray(m->pods, sc->cap,
			    sizeof *m->pods);
		}
		p = sc->cur = &m->pods[m->npods++];
		pod_init(p);
		p->r.uid = S(m, o->uid);
	}
	p->r.observations++;
	keep_str(m, &p->r.namespace, o->namespace);
	keep_str(m, &p->r.name, o->name);
	keep_str(m, &p->r.node, o->node);
	keep_str(m, &p->r.phase, o->phase);
	keep_str(m, &p->r.owner_kind, o->owner_kind);
	keep_str(m, &p->r.owner_name, o->owner_name);
	keep_str(m, &p->r.owner_uid, o->owner_uid);
	keep_str(m, &p->r.template_hash, o->template_hash);
	keep_str(m, &p->r.restart_policy, o->restart_policy);
	keep_str(m, &p->r.reason, o->reason);
	keep_str(m, &p->r.message, o->message);
	keep_str(m, &p->r.disruption, o->disruption);
	keep_first_time(&p->r.created_us, o->created_us);
	keep_first_time(&p->r.scheduled_us, o->scheduled_us);
	keep_first_time(&p->r.start_us, o->start_us);
	if (o->ready == 1)
		keep_first_time(&p->r.ready_us, o->ready_us);
	/* readiness lost after it had been Ready, and won again (the
	   versions come in time order) */
	if (o->ready == 0 && o->ready_us != TIME_NONE && p->r.ready_us !=
	    TIME_NONE && o->ready_us > p->r.ready_us)
		keep_first_time(&p->r.unready_us, o->ready_us);
	else if (o->ready == 1 && p->r.unready_us != TIME_NONE &&
	    o->ready_us > p->r.unready_us && (p->r.ready_again_us ==
	    TIME_NONE || o->ready_us > p->r.ready_again_us))
		p->r.ready_again_us = o->ready_us;
	if (o->deletion_ts_us != TIME_NONE) {
		/* the grace may only be shortened: the latest one holds */
		p->deletion_ts_us = o->deletion_ts_us;
		p->deletion_grace_s = o->deletion_grace_s;
	}
	if (o->grace_s != INT_NONE)
		p->r.spec_grace_s = o->grace_s;
	if (o->observed_us != TIME_NONE && (p->last_obs_us == TIME_NONE ||
	    o->observed_us > p->last_obs_us))
		p->last_obs_us = o->observed_us;
	if (o->ip != NULL && *o->ip != '\0' && (p->nips == 0 ||
	    strcmp(p->ips[p->nips - 1].ip, o->ip) != 0)) {
		p->ips = xreallocarray(p->ips, p->nips + 1, sizeof *p->ips);
		p->ips[p->nips].ip = S(m, o->ip);
		p->ips[p->nips].first_us = o->observed_us;
		p->nips++;
	}
	if (o->watch_type != NULL && strcmp(o->watch_type, "DELETED") == 0) {
		p->deleted_seen = 1;
		/* gone no earlier than any version seen before it */
		p->r.gone_us = p->last_obs_us;
	}
	return (0);
}

static struct lc_container *
find_container(struct lc_pod *p, const char *name)
{
	size_t	i;

	for (i = 0; i < p->nc; i++) {
		if (strcmp(p->c[i].r.name, name) == 0)
			return (&p->c[i]);
	}
	return (NULL);
}

static struct lc_container *
add_container(struct model *m, struct lc_pod *p, const char *name)
{
	struct lc_container	*c;

	p->c = xreallocarray(p->c, p->nc + 1, sizeof *p->c);
	c = &p->c[p->nc++];
	memset(c, 0, sizeof *c);
	c->r.pod_uid = p->r.uid;
	c->r.name = S(m, name);
	c->r.prestop_ms = c->r.exit_code = c->r.signal = INT_NONE;
	c->r.restarts = INT_NONE;
	c->r.started_us = c->r.ready_us = c->r.finished_us = TIME_NONE;
	c->r.sigterm_us = c->r.deadline_us = TIME_NONE;
	c->r.last_started_us = c->r.last_finished_us = TIME_NONE;
	c->r.last_exit_code = c->r.last_signal = INT_NONE;
	c->r.liveness_period_s = c->r.liveness_timeout_s = INT_NONE;
	c->r.liveness_threshold = c->r.liveness_delay_s = INT_NONE;
	c->r.probe_kill_first_us = c->r.probe_kill_last_us = TIME_NONE;
	c->r.unhealthy_first_us = c->r.unhealthy_last_us = TIME_NONE;
	c->r.back_off_last_us = c->prev_log_us = TIME_NONE;
	return (c);
}

/* A copy of s in the model's arena, or NULL (unlike keep_str, clears). */
static const char *
S_or_null(struct model *m, const char *s)
{
	return (s != NULL ? S(m, s) : NULL);
}

/* Remembers that an instance of c started at us. */
static void
start_add(struct lc_container *c, int64_t us)
{
	size_t	i;

	if (us == TIME_NONE)
		return;
	for (i = 0; i < c->nstarts; i++) {
		if (c->starts[i] == us)
			return;
	}
	c->starts = xreallocarray(c->starts, c->nstarts + 1,
	    sizeof *c->starts);
	c->starts[c->nstarts++] = us;
}

/*
 * Adds one observed termination of c, once: versions of a watch stream
 * repeat the same lastState, a later version shows as lastState what an
 * earlier one showed as state.
 */
static void
term_add(struct model *m, struct lc_container *c, int64_t started,
    int64_t finished, int64_t code, int64_t sig, const char *reason,
    const char *message, int64_t instance, const char *basis)
{
	struct row_termination	*t;
	size_t			 i;

	if (finished == TIME_NONE && code == INT_NONE && reason == NULL)
		return;
	for (i = 0; i < c->nt; i++) {
		t = &c->t[i].r;
		if (t->started_us != started || t->finished_us != finished)
			continue;
		if (finished == TIME_NONE && started == TIME_NONE &&
		    (t->exit_code != code || !str_eq(t->reason, reason)))
			continue;
		if (t->exit_code == INT_NONE)
			t->exit_code = code;
		if (t->signal == INT_NONE)
			t->signal = sig;
		if (t->reason == NULL)
			t->reason = S_or_null(m, reason);
		if (t->message == NULL)
			t->message = S_or_null(m, message);
		if (t->instance == INT_NONE)
			t->instance = instance;
		return;
	}
	c->t = xreallocarray(c->t, c->nt + 1, sizeof *c->t);
	t = &c->t[c->nt++].r;
	memset(t, 0, sizeof *t);
	t->container = c->r.name;
	t->init = c->r.init;
	t->instance = instance;
	t->started_us = started;
	t->finished_us = finished;
	t->exit_code = code;
	t->signal = sig;
	t->reason = S_or_null(m, reason);
	t->message = S_or_null(m, message);
	t->restarted_us = t->last_log_us = TIME_NONE;
	t->basis = basis;
}

/*
 * What one observed container version says of its deaths: whether it is
 * waiting (and why), its Last State, the terminations it shows (state and
 * lastState) and the instance starts that tell when each was restarted.
 */
static void
scan_terminations(struct model *m, struct lc_container *c,
    const struct rec_container *o)
{
	int	has_last = o->last_finished_us != TIME_NONE ||
		    o->last_exit_code != INT_NONE || o->last_reason != NULL;

	if (strcmp(o->state, "waiting") == 0) {
		c->r.waiting_reason = S_or_null(m, o->reason);
		c->r.waiting_message = S_or_null(m, o->message);
	} else
		c->r.waiting_reason = c->r.waiting_message = NULL;
	if (has_last && (c->r.last_finished_us == TIME_NONE ||
	    o->last_finished_us == TIME_NONE ||
	    o->last_finished_us >= c->r.last_finished_us)) {
		c->r.last_started_us = o->last_started_us;
		c->r.last_finished_us = o->last_finished_us;
		c->r.last_exit_code = o->last_exit_code;
		c->r.last_reason = S_or_null(m, o->last_reason);
		c->r.last_signal = o->last_signal;
	}
	if (has_last) {
		/* the instance before the current one */
		term_add(m, c, o->last_started_us, o->last_finished_us,
		    o->last_exit_code, o->last_signal, o->last_reason,
		    o->last_message, o->restarts != INT_NONE &&
		    o->restarts > 0 ? o->restarts - 1 : INT_NONE,
		    "observed: lastState.terminated");
		start_add(c, o->last_started_us);
	}
	if (strcmp(o->state, "terminated") == 0)
		term_add(m, c, o->started_us, o->finished_us, o->exit_code,
		    o->signal, o->reason, o->message, o->restarts,
		    "observed: state.terminated");
	if (strcmp(o->state, "waiting") != 0)
		start_add(c, o->started_us);
}

/*
 * Folds one observed container version.  The model keeps the container's
 * last instance: a later running state with a later start clears the
 * exit of an earlier instance.
 */
static int
scan_container(void *ctx, const void *rec)
{
	struct lc_scan			*sc = ctx;
	struct model			*m = sc->m;
	const struct rec_container	*o = rec;
	struct lc_pod			*p;
	struct lc_container		*c;

	if (o->pod_uid == NULL || o->name == NULL)
		return (0);
	p = sc->cur;
	if (p == NULL || strcmp(p->r.uid, o->pod_uid) != 0)
		p = sc->cur = find_pod(m, o->pod_uid);
	if (p == NULL)
		return (0);
	if ((c = find_container(p, o->name)) == NULL)
		c = add_container(m, p, o->name);
	c->r.init = o->init;
	c->r.native_sidecar = o->native_sidecar;
	keep_str(m, &c->r.image, o->image);
	if (o->prestop_kind != NULL) {
		keep_str(m, &c->r.prestop_kind, o->prestop_kind);
		keep_str(m, &c->r.prestop_cmd, o->prestop_cmd);
		c->r.prestop_ms = o->prestop_ms;
	}
	if (o->restarts != INT_NONE)
		c->r.restarts = o->restarts;
	if (o->ready == 1 && c->r.ready_us == TIME_NONE)
		c->r.ready_us = o->observed_us;
	if (o->liveness) {
		c->r.liveness = 1;
		c->r.liveness_period_s = o->liveness_period_s;
		c->r.liveness_timeout_s = o->liveness_timeout_s;
		c->r.liveness_threshold = o->liveness_threshold;
		c->r.liveness_delay_s = o->liveness_delay_s;
	}
	if (o->state == NULL)
		return (0);
	scan_terminations(m, c, o);
	if (strcmp(o->state, "running") == 0) {
		if (o->started_us != TIME_NONE &&
		    (c->r.started_us == TIME_NONE ||
		    o->started_us > c->r.started_us)) {
			c->r.started_us = o->started_us;
			c->r.finished_us = TIME_NONE;
			c->r.exit_code = c->r.signal = INT_NONE;
			c->r.reason = c->r.message = NULL;
		}
	} else if (strcmp(o->state, "terminated") == 0) {
		c->r.started_us = o->started_us != TIME_NONE ?
		    o->started_us : c->r.started_us;
		c->r.finished_us = o->finished_us;
		c->r.exit_code = o->exit_code;
		c->r.signal = o->signal;
		keep_str(m, &c->r.reason, o->reason);
		if (o->reason == NULL)
			c->r.reason = NULL;
		c->r.message = S_or_null(m, o->message);
	} else if (o->last_finished_us != TIME_NONE &&
	    (c->r.finished_us == TIME_NONE ||
	    o->last_finished_us >= c->r.finished_us)) {
		/* waiting after an exit: the last instance is lastState */
		c->r.started_us = o->last_started_us;
		c->r.finished_us = o->last_finished_us;
		c->r.exit_code = o->last_exit_code;
		c->r.signal = o->last_signal;
		c->r.reason = S(m, o->last_reason);
		c->r.message = S_or_null(m, o->last_message);
	}
	return (0);
}

/*
 * The container an event is about: its fieldPath's, else the one its
 * message names ("Container app failed liveness probe", "Back-off
 * restarting failed container app in pod ..."), else the pod's only
 * container.
 */
static struct lc_container *
event_container(struct lc_pod *p, const struct rec_event *e)
{
	static const char *const lead[] = {
		"failed container ", "Container ", NULL
	};
	const char		*msg = e->message, *w, *s;
	struct lc_container	*c = NULL;
	char			 name[254];
	size_t			 i, n;

	if (e->container != NULL)
		return (find_container(p, e->container));
	for (i = 0; msg != NULL && lead[i] != NULL; i++) {
		if ((w = strstr(msg, lead[i])) == NULL)
			continue;
		w += strlen(lead[i]);
		for (s = w; *s != '\0' && *s != ' ' && *s != ',' &&
		    *s != '.'; s++)
			;
		if ((n = (size_t)(s - w)) == 0 || n >= sizeof name)
			continue;
		memcpy(name, w, n);
		name[n] = '\0';
		if ((c = find_container(p, name)) != NULL)
			return (c);
	}
	for (i = 0; i < p->nc; i++) {
		if (model_is_plain_init(&p->c[i].r))
			continue;
		if (c != NULL)
			return (NULL);	/* more than one: cannot tell */
		c = &p->c[i];
	}
	return (c);
}

/*
 * Counts an event of a kind for c.  The same event object seen in two
 * snapshots (a larger count later) is counted once, with its largest
 * count.
 */
static void
event_count(struct model *m, struct lc_container *c, enum lc_evkind kind,
    const struct rec_event *e, int64_t first, int64_t last)
{
	struct lc_evcount	*x;
	size_t			 i;
	int64_t			 n = e->count > 0 ? e->count : 1;

	for (i = 0; e->uid != NULL && i < c->nev; i++) {
		x = &c->ev[i];
		if (x->kind != kind || !str_eq(x->uid, e->uid))
			continue;
		if (n > x->count)
			x->count = n;
		if (first != TIME_NONE && (x->first_us == TIME_NONE ||
		    first < x->first_us))
			x->first_us = first;
		if (last != TIME_NONE && (x->last_us == TIME_NONE ||
		    last > x->last_us))
			x->last_us = last;
		return;
	}
	c->ev = xreallocarray(c->ev, c->nev + 1, sizeof *c->ev);
	x = &c->ev[c->nev++];
	x->uid = S_or_null(m, e->uid);
	x->kind = kind;
	x->count = n;
	x->first_us = first;
	x->last_us = last;
}

/* Whether a Killing event's message restarts a container (not the pod). */
static int
kills_for_probe(const char *msg)
{
	return (msg != NULL && (strstr(msg, "liveness probe") != NULL ||
	    strstr(msg, "startup probe") != NULL));
}

/* Whether a message that is only "Error: Reason" (no detail). */
static int
bare_error(const char *msg)
{
	return (msg == NULL || (strncmp(msg, "Error: ", 7) == 0 &&
	    strchr(msg + 7, ' ') == NULL));
}

/*
 * The events the model reads about a pod: Killing (the deletion request,
 * or the kubelet restarting a container for a failed probe), Unhealthy
 * (failed liveness and startup probes), BackOff (restarting a failed
 * container), Failed (could not pull, create or start), Evicted,
 * Preempting and Preempted.
 */
static const char *const event_reasons[] = {
	"Killing", "Unhealthy", "BackOff", "Failed", "Evicted", "Preempting",
	"Preempted", NULL
};

/* Folds one event about a pod of the batch (store_model_events). */
static int
scan_event(void *ctx, const char *pod_uid, const struct rec_event *e)
{
	struct model		*m = ctx;
	const char		*r = e->reason, *msg = e->message;
	struct lc_pod		*p;
	struct lc_container	*c;
	int64_t			 first, last;

	if ((p = find_pod(m, pod_uid)) == NULL)
		return (0);
	first = e->first_us != TIME_NONE ? e->first_us : e->time_us;
	last = e->last_us != TIME_NONE ? e->last_us : e->time_us;
	c = event_container(p, e);
	if (str_eq(r, "Killing")) {
		if (kills_for_probe(msg)) {
			if (c != NULL)
				event_count(m, c, LC_EV_PROBE_KILL, e,
				    first, last);
			return (0);
		}
		/* "definition changed, will be restarted": not the pod's */
		if (msg != NULL && strstr(msg, "will be restarted") != NULL)
			return (0);
		/* the first Killing event of a life that ends it */
		keep_first_time(&p->killing_us, first);
	} else if (str_eq(r, "Unhealthy")) {
		if (c == NULL || msg == NULL ||
		    (strncmp(msg, "Liveness probe failed", 21) != 0 &&
		    strncmp(msg, "Startup probe failed", 20) != 0))
			return (0);
		event_count(m, c, LC_EV_UNHEALTHY, e, first, last);
		c->r.unhealthy_message = S(m, msg);
	} else if (str_eq(r, "BackOff")) {
		if (c != NULL && msg != NULL &&
		    strstr(msg, "restarting failed container") != NULL)
			event_count(m, c, LC_EV_BACK_OFF, e, first, last);
	} else if (str_eq(r, "Failed")) {
		if (c != NULL && msg != NULL && (!bare_error(msg) ||
		    c->r.start_error == NULL || bare_error(c->r.start_error)))
			c->r.start_error = S(m, msg);
	} else if (str_eq(r, "Evicted")) {
		if (p->evicted_us == TIME_NONE || first < p->evicted_us) {
			p->evicted_us = first;
			p->evicted_msg = S_or_null(m, msg);
		}
	} else if (p->preempted_us == TIME_NONE || first < p->preempted_us) {
		p->preempted_us = first;
		p->preempted_msg = S_or_null(m, msg);
	}
	return (0);
}

/* Folds one audit event about a pod of the batch (store_model_audit). */
static int
scan_audit(void *ctx, const char *pod_uid, const struct rec_audit *a)
{
	struct model	*m = ctx;
	struct lc_pod	*p;

	if ((p = find_pod(m, pod_uid)) != NULL)
		deletion_audit_fold(m, p, a);
	return (0);
}

/*
 * Folds one of a pod's endpoints (store_model_pod_endpoints): the pod's
 * endpoint was terminating when the first of its slices said so (or
 * stopped calling it ready), and gone when the last let it go.
 */
static int
scan_endpoint(void *ctx, const struct row_pod_endpoint *e)
{
	struct model	*m = ctx;
	struct lc_pod	*p;
	int64_t		 t;

	if ((p = find_pod(m, e->pod_uid)) == NULL)
		return (0);
	t = e->terminating_us != TIME_NONE ? e->terminating_us :
	    e->not_ready_us;
	keep_first_time(&p->r.endpoint_terminating_us, t);
	keep_first_time(&p->r.endpoint_not_serving_us, e->not_serving_us);
	if (e->gone_us == TIME_NONE)
		p->endpoint_listed = 1;		/* never seen to leave */
	else if (p->r.endpoint_gone_us == TIME_NONE ||
	    e->gone_us > p->r.endpoint_gone_us)
		p->r.endpoint_gone_us = e->gone_us;
	return (0);
}

/* Folds the counted events into the container's row. */
static void
events_fold(struct lc_container *c)
{
	struct lc_evcount	*x;
	size_t			 i;
	int64_t			*n, *f, *l;

	for (i = 0; i < c->nev; i++) {
		x = &c->ev[i];
		switch (x->kind) {
		case LC_EV_PROBE_KILL:
			n = &c->r.probe_kills;
			f = &c->r.probe_kill_first_us;
			l = &c->r.probe_kill_last_us;
			break;
		case LC_EV_UNHEALTHY:
			n = &c->r.unhealthy;
			f = &c->r.unhealthy_first_us;
			l = &c->r.unhealthy_last_us;
			break;
		default:
			n = &c->r.back_offs;
			f = NULL;
			l = &c->r.back_off_last_us;
			break;
		}
		*n += x->count;
		if (f != NULL)
			keep_first_time(f, x->first_us);
		if (x->last_us != TIME_NONE && (*l == TIME_NONE ||
		    x->last_us > *l))
			*l = x->last_us;
	}
}

/*
 * SIGTERM and the SIGKILL deadline of one container, given the deletion request
 * and the grace (coroner(1), THE MODEL): the preStop hook runs first and uses
 * the grace up; SIGTERM follows it; SIGKILL comes at request + grace, but never
 * less than 2 s after SIGTERM.
 */
int64_t
lifecycle_duration_us(int64_t n, int64_t unit_us)
{
	if (n <= 0)
		return (0);
	if (n > LC_MAX_DURATION_US / unit_us)
		return (LC_MAX_DURATION_US);
	return (n * unit_us);
}

static void
container_death(struct model *m, struct lc_pod *p, struct lc_container *c,
    int64_t main_exit_us)
{
	int64_t		grace_us, hook_us;
	char		buf[128];

	grace_us = lifecycle_duration_us(p->r.grace_s, 1000000);
	if (model_is_plain_init(&c->r))
		return;		/* init containers ended long before */
	if (c->r.finished_us != TIME_NONE &&
	    c->r.finished_us < p->r.deletion_us) {
		c->r.sigterm_basis = "exited before the deletion request";
		return;
	}
	if (c->r.native_sidecar) {
		/* stopped by the kubelet after the main containers */
		if (main_exit_us == TIME_NONE) {
			c->r.sigterm_basis = "unknown: native sidecar, main "
			    "containers' exit unknown";
			c->r.deadline_us = p->r.deletion_us + grace_us;
			return;
		}
		c->r.sigterm_us = main_exit_us;
		c->r.sigterm_basis = "inferred: native sidecar, stopped "
		    "after the main containers exited";
	} else if (c->r.prestop_kind == NULL) {
		c->r.sigterm_us = p->r.deletion_us;
		c->r.sigterm_basis = "inferred: the deletion request (no "
		    "preStop hook)";
	} else if (strcmp(c->r.prestop_kind, "sleep") == 0 &&
	    c->r.prestop_ms != INT_NONE) {
		hook_us = lifecycle_duration_us(c->r.prestop_ms, 1000);
		if (hook_us > grace_us)
			hook_us = grace_us;
		c->r.sigterm_us = p->r.deletion_us + hook_us;
		snprintf(buf, sizeof buf, "inferred: deletion request + "
		    "preStop sleep %.1f s", (double)c->r.prestop_ms / 1000);
		c->r.sigterm_basis = S(m, buf);
	} else {
		snprintf(buf, sizeof buf, "unknown: preStop %s of unknown "
		    "duration", c->r.prestop_kind);
		c->r.sigterm_basis = S(m, buf);
	}
	c->r.deadline_us = p->r.deletion_us + grace_us;
	if (c->r.sigterm_us != TIME_NONE &&
	    c->r.deadline_us - c->r.sigterm_us < GRACE_FLOOR_US)
		c->r.deadline_us = c->r.sigterm_us + GRACE_FLOOR_US;
	c->r.killed_at_deadline = (c->r.exit_code == 137 ||
	    c->r.signal == 9) && c->r.finished_us != TIME_NONE &&
	    (c->r.reason == NULL || strcmp(c->r.reason, "OOMKilled") != 0) &&
	    c->r.finished_us >= c->r.deadline_us - DEADLINE_SLACK_US &&
	    c->r.finished_us <= c->r.deadline_us + DEADLINE_SLACK_US;
}

/* Whether s contains "shutdown", ignoring the case of its first letter. */
static int
says_shutdown(const char *s)
{
	return (s != NULL && (strstr(s, "shutdown") != NULL ||
	    strstr(s, "Shutdown") != NULL));
}

/*
 * Who ended the pod when it was not (only) its deletion: the kubelet for
 * node pressure (status.reason Evicted, an Evicted event, DisruptionTarget
 * TerminationByKubelet), a preemption (Preempting, a Preempted event,
 * DisruptionTarget PreemptionByScheduler) or a node shutdown (status
 * Terminated or NodeShutdown with a message saying so).  The kill's time
 * is the event's, else the kubelet's Killing event, else the last exit.
 */
static void
pod_ended(struct model *m, struct lc_pod *p)
{
	const char	*r = p->r.reason, *d = p->r.disruption;
	const char	*why = NULL;
	enum end_cause	 by = EC_NONE;
	int64_t		 at = TIME_NONE, last = TIME_NONE;
	size_t		 i;
	char		 buf[160];

	if (str_eq(r, "Evicted") || p->evicted_us != TIME_NONE) {
		by = EC_EVICTION;
		at = p->evicted_us;
		why = p->evicted_us != TIME_NONE ? "the Evicted event" :
		    "status.reason Evicted";
	} else if (str_eq(r, "Preempting") || p->preempted_us != TIME_NONE ||
	    str_eq(d, "PreemptionByScheduler")) {
		by = EC_PREEMPTION;
		at = p->preempted_us;
		why = p->preempted_us != TIME_NONE ? "the preemption event" :
		    str_eq(r, "Preempting") ? "status.reason Preempting" :
		    "DisruptionTarget PreemptionByScheduler";
	} else if (str_eq(r, "NodeShutdown") || str_eq(r, "Shutdown") ||
	    ((str_eq(r, "Terminated") || str_eq(d, "TerminationByKubelet")) &&
	    says_shutdown(p->r.message))) {
		by = EC_NODE_SHUTDOWN;
		why = "status.reason and message: a node shutdown";
	} else if (str_eq(d, "TerminationByKubelet")) {
		by = EC_EVICTION;
		why = "DisruptionTarget TerminationByKubelet";
	}
	if (by == EC_NONE)
		return;
	for (i = 0; i < p->nc; i++) {
		if (p->c[i].r.finished_us != TIME_NONE &&
		    (last == TIME_NONE || p->c[i].r.finished_us > last))
			last = p->c[i].r.finished_us;
	}
	p->r.ended_by = by;
	if (at != TIME_NONE)
		snprintf(buf, sizeof buf, "observed: %s", why);
	else if ((at = p->killing_us) != TIME_NONE)
		snprintf(buf, sizeof buf, "observed: %s; its time from the "
		    "kubelet's Killing event", why);
	else if ((at = last) != TIME_NONE)
		snprintf(buf, sizeof buf, "observed: %s; its time inferred "
		    "from the last container exit", why);
	else
		snprintf(buf, sizeof buf, "observed: %s; its time unknown",
		    why);
	p->r.ended_us = at;
	p->r.ended_basis = S(m, buf);
	if (p->r.message == NULL)
		p->r.message = p->evicted_msg != NULL ? p->evicted_msg :
		    p->preempted_msg;
}

/* Deletion, SIGTERM, deadline and end of one pod. */
static void
pod_death(struct model *m, struct lc_pod *p)
{
	struct lc_container	*c, *main_c = NULL;
	int64_t			 main_exit = TIME_NONE, last_exit = TIME_NONE;
	size_t			 i;
	int			 all_main_done = 1, all_done = 1;

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		c->r.sidecar = c->r.native_sidecar ||
		    model_is_proxy_name(c->r.name);
		if (model_is_main(&c->r)) {
			if (main_c == NULL)
				main_c = c;
			if (c->r.finished_us == TIME_NONE)
				all_main_done = 0;
			else if (main_exit == TIME_NONE ||
			    c->r.finished_us > main_exit)
				main_exit = c->r.finished_us;
		}
		if (!model_is_plain_init(&c->r)) {
			if (c->r.finished_us == TIME_NONE)
				all_done = 0;
			else if (last_exit == TIME_NONE ||
			    c->r.finished_us > last_exit)
				last_exit = c->r.finished_us;
		}
	}
	if (!all_main_done)
		main_exit = TIME_NONE;
	p->r.main_exit_us = main_exit;
	pod_ended(m, p);
	deletion_request(m, p);
	if (main_c != NULL && main_c->r.prestop_kind != NULL &&
	    strcmp(main_c->r.prestop_kind, "sleep") == 0)
		p->r.prestop_ms = main_c->r.prestop_ms;
	if (p->r.deletion_us != TIME_NONE) {
		for (i = 0; i < p->nc; i++) {
			container_death(m, p, &p->c[i], main_exit);
			if (p->c[i].r.deadline_us != TIME_NONE &&
			    (p->r.deadline_us == TIME_NONE ||
			    p->c[i].r.deadline_us > p->r.deadline_us) &&
			    !p->c[i].r.native_sidecar)
				p->r.deadline_us = p->c[i].r.deadline_us;
			if (p->c[i].r.killed_at_deadline)
				p->r.killed = 1;
		}
		/* the pod's SIGTERM: the first to a main container */
		for (i = 0; i < p->nc; i++) {
			c = &p->c[i];
			if (!model_is_main(&c->r) || c->r.sigterm_basis == NULL)
				continue;
			if (p->r.sigterm_basis == NULL ||
			    (c->r.sigterm_us != TIME_NONE &&
			    (p->r.sigterm_us == TIME_NONE ||
			    c->r.sigterm_us < p->r.sigterm_us))) {
				p->r.sigterm_us = c->r.sigterm_us;
				p->r.sigterm_basis = c->r.sigterm_basis;
			}
		}
	}
	if (p->r.gone_basis != NULL)
		;	/* the audit log's, set with the deletion request */
	else if (p->deleted_seen)
		p->r.gone_basis = "inferred: watch DELETED, at the last time "
		    "written in the object";
	else if (p->r.deletion_us != TIME_NONE && all_done &&
	    last_exit != TIME_NONE) {
		p->r.gone_us = last_exit;
		p->r.gone_basis = "inferred: the last container exit (the "
		    "deletion itself was not seen)";
	}
	if (p->nips > 0)
		p->r.ip = p->ips[p->nips - 1].ip;
}

/*
 * Who ended one termination t of container c (model.h, struct
 * row_termination): what the runtime wrote (OOMKilled, a start failure,
 * Unknown after a node or runtime restart), then what ended the pod (a
 * kubelet's kill, its deletion), then the kubelet's kills for failed
 * probes (Killing events from the kill to the kill plus the grace), then
 * a signal, else the app itself.
 */
static void
term_cause(struct model *m, struct lc_pod *p, struct lc_container *c,
    struct row_termination *t)
{
	const struct lc_evcount	*x;
	int64_t			 f = t->finished_us;
	int64_t			 grace = p->r.grace_s * 1000000;
	size_t			 i;
	char			 buf[200];

	if (str_eq(t->reason, "OOMKilled")) {
		t->cause = EC_OOM;
		t->cause_basis = "observed: reason OOMKilled";
		return;
	}
	if (model_is_start_failure(t->reason, t->exit_code)) {
		t->cause = EC_START_FAILURE;
		snprintf(buf, sizeof buf, "observed: %s%s%s", t->reason !=
		    NULL ? "reason " : "", t->reason != NULL ? t->reason : "",
		    t->exit_code == 126 || t->exit_code == 127 ? (t->exit_code
		    == 126 ? ", exit 126 (cannot execute)" : ", exit 127 (not "
		    "found)") : "");
		t->cause_basis = S(m, buf);
		return;
	}
	if (str_eq(t->reason, "Unknown") && (t->exit_code == 255 ||
	    t->exit_code == INT_NONE)) {
		t->cause = EC_NODE_RESTART;
		t->cause_basis = "observed: reason Unknown, exit 255: the "
		    "container was lost when its node or runtime restarted";
		return;
	}
	if (p->r.ended_by != EC_NONE && t->restarted_us == TIME_NONE &&
	    (p->r.ended_us == TIME_NONE || f == TIME_NONE ||
	    f >= p->r.ended_us - DEADLINE_SLACK_US)) {
		t->cause = p->r.ended_by;
		t->cause_basis = p->r.ended_basis;
		return;
	}
	if (p->r.deletion_us != TIME_NONE && (f == TIME_NONE ||
	    f >= p->r.deletion_us - DEADLINE_SLACK_US) &&
	    t->restarted_us == TIME_NONE) {
		t->cause = EC_DELETION;
		t->cause_basis = p->r.deletion_basis;
		return;
	}
	for (i = 0; f != TIME_NONE && i < c->nev; i++) {
		x = &c->ev[i];
		if (x->kind != LC_EV_PROBE_KILL || x->first_us == TIME_NONE)
			continue;
		if (f < x->first_us - DEADLINE_SLACK_US || f > (x->last_us !=
		    TIME_NONE ? x->last_us : x->first_us) + grace +
		    DEADLINE_SLACK_US)
			continue;
		t->cause = EC_LIVENESS;
		t->cause_basis = x->count == 1 ? "observed: the kubelet's "
		    "Killing event (failed probe) before the exit" :
		    "inferred: the kubelet's Killing events (failed probe) "
		    "span the exit";
		return;
	}
	if (str_eq(t->reason, "ContainerStatusUnknown")) {
		t->cause = EC_NODE_RESTART;
		t->cause_basis = "inferred: ContainerStatusUnknown, the "
		    "container could not be found on its node";
		return;
	}
	if ((t->signal != INT_NONE && t->signal > 0) ||
	    model_exit_signal(t->exit_code) > 0) {
		t->cause = EC_SIGNAL;
		t->cause_basis = "observed: killed by a signal (exit 128 + "
		    "its number) that no event explains";
		return;
	}
	t->cause = EC_APP;
	t->cause_basis = t->exit_code == 0 ? "observed: exit 0, on its own" :
	    "observed: a non-zero exit, not signalled";
}

static int
cmp_term(const void *a, const void *b)
{
	const struct lc_term	*p = a, *q = b;
	int64_t			 x = p->r.finished_us, y = q->r.finished_us;

	if (x == y)
		return (0);
	if (x == TIME_NONE || y == TIME_NONE)
		return (x == TIME_NONE ? 1 : -1);	/* unknown last */
	return (x < y ? -1 : 1);
}

/*
 * Completes the terminations of a pod once its life is known: in time
 * order, when each was restarted (the next instance's start), who ended
 * it, the previous instance's last log line, and how the restart count
 * is known.
 */
static void
pod_terminations(struct model *m, struct lc_pod *p)
{
	struct lc_container	*c;
	struct row_termination	*t;
	size_t			 i, j, k;
	int64_t			 next;
	char			 buf[160];

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		events_fold(c);
		xqsort(c->t, c->nt, sizeof *c->t, cmp_term);
		for (j = 0; j < c->nt; j++) {
			t = &c->t[j].r;
			t->pod_uid = p->r.uid;
			next = TIME_NONE;
			for (k = 0; t->finished_us != TIME_NONE &&
			    k < c->nstarts; k++) {
				/* after it ended; not its own start */
				if (c->starts[k] >= t->finished_us &&
				    c->starts[k] != t->started_us &&
				    (next == TIME_NONE || c->starts[k] < next))
					next = c->starts[k];
			}
			t->restarted_us = next;
			term_cause(m, p, c, t);
			if (c->prev_log != NULL &&
			    t->finished_us == c->r.last_finished_us &&
			    t->started_us == c->r.last_started_us) {
				t->last_log = c->prev_log;
				t->last_log_us = c->prev_log_us;
			}
		}
		c->r.terminations = (int64_t)c->nt;
		if (c->r.restarts == INT_NONE)
			continue;
		snprintf(buf, sizeof buf, "%lld restart%s counted by the "
		    "kubelet; %zu termination%s observed",
		    (long long)c->r.restarts, c->r.restarts == 1 ? "" : "s",
		    c->nt, c->nt == 1 ? "" : "s");
		c->r.restarts_basis = S(m, buf);
	}
}

int
lifecycle_telling(const char *s)
{
	static const char *const words[] = {
		"panic", "fatal", "error", "exception", "failed", NULL
	};
	char	 low[1024];
	size_t	 i;

	for (i = 0; i < sizeof low - 1 && s[i] != '\0'; i++)
		low[i] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i];
	low[i] = '\0';
	for (i = 0; words[i] != NULL; i++) {
		if (strstr(low, words[i]) != NULL)
			return (1);
	}
	return (0);
}

size_t
lifecycle_telling_line(const char *const *lines, size_t n)
{
	size_t	i;

	for (i = n; i > 0; i--) {
		if (lines[i - 1] != NULL && lifecycle_telling(lines[i - 1]))
			return (i - 1);
	}
	return (n > 0 ? n - 1 : 0);
}

/* The last lines of a previous log, oldest first. */
struct lc_tail {
	char		*v[LIFECYCLE_PREV_LINES];	/* owned */
	int64_t		 t[LIFECYCLE_PREV_LINES];	/* their times */
	size_t		 n;
};

static int
tail_add(void *ctx, int64_t time_us, const char *text)
{
	struct lc_tail	*t = ctx;

	if (text != NULL && t->n < LIFECYCLE_PREV_LINES) {
		t->v[t->n] = xstrdup(text);
		t->t[t->n++] = time_us;
	}
	return (0);
}

/*
 * Replaces each container's last previous-log line with the line its
 * death is told by (the one crash-loop quotes too).
 */
static int
pick_previous_lines(struct store *st, struct model *m, char **cause)
{
	struct lc_container	*c;
	struct lc_tail		 t;
	char			*cut;
	size_t			 i, j, k;
	int			 rc;

	for (i = 0; i < m->npods; i++) {
		for (j = 0; j < m->pods[i].nc; j++) {
			c = &m->pods[i].c[j];
			if (c->prev_log == NULL ||
			    lifecycle_telling(c->prev_log))
				continue;
			memset(&t, 0, sizeof t);
			rc = store_log_tail(st, m->pods[i].r.namespace != NULL ?
			    m->pods[i].r.namespace : "", m->pods[i].r.name !=
			    NULL ? m->pods[i].r.name : "", c->r.name, 1,
			    LIFECYCLE_PREV_LINES, tail_add, &t, cause);
			k = lifecycle_telling_line((const char *const *)t.v,
			    t.n);
			if (rc == 0 && t.n > 0 && lifecycle_telling(t.v[k])) {
				cut = out_safe(t.v[k], strlen(t.v[k]), 300);
				c->prev_log = S(m, cut);
				c->prev_log_us = t.t[k];
				free(cut);
			}
			for (k = 0; k < t.n; k++)
				free(t.v[k]);
			if (rc != 0)
				return (-1);
		}
	}
	return (0);
}

/* Gives a container the last line of its previous instance's log. */
static int
scan_previous_log(void *ctx, const struct store_log_last *l)
{
	struct model		*m = ctx;
	struct lc_pod		*p;
	struct lc_container	*c;
	char			*cut;

	if ((p = find_pod(m, l->pod_uid)) == NULL ||
	    (c = find_container(p, l->container)) == NULL || l->text == NULL)
		return (0);
	cut = out_safe(l->text, strlen(l->text), 300);
	c->prev_log = S(m, cut);
	free(cut);
	c->prev_log_us = l->time_us;
	return (0);
}

/* Writes the workload folded so far, and forgets it. */
static int
flush_workload(struct store *st, struct model *m, struct model_stats *stats)
{
	int	rc = 0;

	if (m->wl.r.uid != NULL) {
		if (store_model_put(st, ROW_WORKLOAD, &m->wl.r) != 0 ||
		    rollout_add_workload(st, &m->wl.r, stats) != 0)
			rc = -1;
		stats->workloads++;
	}
	memset(&m->wl, 0, sizeof m->wl);
	arena_free(&m->strings);
	return (rc);
}

/* Folds one version of a workload; their versions come together. */
static int
scan_workload(void *ctx, const void *rec)
{
	struct lc_scan			*sc = ctx;
	struct model			*m = sc->m;
	const struct rec_workload	*o = rec;
	struct lc_workload		*w = &m->wl;

	if (o->uid == NULL || o->kind == NULL)
		return (0);
	if (w->r.uid == NULL || strcmp(w->r.uid, o->uid) != 0) {
		if (flush_workload(sc->st, m, sc->stats) != 0)
			return (-1);
		w->r.uid = arena_strdup(&m->strings, o->uid);
	}
	/* the latest version wins, field by field where it says */
	keep_in(&m->strings, &w->r.kind, o->kind);
	keep_in(&m->strings, &w->r.namespace, o->namespace);
	keep_in(&m->strings, &w->r.name, o->name);
	keep_in(&m->strings, &w->r.owner_kind, o->owner_kind);
	keep_in(&m->strings, &w->r.owner_name, o->owner_name);
	keep_in(&m->strings, &w->owner_uid, o->owner_uid);
	keep_in(&m->strings, &w->r.template_hash, o->template_hash);
	keep_in(&m->strings, &w->r.condition, o->condition);
	keep_in(&m->strings, &w->r.schedule, o->schedule);
	keep_in(&m->strings, &w->r.condition_reason, o->condition_reason);
	w->r.backoff_limit = o->backoff_limit;
	w->r.failed = o->failed;
	w->r.created_us = o->created_us;
	w->r.revision = o->revision;
	w->r.replicas = o->replicas;
	w->r.grace_s = o->grace_s;
	w->r.start_us = o->start_us;
	w->r.completion_us = o->completion_us;
	return (0);
}

/*
 * The owner of the workload of this kind and name (in namespace ns, any
 * when NULL; the first by uid when several), copied into the batch:
 * 1 when there is such a workload (*okind and *oname may still be NULL),
 * 0 when there is none, -1 on a store error.
 */
static int
workload_owner(struct store *st, struct model *m, const char *kind,
    const char *ns, const char *name, const char **okind, const char **oname)
{
	char	*k = NULL, *n = NULL;
	int	 rc;

	*okind = *oname = NULL;
	if ((rc = store_workload_owner(st, kind, ns, name, &k, &n)) == 1) {
		*okind = k != NULL ? S(m, k) : NULL;
		*oname = n != NULL ? S(m, n) : NULL;
	}
	free(k);
	free(n);
	return (rc);
}

size_t
lifecycle_cronjob_len(const char *job)
{
	size_t	n, i;

	if (job == NULL)
		return (0);
	/* <cronjob>-<scheduled minute>: 8 digits or more */
	for (n = i = strlen(job); i > 0 && job[i - 1] >= '0' &&
	    job[i - 1] <= '9'; i--)
		;
	if (n - i < 8 || i < 2 || job[i - 1] != '-')
		return (0);
	return (i - 1);
}

/*
 * The workload a pod belongs to: ReplicaSet -> Deployment (its owner, or
 * its name less the pod-template-hash), Job -> CronJob (its owner, or a
 * name ending in the scheduled minute), a static pod (owned by its Node)
 * -> its name less "-NODE", else the owner, else the pod.
 */
static int
pod_workload(struct store *st, struct model *m, struct lc_pod *p)
{
	const char		*ok = p->r.owner_kind, *on = p->r.owner_name;
	const char		*wk, *wn;
	size_t			 n, hl, cut;
	char			*name;

	if (ok == NULL || on == NULL) {
		p->r.workload_kind = "Pod";
		p->r.workload = p->r.name;
		return (0);
	}
	p->r.workload_kind = ok;
	p->r.workload = on;
	if (strcmp(ok, "Node") == 0 && p->r.name != NULL) {
		/* kube-scheduler-node-1 of node-1: kube-scheduler */
		n = strlen(p->r.name);
		hl = strlen(on);
		if (n > hl + 1 && p->r.name[n - hl - 1] == '-' &&
		    strcmp(p->r.name + n - hl, on) == 0) {
			name = xstrndup(p->r.name, n - hl - 1);
			p->r.workload = S(m, name);
			free(name);
		} else
			p->r.workload = p->r.name;
	} else if (strcmp(ok, "ReplicaSet") == 0 || strcmp(ok, "Job") == 0) {
		/* the owner of a known ReplicaSet or Job */
		if (workload_owner(st, m, ok, p->r.namespace, on, &wk, &wn) < 0)
			return (-1);
		if (wk != NULL && wn != NULL) {
			p->r.workload_kind = wk;
			p->r.workload = wn;
			return (0);
		}
	}
	if (strcmp(ok, "ReplicaSet") == 0) {
		n = strlen(on);
		hl = p->r.template_hash != NULL ? strlen(p->r.template_hash) :
		    0;
		if (hl > 0 && n > hl + 1 && on[n - hl - 1] == '-' &&
		    strcmp(on + n - hl, p->r.template_hash) == 0) {
			name = xstrndup(on, n - hl - 1);
			p->r.workload_kind = "Deployment";
			p->r.workload = S(m, name);
			free(name);
		}
	} else if (strcmp(ok, "Job") == 0) {
		/* known or not, as its run's row says (rollout.c) */
		if ((cut = lifecycle_cronjob_len(on)) > 0) {
			name = xstrndup(on, cut);
			p->r.workload_kind = "CronJob";
			p->r.workload = S(m, name);
			free(name);
		}
	}
	return (0);
}

/* Writes the batch's pods, their containers and their IP intervals. */
static int
write_pods(struct store *st, struct model *m, struct model_stats *stats)
{
	struct row_pod_ip	 ip;
	struct lc_pod		*p;
	size_t			 i, j, k;

	for (i = 0; i < m->npods; i++) {
		p = &m->pods[i];
		if (store_model_put(st, ROW_POD, &p->r) != 0)
			return (-1);
		stats->pods++;
		stats->killed += p->r.killed;
		for (j = 0; j < p->nc; j++) {
			if (store_model_put(st, ROW_CONTAINER,
			    &p->c[j].r) != 0)
				return (-1);
			stats->containers++;
			for (k = 0; k < p->c[j].nt; k++) {
				if (store_model_put(st, ROW_TERMINATION,
				    &p->c[j].t[k].r) != 0)
					return (-1);
				stats->terminations++;
			}
		}
		/*
		 * An IP belongs to the pod from when it was assigned (the
		 * pod's start, or when it was first seen) until the pod was
		 * gone, or its deadline passed when the end is unknown.
		 */
		for (j = 0; j < p->nips; j++) {
			ip.ip = p->ips[j].ip;
			ip.pod_uid = p->r.uid;
			ip.namespace = p->r.namespace;
			ip.from_us = j == 0 && p->r.start_us != TIME_NONE ?
			    p->r.start_us : p->ips[j].first_us;
			if (j + 1 < p->nips)
				ip.to_us = p->ips[j + 1].first_us;
			else if (p->r.gone_us != TIME_NONE)
				ip.to_us = p->r.gone_us;
			else
				ip.to_us = p->r.deadline_us;
			if (store_model_put(st, ROW_POD_IP, &ip) != 0)
				return (-1);
			stats->ips++;
		}
	}
	return (0);
}

/* Forgets the batch's pods. */
static void
batch_free(struct model *m)
{
	size_t	i, j;

	for (i = 0; i < m->npods; i++) {
		for (j = 0; j < m->pods[i].nc; j++) {
			free(m->pods[i].c[j].t);
			free(m->pods[i].c[j].starts);
			free(m->pods[i].c[j].ev);
		}
		free(m->pods[i].c);
		free(m->pods[i].ips);
	}
	free(m->pods);
	m->pods = NULL;
	m->npods = 0;
	arena_free(&m->batch);
}

/*
 * Folds the pods with lo < uid <= hi (lo NULL: from the first), derives
 * their lives and writes them.  Returns 0, or -1 with a new *cause.
 */
static int
model_batch(struct store *st, struct model *m, const char *lo,
    const char *hi, struct model_stats *stats, char **cause)
{
	struct lc_scan	sc = { .m = m };
	size_t		i;

	if (store_scan_pods(st, REC_POD, lo, hi, scan_pod, &sc, cause) != 0)
		return (-1);
	sc.cur = NULL;
	if (store_scan_pods(st, REC_CONTAINER, lo, hi, scan_container, &sc,
	    cause) != 0 ||
	    store_model_events(st, lo, hi, scan_event, m, cause) != 0 ||
	    store_model_audit(st, lo, hi, scan_audit, m, cause) != 0 ||
	    store_model_pod_endpoints(st, lo, hi, scan_endpoint, m,
	    cause) != 0 ||
	    store_previous_logs(st, lo, hi, scan_previous_log, m,
	    cause) != 0 ||
	    pick_previous_lines(st, m, cause) != 0)
		return (-1);
	for (i = 0; i < m->npods; i++) {
		if (m->pods[i].endpoint_listed)
			m->pods[i].r.endpoint_gone_us = TIME_NONE;
		if (pod_workload(st, m, &m->pods[i]) != 0)
			break;
		pod_death(m, &m->pods[i]);
		pod_terminations(m, &m->pods[i]);
		if (rollout_add_pod(st, &m->pods[i]) != 0)
			break;
	}
	if (i < m->npods || write_pods(st, m, stats) != 0) {
		*cause = xstrdup(store_error(st));
		return (-1);
	}
	batch_free(m);
	return (0);
}

static void
model_free(struct model *m)
{
	batch_free(m);
	arena_free(&m->strings);
}

int
model_rebuild(struct store *st, struct model_stats *stats, char **cause)
{
	struct model		 m;
	struct lc_scan		 sc = { .m = &m, .st = st, .stats = stats };
	struct deploys		*deploys = NULL;
	char			*lo = NULL, *hi = NULL;
	int			 rc = -1;

	*cause = NULL;
	memset(&m, 0, sizeof m);
	memset(stats, 0, sizeof *stats);
	/* one transaction from the first read: one consistent state */
	if (store_model_begin(st, cause) != 0)
		goto out;
	/* the workloads first, one at a time: pods' owners are looked up */
	if (rollout_begin(st, cause) != 0)
		goto abort;
	if ((rc = store_scan(st, REC_WORKLOAD, scan_workload, &sc,
	    cause)) != 0 || flush_workload(st, &m, stats) != 0) {
		if (rc == 0 || *cause == NULL)
			goto fail;
		goto abort;
	}
	if (store_pod_refs(st, event_reasons, cause) != 0 ||
	    store_audit_refs(st, cause) != 0 ||
	    endpoints_build(st, stats, cause) != 0 ||
	    nodes_build(st, stats, cause) != 0)
		goto abort;
	/* then the pods, a batch at a time */
	while ((rc = store_pod_batch(st, lo, LC_BATCH, &hi, cause)) == 1) {
		if (model_batch(st, &m, lo, hi, stats, cause) != 0)
			goto abort;
		free(lo);
		lo = hi;
		hi = NULL;
	}
	if (rc != 0 || buckets_build(st, stats, cause) != 0 ||
	    deploys_load(st, &deploys, cause) != 0 ||
	    rollout_build(st, deploys, stats, cause) != 0 ||
	    deploys_write(deploys, st, stats) != 0 ||
	    deletion_causes(st, cause) != 0) {
		if (*cause == NULL)
			*cause = xstrdup(store_error(st));
		goto abort;
	}
	rc = store_model_end(st, 1, cause);
	goto out;
fail:
	*cause = xstrdup(store_error(st));
abort:
	store_model_end(st, 0, NULL);
	rc = -1;
out:
	free(lo);
	free(hi);
	deploys_free(deploys);
	model_free(&m);
	return (rc);
}
