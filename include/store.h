/*
 * store.h: the SQLite database, the only module with SQL.
 *
 * Everything else sees plain structs.  Each input is imported whole or
 * not at all: store_input_begin(), store_put() per record, then
 * store_input_end(), which keeps it, or undoes it when an input with the
 * same identity is already stored (importing a file twice changes
 * nothing).  An input is its own transaction, or a savepoint inside a
 * group (store_group_begin/end: many small members of one archive in one
 * transaction); a crash or Ctrl-C leaves the database as it was before
 * the inputs not yet committed.
 *
 * The database is in WAL mode: readers see the last committed state while
 * an import writes, and a second writer waits for the first (saying so on
 * standard error) instead of failing.  coroner's databases carry
 * STORE_APPLICATION_ID; another program's SQLite file is refused before
 * anything is written to it.
 */
#ifndef STORE_H
#define STORE_H

#include <stdint.h>

#include "model.h"
#include "record.h"

/* PRAGMA application_id of coroner's databases: "CRNR". */
#define STORE_APPLICATION_ID	0x43524e52

struct store;

/* How a command opens the database. */
enum store_mode {
	STORE_READ,	/* read only; the file must exist (pods, timeline,
			   lint --db) */
	STORE_UPDATE,	/* read, and write where the file and its
			   directory can be written; the file must exist
			   (report, tui: they store findings when there are
			   none) */
	STORE_WRITE,	/* read and write; the file must exist (analyze) */
	STORE_CREATE	/* read and write, created when missing (import) */
};

/*
 * Opens the database at path and brings its schema up to the newest (the
 * migrations of store-schema.c).  A missing or empty file is refused
 * unless mode is STORE_CREATE (only import makes a database), and a file
 * that is not coroner's (another program's application_id or tables) is
 * refused before anything is written; so is a file STORE_WRITE cannot
 * write, saying why.  A database in a directory that cannot be written
 * is read without the -shm file SQLite would make beside it, when its
 * -wal holds nothing (else it is refused, saying so).  STORE_READ opens
 * read-only, unless the schema must be upgraded or the model is stale
 * (store_model_stale) and the file and its directory are writable: then
 * the connection may write, to do that.  Returns 0 and a new store
 * (store_close frees it), or -1 and a new *cause naming path and the
 * real reason.
 */
int	store_open(const char *path, enum store_mode mode, struct store **st,
	    char **cause);
void	store_close(struct store *st);
/*
 * Closes a database as store_close() does and, when this open made its
 * file (STORE_CREATE of a missing path) and no input was stored in it,
 * removes the file with its log (a failed import leaves nothing behind).
 * Returns 1 when it was removed, else 0.
 */
int	store_close_unused(struct store *st);
/*
 * Starts copying what the write-ahead log holds into the database file,
 * and syncing both, on a connection and a thread of the store's own (a
 * passive checkpoint, which never blocks a writer), so that the copy
 * overlaps the work that follows (the next inputs, the model's rebuild)
 * instead of holding it up.  The import's own commits never checkpoint
 * (SQLite's automatic checkpoint would copy a large input's log at its
 * commit, before anything else goes on): store_group_end calls this
 * after each commit, and the import before the rebuild.  While the one
 * started before still copies, returns at once.  store_close waits for
 * the last one first; what none copied, store_close's own checkpoint
 * does.
 */
void	store_checkpoint_start(struct store *st);
/* Whether the connection may write. */
int	store_writable(struct store *st);
/*
 * A number that changes when another connection commits to the database
 * (an import, an analysis: PRAGMA data_version), the same between two
 * calls otherwise; -1 when it cannot be read.
 */
int64_t	store_version(struct store *st);
/*
 * Holds a snapshot: until store_snapshot_end(), what st reads (and
 * store_version) is the database as it was at the start, whatever another
 * connection commits.  Returns 0, or -1 with a new *cause.
 */
int	store_snapshot_begin(struct store *st, char **cause);
void	store_snapshot_end(struct store *st);
/*
 * Whether inputs were committed since the model was last rebuilt from
 * them (an import killed during the rebuild): the model's tables are
 * stale and model_rebuild() is due.
 */
int	store_model_stale(struct store *st);
/*
 * Inputs stored by a coroner before schema 6, identified by the old
 * 128-bit digest: this version cannot tell whether an input is one of
 * them, so importing one again stores it twice.
 */
int64_t	store_legacy_inputs(struct store *st);

/*
 * Opens a group: the inputs until store_group_end() are savepoints of
 * one transaction, each kept whole or undone alone.  store_group_end()
 * commits them, starts their checkpoint (store_checkpoint_start) and
 * sets *inputs to how many were kept; on failure none is (-1 with a new
 * *cause).  Without a group each input commits alone.
 */
int	store_group_begin(struct store *st, char **cause);
int	store_group_end(struct store *st, int64_t *inputs, char **cause);

/* Starts an input.  Returns 0, or -1 with a new *cause. */
int	store_input_begin(struct store *st, const char *path,
	    const char *member, const char *format, char **cause);
/*
 * Stores one record of the current input.  Returns 0, or -1 when SQLite
 * failed (store_error() says why; the input must be aborted).
 */
int	store_put(struct store *st, enum rec_type type, const void *rec);
/*
 * Ends the current input with its identity (SHA-256 of its content and of
 * the options that change its rows: 64 hex digits), the SHA-256 of its
 * content alone and its counts.  Returns 0 and sets *dup to 1 when an
 * input of the same identity was already stored (nothing is kept; *then
 * is how many of its pieces that import rejected), else keeps it
 * (commits, or releases its savepoint in a group) and marks the model
 * stale; -1 with a new *cause on failure (the input is undone).
 * first_errors is a newline-separated list of the first rejects (or NULL).
 */
