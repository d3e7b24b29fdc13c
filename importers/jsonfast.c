/*
 * jsonfast.c: json_loadb, faster (jsonfast.h).  The fast path is a
 * recursive descent over the text that builds jansson's values and hands
 * anything it does not vouch for back to json_loadb, from the start; its
 * checks of a string and a number are the ones jsonlite.c's check of a
 * line uses, and so is its decoding of a string's escapes.
 *
 * The arena: jansson's allocator functions are replaced once; while
 * jf_loadb parses, an allocation is the next 16-byte-aligned piece of the
 * newest chunk; otherwise it is malloc's.  A free looks for the pointer in
 * the chunks (JF_CHUNKS at most): an arena piece only lowers the count of
 * live pieces, and at zero the chunks are used again from their start
 * (one of the usual size is kept, larger ones go back).  Anything else is
 * free's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonfast.h"
#include "util.h"

#define JF_CHUNK	(256 * 1024)	/* bytes of a usual chunk */
#define JF_CHUNKS	16		/* chunks at most: past them (values
					   kept across parses), malloc's */
#define JF_ALIGN	16

/*
 * Under AddressSanitizer (gcc says so with __SANITIZE_ADDRESS__, clang
 * with __has_feature), malloc's: a piece read after its free is found.
 */
#if defined(__SANITIZE_ADDRESS__)
#define JF_SANITIZED	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JF_SANITIZED	1
#endif
#endif
#ifndef JF_SANITIZED
#define JF_SANITIZED	0
#endif

struct jf_chunk {
	struct jf_chunk	*next;		/* older chunks */
	size_t		 size;		/* bytes at data */
	size_t		 used;		/* bytes handed out */
	char		*data;		/* right after this header */
};

static struct {
	int		 installed;	/* jansson calls the functions below */
	int		 parsing;	/* inside jf_loadb: allocate here */
	struct jf_chunk	*chunks;	/* newest first */
	size_t		 nchunks;	/* chunks in the list */
	size_t		 live;		/* pieces handed out, not freed */
} jf;

/* Every chunk freed, but one of the usual size kept, emptied. */
static void
jf_reset(void)
{
	struct jf_chunk	*c, *next, *keep = NULL;

	for (c = jf.chunks; c != NULL; c = next) {
		next = c->next;
		if (keep == NULL && c->size == JF_CHUNK) {
			keep = c;
			continue;
		}
		free(c);
	}
	if (keep != NULL) {
		keep->next = NULL;
		keep->used = 0;
	}
	jf.chunks = keep;
	jf.nchunks = keep != NULL;
}

static void *
jf_malloc(size_t n)
{
	struct jf_chunk	*c = jf.chunks;
	size_t		 size;
	void		*p;

	if (!jf.parsing || JF_SANITIZED)
		return (malloc(n));
	if (n > SIZE_MAX - JF_CHUNK)
		return (NULL);
	n = (n + JF_ALIGN - 1) & ~(size_t)(JF_ALIGN - 1);
	if (c == NULL || c->size - c->used < n) {
		if (jf.nchunks >= JF_CHUNKS)
			return (malloc(n));
		size = n > JF_CHUNK ? n : JF_CHUNK;
		/* the header rounded up: data stays aligned */
		if ((c = malloc(sizeof *c + JF_ALIGN + size)) == NULL)
			return (NULL);
		c->size = size;
		c->used = 0;
		c->data = (char *)c + ((sizeof *c + JF_ALIGN - 1) &
		    ~(size_t)(JF_ALIGN - 1));
		c->next = jf.chunks;
		jf.chunks = c;
		jf.nchunks++;
	}
	p = c->data + c->used;
	c->used += n;
	jf.live++;
	return (p);
}

