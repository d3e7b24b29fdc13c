/*
 * shape.h: what an input looks like, guessed from its first bytes by the
 * keys it holds: for the message of an import whose importer rejected
 * every piece of it ("it looks like Kubernetes audit events (auditID,
 * stage)"), with the format that reads such inputs.  Used only for that
 * message, never to choose an importer (importers/importers.c detects).
 * Knows nothing of SQLite or curses.
 */
#ifndef SHAPE_H
#define SHAPE_H

#include <stddef.h>

#define SHAPE_KEYS	3	/* keys that tell one shape */

struct shape {
	const char	*what;		/* "Kubernetes audit events" */
	const char	*keys[SHAPE_KEYS]; /* every one of them is in the
					   input ("auditID", "stage"); NULL
					   after the last */
	const char	*format;	/* the --as name that reads it, or
					   NULL; it may name an importer this
					   build lacks */
};

/*
 * The first shape whose keys the head (JSON, or YAML) holds all of, or
 * NULL.  Static.
 */
const struct shape	*shape_guess(const unsigned char *head, size_t len);

/* The shape's keys as "auditID, stage", into out. */
void			 shape_keys(const struct shape *sh, char *out,
			    size_t len);

#endif
