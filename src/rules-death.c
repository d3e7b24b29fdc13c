/*
 * rules-death.c: the findings about how containers and pods ended other
 * than by their deletion (DESIGN §5, §6): oom-killed (analyze.h).  Pods
 * are grouped per workload and episode: one finding lists every pod of
 * it.  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "timefmt.h"

/* Containers OOMKilled: memory, never the grace period. */
int
rule_oom(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	struct finding			*f;
	json_t				*d, *detail;
	size_t				 i, j, first = a->n;

	for (i = 0; i < a->pods.n; i++) {
		p = &a->pods.v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			if (!str_eq(c->reason, "OOMKilled"))
				continue;
			f = analysis_group(a, FK_OOM_KILLED, p,
			    c->finished_us);
			finding_add_pod(f, p);
			finding_widen(f, c->finished_us, c->finished_us);
			if ((detail = json_object_get(f->evidence,
			    "pods_detail")) == NULL) {
				detail = json_array();
				json_object_set_new(f->evidence, "pods_detail",
				    detail);
			}
			d = json_object();
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "finished",
			    jv_time(c->finished_us));
			json_object_set_new(d, "exit_code",
			    json_integer(c->exit_code));
			json_object_set_new(d, "restarts", c->restarts ==
			    INT_NONE ? json_null() : json_integer(c->restarts));
			json_array_append_new(detail, d);
			json_object_set_new(f->evidence, "count", json_integer(
			    (json_int_t)json_array_size(detail)));
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_OOM_KILLED)
			continue;
		f->summary = xasprintf("%lld container%s of %s ran out of "
		    "memory (OOMKilled, exit 137)", (long long)
		    json_integer_value(json_object_get(f->evidence, "count")),
		    json_integer_value(json_object_get(f->evidence,
		    "count")) == 1 ? "" : "s", f->workload);
		f->recommendation = xstrdup("Raise the memory limit or find "
		    "what grew (the container's last log lines); this exit "
		    "137 is the kernel's OOM killer, not the grace period.");
	}
	return (0);
}
