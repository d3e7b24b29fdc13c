/*
 * store-requests.c: the requests' storage (store-int.h).  An access
 * log's upstream attempts are written as blocks of a few thousand
 * (reqblock.h): request_blocks keeps what each block's rows sum up
 * (their count, the requests among them and how many failed, the first
 * and last start and attempt time), request_data its bytes, apart so
 * that finding a query's blocks reads no other block.  They are read
 * back through the virtual table "requests", which every coroner
 * connection has: the same columns the table of a row per attempt had,
 * so that the evidence of a pod, the SQL prompt and requests_v read them
 * as before.  A query on a range of attempt_us or id, on an ip or a
 * source_id, decodes only the blocks whose sums say they may hold its
 * rows.
 *
 * Why blocks: a row per attempt cost SQLite more than all the parsing
 * (README, Speed), and a block of columns compresses the repeated text
 * of requests (hosts, user agents, upstreams) to a fraction of the log.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reqblock.h"
#include "store-int.h"

/* Rows a block gathers before it is written (a request is never split). */
#define STORE_BLOCK_ROWS	8192

/* A block's sums and its data, as the writer binds them. */
static const char blocks_insert[] =
    "INSERT INTO request_blocks (id, source_id, rows, requests, failed, "
    "first_req, last_req, start_lo, start_hi, attempt_lo, attempt_hi) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";
static const char data_insert[] =
    "INSERT INTO request_data (id, data) VALUES (?1, zeroblob(?2))";

static void
bind_opt(sqlite3_stmt *s, int k, int64_t v)
{
	if (v == INT64_MIN)
		sqlite3_bind_null(s, k);
	else
		sqlite3_bind_int64(s, k, v);
}

/* Runs an insert of the writer's; 0, or -1 and a new *cause. */
static int
blocks_step(sqlite3 *db, sqlite3_stmt *s, char **cause)
{
	int	rc = sqlite3_step(s);

	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	if (rc != SQLITE_DONE) {
		*cause = xasprintf("request_blocks: %s", sqlite3_errmsg(db));
		return (-1);
	}
	return (0);
}

/* Writes w's block as the rows from id on of input source_id; ins[0]
   and ins[1] are its inserts, prepared at the first block. */
static int
blocks_put(sqlite3 *db, sqlite3_stmt **ins, struct reqblock_writer *w,
    int64_t source_id, int64_t id, char **cause)
{
	const struct reqblock_sum	sum = w->sum;
	const void			*data;
	size_t				 len;
	sqlite3_stmt			*s;
	sqlite3_blob			*b = NULL;

	if (sum.rows == 0)
		return (0);
	if (ins[0] == NULL && (sqlite3_prepare_v2(db, blocks_insert, -1,
	    &ins[0], NULL) != SQLITE_OK || sqlite3_prepare_v2(db,
	    data_insert, -1, &ins[1], NULL) != SQLITE_OK)) {
		*cause = xasprintf("request_blocks: %s", sqlite3_errmsg(db));
		sqlite3_finalize(ins[0]);
		ins[0] = NULL;
		return (-1);
	}
	if (reqblock_finish(w, &data, &len, cause) != 0)
		return (-1);
	s = ins[0];
	sqlite3_bind_int64(s, 1, id);
	sqlite3_bind_int64(s, 2, source_id);
	sqlite3_bind_int64(s, 3, sum.rows);
	sqlite3_bind_int64(s, 4, sum.requests);
	sqlite3_bind_int64(s, 5, sum.failed);
	bind_opt(s, 6, sum.first_req);
	bind_opt(s, 7, sum.last_req);
	bind_opt(s, 8, sum.start_lo);
	bind_opt(s, 9, sum.start_hi);
	bind_opt(s, 10, sum.attempt_lo);
	bind_opt(s, 11, sum.attempt_hi);
	if (blocks_step(db, s, cause) != 0)
		return (-1);
	/* the data is written into its pages where they lie: bound as a
	   blob, SQLite would first copy it into a record of its own (a
	   third of a megabyte, new memory at every block) */
	sqlite3_bind_int64(ins[1], 1, id);
	sqlite3_bind_int64(ins[1], 2, (sqlite3_int64)len);
	if (blocks_step(db, ins[1], cause) != 0)
		return (-1);
	if (sqlite3_blob_open(db, "main", "request_data", "data", id, 1,
	    &b) != SQLITE_OK || sqlite3_blob_write(b, data, (int)len,
	    0) != SQLITE_OK) {
		*cause = xasprintf("request_data: %s", sqlite3_errmsg(db));
		sqlite3_blob_close(b);
		return (-1);
	}
	if (sqlite3_blob_close(b) != SQLITE_OK) {
		*cause = xasprintf("request_data: %s", sqlite3_errmsg(db));
		return (-1);
	}
	return (0);
}

