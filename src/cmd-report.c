/*
 * cmd-report.c: "coroner report".  Shows the stored findings as a report
 * in one of three formats (a table of writers: report-md.c,
 * report-html.c, and the JSON of report-json.c), running the analysis
 * first when the database holds none (DESIGN §7).  With -o the report is
 * written atomically: a temporary file beside the target, then rename().
 * No SQL, no rules, no formatting of findings here.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analyze.h"
#include "cmd.h"
#include "report.h"
#include "util.h"

static int	cmd_report_exec(const struct cmd_entry *, int, char **);
static int	write_json(struct store *, json_t *, FILE *, char **);

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
	    "  --format FORMAT  md (Markdown, the default), html (one\n"
	    "                   self-contained file with a timeline per\n"
	    "                   finding) or json (DESIGN section 8)\n"
	    "  -o, --output FILE\n"
	    "                   write to FILE (atomically: a temporary file\n"
	    "                   in its directory, then renamed) instead of\n"
	    "                   standard output",
	.exec = cmd_report_exec,
};

/* One output format. */
struct report_format {
	const char	*name;		/* what --format takes */
	int		(*write)(struct store *, json_t *, FILE *, char **);
};

static const struct report_format report_formats[] = {
	{ .name = "md", .write = report_md },
	{ .name = "html", .write = report_html },
	{ .name = "json", .write = write_json },
	{ .name = NULL, .write = NULL }
};

static const struct option report_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int
write_json(struct store *st, json_t *rep, FILE *out, char **cause)
{
	(void)st;
	if (json_dumpf(rep, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(6)) != 0 || fputc('\n', out) == EOF ||
	    fflush(out) != 0) {
		*cause = xasprintf("writing the report: %s", strerror(errno));
		return (-1);
	}
	return (0);
}

static int
count_one(void *ctx, const void *row)
{
	(void)ctx;
	(void)row;
	return (1);
}

/*
 * Makes sure the database has findings: when it has none, runs the
 * analysis (which stores them).  Returns 0, or -1 with a new *cause.
 */
static int
ensure_findings(struct store *st, char **cause)
{
	struct analyze_opts	 o = {
		.lead_us = 2000000, .skew_us = 5000000
	};
	struct analysis		 a;
	int			 rc;

	rc = store_model_scan(st, ROW_FINDING, NULL, NULL, count_one, NULL,
	    cause);
	if (rc == 1)
		return (0);
	if (rc != 0)
		return (-1);
	rc = analyze_run(st, &o, &a, cause);
	if (rc == 0 && a.notes.len > 0)
		fputs(a.notes.data, stderr);
	analysis_free(&a);
	return (rc);
}

/*
 * Writes the report to path through a temporary file in the same
 * directory, renamed over path once complete, so that a reader never sees
 * half a report.  Returns 0, or -1 with a new *cause.
 */
static int
write_atomically(const struct report_format *fmt, struct store *st,
    json_t *rep, const char *path, char **cause)
{
	const char	*slash = strrchr(path, '/');
	char		*tmp;
	FILE		*f;
	mode_t		 mask;
	int		 fd, e;

	if (slash == NULL)
		tmp = xasprintf(".coroner-report.XXXXXX");
	else
		tmp = xasprintf("%.*s/.coroner-report.XXXXXX",
		    (int)(slash - path), path);
	if ((fd = mkstemp(tmp)) == -1) {
		*cause = xasprintf("%s: cannot create a temporary file "
		    "beside it: %s", path, strerror(errno));
		free(tmp);
		return (-1);
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 ||
	    (f = fdopen(fd, "w")) == NULL) {
		*cause = xasprintf("%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	if (fmt->write(st, rep, f, cause) != 0) {
		fclose(f);
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	if (fflush(f) != 0 || fsync(fileno(f)) != 0) {
		e = errno;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		e = errno;
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		e = errno;
		goto fail;
	}
	free(tmp);
	return (0);
fail:
	*cause = xasprintf("%s: %s", path, strerror(e));
	unlink(tmp);
	free(tmp);
	return (-1);
}

static int
cmd_report_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	const struct report_format	*fmt = &report_formats[0];
	struct store			*st = NULL;
	struct timespec			 ts;
	const char			*db = NULL, *path = NULL, *dbpath;
	char				*cause = NULL;
	json_t				*rep = NULL;
	size_t				 i;
	int				 ch, rc = EXIT_FAIL;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":ho:", report_opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'f':
			for (i = 0; report_formats[i].name != NULL; i++) {
				if (strcmp(optarg, report_formats[i].name) == 0)
					break;
			}
			if (report_formats[i].name == NULL)
				return (cmd_usage_error(ce, "unknown format "
				    "'%s' (md, html or json)", optarg));
			fmt = &report_formats[i];
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
	dbpath = cmd_db_path(db);
	if (cmd_store_open(ce, dbpath, STORE_UPDATE, &st) != 0)
		return (EXIT_FAIL);
	if (ensure_findings(st, &cause) != 0)
		goto out;
	clock_gettime(CLOCK_REALTIME, &ts);
	rep = report_json(st, (int64_t)ts.tv_sec * 1000000 +
	    ts.tv_nsec / 1000, &cause);
	if (rep == NULL)
		goto out;
	if (path != NULL) {
		if (write_atomically(fmt, st, rep, path, &cause) != 0)
			goto out;
	} else if (fmt->write(st, rep, stdout, &cause) != 0)
		goto out;
	rc = EXIT_OK;
out:
	if (cause != NULL) {
		fprintf(stderr, "coroner report: %s\n", cause);
		free(cause);
	}
	json_decref(rep);
	if (st != NULL)
		store_close(st);
	return (rc);
}
