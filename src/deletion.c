/*
 * deletion.c: how a pod's deletion is known and why it came
 * (deletion.h).  The audit log's deletion request is what happened:
 * its time is exact (deletionTimestamp only says by when the pod goes,
 * to the second), it names who asked and whether it was a delete or an
 * eviction, and the grace it asked for.  A 429 eviction was refused by a
 * disruption budget and deleted nothing (the rule eviction-blocked reads
 * those).  The kubelet's own delete at the end (grace 0, by
 * system:node:NAME) is when the pod was gone.  No SQL and no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deletion.h"
#include "hindex.h"
#include "lifecycle.h"
#include "rolist.h"
#include "timefmt.h"

void
deletion_audit_init(struct deletion_audit *d)
{
	memset(d, 0, sizeof *d);
	d->request_us = d->gone_us = TIME_NONE;
	d->grace_s = INT_NONE;
}

static int
starts_with(const char *s, const char *prefix)
{
	return (s != NULL && strncmp(s, prefix, strlen(prefix)) == 0);
}

int
deletion_actor_is_system(const char *actor)
{
	return (starts_with(actor, "system:node:") ||
	    starts_with(actor, "system:serviceaccount:kube-system:") ||
	    starts_with(actor, "system:kube-") ||
	    str_eq(actor, "system:apiserver"));
}

char *
deletion_actor_short(const char *actor)
{
	static const char	sa[] = "system:serviceaccount:";
	static const char	kube[] = "kube-system:";
	const char		*s;

	if (actor == NULL)
		return (NULL);
	if (!starts_with(actor, sa) || actor[sizeof sa - 1] == '\0')
		return (xstrdup(actor));
	s = actor + sizeof sa - 1;
	/* kube-system holds the controllers: its name says nothing more */
	if (starts_with(s, kube) && s[sizeof kube - 1] != '\0')
		s += sizeof kube - 1;
	return (xasprintf("sa:%s", s));
}

/* Whether a 2xx answered the request (a code not logged counts as one). */
static int
succeeded(const struct rec_audit *a)
{
	return (a->code == INT_NONE || (a->code >= 200 && a->code < 300));
}

void
deletion_audit_fold(struct model *m, struct lc_pod *p,
    const struct rec_audit *a)
{
	struct deletion_audit	*d = &p->audit;
	int			 evict, final;

	if (!succeeded(a) || a->time_us == TIME_NONE)
		return;
	evict = str_eq(a->verb, "create") && str_eq(a->subresource,
	    "eviction");
	if (!evict && !(str_eq(a->verb, "delete") && a->subresource == NULL))
		return;
	/* the kubelet's last word: the pod is gone, nobody asked */
	final = !evict && a->grace_s == 0 && starts_with(a->actor,
	    "system:node:");
	if (!evict && a->grace_s == 0 && d->gone_us == TIME_NONE) {
		d->gone_us = a->time_us;
		d->gone_by = a->actor != NULL ?
		    arena_strdup(&m->batch, a->actor) : NULL;
	}
	if (final || d->request_us != TIME_NONE)
		return;
	d->request_us = a->time_us;
	d->by = a->actor != NULL ? arena_strdup(&m->batch, a->actor) : NULL;
	d->via = evict ? "eviction" : "delete";
	d->grace_s = a->grace_s;
}

/* "delete by X (grace 1 s)" into buf: how the audit log saw it. */
static const char *
audit_basis(struct model *m, const struct deletion_audit *d)
{
	char	buf[320], grace[48] = "";

	if (d->grace_s != INT_NONE)
		snprintf(grace, sizeof grace, ", grace %lld s asked",
		    (long long)d->grace_s);
	snprintf(buf, sizeof buf, "observed in the audit log: %s by %.200s%s",
	    d->via, d->by != NULL ? d->by : "an unknown actor", grace);
	return (arena_strdup(&m->batch, buf));
}

