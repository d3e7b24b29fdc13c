/*
 * test-zone.c: unit tests for zone.c: IANA zones read from the system's
 * zoneinfo (Europe/Berlin's spring forward and fall back, a zone without
 * summer time, the southern hemisphere, the footer rule past 2037), a
 * slim TZif file of only a footer under $TZDIR, fixed offsets, and names
 * refused with a message that names them.
 *
 * Expected values were computed independently with python3's zoneinfo
 * (datetime(..., tzinfo=ZoneInfo(zone), fold=0).timestamp()), not with
 * the code under test.  Needs the tzdata package (the Makefile's DEBS).
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "timefmt.h"
#include "unit.h"
#include "zone.h"

static void	test_berlin_offsets(void);
static void	test_berlin_local(void);
static void	test_berlin_parse(void);
static void	test_no_dst(void);
static void	test_southern(void);
static void	test_new_york(void);
static void	test_fixed(void);
static void	test_slim_footer(void);
static void	test_bad_names(void);
static void	test_not_tzif(void);

/* Opens a zone or fails the test; NULL when it could not. */
static struct zone *
open_zone(const char *name)
{
	struct zone	*z = NULL;
	char		*cause = NULL;

	if (zone_open(name, &z, &cause) != 0) {
		fprintf(stderr, "zone_open(%s): %s\n", name, cause);
		free(cause);
		unit_failed++;
		return (NULL);
	}
	return (z);
}

/* Wall-clock seconds of "YYYY-MM-DD hh:mm:ss" as if it were UTC. */
static int64_t
wall(const char *s)
{
	int64_t	us;

	if (time_parse_iso(s, strlen(s), NULL, &us) != 0)
		return (INT64_MIN);
	return (us / 1000000);
}

/* The UTC seconds of a zone-less time read in z, through timefmt. */
static int64_t
parsed(const char *s, const struct zone *z)
{
	int64_t	us;

	if (time_parse_iso(s, strlen(s), z, &us) != 0)
		return (INT64_MIN);
	return (us / 1000000);
}

static void
test_berlin_offsets(void)
{
	struct zone	*z = open_zone("Europe/Berlin");

	if (z == NULL)
		return;
	CHECK_STR(zone_name(z), "Europe/Berlin");
	/* 2026-03-29T01:00:00Z: CET (+1) becomes CEST (+2) */
	CHECK(zone_offset_at(z, 1774746000 - 1) == 3600);
	CHECK(zone_offset_at(z, 1774746000) == 7200);
	/* 2026-10-25T01:00:00Z: back to CET */
	CHECK(zone_offset_at(z, 1792890000 - 1) == 7200);
	CHECK(zone_offset_at(z, 1792890000) == 3600);
	/* 1970 was CET all year */
	CHECK(zone_offset_at(z, 0) == 3600);
	zone_free(z);
}

static void
test_berlin_local(void)
{
	struct zone	*z = open_zone("Europe/Berlin");

	if (z == NULL)
		return;
	/* the last second of CET, the first of CEST */
	CHECK(zone_utc_of_local(z, wall("2026-03-29 01:59:59")) ==
	    1774745999);
	CHECK(zone_utc_of_local(z, wall("2026-03-29 03:00:00")) ==
	    1774746000);
	/* 02:30 never happened: read with the offset before (CET) */
	CHECK(zone_utc_of_local(z, wall("2026-03-29 02:30:00")) ==
	    1774747800);
	/* 02:30 happened twice: the first (CEST) */
	CHECK(zone_utc_of_local(z, wall("2026-10-25 02:30:00")) ==
	    1792888200);
	CHECK(zone_utc_of_local(z, wall("2026-10-25 03:00:00")) ==
	    1792893600);
	CHECK(zone_utc_of_local(z, wall("2026-07-01 12:00:00")) ==
	    1782900000);
	CHECK(zone_utc_of_local(z, wall("2026-01-15 12:00:00")) ==
	    1768474800);
	CHECK(zone_utc_of_local(z, wall("1970-01-01 00:00:00")) == -3600);
	/* past the file's table: the footer's rule */
	CHECK(zone_utc_of_local(z, wall("2040-07-01 12:00:00")) ==
	    2224749600);
	CHECK(zone_utc_of_local(z, wall("2040-03-25 02:30:00")) ==
	    2216251800);
	zone_free(z);
}

