/*
 * test-tui.c: every view of the TUI drawn headless from fixed rows (a
 * pod SIGKILLed at its grace deadline, its rollout, its findings, a SQL
 * result, four rollouts over two days) into a pad of a newterm() screen
 * on /dev/null, read back cell by cell and compared with
 * tests/tui/<view>-<W>x<H>.result.  With CORONER_UPDATE set the results
 * are written instead (then read them).  The results directory is
 * $CORONER_TESTS/tui (tests/run.sh sets it).
 */
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "out.h"
#include "timefmt.h"
#include "tui.h"
#include "unit.h"

#define T0	1778576400000000LL	/* 2026-05-12T09:00:00Z */
#define S	1000000LL

static struct row_container	 ctrs[3][2];
static struct podset_pod	 pods[3];
static struct tui_state		 ts;
static SCREEN			*scr;
static FILE			*devnull;

/* A pod of the rollout: deleted at del, SIGKILLed 30 s later. */
static void
fixed_pod(int i, const char *name, const char *uid, const char *ip,
    int64_t del)
{
	struct podset_pod	*p = &pods[i];
	struct row_container	*c = &ctrs[i][0];

	memset(p, 0, sizeof *p);
	p->r.uid = uid;
	p->r.namespace = "returns";
	p->r.name = name;
	p->r.node = "node-1";
	p->r.ip = ip;
	p->r.phase = "Failed";
	p->r.workload_kind = "Deployment";
	p->r.workload = "returns-api";
	p->r.created_us = T0 - 3600 * S;
	p->r.scheduled_us = T0 - 3600 * S;
	p->r.start_us = T0 - 3598 * S;
	p->r.ready_us = T0 - 3595 * S;
	p->r.deletion_us = del;
	p->r.deletion_basis = "observed: deletionTimestamp - "
	    "deletionGracePeriodSeconds";
	p->r.grace_s = 30;
	p->r.prestop_ms = 25000;
	p->r.sigterm_us = del + 25 * S;
	p->r.sigterm_basis = "inferred: deletion request + preStop sleep "
	    "25.0 s";
	p->r.deadline_us = del + 30 * S;
	p->r.gone_us = del + 30 * S;
	p->r.gone_basis = "inferred: watch DELETED";
	p->r.killed = 1;
	p->r.main_exit_us = del + 30 * S;
	p->r.ended_us = TIME_NONE;
	p->r.spec_grace_s = INT_NONE;
	p->r.endpoint_terminating_us = p->r.endpoint_not_serving_us =
	    p->r.endpoint_gone_us = TIME_NONE;
	memset(c, 0, sizeof *c);
	c->pod_uid = uid;
	c->name = "invoice-writer";
	c->prestop_kind = "sleep";
	c->prestop_ms = 25000;
	c->started_us = p->r.start_us;
	c->ready_us = p->r.ready_us;
	c->finished_us = del + 30 * S;
	c->exit_code = 137;
	c->reason = "Error";
	c->signal = INT_NONE;
	c->restarts = 0;
	c->sigterm_us = p->r.sigterm_us;
	c->sigterm_basis = p->r.sigterm_basis;
	c->deadline_us = p->r.deadline_us;
	c->killed_at_deadline = 1;
	p->c = c;
	p->nc = 1;
}

static struct podset_pod *finding_pods[2];	/* uid-a, uid-b */
static struct podset_pod	*dpods[2];

