/*
 * cmd.h: the subcommands.  Each is a const struct cmd_entry in the table
 * of src/main.c, with its usage and an exec function that gets the
 * arguments after the command name and returns the exit status
 * (EXIT_OK, EXIT_FAIL, EXIT_USAGE: coroner(1), COMMANDS).
 */
#ifndef CMD_H
#define CMD_H

#include <stdint.h>

#include "store.h"

/* What --version says, and the fleet export's incidents row. */
#define CORONER_VERSION	"0.2.0"

#define EXIT_OK		0	/* success */
#define EXIT_FAIL	1	/* an input could not be imported, bad DB */
#define EXIT_USAGE	2	/* usage error, or a command not built yet */

struct cmd_entry {
	const char	*name;		/* "import" */
	const char	*usage;		/* the synopsis after "coroner " */
	const char	*help;		/* what it does and its options */
	void		(*help_more)(void); /* prints what the help says
					   from a table, or NULL */
	int		(*exec)(const struct cmd_entry *, int,
			    char **);	/* runs it, given its own entry
					   and the arguments from its name
					   on (argv[0], for getopt);
					   returns an exit code (EXIT_*) */
};

extern const struct cmd_entry cmd_import_entry;
extern const struct cmd_entry cmd_pods_entry;
extern const struct cmd_entry cmd_timeline_entry;
extern const struct cmd_entry cmd_analyze_entry;
extern const struct cmd_entry cmd_report_entry;
extern const struct cmd_entry cmd_export_entry;
extern const struct cmd_entry cmd_tui_entry;
extern const struct cmd_entry cmd_lint_entry;
extern const struct cmd_entry cmd_sql_entry;

/* "coroner [--db FILE] PATH...": imports, then opens the TUI. */
int		 cmd_import_then_tui(int argc, char **argv);
/* Opens the TUI on the database (--db, $CORONER_DB...); an exit status. */
int		 cmd_tui_open(const char *db);
/* Whether standard input or output is no terminal, saying so (the TUI's
   message, with what to import by hand when importing); 0 when both
   are. */
int		 cmd_tui_no_terminal(int importing);

/* The database path: --db, else $CORONER_DB, else "coroner.db". */
const char	*cmd_db_path(const char *opt);
/* Prints "coroner CMD: MESSAGE" and "usage: ..." to stderr; EXIT_USAGE. */
int		 cmd_usage_error(const struct cmd_entry *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));
/* Prints the command's help to stdout; EXIT_OK. */
int		 cmd_help(const struct cmd_entry *);
/*
 * Opens the database db for the command (store_open).  When an import
 * stopped between committing inputs and rebuilding the model, rebuilds it
 * (or warns, when the file is read-only), saying so on stderr.  Returns
 * 0 and a new *st, or prints "coroner CMD: why" and returns -1.
 */
int		 cmd_store_open(const struct cmd_entry *, const char *db,
		    enum store_mode mode, struct store **st);
/*
 * A size such as "1048576", "64K", "64KiB", "20G", "20GiB" (binary
 * units).  Returns 0 and *out, or -1.
 */
int		 cmd_parse_size(const char *s, uint64_t *out);
#endif
