/*
 * test-source.c: unit tests of src/source*.c.  Each test makes its fixtures
 * in a fresh directory under /tmp (mkdtemp), works from inside it so that
 * input names are short and stable, and removes it at the end.  Archives
 * are made with tar and gzip, zstd streams and zip files from C (libzstd,
 * libarchive), so no other tool is needed.
 */

#include <sys/types.h>
#include <sys/stat.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>
#include <zstd.h>

#include "source.h"
#include "util.h"
#include "unit.h"

/* The fixture directory of the running test. */
struct fixture {
	char	 dir[64];	/* its path, from mkdtemp */
	int	 cwd;		/* descriptor of the directory to go back to */
};

static int
fx_begin(struct fixture *fx)
{
	snprintf(fx->dir, sizeof fx->dir, "/tmp/coroner-source-XXXXXX");
	if (mkdtemp(fx->dir) == NULL)
		return (-1);
	if ((fx->cwd = open(".", O_RDONLY | O_DIRECTORY)) == -1)
		return (-1);
	if (chdir(fx->dir) == -1)
		return (-1);
	return (0);
}

static void
fx_end(struct fixture *fx)
{
	char	*cmd;

	if (fchdir(fx->cwd) == -1)
		fatal("fchdir: %s", strerror(errno));
	close(fx->cwd);
	cmd = xasprintf("rm -rf '%s'", fx->dir);
	if (system(cmd) != 0)
		fprintf(stderr, "test-source: cannot remove %s\n", fx->dir);
	free(cmd);
}

/* Runs a shell command; returns 0 when it exits with 0. */
static int
run(const char *fmt, ...)
{
	va_list	 ap;
	char	*cmd;
	int	 r;

	va_start(ap, fmt);
	cmd = xvasprintf(fmt, ap);
	va_end(ap);
	r = system(cmd);
	if (r != 0)
		fprintf(stderr, "test-source: \"%s\" failed\n", cmd);
	free(cmd);
	return (r == 0 ? 0 : -1);
}

static int
put(const char *path, const void *p, size_t n)
{
	FILE	*f;
	int	 r = 0;

	if ((f = fopen(path, "wb")) == NULL)
		return (-1);
	if (n != 0 && fwrite(p, 1, n, f) != n)
		r = -1;
	if (fclose(f) != 0)
		r = -1;
	return (r);
}

static int
puts_file(const char *path, const char *s)
{
	return (put(path, s, strlen(s)));
}

/*
 * Writes p as zstd to path, cut into frames frames, keeping only the first
 * keep bytes of the result when keep is not 0.
 */
static int
put_zstd(const char *path, const void *p, size_t n, int frames, size_t keep)
{
	struct buf	 out = { NULL, 0, 0 };
	const char	*s = p;
	size_t		 piece, cap, z;
	void		*tmp;
	int		 i, r;

	piece = (n + (size_t)frames - 1) / (size_t)frames;
	for (i = 0; i < frames; i++) {
		if (piece > n)
			piece = n;
		cap = ZSTD_compressBound(piece);
		tmp = xmalloc(cap);
		z = ZSTD_compress(tmp, cap, s, piece, 3);
		if (ZSTD_isError(z)) {
			free(tmp);
			buf_free(&out);
			return (-1);
		}
		buf_append(&out, tmp, z);
		free(tmp);
		s += piece;
		n -= piece;
	}
	if (keep != 0 && keep < out.len)
		out.len = keep;
	r = put(path, out.data, out.len);
	buf_free(&out);
	return (r);
}

/* Writes a zip of n members (a name ending in "/" is a directory). */
static int
put_zip(const char *path, const char *const *names, const char *const *data,
    int n)
{
	struct archive		*a;
	struct archive_entry	*e;
	size_t			 len;
	int			 i, r = 0;

	if ((a = archive_write_new()) == NULL)
		return (-1);
	if (archive_write_set_format_zip(a) != ARCHIVE_OK ||
	    archive_write_open_filename(a, path) != ARCHIVE_OK) {
		archive_write_free(a);
		return (-1);
	}
	for (i = 0; i < n; i++) {
		e = archive_entry_new();
		archive_entry_set_pathname(e, names[i]);
		len = strlen(data[i]);
		if (names[i][strlen(names[i]) - 1] == '/') {
			archive_entry_set_filetype(e, AE_IFDIR);
			archive_entry_set_perm(e, 0755);
			archive_entry_set_size(e, 0);
		} else {
			archive_entry_set_filetype(e, AE_IFREG);
			archive_entry_set_perm(e, 0644);
			archive_entry_set_size(e, (la_int64_t)len);
		}
		if (archive_write_header(a, e) != ARCHIVE_OK)
			r = -1;
		else if (len != 0 &&
		    archive_write_data(a, data[i], len) != (la_ssize_t)len)
			r = -1;
		archive_entry_free(e);
	}
	if (archive_write_close(a) != ARCHIVE_OK)
		r = -1;
	archive_write_free(a);
	return (r);
}

/* Appends the whole content of a file to out. */
static int
file_get(const char *path, struct buf *out)
{
	FILE	*f;
	char	 tmp[4096];
	size_t	 n;

	if ((f = fopen(path, "rb")) == NULL)
		return (-1);
	while ((n = fread(tmp, 1, sizeof tmp, f)) != 0)
		buf_append(out, tmp, n);
	fclose(f);
	return (0);
}

/* Reads an input to the end into out; returns 0 or -1 on a read error. */
static int
slurp(struct input *in, struct buf *out)
{
	char	tmp[4096];
	ssize_t	r;

	while ((r = input_read(in, tmp, sizeof tmp)) > 0)
		buf_append(out, tmp, (size_t)r);
	return (r == 0 ? 0 : -1);
}

/*
 * Walks a source and describes it, one line each: "name [member] content"
 * for an input read whole, "name [member] ERROR why" when reading failed,
 * "! cause" when source_next failed.  Newlines in content show as "|".
 */
