/*
 * report-html.c: the report as one self-contained HTML5 file (report.h):
 * inline CSS, no scripts, no external resources.  At the top the
 * incident window, a summary and an index of the findings, then the
 * sources; per finding its summary, an inline SVG timeline, the evidence
 * tables and the recommendation.
 *
 * The findings come from the report JSON (report-json.c), the single
 * source for every format.  The timeline draws the finding's pods, found
 * by namespace and name among the model's pods (podset.h), one lane each
 * on a common time axis in UTC: running, preStop (deletion request to
 * SIGTERM), after SIGTERM until the app's exit and sidecars running alone
 * as bars; markers for the deletion request, SIGTERM, the grace deadline,
 * each container's exit (with its code), a sidecar's readiness and the
 * pod's end; the requests routed to the pod per second (its buckets: OK
 * up in grey, failed down in red); and missing records (row_missing) as
 * diamonds.  Shapes and patterns tell them apart, not colour alone, so it
 * prints in black and white.  Rows come through store.h: no SQL here, and
 * no rules: nothing is decided, only drawn.
 *
 * Every value from the data goes through h() (or hv()), which removes
 * control bytes and invalid UTF-8 and escapes & < > " ', in text, in
 * attributes and in SVG alike.  A Content-Security-Policy allowing only
 * the inline style is a second fence.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "podset.h"
#include "report.h"
#include "timefmt.h"
#include "util.h"

/* The timeline's geometry in SVG user units (its viewBox). */
#define TL_W		960	/* width of the picture */
#define TL_X0		232	/* the plot's left edge: pod names before */
#define TL_X1		936	/* the plot's right edge */
#define TL_TOP		10	/* above the first lane */
#define TL_LANE		68	/* one pod's lane */
#define TL_AXIS		40	/* the time axis below the lanes */
#define TL_LEGEND	22	/* one row of the legend */
#define TL_BINS		352	/* at most this many traffic columns */
#define TL_MAX_LANES	40	/* pods drawn per finding; the rest listed */
#define TL_MAX_TITLED	200	/* missing records with their own tooltip */
#define TL_NAME_MAX	34	/* characters of a pod name in the gutter */
#define TL_CHAR_W	6.4	/* a generous average glyph width (11 px) */

/* One missing record on a lane. */
struct tl_miss {
	int64_t		 time_us;	/* its time in the reference set */
	char		*key;		/* owned: the record's key */
};

/* One lane: a pod of the finding and what was routed to it. */
struct tl_lane {
	const char		*name;	/* the pod's name (borrowed: rep);
					   NULL: records outside windows */
	struct podset_pod	*pod;	/* NULL when not among the pods */
	int64_t			 ok[TL_BINS];	/* answered requests */
	int64_t			 bad[TL_BINS];	/* failed requests */
	struct tl_miss		*miss;	/* owned: missing records, oldest
					   first */
	size_t			 nmiss;	/* how many */
};

/* One finding's timeline while it is drawn. */
struct tl {
	FILE		*out;		/* borrowed: where the SVG goes */
	int64_t		 id;		/* the finding's number: SVG ids */
	int64_t		 lo_us;		/* the axis, from lo_us to hi_us, */
	int64_t		 hi_us;		/* in whole seconds */
	int64_t		 fstart_us;	/* the finding's window, or */
	int64_t		 fend_us;	/* TIME_NONE */
	size_t		 nbins;		/* traffic columns in use */
	int64_t		 peak;		/* tallest column, for the scale */
	struct tl_lane	*lanes;		/* owned: one per pod drawn */
	size_t		 n;		/* lanes */
	size_t		 not_drawn;	/* pods past TL_MAX_LANES */
	struct tl_lane	*cur;		/* the lane a scan fills */
};

/* Writes s escaped for HTML text and attribute values (NULL: "-"). */
static void
h(FILE *out, const char *s)
{
	out_html(out, "%s", s != NULL ? s : "-");
}

/* A JSON value as text (report_text), escaped. */
static void
hv(FILE *out, json_t *v)
{
	char	*s;

	s = report_text(v);
	h(out, s);
	free(s);
}

static const char *
member(json_t *o, const char *key)
{
	return (json_string_value(json_object_get(o, key)));
}

/* A class for a severity: only these words reach the markup. */
static const char *
sev_class(const char *sev)
{
	if (sev != NULL && strcmp(sev, "critical") == 0)
		return ("critical");
	if (sev != NULL && strcmp(sev, "warning") == 0)
		return ("warning");
	return ("other");
}

static int64_t
jtime_us(json_t *v)
{
	const char	*s = json_string_value(v);
	int64_t		 us;

	if (s == NULL || time_parse_iso(s, strlen(s), 0, &us) != 0)
		return (TIME_NONE);
	return (us);
}

/* "09:00:35.000" of a time, or "-". */
static const char *
clock_of(int64_t us, char b[TIME_FMT_LEN])
{
	time_format(us, b);
	if (us == TIME_NONE)
		return (b);
	b[23] = '\0';
	return (b + 11);
}

static const char page_css[] =
    ":root{color-scheme:light}\n"
    "body{font:15px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,"
    "\"Helvetica Neue\",Arial,sans-serif;color:#1b1b1f;background:#fff;"
    "max-width:1040px;margin:1.5rem auto;padding:0 1rem}\n"
    "h1{font-size:1.7rem;margin:.2rem 0}\n"
    "h2{font-size:1.3rem;margin:2rem 0 .6rem;border-bottom:2px solid #222;"
    "padding-bottom:.2rem}\n"
    ".lead{color:#444;margin:.2rem 0}\n"
    "code,.mono,td.v,td.k{font-family:ui-monospace,SFMono-Regular,Menlo,"
    "Consolas,monospace;font-size:.86em}\n"
    "table{border-collapse:collapse;margin:.4rem 0 1rem;max-width:100%}\n"
    "th,td{border:1px solid #bbb;padding:.2rem .55rem;text-align:left;"
    "vertical-align:top;overflow-wrap:break-word}\n"
    ".wide{overflow-x:auto}\n"
    "caption .sub{font-weight:400;color:#444}\n"
    "th{background:#f0f0f0}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    "caption{text-align:left;font-weight:600;padding:.2rem 0}\n"
    ".stats{display:flex;flex-wrap:wrap;gap:.6rem;margin:.8rem 0;"
    "padding:0}\n"
    ".stats div{border:1px solid #999;padding:.35rem .8rem;"
    "min-width:7.5rem}\n"
    ".stats dt{font-size:.8rem;color:#444;text-transform:uppercase;"
    "letter-spacing:.04em}\n"
    ".stats dd{margin:0;font-size:1.45rem;font-weight:700;"
    "font-variant-numeric:tabular-nums}\n"
    ".stats .critical{border:2px solid #9b1c1c}\n"
    ".stats .warning{border:2px dashed #8a5300}\n"
    ".sev{display:inline-block;font:700 .75rem/1.2 ui-monospace,Menlo,"
    "monospace;text-transform:uppercase;padding:.1rem .4rem;"
    "border:2px solid #333;vertical-align:middle}\n"
    ".sev.critical{background:#9b1c1c;border-color:#9b1c1c;color:#fff}\n"
    ".sev.warning{background:#fff;border:2px dashed #8a5300;"
    "color:#6b4000}\n"
    ".finding{border:1px solid #aaa;border-left:8px solid #555;"
    "padding:.4rem 1.1rem 1rem;margin:1.6rem 0}\n"
    ".finding.critical{border-left:8px solid #9b1c1c}\n"
    ".finding.warning{border-left:8px dashed #b26a00}\n"
    ".finding h3{font-size:1.2rem;margin:.7rem 0 .5rem}\n"
    ".finding h4{font-size:1rem;margin:1.1rem 0 .3rem}\n"
    ".finding .summary{font-size:1.05rem}\n"
    ".meta{color:#333;margin:.3rem 0}\n"
    ".rec{border:1px solid #888;border-left:4px double #333;"
    "background:#f7f7f4;padding:.5rem .8rem}\n"
    "figure{margin:.6rem 0}\n"
    "figcaption{font-size:.85rem;color:#444}\n"
    "svg.tl{width:100%;height:auto;border:1px solid #ccc;display:block;"
    "background:#fff}\n"
    "svg.tl text{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,"
    "Arial,sans-serif;font-size:11px;fill:#1b1b1f}\n"
    "svg.tl .name{font-weight:600}\n"
    "svg.tl .sub,svg.tl .tick{fill:#444;font-size:10px}\n"
    "svg.tl .code{font-weight:700;font-size:10.5px;stroke:#fff;"
    "stroke-width:3px;paint-order:stroke}\n"
    "svg.tl .side{font-size:10px;stroke:#fff;stroke-width:3px;"
    "paint-order:stroke}\n"
    "svg.tl .cnt{fill:#3d1a5e;font-size:10px;stroke:#fff;"
    "stroke-width:3px;paint-order:stroke}\n"
    "a{color:#1a4f8b}\n"
    "footer{margin-top:2rem;font-size:.8rem;color:#555}\n"
    "@media print{body{max-width:none;margin:0;font-size:10.5pt}"
    ".finding,figure,table{break-inside:avoid}"
    "h2{break-after:avoid}a{color:inherit;text-decoration:none}"
    "th{background:none}.wide{overflow:visible}"
    ".wide table{font-size:8pt}}\n";

