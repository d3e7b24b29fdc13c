/*
 * cmd-import.c: "coroner import".  Opens each path as a source, detects
 * each input's format (or takes --as), and runs the importer with a sink
 * wired to the store: each input kept whole or not at all (small members
 * of one source grouped into one transaction), rejected pieces counted
 * and the first of them printed as "file:line: reason", the limits
 * against bombs set from the options.  An input that ended damaged keeps
 * its rows but fails the import.  Shows progress on a terminal.  No SQL
 * here (store.c) and no parsing (importers/).
 */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "importer.h"
#include "k8sjson.h"
#include "lifecycle.h"
#include "out.h"
#include "pipeline.h"
#include "shape.h"
#include "store.h"
#include "tally.h"
#include "timefmt.h"
#include "util.h"
#include "zone.h"

#define SHOW_ERRORS	10	/* rejects printed per input */
/* The first bytes of an input kept to say what it looks like. */
#define HEAD_KEPT	(16 * 1024)
/* Inputs of one source go into one transaction until they hold this. */
#define GROUP_BYTES	(32 * 1024 * 1024)

static int	cmd_import_exec(const struct cmd_entry *, int, char **);

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.usage = "import [-q] [--db FILE] [--as FORMAT] [--tz ZONE]\n"
	    "                      [--pod NS/POD --container C] "
	    "[--release NS/NAME]\n"
	    "                      [--max-... SIZE] PATH...\n"
	    "       coroner import [-q] [--db FILE] --records NAME --key COL "
	    "--time COL\n"
	    "                      [--tz ZONE] PATH...",
	.help =
	    "Reads each PATH into the database: files, .zst and .gz files,\n"
	    "directories, archives (.tar, .tar.gz, .tgz, .tar.zst, .zip; each\n"
	    "member is an input of its own) and - for standard input.  The\n"
	    "format of each input is detected (\"coroner formats\").\n"
	    "Importing the same content twice changes nothing.\n"
	    "\n"
	    "  --db FILE     the database ($CORONER_DB, else coroner.db)\n"
	    "  --as FORMAT   skip detection and read every input as FORMAT\n"
	    "  --tz ZONE     zone of times written without one: UTC, an\n"
	    "                offset (+02:00) or a zone name (Europe/Berlin,\n"
	    "                from the system's zoneinfo, summer time too)\n"
	    "  --pod NS/POD  container logs: the pod they belong to, when\n"
	    "                their path does not say (kubectl logs output)\n"
	    "  --container C container logs: the container they belong to\n"
	    "  --release NS/NAME  helm history -o json|yaml: the namespace\n"
	    "                and name of the release it is of (the output\n"
	    "                does not say)\n"
	    "  --records NAME  read an outside party's records (CSV, TSV,\n"
	    "                NDJSON, a JSON array) into the record set NAME;\n"
	    "                with --key COL (the record's identity) and\n"
	    "                --time COL (when it happened); JSON keys may be\n"
	    "                dotted paths (parcel.id).  Several files may go\n"
	    "                into one set.\n"
	    "  -q, --quiet   print only errors\n"
	    "\n"
	    "Limits (SIZE: bytes, or with K, M, G, KiB, MiB, GiB).  0 lifts\n"
	    "a limit; a line or an object is held whole, so up to 1GiB:\n"
	    "  --max-bytes SIZE     bytes read, after decompression, by the\n"
	    "                       whole import (20GiB)\n"
	    "  --max-ratio N        bytes a file may expand to per byte read\n"
	    "                       from it, past 16 MiB (200)\n"
	    "  --max-inputs N       inputs in one directory or archive\n"
	    "                       (100000)\n"
	    "  --max-line SIZE      longest line read; longer ones are\n"
	    "                       rejected (1MiB)\n"
	    "  --max-object SIZE    memory one JSON object may take (32MiB)\n"
	    "  --max-upstreams N    upstream attempts in one access-log\n"
	    "                       line (64)\n"
	    "\n"
	    "Options may come before or after the paths; -- ends them.\n"
	    "Exit status: 0 when every input was imported (rejected lines are\n"
	    "reported but do not fail it), 1 when an input could not be\n"
	    "imported at all (every piece of it rejected included: the\n"
	    "message says what it looks like), ended damaged (truncated\n"
	    "JSON, zstd, gzip or tar: the rows before the damage are kept)\n"
	    "or passed a limit, 2 on a usage error.",
	.exec = cmd_import_exec,
};

#define LOG_PODS_MAX	64	/* container logs' pods checked after */

/*
 * What the sink knows while one input is imported.  The writer thread
 * reads the first three fields (its tap, run_tally) while this thread
 * counts rows: they have a cache line of their own, or each count would
 * take the line from the other core.
 */
struct import_run {
	struct store	*st;		/* borrowed */
	struct pipeline	*pl;		/* the writer thread, or NULL */
	struct tally	*tally;		/* owned: this input's attempts by IP
					   and second, a sink beside the
					   store's */
	_Alignas(64) struct input *in;	/* borrowed, the current input */
	int64_t		 rows;		/* records stored */
	int64_t		 kinds[REC__COUNT]; /* of them, of each type */
	int64_t		 rejected;	/* pieces rejected */
	struct buf	 errors;	/* first SHOW_ERRORS rejects */
	int		 progress;	/* stderr is a terminal */
	int64_t		 start_us;	/* when this input began */
	int64_t		 shown_us;	/* last progress line */
	int		 quiet;		/* -q */
	int64_t		 skipped;	/* members skipped in this source */
	int64_t		 skipped_records; /* of them, CSV, TSV or NDJSON
					   files: records, for --records */
	struct buf	 skipped_names;	/* the first few of them */
	struct buf	 damage;	/* why the input ended damaged (from
					   the importer), or empty */
	struct buf	 head;		/* the input's first HEAD_KEPT bytes
					   at most, to say what it looks
					   like when nothing of it is read */
	struct buf	 notes;		/* what the importer said of the
					   input (sink_note), one a line */
	uint64_t	 group_bytes;	/* bytes of the inputs in the open
					   group (store_group_begin) */
	int		 header;	/* the source's name was printed
					   above its members' lines */
	int64_t		 empties;	/* members that were empty lists */
	struct buf	 empty_kinds;	/* their formats, ", " between */
	struct log_pod {
		char	*ns;		/* owned: "" when none */
		char	*pod;		/* owned */
		int64_t	 lines;		/* its lines imported */
		int64_t	 reading;	/* its lines in the input being
					   read, added to lines once it
					   is kept, new (log_pods_settle) */
	}		 log_pods[LOG_PODS_MAX]; /* the pods of the container
					   logs imported, to say which
					   the model does not know */
	size_t		 nlog_pods;
	int64_t		 kept;		/* inputs kept so far (or already
					   imported): the command imported
					   something */
	struct unread {
		char	*name;		/* owned: the input, safe to print */
		char	*cause;		/* owned: why nothing of it is read */
		char	*counts;	/* owned: how many objects of which
					   kind, or NULL */
	}		*unread;	/* owned: inputs of Kubernetes objects
					   of kinds coroner does not read,
					   said once the command knows
					   whether anything else was kept */
	size_t		 nunread;
	char		*input_pod;	/* owned: the pod every log line of the
					   current input named, "" when they
					   named several, NULL when none */
};

