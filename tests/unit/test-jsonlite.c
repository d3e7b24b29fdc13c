/*
 * test-jsonlite.c: the light path of JSON lines (jsonlite.h): which lines
 * it vouches for (and which it leaves to jansson), and that every value
 * it reads from the text is the value jansson reads from the same line.
 */
#include <jansson.h>
#include <stdlib.h>

#include "jsonlite.h"
#include "k8sjson.h"
#include "unit.h"

/* Whether the light path takes line. */
static int
takes(const char *line)
{
	struct jl_doc	d;
	struct jl	root;
	int		rc;

	jl_doc_init(&d);
	rc = jl_doc_load(&d, line, strlen(line), &root);
	jl_doc_free(&d);
	return (rc == 0);
}

static void
test_jsonlite_takes(void)
{
	CHECK(takes("{}"));
	CHECK(takes(" {\"a\": [1, -2.5, true, false, null, {}, []]} \r"));
	CHECK(takes("{\"uri\":\"/api?a=1\\u0026b=2\",\"s\":"
	    "\"\\ud83d\\ude00\"}"));
	CHECK(takes("{\"n\":123456789012345678}"));
	/* left to jansson */
	CHECK(!takes(""));
	CHECK(!takes("[]"));
	CHECK(!takes("{\"a\":1"));
	CHECK(!takes("{\"a\":1}x"));
	CHECK(!takes("{\"a\":1,}"));
	CHECK(!takes("{\"a\":01}"));
	CHECK(!takes("{\"a\":1e3}"));
	CHECK(!takes("{\"a\":1234567890123456789}"));
	CHECK(!takes("{\"a\":\"nul \\u0000\"}"));
	CHECK(!takes("{\"a\":\"lone \\ud800\"}"));
	CHECK(!takes("{\"a\":\"low \\udc00\"}"));
	CHECK(!takes("{\"a\":\"bad \\x\"}"));
	CHECK(!takes("{\"a\":\"tab\there\"}"));
	CHECK(!takes("{\"a\":\"caf\xc3\xa9\"}"));
	CHECK(!takes("{\"k\\u0065y\":1}"));
	CHECK(!takes("{\"items\":[{}]}"));
	CHECK(!takes("{\"a\":tru}"));
}

/* A line with something of everything the readers look at. */
static const char line[] =
    "{\"kind\":\"Event\",\"auditID\":\"a1\",\"requestURI\":"
    "\"/api/v1/pods?limit=500\\u0026watch=1\",\"user\":{\"username\":"
    "\"alice\\\"\\\\\\/\\n\\t\\u00e9\\ud83d\\ude00\",\"username\":\"bob\"},"
    "\"sourceIPs\":[\"10.0.0.1\",\"::1\"],\"objectRef\":{\"n\\u0061me\":"
    "\"web-1\",\"resource\":\"pods\"},\"responseStatus\":{\"code\":201,"
    "\"real\":1.5,\"neg\":-7},\"requestObject\":{\"spec\":{\"big\":["
    "{\"x\":\"\\\"}]\"}]},\"gracePeriodSeconds\":30},\"auditID\":\"a2\","
    "\"requestReceivedTimestamp\":\"2026-05-12T09:00:00.123456Z\"}";

/* The paths of line the test reads both ways. */
static const char *const paths[] = {
	"kind", "auditID", "requestURI", "user.username", "objectRef.name",
	"objectRef.resource", "responseStatus.code", "responseStatus.real",
	"responseStatus.neg", "requestObject.gracePeriodSeconds",
	"requestObject.spec.big", "missing", "user.missing", "kind.deeper",
	"requestReceivedTimestamp",
};

static void
test_jsonlite_same_values(void)
{
	struct jl_doc	 d;
	struct jl	 root, v, j;
	json_t		*parsed;
	size_t		 i;
	char		 a[80], b[80];

	jl_doc_init(&d);
	parsed = json_loads(line, 0, NULL);
	CHECK(parsed != NULL);
	CHECK(jl_doc_load(&d, line, strlen(line), &root) == 0);
	j = jl_of(parsed, &d);
	for (i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		v = jl_get(&root, paths[i]);
		CHECK(jl_present(&v) == (kj_get(parsed, paths[i]) != NULL));
		if (jl_str(&root, paths[i], NULL) != NULL ||
		    kj_str(parsed, paths[i]) != NULL)
			CHECK_STR(jl_str(&root, paths[i], NULL),
			    kj_str(parsed, paths[i]));
		CHECK(jl_int(&root, paths[i], -99) ==
		    kj_int(parsed, paths[i], -99));
		CHECK(jl_int(&root, paths[i], -99) == jl_int(&j, paths[i],
		    -99));
		if (jl_present(&v)) {
			kj_show(jl_json(&v), a, sizeof a);
			kj_show(kj_get(parsed, paths[i]), b, sizeof b);
			CHECK_STR(a, b);
		}
	}
	/* duplicate keys: the last one, as jansson keeps it */
	CHECK_STR(jl_str(&root, "auditID", NULL), "a2");
	CHECK_STR(jl_str(&root, "user.username", NULL), "bob");
	v = jl_get(&root, "sourceIPs");
	CHECK(jl_size(&v) == 2);
	v = jl_at(&v, 1);
	CHECK_STR(jl_str(&v, NULL, NULL), "::1");
	v = jl_get(&root, "requestObject.spec");
	CHECK(json_equal(jl_json(&v), kj_get(parsed, "requestObject.spec")));
	json_decref(parsed);
	jl_doc_free(&d);
}

static void
test_jsonlite_decoded(void)
{
	struct jl_doc	 d;
	struct jl	 root;
	json_t		*parsed;
	const char	 escaped[] = "{\"s\":\"a\\\"\\\\\\/\\b\\f\\n\\r\\t"
	    "\\u00e9\\u20ac\\ud83d\\ude00z\"}";
	const char	*s;
	size_t		 n;

	jl_doc_init(&d);
	parsed = json_loads(escaped, 0, NULL);
	CHECK(jl_doc_load(&d, escaped, strlen(escaped), &root) == 0);
	s = jl_str(&root, "s", &n);
	CHECK(n == json_string_length(json_object_get(parsed, "s")));
	CHECK(s != NULL && memcmp(s, json_string_value(json_object_get(
	    parsed, "s")), n) == 0);
	json_decref(parsed);
	jl_doc_free(&d);
}

const struct unit_test jsonlite_tests[] = {
	{ "jsonlite_takes", test_jsonlite_takes },
	{ "jsonlite_same_values", test_jsonlite_same_values },
	{ "jsonlite_decoded", test_jsonlite_decoded },
	{ NULL, NULL }
};