/* The shared state: three pods, two findings. */
static void
fixture(void)
{
	static struct tui_finding	 f[2];
	static int64_t			 req[200], bad[200], deaths[2];
	static int			 killed[2] = { 1, 1 };
	static int64_t			 miss[2];
	static struct ov_roll		 roll[2];
	static struct ov_lane		 lane;
	size_t				 i;

	memset(&ts, 0, sizeof ts);
	ts.look.utf8 = 1;
	fixed_pod(0, "returns-api-7d9f8b6c5-x2kq9", "uid-a", "10.244.1.10",
	    T0 + 10 * S);
	fixed_pod(1, "returns-api-7d9f8b6c5-b7m4p", "uid-b", "10.244.1.11",
	    T0 + 50 * S);
	fixed_pod(2, "returns-api-5c8d7b9f4-h6v2r", "uid-c", "10.244.2.20",
	    TIME_NONE);
	pods[2].r.phase = "Running";
	pods[2].r.killed = 0;
	pods[2].r.sigterm_us = pods[2].r.deadline_us = TIME_NONE;
	pods[2].r.gone_us = pods[2].r.main_exit_us = TIME_NONE;
	pods[2].r.deletion_basis = pods[2].r.sigterm_basis = NULL;
	pods[2].r.gone_basis = NULL;
	pods[2].r.created_us = T0 + 5 * S;
	pods[2].r.start_us = T0 + 7 * S;
	pods[2].r.ready_us = T0 + 9 * S;
	/* who deleted them: a controller, and a name that is an attack */
	pods[0].r.deletion_by = "system:serviceaccount:kube-system:"
	    "replicaset-controller";
	pods[1].r.deletion_by = "\x1b]52;c;aGk=\x07mallory\x1b[2J\xe2\x80\xae"
	    "@a-very-long-domain-name.example.com";
	ctrs[2][0].started_us = T0 + 7 * S;
	ctrs[2][0].ready_us = T0 + 9 * S;
	ctrs[2][0].finished_us = TIME_NONE;
	ctrs[2][0].exit_code = INT_NONE;
	ctrs[2][0].reason = NULL;
	ctrs[2][0].sigterm_us = ctrs[2][0].deadline_us = TIME_NONE;
	ctrs[2][0].killed_at_deadline = 0;
	ts.pods.npods = 3;
	finding_pods[0] = &pods[0];
	finding_pods[1] = &pods[1];

	memset(f, 0, sizeof f);
	f[0].r.id = 1;
	f[0].r.kind = "sigkill-at-grace-deadline";
	f[0].r.severity = "critical";
	f[0].r.namespace = "returns";
	f[0].r.workload = "returns-api";
	f[0].r.start_us = T0 + 10 * S;
	f[0].r.end_us = T0 + 80 * S;
	f[0].r.summary = "2 containers of returns-api were SIGKILLed (exit "
	    "137) when the 30 s grace period ran out, after a preStop sleep "
	    "of 25 s";
	f[0].r.evidence = "{\"grace_s\":30,\"prestop_s\":25.0,\"killed\":2}";
	f[0].r.recommendation = "Set terminationGracePeriodSeconds to "
	    "preStop + the longest measured shutdown + a margin.";
	f[0].npods = 2;
	f[0].pods = finding_pods;
	f[0].nloaded = 2;
	f[1] = f[0];
	f[1].r.id = 2;
	f[1].r.kind = "records-missing";
	f[1].r.severity = "warning";
	f[1].r.workload = NULL;
	f[1].r.namespace = NULL;
	f[1].r.summary = "3 of 20000 records in courier are missing from ours";
	f[1].r.evidence = "{\"missing\":3,\"reference\":\"courier\"}";
	f[1].npods = 0;
	f[1].pods = NULL;
	f[1].nloaded = 0;
	ts.findings = f;
	ts.nfindings = 2;

	/* the overview: one workload over four minutes */
	memset(&lane, 0, sizeof lane);
	lane.namespace = "returns";
	lane.workload = "returns-api";
	for (i = 0; i < 200; i++) {
		req[i] = (int64_t)(10 + (i * 7) % 13);
		bad[i] = i >= 40 && i < 50 ? 4 : 0;
		lane.total += req[i];
		lane.failed += bad[i];
		if (req[i] > lane.peak)
			lane.peak = req[i];
	}
	lane.req = req;
	lane.bad = bad;
	deaths[0] = T0 + 40 * S;
	deaths[1] = T0 + 80 * S;
	lane.deaths = deaths;
	lane.killed = killed;
	lane.ndeaths = 2;
	/*
	 * Their deploys on the rollouts' bars where nothing else is marked:
	 * the first has no room, the second is by a hostile name
	 */
	roll[0].from_us = T0 + 5 * S;
	roll[0].to_us = T0 + 80 * S;
	roll[0].words = "helm revision 14, deployed by ci@example.com";
	roll[0].short_words = "helm revision 14";
	roll[1].from_us = T0 + 120 * S;
	roll[1].to_us = T0 + 238 * S;
	roll[1].words = "kubectl, deployed by \x1b[2Jeve";
	roll[1].short_words = "kubectl";
	lane.rolls = roll;
	lane.nrolls = 2;
	miss[0] = T0 + 35 * S;
	miss[1] = T0 + 75 * S;
	lane.missing = miss;
	lane.nmissing = 2;
	lane.bad_peak = 4;
	lane.deaths_on = 2;
	lane.rolls_on = 2;
	ts.ov.lanes = &lane;
	ts.ov.nlanes = 1;
	/* the deaths of finding 1's pods, under its fix */
	dpods[0] = &pods[0];
	dpods[1] = &pods[1];
	pods[0].r.deletion_cause_basis = "the rollout of returns-api to "
	    "returns-api-5c8d7b9f4";
	ts.ov.dpods = dpods;
	ts.ov.ndpods = 2;
	ts.ov.axis.lo_us = T0;
	ts.ov.axis.hi_us = T0 + 240 * S;
	ts.ov.window_lo_us = T0;
	ts.ov.window_hi_us = T0 + 240 * S;
	ts.ov.ncols = 200;
}

