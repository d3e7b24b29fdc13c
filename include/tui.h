/*
 * tui.h: the terminal user interface (src/tui/).  One file per view,
 * each a const struct tui_view in the table of src/tui/tui.c: a load
 * function that fills the view's plain state through store.h and the
 * model (moments.h, timeline.h), a draw function that turns that state
 * into characters of a WINDOW, and a table of keys mapping to actions.
 *
 * Drawing never reads input, never refreshes and holds no SQL: a draw
 * function gets a WINDOW, its size and the state, so that the tests can
 * draw a view from fixed rows into a screen on /dev/null and read it
 * back.  Actions return TUI_* bits saying what must happen next.  Text
 * from the data is drawn through tui_text(), which makes it safe
 * (out.h) and fits it to its columns.
 */
#ifndef TUI_H
#define TUI_H

#include <curses.h>
#include <stdint.h>

#include "hindex.h"
#include "moments.h"
#include "podset.h"
#include "rolist.h"
#include "rostat.h"
#include "store.h"
#include "timeline.h"

/* What an action asks of the loop. */
#define TUI_REDRAW	0x1	/* draw again */
#define TUI_RELOAD	0x2	/* load the view's state again */
#define TUI_BACK	0x4	/* leave the view (q, Esc) */
#define TUI_QUIT	0x8	/* leave coroner (Q) */
#define TUI_PUSH	0x10	/* open tui->next (set by the action) */
#define TUI_PROMPT	0x20	/* read a line for tui->prompt_for */

enum tui_view_id {
	VIEW_OVERVIEW,
	VIEW_PODS,
	VIEW_FINDINGS,
	VIEW_FINDING,
	VIEW_DEATH,
	VIEW_ROLLOUT,
	VIEW_ROLLOUTS,
	VIEW_SQL,
	VIEW_RECORD,
	VIEW_HELP,
	VIEW__COUNT
};

/* How things look: glyphs with an ASCII fallback, colors or none. */
struct tui_look {
	int		 utf8;		/* the locale is UTF-8: block and box
					   characters; else ASCII */
	int		 color;		/* colors in use (a terminal that has
					   them, NO_COLOR unset) */
};

/* Color pairs (used only when look.color). */
enum tui_pair {
	PAIR_NONE,
	PAIR_READY,		/* green: ready, answered requests */
	PAIR_RUNNING,		/* cyan: running, not ready */
	PAIR_PRESTOP,		/* yellow: preStop, warnings */
	PAIR_TERM,		/* red: after SIGTERM, failures, kills */
	PAIR_SIDECAR,		/* magenta: sidecars alone */
	PAIR_TITLE,		/* the title and key bars */
	PAIR_CURSOR,		/* the moment under the cursor */
	PAIR__COUNT
};

/* A finding as the views show it. */
struct tui_finding {
	struct row_finding	 r;	/* strings owned by the state's
					   arena; pods NULL, evidence NULL
					   until tui_finding_evidence */
	size_t			 npods;	/* pods it names */
	struct podset_pod	**pods;	/* owned array of borrowed pods
					   (the state's podcache), in the
					   pods list's order: loaded by
					   tui_finding_pods, else NULL */
	size_t			 nloaded; /* pods in pods (those the store
					   knows) */
};

/*
 * The pods the views have read (podcache.c): each read once from the
 * store, by uid or by its place in the pods list, and kept at the same
 * address; and every workload's pods summed (row_workload_pods).
 */
struct podcache {
	struct podset		 *sets;		/* owned: one per read */
	size_t			  nsets;	/* sets in sets */
	struct podset_pod	**all;		/* owned array of the sets'
						   pods */
	size_t			  nall;		/* pods in all */
	struct hindex		  by_uid;	/* all's indexes by uid */
	struct row_workload_pods *wl;		/* owned: each workload's
						   sums, in the list's order;
						   strings in a */
	size_t			  nwl;		/* workloads in wl */
	struct hindex		  wl_by_name;	/* wl's indexes by namespace
						   and workload */
	struct arena		  a;		/* wl's strings */
	int64_t			  npods;	/* the pods of the list */
};

