/*
 * cmd.c: what every subcommand shares (cmd.h): the database path rule of
 * coroner(1), COMMANDS, usage errors and help text.  No SQL, no parsing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "out.h"

const char *
cmd_db_path(const char *opt)
{
	const char	*env;

	if (opt != NULL)
		return (opt);
	if ((env = getenv("CORONER_DB")) != NULL && *env != '\0')
		return (env);
	return ("coroner.db");
}

int
cmd_usage_error(const struct cmd_entry *ce, const char *fmt, ...)
{
	va_list	ap;

	out_printf(stderr, "coroner %s: ", ce->name);
	va_start(ap, fmt);
	out_vprintf(stderr, fmt, ap);
	va_end(ap);
	out_printf(stderr, "\nusage: coroner ");
	out_lines(stderr, ce->usage);
	out_printf(stderr, "\n");
	return (EXIT_USAGE);
}

int
cmd_help(const struct cmd_entry *ce)
{
	out_printf(stdout, "usage: coroner ");
	out_lines(stdout, ce->usage);
	out_printf(stdout, "\n\n");
	out_lines(stdout, ce->help);
	out_printf(stdout, "\n");
	if (ce->help_more != NULL)
		ce->help_more();
	return (EXIT_OK);
}
