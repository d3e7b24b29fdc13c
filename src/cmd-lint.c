/*
 * cmd-lint.c: "coroner lint".  Reads workload manifests (files,
 * directories, archives, standard input; JSON or YAML, multi-document
 * streams as helm template prints them) with the Kubernetes importers'
 * reader, runs the checks of lint.c on each pod template, and prints each
 * problem as "file:line: namespace/workload container: id: message" (or
 * one JSON object a line), through the output layer (out.h).  With
 * --db, the numbers past incidents measured come from the store as plain
 * structs.  No SQL (store.c), no checks (lint.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "budget.h"
#include "cmd.h"
#include "k8s.h"
#include "lint.h"
#include "out.h"
#include "podset.h"
#include "store.h"
#include "strpool.h"
#include "timefmt.h"
#include "util.h"

static int	cmd_lint_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_lint_entry = {
	.name = "lint",
	.usage = "lint [--db FILE] [--shutdown S] [--margin S]\n"
	    "                    [--format text|json] PATH...|-",
	.help =
	    "Checks workload manifests (Deployment, StatefulSet, DaemonSet,\n"
	    "ReplicaSet, Job, CronJob, Pod; JSON"
	    " or YAML, - for standard input,\n"
	    "e.g. helm template | coroner lint -) against the lifecycle rules\n"
	    "(coroner(1), COMMANDS, lint):\n"
	    "\n"
	    "  grace-budget        the grace holds"
	    " preStop + shutdown + margin\n"
	    "  prestop-covers-lb   the preStop"
	    " outlasts the load balancer's lag\n"
	    "  proxy-drains-first  a plain proxy sidecar outlasts the app\n"
	    "  proxy-starts-first  the app waits for its plain proxy sidecar\n"
	    "  job-sidecar         a Job's plain proxy sidecar can exit\n"
	    "  job-deadline        a CronJob's"
	    " deadline is <= 2x its median run\n"
	    "\n"
	    "  --db FILE      numbers measured in past incidents (an imported\n"
	    "                 database): the longest"
	    " shutdown of each workload,\n"
	    "                 the load balancer's"
	    " lag, CronJob runs; needed by\n"
	    "                 prestop-covers-lb and job-deadline\n"
	    "  --shutdown S   the app's shutdown after SIGTERM, in seconds\n"
	    "                 (wins over the measured one)\n"
	    "  --margin S     added to every sum (5)\n"
	    "  --format F     text (file:line: namespace/workload container:\n"
	    "                 check: message) or json (one object a line)\n"
	    "\n"
	    "A manifest without metadata.namespace"
	    " is shown in \"default\" and\n"
	    "matches its workload in any namespace of the database.\n"
	    "Exit status: 0 when every check passes, 1 when one fails, a\n"
	    "manifest cannot be read or no input held a workload's pod\n"
	    "template (nothing was checked), 2 on a usage error.",
	.exec = cmd_lint_exec,
};

/* The numbers measured in past incidents, loaded once. */
struct lint_db {
	struct podset		 pods;	/* owned: the pods, whose containers
					   measured the shutdowns */
	struct store_routed	*rt;	/* owned: deleted pods still routed
					   to */
	size_t			 nrt;
	struct store_runs	*runs;	/* owned: runs per CronJob */
	size_t			 nruns;
};

/* What the printing callback needs. */
struct lint_out {
	int		 json;		/* --format json */
	int64_t		 problems;	/* printed so far */
	int64_t		 templates;	/* pod templates checked */
	int64_t		 measured;	/* of them, with --db, those whose
					   workload the database measured */
	struct strpool	 seen;		/* the uid of each object checked: a
					   watch stream's later versions of
					   it are not checked again */
};

/*
 * Whether obj was checked before: another version of it (the same
 * metadata.uid; a manifest, which has none, never was).
 */
static int
lint_seen(struct lint_out *out, json_t *obj)
{
	const char	*uid;
	size_t		 n = out->seen.n;

	uid = json_string_value(json_object_get(json_object_get(obj,
	    "metadata"), "uid"));
	if (uid == NULL || *uid == '\0')
		return (0);
	strpool_put(&out->seen, uid);
	return (out->seen.n == n);
}

