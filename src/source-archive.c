/*
 * source-archive.c: a file turned into inputs: given out whole (plain or
 * decoded), or, when its first bytes are a tar or zip archive (compressed
 * or not), as each regular member in turn, named "file!member" and read
 * by libarchive over the file's stage.  Damage is said once and read
 * past; links and devices inside an archive are passed over.  It knows
 * nothing of directories (source-walk.c) or of what the bytes mean.
 */

#include <sys/types.h>

#include <archive.h>
#include <archive_entry.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source-int.h"
#include "util.h"

/* Bytes examined to recognise packaging: a tar header is 512 bytes. */
#define MAGIC_LEN	512
/*
 * ARCHIVE_RETRY answers in a row before an archive is given up.  The tar
 * reader skips one 512-byte block per answer while it looks for a good
 * header, so this scans up to 512 MiB of damage.
 */
#define RETRY_MAX	(1024 * 1024)

/* How far a file has been turned into inputs. */
enum file_state {
	FILE_NEW,		/* its first bytes not examined yet */
	FILE_SINGLE,		/* one input, not yet given out */
	FILE_ARCHIVE,		/* members come from ar */
	FILE_DONE		/* nothing more to give */
};

/* One file being turned into inputs: the path given or a directory entry. */
struct file {
	char		*name;		/* the path given or "dir/rel"; owned */
	char		*member;	/* path below the directory given, or
					   NULL for the path itself; owned */
	struct stage	*base;		/* its bytes, decoded; owned; NULL once
					   FILE_SINGLE gave it to its input */
	struct archive	*ar;		/* reader of an archive file; owned */
	enum file_state	 state;		/* how far it has been read */
	unsigned int	 retries;	/* ARCHIVE_RETRY answers in a row */
};

static int		 magic_tar(const unsigned char *, size_t);
static int		 magic_zip(const unsigned char *, size_t);
static int		 file_examine(struct file *, char **);
static int		 file_archive(struct file *, int, char **);
static int		 file_member(struct source *, struct file *,
			    struct input **, char **);
static const char	*member_clean(const char *);

struct file *
source_file_new(char *name, char *member, struct stage *base)
{
	struct file	*f;

	f = xcalloc(1, sizeof *f);
	f->name = name;
	f->member = member;
	f->base = base;
	f->state = FILE_NEW;
	return (f);
}

void
source_file_free(struct file *f)
{
	if (f == NULL)
		return;
	if (f->ar != NULL)
		archive_read_free(f->ar);
	source_stage_free(f->base);
	free(f->name);
	free(f->member);
	free(f);
}

/*
 * Looks at the first bytes of a file: a tar or zip archive, a compressed
 * tar, or a single input (plain or compressed).  Returns -1 and a cause
 * only when an archive cannot be opened.
 */
static int
file_examine(struct file *f, char **cause)
{
	const unsigned char	*p;
	struct stage		*st;
	size_t			 n;

	n = source_stage_fill(f->base, MAGIC_LEN, &p);
	if (magic_zip(p, n))
		return (file_archive(f, 1, cause));
	if (magic_tar(p, n))
		return (file_archive(f, 0, cause));
	st = source_decode(f->base);
	if (st != f->base) {
		f->base = st;
		n = source_stage_fill(f->base, MAGIC_LEN, &p);
		if (magic_tar(p, n))
			return (file_archive(f, 0, cause));
	}
	f->state = FILE_SINGLE;
	return (0);
}

/* Opens the file's bytes as a zip (zip set) or tar archive. */
static int
file_archive(struct file *f, int zip, char **cause)
{
	const char	*err;
	int		 r;

	f->ar = archive_read_new();
	if (f->ar == NULL)
		fatal("archive_read_new failed");
	if (zip)
		r = archive_read_support_format_zip(f->ar);
	else
		r = archive_read_support_format_tar(f->ar);
	if (r == ARCHIVE_OK) {
		source_stage_feed(f->ar, f->base);
		r = archive_read_open1(f->ar);
	}
	if (r != ARCHIVE_OK) {
		err = archive_error_string(f->ar);
		*cause = xasprintf("%s: %s", f->name,
		    err != NULL ? err : "cannot open archive");
		f->state = FILE_DONE;
		return (-1);
	}
	f->state = FILE_ARCHIVE;
	return (0);
}

/* Strips "/" and "./" from the front of a member's path. */
static const char *
member_clean(const char *s)
{
	for (;;) {
		if (s[0] == '/')
			s++;
		else if (s[0] == '.' && s[1] == '/')
			s += 2;
		else
			return (s);
	}
}

