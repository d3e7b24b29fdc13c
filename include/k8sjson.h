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
/*
 * kj_seconds as the API reads a manifest's int64 field: a value that is
 * there but not an integer (1.5, "5", true) is not unknown but refused,
 * -1 with why.  For what a person wrote (lint), not what the API
 * printed.
 */
int		 kj_seconds_strict(json_t *obj, const char *path, int64_t *s,
		    char *why, size_t whylen);
/* The same of an integer v already taken from the object at path. */
int		 kj_duration(int64_t v, const char *path, int64_t *s,
		    char *why, size_t whylen);

/*
 * The time at path: 0 and *us (TIME_NONE when absent, null, "" or the zero
 * time 0001-01-01T00:00:00Z), or -1 when the string is not a time.
 */
int		 kj_time(json_t *obj, const char *path, int64_t *us);
/* The same of a value (v may be NULL: absent). */
int		 kj_time_value(json_t *v, int64_t *us);
/* The same of a string s[0..len) already taken from an object. */
int		 kj_time_text(const char *s, size_t len, int64_t *us);

/* A JSON boolean at path as 1 or 0; anything else INT_NONE. */
int64_t		 kj_bool(json_t *obj, const char *path);
/* The time at path, or TIME_NONE when absent or not a time. */
int64_t		 kj_time_or_none(json_t *obj, const char *path);

/*
 * A check of the times of one object that finds the latest of them: when
 * the version that holds them existed, at the earliest.  Each time read is
 * checked; the first bad one is written into why as "bad time in
 * WHERE.PATH: VALUE".
 */
struct kj_scan {
	int64_t		 latest_us;	/* the latest time seen, or
					   TIME_NONE; set it so first */
	char		*why;		/* the caller's message buffer */
	size_t		 whylen;	/* its size in bytes */
};
/*
 * Checks the time at path in obj (where names obj for the message, as
 * "status.conditions[2]."); counts says whether it is a time the object's
 * writer observed (deletionTimestamp is a deadline: it is not).  Returns
 * 0, or -1 with the message written.
 */
int		 kj_scan_time(struct kj_scan *sc, json_t *obj,
		    const char *where, const char *path, int counts);
/* The same of a value (NULL: absent), named where and name. */
int		 kj_scan_value(struct kj_scan *sc, json_t *v,
		    const char *where, const char *name, int counts);
/*
 * Checks the times at fields (paths) of each object of the array at path
 * (absent or not an array: none).  Returns 0, or -1 with the message.
 */
int		 kj_scan_array(struct kj_scan *sc, json_t *obj,
		    const char *path, const char *const *fields,
		    size_t nfields);

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
	size_t			 len;	/* bytes at p */
	int			 yaml;	/* YAML, else JSON */
};
/* Fills h; returns 0 when the head is neither (no probe claims it). */
int		 kj_head_open(struct kj_head *h, const unsigned char *head,
		    size_t len);
/*
 * The same for data that is not Kubernetes objects: any JSON, or YAML
 * whose first line is a key (helm history -o yaml, exports of log
 * entries: an apiVersion and a kind are not needed).
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
