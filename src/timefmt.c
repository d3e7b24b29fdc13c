/*
 * timefmt.c: turns the time formats coroner reads (RFC 3339 and its
 * "YYYY-MM-DD HH:MM:SS" cousin, nginx $time_local, epoch numbers and --tz
 * zones) into int64_t microseconds since the Unix epoch, UTC, and formats
 * them back.
 *
 * It must not know about sources, events or the terminal, and it must not
 * ask the C library about time: no mktime, localtime, timegm, strptime or
 * TZ, no locale.  Civil dates are converted with the arithmetic below; a
 * zone-less time is placed by the --tz zone (zone.c), a pure lookup.
 * Inputs are byte ranges, not strings: nothing past s[len - 1] is read.
 */

#include <stdio.h>
#include <string.h>

#include "timefmt.h"
#include "zone.h"

#define US_PER_S	INT64_C(1000000)
#define S_PER_DAY	INT64_C(86400)

/* Days from 0000-03-01 to 1970-01-01 in the proleptic Gregorian calendar. */
#define EPOCH_SHIFT	INT64_C(719468)
#define DAYS_PER_400Y	INT64_C(146097)
#define DAYS_PER_100Y	36524		/* a century without its last Feb 29 */
#define DAYS_PER_4Y	1461

/* The largest time any parser returns: 9999-12-31T23:59:59.999999Z. */
#define TIME_MAX_US	INT64_C(253402300799999999)

/* Days before each month of a year that starts on March 1 (0 = March). */
static const unsigned march_days[12] = {
	[0] = 0,	/* Mar */
	[1] = 31,	/* Apr */
	[2] = 61,	/* May */
	[3] = 92,	/* Jun */
	[4] = 122,	/* Jul */
	[5] = 153,	/* Aug */
	[6] = 184,	/* Sep */
	[7] = 214,	/* Oct */
	[8] = 245,	/* Nov */
	[9] = 275,	/* Dec */
	[10] = 306,	/* Jan */
	[11] = 337,	/* Feb */
};

/* English month abbreviations of nginx $time_local, January first. */
static const char *const month_names[12] = {
	[0] = "Jan", [1] = "Feb", [2] = "Mar", [3] = "Apr",
	[4] = "May", [5] = "Jun", [6] = "Jul", [7] = "Aug",
	[8] = "Sep", [9] = "Oct", [10] = "Nov", [11] = "Dec",
};

/* A read position in s[0..len). */
struct cursor {
	const char	*s;
	size_t		 len;
	size_t		 off;
};

static int64_t	 floor_div(int64_t, int64_t);
static void	 civil_from_days(int64_t, int64_t *, unsigned *, unsigned *);
static int	 is_leap(unsigned);
static unsigned	 month_length(unsigned, unsigned);
static int	 to_lower(int);
static int	 same_word(const char *, size_t, const char *);
static int	 cur_end(const struct cursor *);
static int	 cur_peek(const struct cursor *);
static int	 cur_char(struct cursor *, char);
static size_t	 cur_digits(const struct cursor *);
static int	 cur_number(struct cursor *, size_t, unsigned *);
static int	 cur_fraction(struct cursor *, int64_t *);
static int	 cur_offset(struct cursor *, int *);
static int	 cur_month(struct cursor *, unsigned *);
static char	*put_digits(char *, uint64_t, size_t);
static int	 make_time(unsigned, unsigned, unsigned, unsigned, unsigned,
		     unsigned, int64_t, int64_t, const struct zone *,
		     int64_t *);

/* Rounds toward minus infinity; b must be positive. */
static int64_t
floor_div(int64_t a, int64_t b)
{
	int64_t	q = a / b;

	if (a % b < 0)
		q--;
	return (q);
}

/*
 * Counts in years that begin on March 1, so that the leap day is the last
 * day of its year and the month lengths before it never change.
 */