int
store_requests_flush(struct store *st, char **cause)
{
	int64_t	rows = st->blocks.sum.rows;

	if (blocks_put(st->db, st->blocks_ins, &st->blocks, st->source_id,
	    st->next_id, cause) != 0)
		return (-1);
	st->next_id += rows;
	return (0);
}

int
store_requests_add(struct store *st, const struct reqrow *r, int first)
{
	char	*why = NULL;

	if (first && st->blocks.sum.rows >= STORE_BLOCK_ROWS &&
	    store_requests_flush(st, &why) != 0) {
		snprintf(st->err, sizeof st->err, "%s", why);
		free(why);
		return (-1);
	}
	reqblock_add(&st->blocks, r);
	return (0);
}

void
store_requests_drop(struct store *st)
{
	reqblock_reset(&st->blocks);
}

void
store_requests_close(struct store *st)
{
	reqblock_writer_free(&st->blocks);
	sqlite3_finalize(st->blocks_ins[0]);
	sqlite3_finalize(st->blocks_ins[1]);
	st->blocks_ins[0] = st->blocks_ins[1] = NULL;
}

int
store_requests_next(struct store *st, char **cause)
{
	int64_t	v[2];

	if (store_ints(st, "request_blocks", "SELECT coalesce(max(last_req), "
	    "0) + 1, coalesce((SELECT id + rows FROM request_blocks ORDER BY "
	    "id DESC LIMIT 1), 1) FROM request_blocks", NULL, 0, v, 2, 1,
	    cause) == -1)
		return (-1);
	st->next_req = v[0];
	st->next_id = v[1];
	return (0);
}

/*
 * The virtual table.  Its columns: id and source_id, then reqcols; id is
 * also the rowid.
 */
#define COL_ID		0
#define COL_SOURCE	1
#define COL_FIRST	2			/* reqcols[0] */

/*
 * What xBestIndex found usable, a letter per argument of xFilter (its
 * idxStr): id > >= < <= = (g G l L e), attempt_us the same (h H m M a),
 * ip = (p), source_id = (s).
 */
static const struct rq_op {
	int	col;		/* COL_ID (or the rowid), ... */
	int	op;		/* SQLITE_INDEX_CONSTRAINT_* */
	char	letter;
} rq_ops[] = {
	{ COL_ID, SQLITE_INDEX_CONSTRAINT_GT, 'g' },
	{ COL_ID, SQLITE_INDEX_CONSTRAINT_GE, 'G' },
	{ COL_ID, SQLITE_INDEX_CONSTRAINT_LT, 'l' },
	{ COL_ID, SQLITE_INDEX_CONSTRAINT_LE, 'L' },
	{ COL_ID, SQLITE_INDEX_CONSTRAINT_EQ, 'e' },
	{ COL_FIRST + RC_ATTEMPT, SQLITE_INDEX_CONSTRAINT_GT, 'h' },
	{ COL_FIRST + RC_ATTEMPT, SQLITE_INDEX_CONSTRAINT_GE, 'H' },
	{ COL_FIRST + RC_ATTEMPT, SQLITE_INDEX_CONSTRAINT_LT, 'm' },
	{ COL_FIRST + RC_ATTEMPT, SQLITE_INDEX_CONSTRAINT_LE, 'M' },
	{ COL_FIRST + RC_ATTEMPT, SQLITE_INDEX_CONSTRAINT_EQ, 'a' },
	{ COL_FIRST + RC_IP, SQLITE_INDEX_CONSTRAINT_EQ, 'p' },
	{ COL_SOURCE, SQLITE_INDEX_CONSTRAINT_EQ, 's' },
};

