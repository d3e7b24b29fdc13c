/*
 * main.c: the command line.  Finds the subcommand in the table (tmux's
 * cmd_entry manner), handles --help and --version, and maps outcomes to
 * the exit codes (the README and coroner.1 list them).  Commands live in
 * src/cmd-*.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "importer.h"
#include "out.h"

static int	cmd_formats_exec(const struct cmd_entry *, int, char **);

static const struct cmd_entry cmd_formats_entry = {
	.name = "formats",
	.usage = "formats",
	.help = "Lists the importers and what each reads.",
	.exec = cmd_formats_exec,
};

static const struct cmd_entry *const cmd_table[] = {
	&cmd_import_entry,
	&cmd_analyze_entry,
	&cmd_report_entry,
	&cmd_export_entry,
	&cmd_pods_entry,
	&cmd_timeline_entry,
	&cmd_lint_entry,
	&cmd_sql_entry,
	&cmd_tui_entry,
	&cmd_formats_entry,
	NULL
};

static int
cmd_formats_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	size_t	i;
	int	w = (int)strlen("(bundles)");

	if (argc > 1) {
		if (strcmp(argv[1], "--help") == 0 ||
		    strcmp(argv[1], "-h") == 0)
			return (cmd_help(ce));
		return (cmd_usage_error(ce, "unexpected argument '%s'",
		    argv[1]));
	}
	for (i = 0; importers[i] != NULL; i++) {
		if ((int)strlen(importers[i]->name) > w)
			w = (int)strlen(importers[i]->name);
	}
	for (i = 0; importers[i] != NULL; i++)
		out_printf(stdout, "%-*s %s\n", w, importers[i]->name,
		    importers[i]->summary);
	out_printf(stdout, "%-*s %s\n", w, "(bundles)", "directories and "
	    "archives: each member by its own importer");
	return (EXIT_OK);
}

static void
usage(FILE *f)
{
	size_t	i;

	out_printf(f, "usage: coroner [--db FILE] [PATH...]\n");
	for (i = 0; cmd_table[i] != NULL; i++) {
		out_printf(f, "       coroner ");
		out_lines(f, cmd_table[i]->usage);
		out_printf(f, "\n");
	}
	out_printf(f, "\ncoroner reads what was collected after an incident "
	    "(Kubernetes events, pods,\nworkloads, access logs, container "
	    "logs, outside records) into one SQLite\ndatabase and explains "
	    "how each pod died.  The database is --db FILE, else\n"
	    "$CORONER_DB, else coroner.db.  \"coroner help COMMAND\" "
	    "tells more;\nthe manual is \"man coroner\".\n");
}

/* "coroner help COMMAND": the same text as "coroner COMMAND --help". */
static int
help_command(int argc, char **argv)
{
	size_t	i;

	if (argc > 1) {
		out_printf(stderr, "coroner help: one COMMAND, not '%s %s'\n",
		    argv[0], argv[1]);
		return (EXIT_USAGE);
	}
	for (i = 0; cmd_table[i] != NULL; i++) {
		if (strcmp(argv[0], cmd_table[i]->name) == 0)
			return (cmd_help(cmd_table[i]));
	}
	out_printf(stderr, "coroner help: unknown command '%s' (try "
	    "coroner --help)\n", argv[0]);
	return (EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	const struct cmd_entry	*ce;
	size_t			 i;

	if (argc < 2) {
		usage(stderr);
		return (EXIT_USAGE);
	}
	/* "coroner help help" and "coroner help --help": the usage */
	if (strcmp(argv[1], "help") == 0 && argc > 2 &&
	    strcmp(argv[2], "help") != 0 && strcmp(argv[2], "--help") != 0 &&
	    strcmp(argv[2], "-h") != 0)
		return (help_command(argc - 2, argv + 2));
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return (EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0 ||
	    strcmp(argv[1], "-V") == 0) {
		out_printf(stdout, "coroner %s\n", CORONER_VERSION);
		return (EXIT_OK);
	}
	for (i = 0; cmd_table[i] != NULL; i++) {
		ce = cmd_table[i];
		if (strcmp(argv[1], ce->name) == 0)
			return (ce->exec(ce, argc - 1, argv + 1));
	}
	/*
	 * "coroner [--db FILE] PATH...": import, then the TUI.  Anything
	 * that is neither a path-like word nor --db is a usage error.
	 */
	if (argv[1][0] == '-' && strcmp(argv[1], "--db") != 0 &&
	    strncmp(argv[1], "--db=", 5) != 0 && strcmp(argv[1], "-") != 0) {
		out_printf(stderr, "coroner: unknown option '%s' (try "
		    "coroner --help)\n", argv[1]);
		return (EXIT_USAGE);
	}
	if (argv[1][0] != '-' && access(argv[1], F_OK) != 0) {
		out_printf(stderr, "coroner: unknown command '%s' (try "
		    "coroner --help)\n", argv[1]);
		return (EXIT_USAGE);
	}
	return (cmd_import_then_tui(argc, argv));
}
