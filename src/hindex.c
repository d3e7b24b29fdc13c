/*
 * hindex.c: the hash index (hindex.h): open addressing with linear
 * probing, at most half full, each slot holding an item's position and
 * its key's hash.  Used by every layer; knows nothing of any of them.
 */
#include <stdlib.h>
#include <string.h>

#include "hindex.h"
#include "util.h"

struct hindex_slot {
	uint64_t	 hash;		/* the item's key's */
	size_t		 item;		/* its position, HINDEX_NONE: empty */
};

#define FNV_PRIME	UINT64_C(0x100000001b3)
#define WORD_PRIME	UINT64_C(0x9e3779b97f4a7c15)

/* Spreads the bits of h over the table's low bits. */
static uint64_t
finish(uint64_t h)
{
	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return (h);
}

uint64_t
hindex_str(uint64_t h, const char *s)
{
	uint64_t	w;
	size_t		n, i;

	if (s == NULL)
		return ((h ^ 0x1ff) * FNV_PRIME);
	/* eight bytes at a time (a byte at a time was 5 % of an import's
	   writer, through the tally) */
	n = strlen(s);
	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * WORD_PRIME;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s + i, n - i);
	h = (h ^ w) * WORD_PRIME;
	h ^= h >> 32;
	/* the length last, so that ("ab", "c") is not ("a", "bc") */
	return ((h ^ n) * FNV_PRIME);
}

uint64_t
hindex_int(uint64_t h, int64_t v)
{
	uint64_t	u = (uint64_t)v;
	int		i;

	for (i = 0; i < 8; i++, u >>= 8)
		h = (h ^ (u & 0xff)) * FNV_PRIME;
	return (h);
}

size_t
hindex_get(const struct hindex *x, uint64_t hash, hindex_eq eq,
    const void *ctx)
{
	size_t	i, mask;

	if (x->cap == 0)
		return (HINDEX_NONE);
	mask = x->cap - 1;
	for (i = finish(hash) & mask; x->v[i].item != HINDEX_NONE;
	    i = (i + 1) & mask) {
		if (x->v[i].hash == hash && eq(ctx, x->v[i].item))
			return (x->v[i].item);
	}
	return (HINDEX_NONE);
}

/* Puts an item in the first empty slot of its probe sequence. */
static void
place(struct hindex_slot *v, size_t cap, uint64_t hash, size_t item)
{
	size_t	i, mask = cap - 1;

	for (i = finish(hash) & mask; v[i].item != HINDEX_NONE;
	    i = (i + 1) & mask)
		;
	v[i].hash = hash;
	v[i].item = item;
}

static void
grow(struct hindex *x)
{
	struct hindex_slot	*v;
	size_t			 cap = x->cap == 0 ? 16 : x->cap * 2, i;

	v = xreallocarray(NULL, cap, sizeof *v);
	for (i = 0; i < cap; i++)
		v[i].item = HINDEX_NONE;
	for (i = 0; i < x->cap; i++) {
		if (x->v[i].item != HINDEX_NONE)
			place(v, cap, x->v[i].hash, x->v[i].item);
	}
	free(x->v);
	x->v = v;
	x->cap = cap;
}

size_t
hindex_put(struct hindex *x, uint64_t hash, size_t item, hindex_eq eq,
    const void *ctx)
{
	size_t	i, mask, old;

	if (item == HINDEX_NONE)
		fatal("hindex_put: no item");
	if (x->cap > 0) {
		mask = x->cap - 1;
		for (i = finish(hash) & mask; x->v[i].item != HINDEX_NONE;
		    i = (i + 1) & mask) {
			if (x->v[i].hash != hash || !eq(ctx, x->v[i].item))
				continue;
			old = x->v[i].item;
			x->v[i].item = item;
			return (old);
		}
	}
	if ((x->n + 1) * 2 > x->cap)
		grow(x);
	place(x->v, x->cap, hash, item);
	x->n++;
	return (HINDEX_NONE);
}

void
hindex_free(struct hindex *x)
{
	free(x->v);
	memset(x, 0, sizeof *x);
}
