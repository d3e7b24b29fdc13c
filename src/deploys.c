/*
 * deploys.c: deploy markers joined to rollouts (deploys.h).  The
 * histories are small (a release keeps ten revisions by default), so
 * they are held whole while the rollouts are written.  A deploy is
 * joined to a rollout of its namespace whose Deployment is named like it
 * (the release itself, or the release and a suffix as charts name
 * them; for Argo CD and Flux, any Deployment of the namespace when none
 * is), that starts from a minute before the deploy to ten minutes after
 * it ended: the nearest such start wins.  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deploys.h"
#include "lifecycle.h"
#include "timefmt.h"

#define BEFORE_US	(60 * 1000000LL)	/* a rollout may start this
						   long before the deploy's
						   start is logged */
#define AFTER_US	(600 * 1000000LL)	/* or this long after it
						   ended */
#define CHANGE_US	(600 * 1000000LL)	/* an audited change of a
						   Deployment this long
						   before its rollout */

struct dep {
	struct row_deploy	 r;	/* strings in the set's arena */
};

struct deploys {
	struct arena	 a;
	struct dep	*v;		/* owned */
	size_t		 n;
	char		 basis[320];	/* the last attach's basis */
	char		*actor;		/* owned: the last audited change's */
	char		*agent;		/* owned: its user agent */
};

static const char *
dup(struct arena *a, const char *s)
{
	return (s != NULL ? arena_strdup(a, s) : NULL);
}

static int
load_one(void *ctx, const void *rec)
{
	struct deploys		*d = ctx;
	const struct rec_deploy	*o = rec;
	struct dep		*x = NULL;
	size_t			 i;

	/* the same revision seen again: the last import's word */
	for (i = 0; i < d->n; i++) {
		if (str_eq(d->v[i].r.tool, o->tool) &&
		    str_eq(d->v[i].r.namespace, o->namespace) &&
		    str_eq(d->v[i].r.name, o->name) &&
		    str_eq(d->v[i].r.revision, o->revision)) {
			x = &d->v[i];
			break;
		}
	}
	if (x == NULL) {
		d->v = xreallocarray(d->v, d->n + 1, sizeof *d->v);
		x = &d->v[d->n++];
	}
	memset(x, 0, sizeof *x);
	x->r.tool = dup(&d->a, o->tool);
	x->r.namespace = dup(&d->a, o->namespace);
	x->r.name = dup(&d->a, o->name);
	x->r.revision = dup(&d->a, o->revision);
	x->r.source = dup(&d->a, o->source);
	x->r.status = dup(&d->a, o->status);
	x->r.actor = dup(&d->a, o->actor);
	x->r.description = dup(&d->a, o->description);
	x->r.rollback_to = dup(&d->a, o->rollback_to);
	x->r.start_us = o->start_us;
	x->r.end_us = o->end_us;
	return (0);
}

int
deploys_load(struct store *st, struct deploys **out, char **cause)
{
	struct deploys	*d = xcalloc(1, sizeof *d);

	if (store_scan(st, REC_DEPLOY, load_one, d, cause) != 0) {
		deploys_free(d);
		return (-1);
	}
	*out = d;
	return (0);
}

void
deploys_free(struct deploys *d)
{
	if (d == NULL)
		return;
	free(d->v);
	free(d->actor);
	free(d->agent);
	arena_free(&d->a);
	free(d);
}

const char *
deploys_tool_of(const char *ua)
{
	if (ua == NULL)
		return (NULL);
	if (strncmp(ua, "kubectl", 7) == 0)
		return ("kubectl");
	if (strncmp(ua, "Helm", 4) == 0 || strncmp(ua, "helm/", 5) == 0)
		return ("helm");
	if (strstr(ua, "argocd") != NULL)
		return ("argocd");
	if (strstr(ua, "helm-controller") != NULL ||
	    strstr(ua, "kustomize-controller") != NULL)
		return ("flux");
	return (NULL);
}

