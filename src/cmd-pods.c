/*
 * cmd-pods.c: "coroner pods" (every pod with how it died, one per line, or
 * JSON lines as DESIGN §7 fixes them) and "coroner timeline POD" (one
 * pod's moments, oldest first, captioned like an incident note).  Reads
 * the model's rows through the store; no SQL, no model logic: what is
 * printed is what lifecycle.c derived.  Text from the data is made safe
 * for the terminal.
 */
#include <getopt.h>
#include <stdarg.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cmd.h"
#include "model.h"
#include "podset.h"
#include "store.h"
#include "jsonval.h"
#include "timefmt.h"
#include "util.h"

static int	cmd_pods_exec(const struct cmd_entry *, int, char **);
static int	cmd_timeline_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_pods_entry = {
	.name = "pods",
	.usage = "pods [--db FILE] [--json]",
	.help =
	    "Lists every pod with how it died, one per line: namespace and\n"
	    "name, workload, when its deletion was requested (UTC), and how\n"
	    "its containers ended.  Times are derived from what was imported;\n"
	    "\"coroner timeline POD\" shows how each was known.\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)\n"
	    "  --json      one JSON object per pod per line (the fields of\n"
	    "              DESIGN section 7)",
	.exec = cmd_pods_exec,
};

const struct cmd_entry cmd_timeline_entry = {
	.name = "timeline",
	.usage = "timeline [--db FILE] POD",
	.help =
	    "Prints one pod's moments, oldest first: creation, scheduling,\n"
	    "start, readiness, the deletion request, each container's\n"
	    "preStop, SIGTERM, exit and grace deadline, the pod's end, and\n"
	    "its events, each with its time (UTC) and its offset from the\n"
	    "deletion request (or from creation).  Inferred times say so.\n"
	    "POD is a name,\n"
	    "NAMESPACE/NAME or a uid.\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)",
	.exec = cmd_timeline_exec,
};

static void
print_pod_json(const struct podset_pod *p)
{
	json_t			*o, *cs, *c;
	const struct row_container *rc;
	char			*s;
	size_t			 i;

	o = json_object();
	json_object_set_new(o, "namespace", jv_str(p->r.namespace));
	json_object_set_new(o, "name", jv_str(p->r.name));
	json_object_set_new(o, "uid", jv_str(p->r.uid));
	json_object_set_new(o, "workload", jv_str(p->r.workload));
	json_object_set_new(o, "node", jv_str(p->r.node));
	json_object_set_new(o, "ip", jv_str(p->r.ip));
	json_object_set_new(o, "created", jv_time(p->r.created_us));
	json_object_set_new(o, "deletion", jv_time(p->r.deletion_us));
	json_object_set_new(o, "sigterm", jv_time(p->r.sigterm_us));
	json_object_set_new(o, "deadline", jv_time(p->r.deadline_us));
	json_object_set_new(o, "gone", jv_time(p->r.gone_us));
	json_object_set_new(o, "grace_s", jv_int(p->r.grace_s));
	json_object_set_new(o, "prestop_s", p->r.prestop_ms == INT_NONE ?
	    json_null() : json_real((double)p->r.prestop_ms / 1000));
	cs = json_array();
	for (i = 0; i < p->nc; i++) {
		rc = &p->c[i];
		c = json_object();
		json_object_set_new(c, "name", jv_str(rc->name));
		json_object_set_new(c, "sidecar", json_boolean(rc->sidecar));
		json_object_set_new(c, "native",
		    json_boolean(rc->native_sidecar));
		json_object_set_new(c, "started", jv_time(rc->started_us));
		json_object_set_new(c, "ready", jv_time(rc->ready_us));
		json_object_set_new(c, "finished", jv_time(rc->finished_us));
		json_object_set_new(c, "exit_code", jv_int(rc->exit_code));
		json_object_set_new(c, "reason", jv_str(rc->reason));
		json_object_set_new(c, "killed_at_deadline",
		    json_boolean(rc->killed_at_deadline));
		json_array_append_new(cs, c);
	}
	json_object_set_new(o, "containers", cs);
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (s != NULL)
		puts(s);
	free(s);
	json_decref(o);
}

/* "HH:MM:SS" of a UTC time, or "-". */
static const char *
clock_of(int64_t us, char out[TIME_FMT_LEN])
{
	char	b[TIME_FMT_LEN];

	if (us == TIME_NONE)
		return ("-");
	time_format(us, b);
	snprintf(out, TIME_FMT_LEN, "%.8s", b + 11);
	return (out);
}

