/*
 * test-yamlsplit.c: YAML's types as kubectl reads them (go-yaml v2 into
 * interface{}, then JSON), through ys_load_string.
 */
#include <stdlib.h>

#include "unit.h"
#include "yamlsplit.h"

/* The compact JSON of yaml's value, or "error". */
static char *
as_json(const char *yaml)
{
	json_t	*v;
	char	*cause, *s;

	if (ys_load_string(yaml, strlen(yaml), &v, &cause) != 0) {
		free(cause);
		return (strdup("error"));
	}
	s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT | JSON_SORT_KEYS |
	    JSON_REAL_PRECISION(6));
	json_decref(v);
	return (s);
}

static void
check(const char *yaml, const char *want)
{
	char	*got = as_json(yaml);

	if (strcmp(got, want) != 0) {
		fprintf(stderr, "YAML %s: got %s, want %s\n", yaml, got, want);
		unit_failed++;
	}
	free(got);
}

static void
test_yaml_scalars(void)
{
	check("", "null");
	check("~", "null");
	check("Null", "null");
	check("yes", "true");
	check("On", "true");
	check("n", "false");
	check("OFF", "false");
	check("\"yes\"", "\"yes\"");
	check("'on'", "\"on\"");
	check("yess", "\"yess\"");
	check("42", "42");
	check("+42", "42");
	check("-42", "-42");
	check("1_000", "1000");
	check("0x1F", "31");
	check("0o17", "15");
	check("012", "10");
	check("08", "8");		/* not octal: read as the float 8 */
	check("0b101", "5");
	check("-0b101", "-5");
	check("9223372036854775807", "9223372036854775807");
	check("-9223372036854775808", "-9223372036854775808");
	check("9223372036854775808", "9.22337e18");
	check("1.5", "1.5");
	check("30.0", "30");
	check("1e3", "1000");
	check(".5", "0.5");
	check("1e400", "\"1e400\"");
	check("1.2.3", "\"1.2.3\"");
	check("0x", "\"0x\"");
	check("2018-12-02T08:09:25Z", "\"2018-12-02T08:09:25Z\"");
	check("2018-12-02", "\"2018-12-02\"");
	check("12:30", "\"12:30\"");
	check(".inf", "error");
	check("-.Inf", "error");
	check(".nan", "error");
	check("|\n  sleep 25\n", "\"sleep 25\\n\"");
	check(">-\n  a\n  b\n", "\"a b\"");
}

static void
test_yaml_tags(void)
{
	check("!!str 12", "\"12\"");
	check("!!int \"12\"", "12");
	check("!!float 3", "3");
	check("!!float 3.5", "3.5");
	check("!!bool yes", "true");
	check("!!null ~", "null");
	check("!!int abc", "error");
	check("!!bool 1", "error");
	check("!Ref 12", "\"12\"");
	check("! 12", "\"12\"");
	check("!!binary aGk=", "\"aGk=\"");
}

static void
test_yaml_keys(void)
{
	check("{yes: a, 1: b, 1.5: c, 1e6: d, 0x10: e}",
	    "{\"1\":\"b\",\"1.5\":\"c\",\"16\":\"e\",\"1e+06\":\"d\","
	    "\"true\":\"a\"}");
	check("{0.0001: a, 100.0: b}", "{\"0.0001\":\"a\",\"100\":\"b\"}");
	check("{~: a}", "error");
	check("{9223372036854775808: a}", "error");
	check("{? [a, b] : c}", "error");
	check("{a: 1, a: 2}", "{\"a\":2}");
}

static void
test_yaml_aliases(void)
{
	check("{a: &x [1, 2], b: *x}", "{\"a\":[1,2],\"b\":[1,2]}");
	check("{a: *x}", "error");
	check("{k: &k key, *k : v}", "{\"k\":\"key\",\"key\":\"v\"}");
	/* go-yaml v2 merges in document order: what comes later wins */
	check("{a: 1, <<: {a: 2, b: 3}}", "{\"a\":2,\"b\":3}");
	check("{<<: {a: 2, b: 3}, a: 1}", "{\"a\":1,\"b\":3}");
	check("{<<: [{a: 1}, {a: 2, b: 2}]}", "{\"a\":1,\"b\":2}");
	check("{\"<<\": {a: 1}}", "{\"<<\":{\"a\":1}}");
	check("{<<: 3}", "error");
	check("a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
	    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
	    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	    "f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	    "g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	    "h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g, *g]\n", "error");
}

const struct unit_test yamlsplit_tests[] = {
	{ .name = "yaml scalars", .fn = test_yaml_scalars },
	{ .name = "yaml tags", .fn = test_yaml_tags },
	{ .name = "yaml keys", .fn = test_yaml_keys },
	{ .name = "yaml aliases", .fn = test_yaml_aliases },
	{ .name = NULL, .fn = NULL }
};
