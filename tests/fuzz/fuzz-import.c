/*
 * fuzz-import.c: the libFuzzer harness of the importers ("make fuzz").
 * Each input is offered through the real source layer (so compressed and
 * archived inputs are fuzzed too) to one importer, named by the
 * environment variable FUZZ_IMPORTER ("make fuzz" runs one harness per
 * importer), or to every importer of the table when it is unset, with a
 * sink that keeps nothing.  Any crash, leak or sanitizer report is a bug:
 * its input becomes a case of tests/importers/ whose README names it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "importer.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const struct importer	*only;	/* FUZZ_IMPORTER, or NULL: all */

static int
null_put(void *ctx, enum rec_type type, const void *rec)
{
	return (0);
}

static void
null_reject(void *ctx, int64_t line, const char *reason)
{
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*name = getenv("FUZZ_IMPORTER");

	if (name == NULL || *name == '\0')
		return (0);
	if ((only = importer_find(name)) == NULL) {
		fprintf(stderr, "fuzz-import: no importer %s\n", name);
		exit(2);
	}
	return (0);
}

/* Reads every input of the file at path with imp. */
static void
fuzz_one(const char *path, const struct importer *imp)
{
	struct import_opts	 opts = {
		.records = "fuzz", .key_col = "id", .time_col = "t",
		.release_namespace = "fuzz", .release_name = "fuzz"
	};
	struct sink		 sink = {
		.ctx = NULL, .put = null_put, .reject = null_reject
	};
	struct source		*src;
	struct input		*in;
	const unsigned char	*head;
	char			*cause = NULL;
	size_t			 len;

	if (source_open(path, NULL, &src, &cause) != 0) {
		free(cause);
		return;
	}
	while (source_next(src, &in, &cause) != 0) {
		if (in == NULL || cause != NULL) {
			free(cause);
			cause = NULL;
			continue;
		}
		len = input_peek_lines(in, &head);
		(void)imp->probe(input_name(in), head, len);
		if (imp->parse(in, &opts, &sink, &cause) != 0)
			free(cause);
		cause = NULL;
	}
	source_close(src);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	path[64];
	size_t	i;
	int	fd;

	if ((fd = memfd_create("fuzz", 0)) == -1)
		return (0);
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return (0);
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	if (only != NULL)
		fuzz_one(path, only);
	else {
		for (i = 0; importers[i] != NULL; i++)
			fuzz_one(path, importers[i]);
	}
	close(fd);
	return (0);
}
