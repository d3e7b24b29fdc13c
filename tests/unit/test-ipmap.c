/*
 * test-ipmap.c: the IP -> pod lookup when a later pod reuses an IP.
 */
#include "ipmap.h"
#include "timefmt.h"
#include "unit.h"

#define S(x)	((int64_t)(x) * 1000000)

static void
test_ipmap_reuse(void)
{
	const struct row_pod_ip	 rows[] = {
		{ "10.0.0.9", "new", "shop", S(150), TIME_NONE },
		{ "10.0.0.5", "old", "shop", S(0), S(100) },
		{ "10.0.0.5", "new", "shop", S(150), TIME_NONE },
		{ "10.0.0.7", "other", "shop", S(10), S(20) },
	};
	struct ipmap		*m = ipmap_new(rows, 4);
	int			 exact;

	CHECK_STR(ipmap_lookup(m, "10.0.0.5", S(50), NULL, &exact), "old");
	CHECK(exact == 1);
	CHECK_STR(ipmap_lookup(m, "10.0.0.5", S(100), NULL, &exact), "old");
	CHECK(exact == 1);
	/* after old's end, before new's start: still old, not exact */
	CHECK_STR(ipmap_lookup(m, "10.0.0.5", S(120), NULL, &exact), "old");
	CHECK(exact == 0);
	CHECK_STR(ipmap_lookup(m, "10.0.0.5", S(150), NULL, &exact), "new");
	CHECK(exact == 1);
	CHECK_STR(ipmap_lookup(m, "10.0.0.5", S(9999), NULL, &exact), "new");
	CHECK(ipmap_lookup(m, "10.0.0.5", S(-5), NULL, &exact) == NULL);
	CHECK(ipmap_lookup(m, "10.0.0.6", S(50), NULL, &exact) == NULL);
	CHECK_STR(ipmap_lookup(m, "10.0.0.7", S(15), NULL, &exact), "other");
	CHECK(ipmap_lookup(m, "10.0.0.8", S(15), NULL, &exact) == NULL);
	ipmap_free(m);
}

static void
test_ipmap_overlap(void)
{
	/* estimates can overlap: the later start wins inside both */
	const struct row_pod_ip	 rows[] = {
		{ "fd00::5", "a", "shop", S(0), S(200) },
		{ "fd00::5", "b", "pay", S(100), S(300) },
	};
	struct ipmap		*m = ipmap_new(rows, 2);
	int			 exact;

	CHECK_STR(ipmap_lookup(m, "fd00::5", S(50), NULL, &exact), "a");
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(150), NULL, &exact), "b");
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(250), NULL, &exact), "b");
	CHECK(exact == 1);
	/* the log names the namespace: the older holder wins */
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(150), "shop", &exact), "a");
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(150), "shop-web-80", &exact),
	    "a");
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(150), "pay", &exact), "b");
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(150), "shopping", &exact),
	    "b");
	/* outside the overlap the hint changes nothing */
	CHECK_STR(ipmap_lookup(m, "fd00::5", S(250), "shop", &exact), "b");
	ipmap_free(m);
}

const struct unit_test ipmap_tests[] = {
	{ "ipmap_reuse", test_ipmap_reuse },
	{ "ipmap_overlap", test_ipmap_overlap },
	{ NULL, NULL }
};
