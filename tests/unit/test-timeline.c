/*
 * test-timeline.c: the tick labels of a time axis (timeline.h), shared by
 * the TUI and the HTML report: times of day, days, dates with their year
 * past a month, and offsets.
 */
#include <stdint.h>

#include "timefmt.h"
#include "timeline.h"
#include "unit.h"

#define T0	INT64_C(1778576400000000)	/* 2026-05-12T09:00:00Z */
#define DAY_S	86400

static void
test_tick_labels(void)
{
	char	b[32];

	timeline_tick_label(T0 + 30000000, 10, TIME_NONE, b, sizeof b);
	CHECK_STR(b, "09:00:30");
	timeline_tick_label(T0, 600, TIME_NONE, b, sizeof b);
	CHECK_STR(b, "09:00");
	timeline_tick_label(T0, DAY_S, TIME_NONE, b, sizeof b);
	CHECK_STR(b, "05-12");
	/* a step of a month or more: which year (an axis over two years) */
	timeline_tick_label(T0, 60 * DAY_S, TIME_NONE, b, sizeof b);
	CHECK_STR(b, "2026-05-12");
	timeline_tick_label(T0 + 30000000, 10, T0, b, sizeof b);
	CHECK_STR(b, "+30 s");
	timeline_tick_label(T0 - 5000000, 5, T0, b, sizeof b);
	CHECK_STR(b, "-5 s");
	timeline_tick_label(T0 + 2 * INT64_C(86400000000), DAY_S, T0, b,
	    sizeof b);
	CHECK_STR(b, "+2 d");
}

const struct unit_test timeline_tests[] = {
	{ "timeline_tick_labels", test_tick_labels },
	{ NULL, NULL }
};