/*
 * Moves to the next regular member of an archive.  Members that are
 * directories, links or devices are passed over.  Returns 1 and a new
 * input, 0 at the end, or -1 and a cause when the archive is damaged.
 */
static int
file_member(struct source *src, struct file *f, struct input **inp,
    char **cause)
{
	struct archive_entry	*entry;
	struct stage		*st, *top;
	struct input		*in;
	const char		*path, *err;
	char			*name, *member, limit[32];
	int			 r;

	for (;;) {
		r = archive_read_next_header(f->ar, &entry);
		if (r == ARCHIVE_EOF) {
			f->state = FILE_DONE;
			return (0);
		}
		/*
		 * After damage libarchive answers ARCHIVE_RETRY while it
		 * looks for the next good header: say so once per run, and
		 * give up after RETRY_MAX.  Anything else is fatal.
		 */
		if (r == ARCHIVE_RETRY) {
			if (++f->retries > 1 && f->retries <= RETRY_MAX)
				continue;
		} else if (r == ARCHIVE_OK || r == ARCHIVE_WARN)
			f->retries = 0;
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
			if (r != ARCHIVE_RETRY || f->retries > RETRY_MAX)
				f->state = FILE_DONE;
			err = archive_error_string(f->ar);
			*cause = xasprintf("%s: %s", f->name,
			    err != NULL ? err : "damaged archive");
			return (-1);
		}
		if (archive_entry_filetype(entry) != AE_IFREG ||
		    archive_entry_hardlink(entry) != NULL ||
		    archive_entry_symlink(entry) != NULL)
			continue;
		path = archive_entry_pathname(entry);
		if (path == NULL)
			path = archive_entry_pathname_utf8(entry);
		if (path == NULL) {
			*cause = xasprintf("%s: a member without a usable "
			    "name; skipped", f->name);
			return (-1);
		}
		if (*(path = member_clean(path)) == '\0')
			continue;
		break;
	}

	name = xasprintf("%s!%s", f->name, path);
	if (f->member != NULL)
		member = xasprintf("%s!%s", f->member, path);
	else
		member = xstrdup(path);
	st = source_stage_new(STAGE_MEMBER, NULL);
	st->ar = f->ar;
	top = source_decode(st);
	in = input_new(src, name, member, top, source_stage_bottom(f->base));
	/* a member that says it is too big is refused before it is read */
	if (top == st && archive_entry_size_is_set(entry) &&
	    src->lim.max_bytes != 0 && (uint64_t)archive_entry_size(entry) >
	    src->lim.max_bytes - *source_total(src)) {
		source_size_text(src->lim.max_bytes, limit, sizeof limit);
		in->error = xasprintf("%s: its %ju bytes would pass the %s "
		    "read in this import: refused (--max-bytes raises the "
		    "limit)", in->name, (uintmax_t)archive_entry_size(entry),
		    limit);
		in->limited = 1;
	}
	*inp = in;
	return (1);
}

int
source_file_next(struct source *src, struct file *f, struct input **inp,
    char **cause)
{
	if (f->state == FILE_NEW && file_examine(f, cause) == -1)
		return (-1);
	switch (f->state) {
	case FILE_SINGLE:
		*inp = input_new(src, xstrdup(f->name),
		    f->member != NULL ? xstrdup(f->member) : NULL, f->base,
		    source_stage_bottom(f->base));
		f->base = NULL;
		f->state = FILE_DONE;
		return (1);
	case FILE_ARCHIVE:
		return (file_member(src, f, inp, cause));
	case FILE_NEW:
	case FILE_DONE:
		break;
	}
	return (0);
}

/*
 * A member whose read broke its archive has said why; the archive has
 * nothing more to give and no more to say.
 */
void
source_file_input_done(struct file *f, const struct input *in)
{
	if (source_stage_bottom(in->top)->arfatal)
		f->state = FILE_DONE;
}

/* POSIX and GNU tar both write "ustar" at offset 257 of a header. */
static int
magic_tar(const unsigned char *p, size_t n)
{
	return (n >= 262 && memcmp(p + 257, "ustar", 5) == 0);
}

/* A local file header, or the end record of an empty zip. */
static int
magic_zip(const unsigned char *p, size_t n)
{
	return (n >= 4 && p[0] == 'P' && p[1] == 'K' &&
	    ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6)));
}
