/*
 * record.h: the normalized records importers produce and the sink they
 * write them to.
 *
 * A record is a plain struct of borrowed strings and int64_t times: the
 * strings belong to the importer and are valid only during the put() call
 * (the receiver copies what it keeps).  NULL means "absent"; TIME_NONE
 * means an unknown time; -1 an unknown count.  Importers fill records and
 * call sink_put(); they never see SQLite.  Production wires the sink to the
 * store, tests to a dumper printing one canonical JSON line per record,
 * fuzzers to nothing.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdint.h>

enum rec_type {
	REC_EVENT,		/* struct rec_event */
	REC__COUNT
};

/* One Kubernetes Event (core/v1 or events.k8s.io/v1, normalized). */
struct rec_event {
	const char	*uid;		/* metadata.uid */
	const char	*name;		/* metadata.name */
	const char	*namespace;	/* metadata.namespace, or object's */
	const char	*obj_kind;	/* involvedObject/regarding .kind */
	const char	*obj_namespace;	/* involvedObject .namespace */
	const char	*obj_name;	/* involvedObject .name */
	const char	*obj_uid;	/* involvedObject .uid */
	const char	*field_path;	/* involvedObject .fieldPath as given */
	const char	*container;	/* from spec.{,init}Containers{NAME} */
	int		 init_container; /* 1 when from spec.initContainers */
	const char	*reason;	/* "Killing", "ScalingReplicaSet"... */
	const char	*message;	/* message / note, may be multi-line */
	const char	*type;		/* "Normal", "Warning", ... */
	const char	*component;	/* source.component, else reporting */
	const char	*host;		/* source.host, else the reporting
					   instance */
	const char	*action;	/* new-style action, e.g. "Binding" */
	int64_t		 time_us;	/* kubectl's order: last, eventTime,
					   series.last, first, creation */
	int64_t		 first_us;	/* eventTime, else firstTimestamp, else
					   creation */
	int64_t		 last_us;	/* series.lastObservedTime, else
					   lastTimestamp, else eventTime, else
					   first */
	int64_t		 count;		/* series.count, else count, else 1 */
	int64_t		 line;		/* input line where the object starts */
};

/* Where records go.  Both callbacks are required. */
struct sink {
	void	*ctx;			/* the receiver's state */
	/* Returns 0, or -1 when the receiver failed (the import stops). */
	int	(*put)(void *ctx, enum rec_type type, const void *rec);
	/* A rejected piece of input: line number and a reason (borrowed). */
	void	(*reject)(void *ctx, int64_t line, const char *reason);
};

static inline int
sink_put(struct sink *s, enum rec_type type, const void *rec)
{
	return (s->put(s->ctx, type, rec));
}

/*
 * Each record type is described by a table of its fields, so that the
 * store and the test dumper handle every type with one piece of code.
 * Field names are the store's column names and the dump's keys.
 */
enum rec_ftype {
	RF_STR,			/* const char *, NULL = absent */
	RF_TIME,		/* int64_t microseconds, TIME_NONE = unknown */
	RF_INT,			/* int64_t, -1 = unknown where documented */
	RF_BOOL			/* int, 0 or 1 */
};
struct rec_field {
	const char	*name;		/* column and dump key */
	enum rec_ftype	 type;
	size_t		 off;		/* offsetof in the record struct */
};
struct rec_desc {
	const char		*name;	/* "event" */
	const char		*table;	/* the store's table, "events" */
	const struct rec_field	*fields; /* ends with a NULL name */
};
extern const struct rec_desc rec_descs[REC__COUNT];

void	sink_reject(struct sink *s, int64_t line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));

#endif
