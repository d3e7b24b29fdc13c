/*
 * store-schema.c: the database's schema, and the migrations that build it
 * (store.h).  This file alone creates and changes tables; the other store
 * files write and read them.  It knows nothing of what a model or a view
 * does with a row, and nothing of the connection (store.c).
 *
 * Today's schema, user_version 16 (coroner.1, DATABASE, gives every
 * column, its unit and the views).  Times are *_us, microseconds since
 * the epoch, UTC; a second is a Unix second; *_s and *_ms are durations.
 *
 * What was imported, a row per record, each row's input in source_id:
 *   sources          one per input kept: path, archive member, importer,
 *                    identity (hash: SHA-256 of its content and of the
 *                    options that change its rows; sha256: of the
 *                    content), its counts and first rejects, and the
 *                    time its records cover (from_us, to_us)
 *   events           Kubernetes events, each version once
 *   pod_obs          every observed version of a pod
 *   container_obs    every observed version of a pod's container
 *   workload_obs     every observed version of a ReplicaSet, Deployment,
 *                    StatefulSet, DaemonSet, Job or CronJob
 *   container_logs   a row per log line (previous: the previous
 *                    instance's log)
 *   request_blocks   the upstream attempts of access-log requests, a few
 *   request_data     thousand a row (reqblock.h), the sums of each block
 *                    and, apart, its compressed data: each attempt carries
 *                    its request's fields (req: the request's number,
 *                    seq: the attempt's, NULL when it reached no
 *                    upstream); read as a row per attempt through the
 *                    virtual table requests (store-requests.c)
 *   ip_seconds       attempts per input, IP and second
 *   records          outside records; a set is the rows of one set_name
 *   audit_events     the API server's audit log, a row per auditID
 *   slice_obs        every observed version of an EndpointSlice, and
 *   endpoint_obs     its endpoints, a row each
 *   node_obs         every observed version of a Node, with its
 *   node_cond_obs    conditions and
 *   taint_obs        taints, a row each
 *   deploy_obs       deploy histories (Helm, Argo CD, Flux), a row per
 *                    revision
 *   node_logs        a row per line of a node's own logs
 * The model, rebuilt from them after every import:
 *   pods             a row per pod: its life, how it ended and how its
 *                    deletion is known (who asked, why, its endpoint);
 *                    when it lost readiness while alive
 *   containers       each pod's containers, their last instance
 *   terminations     every termination of every container instance
 *   pod_ips          which pod had an IP, from when to when
 *   workloads        the latest version of each workload
 *   rollouts         a Deployment's new ReplicaSet taking over, and who
 *                    deployed it; a StatefulSet's or DaemonSet's new
 *                    controller revision replacing its pods (kind)
 *   jobs             each Job, with its CronJob and how it ended
 *   buckets          attempts to one IP in one second, given to a pod
 *   workload_seconds the buckets summed per workload and second (as
 *                    buckets.c makes them, or store_workload_seconds_sum
 *                    past its limit), and
 *   workload_minutes per minute (the same, or store_workload_minutes_sum)
 *   pod_traffic      attempts and failures routed to each pod (the same,
 *                    or store_pod_traffic_sum)
 *   findings         what the analysis found
 *   finding_pods     each finding's pods, by uid
 *   missing_records  keys of a reference record set the other lacks
 *   pod_list         the pods in the pods list's order, with what its
 *                    rows show (seq: the place), and
 *   workload_pods    each workload's pods summed, and
 *   lane_deaths      the deaths the overview marks on its lanes,
 *   lane_traffic     each workload's attempts over the window,
 *   rs_traffic       each rolled ReplicaSet's over the import, and
 *   finding_list     the findings without their pods and evidence, with
 *                    the count of their pods: written by the analysis
 *                    with the findings (podlist.h)
 *   pod_endpoints    each pod's endpoint in each EndpointSlice: ready,
 *                    terminating, not serving, gone
 *   node_states      each node's troubles: NotReady, reboots, taints...
 *   deploys          the deploy histories, with the rollouts they started
 * And:
 *   meta             coroner's own state: model_stale, 1 from the commit
 *                    of an input until the model is rebuilt from it; the
 *                    incident's window the analysis found (window_first_us,
 *                    window_last_us, window_basis; a rebuild forgets it)
 *   *_v              views for people who use sqlite3: the tables with
 *                    readable times; coroner never reads them
 * The model's rebuild also keeps temp.model_* tables of its connection
 * (store-rebuild.c, store-late.c).
 *
 * What must match: the field tables rec_descs[] (src/record.c: events,
 * pod_obs, container_obs, workload_obs, container_logs, records,
 * ip_seconds, audit_events, slice_obs, endpoint_obs, node_obs,
 * node_cond_obs, taint_obs, deploy_obs, node_logs) and row_descs[]
 * (src/model.c: pods, containers, pod_ips, workloads, rollouts, jobs,
 * buckets, findings, missing_records, finding_pods, terminations,
 * pod_endpoints, node_states, deploys, pod_list, workload_pods,
 * lane_deaths, lane_traffic) name a table and its columns, and
 * the inserts and reads are made from them: each field is a column here,
 * under its name, and each order list and time field (rec_desc.time)
 * names columns here.  A request and its attempts (REC_REQUEST,
 * REC_ATTEMPT) are written by hand as the rows of requests
 * (store_put_row, store-write.c).
 */
