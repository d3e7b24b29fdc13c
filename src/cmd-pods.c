/*
 * cmd-pods.c: "coroner pods" (every pod with how it died, one per line, or JSON
 * lines as coroner(1), COMMANDS fixes them) and "coroner timeline POD" (one
 * pod's moments, oldest first, captioned like an incident note).  Reads the
 * model's rows through the store; no SQL, no model logic: what is printed is
 * what lifecycle.c derived.  Text from the data is made safe for the terminal.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "model.h"
#include "moments.h"
#include "out.h"
#include "podset.h"
#include "store.h"
#include "jsonval.h"
#include "timefmt.h"
#include "util.h"

static int	cmd_pods_exec(const struct cmd_entry *, int, char **);
static int	cmd_timeline_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_pods_entry = {
	.name = "pods",
	.usage = "pods [--db FILE] [--json | --wide]",
	.help =
	    "Lists every pod with how it died: namespace and name, workload,\n"
	    "when its deletion was requested (UTC), and how its containers\n"
	    "ended (with their restarts and the exit before the last\n"
	    "restart).  The table fits the terminal ($COLUMNS, else 80\n"
	    "columns, when not on one).  Times are derived from what was\n"
	    "imported; \"coroner timeline POD\" shows how each was known.\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)\n"
	    "  --json      one JSON object per pod per line (the fields are\n"
	    "              in coroner(1), PODS JSON)\n"
	    "  --wide      every pod on one whole line, for grep and awk",
	.exec = cmd_pods_exec,
};

const struct cmd_entry cmd_timeline_entry = {
	.name = "timeline",
	.usage = "timeline [--db FILE] POD",
	.help =
	    "Prints one pod's moments, oldest first: creation, scheduling,\n"
	    "start, readiness, the deletion request, each container's\n"
	    "preStop, SIGTERM, exit and grace deadline, each restart (died\n"
	    "at, exit code, reason, signal, who ended it, restarted at), the\n"
	    "pod's end, and its events, each with its time (UTC) and its\n"
	    "offset from the deletion request (or from creation).  Inferred\n"
	    "times say so.  POD is a name, NAMESPACE/NAME or a uid.\n"
	    "\n"
	    "  --db FILE   the database ($CORONER_DB, else coroner.db)",
	.exec = cmd_timeline_exec,
};

/*
 * Prints one pod of store_pods_each() as a JSON line (coroner(1), PODS
 * JSON).
 */