/* Axis steps in seconds: the smallest giving at most eight ticks. */
static const int64_t tick_steps[] = {
	1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
	10800, 21600, 43200, 86400, 172800, 604800, 0
};

static double
tl_x(const struct tl *tl, int64_t us)
{
	return (TL_X0 + (double)(us - tl->lo_us) * (TL_X1 - TL_X0) /
	    (double)(tl->hi_us - tl->lo_us));
}

static int
tl_in(const struct tl *tl, int64_t us)
{
	return (us != TIME_NONE && us >= tl->lo_us && us <= tl->hi_us);
}

static int64_t
tl_clamp(const struct tl *tl, int64_t us)
{
	if (us < tl->lo_us)
		return (tl->lo_us);
	if (us > tl->hi_us)
		return (tl->hi_us);
	return (us);
}

static void
span_add(int64_t *lo, int64_t *hi, int64_t us)
{
	if (us == TIME_NONE)
		return;
	if (*lo == TIME_NONE || us < *lo)
		*lo = us;
	if (*hi == TIME_NONE || us > *hi)
		*hi = us;
}

/* The last exit of the pod's main (not sidecar, not init) containers. */
static int64_t
main_exit(const struct podset_pod *p)
{
	int64_t	t = TIME_NONE;
	size_t	i;

	for (i = 0; i < p->nc; i++) {
		if (p->c[i].init || p->c[i].sidecar)
			continue;
		if (p->c[i].finished_us != TIME_NONE &&
		    (t == TIME_NONE || p->c[i].finished_us > t))
			t = p->c[i].finished_us;
	}
	return (t);
}

/* When the pod started running: its start, else its creation. */
static int64_t
pod_began(const struct podset_pod *p)
{
	if (p->r.start_us != TIME_NONE)
		return (p->r.start_us);
	return (p->r.created_us);
}

/*
 * The axis: the finding's window, widened to the moments of its pods
 * that lie near it (a pod created an hour before its death does not
 * stretch the picture), padded, in whole seconds.
 */
static int
tl_range(struct tl *tl)
{
	int64_t			 lo = TIME_NONE, hi = TIME_NONE, near, t[6];
	int64_t			 pad;
	struct podset_pod	*p;
	size_t			 i, j, k;

	span_add(&lo, &hi, tl->fstart_us);
	span_add(&lo, &hi, tl->fend_us);
	near = lo != TIME_NONE ? hi - lo : 0;
	if (near < 120 * 1000000LL)
		near = 120 * 1000000LL;
	for (i = 0; i < tl->n; i++) {
		if ((p = tl->lanes[i].pod) == NULL)
			continue;
		t[0] = p->r.deletion_us;
		t[1] = p->r.sigterm_us;
		t[2] = p->r.deadline_us;
		t[3] = p->r.gone_us;
		t[4] = main_exit(p);
		t[5] = p->r.deletion_us == TIME_NONE ? pod_began(p) :
		    TIME_NONE;
		for (k = 0; k < 6; k++) {
			if (t[k] == TIME_NONE)
				continue;
			if (tl->fstart_us != TIME_NONE &&
			    (t[k] < tl->fstart_us - near ||
			    t[k] > (tl->fend_us != TIME_NONE ? tl->fend_us :
			    tl->fstart_us) + near))
				continue;
			span_add(&lo, &hi, t[k]);
		}
		for (j = 0; j < p->nc; j++) {
			if (tl->fstart_us == TIME_NONE && !p->c[j].init)
				span_add(&lo, &hi, p->c[j].finished_us);
		}
	}
	if (lo == TIME_NONE)
		return (-1);
	pad = (hi - lo) / 12;
	if (pad < 2000000)
		pad = 2000000;
	lo -= pad;
	hi += pad;
	if (hi - lo < 10 * 1000000LL)
		hi = lo + 10 * 1000000LL;
	lo = time_floor_div(lo, 1000000) * 1000000;
	hi = hi >= 0 ? (hi + 999999) / 1000000 * 1000000 :
	    -(-hi / 1000000) * 1000000;
	tl->lo_us = lo;
	tl->hi_us = hi;
	tl->nbins = (size_t)((hi - lo) / 1000000);
	if (tl->nbins > TL_BINS)
		tl->nbins = TL_BINS;
	if (tl->nbins == 0)
		tl->nbins = 1;
	return (0);
}

static int
add_bucket(void *ctx, const struct row_bucket *b)
{
	struct tl		*tl = ctx;
	int64_t			 us, failed, bin;

	us = b->second * 1000000 + 500000;
	if (us < tl->lo_us || us >= tl->hi_us)
		return (0);
	bin = (int64_t)((double)(us - tl->lo_us) * (double)tl->nbins /
	    (double)(tl->hi_us - tl->lo_us));
	if (bin < 0 || (size_t)bin >= tl->nbins)
		return (0);
	failed = b->errors > b->conn_failures ? b->errors : b->conn_failures;
	if (failed > b->requests)
		failed = b->requests;
	tl->cur->bad[bin] += failed;
	tl->cur->ok[bin] += b->requests - failed;
	return (0);
}

static int
add_missing(void *ctx, const struct row_missing *m)
{
	struct tl		*tl = ctx;
	struct tl_lane		*l = tl->cur;

	if (!tl_in(tl, m->time_us))
		return (0);
	/* a lane without a pod holds the records outside every window */
	if (l->pod == NULL && m->pod_uid != NULL)
		return (0);
	l->miss = xreallocarray(l->miss, l->nmiss + 1, sizeof *l->miss);
	l->miss[l->nmiss].time_us = m->time_us;
	l->miss[l->nmiss].key = xstrdup(m->key != NULL ? m->key : "");
	l->nmiss++;
	return (0);
}