int	store_input_end(struct store *st, const char *identity,
	    const char *sha256, uint64_t bytes, int64_t rows, int64_t rejected,
	    const char *first_errors, int *dup, int64_t *then, char **cause);
/*
 * With borrowing on, store_put() keeps a request's strings by reference
 * instead of copying them until its attempts have come: the caller
 * promises they stay valid until store_put_flush(), which it calls before
 * they die (the import pipeline does at the end of each batch, and never
 * splits a request from its attempts across batches).
 */
void	store_set_borrowing(struct store *st, int on);
int	store_put_flush(struct store *st);

/* Rolls the current input back. */
void	store_input_abort(struct store *st);
/* The last SQLite error message (borrowed). */
const char	*store_error(struct store *st);

/* One row of the sources table. */
struct store_source {
	int64_t		 id;		/* sources.id: records' source_id */
	char		*path;		/* owned */
	char		*member;	/* owned, NULL for a plain path */
	char		*format;	/* owned, the importer's name */
	int64_t		 rows;		/* records stored */
	int64_t		 rejected;	/* pieces of input rejected */
};
/*
 * Reads every source, oldest first.  Returns 0 and a new array (free with
 * store_sources_free), or -1 with a new *cause.
 */
int	store_sources(struct store *st, struct store_source **out,
	    size_t *n, char **cause);
void	store_sources_free(struct store_source *s, size_t n);

/*
 * Reads every stored record of a type in its descriptor's order, calling
 * cb with a filled struct whose strings are borrowed for the call.  cb
 * returns 0 to go on; anything else stops the scan and is returned.
 * Returns 0, that value, or -1 with a new *cause.
 */
int	store_scan(struct store *st, enum rec_type type,
	    int (*cb)(void *ctx, const void *rec), void *ctx, char **cause);

/*
 * The model's tables (model.h) are rebuilt whole: store_model_begin()
 * empties them in a transaction (which holds the write lock, so that what
 * the model reads next is one consistent state), store_model_put() adds
 * rows, store_model_end() commits, clearing store_model_stale(), or rolls
 * back when commit is 0.
 */
int	store_model_begin(struct store *st, char **cause);
/*
 * The same for one kind of row only (ROW_FINDING: the findings and the
 * missing records, which the analysis replaces together).
 */
int	store_rows_begin(struct store *st, enum row_type only, char **cause);
int	store_model_put(struct store *st, enum row_type type, const void *row);
int	store_model_end(struct store *st, int commit, char **cause);
/*
 * Puts many rows into one of the model's tables at once: its indexes are
 * dropped, fill (which puts them with store_model_put, reading nothing
 * of that table) runs, and they are made again, one sort each rather
 * than a walk down each b-tree per row.  Inside the model's transaction
 * (its rollback brings them back).  Returns 0, or -1 (fill's failure or
 * the store's) with a new *cause.
 */
int	store_model_bulk(struct store *st, enum row_type type,
	    int (*fill)(void *ctx, char **cause), void *ctx, char **cause);
/* Reads every row of one of the model's tables, like store_scan. */
int	store_model_scan(struct store *st, enum row_type type,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);
/*
 * The same in the order the rows were written (no sort: for a reader of
 * a whole table that orders the rows itself, as podset_load does).
 */
int	store_model_scan_stored(struct store *st, enum row_type type,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);
/*
 * Calls cb for each pod of the model in ROW_POD's order with its
 * containers (in ROW_CONTAINER's order), one pod at a time, so that
 * memory does not grow with the pods; everything is borrowed for the
 * call.  cb returns 0 to go on, non-zero to stop (returned as is).
 * Returns 0, the callback's value, or -1 with a new *cause.
 */
int	store_pods_each(struct store *st, int (*cb)(void *ctx,
	    const struct row_pod *p, const struct row_container *c,
	    size_t nc), void *ctx, char **cause);
/*
 * The stored log lines (REC_LOG) of the pod named pod in namespace ns,
 * in REC_LOG's order, as store_scan gives them of every pod.  cb returns
 * 0 to go on.  Returns 0, the callback's value, or -1 with a new *cause.
 */
int	store_pod_log_scan(struct store *st, const char *ns, const char *pod,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);
/*
 * Each pod's namespace and workload, in no order: cb gets an array of
 * the two (either NULL), borrowed for the call.  cb returns 0 to go on.
 * Returns 0, the callback's value, or -1 with a new *cause.
 */
int	store_pod_workloads(struct store *st, int (*cb)(void *ctx,
	    const void *ns_workload), void *ctx, char **cause);
/* A pod with its containers and terminations, borrowed for the call. */
typedef int (*store_pod_fn)(void *ctx, const struct row_pod *r,
    const struct row_container *c, size_t nc,
    const struct row_termination *t, size_t nt);
/*
 * Calls cb for each pod in the order of the uids with its containers
 * and terminations (in no order), reading each of the three tables once
 * in that order, in which the model writes them, so that it costs what
 * reading them as written does and memory does not grow with the pods.
 * Rows of no pod are passed over.  cb returns 0 to go on.  Returns 0,
 * the callback's value, or -1 with a new *cause.
 */
int	store_pods_by_uid(struct store *st, store_pod_fn cb, void *ctx,
	    char **cause);
/*
 * Sums the buckets by workload and second into workload_seconds, for a
 * rebuild whose buckets were too many to sum as they were made
 * (buckets.c).  Returns 0 or -1.
 */
