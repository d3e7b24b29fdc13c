/*
 * store-summary.c: what the analysis, lint and the reports count and sum
 * over the whole database (store.h): the inputs, the record sets and
 * their missing keys, the incident's window and counts, the shutdowns
 * measured per workload, the pods routed to after their deletion, the
 * CronJobs' runs and each pod's traffic.  Each answer is a new array or
 * a filled struct; the judging is the rules' (rules*.c, lint.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "timefmt.h"
#include "util.h"

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

static int
key_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;

	return (c->key(c->ctx, store_col_text(s, 0),
	    store_col_int(s, 1, TIME_NONE)));
}

int
store_missing_keys(struct store *st, const char *ref, const char *act,
    int (*cb)(void *, const char *, int64_t), void *ctx, int64_t *unexpected,
    char **cause)
{
	const struct qparam	p[] = { QP_S(ref), QP_S(act) };
	struct store_cb		c = { .key = cb, .ctx = ctx };
	int			rc;

	*unexpected = 0;
	/* reference keys absent from the actual set, at their first time */
	rc = store_run(st, "records", "SELECT r.key, min(r.time_us) FROM "
	    "records r WHERE r.set_name = ?1 AND NOT EXISTS (SELECT 1 FROM "
	    "records a WHERE a.set_name = ?2 AND a.key = r.key) GROUP BY "
	    "r.key ORDER BY 2, 1", p, 2, key_row, &c, cause);
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

/*
 * The incident's window as the model's tables say it (store_window reads
 * it from meta, where the analysis put it with store_window_cache, and
 * comes here when it is not there).
 */
static int
window_compute(struct store *st, struct store_summary *sum, char **cause)
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
	/*
	 * A pod that had been Ready and lost it while alive (or regained
	 * it after) ends or ends an outage: the readiness its users saw.
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
	" UNION ALL SELECT unready_us FROM pods"			\
	"  WHERE unready_us IS NOT NULL"				\
	"  AND (deletion_us IS NULL OR unready_us < deletion_us)"	\
	" UNION ALL SELECT ready_again_us FROM pods"			\
	"  WHERE unready_us IS NOT NULL"				\
	"  AND (deletion_us IS NULL OR unready_us < deletion_us)"	\
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
	/* the window, then what it holds (when it is one): e made once */
	static const char incident[] = ENDS_SQL
	    ", w(lo, hi) AS (SELECT min(t), max(t) FROM (SELECT t FROM e"
	    " UNION ALL SELECT start_us FROM r"
	    " UNION ALL SELECT end_us FROM r)) "
	    "SELECT lo, hi, CASE WHEN lo IS NOT NULL THEN"
	    " (SELECT count(*) FROM pods p WHERE deletion_us IS NOT NULL"
	    "  OR EXISTS (SELECT 1 FROM containers c WHERE c.pod_uid = p.uid"
	    "  AND c.finished_us IS NOT NULL AND (NOT c.init OR"
	    "  c.native_sidecar) AND (c.exit_code IS NULL OR c.exit_code <> 0))"
	    "  OR EXISTS (SELECT 1 FROM terminations t WHERE t.pod_uid = p.uid"
	    "  AND NOT t.init AND (t.exit_code IS NULL OR t.exit_code <> 0)))"
	    " END, CASE WHEN lo IS NOT NULL THEN (SELECT count(*) FROM r) END,"
	    " CASE WHEN lo IS NOT NULL THEN (SELECT count(DISTINCT second)"
	    "  FROM buckets WHERE errors > 0) END,"
	    " CASE WHEN lo IS NOT NULL THEN (SELECT count(*) FROM pods WHERE"
	    "  unready_us IS NOT NULL AND (deletion_us IS NULL OR unready_us <"
	    "  deletion_us)) END FROM w";
