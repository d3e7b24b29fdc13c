/*
 * jsonval.c: JSON values for reports and rules (jsonval.h).
 */
#include <math.h>
#include <stdlib.h>

#include "jsonval.h"
#include "out.h"
#include "record.h"
#include "timefmt.h"

json_t *
jv_time(int64_t us)
{
	char	b[TIME_FMT_LEN];

	return (us == TIME_NONE ? json_null() :
	    json_string(time_format(us, b)));
}

json_t *
jv_str(const char *s)
{
	json_t	*v;
	char	*u;

	if (s == NULL)
		return (json_null());
	if ((v = json_string(s)) != NULL)
		return (v);
	/* not UTF-8: each stray byte as U+FFFD rather than no value */
	u = out_utf8(s);
	v = json_string(u);
	free(u);
	return (v);
}

json_t *
jv_int(int64_t v)
{
	return (v == INT_NONE ? json_null() : json_integer(v));
}

json_t *
jv_secs(int64_t us)
{
	return (json_real(round((double)us / 1000) / 1000));
}
