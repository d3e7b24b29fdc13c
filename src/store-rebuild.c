/*
 * store-rebuild.c: what the model's rebuild reads (store.h, lifecycle.c,
 * rollout.c): the pods a batch at a time by uid, the keyed temporary
 * tables (temp.model_*) the events, previous logs and ReplicaSets are
 * matched in so that no sort holds them in memory, each IP's owners
 * beside its per-second counts, and a workload's owner.  Rows go out
 * through callbacks, strings borrowed; what the model makes of them is
 * lifecycle.c's and rollout.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "strpool.h"
#include "timefmt.h"
#include "util.h"

/*
 * The merge of store_ip_seconds: the spans of each IP before its seconds,
 * and the rows of one (ip, second, hint) summed as they come in order
 * (SQLite's sorter, then a sum here, takes half the time of its GROUP BY).
 */
struct ip_merge {
	sqlite3_stmt	*sp;		/* the pod_ips rows, by ip; owned */
	int		 src;		/* sp's last step */
	char		*last;		/* the last IP seen; owned */
	int		(*span)(void *, const struct row_pod_ip *,
			    const char *);
	int		(*cb)(void *, const char *, int64_t, const char *,
			    int64_t, int64_t, int64_t);
	void		*ctx;
	/* the (ip, second, hint) being summed, when have */
	int		 have;
	char		*ip;		/* owned, or NULL */
	char		*hint;		/* owned, or NULL */
	int64_t		 second, sum[3];
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

/* Hands the sum of one (ip, second, hint) on; returns cb's value. */
static int
ip_second_put(struct ip_merge *m)
{
	struct row_pod_ip	 r;
	const char		*wl;
	int			 c, stop = 0;

	m->have = 0;
	if (m->ip != NULL && (m->last == NULL || strcmp(m->last, m->ip) != 0)) {
		free(m->last);
		m->last = xstrdup(m->ip);
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
		stop = m->cb(m->ctx, m->ip, m->second, m->hint, m->sum[0],
		    m->sum[1], m->sum[2]);
	return (stop);
}

/* Replaces *dst with a copy of s (NULL stays NULL). */
static void
ip_second_set(char **dst, const char *s)
{
	free(*dst);
	*dst = s != NULL ? xstrdup(s) : NULL;
}

/* Adds one row of ip_seconds, in (ip, second, hint) order. */
static int
ip_second_add(struct ip_merge *m, const char *ip, int64_t second,
    const char *hint, const int64_t sum[3])
{
	int	i, stop;

	if (m->have && (m->second != second || !str_eq(m->ip, ip) ||
	    !str_eq(m->hint, hint))) {
		if ((stop = ip_second_put(m)) != 0)
			return (stop);
	}
	if (!m->have) {
		if (!str_eq(m->ip, ip))
			ip_second_set(&m->ip, ip);
		if (!str_eq(m->hint, hint))
			ip_second_set(&m->hint, hint);
		m->second = second;
		m->sum[0] = m->sum[1] = m->sum[2] = 0;
		m->have = 1;
	}
	for (i = 0; i < 3; i++)
		m->sum[i] += sum[i];
	return (0);
}

/* A row of ip_seconds sorted by SQLite. */
static int
ip_second_row(void *arg, sqlite3_stmt *s)
{
	int64_t	sum[3];
	int	i;

	for (i = 0; i < 3; i++)
		sum[i] = sqlite3_column_int64(s, 3 + i);
	return (ip_second_add(arg, store_col_text(s, 0),
	    sqlite3_column_int64(s, 1), store_col_text(s, 2), sum));
}

/*
 * Up to IPS_SORT_MAX rows of ip_seconds are sorted here, not by SQLite
 * (a tenth of its time at 50,000 rows): each IP and hint kept once and
 * ranked in SQLite's order of text, then the rows sorted by integers.
 * More rows are left to SQLite's sorter, which keeps memory bounded.
 */
#define IPS_SORT_MAX	(1 << 19)
/* The bits of a rank in ips_order's number: the pool holds an IP and a
   hint for each row at most, 2 x IPS_SORT_MAX texts, ranked from 1. */
#define IPS_RANK_BITS	21
#define IPS_SPAN_BITS	(64 - 2 * IPS_RANK_BITS)

struct ips_row {
	const char	*ip, *hint;	/* in the pool, or NULL */
	int64_t		 second;
	int64_t		 sum[3];	/* requests, errors, conn_failures */
	uint32_t	 ip_rank;	/* of ip among the pool's texts */
	uint32_t	 hint_rank;
};

/* A text of the pool and its place in SQLite's order. */
struct ips_rank {
	const char	*s;
	uint32_t	 rank;
};

struct ips_sort {
	struct strpool	 names;		/* the IPs and hints, once each */
	struct ips_row	*rows;		/* owned */
	size_t		 n;		/* rows in rows */
	size_t		 cap;		/* rows it has room for */
	struct keyed	*order;		/* owned: rows' places, sorted */
	const char	*last[2];	/* the last row's ip and hint as read */
	const char	*kept[2];	/* them in names */
};

static int
ips_read_row(void *arg, sqlite3_stmt *s)
{
	struct ips_sort	*x = arg;
	struct ips_row	*r;
	const char	*t;
	int		 i, c;

	if (x->n == x->cap) {
		x->cap = x->cap > 0 ? x->cap * 2 : 64;
		x->rows = xreallocarray(x->rows, x->cap, sizeof *x->rows);
	}
	r = &x->rows[x->n++];
	for (i = 0; i < 2; i++) {
		c = i == 0 ? 0 : 2;
		t = store_col_text(s, c);
		/* one IP's rows come in a row: the pool is seldom asked */
		if (!str_eq(t, x->last[i])) {
			x->kept[i] = strpool_put(&x->names, t);
			x->last[i] = x->kept[i];
		}
	}
	r->ip = x->kept[0];
	r->hint = x->kept[1];
	r->second = sqlite3_column_int64(s, 1);
	for (i = 0; i < 3; i++)
		r->sum[i] = sqlite3_column_int64(s, 3 + i);
	return (0);
}

static int
cmp_rank_text(const void *a, const void *b)
{
	return (str_cmp(((const struct ips_rank *)a)->s,
	    ((const struct ips_rank *)b)->s));
}

static int
cmp_rank_ptr(const void *a, const void *b)
{
	uintptr_t	p = (uintptr_t)((const struct ips_rank *)a)->s;
	uintptr_t	q = (uintptr_t)((const struct ips_rank *)b)->s;

	return (p < q ? -1 : p > q);
}

static int
cmp_ips_row(const void *a, const void *b)
{
	const struct ips_row	*p = a, *q = b;

	if (p->ip_rank != q->ip_rank)
		return (p->ip_rank < q->ip_rank ? -1 : 1);
	if (p->second != q->second)
		return (p->second < q->second ? -1 : 1);
	return (p->hint_rank < q->hint_rank ? -1 : p->hint_rank >
	    q->hint_rank);
}

/* The rank of pool text s (NULL first) in by, sorted by address. */
static uint32_t
ips_rank_of(const struct ips_rank *by, size_t n, const char *s)
{
	struct ips_rank	 key = { .s = s };
	struct ips_rank	*r;

	if (s == NULL)
		return (0);
	r = bsearch(&key, by, n, sizeof *by, cmp_rank_ptr);
	return (r != NULL ? r->rank : 0);
}

/*
 * x's order: the ranks in IPS_RANK_BITS each and the second from the
 * least in the bits left make one number, sorted by sort_keyed; seconds
 * too far apart for it (IPS_SPAN_BITS) are sorted by cmp_ips_row.
 */
static void
ips_order(struct ips_sort *x)
{
	int64_t		lo = INT64_MAX, hi = INT64_MIN;
	size_t		i;

	x->order = xreallocarray(NULL, x->n + 1, sizeof *x->order);
	for (i = 0; i < x->n; i++) {
		lo = x->rows[i].second < lo ? x->rows[i].second : lo;
		hi = x->rows[i].second > hi ? x->rows[i].second : hi;
	}
	if (x->n > 0 && (uint64_t)hi - (uint64_t)lo >= (UINT64_C(1) <<
	    IPS_SPAN_BITS)) {
		xqsort(x->rows, x->n, sizeof *x->rows, cmp_ips_row);
		for (i = 0; i < x->n; i++)
			x->order[i].at = (uint32_t)i;
		return;
	}
	for (i = 0; i < x->n; i++) {
		x->order[i].key = (uint64_t)x->rows[i].ip_rank <<
		    (IPS_RANK_BITS + IPS_SPAN_BITS) |
		    ((uint64_t)x->rows[i].second - (uint64_t)lo) <<
		    IPS_RANK_BITS | x->rows[i].hint_rank;
		x->order[i].at = (uint32_t)i;
	}
	sort_keyed(x->order, x->n);
}

/* Sorts the rows read in x by (ip, second, hint) as SQLite would. */
static void
ips_sort_rows(struct ips_sort *x)
{
	struct ips_rank	*by;
	const char	*lp[2] = { NULL, NULL };
	uint32_t	 lr[2] = { 0, 0 };
	size_t		 i;

	by = xreallocarray(NULL, x->names.n + 1, sizeof *by);
	for (i = 0; i < x->names.n; i++)
		by[i].s = x->names.v[i];
	xqsort(by, x->names.n, sizeof *by, cmp_rank_text);
	for (i = 0; i < x->names.n; i++)
		by[i].rank = (uint32_t)i + 1;	/* 0: NULL */
	xqsort(by, x->names.n, sizeof *by, cmp_rank_ptr);
	for (i = 0; i < x->n; i++) {
		if (x->rows[i].ip != lp[0] || i == 0) {
			lp[0] = x->rows[i].ip;
			lr[0] = ips_rank_of(by, x->names.n, lp[0]);
		}
		if (x->rows[i].hint != lp[1] || i == 0) {
			lp[1] = x->rows[i].hint;
			lr[1] = ips_rank_of(by, x->names.n, lp[1]);
		}
		x->rows[i].ip_rank = lr[0];
		x->rows[i].hint_rank = lr[1];
	}
	free(by);
	ips_order(x);
}

/*
 * Reads ip_seconds and sorts it here when it has at most IPS_SORT_MAX
 * rows (*done), then hands them to m: 0, -1 as store_run() fails, or
 * the callbacks' stop.
 */
static int
ips_sorted(struct store *st, struct ip_merge *m, int *done, char **cause)
{
	struct ips_sort	 x;
	struct ips_row	*r;
	int64_t		 most;
	size_t		 i;
	int		 rc = 0;

	/* counted first (its pages are read next anyway): the rows in one
	   array, its memory given at once */
	if (store_int_query(st, "SELECT count(*) FROM ip_seconds",
	    &most) != 0 || most > IPS_SORT_MAX)
		return (0);
	*done = 1;
	memset(&x, 0, sizeof x);
	x.cap = (size_t)most;
	x.rows = xreallocarray(NULL, x.cap + 1, sizeof *x.rows);
	mem_populate(x.rows, x.cap * sizeof *x.rows);
	if (store_run(st, "ip_seconds", "SELECT ip, second, hint, requests, "
	    "errors, conn_failures FROM ip_seconds", NULL, 0, ips_read_row, &x,
	    cause) != 0)
		rc = -1;
	if (rc == 0) {
		ips_sort_rows(&x);
		for (i = 0; i < x.n && rc == 0; i++) {
			r = &x.rows[x.order[i].at];
			rc = ip_second_add(m, r->ip, r->second, r->hint,
			    r->sum);
		}
	}
	free(x.rows);
	free(x.order);
	strpool_free(&x.names);
	return (rc);
}

int
store_ip_seconds(struct store *st, int (*span)(void *,
    const struct row_pod_ip *, const char *), int (*cb)(void *,
    const char *, int64_t, const char *, int64_t, int64_t, int64_t),
    void *ctx, char **cause)
{
	struct ip_merge	m = { .span = span, .cb = cb, .ctx = ctx };
	int		rc, done = 0;

	/* both in the order of ip's bytes: merged as they come */
	if (store_prepare(st, "pod_ips", "SELECT i.ip, i.pod_uid, "
	    "i.namespace, i.from_us, i.to_us, p.workload FROM pod_ips i LEFT "
	    "JOIN pods p ON p.uid = i.pod_uid WHERE i.ip IS NOT NULL ORDER BY "
	    "i.ip, i.from_us", &m.sp, cause) != 0)
		return (-1);
	m.src = sqlite3_step(m.sp);
	rc = ips_sorted(st, &m, &done, cause);
	if (rc == 0 && !done)
		rc = store_run(st, "ip_seconds", "SELECT ip, second, hint, "
		    "requests, errors, conn_failures FROM ip_seconds ORDER BY "
		    "ip, second, hint", NULL, 0, ip_second_row, &m, cause);
	if (rc == 0 && m.have)
		rc = ip_second_put(&m);
	if (rc == 0 && m.src != SQLITE_ROW && m.src != SQLITE_DONE) {
		store_fail(st, "ip_seconds", cause);
		rc = -1;
	}
	free(m.last);
	free(m.ip);
	free(m.hint);
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
	rc = store_run(st, "pod_obs", sql, p, 2, store_row_str, hi, cause);
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
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	const char		*col = type == REC_POD ? "uid" : "pod_uid";
	char			*where;
	int			 rc;

	where = xasprintf("%s %s ?1 AND %s <= ?2", col, after_op(lo), col);
	rc = store_scan_where(st, &rec_descs[type], where, p, 2, cb, ctx,
	    cause);
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
	 * memory.  A name may have been several pods' (a StatefulSet's pod
	 * recreated under its name with a new uid): what names a pod
	 * without its uid goes to one of them, a log to the latest created
	 * (the one that held the name when the logs were collected), an
	 * event to the latest created at or before it (else the first).
	 */
	buf_puts(&b, "DROP TABLE IF EXISTS temp.model_pod_names;"
	    "DROP TABLE IF EXISTS temp.model_event_pods;"
	    "DROP TABLE IF EXISTS temp.model_log_pods;"
	    "CREATE TEMP TABLE model_pod_names (ns TEXT NOT NULL, name TEXT "
	    "NOT NULL, uid TEXT NOT NULL, created INTEGER, PRIMARY KEY (ns, "
	    "name, uid)) WITHOUT ROWID;"
	    "INSERT INTO temp.model_pod_names SELECT coalesce(namespace, ''), "
	    "name, uid, created_us FROM pod_obs WHERE uid IS NOT NULL AND name "
	    "IS NOT NULL ON CONFLICT (ns, name, uid) DO UPDATE SET created = "
	    "coalesce(min(created, excluded.created), created, "
	    "excluded.created);"
	    "CREATE TEMP TABLE model_event_pods (pod_uid TEXT NOT NULL, id "
	    "INTEGER NOT NULL, PRIMARY KEY (pod_uid, id)) WITHOUT ROWID;"
	    "CREATE TEMP TABLE model_log_pods (pod_uid TEXT NOT NULL, "
	    "namespace TEXT NOT NULL, pod TEXT NOT NULL, PRIMARY KEY (pod_uid, "
	    "namespace, pod)) WITHOUT ROWID;"
	    "INSERT INTO temp.model_log_pods SELECT uid, namespace, pod FROM "
	    "(SELECT (SELECT n.uid FROM temp.model_pod_names n WHERE n.ns = "
	    "l.namespace AND n.name = l.pod ORDER BY n.created IS NULL, "
	    "n.created DESC, n.uid DESC LIMIT 1) AS uid, l.namespace AS "
	    "namespace, l.pod AS pod FROM (SELECT DISTINCT namespace, pod FROM "
	    "container_logs WHERE previous = 1 AND namespace IS NOT NULL AND "
	    "pod IS NOT NULL) l) WHERE uid IS NOT NULL;");
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
	    "n.name = e.obj_name AND n.created <= coalesce(e.first_us, "
	    "e.time_us) ORDER BY n.created DESC, n.uid DESC LIMIT 1), "
	    "(SELECT n.uid FROM temp.model_pod_names n WHERE n.ns = "
	    "coalesce(e.obj_namespace, e.namespace, '') AND n.name = "
	    "e.obj_name ORDER BY n.created IS NULL, n.created, n.uid DESC "
	    "LIMIT 1)) AS pod_uid, e.id AS id FROM events e WHERE "
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

int
store_pod_records(struct store *st, const struct rec_desc *d,
    const char *pairs, const char *op, const struct qparam *p,
    const char *order, store_row_fn row, void *ctx, char **cause)
{
	struct buf	b = { 0 };
	int		rc;

	buf_puts(&b, "SELECT m.pod_uid, ");
	store_select_fields(&b, d, 0);
	buf_printf(&b, " FROM temp.%s m JOIN %s USING (id) WHERE m.pod_uid %s "
	    "?1 AND m.pod_uid <= ?2 ORDER BY %s", pairs, d->table, op, order);
	rc = store_run(st, d->table, b.data, p, 2, row, ctx, cause);
	buf_free(&b);
	return (rc);
}

static int
model_event_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct rec_event	 e;

	store_fill_row(&rec_descs[REC_EVENT], s, 1, (char *)&e);
	return (c->pod_event(c->ctx, store_col_text(s, 0), &e));
}

int
store_model_events(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const char *, const struct rec_event *), void *ctx,
    char **cause)
{
	const struct qparam	p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	struct store_cb		c = { .pod_event = cb, .ctx = ctx };

	/* each pod's events in store_scan's order */
	return (store_pod_records(st, &rec_descs[REC_EVENT], "model_event_pods",
	    after_op(lo), p, rec_descs[REC_EVENT].order, model_event_row, &c,
	    cause));
}

