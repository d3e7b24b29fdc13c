/*
 * util.h: the few helpers every module uses: checked allocation, fatal
 * errors, a growable byte buffer and formatted error strings.
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

/* Whether two strings are equal; two NULLs are, NULL and a string not. */
int	 str_eq(const char *, const char *);
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
void	 arena_free(struct arena *);

/*
 * A 128-bit content hash (two independent 64-bit lanes), fed in pieces.
 * Not cryptographic: it identifies inputs already imported.
 */
struct hash128 {
	uint64_t a, b;		/* lane states */
	uint64_t len;		/* bytes fed */
	unsigned char carry[8];	/* the unfinished word: len % 8 bytes */
};
void	 hash128_init(struct hash128 *);
void	 hash128_update(struct hash128 *, const void *, size_t);
/* Writes 32 lowercase hex digits and a NUL into out[33]. */
void	 hash128_hex(const struct hash128 *, char out[33]);

#endif
