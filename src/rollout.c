/*
 * rollout.c: rollouts of Deployments and runs of Jobs, from the model's
 * pods and workloads and the ScalingReplicaSet events (lifecycle.h).  A
 * rollout is a new ReplicaSet taking over from the previous one: it
 * starts at the new set's first scale-up (the event, or the set's
 * creation) and ends when the old set's last pod is gone.  Both event
 * wordings are read: "Scaled up replica set X to N" and "Scaled up
 * replica set X from A to B".  What each workload, pod and event says of
 * a ReplicaSet is folded in the store (store_rs_put), so that memory
 * holds one Deployment's sets at a time.
 *
 * A StatefulSet or DaemonSet has no ReplicaSets: its pods carry the
 * label controller-revision-hash, and an update replaces the pods of one
 * revision by pods of the next, each old pod deleted before its
 * successor is created (a StatefulSet's under the same name, highest
 * ordinal first; a DaemonSet's on the same node).  Each revision is held
 * as a set, and each of its pods' creation, deletion request and end (or
 * being still there) as a move.  A pod of revision B created while A
 * runs, in place of an A pod (the last pod asked to go before it was an
 * A pod, or none was), begins a rollout of A to B, B running from then
 * on: so a rollback (B to A again) is a rollout of its own, and a pod
 * recreated under the revision it had is none.  It starts at that
 * deletion request (the pod B replaced first), else at the creation, and
 * ends when A's last pod is gone before the next rollout (not while one
 * is still there: a partitioned update).  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deploys.h"
#include "lifecycle.h"
#include "timefmt.h"

/*
 * A StatefulSet's or DaemonSet's old pod is the one a new revision's
 * first pod replaced when its deletion came at most this long before
 * that pod's creation (the old pod's grace, and more).
 */
#define REPLACE_US	(3600 * 1000000LL)
/*
 * A revision's moves besides a deletion request (0): a pod created (1),
 * a pod still there (2, at its creation), a pod gone (3).
 */
#define MOVE_CREATED	1
#define MOVE_STAYS	2
#define MOVE_GONE	3

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
	if (store_rs_put(st, &r) != 0)
		return (-1);
	/* a repeated event's last time is its latest move */
	if (up && e->last_us != TIME_NONE && e->last_us != r.up_us &&
	    store_rs_move(st, NULL, r.namespace, r.deployment, name,
	    e->last_us, 1) != 0)
		return (-1);
	return (store_rs_move(st, NULL, r.namespace, r.deployment, name, up ?
	    r.up_us : r.down0_us, up) != 0 ? -1 : 0);
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

/* Writes one rollout of old to new from start_us to end_us. */
static int
put_rollout(struct rs_set *rs, const struct store_rs *o,
    const struct store_rs *n, int64_t start_us, int64_t end_us,
    const char *basis)
{
	struct row_rollout	 r;

	memset(&r, 0, sizeof r);
	r.kind = n->kind;
	r.namespace = n->namespace;
	r.deployment = n->deployment;
	r.new_rs = n->name;
	r.old_rs = o->name;
	r.revision = n->revision;
	r.start_us = start_us;
	r.end_us = end_us;
	r.basis = basis;
	if (deploys_attach(rs->deploys, rs->st, &r) != 0 ||
	    store_model_put(rs->st, ROW_ROLLOUT, &r) != 0)
		return (-1);
	rs->stats->rollouts++;
	return (0);
}

/*
 * The rollouts by revision, for the sets no scaling event says took over
 * (moved[i] 0; the events expire after an hour): each set after the one
 * before it.
 */
static int
write_by_revision(struct rs_set *rs, const int *moved)
{
	struct store_rs	*o, *n;
	size_t		 i;

	for (i = 1; i < rs->n; i++) {
		if (moved[i])
			continue;
		o = &rs->v[i - 1];
		n = &rs->v[i];
		if (put_rollout(rs, o, n, n->up_us != TIME_NONE ? n->up_us :
		    n->created_us, o->end_us != TIME_NONE ? o->end_us :
		    o->down0_us, n->up_us != TIME_NONE ? (o->end_us !=
		    TIME_NONE ? "start: ScalingReplicaSet event; end: the old "
		    "set's last pod" : "start: ScalingReplicaSet event; end: "
		    "scaled down to 0") : "start: the new set's creation (no "
		    "ScalingReplicaSet event); end: the old set's last pod") !=
		    0)
			return (-1);
	}
	return (0);
}

