/*
 * unit.h: the unit-test harness.  Each tests/unit/test-<module>.c defines
 * static test functions and one table "<module>_tests[]" ending in
 * {NULL, NULL}; tests/unit/main.c lists the tables.  CHECK records a
 * failure and goes on; the runner prints "N passed, N failed".
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>
#include <string.h>

struct unit_test {
	const char	*name;		/* shown on failure */
	void		(*fn)(void);
};

extern int	unit_failed;		/* checks failed in the current test */

#define CHECK(c) do {							\
	if (!(c)) {							\
		fprintf(stderr, "%s:%d: CHECK(%s) failed\n",		\
		    __FILE__, __LINE__, #c);				\
		unit_failed++;						\
	}								\
} while (0)
#define CHECK_STR(a, b) do {						\
	const char *a_ = (a), *b_ = (b);				\
	if (a_ == NULL || b_ == NULL || strcmp(a_, b_) != 0) {		\
		fprintf(stderr, "%s:%d: \"%s\" != \"%s\"\n", __FILE__,	\
		    __LINE__, a_ ? a_ : "(null)", b_ ? b_ : "(null)");	\
		unit_failed++;						\
	}								\
} while (0)

/*
 * A path for a temporary database, in /tmp, that no file has (path has
 * room for 64 bytes); and the removal of that database with its -wal and
 * -shm files.
 */
void	unit_db_path(char *path);
void	unit_db_remove(const char *path);

#endif
