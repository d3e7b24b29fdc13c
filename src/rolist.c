/*
 * rolist.c: the model's rollouts held for lookups (rolist.h).  A
 * Deployment's rollouts are chained in the model's order, its first one
 * indexed by namespace and name, so that each lookup walks one
 * Deployment's rollouts only.  No SQL, no drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonval.h"
#include "rolist.h"
#include "timefmt.h"

/* A Deployment looked for among the rollouts. */
struct rolist_key {
	const struct rolist	*ro;
	const char		*ns;
	const char		*deployment;
};

static uint64_t
rolist_hash(const char *ns, const char *deployment)
{
	return (hindex_str(hindex_str(HINDEX_SEED, ns), deployment));
}

static int
rolist_eq(const void *ctx, size_t item)
{
	const struct rolist_key	*k = ctx;

	return (str_eq(k->ro->v[item].namespace, k->ns) &&
	    str_eq(k->ro->v[item].deployment, k->deployment));
}

static const char *
dup(struct rolist *ro, const char *s)
{
	return (s != NULL ? arena_strdup(&ro->strings, s) : NULL);
}

static int
rolist_add(void *ctx, const void *row)
{
	struct rolist			*ro = ctx;
	const struct row_rollout	*r = row;
	struct rolist_item		*t;

	if (ro->n == ro->cap) {
		ro->cap = ro->cap == 0 ? 16 : ro->cap * 2;
		ro->v = xreallocarray(ro->v, ro->cap, sizeof *ro->v);
	}
	t = &ro->v[ro->n++];
	t->kind = r->kind != NULL ? dup(ro, r->kind) : "Deployment";
	t->namespace = dup(ro, r->namespace);
	t->deployment = dup(ro, r->deployment);
	t->new_rs = dup(ro, r->new_rs);
	t->old_rs = dup(ro, r->old_rs);
	t->revision = r->revision;
	t->start_us = r->start_us;
	t->end_us = r->end_us;
	t->tool = dup(ro, r->tool);
	t->deploy_revision = dup(ro, r->deploy_revision);
	t->deployed_by = dup(ro, r->deployed_by);
	return (0);
}

int
rolist_load(struct store *st, struct rolist *ro, char **cause)
{
	struct rolist_key	k = { .ro = ro };
	size_t			i;

	memset(ro, 0, sizeof *ro);
	if (store_model_scan(st, ROW_ROLLOUT, rolist_add, ro, cause) != 0)
		return (-1);
	/* each Deployment's rollouts chained in order, the first indexed */
	for (i = ro->n; i > 0; i--) {
		k.ns = ro->v[i - 1].namespace;
		k.deployment = ro->v[i - 1].deployment;
		ro->v[i - 1].next = hindex_put(&ro->ix, rolist_hash(k.ns,
		    k.deployment), i - 1, rolist_eq, &k);
	}
	return (0);
}

void
rolist_free(struct rolist *ro)
{
	free(ro->v);
	hindex_free(&ro->ix);
	arena_free(&ro->strings);
	memset(ro, 0, sizeof *ro);
}

const struct rolist_item *
rolist_first(const struct rolist *ro, const char *ns, const char *dep)
{
	struct rolist_key	k = { .ro = ro, .ns = ns, .deployment = dep };
	size_t			i;

	i = hindex_get(&ro->ix, rolist_hash(ns, dep), rolist_eq, &k);
	return (i != HINDEX_NONE ? &ro->v[i] : NULL);
}

const struct rolist_item *
rolist_next(const struct rolist *ro, const struct rolist_item *r)
{
	return (r->next != HINDEX_NONE ? &ro->v[r->next] : NULL);
}

const char *
rolist_pod_set(const char *owner_kind, const char *owner_name,
    const char *template_hash)
{
	if (str_eq(owner_kind, "ReplicaSet"))
		return (owner_name);
	if (str_eq(owner_kind, "StatefulSet") ||
	    str_eq(owner_kind, "DaemonSet"))
		return (template_hash);
	return (NULL);
}

const struct rolist_item *
rolist_of_rs(const struct rolist *ro, const char *ns, const char *dep,
    const char *rs, int old, int64_t at_us, int64_t slack_us)
{
	const struct rolist_item	*r;

	for (r = rolist_first(ro, ns, dep); r != NULL;
	    r = rolist_next(ro, r)) {
		if (!str_eq(old ? r->old_rs : r->new_rs, rs) || rs == NULL)
			continue;
		if (at_us != TIME_NONE && r->start_us != TIME_NONE &&
		    at_us < r->start_us - slack_us)
			continue;
		if (at_us != TIME_NONE && r->end_us != TIME_NONE &&
		    at_us > r->end_us + slack_us)
			continue;
		return (r);
	}
	return (NULL);
}