int64_t
time_days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t		cycles, yc;
	unsigned	mi;

	if (m <= 2) {
		y--;
		mi = m + 9;
	} else
		mi = m - 3;
	if (mi > 11)
		mi = 11;	/* no range check, but never index out */

	cycles = floor_div(y, 400);
	yc = y - cycles * 400;		/* 0..399 */
	/* Years yc of the cycle hold the Feb 29 of calendar years 1..yc. */
	return (cycles * DAYS_PER_400Y + yc * 365 + yc / 4 - yc / 100 +
	    march_days[mi] + (int64_t)d - 1 - EPOCH_SHIFT);
}

/* The inverse of time_days_from_civil. */
static void
civil_from_days(int64_t days, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t		z, cycles, r;
	unsigned	c, q, yy, mi;

	z = days + EPOCH_SHIFT;		/* days since 0000-03-01 */
	cycles = floor_div(z, DAYS_PER_400Y);
	r = z - cycles * DAYS_PER_400Y;	/* 0..146096 */

	c = (unsigned)(r / DAYS_PER_100Y);
	if (c == 4)
		c = 3;			/* Feb 29 closing the 400 years */
	r -= (int64_t)c * DAYS_PER_100Y;

	q = (unsigned)(r / DAYS_PER_4Y);
	r -= (int64_t)q * DAYS_PER_4Y;

	yy = (unsigned)(r / 365);
	if (yy == 4)
		yy = 3;			/* Feb 29 closing the 4 years */
	r -= (int64_t)yy * 365;		/* day of the March year, 0..365 */

	for (mi = 11; mi > 0; mi--) {
		if (march_days[mi] <= r)
			break;
	}
	*d = (unsigned)(r - march_days[mi]) + 1;
	*m = mi < 10 ? mi + 3 : mi - 9;
	*y = cycles * 400 + c * 100 + q * 4 + yy + (*m <= 2);
}

static int
is_leap(unsigned y)
{
	return ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0);
}

/* Days in month m (1..12) of year y. */
static unsigned
month_length(unsigned y, unsigned m)
{
	static const unsigned	lengths[12] = {
		[0] = 31, [1] = 28, [2] = 31, [3] = 30, [4] = 31, [5] = 30,
		[6] = 31, [7] = 31, [8] = 30, [9] = 31, [10] = 30, [11] = 31,
	};

	if (m == 2 && is_leap(y))
		return (29);
	return (lengths[m - 1]);
}

/* ASCII only, whatever the locale. */
static int
to_lower(int ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return (ch - 'A' + 'a');
	return (ch);
}

/* Whether s[0..len) is word, ignoring ASCII case. */
static int
same_word(const char *s, size_t len, const char *word)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if (word[i] == '\0' ||
		    to_lower((unsigned char)s[i]) !=
		    to_lower((unsigned char)word[i]))
			return (0);
	}
	return (word[len] == '\0');
}

static int
cur_end(const struct cursor *c)
{
	return (c->off >= c->len);
}

/* The next byte, or -1 at the end. */
static int
cur_peek(const struct cursor *c)
{
	if (cur_end(c))
		return (-1);
	return ((unsigned char)c->s[c->off]);
}

/* Consumes ch if it is next; returns 0 if it was, -1 if not. */
static int
cur_char(struct cursor *c, char ch)
{
	if (cur_peek(c) != (unsigned char)ch)
		return (-1);
	c->off++;
	return (0);
}

/* How many ASCII digits follow, without consuming them. */
static size_t
cur_digits(const struct cursor *c)
{
	size_t	n = 0;

	while (c->off + n < c->len && c->s[c->off + n] >= '0' &&
	    c->s[c->off + n] <= '9')
		n++;
	return (n);
}

/* Reads exactly n (at most 9) digits. */
static int
cur_number(struct cursor *c, size_t n, unsigned *v)
{
	size_t	i;

	if (n > 9 || cur_digits(c) < n)
		return (-1);
	*v = 0;
	for (i = 0; i < n; i++)
		*v = *v * 10 + (unsigned)(c->s[c->off++] - '0');
	return (0);
}

