/*
 * test-hostport.c: upstream addresses as access logs write them.
 */
#include <arpa/inet.h>

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

/*
 * Digits and dots are judged without inet_pton: the same answer as it
 * gives, on the edges and on 200,000 strings drawn from digits, dots and
 * colons (IPv6 addresses begin with digits too).
 */
static void
test_hostport_ipv4(void)
{
	static const char *const edges[] = { "0.0.0.0", "255.255.255.255",
	    "256.0.0.0", "1.2.3.255", "1.2.3.256", "01.2.3.4", "1.2.3.00",
	    "1.2.3.0", "1.2.3", "1.2.3.4.", ".1.2.3.4", "1..2.3", "1.2.3.4.5",
	    "1234.1.1.1", "0", ".", "...", "9.9.9.9", "10.0.0.1",
	    "2001:db8:100::44", "1::1", "300::", "::ffff:10.0.0.1", NULL };
	const char	alphabet[] = "0125689.:";
	unsigned char	addr[4], v6[16];
	char		s[20], ip[64];
	uint32_t	seed = 1;
	int64_t		port;
	int		i, k, n, want, got;

	for (i = 0; edges[i] != NULL; i++) {
		want = inet_pton(AF_INET, edges[i], addr) == 1 ||
		    inet_pton(AF_INET6, edges[i], v6) == 1;
		got = al_hostport(edges[i], strlen(edges[i]), ip, sizeof ip,
		    &port);
		if (got != want) {
			fprintf(stderr, "\"%s\": %d, inet_pton %d\n", edges[i],
			    got, want);
			unit_failed++;
		}
	}
	for (i = 0; i < 200000; i++) {
		seed = seed * 1103515245u + 12345u;
		n = 1 + (int)((seed >> 16) % 16);
		for (k = 0; k < n; k++) {
			seed = seed * 1103515245u + 12345u;
			s[k] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		s[n] = '\0';
		/* a bare address: with one colon it is HOST:PORT */
		if (strchr(s, ':') != NULL && strchr(s, ':') == strrchr(s, ':'))
			continue;
		want = inet_pton(AF_INET, s, addr) == 1 ||
		    inet_pton(AF_INET6, s, v6) == 1;
		got = al_hostport(s, (size_t)n, ip, sizeof ip, &port);
		if (got != want) {
			fprintf(stderr, "\"%s\": %d, inet_pton %d\n", s, got,
			    want);
			unit_failed++;
			return;
		}
		if (want)
			CHECK_STR(ip, s);
	}
}

const struct unit_test hostport_tests[] = {
	{ "hostport", test_hostport },
	{ "hostport_ipv4", test_hostport_ipv4 },
	{ NULL, NULL }
};