/*
 * How a pod's containers ended, in a few words: "app 137 SIGKILL" (killed
 * at the grace deadline), "app 137 OOMKilled", "app 0", "proxy running".
 */
static void
how_it_died(const struct podset_pod *p, struct buf *b)
{
	const struct row_container	*c;
	size_t				 i;
	int				 n = 0;

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (c->init && !c->native_sidecar)
			continue;
		if (n++ > 0)
			buf_puts(b, "; ");
		buf_puts(b, c->name);
		if (c->finished_us == TIME_NONE) {
			buf_puts(b, c->started_us != TIME_NONE ? " running" :
			    " not started");
			continue;
		}
		if (c->exit_code != INT_NONE)
			buf_printf(b, " %lld", (long long)c->exit_code);
		if (c->killed_at_deadline)
			buf_puts(b, " SIGKILL");
		else if (c->reason != NULL && strcmp(c->reason, "Error") != 0 &&
		    strcmp(c->reason, "Completed") != 0)
			buf_printf(b, " %s", c->reason);
	}
	if (n == 0)
		buf_puts(b, p->r.phase != NULL ? p->r.phase : "-");
}

static int
term_width(void)
{
	struct winsize	ws;

	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ,
	    &ws) == 0 && ws.ws_col >= 40)
		return (ws.ws_col);
	return (80);
}

/* Prints s cut to width columns (bytes of safe text; UTF-8 kept whole). */
static void
put_cut(const char *s, int width)
{
	const unsigned char	*p = (const unsigned char *)s;
	int			 cols = 0;

	while (*p != '\0' && cols < width) {
		int n = *p < 0x80 ? 1 : *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : 2;

		fwrite(p, 1, (size_t)n, stdout);
		p += n;
		cols++;
	}
	putchar('\n');
}

/*
 * One pod on one line: NAMESPACE/POD (32 columns; a longer name gets a
 * line of its own and the rest follows, indented, on the next), WORKLOAD,
 * the deletion request's time of day, and how its containers ended.  Cut
 * at the terminal's width.
 */
static void
print_pod_line(const struct podset_pod *p, int width)
{
	struct buf	 how = { 0 }, line = { 0 };
	char		 t[TIME_FMT_LEN], *safe;

	how_it_died(p, &how);
	buf_printf(&line, "%s/%s", p->r.namespace != NULL ? p->r.namespace :
	    "-", p->r.name != NULL ? p->r.name : p->r.uid);
	if (line.len > 32) {
		/* a long name: its own line, the rest indented below */
		safe = str_sanitize(line.data, line.len, 4096);
		put_cut(safe, width);
		free(safe);
		buf_clear(&line);
		buf_puts(&line, "   ");
	} else
		buf_printf(&line, "%*s", (int)(32 - line.len), "");
	buf_printf(&line, " %-16.16s %-8.8s %s", p->r.workload != NULL ?
	    p->r.workload : "-", clock_of(p->r.deletion_us, t), how.data);
	safe = str_sanitize(line.data, line.len, 4096);
	put_cut(safe, width);
	free(safe);
	buf_free(&how);
	buf_free(&line);
}

static const struct option db_json_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Parses --db, --json and --help.  Returns -1 to go on, else a status. */
static int
parse_opts(const struct cmd_entry *ce, int argc, char **argv,
    const char **db, int *json)
{
	int	ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", db_json_opts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			*db = optarg;
			break;
		case 'j':
			if (json == NULL)
				return (cmd_usage_error(ce, "bad option "
				    "'--json'"));
			*json = 1;
			break;
		case 'h':
			return (cmd_help(ce));
		default:
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	return (-1);
}

static int
cmd_pods_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct store	*st;
	struct podset	 l;
	const char	*db = NULL;
	char		*cause = NULL;
	size_t		 i;
	int		 json = 0, rc, width;

	if ((rc = parse_opts(ce, argc, argv, &db, &json)) != -1)
		return (rc);
	if (optind != argc)
		return (cmd_usage_error(ce, "unexpected argument '%s'",
		    argv[optind]));
	if (cmd_store_open(ce, cmd_db_path(db), STORE_READ, &st) != 0)
		return (EXIT_FAIL);
	if (podset_load(st, &l, NULL, &cause) != 0) {
		fprintf(stderr, "coroner pods: %s\n", cause);
		free(cause);
		store_close(st);
		return (EXIT_FAIL);
	}
	width = term_width();
	if (!json && l.n > 0)
		printf("%-32s %-16s %-8s %s\n", "NAMESPACE/POD", "WORKLOAD",
		    "DELETED", "CONTAINERS: EXIT");
	for (i = 0; i < l.n; i++) {
		if (json)
			print_pod_json(&l.v[i]);
		else
			print_pod_line(&l.v[i], width);
	}
	if (!json && l.n == 0)
		fprintf(stderr, "coroner pods: no pods in %s (import pods "
		    "first)\n", cmd_db_path(db));
	podset_free(&l);
	store_close(st);
	return (EXIT_OK);
}