/*
 * Reads "." and 1 to 9 digits as microseconds; digits past the sixth are
 * dropped, not rounded.
 */
static int
cur_fraction(struct cursor *c, int64_t *frac)
{
	size_t	n, i;

	if (cur_char(c, '.') != 0)
		return (-1);
	n = cur_digits(c);
	if (n < 1 || n > 9)
		return (-1);
	*frac = 0;
	for (i = 0; i < 6; i++) {
		*frac *= 10;
		if (i < n)
			*frac += c->s[c->off + i] - '0';
	}
	c->off += n;
	return (0);
}

/* Reads "+hh:mm", "+hhmm", "-hh:mm" or "-hhmm", hh at most 23. */
static int
cur_offset(struct cursor *c, int *off_s)
{
	unsigned	h, m;
	int		sign;

	if (cur_char(c, '+') == 0)
		sign = 1;
	else if (cur_char(c, '-') == 0)
		sign = -1;
	else
		return (-1);
	if (cur_number(c, 2, &h) != 0)
		return (-1);
	(void)cur_char(c, ':');
	if (cur_number(c, 2, &m) != 0)
		return (-1);
	if (h > 23 || m > 59)
		return (-1);
	*off_s = sign * (int)(h * 3600 + m * 60);
	return (0);
}

/* Reads a three-letter English month name (any case) as 1..12. */
static int
cur_month(struct cursor *c, unsigned *m)
{
	unsigned	i;

	if (c->len - c->off < 3)
		return (-1);
	for (i = 0; i < 12; i++) {
		if (same_word(c->s + c->off, 3, month_names[i])) {
			c->off += 3;
			*m = i + 1;
			return (0);
		}
	}
	return (-1);
}

/*
 * Checks the fields of a local time and turns it into UTC microseconds:
 * local minus off_s seconds, or, when tz is not NULL, placed by the zone.
 */
static int
make_time(unsigned y, unsigned mo, unsigned d, unsigned h, unsigned mi,
    unsigned sec, int64_t frac, int64_t off_s, const struct zone *tz,
    int64_t *us)
{
	int64_t	t;

	if (y < 1 || y > 9999 || mo < 1 || mo > 12)
		return (-1);
	if (d < 1 || d > month_length(y, mo))
		return (-1);
	if (h > 23 || mi > 59 || sec > 59)
		return (-1);
	t = time_days_from_civil(y, mo, d) * S_PER_DAY + h * 3600 + mi * 60 +
	    sec;
	t = tz != NULL ? zone_utc_of_local(tz, t) : t - off_s;
	*us = t * US_PER_S + frac;
	return (0);
}

int
time_parse_iso(const char *s, size_t len, const struct zone *tz,
    int64_t *us)
{
	const struct zone *use = NULL;
	struct cursor	c = { .s = s, .len = len, .off = 0 };
	unsigned	y, mo, d, h, mi, sec;
	int64_t		frac = 0;
	int		off_s, ch;

	if (s == NULL)
		return (-1);
	if (cur_number(&c, 4, &y) != 0 || cur_char(&c, '-') != 0 ||
	    cur_number(&c, 2, &mo) != 0 || cur_char(&c, '-') != 0 ||
	    cur_number(&c, 2, &d) != 0)
		return (-1);
	ch = cur_peek(&c);
	if (ch != 'T' && ch != 't' && ch != ' ')
		return (-1);
	c.off++;
	if (cur_number(&c, 2, &h) != 0 || cur_char(&c, ':') != 0 ||
	    cur_number(&c, 2, &mi) != 0 || cur_char(&c, ':') != 0 ||
	    cur_number(&c, 2, &sec) != 0)
		return (-1);
	if (cur_peek(&c) == '.' && cur_fraction(&c, &frac) != 0)
		return (-1);

	ch = cur_peek(&c);
	if (ch == -1) {
		off_s = 0;	/* no zone written: --tz's, else UTC */
		use = tz;
	} else if (ch == 'Z' || ch == 'z') {
		c.off++;
		off_s = 0;
	} else if (cur_offset(&c, &off_s) != 0)
		return (-1);
	if (!cur_end(&c))
		return (-1);

	return (make_time(y, mo, d, h, mi, sec, frac, off_s, use, us));
}

