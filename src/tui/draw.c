/*
 * draw.c: the TUI's drawing primitives (tui.h): safe text fitted to its
 * columns, glyphs with an ASCII fallback, colors only when there are
 * some, the time axis, a lane's spans and bars of counts.  Every
 * character the TUI writes goes through here; nothing here reads input
 * or refreshes.  Knows no SQL and no view.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "timefmt.h"
#include "tui.h"

/* The glyphs: UTF-8, then ASCII. */
static const char *const glyphs[G__COUNT][2] = {
	[G_PENDING] = { "\xc2\xb7", "." },		/* · */
	[G_RUNNING] = { "\xe2\x96\x91", "-" },		/* ░ */
	[G_READY] = { "\xe2\x96\x88", "=" },		/* █ */
	[G_PRESTOP] = { "\xe2\x96\x92", "p" },		/* ▒ */
	[G_TERMINATING] = { "\xe2\x96\x93", "t" },	/* ▓ */
	[G_SIDECARS] = { "\xe2\x94\x84", "s" },		/* ┄ */
	[G_EXITED] = { "\xe2\x94\x88", "_" },		/* ┈ */
	[G_UNKNOWN] = { "?", "?" },
	[G_NO_EVIDENCE] = { "\xe2\x95\xb1", "/" },	/* ╱ */
	[G_DELETION] = { "\xe2\x96\xbc", "v" },		/* ▼ */
	[G_SIGTERM] = { "T", "T" },
	[G_DEADLINE] = { "\xe2\x94\x83", "|" },		/* ┃ */
	[G_EXIT] = { "\xe2\x97\x8f", "o" },		/* ● */
	[G_KILLED] = { "\xe2\x9c\x96", "X" },		/* ✖ */
	[G_GONE] = { "\xc3\x97", "x" },			/* × */
	[G_EVENT] = { "\xe2\x97\x86", "*" },		/* ◆ */
	[G_LOG] = { "\xe2\x94\x82", "|" },		/* │ */
	[G_MISSING] = { "\xe2\x97\x87", "m" },		/* ◇ */
	[G_ROLLOUT] = { "\xe2\x94\x81", "#" },		/* ━ */
	[G_ROUTED] = { "\xe2\x96\xb6", ">" },		/* ▶ */
	[G_FAILURE] = { "!", "!" },
	[G_DIED] = { "\xe2\x9c\x9d", "+" },		/* ✝ */
	[G_RESTART] = { "\xe2\x86\xbb", "@" },		/* ↻ */
	[G_HLINE] = { "\xe2\x94\x80", "-" },		/* ─ */
	[G_VLINE] = { "\xe2\x94\x82", "|" },		/* │ */
	[G_CURSOR] = { "\xe2\x96\xb2", "^" },		/* ▲ */
	[G_BAR1] = { "\xe2\x96\x81", "." },		/* ▁ */
	[G_BAR2] = { "\xe2\x96\x82", "." },
	[G_BAR3] = { "\xe2\x96\x83", ":" },
	[G_BAR4] = { "\xe2\x96\x84", ":" },
	[G_BAR5] = { "\xe2\x96\x85", "%" },
	[G_BAR6] = { "\xe2\x96\x86", "%" },
	[G_BAR7] = { "\xe2\x96\x87", "#" },
	[G_BAR8] = { "\xe2\x96\x88", "#" },		/* █ */
};

const char *
tui_glyph(const struct tui_look *look, enum tui_glyph g)
{
	return (glyphs[g][look->utf8 ? 0 : 1]);
}

enum tui_glyph
tui_state_glyph(enum tl_state s)
{
	static const enum tui_glyph	 map[TL__COUNT] = {
		[TL_PENDING] = G_PENDING,
		[TL_RUNNING] = G_RUNNING,
		[TL_READY] = G_READY,
		[TL_PRESTOP] = G_PRESTOP,
		[TL_TERMINATING] = G_TERMINATING,
		[TL_SIDECARS] = G_SIDECARS,
		[TL_EXITED] = G_EXITED,
		[TL_EP_LISTED] = G_RUNNING,
		[TL_EP_READY] = G_READY,
		[TL_EP_TERMINATING] = G_PRESTOP,
		[TL_EP_DRAINED] = G_EXITED,
		[TL_NODE_NOT_READY] = G_TERMINATING,
		[TL_NODE_UNKNOWN] = G_UNKNOWN,
		[TL_NODE_CORDONED] = G_SIDECARS,
		[TL_NO_EVIDENCE] = G_NO_EVIDENCE,
	};

	return (s < TL__COUNT ? map[s] : G_PENDING);
}

