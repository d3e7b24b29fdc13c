/*
 * test-hindex.c: the hash index finds every item of a large array by its
 * key, replaces the item under a key, tells NULL from "", and keeps the
 * parts of a key apart ("ab","c" is not "a","bc").
 */
#include <stdio.h>
#include <stdlib.h>

#include "hindex.h"
#include "unit.h"

#define N	5000

static char	names[N][16];

static int
name_eq(const void *ctx, size_t item)
{
	return (strcmp(names[item], ctx) == 0);
}

static void
test_many(void)
{
	struct hindex	x = { 0 };
	size_t		i, bad = 0;

	for (i = 0; i < N; i++) {
		snprintf(names[i], sizeof names[i], "pod-%zu", i * 7);
		CHECK(hindex_put(&x, hindex_str(HINDEX_SEED, names[i]), i,
		    name_eq, names[i]) == HINDEX_NONE);
	}
	CHECK(x.n == N);
	for (i = 0; i < N; i++) {
		if (hindex_get(&x, hindex_str(HINDEX_SEED, names[i]), name_eq,
		    names[i]) != i)
			bad++;
	}
	CHECK(bad == 0);
	CHECK(hindex_get(&x, hindex_str(HINDEX_SEED, "pod-1"), name_eq,
	    "pod-1") == HINDEX_NONE);
	/* a second item under a key replaces the first, which is returned */
	CHECK(hindex_put(&x, hindex_str(HINDEX_SEED, names[3]), 3, name_eq,
	    names[3]) == 3);
	CHECK(x.n == N);
	hindex_free(&x);
	CHECK(x.cap == 0 && x.v == NULL);
	CHECK(hindex_get(&x, hindex_str(HINDEX_SEED, names[0]), name_eq,
	    names[0]) == HINDEX_NONE);
}

static void
test_key_parts(void)
{
	uint64_t	ab_c, a_bc, null, empty;

	ab_c = hindex_str(hindex_str(HINDEX_SEED, "ab"), "c");
	a_bc = hindex_str(hindex_str(HINDEX_SEED, "a"), "bc");
	null = hindex_str(HINDEX_SEED, NULL);
	empty = hindex_str(HINDEX_SEED, "");
	CHECK(ab_c != a_bc);
	CHECK(null != empty);
	CHECK(hindex_int(HINDEX_SEED, 1) != hindex_int(HINDEX_SEED, 256));
}

const struct unit_test hindex_tests[] = {
	{ "hindex_many", test_many },
	{ "hindex_key_parts", test_key_parts },
	{ NULL, NULL }
};