int
time_parse_clf(const char *s, size_t len, int64_t *us)
{
	struct cursor	c = { .s = s, .len = len, .off = 0 };
	unsigned	y, mo, d, h, mi, sec;
	int		off_s;

	if (s == NULL)
		return (-1);
	if (cur_number(&c, 2, &d) != 0 || cur_char(&c, '/') != 0 ||
	    cur_month(&c, &mo) != 0 || cur_char(&c, '/') != 0 ||
	    cur_number(&c, 4, &y) != 0 || cur_char(&c, ':') != 0)
		return (-1);
	if (cur_number(&c, 2, &h) != 0 || cur_char(&c, ':') != 0 ||
	    cur_number(&c, 2, &mi) != 0 || cur_char(&c, ':') != 0 ||
	    cur_number(&c, 2, &sec) != 0)
		return (-1);
	if (cur_char(&c, ' ') != 0 || cur_offset(&c, &off_s) != 0)
		return (-1);
	if (!cur_end(&c))
		return (-1);

	return (make_time(y, mo, d, h, mi, sec, 0, off_s, NULL, us));
}

/*
 * Ten digits are seconds (2001-09-09 to 2286-11-20), with an optional
 * fraction of 1 to 9 digits.  Thirteen digits or more are milliseconds,
 * without a fraction, up to the end of year 9999 (at most 15 digits).
 * Other lengths, signs and blanks are refused: a short number is far more
 * likely to be a count or an id than a time.
 */
int
time_parse_epoch(const char *s, size_t len, int64_t *us)
{
	struct cursor	c = { .s = s, .len = len, .off = 0 };
	int64_t		v = 0, frac = 0;
	size_t		n, i;

	if (s == NULL)
		return (-1);
	n = cur_digits(&c);
	if (n != 10 && (n < 13 || n > 15))
		return (-1);
	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	c.off = n;

	if (n == 10) {
		if (cur_peek(&c) == '.' && cur_fraction(&c, &frac) != 0)
			return (-1);
		if (!cur_end(&c))
			return (-1);
		*us = v * US_PER_S + frac;
		return (0);
	}
	if (!cur_end(&c) || v > TIME_MAX_US / 1000)
		return (-1);
	*us = v * 1000;
	return (0);
}

int
time_parse_any(const char *s, size_t len, const struct zone *tz,
    int64_t *us)
{
	if (time_parse_iso(s, len, tz, us) == 0)
		return (0);
	if (time_parse_clf(s, len, us) == 0)
		return (0);
	if (time_parse_epoch(s, len, us) == 0)
		return (0);
	return (-1);
}

/*
 * Accepts "UTC", "GMT", "Z" (any case) and a sign followed by "h", "hh",
 * "h:mm", "hh:mm" or "hhmm", hours at most 23.
 */
int
time_parse_zone(const char *s, int *off_s)
{
	struct cursor	c;
	unsigned	h, m = 0;
	size_t		n;
	int		sign;

	if (s == NULL)
		return (-1);
	c.s = s;
	c.len = strlen(s);
	c.off = 0;

	if (same_word(s, c.len, "Z") || same_word(s, c.len, "UTC") ||
	    same_word(s, c.len, "GMT")) {
		*off_s = 0;
		return (0);
	}

	if (cur_char(&c, '+') == 0)
		sign = 1;
	else if (cur_char(&c, '-') == 0)
		sign = -1;
	else
		return (-1);
	n = cur_digits(&c);
	if (n == 4) {
		if (cur_number(&c, 2, &h) != 0 || cur_number(&c, 2, &m) != 0)
			return (-1);
	} else if (n == 1 || n == 2) {
		if (cur_number(&c, n, &h) != 0)
			return (-1);
		if (cur_char(&c, ':') == 0 && cur_number(&c, 2, &m) != 0)
			return (-1);
	} else
		return (-1);
	if (!cur_end(&c) || h > 23 || m > 59)
		return (-1);
	*off_s = sign * (int)(h * 3600 + m * 60);
	return (0);
}

