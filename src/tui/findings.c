/*
 * findings.c: the findings list (key 3) and the finding view: its
 * summary, its evidence with each number explained in words
 * (evidence.h), its recommendation, its pods (Enter opens a pod's
 * death view, a its rollout) and the rows behind it (the evidence's
 * per-pod tables).  The text is laid out when the view is loaded, for
 * the width of the window; drawing only copies lines.  No SQL.
 */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "out.h"
#include "report.h"
#include "timefmt.h"
#include "tui.h"

/* ---------------------------------------------------------------- */
/* The list. */

void
tui_finding_scope(const struct row_finding *r, char *out, size_t len)
{
	if (r->workload != NULL && r->namespace != NULL)
		snprintf(out, len, "%s/%s", r->namespace, r->workload);
	else if (r->workload != NULL)
		snprintf(out, len, "%s", r->workload);
	else
		snprintf(out, len, "(no workload)");
}

static void
list_row(WINDOW *win, const struct tui_state *ts, int y, int w, size_t i,
    int cur)
{
	const struct tui_finding	*f = &ts->findings[i];
	attr_t				 a = cur ? A_REVERSE : A_NORMAL;
	char				 t1[TIME_FMT_LEN], t2[TIME_FMT_LEN];
	char				 scope[512], span[32];
	int				 x;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	time_format(f->r.start_us, t1);
	time_format(f->r.end_us, t2);
	x = tui_textf(win, &ts->look, y, 0, w, a, PAIR_NONE, "%2zu ", i + 1);
	x += tui_text(win, &ts->look, y, x, w - x, str_eq(f->r.severity,
	    "critical") ? "CRIT " : "warn ", a | A_BOLD,
	    str_eq(f->r.severity, "critical") ? PAIR_TERM : PAIR_PRESTOP);
	x += tui_textf(win, &ts->look, y, x, w - x, a | A_BOLD, PAIR_NONE,
	    "%-27s ", f->r.kind);
	/* over more than a day: its first day and how long ("+2.0 d") */
	if (f->r.start_us != TIME_NONE && f->r.end_us != TIME_NONE &&
	    strncmp(t1, t2, 10) != 0) {
		moments_fmt_offset(f->r.end_us - f->r.start_us, span,
		    sizeof span);
		x += tui_textf(win, &ts->look, y, x, w - x, a, PAIR_NONE,
		    "%.5s %.5s %-6s ", t1 + 5, t1 + 11, span);
	} else
		x += tui_textf(win, &ts->look, y, x, w - x, a, PAIR_NONE,
		    "%.8s-%.8s ", f->r.start_us != TIME_NONE ? t1 + 11 : "?",
		    f->r.end_us != TIME_NONE ? t2 + 11 : "?");
	tui_finding_scope(&f->r, scope, sizeof scope);
	tui_textf(win, &ts->look, y, x, w - x, a, PAIR_NONE, "%s, %zu pod%s",
	    scope, f->npods, f->npods == 1 ? "" : "s");
}

int
tui_finding_brief(WINDOW *win, const struct tui_state *ts,
    const struct tui_finding *f, int y, int y1, int w)
{
	char	*fix;

	/* the summary first, the fix in what is left (at least a row) */
	y = tui_text_wrapped(win, &ts->look, y, y1 - 1, 1, w - 1, 0,
	    f->r.summary, A_BOLD, PAIR_NONE);
	fix = xasprintf("Fix: %s", f->r.recommendation != NULL ?
	    f->r.recommendation : "-");
	y = tui_text_wrapped(win, &ts->look, y, y1, 1, w - 1, 5, fix, A_DIM,
	    PAIR_NONE);
	free(fix);
	return (y);
}

static int
list_top(const struct tui_state *ts, int rows)
{
	return (tui_top(ts->fl.cursor, ts->fl.top, rows,
	    (int)ts->nfindings));
}

