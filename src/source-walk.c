/*
 * source-walk.c: the walk through a directory tree (source.h): its
 * regular files in strcmp order, depth first, each opened as a file of
 * its own (source-archive.c) and named by where it really is.  Symbolic
 * links are followed only inside the directory given; a directory or
 * file reached twice is walked or given once; what cannot be visited is
 * said and skipped.  It knows nothing of packaging or of what files hold.
 */

#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source-int.h"
#include "util.h"

/* Returns a new "dir/rel", without doubling a "/" that dir ends with. */
static char *
path_join(const char *dir, const char *rel)
{
	size_t	len = strlen(dir);

	if (len != 0 && dir[len - 1] == '/')
		return (xasprintf("%s%s", dir, rel));
	return (xasprintf("%s/%s", dir, rel));
}

/* Whether resolved path p is root or lies below it (both real paths). */
static int
path_inside(const char *root, const char *p)
{
	size_t	len = strlen(root);

	if (strcmp(root, "/") == 0)
		return (1);
	return (strncmp(p, root, len) == 0 &&
	    (p[len] == '/' || p[len] == '\0'));
}

static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Reads the entries of a directory, sorted; -1 and a cause on error. */
static int
dir_list(const char *path, char ***namesp, size_t *np, char **why)
{
	DIR		*d;
	struct dirent	*de;
	char		**names = NULL;
	size_t		 n = 0, cap = 0, i;

	if ((d = opendir(path)) == NULL) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			names = xreallocarray(names, cap, sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	if (errno != 0) {
		*why = xstrdup(strerror(errno));
		closedir(d);
		for (i = 0; i < n; i++)
			free(names[i]);
		free(names);
		return (-1);
	}
	closedir(d);
	if (n != 0)
		xqsort(names, n, sizeof *names, name_cmp);
	*namesp = names;
	*np = n;
	return (0);
}

/*
 * Starts walking the directory rel (taken) below the path given, whose
 * stat is sb.  Returns -1 and a cause (without the name) on error.
 */
static int
dir_push(struct source *src, char *rel, const struct stat *sb, char **why)
{
	struct dirlevel	*d;
	char		*full, **names;
	size_t		 n;
	int		 r;

	full = *rel == '\0' ? xstrdup(src->path) : path_join(src->path, rel);
	r = dir_list(full, &names, &n, why);
	free(full);
	if (r == -1) {
		free(rel);
		return (-1);
	}
	if (src->ndirs == src->dirscap) {
		src->dirscap = src->dirscap == 0 ? 8 : src->dirscap * 2;
		src->dirs = xreallocarray(src->dirs, src->dirscap,
		    sizeof *src->dirs);
	}
	d = &src->dirs[src->ndirs++];
	d->rel = rel;
	d->names = names;
	d->nnames = n;
	d->next = 0;
	d->dev = sb->st_dev;
	d->ino = sb->st_ino;
	return (0);
}

static void
dir_pop(struct source *src)
{
	struct dirlevel	*d = &src->dirs[--src->ndirs];
	size_t		 i;

	for (i = 0; i < d->nnames; i++)
		free(d->names[i]);
	free(d->names);
	free(d->rel);
}

/* Mixes a file identity into a slot number. */
static size_t
idset_slot(const struct idset *set, dev_t dev, ino_t ino)
{
	uint64_t	h;

	h = ((uint64_t)ino * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)dev;
	h ^= h >> 29;
	return ((size_t)h & (set->cap - 1));
}

/*
 * Whether sb's file is in the set; if not, it is added now.  Inode 0 is
 * not a file on the systems coroner runs on; it is never remembered.
 */
static int
idset_add(struct idset *set, const struct stat *sb)
{
	struct file_id	*old;
	size_t		 oldcap, i, k;

	if (sb->st_ino == 0)
		return (0);
	if (set->n * 2 >= set->cap) {
		old = set->v;
		oldcap = set->cap;
		set->cap = oldcap == 0 ? 64 : oldcap * 2;
		set->v = xcalloc(set->cap, sizeof *set->v);
		for (i = 0; i < oldcap; i++) {
			if (old[i].ino == 0)
				continue;
			k = idset_slot(set, old[i].dev, old[i].ino);
			while (set->v[k].ino != 0)
				k = (k + 1) & (set->cap - 1);
			set->v[k] = old[i];
		}
		free(old);
	}
	k = idset_slot(set, sb->st_dev, sb->st_ino);
	while (set->v[k].ino != 0) {
		if (set->v[k].dev == sb->st_dev && set->v[k].ino == sb->st_ino)
			return (1);
		k = (k + 1) & (set->cap - 1);
	}
	set->v[k].dev = sb->st_dev;
	set->v[k].ino = sb->st_ino;
	set->n++;
	return (0);
}

int
source_walk_begin(struct source *src, const struct stat *sb, char **cause)
{
	char	*why;

	if ((src->root = realpath(src->path, NULL)) == NULL) {
		*cause = xasprintf("%s: %s", src->path, strerror(errno));
		return (-1);
	}
	idset_add(&src->walked, sb);
	if (dir_push(src, xstrdup(""), sb, &why) == -1) {
		*cause = xasprintf("%s: %s", src->path, why);
		free(why);
		return (-1);
	}
	return (0);
}

int
source_walk_next(struct source *src, char **cause)
{
	struct dirlevel	*d;
	struct stat	 sb;
	const char	*name;
	char		*rel, *full, *real, *why;
	size_t		 i;
	int		 fd;

	while (src->ndirs != 0) {
		d = &src->dirs[src->ndirs - 1];
		if (d->next == d->nnames) {
			dir_pop(src);
			continue;
		}
		name = d->names[d->next++];
		if (*d->rel == '\0')
			rel = xstrdup(name);
		else
			rel = xasprintf("%s/%s", d->rel, name);
		full = path_join(src->path, rel);

		if (lstat(full, &sb) == -1)
			goto fail_errno;
		if (S_ISLNK(sb.st_mode)) {
			if ((real = realpath(full, NULL)) == NULL) {
				*cause = xasprintf("%s: broken symbolic link "
				    "(%s); skipped", full, strerror(errno));
				goto fail;
			}
			if (!path_inside(src->root, real)) {
				free(real);
				*cause = xasprintf("%s: symbolic link points "
				    "outside the directory; skipped", full);
				goto fail;
			}
			free(real);
			if (stat(full, &sb) == -1)
				goto fail_errno;
		}

		if (S_ISDIR(sb.st_mode)) {
			for (i = 0; i < src->ndirs; i++) {
				if (src->dirs[i].dev == sb.st_dev &&
				    src->dirs[i].ino == sb.st_ino)
					break;
			}
			if (i != src->ndirs) {
				*cause = xasprintf("%s: symbolic link makes "
				    "a directory cycle; skipped", full);
				goto fail;
			}
			if (idset_add(&src->walked, &sb)) {
				/* walked already, reached again by a link */
				free(full);
				free(rel);
				continue;
			}
			if (dir_push(src, rel, &sb, &why) == -1) {
				*cause = xasprintf("%s: %s", full, why);
				free(why);
				free(full);
				return (-1);
			}
			free(full);
			continue;
		}
		if (!S_ISREG(sb.st_mode)) {
			*cause = xasprintf("%s: not a regular file; skipped",
			    full);
			goto fail;
		}
		if (idset_add(&src->seen, &sb)) {
			/* a link to a file the walk gives out anyway */
			free(full);
			free(rel);
			continue;
		}
		/*
		 * Name a file reached through links by where it really is
		 * (support bundles link all-logs/POD/C.log to
		 * cluster-resources/pods/logs/NS/POD/C.log: the real path is
		 * the one that says whose log it is).
		 */
		if ((real = realpath(full, NULL)) != NULL) {
			if (path_inside(src->root, real) &&
			    strlen(real) > strlen(src->root) + 1) {
				free(rel);
				rel = xstrdup(real + strlen(src->root) + 1);
			}
			free(real);
		}
		if ((fd = open(full, O_RDONLY | O_CLOEXEC)) == -1)
			goto fail_errno;
		free(full);
		src->file = source_file_new(path_join(src->path, rel), rel,
		    source_stage_fd(fd, 1, 1));
		src->file_out = 0;
		return (1);

	fail_errno:
		*cause = xasprintf("%s: %s", full, strerror(errno));
	fail:
		free(full);
		free(rel);
		return (-1);
	}
	return (0);
}

void
source_walk_stop(struct source *src)
{
	while (src->ndirs != 0)
		dir_pop(src);
}

void
source_walk_free(struct source *src)
{
	source_walk_stop(src);
	free(src->dirs);
	free(src->seen.v);
	free(src->walked.v);
	free(src->root);
}
