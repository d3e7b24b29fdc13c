/*
 * test-util.c: the growable buffer and SHA-256 (which must be the standard
 * one, and not depend on how the input is split into pieces).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strpool.h"
#include "unit.h"
#include "util.h"

static void
test_buf(void)
{
	struct buf	b = { 0 };
	int		i;

	buf_puts(&b, "abc");
	buf_printf(&b, "-%d-", 42);
	CHECK_STR(b.data, "abc-42-");
	CHECK(b.len == 7);
	for (i = 0; i < 1000; i++)
		buf_append(&b, "x", 1);
	CHECK(b.len == 1007);
	CHECK(b.data[b.len] == '\0');
	buf_clear(&b);
	CHECK(b.len == 0 && b.data[0] == '\0');
	buf_free(&b);
	CHECK(b.data == NULL);
}

static void
test_sha256_vectors(void)
{
	struct sha256	h;
	char		a[SHA256_HEX_LEN];

	/* FIPS 180-2's examples: SHA-256, not a home-made digest */
	sha256_init(&h);
	sha256_hex(&h, a);
	CHECK_STR(a, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
	sha256_update(&h, "abc", 3);
	sha256_hex(&h, a);
	CHECK_STR(a, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
	sha256_free(&h);
}

static void
test_sha256_split(void)
{
	struct sha256	h1, h2;
	char		a[SHA256_HEX_LEN], b[SHA256_HEX_LEN], data[1000];
	size_t		i, cut;

	for (i = 0; i < sizeof data; i++)
		data[i] = (char)(i * 7 + 3);
	sha256_init(&h1);
	sha256_update(&h1, data, sizeof data);
	sha256_hex(&h1, a);
	sha256_free(&h1);
	CHECK(strlen(a) == 64);
	for (cut = 0; cut <= 17; cut++) {
		sha256_init(&h2);
		for (i = 0; i < sizeof data; i += cut + 1) {
			size_t n = cut + 1;

			if (i + n > sizeof data)
				n = sizeof data - i;
			sha256_update(&h2, data + i, n);
		}
		sha256_hex(&h2, b);
		sha256_free(&h2);
		CHECK_STR(a, b);
	}
}

/*
 * A pool gives equal strings one copy, whatever buffer they came in, and
 * keeps them apart from the others, past its array's growth.
 */
static void
test_strpool(void)
{
	struct strpool	 p = { 0 };
	const char	*a, *v[1000];
	char		 buf[32];
	int		 i, bad = 0;

	CHECK(strpool_put(&p, NULL) == NULL);
	for (i = 0; i < 1000; i++) {
		snprintf(buf, sizeof buf, "text-%d", i);
		v[i] = strpool_put(&p, buf);
	}
	CHECK(p.n == 1000);
	for (i = 0; i < 1000; i++) {
		snprintf(buf, sizeof buf, "text-%d", i);
		a = strpool_put(&p, buf);
		if (a != v[i] || strcmp(a, buf) != 0 || a == buf)
			bad++;
	}
	CHECK(bad == 0 && p.n == 1000);
	CHECK(v[1] != v[2] && strcmp(v[999], "text-999") == 0);
	strpool_free(&p);
	CHECK(p.n == 0 && strcmp(strpool_put(&p, "again"), "again") == 0);
	strpool_free(&p);
}

/* The order qsort gives by (key, at): sort_keyed keeps equal keys in
   their order. */
static int
cmp_keyed(const void *a, const void *b)
{
	const struct keyed	*p = a, *q = b;

	if (p->key != q->key)
		return (p->key < q->key ? -1 : 1);
	return (p->at < q->at ? -1 : p->at > q->at);
}

/* sort_keyed against qsort: keys wide and narrow, few and many alike. */
static void
test_sort_keyed(void)
{
	static const uint64_t	masks[] = { UINT64_MAX, 0xff, 0x3ff800,
				    UINT64_C(0xffff000000000000), 0 };
	struct keyed		*v, *w;
	uint64_t		 seed = 7;
	size_t			 n, i, m, bad = 0;

	v = xreallocarray(NULL, 30000, sizeof *v);
	w = xreallocarray(NULL, 30000, sizeof *w);
	for (m = 0; m < sizeof masks / sizeof masks[0]; m++) {
		for (n = 0; n <= 30000; n = n * 3 + 1) {
			for (i = 0; i < n; i++) {
				seed = seed * 6364136223846793005u +
				    1442695040888963407u;
				v[i].key = (seed ^ (seed >> 29)) & masks[m];
				v[i].at = (uint32_t)i;
			}
			memcpy(w, v, n * sizeof *v);
			sort_keyed(v, n);
			xqsort(w, n, sizeof *w, cmp_keyed);
			for (i = 0; i < n; i++)
				if (v[i].key != w[i].key || v[i].at != w[i].at)
					bad++;
		}
	}
	CHECK(bad == 0);
	free(v);
	free(w);
}

const struct unit_test util_tests[] = {
	{ "util_sort_keyed", test_sort_keyed },
	{ "util_buf", test_buf },
	{ "util_strpool", test_strpool },
	{ "util_sha256_vectors", test_sha256_vectors },
	{ "util_sha256_split", test_sha256_split },
	{ NULL, NULL }
};
