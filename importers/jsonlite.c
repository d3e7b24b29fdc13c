/*
 * jsonlite.c: JSON values read from their text or from jansson's values
 * (jsonlite.h).  The check of a line is a small recursive scanner of
 * JSON's grammar that accepts only what jansson reads the same way: ASCII
 * strings without control characters or \u0000 (whose escapes it
 * decodes as jansson does, surrogate pairs included), integers of at
 * most 18 digits and decimals without an exponent, nesting within
 * JL_DEPTH, one object with at most JL_MEMBERS members, none of whose
 * keys has an escape or names a list of log exports.  Anything else is
 * handed back to jansson, which is the parser of record.  Knows nothing
 * of what the values mean, of SQLite or of curses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonfast.h"
#include "jsonsplit.h"
#include "jsonlite.h"
#include "util.h"

#define JL_SCRATCH	(64 * 1024)	/* bytes of the first scratch */

struct jl_chunk {
	struct jl_chunk	*next;
	char		*data;		/* owned */
};

/* Whether the 8 bytes at p hold a quote or a backslash. */
static int
jl_word_quote(const char *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof v);
	return ((JF_BYTE(v, '"') | JF_BYTE(v, '\\')) != 0);
}

/* Byte classes inside a string: 0 is an ordinary byte. */
enum { JL_PLAIN, JL_QUOTE, JL_ESC, JL_BAD };
static unsigned char	jl_class[256];

static void
jl_classes(void)
{
	int	c;

	if (jl_class['"'] == JL_QUOTE)
		return;
	for (c = 0; c < 256; c++)
		jl_class[c] = c < 0x20 || c >= 0x80 ? JL_BAD : JL_PLAIN;
	jl_class['\\'] = JL_ESC;
	jl_class['"'] = JL_QUOTE;
}

void
jl_doc_init(struct jl_doc *d)
{
	memset(d, 0, sizeof *d);
	d->parsed = json_array();
	jl_classes();
}

static void
jl_chunks_free(struct jl_doc *d)
{
	struct jl_chunk	*c, *next;

	for (c = d->old; c != NULL; c = next) {
		next = c->next;
		free(c->data);
		free(c);
	}
	d->old = NULL;
}

void
jl_doc_clear(struct jl_doc *d)
{
	size_t	i;

	for (i = 0; i < JL_INDEXED; i++)
		d->idx[i].obj = NULL;
	jl_chunks_free(d);
	d->scratch_used = 0;
	json_array_clear(d->parsed);
}

void
jl_doc_free(struct jl_doc *d)
{
	jl_chunks_free(d);
	free(d->scratch);
	json_decref(d->parsed);
	memset(d, 0, sizeof *d);
}

/* n bytes of scratch that stay where they are until the next clear. */
static char *
jl_alloc(struct jl_doc *d, size_t n)
{
	struct jl_chunk	*c;
	size_t		 cap;
	char		*p;

	if (d->scratch == NULL || d->scratch_cap - d->scratch_used < n) {
		if (d->scratch != NULL && d->scratch_used > 0) {
			c = xmalloc(sizeof *c);
			c->data = d->scratch;
			c->next = d->old;
			d->old = c;
		} else
			free(d->scratch);
		cap = n > JL_SCRATCH ? n : JL_SCRATCH;
		d->scratch = xmalloc(cap);
		d->scratch_cap = cap;
		d->scratch_used = 0;
	}
	p = d->scratch + d->scratch_used;
	d->scratch_used += n;
	return (p);
}

/* -------------------------------------------------------------------- */
/* The check */

static const char *
jl_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return (p);
}

/* The code unit of "\uXXXX" at p (past the backslash), or -1. */
static long
jl_u4(const char *p, const char *e)
{
	long	v = 0;
	int	i, h;

	if (e - p < 5 || p[0] != 'u')
		return (-1);
	for (i = 1; i <= 4; i++) {
		if ((h = hex_value((unsigned char)p[i])) < 0)
			return (-1);
		v = v * 16 + h;
	}
	return (v);
}

/*
 * Checks the string whose opening quote is at p; returns the byte after
 * its closing quote, or NULL.  *esc says whether it has escapes.
 */
