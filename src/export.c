/*
 * export.c: the fleet export (export.h, coroner(1), FLEET EXPORT).  Each
 * exported file is an entry of files[] below: its table's columns, each
 * with its type and where its value lies in the row the store reads, and
 * the key that makes a row loaded again replace the earlier one.  The
 * NDJSON rows and the DDL of a dialect (dialects[]: ClickHouse) are both
 * written from those tables.  Rows are read from the store one at a time
 * (store-export.h) and written as they come: memory does not grow with
 * the incident.  Text from the data goes through jansson and out_json,
 * as in every JSON coroner writes: a newline or a control byte in a name
 * never breaks a line.  No SQL, no curses.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "export.h"
#include "jsonval.h"
#include "model.h"
#include "out.h"
#include "report.h"
#include "store-export.h"
#include "timefmt.h"

/* What a column holds, and how it is written. */
enum xtype {
	XT_STR,		/* const char *: a string, NULL null */
	XT_INT,		/* int64_t: an integer, INT_NONE null */
	XT_TIME,	/* int64_t microseconds since the epoch: two columns,
			   NAME_us (the integer) and NAME (RFC 3339 UTC with
			   milliseconds), TIME_NONE null */
	XT_BOOL,	/* int: true or false */
	XT_MS,		/* int64_t milliseconds, written as seconds, INT_NONE
			   null */
	XT_SINCE,	/* int64_t time at off minus the time at off2, in
			   seconds to the millisecond; null when either is
			   TIME_NONE */
	XT_JSON,	/* const char *: JSON text, kept as a string */
	XT_NAMES,	/* const char *: a JSON array of strings (a finding's
			   pods), written as that array */
	XT_LIST,	/* json_t *: an array of strings, borrowed */
	XT_ROW,		/* the row's number in its file, from 1 */
	XT_CAUSE	/* enum end_cause: its name, EC_NONE null */
};

/* One column of an exported table. */
struct xcol {
	const char	*name;		/* in the JSON and the table */
	const char	*name_us;	/* XT_TIME: NAME_us */
	enum xtype	 type;
	size_t		 off;		/* offsetof its value in the row */
	size_t		 off2;		/* XT_SINCE: of the time it counts
					   from */
	int		 notnull;	/* never null (keys, counts): NULL is
					   written "" and INT_NONE 0 */
};

#define C(s, n, t, f)	{ .name = n, .type = t, .off = offsetof(s, f) }
#define K(s, n, t, f)	{ .name = n, .type = t, .off = offsetof(s, f), \
	.notnull = 1 }
#define T(s, n, f)	{ .name = n, .name_us = n "_us", .type = XT_TIME, \
	.off = offsetof(s, f) }
#define KT(s, n, f)	{ .name = n, .name_us = n "_us", .type = XT_TIME, \
	.off = offsetof(s, f), .notnull = 1 }
#define ROWNUM(n)	{ .name = n, .type = XT_ROW, .notnull = 1 }
#define SINCE(s, n, f, g) { .name = n, .type = XT_SINCE,		\
	.off = offsetof(s, f), .off2 = offsetof(s, g) }
#define END		{ .name = NULL }

/* The incidents row: what export_write() gathers before writing it. */
struct xincident {
	int64_t		 start_us;	/* the incident's window */
	int64_t		 end_us;
	const char	*basis;		/* how the window was found */
	int64_t		 sources;	/* inputs */
	json_t		*hashes;	/* owned: their identities, sorted */
	json_t		*paths;		/* owned: each one's path, */
	json_t		*members;	/* its member ("" for none), */
	json_t		*formats;	/* and its importer, in that order */
	int64_t		 records;	/* records stored from them */
	int64_t		 rejected;	/* pieces rejected */
	int64_t		 pods;		/* the report's summary */
	int64_t		 rollouts;
	int64_t		 requests;
	int64_t		 failed_requests;
	int64_t		 deaths;	/* rows of deaths.ndjson */
	int64_t		 findings;	/* rows of findings.ndjson */
	const char	*version;	/* coroner's */
};

