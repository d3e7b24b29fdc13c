/*
 * cmd-analyze.c: "coroner analyze".  Runs the analysis (analyze.c), which
 * stores its findings in place of the previous run's, and prints them: a
 * compact table (severity, kind, workload, pods, window, then the summary)
 * sorted by severity and time, or with --json the report JSON of DESIGN
 * §8.  No SQL, no rules here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyze.h"
#include "cmd.h"
#include "out.h"
#include "report.h"
#include "timefmt.h"

static int	cmd_analyze_exec(const struct cmd_entry *, int, char **);
static void	cmd_analyze_kinds(void);

const struct cmd_entry cmd_analyze_entry = {
	.name = "analyze",
	.usage = "analyze [--db FILE] [--reconcile REFERENCE:ACTUAL] [--json]",
	.help =
	    "Finds what went wrong, stores the findings (replacing the last\n"
	    "run's) and prints them, most severe first.  The kinds of\n"
	    "findings are listed below and in the README.\n"
	    "\n"
	    "  --db FILE        the database ($CORONER_DB, else coroner.db)\n"
	    "  --reconcile R:A  compare record set R (the reference, e.g. the\n"
	    "                   courier's manifests) with A (ours); with two\n"
	    "                   sets and no --reconcile the larger is R\n"
	    "  --lead S         records buffered S seconds before a pod's\n"
	    "                   deletion still count as its (default 2)\n"
	    "  --skew S         clock skew allowed between the two parties'\n"
	    "                   records (default 5)\n"
	    "  --json           print the report JSON instead of the table",
	.help_more = cmd_analyze_kinds,
	.exec = cmd_analyze_exec,
};

static const struct option analyze_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "reconcile", required_argument, NULL, 'r' },
	{ "lead", required_argument, NULL, 'l' },
	{ "skew", required_argument, NULL, 's' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Parses seconds (0 to 3600, a fraction allowed) into microseconds. */
static int
parse_seconds(const char *s, int64_t *us)
{
	char	*end;
	double	 v;

	v = strtod(s, &end);
	if (end == s || *end != '\0' || !(v >= 0 && v <= 3600))
		return (-1);
	*us = (int64_t)(v * 1e6);
	return (0);
}

/* The kinds of findings, from the table the rules use. */
static void
cmd_analyze_kinds(void)
{
	const struct finding_kind_def	*k;
	char				*line;
	size_t				 i;

	out_printf(stdout, "\nKinds of findings:\n");
	for (i = 0; i < FK__COUNT; i++) {
		k = &finding_kinds[i];
		out_printf(stdout, "  %s (%s%s%s)\n", k->name,
		    severity_name(k->severity),
		    k->severity_note != NULL ? "; " : "",
		    k->severity_note != NULL ? k->severity_note : "");
		line = xasprintf("%s.", k->means);
		out_wrap(stdout, line, 0, 6, 80);
		free(line);
	}
}

static void
print_table(struct analysis *a)
{
	const struct finding	*f;
	char			 t[TIME_FMT_LEN], t2[TIME_FMT_LEN];
	size_t			 i;

	if (a->n == 0) {
		out_printf(stdout, "no findings\n");
		return;
	}
	out_printf(stdout, "%-3s %-8s %-27s %-12s %4s %s\n", "#", "SEVERITY",
	    "KIND", "WORKLOAD", "PODS", "WINDOW (UTC)");
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		time_format(f->start_us, t);
		time_format(f->end_us, t2);
		out_printf(stdout, "%-3zu %-8s %-27s %-12.12s %4zu %.8s-%.8s\n",
		    i + 1, severity_name(f->severity),
		    finding_kind_name(f->kind),
		    f->workload != NULL ? f->workload : "-",
		    json_array_size(f->pods), f->start_us != TIME_NONE ?
		    t + 11 : "?", f->end_us != TIME_NONE ? t2 + 11 : "?");
		out_wrap(stdout, f->summary, 0, 4, 80);
	}
}

static int
cmd_analyze_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct analyze_opts	 o = {
		.lead_us = ANALYZE_LEAD_US, .skew_us = ANALYZE_SKEW_US
	};
	struct analysis		 a;
	struct store		*st;
	struct timespec		 ts;
	const char		*db = NULL;
	char			*cause = NULL, *colon;
	json_t			*rep;
	int			 ch, json = 0, rc = EXIT_OK;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+h", analyze_opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'r':
			colon = strchr(optarg, ':');
			if (colon == NULL || colon == optarg ||
			    colon[1] == '\0')
				return (cmd_usage_error(ce, "--reconcile takes "
				    "REFERENCE:ACTUAL, not '%s'", optarg));
			*colon = '\0';
			o.reference = optarg;
			o.actual = colon + 1;
			break;
		case 'l':
			if (parse_seconds(optarg, &o.lead_us) != 0)
				return (cmd_usage_error(ce, "bad --lead '%s'",
				    optarg));
			break;
		case 's':
			if (parse_seconds(optarg, &o.skew_us) != 0)
				return (cmd_usage_error(ce, "bad --skew '%s'",
				    optarg));
			break;
		case 'j':
			json = 1;
			break;
		case 'h':
			return (cmd_help(ce));
		default:
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	if (optind != argc)
		return (cmd_usage_error(ce, "unexpected argument '%s'",
		    argv[optind]));
	if (store_open(cmd_db_path(db), &st, &cause) != 0) {
		out_printf(stderr, "coroner analyze: %s\n", cause);
		free(cause);
		return (EXIT_FAIL);
	}
	if (analyze_run(st, &o, &a, &cause) != 0) {
		out_printf(stderr, "coroner analyze: %s\n", cause);
		free(cause);
		analysis_free(&a);
		store_close(st);
		return (EXIT_FAIL);
	}
	if (a.notes.len > 0)
		out_lines(stderr, a.notes.data);
	if (json) {
		clock_gettime(CLOCK_REALTIME, &ts);
		rep = report_json(st, (int64_t)ts.tv_sec * 1000000 +
		    ts.tv_nsec / 1000, &cause);
		if (rep == NULL) {
			out_printf(stderr, "coroner analyze: %s\n", cause);
			free(cause);
			rc = EXIT_FAIL;
		} else {
			out_json(stdout, rep, JSON_INDENT(2) |
			    JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
			json_decref(rep);
		}
	} else
		print_table(&a);
	analysis_free(&a);
	store_close(st);
	return (rc);
}
