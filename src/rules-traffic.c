/*
 * rules-traffic.c: traffic-after-shutdown and 5xx-burst (being written).
 */
#include "analyze.h"

int
rule_traffic_after_shutdown(struct analysis *a, char **cause)
{
	return (0);
}

int
rule_5xx_burst(struct analysis *a, char **cause)
{
	return (0);
}