struct rq_vtab {
	sqlite3_vtab	 base;
	sqlite3		*db;
};

struct rq_cursor {
	sqlite3_vtab_cursor	 base;
	sqlite3_stmt		*blocks;	/* the blocks that may hold
						   rows, in id order */
	struct reqblock		 b;		/* the block being read */
	int64_t			 block_id;	/* its first row's id */
	int64_t			 source_id;	/* its input */
	size_t			 i;		/* the row in it */
	int			 eof;		/* no more rows */
	int64_t			 id_lo, id_hi;	/* the ids wanted */
	int64_t			 at_lo, at_hi;	/* the attempt_us wanted */
	char			*ip;		/* the ip wanted, owned, or
						   NULL: any */
	size_t			 iplen;		/* its bytes */
};

static int
rq_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
    sqlite3_vtab **out, char **err)
{
	struct rq_vtab	*t;
	struct buf	 b = { 0 };
	int		 c, rc;

	(void)aux;
	(void)argc;
	(void)argv;
	buf_puts(&b, "CREATE TABLE x(id INTEGER, source_id INTEGER");
	for (c = 0; c < RC__COUNT; c++)
		buf_printf(&b, ", %s %s", reqcols[c].name, reqcols[c].text ?
		    "TEXT" : "INTEGER");
	buf_puts(&b, ")");
	rc = sqlite3_declare_vtab(db, b.data);
	buf_free(&b);
	if (rc != SQLITE_OK) {
		*err = sqlite3_mprintf("%s", sqlite3_errmsg(db));
		return (rc);
	}
	/* it only reads: views may use it with trusted_schema off */
	sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
	t = xcalloc(1, sizeof *t);
	t->db = db;
	*out = &t->base;
	return (SQLITE_OK);
}

static int
rq_disconnect(sqlite3_vtab *vt)
{
	free(vt);
	return (SQLITE_OK);
}

static int
rq_best_index(sqlite3_vtab *vt, sqlite3_index_info *ix)
{
	const struct sqlite3_index_constraint	*c;
	char					 letters[64];
	double					 cost = 1e9;
	size_t					 k;
	int					 i, col, n = 0;

	(void)vt;
	for (i = 0; i < ix->nConstraint && n < (int)sizeof letters - 1; i++) {
		c = &ix->aConstraint[i];
		col = c->iColumn == -1 ? COL_ID : c->iColumn;
		if (!c->usable)
			continue;
		for (k = 0; k < sizeof rq_ops / sizeof rq_ops[0]; k++) {
			if (rq_ops[k].col != col || rq_ops[k].op != c->op)
				continue;
			letters[n++] = rq_ops[k].letter;
			ix->aConstraintUsage[i].argvIndex = n;
			cost /= rq_ops[k].letter == 'p' ? 4 : 50;
			break;
		}
	}
	letters[n] = '\0';
	ix->idxStr = sqlite3_mprintf("%s", letters);
	ix->needToFreeIdxStr = 1;
	if (ix->nOrderBy == 1 && (ix->aOrderBy[0].iColumn == COL_ID ||
	    ix->aOrderBy[0].iColumn == -1) && !ix->aOrderBy[0].desc)
		ix->orderByConsumed = 1;
	ix->estimatedCost = cost;
	return (SQLITE_OK);
}

static int
rq_open(sqlite3_vtab *vt, sqlite3_vtab_cursor **out)
{
	struct rq_cursor	*cur;

	(void)vt;
	cur = xcalloc(1, sizeof *cur);
	cur->eof = 1;
	*out = &cur->base;
	return (SQLITE_OK);
}

