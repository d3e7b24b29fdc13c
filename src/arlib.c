/*
 * arlib.c: libarchive, loaded the first time an input needs it (a tar or
 * zip archive), not at every start.  Debian's libarchive
 * brings libxml2, ICU and libstdc++ with it: linked, they cost every
 * coroner command about 7 ms of its start on a 2-core machine (their
 * loading and relocation), which is most of a small command's time and
 * nearly a hundredth of a 1 M-line import's; the plain logs and the
 * Kubernetes JSON most imports read never use them.
 *
 * The functions below are libarchive's own, by their names and their
 * prototypes in <archive.h>, so that the files that read archives
 * (source.c, source-archive.c) call them as they would
 * the library: each one here calls its namesake in the library, found
 * with dlsym once.  coroner is not linked with -larchive (Makefile; the
 * unit tests are, to write archives: there the library's own calls of
 * these names come here, and go on to it the same); a library that
 * cannot be loaded is a fatal error naming the package.  Only what
 * coroner calls is here: a new call to libarchive is a new line in
 * arl_names and a new function below, or the link fails.
 */
#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "util.h"

/* The library by its soname (libarchive 3.x), then its development link. */
static const char *const arl_sonames[] = {
	"libarchive.so.13", "libarchive.so"
};

/* What coroner calls, in the order of arl_fn's slots. */
enum arl_fn {
	ARL_READ_NEW,
	ARL_READ_FREE,
	ARL_READ_OPEN1,
	ARL_READ_NEXT_HEADER,
	ARL_READ_DATA,
	ARL_READ_SET_READ_CALLBACK,
	ARL_READ_SET_SEEK_CALLBACK,
	ARL_READ_SET_CALLBACK_DATA,
	ARL_READ_SUPPORT_FORMAT_TAR,
	ARL_READ_SUPPORT_FORMAT_ZIP,
	ARL_ERROR_STRING,
	ARL_SET_ERROR,
	ARL_ENTRY_PATHNAME,
	ARL_ENTRY_PATHNAME_UTF8,
	ARL_ENTRY_SIZE,
	ARL_ENTRY_SIZE_IS_SET,
	ARL_ENTRY_FILETYPE,
	ARL_ENTRY_SYMLINK,
	ARL_ENTRY_HARDLINK,
	ARL__COUNT
};

static const char *const arl_names[ARL__COUNT] = {
	[ARL_READ_NEW] = "archive_read_new",
	[ARL_READ_FREE] = "archive_read_free",
	[ARL_READ_OPEN1] = "archive_read_open1",
	[ARL_READ_NEXT_HEADER] = "archive_read_next_header",
	[ARL_READ_DATA] = "archive_read_data",
	[ARL_READ_SET_READ_CALLBACK] = "archive_read_set_read_callback",
	[ARL_READ_SET_SEEK_CALLBACK] = "archive_read_set_seek_callback",
	[ARL_READ_SET_CALLBACK_DATA] = "archive_read_set_callback_data",
	[ARL_READ_SUPPORT_FORMAT_TAR] = "archive_read_support_format_tar",
	[ARL_READ_SUPPORT_FORMAT_ZIP] = "archive_read_support_format_zip",
	[ARL_ERROR_STRING] = "archive_error_string",
	[ARL_SET_ERROR] = "archive_set_error",
	[ARL_ENTRY_PATHNAME] = "archive_entry_pathname",
	[ARL_ENTRY_PATHNAME_UTF8] = "archive_entry_pathname_utf8",
	[ARL_ENTRY_SIZE] = "archive_entry_size",
	[ARL_ENTRY_SIZE_IS_SET] = "archive_entry_size_is_set",
	[ARL_ENTRY_FILETYPE] = "archive_entry_filetype",
	[ARL_ENTRY_SYMLINK] = "archive_entry_symlink",
	[ARL_ENTRY_HARDLINK] = "archive_entry_hardlink",
};

static void		*arl_fn[ARL__COUNT];	/* the library's, by slot */
static pthread_once_t	 arl_once = PTHREAD_ONCE_INIT;

