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

/* The controls JSON writes with a letter ("\n"), by byte. */
static const char short_escape[0x20] = {
	['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't'
};

char *
jv_strs_dump(const char *const *v, size_t n)
{
	struct buf		 b = { 0 };
	const unsigned char	*s;
	size_t			 i, put = 0;

	buf_puts(&b, "[");
	for (i = 0; i < n; i++) {
		/* as json_array_append_new(json_string(NULL)) leaves it out */
		if (v[i] == NULL)
			continue;
		buf_puts(&b, put++ > 0 ? ",\"" : "\"");
		/* as jansson escapes: these, other controls as \u00XX */
		for (s = (const unsigned char *)v[i]; *s != '\0'; s++) {
			if (*s == '"' || *s == '\\')
				buf_printf(&b, "\\%c", *s);
			else if (*s >= 0x20)
				buf_append(&b, s, 1);
			else if (short_escape[*s] != '\0')
				buf_printf(&b, "\\%c", short_escape[*s]);
			else
				buf_printf(&b, "\\u%04X", *s);
		}
		buf_puts(&b, "\"");
	}
	buf_puts(&b, "]");
	return (b.data);
}
