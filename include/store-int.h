/*
 * store-int.h: what the files of the store share, and nothing else may
 * see: struct store and the helpers behind store.h.  Private to
 * src/store*.c, the only files that call SQLite (make lint refuses
 * <sqlite3.h> and this header anywhere else).
 *
 * The store is one module in several files, one idea each:
 *   store.c           the connection: open, close, the write lock, groups
 *   store-schema.c    the schema (described at its top), its migrations
 *   store-write.c     inputs, record inserts, the requests' rows, the model
 *   store-read.c      the one row loop, and reads through the field tables
 *   store-rebuild.c   what the model's rebuild reads, a batch at a time
 *   store-summary.c   the counts and sums of the analysis, lint, reports
 *   store-evidence.c  the rows shown about one pod, container or moment
 *   store-sql.c       the user's own SQL (the TUI's read-only prompt)
 *   store-requests.c  the requests' blocks: their writer, the virtual
 *                     table requests that reads them
 *   store-late.c      what the model and the rules read of the evidence a
 *                     postmortem has a week later: audit events, slices,
 *                     nodes, deploys
 */
#ifndef STORE_INT_H
#define STORE_INT_H

#include <pthread.h>
#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "record.h"
#include "reqblock.h"
#include "reqhold.h"
#include "store.h"
#include "util.h"

/*
 * A statement kept from one store_run of its SQL to the next: an
 * analysis asks the same question of every pod, and preparing it was a
 * tenth of its time (store-read.c).
 */
struct store_stmt {
	char		*sql;		/* owned: its text; NULL: a free slot */
	sqlite3_stmt	*s;		/* owned */
	int		 busy;		/* running: a run inside it (a row's
					   callback) prepares its own */
	uint64_t	 used;		/* when last taken (st->stmt_clock) */
};
#define STORE_STMTS	32		/* statements kept */

struct store {
	/* the connection (store.c) */
	sqlite3		*db;			/* owned connection */
	char		*path;			/* owned: the database file */
	int		 writable;		/* the connection may write */
	int		 made;			/* this open made the file */
	int64_t		 busy_since_us;		/* when waiting for the lock
						   began (monotonic), or 0 */
	int		 busy_said;		/* the wait was announced */
	int		 in_group;		/* a group of inputs is open:
						   inputs are savepoints of
						   one transaction */
	int64_t		 group_inputs;		/* inputs released in it */
	char		 err[256];		/* last error message, for
						   store_error() */
	pthread_t	 ckpt;			/* store_checkpoint_start's
						   thread, while ckpt_on */
	int		 ckpt_on;		/* it runs or has not been
						   joined */
	pthread_t	 flush;			/* store_flush_run's thread,
						   while flush_on */
	int		 flush_on;		/* it runs */
	char		*flush_wal;		/* owned: the log's path, while
						   flush_on */
	int		 flush_stop;		/* it is told to end */
	pthread_mutex_t	 flush_mu;		/* guards flush_stop */
	pthread_cond_t	 flush_cv;		/* wakes it to end */

	/* an input being written (store-write.c) */
	sqlite3_stmt	*ins[REC__COUNT];	/* record inserts, owned */
	int64_t		 source_id;		/* current input, or 0 */
	int64_t		 last_rowid;		/* of the last record put that
						   later records may link to */
	struct reqblock_writer blocks;		/* the requests' block being
						   filled (store-requests.c) */
	sqlite3_stmt	*blocks_ins[2];		/* its sums' and its data's
						   inserts, owned */
	int64_t		 next_id;		/* the next attempt row's id */
	struct reqhold	 pending;		/* the last request put, until
						   its attempts are in */
	int		 borrowing;		/* a request's strings live
						   until store_put_flush() */
	int64_t		 next_req;		/* the next request's number */
	size_t		 time_off[REC__COUNT];	/* where a record's time is
						   (rec_desc.time), or
						   SIZE_MAX */
	int64_t		 cov_from_us;		/* the current input's first
						   and last record time (what
						   it covers), or TIME_NONE */
	int64_t		 cov_to_us;		/* its last record time */

