/*
 * report-svg-budget.c: the picture of a grace budget that does not fit
 * (grace-budget-too-small) in the HTML report (report-svg-int.h): the
 * grace period drawn as the budget it is, from the deletion request,
 * against what it must hold (the preStop, the shutdown, a margin), with
 * the SIGKILL and the recommended grace marked.  Drawn from the
 * finding's evidence alone; report-svg.c prints the pods' times below
 * it.  Everything goes through out_html().  No SQL, no model.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze.h"
#include "budget.h"
#include "out.h"
#include "report-svg-int.h"

static const char *
member(json_t *o, const char *key)
{
	return (json_string_value(json_object_get(o, key)));
}

static double
num(json_t *o, const char *key)
{
	json_t	*v = json_object_get(o, key);

	return (json_is_number(v) ? json_number_value(v) : NAN);
}

/*
 * A bar of the budget from a to b seconds on row y, labelled inside, or
 * when too narrow below it (above it with above set).
 */
static void
budget_bar(FILE *out, double scale, double a, double b,
    double y, const char *fill, const char *text, int above)
{
	double	xa = X0 + a * scale, xb = X0 + b * scale;

	if (b <= a)
		return;
	out_html(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"24\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.9\">"
	    "<title>%s</title></rect>\n", xa, y, xb - xa, fill, text);
	if ((double)strlen(text) * CHAR_W + 8 < xb - xa)
		out_html(out, "<text class=\"inbar\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">%s</text>\n", (xa + xb) / 2,
		    y + 16, text);
	else
		out_html(out, "<text class=\"side\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"middle\">%s</text>\n", (xa + xb) / 2,
		    above ? y - 6 : y + 38, text);
}

/* A marker at s seconds across both rows, with its words. */
static void
budget_mark(FILE *out, double scale, double s, double y0,
    double y1, const char *text, int below)
{
	double	x = X0 + s * scale;

	out_html(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" stroke=\"#b00020\" stroke-width=\"1.8\" "
	    "stroke-dasharray=\"5 3\"/>\n<text class=\"note\" x=\"%.1f\" "
	    "y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", x, y0, x, y1, x,
	    below ? y1 + 12 : y0 - 4, text);
}