static int
rq_close(sqlite3_vtab_cursor *vc)
{
	struct rq_cursor	*cur = (struct rq_cursor *)vc;

	sqlite3_finalize(cur->blocks);
	reqblock_free(&cur->b);
	free(cur->ip);
	free(cur);
	return (SQLITE_OK);
}

/* Whether row i of the block is one the constraints may want. */
static int
rq_wanted(const struct rq_cursor *cur, size_t i)
{
	int64_t		 id = cur->block_id + (int64_t)i, at;

	if (id < cur->id_lo || id > cur->id_hi)
		return (0);
	if (cur->at_lo != INT64_MIN || cur->at_hi != INT64_MAX) {
		at = cur->b.v[RC_ATTEMPT][i];
		if (at == INT64_MIN || at < cur->at_lo || at > cur->at_hi)
			return (0);
	}
	if (cur->ip != NULL && (cur->b.s[RC_IP][i] == NULL ||
	    cur->b.len[RC_IP][i] != cur->iplen ||
	    memcmp(cur->b.s[RC_IP][i], cur->ip, cur->iplen) != 0))
		return (0);
	return (1);
}

/* Moves to the next wanted row, from row cur->i on, block after block. */
static int
rq_seek(struct rq_cursor *cur)
{
	struct rq_vtab	*t = (struct rq_vtab *)cur->base.pVtab;
	char		*why = NULL;
	int		 rc;

	for (;;) {
		for (; cur->i < cur->b.rows; cur->i++) {
			if (rq_wanted(cur, cur->i))
				return (SQLITE_OK);
		}
		rc = sqlite3_step(cur->blocks);
		if (rc == SQLITE_DONE) {
			cur->eof = 1;
			return (SQLITE_OK);
		}
		if (rc != SQLITE_ROW) {
			sqlite3_free(t->base.zErrMsg);
			t->base.zErrMsg = sqlite3_mprintf("request_blocks: %s",
			    sqlite3_errmsg(t->db));
			return (rc);
		}
		cur->block_id = sqlite3_column_int64(cur->blocks, 0);
		cur->source_id = sqlite3_column_int64(cur->blocks, 1);
		cur->i = 0;
		if (reqblock_decode(&cur->b, sqlite3_column_blob(cur->blocks,
		    2), (size_t)sqlite3_column_bytes(cur->blocks, 2),
		    &why) != 0) {
			sqlite3_free(t->base.zErrMsg);
			t->base.zErrMsg = sqlite3_mprintf("request_data, the "
			    "block of row %lld: %s", (long long)cur->block_id,
			    why);
			free(why);
			return (SQLITE_CORRUPT);
		}
	}
}

/* Narrows [*lo, *hi] by v, when v is an integer; op is the letter. */
static void
rq_narrow(sqlite3_value *v, char op, int64_t *lo, int64_t *hi)
{
	int64_t	x;

	if (sqlite3_value_numeric_type(v) != SQLITE_INTEGER)
		return;
	x = sqlite3_value_int64(v);
	switch (op) {
	case 'g': case 'h':
		if (x == INT64_MAX)
			*lo = INT64_MAX, *hi = INT64_MIN;
		else if (x + 1 > *lo)
			*lo = x + 1;
		break;
	case 'G': case 'H':
		if (x > *lo)
			*lo = x;
		break;
	case 'l': case 'm':
		if (x == INT64_MIN)
			*lo = INT64_MAX, *hi = INT64_MIN;
		else if (x - 1 < *hi)
			*hi = x - 1;
		break;
	case 'L': case 'M':
		if (x < *hi)
			*hi = x;
		break;
	default:			/* = */
		if (x > *lo)
			*lo = x;
		if (x < *hi)
			*hi = x;
		break;
	}
}

