/*
 * lifecycle.c: how every pod lived and died (lifecycle.h).  Folds every
 * observed version of each pod (ordered by uid, then by when it was
 * observed) into one life: creation, scheduling, start, readiness, the
 * deletion request, each container's preStop, SIGTERM and SIGKILL
 * deadline, exits, and whether a container was killed at the deadline;
 * resolves each pod's workload through its owners; and records which IP
 * each pod owned when.  The rules are DESIGN §5.  Each derived time keeps
 * a basis saying whether it was observed or inferred, and from what.
 * No SQL (store.c) and no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipmap.h"
#include "lifecycle.h"
#include "timefmt.h"

/* Rebuild state: the model plus the scan cursors. */
struct lc_scan {
	struct model	*m;
	size_t		 cap;		/* allocated pods / workloads */
	struct lc_pod	*cur;		/* the pod the scan is on */
};

static char *
S(struct model *m, const char *s)
{
	return (arena_strdup(&m->strings, s));
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

/* Keeps the latest non-NULL value of a string field. */
static void
keep_str(struct model *m, const char **dst, const char *src)
{
	if (src != NULL && (*dst == NULL || strcmp(*dst, src) != 0))
		*dst = S(m, src);
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
	p->deletion_grace_s = p->spec_grace_s = INT_NONE;
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
	keep_str(m, &p->r.template_hash, o->template_hash);
	keep_first_time(&p->r.created_us, o->created_us);
	keep_first_time(&p->r.scheduled_us, o->scheduled_us);
	keep_first_time(&p->r.start_us, o->start_us);
	if (o->ready == 1)
		keep_first_time(&p->r.ready_us, o->ready_us);
	if (o->deletion_ts_us != TIME_NONE) {
		/* the grace may only be shortened: the latest one holds */
		p->deletion_ts_us = o->deletion_ts_us;
		p->deletion_grace_s = o->deletion_grace_s;
	}
	if (o->grace_s != INT_NONE)
		p->spec_grace_s = o->grace_s;
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
		p->r.gone_us = o->observed_us;
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
	return (c);
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
	if (o->state == NULL)
		return (0);
	if (strcmp(o->state, "running") == 0) {
		if (o->started_us != TIME_NONE &&
		    (c->r.started_us == TIME_NONE ||
		    o->started_us > c->r.started_us)) {
			c->r.started_us = o->started_us;
			c->r.finished_us = TIME_NONE;
			c->r.exit_code = c->r.signal = INT_NONE;
			c->r.reason = NULL;
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
	} else if (o->last_finished_us != TIME_NONE &&
	    (c->r.finished_us == TIME_NONE ||
	    o->last_finished_us >= c->r.finished_us)) {
		/* waiting after an exit: the last instance is lastState */
		c->r.started_us = o->last_started_us;
		c->r.finished_us = o->last_finished_us;
		c->r.exit_code = o->last_exit_code;
		c->r.signal = o->last_signal;
		c->r.reason = S(m, o->last_reason);
	}
	return (0);
}

/* Orders pods by namespace and name, for events without a uid. */
static int
cmp_pod_name(const void *a, const void *b)
{
	const struct lc_pod	*p = *(struct lc_pod *const *)a;
	const struct lc_pod	*q = *(struct lc_pod *const *)b;
	int			 c;

	c = strcmp(p->r.namespace != NULL ? p->r.namespace : "",
	    q->r.namespace != NULL ? q->r.namespace : "");
	if (c != 0)
		return (c);
	return (strcmp(p->r.name != NULL ? p->r.name : "",
	    q->r.name != NULL ? q->r.name : ""));
}

struct lc_events {
	struct model	 *m;
	struct lc_pod	**by_name;	/* pods sorted by namespace, name */
};

static int
scan_event(void *ctx, const void *rec)
{
	struct lc_events	*ev = ctx;
	const struct rec_event	*e = rec;
	struct lc_pod		*p, key, *kp = &key, **hit;

	if (e->reason == NULL || strcmp(e->reason, "Killing") != 0 ||
	    e->obj_kind == NULL || strcmp(e->obj_kind, "Pod") != 0)
		return (0);
	if ((p = find_pod(ev->m, e->obj_uid)) == NULL) {
		memset(&key, 0, sizeof key);
		key.r.namespace = e->obj_namespace != NULL ?
		    e->obj_namespace : e->namespace;
		key.r.name = e->obj_name;
		if (key.r.name == NULL)
			return (0);
		hit = xbsearch(&kp, ev->by_name, ev->m->npods,
		    sizeof *ev->by_name, cmp_pod_name);
		if (hit == NULL)
			return (0);
		p = *hit;
	}
	/* the first Killing event of a life is the deletion request */
	if (e->first_us != TIME_NONE)
		keep_first_time(&p->killing_us, e->first_us);
	else
		keep_first_time(&p->killing_us, e->time_us);
	return (0);
}

static int
is_main(const struct lc_container *c)
{
	return (!c->r.init && !c->r.sidecar);
}

/*
 * SIGTERM and the SIGKILL deadline of one container, given the deletion
 * request and the grace (DESIGN §5): the preStop hook runs first and uses
 * the grace up; SIGTERM follows it; SIGKILL comes at request + grace, but
 * never less than 2 s after SIGTERM.
 */
/*
 * A duration in microseconds, from n units of unit_us, clamped to
 * 0..LC_MAX_DURATION_US: importers refuse absurd durations, and what
 * comes from an older database must not overflow the arithmetic either.
 */
static int64_t
duration_us(int64_t n, int64_t unit_us)
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
	int64_t		grace_us = duration_us(p->r.grace_s, 1000000), hook_us;
	char		buf[128];

	if (c->r.init && !c->r.native_sidecar)
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
		hook_us = duration_us(c->r.prestop_ms, 1000);
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
		if (is_main(c)) {
			if (main_c == NULL)
				main_c = c;
			if (c->r.finished_us == TIME_NONE)
				all_main_done = 0;
			else if (main_exit == TIME_NONE ||
			    c->r.finished_us > main_exit)
				main_exit = c->r.finished_us;
		}
		if (!c->r.init || c->r.native_sidecar) {
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
	p->r.grace_s = p->deletion_grace_s != INT_NONE ? p->deletion_grace_s :
	    p->spec_grace_s != INT_NONE ? p->spec_grace_s : DEFAULT_GRACE_S;
	if (p->deletion_ts_us != TIME_NONE) {
		p->r.deletion_us = p->deletion_ts_us -
		    duration_us(p->r.grace_s, 1000000);
		p->r.deletion_basis = p->deletion_grace_s != INT_NONE ?
		    "observed: deletionTimestamp - deletionGracePeriodSeconds" :
		    "inferred: deletionTimestamp - the pod's grace period";
	} else if (p->killing_us != TIME_NONE) {
		p->r.deletion_us = p->killing_us;
		p->r.deletion_basis = "inferred: the first Killing event";
	}
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
			if (!is_main(c) || c->r.sigterm_basis == NULL)
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
	if (p->deleted_seen)
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

static int
cmp_wl_uid(const void *a, const void *b)
{
	const struct lc_workload *p = a, *q = b;

	return (strcmp(p->r.uid, q->r.uid));
}

static int
scan_workload(void *ctx, const void *rec)
{
	struct lc_scan			*sc = ctx;
	struct model			*m = sc->m;
	const struct rec_workload	*o = rec;
	struct lc_workload		*w;

	if (o->uid == NULL || o->kind == NULL)
		return (0);
	w = m->nwl > 0 ? &m->wl[m->nwl - 1] : NULL;
	if (w == NULL || strcmp(w->r.uid, o->uid) != 0) {
		if (m->nwl == sc->cap) {
			sc->cap = sc->cap == 0 ? 64 : sc->cap * 2;
			m->wl = xreallocarray(m->wl, sc->cap, sizeof *m->wl);
		}
		w = &m->wl[m->nwl++];
		memset(w, 0, sizeof *w);
		w->r.uid = S(m, o->uid);
	}
	/* the latest version wins, field by field where it says */
	keep_str(m, &w->r.kind, o->kind);
	keep_str(m, &w->r.namespace, o->namespace);
	keep_str(m, &w->r.name, o->name);
	keep_str(m, &w->r.owner_kind, o->owner_kind);
	keep_str(m, &w->r.owner_name, o->owner_name);
	keep_str(m, &w->owner_uid, o->owner_uid);
	keep_str(m, &w->r.template_hash, o->template_hash);
	keep_str(m, &w->r.condition, o->condition);
	keep_str(m, &w->r.schedule, o->schedule);
	w->r.created_us = o->created_us;
	w->r.revision = o->revision;
	w->r.replicas = o->replicas;
	w->r.grace_s = o->grace_s;
	w->r.start_us = o->start_us;
	w->r.completion_us = o->completion_us;
	return (0);
}

struct lc_workload *
model_find_workload(struct model *m, const char *kind, const char *ns,
    const char *name)
{
	size_t	i;

	if (kind == NULL || name == NULL)
		return (NULL);
	for (i = 0; i < m->nwl; i++) {
		struct row_workload *w = &m->wl[i].r;

		if (strcmp(w->kind, kind) == 0 && w->name != NULL &&
		    strcmp(w->name, name) == 0 && (ns == NULL ||
		    (w->namespace != NULL && strcmp(w->namespace, ns) == 0)))
			return (&m->wl[i]);
	}
	return (NULL);
}

/* Whether s ends with "-" and at least min digits. */
static int
ends_with_digits(const char *s, size_t min, size_t *cut)
{
	size_t	n = strlen(s), i = n;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (n - i < min || i < 2 || s[i - 1] != '-')
		return (0);
	*cut = i - 1;
	return (1);
}

/*
 * The workload a pod belongs to: ReplicaSet -> Deployment (its owner, or
 * its name less the pod-template-hash), Job -> CronJob (its owner, or a
 * name ending in the scheduled minute), else the owner, else the pod.
 */
static void
pod_workload(struct model *m, struct lc_pod *p)
{
	struct lc_workload	*w;
	const char		*ok = p->r.owner_kind, *on = p->r.owner_name;
	size_t			 n, hl, cut;
	char			*name;

	if (ok == NULL || on == NULL) {
		p->r.workload_kind = "Pod";
		p->r.workload = p->r.name;
		return;
	}
	p->r.workload_kind = ok;
	p->r.workload = on;
	if (strcmp(ok, "ReplicaSet") == 0) {
		w = model_find_workload(m, ok, p->r.namespace, on);
		if (w != NULL && w->r.owner_kind != NULL &&
		    w->r.owner_name != NULL) {
			p->r.workload_kind = w->r.owner_kind;
			p->r.workload = w->r.owner_name;
			return;
		}
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
		w = model_find_workload(m, ok, p->r.namespace, on);
		if (w != NULL && w->r.owner_kind != NULL &&
		    w->r.owner_name != NULL) {
			p->r.workload_kind = w->r.owner_kind;
			p->r.workload = w->r.owner_name;
			return;
		}
		if (w == NULL && ends_with_digits(on, 8, &cut)) {
			name = xstrndup(on, cut);
			p->r.workload_kind = "CronJob";
			p->r.workload = S(m, name);
			free(name);
		}
	}
}

/* Writes the pods, their containers and their IP intervals. */
static int
write_pods(struct store *st, struct model *m, struct model_stats *stats,
    struct row_pod_ip **ips, size_t *nips)
{
	struct row_pod_ip	 ip;
	struct lc_pod		*p;
	size_t			 i, j;

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
			*ips = xreallocarray(*ips, *nips + 1, sizeof **ips);
			(*ips)[(*nips)++] = ip;
			stats->ips++;
		}
	}
	return (0);
}

struct lc_buckets {
	struct store		*st;
	struct model		*m;
	struct ipmap		*map;
	struct model_stats	*stats;
};

/* Attributes one IP-second of attempts to the pod that had the IP. */
static int
put_bucket(void *ctx, const char *ip, int64_t second, const char *hint,
    int64_t requests, int64_t errors, int64_t conn_failures)
{
	struct lc_buckets	*b = ctx;
	struct row_bucket	 r;
	struct lc_pod		*p = NULL;
	const char		*uid;
	int			 exact = 0;

	memset(&r, 0, sizeof r);
	r.second = second;
	r.ip = ip;
	if (ip != NULL && (uid = ipmap_lookup(b->map, ip, second * 1000000,
	    hint, &exact)) != NULL)
		p = find_pod(b->m, uid);
	if (p != NULL) {
		r.pod_uid = p->r.uid;
		r.namespace = p->r.namespace;
		r.workload = p->r.workload;
		r.exact = exact;
	}
	r.requests = requests;
	r.errors = errors;
	r.conn_failures = conn_failures;
	b->stats->buckets++;
	return (store_model_put(b->st, ROW_BUCKET, &r) != 0 ? -1 : 0);
}

static void
model_free(struct model *m)
{
	size_t	i;

	for (i = 0; i < m->npods; i++) {
		free(m->pods[i].c);
		free(m->pods[i].ips);
	}
	free(m->pods);
	free(m->wl);
	arena_free(&m->strings);
}

int
model_rebuild(struct store *st, struct model_stats *stats, char **cause)
{
	struct model		 m;
	struct lc_scan		 sc = { .m = &m };
	struct lc_events	 ev = { .m = &m };
	struct lc_buckets	 bk;
	struct row_pod_ip	*ips = NULL;
	size_t			 i, nips = 0;
	int			 rc = -1;

	*cause = NULL;

	memset(&m, 0, sizeof m);
	memset(stats, 0, sizeof *stats);
	/* one transaction from the first read: one consistent state */
	if (store_model_begin(st, cause) != 0)
		goto out;
	rc = -1;
	if (store_scan(st, REC_POD, scan_pod, &sc, cause) != 0)
		goto abort;
	sc.cur = NULL;
	sc.cap = 0;
	if (store_scan(st, REC_CONTAINER, scan_container, &sc, cause) != 0)
		goto abort;
	sc.cap = 0;
	if (store_scan(st, REC_WORKLOAD, scan_workload, &sc, cause) != 0)
		goto abort;
	xqsort(m.wl, m.nwl, sizeof *m.wl, cmp_wl_uid);
	ev.by_name = xreallocarray(NULL, m.npods, sizeof *ev.by_name);
	for (i = 0; i < m.npods; i++)
		ev.by_name[i] = &m.pods[i];
	xqsort(ev.by_name, m.npods, sizeof *ev.by_name, cmp_pod_name);
	rc = store_scan(st, REC_EVENT, scan_event, &ev, cause);
	free(ev.by_name);
	if (rc != 0)
		goto abort;
	for (i = 0; i < m.npods; i++) {
		pod_workload(&m, &m.pods[i]);
		pod_death(&m, &m.pods[i]);
	}
	rc = -1;
	for (i = 0; i < m.nwl; i++) {
		if (store_model_put(st, ROW_WORKLOAD, &m.wl[i].r) != 0)
			goto fail;
		stats->workloads++;
	}
	if (write_pods(st, &m, stats, &ips, &nips) != 0)
		goto fail;
	bk.st = st;
	bk.m = &m;
	bk.stats = stats;
	bk.map = ipmap_new(ips, nips);
	rc = store_ip_seconds(st, put_bucket, &bk, cause);
	ipmap_free(bk.map);
	if (rc != 0) {
		if (*cause == NULL)
			*cause = xstrdup(store_error(st));
		store_model_end(st, 0, NULL);
		rc = -1;
		goto out;
	}
	rc = -1;
	if (rollout_build(st, &m, stats, cause) != 0) {
		store_model_end(st, 0, NULL);
		goto out;
	}
	if (store_model_derive(st, cause) != 0) {
		store_model_end(st, 0, NULL);
		goto out;
	}
	rc = store_model_end(st, 1, cause);
	goto out;
fail:
	*cause = xstrdup(store_error(st));
abort:
	store_model_end(st, 0, NULL);
	rc = -1;
out:
	free(ips);
	model_free(&m);
	return (rc);
}
