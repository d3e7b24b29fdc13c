/*
 * pods.c: the pods view (key 2).  Every pod, grouped by workload and
 * ordered by death, with the columns that fit the width, those the
 * incident needs first (room_order): name (cut with an ellipsis, never
 * silently), node, IP, deletion and who asked for it (the audit log's
 * actor), how its containers ended, restarts, grace, failed requests
 * routed to it, records missing in its window and the findings that name
 * it.  / filters by text; Enter opens the pod's death view.  No SQL:
 * totals come through store.h.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyze.h"
#include "deletion.h"
#include "out.h"
#include "timefmt.h"
#include "tui.h"

/* A finding kind's badge, for the last column (from the kinds' table). */
static const char *
badge_of(const char *kind)
{
	int	k = finding_kind_lookup(kind);

	return (k >= 0 ? finding_kinds[k].badge : "?");
}

/*
 * The findings naming each pod, as badges: one string per pod of the
 * podset, by its index (a new array of pods.n badges' buffers).
 */
struct badges {
	char	s[48];		/* "KILL GRACE" */
};

static struct badges *
pod_badges(struct tui_state *ts)
{
	const struct tui_finding	*f;
	struct podset			*ps = &ts->pods;
	struct podset_pod		*p;
	struct badges			*v;
	char				*out;
	const char			*b;
	size_t				 i, j;

	v = xcalloc(ps->n > 0 ? ps->n : 1, sizeof *v);
	for (i = 0; i < ts->nfindings; i++) {
		f = &ts->findings[i];
		b = badge_of(f->r.kind);
		for (j = 0; f->uids != NULL && f->uids[j] != NULL; j++) {
			if ((p = podset_find(ps, f->uids[j])) == NULL)
				continue;
			out = v[p - ps->v].s;
			if (strstr(out, b) == NULL)
				snprintf(out + strlen(out), sizeof v->s -
				    strlen(out), "%s%s", out[0] != '\0' ? " " :
				    "", b);
		}
	}
	return (v);
}

/* One container's end, as EXITS shows it. */
struct exit_cell {
	const char	*name;		/* borrowed: a sidecar's name, NULL for
					   a main container (its code alone) */
	char		 code[48];	/* "137 SIGKILL", "0", "run", "-",
					   "?" */
};

/* The pod's containers, main ones first: a new array (caller frees). */
static struct exit_cell *
exit_cells(const struct podset_pod *p, size_t *n)
{
	const struct row_container	*c;
	struct exit_cell		*v;
	size_t				 i;
	int				 side;

	v = xcalloc(p->nc > 0 ? p->nc : 1, sizeof *v);
	*n = 0;
	for (side = 0; side < 2; side++) {
		for (i = 0; i < p->nc; i++) {
			c = &p->c[i];
			if (model_is_plain_init(c) || c->sidecar != side)
				continue;
			v[*n].name = side ? c->name : NULL;
			if (podset_exit_unknown(p, c))
				snprintf(v[*n].code, sizeof v->code, "?");
			else if (c->finished_us == TIME_NONE)
				snprintf(v[*n].code, sizeof v->code, "%s",
				    c->started_us != TIME_NONE ? "run" : "-");
			else if (c->exit_code == INT_NONE)
				snprintf(v[*n].code, sizeof v->code, "?");
			else
				model_exit_label(c, EW_OOM, v[*n].code,
				    sizeof v->code);
			(*n)++;
		}
	}
	return (v);
}

/*
 * The cells joined ("137 SIGKILL, istio-proxy 0"), each sidecar's name cut
 * to at most name_cols columns (0: whole) and the cells from the keep-th
 * on counted as "+N" (keep = n: all shown).  A new string.
 */
static char *
exits_join(const struct exit_cell *v, size_t n, size_t name_cols,
    size_t keep, int ascii)
{
	struct buf	 b = { 0 };
	char		*name;
	size_t		 i;

	for (i = 0; i < n && i < keep; i++) {
		if (b.len > 0)
			buf_puts(&b, ", ");
		if (v[i].name != NULL) {
			name = out_fit(v[i].name, name_cols > 0 ? name_cols :
			    strlen(v[i].name) + 1, OUT_CUT_END, ascii);
			buf_printf(&b, "%s ", name);
			free(name);
		}
		buf_puts(&b, v[i].code);
	}
	if (keep < n)
		buf_printf(&b, "%s+%zu", b.len > 0 ? " " : "", n - keep);
	if (b.data == NULL)
		buf_puts(&b, "-");
	return (b.data);
}

