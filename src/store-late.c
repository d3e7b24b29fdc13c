/*
 * store-late.c: what the model and the rules read of the evidence a
 * postmortem has a week later (store.h): the audit log's requests about
 * pods (which pod each deletion or eviction was of), the EndpointSlice
 * and Node versions with what each lists, the audited changes of
 * Deployments, the events the deletions' causes read, the deleted pods
 * and their causes, and the evictions a disruption budget refused; for
 * the death view, one pod's endpoints, one node's states and the time
 * each source covers.  Part
 * of the store: the only files with SQL.  Knows nothing of how the model
 * folds what it reads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

/* The audit log's requests that end a pod: deletes and evictions. */
#define ENDS_A_POD	"a.resource = 'pods' AND ((a.verb = 'delete' AND " \
	"a.subresource IS NULL) OR (a.verb = 'create' AND a.subresource = " \
	"'eviction'))"

int
store_audit_refs(struct store *st, char **cause)
{
	/*
	 * A pod named without its uid is the latest of that name created
	 * (or first seen) at or before the time: names are reused.
	 */
	return (store_exec(st, "DROP TABLE IF EXISTS temp.model_pod_lives;"
	    "DROP TABLE IF EXISTS temp.model_audit_pods;"
	    "CREATE TEMP TABLE model_pod_lives (ns TEXT NOT NULL, name TEXT "
	    "NOT NULL, uid TEXT NOT NULL, since INTEGER NOT NULL, PRIMARY KEY "
	    "(ns, name, uid)) WITHOUT ROWID;"
	    "INSERT INTO temp.model_pod_lives SELECT coalesce(namespace, ''), "
	    "name, uid, coalesce(created_us, observed_us, -9223372036854775807)"
	    " FROM pod_obs WHERE uid IS NOT NULL AND name IS NOT NULL "
	    "ON CONFLICT (ns, name, uid) DO UPDATE SET since = min(since, "
	    "excluded.since);"
	    "CREATE TEMP TABLE model_audit_pods (pod_uid TEXT NOT NULL, id "
	    "INTEGER NOT NULL, PRIMARY KEY (pod_uid, id)) WITHOUT ROWID;"
	    "INSERT OR IGNORE INTO temp.model_audit_pods SELECT pod_uid, id "
	    "FROM (SELECT coalesce((SELECT o.uid FROM pod_obs o WHERE o.uid = "
	    "a.obj_uid LIMIT 1), (SELECT o.uid FROM pod_obs o WHERE o.uid = "
	    "a.precondition_uid LIMIT 1), (SELECT l.uid FROM "
	    "temp.model_pod_lives l WHERE l.ns = coalesce(a.namespace, '') AND "
	    "l.name = a.name AND l.since <= a.time_us ORDER BY l.since DESC "
	    "LIMIT 1)) AS pod_uid, a.id AS id FROM audit_events a WHERE "
	    ENDS_A_POD ") WHERE pod_uid IS NOT NULL;", cause));
}

static int
audit_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct rec_audit	 a;

	store_fill_row(&rec_descs[REC_AUDIT], s, 1, (char *)&a);
	return (c->pod_audit(c->ctx, store_col_text(s, 0), &a));
}

int
store_model_audit(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const char *, const struct rec_audit *), void *ctx,
    char **cause)
{
	const struct qparam	p[] = { QP_S(lo != NULL ? lo : ""), QP_S(hi) };
	struct store_cb		c = { .pod_audit = cb, .ctx = ctx };

	return (store_pod_records(st, &rec_descs[REC_AUDIT], "model_audit_pods",
	    ">", p, "m.pod_uid, time_us, id", audit_row, &c, cause));
}

static int
typed_endpoint(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct store_cb	*c = ctx;

	(void)ref;
	return (c->pod_endpoint(c->ctx, row));
}

int
store_model_pod_endpoints(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const struct row_pod_endpoint *), void *ctx,
    char **cause)
{
	struct store_cb		c = { .pod_endpoint = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(lo != NULL ? lo : ""), QP_S(hi) };

	return (store_query(st, &row_descs[ROW_POD_ENDPOINT], "pod_uid > ?1 "
	    "AND pod_uid <= ?2", "pod_uid, first_seen_us", p, 2, 0, 0,
	    typed_endpoint, &c, cause));
}

int
store_pod_endpoints_of(struct store *st, const char *uid,
    int (*cb)(void *, const struct row_pod_endpoint *), void *ctx,
    char **cause)
{
	struct store_cb		c = { .pod_endpoint = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid) };

	return (store_query(st, &row_descs[ROW_POD_ENDPOINT], "pod_uid = ?1",
	    "first_seen_us", p, 1, 0, 0, typed_endpoint, &c, cause));
}