/* Reads the pad back as UTF-8 lines, trailing blanks cut. */
static char *
screen_text(WINDOW *pad, int h, int w)
{
	struct buf	 b = { 0 };
	cchar_t		 cc;
	wchar_t		 wch[CCHARW_MAX + 1];
	attr_t		 attrs;
	short		 pair;
	char		 mb[MB_LEN_MAX + 1];
	mbstate_t	 st;
	size_t		 n, line_start, last;
	int		 y, x;

	for (y = 0; y < h; y++) {
		line_start = b.len;
		last = b.len;
		for (x = 0; x < w; x++) {
			if (mvwin_wch(pad, y, x, &cc) == ERR ||
			    getcchar(&cc, wch, &attrs, &pair, NULL) == ERR ||
			    wch[0] == L'\0')
				wch[0] = L' ';
			memset(&st, 0, sizeof st);
			n = wcrtomb(mb, wch[0], &st);
			if (n == (size_t)-1) {
				mb[0] = '?';
				n = 1;
			}
			buf_append(&b, mb, n);
			if (wch[0] != L' ')
				last = b.len;
		}
		b.len = last > line_start ? last : line_start;
		buf_append(&b, "\n", 1);
	}
	return (b.data);
}

/* Draws one view at h x w and compares it with its result file. */
static void
check(const char *name, void (*draw)(WINDOW *, int, int,
    const struct tui_state *), int h, int w)
{
	const char	*dir = getenv("CORONER_TESTS");
	char		*path, *got, *want = NULL;
	WINDOW		*pad;
	FILE		*f;
	long		 len;

	pad = newpad(h, w);
	ts.rows = h;
	ts.cols = w;
	draw(pad, h, w, &ts);
	got = screen_text(pad, h, w);
	delwin(pad);
	path = xasprintf("%s/tui/%s-%dx%d.result", dir != NULL ? dir :
	    "tests", name, w, h);
	if (getenv("CORONER_UPDATE") != NULL) {
		if ((f = fopen(path, "w")) != NULL) {
			fwrite(got, 1, strlen(got), f);
			fclose(f);
		}
	} else if ((f = fopen(path, "r")) != NULL) {
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		want = xcalloc(1, (size_t)len + 1);
		if (fread(want, 1, (size_t)len, f) != (size_t)len)
			want[0] = '\0';
		fclose(f);
	}
	if (getenv("CORONER_UPDATE") == NULL) {
		if (want == NULL || strcmp(got, want) != 0) {
			fprintf(stderr, "%s differs; drawn:\n%s", path, got);
			unit_failed++;
		}
	}
	free(want);
	free(got);
	free(path);
}

static int
open_screen(void)
{
	if (setlocale(LC_ALL, "C.UTF-8") == NULL)
		return (-1);
	devnull = fopen("/dev/null", "r+");
	if (devnull == NULL)
		return (-1);
	scr = newterm("xterm", devnull, devnull);
	if (scr == NULL)
		return (-1);
	set_term(scr);
	fixture();
	return (0);
}

static void
close_screen(void)
{
	endwin();
	delscreen(scr);
	fclose(devnull);
	setlocale(LC_ALL, "C");
}

/* The death view of the first pod, its cursor at its SIGKILL moment. */
static void
death_fixture(int utf8)
{
	static int64_t		 ok[200], bad[200];
	struct death_state	*dv = &ts.dv;
	static char		*detail[3];
	size_t			 i;

	memset(dv, 0, sizeof *dv);
	ts.look.utf8 = utf8;
	dv->pod = &pods[0];
	moments_derive(dv->pod, &dv->ms);
	moments_finish(&dv->ms);
	timeline_pod(dv->pod, &dv->tp);
	timeline_death_axis(dv->pod, 0, &dv->axis);
	dv->home = dv->axis;
	dv->cursor = moments_find(&dv->ms, MO_KILLED);
	for (i = 0; i < 200; i++) {
		ok[i] = i < 60 ? 5 : 0;
		bad[i] = i >= 30 && i < 40 ? 3 : 0;
	}
	dv->traffic.nbins = 200;
	dv->traffic.ok = ok;
	dv->traffic.bad = bad;
	dv->traffic.peak = 5;
	dv->traffic.total_ok = 300;
	dv->traffic.total_bad = 30;
	detail[0] = (char *)"how it is known: observed";
	detail[1] = (char *)"the observed versions of invoice-writer:";
	detail[2] = (char *)"09:00:40.000 terminated Error, exit 137, 0 "
	    "restarts, finished 09:00:40.000  pods-watch.json:41";
	dv->detail = detail;
	dv->ndetail = 3;
}

static void
death_unfixture(void)
{
	moments_free(&ts.dv.ms);
	timeline_pod_free(&ts.dv.tp);
	memset(&ts.dv, 0, sizeof ts.dv);
	ts.look.utf8 = 1;
}

static void
test_tui_overview(void)
{
	if (open_screen() != 0) {
		fprintf(stderr, "test-tui: no C.UTF-8 screen; skipped\n");
		return;
	}
	check("overview", overview_draw, 40, 120);
	check("overview", overview_draw, 24, 80);
	close_screen();
}