/*
 * How the pod's containers ended, in at most cols columns (0: no limit):
 * the main containers' codes first ("137 SIGKILL", "0", "run", "?": its
 * end never logged), then each sidecar's with its name ("istio-proxy 0").
 * Too wide, the sidecars' names are cut alike, never below a few
 * characters, and every code stays; still too wide, the last containers
 * are counted ("0, istio… 0 +2").  A new string.
 */
static char *
exits_of(const struct podset_pod *p, int cols, int ascii)
{
	struct exit_cell	*v;
	char			*s;
	size_t			 n, i, keep, longest = 0, nc, least;

	v = exit_cells(p, &n);
	s = exits_join(v, n, 0, n, ascii);
	if (cols <= 0 || out_printed_cols(s) <= (size_t)cols) {
		free(v);
		return (s);
	}
	for (i = 0; i < n; i++) {
		if (v[i].name != NULL && strlen(v[i].name) > longest)
			longest = strlen(v[i].name);
	}
	least = ascii ? 6 : 4;		/* three characters and the cut */
	for (keep = n; keep > 0; keep--) {
		for (nc = longest; nc >= least; nc--) {
			free(s);
			s = exits_join(v, n, nc, keep, ascii);
			if (out_printed_cols(s) <= (size_t)cols) {
				free(v);
				return (s);
			}
		}
	}
	free(s);
	s = exits_join(v, n, least, 1, ascii);
	free(v);
	return (s);
}

static int64_t
restarts_of(const struct podset_pod *p)
{
	int64_t	n = 0;
	size_t	i;

	for (i = 0; i < p->nc; i++) {
		if (p->c[i].restarts != INT_NONE)
			n += p->c[i].restarts;
	}
	return (n);
}

/* Whether the pod matches the filter (case-insensitive substrings). */
static int
matches(const struct pods_row *r, const char *filter)
{
	const struct podset_pod	*p = r->pod;
	const char		*fields[] = {
		p->r.namespace, p->r.name, p->r.workload, p->r.node, p->r.ip,
		r->badges, p->r.uid, p->r.deletion_by
	};
	size_t			 i, j;

	if (filter[0] == '\0')
		return (1);
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		if (fields[i] != NULL && strcasestr(fields[i], filter) != NULL)
			return (1);
	}
	for (j = 0; j < p->nc; j++) {
		if (strcasestr(p->c[j].name, filter) != NULL)
			return (1);
	}
	return (0);
}

static int
cmp_total(const void *key, const void *elem)
{
	const struct store_pod_total	*t = elem;

	return (strcmp(key, t->uid));
}

static int
cmp_total_sort(const void *a, const void *b)
{
	const struct store_pod_total	*p = a, *q = b;

	return (strcmp(p->uid, q->uid));
}

/*
 * The widest EXITS and DELETED BY cells of the rows, in columns, and
 * which counts the incident has.
 */
static void
measure(struct pods_state *pl)
{
	const struct podset_pod	*p;
	char			*cell, *by;
	size_t			 i;
	int			 n;

	pl->exits_cols = pl->by_cols = 1;	/* "-" */
	pl->any_failed = pl->any_missing = pl->badges_cols = 0;
	for (i = 0; i < pl->nrows; i++) {
		if ((p = pl->rows[i].pod) == NULL)
			continue;
		pl->any_failed |= pl->rows[i].failed > 0;
		pl->any_missing |= pl->rows[i].missing > 0;
		if ((n = (int)strlen(pl->rows[i].badges)) > pl->badges_cols)
			pl->badges_cols = n;
		cell = exits_of(p, 0, 0);
		if ((n = (int)out_printed_cols(cell)) > pl->exits_cols)
			pl->exits_cols = n;
		free(cell);
		if ((by = deletion_actor_short(p->r.deletion_by)) == NULL)
			continue;
		if ((n = (int)out_printed_cols(by)) > pl->by_cols)
			pl->by_cols = n;
		free(by);
	}
}

