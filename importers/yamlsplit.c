/*
 * yamlsplit.c: splits a stream of YAML documents into objects (see
 * yamlsplit.h).  libyaml parses; this file builds jansson values from its
 * events, resolves YAML's types, expands aliases under a bound, and cuts
 * the stream into chunks at "---" lines (a document marker at the start
 * of a line ends any scalar, so the cut is always right), one parser per
 * chunk, so that a broken document costs only itself.  Knows nothing of
 * what the objects mean.
 *
 * Types are read as kubectl reads YAML (sigs.k8s.io/yaml: go-yaml v2
 * into interface{}, then encoding/json):
 *   - quoted, literal (|) and folded (>) scalars are strings;
 *   - plain scalars: "", ~, null, Null and NULL are null; y Y yes Yes YES
 *     true True TRUE on On ON are true, n N no No NO false False FALSE
 *     off Off OFF false (YAML 1.1, as go-yaml v2 has them);
 *   - integers as Go reads them once "_" is removed: an optional sign,
 *     then decimal, 0x hex, 0o or 0-prefixed octal (0755), 0b binary,
 *     within 64 bits (unsigned ones beyond int64 become reals);
 *   - floats [-+](.d+|d+[.d*])[(e|E)[-+]d+], and .5; one that overflows
 *     stays a string; .inf, -.inf, .nan have no JSON value and are an
 *     error, as in kubectl;
 *   - a float that is whole and fits 64 bits is a JSON integer (Go's
 *     encoder writes 30.0 as 30, which an int64 field takes);
 *   - everything else is a string, timestamps included
 *     (deletionTimestamp: 2018-12-03T10:16:04Z stays that text: go-yaml
 *     v2 keeps timestamps as strings in interface{});
 *   - tags: !!str makes a string; !!int, !!float, !!bool, !!null and
 *     !!timestamp resolve the text and must agree with it (an !!int may
 *     be read as a float); !!merge marks <<; any other tag (!Ref,
 *     !!binary, which kubectl would decode) keeps the text as a string;
 *   - mapping keys become strings: booleans "true"/"false", integers in
 *     decimal, floats as Go's shortest float32 %g ("1.5", "1e+06"); null,
 *     mapping and sequence keys and integers beyond int64 are an error;
 *   - "<<" merges a mapping, or a list of mappings (the first of them
 *     winning), into its mapping in document order, as go-yaml v2 does: a
 *     key set later, by hand or by another merge, wins; of duplicate keys
 *     the last wins.
 * Aliases share the anchored value (nothing is copied), but each counts
 * its whole expansion against YS_MAX_OBJECT, as if written out: a
 * billion-laughs document is refused at the alias that passes the bound,
 * with its line, while memory stays that of the text.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yamlsplit.h"

#define YS_READ_SIZE	(256 * 1024)
#define YS_COST		8	/* bytes a node counts besides its text */
#define YS_NUM_MAX	400	/* longest plain scalar tried as a number */
#define YS_MORE		2	/* an event handled: read the next one */
#define YAML_TAG	"tag:yaml.org,2002:"

struct ys_frame {
	json_t		*node;		/* the object or array; owned */
	int		 map;		/* a mapping, else a sequence */
	char		*key;		/* the key awaiting its value (owned),
					   or NULL: a key comes next */
	int		 merge;		/* that key is << */
	char		*anchor;	/* to define when complete; owned */
	int64_t		 size;		/* bytes so far, aliases expanded */
	int64_t		 line;		/* input line where it starts */
};

/* What a scalar's text resolves to. */
enum ys_kind {
	YK_STR,
	YK_NULL,
	YK_BOOL,
	YK_INT,			/* fits int64_t */
	YK_UINT,		/* beyond int64_t, within uint64_t */
	YK_FLOAT,
	YK_NOJSON		/* .inf, .nan: no JSON value */
};
struct ys_scalar {
	enum ys_kind	 kind;		/* what the text is */
	int		 b;		/* the value of a YK_BOOL */
	int64_t		 i;		/* the value of a YK_INT */
	double		 d;		/* the value of a YK_UINT, YK_FLOAT or
					   YK_NOJSON */
};

