/*
 * tui.c: the TUI's loop (tui.h).  Sets the terminal up and restores it
 * on every way out (a signal that ends coroner, a terminal gone, fatal()),
 * keeps the stack of open views, loads the shared state (pods and
 * findings), maps each key through the current view's table and then the
 * global one, reads the prompts (filter, SQL, export, go to a time) and
 * redraws after resizes.  The views are one file each in src/tui/;
 * drawing is theirs, input is only here (adding a view: the README's
 * recipe "Adding a TUI view").  No SQL.
 */
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "analyze.h"
#include "out.h"
#include "report.h"
#include "timefmt.h"
#include "tui.h"

const struct tui_view tui_views[VIEW__COUNT] = {
	[VIEW_OVERVIEW] = { .name = "Overview", .tab = '1',
	    .load = overview_load,
	    .draw = overview_draw, .keys = overview_keys,
	    .go = overview_go, .unload = overview_clear },
	[VIEW_PODS] = { .name = "Pods", .tab = '2', .load = pods_load,
	    .draw = pods_draw, .keys = pods_keys, .go = pods_go,
	    .unload = pods_clear, .columns = pods_columns },
	[VIEW_FINDINGS] = { .name = "Findings", .tab = '3', .load = NULL,
	    .draw = findings_draw, .keys = findings_keys },
	[VIEW_FINDING] = { .name = "Finding", .load = finding_load,
	    .draw = finding_draw, .keys = finding_keys,
	    .unload = finding_clear },
	[VIEW_DEATH] = { .name = "Death", .load = death_load,
	    .draw = death_draw, .keys = death_keys, .go = death_go,
	    .unload = death_clear },
	[VIEW_ROLLOUT] = { .name = "Rollout", .load = rview_load,
	    .draw = rview_draw, .keys = rview_keys,
	    .unload = rview_clear },
	[VIEW_ROLLOUTS] = { .name = "Rollouts", .tab = '4',
	    .load = rollouts_load,
	    .draw = rollouts_draw, .keys = rollouts_keys,
	    .go = rollouts_go, .unload = rollouts_clear,
	    .columns = rollouts_columns },
	[VIEW_SQL] = { .name = "SQL", .load = NULL, .draw = sql_draw,
	    .keys = sql_keys, .unload = sql_clear },
	[VIEW_RECORD] = { .name = "Record", .load = sql_record_load,
	    .draw = sql_record_draw, .keys = sql_record_keys,
	    .unload = sql_record_clear },
	[VIEW_HELP] = { .name = "Help", .load = NULL, .draw = help_draw,
	    .keys = help_keys },
};

/*
 * With $CORONER_TUI_TRACE naming a file, the loop writes there how long
 * the first screen took (from tui_trace_start(), or the loop's start)
 * and how long each key took until its screen was drawn: what make bench
 * quotes.  Nothing is written otherwise.
 */
static FILE			*trace_f;
static int64_t			 trace_t0;	/* the command's start */
static int64_t			 trace_key_t;	/* a key read, or 0 */
static char			 trace_key[32];	/* its name */
static int			 trace_first;	/* the first screen done */

#define KEY_WAIT_MS	250	/* how long a key is waited for */
#define SQL_SECONDS	60	/* the longest a SQL statement may run */
#define SQL_SECONDS_TEXT "60"
#define SQL_QUERY_MAX	(1024 * 1024)	/* the longest query taken */
#define LOST_READS	20	/* reads in a row that came back empty at
				   once: the terminal is gone */
/* The marks of a bracketed paste, as keys (define_key). */
#define KEY_PASTE_BEGIN	(KEY_MAX + 1)
#define KEY_PASTE_END	(KEY_MAX + 2)

/* The signals that end coroner: each restores the terminal first. */
static const int		 tui_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT
};
#define TUI_NSIGNALS	(sizeof tui_signals / sizeof tui_signals[0])

static volatile sig_atomic_t	 tui_signal;	/* one of tui_signals seen */
static int			 tty_lost;	/* the terminal is gone */
static int			 tui_active;	/* curses is on */
static SCREEN			*tui_screen;
static const char		*paste_off;	/* terminfo's BD: ends the
						   bracketed paste it began,
						   or NULL */
static char			 export_format[8];

static int64_t
mono_us(void)
{
	struct timespec	t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000);
}

void
tui_trace_start(void)
{
	trace_t0 = mono_us();
}

/* A screen is drawn: the first, or the answer to a key. */
static void
trace_drawn(void)
{
	int64_t	now;

	if (trace_f == NULL)
		return;
	now = mono_us();
	if (!trace_first) {
		out_printf(trace_f, "first-screen %.1f ms\n",
		    (double)(now - trace_t0) / 1000);
		trace_first = 1;
	} else if (trace_key_t != 0)
		out_printf(trace_f, "key %s %.1f ms\n", trace_key,
		    (double)(now - trace_key_t) / 1000);
	trace_key_t = 0;
	fflush(trace_f);
}

