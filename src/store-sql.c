/*
 * store-sql.c: the user's own SQL (store_sql, the TUI's prompt), run on a
 * read-only connection of its own that nothing it says can write through,
 * one statement at a time, its rows kept as text up to a bound and
 * interrupted when the caller asks.  The one place where the store runs
 * SQL it did not write; it knows nothing of the tables, and the
 * store's other statements never run on this connection.
 */
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "util.h"

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
			    store_col_text(s, (int)i) != NULL ?
			    xstrdup(store_col_text(s, (int)i)) : NULL;
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
