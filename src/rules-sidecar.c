/*
 * rules-sidecar.c: the mesh sidecar's findings and the Jobs' (being
 * written).
 */
#include "analyze.h"

int
rule_sidecar_exited(struct analysis *a, char **cause)
{
	return (0);
}

int
rule_app_before_proxy(struct analysis *a, char **cause)
{
	return (0);
}

int
rule_job_held(struct analysis *a, char **cause)
{
	return (0);
}

int
rule_job_overran(struct analysis *a, char **cause)
{
	return (0);
}
