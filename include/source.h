/*
 * source.h: one byte stream per input, whatever the packaging.
 *
 * A source is what the user named: a plain file, a .zst or .gz file,
 * standard input ("-"), a directory tree, or an archive (.tar, .tar.gz,
 * .tgz, .tar.zst, .zip).  source_next() yields each input in turn: the file
 * itself, each regular file of a directory (sorted, recursively), or each
 * regular member of an archive, named "bundle.tar.gz!dir/file.json".
 * Compression and archive formats are recognised by their magic bytes, not
 * by the file name.  Inputs inside a directory are opened the same way, so
 * a directory may hold .zst files and archives.
 *
 * This layer knows bytes only: nothing of formats, SQLite or curses.
 * Memory is bounded whatever the input size.
 */
#ifndef SOURCE_H
#define SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "util.h"

struct source;
struct input;

/*
 * Limits against decompression bombs, hostile archives and endless
 * inputs.  A read past one fails with an error naming the limit and the
 * option of "coroner import" that changes it; input_limited() is then set.
 */
struct source_limits {
	uint64_t	 max_bytes;	/* bytes read (after decompression) by
					   every input of every source sharing
					   *total; 0: no limit (--max-bytes) */
	uint64_t	 max_ratio;	/* most bytes delivered per byte read
					   from a file, once it delivered
					   SOURCE_RATIO_FLOOR; 0: no limit
					   (--max-ratio) */
	uint64_t	 max_inputs;	/* inputs per source (--max-inputs) */
	size_t		 max_line;	/* longest line the line reader keeps
					   (--max-line) */
	uint64_t	*total;		/* bytes read so far in this import,
					   shared by the sources opened with
					   these limits; owned by the caller;
					   NULL: each source counts alone */
};
/* 20 GiB per import, 1:200, 100,000 inputs per source, 1 MiB lines. */
extern const struct source_limits source_default_limits;
/* A file's first bytes are never a bomb: the ratio is checked past this. */
#define SOURCE_RATIO_FLOOR	(16 * 1024 * 1024)

/*
 * Opens path ("-" is standard input).  Returns 0 and a new source (caller
 * frees with source_close), or -1 and a new *cause naming the path.
 * lim may be NULL for the defaults.
 */
int	 source_open(const char *path, const struct source_limits *lim,
	    struct source **src, char **cause);

/*
 * Moves to the next input.  Returns 1 and sets *in (borrowed: valid until
 * the next source_next or source_close), 0 when there are no more, or -1
 * with a new *cause when the source itself is broken (a corrupt archive
 * header, an unreadable directory).  After -1, source_next may be called
 * again: it returns 0 or the inputs it can still reach.
 * Symbolic links in directories are followed only when they resolve inside
 * the directory given; archive members that are links are skipped (their
 * target is a member of its own).
 */
int	 source_next(struct source *src, struct input **in, char **cause);
void	 source_close(struct source *src);

/*
 * "path" for the path itself, "dir/sub/file" for a file of a directory,
 * "path!member" for an archive member (so "dir/sub/b.tar.gz!member" for
 * an archive inside a directory); borrowed, valid while the input is.
 */
const char	*input_name(const struct input *in);
/* The path the user gave (borrowed). */
const char	*input_path(const struct input *in);
/*
 * The member inside an archive or directory ("member", "sub/file",
 * "sub/b.tar.gz!member"), or NULL for a plain path.
 */
const char	*input_member(const struct input *in);

/*
 * Reads up to n bytes.  Returns the count, 0 at the end, or -1 on a read
 * or decompression error (truncated .zst/.gz, corrupt member, limit
 * exceeded); input_error() then says why.
 */
ssize_t		 input_read(struct input *in, void *buf, size_t n);
/*
 * Like input_read(), but the bytes are not copied: *p points at the
 * next ones where they were read (the reader ahead's buffer), and they
 * stay valid, and the caller's to write, until the next input_view() or
 * input_read().  A NUL byte follows them (a scan for a byte may stop at
 * either: strchrnul).  For a reader that scans bytes in place (the line
 * reader); not to be mixed with input_read() on one input.
 */
