/*
 * store.c: the SQLite database (store.h).  The only file with SQL: the
 * schema and its migrations, the per-input transaction with content-hash
 * deduplication, and the statements every view and model reads through.
 * Record inserts are built from the record field tables (record.h), never
 * from user text; every value is a bound parameter.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "model.h"
#include "out.h"
#include "store.h"
#include "timefmt.h"
#include "util.h"

struct store {
	sqlite3		*db;			/* owned connection */
	char		*path;			/* owned: the database file */
	sqlite3		*ro;			/* owned read-only connection
						   for the user's queries, or
						   NULL until the first */
	sqlite3_stmt	*ins[REC__COUNT];	/* record inserts, owned */
	sqlite3_stmt	*row_ins[ROW__COUNT];	/* model row inserts, owned */
	int64_t		 source_id;		/* current input, or 0 */
	int64_t		 last_rowid;		/* of the last record put that
						   later records may link to */
	struct rec_request pending;		/* the last request put, until
						   its attempts are in */
	int		 pending_set;		/* pending holds a request */
	int		 pending_attempts;	/* attempts seen for it */
	int		 borrowing;		/* a request's strings live
						   until store_put_flush() */
	struct buf	 pending_str;		/* its strings, copied */
	int64_t		 next_req;		/* the next request's number */
	sqlite3_stmt	*req_ins;		/* requests insert, owned */
	sqlite3_stmt	*rs_ins;		/* store_rs_put's insert, owned
						   while the rebuild gathers
						   ReplicaSets */
	sqlite3_stmt	*owner_sel;		/* store_workload_owner's
						   query, owned */
	int		 writable;		/* the connection may write */
	int		 in_group;		/* a group of inputs is open:
						   inputs are savepoints of
						   one transaction */
	int64_t		 group_inputs;		/* inputs released in it */
	enum row_type	 rows_txn;		/* what store_rows_begin()
						   replaces; ROW__COUNT for
						   the whole model */
	int64_t		 busy_since_us;		/* when waiting for the lock
						   began, or 0 */
	int		 busy_said;		/* the wait was announced */
	size_t		 time_off[REC__COUNT];	/* where a record's time is
						   (rec_desc.time), or
						   SIZE_MAX */
	int64_t		 cov_from_us;		/* the current input's first
						   and last record time (what
						   it covers), or TIME_NONE */
	int64_t		 cov_to_us;
	char		 err[256];		/* last error message */
};

/*
 * A *_us column (microseconds since the epoch, UTC) as the text of
 * time_format(): "2026-05-12T09:00:03.250Z", milliseconds truncated
 * toward the epoch, NULL for NULL.  Only SQLite's own functions, so that
 * the views work in any sqlite3.
 */
#define UTC(col)							\
	"strftime('%Y-%m-%dT%H:%M:%fZ', ((" col ") - ((" col ") "	\
	"% 1000 + 1000) % 1000) / 1000 / 1000.0, 'unixepoch')"

/*
 * Schema migrations: migrations[i] takes the database from user_version i
 * to i + 1.  Never edit a released step; append a new one.
 */