static const char *
jl_check_string(const char *p, const char *e, int *esc)
{
	long	u, lo;

	*esc = 0;
	for (p++; p < e; p++) {
		while (e - p >= 8 && !jf_word_special(p))
			p += 8;
		if (p >= e)
			break;
		switch (jl_class[(unsigned char)*p]) {
		case JL_PLAIN:
			continue;
		case JL_QUOTE:
			return (p + 1);
		case JL_BAD:
			return (NULL);
		}
		*esc = 1;
		if (++p >= e)
			return (NULL);
		switch (*p) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			continue;
		case 'u':
			break;
		default:
			return (NULL);
		}
		if ((u = jl_u4(p, e)) <= 0 || (u >= 0xdc00 && u <= 0xdfff))
			return (NULL);		/* \u0000, a lone low half */
		p += 4;
		if (u >= 0xd800 && u <= 0xdbff) {
			if (e - p < 3 || p[1] != '\\' ||
			    (lo = jl_u4(p + 2, e)) < 0xdc00 || lo > 0xdfff)
				return (NULL);
			p += 6;
		}
	}
	return (NULL);
}

/* Checks a number at p; returns the byte after it, or NULL. */
static const char *
jl_check_number(const char *p, const char *e)
{
	const char	*d;
	int		 digits = 0;

	if (p < e && *p == '-')
		p++;
	if (p >= e || *p < '0' || *p > '9')
		return (NULL);
	if (*p == '0') {
		p++;
		digits = 1;
	} else
		for (; p < e && *p >= '0' && *p <= '9'; p++)
			digits++;
	if (p < e && *p == '.') {
		for (d = ++p; p < e && *p >= '0' && *p <= '9'; p++)
			digits++;
		if (p == d)
			return (NULL);
	}
	/* an exponent or a long integer: jansson may refuse or round it */
	if (digits > 18 || (p < e && (*p == 'e' || *p == 'E')))
		return (NULL);
	return (p);
}

static const char *jl_check_value(const char *, const char *, int);

static const char *
jl_check_composite(const char *p, const char *e, int depth)
{
	int	obj = *p == '{', esc;
	char	close = obj ? '}' : ']';

	if (depth > JL_DEPTH)
		return (NULL);
	p = jl_ws(p + 1, e);
	if (p < e && *p == close)
		return (p + 1);
	for (;;) {
		if (obj) {
			if (p >= e || *p != '"' ||
			    (p = jl_check_string(p, e, &esc)) == NULL)
				return (NULL);
			p = jl_ws(p, e);
			if (p >= e || *p != ':')
				return (NULL);
			p = jl_ws(p + 1, e);
		}
		if ((p = jl_check_value(p, e, depth + 1)) == NULL)
			return (NULL);
		p = jl_ws(p, e);
		if (p >= e)
			return (NULL);
		if (*p == close)
			return (p + 1);
		if (*p != ',')
			return (NULL);
		p = jl_ws(p + 1, e);
	}
}

static const char *
jl_check_value(const char *p, const char *e, int depth)
{
	int	esc;

	if (p >= e)
		return (NULL);
	switch (*p) {
	case '{':
	case '[':
		return (jl_check_composite(p, e, depth));
	case '"':
		return (jl_check_string(p, e, &esc));
	case 't':
		return (e - p >= 4 && memcmp(p, "true", 4) == 0 ? p + 4 :
		    NULL);
	case 'f':
		return (e - p >= 5 && memcmp(p, "false", 5) == 0 ? p + 5 :
		    NULL);
	case 'n':
		return (e - p >= 4 && memcmp(p, "null", 4) == 0 ? p + 4 :
		    NULL);
	default:
		return (jl_check_number(p, e));
	}
}

