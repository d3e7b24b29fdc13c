/*
 * source-int.h: what the files of the source module share, and nothing
 * else may see: the stages bytes flow through, struct source and struct
 * input, and the functions behind source.h.  Private to src/source*.c.
 *
 * The module is one idea a file:
 *   source.c          the input API (source.h) and the stage chain
 *   source-decode.c   the zstd and gzip decoders
 *   source-archive.c  a file given out whole or as an archive's members
 *   source-walk.c     the walk through a directory tree
 *   source-lines.c    the line reader
 *   source-ahead.c    an input read ahead on a thread of its own
 * Like source.h, it knows bytes only: nothing of formats, SQLite or
 * curses.
 */
#ifndef SOURCE_INT_H
#define SOURCE_INT_H

#include <sys/types.h>
#include <sys/stat.h>

#include <archive.h>
#include <stdint.h>
#include <zlib.h>
#include <zstd.h>

#include "source.h"
#include "util.h"

/* How a stage makes its bytes. */
enum stage_kind {
	STAGE_FD,		/* read(2) on a file descriptor */
	STAGE_ZSTD,		/* zstd frames decoded from the stage below */
	STAGE_GZIP,		/* gzip members decoded (zlib) */
	STAGE_MEMBER		/* the current entry of an archive */
};

/*
 * One stage of a byte pipeline.  Bytes made early by source_stage_fill()
 * wait in "ahead" and are given out first by source_stage_read().  Errors
 * are sticky: once error is set, reads return -1 after the bytes already
 * ahead.
 */
struct stage {
	enum stage_kind	 kind;		/* how bytes are made */
	struct stage	*below;		/* encoded bytes come from here; owned;
					   NULL for STAGE_FD and STAGE_MEMBER */
	unsigned char	*ahead;		/* made, not yet given out; owned */
	size_t		 aheadcap;	/* bytes allocated in ahead */
	size_t		 aheadoff;	/* first byte of ahead not given out */
	size_t		 aheadlen;	/* bytes valid in ahead */
	unsigned char	*feed;		/* FEED_SIZE bytes lent to libarchive
					   when it reads this stage; owned */
	uint64_t	 made;		/* bytes made so far, ahead included */
	int		 eof;		/* nothing more will be made */
	char		*error;		/* why making failed, or NULL; owned */

	int		 fd;		/* STAGE_FD: the descriptor */
	int		 ownfd;		/* STAGE_FD: close fd when freed */
	int		 seekable;	/* STAGE_FD: a regular file */

	/* the decoders' input, STAGE_ZSTD and STAGE_GZIP */
	unsigned char	*zbuf;		/* encoded bytes; owned */
	size_t		 zcap;		/* bytes allocated */
	size_t		 zlen;		/* bytes valid in zbuf */
	size_t		 zpos;		/* first byte not decoded */
	int		 zdrained;	/* below has ended */
	ZSTD_DCtx	*zctx;		/* STAGE_ZSTD: the decoder; owned */
	size_t		 zhint;		/* STAGE_ZSTD: the decoder's last
					   answer, 0 just after a frame */
	z_stream	*gz;		/* STAGE_GZIP: the decoder; owned */
	int		 gzmember;	/* STAGE_GZIP: inside a member (its
					   header begun, its end not met) */
	char		*gzlate;	/* STAGE_GZIP: a failure met after
					   the bytes last made, said at the
					   next read; owned */

	struct archive	*ar;		/* STAGE_MEMBER: the file's,
					   borrowed */
	int		 arfatal;	/* STAGE_MEMBER: reading the member
					   broke the archive (ARCHIVE_FATAL) */
};

/* One directory of a tree being walked. */
struct dirlevel {
	char		*rel;		/* path below the directory given, ""
					   for that directory itself; owned */
	char		**names;	/* its entries in strcmp order; owned */
	size_t		 nnames;	/* entries in names */
	size_t		 next;		/* index of the next entry to visit */
	dev_t		 dev;		/* device and inode: identity, to */
	ino_t		 ino;		/* refuse cycles through symlinks */
};

/* A file's identity on disk. */
struct file_id {
	dev_t		 dev;		/* st_dev of its stat */
	ino_t		 ino;		/* st_ino; 0 only in a free slot */
};

/* A set of file identities: open addressing, grown at half full. */
struct idset {
	struct file_id	*v;		/* slots; ino 0 marks a free one
					   (no file has it); owned */
	size_t		 cap;		/* slots allocated, a power of 2 */
	size_t		 n;		/* slots used */
};

/* A file being turned into inputs (source-archive.c). */
struct file;

/* What the user named, and where the walk through it stands. */
struct source {
	char		*path;		/* as given; owned */
	struct source_limits lim;	/* limits in force */
	char		*root;		/* realpath of the directory given, or
					   NULL when path is not one; owned */
	struct dirlevel	*dirs;		/* directories open in the walk,
					   outermost first; owned */
	size_t		 ndirs;		/* levels used in dirs */
	size_t		 dirscap;	/* levels allocated in dirs */
	struct file	*file;		/* the file giving inputs, or NULL;
					   owned */
	struct input	*in;		/* the input last given out, or NULL;
					   owned */
	uint64_t	 ninputs;	/* inputs given out so far */
	struct idset	 seen;		/* files the walk gave out: a file
					   reached twice (through a link)
					   is given once */
	struct idset	 walked;	/* directories the walk entered: one
					   reached again through a link is
					   not walked twice */
	uint64_t	 file_out;	/* bytes delivered by the inputs of
					   the current file (for max_ratio) */
	uint64_t	 own_total;	/* bytes read, when lim.total is
					   NULL */
	int		 stopped;	/* max_inputs passed: nothing more */
};

