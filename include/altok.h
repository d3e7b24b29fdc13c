/*
 * altok.h: the one tokenizer of line-based access logs (ingress-nginx,
 * nginx combined/main, Traefik CLF, Envoy/Istio text, AWS ALB/ELB).
 *
 * Dialects are data.  A line is a row of fields separated by spaces; each
 * field is a bare word, a "double-quoted" string, a [bracketed] string
 * (nginx $time_local holds a space) or an nginx list ("a, b : c", several
 * space-separated words).  A dialect is a const table saying, field by
 * field, which role the field plays and which shape it has; altok_read()
 * walks the table over one line and files each field's span under its
 * role.  The importer then takes fields by role, whatever the layout:
 * adding a layout is adding a table.
 *
 *	static const struct altok_field my_fields[] = {
 *		ALTOK_F(AR_CLIENT, ALT_WORD),
 *		ALTOK_F(AR_TIME_LOCAL, ALT_BRACKET),
 *		ALTOK_F(AR_REQUEST_LINE, ALT_QUOTED),
 *		ALTOK_F(AR_STATUS, ALT_WORD),
 *	};
 *	static const struct altok_dialect my = ALTOK_DIALECT("mine",
 *	    my_fields, 0);
 *	struct altok_rec r = { 0 };
 *	if (altok_read(&my, line, len, &r) == 0)
 *		... r.f[AR_STATUS] is the status's span ...
 *
 * Spans point into the caller's line (borrowed: valid while the line is)
 * and hold the text inside the quotes or brackets, escapes kept raw.
 * Nothing here allocates per line; nothing knows what a record means,
 * nor SQLite, nor curses.
 * The time helpers cache the date so that a line costs a few digit
 * conversions (timefmt.h does the full parse when the date changes).
 */
#ifndef ALTOK_H
#define ALTOK_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "source.h"

struct zone;

/* How a field is written. */
enum altok_shape {
	ALT_WORD,		/* bare: up to the next space */
	ALT_QUOTED,		/* "...": \xHH, \" and \\ escapes; ends at
				   an unescaped '"' followed by a space or
				   the end of the line */
	ALT_BRACKET,		/* [...]: ends at the first ']', which must
				   be followed by a space or the end */
	ALT_LIST,		/* nginx list: words joined by ", " with
				   " : " between groups; also one word,
				   but not a whole "[...]" */
	ALT_ANY			/* one of the first three, chosen by the
				   first byte ('[' only when its first ']'
				   ends the field: "[::1]:80" is a word) */
};

/*
 * What a field means.  One set for every dialect, so that importers read
 * fields by meaning.  AR_SKIP fields are checked for shape only.
 */
