/*
 * jsonsplit.c: splits a stream of JSON documents into objects (see
 * jsonsplit.h).  A small scanner follows strings and nesting to find where
 * each object ends; only that object's text is kept and handed to jansson.
 * Knows nothing of what the objects mean.
 */
#include <stdlib.h>
#include <string.h>

#include "jsonfast.h"
#include "jsonsplit.h"

#define JS_READ_SIZE	(256 * 1024)
/* What jansson allocates per value, beyond the text, roughly. */
#define JS_COST_OBJECT	240	/* an object and its first hash buckets */
#define JS_COST_ARRAY	120	/* an array and its first slots */
#define JS_COST_VALUE	56	/* a member or element: pair or scalar */
#define JS_REPLACEMENT	"\xef\xbf\xbd"	/* U+FFFD */

/*
 * The keys of a top-level object whose array is yielded element by element
 * instead of the object: each a list of what a tool exported.  Keys are
 * at most sizeof ((struct jsonsplit *)0)->key bytes.
 */
static const struct js_list js_lists[] = {
	/* Kubernetes: List, PodList, EventList... */
	{ .key = "items", .flags = 0, .arrays = 0 },
	/* aws logs filter-log-events */
	{ .key = "events", .flags = JS_LOG_LISTS, .arrays = 0 },
	/* the Cloud Logging API's entries:list */
	{ .key = "entries", .flags = JS_LOG_LISTS, .arrays = 0 },
	/* an Azure diagnostic settings archive (insights-logs-*) */
	{ .key = "records", .flags = JS_LOG_LISTS, .arrays = 0 },
	/* aws logs get-query-results: a row is an array of fields */
	{ .key = "results", .flags = JS_LOG_LISTS, .arrays = 1 },
};

const struct js_list *
js_list_of(const char *key, size_t len, int flags)
{
	size_t	i;

	for (i = 0; i < sizeof js_lists / sizeof js_lists[0]; i++) {
		if ((js_lists[i].flags & ~flags) == 0 &&
		    strlen(js_lists[i].key) == len &&
		    memcmp(js_lists[i].key, key, len) == 0)
			return (&js_lists[i]);
	}
	return (NULL);
}

void
js_init(struct jsonsplit *js, struct input *in, size_t max, int flags)
{
	memset(js, 0, sizeof *js);
	js->in = in;
	js->max = max != 0 ? max : JSONSPLIT_MAX_OBJECT;
	js->flags = flags;
	js->rbuf = xmalloc(JS_READ_SIZE);
	js->line = 1;
	js->cap_depth = -1;
	js->key_len = -1;
	js->bol = 1;
	input_ahead_start(in);
}

void
js_free(struct jsonsplit *js)
{
	if (js->in != NULL)
		input_ahead_stop(js->in);
	free(js->rbuf);
	buf_free(&js->cur);
	js->rbuf = NULL;
}

static int
js_fill(struct jsonsplit *js)
{
	ssize_t	n;

	if (js->eof)
		return (0);
	n = input_read(js->in, js->rbuf, JS_READ_SIZE);
	if (n <= 0) {
		js->eof = 1;
		js->read_error = n < 0;
		js->rlen = js->rpos = 0;
		return (0);
	}
	js->rlen = (size_t)n;
	js->rpos = 0;
	if (input_offset(js->in) == (uint64_t)n && js->rlen >= 3 &&
	    memcmp(js->rbuf, "\xef\xbb\xbf", 3) == 0)
		js->rpos = 3;	/* a UTF-8 byte order mark */
	return (1);
}

/* Starts skipping input until a line that begins with { or [. */
static void
js_start_resync(struct jsonsplit *js)
{
	js->resync = 1;
	js->depth = 0;
	js->cap_depth = -1;
	js->elem_depth = 0;
	js->elem_arrays = 0;
	js->in_str = js->esc = 0;
	js->list_next = 0;
	js->key_len = -1;
	buf_clear(&js->cur);
}

