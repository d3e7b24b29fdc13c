/*
 * podwin.c: the model's pods a window at a time (podwin.h).  The windows
 * are planned from each pod's namespace and workload, counted by
 * workload.  One window is podset_load's.  With more, every pod is read
 * once, in the order of the uids (store_pods_by_uid: the tables read as
 * written), packed with its containers and terminations (each field as
 * the row's field table lists it: a text as its length and bytes with
 * their NUL, read back where they lie, a number as a varint), and
 * appended to its window's part of a spill file; a window is its parts
 * read back and unpacked into a podset.  The file, not memory, holds
 * the windows waiting their turn; it also keeps the rows of other tables
 * by their workload's window (podwin_rows) and bytes the analysis puts
 * aside (podwin_keep).  No SQL, no drawing.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out.h"
#include "podwin.h"
#include "util.h"

/* The bytes of packed pods every window keeps before writing, together. */
#define SPILL_BUFFERS	((size_t)2 << 20)
/* ... and each at least. */
#define SPILL_MIN	((size_t)16 << 10)

/* A stretch of the spill file. */
struct part {
	int64_t		 off;		/* where it begins */
	size_t		 len;		/* its bytes */
};

/* A window: its workloads' pods, packed. */
struct win {
	struct buf	 pending;	/* packed, not yet written */
	struct part	*v;		/* owned: where the rest is */
	size_t		 n;		/* parts in v */
	size_t		 pods;		/* pods in the window */
};

/* A workload as the windows count it (NULL as ""). */
struct wl {
	const char	*ns;		/* in the plan's pool */
	const char	*name;		/* in the plan's pool */
	size_t		 pods;		/* its pods */
	size_t		 win;		/* its window */
};

struct podwin {
	struct store	*st;		/* borrowed */
	size_t		 nwin;		/* windows planned */
	struct win	*w;		/* owned: nwin, NULL with one */
	size_t		 flush_at;	/* a window's pending bytes written
					   from this many */
	int		 fd;		/* the spill file, or -1 */
	char		*dir;		/* owned: its directory, printable */
	int64_t		 end;		/* bytes written to it */
	struct podset	 cur;		/* the window loaded last */
	size_t		 cur_i;		/* its number, SIZE_MAX: none */
	/* the plan: which window each workload's pods are in */
	struct wl	*wl;		/* owned */
	size_t		 nwl;		/* workloads in wl */
	size_t		 wl_cap;	/* allocated in wl */
	struct hindex	 wl_ix;		/* wl by namespace and name */
	struct strpool	 names;		/* the workloads' strings */
	char		*err;		/* owned: why a callback stopped */
	podwin_pod_fn	 each;		/* given each pod as it is read */
	void		*each_ctx;	/* each's */
};

/* A workload looked for in the plan. */
struct wl_key {
	const struct podwin	*pw;
	const char		*ns;
	const char		*name;
};

static uint64_t
wl_hash(const char *ns, const char *name)
{
	return (hindex_str(hindex_str(HINDEX_SEED, ns), name));
}

static int
wl_eq(const void *ctx, size_t item)
{
	const struct wl_key	*k = ctx;

	return (strcmp(k->pw->wl[item].ns, k->ns) == 0 &&
	    strcmp(k->pw->wl[item].name, k->name) == 0);
}

/* The workload of a pod of namespace ns (NULL as ""): its place. */
static size_t
wl_find(const struct podwin *pw, const char *ns, const char *name)
{
	struct wl_key	k = { pw, ns != NULL ? ns : "",
			    name != NULL ? name : "" };

	return (hindex_get(&pw->wl_ix, wl_hash(k.ns, k.name), wl_eq, &k));
}

/* Counts a pod in its workload (store_pod_workloads). */
static int
count_pod(void *ctx, const void *row)
{
	struct podwin		*pw = ctx;
	const char *const	*v = row;
	struct wl_key		 k = { pw, v[0] != NULL ? v[0] : "",
				    v[1] != NULL ? v[1] : "" };
	size_t			 i;

	if ((i = wl_find(pw, k.ns, k.name)) == HINDEX_NONE) {
		if (pw->nwl == pw->wl_cap) {
			pw->wl_cap = pw->wl_cap == 0 ? 256 : pw->wl_cap * 2;
			pw->wl = xreallocarray(pw->wl, pw->wl_cap,
			    sizeof *pw->wl);
		}
		i = pw->nwl++;
		pw->wl[i].ns = strpool_put(&pw->names, k.ns);
		pw->wl[i].name = strpool_put(&pw->names, k.name);
		pw->wl[i].pods = 0;
		k.ns = pw->wl[i].ns;
		k.name = pw->wl[i].name;
		hindex_put(&pw->wl_ix, wl_hash(k.ns, k.name), i, wl_eq, &k);
	}
	pw->wl[i].pods++;
	return (0);
}