static void
jf_free(void *p)
{
	struct jf_chunk	*c;
	char		*q = p;

	if (p == NULL)
		return;
	for (c = jf.chunks; c != NULL; c = c->next) {
		if (q >= c->data && q < c->data + c->size) {
			if (--jf.live == 0)
				jf_reset();
			return;
		}
	}
	free(p);
}

/* The code unit of "\uXXXX" at p (past the backslash), or -1. */
static long
jf_u4(const char *p, const char *e)
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

const char *
jf_check_string(const char *p, const char *e, int *esc)
{
	long	u, lo;
	int	c;

	*esc = 0;
	for (p++; p < e; p++) {
		while (e - p >= 8 && !jf_word_special(p))
			p += 8;
		if (p >= e)
			break;
		c = (unsigned char)*p;
		if (c == '"')
			return (p + 1);
		if (c < 0x20 || c >= 0x80)
			return (NULL);
		if (c != '\\')
			continue;
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
		if ((u = jf_u4(p, e)) <= 0 || (u >= 0xdc00 && u <= 0xdfff))
			return (NULL);		/* \u0000, a lone low half */
		p += 4;
		if (u >= 0xd800 && u <= 0xdbff) {
			if (e - p < 3 || p[1] != '\\' ||
			    (lo = jf_u4(p + 2, e)) < 0xdc00 || lo > 0xdfff)
				return (NULL);
			p += 6;
		}
	}
	return (NULL);
}

const char *
jf_check_number(const char *p, const char *e)
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

