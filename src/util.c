/*
 * util.c: checked allocation (and memory given at once: mem_populate),
 * fatal errors, the growable buffer and SHA-256 (OpenSSL's libcrypto
 * does the hashing).  Used by every layer; knows nothing of any of them.
 */
#include <sys/mman.h>

#include <openssl/evp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

void
mem_populate(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	static uintptr_t	page;
	uintptr_t		from, to;

	if (page == 0) {
		long	sz = sysconf(_SC_PAGESIZE);

		page = sz > 0 ? (uintptr_t)sz : 4096;
	}
	from = ((uintptr_t)p + page - 1) & ~(page - 1);
	to = ((uintptr_t)p + n) & ~(page - 1);
	if (p != NULL && to > from)
		(void)madvise((void *)from, to - from, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)n;
#endif
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
xgrow(void *p, size_t n, size_t size)
{
	if (p != NULL && (n & (n - 1)) != 0)
		return (p);
	return (xreallocarray(p, n > 0 ? n * 2 : 8, size));
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

void
sort_keyed(struct keyed *v, size_t n)
{
	struct keyed	*tmp, *from = v, *to, *t;
	uint64_t	 all_or = 0, all_and = UINT64_MAX;
	size_t		 count[1 << 11], i, at, c;
	int		 shift;

	if (n < 2)
		return;
	for (i = 0; i < n; i++) {
		all_or |= v[i].key;
		all_and &= v[i].key;
	}
	tmp = xreallocarray(NULL, n, sizeof *tmp);
	to = tmp;
	/* eleven bits at a time, lowest first; a digit every key shares
	   is skipped */
	for (shift = 0; shift < 64; shift += 11) {
		if ((((all_or ^ all_and) >> shift) & 0x7ff) == 0)
			continue;
		memset(count, 0, sizeof count);
		for (i = 0; i < n; i++)
			count[(from[i].key >> shift) & 0x7ff]++;
		for (i = 0, at = 0; i < (1 << 11); i++) {
			c = count[i];
			count[i] = at;
			at += c;
		}
		for (i = 0; i < n; i++)
			to[count[(from[i].key >> shift) & 0x7ff]++] = from[i];
		t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
	free(tmp);
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

void
buf_put_varint(struct buf *b, uint64_t v)
{
	unsigned char	tmp[10];
	size_t		n = 0;

	while (v >= 0x80) {
		tmp[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	tmp[n++] = (unsigned char)v;
	buf_append(b, tmp, n);
}

int
str_eq(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == b);
	return (strcmp(a, b) == 0);
}

int
str_cmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == NULL ? (b == NULL ? 0 : -1) : 1);
	return (strcmp(a, b));
}

size_t
utf8_put(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return (1);
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return (2);
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return (4);
}

int
hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

void
hex_encode(char *out, const unsigned char *in, size_t n)
{
	static const char	 digit[] = "0123456789abcdef";
	size_t			 i;

	for (i = 0; i < n; i++) {
		out[2 * i] = digit[in[i] >> 4];
		out[2 * i + 1] = digit[in[i] & 15];
	}
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
arena_memdup(struct arena *a, const void *s, size_t n)
{
	struct arena_chunk	*c;
	size_t			 size;
	char			*p;

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

char *
arena_strdup(struct arena *a, const char *s)
{
	return (s != NULL ? arena_memdup(a, s, strlen(s) + 1) : NULL);
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

void
sha256_init(struct sha256 *h)
{
	if ((h->ctx = EVP_MD_CTX_new()) == NULL ||
	    EVP_DigestInit_ex(h->ctx, EVP_sha256(), NULL) != 1)
		fatal("SHA-256: cannot start a digest");
}

void
sha256_update(struct sha256 *h, const void *p, size_t n)
{
	if (n != 0 && EVP_DigestUpdate(h->ctx, p, n) != 1)
		fatal("SHA-256: digest update failed");
}

void
sha256_hex(const struct sha256 *h, char out[SHA256_HEX_LEN])
{
	unsigned char		 md[EVP_MAX_MD_SIZE];
	unsigned int		 n;
	EVP_MD_CTX		*t;

	/* finish a copy: the digest may be fed on */
	if ((t = EVP_MD_CTX_new()) == NULL ||
	    EVP_MD_CTX_copy_ex(t, h->ctx) != 1 ||
	    EVP_DigestFinal_ex(t, md, &n) != 1 || n != 32)
		fatal("SHA-256: cannot finish the digest");
	EVP_MD_CTX_free(t);
	hex_encode(out, md, n);
	out[2 * n] = '\0';
}

void
sha256_free(struct sha256 *h)
{
	EVP_MD_CTX_free(h->ctx);
	h->ctx = NULL;
}