int	store_workload_seconds_sum(struct store *st, char **cause);
/*
 * The same for workload_minutes from workload_seconds, and for
 * pod_traffic from the buckets (each pod's attempts, and its seconds'
 * failures, the more of 5xx and failed connections, at most the
 * attempts).  Returns 0 or -1.
 */
int	store_workload_minutes_sum(struct store *st, char **cause);
int	store_pod_traffic_sum(struct store *st, char **cause);

/*
 * Attempts by IP, second and hint over every input (tally.h), oldest
 * second first per IP: cb(ctx, ip (NULL: no upstream; borrowed), second,
 * hint (borrowed, may be NULL), requests, errors, conn_failures) returns
 * 0 to go on.  Before an IP's first second, span(ctx, row, workload) is
 * called for each of the model's pod_ips rows of that IP (oldest first,
 * with its pod's workload), so that the caller holds one IP's owners at
 * a time.  Returns 0, a callback's value, or -1 with a new *cause.
 */
int	store_ip_seconds(struct store *st, int (*span)(void *ctx,
	    const struct row_pod_ip *row, const char *workload),
	    int (*cb)(void *ctx, const char *ip, int64_t second,
	    const char *hint, int64_t requests, int64_t errors,
	    int64_t conn_failures), void *ctx, char **cause);

/*
 * The rebuild reads the pods a batch at a time, by uid, so that its
 * memory does not grow with them.  store_pod_batch() sets *hi (new) to
 * the last uid of the batch of about n observations after uid lo (NULL:
 * from the first); returns 1, 0 when no pod is left, or -1 with a new
 * *cause.  store_scan_pods() reads REC_POD or REC_CONTAINER like
 * store_scan, for the pods with lo < uid <= hi only.
 */
int	store_pod_batch(struct store *st, const char *lo, int64_t n,
	    char **hi, char **cause);
int	store_scan_pods(struct store *st, enum rec_type type,
	    const char *lo, const char *hi, int (*cb)(void *ctx,
	    const void *rec), void *ctx, char **cause);
/*
 * Inside the model's transaction, before the batches: resolves which pod
 * each event about a Pod with one of these reasons (NULL-terminated) is
 * about, by its uid, else by namespace and name (a name reused stands for
 * the pod with the greatest uid), and which pod each previous log is of.
 * store_model_events() then calls cb(ctx, pod_uid, event) for the events of
 * the pods with lo < uid <= hi, in store_scan's order.
 */
int	store_pod_refs(struct store *st, const char *const *reasons,
	    char **cause);
int	store_model_events(struct store *st, const char *lo, const char *hi,
	    int (*cb)(void *ctx, const char *pod_uid,
	    const struct rec_event *e), void *ctx, char **cause);

/*
 * The owner (new strings, NULL when it has none) of the model's workload
 * of this kind and name, in namespace ns (any when NULL), the first by
 * uid when several match: 1, 0 when there is no such workload, -1 on an
 * error (store_error()).
 */
int	store_workload_owner(struct store *st, const char *kind,
	    const char *ns, const char *name, char **okind, char **oname);

/*
 * One ReplicaSet of a Deployment as the rollouts see it (rollout.c), or
 * one controller revision of a StatefulSet or DaemonSet (its pods'
 * controller-revision-hash).
 */
struct store_rs {
	const char	*kind;		/* the workload's: "Deployment",
					   "StatefulSet", "DaemonSet";
					   borrowed */
	const char	*namespace;	/* borrowed */
	const char	*deployment;	/* its Deployment's name (the
					   StatefulSet's...); borrowed */
	const char	*name;		/* the ReplicaSet's (the revision
					   hash); borrowed */
	int64_t		 revision;	/* INT_NONE when unknown */
	int64_t		 created_us;	/* the set, or its first pod */
	int64_t		 up_us;		/* first scale-up event */
	int64_t		 down0_us;	/* scaled down to 0 (event) */
	int64_t		 end_us;	/* its last pod gone (or deadline) */
};
/*
 * The rollouts gather what each source says of a ReplicaSet in a
 * temporary table (inside the model's transaction): store_rs_begin(),
 * store_rs_put() for each piece (times TIME_NONE when it says nothing),
 * then store_rs_each() calls cb once per ReplicaSet, what was put of it
 * folded (the earliest creation and scale-up, the latest scale-down and
 * end), each workload's (kind, namespace, name) sets one after another.
 * 0, cb's value, or -1 with a new *cause (store_rs_put: -1,
 * store_error()).
 */
int	store_rs_begin(struct store *st, char **cause);
int	store_rs_put(struct store *st, const struct store_rs *r);
int	store_rs_each(struct store *st, int (*cb)(void *ctx,
	    const struct store_rs *r), void *ctx, char **cause);
/*
 * Every scale-up (up 1) and scale-down to 0 (up 0) of a Deployment's
 * ReplicaSets, as the ScalingReplicaSet events say, kept one by one
 * (a ReplicaSet scaled up again by a rollback moves twice); for a
 * StatefulSet or DaemonSet (kind), each deletion request of a pod of a
 * revision (up 0) and each pod still there (up 2, at its creation):
 * store_rs_move() puts one (-1: store_error()),
 * store_rs_moves() calls cb(ctx, rs, t_us, up) for a workload's, oldest
 * first.  A NULL kind is a Deployment.
 */
int	store_rs_move(struct store *st, const char *kind, const char *ns,
	    const char *deployment, const char *rs, int64_t t_us, int up);