size_t
jf_decode(const char *p, size_t n, char *out)
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
			u = jf_u4(p, e + 1);
			p += 4;
			if (u >= 0xd800 && u <= 0xdbff) {
				lo = jf_u4(p + 2, e + 1);
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

/* What the fast path reads: its cursor, and where decoded text goes. */
struct jf_text {
	const char	*p;		/* the next byte */
	const char	*end;		/* past the last byte */
	char		*scratch;	/* a string's decoded bytes; owned */
	size_t		 cap;		/* bytes allocated at scratch */
};

/*
 * The string at t->p (its opening quote): its bytes at *s, *len of them
 * (the text's own, or decoded into the scratch).  Returns 0, or -1: not
 * for the fast path.
 */
static int
jf_string(struct jf_text *t, const char **s, size_t *len)
{
	const char	*q;
	char		*grown;
	size_t		 n;
	int		 esc;

	if ((q = jf_check_string(t->p, t->end, &esc)) == NULL)
		return (-1);
	n = (size_t)(q - t->p);
	if (!esc) {
		*s = t->p + 1;
		*len = n - 2;
	} else {
		/* decoded, it is never longer than its text less a quote */
		if (n > t->cap) {
			if ((grown = realloc(t->scratch, n)) == NULL)
				return (-1);
			t->scratch = grown;
			t->cap = n;
		}
		*len = jf_decode(t->p, n, t->scratch);
		*s = t->scratch;
	}
	t->p = q;
	return (0);
}

/* The integer at t->p (jf_check_number's, without a fraction), or NULL. */
static json_t *
jf_integer(struct jf_text *t)
{
	const char	*q = t->p, *e;
	int64_t		 v = 0;

	if ((e = jf_check_number(t->p, t->end)) == NULL ||
	    memchr(t->p, '.', (size_t)(e - t->p)) != NULL)
		return (NULL);
	if (*q == '-')
		q++;
	while (q < e)
		v = v * 10 + (*q++ - '0');
	v = *t->p == '-' ? -v : v;
	t->p = e;
	return (json_integer(v));
}

/* The literal word w if the text has it next. */
static int
jf_word(struct jf_text *t, const char *w, size_t n)
{
	if ((size_t)(t->end - t->p) < n || memcmp(t->p, w, n) != 0)
		return (0);
	t->p += n;
	return (1);
}

/* One value at t->p (blanks skipped).  Returns it, or NULL: jansson's. */
static json_t *
jf_value(struct jf_text *t, int depth)
{
	json_t		*v, *el;
	const char	*s;
	size_t		 n;
	char		*key;

	t->p = jf_ws(t->p, t->end);
	if (t->p >= t->end)
		return (NULL);
	switch (*t->p) {
	case '{':
		if (depth >= JF_DEPTH || (v = json_object()) == NULL)
			return (NULL);
		t->p = jf_ws(t->p + 1, t->end);
		if (t->p < t->end && *t->p == '}') {
			t->p++;
			return (v);
		}
		for (;;) {
			if (t->p >= t->end || *t->p != '"' ||
			    jf_string(t, &s, &n) != 0)
				break;
			/* a key decoded in the scratch: the value reuses it */
			key = NULL;
			if (s == t->scratch) {
				if ((key = malloc(n + 1)) == NULL)
					break;
				memcpy(key, s, n);
				s = key;
			}
			t->p = jf_ws(t->p, t->end);
			if (t->p >= t->end || *t->p != ':' ||
			    (t->p++, el = jf_value(t, depth + 1)) == NULL) {
				free(key);
				break;
			}
			if (json_object_setn_new_nocheck(v, s, n, el) != 0) {
				free(key);
				break;
			}
			free(key);
			t->p = jf_ws(t->p, t->end);
			if (t->p < t->end && *t->p == ',') {
				t->p = jf_ws(t->p + 1, t->end);
				continue;
			}
			if (t->p < t->end && *t->p == '}') {
				t->p++;
				return (v);
			}
			break;
		}
		json_decref(v);
		return (NULL);
	case '[':
		if (depth >= JF_DEPTH || (v = json_array()) == NULL)
			return (NULL);
		t->p = jf_ws(t->p + 1, t->end);
		if (t->p < t->end && *t->p == ']') {
			t->p++;
			return (v);
		}
		for (;;) {
			if ((el = jf_value(t, depth + 1)) == NULL ||
			    json_array_append_new(v, el) != 0)
				break;
			t->p = jf_ws(t->p, t->end);
			if (t->p < t->end && *t->p == ',') {
				t->p++;
				continue;
			}
			if (t->p < t->end && *t->p == ']') {
				t->p++;
				return (v);
			}
			break;
		}
		json_decref(v);
		return (NULL);
	case '"':
		if (jf_string(t, &s, &n) != 0)
			return (NULL);
		return (json_stringn_nocheck(s, n));
	case 't':
		return (jf_word(t, "true", 4) ? json_true() : NULL);
	case 'f':
		return (jf_word(t, "false", 5) ? json_false() : NULL);
	case 'n':
		return (jf_word(t, "null", 4) ? json_null() : NULL);
	default:
		return (jf_integer(t));
	}
}

json_t *
jf_loadb(const char *s, size_t n, size_t flags, json_error_t *err)
{
	struct jf_text	 t = { .p = s, .end = s + n };
	json_t		*v;

	if (!jf.installed) {
		json_set_alloc_funcs(jf_malloc, jf_free);
		jf.installed = 1;
	}
	jf.parsing = 1;
	v = NULL;
	if ((flags & ~(size_t)(JSON_ALLOW_NUL | JSON_DECODE_ANY)) == 0) {
		t.p = jf_ws(t.p, t.end);
		if ((flags & JSON_DECODE_ANY) || (t.p < t.end &&
		    (*t.p == '{' || *t.p == '[')))
			v = jf_value(&t, 0);
		if (v != NULL) {
			if (jf_ws(t.p, t.end) != t.end) {
				json_decref(v);
				v = NULL;
			}
		}
		free(t.scratch);
	}
	/* not vouched for: jansson reads it, and says what is wrong */
	if (v == NULL)
		v = json_loadb(s, n, flags, err);
	else if (err != NULL) {
		/* as jansson leaves it after a parse that went well */
		memset(err, 0, sizeof *err);
		err->line = err->column = -1;
	}
	jf.parsing = 0;
	return (v);
}