static void
tl_free(struct tl *tl)
{
	size_t	i, j;

	for (i = 0; i < tl->n; i++) {
		for (j = 0; j < tl->lanes[i].nmiss; j++)
			free(tl->lanes[i].miss[j].key);
		free(tl->lanes[i].miss);
	}
	free(tl->lanes);
}

/* The pod of a finding: by namespace (when the finding has one) and name. */
static struct podset_pod *
find_pod(struct podset *ps, const char *ns, const char *name)
{
	size_t	i;

	for (i = 0; i < ps->n; i++) {
		if (ps->v[i].r.name == NULL ||
		    strcmp(ps->v[i].r.name, name) != 0)
			continue;
		if (ns == NULL || (ps->v[i].r.namespace != NULL &&
		    strcmp(ps->v[i].r.namespace, ns) == 0))
			return (&ps->v[i]);
	}
	return (NULL);
}

/*
 * Gathers what a finding's timeline shows.  Returns 1 when there is
 * something to draw, 0 when not (no times), -1 with a new *cause.
 */
static int
tl_load(struct tl *tl, struct store *st, struct podset *ps,
    json_t *f, char **cause)
{
	json_t	*pods = json_object_get(f, "pods"), *e;
	const char	*ns = member(f, "namespace"), *kind = member(f, "kind");
	struct tl_lane	*l;
	size_t		 i;
	int64_t		 peak = 0;

	tl->fstart_us = jtime_us(json_object_get(f, "start"));
	tl->fend_us = jtime_us(json_object_get(f, "end"));
	for (i = 0; i < json_array_size(pods); i++) {
		e = json_array_get(pods, i);
		if (json_string_value(e) == NULL)
			continue;
		if (tl->n == TL_MAX_LANES) {
			tl->not_drawn++;
			continue;
		}
		tl->lanes = xreallocarray(tl->lanes, tl->n + 1,
		    sizeof *tl->lanes);
		l = &tl->lanes[tl->n++];
		memset(l, 0, sizeof *l);
		l->name = json_string_value(e);
		l->pod = find_pod(ps, ns, l->name);
	}
	if (tl->n == 0 && kind != NULL && strncmp(kind, "records-", 8) == 0) {
		/* one lane for missing records that no pod's window holds */
		tl->lanes = xcalloc(1, sizeof *tl->lanes);
		tl->n = 1;
	}
	if (tl->n == 0 || tl_range(tl) != 0)
		return (0);
	for (i = 0; i < tl->n; i++) {
		tl->cur = l = &tl->lanes[i];
		if (l->pod == NULL && l->name != NULL)
			continue;
		if (l->pod != NULL && store_pod_buckets(st, l->pod->r.uid,
		    TIME_NONE, TIME_NONE, add_bucket, tl, cause) != 0)
			return (-1);
		if (store_pod_missing(st, l->pod != NULL ? l->pod->r.uid :
		    NULL, add_missing, tl, cause) != 0)
			return (-1);
	}
	for (i = 0; i < tl->n * tl->nbins; i++) {
		l = &tl->lanes[i / tl->nbins];
		if (l->ok[i % tl->nbins] > peak)
			peak = l->ok[i % tl->nbins];
		if (l->bad[i % tl->nbins] > peak)
			peak = l->bad[i % tl->nbins];
	}
	tl->peak = peak;
	return (1);
}

/* The patterns of the bars, with ids unique to this finding. */
static void
tl_defs(struct tl *tl)
{
	out_html(tl->out, "<defs>"
	    "<pattern id=\"pre%" PRId64 "\" width=\"6\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	    "<rect width=\"6\" height=\"6\" fill=\"#fde7b0\"/>"
	    "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a86300\" "
	    "stroke-width=\"2.2\"/></pattern>"
	    "<pattern id=\"term%" PRId64 "\" width=\"5\" height=\"5\" "
	    "patternUnits=\"userSpaceOnUse\">"
	    "<rect width=\"5\" height=\"5\" fill=\"#f6c9c4\"/>"
	    "<path d=\"M0 0L5 5M5 0L0 5\" stroke=\"#8f1d14\" "
	    "stroke-width=\"1.1\"/></pattern>"
	    "<pattern id=\"side%" PRId64 "\" width=\"6\" height=\"4\" "
	    "patternUnits=\"userSpaceOnUse\">"
	    "<rect width=\"6\" height=\"4\" fill=\"#e4ebf5\"/>"
	    "<line x1=\"0\" y1=\"2\" x2=\"6\" y2=\"2\" stroke=\"#4a6a94\" "
	    "stroke-width=\"1\"/></pattern>"
	    "</defs>\n", tl->id, tl->id, tl->id);
}

/* Vertical grid lines and the labelled ticks of the time axis. */
static void
tl_axis(struct tl *tl, double ybottom)
{
	char		 b[TIME_FMT_LEN], e[TIME_FMT_LEN];
	int64_t		 span_s = (tl->hi_us - tl->lo_us) / 1000000, step = 0;
	int64_t		 s, first;
	size_t		 i;
	double		 x;
	int		 days;

	for (i = 0; tick_steps[i] != 0; i++) {
		step = tick_steps[i];
		if (span_s / step <= 8)
			break;
	}
	if (tick_steps[i] == 0)
		step = (span_s / 8 / 86400 + 1) * 86400;
	first = tl->lo_us / 1000000;
	first = (first + step - 1) / step * step;
	time_format(tl->lo_us, b);
	time_format(tl->hi_us, e);
	days = memcmp(b, e, 10) != 0;
	out_html(tl->out, "<g class=\"axis\">\n");
	for (s = first; s * 1000000 <= tl->hi_us; s += step) {
		if (s * 1000000 < tl->lo_us)
			continue;
		x = tl_x(tl, s * 1000000);
		time_format(s * 1000000, b);
		/* "05-13", "05-13 12:00", "12:30" or "12:30:15" */
		if (step >= 86400)
			b[10] = '\0';
		else if (step >= 60)
			b[16] = '\0';
		else
			b[19] = '\0';
		if (days && step >= 3600 && step < 86400)
			b[10] = ' ';
		out_html(tl->out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#d9d9d9\"/>"
		    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"#222\"/>"
		    "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">%s</text>\n", x, TL_TOP, x,
		    ybottom, x, ybottom, x, ybottom + 5, x, ybottom + 17,
		    step >= 86400 || (days && step >= 3600) ? b + 5 : b + 11);
	}
	out_html(tl->out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
	    "stroke=\"#222\"/>\n", TL_X0, ybottom, TL_X1, ybottom);
	time_format(tl->lo_us, b);
	time_format(tl->hi_us, e);
	b[10] = e[10] = '\0';
	out_html(tl->out, "<text class=\"sub\" x=\"8\" y=\"%.1f\">"
	    "time (UTC), %s%s%s</text>\n</g>\n", ybottom + 17, b,
	    strcmp(b, e) != 0 ? " to " : "", strcmp(b, e) != 0 ? e : "");
}

/* A bar from a to b on a lane's bar row, clipped to the axis. */
static void
tl_bar(struct tl *tl, double y, int64_t a, int64_t b, const char *fill,
    const char *what)
{
	char	t1[TIME_FMT_LEN], t2[TIME_FMT_LEN];
	double	xa, xb;

	if (a == TIME_NONE || b == TIME_NONE || b <= a || b < tl->lo_us ||
	    a > tl->hi_us)
		return;
	xa = tl_x(tl, tl_clamp(tl, a));
	xb = tl_x(tl, tl_clamp(tl, b));
	out_html(tl->out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"14\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.8\">"
	    "<title>%s %s to %s</title></rect>\n", xa, y, xb - xa, fill,
	    what, clock_of(a, t1), clock_of(b, t2));
}

