/*
 * analyze.c: runs the rules (analyze.h), orders the findings by severity
 * and time, numbers them, and stores them with the missing records in
 * one transaction, replacing the previous run's.  No SQL (store.h), no
 * drawing.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "analyze.h"
#include "jsonval.h"
#include "out.h"
#include "podlist.h"
#include "podwin.h"
#include "timefmt.h"

const char *
finding_kind_name(enum finding_kind k)
{
	return (finding_kinds[k].name);
}

const char *
severity_name(enum severity s)
{
	return (s == SEV_CRITICAL ? "critical" : "warning");
}

int
finding_kind_lookup(const char *name)
{
	int	k;

	for (k = 0; k < FK__COUNT; k++) {
		if (str_eq(finding_kinds[k].name, name))
			return (k);
	}
	return (-1);
}

size_t
finding_rule_order(size_t order[FK__COUNT])
{
	uint32_t	done = 0, need;
	size_t		n = 0, k, j;
	int		progress;

	/* a kind is done once its rule ran; rules run once */
	while (done != FK_BIT(FK__COUNT) - 1) {
		progress = 0;
		for (k = 0; k < FK__COUNT; k++) {
			if (done & FK_BIT(k))
				continue;
			need = finding_kinds[k].after;
			for (j = 0; j < FK__COUNT; j++) {
				if (finding_kinds[j].rule ==
				    finding_kinds[k].rule)
					need &= ~FK_BIT(j);
			}
			if ((need & ~done) != 0)
				continue;
			order[n++] = k;
			for (j = 0; j < FK__COUNT; j++) {
				if (finding_kinds[j].rule ==
				    finding_kinds[k].rule)
					done |= FK_BIT(j);
			}
			progress = 1;
			break;
		}
		if (!progress)
			fatal("the finding kinds' \"after\" sets loop");
	}
	return (n);
}

/* A finding's group: its kind, namespace and workload. */
struct group_key {
	const struct analysis	*a;
	enum finding_kind	 kind;
	const char		*ns;
	const char		*workload;
};

static uint64_t
group_hash(const struct group_key *k)
{
	return (hindex_str(hindex_str(hindex_int(HINDEX_SEED, k->kind),
	    k->ns), k->workload));
}

static int
group_eq(const void *ctx, size_t item)
{
	const struct group_key	*k = ctx;
	const struct finding	*f = &k->a->v[item];

	return (f->kind == k->kind && str_eq(f->namespace, k->ns) &&
	    str_eq(f->workload, k->workload));
}

struct finding *
analysis_add(struct analysis *a, enum finding_kind kind, const char *ns,
    const char *workload)
{
	struct finding		*f;
	struct group_key	 k = {
		.a = a, .kind = kind, .ns = ns, .workload = workload
	};

	if (a->n == a->cap) {
		a->cap = a->cap == 0 ? 64 : a->cap * 2;
		a->v = xreallocarray(a->v, a->cap, sizeof *a->v);
	}
	f = &a->v[a->n];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->severity = finding_kinds[kind].severity;
	f->namespace = ns != NULL ? xstrdup(ns) : NULL;
	f->workload = workload != NULL ? xstrdup(workload) : NULL;
	f->start_us = f->end_us = TIME_NONE;
	f->win_lo = SIZE_MAX;
	f->made = a->n;
	f->earlier = hindex_put(&a->groups, group_hash(&k), a->n, group_eq,
	    &k);
	a->n++;
	return (f);
}

struct finding *
analysis_latest(struct analysis *a, enum finding_kind kind, const char *ns,
    const char *workload)
{
	struct group_key	 k = {
		.a = a, .kind = kind, .ns = ns, .workload = workload
	};
	size_t			 i;

	i = hindex_get(&a->groups, group_hash(&k), group_eq, &k);
	return (i != HINDEX_NONE ? &a->v[i] : NULL);
}

struct finding *
analysis_earlier(struct analysis *a, const struct finding *f)
{
	return (f->earlier != HINDEX_NONE ? &a->v[f->earlier] : NULL);
}

