/*
 * store-evidence.c: the rows shown about one pod, container or moment
 * (store.h): its events, log lines (and a container's last ones, which
 * the model and the findings quote), observed versions, buckets, missing
 * records and the requests routed to it, the traffic of every workload
 * over a span, and where a row came from.  Each query returns plain rows
 * through a callback; no SQL leaves this file and no drawing enters it.
 */
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

/* Open bounds for a range query. */
static int64_t
lo_of(int64_t v)
{
	return (v == TIME_NONE ? INT64_MIN : v);
}

static int64_t
hi_of(int64_t v)
{
	return (v == TIME_NONE ? INT64_MAX : v);
}

static int
typed_event(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	return (t->event(t->ctx, row, ref));
}

static int
typed_log(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	return (t->log(t->ctx, row, ref));
}

static int
typed_bucket(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	(void)ref;
	return (t->bucket(t->ctx, row));
}

static int
typed_missing(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	(void)ref;
	return (t->missing(t->ctx, row));
}

static int
typed_pod(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	return (t->pod(t->ctx, row, ref));
}

static int
typed_ctr(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb	*t = ctx;

	return (t->ctr(t->ctx, row, ref));
}

static int
typed_uid(void *ctx, const void *row, const struct store_ref *ref)
{
	struct store_cb			*t = ctx;
	const struct row_finding_pod	*fp = row;

	(void)ref;
	return (t->uid(t->ctx, fp->pod_uid));
}

int
store_pod_events(struct store *st, const char *uid, const char *ns,
    const char *name, int (*cb)(void *, const struct rec_event *,
    const struct store_ref *), void *ctx, char **cause)
{
	struct store_cb		 t = { .event = cb, .ctx = ctx };
	const struct qparam	 by_uid[] = { QP_S(uid) };
	const struct qparam	 by_name[] = { QP_S(name), QP_S(ns) };
	int			 rc = 0;

	if (uid != NULL)
		rc = store_query(st, &rec_descs[REC_EVENT], "obj_uid = ?1 "
		    "AND obj_kind = 'Pod'", "time_us, id", by_uid, 1, 0, 1,
		    typed_event, &t, cause);
	if (rc == 0 && name != NULL && ns != NULL)
		rc = store_query(st, &rec_descs[REC_EVENT], "obj_name = ?1 "
		    "AND obj_uid IS NULL AND obj_kind = 'Pod' AND "
		    "coalesce(obj_namespace, namespace) = ?2", "time_us, id",
		    by_name, 2, 0, 1, typed_event, &t, cause);
	return (rc);
}

/* A log line kept to be given oldest first after a newest-first query. */
struct kept_log {
	struct rec_log		 l;	/* its strings point into s */
	char			*s[5];	/* owned copies of its strings */
	struct store_ref	 ref;
};
struct log_rows {
	struct kept_log		*v;	/* owned */
	size_t			 n;
};

static const char *
keep_copy(char **slot, const char *s)
{
	*slot = s != NULL ? xstrdup(s) : NULL;
	return (*slot);
}

static int
keep_log(void *ctx, const void *row, const struct store_ref *ref)
{
	struct log_rows		*lr = ctx;
	const struct rec_log	*l = row;
	struct kept_log		*k;

	lr->v = xreallocarray(lr->v, lr->n + 1, sizeof *lr->v);
	k = &lr->v[lr->n++];
	k->l = *l;
	k->l.namespace = keep_copy(&k->s[0], l->namespace);
	k->l.pod = keep_copy(&k->s[1], l->pod);
	k->l.container = keep_copy(&k->s[2], l->container);
	k->l.stream = keep_copy(&k->s[3], l->stream);
	k->l.text = keep_copy(&k->s[4], l->text);
	k->ref = *ref;
	return (0);
}

static void
log_rows_free(struct log_rows *lr)
{
	size_t	i, j;

	for (i = 0; i < lr->n; i++) {
		for (j = 0; j < 5; j++)
			free(lr->v[i].s[j]);
	}
	free(lr->v);
}