void
findings_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct findings_state	*fl = &ts->fl;
	int				 i, y, top, rows = h - 6;

	tui_title(win, w, ts, "Findings");
	tui_textf(win, &ts->look, 1, 0, w, A_NORMAL, PAIR_NONE, "%zu "
	    "findings, most severe first", ts->nfindings);
	if (ts->nfindings == 0)
		tui_text(win, &ts->look, 3, 1, w - 1, "No findings: nothing "
		    "went wrong that coroner can tell.", A_NORMAL, PAIR_NONE);
	top = list_top(ts, rows);
	for (i = top, y = 2; i < (int)ts->nfindings && y < h - 4; i++, y++)
		list_row(win, ts, y, w, (size_t)i, i == fl->cursor);
	/* the one under the cursor in the rows the list leaves */
	if (fl->cursor >= 0 && fl->cursor < (int)ts->nfindings)
		tui_finding_brief(win, ts, &ts->findings[fl->cursor], y + 1,
		    h - 1, w);
	tui_keybar(win, h, w, ts, "Up/Down finding  Enter open  2 pods  "
	    "; SQL  e export  ? help  q back");
}

static int
fl_down(struct tui_state *ts)
{
	if (ts->fl.cursor + 1 < (int)ts->nfindings)
		ts->fl.cursor++;
	ts->fl.top = list_top(ts, ts->rows - 6);
	return (TUI_REDRAW);
}

static int
fl_up(struct tui_state *ts)
{
	if (ts->fl.cursor > 0)
		ts->fl.cursor--;
	ts->fl.top = list_top(ts, ts->rows - 6);
	return (TUI_REDRAW);
}

static int
fl_first(struct tui_state *ts)
{
	ts->fl.cursor = 0;
	ts->fl.top = list_top(ts, ts->rows - 6);
	return (TUI_REDRAW);
}

static int
fl_last(struct tui_state *ts)
{
	ts->fl.cursor = ts->nfindings > 0 ? (int)ts->nfindings - 1 : 0;
	ts->fl.top = list_top(ts, ts->rows - 6);
	return (TUI_REDRAW);
}

static int
fl_open(struct tui_state *ts)
{
	if (ts->nfindings == 0)
		return (TUI_REDRAW);
	ts->fv.idx = (size_t)ts->fl.cursor;
	ts->next = VIEW_FINDING;
	return (TUI_PUSH);
}

static int
fl_click(struct tui_state *ts)
{
	int	i = list_top(ts, ts->rows - 6) + ts->mouse_y - 2;

	if (ts->mouse_y < 2 || i < 0 || i >= (int)ts->nfindings)
		return (TUI_REDRAW);
	if (i == ts->fl.cursor)
		return (fl_open(ts));
	ts->fl.cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key findings_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next finding",
	    .action = fl_down },
	{ .key = 'j', .name = "j", .help = "next finding", .action = fl_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous finding",
	    .action = fl_up },
	{ .key = 'k', .name = "k", .help = "previous finding",
	    .action = fl_up },
	{ .key = KEY_HOME, .name = "Home", .help = "the first finding",
	    .action = fl_first },
	{ .key = KEY_END, .name = "End", .help = "the last finding",
	    .action = fl_last },
	{ .key = '\r', .name = "Enter", .help = "open the finding",
	    .action = fl_open },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a finding; "
	    "click it again to open it", .action = fl_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* ---------------------------------------------------------------- */
/* One finding. */

static void
fv_clear(struct finding_state *fv)
{
	size_t	i;

	for (i = 0; i < fv->nlines; i++)
		free(fv->lines[i]);
	free(fv->lines);
	free(fv->line_pod);
	free(fv->line_style);
	free(fv->pods);
	fv->lines = NULL;
	fv->line_pod = fv->line_style = NULL;
	fv->pods = NULL;
	fv->nlines = fv->npods = 0;
}