/* A rollout on its workload's lane of the overview. */
struct ov_roll {
	int64_t		 from_us;	/* its span: the new set's first
					   scale-up */
	int64_t		 to_us;		/* the old set's last pod gone (its
					   start when not seen) */
	const char	*words;		/* arena: its deploy in words
					   (rolist_deploy_words: "helm
					   revision 42, deployed by ..."), or
					   NULL when no deploy is known */
	const char	*short_words;	/* arena: the same without who
					   ("helm revision 42"), or NULL */
};

/* One workload's lane of the overview. */
struct ov_lane {
	const char	*namespace;	/* arena; NULL: no pod known */
	const char	*workload;	/* arena; NULL: requests to no pod */
	int64_t		*req;		/* owned: attempts per column (NULL
					   until bins_read or a bin) */
	int64_t		*bad;		/* owned: failed per column (the
					   same) */
	int64_t		 peak;		/* largest req column */
	int64_t		 bad_peak;	/* largest bad column: the failure
					   row's full height */
	int64_t		 total;		/* attempts over the window */
	int64_t		 failed;	/* failed over the window */
	int		 bins_read;	/* req and bad were read (the lane
					   is shown), and total and failed
					   are their sums over the axis; else
					   total and failed are the window's
					   (row_lane_traffic), its order */
	size_t		 deaths_all;	/* its deaths, on the axis or not
					   (row_workload_pods.deaths) */
	int64_t		 deaths_first_us; /* the first of them, or
					   TIME_NONE */
	int64_t		 deaths_last_us; /* the last, or TIME_NONE */
	int		 deaths_read;	/* deaths and killed were read (the
					   lane is shown) */
	int64_t		*deaths;	/* owned, once read: its deaths on
					   the axis (row_lane_death: its
					   pods' deletions or main exits, and
					   the deaths of the containers of
					   pods never deleted) */
	size_t		 ndeaths;	/* times in deaths */
	int		*killed;	/* owned: parallel to deaths, 1 when
					   SIGKILLed at the deadline */
	struct ov_roll	*rolls;		/* owned: its rollouts */
	size_t		 nrolls;	/* rollouts in rolls */
	int64_t		*missing;	/* owned: missing records' times */
	size_t		 nmissing;	/* times in missing */
	size_t		 deaths_on;	/* deaths on the axis (ndeaths, once
					   read) */
	size_t		 rolls_on;	/* rollouts on the axis */
};

/* The overview: the incident window and the findings. */
struct ov_state {
	struct tl_axis	 axis;		/* the incident window, to whole
					   columns */
	int64_t		 window_lo_us;	/* the window itself (store_window) */
	int64_t		 window_hi_us;	/* its end */
	const char	*axis_basis;	/* how the window was chosen */
	int64_t		 view_lo_us;	/* the span zoomed and panned to
					   within the window (+ - Left Right
					   g); view_lo_us == view_hi_us: the
					   whole window */
	int64_t		 view_hi_us;	/* its end */
	int64_t		 step_s;	/* seconds per column of axis */
	int64_t		 to_s;		/* the last second binned: the
					   axis's, or the window's end */
	size_t		 ncols;		/* histogram columns loaded */
	struct ov_lane	*lanes;		/* owned */
	size_t		 nlanes;	/* lanes in lanes */
	struct hindex	 by_name;	/* lanes by namespace and workload,
					   while they are loaded */
	int		 cursor;	/* the finding under the cursor */
	int		 top;		/* first finding shown */
	int		 lane_top;	/* first lane shown */
	int		 loaded_cols;	/* the width it was binned for (0:
					   bin again) */
	int		 pane;		/* where Up/Down/Enter go: 0 the
					   findings, 1 the deaths under the
					   finding's fix (Tab) */
	struct podset_pod **dpods;	/* owned array of borrowed pods: the
					   deaths of the finding under the
					   cursor, in deletion order */
	size_t		 ndpods;	/* pods in dpods */
	int		 dcursor;	/* the death under the cursor */
	int		 dtop;		/* first death shown */
};