int
store_pod_logs(struct store *st, const char *ns, const char *pod,
    int64_t from_us, int64_t to_us, size_t limit, int last,
    int (*cb)(void *, const struct rec_log *, const struct store_ref *),
    void *ctx, char **cause)
{
	struct store_cb		 t = { .log = cb, .ctx = ctx };
	const struct qparam	 p[] = {
		QP_S(ns), QP_S(pod), QP_I(lo_of(from_us)), QP_I(hi_of(to_us))
	};
	struct log_rows		 lr = { 0 };
	const char		*where = "namespace = ?1 AND pod = ?2 AND "
				     "time_us BETWEEN ?3 AND ?4";
	size_t			 i;
	int			 rc;

	if (ns == NULL || pod == NULL)
		return (0);
	if (!last)
		return (store_query(st, &rec_descs[REC_LOG], where,
		    "time_us, id", p, 4, (int64_t)limit, 1, typed_log, &t,
		    cause));
	rc = store_query(st, &rec_descs[REC_LOG], where,
	    "time_us DESC, id DESC", p, 4, (int64_t)limit, 1, keep_log, &lr,
	    cause);
	for (i = lr.n; rc == 0 && i > 0; i--)
		rc = cb(ctx, &lr.v[i - 1].l, &lr.v[i - 1].ref);
	log_rows_free(&lr);
	return (rc);
}

int
store_pod_buckets(struct store *st, const char *uid, int64_t from_s,
    int64_t to_s, int (*cb)(void *, const struct row_bucket *), void *ctx,
    char **cause)
{
	struct store_cb		 t = { .bucket = cb, .ctx = ctx };
	const struct qparam	 p[] = {
		QP_S(uid), QP_I(lo_of(from_s)), QP_I(hi_of(to_s))
	};

	if (uid == NULL)
		return (0);
	return (store_query(st, &row_descs[ROW_BUCKET], "pod_uid = ?1 AND "
	    "second BETWEEN ?2 AND ?3", "second, ip", p, 3, 0, 0,
	    typed_bucket, &t, cause));
}

static int
traffic_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_traffic	 t;

	t.namespace = store_col_text(s, 0);
	t.workload = store_col_text(s, 1);
	t.bin = sqlite3_column_int64(s, 2);
	t.requests = sqlite3_column_int64(s, 3);
	t.errors = sqlite3_column_int64(s, 4);
	t.conn_failures = sqlite3_column_int64(s, 5);
	return (c->traffic(c->ctx, &t));
}

int
store_lane_traffic(struct store *st, const char *ns, const char *wl,
    int64_t from_s, int64_t to_s, int64_t step_s,
    int (*cb)(void *, const struct store_traffic *), void *ctx,
    char **cause)
{
	struct store_cb		 c = { .traffic = cb, .ctx = ctx };
	int64_t			 step = step_s > 1 ? step_s : 1;
	const struct qparam	 p[] = {
		QP_I(from_s), QP_I(to_s), QP_I(step), QP_S(ns), QP_S(wl)
	};

	/* whole minutes from whole minutes: the per-minute table */
	return (store_run(st, "traffic", step % 60 == 0 && from_s % 60 == 0 ?
	    "SELECT namespace, workload, (minute * 60 - ?1) / ?3, "
	    "sum(requests), sum(errors), sum(conn_failures) FROM "
	    "workload_minutes WHERE namespace IS ?4 AND workload IS ?5 AND "
	    "minute BETWEEN ?1 / 60 AND ?2 / 60 GROUP BY 3 ORDER BY 3" :
	    "SELECT namespace, workload, (second - ?1) / ?3, sum(requests), "
	    "sum(errors), sum(conn_failures) FROM workload_seconds WHERE "
	    "namespace IS ?4 AND workload IS ?5 AND second BETWEEN ?1 AND ?2 "
	    "GROUP BY 3 ORDER BY 3", p, 5, traffic_row, &c, cause));
}