static int
json_pod(void *ctx, const struct row_pod *r, const struct row_container *v,
    size_t nc)
{
	json_t			*o, *cs, *c;
	const struct row_container *rc;
	size_t			 i;

	(void)ctx;
	o = json_object();
	json_object_set_new(o, "namespace", jv_str(r->namespace));
	json_object_set_new(o, "name", jv_str(r->name));
	json_object_set_new(o, "uid", jv_str(r->uid));
	json_object_set_new(o, "workload", jv_str(r->workload));
	json_object_set_new(o, "node", jv_str(r->node));
	json_object_set_new(o, "ip", jv_str(r->ip));
	json_object_set_new(o, "created", jv_time(r->created_us));
	json_object_set_new(o, "deletion", jv_time(r->deletion_us));
	json_object_set_new(o, "sigterm", jv_time(r->sigterm_us));
	json_object_set_new(o, "deadline", jv_time(r->deadline_us));
	json_object_set_new(o, "gone", jv_time(r->gone_us));
	json_object_set_new(o, "grace_s", jv_int(r->grace_s));
	json_object_set_new(o, "prestop_s", r->prestop_ms == INT_NONE ?
	    json_null() : json_real((double)r->prestop_ms / 1000));
	json_object_set_new(o, "spec_grace_s", jv_int(r->spec_grace_s));
	json_object_set_new(o, "deletion_basis", jv_str(r->deletion_from));
	json_object_set_new(o, "deletion_by", jv_str(r->deletion_by));
	json_object_set_new(o, "deletion_via", jv_str(r->deletion_via));
	json_object_set_new(o, "deletion_cause", jv_str(r->deletion_cause));
	json_object_set_new(o, "endpoint_terminating",
	    jv_time(r->endpoint_terminating_us));
	json_object_set_new(o, "endpoint_gone", jv_time(r->endpoint_gone_us));
	cs = json_array();
	for (i = 0; i < nc; i++) {
		rc = &v[i];
		c = json_object();
		json_object_set_new(c, "name", jv_str(rc->name));
		json_object_set_new(c, "sidecar", json_boolean(rc->sidecar));
		json_object_set_new(c, "native",
		    json_boolean(rc->native_sidecar));
		json_object_set_new(c, "init", json_boolean(rc->init));
		json_object_set_new(c, "started", jv_time(rc->started_us));
		json_object_set_new(c, "ready", jv_time(rc->ready_us));
		json_object_set_new(c, "finished", jv_time(rc->finished_us));
		json_object_set_new(c, "exit_code", jv_int(rc->exit_code));
		json_object_set_new(c, "reason", jv_str(rc->reason));
		json_object_set_new(c, "killed_at_deadline",
		    json_boolean(rc->killed_at_deadline));
		json_object_set_new(c, "restarts", jv_int(rc->restarts));
		json_object_set_new(c, "last_exit_code",
		    jv_int(rc->last_exit_code));
		json_object_set_new(c, "last_reason", jv_str(rc->last_reason));
		json_object_set_new(c, "last_finished",
		    jv_time(rc->last_finished_us));
		/* why it is not running now (CrashLoopBackOff), or null */
		json_object_set_new(c, "waiting", jv_str(rc->waiting_reason));
		json_array_append_new(cs, c);
	}
	json_object_set_new(o, "containers", cs);
	out_json(stdout, o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	return (0);
}

/*
 * A container's restarts and the end of the instance before the current
 * one, when it was restarted: " [189 restarts, last exit 1 Error]".
 */
static void
restarts_of(const struct row_container *c, struct buf *b)
{
	if (c->restarts == INT_NONE || c->restarts <= 0)
		return;
	buf_printf(b, " [%lld restart%s", (long long)c->restarts,
	    c->restarts == 1 ? "" : "s");
	if (c->last_exit_code != INT_NONE)
		buf_printf(b, ", last exit %lld", (long long)c->last_exit_code);
	if (c->last_reason != NULL)
		buf_printf(b, "%s%s", c->last_exit_code != INT_NONE ? " " :
		    ", last ", c->last_reason);
	buf_puts(b, "]");
}

/*
 * How a pod's containers ended, in a few words: "app 137 SIGKILL" (killed
 * at the grace deadline), "app 137 OOMKilled", "app 0", "proxy running",
 * "app running [189 restarts, last exit 1 Error]", "app 1 CrashLoopBackOff
 * [3 restarts, last exit 1 Error]", "app waiting ErrImagePull", "app exit
 * unknown" (the pod gone, its end never logged).
 */
static void
how_it_died(const struct podset_pod *p, struct buf *b)
{
	const struct row_container	*c;
	const char			*word;
	size_t				 i;
	int				 n = 0;

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (!model_container_shown(c))
			continue;
		if (n++ > 0)
			buf_puts(b, "; ");
		buf_puts(b, c->name);
		if (podset_exit_unknown(p, c)) {
			buf_puts(b, " exit unknown");
			continue;
		}
		if (c->finished_us == TIME_NONE) {
			if (c->waiting_reason != NULL)
				buf_printf(b, " waiting %s", c->waiting_reason);
			else
				buf_puts(b, c->started_us != TIME_NONE ?
				    " running" : p->r.scheduled_us !=
				    TIME_NONE ? " status unknown" :
				    " not started");
			restarts_of(c, b);
			continue;
		}
		if (c->exit_code != INT_NONE)
			buf_printf(b, " %lld", (long long)c->exit_code);
		if ((word = model_exit_word(c, EW_REASON)) != NULL)
			buf_printf(b, " %s", word);
		if (c->waiting_reason != NULL)
			buf_printf(b, " %s", c->waiting_reason);
		restarts_of(c, b);
	}
	if (n == 0)
		buf_puts(b, p->r.phase != NULL ? p->r.phase : "-");
	/* who ended the pod, when it was not its deletion */
	if (p->r.ended_by == EC_EVICTION)
		buf_puts(b, "; evicted");
	else if (p->r.ended_by == EC_PREEMPTION)
		buf_puts(b, "; preempted");
	else if (p->r.ended_by == EC_NODE_SHUTDOWN)
		buf_puts(b, "; node shut down");
}

/* The columns of the pods table, fitted to the width. */
struct pods_cols {
	size_t		 name;		/* NAMESPACE/POD */
	size_t		 workload;	/* WORKLOAD */
	size_t		 exits;		/* CONTAINERS: EXIT, and what wraps */
	size_t		 deleted;	/* DELETED: DELETED_W, with the date
					   when the deletions span days */
	int		 dated;		/* DELETED carries the date */
	int		 cut;		/* a name is longer than its column */
};
#define DELETED_W	8		/* "09:00:10" */
#define EXITS_MIN	26		/* "invoice-writer 137 SIGKILL" */

