/*
 * rollouts.c: the rollouts view (key 4), prefix rollouts_.  Every
 * rollout of every Deployment, and every deploy of a history that
 * started none, by its start, with what deployed it
 * (rolist_deploy_words: "helm revision 42, deployed by ..."), its new
 * set's image, the pods it replaced, the unclean exits and failed
 * requests of its Deployment while it ran, and the 5xx rate of its new
 * ReplicaSet against the old one's: what answers "was it a deploy?".
 * Under the list, the rollout under the cursor in words; Enter opens the
 * rollout view of the pods it replaced.  The numbers are the model's
 * (rostat.h), counted when the view is loaded; drawing only lays them
 * out.  No SQL.
 */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "timefmt.h"
#include "tui.h"

/* The columns, in the order they are drawn. */
enum rl_col {
	RC_STARTED, RC_DEPLOYMENT, RC_REV, RC_PODS, RC_UNCLEAN, RC_FAILED,
	RC_NEW, RC_OLD, RC_IMAGE, RC_BY, RC__COUNT
};
/* Each one's heading, least width (with the space before) and meaning. */
const struct tui_column rollouts_columns[RC__COUNT + 1] = {
	[RC_STARTED] = { .title = "STARTED", .width = 9, .means = "when the "
	    "new ReplicaSet was first scaled up (with its date when the "
	    "rollouts span more than a day)" },
	[RC_DEPLOYMENT] = { .title = "DEPLOYMENT", .width = 13, .means =
	    "namespace/name of the Deployment (of the release, for a deploy "
	    "that started no rollout: its counts are \"-\")" },
	[RC_REV] = { .title = "REV", .width = 6, .means = "the deploy "
	    "tool's revision when a deploy history names one, else the "
	    "Deployment's" },
	[RC_PODS] = { .title = "PODS", .width = 5, .means = "pods of the "
	    "old ReplicaSet whose deletion the rollout asked for" },
	[RC_UNCLEAN] = { .title = "UNCLEAN", .width = 8, .means = "exits "
	    "of the Deployment's containers that were not clean (a code "
	    "other than 0, or none known) while it ran: from its start until "
	    "the old set's last pod was gone" },
	[RC_FAILED] = { .title = "FAILED", .width = 7, .means = "requests "
	    "routed to the Deployment while it ran that failed (5xx or no "
	    "answer)" },
	[RC_NEW] = { .title = "5XX NEW", .width = 8, .means = "5xx among "
	    "the requests routed to the new ReplicaSet's pods, over the "
	    "whole import" },
	[RC_OLD] = { .title = "5XX OLD", .width = 8, .means = "the same "
	    "for the old ReplicaSet's pods: a release failing more than the "
	    "one it replaced shows here" },
	[RC_IMAGE] = { .title = "IMAGE", .width = 11, .means = "the new "
	    "ReplicaSet's image (its first main container's)" },
	[RC_BY] = { .title = "DEPLOYED BY", .width = 14, .means = "who "
	    "deployed it, as the deploy history or the audit log says" },
};
#define DEP_MAX		33	/* DEPLOYMENT, at most */
#define BY_MAX		25	/* DEPLOYED BY, at most */
#define BRIEF_ROWS	6	/* the rollout under the cursor, in words */
#define IMAGE_LEAST	16	/* IMAGE narrower: DEPLOYMENT takes it */

void
rollouts_clear(struct tui_state *ts)
{
	rostat_free(&ts->rl.stats);
	rolist_free(&ts->rl.ro);
}

/* The pods of the Deployments that rolled out, in *out (a new array). */
static int
rolled_pods(struct tui_state *ts, struct podset_pod ***out, size_t *n,
    char **cause)
{
	const struct rolist	*ro = &ts->rl.ro;
	struct podset_pod	**v;
	size_t			 i, nv;

	*out = NULL;
	*n = 0;
	for (i = 0; i < ro->n; i++) {
		/* the rolist holds each Deployment's rollouts together */
		if (i > 0 && str_eq(ro->v[i].namespace,
		    ro->v[i - 1].namespace) && str_eq(ro->v[i].deployment,
		    ro->v[i - 1].deployment))
			continue;
		if (tui_workload_pods(ts, ro->v[i].namespace,
		    ro->v[i].deployment, &v, &nv, cause) != 0)
			return (-1);
		*out = xreallocarray(*out, *n + nv + 1, sizeof **out);
		memcpy(*out + *n, v, nv * sizeof *v);
		*n += nv;
		free(v);
	}
	return (0);
}

