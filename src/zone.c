/*
 * zone.c: zones for --tz (zone.h).  A fixed offset, or an IANA zone read
 * from its TZif file (RFC 8536: versions 1 to 4; the 64-bit data of
 * version 2 and later) with the POSIX TZ rule of its footer, which gives
 * the offsets after the file's last transition (slim files end their
 * table early and rely on it).
 *
 * It reads zoneinfo files and nothing else of the system: no TZ, no
 * localtime or mktime, no locale.  Civil dates come from timefmt.c's
 * arithmetic.  It knows nothing of inputs, records, SQLite or curses.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timefmt.h"
#include "util.h"
#include "zone.h"

#define ZONE_DIR	"/usr/share/zoneinfo"	/* unless $TZDIR */
#define ZONE_FILE_MAX	(1 << 20)	/* no TZif file is near this */
#define ZONE_NAME_MAX	255
#define S_PER_DAY	INT64_C(86400)
#define PROBE_S		INT64_C(90000)	/* 25 h: past any one change */

/* When a POSIX rule changes the clock: a day of the year, and a time. */
enum rule_day {
	RD_JULIAN1,		/* "Jn": day 1..365, February 29 not counted */
	RD_JULIAN0,		/* "n": day 0..365, February 29 counted */
	RD_MONTH		/* "Mm.w.d": weekday d of week w of month m */
};
struct rule_date {
	enum rule_day	 kind;
	int		 day;		/* Jn, n: the day */
	int		 month;		/* Mm.w.d: 1..12 */
	int		 week;		/* 1..5, 5 = the last */
	int		 wday;		/* 0 = Sunday .. 6 */
	int32_t		 time_s;	/* local time of the change, may be
					   negative or past 24 h */
};

/* The footer's rule: standard time, and summer time between two dates. */
struct zone_rule {
	int32_t		 std_off;	/* seconds east of UTC */
	int32_t		 dst_off;
	int		 has_dst;	/* else std_off all year */
	struct rule_date start;		/* summer time starts (in std time) */
	struct rule_date end;		/* and ends (in summer time) */
};

struct zone {
	char		*name;		/* as opened; owned */
	int64_t		*at;		/* transitions, Unix seconds,
					   ascending; owned */
	int32_t		*off;		/* the offset from each on; owned */
	size_t		 n;		/* transitions */
	int32_t		 first_off;	/* before the first (or always) */
	int		 has_rule;	/* after the last: the rule */
	struct zone_rule rule;
};

/* A read position in a TZif file. */
struct tzif {
	const unsigned char	*p;	/* the file's bytes; borrowed */
	size_t			 len;	/* how many */
	size_t			 off;	/* the next byte to read */
};

static int
tz_need(const struct tzif *f, size_t n)
{
	return (f->len - f->off >= n ? 0 : -1);
}

static int64_t
tz_be(const unsigned char *p, size_t n)
{
	uint64_t	v = 0;
	size_t		i;

	for (i = 0; i < n; i++)
		v = v << 8 | p[i];
	if (n == 4)
		return ((int32_t)(uint32_t)v);
	return ((int64_t)v);
}

/* The six counts of a TZif header, in the order of RFC 8536. */
enum { C_ISUT, C_ISSTD, C_LEAP, C_TIME, C_TYPE, C_CHAR };

static int
tz_header(struct tzif *f, int *version, uint32_t cnt[6])
{
	size_t	i;

	if (tz_need(f, 44) != 0 || memcmp(f->p + f->off, "TZif", 4) != 0)
		return (-1);
	*version = f->p[f->off + 4] == 0 ? 1 : f->p[f->off + 4] - '0';
	for (i = 0; i < 6; i++)
		cnt[i] = (uint32_t)tz_be(f->p + f->off + 20 + 4 * i, 4);
	f->off += 44;
	if (cnt[C_TYPE] == 0 || cnt[C_TYPE] > 256 ||
	    cnt[C_TIME] > ZONE_FILE_MAX || cnt[C_CHAR] > ZONE_FILE_MAX ||
	    cnt[C_LEAP] > ZONE_FILE_MAX ||
	    (cnt[C_ISUT] != 0 && cnt[C_ISUT] != cnt[C_TYPE]) ||
	    (cnt[C_ISSTD] != 0 && cnt[C_ISSTD] != cnt[C_TYPE]))
		return (-1);
	return (0);
}

/* Bytes of a data block after its header, with tsize-byte times. */
static size_t
tz_block(const uint32_t cnt[6], size_t tsize)
{
	return ((size_t)cnt[C_TIME] * (tsize + 1) + (size_t)cnt[C_TYPE] * 6 +
	    cnt[C_CHAR] + (size_t)cnt[C_LEAP] * (tsize + 4) + cnt[C_ISSTD] +
	    cnt[C_ISUT]);
}