int
store_lane_traffic_derive(struct store *st, int64_t from_s, int64_t to_s,
    char **cause)
{
	const struct qparam	 p[] = { QP_I(from_s), QP_I(to_s) };

	/* by workload through its index, the seconds filtered (+second):
	   the seconds' index and a sort took 3 s at 100,000 pods */
	return (store_run(st, "lane traffic", "INSERT INTO lane_traffic "
	    "(namespace, workload, requests, failed) SELECT namespace, "
	    "workload, sum(requests), sum(max(errors, conn_failures)) FROM "
	    "workload_seconds WHERE +second BETWEEN ?1 AND ?2 GROUP BY "
	    "namespace, workload", p, 2, NULL, NULL, cause) < 0 ? -1 : 0);
}

static int
request_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_request	 q;

	memset(&q, 0, sizeof q);
	q.ref.id = sqlite3_column_int64(s, 0);
	q.ref.source_id = sqlite3_column_int64(s, 1);
	q.ref.line = store_col_int(s, 2, INT64_MIN);
	q.r.line = q.ref.line;
	q.r.start_us = store_col_int(s, 3, INT64_MIN);
	q.r.end_us = store_col_int(s, 4, INT64_MIN);
	q.r.duration_us = store_col_int(s, 5, INT64_MIN);
	q.r.method = store_col_text(s, 6);
	q.r.host = store_col_text(s, 7);
	q.r.path = store_col_text(s, 8);
	q.r.protocol = store_col_text(s, 9);
	q.r.status = store_col_int(s, 10, INT64_MIN);
	q.r.bytes = store_col_int(s, 11, INT64_MIN);
	q.r.client = store_col_text(s, 12);
	q.r.user_agent = store_col_text(s, 13);
	q.r.namespace = store_col_text(s, 14);
	q.r.service = store_col_text(s, 15);
	q.r.upstream_name = store_col_text(s, 16);
	q.r.flags = store_col_text(s, 17);
	q.r.detail = store_col_text(s, 18);
	q.r.failure = store_col_text(s, 19);
	q.r.request_id = store_col_text(s, 20);
	q.r.dialect = store_col_text(s, 21);
	q.a.seq = store_col_int(s, 22, INT64_MIN);
	q.a.upstream = store_col_text(s, 23);
	q.a.ip = store_col_text(s, 24);
	q.a.port = store_col_int(s, 25, INT64_MIN);
	q.a.status = store_col_int(s, 26, INT64_MIN);
	q.a.duration_us = store_col_int(s, 27, INT64_MIN);
	q.a.time_us = store_col_int(s, 28, INT64_MIN);
	return (c->request(c->ctx, &q));
}

int
store_requests_at(struct store *st, const char *ip, int64_t from_us,
    int64_t to_us, size_t limit, int (*cb)(void *,
    const struct store_request *), void *ctx, char **cause)
{
	struct store_cb		 c = { .request = cb, .ctx = ctx };
	const struct qparam	 p[] = {
		QP_S(ip), QP_I(lo_of(from_us)), QP_I(hi_of(to_us)),
		QP_I(limit > 0 ? (int64_t)limit : -1)
	};

	if (ip == NULL)
		return (0);
	return (store_run(st, "requests", "SELECT id, source_id, line, "
	    "start_us, end_us, duration_us, method, host, path, protocol, "
	    "status, bytes, client, user_agent, namespace, service, "
	    "upstream_name, flags, detail, failure, request_id, dialect, "
	    "seq, upstream, ip, port, upstream_status, upstream_duration_us, "
	    "attempt_us FROM requests WHERE ip = ?1 AND attempt_us BETWEEN "
	    "?2 AND ?3 ORDER BY attempt_us, id LIMIT ?4", p, 4, request_row,
	    &c, cause));
}

int
store_pod_missing(struct store *st, const char *uid,
    int (*cb)(void *, const struct row_missing *), void *ctx, char **cause)
{
	struct store_cb		 t = { .missing = cb, .ctx = ctx };
	const struct qparam	 p[] = { QP_S(uid) };

	if (uid == NULL)
		return (store_query(st, &row_descs[ROW_MISSING], "pod_uid IS "
		    "NULL", NULL, NULL, 0, 0, 0, typed_missing, &t, cause));
	return (store_query(st, &row_descs[ROW_MISSING], "pod_uid = ?1",
	    NULL, p, 1, 0, 0, typed_missing, &t, cause));
}

