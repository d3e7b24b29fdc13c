/*
 * envoy-json.c: Envoy/Istio JSON access-log lines (being written).
 */
#include <stdio.h>

#include "accesslog.h"

int
envoy_json_put(json_t *obj, int64_t line, struct sink *sink, char *why,
    size_t whylen)
{
	snprintf(why, whylen, "Envoy JSON access logs are not read yet");
	return (-1);
}
