/*
 * container-log.c: the "container-log" importer.  Reads what containers
 * wrote, one struct rec_log per line:
 *
 *  - `kubectl logs --timestamps` output: "2026-05-12T09:00:03.250123456Z
 *    text"; lines without a time (the rest of a stack trace) are records
 *    of their own with an unknown time.  kubectl's --prefix
 *    ("[pod/POD/CONTAINER] ") names the pod and container of each line.
 *  - CRI node log files: "TIME STREAM TAG TEXT", stream stdout or stderr,
 *    tag P (partial) or F (full); the P parts of one stream are joined
 *    with the F line that ends them
 *    (docs/formats/container-logs.md#cri-node-files).
 *  - logs without times: troubleshoot.sh bundle pod logs and the logs.txt
 *    of `kubectl cluster-info dump`, whose START/END frames name the
 *    container of the lines between them
 *    (docs/formats/container-logs.md#cluster-info-frames; the bundles'
 *    layouts: docs/formats/bundles.md).
 *
 * Namespace, pod and container come from the input's name (the layouts of
 * bundles and of the nodes' /var/log, read by cl_path_who), from frames
 * or from prefixes, and stay unknown otherwise.  A daemon's syslog file
 * (HAProxy's) is not claimed by its path alone: only a bundle's own
 * layout makes it a pod's log.  Text is kept as written,
 * but for NUL bytes.  A symbolic link that a checkout saved as a plain
 * file (troubleshoot's all-logs/) is skipped: its target is read anyway.
 * Knows nothing of SQLite or curses, nor of what the lines mean.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "jsonfast.h"
#include "jsonsplit.h"
#include "out.h"
#include "timefmt.h"
#include "util.h"

/* Room for the longest Kubernetes name (a DNS-1123 subdomain) + NUL. */
#define CL_NAME_MAX	254
/* The longest RFC 3339 time we accept: 9 fraction digits and "+hh:mm". */
#define CL_STAMP_MAX	40
/* How a NUL byte of the text is stored: U+FFFD REPLACEMENT CHARACTER. */
#define CL_NUL_REPL	"\xef\xbf\xbd"

#define CL_START	"==== START logs for container "
#define CL_END		"==== END logs for container "
#define CL_OF_POD	" of pod "
#define CL_FRAME_TAIL	" ===="
#define CL_PREFIX	"[pod/"

/* Who wrote some lines; an empty string is unknown. */
struct cl_who {
	char	namespace[CL_NAME_MAX];
	char	pod[CL_NAME_MAX];
	char	container[CL_NAME_MAX];
	int	previous;		/* the previous instance's log */
	int	layout;			/* the name is a bundle's or a node's
					   own layout, not any NS/POD/C.log */
};

/* What an input's name says it is. */
enum cl_path {
	CL_PATH_NONE,			/* no known layout */
	CL_PATH_POD,			/* one container's log */
	CL_PATH_DUMP,			/* cluster-info dump logs.txt */
	CL_PATH_NOT_LOG			/* troubleshoot's *-logs-errors.log */
};

/* The shape of a line, and of an input by its first non-empty line. */
enum cl_kind {
	CL_K_EMPTY,			/* no line at all */
	CL_K_TEXT,			/* no time at the start */
	CL_K_STAMPED,			/* "TIME text" (kubectl --timestamps) */
	CL_K_CRI,			/* "TIME STREAM TAG text" */
	CL_K_FRAME,			/* a cluster-info START frame */
	CL_K_DOCKER			/* Docker's json-file lines */
};

/* A piece of a string: not NUL-terminated. */
struct cl_span {
	const char	*s;
	size_t		 n;
};

/* The P parts of one stream waiting for the line that ends them. */
struct cl_part {
	struct buf	 text;		/* the parts joined so far */
	int64_t		 time_us;	/* the first part's time */
	int64_t		 line;		/* the first part's line */
	int		 open;		/* 1 while parts wait */
};

/* The reading state of one input. */
struct cl_state {
	struct sink	*sink;		/* borrowed */
	struct cl_who	 path;		/* from the input's name */
	struct cl_who	 frame;		/* from the current START frame */
	int		 in_frame;	/* between START and END */
	int		 frame_fresh;	/* no line of this frame read yet */
	int		 framed;	/* frames are read (logs.txt) */
	enum cl_kind	 mode;		/* CL_K_CRI, CL_K_STAMPED or text */
	int		 prefixed;	/* lines start with kubectl's prefix */
	char		 pre_pod[CL_NAME_MAX];	/* of the current line */
	char		 pre_container[CL_NAME_MAX];
	struct cl_part	 part[2];	/* stdout, stderr */
	struct buf	 scratch;	/* text that needed a copy */
	int64_t		 records;	/* put so far */
	size_t		 max_line;	/* longest record kept (--max-line) */
	size_t		 max_object;	/* --max-object, 0: the default */
};

