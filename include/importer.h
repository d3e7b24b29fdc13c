/*
 * importer.h: the family of importers, one per input format.
 *
 * Each importer is a const struct importer in the table of
 * importers/importers.c.  probe() scores the first bytes of an input (the
 * best score wins; --as skips probing); parse() reads the whole input and
 * writes records to a sink.  Importers know nothing of SQLite or curses.
 * Adding a format = one file, one line in the table, one test directory
 * (the README's recipe "Adding an input format" lists the rest).
 */
#ifndef IMPORTER_H
#define IMPORTER_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "source.h"

struct zone;

/* What the command line tells every importer. */
struct import_opts {
	const struct zone *tz;		/* --tz: the zone of zone-less
					   times, NULL for UTC; borrowed */
	const char	*pod_namespace;	/* --pod NS/POD: whose log this is */
	const char	*pod_name;	/* (NULL: from the input's path) */
	const char	*container;	/* --container NAME, or NULL */
	const char	*records;	/* --records NAME: the record set */
	const char	*key_col;	/* --key COL (dotted path in JSON) */
	const char	*time_col;	/* --time COL (dotted path in JSON) */
	size_t		 max_object;	/* --max-object: the most memory one
					   JSON object may take to read, in
					   bytes (JSONSPLIT_MAX_OBJECT) */
	int		 max_upstreams;	/* --max-upstreams: upstream attempts
					   one access-log line may list */
	const char	*release_namespace; /* --release NS/NAME: the Helm
					   release a `helm history` is of */
	const char	*release_name;	/* (NULL: not given) */
};

/* What struct importer's reads says an importer reads. */
#define IMP_READS_TZ		0x1	/* --tz */
#define IMP_READS_RECORDS	0x2	/* --records, --key, --time */
#define IMP_READS_POD		0x4	/* --pod, --container */
#define IMP_READS_RELEASE	0x8	/* --release */

/* The defaults of the limits above. */
#define IMPORT_MAX_UPSTREAMS	64

#define IMPORT_NOTHING	1	/* parse(): nothing to read here */
#define IMPORT_NEEDS	2	/* parse(): an option is needed to read it */

struct importer {
	const char	*name;		/* the --as name, e.g. "k8s-events" */
	const char	*summary;	/* one line: what it reads */
	/*
	 * The input's name says whom its records belong to (container logs:
	 * .../NS/POD/CONTAINER.log), so the same content under two names is
	 * two inputs: deduplication hashes the name's last three parts too.
	 */
	int		 path_matters;
	/*
	 * The options it reads (IMP_READS_*): an input's identity holds
	 * only those, so that an option given for another input of the
	 * same command (--release for a Helm history in a directory) does
	 * not make this one new.
	 */
	unsigned	 reads;
	/*
	 * Scores how sure the importer is that the input is its format:
	 * 0 (not mine) to 100 (certain), from the input's name and its first
	 * len bytes (borrowed).
	 */
	int		(*probe)(const char *name, const unsigned char *head,
			    size_t len);
	/*
	 * Reads the input to its end, putting records and rejecting bad
	 * pieces through the sink.  Returns 0; IMPORT_NOTHING with a new
	 * *cause when the input is well formed but holds nothing coroner
	 * reads (a NodeList: a bundle skips it quietly, and so does the
	 * command beside inputs that import; alone it is refused, with
	 * *cause); IMPORT_NEEDS with a
	 * new *cause (what to give) when it cannot be read without an option
	 * (a helm history without --release: a directory skips it, saying
	 * so); or -1 with a new *cause when the input could not be read at
	 * all (not this format, a read error before any record, a sink
	 * failure).
	 */
	int		(*parse)(struct input *in,
			    const struct import_opts *opts, struct sink *sink,
			    char **cause);
};

/* The importers, each defined in its own file. */
extern const struct importer imp_k8s_events;
extern const struct importer imp_k8s_pods;
extern const struct importer imp_k8s_workloads;
extern const struct importer imp_k8s_endpointslices;
extern const struct importer imp_k8s_nodes;
extern const struct importer imp_deploys;
extern const struct importer imp_container_log;
extern const struct importer imp_ingress_nginx;
extern const struct importer imp_envoy;
extern const struct importer imp_alb;
extern const struct importer imp_gclb;
extern const struct importer imp_records;
extern const struct importer imp_k8s_audit;
extern const struct importer imp_cloud_logging;
extern const struct importer imp_cloudwatch_logs;

/* The NULL-terminated table of importers (importers/importers.c). */
extern const struct importer *const importers[];

/* The importer named name, or NULL. */
const struct importer	*importer_find(const char *name);

/*
 * The importer that scores best for this input, or NULL when none scores
 * above 0.  Peeks at the input (no bytes are consumed).
 */
const struct importer	*importer_detect(struct input *in, int *score);

/*
 * Whether s[0..n), one line, starts with a syslog header (RFC 3164
 * "Mmm dd hh:mm:ss HOST TAG[PID]:" or RFC 5424 "<PRI>1 TIME HOST APP");
 * sets *prog and *prog_len to the program's name (borrowed from s).
 */
int			 importer_syslog_line(const char *s, size_t n,
			    const char **prog, size_t *prog_len);

#endif
