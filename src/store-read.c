/*
 * store-read.c: what the store reads for the model's rebuild and for the
 * analysis (store.h): every record or model row of a type through its
 * field table, the pods a batch at a time with the keyed temporary
 * tables the rebuild matches events, logs and ReplicaSets in, and the
 * counts and sums the analysis, lint and the reports ask for.  Statements
 * are the store's own, values bound; rows go out as plain structs whose
 * strings are borrowed for a callback.  The tables are store-schema.c's;
 * what a row means to a model or a view is theirs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

void
store_fill_row(const struct rec_desc *d, sqlite3_stmt *s, int first,
    char *row)
{
	const struct rec_field	*f;
	const char		*str;
	int64_t			 v;
	int			 i, k, bv, null;

	memset(row, 0, d->size);
	for (i = 0, f = d->fields; f->name != NULL; f++, i++) {
		k = i + first;
		null = sqlite3_column_type(s, k) == SQLITE_NULL;

		switch (f->type) {
		case RF_STR:
			str = null ? NULL :
			    (const char *)sqlite3_column_text(s, k);
			memcpy(row + f->off, &str, sizeof str);
			break;
		case RF_TIME:
		case RF_INT:
			v = null ? INT64_MIN : sqlite3_column_int64(s, k);
			memcpy(row + f->off, &v, sizeof v);
			break;
		case RF_BOOL:
			bv = sqlite3_column_int(s, k);
			memcpy(row + f->off, &bv, sizeof bv);
			break;
		}
	}
}

void
store_select_fields(struct buf *b, const struct rec_desc *d, int more)
{
	const struct rec_field	*f;
	int			 i;

	for (i = 0, f = d->fields; f->name != NULL; f++, i++)
		buf_printf(b, "%s%s", i == 0 && !more ? "" : ", ", f->name);
}

/*
 * Reads the rows of d's table that match where (a condition written in
 * this file, never from user text, with ?N parameters bound from p) in
 * order (d's order when NULL), at most limit rows (0: all), filling a
 * struct for each and calling cb.  With ref set, record tables also give
 * each row's id, source and line.  Strings are borrowed for the call.
 * cb returns 0 to go on, non-zero to stop (returned as is).
 */
int
store_query(struct store *st, const struct rec_desc *d, const char *where,
    const char *order, const struct qparam *p, size_t np, int64_t limit,
    int ref, scan_cb cb, void *ctx, char **cause)
{
	struct store_ref	 r;
	struct buf		 b = { 0 };
	sqlite3_stmt		*s;
	char			*row;
	int			 rc, stop = 0;
	size_t			 j;

	buf_puts(&b, ref ? "SELECT id, source_id, line" : "SELECT ");
	store_select_fields(&b, d, ref);
	buf_printf(&b, " FROM %s", d->table);
	if (where != NULL)
		buf_printf(&b, " WHERE %s", where);
	buf_printf(&b, " ORDER BY %s", order != NULL ? order : d->order);
	if (limit > 0)
		buf_printf(&b, " LIMIT %lld", (long long)limit);
	rc = sqlite3_prepare_v2(st->db, b.data, -1, &s, NULL);
	buf_free(&b);
	if (rc != SQLITE_OK) {
		*cause = xasprintf("%s: %s", d->table, sqlite3_errmsg(st->db));
		return (-1);
	}
	for (j = 0; j < np; j++) {
		if (p[j].s != NULL)
			sqlite3_bind_text(s, (int)j + 1, p[j].s, -1,
			    SQLITE_STATIC);
		else
			sqlite3_bind_int64(s, (int)j + 1, p[j].i);
	}
	row = xmalloc(d->size);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		store_fill_row(d, s, ref ? 3 : 0, row);
		if (ref) {
			r.id = sqlite3_column_int64(s, 0);
			r.source_id = sqlite3_column_int64(s, 1);
			r.line = sqlite3_column_type(s, 2) == SQLITE_NULL ?
			    INT_NONE : sqlite3_column_int64(s, 2);
		}
		if ((stop = cb(ctx, row, ref ? &r : NULL)) != 0)
			break;
	}
	free(row);
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("%s: %s", d->table, sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

/* A plain callback carried through store_query. */
struct plain_cb {
	int	(*cb)(void *, const void *);
	void	*ctx;
};

static int
plain_row(void *ctx, const void *row, const struct store_ref *ref)
{
	struct plain_cb	*pc = ctx;

	(void)ref;
	return (pc->cb(pc->ctx, row));
}

int
store_scan(struct store *st, enum rec_type type,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	struct plain_cb	pc = { .cb = cb, .ctx = ctx };

	return (store_query(st, &rec_descs[type], NULL, NULL, NULL, 0, 0, 0,
	    plain_row, &pc, cause));
}

int
store_model_scan(struct store *st, enum row_type type,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	struct plain_cb	pc = { .cb = cb, .ctx = ctx };

	return (store_query(st, &row_descs[type], NULL, NULL, NULL, 0, 0, 0,
	    plain_row, &pc, cause));
}

int
store_pods_each(struct store *st, int (*cb)(void *,
    const struct row_pod *, const struct row_container *, size_t),
    void *ctx, char **cause)
{
	const struct rec_desc	*pd = &row_descs[ROW_POD];
	const struct rec_desc	*cd = &row_descs[ROW_CONTAINER];
	const struct rec_field	*f;
	struct row_pod		 pod;
	struct row_container	*c = NULL;
	struct arena		 strings = { 0 };
	sqlite3_stmt		*ps = NULL, *cs = NULL;
	struct buf		 b = { 0 };
	const char		*str;
	size_t			 nc, cap = 0;
	int			 rc = SQLITE_DONE, crc = SQLITE_DONE, stop = -1;

	buf_puts(&b, "SELECT ");
	store_select_fields(&b, pd, 0);
	buf_printf(&b, " FROM %s ORDER BY %s", pd->table, pd->order);
	if (store_prepare(st, pd->table, b.data, &ps, cause) != 0)
		goto out;
	buf_clear(&b);
	buf_puts(&b, "SELECT ");
	store_select_fields(&b, cd, 0);
	buf_printf(&b, " FROM %s WHERE pod_uid = ?1 ORDER BY %s", cd->table,
	    cd->order);
	if (store_prepare(st, cd->table, b.data, &cs, cause) != 0)
		goto out;
	stop = 0;
	while (stop == 0 && (rc = sqlite3_step(ps)) == SQLITE_ROW) {
		store_fill_row(pd, ps, 0, (char *)&pod);
		arena_free(&strings);
		nc = 0;
		if (pod.uid != NULL) {
			sqlite3_bind_text(cs, 1, pod.uid, -1, SQLITE_STATIC);
			while ((crc = sqlite3_step(cs)) == SQLITE_ROW) {
				if (nc == cap) {
					cap = cap == 0 ? 8 : cap * 2;
					c = xreallocarray(c, cap, sizeof *c);
				}
				store_fill_row(cd, cs, 0, (char *)&c[nc]);
				/* the strings die at the next step: kept */
				for (f = cd->fields; f->name != NULL; f++) {
					if (f->type != RF_STR)
						continue;
					memcpy(&str, (char *)&c[nc] + f->off,
					    sizeof str);
					str = arena_strdup(&strings, str);
					memcpy((char *)&c[nc] + f->off, &str,
					    sizeof str);
				}
				nc++;
			}
			sqlite3_reset(cs);
			if (crc != SQLITE_DONE)
				break;
		}
		stop = cb(ctx, &pod, c, nc);
	}
	if (stop == 0 && (rc != SQLITE_DONE || crc != SQLITE_DONE)) {
		*cause = xasprintf("%s: %s", pd->table,
		    sqlite3_errmsg(st->db));
		stop = -1;
	}
out:
	sqlite3_finalize(ps);
	sqlite3_finalize(cs);
	buf_free(&b);
	free(c);
	arena_free(&strings);
	return (stop);
}

/* A column's integer, or none when it is NULL. */
int64_t
store_col_int(sqlite3_stmt *s, int i, int64_t none)
{
	return (sqlite3_column_type(s, i) == SQLITE_NULL ? none :
	    sqlite3_column_int64(s, i));
}

/* A column's text as a new string, or NULL. */
char *
store_col_str(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
}

/* The text of column i (borrowed until the next step), or NULL. */
const char *
store_col_text(sqlite3_stmt *s, int i)
{
	return ((const char *)sqlite3_column_text(s, i));
}

int64_t
store_count(struct store *st, enum rec_type type)
{
	sqlite3_stmt	*s;
	char		*sql;
	int64_t		 n = -1;

	sql = xasprintf("SELECT count(*) FROM %s", rec_descs[type].table);
	if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) == SQLITE_OK) {
		if (sqlite3_step(s) == SQLITE_ROW)
			n = sqlite3_column_int64(s, 0);
		sqlite3_finalize(s);
	}
	free(sql);
	return (n);
}