/* The pods list's order of workloads (podset_cmp_workload). */
static int
cmp_wl(const void *a, const void *b)
{
	const struct wl	*p = a, *q = b;

	return (podset_cmp_workload(p->ns, p->name, q->ns, q->name));
}

/*
 * Gives each workload its window, in order: a window ends with the
 * workload that brings it to chunk pods.  Returns the windows.
 */
static size_t
plan(struct podwin *pw, size_t chunk)
{
	struct wl_key	k = { .pw = pw };
	size_t		i, in = 0, n = 0;

	/* the places change: indexed again */
	xqsort(pw->wl, pw->nwl, sizeof *pw->wl, cmp_wl);
	hindex_free(&pw->wl_ix);
	for (i = 0; i < pw->nwl; i++) {
		k.ns = pw->wl[i].ns;
		k.name = pw->wl[i].name;
		hindex_put(&pw->wl_ix, wl_hash(k.ns, k.name), i, wl_eq, &k);
		pw->wl[i].win = n;
		if ((in += pw->wl[i].pods) >= chunk) {
			n++;
			in = 0;
		}
	}
	return (in > 0 ? n + 1 : n);
}

/* Appends a row's fields, as desc d lists them, packed. */
static void
pack_row(struct buf *b, const struct rec_desc *d, const void *row)
{
	const struct rec_field	*f;
	const char		*base = row, *s;
	int64_t			 v;
	int			 iv;
	size_t			 len;

	for (f = d->fields; f->name != NULL; f++) {
		switch (f->type) {
		case RF_STR:
			memcpy(&s, base + f->off, sizeof s);
			/* 0: NULL; else its bytes with their NUL, read back
			   where they lie */
			len = s != NULL ? strlen(s) + 1 : 0;
			buf_put_varint(b, len);
			buf_append(b, s, len);
			break;
		case RF_TIME:
		case RF_INT:
			memcpy(&v, base + f->off, sizeof v);
			/* zigzag, and one more: INT64_MIN (unknown) is 0 */
			buf_put_varint(b, (((uint64_t)v << 1) ^
			    (v < 0 ? UINT64_MAX : 0)) + 1);
			break;
		case RF_BOOL:
		case RF_ENUM:
			memcpy(&iv, base + f->off, sizeof iv);
			buf_put_varint(b, (uint32_t)iv);
			break;
		}
	}
}

/*
 * Unpacks a row of desc d at *p (before end) into row, its strings
 * pointing into the packed bytes.  Returns 0, or -1 when it is cut.
 */
static int
unpack_row(const unsigned char **p, const unsigned char *end,
    const struct rec_desc *d, void *row)
{
	const struct rec_field	*f;
	char			*base = row;
	const char		*s;
	uint64_t		 u;
	int64_t			 v;
	int			 iv;

	memset(row, 0, d->size);
	for (f = d->fields; f->name != NULL; f++) {
		if (varint_get(p, end, &u) != 0)
			return (-1);
		switch (f->type) {
		case RF_STR:
			s = NULL;
			if (u > 0) {
				if (u > (uint64_t)(end - *p) ||
				    (*p)[u - 1] != '\0')
					return (-1);
				s = (const char *)*p;
				*p += u;
			}
			memcpy(base + f->off, &s, sizeof s);
			break;
		case RF_TIME:
		case RF_INT:
			u--;
			v = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
			memcpy(base + f->off, &v, sizeof v);
			break;
		case RF_BOOL:
		case RF_ENUM:
			iv = (int)(uint32_t)u;
			memcpy(base + f->off, &iv, sizeof iv);
			break;
		}
	}
	return (0);
}

/*
 * Unpacks a count and that many rows of desc d at *p into *v, grown to
 * hold them.  Returns the count, or -1 when they are cut.
 */
static int64_t
unpack_rows(const unsigned char **p, const unsigned char *end,
    const struct rec_desc *d, void **v)
{
	uint64_t	n, i;

	if (varint_get(p, end, &n) != 0 || n > (uint64_t)(end - *p))
		return (-1);
	*v = xreallocarray(*v, n > 0 ? n : 1, d->size);
	for (i = 0; i < n; i++)
		if (unpack_row(p, end, d, (char *)*v + i * d->size) != 0)
			return (-1);
	return ((int64_t)n);
}