static const char *const migrations[] = {
	/* 0 -> 1 */
	"CREATE TABLE sources ("
	"  id INTEGER PRIMARY KEY,"
	"  path TEXT NOT NULL,"		/* as the user named it */
	"  member TEXT,"		/* archive or directory member */
	"  format TEXT NOT NULL,"	/* importer name */
	"  hash TEXT UNIQUE,"		/* content hash, NULL until committed */
	"  bytes INTEGER NOT NULL DEFAULT 0,"
	"  rows INTEGER NOT NULL DEFAULT 0,"
	"  rejected INTEGER NOT NULL DEFAULT 0,"
	"  first_errors TEXT,"		/* the first rejects, one per line */
	"  imported_us INTEGER NOT NULL"
	");"
	"CREATE TABLE events ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  uid TEXT, name TEXT, namespace TEXT,"
	"  obj_kind TEXT, obj_namespace TEXT, obj_name TEXT, obj_uid TEXT,"
	"  field_path TEXT, container TEXT, init_container INTEGER,"
	"  reason TEXT, message TEXT, type TEXT, component TEXT, host TEXT,"
	"  action TEXT, time_us INTEGER, first_us INTEGER, last_us INTEGER,"
	"  count INTEGER, line INTEGER"
	");"
	/* The same event version seen in two snapshots is stored once. */
	"CREATE UNIQUE INDEX events_version ON events(uid, count, last_us);"
	"CREATE INDEX events_object ON events(obj_uid, time_us);"
	"CREATE INDEX events_time ON events(time_us);"
	/* Every observed version of a pod (record.h struct rec_pod). */
	"CREATE TABLE pod_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  uid TEXT, namespace TEXT, name TEXT, node TEXT, ip TEXT,"
	"  phase TEXT, reason TEXT, owner_kind TEXT, owner_name TEXT,"
	"  owner_uid TEXT, template_hash TEXT, restart_policy TEXT,"
	"  watch_type TEXT, resource_version TEXT, disruption TEXT,"
	"  created_us INTEGER, scheduled_us INTEGER, start_us INTEGER,"
	"  ready_us INTEGER, ready INTEGER, deletion_ts_us INTEGER,"
	"  deletion_grace_s INTEGER, grace_s INTEGER, observed_us INTEGER,"
	"  line INTEGER"
	");"
	"CREATE UNIQUE INDEX pod_obs_version ON pod_obs(uid, resource_version,"
	"  watch_type);"
	"CREATE TABLE container_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  pod_uid TEXT, name TEXT, init INTEGER, native_sidecar INTEGER,"
	"  image TEXT, prestop_kind TEXT, prestop_ms INTEGER,"
	"  prestop_cmd TEXT, state TEXT, reason TEXT, started_us INTEGER,"
	"  finished_us INTEGER, exit_code INTEGER, signal INTEGER,"
	"  ready INTEGER, restarts INTEGER, last_reason TEXT,"
	"  last_started_us INTEGER, last_finished_us INTEGER,"
	"  last_exit_code INTEGER, last_signal INTEGER,"
	"  resource_version TEXT, observed_us INTEGER, line INTEGER"
	");"
	"CREATE UNIQUE INDEX container_obs_version ON container_obs(pod_uid,"
	"  name, resource_version, observed_us, state);"
	"CREATE TABLE workload_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  kind TEXT, uid TEXT, namespace TEXT, name TEXT, owner_kind TEXT,"
	"  owner_name TEXT, owner_uid TEXT, template_hash TEXT,"
	"  resource_version TEXT, condition TEXT, schedule TEXT,"
	"  revision INTEGER, replicas INTEGER, ready_replicas INTEGER,"
	"  grace_s INTEGER, created_us INTEGER, deletion_ts_us INTEGER,"
	"  start_us INTEGER, completion_us INTEGER, condition_us INTEGER,"
	"  last_schedule_us INTEGER, active INTEGER, succeeded INTEGER,"
	"  failed INTEGER, suspended INTEGER, line INTEGER"
	");"
	"CREATE UNIQUE INDEX workload_obs_version ON workload_obs(kind, uid,"
	"  resource_version);"
	"CREATE TABLE container_logs ("
	"  id INTEGER PRIMARY KEY, source_id INTEGER, namespace TEXT,"
	"  pod TEXT, container TEXT, previous INTEGER, time_us INTEGER,"
	"  stream TEXT, text TEXT, line INTEGER"
	");"
	"CREATE INDEX container_logs_pod ON container_logs(namespace, pod,"
	"  container, time_us);"
	/*
	 * The model (lifecycle.c, rollout.c) rebuilds the tables below from
	 * the observations after every import; *_basis columns say how a
	 * time was known ("observed", or "inferred: ...").
	 */
	"CREATE TABLE pods ("
	"  uid TEXT PRIMARY KEY, namespace TEXT, name TEXT, node TEXT,"
	"  ip TEXT, phase TEXT, owner_kind TEXT, owner_name TEXT,"
	"  workload_kind TEXT, workload TEXT, template_hash TEXT,"
	"  created_us INTEGER, scheduled_us INTEGER, start_us INTEGER,"
	"  ready_us INTEGER, deletion_us INTEGER, deletion_basis TEXT,"
	"  grace_s INTEGER, prestop_ms INTEGER, sigterm_us INTEGER,"
	"  sigterm_basis TEXT, deadline_us INTEGER, gone_us INTEGER,"
	"  gone_basis TEXT, killed INTEGER, observations INTEGER"
	");"
	"CREATE INDEX pods_name ON pods(namespace, name);"
	"CREATE TABLE containers ("
	"  pod_uid TEXT NOT NULL, name TEXT NOT NULL, init INTEGER,"
	"  native_sidecar INTEGER, sidecar INTEGER, image TEXT,"
	"  prestop_kind TEXT, prestop_ms INTEGER, prestop_cmd TEXT,"
	"  started_us INTEGER, ready_us INTEGER, finished_us INTEGER,"
	"  exit_code INTEGER, reason TEXT, signal INTEGER,"
	"  restarts INTEGER, sigterm_us INTEGER, sigterm_basis TEXT,"
	"  deadline_us INTEGER, killed_at_deadline INTEGER,"
	"  PRIMARY KEY (pod_uid, name)"
	");"
	"CREATE TABLE pod_ips ("
	"  ip TEXT NOT NULL, pod_uid TEXT NOT NULL, namespace TEXT,"
	"  from_us INTEGER, to_us INTEGER"
	");"
	"CREATE INDEX pod_ips_ip ON pod_ips(ip, from_us);"
	"CREATE TABLE workloads ("
	"  uid TEXT PRIMARY KEY, kind TEXT, namespace TEXT, name TEXT,"
	"  owner_kind TEXT, owner_name TEXT, created_us INTEGER,"
	"  template_hash TEXT, revision INTEGER, replicas INTEGER,"
	"  grace_s INTEGER, condition TEXT, start_us INTEGER,"
	"  completion_us INTEGER, schedule TEXT"
	");"
	"CREATE TABLE rollouts ("
	"  id INTEGER PRIMARY KEY, namespace TEXT, deployment TEXT,"
	"  new_rs TEXT, old_rs TEXT, revision INTEGER,"
	"  start_us INTEGER, end_us INTEGER, basis TEXT"
	");"
	"CREATE TABLE jobs ("
	"  uid TEXT PRIMARY KEY, namespace TEXT, name TEXT, cronjob TEXT,"
	"  start_us INTEGER, completion_us INTEGER, duration_ms INTEGER,"
	"  status TEXT"
	");"
	/*
	 * Access logs: one row per upstream attempt, carrying its request's
	 * fields; the attempts of one request share req (the request's
	 * number) and are told apart by seq.  A request that reached no
	 * upstream has one row with seq NULL.  status is the request's
	 * final status, upstream_status the attempt's.
	 */
	"CREATE TABLE requests ("
	"  id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL,"
	"  req INTEGER NOT NULL, seq INTEGER,"
	"  start_us INTEGER, end_us INTEGER, duration_us INTEGER,"
	"  method TEXT, host TEXT, path TEXT, protocol TEXT,"
	"  status INTEGER, bytes INTEGER, client TEXT, user_agent TEXT,"
	"  namespace TEXT, service TEXT, upstream_name TEXT, flags TEXT,"
	"  detail TEXT, failure TEXT, request_id TEXT, dialect TEXT,"
	"  line INTEGER, upstream TEXT, ip TEXT, port INTEGER,"
	"  upstream_status INTEGER, upstream_duration_us INTEGER,"
	"  attempt_us INTEGER"
	");"
	/* Per-second counts so views never scan all requests. */
	/* Per input: attempts by IP and second (tally.h). */
	"CREATE TABLE ip_seconds ("
	"  source_id INTEGER NOT NULL, ip TEXT, second INTEGER NOT NULL,"
	"  hint TEXT, requests INTEGER, errors INTEGER,"
	"  conn_failures INTEGER"
	");"
	"CREATE TABLE buckets ("
	"  second INTEGER NOT NULL, ip TEXT, pod_uid TEXT, namespace TEXT,"
	"  workload TEXT, exact INTEGER, requests INTEGER, errors INTEGER,"
	"  conn_failures INTEGER"
	");"
	"CREATE INDEX buckets_pod ON buckets(pod_uid, second);"
	"CREATE INDEX buckets_second ON buckets(second);"
	/* Outside records; a set is all rows with one set_name. */
	"CREATE TABLE records ("
	"  id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL,"
	"  set_name TEXT NOT NULL, key TEXT NOT NULL, time_us INTEGER,"
	"  extra TEXT, line INTEGER"
	");"
	"CREATE INDEX records_set ON records(set_name, key);"
	"CREATE TABLE findings ("
	"  id INTEGER PRIMARY KEY, kind TEXT NOT NULL, severity TEXT,"
	"  namespace TEXT, workload TEXT, pods TEXT, start_us INTEGER,"
	"  end_us INTEGER, summary TEXT, evidence TEXT,"
	"  recommendation TEXT"
	");"
	"CREATE TABLE missing_records ("
	"  reference TEXT, actual TEXT, key TEXT, time_us INTEGER,"
	"  pod_uid TEXT, namespace TEXT, workload TEXT"
	");",
	/*
	 * 1 -> 2: what the views read (moments.c, timeline.c, the TUI):
	 * the main containers' exit, a finding's pods by uid, per-second
	 * traffic per workload, and the indexes behind a pod's events,
	 * missing records and the requests of one IP.
	 */
	"ALTER TABLE pods ADD COLUMN main_exit_us INTEGER;"
	"CREATE TABLE finding_pods ("
	"  finding_id INTEGER NOT NULL, pod_uid TEXT NOT NULL,"
	"  PRIMARY KEY (finding_id, pod_uid)"
	") WITHOUT ROWID;"
	"CREATE INDEX finding_pods_pod ON finding_pods(pod_uid);"
	"CREATE TABLE workload_seconds ("
	"  namespace TEXT, workload TEXT, second INTEGER NOT NULL,"
	"  requests INTEGER, errors INTEGER, conn_failures INTEGER"
	");"
	"CREATE INDEX workload_seconds_key ON workload_seconds(namespace,"
	"  workload, second);"
	"CREATE INDEX workload_seconds_second ON workload_seconds(second);"
	"CREATE INDEX events_pod_name ON events(obj_name, time_us);"
	"CREATE INDEX missing_records_pod ON missing_records(pod_uid,"
	"  time_us);"
	"CREATE INDEX requests_ip ON requests(ip, attempt_us);"
	"CREATE TABLE pod_traffic ("
	"  pod_uid TEXT PRIMARY KEY, requests INTEGER, failed INTEGER"
	") WITHOUT ROWID;",
	/*
	 * 2 -> 3: views for people who query the database with sqlite3:
	 * every *_us column as RFC 3339 UTC text with milliseconds under
	 * its name without the suffix, durations in seconds, pods by name.
	 * Read-only conveniences: coroner itself never reads them.  The
	 * schema and the views are described in coroner.1 (DATABASE).
	 */
	"CREATE VIEW sources_v AS SELECT id, path, member, format, bytes,"
	"  rows, rejected, " UTC("imported_us") " AS imported, first_errors"
	"  FROM sources WHERE hash IS NOT NULL;"
	"CREATE VIEW events_v AS SELECT " UTC("time_us") " AS time,"
	"  namespace, obj_kind AS kind, obj_name AS object, container,"
	"  reason, type, message, component, host, count,"
	"  " UTC("first_us") " AS first, " UTC("last_us") " AS last,"
	"  obj_uid, source_id, line FROM events;"
	"CREATE VIEW pods_v AS SELECT namespace, name, uid, workload_kind,"
	"  workload, node, ip, phase, " UTC("created_us") " AS created,"
	"  " UTC("start_us") " AS started, " UTC("ready_us") " AS ready,"
	"  " UTC("deletion_us") " AS deletion, deletion_basis,"
	"  " UTC("sigterm_us") " AS sigterm, sigterm_basis,"
	"  " UTC("deadline_us") " AS deadline, " UTC("gone_us") " AS gone,"
	"  gone_basis, grace_s, prestop_ms / 1000.0 AS prestop_s, killed,"
	"  " UTC("main_exit_us") " AS main_exit FROM pods;"
	"CREATE VIEW containers_v AS SELECT p.namespace, p.name AS pod,"
	"  c.name AS container, c.init, c.sidecar, c.native_sidecar,"
	"  c.image, c.prestop_kind, c.prestop_ms / 1000.0 AS prestop_s,"
	"  c.prestop_cmd, " UTC("c.started_us") " AS started,"
	"  " UTC("c.ready_us") " AS ready,"
	"  " UTC("c.finished_us") " AS finished, c.exit_code, c.reason,"
	"  c.signal, c.restarts, " UTC("c.sigterm_us") " AS sigterm,"
	"  c.sigterm_basis, " UTC("c.deadline_us") " AS deadline,"
	"  c.killed_at_deadline, c.pod_uid"
	"  FROM containers c LEFT JOIN pods p ON p.uid = c.pod_uid;"
	/* one row per container that ended, with its pod's deletion */
	"CREATE VIEW deaths_v AS SELECT p.namespace, p.name AS pod,"
	"  p.workload, c.name AS container, c.sidecar,"
	"  " UTC("p.deletion_us") " AS deletion, p.grace_s,"
	"  p.prestop_ms / 1000.0 AS prestop_s,"
	"  " UTC("c.sigterm_us") " AS sigterm,"
	"  " UTC("c.deadline_us") " AS deadline,"
	"  " UTC("c.finished_us") " AS finished, c.exit_code, c.reason,"
	"  c.signal, c.killed_at_deadline,"
	"  (c.finished_us - p.deletion_us) / 1e6 AS after_deletion_s,"
	"  (c.finished_us - c.sigterm_us) / 1e6 AS after_sigterm_s,"
	"  c.pod_uid"
	"  FROM containers c JOIN pods p ON p.uid = c.pod_uid"
	"  WHERE c.finished_us IS NOT NULL;"
	/*
	 * pod: the pod that owned the attempt's IP at the attempt's time,
	 * else the last one that had it before (as coroner attributes
	 * requests: a pod gone while the load balancer still routes)
	 */
	"CREATE VIEW requests_v AS SELECT r.id, r.req, r.seq,"
	"  " UTC("r.start_us") " AS start, " UTC("r.end_us") " AS end,"
	"  r.duration_us / 1e6 AS duration_s, r.method, r.host, r.path,"
	"  r.protocol, r.status, r.upstream_status, r.bytes, r.ip, r.port,"
	"  (SELECT p.name FROM pod_ips i JOIN pods p ON p.uid = i.pod_uid"
	"   WHERE i.ip = r.ip AND i.from_us <= coalesce(r.attempt_us,"
	"   r.start_us) ORDER BY i.from_us DESC LIMIT 1) AS pod,"
	"  r.namespace, r.service, r.upstream_name, r.flags, r.detail,"
	"  r.failure, r.client, r.user_agent, r.request_id, r.dialect,"
	"  r.upstream_duration_us / 1e6 AS upstream_duration_s,"
	"  " UTC("r.attempt_us") " AS attempt, r.source_id, r.line"
	"  FROM requests r;"
	"CREATE VIEW buckets_v AS SELECT " UTC("b.second * 1000000")
	"  AS second, b.ip, p.name AS pod, b.namespace, b.workload,"
	"  b.exact, b.requests, b.errors, b.conn_failures, b.pod_uid"
	"  FROM buckets b LEFT JOIN pods p ON p.uid = b.pod_uid;"
	"CREATE VIEW pod_ips_v AS SELECT i.ip, i.namespace, p.name AS pod,"
	"  " UTC("i.from_us") " AS from_time, " UTC("i.to_us") " AS to_time,"
	"  i.pod_uid FROM pod_ips i LEFT JOIN pods p ON p.uid = i.pod_uid;"
	"CREATE VIEW workloads_v AS SELECT kind, namespace, name,"
	"  owner_kind, owner_name, " UTC("created_us") " AS created,"
	"  template_hash, revision, replicas, grace_s, condition,"
	"  " UTC("start_us") " AS start,"
	"  " UTC("completion_us") " AS completion, schedule, uid"
	"  FROM workloads;"
	"CREATE VIEW rollouts_v AS SELECT id, namespace, deployment, new_rs,"
	"  old_rs, revision, " UTC("start_us") " AS start,"
	"  " UTC("end_us") " AS end, (end_us - start_us) / 1e6 AS"
	"  duration_s, basis FROM rollouts;"
	"CREATE VIEW jobs_v AS SELECT namespace, name, cronjob,"
	"  " UTC("start_us") " AS start,"
	"  " UTC("completion_us") " AS completion,"
	"  duration_ms / 1000.0 AS duration_s, status, uid FROM jobs;"
	"CREATE VIEW logs_v AS SELECT " UTC("time_us") " AS time, namespace,"
	"  pod, container, previous, stream, text, source_id, line"
	"  FROM container_logs;"
	"CREATE VIEW records_v AS SELECT set_name, key,"
	"  " UTC("time_us") " AS time, extra, source_id, line FROM records;"
	"CREATE VIEW findings_v AS SELECT id, severity, kind, namespace,"
	"  workload, pods, " UTC("start_us") " AS start,"
	"  " UTC("end_us") " AS end, summary, recommendation, evidence"
	"  FROM findings;"
	"CREATE VIEW missing_v AS SELECT m.reference, m.actual, m.key,"
	"  " UTC("m.time_us") " AS time, m.namespace, m.workload,"
	"  p.name AS pod, m.pod_uid"
	"  FROM missing_records m LEFT JOIN pods p ON p.uid = m.pod_uid;",
	/*
	 * 3 -> 4: traffic per workload and minute, so that an incident of
	 * hours draws from a few thousand rows (the TUI's overview).
	 */
	"CREATE TABLE workload_minutes ("
	"  namespace TEXT, workload TEXT, minute INTEGER NOT NULL,"
	"  requests INTEGER, errors INTEGER, conn_failures INTEGER"
	");"
	"CREATE INDEX workload_minutes_minute ON workload_minutes(minute);"
	"INSERT INTO workload_minutes SELECT namespace, workload,"
	"  second / 60 - (second % 60 < 0), sum(requests), sum(errors),"
	"  sum(conn_failures) FROM workload_seconds GROUP BY 1, 2, 3;",
	/*
	 * 4 -> 5: every way a container ends.  The observations gain the
	 * messages, the liveness probe and the Job's failure reason; the
	 * model gains what ended each pod and container and one row per
	 * termination (model.h).  Model rows of a database made before
	 * have NULLs in the new columns until the next import rebuilds
	 * them.
	 */
	"ALTER TABLE pod_obs ADD COLUMN message TEXT;"
	"ALTER TABLE container_obs ADD COLUMN message TEXT;"
	"ALTER TABLE container_obs ADD COLUMN last_message TEXT;"
	"ALTER TABLE container_obs ADD COLUMN liveness INTEGER;"
	"ALTER TABLE container_obs ADD COLUMN liveness_period_s INTEGER;"
	"ALTER TABLE container_obs ADD COLUMN liveness_timeout_s INTEGER;"
	"ALTER TABLE container_obs ADD COLUMN liveness_threshold INTEGER;"
	"ALTER TABLE container_obs ADD COLUMN liveness_delay_s INTEGER;"
	"ALTER TABLE workload_obs ADD COLUMN condition_reason TEXT;"
	"ALTER TABLE workload_obs ADD COLUMN backoff_limit INTEGER;"
	"ALTER TABLE pods ADD COLUMN restart_policy TEXT;"
	"ALTER TABLE pods ADD COLUMN reason TEXT;"
	"ALTER TABLE pods ADD COLUMN message TEXT;"
	"ALTER TABLE pods ADD COLUMN disruption TEXT;"
	"ALTER TABLE pods ADD COLUMN ended_by TEXT;"
	"ALTER TABLE pods ADD COLUMN ended_us INTEGER;"
	"ALTER TABLE pods ADD COLUMN ended_basis TEXT;"
	"ALTER TABLE containers ADD COLUMN message TEXT;"
	"ALTER TABLE containers ADD COLUMN waiting_reason TEXT;"
	"ALTER TABLE containers ADD COLUMN waiting_message TEXT;"
	"ALTER TABLE containers ADD COLUMN last_started_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN last_finished_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN last_exit_code INTEGER;"
	"ALTER TABLE containers ADD COLUMN last_reason TEXT;"
	"ALTER TABLE containers ADD COLUMN last_signal INTEGER;"
	"ALTER TABLE containers ADD COLUMN terminations INTEGER;"
	"ALTER TABLE containers ADD COLUMN restarts_basis TEXT;"
	"ALTER TABLE containers ADD COLUMN liveness INTEGER;"
	"ALTER TABLE containers ADD COLUMN liveness_period_s INTEGER;"
	"ALTER TABLE containers ADD COLUMN liveness_timeout_s INTEGER;"
	"ALTER TABLE containers ADD COLUMN liveness_threshold INTEGER;"
	"ALTER TABLE containers ADD COLUMN liveness_delay_s INTEGER;"
	"ALTER TABLE containers ADD COLUMN probe_kills INTEGER;"
	"ALTER TABLE containers ADD COLUMN probe_kill_first_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN probe_kill_last_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN unhealthy INTEGER;"
	"ALTER TABLE containers ADD COLUMN unhealthy_first_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN unhealthy_last_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN unhealthy_message TEXT;"
	"ALTER TABLE containers ADD COLUMN back_offs INTEGER;"
	"ALTER TABLE containers ADD COLUMN back_off_last_us INTEGER;"
	"ALTER TABLE containers ADD COLUMN start_error TEXT;"
	"ALTER TABLE workloads ADD COLUMN condition_reason TEXT;"
	"ALTER TABLE workloads ADD COLUMN backoff_limit INTEGER;"
	"ALTER TABLE workloads ADD COLUMN failed INTEGER;"
	"ALTER TABLE jobs ADD COLUMN reason TEXT;"
	"ALTER TABLE jobs ADD COLUMN failed INTEGER;"
	"ALTER TABLE jobs ADD COLUMN backoff_limit INTEGER;"
	"CREATE TABLE IF NOT EXISTS terminations ("
	"  pod_uid TEXT NOT NULL, container TEXT NOT NULL, init INTEGER,"
	"  instance INTEGER, started_us INTEGER, finished_us INTEGER,"
	"  exit_code INTEGER, signal INTEGER, reason TEXT, message TEXT,"
	"  cause TEXT, cause_basis TEXT, restarted_us INTEGER, basis TEXT,"
	"  last_log_us INTEGER, last_log TEXT"
	");"
	"CREATE INDEX IF NOT EXISTS terminations_pod ON"
	"  terminations(pod_uid, container, finished_us);"
	/* the previous instances' logs, read at every rebuild */
	"CREATE INDEX IF NOT EXISTS container_logs_previous ON"
	"  container_logs(namespace, pod, container, id) WHERE previous = 1;"
	/* and, for sqlite3 users, the terminations with readable times */
	"CREATE VIEW IF NOT EXISTS terminations_v AS SELECT p.namespace,"
	"  p.name AS pod, t.container, t.instance,"
	"  " UTC("t.started_us") " AS started,"
	"  " UTC("t.finished_us") " AS finished, t.exit_code, t.signal,"
	"  t.reason, t.cause, t.cause_basis,"
	"  " UTC("t.restarted_us") " AS restarted, t.basis, t.message,"
	"  t.last_log, t.pod_uid"
	"  FROM terminations t LEFT JOIN pods p ON p.uid = t.pod_uid;",
	/*
	 * 5 -> 6: inputs are identified by SHA-256 (sources.hash is the
	 * SHA-256 of the content and of the options that change its rows;
	 * sources.sha256 that of the content alone).  Inputs stored before
	 * keep their old 128-bit digest in hash and no sha256: they can
	 * never match a new identity (store_legacy_inputs() counts them).
	 * meta holds coroner's own state: model_stale is 1 from the commit
	 * of an input until the model is rebuilt from it.
	 */
	"CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY,"
	"  value INTEGER);"
	"INSERT OR IGNORE INTO meta (key, value) VALUES ('model_stale', 0);",
	/*
	 * 6 -> 7: requests are found by the time of their attempt (the TUI
	 * lists those routed to one IP in one second).  An index on that
	 * time grows at its end, logs being written in time order, where
	 * the one on (ip, time) took a leaf page at random for every row:
	 * with many pods, most of an import's time went to it.
	 */
	"DROP INDEX IF EXISTS requests_ip;"
	"CREATE INDEX IF NOT EXISTS requests_attempt ON requests(attempt_us);",
	/*
	 * 7 -> 8: the rebuild looks each pod's owner up among the workloads
	 * it wrote (store_workload_owner) rather than holding them all.
	 */
	"CREATE INDEX IF NOT EXISTS workloads_kind_name ON workloads(kind,"
	"  name, uid);",
	/*
	 * 8 -> 9: the evidence a postmortem has a week later (record.h):
	 * the API server's audit log (one row per auditID), EndpointSlice
	 * and Node versions with their endpoints, conditions and taints,
	 * deploy histories (Helm, Argo CD, Flux) and the nodes' own logs.
	 * Each source also says what time its rows cover (from_us, to_us:
	 * the first and last time its records hold).
	 */
	"CREATE TABLE IF NOT EXISTS audit_events ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  audit_id TEXT, stage TEXT, level TEXT, verb TEXT, resource TEXT,"
	"  subresource TEXT, api_group TEXT, namespace TEXT, name TEXT,"
	"  obj_uid TEXT, user TEXT, impersonated TEXT, actor TEXT,"
	"  user_agent TEXT, source_ip TEXT, code INTEGER, reason TEXT,"
	"  message TEXT, grace_s INTEGER, precondition_uid TEXT, body TEXT,"
	"  dialect TEXT, time_us INTEGER, stage_us INTEGER, line INTEGER"
	");"
	/* rotated files and overlapping exports hold an event twice */
	"CREATE UNIQUE INDEX IF NOT EXISTS audit_events_id ON"
	"  audit_events(audit_id);"
	"CREATE INDEX IF NOT EXISTS audit_events_object ON"
	"  audit_events(resource, namespace, name, time_us);"
	"CREATE INDEX IF NOT EXISTS audit_events_time ON"
	"  audit_events(time_us);"
	"CREATE TABLE IF NOT EXISTS slice_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  uid TEXT, namespace TEXT, name TEXT, service TEXT,"
	"  address_type TEXT, watch_type TEXT, resource_version TEXT,"
	"  endpoints INTEGER, created_us INTEGER, observed_us INTEGER,"
	"  observed_basis TEXT, line INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS slice_obs_version ON"
	"  slice_obs(uid, resource_version, watch_type);"
	"CREATE TABLE IF NOT EXISTS endpoint_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  slice_uid TEXT, resource_version TEXT, watch_type TEXT,"
	"  address TEXT, pod_uid TEXT, pod_namespace TEXT, pod_name TEXT,"
	"  node TEXT, ready INTEGER, serving INTEGER, terminating INTEGER,"
	"  observed_us INTEGER, line INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS endpoint_obs_version ON"
	"  endpoint_obs(slice_uid, resource_version, watch_type, address,"
	"  pod_uid);"
	"CREATE TABLE IF NOT EXISTS node_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  uid TEXT, name TEXT, watch_type TEXT, resource_version TEXT,"
	"  boot_id TEXT, provider_id TEXT, kubelet_version TEXT,"
	"  unschedulable INTEGER, created_us INTEGER, deletion_ts_us INTEGER,"
	"  observed_us INTEGER, observed_basis TEXT, line INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS node_obs_version ON"
	"  node_obs(uid, resource_version, watch_type);"
	"CREATE TABLE IF NOT EXISTS node_cond_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  node TEXT, resource_version TEXT, type TEXT, status TEXT,"
	"  reason TEXT, message TEXT, since_us INTEGER, heartbeat_us INTEGER,"
	"  observed_us INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS node_cond_obs_version ON"
	"  node_cond_obs(node, resource_version, type, observed_us);"
	"CREATE TABLE IF NOT EXISTS taint_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  node TEXT, resource_version TEXT, key TEXT, value TEXT,"
	"  effect TEXT, added_us INTEGER, observed_us INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS taint_obs_version ON"
	"  taint_obs(node, resource_version, key, effect, observed_us);"
	"CREATE TABLE IF NOT EXISTS deploy_obs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  tool TEXT, namespace TEXT, name TEXT, revision TEXT, source TEXT,"
	"  app_version TEXT, status TEXT, description TEXT, actor TEXT,"
	"  rollback_to TEXT, start_us INTEGER, end_us INTEGER, line INTEGER"
	");"
	"CREATE UNIQUE INDEX IF NOT EXISTS deploy_obs_version ON"
	"  deploy_obs(tool, namespace, name, revision, end_us);"
	"CREATE TABLE IF NOT EXISTS node_logs ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER NOT NULL REFERENCES sources(id),"
	"  node TEXT, component TEXT, boot_id TEXT, time_us INTEGER,"
	"  text TEXT, line INTEGER"
	");"
	"CREATE INDEX IF NOT EXISTS node_logs_node ON node_logs(node,"
	"  time_us);"
	"DROP VIEW IF EXISTS sources_v;"
	"CREATE VIEW sources_v AS SELECT id, path, member, format, bytes,"
	"  rows, rejected, " UTC("imported_us") " AS imported, first_errors,"
	"  " UTC("from_us") " AS from_time, " UTC("to_us") " AS to_time"
	"  FROM sources WHERE hash IS NOT NULL;",
};
#define NMIGRATIONS	(sizeof migrations / sizeof migrations[0])

