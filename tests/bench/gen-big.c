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

#define T0	1778572800LL		/* 2026-05-12T08:00:00Z */
#define SPAN	21600LL			/* the records span 6 hours */

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
	if (argc == 4 && strcmp(argv[1], "records") == 0)
		gen_records(strtol(argv[2], NULL, 10),
		    strtol(argv[3], NULL, 10));
	else {
		fprintf(stderr, "usage: gen-big records N MISS\n");
		return (2);
	}
	return (fflush(stdout) == 0 ? 0 : 1);
}