static void
tl_marker_title(FILE *out, const char *what, int64_t us)
{
	char	t[TIME_FMT_LEN];

	out_html(out, "<title>%s %s</title>", what, time_format(us, t));
}

/* Answered requests up from the baseline, failed ones down from it. */
static void
tl_traffic(struct tl *tl, const struct tl_lane *l, double base)
{
	double	bw = (double)(TL_X1 - TL_X0) / (double)tl->nbins, hgt;
	size_t	i;
	int	k, any;

	if (tl->peak == 0)
		return;
	out_html(tl->out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
	    "stroke=\"#999\" stroke-width=\"0.6\"/>\n", TL_X0, base, TL_X1,
	    base);
	for (k = 0; k < 2; k++) {
		any = 0;
		for (i = 0; i < tl->nbins; i++) {
			hgt = (double)(k == 0 ? l->ok[i] : l->bad[i]) * 10.0 /
			    (double)tl->peak;
			if (hgt == 0)
				continue;
			if (hgt < 2)
				hgt = 2;
			if (!any)
				out_html(tl->out, "<path fill=\"%s\" d=\"",
				    k == 0 ? "#8c8c8c" : "#c0241a");
			any = 1;
			out_html(tl->out, "M%.1f %.1fh%.1fv%.1fh%.1fz",
			    TL_X0 + (double)i * bw + 0.3, base,
			    bw > 1.6 ? bw - 0.6 : 1.0, k == 0 ? -hgt : hgt,
			    bw > 1.6 ? -(bw - 0.6) : -1.0);
		}
		if (any)
			out_html(tl->out, "\"><title>%s</title></path>\n",
			    k == 0 ? "requests answered, per second" :
			    "requests failed (5xx or no response), per "
			    "second");
	}
}

static void
tl_diamond(FILE *out, double x, double y)
{
	out_html(out, "M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 -4.5z", x, y - 4.5);
}

/* Missing records as diamonds, each with its key in a tooltip. */
static void
tl_missing(struct tl *tl, const struct tl_lane *l, double y)
{
	char		 t[TIME_FMT_LEN];
	const char	*anchor;
	double		 x;
	size_t		 i;

	if (l->nmiss == 0)
		return;
	out_html(tl->out, "<g fill=\"#5b2a86\" stroke=\"#000\" "
	    "stroke-width=\"0.7\">");
	if (l->nmiss > TL_MAX_TITLED) {
		out_html(tl->out, "<path d=\"");
		for (i = 0; i < l->nmiss; i++)
			tl_diamond(tl->out, tl_x(tl, l->miss[i].time_us), y);
		out_html(tl->out, "\"><title>%zu missing records</title>"
		    "</path>", l->nmiss);
	} else {
		for (i = 0; i < l->nmiss; i++) {
			out_html(tl->out, "<path d=\"");
			tl_diamond(tl->out, tl_x(tl, l->miss[i].time_us), y);
			out_html(tl->out, "\"><title>missing record ");
			h(tl->out, l->miss[i].key);
			out_html(tl->out, " at %s</title></path>",
			    time_format(l->miss[i].time_us, t));
		}
	}
	out_html(tl->out, "</g>\n");
	x = tl_x(tl, l->miss[l->nmiss - 1].time_us) + 8;
	anchor = "start";
	if (x + 10 * TL_CHAR_W > TL_W - 4) {
		x = tl_x(tl, l->miss[0].time_us) - 8;
		anchor = "end";
	}
	out_html(tl->out, "<text class=\"cnt\" x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"%s\">%zu missing</text>\n", x, y + 4, anchor,
	    l->nmiss);
}

/* A pod's name for the gutter: its end when it is too long. */
static void
tl_name(FILE *out, const char *name)
{
	size_t	len = strlen(name), cut = 0, chars = 0, i;

	for (i = len; i > 0; i--) {
		if (((unsigned char)name[i - 1] & 0xc0) != 0x80 &&
		    ++chars == TL_NAME_MAX) {
			cut = i - 1;
			break;
		}
	}
	if (i == 0) {
		h(out, name);
		return;
	}
	out_html(out, "\xe2\x80\xa6");
	h(out, name + cut + 1);
}

/*
 * Where a lane's parts are, from the lane's top: the deletion triangle
 * above the bar, the bar, the pod-gone cross and sidecar marks below it,
 * then the missing records, then the traffic strip.
 */
#define LY_TRI		7	/* the deletion triangle's tip */
#define LY_CAP		9	/* the SIGTERM mark's cap */
#define LY_BAR		11	/* the bar's top (14 high) */
#define LY_MID		18	/* the bar's middle */
#define LY_BELOW	30	/* gone cross, sidecar marks (middle) */
#define LY_MISS		41	/* missing records (middle) */
#define LY_BASE		56	/* traffic baseline: OK up, failed down */

/* Text beside a mark at x, right of it when it fits, else left. */
static void
tl_label(struct tl *tl, double x, double y, const char *cls,
    const char *text)
{
	int	right;

	right = x + 8 + (double)strlen(text) * TL_CHAR_W < TL_W - 4;
	out_html(tl->out, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" "
	    "text-anchor=\"%s\">", cls, right ? x + 8 : x - 8, y,
	    right ? "start" : "end");
	h(tl->out, text);
	out_html(tl->out, "</text>\n");
}

/*
 * Each container's end.  A main container: a circle on the bar with its
 * exit code.  A sidecar: a square below the bar with its name and code,
 * and an open triangle where it became ready.
 */
static void
tl_exits(struct tl *tl, const struct podset_pod *p, double y)
{
	const struct row_container	*c;
	char				 code[96], t[TIME_FMT_LEN];
	double				 x;
	size_t				 i;

	for (i = 0; i < p->nc; i++) {
		c = &p->c[i];
		if (c->init && !c->native_sidecar)
			continue;
		if (c->sidecar && tl_in(tl, c->ready_us)) {
			x = tl_x(tl, c->ready_us);
			out_html(tl->out, "<path d=\"M%.1f %.1fl5 7h-10z\" "
			    "fill=\"#fff\" stroke=\"#000\" "
			    "stroke-width=\"1.4\"><title>", x,
			    y + LY_BELOW - 4);
			h(tl->out, c->name);
			out_html(tl->out, " ready %s</title></path>\n",
			    time_format(c->ready_us, t));
		}
		if (!tl_in(tl, c->finished_us))
			continue;
		x = tl_x(tl, c->finished_us);
		if (c->exit_code == INT_NONE)
			snprintf(code, sizeof code, "?");
		else
			snprintf(code, sizeof code, "%" PRId64, c->exit_code);
		if (c->sidecar)
			out_html(tl->out, "<rect x=\"%.1f\" y=\"%.1f\" "
			    "width=\"8\" height=\"8\" fill=\"#fff\" "
			    "stroke=\"#000\" stroke-width=\"1.6\">", x - 4,
			    y + LY_BELOW - 4);
		else
			out_html(tl->out, "<circle cx=\"%.1f\" cy=\"%d\" "
			    "r=\"4.5\" fill=\"#fff\" stroke=\"#000\" "
			    "stroke-width=\"1.6\">", x, (int)y + LY_MID);
		out_html(tl->out, "<title>");
		h(tl->out, c->name);
		out_html(tl->out, " exited %s", code);
		if (c->reason != NULL) {
			out_html(tl->out, " (");
			h(tl->out, c->reason);
			out_html(tl->out, ")");
		}
		out_html(tl->out, " at %s%s</title></%s>\n",
		    time_format(c->finished_us, t), c->killed_at_deadline ?
		    ", SIGKILLed at the grace deadline" : "",
		    c->sidecar ? "rect" : "circle");
		if (c->sidecar) {
			snprintf(code, sizeof code, "%s %s", c->name,
			    c->exit_code == INT_NONE ? "?" : "");
			if (c->exit_code != INT_NONE)
				snprintf(code + strlen(code), sizeof code -
				    strlen(code), "%" PRId64, c->exit_code);
			tl_label(tl, x, y + LY_BELOW + 4, "side", code);
		} else
			tl_label(tl, x, y + LY_MID + 4, "code", code);
	}
}