#undef ENDS_SQL
	/* everything, when the data holds no incident */
	static const char everything[] =
	    "SELECT min(t), max(t) FROM (SELECT min(created_us) AS t FROM "
	    "pods UNION ALL SELECT max(coalesce(gone_us, deadline_us, "
	    "deletion_us, start_us, created_us)) FROM pods UNION ALL "
	    "SELECT min(start_lo) FROM request_blocks UNION ALL SELECT "
	    "max(start_hi) FROM request_blocks UNION ALL SELECT min(time_us) "
	    "FROM events UNION ALL SELECT max(time_us) FROM events)";
	struct buf	b = { 0 };
	int64_t		w[6], *v = w + 2;	/* the window, its counts */

	memset(sum, 0, sizeof *sum);
	sum->first_us = sum->last_us = TIME_NONE;
	if (summary_ints(st, incident, w, 6, cause) != 0)
		return (-1);
	if (w[0] != TIME_NONE) {
		sum->first_us = w[0];
		sum->last_us = w[1];
		basis_part(&b, v[0], "pod's end (deletion, exit or kill)",
		    "pods' ends (deletions, exits, kills)",
		    v[1] <= 0 && v[2] <= 0 && v[3] <= 0);
		basis_part(&b, v[1], "rollout", "rollouts", v[2] <= 0 &&
		    v[3] <= 0);
		basis_part(&b, v[2], "second with failed requests",
		    "seconds with failed requests", v[3] <= 0);
		basis_part(&b, v[3], "pod not Ready again while alive",
		    "pods not Ready again while alive", 1);
		snprintf(sum->basis, sizeof sum->basis, "the span of %s",
		    b.data != NULL ? b.data : "the incident");
		buf_free(&b);
		return (0);
	}
	if (summary_ints(st, everything, w, 2, cause) != 0)
		return (-1);
	sum->first_us = w[0];
	sum->last_us = w[1];
	snprintf(sum->basis, sizeof sum->basis, w[0] != TIME_NONE ?
	    "no death, rollout or failed request: the span of every pod, "
	    "event and request" : "nothing with a time was imported");
	return (0);
}

/* What meta holds of the window. */
static const char window_keys[] = "('window_first_us', 'window_last_us', "
    "'window_basis')";

static int
basis_row(void *ctx, sqlite3_stmt *s)
{
	struct store_summary	*sum = ctx;
	const char		*b = store_col_text(s, 0);

	snprintf(sum->basis, sizeof sum->basis, "%s", b != NULL ? b : "");
	return (0);
}

int
store_window(struct store *st, struct store_summary *sum, char **cause)
{
	int64_t	 v[3];
	char	*why = NULL;

	/* the model's rebuild left it in meta: the tables it reads are its */
	if (!store_model_stale(st) && summary_ints(st, "SELECT (SELECT "
	    "value FROM meta WHERE key = 'window_first_us'), (SELECT value "
	    "FROM meta WHERE key = 'window_last_us'), (SELECT count(*) FROM "
	    "meta WHERE key = 'window_basis')", v, 3, &why) == 0 &&
	    v[2] == 1) {
		memset(sum, 0, sizeof *sum);
		sum->first_us = v[0];
		sum->last_us = v[1];
		return (store_run(st, "meta", "SELECT value FROM meta WHERE "
		    "key = 'window_basis'", NULL, 0, basis_row, sum,
		    cause) == -1 ? -1 : 0);
	}
	free(why);	/* not cached (an older database): computed here */
	return (window_compute(st, sum, cause));
}

int
store_window_forget(struct store *st, char **cause)
{
	char	*sql;
	int	 rc;

	sql = xasprintf("DELETE FROM meta WHERE key IN %s;", window_keys);
	rc = store_exec(st, sql, cause);
	free(sql);
	return (rc);
}