int
rollouts_load(struct tui_state *ts, char **cause)
{
	struct rollouts_state	*rl = &ts->rl;
	struct podset_pod	**pods;
	size_t			  n;
	int			  rc;

	if (rl->stats.v != NULL)
		return (0);	/* the data does not change: as it was */
	rollouts_clear(ts);
	if (rolist_load(ts->st, &rl->ro, cause) != 0)
		return (-1);
	rc = rolled_pods(ts, &pods, &n, cause);
	if (rc == 0)
		rc = rostat_load(ts->st, &rl->ro, pods, n, &rl->stats, cause);
	free(pods);
	if (rc != 0)
		return (-1);
	rl->dated = time_other_day(rl->stats.first_us, rl->stats.last_us);
	if (rl->cursor >= (int)rl->stats.n)
		rl->cursor = rl->stats.n > 0 ? (int)rl->stats.n - 1 : 0;
	return (0);
}

/* "ns/deployment". */
static void
scope_of(const struct rolist_item *r, char *out, size_t len)
{
	snprintf(out, len, "%s/%s", r->namespace != NULL ? r->namespace : "-",
	    r->deployment != NULL ? r->deployment : "-");
}

/* The revision: the tool's, else the Deployment's, else "-". */
static void
rev_of(const struct rolist_item *r, char *out, size_t len)
{
	if (r->deploy_revision != NULL)
		snprintf(out, len, "%s", r->deploy_revision);
	else if (r->revision != INT_NONE)
		snprintf(out, len, "%lld", (long long)r->revision);
	else
		snprintf(out, len, "-");
}

/*
 * The widths of the columns in w (0: left out).  The fixed ones first;
 * then DEPLOYMENT its widest name (up to DEP_MAX: names whole first, as
 * in the other views), DEPLOYED BY (when any is known) its widest up to
 * BY_MAX where IMAGE keeps IMAGE_LEAST, and IMAGE the rest, left out
 * below IMAGE_LEAST (the image is under the list).
 */
static void
fit_columns(int w, const struct rollouts_state *rl, int width[RC__COUNT])
{
	const struct rostat	*s;
	char			 scope[256];
	int			 k, flex = w, dep = 0, by = 0, n;
	size_t			 i;

	for (k = 0; k < RC__COUNT; k++)
		width[k] = rollouts_columns[k].width;
	if (rl->dated)
		width[RC_STARTED] += TIME_DATE_COLS;
	for (i = 0; i < rl->stats.n; i++) {
		s = &rl->stats.v[i];
		scope_of(s->r, scope, sizeof scope);
		if ((n = (int)out_printed_cols(scope) + 1) > dep)
			dep = n;
		if (s->r->deployed_by != NULL &&
		    (n = (int)out_printed_cols(s->r->deployed_by) + 1) > by)
			by = n;
	}
	for (k = 0; k < RC__COUNT; k++)
		if (k != RC_DEPLOYMENT && k != RC_IMAGE && k != RC_BY)
			flex -= width[k];
	if (dep > DEP_MAX)
		dep = DEP_MAX;
	if (dep > flex)
		dep = flex;
	if (dep > width[RC_DEPLOYMENT])
		width[RC_DEPLOYMENT] = dep;
	flex -= width[RC_DEPLOYMENT];
	if (by > flex - IMAGE_LEAST)
		by = flex - IMAGE_LEAST;
	if (by > BY_MAX)
		by = BY_MAX;
	if (by >= width[RC_BY]) {
		width[RC_BY] = by;
		flex -= by;
	} else
		width[RC_BY] = 0;
	/* too narrow to tell images apart: the names get the room */
	if (flex < IMAGE_LEAST) {
		width[RC_DEPLOYMENT] += flex > 0 ? flex : 0;
		flex = 0;
	}
	width[RC_IMAGE] = flex;
}

/*
 * Whether the new set's 5xx rate is more than twice the old one's: its
 * cell in red.  A color only; the numbers are the model's.
 */
