/*
 * store-write.c: what the store writes (store.h).  An input is a row of
 * sources and its records, each put through an insert made from its
 * record field table (record.h), never from user text; a request is held
 * until its attempts have come and written as one row per attempt
 * (requests); the identity of a finished input keeps it or undoes it
 * (importing a file twice changes nothing).  Then the model's rows
 * (model.h), replaced whole by the rebuild or one kind at a time by the
 * analysis.  Every value is a bound parameter.  The tables are
 * store-schema.c's and the connection store.c's; no view or model
 * reaches this file but through store.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

/*
 * Prepares "INSERT OR IGNORE INTO t ([source_id, ]f...) VALUES (?, ...)"
 * from a field table (never from user text).
 */
static int
store_prepare_insert(struct store *st, const struct rec_desc *d,
    int with_source, sqlite3_stmt **out, char **cause)
{
	const struct rec_field	*f;
	struct buf		 b = { 0 };
	int			 n = 0, rc;

	buf_printf(&b, "INSERT OR IGNORE INTO %s (", d->table);
	if (with_source)
		buf_puts(&b, "source_id");
	if (with_source && d->parent_col != NULL) {
		buf_printf(&b, ", %s", d->parent_col);
		with_source++;
	}
	for (f = d->fields; f->name != NULL; f++, n++)
		buf_printf(&b, "%s%s", n == 0 && !with_source ? "" : ", ",
		    f->name);
	buf_puts(&b, ") VALUES (");
	for (n += with_source; n > 0; n--)
		buf_puts(&b, n > 1 ? "?, " : "?");
	buf_puts(&b, ")");
	rc = store_prepare(st, d->table, b.data, out, cause);
	buf_free(&b);
	return (rc);
}

/* The offset of a record's time field (rec_desc.time), or SIZE_MAX. */
static size_t
store_time_off(const struct rec_desc *d)
{
	const struct rec_field	*f;

	for (f = d->fields; d->time != NULL && f->name != NULL; f++) {
		if (strcmp(f->name, d->time) == 0)
			return (f->off);
	}
	return (SIZE_MAX);
}

/* Widens what the current input covers to the record's time. */
static void
store_cover(struct store *st, enum rec_type type, const void *rec)
{
	int64_t	t;

	if (st->time_off[type] == SIZE_MAX)
		return;
	memcpy(&t, (const char *)rec + st->time_off[type], sizeof t);
	if (t == TIME_NONE)
		return;
	if (st->cov_from_us == TIME_NONE || t < st->cov_from_us)
		st->cov_from_us = t;
	if (st->cov_to_us == TIME_NONE || t > st->cov_to_us)
		st->cov_to_us = t;
}

int
store_prepare_inserts(struct store *st, char **cause)
{
	int	t;

	for (t = 0; t < REC__COUNT; t++) {
		st->time_off[t] = store_time_off(&rec_descs[t]);
		if (t == REC_REQUEST || t == REC_ATTEMPT)
			continue;	/* one merged row: store_put_row */
		if (store_prepare_insert(st, &rec_descs[t], 1, &st->ins[t],
		    cause) != 0)
			return (-1);
	}
	for (t = 0; t < ROW__COUNT; t++) {
		if (store_prepare_insert(st, &row_descs[t], 0,
		    &st->row_ins[t], cause) != 0)
			return (-1);
	}
	return (0);
}

int
store_next_req(struct store *st, char **cause)
{
	return (store_requests_next(st, cause));
}

static int64_t
now_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

int
store_input_begin(struct store *st, const char *path, const char *member,
    const char *format, char **cause)
{
	const struct qparam	p[] = {
		QP_S(path), QP_S(member), QP_S(format), QP_I(now_us())
	};

	/* alone, an input is its own transaction; in a group, a savepoint */
	if (store_exec(st, st->in_group ? "SAVEPOINT input" :
	    "BEGIN IMMEDIATE", cause) != 0)
		return (-1);
	/* another import may have written since this one opened: the
	   numbers go on from what is stored now, under the write lock */
	if (store_next_req(st, cause) != 0) {
		store_input_abort(st);
		return (-1);
	}
	if (store_run(st, "sources", "INSERT INTO sources (path, member, "
	    "format, imported_us) VALUES (?, ?, ?, ?)", p, 4, NULL, NULL,
	    cause) != 0) {
		store_input_abort(st);
		return (-1);
	}
	st->source_id = sqlite3_last_insert_rowid(st->db);
	st->cov_from_us = st->cov_to_us = TIME_NONE;
	return (0);
}

