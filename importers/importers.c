/*
 * importers.c: the table of importers and format detection.  Adding a
 * format: write importers/NAME.c with a probe and a parse function, add
 * one entry here, add tests/importers/NAME/.  Knows nothing of SQLite or
 * curses.
 */
#include <string.h>

#include "importer.h"

const struct importer *const importers[] = {
	&imp_k8s_events,
	&imp_k8s_pods,
	&imp_k8s_workloads,
	&imp_container_log,
	&imp_ingress_nginx,
	&imp_envoy,
	&imp_alb,
	&imp_gclb,
	&imp_records,
	NULL
};

const struct importer *
importer_find(const char *name)
{
	size_t	i;

	for (i = 0; importers[i] != NULL; i++) {
		if (strcmp(importers[i]->name, name) == 0)
			return (importers[i]);
	}
	return (NULL);
}

const struct importer *
importer_detect(struct input *in, int *score)
{
	const struct importer	*best = NULL;
	const unsigned char	*head;
	size_t			 len, i;
	int			 s;

	*score = 0;
	len = input_peek_lines(in, &head);
	for (i = 0; importers[i] != NULL; i++) {
		s = importers[i]->probe(input_name(in), head, len);
		if (s > *score) {
			*score = s;
			best = importers[i];
		}
	}
	return (best);
}