static char *
describe(const char *path, const struct source_limits *lim)
{
	struct source	*src;
	struct input	*in;
	struct buf	 out = { NULL, 0, 0 }, data;
	char		*cause, *s;
	size_t		 i;
	int		 r, guard;

	if (source_open(path, lim, &src, &cause) == -1) {
		buf_printf(&out, "OPEN %s\n", cause);
		free(cause);
		return (out.data);
	}
	for (guard = 0; guard < 1000; guard++) {
		r = source_next(src, &in, &cause);
		if (r == 0)
			break;
		if (r == -1) {
			buf_printf(&out, "! %s\n", cause);
			free(cause);
			continue;
		}
		memset(&data, 0, sizeof data);
		buf_printf(&out, "%s [%s] ", input_name(in),
		    input_member(in) != NULL ? input_member(in) : "-");
		if (slurp(in, &data) == 0) {
			for (i = 0; i < data.len; i++) {
				if (data.data[i] == '\n')
					data.data[i] = '|';
			}
			buf_append(&out, data.data, data.len);
		} else
			buf_printf(&out, "ERROR %s", input_error(in));
		buf_puts(&out, "\n");
		buf_free(&data);
	}
	source_close(src);
	if (out.data == NULL)
		return (xstrdup(""));
	s = out.data;
	return (s);
}

/* Checks that describe(path) is want. */
static void
check_describe(const char *path, const struct source_limits *lim,
    const char *want)
{
	char	*got;

	got = describe(path, lim);
	CHECK_STR(got, want);
	free(got);
}

/* Opens path and moves to its first input. */
static int
open_first(const char *path, const struct source_limits *lim,
    struct source **src, struct input **in)
{
	char	*cause;

	if (source_open(path, lim, src, &cause) == -1) {
		fprintf(stderr, "test-source: %s\n", cause);
		free(cause);
		return (-1);
	}
	if (source_next(*src, in, &cause) != 1) {
		source_close(*src);
		return (-1);
	}
	return (0);
}

/* Text of n numbered lines, for fixtures bigger than a buffer. */
static char *
lines_text(int n, size_t *len)
{
	struct buf	b = { NULL, 0, 0 };
	int		i;

	for (i = 1; i <= n; i++)
		buf_printf(&b, "line %d of a fixture for source tests\n", i);
	*len = b.len;
	return (b.data);
}

static void
test_source_plain(void)
{
	struct fixture	fx;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(puts_file("a.txt", "hello\nworld\n") == 0);
	check_describe("a.txt", NULL, "a.txt [-] hello|world|\n");
	check_describe("missing.txt", NULL,
	    "OPEN missing.txt: No such file or directory\n");
	fx_end(&fx);
}

static void
test_source_empty(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	const unsigned char *p;
	char		 h1[SHA256_HEX_LEN], h2[SHA256_HEX_LEN], buf[16];
	char		*cause;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(put("empty", "", 0) == 0);
	if (open_first("empty", NULL, &src, &in) == 0) {
		CHECK(input_peek(in, &p) == 0);
		CHECK(input_read(in, buf, sizeof buf) == 0);
		CHECK(input_error(in) == NULL);
		CHECK(input_offset(in) == 0);
		input_hash(in, h1);
		CHECK_STR(h1, "e3b0c44298fc1c149afbf4c8996fb924"
		    "27ae41e4649b934ca495991b7852b855");
		CHECK(source_next(src, &in, &cause) == 0);
		CHECK(source_next(src, &in, &cause) == 0);
		source_close(src);
	} else
		CHECK(!"open empty");

	/* An empty file compressed is still one empty input. */
	CHECK(put_zstd("empty.zst", "", 0, 1, 0) == 0);
	CHECK(run("gzip -c empty > empty.gz") == 0);
	check_describe("empty.zst", NULL, "empty.zst [-] \n");
	check_describe("empty.gz", NULL, "empty.gz [-] \n");
	if (open_first("empty.gz", NULL, &src, &in) == 0) {
		CHECK(input_read(in, buf, sizeof buf) == 0);
		input_hash(in, h2);
		CHECK_STR(h1, h2);
		source_close(src);
	}
	fx_end(&fx);
}

static void
test_source_zstd(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	struct buf	 got = { NULL, 0, 0 };
	char		*text;
	size_t		 len;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	text = lines_text(20000, &len);
	CHECK(put_zstd("one.zst", text, len, 1, 0) == 0);
	CHECK(put_zstd("many.zst", text, len, 7, 0) == 0);
	CHECK(put_zstd("small.zst", "abc\n", 4, 1, 0) == 0);
	check_describe("small.zst", NULL, "small.zst [-] abc|\n");

	if (open_first("one.zst", NULL, &src, &in) == 0) {
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		CHECK(input_offset(in) == len);
		CHECK_STR(input_name(in), "one.zst");
		CHECK(input_member(in) == NULL);
		CHECK_STR(input_path(in), "one.zst");
		source_close(src);
	} else
		CHECK(!"open one.zst");
	buf_clear(&got);
	if (open_first("many.zst", NULL, &src, &in) == 0) {
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		source_close(src);
	} else
		CHECK(!"open many.zst");
	buf_free(&got);
	free(text);
	fx_end(&fx);
}

static void
test_source_zstd_truncated(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	struct buf	 got = { NULL, 0, 0 };
	const char	*err;
	char		*text, *cause;
	size_t		 len;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	text = lines_text(20000, &len);
	CHECK(put_zstd("logs.zst", text, len, 1, 5000) == 0);
	if (open_first("logs.zst", NULL, &src, &in) == 0) {
		CHECK(slurp(in, &got) == -1);
		CHECK(got.len < len);
		CHECK(memcmp(got.data, text, got.len) == 0);
		err = input_error(in);
		CHECK(err != NULL &&
		    strncmp(err, "logs.zst: truncated zstd stream after ",
		    38) == 0);
		/* The error is sticky. */
		CHECK(input_read(in, text, 10) == -1);
		CHECK(source_next(src, &in, &cause) == 0);
		source_close(src);
	} else
		CHECK(!"open logs.zst");

	/* A frame asking for a 256 MiB window is refused before use. */
	CHECK(put("wide.zst", "\x28\xb5\x2f\xfd\x00\x90\x01\x00\x00", 9) ==
	    0);
	check_describe("wide.zst", NULL, "wide.zst [-] ERROR wide.zst: zstd "
	    "stream needs a window over 128 MiB (made with --long?); not "
	    "supported\n");

	/* Garbage after the magic: a corrupt stream, not a crash. */
	CHECK(put("bad.zst", "\x28\xb5\x2f\xfdgarbage garbage garbage", 27) ==
	    0);
	if (open_first("bad.zst", NULL, &src, &in) == 0) {
		buf_clear(&got);
		CHECK(slurp(in, &got) == -1);
		err = input_error(in);
		CHECK(err != NULL && strncmp(err, "bad.zst: ", 9) == 0);
		source_close(src);
	} else
		CHECK(!"open bad.zst");
	buf_free(&got);
	free(text);
	fx_end(&fx);
}

