/*
 * report-html.c: the report as one self-contained HTML5 file (report.h):
 * inline CSS, no scripts, no external resources.  At the top the
 * incident window, a summary and an index of the findings, then the
 * sources; per finding its summary, an inline SVG timeline, the evidence
 * tables and the recommendation.
 *
 * The findings come from the report JSON (report-json.c), the single
 * source for every format; each finding's picture and the table of its
 * times are report-svg.c's; each evidence number comes with the words
 * that explain it (evidence.c).  Rows come through store.h: no SQL here,
 * and no rules: nothing is decided, only written.
 *
 * Everything goes through out_html() (h(), hv()), which removes control
 * bytes, bidi controls and invalid UTF-8 and escapes & < > " ' in every
 * string argument, in text, in attributes and in SVG alike; the style
 * sheet through out_css().  A Content-Security-Policy allowing only the
 * inline style is a second fence.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "evidence.h"
#include "out.h"
#include "podset.h"
#include "report.h"
#include "timefmt.h"
#include "util.h"

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
    "svg.tl .note{fill:#8f1d14;font-size:11.5px;font-weight:700;"
    "stroke:#fff;stroke-width:3px;paint-order:stroke}\n"
    "svg.tl .inbar{font-size:11px;font-weight:600;stroke:#fff;"
    "stroke-width:3px;paint-order:stroke}\n"
    "table.ev td.w{font-size:.88em;color:#333;max-width:30rem}\n"
    /* a value with no space in 200 characters (a stack in a termination
       message) wraps where it must rather than widening the page */
    "table.ev td.v{overflow-wrap:anywhere}\n"
    "table.times td,table.times th{font-size:.84em}\n"
    "table.times td.mono,table.list td.mono{white-space:nowrap}\n"
    "a{color:#1a4f8b}\n"
    "footer{margin-top:2rem;font-size:.8rem;color:#555}\n"
    "@media print{body{max-width:none;margin:0;font-size:10.5pt}"
    ".finding,figure,table{break-inside:avoid}"
    "h2{break-after:avoid}a{color:inherit;text-decoration:none}"
    "th{background:none}.wide{overflow:visible}"
    ".wide table{font-size:8pt}.wide td{white-space:normal;"
    "overflow-wrap:anywhere}}\n";

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

