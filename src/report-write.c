/*
 * report-write.c: the table of report formats (Markdown, HTML and the
 * report JSON) and writing one to a file atomically, for "coroner
 * report" and the TUI's export (and any file written whole: the fleet
 * export's).  No SQL, no formatting of findings: the writers are
 * report-md.c, report-html.c and report-json.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out.h"
#include "report.h"
#include "util.h"

static int
write_json(struct store *st, json_t *rep, FILE *out, char **cause)
{
	(void)st;
	if (out_json(out, rep, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(6)) != 0 || fflush(out) != 0) {
		*cause = xasprintf("writing the report: %s", strerror(errno));
		return (-1);
	}
	return (0);
}

static const struct report_format report_formats[] = {
	{ .name = "md", .ext = "md", .write = report_md },
	{ .name = "html", .ext = "html", .write = report_html },
	{ .name = "json", .ext = "json", .write = write_json },
	{ .name = NULL, .ext = NULL, .write = NULL }
};

const struct report_format *
report_format(const char *name)
{
	size_t	i;

	for (i = 0; report_formats[i].name != NULL; i++) {
		if (strcmp(name, report_formats[i].name) == 0)
			return (&report_formats[i]);
	}
	return (NULL);
}

/*
 * Whether path may be replaced by a report: it does not exist, or it is a
 * regular file that is not a SQLite database or its WAL (an incident
 * database, maybe the open one: "-o coroner.db" must not destroy it).
 * Returns 0, or -1 with a new *cause.
 */
static int
replaceable(const char *path, char **cause)
{
	static const unsigned char	 wal[2][4] = {
		{ 0x37, 0x7f, 0x06, 0x82 }, { 0x37, 0x7f, 0x06, 0x83 }
	};
	unsigned char			 head[16];
	struct stat			 sb;
	FILE				*f;
	size_t				 n;

	if (stat(path, &sb) != 0)
		return (0);
	if (!S_ISREG(sb.st_mode)) {
		*cause = xasprintf("%s: not a regular file; choose a file "
		    "name for the report", path);
		return (-1);
	}
	if ((f = fopen(path, "rb")) == NULL)
		return (0);	/* the rename says what is wrong, if anything */
	n = fread(head, 1, sizeof head, f);
	fclose(f);
	if ((n == 16 && memcmp(head, "SQLite format 3", 16) == 0) ||
	    (n >= 4 && (memcmp(head, wal[0], 4) == 0 ||
	    memcmp(head, wal[1], 4) == 0))) {
		*cause = xasprintf("%s is a SQLite database (or its log): "
		    "a report will not replace it; choose another file name",
		    path);
		return (-1);
	}
	return (0);
}

/*
 * Writes path through a temporary file in the same directory, renamed
 * over path once fill() wrote it, so that a reader never sees half a
 * file; never over a database.  Returns 0, or -1 with a new *cause.
 */
int
report_write_atomic(const char *path, int (*fill)(void *, FILE *, char **),
    void *ctx, char **cause)
{
	const char	*slash = strrchr(path, '/');
	char		*tmp;
	FILE		*f;
	mode_t		 mask;
	int		 fd, e;

	if (replaceable(path, cause) != 0)
		return (-1);
	if (slash == NULL)
		tmp = xasprintf(".coroner.XXXXXX");
	else
		tmp = xasprintf("%.*s/.coroner.XXXXXX",
		    (int)(slash - path), path);
	if ((fd = mkstemp(tmp)) == -1) {
		e = errno;
		if (e == ENOENT || e == ENOTDIR)
			*cause = xasprintf("%s: no directory %.*s to write it "
			    "in", path, slash != NULL ? (int)(slash - path) :
			    1, slash != NULL ? path : ".");
		else
			*cause = xasprintf("%s: cannot create a temporary file "
			    "beside it: %s", path, strerror(e));
		free(tmp);
		return (-1);
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 ||
	    (f = fdopen(fd, "w")) == NULL) {
		*cause = xasprintf("%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	if (fill(ctx, f, cause) != 0) {
		fclose(f);
		unlink(tmp);
		free(tmp);
		return (-1);
	}
	if (fflush(f) != 0 || fsync(fileno(f)) != 0) {
		e = errno;
		fclose(f);
		goto fail;
	}
	if (fclose(f) != 0) {
		e = errno;
		goto fail;
	}
	if (rename(tmp, path) != 0) {
		e = errno;
		goto fail;
	}
	free(tmp);
	return (0);
fail:
	*cause = xasprintf("%s: %s", path, strerror(e));
	unlink(tmp);
	free(tmp);
	return (-1);
}

/* A report to write: its format, the store and the report JSON. */
struct report_job {
	const struct report_format	*fmt;
	struct store			*st;
	json_t				*rep;	/* borrowed */
};

static int
write_report(void *ctx, FILE *f, char **cause)
{
	struct report_job	*j = ctx;

	return (j->fmt->write(j->st, j->rep, f, cause));
}

int
report_write_file(const struct report_format *fmt, struct store *st,
    json_t *rep, const char *path, char **cause)
{
	struct report_job	j = { .fmt = fmt, .st = st, .rep = rep };

	return (report_write_atomic(path, write_report, &j, cause));
}