/* The plain scalars with a fixed meaning (go-yaml v2's resolve table). */
static const struct {
	const char	*text;		/* the plain scalar, exactly */
	enum ys_kind	 kind;		/* what it is */
	int		 b;		/* the boolean */
	double		 d;		/* the float */
} ys_words[] = {
	{ .text = "~", .kind = YK_NULL },
	{ .text = "null", .kind = YK_NULL },
	{ .text = "Null", .kind = YK_NULL },
	{ .text = "NULL", .kind = YK_NULL },
	{ .text = "y", .kind = YK_BOOL, .b = 1 },
	{ .text = "Y", .kind = YK_BOOL, .b = 1 },
	{ .text = "yes", .kind = YK_BOOL, .b = 1 },
	{ .text = "Yes", .kind = YK_BOOL, .b = 1 },
	{ .text = "YES", .kind = YK_BOOL, .b = 1 },
	{ .text = "true", .kind = YK_BOOL, .b = 1 },
	{ .text = "True", .kind = YK_BOOL, .b = 1 },
	{ .text = "TRUE", .kind = YK_BOOL, .b = 1 },
	{ .text = "on", .kind = YK_BOOL, .b = 1 },
	{ .text = "On", .kind = YK_BOOL, .b = 1 },
	{ .text = "ON", .kind = YK_BOOL, .b = 1 },
	{ .text = "n", .kind = YK_BOOL, .b = 0 },
	{ .text = "N", .kind = YK_BOOL, .b = 0 },
	{ .text = "no", .kind = YK_BOOL, .b = 0 },
	{ .text = "No", .kind = YK_BOOL, .b = 0 },
	{ .text = "NO", .kind = YK_BOOL, .b = 0 },
	{ .text = "false", .kind = YK_BOOL, .b = 0 },
	{ .text = "False", .kind = YK_BOOL, .b = 0 },
	{ .text = "FALSE", .kind = YK_BOOL, .b = 0 },
	{ .text = "off", .kind = YK_BOOL, .b = 0 },
	{ .text = "Off", .kind = YK_BOOL, .b = 0 },
	{ .text = "OFF", .kind = YK_BOOL, .b = 0 },
	{ .text = ".nan", .kind = YK_NOJSON, .d = NAN },
	{ .text = ".NaN", .kind = YK_NOJSON, .d = NAN },
	{ .text = ".NAN", .kind = YK_NOJSON, .d = NAN },
	{ .text = ".inf", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = ".Inf", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = ".INF", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = "+.inf", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = "+.Inf", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = "+.INF", .kind = YK_NOJSON, .d = INFINITY },
	{ .text = "-.inf", .kind = YK_NOJSON, .d = -INFINITY },
	{ .text = "-.Inf", .kind = YK_NOJSON, .d = -INFINITY },
	{ .text = "-.INF", .kind = YK_NOJSON, .d = -INFINITY },
};
#define YS_NWORDS	(sizeof ys_words / sizeof ys_words[0])

void
ys_init(struct yamlsplit *ys, struct input *in, int flags)
{
	memset(ys, 0, sizeof *ys);
	ys->in = in;
	ys->flags = flags;
	if (in != NULL)
		ys->rbuf = xmalloc(YS_READ_SIZE);
	ys->line = 1;
	ys->bol = 1;
	ys->yield_at = -1;
	ys->anchors = json_object();
}

static void
ys_frames_clear(struct yamlsplit *ys)
{
	struct ys_frame	*f;

	while (ys->nframes > 0) {
		f = &ys->frames[--ys->nframes];
		json_decref(f->node);
		free(f->key);
		free(f->anchor);
	}
}

/* Forgets the current document: its frames, anchors and state. */
static void
ys_doc_reset(struct yamlsplit *ys)
{
	ys_frames_clear(ys);
	json_object_clear(ys->anchors);
	ys->anchored = 0;
	ys->yield_at = -1;
	ys->list = 0;
	ys->elem_arrays = 0;
	ys->skip = 0;
	ys->skip_doc = 0;
	ys->depth = 0;
	ys->list_kind[0] = '\0';
}

static void
ys_chunk_end(struct yamlsplit *ys)
{
	if (ys->parsing)
		yaml_parser_delete(&ys->parser);
	ys->parsing = 0;
	ys_doc_reset(ys);
}

void
ys_free(struct yamlsplit *ys)
{
	ys_chunk_end(ys);
	free(ys->frames);
	json_decref(ys->anchors);
	json_decref(ys->result);
	free(ys->rbuf);
	ys->frames = NULL;
	ys->anchors = ys->result = NULL;
	ys->rbuf = NULL;
}

/*
 * Moves the unread bytes to the front of rbuf and reads more after them.
 * Sets eof (and read_error) when the input has no more.
 */
static void
ys_fill(struct yamlsplit *ys)
{
	size_t	left = ys->rlen - ys->rpos;
	ssize_t	n;

	memmove(ys->rbuf, ys->rbuf + ys->rpos, left);
	ys->rlen = left;
	ys->rpos = 0;
	n = input_read(ys->in, ys->rbuf + left, YS_READ_SIZE - left);
	if (n <= 0) {
		ys->eof = 1;
		ys->read_error = n < 0;
		return;
	}
	ys->rlen += (size_t)n;
}

/* Whether p[0..avail) starts with marker m ("---") ending its word. */
static int
ys_marker(const unsigned char *p, size_t avail, const char *m)
{
	if (avail < 3 || memcmp(p, m, 3) != 0)
		return (0);
	return (avail == 3 || p[3] == ' ' || p[3] == '\t' || p[3] == '\r' ||
	    p[3] == '\n');
}

/*
 * libyaml's read handler: hands over the input up to the next line that
 * begins a document ("---", or a directive after a "..." line), which
 * the next chunk's parser then reads from.
 */
