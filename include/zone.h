/*
 * zone.h: the zone of times written without one (--tz): a fixed offset
 * ("UTC", "+02:00") or an IANA zone ("Europe/Berlin") read from the
 * system's zoneinfo (TZif) files, with its transitions (daylight saving
 * time, law changes) and the rule that goes on after the last of them.
 *
 * Never the C library's local-time functions or TZ: a zone is data, and
 * the offset of each time is looked up in it.  Importers get a zone
 * through struct import_opts; nothing here knows of SQLite or curses.
 */
#ifndef ZONE_H
#define ZONE_H

#include <stdint.h>

struct zone;

/*
 * Opens the zone spec names: "UTC", "GMT", "Z", an offset ("+02:00",
 * "-0530", "+2"), or an IANA name ("Europe/Berlin", "America/New_York",
 * "Etc/UTC") read from $TZDIR, else /usr/share/zoneinfo.  Returns 0 and
 * a new zone (the caller frees it with zone_free), or -1 with a new
 * *cause that names spec and says what is wrong.
 */
int		 zone_open(const char *spec, struct zone **out, char **cause);
void		 zone_free(struct zone *);

/* The name the zone was opened by (borrowed, valid until zone_free). */
const char	*zone_name(const struct zone *);

/* Seconds east of UTC in effect at utc_s (Unix seconds). */
int32_t		 zone_offset_at(const struct zone *, int64_t utc_s);

/*
 * The Unix seconds of a wall-clock time of the zone, given as seconds
 * since 1970-01-01 00:00 of that clock.  A time the clock shows twice
 * (the hour repeated when summer time ends) is the first of the two; a
 * time it skips (the hour lost when summer time starts) is read with the
 * offset before the change, as if the clock had not moved yet.
 */
int64_t		 zone_utc_of_local(const struct zone *, int64_t local_s);

#endif