/*
 * Widths for the longest name and workload within width: the name and
 * the workload as long as they are when they fit (cut in the middle
 * with an ellipsis when not: their ends tell pods apart), the exits the
 * rest, at least the widest container's exit (exits, up to EXITS_MIN),
 * wrapped below when longer. A width of 0 is no limit (--wide):
 * every pod on one line, whole, for grep and awk.
 */
static void
fit_cols(size_t name, size_t wl, size_t exits, int width,
    struct pods_cols *pc)
{
	size_t	w = (size_t)width, fixed, room;

	pc->deleted = DELETED_W + (pc->dated ? TIME_DATE_COLS : 0);
	fixed = pc->deleted + 3;	/* and the spaces between columns */
	pc->name = name;
	pc->workload = wl;
	pc->exits = 0;
	pc->cut = 0;
	if (width == 0)
		return;
	/*
	 * The room beside the narrowest exits column worth reading: the
	 * workload goes first when it does not fit (a pod's name holds it),
	 * then the name is cut.
	 */
	if (exits == 0 || exits > EXITS_MIN)
		exits = EXITS_MIN;
	room = w > fixed + exits + 28 ? w - fixed - exits : 28;
	if (name + wl > room)
		wl = 0, fixed--;
	if (name > room + 1) {
		name = room + 1;
		pc->cut = 1;
	}
	pc->name = name;
	pc->workload = wl;
	pc->exits = w > name + wl + fixed + exits ? w - name - wl - fixed :
	    exits;
}

/* Ends a line of exits begun at column at: the first goes where we are. */
static void
exits_line(const char *line, size_t at, size_t width, int *started)
{
	if (*started)
		out_printf(stdout, "%*s", (int)at, "");
	*started = 1;
	if (out_cols(line) > width)
		out_wrap(stdout, line, at, at, at + width);
	else
		out_printf(stdout, "%s\n", line);
}

/*
 * The piece of exits at p: one container's, with the ';' after it (a
 * line breaks between pieces).  Returns its length; *next is where the
 * next piece starts.
 */
static size_t
exits_piece(const char *p, const char **next)
{
	const char	*end = strstr(p, "; ");
	size_t		 n = end != NULL ? (size_t)(end + 1 - p) : strlen(p);

	for (end = p + n; *end == ' '; end++)
		;
	*next = end;
	return (n);
}

/*
 * The exits of a pod from column at, width wide: its containers, "; "
 * between them; a container that does not fit the rest of the line
 * starts the next one under the column, one wider than the column is
 * broken at its spaces.
 */
static void
print_exits(const char *how, size_t at, size_t width)
{
	struct buf	 line = { 0 }, piece = { 0 };
	char		*safe = out_safe(how, strlen(how), SIZE_MAX);
	const char	*p, *end;
	size_t		 n;
	int		 started = 0;

	for (p = safe; *p != '\0'; p = end) {
		n = exits_piece(p, &end);
		buf_clear(&piece);
		buf_printf(&piece, "%.*s", (int)n, p);
		if (line.len > 0) {
			if (out_cols(line.data) + 1 + out_cols(piece.data) >
			    width) {
				exits_line(line.data, at, width, &started);
				buf_clear(&line);
			} else
				buf_puts(&line, " ");
		}
		buf_puts(&line, piece.data);
	}
	if (line.len > 0 || !started)
		exits_line(line.len > 0 ? line.data : "", at, width, &started);
	buf_free(&piece);
	buf_free(&line);
	free(safe);
}

/*
 * One pod on one line of the table: NAMESPACE/POD, WORKLOAD, the deletion
 * request's time of day (with its date when the deletions span days), and
 * how its containers ended (wrapped onto the next lines, under its column,
 * when longer than it).
 */