/*
 * How well a deploy's name names a Deployment: 3 the same, 2 the
 * release and a suffix ("shop" for "shop-web"), 1 only the namespace
 * (Argo CD and Flux deploy a whole namespace), 0 not at all.
 */
static int
name_rank(const struct row_deploy *d, const char *deployment)
{
	size_t	n;

	if (d->name == NULL || deployment == NULL)
		return (0);
	if (strcmp(d->name, deployment) == 0)
		return (3);
	n = strlen(d->name);
	if (strncmp(d->name, deployment, n) == 0 && deployment[n] == '-')
		return (2);
	return (str_eq(d->tool, "helm") ? 0 : 1);
}

static int64_t
abs64(int64_t v)
{
	return (v < 0 ? -v : v);
}

/* The deploy that started the rollout, or NULL. */
static struct dep *
match(struct deploys *d, const struct row_rollout *r)
{
	struct dep	*best = NULL;
	int64_t		 from, to, dist, best_dist = 0;
	size_t		 i;
	int		 rank, best_rank = 0;

	if (r->start_us == TIME_NONE)
		return (NULL);
	for (i = 0; i < d->n; i++) {
		const struct row_deploy	*x = &d->v[i].r;

		if (!str_eq(x->namespace, r->namespace) ||
		    (rank = name_rank(x, r->deployment)) == 0)
			continue;
		from = x->start_us != TIME_NONE ? x->start_us : x->end_us;
		to = x->end_us != TIME_NONE ? x->end_us : from;
		if (from == TIME_NONE || r->start_us < from - BEFORE_US ||
		    r->start_us > to + AFTER_US)
			continue;
		dist = abs64(r->start_us - from);
		if (best == NULL || rank > best_rank || (rank == best_rank &&
		    dist < best_dist)) {
			best = &d->v[i];
			best_rank = rank;
			best_dist = dist;
		}
	}
	return (best);
}

int
deploys_attach(struct deploys *d, struct store *st, struct row_rollout *r)
{
	struct dep	*x;
	int64_t		 at;
	int		 rc;

	r->tool = r->deploy_revision = r->deployed_by = r->deploy_basis =
	    NULL;
	if ((x = match(d, r)) != NULL) {
		r->tool = x->r.tool;
		r->deploy_revision = x->r.revision;
		r->deployed_by = x->r.actor;
		snprintf(d->basis, sizeof d->basis, "observed: %s history "
		    "of %.100s, revision %.40s", x->r.tool, x->r.name,
		    x->r.revision != NULL ? x->r.revision : "?");
		r->deploy_basis = d->basis;
		if (x->r.deployment == NULL) {
			x->r.deployment = arena_strdup(&d->a, r->deployment);
			x->r.new_rs = r->new_rs != NULL ?
			    arena_strdup(&d->a, r->new_rs) : NULL;
		}
		if (r->deployed_by != NULL)
			return (0);
	}
	if (r->start_us == TIME_NONE)
		return (0);
	free(d->actor);
	free(d->agent);
	d->actor = d->agent = NULL;
	rc = store_deployment_change(st, r->namespace, r->deployment,
	    r->start_us - CHANGE_US, r->start_us + 5000000, &d->actor,
	    &d->agent, &at);
	if (rc < 0)
		return (-1);
	if (rc == 0)
		return (0);
	r->deployed_by = d->actor;
	if (r->tool == NULL) {
		r->tool = deploys_tool_of(d->agent);
		snprintf(d->basis, sizeof d->basis, "observed in the audit "
		    "log: the Deployment changed by %.200s", d->actor);
		r->deploy_basis = d->basis;
	}
	return (0);
}

int
deploys_write(struct deploys *d, struct store *st,
    struct model_stats *stats)
{
	size_t	i;

	for (i = 0; i < d->n; i++) {
		if (store_model_put(st, ROW_DEPLOY, &d->v[i].r) != 0)
			return (-1);
		stats->deploys++;
	}
	return (0);
}