struct finding *
analysis_group(struct analysis *a, enum finding_kind kind,
    const struct podset_pod *p, int64_t at)
{
	struct finding	*f;

	/* the latest of the workload's findings of this kind first */
	for (f = analysis_latest(a, kind, p->r.namespace, p->r.workload);
	    f != NULL; f = analysis_earlier(a, f)) {
		if (at == TIME_NONE || f->end_us == TIME_NONE ||
		    at - f->end_us < (int64_t)3600 * 1000000)
			return (f);
	}
	f = analysis_add(a, kind, p->r.namespace, p->r.workload);
	f->pods = json_array();
	f->evidence = json_object();
	return (f);
}

void
finding_widen(struct finding *f, int64_t from, int64_t to)
{
	if (from != TIME_NONE && (f->start_us == TIME_NONE ||
	    from < f->start_us))
		f->start_us = from;
	if (to != TIME_NONE && (f->end_us == TIME_NONE || to > f->end_us))
		f->end_us = to;
}

/* Lists of pods at most this long are scanned, longer ones indexed. */
#define SHORT_LIST	8

/* A string looked for in an array of strings. */
struct strs_key {
	const json_t	*arr;
	const char	*s;
};

static int
strs_eq(const void *ctx, size_t item)
{
	const struct strs_key	*k = ctx;

	return (str_eq(json_string_value(json_array_get(k->arr, item)),
	    k->s));
}

/*
 * Whether the array of strings arr holds s: scanned while it is short,
 * else looked up in ix, which indexes its first *nix strings and is
 * brought up to date first (rules only ever append).
 */
static int
strs_has(const json_t *arr, struct hindex *ix, size_t *nix, const char *s)
{
	struct strs_key	 k = { .arr = arr };
	size_t		 n = json_array_size(arr), i;

	if (n <= SHORT_LIST) {
		for (i = 0; i < n; i++) {
			if (str_eq(json_string_value(json_array_get(arr, i)),
			    s))
				return (1);
		}
		return (0);
	}
	for (; *nix < n; (*nix)++) {
		k.s = json_string_value(json_array_get(arr, *nix));
		hindex_put(ix, hindex_str(HINDEX_SEED, k.s), *nix, strs_eq,
		    &k);
	}
	k.s = s;
	return (hindex_get(ix, hindex_str(HINDEX_SEED, s), strs_eq, &k) !=
	    HINDEX_NONE);
}

int
finding_has_pod(struct finding *f, const char *name)
{
	finding_wake(f);
	return (strs_has(f->pods, &f->name_ix, &f->name_nix, name));
}

void
finding_add_uid(struct finding *f, const char *uid, const char *name)
{
	finding_wake(f);
	if (f->pods == NULL)
		f->pods = json_array();
	if (f->uids == NULL)
		f->uids = json_array();
	if (strs_has(f->uids, &f->uid_ix, &f->uid_nix, uid))
		return;
	json_array_append_new(f->pods, json_string(name != NULL ? name :
	    uid));
	json_array_append_new(f->uids, json_string(uid));
}

void
finding_add_pod(struct finding *f, const struct podset_pod *p)
{
	finding_add_uid(f, p->r.uid, p->r.name);
}

void
analyze_fmt_s(double s, char *out, size_t len)
{
	if (s < 10)
		snprintf(out, len, "%.1f s", s);
	else if (s < 600)
		snprintf(out, len, "%.0f s", s);
	else
		snprintf(out, len, "%.1f min", s / 60);
}

void
analyze_fmt_dur(double s, char *out, size_t len)
{
	if (s >= 2 * 86400)
		snprintf(out, len, "%.1f days", s / 86400);
	else if (s >= 2 * 3600)
		snprintf(out, len, "%.1f h", s / 3600);
	else
		analyze_fmt_s(s, out, len);
}

/* An actor and its count, for sorting. */
struct actor_n {
	const char	*name;
	int64_t		 n;
};

static int
cmp_actor_n(const void *a, const void *b)
{
	const struct actor_n	*p = a, *q = b;

	if (p->n != q->n)
		return (p->n > q->n ? -1 : 1);
	return (strcmp(p->name, q->name));
}