/* Binds the fields of rec, described by d, from parameter first on. */
static void
store_bind_fields(sqlite3_stmt *s, int first, const struct rec_desc *d,
    const void *rec)
{
	const struct rec_field	*f;
	const char		*base = rec, *str;
	int64_t			 v;
	int			 i, b;

	for (i = first, f = d->fields; f->name != NULL; f++, i++) {
		switch (f->type) {
		case RF_STR:
			memcpy(&str, base + f->off, sizeof str);
			if (str == NULL)
				sqlite3_bind_null(s, i);
			else
				sqlite3_bind_text(s, i, str, -1,
				    SQLITE_STATIC);
			break;
		case RF_TIME:
		case RF_INT:
			memcpy(&v, base + f->off, sizeof v);
			if (v == TIME_NONE || v == INT_NONE)
				sqlite3_bind_null(s, i);
			else
				sqlite3_bind_int64(s, i, v);
			break;
		case RF_BOOL:
			memcpy(&b, base + f->off, sizeof b);
			sqlite3_bind_int(s, i, b != 0);
			break;
		case RF_ENUM:
			memcpy(&b, base + f->off, sizeof b);
			if (b <= 0 || b >= f->nnames || f->names[b] == NULL)
				sqlite3_bind_null(s, i);
			else
				sqlite3_bind_text(s, i, f->names[b], -1,
				    SQLITE_STATIC);
			break;
		}
	}
}

/* Runs a prepared insert once; 0 or -1 (store_error() says why). */
static int
store_step_insert(struct store *st, sqlite3_stmt *s, const char *table)
{
	return (store_run_stmt(st, s, table, NULL, 0, NULL, NULL, NULL));
}

/*
 * Adds one row of requests: request r with one of its attempts (a NULL
 * attempt for a request that reached no upstream).
 */
static int
store_put_row(struct store *st, const struct rec_request *r,
    const struct rec_attempt *a)
{
	struct reqrow	row;

	row.v[RC_REQ] = st->next_req;
	row.v[RC_SEQ] = a != NULL ? a->seq : INT64_MIN;
	row.v[RC_START] = r->start_us;
	row.v[RC_END] = r->end_us;
	row.v[RC_DURATION] = r->duration_us;
	row.s[RC_METHOD] = r->method;
	row.s[RC_HOST] = r->host;
	row.s[RC_PATH] = r->path;
	row.s[RC_PROTOCOL] = r->protocol;
	row.v[RC_STATUS] = r->status;
	row.v[RC_BYTES] = r->bytes;
	row.s[RC_CLIENT] = r->client;
	row.s[RC_USER_AGENT] = r->user_agent;
	row.s[RC_NAMESPACE] = r->namespace;
	row.s[RC_SERVICE] = r->service;
	row.s[RC_UPSTREAM_NAME] = r->upstream_name;
	row.s[RC_FLAGS] = r->flags;
	row.s[RC_DETAIL] = r->detail;
	row.s[RC_FAILURE] = r->failure;
	row.s[RC_REQUEST_ID] = r->request_id;
	row.s[RC_DIALECT] = r->dialect;
	row.v[RC_LINE] = r->line;
	row.s[RC_UPSTREAM] = a != NULL ? a->upstream : NULL;
	row.s[RC_IP] = a != NULL ? a->ip : NULL;
	row.v[RC_PORT] = a != NULL ? a->port : INT64_MIN;
	row.v[RC_UPSTREAM_STATUS] = a != NULL ? a->status : INT64_MIN;
	row.v[RC_UPSTREAM_DURATION] = a != NULL ? a->duration_us : INT64_MIN;
	row.v[RC_ATTEMPT] = a != NULL ? a->time_us : INT64_MIN;
	return (store_requests_add(st, &row, a == NULL ||
	    st->pending.attempts == 1));
}

/* The pending request is complete: a request without attempts gets its
   row now. */
static int
store_pending_done(struct store *st)
{
	const struct rec_request	*r;
	int				 had, rc = 0;

	if ((r = reqhold_release(&st->pending, &had)) == NULL)
		return (0);
	if (!had)
		rc = store_put_row(st, r, NULL);
	st->next_req++;
	return (rc);
}

