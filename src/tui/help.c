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
	{ G_DELETION, PAIR_NONE, "the deletion request" },
	{ G_SIGTERM, PAIR_PRESTOP, "SIGTERM (dim: inferred)" },
	{ G_DEADLINE, PAIR_TERM, "the grace deadline: SIGKILL" },
	{ G_EXIT, PAIR_NONE, "a container's exit" },
	{ G_KILLED, PAIR_TERM, "killed: SIGKILL at the deadline, or OOM" },
	{ G_GONE, PAIR_NONE, "the pod gone" },
	{ G_EVENT, PAIR_PRESTOP, "an event" },
	{ G_LOG, PAIR_NONE, "a log line" },
	{ G_MISSING, PAIR_SIDECAR, "a record lost (missing from ours)" },
	{ G_ROLLOUT, PAIR_RUNNING, "a rollout (overview)" },
	{ G_BAR4, PAIR_READY, "requests per column (height: how many)" },
};

static int
keys_of(WINDOW *win, const struct tui_state *ts, int y, int h, int w,
    const struct tui_key *k, const char *title)
{
	const char	*last = NULL;

	if (y < h - 1)
		tui_text(win, &ts->look, y++, 0, w, title, A_BOLD |
		    A_UNDERLINE, PAIR_NONE);
	for (; k->name != NULL && y < h - 1; k++) {
		/* one line for a key bound twice (Enter as \r and \n) */
		if (last != NULL && strcmp(last, k->name) == 0)
			continue;
		last = k->name;
		tui_textf(win, &ts->look, y++, 2, w - 2, A_NORMAL, PAIR_NONE,
		    "%-7s %s", k->name, k->help);
	}
	return (y);
}

void
help_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct tui_view	*v = &tui_views[ts->help_of];
	char			 title[96];
	size_t			 i;
	int			 y = 1, x, col;

	tui_title(win, w, ts, "Help");
	snprintf(title, sizeof title, "Keys of the %s view", v->name);
	if (v->keys != NULL)
		y = keys_of(win, ts, y, h, w, v->keys, title);
	y = keys_of(win, ts, y, h, w, tui_global_keys, "Keys everywhere");
	if (ts->help_of == VIEW_DEATH || ts->help_of == VIEW_ROLLOUT ||
	    ts->help_of == VIEW_OVERVIEW) {
		if (y < h - 1)
			tui_text(win, &ts->look, y++, 0, w, "The lanes",
			    A_BOLD | A_UNDERLINE, PAIR_NONE);
		/* two columns of the legend when they fit */
		col = w >= 100 ? 2 : 1;
		for (i = 0; i < sizeof legend / sizeof legend[0] &&
		    y < h - 1; i++) {
			x = (int)(i % (size_t)col) * (w / col);
			tui_put_glyph(win, &ts->look, y, x + 2, legend[i].g,
			    A_BOLD, legend[i].pair);
			tui_text(win, &ts->look, y, x + 4, w / col - 5,
			    legend[i].what, A_NORMAL, PAIR_NONE);
			if (i % (size_t)col == (size_t)col - 1 ||
			    i + 1 == sizeof legend / sizeof legend[0])
				y++;
		}
	}
	tui_keybar(win, h, w, ts, "q or ? back  (coroner.1 and the README "
	    "tell more)");
}

const struct tui_key help_keys[] = {
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};
