/*
 * fuzz-import.c: the libFuzzer harness of every importer ("make fuzz").
 * Each input is offered to every importer of the table through the real
 * source layer (so compressed and archived inputs are fuzzed too), with a
 * sink that keeps nothing.  Any crash, leak or sanitizer report is a bug.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "importer.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

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
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct import_opts	 opts = {
		.records = "fuzz", .key_col = "id", .time_col = "t"
	};
	struct sink		 sink = {
		.ctx = NULL, .put = null_put, .reject = null_reject
	};
	struct source		*src;
	struct input		*in;
	const unsigned char	*head;
	char			 path[64], *cause = NULL;
	size_t			 i, len;
	int			 fd;

	if ((fd = memfd_create("fuzz", 0)) == -1)
		return (0);
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return (0);
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	for (i = 0; importers[i] != NULL; i++) {
		if (source_open(path, NULL, &src, &cause) != 0) {
			free(cause);
			break;
		}
		while (source_next(src, &in, &cause) != 0) {
			if (in == NULL || cause != NULL) {
				free(cause);
				cause = NULL;
				continue;
			}
			len = input_peek(in, &head);
			(void)importers[i]->probe(input_name(in), head, len);
			if (importers[i]->parse(in, &opts, &sink, &cause) != 0)
				free(cause);
			cause = NULL;
		}
		source_close(src);
	}
	close(fd);
	return (0);
}
