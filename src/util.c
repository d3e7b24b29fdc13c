/*
 * util.c: checked allocation, fatal errors, the growable buffer and the
 * content hash.  Used by every layer; knows nothing of any of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "util.h"

static void	(*fatal_hook)(void);

void
fatal_set_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

void
fatal(const char *fmt, ...)
{
	va_list	ap;

	if (fatal_hook != NULL) {
		void (*hook)(void) = fatal_hook;

		fatal_hook = NULL;	/* a hook that fails must not loop */
		hook();
	}
	out_printf(stderr, "coroner: ");
	va_start(ap, fmt);
	out_vprintf(stderr, fmt, ap);
	va_end(ap);
	out_printf(stderr, "\n");
	exit(1);
}

void *
xmalloc(size_t n)
{
	void	*p;

	if ((p = malloc(n == 0 ? 1 : n)) == NULL)
		fatal("out of memory (%zu bytes)", n);
	return (p);
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if ((p = calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size)) == NULL)
		fatal("out of memory (%zu x %zu bytes)", nmemb, size);
	return (p);
}

void *
xrealloc(void *p, size_t n)
{
	if ((p = realloc(p, n == 0 ? 1 : n)) == NULL)
		fatal("out of memory (%zu bytes)", n);
	return (p);
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		fatal("out of memory (%zu x %zu bytes)", nmemb, size);
	return (xrealloc(p, nmemb * size));
}

void
xqsort(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

void *
xbsearch(const void *key, const void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	if (n == 0)
		return (NULL);
	return (bsearch(key, base, n, size, cmp));
}

char *
xstrdup(const char *s)
{
	return (xstrndup(s, strlen(s)));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;

	p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return (p);
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list	 ap2;
	char	*p;
	int	 n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		fatal("bad format \"%s\"", fmt);
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return (p);
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return (p);
}

void
buf_reserve(struct buf *b, size_t more)
{
	size_t	need;

	if (more > SIZE_MAX - b->len - 1)
		fatal("buffer too large");
	need = b->len + more + 1;
	if (need <= b->cap)
		return;
	if (b->cap == 0)
		b->cap = 64;
	while (b->cap < need)
		b->cap = b->cap > SIZE_MAX / 2 ? need : b->cap * 2;
	b->data = xrealloc(b->data, b->cap);
}

void
buf_append(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	if (n != 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("bad format \"%s\"", fmt);
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
buf_clear(struct buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

void
buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

int
str_eq(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == b);
	return (strcmp(a, b) == 0);
}

int
cmp_int64(const void *a, const void *b)
{
	int64_t	p = *(const int64_t *)a, q = *(const int64_t *)b;

	return (p < q ? -1 : p > q);
}

#define ARENA_CHUNK	65536

struct arena_chunk {
	struct arena_chunk	*next;
	size_t			 size;	/* bytes in data */
	char			 data[];
};

char *
arena_strdup(struct arena *a, const char *s)
{
	struct arena_chunk	*c;
	size_t			 n, size;
	char			*p;

	if (s == NULL)
		return (NULL);
	n = strlen(s) + 1;
	if (a->head == NULL || a->left < n) {
		size = n > ARENA_CHUNK ? n : ARENA_CHUNK;
		c = xmalloc(sizeof *c + size);
		c->size = size;
		c->next = a->head;
		a->head = c;
		a->left = size;
	}
	p = a->head->data + (a->head->size - a->left);
	memcpy(p, s, n);
	a->left -= n;
	return (p);
}

void
arena_free(struct arena *a)
{
	struct arena_chunk	*c, *next;

	for (c = a->head; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->left = 0;
}

/*
 * The hash: two 64-bit lanes, each fed the input one 8-byte word at a time
 * through a multiply-xorshift mix with different constants.  Bytes of an
 * unfinished word wait in the carry, so the digest does not depend on how
 * the input was split into calls.  The tail and the length are folded in
 * when the digest is taken.
 */
#define H_K1	0x9e3779b97f4a7c15ULL
#define H_K2	0xc2b2ae3d27d4eb4fULL
#define H_K3	0x165667b19e3779f9ULL

static uint64_t
hash_mix(uint64_t h, uint64_t w, uint64_t k)
{
	h ^= w * k;
	h = (h << 31) | (h >> 33);
	h *= H_K1;
	return (h ^ (h >> 29));
}

static void
hash_word(struct hash128 *h, uint64_t w)
{
	h->a = hash_mix(h->a, w, H_K2);
	h->b = hash_mix(h->b, w ^ h->a, H_K3);
}

void
hash128_init(struct hash128 *h)
{
	memset(h, 0, sizeof *h);
	h->a = 0x6a09e667f3bcc908ULL;
	h->b = 0xbb67ae8584caa73bULL;
}

void
hash128_update(struct hash128 *h, const void *p, size_t n)
{
	const unsigned char	*s = p;
	size_t			 have = h->len & 7, take;
	uint64_t		 w;

	if (have != 0) {
		take = 8 - have < n ? 8 - have : n;
		memcpy(h->carry + have, s, take);
		s += take;
		n -= take;
		h->len += take;
		if (have + take < 8)
			return;
		memcpy(&w, h->carry, 8);
		hash_word(h, w);
	}
	for (; n >= 8; s += 8, n -= 8, h->len += 8) {
		memcpy(&w, s, 8);
		hash_word(h, w);
	}
	memcpy(h->carry, s, n);
	h->len += n;
}

void
hash128_hex(const struct hash128 *h, char out[33])
{
	struct hash128	t = *h;
	uint64_t	w = 0, a, b;

	memcpy(&w, t.carry, t.len & 7);
	hash_word(&t, w ^ t.len);
	a = hash_mix(t.a, t.len, H_K1);
	b = hash_mix(t.b ^ a, t.len, H_K2);
	a = hash_mix(a, b, H_K3);
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)a,
	    (unsigned long long)b);
}