/* A row of the pods view: a pod, or a workload's heading. */
struct pods_row {
	struct podset_pod *pod;		/* NULL: a heading */
	const char	*heading;	/* arena: "ns/workload (Kind)" */
	int64_t		 failed;	/* failed requests routed to it */
	int64_t		 missing;	/* records missing in its window
					   (MISS) */
	char		 badges[48];	/* its findings, short: "KILL GRACE" */
};
struct pods_state {
	char		 filter[512];	/* what / filters by, "" for all */
	char		 loaded[512];	/* the filter rows were made for */
	int64_t		*disp;		/* owned: the rows in order, each a
					   pod's place in the pods list
					   (row_pod_list.seq), or a
					   workload's heading as -1 - its
					   index in the podcache's wl */
	size_t		 nrows;		/* rows in disp */
	size_t		 npods;		/* pods in disp */
	struct pods_row	*page;		/* owned: the rows read, disp's
					   page_from on */
	size_t		 npage;		/* rows in page */
	size_t		 page_from;	/* the first row of page */
	int		 name_cols;	/* the longest pod name of the
					   rows' workloads */
	int		 exits_cols;	/* the widest EXITS cell of the rows'
					   workloads, in columns */
	int		 by_cols;	/* the widest DELETED BY cell (who
					   deleted the pod, short:
					   deletion_actor_short), columns */
	int		 dated;		/* the deletions span more than a
					   day: DELETED carries the date */
	int		 badges_cols;	/* the widest FINDINGS cell, columns */
	int		 any_failed;	/* a pod of the rows' workloads had
					   failures: FAILED is given room
					   early */
	int		 any_missing;	/* one missed records (reconciled,
					   some missing): MISS is given room
					   first */
	int		 any_restarts;	/* one restarted: RST is given room
					   after FINDINGS, else last */
	int		 cursor;	/* a row with a pod */
	int		 top;		/* first row shown */
};

/* How a line of the finding view looks. */
#define FL_TEXT		0
#define FL_HEAD		1	/* a heading */
#define FL_DIM		2	/* an explanation */
#define FL_POD		3	/* a pod: Enter opens its death */

/* The prompts the loop reads (tui.c answers them). */
enum tui_prompt {
	PROMPT_NONE,
	PROMPT_FILTER,		/* pods: / */
	PROMPT_SQL,		/* ; */
	PROMPT_EXPORT_FORMAT,	/* e, first question */
	PROMPT_EXPORT_PATH,	/* e, second question */
	PROMPT_EXPORT_REPLACE,	/* e, when the file exists: replace it? */
	PROMPT_GOTO		/* g */
};
/* The most bytes a prompt takes, but the SQL one's (tui.c). */
#define TUI_ANSWER_MAX	511

/* The findings list and the finding view. */
struct findings_state {
	int		 cursor;	/* the finding under the cursor */
	int		 top;		/* first finding shown */
};
struct finding_state {
	size_t		 idx;		/* into tui_state.findings */
	struct podset_pod **pods;	/* owned array: its pods */
	size_t		 npods;		/* pods in pods */
	char		**lines;	/* owned: the text, wrapped */
	int		*line_pod;	/* owned: the pod a line names, -1 */
	int		*line_style;	/* owned: FL_* of each line */
	size_t		 nlines;	/* lines in lines, line_pod and
					   line_style */
	int		 cursor;	/* a pod line, or -1 */
	int		 top;		/* first line shown */
	int		 width;		/* the width the text was wrapped to */
};

