/*
 * rostat.c: what each rollout did (rostat.h).  A rollout's pods
 * replaced are those whose deletion the model put down to it (the cause
 * "rollout" and deletion_rollout, as the rollout view lines them up);
 * its unclean exits are its Deployment's container exits that were not
 * clean (podset_is_death, the incident window's rule) while it ran; its
 * failures the attempts routed to the Deployment then that failed; and
 * the 5xx rate of a ReplicaSet is over all the requests routed to its
 * pods.  A deploy of a history that started no rollout seen (no
 * Deployment's pods changed, or none imported of that time) is listed
 * at its time, with nothing counted.  The rollouts view draws these
 * numbers and counts none of them.  No SQL (store.h), no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deletion.h"
#include "rostat.h"
#include "timefmt.h"

#define SEC_US	1000000LL

static int
cmp_stat(const void *a, const void *b)
{
	const struct rostat	*p = a, *q = b;
	int			 c;

	if (p->r->start_us != q->r->start_us)
		return (p->r->start_us == TIME_NONE ? 1 :
		    q->r->start_us == TIME_NONE ? -1 :
		    p->r->start_us < q->r->start_us ? -1 : 1);
	if ((c = strcmp(p->r->namespace != NULL ? p->r->namespace : "",
	    q->r->namespace != NULL ? q->r->namespace : "")) != 0)
		return (c);
	return (strcmp(p->r->deployment != NULL ? p->r->deployment : "",
	    q->r->deployment != NULL ? q->r->deployment : ""));
}

static int
cmp_rs(const void *a, const void *b)
{
	const struct store_rs_traffic	*p = a, *q = b;
	int				 c;

	if ((c = strcmp(p->namespace != NULL ? p->namespace : "",
	    q->namespace != NULL ? q->namespace : "")) != 0)
		return (c);
	return (strcmp(p->rs != NULL ? p->rs : "", q->rs != NULL ? q->rs :
	    ""));
}

/* A ReplicaSet looked for among the sorted rows. */
struct rs_key {
	const char	*ns;
	const char	*rs;
};

static int
cmp_rs_key(const void *key, const void *elem)
{
	const struct rs_key		*k = key;
	const struct store_rs_traffic	*t = elem;
	int				 c;

	if ((c = strcmp(k->ns != NULL ? k->ns : "", t->namespace != NULL ?
	    t->namespace : "")) != 0)
		return (c);
	return (strcmp(k->rs, t->rs != NULL ? t->rs : ""));
}

/* The traffic of ReplicaSet rs in ns, from the sorted rows. */
static void
rs_of(const struct store_rs_traffic *v, size_t n, const char *ns,
    const char *rs, struct rostat_rs *out)
{
	const struct rs_key		 k = { .ns = ns, .rs = rs };
	const struct store_rs_traffic	*hit;

	memset(out, 0, sizeof *out);
	if (rs == NULL || n == 0)
		return;
	if ((hit = xbsearch(&k, v, n, sizeof *v, cmp_rs_key)) == NULL)
		return;
	out->requests = hit->requests;
	out->errors = hit->errors;
}

/* Whether pod p belongs to the rollout's Deployment. */
static int
of_deployment(const struct podset_pod *p, const struct rolist_item *r)
{
	return (str_eq(p->r.namespace, r->namespace) &&
	    str_eq(p->r.workload, r->deployment) &&
	    str_eq(p->r.workload_kind, "Deployment"));
}

/* Whether t is in [from, to] (to TIME_NONE: open). */
static int
within(int64_t t, int64_t from, int64_t to)
{
	return (t != TIME_NONE && from != TIME_NONE && t >= from &&
	    (to == TIME_NONE || t <= to));
}

/* The pods, the image and the unclean exits of one rollout. */
static void
count_pods(struct rostat *s, const struct rolist *ro,
    struct podset_pod *const *pods, size_t n)
{
	const struct rolist_item	*r = s->r;
	const struct row_termination	*t;
	const struct row_container	*c;
	struct podset_pod		*p;
	size_t				 i, j;

	for (i = 0; i < n; i++) {
		p = pods[i];
		if (!of_deployment(p, r))
			continue;
		if (s->image == NULL && str_eq(p->r.owner_name, r->new_rs)) {
			for (j = 0; j < p->nc && s->image == NULL; j++) {
				c = &p->c[j];
				if (!c->init && !c->sidecar && c->image != NULL)
					s->image = c->image;
			}
		}
		for (j = 0; j < p->nt; j++) {
			t = &p->t[j];
			if (podset_is_death(t) && within(t->finished_us,
			    r->start_us, s->to_us))
				s->unclean++;
		}
		if (p->r.deletion_us == TIME_NONE || !str_eq(
		    p->r.deletion_cause, deletion_cause_name(DC_ROLLOUT)) ||
		    deletion_rollout(ro, p->r.namespace, p->r.workload,
		    p->r.owner_name, p->r.deletion_us) != r)
			continue;
		s->replaced = xreallocarray(s->replaced, s->nreplaced + 1,
		    sizeof *s->replaced);
		s->replaced[s->nreplaced++] = p;
		s->killed += p->r.killed != 0;
	}
}

