/*
 * cmd-analyze.c: "coroner analyze".  Runs the analysis (analyze.c), which
 * stores its findings in place of the previous run's, and prints them: a
 * paragraph per finding (severity, kind, workload, pods, window, summary
 * and recommendation, within 80 columns) sorted by severity and time, or
 * with --json the report JSON (coroner.1, REPORT JSON).  No SQL, no rules
 * here.
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
	.usage = "analyze [--db FILE] [--reconcile REFERENCE:ACTUAL] [--json]\n"
	    "                       [--lead S] [--skew S]",
	.help =
	    "Finds what went wrong, stores the findings (replacing the last\n"
	    "run's) and prints them, most severe first.  The kinds of\n"
	    "findings are listed below; their evidence is in coroner(1),\n"
	    "FINDINGS.\n"
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

/*
 * Prints text made safe and wrapped at width columns on spaces, the first
 * line indented by first columns, the others by rest.  A word longer than
 * a line is broken where the line ends: nothing is cut.
 */
static void
put_wrapped(const char *text, size_t first, size_t rest, size_t width)
{
	char		*safe = out_safe(text, strlen(text), SIZE_MAX);
	const char	*p = safe;
	size_t		 indent = first, n, brk;

	while (*p != '\0') {
		n = out_fit_bytes(p, width > indent + 20 ? width - indent : 20);
		if (p[n] != '\0') {
			/* break at the last space that fits, if any */
			for (brk = n; brk > 0 && p[brk] != ' '; brk--)
				;
			if (brk > 0)
				n = brk;
		}
		if (n == 0)
			n = strlen(p);	/* one character wider than a line */
		out_printf(stdout, "%*s%.*s\n", (int)indent, "", (int)n, p);
		p += n;
		while (*p == ' ')
			p++;
		indent = rest;
	}
	free(safe);
}

/* The pods named in the text output; the rest are counted. */
#define SHOW_PODS	6

/*
 * A finding's window as "2026-05-12 09:00:10 to 09:04:00 UTC" (the date
 * once when both ends fall on one day).
 */
static void
put_window(struct buf *b, int64_t start_us, int64_t end_us)
{
	char	t[TIME_FMT_LEN], t2[TIME_FMT_LEN];

	if (start_us == TIME_NONE && end_us == TIME_NONE) {
		buf_puts(b, "time unknown");
		return;
	}
	time_format(start_us, t);
	time_format(end_us, t2);
	if (start_us == TIME_NONE || end_us == TIME_NONE) {
		buf_printf(b, "%.10s %.8s UTC", start_us != TIME_NONE ? t : t2,
		    (start_us != TIME_NONE ? t : t2) + 11);
		return;
	}
	if (strncmp(t, t2, 10) == 0)
		buf_printf(b, "%.10s %.8s to %.8s UTC", t, t + 11, t2 + 11);
	else
		buf_printf(b, "%.10s %.8s to %.10s %.8s UTC", t, t + 11, t2,
		    t2 + 11);
}

/*
 * Each finding as a paragraph of at most 80 columns:
 *
 *	1 critical sigkill-at-grace-deadline returns/returns-api
 *	  6 pods, 2026-05-12 09:00:10 to 09:04:00 UTC: returns-api-...
 *	  6 containers of returns-api were SIGKILLed (exit 137) when ...
 *	  Fix: ...
 *
 * Names are never cut: a long one wraps onto the next line.  Text from
 * the data goes into the lines through out_bprintf, which escapes it.
 */
static void
print_table(struct analysis *a)
{
	const struct finding	*f;
	struct finding_pods	 fp;
	struct buf		 b = { 0 };
	const char		*pod;
	size_t			 i, j, npods, indent;

	if (a->n == 0) {
		out_printf(stdout, "no findings\n");
		return;
	}
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if (i > 0)
			out_printf(stdout, "\n");
		buf_clear(&b);
		out_bprintf(&b, "%zu %s %s ", i + 1,
		    severity_name(f->severity), finding_kind_name(f->kind));
		indent = i + 1 < 10 ? 2 : i + 1 < 100 ? 3 : 4;
		if (f->workload != NULL && f->namespace != NULL)
			out_bprintf(&b, "%s/%s", f->namespace, f->workload);
		else if (f->workload != NULL)
			out_bprintf(&b, "%s", f->workload);
		else
			buf_puts(&b, "(no workload)");
		put_wrapped(b.data, 0, indent, 80);
		buf_clear(&b);
		finding_pods_read(f, &fp);
		npods = fp.n;
		if (npods > 0)
			buf_printf(&b, "%zu pod%s, ", npods,
			    npods == 1 ? "" : "s");
		put_window(&b, f->start_us, f->end_us);
		for (j = 0; j < npods && j < SHOW_PODS; j++) {
			pod = fp.name[j];
			out_bprintf(&b, "%s%s", j == 0 ? ": " : ", ",
			    pod != NULL ? pod : "?");
		}
		if (npods > SHOW_PODS)
			buf_printf(&b, " and %zu more", npods - SHOW_PODS);
		put_wrapped(b.data, indent, indent, 80);
		finding_pods_free(&fp);
		put_wrapped(f->summary != NULL ? f->summary : "", indent,
		    indent, 80);
		if (f->recommendation != NULL && *f->recommendation != '\0') {
			buf_clear(&b);
			out_bprintf(&b, "Fix: %s", f->recommendation);
			put_wrapped(b.data, indent, indent + 5, 80);
		}
	}
	buf_free(&b);
}

/* The analysis's notes, a line each, wrapped to the terminal's width. */
static void
print_notes(const char *notes)
{
	char	*copy, *line, *next;

	if (notes == NULL)
		return;
	copy = xstrdup(notes);
	for (line = copy; *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		out_wrap(stderr, line, 2, 2, (size_t)out_term_width());
	}
	free(copy);
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
				return (cmd_usage_error(ce, "bad --lead '%s' "
				    "(seconds, 0 to 3600)", optarg));
			break;
		case 's':
			if (parse_seconds(optarg, &o.skew_us) != 0)
				return (cmd_usage_error(ce, "bad --skew '%s' "
				    "(seconds, 0 to 3600)", optarg));
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
	if (cmd_store_open(ce, cmd_db_path(db), STORE_WRITE, &st) != 0)
		return (EXIT_FAIL);
	if (analyze_run(st, &o, &a, &cause) != 0) {
		out_printf(stderr, "coroner analyze: %s\n", cause);
		free(cause);
		analysis_free(&a);
		store_close(st);
		return (EXIT_FAIL);
	}
	print_notes(a.notes.data);
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