#include <stdio.h>
#include <stdlib.h>

#include "store-int.h"
#include "util.h"

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
 * containers_v as migration 1 made it, up to its last column: migration
 * 16 adds the others.
 */
#define CONTAINERS_V_1 \
	"CREATE VIEW containers_v AS SELECT p.namespace, p.name AS pod," \
	"  c.name AS container, c.init, c.sidecar, c.native_sidecar," \
	"  c.image, c.prestop_kind, c.prestop_ms / 1000.0 AS prestop_s," \
	"  c.prestop_cmd, " UTC("c.started_us") " AS started," \
	"  " UTC("c.ready_us") " AS ready," \
	"  " UTC("c.finished_us") " AS finished, c.exit_code, c.reason," \
	"  c.signal, c.restarts, " UTC("c.sigterm_us") " AS sigterm," \
	"  c.sigterm_basis, " UTC("c.deadline_us") " AS deadline," \
	"  c.killed_at_deadline, c.pod_uid"

/*
 * pods_v as migration 10 made it, up to its last column: migration 11
 * adds two (released steps stay as they were, the text is shared).
 */
#define PODS_V_10 \
	"CREATE VIEW pods_v AS SELECT namespace, name, uid, workload_kind," \
	"  workload, node, ip, phase, " UTC("created_us") " AS created," \
	"  " UTC("start_us") " AS started, " UTC("ready_us") " AS ready," \
	"  " UTC("deletion_us") " AS deletion, deletion_basis," \
	"  " UTC("sigterm_us") " AS sigterm, sigterm_basis," \
	"  " UTC("deadline_us") " AS deadline, " UTC("gone_us") " AS gone," \
	"  gone_basis, grace_s, prestop_ms / 1000.0 AS prestop_s, killed," \
	"  " UTC("main_exit_us") " AS main_exit, spec_grace_s," \
	"  deletion_from, deletion_by, deletion_via, deletion_cause," \
	"  deletion_cause_basis," \
	"  " UTC("endpoint_terminating_us") " AS endpoint_terminating," \
	"  " UTC("endpoint_not_serving_us") " AS endpoint_not_serving," \
	"  " UTC("endpoint_gone_us") " AS endpoint_gone"

/* pods_v as migration 16 made it, up to its last column. */
#define PODS_V_16 \
	PODS_V_10 \
	"," \
	"  " UTC("unready_us") " AS unready," \
	"  " UTC("ready_again_us") " AS ready_again, owner_kind, owner_name," \
	"  template_hash, " UTC("scheduled_us") " AS scheduled," \
	"  observations, restart_policy, reason, message, disruption," \
	"  ended_by, " UTC("ended_us") " AS ended, ended_basis"

/*
 * requests_v, as migration 3 made it and 13 made it again over the
 * virtual table.  pod: the pod that owned the attempt's IP at the
 * attempt's time, else the last one that had it before (as coroner
 * attributes requests: a pod gone while the load balancer still routes).
 */
