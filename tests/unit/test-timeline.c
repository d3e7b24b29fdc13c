/*
 * test-timeline.c: the tick labels of a time axis (timeline.h), shared by
 * the TUI and the HTML report: times of day, days, dates with their year
 * past a month, and offsets, which read as every offset does
 * (moments_fmt_offset).
 */
#include <stdint.h>

#include "moments.h"
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

/*
 * Offsets beyond a few minutes read in minutes, hours or days, in the
 * captions and the axes alike (one formatter), never six-digit seconds.
 */
static void
test_offsets(void)
{
	char	b[32];
	int64_t	s = 1000000;

	moments_fmt_offset(38 * s, b, sizeof b);
	CHECK_STR(b, "+38.0 s");
	moments_fmt_offset(-2500000, b, sizeof b);
	CHECK_STR(b, "-2.5 s");
	moments_fmt_offset(750 * s, b, sizeof b);
	CHECK_STR(b, "+12.5 min");
	moments_fmt_offset(4604 * s, b, sizeof b);
	CHECK_STR(b, "+76.7 min");
	moments_fmt_offset(3 * 3600 * s, b, sizeof b);
	CHECK_STR(b, "+3.0 h");
	moments_fmt_offset(5 * DAY_S * s + 12 * s, b, sizeof b);
	CHECK_STR(b, "+5.0 d");
	/* an axis zoomed in on a moment five days after its zero */
	timeline_tick_label(T0 + 434401 * s, 1, T0, b, sizeof b);
	CHECK_STR(b, "+5d00h40m01s");
	timeline_tick_label(T0 + 434400 * s, 600, T0, b, sizeof b);
	CHECK_STR(b, "+5d00h40m");
	timeline_tick_label(T0 - 5 * DAY_S * s, DAY_S, T0, b, sizeof b);
	CHECK_STR(b, "-5 d");
	timeline_tick_label(T0 + 3 * DAY_S * s + 43200 * s, 43200, T0, b,
	    sizeof b);
	CHECK_STR(b, "+3.5 d");
	timeline_tick_label(T0 + 4604 * s, 2, T0, b, sizeof b);
	CHECK_STR(b, "+76m44s");
	timeline_tick_label(T0 + 4620 * s, 60, T0, b, sizeof b);
	CHECK_STR(b, "+77 min");
	timeline_tick_label(T0 + 150 * s, 30, T0, b, sizeof b);
	CHECK_STR(b, "+2.5 min");
}

/*
 * A second of failures is drawn a second wide: on bins of half a second
 * that do not start on a second, two bins, not three (1.5 s beside a
 * caption that says its failures were in one second).
 */
static void
test_second_bins(void)
{
	int64_t	lo = T0 - 250000, first, last;

	timeline_second_bins(lo, lo + 10000000, 20, T0 / 1000000, &first,
	    &last);
	CHECK(first == 0 && last == 1);
	/* aligned: the same two */
	timeline_second_bins(T0, T0 + 10000000, 20, T0 / 1000000, &first,
	    &last);
	CHECK(first == 0 && last == 1);
	/* bins of 5 s: the one of its middle */
	timeline_second_bins(T0, T0 + 100000000, 20, T0 / 1000000 + 7,
	    &first, &last);
	CHECK(first == 1 && last == 1);
	/* off the axis: none */
	timeline_second_bins(T0, T0 + 10000000, 20, T0 / 1000000 + 30,
	    &first, &last);
	CHECK(first == -1 && last == -1);
	timeline_second_bins(T0, T0 + 10000000, 20, T0 / 1000000 - 2,
	    &first, &last);
	CHECK(first == -1 && last == -1);
}

const struct unit_test timeline_tests[] = {
	{ "timeline_tick_labels", test_tick_labels },
	{ "timeline_offsets", test_offsets },
	{ "timeline_second_bins", test_second_bins },
	{ NULL, NULL }
};