static const char *const cl_streams[2] = { "stdout", "stderr" };

static int
cl_span_is(struct cl_span sp, const char *s)
{
	size_t	n = strlen(s);

	return (sp.n == n && memcmp(sp.s, s, n) == 0);
}

static int
cl_starts(const char *s, size_t n, const char *prefix)
{
	size_t	k = strlen(prefix);

	return (n >= k && memcmp(s, prefix, k) == 0);
}

static int
cl_has_suffix(struct cl_span sp, const char *suffix)
{
	size_t	n = strlen(suffix);

	return (sp.n >= n && memcmp(sp.s + sp.n - n, suffix, n) == 0);
}

/*
 * Whether s[0..n) is a Kubernetes name: a DNS-1123 label (lowercase
 * letters, digits, "-", at most 63), or with dots a subdomain (at most 253).
 */
static int
cl_is_name(const char *s, size_t n, int dots)
{
	size_t	i;

	if (n == 0 || n > (dots ? 253 : 63))
		return (0);
	for (i = 0; i < n; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' &&
		    s[i] <= '9') || s[i] == '-' || (dots && s[i] == '.'))
			continue;
		return (0);
	}
	return (s[0] != '-' && s[0] != '.' && s[n - 1] != '-' &&
	    s[n - 1] != '.');
}

static int
cl_is_hex(const char *s, size_t n, int dashes)
{
	size_t	i;

	if (n == 0)
		return (0);
	for (i = 0; i < n; i++) {
		if ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'f') || (dashes && s[i] == '-'))
			continue;
		return (0);
	}
	return (1);
}

/* Copies a span checked by cl_is_name into a CL_NAME_MAX buffer. */
static void
cl_name_set(char *dst, const char *s, size_t n)
{
	memcpy(dst, s, n);
	dst[n] = '\0';
}

/*
 * Splits path into its last components, the file name first: sets up to
 * max spans and returns how many there are.
 */
static size_t
cl_components(const char *path, struct cl_span *c, size_t max)
{
	const char	*end = path + strlen(path), *p;
	size_t		 k = 0;

	while (k < max && end > path) {
		for (p = end; p > path && p[-1] != '/'; p--)
			;
		c[k].s = p;
		c[k].n = (size_t)(end - p);
		if (c[k].n != 0)
			k++;
		end = p > path ? p - 1 : p;
	}
	return (k);
}

/*
 * Splits s[0..n) at its "_": fills up to max spans, returns how many
 * pieces there are (more than max when there are too many).
 */
static size_t
cl_split_underscore(const char *s, size_t n, struct cl_span *out,
    size_t max)
{
	const char	*p = s, *e = s + n, *u;
	size_t		 k = 0;

	for (;;) {
		u = memchr(p, '_', (size_t)(e - p));
		if (k < max) {
			out[k].s = p;
			out[k].n = (size_t)((u != NULL ? u : e) - p);
		}
		k++;
		if (u == NULL)
			return (k);
		p = u + 1;
	}
}

/* /var/log/pods/<ns>_<pod>_<uid>/<container>/<n>.log[.<rotation>] */
static int
cl_path_cri_pods(const struct cl_span *c, size_t nc, struct cl_who *who)
{
	struct cl_span	 f[3];
	size_t		 i;

	if (nc < 3)
		return (0);
	for (i = 0; i < c[0].n && c[0].s[i] >= '0' && c[0].s[i] <= '9'; i++)
		;
	if (i == 0 || c[0].n - i < 4 || memcmp(c[0].s + i, ".log", 4) != 0 ||
	    (c[0].n - i > 4 && c[0].s[i + 4] != '.'))
		return (0);
	if (!cl_is_name(c[1].s, c[1].n, 0) ||
	    cl_split_underscore(c[2].s, c[2].n, f, 3) != 3 ||
	    !cl_is_name(f[0].s, f[0].n, 0) || !cl_is_name(f[1].s, f[1].n, 1) ||
	    !cl_is_hex(f[2].s, f[2].n, 1))
		return (0);
	cl_name_set(who->namespace, f[0].s, f[0].n);
	cl_name_set(who->pod, f[1].s, f[1].n);
	cl_name_set(who->container, c[1].s, c[1].n);
	return (1);
}