static int
ys_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yamlsplit	*ys = data;
	const unsigned char	*p, *nl;
	size_t			 n = 0, avail, k;

	*got = 0;
	while (n < size && !ys->boundary) {
		avail = ys->rlen - ys->rpos;
		if (avail < 4 && !ys->eof) {
			ys_fill(ys);
			continue;
		}
		if (avail == 0)
			break;
		p = ys->rbuf + ys->rpos;
		if (ys->bol) {
			if (ys_marker(p, avail, "---") ||
			    (ys->after_end && p[0] == '%')) {
				if (ys->chunk_fed) {
					ys->boundary = 1;
					break;
				}
			}
			ys->after_end = ys_marker(p, avail, "...");
			ys->bol = 0;
		}
		k = avail < size - n ? avail : size - n;
		if ((nl = memchr(p, '\n', k)) != NULL) {
			k = (size_t)(nl - p) + 1;
			ys->line++;
			ys->bol = 1;
		}
		memcpy(buf + n, p, k);
		n += k;
		ys->rpos += k;
		ys->chunk_fed = 1;
	}
	if (n == 0 && ys->read_error)
		return (0);
	*got = n;
	return (1);
}

/* Discards the rest of the current chunk. */
static void
ys_drain(struct yamlsplit *ys)
{
	unsigned char	tmp[4096];
	size_t		got;

	while (ys_read(ys, tmp, sizeof tmp, &got) && got > 0)
		;
}

/* Starts a parser on the next chunk.  Returns 0 when no input is left. */
static int
ys_chunk_begin(struct yamlsplit *ys)
{
	if (ys->eof && ys->rpos >= ys->rlen)
		return (0);
	if (!yaml_parser_initialize(&ys->parser))
		fatal("out of memory");
	yaml_parser_set_input(&ys->parser, ys_read, ys);
	ys->parsing = 1;
	ys->boundary = 0;
	ys->chunk_fed = 0;
	ys->chunk_line = ys->line;
	return (1);
}

/* ---- scalars ------------------------------------------------------- */

/*
 * The magnitude of an unsigned integer in Go's syntax for base 0 ("0x1f",
 * "0o17", "0755", "0b101", "42").  Returns 0, or -1 when it is not one
 * or does not fit 64 bits.
 */
static int
go_magnitude(const char *p, uint64_t *out)
{
	uint64_t	v = 0, base = 10, d;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
		base = 2;
		p += 2;
	} else if (p[0] == '0' && (p[1] == 'o' || p[1] == 'O')) {
		base = 8;
		p += 2;
	} else if (p[0] == '0' && p[1] != '\0') {
		base = 8;
		p++;
	}
	if (*p == '\0')
		return (-1);
	for (; *p != '\0'; p++) {
		if (*p >= '0' && *p <= '9')
			d = (uint64_t)(*p - '0');
		else if (*p >= 'a' && *p <= 'f')
			d = (uint64_t)(*p - 'a' + 10);
		else if (*p >= 'A' && *p <= 'F')
			d = (uint64_t)(*p - 'A' + 10);
		else
			return (-1);
		if (d >= base || v > (UINT64_MAX - d) / base)
			return (-1);
		v = v * base + d;
	}
	*out = v;
	return (0);
}

static int
is_digit(int c)
{
	return (c >= '0' && c <= '9');
}

/* Whether s is [-+](.d+|d+[.d*])[(e|E)[-+]d+] (go-yaml's float). */
static int
float_like(const char *s)
{
	const char	*p = s;

	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.') {
		if (!is_digit(*++p))
			return (0);
		while (is_digit(*p))
			p++;
	} else {
		if (!is_digit(*p))
			return (0);
		while (is_digit(*p))
			p++;
		if (*p == '.')
			for (p++; is_digit(*p); p++)
				;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!is_digit(*p))
			return (0);
		while (is_digit(*p))
			p++;
	}
	return (*p == '\0');
}