static void
tui_restore(void)
{
	if (tui_active) {
		tui_active = 0;
		if (paste_off != NULL) {
			putp(paste_off);
			fflush(stdout);
		}
		endwin();
	}
}

static void
on_signal(int sig)
{
	tui_signal = sig;
}

/* ---------------------------------------------------------------- */
/* The shared state. */

static int
add_finding(void *ctx, const struct row_finding *r, size_t npods)
{
	struct tui_state		*ts = ctx;
	struct tui_finding		*f;

	ts->findings = xgrow(ts->findings, ts->nfindings,
	    sizeof *ts->findings);
	f = &ts->findings[ts->nfindings++];
	memset(f, 0, sizeof *f);
	f->r = *r;
	f->r.kind = arena_strdup(&ts->strings, r->kind);
	f->r.severity = arena_strdup(&ts->strings, r->severity);
	f->r.namespace = arena_strdup(&ts->strings, r->namespace);
	f->r.workload = arena_strdup(&ts->strings, r->workload);
	f->r.summary = arena_strdup(&ts->strings, r->summary);
	f->r.recommendation = arena_strdup(&ts->strings, r->recommendation);
	/* the pods and the evidence are read when the finding is opened */
	f->r.pods = f->r.evidence = NULL;
	f->npods = npods;
	return (0);
}

int
tui_finding_evidence(struct tui_state *ts, struct tui_finding *f,
    char **cause)
{
	char	*ev;

	if (f->r.evidence != NULL)
		return (0);
	if (store_finding_evidence(ts->st, f->r.id, &ev, cause) != 0)
		return (-1);
	f->r.evidence = arena_strdup(&ts->strings, ev != NULL ? ev : "{}");
	free(ev);
	return (0);
}

/* A finding's pods' uids as they come. */
struct uid_list {
	char	**v;		/* owned strings */
	size_t	  n;
};

static int
add_uid(void *ctx, const char *uid)
{
	struct uid_list	*l = ctx;

	l->v = xgrow(l->v, l->n, sizeof *l->v);
	l->v[l->n++] = xstrdup(uid);
	return (0);
}

int
tui_finding_pods(struct tui_state *ts, struct tui_finding *f, char **cause)
{
	struct uid_list		 l = { 0 };
	struct podset_pod	*p;
	size_t			 i;
	int			 rc;

	if (f->pods != NULL)
		return (0);
	rc = store_finding_pods(ts->st, f->r.id, add_uid, &l, cause);
	if (rc == 0)
		rc = podcache_want(&ts->pods, ts->st,
		    (const char *const *)l.v, l.n, cause);
	f->pods = xcalloc(l.n > 0 ? l.n : 1, sizeof *f->pods);
	for (i = 0; i < l.n; i++) {
		if (rc == 0 && (p = podcache_get(&ts->pods, l.v[i])) != NULL)
			f->pods[f->nloaded++] = p;
		free(l.v[i]);
	}
	free(l.v);
	/* in the pods list's order: their deaths' */
	xqsort(f->pods, f->nloaded, sizeof *f->pods, podset_cmp_death);
	return (rc);
}

/* The pods of a range of the list, gathered. */
struct pod_list {
	struct podset_pod	**v;	/* owned array */
	size_t			  n;
};

static int
gather(void *ctx, const struct row_pod_list *r, struct podset_pod *p)
{
	struct pod_list	*l = ctx;

	(void)r;
	if (p == NULL)
		return (0);
	l->v = xgrow(l->v, l->n, sizeof *l->v);
	l->v[l->n++] = p;
	return (0);
}

int
tui_workload_pods(struct tui_state *ts, const char *ns, const char *wl,
    struct podset_pod ***out, size_t *n, char **cause)
{
	const struct row_workload_pods	*w;
	struct pod_list			 l = { 0 };
	int				 rc = 0;

	if ((w = podcache_workload(&ts->pods, ns, wl)) != NULL)
		rc = podcache_range(&ts->pods, ts->st, w->first_seq,
		    w->first_seq + w->pods - 1, gather, &l, cause);
	*out = l.v != NULL ? l.v : xcalloc(1, sizeof **out);
	*n = l.n;
	return (rc);
}

int
tui_state_load(struct tui_state *ts, struct store *st, const char *db_path,
    char **cause)
{
	ts->st = st;
	ts->db_path = db_path;
	ts->version = store_version(st);
	if (podcache_open(&ts->pods, st, cause) != 0)
		return (-1);
	return (store_findings_brief(st, add_finding, ts, cause));
}

void
tui_state_free(struct tui_state *ts)
{
	size_t	i;

	for (i = 0; i < VIEW__COUNT; i++) {
		if (tui_views[i].unload != NULL)
			tui_views[i].unload(ts);
	}
	for (i = 0; i < ts->nfindings; i++)
		free(ts->findings[i].pods);
	free(ts->findings);
	podcache_free(&ts->pods);
	arena_free(&ts->strings);
	buf_free(&ts->answer);
	free(ts->export_path);
}