static void
print_pod_line(const struct podset_pod *p, const struct pods_cols *pc)
{
	struct buf	 how = { 0 }, name = { 0 };
	char		 t[TIME_FMT_LEN], *n, *wl;
	size_t		 at;

	how_it_died(p, &how);
	buf_printf(&name, "%s/%s", p->r.namespace != NULL ? p->r.namespace :
	    "-", p->r.name != NULL ? p->r.name : p->r.uid);
	n = out_fit(name.data, pc->name, OUT_CUT_MIDDLE, 0);
	out_printf(stdout, "%-*s ", (int)pc->name, n);
	if (pc->workload > 0) {
		wl = out_fit(p->r.workload != NULL ? p->r.workload : "-",
		    pc->workload, OUT_CUT_MIDDLE, 0);
		out_printf(stdout, "%-*s ", (int)pc->workload, wl);
		free(wl);
	}
	out_printf(stdout, "%-*s ", (int)pc->deleted, time_clock_dated(
	    p->r.deletion_us, pc->dated, t, "-"));
	at = pc->name + (pc->workload > 0 ? pc->workload + 1 : 0) +
	    pc->deleted + 2;
	if (pc->exits == 0)
		out_printf(stdout, "%s\n", how.data);
	else
		print_exits(how.data, at, pc->exits);
	free(n);
	buf_free(&how);
	buf_free(&name);
}

/*
 * The table is read twice, a pod at a time, so that memory does not grow
 * with the pods: once for the widths, once to print each workload's pods
 * in the TUI's order (podset_cmp_death), a workload at a time.
 */
struct pods_table {
	size_t		 n;		/* pods seen */
	int64_t		 first_del_us;	/* the first deletion, or TIME_NONE */
	int64_t		 last_del_us;	/* the last, or TIME_NONE */
	size_t		 name;		/* the longest NAMESPACE/POD */
	size_t		 workload;	/* the longest WORKLOAD */
	size_t		 piece;		/* the widest container's exit ("printer
					   137 SIGKILL"), up to EXITS_MIN */
	struct pods_cols cols;
	struct podset	 group;		/* the workload being printed */
};

static int
measure_pod(void *ctx, const struct row_pod *r, const struct row_container *c,
    size_t nc)
{
	struct pods_table	*pt = ctx;
	struct podset		 one = { 0 };
	struct buf		 how = { 0 };
	const char		*p, *end;
	char			*piece;
	size_t			 n;

	pt->n++;
	/* its exits as printed, each container's piece measured: the
	   column need not be wider than the widest */
	podset_add(&one, r, c, nc, NULL, 0);
	how_it_died(&one.v[0], &how);
	for (p = how.data; p != NULL && *p != '\0' &&
	    pt->piece < EXITS_MIN; p = end) {
		piece = xstrndup(p, exits_piece(p, &end));
		if ((n = out_printed_cols(piece)) > pt->piece)
			pt->piece = n;
		free(piece);
	}
	buf_free(&how);
	podset_free(&one);
	if (r->deletion_us != TIME_NONE && (pt->first_del_us == TIME_NONE ||
	    r->deletion_us < pt->first_del_us))
		pt->first_del_us = r->deletion_us;
	if (r->deletion_us != TIME_NONE && (pt->last_del_us == TIME_NONE ||
	    r->deletion_us > pt->last_del_us))
		pt->last_del_us = r->deletion_us;
	/* as printed: a control character takes its escape's columns, a
	   wide character two (--wide cut an escaped name, measured in
	   bytes) */
	n = out_printed_cols(r->namespace != NULL ? r->namespace : "-") + 1 +
	    out_printed_cols(r->name != NULL ? r->name : r->uid);
	if (n > pt->name)
		pt->name = n;
	n = r->workload != NULL ? out_printed_cols(r->workload) : 1;
	if (n > pt->workload)
		pt->workload = n;
	return (0);
}

/* Prints the pods of the workload held, and forgets them. */
static void
print_group(struct pods_table *pt)
{
	struct podset_pod	**order;
	size_t			  i;

	order = xreallocarray(NULL, pt->group.n > 0 ? pt->group.n : 1,
	    sizeof *order);
	for (i = 0; i < pt->group.n; i++)
		order[i] = &pt->group.v[i];
	xqsort(order, pt->group.n, sizeof *order, podset_cmp_death);
	for (i = 0; i < pt->group.n; i++)
		print_pod_line(order[i], &pt->cols);
	free(order);
	podset_free(&pt->group);	/* and empty, for the next group */
}

static int
print_pod(void *ctx, const struct row_pod *r, const struct row_container *c,
    size_t nc)
{
	struct pods_table	*pt = ctx;
	const struct row_pod	*g = pt->group.n > 0 ? &pt->group.v[0].r : NULL;

	if (g != NULL && (!str_eq(g->namespace, r->namespace) ||
	    !str_eq(g->workload, r->workload)))
		print_group(pt);
	podset_add(&pt->group, r, c, nc, NULL, 0);
	return (0);
}

