/*
 * store-sql.c: the user's own SQL (store_sql, the TUI's prompt), on a
 * connection of its own.  What keeps it from writing rests on nothing
 * the user can change (PRAGMA query_only could be turned off):
 *   - the connection is read-only at the VFS level: it opens through
 *     "coroner-ro", SQLite's own VFS that opens every file it is given
 *     by name read-only, so that no file can be made or written (VACUUM
 *     INTO's copy); only the database's -wal may be made, empty, as for
 *     any reader, and nameless temporary files (sorts) written;
 *   - an authorizer allows reading and nothing else: SELECT, reads of
 *     tables and columns, functions but load_extension, recursive CTEs,
 *     and the PRAGMAs that only read (read_pragmas); never a write, a
 *     transaction, ATTACH, ANALYZE, REINDEX or a PRAGMA that sets;
 *   - a statement for which sqlite3_stmt_readonly() is false (VACUUM,
 *     which no authorizer code names) is refused before it runs;
 *   - no database can be attached (SQLITE_LIMIT_ATTACHED), the
 *     connection is defensive, and no value is made longer than
 *     SQL_VALUE_MAX.
 * One statement at a time; its rows kept as text up to a number of rows
 * and of bytes, a cell cut to a length with its whole length kept, and
 * interrupted when the caller asks.  The one place where the store runs
 * SQL it did not write; it knows nothing of the tables, and the store's
 * other statements never run on this connection.
 */
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "util.h"

#define RO_VFS		"coroner-ro"
#define SQL_VALUE_MAX	(64 * 1024 * 1024)	/* bytes of one value */

/* SQLite's own VFS, opening every file read-only. */
static sqlite3_vfs	 ro_vfs;

static int
ro_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags,
    int *out)
{
	sqlite3_vfs	*real = vfs->pAppData;

	/* a nameless temporary file is the connection's own; the -wal is
	   opened (made) read-write by any reader, and written by none */
	if (name != NULL && (flags & SQLITE_OPEN_WAL) == 0)
		flags = (flags & ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
		    SQLITE_OPEN_DELETEONCLOSE)) | SQLITE_OPEN_READONLY;
	return (real->xOpen(real, name, f, flags, out));
}

/* Registers RO_VFS, once.  Returns 0, or -1. */
static int
ro_vfs_register(void)
{
	sqlite3_vfs	*real;

	if (ro_vfs.zName != NULL)
		return (0);
	if ((real = sqlite3_vfs_find(NULL)) == NULL)
		return (-1);
	ro_vfs = *real;
	ro_vfs.pNext = NULL;
	ro_vfs.zName = RO_VFS;
	ro_vfs.pAppData = real;
	ro_vfs.xOpen = ro_open;
	if (sqlite3_vfs_register(&ro_vfs, 0) != SQLITE_OK) {
		ro_vfs.zName = NULL;
		return (-1);
	}
	return (0);
}

/*
 * The PRAGMAs the prompt runs: the first ones read whatever their
 * argument (a table's name); the others only without an argument, which
 * would set them.
 */
static const struct {
	const char	*name;
	int		 with_arg;	/* an argument only says what to read */
} read_pragmas[] = {
	{ .name = "table_info", .with_arg = 1 },
	{ .name = "table_xinfo", .with_arg = 1 },
	{ .name = "table_list", .with_arg = 1 },
	{ .name = "index_list", .with_arg = 1 },
	{ .name = "index_info", .with_arg = 1 },
	{ .name = "index_xinfo", .with_arg = 1 },
	{ .name = "foreign_key_list", .with_arg = 1 },
	{ .name = "foreign_key_check", .with_arg = 1 },
	{ .name = "integrity_check", .with_arg = 1 },
	{ .name = "quick_check", .with_arg = 1 },
	{ .name = "database_list" },
	{ .name = "collation_list" },
	{ .name = "function_list" },
	{ .name = "module_list" },
	{ .name = "pragma_list" },
	{ .name = "compile_options" },
	{ .name = "data_version" },
	{ .name = "page_count" },
	{ .name = "page_size" },
	{ .name = "freelist_count" },
	{ .name = "schema_version" },
	{ .name = "user_version" },
	{ .name = "application_id" },
	{ .name = "encoding" },
};

/* What the authorizer refused, for the message. */
struct sql_auth {
	const char	*refused;	/* static: what, or NULL */
};

