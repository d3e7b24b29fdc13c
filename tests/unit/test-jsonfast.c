/*
 * test-jsonfast.c: jf_loadb reads every text as json_loadb does: the same
 * values in the same order, or the same refusal with the same message
 * and line; for a table of edge cases (escapes, numbers, literals,
 * nesting, duplicate keys, flags), for every byte of a Pod changed to
 * each of the bytes that matter to the grammar, and for every cut of it.
 * Values parsed into the arena stay whole while others are freed and
 * parsed around them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonfast.h"
#include "unit.h"

/* A Pod as kubectl writes one, with what the fast path must decode. */
static const char pod[] =
    "{\n    \"apiVersion\": \"v1\",\n    \"kind\": \"Pod\",\n"
    "    \"metadata\": {\"name\": \"web-1\", \"uid\": \"u-1\",\n"
    "        \"labels\": {\"app\": \"web\", \"app\": \"dup\"},\n"
    "        \"annotations\": {\"note\": \"a \\u003cb\\u003e \\\"q\\\" "
    "\\\\ \\/ \\b\\f\\n\\r\\t \\u0001\"}},\n"
    "    \"spec\": {\"terminationGracePeriodSeconds\": 30,\n"
    "        \"containers\": [{\"name\": \"app\", \"ports\": [8080, -1, 0],"
    " \"x\": [], \"y\": {}, \"z\": [[], [{}]]}]},\n"
    "    \"status\": {\"ready\": true, \"gone\": false, \"why\": null,\n"
    "        \"big\": 999999999999999999, \"neg\": -999999999999999999}\n"
    "}\n";

/* Both parsers agree on s[0..n) with these flags. */
static int
agree(const char *s, size_t n, size_t flags)
{
	json_error_t	 e1, e2;
	json_t		*a, *b;
	char		*da, *db;
	int		 same;

	a = jf_loadb(s, n, flags, &e1);
	b = json_loadb(s, n, flags, &e2);
	if (a == NULL || b == NULL) {
		same = a == NULL && b == NULL &&
		    strcmp(e1.text, e2.text) == 0 && e1.line == e2.line &&
		    e1.column == e2.column && e1.position == e2.position;
		json_decref(a);
		json_decref(b);
		return (same);
	}
	da = json_dumps(a, JSON_COMPACT | JSON_PRESERVE_ORDER |
	    JSON_ENCODE_ANY);
	db = json_dumps(b, JSON_COMPACT | JSON_PRESERVE_ORDER |
	    JSON_ENCODE_ANY);
	same = da != NULL && db != NULL && strcmp(da, db) == 0 &&
	    json_equal(a, b);
	free(da);
	free(db);
	json_decref(a);
	json_decref(b);
	return (same);
}

static void
test_cases(void)
{
	static const char *const cases[] = {
		"{}", "[]", " {\"a\":1} ", "{\"a\":1}x", "{\"a\":1}{}",
		"", "   ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}",
		"{a:1}", "[1 2]", "[01]", "[-0]", "[-]", "[1.5]", "[1e3]",
		"[1E+3]", "[0.]", "[1234567890123456789]",
		"[-1234567890123456789]", "[12345678901234567890123]",
		"[true, false, null]", "[tru]", "[truex]", "[nul]",
		"[\"\\u0000\"]", "[\"\\u00e9\"]", "[\"\\ud83d\\ude00\"]",
		"[\"\\ud83d\"]", "[\"\\u12\"]", "[\"\\x\"]", "[\"a\tb\"]",
		"[\"caf\xc3\xa9\"]", "[\"\xff\"]", "[\"\x7f\"]",
		"{\"k\\u0041\": 1, \"kA\": 2}", "{\"\": 0}",
		"{\"a\": 1, \"a\": {\"b\": 2}}", "\"top\"", "12", "null",
		"[[[[[[[[[[]]]]]]]]]]", "{\"a\":[1,{\"b\":[2,{\"c\":3}]}]}",
		"[\"unterminated", "[\"a\\", "\xef\xbb\xbf{}", "[1]\n\n",
		"{\"a\":1}\n{\"b\":2}", "[\"\\u0041\\u007f\\u0080\"]",
		"{\"caf\\u00e9\": 1}", "[\"\\ude00\"]", "[\"\\ud83dx\"]",
		"[\"\\ud83d\\u0041\"]", "[\"\\u20ac \\uFFFF\"]",
	};
	static const size_t flags[] = {
		0, JSON_ALLOW_NUL, JSON_DECODE_ANY,
		JSON_DECODE_ANY | JSON_ALLOW_NUL, JSON_REJECT_DUPLICATES,
	};
	size_t		i, f;
	char		deep[2 * 300 + 1];

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (f = 0; f < sizeof flags / sizeof flags[0]; f++) {
			if (!agree(cases[i], strlen(cases[i]), flags[f])) {
				fprintf(stderr, "jsonfast: %s (flags %zu)\n",
				    cases[i], flags[f]);
				CHECK(0);
			}
		}
	}
	/* deeper than the fast path goes: jansson's */
	memset(deep, '[', 300);
	memset(deep + 300, ']', 300);
	deep[600] = '\0';
	CHECK(agree(deep, 600, 0));
	CHECK(agree(pod, sizeof pod - 1, 0));
}

static void
test_mutations(void)
{
	static const char	 bytes[] = {
		'"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\n', '0',
		'9', '-', '.', 'e', 'a', 'u', 't', 'n', '\0', '\t', '\x01',
		'\x7f', '\x80', '\xc3', '\xff',
	};
	char			 text[sizeof pod];
	size_t			 n = sizeof pod - 1, i, b, bad = 0;

	for (i = 0; i < n; i++) {
		for (b = 0; b < sizeof bytes; b++) {
			memcpy(text, pod, sizeof pod);
			text[i] = bytes[b];
			if (!agree(text, n, JSON_ALLOW_NUL) && bad++ < 5)
				fprintf(stderr, "jsonfast: byte %zu as %#x\n",
				    i, (unsigned char)bytes[b]);
		}
		if (!agree(pod, i, 0) && bad++ < 5)
			fprintf(stderr, "jsonfast: cut at %zu\n", i);
	}
	CHECK(bad == 0);
}

static void
test_arena(void)
{
	json_t	*held, *v;
	char	*before, *after;
	size_t	 i;

	held = jf_loadb(pod, sizeof pod - 1, 0, NULL);
	CHECK(held != NULL);
	before = json_dumps(held, JSON_COMPACT | JSON_PRESERVE_ORDER);
	for (i = 0; i < 2000; i++) {
		v = jf_loadb(pod, sizeof pod - 1, 0, NULL);
		CHECK(v != NULL);
		/* a value added after the parse is malloc's */
		json_object_set_new(v, "added", json_string("x"));
		json_decref(v);
	}
	after = json_dumps(held, JSON_COMPACT | JSON_PRESERVE_ORDER);
	CHECK(before != NULL && after != NULL && strcmp(before, after) == 0);
	json_decref(held);
	/* with nothing held, the chunks are used again */
	v = jf_loadb("{\"a\": [1, 2]}", 13, 0, NULL);
	CHECK(json_integer_value(json_array_get(json_object_get(v, "a"),
	    1)) == 2);
	json_decref(v);
	free(before);
	free(after);
}

const struct unit_test jsonfast_tests[] = {
	{ "jsonfast_cases", test_cases },
	{ "jsonfast_mutations", test_mutations },
	{ "jsonfast_arena", test_arena },
	{ NULL, NULL }
};