/*
 * Loads the state again from the database another coroner has written to
 * since (an import, an analysis): the analysis run again when the
 * findings are gone, the pods and findings read again, the overview
 * shown, saying so.  What does not come from the database stays (the
 * look, the SQL view, the prompts' memory, the filter).  Returns 0, or
 * -1 with a new *cause.
 */
static int
state_reload(struct tui_state *ts, char **cause)
{
	struct tui_state	 fresh;

	/* the analysis may take a while, its notes go to the screen */
	tui_fill(stdscr, ts->rows - 1, 0, ts->cols, A_NORMAL);
	tui_text(stdscr, &ts->look, ts->rows - 1, 0, ts->cols, "the database "
	    "changed (another coroner wrote to it): reading it again",
	    A_BOLD, PAIR_NONE);
	wrefresh(stdscr);
	if (analyze_if_none(ts->st, cause) != 0)
		return (-1);
	memset(&fresh, 0, sizeof fresh);
	if (tui_state_load(&fresh, ts->st, ts->db_path, cause) != 0) {
		tui_state_free(&fresh);
		return (-1);
	}
	fresh.look = ts->look;
	fresh.sq = ts->sq;
	memset(&ts->sq, 0, sizeof ts->sq);
	fresh.answer = ts->answer;
	memset(&ts->answer, 0, sizeof ts->answer);
	fresh.export_path = ts->export_path;
	ts->export_path = NULL;
	memcpy(fresh.pl.filter, ts->pl.filter, sizeof fresh.pl.filter);
	fresh.rows = ts->rows;
	fresh.cols = ts->cols;
	fresh.stack[0] = VIEW_OVERVIEW;
	tui_state_free(ts);
	*ts = fresh;
	snprintf(ts->message, sizeof ts->message, "the database changed "
	    "(another coroner wrote to it): read again, %zu finding%s",
	    ts->nfindings, ts->nfindings == 1 ? "" : "s");
	clearok(stdscr, TRUE);
	return (0);
}

/*
 * Whether the state is older than the database (store_version): then it
 * is loaded again.  Returns TUI_* bits, or -1 with a new *cause.
 */
static int
state_check(struct tui_state *ts, char **cause)
{
	int64_t	v = store_version(ts->st);

	if (v < 0 || v == ts->version)
		return (0);
	if (state_reload(ts, cause) != 0)
		return (-1);
	return (TUI_RELOAD | TUI_REDRAW);
}

struct tui_finding *
tui_finding_by_id(struct tui_state *ts, int64_t id)
{
	size_t	i;

	for (i = 0; i < ts->nfindings; i++) {
		if (ts->findings[i].r.id == id)
			return (&ts->findings[i]);
	}
	return (NULL);
}

/* ---------------------------------------------------------------- */
/* Global keys. */

static int
open_view(struct tui_state *ts, enum tui_view_id v)
{
	ts->next = v;
	return (TUI_PUSH);
}

static int
act_overview(struct tui_state *ts)
{
	ts->depth = 0;		/* the overview is the bottom of the stack */
	return (TUI_REDRAW | TUI_RELOAD);
}

static int
act_pods(struct tui_state *ts)
{
	ts->depth = 0;
	return (open_view(ts, VIEW_PODS));
}

static int
act_findings(struct tui_state *ts)
{
	ts->depth = 0;
	return (open_view(ts, VIEW_FINDINGS));
}

static int
act_rollouts(struct tui_state *ts)
{
	ts->depth = 0;
	return (open_view(ts, VIEW_ROLLOUTS));
}

static int
act_help(struct tui_state *ts)
{
	if (ts->stack[ts->depth] == VIEW_HELP)
		return (TUI_BACK);
	ts->help_of = ts->stack[ts->depth];
	ts->help_top = 0;
	return (open_view(ts, VIEW_HELP));
}

static int
act_back(struct tui_state *ts)
{
	(void)ts;
	return (TUI_BACK);
}

/* Esc goes back, but never out of coroner: an Esc too many is common. */
static int
act_esc(struct tui_state *ts)
{
	if (ts->depth > 0)
		return (TUI_BACK);
	snprintf(ts->message, sizeof ts->message, "This is the first "
	    "screen: q or Q quits.");
	return (TUI_REDRAW);
}

static int
act_quit(struct tui_state *ts)
{
	(void)ts;
	return (TUI_QUIT);
}

int
tui_ask(struct tui_state *ts, enum tui_prompt kind, const char *question,
    const char *start, size_t max)
{
	ts->prompt_kind = kind;
	ts->prompt_for = question;
	ts->prompt_max = max;
	ts->prompt_fresh = *start != '\0';
	buf_clear(&ts->answer);
	buf_puts(&ts->answer, start);
	return (TUI_PROMPT);
}

static int
act_sql(struct tui_state *ts)
{
	/* a new query each time; Up brings the last one back to edit */
	ts->prompt_recall = ts->sq.query;
	return (tui_ask(ts, PROMPT_SQL, ts->sq.query != NULL ? "SQL "
	    "(read-only; Up: the last query): " : "SQL (read-only): ", "",
	    SQL_QUERY_MAX));
}

