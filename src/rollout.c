/*
 * rollout.c: rollouts of Deployments and runs of Jobs, from the model's
 * pods and workloads and the ScalingReplicaSet events (lifecycle.h).  A
 * rollout is a new ReplicaSet taking over from the previous one: it
 * starts at the new set's first scale-up (the event, or the set's
 * creation) and ends when the old set's last pod is gone.  Both event
 * wordings are read: "Scaled up replica set X to N" and "Scaled up
 * replica set X from A to B".  What each workload, pod and event says of
 * a ReplicaSet is folded in the store (store_rs_put), so that memory
 * holds one Deployment's sets at a time.  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deploys.h"
#include "lifecycle.h"
#include "timefmt.h"

/* One Deployment's ReplicaSets, as store_rs_each gives them. */
struct rs_set {
	struct store	*st;
	struct deploys	*deploys;	/* the deploy histories; borrowed */
	struct model_stats *stats;
	struct store_rs	*v;		/* owned; strings in strings */
	size_t		 n;
	struct arena	 strings;
	int		 failed;	/* a write failed: store_error() */
};

/*
 * Parses "Scaled up replica set NAME to N" or "... from A to B" (up or
 * down).  Returns 1 and fills *up, name (of size len) and *to, or 0.
 */
static int
parse_scaling(const char *msg, int *up, char *name, size_t len,
    long long *to)
{
	const char	*p, *e, *t;
	char		*end;

	if (strncmp(msg, "Scaled up replica set ", 22) == 0) {
		*up = 1;
		p = msg + 22;
	} else if (strncmp(msg, "Scaled down replica set ", 24) == 0) {
		*up = 0;
		p = msg + 24;
	} else
		return (0);
	if ((e = strchr(p, ' ')) == NULL || e == p ||
	    (size_t)(e - p) >= len)
		return (0);
	memcpy(name, p, (size_t)(e - p));
	name[e - p] = '\0';
	if ((t = strstr(e, " to ")) == NULL)
		return (0);
	*to = strtoll(t + 4, &end, 10);
	return (end != t + 4);
}

static int
scan_scaling(void *ctx, const void *rec)
{
	struct store		*st = ctx;
	const struct rec_event	*e = rec;
	struct store_rs		 r = {
		.revision = INT_NONE, .created_us = TIME_NONE,
		.up_us = TIME_NONE, .down0_us = TIME_NONE, .end_us = TIME_NONE
	};
	char			 name[256];
	long long		 to;
	int			 up;

	if (!str_eq(e->reason, "ScalingReplicaSet") || e->message == NULL ||
	    e->obj_name == NULL)
		return (0);
	if (!parse_scaling(e->message, &up, name, sizeof name, &to))
		return (0);
	r.namespace = e->obj_namespace != NULL ? e->obj_namespace :
	    e->namespace;
	r.deployment = e->obj_name;
	r.name = name;
	if (up)
		r.up_us = e->first_us != TIME_NONE ? e->first_us : e->time_us;
	else if (to == 0)
		r.down0_us = e->time_us;
	else
		return (0);
	return (store_rs_put(st, &r) != 0 ? -1 : 0);
}

static int
cmp_rs(const void *a, const void *b)
{
	const struct store_rs	*p = a, *q = b;
	int64_t			 tp, tq;
	int			 c;

	if ((c = strcmp(p->namespace ? p->namespace : "",
	    q->namespace ? q->namespace : "")) != 0)
		return (c);
	if ((c = strcmp(p->deployment ? p->deployment : "",
	    q->deployment ? q->deployment : "")) != 0)
		return (c);
	if (p->revision != INT_NONE && q->revision != INT_NONE &&
	    p->revision != q->revision)
		return (p->revision < q->revision ? -1 : 1);
	tp = p->up_us != TIME_NONE ? p->up_us : p->created_us;
	tq = q->up_us != TIME_NONE ? q->up_us : q->created_us;
	if (tp != tq)
		return (tp < tq ? -1 : 1);
	return (strcmp(p->name, q->name));
}

/* Writes the rollouts of the Deployment whose ReplicaSets rs holds. */
static int
write_rollouts(struct store *st, struct rs_set *rs,
    struct model_stats *stats)
{
	struct row_rollout	 r;
	struct store_rs		*o, *n;
	size_t			 i;

	xqsort(rs->v, rs->n, sizeof *rs->v, cmp_rs);
	for (i = 1; i < rs->n; i++) {
		o = &rs->v[i - 1];
		n = &rs->v[i];
		if (!str_eq(o->namespace, n->namespace) ||
		    !str_eq(o->deployment, n->deployment))
			continue;
		memset(&r, 0, sizeof r);
		r.namespace = n->namespace;
		r.deployment = n->deployment;
		r.new_rs = n->name;
		r.old_rs = o->name;
		r.revision = n->revision;
		r.start_us = n->up_us != TIME_NONE ? n->up_us : n->created_us;
		r.end_us = o->end_us != TIME_NONE ? o->end_us : o->down0_us;
		if (n->up_us != TIME_NONE)
			r.basis = o->end_us != TIME_NONE ?
			    "start: ScalingReplicaSet event; end: the old "
			    "set's last pod" :
			    "start: ScalingReplicaSet event; end: scaled "
			    "down to 0";
		else
			r.basis = "start: the new set's creation (no "
			    "ScalingReplicaSet event); end: the old set's "
			    "last pod";
		if (deploys_attach(rs->deploys, st, &r) != 0 ||
		    store_model_put(st, ROW_ROLLOUT, &r) != 0)
			return (-1);
		stats->rollouts++;
	}
	return (0);
}