static int
typed_node_state(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct store_cb	*c = ctx;

	(void)ref;
	return (c->node_state(c->ctx, row));
}

int
store_node_states_of(struct store *st, const char *node, int64_t from_us,
    int64_t to_us, int (*cb)(void *, const struct row_node_state *),
    void *ctx, char **cause)
{
	struct store_cb		c = { .node_state = cb, .ctx = ctx };
	const struct qparam	p[] = {
		QP_S(node), QP_I(from_us), QP_I(to_us)
	};

	return (store_query(st, &row_descs[ROW_NODE_STATE], "node = ?1 AND "
	    "from_us <= ?3 AND (to_us IS NULL OR to_us >= ?2)", "from_us", p,
	    3, 0, 0, typed_node_state, &c, cause));
}

static int
cover_row(void *ctx, sqlite3_stmt *s)
{
	const struct store_cb	*c = ctx;

	return (c->cover(c->ctx, store_col_text(s, 0), store_col_int(s, 1,
	    TIME_NONE), store_col_int(s, 2, TIME_NONE)));
}

int
store_source_covers(struct store *st, int (*cb)(void *, const char *,
    int64_t, int64_t), void *ctx, char **cause)
{
	struct store_cb	c = { .cover = cb, .ctx = ctx };

	return (store_run(st, "sources", "SELECT format, from_us, to_us FROM "
	    "sources WHERE hash IS NOT NULL AND from_us IS NOT NULL AND "
	    "to_us IS NOT NULL ORDER BY from_us", NULL, 0, cover_row, &c,
	    cause));
}

int
store_pod_uid_at(struct store *st, const char *ns, const char *name,
    int64_t at_us, char **uid)
{
	const struct qparam	p[] = {
		QP_S(ns != NULL ? ns : ""), QP_S(name),
		QP_I(at_us != TIME_NONE ? at_us : INT64_MAX)
	};

	*uid = NULL;
	return (store_run(st, "model_pod_lives", "SELECT uid FROM "
	    "temp.model_pod_lives WHERE ns = ?1 AND name = ?2 AND since <= ?3 "
	    "ORDER BY since DESC LIMIT 1", p, 3, store_row_str, uid, NULL));
}

/* ------------------------------------------------------------------ */
/* Versions of objects, each with what it lists.                       */

struct versions {
	struct store	*st;
	int		(*slice)(void *, const struct rec_slice *);
	int		(*endpoint)(void *, const struct rec_endpoint *);
	int		(*node)(void *, const struct rec_node *);
	int		(*cond)(void *, const struct rec_node_cond *);
	int		(*taint)(void *, const struct rec_taint *);
	void		*ctx;
	char		**cause;
};

static int
each_endpoint(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct versions	*v = ctx;

	(void)ref;
	return (v->endpoint(v->ctx, row));
}

static int
each_slice(void *ctx, const void *row, const struct store_ref *ref)
{
	struct versions		*v = ctx;
	const struct rec_slice	*s = row;
	struct qparam		 p[4];
	int			 rc;

	(void)ref;
	if ((rc = v->slice(v->ctx, s)) != 0 || s->uid == NULL ||
	    s->observed_us == TIME_NONE)
		return (rc);
	/* the endpoints of this version: same slice, version and time */
	p[0] = (struct qparam)QP_S(s->uid);
	p[1] = (struct qparam)QP_S(s->resource_version != NULL ?
	    s->resource_version : "");
	p[2] = (struct qparam)QP_S(s->watch_type != NULL ? s->watch_type :
	    "");
	p[3] = (struct qparam)QP_I(s->observed_us);
	return (store_query(v->st, &rec_descs[REC_ENDPOINT], "slice_uid = ?1 "
	    "AND coalesce(resource_version, '') = ?2 AND coalesce(watch_type, "
	    "'') = ?3 AND observed_us = ?4", "id", p, 4, 0, 0, each_endpoint,
	    v, v->cause));
}

int
store_slices_each(struct store *st,
    int (*slice)(void *, const struct rec_slice *),
    int (*endpoint)(void *, const struct rec_endpoint *), void *ctx,
    char **cause)
{
	struct versions	v = { .st = st, .slice = slice, .endpoint = endpoint,
			    .ctx = ctx, .cause = cause };

	return (store_query(st, &rec_descs[REC_SLICE], NULL, NULL, NULL, 0,
	    0, 0, each_slice, &v, cause));
}

