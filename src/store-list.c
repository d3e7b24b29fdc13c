/*
 * store-list.c: the reads of the pods list the analysis wrote (podlist.h):
 * a page of it, the places its filter matches, a lane's deaths over a
 * time, and the model's rows of a few pods named by uid; the findings
 * without their evidence, and one finding's evidence.  So a view reads
 * what it shows of a million pods and no more.  The tables are the
 * model's (store-schema.c).
 */
#include <string.h>

#include "store-int.h"
#include "timefmt.h"

int
store_pod_list(struct store *st, int64_t from_seq, int64_t to_seq,
    int (*cb)(void *, const void *), void *ctx, char **cause)
{
	const struct qparam	 p[] = { QP_I(from_seq), QP_I(to_seq) };

	return (store_scan_where(st, &row_descs[ROW_POD_LIST], "seq BETWEEN "
	    "?1 AND ?2", p, 2, cb, ctx, cause));
}

static int
seq_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb	*c = arg;

	return (c->seq(c->ctx, sqlite3_column_int64(s, 0)));
}

int
store_pod_list_matching(struct store *st, const char *needle,
    int (*cb)(void *, int64_t), void *ctx, char **cause)
{
	struct store_cb		 c = { .seq = cb, .ctx = ctx };
	const struct qparam	 p[] = { QP_S(needle) };

	/* lower case on both sides, as strcasestr: letters of ASCII */
	return (store_run(st, "pods list", "SELECT seq FROM pod_list WHERE "
	    "instr(search, lower(?1)) > 0 ORDER BY seq", p, 1, seq_row, &c,
	    cause));
}

int
store_lane_deaths(struct store *st, const char *ns, const char *wl,
    int64_t from_us, int64_t to_us, int (*cb)(void *, const void *),
    void *ctx, char **cause)
{
	const struct qparam	 p[] = {
		QP_S(ns), QP_S(wl), QP_I(from_us), QP_I(to_us)
	};

	return (store_scan_where(st, &row_descs[ROW_LANE_DEATH], "namespace "
	    "IS ?1 AND workload IS ?2 AND at_us >= ?3 AND at_us < ?4", p, 4,
	    cb, ctx, cause));
}

int
store_model_of_pods(struct store *st, enum row_type type,
    const char *uids_json, int (*cb)(void *, const void *), void *ctx,
    char **cause)
{
	const struct qparam	 p[] = { QP_S(uids_json) };

	if (type != ROW_POD && type != ROW_CONTAINER &&
	    type != ROW_TERMINATION)
		fatal("store_model_of_pods: rows of %s", row_descs[type].table);
	return (store_scan_where(st, &row_descs[type], type == ROW_POD ?
	    "uid IN (SELECT value FROM json_each(?1))" : "pod_uid IN (SELECT "
	    "value FROM json_each(?1))", p, 1, cb, ctx, cause));
}

int
store_pod_list_deleted_after(struct store *st, int64_t t_us,
    const char *needle, int64_t *seq, char **cause)
{
	const struct qparam	 p[] = {
		QP_I(t_us), QP_S(needle != NULL ? needle : "")
	};
	int64_t			 v[2];
	int			 rc;

	/* one pass over the list, no sort (a join with pods took 17 s at
	   1 M pods) */
	rc = store_ints(st, "pods list", "SELECT seq, min(deleted_us) FROM "
	    "pod_list WHERE deleted_us >= ?1 AND instr(search, lower(?2)) > 0",
	    p, 2, v, 2, INT64_MIN, cause);
	if (rc < 0)
		return (-1);
	*seq = v[0];
	return (rc == 1 && v[0] != INT64_MIN);
}

static int
brief_row(void *arg, sqlite3_stmt *s)
{
	struct store_cb		*c = arg;
	struct row_finding	 r;

	memset(&r, 0, sizeof r);
	r.id = sqlite3_column_int64(s, 0);
	r.kind = store_col_text(s, 1);
	r.severity = store_col_text(s, 2);
	r.namespace = store_col_text(s, 3);
	r.workload = store_col_text(s, 4);
	r.start_us = store_col_int(s, 5, TIME_NONE);
	r.end_us = store_col_int(s, 6, TIME_NONE);
	r.summary = store_col_text(s, 7);
	r.recommendation = store_col_text(s, 8);
	return (c->brief(c->ctx, &r, (size_t)sqlite3_column_int64(s, 9)));
}

int
store_findings_brief(struct store *st, int (*cb)(void *,
    const struct row_finding *, size_t), void *ctx, char **cause)
{
	struct store_cb	c = { .brief = cb, .ctx = ctx };

	return (store_run(st, "findings", "SELECT id, kind, severity, "
	    "namespace, workload, start_us, end_us, summary, recommendation, "
	    "npods FROM finding_list ORDER BY id", NULL, 0, brief_row, &c,
	    cause));
}

int
store_finding_list_derive(struct store *st, char **cause)
{
	/* the findings' rows are long (pods, evidence): a list of them
	   would read every page of them */
	return (store_exec(st, "INSERT INTO finding_list (id, kind, "
	    "severity, namespace, workload, start_us, end_us, summary, "
	    "recommendation, npods) SELECT f.id, f.kind, f.severity, "
	    "f.namespace, f.workload, f.start_us, f.end_us, f.summary, "
	    "f.recommendation, (SELECT count(*) FROM finding_pods p WHERE "
	    "p.finding_id = f.id) FROM findings f", cause));
}

int
store_finding_evidence(struct store *st, int64_t id, char **out,
    char **cause)
{
	const struct qparam	 p[] = { QP_I(id) };

	*out = NULL;
	return (store_run(st, "findings", "SELECT evidence FROM findings "
	    "WHERE id = ?1", p, 1, store_row_str, out, cause) < 0 ? -1 : 0);
}
