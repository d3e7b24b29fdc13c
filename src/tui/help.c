/*
 * help.c: the help view (?).  Every key of the view it was opened from,
 * then the keys of every view, then what the lanes' glyphs mean, all
 * taken from the key tables and the glyph table themselves, so that the
 * help cannot drift from what the keys do.  No SQL.
 */
#include <string.h>

#include "tui.h"

/* The legend of the lanes: a glyph and what it stands for. */
static const struct {
	enum tui_glyph	 g;
	enum tui_pair	 pair;
	const char	*what;
} legend[] = {
	{ G_PENDING, PAIR_NONE, "pending: created, not started" },
	{ G_RUNNING, PAIR_RUNNING, "running, not ready" },
	{ G_READY, PAIR_READY, "ready: in the endpoints" },
	{ G_PRESTOP, PAIR_PRESTOP, "preStop: deletion requested, the hook "
	    "runs inside the grace" },
	{ G_TERMINATING, PAIR_TERM, "after SIGTERM, until the exit" },
	{ G_SIDECARS, PAIR_SIDECAR, "only sidecars still running" },
	{ G_EXITED, PAIR_NONE, "exited, the pod not yet gone" },
	{ G_PRESTOP, PAIR_PRESTOP, "endpoint lane: terminating, still "
	    "serving (then \xe2\x94\x88 not serving)" },
	{ G_TERMINATING, PAIR_TERM, "node lane: NotReady (? Unknown, "
	    "\xe2\x86\xbb a reboot)" },
	{ G_SIDECARS, PAIR_PRESTOP, "node lane: cordoned (unschedulable)" },
	{ G_NO_EVIDENCE, PAIR_NONE, "no evidence: no source of this lane's "
	    "kind covers that time" },
	{ G_DELETION, PAIR_NONE, "the deletion request (endpoint lane: "
	    "marked terminating)" },
	{ G_SIGTERM, PAIR_PRESTOP, "SIGTERM (dim: inferred)" },
	{ G_DEADLINE, PAIR_TERM, "the grace deadline: SIGKILL" },
	{ G_EXIT, PAIR_NONE, "a container's exit" },
	{ G_KILLED, PAIR_TERM, "killed: SIGKILL at the deadline, or OOM" },
	{ G_GONE, PAIR_NONE, "the pod gone (endpoint lane: removed from "
	    "its slice)" },
	{ G_EVENT, PAIR_PRESTOP, "an event" },
	{ G_LOG, PAIR_NONE, "a log line" },
	{ G_MISSING, PAIR_SIDECAR, "a record missing from ours, at its "
	    "time" },
	{ G_ROUTED, PAIR_PRESTOP, "the last request routed after the "
	    "deletion: the load balancer's lag" },
	{ G_FAILURE, PAIR_TERM, "the first and last failed request" },
	{ G_DIED, PAIR_TERM, "a container died (it was restarted after)" },
	{ G_RESTART, PAIR_RUNNING, "the kubelet restarted it" },
	{ G_BAR4, PAIR_READY, "death and rollout views: requests per column "
	    "(height: how many); beside them N ok (answered) and N failed "
	    "(5xx or no answer), counted over the axis shown" },
	/* the overview: three rows a workload, one meaning a glyph */
	{ G_BAR4, PAIR_READY, "overview, a workload's 1st row: requests "
	    "routed to its pods per column" },
	{ G_BAR4, PAIR_TERM, "overview, 2nd row: failed requests (5xx, "
	    "connection failures) per column" },
	{ G_BAR1, PAIR_NONE, "overview bars: the lowest, at least one "
	    "request in the column" },
	{ G_BAR8, PAIR_NONE, "overview bars: the full height, the row's "
	    "busiest column shown" },
	{ G_ROLLOUT, PAIR_RUNNING, "overview, 3rd row: a rollout, the pods "
	    "it replaced die under it" },
	{ G_EXIT, PAIR_NONE, "overview, 3rd row: a pod's death outside a "
	    "rollout" },
	{ G_KILLED, PAIR_TERM, "overview, 3rd row: a pod SIGKILLed at its "
	    "deadline" },
	{ G_MISSING, PAIR_SIDECAR, "overview, 3rd row: a record missing "
	    "from ours" },
};

/*
 * One line of the help: a heading, a key, or a glyph of the legend.
 * The lines are the same on every draw of one width; help_top says which
 * is first.
 */
struct hline {
	const char		*text;	/* a heading, or NULL */
	const struct tui_key	*key;	/* a key, or NULL */
	const struct tui_column	*col;	/* a column (its first line), or NULL */
	const char		*part;	/* a column's meaning from here, */
	int			 len;	/* this many bytes of it on this line */
	int			 glyph;	/* a legend entry, or -1 */
};

#define COL_INDENT	13	/* where a column's meaning starts */

/*
 * Adds the lines of column c, its meaning wrapped at spaces to w - indent
 * columns (the meanings are ASCII).
 */