/*
 * Columns that migrations add, each before its migration's SQL runs and
 * only when the table lacks it: ALTER TABLE ADD COLUMN cannot say "if not
 * exists", and a migration must be able to run again on a database whose
 * user_version was set back.
 */
static const struct {
	int		 version;	/* added by migration version -> +1 */
	const char	*table;
	const char	*column;
	const char	*type;
} migration_columns[] = {
	{ .version = 5, .table = "sources", .column = "sha256",
	    .type = "TEXT" },
	{ .version = 8, .table = "sources", .column = "from_us",
	    .type = "INTEGER" },
	{ .version = 8, .table = "sources", .column = "to_us",
	    .type = "INTEGER" },
};

static void
store_seterr(struct store *st, const char *what)
{
	snprintf(st->err, sizeof st->err, "%s: %s", what,
	    sqlite3_errmsg(st->db));
}

const char *
store_error(struct store *st)
{
	return (st->err);
}

static int
store_exec(struct store *st, const char *sql, char **cause)
{
	char	*msg = NULL;

	if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		if (cause != NULL)
			*cause = xstrdup(msg != NULL ? msg : "SQLite error");
		snprintf(st->err, sizeof st->err, "%s",
		    msg != NULL ? msg : "SQLite error");
		sqlite3_free(msg);
		return (-1);
	}
	return (0);
}