/* Resolves a plain scalar s[0..n) as go-yaml v2 does (see the top). */
static void
ys_resolve(const char *s, size_t n, struct ys_scalar *r)
{
	char		 buf[YS_NUM_MAX + 1], *end;
	uint64_t	 u;
	size_t		 i, k;
	int		 neg;

	memset(r, 0, sizeof *r);
	r->kind = YK_STR;
	if (n == 0) {
		r->kind = YK_NULL;
		return;
	}
	for (i = 0; i < YS_NWORDS; i++) {
		if (strlen(ys_words[i].text) == n &&
		    memcmp(ys_words[i].text, s, n) == 0) {
			r->kind = ys_words[i].kind;
			r->b = ys_words[i].b;
			r->d = ys_words[i].d;
			return;
		}
	}
	if (n > YS_NUM_MAX || memchr(s, '\0', n) != NULL)
		return;
	if (s[0] == '.') {
		memcpy(buf, s, n);
		buf[n] = '\0';
	} else if (is_digit(s[0]) || s[0] == '+' || s[0] == '-') {
		for (i = k = 0; i < n; i++) {
			if (s[i] != '_')
				buf[k++] = s[i];
		}
		buf[k] = '\0';
		neg = buf[0] == '-';
		if (go_magnitude(buf + (buf[0] == '+' || neg), &u) == 0) {
			if (!neg && u <= INT64_MAX) {
				r->kind = YK_INT;
				r->i = (int64_t)u;
				return;
			}
			if (neg && u <= (uint64_t)INT64_MAX + 1) {
				r->kind = YK_INT;
				r->i = u == (uint64_t)INT64_MAX + 1 ?
				    INT64_MIN : -(int64_t)u;
				return;
			}
			if (buf[0] != '+' && !neg) {
				r->kind = YK_UINT;
				r->d = (double)u;
				return;
			}
		}
	} else
		return;
	if (!float_like(buf))
		return;
	errno = 0;
	r->d = strtod(buf, &end);
	if (errno == ERANGE && isinf(r->d))
		return;		/* Go's ParseFloat fails: a string */
	r->kind = YK_FLOAT;
}

/* A resolved number as JSON: whole values within int64 are integers. */
static json_t *
ys_number(double d)
{
	if (d == floor(d) && d >= -9223372036854775808.0 &&
	    d < 9223372036854775808.0)
		return (json_integer((json_int_t)d));
	return (json_real(d));
}

/*
 * A float as Go's strconv.FormatFloat(d, 'g', -1, 32) writes it: the
 * shortest digits that read back as the same float32, with an exponent
 * when it is below -4 or from 6 on.
 */
static void
go_float32_g(double d, char *out, size_t len)
{
	float	 f = (float)d;
	char	 e[32], *x;
	int	 prec, nd, exp;

	if (isnan(f)) {
		snprintf(out, len, ".nan");
		return;
	}
	if (isinf(f)) {
		snprintf(out, len, f > 0 ? ".inf" : "-.inf");
		return;
	}
	if (f == 0) {
		snprintf(out, len, signbit(f) ? "-0" : "0");
		return;
	}
	for (prec = 1; prec < 9; prec++) {
		snprintf(e, sizeof e, "%.*e", prec - 1, (double)f);
		if (strtof(e, NULL) == f)
			break;
	}
	snprintf(e, sizeof e, "%.*e", prec - 1, (double)f);
	x = strchr(e, 'e');
	exp = (int)strtol(x + 1, NULL, 10);
	/* the digits that matter: trailing zeros of the mantissa are not */
	for (nd = prec; nd > 1 && x[-1] == '0'; nd--, x--)
		;
	if (exp < -4 || exp >= 6)
		snprintf(out, len, "%.*e", nd - 1, (double)f);
	else
		snprintf(out, len, "%.*f", nd - 1 - exp > 0 ? nd - 1 - exp : 0,
		    (double)f);
}

/*
 * Reads a scalar event: 0 with *r and *merge (the text is the merge key
 * <<), or -1 with why filled (a tag the text does not fit).
 */
static int
ys_scalar(const yaml_event_t *ev, struct ys_scalar *r, int *merge,
    char *why, size_t whylen)
{
	const char	*s = (const char *)ev->data.scalar.value;
	const char	*tag = (const char *)ev->data.scalar.tag;
	size_t		 n = ev->data.scalar.length;
	int		 plain = ev->data.scalar.style ==
			     YAML_PLAIN_SCALAR_STYLE;
	const char	*t;
	enum ys_kind	 want;

	memset(r, 0, sizeof *r);
	r->kind = YK_STR;
	*merge = 0;
	if (tag == NULL) {
		if (!plain)
			return (0);
		ys_resolve(s, n, r);
		*merge = n == 2 && memcmp(s, "<<", 2) == 0;
		return (0);
	}
	if (strncmp(tag, YAML_TAG, strlen(YAML_TAG)) != 0)
		return (0);	/* "!" or a local tag: the text */
	t = tag + strlen(YAML_TAG);
	if (strcmp(t, "merge") == 0) {
		*merge = 1;
		return (0);
	}
	if (strcmp(t, "int") == 0)
		want = YK_INT;
	else if (strcmp(t, "float") == 0)
		want = YK_FLOAT;
	else if (strcmp(t, "bool") == 0)
		want = YK_BOOL;
	else if (strcmp(t, "null") == 0)
		want = YK_NULL;
	else if (strcmp(t, "timestamp") == 0)
		want = YK_STR;
	else
		return (0);	/* !!str, !!binary, others: the text */
	ys_resolve(s, n, r);
	if (want == YK_INT && r->kind == YK_UINT)
		return (0);
	if (want == YK_FLOAT && (r->kind == YK_INT || r->kind == YK_UINT ||
	    r->kind == YK_NOJSON)) {
		if (r->kind == YK_INT)
			r->d = (double)r->i;
		if (r->kind != YK_NOJSON)
			r->kind = YK_FLOAT;
		return (0);
	}
	if (r->kind == want)
		return (0);
	snprintf(why, whylen, "a %s tag on a value that is not one: %.*s",
	    t, n > 60 ? 60 : (int)n, s);
	return (-1);
}

