/*
 * rollout.c: rollouts of Deployments and runs of Jobs, from the model's
 * pods and workloads and the ScalingReplicaSet events (lifecycle.h).  A
 * rollout is a new ReplicaSet taking over from the previous one: it
 * starts at the new set's first scale-up (the event, or the set's
 * creation) and ends when the old set's last pod is gone.  Both event
 * wordings are read: "Scaled up replica set X to N" and "Scaled up
 * replica set X from A to B".  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lifecycle.h"
#include "timefmt.h"

/* What the model knows of one ReplicaSet of a Deployment. */
struct rs_info {
	const char	*namespace;	/* arena strings */
	const char	*deployment;
	const char	*name;
	int64_t		 revision;	/* INT_NONE when unknown */
	int64_t		 created_us;	/* the set, or its first pod */
	int64_t		 up_us;		/* first scale-up event */
	int64_t		 down0_us;	/* scaled down to 0 (event) */
	int64_t		 end_us;	/* its last pod gone (or deadline) */
};

struct rs_set {
	struct model	*m;
	struct rs_info	*v;		/* owned */
	size_t		 n;
	size_t		 cap;		/* allocated in v */
	struct hindex	 ix;		/* owned: v by namespace and name */
};

/* A ReplicaSet looked for by namespace and name. */
struct rs_key {
	const struct rs_set	*rs;
	const char		*ns;
	const char		*name;
};

static int
rs_eq(const void *ctx, size_t item)
{
	const struct rs_key	*k = ctx;

	return (str_eq(k->rs->v[item].namespace, k->ns) &&
	    str_eq(k->rs->v[item].name, k->name));
}

static struct rs_info *
rs_get(struct rs_set *rs, const char *ns, const char *dep, const char *name)
{
	struct rs_info	*r;
	struct rs_key	 k = { .rs = rs, .ns = ns, .name = name };
	uint64_t	 h = hindex_str(hindex_str(HINDEX_SEED, ns), name);
	size_t		 i;

	if ((i = hindex_get(&rs->ix, h, rs_eq, &k)) != HINDEX_NONE)
		return (&rs->v[i]);
	if (rs->n == rs->cap) {
		rs->cap = rs->cap == 0 ? 64 : rs->cap * 2;
		rs->v = xreallocarray(rs->v, rs->cap, sizeof *rs->v);
	}
	r = &rs->v[rs->n];
	r->namespace = arena_strdup(&rs->m->strings, ns);
	r->deployment = arena_strdup(&rs->m->strings, dep);
	r->name = arena_strdup(&rs->m->strings, name);
	r->revision = INT_NONE;
	r->created_us = r->up_us = r->down0_us = r->end_us = TIME_NONE;
	hindex_put(&rs->ix, h, rs->n++, rs_eq, &k);
	return (r);
}

static void
min_time(int64_t *dst, int64_t v)
{
	if (v != TIME_NONE && (*dst == TIME_NONE || v < *dst))
		*dst = v;
}

static void
max_time(int64_t *dst, int64_t v)
{
	if (v != TIME_NONE && (*dst == TIME_NONE || v > *dst))
		*dst = v;
}

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
	struct rs_set		*rs = ctx;
	const struct rec_event	*e = rec;
	struct rs_info		*r;
	char			 name[256];
	long long		 to;
	int			 up;

	if (!str_eq(e->reason, "ScalingReplicaSet") || e->message == NULL ||
	    e->obj_name == NULL)
		return (0);
	if (!parse_scaling(e->message, &up, name, sizeof name, &to))
		return (0);
	r = rs_get(rs, e->obj_namespace != NULL ? e->obj_namespace :
	    e->namespace, e->obj_name, name);
	if (up)
		min_time(&r->up_us, e->first_us != TIME_NONE ? e->first_us :
		    e->time_us);
	else if (to == 0)
		max_time(&r->down0_us, e->time_us);
	return (0);
}

static int
cmp_rs(const void *a, const void *b)
{
	const struct rs_info	*p = a, *q = b;
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

static int
write_rollouts(struct store *st, struct rs_set *rs,
    struct model_stats *stats)
{
	struct row_rollout	 r;
	struct rs_info		*o, *n;
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
		if (store_model_put(st, ROW_ROLLOUT, &r) != 0)
			return (-1);
		stats->rollouts++;
	}
	return (0);
}

static int
write_jobs(struct store *st, struct model *m, struct model_stats *stats)
{
	struct row_job		 j;
	struct row_workload	*w;
	size_t			 i, cut, n;
	char			*name;

	for (i = 0; i < m->nwl; i++) {
		w = &m->wl[i].r;
		if (!str_eq(w->kind, "Job"))
			continue;
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
			if (n - cut >= 8 && cut > 1 &&
			    w->name[cut - 1] == '-') {
				name = xstrndup(w->name, cut - 1);
				j.cronjob = arena_strdup(&m->strings, name);
				free(name);
			}
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
		if (store_model_put(st, ROW_JOB, &j) != 0)
			return (-1);
		stats->jobs++;
	}
	return (0);
}

int
rollout_build(struct store *st, struct model *m, struct model_stats *stats,
    char **cause)
{
	struct rs_set		 rs = { .m = m };
	struct rs_info		*r;
	struct lc_pod		*p;
	struct row_workload	*w;
	size_t			 i;
	int64_t			 end;

	for (i = 0; i < m->nwl; i++) {
		w = &m->wl[i].r;
		if (!str_eq(w->kind, "ReplicaSet") ||
		    !str_eq(w->owner_kind, "Deployment"))
			continue;
		r = rs_get(&rs, w->namespace, w->owner_name, w->name);
		r->revision = w->revision;
		min_time(&r->created_us, w->created_us);
	}
	for (i = 0; i < m->npods; i++) {
		p = &m->pods[i];
		if (!str_eq(p->r.workload_kind, "Deployment") ||
		    !str_eq(p->r.owner_kind, "ReplicaSet"))
			continue;
		r = rs_get(&rs, p->r.namespace, p->r.workload,
		    p->r.owner_name);
		min_time(&r->created_us, p->r.created_us);
		end = p->r.gone_us != TIME_NONE ? p->r.gone_us :
		    p->r.deadline_us;
		max_time(&r->end_us, end);
	}
	if (store_scan(st, REC_EVENT, scan_scaling, &rs, cause) != 0) {
		free(rs.v);
		hindex_free(&rs.ix);
		return (-1);
	}
	/* sorted for the rollouts: positions change, the index ends */
	hindex_free(&rs.ix);
	if (write_rollouts(st, &rs, stats) != 0 ||
	    write_jobs(st, m, stats) != 0) {
		*cause = xstrdup(store_error(st));
		free(rs.v);
		return (-1);
	}
	free(rs.v);
	return (0);
}
