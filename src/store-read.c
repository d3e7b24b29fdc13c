/*
 * store-read.c: the store's one row loop, and what the model's rebuild
 * and the analysis read (store.h).  store_run() prepares, binds, steps
 * and finalizes every statement of the store's files, so that the error
 * tail is written once; store_query() reads a table through its field
 * table (record.h) into plain structs.  Then every record or model row
 * of a type, the pods a batch at a time with the keyed temporary tables
 * the rebuild matches events, logs and ReplicaSets in, and the counts
 * and sums the analysis, lint and the reports ask for.  Statements are
 * the store's own, values bound; strings are borrowed for a callback.
 * The tables are store-schema.c's; what a row means is the model's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

/*
 * The one row loop.
 */

/* Keeps "what: SQLite's message" in *cause (when wanted) and st->err. */
static void
store_fail(struct store *st, const char *what, char **cause)
{
	if (cause != NULL)
		*cause = xasprintf("%s: %s", what, sqlite3_errmsg(st->db));
	store_seterr(st, what);
}

int
store_prepare(struct store *st, const char *what, const char *sql,
    sqlite3_stmt **s, char **cause)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, s, NULL) == SQLITE_OK)
		return (0);
	store_fail(st, what, cause);
	*s = NULL;
	return (-1);
}

