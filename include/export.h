/*
 * export.h: the fleet export (coroner(1), FLEET EXPORT): one incident's
 * pods, deaths, findings, rollouts and traffic as NDJSON files, one per
 * table, every row carrying the schema, the cluster and the incident, and
 * the SQL that creates those tables in a distributed engine (ClickHouse).
 * The files' columns are one table per file in export.c, from which both
 * the rows and the DDL are written: they cannot disagree.  Reads through
 * the store (store-export.h), a row at a time; no SQL.
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "store.h"
#include "util.h"

/*
 * The version of the exported tables, in every row's "schema": bumped on
 * any change to a file's columns (the README's Fleet section).
 */
#define EXPORT_SCHEMA	1

/* What an export wrote. */
struct export_stats {
	char		 incident[SHA256_HEX_LEN]; /* the incident's id: the
					   SHA-256 of its sources' identities
					   (sources.hash), sorted, each
					   followed by a newline */
	int64_t		 pods;		/* rows of pods.ndjson */
	int64_t		 deaths;	/* of deaths.ndjson */
	int64_t		 findings;	/* of findings.ndjson */
	int64_t		 rollouts;	/* of rollouts.ndjson */
	int64_t		 rollouts_seen;	/* of them rollouts ("rollout":
					   true); the rest are deploys that
					   started none */
	int64_t		 minutes;	/* of traffic.ndjson */
};

/*
 * Writes the SQL creating the export's tables in dialect ("clickhouse")
 * to out.  Returns 0, or -1 with a new *cause (an unknown dialect, or
 * out failed).
 */
int	export_schema(FILE *out, const char *dialect, char **cause);

/*
 * Whether dir may receive an export: each of the export's files there is
 * missing, empty or an export (a file of that name holding anything else
 * is refused, so that nothing but an earlier export is replaced).
 * Returns 0, or -1 with a new *cause naming the file.
 */
int	export_dir_check(const char *dir, char **cause);

/*
 * Writes the export of the incident in st as cluster into dir (which
 * exists), each file atomically (a temporary file renamed over it),
 * incidents.ndjson last; version is coroner's.  Fills *stats.  Returns 0,
 * or -1 with a new *cause (the files written before stay).
 */
int	export_write(struct store *st, const char *cluster, const char *dir,
	    const char *version, struct export_stats *stats, char **cause);

#endif
