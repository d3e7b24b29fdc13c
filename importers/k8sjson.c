/*
 * k8sjson.c: tolerant readers of Kubernetes JSON objects (k8sjson.h).
 * Knows the conventions of the API (null times, the zero time) but nothing
 * of any one kind of object, of SQLite or of curses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "k8sjson.h"
#include "record.h"
#include "timefmt.h"

json_t *
kj_get(json_t *obj, const char *path)
{
	const char	*dot;
	char		 key[128];
	size_t		 n;

	while (obj != NULL && json_is_object(obj)) {
		dot = strchr(path, '.');
		if (dot == NULL)
			return (json_object_get(obj, path));
		n = (size_t)(dot - path);
		if (n >= sizeof key)
			return (NULL);
		memcpy(key, path, n);
		key[n] = '\0';
		obj = json_object_get(obj, key);
		path = dot + 1;
	}
	return (NULL);
}

const char *
kj_str(json_t *obj, const char *path)
{
	return (json_string_value(kj_get(obj, path)));
}

int64_t
kj_int(json_t *obj, const char *path, int64_t def)
{
	json_t	*v = kj_get(obj, path);

	return (json_is_integer(v) ? (int64_t)json_integer_value(v) : def);
}

int
kj_seconds(json_t *obj, const char *path, int64_t *s, char *why,
    size_t whylen)
{
	json_t	*v = kj_get(obj, path);
	char	 shown[80];

	*s = INT_NONE;
	if (!json_is_integer(v))
		return (0);	/* absent, null or a wrong type: unknown */
	if (json_integer_value(v) >= 0 &&
	    json_integer_value(v) <= KJ_MAX_SECONDS) {
		*s = (int64_t)json_integer_value(v);
		return (0);
	}
	kj_show(v, shown, sizeof shown);
	snprintf(why, whylen, "%s: %s is not a duration (0 to %lld s)", path,
	    shown, (long long)KJ_MAX_SECONDS);
	return (-1);
}

int
kj_time(json_t *obj, const char *path, int64_t *us)
{
	json_t		*v = kj_get(obj, path);
	const char	*s;
	size_t		 len;

	*us = TIME_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if (!json_is_string(v))
		return (-1);
	s = json_string_value(v);
	len = json_string_length(v);
	if (len == 0)
		return (0);
	if (time_parse_iso(s, len, 0, us) != 0) {
		*us = TIME_NONE;
		return (-1);
	}
	if (strncmp(s, "0001-01-01T00:00:00", 19) == 0)
		*us = TIME_NONE;
	return (0);
}

void
kj_show(json_t *v, char *out, size_t len)
{
	char	*s;

	if (json_is_string(v)) {
		snprintf(out, len, "\"%.60s\"", json_string_value(v));
		return;
	}
	s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	snprintf(out, len, "%.60s", s != NULL ? s : "?");
	free(s);
}

static const unsigned char *
skip_blanks(const unsigned char *p, const unsigned char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' ||
	    *p == '\r'))
		p++;
	return (p);
}

int
kj_head_has(const unsigned char *head, size_t len, const char *key,
    const char *value)
{
	const unsigned char	*p = head, *end = head + len, *q;
	size_t			 kl = strlen(key), vl;

	while ((q = memmem(p, (size_t)(end - p), key, kl)) != NULL) {
		p = q + kl;
		if (q == head || q[-1] != '"' || p >= end || *p != '"')
			continue;
		q = skip_blanks(p + 1, end);
		if (q >= end || *q != ':')
			continue;
		if (value == NULL)
			return (1);
		q = skip_blanks(q + 1, end);
		vl = strlen(value);
		if ((size_t)(end - q) > vl + 1 && *q == '"' &&
		    memcmp(q + 1, value, vl) == 0 && q[vl + 1] == '"')
			return (1);
	}
	return (0);
}

int
kj_head_is_json(const unsigned char *head, size_t len)
{
	const unsigned char	*p = head, *end = head + len;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	p = skip_blanks(p, end);
	return (p < end && (*p == '{' || *p == '['));
}