/*
 * Keeps a request until its attempts have been put (its strings copied
 * unless they outlive store_put_flush()).
 */
static int
store_pending(struct store *st, const struct rec_request *r)
{
	if (store_pending_done(st) != 0)
		return (-1);
	reqhold_put(&st->pending, r, st->borrowing);
	return (0);
}

void
store_set_borrowing(struct store *st, int on)
{
	st->borrowing = on;
}

int
store_put_flush(struct store *st)
{
	return (store_pending_done(st));
}

int
store_put(struct store *st, enum rec_type type, const void *rec)
{
	const struct rec_request	*r;
	sqlite3_stmt			*s = st->ins[type];
	int				 first = 2;

	store_cover(st, type, rec);
	if (type == REC_REQUEST)
		return (store_pending(st, rec));
	if (type == REC_ATTEMPT) {
		if ((r = reqhold_attempt(&st->pending)) == NULL)
			return (0);	/* an attempt of no request */
		return (store_put_row(st, r, rec));
	}

	sqlite3_bind_int64(s, 1, st->source_id);
	if (rec_descs[type].parent_col != NULL)
		sqlite3_bind_int64(s, first++, st->last_rowid);
	store_bind_fields(s, first, &rec_descs[type], rec);
	if (store_step_insert(st, s, rec_descs[type].table) != 0)
		return (-1);
	if (rec_descs[type].parent_col == NULL)
		st->last_rowid = sqlite3_last_insert_rowid(st->db);
	return (0);
}

int
store_input_end(struct store *st, const char *identity, const char *sha256,
    uint64_t bytes, int64_t rows, int64_t rejected, const char *first_errors,
    int *dup, int64_t *then, char **cause)
{
	const struct qparam	p[] = {
		QP_S(identity), QP_S(sha256), QP_I((int64_t)bytes),
		QP_I(rows), QP_I(rejected), QP_S(first_errors),
		QP_OPT(st->cov_from_us, TIME_NONE),
		QP_OPT(st->cov_to_us, TIME_NONE), QP_I(st->source_id)
	};
	int64_t			was[2];
	int			rc;

	*dup = 0;
	*then = 0;
	if (store_pending_done(st) != 0) {
		*cause = xstrdup(store_error(st));
		goto undo;
	}
	if (store_requests_flush(st, cause) != 0)
		goto undo;
	rc = store_ints(st, "sources", "SELECT id, rejected FROM sources WHERE "
	    "hash = ?", p, 1, was, 2, 0, cause);
	if (rc == 1) {
		*dup = 1;
		*then = was[1];
		store_input_abort(st);
		return (0);
	}
	if (rc != 0 || store_run(st, "sources", "UPDATE sources SET hash = ?, "
	    "sha256 = ?, bytes = ?, rows = ?, rejected = ?, first_errors = ?, "
	    "from_us = ?, to_us = ? WHERE id = ?", p, 9, NULL, NULL,
	    cause) != 0)
		goto undo;
	/* the model no longer matches the data until it is rebuilt */
	if (store_exec(st, "UPDATE meta SET value = 1 WHERE key = "
	    "'model_stale'", cause) != 0)
		goto undo;
	st->source_id = 0;
	if (st->in_group) {
		st->group_inputs++;
		return (store_exec(st, "RELEASE input", cause));
	}
	return (store_exec(st, "COMMIT", cause));
undo:
	store_input_abort(st);
	return (-1);
}

void
store_input_abort(struct store *st)
{
	if (st->in_group) {
		store_exec(st, "ROLLBACK TO input", NULL);
		store_exec(st, "RELEASE input", NULL);
	} else
		store_exec(st, "ROLLBACK", NULL);
	st->source_id = 0;
	reqhold_drop(&st->pending);
	store_requests_drop(st);
	store_next_req(st, NULL);
}

int
store_model_begin(struct store *st, char **cause)
{
	return (store_rows_begin(st, ROW__COUNT, cause));
}