void
deletion_request(struct model *m, struct lc_pod *p)
{
	const struct deletion_audit	*d = &p->audit;

	p->r.grace_s = d->request_us != TIME_NONE && d->grace_s != INT_NONE ?
	    d->grace_s : p->deletion_grace_s != INT_NONE ?
	    p->deletion_grace_s : p->r.spec_grace_s != INT_NONE ?
	    p->r.spec_grace_s : DEFAULT_GRACE_S;
	if (d->request_us != TIME_NONE) {
		p->r.deletion_us = d->request_us;
		p->r.deletion_from = "audit";
		p->r.deletion_basis = audit_basis(m, d);
		p->r.deletion_by = d->by;
		p->r.deletion_via = d->via;
	} else if (p->deletion_ts_us != TIME_NONE) {
		p->r.deletion_us = p->deletion_ts_us -
		    lifecycle_duration_us(p->r.grace_s, 1000000);
		p->r.deletion_from = "object";
		p->r.deletion_basis = p->deletion_grace_s != INT_NONE ?
		    "observed: deletionTimestamp - deletionGracePeriodSeconds" :
		    "inferred: deletionTimestamp - the pod's grace period";
	} else if (p->killing_us != TIME_NONE && p->r.ended_by == EC_NONE) {
		/* a kubelet's kill (eviction, shutdown) is no deletion */
		p->r.deletion_us = p->killing_us;
		p->r.deletion_from = "event";
		p->r.deletion_basis = "inferred: the first Killing event";
	}
	if (d->gone_us != TIME_NONE) {
		p->r.gone_us = d->gone_us;
		p->r.gone_basis = starts_with(d->gone_by, "system:node:") ?
		    "observed in the audit log: the kubelet's final delete" :
		    "observed in the audit log: a delete with no grace";
	}
}

/* ------------------------------------------------------------------ */
/* Why each deletion came: after the rollouts are built.               */

#define NEAR_US		(10 * 1000000LL)	/* a scale-down event this
						   close to a deletion */
#define RESCALE_US	(120 * 1000000LL)	/* an autoscaler's decision
						   this long before it */

/*
 * A scale-down of a ReplicaSet or an autoscaler's rescale, keyed by
 * namespace and name (the ReplicaSet's; the namespace alone for a
 * rescale), each pointing to the one before under the same key.
 */
struct dc_item {
	const char	*ns;
	const char	*name;		/* NULL for a rescale */
	int64_t		 from_us;
	int64_t		 to_us;		/* TIME_NONE: open */
	const char	*what;		/* the basis to give */
	size_t		 prev;		/* HINDEX_NONE: the first */
};

struct dc_list {
	struct arena	 a;
	struct dc_item	*v;		/* owned */
	size_t		 n;
	struct hindex	 ix;		/* owned: the latest of each key */
};

struct dc_key {
	const struct dc_list	*l;
	const char		*ns;
	const char		*name;
};

static int
dc_eq(const void *ctx, size_t item)
{
	const struct dc_key	*k = ctx;

	return (str_eq(k->l->v[item].ns, k->ns) &&
	    str_eq(k->l->v[item].name, k->name));
}

static uint64_t
dc_hash(const char *ns, const char *name)
{
	return (hindex_str(hindex_str(HINDEX_SEED, ns), name));
}

static void
dc_add(struct dc_list *l, const char *ns, const char *name, int64_t from_us,
    int64_t to_us, const char *what)
{
	struct dc_key	 k = { .l = l, .ns = ns, .name = name };
	struct dc_item	*x;

	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	x = &l->v[l->n];
	x->ns = ns != NULL ? arena_strdup(&l->a, ns) : NULL;
	x->name = name != NULL ? arena_strdup(&l->a, name) : NULL;
	x->from_us = from_us;
	x->to_us = to_us;
	x->what = arena_strdup(&l->a, what);
	k.ns = x->ns;
	k.name = x->name;
	x->prev = hindex_put(&l->ix, dc_hash(ns, name), l->n, dc_eq, &k);
	l->n++;
}