void
analyze_fmt_actors(json_t *counts, char *out, size_t len)
{
	struct actor_n	*v;
	const char	*k;
	json_t		*n;
	size_t		 i = 0, cnt = json_object_size(counts), at = 0;
	int		 w;

	out[0] = '\0';
	if (cnt == 0) {
		snprintf(out, len, "an unknown actor");
		return;
	}
	v = xreallocarray(NULL, cnt, sizeof *v);
	json_object_foreach(counts, k, n) {
		v[i].name = k;
		v[i++].n = json_integer_value(n);
	}
	xqsort(v, cnt, sizeof *v, cmp_actor_n);
	for (i = 0; i < cnt && at < len; i++) {
		if (i == 3) {
			snprintf(out + at, len - at, " and %zu more", cnt - 3);
			break;
		}
		w = cnt == 1 ? snprintf(out + at, len - at, "%s", v[i].name) :
		    snprintf(out + at, len - at, "%s%s (%lld)", i == 0 ? "" :
		    i + 1 == cnt ? " and " : ", ", v[i].name,
		    (long long)v[i].n);
		if (w < 0)
			break;
		at += (size_t)w;
	}
	free(v);
}

static int
cmp_finding(const void *a, const void *b)
{
	const struct finding	*p = a, *q = b;
	int			 c;

	if ((c = (int)p->severity - (int)q->severity) != 0)
		return (c);
	if (p->start_us != q->start_us)
		return (p->start_us < q->start_us ? -1 : 1);
	if ((c = strcmp(finding_kind_name(p->kind),
	    finding_kind_name(q->kind))) != 0)
		return (c);
	/* then by workload: the order made in changes with the windows */
	if ((c = str_cmp(p->namespace, q->namespace)) != 0 ||
	    (c = str_cmp(p->workload, q->workload)) != 0)
		return (c);
	/* qsort need not keep equals in order: the rules' order decides */
	return (p->made < q->made ? -1 : p->made > q->made);
}

/*
 * A finding's pods_detail, a row for each of its pods, is most of what the
 * analysis holds of it: as JSON values, about four times the bytes of its
 * text (at 1,000,000 pods of the bench, 0.6 GB), and the text, the same
 * keys row after row, compresses 20 to 30 times.  Once the rule that made
 * the finding has run nothing reads the rows again (its later readers
 * read the stored evidence), so they rest as the text the store will
 * write, compressed, and the evidence holds this string in their place
 * until then.
 */
#define DETAIL_JSON	"\\u0001pods_detail at rest\\u0001"
static const char detail_stub[] = "\001pods_detail at rest\001";
#define EV_FLAGS	(JSON_COMPACT | JSON_REAL_PRECISION(6))

/* The len bytes at text compressed: a new buffer of *zlen bytes. */
static void *
rest_pack(struct analysis *a, const void *text, size_t len, size_t *zlen)
{
	void	*z;
	size_t	 n;

	if (a->rest == NULL && (a->rest = ZSTD_createCCtx()) == NULL)
		fatal("out of memory");
	z = xmalloc(ZSTD_compressBound(len));
	n = ZSTD_compressCCtx(a->rest, z, ZSTD_compressBound(len), text, len,
	    1);
	if (ZSTD_isError(n))
		fatal("zstd: %s", ZSTD_getErrorName(n));
	*zlen = n;
	return (xrealloc(z, n));
}

/*
 * The bytes rest_pack compressed into z (zlen bytes): a new string of
 * *len bytes and a NUL.  what names them if they are damaged.
 */
static char *
rest_unpack(const void *z, size_t zlen, size_t *len, const char *what)
{
	unsigned long long	 size;
	char			*text;
	size_t			 got;

	size = ZSTD_getFrameContentSize(z, zlen);
	if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR)
		fatal("%s at rest are damaged", what);
	text = xmalloc((size_t)size + 1);
	got = ZSTD_decompress(text, (size_t)size, z, zlen);
	if (ZSTD_isError(got) || got != size)
		fatal("%s at rest are damaged", what);
	text[got] = '\0';
	*len = got;
	return (text);
}

/*
 * Puts the compressed bytes z (len of them, owned from now) at rest in
 * r: in the windows' file when there is one.
 */
static void
rest_put(struct analysis *a, struct rest *r, void *z, size_t len)
{
	r->len = len;
	r->pw = a->win;
	r->z = z;
	if (podwin_keep(a->win, z, len, &r->at) == 0) {
		free(z);
		r->z = NULL;
	}
}

