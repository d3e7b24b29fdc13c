/*
 * xds.c: the proxies' gaps without their control plane, from their own
 * log lines (xds.h).  One scan of the stored log lines keeps the few
 * that speak of the xDS stream (a closed stream, a reconnection), sorts
 * them by container and time, and walks each container's into gaps.  No
 * SQL (store_scan), no drawing.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "timefmt.h"
#include "util.h"
#include "xds.h"

#define US		((int64_t)1000000)
#define XDS_LINE_MAX	400	/* a line kept as evidence, cut here */

/* What one line says of the stream. */
enum xds_say {
	XDS_NONE,
	XDS_CLOSED,			/* closed (and retried) */
	XDS_CLOSED_SINCE,		/* closed for a while, how long */
	XDS_CONNECTED			/* pilot-agent reconnected */
};

/* One line that speaks of the stream. */
struct xds_line {
	char		*namespace;	/* owned: "" when none */
	char		*pod;		/* owned: "" when none */
	char		*container;	/* owned: "" when none */
	int64_t		 time_us;
	enum xds_say	 say;
	int64_t		 since_s;	/* XDS_CLOSED_SINCE: for how long */
	char		*text;		/* owned: the line, cut */
};

struct xds_scan {
	struct xds_line	*v;		/* owned */
	size_t		 n;
	size_t		 cap;
};

/* What text says of the stream; *since_s for XDS_CLOSED_SINCE. */
static enum xds_say
xds_say(const char *text, int64_t *since_s)
{
	const char	*p;
	char		*end;
	long long	 n;

	if (strstr(text, "connected to upstream XDS server") != NULL ||
	    strstr(text, "connected to delta upstream XDS server") != NULL)
		return (XDS_CONNECTED);
	if ((p = strstr(text, "gRPC config stream")) == NULL ||
	    (p = strstr(p, " closed")) == NULL)
		return (XDS_NONE);
	if (strncmp(p, " closed since ", 14) == 0) {
		n = strtoll(p + 14, &end, 10);
		if (end != p + 14 && strncmp(end, "s ago", 5) == 0 && n >= 0 &&
		    n < 366LL * 86400) {
			*since_s = n;
			return (XDS_CLOSED_SINCE);
		}
	}
	return (strncmp(p, " closed:", 8) == 0 ? XDS_CLOSED : XDS_NONE);
}

static int
xds_scan_line(void *ctx, const void *rec)
{
	struct xds_scan		*sc = ctx;
	const struct rec_log	*l = rec;
	struct xds_line		*x;
	enum xds_say		 say;
	int64_t			 since = 0;

	if (l->time_us == TIME_NONE || l->text == NULL ||
	    (say = xds_say(l->text, &since)) == XDS_NONE)
		return (0);
	if (sc->n == sc->cap) {
		sc->cap = sc->cap == 0 ? 64 : sc->cap * 2;
		sc->v = xreallocarray(sc->v, sc->cap, sizeof *sc->v);
	}
	x = &sc->v[sc->n++];
	x->namespace = xstrdup(l->namespace != NULL ? l->namespace : "");
	x->pod = xstrdup(l->pod != NULL ? l->pod : "");
	x->container = xstrdup(l->container != NULL ? l->container : "");
	x->time_us = l->time_us;
	x->say = say;
	x->since_s = since;
	x->text = xstrndup(l->text, strnlen(l->text, XDS_LINE_MAX));
	return (0);
}

/* Whose line: namespace, pod, container. */
static int
xds_who_cmp(const struct xds_line *a, const struct xds_line *b)
{
	int	c;

	if ((c = strcmp(a->namespace, b->namespace)) != 0)
		return (c);
	if ((c = strcmp(a->pod, b->pod)) != 0)
		return (c);
	return (strcmp(a->container, b->container));
}

static int
xds_line_cmp(const void *pa, const void *pb)
{
	const struct xds_line	*a = pa, *b = pb;
	int			 c;

	if ((c = xds_who_cmp(a, b)) != 0)
		return (c);
	return (a->time_us < b->time_us ? -1 : a->time_us > b->time_us);
}

/*
 * What a line about the stream says, from the stream's name to the end
 * of its message (a tab or the line's end; a JSON line's "msg").
 * Returns a new string.
 */