enum tui_pair
tui_state_pair(enum tl_state s)
{
	static const enum tui_pair	 map[TL__COUNT] = {
		[TL_PENDING] = PAIR_NONE,
		[TL_RUNNING] = PAIR_RUNNING,
		[TL_READY] = PAIR_READY,
		[TL_PRESTOP] = PAIR_PRESTOP,
		[TL_TERMINATING] = PAIR_TERM,
		[TL_SIDECARS] = PAIR_SIDECAR,
		[TL_EXITED] = PAIR_NONE,
		[TL_EP_LISTED] = PAIR_RUNNING,
		[TL_EP_READY] = PAIR_READY,
		[TL_EP_TERMINATING] = PAIR_PRESTOP,
		[TL_EP_DRAINED] = PAIR_NONE,
		[TL_NODE_NOT_READY] = PAIR_TERM,
		[TL_NODE_UNKNOWN] = PAIR_PRESTOP,
		[TL_NODE_CORDONED] = PAIR_PRESTOP,
		[TL_NO_EVIDENCE] = PAIR_NONE,
	};

	return (s < TL__COUNT ? map[s] : PAIR_NONE);
}

/* The attribute for attr and pair in this look. */
static attr_t
look_attr(const struct tui_look *look, attr_t attr, enum tui_pair pair)
{
	if (look->color && pair != PAIR_NONE)
		attr |= COLOR_PAIR(pair);
	return (attr);
}

/*
 * Writes safe text: in a UTF-8 look as it is, else every character
 * outside ASCII as "?", so that the layout holds in any locale.
 */
static void
put_safe(WINDOW *win, const struct tui_look *look, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 one[2] = "?";

	if (look->utf8) {
		waddstr(win, s);
		return;
	}
	for (; *p != '\0'; p++) {
		if (*p < 0x80) {
			one[0] = (char)*p;
			waddstr(win, one);
		} else if ((*p & 0xc0) != 0x80)
			waddstr(win, "?");
	}
	one[0] = '?';
}

int
tui_text(WINDOW *win, const struct tui_look *look, int y, int x, int cols,
    const char *text, attr_t attr, enum tui_pair pair)
{
	char	*fit;
	int	 n;

	if (cols <= 0 || text == NULL)
		return (0);
	fit = out_fit(text, (size_t)cols, OUT_CUT_END, !look->utf8);
	n = (int)out_cols(fit);
	wattrset(win, look_attr(look, attr, pair));
	wmove(win, y, x);
	put_safe(win, look, fit);
	wattrset(win, A_NORMAL);
	free(fit);
	return (n);
}

int
tui_text_wrapped(WINDOW *win, const struct tui_look *look, int y, int y1,
    int x, int cols, int hang, const char *text, attr_t attr,
    enum tui_pair pair)
{
	struct buf	 b = { 0 };
	char		*safe, *l;
	const char	*p;
	size_t		 n;
	int		 cut;

	if (cols <= 0 || text == NULL || y >= y1)
		return (y);
	/* only what the rows can show is made safe; more is an ellipsis */
	safe = out_safe_head(text, (size_t)(y1 - y) * (size_t)cols, &cut);
	if (cut) {
		buf_puts(&b, safe);
		buf_puts(&b, look->utf8 ? "\xe2\x80\xa6" : "...");
		free(safe);
		safe = b.data;
	}
	for (p = safe; *p != '\0' && y < y1; y++) {
		if (p != safe && hang > 0 && hang < cols / 2) {
			x += hang;	/* the rows after the first */
			cols -= hang;
			hang = 0;
		}
		n = out_wrap_bytes(p, (size_t)cols);
		/* the last row: what is left, cut with an ellipsis */
		if (y + 1 == y1)
			n = strlen(p);
		l = xasprintf("%.*s", (int)n, p);
		tui_text(win, look, y, x, cols, l, attr, pair);
		free(l);
		p += n;
		while (*p == ' ')
			p++;
	}
	free(safe);
	return (y);
}

int
tui_textf(WINDOW *win, const struct tui_look *look, int y, int x, int cols,
    attr_t attr, enum tui_pair pair, const char *fmt, ...)
{
	struct buf	b = { 0 };
	va_list		ap;
	int		n;

	va_start(ap, fmt);
	out_vformat(&b, OUT_TEXT, fmt, ap);
	va_end(ap);
	n = tui_text(win, look, y, x, cols, b.data != NULL ? b.data : "",
	    attr, pair);
	buf_free(&b);
	return (n);
}

void
tui_put_glyph(WINDOW *win, const struct tui_look *look, int y, int x,
    enum tui_glyph g, attr_t attr, enum tui_pair pair)
{
	wattrset(win, look_attr(look, attr, pair));
	mvwaddstr(win, y, x, tui_glyph(look, g));
	wattrset(win, A_NORMAL);
}