#define I	struct xincident
static const struct xcol incident_cols[] = {
	T(I, "window_start", start_us),
	T(I, "window_end", end_us),
	C(I, "window_basis", XT_STR, basis),
	K(I, "sources", XT_INT, sources),
	C(I, "source_hashes", XT_LIST, hashes),
	C(I, "source_paths", XT_LIST, paths),
	C(I, "source_members", XT_LIST, members),
	C(I, "source_formats", XT_LIST, formats),
	K(I, "records", XT_INT, records),
	K(I, "rejected", XT_INT, rejected),
	K(I, "pods", XT_INT, pods),
	K(I, "deaths", XT_INT, deaths),
	K(I, "findings", XT_INT, findings),
	K(I, "rollouts", XT_INT, rollouts),
	K(I, "requests", XT_INT, requests),
	K(I, "failed_requests", XT_INT, failed_requests),
	K(I, "coroner_version", XT_STR, version),
	END
};
#undef I

/* The pods: the names of "coroner pods --json". */
#define P	struct store_xpod
static const struct xcol pod_cols[] = {
	C(P, "namespace", XT_STR, p.namespace),
	C(P, "name", XT_STR, p.name),
	K(P, "uid", XT_STR, p.uid),
	C(P, "workload_kind", XT_STR, p.workload_kind),
	C(P, "workload", XT_STR, p.workload),
	C(P, "node", XT_STR, p.node),
	C(P, "ip", XT_STR, p.ip),
	C(P, "phase", XT_STR, p.phase),
	T(P, "created", p.created_us),
	T(P, "deletion", p.deletion_us),
	T(P, "sigterm", p.sigterm_us),
	T(P, "deadline", p.deadline_us),
	T(P, "gone", p.gone_us),
	C(P, "grace_s", XT_INT, p.grace_s),
	C(P, "prestop_s", XT_MS, p.prestop_ms),
	C(P, "spec_grace_s", XT_INT, p.spec_grace_s),
	C(P, "deletion_basis", XT_STR, p.deletion_from),
	C(P, "deletion_by", XT_STR, p.deletion_by),
	C(P, "deletion_via", XT_STR, p.deletion_via),
	C(P, "deletion_cause", XT_STR, p.deletion_cause),
	T(P, "endpoint_terminating", p.endpoint_terminating_us),
	T(P, "endpoint_gone", p.endpoint_gone_us),
	C(P, "killed", XT_BOOL, p.killed),
	C(P, "ended_by", XT_CAUSE, p.ended_by),
	C(P, "reason", XT_STR, p.reason),
	K(P, "requests", XT_INT, requests),
	K(P, "failed", XT_INT, failed),
	K(P, "missing_records", XT_INT, missing),
	END
};
#undef P

/* The deaths: a container's as "pods --json" and the evidence name it. */
#define D	struct store_xdeath
static const struct xcol death_cols[] = {
	C(D, "namespace", XT_STR, namespace),
	C(D, "pod", XT_STR, pod),
	K(D, "pod_uid", XT_STR, t.pod_uid),
	C(D, "workload_kind", XT_STR, workload_kind),
	C(D, "workload", XT_STR, workload),
	C(D, "node", XT_STR, node),
	K(D, "container", XT_STR, t.container),
	K(D, "seq", XT_INT, seq),
	C(D, "init", XT_BOOL, t.init),
	C(D, "sidecar", XT_BOOL, sidecar),
	C(D, "native", XT_BOOL, native_sidecar),
	C(D, "instance", XT_INT, t.instance),
	T(D, "started", t.started_us),
	T(D, "finished", t.finished_us),
	C(D, "exit_code", XT_INT, t.exit_code),
	C(D, "signal", XT_INT, t.signal),
	C(D, "reason", XT_STR, t.reason),
	C(D, "message", XT_STR, t.message),
	C(D, "cause", XT_CAUSE, t.cause),
	C(D, "cause_basis", XT_STR, t.cause_basis),
	C(D, "basis", XT_STR, t.basis),
	T(D, "restarted", t.restarted_us),
	T(D, "deletion", deletion_us),
	C(D, "grace_s", XT_INT, grace_s),
	C(D, "prestop_s", XT_MS, prestop_ms),
	T(D, "sigterm", sigterm_us),
	T(D, "deadline", deadline_us),
	C(D, "killed_at_deadline", XT_BOOL, killed_at_deadline),
	SINCE(D, "after_deletion_s", t.finished_us, deletion_us),
	SINCE(D, "after_sigterm_s", t.finished_us, sigterm_us),
	C(D, "deletion_cause", XT_STR, deletion_cause),
	C(D, "deletion_by", XT_STR, deletion_by),
	END
};
#undef D