static int
act_export(struct tui_state *ts)
{
	return (tui_ask(ts, PROMPT_EXPORT_FORMAT, "export as md, html or "
	    "json: ", "html", sizeof export_format - 1));
}

static int
act_goto(struct tui_state *ts)
{
	if (tui_views[ts->stack[ts->depth]].go == NULL) {
		snprintf(ts->message, sizeof ts->message, "g goes to a time "
		    "in the overview, the pods, the rollouts and the death "
		    "views");
		return (TUI_REDRAW);
	}
	/* only a death view has a deletion to count from */
	return (tui_ask(ts, PROMPT_GOTO, ts->stack[ts->depth] != VIEW_DEATH ?
	    "go to (HH:MM:SS or RFC 3339): " : "go to "
	    "(HH:MM:SS, RFC 3339, or +S from the deletion): ", "",
	    TUI_ANSWER_MAX));
}

const struct tui_key tui_global_keys[] = {
	{ .key = '1', .name = "1", .help = "overview: the incident window "
	    "and the findings", .action = act_overview },
	{ .key = '2', .name = "2", .help = "pods, grouped by workload, "
	    "ordered by death", .action = act_pods },
	{ .key = '3', .name = "3", .help = "findings", .action = act_findings },
	{ .key = '4', .name = "4", .help = "rollouts: what each replaced, "
	    "died and failed",
	    .action = act_rollouts },
	{ .key = ';', .name = ";", .help = "a read-only SQL query over the "
	    "database", .action = act_sql },
	{ .key = 'e', .name = "e", .help = "export the report (md, html, "
	    "json)", .action = act_export },
	{ .key = 'g', .name = "g", .help = "go to a time (overview, pods, "
	    "rollouts, death)", .action = act_goto },
	{ .key = '?', .name = "?", .help = "this help", .action = act_help },
	{ .key = 'q', .name = "q", .help = "back (from the overview: quit)",
	    .action = act_back },
	{ .key = 27, .name = "Esc", .help = "back (never quits)",
	    .action = act_esc },
	{ .key = 'Q', .name = "Q", .help = "quit", .action = act_quit },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* ---------------------------------------------------------------- */
/* Prompts. */

/*
 * wgetch() that notices the terminal gone (closed, hung up, under nohup
 * or a parent that ignores SIGHUP): every read then fails at once.  Sets
 * tty_lost when the terminal no longer answers as one, or when
 * LOST_READS reads in a row came back empty long before the wait_ms
 * they were given.
 */
static int
tui_getch(int wait_ms)
{
	static int	 quick;		/* empty reads in a row, at once */
	int64_t		 t0 = mono_us();
	int		 ch = wgetch(stdscr);

	if (ch != ERR) {
		quick = 0;
		return (ch);
	}
	if (wait_ms > 0 && mono_us() - t0 < (int64_t)wait_ms * 1000 / 2)
		quick++;
	else
		quick = 0;
	if (quick >= LOST_READS || !isatty(STDIN_FILENO) ||
	    !isatty(STDOUT_FILENO))
		tty_lost = 1;
	return (ERR);
}

/* Whether more input is waiting already (a paste, keys typed ahead). */
static int
key_pending(void)
{
	int	ch;

	wtimeout(stdscr, 0);
	ch = wgetch(stdscr);
	wtimeout(stdscr, KEY_WAIT_MS);
	if (ch == ERR)
		return (0);
	ungetch(ch);
	return (1);
}

/* Reads and drops a bracketed paste up to its end (a paste among keys). */
static void
paste_drop(void)
{
	int	ch;

	while (tui_signal == 0 && !tty_lost &&
	    (ch = tui_getch(KEY_WAIT_MS)) != ERR && ch != KEY_PASTE_END)
		;
}

/*
 * Writes the report to path, of what the TUI shows: read in a snapshot
 * of the database checked to be the one the state was loaded from; when
 * another coroner has written to it since, nothing is written, the
 * state is loaded again and the user told to export again.  Returns
 * TUI_* bits.
 */
static int
export_report(struct tui_state *ts, const char *path)
{
	const struct report_format	*fmt = report_format(export_format);
	struct timespec			 now;
	json_t				*rep = NULL;
	char				*cause = NULL;
	int				 rc = -1;

	if (store_snapshot_begin(ts->st, &cause) != 0)
		goto out;
	if (store_version(ts->st) != ts->version) {
		store_snapshot_end(ts->st);
		if (state_reload(ts, &cause) != 0)
			goto out;
		snprintf(ts->message, sizeof ts->message, "not written: the "
		    "database changed (another coroner wrote to it) since it "
		    "was shown; read again: e writes what is shown now");
		return (TUI_RELOAD | TUI_REDRAW);
	}
	clock_gettime(CLOCK_REALTIME, &now);
	rep = report_json(ts->st, (int64_t)now.tv_sec * 1000000 +
	    now.tv_nsec / 1000, &cause);
	if (rep != NULL)
		rc = report_write_file(fmt, ts->st, rep, path, &cause);
	store_snapshot_end(ts->st);
out:
	json_decref(rep);
	if (rc != 0) {
		snprintf(ts->message, sizeof ts->message, "export failed: %s",
		    cause != NULL ? cause : "?");
		free(cause);
		return (TUI_REDRAW);
	}
	snprintf(ts->message, sizeof ts->message, "wrote the %s report to "
	    "%.200s", export_format, path);
	return (TUI_REDRAW);
}

/*
 * Whether a running SQL statement should stop (store_sql asks about
 * every millisecond): Ctrl-C (which stops the query, not the TUI),
 * another signal, Esc, the terminal gone, or SQL_SECONDS gone by.  The
 * keys are read at most every 100 ms; another key waits for the loop.
 */
static int
sql_stop(void *arg)
{
	struct tui_state	*ts = arg;
	struct sql_state	*sq = &ts->sq;
	int64_t			 now = mono_us();
	int			 ch;

	if (tui_signal == SIGINT) {
		tui_signal = 0;
		sq->stopped = "stopped by Ctrl-C";
		return (1);
	}
	if (tui_signal != 0 || tty_lost)
		return (1);
	if (now - sq->t0_us > SQL_SECONDS * 1000000LL) {
		sq->stopped = "stopped: it ran over " SQL_SECONDS_TEXT " s";
		return (1);
	}
	if (now - sq->keys_us < 100000)
		return (0);
	sq->keys_us = now;
	wtimeout(stdscr, 0);
	ch = tui_getch(0);
	wtimeout(stdscr, KEY_WAIT_MS);
	if (ch == 27) {
		sq->stopped = "stopped by Esc";
		return (1);
	}
	if (ch == KEY_PASTE_BEGIN)
		paste_drop();
	else if (ch != ERR)
		ungetch(ch);
	return (tty_lost);
}

/* What a prompt's answer does.  Returns TUI_* bits. */
static int
answered(struct tui_state *ts, int kind)
{
	const char	*a = ts->answer.data != NULL ? ts->answer.data : "";
	struct stat	 sb;

	switch (kind) {
	case PROMPT_FILTER:
		snprintf(ts->pl.filter, sizeof ts->pl.filter, "%s", a);
		ts->pl.cursor = ts->pl.top = 0;
		return (TUI_RELOAD | TUI_REDRAW);
	case PROMPT_SQL:
		if (*a == '\0')
			return (TUI_REDRAW);
		/* the bottom line says how to stop it while it runs */
		tui_fill(stdscr, ts->rows - 1, 0, ts->cols, A_NORMAL);
		tui_text(stdscr, &ts->look, ts->rows - 1, 0, ts->cols,
		    "running the query: Esc or Ctrl-C stops it", A_BOLD,
		    PAIR_NONE);
		wrefresh(stdscr);
		ts->sq.t0_us = ts->sq.keys_us = mono_us();
		sql_run(ts, a, sql_stop, ts);
		if (ts->stack[ts->depth] != VIEW_SQL)
			return (open_view(ts, VIEW_SQL));
		return (TUI_REDRAW);
	case PROMPT_EXPORT_FORMAT:
		if (*a == '\0')
			a = "html";
		if (report_format(a) == NULL) {
			snprintf(ts->message, sizeof ts->message, "no format "
			    "'%.20s': md, html or json", a);
			return (TUI_REDRAW);
		}
		snprintf(export_format, sizeof export_format, "%s",
		    report_format(a)->name);
		snprintf(ts->question, sizeof ts->question, "coroner-report.%s",
		    report_format(a)->ext);
		return (tui_ask(ts, PROMPT_EXPORT_PATH, "write the report to: ",
		    ts->question, TUI_ANSWER_MAX));
	case PROMPT_EXPORT_PATH:
		if (*a == '\0')
			return (TUI_REDRAW);
		free(ts->export_path);
		ts->export_path = xstrdup(a);
		/* a file there is replaced only when the user says so */
		if (stat(a, &sb) == 0) {
			snprintf(ts->question, sizeof ts->question, "%.200s "
			    "exists: replace it? (y/N) ", a);
			return (tui_ask(ts, PROMPT_EXPORT_REPLACE, ts->question,
			    "", 3));
		}
		return (export_report(ts, a));
	case PROMPT_EXPORT_REPLACE:
		if (strcasecmp(a, "y") == 0 || strcasecmp(a, "yes") == 0)
			return (export_report(ts, ts->export_path));
		snprintf(ts->message, sizeof ts->message, "not written: %.200s "
		    "is left as it was", ts->export_path);
		return (TUI_REDRAW);
	case PROMPT_GOTO:
		if (tui_views[ts->stack[ts->depth]].go != NULL)
			return (tui_views[ts->stack[ts->depth]].go(ts, a));
		return (TUI_REDRAW);
	}
	return (TUI_REDRAW);
}

/* Draws the prompt's line: the question, then the end of the answer. */
static void
prompt_draw(struct tui_state *ts, int over)
{
	const char	*a = ts->answer.data != NULL ? ts->answer.data : "";
	size_t		 from = 0, room;
	char		*safe;
	int		 h, w, x;

	getmaxyx(stdscr, h, w);
	wmove(stdscr, h - 1, 0);
	wclrtoeol(stdscr);
	x = tui_text(stdscr, &ts->look, h - 1, 0, w, ts->prompt_for, A_BOLD,
	    PAIR_NONE);
	if (over)
		x += tui_textf(stdscr, &ts->look, h - 1, x, w - x, A_BOLD,
		    PAIR_TERM, "(longer than %zu bytes: Ctrl-U clears it) ",
		    ts->prompt_max);
	if (w - x - 1 <= 0)
		return;
	/* the end that fits, from a head no longer than it can take */
	room = (size_t)(w - x - 1);
	if (ts->answer.len > 4 * room + 8) {
		from = ts->answer.len - (4 * room + 8);
		while (from < ts->answer.len && (a[from] & 0xc0) == 0x80)
			from++;
	}
	safe = out_safe(a + from, ts->answer.len - from, SIZE_MAX);
	/* an answer offered, which typing replaces, is dim */
	tui_text(stdscr, &ts->look, h - 1, x, (int)room, safe +
	    out_tail_bytes(safe, room), ts->prompt_fresh ? A_DIM : A_NORMAL,
	    PAIR_NONE);
	free(safe);
}

/*
 * Adds one byte the user typed or pasted, unless the answer is full; the
 * first one replaces an answer the prompt offered.
 */
static void
answer_add(struct tui_state *ts, int ch, int *over)
{
	char	c = (char)ch;

	if (ts->prompt_fresh) {
		buf_clear(&ts->answer);
		ts->prompt_fresh = 0;
	}
	if (ts->answer.len >= ts->prompt_max)
		*over = 1;
	else
		buf_append(&ts->answer, &c, 1);
}

/*
 * Reads a line on the last row after ts->prompt_for into ts->answer
 * (which holds what it starts with: an answer offered, dim, which the
 * first byte typed or pasted replaces and Backspace edits); Up puts
 * ts->prompt_recall in its place.  A bracketed paste (where the
 * terminal has it) is taken whole, its line ends as spaces, and the line
 * is drawn again only when no more input waits, so that a paste costs
 * what it holds.  Enter accepts (1); Esc or Ctrl-C cancels (0).  A line
 * longer than ts->prompt_max is never taken cut: Enter then says so and
 * cancels.
 */
static int
read_prompt(struct tui_state *ts)
{
	struct buf	*a = &ts->answer;
	int		 ch, draw = 1, over = 0, pasting = 0;

	curs_set(1);
	for (;;) {
		if (draw) {
			prompt_draw(ts, over);
			wrefresh(stdscr);
		}
		ch = tui_getch(KEY_WAIT_MS);
		if (tui_signal == SIGINT) {
			tui_signal = 0;		/* Ctrl-C cancels the prompt */
			break;
		}
		if (tui_signal != 0 || tty_lost)
			break;
		draw = 0;
		if (ch == ERR)
			continue;
		if (ch == KEY_PASTE_BEGIN || ch == KEY_PASTE_END)
			pasting = ch == KEY_PASTE_BEGIN;
		else if (pasting)
			answer_add(ts, ch < 0x20 ? ' ' : ch, &over);
		else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
			curs_set(0);
			if (!over)
				return (1);
			snprintf(ts->message, sizeof ts->message, "not taken: "
			    "longer than %zu bytes, the most this prompt "
			    "takes", ts->prompt_max);
			return (0);
		} else if (ch == 27 || ch == 3 || ch == 7)
			break;
		else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
			/* an offered answer is edited, not replaced */
			ts->prompt_fresh = 0;
			while (a->len > 0 && (a->data[a->len - 1] & 0xc0) ==
			    0x80)
				a->len--;
			if (a->len > 0)
				a->len--;
			if (a->data != NULL)
				a->data[a->len] = '\0';
		} else if (ch == 21) {		/* Ctrl-U */
			buf_clear(a);
			over = 0;
			ts->prompt_fresh = 0;
		} else if (ch == KEY_UP && ts->prompt_recall != NULL) {
			buf_clear(a);
			over = 0;
			ts->prompt_fresh = 0;
			buf_append(a, ts->prompt_recall,
			    strnlen(ts->prompt_recall, ts->prompt_max));
		} else if (ch >= 0x20 && ch < 0x100 && ch != 0x7f)
			answer_add(ts, ch, &over);
		draw = !pasting && !key_pending();
	}
	curs_set(0);
	return (0);
}

