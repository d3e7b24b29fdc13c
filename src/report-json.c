/*
 * report-json.c: the report JSON (coroner.1, REPORT JSON), built from the
 * stored sources, summary and findings.  Field names and types are a
 * contract: add fields, never change one, and say so in coroner.1.  No
 * SQL, no drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "report.h"
#include "jsonval.h"
#include "timefmt.h"
#include "util.h"

static int
add_finding(void *ctx, const void *row)
{
	json_t			*arr = ctx, *f, *pods, *ev;
	const struct row_finding *r = row;

	pods = r->pods != NULL ? json_loads(r->pods, 0, NULL) : NULL;
	ev = r->evidence != NULL ? json_loads(r->evidence, 0, NULL) : NULL;
	f = json_object();
	json_object_set_new(f, "id", json_integer(r->id));
	json_object_set_new(f, "kind", jv_str(r->kind));
	json_object_set_new(f, "severity", jv_str(r->severity));
	json_object_set_new(f, "namespace", jv_str(r->namespace));
	json_object_set_new(f, "workload", jv_str(r->workload));
	json_object_set_new(f, "pods", pods != NULL ? pods : json_array());
	json_object_set_new(f, "start", jv_time(r->start_us));
	json_object_set_new(f, "end", jv_time(r->end_us));
	json_object_set_new(f, "summary", jv_str(r->summary));
	json_object_set_new(f, "evidence", ev != NULL ? ev : json_object());
	json_object_set_new(f, "recommendation", jv_str(r->recommendation));
	json_array_append_new(arr, f);
	return (0);
}

json_t *
report_json(struct store *st, int64_t generated_us, char **cause)
{
	struct store_source	*src = NULL;
	struct store_summary	 sum;
	json_t			*o, *sources, *findings, *s;
	size_t			 n = 0, i;

	if (store_sources(st, &src, &n, cause) != 0 ||
	    store_summary(st, &sum, cause) != 0)
		return (NULL);
	o = json_object();
	json_object_set_new(o, "format", json_string("coroner-report/1"));
	json_object_set_new(o, "generated_at", jv_time(generated_us));
	json_object_set_new(o, "window", json_pack("{s:o,s:o,s:s}", "start",
	    jv_time(sum.first_us), "end", jv_time(sum.last_us), "basis",
	    sum.basis));
	sources = json_array();
	for (i = 0; i < n; i++) {
		s = json_object();
		json_object_set_new(s, "path", json_string(src[i].path));
		json_object_set_new(s, "member", src[i].member != NULL ?
		    json_string(src[i].member) : json_null());
		json_object_set_new(s, "format", json_string(src[i].format));
		json_object_set_new(s, "rows", json_integer(src[i].rows));
		json_object_set_new(s, "rejected",
		    json_integer(src[i].rejected));
		json_array_append_new(sources, s);
	}
	store_sources_free(src, n);
	json_object_set_new(o, "sources", sources);
	json_object_set_new(o, "summary", json_pack("{s:I,s:I,s:I,s:I}",
	    "pods", (json_int_t)sum.pods, "rollouts",
	    (json_int_t)sum.rollouts, "requests", (json_int_t)sum.requests,
	    "failed_requests", (json_int_t)sum.failed_requests));
	findings = json_array();
	if (store_model_scan(st, ROW_FINDING, add_finding,
	    findings, cause) != 0) {
		json_decref(findings);
		json_decref(o);
		return (NULL);
	}
	json_object_set_new(o, "findings", findings);
	return (o);
}
