/*
 * util.h: the few helpers every module uses: checked allocation, fatal
 * errors, a growable byte buffer, formatted error strings and SHA-256.
 *
 * Allocation failure is not an input error: xmalloc() and friends call
 * fatal(), which runs the hook a view registered (the TUI restores the
 * terminal) and exits 1.  Everything else reports failure to its caller.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
/*
 * Has the kernel give the whole pages of p[0..n) their memory now, in
 * one call, rather than a page at a time as each is first written: a
 * fault each, about 10 microseconds on a virtual machine, where the
 * call takes a fortieth of that a page.  For a large buffer about to be
 * filled; nothing where the kernel cannot (its memory is still given
 * as it is written).
 */
void	 mem_populate(void *p, size_t n);
/*
 * An array of n items of size bytes made room for one more: grown to
 * twice n when n is a power of two (or 0), so that appending n items
 * one at a time moves each a few times, not n times.
 */
void	*xgrow(void *, size_t n, size_t size);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
/* Returns a new string (caller frees) formatted like printf. */
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list);

/*
 * qsort() and bsearch() that accept an empty array with a NULL base (the
 * C library's may not).
 */
void	 xqsort(void *, size_t, size_t, int (*)(const void *, const void *));
void	*xbsearch(const void *, const void *, size_t, size_t,
	    int (*)(const void *, const void *));

/* An item to sort by one number (sort_keyed): its key and its place. */
struct keyed {
	uint64_t	key;		/* what it is sorted by */
	uint32_t	at;		/* the item's index, the caller's */
};

/* Sorts v by key, equal keys kept in their order: a radix sort, whose
   time grows with n alone (qsort's with n log n). */
void	 sort_keyed(struct keyed *v, size_t n);

/* Prints "coroner: MESSAGE" and exits 1 after running the fatal hook. */
void	 fatal(const char *, ...)
	    __attribute__((format(printf, 1, 2), noreturn));
/* Registers the function fatal() runs first (one at a time; NULL clears). */
void	 fatal_set_hook(void (*)(void));

/* A growable byte buffer; data is always NUL-terminated after len bytes. */
struct buf {
	char	*data;		/* owned; NULL until the first append */
	size_t	 len;		/* bytes used, not counting the NUL */
	size_t	 cap;		/* bytes allocated */
};
void	 buf_append(struct buf *, const void *, size_t);
/* Makes room for more bytes after len (and the NUL); len is unchanged. */
void	 buf_reserve(struct buf *, size_t more);
void	 buf_puts(struct buf *, const char *);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_clear(struct buf *);	/* keeps the allocation */
void	 buf_free(struct buf *);
/* Appends v as a varint: 7 bits a byte, the low first, 0x80 on all but
   the last. */
void	 buf_put_varint(struct buf *, uint64_t v);

/* The varint at *p, before end, into *v; 0, or -1 when it is cut or too
   long.  Inline: the blocks' decoder reads one a value. */
static inline int
varint_get(const unsigned char **p, const unsigned char *end, uint64_t *v)
{
	uint64_t	r = 0;
	int		shift;

	for (shift = 0; shift < 64 && *p < end; shift += 7) {
		r |= (uint64_t)(**p & 0x7f) << shift;
		if ((*(*p)++ & 0x80) == 0) {
			*v = r;
			return (0);
		}
	}
	return (-1);
}

/* Whether two strings are equal; two NULLs are, NULL and a string not. */
int	 str_eq(const char *, const char *);
/*
 * Orders two strings as SQLite orders text (NULL first, then byte by
 * byte): <0, 0 or >0.
 */
int	 str_cmp(const char *, const char *);
/* The value of the hexadecimal digit c, or -1. */
int	 hex_value(int c);
/* The n bytes at in as 2n lowercase hex digits at out (no NUL). */
void	 hex_encode(char *out, const unsigned char *in, size_t n);
/* Writes code point cp as UTF-8 into out (4 bytes at most); the count. */
size_t	 utf8_put(unsigned long cp, char *out);
/* Orders two int64_t for xqsort() (times, counts). */
int	 cmp_int64(const void *, const void *);

/*
 * An arena of strings freed all at once: for models that copy many small
 * strings out of borrowed rows.
 */
struct arena {
	struct arena_chunk	*head;	/* owned list of chunks */
	size_t			 left;	/* bytes free in head */
};
/* A copy of s in the arena, or NULL when s is NULL. */
char	*arena_strdup(struct arena *, const char *s);
/* n bytes of s (n > 0) copied into the arena. */
char	*arena_memdup(struct arena *, const void *s, size_t n);
void	 arena_free(struct arena *);

/*
 * SHA-256 (OpenSSL's libcrypto), fed in pieces: what identifies inputs
 * already imported.  sha256_hex() may be called at any point and feeding
 * may go on after it; sha256_free() frees the state.
 */
#define SHA256_HEX_LEN	65	/* 64 hex digits and a NUL */
struct sha256 {
	void	*ctx;		/* EVP_MD_CTX, owned */
};
void	 sha256_init(struct sha256 *);
void	 sha256_update(struct sha256 *, const void *, size_t);
void	 sha256_hex(const struct sha256 *, char out[SHA256_HEX_LEN]);
void	 sha256_free(struct sha256 *);

#endif
