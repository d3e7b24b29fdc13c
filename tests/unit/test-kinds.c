/*
 * test-kinds.c: the table of finding kinds (analyze.h, rules.c): every
 * kind named once in the report's spelling, with a severity, a meaning
 * and a rule; "after" sets that name kinds of the table; and a run order
 * in which each rule runs once, after the rules whose findings it reads.
 */
#include <stdint.h>

#include "analyze.h"
#include "unit.h"

static void
test_kinds_named(void)
{
	const struct finding_kind_def	*k;
	const char			*c;
	int				 i, j;

	for (i = 0; i < FK__COUNT; i++) {
		k = &finding_kinds[i];
		CHECK(k->name != NULL && k->means != NULL && k->rule != NULL &&
		    k->badge != NULL);
		if (k->name == NULL)
			continue;
		for (c = k->name; *c != '\0'; c++)
			CHECK((*c >= 'a' && *c <= 'z') ||
			    (*c >= '0' && *c <= '9') || *c == '-');
		CHECK(k->severity == SEV_CRITICAL ||
		    k->severity == SEV_WARNING);
		CHECK(finding_kind_lookup(k->name) == i);
		for (j = 0; j < i; j++) {
			CHECK(strcmp(finding_kinds[j].name, k->name) != 0);
			CHECK(k->badge == NULL || strcmp(finding_kinds[j].badge,
			    k->badge) != 0);
		}
		/* the set names only kinds of the table, never itself */
		CHECK((k->after & ~(FK_BIT(FK__COUNT) - 1)) == 0);
		CHECK((k->after & FK_BIT(i)) == 0);
	}
	CHECK(finding_kind_lookup("no-such-kind") == -1);
	CHECK(finding_kind_lookup(NULL) == -1);
	CHECK_STR(severity_name(SEV_CRITICAL), "critical");
	CHECK_STR(severity_name(SEV_WARNING), "warning");
}

static void
test_kinds_order(void)
{
	size_t		order[FK__COUNT], n, i, j;
	uint32_t	ran = 0;
	int		k, runs;

	n = finding_rule_order(order);
	CHECK(n > 0 && n <= FK__COUNT);
	for (i = 0; i < n; i++) {
		k = (int)order[i];
		/* every kind it reads was found by a rule already run */
		CHECK((finding_kinds[k].after & ~ran) == 0);
		for (j = 0; j < FK__COUNT; j++) {
			if (finding_kinds[j].rule == finding_kinds[k].rule)
				ran |= FK_BIT(j);
		}
	}
	CHECK(ran == FK_BIT(FK__COUNT) - 1);
	/* a rule shared by two kinds runs once */
	for (k = 0; k < FK__COUNT; k++) {
		runs = 0;
		for (i = 0; i < n; i++)
			runs += finding_kinds[order[i]].rule ==
			    finding_kinds[k].rule;
		CHECK(runs == 1);
	}
	/*
	 * The bursts come after what they leave out, the outage last of
	 * all: it names the findings of every other kind around it.
	 */
	CHECK(order[n - 2] == FK_5XX_BURST);
	CHECK(order[n - 1] == FK_WORKLOAD_UNAVAILABLE);
}

const struct unit_test kinds_tests[] = {
	{ "kinds-named", test_kinds_named },
	{ "kinds-order", test_kinds_order },
	{ NULL, NULL }
};
