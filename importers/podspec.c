/*
 * podspec.c: a container spec's lifecycle (podspec.h): hooks, the sleep a
 * preStop does (sleep(1) operands as GNU and busybox take them: "25",
 * "0.5", "5s", "2m"; a shell script counts when it starts with the sleep
 * and waits for it), native sidecars.  Knows nothing of SQLite or curses.
 */
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
 * The duration of a sleep(1) operand s[0..n), "25", "0.5", "5s", "2m",
 * in milliseconds, or -1 when it is not one ("infinity", "$DELAY").
 */
static int64_t
sleep_operand_ms(const char *s, size_t n)
{
	int64_t	 whole = 0, frac = 0, scale = 100, unit = 1000;
	size_t	 i = 0, digits = 0;

	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		if (digits >= 9)
			return (-1);
		whole = whole * 10 + (s[i] - '0');
	}
	if (i < n && s[i] == '.') {
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
			digits++;
			frac += (s[i] - '0') * scale;
			scale /= 10;
		}
	}
	if (digits == 0)
		return (-1);
	if (i + 1 == n) {
		switch (s[i]) {
		case 's':
			break;
		case 'm':
			unit = 60 * 1000;
			break;
		case 'h':
			unit = 3600 * 1000;
			break;
		case 'd':
			unit = 86400 * 1000;
			break;
		default:
			return (-1);
		}
	} else if (i != n)
		return (-1);
	return (whole * unit + frac * unit / 1000);
}

/*
 * A shell script that starts with a sleep ("sleep 25", "sleep 5s && kill
 * 1", "/bin/sleep 10; nginx -s quit"): that sleep in milliseconds, or -1.
 */
static int64_t
script_sleep_ms(const char *s)
{
	const char	*w, *e;
	int64_t		 ms;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	/* The first word, "sleep" or a path ending in "/sleep". */
	for (w = s; *s != '\0' && strchr(" \t\n;&|", *s) == NULL; s++)
		;
	if (s - w < 5 || memcmp(s - 5, "sleep", 5) != 0 ||
	    (s - w > 5 && s[-6] != '/'))
		return (-1);
	while (*s == ' ' || *s == '\t')
		s++;
	for (e = s; *e != '\0' && strchr(" \t\n;&|", *e) == NULL; e++)
		;
	if ((ms = sleep_operand_ms(s, (size_t)(e - s))) < 0)
		return (-1);
	while (*e == ' ' || *e == '\t')
		e++;
	/* What follows must wait for the sleep: not "&" or "|". */
	if (*e == '\0' || *e == '\n' || *e == ';' ||
	    strncmp(e, "&&", 2) == 0 || strncmp(e, "||", 2) == 0)
		return (ms);
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
 * The sleep an exec hook's argv does, in ms, or -1: ["sleep", "25"],
 * ["/bin/sleep", "25"], ["sh", "-c", "sleep 25 && ..."].
 */
static int64_t
exec_sleep_ms(const char *const *argv, size_t argc)
{
	static const char *const shells[] = {
		"sh", "bash", "ash", "dash", "ksh", "zsh"
	};
	const char	*cmd;
	size_t		 i;

	if (argc == 0)
		return (-1);
	cmd = base_name(argv[0]);
	if (strcmp(cmd, "sleep") == 0)
		return (argc == 2 ? sleep_operand_ms(argv[1],
		    strlen(argv[1])) : -1);
	for (i = 0; i < sizeof shells / sizeof shells[0]; i++) {
		if (strcmp(cmd, shells[i]) == 0)
			break;
	}
	if (i == sizeof shells / sizeof shells[0] || argc < 3 ||
	    !is_dash_c(argv[1]))
		return (-1);
	return (script_sleep_ms(argv[2]));
}

#define ARGV_MAX	64

void
podspec_hook(json_t *container, const char *path, struct podspec_hook *h,
    struct buf *cmd)
{
	json_t		*hook = kj_get(container, path), *words, *w;
	const char	*argv[ARGV_MAX];
	size_t		 i, argc = 0, nwords = 0;
	int64_t		 s, ms;

	h->kind = h->cmd = NULL;
	h->ms = INT_NONE;
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
		if ((ms = exec_sleep_ms(argv, argc)) >= 0) {
			h->kind = "sleep";
			h->ms = ms;
		}
	} else if (json_is_object(json_object_get(hook, "httpGet")))
		h->kind = "httpGet";
	else if (json_is_object(json_object_get(hook, "sleep"))) {
		h->kind = "sleep";
		s = kj_int(hook, "sleep.seconds", -1);
		if (s >= 0 && s <= KJ_MAX_SECONDS)
			h->ms = s * 1000;
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