static int
new_fails_more(const struct rostat *s)
{
	return (s->new_rs.errors > 0 && s->new_rs.requests > 0 &&
	    s->old_rs.requests > 0 && (double)s->new_rs.errors /
	    (double)s->new_rs.requests > 2.0 * (double)s->old_rs.errors /
	    (double)s->old_rs.requests);
}

/* When a rollout started, as its row shows it ("05-12 01:00:00"). */
static void
started(const struct tui_state *ts, int64_t t_us, char *out, size_t len)
{
	char	t[TIME_FMT_LEN];

	snprintf(out, len, "%s", time_clock_dated(t_us, ts->rl.dated, t,
	    "?"));
}

/* One rollout's row. */
static void
rollout_row(WINDOW *win, const struct tui_state *ts, int y, int w,
    const struct rostat *s, const int width[RC__COUNT], int cur)
{
	const struct rolist_item	*r = s->r;
	attr_t				 a = cur ? A_REVERSE : A_NORMAL;
	enum tui_pair			 pair;
	char				 cell[256], t[24], *fit;
	const char			*text;
	int				 x = 0, k, cw;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	for (k = 0; k < RC__COUNT; k++) {
		if (width[k] == 0)
			continue;
		cw = width[k] - 1;
		pair = PAIR_NONE;
		fit = NULL;
		/* a deploy that started no rollout: nothing counted */
		if (s->deploy_only && k >= RC_PODS && k <= RC_IMAGE) {
			tui_textf(win, &ts->look, y, x + 1, cw, a, PAIR_NONE,
			    "%*s", k == RC_IMAGE ? 1 : cw, "-");
			x += width[k];
			continue;
		}
		switch (k) {
		case RC_STARTED:
			started(ts, r->start_us, cell, sizeof cell);
			break;
		case RC_DEPLOYMENT:
			/* cut in the middle, as the other views cut names */
			scope_of(r, cell, sizeof cell);
			fit = out_fit(cell, (size_t)cw, OUT_CUT_MIDDLE,
			    !ts->look.utf8);
			break;
		case RC_REV:
			rev_of(r, cell, sizeof cell);
			fit = out_fit(cell, (size_t)cw, OUT_CUT_MIDDLE,
			    !ts->look.utf8);
			break;
		case RC_PODS:
			snprintf(cell, sizeof cell, "%*zu", cw, s->nreplaced);
			break;
		case RC_UNCLEAN:
			snprintf(cell, sizeof cell, "%*zu", cw, s->unclean);
			pair = s->unclean > 0 ? PAIR_TERM : PAIR_NONE;
			break;
		case RC_FAILED:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)s->failed);
			pair = s->failed > 0 ? PAIR_TERM : PAIR_NONE;
			break;
		case RC_NEW:
		case RC_OLD:
			rostat_rate(k == RC_NEW ? &s->new_rs : &s->old_rs, t,
			    sizeof t);
			snprintf(cell, sizeof cell, "%*s", cw, t);
			if (k == RC_NEW && new_fails_more(s))
				pair = PAIR_TERM;
			break;
		case RC_IMAGE:
			text = s->image != NULL ? s->image : "-";
			/* the name and tag tell releases apart: the
			   registry's path goes first */
			fit = out_fit(text, (size_t)cw, OUT_CUT_PATH,
			    !ts->look.utf8);
			break;
		case RC_BY:
			fit = out_fit(r->deployed_by != NULL ? r->deployed_by :
			    "-", (size_t)cw, OUT_CUT_MIDDLE, !ts->look.utf8);
			break;
		}
		tui_text(win, &ts->look, y, x + 1, cw, fit != NULL ? fit :
		    cell, a | (pair == PAIR_TERM ? A_BOLD : 0), pair);
		free(fit);
		x += width[k];
	}
}

