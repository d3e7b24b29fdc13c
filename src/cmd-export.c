/*
 * cmd-export.c: "coroner export" (coroner(1), COMMANDS and FLEET EXPORT).
 * Writes the incident as NDJSON files, one per table, for an engine that
 * holds a fleet's incidents, or prints the SQL of those tables.  Makes the
 * output directory and maps outcomes to exit codes; what is written is
 * export.c's.  No SQL, no JSON here.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze.h"
#include "cmd.h"
#include "export.h"
#include "out.h"
#include "util.h"

static int	cmd_export_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.usage = "export [--db FILE] --cluster NAME [-o DIR]\n"
	    "       coroner export --schema clickhouse",
	.help =
	    "Writes the incident as files for an engine that holds every\n"
	    "cluster's incidents: DIR/TABLE.ndjson, one JSON object per\n"
	    "line, for the tables incidents, pods, deaths (every container\n"
	    "termination), findings, finding_pods,\n"
	    "rollouts (with the deploys that started them) and traffic (per\n"
	    "workload and minute), and DIR/schema.sql, the ClickHouse tables\n"
	    "they load into as they are.  Every row carries the schema's\n"
	    "number, the cluster and the incident: the SHA-256 of the\n"
	    "identities of the inputs imported, the same each time the same\n"
	    "data is exported.  The columns of each file are in coroner(1),\n"
	    "FLEET EXPORT.  When the database has no findings yet, runs the\n"
	    "analysis first (as \"coroner analyze\" with its defaults).\n"
	    "\n"
	    "  --db FILE       the database ($CORONER_DB, else coroner.db)\n"
	    "  --cluster NAME  the cluster the incident happened on (needed)\n"
	    "  -o, --output DIR\n"
	    "                  the directory to write in, made when missing\n"
	    "                  (else the current directory).  The files of\n"
	    "                  an earlier export there are replaced, each\n"
	    "                  atomically (a temporary file renamed over it),\n"
	    "                  incidents.ndjson last; when a file of one of\n"
	    "                  those names is not an export's, nothing is\n"
	    "                  written.  Other files are left as they are.\n"
	    "  --schema clickhouse\n"
	    "                  print the SQL that creates the tables (the\n"
	    "                  database coroner, a ReplacingMergeTree per\n"
	    "                  file: an incident loaded again replaces its\n"
	    "                  rows; query with FINAL), and nothing else",
	.exec = cmd_export_exec,
};

static const struct option export_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "cluster", required_argument, NULL, 'c' },
	{ "output", required_argument, NULL, 'o' },
	{ "schema", required_argument, NULL, 's' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/*
 * Makes dir and the directories above it that are missing.  Returns 0,
 * or -1 with a new *cause.
 */
static int
make_dir(const char *dir, char **cause)
{
	struct stat	 sb;
	char		*p, *s, c;

	if (stat(dir, &sb) == 0) {
		if (S_ISDIR(sb.st_mode))
			return (0);
		*cause = xasprintf("%s: not a directory; -o names the "
		    "directory to write in", dir);
		return (-1);
	}
	p = xstrdup(dir);
	for (s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		if (s[-1] != '/') {
			c = *s;
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST) {
				*cause = xasprintf("%s: %s", p,
				    strerror(errno));
				free(p);
				return (-1);
			}
			*s = c;
		}
		if (*s == '\0')
			break;
	}
	free(p);
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		*cause = xasprintf("%s: not a directory", dir);
		return (-1);
	}
	return (0);
}

static int
cmd_export_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct store		*st = NULL;
	struct export_stats	 stats;
	const char		*db = NULL, *cluster = NULL, *dir = NULL;
	const char		*schema = NULL;
	char			*cause = NULL, ro[96];
	int64_t			 deploys;
	int			 ch, rc = EXIT_FAIL;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":ho:", export_opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'c':
			cluster = optarg;
			break;
		case 'o':
			dir = optarg;
			break;
		case 's':
			schema = optarg;
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
	if (schema != NULL) {
		if (db != NULL || cluster != NULL || dir != NULL)
			return (cmd_usage_error(ce, "--schema prints the SQL "
			    "alone: no --db, --cluster or -o with it"));
		if (strcmp(schema, "clickhouse") != 0)
			return (cmd_usage_error(ce, "unknown schema '%s' "
			    "(clickhouse)", schema));
		if (export_schema(stdout, schema, &cause) != 0)
			goto out;
		return (EXIT_OK);
	}
	if (cluster == NULL)
		return (cmd_usage_error(ce, "--cluster NAME needed: the "
		    "cluster the incident happened on"));
	if (*cluster == '\0')
		return (cmd_usage_error(ce, "--cluster needs a name"));
	if (dir != NULL && *dir == '\0')
		return (cmd_usage_error(ce, "-o needs a directory"));
	if (dir == NULL)
		dir = ".";
	if (cmd_store_open(ce, cmd_db_path(db), STORE_UPDATE, &st) != 0)
		return (EXIT_FAIL);
	if (analyze_if_none(st, &cause) != 0 ||
	    make_dir(dir, &cause) != 0 ||
	    export_dir_check(dir, &cause) != 0 ||
	    export_write(st, cluster, dir, CORONER_VERSION, &stats,
	    &cause) != 0)
		goto out;
	/* rollouts.ndjson: the rollouts, and the deploys that started none */
	deploys = stats.rollouts > stats.rollouts_seen ? stats.rollouts -
	    stats.rollouts_seen : 0;
	snprintf(ro, sizeof ro, "%lld rollout%s",
	    (long long)stats.rollouts_seen, stats.rollouts_seen == 1 ? "" :
	    "s");
	if (deploys > 0)
		snprintf(ro + strlen(ro), sizeof ro - strlen(ro), " and %lld "
		    "deploy%s without one", (long long)deploys,
		    deploys == 1 ? "" : "s");
	out_say(stdout, "incident %s of %s: %lld pod%s, %lld death%s, %lld "
	    "finding%s, %s, %lld minute%s of traffic in %s", stats.incident,
	    cluster, (long long)stats.pods, stats.pods == 1 ? "" : "s",
	    (long long)stats.deaths, stats.deaths == 1 ? "" : "s",
	    (long long)stats.findings, stats.findings == 1 ? "" : "s", ro,
	    (long long)stats.minutes, stats.minutes == 1 ? "" : "s", dir);
	rc = EXIT_OK;
out:
	if (cause != NULL) {
		out_printf(stderr, "coroner export: %s\n", cause);
		free(cause);
	}
	if (st != NULL)
		store_close(st);
	return (rc);
}