/* The death view of one pod. */
enum death_pane {
	PANE_LANES,		/* the lanes: n/p, arrows pan */
	PANE_DETAIL,		/* the rows behind the moment: arrows
				   scroll */
	PANE__COUNT
};
struct death_state {
	struct podset_pod *pod;		/* borrowed from the state's pods */
	struct moments	 ms;		/* its moments */
	struct tl_pod	 tp;		/* its lanes */
	struct tl_axis	 axis;		/* what is shown */
	struct tl_axis	 home;		/* its death: what 0 shows again */
	int		 whole;		/* showing its whole life */
	int		 dated;		/* the incident or the pod's moments
					   span days: the detail's times carry
					   their date */
	int64_t		 end_us;	/* of a pod never deleted: the end
					   of the evidence, where its whole
					   life ends; else TIME_NONE */
	struct tl_traffic traffic;	/* binned on axis, plot columns */
	struct tl_late	 late;		/* its endpoint, its node, and where
					   no evidence was collected, on
					   axis */
	int		 cursor;	/* the current moment, or -1 */
	char		**detail;	/* owned: the rows behind it */
	size_t		 ndetail;	/* rows in detail */
	int		 detail_top;	/* first row of detail shown */
	enum death_pane	 pane;		/* where the arrows go */
	int		 plot_w;	/* columns the traffic was binned
					   for */
};

/* The rollout view: pods aligned at their own deletion request. */
struct rview_lane {
	struct podset_pod *pod;		/* borrowed */
	struct tl_pod	 tp;		/* its lanes */
	struct moments	 ms;		/* its moments */
	struct tl_traffic traffic;	/* binned on the aligned axis */
};
struct rview_state {
	int		 finding;	/* the finding whose pods are shown,
					   or -1: the death view pod's
					   rollout (or of_list's) */
	int		 of_list;	/* 1: the pods that the rollout under
					   the rollouts view's cursor replaced
					   (tui_state.rl), 0: as finding
					   says */
	const char	*title;		/* arena: what the pods share */
	struct rview_lane *lanes;	/* owned */
	size_t		 n;		/* lanes in lanes */
	int64_t		 lo_off_us;	/* the axis, as offsets from each */
	int64_t		 hi_off_us;	/* pod's deletion request */
	int		 plot_w;	/* columns traffic was binned for */
	int		 label_w;	/* columns of the pods' names, left
					   of the plot */
	char		 summary[3][320]; /* what they share, in words */
	char		 deployed[320];	/* the deploy of the rollout that
					   deleted them (rolist_deploy_words:
					   "helm revision 42, deployed by
					   ..."), "" when unknown or when they
					   were not deleted by one rollout */
	const char	*zero_is;	/* static: what offset 0 is, for the
					   axis's label */
	int		 cursor;	/* the lane under the cursor */
	int		 top;		/* first lane shown */
};

/* The rollouts view: every rollout and what it did (rostat.h). */
struct rollouts_state {
	struct rolist	 ro;		/* owned: the model's rollouts */
	struct rostats	 stats;		/* owned: what each did, in the
					   order listed (by start); its pods
					   borrowed from tui_state.pods */
	int		 dated;		/* the rollouts start on more than
					   one day: times carry their date */
	int		 cursor;	/* the rollout under the cursor, an
					   index in stats.v */
	int		 top;		/* first rollout shown */
};

/* How a line of the SQL record view looks. */
#define RL_VALUE	0	/* a value's text */
#define RL_NULL		1	/* SQL NULL, dim */
#define RL_NOTE		2	/* what was not kept of a cut cell, dim */

/* The record view: one row of the SQL result, every column whole. */
struct sql_record {
	size_t		 row;		/* the row shown (sql_state.cursor
					   when it was opened or n/p moved) */
	char		**lines;	/* owned: its values wrapped, each
					   line safe text (out.h) */
	int		*line_col;	/* owned: the column a line begins
					   (its name is drawn beside it), or
					   -1 for a value's later lines */
	int		*line_style;	/* owned: RL_* of each line */
	size_t		 nlines;	/* lines in lines, line_col and
					   line_style */
	int		 name_w;	/* columns of the names, left of the
					   values */
	int		 width;		/* the screen width it was wrapped
					   for */
	int		 top;		/* first line shown */
};