static int
log_last_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_log_last	 l;

	l.pod_uid = store_col_text(s, 0);
	l.namespace = store_col_text(s, 1);
	l.pod = store_col_text(s, 2);
	l.container = store_col_text(s, 3);
	l.lines = sqlite3_column_int64(s, 4);
	l.time_us = store_col_int(s, 5, TIME_NONE);
	l.text = store_col_text(s, 6);
	return (c->log_last(c->ctx, &l));
}

int
store_previous_logs(struct store *st, const char *lo, const char *hi,
    int (*cb)(void *, const struct store_log_last *), void *ctx,
    char **cause)
{
	const struct qparam	 p[] = { QP_S(after_lo(lo)), QP_S(hi) };
	struct store_cb		 c = { .log_last = cb, .ctx = ctx };
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
	rc = store_run(st, "container_logs", sql, p, 2, log_last_row, &c,
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
	    "DROP TABLE IF EXISTS temp.model_rs_moves;"
	    "CREATE TEMP TABLE model_rs_moves (kind TEXT NOT NULL, ns_key "
	    "TEXT NOT NULL, dep_key TEXT NOT NULL, t INTEGER NOT NULL, rs "
	    "TEXT NOT NULL, up INTEGER NOT NULL, PRIMARY KEY (kind, ns_key, "
	    "dep_key, t, rs, up)) WITHOUT ROWID;"
	    "CREATE TEMP TABLE model_rs (kind TEXT NOT NULL, ns_key TEXT NOT "
	    "NULL, dep_key TEXT NOT NULL, name_key TEXT NOT NULL, namespace "
	    "TEXT, deployment TEXT, name TEXT, revision INTEGER, created_us "
	    "INTEGER, up_us INTEGER, down0_us INTEGER, end_us INTEGER, "
	    "PRIMARY KEY (kind, ns_key, dep_key, name_key)) WITHOUT ROWID",
	    cause) != 0)
		return (-1);
	return (store_prepare(st, "model_rs", "INSERT INTO temp.model_rs "
	    "VALUES (coalesce(?9, 'Deployment'), coalesce(?1, ''), "
	    "coalesce(?2, ''), coalesce(?3, ''), ?1, "
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
		QP_OPT(r->down0_us, TIME_NONE), QP_OPT(r->end_us, TIME_NONE),
		QP_S(r->kind)
	};

	return (store_run_stmt(st, st->rs_ins, "model_rs", p, 9, NULL, NULL,
	    NULL));
}