int
jl_doc_load(struct jl_doc *d, const char *s, size_t n, struct jl *root)
{
	const char	*p, *e, *k, *v;
	int		 esc;

	jl_doc_clear(d);
	d->nm = 0;
	p = jl_ws(s, s + n);
	e = s + n;
	if (p >= e || *p != '{')
		return (-1);
	memset(root, 0, sizeof *root);
	root->text = p;
	root->root = 1;
	root->doc = d;
	p = jl_ws(p + 1, e);
	if (p < e && *p == '}')
		p++;
	else for (;;) {
		if (p >= e || *p != '"' || d->nm == JL_MEMBERS)
			return (-1);
		k = p + 1;
		if ((p = jl_check_string(p, e, &esc)) == NULL || esc ||
		    js_list_of(k, (size_t)(p - 1 - k), JS_LOG_LISTS) != NULL)
			return (-1);
		d->m[d->nm].key = k;
		d->m[d->nm].klen = (size_t)(p - 1 - k);
		p = jl_ws(p, e);
		if (p >= e || *p != ':')
			return (-1);
		v = p = jl_ws(p + 1, e);
		if ((p = jl_check_value(p, e, 2)) == NULL)
			return (-1);
		d->m[d->nm].val = v;
		d->m[d->nm++].vlen = (size_t)(p - v);
		p = jl_ws(p, e);
		if (p < e && *p == '}') {
			p++;
			break;
		}
		if (p >= e || *p != ',')
			return (-1);
		p = jl_ws(p + 1, e);
	}
	root->len = (size_t)(p - root->text);
	return (jl_ws(p, e) == e ? 0 : -1);
}

/* -------------------------------------------------------------------- */
/* Reading checked text */

static size_t	jl_decode(const char *, size_t, char *);

/* The byte after the checked value at p, which ends by e. */
static const char *
jl_skip(const char *p, const char *e)
{
	int	depth = 0;

	do {
		switch (*p) {
		case '"':
			for (p++; *p != '"'; p++) {
				while (e - p >= 8 && !jl_word_quote(p))
					p += 8;
				if (*p == '"')
					break;
				if (*p == '\\')
					p++;
			}
			p++;
			break;
		case '{':
		case '[':
			depth++;
			p++;
			break;
		case '}':
		case ']':
			depth--;
			p++;
			break;
		case ' ': case '\t': case '\n': case '\r': case ',': case ':':
			p++;
			break;
		default:
			while (*p != ',' && *p != '}' && *p != ']' &&
			    *p != ' ' && *p != '\t' && *p != '\n' &&
			    *p != '\r' && *p != '\0')
				p++;
			break;
		}
	} while (depth > 0);
	return (p);
}

/* Whether the checked string at p (its quote; by e) is key[0..n). */
static int
jl_key_is(const char *p, const char *e, const char *key, size_t n)
{
	const char	*q;
	char		 buf[256];
	size_t		 i, len;

	for (i = 0, q = p + 1; i < n && *q != '"' && *q != '\\'; i++, q++) {
		if (*q != key[i])
			return (0);
	}
	if (*q == '"')
		return (i == n);
	if (*q != '\\')
		return (0);
	/* a key with escapes: decoded whole, it is never longer */
	len = (size_t)(jl_skip(p, e) - p);
	if (len > sizeof buf)
		return (0);
	return (jl_decode(p, len, buf) == n && memcmp(buf, key, n) == 0);
}

/*
 * The members of the checked object at obj, indexed once (in the doc's
 * cache of the objects read lately), or NULL when it has more than
 * JL_MEMBERS.
 */
static const struct jl_index *
jl_index_of(const struct jl *obj)
{
	struct jl_doc	*d = obj->doc;
	struct jl_index	*x;
	const char	*p, *e = obj->text + obj->len;
	size_t		 i;

	for (i = 0; i < JL_INDEXED; i++) {
		if (d->idx[i].obj == obj->text)
			return (&d->idx[i]);
	}
	x = &d->idx[d->next_idx];
	d->next_idx = (d->next_idx + 1) % JL_INDEXED;
	x->obj = NULL;
	x->nm = 0;
	p = jl_ws(obj->text + 1, e);
	while (*p == '"') {
		if (x->nm == JL_MEMBERS)
			return (NULL);
		x->m[x->nm].key = p;	/* its quote: keys may have escapes */
		p = jl_skip(p, e);
		x->m[x->nm].klen = (size_t)(p - x->m[x->nm].key);
		p = jl_ws(jl_ws(p, e) + 1, e);	/* past ':' */
		x->m[x->nm].val = p;
		p = jl_skip(p, e);
		x->m[x->nm].vlen = (size_t)(p - x->m[x->nm].val);
		x->nm++;
		p = jl_ws(p, e);
		if (*p != ',')
			break;
		p = jl_ws(p + 1, e);
	}
	x->obj = obj->text;
	return (x);
}

