/*
 * budget.c: the lifecycle arithmetic analyze and lint share (budget.h).
 * The grace period is one clock started at the deletion request: the
 * preStop hook spends it first, SIGTERM comes when the hook ends, SIGKILL
 * at the end of the grace (never less than BUDGET_FLOOR_S after SIGTERM).
 * No SQL, no JSON, no output.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "budget.h"
#include "timefmt.h"
#include "util.h"

void
budget_compute(struct budget *b)
{
	b->need_s = b->prestop_s + b->shutdown_s + b->margin_s;
	b->left_s = b->grace_s - b->prestop_s;
	if (b->left_s < BUDGET_FLOOR_S)
		b->left_s = BUDGET_FLOOR_S;
	b->recommended_s = budget_round_up(b->need_s);
	if (b->basis == BUDGET_UNKNOWN)
		b->fits = b->grace_s - b->prestop_s > BUDGET_FLOOR_S;
	else
		b->fits = b->need_s <= b->grace_s;
}

int64_t
budget_round_up(double s)
{
	return ((int64_t)(ceil(s / BUDGET_ROUND_S) * BUDGET_ROUND_S));
}

void
budget_last_routed(int64_t *last_s, int64_t deletion_us, int64_t second,
    int64_t requests)
{
	if (deletion_us == TIME_NONE || requests <= 0 ||
	    second < time_floor_div(deletion_us, 1000000))
		return;
	if (*last_s == INT64_MIN || second > *last_s)
		*last_s = second;
}

int64_t
budget_lag_us(int64_t deletion_us, int64_t last_routed_s)
{
	return ((last_routed_s + 1) * 1000000 - deletion_us);
}

/* Seconds to a tenth, "29" when whole. */
static void
tenths(int64_t us, char *out, size_t len)
{
	int64_t	t = (int64_t)llround((double)us / 1e5);

	if (t % 10 == 0)
		snprintf(out, len, "%lld", (long long)(t / 10));
	else
		snprintf(out, len, "%.1f", (double)t / 10);
}

void
budget_lag_words(int64_t lo_us, int64_t hi_us, char *out, size_t len)
{
	char	lo[32], hi[32];

	tenths(lo_us - 1000000, lo, sizeof lo);
	tenths(hi_us, hi, sizeof hi);
	snprintf(out, len, "%s to %s s", lo, hi);
}

void
budget_lag_phrase(int64_t hi_us, size_t npods, char *out, size_t len)
{
	char	w[64];

	if (npods == 1) {
		budget_lag_words(hi_us, hi_us, w, sizeof w);
		snprintf(out, len, "until %s after its deletion request", w);
	} else {
		tenths(hi_us, w, sizeof w);
		snprintf(out, len, "for up to %s s after their deletion "
		    "requests", w);
	}
}

double
budget_lag_s(int64_t lag_us)
{
	return (round((double)lag_us / 1e5) / 10);
}

int64_t
budget_prestop_for_lag(double lag_s, double margin_s)
{
	return (budget_round_up(lag_s + margin_s));
}

enum budget_basis
budget_shutdown_of(double observed_s, double lower_s, double *shutdown_s)
{
	if (lower_s >= 0 && lower_s >= observed_s) {
		*shutdown_s = lower_s;
		return (BUDGET_LOWER_BOUND);
	}
	if (observed_s >= 0) {
		*shutdown_s = observed_s;
		return (BUDGET_OBSERVED);
	}
	*shutdown_s = 0;
	return (BUDGET_UNKNOWN);
}

int64_t
budget_proxy_stay_s(double app_done_s, double margin_s)
{
	return ((int64_t)ceil(app_done_s + margin_s));
}

static int
cmp_i64(const void *a, const void *b)
{
	int64_t	x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x < y ? -1 : x > y);
}

int64_t
budget_median(int64_t *v, size_t n)
{
	if (n == 0)
		return (INT64_MIN);
	xqsort(v, n, sizeof *v, cmp_i64);
	return (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
}

/*
 * A binary heap of n values in h, its top the largest when max, else
 * the smallest: the lower and upper halves of budget_medians.
 */
static int
heap_above(int64_t a, int64_t b, int max)
{
	return (max ? a > b : a < b);
}

static void
heap_push(int64_t *h, size_t *n, int64_t x, int max)
{
	size_t	i = (*n)++, up;

	for (; i > 0 && heap_above(x, h[up = (i - 1) / 2], max); i = up)
		h[i] = h[up];
	h[i] = x;
}

static int64_t
heap_pop(int64_t *h, size_t *n, int max)
{
	int64_t	top = h[0], x = h[--*n];
	size_t	i = 0, c;

	for (; (c = 2 * i + 1) < *n; i = c) {
		if (c + 1 < *n && heap_above(h[c + 1], h[c], max))
			c++;
		if (!heap_above(h[c], x, max))
			break;
		h[i] = h[c];
	}
	if (*n > 0)
		h[i] = x;
	return (top);
}

void
budget_medians(const int64_t *v, size_t n, int64_t *out)
{
	int64_t	*lo, *hi;
	size_t	 nlo = 0, nhi = 0, i;

	/* lo: the smaller half, as a max-heap; hi: the rest, a min-heap */
	lo = xreallocarray(NULL, n / 2 + 1, sizeof *lo);
	hi = xreallocarray(NULL, n / 2 + 1, sizeof *hi);
	out[0] = INT64_MIN;
	for (i = 0; i < n; i++) {
		if (nlo == 0 || v[i] <= lo[0])
			heap_push(lo, &nlo, v[i], 1);
		else
			heap_push(hi, &nhi, v[i], 0);
		/* lo holds the middle of an odd count, else half */
		if (nlo > nhi + 1)
			heap_push(hi, &nhi, heap_pop(lo, &nlo, 1), 0);
		else if (nhi > nlo)
			heap_push(lo, &nlo, heap_pop(hi, &nhi, 0), 1);
		out[i + 1] = nlo > nhi ? lo[0] : (lo[0] + hi[0]) / 2;
	}
	free(lo);
	free(hi);
}