int
store_rs_move(struct store *st, const char *kind, const char *ns,
    const char *deployment, const char *rs, int64_t t_us, int up)
{
	const struct qparam	p[] = {
		QP_S(ns), QP_S(deployment), QP_I(t_us), QP_S(rs), QP_I(up),
		QP_S(kind)
	};

	return (store_run(st, "model_rs_moves", "INSERT OR IGNORE INTO "
	    "temp.model_rs_moves VALUES (coalesce(?6, 'Deployment'), "
	    "coalesce(?1, ''), coalesce(?2, ''), ?3, ?4, ?5)", p, 6, NULL,
	    NULL, NULL));
}

static int
rs_move_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;

	return (c->rs_move(c->ctx, store_col_text(s, 0),
	    sqlite3_column_int64(s, 1), sqlite3_column_int(s, 2)));
}

int
store_rs_moves(struct store *st, const char *kind, const char *ns,
    const char *deployment, int (*cb)(void *, const char *, int64_t, int),
    void *ctx, char **cause)
{
	const struct qparam	p[] = {
		QP_S(ns), QP_S(deployment), QP_S(kind)
	};
	struct store_cb		c = { .rs_move = cb, .ctx = ctx };

	return (store_run(st, "model_rs_moves", "SELECT rs, t, up FROM "
	    "temp.model_rs_moves WHERE kind = coalesce(?3, 'Deployment') AND "
	    "ns_key = coalesce(?1, '') AND dep_key = coalesce(?2, '') ORDER "
	    "BY t, up", p, 3, rs_move_row, &c, cause));
}