enum {
	IMP_FAILED = -1,	/* the input could not be imported */
	IMP_OK = 0,		/* imported (or already was) */
	IMP_SKIPPED = 1,	/* a bundle member coroner does not read */
	IMP_UNREAD = 2		/* objects of kinds coroner does not read:
				   skipped beside inputs that were kept,
				   refused when none was */
};

static int64_t
mono_us(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

static void
show_progress(struct import_run *run, int done)
{
	int64_t	now = mono_us(), el;
	double	mb;
	char	*name;

	if (!run->progress)
		return;
	if (!done && now - run->shown_us < 250000)
		return;
	run->shown_us = now;
	el = now - run->start_us;
	mb = (double)input_offset(run->in) / 1e6;
	name = out_safe(input_name(run->in), strlen(input_name(run->in)),
	    40);
	out_printf(stderr, "\r\033[K%s: %.1f MB, %lld rows, %.0f rows/s", name,
	    mb, (long long)run->rows,
	    el > 0 ? (double)run->rows * 1e6 / (double)el : 0.0);
	if (done)
		out_printf(stderr, "\r\033[K");
	free(name);
}

/* Puts a record into the store, through the writer thread if there is one. */
static int
run_store(struct import_run *run, enum rec_type type, const void *rec)
{
	return (run->pl != NULL ? pipeline_put(run->pl, type, rec) :
	    store_put(run->st, type, rec));
}

static int
run_cell(void *ctx, const struct tally_cell *c)
{
	struct import_run	*run = ctx;
	struct rec_ip_second	 r = {
		.ip = c->ip, .second = c->second, .hint = c->hint,
		.requests = c->requests, .errors = c->errors,
		.conn_failures = c->conn_failures
	};

	return (store_put(run->st, REC_IP_SECOND, &r));
}

/*
 * Puts the tally's cells into the store and empties it: on the thread
 * that has the store (the writer, while records flow; the caller once
 * they are drained).
 */
static int
run_flush_tally(struct import_run *run)
{
	int	rc = tally_each(run->tally, run_cell, run);

	tally_clear(run->tally);
	return (rc);
}

/*
 * Counts a record in the tally, on the thread that puts it into the store
 * (the writer's tap, run_put without one): a large tally goes to the
 * store before a request, never between its attempts, once the request
 * before it is counted.  The writer's records' strings live until the
 * end of their batch (rec NULL): the tally borrows them till then.
 */
static int
run_tally(void *ctx, enum rec_type type, const void *rec)
{
	struct import_run	*run = ctx;

	if (rec == NULL) {
		tally_done(run->tally);
		return (0);
	}
	if (type == REC_REQUEST && tally_cells(run->tally) >=
	    TALLY_MAX_CELLS) {
		tally_done(run->tally);
		if (run_flush_tally(run) != 0)
			return (-1);
	}
	tally_put(run->tally, type, rec, run->pl != NULL);
	return (0);
}

/* Remembers the pod of a container log's line (the first LOG_PODS_MAX). */
static void
note_log_pod(struct import_run *run, const struct rec_log *l)
{
	const char	*ns = l->namespace != NULL ? l->namespace : "";
	struct log_pod	*lp;
	size_t		 i;

	if (l->pod == NULL)
		return;
	/* the input's own pod, while its lines name one */
	if (run->input_pod == NULL)
		run->input_pod = xstrdup(l->pod);
	else if (*run->input_pod != '\0' && strcmp(run->input_pod,
	    l->pod) != 0)
		run->input_pod[0] = '\0';
	/* the lines of one log share their pod: the last one first */
	for (i = run->nlog_pods; i-- > 0;) {
		lp = &run->log_pods[i];
		if (strcmp(lp->pod, l->pod) == 0 && strcmp(lp->ns, ns) == 0) {
			lp->reading++;
			return;
		}
	}
	if (run->nlog_pods == LOG_PODS_MAX)
		return;
	lp = &run->log_pods[run->nlog_pods++];
	lp->ns = xstrdup(ns);
	lp->pod = xstrdup(l->pod);
	lp->lines = 0;
	lp->reading = 1;
}

/*
 * The end of an input: its container log lines count as imported when
 * it was kept and not imported before (keep), else not at all (an input
 * already imported, refused or undone stored none of them).
 */
static void
log_pods_settle(struct import_run *run, int keep)
{
	size_t	i;

	for (i = 0; i < run->nlog_pods; i++) {
		if (keep)
			run->log_pods[i].lines += run->log_pods[i].reading;
		run->log_pods[i].reading = 0;
	}
}

/*
 * Says which container logs' pods the model does not know (imported
 * before their pods, or for another cluster): their lines are kept and
 * show once the pods are imported.
 */
static void
say_unknown_log_pods(struct import_run *run)
{
	struct buf	 b = { 0 };
	struct log_pod	*lp;
	size_t		 i, shown = 0, unknown = 0;
	int64_t		 lines = 0;

	for (i = 0; i < run->nlog_pods; i++) {
		lp = &run->log_pods[i];
		/* lines of this import only: one imported before said so */
		if (lp->lines == 0 || store_pod_known(run->st, lp->ns,
		    lp->pod) != 0)
			continue;
		unknown++;
		lines += lp->lines;
		if (shown < 3)
			buf_printf(&b, "%s%s/%s", shown++ > 0 ? ", " : "",
			    lp->ns, lp->pod);
	}
	if (unknown > 0)
		out_say(stdout, "note: no pod is known for the container logs "
		    "of %s%s: their %lld line%s kept, and show%s once the "
		    "pod%s imported", b.data, unknown > shown ? ", ..." : "",
		    (long long)lines, lines == 1 ? " is" : "s are",
		    lines == 1 ? "s" : "", unknown == 1 ? " is" : "s are");
	buf_free(&b);
}

static int
run_put(void *ctx, enum rec_type type, const void *rec)
{
	struct import_run	*run = ctx;

	if (run->pl == NULL && run_tally(run, type, rec) != 0)
		return (-1);
	if (type == REC_LOG)
		note_log_pod(run, rec);
	if (run_store(run, type, rec) != 0)
		return (-1);
	if (rec_descs[type].child)
		return (0);
	run->kinds[type]++;
	if ((++run->rows & 0x3fff) == 0)
		show_progress(run, 0);
	return (0);
}

/* The strings of the records put next go straight into the pipeline's
   batch (struct sink, room). */
static char *
run_room(void *ctx, size_t len)
{
	struct import_run	*run = ctx;

	return (run->pl != NULL ? pipeline_room(run->pl, len) : NULL);
}

static void
run_damaged(void *ctx, int64_t line, const char *reason)
{
	struct import_run	*run = ctx;

	if (run->damage.len == 0)
		buf_printf(&run->damage, "line %lld: %s", (long long)line,
		    reason);
}

static void
run_note(void *ctx, const char *text)
{
	struct import_run	*run = ctx;

	buf_printf(&run->notes, "%s\n", text);
}

static void
run_reject(void *ctx, int64_t line, const char *reason)
{
	struct import_run	*run = ctx;
	char			*s;

	if (run->rejected++ < SHOW_ERRORS) {
		s = out_safe(reason, strlen(reason), 300);
		buf_printf(&run->errors, "%s:%lld: %s\n",
		    input_name(run->in), (long long)line, s);
		free(s);
	}
}

/*
 * A short, safe description of why no importer claimed the input, in
 * words a user understands.  Returns a static string or buf.
 */
static const char *
unknown_why(struct input *in, char *buf, size_t buflen)
{
	const unsigned char	*h;
	struct kj_head		 kh;
	const char		*prog, *nl;
	size_t			 len, i, n, pl;

	len = input_peek(in, &h);
	if (len == 0)
		return ("empty input");
	for (i = 0; i < len && (h[i] == ' ' || h[i] == '\n' ||
	    h[i] == '\r' || h[i] == '\t'); i++)
		;
	if (i < len && (h[i] == '{' || h[i] == '['))
		return ("JSON, but no importer recognises its objects");
	if (kj_head_open(&kh, h, len) && kh.yaml)
		return ("YAML, but no importer recognises its objects");
	if (kj_head_is_yaml(h, len))
		return ("YAML, but not Kubernetes objects (no apiVersion and "
		    "kind)");
	nl = memchr(h + i, '\n', len - i);
	n = nl != NULL ? (size_t)(nl - (const char *)(h + i)) : len - i;
	if (importer_syslog_line((const char *)h + i, n, &prog, &pl)) {
		if (pl == 7 && memcmp(prog, "haproxy", 7) == 0)
			return ("an HAProxy log (syslog lines), not a format "
			    "coroner reads (coroner formats lists them)");
		/* the program's name is data: out_printf escapes it */
		snprintf(buf, buflen, "a syslog file (lines of %.*s), not a "
		    "format coroner reads (coroner formats lists them)",
		    (int)(pl > 40 ? 40 : pl), prog);
		return (buf);
	}
	return ("not a format coroner reads (coroner formats lists them)");
}

/* Adds "key LEN:value\n" to the identity (unambiguous whatever value). */
static void
identity_add(struct sha256 *h, const char *key, const char *value)
{
	char	head[64];
	int	n;

	n = snprintf(head, sizeof head, "%s %zu:", key, strlen(value));
	sha256_update(h, head, (size_t)n);
	sha256_update(h, value, strlen(value));
	sha256_update(h, "\n", 1);
}

/*
 * An input's identity: SHA-256 of its content's SHA-256 and of what
 * changes the meaning of its rows: the importer, and of --tz, --records,
 * --key, --time, --pod, --container and --release those it reads
 * (struct importer's reads), and for importers whose
 * records the name attributes (container logs: .../NS/POD/C.log) the last
 * three parts of its name.  The same bytes read another way are another
 * input.
 */
static void
input_identity(struct input *in, const struct importer *imp,
    const struct import_opts *opts, const char *sha,
    char out[SHA256_HEX_LEN])
{
	struct sha256	 h;
	const char	*name = input_name(in), *p = name + strlen(name);
	int		 slashes = 0;

	sha256_init(&h);
	identity_add(&h, "coroner-input", "2");
	identity_add(&h, "sha256", sha);
	identity_add(&h, "format", imp->name);
	if (opts->tz != NULL && (imp->reads & IMP_READS_TZ))
		identity_add(&h, "tz", zone_name(opts->tz));
	if (imp->reads & IMP_READS_RECORDS) {
		if (opts->records != NULL)
			identity_add(&h, "records", opts->records);
		if (opts->key_col != NULL)
			identity_add(&h, "key", opts->key_col);
		if (opts->time_col != NULL)
			identity_add(&h, "time", opts->time_col);
	}
	if (opts->pod_name != NULL && (imp->reads & IMP_READS_POD)) {
		identity_add(&h, "pod-namespace", opts->pod_namespace);
		identity_add(&h, "pod", opts->pod_name);
	}
	if (opts->container != NULL && (imp->reads & IMP_READS_POD))
		identity_add(&h, "container", opts->container);
	if (opts->release_name != NULL && (imp->reads & IMP_READS_RELEASE)) {
		identity_add(&h, "release-namespace",
		    opts->release_namespace);
		identity_add(&h, "release", opts->release_name);
	}
	if (imp->path_matters) {
		while (p > name && slashes < 3) {
			p--;
			if (*p == '/' || *p == '!')
				slashes++;
		}
		if (slashes == 3)
			p++;
		identity_add(&h, "name", p);
	}
	sha256_hex(&h, out);
	sha256_free(&h);
}

/*
 * Notes a member of a directory or archive that no importer reads: bundles
 * hold many such files (RBAC, nodes, YAML custom resources) and skipping
 * them is not a failure.  They are counted and the first few named.
 */
/*
 * Whether a file's name says it holds records (CSV, TSV, NDJSON, maybe
 * compressed), which only --records imports.
 */
static int
named_like_records(const char *name)
{
	static const char *const kinds[] = {
		".csv", ".tsv", ".ndjson", ".jsonl"
	};
	static const char *const packed[] = { "", ".zst", ".gz" };
	size_t	 n = strlen(name), i, j, kl, pl;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		for (j = 0; j < sizeof packed / sizeof packed[0]; j++) {
			kl = strlen(kinds[i]);
			pl = strlen(packed[j]);
			if (n > kl + pl && strncmp(name + n - pl - kl,
			    kinds[i], kl) == 0 &&
			    strcmp(name + n - pl, packed[j]) == 0)
				return (1);
		}
	}
	return (0);
}

