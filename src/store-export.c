/*
 * store-export.c: what the fleet export reads of one incident
 * (store-export.h): its sources' identities, the pods with their traffic
 * and lost records, every death (the model's terminations, and the
 * containers of deleted pods that ended with them unobserved), the pods of
 * each finding, the rollouts with the deploys that started them, and the
 * traffic per workload and minute.  Each query is read a row at a time in
 * an order an index gives, so that neither coroner nor SQLite holds the
 * incident.  Part of the store: the only files with SQL.  Knows nothing of
 * JSON or of the engines the rows are loaded into (export.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-export.h"
#include "store-int.h"
#include "timefmt.h"
#include "util.h"

/* Fills row from the current result row of s; ctx is the reader's. */
typedef void (*fill_fn)(sqlite3_stmt *s, void *row, void *ctx);

/*
 * Runs sql, filling row for each result row and calling cb with it.
 * Returns 0, cb's non-zero value, or -1 with a new *cause naming table.
 */
static int
each_row(struct store *st, const char *table, const char *sql, fill_fn fill,
    void *fctx, void *row, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	if (store_prepare(st, table, sql, &s, cause) != 0)
		return (-1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		fill(s, row, fctx);
		if ((stop = cb(ctx, row)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("%s: %s", table, sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

/* Appends d's fields as alias.field, comma-separated. */
static void
select_as(struct buf *b, const struct rec_desc *d, const char *alias)
{
	const struct rec_field	*f;

	for (f = d->fields; f->name != NULL; f++)
		buf_printf(b, "%s%s.%s", f == d->fields ? "" : ", ", alias,
		    f->name);
}

/* How many fields d has: where the columns after them begin. */
static int
nfields(const struct rec_desc *d)
{
	int	n = 0;

	while (d->fields[n].name != NULL)
		n++;
	return (n);
}

static void
fill_source(sqlite3_stmt *s, void *row, void *ctx)
{
	struct store_xsource	*r = row;

	(void)ctx;
	r->hash = store_col_text(s, 0);
	r->path = store_col_text(s, 1);
	r->member = store_col_text(s, 2);
	r->format = store_col_text(s, 3);
	r->rows = store_col_int(s, 4, 0);
	r->rejected = store_col_int(s, 5, 0);
}

static int
read_sources(struct store *st, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	struct store_xsource	r;

	return (each_row(st, "sources", "SELECT hash, path, member, format, "
	    "rows, rejected FROM sources WHERE hash IS NOT NULL ORDER BY hash",
	    fill_source, NULL, &r, cb, ctx, cause));
}

static void
fill_pod(sqlite3_stmt *s, void *row, void *ctx)
{
	const struct rec_desc	*d = &row_descs[ROW_POD];
	struct store_xpod	*r = row;
	int			 k = nfields(d);

	(void)ctx;
	store_fill_row(d, s, 0, (char *)&r->p);
	r->requests = store_col_int(s, k, 0);
	r->failed = store_col_int(s, k + 1, 0);
	r->missing = store_col_int(s, k + 2, 0);
}

static int
read_pods(struct store *st, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	const struct rec_desc	*d = &row_descs[ROW_POD];
	struct store_xpod	 r;
	struct buf		 b = { 0 };
	int			 rc;

	buf_puts(&b, "SELECT ");
	select_as(&b, d, "p");
	buf_puts(&b, ", t.requests, t.failed, (SELECT count(*) FROM "
	    "missing_records m WHERE m.pod_uid = p.uid) FROM pods p LEFT JOIN "
	    "pod_traffic t ON t.pod_uid = p.uid ORDER BY p.uid");
	rc = each_row(st, d->table, b.data, fill_pod, NULL, &r, cb, ctx,
	    cause);
	buf_free(&b);
	return (rc);
}

/*
 * What a death's row says of its pod and container, after the
 * termination's fields (t: the termination, or the container standing
 * for it), and its number when the query knows it.
 */
#define DEATH_MORE	", p.namespace, p.name, p.workload_kind, p.workload,"  \
	" p.node, c.sidecar, c.native_sidecar, c.name IS NOT NULL AND"	       \
	" t.finished_us IS c.finished_us, p.deletion_us, p.grace_s,"	       \
	" c.prestop_ms, c.sigterm_us, c.deadline_us, c.killed_at_deadline,"   \
	" p.deletion_cause, p.deletion_by"
#define DEATH_FROM	" t LEFT JOIN pods p ON p.uid = t.pod_uid"	       \
	" LEFT JOIN containers c ON c.pod_uid = t.pod_uid"		       \
	" AND c.name = t.container ORDER BY t.pod_uid, t.container"

/* The death being numbered: its container's key and its number. */
struct death_seq {
	struct buf	 key;		/* pod uid, NUL, container */
	int64_t		 next;		/* the next death's number */
};

static void
fill_death(sqlite3_stmt *s, void *row, void *ctx)
{
	const struct rec_desc	*d = &row_descs[ROW_TERMINATION];
	struct store_xdeath	*r = row;
	struct death_seq	*q = ctx;
	struct buf		*key = &q->key;
	size_t			 np, nc;
	int			 k = nfields(d);

	store_fill_row(d, s, 0, (char *)&r->t);
	if (r->t.pod_uid == NULL)
		r->t.pod_uid = "";
	if (r->t.container == NULL)
		r->t.container = "";
	r->namespace = store_col_text(s, k);
	r->pod = store_col_text(s, k + 1);
	r->workload_kind = store_col_text(s, k + 2);
	r->workload = store_col_text(s, k + 3);
	r->node = store_col_text(s, k + 4);
	r->sidecar = (int)store_col_int(s, k + 5, 0);
	r->native_sidecar = (int)store_col_int(s, k + 6, 0);
	r->last = (int)store_col_int(s, k + 7, 0);
	r->deletion_us = store_col_int(s, k + 8, TIME_NONE);
	r->grace_s = store_col_int(s, k + 9, INT_NONE);
	r->prestop_ms = store_col_int(s, k + 10, INT_NONE);
	r->sigterm_us = store_col_int(s, k + 11, TIME_NONE);
	r->deadline_us = store_col_int(s, k + 12, TIME_NONE);
	r->killed_at_deadline = (int)store_col_int(s, k + 13, 0);
	r->deletion_cause = store_col_text(s, k + 14);
	r->deletion_by = store_col_text(s, k + 15);
	if (!r->last) {
		/* an instance before the one the deletion ended */
		r->sigterm_us = r->deadline_us = TIME_NONE;
		r->killed_at_deadline = 0;
	}
	if (sqlite3_column_type(s, k + 16) != SQLITE_NULL) {
		r->seq = sqlite3_column_int64(s, k + 16);
		return;
	}
	/* numbered in the order read: by container, oldest first */
	np = strlen(r->t.pod_uid);
	nc = strlen(r->t.container);
	if (key->len != np + 1 + nc || memcmp(key->data, r->t.pod_uid,
	    np + 1) != 0 || memcmp(key->data + np + 1, r->t.container,
	    nc) != 0) {
		buf_clear(key);
		buf_append(key, r->t.pod_uid, np + 1);
		buf_append(key, r->t.container, nc);
		q->next = 0;
	}
	r->seq = q->next++;
}

static int
read_deaths(struct store *st, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	const struct rec_desc	*d = &row_descs[ROW_TERMINATION];
	struct store_xdeath	 r;
	struct death_seq	 q = { .next = 0 };
	struct buf		 b = { 0 };
	int			 rc;

	/* every termination of the model, numbered here */
	buf_puts(&b, "SELECT ");
	select_as(&b, d, "t");
	buf_printf(&b, DEATH_MORE ", NULL FROM %s" DEATH_FROM
	    ", t.finished_us", d->table);
	rc = each_row(st, d->table, b.data, fill_death, &q, &r, cb, ctx,
	    cause);
	/*
	 * then each container of a deleted pod that ended with it (its end
	 * seen, or its pod gone) without a termination of its last instance:
	 * an init container that is not a sidecar ended before
	 */
	buf_clear(&b);
	buf_puts(&b, "SELECT ");
	select_as(&b, d, "t");
	buf_puts(&b, DEATH_MORE ", (SELECT count(*) FROM terminations x "
	    "WHERE x.pod_uid = t.pod_uid AND x.container = t.container) FROM "
	    "(SELECT c.pod_uid AS pod_uid, c.name AS container, c.init AS "
	    "init, c.restarts AS instance, c.started_us AS started_us, "
	    "c.finished_us AS finished_us, c.exit_code AS exit_code, c.signal "
	    "AS signal, c.reason AS reason, c.message AS message, 'deletion' "
	    "AS cause, 'inferred: its pod was deleted' AS cause_basis, NULL AS "
	    "restarted_us, CASE WHEN c.finished_us IS NULL THEN 'inferred: its "
	    "pod was deleted and is gone; its end was not observed' ELSE "
	    "'observed: the container''s last state' END AS basis, NULL AS "
	    "last_log_us, NULL AS last_log FROM containers c JOIN pods q ON "
	    "q.uid = c.pod_uid WHERE q.deletion_us IS NOT NULL AND "
	    "(c.finished_us IS NOT NULL OR q.gone_us IS NOT NULL) AND "
	    "(c.native_sidecar OR NOT c.init) AND NOT EXISTS (SELECT 1 FROM "
	    "terminations x WHERE x.pod_uid = c.pod_uid AND x.container = "
	    "c.name AND x.finished_us IS c.finished_us))" DEATH_FROM);
	if (rc == 0)
		rc = each_row(st, d->table, b.data, fill_death, &q, &r, cb,
		    ctx, cause);
	buf_free(&b);
	buf_free(&q.key);
	return (rc);
}

static void
fill_finding_pod(sqlite3_stmt *s, void *row, void *ctx)
{
	struct store_xfinding_pod	*r = row;

	(void)ctx;
	r->finding_id = store_col_int(s, 0, 0);
	r->kind = store_col_text(s, 1);
	r->pod_uid = store_col_text(s, 2);
	r->namespace = store_col_text(s, 3);
	r->pod = store_col_text(s, 4);
	r->workload = store_col_text(s, 5);
}

static int
read_finding_pods(struct store *st, int (*cb)(void *, const void *),
    void *ctx, char **cause)
{
	struct store_xfinding_pod	r;

	return (each_row(st, "finding_pods", "SELECT fp.finding_id, f.kind, "
	    "fp.pod_uid, p.namespace, p.name, p.workload FROM finding_pods fp "
	    "LEFT JOIN findings f ON f.id = fp.finding_id LEFT JOIN pods p ON "
	    "p.uid = fp.pod_uid ORDER BY fp.finding_id, fp.pod_uid",
	    fill_finding_pod, NULL, &r, cb, ctx, cause));
}

/* The deploy of a rollout and the rollout of a deploy: the same keys. */
#define SAME_DEPLOY(r, d)	r ".tool IS NOT NULL AND " r ".tool = " d    \
	".tool AND " r ".deploy_revision IS " d ".revision AND " r	     \
	".namespace IS " d ".namespace AND " r ".deployment IS " d	     \
	".deployment AND " r ".new_rs IS " d ".new_rs"

static void
fill_rollout(sqlite3_stmt *s, void *row, void *ctx)
{
	const struct rec_desc	*rd = &row_descs[ROW_ROLLOUT];
	struct store_xrollout	*r = row;

	(void)ctx;
	r->rollout = 1;
	store_fill_row(rd, s, 0, (char *)&r->r);
	store_fill_row(&row_descs[ROW_DEPLOY], s, nfields(rd), (char *)&r->d);
}

/* A deploy alone: the rollout's columns that it has, from it. */
static void
fill_deploy(sqlite3_stmt *s, void *row, void *ctx)
{
	struct store_xrollout	*r = row;

	(void)ctx;
	r->rollout = 0;
	store_fill_row(&row_descs[ROW_DEPLOY], s, 0, (char *)&r->d);
	memset(&r->r, 0, sizeof r->r);
	r->r.namespace = r->d.namespace;
	r->r.deployment = r->d.deployment;
	r->r.tool = r->d.tool;
	r->r.deploy_revision = r->d.revision;
	r->r.deployed_by = r->d.actor;
	r->r.revision = INT_NONE;
	r->r.start_us = r->r.end_us = TIME_NONE;
}

static int
read_rollouts(struct store *st, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	const struct rec_desc	*rd = &row_descs[ROW_ROLLOUT];
	const struct rec_desc	*dd = &row_descs[ROW_DEPLOY];
	struct store_xrollout	 r;
	struct buf		 b = { 0 };
	int			 rc;

	/* each rollout with the latest deploy of its tool's revision */
	buf_puts(&b, "SELECT ");
	select_as(&b, rd, "r");
	buf_puts(&b, ", ");
	select_as(&b, dd, "d");
	buf_printf(&b, " FROM %s r LEFT JOIN %s d ON d.rowid = (SELECT "
	    "x.rowid FROM %s x WHERE " SAME_DEPLOY("r", "x") " ORDER BY "
	    "x.end_us DESC LIMIT 1) ORDER BY r.namespace, r.deployment, "
	    "r.start_us, r.id", rd->table, dd->table, dd->table);
	rc = each_row(st, rd->table, b.data, fill_rollout, NULL, &r, cb, ctx,
	    cause);
	/* then the deploys that started no rollout coroner found */
	buf_clear(&b);
	buf_puts(&b, "SELECT ");
	select_as(&b, dd, "d");
	buf_printf(&b, " FROM %s d WHERE NOT EXISTS (SELECT 1 FROM %s r "
	    "WHERE " SAME_DEPLOY("r", "d") ") ORDER BY %s", dd->table,
	    rd->table, dd->order);
	if (rc == 0)
		rc = each_row(st, dd->table, b.data, fill_deploy, NULL, &r, cb,
		    ctx, cause);
	buf_free(&b);
	return (rc);
}

static void
fill_minute(sqlite3_stmt *s, void *row, void *ctx)
{
	struct store_xminute	*r = row;

	(void)ctx;
	r->namespace = store_col_text(s, 0);
	r->workload = store_col_text(s, 1);
	r->minute_us = store_col_int(s, 2, 0) * 60 * 1000000;
	r->requests = store_col_int(s, 3, 0);
	r->errors = store_col_int(s, 4, 0);
	r->conn_failures = store_col_int(s, 5, 0);
	r->failed = r->errors + r->conn_failures;
}

static int
read_traffic(struct store *st, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	struct store_xminute	r;

	return (each_row(st, "workload_minutes", "SELECT namespace, "
	    "workload, minute, requests, errors, conn_failures FROM "
	    "workload_minutes ORDER BY minute, namespace, workload",
	    fill_minute, NULL, &r, cb, ctx, cause));
}

int
store_export_each(struct store *st, enum store_xtable what,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	switch (what) {
	case SX_SOURCES:
		return (read_sources(st, cb, ctx, cause));
	case SX_PODS:
		return (read_pods(st, cb, ctx, cause));
	case SX_DEATHS:
		return (read_deaths(st, cb, ctx, cause));
	case SX_FINDING_PODS:
		return (read_finding_pods(st, cb, ctx, cause));
	case SX_ROLLOUTS:
		return (read_rollouts(st, cb, ctx, cause));
	case SX_TRAFFIC:
		return (read_traffic(st, cb, ctx, cause));
	}
	*cause = xstrdup("export: no such table");
	return (-1);
}
