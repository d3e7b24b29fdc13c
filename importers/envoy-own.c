/*
 * envoy-own.c: the lines a proxy writes about itself, between the lines
 * of its access log (accesslog.h, envoy_own_line): what "kubectl logs" of
 * an Envoy or Istio gateway or sidecar holds besides requests (startup,
 * xDS, drain).  They are that container's log lines, never requests.
 * The forms (docs/formats/access-logs.md#a-proxys-own-lines):
 *
 *   envoy	Envoy's default application log,
 *		"[%Y-%m-%d %T.%e][%t][%l][%n] [%g:%#] %v":
 *		"[2026-05-14 14:02:30.000][14][warning][config] [...] msg"
 *		(the time has no zone: UTC unless --tz says otherwise)
 *   istio	Istio's text form, pilot-agent's "TIME\tlevel\t[scope\t]msg"
 *		and Envoy's under it, "TIME\tlevel\tenvoy config FILE:LINE\t
 *		msg\tthread=N"
 *   istio-json	Istio's --log_as_json: {"level": ..., "time": ...,
 *		"scope": ..., "msg": ...}, pilot-agent's and Envoy's alike
 *
 * A line is kept as written, at its time.  Knows nothing of SQLite or
 * curses, nor of what the lines mean (the analysis reads the xDS ones).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "accesslog.h"
#include "k8sjson.h"
#include "timefmt.h"

/* The levels the three forms write (Envoy's spdlog, Istio's zap). */
static const char *const own_levels[] = {
	"trace", "debug", "info", "warn", "warning", "error", "critical",
	"fatal", "off"
};

/* Whether s[0..n) is one of own_levels. */
static int
own_level(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < sizeof own_levels / sizeof own_levels[0]; i++) {
		if (strlen(own_levels[i]) == n &&
		    memcmp(own_levels[i], s, n) == 0)
			return (1);
	}
	return (0);
}

/*
 * Envoy's default: "[YYYY-MM-DD HH:MM:SS.mmm][thread][level][logger] ".
 * Returns 0 with *us, or -1.
 */
static int
own_envoy(const char *s, size_t n, const struct zone *tz, int64_t *us)
{
	const char	*p, *end = s + n, *close;
	size_t		 k;

	/* "[" + 23 characters of time + "]" */
	if (n < 26 || s[0] != '[' || s[11] != ' ' || s[24] != ']' ||
	    s[25] != '[')
		return (-1);
	if (time_parse_iso(s + 1, 23, tz, us) != 0)
		return (-1);
	/* [thread][level][logger] */
	p = s + 25;
	for (k = 0; k < 3; k++) {
		if (p >= end || *p != '[' ||
		    (close = memchr(p, ']', (size_t)(end - p))) == NULL ||
		    close == p + 1)
			return (-1);
		if (k == 1 && !own_level(p + 1, (size_t)(close - p - 1)))
			return (-1);
		p = close + 1;
	}
	return (0);
}

/* Istio's text form: "TIME\tlevel\t...".  Returns 0 with *us, or -1. */
static int
own_istio(const char *s, size_t n, const struct zone *tz, int64_t *us)
{
	const char	*tab, *lvl, *end = s + n;

	if (n < 22 || s[0] < '0' || s[0] > '9' ||
	    (tab = memchr(s, '\t', n)) == NULL || tab - s > 40)
		return (-1);
	if (time_parse_iso(s, (size_t)(tab - s), tz, us) != 0)
		return (-1);
	lvl = tab + 1;
	if ((tab = memchr(lvl, '\t', (size_t)(end - lvl))) == NULL)
		return (-1);
	return (own_level(lvl, (size_t)(tab - lvl)) ? 0 : -1);
}

int
envoy_own_text(const char *s, size_t n, const struct zone *tz, int64_t *us)
{
	if (n > 0 && s[0] == '[')
		return (own_envoy(s, n, tz, us));
	return (own_istio(s, n, tz, us));
}

int
envoy_own_json(json_t *obj, const struct zone *tz, int64_t *us)
{
	const char	*level = kj_str(obj, "level");
	const char	*time = kj_str(obj, "time");

	if (level == NULL || time == NULL || kj_str(obj, "msg") == NULL ||
	    !own_level(level, strlen(level)) ||
	    json_object_get(obj, "start_time") != NULL)
		return (-1);
	return (time_parse_iso(time, strlen(time), tz, us) == 0 ? 0 : -1);
}