void
tui_fill(WINDOW *win, int y, int x, int cols, attr_t attr)
{
	int	i;

	wattrset(win, attr);
	wmove(win, y, x);
	for (i = 0; i < cols; i++)
		waddch(win, ' ');
	wattrset(win, A_NORMAL);
}

void
tui_title(WINDOW *win, int w, const struct tui_state *ts, const char *title)
{
	char			 tabs[128];
	size_t			 i;
	int			 n, tw;

	/* the views a key opens from anywhere, in the view table's order */
	tabs[0] = '\0';
	for (i = 0; i < VIEW__COUNT; i++) {
		if (tui_views[i].tab != 0)
			snprintf(tabs + strlen(tabs), sizeof tabs -
			    strlen(tabs), " %c %s ", tui_views[i].tab,
			    tui_views[i].name);
	}
	tw = (int)strlen(tabs);

	tui_fill(win, 0, 0, w, look_attr(&ts->look, A_REVERSE, PAIR_TITLE));
	n = (int)out_cols(title) + 11;
	/* the tabs only when the title fits beside them */
	if (w >= tw + n)
		tui_text(win, &ts->look, 0, w - tw, tw, tabs, A_REVERSE,
		    PAIR_TITLE);
	tui_textf(win, &ts->look, 0, 0, w >= tw + n ? w - tw : w,
	    A_REVERSE | A_BOLD, PAIR_TITLE, " coroner %s %s",
	    ts->look.utf8 ? "\xc2\xb7" : "-", title);
}

void
tui_keybar(WINDOW *win, int h, int w, const struct tui_state *ts,
    const char *keys)
{
	tui_fill(win, h - 1, 0, w, look_attr(&ts->look, A_REVERSE,
	    PAIR_TITLE));
	if (ts->message[0] != '\0')
		tui_textf(win, &ts->look, h - 1, 0, w, A_REVERSE | A_BOLD,
		    PAIR_TITLE, " %s", ts->message);
	else
		tui_textf(win, &ts->look, h - 1, 0, w, A_REVERSE, PAIR_TITLE,
		    " %s", keys);
}

int
tui_top(int cursor, int top, int rows, int n)
{
	/* no row left blank below the last while rows above are hidden */
	if (rows > 0 && top > n - rows)
		top = n - rows;
	if (cursor >= 0 && cursor < top)
		top = cursor;
	if (cursor >= 0 && rows > 0 && cursor >= top + rows)
		top = cursor - rows + 1;
	return (top < 0 ? 0 : top);
}

int
tui_col(int64_t t_us, int64_t lo_us, int64_t hi_us, int x0, int w)
{
	double	f;

	if (t_us == TIME_NONE || hi_us <= lo_us || t_us < lo_us ||
	    t_us > hi_us || w <= 0)
		return (-1);
	f = (double)(t_us - lo_us) / (double)(hi_us - lo_us);
	if (t_us == hi_us)
		return (x0 + w - 1);
	return (x0 + (int)(f * w));
}

void
tui_axis(WINDOW *win, const struct tui_look *look, int y, int x0, int w,
    int64_t lo_us, int64_t hi_us, int64_t zero_us)
{
	tui_axis_clear(win, look, y, x0, w, lo_us, hi_us, zero_us, -1);
}

void
tui_axis_clear(WINDOW *win, const struct tui_look *look, int y, int x0,
    int w, int64_t lo_us, int64_t hi_us, int64_t zero_us, int clear_x)
{
	int64_t	span_s = (hi_us - lo_us) / 1000000, step, s, first, base;
	char	label[32];
	int	x, last_end = -1, n;

	if (w <= 0 || hi_us <= lo_us)
		return;
	step = timeline_tick_step(span_s, w / 11 > 1 ? w / 11 : 1);
	/* labels wider than the room between ticks: fewer ticks */
	timeline_tick_label(hi_us, step, zero_us, label, sizeof label);
	n = (int)strlen(label) + 2;
	if (n > 11)
		step = timeline_tick_step(span_s, w / n > 1 ? w / n : 1);
	for (x = 0; x < w; x++)
		tui_put_glyph(win, look, y, x0 + x, G_HLINE, A_DIM, PAIR_NONE);
	base = zero_us != TIME_NONE ? zero_us : 0;
	first = time_floor_div(lo_us - base, step * 1000000) * step *
	    1000000 + base;
	for (s = first; s <= hi_us; s += step * 1000000) {
		if (s < lo_us)
			continue;
		x = tui_col(s, lo_us, hi_us, x0, w);
		if (x < 0)
			continue;
		timeline_tick_label(s, step, zero_us, label, sizeof label);
		n = (int)strlen(label);
		/* a label under the cursor's mark would read cut by it */
		if (x < last_end || x + n > x0 + w || (clear_x > x &&
		    clear_x <= x + n))
			continue;
		tui_put_glyph(win, look, y, x, G_VLINE, A_NORMAL, PAIR_NONE);
		tui_text(win, look, y, x + 1, n, label, A_NORMAL, PAIR_NONE);
		last_end = x + n + 1;
	}
}

