/*
 * report-md.c: the report as Markdown (report.h), readable as it is in a
 * terminal and rendered on a code host: a title, the incident window, a
 * summary table, the sources, then per finding a heading, its summary,
 * pods, evidence tables and recommendation.  It reads only the report
 * JSON of coroner(1), REPORT JSON (report-json.c), never the store or SQL.
 *
 * Every value from the data goes through md_put(), which strips control
 * bytes and invalid UTF-8 (out_safe) and backslash-escapes what
 * Markdown would interpret (pipes, backticks, emphasis, brackets, angle
 * brackets, entities, a leading # or list marker), so no value can end a
 * table row, open a code span or a tag, or start a heading.
 *
 * Also the helpers both document writers share: report_text() and
 * friends.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "out.h"
#include "report.h"
#include "util.h"

/* md_put() flags. */
#define MD_LINE_START	0x1	/* the text starts a line: escape block
				   markers (#, -, +, =, "1.") */

static void	text_of(struct buf *b, json_t *v, int depth);

static void
text_scalar(struct buf *b, json_t *v)
{
	double	d;

	switch (json_typeof(v)) {
	case JSON_STRING:
		buf_append(b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		buf_printf(b, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		d = json_real_value(v);
		if (fabs(d) < 1e15 && d == floor(d))
			buf_printf(b, "%.1f", d);
		else if (fabs(d) >= 1e4)
			buf_printf(b, "%.1f", d);
		else
			buf_printf(b, "%.4g", d);
		break;
	case JSON_TRUE:
		buf_puts(b, "true");
		break;
	case JSON_FALSE:
		buf_puts(b, "false");
		break;
	default:
		buf_puts(b, "-");
		break;
	}
}

static void
text_of(struct buf *b, json_t *v, int depth)
{
	const char	*k;
	json_t		*e;
	void		*it;
	size_t		 i;
	int		 first = 1;

	if (v == NULL) {
		buf_puts(b, "-");
		return;
	}
	if (depth > 8) {
		buf_puts(b, "...");
		return;
	}
	if (json_is_array(v)) {
		for (i = 0; i < json_array_size(v); i++) {
			e = json_array_get(v, i);
			if (i > 0)
				buf_puts(b, ", ");
			if (json_is_object(e) || json_is_array(e)) {
				buf_puts(b, "(");
				text_of(b, e, depth + 1);
				buf_puts(b, ")");
			} else
				text_of(b, e, depth + 1);
		}
		if (json_array_size(v) == 0)
			buf_puts(b, "none");
		return;
	}
	if (json_is_object(v)) {
		/* jansson's iterator is not const-correct */
		for (it = json_object_iter(v); it != NULL;
		    it = json_object_iter_next(v, it)) {
			k = json_object_iter_key(it);
			e = json_object_iter_value(it);
			if (!first)
				buf_puts(b, "; ");
			first = 0;
			buf_printf(b, "%s: ", k);
			text_of(b, e, depth + 1);
		}
		return;
	}
	text_scalar(b, v);
}

char *
report_text(json_t *v)
{
	struct buf	 b = { 0 };
	char		*s;

	text_of(&b, v, 0);
	s = out_safe(b.data != NULL ? b.data : "", b.len, SIZE_MAX);
	buf_free(&b);
	return (s);
}

int
report_is_table(const json_t *v)
{
	return (json_is_array(v) && json_array_size(v) > 0 &&
	    json_is_object(json_array_get(v, 0)));
}

json_t *
report_columns(json_t *arr)
{
	json_t		*cols = json_array(), *o, *c;
	const char	*k;
	void		*it;
	size_t		 i, j;

	for (i = 0; i < json_array_size(arr); i++) {
		o = json_array_get(arr, i);
		if (!json_is_object(o))
			continue;
		for (it = json_object_iter(o); it != NULL;
		    it = json_object_iter_next(o, it)) {
			k = json_object_iter_key(it);
			for (j = 0; j < json_array_size(cols); j++) {
				c = json_array_get(cols, j);
				if (strcmp(json_string_value(c), k) == 0)
					break;
			}
			if (j == json_array_size(cols))
				json_array_append_new(cols, json_string(k));
		}
	}
	return (cols);
}

char *
report_count(int64_t n, char out[32])
{
	char		 digits[24];
	size_t		 len, i, o = 0;
	uint64_t	 u;

	u = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
	snprintf(digits, sizeof digits, "%" PRIu64, u);
	len = strlen(digits);
	if (n < 0)
		out[o++] = '-';
	for (i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
	return (out);
}

static int
isalnum_ascii(int c)
{
	return ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	    (c >= 'A' && c <= 'Z'));
}

/*
 * Writes s escaped for Markdown.  s is first made safe by out_safe
 * (controls and bad UTF-8 become "\xNN", whose backslash is escaped here
 * like any other).  An underscore inside a word cannot open emphasis and
 * stays as it is; everywhere else the punctuation Markdown (and a code
 * host's extensions: tables, strikethrough, math) interprets gets a
 * backslash.
 */
static void
md_put(FILE *out, const char *s, int flags)
{
	struct buf	 b = { 0 };
	char		*safe;
	const char	*p, *q;
	int		 c, prev, next;

	if (s == NULL)
		s = "-";
	safe = out_safe(s, strlen(s), SIZE_MAX);
	p = safe;
	if (flags & MD_LINE_START) {
		while (*p == ' ')
			p++;
		if (*p == '-' || *p == '+' || *p == '=' || *p == '#') {
			buf_puts(&b, "\\");
			buf_append(&b, p++, 1);
		} else if (*p >= '0' && *p <= '9') {
			for (q = p; *q >= '0' && *q <= '9'; q++)
				;
			if (*q == '.' || *q == ')') {
				buf_append(&b, p, (size_t)(q - p));
				buf_puts(&b, "\\");
				buf_append(&b, q, 1);
				p = q + 1;
			}
		}
	}
	prev = p > safe ? (unsigned char)p[-1] : ' ';
	for (; *p != '\0'; p++) {
		c = (unsigned char)*p;
		next = (unsigned char)p[1];
		switch (c) {
		case '_':
			if (!(isalnum_ascii(prev) && isalnum_ascii(next)))
				buf_puts(&b, "\\");
			break;
		case '\\': case '`': case '*': case '[': case ']':
		case '<': case '>': case '|': case '&': case '~':
		case '$': case '#':
			buf_puts(&b, "\\");
			break;
		}
		buf_append(&b, p, 1);
		prev = c;
	}
	if (b.len > 0)
		out_printf(out, "%s", b.data);
	buf_free(&b);
	free(safe);
}

/* A string member of o (borrowed), or NULL. */
static const char *
member(json_t *o, const char *key)
{
	return (json_string_value(json_object_get(o, key)));
}

static void
md_value(FILE *out, json_t *v, int flags)
{
	char	*s;

	s = report_text(v);
	md_put(out, s, flags);
	free(s);
}

static void
md_count(FILE *out, const char *what, json_t *v)
{
	char	n[32];

	out_printf(out, "| %s | %s |\n", what, json_is_integer(v) ?
	    report_count(json_integer_value(v), n) : "-");
}

/* An array of objects as its own table, one column per key. */
static void
md_table(FILE *out, const char *name, json_t *arr)
{
	json_t	*cols, *c, *row;
	size_t	 i, j;

	cols = report_columns(arr);
	out_printf(out, "**");
	md_put(out, name, 0);
	out_printf(out, "**\n\n|");
	for (j = 0; j < json_array_size(cols); j++) {
		c = json_array_get(cols, j);
		out_printf(out, " ");
		md_put(out, json_string_value(c), 0);
		out_printf(out, " |");
	}
	out_printf(out, "\n|");
	for (j = 0; j < json_array_size(cols); j++)
		out_printf(out, "---|");
	out_printf(out, "\n");
	for (i = 0; i < json_array_size(arr); i++) {
		row = json_array_get(arr, i);
		out_printf(out, "|");
		for (j = 0; j < json_array_size(cols); j++) {
			c = json_array_get(cols, j);
			out_printf(out, " ");
			md_value(out, json_is_object(row) ? json_object_get(row,
			    json_string_value(c)) : NULL, 0);
			out_printf(out, " |");
		}
		out_printf(out, "\n");
	}
	out_printf(out, "\n");
	json_decref(cols);
}

static void
md_evidence(FILE *out, json_t *ev)
{
	const char	*k;
	json_t		*v;
	void		*it;
	int		 any = 0;

	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (!any)
			out_printf(out, "| Evidence | Value |\n|---|---|\n");
		any = 1;
		out_printf(out, "| ");
		md_put(out, k, 0);
		out_printf(out, " | ");
		if (report_is_table(v))
			out_printf(out, "(table below)");
		else
			md_value(out, v, 0);
		out_printf(out, " |\n");
	}
	if (any)
		out_printf(out, "\n");
	for (it = json_object_iter(ev); it != NULL;
	    it = json_object_iter_next(ev, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (report_is_table(v))
			md_table(out, k, v);
	}
}

static void
md_finding(FILE *out, json_t *f, size_t index)
{
	json_t	*id = json_object_get(f, "id");
	const char	*ns = member(f, "namespace");
	const char	*wl = member(f, "workload");
	json_t		*pods = json_object_get(f, "pods");
	int		 kind;

	if (json_is_integer(id))
		out_printf(out, "### %" JSON_INTEGER_FORMAT ". [",
		    json_integer_value(id));
	else
		out_printf(out, "### %zu. [", index + 1);
	md_put(out, member(f, "severity"), 0);
	out_printf(out, "] ");
	md_put(out, member(f, "kind"), 0);
	if (ns != NULL || wl != NULL) {
		out_printf(out, " \xe2\x80\x94 ");
		if (ns != NULL)
			md_put(out, ns, 0);
		if (ns != NULL && wl != NULL)
			out_printf(out, "/");
		if (wl != NULL)
			md_put(out, wl, 0);
	}
	out_printf(out, "\n\n");
	md_put(out, member(f, "summary"), MD_LINE_START);
	out_printf(out, "\n\n- **When:** ");
	md_value(out, json_object_get(f, "start"), 0);
	out_printf(out, " \xe2\x86\x92 ");
	md_value(out, json_object_get(f, "end"), 0);
	out_printf(out, " (UTC)\n- **Pods:** ");
	md_value(out, json_is_array(pods) ? pods : NULL, 0);
	if ((kind = finding_kind_lookup(member(f, "kind"))) >= 0) {
		out_printf(out, "\n- **Kind:** ");
		md_put(out, finding_kinds[kind].means, 0);
	}
	out_printf(out, "\n\n");
	if (json_is_object(json_object_get(f, "evidence")))
		md_evidence(out, json_object_get(f, "evidence"));
	out_printf(out, "**Recommendation:** ");
	md_put(out, member(f, "recommendation"), 0);
	out_printf(out, "\n\n");
}

int
report_md(struct store *st, json_t *rep, FILE *out, char **cause)
{
	json_t		*sum = json_object_get(rep, "summary");
	json_t		*win = json_object_get(rep, "window");
	json_t		*findings = json_object_get(rep, "findings");
	json_t		*sources = json_object_get(rep, "sources");
	json_t		*f, *s;
	const char	*sev;
	char		 n[32];
	size_t		 i, crit = 0, warn = 0, other = 0;

	(void)st;
	for (i = 0; i < json_array_size(findings); i++) {
		f = json_array_get(findings, i);
		sev = member(f, "severity");
		if (sev != NULL && strcmp(sev, "critical") == 0)
			crit++;
		else if (sev != NULL && strcmp(sev, "warning") == 0)
			warn++;
		else
			other++;
	}
	out_printf(out, "# coroner report: how the pods died\n\n");
	out_printf(out, "Incident window: ");
	md_value(out, json_object_get(win, "start"), 0);
	out_printf(out, " \xe2\x86\x92 ");
	md_value(out, json_object_get(win, "end"), 0);
	out_printf(out, " (UTC): ");
	md_value(out, json_object_get(win, "basis"), 0);
	out_printf(out, ".  \nGenerated ");
	md_value(out, json_object_get(rep, "generated_at"), 0);
	out_printf(out, " by coroner (");
	md_value(out, json_object_get(rep, "format"), 0);
	out_printf(out, ").\n\n## Summary\n\n| | Count |\n|---|---:|\n");
	md_count(out, "Pods", json_object_get(sum, "pods"));
	md_count(out, "Rollouts", json_object_get(sum, "rollouts"));
	md_count(out, "Requests imported", json_object_get(sum, "requests"));
	md_count(out, "Failed requests imported",
	    json_object_get(sum, "failed_requests"));
	out_printf(out, "| Findings, critical | %zu |\n", crit);
	out_printf(out, "| Findings, warning | %zu |\n", warn);
	if (other > 0)
		out_printf(out, "| Findings, other | %zu |\n", other);
	out_printf(out, "\n## Sources\n\n");
	if (json_array_size(sources) == 0)
		out_printf(out, "Nothing was imported.\n\n");
	else
		out_printf(out, "| Path | Format | Rows | Rejected |\n"
		    "|---|---|---:|---:|\n");
	for (i = 0; i < json_array_size(sources); i++) {
		s = json_array_get(sources, i);
		out_printf(out, "| ");
		md_put(out, member(s, "path"), 0);
		/* the member of a directory or archive, so rows differ */
		if (member(s, "member") != NULL) {
			out_printf(out, ": ");
			md_put(out, member(s, "member"), 0);
		}
		out_printf(out, " | ");
		md_put(out, member(s, "format"), 0);
		out_printf(out, " | %s | ", report_count(json_integer_value(
		    json_object_get(s, "rows")), n));
		out_printf(out, "%s |\n", report_count(json_integer_value(
		    json_object_get(s, "rejected")), n));
	}
	if (json_array_size(sources) > 0)
		out_printf(out, "\n");
	out_printf(out, "## Findings\n\n");
	if (json_array_size(findings) == 0)
		out_printf(out, "No findings.\n");
	for (i = 0; i < json_array_size(findings); i++)
		md_finding(out, json_array_get(findings, i), i);
	if (fflush(out) != 0 || ferror(out)) {
		*cause = xasprintf("writing the report: %s", strerror(errno));
		return (-1);
	}
	return (0);
}
