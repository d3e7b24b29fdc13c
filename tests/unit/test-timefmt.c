/*
 * test-timefmt.c: unit tests for timefmt.c, every parser, the zone parser,
 * the civil-date arithmetic and time_format.
 *
 * Expected values were computed independently (python3 calendar.timegm
 * and date -u), not with the code under test.  Every parse goes through a
 * heap copy of exactly the input bytes, without a NUL, so that the
 * sanitizer catches any read past len.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "timefmt.h"
#include "unit.h"
#include "zone.h"

#define S(x)	((int64_t)(x) * INT64_C(1000000))

/* 2026-05-12T09:00:03Z, checked with date -u -d @1778576403. */
#define T0	S(1778576403)

/* A value no parser returns, to see that failures leave *us alone. */
#define UNSET	INT64_C(-42)

enum parser {
	P_ISO,
	P_CLF,
	P_EPOCH,
	P_ANY
};

static int	 run(enum parser, const char *, size_t, int, int64_t *);
static int	 iso(const char *, int, int64_t *);
static int	 clf(const char *, int64_t *);
static int	 epoch(const char *, int64_t *);
static int	 any(const char *, int64_t *);
static int64_t	 iso_us(const char *, int);
static void	 test_days_from_civil(void);
static void	 test_days_walk(void);
static void	 test_iso_basic(void);
static void	 test_iso_offsets(void);
static void	 test_iso_fraction(void);
static void	 test_iso_leap(void);
static void	 test_iso_range(void);
static void	 test_iso_negative(void);
static void	 test_clf(void);
static void	 test_clf_months(void);
static void	 test_clf_garbage(void);
static void	 test_epoch(void);
static void	 test_epoch_garbage(void);
static void	 test_any(void);
static void	 test_zone(void);
static void	 test_zone_garbage(void);
static void	 test_format(void);
static void	 test_format_negative(void);
static void	 test_round_trip(void);
static void	 test_garbage(void);
static void	 test_len(void);

/*
 * Parses the first n bytes of s from a heap copy holding only them;
 * zone-less times are off_s east of UTC (a fixed zone from zone_open of
 * "+hh:mm", or NULL for 0).
 */
static int
run(enum parser p, const char *s, size_t n, int off_s, int64_t *us)
{
	struct zone	*tz = NULL;
	char		*copy, spec[16], *cause = NULL;
	int		 rv = -1, a = off_s < 0 ? -off_s : off_s;

	if (off_s != 0) {
		snprintf(spec, sizeof spec, "%c%02d:%02d", off_s < 0 ? '-' :
		    '+', a / 3600, a / 60 % 60);
		if (zone_open(spec, &tz, &cause) != 0)
			abort();
	}
	copy = malloc(n == 0 ? 1 : n);
	if (copy == NULL)
		abort();
	memcpy(copy, s, n);
	switch (p) {
	case P_ISO:
		rv = time_parse_iso(copy, n, tz, us);
		break;
	case P_CLF:
		rv = time_parse_clf(copy, n, us);
		break;
	case P_EPOCH:
		rv = time_parse_epoch(copy, n, us);
		break;
	case P_ANY:
		rv = time_parse_any(copy, n, tz, us);
		break;
	}
	free(copy);
	zone_free(tz);
	return (rv);
}

static int
iso(const char *s, int off_s, int64_t *us)
{
	return (run(P_ISO, s, strlen(s), off_s, us));
}

static int
clf(const char *s, int64_t *us)
{
	return (run(P_CLF, s, strlen(s), 0, us));
}

static int
epoch(const char *s, int64_t *us)
{
	return (run(P_EPOCH, s, strlen(s), 0, us));
}

static int
any(const char *s, int64_t *us)
{
	return (run(P_ANY, s, strlen(s), 0, us));
}

/* The ISO parse of s, or UNSET if it fails. */
static int64_t
iso_us(const char *s, int off_s)
{
	int64_t	us = UNSET;

	if (iso(s, off_s, &us) != 0)
		return (UNSET);
	return (us);
}

