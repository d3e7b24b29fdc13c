/*
 * cmd.c: what every subcommand shares (cmd.h): the database path rule of
 * DESIGN §7, usage errors and help text.  No SQL, no parsing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

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

	fprintf(stderr, "coroner %s: ", ce->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: coroner %s\n", ce->usage);
	return (EXIT_USAGE);
}

int
cmd_help(const struct cmd_entry *ce)
{
	printf("usage: coroner %s\n\n%s\n", ce->usage, ce->help);
	if (ce->help_more != NULL)
		ce->help_more();
	return (EXIT_OK);
}