/* When the last sidecar ended (TIME_NONE: one never did). */
static int64_t
sidecars_end(const struct podset_pod *p, int *any)
{
	int64_t	t = TIME_NONE;
	size_t	i;

	*any = 0;
	for (i = 0; i < p->nc; i++) {
		if (!p->c[i].sidecar || (p->c[i].init &&
		    !p->c[i].native_sidecar))
			continue;
		*any = 1;
		if (p->c[i].finished_us == TIME_NONE)
			return (TIME_NONE);
		if (t == TIME_NONE || p->c[i].finished_us > t)
			t = p->c[i].finished_us;
	}
	return (t);
}

static void
tl_lane(struct tl *tl, const struct tl_lane *l, size_t i)
{
	const struct podset_pod	*p = l->pod;
	char			 t[TIME_FMT_LEN], pat[40];
	double			 y = TL_TOP + (double)i * TL_LANE, x;
	int64_t			 began, ended, del, term, dl, gone, side;
	int			 anyside;

	if (i % 2 == 1)
		out_html(tl->out, "<rect x=\"0\" y=\"%.1f\" width=\"%d\" "
		    "height=\"%d\" fill=\"#000\" fill-opacity=\"0.035\"/>\n",
		    y, TL_W, TL_LANE);
	out_html(tl->out, "<text class=\"name\" x=\"8\" y=\"%.1f\">", y + 22);
	if (l->name != NULL) {
		out_html(tl->out, "<title>");
		if (p != NULL && p->r.namespace != NULL) {
			h(tl->out, p->r.namespace);
			out_html(tl->out, "/");
		}
		h(tl->out, l->name);
		out_html(tl->out, "</title>");
		tl_name(tl->out, l->name);
	} else
		out_html(tl->out, "missing records");
	out_html(tl->out, "</text>\n<text class=\"sub\" x=\"8\" "
	    "y=\"%.1f\">", y + 37);
	if (l->name == NULL)
		out_html(tl->out, "outside every pod&#39;s termination window");
	else if (p == NULL)
		out_html(tl->out, "not among the imported pods");
	else {
		if (p->r.grace_s != INT_NONE)
			out_html(tl->out, "grace %" PRId64 " s", p->r.grace_s);
		if (p->r.prestop_ms != INT_NONE)
			out_html(tl->out, "%spreStop %.1f s",
			    p->r.grace_s != INT_NONE ? " \xc2\xb7 " : "",
			    (double)p->r.prestop_ms / 1000.0);
		if (p->r.grace_s == INT_NONE &&
		    p->r.prestop_ms == INT_NONE) {
			out_html(tl->out, "node ");
			h(tl->out, p->r.node);
		}
	}
	out_html(tl->out, "</text>\n");
	if (l->name == NULL || p != NULL)
		tl_traffic(tl, l, y + LY_BASE);
	tl_missing(tl, l, y + LY_MISS);
	if (p == NULL)
		return;

	/*
	 * The bars: running until the deletion request (or the app's exit),
	 * preStop until SIGTERM, then until the app's exit; sidecars alone
	 * after it; exited but not gone as a dotted line.
	 */
	began = pod_began(p);
	if (began == TIME_NONE)
		began = tl->lo_us;
	del = p->r.deletion_us;
	term = p->r.sigterm_us != TIME_NONE ? p->r.sigterm_us : del;
	ended = main_exit(p);
	gone = p->r.gone_us;
	dl = p->r.deadline_us;
	side = sidecars_end(p, &anyside);
	tl_bar(tl, y + LY_BAR, began, del != TIME_NONE ? del : ended !=
	    TIME_NONE ? ended : gone != TIME_NONE ? gone : tl->hi_us,
	    "#c4d4ea", "running");
	snprintf(pat, sizeof pat, "url(#pre%" PRId64 ")", tl->id);
	tl_bar(tl, y + LY_BAR, del, term, pat, "preStop (deletion to "
	    "SIGTERM)");
	snprintf(pat, sizeof pat, "url(#term%" PRId64 ")", tl->id);
	tl_bar(tl, y + LY_BAR, term, ended != TIME_NONE ? ended : gone !=
	    TIME_NONE ? gone : dl != TIME_NONE ? dl : tl->hi_us, pat,
	    "after SIGTERM until exit");
	if (anyside && ended != TIME_NONE && (side == TIME_NONE ||
	    side > ended)) {
		snprintf(pat, sizeof pat, "url(#side%" PRId64 ")", tl->id);
		tl_bar(tl, y + LY_BAR, ended, side != TIME_NONE ? side :
		    gone != TIME_NONE ? gone : tl->hi_us, pat,
		    "only sidecars running");
		if (side != TIME_NONE)
			ended = side;
		else
			ended = gone;
	}
	if (ended != TIME_NONE && gone != TIME_NONE && gone > ended &&
	    gone > tl->lo_us && ended < tl->hi_us)
		out_html(tl->out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"1.5 3\"/>\n",
		    tl_x(tl, tl_clamp(tl, ended)), y + LY_MID,
		    tl_x(tl, tl_clamp(tl, gone)), y + LY_MID);

	/* the marks */
	if (tl_in(tl, dl)) {
		x = tl_x(tl, dl);
		out_html(tl->out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#b00020\" stroke-width=\"1.8\" "
		    "stroke-dasharray=\"5 3\">", x, y + 2, x,
		    y + TL_LANE - 2);
		tl_marker_title(tl->out, "grace deadline (SIGKILL)", dl);
		out_html(tl->out, "</line>\n");
	}
	if (tl_in(tl, del)) {
		x = tl_x(tl, del);
		out_html(tl->out, "<path d=\"M%.1f %.1fl-5 -6h10z\" "
		    "fill=\"#222\">", x, y + LY_TRI);
		tl_marker_title(tl->out, "deletion request", del);
		out_html(tl->out, "</path>\n");
	}
	if (tl_in(tl, p->r.sigterm_us)) {
		x = tl_x(tl, p->r.sigterm_us);
		out_html(tl->out, "<path d=\"M%.1f %.1fh9M%.1f %.1fv20\" "
		    "stroke=\"#000\" stroke-width=\"2.4\" fill=\"none\">",
		    x - 4.5, y + LY_CAP, x, y + LY_CAP);
		tl_marker_title(tl->out, "SIGTERM", p->r.sigterm_us);
		out_html(tl->out, "</path>\n");
	}
	if (tl_in(tl, gone)) {
		x = tl_x(tl, gone);
		out_html(tl->out, "<path d=\"M%.1f %.1fl7 7m0 -7l-7 7\" "
		    "stroke=\"#000\" stroke-width=\"2\"><title>pod gone %s"
		    "</title></path>\n", x - 3.5, y + LY_BELOW - 3.5,
		    time_format(gone, t));
	}
	tl_exits(tl, p, y);
}