/* Reads "[+-]hh[:mm[:ss]]" (hours up to max_h) as seconds. */
static int
rule_hms(const char **sp, int max_h, int32_t *out)
{
	const char	*s = *sp;
	int		 sign = 1, h = 0, m = 0, sec = 0, n;

	if (*s == '+' || *s == '-')
		sign = *s++ == '-' ? -1 : 1;
	for (n = 0; *s >= '0' && *s <= '9' && n < 3; n++)
		h = h * 10 + (*s++ - '0');
	if (n == 0 || h > max_h)
		return (-1);
	if (*s == ':') {
		s++;
		if (!(s[0] >= '0' && s[0] <= '5' && s[1] >= '0' && s[1] <= '9'))
			return (-1);
		m = (s[0] - '0') * 10 + s[1] - '0';
		s += 2;
		if (*s == ':') {
			s++;
			if (!(s[0] >= '0' && s[0] <= '5' && s[1] >= '0' &&
			    s[1] <= '9'))
				return (-1);
			sec = (s[0] - '0') * 10 + s[1] - '0';
			s += 2;
		}
	}
	*out = sign * (h * 3600 + m * 60 + sec);
	*sp = s;
	return (0);
}

/* Skips a zone abbreviation: "CET", or quoted "<+0530>". */
static int
rule_name(const char **sp)
{
	const char	*s = *sp;
	size_t		 n = 0;

	if (*s == '<') {
		while (*++s != '>' && *s != '\0')
			n++;
		if (*s != '>' || n < 3)
			return (-1);
		*sp = s + 1;
		return (0);
	}
	while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) {
		s++;
		n++;
	}
	if (n < 3)
		return (-1);
	*sp = s;
	return (0);
}

static int
rule_number(const char **sp, int lo, int hi, int *out)
{
	const char	*s = *sp;
	int		 v = 0, n;

	for (n = 0; *s >= '0' && *s <= '9' && n < 4; n++)
		v = v * 10 + (*s++ - '0');
	if (n == 0 || v < lo || v > hi)
		return (-1);
	*out = v;
	*sp = s;
	return (0);
}

/* ",Jn[/time]", ",n[/time]" or ",Mm.w.d[/time]" (default time 02:00). */
static int
rule_date(const char **sp, struct rule_date *d)
{
	const char	*s = *sp;

	if (*s++ != ',')
		return (-1);
	if (*s == 'J') {
		s++;
		d->kind = RD_JULIAN1;
		if (rule_number(&s, 1, 365, &d->day) != 0)
			return (-1);
	} else if (*s == 'M') {
		s++;
		d->kind = RD_MONTH;
		if (rule_number(&s, 1, 12, &d->month) != 0 || *s++ != '.' ||
		    rule_number(&s, 1, 5, &d->week) != 0 || *s++ != '.' ||
		    rule_number(&s, 0, 6, &d->wday) != 0)
			return (-1);
	} else {
		d->kind = RD_JULIAN0;
		if (rule_number(&s, 0, 365, &d->day) != 0)
			return (-1);
	}
	d->time_s = 2 * 3600;
	if (*s == '/') {
		s++;
		/* RFC 8536 allows -167 to 167 hours */
		if (rule_hms(&s, 167, &d->time_s) != 0)
			return (-1);
	}
	*sp = s;
	return (0);
}

/*
 * Parses a POSIX TZ string as TZif footers write it:
 * "CET-1CEST,M3.5.0,M10.5.0/3", "<+0530>-5:30", "EST5EDT,M3.2.0,M11.1.0".
 * Offsets in it are west of UTC; the rule's are east.
 */
static int
rule_parse(const char *s, struct zone_rule *r)
{
	int32_t	off;

	memset(r, 0, sizeof *r);
	if (rule_name(&s) != 0 || rule_hms(&s, 24, &off) != 0)
		return (-1);
	r->std_off = -off;
	if (*s == '\0')
		return (0);
	if (rule_name(&s) != 0)
		return (-1);
	r->has_dst = 1;
	r->dst_off = r->std_off + 3600;
	if (*s != ',' && *s != '\0') {
		if (rule_hms(&s, 24, &off) != 0)
			return (-1);
		r->dst_off = -off;
	}
	/* summer time without its dates: no rule a footer would write */
	if (rule_date(&s, &r->start) != 0 || rule_date(&s, &r->end) != 0)
		return (-1);
	return (*s == '\0' ? 0 : -1);
}

static int
is_leap(int64_t y)
{
	return ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0);
}

