/*
 * hindex.h: a hash index over an array its caller owns.  It maps the hash
 * of a key to the position of one item of that array; the caller says
 * which item a key means with an equality function, so the index holds
 * no keys and survives the array's reallocation.  A chain of items under
 * one key (the latest in the index, each pointing to the one before) is
 * the caller's.  Lookups and insertions take constant time on average.
 * Knows nothing of the modules that use it.
 */
#ifndef HINDEX_H
#define HINDEX_H

#include <stddef.h>
#include <stdint.h>

#define HINDEX_NONE	SIZE_MAX	/* no item */
#define HINDEX_SEED	UINT64_C(0xcbf29ce484222325) /* an empty key */

struct hindex_slot;

struct hindex {
	struct hindex_slot	*v;	/* owned: cap slots */
	size_t			 cap;	/* a power of two; 0 until the first
					   put */
	size_t			 n;	/* items indexed */
};

/*
 * Mixes a string (NULL differs from "") or an integer into a key's hash:
 * start from HINDEX_SEED and mix each part of the key in order.
 */
uint64_t	hindex_str(uint64_t h, const char *s);
uint64_t	hindex_int(uint64_t h, int64_t v);

/* Whether item is the one the key in ctx means. */
typedef int	(*hindex_eq)(const void *ctx, size_t item);

/* The item under this hash for which eq holds, or HINDEX_NONE. */
size_t	hindex_get(const struct hindex *x, uint64_t hash, hindex_eq eq,
	    const void *ctx);
/*
 * Indexes item under this hash, in place of the item for which eq holds
 * (that one is returned), else beside the others (HINDEX_NONE).
 */
size_t	hindex_put(struct hindex *x, uint64_t hash, size_t item,
	    hindex_eq eq, const void *ctx);
/* Frees the slots; the index is empty again. */
void	hindex_free(struct hindex *x);

#endif