static int
rs_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;
	struct store_rs	 r;

	r.namespace = store_col_text(s, 0);
	r.deployment = store_col_text(s, 1);
	r.name = store_col_text(s, 2);
	r.revision = store_col_int(s, 3, INT_NONE);
	r.created_us = store_col_int(s, 4, TIME_NONE);
	r.up_us = store_col_int(s, 5, TIME_NONE);
	r.down0_us = store_col_int(s, 6, TIME_NONE);
	r.end_us = store_col_int(s, 7, TIME_NONE);
	r.kind = store_col_text(s, 8);
	return (c->rs(c->ctx, &r));
}

int
store_rs_each(struct store *st, int (*cb)(void *, const struct store_rs *),
    void *ctx, char **cause)
{
	struct store_cb	c = { .rs = cb, .ctx = ctx };
	int		stop;

	/* every ReplicaSet once, each Deployment's together, in key order */
	stop = store_run(st, "model_rs", "SELECT namespace, deployment, "
	    "name, revision, created_us, up_us, down0_us, end_us, kind FROM "
	    "temp.model_rs ORDER BY ns_key, dep_key, kind, name_key", NULL, 0,
	    rs_row, &c, cause);
	sqlite3_finalize(st->rs_ins);
	st->rs_ins = NULL;
	return (stop);
}