static int
skip_member(struct import_run *run, const char *name)
{
	if (named_like_records(name))
		run->skipped_records++;
	if (run->skipped++ < 4)
		buf_printf(&run->skipped_names, "%s%s",
		    run->skipped_names.len > 0 ? ", " : "", name);
	return (IMP_SKIPPED);
}

/*
 * Where name names pod: the start of its component that is the pod's
 * name or begins with it before a "_" (the nodes' NS_POD_UID), and in
 * *end where the name ends in it; NULL when no component does.
 */
static const char *
pod_component(const char *name, const char *pod, const char **end)
{
	const char	*c, *at;
	size_t		 n = strlen(pod);

	if (n == 0)
		return (NULL);
	for (c = name; c != NULL; c = (c = strchr(c, '/')) != NULL ? c + 1 :
	    NULL) {
		/* the pod whole, after the component's start or a "_" */
		for (at = c; (at = strstr(at, pod)) != NULL; at++) {
			if (strchr(c, '/') != NULL && at > strchr(c, '/'))
				break;
			if ((at == c || at[-1] == '_') && (at[n] == '/' ||
			    at[n] == '_' || at[n] == '\0')) {
				*end = at + n;
				return (c);
			}
		}
	}
	return (NULL);
}

/*
 * An input's name cut to room columns (OUT_CUT_PATH) but for a container
 * log whose path names its pod (a bundle's logs/NS/POD/C.log, a node's
 * pods/NS_POD_UID/C/0.log), which keeps the pod's component, its uid
 * left out when that makes room: two pods' logs of one name told apart.
 * A new string.
 */
