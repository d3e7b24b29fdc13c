/*
 * report.h: the reports of the stored findings.  report-json.c builds the
 * report JSON of coroner(1), REPORT JSON (a contract other tools read);
 * report-md.c and report-html.c write the same findings, taken from that JSON,
 * as Markdown and as one self-contained HTML file.  Reads through store.h; no
 * SQL.
 */
#ifndef REPORT_H
#define REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "store.h"

/*
 * The report as JSON (a new reference), or NULL with a new *cause.
 * generated_us is the time it was made (the caller's clock).
 */
json_t	*report_json(struct store *st, int64_t generated_us, char **cause);

/*
 * Writers of one format: each writes rep (report_json's object, borrowed)
 * to out and returns 0, or -1 with a new *cause when out failed.  Text
 * from the data is escaped for the format: nothing in it can break the
 * document or inject markup.
 *
 * report_md: Markdown, readable in a terminal and on a code host; it
 * does not read the store (st may be NULL).
 * report_html: one HTML5 file with inline CSS and an inline SVG timeline
 * per finding, drawn from the store's pods, per-second buckets and
 * missing records; no scripts, no external resources.
 */
int	report_md(struct store *st, json_t *rep, FILE *out, char **cause);
int	report_html(struct store *st, json_t *rep, FILE *out, char **cause);

/*
 * The picture of one finding (report-svg.c), drawn into the HTML
 * report: an inline SVG figure and the table of its exact times.  ps
 * holds the model's pods.  Returns 0, or -1 with a new *cause.
 */
struct podset;
int	report_svg_finding(FILE *out, struct store *st, struct podset *ps,
	    json_t *f, int64_t id, char **cause);

/* One output format (report-write.c). */
struct report_format {
	const char	*name;		/* what --format takes: "md" */
	const char	*ext;		/* a file's extension for it */
	int		(*write)(struct store *, json_t *, FILE *,
			    char **);	/* the format's writer (above):
					   report_md, report_html... */
};
/* The format called name ("md", "html", "json"), or NULL. */
const struct report_format *report_format(const char *name);
/*
 * The format a file's name says by its extension, in any case (".html",
 * ".HTM", ".md", ".json"); *has_ext is 0 when its last component has none
 * (then NULL).  NULL with *has_ext 1: an extension that names no format.
 */
const struct report_format *report_format_of_path(const char *path,
	    int *has_ext);
/*
 * Writes rep in format fmt to path through a temporary file in the same
 * directory, renamed over path once complete, so that a reader never
 * sees half a report.  A SQLite database (the incident's, or any) or a
 * directory at path is refused.  Returns 0, or -1 with a new *cause.
 */
int	report_write_file(const struct report_format *fmt, struct store *st,
	    json_t *rep, const char *path, char **cause);
/*
 * The same for any file: fill(ctx, f, cause) writes it to f and returns
 * 0, or -1 with a new *cause (nothing is left then).  Returns 0, or -1
 * with a new *cause.
 */
int	report_write_atomic(const char *path, int (*fill)(void *ctx, FILE *f,
	    char **cause), void *ctx, char **cause);

/*
 * What the Markdown and HTML writers share (report-md.c).
 *
 * report_text: a JSON value as a person reads it, as a new string (caller
 * frees), made safe by out_safe (no control bytes, valid UTF-8):
 * strings as they are, integers in digits, reals with up to four
 * significant digits ("5.0" when whole), null as "-", arrays of scalars
 * joined by ", ", objects as "key: value; key: value".
 * report_is_table: whether v is a non-empty array of objects, which the
 * reports show as a table of its own.
 * report_columns: the keys of such an array's objects in first-seen
 * order (a new array of strings).
 * report_count: n with thousands separators ("160,989") into out.
 */
char	*report_text(json_t *v);
int	 report_is_table(const json_t *v);
json_t	*report_columns(json_t *arr);
char	*report_count(int64_t n, char out[32]);

#endif