/* The moves of one Deployment's sets (store_rs_moves), oldest first. */
struct rs_moves {
	struct rs_set	*rs;
	size_t		*set;		/* owned: each move's set in rs->v */
	int64_t		*t;		/* owned: its time */
	int		*up;		/* owned: a scale-up, else to 0 */
	size_t		 n;
};

static int
take_move(void *ctx, const char *name, int64_t t_us, int up)
{
	struct rs_moves	*m = ctx;
	size_t		 i;

	for (i = 0; i < m->rs->n; i++) {
		if (str_eq(m->rs->v[i].name, name))
			break;
	}
	if (i == m->rs->n)
		return (0);	/* a set no other source knows */
	m->set = xreallocarray(m->set, m->n + 1, sizeof *m->set);
	m->t = xreallocarray(m->t, m->n + 1, sizeof *m->t);
	m->up = xreallocarray(m->up, m->n + 1, sizeof *m->up);
	m->set[m->n] = i;
	m->t[m->n] = t_us;
	m->up[m->n++] = up;
	return (0);
}

/*
 * The set that ran before the first scale-up (of set first, at t_us):
 * one scaled down to 0 from then on (the earliest), else the one before
 * it by revision; SIZE_MAX when none.
 */
static size_t
first_old(const struct rs_moves *m, size_t first, int64_t t_us)
{
	size_t	i;

	for (i = 0; i < m->n; i++) {
		if (!m->up[i] && m->set[i] != first && m->t[i] >= t_us)
			return (m->set[i]);
	}
	return (first > 0 ? first - 1 : SIZE_MAX);
}

/*
 * When old's part in a rollout begun at start_us ended, and how it is
 * known: its last pod gone (unless a later rollout brought it back
 * first), else its scale-down to 0, else TIME_NONE.
 */
static int64_t
old_end(const struct rs_moves *m, size_t old, int64_t start_us,
    const char **basis)
{
	const struct store_rs	*o = &m->rs->v[old];
	int64_t			 back = TIME_NONE, down = TIME_NONE;
	size_t			 i;

	for (i = 0; i < m->n; i++) {
		if (m->set[i] != old || m->t[i] < start_us)
			continue;
		if (m->up[i] && back == TIME_NONE)
			back = m->t[i];
		else if (!m->up[i] && down == TIME_NONE)
			down = m->t[i];
	}
	if (o->end_us != TIME_NONE && o->end_us >= start_us &&
	    (back == TIME_NONE || o->end_us <= back)) {
		*basis = "start: ScalingReplicaSet event; end: the old set's "
		    "last pod";
		return (o->end_us);
	}
	*basis = "start: ScalingReplicaSet event; end: scaled down to 0";
	return (down);
}

/* A StatefulSet's or DaemonSet's revisions, by their first pod. */
static int
cmp_revision(const void *a, const void *b)
{
	const struct store_rs	*p = a, *q = b;

	if (p->created_us != q->created_us)
		return (p->created_us == TIME_NONE ? 1 : q->created_us ==
		    TIME_NONE ? -1 : p->created_us < q->created_us ? -1 : 1);
	return (strcmp(p->name, q->name));
}

/*
 * The end of old's part in the rollout begun at start_us, before the
 * next one (at next_us, or TIME_NONE): its last pod gone then, or
 * TIME_NONE while one of its pods created before next_us is still there
 * (a partitioned update).
 */
static int64_t
revision_end(const struct rs_moves *m, size_t old, int64_t start_us,
    int64_t next_us)
{
	int64_t	end = TIME_NONE;
	size_t	j;

	for (j = 0; j < m->n; j++) {
		if (m->set[j] != old ||
		    (next_us != TIME_NONE && m->t[j] >= next_us))
			continue;
		if (m->up[j] == MOVE_STAYS)
			return (TIME_NONE);	/* not over */
		if (m->up[j] == MOVE_GONE && m->t[j] >= start_us &&
		    (end == TIME_NONE || m->t[j] > end))
			end = m->t[j];
	}
	return (end);
}