static const char *
dup(struct rostats *out, const char *s)
{
	return (s != NULL ? arena_strdup(&out->strings, s) : NULL);
}

/*
 * A deploy with a time that started no rollout, as an item: at its start,
 * else when it was done (helm history says only when it was updated).
 */
static int
add_deploy(void *ctx, const void *row)
{
	struct rostats		*out = ctx;
	const struct row_deploy	*d = row;
	struct rolist_item	*t;

	if (d->deployment != NULL || (d->start_us == TIME_NONE &&
	    d->end_us == TIME_NONE))
		return (0);
	out->deploys = xreallocarray(out->deploys, out->ndeploys + 1,
	    sizeof *out->deploys);
	t = &out->deploys[out->ndeploys++];
	memset(t, 0, sizeof *t);
	t->namespace = dup(out, d->namespace);
	t->deployment = dup(out, d->name);
	t->revision = INT_NONE;
	t->start_us = d->start_us != TIME_NONE ? d->start_us : d->end_us;
	t->end_us = d->end_us;
	t->tool = dup(out, d->tool);
	t->deploy_revision = dup(out, d->revision);
	t->deployed_by = dup(out, d->actor);
	t->next = HINDEX_NONE;
	return (0);
}

/* The earliest and latest start of the list. */
static void
span_of(struct rostats *out, int64_t t)
{
	if (t == TIME_NONE)
		return;
	if (out->first_us == TIME_NONE || t < out->first_us)
		out->first_us = t;
	if (out->last_us == TIME_NONE || t > out->last_us)
		out->last_us = t;
}

int
rostat_load(struct store *st, const struct rolist *ro,
    struct podset_pod *const *pods, size_t npods, struct rostats *out,
    char **cause)
{
	struct store_rs_traffic		*rt = NULL;
	const struct rolist_item	*next;
	struct rostat			*s;
	size_t				 nrt = 0, i;
	int64_t				 to_s;

	memset(out, 0, sizeof *out);
	out->first_us = out->last_us = TIME_NONE;
	if (store_model_scan(st, ROW_DEPLOY, add_deploy, out, cause) != 0)
		return (-1);
	if (store_rs_traffic(st, &rt, &nrt, cause) != 0)
		return (-1);
	xqsort(rt, nrt, sizeof *rt, cmp_rs);
	out->v = xcalloc(ro->n + out->ndeploys + 1, sizeof *out->v);
	for (i = 0; i < ro->n; i++) {
		s = &out->v[out->n++];
		s->r = &ro->v[i];
		/* the rolist holds each Deployment's rollouts together */
		if (i == 0 || !str_eq(ro->v[i].namespace,
		    ro->v[i - 1].namespace) || !str_eq(ro->v[i].deployment,
		    ro->v[i - 1].deployment))
			out->deployments++;
		s->to_us = s->r->end_us;
		next = rolist_next(ro, s->r);
		if (s->to_us == TIME_NONE && next != NULL)
			s->to_us = next->start_us;
		count_pods(s, ro, pods, npods);
		rs_of(rt, nrt, s->r->namespace, s->r->new_rs, &s->new_rs);
		rs_of(rt, nrt, s->r->namespace, s->r->old_rs, &s->old_rs);
		if (s->r->start_us == TIME_NONE)
			continue;
		/* whole seconds: the traffic is counted by the second */
		to_s = s->to_us != TIME_NONE ? s->to_us / SEC_US :
		    INT64_MAX / 2;
		if (store_workload_traffic(st, s->r->namespace,
		    s->r->deployment, s->r->start_us / SEC_US, to_s,
		    &s->requests, &s->failed, cause) != 0) {
			store_rs_traffic_free(rt, nrt);
			return (-1);
		}
		span_of(out, s->r->start_us);
	}
	store_rs_traffic_free(rt, nrt);
	for (i = 0; i < out->ndeploys; i++) {
		s = &out->v[out->n++];
		s->r = &out->deploys[i];
		s->deploy_only = 1;
		s->to_us = s->r->end_us;
		span_of(out, s->r->start_us);
	}
	xqsort(out->v, out->n, sizeof *out->v, cmp_stat);
	return (0);
}

void
rostat_free(struct rostats *s)
{
	size_t	i;

	for (i = 0; i < s->n; i++)
		free(s->v[i].replaced);
	free(s->v);
	free(s->deploys);
	arena_free(&s->strings);
	memset(s, 0, sizeof *s);
}

void
rostat_rate(const struct rostat_rs *t, char *out, size_t len)
{
	double	pct;

	if (t->requests <= 0) {
		snprintf(out, len, "-");
		return;
	}
	pct = 100.0 * (double)t->errors / (double)t->requests;
	if (t->errors == 0)
		snprintf(out, len, "0%%");
	else if (pct < 0.1)
		snprintf(out, len, "%.2f%%", pct);
	else if (pct < 10)
		snprintf(out, len, "%.1f%%", pct);
	else
		snprintf(out, len, "%.0f%%", pct);
}