int
store_pod_known(struct store *st, const char *ns, const char *name)
{
	sqlite3_stmt	*s;
	int		 known = -1;

	if (sqlite3_prepare_v2(st->db, "SELECT 1 FROM pods WHERE namespace "
	    "IS ?1 AND name = ?2 LIMIT 1", -1, &s, NULL) != SQLITE_OK)
		return (-1);
	sqlite3_bind_text(s, 1, ns, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, name, -1, SQLITE_STATIC);
	switch (sqlite3_step(s)) {
	case SQLITE_ROW:
		known = 1;
		break;
	case SQLITE_DONE:
		known = 0;
		break;
	}
	sqlite3_finalize(s);
	return (known);
}

/* A pod_ips row of the spans statement (columns 0-5) into r. */
static void
span_row(sqlite3_stmt *s, struct row_pod_ip *r, const char **workload)
{
	r->ip = (const char *)sqlite3_column_text(s, 0);
	r->pod_uid = (const char *)sqlite3_column_text(s, 1);
	r->namespace = (const char *)sqlite3_column_text(s, 2);
	r->from_us = store_col_int(s, 3, TIME_NONE);
	r->to_us = store_col_int(s, 4, TIME_NONE);
	*workload = (const char *)sqlite3_column_text(s, 5);
}

int
store_ip_seconds(struct store *st, int (*span)(void *,
    const struct row_pod_ip *, const char *), int (*cb)(void *,
    const char *, int64_t, const char *, int64_t, int64_t, int64_t),
    void *ctx, char **cause)
{
	struct row_pod_ip	 r;
	sqlite3_stmt		*s = NULL, *sp = NULL;
	const char		*ip, *wl;
	char			*last = NULL;
	int			 rc, src = SQLITE_ROW, c, stop = 0;

	if (store_prepare(st, "ip_seconds", "SELECT ip, second, hint, "
	    "sum(requests), sum(errors), sum(conn_failures) FROM ip_seconds "
	    "GROUP BY ip, second, hint ORDER BY ip, second", &s, cause) != 0)
		return (-1);
	/* both in the order of ip's bytes: merged as they come */
	if (store_prepare(st, "pod_ips", "SELECT i.ip, i.pod_uid, "
	    "i.namespace, i.from_us, i.to_us, p.workload FROM pod_ips i LEFT "
	    "JOIN pods p ON p.uid = i.pod_uid WHERE i.ip IS NOT NULL ORDER BY "
	    "i.ip, i.from_us", &sp, cause) != 0) {
		sqlite3_finalize(s);
		return (-1);
	}
	src = sqlite3_step(sp);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		ip = (const char *)sqlite3_column_text(s, 0);
		if (ip != NULL && (last == NULL || strcmp(last, ip) != 0)) {
			free(last);
			last = xstrdup(ip);
			/* the spans of this IP, before its seconds */
			while (src == SQLITE_ROW && stop == 0 && (c = strcmp(
			    (const char *)sqlite3_column_text(sp, 0),
			    last)) <= 0) {
				if (c == 0) {
					span_row(sp, &r, &wl);
					stop = span(ctx, &r, wl);
				}
				src = sqlite3_step(sp);
			}
		}
		if (stop == 0)
			stop = cb(ctx, ip, sqlite3_column_int64(s, 1),
			    (const char *)sqlite3_column_text(s, 2),
			    sqlite3_column_int64(s, 3),
			    sqlite3_column_int64(s, 4),
			    sqlite3_column_int64(s, 5));
		if (stop != 0)
			break;
	}
	if (stop == 0 && (rc != SQLITE_DONE || (src != SQLITE_ROW &&
	    src != SQLITE_DONE))) {
		*cause = xasprintf("ip_seconds: %s", sqlite3_errmsg(st->db));
		stop = -1;
	}
	free(last);
	sqlite3_finalize(s);
	sqlite3_finalize(sp);
	return (stop);
}