/* The year of a day counted from 1970-01-01. */
static int64_t
year_of(int64_t days)
{
	int64_t	y = 1970 + time_floor_div(days * 400, 146097);

	while (time_days_from_civil(y, 1, 1) > days)
		y--;
	while (time_days_from_civil(y + 1, 1, 1) <= days)
		y++;
	return (y);
}

/* The local seconds (from 1970, of the clock in effect) of d in year y. */
static int64_t
rule_when(const struct rule_date *d, int64_t y)
{
	int64_t	days, first, next;
	int	wday;

	switch (d->kind) {
	case RD_JULIAN1:
		days = time_days_from_civil(y, 1, 1) + d->day - 1 +
		    (is_leap(y) && d->day >= 60);
		break;
	case RD_JULIAN0:
		days = time_days_from_civil(y, 1, 1) + d->day;
		break;
	case RD_MONTH:
	default:
		first = time_days_from_civil(y, (unsigned)d->month, 1);
		next = d->month == 12 ? time_days_from_civil(y + 1, 1, 1) :
		    time_days_from_civil(y, (unsigned)d->month + 1, 1);
		/* 1970-01-01 was a Thursday */
		wday = (int)((first % 7 + 7 + 4) % 7);
		days = first + (d->wday - wday + 7) % 7 + 7 * (d->week - 1);
		while (days >= next)
			days -= 7;
		break;
	}
	return (days * S_PER_DAY + d->time_s);
}

/* The offset the rule gives at utc_s. */
static int32_t
rule_offset(const struct zone_rule *r, int64_t utc_s)
{
	int64_t	y, start, end;
	int	dst;

	if (!r->has_dst)
		return (r->std_off);
	y = year_of(time_floor_div(utc_s + r->std_off, S_PER_DAY));
	start = rule_when(&r->start, y) - r->std_off;
	end = rule_when(&r->end, y) - r->dst_off;
	if (start < end)
		dst = utc_s >= start && utc_s < end;
	else		/* the southern hemisphere: summer over new year */
		dst = !(utc_s >= end && utc_s < start);
	return (dst ? r->dst_off : r->std_off);
}

/*
 * Reads a TZif file into z.  Returns 0, or -1 with why (a static
 * string).
 */
static int
tzif_parse(struct zone *z, const unsigned char *p, size_t len,
    const char **why)
{
	struct tzif	 f = { .p = p, .len = len, .off = 0 };
	uint32_t	 cnt[6];
	const unsigned char *times, *idx, *types;
	size_t		 tsize = 4, i, footer;
	int		 version;
	char		 rule[256];

	*why = "not a zoneinfo (TZif) file";
	if (tz_header(&f, &version, cnt) != 0)
		return (-1);
	if (version >= 2) {
		/* skip the 32-bit block: the 64-bit one follows */
		if (tz_need(&f, tz_block(cnt, 4)) != 0)
			return (-1);
		f.off += tz_block(cnt, 4);
		if (tz_header(&f, &version, cnt) != 0)
			return (-1);
		tsize = 8;
	}
	if (tz_need(&f, tz_block(cnt, tsize)) != 0)
		return (-1);
	if (cnt[C_LEAP] != 0) {
		*why = "a zoneinfo file with leap seconds (right/...): use "
		    "the zone of the same name without right/";
		return (-1);
	}
	times = f.p + f.off;
	idx = times + (size_t)cnt[C_TIME] * tsize;
	types = idx + cnt[C_TIME];
	for (i = 0; i < cnt[C_TIME]; i++) {
		if (idx[i] >= cnt[C_TYPE])
			return (-1);
	}
	z->n = cnt[C_TIME];
	z->at = xreallocarray(NULL, z->n + 1, sizeof *z->at);
	z->off = xreallocarray(NULL, z->n + 1, sizeof *z->off);
	for (i = 0; i < z->n; i++) {
		z->at[i] = tz_be(times + i * tsize, tsize);
		z->off[i] = (int32_t)tz_be(types + 6 * idx[i], 4);
		if ((i > 0 && z->at[i] <= z->at[i - 1]) ||
		    z->off[i] < -25 * 3600 || z->off[i] > 26 * 3600)
			return (-1);
	}
	z->first_off = (int32_t)tz_be(types, 4);
	f.off += tz_block(cnt, tsize);
	/* the footer: "\nRULE\n" after the 64-bit block */
	if (version >= 2 && tz_need(&f, 2) == 0 && f.p[f.off] == '\n') {
		for (footer = f.off + 1; footer < f.len && f.p[footer] != '\n';
		    footer++)
			;
		if (footer < f.len && footer - f.off - 1 < sizeof rule) {
			memcpy(rule, f.p + f.off + 1, footer - f.off - 1);
			rule[footer - f.off - 1] = '\0';
			if (rule[0] != '\0' && rule_parse(rule, &z->rule) == 0)
				z->has_rule = 1;
		}
	}
	return (0);
}