int	store_rs_moves(struct store *st, const char *kind, const char *ns,
	    const char *deployment, int (*cb)(void *ctx, const char *rs,
	    int64_t t_us, int up), void *ctx, char **cause);

/* A record set: all rows imported with one --records NAME. */
struct store_set {
	char		*name;		/* owned */
	int64_t		 rows;		/* records imported in it */
	int64_t		 keys;		/* distinct keys */
	int64_t		 first_us;	/* earliest time */
	int64_t		 last_us;	/* latest time */
};
/* Every record set, by name.  Free with store_sets_free. */
int	store_record_sets(struct store *st, struct store_set **out,
	    size_t *n, char **cause);
void	store_sets_free(struct store_set *v, size_t n);
/*
 * Calls cb(ctx, key, time_us) for every key of set ref absent from set
 * act (time: its earliest in ref), oldest first, then sets *unexpected to
 * the number of act's keys absent from ref.  Returns 0, cb's non-zero
 * value, or -1 with a new *cause.
 */
int	store_missing_keys(struct store *st, const char *ref,
	    const char *act, int (*cb)(void *ctx, const char *key,
	    int64_t time_us), void *ctx, int64_t *unexpected, char **cause);

/* What the report's summary says (the report JSON of coroner.1). */
struct store_summary {
	int64_t	pods;			/* pods of the model */
	int64_t	rollouts;		/* rollouts of the model */
	int64_t	requests;		/* requests logged, each once
					   (the rows of its first attempt) */
	int64_t	failed_requests;	/* 5xx, or Envoy's 0 */
	int64_t	first_us;		/* the incident's window: from, */
	int64_t	last_us;		/* to (TIME_NONE: no time at all) */
	char	basis[200];		/* how the window was found, a
					   phrase ("the span of 6 pods'
					   ends (...) and 1 rollout") */
};
/*
 * Counts, and the incident's window: the span of the pods' ends
 * (deletion requests, pods gone after one, exits and kills of containers
 * other than init containers), the rollouts and the seconds with failed
 * requests; when there are none, the span of every time in the data.
 * Returns 0, or -1 with a new *cause.
 */
int	store_summary(struct store *st, struct store_summary *sum,
	    char **cause);
/*
 * The window alone (first_us, last_us, basis; the counts left 0), which
 * reads no request: for views that draw the window.
 */
int	store_window(struct store *st, struct store_summary *sum,
	    char **cause);
/*
 * Computes the incident's window from the model's tables into meta, where
 * store_window reads it until the model is rebuilt (the analysis calls
 * it, the rebuild forgets it).  Returns 0, or -1 with a new *cause.
 */
int	store_window_cache(struct store *st, char **cause);
int	store_window_forget(struct store *st, char **cause);

/* The last line a container's previous instance wrote (-previous.log). */
struct store_log_last {
	const char	*pod_uid;	/* the pod it is of (borrowed for the
					   callback) */
	const char	*namespace;	/* the log's namespace (borrowed) */
	const char	*pod;		/* the log's pod name (borrowed) */
	const char	*container;	/* whose instance wrote it (borrowed) */
	int64_t		 lines;		/* lines of it stored */
	int64_t		 time_us;	/* the last line's, or TIME_NONE */
	const char	*text;		/* the last line (borrowed), or NULL */
};
/*
 * Calls cb for every container with lines of its previous instance (blank
 * lines are not counted) of the pods with lo < uid <= hi (lo NULL: from
 * the first), after store_pod_refs() (which says which pod a log names).
 * Returns 0, cb's non-zero value, or -1 with a new *cause.
 */
int	store_previous_logs(struct store *st, const char *lo,
	    const char *hi, int (*cb)(void *ctx,
	    const struct store_log_last *l), void *ctx, char **cause);
/*
 * The last n lines that are not blank of one container's log (previous:
 * of its previous instance), oldest first: cb(ctx, time_us (or TIME_NONE), text
 * (borrowed, may be NULL)) returns 0 to go on.  Returns 0, cb's value,
 * or -1 with a new *cause.
 */
int	store_log_tail(struct store *st, const char *ns, const char *pod,
	    const char *container, int previous, int n, int (*cb)(void *ctx,
	    int64_t time_us, const char *text), void *ctx, char **cause);
/* One observed version's Ready condition of a pod (pod_obs). */
struct store_ready {
	const char *uid;	/* the pod's; borrowed for the callback */
	int	 ready;		/* 1: Ready=True, 0: Ready=False */
	int64_t	 since_us;	/* the condition's lastTransitionTime, or
				   TIME_NONE */
	int64_t	 observed_us;	/* when the version was seen */
};
/*
 * cb(ctx, v) for every version of every pod (or of the pod uid, when not
 * NULL) that says its Ready condition, by pod uid (the index's order:
 * readiness.c puts a pod's versions in time order).  Returns 0, or -1
 * with a new *cause.
 */
int	store_ready_each(struct store *st, const char *uid,
	    int (*cb)(void *ctx, const struct store_ready *v), void *ctx,
	    char **cause);
/* The latest version store_ready_each gives of every pod, TIME_NONE: none. */
int	store_ready_last(struct store *st, int64_t *last_us, char **cause);

/* Readiness probe failures of a pod: the kubelet's Unhealthy events. */
struct store_probe_fail {
	char	*uid;		/* owned: the pod's, or NULL when the event
				   names it only */
	char	*namespace;	/* owned */
	char	*pod;		/* owned: its name */
	int64_t	 first_us;	/* the event's first time */
	int64_t	 last_us;	/* its last */
	int64_t	 count;		/* failures it counts */
	char	*message;	/* owned: "Readiness probe failed: ..." */
};
/*
 * Every readiness probe failure event, by time.  Returns 0 and a new
 * array (free with store_probe_fails_free), or -1 with a new *cause.
 */