/* /var/log/containers/<pod>_<ns>_<container>-<64 hex digits>.log */
static int
cl_path_cri_containers(const struct cl_span *c, size_t nc,
    struct cl_who *who)
{
	struct cl_span	 f[3];
	size_t		 n;

	if (nc < 1 || !cl_has_suffix(c[0], ".log"))
		return (0);
	n = c[0].n - 4;
	if (cl_split_underscore(c[0].s, n, f, 3) != 3 || f[2].n < 66 ||
	    f[2].s[f[2].n - 65] != '-' ||
	    !cl_is_hex(f[2].s + f[2].n - 64, 64, 0) ||
	    !cl_is_name(f[0].s, f[0].n, 1) || !cl_is_name(f[1].s, f[1].n, 0) ||
	    !cl_is_name(f[2].s, f[2].n - 65, 0))
		return (0);
	cl_name_set(who->pod, f[0].s, f[0].n);
	cl_name_set(who->namespace, f[1].s, f[1].n);
	cl_name_set(who->container, f[2].s, f[2].n - 65);
	return (1);
}

/*
 * .../<ns>/<pod>/<container>[-previous].log, as troubleshoot.sh writes
 * cluster-resources/pods/logs/; older bundles' all-logs/<pod>/ copies name
 * no namespace.
 */
static int
cl_path_pod_log(const struct cl_span *c, size_t nc, struct cl_who *who)
{
	struct cl_span	 stem;

	if (nc < 3 || !cl_has_suffix(c[0], ".log"))
		return (0);
	stem.s = c[0].s;
	stem.n = c[0].n - 4;
	if (cl_has_suffix(stem, "-previous")) {
		stem.n -= strlen("-previous");
		who->previous = 1;
	}
	if (!cl_is_name(stem.s, stem.n, 0) || !cl_is_name(c[1].s, c[1].n, 1))
		return (0);
	if (cl_span_is(c[2], "all-logs")) {
		who->namespace[0] = '\0';
		who->layout = 1;
	} else if (cl_is_name(c[2].s, c[2].n, 0)) {
		cl_name_set(who->namespace, c[2].s, c[2].n);
		who->layout = nc >= 5 && cl_span_is(c[3], "logs") &&
		    cl_span_is(c[4], "pods");
	} else
		return (0);
	cl_name_set(who->pod, c[1].s, c[1].n);
	cl_name_set(who->container, stem.s, stem.n);
	return (1);
}

/*
 * What the input's name says: fills who (emptied first) from the known
 * layouts and returns which one matched.  For an archive member only the
 * part after the last "!" counts.
 */
static enum cl_path
cl_path_who(const char *name, struct cl_who *who)
{
	struct cl_span	 c[5];
	const char	*bang;
	size_t		 nc;

	memset(who, 0, sizeof *who);
	if (name == NULL)
		return (CL_PATH_NONE);
	if ((bang = strrchr(name, '!')) != NULL)
		name = bang + 1;
	nc = cl_components(name, c, 5);
	if (nc == 0)
		return (CL_PATH_NONE);
	if (cl_has_suffix(c[0], "-logs-errors.log"))
		return (CL_PATH_NOT_LOG);
	if (cl_path_cri_pods(c, nc, who)) {
		who->layout = 1;
		return (CL_PATH_POD);
	}
	memset(who, 0, sizeof *who);
	if (cl_path_cri_containers(c, nc, who)) {
		who->layout = 1;
		return (CL_PATH_POD);
	}
	memset(who, 0, sizeof *who);
	if (nc >= 3 && cl_span_is(c[0], "logs.txt") &&
	    cl_is_name(c[1].s, c[1].n, 1) && cl_is_name(c[2].s, c[2].n, 0)) {
		cl_name_set(who->namespace, c[2].s, c[2].n);
		cl_name_set(who->pod, c[1].s, c[1].n);
		who->layout = 1;
		return (CL_PATH_DUMP);
	}
	if (cl_path_pod_log(c, nc, who))
		return (CL_PATH_POD);
	memset(who, 0, sizeof *who);
	return (CL_PATH_NONE);
}