static void
arl_load(void)
{
	void		*h = NULL;
	const char	*why = "";
	size_t		 i;
	int		 f;

	for (i = 0; h == NULL && i < sizeof arl_sonames /
	    sizeof arl_sonames[0]; i++) {
		if ((h = dlopen(arl_sonames[i], RTLD_NOW | RTLD_LOCAL)) ==
		    NULL && i == 0)
			why = dlerror();
	}
	if (h == NULL)
		fatal("libarchive is needed to read tar and zip archives, "
		    "and it cannot be loaded (%s): install libarchive13", why);
	for (f = 0; f < ARL__COUNT; f++) {
		if ((arl_fn[f] = dlsym(h, arl_names[f])) == NULL)
			fatal("libarchive has no %s: install libarchive13 "
			    "3.x", arl_names[f]);
	}
	/* the library stays loaded until the process ends */
}

/* The library's function in slot f, as a function of type T. */
#define ARL(f, T)	(pthread_once(&arl_once, arl_load), (T)arl_fn[f])

struct archive *
archive_read_new(void)
{
	return (ARL(ARL_READ_NEW, struct archive *(*)(void))());
}

int
archive_read_free(struct archive *a)
{
	return (ARL(ARL_READ_FREE, int (*)(struct archive *))(a));
}

int
archive_read_open1(struct archive *a)
{
	return (ARL(ARL_READ_OPEN1, int (*)(struct archive *))(a));
}

int
archive_read_next_header(struct archive *a, struct archive_entry **e)
{
	return (ARL(ARL_READ_NEXT_HEADER, int (*)(struct archive *,
	    struct archive_entry **))(a, e));
}

la_ssize_t
archive_read_data(struct archive *a, void *buf, size_t n)
{
	return (ARL(ARL_READ_DATA, la_ssize_t (*)(struct archive *, void *,
	    size_t))(a, buf, n));
}

int
archive_read_set_read_callback(struct archive *a, archive_read_callback *cb)
{
	return (ARL(ARL_READ_SET_READ_CALLBACK, int (*)(struct archive *,
	    archive_read_callback *))(a, cb));
}

int
archive_read_set_seek_callback(struct archive *a, archive_seek_callback *cb)
{
	return (ARL(ARL_READ_SET_SEEK_CALLBACK, int (*)(struct archive *,
	    archive_seek_callback *))(a, cb));
}

int
archive_read_set_callback_data(struct archive *a, void *data)
{
	return (ARL(ARL_READ_SET_CALLBACK_DATA, int (*)(struct archive *,
	    void *))(a, data));
}

int
archive_read_support_format_tar(struct archive *a)
{
	return (ARL(ARL_READ_SUPPORT_FORMAT_TAR,
	    int (*)(struct archive *))(a));
}

int
archive_read_support_format_zip(struct archive *a)
{
	return (ARL(ARL_READ_SUPPORT_FORMAT_ZIP,
	    int (*)(struct archive *))(a));
}

const char *
archive_error_string(struct archive *a)
{
	return (ARL(ARL_ERROR_STRING, const char *(*)(struct archive *))(a));
}

/* A variadic call cannot be passed on: the message is made here (none
   clears the error, as in the library). */
void
archive_set_error(struct archive *a, int err, const char *fmt, ...)
{
	va_list	ap;
	char	msg[512];

	if (fmt == NULL) {
		ARL(ARL_SET_ERROR, void (*)(struct archive *, int,
		    const char *, ...))(a, err, NULL);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ARL(ARL_SET_ERROR, void (*)(struct archive *, int, const char *,
	    ...))(a, err, "%s", msg);
}

const char *
archive_entry_pathname(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_PATHNAME,
	    const char *(*)(struct archive_entry *))(e));
}

const char *
archive_entry_pathname_utf8(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_PATHNAME_UTF8,
	    const char *(*)(struct archive_entry *))(e));
}

la_int64_t
archive_entry_size(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_SIZE, la_int64_t (*)(struct archive_entry *))(e));
}

int
archive_entry_size_is_set(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_SIZE_IS_SET, int (*)(struct archive_entry *))(e));
}

__LA_MODE_T
archive_entry_filetype(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_FILETYPE,
	    __LA_MODE_T (*)(struct archive_entry *))(e));
}

const char *
archive_entry_symlink(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_SYMLINK,
	    const char *(*)(struct archive_entry *))(e));
}

const char *
archive_entry_hardlink(struct archive_entry *e)
{
	return (ARL(ARL_ENTRY_HARDLINK,
	    const char *(*)(struct archive_entry *))(e));
}