/* The text at rest in r: a new string of *len bytes; what names it. */
static char *
rest_get(const struct rest *r, size_t *len, const char *what)
{
	void	*z = r->z != NULL ? r->z : podwin_fetch(r->pw, r->at, r->len);
	char	*text;

	text = rest_unpack(z, r->len, len, what);
	if (z != r->z)
		free(z);
	return (text);
}

static void
rest_clear(struct rest *r)
{
	free(r->z);
	memset(r, 0, sizeof *r);
}

void
finding_rest(struct analysis *a, size_t first)
{
	struct finding	*f;
	json_t		*d;
	char		*text;
	void		*z;
	size_t		 i, zlen;

	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		d = json_object_get(f->evidence, "pods_detail");
		if (f->detail.len > 0 || !json_is_array(d) ||
		    json_array_size(d) == 0 ||
		    (text = json_dumps(d, EV_FLAGS)) == NULL)
			continue;
		z = rest_pack(a, text, strlen(text), &zlen);
		rest_put(a, &f->detail, z, zlen);
		free(text);
		json_object_set_new(f->evidence, "pods_detail",
		    json_string(detail_stub));
	}
}

/*
 * A finding's pods at rest: a finding of many pods holds each as two
 * jansson strings and its arrays' slots, about 150 bytes, and its pods
 * no longer change once finished (finish.c); the names and uids, NUL
 * after each, compress to a fraction of their bytes.
 */
void
finding_sleep(struct analysis *a, struct finding *f)
{
	struct buf	 b = { 0 };
	const char	*s;
	void		*z;
	size_t		 i, zlen;

	if (f->pods_rest.len > 0 || (json_array_size(f->pods) == 0 &&
	    json_array_size(f->uids) == 0))
		return;
	f->npods = json_array_size(f->pods);
	for (i = 0; i < f->npods; i++) {
		s = json_string_value(json_array_get(f->pods, i));
		buf_append(&b, s, strlen(s) + 1);
	}
	for (i = 0; i < json_array_size(f->uids); i++) {
		s = json_string_value(json_array_get(f->uids, i));
		buf_append(&b, s, strlen(s) + 1);
	}
	z = rest_pack(a, b.data, b.len, &zlen);
	rest_put(a, &f->pods_rest, z, zlen);
	buf_free(&b);
	json_decref(f->pods);
	json_decref(f->uids);
	f->pods = f->uids = NULL;
	hindex_free(&f->uid_ix);
	hindex_free(&f->name_ix);
	f->uid_nix = f->name_nix = 0;
}

/* The text at rest of f's pods: a new string of *len bytes. */
static char *
rest_text(const struct finding *f, size_t *len)
{
	return (rest_get(&f->pods_rest, len, "a finding's pods"));
}

void
finding_wake(struct finding *f)
{
	char	*text, *s, *end;
	size_t	 len, i;

	if (f->pods_rest.len == 0)
		return;
	text = rest_text(f, &len);
	json_decref(f->pods);
	json_decref(f->uids);
	f->pods = json_array();
	f->uids = json_array();
	end = text + len;
	for (s = text, i = 0; s < end; s += strlen(s) + 1, i++)
		json_array_append_new(i < f->npods ? f->pods : f->uids,
		    json_string(s));
	free(text);
	rest_clear(&f->pods_rest);
}

void
finding_pods_read(const struct finding *f, struct finding_pods *fp)
{
	char	*s, *end;
	size_t	 len, i, nuids;

	memset(fp, 0, sizeof *fp);
	if (f->pods_rest.len == 0) {
		fp->n = json_array_size(f->uids);
		fp->name = xcalloc(fp->n + 1, sizeof *fp->name);
		fp->uid = xcalloc(fp->n + 1, sizeof *fp->uid);
		for (i = 0; i < fp->n; i++) {
			fp->name[i] = json_string_value(json_array_get(f->pods,
			    i));
			fp->uid[i] = json_string_value(json_array_get(f->uids,
			    i));
		}
		return;
	}
	fp->text = rest_text(f, &len);
	end = fp->text + len;
	for (s = fp->text, i = 0; s < end; s += strlen(s) + 1)
		i++;
	nuids = i - f->npods;
	fp->n = nuids;
	fp->name = xcalloc(fp->n + 1, sizeof *fp->name);
	fp->uid = xcalloc(fp->n + 1, sizeof *fp->uid);
	for (s = fp->text, i = 0; s < end; s += strlen(s) + 1, i++) {
		if (i < f->npods) {
			if (i < fp->n)
				fp->name[i] = s;
		} else
			fp->uid[i - f->npods] = s;
	}
}