static char *
fit_input_name(const char *name, const char *pod, size_t room)
{
	const char	*c, *end, *slash;
	char		*fit, *tail;

	fit = out_fit(name, room, OUT_CUT_PATH, 0);
	if (pod == NULL || *pod == '\0' || strstr(fit, pod) != NULL ||
	    (c = pod_component(name, pod, &end)) == NULL)
		return (fit);
	free(fit);
	slash = strchr(end, '/');
	/* the component whole when it fits, else up to the pod's end */
	tail = xasprintf("%s%s", c > name ? "\xe2\x80\xa6/" : "", c);
	if (out_printed_cols(tail) > room && *end == '_' && slash != NULL) {
		free(tail);
		tail = xasprintf("%s%.*s_\xe2\x80\xa6%s", c > name ?
		    "\xe2\x80\xa6/" : "", (int)(end - c), c, slash);
	}
	fit = out_fit(tail, room, OUT_CUT_MIDDLE, 0);
	free(tail);
	return (fit);
}

/*
 * The columns an input's name may take on a line of width w after lead
 * columns, before ": " and what became of it: all but WHAT_LEAST of them
 * (what wraps onto the lines under it), so that a long message does not
 * cut the name, the one thing to find the file by.
 */
#define WHAT_LEAST	24
#define NAME_LEAST	24

static size_t
name_room(size_t w, size_t lead, const char *what)
{
	size_t	wc = out_printed_cols(what);

	if (wc > WHAT_LEAST)
		wc = WHAT_LEAST;
	return (w > lead + 2 + wc + NAME_LEAST ? w - lead - 2 - wc :
	    NAME_LEAST);
}

/*
 * What became of one input, on a line of its own that fits the width: a
 * file's name, or a member's under its source's name (printed once),
 * cut in the middle when too long (the database keeps it whole:
 * sources_v) but for the component that names a container log's pod,
 * then what.
 */
/* What a row of each type is, many of them, for rows_by_kind. */
static const char *const kind_words[REC__COUNT] = {
	[REC_EVENT] = "events",
	[REC_POD] = "pods",
	[REC_WORKLOAD] = "workloads",
	[REC_LOG] = "log lines",
	[REC_REQUEST] = "requests",
	[REC_RECORD] = "records",
	[REC_AUDIT] = "audit events",
	[REC_SLICE] = "EndpointSlices",
	[REC_NODE] = "nodes",
	[REC_DEPLOY] = "deploys",
	[REC_NODE_LOG] = "node log lines",
};

/*
 * " (37 audit events, 32 pods, 8 log lines, 4 events)": the input's rows
 * by type, most first, when they are of more than one (a Cloud Logging
 * export's audit entries, events and log lines), else "" (a new string).
 */
static char *
rows_by_kind(const struct import_run *run)
{
	struct buf	 b = { 0 };
	int64_t		 left[REC__COUNT];
	int		 t, most, n = 0;

	for (t = 0; t < REC__COUNT; t++) {
		left[t] = kind_words[t] != NULL ? run->kinds[t] : 0;
		n += left[t] > 0;
	}
	if (n < 2)
		return (xstrdup(""));
	buf_puts(&b, " (");
	for (;;) {
		for (most = 0, t = 1; t < REC__COUNT; t++)
			if (left[t] > left[most])
				most = t;
		if (left[most] == 0)
			break;
		buf_printf(&b, "%s%lld %s", b.len > 2 ? ", " : "",
		    (long long)left[most], kind_words[most]);
		left[most] = 0;
	}
	buf_puts(&b, ")");
	return (b.data);
}

static void
say_input(struct import_run *run, const struct input *in, const char *what)
{
	size_t	 w = (size_t)out_term_width(), lead = 0;
	char	*fit;

	if (run->quiet)
		return;
	if (input_member(in) != NULL) {
		if (!run->header) {
			fit = out_fit(input_path(in), w - 1, OUT_CUT_PATH, 0);
			out_printf(stdout, "%s:\n", fit);
			free(fit);
			run->header = 1;
		}
		lead = 2;
	}
	fit = fit_input_name(input_member(in) != NULL ? input_member(in) :
	    input_name(in), run->input_pod, name_room(w, lead, what));
	out_printf(stdout, "%*s%s: ", (int)lead, "", fit);
	out_wrap(stdout, what, lead + out_cols(fit) + 2, lead + 4, w);
	free(fit);
}

/*
 * What the importer said of the input (sink_note), each under the line
 * that named it, indented.
 */
static void
say_notes(struct import_run *run, const struct input *in)
{
	size_t	 w = (size_t)out_term_width();
	size_t	 lead = input_member(in) != NULL ? 4 : 2;
	char	*p, *nl;

	if (run->quiet || run->notes.len == 0)
		return;
	for (p = run->notes.data; (nl = strchr(p, '\n')) != NULL;
	    p = nl + 1) {
		*nl = '\0';
		out_printf(stdout, "%*s", (int)lead, "");
		out_wrap(stdout, p, lead, lead + 2, w);
	}
}

/* An empty list: a file says so, a source's members are counted. */
static void
say_empty(struct import_run *run, const struct input *in,
    const char *format)
{
	char	*what;

	if (input_member(in) == NULL) {
		what = xasprintf("empty (%s), nothing to import", format);
		say_input(run, in, what);
		free(what);
		return;
	}
	run->empties++;
	if (strstr(run->empty_kinds.data != NULL ? run->empty_kinds.data :
	    "", format) == NULL)
		buf_printf(&run->empty_kinds, "%s%s", run->empty_kinds.len >
		    0 ? ", " : "", format);
}

/* Prints the first rejects of the input, and how many more there were. */
static void
say_rejects(struct import_run *run, const char *name)
{
	if (run->errors.len > 0)
		out_lines(stderr, run->errors.data);
	if (run->rejected > SHOW_ERRORS)
		out_printf(stderr, "%s: ... and %lld more rejected\n", name,
		    (long long)(run->rejected - SHOW_ERRORS));
}

/*
 * Refuses an input whose every piece imp rejected, saying what the input
 * looks like and, when coroner has one, the format that reads it.
 */