/* The JSON value of a resolved scalar, or NULL (with why) when none. */
static json_t *
ys_scalar_json(const struct ys_scalar *r, const char *s, size_t n,
    char *why, size_t whylen)
{
	json_t	*v;

	switch (r->kind) {
	case YK_NULL:
		return (json_null());
	case YK_BOOL:
		return (json_boolean(r->b));
	case YK_INT:
		return (json_integer((json_int_t)r->i));
	case YK_UINT:
		return (json_real(r->d));
	case YK_FLOAT:
		return (ys_number(r->d));
	case YK_NOJSON:
		snprintf(why, whylen, "%.*s has no JSON value (kubectl "
		    "refuses it too)", n > 20 ? 20 : (int)n, s);
		return (NULL);
	case YK_STR:
		break;
	}
	if ((v = json_stringn(s, n)) == NULL)
		snprintf(why, whylen, "a scalar that is not UTF-8 text");
	return (v);
}

/* A mapping key from a resolved scalar: a new string, or NULL (why). */
static char *
ys_scalar_key(const struct ys_scalar *r, const char *s, size_t n,
    char *why, size_t whylen)
{
	char	buf[64];

	switch (r->kind) {
	case YK_STR:
		return (xstrndup(s, n));
	case YK_BOOL:
		return (xstrdup(r->b ? "true" : "false"));
	case YK_INT:
		return (xasprintf("%lld", (long long)r->i));
	case YK_FLOAT:
	case YK_NOJSON:
		go_float32_g(r->d, buf, sizeof buf);
		return (xstrdup(buf));
	case YK_NULL:
		snprintf(why, whylen, "a null mapping key");
		return (NULL);
	case YK_UINT:
		break;
	}
	snprintf(why, whylen, "a mapping key beyond 64-bit integers: %.*s",
	    n > 30 ? 30 : (int)n, s);
	return (NULL);
}

/* A mapping key from an anchored value: a new string, or NULL (why). */
static char *
ys_json_key(json_t *v, char *why, size_t whylen)
{
	char	buf[64];

	if (json_is_string(v))
		return (xstrdup(json_string_value(v)));
	if (json_is_boolean(v))
		return (xstrdup(json_is_true(v) ? "true" : "false"));
	if (json_is_integer(v))
		return (xasprintf("%lld", (long long)json_integer_value(v)));
	if (json_is_real(v)) {
		go_float32_g(json_real_value(v), buf, sizeof buf);
		return (xstrdup(buf));
	}
	snprintf(why, whylen, json_is_null(v) ? "a null mapping key" :
	    "a mapping key that is a mapping or a sequence");
	return (NULL);
}

/* ---- building ------------------------------------------------------ */

static struct ys_frame *
ys_top(struct yamlsplit *ys)
{
	return (ys->nframes > 0 ? &ys->frames[ys->nframes - 1] : NULL);
}

/*
 * A value coroner cannot take: reports it at line at and skips what
 * holds it, the list element when inside one (opened: the event that
 * failed opened a collection not pushed), else the document.
 */
static int
ys_fail(struct yamlsplit *ys, int64_t at, int opened, int64_t *line,
    char **cause, const char *fmt, ...)
{
	struct ys_frame	*f;
	va_list		 ap;
	size_t		 keep;

	va_start(ap, fmt);
	*cause = xvasprintf(fmt, ap);
	va_end(ap);
	*line = at;
	if (ys->yield_at < 0 || ys->whole) {
		ys_frames_clear(ys);
		ys->skip_doc = 1;
		return (JS_ERROR);
	}
	keep = (size_t)ys->yield_at + 1;
	ys->skip = ys->nframes - keep + (opened ? 1 : 0);
	while (ys->nframes > keep) {
		f = &ys->frames[--ys->nframes];
		json_decref(f->node);
		free(f->key);
		free(f->anchor);
	}
	return (JS_ERROR);
}

/* Defines anchor name as v (borrowed) of size bytes.  0 or -1. */
static int
ys_anchor_set(struct yamlsplit *ys, const char *name, json_t *v,
    int64_t size)
{
	json_t	*pair;

	if (json_object_size(ys->anchors) >= YS_MAX_ANCHORS ||
	    ys->anchored + size > YS_MAX_OBJECT)
		return (-1);
	pair = json_pack("[O,I]", v, (json_int_t)size);
	if (pair == NULL || json_object_set_new(ys->anchors, name, pair) != 0)
		return (-1);
	ys->anchored += size;
	return (0);
}