/*
 * The length of the RFC 3339 time with a zone ("Z" or "+hh:mm") that
 * starts s[0..n) and ends at a space or at n; sets *us.  Returns 0 when
 * there is none.
 */
static size_t
cl_stamp(const char *s, size_t n, int64_t *us)
{
	size_t	k;

	for (k = 0; k < n && k < CL_STAMP_MAX && s[k] != ' '; k++)
		;
	if (k < 20 || (k < n && s[k] != ' '))
		return (0);
	if (s[4] != '-' || s[7] != '-' || (s[10] != 'T' && s[10] != 't'))
		return (0);
	if (s[k - 1] != 'Z' && s[k - 1] != 'z' && (k < 25 ||
	    s[k - 3] != ':' || (s[k - 6] != '+' && s[k - 6] != '-')))
		return (0);
	if (time_parse_iso(s, k, NULL, us) != 0)
		return (0);
	return (k);
}

/* The next token of s[0..n) from *pos, up to a space or n; skips it. */
static struct cl_span
cl_token(const char *s, size_t n, size_t *pos)
{
	struct cl_span	 t;
	const char	*sp;

	t.s = s + *pos;
	sp = memchr(t.s, ' ', n - *pos);
	t.n = sp != NULL ? (size_t)(sp - t.s) : n - *pos;
	*pos += t.n;
	if (*pos < n)
		(*pos)++;
	return (t);
}

/* Parsed CRI line: its pieces, or why it is not one. */
struct cl_cri {
	int64_t		 time_us;
	int		 stream;	/* 0 stdout, 1 stderr */
	int		 partial;	/* tag P */
	struct cl_span	 text;
	struct cl_span	 bad;		/* the offending token */
	const char	*why;		/* NULL when the line is good */
};

static void
cl_cri_parse(const char *s, size_t n, struct cl_cri *c)
{
	struct cl_span	 tok, tag;
	size_t		 pos, k;
	const char	*colon;

	memset(c, 0, sizeof *c);
	if (n == 0) {
		c->why = "empty line in a CRI log";
		return;
	}
	if ((k = cl_stamp(s, n, &c->time_us)) == 0) {
		c->why = "not a CRI log line: no RFC 3339 time at its start";
		return;
	}
	pos = k < n ? k + 1 : k;
	tok = cl_token(s, n, &pos);
	if (cl_span_is(tok, "stdout"))
		c->stream = 0;
	else if (cl_span_is(tok, "stderr"))
		c->stream = 1;
	else {
		c->bad = tok;
		c->why = "bad CRI stream";
		return;
	}
	/* Tags are ":"-separated; the first one is P or F. */
	tok = cl_token(s, n, &pos);
	tag = tok;
	if ((colon = memchr(tok.s, ':', tok.n)) != NULL)
		tag.n = (size_t)(colon - tok.s);
	if (cl_span_is(tag, "P"))
		c->partial = 1;
	else if (!cl_span_is(tag, "F")) {
		c->bad = tok;
		c->why = "bad CRI tag";
		return;
	}
	c->text.s = s + pos;
	c->text.n = n - pos;
}

/*
 * kubectl's --prefix "[pod/POD/CONTAINER] ": returns its length and sets
 * the names, or returns 0.
 */
static size_t
cl_prefix(const char *s, size_t n, struct cl_span *pod,
    struct cl_span *container)
{
	size_t		 plen = strlen(CL_PREFIX);
	const char	*slash, *close;

	if (!cl_starts(s, n, CL_PREFIX))
		return (0);
	if ((close = memchr(s, ']', n)) == NULL ||
	    (size_t)(close - s) + 1 >= n || close[1] != ' ')
		return (0);
	pod->s = s + plen;
	if ((slash = memchr(pod->s, '/', (size_t)(close - pod->s))) == NULL)
		return (0);
	pod->n = (size_t)(slash - pod->s);
	container->s = slash + 1;
	container->n = (size_t)(close - container->s);
	if (!cl_is_name(pod->s, pod->n, 1) ||
	    !cl_is_name(container->s, container->n, 0))
		return (0);
	return ((size_t)(close - s) + 2);
}

/*
 * A cluster-info START frame: sets the container, namespace and pod and
 * returns 1, or returns 0.
 */
