/*
 * hostport.c: upstream addresses as access logs write them (accesslog.h).
 * Knows nothing of SQLite or curses.
 */
#include <arpa/inet.h>
#include <string.h>

#include "accesslog.h"

/*
 * Whether s[0..n) is dotted-quad IPv4 as inet_pton(AF_INET) takes it:
 * four numbers of at most 255, no leading zero.  -1: not digits and
 * dots alone, for inet_pton to judge (an IPv6 address).
 */
static int
is_ipv4(const char *s, size_t n)
{
	unsigned	v = 0;
	size_t		i, digits = 0, dots = 0;
	int		ok = 1;

	for (i = 0; i < n; i++) {
		if (s[i] == '.') {
			if (digits == 0 || ++dots > 3)
				ok = 0;
			digits = v = 0;
		} else if ((unsigned)(s[i] - '0') <= 9) {
			if ((digits > 0 && v == 0) ||
			    (v = v * 10 + (unsigned)(s[i] - '0')) > 255)
				ok = 0;
			digits++;
		} else
			return (-1);
	}
	return (ok && dots == 3 && digits > 0);
}

/* Whether s[0..n) is a numeric IPv4 or IPv6 address. */
static int
is_ip(const char *s, size_t n, int *v6)
{
	unsigned char	buf[sizeof(struct in6_addr)];
	char		tmp[64];
	int		four;

	if (n == 0 || n >= sizeof tmp)
		return (0);
	/* the usual upstream, without a copy and two calls */
	if ((four = is_ipv4(s, n)) >= 0) {
		*v6 = 0;
		return (four);
	}
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	if (inet_pton(AF_INET, tmp, buf) == 1) {
		*v6 = 0;
		return (1);
	}
	if (inet_pton(AF_INET6, tmp, buf) == 1) {
		*v6 = 1;
		return (1);
	}
	return (0);
}

/*
 * Whether s[0..n) is an IPv6 address with a zone ("fe80::1%eth0", RFC
 * 4007): link-local addresses are only meaningful with theirs, so the
 * zone is kept as part of the address.
 */
static int
is_zoned_ip(const char *s, size_t n)
{
	const char	*pct = memchr(s, '%', n);
	size_t		 i;
	int		 v6;

	if (pct == NULL || pct + 1 == s + n || !is_ip(s, (size_t)(pct - s),
	    &v6) || !v6)
		return (0);
	for (i = (size_t)(pct - s) + 1; i < n; i++) {
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '.' ||
		    s[i] == '_' || s[i] == '-' || s[i] == '~'))
			return (0);
	}
	return (1);
}

/* Parses a port of 1-5 digits up to 65535; INT_NONE when not one. */
static int64_t
port_of(const char *s, size_t n)
{
	int64_t	p = 0;
	size_t	i;

	if (n == 0 || n > 5)
		return (INT_NONE);
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (INT_NONE);
		p = p * 10 + (s[i] - '0');
	}
	return (p <= 65535 ? p : INT_NONE);
}

static int
put_ip(const char *s, size_t n, char *ip, size_t iplen)
{
	if (n >= iplen)
		return (0);
	memcpy(ip, s, n);
	ip[n] = '\0';
	return (1);
}

int
al_hostport(const char *s, size_t n, char *ip, size_t iplen,
    int64_t *port)
{
	const char	*colon, *close;
	int		 v6;

	*port = INT_NONE;
	if (n == 0 || iplen == 0)
		return (0);
	ip[0] = '\0';
	if (s[0] == '[') {
		close = memchr(s, ']', n);
		if (close == NULL || ((!is_ip(s + 1, (size_t)(close - s - 1),
		    &v6) || !v6) && !is_zoned_ip(s + 1,
		    (size_t)(close - s - 1))))
			return (0);
		if ((size_t)(close - s) + 1 < n) {
			if (close[1] != ':')
				return (0);
			*port = port_of(close + 2, n - (size_t)(close - s) - 2);
			if (*port == INT_NONE)
				return (0);
		}
		return (put_ip(s + 1, (size_t)(close - s - 1), ip, iplen));
	}
	/*
	 * An IPv6 address has two colons at least: with one, the text is
	 * HOST:PORT (the usual "10.0.1.5:8080"), with none a bare IPv4
	 * address or no address.
	 */
	colon = memchr(s, ':', n);
	if (colon == NULL || memchr(colon + 1, ':', n - (size_t)(colon - s) -
	    1) != NULL) {
		if (is_ip(s, n, &v6) || is_zoned_ip(s, n))
			return (put_ip(s, n, ip, iplen));
		return (0);
	}
	if (!is_ip(s, (size_t)(colon - s), &v6) || v6)
		return (0);
	*port = port_of(colon + 1, n - (size_t)(colon - s) - 1);
	if (*port == INT_NONE)
		return (0);
	return (put_ip(s, (size_t)(colon - s), ip, iplen));
}

int
al_looks_like_ip(const char *s, size_t n)
{
	size_t	i;
	int	sep = 0;

	if (n > 0 && s[0] == '[')
		return (1);		/* brackets hold IPv6 addresses only */
	for (i = 0; i < n; i++) {
		if (s[i] == '%')
			return (sep);	/* a zone: any name follows */
		if (s[i] == '.' || s[i] == ':')
			sep = 1;
		else if (!((unsigned)(s[i] - '0') <= 9 || (s[i] >= 'a' &&
		    s[i] <= 'f') || (s[i] >= 'A' && s[i] <= 'F') ||
		    s[i] == '[' || s[i] == ']'))
			return (0);
	}
	return (sep);
}