/* " (2.0 days)" after a long duration in seconds (a key "..._s"). */
static void
duration_words(FILE *out, const char *key, json_t *v)
{
	size_t	n = strlen(key);
	double	s = json_number_value(v);

	if (n < 3 || strcmp(key + n - 2, "_s") != 0 || !json_is_number(v) ||
	    s < 600)
		return;
	if (s < 7200)
		out_html(out, " (%.1f min)", s / 60);
	else if (s < 172800)
		out_html(out, " (%.1f h)", s / 3600);
	else
		out_html(out, " (%.1f days)", s / 86400);
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
	out_html(out, "<table class=\"ev\">\n<thead><tr><th>Name</th>"
	    "<th>Value</th><th>What it means</th></tr></thead>\n<tbody>\n");
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		out_html(out, "<tr><td class=\"k\">");
		h(out, k);
		out_html(out, "</td><td class=\"v\">");
		if (report_is_table(v))
			out_html(out, "(table below)");
		else {
			hv(out, v);
			duration_words(out, k, v);
		}
		out_html(out, "</td><td class=\"w\">");
		h(out, evidence_explain(k) != NULL ? evidence_explain(k) : "");
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
	int		 kind;

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
	out_html(out, "</span>");
	if ((kind = finding_kind_lookup(member(f, "kind"))) >= 0)
		out_html(out, "<br><b>Kind:</b> %s", finding_kinds[kind].means);
	out_html(out, "</p>\n");
	if (report_svg_finding(out, st, ps, f, id, cause) != 0)
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
	/* all imported, not the incident window's (the TUI's lanes) */
	html_stat(out, NULL, "Requests imported", json_integer_value(
	    json_object_get(sum, "requests")));
	html_stat(out, NULL, "Failed, imported", json_integer_value(
	    json_object_get(sum, "failed_requests")));
	out_html(out, "</dl>\n");
	if (json_array_size(findings) == 0) {
		out_html(out, "<p>No findings.</p>\n</section>\n");
		return;
	}
	/* the list of findings: its times whole on one line */
	out_html(out, "<table class=\"list\">\n<thead><tr><th class=\"n\">"
	    "#</th><th>Severity</th><th>Finding</th><th class=\"n\">Pods"
	    "</th><th>Start (UTC)</th></tr></thead>\n<tbody>\n");
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

/*
 * One row of the sources table: its path, or in a group its member, or
 * alone its member in its path.
 */
static void
source_row(FILE *out, json_t *s, int grouped)
{
	const char	*name = member(s, "member");
	char		 n[32];

	out_html(out, "<tr><td class=\"mono\">");
	h(out, name != NULL ? name : member(s, "path"));
	if (name != NULL && !grouped)
		out_html(out, " <span class=\"sub\">in %s</span>", member(s,
		    "path"));
	out_html(out, "</td><td>");
	h(out, member(s, "format"));
	out_html(out, "</td><td class=\"n\">%s</td>", report_count(
	    json_integer_value(json_object_get(s, "rows")), n));
	out_html(out, "<td class=\"n\">%s</td></tr>\n", report_count(
	    json_integer_value(json_object_get(s, "rejected")), n));
}

/*
 * The members of one directory or archive, sources[from..to): one row
 * for it (its formats, its rows), then its members in a <details> that
 * a reader opens when they want them.
 */
static void
source_group(FILE *out, json_t *sources, size_t from, size_t to)
{
	json_t		*s, *formats = json_array();
	const char	*fmt;
	size_t		 i, j;
	int64_t		 rows = 0, rejected = 0;
	char		 n[32], *list;

	for (i = from; i < to; i++) {
		s = json_array_get(sources, i);
		rows += json_integer_value(json_object_get(s, "rows"));
		rejected += json_integer_value(json_object_get(s, "rejected"));
		fmt = member(s, "format");
		for (j = 0; j < json_array_size(formats); j++)
			if (str_eq(json_string_value(json_array_get(formats,
			    j)), fmt))
				break;
		if (j == json_array_size(formats) && fmt != NULL)
			json_array_append_new(formats, json_string(fmt));
	}
	list = report_text(formats);
	out_html(out, "<tr><td class=\"mono\">%s <span class=\"sub\">(%zu "
	    "inputs)</span></td><td>%s</td><td class=\"n\">%s</td>",
	    member(json_array_get(sources, from), "path"), to - from, list,
	    report_count(rows, n));
	out_html(out, "<td class=\"n\">%s</td></tr>\n", report_count(rejected,
	    n));
	out_html(out, "<tr><td colspan=\"4\"><details><summary>its inputs"
	    "</summary>\n<table>\n<tbody>\n");
	for (i = from; i < to; i++)
		source_row(out, json_array_get(sources, i), 1);
	out_html(out, "</tbody>\n</table></details></td></tr>\n");
	free(list);
	json_decref(formats);
}

static void
html_sources(FILE *out, json_t *rep)
{
	json_t		*sources = json_object_get(rep, "sources");
	const char	*p;
	size_t		 i, j;

	out_html(out, "<section id=\"sources\">\n<h2>Sources</h2>\n");
	if (json_array_size(sources) == 0) {
		out_html(out, "<p>Nothing was imported.</p>\n</section>\n");
		return;
	}
	out_html(out, "<table>\n<thead><tr><th>Path</th><th>Format</th>"
	    "<th class=\"n\">Rows</th><th class=\"n\">Rejected</th></tr>"
	    "</thead>\n<tbody>\n");
	for (i = 0; i < json_array_size(sources); i = j) {
		p = member(json_array_get(sources, i), "path");
		/* the inputs of one directory or archive come together */
		for (j = i + 1; j < json_array_size(sources) &&
		    member(json_array_get(sources, i), "member") != NULL; j++)
			if (!str_eq(member(json_array_get(sources, j), "path"),
			    p) || member(json_array_get(sources, j),
			    "member") == NULL)
				break;
		if (j - i > 1)
			source_group(out, sources, i, j);
		else
			source_row(out, json_array_get(sources, i), 0);
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
	    "\">\n<title>coroner report: %zu finding%s</title>\n<style>\n",
	    json_array_size(findings), json_array_size(findings) == 1 ? "" :
	    "s");
	out_css(out, page_css);
	out_html(out, "</style>\n</head>\n<body>\n<header>\n<h1>How the pods "
	    "died</h1>\n<p class=\"lead\">coroner postmortem report.  "
	    "Incident window <b class=\"mono\">");
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