static int
cl_frame_start(const char *s, size_t n, struct cl_who *who)
{
	size_t		 slen = strlen(CL_START), tlen = strlen(CL_FRAME_TAIL);
	size_t		 olen = strlen(CL_OF_POD);
	const char	*of, *slash, *e;
	struct cl_span	 c, ns, pod;

	if (n < slen + tlen || !cl_starts(s, n, CL_START) ||
	    memcmp(s + n - tlen, CL_FRAME_TAIL, tlen) != 0)
		return (0);
	c.s = s + slen;
	e = s + n - tlen;
	if ((of = memmem(c.s, (size_t)(e - c.s), CL_OF_POD, olen)) == NULL)
		return (0);
	c.n = (size_t)(of - c.s);
	ns.s = of + olen;
	if ((slash = memchr(ns.s, '/', (size_t)(e - ns.s))) == NULL)
		return (0);
	ns.n = (size_t)(slash - ns.s);
	pod.s = slash + 1;
	pod.n = (size_t)(e - pod.s);
	if (!cl_is_name(c.s, c.n, 0) || !cl_is_name(ns.s, ns.n, 0) ||
	    !cl_is_name(pod.s, pod.n, 1))
		return (0);
	memset(who, 0, sizeof *who);
	cl_name_set(who->container, c.s, c.n);
	cl_name_set(who->namespace, ns.s, ns.n);
	cl_name_set(who->pod, pod.s, pod.n);
	return (1);
}

/* The shape of one line (after kubectl's prefix, when *prefixed). */
static enum cl_kind
cl_line_kind(const char *s, size_t n, int *prefixed)
{
	struct cl_span	 pod, container;
	struct cl_who	 who;
	struct cl_cri	 cri;
	size_t		 k;
	int64_t		 us;

	if ((k = cl_prefix(s, n, &pod, &container)) != 0) {
		*prefixed = 1;
		s += k;
		n -= k;
	}
	if (cl_stamp(s, n, &us) != 0) {
		cl_cri_parse(s, n, &cri);
		return (cri.why == NULL ? CL_K_CRI : CL_K_STAMPED);
	}
	if (!*prefixed && n > 8 && memcmp(s, "{\"log\":", 7) == 0)
		return (CL_K_DOCKER);
	if (!*prefixed && cl_frame_start(s, n, &who))
		return (CL_K_FRAME);
	return (CL_K_TEXT);
}

/*
 * The shape of an input by its first non-empty line in head[0..len)
 * (after a UTF-8 byte order mark); sets *prefixed when it starts with
 * kubectl's --prefix.
 */
static enum cl_kind
cl_head_kind(const unsigned char *head, size_t len, int *prefixed)
{
	const char	*s = (const char *)head, *e = s + len, *nl;
	size_t		 n;

	*prefixed = 0;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3;
	while (s < e) {
		nl = memchr(s, '\n', (size_t)(e - s));
		n = (size_t)((nl != NULL ? nl : e) - s);
		if (n != 0 && s[n - 1] == '\r')
			n--;
		if (n != 0)
			return (cl_line_kind(s, n, prefixed));
		if (nl == NULL)
			break;
		s = nl + 1;
	}
	return (CL_K_EMPTY);
}

/* Whether the first non-empty line of head[0..len) is a syslog line. */
static int
cl_head_syslog(const unsigned char *head, size_t len)
{
	const char	*s = (const char *)head, *e = s + len, *nl, *prog;
	size_t		 n, pl;

	while (s < e) {
		nl = memchr(s, '\n', (size_t)(e - s));
		n = (size_t)((nl != NULL ? nl : e) - s);
		if (n != 0)
			return (importer_syslog_line(s, n, &prog, &pl));
		if (nl == NULL)
			break;
		s = nl + 1;
	}
	return (0);
}

/*
 * Whether head[0..len), the whole input, is a symbolic link saved as a
 * plain file (a checkout without symlinks): one line without "\n" naming
 * a path whose file name is the input's own, as troubleshoot's all-logs/
 * links are.
 */
static int
cl_link_stand_in(const char *name, const unsigned char *head, size_t len)
{
	struct cl_span	 mine, target;

	if (len == 0 || len >= 4096 || memchr(head, '\n', len) != NULL ||
	    memchr(head, '\0', len) != NULL || memchr(head, '/', len) == NULL)
		return (0);
	if (name == NULL || cl_components(name, &mine, 1) != 1)
		return (0);
	target.s = memrchr(head, '/', len);
	target.s++;
	target.n = len - (size_t)(target.s - (const char *)head);
	return (target.n == mine.n && memcmp(target.s, mine.s, mine.n) == 0);
}