int	store_probe_fails(struct store *st, struct store_probe_fail **out,
	    size_t *n, char **cause);
void	store_probe_fails_free(struct store_probe_fail *v, size_t n);

/*
 * What past incidents measured, per workload, for "coroner lint --db".
 * Workloads are named as the model names them (namespace and the
 * Deployment, StatefulSet, DaemonSet, CronJob, Job or pod name).
 */

/* A deleted pod that a load balancer still routed to. */
struct store_routed {
	char	*namespace;	/* owned */
	char	*workload;	/* owned */
	char	*pod;		/* owned */
	int64_t	 deletion_us;	/* its deletion request */
	int64_t	 sigterm_us;	/* SIGTERM to its main container, or
				   TIME_NONE */
	int64_t	 last_routed_s;	/* the last second (Unix) with attempts to
				   its IP, from the second of the deletion
				   request to window_us after it */
};
/*
 * Every deleted pod with attempts routed to it from its deletion request
 * on, by namespace, workload and pod.  Returns 0 and a new array (free
 * with store_routed_free), or -1 with a new *cause.
 */
int	store_routed_after_deletion(struct store *st, int64_t window_us,
	    struct store_routed **out, size_t *n, char **cause);
void	store_routed_free(struct store_routed *v, size_t n);

/* The completed runs of one CronJob. */
struct store_runs {
	char	*namespace;	/* owned */
	char	*cronjob;	/* owned */
	int64_t	*duration_ms;	/* owned: each Complete Job's duration, in
				   the order they started */
	size_t	 n;		/* durations in duration_ms */
};
/*
 * Every CronJob with completed runs, by namespace and name.  Returns 0
 * and a new array (free with store_runs_free), or -1 with a new *cause.
 */
int	store_cronjob_runs(struct store *st, struct store_runs **out,
	    size_t *n, char **cause);
void	store_runs_free(struct store_runs *v, size_t n);

/* Rows in the table of a record type.  Returns -1 on error. */
int64_t	store_count(struct store *st, enum rec_type type);
/*
 * Whether the model knows a pod of this namespace and name: 1, 0, or -1
 * on error.
 */
int	store_pod_known(struct store *st, const char *ns, const char *name);

/*
 * What the views read (moments.c, timeline.c, the TUI, the reports):
 * each query returns plain rows through a callback, strings borrowed for
 * the call; the callback returns 0 to go on, anything else stops the
 * scan and is returned.  Each returns 0, that value, or -1 with a new
 * *cause.  Times are microseconds; TIME_NONE bounds are open.
 */

/* Where a stored record came from: its row, input and line. */
struct store_ref {
	int64_t		 id;		/* the row's id in its table */
	int64_t		 source_id;	/* struct store_source.id */
	int64_t		 line;		/* line in that input, or INT_NONE */
};

/*
 * The events about one pod, oldest first: those naming its uid, and
 * those without a uid naming its namespace and name.
 */
int	store_pod_events(struct store *st, const char *uid, const char *ns,
	    const char *name, int (*cb)(void *ctx, const struct rec_event *e,
	    const struct store_ref *ref), void *ctx, char **cause);
/*
 * The log lines one pod's containers wrote between from_us and to_us,
 * oldest first; at most limit (0: all), the last ones of the range when
 * last is set (still given oldest first).
 */
int	store_pod_logs(struct store *st, const char *ns, const char *pod,
	    int64_t from_us, int64_t to_us, size_t limit, int last,
	    int (*cb)(void *ctx, const struct rec_log *l,
	    const struct store_ref *ref), void *ctx, char **cause);
/* One event or one log line by its row id (struct store_ref.id). */
int	store_event(struct store *st, int64_t id, int (*cb)(void *ctx,
	    const struct rec_event *e, const struct store_ref *ref),
	    void *ctx, char **cause);
int	store_log(struct store *st, int64_t id, int (*cb)(void *ctx,
	    const struct rec_log *l, const struct store_ref *ref), void *ctx,
	    char **cause);
/*
 * Every observed version of one pod, and of one of its containers, in
 * the order they were observed: the rows the model folded.
 */
int	store_pod_observations(struct store *st, const char *uid,
	    int (*cb)(void *ctx, const struct rec_pod *o,
	    const struct store_ref *ref), void *ctx, char **cause);
int	store_container_observations(struct store *st, const char *uid,
	    const char *name, int (*cb)(void *ctx,
	    const struct rec_container *o, const struct store_ref *ref),
	    void *ctx, char **cause);
/* The per-second buckets attributed to one pod, from from_s to to_s. */
int	store_pod_buckets(struct store *st, const char *uid, int64_t from_s,
	    int64_t to_s, int (*cb)(void *ctx, const struct row_bucket *b),
	    void *ctx, char **cause);

/* Attempts, failures and connection failures summed over a span. */
struct store_traffic {
	const char	*namespace;	/* the workload's, NULL: no pod known */
	const char	*workload;	/* NULL: requests to no known pod */
	int64_t		 bin;		/* (second - from_s) / step_s */
	int64_t		 requests;	/* attempts */
	int64_t		 errors;	/* of them 5xx */
	int64_t		 conn_failures;	/* of them with no response */
};
/*
 * One workload's traffic (NULL-safe names: namespace and workload NULL
 * are the requests to no known pod) from from_s to to_s (seconds) in
 * bins of step_s seconds, for its lane: pre-aggregated at the model's
 * rebuild, never read from the requests.
 */