/* The findings: the report JSON's names, evidence as JSON text. */
#define F	struct row_finding
static const struct xcol finding_cols[] = {
	K(F, "id", XT_INT, id),
	C(F, "kind", XT_STR, kind),
	C(F, "severity", XT_STR, severity),
	C(F, "namespace", XT_STR, namespace),
	C(F, "workload", XT_STR, workload),
	C(F, "pods", XT_NAMES, pods),
	T(F, "start", start_us),
	T(F, "end", end_us),
	C(F, "summary", XT_STR, summary),
	C(F, "evidence", XT_JSON, evidence),
	C(F, "recommendation", XT_STR, recommendation),
	END
};
#undef F

#define FP	struct store_xfinding_pod
static const struct xcol finding_pod_cols[] = {
	K(FP, "finding_id", XT_INT, finding_id),
	C(FP, "kind", XT_STR, kind),
	K(FP, "pod_uid", XT_STR, pod_uid),
	C(FP, "namespace", XT_STR, namespace),
	C(FP, "pod", XT_STR, pod),
	C(FP, "workload", XT_STR, workload),
	END
};
#undef FP

/* The rollouts, with the deploy markers of the TUI's Rollouts view. */
#define R	struct store_xrollout
static const struct xcol rollout_cols[] = {
	ROWNUM("id"),
	C(R, "rollout", XT_BOOL, rollout),
	C(R, "namespace", XT_STR, r.namespace),
	C(R, "deployment", XT_STR, r.deployment),
	C(R, "new_rs", XT_STR, r.new_rs),
	C(R, "old_rs", XT_STR, r.old_rs),
	C(R, "revision", XT_INT, r.revision),
	T(R, "start", r.start_us),
	T(R, "end", r.end_us),
	C(R, "basis", XT_STR, r.basis),
	C(R, "tool", XT_STR, r.tool),
	C(R, "deploy_revision", XT_STR, r.deploy_revision),
	C(R, "deployed_by", XT_STR, r.deployed_by),
	C(R, "deploy_basis", XT_STR, r.deploy_basis),
	C(R, "release", XT_STR, d.name),
	C(R, "deploy_source", XT_STR, d.source),
	C(R, "deploy_status", XT_STR, d.status),
	C(R, "deploy_description", XT_STR, d.description),
	C(R, "rollback_to", XT_STR, d.rollback_to),
	T(R, "deploy_start", d.start_us),
	T(R, "deploy_end", d.end_us),
	END
};
#undef R

#define M	struct store_xminute
static const struct xcol traffic_cols[] = {
	C(M, "namespace", XT_STR, namespace),
	C(M, "workload", XT_STR, workload),
	KT(M, "minute", minute_us),
	K(M, "requests", XT_INT, requests),
	K(M, "failed", XT_INT, failed),
	K(M, "errors", XT_INT, errors),
	K(M, "conn_failures", XT_INT, conn_failures),
	END
};
#undef M

/* Where a file's rows come from. */
enum xfrom {
	XF_STORE,		/* store_export_each(), what says which */
	XF_FINDINGS,		/* the model's findings (struct
				   row_finding) */
	XF_INCIDENT		/* the incidents row export_write()
				   gathered */
};

