/*
 * gen-big.c: inputs for the analysis and reconciliation rows of "make
 * bench", deterministic (no randomness): large, plain, in the real
 * formats, and quick to write.
 *
 *	gen-big pods P		a pod watch stream (kubectl get pods -w -o
 *				json --output-watch-events) of P pods of 50
 *				Deployments; every other pod is replaced (its
 *				container SIGKILLed at the grace deadline)
 *	gen-big log P N		N ingress-nginx lines (the default
 *				upstreaminfo format) spread over those pods'
 *				IPs, 0.5 % of them 502s
 *	gen-big records N MISS	on stdout a CSV of N reference records;
 *				on fd 3 an NDJSON of the same records less
 *				MISS of them
 *
 * Standalone: it links nothing of coroner.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define T0	1778572800LL		/* 2026-05-12T08:00:00Z */
#define SPAN	21600LL			/* the pods live in 6 hours */

static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec"
};

/* Civil date from days since 1970-01-01 (proleptic Gregorian). */
static void
civil(long long days, int *y, int *m, int *d)
{
	long long	z = days + 719468, era, doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

static void
rfc3339(long long t, char *out, size_t len)
{
	int	y, m, d;

	civil(t / 86400, &y, &m, &d);
	snprintf(out, len, "%04d-%02d-%02dT%02lld:%02lld:%02lldZ", y, m, d,
	    t % 86400 / 3600, t % 3600 / 60, t % 60);
}

static void
clf(long long t, char *out, size_t len)
{
	int	y, m, d;

	civil(t / 86400, &y, &m, &d);
	snprintf(out, len, "%02d/%s/%04d:%02lld:%02lld:%02lld +0000", d,
	    months[m - 1], y, t % 86400 / 3600, t % 3600 / 60, t % 60);
}

/* Pod i: created, IP, and for replaced pods the deletion request. */
static long long
pod_created(long i, long npods)
{
	return (T0 + (long long)i * SPAN / npods);
}

static int
pod_deleted(long i)
{
	return (i % 2 == 0);
}

static void
pod_ip(long i, char *out, size_t len)
{
	snprintf(out, len, "10.%ld.%ld.%ld", 100 + i / 62500, i / 250 % 250,
	    i % 250 + 2);
}

static void
put_pod(const char *type, long i, long npods, int phase)
{
	char		 c[32], s[32], del[32], fin[32], ip[32];
	long long	 created = pod_created(i, npods);
	long long	 request = created + SPAN / 2;

	rfc3339(created, c, sizeof c);
	rfc3339(created + 2, s, sizeof s);
	rfc3339(request + 30, del, sizeof del);
	rfc3339(request + 30, fin, sizeof fin);
	pod_ip(i, ip, sizeof ip);
	printf("{\"type\":\"%s\",\"object\":{\"apiVersion\":\"v1\","
	    "\"kind\":\"Pod\",\"metadata\":{\"name\":\"app%ld-6d5f8c7b9-"
	    "p%05ld\",\"namespace\":\"ns%ld\",\"uid\":\"pod-%08ld\","
	    "\"resourceVersion\":\"%ld\",\"creationTimestamp\":\"%s\","
	    "\"labels\":{\"pod-template-hash\":\"6d5f8c7b9\"},"
	    "\"ownerReferences\":[{\"apiVersion\":\"apps/v1\",\"kind\":"
	    "\"ReplicaSet\",\"name\":\"app%ld-6d5f8c7b9\",\"uid\":\"rs-%ld\","
	    "\"controller\":true}]", type, i % 50, i, i % 50, i,
	    i * 4 + phase, c, i % 50, i % 50);
	if (phase >= 1)
		printf(",\"deletionTimestamp\":\"%s\","
		    "\"deletionGracePeriodSeconds\":30", del);
	printf("},\"spec\":{\"nodeName\":\"node-%ld\","
	    "\"terminationGracePeriodSeconds\":30,\"containers\":[{\"name\":"
	    "\"app\",\"image\":\"app:1\",\"lifecycle\":{\"preStop\":{\"exec\":"
	    "{\"command\":[\"sleep\",\"25\"]}}}}]},\"status\":{\"phase\":"
	    "\"%s\",\"podIP\":\"%s\",\"startTime\":\"%s\","
	    "\"containerStatuses\":[{\"name\":\"app\",\"ready\":%s,"
	    "\"restartCount\":0,\"image\":\"app:1\",\"state\":", i % 20,
	    phase == 2 ? "Failed" : "Running", ip, s,
	    phase == 0 ? "true" : "false");
	if (phase == 2)
		printf("{\"terminated\":{\"exitCode\":137,\"reason\":\"Error\","
		    "\"startedAt\":\"%s\",\"finishedAt\":\"%s\"}}", s, fin);
	else
		printf("{\"running\":{\"startedAt\":\"%s\"}}", s);
	printf("}]}}}\n");
}

static void
gen_pods(long npods)
{
	long	i;

	for (i = 0; i < npods; i++) {
		put_pod("ADDED", i, npods, 0);
		if (!pod_deleted(i))
			continue;
		put_pod("MODIFIED", i, npods, 1);
		put_pod("MODIFIED", i, npods, 2);
	}
}

/*
 * Lines in time order over the 6 hours; each goes to a pod alive then
 * (round robin over a window of pods created recently).
 */
static void
gen_log(long npods, long n)
{
	char		 t[40], ip[32];
	long long	 at;
	long		 i, k, p;
	int		 fail;

	for (i = 0; i < n; i++) {
		at = T0 + 60 + (long long)i * (SPAN - 120) / n;
		k = (long)((at - T0) * npods / SPAN);
		p = k - (i % 40);
		if (p < 0)
			p = i % (k + 1);
		if (pod_deleted(p) && at >= pod_created(p, npods) + SPAN / 2 +
		    30)
			p = p + 1 < npods ? p + 1 : 1;
		pod_ip(p, ip, sizeof ip);
		clf(at, t, sizeof t);
		/* 0.5 % of the lines fail, spread over the pods */
		fail = (i / 40 * 7919 + i) % 200 == 7;
		printf("10.0.%ld.%ld - - [%s] \"GET /api/v1/items/%ld "
		    "HTTP/1.1\" %d %d \"-\" \"bench/1.0\" 233 0.004 "
		    "[ns%ld-app%ld-8080] [] %s:8080 %d 0.004 %d %016lx%016lx\n",
		    i % 200, i % 250, t,
		    i % 100000, fail ? 502 : 200, fail ? 0 : 512, p % 50,
		    p % 50, ip, fail ? 0 : 512, fail ? 502 : 200,
		    (unsigned long)i * 2654435761UL, (unsigned long)i);
	}
}

static void
gen_records(long n, long miss)
{
	FILE		*actual = fdopen(3, "w");
	char		 t[40];
	long		 i, step = miss > 0 ? n / miss : n + 1;

	if (actual == NULL) {
		fprintf(stderr, "gen-big: records needs fd 3 open\n");
		exit(2);
	}
	printf("id,t,note\n");
	for (i = 0; i < n; i++) {
		rfc3339(T0 + i % SPAN, t, sizeof t);
		printf("R%09ld,%s,\"parcel %ld, depot %ld\"\n", i, t, i, i % 9);
		if (miss > 0 && i % step == step / 2 && i / step < miss)
			continue;
		fprintf(actual, "{\"id\":\"R%09ld\",\"t\":\"%s\"}\n", i, t);
	}
	fclose(actual);
}

int
main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "pods") == 0)
		gen_pods(strtol(argv[2], NULL, 10));
	else if (argc == 4 && strcmp(argv[1], "log") == 0)
		gen_log(strtol(argv[2], NULL, 10), strtol(argv[3], NULL, 10));
	else if (argc == 4 && strcmp(argv[1], "records") == 0)
		gen_records(strtol(argv[2], NULL, 10),
		    strtol(argv[3], NULL, 10));
	else {
		fprintf(stderr, "usage: gen-big pods P | log P N | records N "
		    "MISS\n");
		return (2);
	}
	return (fflush(stdout) == 0 ? 0 : 1);
}
