/*
 * store.c: the store's connection (store.h).  Opens the database (refusing
 * another program's file and an empty one before anything is written,
 * store-schema.c saying what is coroner's; reading one it cannot write,
 * also in a directory it cannot write: store_open_ro, which the SQL
 * prompt's connection uses too), makes it ready to write (WAL, the cache,
 * the schema brought up to date), waits for another writer's lock
 * instead of failing, tells when another connection has committed
 * (store_version) and holds a snapshot for a reader that must see one
 * state, and opens and closes the groups of inputs that share one
 * transaction.  The lowest layer of the store: what the tables hold and
 * what is written or read in them is the other store files' (store-int.h
 * lists them); views and models never see this file.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "out.h"
#include "store-int.h"
#include "util.h"

void
store_seterr(struct store *st, const char *what)
{
	snprintf(st->err, sizeof st->err, "%s: %s", what,
	    sqlite3_errmsg(st->db));
}

void
store_fail(struct store *st, const char *what, char **cause)
{
	if (cause != NULL)
		*cause = xasprintf("%s: %s", what, sqlite3_errmsg(st->db));
	store_seterr(st, what);
}

const char *
store_error(struct store *st)
{
	return (st->err);
}

int
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

/* The directory of path, as a new string ("." for a bare name). */
static char *
dir_of(const char *path)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		return (xstrdup("."));
	if (slash == path)
		return (xstrdup("/"));
	return (xstrndup(path, (size_t)(slash - path)));
}

/*
 * Whether the directory of path can be written: 0, or -1 with errno set
 * and the directory's name in a new *dir.
 */
static int
dir_writable(const char *path, char **dir)
{
	char	*d = dir_of(path);
	int	 e;

	if (access(d, W_OK) == 0) {
		free(d);
		return (0);
	}
	e = errno;
	*dir = d;
	errno = e;
	return (-1);
}

/* Whether a database can be made at path: 0, or -1 with a new *why. */
static int
store_can_make(const char *path, char **why)
{
	char	*dir;

	if (dir_writable(path, &dir) == 0)
		return (0);
	*why = xasprintf("cannot be made: %s %s", dir, errno == ENOENT ?
	    "does not exist" : "is not writable");
	free(dir);
	return (-1);
}

/*
 * Whether path can be written, and its directory, where SQLite makes the
 * -wal and -shm files: 0, or -1 with a new *why (when why is not NULL).
 */
static int
store_can_write(const char *path, char **why)
{
	char	*dir;
	int	 e;

	if (access(path, W_OK) != 0) {
		e = errno;
		if (why != NULL)
			*why = xasprintf("cannot be written: %s", strerror(e));
		return (-1);
	}
	if (dir_writable(path, &dir) == 0)
		return (0);
	e = errno;
	if (why != NULL)
		*why = xasprintf("cannot be written: its directory %s is not "
		    "writable (%s), and SQLite keeps the -wal and -shm files "
		    "of a database it writes there", dir, strerror(e));
	free(dir);
	return (-1);
}

/* The size of path + suffix ("-wal"), or -1 when there is none. */
static off_t
beside_size(const char *path, const char *suffix)
{
	struct stat	 sb;
	char		*p = xasprintf("%s%s", path, suffix);
	int		 rc = stat(p, &sb);

	free(p);
	return (rc == 0 ? sb.st_size : -1);
}

/*
 * path as a SQLite URI with the query q ("immutable=1"): "file:" and the
 * path with %, ? and # escaped.  A new string.
 */
static char *
uri_of(const char *path, const char *q)
{
	struct buf	 b = { 0 };
	const char	*p;

	/* an absolute path after an empty authority */
	buf_puts(&b, path[0] == '/' ? "file://" : "file:");
	for (p = path; *p != '\0'; p++) {
		if (*p == '%' || *p == '?' || *p == '#')
			buf_printf(&b, "%%%02x", (unsigned char)*p);
		else
			buf_append(&b, p, 1);
	}
	buf_printf(&b, "?%s", q);
	return (b.data);
}

