/*
 * podspec.c: a container spec's lifecycle (podspec.h): hooks, the sleep a
 * preStop does (sleep(1) operands as GNU and busybox take them: "25",
 * "0.5", "1e3", "5s", "2m", "infinity", several of them added up; a shell
 * script counts when it starts with the sleep and waits for it), native
 * sidecars.  Knows nothing of SQLite or curses.
 * What a hook gives: docs/formats/kubernetes.md#prestop-hooks.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "k8sjson.h"
#include "podspec.h"
#include "record.h"

/* The last component of a path: "/bin/sleep" -> "sleep". */
static const char *
base_name(const char *s)
{
	const char	*p = strrchr(s, '/');

	return (p != NULL ? p + 1 : s);
}

/*
 * The seconds of a sleep(1) operand s[0..n) as GNU sleep reads it: a
 * number in C's syntax ("25", "0.5", "1e3", "0x10"; "inf" and "infinity"
 * for ever) and a unit s, m, h or d.  Returns 0 and *secs, or -1 when
 * sleep refuses it ("nan", "-5", "$DELAY": the hook fails at once).
 */
static int
sleep_operand(const char *s, size_t n, double *secs)
{
	static const struct {
		char	 unit;		/* the suffix */
		double	 s;		/* seconds in one */
	} units[] = {
		{ .unit = 's', .s = 1 }, { .unit = 'm', .s = 60 },
		{ .unit = 'h', .s = 3600 }, { .unit = 'd', .s = 86400 },
	};
	char	 word[64], *end;
	size_t	 i;

	if (n == 0 || n >= sizeof word)
		return (-1);
	memcpy(word, s, n);
	word[n] = '\0';
	*secs = strtod(word, &end);
	if (end == word || isnan(*secs) || *secs < 0)
		return (-1);
	if (*end == '\0')
		return (0);
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (end[0] == units[i].unit && end[1] == '\0') {
			*secs *= units[i].s;
			return (0);
		}
	}
	return (-1);
}

/*
 * Sets h's length from a sleep of secs seconds: for ever when it is
 * infinite or no grace period coroner reads could hold it (a year).
 */
static void
hook_sleeps(struct podspec_hook *h, double secs)
{
	h->kind = "sleep";
	if (secs >= (double)KJ_MAX_SECONDS) {
		h->forever = 1;
		h->ms = KJ_MAX_SECONDS * 1000;
	} else
		h->ms = llround(secs * 1000);
}

/*
 * The seconds of sleep's operands, added up as sleep does ("sleep 1m
 * 30"), each word[i] of n[i] bytes.  Returns 0 and *secs, or -1.
 */
static int
sleep_sum(const char *const *word, const size_t *n, size_t count,
    double *secs)
{
	double	one;
	size_t	i;

	*secs = 0;
	if (count == 0)
		return (-1);
	for (i = 0; i < count; i++) {
		if (sleep_operand(word[i], n[i], &one) != 0)
			return (-1);
		*secs += one;
	}
	return (0);
}

#define SLEEP_WORDS	16	/* operands of one sleep read */

/*
 * A shell script that starts with a sleep ("sleep 25", "sleep 5s && kill
 * 1", "/bin/sleep 10; nginx -s quit"): that sleep's seconds in *secs and
 * 0, or -1.
 */
static int
script_sleep(const char *s, double *secs)
{
	const char	*w, *word[SLEEP_WORDS];
	size_t		 n[SLEEP_WORDS], count = 0;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	/* The first word, "sleep" or a path ending in "/sleep". */
	for (w = s; *s != '\0' && strchr(" \t\n;&|", *s) == NULL; s++)
		;
	if (s - w < 5 || memcmp(s - 5, "sleep", 5) != 0 ||
	    (s - w > 5 && s[-6] != '/'))
		return (-1);
	/* its operands, up to what ends the command */
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || strchr("\n;&|", *s) != NULL)
			break;
		if (count == SLEEP_WORDS)
			return (-1);
		for (w = s; *s != '\0' && strchr(" \t\n;&|", *s) == NULL; s++)
			;
		word[count] = w;
		n[count++] = (size_t)(s - w);
	}
	if (sleep_sum(word, n, count, secs) != 0)
		return (-1);
	/* What follows must wait for the sleep: not "&" or "|". */
	if (*s == '\0' || *s == '\n' || *s == ';' ||
	    strncmp(s, "&&", 2) == 0 || strncmp(s, "||", 2) == 0)
		return (0);
	return (-1);
}