enum altok_role {
	AR_SKIP,		/* a literal or a field nobody reads */
	/* CLF family (nginx, Traefik) */
	AR_CLIENT,		/* $remote_addr (may be a list: use the
				   first entry) */
	AR_IDENT,		/* the "-" after the client */
	AR_USER,		/* $remote_user */
	AR_TIME_LOCAL,		/* 07/Feb/2020:11:48:51 +0000 */
	AR_REQUEST_LINE,	/* "GET /p HTTP/1.1", "- - -", "" */
	AR_STATUS,		/* status sent to the client */
	AR_BYTES,		/* body bytes sent to the client */
	AR_REFERER,
	AR_USER_AGENT,
	AR_X_FORWARDED_FOR,
	/* ingress-nginx upstreaminfo */
	AR_REQUEST_LENGTH,	/* request bytes */
	AR_REQUEST_TIME,	/* seconds, ms resolution */
	AR_UPSTREAM_NAME,	/* [$proxy_upstream_name] */
	AR_ALT_UPSTREAM_NAME,	/* [$proxy_alternative_upstream_name] */
	AR_UPSTREAM_ADDR_LIST,	/* $upstream_addr */
	AR_UPSTREAM_LENGTH_LIST, /* $upstream_response_length */
	AR_UPSTREAM_TIME_LIST,	/* $upstream_response_time, seconds */
	AR_UPSTREAM_STATUS_LIST, /* $upstream_status */
	AR_REQ_ID,		/* $req_id */
	/* Traefik CLF */
	AR_REQUEST_COUNT,	/* requests since Traefik started */
	AR_ROUTER_NAME,		/* "<router>" */
	AR_SERVER_URL,		/* "http://10.42.0.5:80" */
	AR_DURATION_MS_SUFFIX,	/* "12ms" */
	/* Envoy / Istio text */
	AR_START_TIME_ISO,	/* [2016-04-15T20:17:00.310Z], the start */
	AR_RESPONSE_FLAGS,	/* UF,URX or - */
	AR_RESPONSE_CODE_DETAILS, /* via_upstream, ... */
	AR_CONN_TERMINATION_DETAILS,
	AR_MIXER_STATUS,	/* Istio 1.3-1.7 "%DYNAMIC_METADATA..%" */
	AR_UPSTREAM_TRANSPORT_FAILURE_REASON,
	AR_BYTES_RECEIVED,
	AR_BYTES_SENT,
	AR_DURATION_MS,		/* %DURATION% */
	AR_UPSTREAM_SERVICE_TIME, /* ms or - */
	AR_REQUEST_ID,		/* "%REQ(X-REQUEST-ID)%" */
	AR_AUTHORITY,		/* "%REQ(:AUTHORITY)%" */
	AR_UPSTREAM_HOST,	/* "10.44.1.27:80", "-" */
	AR_UPSTREAM_CLUSTER,	/* outbound|80||svc.ns.svc.cluster.local */
	AR_UPSTREAM_LOCAL_ADDR,
	AR_DOWNSTREAM_LOCAL_ADDR,
	AR_DOWNSTREAM_REMOTE_ADDR,
	AR_REQUESTED_SERVER_NAME,
	AR_ROUTE_NAME,
	/* AWS ALB / classic ELB */
	AR_LB_TYPE,		/* http, https, h2, grpcs, ws, wss */
	AR_TIME_ISO,		/* ALB time: the response (end) */
	AR_LB_NAME,		/* app/<name>/<id> */
	AR_CLIENT_PORT,		/* client:port */
	AR_TARGET_PORT,		/* target:port or - */
	AR_REQUEST_PROCESSING_TIME,
	AR_TARGET_PROCESSING_TIME,
	AR_RESPONSE_PROCESSING_TIME,
	AR_LB_STATUS,		/* elb_status_code */
	AR_TARGET_STATUS,	/* target_status_code */
	AR_SSL_CIPHER,
	AR_SSL_PROTOCOL,
	AR_TARGET_GROUP_ARN,
	AR_TRACE_ID,
	AR_DOMAIN_NAME,
	AR_CHOSEN_CERT_ARN,
	AR_MATCHED_RULE_PRIORITY,
	AR_REQUEST_CREATION_TIME, /* ALB: the request's start */
	AR_ACTIONS_EXECUTED,
	AR_REDIRECT_URL,
	AR_ERROR_REASON,
	AR_TARGET_PORT_LIST,	/* "ip:port ip:port" */
	AR_TARGET_STATUS_LIST,
	AR_CLASSIFICATION,
	AR_CLASSIFICATION_REASON,
	AR_CONN_TRACE_ID,
	AR__COUNT
};

/* One field of a line: where it is and how it was written. */
struct altok_span {
	const char	*p;		/* first byte inside quotes/brackets;
					   NULL when the line had no such
					   field (borrowed from the line) */
	uint32_t	 len;		/* bytes, quotes/brackets excluded */
	uint8_t		 shape;		/* enum altok_shape as found (never
					   ALT_ANY) */
	uint8_t		 flags;		/* ALTOK_ESC, ALTOK_STRAY */
};
#define ALTOK_ESC	0x01		/* holds a backslash escape */
#define ALTOK_STRAY	0x02		/* quoted, holds a raw '"' */

/* One field of a dialect. */
struct altok_field {
	enum altok_role		 role;	/* what it means: its span goes to
					   altok_rec.f[role] (AR_SKIP: read
					   and dropped) */
	enum altok_shape	 shape;	/* how it must be written, else the
					   line is refused at this field */
};
#define ALTOK_F(r, s)	{ .role = (r), .shape = (s) }

/* A layout: its fields in order. */
struct altok_dialect {
	const char			*name;	/* e.g. "ingress-nginx" */
	const struct altok_field	*fields; /* in the line's order;
					   static */
	size_t				 nfields; /* entries in fields */
	size_t				 nrequired; /* the fields after these
					   may be missing at the end */
	int				 trailing_ok; /* fields after the
					   last one are ignored */
};
#define ALTOK_DIALECT(n, f, trailing) {					\
	.name = (n), .fields = (f),					\
	.nfields = sizeof (f) / sizeof (f)[0],				\
	.nrequired = sizeof (f) / sizeof (f)[0],			\
	.trailing_ok = (trailing) }