static char *
xds_said(const char *text)
{
	json_t		*obj = NULL;
	const char	*msg = text, *p, *end;
	char		*said;

	if (*text == '{' && (obj = json_loads(text, 0, NULL)) != NULL &&
	    json_is_string(json_object_get(obj, "msg")))
		msg = json_string_value(json_object_get(obj, "msg"));
	if ((p = strstr(msg, "gRPC config stream")) == NULL)
		p = msg;
	/* the word before: StreamAggregatedResources, StreamListeners... */
	else if (p > msg + 1 && p[-1] == ' ')
		for (p--; p > msg && p[-1] != ' ' && p[-1] != '\t' &&
		    p[-1] != ']'; p--)
			;
	for (end = p; *end != '\0' && *end != '\t'; end++)
		;
	said = xstrndup(p, (size_t)(end - p));
	json_decref(obj);
	return (said);
}

/* Adds a gap of x's container, [from, to], said by x. */
static struct xds_gap *
xds_gap_new(struct xds_gaps *g, const struct xds_line *x, int64_t from,
    int64_t to)
{
	struct xds_gap	*gp;

	g->v = xreallocarray(g->v, g->n + 1, sizeof *g->v);
	gp = &g->v[g->n++];
	memset(gp, 0, sizeof *gp);
	gp->namespace = xstrdup(x->namespace);
	gp->pod = xstrdup(x->pod);
	gp->container = xstrdup(x->container);
	gp->from_us = from;
	gp->to_us = to;
	gp->line_us = x->time_us;
	gp->line = xstrdup(x->text);
	gp->said = xds_said(x->text);
	return (gp);
}

/* Makes the gaps of the lines v[0..n) of one container. */
static void
xds_walk(struct xds_gaps *g, const struct xds_line *v, size_t n)
{
	struct xds_gap	*open = NULL;
	int64_t		 from, longest = -1;
	size_t		 i;

	for (i = 0; i < n; i++) {
		if (v[i].say == XDS_CONNECTED) {
			if (open != NULL) {
				open->to_us = v[i].time_us;
				open->reconnected = 1;
			}
			open = NULL;
			continue;
		}
		from = v[i].say == XDS_CLOSED_SINCE ? v[i].time_us -
		    v[i].since_s * US : v[i].time_us;
		if (open != NULL && from <= open->to_us + XDS_RETRY_S * US) {
			if (from < open->from_us)
				open->from_us = from;
			open->to_us = v[i].time_us;
		} else {
			open = xds_gap_new(g, &v[i], from, v[i].time_us);
			longest = -1;
		}
		/* the evidence: the line that says the longest gap */
		if (v[i].time_us - from > longest) {
			longest = v[i].time_us - from;
			free(open->line);
			free(open->said);
			open->line = xstrdup(v[i].text);
			open->said = xds_said(v[i].text);
			open->line_us = v[i].time_us;
		}
	}
}

int
xds_gaps_load(struct store *st, struct xds_gaps *g, char **cause)
{
	struct xds_scan	 sc = { 0 };
	size_t		 i, j;
	int		 rc = 0;

	memset(g, 0, sizeof *g);
	if (store_scan(st, REC_LOG, xds_scan_line, &sc, cause) != 0)
		rc = -1;
	else if (sc.n > 0) {
		xqsort(sc.v, sc.n, sizeof *sc.v, xds_line_cmp);
		for (i = 0; i < sc.n; i = j) {
			for (j = i + 1; j < sc.n &&
			    xds_who_cmp(&sc.v[i], &sc.v[j]) == 0; j++)
				;
			xds_walk(g, sc.v + i, j - i);
		}
	}
	for (i = 0; i < sc.n; i++) {
		free(sc.v[i].namespace);
		free(sc.v[i].pod);
		free(sc.v[i].container);
		free(sc.v[i].text);
	}
	free(sc.v);
	return (rc);
}

void
xds_gaps_free(struct xds_gaps *g)
{
	size_t	i;

	for (i = 0; i < g->n; i++) {
		free(g->v[i].namespace);
		free(g->v[i].pod);
		free(g->v[i].container);
		free(g->v[i].line);
		free(g->v[i].said);
	}
	free(g->v);
	memset(g, 0, sizeof *g);
}

const struct xds_gap *
xds_gap_over(const struct xds_gaps *g, int64_t from_us, int64_t to_us,
    int64_t min_us, int (*skip)(void *ctx, const char *namespace,
    const char *pod), void *ctx)
{
	const struct xds_gap	*best = NULL, *gp;
	size_t			 i;

	for (i = 0; i < g->n; i++) {
		gp = &g->v[i];
		if (gp->to_us - gp->from_us < min_us || gp->to_us < from_us ||
		    gp->from_us > to_us)
			continue;
		if (skip != NULL && skip(ctx, gp->namespace, gp->pod))
			continue;
		if (best == NULL || gp->to_us - gp->from_us > best->to_us -
		    best->from_us)
			best = gp;
	}
	return (best);
}