void
finding_pods_free(struct finding_pods *fp)
{
	free(fp->name);
	free(fp->uid);
	free(fp->text);
	memset(fp, 0, sizeof *fp);
}

/* The evidence as the store writes it, pods_detail in its place again. */
static char *
evidence_text(const struct finding *f)
{
	static const char	 key[] = "\"pods_detail\":\"" DETAIL_JSON "\"";
	char			*ev, *at, *s, *detail;
	size_t			 head, got, tail;

	ev = json_dumps(f->evidence, EV_FLAGS);
	/* a quote in a string is escaped: only the stub itself matches */
	if (f->detail.len == 0 || ev == NULL ||
	    (at = strstr(ev, key)) == NULL)
		return (ev);
	head = (size_t)(at - ev) + strlen("\"pods_detail\":");
	detail = rest_get(&f->detail, &got, "a finding's pods_detail");
	tail = strlen(at + strlen(key)) + 1;
	s = xmalloc(head + got + tail);
	memcpy(s, ev, head);
	memcpy(s + head, detail, got);
	memcpy(s + head + got, at + strlen(key), tail);
	free(detail);
	free(ev);
	return (s);
}

/* Stores the findings, the missing records and the pods list. */
static int
store_findings(struct analysis *a, char **cause)
{
	struct row_finding	 r;
	struct row_finding_pod	 fr;
	struct finding_pods	 fp;
	char			*pods, *ev;
	size_t			 i, j;
	int			 rc = 0;

	if (store_rows_begin(a->st, ROW_FINDING, cause) != 0)
		return (-1);
	for (i = 0; i < a->n && rc == 0; i++) {
		finding_pods_read(&a->v[i], &fp);
		memset(&r, 0, sizeof r);
		r.id = (int64_t)i + 1;
		r.kind = finding_kind_name(a->v[i].kind);
		r.severity = severity_name(a->v[i].severity);
		r.namespace = a->v[i].namespace;
		r.workload = a->v[i].workload;
		pods = jv_strs_dump(fp.name, fp.n);
		ev = evidence_text(&a->v[i]);
		r.pods = pods;
		r.evidence = ev;
		r.start_us = a->v[i].start_us;
		r.end_us = a->v[i].end_us;
		r.summary = a->v[i].summary;
		r.recommendation = a->v[i].recommendation;
		rc = store_model_put(a->st, ROW_FINDING, &r);
		free(pods);
		free(ev);
		/* one finding's pods read at a time */
		fr.finding_id = r.id;
		for (j = 0; j < fp.n && rc == 0; j++) {
			fr.pod_uid = fp.uid[j];
			rc = store_model_put(a->st, ROW_FINDING_POD, &fr);
		}
		finding_pods_free(&fp);
	}
	for (i = 0; i < a->nmissing && rc == 0; i++)
		rc = store_model_put(a->st, ROW_MISSING, &a->missing[i]);
	if (rc != 0)
		*cause = xstrdup(store_error(a->st));
	/* the pods list reads the findings and missing records just put */
	if (rc != 0 || podlist_write(a, cause) != 0) {
		store_model_end(a->st, 0, NULL);
		return (-1);
	}
	return (store_model_end(a->st, 1, cause));
}

/*
 * The findings are numbered by their order now: each "related" array of
 * the evidence, which held the positions the rules made them at, gets
 * their ids (1-based).
 */
static void
relate_ids(struct analysis *a)
{
	size_t	*id, i, j, made;
	json_t	*rel, *x;

	id = xreallocarray(NULL, a->n > 0 ? a->n : 1, sizeof *id);
	for (i = 0; i < a->n; i++)
		id[a->v[i].made] = i + 1;
	for (i = 0; i < a->n; i++) {
		rel = json_object_get(a->v[i].evidence, "related");
		json_array_foreach(rel, j, x) {
			made = (size_t)json_integer_value(x);
			if (made < a->n)
				json_integer_set(x, (json_int_t)id[made]);
		}
	}
	free(id);
}