/*
 * A records incident whose pods carry a proxy: MISS is the key column
 * and stays at 80 columns, FAILED (zero for every pod) gives way first;
 * the proxy's exit keeps its code and a name that tells it.
 */
static void
ts_pods_sidecar(struct pods_row *rows)
{
	static const char	*names[3] = {
		"label-printer-api-7d9f8b6c5d-x2kq9",
		"label-printer-api-7d9f8b6c5d-b7m4p",
		"label-printer-api-5c8d7b9f4d-h6v2r"
	};
	const char		*was[3];
	char			*cell;
	int			 i;

	for (i = 0; i < 3; i++) {
		was[i] = pods[i].r.name;
		pods[i].r.name = names[i];
		ctrs[i][1] = ctrs[i][0];
		ctrs[i][1].name = "istio-proxy";
		ctrs[i][1].sidecar = 1;
		ctrs[i][1].exit_code = i < 2 ? 0 : INT_NONE;
		ctrs[i][1].killed_at_deadline = 0;
		ctrs[i][1].reason = i < 2 ? "Completed" : NULL;
		pods[i].nc = 2;
	}
	rows[1].failed = 0;
	ts.pl.name_cols = (int)strlen(names[0]);
	ts.pl.any_failed = 0;
	ts.pl.any_missing = 1;
	cell = xasprintf("137 SIGKILL, istio-proxy 0");
	ts.pl.exits_cols = (int)out_printed_cols(cell);
	free(cell);
	check("pods-sidecar", pods_draw, 40, 120);
	check("pods-sidecar", pods_draw, 24, 80);
	for (i = 0; i < 3; i++) {
		pods[i].r.name = was[i];
		pods[i].nc = 1;
	}
	rows[1].failed = 12;
	ts.pl.name_cols = (int)strlen(pods[0].r.name);
	ts.pl.any_failed = 1;
	ts.pl.exits_cols = 11;
}

/*
 * A week of one workload on the overview: 40 rollouts, each new pod's
 * first 503 (two a rollout), and one burst of 30 failures 5.5 days in,
 * binned as the store bins them for ncols columns of lo to hi.
 */
static int64_t	week_req[200], week_bad[200];

static void
week_bins(struct ov_lane *l, const struct ov_roll *roll, int64_t lo,
    int64_t hi, size_t ncols)
{
	int64_t	col = (hi - lo) / (int64_t)ncols, t;
	size_t	i;

	memset(week_req, 0, sizeof week_req);
	memset(week_bad, 0, sizeof week_bad);
	l->total = l->failed = l->bad_peak = 0;
	for (i = 0; i < ncols; i++) {
		week_req[i] = col / (20 * S);
		l->total += week_req[i];
	}
	l->peak = week_req[0];
	for (i = 0; i < 41; i++) {
		/* the bad release's burst, 5.5 days in */
		t = i < 40 ? roll[i].from_us : T0 - 36 * 3600 * S;
		if (t < lo || t >= hi)
			continue;
		week_bad[(t - lo) / col] += i < 40 ? 2 : 30;
		l->failed += i < 40 ? 2 : 30;
	}
	for (i = 0; i < ncols; i++)
		if (week_bad[i] > l->bad_peak)
			l->bad_peak = week_bad[i];
	l->req = week_req;
	l->bad = week_bad;
	ts.ov.ncols = ncols;
	ts.ov.axis.lo_us = lo;
	ts.ov.axis.hi_us = hi;
}

/*
 * The week on the overview, whole and zoomed to the day of its bad
 * release: the burst's column must stand out of the noise as the full
 * height of the failure row, never under a mark; the rollouts' bars on
 * their own row; the counts say the span they cover.
 */