/* One moment of a pod's life, for the timeline. */
struct moment {
	int64_t	 t_us;		/* when */
	int	 seq;		/* order among moments at the same time */
	char	*text;		/* owned caption, not yet made safe */
};

struct moments {
	struct moment	*v;	/* owned */
	size_t		 n;
	const struct podset_pod *pod;
};

static void
moment_add(struct moments *ms, int64_t t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
moment_add(struct moments *ms, int64_t t, const char *fmt, ...)
{
	va_list	ap;

	if (t == TIME_NONE)
		return;
	ms->v = xreallocarray(ms->v, ms->n + 1, sizeof *ms->v);
	va_start(ap, fmt);
	ms->v[ms->n].text = xvasprintf(fmt, ap);
	va_end(ap);
	ms->v[ms->n].t_us = t;
	ms->v[ms->n].seq = (int)ms->n;
	ms->n++;
}

static int
cmp_moment(const void *a, const void *b)
{
	const struct moment	*p = a, *q = b;

	if (p->t_us != q->t_us)
		return (p->t_us < q->t_us ? -1 : 1);
	return (p->seq - q->seq);
}

/* "+38.0 s", "-2.5 s", "+12.5 min", "+3.2 h", "+2.1 d". */
static void
fmt_offset(int64_t d_us, char *out, size_t len)
{
	double	d = (double)d_us / 1e6, a = d < 0 ? -d : d;

	if (a < 100)
		snprintf(out, len, "%+.1f s", d);
	else if (a < 6000)
		snprintf(out, len, "%+.1f min", d / 60);
	else if (a < 172800)
		snprintf(out, len, "%+.1f h", d / 3600);
	else
		snprintf(out, len, "%+.1f d", d / 86400);
}

static const char *
inferred(const char *basis)
{
	return (basis != NULL && strncmp(basis, "inferred", 8) == 0 ?
	    " (inferred)" : "");
}

static int
scan_pod_events(void *ctx, const void *rec)
{
	struct moments		*ms = ctx;
	const struct rec_event	*e = rec;
	const struct row_pod	*p = &ms->pod->r;
	const char		*ns;

	if (e->obj_kind == NULL || strcmp(e->obj_kind, "Pod") != 0)
		return (0);
	ns = e->obj_namespace != NULL ? e->obj_namespace : e->namespace;
	if (!(e->obj_uid != NULL && strcmp(e->obj_uid, p->uid) == 0) &&
	    !(e->obj_uid == NULL && e->obj_name != NULL && p->name != NULL &&
	    strcmp(e->obj_name, p->name) == 0 && ns != NULL &&
	    p->namespace != NULL && strcmp(ns, p->namespace) == 0))
		return (0);
	if (e->count > 1)
		moment_add(ms, e->first_us != TIME_NONE ? e->first_us :
		    e->time_us, "event %s: %s (x%lld, last at %+.1f s)",
		    e->reason != NULL ? e->reason : "-",
		    e->message != NULL ? e->message : "",
		    (long long)e->count, e->last_us != TIME_NONE &&
		    e->first_us != TIME_NONE ?
		    (double)(e->last_us - e->first_us) / 1e6 : 0.0);
	else
		moment_add(ms, e->time_us, "event %s: %s",
		    e->reason != NULL ? e->reason : "-",
		    e->message != NULL ? e->message : "");
	return (0);
}

/* The moments of one container's end. */
static void
container_moments(struct moments *ms, const struct podset_pod *p,
    const struct row_container *c)
{
	const char	*role = c->native_sidecar ? " (native sidecar)" :
	    c->sidecar ? " (sidecar)" : c->init ? " (init)" : "";
	double		 left;

	moment_add(ms, c->started_us, "%s%s started", c->name, role);
	moment_add(ms, c->ready_us, "%s ready (first seen ready)", c->name);
	if (c->prestop_kind != NULL && p->r.deletion_us != TIME_NONE &&
	    c->sigterm_basis != NULL &&
	    strncmp(c->sigterm_basis, "exited", 6) != 0) {
		if (strcmp(c->prestop_kind, "sleep") == 0 &&
		    c->prestop_ms != INT_NONE)
			moment_add(ms, p->r.deletion_us, "preStop sleep %.1f s "
			    "starts in %s", (double)c->prestop_ms / 1000,
			    c->name);
		else
			moment_add(ms, p->r.deletion_us, "preStop %s starts in "
			    "%s%s%s", c->prestop_kind, c->name,
			    c->prestop_cmd != NULL ? ": " : "",
			    c->prestop_cmd != NULL ? c->prestop_cmd : "");
	}
	if (c->sigterm_us != TIME_NONE) {
		left = c->deadline_us != TIME_NONE ?
		    (double)(c->deadline_us - c->sigterm_us) / 1e6 : 0;
		if (c->prestop_kind != NULL && c->prestop_ms != INT_NONE &&
		    !c->native_sidecar)
			moment_add(ms, c->sigterm_us, "SIGTERM to %s after "
			    "preStop sleep %.1f s (%.1f s of grace left)%s",
			    c->name, (double)c->prestop_ms / 1000, left,
			    inferred(c->sigterm_basis));
		else if (c->native_sidecar)
			moment_add(ms, c->sigterm_us, "SIGTERM to %s after "
			    "the main containers exited%s", c->name,
			    inferred(c->sigterm_basis));
		else
			moment_add(ms, c->sigterm_us, "SIGTERM to %s (no "
			    "preStop; %.1f s of grace)%s", c->name, left,
			    inferred(c->sigterm_basis));
	} else if (c->sigterm_basis != NULL &&
	    strncmp(c->sigterm_basis, "unknown", 7) == 0 &&
	    p->r.deletion_us != TIME_NONE)
		moment_add(ms, p->r.deletion_us, "SIGTERM to %s: time %s",
		    c->name, c->sigterm_basis);
	if (c->finished_us == TIME_NONE)
		return;
	if (c->killed_at_deadline)
		moment_add(ms, c->finished_us, "%s exit %lld at the grace "
		    "deadline: SIGKILL", c->name, (long long)c->exit_code);
	else if (c->reason != NULL && strcmp(c->reason, "OOMKilled") == 0)
		moment_add(ms, c->finished_us, "%s OOMKilled (exit %lld): out "
		    "of memory, not the grace period", c->name,
		    (long long)c->exit_code);
	else if (c->sigterm_us != TIME_NONE &&
	    c->finished_us >= c->sigterm_us)
		moment_add(ms, c->finished_us, "%s exit %lld%s%s%s, %.1f s "
		    "after SIGTERM", c->name, (long long)c->exit_code,
		    c->reason != NULL ? " (" : "", c->reason != NULL ?
		    c->reason : "", c->reason != NULL ? ")" : "",
		    (double)(c->finished_us - c->sigterm_us) / 1e6);
	else
		moment_add(ms, c->finished_us, "%s exit %lld%s%s%s", c->name,
		    (long long)c->exit_code, c->reason != NULL ? " (" : "",
		    c->reason != NULL ? c->reason : "",
		    c->reason != NULL ? ")" : "");
}

static void
pod_moments(struct moments *ms, const struct podset_pod *p)
{
	const struct row_pod	*r = &p->r;
	size_t			 i;

	moment_add(ms, r->created_us, "pod created (%s %s)",
	    r->workload_kind != NULL ? r->workload_kind : "workload",
	    r->workload != NULL ? r->workload : "-");
	moment_add(ms, r->scheduled_us, "scheduled to %s",
	    r->node != NULL ? r->node : "a node");
	moment_add(ms, r->start_us, "started by the kubelet%s%s",
	    r->ip != NULL ? ", IP " : "", r->ip != NULL ? r->ip : "");
	moment_add(ms, r->ready_us, "pod Ready");
	moment_add(ms, r->deletion_us, "deletion requested: grace %lld s "
	    "starts, endpoints removal begins%s", (long long)r->grace_s,
	    inferred(r->deletion_basis));
	for (i = 0; i < p->nc; i++)
		container_moments(ms, p, &p->c[i]);
	moment_add(ms, r->deadline_us, "grace deadline: SIGKILL to what "
	    "still runs");
	moment_add(ms, r->gone_us, "pod gone%s", inferred(r->gone_basis));
}

#define GUTTER	25	/* "  HH:MM:SS.mmm  +38.0 s " */

/* Prints text after the gutter, wrapped at width. */
static void
put_wrapped(const char *text, int width)
{
	const char	*p = text, *brk;
	int		 avail = width - GUTTER, n, first = 1;

	if (avail < 20)
		avail = 20;
	while (*p != '\0') {
		n = (int)strlen(p);
		if (n > avail) {
			for (brk = p + avail; brk > p && *brk != ' '; brk--)
				;
			n = brk > p ? (int)(brk - p) : avail;
		}
		printf("%*s%.*s\n", first ? 0 : GUTTER, "", n, p);
		first = 0;
		p += n;
		while (*p == ' ')
			p++;
	}
}

static int
cmd_timeline_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct store	*st;
	struct podset	 l;
	struct moments	 ms = { 0 };
	const struct podset_pod *p;
	const char	*db = NULL;
	char		*cause = NULL, *safe, t[TIME_FMT_LEN], off[32];
	char		 day[16] = "";
	int64_t		 zero;
	size_t		 i;
	int		 rc, width;

	if ((rc = parse_opts(ce, argc, argv, &db, NULL)) != -1)
		return (rc);
	if (optind + 1 != argc)
		return (cmd_usage_error(ce, optind == argc ? "no POD given" :
		    "one POD at a time"));
	if (cmd_store_open(ce, cmd_db_path(db), STORE_READ, &st) != 0)
		return (EXIT_FAIL);
	if (podset_load(st, &l, argv[optind], &cause) != 0) {
		fprintf(stderr, "coroner timeline: %s\n", cause);
		free(cause);
		store_close(st);
		return (EXIT_FAIL);
	}
	safe = str_sanitize(argv[optind], strlen(argv[optind]), 200);
	if (l.n != 1) {
		if (l.n == 0)
			fprintf(stderr, "coroner timeline: no pod '%s' "
			    "(coroner pods lists them)\n", safe);
		else {
			fprintf(stderr, "coroner timeline: '%s' names %zu "
			    "pods; say NAMESPACE/NAME or the uid:\n", safe,
			    l.n);
			for (i = 0; i < l.n; i++)
				fprintf(stderr, "  %s/%s %s\n",
				    l.v[i].r.namespace, l.v[i].r.name,
				    l.v[i].r.uid);
		}
		free(safe);
		podset_free(&l);
		store_close(st);
		return (EXIT_FAIL);
	}
	free(safe);
	p = &l.v[0];
	ms.pod = p;
	pod_moments(&ms, p);
	if (store_scan(st, REC_EVENT, scan_pod_events, &ms, &cause) != 0) {
		fprintf(stderr, "coroner timeline: %s\n", cause);
		free(cause);
	}
	xqsort(ms.v, ms.n, sizeof *ms.v, cmp_moment);
	zero = p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
	    p->r.created_us;
	width = term_width();
	safe = str_sanitize(p->r.name, strlen(p->r.name), 200);
	printf("%s/%s\n%s %s, node %s, IP %s\n", p->r.namespace, safe,
	    p->r.workload_kind != NULL ? p->r.workload_kind : "-",
	    p->r.workload != NULL ? p->r.workload : "-",
	    p->r.node != NULL ? p->r.node : "-",
	    p->r.ip != NULL ? p->r.ip : "-");
	free(safe);
	printf("offsets from the %s; times UTC\n", p->r.deletion_us !=
	    TIME_NONE ? "deletion request" : "pod's creation");
	for (i = 0; i < ms.n; i++) {
		time_format(ms.v[i].t_us, t);
		if (strncmp(t, day, 10) != 0) {
			snprintf(day, sizeof day, "%.10s", t);
			printf("%s\n", day);
		}
		if (zero != TIME_NONE)
			fmt_offset(ms.v[i].t_us - zero, off, sizeof off);
		else
			snprintf(off, sizeof off, "-");
		printf("  %.12s %9s ", t + 11, off);
		safe = str_sanitize(ms.v[i].text, strlen(ms.v[i].text), 2000);
		put_wrapped(safe, width);
		free(safe);
		free(ms.v[i].text);
	}
	free(ms.v);
	podset_free(&l);
	store_close(st);
	return (EXIT_OK);
}