/*
 * Whether name is an IANA zone name coroner will look up: letters,
 * digits, "_", "-", "+" and "/" between parts, never "." or an absolute
 * path, so that --tz cannot read a file outside the zoneinfo directory.
 */
static int
zone_name_ok(const char *name)
{
	const char	*p;

	if (*name == '\0' || *name == '/' || strlen(name) > ZONE_NAME_MAX)
		return (0);
	for (p = name; *p != '\0'; p++) {
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' ||
		    *p == '+')
			continue;
		if (*p == '/' && p[1] != '/' && p[1] != '\0')
			continue;
		return (0);
	}
	return (1);
}

/* Reads the zone file of name into z; -1 with a new *cause. */
static int
zone_load(struct zone *z, const char *name, char **cause)
{
	const char	*dir = getenv("TZDIR"), *why;
	unsigned char	*data;
	char		*path;
	FILE		*f;
	size_t		 len;

	if (dir == NULL || *dir == '\0')
		dir = ZONE_DIR;
	path = xasprintf("%s/%s", dir, name);
	if ((f = fopen(path, "rb")) == NULL) {
		*cause = xasprintf("unknown zone '%s' (%s: %s; give a zone "
		    "name such as Europe/Berlin, UTC or an offset such as "
		    "+02:00)", name, path, strerror(errno));
		free(path);
		return (-1);
	}
	data = xmalloc(ZONE_FILE_MAX);
	len = fread(data, 1, ZONE_FILE_MAX, f);
	if (ferror(f) || len == ZONE_FILE_MAX) {
		*cause = xasprintf("zone '%s': %s: %s", name, path, ferror(f) ?
		    "read error" : "too large for a zoneinfo file");
		fclose(f);
		free(data);
		free(path);
		return (-1);
	}
	fclose(f);
	if (tzif_parse(z, data, len, &why) != 0) {
		*cause = xasprintf("zone '%s': %s: %s", name, path, why);
		free(data);
		free(path);
		return (-1);
	}
	free(data);
	free(path);
	return (0);
}

int
zone_open(const char *spec, struct zone **out, char **cause)
{
	struct zone	*z;
	int		 off;

	z = xcalloc(1, sizeof *z);
	z->name = xstrdup(spec);
	if (time_parse_zone(spec, &off) == 0) {
		z->first_off = off;
		*out = z;
		return (0);
	}
	if (!zone_name_ok(spec)) {
		*cause = xasprintf("bad zone '%s' (a zone name such as "
		    "Europe/Berlin, UTC, or an offset such as +02:00)", spec);
		zone_free(z);
		return (-1);
	}
	if (zone_load(z, spec, cause) != 0) {
		zone_free(z);
		return (-1);
	}
	*out = z;
	return (0);
}

void
zone_free(struct zone *z)
{
	if (z == NULL)
		return;
	free(z->name);
	free(z->at);
	free(z->off);
	free(z);
}

const char *
zone_name(const struct zone *z)
{
	return (z->name);
}

int32_t
zone_offset_at(const struct zone *z, int64_t utc_s)
{
	size_t	lo = 0, hi = z->n, mid;

	if (z->n == 0 || utc_s < z->at[0])
		return (z->n == 0 && z->has_rule ?
		    rule_offset(&z->rule, utc_s) : z->first_off);
	if (utc_s >= z->at[z->n - 1] && z->has_rule)
		return (rule_offset(&z->rule, utc_s));
	/* the last transition at or before utc_s */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (z->at[mid] <= utc_s)
			lo = mid;
		else
			hi = mid;
	}
	return (z->off[lo]);
}

/*
 * The offsets a day before and a day after are the candidates: a change
 * between them (at most one in every zone's history that matters here)
 * makes the wall-clock time either repeated (both fit: the first) or
 * skipped (neither fits: the offset before).
 */
int64_t
zone_utc_of_local(const struct zone *z, int64_t local_s)
{
	int32_t	before, after;
	int64_t	a, b;
	int	a_fits, b_fits;

	before = zone_offset_at(z, local_s - PROBE_S);
	after = zone_offset_at(z, local_s + PROBE_S);
	a = local_s - before;
	b = local_s - after;
	a_fits = zone_offset_at(z, a) == before;
	b_fits = zone_offset_at(z, b) == after;
	if (a_fits && b_fits)
		return (a < b ? a : b);
	if (b_fits)
		return (b);
	return (a);
}