static void
line(struct finding_state *fv, int style, int pod, const char *text)
{
	fv->lines = xreallocarray(fv->lines, fv->nlines + 1,
	    sizeof *fv->lines);
	fv->line_pod = xreallocarray(fv->line_pod, fv->nlines + 1,
	    sizeof *fv->line_pod);
	fv->line_style = xreallocarray(fv->line_style, fv->nlines + 1,
	    sizeof *fv->line_style);
	fv->lines[fv->nlines] = xstrdup(text);
	fv->line_pod[fv->nlines] = pod;
	fv->line_style[fv->nlines] = style;
	fv->nlines++;
}

/*
 * Text made safe and wrapped into lines of width w: the first after
 * first columns, the others after rest.
 */
static void
wrapped_hang(struct finding_state *fv, int style, int first, int rest,
    int w, const char *text)
{
	char		*safe = out_safe(text, strlen(text), SIZE_MAX), *l;
	const char	*p = safe;
	size_t		 n, avail;
	int		 indent = first;

	while (*p != '\0') {
		avail = w - indent > 20 ? (size_t)(w - indent) : 20;
		n = out_wrap_bytes(p, avail);
		l = xasprintf("%*s%.*s", indent, "", (int)n, p);
		line(fv, style, -1, l);
		free(l);
		p += n;
		while (*p == ' ')
			p++;
		indent = rest;
	}
	free(safe);
}

/* Text made safe and wrapped into lines of width w, after indent. */
static void
wrapped(struct finding_state *fv, int style, int indent, int w,
    const char *text)
{
	wrapped_hang(fv, style, indent, indent, w, text);
}

/* An evidence table (an array of objects): a header and one line each. */
static void
evidence_table(struct finding_state *fv, int w, const char *key,
    json_t *arr)
{
	json_t		*cols = report_columns(arr), *row;
	struct buf	 b = { 0 };
	const char	*k;
	char		*v, *l;
	size_t		 i, j;

	l = xasprintf("  %s (%zu row%s):", key, json_array_size(arr),
	    json_array_size(arr) == 1 ? "" : "s");
	line(fv, FL_TEXT, -1, l);
	free(l);
	if (evidence_explain(key) != NULL)
		wrapped(fv, FL_DIM, 4, w, evidence_explain(key));
	for (i = 0; i < json_array_size(arr); i++) {
		row = json_array_get(arr, i);
		buf_clear(&b);
		buf_puts(&b, "    ");
		for (j = 0; j < json_array_size(cols); j++) {
			k = json_string_value(json_array_get(cols, j));
			v = report_text(json_object_get(row, k));
			buf_printf(&b, "%s%s=%s", j > 0 ? "  " : "", k, v);
			free(v);
		}
		wrapped(fv, FL_TEXT, 6, w, b.data + 4);
	}
	buf_free(&b);
	json_decref(cols);
}

/* What the model derived for one pod: the times behind the numbers. */
static void
pod_rows(struct finding_state *fv, int w, const struct podset_pod *p)
{
	const struct row_container	*c;
	struct buf			 b = { 0 };
	char				 t[TIME_FMT_LEN], off[32];
	size_t				 i;

	time_format(p->r.deletion_us, t);
	buf_printf(&b, "  %s: deletion request %s (%s)", p->r.name, t,
	    p->r.deletion_basis != NULL ? p->r.deletion_basis : "not seen");
	if (p->r.sigterm_us != TIME_NONE && p->r.deletion_us != TIME_NONE) {
		moments_fmt_offset(p->r.sigterm_us - p->r.deletion_us, off,
		    sizeof off);
		buf_printf(&b, ", SIGTERM %s (%s)", off, p->r.sigterm_basis);
	}
	if (p->r.deadline_us != TIME_NONE && p->r.deletion_us != TIME_NONE) {
		moments_fmt_offset(p->r.deadline_us - p->r.deletion_us, off,
		    sizeof off);
		buf_printf(&b, ", deadline %s", off);
	}
	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (c->finished_us == TIME_NONE || !model_container_shown(c))
			continue;
		if (p->r.deletion_us != TIME_NONE)
			moments_fmt_offset(c->finished_us - p->r.deletion_us,
			    off, sizeof off);
		else
			time_format(c->finished_us, off);
		buf_printf(&b, "; %s exit %lld at %s%s", c->name,
		    (long long)c->exit_code, off, c->killed_at_deadline ?
		    " (SIGKILL at the deadline)" : "");
	}
	wrapped(fv, FL_TEXT, 4, w, b.data + 2);
	buf_free(&b);
}