/* The item of this key whose span holds t (widened by slack), or NULL. */
static const struct dc_item *
dc_find(const struct dc_list *l, const char *ns, const char *name,
    int64_t t, int64_t before, int64_t after)
{
	struct dc_key	 k = { .l = l, .ns = ns, .name = name };
	size_t		 i;

	for (i = hindex_get(&l->ix, dc_hash(ns, name), dc_eq, &k);
	    i != HINDEX_NONE; i = l->v[i].prev) {
		if (t >= l->v[i].from_us - before && (l->v[i].to_us ==
		    TIME_NONE || t <= l->v[i].to_us + after))
			return (&l->v[i]);
	}
	return (NULL);
}

static void
dc_free(struct dc_list *l)
{
	free(l->v);
	hindex_free(&l->ix);
	arena_free(&l->a);
}

/* What deletion_causes holds. */
struct dc_state {
	struct store	*st;
	struct rolist	 rollouts;	/* the model's */
	struct dc_list	 downs;		/* scale-downs by ReplicaSet */
	struct dc_list	 rescales;	/* autoscalers' by namespace */
	int		 failed;
};

/* "Scaled down replica set NAME to N[ from M]": NAME into name. */
static int
scaled_down(const char *msg, char *name, size_t len)
{
	const char	*p, *e;

	if (msg == NULL || strncmp(msg, "Scaled down replica set ", 24) != 0)
		return (0);
	p = msg + 24;
	if ((e = strchr(p, ' ')) == NULL || e == p || (size_t)(e - p) >= len)
		return (0);
	memcpy(name, p, (size_t)(e - p));
	name[e - p] = '\0';
	return (1);
}

static int
dc_event(void *ctx, const struct rec_event *e)
{
	struct dc_state	*s = ctx;
	const char	*ns = e->obj_namespace != NULL ? e->obj_namespace :
			    e->namespace;
	char		 name[256], what[400];
	int64_t		 t = e->first_us != TIME_NONE ? e->first_us :
			    e->time_us;

	if (t == TIME_NONE || e->message == NULL)
		return (0);
	if (str_eq(e->reason, "ScalingReplicaSet") &&
	    scaled_down(e->message, name, sizeof name)) {
		snprintf(what, sizeof what, "%.300s (ScalingReplicaSet)",
		    e->message);
		dc_add(&s->downs, ns, name, t, e->last_us != TIME_NONE ?
		    e->last_us : t, what);
	} else if (str_eq(e->reason, "SuccessfulRescale")) {
		snprintf(what, sizeof what, "%.120s %.60s: %.200s",
		    e->obj_kind != NULL ? e->obj_kind : "autoscaler",
		    e->obj_name != NULL ? e->obj_name : "", e->message);
		dc_add(&s->rescales, ns, NULL, t, e->last_us != TIME_NONE ?
		    e->last_us : t, what);
	}
	return (0);
}

static int
actor_is(const char *actor, const char *controller)
{
	static const char	sa[] = "system:serviceaccount:kube-system:";

	return (actor != NULL && strncmp(actor, sa, sizeof sa - 1) == 0 &&
	    strcmp(actor + sizeof sa - 1, controller) == 0);
}

const struct rolist_item *
deletion_rollout(const struct rolist *ro, const char *ns,
    const char *workload, const char *owner_rs, int64_t deletion_us)
{
	return (rolist_of_rs(ro, ns, workload, owner_rs, 1, deletion_us,
	    NEAR_US));
}