/* Runs a query answering one integer into *v; 0 or -1. */
static int
store_int_query(struct store *st, const char *sql, int64_t *v)
{
	sqlite3_stmt	*s;
	int		 rc;

	if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK)
		return (-1);
	rc = sqlite3_step(s);
	*v = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
	sqlite3_finalize(s);
	return (rc == SQLITE_ROW ? 0 : -1);
}

/*
 * Whether the file is coroner's: its application_id is coroner's, or it
 * is 0 and the file is empty (a new database) or has coroner's schema (a
 * database made before the id existed).  Sets *fresh for an empty one.
 * Returns 0, or -1 and a new *cause; nothing is written.
 */
static int
store_identify(struct store *st, int *fresh, char **cause)
{
	int64_t	id, v, objects, sources;

	*fresh = 0;
	if (store_int_query(st, "PRAGMA application_id", &id) != 0 ||
	    store_int_query(st, "PRAGMA user_version", &v) != 0 ||
	    store_int_query(st, "SELECT count(*) FROM sqlite_schema",
	    &objects) != 0) {
		*cause = xasprintf("not a coroner database: %s",
		    sqlite3_errmsg(st->db));
		return (-1);
	}
	if (id == STORE_APPLICATION_ID)
		return (0);
	if (id != 0) {
		*cause = xasprintf("not a coroner database (another "
		    "program's: application_id 0x%08llx); refused, left as it "
		    "was", (unsigned long long)(uint32_t)id);
		return (-1);
	}
	if (objects == 0 && v == 0) {
		*fresh = 1;
		return (0);
	}
	if (v >= 1 && v <= (int64_t)NMIGRATIONS &&
	    store_int_query(st, "SELECT count(*) FROM pragma_table_info("
	    "'sources') WHERE name IN ('path', 'member', 'format', 'hash', "
	    "'rows', 'rejected')", &sources) == 0 && sources == 6)
		return (0);
	*cause = xstrdup("not a coroner database (its tables are another "
	    "program's); refused, left as it was");
	return (-1);
}

