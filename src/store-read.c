/*
 * store-read.c: the store's one row loop and its reads through the field
 * tables (store.h).  store_run() prepares, binds and steps every
 * statement of the store's files, so that the error tail is written
 * once, and keeps the last STORE_STMTS for their next run;
 * store_query() reads a table through its field table (record.h,
 * model.h) into plain structs, and the scans of every record or model
 * row of a type, and of the pods with their containers, are built on
 * it.  What the rows mean is the model's and the views'; the SQL of each
 * theme is in its own file (store-int.h lists them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

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

/*
 * The kept statement of sql, taken (busy) for a run; else one prepared
 * into the slot used longest ago, or, when every slot is running, NULL
 * (*s: a statement of the caller's own, or NULL with *cause on failure).
 */
static struct store_stmt *
stmt_take(struct store *st, const char *what, const char *sql,
    sqlite3_stmt **s, char **cause)
{
	struct store_stmt	*k, *old = NULL;
	size_t			 i;

	*s = NULL;
	for (i = 0; i < STORE_STMTS; i++) {
		k = &st->stmts[i];
		if (k->busy)
			continue;
		if (k->sql != NULL && strcmp(k->sql, sql) == 0) {
			old = k;
			break;
		}
		if (old == NULL || k->sql == NULL ||
		    (old->sql != NULL && k->used < old->used))
			old = k;
	}
	if (old == NULL) {
		store_prepare(st, what, sql, s, cause);
		return (NULL);
	}
	if (old->sql == NULL || strcmp(old->sql, sql) != 0) {
		sqlite3_finalize(old->s);
		free(old->sql);
		old->sql = NULL;
		old->s = NULL;
		if (store_prepare(st, what, sql, &old->s, cause) != 0)
			return (NULL);
		old->sql = xstrdup(sql);
	}
	old->busy = 1;
	old->used = ++st->stmt_clock;
	*s = old->s;
	return (old);
}

int
store_run(struct store *st, const char *what, const char *sql,
    const struct qparam *p, size_t np, store_row_fn row, void *ctx,
    char **cause)
{
	struct store_stmt	*k;
	sqlite3_stmt		*s;
	int			 rc;

	k = stmt_take(st, what, sql, &s, cause);
	if (s == NULL)
		return (-1);
	rc = store_run_stmt(st, s, what, p, np, row, ctx, cause);
	if (k == NULL) {
		sqlite3_finalize(s);
		return (rc);
	}
	/* no borrowed text stays bound to it */
	sqlite3_clear_bindings(s);
	k->busy = 0;
	return (rc);
}

void
store_stmts_free(struct store *st)
{
	size_t	i;

	for (i = 0; i < STORE_STMTS; i++) {
		sqlite3_finalize(st->stmts[i].s);
		free(st->stmts[i].sql);
		memset(&st->stmts[i], 0, sizeof st->stmts[i]);
	}
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

int
store_row_str(void *ctx, sqlite3_stmt *s)
{
	*(char **)ctx = store_col_str(s, 0);
	return (1);
}

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
		case RF_ENUM:
			str = null ? NULL :
			    (const char *)sqlite3_column_text(s, k);
			for (bv = f->nnames - 1; bv > 0; bv--) {
				if (str_eq(f->names[bv], str))
					break;
			}
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

static int
plain_row(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*c = ctx;

	(void)ref;
	return (c->plain(c->ctx, row));
}

int
store_scan_where(struct store *st, const struct rec_desc *d,
    const char *where, const struct qparam *p, size_t np,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	struct store_cb	c = { .plain = cb, .ctx = ctx };

	return (store_query(st, d, where, NULL, p, np, 0, 0, plain_row, &c,
	    cause));
}

int
store_scan(struct store *st, enum rec_type type,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	return (store_scan_where(st, &rec_descs[type], NULL, NULL, 0, cb, ctx,
	    cause));
}

int
store_model_scan(struct store *st, enum row_type type,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	return (store_scan_where(st, &row_descs[type], NULL, NULL, 0, cb, ctx,
	    cause));
}

int
store_model_scan_stored(struct store *st, enum row_type type,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	struct store_cb	c = { .plain = cb, .ctx = ctx };

	return (store_query(st, &row_descs[type], NULL, "rowid", NULL, 0, 0,
	    0, plain_row, &c, cause));
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