static int
fv_layout(struct tui_state *ts, struct tui_finding *f, int w)
{
	struct finding_state	*fv = &ts->fv;
	struct podset_pod	*p;
	json_t			*ev, *v;
	const char		*k, *words;
	char			*s, *l, t1[TIME_FMT_LEN], t2[TIME_FMT_LEN];
	char			 scope[512];
	int64_t			 at;
	void			*it;
	size_t			 i;

	fv_clear(fv);
	fv->width = w;
	time_format(f->r.start_us, t1);
	time_format(f->r.end_us, t2);
	tui_finding_scope(&f->r, scope, sizeof scope);
	l = xasprintf("%s %s: %s", str_eq(f->r.severity, "critical") ?
	    "CRITICAL" : "WARNING", f->r.kind, scope);
	line(fv, FL_HEAD, -1, l);
	free(l);
	l = xasprintf("from %s to %s (UTC)", t1, t2);
	line(fv, FL_DIM, -1, l);
	free(l);
	wrapped(fv, FL_TEXT, 2, w, f->r.summary != NULL ? f->r.summary : "");
	line(fv, FL_TEXT, -1, "");
	line(fv, FL_HEAD, -1, "Evidence");
	ev = f->r.evidence != NULL ? json_loads(f->r.evidence, 0, NULL) :
	    NULL;
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (report_is_table(v))
			continue;
		s = report_text(v);
		l = xasprintf("%s = %s", k, s);
		wrapped_hang(fv, FL_TEXT, 2, 6, w, l);
		free(l);
		free(s);
		if ((words = evidence_explain(k)) != NULL)
			wrapped(fv, FL_DIM, 6, w, words);
	}
	line(fv, FL_TEXT, -1, "");
	line(fv, FL_HEAD, -1, "Recommendation");
	wrapped(fv, FL_TEXT, 2, w, f->r.recommendation != NULL ?
	    f->r.recommendation : "-");
	line(fv, FL_TEXT, -1, "");
	l = f->npods == 0 ? xstrdup("Pods") : xasprintf("Pods (%zu): Enter "
	    "opens the death view, a the rollout", f->npods);
	line(fv, FL_HEAD, -1, l);
	free(l);
	for (i = 0; i < f->nloaded; i++) {
		p = f->pods[i];
		fv->pods = xreallocarray(fv->pods, fv->npods + 1,
		    sizeof *fv->pods);
		fv->pods[fv->npods] = p;
		/* a pod never deleted: when its containers last died */
		at = p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
		    podset_zero_at(p);
		/* dated over an incident of days, as every list is */
		l = xasprintf("  %s/%s  %s %s%s", p->r.namespace, p->r.name,
		    p->r.deletion_us != TIME_NONE || at == TIME_NONE ?
		    "deleted" : "died", time_clock_ms(at,
		    time_other_day(ts->ov.window_lo_us, ts->ov.window_hi_us),
		    t1, "-"), p->r.killed ? "  SIGKILLed" : "");
		line(fv, FL_POD, (int)fv->npods, l);
		free(l);
		fv->npods++;
	}
	if (fv->npods == 0)
		line(fv, FL_DIM, -1, "  (none: it names no pod, so there is "
		    "no death to open)");
	line(fv, FL_TEXT, -1, "");
	line(fv, FL_HEAD, -1, "The rows behind it");
	for (i = 0; i < fv->npods; i++)
		pod_rows(fv, w, fv->pods[i]);
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		v = json_object_iter_value(it);
		if (report_is_table(v))
			evidence_table(fv, w, json_object_iter_key(it), v);
	}
	json_decref(ev);
	/* the first pod, when the first screen shows it: never scroll */
	if (fv->cursor >= (int)fv->nlines || fv->cursor < 0 ||
	    fv->line_pod[fv->cursor] < 0) {
		fv->cursor = -1;
		for (i = 0; i < fv->nlines && (int)i < ts->rows - 2; i++) {
			if (fv->line_pod[i] >= 0) {
				fv->cursor = (int)i;
				break;
			}
		}
	}
	return (0);
}