static void
say_all_rejected(struct import_run *run, const struct importer *imp,
    const char *name)
{
	const unsigned char	*h = (const unsigned char *)run->head.data;
	const struct shape	*sh = shape_guess(h, run->head.len);
	const char		*unit;
	struct buf		 b = { 0 };
	char			 keys[128];

	unit = kj_head_is_json(h, run->head.len) ||
	    kj_head_is_yaml(h, run->head.len) ? "object" : "line";
	if (run->rejected == 1)
		buf_printf(&b, "its only %s was rejected", unit);
	else
		buf_printf(&b, "every one of its %lld %ss was rejected",
		    (long long)run->rejected, unit);
	buf_printf(&b, " (read as %s)", imp->name);
	if (sh == NULL)
		buf_printf(&b, ": none of it could be read (the first "
		    "reasons are above)");
	else {
		shape_keys(sh, keys, sizeof keys);
		buf_printf(&b, ": it looks like %s (%s)", sh->what, keys);
		if (sh->format == NULL)
			buf_printf(&b, ", but each one was bad");
		else if (strcmp(sh->format, imp->name) == 0)
			buf_printf(&b, ", which %s reads, but each one was bad",
			    imp->name);
		else if (importer_find(sh->format) != NULL)
			buf_printf(&b, "; try --as %s", sh->format);
	}
	out_printf(stderr, "coroner: %s: %s; nothing of it was imported\n",
	    name, b.data);
	buf_free(&b);
}

/*
 * Says that a file of Kubernetes objects of kinds coroner does not read was
 * skipped (counts: how many of which kind, else NULL) on a line of its own.
 */
static void
say_unread(struct import_run *run, const char *name, const char *cause,
    const char *counts)
{
	size_t	 w = (size_t)out_term_width();
	char	*what, *fit;

	if (run->quiet)
		return;
	what = counts != NULL ? xstrdup(counts) : xasprintf("skipped: %s",
	    cause);
	fit = out_fit(name, name_room(w, 0, what), OUT_CUT_PATH, 0);
	out_printf(stdout, "%s: ", fit);
	out_wrap(stdout, what, out_cols(fit) + 2, 4, w);
	free(fit);
	free(what);
}

/*
 * A file of nothing but Kubernetes objects of kinds coroner does not read
 * (a ControllerRevisionList beside the pods): skipped at once when the
 * command already kept an input, else remembered, to be skipped or
 * refused at its end (import_unread_end).  Takes name (printable).
 */
static int
import_unread(struct import_run *run, char *name, const char *cause)
{
	struct unread	*u;
	char		*counts = NULL, *nl;

	if (run->notes.len > 0) {
		counts = xstrdup(run->notes.data);
		if ((nl = strchr(counts, '\n')) != NULL)
			*nl = '\0';
	}
	if (run->kept > 0) {
		say_unread(run, name, cause, counts);
		free(counts);
		free(name);
		return (IMP_UNREAD);
	}
	run->unread = xreallocarray(run->unread, run->nunread + 1,
	    sizeof *run->unread);
	u = &run->unread[run->nunread++];
	u->name = name;
	u->cause = xstrdup(cause);
	u->counts = counts;
	return (IMP_UNREAD);
}

/*
 * The end of the command for the files import_unread() remembered:
 * skipped when another input was kept, else refused as before (nothing
 * at all was imported).  Returns 1 when they failed the command.
 */
static int
import_unread_end(struct import_run *run)
{
	struct unread	*u;
	size_t		 i;
	int		 failed = 0;

	for (i = 0; i < run->nunread; i++) {
		u = &run->unread[i];
		if (run->kept > 0)
			say_unread(run, u->name, u->cause, u->counts);
		else {
			out_printf(stderr, "coroner: %s: %s\n", u->name,
			    u->cause);
			failed = 1;
		}
		free(u->name);
		free(u->cause);
		free(u->counts);
	}
	free(run->unread);
	run->unread = NULL;
	run->nunread = 0;
	return (failed);
}

/* A sink that keeps nothing: what an unclaimed input holds, counted. */
struct unread_probe {
	int64_t		 records;	/* records the reader gave */
	int64_t		 rejected;	/* pieces it rejected */
	struct buf	*counts;	/* borrowed: its summary lines */
};

static int
unread_put(void *ctx, enum rec_type type, const void *rec)
{
	struct unread_probe	*up = ctx;

	(void)type;
	(void)rec;
	up->records++;
	return (0);
}

static void
unread_reject(void *ctx, int64_t line, const char *reason)
{
	struct unread_probe	*up = ctx;

	(void)line;
	(void)reason;
	up->rejected++;
}

static void
unread_summary(void *ctx, const char *text)
{
	struct unread_probe	*up = ctx;

	buf_printf(up->counts, "%s\n", text);
}

/*
 * Whether an input no importer claimed is whole Kubernetes objects of
 * kinds coroner does not read (a single Lease, an empty IngressList):
 * read by the Kubernetes reader into a sink that keeps nothing, it gives
 * no record, rejects nothing, and says what it skipped (into counts) and
 * why it holds nothing (*why, "no Kubernetes objects coroner reads (found
 * Lease)": a new string).  Consumes the input.
 */
static int
input_is_unread_k8s(struct input *in, const struct import_opts *opts,
    struct buf *counts, char **why)
{
	const unsigned char	*h;
	struct kj_head		 kh;
	struct unread_probe	 up = { .counts = counts };
	struct sink		 sink = {
		.ctx = &up, .put = unread_put, .reject = unread_reject,
		.damaged = unread_reject, .summary = unread_summary
	};
	char			*cause = NULL;
	size_t			 len;
	int			 rc;

	len = input_peek(in, &h);
	if (!kj_head_open(&kh, h, len) || !kj_head_key(&kh, "apiVersion",
	    NULL) || !kj_head_key(&kh, "kind", NULL))
		return (0);
	rc = imp_k8s_workloads.parse(in, opts, &sink, &cause);
	if (rc == IMPORT_NOTHING && up.records == 0 && up.rejected == 0 &&
	    input_error(in) == NULL && cause != NULL) {
		*why = cause;
		return (1);
	}
	free(cause);
	return (0);
}

/*
 * Imports one input.  Returns IMP_OK, IMP_SKIPPED (a member of a directory
 * or archive that holds nothing coroner reads), or IMP_FAILED (not
 * imported, or imported in part because it ended damaged).
 */