/* The legend's entries, in order; each draws its swatch. */
enum swatch {
	SW_RUN, SW_PRE, SW_TERM, SW_EXITED, SW_BAND, SW_DELETION,
	SW_SIGTERM, SW_DEADLINE, SW_EXIT, SW_GONE, SW_OK, SW_FAILED,
	SW_MISSING, SW_SIDE, SW_SIDE_READY, SW_SIDE_EXIT
};
#define LG_ALWAYS	0x0	/* shown in every legend */
#define LG_PODS		0x1	/* when a lane has a pod */
#define LG_TRAFFIC	0x2	/* when requests were routed to a lane */
#define LG_MISSING	0x4	/* when a lane has missing records */
#define LG_SIDECAR	0x8	/* when a lane's pod has a sidecar */
#define LG_DELETED	0x10	/* when a lane's pod was deleted */
static const struct legend_entry {
	enum swatch	 sw;		/* what it draws */
	int		 when;		/* LG_*: what must be drawn */
	const char	*label;		/* markup-free text */
} legend[] = {
	{ .sw = SW_RUN, .when = LG_PODS, .label = "running" },
	{ .sw = SW_PRE, .when = LG_DELETED,
	    .label = "preStop (deletion to SIGTERM)" },
	{ .sw = SW_TERM, .when = LG_DELETED,
	    .label = "after SIGTERM until exit" },
	{ .sw = SW_EXITED, .when = LG_PODS,
	    .label = "exited, pod not yet gone" },
	{ .sw = SW_BAND, .when = LG_ALWAYS, .label = "the finding's window" },
	{ .sw = SW_DELETION, .when = LG_DELETED, .label = "deletion request" },
	{ .sw = SW_SIGTERM, .when = LG_DELETED, .label = "SIGTERM" },
	{ .sw = SW_DEADLINE, .when = LG_DELETED,
	    .label = "grace deadline (SIGKILL)" },
	{ .sw = SW_EXIT, .when = LG_PODS,
	    .label = "container exit, with its code" },
	{ .sw = SW_GONE, .when = LG_PODS, .label = "pod gone" },
	{ .sw = SW_SIDE, .when = LG_SIDECAR,
	    .label = "only sidecars running" },
	{ .sw = SW_SIDE_READY, .when = LG_SIDECAR, .label = "sidecar ready" },
	{ .sw = SW_SIDE_EXIT, .when = LG_SIDECAR,
	    .label = "sidecar exit, with its code" },
	{ .sw = SW_OK, .when = LG_TRAFFIC,
	    .label = "requests answered per second (up)" },
	{ .sw = SW_FAILED, .when = LG_TRAFFIC,
	    .label = "requests failed per second (down)" },
	{ .sw = SW_MISSING, .when = LG_MISSING, .label = "missing record" },
};

/* A legend swatch 24 wide, centred vertically on y. */
static void
legend_swatch(struct tl *tl, enum swatch sw, double x, double y)
{
	FILE	*out = tl->out;

	switch (sw) {
	case SW_RUN:
	case SW_PRE:
	case SW_TERM:
	case SW_SIDE:
		out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" "
		    "height=\"12\" stroke=\"#333\" stroke-width=\"0.8\" ",
		    x, y - 6);
		if (sw == SW_RUN)
			out_html(out, "fill=\"#c4d4ea\"/>");
		else
			out_html(out, "fill=\"url(#%s%" PRId64 ")\"/>",
			    sw == SW_PRE ? "pre" : sw == SW_TERM ? "term" :
			    "side", tl->id);
		break;
	case SW_SIDE_READY:
		out_html(out, "<path d=\"M%.1f %.1fl5 7h-10z\" fill=\"#fff\" "
		    "stroke=\"#000\" stroke-width=\"1.4\"/>", x + 12, y - 4);
		break;
	case SW_SIDE_EXIT:
		out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" "
		    "height=\"8\" fill=\"#fff\" stroke=\"#000\" "
		    "stroke-width=\"1.6\"/>", x + 8, y - 4);
		break;
	case SW_EXITED:
		out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"1.5 3\"/>", x, y, x + 24, y);
		break;
	case SW_BAND:
		out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" "
		    "height=\"12\" fill=\"#ffe066\" fill-opacity=\"0.3\" "
		    "stroke=\"#b59a00\" stroke-dasharray=\"2 2\"/>", x, y - 6);
		break;
	case SW_DELETION:
		out_html(out, "<path d=\"M%.1f %.1fl-5 -6h10z\" "
		    "fill=\"#222\"/>", x + 12, y + 3);
		break;
	case SW_SIGTERM:
		out_html(out, "<path d=\"M%.1f %.1fh9M%.1f %.1fv13\" "
		    "stroke=\"#000\" stroke-width=\"2.4\" fill=\"none\"/>",
		    x + 7.5, y - 7, x + 12, y - 7);
		break;
	case SW_DEADLINE:
		out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#b00020\" stroke-width=\"1.8\" "
		    "stroke-dasharray=\"5 3\"/>", x + 12, y - 8, x + 12, y + 8);
		break;
	case SW_EXIT:
		out_html(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" "
		    "fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.6\"/>",
		    x + 12, y);
		break;
	case SW_GONE:
		out_html(out, "<path d=\"M%.1f %.1fl7 7m0 -7l-7 7\" "
		    "stroke=\"#000\" stroke-width=\"2\"/>", x + 8.5, y - 3.5);
		break;
	case SW_OK:
	case SW_FAILED:
		out_html(out, "<path d=\"M%.1f %.1fh4v%dh-4zM%.1f %.1fh4v%dh-4z"
		    "M%.1f %.1fh4v%dh-4z\" fill=\"%s\"/>", x + 2, y,
		    sw == SW_OK ? -7 : 7, x + 9, y, sw == SW_OK ? -4 : 4,
		    x + 16, y, sw == SW_OK ? -9 : 9, sw == SW_OK ?
		    "#8c8c8c" : "#c0241a");
		out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#999\" stroke-width=\"0.6\"/>", x,
		    y, x + 24, y);
		break;
	case SW_MISSING:
		out_html(out, "<path d=\"");
		tl_diamond(out, x + 12, y);
		out_html(out, "\" fill=\"#5b2a86\" stroke=\"#000\" "
		    "stroke-width=\"0.7\"/>");
		break;
	}
}

static int
has_sidecar(const struct podset_pod *p)
{
	int	any;

	sidecars_end(p, &any);
	return (any);
}

/* The legend below the axis, wrapped into rows; returns its height. */
static double
tl_legend(struct tl *tl, double y, int draw)
{
	double	x = 12, w;
	size_t	i;
	int	rows = 1, shown = LG_ALWAYS;

	if (tl->peak > 0)
		shown |= LG_TRAFFIC;
	for (i = 0; i < tl->n; i++) {
		if (tl->lanes[i].pod != NULL)
			shown |= LG_PODS;
		if (tl->lanes[i].pod != NULL && has_sidecar(tl->lanes[i].pod))
			shown |= LG_SIDECAR;
		if (tl->lanes[i].pod != NULL &&
		    tl->lanes[i].pod->r.deletion_us != TIME_NONE)
			shown |= LG_DELETED;
		if (tl->lanes[i].nmiss > 0)
			shown |= LG_MISSING;
	}
	if (draw)
		out_html(tl->out, "<g class=\"legend\">\n");
	for (i = 0; i < sizeof legend / sizeof legend[0]; i++) {
		if ((legend[i].when & shown) != legend[i].when)
			continue;
		w = 30 + (double)strlen(legend[i].label) * TL_CHAR_W + 18;
		if (x > 12 && x + w > TL_W - 8) {
			x = 12;
			y += TL_LEGEND;
			rows++;
		}
		if (draw) {
			legend_swatch(tl, legend[i].sw, x, y);
			out_html(tl->out, "<text x=\"%.1f\" y=\"%.1f\">",
			    x + 30, y + 4);
			h(tl->out, legend[i].label);
			out_html(tl->out, "</text>\n");
		}
		x += w;
	}
	if (draw)
		out_html(tl->out, "</g>\n");
	return ((double)rows * TL_LEGEND);
}

