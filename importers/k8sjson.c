/*
 * k8sjson.c: tolerant readers of Kubernetes JSON objects (k8sjson.h), and
 * the probes' look at raw heads of JSON or YAML.  Knows the conventions
 * of the API (null times, the zero time) but nothing of any one kind of
 * object, of SQLite or of curses.
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

	*s = INT_NONE;
	if (!json_is_integer(v))
		return (0);	/* absent, null or a wrong type: unknown */
	return (kj_duration((int64_t)json_integer_value(v), path, s, why,
	    whylen));
}

int
kj_duration(int64_t v, const char *path, int64_t *s, char *why,
    size_t whylen)
{
	*s = INT_NONE;
	if (v >= 0 && v <= KJ_MAX_SECONDS) {
		*s = v;
		return (0);
	}
	snprintf(why, whylen, "%s: %lld is not a duration (0 to %lld s)",
	    path, (long long)v, (long long)KJ_MAX_SECONDS);
	return (-1);
}

int
kj_seconds_strict(json_t *obj, const char *path, int64_t *s, char *why,
    size_t whylen)
{
	json_t	*v = kj_get(obj, path);
	char	 shown[80];

	if (v == NULL || json_is_null(v) || json_is_integer(v))
		return (kj_seconds(obj, path, s, why, whylen));
	*s = INT_NONE;
	kj_show(v, shown, sizeof shown);
	snprintf(why, whylen, "%s: %s is not a whole number of seconds (the "
	    "API refuses it)", path, shown);
	return (-1);
}

int
kj_time(json_t *obj, const char *path, int64_t *us)
{
	return (kj_time_value(kj_get(obj, path), us));
}

int
kj_time_value(json_t *v, int64_t *us)
{

	*us = TIME_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if (!json_is_string(v))
		return (-1);
	return (kj_time_text(json_string_value(v), json_string_length(v),
	    us));
}

int
kj_time_text(const char *s, size_t len, int64_t *us)
{
	*us = TIME_NONE;
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

int64_t
kj_bool(json_t *obj, const char *path)
{
	json_t	*v = kj_get(obj, path);

	if (!json_is_boolean(v))
		return (INT_NONE);
	return (json_is_true(v) ? 1 : 0);
}

int64_t
kj_time_or_none(json_t *obj, const char *path)
{
	int64_t	us;

	if (kj_time(obj, path, &us) != 0)
		return (TIME_NONE);
	return (us);
}

int
kj_scan_time(struct kj_scan *sc, json_t *obj, const char *where,
    const char *path, int counts)
{
	return (kj_scan_value(sc, kj_get(obj, path), where, path, counts));
}

int
kj_scan_value(struct kj_scan *sc, json_t *v, const char *where,
    const char *name, int counts)
{
	int64_t	 us;
	char	*s;

	if (kj_time_value(v, &us) != 0) {
		/* ASCII, so that cutting it at 80 bytes keeps it text. */
		s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
		    JSON_ENSURE_ASCII);
		snprintf(sc->why, sc->whylen, "bad time in %s%s: %.80s",
		    where, name, s != NULL ? s : "?");
		free(s);
		return (-1);
	}
	if (counts && us != TIME_NONE &&
	    (sc->latest_us == TIME_NONE || us > sc->latest_us))
		sc->latest_us = us;
	return (0);
}