static int
import_input(struct store *st, struct input *in, const struct importer *as,
    const struct import_opts *opts, struct import_run *run)
{
	const struct importer	*imp = as;
	struct sink		 sink = {
		.ctx = run, .put = run_put, .reject = run_reject,
		.damaged = run_damaged, .note = run_note,
		.summary = run_note, .room = run_room
	};
	char			*cause = NULL, *name, *safe, *what, *kinds;
	char			 sha[SHA256_HEX_LEN], identity[SHA256_HEX_LEN];
	const unsigned char	*head;
	size_t			 len;
	int			 score, dup, rc, damaged;
	int64_t			 then;

	name = out_safe(input_name(in), strlen(input_name(in)), 512);
	if (imp == NULL && (imp = importer_detect(in, &score)) == NULL) {
		char		 whybuf[160];
		const char	*why = unknown_why(in, whybuf, sizeof whybuf);

		if (input_error(in) != NULL) {	/* names the input */
			safe = out_safe(input_error(in),
			    strlen(input_error(in)), 600);
			out_printf(stderr, "coroner: %s\n", safe);
			free(safe);
			free(name);
			return (IMP_FAILED);
		}
		if (input_member(in) != NULL) {
			rc = skip_member(run, input_member(in));
			free(name);
			return (rc);
		}
		if (strcmp(why, "empty input") == 0) {
			say_input(run, in, "empty, skipped");
			free(name);
			return (IMP_OK);
		}
		buf_clear(&run->notes);
		if (input_member(in) == NULL &&
		    input_is_unread_k8s(in, opts, &run->notes, &cause)) {
			rc = import_unread(run, name, cause);
			free(cause);
			return (rc);
		}
		out_printf(stderr, "coroner: %s: %s\n", name, why);
		free(name);
		return (IMP_FAILED);
	}
	run->in = in;
	run->rows = run->rejected = 0;
	memset(run->kinds, 0, sizeof run->kinds);
	free(run->input_pod);
	run->input_pod = NULL;
	buf_clear(&run->errors);
	buf_clear(&run->damage);
	buf_clear(&run->notes);
	run->start_us = run->shown_us = mono_us();
	len = input_peek(in, &head);
	buf_clear(&run->head);
	buf_append(&run->head, head, len < HEAD_KEPT ? len : HEAD_KEPT);
	if (store_input_begin(st, input_path(in), input_member(in), imp->name,
	    &cause) != 0) {
		out_printf(stderr, "coroner: %s: %s\n", name, cause);
		goto fail;
	}
	tally_clear(run->tally);
	log_pods_settle(run, 0);	/* an input before that was not kept */
	rc = imp->parse(in, opts, &sink, &cause);
	if (run->pl != NULL && pipeline_drain(run->pl) != 0) {
		/* the database failed: say so rather than the importer */
		free(cause);
		cause = xasprintf("the database: %s", store_error(st));
		rc = -1;
	}
	/* the writer is idle: the tally is this thread's again */
	tally_done(run->tally);
	if (rc == 0 && run_flush_tally(run) != 0) {
		cause = xasprintf("the database: %s", store_error(st));
		rc = -1;
	}
	show_progress(run, 1);
	if (input_limited(in)) {
		/* past a limit: nothing of it is kept */
		store_input_abort(st);
		out_printf(stderr, "coroner: %s; nothing of it was imported\n",
		    input_error(in));
		goto fail;
	}
	if (rc == IMPORT_NOTHING && input_member(in) != NULL) {
		store_input_abort(st);
		free(cause);
		rc = skip_member(run, input_member(in));
		free(name);
		return (rc);
	}
	if (rc == IMPORT_NOTHING) {
		store_input_abort(st);
		rc = import_unread(run, name, cause);
		free(cause);
		return (rc);
	}
	if (rc == IMPORT_NEEDS && input_member(in) != NULL) {
		/* a bundle's member: skipped, saying what would read it */
		store_input_abort(st);
		what = xasprintf("skipped: %s", cause);
		say_input(run, in, what);
		free(what);
		free(cause);
		free(name);
		return (IMP_OK);
	}
	if (rc != 0) {
		store_input_abort(st);
		out_printf(stderr, "coroner: %s: %s\n", name,
		    cause != NULL ? cause : store_error(st));
		goto fail;
	}
	damaged = input_error(in) != NULL || run->damage.len > 0;
	if (!damaged && run->rows == 0 && run->rejected > 0) {
		/* nothing read: not this format, whatever its first bytes */
		store_input_abort(st);
		say_rejects(run, name);
		say_all_rejected(run, imp, name);
		goto fail;
	}
	input_hash(in, sha);
	input_identity(in, imp, opts, sha, identity);
	if (store_input_end(st, identity, sha, input_offset(in), run->rows,
	    run->rejected, run->errors.data, &dup, &then, &cause) != 0) {
		out_printf(stderr, "coroner: %s: %s\n", name, cause);
		goto fail;
	}
	log_pods_settle(run, !dup);
	run->group_bytes += input_offset(in);
	run->kept++;
	say_rejects(run, name);
	if (damaged) {
		out_printf(stderr, "coroner: %s: the input ended damaged (%s); "
		    "%s %lld rows from before the damage\n", name,
		    input_error(in) != NULL ? input_error(in) :
		    run->damage.data, dup ? "already imported with its" :
		    "kept its", (long long)run->rows);
		free(name);
		return (IMP_FAILED);
	}
	if (run->rows == 0 && run->rejected == 0 && run->notes.len == 0) {
		/* an empty list: "already imported" would only puzzle */
		say_empty(run, in, imp->name);
	} else if (dup && then > 0) {
		/* a limit raised now changes nothing: it is not read again */
		what = xasprintf("already imported (the same content; %lld "
		    "rejected then), nothing changed: an input is imported "
		    "once, whatever its limits", (long long)then);
		say_input(run, in, what);
		free(what);
	} else if (dup) {
		say_input(run, in, "already imported (the same content), "
		    "nothing changed");
	} else {
		kinds = rows_by_kind(run);
		what = run->rejected > 0 ? xasprintf("%s, %lld row%s%s, %lld "
		    "rejected", imp->name, (long long)run->rows, run->rows ==
		    1 ? "" : "s", kinds, (long long)run->rejected) :
		    xasprintf("%s, %lld row%s%s", imp->name,
		    (long long)run->rows, run->rows == 1 ? "" : "s", kinds);
		say_input(run, in, what);
		free(what);
		free(kinds);
	}
	say_notes(run, in);
	free(name);
	return (IMP_OK);
fail:
	free(cause);
	free(name);
	return (IMP_FAILED);
}

/*
 * The end of a directory or archive: its empty lists, the files no
 * importer reads, and how to import records that were among them.
 */
static void
say_source_end(struct import_run *run, const char *path)
{
	size_t	 w = (size_t)out_term_width();
	char	*name, *what;

	if (run->quiet || (run->empties == 0 && run->skipped == 0))
		return;
	if (!run->header) {
		name = out_fit(path, w - 1, OUT_CUT_PATH, 0);
		out_printf(stdout, "%s:\n", name);
		free(name);
	}
	if (run->empties > 0) {
		what = xasprintf("%lld empty list%s (%s), nothing to import",
		    (long long)run->empties, run->empties == 1 ? "" : "s",
		    run->empty_kinds.data);
		out_wrap(stdout, what, 0, 2, w);
		free(what);
	}
	if (run->skipped > 0) {
		what = xasprintf("skipped %lld file%s no importer reads (%s%s)",
		    (long long)run->skipped, run->skipped == 1 ? "" : "s",
		    run->skipped_names.data, run->skipped > 4 ? ", ..." : "");
		out_wrap(stdout, what, 0, 2, w);
		free(what);
	}
	if (run->skipped_records > 0)
		out_printf(stdout, "  (CSV, TSV and NDJSON files hold records: "
		    "import them with\n  --records NAME --key COL --time COL, "
		    "one set at a time)\n");
}

/*
 * Commits the inputs of the open group.  Returns 0, or -1 after saying
 * that they were lost.
 */