/* Adds the columns of migration v that the tables lack; 0 or -1. */
static int
store_add_columns(struct store *st, int64_t v, char **cause)
{
	char	*sql;
	int64_t	 have;
	size_t	 i;
	int	 rc;

	for (i = 0; i < sizeof migration_columns /
	    sizeof migration_columns[0]; i++) {
		if (migration_columns[i].version != v)
			continue;
		sql = xasprintf("SELECT count(*) FROM pragma_table_info('%s') "
		    "WHERE name = '%s'", migration_columns[i].table,
		    migration_columns[i].column);
		rc = store_int_query(st, sql, &have);
		free(sql);
		if (rc != 0) {
			*cause = xasprintf("%s: %s", migration_columns[i].table,
			    sqlite3_errmsg(st->db));
			return (-1);
		}
		if (have != 0)
			continue;
		sql = xasprintf("ALTER TABLE %s ADD COLUMN %s %s",
		    migration_columns[i].table, migration_columns[i].column,
		    migration_columns[i].type);
		rc = store_exec(st, sql, cause);
		free(sql);
		if (rc != 0)
			return (-1);
	}
	return (0);
}

static int
store_migrate(struct store *st, char **cause)
{
	char	*sql;
	int64_t	 v;

	if (store_int_query(st, "PRAGMA user_version", &v) != 0) {
		*cause = xasprintf("not a coroner database: %s",
		    sqlite3_errmsg(st->db));
		return (-1);
	}
	if (v > (int64_t)NMIGRATIONS) {
		*cause = xasprintf("database schema %d is newer than this "
		    "coroner (%d)", (int)v, (int)NMIGRATIONS);
		return (-1);
	}
	for (; v < (int64_t)NMIGRATIONS; v++) {
		if (store_exec(st, "BEGIN IMMEDIATE", cause) != 0)
			return (-1);
		if (store_add_columns(st, v, cause) != 0) {
			store_exec(st, "ROLLBACK", NULL);
			return (-1);
		}
		sql = xasprintf("%s PRAGMA user_version = %d; "
		    "PRAGMA application_id = %d; COMMIT;", migrations[v],
		    (int)v + 1, STORE_APPLICATION_ID);
		if (store_exec(st, sql, cause) != 0) {
			free(sql);
			store_exec(st, "ROLLBACK", NULL);
			return (-1);
		}
		free(sql);
	}
	return (0);
}

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
	int			 n = 0;

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
	if (sqlite3_prepare_v2(st->db, b.data, -1, out, NULL) != SQLITE_OK) {
		*cause = xasprintf("%s: %s", d->table, sqlite3_errmsg(st->db));
		buf_free(&b);
		return (-1);
	}
	buf_free(&b);
	return (0);
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

static int
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
	if (sqlite3_prepare_v2(st->db, "INSERT INTO requests (source_id, "
	    "req, seq, start_us, end_us, duration_us, method, host, path, "
	    "protocol, status, bytes, client, user_agent, namespace, service, "
	    "upstream_name, flags, detail, failure, request_id, dialect, "
	    "line, upstream, ip, port, upstream_status, upstream_duration_us, "
	    "attempt_us) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &st->req_ins,
	    NULL) != SQLITE_OK) {
		*cause = xasprintf("requests: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	for (t = 0; t < ROW__COUNT; t++) {
		if (store_prepare_insert(st, &row_descs[t], 0,
		    &st->row_ins[t], cause) != 0)
			return (-1);
	}
	return (0);
}

/* The number the next request gets: one past the largest stored. */
static int
store_next_req(struct store *st, char **cause)
{
	sqlite3_stmt	*s;

	/* rows are written in request order: the last row has the largest */
	if (sqlite3_prepare_v2(st->db, "SELECT coalesce((SELECT req FROM "
	    "requests ORDER BY id DESC LIMIT 1), 0) + 1", -1, &s, NULL) !=
	    SQLITE_OK) {
		if (cause != NULL)
			*cause = xasprintf("requests: %s",
			    sqlite3_errmsg(st->db));
		return (-1);
	}
	st->next_req = sqlite3_step(s) == SQLITE_ROW ?
	    sqlite3_column_int64(s, 0) : 1;
	sqlite3_finalize(s);
	return (0);
}

static int64_t
mono_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

/*
 * SQLite's busy handler: another connection holds the write lock (an
 * import, an analysis).  Waits for it as long as it takes, saying so once
 * after a second, rather than failing.
 */
static int
store_busy(void *arg, int count)
{
	struct store	*st = arg;
	int64_t		 now = mono_us();

	if (count == 0 || st->busy_since_us == 0)
		st->busy_since_us = now;
	if (!st->busy_said && now - st->busy_since_us >= 1000000) {
		out_printf(stderr, "coroner: %s is busy (another import or "
		    "analysis is writing to it); waiting for it to finish\n",
		    st->path);
		st->busy_said = 1;
	}
	usleep(count < 20 ? 10000 : 100000);
	return (1);
}