/*
 * Writes the rollouts of the StatefulSet or DaemonSet whose revisions rs
 * holds (the file's top comment), in time order: one each time a pod of
 * another revision than the running one is created in place of a pod of
 * the running one (the last pod asked to go before it was the running
 * revision's), so that a rollback, which brings an older revision back,
 * is a rollout of its own, and a pod recreated under the revision it had
 * (a StatefulSet's pod not yet updated) is none.
 */
static int
write_revisions(struct store *st, struct rs_set *rs)
{
	struct rs_moves	 m = { .rs = rs };
	const char	*basis;
	char		*cause = NULL;
	size_t		 i, j, k, cur, *from = NULL, *to = NULL;
	int64_t		*at = NULL, *first = NULL, del, del_set, next;
	size_t		 n = 0;
	int		 rc = 0;

	xqsort(rs->v, rs->n, sizeof *rs->v, cmp_revision);
	if (store_rs_moves(st, rs->v[0].kind, rs->v[0].namespace,
	    rs->v[0].deployment, take_move, &m, &cause) != 0) {
		free(cause);
		rc = -1;
		goto out;
	}
	cur = 0;		/* the revision of the earliest pod */
	for (i = 0; i < m.n; i++) {
		if (m.up[i] != MOVE_CREATED || m.set[i] == cur)
			continue;
		/* the last pod asked to go before this one was created */
		del = TIME_NONE;
		del_set = -1;
		for (j = 0; j < i; j++) {
			if (m.up[j] == 0 && m.t[i] - m.t[j] <= REPLACE_US &&
			    (del == TIME_NONE || m.t[j] >= del)) {
				del = m.t[j];
				del_set = (int64_t)m.set[j];
			}
		}
		if (del != TIME_NONE && del_set != (int64_t)cur)
			continue;	/* it replaced a pod of its own */
		from = xreallocarray(from, n + 1, sizeof *from);
		to = xreallocarray(to, n + 1, sizeof *to);
		at = xreallocarray(at, n + 1, sizeof *at);
		first = xreallocarray(first, n + 1, sizeof *first);
		from[n] = cur;
		to[n] = m.set[i];
		at[n] = del != TIME_NONE ? del : m.t[i];
		first[n++] = del;
		cur = m.set[i];
	}
	for (k = 0; k < n && rc == 0; k++) {
		next = k + 1 < n ? at[k + 1] : TIME_NONE;
		basis = first[k] != TIME_NONE ? "start: the deletion of the "
		    "first pod the new revision replaced; end: the old "
		    "revision's last pod gone" : "start: the new revision's "
		    "first pod; end: the old revision's last pod gone";
		rc = put_rollout(rs, &rs->v[from[k]], &rs->v[to[k]], at[k],
		    revision_end(&m, from[k], at[k], next), basis);
	}
out:
	free(from);
	free(to);
	free(at);
	free(first);
	free(m.set);
	free(m.t);
	free(m.up);
	return (rc);
}

/*
 * Writes the rollouts of the Deployment whose ReplicaSets rs holds: one
 * each time another set is scaled up (the scaling events, in time
 * order), so that a rollback, which scales an older set up again, is a
 * rollout of its own; by revision when there are no such events.
 */
static int
write_rollouts(struct store *st, struct rs_set *rs,
    struct model_stats *stats)
{
	struct rs_moves	 m = { .rs = rs };
	const char	*basis;
	char		*cause = NULL;
	size_t		 i, old = SIZE_MAX;
	int64_t		 end;
	int		*moved, rc = 0;

