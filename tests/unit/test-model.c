/*
 * test-model.c: the facts the model answers once for every view and
 * rule: a main container, a plain init container, a container's exit
 * label, the names of who ended a container or a pod (end_cause, as the
 * store and the JSON write them), a workload's measured shutdowns
 * (analyze's grace budget and lint's alike), the preStop span, the
 * last request routed after a deletion, and a request held until its
 * attempts came.
 */
#include <stdio.h>
#include <string.h>

#include "budget.h"
#include "model.h"
#include "reqhold.h"
#include "timefmt.h"
#include "timeline.h"
#include "unit.h"

static void
test_model_roles(void)
{
	struct row_container	app = { .name = "app" };
	struct row_container	proxy = { .name = "istio-proxy",
				    .sidecar = 1 };
	struct row_container	init = { .name = "migrate", .init = 1 };
	struct row_container	native = { .name = "agent", .init = 1,
				    .native_sidecar = 1, .sidecar = 1 };

	CHECK(model_is_main(&app));
	CHECK(!model_is_main(&proxy));
	CHECK(!model_is_main(&init));
	CHECK(!model_is_main(&native));
	CHECK(!model_is_plain_init(&app));
	CHECK(!model_is_plain_init(&proxy));
	CHECK(model_is_plain_init(&init));
	CHECK(!model_is_plain_init(&native));
}

static void
test_model_exit_label(void)
{
	struct row_container	c = { .name = "app", .exit_code = 137,
				    .reason = "OOMKilled" };
	char			b[64];

	/* the OOM killer, as each view words it, or not at all */
	CHECK_STR(model_exit_label(&c, EW_SIGKILL, b, sizeof b), "137");
	CHECK_STR(model_exit_label(&c, EW_OOM, b, sizeof b), "137 OOM");
	CHECK_STR(model_exit_label(&c, EW_OOMKILLED, b, sizeof b),
	    "137 OOMKilled");
	CHECK_STR(model_exit_label(&c, EW_REASON, b, sizeof b),
	    "137 OOMKilled");
	/* killed at the grace deadline: SIGKILL, whatever the reason */
	c.killed_at_deadline = 1;
	c.reason = "Error";
	CHECK_STR(model_exit_label(&c, EW_SIGKILL, b, sizeof b),
	    "137 SIGKILL");
	CHECK_STR(model_exit_label(&c, EW_OOM, b, sizeof b), "137 SIGKILL");
	CHECK_STR(model_exit_word(&c, EW_REASON), "SIGKILL");
	/* Error and Completed say nothing the code does not */
	c.killed_at_deadline = 0;
	c.exit_code = 1;
	CHECK(model_exit_word(&c, EW_REASON) == NULL);
	CHECK_STR(model_exit_label(&c, EW_REASON, b, sizeof b), "1");
	c.reason = "Completed";
	c.exit_code = 0;
	CHECK_STR(model_exit_label(&c, EW_REASON, b, sizeof b), "0");
	c.reason = "ContainerCannotRun";
	c.exit_code = 128;
	CHECK_STR(model_exit_label(&c, EW_REASON, b, sizeof b),
	    "128 ContainerCannotRun");
	CHECK_STR(model_exit_label(&c, EW_OOMKILLED, b, sizeof b), "128");
	/* an unknown code is not a number */
	c.exit_code = INT_NONE;
	c.reason = NULL;
	CHECK_STR(model_exit_label(&c, EW_OOM, b, sizeof b), "?");
	c.killed_at_deadline = 1;
	CHECK_STR(model_exit_label(&c, EW_OOM, b, sizeof b), "? SIGKILL");
}

static void
test_model_end_causes(void)
{
	static const char *const stored[] = {
		"app", "liveness", "eviction", "preemption", "node-shutdown",
		"node-restart", "oom", "deletion", "start-failure", "signal"
	};
	size_t	i;
	int	c;

	/* the names the database and the JSON have always held */
	CHECK(sizeof stored / sizeof stored[0] == EC__COUNT - 1);
	for (i = 0; i < sizeof stored / sizeof stored[0]; i++) {
		c = end_cause_lookup(stored[i]);
		CHECK(c != EC_NONE);
		CHECK_STR(end_cause_name(c), stored[i]);
	}
	CHECK(end_cause_lookup("oom") == EC_OOM);
	CHECK(end_cause_lookup("node-restart") == EC_NODE_RESTART);
	CHECK(end_cause_name(EC_NONE) == NULL);
	CHECK(end_cause_lookup(NULL) == EC_NONE);
	CHECK(end_cause_lookup("OOM") == EC_NONE);
	CHECK(end_cause_lookup("") == EC_NONE);
	CHECK(end_cause_name(EC__COUNT) == NULL);
}

static void
test_model_prestop(void)
{
	struct row_pod	r = { .deletion_us = 10 * 1000000LL,
			    .sigterm_us = 25 * 1000000LL };
	struct tl_span	sp;

	CHECK(timeline_prestop(&r, &sp) == 1);
	CHECK(sp.from_us == r.deletion_us && sp.to_us == r.sigterm_us);
	CHECK(sp.state == TL_PRESTOP);
	/* no hook: SIGTERM with the deletion request */
	r.sigterm_us = r.deletion_us;
	CHECK(timeline_prestop(&r, &sp) == 0);
	r.sigterm_us = TIME_NONE;
	CHECK(timeline_prestop(&r, &sp) == 0);
	r.sigterm_us = 25 * 1000000LL;
	r.deletion_us = TIME_NONE;
	CHECK(timeline_prestop(&r, &sp) == 0);
}

