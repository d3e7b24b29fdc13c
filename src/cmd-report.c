/*
 * cmd-report.c: "coroner report".  Shows the stored findings as a report in one
 * of three formats (a table of writers: report-md.c, report-html.c, and the
 * JSON of report-json.c), running the analysis first when the database holds
 * none (coroner(1), COMMANDS).  With -o the report is written atomically: a
 * temporary file beside the target, then rename(). No SQL, no rules, no
 * formatting of findings here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyze.h"
#include "cmd.h"
#include "out.h"
#include "report.h"
#include "util.h"

static int	cmd_report_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_report_entry = {
	.name = "report",
	.usage = "report [--db FILE] [--format md|html|json] [-o FILE]",
	.help =
	    "Writes the stored findings as a report: the incident window, a\n"
	    "summary (pods, rollouts, requests, failures), the sources, and\n"
	    "per finding its summary, pods, evidence and recommendation.\n"
	    "When the database has no findings yet, runs the analysis first\n"
	    "(as \"coroner analyze\" with its defaults).\n"
	    "\n"
	    "  --db FILE        the database ($CORONER_DB, else coroner.db)\n"
	    "  --format FORMAT  md (Markdown), html (one self-contained\n"
	    "                   file with a timeline per finding) or json\n"
	    "                   (coroner(1), REPORT JSON); without it, the\n"
	    "                   extension of -o FILE (.md, .html or .htm,\n"
	    "                   .json, in any case; another is refused),\n"
	    "                   else md\n"
	    "  -o, --output FILE\n"
	    "                   write to FILE (atomically: a temporary file\n"
	    "                   in its directory, then renamed, with the\n"
	    "                   permissions of the FILE it replaces) instead\n"
	    "                   of standard output",
	.exec = cmd_report_exec,
};

static const struct option report_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int
cmd_report_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	const struct report_format	*fmt = NULL;
	struct store			*st = NULL;
	struct timespec			 ts;
	const char			*db = NULL, *path = NULL, *dbpath;
	char				*cause = NULL;
	json_t				*rep = NULL;
	int				 ch, rc = EXIT_FAIL, snapshot = 0;
	int				 has_ext;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":ho:", report_opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'f':
			if ((fmt = report_format(optarg)) == NULL)
				return (cmd_usage_error(ce, "unknown format "
				    "'%s' (md, html or json)", optarg));
			break;
		case 'o':
			path = strcmp(optarg, "-") == 0 ? NULL : optarg;
			if (path != NULL && *path == '\0')
				return (cmd_usage_error(ce, "-o needs a "
				    "file name"));
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
	/* without --format, the output file's extension says (else md) */
	if (fmt == NULL && path != NULL &&
	    (fmt = report_format_of_path(path, &has_ext)) == NULL && has_ext)
		return (cmd_usage_error(ce, "-o %s: its extension names no "
		    "format coroner writes (.md, .html, .json): say which with "
		    "--format", path));
	if (fmt == NULL)
		fmt = report_format("md");
	dbpath = cmd_db_path(db);
	if (cmd_store_open(ce, dbpath, STORE_UPDATE, &st) != 0)
		return (EXIT_FAIL);
	if (analyze_if_none(st, &cause) != 0)
		goto out;
	/*
	 * One read transaction for the whole report: it reads one state
	 * of the database (an import may commit meanwhile), and its
	 * queries, thousands at 100,000 pods, do not each take and drop
	 * the file's lock.
	 */
	if (store_snapshot_begin(st, &cause) != 0)
		goto out;
	snapshot = 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	rep = report_json(st, (int64_t)ts.tv_sec * 1000000 +
	    ts.tv_nsec / 1000, &cause);
	if (rep == NULL)
		goto out;
	if (path != NULL) {
		if (report_write_file(fmt, st, rep, path, &cause) != 0)
			goto out;
	} else if (fmt->write(st, rep, stdout, &cause) != 0)
		goto out;
	rc = EXIT_OK;
out:
	if (cause != NULL) {
		out_printf(stderr, "coroner report: %s\n", cause);
		free(cause);
	}
	json_decref(rep);
	if (snapshot)
		store_snapshot_end(st);
	if (st != NULL)
		store_close(st);
	return (rc);
}
