/*
 * podwin.h: the model's pods a window at a time, for the analysis.  A
 * window holds a few whole workloads, at least the pods asked for (or
 * the workload that has more), and the windows follow the pods list's
 * order of workloads (namespace, then workload, NULL the same as "").
 * The pods of a window are loaded when it is asked for, as podset_load
 * leaves them (the store's order, indexed by uid), and freed when
 * another is, so that memory holds one window's pods, not all of them.
 */
#ifndef PODWIN_H
#define PODWIN_H

#include <stddef.h>

#include "podset.h"
#include "store.h"

struct podwin;

/*
 * Plans the windows of at most chunk pods (0: one window of every pod)
 * over the pods of st.  With more than one window, reads every pod once
 * and writes it, packed, to a file of the windows under TMPDIR (else
 * /tmp), deleted as it is made, so that a window is read back without
 * the store.  Returns 0, or -1 with a new *cause (the windows NULL).
 */
int		 podwin_open(struct store *st, size_t chunk,
		    struct podwin **pw, char **cause);
/* A pod as podwin_read reads it, with the window it goes to. */
typedef void	(*podwin_pod_fn)(void *ctx, size_t window,
		    const struct row_pod *r, const struct row_container *c,
		    size_t nc, const struct row_termination *t, size_t nt);
/*
 * podwin_open, with each pod also given to each (its rows borrowed for
 * the call) as it is read, when there is more than one window (with
 * one, no pod is read until podwin_load).
 */
int		 podwin_read(struct store *st, size_t chunk, podwin_pod_fn each,
		    void *ctx, struct podwin **pw, char **cause);
/* How many windows there are (1 when there are no pods). */
size_t		 podwin_count(const struct podwin *pw);
/*
 * Window i's pods into *ps, borrowed until the next podwin_load or
 * podwin_close (the window loaded last is given again without being
 * read).  Returns 0, or -1 with a new *cause.
 */
int		 podwin_load(struct podwin *pw, size_t i, struct podset **ps,
		    char **cause);
void		 podwin_close(struct podwin *pw);

/*
 * Rows of another table that go with the workloads (ROW_BUCKET's, say),
 * for a reader that wants those of a window's workloads with it: each
 * row is put with its workload, packed into the window of that
 * workload's pods (a workload of no pod: the last), and read back in
 * the order put.  With more than one window they wait in the file.
 */
struct podwin_rows;
struct podwin_rows *podwin_rows_new(struct podwin *pw, enum row_type type);
/* Puts row; 0, or -1 with a new *cause. */
int		 podwin_rows_put(struct podwin *pw, struct podwin_rows *r,
		    const char *ns, const char *workload, const void *row,
		    char **cause);
/*
 * Gives cb each row of window i (borrowed for the call); cb returns 0
 * to go on.  Returns 0, cb's non-zero value, or -1 with a new *cause.
 */
int		 podwin_rows_each(struct podwin *pw, struct podwin_rows *r,
		    size_t i, int (*cb)(void *ctx, const void *row),
		    void *ctx, char **cause);
void		 podwin_rows_free(struct podwin *pw, struct podwin_rows *r);

/*
 * Puts len bytes aside in the windows' file, at *at: 0, or 1 when there
 * is no file (one window, or pw NULL), and the caller keeps them.  A
 * file that cannot be written is fatal, as is one read back short.
 */
int		 podwin_keep(struct podwin *pw, const void *data, size_t len,
		    int64_t *at);
/* The len bytes put aside at at: a new buffer. */
void		*podwin_fetch(struct podwin *pw, int64_t at, size_t len);

#endif
