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
#include "report.h"
#include "timefmt.h"

static int	cmd_analyze_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_analyze_entry = {
	.name = "analyze",
	.usage = "analyze [--db FILE] [--reconcile REFERENCE:ACTUAL] [--json]",
	.help =
	    "Finds what went wrong, stores the findings (replacing the last\n"
	    "run's) and prints them, most severe first.  The kinds:\n"
	    "sigkill-at-grace-deadline, grace-budget-too-small,\n"
	    "traffic-after-shutdown, sidecar-exited-before-app,\n"
	    "app-started-before-proxy, job-held-by-sidecar, job-overran,\n"
	    "records-lost-at-termination, records-missing, oom-killed and\n"
	    "5xx-burst (DESIGN section 6).\n"
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

/* Prints text indented, wrapped at width columns on spaces. */
static void
put_wrapped(const char *text, int indent, int width)
{
	const char	*p = text, *brk;
	int		 avail = width - indent, n;

	while (*p != '\0') {
		n = (int)strlen(p);
		if (n > avail) {
			for (brk = p + avail; brk > p && *brk != ' '; brk--)
				;
			n = brk > p ? (int)(brk - p) : avail;
		}
		printf("%*s%.*s\n", indent, "", n, p);
		p += n;
		while (*p == ' ')
			p++;
	}
}

static void
print_table(struct analysis *a)
{
	const struct finding	*f;
	char			 t[TIME_FMT_LEN], t2[TIME_FMT_LEN], *safe;
	size_t			 i;

	if (a->n == 0) {
		printf("no findings\n");
		return;
	}
	printf("%-3s %-8s %-27s %-12s %4s %s\n", "#", "SEVERITY", "KIND",
	    "WORKLOAD", "PODS", "WINDOW (UTC)");
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		time_format(f->start_us, t);
		time_format(f->end_us, t2);
		printf("%-3zu %-8s %-27s %-12.12s %4zu %.8s-%.8s\n", i + 1,
		    f->severity, f->kind, f->workload != NULL ? f->workload :
		    "-", json_array_size(f->pods), f->start_us != TIME_NONE ?
		    t + 11 : "?", f->end_us != TIME_NONE ? t2 + 11 : "?");
		safe = str_sanitize(f->summary, strlen(f->summary), 4000);
		put_wrapped(safe, 4, 80);
		free(safe);
	}
}

static int
cmd_analyze_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct analyze_opts	 o = {
		.lead_us = 2000000, .skew_us = 5000000
	};
	struct analysis		 a;
	struct store		*st;
	struct timespec		 ts;
	const char		*db = NULL;
	char			*cause = NULL, *colon, *out;
	json_t			*rep;
	int			 ch, json = 0, rc = EXIT_OK;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", analyze_opts,
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
	if (cmd_store_open(ce, cmd_db_path(db), STORE_UPDATE, &st) != 0)
		return (EXIT_FAIL);
	if (analyze_run(st, &o, &a, &cause) != 0) {
		fprintf(stderr, "coroner analyze: %s\n", cause);
		free(cause);
		analysis_free(&a);
		store_close(st);
		return (EXIT_FAIL);
	}
	if (a.notes.len > 0)
		fputs(a.notes.data, stderr);
	if (json) {
		clock_gettime(CLOCK_REALTIME, &ts);
		rep = report_json(st, (int64_t)ts.tv_sec * 1000000 +
		    ts.tv_nsec / 1000, &cause);
		if (rep == NULL) {
			fprintf(stderr, "coroner analyze: %s\n", cause);
			free(cause);
			rc = EXIT_FAIL;
		} else {
			out = json_dumps(rep, JSON_INDENT(2) |
			    JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
			if (out != NULL)
				puts(out);
			free(out);
			json_decref(rep);
		}
	} else
		print_table(&a);
	analysis_free(&a);
	store_close(st);
	return (rc);
}