/* Opens the connection; 0, or -1 and a new *cause (without the path). */
static int
store_connect(struct store *st, int flags, char **cause)
{
	if (sqlite3_open_v2(st->path, &st->db, flags | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		*cause = xstrdup(st->db != NULL ? sqlite3_errmsg(st->db) :
		    "cannot open");
		sqlite3_close(st->db);
		st->db = NULL;
		return (-1);
	}
	sqlite3_busy_handler(st->db, store_busy, st);
	return (0);
}

/*
 * Whether a read-only store has something to bring up to date that only a
 * writable connection can: an older schema, or a model to rebuild.
 */
static int
store_needs_write(struct store *st)
{
	int64_t	v, stale;

	if (store_int_query(st, "PRAGMA user_version", &v) != 0)
		return (0);
	if (v < (int64_t)NMIGRATIONS)
		return (1);
	return (store_int_query(st, "SELECT value FROM meta WHERE key = "
	    "'model_stale'", &stale) == 0 && stale != 0);
}

/*
 * Makes a writable connection ready: a new database gets 64 KiB pages
 * and coroner's application_id; every one is put in WAL mode, so that
 * readers see the last committed state while an import writes (WAL writes
 * pages twice, once to the log and once at the checkpoint, but a crash or
 * Ctrl-C still loses at most the inputs not yet committed), and brought
 * to the current schema.  The cache is bounded.
 */
static int
store_prepare_writable(struct store *st, int fresh, char **cause)
{
	char	*sql;
	int64_t	 id;
	int	 rc;

	if (fresh && store_exec(st, "PRAGMA page_size = 65536", cause) != 0)
		return (-1);
	if (store_exec(st, "PRAGMA journal_mode = WAL;"
	    "PRAGMA synchronous = NORMAL;"
	    "PRAGMA journal_size_limit = 67108864;"
	    "PRAGMA cache_size = -16384;"
	    /* the model's temporary tables (store_pod_refs) */
	    "PRAGMA temp.cache_size = -4096;"
	    "PRAGMA foreign_keys = OFF;", cause) != 0 ||
	    store_migrate(st, cause) != 0)
		return (-1);
	/* a database made before the id: coroner's, marked now */
	if (store_int_query(st, "PRAGMA application_id", &id) == 0 &&
	    id == 0) {
		sql = xasprintf("PRAGMA application_id = %d",
		    STORE_APPLICATION_ID);
		rc = store_exec(st, sql, cause);
		free(sql);
		return (rc);
	}
	return (0);
}

int
store_open(const char *path, enum store_mode mode, struct store **out,
    char **cause)
{
	struct store	*st;
	struct stat	 sb;
	char		*why = NULL;
	int		 fresh;

	static int	 configured;

	if (!configured) {
		/* no allocation statistics: a mutex less per malloc */
		sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
		configured = 1;
	}
	*out = NULL;
	if (mode != STORE_CREATE && stat(path, &sb) == -1) {
		*cause = errno == ENOENT ? xasprintf("%s: no such database "
		    "(coroner import makes one; --db names it)", path) :
		    xasprintf("%s: %s", path, strerror(errno));
		return (-1);
	}
	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(path);
	st->rows_txn = ROW__COUNT;
	if (store_connect(st, mode == STORE_READ ? SQLITE_OPEN_READONLY :
	    SQLITE_OPEN_READWRITE | (mode == STORE_CREATE ?
	    SQLITE_OPEN_CREATE : 0), &why) != 0 ||
	    store_identify(st, &fresh, &why) != 0)
		goto fail_why;
	if (mode == STORE_READ && fresh) {
		why = xstrdup("not a coroner database (it is empty)");
		goto fail_why;
	}
	st->writable = mode != STORE_READ;
	if (mode == STORE_READ && store_needs_write(st) &&
	    access(path, W_OK) == 0) {
		/* an upgrade or a rebuild is due: that may write */
		sqlite3_close(st->db);
		st->db = NULL;
		if (store_connect(st, SQLITE_OPEN_READWRITE, &why) != 0 ||
		    store_identify(st, &fresh, &why) != 0)
			goto fail_why;
		st->writable = 1;
	}
	if (st->writable) {
		if (store_prepare_writable(st, fresh, &why) != 0)
			goto fail_why;
	} else if (store_exec(st, "PRAGMA cache_size = -16384", &why) != 0)
		goto fail_why;
	if (store_prepare_inserts(st, &why) != 0 ||
	    store_next_req(st, &why) != 0)
		goto fail_why;
	*out = st;
	return (0);
fail_why:
	*cause = xasprintf("%s: %s", path, why);
	free(why);
	store_close(st);
	return (-1);
}

int
store_writable(struct store *st)
{
	return (st->writable);
}

int
store_model_stale(struct store *st)
{
	int64_t	stale;

	return (store_int_query(st, "SELECT value FROM meta WHERE key = "
	    "'model_stale'", &stale) == 0 && stale != 0);
}

int64_t
store_legacy_inputs(struct store *st)
{
	int64_t	n;

	if (store_int_query(st, "SELECT count(*) FROM sources WHERE hash IS "
	    "NOT NULL AND sha256 IS NULL", &n) != 0)
		return (0);
	return (n);
}

void
store_close(struct store *st)
{
	int	t;

	if (st == NULL)
		return;
	for (t = 0; t < REC__COUNT; t++)
		sqlite3_finalize(st->ins[t]);
	for (t = 0; t < ROW__COUNT; t++)
		sqlite3_finalize(st->row_ins[t]);
	sqlite3_finalize(st->req_ins);
	sqlite3_finalize(st->rs_ins);
	sqlite3_finalize(st->owner_sel);
	buf_free(&st->pending_str);
	sqlite3_close(st->db);
	sqlite3_close(st->ro);
	free(st->path);
	free(st);
}

static int64_t
now_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

int
store_group_begin(struct store *st, char **cause)
{
	if (st->in_group)
		return (0);
	if (store_exec(st, "BEGIN IMMEDIATE", cause) != 0)
		return (-1);
	st->in_group = 1;
	st->group_inputs = 0;
	return (0);
}

int
store_group_end(struct store *st, int64_t *inputs, char **cause)
{
	*inputs = st->group_inputs;
	if (!st->in_group)
		return (0);
	st->in_group = 0;
	st->group_inputs = 0;
	if (store_exec(st, "COMMIT", cause) != 0) {
		store_exec(st, "ROLLBACK", NULL);
		store_next_req(st, NULL);
		return (-1);
	}
	return (0);
}

int
store_input_begin(struct store *st, const char *path, const char *member,
    const char *format, char **cause)
{
	sqlite3_stmt	*s = NULL;

	/* alone, an input is its own transaction; in a group, a savepoint */
	if (store_exec(st, st->in_group ? "SAVEPOINT input" :
	    "BEGIN IMMEDIATE", cause) != 0)
		return (-1);
	if (sqlite3_prepare_v2(st->db, "INSERT INTO sources (path, member, "
	    "format, imported_us) VALUES (?, ?, ?, ?)", -1, &s,
	    NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_text(s, 1, path, -1, SQLITE_TRANSIENT);
	if (member != NULL)
		sqlite3_bind_text(s, 2, member, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(s, 3, format, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(s, 4, now_us());
	if (sqlite3_step(s) != SQLITE_DONE)
		goto fail;
	sqlite3_finalize(s);
	st->source_id = sqlite3_last_insert_rowid(st->db);
	st->cov_from_us = st->cov_to_us = TIME_NONE;
	return (0);
fail:
	*cause = xasprintf("sources: %s", sqlite3_errmsg(st->db));
	sqlite3_finalize(s);
	store_input_abort(st);
	return (-1);
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
		}
	}
}

/* Runs a prepared insert once; 0 or -1 (store_error() says why). */
static int
store_step_insert(struct store *st, sqlite3_stmt *s, const char *table)
{
	int	rc = sqlite3_step(s);

	if (rc != SQLITE_DONE)
		store_seterr(st, table);
	sqlite3_reset(s);
	return (rc == SQLITE_DONE ? 0 : -1);
}

/*
 * Writes one row of the requests table: the pending request with one of
 * its attempts (a NULL attempt for a request that reached no upstream).
 */
static int
store_put_row(struct store *st, const struct rec_attempt *a)
{
	const struct rec_request	*r = &st->pending;
	sqlite3_stmt			*s = st->req_ins;
	const char			*strs[] = {
		r->method, r->host, r->path, r->protocol
	};
	const char			*strs2[] = {
		r->client, r->user_agent, r->namespace, r->service,
		r->upstream_name, r->flags, r->detail, r->failure,
		r->request_id, r->dialect
	};
	size_t				 i;
	int				 k = 1;

#define BIND_I(v) do {							\
	if ((v) == INT64_MIN)						\
		sqlite3_bind_null(s, k++);				\
	else								\
		sqlite3_bind_int64(s, k++, (v));			\
} while (0)
#define BIND_S(v) do {							\
	if ((v) == NULL)						\
		sqlite3_bind_null(s, k++);				\
	else								\
		sqlite3_bind_text(s, k++, (v), -1, SQLITE_STATIC);	\
} while (0)
	BIND_I(st->source_id);
	BIND_I(st->next_req);
	BIND_I(a != NULL ? a->seq : INT64_MIN);
	BIND_I(r->start_us);
	BIND_I(r->end_us);
	BIND_I(r->duration_us);
	for (i = 0; i < sizeof strs / sizeof strs[0]; i++)
		BIND_S(strs[i]);
	BIND_I(r->status);
	BIND_I(r->bytes);
	for (i = 0; i < sizeof strs2 / sizeof strs2[0]; i++)
		BIND_S(strs2[i]);
	BIND_I(r->line);
	BIND_S(a != NULL ? a->upstream : NULL);
	BIND_S(a != NULL ? a->ip : NULL);
	BIND_I(a != NULL ? a->port : INT64_MIN);
	BIND_I(a != NULL ? a->status : INT64_MIN);
	BIND_I(a != NULL ? a->duration_us : INT64_MIN);
	BIND_I(a != NULL ? a->time_us : INT64_MIN);
#undef BIND_I
#undef BIND_S
	return (store_step_insert(st, s, "requests"));
}

/* The pending request is complete: a request without attempts gets its
   row now. */
static int
store_pending_done(struct store *st)
{
	int	rc = 0;

	if (!st->pending_set)
		return (0);
	if (st->pending_attempts == 0)
		rc = store_put_row(st, NULL);
	st->pending_set = 0;
	st->next_req++;
	return (rc);
}

/* Copies a string into the pending request's buffer (as an offset). */
static void
pending_copy(struct store *st, const char *s, size_t *off)
{
	*off = SIZE_MAX;
	if (s == NULL)
		return;
	*off = st->pending_str.len;
	buf_append(&st->pending_str, s, strlen(s) + 1);
}

/* Keeps a request until its attempts have been put. */
static int
store_pending(struct store *st, const struct rec_request *r)
{
	const char	**fields[] = {
		&st->pending.method, &st->pending.host, &st->pending.path,
		&st->pending.protocol, &st->pending.client,
		&st->pending.user_agent, &st->pending.namespace,
		&st->pending.service, &st->pending.upstream_name,
		&st->pending.flags, &st->pending.detail, &st->pending.failure,
		&st->pending.request_id, &st->pending.dialect
	};
	size_t		 off[sizeof fields / sizeof fields[0]], i;

	if (store_pending_done(st) != 0)
		return (-1);
	st->pending = *r;
	st->pending_set = 1;
	st->pending_attempts = 0;
	if (st->borrowing)
		return (0);	/* the strings outlive store_put_flush() */
	buf_clear(&st->pending_str);
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		pending_copy(st, *fields[i], &off[i]);
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		*fields[i] = off[i] == SIZE_MAX ? NULL :
		    st->pending_str.data + off[i];
	st->pending_set = 1;
	st->pending_attempts = 0;
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
	sqlite3_stmt	*s = st->ins[type];
	int		 first = 2;

	store_cover(st, type, rec);
	if (type == REC_REQUEST)
		return (store_pending(st, rec));
	if (type == REC_ATTEMPT) {
		if (!st->pending_set)
			return (0);	/* an attempt of no request */
		st->pending_attempts++;
		return (store_put_row(st, rec));
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
		    t == ROW_FINDING_POD)))
			buf_printf(&b, "DELETE FROM %s;", row_descs[t].table);
	}
	if (only == ROW__COUNT)
		buf_puts(&b, "DELETE FROM workload_seconds;"
		    "DELETE FROM workload_minutes;"
		    "DELETE FROM pod_traffic;");
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
	/* a whole rebuild brings the model up to date with the data */
	if (st->rows_txn == ROW__COUNT && store_exec(st, "UPDATE meta SET "
	    "value = 0 WHERE key = 'model_stale'", cause) != 0) {
		store_exec(st, "ROLLBACK", NULL);
		return (-1);
	}
	return (store_exec(st, "COMMIT", cause));
}

/* A bound parameter of a store query: text (s) or an integer. */
struct qparam {
	const char	*s;		/* borrowed; NULL: use i */
	int64_t		 i;
};
#define QP_S(v)	{ .s = (v) }
#define QP_I(v)	{ .s = NULL, .i = (v) }

/* A scan's callback with the row's provenance (NULL for model rows). */
typedef int (*scan_cb)(void *ctx, const void *row,
    const struct store_ref *ref);

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

/*
 * Reads the rows of d's table that match where (a condition written in
 * this file, never from user text, with ?N parameters bound from p) in
 * order (d's order when NULL), at most limit rows (0: all), filling a
 * struct for each and calling cb.  With ref set, record tables also give
 * each row's id, source and line.  Strings are borrowed for the call.
 * cb returns 0 to go on, non-zero to stop (returned as is).
 */
static int
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