static const struct option db_json_opts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "json", no_argument, NULL, 'j' },
	{ "wide", no_argument, NULL, 'w' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/*
 * Parses --db, --help and, where json and wide are not NULL, --json and
 * --wide.  Returns -1 to go on, else a status.
 */
static int
parse_opts(const struct cmd_entry *ce, int argc, char **argv,
    const char **db, int *json, int *wide)
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
		case 'w':
			if (wide == NULL)
				return (cmd_usage_error(ce, "bad option "
				    "'--wide'"));
			*wide = 1;
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
	struct pods_table pt;
	const char	*db = NULL;
	char		*cause = NULL;
	int		 json = 0, wide = 0, rc, width;

	if ((rc = parse_opts(ce, argc, argv, &db, &json, &wide)) != -1)
		return (rc);
	if (optind != argc)
		return (cmd_usage_error(ce, "unexpected argument '%s'",
		    argv[optind]));
	if (json && wide)
		return (cmd_usage_error(ce, "--json and --wide exclude each "
		    "other"));
	if (cmd_store_open(ce, cmd_db_path(db), STORE_READ, &st) != 0)
		return (EXIT_FAIL);
	if (json) {
		/* one pod at a time: memory does not grow with the pods */
		if (store_pods_each(st, json_pod, NULL, &cause) != 0) {
			out_printf(stderr, "coroner pods: %s\n", cause);
			free(cause);
			store_close(st);
			return (EXIT_FAIL);
		}
		store_close(st);
		return (EXIT_OK);
	}
	memset(&pt, 0, sizeof pt);
	pt.name = 13;
	pt.workload = 8;
	pt.first_del_us = pt.last_del_us = TIME_NONE;
	if (store_pods_each(st, measure_pod, &pt, &cause) != 0) {
		out_printf(stderr, "coroner pods: %s\n", cause);
		free(cause);
		store_close(st);
		return (EXIT_FAIL);
	}
	width = wide ? 0 : out_table_width();
	pt.cols.dated = time_other_day(pt.first_del_us, pt.last_del_us);
	fit_cols(pt.name, pt.workload, pt.piece, width, &pt.cols);
	if (pt.n > 0)
		out_printf(stdout, "%-*s %s%*s%-*s %s\n", (int)pt.cols.name,
		    "NAMESPACE/POD", pt.cols.workload > 0 ? "WORKLOAD" : "",
		    (int)(pt.cols.workload > 0 ? pt.cols.workload - 7 : 0), "",
		    (int)pt.cols.deleted, "DELETED", "CONTAINERS: EXIT");
	/* in the order of the TUI's pods view: by workload and death */
	rc = store_pods_each(st, print_pod, &pt, &cause);
	print_group(&pt);
	if (rc != 0) {
		out_printf(stderr, "coroner pods: %s\n", cause);
		free(cause);
		store_close(st);
		return (EXIT_FAIL);
	}
	if (pt.n == 0)
		out_printf(stderr, "coroner pods: no pods in %s (import pods "
		    "first)\n", cmd_db_path(db));
	if (pt.cols.cut && fflush(stdout) == 0)
		out_printf(stderr, "(names cut: timeline takes them as "
		    "printed, --wide shows them whole)\n");
	store_close(st);
	return (EXIT_OK);
}

/*
 * For each container that was restarted, how its restarts are known (a
 * count, and the terminations seen), and why it waits, if it does.
 */
static void
restart_lines(const struct podset_pod *p, int width)
{
	const struct row_container	*c;
	struct buf			 b = { 0 };
	size_t				 i;

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (c->restarts == INT_NONE || c->restarts <= 0 ||
		    c->restarts_basis == NULL)
			continue;
		buf_clear(&b);
		buf_printf(&b, "%s: %s", c->name, c->restarts_basis);
		if (c->waiting_reason != NULL)
			buf_printf(&b, "; waiting: %s", c->waiting_reason);
		out_wrap(stdout, b.data, 0, 4, (size_t)width);
	}
	buf_free(&b);
}

/*
 * The pod, its workload, node and IP, in width: a name too long for a
 * line breaks after its namespace, the workload goes on a line of its
 * own before the node and IP when they do not fit together.
 */
