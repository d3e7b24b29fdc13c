/*
 * gen-big.c: the records of the reconciliation row of "make bench",
 * deterministic (no randomness), plain and quick to write; the pods and
 * the access log of the analysis rows are gen-k8s.c's.
 *
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

#include "gen-time.h"

#define T0	1778572800LL		/* 2026-05-12T08:00:00Z */
#define SPAN	21600LL			/* the records span 6 hours */

static void
gen_records(long n, long miss)
{
	FILE		*actual = fdopen(3, "w");
	char		 t[40];
	long		 i, step;

	/* more missing than records (a small BENCH_RECORDS): every one */
	if (miss > n)
		miss = n;
	step = miss > 0 ? n / miss : n + 1;
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
	if (argc == 4 && strcmp(argv[1], "records") == 0)
		gen_records(strtol(argv[2], NULL, 10),
		    strtol(argv[3], NULL, 10));
	else {
		fprintf(stderr, "usage: gen-big records N MISS\n");
		return (2);
	}
	return (fflush(stdout) == 0 ? 0 : 1);
}