/* Merges v (a mapping or a list of them) into f's object.  0 or -1. */
static int
ys_merge(struct ys_frame *f, json_t *v)
{
	json_t	*el;
	size_t	 i;

	if (json_is_object(v))
		return (json_object_update(f->node, v));
	if (!json_is_array(v))
		return (-1);
	for (i = json_array_size(v); i > 0; i--) {
		if (!json_is_object(el = json_array_get(v, i - 1)))
			return (-1);
	}
	for (i = json_array_size(v); i > 0; i--)
		json_object_update(f->node, json_array_get(v, i - 1));
	return (0);
}

/*
 * Adds a complete value v (a reference the caller gives up) of size
 * bytes that starts at line at: to its parent, as the document's root,
 * or as a list element to yield.
 */
static int
ys_add(struct yamlsplit *ys, json_t *v, int64_t size, int64_t at,
    json_t **obj, int64_t *line, char **cause)
{
	struct ys_frame	*f = ys_top(ys);

	if (f == NULL) {		/* the document's root */
		if (ys->whole) {
			json_decref(ys->result);
			ys->result = v;
			return (YS_MORE);
		}
		if (ys->list || json_is_null(v)) {
			json_decref(v);	/* a list's head; an empty document */
			return (YS_MORE);
		}
		if (!json_is_object(v)) {
			json_decref(v);
			*line = at;
			*cause = xstrdup("YAML document is not a mapping");
			return (JS_ERROR);
		}
		*obj = v;
		*line = at;
		ys->objects++;
		return (JS_OBJECT);
	}
	if ((long)ys->nframes - 1 == ys->yield_at) {
		if (!json_is_object(v) && !(json_is_array(v) &&
		    ys->elem_arrays)) {
			json_decref(v);
			*line = at;
			*cause = xstrdup("list element is not an object");
			return (JS_ERROR);
		}
		*obj = v;
		*line = at;
		ys->objects++;
		return (JS_OBJECT);
	}
	f->size += size;
	if (f->size > YS_MAX_OBJECT) {
		json_decref(v);
		return (ys_fail(ys, at, 0, line, cause, "YAML object larger "
		    "than %d MiB with its aliases expanded (an alias bomb?): "
		    "refused", YS_MAX_OBJECT >> 20));
	}
	if (!f->map) {
		json_array_append_new(f->node, v);
		return (YS_MORE);
	}
	if (f->merge) {
		if (ys_merge(f, v) != 0) {
			json_decref(v);
			return (ys_fail(ys, at, 0, line, cause, "a << merge "
			    "key needs a mapping or a list of mappings"));
		}
		json_decref(v);
	} else {
		if (ys->nframes == 1 && !ys->list && json_is_string(v) &&
		    strcmp(f->key, "kind") == 0)
			snprintf(ys->list_kind, sizeof ys->list_kind, "%s",
			    json_string_value(v));
		json_object_set_new(f->node, f->key, v);
	}
	free(f->key);
	f->key = NULL;
	f->merge = 0;
	return (YS_MORE);
}

/* Sets the key f awaits.  Returns YS_MORE or JS_ERROR. */
static int
ys_key(struct yamlsplit *ys, struct ys_frame *f, char *key, int merge,
    int64_t at, int64_t *line, char **cause)
{
	f->key = key;
	f->merge = merge;
	f->size += (int64_t)strlen(key) + YS_COST;
	if (f->size > YS_MAX_OBJECT)
		return (ys_fail(ys, at, 0, line, cause, "YAML object larger "
		    "than %d MiB: refused", YS_MAX_OBJECT >> 20));
	return (YS_MORE);
}

static int
ys_on_scalar(struct yamlsplit *ys, const yaml_event_t *ev, int64_t at,
    json_t **obj, int64_t *line, char **cause)
{
	struct ys_frame		*f = ys_top(ys);
	struct ys_scalar	 r;
	const char		*s = (const char *)ev->data.scalar.value;
	const char		*anchor = (const char *)ev->data.scalar.anchor;
	size_t			 n = ev->data.scalar.length;
	char			 why[128], *key;
	json_t			*v;
	int			 merge;

	if (ys_scalar(ev, &r, &merge, why, sizeof why) != 0)
		return (ys_fail(ys, at, 0, line, cause, "%s", why));
	if (f != NULL && f->map && f->key == NULL) {
		if ((key = ys_scalar_key(&r, s, n, why, sizeof why)) == NULL)
			return (ys_fail(ys, at, 0, line, cause, "%s", why));
		if (anchor != NULL && (v = ys_scalar_json(&r, s, n, why,
		    sizeof why)) != NULL) {
			if (ys_anchor_set(ys, anchor, v, (int64_t)n +
			    YS_COST) != 0) {
				json_decref(v);
				free(key);
				return (ys_fail(ys, at, 0, line, cause,
				    "too many YAML anchors"));
			}
			json_decref(v);
		}
		return (ys_key(ys, f, key, merge, at, line, cause));
	}
	if ((v = ys_scalar_json(&r, s, n, why, sizeof why)) == NULL)
		return (ys_fail(ys, at, 0, line, cause, "%s", why));
	if (anchor != NULL && ys_anchor_set(ys, anchor, v, (int64_t)n +
	    YS_COST) != 0) {
		json_decref(v);
		return (ys_fail(ys, at, 0, line, cause,
		    "too many YAML anchors"));
	}
	return (ys_add(ys, v, (int64_t)n + YS_COST, at, obj, line, cause));
}