static void
test_tui_overview_week(void)
{
	static int64_t		 deaths[80];
	static int		 killed[80];
	static struct ov_roll	 roll[40];
	struct ov_lane		*saved = ts.ov.lanes, lane;
	struct tl_axis		 axis = ts.ov.axis;
	size_t			 ncols = ts.ov.ncols;
	int64_t			 day = 86400 * S, lo = T0 - 7 * day;
	size_t			 i;

	if (open_screen() != 0)
		return;
	memset(&lane, 0, sizeof lane);
	lane.namespace = "shop";
	lane.workload = "search";
	for (i = 0; i < 40; i++) {
		roll[i].from_us = lo + (int64_t)i * 15120 * S;
		roll[i].to_us = roll[i].from_us + 20 * S;
		deaths[2 * i] = roll[i].from_us + 5 * S;
		deaths[2 * i + 1] = roll[i].from_us + 15 * S;
	}
	/* one pod died on its own (no rollout), one was killed */
	deaths[0] = lo + 3 * 3600 * S;
	killed[1] = 1;
	lane.deaths = deaths;
	lane.killed = killed;
	lane.ndeaths = 80;
	lane.rolls = roll;
	lane.nrolls = 40;
	lane.deaths_on = 80;
	lane.rolls_on = 40;
	ts.ov.lanes = &lane;
	ts.ov.window_lo_us = lo;
	ts.ov.window_hi_us = T0;
	week_bins(&lane, roll, lo, T0, 89);
	check("overview-week", overview_draw, 40, 120);
	week_bins(&lane, roll, lo, T0, 59);
	check("overview-week", overview_draw, 24, 80);
	/* zoomed to the day of the bad release */
	ts.ov.view_lo_us = lo + 5 * day;
	ts.ov.view_hi_us = lo + 6 * day;
	lane.deaths_on = 12;
	lane.rolls_on = 6;
	week_bins(&lane, roll, lo + 5 * day, lo + 6 * day, 59);
	check("overview-week-zoomed", overview_draw, 24, 80);
	ts.ov.view_lo_us = ts.ov.view_hi_us = 0;
	ts.ov.lanes = saved;
	ts.ov.axis = axis;
	ts.ov.ncols = ncols;
	ts.ov.window_lo_us = axis.lo_us;
	ts.ov.window_hi_us = axis.hi_us;
	close_screen();
}

static void
test_tui_pods(void)
{
	static struct pods_row	rows[4];
	static int64_t		disp[4] = { -1, 0, 1, 2 };

	if (open_screen() != 0)
		return;
	memset(rows, 0, sizeof rows);
	rows[0].heading = "returns/returns-api (Deployment)";
	rows[1].pod = &pods[0];
	rows[1].failed = 12;
	rows[1].missing = 10;
	snprintf(rows[1].badges, sizeof rows[1].badges, "KILL GRACE");
	rows[2].pod = &pods[1];
	rows[2].missing = 10;
	snprintf(rows[2].badges, sizeof rows[2].badges, "KILL GRACE");
	rows[3].pod = &pods[2];
	ts.pl.page = rows;
	ts.pl.npage = ts.pl.nrows = 4;
	ts.pl.disp = disp;
	ts.pl.npods = 3;
	ts.pl.name_cols = (int)strlen(pods[0].r.name);
	ts.pl.cursor = 1;
	ts.pl.exits_cols = 11;		/* "137 SIGKILL" */
	ts.pl.by_cols = (int)out_printed_cols(pods[1].r.deletion_by);
	ts.pl.any_failed = ts.pl.any_missing = 1;
	ts.pl.badges_cols = 10;		/* "KILL GRACE" */
	check("pods", pods_draw, 40, 120);
	check("pods", pods_draw, 24, 80);
	/* deletions over more than a day: DELETED carries the date */
	ts.pl.dated = 1;
	check("pods-dated", pods_draw, 40, 120);
	check("pods-dated", pods_draw, 24, 80);
	ts.pl.dated = 0;
	ts_pods_sidecar(rows);
	ts.pl.page = NULL;
	ts.pl.disp = NULL;
	ts.pl.npage = ts.pl.nrows = ts.pl.npods = 0;
	close_screen();
}

static void
test_tui_findings(void)
{
	char	*cause = NULL;

	if (open_screen() != 0)
		return;
	check("findings", findings_draw, 24, 80);
	ts.fv.idx = 0;
	ts.cols = 80;
	ts.rows = 24;
	CHECK(finding_load(&ts, &cause) == 0);
	check("finding", finding_draw, 24, 80);
	while (ts.fv.nlines > 0)
		free(ts.fv.lines[--ts.fv.nlines]);
	free(ts.fv.lines);
	free(ts.fv.line_pod);
	free(ts.fv.line_style);
	free(ts.fv.pods);
	memset(&ts.fv, 0, sizeof ts.fv);
	close_screen();
}

static void
test_tui_death(void)
{
	if (open_screen() != 0)
		return;
	death_fixture(1);
	check("death", death_draw, 40, 120);
	check("death", death_draw, 24, 80);
	death_unfixture();
	death_fixture(0);
	check("death-ascii", death_draw, 24, 80);
	death_unfixture();
	close_screen();
}

/*
 * The death view of a pod alive for five days before the incident,
 * never deleted: its axis on the incident (half a minute around T0 + 12
 * s), then zoomed out to its whole life.  The axis reads in days and
 * their hours, minutes and seconds, as its offsets do ("+5d00h00m10s",
 * "+3 d"), never in six-digit seconds.
 */