int
store_window_cache(struct store *st, char **cause)
{
	struct store_summary	 sum;

	if (window_compute(st, &sum, cause) != 0)
		return (-1);
	{
		const struct qparam	p[] = {
			QP_OPT(sum.first_us, TIME_NONE),
			QP_OPT(sum.last_us, TIME_NONE), QP_S(sum.basis)
		};

		if (store_window_forget(st, cause) != 0)
			return (-1);
		return (store_run(st, "meta", "INSERT INTO meta (key, value) "
		    "VALUES ('window_first_us', ?1), ('window_last_us', ?2), "
		    "('window_basis', ?3)", p, 3, NULL, NULL, cause) == -1 ?
		    -1 : 0);
	}
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
	/* each block sums its requests (reqblock.h) */
	if (summary_ints(st, "SELECT coalesce(sum(requests), 0), "
	    "coalesce(sum(failed), 0) FROM request_blocks",
	    v, 2, cause) != 0)
		return (-1);
	sum->requests = v[0];
	sum->failed_requests = v[1];
	return (0);
}

/* What store_ready_each calls. */
struct ready_cb {
	int	(*cb)(void *, const struct store_ready *);
	void	*ctx;
};

static int
ready_row(void *ctx, sqlite3_stmt *s)
{
	const struct ready_cb	*c = ctx;
	struct store_ready	 r = {
		.uid = store_col_text(s, 0),
		.ready = (int)sqlite3_column_int64(s, 1),
		.since_us = store_col_int(s, 2, TIME_NONE),
		.observed_us = store_col_int(s, 3, TIME_NONE)
	};

	return (c->cb(c->ctx, &r));
}

int
store_ready_each(struct store *st, const char *uid,
    int (*cb)(void *, const struct store_ready *), void *ctx, char **cause)
{
	struct ready_cb		c = { .cb = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid) };

	/* one pod's through its index: "?1 IS NULL OR" would read all */
	return (store_run(st, "pod_obs", uid != NULL ? "SELECT uid, ready, "
	    "ready_us, observed_us FROM pod_obs WHERE uid = ?1 AND ready IN "
	    "(0, 1) ORDER BY uid" : "SELECT uid, ready, ready_us, "
	    "observed_us FROM pod_obs WHERE uid IS NOT NULL AND ready IN "
	    "(0, 1) ORDER BY uid", p, uid != NULL ? 1 : 0, ready_row, &c,
	    cause) == -1 ? -1 : 0);
}

int
store_ready_last(struct store *st, int64_t *last_us, char **cause)
{
	int	rc;

	*last_us = TIME_NONE;
	rc = store_ints(st, "pod_obs", "SELECT max(observed_us) FROM pod_obs "
	    "WHERE uid IS NOT NULL AND ready IN (0, 1)", NULL, 0, last_us, 1,
	    TIME_NONE, cause);
	return (rc < 0 ? -1 : 0);
}

static int
probe_row(void *ctx, sqlite3_stmt *s)
{
	struct store_probe_fail	*r = rows_add(ctx, sizeof *r);

	r->uid = store_col_str(s, 0);
	r->namespace = store_col_str(s, 1);
	r->pod = store_col_str(s, 2);
	r->first_us = store_col_int(s, 3, TIME_NONE);
	r->last_us = store_col_int(s, 4, TIME_NONE);
	r->count = store_col_int(s, 5, 1);
	r->message = store_col_str(s, 6);
	return (0);
}

int
store_probe_fails(struct store *st, struct store_probe_fail **out,
    size_t *n, char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "events", "SELECT obj_uid, coalesce(obj_namespace, "
	    "namespace), obj_name, coalesce(first_us, time_us), "
	    "coalesce(last_us, time_us), count, message FROM events WHERE "
	    "obj_kind = 'Pod' AND reason = 'Unhealthy' AND message LIKE "
	    "'Readiness probe %' ORDER BY coalesce(first_us, time_us)", NULL,
	    0, probe_row, &a, cause) != 0) {
		store_probe_fails_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
	return (0);
}