/* One exported table, and its file NAME.ndjson. */
struct xfile {
	const char		*name;	/* "deaths" */
	const struct xcol	*cols;
	const char		*key;	/* what identifies a row of one
					   incident: the ORDER BY after
					   cluster and incident (ClickHouse
					   SQL), or NULL for the incident's
					   one row */
	enum xfrom		 from;
	enum store_xtable	 what;	/* XF_STORE: the rows read */
	size_t			 count;	/* offsetof the count of its rows in
					   struct export_stats, or SIZE_MAX */
};

/* An export being written. */
struct xwriter {
	struct store		*st;
	const char		*cluster;
	char			 incident[SHA256_HEX_LEN];
	char			 date[16];	/* incident_date: the day the
						   window starts, UTC */
	struct xincident	 inc;
	struct store_summary	 sum;		/* what inc's window and
						   counts point into */
	json_t			*head[4];	/* what begins every row:
						   schema, cluster, incident,
						   incident_date (owned) */
	const struct xfile	*xf;		/* the file being written */
	FILE			*f;
	int64_t			 rows;		/* rows written to f */
	int			 err;		/* errno of a failed write */
	char			**cause;	/* the store's, when it fails */
};

#define NO_COUNT	SIZE_MAX
/*
 * The incident first; its file is written last, when all is known, so
 * that a loader that reads it last loads a whole export.
 */
static const struct xfile files[] = {
	{ .name = "incidents", .cols = incident_cols, .key = NULL,
	    .from = XF_INCIDENT, .count = NO_COUNT },
	{ .name = "pods", .cols = pod_cols, .key = "uid",
	    .from = XF_STORE, .what = SX_PODS,
	    .count = offsetof(struct export_stats, pods) },
	{ .name = "deaths", .cols = death_cols,
	    .key = "pod_uid, container, seq",
	    .from = XF_STORE, .what = SX_DEATHS,
	    .count = offsetof(struct export_stats, deaths) },
	{ .name = "findings", .cols = finding_cols, .key = "id",
	    .from = XF_FINDINGS,
	    .count = offsetof(struct export_stats, findings) },
	{ .name = "finding_pods", .cols = finding_pod_cols,
	    .key = "finding_id, pod_uid",
	    .from = XF_STORE, .what = SX_FINDING_PODS, .count = NO_COUNT },
	{ .name = "rollouts", .cols = rollout_cols, .key = "id",
	    .from = XF_STORE, .what = SX_ROLLOUTS,
	    .count = offsetof(struct export_stats, rollouts) },
	{ .name = "traffic", .cols = traffic_cols,
	    .key = "minute_us, ifNull(namespace, ''), ifNull(workload, '')",
	    .from = XF_STORE, .what = SX_TRAFFIC,
	    .count = offsetof(struct export_stats, minutes) },
};
#define NFILES	(sizeof files / sizeof files[0])

/* The DDL's file, beside the tables' files. */
#define SCHEMA_FILE	"schema.sql"
/* How it begins (export_dir_check knows an export's file by it). */
#define SCHEMA_HEAD	"-- coroner export schema"
/* How every row begins. */
#define ROW_HEAD	"{\"schema\":"

/* The types a column can have in a dialect. */
enum xbase {
	XB_STRING,
	XB_INT,
	XB_REAL,
	XB_BOOL,
	XB_DATE,
	XB_VERSION,		/* the schema's number */
	XB_NAMES,		/* an array of strings */
	XB__COUNT
};

/* How one engine's SQL says the tables. */
struct xdialect {
	const char	*name;		/* what --schema takes */
	const char	*title;		/* for the header */
	const char	*types[XB__COUNT];
	const char	*null_open;	/* around a type that may be null */
	const char	*null_close;
	const char	*database;	/* creates the database */
	const char	*table;		/* opens a table, before its name */
	const char	*columns;	/* after its name, before its columns */
	const char	*key;		/* after them, before what identifies
					   a row of an incident */
	const char	*end;		/* after that */
};