	/* the model's rebuild (store-write.c, store-read.c) */
	sqlite3_stmt	*row_ins[ROW__COUNT];	/* model row inserts, owned */
	enum row_type	 rows_txn;		/* what store_rows_begin()
						   replaces; ROW__COUNT for
						   the whole model */
	sqlite3_stmt	*rs_ins;		/* store_rs_put's insert, owned
						   while the rebuild gathers
						   ReplicaSets */
	sqlite3_stmt	*owner_sel;		/* store_workload_owner's
						   query, owned */
	sqlite3_stmt	*cause_upd;		/* store_pod_set_cause's
						   update, owned, prepared at
						   the first call */

	/* the user's SQL (store-sql.c) */
	sqlite3		*ro;			/* owned read-only connection
						   for the user's queries, or
						   NULL until the first */

	/* statements kept between runs (store-read.c) */
	struct store_stmt stmts[STORE_STMTS];
	uint64_t	 stmt_clock;		/* runs taken from stmts */
};

/* store.c */
/* Keeps "what: SQLite's last message" for store_error(). */
void	store_seterr(struct store *st, const char *what);
/* The same, and a new copy in *cause when cause is not NULL. */
void	store_fail(struct store *st, const char *what, char **cause);
/*
 * Runs statements without results (sql: the store's own, never the
 * user's).  Returns 0, or -1 with a new *cause (when cause is not NULL)
 * and the message kept for store_error().
 */
int	store_exec(struct store *st, const char *sql, char **cause);
/*
 * Opens a read-only connection to path through vfs (NULL: SQLite's own),
 * able to read a database in a directory it cannot write.  Returns 0
 * and a new *db, or -1 and a new *cause (without the path).
 */
int	store_open_ro(const char *path, const char *vfs, sqlite3 **db,
	    char **cause);

/* store-schema.c */
/*
 * Whether the file is coroner's: its application_id is coroner's, or it
 * is 0 and the file is empty (a new database) or has coroner's schema (a
 * database made before the id existed).  Sets *fresh for an empty one.
 * Returns 0, or -1 and a new *cause; nothing is written.
 */
int	store_identify(struct store *st, int *fresh, char **cause);
/*
 * Runs the migrations from the database's user_version on, each in its
 * own transaction, which also sets the version it reaches.  Returns 0, or
 * -1 and a new *cause.
 */
int	store_migrate(struct store *st, char **cause);
/* Whether the schema is older than this coroner's: 1, 0, or -1. */
int	store_schema_old(struct store *st);

/* store-write.c */
/* Prepares the record and model row inserts (store_open). */
int	store_prepare_inserts(struct store *st, char **cause);
/*
 * Sets the number the next request gets, one past the largest stored;
 * 0, or -1 and a new *cause (cause may be NULL).
 */
int	store_next_req(struct store *st, char **cause);

/* store-requests.c */
/* Adds a row to the block being filled (first: its request's first row,
   where a full block is written first); 0 or -1 (store_error()). */
int	store_requests_add(struct store *st, const struct reqrow *r,
	    int first);
/* Writes the block being filled; 0, or -1 and a new *cause. */
int	store_requests_flush(struct store *st, char **cause);
/* Forgets the block being filled (an input undone). */
void	store_requests_drop(struct store *st);
void	store_requests_close(struct store *st);
/* Sets next_req and next_id past what is stored; as store_next_req(). */
int	store_requests_next(struct store *st, char **cause);
/* Gives connection db the virtual table requests; an SQLite code. */
int	store_requests_module(sqlite3 *db);
/* Migration 13: the rows of requests_rows into request_blocks. */
int	store_requests_convert(sqlite3 *db, char **cause);

/* store-read.c: the one row loop */
/* A bound parameter of a store query. */
struct qparam {
	enum {
		QP_NULL,		/* SQL NULL */
		QP_INT,			/* i */
		QP_TEXT			/* s (NULL binds NULL) */
	}		 kind;
	const char	*s;		/* borrowed */
	int64_t		 i;		/* QP_INT's value */
};
#define QP_S(v)	{ .kind = QP_TEXT, .s = (v) }
#define QP_I(v)	{ .kind = QP_INT, .i = (v) }
/* An integer, or NULL when it is none (TIME_NONE, INT_NONE). */
#define QP_OPT(v, none)						\
	{ .kind = (v) == (none) ? QP_NULL : QP_INT, .i = (v) }