/*
 * The rebuild's batches go from a uid after lo, or from the first one
 * when lo is NULL: "uid OP ?1" with after_op(lo) and after_lo(lo) bound,
 * the same test in every query of a batch.
 */
static const char *
after_op(const char *lo)
{
	return (lo != NULL ? ">" : ">=");
}

static const char *
after_lo(const char *lo)
{
	return (lo != NULL ? lo : "");
}

int
store_pod_batch(struct store *st, const char *lo, int64_t n, char **hi,
    char **cause)
{
	sqlite3_stmt	*s;
	char		*sql;
	int		 rc;

	*hi = NULL;
	sql = xasprintf("SELECT max(uid) FROM (SELECT uid FROM pod_obs WHERE "
	    "uid %s ?1 ORDER BY uid LIMIT ?2)", after_op(lo));
	rc = store_prepare(st, "pod_obs", sql, &s, cause);
	free(sql);
	if (rc != 0)
		return (-1);
	sqlite3_bind_text(s, 1, after_lo(lo), -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, n);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW &&
	    sqlite3_column_type(s, 0) != SQLITE_NULL)
		*hi = xstrdup((const char *)sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW) {
		*cause = xasprintf("pod_obs: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	return (*hi != NULL);
}

int
store_scan_pods(struct store *st, enum rec_type type, const char *lo,
    const char *hi, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	struct plain_cb		 pc = { .cb = cb, .ctx = ctx };
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	const char		*col = type == REC_POD ? "uid" : "pod_uid";
	char			*where;
	int			 rc;

	where = xasprintf("%s %s ?1 AND %s <= ?2", col, after_op(lo), col);
	rc = store_query(st, &rec_descs[type], where, NULL, p, 2, 0, 0,
	    plain_row, &pc, cause);
	free(where);
	return (rc);
}

int
store_pod_refs(struct store *st, const char *const *reasons, char **cause)
{
	struct buf	 b = { 0 };
	sqlite3_stmt	*s;
	size_t		 i;
	int		 rc;

	/*
	 * Keyed tables filled row by row, so that no sort holds them in
	 * memory.  A name stands for one pod (the greatest uid that had
	 * it), so that what names a pod without its uid goes to one pod.
	 */
	buf_puts(&b, "DROP TABLE IF EXISTS temp.model_pod_names;"
	    "DROP TABLE IF EXISTS temp.model_event_pods;"
	    "DROP TABLE IF EXISTS temp.model_log_pods;"
	    "CREATE TEMP TABLE model_pod_names (ns TEXT NOT NULL, name TEXT "
	    "NOT NULL, uid TEXT NOT NULL, PRIMARY KEY (ns, name)) WITHOUT "
	    "ROWID;"
	    "INSERT INTO temp.model_pod_names SELECT coalesce(namespace, ''), "
	    "name, uid FROM pod_obs WHERE uid IS NOT NULL AND name IS NOT NULL "
	    "ON CONFLICT (ns, name) DO UPDATE SET uid = max(uid, "
	    "excluded.uid);"
	    "CREATE TEMP TABLE model_event_pods (pod_uid TEXT NOT NULL, id "
	    "INTEGER NOT NULL, PRIMARY KEY (pod_uid, id)) WITHOUT ROWID;"
	    "CREATE TEMP TABLE model_log_pods (pod_uid TEXT NOT NULL, "
	    "namespace TEXT NOT NULL, pod TEXT NOT NULL, PRIMARY KEY (pod_uid, "
	    "namespace, pod)) WITHOUT ROWID;"
	    "INSERT INTO temp.model_log_pods SELECT n.uid, l.namespace, l.pod "
	    "FROM (SELECT DISTINCT namespace, pod FROM container_logs WHERE "
	    "previous = 1 AND namespace IS NOT NULL AND pod IS NOT NULL) l "
	    "JOIN temp.model_pod_names n ON n.ns = l.namespace AND n.name = "
	    "l.pod;");
	if (store_exec(st, b.data, cause) != 0) {
		buf_free(&b);
		return (-1);
	}
	/* each event the model reads, with the pod it is about */
	buf_clear(&b);
	buf_puts(&b, "INSERT INTO temp.model_event_pods SELECT pod_uid, id "
	    "FROM (SELECT coalesce((SELECT o.uid FROM pod_obs o WHERE o.uid = "
	    "e.obj_uid LIMIT 1), (SELECT n.uid FROM temp.model_pod_names n "
	    "WHERE n.ns = coalesce(e.obj_namespace, e.namespace, '') AND "
	    "n.name = e.obj_name)) AS pod_uid, e.id AS id FROM events e WHERE "
	    "e.obj_kind = 'Pod' AND e.reason IN (");
	for (i = 0; reasons[i] != NULL; i++)
		buf_printf(&b, "%s?%zu", i > 0 ? ", " : "", i + 1);
	buf_puts(&b, ")) WHERE pod_uid IS NOT NULL");
	rc = store_prepare(st, "events", b.data, &s, cause);
	buf_free(&b);
	if (rc != 0)
		return (-1);
	for (i = 0; reasons[i] != NULL; i++)
		sqlite3_bind_text(s, (int)i + 1, reasons[i], -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		*cause = xasprintf("events: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	return (0);
}

int
store_model_events(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const char *, const struct rec_event *), void *ctx,
    char **cause)
{
	const struct rec_desc	*d = &rec_descs[REC_EVENT];
	struct buf		 b = { 0 };
	sqlite3_stmt		*s;
	void			*row;
	int			 rc, stop = 0;

	/* each pod's events in store_scan's order */
	buf_puts(&b, "SELECT m.pod_uid, ");
	store_select_fields(&b, d, 0);
	buf_printf(&b, " FROM temp.model_event_pods m JOIN %s USING (id) "
	    "WHERE m.pod_uid %s ?1 AND m.pod_uid <= ?2 ORDER BY %s", d->table,
	    after_op(lo), d->order);
	rc = store_prepare(st, d->table, b.data, &s, cause);
	buf_free(&b);
	if (rc != 0)
		return (-1);
	sqlite3_bind_text(s, 1, after_lo(lo), -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, hi, -1, SQLITE_STATIC);
	row = xmalloc(d->size);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		store_fill_row(d, s, 1, row);
		if ((stop = cb(ctx, (const char *)sqlite3_column_text(s, 0),
		    row)) != 0)
			break;
	}
	free(row);
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("%s: %s", d->table, sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

int
store_previous_logs(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const struct store_log_last *), void *ctx,
    char **cause)
{
	struct store_log_last	 l;
	sqlite3_stmt		*s;
	char			*sql;
	int			 rc, stop = 0;

	/*
	 * The bare columns come from the row with max(id): the last line
	 * that is not blank.
	 */
	sql = xasprintf("SELECT m.pod_uid, l.namespace, l.pod, l.container, "
	    "count(*), l.time_us, l.text, max(l.id) FROM temp.model_log_pods m "
	    "JOIN container_logs l ON l.namespace = m.namespace AND l.pod = "
	    "m.pod WHERE m.pod_uid %s ?1 AND m.pod_uid <= ?2 AND l.previous = "
	    "1 AND l.container IS NOT NULL AND trim(l.text) <> '' GROUP BY "
	    "m.pod_uid, l.container", after_op(lo));
	rc = store_prepare(st, "container_logs", sql, &s, cause);
	free(sql);
	if (rc != 0)
		return (-1);
	sqlite3_bind_text(s, 1, after_lo(lo), -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, hi, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		l.pod_uid = (const char *)sqlite3_column_text(s, 0);
		l.namespace = (const char *)sqlite3_column_text(s, 1);
		l.pod = (const char *)sqlite3_column_text(s, 2);
		l.container = (const char *)sqlite3_column_text(s, 3);
		l.lines = sqlite3_column_int64(s, 4);
		l.time_us = store_col_int(s, 5, TIME_NONE);
		l.text = (const char *)sqlite3_column_text(s, 6);
		if ((stop = cb(ctx, &l)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("container_logs: %s",
		    sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

int
store_workload_owner(struct store *st, const char *kind, const char *ns,
    const char *name, char **okind, char **oname)
{
	sqlite3_stmt	*s;
	int		 rc;

	*okind = *oname = NULL;
	if (kind == NULL || name == NULL)
		return (0);
	if (st->owner_sel == NULL && sqlite3_prepare_v2(st->db, "SELECT "
	    "owner_kind, owner_name FROM workloads WHERE kind = ?1 AND name = "
	    "?2 AND (?3 IS NULL OR namespace = ?3) ORDER BY uid LIMIT 1", -1,
	    &st->owner_sel, NULL) != SQLITE_OK) {
		store_seterr(st, "workloads");
		return (-1);
	}
	s = st->owner_sel;
	sqlite3_bind_text(s, 1, kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, name, -1, SQLITE_STATIC);
	if (ns != NULL)
		sqlite3_bind_text(s, 3, ns, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(s, 3);
	if ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		*okind = store_col_str(s, 0);
		*oname = store_col_str(s, 1);
	} else if (rc != SQLITE_DONE)
		store_seterr(st, "workloads");
	sqlite3_reset(s);
	return (rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1);
}

int
store_rs_begin(struct store *st, char **cause)
{
	sqlite3_finalize(st->rs_ins);
	st->rs_ins = NULL;
	/* keyed, each piece folded in as it comes: nothing to sort */
	if (store_exec(st, "DROP TABLE IF EXISTS temp.model_rs;"
	    "DROP TABLE IF EXISTS temp.model_rs_moves;"
	    "CREATE TEMP TABLE model_rs_moves (ns_key TEXT NOT NULL, dep_key "
	    "TEXT NOT NULL, t INTEGER NOT NULL, rs TEXT NOT NULL, up INTEGER "
	    "NOT NULL, PRIMARY KEY (ns_key, dep_key, t, rs, up)) WITHOUT "
	    "ROWID;"
	    "CREATE TEMP TABLE model_rs (ns_key TEXT NOT NULL, dep_key TEXT "
	    "NOT NULL, name_key TEXT NOT NULL, namespace TEXT, deployment "
	    "TEXT, name TEXT, revision INTEGER, created_us INTEGER, up_us "
	    "INTEGER, down0_us INTEGER, end_us INTEGER, PRIMARY KEY (ns_key, "
	    "dep_key, name_key)) WITHOUT ROWID", cause) != 0)
		return (-1);
	return (store_prepare(st, "model_rs", "INSERT INTO temp.model_rs "
	    "VALUES (coalesce(?1, ''), coalesce(?2, ''), coalesce(?3, ''), ?1, "
	    "?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO UPDATE SET "
	    "revision = coalesce(max(revision, excluded.revision), revision, "
	    "excluded.revision), "
	    "created_us = coalesce(min(created_us, excluded.created_us), "
	    "created_us, excluded.created_us), "
	    "up_us = coalesce(min(up_us, excluded.up_us), up_us, "
	    "excluded.up_us), "
	    "down0_us = coalesce(max(down0_us, excluded.down0_us), down0_us, "
	    "excluded.down0_us), "
	    "end_us = coalesce(max(end_us, excluded.end_us), end_us, "
	    "excluded.end_us)", &st->rs_ins, cause));
}

/* Binds v, or NULL for none. */
static void
bind_opt(sqlite3_stmt *s, int i, int64_t v, int64_t none)
{
	if (v == none)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_int64(s, i, v);
}

int
store_rs_put(struct store *st, const struct store_rs *r)
{
	sqlite3_stmt	*s = st->rs_ins;

	sqlite3_bind_text(s, 1, r->namespace, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, r->deployment, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, r->name, -1, SQLITE_STATIC);
	bind_opt(s, 4, r->revision, INT_NONE);
	bind_opt(s, 5, r->created_us, TIME_NONE);
	bind_opt(s, 6, r->up_us, TIME_NONE);
	bind_opt(s, 7, r->down0_us, TIME_NONE);
	bind_opt(s, 8, r->end_us, TIME_NONE);
	return (store_step_insert(st, s, "model_rs"));
}

int
store_rs_move(struct store *st, const char *ns, const char *deployment,
    const char *rs, int64_t t_us, int up)
{
	sqlite3_stmt	*s;
	char		*why = NULL;
	int		 rc;

	if (store_prepare(st, "model_rs_moves", "INSERT OR IGNORE INTO "
	    "temp.model_rs_moves VALUES (coalesce(?1, ''), coalesce(?2, ''), "
	    "?3, ?4, ?5)", &s, &why) != 0) {
		snprintf(st->err, sizeof st->err, "%s", why);
		free(why);
		return (-1);
	}
	sqlite3_bind_text(s, 1, ns, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, deployment, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, t_us);
	sqlite3_bind_text(s, 4, rs, -1, SQLITE_STATIC);
	sqlite3_bind_int(s, 5, up != 0);
	rc = store_step_insert(st, s, "model_rs_moves");
	sqlite3_finalize(s);
	return (rc);
}

int
store_rs_moves(struct store *st, const char *ns, const char *deployment,
    int (*cb)(void *, const char *, int64_t, int), void *ctx, char **cause)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	if (store_prepare(st, "model_rs_moves", "SELECT rs, t, up FROM "
	    "temp.model_rs_moves WHERE ns_key = coalesce(?1, '') AND dep_key "
	    "= coalesce(?2, '') ORDER BY t, up", &s, cause) != 0)
		return (-1);
	sqlite3_bind_text(s, 1, ns, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, deployment, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((stop = cb(ctx, (const char *)sqlite3_column_text(s, 0),
		    sqlite3_column_int64(s, 1), sqlite3_column_int(s, 2))) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("model_rs_moves: %s",
		    sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

int
store_rs_each(struct store *st, int (*cb)(void *, const struct store_rs *),
    void *ctx, char **cause)
{
	struct store_rs	 r;
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	/* every ReplicaSet once, each Deployment's together, in key order */
	if (store_prepare(st, "model_rs", "SELECT namespace, deployment, "
	    "name, revision, created_us, up_us, down0_us, end_us FROM "
	    "temp.model_rs ORDER BY ns_key, dep_key, name_key", &s,
	    cause) != 0)
		return (-1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		r.namespace = (const char *)sqlite3_column_text(s, 0);
		r.deployment = (const char *)sqlite3_column_text(s, 1);
		r.name = (const char *)sqlite3_column_text(s, 2);
		r.revision = store_col_int(s, 3, INT_NONE);
		r.created_us = store_col_int(s, 4, TIME_NONE);
		r.up_us = store_col_int(s, 5, TIME_NONE);
		r.down0_us = store_col_int(s, 6, TIME_NONE);
		r.end_us = store_col_int(s, 7, TIME_NONE);
		if ((stop = cb(ctx, &r)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("model_rs: %s", sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	sqlite3_finalize(st->rs_ins);
	st->rs_ins = NULL;
	return (stop);
}

int
store_log_tail(struct store *st, const char *ns, const char *pod,
    const char *container, int previous, int n, int (*cb)(void *ctx,
    int64_t time_us, const char *text), void *ctx, char **cause)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	/* a literal previous = 1, so that the partial index serves it */
	if (sqlite3_prepare_v2(st->db, previous ? "SELECT time_us, text FROM "
	    "(SELECT id, time_us, text FROM container_logs WHERE namespace = "
	    "?1 AND pod = ?2 AND container = ?3 AND previous = 1 AND "
	    "trim(text) <> '' ORDER BY id DESC LIMIT ?5) ORDER BY id" :
	    "SELECT time_us, text FROM (SELECT id, time_us, text FROM "
	    "container_logs WHERE namespace = ?1 AND pod = ?2 AND container = "
	    "?3 AND previous = 0 AND trim(text) <> '' ORDER BY id DESC LIMIT "
	    "?5) ORDER BY id", -1, &s, NULL) != SQLITE_OK) {
		*cause = xasprintf("container_logs: %s",
		    sqlite3_errmsg(st->db));
		return (-1);
	}
	sqlite3_bind_text(s, 1, ns, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, pod, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, container, -1, SQLITE_STATIC);
	sqlite3_bind_int(s, 5, n);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if ((stop = cb(ctx, sqlite3_column_type(s, 0) == SQLITE_NULL ?
		    TIME_NONE : sqlite3_column_int64(s, 0),
		    (const char *)sqlite3_column_text(s, 1))) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("container_logs: %s",
		    sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

int
store_sources(struct store *st, struct store_source **out, size_t *n,
    char **cause)
{
	sqlite3_stmt		*s;
	struct store_source	*v = NULL, *r;
	size_t			 cnt = 0;
	const char		*m;
	int			 rc;

	if (sqlite3_prepare_v2(st->db, "SELECT id, path, member, format, "
	    "rows, rejected FROM sources WHERE hash IS NOT NULL ORDER BY id",
	    -1, &s, NULL) != SQLITE_OK) {
		*cause = xasprintf("sources: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		v = xreallocarray(v, cnt + 1, sizeof *v);
		r = &v[cnt++];
		r->id = sqlite3_column_int64(s, 0);
		r->path = xstrdup((const char *)sqlite3_column_text(s, 1));
		m = (const char *)sqlite3_column_text(s, 2);
		r->member = m != NULL ? xstrdup(m) : NULL;
		r->format = xstrdup((const char *)sqlite3_column_text(s, 3));
		r->rows = sqlite3_column_int64(s, 4);
		r->rejected = sqlite3_column_int64(s, 5);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_sources_free(v, cnt);
		*cause = xasprintf("sources: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_sources_free(struct store_source *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].member);
		free(v[i].format);
	}
	free(v);
}

int
store_record_sets(struct store *st, struct store_set **out, size_t *n,
    char **cause)
{
	sqlite3_stmt		*s;
	struct store_set	*v = NULL, *r;
	size_t			 cnt = 0;
	int			 rc;

	if (sqlite3_prepare_v2(st->db, "SELECT set_name, count(*), "
	    "count(DISTINCT key), min(time_us), max(time_us) FROM records "
	    "GROUP BY set_name ORDER BY set_name", -1, &s, NULL) !=
	    SQLITE_OK) {
		*cause = xasprintf("records: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		v = xreallocarray(v, cnt + 1, sizeof *v);
		r = &v[cnt++];
		r->name = xstrdup((const char *)sqlite3_column_text(s, 0));
		r->rows = sqlite3_column_int64(s, 1);
		r->keys = sqlite3_column_int64(s, 2);
		r->first_us = sqlite3_column_type(s, 3) == SQLITE_NULL ?
		    TIME_NONE : sqlite3_column_int64(s, 3);
		r->last_us = sqlite3_column_type(s, 4) == SQLITE_NULL ?
		    TIME_NONE : sqlite3_column_int64(s, 4);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_sets_free(v, cnt);
		*cause = xasprintf("records: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_sets_free(struct store_set *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

int
store_missing_keys(struct store *st, const char *ref, const char *act,
    int (*cb)(void *, const char *, int64_t), void *ctx, int64_t *unexpected,
    char **cause)
{
	sqlite3_stmt	*s;
	int		 rc, stop = 0;

	/* reference keys absent from the actual set, at their first time */
	if (sqlite3_prepare_v2(st->db, "SELECT r.key, min(r.time_us) FROM "
	    "records r WHERE r.set_name = ?1 AND NOT EXISTS (SELECT 1 FROM "
	    "records a WHERE a.set_name = ?2 AND a.key = r.key) GROUP BY "
	    "r.key ORDER BY 2, 1", -1, &s, NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_text(s, 1, ref, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, act, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		stop = cb(ctx, (const char *)sqlite3_column_text(s, 0),
		    sqlite3_column_type(s, 1) == SQLITE_NULL ? TIME_NONE :
		    sqlite3_column_int64(s, 1));
		if (stop != 0)
			break;
	}
	sqlite3_finalize(s);
	if (stop != 0)
		return (stop);
	if (rc != SQLITE_DONE)
		goto fail;
	/* and the other way: actual keys the reference does not have */
	if (sqlite3_prepare_v2(st->db, "SELECT count(DISTINCT a.key) FROM "
	    "records a WHERE a.set_name = ?2 AND NOT EXISTS (SELECT 1 FROM "
	    "records r WHERE r.set_name = ?1 AND r.key = a.key)", -1, &s,
	    NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_text(s, 1, ref, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, act, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	*unexpected = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW)
		goto fail;
	return (0);
fail:
	*cause = xasprintf("records: %s", sqlite3_errmsg(st->db));
	return (-1);
}

/* Runs a query of one row of int64 columns into v (NULL: TIME_NONE). */
static int
store_row_ints(struct store *st, const char *sql, int64_t *v, int n,
    char **cause)
{
	sqlite3_stmt	*s;
	int		 i, rc;

	for (i = 0; i < n; i++)
		v[i] = TIME_NONE;
	if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK) {
		*cause = xasprintf("summary: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	rc = sqlite3_step(s);
	for (i = 0; rc == SQLITE_ROW && i < n; i++) {
		if (sqlite3_column_type(s, i) != SQLITE_NULL)
			v[i] = sqlite3_column_int64(s, i);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		*cause = xasprintf("summary: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	return (0);
}

/*
 * Appends "6 pods' ends" (one or many by n) to the list in b; last says
 * it ends the list ("..., 1 rollout and 40 seconds ...").
 */
static void
basis_part(struct buf *b, int64_t n, const char *one, const char *many,
    int last)
{
	if (n <= 0)
		return;
	buf_printf(b, "%s%lld %s", b->len == 0 ? "" : last ? " and " : ", ",
	    (long long)n, n == 1 ? one : many);
}

int
store_window(struct store *st, struct store_summary *sum, char **cause)
{
	/*
	 * The incident: what ended, what rolled out, what failed.  An end
	 * is a deletion request, a pod gone after one, a container's exit
	 * or kill (not an init container's, which ends to let the pod
	 * start); a failure is a second of failed requests to an IP.
	 */
	/*
	 * A clean exit (0) of a pod never deleted is work done (a Job's),
	 * not an end the incident is about; every other exit, and every
	 * death of a container that was restarted, is.
	 */
	/*
	 * Rollouts count when they come within an hour of the ends and
	 * failures (an old rollout in a bundle is not the incident), or
	 * when there are no ends or failures.
	 */
#define ENDS_SQL							\
	"WITH e(t) AS ("						\
	" SELECT deletion_us FROM pods"					\
	" UNION ALL SELECT gone_us FROM pods"				\
	"  WHERE deletion_us IS NOT NULL"				\
	" UNION ALL SELECT c.finished_us FROM containers c"		\
	"  JOIN pods p ON p.uid = c.pod_uid"				\
	"  WHERE (NOT c.init OR c.native_sidecar) AND (c.exit_code IS NULL" \
	"  OR c.exit_code <> 0 OR p.deletion_us IS NOT NULL)"		\
	" UNION ALL SELECT finished_us FROM terminations"		\
	"  WHERE NOT init AND (exit_code IS NULL OR exit_code <> 0)"	\
	" UNION ALL SELECT min(second) * 1000000 FROM buckets"		\
	"  WHERE errors > 0"						\
	" UNION ALL SELECT max(second) * 1000000 + 999999 FROM buckets"	\
	"  WHERE errors > 0),"						\
	" s(lo, hi) AS (SELECT min(t), max(t) FROM e),"			\
	" r AS (SELECT start_us, end_us FROM rollouts, s"		\
	"  WHERE (start_us IS NOT NULL OR end_us IS NOT NULL) AND"	\
	"  (s.lo IS NULL OR (coalesce(end_us, start_us) >="		\
	"  s.lo - 3600000000 AND coalesce(start_us, end_us) <="		\
	"  s.hi + 3600000000))) "
	static const char incident[] = ENDS_SQL
	    "SELECT min(t), max(t) FROM (SELECT t FROM e"
	    " UNION ALL SELECT start_us FROM r"
	    " UNION ALL SELECT end_us FROM r)";
	static const char counts[] = ENDS_SQL
	    "SELECT (SELECT count(*) FROM pods p WHERE deletion_us IS NOT NULL"
	    "  OR EXISTS (SELECT 1 FROM containers c WHERE c.pod_uid = p.uid"
	    "  AND c.finished_us IS NOT NULL AND (NOT c.init OR"
	    "  c.native_sidecar) AND (c.exit_code IS NULL OR c.exit_code <> 0))"
	    "  OR EXISTS (SELECT 1 FROM terminations t WHERE t.pod_uid = p.uid"
	    "  AND NOT t.init AND (t.exit_code IS NULL OR t.exit_code <> 0))),"
	    " (SELECT count(*) FROM r),"
	    " (SELECT count(DISTINCT second) FROM buckets WHERE errors > 0)";
#undef ENDS_SQL
	/* everything, when the data holds no incident */
	static const char everything[] =
	    "SELECT min(t), max(t) FROM (SELECT min(created_us) AS t FROM "
	    "pods UNION ALL SELECT max(coalesce(gone_us, deadline_us, "
	    "deletion_us, start_us, created_us)) FROM pods UNION ALL "
	    "SELECT min(start_us) FROM requests UNION ALL SELECT "
	    "max(start_us) FROM requests UNION ALL SELECT min(time_us) "
	    "FROM events UNION ALL SELECT max(time_us) FROM events)";
	struct buf	b = { 0 };
	int64_t		v[4];

	memset(sum, 0, sizeof *sum);
	sum->first_us = sum->last_us = TIME_NONE;
	if (store_row_ints(st, incident, v, 2, cause) != 0)
		return (-1);
	if (v[0] != TIME_NONE) {
		sum->first_us = v[0];
		sum->last_us = v[1];
		if (store_row_ints(st, counts, v, 3, cause) != 0)
			return (-1);
		basis_part(&b, v[0], "pod's end (deletion, exit or kill)",
		    "pods' ends (deletions, exits, kills)",
		    v[1] <= 0 && v[2] <= 0);
		basis_part(&b, v[1], "rollout", "rollouts", v[2] <= 0);
		basis_part(&b, v[2], "second with failed requests",
		    "seconds with failed requests", 1);
		snprintf(sum->basis, sizeof sum->basis, "the span of %s",
		    b.data != NULL ? b.data : "the incident");
		buf_free(&b);
		return (0);
	}
	if (store_row_ints(st, everything, v, 2, cause) != 0)
		return (-1);
	sum->first_us = v[0];
	sum->last_us = v[1];
	snprintf(sum->basis, sizeof sum->basis, v[0] != TIME_NONE ?
	    "no death, rollout or failed request: the span of every pod, "
	    "event and request" : "nothing with a time was imported");
	return (0);
}

int
store_summary(struct store *st, struct store_summary *sum, char **cause)
{
	int64_t	v[2];

	if (store_window(st, sum, cause) != 0)
		return (-1);
	if (store_row_ints(st, "SELECT (SELECT count(*) FROM pods), "
	    "(SELECT count(*) FROM rollouts)", v, 2, cause) != 0)
		return (-1);
	sum->pods = v[0];
	sum->rollouts = v[1];
	if (store_row_ints(st, "SELECT count(*), coalesce(sum(status >= 500 "
	    "OR status = 0), 0) FROM requests WHERE seq IS NULL OR seq = 0",
	    v, 2, cause) != 0)
		return (-1);
	sum->requests = v[0];
	sum->failed_requests = v[1];
	return (0);
}

int
store_shutdowns(struct store *st, struct store_shutdown **out, size_t *n,
    char **cause)
{
	sqlite3_stmt		*s;
	struct store_shutdown	*v = NULL, *r;
	size_t			 cnt = 0;
	int			 rc;

	if (sqlite3_prepare_v2(st->db, "SELECT p.namespace, p.workload, "
	    "max(CASE WHEN c.killed_at_deadline = 0 THEN c.finished_us - "
	    "c.sigterm_us END), max(CASE WHEN c.killed_at_deadline != 0 THEN "
	    "c.finished_us - c.sigterm_us END), count(*) FROM containers c "
	    "JOIN pods p ON p.uid = c.pod_uid WHERE c.init = 0 AND "
	    "c.sidecar = 0 AND c.sigterm_us IS NOT NULL AND c.finished_us "
	    "IS NOT NULL AND c.finished_us >= c.sigterm_us AND "
	    "c.reason IS NOT 'OOMKilled' AND (c.killed_at_deadline != 0 OR "
	    "c.deadline_us IS NULL OR c.finished_us <= c.deadline_us) "
	    "GROUP BY p.namespace, p.workload ORDER BY 1, 2", -1, &s,
	    NULL) != SQLITE_OK) {
		*cause = xasprintf("containers: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		v = xreallocarray(v, cnt + 1, sizeof *v);
		r = &v[cnt++];
		r->namespace = store_col_str(s, 0);
		r->workload = store_col_str(s, 1);
		r->observed_us = store_col_int(s, 2, TIME_NONE);
		r->lower_us = store_col_int(s, 3, TIME_NONE);
		r->measured = sqlite3_column_int64(s, 4);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_shutdowns_free(v, cnt);
		*cause = xasprintf("containers: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_shutdowns_free(struct store_shutdown *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].namespace);
		free(v[i].workload);
	}
	free(v);
}

int
store_routed_after_deletion(struct store *st, int64_t window_us,
    struct store_routed **out, size_t *n, char **cause)
{
	sqlite3_stmt		*s;
	struct store_routed	*v = NULL, *r;
	size_t			 cnt = 0;
	int			 rc;

	/*
	 * The second of the deletion request (floor) to window_us after;
	 * routed: an attempt began then (a failure counts where it ended).
	 */
	if (sqlite3_prepare_v2(st->db, "SELECT p.namespace, p.workload, "
	    "p.name, p.deletion_us, p.sigterm_us, max(b.second) FROM pods p "
	    "JOIN buckets b ON b.pod_uid = p.uid WHERE p.deletion_us IS NOT "
	    "NULL AND b.requests > 0 AND (b.second + 1) * "
	    "1000000 > p.deletion_us AND b.second * 1000000 <= p.deletion_us "
	    "+ ?1 GROUP BY p.uid ORDER BY 1, 2, 3", -1, &s, NULL) !=
	    SQLITE_OK) {
		*cause = xasprintf("buckets: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	sqlite3_bind_int64(s, 1, window_us);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		v = xreallocarray(v, cnt + 1, sizeof *v);
		r = &v[cnt++];
		r->namespace = store_col_str(s, 0);
		r->workload = store_col_str(s, 1);
		r->pod = store_col_str(s, 2);
		r->deletion_us = sqlite3_column_int64(s, 3);
		r->sigterm_us = store_col_int(s, 4, TIME_NONE);
		r->last_routed_s = sqlite3_column_int64(s, 5);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_routed_free(v, cnt);
		*cause = xasprintf("buckets: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_routed_free(struct store_routed *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].namespace);
		free(v[i].workload);
		free(v[i].pod);
	}
	free(v);
}

int
store_cronjob_runs(struct store *st, struct store_runs **out, size_t *n,
    char **cause)
{
	sqlite3_stmt		*s;
	struct store_runs	*v = NULL, *r = NULL;
	const char		*ns, *cj;
	size_t			 cnt = 0;
	int			 rc;

	if (sqlite3_prepare_v2(st->db, "SELECT namespace, cronjob, "
	    "duration_ms FROM jobs WHERE cronjob IS NOT NULL AND status = "
	    "'Complete' AND duration_ms IS NOT NULL AND start_us IS NOT NULL "
	    "ORDER BY namespace, cronjob, start_us", -1, &s, NULL) !=
	    SQLITE_OK) {
		*cause = xasprintf("jobs: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		ns = (const char *)sqlite3_column_text(s, 0);
		cj = (const char *)sqlite3_column_text(s, 1);
		if (r == NULL || !str_eq(r->namespace, ns) ||
		    !str_eq(r->cronjob, cj)) {
			v = xreallocarray(v, cnt + 1, sizeof *v);
			r = &v[cnt++];
			r->namespace = store_col_str(s, 0);
			r->cronjob = store_col_str(s, 1);
			r->duration_ms = NULL;
			r->n = 0;
		}
		r->duration_ms = xreallocarray(r->duration_ms, r->n + 1,
		    sizeof *r->duration_ms);
		r->duration_ms[r->n++] = sqlite3_column_int64(s, 2);
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_DONE) {
		store_runs_free(v, cnt);
		*cause = xasprintf("jobs: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_runs_free(struct store_runs *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].namespace);
		free(v[i].cronjob);
		free(v[i].duration_ms);
	}
	free(v);
}

int
store_pod_totals(struct store *st, struct store_pod_total **out, size_t *n,
    char **cause)
{
	static const char *const q[] = {
		"SELECT pod_uid, requests, failed, 0 FROM pod_traffic",
		"SELECT pod_uid, 0, 0, count(*) FROM missing_records WHERE "
		    "pod_uid IS NOT NULL GROUP BY pod_uid",
	};
	struct store_pod_total	*v = NULL, *t;
	sqlite3_stmt		*s;
	size_t			 cnt = 0, i;
	int			 rc;

	for (i = 0; i < sizeof q / sizeof q[0]; i++) {
		if (sqlite3_prepare_v2(st->db, q[i], -1, &s, NULL) !=
		    SQLITE_OK) {
			*cause = xasprintf("pod totals: %s",
			    sqlite3_errmsg(st->db));
			store_pod_totals_free(v, cnt);
			return (-1);
		}
		while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
			v = xreallocarray(v, cnt + 1, sizeof *v);
			t = &v[cnt++];
			t->uid = xstrdup(store_col_text(s, 0));
			t->requests = sqlite3_column_int64(s, 1);
			t->failed = sqlite3_column_int64(s, 2);
			t->missing = sqlite3_column_int64(s, 3);
		}
		sqlite3_finalize(s);
		if (rc != SQLITE_DONE) {
			*cause = xasprintf("pod totals: %s",
			    sqlite3_errmsg(st->db));
			store_pod_totals_free(v, cnt);
			return (-1);
		}
	}
	*out = v;
	*n = cnt;
	return (0);
}

void
store_pod_totals_free(struct store_pod_total *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].uid);
	free(v);
}
