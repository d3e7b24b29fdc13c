/*
 * gen-time.h: the calendar the bench generators of tests/bench/ share
 * (gen-nginx.c, gen-k8s.c, gen-big.c): civil dates and RFC 3339 times
 * from seconds since the epoch, UTC.  Included by each generator's one
 * source file, so that each stays a stand-alone program that links
 * nothing but libc.
 */
#ifndef GEN_TIME_H
#define GEN_TIME_H

#include <stdio.h>

/* Days since 1970-01-01 to a civil date (proleptic Gregorian). */
static inline void
civil(long long days, int *y, int *m, int *d)
{
	long long	z = days + 719468, era, doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

/* Seconds since the epoch as "2026-05-12T08:00:00Z" (t >= 0). */
static inline void
rfc3339(long long t, char *out, size_t len)
{
	int	y, m, d;

	civil(t / 86400, &y, &m, &d);
	snprintf(out, len, "%04d-%02d-%02dT%02lld:%02lld:%02lldZ", y, m, d,
	    t % 86400 / 3600, t % 3600 / 60, t % 60);
}

#endif