/* Through the parsers, as the importers read zone-less times. */
static void
test_berlin_parse(void)
{
	struct zone	*z = open_zone("Europe/Berlin");
	int64_t		 us;

	if (z == NULL)
		return;
	CHECK(parsed("2026-07-01 12:00:00", z) == 1782900000);
	CHECK(parsed("2026-01-15T12:00:00", z) == 1768474800);
	CHECK(parsed("2026-10-25 02:30:00", z) == 1792888200);
	/* a written zone wins over --tz */
	CHECK(parsed("2026-07-01 12:00:00Z", z) == 1782907200);
	CHECK(parsed("2026-07-01 12:00:00+05:00", z) == 1782889200);
	/* the fraction is kept */
	CHECK(time_parse_any("2026-07-01 12:00:00.250", 23, z, &us) == 0);
	CHECK(us == INT64_C(1782900000250000));
	zone_free(z);
}

static void
test_no_dst(void)
{
	struct zone	*z = open_zone("Asia/Kolkata");

	if (z == NULL)
		return;
	CHECK(zone_utc_of_local(z, wall("2026-05-12 09:00:00")) ==
	    1778556600);
	CHECK(zone_offset_at(z, 1778556600) == 19800);
	CHECK(zone_offset_at(z, 2224749600) == 19800);
	zone_free(z);
}

static void
test_southern(void)
{
	struct zone	*z = open_zone("Australia/Sydney");

	if (z == NULL)
		return;
	/* summer (+11) in January, winter (+10) in July */
	CHECK(zone_utc_of_local(z, wall("2026-01-15 12:00:00")) ==
	    1768438800);
	CHECK(zone_utc_of_local(z, wall("2026-07-15 12:00:00")) ==
	    1784080800);
	CHECK(zone_utc_of_local(z, wall("2041-01-15 12:00:00")) ==
	    2241824400);
	zone_free(z);
}

static void
test_new_york(void)
{
	struct zone	*z = open_zone("America/New_York");

	if (z == NULL)
		return;
	/* the skipped 02:30 with EST (-5), the repeated 01:30 first EDT */
	CHECK(zone_utc_of_local(z, wall("2026-03-08 02:30:00")) ==
	    1772955000);
	CHECK(zone_utc_of_local(z, wall("2026-11-01 01:30:00")) ==
	    1793511000);
	zone_free(z);
}

static void
test_fixed(void)
{
	struct zone	*z;

	if ((z = open_zone("+02:00")) != NULL) {
		CHECK(zone_offset_at(z, 0) == 7200);
		CHECK(zone_utc_of_local(z, 7200) == 0);
		zone_free(z);
	}
	if ((z = open_zone("-0530")) != NULL) {
		CHECK(zone_offset_at(z, 1778556600) == -19800);
		zone_free(z);
	}
	if ((z = open_zone("UTC")) != NULL) {
		CHECK(zone_utc_of_local(z, 1778556600) == 1778556600);
		zone_free(z);
	}
}

/* Appends a big-endian 32-bit value. */
static size_t
be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
	return (4);
}

/*
 * A TZif version 2 file with no transition at all, one type (CET) and
 * a footer: as slim files are for zones whose rule never changed.
 */
static size_t
slim_file(unsigned char *p, const char *footer)
{
	size_t	n = 0, i, k;

	for (k = 0; k < 2; k++) {
		memcpy(p + n, "TZif2", 5);
		memset(p + n + 5, 0, 15);
		n += 20;
		/* isutcnt isstdcnt leapcnt timecnt typecnt charcnt */
		for (i = 0; i < 4; i++)
			n += be32(p + n, 0);
		n += be32(p + n, 1);
		n += be32(p + n, 4);
		n += be32(p + n, 3600);		/* utoff */
		p[n++] = 0;			/* isdst */
		p[n++] = 0;			/* desigidx */
		memcpy(p + n, "CET", 4);
		n += 4;
	}
	p[n++] = '\n';
	memcpy(p + n, footer, strlen(footer));
	n += strlen(footer);
	p[n++] = '\n';
	return (n);
}

/* Writes a file of n bytes; 0 or -1. */
static int
write_file(const char *path, const void *p, size_t n)
{
	FILE	*f = fopen(path, "wb");
	int	 rc;

	if (f == NULL)
		return (-1);
	rc = fwrite(p, 1, n, f) == n ? 0 : -1;
	if (fclose(f) != 0)
		rc = -1;
	return (rc);
}

/*
 * A private $TZDIR with one file, in $TMPDIR; returns its directory
 * (static), or NULL having failed the test.
 */