int
store_run_stmt(struct store *st, sqlite3_stmt *s, const char *what,
    const struct qparam *p, size_t np, store_row_fn row, void *ctx,
    char **cause)
{
	size_t	j;
	int	rc, stop = 0;

	for (j = 0; j < np; j++) {
		switch (p[j].kind) {
		case QP_NULL:
			sqlite3_bind_null(s, (int)j + 1);
			break;
		case QP_INT:
			sqlite3_bind_int64(s, (int)j + 1, p[j].i);
			break;
		case QP_TEXT:
			sqlite3_bind_text(s, (int)j + 1, p[j].s, -1,
			    SQLITE_STATIC);
			break;
		}
	}
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (row != NULL && (stop = row(ctx, s)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		store_fail(st, what, cause);
		stop = -1;
	}
	sqlite3_reset(s);
	return (stop);
}

int
store_run(struct store *st, const char *what, const char *sql,
    const struct qparam *p, size_t np, store_row_fn row, void *ctx,
    char **cause)
{
	sqlite3_stmt	*s;
	int		 rc;

	if (store_prepare(st, what, sql, &s, cause) != 0)
		return (-1);
	rc = store_run_stmt(st, s, what, p, np, row, ctx, cause);
	sqlite3_finalize(s);
	return (rc);
}

/* Where store_ints() puts the first row. */
struct ints {
	int64_t		*v;		/* borrowed: n values */
	int		 n;
	int64_t		 none;		/* for a NULL column */
};

static int
ints_row(void *ctx, sqlite3_stmt *s)
{
	struct ints	*c = ctx;
	int		 i;

	for (i = 0; i < c->n; i++)
		c->v[i] = store_col_int(s, i, c->none);
	return (1);
}

int
store_ints(struct store *st, const char *what, const char *sql,
    const struct qparam *p, size_t np, int64_t *v, int n, int64_t none,
    char **cause)
{
	struct ints	c = { .v = v, .n = n, .none = none };
	int		i;

	for (i = 0; i < n; i++)
		v[i] = none;
	return (store_run(st, what, sql, p, np, ints_row, &c, cause));
}

int
store_int_query(struct store *st, const char *sql, int64_t *v)
{
	if (store_ints(st, "query", sql, NULL, 0, v, 1, 0, NULL) == 1)
		return (0);
	*v = -1;
	return (-1);
}

int64_t
store_col_int(sqlite3_stmt *s, int i, int64_t none)
{
	return (sqlite3_column_type(s, i) == SQLITE_NULL ? none :
	    sqlite3_column_int64(s, i));
}

char *
store_col_str(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
}

const char *
store_col_text(sqlite3_stmt *s, int i)
{
	return ((const char *)sqlite3_column_text(s, i));
}

/* An array a read fills a row at a time. */
struct rows_out {
	void		*v;		/* owned until given to the caller */
	size_t		 n;		/* rows in v */
};

/* Adds a zeroed row of size bytes to a and returns it. */
static void *
rows_add(struct rows_out *a, size_t size)
{
	a->v = xreallocarray(a->v, a->n + 1, size);
	return (memset((char *)a->v + a->n++ * size, 0, size));
}

/*
 * Rows through their field tables.
 */

/*
 * Fills row (a struct of d's type, zeroed) from the columns of the current
 * result row of s, d's fields from column first on.  Strings are
 * borrowed until s is stepped or reset.
 */
static void
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

/* Appends d's fields, comma-separated, to a SELECT being built. */
static void
store_select_fields(struct buf *b, const struct rec_desc *d, int more)
{
	const struct rec_field	*f;
	int			 i;

	for (i = 0, f = d->fields; f->name != NULL; f++, i++)
		buf_printf(b, "%s%s", i == 0 && !more ? "" : ", ", f->name);
}

/* What store_query gives each row to. */
struct query_rows {
	const struct rec_desc	*d;
	int			 ref;	/* columns 0-2: id, source, line */
	char			*row;	/* d->size bytes, owned */
	scan_cb			 cb;
	void			*ctx;
};

static int
query_row(void *arg, sqlite3_stmt *s)
{
	struct query_rows	*q = arg;
	struct store_ref	 r;

	store_fill_row(q->d, s, q->ref ? 3 : 0, q->row);
	if (q->ref) {
		r.id = sqlite3_column_int64(s, 0);
		r.source_id = sqlite3_column_int64(s, 1);
		r.line = store_col_int(s, 2, INT_NONE);
	}
	return (q->cb(q->ctx, q->row, q->ref ? &r : NULL));
}

int
store_query(struct store *st, const struct rec_desc *d, const char *where,
    const char *order, const struct qparam *p, size_t np, int64_t limit,
    int ref, scan_cb cb, void *ctx, char **cause)
{
	struct query_rows	 q = { .d = d, .ref = ref, .cb = cb,
				     .ctx = ctx };
	struct buf		 b = { 0 };
	int			 rc;

	buf_puts(&b, ref ? "SELECT id, source_id, line" : "SELECT ");
	store_select_fields(&b, d, ref);
	buf_printf(&b, " FROM %s", d->table);
	if (where != NULL)
		buf_printf(&b, " WHERE %s", where);
	buf_printf(&b, " ORDER BY %s", order != NULL ? order : d->order);
	if (limit > 0)
		buf_printf(&b, " LIMIT %lld", (long long)limit);
	q.row = xmalloc(d->size);
	rc = store_run(st, d->table, b.data, p, np, query_row, &q, cause);
	free(q.row);
	buf_free(&b);
	return (rc);
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

int64_t
store_count(struct store *st, enum rec_type type)
{
	char	*sql;
	int64_t	 n;
	int	 rc;

	sql = xasprintf("SELECT count(*) FROM %s", rec_descs[type].table);
	rc = store_ints(st, "count", sql, NULL, 0, &n, 1, -1, NULL);
	free(sql);
	return (rc == 1 ? n : -1);
}

/* One pod and its containers, read by store_pods_each. */
struct pod_rows {
	struct store		*st;
	sqlite3_stmt		*cs;	/* a pod's containers; owned */
	struct row_pod		 pod;	/* strings borrowed from the pods'
					   statement */
	struct row_container	*c;	/* owned: nc of them, their strings
					   in strings */
	size_t			 nc;
	size_t			 cap;	/* allocated in c */
	struct arena		 strings;
	int			(*cb)(void *, const struct row_pod *,
				    const struct row_container *, size_t);
	void			*ctx;
	char			**cause;
};

static int
pods_container(void *arg, sqlite3_stmt *s)
{
	const struct rec_desc	*cd = &row_descs[ROW_CONTAINER];
	const struct rec_field	*f;
	struct pod_rows		*pr = arg;
	char			*c;
	const char		*str;

	if (pr->nc == pr->cap) {
		pr->cap = pr->cap == 0 ? 8 : pr->cap * 2;
		pr->c = xreallocarray(pr->c, pr->cap, sizeof *pr->c);
	}
	c = (char *)&pr->c[pr->nc++];
	store_fill_row(cd, s, 0, c);
	/* the strings die at the next step: kept */
	for (f = cd->fields; f->name != NULL; f++) {
		if (f->type != RF_STR)
			continue;
		memcpy(&str, c + f->off, sizeof str);
		str = arena_strdup(&pr->strings, str);
		memcpy(c + f->off, &str, sizeof str);
	}
	return (0);
}

static int
pods_pod(void *arg, sqlite3_stmt *s)
{
	struct pod_rows		*pr = arg;
	struct qparam		 uid = QP_S(NULL);

	store_fill_row(&row_descs[ROW_POD], s, 0, (char *)&pr->pod);
	arena_free(&pr->strings);
	pr->nc = 0;
	uid.s = pr->pod.uid;
	if (pr->pod.uid != NULL && store_run_stmt(pr->st, pr->cs,
	    row_descs[ROW_CONTAINER].table, &uid, 1, pods_container, pr,
	    pr->cause) != 0)
		return (-1);
	return (pr->cb(pr->ctx, &pr->pod, pr->c, pr->nc));
}

int
store_pods_each(struct store *st, int (*cb)(void *,
    const struct row_pod *, const struct row_container *, size_t),
    void *ctx, char **cause)
{
	const struct rec_desc	*pd = &row_descs[ROW_POD];
	const struct rec_desc	*cd = &row_descs[ROW_CONTAINER];
	struct pod_rows		 pr = { .st = st, .cb = cb, .ctx = ctx,
				     .cause = cause };
	struct buf		 b = { 0 };
	int			 rc = -1;

	buf_puts(&b, "SELECT ");
	store_select_fields(&b, cd, 0);
	buf_printf(&b, " FROM %s WHERE pod_uid = ?1 ORDER BY %s", cd->table,
	    cd->order);
	if (store_prepare(st, cd->table, b.data, &pr.cs, cause) != 0)
		goto out;
	buf_clear(&b);
	buf_puts(&b, "SELECT ");
	store_select_fields(&b, pd, 0);
	buf_printf(&b, " FROM %s ORDER BY %s", pd->table, pd->order);
	rc = store_run(st, pd->table, b.data, NULL, 0, pods_pod, &pr, cause);
out:
	sqlite3_finalize(pr.cs);
	buf_free(&b);
	free(pr.c);
	arena_free(&pr.strings);
	return (rc);
}

/*
 * What the model's rebuild reads.
 */

/* The merge of store_ip_seconds: the spans of each IP before its seconds. */
struct ip_merge {
	sqlite3_stmt	*sp;		/* the pod_ips rows, by ip; owned */
	int		 src;		/* sp's last step */
	char		*last;		/* the last IP seen; owned */
	int		(*span)(void *, const struct row_pod_ip *,
			    const char *);
	int		(*cb)(void *, const char *, int64_t, const char *,
			    int64_t, int64_t, int64_t);
	void		*ctx;
};

/* A pod_ips row of the spans statement (columns 0-5) into r. */
static void
span_row(sqlite3_stmt *s, struct row_pod_ip *r, const char **workload)
{
	r->ip = store_col_text(s, 0);
	r->pod_uid = store_col_text(s, 1);
	r->namespace = store_col_text(s, 2);
	r->from_us = store_col_int(s, 3, TIME_NONE);
	r->to_us = store_col_int(s, 4, TIME_NONE);
	*workload = store_col_text(s, 5);
}

static int
ip_second_row(void *arg, sqlite3_stmt *s)
{
	struct ip_merge		*m = arg;
	struct row_pod_ip	 r;
	const char		*ip, *wl;
	int			 c, stop = 0;

	ip = store_col_text(s, 0);
	if (ip != NULL && (m->last == NULL || strcmp(m->last, ip) != 0)) {
		free(m->last);
		m->last = xstrdup(ip);
		/* the spans of this IP, before its seconds */
		while (m->src == SQLITE_ROW && stop == 0 && (c = strcmp(
		    store_col_text(m->sp, 0), m->last)) <= 0) {
			if (c == 0) {
				span_row(m->sp, &r, &wl);
				stop = m->span(m->ctx, &r, wl);
			}
			m->src = sqlite3_step(m->sp);
		}
	}
	if (stop == 0)
		stop = m->cb(m->ctx, ip, sqlite3_column_int64(s, 1),
		    store_col_text(s, 2), sqlite3_column_int64(s, 3),
		    sqlite3_column_int64(s, 4), sqlite3_column_int64(s, 5));
	return (stop);
}

int
store_ip_seconds(struct store *st, int (*span)(void *,
    const struct row_pod_ip *, const char *), int (*cb)(void *,
    const char *, int64_t, const char *, int64_t, int64_t, int64_t),
    void *ctx, char **cause)
{
	struct ip_merge	m = { .span = span, .cb = cb, .ctx = ctx };
	int		rc;

	/* both in the order of ip's bytes: merged as they come */
	if (store_prepare(st, "pod_ips", "SELECT i.ip, i.pod_uid, "
	    "i.namespace, i.from_us, i.to_us, p.workload FROM pod_ips i LEFT "
	    "JOIN pods p ON p.uid = i.pod_uid WHERE i.ip IS NOT NULL ORDER BY "
	    "i.ip, i.from_us", &m.sp, cause) != 0)
		return (-1);
	m.src = sqlite3_step(m.sp);
	rc = store_run(st, "ip_seconds", "SELECT ip, second, hint, "
	    "sum(requests), sum(errors), sum(conn_failures) FROM ip_seconds "
	    "GROUP BY ip, second, hint ORDER BY ip, second", NULL, 0,
	    ip_second_row, &m, cause);
	if (rc == 0 && m.src != SQLITE_ROW && m.src != SQLITE_DONE) {
		store_fail(st, "ip_seconds", cause);
		rc = -1;
	}
	free(m.last);
	sqlite3_finalize(m.sp);
	return (rc);
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

static int
str_row(void *ctx, sqlite3_stmt *s)
{
	*(char **)ctx = store_col_str(s, 0);
	return (1);
}

int
store_pod_batch(struct store *st, const char *lo, int64_t n, char **hi,
    char **cause)
{
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_I(n) };
	char			*sql;
	int			 rc;

	*hi = NULL;
	sql = xasprintf("SELECT max(uid) FROM (SELECT uid FROM pod_obs WHERE "
	    "uid %s ?1 ORDER BY uid LIMIT ?2)", after_op(lo));
	rc = store_run(st, "pod_obs", sql, p, 2, str_row, hi, cause);
	free(sql);
	if (rc == -1)
		return (-1);
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
	struct qparam	*p;
	size_t		 i, n;
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
	for (n = 0; reasons[n] != NULL; n++)
		buf_printf(&b, "%s?%zu", n > 0 ? ", " : "", n + 1);
	buf_puts(&b, ")) WHERE pod_uid IS NOT NULL");
	p = xcalloc(n > 0 ? n : 1, sizeof *p);
	for (i = 0; i < n; i++)
		p[i] = (struct qparam)QP_S(reasons[i]);
	rc = store_run(st, "events", b.data, p, n, NULL, NULL, cause);
	free(p);
	buf_free(&b);
	return (rc);
}

/* What store_model_events gives each event to. */
struct event_rows {
	struct rec_event	 e;	/* strings borrowed for the call */
	int			(*cb)(void *, const char *,
				    const struct rec_event *);
	void			*ctx;
};

static int
model_event_row(void *arg, sqlite3_stmt *s)
{
	struct event_rows	*er = arg;

	store_fill_row(&rec_descs[REC_EVENT], s, 1, (char *)&er->e);
	return (er->cb(er->ctx, store_col_text(s, 0), &er->e));
}

int
store_model_events(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const char *, const struct rec_event *), void *ctx,
    char **cause)
{
	const struct rec_desc	*d = &rec_descs[REC_EVENT];
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	struct event_rows	 er = { .cb = cb, .ctx = ctx };
	struct buf		 b = { 0 };
	int			 rc;

	/* each pod's events in store_scan's order */
	buf_puts(&b, "SELECT m.pod_uid, ");
	store_select_fields(&b, d, 0);
	buf_printf(&b, " FROM temp.model_event_pods m JOIN %s USING (id) "
	    "WHERE m.pod_uid %s ?1 AND m.pod_uid <= ?2 ORDER BY %s", d->table,
	    after_op(lo), d->order);
	rc = store_run(st, d->table, b.data, p, 2, model_event_row, &er,
	    cause);
	buf_free(&b);
	return (rc);
}

/* A callback of store_previous_logs, carried through store_run. */
struct log_last_cb {
	int	(*cb)(void *, const struct store_log_last *);
	void	*ctx;
};

static int
log_last_row(void *arg, sqlite3_stmt *s)
{
	struct log_last_cb	*lc = arg;
	struct store_log_last	 l;

	l.pod_uid = store_col_text(s, 0);
	l.namespace = store_col_text(s, 1);
	l.pod = store_col_text(s, 2);
	l.container = store_col_text(s, 3);
	l.lines = sqlite3_column_int64(s, 4);
	l.time_us = store_col_int(s, 5, TIME_NONE);
	l.text = store_col_text(s, 6);
	return (lc->cb(lc->ctx, &l));
}

int
store_previous_logs(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const struct store_log_last *), void *ctx,
    char **cause)
{
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	struct log_last_cb	 lc = { .cb = cb, .ctx = ctx };
	char			*sql;
	int			 rc;

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
	rc = store_run(st, "container_logs", sql, p, 2, log_last_row, &lc,
	    cause);
	free(sql);
	return (rc);
}

