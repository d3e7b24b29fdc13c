/*
 * k8s-pods.c: the "k8s-pods" importer (being written).
 */
#include <stdio.h>

#include "k8s.h"

enum k8s_put
k8s_pod_put(json_t *obj, const char *watch, int64_t line,
    struct sink *sink, char *why, size_t whylen)
{
	snprintf(why, whylen, "k8s-pods is not built yet");
	return (K8S_PUT_REJECT);
}

static int
imp_k8s_pods_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_k8s_pods_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	return (k8s_read(in, sink, cause));
}

const struct importer imp_k8s_pods = {
	.name = "k8s-pods",
	.summary = "(being written)",
	.probe = imp_k8s_pods_probe,
	.parse = imp_k8s_pods_parse,
};