static void
test_days_from_civil(void)
{
	CHECK(time_days_from_civil(1970, 1, 1) == 0);
	CHECK(time_days_from_civil(1970, 1, 2) == 1);
	CHECK(time_days_from_civil(1969, 12, 31) == -1);
	CHECK(time_days_from_civil(2026, 5, 12) == 20585);
	CHECK(time_days_from_civil(2000, 3, 1) == 11017);
	CHECK(time_days_from_civil(2024, 2, 29) == 19782);
	CHECK(time_days_from_civil(2024, 3, 1) == 19783);
	CHECK(time_days_from_civil(1600, 1, 1) == -135140);
	CHECK(time_days_from_civil(1, 1, 1) == -719162);
	CHECK(time_days_from_civil(0, 3, 1) == -719468);
}

/*
 * Walks every day from 1599-01-01 to 2401-12-31 with its own month
 * lengths and checks that consecutive dates are consecutive days.
 */
static void
test_days_walk(void)
{
	static const unsigned	 mdays[12] = {
		[0] = 31, [1] = 28, [2] = 31, [3] = 30, [4] = 31, [5] = 30,
		[6] = 31, [7] = 31, [8] = 30, [9] = 31, [10] = 30, [11] = 31,
	};
	int64_t			 expect, y;
	unsigned		 m, d, len;
	int			 bad = 0;

	expect = time_days_from_civil(1599, 1, 1);
	CHECK(expect == -135505);
	for (y = 1599; y <= 2401; y++) {
		for (m = 1; m <= 12; m++) {
			len = mdays[m - 1];
			if (m == 2 && (y % 400 == 0 ||
			    (y % 4 == 0 && y % 100 != 0)))
				len = 29;
			for (d = 1; d <= len; d++) {
				if (time_days_from_civil(y, m, d) != expect)
					bad++;
				expect++;
			}
		}
	}
	CHECK(bad == 0);
	CHECK(expect == time_days_from_civil(2402, 1, 1));
}

static void
test_iso_basic(void)
{
	int64_t	us;

	us = UNSET;
	CHECK(iso("2026-05-12T09:00:03Z", 0, &us) == 0);
	CHECK(us == T0);
	CHECK(iso_us("2026-05-12t09:00:03z", 0) == T0);
	CHECK(iso_us("2026-05-12 09:00:03Z", 0) == T0);
	CHECK(iso_us("2026-05-12 09:00:03.250+00:00", 0) == T0 + 250000);
	CHECK(iso_us("2026-05-12T09:00:03.250Z", 0) == T0 + 250000);
	CHECK(iso_us("1970-01-01T00:00:00Z", 0) == 0);
	CHECK(iso_us("2000-02-29T12:34:56Z", 0) == S(951827696));

	/* No zone: the default offset, seconds east of UTC. */
	CHECK(iso_us("2026-05-12T09:00:03", 0) == T0);
	CHECK(iso_us("2026-05-12 09:00:03", 7200) == T0 - S(7200));
	CHECK(iso_us("2026-05-12 09:00:03.5", -19800) ==
	    T0 + S(19800) + 500000);
	/* An explicit zone wins over the default. */
	CHECK(iso_us("2026-05-12T09:00:03Z", 7200) == T0);
	CHECK(iso_us("2026-05-12T09:00:03+00:00", 7200) == T0);
}

