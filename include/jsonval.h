/*
 * jsonval.h: JSON values the way every report and rule writes them: times
 * as RFC 3339 UTC with milliseconds, unknowns as null.  New references
 * (jansson's json_*_new functions steal them).
 */
#ifndef JSONVAL_H
#define JSONVAL_H

#include <jansson.h>
#include <stdint.h>

json_t	*jv_time(int64_t us);		/* TIME_NONE: null */
json_t	*jv_str(const char *s);		/* NULL: null; bytes that are not
					   UTF-8 as U+FFFD */
json_t	*jv_int(int64_t v);		/* INT_NONE: null */
/* A duration in microseconds as seconds, to the millisecond. */
json_t	*jv_secs(int64_t us);
/*
 * The array of the n UTF-8 strings v as json_dumps(JSON_COMPACT) writes
 * it, without a value made for each (a NULL one left out): a new
 * string.
 */
char	*jv_strs_dump(const char *const *v, size_t n);

#endif
