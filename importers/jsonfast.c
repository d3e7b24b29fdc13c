/*
 * jsonfast.c: json_loadb, faster (jsonfast.h).  The fast path is a
 * recursive descent over the text that builds jansson's values and hands
 * anything it does not vouch for back to json_loadb, from the start.
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

/* What the fast path reads: its cursor, and where decoded text goes. */
struct jf_text {
	const char	*p;		/* the next byte */
	const char	*end;		/* past the last byte */
	char		*scratch;	/* a string's decoded bytes; owned */
	size_t		 cap;		/* bytes allocated at scratch */
};

static void
jf_blanks(struct jf_text *t)
{
	while (t->p < t->end && (*t->p == ' ' || *t->p == '\n' ||
	    *t->p == '\r' || *t->p == '\t'))
		t->p++;
}

/*
 * A string whose opening quote was read: its bytes at *s, *len of them
 * (the text's own, or decoded into the scratch).  Returns 0, or -1: not
 * for the fast path.
 */
static int
jf_string(struct jf_text *t, const char **s, size_t *len)
{
	const char	*start = t->p, *q;
	size_t		 n = 0;
	int		 c, h[4], i;
	char		*grown;

	for (;;) {
		while (t->end - t->p >= 8 && !jf_word_special(t->p))
			t->p += 8;
		if (t->p >= t->end)
			return (-1);
		c = (unsigned char)*t->p;
		if (c == '"') {
			*s = start;
			*len = (size_t)(t->p++ - start);
			return (0);
		}
		if (c == '\\')
			break;
		if (c < 0x20 || c >= 0x80)
			return (-1);
		t->p++;
	}
	/* escapes: decode from the start into the scratch */
	for (q = start; q < t->end; q++) {
		if (n + 1 > t->cap) {
			t->cap = t->cap == 0 ? 256 : t->cap * 2;
			if ((grown = realloc(t->scratch, t->cap)) == NULL)
				return (-1);
			t->scratch = grown;
		}
		c = (unsigned char)*q;
		if (c == '"') {
			t->p = q + 1;
			*s = t->scratch;
			*len = n;
			return (0);
		}
		if (c < 0x20 || c >= 0x80)
			return (-1);
		if (c != '\\') {
			t->scratch[n++] = (char)c;
			continue;
		}
		if (++q >= t->end)
			return (-1);
		switch (*q) {
		case '"': case '\\': case '/':
			c = *q;
			break;
		case 'b':
			c = '\b';
			break;
		case 'f':
			c = '\f';
			break;
		case 'n':
			c = '\n';
			break;
		case 'r':
			c = '\r';
			break;
		case 't':
			c = '\t';
			break;
		case 'u':
			if (t->end - q < 5)
				return (-1);
			for (i = 0; i < 4; i++) {
				h[i] = hex_value((unsigned char)q[1 + i]);
				if (h[i] < 0)
					return (-1);
			}
			c = h[0] << 12 | h[1] << 8 | h[2] << 4 | h[3];
			/* U+0000 and past ASCII: jansson's */
			if (c == 0 || c >= 0x80)
				return (-1);
			q += 4;
			break;
		default:
			return (-1);
		}
		t->scratch[n++] = (char)c;
	}
	return (-1);
}

/*
 * An integer as jansson reads one: -?(0|[1-9][0-9]*), at most 18 digits,
 * not followed by a fraction or an exponent.  Returns 0 or -1.
 */
static int
jf_integer(struct jf_text *t, json_int_t *out)
{
	const char	*q = t->p;
	int64_t		 v = 0;
	int		 neg = 0, digits = 0;

	if (q < t->end && *q == '-') {
		neg = 1;
		q++;
	}
	if (q >= t->end || *q < '0' || *q > '9')
		return (-1);
	if (*q == '0' && q + 1 < t->end && q[1] >= '0' && q[1] <= '9')
		return (-1);
	while (q < t->end && *q >= '0' && *q <= '9') {
		if (++digits > 18)
			return (-1);
		v = v * 10 + (*q++ - '0');
	}
	if (q < t->end && (*q == '.' || *q == 'e' || *q == 'E'))
		return (-1);
	*out = neg ? -v : v;
	t->p = q;
	return (0);
}

/* The literal word w if the text has it next (and not more letters). */
static int
jf_word(struct jf_text *t, const char *w, size_t n)
{
	if ((size_t)(t->end - t->p) < n || memcmp(t->p, w, n) != 0)
		return (0);
	if (t->p + n < t->end && ((t->p[n] >= 'a' && t->p[n] <= 'z') ||
	    (t->p[n] >= '0' && t->p[n] <= '9')))
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
	json_int_t	 i;
	char		*key;

	jf_blanks(t);
	if (t->p >= t->end)
		return (NULL);
	switch (*t->p) {
	case '{':
		if (depth >= JF_DEPTH || (v = json_object()) == NULL)
			return (NULL);
		t->p++;
		jf_blanks(t);
		if (t->p < t->end && *t->p == '}') {
			t->p++;
			return (v);
		}
		for (;;) {
			if (t->p >= t->end || *t->p != '"')
				break;
			t->p++;
			if (jf_string(t, &s, &n) != 0)
				break;
			/* a key decoded in the scratch: the value reuses it */
			key = NULL;
			if (s == t->scratch) {
				if ((key = malloc(n + 1)) == NULL)
					break;
				memcpy(key, s, n);
				s = key;
			}
			jf_blanks(t);
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
			jf_blanks(t);
			if (t->p < t->end && *t->p == ',') {
				t->p++;
				jf_blanks(t);
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
		t->p++;
		jf_blanks(t);
		if (t->p < t->end && *t->p == ']') {
			t->p++;
			return (v);
		}
		for (;;) {
			if ((el = jf_value(t, depth + 1)) == NULL ||
			    json_array_append_new(v, el) != 0)
				break;
			jf_blanks(t);
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
		t->p++;
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
		return (jf_integer(t, &i) == 0 ? json_integer(i) : NULL);
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
		jf_blanks(&t);
		if ((flags & JSON_DECODE_ANY) || (t.p < t.end &&
		    (*t.p == '{' || *t.p == '[')))
			v = jf_value(&t, 0);
		if (v != NULL) {
			jf_blanks(&t);
			if (t.p != t.end) {
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