static void
test_source_gzip(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	struct buf	 got = { NULL, 0, 0 }, want = { NULL, 0, 0 };
	const char	*err;
	char		*text, why[128];
	size_t		 len;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(puts_file("small", "abc\ndef\n") == 0);
	CHECK(run("gzip -c small > small.gz && cat small.gz small.gz > "
	    "twice.gz") == 0);
	check_describe("small.gz", NULL, "small.gz [-] abc|def|\n");
	/* Concatenated gzip members are one stream. */
	check_describe("twice.gz", NULL, "twice.gz [-] abc|def|abc|def|\n");

	text = lines_text(50000, &len);
	CHECK(put("big", text, len) == 0);
	CHECK(run("gzip -c big > big.gz && head -c 30000 big.gz > cut.gz && "
	    "head -c 15 big.gz > head.gz") == 0);
	if (open_first("big.gz", NULL, &src, &in) == 0) {
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		CHECK_STR(input_name(in), "big.gz");
		source_close(src);
	} else
		CHECK(!"open big.gz");
	/*
	 * cut: at least every byte gzip -d recovers comes first (zlib may
	 * give a byte or two of the cut block more than gzip's own decoder,
	 * never a byte the file does not hold), then the failure with their
	 * count (libarchive's filter lost its last 64 KiB)
	 */
	CHECK(run("gzip -dc < cut.gz > cut.out 2>/dev/null; "
	    "test -s cut.out") == 0);
	CHECK(file_get("cut.out", &want) == 0 && want.len > 65536);
	if (open_first("cut.gz", NULL, &src, &in) == 0) {
		buf_clear(&got);
		CHECK(slurp(in, &got) == -1);
		CHECK(got.len >= want.len && got.len < len &&
		    memcmp(got.data, text, got.len) == 0);
		err = input_error(in);
		snprintf(why, sizeof why, "cut.gz: truncated gzip stream after "
		    "%zu bytes", got.len);
		CHECK_STR(err, why);
		source_close(src);
	} else
		CHECK(!"open cut.gz");
	/* zeros after the last member are padding, anything else is not */
	CHECK(run("cat small.gz > pad.gz && head -c 700 /dev/zero >> pad.gz "
	    "&& cat small.gz > junk.gz && printf 'x' >> junk.gz") == 0);
	check_describe("pad.gz", NULL, "pad.gz [-] abc|def|\n");
	check_describe("junk.gz", NULL,
	    "junk.gz [-] ERROR junk.gz: not gzip data after 8 bytes\n");
	if (open_first("head.gz", NULL, &src, &in) == 0) {
		buf_clear(&got);
		CHECK(slurp(in, &got) == -1);
		err = input_error(in);
		CHECK(err != NULL && strncmp(err, "head.gz: ", 9) == 0);
		source_close(src);
	} else
		CHECK(!"open head.gz");
	buf_free(&got);
	buf_free(&want);
	free(text);
	fx_end(&fx);
}