/* Writes the run of a Job. */
static int
write_job(struct store *st, const struct row_workload *w,
    struct model_stats *stats)
{
	struct row_job	 j;
	size_t		 cut, n;
	char		*name = NULL;
	int		 rc;

	memset(&j, 0, sizeof j);
	j.uid = w->uid;
	j.namespace = w->namespace;
	j.name = w->name;
	if (str_eq(w->owner_kind, "CronJob"))
		j.cronjob = w->owner_name;
	else if (w->name != NULL && (n = strlen(w->name)) > 9) {
		/* <cronjob>-<scheduled minute>: 8 digits or more */
		cut = n;
		while (cut > 0 && w->name[cut - 1] >= '0' &&
		    w->name[cut - 1] <= '9')
			cut--;
		if (n - cut >= 8 && cut > 1 && w->name[cut - 1] == '-')
			j.cronjob = name = xstrndup(w->name, cut - 1);
	}
	j.start_us = w->start_us;
	j.completion_us = w->completion_us;
	j.duration_ms = j.start_us != TIME_NONE &&
	    j.completion_us != TIME_NONE ?
	    (j.completion_us - j.start_us) / 1000 : INT_NONE;
	j.status = w->condition != NULL ? w->condition :
	    j.completion_us != TIME_NONE ? "Complete" : "Running";
	j.reason = w->condition_reason;
	j.failed = w->failed;
	j.backoff_limit = w->backoff_limit;
	rc = store_model_put(st, ROW_JOB, &j);
	free(name);
	if (rc == 0)
		stats->jobs++;
	return (rc);
}

int
rollout_begin(struct store *st, char **cause)
{
	return (store_rs_begin(st, cause));
}

int
rollout_add_workload(struct store *st, const struct row_workload *w,
    struct model_stats *stats)
{
	struct store_rs	 r = {
		.up_us = TIME_NONE, .down0_us = TIME_NONE, .end_us = TIME_NONE
	};

	if (str_eq(w->kind, "Job"))
		return (write_job(st, w, stats));
	if (!str_eq(w->kind, "ReplicaSet") ||
	    !str_eq(w->owner_kind, "Deployment"))
		return (0);
	r.namespace = w->namespace;
	r.deployment = w->owner_name;
	r.name = w->name;
	r.revision = w->revision;
	r.created_us = w->created_us;
	return (store_rs_put(st, &r));
}

int
rollout_add_pod(struct store *st, const struct lc_pod *p)
{
	struct store_rs	 r = {
		.revision = INT_NONE, .up_us = TIME_NONE, .down0_us = TIME_NONE
	};

	if (!str_eq(p->r.workload_kind, "Deployment") ||
	    !str_eq(p->r.owner_kind, "ReplicaSet"))
		return (0);
	r.namespace = p->r.namespace;
	r.deployment = p->r.workload;
	r.name = p->r.owner_name;
	r.created_us = p->r.created_us;
	r.end_us = p->r.gone_us != TIME_NONE ? p->r.gone_us :
	    p->r.deadline_us;
	return (store_rs_put(st, &r));
}

/* Writes the rollouts of the Deployment held, and forgets it. */
static int
rs_flush(struct rs_set *rs)
{
	int	rc = 0;

	if (rs->n > 0)
		rc = write_rollouts(rs->st, rs, rs->stats);
	rs->n = 0;
	arena_free(&rs->strings);
	return (rc);
}

static const char *
rs_str(struct rs_set *rs, const char *s)
{
	return (s != NULL ? arena_strdup(&rs->strings, s) : NULL);
}

/* Holds one ReplicaSet; the Deployment before it is written first. */
static int
rs_take(void *ctx, const struct store_rs *r)
{
	struct rs_set	*rs = ctx;
	struct store_rs	*c;

	if (rs->n > 0 && (!str_eq(rs->v[0].namespace, r->namespace) ||
	    !str_eq(rs->v[0].deployment, r->deployment)) &&
	    rs_flush(rs) != 0) {
		rs->failed = 1;
		return (-1);
	}
	rs->v = xreallocarray(rs->v, rs->n + 1, sizeof *rs->v);
	c = &rs->v[rs->n++];
	*c = *r;
	c->namespace = rs_str(rs, r->namespace);
	c->deployment = rs_str(rs, r->deployment);
	c->name = rs_str(rs, r->name);
	return (0);
}

int
rollout_build(struct store *st, struct deploys *deploys,
    struct model_stats *stats, char **cause)
{
	struct rs_set	 rs = { .st = st, .deploys = deploys, .stats = stats };
	int		 rc;

	if (store_scan(st, REC_EVENT, scan_scaling, st, cause) != 0) {
		if (*cause == NULL)
			*cause = xstrdup(store_error(st));
		return (-1);
	}
	/* one Deployment's ReplicaSets at a time */
	rc = store_rs_each(st, rs_take, &rs, cause);
	if (rc == 0 && rs_flush(&rs) != 0)
		rs.failed = 1;
	free(rs.v);
	arena_free(&rs.strings);
	if (rs.failed) {
		free(*cause);
		*cause = xstrdup(store_error(st));
		return (-1);
	}
	return (rc != 0 ? -1 : 0);
}
