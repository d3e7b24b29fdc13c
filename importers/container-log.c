/*
 * container-log.c: the "container-log" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_container_log_probe(const char *name, const unsigned char *head,
    size_t len)
{
	return (0);
}

static int
imp_container_log_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("container-log is not built yet");
	return (-1);
}

const struct importer imp_container_log = {
	.name = "container-log",
	.summary = "(being written)",
	.probe = imp_container_log_probe,
	.parse = imp_container_log_parse,
};