int
kj_scan_array(struct kj_scan *sc, json_t *obj, const char *path,
    const char *const *fields, size_t nfields)
{
	json_t	*arr = kj_get(obj, path), *el;
	size_t	 i, f;
	char	 where[96];

	if (!json_is_array(arr))
		return (0);
	json_array_foreach(arr, i, el) {
		if (!json_is_object(el))
			continue;
		snprintf(where, sizeof where, "%s[%zu].", path, i);
		for (f = 0; f < nfields; f++) {
			if (kj_scan_time(sc, el, where, fields[f], 1) != 0)
				return (-1);
		}
	}
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

/* The end of the line that starts at p. */
static const unsigned char *
line_end(const unsigned char *p, const unsigned char *end)
{
	const unsigned char	*nl = memchr(p, '\n', (size_t)(end - p));

	return (nl != NULL ? nl : end);
}

/* Past spaces and tabs. */
static const unsigned char *
skip_spaces(const unsigned char *p, const unsigned char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return (p);
}

/*
 * Matches a YAML scalar s (a key or a value) at p, plain or quoted, and
 * returns the byte after it, or NULL.
 */
static const unsigned char *
yaml_word(const unsigned char *p, const unsigned char *e, const char *s)
{
	size_t	n = strlen(s);
	int	q = 0;

	if (p < e && (*p == '"' || *p == '\''))
		q = *p++;
	if ((size_t)(e - p) < n || memcmp(p, s, n) != 0)
		return (NULL);
	p += n;
	if (q != 0) {
		if (p >= e || *p != q)
			return (NULL);
		p++;
	}
	return (p);
}

/* Whether a line's text at p (to e) is key: value (value NULL: any). */
static int
yaml_line_has(const unsigned char *p, const unsigned char *e,
    const char *key, const char *value)
{
	p = skip_spaces(p, e);
	while (e - p >= 2 && p[0] == '-' && (p[1] == ' ' || p[1] == '\t'))
		p = skip_spaces(p + 1, e);
	if ((p = yaml_word(p, e, key)) == NULL || p >= e || *p != ':')
		return (0);
	p++;
	if (p < e && *p != ' ' && *p != '\t' && *p != '\r')
		return (0);
	if (value == NULL)
		return (1);
	if ((p = yaml_word(skip_spaces(p, e), e, value)) == NULL)
		return (0);
	p = skip_spaces(p, e);
	return (p == e || *p == '\r' || *p == '#');
}

static int
yaml_head_has(const unsigned char *head, size_t len, const char *key,
    const char *value)
{
	const unsigned char	*p = head, *end = head + len, *e;

	for (; p < end; p = e + 1) {
		e = line_end(p, end);
		if (yaml_line_has(p, e, key, value))
			return (1);
		if (e == end)
			break;
	}
	return (0);
}

/* Whether p (to e) starts with a key of plain or quoted text and ':'. */
static int
yaml_key_line(const unsigned char *p, const unsigned char *e)
{
	const unsigned char	*k;
	int			 q;

	p = skip_spaces(p, e);
	while (e - p >= 2 && p[0] == '-' && (p[1] == ' ' || p[1] == '\t'))
		p = skip_spaces(p + 1, e);
	if (p < e && (*p == '"' || *p == '\'')) {
		q = *p++;
		for (k = p; p < e && *p != q; p++)
			;
		if (p >= e || p == k)
			return (0);
		p++;
	} else {
		for (k = p; p < e && ((*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    *p == '_' || *p == '.' || *p == '/' || *p == '-'); p++)
			;
		if (p == k || *k == '-')
			return (0);
	}
	return (p < e && *p == ':' && (p + 1 == e || p[1] == ' ' ||
	    p[1] == '\t' || p[1] == '\r'));
}

int
kj_head_is_yaml(const unsigned char *head, size_t len)
{
	const unsigned char	*p = head, *end = head + len, *e, *q;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	for (; p < end; p = e + 1) {
		e = line_end(p, end);
		q = skip_spaces(p, e);
		if (q == e || *q == '\r' || *q == '#' || (q == p &&
		    *q == '%'))
			continue;	/* blank, comment, directive */
		if (q == p && e - p >= 3 && (memcmp(p, "---", 3) == 0 ||
		    memcmp(p, "...", 3) == 0)) {
			q = skip_spaces(p + 3, e);
			if (q == e || *q == '\r' || *q == '#')
				continue;	/* a document marker */
			return (0);
		}
		return (yaml_key_line(p, e));
	}
	return (0);
}

int
kj_head_open(struct kj_head *h, const unsigned char *head, size_t len)
{
	h->p = head;
	h->len = len;
	h->yaml = 0;
	if (kj_head_is_json(head, len))
		return (1);
	if (!kj_head_is_yaml(head, len) ||
	    !yaml_head_has(head, len, "apiVersion", NULL) ||
	    !yaml_head_has(head, len, "kind", NULL))
		return (0);
	h->yaml = 1;
	return (1);
}

int
kj_head_open_any(struct kj_head *h, const unsigned char *head, size_t len)
{
	h->p = head;
	h->len = len;
	h->yaml = !kj_head_is_json(head, len);
	return (!h->yaml || kj_head_is_yaml(head, len));
}

int
kj_head_key(const struct kj_head *h, const char *key, const char *value)
{
	if (h->yaml)
		return (yaml_head_has(h->p, h->len, key, value));
	return (kj_head_has(h->p, h->len, key, value));
}