void
pods_clear(struct tui_state *ts)
{
	free(ts->pl.rows);
	ts->pl.rows = NULL;
	ts->pl.nrows = 0;
}

int
pods_load(struct tui_state *ts, char **cause)
{
	struct pods_state	*pl = &ts->pl;
	struct store_pod_total	*tot, *hit;
	struct pods_row		 r;
	const struct podset_pod	*prev = NULL;
	struct podset_pod	*p, **order;
	size_t			 ntot, i, k;
	int64_t			 lo, hi, t;
	struct badges		*pb;
	char			*h;

	if (pl->rows != NULL && strcmp(pl->loaded, pl->filter) == 0)
		return (0);	/* the data does not change: as it was */
	if (store_pod_totals(ts->st, &tot, &ntot, cause) != 0)
		return (-1);
	pb = pod_badges(ts);
	order = xreallocarray(NULL, ts->pods.n > 0 ? ts->pods.n : 1,
	    sizeof *order);
	for (i = 0; i < ts->pods.n; i++)
		order[i] = &ts->pods.v[i];
	xqsort(order, ts->pods.n, sizeof *order, podset_cmp_death);
	for (i = 0, lo = hi = TIME_NONE; i < ts->pods.n; i++) {
		t = ts->pods.v[i].r.deletion_us;
		if (t != TIME_NONE && (lo == TIME_NONE || t < lo))
			lo = t;
		if (t != TIME_NONE && (hi == TIME_NONE || t > hi))
			hi = t;
	}
	pl->dated = time_other_day(lo, hi);
	xqsort(tot, ntot, sizeof *tot, cmp_total_sort);
	free(pl->rows);
	pl->rows = NULL;
	pl->nrows = 0;
	for (i = 0; i < ts->pods.n; i++) {
		p = order[i];
		memset(&r, 0, sizeof r);
		r.pod = p;
		/* a pod's totals are spread over adjacent entries */
		hit = xbsearch(p->r.uid, tot, ntot, sizeof *tot, cmp_total);
		if (hit != NULL) {
			k = (size_t)(hit - tot);
			while (k > 0 && strcmp(tot[k - 1].uid, p->r.uid) == 0)
				k--;
			for (; k < ntot && strcmp(tot[k].uid, p->r.uid) == 0;
			    k++) {
				r.failed += tot[k].failed;
				r.missing += tot[k].missing;
			}
		}
		snprintf(r.badges, sizeof r.badges, "%s", pb[p - ts->pods.v].s);
		if (!matches(&r, pl->filter))
			continue;
		if (prev == NULL || !str_eq(prev->r.namespace,
		    p->r.namespace) || !str_eq(prev->r.workload,
		    p->r.workload)) {
			h = xasprintf("%s/%s (%s)", p->r.namespace != NULL ?
			    p->r.namespace : "-", p->r.workload != NULL ?
			    p->r.workload : "-", p->r.workload_kind != NULL ?
			    p->r.workload_kind : "?");
			pl->rows = xreallocarray(pl->rows, pl->nrows + 1,
			    sizeof *pl->rows);
			memset(&pl->rows[pl->nrows], 0, sizeof *pl->rows);
			pl->rows[pl->nrows++].heading = arena_strdup(
			    &ts->strings, h);
			free(h);
		}
		prev = p;
		pl->rows = xreallocarray(pl->rows, pl->nrows + 1,
		    sizeof *pl->rows);
		pl->rows[pl->nrows++] = r;
	}
	store_pod_totals_free(tot, ntot);
	free(order);
	free(pb);
	snprintf(pl->loaded, sizeof pl->loaded, "%s", pl->filter);
	measure(pl);
	if (pl->cursor >= (int)pl->nrows)
		pl->cursor = (int)pl->nrows - 1;
	while (pl->cursor >= 0 && pl->cursor < (int)pl->nrows &&
	    pl->rows[pl->cursor].pod == NULL)
		pl->cursor++;
	if (pl->cursor >= (int)pl->nrows)
		pl->cursor = -1;
	return (0);
}