char *
js_too_costly_why(size_t max)
{
	if (max == 0)
		max = JSONSPLIT_MAX_OBJECT;
	if (max % (1024 * 1024) == 0)
		return (xasprintf("JSON object needs more than %zu MiB of "
		    "memory to read: skipped (--max-object raises the limit)",
		    max >> 20));
	return (xasprintf("JSON object needs more than %zu bytes of memory "
	    "to read: skipped (--max-object raises the limit)", max));
}

int
js_too_costly(const char *text, size_t n, size_t max)
{
	size_t	i, cost = n;
	int	in_str = 0, esc = 0;

	if (max == 0)
		max = JSONSPLIT_MAX_OBJECT;
	if (n > max)
		return (1);
	/* nothing shorter can cost more than about 80 times its text */
	if (n <= max / (JS_COST_OBJECT / 2))
		return (0);
	for (i = 0; i < n; i++) {
		if (in_str) {
			if (esc)
				esc = 0;
			else if (text[i] == '\\')
				esc = 1;
			else if (text[i] == '"')
				in_str = 0;
			continue;
		}
		switch (text[i]) {
		case '"':
			in_str = 1;
			break;
		case '{':
			cost += JS_COST_OBJECT;
			break;
		case '[':
			cost += JS_COST_ARRAY;
			break;
		case ',':
		case ':':
			cost += JS_COST_VALUE;
			break;
		}
		if (cost > max)
			return (1);
	}
	return (0);
}

/* A copy of the string v with each NUL as U+FFFD, or NULL when none. */
static char *
nul_replaced(const char *s, size_t len, size_t *outlen)
{
	struct buf	 b = { 0 };
	const char	*p = s, *nul;

	if (memchr(s, '\0', len) == NULL)
		return (NULL);
	while ((nul = memchr(p, '\0', len - (size_t)(p - s))) != NULL) {
		buf_append(&b, p, (size_t)(nul - p));
		buf_puts(&b, JS_REPLACEMENT);
		p = nul + 1;
	}
	buf_append(&b, p, len - (size_t)(p - s));
	*outlen = b.len;
	return (b.data);
}

void
js_replace_nul(json_t *v)
{
	void		*it;
	char		*fixed;
	size_t		 i, n;

	if (json_is_string(v)) {
		fixed = nul_replaced(json_string_value(v),
		    json_string_length(v), &n);
		if (fixed != NULL) {
			json_string_setn_nocheck(v, fixed, n);
			free(fixed);
		}
	} else if (json_is_array(v)) {
		for (i = 0; i < json_array_size(v); i++)
			js_replace_nul(json_array_get(v, i));
	} else if (json_is_object(v)) {
		/* values only: keys are the format's, never data */
		for (it = json_object_iter(v); it != NULL;
		    it = json_object_iter_next(v, it))
			js_replace_nul(json_object_iter_value(it));
	}
}

/* Parses the captured text; returns JS_OBJECT or JS_ERROR. */
static enum js_status
js_finish(struct jsonsplit *js, json_t **obj, int64_t *line, char **cause)
{
	json_error_t	err;
	json_t		*v;

	*line = js->cap_line;
	v = jf_loadb(js->cur.data, js->cur.len, JSON_ALLOW_NUL, &err);
	if (v != NULL && (js->flags & JS_NUL_REPLACE) &&
	    memmem(js->cur.data, js->cur.len, "\\u0000", 6) != NULL)
		js_replace_nul(v);
	buf_clear(&js->cur);
	js->cap_depth = -1;
	js->cost = 0;
	if (v == NULL) {
		*line = js->cap_line + err.line - 1;
		*cause = xasprintf("bad JSON: %s", err.text);
		return (JS_ERROR);
	}
	if (!json_is_object(v) && !(json_is_array(v) && js->cap_array)) {
		json_decref(v);
		*cause = xstrdup("not a JSON object");
		return (JS_ERROR);
	}
	js->objects++;
	*obj = v;
	return (JS_OBJECT);
}

/*
 * The object being captured would take more than max: its text so far is
 * dropped and the rest of it skipped (the scan follows its nesting
 * without keeping anything), so the next object is read as usual.
 */
static enum js_status
js_drop(struct jsonsplit *js, int64_t *line, char **cause)
{
	*line = js->cap_line;
	*cause = js_too_costly_why(js->max);
	js->dropped++;
	buf_clear(&js->cur);
	js->cap_depth = -1;
	js->cost = 0;
	return (JS_ERROR);
}

