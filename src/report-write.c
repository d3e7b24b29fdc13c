/*
 * report-write.c: the table of report formats (Markdown, HTML and the
 * report JSON) and writing one to a file atomically, for "coroner
 * report" and the TUI's export (and any file written whole: the fleet
 * export's): a temporary file beside the target, renamed over it once
 * complete, with the target's permissions, and removed on every way out
 * that can (an error, exit, a signal that ends coroner).  No SQL, no
 * formatting of findings: the writers are
 * report-md.c, report-html.c and report-json.c.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

const struct report_format *
report_format_of_path(const char *path, int *has_ext)
{
	const char	*base, *ext;
	size_t		 i;

	base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	ext = strrchr(base, '.');
	/* ".report" is a hidden file's name, not an extension */
	if ((*has_ext = ext != NULL && ext != base) == 0)
		return (NULL);
	ext++;
	if (strcasecmp(ext, "htm") == 0)
		ext = "html";
	for (i = 0; report_formats[i].name != NULL; i++) {
		if (strcasecmp(ext, report_formats[i].ext) == 0)
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
 * The temporary file being written, for what removes it when coroner
 * ends before it is renamed: a signal (remove_pending) or exit()
 * (fatal(): remove_at_exit).
 */
static char			 pending_path[PATH_MAX];
static volatile sig_atomic_t	 pending;
/* The signals that end coroner while it writes. */
static const int		 pending_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ
};
#define NPENDING_SIGNALS	(sizeof pending_signals / \
				    sizeof pending_signals[0])

/* The set of pending_signals. */
static void
pending_mask(sigset_t *set)
{
	size_t	i;

	sigemptyset(set);
	for (i = 0; i < NPENDING_SIGNALS; i++)
		sigaddset(set, pending_signals[i]);
}

static void
remove_pending(int sig)
{
	if (pending)
		unlink(pending_path);
	pending = 0;
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
remove_at_exit(void)
{
	if (pending)
		unlink(pending_path);
	pending = 0;
}

/*
 * Makes tmp the pending file: removed by a signal that would end coroner
 * (one whose action is the default: a caller with a handler of its own,
 * the TUI, ends in its own time, after the file is renamed or removed)
 * and at exit.  old keeps the actions replaced.
 */
static void
pending_begin(const char *tmp, struct sigaction *old)
{
	static int		 registered;
	struct sigaction	 sa;
	size_t			 i;

	for (i = 0; i < NPENDING_SIGNALS; i++)
		sigaction(pending_signals[i], NULL, &old[i]);
	if (strlen(tmp) >= sizeof pending_path)
		return;
	memcpy(pending_path, tmp, strlen(tmp) + 1);
	if (!registered && atexit(remove_at_exit) == 0)
		registered = 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = remove_pending;
	pending_mask(&sa.sa_mask);
	pending = 1;
	for (i = 0; i < NPENDING_SIGNALS; i++) {
		if (old[i].sa_handler == SIG_DFL)
			sigaction(pending_signals[i], &sa, NULL);
	}
}

/* The pending file is renamed or removed: the actions are as before. */
static void
pending_end(const struct sigaction *old)
{
	size_t	i;

	pending = 0;
	for (i = 0; i < NPENDING_SIGNALS; i++)
		sigaction(pending_signals[i], &old[i], NULL);
}

/*
 * The permissions of the report at path: those of the file it replaces,
 * so that a report kept private stays so, else what the umask leaves of
 * 0666.
 */
static mode_t
report_mode(const char *path)
{
	struct stat	sb;
	mode_t		mask;

	if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
		return (sb.st_mode & 0777);
	mask = umask(0);
	umask(mask);
	return (0666 & ~mask);
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
	struct sigaction	 old[NPENDING_SIGNALS];
	sigset_t		 block, was;
	const char		*slash = strrchr(path, '/');
	char			*tmp;
	FILE			*f;
	mode_t			 mode;
	int			 fd, e;

	if (replaceable(path, cause) != 0)
		return (-1);
	mode = report_mode(path);
	if (slash == NULL)
		tmp = xasprintf(".coroner.XXXXXX");
	else
		tmp = xasprintf("%.*s/.coroner.XXXXXX",
		    (int)(slash - path), path);
	/* no signal between the file's creation and its being pending */
	pending_mask(&block);
	sigprocmask(SIG_BLOCK, &block, &was);
	fd = mkstemp(tmp);
	if (fd != -1)
		pending_begin(tmp, old);
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (fd == -1) {
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
	if (fchmod(fd, mode) != 0 || (f = fdopen(fd, "w")) == NULL) {
		*cause = xasprintf("%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		pending_end(old);
		free(tmp);
		return (-1);
	}
	if (fill(ctx, f, cause) != 0) {
		fclose(f);
		unlink(tmp);
		pending_end(old);
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
	pending_end(old);
	free(tmp);
	return (0);
fail:
	*cause = xasprintf("%s: %s", path, strerror(e));
	unlink(tmp);
	pending_end(old);
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