/* The columns, in the order they are drawn. */
enum pods_col {
	COL_EXITS, COL_DELETED, COL_DELETED_BY, COL_BADGES, COL_FAILED,
	COL_LOST, COL_RESTARTS, COL_GRACE, COL_NODE, COL_IP, COL__COUNT
};
/* The columns: each one's heading, least width and meaning (the help). */
const struct tui_column pods_columns[COL__COUNT + 1] = {
	[COL_EXITS] = { .title = "EXITS", .width = 13, .means = "each "
	    "container's last exit: its code and signal or reason" },
	[COL_DELETED] = { .title = "DELETED", .width = 9, .means = "when "
	    "its deletion was requested (the grace starts there)" },
	[COL_DELETED_BY] = { .title = "DELETED BY", .width = 16, .means =
	    "who or what asked for the deletion, when known" },
	[COL_FAILED] = { .title = "FAILED", .width = 7, .means = "requests "
	    "routed to its IPs that failed (5xx or no answer), over the "
	    "whole import" },
	[COL_LOST] = { .title = "MISS", .width = 5, .means = "records "
	    "missing from ours whose time falls in its termination window "
	    "(its deletion request, minus the lead, to its end): where the "
	    "other party's times fall, not proof that this pod lost them" },
	[COL_BADGES] = { .title = "FINDINGS", .width = 16, .means = "the "
	    "findings that name it, by badge" },
	[COL_RESTARTS] = { .title = "RST", .width = 5, .means = "its "
	    "containers' restarts, as the kubelet counts them" },
	[COL_GRACE] = { .title = "GRACE", .width = 6, .means = "its grace "
	    "period in seconds (terminationGracePeriodSeconds, or the "
	    "deletion's)" },
	[COL_NODE] = { .title = "NODE", .width = 15, .means = "the node it "
	    "ran on" },
	[COL_IP] = { .title = "IP", .width = 16, .means = "its pod IP" },
};
/*
 * The order they are given room as the width grows: what the incident
 * has first (records reconciled and missing: MISS; requests that failed:
 * FAILED), then the findings, which they explain; the restarts and the
 * grace; who deleted the pod after those and before the node and IP,
 * narrowed to the room left; a count that is zero for every pod last,
 * as it says nothing.  Fills order with the COL__COUNT columns.
 */
static void
room_order(const struct pods_state *pl, enum pods_col order[COL__COUNT])
{
	static const enum pods_col	rest[] = {
		COL_BADGES, COL_RESTARTS, COL_GRACE, COL_DELETED_BY, COL_NODE,
		COL_IP
	};
	size_t				n = 0, i;

	order[n++] = COL_EXITS;
	order[n++] = COL_DELETED;
	if (pl->any_missing)
		order[n++] = COL_LOST;
	if (pl->any_failed)
		order[n++] = COL_FAILED;
	for (i = 0; i < sizeof rest / sizeof rest[0]; i++)
		order[n++] = rest[i];
	if (!pl->any_missing)
		order[n++] = COL_LOST;
	if (!pl->any_failed)
		order[n++] = COL_FAILED;
}
#define NAME_MIN	22
#define NAME_MAX	52
#define EXITS_MAX	33	/* EXITS takes this before DELETED BY grows */
#define BY_MAX		33	/* DELETED BY, at most */

/*
 * Which columns fit in w and how wide (0: left out), and the name's
 * width.  EXITS gets what is left once every column that fits is in, and
 * the columns from RST on fit only where EXITS then holds its widest
 * cell (up to EXITS_MAX);
 * DELETED BY is as wide as its widest cell, shrunk to what is left once
 * EXITS holds its widest (up to EXITS_MAX), left out below its least.
 */