static int
each_cond(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct versions	*v = ctx;

	(void)ref;
	return (v->cond(v->ctx, row));
}

static int
each_taint(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct versions	*v = ctx;

	(void)ref;
	return (v->taint(v->ctx, row));
}

static int
each_node(void *ctx, const void *row, const struct store_ref *ref)
{
	struct versions		*v = ctx;
	const struct rec_node	*n = row;
	struct qparam		 p[3];
	int			 rc;

	(void)ref;
	if ((rc = v->node(v->ctx, n)) != 0 || n->name == NULL ||
	    n->observed_us == TIME_NONE)
		return (rc);
	p[0] = (struct qparam)QP_S(n->name);
	p[1] = (struct qparam)QP_S(n->resource_version != NULL ?
	    n->resource_version : "");
	p[2] = (struct qparam)QP_I(n->observed_us);
	rc = store_query(v->st, &rec_descs[REC_NODE_COND], "node = ?1 AND "
	    "coalesce(resource_version, '') = ?2 AND observed_us = ?3", "id",
	    p, 3, 0, 0, each_cond, v, v->cause);
	if (rc != 0)
		return (rc);
	return (store_query(v->st, &rec_descs[REC_TAINT], "node = ?1 AND "
	    "coalesce(resource_version, '') = ?2 AND observed_us = ?3", "id",
	    p, 3, 0, 0, each_taint, v, v->cause));
}

int
store_nodes_each(struct store *st,
    int (*node)(void *, const struct rec_node *),
    int (*cond)(void *, const struct rec_node_cond *),
    int (*taint)(void *, const struct rec_taint *), void *ctx,
    char **cause)
{
	struct versions	v = { .st = st, .node = node, .cond = cond,
			    .taint = taint, .ctx = ctx, .cause = cause };

	return (store_query(st, &rec_descs[REC_NODE], NULL, NULL, NULL, 0, 0,
	    0, each_node, &v, cause));
}

/* ------------------------------------------------------------------ */
/* Deploys, causes, refused evictions.                                 */

/* Where store_deployment_change puts what it found. */
struct change {
	char	**actor;
	char	**agent;
	int64_t	 *at_us;
};

static int
change_row(void *arg, sqlite3_stmt *s)
{
	struct change	*ch = arg;

	*ch->actor = store_col_str(s, 0);
	*ch->agent = store_col_str(s, 1);
	*ch->at_us = store_col_int(s, 2, TIME_NONE);
	return (1);
}

int
store_deployment_change(struct store *st, const char *ns,
    const char *deployment, int64_t from_us, int64_t to_us, char **actor,
    char **agent, int64_t *at_us)
{
	struct change		ch = { .actor = actor, .agent = agent,
				    .at_us = at_us };
	const struct qparam	p[] = {
		QP_S(ns != NULL ? ns : ""),
		QP_S(deployment != NULL ? deployment : ""), QP_I(from_us),
		QP_I(to_us)
	};

	*actor = *agent = NULL;
	*at_us = TIME_NONE;
	/* the last change of its spec by someone, not by a controller */
	return (store_run(st, "audit_events", "SELECT actor, user_agent, "
	    "time_us FROM audit_events WHERE ((resource = 'deployments' AND "
	    "namespace = ?1) OR (resource = 'deployments' AND namespace IS "
	    "NULL AND ?1 = '')) AND name = ?2 AND subresource IS "
	    "NULL AND verb IN ('patch', 'update', 'create') AND (code IS NULL "
	    "OR code BETWEEN 200 AND 299) AND time_us BETWEEN ?3 AND ?4 AND "
	    "actor IS NOT NULL AND actor NOT LIKE 'system:%' ORDER BY time_us "
	    "DESC LIMIT 1", p, 4, change_row, &ch, NULL));
}

static int
each_event(void *ctx, const void *row, const struct store_ref *ref)
{
	const struct store_cb	*c = ctx;

	(void)ref;
	return (c->each_event(c->ctx, row));
}

int
store_events_with(struct store *st, const char *const *reasons,
    int (*cb)(void *, const struct rec_event *), void *ctx, char **cause)
{
	struct store_cb		 c = { .each_event = cb, .ctx = ctx };
	struct qparam		 p[8];
	struct buf		 w = { 0 };
	size_t			 n;
	int			 rc;

	buf_puts(&w, "reason IN (");
	for (n = 0; n < 8 && reasons[n] != NULL; n++) {
		p[n] = (struct qparam)QP_S(reasons[n]);
		buf_printf(&w, "%s?%zu", n > 0 ? ", " : "", n + 1);
	}
	buf_puts(&w, ")");
	rc = store_query(st, &rec_descs[REC_EVENT], w.data, NULL, p, n, 0, 0,
	    each_event, &c, cause);
	buf_free(&w);
	return (rc);
}