#define REQUESTS_V \
	"CREATE VIEW requests_v AS SELECT r.id, r.req, r.seq,"\
	"  " UTC("r.start_us") " AS start, " UTC("r.end_us") " AS end,"\
	"  r.duration_us / 1e6 AS duration_s, r.method, r.host, r.path,"\
	"  r.protocol, r.status, r.upstream_status, r.bytes, r.ip, r.port,"\
	"  (SELECT p.name FROM pod_ips i JOIN pods p ON p.uid = i.pod_uid"\
	"   WHERE i.ip = r.ip AND i.from_us <= coalesce(r.attempt_us,"\
	"   r.start_us) ORDER BY i.from_us DESC LIMIT 1) AS pod,"\
	"  r.namespace, r.service, r.upstream_name, r.flags, r.detail,"\
	"  r.failure, r.client, r.user_agent, r.request_id, r.dialect,"\
	"  r.upstream_duration_us / 1e6 AS upstream_duration_s,"\
	"  " UTC("r.attempt_us") " AS attempt, r.source_id, r.line"\
	"  FROM requests r;"

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
	CONTAINERS_V_1
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
	REQUESTS_V
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
	/*
	 * 9 -> 10: what the model derives from the late evidence (model.h):
	 * each pod's endpoint in each EndpointSlice, the nodes' troubles,
	 * the deploys with the rollouts they started; the pods gain how
	 * their deletion is known, who asked and why, the spec's grace and
	 * their endpoint's times; the rollouts who deployed them.  Rows of a
	 * database made before have NULLs there until the next import
	 * rebuilds the model.
	 */
	"CREATE TABLE IF NOT EXISTS pod_endpoints ("
	"  pod_uid TEXT, namespace TEXT, pod TEXT, slice TEXT, service TEXT,"
	"  address TEXT, node TEXT, first_seen_us INTEGER, ready_us INTEGER,"
	"  not_ready_us INTEGER, not_serving_us INTEGER,"
	"  terminating_us INTEGER, gone_us INTEGER, last_seen_us INTEGER,"
	"  basis TEXT"
	");"
	"CREATE INDEX IF NOT EXISTS pod_endpoints_pod ON"
	"  pod_endpoints(pod_uid, first_seen_us);"
	"CREATE TABLE IF NOT EXISTS node_states ("
	"  node TEXT, state TEXT, detail TEXT, from_us INTEGER,"
	"  to_us INTEGER, basis TEXT"
	");"
	"CREATE INDEX IF NOT EXISTS node_states_node ON node_states(node,"
	"  from_us);"
	"CREATE TABLE IF NOT EXISTS deploys ("
	"  tool TEXT, namespace TEXT, name TEXT, revision TEXT, source TEXT,"
	"  status TEXT, actor TEXT, description TEXT, rollback_to TEXT,"
	"  start_us INTEGER, end_us INTEGER, deployment TEXT, new_rs TEXT"
	");"
	"DROP VIEW IF EXISTS pods_v;"
	PODS_V_10
	" FROM pods;"
	"DROP VIEW IF EXISTS rollouts_v;"
	"CREATE VIEW rollouts_v AS SELECT id, namespace, deployment, new_rs,"
	"  old_rs, revision, " UTC("start_us") " AS start,"
	"  " UTC("end_us") " AS end, (end_us - start_us) / 1e6 AS"
	"  duration_s, basis, tool, deploy_revision, deployed_by,"
	"  deploy_basis FROM rollouts;"
	"CREATE VIEW IF NOT EXISTS audit_v AS SELECT " UTC("time_us") " AS"
	"  time, verb, resource, subresource, namespace, name, actor,"
	"  code, grace_s, user_agent, reason, message, level, stage, body,"
	"  obj_uid, audit_id, dialect, source_id, line FROM audit_events;"
	"CREATE VIEW IF NOT EXISTS pod_endpoints_v AS SELECT namespace, pod,"
	"  slice, service, address, node,"
	"  " UTC("first_seen_us") " AS first_seen,"
	"  " UTC("ready_us") " AS ready,"
	"  " UTC("not_ready_us") " AS not_ready,"
	"  " UTC("not_serving_us") " AS not_serving,"
	"  " UTC("terminating_us") " AS terminating,"
	"  " UTC("gone_us") " AS gone, " UTC("last_seen_us") " AS last_seen,"
	"  basis, pod_uid FROM pod_endpoints;"
	"CREATE VIEW IF NOT EXISTS node_states_v AS SELECT node, state,"
	"  detail, " UTC("from_us") " AS from_time,"
	"  " UTC("to_us") " AS to_time, (to_us - from_us) / 1e6 AS"
	"  duration_s, basis FROM node_states;"
	"CREATE VIEW IF NOT EXISTS deploys_v AS SELECT tool, namespace, name,"
	"  revision, source, status, actor, description, rollback_to,"
	"  " UTC("start_us") " AS start, " UTC("end_us") " AS end,"
	"  deployment, new_rs FROM deploys;",
	/*
	 * 10 -> 11: when a pod lost readiness while alive, and a rollout's
	 * workload kind (Deployment, StatefulSet, DaemonSet); the columns
	 * themselves are added by migration_columns.
	 */
	"DROP VIEW IF EXISTS pods_v;"
	PODS_V_10
	","
	"  " UTC("unready_us") " AS unready,"
	"  " UTC("ready_again_us") " AS ready_again FROM pods;"
	"DROP VIEW IF EXISTS rollouts_v;"
	"CREATE VIEW rollouts_v AS SELECT id, namespace, deployment, new_rs,"
	"  old_rs, revision, " UTC("start_us") " AS start,"
	"  " UTC("end_us") " AS end, (end_us - start_us) / 1e6 AS"
	"  duration_s, basis, tool, deploy_revision, deployed_by,"
	"  deploy_basis, kind FROM rollouts;",
	/*
	 * 11 -> 12: the pods list, each workload's pods summed, the
	 * overview's deaths, each workload's attempts in the window, each
	 * ReplicaSet's and the findings' short columns, written by the
	 * analysis for the views that page through them (podlist.h), empty
	 * until the next analysis; the per-minute traffic by workload, for
	 * one lane's.
	 */
	"CREATE TABLE IF NOT EXISTS pod_list ("
	"  seq INTEGER PRIMARY KEY, uid TEXT, namespace TEXT,"
	"  workload TEXT, zero_us INTEGER, deleted_us INTEGER, badges TEXT,"
	"  failed INTEGER,"
	"  missing INTEGER, exits_cols INTEGER, by_cols INTEGER,"
	"  search TEXT"
	");"
	"CREATE TABLE IF NOT EXISTS workload_pods ("
	"  namespace TEXT, workload TEXT, kind TEXT,"
	"  first_seq INTEGER PRIMARY KEY,"
	"  pods INTEGER, deaths INTEGER, first_us INTEGER, last_us INTEGER,"
	"  deleted_lo_us INTEGER, deleted_hi_us INTEGER, failed INTEGER,"
	"  missing INTEGER, exits_cols INTEGER, by_cols INTEGER,"
	"  badges_cols INTEGER, name_cols INTEGER"
	");"
	"CREATE TABLE IF NOT EXISTS lane_deaths ("
	"  namespace TEXT, workload TEXT, at_us INTEGER, killed INTEGER,"
	"  pod_uid TEXT"
	");"
	"CREATE INDEX IF NOT EXISTS lane_deaths_lane ON"
	"  lane_deaths(namespace, workload, at_us);"
	"CREATE TABLE IF NOT EXISTS lane_traffic ("
	"  namespace TEXT, workload TEXT, requests INTEGER, failed INTEGER"
	");"
	"CREATE INDEX IF NOT EXISTS workload_minutes_key ON"
	"  workload_minutes(namespace, workload, minute);"
	"CREATE TABLE IF NOT EXISTS rs_traffic ("
	"  namespace TEXT, rs TEXT, requests INTEGER, errors INTEGER,"
	"  conn_failures INTEGER"
	");"
	"CREATE TABLE IF NOT EXISTS finding_list ("
	"  id INTEGER PRIMARY KEY, kind TEXT, severity TEXT, namespace TEXT,"
	"  workload TEXT, start_us INTEGER, end_us INTEGER, summary TEXT,"
	"  recommendation TEXT, npods INTEGER"
	");",
	/*
	 * 12 -> 13: the requests are stored in blocks of a few thousand
	 * attempts (reqblock.h), each with what its rows sum up, and read
	 * through the virtual table requests (store-requests.c), which
	 * every coroner connection has; each block's sums (request_blocks)
	 * are kept apart from its data (request_data), so that a query
	 * finds its blocks without reading the others; the rows of the old
	 * table are moved into blocks (store_requests_convert,
	 * migration_hooks).
	 */
	"DROP VIEW IF EXISTS requests_v;"
	"ALTER TABLE requests RENAME TO requests_rows;"
	"CREATE TABLE request_blocks ("
	"  id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL,"
	"  rows INTEGER NOT NULL, requests INTEGER NOT NULL,"
	"  failed INTEGER NOT NULL, first_req INTEGER, last_req INTEGER,"
	"  start_lo INTEGER, start_hi INTEGER, attempt_lo INTEGER,"
	"  attempt_hi INTEGER"
	");"
	/* apart, so that reading the sums reads no block */
	"CREATE TABLE request_data ("
	"  id INTEGER PRIMARY KEY, data BLOB NOT NULL"
	");"
	REQUESTS_V,
	/*
	 * 13 -> 14: audit_v shows every column of audit_events: who asked
	 * (user) and whom it impersonated beside the actor the analysis
	 * names, the API group, the source IP, the precondition's uid and
	 * the stage's time.
	 */
	"DROP VIEW IF EXISTS audit_v;"
	"CREATE VIEW audit_v AS SELECT " UTC("time_us") " AS time, verb,"
	"  resource, subresource, api_group, namespace, name, actor, user,"
	"  impersonated, code, grace_s, precondition_uid, user_agent,"
	"  source_ip, reason, message, level, stage,"
	"  " UTC("stage_us") " AS stage_time, body, obj_uid, audit_id,"
	"  dialect, source_id, line FROM audit_events;",
	/*
	 * 14 -> 15: workload_pods.restarts, its pods' restarts summed
	 * (migration_columns), so that the pods view gives RST room only
	 * when a pod restarted; NULL until the next analysis.
	 */
	"",
	/*
	 * 15 -> 16: the views hold every column of their tables (why a pod
	 * ended, a container's waiting and last exit, its probes; a Job's
	 * failures), each after the columns they held before.
	 */
	"DROP VIEW IF EXISTS pods_v;"
	PODS_V_16 " FROM pods;"
	"DROP VIEW IF EXISTS containers_v;"
	CONTAINERS_V_1
	", c.message, c.waiting_reason,"
	"  c.waiting_message, " UTC("c.last_started_us") " AS last_started,"
	"  " UTC("c.last_finished_us") " AS last_finished, c.last_exit_code,"
	"  c.last_reason, c.last_signal, c.terminations, c.restarts_basis,"
	"  c.liveness, c.liveness_period_s, c.liveness_timeout_s,"
	"  c.liveness_threshold, c.liveness_delay_s, c.probe_kills,"
	"  " UTC("c.probe_kill_first_us") " AS probe_kill_first,"
	"  " UTC("c.probe_kill_last_us") " AS probe_kill_last, c.unhealthy,"
	"  " UTC("c.unhealthy_first_us") " AS unhealthy_first,"
	"  " UTC("c.unhealthy_last_us") " AS unhealthy_last,"
	"  c.unhealthy_message, c.back_offs,"
	"  " UTC("c.back_off_last_us") " AS back_off_last, c.start_error"
	"  FROM containers c LEFT JOIN pods p ON p.uid = c.pod_uid;"
	"DROP VIEW IF EXISTS terminations_v;"
	"CREATE VIEW terminations_v AS SELECT p.namespace, p.name AS pod,"
	"  t.container, t.instance, " UTC("t.started_us") " AS started,"
	"  " UTC("t.finished_us") " AS finished, t.exit_code, t.signal,"
	"  t.reason, t.cause, t.cause_basis,"
	"  " UTC("t.restarted_us") " AS restarted, t.basis, t.message,"
	"  t.last_log, t.pod_uid, t.init,"
	"  " UTC("t.last_log_us") " AS last_log_time"
	"  FROM terminations t LEFT JOIN pods p ON p.uid = t.pod_uid;"
	"DROP VIEW IF EXISTS events_v;"
	"CREATE VIEW events_v AS SELECT " UTC("time_us") " AS time,"
	"  namespace, obj_kind AS kind, obj_name AS object, container,"
	"  reason, type, message, component, host, count,"
	"  " UTC("first_us") " AS first, " UTC("last_us") " AS last,"
	"  obj_uid, source_id, line, obj_namespace, field_path,"
	"  init_container, action, uid, name FROM events;"
	"DROP VIEW IF EXISTS jobs_v;"
	"CREATE VIEW jobs_v AS SELECT namespace, name, cronjob,"
	"  " UTC("start_us") " AS start,"
	"  " UTC("completion_us") " AS completion,"
	"  duration_ms / 1000.0 AS duration_s, status, uid, reason, failed,"
	"  backoff_limit FROM jobs;"
	"DROP VIEW IF EXISTS workloads_v;"
	"CREATE VIEW workloads_v AS SELECT kind, namespace, name,"
	"  owner_kind, owner_name, " UTC("created_us") " AS created,"
	"  template_hash, revision, replicas, grace_s, condition,"
	"  " UTC("start_us") " AS start,"
	"  " UTC("completion_us") " AS completion, schedule, uid,"
	"  condition_reason, backoff_limit, failed FROM workloads;"
	"DROP VIEW IF EXISTS sources_v;"
	"CREATE VIEW sources_v AS SELECT id, path, member, format, bytes,"
	"  rows, rejected, " UTC("imported_us") " AS imported, first_errors,"
	"  " UTC("from_us") " AS from_time, " UTC("to_us") " AS to_time,"
	"  hash, sha256 FROM sources WHERE hash IS NOT NULL;",
	/*
	 * 16 -> 17: pods.owner_uid, the uid of a pod's controller
	 * (migration_columns), so that two Jobs of one name (one deleted
	 * and made again, a Helm hook's of each release) are told apart;
	 * NULL until the next import rebuilds the model.
	 */
	"DROP VIEW IF EXISTS pods_v;"
	PODS_V_16 ", owner_uid FROM pods;",
};
#define NMIGRATIONS	(sizeof migrations / sizeof migrations[0])