/*
 * Writes len bytes at data at the end of the spill file: their place in
 * *at.  Returns 0, or -1 with pw->err.
 */
static int
file_write(struct podwin *pw, const void *data, size_t len, int64_t *at)
{
	const char	*p = data;
	size_t		 done = 0;
	ssize_t		 r;

	while (done < len) {
		r = pwrite(pw->fd, p + done, len - done, (off_t)(pw->end +
		    (int64_t)done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			pw->err = xasprintf("the analysis's windows of pods "
			    "cannot be written to a file in %s: %s (TMPDIR: "
			    "coroner(1), ENVIRONMENT)", pw->dir, r < 0 ?
			    strerror(errno) : "nothing written");
			return (-1);
		}
		done += (size_t)r;
	}
	*at = pw->end;
	pw->end += (int64_t)len;
	return (0);
}

/* Reads len bytes at at of the spill file into data. */
static int
file_read(struct podwin *pw, void *data, size_t len, int64_t at,
    char **cause)
{
	char	*p = data;
	size_t	 done = 0;
	ssize_t	 r;

	while (done < len) {
		r = pread(pw->fd, p + done, len - done, (off_t)(at +
		    (int64_t)done));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			*cause = xasprintf("the analysis's windows of pods "
			    "cannot be read back: %s", r < 0 ?
			    strerror(errno) : "the file is short");
			return (-1);
		}
		done += (size_t)r;
	}
	return (0);
}

/* Writes len bytes at data as a part of window w. */
static int
spill_write(struct podwin *pw, struct win *w, const void *data, size_t len)
{
	int64_t	at;

	if (len == 0)
		return (0);
	if (file_write(pw, data, len, &at) != 0)
		return (-1);
	w->v = xreallocarray(w->v, w->n + 1, sizeof *w->v);
	w->v[w->n].off = at;
	w->v[w->n++].len = len;
	return (0);
}

/* Packs a pod into its window's part (store_pods_by_uid). */
static int
spill_pod(void *ctx, const struct row_pod *r, const struct row_container *c,
    size_t nc, const struct row_termination *t, size_t nt)
{
	struct podwin	*pw = ctx;
	struct win	*w;
	size_t		 i;

	if ((i = wl_find(pw, r->namespace, r->workload)) == HINDEX_NONE) {
		/* not counted: the store changed under the snapshot */
		pw->err = xstrdup("a pod came without its workload counted: "
		    "the database changed during the analysis");
		return (-1);
	}
	if (pw->each != NULL)
		pw->each(pw->each_ctx, pw->wl[i].win, r, c, nc, t, nt);
	w = &pw->w[pw->wl[i].win];
	w->pods++;
	pack_row(&w->pending, &row_descs[ROW_POD], r);
	buf_put_varint(&w->pending, nc);
	for (i = 0; i < nc; i++)
		pack_row(&w->pending, &row_descs[ROW_CONTAINER], &c[i]);
	buf_put_varint(&w->pending, nt);
	for (i = 0; i < nt; i++)
		pack_row(&w->pending, &row_descs[ROW_TERMINATION], &t[i]);
	if (w->pending.len >= pw->flush_at) {
		if (spill_write(pw, w, w->pending.data, w->pending.len) != 0)
			return (-1);
		buf_clear(&w->pending);
	}
	return (0);
}

/* Opens the spill file, deleted at once. */
static int
spill_open(struct podwin *pw, char **cause)
{
	const char	*dir = getenv("TMPDIR");
	char		*path;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	pw->dir = out_safe(dir, strlen(dir), 60);
	path = xasprintf("%s/coroner-pods.XXXXXX", dir);
	if ((pw->fd = mkstemp(path)) < 0) {
		*cause = xasprintf("the analysis's windows of pods need a "
		    "file in %s: %s (TMPDIR: coroner(1), ENVIRONMENT)",
		    pw->dir, strerror(errno));
		free(path);
		return (-1);
	}
	unlink(path);
	free(path);
	return (0);
}

/* Reads every pod into its window's part of the spill file. */
static int
spill(struct podwin *pw, char **cause)
{
	size_t	i;
	int	rc;

	pw->w = xcalloc(pw->nwin, sizeof *pw->w);
	pw->flush_at = SPILL_BUFFERS / pw->nwin;
	if (pw->flush_at < SPILL_MIN)
		pw->flush_at = SPILL_MIN;
	if (spill_open(pw, cause) != 0)
		return (-1);
	rc = store_pods_by_uid(pw->st, spill_pod, pw, cause);
	for (i = 0; rc == 0 && i < pw->nwin; i++) {
		rc = spill_write(pw, &pw->w[i], pw->w[i].pending.data,
		    pw->w[i].pending.len);
		buf_free(&pw->w[i].pending);
	}
	if (rc > 0 || (rc < 0 && pw->err != NULL)) {
		*cause = pw->err;
		pw->err = NULL;
		return (-1);
	}
	return (rc);
}