void
store_probe_fails_free(struct store_probe_fail *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].uid);
		free(v[i].namespace);
		free(v[i].pod);
		free(v[i].message);
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
store_pod_totals(struct store *st, const char *uids_json,
    struct store_pod_total **out, size_t *n, char **cause)
{
	static const char *const all[] = {
		"SELECT pod_uid, requests, failed, 0 FROM pod_traffic",
		"SELECT pod_uid, 0, 0, count(*) FROM missing_records WHERE "
		    "pod_uid IS NOT NULL GROUP BY pod_uid",
	};
	static const char *const some[] = {
		"SELECT pod_uid, requests, failed, 0 FROM pod_traffic WHERE "
		    "pod_uid IN (SELECT value FROM json_each(?1))",
		"SELECT pod_uid, 0, 0, count(*) FROM missing_records WHERE "
		    "pod_uid IN (SELECT value FROM json_each(?1)) GROUP BY "
		    "pod_uid",
	};
	const struct qparam	 p[] = { QP_S(uids_json) };
	struct rows_out		 a = { 0 };
	size_t			 i;

	for (i = 0; i < sizeof all / sizeof all[0]; i++) {
		if (store_run(st, "pod totals", uids_json != NULL ? some[i] :
		    all[i], p, uids_json != NULL, total_row, &a, cause) != 0) {
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

static int
rs_traffic_row(void *ctx, sqlite3_stmt *s)
{
	struct store_rs_traffic	*t = rows_add(ctx, sizeof *t);

	t->namespace = store_col_str(s, 0);
	t->rs = store_col_str(s, 1);
	t->requests = sqlite3_column_int64(s, 2);
	t->errors = sqlite3_column_int64(s, 3);
	t->conn_failures = sqlite3_column_int64(s, 4);
	return (0);
}

int
store_rs_traffic(struct store *st, struct store_rs_traffic **out,
    size_t *n, char **cause)
{
	struct rows_out	a = { 0 };

	if (store_run(st, "ReplicaSet traffic", "SELECT namespace, rs, "
	    "requests, errors, conn_failures FROM rs_traffic ORDER BY "
	    "namespace, rs", NULL, 0, rs_traffic_row, &a, cause) != 0) {
		store_rs_traffic_free(a.v, a.n);
		return (-1);
	}
	*out = a.v;
	*n = a.n;
	return (0);
}

int
store_rs_traffic_derive(struct store *st, char **cause)
{
	/*
	 * Only the sets a rollout went from or to, which the view reads,
	 * their pods found by name through pods_name (a ReplicaSet names
	 * its pods "SET-xxxxx") and kept by owner: a scan of every pod and
	 * bucket took 0.5 s at 100,000 pods with no rollout at all
	 */
	return (store_exec(st, "INSERT INTO rs_traffic (namespace, rs, "
	    "requests, errors, conn_failures) SELECT r.namespace, r.rs, "
	    "sum(b.requests), sum(b.errors), sum(b.conn_failures) FROM "
	    "(SELECT namespace, new_rs AS rs FROM rollouts UNION SELECT "
	    "namespace, old_rs FROM rollouts) r JOIN pods p ON p.namespace = "
	    "r.namespace AND p.name > r.rs || '-' AND p.name < r.rs || '.' "
	    "AND p.owner_kind = 'ReplicaSet' AND p.owner_name = r.rs JOIN "
	    "buckets b ON b.pod_uid = p.uid GROUP BY r.namespace, r.rs",
	    cause));
}

void
store_rs_traffic_free(struct store_rs_traffic *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].namespace);
		free(v[i].rs);
	}
	free(v);
}

static int
workload_traffic_row(void *ctx, sqlite3_stmt *s)
{
	int64_t	*v = ctx;

	v[0] = store_col_int(s, 0, 0);
	v[1] = store_col_int(s, 1, 0);
	return (0);
}

int
store_workload_traffic(struct store *st, const char *ns,
    const char *workload, int64_t from_s, int64_t to_s, int64_t *requests,
    int64_t *failed, char **cause)
{
	const struct qparam	p[] = {
		QP_S(ns), QP_S(workload), QP_I(from_s), QP_I(to_s)
	};
	int64_t			v[2] = { 0, 0 };
	int			rc;

	rc = store_run(st, "workload traffic", "SELECT sum(requests), "
	    "sum(max(errors, conn_failures)) FROM workload_seconds WHERE "
	    "namespace IS ?1 AND workload IS ?2 AND second BETWEEN ?3 AND ?4",
	    p, 4, workload_traffic_row, v, cause);
	*requests = v[0];
	*failed = v[1];
	return (rc);
}

