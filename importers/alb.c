/*
 * alb.c: the "alb" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_alb_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_alb_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("alb is not built yet");
	return (-1);
}

const struct importer imp_alb = {
	.name = "alb",
	.summary = "(being written)",
	.probe = imp_alb_probe,
	.parse = imp_alb_parse,
};