/* One input: one byte stream with a name. */
struct input {
	char		*name;		/* "path", "dir/rel" or "...!member";
					   owned */
	const char	*path;		/* the path given; borrowed from the
					   source */
	char		*member;	/* below the path given, or NULL;
					   owned */
	struct stage	*top;		/* where its bytes come from; owned */
	struct source	*src;		/* the source it belongs to; borrowed */
	const struct stage *disk;	/* the stage reading the file it comes
					   from, for max_ratio; borrowed (owned
					   by top's chain or by the file) */
	uint64_t	 offset;	/* bytes delivered by input_read */
	struct sha256	 hash;		/* of the bytes delivered */
	char		*error;		/* why reading failed (sticky), naming
					   the input, or NULL; owned */
	int		 limited;	/* error is a limit of source_limits */
	struct ahead	*ahead;		/* the thread reading ahead, or NULL
					   (source-ahead.c); owned */
	char		*vbuf;		/* input_view's bytes without the
					   thread, or NULL; owned */
};

/* source.c */
/*
 * Reads up to n bytes of the input from its stage chain, checks the
 * limits and hashes them: the bytes, 0 at the end, or -1 with *why (a
 * new message naming the input) and *limited when it is a limit.
 */
ssize_t		 input_read_stage(struct input *in, void *buf, size_t n,
		    char **why, int *limited);

/* source-ahead.c (input_ahead_start and _stop: source.h) */
/* Stops it and frees what it read (the input is done). */
void		 input_ahead_end(struct input *in);
/*
 * input_read's bytes from what was read ahead: the bytes, 0 at the end,
 * or -1 with in->error (and in->limited) set where the input failed.
 */
ssize_t		 input_ahead_read(struct input *in, void *buf, size_t n);
/*
 * input_view's bytes from what was read ahead, in place: as
 * input_ahead_read, or AHEAD_GONE when the thread stopped and left
 * nothing (the ring is freed: the reader reads on itself).
 */
#define AHEAD_GONE	(-2)
ssize_t		 input_ahead_view(struct input *in, char **p);

/* source.c: the stage chain */
/* Returns a new stage of the given kind on top of below (taken). */
struct stage	*source_stage_new(enum stage_kind kind, struct stage *below);
/* Returns a stage reading fd; closes it when freed if own is set. */
struct stage	*source_stage_fd(int fd, int own, int seekable);
/* Frees st and every stage below it. */
void		 source_stage_free(struct stage *st);
/* The stage at the bottom of st's chain: the one reading the file. */
const struct stage *source_stage_bottom(const struct stage *st);
/* Records why st failed (the first reason wins) and returns -1. */
ssize_t		 source_stage_fail(struct stage *st, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));
/* Gives out bytes made ahead first, then makes new ones. */
ssize_t		 source_stage_read(struct stage *st, void *buf, size_t n);
/*
 * Makes sure up to want bytes are ahead, without consuming them.  Sets *p
 * to them (borrowed, valid until the next read) and returns how many there
 * are: fewer than want only at the end or after an error, which the next
 * read reports once the bytes ahead are given out.
 */
size_t		 source_stage_fill(struct stage *st, size_t want,
		    const unsigned char **p);
/* Makes libarchive read st (seeking in it when it is a regular file). */
void		 source_stage_feed(struct archive *ar, struct stage *st);

/* source.c: inputs */
/*
 * Returns a new input; takes name, member and top.  disk is the stage
 * reading the file it comes from (borrowed).
 */
struct input	*input_new(struct source *src, char *name, char *member,
		    struct stage *top, const struct stage *disk);
/* Where the bytes read in this import are counted. */
uint64_t	*source_total(struct source *src);

/* source-decode.c */
/*
 * Looks at the first bytes of st and returns a decoder over it (taking st)
 * when they are zstd or gzip, or st itself.
 */
struct stage	*source_decode(struct stage *st);
/* Make up to n decoded bytes of a STAGE_ZSTD or STAGE_GZIP stage
   (stage_make). */
ssize_t		 source_zstd_make(struct stage *st, void *buf, size_t n);
ssize_t		 source_gzip_make(struct stage *st, void *buf, size_t n);
/* Frees what a STAGE_ZSTD or STAGE_GZIP stage decodes with. */
void		 source_decode_free(struct stage *st);

/* source-archive.c */
/* Returns a new file named name over base; takes name, member and base. */
struct file	*source_file_new(char *name, char *member, struct stage *base);
void		 source_file_free(struct file *f);
/* Returns 1 and a new input, 0 when the file is done, or -1 and a cause. */
int		 source_file_next(struct source *src, struct file *f,
		    struct input **inp, char **cause);
/* The input last given out of f is read (source_next moves past it). */
void		 source_file_input_done(struct file *f,
		    const struct input *in);

/* source-walk.c */
/*
 * Starts walking the directory the source names, whose stat is sb.
 * Returns 0, or -1 and a new *cause naming the path.
 */
int		 source_walk_begin(struct source *src, const struct stat *sb,
		    char **cause);
/*
 * Visits directory entries until one is a regular file, which becomes
 * src->file.  Returns 1 then, 0 when the walk is over, or -1 and a cause
 * for an entry that had to be skipped (the walk goes on at the next call).
 */
int		 source_walk_next(struct source *src, char **cause);
/* Ends the walk: no directory is left to visit. */
void		 source_walk_stop(struct source *src);
/* Ends the walk and frees what it held. */
void		 source_walk_free(struct source *src);

#endif