static void
test_tui_death_long(void)
{
	struct death_state	*dv = &ts.dv;
	struct podset_pod	*p = &pods[2];
	struct podset_pod	 saved = *p;
	struct row_container	 c0 = ctrs[2][0];
	int64_t			 born = T0 - 5 * INT64_C(86400) * S;

	if (open_screen() != 0)
		return;
	p->r.created_us = born;
	p->r.start_us = born + 2 * S;
	p->r.ready_us = born + 4 * S;
	ctrs[2][0].started_us = born + 2 * S;
	ctrs[2][0].ready_us = born + 4 * S;
	memset(dv, 0, sizeof *dv);
	dv->pod = p;
	dv->end_us = T0 + 80 * S;
	moments_derive(p, &dv->ms);
	moments_finish(&dv->ms);
	timeline_pod(p, &dv->tp);
	dv->home.lo_us = T0 + 12 * S - 30 * S;
	dv->home.hi_us = T0 + 12 * S + 30 * S;
	dv->axis = dv->home;
	dv->cursor = (int)dv->ms.n - 1;
	check("death-long", death_draw, 40, 120);
	check("death-long", death_draw, 24, 80);
	dv->axis.lo_us = born;
	dv->axis.hi_us = T0 + 80 * S;
	dv->whole = 1;
	check("death-long-whole", death_draw, 40, 120);
	check("death-long-whole", death_draw, 24, 80);
	moments_free(&dv->ms);
	timeline_pod_free(&dv->tp);
	memset(dv, 0, sizeof *dv);
	*p = saved;
	ctrs[2][0] = c0;
	close_screen();
}

static void
test_tui_rollout(void)
{
	static struct rview_lane	lanes[2];
	struct rview_state		*rv = &ts.rv;
	size_t				i;

	if (open_screen() != 0)
		return;
	memset(rv, 0, sizeof *rv);
	memset(lanes, 0, sizeof lanes);
	rv->title = "Rollout of returns/returns-api";
	snprintf(rv->deployed, sizeof rv->deployed, "helm revision 14, "
	    "deployed by ci\x1b[31m@example.com");
	rv->lanes = lanes;
	rv->n = 2;
	rv->lo_off_us = -5 * S;
	rv->hi_off_us = 33 * S;
	for (i = 0; i < 2; i++) {
		lanes[i].pod = &pods[i];
		moments_derive(&pods[i], &lanes[i].ms);
		moments_finish(&lanes[i].ms);
		timeline_pod(&pods[i], &lanes[i].tp);
	}
	rview_summarize(rv);
	check("rollout", rview_draw, 40, 120);
	for (i = 0; i < 2; i++) {
		moments_free(&lanes[i].ms);
		timeline_pod_free(&lanes[i].tp);
	}
	memset(rv, 0, sizeof *rv);
	close_screen();
}

/*
 * The rollouts view: four rollouts over two days, the third deployed by
 * Helm with who did it (a name holding an escape sequence), its new set
 * failing more than the old one, the cursor on it; then an Argo CD
 * deploy that started no rollout.
 */
static void
test_tui_rollouts(void)
{
	static struct rolist_item	 items[5];
	static struct rostat		 stats[5];
	static struct podset_pod	*replaced[2];
	struct rollouts_state		*rl = &ts.rl;
	static const char		*rs[5] = {
		"returns-api-5c8d7b9f4", "returns-api-6d9e8c0a5",
		"returns-api-7d9f8b6c5", "returns-api-8e0a9d1b6",
		"ledger-reconciliation-worker-7f6c5d4b3"
	};
	size_t				 i;

	if (open_screen() != 0)
		return;
	memset(rl, 0, sizeof *rl);
	memset(items, 0, sizeof items);
	memset(stats, 0, sizeof stats);
	for (i = 0; i < 4; i++) {
		items[i].namespace = "returns";
		items[i].deployment = "returns-api";
		items[i].old_rs = rs[i];
		items[i].new_rs = rs[i + 1];
		items[i].revision = (int64_t)i + 7;
		items[i].start_us = T0 - 86400 * S + (int64_t)i * 8 * 3600 * S;
		items[i].end_us = items[i].start_us + 62 * S;
		stats[i].r = &items[i];
		stats[i].to_us = items[i].end_us;
		stats[i].image = "registry.example.com/returns/returns-api:"
		    "2026.05.1";
		stats[i].nreplaced = 3;
		stats[i].requests = 1200;
		stats[i].new_rs.requests = 50000;
		stats[i].new_rs.errors = 12;
		stats[i].old_rs.requests = 48000;
		stats[i].old_rs.errors = 11;
	}
	/* a first revision: no old set */
	items[0].old_rs = NULL;
	stats[0].nreplaced = 0;
	stats[0].old_rs.requests = stats[0].old_rs.errors = 0;
	/* the release that failed: pods SIGKILLed, 5xx up */
	items[2].tool = "helm";
	items[2].deploy_revision = "42";
	items[2].deployed_by = "ci\x1b[31m@example.com";
	replaced[0] = &pods[0];
	replaced[1] = &pods[1];
	stats[2].replaced = replaced;
	stats[2].nreplaced = 2;
	stats[2].killed = 2;
	stats[2].unclean = 2;
	stats[2].failed = 12;
	stats[2].new_rs.errors = 2600;
	stats[3].old_rs = stats[2].new_rs;
	/* another Deployment, its name longer than the column */
	items[3].namespace = "payments-reconciliation";
	items[3].deployment = "ledger-reconciliation-worker";
	items[3].old_rs = NULL;
	stats[3].old_rs.requests = stats[3].old_rs.errors = 0;
	/* a deploy that changed no pod: listed, nothing counted */
	items[4].namespace = "returns";
	items[4].deployment = "returns-config";
	items[4].revision = INT_NONE;
	items[4].tool = "argocd";
	items[4].deploy_revision = "3f9c2ab";
	items[4].deployed_by = "alice@example.com";
	items[4].start_us = T0 + 2 * 3600 * S;
	items[4].end_us = TIME_NONE;
	stats[4].r = &items[4];
	stats[4].deploy_only = 1;
	stats[4].to_us = TIME_NONE;
	rl->stats.v = stats;
	rl->stats.n = 5;
	rl->stats.ndeploys = 1;
	rl->stats.deployments = 2;
	rl->stats.first_us = items[0].start_us;
	rl->stats.last_us = items[4].start_us;
	rl->dated = 1;
	rl->cursor = 2;
	check("rollouts", rollouts_draw, 40, 120);
	check("rollouts", rollouts_draw, 24, 80);
	rl->cursor = 4;
	check("rollouts-deploy", rollouts_draw, 24, 80);
	memset(rl, 0, sizeof *rl);
	close_screen();
}