static int
ys_on_alias(struct yamlsplit *ys, const yaml_event_t *ev, int64_t at,
    json_t **obj, int64_t *line, char **cause)
{
	struct ys_frame	*f = ys_top(ys);
	const char	*name = (const char *)ev->data.alias.anchor;
	json_t		*pair = json_object_get(ys->anchors, name), *v;
	char		 why[128], *key;

	if (pair == NULL)
		return (ys_fail(ys, at, 0, line, cause, "YAML alias *%.60s "
		    "names no anchor before it in its document", name));
	v = json_array_get(pair, 0);
	if (f != NULL && f->map && f->key == NULL) {
		if ((key = ys_json_key(v, why, sizeof why)) == NULL)
			return (ys_fail(ys, at, 0, line, cause, "%s", why));
		return (ys_key(ys, f, key, 0, at, line, cause));
	}
	return (ys_add(ys, json_incref(v), json_integer_value(
	    json_array_get(pair, 1)), at, obj, line, cause));
}

static int
ys_on_start(struct yamlsplit *ys, const yaml_event_t *ev, int64_t at,
    int64_t *line, char **cause)
{
	struct ys_frame	*f = ys_top(ys), *n;
	int		 map = ev->type == YAML_MAPPING_START_EVENT;
	const char	*anchor = (const char *)(map ?
			    ev->data.mapping_start.anchor :
			    ev->data.sequence_start.anchor);
	const struct js_list *list;
	int		 yield = 0;

	if (f != NULL && f->map && f->key == NULL)
		return (ys_fail(ys, at, 1, line, cause, "a mapping key that "
		    "is a %s (only scalar keys are read)", map ? "mapping" :
		    "sequence"));
	if (!ys->whole && !map) {
		if (f == NULL)
			yield = 1;	/* a root sequence */
		else if (ys->nframes == 1 && f->map && !ys->list &&
		    (list = js_list_of(f->key, strlen(f->key),
		    ys->flags)) != NULL) {
			yield = 1;	/* a List's items */
			ys->list = 1;
			ys->elem_arrays = list->arrays;
		}
	}
	if (ys->nframes == ys->capframes) {
		ys->capframes = ys->capframes == 0 ? 16 : ys->capframes * 2;
		ys->frames = xreallocarray(ys->frames, ys->capframes,
		    sizeof *ys->frames);
	}
	n = &ys->frames[ys->nframes++];
	memset(n, 0, sizeof *n);
	n->node = map ? json_object() : json_array();
	n->map = map;
	n->anchor = anchor != NULL ? xstrdup(anchor) : NULL;
	n->size = YS_COST;
	n->line = at;
	if (yield)
		ys->yield_at = (long)ys->nframes - 1;
	return (YS_MORE);
}

static int
ys_on_end(struct yamlsplit *ys, json_t **obj, int64_t *line, char **cause)
{
	struct ys_frame	 f = ys->frames[--ys->nframes];
	struct ys_frame	*top;

	free(f.key);
	if ((long)ys->nframes == ys->yield_at) {
		/* the elements are gone: so is the list */
		ys->yield_at = -1;
		json_decref(f.node);
		free(f.anchor);
		if ((top = ys_top(ys)) != NULL) {
			free(top->key);
			top->key = NULL;
		}
		return (YS_MORE);
	}
	if (f.anchor != NULL) {
		if (ys_anchor_set(ys, f.anchor, f.node, f.size) != 0) {
			free(f.anchor);
			json_decref(f.node);
			return (ys_fail(ys, f.line, 0, line, cause,
			    "too many YAML anchors"));
		}
		free(f.anchor);
	}
	return (ys_add(ys, f.node, f.size, f.line, obj, line, cause));
}

/*
 * A collection deeper than YS_MAX_DEPTH, built or skipped: libyaml's
 * scanner would read on at a cost that grows with the depth for every
 * token (a 200 kB "[[[...]]]" took a minute), so the rest of the chunk is
 * dropped unparsed (ys->abandon: ys_next), and said once.
 */
static int
ys_too_deep(struct yamlsplit *ys, int64_t at, int64_t *line, char **cause)
{
	ys->abandon = 1;
	if (ys->skip_doc)
		return (YS_MORE);	/* its document failed already */
	ys_frames_clear(ys);
	ys->skip_doc = 1;
	*line = at;
	*cause = xasprintf("YAML nested deeper than %d levels: the rest of "
	    "its document is skipped", YS_MAX_DEPTH);
	return (JS_ERROR);
}