/* The SQL view: one read-only statement and its result. */
struct sql_state {
	char		*query;		/* owned: the last statement run, or
					   NULL */
	struct store_table t;		/* its result */
	int		*widths;	/* owned: each column's width, its
					   name's or its widest cell's (as
					   drawn, made safe), measured once
					   when the result came (sql_measure);
					   drawn up to the screen's width */
	char		*error;		/* owned: SQLite's message, or NULL */
	int		 cursor;	/* the row under the cursor: Enter
					   opens its record */
	int		 top;		/* first row shown */
	int		 left;		/* first column shown */
	int		 shift;		/* columns of text scrolled off the
					   start of the cells too wide for
					   their column (w, Right past the
					   last column), 0: none */
	struct sql_record rec;		/* VIEW_RECORD's */
	int64_t		 t0_us;		/* when the statement began (a
					   monotonic clock) */
	int64_t		 keys_us;	/* when keys were last looked at */
	const char	*stopped;	/* why it was stopped (static), or
					   NULL */
};

/* Everything the views share. */
struct tui_state {
	struct store		*st;		/* borrowed */
	const char		*db_path;	/* borrowed */
	int64_t			 version;	/* store_version() when the
						   state was loaded */
	struct tui_look		 look;		/* glyphs and colors in use */
	struct podcache		 pods;		/* the pods read so far, and
						   every workload's sums */
	struct tui_finding	*findings;	/* owned, in report order */
	size_t			 nfindings;	/* findings in findings */
	struct arena		 strings;	/* the findings' strings */
	struct ov_state		 ov;		/* VIEW_OVERVIEW's state */
	struct pods_state	 pl;		/* VIEW_PODS's */
	struct findings_state	 fl;		/* VIEW_FINDINGS's */
	struct finding_state	 fv;		/* VIEW_FINDING's */
	struct death_state	 dv;		/* VIEW_DEATH's */
	struct rview_state	 rv;		/* VIEW_ROLLOUT's */
	struct rollouts_state	 rl;		/* VIEW_ROLLOUTS's */
	struct sql_state	 sq;		/* VIEW_SQL's */
	enum tui_view_id	 stack[16];	/* the views open, top last */
	int			 depth;		/* the index of the top one
						   in stack (0: the overview
						   alone) */
	enum tui_view_id	 help_of;	/* whose keys ? lists */
	int			 help_top;	/* its first line shown */
	enum tui_view_id	 next;		/* what TUI_PUSH opens */
	char			 message[256];	/* the status line, or "" */
	const char		*prompt_for;	/* what TUI_PROMPT asks */
	const char		*prompt_recall;	/* borrowed: what Up brings
						   back in the prompt (the
						   last query), or NULL */
	int			 prompt_kind;	/* which prompt (tui.c) */
	size_t			 prompt_max;	/* the most bytes it takes */
	int			 prompt_fresh;	/* the answer is still what the
						   prompt offered: typing
						   replaces it, editing keeps
						   it */
	struct buf		 answer;	/* owned: what the prompt
						   read */
	char			 question[256];	/* a prompt_for or an answer
						   made up for the occasion */
	char			*export_path;	/* owned: where e writes, or
						   NULL */
	int			 mouse_y;	/* the last click, in the */
	int			 mouse_x;	/* view's window */
	int			 rows;		/* the view's window size */
	int			 cols;		/* its columns */
};

/* One key of a view and what it does. */
struct tui_key {
	int		 key;		/* a curses key code */
	const char	*name;		/* as the help shows it: "n" */
	const char	*help;		/* what it does */
	int		(*action)(struct tui_state *); /* does it; returns
					   TUI_* bits */
};

/* A column of a list view and what it counts, for the help. */
struct tui_column {
	const char	*title;		/* its heading: "FAILED" */
	int		 width;		/* columns, with the space before (the
					   least for those that grow) */
	const char	*means;		/* what it counts and over which time */
};

