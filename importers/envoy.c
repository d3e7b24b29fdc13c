/*
 * envoy.c: the "envoy" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_envoy_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_envoy_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("envoy is not built yet");
	return (-1);
}

const struct importer imp_envoy = {
	.name = "envoy",
	.summary = "(being written)",
	.probe = imp_envoy_probe,
	.parse = imp_envoy_parse,
};