void
tui_spans(WINDOW *win, const struct tui_look *look, int y, int x0, int w,
    int64_t lo_us, int64_t hi_us, const struct tl_lane *l, int64_t shift_us)
{
	const struct tl_span	*sp;
	int64_t			 a, b, t, cell;
	size_t			 i;
	int			 x;

	if (w <= 0 || hi_us <= lo_us)
		return;
	cell = (hi_us - lo_us) / w;
	for (x = 0; x < w; x++) {
		/* the state at the middle of the cell, else any in it */
		t = lo_us + (int64_t)x * (hi_us - lo_us) / w + cell / 2;
		for (i = 0; i < l->n; i++) {
			sp = &l->v[i];
			a = sp->from_us - shift_us;
			b = sp->to_us == TIME_NONE ? hi_us + 1 :
			    sp->to_us - shift_us;
			if ((t >= a && t < b) || (a >= t - cell / 2 &&
			    a < t + cell / 2 + 1 && b > a)) {
				tui_put_glyph(win, look, y, x0 + x,
				    tui_state_glyph(sp->state), A_NORMAL,
				    tui_state_pair(sp->state));
				break;
			}
		}
	}
}

void
tui_bars(WINDOW *win, const struct tui_look *look, int y, int x0,
    const int64_t *v, size_t n, int64_t peak, enum tui_pair pair)
{
	size_t	i;
	int64_t	eighths;

	if (peak <= 0)
		return;
	for (i = 0; i < n; i++) {
		if (v[i] <= 0)
			continue;
		eighths = (v[i] * 8 + peak - 1) / peak;
		if (eighths < 1)
			eighths = 1;
		if (eighths > 8)
			eighths = 8;
		/* failures stand out without colors too */
		tui_put_glyph(win, look, y, x0 + (int)i,
		    (enum tui_glyph)(G_BAR1 + eighths - 1), pair == PAIR_TERM &&
		    !look->color ? A_REVERSE : A_NORMAL, pair);
	}
}

enum tui_glyph
tui_moment_mark(const struct moment *m, enum tui_pair *pair)
{
	*pair = PAIR_NONE;
	switch (m->kind) {
	case MO_DELETION:
		return (G_DELETION);
	case MO_SIGTERM:
		*pair = PAIR_PRESTOP;
		return (G_SIGTERM);
	case MO_DEADLINE:
		*pair = PAIR_TERM;
		return (G_DEADLINE);
	case MO_KILLED:
	case MO_OOM:
		*pair = PAIR_TERM;
		return (G_KILLED);
	case MO_GONE:
		return (G_GONE);
	case MO_EVENT:
		*pair = PAIR_PRESTOP;
		return (G_EVENT);
	case MO_LOG:
		return (G_LOG);
	case MO_MISSING:
		*pair = PAIR_SIDECAR;
		return (G_MISSING);
	case MO_LAST_ROUTED:
		*pair = PAIR_PRESTOP;
		return (G_ROUTED);
	case MO_DIED:
		*pair = PAIR_TERM;
		return (G_DIED);
	case MO_RESTARTED:
		*pair = PAIR_RUNNING;
		return (G_RESTART);
	case MO_FIRST_FAILURE:
	case MO_LAST_FAILURE:
		*pair = PAIR_TERM;
		return (G_FAILURE);
	case MO_EP_TERMINATING:
		*pair = PAIR_PRESTOP;
		return (G_DELETION);
	case MO_EP_GONE:
		return (G_GONE);
	default:
		return (G_EXIT);
	}
}

int
tui_mark_rank(enum tui_glyph g)
{
	static const enum tui_glyph	 order[] = {
		G_LOG, G_EVENT, G_MISSING, G_FAILURE, G_ROUTED, G_RESTART,
		G_GONE, G_EXIT, G_DIED, G_DELETION,
		G_SIGTERM, G_DEADLINE, G_KILLED
	};
	size_t				 i;

	for (i = 0; i < sizeof order / sizeof order[0]; i++) {
		if (order[i] == g)
			return ((int)i + 1);
	}
	return (0);
}