/* A view: its loader, its drawing and its keys. */
struct tui_view {
	const char		*name;	/* "Overview" */
	char			 tab;	/* the key that opens it from any view,
					   shown in the title bar ('1'), or 0 */
	/*
	 * fills the view's state (on TUI_RELOAD, a resize, a change of
	 * the database): 0, or -1 with a new *cause; NULL: nothing to load
	 */
	int			(*load)(struct tui_state *, char **cause);
	/*
	 * draws the state into the window of h rows and w columns, and
	 * nothing else (no input, no refresh)
	 */
	void			(*draw)(WINDOW *, int h, int w,
				    const struct tui_state *);
	const struct tui_key	*keys;	/* ends with a NULL name */
	/* g: goes to the time the user typed, or NULL */
	int			(*go)(struct tui_state *, const char *);
	/* frees what load left in the view's state, or NULL */
	void			(*unload)(struct tui_state *);
	/* its columns, for the help (ends with a NULL title), or NULL */
	const struct tui_column	*columns;
};
extern const struct tui_view tui_views[VIEW__COUNT];
/* The keys of every view (tui.c), for the help. */
extern const struct tui_key tui_global_keys[];

/*
 * Asks for a line: the prompt of this kind, with this question, the
 * answer starting as start, taking at most max bytes.  Returns
 * TUI_PROMPT (for an action to return).
 */
int	tui_ask(struct tui_state *, enum tui_prompt kind, const char *question,
	    const char *start, size_t max);

/*
 * A time the user typed: RFC 3339, "HH:MM:SS[.mmm]" (on the day of
 * zero_us, or of day_us), or "+S"/"-S" seconds from zero_us.  Returns 0,
 * or -1 when it is none of these.
 */
int	tui_parse_time(const char *s, int64_t zero_us, int64_t day_us,
	    int64_t *out);

/*
 * Opens the TUI on st until the user quits.  The terminal is restored
 * on every way out (return, fatal(), SIGINT, SIGTERM).  Returns 0, or
 * -1 with a new *cause (the state could not be loaded, no terminal).
 */
int	tui_run(struct store *st, const char *db_path, char **cause);
/*
 * Marks the start of the command, so that the time to the first screen
 * ($CORONER_TUI_TRACE) includes opening the database.
 */
void	tui_trace_start(void);

/* The shared state, loaded (tui.c): the findings and the workloads. */
int	tui_state_load(struct tui_state *ts, struct store *st,
	    const char *db_path, char **cause);
void	tui_state_free(struct tui_state *ts);
/*
 * Reads finding f's evidence into f->r.evidence once (tui.c).  Returns
 * 0, or -1 with a new *cause.
 */
int	tui_finding_evidence(struct tui_state *ts, struct tui_finding *f,
	    char **cause);
/*
 * Reads finding f's pods into f->pods once (tui.c).  Returns 0, or -1
 * with a new *cause.
 */
int	tui_finding_pods(struct tui_state *ts, struct tui_finding *f,
	    char **cause);
/*
 * The pods of a workload, in the list's order: a new array of borrowed
 * pods in *out, *n of them (tui.c).  Returns 0, or -1 with a new *cause.
 */
int	tui_workload_pods(struct tui_state *ts, const char *ns,
	    const char *wl, struct podset_pod ***out, size_t *n,
	    char **cause);

/* The pods read (podcache.c); each returns 0, or -1 with a new *cause. */
int	podcache_open(struct podcache *, struct store *, char **cause);
void	podcache_free(struct podcache *);
/* Reads the pods of these uids not read yet. */
int	podcache_want(struct podcache *, struct store *,
	    const char *const *uids, size_t n, char **cause);
/* The pod of this uid if it was read, else NULL. */
struct podset_pod *podcache_get(const struct podcache *, const char *uid);
/* A workload's sums, or NULL. */
const struct row_workload_pods *podcache_workload(const struct podcache *,
	    const char *ns, const char *wl);
/*
 * The rows of the pods list from from_seq to to_seq, each with its pod
 * (read when it was not; NULL when the store does not know it) to cb,
 * in order; cb's non-zero stops (an error when negative).
 */
int	podcache_range(struct podcache *, struct store *, int64_t from_seq,
	    int64_t to_seq, int (*cb)(void *ctx, const struct row_pod_list *r,
	    struct podset_pod *p), void *ctx, char **cause);