static int
lint_db_load(const char *path, struct lint_db *d, char **cause)
{
	struct store	*st;
	char		*why = NULL;
	int		 rc = -1;

	memset(d, 0, sizeof *d);
	/* lint reads past incidents: never creates or alters a database */
	if (store_open(path, STORE_READ, &st, &why) != 0) {
		*cause = why;
		return (-1);
	}
	if (podset_load(st, &d->pods, NULL, &why) == 0 &&
	    store_routed_after_deletion(st, (int64_t)BUDGET_LAG_MAX_S *
	    1000000, &d->rt, &d->nrt, &why) == 0 &&
	    store_cronjob_runs(st, &d->runs, &d->nruns, &why) == 0)
		rc = 0;
	else
		*cause = xasprintf("%s: %s", path, why);
	free(why);
	store_close(st);
	return (rc);
}

static void
lint_db_free(struct lint_db *d)
{
	podset_free(&d->pods);
	store_routed_free(d->rt, d->nrt);
	store_runs_free(d->runs, d->nruns);
}

/* The workload the database knows a template's pods by. */
struct lint_key {
	const char	*namespace;	/* NULL: any */
	const char	*workload;
};

/* Whether a row of namespace ns and workload wl is k's. */
static int
same_workload(const struct lint_key *k, const char *ns, const char *wl)
{
	return (str_eq(k->workload, wl) && (k->namespace == NULL ||
	    str_eq(k->namespace, ns)));
}

/*
 * The key of template t.  A Pod's controller is a ReplicaSet or a Job,
 * not the workload the database files its pods under: the pod itself,
 * by its name, or a pod of the same controller, says which that is.
 */
static struct lint_key
lint_key_of(const struct lint_db *d, const struct lint_template *t)
{
	struct lint_key		 k = { t->namespace, t->workload };
	const struct podset_pod	*p;
	size_t			 i;

	if (strcmp(t->kind, "Pod") != 0)
		return (k);
	for (i = 0; i < d->pods.n; i++) {
		p = &d->pods.v[i];
		if (p->r.workload == NULL || (t->namespace != NULL &&
		    !str_eq(t->namespace, p->r.namespace)))
			continue;
		if (str_eq(p->r.name, t->name) ||
		    str_eq(p->r.owner_name, t->workload)) {
			k.namespace = p->r.namespace;
			k.workload = p->r.workload;
			if (str_eq(p->r.name, t->name))
				break;	/* the pod itself: nothing better */
		}
	}
	return (k);
}

/* What the database measured for t's workload. */
static void
lint_db_find(const struct lint_db *d, const struct lint_template *t,
    struct lint_measured *m)
{
	struct model_shutdowns		 s = MODEL_SHUTDOWNS_INIT;
	const struct podset_pod		*p;
	const struct store_routed	*r;
	const struct lint_key		 k = lint_key_of(d, t);
	const char			*ns = NULL;
	enum budget_basis		 basis;
	double				 sd;
	int64_t				 lag, *v;
	size_t				 i, j;

	memset(m, 0, sizeof *m);
	m->shutdown_us = m->lag_us = TIME_NONE;
	m->median_ms = INT_NONE;
	for (i = 0; i < d->pods.n; i++) {
		p = &d->pods.v[i];
		if (!same_workload(&k, p->r.namespace, p->r.workload) ||
		    (ns != NULL && !str_eq(ns, p->r.namespace)))
			continue;
		ns = p->r.namespace;	/* one namespace only */
		for (j = 0; j < p->nc; j++)
			model_shutdown_add(&s, &p->c[j], p->r.name);
	}
	if (s.longest_us != TIME_NONE || s.lower_us != TIME_NONE) {
		basis = budget_shutdown_of(s.longest_us != TIME_NONE ?
		    (double)s.longest_us / 1e6 : -1, s.lower_us !=
		    TIME_NONE ? (double)s.lower_us / 1e6 : -1, &sd);
		m->shutdown_us = basis == BUDGET_OBSERVED ? s.longest_us :
		    s.lower_us;
		m->shutdown_lower = basis == BUDGET_LOWER_BOUND;
	}
	ns = NULL;
	for (i = 0; i < d->nrt; i++) {
		r = &d->rt[i];
		if (!same_workload(&k, r->namespace, r->workload) ||
		    (ns != NULL && !str_eq(ns, r->namespace)))
			continue;
		ns = r->namespace;	/* one namespace only */
		lag = budget_lag_us(r->deletion_us, r->last_routed_s);
		if (m->lag_us == TIME_NONE || lag > m->lag_us)
			m->lag_us = lag;
		m->lag_pods++;
		if (r->sigterm_us != TIME_NONE &&
		    (r->last_routed_s + 1) * 1000000 > r->sigterm_us)
			m->after_sigterm++;
	}
	for (i = 0; t->cronjob && i < d->nruns; i++) {
		if (!same_workload(&k, d->runs[i].namespace,
		    d->runs[i].cronjob) || d->runs[i].n < BUDGET_RUNS_MIN)
			continue;
		v = xreallocarray(NULL, d->runs[i].n, sizeof *v);
		memcpy(v, d->runs[i].duration_ms, d->runs[i].n * sizeof *v);
		m->median_ms = budget_median(v, d->runs[i].n);
		m->runs = d->runs[i].n;
		free(v);
		break;
	}
}

