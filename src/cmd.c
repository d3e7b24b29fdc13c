/*
 * cmd.c: what every subcommand shares (cmd.h): the database path rule of
 * coroner(1), COMMANDS, opening the database (and bringing a stale model
 * up to date), usage errors, help text and option values.  No SQL, no
 * parsing of inputs.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "lifecycle.h"
#include "out.h"
#include "store.h"
#include "util.h"

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

int
cmd_store_open(const struct cmd_entry *ce, const char *db,
    enum store_mode mode, struct store **st)
{
	struct model_stats	 ms;
	char			*cause = NULL;

	if (db[0] == '-' && db[1] == '-') {
		out_printf(stderr, "coroner %s: --db %s: that is an option, "
		    "not a database (a file so named is ./%s)\n", ce->name, db,
		    db);
		return (-1);
	}
	if (store_open(db, mode, st, &cause) != 0) {
		out_printf(stderr, "coroner %s: %s\n", ce->name, cause);
		free(cause);
		return (-1);
	}
	if (mode == STORE_CREATE || !store_model_stale(*st))
		return (0);
	if (!store_writable(*st))
		out_printf(stderr, "coroner %s: warning: the model of %s is "
		    "older than its data (an import stopped before rebuilding "
		    "it) and the file is read-only: what follows may miss the "
		    "last inputs\n", ce->name, db);
	else if (model_rebuild(*st, &ms, &cause) != 0) {
		out_printf(stderr, "coroner %s: rebuilding the model of %s: "
		    "%s\n", ce->name, db, cause);
		free(cause);
		store_close(*st);
		*st = NULL;
		return (-1);
	} else
		out_printf(stderr, "coroner %s: the model of %s was older than "
		    "its data (an import stopped before rebuilding it): "
		    "rebuilt\n", ce->name, db);
	return (0);
}

int
cmd_parse_size(const char *s, uint64_t *out)
{
	static const struct {
		const char	*suffix;
		unsigned int	 shift;
	} units[] = {
		{ .suffix = "", .shift = 0 },
		{ .suffix = "B", .shift = 0 },
		{ .suffix = "K", .shift = 10 },
		{ .suffix = "KiB", .shift = 10 },
		{ .suffix = "M", .shift = 20 },
		{ .suffix = "MiB", .shift = 20 },
		{ .suffix = "G", .shift = 30 },
		{ .suffix = "GiB", .shift = 30 },
		{ .suffix = "T", .shift = 40 },
		{ .suffix = "TiB", .shift = 40 },
	};
	unsigned long long	 v;
	char			*end;
	size_t			 i;

	if (*s < '0' || *s > '9')
		return (-1);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return (-1);
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(end, units[i].suffix) != 0)
			continue;
		if (v > (UINT64_MAX >> units[i].shift))
			return (-1);
		*out = (uint64_t)v << units[i].shift;
		return (0);
	}
	return (-1);
}