static void
test_source_tar(void)
{
	struct fixture	 fx;
	struct buf	 tar = { NULL, 0, 0 };
	char		*text, *want, *end;
	const char	*head;
	long long	 n;
	size_t		 len;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(run("mkdir -p t/cluster-resources/pods t/logs/deep/er") == 0);
	CHECK(puts_file("t/cluster-resources/pods/default.json", "{}\n") ==
	    0);
	CHECK(puts_file("t/logs/deep/er/x.log", "x1\nx2\n") == 0);
	CHECK(puts_file("t/top.txt", "top") == 0);
	CHECK(put_zstd("t/logs/z.log.zst", "zz\n", 3, 1, 0) == 0);
	CHECK(run("ln -s top.txt t/sym && ln t/top.txt t/zhard") == 0);
	CHECK(run("tar --sort=name -cf b.tar -C t . && "
	    "gzip -c b.tar > b.tar.gz && cp b.tar.gz b.tgz.bin") == 0);
	/*
	 * Members keep their directories; "./" goes; directories and links
	 * are not inputs; a compressed member is decoded.
	 */
	check_describe("b.tar.gz", NULL,
	    "b.tar.gz!cluster-resources/pods/default.json "
	    "[cluster-resources/pods/default.json] {}|\n"
	    "b.tar.gz!logs/deep/er/x.log [logs/deep/er/x.log] x1|x2|\n"
	    "b.tar.gz!logs/z.log.zst [logs/z.log.zst] zz|\n"
	    "b.tar.gz!top.txt [top.txt] top\n");
	/* Magic bytes decide, not names. */
	check_describe("b.tgz.bin", NULL,
	    "b.tgz.bin!cluster-resources/pods/default.json "
	    "[cluster-resources/pods/default.json] {}|\n"
	    "b.tgz.bin!logs/deep/er/x.log [logs/deep/er/x.log] x1|x2|\n"
	    "b.tgz.bin!logs/z.log.zst [logs/z.log.zst] zz|\n"
	    "b.tgz.bin!top.txt [top.txt] top\n");
	check_describe("b.tar", NULL,
	    "b.tar!cluster-resources/pods/default.json "
	    "[cluster-resources/pods/default.json] {}|\n"
	    "b.tar!logs/deep/er/x.log [logs/deep/er/x.log] x1|x2|\n"
	    "b.tar!logs/z.log.zst [logs/z.log.zst] zz|\n"
	    "b.tar!top.txt [top.txt] top\n");

	CHECK(file_get("b.tar", &tar) == 0 && tar.len != 0);
	CHECK(put_zstd("b.tar.zst", tar.data, tar.len, 3, 0) == 0);
	check_describe("b.tar.zst", NULL,
	    "b.tar.zst!cluster-resources/pods/default.json "
	    "[cluster-resources/pods/default.json] {}|\n"
	    "b.tar.zst!logs/deep/er/x.log [logs/deep/er/x.log] x1|x2|\n"
	    "b.tar.zst!logs/z.log.zst [logs/z.log.zst] zz|\n"
	    "b.tar.zst!top.txt [top.txt] top\n");

	/*
	 * A .tar.gz cut in its last member: the members before it whole,
	 * then that member's failure (libarchive's own gzip filter gave
	 * none of them: it failed at the first header).
	 */
	text = lines_text(40000, &len);
	CHECK(run("mkdir c && printf 'A\\n' > c/a.txt && printf 'B\\n' > "
	    "c/b.txt") == 0);
	CHECK(put("c/z.log", text, len) == 0);
	CHECK(run("tar --sort=name -czf c.tar.gz -C c a.txt b.txt z.log && "
	    "head -c $(($(wc -c < c.tar.gz) - 3000)) c.tar.gz > cut.tar.gz && "
	    "gzip -dc < cut.tar.gz 2>/dev/null | wc -c > cut.n") == 0);
	buf_clear(&tar);
	CHECK(file_get("cut.n", &tar) == 0 && tar.len > 0);
	buf_append(&tar, "", 1);
	/* the count: at least gzip -d's, at most a few bytes more (the
	   tar's times change its deflate stream, and where the cut falls) */
	want = describe("cut.tar.gz", NULL);
	head = "cut.tar.gz!a.txt [a.txt] A|\ncut.tar.gz!b.txt [b.txt] B|\n"
	    "cut.tar.gz!z.log [z.log] ERROR cut.tar.gz!z.log: truncated gzip "
	    "stream after ";
	CHECK(strncmp(want, head, strlen(head)) == 0);
	if (strncmp(want, head, strlen(head)) == 0) {
		n = strtoll(want + strlen(head), &end, 10);
		CHECK(n >= strtoll(tar.data, NULL, 10) &&
		    n < strtoll(tar.data, NULL, 10) + 64 &&
		    strcmp(end, " bytes\n") == 0);
	}
	free(want);
	free(text);
	buf_free(&tar);
	fx_end(&fx);
}

static void
test_source_tar_corrupt(void)
{
	struct fixture	 fx;
	struct buf	 tar = { NULL, 0, 0 };
	char		*got, junk[512];
	int		 fd;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(run("mkdir t && printf a > t/a && printf b > t/b && "
	    "printf c > t/c && tar --sort=name -cf x.tar -C t a b c") == 0);
	/* The second header (after a's header and data block) is trashed. */
	memset(junk, 'J', sizeof junk);
	if ((fd = open("x.tar", O_WRONLY)) != -1) {
		CHECK(pwrite(fd, junk, sizeof junk, 1024) == 512);
		close(fd);
	}
	/* One message for the damage, then the members after it. */
	got = describe("x.tar", NULL);
	CHECK(strncmp(got, "x.tar!a [a] a\n! x.tar: ", 23) == 0);
	CHECK(strstr(got + 23, "\n! ") == NULL);
	CHECK(strstr(got, "\nx.tar!c [c] c\n") != NULL);
	free(got);

	/* A tar.zst cut in the middle of a member. */
	CHECK(run("head -c 300000 /dev/urandom > t/z && "
	    "tar --sort=name -cf y.tar -C t a z") == 0);
	CHECK(file_get("y.tar", &tar) == 0);
	CHECK(put_zstd("y.tar.zst", tar.data, tar.len, 1, tar.len / 2) == 0);
	got = describe("y.tar.zst", NULL);
	CHECK(strncmp(got, "y.tar.zst!a [a] a\n"
	    "y.tar.zst!z [z] ERROR y.tar.zst!z: truncated zstd stream after ",
	    80) == 0);
	/* The member's error says it all: no second one from the archive. */
	CHECK(strstr(got, "\n! ") == NULL);
	free(got);
	buf_free(&tar);
	fx_end(&fx);
}

static void
test_source_zip(void)
{
	static const char *const names[] = {
		"dir/", "dir/a.json", "b.log", "./dir/c.txt"
	};
	static const char *const data[] = { "", "{\"a\":1}\n", "b\n", "c" };
	struct fixture	 fx;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(put_zip("x.zip", names, data, 4) == 0);
	check_describe("x.zip", NULL,
	    "x.zip!dir/a.json [dir/a.json] {\"a\":1}|\n"
	    "x.zip!b.log [b.log] b|\n"
	    "x.zip!dir/c.txt [dir/c.txt] c\n");
	fx_end(&fx);
}