/* Migration 13's last step, in C: the old rows into blocks. */
static int
migrate_requests(struct store *st, char **cause)
{
	if (store_requests_convert(st->db, cause) != 0)
		return (-1);
	return (store_exec(st, "DROP TABLE requests_rows", cause));
}

/* What a migration does after its SQL, before its COMMIT. */
static const struct {
	int	 version;	/* migration version -> +1 */
	int	(*run)(struct store *, char **);
} migration_hooks[] = {
	{ 12, migrate_requests },
};

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
	{ .version = 9, .table = "pods", .column = "spec_grace_s",
	    .type = "INTEGER" },
	{ .version = 9, .table = "pods", .column = "deletion_from",
	    .type = "TEXT" },
	{ .version = 9, .table = "pods", .column = "deletion_by",
	    .type = "TEXT" },
	{ .version = 9, .table = "pods", .column = "deletion_via",
	    .type = "TEXT" },
	{ .version = 9, .table = "pods", .column = "deletion_cause",
	    .type = "TEXT" },
	{ .version = 9, .table = "pods", .column = "deletion_cause_basis",
	    .type = "TEXT" },
	{ .version = 9, .table = "pods", .column = "endpoint_terminating_us",
	    .type = "INTEGER" },
	{ .version = 9, .table = "pods", .column = "endpoint_not_serving_us",
	    .type = "INTEGER" },
	{ .version = 9, .table = "pods", .column = "endpoint_gone_us",
	    .type = "INTEGER" },
	{ .version = 9, .table = "rollouts", .column = "tool",
	    .type = "TEXT" },
	{ .version = 9, .table = "rollouts", .column = "deploy_revision",
	    .type = "TEXT" },
	{ .version = 9, .table = "rollouts", .column = "deployed_by",
	    .type = "TEXT" },
	{ .version = 9, .table = "rollouts", .column = "deploy_basis",
	    .type = "TEXT" },
	{ .version = 10, .table = "pods", .column = "unready_us",
	    .type = "INTEGER" },
	{ .version = 10, .table = "pods", .column = "ready_again_us",
	    .type = "INTEGER" },
	{ .version = 10, .table = "rollouts", .column = "kind",
	    .type = "TEXT" },
	{ .version = 14, .table = "workload_pods", .column = "restarts",
	    .type = "INTEGER" },
	{ .version = 16, .table = "pods", .column = "owner_uid",
	    .type = "TEXT" },
};