/* ---------------------------------------------------------------- */
/* The loop. */

/* The key's action in a table, or NULL. */
static const struct tui_key *
key_in(const struct tui_key *t, int ch)
{
	if (t == NULL)
		return (NULL);
	for (; t->name != NULL; t++) {
		if (t->key == ch)
			return (t);
	}
	return (NULL);
}

static void
set_look(struct tui_look *look)
{
	const char	*nc = getenv("NO_COLOR");

	look->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	look->color = has_colors() && (nc == NULL || *nc == '\0');
	if (!look->color)
		return;
	start_color();
	use_default_colors();
	init_pair(PAIR_READY, COLOR_GREEN, -1);
	init_pair(PAIR_RUNNING, COLOR_CYAN, -1);
	init_pair(PAIR_PRESTOP, COLOR_YELLOW, -1);
	init_pair(PAIR_TERM, COLOR_RED, -1);
	init_pair(PAIR_SIDECAR, COLOR_MAGENTA, -1);
	init_pair(PAIR_TITLE, COLOR_BLUE, -1);
	init_pair(PAIR_CURSOR, COLOR_BLACK, COLOR_YELLOW);
}

/*
 * Opens ts->next on top of the stack.  A view has one state: opening
 * one that is open already goes back to it (the death view of another
 * pod replaces the first).
 */