/* The action of key k in a view's table, or NULL. */
static int
(*key_action(const struct tui_key *keys, int k))(struct tui_state *)
{
	for (; keys->name != NULL; keys++)
		if (keys->key == k)
			return (keys->action);
	return (NULL);
}

/* Presses key k of the SQL view's table on a screen of h rows, w columns. */
static int
sql_press(int k, int h, int w)
{
	int	(*act)(struct tui_state *) = key_action(sql_keys, k);

	CHECK(act != NULL);
	if (act == NULL)
		return (0);
	ts.rows = h;
	ts.cols = w;
	return (act(&ts));
}

/* The record view of the row under the cursor, wrapped at w. */
static void
check_record(const char *name, int h, int w)
{
	ts.rows = h;
	ts.cols = w;
	sql_record_load(&ts, NULL);
	check(name, sql_record_draw, h, w);
}

#define SQL_MSG	"Readiness probe failed: Get \"http://10.244.1.10:8080/" \
	"healthz\": context deadline exceeded (Client.Timeout exceeded " \
	"while awaiting headers); the pod stays NotReady and is removed " \
	"from the endpoints of returns-api until the probe answers again " \
	"END-OF-MESSAGE"

static void
test_tui_sql(void)
{
	static char	*cols[] = { (char *)"name", (char *)"n" };
	static char	*cells[] = {
		(char *)"returns-api-7d9f8b6c5-x2kq9", (char *)"137",
		(char *)"evil\x1b[2J", NULL
	};
	static char	*ecols[] = { (char *)"reason", (char *)"message",
		(char *)"evil\x1b]0;name\x07" };
	static char	*ecells[] = {
		(char *)"Unhealthy", (char *)SQL_MSG, (char *)"x",
		(char *)"Killing", (char *)"Stopping container invoice-writer",
		NULL,
		/* escape sequences, controls, invalid UTF-8, a newline */
		(char *)"\x1b[31mred\x1b[0m", (char *)"bidi \xe2\x80\xae"
		"evil\x1b]52;c;aGk=\x07 bad \xff\xfe utf-8\r\nsecond line "
		"after a newline, then tab\there", (char *)"\x9b" "1m",
	};
	static size_t	 elens[9];
	static char	*lcols[] = { (char *)"message" };
	static char	*lcells[] = { (char *)SQL_MSG,
		(char *)"Stopping container invoice-writer" };
	size_t		 i;

	if (open_screen() != 0)
		return;
	ts.sq.query = (char *)"SELECT name, n FROM t";
	ts.sq.t.ncols = 2;
	ts.sq.t.cols = cols;
	ts.sq.t.nrows = 2;
	ts.sq.t.cells = cells;
	sql_measure(&ts.sq);
	check("sql", sql_draw, 24, 80);
	/* every column whole: Right scrolls nothing, and says so */
	CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.left == 0 && ts.sq.shift == 0);
	CHECK(strstr(ts.message, "Every cell shown is whole") != NULL);
	ts.message[0] = '\0';
	free(ts.sq.widths);
	ts.sq.widths = NULL;

	/* one long text column takes the screen's width, not 40 columns */
	ts.sq.query = (char *)"SELECT message FROM events_v";
	ts.sq.t.ncols = 1;
	ts.sq.t.cols = lcols;
	ts.sq.t.nrows = 2;
	ts.sq.t.cells = lcells;
	sql_measure(&ts.sq);
	CHECK(ts.sq.widths[0] == (int)strlen(SQL_MSG));
	check("sql-long", sql_draw, 40, 120);
	check("sql-long", sql_draw, 24, 80);
	/* Right past the last (only) column scrolls the long cells, to
	   their end and no further; Left scrolls them back */
	CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.shift == 40);
	for (i = 0; i < 4; i++)
		CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.shift == (int)strlen(SQL_MSG) - 80 + 1);
	CHECK(ts.sq.left == 0);
	check("sql-scrolled", sql_draw, 24, 80);
	/* at their end, Right goes no further and says so */
	CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.shift == (int)strlen(SQL_MSG) - 80 + 1);
	CHECK(strstr(ts.message, "shown to their end") != NULL);
	ts.message[0] = '\0';
	for (i = 0; i < 5; i++)
		sql_press(KEY_LEFT, 24, 80);
	CHECK(ts.sq.shift == 0 && ts.sq.left == 0);
	/* w scrolls too, and from their end back to their start */
	sql_press('w', 40, 120);
	CHECK(ts.sq.shift == 60);
	sql_press('w', 40, 120);
	sql_press('w', 40, 120);
	CHECK(ts.sq.shift == (int)strlen(SQL_MSG) - 120 + 1);
	check("sql-scrolled", sql_draw, 40, 120);
	sql_press('w', 40, 120);
	CHECK(ts.sq.shift == 0);
	CHECK(strstr(ts.message, "from their start again") != NULL);
	ts.message[0] = '\0';
	free(ts.sq.widths);
	ts.sq.widths = NULL;

	/* events: Right goes to the next column while one is cut, then
	   scrolls; Enter opens the row's record, every value whole */
	for (i = 0; i < 9; i++)
		elens[i] = ecells[i] != NULL ? strlen(ecells[i]) : 0;
	elens[1] = 100000;	/* the store kept its first bytes */
	ts.sq.query = (char *)"SELECT reason, message, evil FROM events_v";
	ts.sq.t.ncols = 3;
	ts.sq.t.cols = ecols;
	ts.sq.t.nrows = 3;
	ts.sq.t.cells = ecells;
	ts.sq.t.lens = elens;
	sql_measure(&ts.sq);
	ts.sq.cursor = 2;
	check("sql-events", sql_draw, 40, 120);
	check("sql-events", sql_draw, 24, 80);
	CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.left == 1 && ts.sq.shift == 0);
	CHECK(sql_press(KEY_RIGHT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.left == 2);
	CHECK(sql_press(KEY_LEFT, 24, 80) == TUI_REDRAW);
	CHECK(sql_press(KEY_LEFT, 24, 80) == TUI_REDRAW);
	CHECK(ts.sq.left == 0);
	ts.sq.cursor = 0;
	CHECK(sql_press('\r', 24, 80) == TUI_PUSH);
	CHECK(ts.next == VIEW_RECORD && ts.sq.rec.row == 0);
	check_record("sql-record", 40, 120);
	check_record("sql-record", 24, 80);
	/* the hostile row, its values escaped, its newline a new line */
	ts.sq.rec.row = 2;
	check_record("sql-record-hostile", 24, 80);
	sql_record_clear(&ts);
	ts.sq.t.lens = NULL;
	ts.sq.cursor = 0;
	ts.sq.rec.row = 0;
	free(ts.sq.widths);
	ts.sq.widths = NULL;

	memset(&ts.sq.t, 0, sizeof ts.sq.t);
	ts.sq.query = (char *)"SELECT name, n FROM t";
	ts.sq.error = (char *)"near \"SELEC\": syntax error";
	check("sql-error", sql_draw, 24, 80);
	ts.sq.error = NULL;
	ts.sq.query = NULL;
	close_screen();
}

static void
test_tui_help(void)
{
	if (open_screen() != 0)
		return;
	ts.help_of = VIEW_DEATH;
	check("help", help_draw, 40, 120);
	/* the pods view's columns, each meaning wrapped at 80 */
	ts.help_of = VIEW_PODS;
	ts.help_top = 12;
	check("help-pods", help_draw, 24, 80);
	ts.help_top = 0;
	close_screen();
}

const struct unit_test tui_tests[] = {
	{ "tui_overview", test_tui_overview },
	{ "tui_overview_week", test_tui_overview_week },
	{ "tui_pods", test_tui_pods },
	{ "tui_findings", test_tui_findings },
	{ "tui_death", test_tui_death },
	{ "tui_death_long", test_tui_death_long },
	{ "tui_rollout", test_tui_rollout },
	{ "tui_rollouts", test_tui_rollouts },
	{ "tui_sql", test_tui_sql },
	{ "tui_help", test_tui_help },
	{ NULL, NULL }
};
