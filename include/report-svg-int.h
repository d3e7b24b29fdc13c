/*
 * report-svg-int.h: what the files of the HTML report's pictures share
 * (report-svg.c: the lanes of a finding's pods and their times;
 * report-svg-budget.c: the grace budget): the frame of a picture in SVG
 * user units, and the patterns its bars are filled with.  Private to
 * them; the report calls report_svg_finding() (report.h).
 */
#ifndef REPORT_SVG_INT_H
#define REPORT_SVG_INT_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* The picture's frame in SVG user units (its viewBox). */
#define W		960	/* width */
#define X0		232	/* the plot's left edge: names before */
#define X1		936	/* the plot's right edge */
#define TOP		28	/* above the first lane: room for notes */
#define CHAR_W		6.4	/* a generous average glyph width (11 px) */
#define NOTE_W		7.2	/* the same of a note (bold, 11.5 px): "10 s
				   from SIGTERM to SIGKILL" takes 192 */

/*
 * Writes the patterns of the bars (pre<id>, term<id>, side<id>: the
 * preStop, after SIGTERM, sidecars alone), ids unique to finding id.
 */
void	report_svg_defs(FILE *out, int64_t id);
/*
 * grace-budget-too-small: the grace period as one budget from the
 * deletion request, what it holds and what it must hold, from the
 * finding's evidence ev (borrowed).  Returns 0 when it was drawn, -1
 * when the evidence lacks a number (nothing written).
 */
int	report_svg_budget(FILE *out, int64_t id, json_t *ev);

#endif