/*
 * What store_run() gives each result row to: s's columns are borrowed
 * until the next row.  Returns 0 to go on, non-zero to stop.
 */
typedef int (*store_row_fn)(void *ctx, sqlite3_stmt *s);

/*
 * Runs one statement of the store's (sql: written in the store's files,
 * never from user text) with p[0] .. p[np - 1] bound to ?1 .. ?np,
 * calling row for each result row (row NULL: a statement run for what it
 * does).  Returns 0 when the statement is done, row's non-zero value when
 * it stopped, or -1 with a new "what: SQLite's message" in *cause (cause
 * may be NULL) and in store_error().  The prepared statement is kept for
 * the next run of the same SQL (st->stmts).
 */
int	store_run(struct store *st, const char *what, const char *sql,
	    const struct qparam *p, size_t np, store_row_fn row, void *ctx,
	    char **cause);
/* The same with a statement the caller keeps: reset after, not freed. */
int	store_run_stmt(struct store *st, sqlite3_stmt *s, const char *what,
	    const struct qparam *p, size_t np, store_row_fn row, void *ctx,
	    char **cause);
/* Prepares sql; 0, or -1 as store_run() fails. */
int	store_prepare(struct store *st, const char *what, const char *sql,
	    sqlite3_stmt **s, char **cause);
/* Finalizes the statements store_run kept (before the connection closes). */
void	store_stmts_free(struct store *st);
/*
 * Runs a query for its first row, n integer columns into v (none for a
 * NULL column, and for each when there is no row): 1, 0 when there was
 * no row, or -1 as store_run() fails.
 */
int	store_ints(struct store *st, const char *what, const char *sql,
	    const struct qparam *p, size_t np, int64_t *v, int n,
	    int64_t none, char **cause);
/*
 * A query answering one integer into *v (-1 when it fails or has no
 * row): 0 or -1, SQLite's message left for the caller to quote.
 */
int	store_int_query(struct store *st, const char *sql, int64_t *v);
/* A row function: column 0 as a new string in *(char **)ctx; stops. */
int	store_row_str(void *ctx, sqlite3_stmt *s);
/* Column i of the current row: an integer (none for NULL), ... */
int64_t	store_col_int(sqlite3_stmt *s, int i, int64_t none);
/* ... a new string, or NULL, ... */
char	*store_col_str(sqlite3_stmt *s, int i);
/* ... its text (borrowed until the next step), or NULL. */
const char	*store_col_text(sqlite3_stmt *s, int i);

/*
 * A caller's callback carried through store_run() or store_query() to
 * the row function of its read, which calls the one its read set: by the
 * row it takes.  ctx is the caller's.
 */