/* The same, when the last fields may be missing: only req are needed. */
#define ALTOK_DIALECT_MIN(n, f, req, trailing) {			\
	.name = (n), .fields = (f),					\
	.nfields = sizeof (f) / sizeof (f)[0],				\
	.nrequired = (req), .trailing_ok = (trailing) }

/*
 * The fields of one line, by role.  Zero it once; altok_read() then
 * clears it only when the dialect changes (every field of a dialect is
 * rewritten on each read).
 */
struct altok_rec {
	const struct altok_dialect	*dialect; /* of the last read */
	struct altok_span		 f[AR__COUNT]; /* by role */
	size_t				 nread;	/* fields read */
	/* After a failure: */
	const char			*err;	/* what went wrong (static) */
	size_t				 err_field; /* index in the dialect */
	size_t				 err_off; /* byte offset in line */
	int				 err_stray; /* the failure is an
					   unbalanced quote: the line is
					   malformed, whatever the layout */
};

/*
 * Reads line[0..len) (which need not be NUL-terminated) as dialect d into
 * r.  Leading and repeated spaces are skipped.  Returns 0, or -1 with
 * r->err, r->err_field and r->err_off set (r->nread says how far it
 * got: the dialect that read more fields is the better guess).
 */
int	 altok_read(const struct altok_dialect *d, const char *line,
	    size_t len, struct altok_rec *r);

/*
 * Writes "field 5 (request): expected a quoted field" (or the like) for
 * the last failure of r into buf.  Returns buf.
 */
char	*altok_strerror(const struct altok_rec *r, char *buf, size_t len);

/* The name of a role, "upstream_addr": for messages. */
const char	*altok_role_name(enum altok_role role);

/*
 * Splits a line into at most max fields of any shape, without a dialect.
 * Returns the number of fields, or -1 (line too short to hold them is not
 * an error: fewer are returned) when a quote or bracket is not closed or
 * there are more than max fields.
 */
int	 altok_split(const char *line, size_t len, struct altok_span *f,
	    size_t max);

/* Whether a span is absent, empty or the "-" of an unset value. */
int	 altok_blank(const struct altok_span *s);

/*
 * Copies a span's text into buf (NUL-terminated) decoding nginx's \xHH
 * and JSON's \", \\, \/ and \uXXXX (as UTF-8; surrogate pairs joined).
 * Escapes of control characters (below 0x20, 0x7f, \n, \t...) and
 * malformed ones are kept as written, so that no control byte comes out.
 * Text that does not fit is cut at a UTF-8 boundary.  Returns the length
 * written.
 */
size_t	 altok_unescape(const struct altok_span *s, char *buf, size_t len);

/*
 * Copies a span as altok_unescape() does, or sets NULL for a blank span
 * ("-", empty, absent): for optional strings.  Returns buf or NULL.
 */
const char	*altok_str(const struct altok_span *s, char *buf, size_t len);

/*
 * Iterates over a list: entries separated by ", " (or ",", or spaces)
 * with " : " between nginx groups.  Set it->p/it->end from a span
 * (altok_list_init) then call altok_list_next until it returns 0.
 * *group is set to 1 when a " : " came before this entry.
 */
struct altok_iter {
	const char	*p;		/* next byte to read (borrowed) */
	const char	*end;		/* end of the list */
};
void	 altok_list_init(struct altok_iter *it, const struct altok_span *s);
int	 altok_list_next(struct altok_iter *it, struct altok_span *entry,
	    int *group);

/* Decimal integer (optional '-'), at most 18 digits.  Returns 0 or -1. */
int	 altok_int(const char *s, size_t n, int64_t *v);
/*
 * Seconds with an optional fraction ("0.001", "12", "1.5") to
 * microseconds (digits past the sixth are dropped).  Returns 0 or -1.
 */
int	 altok_secs_us(const char *s, size_t n, int64_t *us);

/* The date last seen, so that one line costs a few digit conversions. */
struct altok_clock {
	char		 clf_key[17];	/* "07/Feb/2020" + " +0000" */
	int64_t		 clf_base_us;	/* that day 00:00:00 in that zone */
	char		 iso_key[10];	/* "2016-04-15" of a ...Z time */
	int64_t		 iso_base_us;	/* that day 00:00:00 UTC */
	int		 clf_ok;	/* clf_key is set */
	int		 iso_ok;	/* iso_key is set */
};

