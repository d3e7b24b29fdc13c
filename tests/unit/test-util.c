/*
 * test-util.c: the growable buffer and the content hash (which must not
 * depend on how the input is split into pieces).
 */
#include <stdlib.h>

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
test_hash_split(void)
{
	struct hash128	h1, h2;
	char		a[33], b[33], data[1000];
	size_t		i, cut;

	for (i = 0; i < sizeof data; i++)
		data[i] = (char)(i * 7 + 3);
	hash128_init(&h1);
	hash128_update(&h1, data, sizeof data);
	hash128_hex(&h1, a);
	CHECK(strlen(a) == 32);
	for (cut = 0; cut <= 17; cut++) {
		hash128_init(&h2);
		for (i = 0; i < sizeof data; i += cut + 1) {
			size_t n = cut + 1;

			if (i + n > sizeof data)
				n = sizeof data - i;
			hash128_update(&h2, data + i, n);
		}
		hash128_hex(&h2, b);
		CHECK_STR(a, b);
	}
}

static void
test_hash_differs(void)
{
	struct hash128	h;
	char		a[33], b[33], c[33];

	hash128_init(&h);
	hash128_update(&h, "A", 1);
	hash128_hex(&h, a);
	hash128_init(&h);
	hash128_update(&h, "A\0", 2);
	hash128_hex(&h, b);
	hash128_init(&h);
	hash128_hex(&h, c);
	CHECK(strcmp(a, b) != 0);
	CHECK(strcmp(a, c) != 0);
	CHECK(strcmp(b, c) != 0);
}

const struct unit_test util_tests[] = {
	{ "util_buf", test_buf },
	{ "util_hash_split", test_hash_split },
	{ "util_hash_differs", test_hash_differs },
	{ NULL, NULL }
};