/* The owner store_workload_owner looks up. */
struct owner {
	char	**kind;			/* borrowed: where the new strings */
	char	**name;			/* go */
};

static int
owner_row(void *arg, sqlite3_stmt *s)
{
	struct owner	*o = arg;

	*o->kind = store_col_str(s, 0);
	*o->name = store_col_str(s, 1);
	return (1);
}

int
store_workload_owner(struct store *st, const char *kind, const char *ns,
    const char *name, char **okind, char **oname)
{
	const struct qparam	 p[] = { QP_S(kind), QP_S(name), QP_S(ns) };
	struct owner		 o = { .kind = okind, .name = oname };

	*okind = *oname = NULL;
	if (kind == NULL || name == NULL)
		return (0);
	if (st->owner_sel == NULL && store_prepare(st, "workloads", "SELECT "
	    "owner_kind, owner_name FROM workloads WHERE kind = ?1 AND name = "
	    "?2 AND (?3 IS NULL OR namespace = ?3) ORDER BY uid LIMIT 1",
	    &st->owner_sel, NULL) != 0)
		return (-1);
	return (store_run_stmt(st, st->owner_sel, "workloads", p, 3,
	    owner_row, &o, NULL));
}

int
store_rs_begin(struct store *st, char **cause)
{
	sqlite3_finalize(st->rs_ins);
	st->rs_ins = NULL;
	/* keyed, each piece folded in as it comes: nothing to sort */
	if (store_exec(st, "DROP TABLE IF EXISTS temp.model_rs;"
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

int
store_rs_put(struct store *st, const struct store_rs *r)
{
	const struct qparam	p[] = {
		QP_S(r->namespace), QP_S(r->deployment), QP_S(r->name),
		QP_OPT(r->revision, INT_NONE),
		QP_OPT(r->created_us, TIME_NONE), QP_OPT(r->up_us, TIME_NONE),
		QP_OPT(r->down0_us, TIME_NONE), QP_OPT(r->end_us, TIME_NONE)
	};

	return (store_run_stmt(st, st->rs_ins, "model_rs", p, 8, NULL, NULL,
	    NULL));
}

/* A callback of store_rs_each, carried through store_run. */
struct rs_cb {
	int	(*cb)(void *, const struct store_rs *);
	void	*ctx;
};

static int
rs_row(void *arg, sqlite3_stmt *s)
{
	struct rs_cb	*rcb = arg;
	struct store_rs	 r;

	r.namespace = store_col_text(s, 0);
	r.deployment = store_col_text(s, 1);
	r.name = store_col_text(s, 2);
	r.revision = store_col_int(s, 3, INT_NONE);
	r.created_us = store_col_int(s, 4, TIME_NONE);
	r.up_us = store_col_int(s, 5, TIME_NONE);
	r.down0_us = store_col_int(s, 6, TIME_NONE);
	r.end_us = store_col_int(s, 7, TIME_NONE);
	return (rcb->cb(rcb->ctx, &r));
}

int
store_rs_each(struct store *st, int (*cb)(void *, const struct store_rs *),
    void *ctx, char **cause)
{
	struct rs_cb	rcb = { .cb = cb, .ctx = ctx };
	int		stop;

	/* every ReplicaSet once, each Deployment's together, in key order */
	stop = store_run(st, "model_rs", "SELECT namespace, deployment, "
	    "name, revision, created_us, up_us, down0_us, end_us FROM "
	    "temp.model_rs ORDER BY ns_key, dep_key, name_key", NULL, 0,
	    rs_row, &rcb, cause);
	sqlite3_finalize(st->rs_ins);
	st->rs_ins = NULL;
	return (stop);
}

/* A callback of store_log_tail, carried through store_run. */
struct tail_cb {
	int	(*cb)(void *, int64_t, const char *);
	void	*ctx;
};

static int
tail_row(void *arg, sqlite3_stmt *s)
{
	struct tail_cb	*tc = arg;

	return (tc->cb(tc->ctx, store_col_int(s, 0, TIME_NONE),
	    store_col_text(s, 1)));
}

int
store_log_tail(struct store *st, const char *ns, const char *pod,
    const char *container, int previous, int n, int (*cb)(void *ctx,
    int64_t time_us, const char *text), void *ctx, char **cause)
{
	const struct qparam	p[] = {
		QP_S(ns), QP_S(pod), QP_S(container), QP_I(n)
	};
	struct tail_cb		tc = { .cb = cb, .ctx = ctx };

	/* a literal previous = 1, so that the partial index serves it */
	return (store_run(st, "container_logs", previous ? "SELECT time_us, "
	    "text FROM (SELECT id, time_us, text FROM container_logs WHERE "
	    "namespace = ?1 AND pod = ?2 AND container = ?3 AND previous = 1 "
	    "AND trim(text) <> '' ORDER BY id DESC LIMIT ?4) ORDER BY id" :
	    "SELECT time_us, text FROM (SELECT id, time_us, text FROM "
	    "container_logs WHERE namespace = ?1 AND pod = ?2 AND container = "
	    "?3 AND previous = 0 AND trim(text) <> '' ORDER BY id DESC LIMIT "
	    "?4) ORDER BY id", p, 4, tail_row, &tc, cause));
}

static int
exists_row(void *ctx, sqlite3_stmt *s)
{
	(void)ctx;
	(void)s;
	return (1);
}

int
store_pod_known(struct store *st, const char *ns, const char *name)
{
	const struct qparam	p[] = { QP_S(ns), QP_S(name) };

	return (store_run(st, "pods", "SELECT 1 FROM pods WHERE namespace IS "
	    "?1 AND name = ?2 LIMIT 1", p, 2, exists_row, NULL, NULL));
}

/*
 * What the analysis, lint and the reports count.
 */

static int
source_row(void *ctx, sqlite3_stmt *s)
{
	struct store_source	*r = rows_add(ctx, sizeof *r);

	r->id = sqlite3_column_int64(s, 0);
	r->path = xstrdup(store_col_text(s, 1));
	r->member = store_col_str(s, 2);
	r->format = xstrdup(store_col_text(s, 3));
	r->rows = sqlite3_column_int64(s, 4);
	r->rejected = sqlite3_column_int64(s, 5);
	return (0);
}

int
store_sources(struct store *st, struct store_source **out, size_t *n,
    char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "sources", "SELECT id, path, member, format, rows, "
	    "rejected FROM sources WHERE hash IS NOT NULL ORDER BY id", NULL,
	    0, source_row, &a, cause) != 0) {
		store_sources_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
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

static int
set_row(void *ctx, sqlite3_stmt *s)
{
	struct store_set	*r = rows_add(ctx, sizeof *r);

	r->name = xstrdup(store_col_text(s, 0));
	r->rows = sqlite3_column_int64(s, 1);
	r->keys = sqlite3_column_int64(s, 2);
	r->first_us = store_col_int(s, 3, TIME_NONE);
	r->last_us = store_col_int(s, 4, TIME_NONE);
	return (0);
}

int
store_record_sets(struct store *st, struct store_set **out, size_t *n,
    char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "records", "SELECT set_name, count(*), "
	    "count(DISTINCT key), min(time_us), max(time_us) FROM records "
	    "GROUP BY set_name ORDER BY set_name", NULL, 0, set_row, &a,
	    cause) != 0) {
		store_sets_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
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

/* A callback of store_missing_keys, carried through store_run. */
struct key_cb {
	int	(*cb)(void *, const char *, int64_t);
	void	*ctx;
};

static int
key_row(void *arg, sqlite3_stmt *s)
{
	struct key_cb	*kc = arg;

	return (kc->cb(kc->ctx, store_col_text(s, 0),
	    store_col_int(s, 1, TIME_NONE)));
}

int
store_missing_keys(struct store *st, const char *ref, const char *act,
    int (*cb)(void *, const char *, int64_t), void *ctx, int64_t *unexpected,
    char **cause)
{
	const struct qparam	p[] = { QP_S(ref), QP_S(act) };
	struct key_cb		kc = { .cb = cb, .ctx = ctx };
	int			rc;

	*unexpected = 0;
	/* reference keys absent from the actual set, at their first time */
	rc = store_run(st, "records", "SELECT r.key, min(r.time_us) FROM "
	    "records r WHERE r.set_name = ?1 AND NOT EXISTS (SELECT 1 FROM "
	    "records a WHERE a.set_name = ?2 AND a.key = r.key) GROUP BY "
	    "r.key ORDER BY 2, 1", p, 2, key_row, &kc, cause);
	if (rc != 0)
		return (rc);
	/* and the other way: actual keys the reference does not have */
	rc = store_ints(st, "records", "SELECT count(DISTINCT a.key) FROM "
	    "records a WHERE a.set_name = ?2 AND NOT EXISTS (SELECT 1 FROM "
	    "records r WHERE r.set_name = ?1 AND r.key = a.key)", p, 2,
	    unexpected, 1, 0, cause);
	return (rc == -1 ? -1 : 0);
}

/* A row of int64 columns of a summary's query into v (NULL: TIME_NONE). */
static int
summary_ints(struct store *st, const char *sql, int64_t *v, int n,
    char **cause)
{
	return (store_ints(st, "summary", sql, NULL, 0, v, n, TIME_NONE,
	    cause) == -1 ? -1 : 0);
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
	if (summary_ints(st, incident, v, 2, cause) != 0)
		return (-1);
	if (v[0] != TIME_NONE) {
		sum->first_us = v[0];
		sum->last_us = v[1];
		if (summary_ints(st, counts, v, 3, cause) != 0)
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
	if (summary_ints(st, everything, v, 2, cause) != 0)
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
	if (summary_ints(st, "SELECT (SELECT count(*) FROM pods), "
	    "(SELECT count(*) FROM rollouts)", v, 2, cause) != 0)
		return (-1);
	sum->pods = v[0];
	sum->rollouts = v[1];
	if (summary_ints(st, "SELECT count(*), coalesce(sum(status >= 500 "
	    "OR status = 0), 0) FROM requests WHERE seq IS NULL OR seq = 0",
	    v, 2, cause) != 0)
		return (-1);
	sum->requests = v[0];
	sum->failed_requests = v[1];
	return (0);
}

static int
shutdown_row(void *ctx, sqlite3_stmt *s)
{
	struct store_shutdown	*r = rows_add(ctx, sizeof *r);

	r->namespace = store_col_str(s, 0);
	r->workload = store_col_str(s, 1);
	r->observed_us = store_col_int(s, 2, TIME_NONE);
	r->lower_us = store_col_int(s, 3, TIME_NONE);
	r->measured = sqlite3_column_int64(s, 4);
	return (0);
}

int
store_shutdowns(struct store *st, struct store_shutdown **out, size_t *n,
    char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "containers", "SELECT p.namespace, p.workload, "
	    "max(CASE WHEN c.killed_at_deadline = 0 THEN c.finished_us - "
	    "c.sigterm_us END), max(CASE WHEN c.killed_at_deadline != 0 THEN "
	    "c.finished_us - c.sigterm_us END), count(*) FROM containers c "
	    "JOIN pods p ON p.uid = c.pod_uid WHERE c.init = 0 AND "
	    "c.sidecar = 0 AND c.sigterm_us IS NOT NULL AND c.finished_us "
	    "IS NOT NULL AND c.finished_us >= c.sigterm_us AND "
	    "c.reason IS NOT 'OOMKilled' AND (c.killed_at_deadline != 0 OR "
	    "c.deadline_us IS NULL OR c.finished_us <= c.deadline_us) "
	    "GROUP BY p.namespace, p.workload ORDER BY 1, 2", NULL, 0,
	    shutdown_row, &a, cause) != 0) {
		store_shutdowns_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
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

static int
routed_row(void *ctx, sqlite3_stmt *s)
{
	struct store_routed	*r = rows_add(ctx, sizeof *r);

	r->namespace = store_col_str(s, 0);
	r->workload = store_col_str(s, 1);
	r->pod = store_col_str(s, 2);
	r->deletion_us = sqlite3_column_int64(s, 3);
	r->sigterm_us = store_col_int(s, 4, TIME_NONE);
	r->last_routed_s = sqlite3_column_int64(s, 5);
	return (0);
}

int
store_routed_after_deletion(struct store *st, int64_t window_us,
    struct store_routed **out, size_t *n, char **cause)
{
	const struct qparam	p[] = { QP_I(window_us) };
	struct rows_out		a = { 0 };

	/*
	 * The second of the deletion request (floor) to window_us after;
	 * routed: an attempt began then (a failure counts where it ended).
	 */
	if (store_run(st, "buckets", "SELECT p.namespace, p.workload, "
	    "p.name, p.deletion_us, p.sigterm_us, max(b.second) FROM pods p "
	    "JOIN buckets b ON b.pod_uid = p.uid WHERE p.deletion_us IS NOT "
	    "NULL AND b.requests > 0 AND (b.second + 1) * "
	    "1000000 > p.deletion_us AND b.second * 1000000 <= p.deletion_us "
	    "+ ?1 GROUP BY p.uid ORDER BY 1, 2, 3", p, 1, routed_row, &a,
	    cause) != 0) {
		store_routed_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
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

/* Each Complete Job's duration, added to its CronJob's runs. */
static int
run_row(void *ctx, sqlite3_stmt *s)
{
	struct rows_out		*a = ctx;
	struct store_runs	*r;

	r = a->n > 0 ? (struct store_runs *)a->v + a->n - 1 : NULL;
	if (r == NULL || !str_eq(r->namespace, store_col_text(s, 0)) ||
	    !str_eq(r->cronjob, store_col_text(s, 1))) {
		r = rows_add(a, sizeof *r);
		r->namespace = store_col_str(s, 0);
		r->cronjob = store_col_str(s, 1);
	}
	r->duration_ms = xreallocarray(r->duration_ms, r->n + 1,
	    sizeof *r->duration_ms);
	r->duration_ms[r->n++] = sqlite3_column_int64(s, 2);
	return (0);
}

int
store_cronjob_runs(struct store *st, struct store_runs **out, size_t *n,
    char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "jobs", "SELECT namespace, cronjob, duration_ms "
	    "FROM jobs WHERE cronjob IS NOT NULL AND status = 'Complete' AND "
	    "duration_ms IS NOT NULL AND start_us IS NOT NULL ORDER BY "
	    "namespace, cronjob, start_us", NULL, 0, run_row, &a,
	    cause) != 0) {
		store_runs_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
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

static int
total_row(void *ctx, sqlite3_stmt *s)
{
	struct store_pod_total	*t = rows_add(ctx, sizeof *t);

	t->uid = xstrdup(store_col_text(s, 0));
	t->requests = sqlite3_column_int64(s, 1);
	t->failed = sqlite3_column_int64(s, 2);
	t->missing = sqlite3_column_int64(s, 3);
	return (0);
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
	struct rows_out	a = { 0 };
	size_t		i;

	for (i = 0; i < sizeof q / sizeof q[0]; i++) {
		if (store_run(st, "pod totals", q[i], NULL, 0, total_row, &a,
		    cause) != 0) {
			store_pod_totals_free(a.v, a.n);
			return (-1);
		}
	}
	*out = a.v;
	*n = a.n;
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
