/*
 * gclb.c: the "gclb" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_gclb_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_gclb_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("gclb is not built yet");
	return (-1);
}

const struct importer imp_gclb = {
	.name = "gclb",
	.summary = "(being written)",
	.probe = imp_gclb_probe,
	.parse = imp_gclb_parse,
};