static void
test_source_dir(void)
{
	struct fixture	 fx;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(run("mkdir -p d/sub/deeper d/b") == 0);
	CHECK(puts_file("outside.txt", "secret") == 0);
	CHECK(puts_file("d/a.txt", "A") == 0);
	CHECK(puts_file("d/b/1.txt", "B1") == 0);
	CHECK(puts_file("d/sub/deeper/x.txt", "X") == 0);
	CHECK(put_zstd("d/sub/c.zst", "C", 1, 1, 0) == 0);
	CHECK(run("mkdir t && printf M > t/m.json && "
	    "tar -czf d/sub/t.tar.gz -C t m.json") == 0);
	CHECK(run("ln -s ../a.txt d/sub/in && ln -s ../outside.txt d/out && "
	    "ln -s . d/loop && ln -s ../b d/sub/bdir && "
	    "ln -s nowhere d/sub/dangling && "
	    "ln -s sub/deeper/x.txt d/0first") == 0);
	/*
	 * Sorted by strcmp at each level; the links inside are followed,
	 * the one outside and the cycle are reported.  A file reached
	 * twice (sub/in and sub/bdir/1.txt are links to files given out
	 * already) is given once, under its real name, even when the link
	 * comes first (0first).
	 */
	check_describe("d", NULL,
	    "d/sub/deeper/x.txt [sub/deeper/x.txt] X\n"
	    "d/a.txt [a.txt] A\n"
	    "d/b/1.txt [b/1.txt] B1\n"
	    "! d/loop: symbolic link makes a directory cycle; skipped\n"
	    "! d/out: symbolic link points outside the directory; skipped\n"
	    "d/sub/c.zst [sub/c.zst] C\n"
	    "! d/sub/dangling: broken symbolic link (No such file or "
	    "directory); skipped\n"
	    "d/sub/t.tar.gz!m.json [sub/t.tar.gz!m.json] M\n");
	/* A trailing "/" is not doubled. */
	check_describe("d/b/", NULL, "d/b/1.txt [1.txt] B1\n");
	/* An empty directory has no inputs. */
	CHECK(run("mkdir e") == 0);
	check_describe("e", NULL, "");
	fx_end(&fx);
}

static void
test_source_limits(void)
{
	struct fixture		 fx;
	struct source_limits	 lim = source_default_limits;
	char			 big[3000], hundred[101], *want;
	uint64_t		 total = 0;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	lim.max_bytes = 100;
	lim.max_inputs = 2;
	memset(big, 'x', sizeof big);
	memset(hundred, 'x', 100);
	hundred[100] = '\0';
	CHECK(put("big", big, 1000) == 0);
	CHECK(put_zstd("big.zst", big, 1000, 1, 0) == 0);
	CHECK(put("ok", big, 100) == 0);
	check_describe("big", &lim, "big [-] ERROR big: more than 100 bytes "
	    "read in this import: refused (--max-bytes raises the limit)\n");
	check_describe("big.zst", &lim, "big.zst [-] ERROR big.zst: more than "
	    "100 bytes read in this import: refused (--max-bytes raises the "
	    "limit)\n");
	want = xasprintf("ok [-] %s\n", hundred);
	check_describe("ok", &lim, want);
	free(want);

	/* A member too big says so; then max_inputs stops the archive. */
	CHECK(run("mkdir t && cp big ok t/ && printf s > t/small && "
	    "tar --sort=name -czf b.tar.gz -C t big ok small") == 0);
	want = xasprintf("b.tar.gz!big [big] ERROR b.tar.gz!big: its 1000 "
	    "bytes would pass the 100 bytes read in this import: refused "
	    "(--max-bytes raises the limit)\n"
	    "b.tar.gz!ok [ok] %s\n"
	    "! b.tar.gz: more than 2 inputs; the rest are skipped "
	    "(--max-inputs raises the limit)\n",
	    hundred);
	check_describe("b.tar.gz", &lim, want);
	free(want);

	/* The same in a directory. */
	CHECK(run("mkdir u && printf 1 > u/a && printf 2 > u/b && "
	    "printf 3 > u/c") == 0);
	lim.max_inputs = 1;
	check_describe("u", &lim,
	    "u/a [a] 1\n! u: more than 1 inputs; the rest are skipped "
	    "(--max-inputs raises the limit)\n");

	/* The import's total is shared by its sources. */
	lim.max_inputs = 100;
	lim.max_bytes = 150;
	lim.total = &total;
	want = xasprintf("ok [-] %s\n", hundred);
	check_describe("ok", &lim, want);
	free(want);
	check_describe("ok", &lim, "ok [-] ERROR ok: more than 150 bytes read "
	    "in this import: refused (--max-bytes raises the limit)\n");
	lim.total = NULL;

	/* Limits in round units read as such. */
	lim.max_bytes = 2048;
	CHECK(put("big2", big, sizeof big) == 0);
	check_describe("big2", &lim, "big2 [-] ERROR big2: more than 2 KiB "
	    "read in this import: refused (--max-bytes raises the limit)\n");
	CHECK(source_default_limits.max_bytes == 20ULL << 30);
	CHECK(source_default_limits.max_ratio == 200);
	CHECK(source_default_limits.max_inputs == 100000);
	CHECK(source_default_limits.max_line == LINE_MAX_LEN);
	fx_end(&fx);
}

/*
 * The ratio limit, at its default, on streams that expand far more than
 * any real log: refused once past SOURCE_RATIO_FLOOR, after reading a few
 * MiB, not gigabytes.  A plain file of the same bytes is not refused.
 */
static void
test_source_ratio(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	char		 buf[65536];
	ssize_t		 r;
	uint64_t	 got;
	int		 i;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK(run("yes 'one line, again and again' | head -c 200000000 | "
	    "zstd -q -19 > bomb.zst && yes 'one line, again and again' | "
	    "head -c 200000000 | gzip -9 > bomb.gz && "
	    "mkdir t && yes 'one line' | head -c 100000000 > t/x.log && "
	    "tar -czf bomb.tar.gz -C t x.log && rm -rf t") == 0);
	for (i = 0; i < 3; i++) {
		const char *path = i == 0 ? "bomb.zst" : i == 1 ? "bomb.gz" :
		    "bomb.tar.gz";

		if (open_first(path, NULL, &src, &in) == -1) {
			CHECK(!"open bomb");
			continue;
		}
		got = 0;
		while ((r = input_read(in, buf, sizeof buf)) > 0)
			got += (uint64_t)r;
		CHECK(r == -1);
		CHECK(input_limited(in));
		CHECK(input_error(in) != NULL && strstr(input_error(in),
		    "expands more than 200 times") != NULL &&
		    strstr(input_error(in), "(--max-ratio raises the limit)") !=
		    NULL);
		/* stopped early: at the read that went past the floor (the
		   bytes before it given out), well before the end */
		CHECK(got + sizeof buf > SOURCE_RATIO_FLOOR);
		CHECK(got < 64 * 1024 * 1024);
		source_close(src);
	}
	/* no ratio limit: read to the end */
	if (open_first("bomb.zst", &(struct source_limits){ .max_ratio = 0,
	    .max_inputs = 1, .max_line = LINE_MAX_LEN }, &src, &in) == 0) {
		got = 0;
		while ((r = input_read(in, buf, sizeof buf)) > 0)
			got += (uint64_t)r;
		CHECK(r == 0 && got == 200000000);
		source_close(src);
	} else
		CHECK(!"open bomb.zst");
	fx_end(&fx);
}

