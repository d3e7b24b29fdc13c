/*
 * logwin.h: log windows for the rules (analyze.h): the lines of chosen
 * containers in chosen spans of time, read from the store in one scan of
 * every log line.  A window counts the lines that say a connection
 * failed, keeps their times and a sample, finds the line the proxy writes
 * when it is ready, or the latest line.  No SQL (through store.h), no
 * drawing, nothing of the log formats.
 */
#ifndef LOGWIN_H
#define LOGWIN_H

#include <stddef.h>
#include <stdint.h>

#include "analyze.h"

/*
 * The line pilot-agent writes when the proxy is ready (coroner(1), THE MODEL).
 */
#define PROXY_READY_LINE	"Envoy proxy is ready"

#define LW_FAIL		0x1	/* count failure lines */
#define LW_TIMES	0x2	/* and keep their times */
#define LW_READY	0x4	/* find PROXY_READY_LINE */
#define LW_LAST		0x8	/* the latest line */

struct logwin {
	const char	*namespace;	/* borrowed from the pod set, ""
					   when the pod has none */
	const char	*pod;		/* the pod's name, borrowed from the
					   pod set, "" when unknown */
	const char	*container;	/* whose lines; borrowed from the
					   caller of lw_add */
	int64_t		 from_us;	/* lines in [from_us, to_us) */
	int64_t		 to_us;		/* the window's end, excluded */
	int		 what;		/* LW_* */
	size_t		 tag;		/* the rule's: which candidate */
	int64_t		 count;		/* failure lines */
	int64_t		 first_us;	/* earliest failure line */
	int64_t		 last_us;	/* latest failure line */
	char		*sample;	/* owned: the earliest one, cut */
	int64_t		*times;		/* owned: failure times (LW_TIMES),
					   sorted after lw_scan */
	size_t		 ntimes;	/* times kept (at most 4096; beyond,
					   lines are only counted) */
	int64_t		 ready_us;	/* earliest PROXY_READY_LINE */
	int64_t		 latest_us;	/* latest line of any kind */
};

struct logscan {
	struct logwin	*v;		/* owned; sorted by namespace, pod
					   and container by lw_scan */
	size_t		 n;		/* windows in v */
};

/*
 * Adds a window on the lines of container of pod p (both borrowed: they
 * must outlive the scan) in [from_us, to_us), looking for what (LW_*);
 * tag is the caller's.  Returns the window, valid until the next lw_add.
 */
struct logwin	*lw_add(struct logscan *ls, const struct podset_pod *p,
		    const char *container, int64_t from_us, int64_t to_us,
		    int what, size_t tag);
/* Frees the windows (their samples and times too). */
void		 lw_free(struct logscan *ls);
/*
 * Reads every stored log line once and fills the windows.  The windows
 * are sorted first: look them up by tag afterwards.  Returns 0, or -1
 * with a new *cause.
 */
int		 lw_scan(struct analysis *a, struct logscan *ls,
		    char **cause);

#endif
