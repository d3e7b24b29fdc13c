/*
 * strpool.h: strings kept once.  A string put in a pool comes back as the
 * pool's copy, one pointer for all equal strings, alive until the pool
 * is freed: for models that hold many copies of a few texts (the
 * namespaces, workloads, nodes and reasons of a million pods), and for
 * keys that may then be compared by pointer.  Knows nothing of the
 * modules that use it.
 */
#ifndef STRPOOL_H
#define STRPOOL_H

#include <stddef.h>

#include "hindex.h"
#include "util.h"

struct strpool {
	struct arena	  a;	/* owned: the strings' bytes */
	const char	**v;	/* owned: each string once */
	size_t		  n;	/* strings in v */
	struct hindex	  ix;	/* v by the strings' bytes */
};

/* The pool's copy of s (made when s is new to it); NULL for NULL. */
const char	*strpool_put(struct strpool *, const char *s);
/* Frees the strings; the pool (begun zeroed) is empty again. */
void		 strpool_free(struct strpool *);

#endif