int
report_svg_budget(FILE *out, int64_t id, json_t *ev)
{
	double	grace = num(ev, "grace_s"), pre = num(ev, "prestop_s");
	double	sd = num(ev, "shutdown_s"), margin = num(ev, "margin_s");
	double	rec = num(ev, "recommended_grace_s"), top, scale;
	double	lag = num(ev, "lb_lag_s"), need = num(ev,
		    "recommended_prestop_s");
	double	y1 = TOP + 14, y2 = TOP + 94, step, t, x;
	char	b[160], s1[96], s2[32], fill[48];
	int	lower = str_eq(member(ev, "shutdown_basis"), "lower-bound");
	struct budget	bud;

	if (isnan(grace) || isnan(pre) || isnan(sd) || isnan(margin) ||
	    isnan(rec))
		return (-1);
	/* the preStop it must hold: a longer one when the LB lagged past */
	if (isnan(need))
		need = pre;
	/*
	 * What it must hold, summed as the finding's rule sums it, with the
	 * shutdown to a tenth as the finding gives it: the parts drawn and
	 * their sum add up as a reader adds them (20 + 10.2 + 5 = 35.2).
	 */
	sd = round(sd * 10) / 10;
	bud = (struct budget){ .grace_s = grace, .prestop_s = need,
	    .shutdown_s = sd, .basis = lower ? BUDGET_LOWER_BOUND :
	    BUDGET_OBSERVED, .margin_s = margin };
	budget_compute(&bud);
	top = (rec > grace ? rec : grace) + 5;
	scale = (X1 - X0) / top;
	out_html(out, "<figure>\n<svg class=\"tl\" viewBox=\"0 0 %d 230\" "
	    "width=\"%d\" height=\"230\" role=\"img\" aria-labelledby=\"tl%"
	    PRId64 "\">\n<title id=\"tl%" PRId64 "\">The grace budget: what "
	    "it holds and what it must hold</title>\n", W, W, id,
	    id);
	report_svg_defs(out, id);
	out_html(out, "<text class=\"name\" x=\"8\" y=\"%.1f\">the grace "
	    "period</text>\n<text class=\"sub\" x=\"8\" y=\"%.1f\">"
	    "terminationGracePeriodSeconds</text>\n", y1 + 10, y1 + 24);
	analyze_fmt_dur(pre, s1, sizeof s1);
	snprintf(b, sizeof b, "preStop sleep %s", s1);
	snprintf(fill, sizeof fill, "url(#pre%" PRId64 ")", id);
	budget_bar(out, scale, 0, pre < grace ? pre : grace, y1, fill, b, 0);
	analyze_fmt_dur(grace - pre > 0 ? grace - pre : 0, s1, sizeof s1);
	snprintf(b, sizeof b, "%s left for the shutdown", s1);
	budget_bar(out, scale, pre, grace, y1, "#f6c9c4", b, 0);
	out_html(out, "<text class=\"name\" x=\"8\" y=\"%.1f\">what it "
	    "must hold</text>\n<text class=\"sub\" x=\"8\" y=\"%.1f\">"
	    "preStop + shutdown + margin</text>\n", y2 + 10, y2 + 24);
	analyze_fmt_dur(need, s1, sizeof s1);
	if (need > pre && !isnan(lag)) {
		analyze_fmt_dur(lag, s2, sizeof s2);
		snprintf(b, sizeof b, "preStop %s (the LB's lag %s + margin)",
		    s1, s2);
	} else
		snprintf(b, sizeof b, "preStop %s", s1);
	budget_bar(out, scale, 0, need, y2, fill, b, 0);
	snprintf(b, sizeof b, "shutdown %s%.1f s", lower ? "\xe2\x89\xa5 " :
	    "", sd);
	budget_bar(out, scale, need, need + sd, y2, "#c0241a", b, 0);
	analyze_fmt_dur(margin, s1, sizeof s1);
	snprintf(b, sizeof b, "margin %s", s1);
	budget_bar(out, scale, need + sd, bud.need_s, y2, "#e8e8e8", b, 1);
	/* the recommendation is their sum rounded up to 5 s: the rest */
	if (rec > bud.need_s + 0.05)
		budget_bar(out, scale, bud.need_s, rec, y2, "#ffffff",
		    "rounded up", 1);
	analyze_fmt_dur(grace, s1, sizeof s1);
	snprintf(b, sizeof b, "SIGKILL at %s", s1);
	budget_mark(out, scale, grace, y1 - 6, y2 + 30, b, 0);
	analyze_fmt_dur(rec, s2, sizeof s2);
	snprintf(b, sizeof b, "recommended grace %s", s2);
	/* below the labels of bars too narrow to hold theirs */
	budget_mark(out, scale, rec, y1 - 6, y2 + 46, b, 1);
	/* the seconds axis */
	step = top > 60 ? 10 : 5;
	out_html(out, "<g class=\"axis\"><line x1=\"%d\" y1=\"196\" "
	    "x2=\"%d\" y2=\"196\" stroke=\"#222\"/>\n", X0, X1);
	for (t = 0; t <= top; t += step) {
		x = X0 + t * scale;
		out_html(out, "<line x1=\"%.1f\" y1=\"196\" x2=\"%.1f\" "
		    "y2=\"201\" stroke=\"#222\"/><text class=\"tick\" "
		    "x=\"%.1f\" y=\"213\" text-anchor=\"middle\">%.0f s"
		    "</text>\n",
		    x, x, x, t);
	}
	out_html(out, "<text class=\"sub\" x=\"8\" y=\"213\">seconds from "
	    "the deletion request</text></g>\n</svg>\n");
	analyze_fmt_dur(pre, s1, sizeof s1);
	analyze_fmt_dur(grace - pre > 0 ? grace - pre : 0, s2, sizeof s2);
	out_html(out, "<figcaption>The grace period is one budget that "
	    "starts at the deletion request, before the preStop hook: the "
	    "preStop sleep uses %s of it and leaves %s for the shutdown, ",
	    s1, s2);
	out_html(out, "which took %s%.1f s.", lower ? "at least " : "", sd);
	if (need > pre && !isnan(lag)) {
		/* the lag as every text gives it */
		budget_lag_phrase((int64_t)llround(lag * 1e6), 2, s1,
		    sizeof s1);
		analyze_fmt_dur(need, s2, sizeof s2);
		out_html(out, "  A load balancer still routed to the pods "
		    "%s, past the preStop: the sleep must grow to %s first.",
		    s1, s2);
	}
	analyze_fmt_dur(rec, s2, sizeof s2);
	if (rec > bud.need_s + 0.05)
		out_html(out, "  Holding the preStop, the shutdown and a "
		    "margin takes %.1f s, rounded up to %s.</figcaption>\n"
		    "</figure>\n", bud.need_s, s2);
	else
		out_html(out, "  Holding the preStop, the shutdown and a "
		    "margin takes %s.</figcaption>\n</figure>\n", s2);
	if (lower)
		out_html(out, "<p class=\"meta\">The shutdown is a lower "
		    "bound: every container was killed before it finished, so "
		    "it takes longer than this; measure it (the app&#39;s log "
		    "of its flush) before settling the grace.</p>\n");
	return (0);
}