void
finding_clear(struct tui_state *ts)
{
	fv_clear(&ts->fv);
}

int
finding_load(struct tui_state *ts, char **cause)
{
	if (ts->fv.idx >= ts->nfindings)
		return (0);
	if (tui_finding_pods(ts, &ts->findings[ts->fv.idx], cause) != 0 ||
	    tui_finding_evidence(ts, &ts->findings[ts->fv.idx], cause) != 0)
		return (-1);
	if (ts->fv.width != ts->cols || ts->fv.lines == NULL) {
		ts->fv.cursor = -1;
		ts->fv.top = 0;
	}
	return (fv_layout(ts, &ts->findings[ts->fv.idx], ts->cols));
}

static int
fv_top(const struct finding_state *fv, int rows)
{
	return (tui_top(fv->cursor, fv->top, rows, (int)fv->nlines));
}

void
finding_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct finding_state	*fv = &ts->fv;
	attr_t				 a;
	int				 i, y, top;

	tui_title(win, w, ts, "Finding");
	top = fv_top(fv, h - 2);
	for (i = top, y = 1; i < (int)fv->nlines && y < h - 1; i++, y++) {
		a = fv->line_style[i] == FL_HEAD ? A_BOLD | A_UNDERLINE :
		    fv->line_style[i] == FL_DIM ? A_DIM : A_NORMAL;
		if (i == fv->cursor)
			a |= A_REVERSE;
		tui_text(win, &ts->look, y, 0, w, fv->lines[i], a,
		    i == 0 ? (strncmp(fv->lines[0], "CRIT", 4) == 0 ?
		    PAIR_TERM : PAIR_PRESTOP) : PAIR_NONE);
	}
	/* with no pod line selected, Enter and a take the finding's first */
	tui_keybar(win, h, w, ts, fv->npods == 0 ? "Up/Down PgUp/PgDn "
	    "scroll  ? help  q back" : fv->cursor >= 0 ? "Up/Down pod  Enter "
	    "death view  a rollout  PgUp/PgDn scroll  ? help  q back" :
	    "Up/Down scroll  Enter first pod's death  a rollout  PgUp/PgDn  "
	    "? help  q back");
}

/*
 * Down or Up: the next pod line when it is on the screen, else a line
 * of scrolling (the pods come into sight as the text scrolls, rather than
 * the evidence being jumped over).
 */
static int
fv_move(struct tui_state *ts, int step)
{
	struct finding_state	*fv = &ts->fv;
	int			 rows = ts->rows - 2, i, from, pass;

	fv->top = fv_top(fv, rows);
	for (pass = 0; pass < 2; pass++) {
		from = fv->cursor >= 0 ? fv->cursor + step : step > 0 ?
		    fv->top : fv->top + rows - 1;
		for (i = from; i >= fv->top && i < fv->top + rows &&
		    i < (int)fv->nlines; i += step) {
			if (fv->line_pod[i] >= 0) {
				fv->cursor = i;
				return (TUI_REDRAW);
			}
		}
		if (pass == 1)
			break;
		/* none on the screen that way: scroll a line */
		fv->top += step;
		if (fv->top > (int)fv->nlines - rows)
			fv->top = (int)fv->nlines - rows;
		if (fv->top < 0)
			fv->top = 0;
		if (fv->cursor >= 0 && (fv->cursor < fv->top ||
		    fv->cursor >= fv->top + rows))
			fv->cursor = -1;
		else if (fv->cursor >= 0)
			break;
	}
	return (TUI_REDRAW);
}