static int
group_commit(struct store *st, struct import_run *run)
{
	char	*cause = NULL;
	int64_t	 n;

	run->group_bytes = 0;
	if (store_group_end(st, &n, &cause) == 0)
		return (0);
	out_printf(stderr, "coroner: the database: %s; the last %lld inputs "
	    "were not kept\n", cause, (long long)n);
	free(cause);
	return (-1);
}

/*
 * Frees the stopped pipeline and the tally: on a thread of its own while
 * the model is rebuilt, because giving back their 30 MB of populated
 * memory took the main thread 5 to 9 ms of an import's way to its end.
 */
static void *
run_reap(void *arg)
{
	struct import_run	*run = arg;

	pipeline_free(run->pl);
	tally_free(run->tally);
	return (NULL);
}

/* Imports every path.  Returns EXIT_OK or EXIT_FAIL. */
static int
import_paths(const struct cmd_entry *ce, const char *db, char **paths,
    int npaths, const struct importer *as, const struct import_opts *opts,
    const struct source_limits *lim, int quiet)
{
	struct store		*st;
	struct source		*src;
	struct input		*in;
	struct import_run	 run = { 0 };
	struct model_stats	 ms;
	pthread_t		 reaper;
	char			*cause = NULL;
	int64_t			 legacy, ninputs;
	int			 i, r, failed = 0, reaping;

	if (cmd_store_open(ce, db, STORE_CREATE, &st) != 0)
		return (EXIT_FAIL);
	if ((legacy = store_legacy_inputs(st)) > 0 && !quiet) {
		out_say(stderr, "coroner: note: %s holds %lld inputs "
		    "imported by a coroner before 0.2, identified by a digest "
		    "this one no longer computes: importing one of them again "
		    "stores its requests, logs and records twice (coroner(1), "
		    "DATABASE)", db, (long long)legacy);
	}
	run.st = st;
	run.pl = pipeline_new(st, run_tally, &run);
	run.tally = tally_new();
	run.quiet = quiet;
	run.progress = isatty(STDERR_FILENO) && !quiet;
	for (i = 0; i < npaths; i++) {
		if (source_open(paths[i], lim, &src, &cause) != 0) {
			out_printf(stderr, "coroner: %s\n", cause);
			free(cause);
			failed = 1;
			continue;
		}
		ninputs = 0;
		while ((r = source_next(src, &in, &cause)) != 0) {
			ninputs++;	/* one, whole or not */
			if (r < 0) {
				out_printf(stderr, "coroner: %s\n", cause);
				free(cause);
				failed = 1;
				continue;
			}
			/* small inputs of one source share a transaction */
			if (store_group_begin(st, &cause) != 0) {
				out_printf(stderr, "coroner: %s: %s\n",
				    paths[i], cause);
				free(cause);
				failed = 1;
				break;
			}
			if (import_input(st, in, as, opts, &run) == IMP_FAILED)
				failed = 1;
			if (run.group_bytes >= GROUP_BYTES &&
			    group_commit(st, &run) != 0)
				failed = 1;
		}
		source_close(src);
		if (group_commit(st, &run) != 0)
			failed = 1;
		say_source_end(&run, paths[i]);
		/* an empty directory (or archive): nothing was imported */
		if (ninputs == 0 && run.skipped == 0) {
			out_printf(stderr, "coroner: %s: nothing in it to "
			    "import\n", paths[i]);
			failed = 1;
		}
		run.skipped = run.skipped_records = run.empties = 0;
		run.header = 0;
		buf_clear(&run.skipped_names);
		buf_clear(&run.empty_kinds);
	}
	if (import_unread_end(&run))
		failed = 1;
	/* the writer stops; the memory it wrote from goes back while the
	   model is rebuilt (run_reap) */
	pipeline_stop(run.pl);
	reaping = pthread_create(&reaper, NULL, run_reap, &run) == 0;
	if (!reaping)
		run_reap(&run);
	buf_free(&run.errors);
	buf_free(&run.damage);
	buf_free(&run.head);
	buf_free(&run.notes);
	buf_free(&run.skipped_names);
	buf_free(&run.empty_kinds);
	/* the inputs' pages go to the file while the model is rebuilt (when
	   the last commit's checkpoint is not still copying them) */
	store_checkpoint_start(st);
	if (model_rebuild(st, &ms, &cause) != 0) {
		out_printf(stderr, "coroner: rebuilding the model: %s\n",
		    cause);
		free(cause);
		failed = 1;
	} else if (!quiet && ms.pods + ms.workloads > 0)
		out_say(stdout, "model: %lld pod%s (%lld killed at the grace "
		    "deadline), %lld workload%s, %lld rollout%s, %lld job%s",
		    (long long)ms.pods, ms.pods == 1 ? "" : "s",
		    (long long)ms.killed, (long long)ms.workloads,
		    ms.workloads == 1 ? "" : "s", (long long)ms.rollouts,
		    ms.rollouts == 1 ? "" : "s", (long long)ms.jobs,
		    ms.jobs == 1 ? "" : "s");
	if (reaping)
		pthread_join(reaper, NULL);
	run.pl = NULL;
	run.tally = NULL;
	if (!failed && !quiet)
		say_unknown_log_pods(&run);
	free(run.input_pod);
	for (i = 0; i < (int)run.nlog_pods; i++) {
		free(run.log_pods[i].ns);
		free(run.log_pods[i].pod);
	}
	if (!failed)
		store_close(st);
	else if (store_close_unused(st) && !quiet)
		out_printf(stderr, "coroner: %s: not kept: nothing was "
		    "imported into it\n", db);
	return (failed ? EXIT_FAIL : EXIT_OK);
}

enum {
	OPT_MAX_BYTES = 256,
	OPT_MAX_RATIO,
	OPT_MAX_INPUTS,
	OPT_MAX_LINE,
	OPT_MAX_OBJECT,
	OPT_MAX_UPSTREAMS
};

static const struct option import_longopts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ "as", required_argument, NULL, 'a' },
	{ "tz", required_argument, NULL, 'z' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "pod", required_argument, NULL, 'p' },
	{ "container", required_argument, NULL, 'c' },
	{ "records", required_argument, NULL, 'R' },
	{ "key", required_argument, NULL, 'K' },
	{ "time", required_argument, NULL, 'T' },
	{ "release", required_argument, NULL, 'L' },
	{ "max-bytes", required_argument, NULL, OPT_MAX_BYTES },
	{ "max-ratio", required_argument, NULL, OPT_MAX_RATIO },
	{ "max-inputs", required_argument, NULL, OPT_MAX_INPUTS },
	{ "max-line", required_argument, NULL, OPT_MAX_LINE },
	{ "max-object", required_argument, NULL, OPT_MAX_OBJECT },
	{ "max-upstreams", required_argument, NULL, OPT_MAX_UPSTREAMS },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* The long name of the option whose value is ch. */
