/*
 * strpool.c: strings kept once (strpool.h), found by their bytes through
 * a hash index over the pool's array of them.
 */
#include <stdlib.h>
#include <string.h>

#include "strpool.h"

/* A string looked up in a pool. */
struct strpool_key {
	const struct strpool	*p;
	const char		*s;
};

static int
strpool_is(const void *ctx, size_t item)
{
	const struct strpool_key	*k = ctx;

	return (strcmp(k->p->v[item], k->s) == 0);
}

const char *
strpool_put(struct strpool *p, const char *s)
{
	struct strpool_key	k = { p, s };
	uint64_t		h;
	size_t			i;

	if (s == NULL)
		return (NULL);
	h = hindex_str(HINDEX_SEED, s);
	if ((i = hindex_get(&p->ix, h, strpool_is, &k)) != HINDEX_NONE)
		return (p->v[i]);
	/* v grows at each power of two from 16 */
	if (p->n == 0)
		p->v = xreallocarray(NULL, 16, sizeof *p->v);
	else if (p->n >= 16 && (p->n & (p->n - 1)) == 0)
		p->v = xreallocarray(p->v, p->n * 2, sizeof *p->v);
	p->v[p->n] = arena_strdup(&p->a, s);
	hindex_put(&p->ix, h, p->n, strpool_is, &k);
	return (p->v[p->n++]);
}

void
strpool_free(struct strpool *p)
{
	free(p->v);
	hindex_free(&p->ix);
	arena_free(&p->a);
	memset(p, 0, sizeof *p);
}
