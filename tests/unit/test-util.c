/*
 * test-util.c: the growable buffer, the terminal-safe copy and the content
 * hash (which must not depend on how the input is split into pieces).
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
test_sanitize(void)
{
	char	*s;

	s = str_sanitize("ok \xc3\xa9t\xc3\xa9", 8, 100);
	CHECK_STR(s, "ok \xc3\xa9t\xc3\xa9");
	free(s);
	s = str_sanitize("\x1b[2Jboom\x07", 9, 100);
	CHECK_STR(s, "\\x1b[2Jboom\\x07");
	free(s);
	s = str_sanitize("a\0b", 3, 100);
	CHECK_STR(s, "a\\x00b");
	free(s);
	/* C1 control (U+009B, CSI) and invalid UTF-8 */
	s = str_sanitize("\xc2\x9b" "1m\xff\xc3", 6, 100);
	CHECK_STR(s, "\\xc2\\x9b1m\\xff\\xc3");
	free(s);
	/* overlong encoding of '/' and a UTF-16 surrogate */
	s = str_sanitize("\xc0\xaf\xed\xa0\x80", 5, 100);
	CHECK_STR(s, "\\xc0\\xaf\\xed\\xa0\\x80");
	free(s);
	s = str_sanitize("abcdefgh", 8, 4);
	CHECK_STR(s, "abcd...");
	free(s);
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

const struct unit_test util_tests[] = {
	{ "util_buf", test_buf },
	{ "util_sanitize", test_sanitize },
	{ "util_sha256_vectors", test_sha256_vectors },
	{ "util_sha256_split", test_sha256_split },
	{ NULL, NULL }
};
