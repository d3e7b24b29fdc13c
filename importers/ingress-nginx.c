/*
 * ingress-nginx.c: the "ingress-nginx" importer (being written).
 */
#include "importer.h"
#include "util.h"

static int
imp_ingress_nginx_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);
}

static int
imp_ingress_nginx_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	*cause = xstrdup("ingress-nginx is not built yet");
	return (-1);
}

const struct importer imp_ingress_nginx = {
	.name = "ingress-nginx",
	.summary = "(being written)",
	.probe = imp_ingress_nginx_probe,
	.parse = imp_ingress_nginx_parse,
};
