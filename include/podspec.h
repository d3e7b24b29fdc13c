/*
 * podspec.h: what a container spec says about its lifecycle, read from
 * the Kubernetes value (JSON or YAML, parsed by jansson): its hooks, with
 * the preStop read into a duration where it sleeps ("sleep 25", "/bin/sleep
 * 5s", "sleep infinity", sh -c "sleep 10 && nginx -s quit", the sleep
 * action), and whether it
 * is a native sidecar.  One reader for the pods the k8s-pods importer
 * stores and for the pod templates lint checks.  Knows nothing of SQLite
 * or curses, nor of pods as a whole.
 */
#ifndef PODSPEC_H
#define PODSPEC_H

#include <jansson.h>
#include <stdint.h>

#include "record.h"
#include "util.h"

/* A lifecycle hook (preStop, postStart) of one container. */
struct podspec_hook {
	const char	*kind;		/* "sleep" (the sleep action, or an exec
					   that sleeps first), "exec",
					   "httpGet", "tcpSocket", or NULL for
					   no hook; static */
	int64_t		 ms;		/* the sleep in milliseconds, INT_NONE
					   when unknown or not a sleep */
	int		 forever;	/* the sleep never ends within a grace
					   period ("sleep infinity", a year or
					   more): ms is then a year */
	const char	*cmd;		/* an exec hook's words joined by " ",
					   in the caller's buffer; or NULL */
};

/*
 * Reads the hook at path ("lifecycle.preStop", "lifecycle.postStart") of
 * container (may be NULL) into h.  h->cmd points into cmd, valid until
 * cmd changes.
 */
void	podspec_hook(json_t *container, const char *path,
	    struct podspec_hook *h, struct buf *cmd);
/* podspec_hook of "lifecycle.preStop". */
void	podspec_prestop(json_t *container, struct podspec_hook *h,
	    struct buf *cmd);
/* Whether an init container (init set) is a native sidecar. */
int	podspec_native(json_t *container, int init);
/*
 * Appends the string words of the array at path ("command", "args") to
 * out, separated by " ".  Returns how many there were.
 */
size_t	podspec_words(json_t *container, const char *path, struct buf *out);

#endif