static int
fit_columns(int w, const struct pods_state *pl, int longest,
    int width[COL__COUNT])
{
	enum pods_col	room[COL__COUNT];
	int		k, i, used, name_w, cap = w * 2 / 5, fits, want, least;
	int		exits_more, decor = 0;

	room_order(pl, room);
	/* the whole name first, up to two fifths of the width */
	name_w = longest + 2;
	if (name_w > NAME_MAX)
		name_w = NAME_MAX;
	if (name_w > cap)
		name_w = cap;
	if (name_w < NAME_MIN)
		name_w = NAME_MIN;
	exits_more = (pl->exits_cols < EXITS_MAX ? pl->exits_cols :
	    EXITS_MAX) + 1 - pods_columns[COL_EXITS].width;
	if (exits_more < 0)
		exits_more = 0;
	/* in their order: one that does not fit leaves out those after */
	used = name_w;
	fits = 1;
	for (k = 0; k < COL__COUNT; k++) {
		i = room[k];
		want = least = pods_columns[i].width;
		if (i == COL_DELETED && pl->dated)
			want = least += TIME_DATE_COLS;
		/* the findings as wide as their widest badges */
		if (i == COL_BADGES && pl->badges_cols + 1 < want)
			want = least = (pl->badges_cols > 8 ?
			    pl->badges_cols : 8) + 1;
		if (i == COL_DELETED_BY) {
			want = (int)strlen(pods_columns[i].title);
			want = (pl->by_cols > want ? pl->by_cols : want) + 1;
			if (want > BY_MAX)
				want = BY_MAX;
			if (want < least)
				least = want;
			if (want > w - used - exits_more)
				want = w - used - exits_more;
		}
		/* the decorative ones only once EXITS is whole */
		decor = decor || i == COL_RESTARTS;
		fits = fits && want >= least && used + want + (decor ?
		    exits_more : 0) <= w;
		width[i] = fits ? want : 0;
		if (fits)
			used += want;
	}
	width[COL_EXITS] += w - used > 0 ? w - used : 0;
	return (name_w);
}

/* The widest pod name of the rows. */
static int
longest_name(const struct pods_state *pl)
{
	size_t	i, n, w = 0;

	for (i = 0; i < pl->nrows; i++) {
		if (pl->rows[i].pod != NULL &&
		    pl->rows[i].pod->r.name != NULL &&
		    (n = strlen(pl->rows[i].pod->r.name)) > w)
			w = n;
	}
	return ((int)w);
}

/* The cells of one pod, in column order, after its name. */
static void
pod_row(WINDOW *win, const struct tui_state *ts, int y, int w,
    const struct pods_row *r, const int width[COL__COUNT], int name_w,
    int cur)
{
	const struct podset_pod	*p = r->pod;
	attr_t			 a = cur ? A_REVERSE : A_NORMAL;
	char			 cell[64], t[TIME_FMT_LEN], *name, *by, *fit;
	int			 x, i, cw;

	if (cur)
		tui_fill(win, y, 0, w, A_REVERSE);
	/* cut in the middle, as coroner pods does: the suffix tells pods
	   of one ReplicaSet apart */
	name = out_fit(p->r.name != NULL ? p->r.name : "", name_w - 1,
	    OUT_CUT_MIDDLE, !ts->look.utf8);
	tui_text(win, &ts->look, y, 1, name_w - 1, name, a |
	    (p->r.killed ? A_BOLD : 0), p->r.killed ? PAIR_TERM : PAIR_NONE);
	free(name);
	x = name_w;
	for (i = 0; i < COL__COUNT; i++) {
		if (width[i] == 0)
			continue;
		cw = width[i] - 1;
		fit = NULL;
		switch (i) {
		case COL_EXITS:
			fit = exits_of(p, cw, !ts->look.utf8);
			break;
		case COL_DELETED:
			snprintf(cell, sizeof cell, "%s", time_clock_dated(
			    p->r.deletion_us, ts->pl.dated, t, "-"));
			break;
		case COL_DELETED_BY:
			/* cut in the middle: both ends of a name tell */
			by = deletion_actor_short(p->r.deletion_by);
			fit = out_fit(by != NULL ? by : "-", (size_t)cw,
			    OUT_CUT_MIDDLE, !ts->look.utf8);
			free(by);
			break;
		case COL_FAILED:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)r->failed);
			break;
		case COL_LOST:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)r->missing);
			break;
		case COL_BADGES:
			snprintf(cell, sizeof cell, "%s", r->badges);
			break;
		case COL_RESTARTS:
			snprintf(cell, sizeof cell, "%*lld", cw,
			    (long long)restarts_of(p));
			break;
		case COL_GRACE:
			if (p->r.grace_s != INT_NONE)
				snprintf(cell, sizeof cell, "%*lld s", cw - 2,
				    (long long)p->r.grace_s);
			else
				snprintf(cell, sizeof cell, "%*s", cw, "-");
			break;
		case COL_NODE:
			snprintf(cell, sizeof cell, "%s", p->r.node != NULL ?
			    p->r.node : "-");
			break;
		case COL_IP:
			snprintf(cell, sizeof cell, "%s", p->r.ip != NULL ?
			    p->r.ip : "-");
			break;
		}
		tui_text(win, &ts->look, y, x + 1, cw, fit != NULL ? fit :
		    cell, a, i == COL_FAILED && r->failed > 0 ? PAIR_TERM :
		    i == COL_LOST && r->missing > 0 ? PAIR_SIDECAR :
		    PAIR_NONE);
		free(fit);
		x += cw + 1;
	}
}