/* Whether a is a shell's "-c" option, alone or among others ("-ec"). */
static int
is_dash_c(const char *a)
{
	int	c = 0;

	if (a[0] != '-' || a[1] == '\0')
		return (0);
	for (a++; *a != '\0'; a++) {
		if (*a < 'a' || *a > 'z')
			return (0);
		if (*a == 'c')
			c = 1;
	}
	return (c);
}

/*
 * The sleep an exec hook's argv does, in *secs (0), or -1: ["sleep",
 * "25"], ["/bin/sleep", "infinity"], ["sh", "-c", "sleep 25 && ..."].
 */
static int
exec_sleep(const char *const *argv, size_t argc, double *secs)
{
	static const char *const shells[] = {
		"sh", "bash", "ash", "dash", "ksh", "zsh"
	};
	const char	*cmd;
	size_t		 i, first, n[SLEEP_WORDS];

	if (argc == 0)
		return (-1);
	cmd = base_name(argv[0]);
	if (strcmp(cmd, "sleep") == 0) {
		/* "--" ends sleep's options */
		first = argc > 1 && strcmp(argv[1], "--") == 0 ? 2 : 1;
		if (argc - first > SLEEP_WORDS)
			return (-1);
		for (i = first; i < argc; i++)
			n[i - first] = strlen(argv[i]);
		return (sleep_sum(argv + first, n, argc - first, secs));
	}
	for (i = 0; i < sizeof shells / sizeof shells[0]; i++) {
		if (strcmp(cmd, shells[i]) == 0)
			break;
	}
	if (i == sizeof shells / sizeof shells[0] || argc < 3 ||
	    !is_dash_c(argv[1]))
		return (-1);
	return (script_sleep(argv[2], secs));
}

#define ARGV_MAX	64

void
podspec_hook(json_t *container, const char *path, struct podspec_hook *h,
    struct buf *cmd)
{
	json_t		*hook = kj_get(container, path), *words, *w, *s;
	const char	*argv[ARGV_MAX];
	size_t		 i, argc = 0, nwords = 0;
	double		 secs;

	h->kind = h->cmd = NULL;
	h->ms = INT_NONE;
	h->forever = 0;
	if (!json_is_object(hook))
		return;
	/* In the order the kubelet tries them. */
	if (json_is_object(json_object_get(hook, "exec"))) {
		h->kind = "exec";
		words = kj_get(hook, "exec.command");
		buf_clear(cmd);
		json_array_foreach(words, i, w) {
			if (!json_is_string(w))
				continue;
			if (nwords++ != 0)
				buf_puts(cmd, " ");
			buf_append(cmd, json_string_value(w),
			    json_string_length(w));
			if (argc < ARGV_MAX)
				argv[argc++] = json_string_value(w);
		}
		h->cmd = nwords != 0 ? cmd->data : NULL;
		if (exec_sleep(argv, argc, &secs) == 0)
			hook_sleeps(h, secs);
	} else if (json_is_object(json_object_get(hook, "httpGet")))
		h->kind = "httpGet";
	else if (json_is_object(json_object_get(hook, "sleep"))) {
		h->kind = "sleep";
		s = kj_get(hook, "sleep.seconds");
		if (json_is_integer(s) && json_integer_value(s) >= 0)
			hook_sleeps(h, (double)json_integer_value(s));
	} else if (json_is_object(json_object_get(hook, "tcpSocket")))
		h->kind = "tcpSocket";
}

void
podspec_prestop(json_t *container, struct podspec_hook *h, struct buf *cmd)
{
	podspec_hook(container, "lifecycle.preStop", h, cmd);
}

int
podspec_native(json_t *container, int init)
{
	const char	*policy = kj_str(container, "restartPolicy");

	return (init && policy != NULL && strcmp(policy, "Always") == 0);
}

size_t
podspec_words(json_t *container, const char *path, struct buf *out)
{
	json_t	*w;
	size_t	 i, n = 0;

	json_array_foreach(kj_get(container, path), i, w) {
		if (!json_is_string(w))
			continue;
		if (out->len != 0)
			buf_puts(out, " ");
		buf_append(out, json_string_value(w), json_string_length(w));
		n++;
	}
	return (n);
}