static void
push(struct tui_state *ts)
{
	int	i;

	for (i = 1; i <= ts->depth; i++) {
		if (ts->stack[i] == ts->next) {
			ts->depth = i;
			return;
		}
	}
	if (ts->depth + 1 < (int)(sizeof ts->stack / sizeof ts->stack[0]))
		ts->depth++;
	ts->stack[ts->depth] = ts->next;
}

static int
load_top(struct tui_state *ts, char **cause)
{
	const struct tui_view	*v = &tui_views[ts->stack[ts->depth]];

	getmaxyx(stdscr, ts->rows, ts->cols);
	if (v->load == NULL)
		return (0);
	return (v->load(ts, cause));
}

/* Whether a terminfo string capability is there. */
static int
has_cap(const char *cap)
{
	return (cap != NULL && cap != (const char *)-1);
}

/*
 * Whether the terminal curses opened can be drawn on: it can move the
 * cursor (TERM=dumb cannot: every screen would come out on one line).
 * Returns 0, or -1 with a new *cause.
 */
static int
term_usable(char **cause)
{
	const char	*term = getenv("TERM");

	if (has_cap(tigetstr("cup")))
		return (0);
	*cause = xasprintf("the terminal type '%s' cannot move the cursor, "
	    "which the TUI needs; set TERM to the terminal's own type (such "
	    "as xterm-256color)", term != NULL ? term : "(unset)");
	return (-1);
}