/* A depth-1 key has ended: is it one the splitter watches for? */
static void
js_key_done(struct jsonsplit *js)
{
	js->list = js->key_len <= (int)sizeof js->key ? js_list_of(js->key,
	    (size_t)js->key_len, js->flags) : NULL;
	js->list_next = js->list != NULL;
	js->kind_next = js->key_len == 4 && memcmp(js->key, "kind", 4) == 0;
	js->key_len = -1;
}

/*
 * A value where only an object may start: at the top level, report it and
 * skip to a line that starts a document; in a list, skip that element.
 */
static enum js_status
js_bad_token(struct jsonsplit *js, int64_t *line, char **cause)
{
	*line = js->line;
	if (js->depth == 0) {
		*cause = xstrdup("not JSON: expected '{' or '['");
		js_start_resync(js);
	} else {
		/* a scalar in a list: skip it up to the next , or ] */
		*cause = xstrdup("list element is not an object");
		js->scalar = 1;
	}
	return (JS_ERROR);
}

static int
is_blank(int c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

enum js_status
js_next(struct jsonsplit *js, json_t **obj, int64_t *line, char **cause)
{
	const unsigned char	*p;
	size_t			 seg;	/* start of the uncopied capture */
	int			 c, capturing;

	*obj = NULL;
	*cause = NULL;
	for (;;) {
		if (js->rpos >= js->rlen && !js_fill(js)) {
			if (js->read_error) {
				js->read_error = 0;
				*line = js->line;
				*cause = xasprintf("read error: %s",
				    input_error(js->in) != NULL ?
				    input_error(js->in) : "unknown");
				js_start_resync(js);
				js->resync = 0;
				return (JS_ERROR);
			}
			if (js->cap_depth >= 0 || js->depth > 0) {
				js->truncated = 1;
				*line = js->cap_depth >= 0 ? js->cap_line :
				    js->line;
				*cause = xstrdup(js->cap_depth >= 0 ?
				    "truncated JSON: object not closed at the "
				    "end of the input" :
				    "truncated JSON: list not closed at the "
				    "end of the input");
				js_start_resync(js);
				js->resync = 0;
				return (JS_ERROR);
			}
			return (JS_END);
		}
		p = js->rbuf;
		seg = js->rpos;
		while (js->rpos < js->rlen) {
			if (js->in_str && !js->esc && js->key_len < 0 &&
			    js->kind_next != 3) {
				/* a string's body: nothing to watch until its
				   quote, a backslash or a newline */
				while (js->rpos < js->rlen &&
				    (c = p[js->rpos]) != '"' && c != '\\' &&
				    c != '\n')
					js->rpos++;
				if (js->rpos >= js->rlen)
					break;
			}
			c = p[js->rpos++];
			capturing = js->cap_depth >= 0;
			if (js->in_str) {
				if (js->esc)
					js->esc = 0;
				else if (c == '\\')
					js->esc = 1;
				else if (c == '"') {
					js->in_str = 0;
					if (js->kind_next == 3) {
						js->list_kind[js->key_len] =
						    '\0';
						js->kind_next = 0;
						js->key_len = -1;
					} else if (js->key_len >= 0) {
						js_key_done(js);
					}
					continue;
				}
				if (c == '\n')
					js->line++;
				if (js->kind_next == 3) {
					if (js->key_len <
					    (int)sizeof js->list_kind - 1)
						js->list_kind[js->key_len++] =
						    c;
				} else if (js->key_len >= 0) {
					if (js->key_len < (int)sizeof js->key)
						js->key[js->key_len] = c;
					js->key_len++;
				}
				continue;
			}
			if (c == '\n') {
				js->line++;
				js->bol = 1;
				js->scalar_end = 0;
				continue;
			}
			if (js->resync) {
				if (!(js->bol && (c == '{' || c == '['))) {
					js->bol = 0;
					continue;
				}
				js->resync = 0;
			}
			js->bol = 0;
			if (is_blank(c)) {
				/*
				 * Blanks between tokens are left out of the
				 * capture (kubectl indents by four spaces:
				 * less for jansson to read); newlines stay,
				 * for its line numbers.
				 */
				if (capturing && js->rpos - 1 > seg)
					buf_append(&js->cur, p + seg,
					    js->rpos - 1 - seg);
				if (capturing && js->scalar_end)
					buf_append(&js->cur, " ", 1);
				js->scalar_end = 0;
				while (js->rpos < js->rlen &&
				    (p[js->rpos] == ' ' ||
				    p[js->rpos] == '\t' || p[js->rpos] == '\r'))
					js->rpos++;
				seg = js->rpos;
				continue;
			}
			js->scalar_end = 0;
			if (js->list_next == 2) {
				js->list_next = 0;
				if (c == '[') {
					/* a list: drop its head, yield items */
					js->depth++;
					js->elem_depth = js->depth;
					js->elem_arrays = js->list->arrays;
					js->cap_depth = -1;
					buf_clear(&js->cur);
					continue;
				}
			}
			switch (c) {
			case '"':
				if (js->depth == 0 || (!capturing &&
				    js->depth == js->elem_depth)) {
					js->in_str = 1;
					return (js_bad_token(js, line, cause));
				}
				js->in_str = 1;
				if (js->depth == 1 && js->expect_key &&
				    js->elem_depth == 0) {
					js->key_len = 0;
					js->expect_key = 0;
				} else if (js->depth == 1 &&
				    js->kind_next == 2) {
					js->kind_next = 3;
					js->key_len = 0;
				}
				break;
			case '{':
			case '[':
				if (js->depth == 0)
					js->list_kind[0] = '\0';
				if (!capturing && (js->depth == 0 ||
				    js->depth == js->elem_depth)) {
					if (c == '[' && js->depth == 0) {
						js->elem_depth = 1;
						js->elem_arrays = 0;
						js->depth = 1;
						break;
					}
					js->cap_depth = js->depth;
					js->cap_array = c == '[' &&
					    js->elem_arrays && js->depth ==
					    js->elem_depth;
					js->cap_line = js->line;
					js->cost = 0;
					seg = js->rpos - 1;
				} else if (capturing) {
					js->cost += c == '{' ? JS_COST_OBJECT :
					    JS_COST_ARRAY;
					if (js->cur.len + (js->rpos - seg) +
					    js->cost > js->max) {
						js->depth++;
						return (js_drop(js, line,
						    cause));
					}
				}
				js->depth++;
				if (js->depth == 1)
					js->expect_key = 1;
				break;
			case '}':
			case ']':
				if (js->depth == 0) {
					*line = js->line;
					*cause = xasprintf("unexpected '%c'",
					    c);
					js_start_resync(js);
					return (JS_ERROR);
				}
				js->depth--;
				js->scalar = 0;
				if (capturing && js->depth == js->cap_depth) {
					buf_append(&js->cur, p + seg,
					    js->rpos - seg);
					return (js_finish(js, obj, line,
					    cause));
				}
				if (js->depth < js->elem_depth)
					js->elem_depth = 0;
				break;
			case ',':
				if (js->depth == 1)
					js->expect_key = 1;
				js->scalar = 0;
				if (capturing)
					js->cost += JS_COST_VALUE;
				break;
			case ':':
				if (capturing)
					js->cost += JS_COST_VALUE;
				if (js->list_next == 1 && js->depth == 1)
					js->list_next = 2;
				if (js->kind_next == 1 && js->depth == 1)
					js->kind_next = 2;
				break;
			default:
				js->scalar_end = 1;
				if (js->depth == 0 || (!capturing &&
				    js->depth == js->elem_depth &&
				    !js->scalar))
					return (js_bad_token(js, line, cause));
				break;
			}
			if (js->list_next == 1 && c != ':' && c != '"')
				js->list_next = 0;
			if (js->kind_next != 0 && c != ':' && c != '"')
				js->kind_next = 0;
		}
		if (js->cap_depth >= 0) {
			if (js->cur.len + (js->rlen - seg) + js->cost > js->max)
				return (js_drop(js, line, cause));
			buf_append(&js->cur, p + seg, js->rlen - seg);
		}
	}
}