static void
lint_print(void *ctx, const struct lint_template *t,
    const struct lint_problem *p)
{
	struct lint_out	*o = ctx;
	json_t		*j;

	o->problems++;
	if (o->json) {
		j = json_pack("{s:s, s:I, s:s?, s:s?, s:s, s:s, s:s, s:s, "
		    "s:s, s:O}", "file", t->file, "line", (json_int_t)t->line,
		    "namespace", t->namespace, "workload", t->name, "kind",
		    t->kind, "container", p->container, "check", p->check->id,
		    "severity", p->check->severity, "message", p->message,
		    "numbers", p->numbers);
		if (j != NULL)
			out_json(stdout, j, JSON_COMPACT | JSON_PRESERVE_ORDER);
		json_decref(j);
		return;
	}
	out_printf(stdout, "%s:%lld: %s/%s %s: %s: %s\n", t->file,
	    (long long)t->line, t->namespace != NULL ? t->namespace :
	    "default", t->name != NULL ? t->name : "(unnamed)", p->container,
	    p->check->id, p->message);
}

/* Prints "name:line: why" for a piece of input that cannot be read. */
static void
lint_bad(const char *name, int64_t line, const char *why)
{
	out_printf(stderr, "%s:%lld: %s\n", name, (long long)line, why);
}

/*
 * Lints every workload of one input.  Returns how many it checked; sets
 * *failed when a piece could not be read.
 */
static int64_t
lint_input(struct input *in, const struct lint_db *db,
    const struct lint_opts *lo, struct lint_out *out, int *failed)
{
	struct k8s_reader	 kr;
	struct lint_template	 t;
	struct lint_measured	 m;
	struct k8s_seen		 seen;
	json_t			*obj;
	const char		*kind;
	char			*cause;
	int64_t			 line, n = 0;
	enum js_status		 st;
	int			 r;

	k8s_reader_init(&kr, in, 0, 0);
	while ((st = k8s_reader_next(&kr, &obj, &seen, &kind, &cause)) !=
	    JS_END) {
		line = seen.line;
		if (st == JS_ERROR) {
			lint_bad(input_name(in), line, cause);
			free(cause);
			*failed = 1;
			continue;
		}
		cause = NULL;
		r = lint_template_read(obj, kind, input_name(in), line, &t,
		    &cause);
		if (r < 0) {
			lint_bad(input_name(in), line, cause);
			free(cause);
			*failed = 1;
		} else if (r == 0 && lint_seen(out, obj)) {
			/* a later version of an object already checked */
		} else if (r == 0) {
			if (db != NULL) {
				lint_db_find(db, &t, &m);
				out->measured += m.shutdown_us != TIME_NONE ||
				    m.lag_us != TIME_NONE ||
				    m.median_ms != INT_NONE;
			}
			out->templates++;
			lint_run(&t, db != NULL ? &m : NULL, lo, lint_print,
			    out);
			n++;
		}
		lint_template_free(&t);
	}
	k8s_reader_free(&kr);
	return (n);
}

/*
 * Whether a member's name may be a manifest: .json, .yaml or .yml, also
 * compressed (.gz, .zst).  A README or a CSV beside the charts is not.
 */
static int
manifest_name(const char *name)
{
	static const char *const exts[] = { ".json", ".yaml", ".yml" };
	static const char *const zips[] = { "", ".gz", ".zst" };
	char	 want[16];
	size_t	 i, j, n = strlen(name), k;

	for (i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		for (j = 0; j < sizeof zips / sizeof zips[0]; j++) {
			snprintf(want, sizeof want, "%s%s", exts[i], zips[j]);
			k = strlen(want);
			if (n >= k && strcasecmp(name + n - k, want) == 0)
				return (1);
		}
	}
	return (0);
}