/* Handles one event.  Returns YS_MORE, JS_OBJECT or JS_ERROR. */
static int
ys_event(struct yamlsplit *ys, const yaml_event_t *ev, json_t **obj,
    int64_t *line, char **cause)
{
	int64_t	at = ys->chunk_line + (int64_t)ev->start_mark.line;

	switch (ev->type) {
	case YAML_STREAM_END_EVENT:
		ys_chunk_end(ys);
		return (YS_MORE);
	case YAML_DOCUMENT_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
		ys_doc_reset(ys);
		return (ev->type == YAML_DOCUMENT_END_EVENT && ys->whole ?
		    JS_END : YS_MORE);
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
		if (ys->depth >= YS_MAX_DEPTH)
			return (ys_too_deep(ys, at, line, cause));
		ys->depth++;
		break;
	case YAML_MAPPING_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
		if (ys->depth > 0)
			ys->depth--;
		break;
	default:
		break;
	}
	if (ys->skip_doc)
		return (YS_MORE);
	if (ys->skip > 0) {
		if (ev->type == YAML_MAPPING_START_EVENT ||
		    ev->type == YAML_SEQUENCE_START_EVENT)
			ys->skip++;
		else if (ev->type == YAML_MAPPING_END_EVENT ||
		    ev->type == YAML_SEQUENCE_END_EVENT)
			ys->skip--;
		return (YS_MORE);
	}
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		return (ys_on_scalar(ys, ev, at, obj, line, cause));
	case YAML_ALIAS_EVENT:
		return (ys_on_alias(ys, ev, at, obj, line, cause));
	case YAML_MAPPING_START_EVENT:
	case YAML_SEQUENCE_START_EVENT:
		return (ys_on_start(ys, ev, at, line, cause));
	case YAML_MAPPING_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
		return (ys_on_end(ys, obj, line, cause));
	default:
		return (YS_MORE);
	}
}

/* The parser failed: says where and why, and skips its chunk. */
static void
ys_parse_error(struct yamlsplit *ys, int64_t *line, char **cause)
{
	const yaml_parser_t	*p = &ys->parser;
	const char		*why = p->problem != NULL ? p->problem :
				    "unknown error";

	*line = ys->chunk_line + (int64_t)p->problem_mark.line;
	if (ys->read_error)
		*cause = xasprintf("read error: %s", input_error(ys->in) !=
		    NULL ? input_error(ys->in) : "unknown");
	else if (p->error == YAML_READER_ERROR) {
		*line = ys->chunk_line;
		*cause = xasprintf("bad YAML: %s at byte %zu of the "
		    "document", why, p->problem_offset);
	} else if (p->context != NULL)
		*cause = xasprintf("bad YAML: %s (%s at line %lld)", why,
		    p->context, (long long)(ys->chunk_line +
		    (int64_t)p->context_mark.line));
	else
		*cause = xasprintf("bad YAML: %s", why);
	ys_chunk_end(ys);
	if (ys->read_error) {
		ys->rpos = ys->rlen;	/* nothing more can be read */
		return;
	}
	ys_drain(ys);
}

enum js_status
ys_next(struct yamlsplit *ys, json_t **obj, int64_t *line, char **cause)
{
	yaml_event_t	ev;
	int		r;

	*obj = NULL;
	*cause = NULL;
	for (;;) {
		if (!ys->parsing && !ys_chunk_begin(ys))
			return (JS_END);
		if (!yaml_parser_parse(&ys->parser, &ev)) {
			ys_parse_error(ys, line, cause);
			return (JS_ERROR);
		}
		r = ys_event(ys, &ev, obj, line, cause);
		yaml_event_delete(&ev);
		if (ys->abandon) {
			ys->abandon = 0;
			ys_chunk_end(ys);
			ys_drain(ys);
		}
		if (r != YS_MORE)
			return (r);
	}
}

int
ys_load_string(const char *s, size_t len, json_t **out, char **cause)
{
	struct yamlsplit	 ys;
	yaml_event_t		 ev;
	json_t			*obj;
	int64_t			 line;
	int			 r = YS_MORE;

	ys_init(&ys, NULL, 0);
	ys.whole = 1;
	*out = NULL;
	*cause = NULL;
	if (!yaml_parser_initialize(&ys.parser))
		fatal("out of memory");
	ys.parsing = 1;
	yaml_parser_set_input_string(&ys.parser, (const unsigned char *)s,
	    len);
	while (r == YS_MORE) {
		if (!yaml_parser_parse(&ys.parser, &ev)) {
			*cause = xasprintf("bad YAML: %s", ys.parser.problem !=
			    NULL ? ys.parser.problem : "unknown error");
			ys_free(&ys);
			return (-1);
		}
		if (ev.type == YAML_STREAM_END_EVENT)
			r = JS_END;
		else
			r = ys_event(&ys, &ev, &obj, &line, cause);
		yaml_event_delete(&ev);
	}
	if (r == JS_ERROR) {
		ys_free(&ys);
		return (-1);
	}
	*out = ys.result != NULL ? ys.result : json_null();
	ys.result = NULL;
	ys_free(&ys);
	return (0);
}
