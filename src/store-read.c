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

/*
 * Rows of one type kept past their statement's next step: structs in v,
 * their strings in strings.
 */
struct kept_rows {
	const struct rec_desc	*d;
	char			*v;	/* owned: n rows of d->size bytes */
	size_t			 n;	/* rows kept */
	size_t			 cap;	/* rows allocated in v */
	struct arena		 strings; /* owned: the rows' texts */
};

/* Keeps the row at column first of s (the strings die at its next step). */
static void
keep_row(struct kept_rows *k, sqlite3_stmt *s, int first)
{
	const struct rec_field	*f;
	const char		*str;
	char			*row;

	if (k->n == k->cap) {
		k->cap = k->cap == 0 ? 8 : k->cap * 2;
		k->v = xreallocarray(k->v, k->cap, k->d->size);
	}
	row = k->v + k->n++ * k->d->size;
	store_fill_row(k->d, s, first, row);
	for (f = k->d->fields; f->name != NULL; f++) {
		if (f->type != RF_STR)
			continue;
		memcpy(&str, row + f->off, sizeof str);
		str = arena_strdup(&k->strings, str);
		memcpy(row + f->off, &str, sizeof str);
	}
}

static void
kept_clear(struct kept_rows *k)
{
	arena_free(&k->strings);
	k->n = 0;
}

static void
kept_free(struct kept_rows *k)
{
	arena_free(&k->strings);
	free(k->v);
}

/* One pod and its containers, read by store_pods_each. */
struct pod_rows {
	struct store		*st;
	sqlite3_stmt		*cs;	/* a pod's containers; owned */
	struct row_pod		 pod;	/* strings borrowed from the pods'
					   statement */
	struct kept_rows	 c;	/* its containers */
	int			(*cb)(void *, const struct row_pod *,
				    const struct row_container *, size_t);
	void			*ctx;
	char			**cause;
};

static int
pods_container(void *arg, sqlite3_stmt *s)
{
	keep_row(&((struct pod_rows *)arg)->c, s, 0);
	return (0);
}

static int
pods_pod(void *arg, sqlite3_stmt *s)
{
	struct pod_rows		*pr = arg;
	struct qparam		 uid = QP_S(NULL);

	store_fill_row(&row_descs[ROW_POD], s, 0, (char *)&pr->pod);
	kept_clear(&pr->c);
	uid.s = pr->pod.uid;
	if (pr->pod.uid != NULL && store_run_stmt(pr->st, pr->cs,
	    row_descs[ROW_CONTAINER].table, &uid, 1, pods_container, pr,
	    pr->cause) != 0)
		return (-1);
	return (pr->cb(pr->ctx, &pr->pod, (const struct row_container *)
	    pr->c.v, pr->c.n));
}

int
store_pods_each(struct store *st, int (*cb)(void *,
    const struct row_pod *, const struct row_container *, size_t),
    void *ctx, char **cause)
{
	const struct rec_desc	*pd = &row_descs[ROW_POD];
	const struct rec_desc	*cd = &row_descs[ROW_CONTAINER];
	struct pod_rows		 pr = { .st = st, .cb = cb, .ctx = ctx,
				     .cause = cause, .c = { .d = cd } };
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
	kept_free(&pr.c);
	return (rc);
}

static int
workload_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;
	const char	*v[2] = { store_col_text(s, 0), store_col_text(s, 1) };

	return (c->plain(c->ctx, v));
}

int
store_pod_log_scan(struct store *st, const char *ns, const char *pod,
    int (*cb)(void *ctx, const void *row), void *ctx, char **cause)
{
	const struct qparam	p[] = { QP_S(ns), QP_S(pod) };

	/* REC_LOG's order, a pod's lines found through container_logs_pod */
	return (store_scan_where(st, &rec_descs[REC_LOG], "namespace = ?1 AND "
	    "pod = ?2", p, 2, cb, ctx, cause));
}

int
store_pod_workloads(struct store *st, int (*cb)(void *ctx,
    const void *ns_workload), void *ctx, char **cause)
{
	struct store_cb	c = { .plain = cb, .ctx = ctx };

	return (store_run(st, "pods", "SELECT namespace, workload FROM pods",
	    NULL, 0, workload_row, &c, cause));
}

/* A table's rows of every pod, in the order of their pods' uids. */
struct by_uid {
	sqlite3_stmt		*s;	/* owned: pod_uid, then the fields */
	int			 rc;	/* its last step's */
	struct kept_rows	 k;	/* those of the pod being read */
};

/*
 * Prepares the read of type's rows in the order of an index of its table
 * that begins with its pod's uid, key, and steps to the first.
 */
static int
by_uid_open(struct store *st, struct by_uid *u, enum row_type type,
    const char *key, const char *order, char **cause)
{
	const struct rec_desc	*d = &row_descs[type];
	struct buf		 b = { 0 };
	int			 rc;

	u->k.d = d;
	buf_printf(&b, "SELECT %s", key);
	store_select_fields(&b, d, 1);
	buf_printf(&b, " FROM %s ORDER BY %s", d->table, order);
	rc = store_prepare(st, d->table, b.data, &u->s, cause);
	buf_free(&b);
	if (rc != 0)
		return (-1);
	u->rc = sqlite3_step(u->s);
	return (0);
}

/* Keeps the rows of pod uid (kept_rows), past any of a smaller uid. */
static int
by_uid_take(struct store *st, struct by_uid *u, const char *uid,
    char **cause)
{
	const char	*at;
	int		 c;

	kept_clear(&u->k);
	while (uid != NULL && u->rc == SQLITE_ROW) {
		at = store_col_text(u->s, 0);
		if ((c = strcmp(at != NULL ? at : "", uid)) > 0)
			break;
		if (c == 0)
			keep_row(&u->k, u->s, 1);
		u->rc = sqlite3_step(u->s);
	}
	if (u->rc != SQLITE_ROW && u->rc != SQLITE_DONE) {
		store_fail(st, u->k.d->table, cause);
		return (-1);
	}
	return (0);
}

static void
by_uid_close(struct by_uid *u)
{
	sqlite3_finalize(u->s);
	kept_free(&u->k);
}

int
store_pods_by_uid(struct store *st, store_pod_fn cb, void *ctx,
    char **cause)
{
	struct by_uid	 p = { 0 }, c = { 0 }, t = { 0 };
	struct row_pod	 pod;
	int		 rc = -1;

	/* the tables are written in this order: each is read once, in turn */
	if (by_uid_open(st, &p, ROW_POD, "uid", "uid", cause) != 0 ||
	    by_uid_open(st, &c, ROW_CONTAINER, "pod_uid", "pod_uid, name",
	    cause) != 0 || by_uid_open(st, &t, ROW_TERMINATION, "pod_uid",
	    "pod_uid, container, finished_us", cause) != 0)
		goto out;
	for (; p.rc == SQLITE_ROW; p.rc = sqlite3_step(p.s)) {
		store_fill_row(p.k.d, p.s, 1, (char *)&pod);
		if (by_uid_take(st, &c, pod.uid, cause) != 0 ||
		    by_uid_take(st, &t, pod.uid, cause) != 0)
			goto out;
		if ((rc = cb(ctx, &pod, (const struct row_container *)c.k.v,
		    c.k.n, (const struct row_termination *)t.k.v,
		    t.k.n)) != 0)
			goto out;
		rc = -1;
	}
	if (p.rc != SQLITE_DONE) {
		store_fail(st, "pods", cause);
		goto out;
	}
	rc = 0;
out:
	by_uid_close(&p);
	by_uid_close(&c);
	by_uid_close(&t);
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
