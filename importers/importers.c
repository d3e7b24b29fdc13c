/*
 * importers.c: the table of importers, format detection, and the syslog
 * line shape that tells a daemon's log (HAProxy's) from a container's.
 * Adding a format: write importers/NAME.c with a probe and a parse
 * function, add one entry here, add tests/importers/NAME/ (the README's
 * recipe "Adding an input format" lists the other places).  Knows
 * nothing of SQLite or curses.
 */
#include <string.h>

#include "importer.h"

const struct importer *const importers[] = {
	&imp_k8s_events,
	&imp_k8s_pods,
	&imp_k8s_workloads,
	&imp_k8s_endpointslices,
	&imp_k8s_nodes,
	&imp_deploys,
	&imp_container_log,
	&imp_ingress_nginx,
	&imp_envoy,
	&imp_alb,
	&imp_gclb,
	&imp_records,
	&imp_k8s_audit,
	&imp_cloud_logging,
	&imp_cloudwatch_logs,
	NULL
};

const struct importer *
importer_find(const char *name)
{
	size_t	i;

	for (i = 0; importers[i] != NULL; i++) {
		if (strcmp(importers[i]->name, name) == 0)
			return (importers[i]);
	}
	return (NULL);
}

const struct importer *
importer_detect(struct input *in, int *score)
{
	const struct importer	*best = NULL;
	const unsigned char	*head;
	size_t			 len, i;
	int			 s;

	*score = 0;
	len = input_peek_lines(in, &head);
	for (i = 0; importers[i] != NULL; i++) {
		s = importers[i]->probe(input_name(in), head, len);
		if (s > *score) {
			*score = s;
			best = importers[i];
		}
	}
	return (best);
}

/* Whether s[0..n) starts with three letters of an English month. */
static int
is_month(const char *s, size_t n)
{
	static const char	months[] =
	    "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t			i;

	if (n < 3)
		return (0);
	for (i = 0; i + 3 <= sizeof months - 1; i += 3) {
		if (memcmp(s, months + i, 3) == 0)
			return (1);
	}
	return (0);
}

static int
is_digit(int c)
{
	return (c >= '0' && c <= '9');
}

/*
 * RFC 3164: "[<PRI>]Mmm dd hh:mm:ss HOST TAG[PID]: text" (the day padded
 * with a space or a zero), and RFC 5424: "<PRI>1 TIMESTAMP HOST APP ...".
 */
int
importer_syslog_line(const char *s, size_t n, const char **prog,
    size_t *prog_len)
{
	size_t	i = 0, k, t;

	if (n > 0 && s[0] == '<') {
		for (i = 1; i < n && i < 5 && is_digit((unsigned char)s[i]);
		    i++)
			;
		if (i == 1 || i >= n || s[i] != '>')
			return (0);
		i++;
		if (i + 1 < n && s[i] == '1' && s[i + 1] == ' ') {
			/* RFC 5424: version 1, a time, host, app */
			k = i + 2;
			if (n - k < 20 || !is_digit((unsigned char)s[k]) ||
			    s[k + 4] != '-' || s[k + 10] != 'T')
				return (0);
			for (t = 0; t < 2; t++) {
				while (k < n && s[k] != ' ')
					k++;
				if (k++ >= n)
					return (0);
			}
			*prog = s + k;
			for (*prog_len = 0; k < n && s[k] != ' '; k++)
				(*prog_len)++;
			return (*prog_len > 0);
		}
	}
	s += i;
	n -= i;
	/* "Mmm dd hh:mm:ss " is 16 bytes */
	if (n < 18 || !is_month(s, n) || s[3] != ' ' ||
	    (s[4] != ' ' && !is_digit((unsigned char)s[4])) ||
	    !is_digit((unsigned char)s[5]) || s[6] != ' ' ||
	    !is_digit((unsigned char)s[7]) || !is_digit((unsigned char)s[8]) ||
	    s[9] != ':' || s[12] != ':' || s[15] != ' ')
		return (0);
	for (k = 16; k < n && s[k] != ' '; k++)		/* the host */
		;
	if (k == 16 || ++k >= n)
		return (0);
	*prog = s + k;
	for (t = k; t < n && s[t] != '[' && s[t] != ':' && s[t] != ' '; t++) {
		if (!(s[t] >= 'a' && s[t] <= 'z') &&
		    !(s[t] >= 'A' && s[t] <= 'Z') && !is_digit((unsigned char)
		    s[t]) && s[t] != '-' && s[t] != '_' && s[t] != '.' &&
		    s[t] != '/')
			return (0);
	}
	*prog_len = t - k;
	if (*prog_len == 0 || t >= n)
		return (0);
	if (s[t] == '[') {
		for (t++; t < n && is_digit((unsigned char)s[t]); t++)
			;
		if (t >= n || s[t] != ']')
			return (0);
		t++;
	}
	return (t < n && s[t] == ':');
}