/* nginx $time_local "07/Feb/2020:11:48:51 +0000".  Returns 0 or -1. */
int	 altok_time_clf(struct altok_clock *c, const char *s, size_t n,
	    int64_t *us);
/*
 * RFC 3339 as time_parse_iso() reads it (zone-less: in tz, UTC when
 * NULL), fast for "YYYY-MM-DDTHH:MM:SS[.f]Z".  Returns 0 or -1.
 */
int	 altok_time_iso(struct altok_clock *c, const char *s, size_t n,
	    const struct zone *tz, int64_t *us);

/*
 * Splits an HTTP request line "METHOD PATH PROTOCOL" (spans into s):
 * method up to the first space, protocol after the last space when it
 * starts with "HTTP/", the path between.  One word: path only.  "-",
 * "- - -" and "" give three absent spans.
 */
void	 altok_request(const struct altok_span *s, struct altok_span *method,
	    struct altok_span *path, struct altok_span *protocol);

/*
 * Room for the strings of one line: altok_out_begin() makes room for a
 * line of len bytes, in the sink's room (sink_room: the strings reach
 * the store without a copy) or else in a buffer of its own (growing only
 * when a longer line comes, so no allocation per line); altok_out_str()
 * copies a span into it decoded (decoding never lengthens text) and
 * returns a NUL-terminated string valid until the next altok_out_begin(),
 * or NULL for a blank span.  Begin before the line's first record.
 */
struct altok_out {
	char		*buf;		/* owned: used when the sink gives
					   no room */
	size_t		 bufcap;	/* bytes allocated in buf */
	char		*at;		/* this line's room: buf or the
					   sink's (borrowed) */
	size_t		 cap;		/* bytes at at */
	size_t		 used;		/* bytes given out since begin */
};
void		 altok_out_begin(struct altok_out *o, size_t len,
		    struct sink *sink);
const char	*altok_out_str(struct altok_out *o, const struct altok_span *s);
/* Like altok_out_str() but "" and "-" are kept as text. */
const char	*altok_out_text(struct altok_out *o,
		    const struct altok_span *s);
void		 altok_out_free(struct altok_out *o);

/*
 * Copies at most max bytes of s into buf for a message, printable ASCII
 * only (other bytes become '?'), with "..." when cut.  Returns buf.
 */
char	*altok_show(const char *s, size_t n, char *buf, size_t len);

/*
 * Writes "ROLE: WHAT: \"TEXT\"" (the field quoted by altok_show) into why
 * and returns -1: the reject of a field that holds what it must not.
 */
int	 altok_bad_field(const struct altok_span *sp, enum altok_role role,
	    const char *what, char *why, size_t whylen);
/*
 * A count that may be "-" or absent (INT_NONE then): 0 and *v, or -1 with
 * why when it is not a non-negative integer.
 */
int	 altok_opt_count(const struct altok_span *sp, enum altok_role role,
	    int64_t *v, char *why, size_t whylen);

/*
 * The probe of a line-based importer: calls line() on each complete
 * non-blank line of head (at most ALTOK_PROBE_LINES; a last line without
 * its newline counts only when head is the whole input), which returns
 * the line's score (0: not mine).  Returns the highest score that at
 * least half of the lines reach (0 when none).
 */
#define ALTOK_PROBE_LINES	8
int	 altok_probe(const unsigned char *head, size_t len,
	    int (*line)(const char *s, size_t n));
/*
 * The next complete line of a probe's head (len bytes, *at to end; a
 * last line without its newline only when head is the whole input):
 * 1 with *s and *n (without "\r\n") and *at past it, 0 when no more.
 */
int	 altok_head_line(const char **at, const char *end, size_t len,
	    const char **s, size_t *n);

/*
 * The reading loop of a line-based importer.  Calls line() on each
 * non-blank line with its number; line() returns 0 when it put records,
 * -1 to reject the line (why says why: altok_import rejects it through
 * the sink) or -2 when the sink failed.  Lines over 1 MiB are rejected.
 * Returns 0; or -1 with a new *cause when the sink failed, the input
 * could not be read before any good line, or no line was good ("no
 * <what> line; line 3: <why>").
 */
typedef int	(*altok_line_fn)(void *ctx, const char *s, size_t n,
		    int64_t lineno, char *why, size_t whylen);
int	 altok_import(struct input *in, struct sink *sink, const char *what,
	    altok_line_fn line, void *ctx, char **cause);

#endif