int
store_identify(struct store *st, int *fresh, char **cause)
{
	int64_t	id, v, objects, sources;

	*fresh = 0;
	if (store_int_query(st, "PRAGMA application_id", &id) != 0 ||
	    store_int_query(st, "PRAGMA user_version", &v) != 0 ||
	    store_int_query(st, "SELECT count(*) FROM sqlite_schema",
	    &objects) != 0) {
		/* only a file that is no database is not one: else say why */
		*cause = xasprintf("%s: %s", sqlite3_errcode(st->db) ==
		    SQLITE_NOTADB ? "not a coroner database" : "cannot be "
		    "read", sqlite3_errmsg(st->db));
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

/* A schema as new as this coroner's (0), or newer (-1 with *cause). */
static int
store_migrate_newer(int64_t v, char **cause)
{
	if (v <= (int64_t)NMIGRATIONS)
		return (0);
	*cause = xasprintf("database schema %d is newer than this coroner "
	    "(%d)", (int)v, (int)NMIGRATIONS);
	return (-1);
}

/*
 * Takes the database to the current schema, every step it lacks in one
 * transaction: a new database is written once (each step's commit wrote
 * its 64 KiB pages to the log again, a tenth of a small import), and a
 * crash leaves the schema as it was or current, never between.
 */
int
store_migrate(struct store *st, char **cause)
{
	char	*sql;
	int64_t	 v;
	size_t	 i;

	if (store_int_query(st, "PRAGMA user_version", &v) != 0) {
		*cause = xasprintf("not a coroner database: %s",
		    sqlite3_errmsg(st->db));
		return (-1);
	}
	if (v >= (int64_t)NMIGRATIONS)
		return (store_migrate_newer(v, cause));
	if (store_exec(st, "BEGIN IMMEDIATE", cause) != 0)
		return (-1);
	/* another coroner may have migrated it while this one waited for
	   the lock: go on from where it is now */
	if (store_int_query(st, "PRAGMA user_version", &v) != 0) {
		*cause = xstrdup(sqlite3_errmsg(st->db));
		store_exec(st, "ROLLBACK", NULL);
		return (-1);
	}
	if (v >= (int64_t)NMIGRATIONS) {
		store_exec(st, "ROLLBACK", NULL);
		return (store_migrate_newer(v, cause));
	}
	for (; v < (int64_t)NMIGRATIONS; v++) {
		if (store_add_columns(st, v, cause) != 0 ||
		    store_exec(st, migrations[v], cause) != 0) {
			store_exec(st, "ROLLBACK", NULL);
			return (-1);
		}
		for (i = 0; i < sizeof migration_hooks /
		    sizeof migration_hooks[0]; i++) {
			if (migration_hooks[i].version == v &&
			    migration_hooks[i].run(st, cause) != 0) {
				store_exec(st, "ROLLBACK", NULL);
				return (-1);
			}
		}
	}
	sql = xasprintf("PRAGMA user_version = %d; PRAGMA application_id = %d; "
	    "COMMIT;", (int)NMIGRATIONS, STORE_APPLICATION_ID);
	if (store_exec(st, sql, cause) != 0) {
		free(sql);
		store_exec(st, "ROLLBACK", NULL);
		return (-1);
	}
	free(sql);
	return (0);
}

int
store_schema_old(struct store *st)
{
	int64_t	v;

	if (store_int_query(st, "PRAGMA user_version", &v) != 0)
		return (-1);
	return (v < (int64_t)NMIGRATIONS);
}