/* Prepares sql on the store's connection; 0, or -1 with a new *cause. */
static int
store_prepare(struct store *st, const char *table, const char *sql,
    sqlite3_stmt **s, char **cause)
{
	if (sqlite3_prepare_v2(st->db, sql, -1, s, NULL) == SQLITE_OK)
		return (0);
	*cause = xasprintf("%s: %s", table, sqlite3_errmsg(st->db));
	*s = NULL;
	return (-1);
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
store_input_end(struct store *st, const char *identity, const char *sha256,
    uint64_t bytes, int64_t rows, int64_t rejected, const char *first_errors,
    int *dup, char **cause)
{
	sqlite3_stmt	*s = NULL;
	int		 rc;

	*dup = 0;
	if (store_pending_done(st) != 0)
		goto fail;
	if (sqlite3_prepare_v2(st->db, "SELECT id FROM sources WHERE hash = ?",
	    -1, &s, NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_text(s, 1, identity, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	s = NULL;
	if (rc == SQLITE_ROW) {
		*dup = 1;
		store_input_abort(st);
		return (0);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	if (sqlite3_prepare_v2(st->db, "UPDATE sources SET hash = ?, "
	    "sha256 = ?, bytes = ?, rows = ?, rejected = ?, first_errors = ?, "
	    "from_us = ?, to_us = ? WHERE id = ?", -1, &s, NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_text(s, 1, identity, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, sha256, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, (int64_t)bytes);
	sqlite3_bind_int64(s, 4, rows);
	sqlite3_bind_int64(s, 5, rejected);
	if (first_errors != NULL)
		sqlite3_bind_text(s, 6, first_errors, -1, SQLITE_STATIC);
	if (st->cov_from_us != TIME_NONE) {
		sqlite3_bind_int64(s, 7, st->cov_from_us);
		sqlite3_bind_int64(s, 8, st->cov_to_us);
	}
	sqlite3_bind_int64(s, 9, st->source_id);
	if (sqlite3_step(s) != SQLITE_DONE)
		goto fail;
	sqlite3_finalize(s);
	s = NULL;
	/* the model no longer matches the data until it is rebuilt */
	if (store_exec(st, "UPDATE meta SET value = 1 WHERE key = "
	    "'model_stale'", NULL) != 0)
		goto fail;
	st->source_id = 0;
	if (st->in_group) {
		st->group_inputs++;
		return (store_exec(st, "RELEASE input", cause));
	}
	return (store_exec(st, "COMMIT", cause));
fail:
	*cause = xasprintf("sources: %s", sqlite3_errmsg(st->db));
	sqlite3_finalize(s);
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
	st->pending_set = 0;
	store_next_req(st, NULL);
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

/* A column's integer, or none when it is NULL. */
static int64_t
store_col_int(sqlite3_stmt *s, int i, int64_t none)
{
	return (sqlite3_column_type(s, i) == SQLITE_NULL ? none :
	    sqlite3_column_int64(s, i));
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

/* A column's text as a new string, or NULL. */
static char *
store_col_str(sqlite3_stmt *s, int i)
{
	const unsigned char	*t = sqlite3_column_text(s, i);

	return (t != NULL ? xstrdup((const char *)t) : NULL);
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

int
store_model_derive(struct store *st, char **cause)
{
	return (store_exec(st, "INSERT INTO workload_seconds (namespace, "
	    "workload, second, requests, errors, conn_failures) SELECT "
	    "namespace, workload, second, sum(requests), sum(errors), "
	    "sum(conn_failures) FROM buckets GROUP BY namespace, workload, "
	    "second;"
	    "INSERT INTO workload_minutes (namespace, workload, minute, "
	    "requests, errors, conn_failures) SELECT namespace, workload, "
	    "second / 60 - (second % 60 < 0), sum(requests), sum(errors), "
	    "sum(conn_failures) FROM workload_seconds GROUP BY 1, 2, 3;"
	    "INSERT INTO pod_traffic (pod_uid, requests, failed) SELECT "
	    "pod_uid, sum(requests), min(sum(max(errors, conn_failures)), "
	    "sum(requests)) FROM buckets WHERE pod_uid IS NOT NULL GROUP BY "
	    "pod_uid", cause));
}

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

/* A typed callback carried through store_query. */
struct typed_cb {
	int	(*event)(void *, const struct rec_event *,
		    const struct store_ref *);
	int	(*log)(void *, const struct rec_log *,
		    const struct store_ref *);
	int	(*bucket)(void *, const struct row_bucket *);
	int	(*missing)(void *, const struct row_missing *);
	int	(*uid)(void *, const char *);
	void	*ctx;
};

static int
typed_event(void *ctx, const void *row, const struct store_ref *ref)
{
	struct typed_cb	*t = ctx;

	return (t->event(t->ctx, row, ref));
}

static int
typed_log(void *ctx, const void *row, const struct store_ref *ref)
{
	struct typed_cb	*t = ctx;

	return (t->log(t->ctx, row, ref));
}

static int
typed_bucket(void *ctx, const void *row, const struct store_ref *ref)
{
	struct typed_cb	*t = ctx;

	(void)ref;
	return (t->bucket(t->ctx, row));
}

static int
typed_missing(void *ctx, const void *row, const struct store_ref *ref)
{
	struct typed_cb	*t = ctx;

	(void)ref;
	return (t->missing(t->ctx, row));
}

static int
typed_uid(void *ctx, const void *row, const struct store_ref *ref)
{
	struct typed_cb			*t = ctx;
	const struct row_finding_pod	*fp = row;

	(void)ref;
	return (t->uid(t->ctx, fp->pod_uid));
}

int
store_pod_events(struct store *st, const char *uid, const char *ns,
    const char *name, int (*cb)(void *, const struct rec_event *,
    const struct store_ref *), void *ctx, char **cause)
{
	struct typed_cb		 t = { .event = cb, .ctx = ctx };
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
	struct typed_cb		 t = { .log = cb, .ctx = ctx };
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
	struct typed_cb		 t = { .bucket = cb, .ctx = ctx };
	const struct qparam	 p[] = {
		QP_S(uid), QP_I(lo_of(from_s)), QP_I(hi_of(to_s))
	};

	if (uid == NULL)
		return (0);
	return (store_query(st, &row_descs[ROW_BUCKET], "pod_uid = ?1 AND "
	    "second BETWEEN ?2 AND ?3", "second, ip", p, 3, 0, 0,
	    typed_bucket, &t, cause));
}

int
store_traffic(struct store *st, int64_t from_s, int64_t to_s,
    int64_t step_s, int (*cb)(void *, const struct store_traffic *),
    void *ctx, char **cause)
{
	struct store_traffic	 t;
	sqlite3_stmt		*s;
	int			 rc, stop = 0;

	if (step_s < 1)
		step_s = 1;
	/* whole minutes from whole minutes: the per-minute table */
	if (step_s % 60 == 0 && from_s % 60 == 0)
		rc = sqlite3_prepare_v2(st->db, "SELECT namespace, workload, "
		    "(minute * 60 - ?1) / ?3, sum(requests), sum(errors), "
		    "sum(conn_failures) FROM workload_minutes WHERE minute "
		    "BETWEEN ?1 / 60 AND ?2 / 60 GROUP BY namespace, workload, "
		    "3 ORDER BY namespace, workload, 3", -1, &s, NULL);
	else
		rc = sqlite3_prepare_v2(st->db, "SELECT namespace, workload, "
		    "(second - ?1) / ?3, sum(requests), sum(errors), "
		    "sum(conn_failures) FROM workload_seconds WHERE second "
		    "BETWEEN ?1 AND ?2 GROUP BY namespace, workload, 3 ORDER "
		    "BY namespace, workload, 3", -1, &s, NULL);
	if (rc != SQLITE_OK) {
		*cause = xasprintf("traffic: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	sqlite3_bind_int64(s, 1, from_s);
	sqlite3_bind_int64(s, 2, to_s);
	sqlite3_bind_int64(s, 3, step_s);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		t.namespace = (const char *)sqlite3_column_text(s, 0);
		t.workload = (const char *)sqlite3_column_text(s, 1);
		t.bin = sqlite3_column_int64(s, 2);
		t.requests = sqlite3_column_int64(s, 3);
		t.errors = sqlite3_column_int64(s, 4);
		t.conn_failures = sqlite3_column_int64(s, 5);
		if ((stop = cb(ctx, &t)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("traffic: %s", sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

/* The text of column i (borrowed until the next step), or NULL. */
static const char *
col_text(sqlite3_stmt *s, int i)
{
	return ((const char *)sqlite3_column_text(s, i));
}

int
store_requests_at(struct store *st, const char *ip, int64_t from_us,
    int64_t to_us, size_t limit, int (*cb)(void *,
    const struct store_request *), void *ctx, char **cause)
{
	struct store_request	 q;
	sqlite3_stmt		*s;
	int			 rc, stop = 0;

	if (ip == NULL)
		return (0);
	if (sqlite3_prepare_v2(st->db, "SELECT id, source_id, line, "
	    "start_us, end_us, duration_us, method, host, path, protocol, "
	    "status, bytes, client, user_agent, namespace, service, "
	    "upstream_name, flags, detail, failure, request_id, dialect, "
	    "seq, upstream, ip, port, upstream_status, upstream_duration_us, "
	    "attempt_us FROM requests WHERE ip = ?1 AND attempt_us BETWEEN "
	    "?2 AND ?3 ORDER BY attempt_us, id LIMIT ?4", -1, &s, NULL) !=
	    SQLITE_OK) {
		*cause = xasprintf("requests: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	sqlite3_bind_text(s, 1, ip, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, lo_of(from_us));
	sqlite3_bind_int64(s, 3, hi_of(to_us));
	sqlite3_bind_int64(s, 4, limit > 0 ? (int64_t)limit : -1);
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		memset(&q, 0, sizeof q);
		q.ref.id = sqlite3_column_int64(s, 0);
		q.ref.source_id = sqlite3_column_int64(s, 1);
		q.ref.line = store_col_int(s, 2, INT64_MIN);
		q.r.line = q.ref.line;
		q.r.start_us = store_col_int(s, 3, INT64_MIN);
		q.r.end_us = store_col_int(s, 4, INT64_MIN);
		q.r.duration_us = store_col_int(s, 5, INT64_MIN);
		q.r.method = col_text(s, 6);
		q.r.host = col_text(s, 7);
		q.r.path = col_text(s, 8);
		q.r.protocol = col_text(s, 9);
		q.r.status = store_col_int(s, 10, INT64_MIN);
		q.r.bytes = store_col_int(s, 11, INT64_MIN);
		q.r.client = col_text(s, 12);
		q.r.user_agent = col_text(s, 13);
		q.r.namespace = col_text(s, 14);
		q.r.service = col_text(s, 15);
		q.r.upstream_name = col_text(s, 16);
		q.r.flags = col_text(s, 17);
		q.r.detail = col_text(s, 18);
		q.r.failure = col_text(s, 19);
		q.r.request_id = col_text(s, 20);
		q.r.dialect = col_text(s, 21);
		q.a.seq = store_col_int(s, 22, INT64_MIN);
		q.a.upstream = col_text(s, 23);
		q.a.ip = col_text(s, 24);
		q.a.port = store_col_int(s, 25, INT64_MIN);
		q.a.status = store_col_int(s, 26, INT64_MIN);
		q.a.duration_us = store_col_int(s, 27, INT64_MIN);
		q.a.time_us = store_col_int(s, 28, INT64_MIN);
		if ((stop = cb(ctx, &q)) != 0)
			break;
	}
	if (stop == 0 && rc != SQLITE_DONE) {
		*cause = xasprintf("requests: %s", sqlite3_errmsg(st->db));
		stop = -1;
	}
	sqlite3_finalize(s);
	return (stop);
}

int
store_pod_missing(struct store *st, const char *uid,
    int (*cb)(void *, const struct row_missing *), void *ctx, char **cause)
{
	struct typed_cb		 t = { .missing = cb, .ctx = ctx };
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
	struct typed_cb		 t = { .uid = cb, .ctx = ctx };
	const struct qparam	 p[] = { QP_I(finding_id) };

	return (store_query(st, &row_descs[ROW_FINDING_POD], "finding_id = "
	    "?1", NULL, p, 1, 0, 0, typed_uid, &t, cause));
}

int
store_source_name(struct store *st, int64_t source_id, char **path,
    char **member, char **cause)
{
	sqlite3_stmt	*s;
	int		 rc;

	*path = *member = NULL;
	if (sqlite3_prepare_v2(st->db, "SELECT path, member FROM sources "
	    "WHERE id = ?", -1, &s, NULL) != SQLITE_OK) {
		*cause = xasprintf("sources: %s", sqlite3_errmsg(st->db));
		return (-1);
	}
	sqlite3_bind_int64(s, 1, source_id);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		*path = xstrdup(col_text(s, 0) != NULL ? col_text(s, 0) : "");
		if (col_text(s, 1) != NULL)
			*member = xstrdup(col_text(s, 1));
	}
	sqlite3_finalize(s);
	if (rc != SQLITE_ROW) {
		*cause = xasprintf("no source %lld", (long long)source_id);
		return (-1);
	}
	return (0);
}

/* What store_sql's progress handler asks. */
struct sql_stop {
	int	(*stop)(void *);
	void	 *arg;
};

static int
sql_progress(void *ctx)
{
	struct sql_stop	*ss = ctx;

	return (ss->stop(ss->arg) != 0);
}

/* store_sql on its open read-only connection. */
static int
sql_exec(struct store *st, const char *sql, size_t max_rows,
    struct store_table *t, char **cause)
{
	sqlite3_stmt	*s = NULL;
	const char	*tail;
	size_t		 i;
	int		 rc;

	if (sqlite3_prepare_v2(st->ro, sql, -1, &s, &tail) != SQLITE_OK) {
		*cause = xstrdup(sqlite3_errmsg(st->ro));
		return (-1);
	}
	if (s == NULL) {
		*cause = xstrdup("nothing to run");
		return (-1);
	}
	while (*tail == ' ' || *tail == '\t' || *tail == '\n' ||
	    *tail == ';')
		tail++;
	if (*tail != '\0') {
		sqlite3_finalize(s);
		*cause = xstrdup("one statement at a time");
		return (-1);
	}
	t->ncols = (size_t)sqlite3_column_count(s);
	t->cols = xcalloc(t->ncols > 0 ? t->ncols : 1, sizeof *t->cols);
	for (i = 0; i < t->ncols; i++)
		t->cols[i] = xstrdup(sqlite3_column_name(s, (int)i));
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (t->nrows == max_rows) {
			t->truncated = 1;
			break;
		}
		t->cells = xreallocarray(t->cells, (t->nrows + 1) *
		    (t->ncols > 0 ? t->ncols : 1), sizeof *t->cells);
		for (i = 0; i < t->ncols; i++)
			t->cells[t->nrows * t->ncols + i] =
			    col_text(s, (int)i) != NULL ?
			    xstrdup(col_text(s, (int)i)) : NULL;
		t->nrows++;
	}
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		*cause = xstrdup(sqlite3_errmsg(st->ro));
		sqlite3_finalize(s);
		store_table_free(t);
		return (-1);
	}
	sqlite3_finalize(s);
	return (0);
}

int
store_sql(struct store *st, const char *sql, size_t max_rows,
    int (*stop)(void *), void *arg, struct store_table *t, char **cause)
{
	struct sql_stop	 ss = { .stop = stop, .arg = arg };
	int		 rc;

	memset(t, 0, sizeof *t);
	if (st->ro == NULL) {
		if (sqlite3_open_v2(st->path, &st->ro, SQLITE_OPEN_READONLY |
		    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
			*cause = xasprintf("%s", st->ro != NULL ?
			    sqlite3_errmsg(st->ro) : "cannot open");
			sqlite3_close(st->ro);
			st->ro = NULL;
			return (-1);
		}
		sqlite3_busy_timeout(st->ro, 2000);
		sqlite3_exec(st->ro, "PRAGMA query_only = 1", NULL, NULL,
		    NULL);
	}
	/* asked every 10,000 steps of SQLite's machine (about 1 ms) */
	if (stop != NULL)
		sqlite3_progress_handler(st->ro, 10000, sql_progress, &ss);
	rc = sql_exec(st, sql, max_rows, t, cause);
	sqlite3_progress_handler(st->ro, 0, NULL, NULL);
	return (rc);
}

void
store_table_free(struct store_table *t)
{
	size_t	i;

	for (i = 0; i < t->ncols; i++)
		free(t->cols[i]);
	for (i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cols);
	free(t->cells);
	memset(t, 0, sizeof *t);
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
			t->uid = xstrdup(col_text(s, 0));
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
	struct typed_cb	t = { .event = cb, .ctx = ctx };

	return (store_record_by_id(st, REC_EVENT, id, typed_event, &t,
	    cause));
}

int
store_log(struct store *st, int64_t id, int (*cb)(void *,
    const struct rec_log *, const struct store_ref *), void *ctx,
    char **cause)
{
	struct typed_cb	t = { .log = cb, .ctx = ctx };

	return (store_record_by_id(st, REC_LOG, id, typed_log, &t, cause));
}

/* A callback for rows of any record type, carried as is. */
struct obs_cb {
	int	(*pod)(void *, const struct rec_pod *,
		    const struct store_ref *);
	int	(*ctr)(void *, const struct rec_container *,
		    const struct store_ref *);
	void	*ctx;
};

static int
obs_pod(void *ctx, const void *row, const struct store_ref *ref)
{
	struct obs_cb	*o = ctx;

	return (o->pod(o->ctx, row, ref));
}

static int
obs_ctr(void *ctx, const void *row, const struct store_ref *ref)
{
	struct obs_cb	*o = ctx;

	return (o->ctr(o->ctx, row, ref));
}

int
store_pod_observations(struct store *st, const char *uid,
    int (*cb)(void *, const struct rec_pod *, const struct store_ref *),
    void *ctx, char **cause)
{
	struct obs_cb		o = { .pod = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid) };

	return (store_query(st, &rec_descs[REC_POD], "uid = ?1", NULL, p, 1,
	    0, 1, obs_pod, &o, cause));
}

int
store_container_observations(struct store *st, const char *uid,
    const char *name, int (*cb)(void *, const struct rec_container *,
    const struct store_ref *), void *ctx, char **cause)
{
	struct obs_cb		o = { .ctr = cb, .ctx = ctx };
	const struct qparam	p[] = { QP_S(uid), QP_S(name) };

	return (store_query(st, &rec_descs[REC_CONTAINER], "pod_uid = ?1 "
	    "AND name = ?2", NULL, p, 2, 0, 1, obs_ctr, &o, cause));
}
