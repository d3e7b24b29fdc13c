/*
 * main.c: runs every unit-test table and ends with "N passed, N failed".
 * An argument runs only the tests whose name contains it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"

int	unit_failed;

void
unit_db_path(char *path)
{
	int	fd;

	snprintf(path, 64, "/tmp/coroner-unit-XXXXXX");
	if ((fd = mkstemp(path)) >= 0)
		close(fd);
	unlink(path);
}

void
unit_db_remove(const char *path)
{
	char	p[80];

	unlink(path);
	snprintf(p, sizeof p, "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", path);
	unlink(p);
}

extern const struct unit_test timefmt_tests[];
extern const struct unit_test source_tests[];
extern const struct unit_test util_tests[];
extern const struct unit_test hindex_tests[];
extern const struct unit_test reqblock_tests[];
extern const struct unit_test out_tests[];
extern const struct unit_test ipmap_tests[];
extern const struct unit_test lifecycle_tests[];
extern const struct unit_test hostport_tests[];
extern const struct unit_test kinds_tests[];
extern const struct unit_test tally_tests[];
extern const struct unit_test pipeline_tests[];
extern const struct unit_test yamlsplit_tests[];
extern const struct unit_test jsonlite_tests[];
extern const struct unit_test jsonfast_tests[];
extern const struct unit_test budget_tests[];
extern const struct unit_test zone_tests[];
extern const struct unit_test timeline_tests[];
extern const struct unit_test model_tests[];
extern const struct unit_test tui_tests[];
extern const struct unit_test cwprobe_tests[];
extern const struct unit_test podwin_tests[];

static const struct unit_test *const tables[] = {
	util_tests,
	hindex_tests,
	reqblock_tests,
	out_tests,
	timefmt_tests,
	source_tests,
	ipmap_tests,
	lifecycle_tests,
	hostport_tests,
	kinds_tests,
	tally_tests,
	pipeline_tests,
	yamlsplit_tests,
	jsonlite_tests,
	jsonfast_tests,
	budget_tests,
	zone_tests,
	timeline_tests,
	model_tests,
	tui_tests,
	cwprobe_tests,
	podwin_tests,
	NULL
};

int
main(int argc, char **argv)
{
	const struct unit_test	*t;
	int			 i, passed = 0, failed = 0;

	for (i = 0; tables[i] != NULL; i++) {
		for (t = tables[i]; t->name != NULL; t++) {
			if (argc > 1 && strstr(t->name, argv[1]) == NULL)
				continue;
			unit_failed = 0;
			t->fn();
			if (unit_failed == 0)
				passed++;
			else {
				fprintf(stderr, "FAIL %s\n", t->name);
				failed++;
			}
		}
	}
	printf("unit: %d passed, %d failed\n", passed, failed);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