int
store_finding_pods(struct store *st, int64_t finding_id,
    int (*cb)(void *, const char *), void *ctx, char **cause)
{
	struct store_cb		 t = { .uid = cb, .ctx = ctx };
	const struct qparam	 p[] = { QP_I(finding_id) };

	return (store_query(st, &row_descs[ROW_FINDING_POD], "finding_id = "
	    "?1", NULL, p, 1, 0, 0, typed_uid, &t, cause));
}

/* Where store_source_name puts the path and member. */
struct source_name {
	char	**path;
	char	**member;
};

static int
source_name_row(void *arg, sqlite3_stmt *s)
{
	struct source_name	*sn = arg;

	*sn->path = xstrdup(store_col_text(s, 0) != NULL ?
	    store_col_text(s, 0) : "");
	*sn->member = store_col_str(s, 1);
	return (1);
}

int
store_source_name(struct store *st, int64_t source_id, char **path,
    char **member, char **cause)
{
	struct source_name	sn = { .path = path, .member = member };
	const struct qparam	p[] = { QP_I(source_id) };
	int			rc;

	*path = *member = NULL;
	rc = store_run(st, "sources", "SELECT path, member FROM sources WHERE "
	    "id = ?", p, 1, source_name_row, &sn, cause);
	if (rc == 0)
		*cause = xasprintf("no source %lld", (long long)source_id);
	return (rc == 1 ? 0 : -1);
}

/* One record by its row id, with its provenance. */
static int
store_record_by_id(struct store *st, enum rec_type type, int64_t id,
    scan_cb cb, void *ctx, char **cause)
{
	const struct qparam	p[] = { QP_I(id) };

	return (store_query(st, &rec_descs[type], "id = ?1", NULL, p, 1, 1,
	    1, cb, ctx, cause));
}

int
store_event(struct store *st, int64_t id, int (*cb)(void *,
    const struct rec_event *, const struct store_ref *), void *ctx,
    char **cause)
{
	struct store_cb	t = { .event = cb, .ctx = ctx };

	return (store_record_by_id(st, REC_EVENT, id, typed_event, &t,
	    cause));
}

int
store_log(struct store *st, int64_t id, int (*cb)(void *,
    const struct rec_log *, const struct store_ref *), void *ctx,
    char **cause)
{
	struct store_cb	t = { .log = cb, .ctx = ctx };

	return (store_record_by_id(st, REC_LOG, id, typed_log, &t, cause));
}

int
store_pod_observations(struct store *st, const char *uid,
    int (*cb)(void *, const struct rec_pod *, const struct store_ref *),
    void *ctx, char **cause)
{
	struct store_cb		t = { .pod = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid) };

	return (store_query(st, &rec_descs[REC_POD], "uid = ?1", NULL, p, 1,
	    0, 1, typed_pod, &t, cause));
}

int
store_container_observations(struct store *st, const char *uid,
    const char *name, int (*cb)(void *, const struct rec_container *,
    const struct store_ref *), void *ctx, char **cause)
{
	struct store_cb		t = { .ctr = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid), QP_S(name) };

	return (store_query(st, &rec_descs[REC_CONTAINER], "pod_uid = ?1 "
	    "AND name = ?2", NULL, p, 2, 0, 1, typed_ctr, &t, cause));
}

static int
tail_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;

	return (c->tail(c->ctx, store_col_int(s, 0, TIME_NONE),
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
	struct store_cb		c = { .tail = cb, .ctx = ctx };

	/* a literal previous = 1, so that the partial index serves it */
	return (store_run(st, "container_logs", previous ? "SELECT time_us, "
	    "text FROM (SELECT id, time_us, text FROM container_logs WHERE "
	    "namespace = ?1 AND pod = ?2 AND container = ?3 AND previous = 1 "
	    "AND trim(text) <> '' ORDER BY id DESC LIMIT ?4) ORDER BY id" :
	    "SELECT time_us, text FROM (SELECT id, time_us, text FROM "
	    "container_logs WHERE namespace = ?1 AND pod = ?2 AND container = "
	    "?3 AND previous = 0 AND trim(text) <> '' ORDER BY id DESC LIMIT "
	    "?4) ORDER BY id", p, 4, tail_row, &c, cause));
}