static void
timeline_header(const struct podset_pod *p, int width)
{
	struct buf	 name = { 0 }, wl = { 0 }, where = { 0 };
	size_t		 w = (size_t)width;

	buf_printf(&name, "%s/%s", p->r.namespace, p->r.name);
	buf_printf(&wl, "%s %s", p->r.workload_kind != NULL ?
	    p->r.workload_kind : "-", p->r.workload != NULL ?
	    p->r.workload : "-");
	buf_printf(&where, "node %s, IP %s", p->r.node != NULL ? p->r.node :
	    "-", p->r.ip != NULL ? p->r.ip : "-");
	if (out_printed_cols(name.data) <= w)
		out_printf(stdout, "%s\n", name.data);
	else {
		out_printf(stdout, "%s/\n", p->r.namespace);
		out_wrap(stdout, p->r.name, 0, 0, w);
	}
	if (out_printed_cols(wl.data) + 2 + out_printed_cols(where.data) <= w)
		out_printf(stdout, "%s, %s\n", wl.data, where.data);
	else {
		out_wrap(stdout, wl.data, 2, 2, w);
		out_wrap(stdout, where.data, 2, 2, w);
	}
	buf_free(&name);
	buf_free(&wl);
	buf_free(&where);
}

#define GUTTER	25	/* "  HH:MM:SS.mmm  +38.0 s " */

static int
cmd_timeline_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	struct store		*st;
	struct podset		 l;
	struct moments		 ms;
	const struct podset_pod	*p;
	const struct moment	*m;
	const char		*db = NULL;
	char			*cause = NULL, t[TIME_FMT_LEN], off[32];
	char			 day[16] = "";
	size_t			 i;
	int			 rc, width;

	if ((rc = parse_opts(ce, argc, argv, &db, NULL, NULL)) != -1)
		return (rc);
	if (optind + 1 != argc)
		return (cmd_usage_error(ce, optind == argc ? "no POD given" :
		    "one POD at a time"));
	if (cmd_store_open(ce, cmd_db_path(db), STORE_READ, &st) != 0)
		return (EXIT_FAIL);
	if (podset_load(st, &l, argv[optind], &cause) != 0) {
		out_printf(stderr, "coroner timeline: %s\n", cause);
		free(cause);
		store_close(st);
		return (EXIT_FAIL);
	}
	if (l.n != 1) {
		if (l.n == 0)
			out_printf(stderr, "coroner timeline: no pod '%s' "
			    "(coroner pods lists them)\n", argv[optind]);
		else {
			/* one name reused (a StatefulSet's pod recreated):
			   only the uid tells them apart */
			for (i = 1; i < l.n && str_eq(l.v[i].r.namespace,
			    l.v[0].r.namespace); i++)
				;
			out_printf(stderr, "coroner timeline: '%s' names %zu "
			    "pods; say %sthe uid:\n", argv[optind], l.n,
			    i < l.n ? "NAMESPACE/NAME or " : "");
			for (i = 0; i < l.n; i++)
				out_printf(stderr, "  %s/%s %s created %s\n",
				    l.v[i].r.namespace, l.v[i].r.name,
				    l.v[i].r.uid,
				    time_format(l.v[i].r.created_us, t));
		}
		podset_free(&l);
		store_close(st);
		return (EXIT_FAIL);
	}
	p = &l.v[0];
	if (moments_load(st, p, &ms, &cause) != 0) {
		out_printf(stderr, "coroner timeline: %s\n", cause);
		free(cause);
		moments_free(&ms);
		podset_free(&l);
		store_close(st);
		return (EXIT_FAIL);
	}
	width = out_term_width();
	timeline_header(p, width);
	restart_lines(p, width);
	out_printf(stdout, "offsets from the %s; times UTC\n", ms.zero_what);
	for (i = 0; i < ms.n; i++) {
		m = &ms.v[i];
		time_format(m->t_us, t);
		if (strncmp(t, day, 10) != 0) {
			snprintf(day, sizeof day, "%.10s", t);
			out_printf(stdout, "%s\n", day);
		}
		if (m->offset_us != TIME_NONE)
			moments_fmt_offset(m->offset_us, off, sizeof off);
		else
			snprintf(off, sizeof off, "-");
		out_printf(stdout, "  %.12s %9s ", t + 11, off);
		out_wrap(stdout, m->caption, GUTTER, GUTTER, (size_t)width);
	}
	if (ms.missing_left_out > 0)
		out_printf(stdout, "%*s(and %zu more missing records)\n",
		    GUTTER, "", ms.missing_left_out);
	moments_free(&ms);
	podset_free(&l);
	store_close(st);
	return (EXIT_OK);
}