static void
test_iso_offsets(void)
{
	CHECK(iso_us("2026-05-12T09:00:03+02:00", 0) == T0 - S(7200));
	CHECK(iso_us("2026-05-12T09:00:03+0200", 0) == T0 - S(7200));
	CHECK(iso_us("2026-05-12T09:00:03-05:30", 0) == T0 + S(19800));
	CHECK(iso_us("2026-05-12T09:00:03-0530", 0) == T0 + S(19800));
	CHECK(iso_us("2026-05-12T09:00:03+05:45", 0) == T0 - S(20700));
	CHECK(iso_us("2026-05-12T09:00:03-00:00", 0) == T0);
	CHECK(iso_us("2026-05-12T09:00:03+0000", 0) == T0);
	CHECK(iso_us("2026-05-12T09:00:03+23:59", 0) == T0 - S(86340));
	CHECK(iso_us("2026-05-12T09:00:03-23:59", 0) == T0 + S(86340));
	CHECK(iso_us("2026-05-12T09:00:03.125-0800", 0) ==
	    T0 + S(28800) + 125000);
	/* The offset can move the time to another day. */
	CHECK(iso_us("2026-05-13T01:00:03+16:00", 0) == T0);

	CHECK(iso_us("2026-05-12T09:00:03+24:00", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03-2400", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+02:60", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+02", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+2:00", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+02:0", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+020", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03+02:000", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03 +02:00", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03Z+02:00", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03UTC", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03ZZ", 0) == UNSET);
}

static void
test_iso_fraction(void)
{
	CHECK(iso_us("2026-05-12T09:00:03Z", 0) == T0);
	CHECK(iso_us("2026-05-12T09:00:03.1Z", 0) == T0 + 100000);
	CHECK(iso_us("2026-05-12T09:00:03.12Z", 0) == T0 + 120000);
	CHECK(iso_us("2026-05-12T09:00:03.123Z", 0) == T0 + 123000);
	CHECK(iso_us("2026-05-12T09:00:03.1234Z", 0) == T0 + 123400);
	CHECK(iso_us("2026-05-12T09:00:03.12345Z", 0) == T0 + 123450);
	CHECK(iso_us("2026-05-12T09:00:03.123456Z", 0) == T0 + 123456);
	CHECK(iso_us("2026-05-12T09:00:03.1234567Z", 0) == T0 + 123456);
	CHECK(iso_us("2026-05-12T09:00:03.12345678Z", 0) == T0 + 123456);
	CHECK(iso_us("2026-05-12T09:00:03.123456789Z", 0) == T0 + 123456);
	/* Truncated, never rounded up into the next second. */
	CHECK(iso_us("2026-05-12T09:00:03.999999999Z", 0) == T0 + 999999);
	CHECK(iso_us("2026-05-12T09:00:03.000000999Z", 0) == T0);
	CHECK(iso_us("2026-05-12T09:00:03.000001Z", 0) == T0 + 1);
	CHECK(iso_us("2026-05-12T09:00:03.0Z", 0) == T0);
	CHECK(iso_us("2026-05-12T09:00:03.000000000+02:00", 0) ==
	    T0 - S(7200));
	CHECK(iso_us("2026-05-12T09:00:03.5", 0) == T0 + 500000);

	CHECK(iso_us("2026-05-12T09:00:03.1234567890Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03.Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03.", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03,250Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03.25xZ", 0) == UNSET);
	CHECK(iso_us("2026-05-12T09:00:03..25Z", 0) == UNSET);
}

static void
test_iso_leap(void)
{
	CHECK(iso_us("2024-02-29T00:00:00Z", 0) == S(1709164800));
	CHECK(iso_us("2024-02-28T00:00:00Z", 0) == S(1709164800 - 86400));
	CHECK(iso_us("2024-03-01T00:00:00Z", 0) == S(1709164800 + 86400));
	CHECK(iso_us("2000-02-29T00:00:00Z", 0) == S(951782400));
	CHECK(iso_us("2400-02-29T00:00:00Z", 0) != UNSET);
	CHECK(iso_us("2023-02-29T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("1900-02-29T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2100-02-29T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2024-02-30T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2023-02-28T23:59:59Z", 0) != UNSET);
	CHECK(iso_us("2026-04-30T00:00:00Z", 0) != UNSET);
	CHECK(iso_us("2026-04-31T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-06-31T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-09-31T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-11-31T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-01-31T00:00:00Z", 0) != UNSET);
	CHECK(iso_us("2026-01-32T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-12-31T23:59:59Z", 0) != UNSET);
}

static void
test_iso_range(void)
{
	CHECK(iso_us("0001-01-01T00:00:00Z", 0) == S(-62135596800));
	CHECK(iso_us("9999-12-31T23:59:59.999999Z", 0) ==
	    S(253402300799) + 999999);
	CHECK(iso_us("0000-12-31T00:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-00-12T09:00:03Z", 0) == UNSET);
	CHECK(iso_us("2026-13-12T09:00:03Z", 0) == UNSET);
	CHECK(iso_us("2026-05-00T09:00:03Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T24:00:00Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T23:60:00Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T23:59:60Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T23:59:99Z", 0) == UNSET);
	CHECK(iso_us("2026-05-12T23:59:59Z", 0) == S(1778630399));
	CHECK(iso_us("2026-05-12T00:00:00Z", 0) == S(1778544000));
}

static void
test_iso_negative(void)
{
	CHECK(iso_us("1969-12-31T23:59:59Z", 0) == S(-1));
	CHECK(iso_us("1969-12-31T23:59:59.5Z", 0) == -500000);
	CHECK(iso_us("1969-12-31T23:59:59.999999Z", 0) == -1);
	CHECK(iso_us("1969-07-20T20:17:40Z", 0) == S(-14182940));
	CHECK(iso_us("1900-01-01T00:00:00Z", 0) == S(-2208988800));
	CHECK(iso_us("1970-01-01T00:59:59+01:00", 0) == S(-1));
	CHECK(iso_us("1970-01-01 00:00:00", 3600) == S(-3600));
}

static void
test_clf(void)
{
	int64_t	us;

	us = UNSET;
	CHECK(clf("12/May/2026:09:00:00 +0200", &us) == 0);
	CHECK(us == S(1778569200));
	CHECK(clf("12/May/2026:09:00:03 +0000", &us) == 0);
	CHECK(us == T0);
	CHECK(clf("12/May/2026:09:00:00 -0700", &us) == 0);
	CHECK(us == S(1778601600));
	CHECK(clf("12/May/2026:09:00:00 +02:00", &us) == 0);
	CHECK(us == S(1778569200));
	CHECK(clf("12/may/2026:09:00:03 +0000", &us) == 0);
	CHECK(us == T0);
	CHECK(clf("12/MAY/2026:09:00:03 +0000", &us) == 0);
	CHECK(us == T0);
	CHECK(clf("29/Feb/2024:00:00:00 +0000", &us) == 0);
	CHECK(us == S(1709164800));
	CHECK(clf("31/Dec/1969:23:59:59 +0000", &us) == 0);
	CHECK(us == S(-1));
	CHECK(clf("01/Jan/1970:05:30:00 +0530", &us) == 0);
	CHECK(us == 0);
}

/* Every month name against the ISO parser for the same date. */
static void
test_clf_months(void)
{
	static const char *const names[12] = {
		[0] = "Jan", [1] = "Feb", [2] = "Mar", [3] = "Apr",
		[4] = "May", [5] = "Jun", [6] = "Jul", [7] = "Aug",
		[8] = "Sep", [9] = "Oct", [10] = "Nov", [11] = "Dec",
	};
	char		 a[64], b[64];
	int64_t		 ua, ub;
	int		 i;

	for (i = 0; i < 12; i++) {
		snprintf(a, sizeof a, "28/%s/2025:13:14:15 -0100", names[i]);
		snprintf(b, sizeof b, "2025-%02d-28T13:14:15-01:00", i + 1);
		ua = ub = UNSET;
		CHECK(clf(a, &ua) == 0);
		CHECK(iso(b, 0, &ub) == 0);
		CHECK(ua == ub);
		CHECK(ua != UNSET);
	}
}

static void
test_clf_garbage(void)
{
	static const char *const bad[] = {
		"",
		"12/Mai/2026:09:00:00 +0200",
		"12/Ma/2026:09:00:00 +0200",
		"1/May/2026:09:00:00 +0200",
		"12/May/26:09:00:00 +0200",
		"12/May/2026:09:00:00",
		"12/May/2026:09:00:00 ",
		"12/May/2026:09:00:00  +0200",
		"12/May/2026:09:00:00 +2400",
		"12/May/2026:09:00:00 0200",
		"12/May/2026:09:00:00 +0200 ",
		"12/May/2026 09:00:00 +0200",
		"[12/May/2026:09:00:00 +0200]",
		"31/Apr/2026:09:00:00 +0200",
		"29/Feb/2023:09:00:00 +0200",
		"12/May/2026:24:00:00 +0200",
		"12/May/2026:09:00:60 +0200",
		"12/May/2026:09:00:00.5 +0200",
		"12/May/0000:09:00:00 +0200",
		"12/May/",
		"12/M",
	};
	size_t		 i;
	int64_t		 us;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		us = UNSET;
		if (clf(bad[i], &us) != -1 || us != UNSET) {
			fprintf(stderr, "accepted CLF \"%s\"\n", bad[i]);
			unit_failed++;
		}
	}
}

static void
test_epoch(void)
{
	int64_t	us;

	us = UNSET;
	CHECK(epoch("1715504400", &us) == 0);
	CHECK(us == S(1715504400));
	CHECK(epoch("1778576403", &us) == 0);
	CHECK(us == T0);
	CHECK(epoch("1715504400.25", &us) == 0);
	CHECK(us == S(1715504400) + 250000);
	CHECK(epoch("1715504400.123456789", &us) == 0);
	CHECK(us == S(1715504400) + 123456);
	CHECK(epoch("1715504400.0", &us) == 0);
	CHECK(us == S(1715504400));
	CHECK(epoch("1715504400123", &us) == 0);
	CHECK(us == S(1715504400) + 123000);
	CHECK(epoch("0000000000", &us) == 0);
	CHECK(us == 0);
	CHECK(epoch("0000000000001", &us) == 0);
	CHECK(us == 1000);
	/* Milliseconds up to the end of 9999. */
	CHECK(epoch("253402300799999", &us) == 0);
	CHECK(us == S(253402300799) + 999000);
}

static void
test_epoch_garbage(void)
{
	static const char *const bad[] = {
		"",
		"0",
		"171550440",
		"17155044001",
		"171550440012",
		"253402300800000",
		"1715504400123456",
		"99999999999999999999999999",
		"-1715504400",
		"+1715504400",
		"1715504400.",
		"1715504400.1234567890",
		"1715504400123.5",
		"1715504400x",
		" 1715504400",
		"1715504400 ",
		"1715504400e3",
		"1.715504400",
		"17155O4400",
	};
	size_t		 i;
	int64_t		 us;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		us = UNSET;
		if (epoch(bad[i], &us) != -1 || us != UNSET) {
			fprintf(stderr, "accepted epoch \"%s\"\n", bad[i]);
			unit_failed++;
		}
	}
}

static void
test_any(void)
{
	int64_t	us;

	us = UNSET;
	CHECK(any("2026-05-12T09:00:03Z", &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(any("2026-05-12 09:00:03.250+00:00", &us) == 0);
	CHECK(us == T0 + 250000);
	us = UNSET;
	CHECK(any("12/May/2026:09:00:03 +0000", &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(any("1778576403", &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(any("1778576403.25", &us) == 0);
	CHECK(us == T0 + 250000);
	us = UNSET;
	CHECK(any("1778576403250", &us) == 0);
	CHECK(us == T0 + 250000);
	/* The default offset reaches the ISO parser. */
	us = UNSET;
	CHECK(run(P_ANY, "2026-05-12T11:00:03", 19, 7200, &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(any("yesterday", &us) == -1);
	CHECK(us == UNSET);
}

static void
test_zone(void)
{
	int	off;

	off = 1;
	CHECK(time_parse_zone("UTC", &off) == 0 && off == 0);
	off = 1;
	CHECK(time_parse_zone("utc", &off) == 0 && off == 0);
	off = 1;
	CHECK(time_parse_zone("GMT", &off) == 0 && off == 0);
	off = 1;
	CHECK(time_parse_zone("Z", &off) == 0 && off == 0);
	off = 1;
	CHECK(time_parse_zone("z", &off) == 0 && off == 0);
	CHECK(time_parse_zone("+02:00", &off) == 0 && off == 7200);
	CHECK(time_parse_zone("+0200", &off) == 0 && off == 7200);
	CHECK(time_parse_zone("+2", &off) == 0 && off == 7200);
	CHECK(time_parse_zone("+02", &off) == 0 && off == 7200);
	CHECK(time_parse_zone("-2", &off) == 0 && off == -7200);
	CHECK(time_parse_zone("-0530", &off) == 0 && off == -19800);
	CHECK(time_parse_zone("-05:30", &off) == 0 && off == -19800);
	CHECK(time_parse_zone("+5:30", &off) == 0 && off == 19800);
	CHECK(time_parse_zone("+05:45", &off) == 0 && off == 20700);
	CHECK(time_parse_zone("+23:59", &off) == 0 && off == 86340);
	CHECK(time_parse_zone("-23", &off) == 0 && off == -82800);
	off = 1;
	CHECK(time_parse_zone("+0", &off) == 0 && off == 0);
	off = 1;
	CHECK(time_parse_zone("-00:00", &off) == 0 && off == 0);
}

static void
test_zone_garbage(void)
{
	static const char *const bad[] = {
		"",
		"+",
		"-",
		"2",
		"02:00",
		"+24",
		"+2400",
		"-24:00",
		"+02:60",
		"+0260",
		"+123",
		"+12345",
		"+2:0",
		"+02:",
		"+02:00x",
		"+02:00 ",
		" +02:00",
		"EST",
		"UTC ",
		"UT",
		"UTC+2",
		"ZZ",
		"+a",
		"Europe/Paris",
	};
	size_t		 i;
	int		 off;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		off = 12345;
		if (time_parse_zone(bad[i], &off) != -1 || off != 12345) {
			fprintf(stderr, "accepted zone \"%s\"\n", bad[i]);
			unit_failed++;
		}
	}
	off = 12345;
	CHECK(time_parse_zone(NULL, &off) == -1 && off == 12345);
}

static void
test_format(void)
{
	char	out[TIME_FMT_LEN];

	CHECK_STR(time_format(TIME_NONE, out), "-");
	CHECK(time_format(0, out) == out);
	CHECK_STR(time_format(0, out), "1970-01-01T00:00:00.000Z");
	CHECK_STR(time_format(T0, out), "2026-05-12T09:00:03.000Z");
	CHECK_STR(time_format(T0 + 250000, out), "2026-05-12T09:00:03.250Z");
	/* Milliseconds are truncated, not rounded. */
	CHECK_STR(time_format(T0 + 250999, out), "2026-05-12T09:00:03.250Z");
	CHECK_STR(time_format(T0 + 999999, out), "2026-05-12T09:00:03.999Z");
	CHECK_STR(time_format(T0 + 1, out), "2026-05-12T09:00:03.000Z");
	CHECK_STR(time_format(S(951827696), out),
	    "2000-02-29T12:34:56.000Z");
	CHECK_STR(time_format(S(1709164800), out),
	    "2024-02-29T00:00:00.000Z");
	CHECK_STR(time_format(S(1778630399), out),
	    "2026-05-12T23:59:59.000Z");
	CHECK_STR(time_format(S(1767225600) - 1, out),
	    "2025-12-31T23:59:59.999Z");
	CHECK_STR(time_format(S(253402300799) + 999999, out),
	    "9999-12-31T23:59:59.999Z");
	CHECK_STR(time_format(S(-62135596800), out),
	    "0001-01-01T00:00:00.000Z");

	/* Extremes must not crash or overflow the buffer. */
	time_format(INT64_MAX, out);
	CHECK(strlen(out) < TIME_FMT_LEN);
	CHECK_STR(out, "+294247-01-10T04:00:54.775Z");
	time_format(INT64_MIN + 1, out);
	CHECK(strlen(out) < TIME_FMT_LEN);
	CHECK_STR(out, "-290308-12-21T19:59:05.224Z");
}

static void
test_format_negative(void)
{
	char	out[TIME_FMT_LEN];

	CHECK_STR(time_format(-1, out), "1969-12-31T23:59:59.999Z");
	CHECK_STR(time_format(-999, out), "1969-12-31T23:59:59.999Z");
	CHECK_STR(time_format(-1000, out), "1969-12-31T23:59:59.999Z");
	CHECK_STR(time_format(-1001, out), "1969-12-31T23:59:59.998Z");
	CHECK_STR(time_format(-500000, out), "1969-12-31T23:59:59.500Z");
	CHECK_STR(time_format(S(-1), out), "1969-12-31T23:59:59.000Z");
	CHECK_STR(time_format(S(-86400), out), "1969-12-31T00:00:00.000Z");
	CHECK_STR(time_format(S(-86400) - 1, out),
	    "1969-12-30T23:59:59.999Z");
	CHECK_STR(time_format(S(-14182940), out),
	    "1969-07-20T20:17:40.000Z");
	CHECK_STR(time_format(S(-2208988800), out),
	    "1900-01-01T00:00:00.000Z");
	CHECK_STR(time_format(S(-2208988800) - 1, out),
	    "1899-12-31T23:59:59.999Z");
	CHECK_STR(time_format(S(-62135596800) - 1, out),
	    "0000-12-31T23:59:59.999Z");
}

/*
 * Format then parse, across the whole range 0001..9999: the parse gives
 * back the time with its microseconds cut to milliseconds.
 */
static void
test_round_trip(void)
{
	char	out[TIME_FMT_LEN];
	int64_t	first, last, us, back, step;
	int	bad = 0, n = 0;

	first = S(-62135596800);
	last = S(253402300799) + 999999;
	/* An odd step so that every field takes many values. */
	step = S(86400) * 997 + S(3601) + 1234567;
	for (us = first; us <= last; us += step) {
		time_format(us, out);
		back = UNSET;
		if (iso(out, 3600, &back) != 0 ||
		    back != us - (us % 1000 + 1000) % 1000) {
			if (bad++ < 5)
				fprintf(stderr, "round trip %lld: %s\n",
				    (long long)us, out);
		}
		n++;
	}
	CHECK(bad == 0);
	CHECK(n > 3000);

	/* Around the epoch, millisecond by millisecond over both sides. */
	for (us = -S(2) - 7; us <= S(2); us += 333) {
		time_format(us, out);
		back = UNSET;
		CHECK(iso(out, 0, &back) == 0);
		CHECK(back <= us && us - back < 1000 && back % 1000 == 0);
	}

	time_format(S(1709164800) + 7000, out);
	CHECK_STR(out, "2024-02-29T00:00:00.007Z");
	CHECK(iso_us(out, 0) == S(1709164800) + 7000);
}

/* Things that must never parse as a time, whatever the format. */
static void
test_garbage(void)
{
	static const char *const bad[] = {
		"",
		" ",
		"-",
		"Z",
		"2026",
		"2026-05",
		"2026-05-12",
		"2026-05-12T",
		"2026-05-12T09",
		"2026-05-12T09:00",
		"2026-05-12T09:00Z",
		"2026-05-12T09:00:0Z",
		"2026-5-12T09:00:03Z",
		"2026-05-1T09:00:03Z",
		"26-05-12T09:00:03Z",
		"02026-05-12T09:00:03Z",
		"2026-O5-12T09:00:03Z",
		"2026-05-12T09:0a:03Z",
		"2026-05-12X09:00:03Z",
		"2026/05/12T09:00:03Z",
		"2026-05-12T09:00:03Zjunk",
		"2026-05-12T09:00:03Z ",
		" 2026-05-12T09:00:03Z",
		"2026-05-12T09:00:03\n",
		"2026-05-12  09:00:03Z",
		"2026-05-12T09:00:03.250+00:00:00",
		"2026-05-12T-9:00:03Z",
		"2026-05-12T09:00:03+-2:00",
		"9999-99-99T99:99:99Z",
		"abcd-ef-ghTij:kl:mnZ",
		"12/May/2026:09:00:00 +0200]",
		"May 12 09:00:03",
		"Tue, 12 May 2026 09:00:03 GMT",
		"-1",
		"NaN",
		"1e9",
	};
	size_t		 i;
	int64_t		 us;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		us = UNSET;
		if (any(bad[i], &us) != -1 || us != UNSET) {
			fprintf(stderr, "accepted \"%s\"\n", bad[i]);
			unit_failed++;
		}
		us = UNSET;
		if (iso(bad[i], 0, &us) != -1 || us != UNSET) {
			fprintf(stderr, "ISO accepted \"%s\"\n", bad[i]);
			unit_failed++;
		}
	}
	/* An embedded NUL is garbage too, not an end. */
	us = UNSET;
	CHECK(run(P_ANY, "2026-05-12T09:00:03Z\0", 21, 0, &us) == -1);
	CHECK(us == UNSET);
	CHECK(run(P_ANY, "1778576403\0", 11, 0, &us) == -1);
	CHECK(us == UNSET);
	CHECK(time_parse_iso(NULL, 0, 0, &us) == -1);
	CHECK(time_parse_any(NULL, 0, 0, &us) == -1);
	CHECK(us == UNSET);
}

/* Only s[0..len) counts: what follows is never looked at. */
static void
test_len(void)
{
	const char	*line = "2026-05-12T09:00:03Z GET /healthz 200";
	const char	*frac = "2026-05-12T09:00:03.250Z";
	const char	*ep = "1778576403250 pod=web-1";
	const char	*nginx = "12/May/2026:09:00:03 +0000] \"GET /\"";
	int64_t		 us;

	us = UNSET;
	CHECK(run(P_ISO, line, 20, 0, &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(run(P_ANY, line, 20, 0, &us) == 0);
	CHECK(us == T0);
	/* Cut before the zone: zone-less, so the default offset applies. */
	us = UNSET;
	CHECK(run(P_ISO, line, 19, 3600, &us) == 0);
	CHECK(us == T0 - S(3600));
	/* Cut inside a field, or one byte too far. */
	us = UNSET;
	CHECK(run(P_ISO, line, 18, 0, &us) == -1);
	CHECK(run(P_ISO, line, 21, 0, &us) == -1);
	CHECK(run(P_ISO, line, 0, 0, &us) == -1);
	CHECK(us == UNSET);

	/* Cut inside the fraction: fewer digits. */
	CHECK(run(P_ISO, frac, 21, 0, &us) == 0);
	CHECK(us == T0 + 200000);
	us = UNSET;
	CHECK(run(P_ISO, frac, 20, 0, &us) == -1);
	CHECK(us == UNSET);
	CHECK(run(P_ISO, frac, 23, 0, &us) == 0);
	CHECK(us == T0 + 250000);

	CHECK(run(P_EPOCH, ep, 13, 0, &us) == 0);
	CHECK(us == T0 + 250000);
	CHECK(run(P_EPOCH, ep, 10, 0, &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(run(P_EPOCH, ep, 14, 0, &us) == -1);
	CHECK(run(P_EPOCH, ep, 12, 0, &us) == -1);
	CHECK(us == UNSET);

	CHECK(run(P_CLF, nginx, 26, 0, &us) == 0);
	CHECK(us == T0);
	us = UNSET;
	CHECK(run(P_CLF, nginx, 27, 0, &us) == -1);
	CHECK(run(P_CLF, nginx, 25, 0, &us) == -1);
	CHECK(us == UNSET);
}

/* Floor division: times before 1970 fall in the second that holds them. */
static void
test_time_floor_div(void)
{
	CHECK(time_floor_div(0, 1000000) == 0);
	CHECK(time_floor_div(1999999, 1000000) == 1);
	CHECK(time_floor_div(-1, 1000000) == -1);
	CHECK(time_floor_div(-1000000, 1000000) == -1);
	CHECK(time_floor_div(-1000001, 1000000) == -2);
	CHECK(time_floor_div(-61, 60) == -2);
	CHECK(time_floor_div(119, 60) == 1);
}

const struct unit_test timefmt_tests[] = {
	{ "time_floor_div", test_time_floor_div },
	{ "timefmt_days_from_civil", test_days_from_civil },
	{ "timefmt_days_walk", test_days_walk },
	{ "timefmt_iso_basic", test_iso_basic },
	{ "timefmt_iso_offsets", test_iso_offsets },
	{ "timefmt_iso_fraction", test_iso_fraction },
	{ "timefmt_iso_leap", test_iso_leap },
	{ "timefmt_iso_range", test_iso_range },
	{ "timefmt_iso_negative", test_iso_negative },
	{ "timefmt_clf", test_clf },
	{ "timefmt_clf_months", test_clf_months },
	{ "timefmt_clf_garbage", test_clf_garbage },
	{ "timefmt_epoch", test_epoch },
	{ "timefmt_epoch_garbage", test_epoch_garbage },
	{ "timefmt_any", test_any },
	{ "timefmt_zone", test_zone },
	{ "timefmt_zone_garbage", test_zone_garbage },
	{ "timefmt_format", test_format },
	{ "timefmt_format_negative", test_format_negative },
	{ "timefmt_round_trip", test_round_trip },
	{ "timefmt_garbage", test_garbage },
	{ "timefmt_len", test_len },
	{ NULL, NULL }
};