/*
 * The pods a window holds unless CORONER_ANALYZE_CHUNK says: about 5 MB
 * of them, and as much of what the rules make of them.  At 1 M pods of
 * the bench, 48.2 s and 86 MB; at 100,000, 4.74 s and 57 MB against
 * 3.74 s and 191 MB for one window (each window reads some things of
 * its own again).
 */
#define CHUNK_DEFAULT	5000

/* CORONER_ANALYZE_CHUNK, pods a window of run_rules holds, 0: all. */
static int
chunk_size(size_t *n, char **cause)
{
	const char		*env = getenv("CORONER_ANALYZE_CHUNK");
	char			*end, *safe;
	unsigned long long	 v;

	*n = CHUNK_DEFAULT;
	if (env == NULL || *env == '\0')
		return (0);
	errno = 0;
	v = strtoull(env, &end, 10);
	if (*end != '\0' || errno != 0 || *env < '0' || *env > '9' ||
	    v > SIZE_MAX) {
		safe = out_safe(env, strlen(env), 40);
		*cause = xasprintf("CORONER_ANALYZE_CHUNK: \"%s\" is not a "
		    "number of pods (coroner(1), ENVIRONMENT)", safe);
		free(safe);
		return (-1);
	}
	*n = (size_t)v;
	return (0);
}

/*
 * Runs the rules of kinds k[0..n) in their order over each window of
 * pods (podwin.h: a few whole workloads; a->chunk pods or the workload
 * that has more, every pod when 0), each window through every rule
 * before the next, putting each rule's pods_detail at rest after it.  A
 * rule that reads something of every workload once keeps it in a->state
 * from the first window, and finishes in the one a->last_window marks.
 * At the end of each window its findings' pods are named and ordered,
 * and the facts of the pods of the findings made before it copied
 * (finish_window).
 */
static int
run_rules(struct analysis *a, const size_t *k, size_t n, char **cause)
{
	size_t	nwin = podwin_count(a->win), i, first, made;
	int	rc = 0;

	for (a->window = 0; a->window < nwin && rc == 0; a->window++) {
		if (podwin_load(a->win, a->window, &a->pods, cause) != 0)
			return (-1);
		a->last_window = a->window + 1 == nwin;
		made = a->n;
		for (i = 0; i < n && rc == 0; i++) {
			first = a->n;
			rc = finding_kinds[k[i]].rule(a, cause);
			finding_rest(a, first);
		}
		if (rc == 0)
			finish_window(a, made);
	}
	return (rc);
}

/*
 * Runs the rules of order[0..*n) that read no pods (no_pods), in their
 * order, before any window, and leaves the others in order[0..*n), in
 * theirs.
 */
static int
run_no_pods(struct analysis *a, size_t *order, size_t *n, char **cause)
{
	uint32_t	no_pods = 0;
	size_t		i, kept = 0, first;

	for (i = 0; i < FK__COUNT; i++) {
		if (finding_kinds[i].no_pods)
			no_pods |= FK_BIT(i);
	}
	for (i = 0; i < *n; i++) {
		if (!finding_kinds[order[i]].no_pods) {
			order[kept++] = order[i];
			continue;
		}
		if ((finding_kinds[order[i]].after & ~no_pods) != 0)
			fatal("rule %s reads no pods but reads findings that "
			    "do", finding_kind_name(order[i]));
		first = a->n;
		if (finding_kinds[order[i]].rule(a, cause) != 0)
			return (-1);
		finding_rest(a, first);
	}
	*n = kept;
	return (0);
}

int
analyze_run(struct store *st, const struct analyze_opts *opts,
    struct analysis *a, char **cause)
{
	struct finish_before	fb = { 0 };
	size_t			order[FK__COUNT], nrules, i;
	int			rc;