struct store_cb {
	/* store_scan_where: any table's row, through its field table */
	int	(*plain)(void *, const void *);
	/* store_pod_events, store_event: an event and where it was read */
	int	(*event)(void *, const struct rec_event *,
		    const struct store_ref *);
	/* store_pod_logs, store_log: a log line and where it was read */
	int	(*log)(void *, const struct rec_log *,
		    const struct store_ref *);
	/* store_pod_observations: one observed version of a pod */
	int	(*pod)(void *, const struct rec_pod *,
		    const struct store_ref *);
	/* store_container_observations: one of a container */
	int	(*ctr)(void *, const struct rec_container *,
		    const struct store_ref *);
	/* store_pod_buckets: one second of attempts to a pod */
	int	(*bucket)(void *, const struct row_bucket *);
	/* store_pod_missing: a missing record in a pod's window */
	int	(*missing)(void *, const struct row_missing *);
	/* store_finding_pods: the uid of one pod of a finding */
	int	(*uid)(void *, const char *);
	/* store_findings_brief: a finding without its evidence and pods */
	int	(*brief)(void *, const struct row_finding *, size_t);
	/* store_pod_list_matching: a place of the pods list */
	int	(*seq)(void *, int64_t);
	/* store_lane_traffic: the attempts of one bin, summed */
	int	(*traffic)(void *, const struct store_traffic *);
	/* store_requests_at: a request with an attempt to the IP */
	int	(*request)(void *, const struct store_request *);
	/* store_log_tail: a log line's time and text */
	int	(*tail)(void *, int64_t, const char *);
	/* store_previous_logs: a previous instance's last lines */
	int	(*log_last)(void *, const struct store_log_last *);
	/* store_rs_each: one Deployment's ReplicaSet, folded */
	int	(*rs)(void *, const struct store_rs *);
	/* store_rs_moves: a ReplicaSet, when, scaled up (1) or to 0 */
	int	(*rs_move)(void *, const char *, int64_t, int);
	/* store_missing_keys: a missing record's key and time */
	int	(*key)(void *, const char *, int64_t);
	/* store_model_events: a pod's uid and an event about it */
	int	(*pod_event)(void *, const char *, const struct rec_event *);
	/* store_model_audit: a pod's uid and an audit event about it */
	int	(*pod_audit)(void *, const char *, const struct rec_audit *);
	/* store_events_with: an event of one of the reasons asked */
	int	(*each_event)(void *, const struct rec_event *);
	/* store_model_pod_endpoints, store_pod_endpoints_of */
	int	(*pod_endpoint)(void *, const struct row_pod_endpoint *);
	/* store_node_states_of: a period of a node's life */
	int	(*node_state)(void *, const struct row_node_state *);
	/* store_source_covers: an input's format and what it covers */
	int	(*cover)(void *, const char *, int64_t, int64_t);
	/* store_deleted_pods: a pod with a deletion request */
	int	(*deleted)(void *, const struct store_deleted *);
	/* store_blocked_evictions: an eviction a budget refused */
	int	(*blocked)(void *, const struct store_blocked *);
	/* store_node_lost: a container's end in a node's restart */
	int	(*lost)(void *, const struct store_node_lost *);
	/* store_job_pods: a Job's pod's namespace, Job and workload */
	int	(*job_pod)(void *, const char *, const char *, const char *);
	/* store_term_pods: a deleted pod's termination window */
	int	(*term_pod)(void *, const struct store_term_pod *);
	void	*ctx;		/* the caller's, passed to the one set */
};

/* store-read.c: rows through their field tables */
/* A scan's callback with the row's provenance (NULL for model rows). */
typedef int (*scan_cb)(void *ctx, const void *row,
    const struct store_ref *ref);

/*
 * Reads the rows of d's table that match where (a condition written in
 * the store's files, never from user text, with ?N parameters bound from
 * p) in order (d's order when NULL), at most limit rows (0: all), filling
 * a struct for each and calling cb.  With ref set, record tables also
 * give each row's id, source and line.  Strings are borrowed for the
 * call.  cb returns 0 to go on, non-zero to stop (returned as is).
 */
int	store_query(struct store *st, const struct rec_desc *d,
	    const char *where, const char *order, const struct qparam *p,
	    size_t np, int64_t limit, int ref, scan_cb cb, void *ctx,
	    char **cause);
/* Reads d's rows that match where, in d's order, like store_scan(). */
int	store_scan_where(struct store *st, const struct rec_desc *d,
	    const char *where, const struct qparam *p, size_t np,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);
/*
 * Fills row (a struct of d's type, zeroed) from the columns of the
 * current result row of s, d's fields from column first on.  Strings are
 * borrowed until s is stepped or reset.
 */
void	store_fill_row(const struct rec_desc *d, sqlite3_stmt *s, int first,
	    char *row);
/* Appends d's fields, comma-separated, to a SELECT being built. */
void	store_select_fields(struct buf *b, const struct rec_desc *d,
	    int more);

/* store-rebuild.c */
/*
 * The records of d's type that the rebuild's temporary table pairs
 * (pod_uid, id) gives a pod, for the pods with "pod_uid op p[0]" and
 * pod_uid <= p[1], in order: row gets each, the pod's uid in column 0
 * and d's fields from column 1 on (store_fill_row).  As store_run().
 */
int	store_pod_records(struct store *st, const struct rec_desc *d,
	    const char *pairs, const char *op, const struct qparam *p,
	    const char *order, store_row_fn row, void *ctx, char **cause);

#endif
