/*
 * cmd-tui.c: "coroner tui" (the TUI on the database) and "coroner
 * [--db FILE] PATH..." (import, then the TUI).  Without a terminal on
 * standard input and output it says so and exits 2, so that scripts
 * and CI never hang on it.  The TUI itself is src/tui/.  No SQL.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "out.h"
#include "store.h"
#include "tui.h"

static int	cmd_tui_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_tui_entry = {
	.name = "tui",
	.usage = "tui [--db FILE]",
	.help =
	    "Opens the terminal user interface on the database: the\n"
	    "overview of the incident (1), the pods (2), the findings (3),\n"
	    "each pod's death moment by moment, the rollout view and a\n"
	    "read-only SQL prompt (;).  ? lists the keys of each screen.\n"
	    "Runs the analysis first when the database has no findings.\n"
	    "Needs a terminal on standard input and output (else exit 2).\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)",
	.exec = cmd_tui_exec,
};

int
cmd_tui_no_terminal(int importing)
{
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return (0);
	out_printf(stderr, "coroner tui: needs a terminal on standard input "
	    "and output; without one use %scoroner analyze, coroner pods or "
	    "coroner report\n", importing ? "coroner import (nothing was "
	    "imported), then " : "");
	return (1);
}

/* Opens the TUI on the database at path.  Returns an exit status. */
static int
open_tui(const char *path)
{
	struct store	*st;
	char		*cause = NULL;
	int		 rc;

	if (cmd_tui_no_terminal(0))
		return (EXIT_USAGE);
	tui_trace_start();
	/* the TUI stores findings (analysis, export): the file must exist */
	if (cmd_store_open(&cmd_tui_entry, path, STORE_UPDATE, &st) != 0)
		return (EXIT_FAIL);
	rc = tui_run(st, path, &cause);
	store_close(st);
	if (rc != 0) {
		out_printf(stderr, "coroner tui: %s\n", cause);
		free(cause);
		return (EXIT_FAIL);
	}
	return (EXIT_OK);
}

static const struct option tui_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int
cmd_tui_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	const char	*db = NULL;
	int		 ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", tui_opts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'h':
			return (cmd_help(ce));
		case ':':
			return (cmd_usage_error(ce, "'%s' needs a value",
			    argv[optind - 1]));
		default:
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	if (optind != argc)
		return (cmd_usage_error(ce, "unexpected argument '%s'",
		    argv[optind]));
	return (open_tui(cmd_db_path(db)));
}

int
cmd_tui_open(const char *db)
{
	return (open_tui(cmd_db_path(db)));
}
