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

void
jl_doc_init(struct jl_doc *d)
{
	memset(d, 0, sizeof *d);
	d->parsed = json_array();
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

static const char *jl_check_value(const char *, const char *, int);

static const char *
jl_check_composite(const char *p, const char *e, int depth)
{
	int	obj = *p == '{', esc;
	char	close = obj ? '}' : ']';

	if (depth > JL_DEPTH)
		return (NULL);
	p = jf_ws(p + 1, e);
	if (p < e && *p == close)
		return (p + 1);
	for (;;) {
		if (obj) {
			if (p >= e || *p != '"' ||
			    (p = jf_check_string(p, e, &esc)) == NULL)
				return (NULL);
			p = jf_ws(p, e);
			if (p >= e || *p != ':')
				return (NULL);
			p = jf_ws(p + 1, e);
		}
		if ((p = jl_check_value(p, e, depth + 1)) == NULL)
			return (NULL);
		p = jf_ws(p, e);
		if (p >= e)
			return (NULL);
		if (*p == close)
			return (p + 1);
		if (*p != ',')
			return (NULL);
		p = jf_ws(p + 1, e);
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
		return (jf_check_string(p, e, &esc));
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
		return (jf_check_number(p, e));
	}
}

int
jl_doc_load(struct jl_doc *d, const char *s, size_t n, struct jl *root)
{
	const char	*p, *e, *k, *v;
	int		 esc;

	jl_doc_clear(d);
	d->nm = 0;
	p = jf_ws(s, s + n);
	e = s + n;
	if (p >= e || *p != '{')
		return (-1);
	memset(root, 0, sizeof *root);
	root->text = p;
	root->root = 1;
	root->doc = d;
	p = jf_ws(p + 1, e);
	if (p < e && *p == '}')
		p++;
	else for (;;) {
		if (p >= e || *p != '"' || d->nm == JL_MEMBERS)
			return (-1);
		k = p + 1;
		if ((p = jf_check_string(p, e, &esc)) == NULL || esc ||
		    js_list_of(k, (size_t)(p - 1 - k), JS_LOG_LISTS) != NULL)
			return (-1);
		d->m[d->nm].key = k;
		d->m[d->nm].klen = (size_t)(p - 1 - k);
		p = jf_ws(p, e);
		if (p >= e || *p != ':')
			return (-1);
		v = p = jf_ws(p + 1, e);
		if ((p = jl_check_value(p, e, 2)) == NULL)
			return (-1);
		d->m[d->nm].val = v;
		d->m[d->nm++].vlen = (size_t)(p - v);
		p = jf_ws(p, e);
		if (p < e && *p == '}') {
			p++;
			break;
		}
		if (p >= e || *p != ',')
			return (-1);
		p = jf_ws(p + 1, e);
	}
	root->len = (size_t)(p - root->text);
	return (jf_ws(p, e) == e ? 0 : -1);
}

/* -------------------------------------------------------------------- */
/* Reading checked text */

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
	return (jf_decode(p, len, buf) == n && memcmp(buf, key, n) == 0);
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
	p = jf_ws(obj->text + 1, e);
	while (*p == '"') {
		if (x->nm == JL_MEMBERS)
			return (NULL);
		x->m[x->nm].key = p;	/* its quote: keys may have escapes */
		p = jl_skip(p, e);
		x->m[x->nm].klen = (size_t)(p - x->m[x->nm].key);
		p = jf_ws(jf_ws(p, e) + 1, e);	/* past ':' */
		x->m[x->nm].val = p;
		p = jl_skip(p, e);
		x->m[x->nm].vlen = (size_t)(p - x->m[x->nm].val);
		x->nm++;
		p = jf_ws(p, e);
		if (*p != ',')
			break;
		p = jf_ws(p + 1, e);
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
	p = jf_ws(obj->text + 1, e);
	while (*p == '"') {
		k = p;
		p = jf_ws(jl_skip(p, e), e);
		v = p = jf_ws(p + 1, e);	/* past ':' */
		p = jl_skip(p, e);
		if (jl_key_is(k, e, key, n)) {
			r.text = v;
			r.len = (size_t)(p - v);
		}
		p = jf_ws(p, e);
		if (*p != ',')
			break;
		p = jf_ws(p + 1, e);
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
	p = jf_ws(arr->text + 1, e);
	while (p < e && *p != ']') {
		if (i-- == 0) {
			r.text = p;
			r.len = (size_t)(jl_skip(p, e) - p);
			return (r);
		}
		p = jf_ws(jl_skip(p, e), e);
		if (*p == ',')
			p = jf_ws(p + 1, e);
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
	for (p = jf_ws(arr->text + 1, e); p < e && *p != ']'; n++) {
		p = jf_ws(jl_skip(p, e), e);
		if (*p == ',')
			p = jf_ws(p + 1, e);
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
	n = jf_decode(v.text, v.len, out);
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