/*
 * ClickHouse, as Debian's 18.16 and today's both take it (the README says
 * what was left out for 18.16): one ReplacingMergeTree per file, a month
 * a partition, ordered by the row's identity in its incident, so that an
 * incident loaded again replaces its rows (queries use FINAL).
 */
static const struct xdialect dialects[] = {
	{ .name = "clickhouse", .title = "ClickHouse",
	  .types = {
	    [XB_STRING] = "String", [XB_INT] = "Int64",
	    [XB_REAL] = "Float64", [XB_BOOL] = "UInt8", [XB_DATE] = "Date",
	    [XB_VERSION] = "UInt32", [XB_NAMES] = "Array(String)" },
	  .null_open = "Nullable(", .null_close = ")",
	  .database = "CREATE DATABASE IF NOT EXISTS coroner;\n",
	  .table = "\nCREATE TABLE IF NOT EXISTS coroner.",
	  .columns = " (\n",
	  .key = "\n) ENGINE = ReplacingMergeTree()\n"
	    "PARTITION BY toYYYYMM(incident_date)\n"
	    "ORDER BY (cluster, incident",
	  .end = ");\n" },
};

static int64_t
i64_at(const void *row, size_t off)
{
	int64_t	v;

	memcpy(&v, (const char *)row + off, sizeof v);
	return (v);
}

static const char *
str_at(const void *row, size_t off)
{
	const char	*s;

	memcpy(&s, (const char *)row + off, sizeof s);
	return (s);
}

/* A JSON array of strings from its text; an empty one when it is not. */
static json_t *
names_of(const char *text)
{
	json_t	*a, *v;
	size_t	 i;

	if (text == NULL ||
	    (a = json_loads(text, JSON_DECODE_ANY, NULL)) == NULL)
		return (json_array());
	if (!json_is_array(a)) {
		json_decref(a);
		return (json_array());
	}
	json_array_foreach(a, i, v) {
		if (!json_is_string(v)) {
			json_decref(a);
			return (json_array());
		}
	}
	return (a);
}

/* Sets column c of row in o. */
static void
put_col(json_t *o, const struct xcol *c, const void *row, int64_t rownum)
{
	const char	*s;
	json_t		*l;
	int64_t		 v, w;
	int		 b;

	switch (c->type) {
	case XT_STR:
	case XT_JSON:
		s = str_at(row, c->off);
		json_object_set_new(o, c->name, s == NULL && c->notnull ?
		    json_string("") : jv_str(s));
		break;
	case XT_INT:
		v = i64_at(row, c->off);
		json_object_set_new(o, c->name, v == INT_NONE && c->notnull ?
		    json_integer(0) : jv_int(v));
		break;
	case XT_TIME:
		v = i64_at(row, c->off);
		if (v == TIME_NONE && c->notnull)
			v = 0;
		json_object_set_new(o, c->name_us, jv_int(v));
		json_object_set_new(o, c->name, jv_time(v));
		break;
	case XT_BOOL:
		memcpy(&b, (const char *)row + c->off, sizeof b);
		json_object_set_new(o, c->name, json_boolean(b));
		break;
	case XT_MS:
		v = i64_at(row, c->off);
		json_object_set_new(o, c->name, v == INT_NONE ? json_null() :
		    json_real((double)v / 1000));
		break;
	case XT_SINCE:
		v = i64_at(row, c->off);
		w = i64_at(row, c->off2);
		json_object_set_new(o, c->name, v == TIME_NONE ||
		    w == TIME_NONE ? json_null() : jv_secs(v - w));
		break;
	case XT_NAMES:
		json_object_set_new(o, c->name, names_of(str_at(row,
		    c->off)));
		break;
	case XT_LIST:
		memcpy(&l, (const char *)row + c->off, sizeof l);
		json_object_set(o, c->name, l);
		break;
	case XT_ROW:
		json_object_set_new(o, c->name, json_integer(rownum));
		break;
	case XT_CAUSE:
		memcpy(&b, (const char *)row + c->off, sizeof b);
		json_object_set_new(o, c->name, jv_str(end_cause_name(b)));
		break;
	}
}