int	store_lane_traffic(struct store *st, const char *ns, const char *wl,
	    int64_t from_s, int64_t to_s, int64_t step_s, int (*cb)(void *ctx,
	    const struct store_traffic *t), void *ctx, char **cause);
/*
 * Writes each workload's attempts from from_s to to_s into lane_traffic
 * (row_lane_traffic; the analysis, in its transaction).  0, or -1 with a
 * new *cause.
 */
int	store_lane_traffic_derive(struct store *st, int64_t from_s,
	    int64_t to_s, char **cause);

/* One upstream attempt of a logged request, with its request. */
struct store_request {
	struct rec_request	 r;	/* the request (strings borrowed) */
	struct rec_attempt	 a;	/* the attempt (ip NULL: none) */
	struct store_ref	 ref;	/* its row and input line */
};
/*
 * The attempts sent to ip between from_us and to_us (when each attempt
 * began), oldest first, at most limit (0: all): the requests behind a
 * pod's buckets.
 */
int	store_requests_at(struct store *st, const char *ip, int64_t from_us,
	    int64_t to_us, size_t limit, int (*cb)(void *ctx,
	    const struct store_request *r), void *ctx, char **cause);
/*
 * The missing records in one pod's termination window (uid NULL: those
 * in no pod's window), oldest first.
 */
int	store_pod_missing(struct store *st, const char *uid,
	    int (*cb)(void *ctx, const struct row_missing *m), void *ctx,
	    char **cause);
/* The pods of one finding, by uid. */
int	store_finding_pods(struct store *st, int64_t finding_id,
	    int (*cb)(void *ctx, const char *uid), void *ctx, char **cause);
/*
 * The pods list the analysis wrote (podlist.h): its rows (struct
 * row_pod_list) from from_seq to to_seq, in order; the places whose
 * search text holds needle (ASCII letters of either case), in order;
 * the deaths (struct row_lane_death) of one workload's lane at from_us
 * or later and before to_us, in time.  Each returns 0, the callback's
 * non-zero, or -1 with a new *cause.
 */
int	store_pod_list(struct store *st, int64_t from_seq, int64_t to_seq,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);
int	store_pod_list_matching(struct store *st, const char *needle,
	    int (*cb)(void *ctx, int64_t seq), void *ctx, char **cause);
int	store_lane_deaths(struct store *st, const char *ns, const char *wl,
	    int64_t from_us, int64_t to_us, int (*cb)(void *ctx,
	    const void *row), void *ctx, char **cause);
/*
 * The findings in order without their evidence and pods (NULL), with
 * the count of their pods (finding_list); and one finding's evidence, a
 * new string in *out (NULL: none).  Each returns 0 (or the callback's
 * non-zero), or -1 with a new *cause.
 */
int	store_findings_brief(struct store *st, int (*cb)(void *ctx,
	    const struct row_finding *r, size_t npods), void *ctx,
	    char **cause);
int	store_finding_evidence(struct store *st, int64_t id, char **out,
	    char **cause);
/*
 * Writes finding_list from the findings (the analysis, in its
 * transaction, after them).  0, or -1 with a new *cause.
 */
int	store_finding_list_derive(struct store *st, char **cause);
/*
 * The place in the list of the first pod deleted at t_us or later whose
 * search text holds needle ("" for any): 1 with *seq, 0 when there is
 * none, -1 with a new *cause.
 */
int	store_pod_list_deleted_after(struct store *st, int64_t t_us,
	    const char *needle, int64_t *seq, char **cause);
/*
 * The rows of type ROW_POD, ROW_CONTAINER or ROW_TERMINATION of the pods
 * whose uids the JSON array uids_json lists, in the table's order.
 */
int	store_model_of_pods(struct store *st, enum row_type type,
	    const char *uids_json, int (*cb)(void *ctx, const void *row),
	    void *ctx, char **cause);
/*
 * The path (and archive member, or NULL) of a source, as new strings the
 * caller frees.  Returns 0, or -1 with a new *cause.
 */
int	store_source_name(struct store *st, int64_t source_id, char **path,
	    char **member, char **cause);

/*
 * What was routed to each pod and what it lost: one entry per pod with
 * traffic and one per pod with missing records (a pod may have both;
 * the caller adds them up), of every pod when uids_json is NULL, else of
 * the pods whose uids its JSON array lists.  Returns 0 and a new array
 * (free with store_pod_totals_free), or -1 with a new *cause.
 */
struct store_pod_total {
	char		*uid;		/* owned */
	int64_t		 requests;	/* attempts routed to it */
	int64_t		 failed;	/* of them failed (5xx or none) */
	int64_t		 missing;	/* records lost in its window */
};
int	store_pod_totals(struct store *st, const char *uids_json,
	    struct store_pod_total **out, size_t *n, char **cause);
void	store_pod_totals_free(struct store_pod_total *v, size_t n);

/*
 * What was routed to each ReplicaSet's pods over the whole import (the
 * rollouts view's 5xx rate of a new set against the old): one entry per
 * namespace and ReplicaSet a rollout went from or to, with traffic, as
 * the analysis summed them (rs_traffic; store_rs_traffic_derive writes
 * it in its transaction).
 * Returns 0 and a new array (free with store_rs_traffic_free), or -1
 * with a new *cause.
 */