/* The finding's window as a light band behind the lanes. */
static void
tl_band(struct tl *tl, double ybottom)
{
	int64_t	a = tl->fstart_us, b = tl->fend_us;
	double	xa, xb;

	if (a == TIME_NONE)
		return;
	if (b == TIME_NONE || b < a)
		b = a;
	xa = tl_x(tl, tl_clamp(tl, a));
	xb = tl_x(tl, tl_clamp(tl, b));
	if (xb - xa < 2)
		xb = xa + 2;
	out_html(tl->out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"#ffe066\" fill-opacity=\"0.3\" "
	    "stroke=\"#b59a00\" stroke-dasharray=\"2 2\"/>\n", xa, TL_TOP,
	    xb - xa, ybottom - TL_TOP);
}

/*
 * The timeline of one finding as an inline SVG in a figure, or a line
 * saying why there is none.  Returns 0, or -1 with a new *cause.
 */
static int
tl_draw(FILE *out, struct store *st, struct podset *ps, json_t *f,
    int64_t id, char **cause)
{
	struct tl	 tl;
	double		 ybottom, height;
	size_t		 i;
	int		 rc;

	memset(&tl, 0, sizeof tl);
	tl.out = out;
	tl.id = id;
	rc = tl_load(&tl, st, ps, f, cause);
	if (rc <= 0) {
		if (rc == 0)
			out_html(out, "<p class=\"meta\">No timeline: the "
			    "finding names no pods with known times.</p>\n");
		tl_free(&tl);
		return (rc);
	}
	ybottom = TL_TOP + (double)tl.n * TL_LANE;
	height = ybottom + TL_AXIS + tl_legend(&tl, 0, 0) + 4;
	out_html(out, "<figure>\n<svg class=\"tl\" viewBox=\"0 0 %d %.0f\" "
	    "width=\"%d\" height=\"%.0f\" role=\"img\" "
	    "aria-labelledby=\"tl%" PRId64 "\">\n<title id=\"tl%" PRId64 "\">"
	    "Timeline of %zu pod%s on one time axis (UTC)</title>\n",
	    TL_W, height, TL_W, height, id, id, tl.n, tl.n == 1 ? "" : "s");
	tl_defs(&tl);
	tl_band(&tl, ybottom);
	tl_axis(&tl, ybottom);
	for (i = 0; i < tl.n; i++)
		tl_lane(&tl, &tl.lanes[i], i);
	tl_legend(&tl, ybottom + TL_AXIS + 4, 1);
	out_html(out, "</svg>\n<figcaption>One lane per pod on a common time "
	    "axis in UTC.  Marks have tooltips with their exact times.");
	if (tl.not_drawn > 0)
		out_html(out, "  %zu more pod%s of this finding %s not drawn.",
		    tl.not_drawn, tl.not_drawn == 1 ? "" : "s",
		    tl.not_drawn == 1 ? "is" : "are");
	out_html(out, "</figcaption>\n</figure>\n");
	tl_free(&tl);
	return (0);
}

/*
 * The date all the times of a table share ("2026-05-12"), into date, or
 * "" when they do not share one: such a table shows them as clock times
 * under a caption with the date, so that it fits the page.
 */
static void
table_date(json_t *arr, json_t *cols, char date[11])
{
	const char	*s;
	json_t		*row;
	size_t		 i, j;
	int64_t		 us;

	date[0] = '\0';
	for (i = 0; i < json_array_size(arr); i++) {
		row = json_array_get(arr, i);
		for (j = 0; j < json_array_size(cols); j++) {
			s = json_string_value(json_object_get(row,
			    json_string_value(json_array_get(cols, j))));
			if (s == NULL || strlen(s) != 24 || time_parse_iso(s,
			    24, 0, &us) != 0)
				continue;
			if (date[0] == '\0')
				memcpy(date, s, 10);
			else if (memcmp(date, s, 10) != 0) {
				date[0] = '\0';
				return;
			}
			date[10] = '\0';
		}
	}
}

/* An array of objects as a table of its own. */
static void
html_table(FILE *out, const char *name, json_t *arr)
{
	json_t		*cols, *c, *row, *v;
	const char	*s;
	char		 date[11];
	size_t		 i, j;
	int64_t		 us;

	cols = report_columns(arr);
	table_date(arr, cols, date);
	out_html(out, "<div class=\"wide\"><table>\n<caption>");
	h(out, name);
	if (date[0] != '\0')
		out_html(out, " <span class=\"sub\">(times UTC on %s)</span>",
		    date);
	out_html(out, "</caption>\n<thead><tr>");
	for (j = 0; j < json_array_size(cols); j++) {
		c = json_array_get(cols, j);
		out_html(out, "<th>");
		h(out, json_string_value(c));
		out_html(out, "</th>");
	}
	out_html(out, "</tr></thead>\n<tbody>\n");
	for (i = 0; i < json_array_size(arr); i++) {
		row = json_array_get(arr, i);
		out_html(out, "<tr>");
		for (j = 0; j < json_array_size(cols); j++) {
			c = json_array_get(cols, j);
			v = json_is_object(row) ? json_object_get(row,
			    json_string_value(c)) : NULL;
			s = json_string_value(v);
			out_html(out, "<td class=\"v\">");
			if (date[0] != '\0' && s != NULL && strlen(s) == 24 &&
			    time_parse_iso(s, 24, 0, &us) == 0) {
				out_html(out, "<span title=\"");
				h(out, s);
				out_html(out, "\">");
				h(out, s + 11);
				out_html(out, "</span>");
			} else
				hv(out, v);
			out_html(out, "</td>");
		}
		out_html(out, "</tr>\n");
	}
	out_html(out, "</tbody>\n</table></div>\n");
	json_decref(cols);
}

static void
html_evidence(FILE *out, json_t *ev)
{
	const char	*k;
	json_t		*v;
	void		*it;

	if (json_object_size(ev) == 0) {
		out_html(out, "<p>No evidence recorded.</p>\n");
		return;
	}
	out_html(out, "<table>\n<thead><tr><th>Name</th><th>Value</th></tr>"
	    "</thead>\n<tbody>\n");
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		out_html(out, "<tr><td class=\"k\">");
		h(out, k);
		out_html(out, "</td><td class=\"v\">");
		if (report_is_table(v))
			out_html(out, "(table below)");
		else
			hv(out, v);
		out_html(out, "</td></tr>\n");
	}
	out_html(out, "</tbody>\n</table>\n");
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (report_is_table(v))
			html_table(out, k, v);
	}
}

/* "kind — namespace/workload" of a finding. */
static void
html_title(FILE *out, json_t *f)
{
	const char	*ns = member(f, "namespace");
	const char	*wl = member(f, "workload");

	h(out, member(f, "kind"));
	if (ns == NULL && wl == NULL)
		return;
	out_html(out, " \xe2\x80\x94 ");
	if (ns != NULL)
		h(out, ns);
	if (ns != NULL && wl != NULL)
		out_html(out, "/");
	if (wl != NULL)
		h(out, wl);
}

static int64_t
finding_id(json_t *f, size_t i)
{
	json_t	*id = json_object_get(f, "id");

	return (json_is_integer(id) ? (int64_t)json_integer_value(id) :
	    (int64_t)i + 1);
}