int
store_open_ro(const char *path, const char *vfs, sqlite3 **db, char **cause)
{
	char	*dir = dir_of(path), *uri = NULL;
	int	 rc;

	/*
	 * SQLite reads a WAL database through a -shm file beside it and
	 * makes one when it is missing, which fails in a directory it
	 * cannot write ("attempt to write a readonly database").  There,
	 * without a -shm, the file is read as it is on disk (immutable):
	 * sound while no -wal holds changes, and nobody can make one.
	 */
	if (access(dir, W_OK) != 0 && beside_size(path, "-shm") < 0) {
		if (beside_size(path, "-wal") > 0) {
			*cause = xasprintf("cannot be read: its log %s-wal "
			    "holds changes not yet in it, and SQLite needs a "
			    "-shm file beside it to read them, which it "
			    "cannot make in the directory %s: make the "
			    "directory writable, or copy the database with "
			    "its -wal elsewhere", path, dir);
			free(dir);
			return (-1);
		}
		uri = uri_of(path, "immutable=1");
	}
	free(dir);
	rc = sqlite3_open_v2(uri != NULL ? uri : path, db,
	    SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, vfs);
	free(uri);
	if (rc == SQLITE_OK)
		rc = store_requests_module(*db);
	if (rc != SQLITE_OK) {
		*cause = xstrdup(*db != NULL ? sqlite3_errmsg(*db) :
		    "cannot open");
		sqlite3_close(*db);
		*db = NULL;
		return (-1);
	}
	return (0);
}

