/*
 * shape.c: the shapes an input may have, each told by keys only it holds
 * (shape.h), most telling first: an audit event holds a whole Pod, so it
 * is tried before Pods.  Data for one message; no detection, no SQL.
 */
#include <stdio.h>
#include <string.h>

#include "k8sjson.h"
#include "shape.h"

static const struct shape shapes[] = {
	{ .what = "Kubernetes audit events", .keys = { "auditID", "stage" },
	    .format = "k8s-audit" },
	{ .what = "Cloud Audit Logs entries",
	    .keys = { "protoPayload", "logName" }, .format = "k8s-audit" },
	{ .what = "CloudWatch log events",
	    .keys = { "logStreamName", "message" }, .format = "k8s-audit" },
	{ .what = "Cloud Logging entries", .keys = { "logName", "insertId" },
	    .format = "cloud-logging" },
	{ .what = "Fluent Bit container records",
	    .keys = { "kubernetes", "pod_name", "log" },
	    .format = "cloudwatch-logs" },
	{ .what = "GCP load balancer logs",
	    .keys = { "httpRequest", "statusDetails" }, .format = "gclb" },
	{ .what = "helm history", .keys = { "revision", "chart", "updated" },
	    .format = "deploys" },
	{ .what = "Argo CD Applications", .keys = { "deployStartedAt" },
	    .format = "deploys" },
	{ .what = "Flux HelmReleases",
	    .keys = { "chartVersion", "lastDeployed" }, .format = "deploys" },
	{ .what = "Kubernetes Events", .keys = { "involvedObject" },
	    .format = "k8s-events" },
	{ .what = "Kubernetes Events", .keys = { "regarding", "note" },
	    .format = "k8s-events" },
	{ .what = "Kubernetes Pods", .keys = { "containerStatuses" },
	    .format = "k8s-pods" },
	{ .what = "EndpointSlices", .keys = { "addressType", "endpoints" },
	    .format = "k8s-endpointslices" },
	{ .what = "Kubernetes Nodes", .keys = { "nodeInfo" },
	    .format = "k8s-nodes" },
	{ .what = "Kubernetes objects", .keys = { "apiVersion", "kind" } },
};

const struct shape *
shape_guess(const unsigned char *head, size_t len)
{
	struct kj_head	 h;
	size_t		 i, k;

	if (!kj_head_open_any(&h, head, len))
		return (NULL);
	for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		for (k = 0; k < SHAPE_KEYS && shapes[i].keys[k] != NULL; k++) {
			if (!kj_head_key(&h, shapes[i].keys[k], NULL))
				break;
		}
		if (k == SHAPE_KEYS || shapes[i].keys[k] == NULL)
			return (&shapes[i]);
	}
	return (NULL);
}

void
shape_keys(const struct shape *sh, char *out, size_t len)
{
	size_t	k, n = 0;

	out[0] = '\0';
	for (k = 0; k < SHAPE_KEYS && sh->keys[k] != NULL && n < len; k++)
		n += (size_t)snprintf(out + n, len - n, "%s%s",
		    k > 0 ? ", " : "", sh->keys[k]);
}