static int
deleted_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_deleted	 d;

	d.uid = store_col_text(s, 0);
	d.namespace = store_col_text(s, 1);
	d.name = store_col_text(s, 2);
	d.owner_kind = store_col_text(s, 3);
	d.owner_name = store_col_text(s, 4);
	d.workload = store_col_text(s, 5);
	d.deletion_us = store_col_int(s, 6, TIME_NONE);
	d.deletion_by = store_col_text(s, 7);
	d.deletion_via = store_col_text(s, 8);
	d.disruption = store_col_text(s, 9);
	d.template_hash = store_col_text(s, 10);
	return (d.uid != NULL ? c->deleted(c->ctx, &d) : 0);
}

int
store_deleted_pods(struct store *st,
    int (*cb)(void *, const struct store_deleted *), void *ctx,
    char **cause)
{
	struct store_cb	c = { .deleted = cb, .ctx = ctx };

	return (store_run(st, "pods", "SELECT uid, namespace, name, "
	    "owner_kind, owner_name, workload, deletion_us, deletion_by, "
	    "deletion_via, disruption, template_hash FROM pods WHERE "
	    "deletion_us IS NOT NULL", NULL, 0, deleted_row, &c, cause));
}

int
store_pod_set_cause(struct store *st, const char *uid, const char *cause,
    const char *basis)
{
	const struct qparam	p[] = { QP_S(cause), QP_S(basis), QP_S(uid) };

	if (st->cause_upd == NULL && store_prepare(st, "pods", "UPDATE pods "
	    "SET deletion_cause = ?1, deletion_cause_basis = ?2 WHERE uid = "
	    "?3", &st->cause_upd, NULL) != 0)
		return (-1);
	return (store_run_stmt(st, st->cause_upd, "pods", p, 3, NULL, NULL,
	    NULL));
}

static int
blocked_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_blocked	 b;

	b.pod_uid = store_col_text(s, 0);
	b.namespace = store_col_text(s, 1);
	b.name = store_col_text(s, 2);
	b.attempts = store_col_int(s, 3, 0);
	b.first_us = store_col_int(s, 4, TIME_NONE);
	b.last_us = store_col_int(s, 5, TIME_NONE);
	b.actor = store_col_text(s, 6);
	b.evicted_us = store_col_int(s, 7, TIME_NONE);
	return (c->blocked(c->ctx, &b));
}

int
store_blocked_evictions(struct store *st,
    int (*cb)(void *, const struct store_blocked *), void *ctx,
    char **cause)
{
	struct store_cb	c = { .blocked = cb, .ctx = ctx };

	/*
	 * Per pod: the refusals, their actor, and the first time after
	 * the first refusal that an eviction or a delete of it went
	 * through; the pod is the latest of its name created before.  A
	 * namespace NULL and one empty are the same (r.ns): each side's
	 * test is written so that the indexes on namespace and name serve
	 * it, one lookup a pod, not a pass over the table.
	 */
	return (store_run(st, "audit_events", "SELECT (SELECT p.uid FROM pods "
	    "p WHERE (p.namespace = r.ns OR (p.namespace IS NULL AND r.ns = "
	    "'')) AND p.name = r.name AND coalesce(p.created_us, 0) <= "
	    "r.first ORDER BY p.created_us DESC LIMIT 1), r.namespace, "
	    "r.name, r.n, r.first, r.last, r.actor, (SELECT min(e.time_us) "
	    "FROM audit_events e WHERE ((e.resource = 'pods' AND e.namespace "
	    "= r.ns) OR (e.resource = 'pods' AND e.namespace IS NULL AND r.ns "
	    "= '')) AND e.name = r.name AND e.time_us >= r.first AND (e.code "
	    "IS NULL OR e.code BETWEEN 200 AND 299) AND ((e.verb = 'create' "
	    "AND e.subresource = 'eviction') OR (e.verb = 'delete' AND "
	    "e.subresource IS NULL))) FROM (SELECT namespace, "
	    "coalesce(namespace, '') AS ns, name, count(*) AS n, "
	    "min(time_us) AS first, max(time_us) AS last, max(actor) AS actor "
	    "FROM audit_events WHERE resource = 'pods' AND subresource = "
	    "'eviction' AND verb = 'create' AND code = 429 AND name IS NOT "
	    "NULL GROUP BY namespace, name) r ORDER BY r.first", NULL, 0,
	    blocked_row, &c, cause));
}