int
podwin_open(struct store *st, size_t chunk, struct podwin **out,
    char **cause)
{
	return (podwin_read(st, chunk, NULL, NULL, out, cause));
}

int
podwin_read(struct store *st, size_t chunk, podwin_pod_fn each, void *ctx,
    struct podwin **out, char **cause)
{
	struct podwin	*pw = xcalloc(1, sizeof *pw);
	size_t		 i, pods = 0;
	int		 rc;

	*out = NULL;
	pw->st = st;
	pw->each = each;
	pw->each_ctx = ctx;
	pw->fd = -1;
	pw->cur_i = SIZE_MAX;
	pw->nwin = 1;
	if (chunk > 0) {
		rc = store_pod_workloads(st, count_pod, pw, cause);
		for (i = 0; i < pw->nwl; i++)
			pods += pw->wl[i].pods;
		if (rc == 0 && pods > chunk) {
			pw->nwin = plan(pw, chunk);
			rc = spill(pw, cause);
		} else {
			/* one window: no workload is looked for */
			free(pw->wl);
			pw->wl = NULL;
			pw->nwl = pw->wl_cap = 0;
			hindex_free(&pw->wl_ix);
			strpool_free(&pw->names);
		}
		if (rc != 0) {
			podwin_close(pw);
			return (-1);
		}
	}
	*out = pw;
	return (0);
}

size_t
podwin_count(const struct podwin *pw)
{
	return (pw->nwin);
}

/* Unpacks the len bytes of packed pods at data into ps. */
static int
unpack(struct podset *ps, const unsigned char *data, size_t len)
{
	const unsigned char	*p = data, *end = data + len;
	struct row_pod		 r;
	void			*c = NULL, *t = NULL;
	int64_t			 nc, nt;
	int			 rc = -1;

	while (p < end) {
		if (unpack_row(&p, end, &row_descs[ROW_POD], &r) != 0 ||
		    (nc = unpack_rows(&p, end, &row_descs[ROW_CONTAINER],
		    &c)) < 0 || (nt = unpack_rows(&p, end,
		    &row_descs[ROW_TERMINATION], &t)) < 0)
			goto out;
		podset_add(ps, &r, c, (size_t)nc, t, (size_t)nt);
	}
	rc = 0;
out:
	free(c);
	free(t);
	return (rc);
}

/*
 * Reads the parts of window w back from the spill file, each given to
 * fn as it is read.  Returns 0, or -1 with a new *cause.
 */
static int
read_parts(struct podwin *pw, const struct win *w,
    int (*fn)(void *, const unsigned char *, size_t), void *ctx,
    char **cause)
{
	unsigned char	*data;
	size_t		 j;
	int		 rc = 0;

	for (j = 0; j < w->n && rc == 0; j++) {
		data = xmalloc(w->v[j].len);
		if ((rc = file_read(pw, data, w->v[j].len, w->v[j].off,
		    cause)) == 0 && fn(ctx, data, w->v[j].len) != 0) {
			*cause = xstrdup("the analysis's windows of pods are "
			    "damaged in their file");
			rc = -1;
		}
		free(data);
	}
	/* rows put since the last part was written */
	if (rc == 0 && w->pending.len > 0 && fn(ctx, (const unsigned char *)
	    w->pending.data, w->pending.len) != 0) {
		*cause = xstrdup("the analysis's windows of pods are damaged");
		rc = -1;
	}
	return (rc);
}

static int
unpack_part(void *ctx, const unsigned char *data, size_t len)
{
	return (unpack(ctx, data, len));
}

/* Reads window i back from the spill file into ps. */
static int
load_spilled(struct podwin *pw, size_t i, struct podset *ps, char **cause)
{
	memset(ps, 0, sizeof *ps);
	if (read_parts(pw, &pw->w[i], unpack_part, ps, cause) != 0)
		return (-1);
	podset_settle(ps);
	return (0);
}