/* The rollout under the cursor, in words, from row y to y1 - 1. */
static void
brief(WINDOW *win, const struct tui_state *ts, const struct rostat *s,
    int y, int y1, int w)
{
	const struct rolist_item	*r = s->r;
	char				 words[512], t1[32], t2[TIME_FMT_LEN];
	char				 n[24], o[24];
	char				*line;

	if (s->deploy_only) {
		rolist_deploy_words(r, 0, words, sizeof words);
		started(ts, r->start_us, t1, sizeof t1);
		line = xasprintf("%s of %s in %s%s%s, at %s: no rollout of "
		    "it was seen (no Deployment's pods replaced then, or none "
		    "imported of that time)", words,
		    r->deployment != NULL ? r->deployment : "-",
		    r->namespace != NULL ? r->namespace : "-",
		    r->deployed_by != NULL ? ", deployed by " : "",
		    r->deployed_by != NULL ? r->deployed_by : "", t1);
		tui_text_wrapped(win, &ts->look, y, y1, 1, w - 1, 2, line,
		    A_BOLD, PAIR_NONE);
		free(line);
		return;
	}
	rolist_words(r, words, sizeof words);
	line = xasprintf("%s%s of %s/%s, from %s", words, r->old_rs != NULL ?
	    "" : " (its first revision)", r->namespace != NULL ?
	    r->namespace : "-", r->deployment != NULL ? r->deployment : "-",
	    r->old_rs != NULL ? r->old_rs : "none");
	y = tui_text_wrapped(win, &ts->look, y, y1 - 4, 1, w - 1, 2, line,
	    A_BOLD, PAIR_NONE);
	free(line);
	line = xasprintf("image %s", s->image != NULL ? s->image :
	    "unknown (no pod of the new set was seen)");
	y = tui_text_wrapped(win, &ts->look, y, y1 - 3, 1, w - 1, 2, line,
	    A_NORMAL, PAIR_NONE);
	free(line);
	started(ts, r->start_us, t1, sizeof t1);
	time_format(s->to_us, t2);
	line = xasprintf("%s to %.8s: %zu pod%s replaced (%zu SIGKILLed), "
	    "%zu unclean exit%s, %lld of %lld requests failed", t1,
	    s->to_us != TIME_NONE ? t2 + 11 : "now", s->nreplaced,
	    s->nreplaced == 1 ? "" : "s", s->killed, s->unclean,
	    s->unclean == 1 ? "" : "s", (long long)s->failed,
	    (long long)s->requests);
	y = tui_text_wrapped(win, &ts->look, y, y1 - 1, 1, w - 1, 2, line,
	    A_NORMAL, PAIR_NONE);
	free(line);
	rostat_rate(&s->new_rs, n, sizeof n);
	rostat_rate(&s->old_rs, o, sizeof o);
	line = xasprintf("5xx: new set %lld of %lld (%s), old set %lld of "
	    "%lld (%s)", (long long)s->new_rs.errors,
	    (long long)s->new_rs.requests, n, (long long)s->old_rs.errors,
	    (long long)s->old_rs.requests, o);
	tui_text_wrapped(win, &ts->look, y, y1, 1, w - 1, 2, line, A_BOLD,
	    new_fails_more(s) ? PAIR_TERM : PAIR_NONE);
	free(line);
}

/* The rows of the list on a screen of h rows. */
static int
list_rows(int h)
{
	return (h - 4 - BRIEF_ROWS);
}

void
rollouts_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct rollouts_state	*rl = &ts->rl;
	int				 width[RC__COUNT], x, k, i, y, top;
	size_t				 deps = rl->stats.deployments;
	size_t				 nd = rl->stats.ndeploys;
	size_t				 nr = rl->stats.n - nd;
	char				 more[64] = "";

	tui_title(win, w, ts, "Rollouts");
	if (nd > 0)
		snprintf(more, sizeof more, ", %zu deploy%s without one", nd,
		    nd == 1 ? "" : "s");
	tui_textf(win, &ts->look, 1, 0, w, A_NORMAL, PAIR_NONE, "%zu "
	    "rollout%s (%zu Deployment%s)%s; UNCLEAN, FAILED: while it "
	    "ran", nr, nr == 1 ? "" : "s", deps, deps == 1 ? "" : "s", more);
	fit_columns(w, rl, width);
	for (x = 0, k = 0; k < RC__COUNT; k++) {
		if (width[k] == 0)
			continue;
		tui_text(win, &ts->look, 2, x + 1, width[k] - 1,
		    rollouts_columns[k].title, A_BOLD | A_UNDERLINE, PAIR_NONE);
		x += width[k];
	}
	top = tui_top(rl->cursor, rl->top, list_rows(h),
	    (int)rl->stats.n);
	for (i = top, y = 3; i < (int)rl->stats.n && y < 3 + list_rows(h);
	    i++, y++)
		rollout_row(win, ts, y, w, &rl->stats.v[i], width,
		    i == rl->cursor);
	if (rl->stats.n == 0)
		tui_text(win, &ts->look, 3, 1, w - 1, "No rollout is known: "
		    "no Deployment's ReplicaSet was seen taking over from "
		    "another.", A_NORMAL, PAIR_NONE);
	else if (rl->cursor >= 0 && rl->cursor < (int)rl->stats.n)
		brief(win, ts, &rl->stats.v[rl->cursor], h - 1 - BRIEF_ROWS,
		    h - 1, w);
	tui_keybar(win, h, w, ts, "Up/Down rollout  Enter its pods  PgDn "
	    "page  ? help  q back");
}