static int
sql_authorize(void *ctx, int action, const char *a, const char *b,
    const char *db, const char *trigger)
{
	struct sql_auth	*sa = ctx;
	size_t		 i;

	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_READ:
	case SQLITE_RECURSIVE:
		return (SQLITE_OK);
	case SQLITE_FUNCTION:
		if (b == NULL || strcmp(b, "load_extension") != 0)
			return (SQLITE_OK);
		sa->refused = "load_extension";
		return (SQLITE_DENY);
	case SQLITE_UPDATE:
		/* asked of the schema's columns when a table-valued PRAGMA
		   reads it: that table cannot be written here anyway */
		if (a != NULL && (strcmp(a, "sqlite_master") == 0 ||
		    strcmp(a, "sqlite_temp_master") == 0))
			return (SQLITE_OK);
		break;
	case SQLITE_PRAGMA:
		for (i = 0; i < sizeof read_pragmas / sizeof read_pragmas[0];
		    i++) {
			if (a != NULL && strcmp(a, read_pragmas[i].name) == 0 &&
			    (b == NULL || read_pragmas[i].with_arg))
				return (SQLITE_OK);
		}
		sa->refused = "a PRAGMA that sets something";
		return (SQLITE_DENY);
	case SQLITE_ATTACH:
	case SQLITE_DETACH:
		sa->refused = "ATTACH and DETACH";
		return (SQLITE_DENY);
	case SQLITE_TRANSACTION:
	case SQLITE_SAVEPOINT:
		sa->refused = "a transaction";
		return (SQLITE_DENY);
	default:
		break;
	}
	sa->refused = "anything that writes";
	return (SQLITE_DENY);
}

/*
 * The bytes of text[0..n) kept under a cut at max: all of it, else max
 * backed up to the start of a character.
 */
static size_t
cell_keep(const char *text, size_t n, size_t max)
{
	if (n <= max)
		return (n);
	while (max > 0 && (text[max] & 0xc0) == 0x80)
		max--;
	return (max);
}

/* store_sql on its open read-only connection. */
/*
 * Prepares the user's one statement, which must only read; 0 and *out,
 * or -1 and a new *cause.
 */
static int
sql_prepare(struct store *st, const char *sql, struct sql_auth *sa,
    sqlite3_stmt **out, char **cause)
{
	sqlite3_stmt	*s = NULL;
	const char	*tail;

	if (sqlite3_prepare_v2(st->ro, sql, -1, &s, &tail) != SQLITE_OK) {
		*cause = sa->refused != NULL ? xasprintf("refused: "
		    "coroner's SQL only reads, never %s (coroner(1), THE TUI)",
		    sa->refused) : xstrdup(sqlite3_errmsg(st->ro));
		return (-1);
	}
	if (s == NULL) {
		*cause = xstrdup("nothing to run");
		return (-1);
	}
	while (*tail == ' ' || *tail == '\t' || *tail == '\n' ||
	    *tail == ';')
		tail++;
	if (*tail != '\0' || !sqlite3_stmt_readonly(s)) {
		*cause = xstrdup(*tail != '\0' ? "one statement at a time" :
		    "refused: coroner's SQL only reads, and this statement "
		    "writes (coroner(1), THE TUI)");
		sqlite3_finalize(s);
		return (-1);
	}
	*out = s;
	return (0);
}

static int
sql_exec(struct store *st, const char *sql,
    const struct store_sql_limits *lim, struct sql_auth *sa,
    struct store_table *t, char **cause)
{
	sqlite3_stmt	*s = NULL;
	const char	*text;
	size_t		 i, n, keep, row, bytes = 0;
	int		 rc;