static int
fv_down(struct tui_state *ts)
{
	return (fv_move(ts, 1));
}

static int
fv_up(struct tui_state *ts)
{
	return (fv_move(ts, -1));
}

static int
fv_page(struct tui_state *ts, int by)
{
	struct finding_state	*fv = &ts->fv;

	fv->top += by;
	if (fv->top > (int)fv->nlines - (ts->rows - 2))
		fv->top = (int)fv->nlines - (ts->rows - 2);
	if (fv->top < 0)
		fv->top = 0;
	if (fv->cursor >= 0 && (fv->cursor < fv->top ||
	    fv->cursor >= fv->top + ts->rows - 2))
		fv->cursor = -1;
	return (TUI_REDRAW);
}

static int
fv_page_down(struct tui_state *ts)
{
	return (fv_page(ts, ts->rows - 3));
}

static int
fv_page_up(struct tui_state *ts)
{
	return (fv_page(ts, -(ts->rows - 3)));
}

/* The pod under the cursor, or the finding's first. */
static struct podset_pod *
fv_pod(struct tui_state *ts)
{
	struct finding_state	*fv = &ts->fv;

	if (fv->cursor >= 0 && fv->line_pod[fv->cursor] >= 0)
		return (fv->pods[fv->line_pod[fv->cursor]]);
	return (fv->npods > 0 ? fv->pods[0] : NULL);
}

/* Enter or a on a finding that names no pod (records missing at large). */
static int
no_pod(struct tui_state *ts)
{
	snprintf(ts->message, sizeof ts->message, "This finding names no "
	    "pod: there is no death to open.");
	return (TUI_REDRAW);
}

static int
fv_open(struct tui_state *ts)
{
	struct podset_pod	*p = fv_pod(ts);
	char			*cause = NULL;

	if (p == NULL)
		return (no_pod(ts));
	if (death_open(ts, p, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	ts->next = VIEW_DEATH;
	return (TUI_PUSH);
}

static int
fv_rollout(struct tui_state *ts)
{
	struct podset_pod	*p = fv_pod(ts);
	char			*cause = NULL;

	if (p == NULL)
		return (no_pod(ts));
	/* the rollout view lines up the finding's pods */
	ts->rv.finding = (int)ts->fv.idx;
	ts->rv.of_list = 0;
	if (death_open(ts, p, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	ts->next = VIEW_ROLLOUT;
	return (TUI_PUSH);
}

static int
fv_click(struct tui_state *ts)
{
	struct finding_state	*fv = &ts->fv;
	int			 i = fv_top(fv, ts->rows - 2) + ts->mouse_y - 1;

	if (ts->mouse_y < 1 || i < 0 || i >= (int)fv->nlines ||
	    fv->line_pod[i] < 0)
		return (TUI_REDRAW);
	if (i == fv->cursor)
		return (fv_open(ts));
	fv->cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key finding_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next pod (or scroll)",
	    .action = fv_down },
	{ .key = 'j', .name = "j", .help = "next pod", .action = fv_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous pod (or scroll)",
	    .action = fv_up },
	{ .key = 'k', .name = "k", .help = "previous pod", .action = fv_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "scroll a page down",
	    .action = fv_page_down },
	{ .key = ' ', .name = "Space", .help = "scroll a page down",
	    .action = fv_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "scroll a page up",
	    .action = fv_page_up },
	{ .key = '\r', .name = "Enter", .help = "the pod's death view",
	    .action = fv_open },
	{ .key = 'a', .name = "a", .help = "the rollout view: its pods "
	    "aligned at their deletion", .action = fv_rollout },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a pod; click "
	    "it again to open it", .action = fv_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