struct store_rs_traffic {
	char		*namespace;	/* owned: the pods' */
	char		*rs;		/* owned: their ReplicaSet (owner) */
	int64_t		 requests;	/* attempts routed to its pods */
	int64_t		 errors;	/* of them answered 5xx */
	int64_t		 conn_failures;	/* of them with no response */
};
int	store_rs_traffic(struct store *st, struct store_rs_traffic **out,
	    size_t *n, char **cause);
void	store_rs_traffic_free(struct store_rs_traffic *v, size_t n);
int	store_rs_traffic_derive(struct store *st, char **cause);
/*
 * The attempts routed to one workload from from_s to to_s (seconds,
 * both in) into *requests, and in *failed those that failed (each
 * second's 5xx or unanswered, the larger, as the overview counts them).
 * 0, or -1 with a new *cause.
 */
int	store_workload_traffic(struct store *st, const char *ns,
	    const char *workload, int64_t from_s, int64_t to_s,
	    int64_t *requests, int64_t *failed, char **cause);

/*
 * The evidence a postmortem has a week later, as the model and the
 * rules read it (store-late.c).
 *
 * Inside the model's transaction, after store_pod_refs(): resolves which
 * pod each audited delete or eviction of a pod was of (its uid, else the
 * precondition's, else the latest pod of that name created by then).
 * store_model_audit() then calls cb(ctx, pod_uid, event) for those of the
 * pods with lo < uid <= hi (lo NULL: from the first), oldest first;
 * store_pod_uid_at() gives (a new string) the uid of the latest pod named
 * ns/name created at or before at_us: 1, 0 when none, -1 (store_error()).
 */
int	store_audit_refs(struct store *st, char **cause);
int	store_model_audit(struct store *st, const char *lo, const char *hi,
	    int (*cb)(void *ctx, const char *pod_uid,
	    const struct rec_audit *a), void *ctx, char **cause);
int	store_pod_uid_at(struct store *st, const char *ns, const char *name,
	    int64_t at_us, char **uid);
/* The model's pod_endpoints rows of one pod (uid), oldest first. */
int	store_pod_endpoints_of(struct store *st, const char *uid,
	    int (*cb)(void *ctx, const struct row_pod_endpoint *e), void *ctx,
	    char **cause);
/* The model's node_states rows of node overlapping from_us..to_us. */
int	store_node_states_of(struct store *st, const char *node,
	    int64_t from_us, int64_t to_us, int (*cb)(void *ctx,
	    const struct row_node_state *n), void *ctx, char **cause);
/*
 * The time each imported source covers (sources.from_us, to_us: its
 * records' first and last), by format: cb(ctx, format, from_us, to_us)
 * for each source whose records have times, by from_us.
 */
int	store_source_covers(struct store *st, int (*cb)(void *ctx,
	    const char *format, int64_t from_us, int64_t to_us), void *ctx,
	    char **cause);
/* The model's pod_endpoints rows of the pods with lo < uid <= hi. */
int	store_model_pod_endpoints(struct store *st, const char *lo,
	    const char *hi, int (*cb)(void *ctx,
	    const struct row_pod_endpoint *e), void *ctx, char **cause);
/*
 * Every EndpointSlice version, by slice and time, each followed by the
 * endpoints it lists; every Node version, by name and time, each followed
 * by its conditions and taints.  Strings borrowed for the call; a
 * callback's non-zero value stops the scan and is returned.
 */
int	store_slices_each(struct store *st,
	    int (*slice)(void *ctx, const struct rec_slice *s),
	    int (*endpoint)(void *ctx, const struct rec_endpoint *e),
	    void *ctx, char **cause);
int	store_nodes_each(struct store *st,
	    int (*node)(void *ctx, const struct rec_node *n),
	    int (*cond)(void *ctx, const struct rec_node_cond *c),
	    int (*taint)(void *ctx, const struct rec_taint *t), void *ctx,
	    char **cause);
/*
 * The audit log's last change of a Deployment between from_us and to_us
 * by someone other than Kubernetes itself: 1 with new strings *actor and
 * *agent (its user agent) and *at_us, 0 when none, -1 (store_error()).
 */
int	store_deployment_change(struct store *st, const char *ns,
	    const char *deployment, int64_t from_us, int64_t to_us,
	    char **actor, char **agent, int64_t *at_us);
/* The events with one of these reasons (NULL-terminated, 8 at most). */
int	store_events_with(struct store *st, const char *const *reasons,
	    int (*cb)(void *ctx, const struct rec_event *e), void *ctx,
	    char **cause);
/* A deleted pod of the model, as its deletion's cause is found. */
struct store_deleted {
	const char	*uid;		/* borrowed for the callback */
	const char	*namespace;	/* the pod's (row_pod) */
	const char	*name;		/* the pod's name */
	const char	*owner_kind;	/* its controller's kind, or NULL */
	const char	*owner_name;	/* its controller's name, or NULL */
	const char	*template_hash;	/* its pod-template-hash or
					   controller-revision-hash, or NULL */
	const char	*workload;	/* the workload it was resolved to */
	int64_t		 deletion_us;	/* the deletion request */
	const char	*deletion_by;	/* or NULL */
	const char	*deletion_via;	/* or NULL */
	const char	*disruption;	/* DisruptionTarget's reason, or NULL */
};
/*
 * Every pod of the model with a deletion request, and the setting of its
 * deletion_cause and deletion_cause_basis (inside the model's
 * transaction; -1: store_error()).
 */
int	store_deleted_pods(struct store *st, int (*cb)(void *ctx,
	    const struct store_deleted *d), void *ctx, char **cause);
int	store_pod_set_cause(struct store *st, const char *uid,
	    const char *cause, const char *basis);