static int
move_cursor(struct tui_state *ts, int by)
{
	struct rollouts_state	*rl = &ts->rl;

	rl->cursor += by;
	if (rl->cursor >= (int)rl->stats.n)
		rl->cursor = (int)rl->stats.n - 1;
	if (rl->cursor < 0)
		rl->cursor = 0;
	rl->top = tui_top(rl->cursor, rl->top, list_rows(ts->rows),
	    (int)rl->stats.n);
	return (TUI_REDRAW);
}

static int
rl_down(struct tui_state *ts)
{
	return (move_cursor(ts, 1));
}

static int
rl_up(struct tui_state *ts)
{
	return (move_cursor(ts, -1));
}

static int
rl_page_down(struct tui_state *ts)
{
	return (move_cursor(ts, list_rows(ts->rows) > 1 ?
	    list_rows(ts->rows) - 1 : 1));
}

static int
rl_page_up(struct tui_state *ts)
{
	return (move_cursor(ts, -(list_rows(ts->rows) > 1 ?
	    list_rows(ts->rows) - 1 : 1)));
}

static int
rl_open(struct tui_state *ts)
{
	if (ts->rl.stats.n == 0)
		return (TUI_REDRAW);
	if (ts->rl.stats.v[ts->rl.cursor].deploy_only) {
		snprintf(ts->message, sizeof ts->message, "No rollout of this "
		    "deploy was seen: no pod to line up.");
		return (TUI_REDRAW);
	}
	/* the rollout view lines up the pods this rollout replaced */
	ts->rv.finding = -1;
	ts->rv.of_list = 1;
	ts->rv.cursor = ts->rv.top = 0;
	ts->next = VIEW_ROLLOUT;
	return (TUI_PUSH);
}

static int
rl_click(struct tui_state *ts)
{
	int	i = tui_top(ts->rl.cursor, ts->rl.top, list_rows(ts->rows),
		    (int)ts->rl.stats.n) +
		    ts->mouse_y - 3;

	if (ts->mouse_y < 3 || ts->mouse_y >= 3 + list_rows(ts->rows) ||
	    i < 0 || i >= (int)ts->rl.stats.n)
		return (TUI_REDRAW);
	if (i == ts->rl.cursor)
		return (rl_open(ts));
	ts->rl.cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key rollouts_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next rollout",
	    .action = rl_down },
	{ .key = 'j', .name = "j", .help = "next rollout",
	    .action = rl_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous rollout",
	    .action = rl_up },
	{ .key = 'k', .name = "k", .help = "previous rollout",
	    .action = rl_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = rl_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = rl_page_up },
	{ .key = '\r', .name = "Enter", .help = "the rollout view of the "
	    "pods it replaced", .action = rl_open },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a rollout; "
	    "click it again to open it", .action = rl_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* g: the first rollout started at or after that time. */
int
rollouts_go(struct tui_state *ts, const char *answer)
{
	struct rollouts_state	*rl = &ts->rl;
	int64_t			 t;
	size_t			 i;

	if (tui_parse_time(answer, TIME_NONE, rl->stats.first_us, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	for (i = 0; i < rl->stats.n; i++) {
		if (rl->stats.v[i].r->start_us != TIME_NONE &&
		    rl->stats.v[i].r->start_us >= t) {
			rl->cursor = (int)i;
			rl->top = tui_top(rl->cursor, rl->top,
			    list_rows(ts->rows), (int)rl->stats.n);
			return (TUI_REDRAW);
		}
	}
	snprintf(ts->message, sizeof ts->message, "no rollout started at or "
	    "after that time");
	return (TUI_REDRAW);
}