static int
rq_filter(sqlite3_vtab_cursor *vc, int num, const char *letters, int argc,
    sqlite3_value **argv)
{
	struct rq_cursor	*cur = (struct rq_cursor *)vc;
	struct rq_vtab		*t = (struct rq_vtab *)vc->pVtab;
	int64_t			 source = INT64_MIN;
	int			 k;

	(void)num;
	cur->id_lo = cur->at_lo = INT64_MIN;
	cur->id_hi = cur->at_hi = INT64_MAX;
	free(cur->ip);
	cur->ip = NULL;
	for (k = 0; k < argc && letters != NULL && letters[k] != '\0'; k++) {
		switch (letters[k]) {
		case 'g': case 'G': case 'l': case 'L': case 'e':
			rq_narrow(argv[k], letters[k], &cur->id_lo,
			    &cur->id_hi);
			break;
		case 'h': case 'H': case 'm': case 'M': case 'a':
			rq_narrow(argv[k], letters[k], &cur->at_lo,
			    &cur->at_hi);
			break;
		case 'p':
			if (sqlite3_value_type(argv[k]) == SQLITE_TEXT) {
				cur->iplen = (size_t)sqlite3_value_bytes(
				    argv[k]);
				cur->ip = xstrndup((const char *)
				    sqlite3_value_text(argv[k]), cur->iplen);
			}
			break;
		case 's':
			if (sqlite3_value_numeric_type(argv[k]) ==
			    SQLITE_INTEGER)
				source = sqlite3_value_int64(argv[k]);
			break;
		}
	}
	if (cur->blocks == NULL && sqlite3_prepare_v2(t->db, "SELECT b.id, "
	    "b.source_id, d.data FROM request_blocks b JOIN request_data d "
	    "ON d.id = b.id WHERE b.id <= ?2 AND b.id + b.rows > ?1 AND "
	    "(?3 IS NULL OR (b.attempt_hi >= ?3 AND b.attempt_lo <= ?4)) AND "
	    "(?5 IS NULL OR b.source_id = ?5) ORDER BY b.id", -1,
	    &cur->blocks, NULL) != SQLITE_OK) {
		sqlite3_free(t->base.zErrMsg);
		t->base.zErrMsg = sqlite3_mprintf("request_blocks: %s",
		    sqlite3_errmsg(t->db));
		return (SQLITE_ERROR);
	}
	sqlite3_reset(cur->blocks);
	sqlite3_bind_int64(cur->blocks, 1, cur->id_lo);
	sqlite3_bind_int64(cur->blocks, 2, cur->id_hi);
	if (cur->at_lo != INT64_MIN || cur->at_hi != INT64_MAX) {
		sqlite3_bind_int64(cur->blocks, 3, cur->at_lo);
		sqlite3_bind_int64(cur->blocks, 4, cur->at_hi);
	} else {
		sqlite3_bind_null(cur->blocks, 3);
		sqlite3_bind_null(cur->blocks, 4);
	}
	if (source != INT64_MIN)
		sqlite3_bind_int64(cur->blocks, 5, source);
	else
		sqlite3_bind_null(cur->blocks, 5);
	cur->b.rows = 0;
	cur->i = 0;
	cur->eof = 0;
	return (rq_seek(cur));
}

static int
rq_next(sqlite3_vtab_cursor *vc)
{
	struct rq_cursor	*cur = (struct rq_cursor *)vc;

	cur->i++;
	return (rq_seek(cur));
}

static int
rq_eof(sqlite3_vtab_cursor *vc)
{
	return (((struct rq_cursor *)vc)->eof);
}

static int
rq_column(sqlite3_vtab_cursor *vc, sqlite3_context *ctx, int col)
{
	struct rq_cursor	*cur = (struct rq_cursor *)vc;
	int			 c = col - COL_FIRST;
	int64_t			 v;

	if (col == COL_ID)
		sqlite3_result_int64(ctx, cur->block_id + (int64_t)cur->i);
	else if (col == COL_SOURCE)
		sqlite3_result_int64(ctx, cur->source_id);
	else if (c < 0 || c >= RC__COUNT)
		sqlite3_result_null(ctx);
	else if (reqcols[c].text) {
		if (cur->b.s[c][cur->i] == NULL)
			sqlite3_result_null(ctx);
		else
			sqlite3_result_text(ctx, cur->b.s[c][cur->i],
			    (int)cur->b.len[c][cur->i], SQLITE_TRANSIENT);
	} else if ((v = cur->b.v[c][cur->i]) == INT64_MIN)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_int64(ctx, v);
	return (SQLITE_OK);
}