/* Writes one row of the file being written. */
static int
put_row(void *ctx, const void *row)
{
	struct xwriter		*w = ctx;
	const struct xcol	*c;
	json_t			*o;
	int			 rc;

	errno = 0;
	o = json_object();
	json_object_set(o, "schema", w->head[0]);
	json_object_set(o, "cluster", w->head[1]);
	json_object_set(o, "incident", w->head[2]);
	json_object_set(o, "incident_date", w->head[3]);
	for (c = w->xf->cols; c->name != NULL; c++)
		put_col(o, c, row, w->rows + 1);
	rc = out_json(w->f, o, JSON_COMPACT | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(15));
	json_decref(o);
	if (rc != 0) {
		w->err = errno != 0 ? errno : EIO;
		return (1);
	}
	w->rows++;
	return (0);
}

/* Reads the rows of the file being written, calling cb with each. */
static int
each_row(struct xwriter *w, int (*cb)(void *, const void *))
{
	switch (w->xf->from) {
	case XF_STORE:
		return (store_export_each(w->st, w->xf->what, cb, w,
		    w->cause));
	case XF_FINDINGS:
		return (store_model_scan(w->st, ROW_FINDING, cb, w, w->cause));
	case XF_INCIDENT:
		return (cb(w, &w->inc));
	}
	return (-1);
}

/* Fills f with the rows of the file w->xf (report_write_atomic). */
static int
write_rows(void *ctx, FILE *f, char **cause)
{
	struct xwriter	*w = ctx;
	int		 rc;

	w->f = f;
	w->rows = 0;
	w->err = 0;
	w->cause = cause;
	rc = each_row(w, put_row);
	if (rc == 0)
		return (0);
	if (w->err != 0)
		*cause = xasprintf("writing %s.ndjson: %s", w->xf->name,
		    strerror(w->err));
	else if (*cause == NULL)
		*cause = xasprintf("reading the %s", w->xf->name);
	return (-1);
}

/* The sources' identities, and what the incidents row says of them. */
struct xsources {
	struct sha256		 h;	/* of the identities, sorted */
	struct xincident	*inc;	/* the incidents row */
};

static int
add_source(void *ctx, const void *row)
{
	struct xsources			*xs = ctx;
	const struct store_xsource	*s = row;
	struct xincident		*inc = xs->inc;

	sha256_update(&xs->h, s->hash, strlen(s->hash));
	sha256_update(&xs->h, "\n", 1);
	inc->sources++;
	json_array_append_new(inc->hashes, jv_str(s->hash));
	json_array_append_new(inc->paths, jv_str(s->path));
	json_array_append_new(inc->members, jv_str(s->member != NULL ?
	    s->member : ""));
	json_array_append_new(inc->formats, jv_str(s->format));
	inc->records += s->rows;
	inc->rejected += s->rejected;
	return (0);
}

/* Reads the sources: the incident's id into out, and inc's sources. */
static int
read_sources(struct store *st, char out[SHA256_HEX_LEN],
    struct xincident *inc, char **cause)
{
	struct xsources	xs = { .inc = inc };
	int		rc;

	sha256_init(&xs.h);
	rc = store_export_each(st, SX_SOURCES, add_source, &xs, cause);
	if (rc == 0)
		sha256_hex(&xs.h, out);
	sha256_free(&xs.h);
	return (rc == 0 ? 0 : -1);
}

static const struct xdialect *
dialect_of(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof dialects / sizeof dialects[0]; i++) {
		if (strcmp(dialects[i].name, name) == 0)
			return (&dialects[i]);
	}
	return (NULL);
}