static size_t
column_lines(const struct tui_column *c, int w, struct hline *v, size_t n,
    size_t max)
{
	const char	*p = c->means, *cut;
	int		 room = w - COL_INDENT - 1, len;

	if (room < 20)
		room = 20;
	while (*p != '\0' && n < max) {
		len = (int)strlen(p);
		if (len > room) {
			for (cut = p + room; cut > p && *cut != ' '; cut--)
				;
			len = cut > p ? (int)(cut - p) : room;
		}
		v[n++] = (struct hline){ .col = p == c->means ? c : NULL,
		    .part = p, .len = len, .glyph = -1 };
		p += len;
		while (*p == ' ')
			p++;
	}
	return (n);
}

/* The help's lines for the view it describes, at most max of them. */
static size_t
help_lines(const struct tui_state *ts, int w, struct hline *v, size_t max,
    char *title, size_t tlen)
{
	const struct tui_view	*view = &tui_views[ts->help_of];
	const struct tui_key	*tabs[2] = { view->keys, tui_global_keys };
	const char		*last;
	size_t			 n = 0, i, t;

	snprintf(title, tlen, "Keys of the %s view", view->name);
	for (t = 0; t < 2; t++) {
		if (tabs[t] == NULL || tabs[t]->name == NULL)
			continue;
		if (n < max)
			v[n++] = (struct hline){ .text = t == 0 ? title :
			    "Keys everywhere", .glyph = -1 };
		last = NULL;
		for (i = 0; tabs[t][i].name != NULL && n < max; i++) {
			/* one line for a key bound twice (Enter) */
			if (last != NULL && strcmp(last, tabs[t][i].name) == 0)
				continue;
			last = tabs[t][i].name;
			v[n++] = (struct hline){ .key = &tabs[t][i],
			    .glyph = -1 };
		}
	}
	if (view->columns != NULL && n < max)
		v[n++] = (struct hline){ .text = "The columns", .glyph = -1 };
	for (i = 0; view->columns != NULL && view->columns[i].title != NULL;
	    i++)
		n = column_lines(&view->columns[i], w, v, n, max);
	if (ts->help_of == VIEW_DEATH || ts->help_of == VIEW_ROLLOUT ||
	    ts->help_of == VIEW_OVERVIEW) {
		if (n < max)
			v[n++] = (struct hline){ .text = "The lanes",
			    .glyph = -1 };
		for (i = 0; i < sizeof legend / sizeof legend[0] && n < max;
		    i++)
			v[n++] = (struct hline){ .glyph = (int)i };
	}
	return (n);
}

#define HELP_MAX	256

void
help_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	struct hline	 v[HELP_MAX];
	char		 title[96];
	size_t		 n, i;
	int		 y, top;

	tui_title(win, w, ts, "Help");
	n = help_lines(ts, w, v, HELP_MAX, title, sizeof title);
	top = ts->help_top;
	if (top > (int)n - (h - 2))
		top = (int)n - (h - 2);
	if (top < 0)
		top = 0;
	for (i = (size_t)top, y = 1; i < n && y < h - 1; i++, y++) {
		if (v[i].text != NULL)
			tui_text(win, &ts->look, y, 0, w, v[i].text, A_BOLD |
			    A_UNDERLINE, PAIR_NONE);
		else if (v[i].key != NULL)
			tui_textf(win, &ts->look, y, 2, w - 2, A_NORMAL,
			    PAIR_NONE, "%-7s %s", v[i].key->name,
			    v[i].key->help);
		else if (v[i].part != NULL) {
			if (v[i].col != NULL)
				tui_text(win, &ts->look, y, 2, COL_INDENT - 3,
				    v[i].col->title, A_NORMAL, PAIR_NONE);
			tui_textf(win, &ts->look, y, COL_INDENT, w -
			    COL_INDENT, A_NORMAL, PAIR_NONE, "%.*s", v[i].len,
			    v[i].part);
		}
		else {
			tui_put_glyph(win, &ts->look, y, 2,
			    legend[v[i].glyph].g, A_BOLD,
			    legend[v[i].glyph].pair);
			tui_text(win, &ts->look, y, 5, w - 5,
			    legend[v[i].glyph].what, A_NORMAL, PAIR_NONE);
		}
	}
	tui_keybar(win, h, w, ts, (size_t)(h - 2) < n ? "Up/Down/PgDn scroll  "
	    "q or ? back  (coroner(1) tells more)" : "q or ? back  "
	    "(coroner(1) tells more)");
}

static int
help_scroll(struct tui_state *ts, int by)
{
	ts->help_top += by;
	if (ts->help_top < 0)
		ts->help_top = 0;
	if (ts->help_top > HELP_MAX)
		ts->help_top = HELP_MAX;
	return (TUI_REDRAW);
}

static int
help_down(struct tui_state *ts)
{
	return (help_scroll(ts, 1));
}

static int
help_up(struct tui_state *ts)
{
	return (help_scroll(ts, -1));
}

static int
help_page_down(struct tui_state *ts)
{
	return (help_scroll(ts, ts->rows - 3));
}

static int
help_page_up(struct tui_state *ts)
{
	return (help_scroll(ts, -(ts->rows - 3)));
}

const struct tui_key help_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "scroll down",
	    .action = help_down },
	{ .key = KEY_UP, .name = "Up", .help = "scroll up",
	    .action = help_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = help_page_down },
	{ .key = ' ', .name = "Space", .help = "a page down",
	    .action = help_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = help_page_up },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