static void
test_source_peek(void)
{
	struct fixture	 fx;
	struct source	*src;
	struct input	*in;
	struct buf	 got = { NULL, 0, 0 };
	const unsigned char *p;
	char		*text;
	size_t		 len, n;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	text = lines_text(5000, &len);
	CHECK(len > 2 * INPUT_PEEK_MAX);
	CHECK(put("plain", text, len) == 0);
	CHECK(put_zstd("z.zst", text, len, 2, 0) == 0);
	CHECK(run("gzip -c plain > g.gz") == 0);
	CHECK(put("short", "tiny", 4) == 0);

	if (open_first("plain", NULL, &src, &in) == 0) {
		n = input_peek(in, &p);
		CHECK(n == INPUT_PEEK_MAX);
		CHECK(memcmp(p, text, n) == 0);
		/* Peeking again changes nothing. */
		CHECK(input_peek(in, &p) == INPUT_PEEK_MAX);
		CHECK(memcmp(p, text, n) == 0);
		CHECK(input_offset(in) == 0);
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		source_close(src);
	} else
		CHECK(!"open plain");
	if (open_first("z.zst", NULL, &src, &in) == 0) {
		n = input_peek(in, &p);
		CHECK(n == INPUT_PEEK_MAX && memcmp(p, text, n) == 0);
		buf_clear(&got);
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		source_close(src);
	} else
		CHECK(!"open z.zst");
	if (open_first("g.gz", NULL, &src, &in) == 0) {
		n = input_peek(in, &p);
		CHECK(n == INPUT_PEEK_MAX && memcmp(p, text, n) == 0);
		buf_clear(&got);
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == len && memcmp(got.data, text, len) == 0);
		source_close(src);
	} else
		CHECK(!"open g.gz");
	if (open_first("short", NULL, &src, &in) == 0) {
		n = input_peek(in, &p);
		CHECK(n == 4 && memcmp(p, "tiny", 4) == 0);
		buf_clear(&got);
		CHECK(slurp(in, &got) == 0);
		CHECK(got.len == 4 && memcmp(got.data, "tiny", 4) == 0);
		source_close(src);
	} else
		CHECK(!"open short");
	buf_free(&got);
	free(text);
	fx_end(&fx);
}

/* Reads the first line of path (without "\n") into out. */
static int
get_line(const char *path, char *out, size_t len)
{
	FILE	*f;
	int	 r = -1;

	if ((f = fopen(path, "r")) == NULL)
		return (-1);
	if (fgets(out, (int)len, f) != NULL) {
		out[strcspn(out, "\n")] = '\0';
		r = 0;
	}
	fclose(f);
	return (r);
}

/* Reads path whole and writes its content hash. */
static int
hash_of(const char *path, char out[SHA256_HEX_LEN])
{
	struct source	*src;
	struct input	*in;
	struct buf	 got = { NULL, 0, 0 };
	int		 r;

	if (open_first(path, NULL, &src, &in) == -1)
		return (-1);
	r = slurp(in, &got);
	input_hash(in, out);
	buf_free(&got);
	source_close(src);
	return (r);
}

static void
test_source_hash(void)
{
	struct fixture	 fx;
	char		 h1[SHA256_HEX_LEN], h2[SHA256_HEX_LEN];
	char		 h3[SHA256_HEX_LEN], h4[SHA256_HEX_LEN], *text;
	size_t		 len;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	text = lines_text(3000, &len);
	CHECK(put("plain", text, len) == 0);
	CHECK(put_zstd("z.zst", text, len, 3, 0) == 0);
	CHECK(run("gzip -c plain > g.gz") == 0);
	text[0] = 'L';
	CHECK(put("other", text, len) == 0);
	CHECK(hash_of("plain", h1) == 0);
	CHECK(hash_of("z.zst", h2) == 0);
	CHECK(hash_of("g.gz", h3) == 0);
	CHECK(hash_of("other", h4) == 0);
	CHECK(strlen(h1) == 64);
	CHECK_STR(h1, h2);
	CHECK_STR(h1, h3);
	CHECK(strcmp(h1, h4) != 0);
	/* SHA-256 of the content, as sha256sum computes it */
	CHECK(run("sha256sum plain | cut -c1-64 > sum") == 0);
	memset(h4, 0, sizeof h4);
	CHECK(get_line("sum", h4, sizeof h4) == 0);
	CHECK_STR(h1, h4);
	free(text);
	fx_end(&fx);
}

/* Replaces standard input with the read end of a pipe holding p. */
static int
stdin_from(const void *p, size_t n, int *saved)
{
	int	fds[2];

	if (n > 60000 || pipe(fds) == -1)
		return (-1);
	if (write(fds[1], p, n) != (ssize_t)n) {
		close(fds[0]);
		close(fds[1]);
		return (-1);
	}
	close(fds[1]);
	*saved = dup(STDIN_FILENO);
	if (*saved == -1 || dup2(fds[0], STDIN_FILENO) == -1) {
		close(fds[0]);
		return (-1);
	}
	close(fds[0]);
	return (0);
}

static void
stdin_restore(int saved)
{
	if (dup2(saved, STDIN_FILENO) == -1)
		fatal("dup2: %s", strerror(errno));
	close(saved);
}