/* Lints one PATH.  Returns 0, or -1 when it could not be read at all. */
static int
lint_path(const char *path, const struct lint_db *db,
    const struct lint_opts *lo, struct lint_out *out, int *failed)
{
	struct source	*src;
	struct input	*in;
	char		*cause;
	int64_t		 n = 0;
	int		 r;

	if (source_open(path, NULL, &src, &cause) != 0) {
		out_printf(stderr, "coroner lint: %s\n", cause);
		free(cause);
		return (-1);
	}
	while ((r = source_next(src, &in, &cause)) != 0) {
		if (r < 0) {
			out_printf(stderr, "coroner lint: %s\n", cause);
			free(cause);
			*failed = 1;
			continue;
		}
		/* in a directory or archive, only what may be manifests */
		if (input_member(in) != NULL &&
		    !manifest_name(input_member(in)))
			continue;
		n += lint_input(in, db, lo, out, failed);
	}
	source_close(src);
	if (n == 0)
		out_printf(stderr, "coroner lint: %s: no workload to check\n",
		    path);
	return (0);
}

/* A number of seconds >= 0 from an option.  Returns 0 or -1. */
static int
parse_secs(const char *s, double *out)
{
	char	*end;

	*out = strtod(s, &end);
	return (end == s || *end != '\0' || !(*out >= 0) || *out > 1e9 ?
	    -1 : 0);
}

static const struct option lint_longopts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "shutdown", required_argument, NULL, 's' },
	{ "margin", required_argument, NULL, 'm' },
	{ "format", required_argument, NULL, 'f' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static int
cmd_lint_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct lint_opts	 lo = { .shutdown_s = -1,
				     .margin_s = BUDGET_MARGIN_S };
	struct lint_out		 out = { 0 };
	struct lint_db		 db;
	const char		*dbpath = NULL;
	char			*cause;
	int			 ch, i, failed = 0;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", lint_longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			dbpath = optarg;
			break;
		case 's':
			if (parse_secs(optarg, &lo.shutdown_s) != 0)
				return (cmd_usage_error(ce, "--shutdown takes "
				    "seconds, not '%s'", optarg));
			break;
		case 'm':
			if (parse_secs(optarg, &lo.margin_s) != 0)
				return (cmd_usage_error(ce, "--margin takes "
				    "seconds, not '%s'", optarg));
			break;
		case 'f':
			if (strcmp(optarg, "json") == 0)
				out.json = 1;
			else if (strcmp(optarg, "text") != 0)
				return (cmd_usage_error(ce, "--format is text "
				    "or json, not '%s'", optarg));
			break;
		case 'h':
			return (cmd_help(ce));
		default:
			if (optopt != 0)
				return (cmd_usage_error(ce, "bad option "
				    "'-%c'", optopt));
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	if (optind >= argc)
		return (cmd_usage_error(ce, "no manifest to check (a PATH, or "
		    "- for standard input)"));
	lo.db = dbpath != NULL;
	if (lo.db && lint_db_load(dbpath, &db, &cause) != 0) {
		out_printf(stderr, "coroner lint: %s\n", cause);
		free(cause);
		return (EXIT_FAIL);
	}
	for (i = optind; i < argc; i++) {
		if (lint_path(argv[i], lo.db ? &db : NULL, &lo, &out,
		    &failed) != 0)
			failed = 1;
	}
	if (lo.db)
		lint_db_free(&db);
	strpool_free(&out.seen);
	fflush(stdout);
	/* what was checked, so that a pass is not mistaken for nothing */
	if (!out.json && !lo.db)
		out_printf(stderr, "coroner lint: %lld pod template%s checked, "
		    "%lld problem%s\n", (long long)out.templates,
		    out.templates == 1 ? "" : "s", (long long)out.problems,
		    out.problems == 1 ? "" : "s");
	else if (!out.json)
		out_printf(stderr, "coroner lint: %lld pod template%s checked, "
		    "%lld problem%s; %lld measured in the database%s\n",
		    (long long)out.templates, out.templates == 1 ? "" : "s",
		    (long long)out.problems, out.problems == 1 ? "" : "s",
		    (long long)out.measured, out.measured == out.templates ?
		    "" : out.measured == 0 ? " (it holds no pod of their "
		    "workloads)" : " (it holds no pod of the others' "
		    "workloads)");
	/* a run that checked nothing is not a pass: in CI, a chart that
	   rendered nothing would otherwise go green */
	if (out.templates == 0) {
		out_printf(stderr, "coroner lint: no input held a workload's "
		    "pod template: nothing was checked\n");
		failed = 1;
	}
	return (out.problems > 0 || failed ? EXIT_FAIL : EXIT_OK);
}
