/*
 * k8sjson.h: small readers for Kubernetes objects parsed by jansson, shared
 * by the Kubernetes importers: strings and times by key or dotted path,
 * tolerant of absent keys, nulls and wrong types, and probe helpers that
 * look for "key": "value" (JSON) or key: value (YAML) in raw bytes.
 * Knows nothing of SQLite or curses.
 */
#ifndef K8SJSON_H
#define K8SJSON_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* The value at a dotted path ("metadata.uid"), or NULL.  Borrowed. */
json_t		*kj_get(json_t *obj, const char *path);
/* The string at path, or NULL when absent, null or not a string. */
const char	*kj_str(json_t *obj, const char *path);
/* The integer at path, or def when absent or not an integer. */
int64_t		 kj_int(json_t *obj, const char *path, int64_t def);

/* The longest duration coroner reads from an object: a year. */
#define KJ_MAX_SECONDS	(366 * 86400LL)
/*
 * A duration in seconds at path: 0 and *s (INT_NONE when absent, null or
 * not an integer), or -1 with why ("spec.terminationGracePeriodSeconds:
 * 9223372036854775807 is not a duration (0 to 31622400 s)") when it is an
 * integer outside 0..KJ_MAX_SECONDS: a grace period of centuries is a
 * broken file, and would overflow the arithmetic of times.
 */
int		 kj_seconds(json_t *obj, const char *path, int64_t *s,
		    char *why, size_t whylen);
/* The same of an integer v already taken from the object at path. */
int		 kj_duration(int64_t v, const char *path, int64_t *s,
		    char *why, size_t whylen);

/*
 * The time at path: 0 and *us (TIME_NONE when absent, null, "" or the zero
 * time 0001-01-01T00:00:00Z), or -1 when the string is not a time.
 */
int		 kj_time(json_t *obj, const char *path, int64_t *us);
/* The same of a string s[0..len) already taken from an object. */
int		 kj_time_text(const char *s, size_t len, int64_t *us);

/*
 * The value as short text for a message: a string quoted, anything else
 * as compact JSON, cut to 60 characters, into out.
 */
void		 kj_show(json_t *v, char *out, size_t len);

/*
 * Whether the raw bytes hold "key" : "value" (any blanks around the
 * colon).  For probes, which see bytes before any parsing.
 */
int		 kj_head_has(const unsigned char *head, size_t len,
		    const char *key, const char *value);
/* Whether the first non-blank byte is { or [ (after a UTF-8 BOM). */
int		 kj_head_is_json(const unsigned char *head, size_t len);
/*
 * Whether the bytes look like YAML: past a UTF-8 BOM, blank lines,
 * comments, directives and document markers, the first line is a mapping
 * key ("key:", "- key:").
 */
int		 kj_head_is_yaml(const unsigned char *head, size_t len);

/*
 * What a Kubernetes probe sees: the head of JSON, or of YAML that holds
 * both an apiVersion and a kind key (kubectl -o yaml, helm template).
 */
struct kj_head {
	const unsigned char	*p;	/* the bytes; borrowed */
	size_t			 len;
	int			 yaml;	/* YAML, else JSON */
};
/* Fills h; returns 0 when the head is neither (no probe claims it). */
int		 kj_head_open(struct kj_head *h, const unsigned char *head,
		    size_t len);
/*
 * Like kj_head_open(), for exports of log entries: the head of JSON or of
 * any YAML mapping (an apiVersion and a kind are not needed).
 */
int		 kj_head_open_any(struct kj_head *h,
		    const unsigned char *head, size_t len);
/*
 * Whether the head holds key with value (NULL: any), as "key": "value"
 * in JSON or as a YAML line key: value (quoted or not, at any indentation
 * and inside "- " items).
 */
int		 kj_head_key(const struct kj_head *h, const char *key,
		    const char *value);

#endif