	memset(a, 0, sizeof *a);
	a->st = st;
	a->opts = opts;
	if (chunk_size(&a->chunk, cause) != 0)
		return (-1);
	/* the incident's window, once, for the rules and every view after */
	if (store_window_cache(st, cause) != 0)
		return (-1);
	/*
	 * The rules read one state of the database (an import may commit
	 * meanwhile), in one read transaction rather than one a query
	 * (each takes and drops the file's lock: 60,000 at 100,000 pods).
	 */
	if (store_snapshot_begin(st, cause) != 0)
		return (-1);
	nrules = finding_rule_order(order);
	if (run_no_pods(a, order, &nrules, cause) != 0) {
		store_snapshot_end(st);
		return (-1);
	}
	/* windows of a few workloads hold the pods when every rule may */
	for (i = 0; i < nrules && finding_kinds[order[i]].by_workload; i++)
		;
	fb.a = a;
	rc = podwin_read(st, i == nrules ? a->chunk : 0, finish_before_pod,
	    &fb, &a->win, cause);
	finish_before_end(&fb);
	if (rc != 0 || run_rules(a, order, nrules, cause) != 0) {
		store_snapshot_end(st);
		return (-1);
	}
	store_snapshot_end(st);
	for (i = 0; i < a->n; i++) {
		if (a->v[i].pods == NULL && a->v[i].pods_rest.len == 0)
			a->v[i].pods = json_array();
		if (a->v[i].evidence == NULL)
			fatal("finding %s without evidence",
			    finding_kind_name(a->v[i].kind));
	}
	finish_all(a);
	/* the groups' indexes into a->v end with the sort */
	hindex_free(&a->groups);
	xqsort(a->v, a->n, sizeof *a->v, cmp_finding);
	relate_ids(a);
	return (store_findings(a, cause));
}

void
analysis_free(struct analysis *a)
{
	size_t	i;

	for (i = 0; i < a->n; i++) {
		free(a->v[i].namespace);
		free(a->v[i].workload);
		json_decref(a->v[i].pods);
		json_decref(a->v[i].uids);
		free(a->v[i].summary);
		json_decref(a->v[i].evidence);
		free(a->v[i].recommendation);
		rest_clear(&a->v[i].detail);
		hindex_free(&a->v[i].uid_ix);
		hindex_free(&a->v[i].name_ix);
		free(a->v[i].facts);
		buf_free(&a->v[i].tail);
		rest_clear(&a->v[i].pods_rest);
	}
	hindex_free(&a->groups);
	free(a->v);
	for (i = 0; i < FK__COUNT; i++) {
		if (a->state[i] != NULL)
			finding_kinds[i].forget(a->state[i]);
	}
	ZSTD_freeCCtx(a->rest);
	free(a->missing);
	arena_free(&a->strings);
	strpool_free(&a->texts);
	buf_free(&a->notes);
	/* a->pods is the window's */
	podwin_close(a->win);
}

static int
count_one(void *ctx, const void *row)
{
	(void)ctx;
	(void)row;
	return (1);
}

int
analyze_if_none(struct store *st, char **cause)
{
	struct analyze_opts	 o = {
		.lead_us = ANALYZE_LEAD_US, .skew_us = ANALYZE_SKEW_US
	};
	struct analysis		 a;
	int			 rc;

	/*
	 * An analysis ran since the last import (which empties what it
	 * wrote) when there is a pods list (a row a workload, findings or
	 * none), or findings and no pods; findings without the list are an
	 * analysis from before the list, run again.
	 */
	rc = store_model_scan(st, ROW_WORKLOAD_PODS, count_one, NULL, cause);
	if (rc == 0 && (rc = store_model_scan(st, ROW_FINDING, count_one,
	    NULL, cause)) == 1)
		rc = store_model_scan(st, ROW_POD, count_one, NULL,
		    cause) == 1 ? 0 : 1;
	if (rc == 1)
		return (0);
	if (rc != 0)
		return (-1);
	if (!store_writable(st)) {
		*cause = xstrdup("the database holds no findings and cannot be "
		    "written to store them: run coroner analyze where it can "
		    "be written (a copy), then read it here");
		return (-1);
	}
	rc = analyze_run(st, &o, &a, cause);
	if (rc == 0 && a.notes.len > 0)
		out_lines(stderr, a.notes.data);
	analysis_free(&a);
	return (rc);
}