static int
imp_container_log_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct cl_who	 who;
	enum cl_path	 path;
	int		 prefixed;

	if ((path = cl_path_who(name, &who)) == CL_PATH_NOT_LOG)
		return (0);
	switch (cl_head_kind(head, len, &prefixed)) {
	case CL_K_CRI:
		return (90);
	case CL_K_STAMPED:
	case CL_K_DOCKER:
		return (85);
	case CL_K_FRAME:
		return (70);
	case CL_K_TEXT:
		if (prefixed)
			return (75);
		/*
		 * A daemon's syslog file (HAProxy's) at a path that merely
		 * looks like NS/POD/C.log is not a container's log: the
		 * runtime never adds a syslog header to what a container
		 * writes.  In a bundle's own layout it is that pod's log.
		 */
		if (!who.layout && cl_head_syslog(head, len))
			return (0);
		break;
	case CL_K_EMPTY:
		break;
	}
	/* Plain text and JSON are logs only where the path says so. */
	return (path != CL_PATH_NONE ? 70 : 0);
}

/*
 * Puts r with text[0..n) as its text.  The text is copied when it holds
 * NUL bytes (each becomes U+FFFD) or is not NUL-terminated at n.
 * Returns 0, or -1 when the sink failed.
 */
static int
cl_put(struct cl_state *st, struct rec_log *r, const char *text, size_t n)
{
	const char	*p, *nul;

	if (text[n] != '\0' || memchr(text, '\0', n) != NULL) {
		buf_clear(&st->scratch);
		buf_append(&st->scratch, "", 0);
		for (p = text; (nul = memchr(p, '\0', n - (size_t)(p - text)))
		    != NULL; p = nul + 1) {
			buf_append(&st->scratch, p, (size_t)(nul - p));
			buf_puts(&st->scratch, CL_NUL_REPL);
		}
		buf_append(&st->scratch, p, n - (size_t)(p - text));
		text = st->scratch.data;
	}
	r->text = text;
	if (sink_put(st->sink, REC_LOG, r) != 0)
		return (-1);
	st->records++;
	return (0);
}

/* A record attributed to who, or to nobody when who is NULL. */
static void
cl_rec_init(struct rec_log *r, const struct cl_who *who, int64_t line)
{
	memset(r, 0, sizeof *r);
	r->time_us = TIME_NONE;
	r->line = line;
	if (who == NULL)
		return;
	r->namespace = who->namespace[0] != '\0' ? who->namespace : NULL;
	r->pod = who->pod[0] != '\0' ? who->pod : NULL;
	r->container = who->container[0] != '\0' ? who->container : NULL;
	r->previous = who->previous;
}

/* Puts the joined parts of stream i, if any. */
static int
cl_part_flush(struct cl_state *st, int i)
{
	struct cl_part	*part = &st->part[i];
	struct rec_log	 r;

	if (!part->open)
		return (0);
	part->open = 0;
	cl_rec_init(&r, &st->path, part->line);
	r.time_us = part->time_us;
	r.stream = cl_streams[i];
	buf_append(&part->text, "", 0);
	return (cl_put(st, &r, part->text.data, part->text.len));
}

/* Puts what the streams still hold, the older first. */
static int
cl_parts_flush(struct cl_state *st)
{
	int	first = 0;

	if (st->part[0].open && st->part[1].open &&
	    st->part[1].line < st->part[0].line)
		first = 1;
	if (cl_part_flush(st, first) != 0 || cl_part_flush(st, !first) != 0)
		return (-1);
	return (0);
}

/* One line of a CRI file. */
static int
cl_cri_line(struct cl_state *st, const char *s, size_t n, int64_t line)
{
	struct cl_cri	 c;
	char			 limit[32];
	struct cl_part	*part;
	struct rec_log	 r;
	char		*bad;

	cl_cri_parse(s, n, &c);
	if (c.why != NULL) {
		if (c.bad.s == NULL) {
			sink_reject(st->sink, line, "%s", c.why);
			return (0);
		}
		bad = out_safe(c.bad.s, c.bad.n, 40);
		sink_reject(st->sink, line, "%s \"%s\"", c.why, bad);
		free(bad);
		return (0);
	}
	part = &st->part[c.stream];
	if (part->open) {
		if (part->text.len + c.text.n <= st->max_line) {
			buf_append(&part->text, c.text.s, c.text.n);
			return (c.partial ? 0 : cl_part_flush(st, c.stream));
		}
		if (cl_part_flush(st, c.stream) != 0)
			return (-1);
		source_size_text(st->max_line, limit, sizeof limit);
		sink_reject(st->sink, line, "partial CRI lines joined past "
		    "%s: the rest is a record of its own (--max-line raises "
		    "the limit)", limit);
	}
	if (c.partial) {
		buf_clear(&part->text);
		buf_append(&part->text, c.text.s, c.text.n);
		part->time_us = c.time_us;
		part->line = line;
		part->open = 1;
		return (0);
	}
	cl_rec_init(&r, &st->path, line);
	r.time_us = c.time_us;
	r.stream = cl_streams[c.stream];
	return (cl_put(st, &r, c.text.s, c.text.n));
}