static int
node_lost_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_node_lost	 l;

	l.pod_uid = store_col_text(s, 0);
	l.pod = store_col_text(s, 1);
	l.namespace = store_col_text(s, 2);
	l.workload = store_col_text(s, 3);
	l.node = store_col_text(s, 4);
	l.container = store_col_text(s, 5);
	l.restarts = store_col_int(s, 6, INT_NONE);
	l.finished_us = store_col_int(s, 7, TIME_NONE);
	l.restarted_us = store_col_int(s, 8, TIME_NONE);
	l.exit_code = store_col_int(s, 9, INT_NONE);
	l.reason = store_col_text(s, 10);
	return (c->lost(c->ctx, &l));
}

int
store_node_lost(struct store *st,
    int (*cb)(void *, const struct store_node_lost *), void *ctx,
    char **cause)
{
	struct store_cb	c = { .lost = cb, .ctx = ctx };

	/* ROW_POD's order, then ROW_TERMINATION's, then as written */
	return (store_run(st, "terminations", "SELECT p.uid, p.name, "
	    "p.namespace, p.workload, p.node, t.container, c.restarts, "
	    "t.finished_us, t.restarted_us, t.exit_code, t.reason FROM "
	    "terminations t JOIN pods p ON p.uid = t.pod_uid JOIN containers "
	    "c ON c.pod_uid = t.pod_uid AND c.name = t.container WHERE "
	    "t.cause = 'node-restart' AND t.reason = 'Unknown' AND "
	    "t.finished_us IS NOT NULL AND p.node IS NOT NULL ORDER BY "
	    "p.namespace, p.workload, coalesce(p.deletion_us, p.created_us), "
	    "p.name, p.uid, t.container, t.finished_us, t.rowid", NULL, 0,
	    node_lost_row, &c, cause));
}

static int
job_pod_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;

	return (c->job_pod(c->ctx, store_col_text(s, 0), store_col_text(s, 1),
	    store_col_text(s, 2)));
}

int
store_job_pods(struct store *st,
    int (*cb)(void *, const char *, const char *, const char *), void *ctx,
    char **cause)
{
	struct store_cb	c = { .job_pod = cb, .ctx = ctx };

	/* ROW_POD's order */
	return (store_run(st, "pods", "SELECT namespace, owner_name, workload "
	    "FROM pods WHERE owner_kind = 'Job' AND owner_name IS NOT NULL "
	    "ORDER BY namespace, workload, coalesce(deletion_us, created_us), "
	    "name, uid", NULL, 0, job_pod_row, &c, cause));
}

static int
term_pod_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct store_term_pod	 t;

	t.uid = store_col_text(s, 0);
	t.name = store_col_text(s, 1);
	t.namespace = store_col_text(s, 2);
	t.workload = store_col_text(s, 3);
	t.deletion_us = store_col_int(s, 4, TIME_NONE);
	t.gone_us = store_col_int(s, 5, TIME_NONE);
	t.deadline_us = store_col_int(s, 6, TIME_NONE);
	t.grace_s = store_col_int(s, 7, INT_NONE);
	return (c->term_pod(c->ctx, &t));
}

int
store_term_pods(struct store *st,
    int (*cb)(void *, const struct store_term_pod *), void *ctx,
    char **cause)
{
	struct store_cb	c = { .term_pod = cb, .ctx = ctx };

	/* ROW_POD's order: coalesce(deletion_us, created_us) is deletion_us */
	return (store_run(st, "pods", "SELECT uid, name, namespace, workload, "
	    "deletion_us, gone_us, deadline_us, grace_s FROM pods WHERE "
	    "deletion_us IS NOT NULL ORDER BY namespace, workload, "
	    "deletion_us, name, uid", NULL, 0, term_pod_row, &c, cause));
}