/* The first row shown so that the cursor is on screen. */
static int
first_row(const struct pods_state *pl, int rows)
{
	int	top = tui_top(pl->cursor, pl->top, rows, (int)pl->nrows);

	/* the workload's heading with its first pod */
	if (pl->cursor > 0 && top == pl->cursor &&
	    pl->rows[pl->cursor - 1].pod == NULL)
		top--;
	return (top);
}

void
pods_draw(WINDOW *win, int h, int w, const struct tui_state *ts)
{
	const struct pods_state	*pl = &ts->pl;
	int			 width[COL__COUNT], name_w, x, i, y;
	int			 top;
	size_t			 npods;

	tui_title(win, w, ts, "Pods");
	name_w = fit_columns(w, pl, longest_name(pl), width);
	for (i = 0, npods = 0; i < (int)pl->nrows; i++)
		npods += pl->rows[i].pod != NULL;
	if (pl->filter[0] != '\0')
		tui_textf(win, &ts->look, 1, 0, w, A_BOLD, PAIR_PRESTOP,
		    "%zu of %zu pods match \"%s\" (/ to change, / Enter to "
		    "clear)", npods, ts->pods.n, pl->filter);
	else
		tui_textf(win, &ts->look, 1, 0, w, A_NORMAL, PAIR_NONE,
		    "%zu pods, grouped by workload, ordered by death",
		    ts->pods.n);
	tui_text(win, &ts->look, 2, 1, name_w - 1, "POD", A_BOLD |
	    A_UNDERLINE, PAIR_NONE);
	for (x = name_w, i = 0; i < COL__COUNT; i++) {
		if (width[i] == 0)
			continue;
		tui_text(win, &ts->look, 2, x + 1, width[i] - 1,
		    pods_columns[i].title, A_BOLD | A_UNDERLINE, PAIR_NONE);
		x += width[i];
	}
	top = first_row(pl, h - 4);
	for (i = top, y = 3; i < (int)pl->nrows && y < h - 1; i++, y++) {
		if (pl->rows[i].pod == NULL)
			tui_text(win, &ts->look, y, 0, w, pl->rows[i].heading,
			    A_BOLD, PAIR_RUNNING);
		else
			pod_row(win, ts, y, w, &pl->rows[i], width, name_w,
			    i == pl->cursor);
	}
	if (pl->nrows == 0)
		tui_text(win, &ts->look, 3, 1, w - 1, pl->filter[0] != '\0' ?
		    "No pod matches the filter." : "No pods were imported.",
		    A_NORMAL, PAIR_NONE);
	tui_keybar(win, h, w, ts, "Up/Down pod  Enter death view  / filter  "
	    "PgDn page  3 findings  ? help  q back");
}

static int
move_cursor(struct tui_state *ts, int by)
{
	struct pods_state	*pl = &ts->pl;
	int			 i = pl->cursor, step = by > 0 ? 1 : -1, n;

	for (n = by > 0 ? by : -by; n > 0; n--) {
		do
			i += step;
		while (i >= 0 && i < (int)pl->nrows && pl->rows[i].pod ==
		    NULL);
		if (i < 0 || i >= (int)pl->nrows)
			break;
		pl->cursor = i;
	}
	pl->top = first_row(pl, ts->rows - 4);
	return (TUI_REDRAW);
}

static int
pl_down(struct tui_state *ts)
{
	return (move_cursor(ts, 1));
}

static int
pl_up(struct tui_state *ts)
{
	return (move_cursor(ts, -1));
}

static int
pl_page_down(struct tui_state *ts)
{
	return (move_cursor(ts, ts->rows > 6 ? ts->rows - 5 : 1));
}

static int
pl_page_up(struct tui_state *ts)
{
	return (move_cursor(ts, -(ts->rows > 6 ? ts->rows - 5 : 1)));
}