/* The member key[0..n) of the checked object at obj (last one wins). */
static struct jl
jl_member_text(const struct jl *obj, const char *key, size_t n)
{
	struct jl		 r = { .doc = obj->doc };
	const struct jl_index	*x;
	const char		*p, *k, *v, *e = obj->text + obj->len;
	size_t			 i;

	if (obj->root) {
		for (i = obj->doc->nm; i-- > 0;) {
			/* the first byte before the call, for speed */
			if (obj->doc->m[i].klen == n && (n == 0 ||
			    obj->doc->m[i].key[0] == key[0]) &&
			    memcmp(obj->doc->m[i].key, key, n) == 0) {
				r.text = obj->doc->m[i].val;
				r.len = obj->doc->m[i].vlen;
				break;
			}
		}
		return (r);
	}
	if ((x = jl_index_of(obj)) != NULL) {
		for (i = x->nm; i-- > 0;) {
			/* a key without escapes is its quotes and n bytes */
			if ((x->m[i].klen == n + 2 &&
			    memcmp(x->m[i].key + 1, key, n) == 0) ||
			    (x->m[i].klen > n + 2 &&
			    jl_key_is(x->m[i].key, e, key, n))) {
				r.text = x->m[i].val;
				r.len = x->m[i].vlen;
				break;
			}
		}
		return (r);
	}
	p = jl_ws(obj->text + 1, e);
	while (*p == '"') {
		k = p;
		p = jl_ws(jl_skip(p, e), e);
		v = p = jl_ws(p + 1, e);	/* past ':' */
		p = jl_skip(p, e);
		if (jl_key_is(k, e, key, n)) {
			r.text = v;
			r.len = (size_t)(p - v);
		}
		p = jl_ws(p, e);
		if (*p != ',')
			break;
		p = jl_ws(p + 1, e);
	}
	return (r);
}

struct jl
jl_of(json_t *v, struct jl_doc *d)
{
	struct jl	r = { .json = v, .doc = d };

	return (r);
}

/* The member key[0..n) of obj, either form. */
static struct jl
jl_member(const struct jl *obj, const char *key, size_t n)
{
	struct jl	 r = { .doc = obj->doc };
	char		 k[128];

	if (obj->json != NULL) {
		if (!json_is_object(obj->json) || n >= sizeof k)
			return (r);
		memcpy(k, key, n);
		k[n] = '\0';
		r.json = json_object_get(obj->json, k);
		return (r);
	}
	if (obj->text == NULL || obj->text[0] != '{')
		return (r);
	return (jl_member_text(obj, key, n));
}

struct jl
jl_get(const struct jl *obj, const char *path)
{
	struct jl	 r = *obj;
	const char	*dot;

	for (;;) {
		dot = strchr(path, '.');
		r = jl_member(&r, path, dot != NULL ? (size_t)(dot - path) :
		    strlen(path));
		if (dot == NULL || !jl_present(&r))
			return (r);
		path = dot + 1;
	}
}

struct jl
jl_at(const struct jl *arr, size_t i)
{
	struct jl	 r = { .doc = arr->doc };
	const char	*p, *e;

	if (arr->json != NULL) {
		r.json = json_array_get(arr->json, i);
		return (r);
	}
	if (arr->text == NULL || arr->text[0] != '[')
		return (r);
	e = arr->text + arr->len;
	p = jl_ws(arr->text + 1, e);
	while (p < e && *p != ']') {
		if (i-- == 0) {
			r.text = p;
			r.len = (size_t)(jl_skip(p, e) - p);
			return (r);
		}
		p = jl_ws(jl_skip(p, e), e);
		if (*p == ',')
			p = jl_ws(p + 1, e);
	}
	return (r);
}

size_t
jl_size(const struct jl *arr)
{
	const char	*p, *e;
	size_t		 n = 0;

	if (arr->json != NULL)
		return (json_array_size(arr->json));
	if (arr->text == NULL || arr->text[0] != '[')
		return (0);
	e = arr->text + arr->len;
	for (p = jl_ws(arr->text + 1, e); p < e && *p != ']'; n++) {
		p = jl_ws(jl_skip(p, e), e);
		if (*p == ',')
			p = jl_ws(p + 1, e);
	}
	return (n);
}