static const char *
tzdir_with(const char *name, const void *p, size_t n)
{
	static char	 dir[512];
	const char	*tmp = getenv("TMPDIR");
	char		 path[600];

	snprintf(dir, sizeof dir, "%s/coroner-zone-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : P_tmpdir);
	if (mkdtemp(dir) == NULL) {
		fprintf(stderr, "cannot make a directory %s\n", dir);
		unit_failed++;
		return (NULL);
	}
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (write_file(path, p, n) != 0) {
		fprintf(stderr, "cannot write %s\n", path);
		unit_failed++;
		rmdir(dir);
		return (NULL);
	}
	return (dir);
}

static void
tzdir_done(const char *dir, const char *name)
{
	char	path[600];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	unlink(path);
	rmdir(dir);
}

static void
test_slim_footer(void)
{
	unsigned char	 file[256];
	const char	*dir, *old = getenv("TZDIR");
	char		*saved = old != NULL ? strdup(old) : NULL;
	struct zone	*z;
	size_t		 n;

	n = slim_file(file, "CET-1CEST,M3.5.0,M10.5.0/3");
	if ((dir = tzdir_with("Slim", file, n)) == NULL) {
		free(saved);
		return;
	}
	setenv("TZDIR", dir, 1);
	if ((z = open_zone("Slim")) != NULL) {
		/* the rule alone gives Berlin's 2026 */
		CHECK(zone_offset_at(z, 1774746000 - 1) == 3600);
		CHECK(zone_offset_at(z, 1774746000) == 7200);
		CHECK(zone_offset_at(z, 1792890000 - 1) == 7200);
		CHECK(zone_offset_at(z, 1792890000) == 3600);
		CHECK(zone_utc_of_local(z, wall("2026-10-25 02:30:00")) ==
		    1792888200);
		zone_free(z);
	}
	tzdir_done(dir, "Slim");
	if (saved != NULL)
		setenv("TZDIR", saved, 1);
	else
		unsetenv("TZDIR");
	free(saved);
}

/* zone_open(name) fails and its message holds want. */
static void
refused(const char *name, const char *want)
{
	struct zone	*z = NULL;
	char		*cause = NULL;

	CHECK(zone_open(name, &z, &cause) == -1);
	CHECK(z == NULL);
	if (cause == NULL || strstr(cause, want) == NULL) {
		fprintf(stderr, "zone_open(%s): '%s' lacks '%s'\n", name,
		    cause != NULL ? cause : "(null)", want);
		unit_failed++;
	}
	free(cause);
}

static void
test_bad_names(void)
{
	refused("Europe/Nowhere", "unknown zone 'Europe/Nowhere'");
	refused("Mars/Olympus_Mons", "Mars/Olympus_Mons");
	/* never a file outside the zoneinfo directory */
	refused("../../etc/passwd", "bad zone '../../etc/passwd'");
	refused("/etc/localtime", "bad zone '/etc/localtime'");
	refused("Europe//Berlin", "bad zone");
	refused("", "bad zone");
	refused("+25:00", "bad zone");
}

static void
test_not_tzif(void)
{
	const char	*dir, *old = getenv("TZDIR");
	char		*saved = old != NULL ? strdup(old) : NULL;
	unsigned char	 file[256];

	if ((dir = tzdir_with("Text", "hello\n", 6)) == NULL) {
		free(saved);
		return;
	}
	setenv("TZDIR", dir, 1);
	refused("Text", "not a zoneinfo (TZif) file");
	tzdir_done(dir, "Text");
	/* a file cut in its data block */
	(void)slim_file(file, "CET-1");
	if ((dir = tzdir_with("Cut", file, 50)) != NULL) {
		setenv("TZDIR", dir, 1);
		refused("Cut", "not a zoneinfo (TZif) file");
		tzdir_done(dir, "Cut");
	}
	if (saved != NULL)
		setenv("TZDIR", saved, 1);
	else
		unsetenv("TZDIR");
	free(saved);
}

const struct unit_test zone_tests[] = {
	{ "zone_berlin_offsets", test_berlin_offsets },
	{ "zone_berlin_local", test_berlin_local },
	{ "zone_berlin_parse", test_berlin_parse },
	{ "zone_no_dst", test_no_dst },
	{ "zone_southern", test_southern },
	{ "zone_new_york", test_new_york },
	{ "zone_fixed", test_fixed },
	{ "zone_slim_footer", test_slim_footer },
	{ "zone_bad_names", test_bad_names },
	{ "zone_not_tzif", test_not_tzif },
	{ NULL, NULL }
};
