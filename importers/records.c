/*
 * records.c: the "records" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_records_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_records_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("records are not read yet");
	return (-1);
}

const struct importer imp_records = {
	.name = "records",
	.summary = "(being written)",
	.probe = imp_records_probe,
	.parse = imp_records_parse,
};