/*
 * What a finding is about, as analyze prints it: "namespace/workload",
 * or "(no workload)" (a node restart).
 */
void	tui_finding_scope(const struct row_finding *r, char *out,
	    size_t len);
/*
 * The summary and the fix of finding f wrapped over the rows y to
 * y1 - 1 (the fix gets at least the last one): under a list of findings.
 * Returns the row after the fix.
 */
int	tui_finding_brief(WINDOW *, const struct tui_state *,
	    const struct tui_finding *f, int y, int y1, int w);
/* The finding with this id, or NULL. */
struct tui_finding *tui_finding_by_id(struct tui_state *ts, int64_t id);

/* The views (one file each). */
int	overview_load(struct tui_state *, char **);
void	overview_draw(WINDOW *, int, int, const struct tui_state *);
int	overview_go(struct tui_state *, const char *);
void	overview_clear(struct tui_state *);
extern const struct tui_key overview_keys[];
int	pods_load(struct tui_state *, char **);
void	pods_draw(WINDOW *, int, int, const struct tui_state *);
int	pods_go(struct tui_state *, const char *);
void	pods_clear(struct tui_state *);
extern const struct tui_key pods_keys[];
extern const struct tui_column pods_columns[];
void	findings_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key findings_keys[];
int	finding_load(struct tui_state *, char **);
void	finding_clear(struct tui_state *);
void	finding_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key finding_keys[];
int	death_load(struct tui_state *, char **);
int	death_go(struct tui_state *, const char *);
void	death_clear(struct tui_state *);
int	death_open(struct tui_state *, struct podset_pod *, char **);
void	death_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key death_keys[];
int	rview_load(struct tui_state *, char **);
void	rview_clear(struct tui_state *);
/* What the lanes of a rollout share, in the summary's three sentences. */
void	rview_summarize(struct rview_state *);
void	rview_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key rview_keys[];
int	rollouts_load(struct tui_state *, char **);
void	rollouts_clear(struct tui_state *);
int	rollouts_go(struct tui_state *, const char *);
void	rollouts_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key rollouts_keys[];
extern const struct tui_column rollouts_columns[];
/*
 * Runs query for the SQL view; stop(arg), when not NULL, is asked now and
 * then whether to give up (store_sql).  Returns 0, or -1 with the error
 * in ts->sq.error.
 */
int	sql_run(struct tui_state *, const char *query, int (*stop)(void *),
	    void *arg);
/*
 * Measures the result of sq once (its widths), so that drawing it costs
 * what is on the screen however large its cells are.
 */
void	sql_measure(struct sql_state *sq);
void	sql_clear(struct tui_state *);
void	sql_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key sql_keys[];
/*
 * The record view of the SQL result's row under the cursor: wraps its
 * values to the screen's width (on opening, n/p and resizes).
 */
int	sql_record_load(struct tui_state *, char **);
void	sql_record_clear(struct tui_state *);
void	sql_record_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key sql_record_keys[];
void	help_draw(WINDOW *, int, int, const struct tui_state *);
extern const struct tui_key help_keys[];

/* Drawing primitives (draw.c). */
enum tui_glyph {
	G_PENDING, G_RUNNING, G_READY, G_PRESTOP, G_TERMINATING,
	G_SIDECARS, G_EXITED,		/* the states of timeline.h */
	G_UNKNOWN, G_NO_EVIDENCE,	/* a node Unknown, no evidence */
	G_DELETION, G_SIGTERM, G_DEADLINE, G_EXIT, G_KILLED, G_GONE,
	G_EVENT, G_LOG, G_MISSING, G_ROLLOUT, G_ROUTED, G_FAILURE, G_DIED,
	G_RESTART,
	G_HLINE, G_VLINE, G_CURSOR,
	G_BAR1, G_BAR2, G_BAR3, G_BAR4, G_BAR5, G_BAR6, G_BAR7, G_BAR8,
	G__COUNT
};
/* The glyph of g in this look, as a string (one column). */
const char	*tui_glyph(const struct tui_look *, enum tui_glyph g);
/*
 * How much a mark matters when two fall in one column: the higher wins
 * (a kill over the deadline over SIGTERM over an exit over the pod's
 * end over events and log lines).
 */