/* Opens the connection; 0, or -1 and a new *cause (without the path). */
static int
store_connect(struct store *st, int flags, char **cause)
{
	if (flags == SQLITE_OPEN_READONLY) {
		if (store_open_ro(st->path, NULL, &st->db, cause) != 0)
			return (-1);
	} else if (sqlite3_open_v2(st->path, &st->db, flags |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    store_requests_module(st->db) != SQLITE_OK) {
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
	int	old = store_schema_old(st);

	if (old != 0)
		return (old == 1);
	return (store_model_stale(st));
}

/*
 * Puts the database in WAL mode.  Leaving a rollback journal needs the
 * file to itself, and SQLite answers "database is locked" at once, not
 * through the busy handler, while another connection reads it (two
 * imports started together on a database made before WAL): wait for it
 * as the busy handler would.
 */
static int
store_wal(struct store *st, char **cause)
{
	char	*why = NULL;
	int	 count;

	for (count = 0; store_exec(st, "PRAGMA journal_mode = WAL",
	    &why) != 0; count++) {
		if ((sqlite3_extended_errcode(st->db) & 0xff) != SQLITE_BUSY) {
			*cause = why;
			return (-1);
		}
		free(why);
		why = NULL;
		store_busy(st, count);
	}
	return (0);
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
	if (store_wal(st, cause) != 0 || store_exec(st,
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

/*
 * The log's flush.  On disks like a cloud machine's, an fdatasync takes
 * time in proportion to what was written since the last one (60 ms after
 * the 60 MB log of 1 M access-log lines, 4 ms when it was flushed as it
 * grew), and the checkpoint's and the close's syncs are on the import's
 * way to its end.  So while an import writes, a thread of the store's own
 * syncs the write-ahead log every FLUSH_MS: the disk works while the
 * cores parse, for about 4 ms of CPU in all.  An extra sync of the log
 * never changes what a crash leaves; only the log is synced, because it
 * is the one file SQLite holds no lock on: closing another descriptor of
 * the database file would drop the locks SQLite holds through its own.
 */
#define FLUSH_MS	50

static void *
store_flush_run(void *arg)
{
	struct store	*st = arg;
	struct timespec	 at;
	int		 fd = -1;

	pthread_mutex_lock(&st->flush_mu);
	while (!st->flush_stop) {
		clock_gettime(CLOCK_MONOTONIC, &at);
		at.tv_nsec += FLUSH_MS * 1000000L;
		if (at.tv_nsec >= 1000000000L) {
			at.tv_sec++;
			at.tv_nsec -= 1000000000L;
		}
		if (pthread_cond_timedwait(&st->flush_cv, &st->flush_mu,
		    &at) != ETIMEDOUT)
			continue;
		pthread_mutex_unlock(&st->flush_mu);
		/* SQLite makes the log at the first write */
		if (fd == -1)
			fd = open(st->flush_wal, O_RDONLY | O_CLOEXEC);
		if (fd != -1)
			fdatasync(fd);
		pthread_mutex_lock(&st->flush_mu);
	}
	pthread_mutex_unlock(&st->flush_mu);
	if (fd != -1)
		close(fd);
	return (NULL);
}

/* Starts the log's flush (store_flush_run); nothing when it cannot. */
static void
store_flush_start(struct store *st)
{
	pthread_condattr_t	ca;
	const char		*wal;

	if ((wal = sqlite3_filename_wal(sqlite3_db_filename(st->db,
	    "main"))) == NULL || *wal == '\0' ||
	    pthread_condattr_init(&ca) != 0)
		return;
	st->flush_wal = xstrdup(wal);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&st->flush_mu, NULL);
	pthread_cond_init(&st->flush_cv, &ca);
	pthread_condattr_destroy(&ca);
	st->flush_stop = 0;
	st->flush_on = pthread_create(&st->flush, NULL, store_flush_run,
	    st) == 0;
	if (!st->flush_on) {
		pthread_cond_destroy(&st->flush_cv);
		pthread_mutex_destroy(&st->flush_mu);
		free(st->flush_wal);
		st->flush_wal = NULL;
	}
}

/* Ends the log's flush, before the close's checkpoint deletes the log. */
static void
store_flush_stop(struct store *st)
{
	if (!st->flush_on)
		return;
	pthread_mutex_lock(&st->flush_mu);
	st->flush_stop = 1;
	pthread_cond_signal(&st->flush_cv);
	pthread_mutex_unlock(&st->flush_mu);
	pthread_join(st->flush, NULL);
	pthread_cond_destroy(&st->flush_cv);
	pthread_mutex_destroy(&st->flush_mu);
	free(st->flush_wal);
	st->flush_wal = NULL;
	st->flush_on = 0;
}

int
store_open(const char *path, enum store_mode mode, struct store **out,
    char **cause)
{
	struct store	*st;
	struct stat	 sb;
	char		*why = NULL, *can = NULL;
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
	st->made = mode == STORE_CREATE && lstat(path, &sb) == -1 &&
	    errno == ENOENT;
	st->rows_txn = ROW__COUNT;
	/* report and the TUI read what they cannot write */
	if (mode == STORE_UPDATE && store_can_write(path, NULL) != 0)
		mode = STORE_READ;
	if (st->made && store_can_make(path, &why) != 0)
		goto fail_why;
	if (((mode == STORE_WRITE || (mode == STORE_CREATE && !st->made)) &&
	    store_can_write(path, &why) != 0) ||
	    store_connect(st, mode == STORE_READ ? SQLITE_OPEN_READONLY :
	    SQLITE_OPEN_READWRITE | (mode == STORE_CREATE ?
	    SQLITE_OPEN_CREATE : 0), &why) != 0 ||
	    store_identify(st, &fresh, &why) != 0)
		goto fail_why;
	/* only import makes a database, of a missing or an empty file */
	if (mode != STORE_CREATE && fresh) {
		why = xstrdup("not a coroner database: it is empty (coroner "
		    "import makes one)");
		goto fail_why;
	}
	st->writable = mode != STORE_READ;
	if (mode == STORE_READ && store_needs_write(st) &&
	    store_can_write(path, NULL) == 0) {
		/* an upgrade or a rebuild is due: that may write */
		store_stmts_free(st);
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
		/*
		 * The import's commits never copy the log themselves: its
		 * checkpoints run beside its work (store_checkpoint_start).
		 * Its pages are written once, mostly at the end of the file:
		 * half the cache leaves fewer for the commit to write, and
		 * memory to the rest (3 M keys of a record set imported in
		 * 91 MB, not 100; 1 M access-log lines in 45 MB, not 54).
		 */
		if (mode == STORE_CREATE) {
			sqlite3_wal_autocheckpoint(st->db, 0);
			if (store_exec(st, "PRAGMA cache_size = -8192",
			    &why) != 0)
				goto fail_why;
			store_flush_start(st);
		}
	} else if (store_schema_old(st) == 1) {
		/* read-only: it could not be brought up to date */
		store_can_write(path, &can);
		why = xasprintf("its schema is older than this coroner's, "
		    "which would bring it up to date, but it %s", can != NULL ?
		    can : "was opened read-only");
		free(can);
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

int64_t
store_version(struct store *st)
{
	int64_t	v;

	return (store_int_query(st, "PRAGMA data_version", &v) == 0 ? v : -1);
}

int
store_snapshot_begin(struct store *st, char **cause)
{
	int64_t	n;

	/* a read transaction begins at its first read */
	if (store_exec(st, "BEGIN", cause) != 0)
		return (-1);
	if (store_int_query(st, "SELECT count(*) FROM sqlite_schema",
	    &n) != 0) {
		*cause = xstrdup(sqlite3_errmsg(st->db));
		store_exec(st, "ROLLBACK", NULL);
		return (-1);
	}
	return (0);
}

void
store_snapshot_end(struct store *st)
{
	if (store_exec(st, "COMMIT", NULL) != 0)
		store_exec(st, "ROLLBACK", NULL);
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

/* The checkpoint of store_checkpoint_start, on its own connection. */
static void *
store_checkpoint_run(void *arg)
{
	struct store	*st = arg;
	sqlite3		*db;

	/* the pragma opens the log, which a checkpoint call alone does not */
	if (sqlite3_open_v2(st->path, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK)
		sqlite3_exec(db, "PRAGMA wal_checkpoint(PASSIVE)", NULL, NULL,
		    NULL);
	sqlite3_close(db);
	return (NULL);
}

void
store_checkpoint_start(struct store *st)
{
	if (!st->writable)
		return;
	if (st->ckpt_on) {
		/* the last one copies still: it is left to go on */
		if (pthread_tryjoin_np(st->ckpt, NULL) != 0)
			return;
		st->ckpt_on = 0;
	}
	st->ckpt_on = pthread_create(&st->ckpt, NULL, store_checkpoint_run,
	    st) == 0;
}

void
store_close(struct store *st)
{
	int	t;

	if (st == NULL)
		return;
	/* its connection closed first: the last one checkpoints the rest */
	if (st->ckpt_on)
		pthread_join(st->ckpt, NULL);
	store_flush_stop(st);
	for (t = 0; t < REC__COUNT; t++)
		sqlite3_finalize(st->ins[t]);
	sqlite3_finalize(st->cause_upd);
	for (t = 0; t < ROW__COUNT; t++)
		sqlite3_finalize(st->row_ins[t]);
	store_requests_close(st);
	sqlite3_finalize(st->rs_ins);
	sqlite3_finalize(st->owner_sel);
	store_stmts_free(st);
	reqhold_free(&st->pending);
	sqlite3_close(st->db);
	sqlite3_close(st->ro);
	free(st->path);
	free(st);
}

int
store_close_unused(struct store *st)
{
	char	*path, *side;
	int64_t	 n;
	int	 unused;

	unused = st->made && store_int_query(st, "SELECT count(*) FROM "
	    "sources", &n) == 0 && n == 0;
	path = xstrdup(st->path);
	store_close(st);
	if (unused && unlink(path) == 0) {
		/* closed: SQLite has removed the log; a crash may not */
		side = xasprintf("%s-wal", path);
		unlink(side);
		free(side);
		side = xasprintf("%s-shm", path);
		unlink(side);
		free(side);
	} else
		unused = 0;
	free(path);
	return (unused);
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
	/* what it wrote goes to the file while the next inputs are read */
	store_checkpoint_start(st);
	return (0);
}