	if (sql_prepare(st, sql, sa, &s, cause) != 0)
		return (-1);
	t->ncols = (size_t)sqlite3_column_count(s);
	t->cols = xcalloc(t->ncols > 0 ? t->ncols : 1, sizeof *t->cols);
	for (i = 0; i < t->ncols; i++)
		t->cols[i] = xstrdup(sqlite3_column_name(s, (int)i));
	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		if (t->nrows == lim->rows) {
			t->left = STORE_LEFT_ROWS;
			break;
		}
		/* what the row keeps: each cell up to lim->cell */
		for (i = 0, row = 0; i < t->ncols; i++) {
			n = (size_t)sqlite3_column_bytes(s, (int)i);
			row += n < lim->cell ? n : lim->cell;
		}
		if (t->nrows > 0 && bytes + row > lim->bytes) {
			t->left = STORE_LEFT_BYTES;
			break;
		}
		bytes += row;
		t->cells = xreallocarray(t->cells, (t->nrows + 1) *
		    (t->ncols > 0 ? t->ncols : 1), sizeof *t->cells);
		t->lens = xreallocarray(t->lens, (t->nrows + 1) *
		    (t->ncols > 0 ? t->ncols : 1), sizeof *t->lens);
		for (i = 0; i < t->ncols; i++) {
			text = store_col_text(s, (int)i);
			n = text != NULL ? (size_t)sqlite3_column_bytes(s,
			    (int)i) : 0;
			keep = text != NULL ? cell_keep(text, strnlen(text, n),
			    lim->cell) : 0;
			t->cells[t->nrows * t->ncols + i] = text != NULL ?
			    xstrndup(text, keep) : NULL;
			t->lens[t->nrows * t->ncols + i] = n;
			if (keep < n)
				t->cut++;
			if (n > t->longest)
				t->longest = n;
		}
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

/* Opens the prompt's connection (see the top).  0, or -1 and *cause. */
static int
sql_connect(struct store *st, char **cause)
{
	if (ro_vfs_register() != 0) {
		*cause = xstrdup("cannot make the read-only VFS");
		return (-1);
	}
	if (store_open_ro(st->path, RO_VFS, &st->ro, cause) != 0)
		return (-1);
	sqlite3_busy_timeout(st->ro, 2000);
	sqlite3_limit(st->ro, SQLITE_LIMIT_ATTACHED, 0);
	sqlite3_limit(st->ro, SQLITE_LIMIT_LENGTH, SQL_VALUE_MAX);
	sqlite3_db_config(st->ro, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(st->ro, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_db_config(st->ro, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0,
	    NULL);
	return (0);
}

int
store_sql(struct store *st, const char *sql,
    const struct store_sql_limits *lim, int (*stop)(void *), void *arg,
    struct store_table *t, char **cause)
{
	struct sql_stop	 ss = { .stop = stop, .arg = arg };
	struct sql_auth	 sa = { .refused = NULL };
	int		 rc;

	memset(t, 0, sizeof *t);
	if (st->ro == NULL && sql_connect(st, cause) != 0)
		return (-1);
	sqlite3_set_authorizer(st->ro, sql_authorize, &sa);
	/* asked every 10,000 steps of SQLite's machine (about 1 ms) */
	if (stop != NULL)
		sqlite3_progress_handler(st->ro, 10000, sql_progress, &ss);
	rc = sql_exec(st, sql, lim, &sa, t, cause);
	sqlite3_progress_handler(st->ro, 0, NULL, NULL);
	sqlite3_set_authorizer(st->ro, NULL, NULL);
	return (rc);
}

int
store_sql_each(struct store *st, const char *sql,
    int (*cb)(void *, size_t, const char *const *, const char *const *,
    const size_t *), void *ctx, char **cause)
{
	struct sql_auth	  sa = { .refused = NULL };
	sqlite3_stmt	 *s = NULL;
	const char	**names = NULL, **cells = NULL;
	size_t		 *lens = NULL, n, i;
	int		  rc = -1, step;

	if (st->ro == NULL && sql_connect(st, cause) != 0)
		return (-1);
	sqlite3_set_authorizer(st->ro, sql_authorize, &sa);
	if (sql_prepare(st, sql, &sa, &s, cause) != 0)
		goto out;
	n = (size_t)sqlite3_column_count(s);
	names = xcalloc(n + 1, sizeof *names);
	cells = xcalloc(n + 1, sizeof *cells);
	lens = xcalloc(n + 1, sizeof *lens);
	for (i = 0; i < n; i++)
		names[i] = sqlite3_column_name(s, (int)i);
	if (cb(ctx, n, names, NULL, NULL) != 0) {
		rc = 0;
		goto out;
	}
	while ((step = sqlite3_step(s)) == SQLITE_ROW) {
		for (i = 0; i < n; i++) {
			cells[i] = store_col_text(s, (int)i);
			lens[i] = cells[i] != NULL ?
			    (size_t)sqlite3_column_bytes(s, (int)i) : 0;
		}
		if (cb(ctx, n, names, cells, lens) != 0)
			break;
	}
	if (step != SQLITE_ROW && step != SQLITE_DONE) {
		*cause = xstrdup(sqlite3_errmsg(st->ro));
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(s);
	sqlite3_set_authorizer(st->ro, NULL, NULL);
	free(names);
	free(cells);
	free(lens);
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
	free(t->lens);
	memset(t, 0, sizeof *t);
}