static void
test_source_stdin(void)
{
	static const char *const names[] = { "a/z.json" };
	static const char *const data[] = { "zip on stdin" };
	struct fixture	 fx;
	struct buf	 b = { NULL, 0, 0 };
	int		 saved;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	if (stdin_from("plain\n", 6, &saved) == 0) {
		check_describe("-", NULL, "- [-] plain|\n");
		stdin_restore(saved);
	} else
		CHECK(!"stdin");

	CHECK(run("mkdir t && printf one > t/1 && printf two > t/2 && "
	    "tar -czf x.tgz -C t 1 2") == 0);
	CHECK(file_get("x.tgz", &b) == 0);
	if (stdin_from(b.data, b.len, &saved) == 0) {
		check_describe("-", NULL, "-!1 [1] one\n-!2 [2] two\n");
		stdin_restore(saved);
	} else
		CHECK(!"stdin");

	buf_clear(&b);
	CHECK(put_zstd("s.zst", "zstd on stdin", 13, 2, 0) == 0);
	CHECK(file_get("s.zst", &b) == 0);
	if (stdin_from(b.data, b.len, &saved) == 0) {
		check_describe("-", NULL, "- [-] zstd on stdin\n");
		stdin_restore(saved);
	} else
		CHECK(!"stdin");

	buf_clear(&b);
	CHECK(put_zip("s.zip", names, data, 1) == 0);
	CHECK(file_get("s.zip", &b) == 0);
	if (stdin_from(b.data, b.len, &saved) == 0) {
		check_describe("-", NULL,
		    "-!a/z.json [a/z.json] zip on stdin\n");
		stdin_restore(saved);
	} else
		CHECK(!"stdin");
	buf_free(&b);
	fx_end(&fx);
}

/* Collects what a line reader returns over a file, one line per call. */
static char *
lr_describe(const char *path)
{
	struct source		*src;
	struct input		*in;
	struct linereader	 lr;
	struct buf		 out = { NULL, 0, 0 };
	enum lr_status		 st;
	const char		*line, *nul;
	size_t			 len, i;

	if (open_first(path, NULL, &src, &in) == -1)
		return (xstrdup("OPEN"));
	lr_init(&lr, in);
	while ((st = lr_next(&lr, &line, &len)) != LR_EOF) {
		if (st == LR_ERROR) {
			buf_printf(&out, "ERROR %s\n", input_error(in));
			break;
		}
		if (st == LR_LONG) {
			buf_printf(&out, "%ju: LONG\n", (uintmax_t)lr.lineno);
			continue;
		}
		CHECK(line[len] == '\0');
		/* the reader tells where the first NUL byte is */
		nul = memchr(line, '\0', len);
		CHECK(lr.nul_at == (nul != NULL ? (size_t)(nul - line) :
		    SIZE_MAX));
		buf_printf(&out, "%ju: ", (uintmax_t)lr.lineno);
		if (len > 100)
			buf_printf(&out, "(%zu bytes)", len);
		else {
			for (i = 0; i < len; i++) {
				if (line[i] == '\0')
					buf_puts(&out, "<NUL>");
				else if (line[i] == '\r')
					buf_puts(&out, "<CR>");
				else
					buf_append(&out, &line[i], 1);
			}
		}
		buf_puts(&out, "\n");
	}
	lr_free(&lr);
	source_close(src);
	return (out.data != NULL ? out.data : xstrdup(""));
}

static void
check_lines(const char *path, const void *p, size_t n, const char *want)
{
	char	*got;

	CHECK(put(path, p, n) == 0);
	got = lr_describe(path);
	CHECK_STR(got, want);
	free(got);
}

/* check_lines() on a string literal, NUL bytes included. */
#define CHECK_LINES(path, lit, want) \
	check_lines(path, lit, sizeof (lit) - 1, want)

static void
test_source_lines(void)
{
	struct fixture	 fx;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	CHECK_LINES("crlf", "a\r\nbb\r\n\r\nc\n", "1: a\n2: bb\n3: \n4: c\n");
	CHECK_LINES("last", "one\ntwo", "1: one\n2: two\n");
	/* A lone "\r" is data; so is one at the very end without "\n". */
	CHECK_LINES("cr", "a\rb\nc\r", "1: a<CR>b\n2: c<CR>\n");
	CHECK_LINES("nul", "a\0b\n\0\nc", "1: a<NUL>b\n2: <NUL>\n3: c\n");
	CHECK_LINES("empties", "\n\nx\n\n", "1: \n2: \n3: x\n4: \n");
	CHECK_LINES("nothing", "", "");
	CHECK_LINES("newline", "\n", "1: \n");
	fx_end(&fx);
}