static void
test_model_last_routed(void)
{
	int64_t	last = INT64_MIN;
	int64_t	del = 100 * 1000000LL + 500000;	/* :100.5 */

	/* before the deletion request's second: not after it */
	budget_last_routed(&last, del, 99, 4);
	CHECK(last == INT64_MIN);
	/* its own second counts (one-second buckets) */
	budget_last_routed(&last, del, 100, 1);
	CHECK(last == 100);
	budget_last_routed(&last, del, 108, 3);
	CHECK(last == 108);
	/* a second with failures but no request begun is not routed */
	budget_last_routed(&last, del, 110, 0);
	CHECK(last == 108);
	/* the latest, in whatever order */
	budget_last_routed(&last, del, 104, 2);
	CHECK(last == 108);
	CHECK(budget_lag_us(del, last) == 8500000);
	/* never deleted: nothing is after its deletion */
	last = INT64_MIN;
	budget_last_routed(&last, TIME_NONE, 108, 3);
	CHECK(last == INT64_MIN);
}

static void
test_model_reqhold(void)
{
	struct reqhold			 h;
	struct rec_request		 r;
	const struct rec_request	*got;
	char				 path[16] = "/orders";
	int				 had = -1;

	memset(&h, 0, sizeof h);
	memset(&r, 0, sizeof r);
	/* an attempt of no request belongs to none */
	CHECK(reqhold_attempt(&h) == NULL);
	CHECK(reqhold_release(&h, &had) == NULL);
	r.path = path;
	r.namespace = "shop";
	r.status = 502;
	reqhold_put(&h, &r, 0);
	/* copied: the importer's buffer may change */
	snprintf(path, sizeof path, "/x");
	got = reqhold_attempt(&h);
	CHECK(got != NULL);
	CHECK_STR(got->path, "/orders");
	CHECK_STR(got->namespace, "shop");
	CHECK(got->status == 502);
	CHECK(got->method == NULL);
	got = reqhold_release(&h, &had);
	CHECK(got != NULL && had == 1);
	CHECK(reqhold_release(&h, &had) == NULL);
	/* no attempt came */
	reqhold_put(&h, &r, 0);
	got = reqhold_release(&h, &had);
	CHECK(got != NULL && had == 0);
	/* borrowed: the same strings */
	reqhold_put(&h, &r, 1);
	got = reqhold_attempt(&h);
	CHECK(got != NULL && got->path == path);
	reqhold_drop(&h);
	CHECK(reqhold_attempt(&h) == NULL);
	reqhold_free(&h);
}

#define SEC	INT64_C(1000000)	/* a second in microseconds */

/* Containers as a workload's pods ended, with SIGTERM at 100 s. */
static struct row_container
ended(int64_t after_s, int killed, const char *reason)
{
	struct row_container	c = { .name = "app", .reason = reason };

	c.sigterm_us = 100 * SEC;
	c.deadline_us = c.sigterm_us + 30 * SEC;
	c.finished_us = c.sigterm_us + after_s * SEC;
	c.killed_at_deadline = killed;
	return (c);
}

static void
test_model_shutdowns(void)
{
	struct model_shutdowns	w = MODEL_SHUTDOWNS_INIT;
	struct row_container	c;

	/* killed at the deadline: a lower bound, not a measurement */
	c = ended(30, 1, "Error");
	model_shutdown_add(&w, &c, "a");
	CHECK(w.killed == 1 && w.exited == 0);
	CHECK(w.lower_us == 30 * SEC && w.longest_us == TIME_NONE);
	/* exited on its own: measured, the longest kept with its pod */
	c = ended(12, 0, "Completed");
	model_shutdown_add(&w, &c, "b");
	c = ended(9, 0, "Error");
	model_shutdown_add(&w, &c, "c");
	CHECK(w.exited == 2 && w.longest_us == 12 * SEC);
	CHECK_STR(w.longest_pod, "b");
	/* the kernel ended it, not its shutdown: left out */
	c = ended(20, 0, "OOMKilled");
	model_shutdown_add(&w, &c, "d");
	/* past its deadline (a kill not at it): no shutdown inside it */
	c = ended(40, 0, "Error");
	model_shutdown_add(&w, &c, "e");
	/* a sidecar's, or one that never got SIGTERM: not the workload's */
	c = ended(25, 0, "Completed");
	c.sidecar = 1;
	model_shutdown_add(&w, &c, "f");
	c = ended(25, 0, "Completed");
	c.sigterm_us = TIME_NONE;
	model_shutdown_add(&w, &c, "g");
	CHECK(w.killed == 1 && w.exited == 2);
	CHECK(w.longest_us == 12 * SEC && w.lower_us == 30 * SEC);
}

const struct unit_test model_tests[] = {
	{ .name = "model roles", .fn = test_model_roles },
	{ .name = "model exit label", .fn = test_model_exit_label },
	{ .name = "model end causes", .fn = test_model_end_causes },
	{ .name = "model preStop span", .fn = test_model_prestop },
	{ .name = "model last routed", .fn = test_model_last_routed },
	{ .name = "model request held", .fn = test_model_reqhold },
	{ .name = "model shutdowns", .fn = test_model_shutdowns },
	{ .name = NULL, .fn = NULL }
};
