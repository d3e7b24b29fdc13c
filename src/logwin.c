/*
 * logwin.c: log windows (logwin.h): which lines of which containers fall
 * in which spans of time, found in one scan of the stored lines, and the
 * small table of phrases that say a call could not connect.  No SQL
 * (store.h), no drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "logwin.h"
#include "out.h"
#include "podwin.h"
#include "timefmt.h"

/* A sample log line is cut to this many bytes. */
#define SAMPLE_MAX	200
/* Failure times kept per log window (beyond it lines are only counted). */
#define TIMES_MAX	4096

/*
 * What an app logs when a call it made could not connect: matched
 * case-insensitively anywhere in the line.
 */
static const char *const failure_phrases[] = {
	"connection refused",		/* Go, libc, most runtimes */
	"econnrefused",			/* Node.js */
	"upstream connect error",	/* Envoy's own 503 body */
	"no healthy upstream",		/* Envoy, no endpoint */
	"dial tcp",			/* Go net.Dial errors */
	"connection reset by peer",
	"econnreset",
	"could not connect to server",	/* libpq */
	NULL
};

/* Whether pat (lower case) occurs in s, ignoring ASCII case. */
static int
ci_contains(const char *s, const char *pat)
{
	size_t	i, n = strlen(pat);
	int	c;

	for (; *s != '\0'; s++) {
		for (i = 0; i < n; i++) {
			c = (unsigned char)s[i];
			if (c >= 'A' && c <= 'Z')
				c += 'a' - 'A';
			if (c != (unsigned char)pat[i])
				break;
		}
		if (i == n)
			return (1);
	}
	return (0);
}

static int
is_failure_line(const char *text)
{
	size_t	i;

	for (i = 0; failure_phrases[i] != NULL; i++) {
		if (ci_contains(text, failure_phrases[i]))
			return (1);
	}
	return (0);
}

struct logwin *
lw_add(struct logscan *ls, const struct podset_pod *p, const char *container,
    int64_t from_us, int64_t to_us, int what, size_t tag)
{
	struct logwin	*w;

	ls->v = xreallocarray(ls->v, ls->n + 1, sizeof *ls->v);
	w = &ls->v[ls->n++];
	memset(w, 0, sizeof *w);
	w->namespace = p->r.namespace != NULL ? p->r.namespace : "";
	w->pod = p->r.name != NULL ? p->r.name : "";
	w->container = container;
	w->from_us = from_us;
	w->to_us = to_us;
	w->what = what;
	w->tag = tag;
	w->first_us = w->last_us = w->ready_us = w->latest_us = TIME_NONE;
	return (w);
}

void
lw_free(struct logscan *ls)
{
	size_t	i;

	for (i = 0; i < ls->n; i++) {
		free(ls->v[i].sample);
		free(ls->v[i].times);
	}
	free(ls->v);
	memset(ls, 0, sizeof *ls);
}

static int
lw_cmp3(const char *ns, const char *pod, const char *c,
    const struct logwin *w)
{
	int	r;

	if ((r = strcmp(ns, w->namespace)) != 0)
		return (r);
	if ((r = strcmp(pod, w->pod)) != 0)
		return (r);
	return (strcmp(c, w->container));
}

static int
cmp_logwin(const void *a, const void *b)
{
	const struct logwin	*p = a, *q = b;
	int			 r;

	if ((r = lw_cmp3(p->namespace, p->pod, p->container, q)) != 0)
		return (r);
	return (p->from_us < q->from_us ? -1 : p->from_us > q->from_us);
}

static void
lw_line(struct logwin *w, const struct rec_log *l)
{
	int64_t	t = l->time_us;

	if (t < w->from_us || t >= w->to_us)
		return;
	if ((w->what & LW_LAST) && (w->latest_us == TIME_NONE ||
	    t > w->latest_us))
		w->latest_us = t;
	if ((w->what & LW_READY) && (w->ready_us == TIME_NONE ||
	    t < w->ready_us) && strstr(l->text, PROXY_READY_LINE) != NULL)
		w->ready_us = t;
	if (!(w->what & LW_FAIL) || !is_failure_line(l->text))
		return;
	w->count++;
	if (w->first_us == TIME_NONE || t < w->first_us) {
		w->first_us = t;
		free(w->sample);
		w->sample = out_safe(l->text, strlen(l->text),
		    SAMPLE_MAX);
	}
	if (w->last_us == TIME_NONE || t > w->last_us)
		w->last_us = t;
	if ((w->what & LW_TIMES) && w->ntimes < TIMES_MAX) {
		w->times = xreallocarray(w->times, w->ntimes + 1,
		    sizeof *w->times);
		w->times[w->ntimes++] = t;
	}
}

static int
scan_log(void *ctx, const void *rec)
{
	struct logscan		*ls = ctx;
	const struct rec_log	*l = rec;
	size_t			 lo = 0, hi = ls->n, mid;

	if (l->time_us == TIME_NONE || l->namespace == NULL ||
	    l->pod == NULL || l->container == NULL || l->text == NULL)
		return (0);
	/* the first window of this container */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (lw_cmp3(l->namespace, l->pod, l->container,
		    &ls->v[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < ls->n && lw_cmp3(l->namespace, l->pod, l->container,
	    &ls->v[lo]) == 0; lo++)
		lw_line(&ls->v[lo], l);
	return (0);
}

/*
 * Reads the stored log lines and fills the windows: every line once when
 * the analysis holds every pod, else the lines of each pod the windows
 * name (a window of pods would read them all again).  The windows are
 * sorted first: look them up by tag afterwards.
 */
int
lw_scan(struct analysis *a, struct logscan *ls, char **cause)
{
	size_t	i;

	if (ls->n == 0)
		return (0);
	xqsort(ls->v, ls->n, sizeof *ls->v, cmp_logwin);
	if (podwin_count(a->win) == 1) {
		if (store_scan(a->st, REC_LOG, scan_log, ls, cause) != 0)
			return (-1);
	} else {
		for (i = 0; i < ls->n; i++) {
			/* a pod's lines once, for all its windows */
			if (i > 0 && strcmp(ls->v[i].namespace,
			    ls->v[i - 1].namespace) == 0 &&
			    strcmp(ls->v[i].pod, ls->v[i - 1].pod) == 0)
				continue;
			if (store_pod_log_scan(a->st, ls->v[i].namespace,
			    ls->v[i].pod, scan_log, ls, cause) != 0)
				return (-1);
		}
	}
	for (i = 0; i < ls->n; i++)
		xqsort(ls->v[i].times, ls->v[i].ntimes, sizeof (int64_t),
		    cmp_int64);
	return (0);
}