/* One pod's evictions refused by a disruption budget (429). */
struct store_blocked {
	const char	*pod_uid;	/* the pod, or NULL when not known */
	const char	*namespace;	/* the pod's, as the evictions'
					   objectRef names it */
	const char	*name;		/* the pod's name, as in objectRef */
	int64_t		 attempts;	/* refusals */
	int64_t		 first_us;	/* the first refusal */
	int64_t		 last_us;	/* the last */
	const char	*actor;		/* who asked (of several, the last
					   in byte order) */
	int64_t		 evicted_us;	/* the first eviction or delete that
					   went through after, or TIME_NONE */
};
/* Every pod with refused evictions, by its first refusal. */
int	store_blocked_evictions(struct store *st, int (*cb)(void *ctx,
	    const struct store_blocked *b), void *ctx, char **cause);

/*
 * A container's end its node's restart caused: a termination of cause
 * node-restart with reason Unknown and its end known, of a pod scheduled
 * on a node, with the container's restart count.
 */
struct store_node_lost {
	const char	*pod_uid;	/* the pod's uid */
	const char	*pod;		/* its name */
	const char	*namespace;	/* its namespace */
	const char	*workload;	/* its workload, or NULL */
	const char	*node;		/* its node */
	const char	*container;	/* the container's name */
	int64_t		 restarts;	/* its restartCount, INT_NONE */
	int64_t		 finished_us;	/* the termination's finishedAt */
	int64_t		 restarted_us;	/* the next instance's start, or
					   TIME_NONE */
	int64_t		 exit_code;	/* its exit code, INT_NONE */
	const char	*reason;	/* "Unknown" */
};
/*
 * Every such end, the pods in the store's order (ROW_POD's) and a pod's
 * ends in ROW_TERMINATION's: as a walk of podset_load's pods meets them.
 */
int	store_node_lost(struct store *st, int (*cb)(void *ctx,
	    const struct store_node_lost *l), void *ctx, char **cause);

/*
 * The pods of Jobs (owner_kind "Job", an owner name known) in the
 * store's order (ROW_POD's): each one's namespace, Job and workload (the
 * last two may be NULL), borrowed for the call.
 */
int	store_job_pods(struct store *st, int (*cb)(void *ctx, const char *ns,
	    const char *job, const char *workload), void *ctx, char **cause);

/* A deleted pod and the moments that bound its termination window. */
struct store_term_pod {
	const char	*uid;		/* borrowed for the callback */
	const char	*name;		/* or NULL */
	const char	*namespace;	/* or NULL */
	const char	*workload;	/* or NULL */
	int64_t		 deletion_us;	/* its deletion request */
	int64_t		 gone_us;	/* its end, or TIME_NONE */
	int64_t		 deadline_us;	/* its grace deadline, or TIME_NONE */
	int64_t		 grace_s;	/* its grace period, or INT_NONE */
};
/* Every pod with a deletion request, in the store's order (ROW_POD's). */
int	store_term_pods(struct store *st, int (*cb)(void *ctx,
	    const struct store_term_pod *t), void *ctx, char **cause);

/* What store_sql keeps of a result, at most. */
struct store_sql_limits {
	size_t		 rows;		/* rows */
	size_t		 bytes;		/* bytes of the cells, in all */
	size_t		 cell;		/* bytes of one cell: the rest is cut */
};
/* Why a result holds fewer rows than the statement gave. */
enum store_left {
	STORE_LEFT_NONE,	/* it holds them all */
	STORE_LEFT_ROWS,	/* the rest passed the limit of rows */
	STORE_LEFT_BYTES	/* the rest passed the limit of bytes */
};
/* A read-only query's result, every value as text (NULL: SQL NULL). */
struct store_table {
	size_t		 ncols;		/* columns of the result */
	char		**cols;		/* owned: the column names */
	size_t		 nrows;		/* rows kept (at most the limit) */
	char		**cells;	/* owned: nrows * ncols, by row, each
					   cut to the limit's bytes (at the
					   start of a character) */
	size_t		*lens;		/* owned: nrows * ncols, each cell's
					   whole length in bytes (0 for NULL):
					   more than its strlen when cut */
	size_t		 cut;		/* cells cut */
	size_t		 longest;	/* the longest cell's whole length */
	enum store_left	 left;		/* rows left out, and why */
};
/*
 * Runs one statement of the user's on a read-only connection of its own
 * (the TUI's SQL prompt): nothing it says can change the database or
 * write a file, whatever it sets (store-sql.c says how).  A statement
 * that would write, ATTACH, a transaction or a PRAGMA that sets
 * something is refused.  Keeps what lim allows.  While it runs,
 * stop(arg) is asked now and then (when stop is not NULL) whether to give
 * up: nonzero interrupts it and it fails with "interrupted".  Returns 0
 * and fills *t (free with store_table_free), or -1 with a new *cause
 * (SQLite's message, or why it was refused).
 */
int	store_sql(struct store *st, const char *sql,
	    const struct store_sql_limits *lim, int (*stop)(void *),
	    void *arg, struct store_table *t, char **cause);
void	store_table_free(struct store_table *t);
/*
 * The same statement's rows streamed, none kept: cb gets the column
 * names first (cells and lens NULL), then each row's cells as text (NULL:
 * SQL NULL; borrowed until it returns) and their lengths in bytes; a
 * non-zero return stops.  0, or -1 with a new *cause.
 */
int	store_sql_each(struct store *st, const char *sql,
	    int (*cb)(void *ctx, size_t ncols, const char *const *names,
	    const char *const *cells, const size_t *lens), void *ctx,
	    char **cause);

#endif