int
podwin_load(struct podwin *pw, size_t i, struct podset **ps, char **cause)
{
	int	rc;

	*ps = &pw->cur;
	if (i == pw->cur_i)
		return (0);
	podset_free(&pw->cur);
	pw->cur_i = SIZE_MAX;
	if (i >= pw->nwin)
		fatal("podwin_load: window %zu of %zu", i, pw->nwin);
	rc = pw->w == NULL ? podset_load(pw->st, &pw->cur, NULL, cause) :
	    load_spilled(pw, i, &pw->cur, cause);
	if (rc != 0) {
		podset_free(&pw->cur);
		return (-1);
	}
	pw->cur_i = i;
	return (0);
}

void
podwin_close(struct podwin *pw)
{
	size_t	i;

	if (pw == NULL)
		return;
	podset_free(&pw->cur);
	for (i = 0; pw->w != NULL && i < pw->nwin; i++) {
		buf_free(&pw->w[i].pending);
		free(pw->w[i].v);
	}
	free(pw->w);
	free(pw->wl);
	hindex_free(&pw->wl_ix);
	strpool_free(&pw->names);
	free(pw->err);
	free(pw->dir);
	if (pw->fd >= 0)
		close(pw->fd);
	free(pw);
}

/* Rows of one type put by workload, to be read back a window at a time. */
struct podwin_rows {
	enum row_type	 type;
	struct win	*w;		/* owned: podwin_count of them */
};

struct podwin_rows *
podwin_rows_new(struct podwin *pw, enum row_type type)
{
	struct podwin_rows	*r = xcalloc(1, sizeof *r);

	r->type = type;
	r->w = xcalloc(pw->nwin, sizeof *r->w);
	return (r);
}

int
podwin_rows_put(struct podwin *pw, struct podwin_rows *r, const char *ns,
    const char *workload, const void *row, char **cause)
{
	struct win	*w;
	size_t		 i;

	i = pw->nwin == 1 ? HINDEX_NONE : wl_find(pw, ns, workload);
	w = &r->w[i != HINDEX_NONE ? pw->wl[i].win : pw->nwin - 1];
	pack_row(&w->pending, &row_descs[r->type], row);
	/* one window has no file: its rows stay packed */
	if (pw->fd < 0 || w->pending.len < pw->flush_at)
		return (0);
	if (spill_write(pw, w, w->pending.data, w->pending.len) != 0) {
		*cause = pw->err;
		pw->err = NULL;
		return (-1);
	}
	buf_clear(&w->pending);
	return (0);
}

/* What podwin_rows_each gives each part to. */
struct rows_read {
	const struct rec_desc	*d;
	char			*row;	/* d->size bytes */
	int			(*cb)(void *, const void *);
	void			*ctx;
	int			 stop;	/* the callback's non-zero value */
};

static int
rows_part(void *arg, const unsigned char *data, size_t len)
{
	struct rows_read	*rr = arg;
	const unsigned char	*p = data, *end = data + len;

	while (p < end && rr->stop == 0) {
		if (unpack_row(&p, end, rr->d, rr->row) != 0)
			return (-1);
		rr->stop = rr->cb(rr->ctx, rr->row);
	}
	return (0);
}

int
podwin_rows_each(struct podwin *pw, struct podwin_rows *r, size_t i,
    int (*cb)(void *ctx, const void *row), void *ctx, char **cause)
{
	struct rows_read	rr = { .d = &row_descs[r->type], .cb = cb,
				    .ctx = ctx };
	int			rc;

	if (i >= pw->nwin)
		fatal("podwin_rows_each: window %zu of %zu", i, pw->nwin);
	rr.row = xmalloc(rr.d->size);
	rc = read_parts(pw, &r->w[i], rows_part, &rr, cause);
	free(rr.row);
	return (rc != 0 ? -1 : rr.stop);
}

void
podwin_rows_free(struct podwin *pw, struct podwin_rows *r)
{
	size_t	i;

	if (r == NULL)
		return;
	for (i = 0; i < pw->nwin; i++) {
		buf_free(&r->w[i].pending);
		free(r->w[i].v);
	}
	free(r->w);
	free(r);
}

int
podwin_keep(struct podwin *pw, const void *data, size_t len, int64_t *at)
{
	if (pw == NULL || pw->fd < 0)
		return (1);
	if (file_write(pw, data, len, at) != 0)
		fatal("%s", pw->err);
	return (0);
}

void *
podwin_fetch(struct podwin *pw, int64_t at, size_t len)
{
	void	*data = xmalloc(len > 0 ? len : 1);
	char	*cause = NULL;

	if (file_read(pw, data, len, at, &cause) != 0)
		fatal("%s", cause);
	return (data);
}