/*
 * Reads cluster-info frames.  Returns 1 when the line was a frame (or
 * kubectl's error in place of the logs), 0 when it is a log line, -1 when
 * the sink failed.
 */
static int
cl_frame_line(struct cl_state *st, const char *s, size_t n, int64_t line)
{
	struct cl_who	 who;
	struct rec_log	 r;
	char		 end[512], *text;
	size_t		 elen;
	int		 w, fresh;

	if (cl_frame_start(s, n, &who)) {
		st->frame = who;
		st->in_frame = 1;
		st->frame_fresh = 1;
		return (1);
	}
	if (!st->in_frame)
		return (0);
	/*
	 * The END frame of the current container.  kubectl writes it right
	 * after the logs, so it also ends a last line that had no "\n".
	 */
	w = snprintf(end, sizeof end, "%s%s%s%s/%s%s", CL_END,
	    st->frame.container, CL_OF_POD, st->frame.namespace,
	    st->frame.pod, CL_FRAME_TAIL);
	elen = w > 0 && (size_t)w < sizeof end ? (size_t)w : 0;
	if (elen != 0 && n >= elen && memcmp(s + n - elen, end, elen) == 0) {
		if (n > elen) {
			cl_rec_init(&r, &st->frame, line);
			if (cl_put(st, &r, s, n - elen) != 0)
				return (-1);
		}
		st->in_frame = 0;
		return (1);
	}
	/* kubectl could not get the logs: not what the container wrote. */
	fresh = st->frame_fresh;
	st->frame_fresh = 0;
	if (fresh && (cl_starts(s, n, "Create log request error: ") ||
	    cl_starts(s, n, "Request log error: "))) {
		text = out_safe(s, n, 200);
		sink_reject(st->sink, line, "no logs of container %s of pod "
		    "%s/%s: %s", st->frame.container, st->frame.namespace,
		    st->frame.pod, text);
		free(text);
		return (1);
	}
	return (0);
}

/*
 * A line of Docker's json-file log driver: {"log":"text\n","stream":
 * "stdout","time":"RFC 3339"}.  Returns 1 when put, 0 when the line is not
 * one, -1 when the sink failed.
 */
static int
cl_docker_line(struct cl_state *st, const char *s, size_t n, int64_t line)
{
	json_t		*o;
	const char	*text, *stream, *t;
	struct rec_log	 r;
	size_t		 len;
	int64_t		 us;
	int		 rc;

	if (js_too_costly(s, n, st->max_object) ||
	    (o = jf_loadb(s, n, JSON_ALLOW_NUL, NULL)) == NULL)
		return (0);
	text = json_string_value(json_object_get(o, "log"));
	t = json_string_value(json_object_get(o, "time"));
	stream = json_string_value(json_object_get(o, "stream"));
	if (text == NULL || t == NULL) {
		json_decref(o);
		return (0);
	}
	if (time_parse_iso(t, strlen(t), NULL, &us) != 0) {
		sink_reject(st->sink, line, "Docker json-file line with a bad "
		    "time: \"%.80s\"", t);
		json_decref(o);
		return (1);
	}
	cl_rec_init(&r, &st->path, line);
	r.time_us = us;
	r.stream = stream;
	len = json_string_length(json_object_get(o, "log"));
	if (len > 0 && text[len - 1] == '\n')
		len--;
	rc = cl_put(st, &r, text, len);
	json_decref(o);
	return (rc == 0 ? 1 : -1);
}