static int
html_finding(FILE *out, struct store *st, struct podset *ps,
    json_t *f, size_t i, char **cause)
{
	const char	*sev = sev_class(member(f, "severity"));
	int64_t		 id = finding_id(f, i);
	json_t		*ev = json_object_get(f, "evidence");

	out_html(out, "<article class=\"finding %s\" id=\"f%" PRId64 "\">\n"
	    "<h3><span class=\"sev %s\">", sev, id, sev);
	h(out, member(f, "severity"));
	out_html(out, "</span> %" PRId64 ". ", id);
	html_title(out, f);
	out_html(out, "</h3>\n<p class=\"summary\">");
	h(out, member(f, "summary"));
	out_html(out, "</p>\n<p class=\"meta\"><b>When:</b> ");
	hv(out, json_object_get(f, "start"));
	out_html(out, " \xe2\x86\x92 ");
	hv(out, json_object_get(f, "end"));
	out_html(out, " (UTC)<br><b>Pods:</b> <span class=\"mono\">");
	hv(out, json_is_array(json_object_get(f, "pods")) ?
	    json_object_get(f, "pods") : NULL);
	out_html(out, "</span></p>\n");
	if (tl_draw(out, st, ps, f, id, cause) != 0)
		return (-1);
	out_html(out, "<h4>Evidence</h4>\n");
	html_evidence(out, json_is_object(ev) ? ev : NULL);
	out_html(out, "<h4>Recommendation</h4>\n<p class=\"rec\">");
	h(out, member(f, "recommendation"));
	out_html(out, "</p>\n</article>\n");
	return (0);
}

static void
html_stat(FILE *out, const char *cls, const char *what, int64_t n)
{
	char	b[32];

	if (cls != NULL)
		out_html(out, "<div class=\"%s\">", cls);
	else
		out_html(out, "<div>");
	out_html(out, "<dt>%s</dt><dd>%s</dd></div>\n", what,
	    report_count(n, b));
}

static void
html_summary(FILE *out, json_t *rep)
{
	json_t	*sum = json_object_get(rep, "summary");
	json_t	*findings = json_object_get(rep, "findings"), *f;
	const char	*sev;
	int64_t		 crit = 0, warn = 0;
	size_t		 i;

	for (i = 0; i < json_array_size(findings); i++) {
		f = json_array_get(findings, i);
		sev = sev_class(member(f, "severity"));
		if (strcmp(sev, "critical") == 0)
			crit++;
		else if (strcmp(sev, "warning") == 0)
			warn++;
	}
	out_html(out, "<section id=\"summary\">\n<h2>Summary</h2>\n"
	    "<dl class=\"stats\">\n");
	html_stat(out, "critical", "Critical findings", crit);
	html_stat(out, "warning", "Warnings", warn);
	html_stat(out, NULL, "Pods", json_integer_value(json_object_get(sum,
	    "pods")));
	html_stat(out, NULL, "Rollouts", json_integer_value(json_object_get(sum,
	    "rollouts")));
	html_stat(out, NULL, "Requests", json_integer_value(json_object_get(sum,
	    "requests")));
	html_stat(out, NULL, "Failed requests", json_integer_value(
	    json_object_get(sum, "failed_requests")));
	out_html(out, "</dl>\n");
	if (json_array_size(findings) == 0) {
		out_html(out, "<p>No findings.</p>\n</section>\n");
		return;
	}
	out_html(out, "<table>\n<thead><tr><th class=\"n\">#</th>"
	    "<th>Severity</th><th>Finding</th><th class=\"n\">Pods</th>"
	    "<th>Start (UTC)</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < json_array_size(findings); i++) {
		f = json_array_get(findings, i);
		out_html(out, "<tr><td class=\"n\">%" PRId64 "</td><td><span "
		    "class=\"sev %s\">", finding_id(f, i),
		    sev_class(member(f, "severity")));
		h(out, member(f, "severity"));
		out_html(out, "</span></td><td><a href=\"#f%" PRId64 "\">",
		    finding_id(f, i));
		html_title(out, f);
		out_html(out, "</a></td><td class=\"n\">%zu</td><td "
		    "class=\"mono\">", json_array_size(json_object_get(f,
		    "pods")));
		hv(out, json_object_get(f, "start"));
		out_html(out, "</td></tr>\n");
	}
	out_html(out, "</tbody>\n</table>\n</section>\n");
}

static void
html_sources(FILE *out, json_t *rep)
{
	json_t	*sources = json_object_get(rep, "sources"), *s;
	char		 n[32];
	size_t		 i;

	out_html(out, "<section id=\"sources\">\n<h2>Sources</h2>\n");
	if (json_array_size(sources) == 0) {
		out_html(out, "<p>Nothing was imported.</p>\n</section>\n");
		return;
	}
	out_html(out, "<table>\n<thead><tr><th>Path</th><th>Format</th>"
	    "<th class=\"n\">Rows</th><th class=\"n\">Rejected</th></tr>"
	    "</thead>\n<tbody>\n");
	for (i = 0; i < json_array_size(sources); i++) {
		s = json_array_get(sources, i);
		out_html(out, "<tr><td class=\"mono\">");
		h(out, member(s, "path"));
		out_html(out, "</td><td>");
		h(out, member(s, "format"));
		out_html(out, "</td><td class=\"n\">%s</td>", report_count(
		    json_integer_value(json_object_get(s, "rows")), n));
		out_html(out, "<td class=\"n\">%s</td></tr>\n", report_count(
		    json_integer_value(json_object_get(s, "rejected")), n));
	}
	out_html(out, "</tbody>\n</table>\n</section>\n");
}

int
report_html(struct store *st, json_t *rep, FILE *out, char **cause)
{
	json_t	*win = json_object_get(rep, "window");
	json_t	*findings = json_object_get(rep, "findings"), *f;
	struct podset	 ps;
	size_t		 i;
	int		 rc = 0;

	if (podset_load(st, &ps, NULL, cause) != 0) {
		podset_free(&ps);
		return (-1);
	}
	out_html(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" "
	    "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<meta name=\"generator\" content=\"coroner"
	    "\">\n<title>coroner report: %zu finding%s</title>\n<style>\n%s"
	    "</style>\n</head>\n<body>\n<header>\n<h1>How the pods died"
	    "</h1>\n<p class=\"lead\">coroner postmortem report.  Incident "
	    "window <b class=\"mono\">", json_array_size(findings),
	    json_array_size(findings) == 1 ? "" : "s", page_css);
	hv(out, json_object_get(win, "start"));
	out_html(out, "</b> \xe2\x86\x92 <b class=\"mono\">");
	hv(out, json_object_get(win, "end"));
	out_html(out, "</b> (UTC).  Generated <span class=\"mono\">");
	hv(out, json_object_get(rep, "generated_at"));
	out_html(out, "</span>.</p>\n</header>\n");
	html_summary(out, rep);
	html_sources(out, rep);
	out_html(out, "<section id=\"findings\">\n<h2>Findings</h2>\n");
	if (json_array_size(findings) == 0)
		out_html(out, "<p>No findings.</p>\n");
	for (i = 0; i < json_array_size(findings); i++) {
		f = json_array_get(findings, i);
		if ((rc = html_finding(out, st, &ps, f, i, cause)) != 0)
			break;
	}
	podset_free(&ps);
	if (rc != 0)
		return (-1);
	out_html(out, "</section>\n<footer>Written by coroner from the "
	    "report JSON ");
	hv(out, json_object_get(rep, "format"));
	out_html(out, ".  All times are UTC.</footer>\n</body>\n</html>\n");
	if (fflush(out) != 0 || ferror(out)) {
		*cause = xasprintf("writing the report: %s", strerror(errno));
		return (-1);
	}
	return (0);
}