int
store_rows_begin(struct store *st, enum row_type only, char **cause)
{
	struct buf	b = { 0 };
	int		t, rc;

	st->rows_txn = only;
	buf_puts(&b, "BEGIN IMMEDIATE;");
	for (t = 0; t < ROW__COUNT; t++) {
		if (only == ROW__COUNT || (enum row_type)t == only ||
		    (only == ROW_FINDING && (t == ROW_MISSING ||
		    t == ROW_FINDING_POD || t == ROW_POD_LIST ||
		    t == ROW_WORKLOAD_PODS || t == ROW_LANE_DEATH ||
		    t == ROW_LANE_TRAFFIC)))
			buf_printf(&b, "DELETE FROM %s;", row_descs[t].table);
	}
	/* derived from the findings (store_lane_traffic_derive's too) */
	if (only == ROW__COUNT || only == ROW_FINDING)
		buf_puts(&b, "DELETE FROM finding_list;"
		    "DELETE FROM rs_traffic;");
	rc = store_exec(st, b.data, cause);
	buf_free(&b);
	if (rc != 0)
		store_exec(st, "ROLLBACK", NULL);
	return (rc);
}

int
store_model_put(struct store *st, enum row_type type, const void *row)
{
	sqlite3_stmt	*s = st->row_ins[type];

	store_bind_fields(s, 1, &row_descs[type], row);
	return (store_step_insert(st, s, row_descs[type].table));
}

int
store_model_end(struct store *st, int commit, char **cause)
{
	if (!commit) {
		store_exec(st, "ROLLBACK", NULL);
		return (0);
	}
	/*
	 * A whole rebuild brings the model up to date with the data; the
	 * incident's window of the model before it is gone (the analysis
	 * finds it again: store_window_cache).
	 */
	if (st->rows_txn == ROW__COUNT && (store_exec(st, "UPDATE meta SET "
	    "value = 0 WHERE key = 'model_stale'", cause) != 0 ||
	    store_window_forget(st, cause) != 0)) {
		store_exec(st, "ROLLBACK", NULL);
		return (-1);
	}
	return (store_exec(st, "COMMIT", cause));
}

/* The indexes of a table: how to drop them, and how to make them again. */
struct bulk_ix {
	struct buf	drop;
	struct buf	make;
};

static int
bulk_ix_row(void *ctx, sqlite3_stmt *s)
{
	struct bulk_ix	*ix = ctx;

	buf_printf(&ix->drop, "DROP INDEX \"%s\";", store_col_text(s, 0));
	buf_printf(&ix->make, "%s;", store_col_text(s, 1));
	return (0);
}

int
store_model_bulk(struct store *st, enum row_type type,
    int (*fill)(void *ctx, char **cause), void *ctx, char **cause)
{
	const struct qparam	p[] = { QP_S(row_descs[type].table) };
	struct bulk_ix		ix = { { 0 }, { 0 } };
	int			rc;

	rc = store_run(st, "sqlite_master", "SELECT name, sql FROM "
	    "sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS "
	    "NOT NULL ORDER BY name", p, 1, bulk_ix_row, &ix, cause);
	if (rc == 0 && ix.drop.len > 0)
		rc = store_exec(st, ix.drop.data, cause);
	if (rc == 0)
		rc = fill(ctx, cause);
	if (rc == 0 && ix.make.len > 0)
		rc = store_exec(st, ix.make.data, cause);
	buf_free(&ix.drop);
	buf_free(&ix.make);
	return (rc);
}

int
store_workload_seconds_sum(struct store *st, char **cause)
{
	return (store_exec(st, "INSERT INTO workload_seconds (namespace, "
	    "workload, second, requests, errors, conn_failures) SELECT "
	    "namespace, workload, second, sum(requests), sum(errors), "
	    "sum(conn_failures) FROM buckets GROUP BY namespace, workload, "
	    "second", cause));
}

int
store_workload_minutes_sum(struct store *st, char **cause)
{
	return (store_exec(st, "INSERT INTO workload_minutes (namespace, "
	    "workload, minute, requests, errors, conn_failures) SELECT "
	    "namespace, workload, second / 60 - (second % 60 < 0), "
	    "sum(requests), sum(errors), sum(conn_failures) FROM "
	    "workload_seconds GROUP BY 1, 2, 3", cause));
}

int
store_pod_traffic_sum(struct store *st, char **cause)
{
	return (store_exec(st, "INSERT INTO pod_traffic (pod_uid, requests, "
	    "failed) SELECT pod_uid, sum(requests), min(sum(max(errors, "
	    "conn_failures)), sum(requests)) FROM buckets WHERE pod_uid IS "
	    "NOT NULL GROUP BY pod_uid", cause));
}