/* One column of a CREATE TABLE, after a comma unless it is the first. */
static void
ddl_col(struct buf *b, const struct xdialect *dl, const char *name,
    enum xbase base, int notnull, int *n)
{
	int	null = !notnull && base != XB_BOOL && base != XB_NAMES;

	buf_printf(b, "%s    %s %s%s%s", (*n)++ > 0 ? ",\n" : "", name,
	    null ? dl->null_open : "", dl->types[base],
	    null ? dl->null_close : "");
}

/* The CREATE TABLE of one file. */
static void
ddl_table(struct buf *b, const struct xdialect *dl, const struct xfile *xf)
{
	static const enum xbase	 bases[] = {
		[XT_STR] = XB_STRING, [XT_INT] = XB_INT, [XT_TIME] = XB_INT,
		[XT_BOOL] = XB_BOOL, [XT_MS] = XB_REAL, [XT_SINCE] = XB_REAL,
		[XT_JSON] = XB_STRING, [XT_NAMES] = XB_NAMES,
		[XT_LIST] = XB_NAMES, [XT_ROW] = XB_INT,
		[XT_CAUSE] = XB_STRING
	};
	const struct xcol	*c;
	int			 n = 0;

	buf_printf(b, "%s%s%s", dl->table, xf->name, dl->columns);
	ddl_col(b, dl, "schema", XB_VERSION, 1, &n);
	ddl_col(b, dl, "cluster", XB_STRING, 1, &n);
	ddl_col(b, dl, "incident", XB_STRING, 1, &n);
	ddl_col(b, dl, "incident_date", XB_DATE, 1, &n);
	for (c = xf->cols; c->name != NULL; c++) {
		if (c->type == XT_TIME) {
			ddl_col(b, dl, c->name_us, XB_INT, c->notnull, &n);
			ddl_col(b, dl, c->name, XB_STRING, c->notnull, &n);
		} else
			ddl_col(b, dl, c->name, bases[c->type], c->notnull,
			    &n);
	}
	buf_printf(b, "%s%s%s%s", dl->key, xf->key != NULL ? ", " : "",
	    xf->key != NULL ? xf->key : "", dl->end);
}

int
export_schema(FILE *out, const char *dialect, char **cause)
{
	const struct xdialect	*dl;
	struct buf		 b = { 0 };
	size_t			 i;
	int			 rc;

	if ((dl = dialect_of(dialect)) == NULL) {
		*cause = xasprintf("no SQL dialect '%s' (clickhouse)", dialect);
		return (-1);
	}
	buf_printf(&b, SCHEMA_HEAD " %d, for %s: the tables of\n"
	    "-- coroner(1), FLEET EXPORT.  Each file NAME.ndjson of an export "
	    "loads\n-- into coroner.NAME as it is:\n--   clickhouse-client "
	    "--query \"INSERT INTO coroner.deaths FORMAT JSONEachRow\" \\\n"
	    "--       < deaths.ndjson\n-- Query with FINAL: an incident loaded "
	    "again replaces its rows.\n", EXPORT_SCHEMA, dl->title);
	buf_puts(&b, dl->database);
	for (i = 0; i < NFILES; i++)
		ddl_table(&b, dl, &files[i]);
	rc = out_lines(out, b.data);
	buf_free(&b);
	if (rc < 0 || fflush(out) != 0) {
		*cause = xasprintf("writing the schema: %s", strerror(errno));
		return (-1);
	}
	return (0);
}

static int
write_schema(void *ctx, FILE *f, char **cause)
{
	(void)ctx;
	return (export_schema(f, "clickhouse", cause));
}

/*
 * Whether path may be replaced by an export's file: missing, empty, or
 * beginning as one does (head).  Returns 0, or -1 with a new *cause.
 */