static const char *
longopt_name(int ch)
{
	const struct option	*o;

	for (o = import_longopts; o->name != NULL; o++) {
		if (o->val == ch)
			return (o->name);
	}
	return ("?");
}

/* What 0 lifts a limit to where a limit cannot be lifted altogether. */
#define HELD_MAX	((uint64_t)1 << 30)	/* a line, an object: held */
#define UPSTREAMS_MAX	65536

/*
 * Reads the value of a --max-* option into lim or opts; 0 lifts its
 * limit.  Returns 0, or -1 when it is not a number in range.
 */
static int
limit_option(int ch, const char *arg, struct source_limits *lim,
    struct import_opts *opts)
{
	uint64_t	v;

	if (cmd_parse_size(arg, &v) != 0)
		return (-1);
	switch (ch) {
	case OPT_MAX_BYTES:
		lim->max_bytes = v;
		break;
	case OPT_MAX_RATIO:
		lim->max_ratio = v;
		break;
	case OPT_MAX_INPUTS:
		lim->max_inputs = v == 0 ? UINT64_MAX : v;
		break;
	case OPT_MAX_LINE:
		/* a line is held in memory whole: 0 lifts it to 1 GiB */
		if (v > HELD_MAX)
			return (-1);
		lim->max_line = v == 0 ? HELD_MAX : (size_t)v;
		break;
	case OPT_MAX_OBJECT:
		if (v > HELD_MAX)
			return (-1);
		opts->max_object = v == 0 ? HELD_MAX : (size_t)v;
		break;
	case OPT_MAX_UPSTREAMS:
		if (v > UPSTREAMS_MAX)
			return (-1);
		opts->max_upstreams = v == 0 ? UPSTREAMS_MAX : (int)v;
		break;
	}
	return (0);
}

/*
 * Splits "NAMESPACE/NAME" (--pod, --release) in place.  Returns 0, or -1
 * when arg is not two non-empty parts.
 */
static int
split_ns(char *arg, const char **ns, const char **name)
{
	char	*slash = strchr(arg, '/');

	if (slash == NULL || slash == arg || slash[1] == '\0' ||
	    strchr(slash + 1, '/') != NULL)
		return (-1);
	*slash = '\0';
	*ns = arg;
	*name = slash + 1;
	return (0);
}

static int
cmd_import_exec(const struct cmd_entry *ce, int argc, char **argv)
{
	const struct importer	*as = NULL;
	struct import_opts	 opts = { .tz = NULL };
	struct source_limits	 lim = source_default_limits;
	struct zone		*tz = NULL;
	uint64_t		 total = 0;
	const char		*db = NULL, *tz_spec = NULL;
	char			*cause = NULL;
	int			 ch, quiet = 0, rc;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":qh", import_longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case 'a':
			if ((as = importer_find(optarg)) == NULL)
				return (cmd_usage_error(ce, "unknown format "
				    "'%s' (coroner formats lists them)",
				    optarg));
			break;
		case 'z':
			tz_spec = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'p':
			if (split_ns(optarg, &opts.pod_namespace,
			    &opts.pod_name) != 0)
				return (cmd_usage_error(ce, "--pod takes "
				    "NAMESPACE/POD, not '%s'", optarg));
			break;
		case 'c':
			opts.container = optarg;
			break;
		case 'L':
			if (split_ns(optarg, &opts.release_namespace,
			    &opts.release_name) != 0)
				return (cmd_usage_error(ce, "--release takes "
				    "NAMESPACE/NAME, not '%s'", optarg));
			break;
		case 'R':
			opts.records = optarg;
			break;
		case 'K':
			opts.key_col = optarg;
			break;
		case 'T':
			opts.time_col = optarg;
			break;
		case OPT_MAX_BYTES:
		case OPT_MAX_RATIO:
		case OPT_MAX_INPUTS:
		case OPT_MAX_LINE:
		case OPT_MAX_OBJECT:
		case OPT_MAX_UPSTREAMS:
			if (limit_option(ch, optarg, &lim, &opts) != 0)
				return (cmd_usage_error(ce, "bad --%s '%s' (a "
				    "number, or a size such as 64MiB)",
				    longopt_name(ch), optarg));
			break;
		case 'h':
			return (cmd_help(ce));
		case ':':
			return (cmd_usage_error(ce, "'%s' needs a value",
			    argv[optind - 1]));
		default:
			if (optopt != 0)
				return (cmd_usage_error(ce, "bad option "
				    "'-%c'", optopt));
			return (cmd_usage_error(ce, "bad option '%s'",
			    argv[optind - 1]));
		}
	}
	if (optind >= argc)
		return (cmd_usage_error(ce, "no PATH to import"));
	if ((opts.pod_name == NULL) != (opts.container == NULL))
		return (cmd_usage_error(ce, "--pod and --container go "
		    "together"));
	if (opts.records != NULL || opts.key_col != NULL ||
	    opts.time_col != NULL) {
		if (opts.records == NULL || opts.key_col == NULL ||
		    opts.time_col == NULL)
			return (cmd_usage_error(ce, "--records, --key and "
			    "--time go together"));
		if (*opts.records == '\0' || strchr(opts.records, ':') != NULL)
			return (cmd_usage_error(ce, "a record set's name is "
			    "not empty and has no ':' (it is used in "
			    "--reconcile REFERENCE:ACTUAL)"));
		as = &imp_records;
	}
	if (tz_spec != NULL) {
		if (zone_open(tz_spec, &tz, &cause) != 0) {
			rc = cmd_usage_error(ce, "%s", cause);
			free(cause);
			return (rc);
		}
		opts.tz = tz;
	}
	lim.total = &total;
	rc = import_paths(ce, cmd_db_path(db), argv + optind, argc - optind,
	    as, &opts, &lim, quiet);
	zone_free(tz);
	return (rc);
}

static const struct option tui_longopts[] = {
	{ "db", required_argument, NULL, 'd' },
	{ NULL, 0, NULL, 0 }
};

int
cmd_import_then_tui(int argc, char **argv)
{
	struct source_limits	 lim = source_default_limits;
	uint64_t		 total = 0;
	const char		*db = NULL;
	int			 ch, rc;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":", tui_longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			db = optarg;
			break;
		case ':':
			out_printf(stderr, "coroner: '%s' needs a value (try "
			    "coroner --help)\n", argv[optind - 1]);
			return (EXIT_USAGE);
		default:
			out_printf(stderr, "coroner: unknown option '%s' (try "
			    "coroner --help)\n", argv[optind - 1]);
			return (EXIT_USAGE);
		}
	}
	/* the TUI needs a terminal: nothing is imported for none */
	if (cmd_tui_no_terminal(optind < argc))
		return (EXIT_USAGE);
	rc = EXIT_OK;
	lim.total = &total;
	if (optind < argc)
		rc = import_paths(&cmd_import_entry, cmd_db_path(db),
		    argv + optind, argc - optind, NULL,
		    &(struct import_opts){ .tz = NULL }, &lim, 0);
	if (rc != EXIT_OK)
		return (rc);
	return (cmd_tui_open(db));
}