int		 tui_mark_rank(enum tui_glyph g);
/* The glyph of a moment's mark, and its color pair in *pair. */
enum tui_glyph	 tui_moment_mark(const struct moment *m, enum tui_pair *pair);
/* The glyph of a timeline state. */
enum tui_glyph	 tui_state_glyph(enum tl_state s);
/* The color pair of a timeline state. */
enum tui_pair	 tui_state_pair(enum tl_state s);
/*
 * Draws text (data: made safe here) at y, x within cols columns, cut
 * with an ellipsis when it does not fit; attr is a curses attribute
 * (A_BOLD...) and pair a color pair, used only with colors.  Returns
 * the columns written.
 */
int	tui_text(WINDOW *, const struct tui_look *, int y, int x, int cols,
	    const char *text, attr_t attr, enum tui_pair pair);
/*
 * Like tui_text, wrapped on spaces over the rows y to y1 - 1 (the last
 * cut with an ellipsis when the text goes on), the rows after the first
 * indented by hang columns.  Returns the row after the last one written.
 */
int	tui_text_wrapped(WINDOW *, const struct tui_look *, int y, int y1,
	    int x, int cols, int hang, const char *text, attr_t attr,
	    enum tui_pair pair);
/* Like tui_text, formatted (every %s made safe by out.h). */
int	tui_textf(WINDOW *, const struct tui_look *, int y, int x,
	    int cols, attr_t attr, enum tui_pair pair, const char *fmt, ...)
	    __attribute__((format(printf, 8, 9)));
/* Blanks cols cells from y, x with attribute attr (a row's highlight). */
void	tui_fill(WINDOW *, int y, int x, int cols, attr_t attr);
/* Draws glyph g at y, x. */
void	tui_put_glyph(WINDOW *, const struct tui_look *, int y, int x,
	    enum tui_glyph g, attr_t attr, enum tui_pair pair);
/* The title bar (row 0) and the key bar (last row) of every view. */
void	tui_title(WINDOW *, int w, const struct tui_state *,
	    const char *title);
void	tui_keybar(WINDOW *, int h, int w, const struct tui_state *,
	    const char *keys);

/*
 * The first row of a list of rows rows that keeps cursor (-1: none) in
 * sight, starting from top, of a list of n rows: never one that leaves
 * rows blank under the list's end while rows above it are hidden (the
 * list no longer fills the screen: a resize, a shorter list).
 */
int	tui_top(int cursor, int top, int rows, int n);
/* Columns of a time on a plot from x0 over w columns, or -1 outside. */
int	tui_col(int64_t t_us, int64_t lo_us, int64_t hi_us, int x0, int w);
/*
 * An axis row at y: tick labels over w columns from x0, as clock times
 * (with zero_us TIME_NONE) or as offsets from zero_us ("+30 s").
 */
void	tui_axis(WINDOW *, const struct tui_look *, int y, int x0, int w,
	    int64_t lo_us, int64_t hi_us, int64_t zero_us);
/* The same, leaving no label over column clear_x (a mark's; -1: none). */
void	tui_axis_clear(WINDOW *, const struct tui_look *, int y, int x0,
	    int w, int64_t lo_us, int64_t hi_us, int64_t zero_us,
	    int clear_x);
/* A lane's spans at y over w columns from x0. */
void	tui_spans(WINDOW *, const struct tui_look *, int y, int x0, int w,
	    int64_t lo_us, int64_t hi_us, const struct tl_lane *l,
	    int64_t shift_us);
/* Bars of counts per column (0..peak as eighths of a cell) at y. */
void	tui_bars(WINDOW *, const struct tui_look *, int y, int x0,
	    const int64_t *v, size_t n, int64_t peak, enum tui_pair pair);

#endif