	if (!str_eq(rs->v[0].kind, "Deployment"))
		return (write_revisions(st, rs));
	xqsort(rs->v, rs->n, sizeof *rs->v, cmp_rs);
	moved = xcalloc(rs->n, sizeof *moved);
	if (store_rs_moves(st, NULL, rs->v[0].namespace, rs->v[0].deployment,
	    take_move, &m, &cause) != 0) {
		free(cause);
		rc = -1;
		goto out;
	}
	for (i = 0; i < m.n && rc == 0; i++) {
		if (!m.up[i])
			continue;
		moved[m.set[i]] = 1;
		if (old == SIZE_MAX)
			old = first_old(&m, m.set[i], m.t[i]);
		if (old == m.set[i])
			continue;	/* a set scaled up step by step */
		if (old != SIZE_MAX) {
			end = old_end(&m, old, m.t[i], &basis);
			rc = put_rollout(rs, &rs->v[old], &rs->v[m.set[i]],
			    m.t[i], end, basis);
		}
		old = m.set[i];
	}
	if (rc == 0)
		rc = write_by_revision(rs, moved);
out:
	free(moved);
	free(m.set);
	free(m.t);
	free(m.up);
	(void)stats;
	return (rc);
}

/* Writes the run of a Job. */
static int
write_job(struct store *st, const struct row_workload *w,
    struct model_stats *stats)
{
	struct row_job	 j;
	size_t		 cut;
	char		*name = NULL;
	int		 rc;

	memset(&j, 0, sizeof j);
	j.uid = w->uid;
	j.namespace = w->namespace;
	j.name = w->name;
	/* as its pods' workload (lifecycle.c): a whole owner, else its name */
	if (w->owner_kind != NULL && w->owner_name != NULL) {
		if (str_eq(w->owner_kind, "CronJob"))
			j.cronjob = w->owner_name;
	} else if ((cut = lifecycle_cronjob_len(w->name)) > 0)
		j.cronjob = name = xstrndup(w->name, cut);
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
	int		 rc;

	/* the pod's part in its set: from its creation until it is gone */
	r.namespace = p->r.namespace;
	r.created_us = p->r.created_us;
	r.end_us = p->r.gone_us != TIME_NONE ? p->r.gone_us :
	    p->r.deadline_us;
	if ((str_eq(p->r.owner_kind, "StatefulSet") ||
	    str_eq(p->r.owner_kind, "DaemonSet")) &&
	    p->r.template_hash != NULL && p->r.owner_name != NULL) {
		/* a revision of the StatefulSet or DaemonSet */
		r.kind = p->r.owner_kind;
		r.deployment = p->r.owner_name;
		r.name = p->r.template_hash;
		if (store_rs_put(st, &r) != 0)
			return (-1);
		if (r.created_us != TIME_NONE && store_rs_move(st, r.kind,
		    r.namespace, r.deployment, r.name, r.created_us,
		    MOVE_CREATED) != 0)
			return (-1);
		/* gone (else asked to go), or still there: its revision's
		   part is not over */
		if (r.end_us != TIME_NONE)
			rc = store_rs_move(st, r.kind, r.namespace,
			    r.deployment, r.name, r.end_us, MOVE_GONE);
		else if (p->r.deletion_us != TIME_NONE)
			rc = store_rs_move(st, r.kind, r.namespace,
			    r.deployment, r.name, p->r.deletion_us, MOVE_GONE);
		else
			rc = store_rs_move(st, r.kind, r.namespace,
			    r.deployment, r.name, r.created_us != TIME_NONE ?
			    r.created_us : 0, MOVE_STAYS);
		if (rc != 0)
			return (-1);
		return (p->r.deletion_us != TIME_NONE ? store_rs_move(st,
		    r.kind, r.namespace, r.deployment, r.name,
		    p->r.deletion_us, 0) : 0);
	}
	if (!str_eq(p->r.workload_kind, "Deployment") ||
	    !str_eq(p->r.owner_kind, "ReplicaSet"))
		return (0);
	r.deployment = p->r.workload;
	r.name = p->r.owner_name;
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
	    !str_eq(rs->v[0].deployment, r->deployment) ||
	    !str_eq(rs->v[0].kind, r->kind)) &&
	    rs_flush(rs) != 0) {
		rs->failed = 1;
		return (-1);
	}
	rs->v = xreallocarray(rs->v, rs->n + 1, sizeof *rs->v);
	c = &rs->v[rs->n++];
	*c = *r;
	c->kind = rs_str(rs, r->kind);
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
