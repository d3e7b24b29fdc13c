/*
 * logentry.h: the reader shared by the importers of what log backends
 * kept (k8s-audit, cloud-logging, cloudwatch-logs).  One loop reads
 * every entry of an input (JSON lines, a JSON array, the lists exports
 * hold their entries in, YAML documents) and sends each where it
 * belongs, whichever of the importers was chosen: Cloud Logging
 * LogEntries by their resource, log and service (API server audit to
 * k8s-audit.c; Kubernetes events, container and node logs to
 * cloud-logging.c), containers' records (Fluent Bit's, bare or in
 * CloudWatch's wrappers) to cloudwatch-logs.c, anything else to
 * k8s-audit.c, which reads the audit events of the log backend, of
 * webhooks and of the EKS and AKS exports.  Entries of other resources
 * are counted by kind and said once, never rejected one by one.  Knows
 * nothing of SQLite or curses.
 */
#ifndef LOGENTRY_H
#define LOGENTRY_H

#include <jansson.h>
#include <stdint.h>

#include "importer.h"
#include "jsonlite.h"
#include "k8s.h"

/* Kinds of skipped entries named in a note; the rest are "other". */
#define LOGENTRY_KINDS	8

/* Entries skipped on purpose, by what they are. */
struct logentry_tally {
	char		 what[LOGENTRY_KINDS][72]; /* "gce_instance ..." */
	int64_t		 n[LOGENTRY_KINDS]; /* entries of each */
	size_t		 kinds;		/* of what[] used */
	int64_t		 other;		/* entries of kinds past those */
	int64_t		 total;		/* every entry counted */
};

/* One reading of an input: where records go and what was skipped. */
struct logentry_run {
	struct sink	*sink;		/* borrowed */
	const struct import_opts *opts;	/* borrowed */
	int64_t		 line;		/* where the entry being read starts */
	struct logentry_tally incomplete; /* audit events at a stage that
					   is not the last (ResponseStarted),
					   by stage */
	struct logentry_tally foreign;	/* entries of resources and logs
					   coroner does not read, by kind */
	int64_t		 gaps;		/* the event exporter's notices that
					   events may have been lost */
	int64_t		 gap_us;	/* the first one's time, or
					   TIME_NONE */
	struct jl_doc	 doc;		/* the line being read, and what
					   reading its values made */
};

/*
 * A handler reads one entry (borrowed) and puts its records; K8S_PUT_OK
 * also when it counted the entry as skipped in the run.  K8S_PUT_REJECT
 * with why written.
 */
typedef enum k8s_put (*logentry_handler)(struct logentry_run *run,
    const struct jl *entry, char *why, size_t whylen);

/* Counts one entry of kind what (data: cut to fit) in t. */
void	logentry_count(struct logentry_tally *t, const char *what);
/*
 * The kind of an entry that is not what coroner reads, for the note:
 * the resource's type and the log's name ("gce_instance log
 * serialconsole.googleapis.com/serial_port_1_output"), or the service
 * of its audit ("gke_cluster audit of container.googleapis.com"), into
 * out.
 */
void	logentry_kind(const struct jl *entry, char *out, size_t len);

/*
 * The name of an entry's log: logName's part after "/logs/", with its
 * %2F and the like decoded ("cloudaudit.googleapis.com/activity",
 * "kubelet", "stdout"), into out; "" when there is none.
 */
void	logentry_log_name(const struct jl *entry, char *out, size_t len);
/* The length of a line's text without the newline it ended with. */
size_t	logentry_line_len(const char *s, size_t n);
/*
 * Puts a container's line r (every field but the text and the line) with
 * the len bytes of text, less the newline they ended with, at the entry
 * being read; text is borrowed, or own's (a new string, NULL when none),
 * which is freed.
 */
enum k8s_put	logentry_put_log(struct logentry_run *run, struct rec_log *r,
		    const char *text, size_t len, char *own);

/*
 * Reads every entry of the input (its JSON or YAML objects, and the
 * elements of the lists of log exports: JS_LOG_LISTS) and hands each to
 * its handler; bad ones are rejected as file:line: reason, the rest
 * kept.  What was skipped on purpose is said in notes (sink_note).
 * Returns 0; IMPORT_NOTHING with a new *cause when the input held only
 * entries coroner does not read (naming them); -1 with a new *cause when
 * the sink failed or no entry could be read.
 */
int	logentry_read(struct input *in, const struct import_opts *opts,
	    struct sink *sink, char **cause);

/* The handlers, each in the file of its importer. */
/* k8s-audit.c: a LogEntry of GKE's API server audit (serviceName k8s.io) */
enum k8s_put	k8s_audit_gke_put(struct logentry_run *, const struct jl *,
		    char *, size_t);
/* k8s-audit.c: anything that is not a LogEntry (an audit event, bare or
   in the wrapper of an EKS or AKS export) */
enum k8s_put	k8s_audit_put(struct logentry_run *, const struct jl *,
		    char *, size_t);
/* cloud-logging.c: a Kubernetes Event (logName .../logs/events) */
enum k8s_put	cloud_logging_event_put(struct logentry_run *,
		    const struct jl *, char *, size_t);
/* cloud-logging.c: a container's line (k8s_container) */
enum k8s_put	cloud_logging_container_put(struct logentry_run *,
		    const struct jl *, char *, size_t);
/* cloud-logging.c: the kubelet's or the container runtime's (k8s_node) */
enum k8s_put	cloud_logging_node_put(struct logentry_run *,
		    const struct jl *, char *, size_t);
/*
 * cloudwatch-logs.c: whether msg (borrowed: a parsed record, or the
 * message's string) is a container's line, a Fluent Bit or fluentd
 * record or text in a container's log stream; wrapper (borrowed) is the
 * CloudWatch event or Logs Insights row it came in, NULL for a bare
 * record.
 */
int		cloudwatch_logs_is_line(const struct jl *msg,
		    const struct jl *wrapper);
/*
 * cloudwatch-logs.c: puts that line; time_us is the wrapper's time
 * (TIME_NONE when none), used where the record has no time of its own.
 */
enum k8s_put	cloudwatch_logs_put(struct logentry_run *,
		    const struct jl *msg, const struct jl *wrapper,
		    int64_t time_us, char *, size_t);

#endif
