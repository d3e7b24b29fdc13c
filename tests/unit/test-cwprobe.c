/*
 * test-cwprobe.c: detection between the two importers of CloudWatch
 * exports (importers/cloudwatch-logs.c, importers/k8s-audit.c): the
 * messages' shape decides, whatever a line quotes and whatever comes
 * first.
 */
#include <string.h>

#include "importer.h"
#include "unit.h"

/* The name of the importer that scores best for head, or "(none)". */
static const char *
winner(const char *head)
{
	const struct importer	*best = NULL;
	size_t			 i;
	int			 s, top = 0;

	for (i = 0; importers[i] != NULL; i++) {
		s = importers[i]->probe("input.json",
		    (const unsigned char *)head, strlen(head));
		if (s > top) {
			top = s;
			best = importers[i];
		}
	}
	return (best != NULL ? best->name : "(none)");
}

#define CW_AUDIT	"{\\\"kind\\\":\\\"Event\\\",\\\"apiVersion\\\":" \
			"\\\"audit.k8s.io/v1\\\",\\\"auditID\\\":\\\"a\\\"," \
			"\\\"stage\\\":\\\"ResponseComplete\\\"}"
#define CW_RECORD	"{\\\"log\\\":\\\"hello\\\\n\\\",\\\"stream\\\":" \
			"\\\"stdout\\\",\\\"kubernetes\\\":{\\\"pod_name\\\":" \
			"\\\"p\\\",\\\"namespace_name\\\":\\\"n\\\"}}"
#define CW_QUOTING	"{\\\"log\\\":\\\"{\\\\\\\"apiVersion\\\\\\\":" \
			"\\\\\\\"audit.k8s.io/v1\\\\\\\"}\\\",\\\"stream\\\":" \
			"\\\"stdout\\\",\\\"kubernetes\\\":{\\\"pod_name\\\":" \
			"\\\"p\\\"}}"
#define CW_JOURNAL	"{\\\"hostname\\\":\\\"n\\\",\\\"message\\\":" \
			"\\\"I0512 kubelet\\\"}"
#define CW_EVENT(m)	"{\"logStreamName\": \"s\", \"timestamp\": 1, " \
			"\"message\": \"" m "\", \"eventId\": \"1\"}"

static void
test_cwprobe(void)
{
	/* filter-log-events */
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_AUDIT) "]}"),
	    "k8s-audit");
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_RECORD) "]}"),
	    "cloudwatch-logs");
	/* a container's line quoting an audit Event is still a line */
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_QUOTING) "]}"),
	    "cloudwatch-logs");
	/* a journal record first does not tell; the next message does */
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_JOURNAL) ", "
	    CW_EVENT(CW_RECORD) "]}"), "cloudwatch-logs");
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_JOURNAL) ", "
	    CW_EVENT(CW_AUDIT) "]}"), "k8s-audit");
	/* joined: the first telling message decides */
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_AUDIT) ", "
	    CW_EVENT(CW_RECORD) "]}"), "k8s-audit");
	/* Logs Insights rows and get-query-results' pairs */
	CHECK_STR(winner("[{\"@timestamp\": \"2026-05-12 09:00:00.000\", "
	    "\"@message\": \"" CW_RECORD "\"}]"), "cloudwatch-logs");
	CHECK_STR(winner("[{\"@timestamp\": \"2026-05-12 09:00:00.000\", "
	    "\"@message\": \"" CW_AUDIT "\"}]"), "k8s-audit");
	CHECK_STR(winner("{\"results\": [[{\"field\": \"@message\", "
	    "\"value\": \"" CW_RECORD "\"}]]}"), "cloudwatch-logs");
	/* nothing that tells: no claim */
	CHECK_STR(winner("{\"events\": [" CW_EVENT(CW_JOURNAL) "]}"),
	    "(none)");
	/* bare records, one a line */
	CHECK_STR(winner("{\"log\": \"hi\\n\", \"stream\": \"stdout\", "
	    "\"kubernetes\": {\"pod_name\": \"p\"}}\n"), "cloudwatch-logs");
}

const struct unit_test cwprobe_tests[] = {
	{ "cwprobe", test_cwprobe },
	{ NULL, NULL }
};