int
jl_present(const struct jl *v)
{
	return (v->json != NULL || v->text != NULL);
}

int
jl_is_object(const struct jl *v)
{
	return (v->json != NULL ? json_is_object(v->json) :
	    v->text != NULL && v->text[0] == '{');
}

int
jl_is_array(const struct jl *v)
{
	return (v->json != NULL ? json_is_array(v->json) :
	    v->text != NULL && v->text[0] == '[');
}

int
jl_is_string(const struct jl *v)
{
	return (v->json != NULL ? json_is_string(v->json) :
	    v->text != NULL && v->text[0] == '"');
}

int
jl_is_null(const struct jl *v)
{
	return (v->json != NULL ? json_is_null(v->json) :
	    v->text != NULL && v->text[0] == 'n');
}

int
jl_is_true(const struct jl *v)
{
	return (v->json != NULL ? json_is_true(v->json) :
	    v->text != NULL && v->text[0] == 't');
}

int
jl_is_integer(const struct jl *v)
{
	size_t	i;

	if (v->json != NULL)
		return (json_is_integer(v->json));
	if (v->text == NULL || !(v->text[0] == '-' || (v->text[0] >= '0' &&
	    v->text[0] <= '9')))
		return (0);
	for (i = 0; i < v->len; i++) {
		if (v->text[i] == '.')
			return (0);
	}
	return (1);
}

/* Decodes the checked string at p[0..n) (quotes included) into out. */
static size_t
jl_decode(const char *p, size_t n, char *out)
{
	const char	*e = p + n - 1;
	size_t		 o = 0;
	long		 u, lo;

	for (p++; p < e; p++) {
		if (*p != '\\') {
			out[o++] = *p;
			continue;
		}
		switch (*++p) {
		case 'b': out[o++] = '\b'; break;
		case 'f': out[o++] = '\f'; break;
		case 'n': out[o++] = '\n'; break;
		case 'r': out[o++] = '\r'; break;
		case 't': out[o++] = '\t'; break;
		case 'u':
			u = jl_u4(p, e + 1);
			p += 4;
			if (u >= 0xd800 && u <= 0xdbff) {
				lo = jl_u4(p + 2, e + 1);
				u = 0x10000 + ((u - 0xd800) << 10) +
				    (lo - 0xdc00);
				p += 6;
			}
			o += utf8_put((unsigned long)u, out + o);
			break;
		default:
			out[o++] = *p;
			break;
		}
	}
	out[o] = '\0';
	return (o);
}

const char *
jl_str(const struct jl *obj, const char *path, size_t *len)
{
	struct jl	 v = path != NULL ? jl_get(obj, path) : *obj;
	char		*out;
	size_t		 n;

	if (v.json != NULL) {
		if (!json_is_string(v.json))
			return (NULL);
		if (len != NULL)
			*len = json_string_length(v.json);
		return (json_string_value(v.json));
	}
	if (v.text == NULL || v.text[0] != '"')
		return (NULL);
	out = jl_alloc(v.doc, v.len - 1);	/* never longer, and a NUL */
	n = jl_decode(v.text, v.len, out);
	if (len != NULL)
		*len = n;
	return (out);
}

int64_t
jl_int(const struct jl *obj, const char *path, int64_t def)
{
	struct jl	 v = path != NULL ? jl_get(obj, path) : *obj;
	char		 num[24];

	if (!jl_is_integer(&v))
		return (def);
	if (v.json != NULL)
		return ((int64_t)json_integer_value(v.json));
	if (v.len >= sizeof num)
		return (def);
	memcpy(num, v.text, v.len);
	num[v.len] = '\0';
	return ((int64_t)strtoll(num, NULL, 10));
}

json_t *
jl_json(const struct jl *v)
{
	json_t	*parsed;

	if (v->json != NULL || v->text == NULL)
		return (v->json);
	/* checked text: jansson reads it, and reads it the same way */
	if ((parsed = jf_loadb(v->text, v->len, JSON_DECODE_ANY, NULL)) ==
	    NULL)
		fatal("jsonlite: jansson refused checked JSON");
	json_array_append_new(v->doc->parsed, parsed);
	return (parsed);
}
