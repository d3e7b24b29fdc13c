/*
 * cmd-sql.c: "coroner sql QUERY", one read-only statement over the
 * database, its rows streamed as tab-separated text under a line of
 * column names, or as JSON lines.  The statement runs as the TUI's SQL
 * prompt runs it (store_sql_each: it can only read), on a connection
 * that has the virtual table requests, which plain sqlite3 lacks
 * (coroner(1), DATABASE).  Every cell is made safe for the terminal.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "out.h"
#include "store.h"
#include "util.h"

static int	cmd_sql_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_sql_entry = {
	.name = "sql",
	.usage = "sql [--db FILE] [--json] QUERY",
	.help =
	    "Runs one SQL statement that reads (SELECT, WITH, a PRAGMA that\n"
	    "reads) over the database and prints its rows: a line of column\n"
	    "names, then a line per row, the cells separated by tabs (\\N for\n"
	    "NULL; a tab, a newline or another control in a cell escaped).\n"
	    "It is the only way besides the TUI's prompt to read the\n"
	    "requests table and requests_v, which coroner stores in\n"
	    "compressed blocks (coroner(1), DATABASE).  A statement that\n"
	    "writes is refused.\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)\n"
	    "  --json      one JSON object per row per line, every value a\n"
	    "              string or null",
	.exec = cmd_sql_exec,
};

static const struct option sql_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Where store_sql_each's rows go. */
struct sql_out {
	int	 json;		/* JSON lines, else tab-separated */
	int	 failed;	/* stdout failed */
};

static int
sql_row(void *ctx, size_t n, const char *const *names,
    const char *const *cells, const size_t *lens)
{
	struct sql_out	*so = ctx;
	json_t		*o;
	char		*cell;
	size_t		 i;
	int		 rc;

	if (so->json) {
		if (cells == NULL)
			return (0);
		o = json_object();
		for (i = 0; i < n; i++)
			json_object_set_new(o, names[i], cells[i] == NULL ?
			    json_null() : json_stringn_nocheck(cells[i],
			    lens[i]));
		if (out_json(stdout, o, JSON_COMPACT) != 0)
			so->failed = 1;
		json_decref(o);
		return (so->failed);
	}
	/* each cell escaped whole, a NUL byte too: a tab in one is "\x09" */
	for (i = 0; i < n && !so->failed; i++) {
		if (cells != NULL && cells[i] == NULL)
			rc = out_printf(stdout, i > 0 ? "\t\\N" : "\\N");
		else {
			cell = out_safe(cells != NULL ? cells[i] : names[i],
			    cells != NULL ? lens[i] : strlen(names[i]),
			    SIZE_MAX);
			rc = out_printf(stdout, i > 0 ? "\t%s" : "%s", cell);
			free(cell);
		}
		if (rc != 0)
			so->failed = 1;
	}
	if (!so->failed && out_printf(stdout, "\n") != 0)
		so->failed = 1;
	return (so->failed);
}

static int
cmd_sql_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct sql_out	 so = { 0 };
	struct store	*st;
	const char	*db = NULL;
	char		*cause = NULL;
	int		 ch, rc;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", sql_opts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'j':
			so.json = 1;
			break;
		case 'h':
			return (cmd_help(ce));
		default:
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	if (optind == argc)
		return (cmd_usage_error(ce, "a QUERY is needed"));
	if (optind + 1 != argc)
		return (cmd_usage_error(ce, "unexpected argument '%s' (quote "
		    "the QUERY as one argument)", argv[optind + 1]));
	if (cmd_store_open(ce, cmd_db_path(db), STORE_READ, &st) != 0)
		return (EXIT_FAIL);
	rc = store_sql_each(st, argv[optind], sql_row, &so, &cause);
	store_close(st);
	if (rc != 0) {
		out_say(stderr, "coroner sql: %s", cause);
		free(cause);
		return (EXIT_FAIL);
	}
	if (so.failed || fflush(stdout) != 0) {
		out_say(stderr, "coroner sql: cannot write the rows");
		return (EXIT_FAIL);
	}
	return (EXIT_OK);
}
