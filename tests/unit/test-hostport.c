/*
 * test-hostport.c: upstream addresses as access logs write them.
 */
#include "accesslog.h"
#include "unit.h"

static void
check(const char *s, int ok, const char *ip, int64_t port)
{
	char	got[64];
	int64_t	p;
	int	r;

	r = al_hostport(s, strlen(s), got, sizeof got, &p);
	if (r != ok) {
		fprintf(stderr, "al_hostport(\"%s\") = %d\n", s, r);
		unit_failed++;
		return;
	}
	if (ok) {
		CHECK_STR(got, ip);
		CHECK(p == port);
	}
}

static void
test_hostport(void)
{
	check("10.0.1.5:8080", 1, "10.0.1.5", 8080);
	check("10.0.1.5", 1, "10.0.1.5", INT_NONE);
	check("[2a02:cf40::7]:5000", 1, "2a02:cf40::7", 5000);
	check("[fd00::1]", 1, "fd00::1", INT_NONE);
	check("fd00::1", 1, "fd00::1", INT_NONE);
	check("unix:/run/app.sock", 0, NULL, 0);
	check("-", 0, NULL, 0);
	check("", 0, NULL, 0);
	check("web.shop.svc:80", 0, NULL, 0);
	check("10.0.1.5:99999", 0, NULL, 0);
	check("10.0.1.5:", 0, NULL, 0);
	check("10.0.1.256:80", 0, NULL, 0);
	check("[10.0.1.5]:80", 0, NULL, 0);
	check("[fd00::1]x80", 0, NULL, 0);
}

const struct unit_test hostport_tests[] = {
	{ "hostport", test_hostport },
	{ NULL, NULL }
};