static int
replaceable(const char *path, const char *head, char **cause)
{
	struct stat	 sb;
	char		 b[64];
	size_t		 n;
	FILE		*f;

	if (stat(path, &sb) != 0)
		return (0);
	if (S_ISREG(sb.st_mode) && sb.st_size == 0)
		return (0);
	if (S_ISREG(sb.st_mode) && (f = fopen(path, "rb")) != NULL) {
		n = fread(b, 1, strlen(head), f);
		fclose(f);
		if (n == strlen(head) && memcmp(b, head, n) == 0)
			return (0);
	}
	*cause = xasprintf("%s is not a coroner export's: refused, left as "
	    "it was (export into another directory)", path);
	return (-1);
}

int
export_dir_check(const char *dir, char **cause)
{
	char	*path;
	size_t	 i;
	int	 rc;

	for (i = 0; i < NFILES; i++) {
		path = xasprintf("%s/%s.ndjson", dir, files[i].name);
		rc = replaceable(path, ROW_HEAD, cause);
		free(path);
		if (rc != 0)
			return (-1);
	}
	path = xasprintf("%s/" SCHEMA_FILE, dir);
	rc = replaceable(path, SCHEMA_HEAD, cause);
	free(path);
	return (rc);
}

/* Gathers the incidents row but for the counts of the files. */
static int
gather(struct xwriter *w, const char *version, char **cause)
{
	struct xincident	*inc = &w->inc;
	char			 t[TIME_FMT_LEN];

	inc->hashes = json_array();
	inc->paths = json_array();
	inc->members = json_array();
	inc->formats = json_array();
	inc->version = version;
	if (read_sources(w->st, w->incident, inc, cause) != 0 ||
	    store_summary(w->st, &w->sum, cause) != 0)
		return (-1);
	inc->start_us = w->sum.first_us;
	inc->end_us = w->sum.last_us;
	inc->basis = w->sum.basis;
	inc->pods = w->sum.pods;
	inc->rollouts = w->sum.rollouts;
	inc->requests = w->sum.requests;
	inc->failed_requests = w->sum.failed_requests;
	/* the partition: the day the window starts (the epoch's, none) */
	snprintf(w->date, sizeof w->date, "%.10s", inc->start_us == TIME_NONE ?
	    "1970-01-01" : time_format(inc->start_us, t));
	w->head[0] = json_integer(EXPORT_SCHEMA);
	w->head[1] = jv_str(w->cluster);
	w->head[2] = json_string(w->incident);
	w->head[3] = json_string(w->date);
	return (0);
}

int
export_write(struct store *st, const char *cluster, const char *dir,
    const char *version, struct export_stats *stats, char **cause)
{
	struct xwriter	 w;
	char		*path;
	size_t		 i;
	int		 rc = 0;

	memset(&w, 0, sizeof w);
	memset(stats, 0, sizeof *stats);
	w.st = st;
	w.cluster = cluster;
	if (gather(&w, version, cause) != 0)
		rc = -1;
	stats->rollouts_seen = w.sum.rollouts;
	for (i = 1; rc == 0 && i <= NFILES; i++) {
		w.xf = &files[i % NFILES];
		if (w.xf->from == XF_INCIDENT) {
			w.inc.deaths = stats->deaths;
			w.inc.findings = stats->findings;
		}
		path = xasprintf("%s/%s.ndjson", dir, w.xf->name);
		rc = report_write_atomic(path, write_rows, &w, cause);
		free(path);
		if (rc == 0 && w.xf->count != NO_COUNT)
			memcpy((char *)stats + w.xf->count, &w.rows,
			    sizeof w.rows);
	}
	if (rc == 0) {
		path = xasprintf("%s/" SCHEMA_FILE, dir);
		rc = report_write_atomic(path, write_schema, NULL, cause);
		free(path);
	}
	memcpy(stats->incident, w.incident, sizeof stats->incident);
	json_decref(w.inc.hashes);
	json_decref(w.inc.paths);
	json_decref(w.inc.members);
	json_decref(w.inc.formats);
	for (i = 0; i < sizeof w.head / sizeof w.head[0]; i++)
		json_decref(w.head[i]);
	return (rc);
}
