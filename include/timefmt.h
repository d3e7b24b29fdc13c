/*
 * timefmt.h: every time format coroner reads, to int64_t microseconds since
 * the Unix epoch, UTC; and back to RFC 3339 with milliseconds.
 *
 * Pure functions of their arguments: no locale, no TZ, never the C
 * library's local-time functions.  Zone-less inputs are placed by the
 * zone the caller gives (zone.h: --tz), UTC when it gives NULL.
 */
#ifndef TIMEFMT_H
#define TIMEFMT_H

#include <stddef.h>
#include <stdint.h>

#define TIME_NONE	INT64_MIN	/* "unknown" in every int64_t ..._us */

struct zone;

/*
 * Parses RFC 3339 / ISO 8601 ("2026-05-12T09:00:03Z", fraction of 0-9
 * digits, "Z", "z", "+02:00", "+0200", a space instead of "T", no zone =
 * tz's offset at that time, UTC when tz is NULL), "YYYY-MM-DD
 * HH:MM:SS[.fff][±hh:mm]".  The whole of s[0..len) must be the time
 * (surrounding blanks are not allowed).  Returns 0 and sets *us, or -1 on
 * garbage, out-of-range fields (month 13, Feb 30, hour 24...) or years
 * outside 1..9999.  tz is borrowed.
 */
int	 time_parse_iso(const char *s, size_t len, const struct zone *tz,
	    int64_t *us);

/*
 * Parses nginx $time_local: "12/May/2026:09:00:00 +0200" (English month
 * abbreviations; brackets not included).  Returns 0 or -1.
 */
int	 time_parse_clf(const char *s, size_t len, int64_t *us);

/*
 * Parses an epoch number: "1715504400" (seconds), "1715504400.25"
 * (seconds with fraction), "1715504400123" (13 digits or more: ms).
 * Returns 0 or -1.
 */
int	 time_parse_epoch(const char *s, size_t len, int64_t *us);

/* Tries every format above in turn.  Returns 0 or -1. */
int	 time_parse_any(const char *s, size_t len, const struct zone *tz,
	    int64_t *us);

/*
 * Parses a fixed zone: "UTC", "Z", "+02:00", "-0530", "+2" (zone_open()
 * takes these and IANA names for --tz).  Returns 0 and sets *off_s
 * (seconds east of UTC), or -1.
 */
int	 time_parse_zone(const char *s, int *off_s);

/* a / b rounded toward minus infinity (b > 0): seconds of a time. */
int64_t	 time_floor_div(int64_t a, int64_t b);

/* Days since 1970-01-01 of a proleptic Gregorian date (no range check). */
int64_t	 time_days_from_civil(int64_t y, unsigned m, unsigned d);

/*
 * Formats us as "2026-05-12T09:00:03.250Z" (milliseconds, truncated toward
 * the past) into out, which holds TIME_FMT_LEN bytes.  TIME_NONE gives
 * "-".  Returns out.
 */
#define TIME_FMT_LEN	32
char	*time_format(int64_t us, char out[TIME_FMT_LEN]);
/*
 * The time of day of us, "09:43:10" (UTC), into out.  Returns out, or
 * none for TIME_NONE.
 */
const char *time_clock(int64_t us, char out[TIME_FMT_LEN], const char *none);
/*
 * As time_clock, with the date before it when dated ("05-12 09:00:03"):
 * lists whose times span more than a day (time_other_day) carry it.
 */
const char *time_clock_dated(int64_t us, int dated, char out[TIME_FMT_LEN],
	    const char *none);
/* The same to the millisecond: "09:00:03.250", "05-12 09:00:03.250". */
const char *time_clock_ms(int64_t us, int dated, char out[TIME_FMT_LEN],
	    const char *none);
#define TIME_DATE_COLS	6	/* what the date adds: "05-12 " */
/* Whether a and b (both known) fall on different days (UTC). */
int	 time_other_day(int64_t a, int64_t b);

#endif