/*
 * Asks the terminal for bracketed pastes, where its terminfo says how
 * (BE, BD, PS, PE): a paste then comes as one piece between two marks,
 * never taken for keys.
 */
static void
paste_begin(void)
{
	char	*be = tigetstr("BE"), *bd = tigetstr("BD");
	char	*ps = tigetstr("PS"), *pe = tigetstr("PE");

	if (!has_cap(be) || !has_cap(bd) || !has_cap(ps) || !has_cap(pe))
		return;
	define_key(ps, KEY_PASTE_BEGIN);
	define_key(pe, KEY_PASTE_END);
	putp(be);
	fflush(stdout);
	paste_off = bd;
}

int
tui_run(struct store *st, const char *db_path, char **cause)
{
	struct tui_state	 ts;
	struct sigaction	 sa, old[TUI_NSIGNALS], old_xfsz;
	const struct tui_key	*k;
	MEVENT			 me;
	size_t			 i;
	int			 ch, bits = TUI_RELOAD | TUI_REDRAW, kind;
	int			 rc = 0, sig;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		*cause = xstrdup("the TUI needs a terminal on standard input "
		    "and output; try coroner analyze or coroner report");
		return (-1);
	}
	if (trace_t0 == 0)
		trace_t0 = mono_us();
	if (getenv("CORONER_TUI_TRACE") != NULL)
		trace_f = fopen(getenv("CORONER_TUI_TRACE"), "a");
	if (analyze_if_none(st, cause) != 0)
		return (-1);
	memset(&ts, 0, sizeof ts);
	if (tui_state_load(&ts, st, db_path, cause) != 0) {
		tui_state_free(&ts);
		return (-1);
	}
	setlocale(LC_ALL, "");
	if ((tui_screen = newterm(NULL, stdout, stdin)) == NULL) {
		*cause = xasprintf("cannot use the terminal type '%s'",
		    getenv("TERM") != NULL ? getenv("TERM") : "(unset)");
		tui_state_free(&ts);
		return (-1);
	}
	if (term_usable(cause) != 0) {
		endwin();
		delscreen(tui_screen);
		tui_screen = NULL;
		tui_state_free(&ts);
		return (-1);
	}
	tui_active = 1;
	fatal_set_hook(tui_restore);
	/* a signal the parent ignores (nohup's SIGHUP) stays ignored */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < TUI_NSIGNALS; i++) {
		sigaction(tui_signals[i], NULL, &old[i]);
		if (old[i].sa_handler != SIG_IGN)
			sigaction(tui_signals[i], &sa, NULL);
	}
	/* an export past the file size limit fails, and says so */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &sa, &old_xfsz);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(50);
	curs_set(0);
	wtimeout(stdscr, KEY_WAIT_MS);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	paste_begin();
	set_look(&ts.look);
	ts.stack[0] = VIEW_OVERVIEW;

	while (tui_signal == 0 && !tty_lost) {
		if (bits & TUI_RELOAD) {
			if (load_top(&ts, cause) != 0) {
				rc = -1;
				break;
			}
			bits |= TUI_REDRAW;
		}
		if (bits & TUI_REDRAW) {
			werase(stdscr);
			getmaxyx(stdscr, ts.rows, ts.cols);
			tui_views[ts.stack[ts.depth]].draw(stdscr, ts.rows,
			    ts.cols, &ts);
			wnoutrefresh(stdscr);
			doupdate();
			trace_drawn();
		}
		bits = 0;
		ch = tui_getch(KEY_WAIT_MS);
		if (ch == ERR) {
			/* another coroner may have written to the database */
			if ((bits = state_check(&ts, cause)) < 0) {
				rc = -1;
				break;
			}
			continue;
		}
		if (ch == KEY_PASTE_BEGIN) {
			paste_drop();	/* a paste is no keys */
			continue;
		}
		if (trace_f != NULL) {
			trace_key_t = mono_us();
			snprintf(trace_key, sizeof trace_key, "%s",
			    keyname(ch));
		}
		ts.message[0] = '\0';
		if (ch == KEY_RESIZE) {
			bits = TUI_RELOAD | TUI_REDRAW;
			continue;
		}
		if (ch == KEY_MOUSE) {
			if (getmouse(&me) != OK)
				continue;
			ts.mouse_y = me.y;
			ts.mouse_x = me.x;
		}
		/* Enter is one key however the terminal sends it */
		if (ch == '\n' || ch == KEY_ENTER)
			ch = '\r';
		k = key_in(tui_views[ts.stack[ts.depth]].keys, ch);
		if (k == NULL)
			k = key_in(tui_global_keys, ch);
		if (k == NULL) {
			bits = TUI_REDRAW;
			continue;
		}
		bits = k->action(&ts);
		while (bits & TUI_PROMPT) {
			kind = ts.prompt_kind;
			bits &= ~TUI_PROMPT;
			if (read_prompt(&ts))
				bits |= answered(&ts, kind);
			ts.prompt_recall = NULL;	/* each sets its own */
			bits |= TUI_REDRAW;
		}
		if (bits & TUI_QUIT)
			break;
		if (bits & TUI_BACK) {
			if (ts.depth == 0)
				break;
			ts.depth--;
			bits |= TUI_RELOAD | TUI_REDRAW;
		}
		if (bits & TUI_PUSH) {
			push(&ts);
			bits |= TUI_RELOAD | TUI_REDRAW;
		}
	}
	sig = tui_signal;
	tui_restore();
	fatal_set_hook(NULL);
	delscreen(tui_screen);
	tui_screen = NULL;
	paste_off = NULL;
	for (i = 0; i < TUI_NSIGNALS; i++)
		sigaction(tui_signals[i], &old[i], NULL);
	sigaction(SIGXFSZ, &old_xfsz, NULL);
	tui_state_free(&ts);
	if (trace_f != NULL) {
		fclose(trace_f);
		trace_f = NULL;
	}
	if (sig != 0) {
		/* die of the signal, as the shell expects, the screen clean */
		signal(sig, SIG_DFL);
		raise(sig);
	}
	if (tty_lost && rc == 0) {
		*cause = xstrdup("the terminal is gone (closed or hung up): "
		    "quit");
		rc = -1;
	}
	return (rc);
}

int
tui_parse_time(const char *s, int64_t zero_us, int64_t day_us, int64_t *out)
{
	char	 day[TIME_FMT_LEN], *end, *iso;
	double	 v;
	int	 rc;

	while (*s == ' ')
		s++;
	if (*s == '+' || *s == '-') {
		v = strtod(s, &end);
		if (end == s || zero_us == TIME_NONE)
			return (-1);
		while (*end == ' ')
			end++;
		if (*end == 's')
			end++;
		if (*end != '\0' || v != v || v > 1e9 || v < -1e9)
			return (-1);
		*out = zero_us + (int64_t)(v * 1e6);
		return (0);
	}
	if (time_parse_iso(s, strlen(s), 0, out) == 0)
		return (0);
	/* a clock time on the day of zero (or of day_us) */
	if (zero_us == TIME_NONE)
		zero_us = day_us;
	if (zero_us == TIME_NONE)
		return (-1);
	time_format(zero_us, day);
	iso = xasprintf("%.10sT%sZ", day, s);
	rc = time_parse_iso(iso, strlen(iso), 0, out);
	free(iso);
	return (rc);
}