/* One line of any input. */
static int
cl_line(struct cl_state *st, const char *s, size_t n, int64_t line)
{
	const struct cl_who	*who;
	struct cl_span		 pod, container;
	struct rec_log		 r;
	int64_t			 us;
	size_t			 k;
	int			 rc, k2 = 0;

	if (line == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		n -= 3;
	}
	if (st->mode == CL_K_DOCKER && n > 0 && s[0] == '{') {
		if ((rc = cl_docker_line(st, s, n, line)) != 0)
			return (rc < 0 ? -1 : 0);
	}
	if (st->mode == CL_K_CRI || (st->mode == CL_K_DOCKER &&
	    cl_line_kind(s, n, &k2) == CL_K_CRI))
		return (cl_cri_line(st, s, n, line));
	if (st->framed && (rc = cl_frame_line(st, s, n, line)) != 0)
		return (rc < 0 ? -1 : 0);
	who = st->in_frame ? &st->frame : &st->path;
	cl_rec_init(&r, who, line);
	if (st->prefixed && (k = cl_prefix(s, n, &pod, &container)) != 0) {
		cl_name_set(st->pre_pod, pod.s, pod.n);
		cl_name_set(st->pre_container, container.s, container.n);
		r.pod = st->pre_pod;
		r.container = st->pre_container;
		s += k;
		n -= k;
	}
	if (st->mode == CL_K_STAMPED && (k = cl_stamp(s, n, &us)) != 0) {
		r.time_us = us;
		s += k;
		n -= k;
		if (n != 0) {
			s++;
			n--;
		}
	}
	return (cl_put(st, &r, s, n));
}

static int
imp_container_log_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct cl_state		 st;
	struct linereader	 lr;
	const unsigned char	*head;
	const char		*s, *err;
	char			*link;
	enum cl_path		 path;
	enum lr_status		 lrs;
	size_t			 len, n;
	int			 rc = 0;

	memset(&st, 0, sizeof st);
	st.sink = sink;
	path = cl_path_who(input_name(in), &st.path);
	if (opts->pod_name != NULL) {
		/* --pod NS/POD --container C: the user knows better */
		snprintf(st.path.namespace, CL_NAME_MAX, "%s",
		    opts->pod_namespace);
		snprintf(st.path.pod, CL_NAME_MAX, "%s", opts->pod_name);
		snprintf(st.path.container, CL_NAME_MAX, "%s",
		    opts->container != NULL ? opts->container : "");
		if (path == CL_PATH_NONE)
			path = CL_PATH_POD;
	}
	len = input_peek(in, &head);
	if (len < INPUT_PEEK_MAX &&
	    cl_link_stand_in(input_name(in), head, len)) {
		link = out_safe((const char *)head, len, 200);
		*cause = xasprintf("a symbolic link saved as a plain file "
		    "(to %s): its target is read on its own", link);
		free(link);
		return (IMPORT_NOTHING);
	}
	st.mode = cl_head_kind(head, len, &st.prefixed);
	st.framed = path == CL_PATH_DUMP || st.mode == CL_K_FRAME;
	st.max_line = input_max_line(in);
	st.max_object = opts->max_object;
	*cause = NULL;
	lr_init(&lr, in);
	while ((lrs = lr_next(&lr, &s, &n)) != LR_EOF) {
		if (lrs == LR_LONG) {
			char	*lw = input_long_why(in, "line");

			sink_reject(sink, (int64_t)lr.lineno, "%s", lw);
			free(lw);
			continue;
		}
		if (lrs == LR_ERROR) {
			if ((rc = cl_parts_flush(&st)) != 0)
				break;
			err = input_error(in) != NULL ? input_error(in) :
			    "unknown";
			if (st.records == 0) {
				*cause = xasprintf("read error: %s", err);
				rc = -1;
			} else
				sink_reject(sink, (int64_t)lr.lineno + 1,
				    "read error: %s", err);
			break;
		}
		if ((rc = cl_line(&st, s, n, (int64_t)lr.lineno)) != 0)
			break;
	}
	if (rc == 0 && lrs == LR_EOF)
		rc = cl_parts_flush(&st);
	if (rc != 0 && *cause == NULL)
		*cause = xstrdup("the store refused a record");
	lr_free(&lr);
	buf_free(&st.part[0].text);
	buf_free(&st.part[1].text);
	buf_free(&st.scratch);
	return (rc);
}

const struct importer imp_container_log = {
	.name = "container-log",
	.summary = "kubectl logs --timestamps, CRI node logs, bundle logs",
	.reads = IMP_READS_POD,
	.path_matters = 1,
	.probe = imp_container_log_probe,
	.parse = imp_container_log_parse,
};
