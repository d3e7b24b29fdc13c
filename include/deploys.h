/*
 * deploys.h: deploy markers (the model, coroner(1) THE MODEL).  Each
 * entry of a Helm, Argo CD or Flux history becomes a deploy (struct
 * row_deploy) joined to the rollout it started: a rollout of a
 * Deployment of its namespace named like the release, starting within
 * the deploy's window.  A rollout no history explains is given the
 * audit log's change of its Deployment, when one was logged: who
 * patched it and with what tool.  No SQL (store.h) and no drawing.
 */
#ifndef DEPLOYS_H
#define DEPLOYS_H

#include "model.h"
#include "store.h"

struct deploys;
struct model_stats;

/*
 * Reads every deploy of the histories imported (one per tool, release
 * and revision).  Returns 0 and a new *d (deploys_free), or -1 with a
 * new *cause.
 */
int	deploys_load(struct store *st, struct deploys **d, char **cause);
/*
 * Fills the rollout's tool, deploy_revision, deployed_by and
 * deploy_basis from the deploy that started it, else from the audit
 * log's change of its Deployment (strings valid until deploys_free).
 * Returns 0, or -1 when the store failed (store_error()).
 */
int	deploys_attach(struct deploys *d, struct store *st,
	    struct row_rollout *r);
/* Writes the deploys, each with the rollout it started.  0 or -1. */
int	deploys_write(struct deploys *d, struct store *st,
	    struct model_stats *stats);
void	deploys_free(struct deploys *d);

/*
 * The tool a user agent names ("kubectl", "helm", "argocd", "flux"), or
 * NULL.
 */
const char	*deploys_tool_of(const char *user_agent);

#endif