/*
 * Writes v in decimal, zero-padded to at least width digits (at most 20),
 * and returns the byte after the last digit.
 */
static char *
put_digits(char *p, uint64_t v, size_t width)
{
	char	tmp[20];
	size_t	n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0 && n < sizeof tmp);
	while (n < width && n < sizeof tmp)
		tmp[n++] = '0';
	while (n > 0)
		*p++ = tmp[--n];
	return (p);
}

char *
time_format(int64_t us, char out[TIME_FMT_LEN])
{
	int64_t		 ms, secs, days, sod, y;
	unsigned	 m, d;
	char		*p = out;

	if (us == TIME_NONE) {
		out[0] = '-';
		out[1] = '\0';
		return (out);
	}
	ms = floor_div(us, 1000);
	secs = floor_div(ms, 1000);
	days = floor_div(secs, S_PER_DAY);
	sod = secs - days * S_PER_DAY;
	civil_from_days(days, &y, &m, &d);

	/*
	 * Years outside 0..9999 (only from times no parser returns) get a
	 * sign, as ISO 8601 expanded years do; int64_t microseconds never
	 * reach a seventh digit, so the result always fits.
	 */
	if (y < 0) {
		*p++ = '-';
		p = put_digits(p, (uint64_t)-y, 4);
	} else if (y > 9999) {
		*p++ = '+';
		p = put_digits(p, (uint64_t)y, 4);
	} else
		p = put_digits(p, (uint64_t)y, 4);
	*p++ = '-';
	p = put_digits(p, m, 2);
	*p++ = '-';
	p = put_digits(p, d, 2);
	*p++ = 'T';
	p = put_digits(p, (uint64_t)(sod / 3600), 2);
	*p++ = ':';
	p = put_digits(p, (uint64_t)(sod / 60 % 60), 2);
	*p++ = ':';
	p = put_digits(p, (uint64_t)(sod % 60), 2);
	*p++ = '.';
	p = put_digits(p, (uint64_t)(ms - secs * 1000), 3);
	*p++ = 'Z';
	*p = '\0';
	return (out);
}

int64_t
time_floor_div(int64_t a, int64_t b)
{
	return (a >= 0 ? a / b : -((-a + b - 1) / b));
}

const char *
time_clock(int64_t us, char out[TIME_FMT_LEN], const char *none)
{
	char	b[TIME_FMT_LEN];

	if (us == TIME_NONE)
		return (none);
	time_format(us, b);
	snprintf(out, TIME_FMT_LEN, "%.8s", b + 11);
	return (out);
}

/* The time of day of us, to the second or the millisecond, dated or not. */
static const char *
clock_of(int64_t us, int dated, int ms, char out[TIME_FMT_LEN],
    const char *none)
{
	char	b[TIME_FMT_LEN];

	if (us == TIME_NONE)
		return (none);
	time_format(us, b);
	snprintf(out, TIME_FMT_LEN, "%.*s%s%.*s", dated ? 5 : 0, b + 5,
	    dated ? " " : "", ms ? 12 : 8, b + 11);
	return (out);
}

const char *
time_clock_dated(int64_t us, int dated, char out[TIME_FMT_LEN],
    const char *none)
{
	return (clock_of(us, dated, 0, out, none));
}

const char *
time_clock_ms(int64_t us, int dated, char out[TIME_FMT_LEN], const char *none)
{
	return (clock_of(us, dated, 1, out, none));
}

int
time_other_day(int64_t a, int64_t b)
{
	return (a != TIME_NONE && b != TIME_NONE &&
	    time_floor_div(a, 86400000000LL) !=
	    time_floor_div(b, 86400000000LL));
}