ssize_t		 input_view(struct input *in, char **p);
/* Whether the last read failed on a limit (struct source_limits). */
int		 input_limited(const struct input *in);
/* The longest line the line reader keeps for this input. */
size_t		 input_max_line(const struct input *in);
/*
 * "line longer than 1 MiB skipped (--max-line raises the limit)", with
 * what in place of "line" and the input's own limit: for messages.
 */
char		*input_long_why(const struct input *in, const char *what);
/* Writes a byte count as a limit reads best: "1 MiB", "1000 bytes". */
void		 source_size_text(uint64_t n, char *out, size_t len);

/*
 * Looks at the first bytes without consuming them: sets *p (borrowed,
 * valid until the next input_read) and returns how many are available,
 * at most INPUT_PEEK_MAX, fewer only at the end of a short input.
 * Only valid before the first input_read.
 */
#define INPUT_PEEK_MAX	65536
size_t		 input_peek(struct input *in, const unsigned char **p);
/*
 * Like input_peek(), but the bytes end with a whole line: cut after the
 * last "\n" of the first INPUT_PEEK_MAX bytes, or, when those hold none,
 * looked at further (up to the input's max_line) for the end of the
 * first line.  When the first line is longer still, the first
 * INPUT_PEEK_MAX bytes as input_peek() gives them.  For detection, which
 * must judge lines, not pieces of one.
 */
size_t		 input_peek_lines(struct input *in, const unsigned char **p);

/*
 * Why the last read failed, naming the input ("logs.zst: truncated zstd
 * stream after 12345 bytes"); borrowed, or NULL.  Errors are sticky.
 */
const char	*input_error(const struct input *in);
/*
 * Reads the input ahead on a thread of its own (the file, its
 * decompression, the limits and the hash), for a reader that reads it to
 * its end: the line reader and the JSON splitter.  Nothing when it cannot
 * or already does.  Stopped, what it read and was not taken is still
 * read; input_hash stops it.
 */
void		 input_ahead_start(struct input *in);
void		 input_ahead_stop(struct input *in);
/* Bytes delivered by input_read so far (after decompression). */
uint64_t	 input_offset(const struct input *in);
/* SHA-256 of the bytes delivered so far: 64 hex digits and a NUL. */
void		 input_hash(struct input *in, char out[SHA256_HEX_LEN]);

/*
 * A line reader over an input.  Lines end at "\n"; a "\r" before it is
 * removed; the last line needs no "\n".  NUL bytes are kept (use len).
 * Memory stays bounded: a line longer than the input's max_line
 * (LINE_MAX_LEN by default) is skipped whole and reported as LR_LONG with
 * its line number.
 */
#define LINE_MAX_LEN	(1024 * 1024)
enum lr_status {
	LR_ERROR = -1,		/* read error: input_error() says why */
	LR_EOF = 0,		/* no more lines */
	LR_LINE = 1,		/* line and len set */
	LR_LONG = 2		/* a line over LINE_MAX_LEN was skipped */
};
struct linereader {
	struct input	*in;		/* borrowed */
	char		*view;		/* the bytes of input_view, borrowed */
	size_t		 vlen;		/* bytes in view */
	size_t		 vat;		/* first unread byte in view */
	char		*buf;		/* owned: a line begun in an earlier
					   view, its bytes so far */
	size_t		 len;		/* bytes in buf */
	size_t		 cap;		/* bytes allocated in buf */
	int		 skipping;	/* reading past a line too long */
	int		 eof;		/* input_view returned 0 */
	uint64_t	 lineno;	/* number of the line last returned */
	size_t		 nul_at;	/* where its first NUL byte is, or
					   SIZE_MAX */
	size_t		 max;		/* longest line kept, in bytes */
};
void		 lr_init(struct linereader *lr, struct input *in);
/* *line is borrowed until the next lr_next; it is NUL-terminated. */
enum lr_status	 lr_next(struct linereader *lr, const char **line,
		    size_t *len);
void		 lr_free(struct linereader *lr);

#endif