static void
test_source_lines_long(void)
{
	struct fixture	 fx;
	struct buf	 b = { NULL, 0, 0 };
	char		*big, *want;
	size_t		 i;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	big = xmalloc(2 * LINE_MAX_LEN + 10);
	memset(big, 'y', 2 * LINE_MAX_LEN + 10);

	/* A 2 MiB line between short ones. */
	buf_puts(&b, "short1\n");
	buf_append(&b, big, 2 * LINE_MAX_LEN);
	buf_puts(&b, "\nshort2\n");
	check_lines("long", b.data, b.len, "1: short1\n2: LONG\n3: short2\n");

	/* LINE_MAX_LEN bytes are kept, with or without "\r"; more are not. */
	buf_clear(&b);
	buf_append(&b, big, LINE_MAX_LEN);
	buf_puts(&b, "\r\n");
	buf_append(&b, big, LINE_MAX_LEN);
	buf_puts(&b, "\n");
	buf_append(&b, big, LINE_MAX_LEN + 1);
	buf_puts(&b, "\n");
	buf_append(&b, big, LINE_MAX_LEN + 2);
	buf_puts(&b, "\r\nend");
	want = xasprintf("1: (%d bytes)\n2: (%d bytes)\n3: LONG\n4: LONG\n"
	    "5: end\n", LINE_MAX_LEN, LINE_MAX_LEN);
	check_lines("edge", b.data, b.len, want);
	free(want);

	/*
	 * NUL bytes in lines that run across the reader's buffers, wherever
	 * their boundaries fall: 4,000 lines of 1,000 to 1,999 bytes, most
	 * with a NUL byte somewhere (lr_describe checks where the reader
	 * says it is).
	 */
	buf_clear(&b);
	{
		struct buf	w = { NULL, 0, 0 };
		uint32_t	x = 12345;
		size_t		n, at;

		for (i = 1; i <= 4000; i++) {
			x = x * 1103515245u + 12345u;
			n = 1000 + (x >> 8) % 1000;
			at = (x >> 4) % (n + n / 4);
			buf_append(&b, big, n);
			if (at < n)
				b.data[b.len - n + at] = '\0';
			buf_puts(&b, "\n");
			buf_printf(&w, "%zu: (%zu bytes)\n", i, n);
		}
		check_lines("nuls", b.data, b.len, w.data);
		buf_free(&w);
	}

	/* Long lines in a row, and a long last line without "\n". */
	buf_clear(&b);
	for (i = 0; i < 3; i++) {
		buf_append(&b, big, LINE_MAX_LEN + 5 + i * 300000);
		buf_puts(&b, "\n");
	}
	buf_puts(&b, "mid\n");
	buf_append(&b, big, 2 * LINE_MAX_LEN + 10);
	check_lines("longs", b.data, b.len,
	    "1: LONG\n2: LONG\n3: LONG\n4: mid\n5: LONG\n");

	/* Many lines through a decoder, across buffer boundaries. */
	buf_clear(&b);
	for (i = 1; i <= 100000; i++)
		buf_printf(&b, "%zu\n", i);
	CHECK(put_zstd("many.zst", b.data, b.len, 4, 0) == 0);
	{
		struct source		*src;
		struct input		*in;
		struct linereader	 lr;
		const char		*line;
		size_t			 len, count = 0, bad = 0;
		char			 expect[32];

		if (open_first("many.zst", NULL, &src, &in) == 0) {
			lr_init(&lr, in);
			while (lr_next(&lr, &line, &len) == LR_LINE) {
				count++;
				snprintf(expect, sizeof expect, "%zu", count);
				if (strcmp(line, expect) != 0 ||
				    lr.lineno != count)
					bad++;
			}
			CHECK(count == 100000);
			CHECK(bad == 0);
			lr_free(&lr);
			source_close(src);
		} else
			CHECK(!"open many.zst");
	}

	/* A read error ends the lines with LR_ERROR. */
	buf_clear(&b);
	for (i = 1; i <= 100000; i++)
		buf_printf(&b, "%zu\n", i);
	CHECK(put_zstd("cut.zst", b.data, b.len, 1, 20000) == 0);
	{
		char	*got = lr_describe("cut.zst");

		CHECK(strstr(got, "ERROR cut.zst: truncated zstd stream") !=
		    NULL);
		free(got);
	}
	buf_free(&b);
	free(big);
	fx_end(&fx);
}

/*
 * Lines are found where they were read: the 512 bytes the source looked
 * at to know the file, then 1 MiB at a time.  A line across two reads is
 * put together, a "\r" at the end of one and its "\n" at the start of
 * the next included.
 */
static void
test_source_lines_views(void)
{
	struct fixture	 fx;
	struct buf	 b = { NULL, 0, 0 };
	char		*got, *want;
	size_t		 i;

	if (fx_begin(&fx) == -1) {
		CHECK(!"fixture");
		return;
	}
	/* "\r" the last byte of the first read, then of the second */
	for (i = 0; i < 511; i++)
		buf_puts(&b, "a");
	buf_puts(&b, "\r\n");
	for (i = 0; i < 10485; i++)
		buf_printf(&b, "%099zu\n", i);
	buf_printf(&b, "%070d\n", 7);
	buf_puts(&b, "abc\r\nacross the second read\nend");
	CHECK(b.len == 512 + (1 << 20) + 1 + 23 + 3);
	CHECK(b.data[511] == '\r' && b.data[512 + (1 << 20) - 1] == '\r');
	CHECK(put("views", b.data, b.len) == 0);
	got = lr_describe("views");
	want = xasprintf("10488: abc\n10489: across the second read\n"
	    "10490: end\n");
	CHECK(strncmp(got, "1: (511 bytes)\n2: 0000", 22) == 0);
	CHECK(strlen(got) > strlen(want) &&
	    strcmp(got + strlen(got) - strlen(want), want) == 0);
	free(want);
	free(got);

	/* stopped at once, the reader ahead leaves what it read, and the
	   line reader reads the rest itself: every line, in order */
	{
		struct source		*src;
		struct input		*in;
		struct linereader	 lr;
		const char		*line;
		size_t			 len, count = 0, bad = 0;
		char			 expect[128];

		if (open_first("views", NULL, &src, &in) == 0) {
			lr_init(&lr, in);
			input_ahead_stop(in);
			while (lr_next(&lr, &line, &len) == LR_LINE) {
				if (count == 0 && len != 511)
					bad++;
				if (count >= 1 && count <= 10485) {
					snprintf(expect, sizeof expect,
					    "%099zu", count - 1);
					if (len != 99 ||
					    strcmp(line, expect) != 0)
						bad++;
				}
				count++;
			}
			CHECK(count == 10490);
			CHECK(bad == 0);
			CHECK(input_offset(in) == b.len);
			lr_free(&lr);
			source_close(src);
		} else
			CHECK(!"open views");
	}
	buf_free(&b);
	fx_end(&fx);
}

const struct unit_test source_tests[] = {
	{ "source_plain", test_source_plain },
	{ "source_empty", test_source_empty },
	{ "source_zstd", test_source_zstd },
	{ "source_zstd_truncated", test_source_zstd_truncated },
	{ "source_gzip", test_source_gzip },
	{ "source_tar", test_source_tar },
	{ "source_tar_corrupt", test_source_tar_corrupt },
	{ "source_zip", test_source_zip },
	{ "source_dir", test_source_dir },
	{ "source_limits", test_source_limits },
	{ "source_ratio", test_source_ratio },
	{ "source_peek", test_source_peek },
	{ "source_hash", test_source_hash },
	{ "source_stdin", test_source_stdin },
	{ "source_lines", test_source_lines },
	{ "source_lines_long", test_source_lines_long },
	{ "source_lines_views", test_source_lines_views },
	{ NULL, NULL }
};
