/*
 * test-budget.c: the lifecycle arithmetic analyze and lint share, and the
 * Go durations lint reads from Istio's configuration.
 */
#include "budget.h"
#include "lint.h"
#include "unit.h"

static void
test_budget_compute(void)
{
	struct budget	b = { .grace_s = 30, .prestop_s = 25,
			    .shutdown_s = 5, .basis = BUDGET_LOWER_BOUND,
			    .margin_s = 5 };

	budget_compute(&b);
	CHECK(b.need_s == 35);
	CHECK(b.recommended_s == 35);
	CHECK(b.left_s == 5);
	CHECK(!b.fits);
	b.grace_s = 35;
	budget_compute(&b);
	CHECK(b.fits);
	/* 25 + 15.2 + 5 = 45.2: rounded up to 50 */
	b.shutdown_s = 15.2;
	budget_compute(&b);
	CHECK(b.recommended_s == 50);
	/* unknown shutdown: only the kubelet's floor */
	b = (struct budget){ .grace_s = 30, .prestop_s = 28,
	    .basis = BUDGET_UNKNOWN, .margin_s = 5 };
	budget_compute(&b);
	CHECK(!b.fits);
	CHECK(b.left_s == BUDGET_FLOOR_S);
	b.prestop_s = 27;
	budget_compute(&b);
	CHECK(b.fits);
	b.prestop_s = 40;
	budget_compute(&b);
	CHECK(b.left_s == BUDGET_FLOOR_S);
}

static void
test_budget_lag_median(void)
{
	int64_t	v[] = { 255000, 240000, 247000, 243000, 250000 };
	int64_t	w[] = { 4, 1, 3, 2 };

	/* deleted at :10.5, last routed in second :18 -> lag 8.5 s */
	CHECK(budget_lag_us(10500000, 18) == 8500000);
	CHECK(budget_median(v, 5) == 247000);
	CHECK(budget_median(w, 4) == 2);
	CHECK(budget_median(NULL, 0) == INT64_MIN);
	CHECK(budget_round_up(13) == 15);
	CHECK(budget_round_up(15) == 15);
}

/* Each beginning's median, against budget_median of a sorted copy. */
static void
test_budget_medians(void)
{
	int64_t		v[301], out[302], c[301], one[] = { 7 };
	uint64_t	x = 88172645463325252ULL;
	size_t		n, k, bad = 0;

	budget_medians(one, 0, out);
	CHECK(out[0] == INT64_MIN);
	budget_medians(one, 1, out);
	CHECK(out[1] == 7);
	for (n = 0; n < 301; n++) {
		/* xorshift; a narrow range for ties, then wide ones */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v[n] = n < 150 ? (int64_t)(x % 20) : (int64_t)(x % 1000000);
	}
	memcpy(c, v, sizeof c);
	budget_medians(v, 301, out);
	/* v is left as it was */
	CHECK(memcmp(c, v, sizeof c) == 0);
	for (k = 0; k <= 301; k++) {
		memcpy(c, v, k * sizeof *c);
		if (out[k] != budget_median(c, k))
			bad++;
	}
	CHECK(bad == 0);
	/* in order, reversed, and all alike */
	for (n = 0; n < 10; n++)
		v[n] = (int64_t)n * 10;
	budget_medians(v, 10, out);
	CHECK(out[1] == 0 && out[2] == 5 && out[3] == 10 && out[10] == 45);
	for (n = 0; n < 10; n++)
		v[n] = 90 - (int64_t)n * 10;
	budget_medians(v, 10, out);
	CHECK(out[1] == 90 && out[2] == 85 && out[3] == 80 && out[10] == 45);
	for (n = 0; n < 10; n++)
		v[n] = 3;
	budget_medians(v, 10, out);
	CHECK(out[7] == 3 && out[10] == 3);
}

static void
test_lint_duration(void)
{
	CHECK(lint_duration_ms("5s") == 5000);
	CHECK(lint_duration_ms("1m30s") == 90000);
	CHECK(lint_duration_ms("500ms") == 500);
	CHECK(lint_duration_ms("1.5h") == 5400000);
	CHECK(lint_duration_ms("0") == 0);
	CHECK(lint_duration_ms("2m0.5s") == 120500);
	CHECK(lint_duration_ms("5") == -1);
	CHECK(lint_duration_ms("-5s") == -1);
	CHECK(lint_duration_ms("5 s") == -1);
	CHECK(lint_duration_ms("") == -1);
	CHECK(lint_duration_ms("soon") == -1);
}

/* The lag as its range at the one-second resolution of the buckets. */
static void
test_budget_lag_words(void)
{
	char	out[64];

	/* deleted at 09:00:10, the last request in 09:00:38: 28 to 29 s */
	budget_lag_words(budget_lag_us(1000000LL * 10, 38),
	    budget_lag_us(1000000LL * 10, 38), out, sizeof out);
	CHECK_STR(out, "28 to 29 s");
	/* a deletion inside its second: the range keeps the tenths */
	budget_lag_words(budget_lag_us(10400000LL, 27),
	    budget_lag_us(10400000LL, 27), out, sizeof out);
	CHECK_STR(out, "16.6 to 17.6 s");
	/* several pods: from the start of the least one's second */
	budget_lag_words(17000000LL, 29000000LL, out, sizeof out);
	CHECK_STR(out, "16 to 29 s");
}

const struct unit_test budget_tests[] = {
	{ .name = "budget lag words", .fn = test_budget_lag_words },
	{ .name = "budget compute", .fn = test_budget_compute },
	{ .name = "budget lag and median", .fn = test_budget_lag_median },
	{ .name = "budget medians", .fn = test_budget_medians },
	{ .name = "lint durations", .fn = test_lint_duration },
	{ .name = NULL, .fn = NULL }
};