/* The cause of one deleted pod's deletion, with its basis in buf. */
static enum deletion_cause
dc_of(struct dc_state *s, const struct store_deleted *p, char *buf,
    size_t len)
{
	const struct rolist_item	*r;
	const struct dc_item		*x, *h;
	const char			*by = p->deletion_by;
	char				 deploy[300];
	int64_t				 t = p->deletion_us;

	if (str_eq(p->deletion_via, "eviction")) {
		snprintf(buf, len, "the eviction API, asked by %.200s",
		    by != NULL ? by : "an unknown actor");
		return (DC_EVICTION);
	}
	if (str_eq(p->disruption, "DeletionByTaintManager") ||
	    str_eq(p->disruption, "DeletionByPodGC") ||
	    actor_is(by, "node-controller") ||
	    actor_is(by, "pod-garbage-collector")) {
		snprintf(buf, len, "its node: %.200s", p->disruption != NULL ?
		    p->disruption : by);
		return (DC_NODE);
	}
	if (by != NULL && !deletion_actor_is_system(by)) {
		snprintf(buf, len, "deleted by %.200s (the audit log)", by);
		return (DC_MANUAL);
	}
	if (str_eq(p->owner_kind, "Job") || actor_is(by, "job-controller") ||
	    actor_is(by, "cronjob-controller")) {
		snprintf(buf, len, "the Job controller%s", by != NULL ?
		    " (the audit log)" : " (the pod's owner is a Job)");
		return (DC_JOB);
	}
	/* a pod its controller replaced, not one disrupted (evicted)
	   while the rollout went on */
	if ((str_eq(p->owner_kind, "StatefulSet") ||
	    str_eq(p->owner_kind, "DaemonSet")) && p->disruption == NULL &&
	    (r = deletion_rollout(&s->rollouts, p->namespace, p->workload,
	    rolist_pod_set(p->owner_kind, p->owner_name, p->template_hash),
	    t)) != NULL) {
		rolist_deploy_words(r, 1, deploy, sizeof deploy);
		snprintf(buf, len, "the rollout of %.20s %.100s to revision "
		    "%.100s%s%s%s", r->kind != NULL ? r->kind : "?",
		    r->deployment != NULL ? r->deployment : "?",
		    r->new_rs != NULL ? r->new_rs : "?", deploy[0] != '\0' ?
		    " (" : "", deploy, deploy[0] != '\0' ? ")" : "");
		return (DC_ROLLOUT);
	}
	if (!str_eq(p->owner_kind, "ReplicaSet"))
		return (DC_NONE);
	if ((r = deletion_rollout(&s->rollouts, p->namespace, p->workload,
	    p->owner_name, t)) != NULL) {
		rolist_deploy_words(r, 1, deploy, sizeof deploy);
		snprintf(buf, len, "the rollout of %.100s to %.100s%s%s%s",
		    r->deployment != NULL ? r->deployment : "?",
		    r->new_rs != NULL ? r->new_rs : "?",
		    deploy[0] != '\0' ? " (" : "", deploy,
		    deploy[0] != '\0' ? ")" : "");
		return (DC_ROLLOUT);
	}
	if ((x = dc_find(&s->downs, p->namespace, p->owner_name, t,
	    NEAR_US, NEAR_US)) != NULL) {
		h = dc_find(&s->rescales, p->namespace, NULL, x->from_us, 0,
		    RESCALE_US);
		snprintf(buf, len, "%.300s%s%.300s", x->what, h != NULL ?
		    "; " : "", h != NULL ? h->what : "");
		return (DC_SCALE_DOWN);
	}
	if (actor_is(by, "replicaset-controller")) {
		snprintf(buf, len, "the replicaset-controller, outside any "
		    "rollout (the audit log)");
		return (DC_SCALE_DOWN);
	}
	return (DC_NONE);
}

static int
dc_pod(void *ctx, const struct store_deleted *p)
{
	struct dc_state		*s = ctx;
	enum deletion_cause	 c;
	char			 basis[700];

	c = dc_of(s, p, basis, sizeof basis);
	if (c == DC_NONE)
		return (0);
	if (store_pod_set_cause(s->st, p->uid, deletion_cause_name(c),
	    basis) != 0) {
		s->failed = 1;
		return (-1);
	}
	return (0);
}

int
deletion_causes(struct store *st, char **cause)
{
	static const char *const reasons[] = {
		"ScalingReplicaSet", "SuccessfulRescale", NULL
	};
	struct dc_state	 s;
	int		 rc;

	memset(&s, 0, sizeof s);
	s.st = st;
	rc = rolist_load(st, &s.rollouts, cause);
	if (rc == 0)
		rc = store_events_with(st, reasons, dc_event, &s, cause);
	if (rc == 0)
		rc = store_deleted_pods(st, dc_pod, &s, cause);
	if (s.failed && *cause == NULL)
		*cause = xstrdup(store_error(st));
	rolist_free(&s.rollouts);
	dc_free(&s.downs);
	dc_free(&s.rescales);
	return (rc != 0 ? -1 : 0);
}