const struct rolist_item *
rolist_nearest(const struct rolist *ro, const char *ns, const char *dep,
    int64_t from_us, int64_t to_us, int64_t near_us)
{
	const struct rolist_item	*r, *best = NULL;
	int64_t				 d, best_d = 0, end;

	if (dep == NULL)
		return (NULL);
	for (r = rolist_first(ro, ns, dep); r != NULL;
	    r = rolist_next(ro, r)) {
		if (r->start_us == TIME_NONE)
			continue;
		end = r->end_us != TIME_NONE ? r->end_us : r->start_us;
		if (to_us < r->start_us)
			d = r->start_us - to_us;
		else if (from_us > end)
			d = from_us - end;
		else
			d = 0;
		if (d <= near_us && (best == NULL || d < best_d)) {
			best = r;
			best_d = d;
		}
	}
	return (best);
}

/* The tool's revision as a number when it is one, else as written. */
static json_t *
revision_json(const struct rolist_item *r)
{
	const char	*s = r->deploy_revision;
	char		*end;
	long long	 v;

	if (s == NULL)
		return (jv_int(r->revision));
	v = strtoll(s, &end, 10);
	return (*s != '\0' && *end == '\0' ? json_integer(v) :
	    json_string(s));
}

json_t *
rolist_json(const struct rolist_item *r, int64_t from_us)
{
	json_t	*o;

	if (r == NULL)
		return (json_null());
	o = json_object();
	if (!str_eq(r->kind, "Deployment"))
		json_object_set_new(o, "kind", jv_str(r->kind));
	json_object_set_new(o, "deployment", jv_str(r->deployment));
	json_object_set_new(o, "new_rs", jv_str(r->new_rs));
	json_object_set_new(o, "old_rs", jv_str(r->old_rs));
	json_object_set_new(o, "revision", revision_json(r));
	json_object_set_new(o, "tool", jv_str(r->tool));
	json_object_set_new(o, "deployed_by", jv_str(r->deployed_by));
	json_object_set_new(o, "start", jv_time(r->start_us));
	json_object_set_new(o, "end", jv_time(r->end_us));
	if (from_us != TIME_NONE)
		json_object_set_new(o, "offset_s", r->start_us == TIME_NONE ?
		    json_null() : json_real(round((double)(from_us -
		    r->start_us) / 1e5) / 10));
	return (o);
}

void
rolist_deploy_words(const struct rolist_item *r, int by, char *out,
    size_t len)
{
	char	rev[64] = "";

	if (r->tool != NULL && r->deploy_revision != NULL)
		snprintf(rev, sizeof rev, "%s revision %s", r->tool,
		    r->deploy_revision);
	else if (r->tool != NULL)
		snprintf(rev, sizeof rev, "%s", r->tool);
	if (by && r->deployed_by != NULL)
		snprintf(out, len, "%s%sdeployed by %s", rev, *rev != '\0' ?
		    ", " : "", r->deployed_by);
	else
		snprintf(out, len, "%s", rev);
}

void
rolist_words(const struct rolist_item *r, char *out, size_t len)
{
	char	deploy[304], paren[344];

	rolist_deploy_words(r, 1, deploy, sizeof deploy);
	/* without a deploy tool, the Deployment's own revision */
	if (r->tool == NULL && r->revision != INT_NONE)
		snprintf(paren, sizeof paren, "revision %lld%s%s",
		    (long long)r->revision, *deploy != '\0' ? ", " : "",
		    deploy);
	else
		snprintf(paren, sizeof paren, "%s", deploy);
	if (r->kind != NULL && !str_eq(r->kind, "Deployment"))
		/* a controller revision: the workload says whose */
		snprintf(out, len, "the rollout of %s %s to revision %s%s%s%s",
		    r->kind, r->deployment != NULL ? r->deployment : "?",
		    r->new_rs != NULL ? r->new_rs : "?", *paren != '\0' ?
		    " (" : "", paren, *paren != '\0' ? ")" : "");
	else
		snprintf(out, len, "the rollout to %s%s%s%s", r->new_rs !=
		    NULL ? r->new_rs : "?", *paren != '\0' ? " (" : "",
		    paren, *paren != '\0' ? ")" : "");
}