static int
pl_filter(struct tui_state *ts)
{
	/* a new filter each time, as in less: Enter alone clears it, Up
	   brings the last one back */
	ts->prompt_recall = ts->pl.filter;
	return (tui_ask(ts, PROMPT_FILTER, "filter pods: ", "",
	    sizeof ts->pl.filter - 1));
}

static int
pl_open(struct tui_state *ts)
{
	struct pods_state	*pl = &ts->pl;
	char			*cause = NULL;

	if (pl->cursor < 0 || pl->cursor >= (int)pl->nrows ||
	    pl->rows[pl->cursor].pod == NULL)
		return (TUI_REDRAW);
	if (death_open(ts, pl->rows[pl->cursor].pod, &cause) != 0) {
		snprintf(ts->message, sizeof ts->message, "%s", cause);
		free(cause);
		return (TUI_REDRAW);
	}
	ts->next = VIEW_DEATH;
	return (TUI_PUSH);
}

static int
pl_click(struct tui_state *ts)
{
	struct pods_state	*pl = &ts->pl;
	int			 i = first_row(pl, ts->rows - 4) +
				     ts->mouse_y - 3;

	if (ts->mouse_y < 3 || i < 0 || i >= (int)pl->nrows ||
	    pl->rows[i].pod == NULL)
		return (TUI_REDRAW);
	if (i == pl->cursor)
		return (pl_open(ts));
	pl->cursor = i;
	return (TUI_REDRAW);
}

const struct tui_key pods_keys[] = {
	{ .key = KEY_DOWN, .name = "Down", .help = "next pod",
	    .action = pl_down },
	{ .key = 'j', .name = "j", .help = "next pod", .action = pl_down },
	{ .key = KEY_UP, .name = "Up", .help = "previous pod",
	    .action = pl_up },
	{ .key = 'k', .name = "k", .help = "previous pod", .action = pl_up },
	{ .key = KEY_NPAGE, .name = "PgDn", .help = "a page down",
	    .action = pl_page_down },
	{ .key = KEY_PPAGE, .name = "PgUp", .help = "a page up",
	    .action = pl_page_up },
	{ .key = '/', .name = "/", .help = "filter by text (name, "
	    "namespace, workload, node, IP, container, finding, who "
	    "deleted it)",
	    .action = pl_filter },
	{ .key = '\r', .name = "Enter", .help = "the pod's death view",
	    .action = pl_open },
	{ .key = KEY_MOUSE, .name = "click", .help = "select a pod; click "
	    "it again to open it", .action = pl_click },
	{ .key = 0, .name = NULL, .help = NULL, .action = NULL }
};

/* g: the first pod deleted at or after that time. */
int
pods_go(struct tui_state *ts, const char *answer)
{
	struct pods_state	*pl = &ts->pl;
	int64_t			 t, best_t = TIME_NONE;
	int			 i, best = -1;
	char			 tb[TIME_FMT_LEN];

	if (tui_parse_time(answer, TIME_NONE, ts->pods.n > 0 ?
	    ts->pods.v[0].r.created_us : TIME_NONE, &t) != 0) {
		snprintf(ts->message, sizeof ts->message, "not a time: %.60s",
		    answer);
		return (TUI_REDRAW);
	}
	for (i = 0; i < (int)pl->nrows; i++) {
		if (pl->rows[i].pod == NULL ||
		    pl->rows[i].pod->r.deletion_us == TIME_NONE ||
		    pl->rows[i].pod->r.deletion_us < t)
			continue;
		if (best < 0 || pl->rows[i].pod->r.deletion_us < best_t) {
			best = i;
			best_t = pl->rows[i].pod->r.deletion_us;
		}
	}
	if (best < 0) {
		snprintf(ts->message, sizeof ts->message, "no pod deleted at "
		    "or after that time");
		return (TUI_REDRAW);
	}
	pl->cursor = best;
	snprintf(ts->message, sizeof ts->message, "the first pod deleted at "
	    "or after it: %.120s, at %s", pl->rows[best].pod->r.name != NULL ?
	    pl->rows[best].pod->r.name : "?", time_clock_dated(best_t,
	    pl->dated, tb, "?"));
	return (TUI_REDRAW);
}