static int
rq_rowid(sqlite3_vtab_cursor *vc, sqlite_int64 *rowid)
{
	struct rq_cursor	*cur = (struct rq_cursor *)vc;

	*rowid = cur->block_id + (int64_t)cur->i;
	return (SQLITE_OK);
}

/* Eponymous only: "requests" needs no CREATE VIRTUAL TABLE. */
static const sqlite3_module rq_module = {
	.iVersion = 0,
	.xCreate = NULL,
	.xConnect = rq_connect,
	.xBestIndex = rq_best_index,
	.xDisconnect = rq_disconnect,
	.xDestroy = rq_disconnect,
	.xOpen = rq_open,
	.xClose = rq_close,
	.xFilter = rq_filter,
	.xNext = rq_next,
	.xEof = rq_eof,
	.xColumn = rq_column,
	.xRowid = rq_rowid,
};

int
store_requests_module(sqlite3 *db)
{
	return (sqlite3_create_module(db, "requests", &rq_module, NULL));
}

/*
 * Migration 13's conversion: the rows of the old table requests_rows (a
 * row per attempt) into blocks, a block per input's run of rows.
 */
int
store_requests_convert(sqlite3 *db, char **cause)
{
	struct reqblock_writer	 w = { 0 };
	struct reqrow		 r;
	sqlite3_stmt		*sel = NULL, *ins[2] = { NULL, NULL };
	struct buf		 q = { 0 };
	int64_t			 id = 0, src = 0, first_id = 0, seq;
	int			 c, rc, col;

	buf_puts(&q, "SELECT id, source_id");
	for (c = 0; c < RC__COUNT; c++)
		buf_printf(&q, ", %s", reqcols[c].name);
	buf_puts(&q, " FROM requests_rows ORDER BY id");
	rc = sqlite3_prepare_v2(db, q.data, -1, &sel, NULL);
	buf_free(&q);
	if (rc != SQLITE_OK)
		goto fail;
	while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
		id = sqlite3_column_int64(sel, 0);
		seq = sqlite3_column_type(sel, COL_FIRST + RC_SEQ) ==
		    SQLITE_NULL ? 0 : sqlite3_column_int64(sel, COL_FIRST +
		    RC_SEQ);
		/* a block holds consecutive ids of one input, whole requests */
		if (w.sum.rows > 0 && (sqlite3_column_int64(sel, 1) != src ||
		    id != first_id + w.sum.rows || (seq == 0 &&
		    w.sum.rows >= STORE_BLOCK_ROWS))) {
			if (blocks_put(db, ins, &w, src, first_id, cause) != 0)
				goto out;
		}
		if (w.sum.rows == 0) {
			first_id = id;
			src = sqlite3_column_int64(sel, 1);
		}
		for (c = 0; c < RC__COUNT; c++) {
			col = COL_FIRST + c;
			r.s[c] = NULL;
			r.v[c] = INT64_MIN;
			if (sqlite3_column_type(sel, col) == SQLITE_NULL)
				continue;
			if (reqcols[c].text)
				r.s[c] = (const char *)sqlite3_column_text(sel,
				    col);
			else
				r.v[c] = sqlite3_column_int64(sel, col);
		}
		reqblock_add(&w, &r);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	if (blocks_put(db, ins, &w, src, first_id, cause) != 0)
		goto out;
	rc = 0;
	goto done;
fail:
	*cause = xasprintf("requests: %s", sqlite3_errmsg(db));
out:
	rc = -1;
done:
	sqlite3_finalize(sel);
	sqlite3_finalize(ins[0]);
	sqlite3_finalize(ins[1]);
	reqblock_writer_free(&w);
	return (rc);
}
