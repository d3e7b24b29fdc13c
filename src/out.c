/*
 * out.c: the one output layer (out.h).  A small printf that makes every
 * string argument safe before it is written, the escaping itself, the
 * display width of safe text and fitting it to a number of columns.
 * The only file that may call printf, fputs and friends.  Knows nothing
 * of what it prints: no SQL, no curses, no model.
 */
#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "out.h"

/* Length of the valid UTF-8 sequence at s (1-4), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t left)
{
	size_t	n, i;

	if (s[0] < 0x80)
		return (1);
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return (0);
	if (n > left)
		return (0);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
	}
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
		return (0);	/* overlong, surrogate, beyond U+10FFFF */
	return (n);
}

/* The code point of the valid sequence s of n bytes. */
static uint32_t
utf8_cp(const unsigned char *s, size_t n)
{
	uint32_t	cp;
	size_t		i;

	if (n == 1)
		return (s[0]);
	cp = s[0] & (0xff >> (n + 1));
	for (i = 1; i < n; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return (cp);
}

/*
 * Characters that are valid UTF-8 but must not reach a terminal as they
 * are: C1 controls, the bidirectional marks, embeddings, overrides and
 * isolates, and the line and paragraph separators.
 */
static int
cp_hostile(uint32_t cp)
{
	return ((cp >= 0x80 && cp <= 0x9f) || cp == 0x061c ||
	    cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
	    (cp >= 0x2066 && cp <= 0x2069));
}

/* Appends s[0..len) to b escaped; stops with "..." past max bytes. */
static void
safe_append(struct buf *b, const char *s, size_t len, size_t max)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, n, start = b->len, run;
	uint32_t		 cp;

	while (i < len) {
		if (b->len - start >= max) {
			buf_puts(b, "...");
			return;
		}
		/* a run of printable ASCII at once */
		for (run = 0; i + run < len && p[i + run] >= 0x20 &&
		    p[i + run] < 0x7f && run < max - (b->len - start); run++)
			;
		if (run > 0) {
			buf_append(b, p + i, run);
			i += run;
			continue;
		}
		n = utf8_len(p + i, len - i);
		if (n == 0 || p[i] < 0x20 || p[i] == 0x7f) {
			buf_printf(b, "\\x%02x", p[i]);
			i++;
			continue;
		}
		cp = utf8_cp(p + i, n);
		if (cp >= 0x80 && cp <= 0x9f) {
			buf_printf(b, "\\xc2\\x%02x", p[i + 1]);
			i += n;
			continue;
		}
		if (cp_hostile(cp)) {
			buf_printf(b, "\\u%04x", (unsigned)cp);
			i += n;
			continue;
		}
		buf_append(b, p + i, n);
		i += n;
	}
}

char *
out_safe(const char *s, size_t len, size_t max)
{
	struct buf	b = { 0 };

	safe_append(&b, s, len, max);
	if (b.data == NULL)
		return (xstrdup(""));
	return (b.data);
}

int
out_is_safe(const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, n;

	while (i < len) {
		if (p[i] >= 0x20 && p[i] < 0x7f) {
			i++;
			continue;
		}
		n = utf8_len(p + i, len - i);
		if (n < 2 || cp_hostile(utf8_cp(p + i, n)))
			return (0);
		i += n;
	}
	return (1);
}

/* Appends s escaped for HTML text and attribute values. */
static void
html_append(struct buf *b, const char *s, size_t len)
{
	size_t	i, from = 0;

	for (i = 0; i < len; i++) {
		const char *ent;

		switch (s[i]) {
		case '&':
			ent = "&amp;";
			break;
		case '<':
			ent = "&lt;";
			break;
		case '>':
			ent = "&gt;";
			break;
		case '"':
			ent = "&quot;";
			break;
		case '\'':
			ent = "&#39;";
			break;
		default:
			continue;
		}
		buf_append(b, s + from, i - from);
		buf_puts(b, ent);
		from = i + 1;
	}
	buf_append(b, s + from, len - from);
}

/* The columns of one character (wcwidth in a UTF-8 locale). */
static size_t
cp_cols(uint32_t cp)
{
	static locale_t	 utf8;
	static int	 tried;
	locale_t	 old;
	int		 w;

	if (cp < 0x300)
		return (1);
	if (!tried) {
		tried = 1;
		utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	}
	if (utf8 == (locale_t)0)
		return (1);
	old = uselocale(utf8);
	w = wcwidth((wchar_t)cp);
	uselocale(old);
	return (w < 0 ? 1 : (size_t)w);
}

size_t
out_cols(const char *safe)
{
	const unsigned char	*p = (const unsigned char *)safe;
	size_t			 len = strlen(safe), i = 0, n, cols = 0;

	while (i < len) {
		n = utf8_len(p + i, len - i);
		if (n == 0)
			n = 1;
		cols += n == 1 ? 1 : cp_cols(utf8_cp(p + i, n));
		i += n;
	}
	return (cols);
}

size_t
out_printed_cols(const char *s)
{
	char	*safe = out_safe(s, strlen(s), SIZE_MAX);
	size_t	 n = out_cols(safe);

	free(safe);
	return (n);
}

size_t
out_fit_bytes(const char *safe, size_t cols)
{
	const unsigned char	*p = (const unsigned char *)safe;
	size_t			 len = strlen(safe), i = 0, n, w, used = 0;

	while (i < len) {
		n = utf8_len(p + i, len - i);
		if (n == 0)
			n = 1;
		w = n == 1 ? 1 : cp_cols(utf8_cp(p + i, n));
		if (used + w > cols)
			break;
		used += w;
		i += n;
	}
	return (i);
}

size_t
out_tail_bytes(const char *safe, size_t cols)
{
	const unsigned char	*p = (const unsigned char *)safe;
	size_t			 i = strlen(safe), j, used = 0, w;

	while (i > 0) {
		j = i - 1;
		while (j > 0 && (p[j] & 0xc0) == 0x80 && i - j < 4)
			j--;
		w = i - j == 1 ? 1 : cp_cols(utf8_cp(p + j, i - j));
		if (used + w > cols)
			break;
		used += w;
		i = j;
	}
	return (i);
}

/*
 * Where to cut a path into budget columns: the longest tail that starts
 * at a '/' and fits (its end names the file; its start is the least
 * telling part).  Returns its offset, or -1 when none fits.
 */
static ssize_t
path_cut(const char *safe, size_t budget)
{
	const char	*q;

	for (q = safe; (q = strchr(q, '/')) != NULL; q++) {
		if (out_cols(q) <= budget)
			return (q - safe);
	}
	return (-1);
}

/*
 * Where a piece of s that starts at i and takes at most n bytes may end
 * so that no character is cut: before a byte that starts one, or where
 * no valid sequence could reach across (four continuation bytes).
 */
static size_t
piece_end(const char *s, size_t i, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 e = i + n, j = e;

	if (p[e] == '\0')
		return (e);
	while (j > i && e - j < 3 && (p[j] & 0xc0) == 0x80)
		j--;
	return ((p[j] & 0xc0) == 0x80 || j == i ? e : j);
}

#define HEAD_PIECE	256	/* bytes escaped at a time by a head */

char *
out_safe_head(const char *s, size_t cols, int *cut)
{
	struct buf	b = { 0 };
	size_t		i = 0, n, e, have = 0, from;

	*cut = 0;
	for (;;) {
		n = strnlen(s + i, HEAD_PIECE);
		if (n == 0)
			break;
		e = piece_end(s, i, n);
		from = b.len;
		safe_append(&b, s + i, e - i, SIZE_MAX);
		have += out_cols(b.data + from);
		i = e;
		if (have > cols) {
			*cut = s[i] != '\0';
			break;
		}
	}
	if (b.data == NULL)
		return (xstrdup(""));
	return (b.data);
}

/* The columns of a file's name OUT_CUT_PATH keeps at least, its
   directories left out, when even the name does not fit. */
#define PATH_NAME_LEAST	8

char *
out_fit(const char *s, size_t cols, enum out_cut how, int ascii)
{
	const char	*ell = ascii ? "..." : "\xe2\x80\xa6", *from, *slash;
	size_t		 ecols = ascii ? 3 : 1, head, tail, room;
	ssize_t		 cut;
	struct buf	 b = { 0 };
	char		*safe;
	int		 more;

	if (s == NULL)
		s = "-";
	/* cut at its end, only its head matters: long text costs no more */
	if (how == OUT_CUT_END)
		safe = out_safe_head(s, cols, &more);
	else
		safe = out_safe(s, strlen(s), SIZE_MAX);
	if (out_cols(safe) <= cols)
		return (safe);
	if (cols <= ecols) {
		safe[out_fit_bytes(safe, cols)] = '\0';
		return (safe);
	}
	if (how == OUT_CUT_END) {
		buf_append(&b, safe, out_fit_bytes(safe, cols - ecols));
		buf_puts(&b, ell);
	} else if (how == OUT_CUT_PATH && (cut = path_cut(safe, cols -
	    ecols)) >= 0) {
		buf_puts(&b, ell);
		buf_puts(&b, safe + cut);
	} else {
		from = safe;
		room = cols - ecols;
		/* not even the file's name fits: its middle goes, and all of
		   the directories (which told three pods' files apart less
		   than their names' heads: "…/etcd-mas…redhat.com.json") */
		if (how == OUT_CUT_PATH && (slash = strrchr(safe, '/')) !=
		    NULL && slash[1] != '\0' && room >= 2 * ecols + 1 +
		    PATH_NAME_LEAST) {
			buf_puts(&b, ell);
			buf_puts(&b, "/");
			from = slash + 1;
			room -= ecols + 1;
		}
		head = out_fit_bytes(from, room / 2);
		tail = out_tail_bytes(from, room - room / 2);
		buf_append(&b, from, head);
		buf_puts(&b, ell);
		buf_puts(&b, from + tail);
	}
	free(safe);
	return (b.data);
}

/* A %s: precision in bytes read, width in columns of the safe text. */
static void
put_str(struct buf *b, enum out_mode mode, const char *s, int prec,
    int width, int left)
{
	struct buf	tmp = { 0 };
	size_t		len, cols;

	if (s == NULL)
		s = "(null)";
	len = prec >= 0 ? strnlen(s, (size_t)prec) : strlen(s);
	safe_append(&tmp, s, len, SIZE_MAX);
	if (tmp.data == NULL)
		buf_puts(&tmp, "");
	cols = width > 0 ? out_cols(tmp.data) : 0;
	if (!left)
		for (; (int)cols < width; cols++)
			buf_puts(b, " ");
	if (mode == OUT_HTML)
		html_append(b, tmp.data, tmp.len);
	else
		buf_append(b, tmp.data, tmp.len);
	if (left)
		for (; (int)cols < width; cols++)
			buf_puts(b, " ");
	buf_free(&tmp);
}

/* The formats here are rebuilt from the caller's checked literal. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void
put_num(struct buf *b, const char *spec, ...)
{
	va_list	ap, ap2;
	char	tmp[128], *big;
	int	n;

	va_start(ap, spec);
	va_copy(ap2, ap);
	n = vsnprintf(tmp, sizeof tmp, spec, ap);
	if (n >= (int)sizeof tmp) {
		big = xmalloc((size_t)n + 1);
		vsnprintf(big, (size_t)n + 1, spec, ap2);
		buf_append(b, big, (size_t)n);
		free(big);
	} else if (n > 0)
		buf_append(b, tmp, (size_t)n);
	va_end(ap2);
	va_end(ap);
}
#pragma GCC diagnostic pop

/* Length modifiers of a conversion. */
enum lmod { LM_NONE, LM_HH, LM_H, LM_L, LM_LL, LM_J, LM_Z, LM_T, LM_BIGL };

void
out_vformat(struct buf *b, enum out_mode mode, const char *fmt, va_list ap)
{
	const char	*p = fmt, *pct;
	char		 spec[64], flags[8], ch;
	size_t		 nf;
	int		 width, prec, left;
	enum lmod	 lm;

	while (*p != '\0') {
		if ((pct = strchr(p, '%')) == NULL) {
			buf_puts(b, p);
			return;
		}
		buf_append(b, p, (size_t)(pct - p));
		p = pct + 1;
		nf = 0;
		left = 0;
		while (*p != '\0' && strchr("-+ #0'", *p) != NULL) {
			if (*p == '-')
				left = 1;
			if (nf < sizeof flags - 1)
				flags[nf++] = *p;
			p++;
		}
		flags[nf] = '\0';
		width = 0;
		if (*p == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				left = 1;
				width = -width;
			}
			p++;
		} else
			for (; *p >= '0' && *p <= '9'; p++)
				width = width * 10 + (*p - '0');
		prec = -1;
		if (*p == '.') {
			p++;
			prec = 0;
			if (*p == '*') {
				prec = va_arg(ap, int);
				p++;
			} else
				for (; *p >= '0' && *p <= '9'; p++)
					prec = prec * 10 + (*p - '0');
		}
		lm = LM_NONE;
		switch (*p) {
		case 'h':
			lm = p[1] == 'h' ? LM_HH : LM_H;
			p += lm == LM_HH ? 2 : 1;
			break;
		case 'l':
			lm = p[1] == 'l' ? LM_LL : LM_L;
			p += lm == LM_LL ? 2 : 1;
			break;
		case 'j':
			lm = LM_J;
			p++;
			break;
		case 'z':
			lm = LM_Z;
			p++;
			break;
		case 't':
			lm = LM_T;
			p++;
			break;
		case 'L':
			lm = LM_BIGL;
			p++;
			break;
		}
		ch = *p;
		if (ch == '\0')
			fatal("out: format ends inside a conversion");
		p++;
		if (ch == '%') {
			buf_puts(b, "%");
			continue;
		}
		if (ch == 's' || ch == 'c') {
			char	c1[1];

			if (ch == 's') {
				put_str(b, mode, va_arg(ap, const char *),
				    prec, width, left);
				continue;
			}
			c1[0] = (char)va_arg(ap, int);
			put_str(b, mode, c1, 1, width, left);
			continue;
		}
		if (strchr("diouxXeEfFgGaAp", ch) == NULL)
			fatal("out: conversion %%%c refused", ch);
		/* the numeric spec, with * resolved and the modifier kept */
		if (prec >= 0)
			snprintf(spec, sizeof spec, "%%%s%d.%d%s%c", flags,
			    width, prec, lm == LM_HH ? "hh" : lm == LM_H ?
			    "h" : lm == LM_L ? "l" : lm == LM_LL ? "ll" :
			    lm == LM_J ? "j" : lm == LM_Z ? "z" : lm == LM_T ?
			    "t" : lm == LM_BIGL ? "L" : "", ch);
		else
			snprintf(spec, sizeof spec, "%%%s%d%s%c", flags, width,
			    lm == LM_HH ? "hh" : lm == LM_H ? "h" : lm == LM_L ?
			    "l" : lm == LM_LL ? "ll" : lm == LM_J ? "j" :
			    lm == LM_Z ? "z" : lm == LM_T ? "t" : lm ==
			    LM_BIGL ? "L" : "", ch);
		if (ch == 'p')
			put_num(b, spec, va_arg(ap, void *));
		else if (strchr("eEfFgGaA", ch) != NULL) {
			if (lm == LM_BIGL)
				put_num(b, spec, va_arg(ap, long double));
			else
				put_num(b, spec, va_arg(ap, double));
		} else if (ch == 'd' || ch == 'i') {
			switch (lm) {
			case LM_L:
				put_num(b, spec, va_arg(ap, long));
				break;
			case LM_LL:
				put_num(b, spec, va_arg(ap, long long));
				break;
			case LM_J:
				put_num(b, spec, va_arg(ap, intmax_t));
				break;
			case LM_Z:
			case LM_T:
				put_num(b, spec, va_arg(ap, ptrdiff_t));
				break;
			default:
				put_num(b, spec, va_arg(ap, int));
				break;
			}
		} else {
			switch (lm) {
			case LM_L:
				put_num(b, spec, va_arg(ap, unsigned long));
				break;
			case LM_LL:
				put_num(b, spec,
				    va_arg(ap, unsigned long long));
				break;
			case LM_J:
				put_num(b, spec, va_arg(ap, uintmax_t));
				break;
			case LM_Z:
			case LM_T:
				put_num(b, spec, va_arg(ap, size_t));
				break;
			default:
				put_num(b, spec, va_arg(ap, unsigned int));
				break;
			}
		}
	}
}

void
out_bprintf(struct buf *b, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	out_vformat(b, OUT_TEXT, fmt, ap);
	va_end(ap);
}

/* Writes b's bytes to f; 0 or -1. */
static int
put_buf(FILE *f, const struct buf *b)
{
	if (b->len > 0 && fwrite(b->data, 1, b->len, f) != b->len)
		return (-1);
	return (ferror(f) ? -1 : 0);
}

int
out_vprintf(FILE *f, const char *fmt, va_list ap)
{
	struct buf	b = { 0 };
	int		rc;

	out_vformat(&b, OUT_TEXT, fmt, ap);
	rc = put_buf(f, &b);
	buf_free(&b);
	return (rc);
}

int
out_printf(FILE *f, const char *fmt, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, fmt);
	rc = out_vprintf(f, fmt, ap);
	va_end(ap);
	return (rc);
}

int
out_html(FILE *f, const char *fmt, ...)
{
	struct buf	b = { 0 };
	va_list		ap;
	int		rc;

	va_start(ap, fmt);
	out_vformat(&b, OUT_HTML, fmt, ap);
	va_end(ap);
	rc = put_buf(f, &b);
	buf_free(&b);
	return (rc);
}

int
out_css(FILE *f, const char *css)
{
	struct buf	 b = { 0 };
	const char	*line = css, *nl, *p;
	char		*safe;
	int		 rc;

	/* line by line: the newlines are the sheet's layout */
	while (*line != '\0') {
		nl = strchr(line, '\n');
		safe = out_safe(line, nl != NULL ? (size_t)(nl - line) :
		    strlen(line), SIZE_MAX);
		for (p = safe; *p != '\0'; p++) {
			if (*p == '<')
				buf_puts(&b, "\\3c ");
			else
				buf_append(&b, p, 1);
		}
		free(safe);
		if (nl == NULL)
			break;
		buf_puts(&b, "\n");
		line = nl + 1;
	}
	rc = put_buf(f, &b);
	buf_free(&b);
	return (rc);
}

char *
out_json_str(const json_t *v, size_t flags)
{
	const unsigned char	*p;
	struct buf		 b = { 0 };
	char			*s;
	size_t			 len, i = 0, from = 0, n;
	uint32_t		 cp;
	int			 changed = 0;

	if ((s = json_dumps(v, flags)) == NULL)
		fatal("out: JSON could not be written");
	p = (const unsigned char *)s;
	len = strlen(s);
	/* copied only when something is escaped, in runs */
	while (i < len) {
		if (p[i] == 0x7f) {	/* DEL: jansson leaves it raw */
			n = 1;
			cp = 0x7f;
		} else if (p[i] < 0x80 ||
		    (n = utf8_len(p + i, len - i)) < 2) {
			i++;
			continue;
		} else
			cp = utf8_cp(p + i, n);
		if (cp == 0x7f || cp_hostile(cp)) {
			buf_append(&b, p + from, i - from);
			buf_printf(&b, "\\u%04x", (unsigned)cp);
			from = i + n;
			changed = 1;
		}
		i += n;
	}
	if (!changed)
		return (s);
	buf_append(&b, p + from, len - from);
	free(s);
	return (b.data);
}

char *
out_utf8(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	struct buf		 b = { 0 };
	size_t			 len = strlen(s), i = 0, n;

	while (i < len) {
		if ((n = utf8_len(p + i, len - i)) == 0) {
			buf_puts(&b, "\xef\xbf\xbd");	/* U+FFFD */
			i++;
			continue;
		}
		buf_append(&b, p + i, n);
		i += n;
	}
	if (b.data == NULL)
		return (xstrdup(""));
	return (b.data);
}

int
out_json(FILE *f, const json_t *v, size_t flags)
{
	char	*s = out_json_str(v, flags);
	size_t	 len = strlen(s);
	int	 rc = 0;

	if (fwrite(s, 1, len, f) != len || fputc('\n', f) == EOF)
		rc = -1;
	free(s);
	return (rc);
}

int
out_term_width(void)
{
	struct winsize	ws;

	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ,
	    &ws) == 0 && ws.ws_col >= 40)
		return (ws.ws_col);
	return (80);
}

int
out_table_width(void)
{
	const char	*env = getenv("COLUMNS");
	long		 n;
	char		*end;

	if (isatty(STDOUT_FILENO))
		return (out_term_width());
	if (env == NULL || *env == '\0')
		return (80);
	n = strtol(env, &end, 10);
	if (*end != '\0' || n < 40 || n > 10000)
		return (80);
	return ((int)n);
}

/*
 * Whether the space at safe[at] is between a number and its unit ("30
 * s", "12.5 min"), which a line does not break.
 */
static int
unit_space(const char *safe, size_t at)
{
	static const char *const units[] = {
		"s", "ms", "min", "h", "d", "days", "KB", "MB", "GB"
	};
	const char	*w = safe + at + 1;
	size_t		 i, n;

	if (at == 0 || safe[at - 1] < '0' || safe[at - 1] > '9')
		return (0);
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		n = strlen(units[i]);
		if (strncmp(w, units[i], n) == 0 && !isalnum((unsigned char)
		    w[n]))
			return (1);
	}
	return (0);
}

size_t
out_wrap_bytes(const char *safe, size_t cols)
{
	size_t	n = out_fit_bytes(safe, cols), brk;

	if (safe[n] != '\0') {
		for (brk = n; brk > 0 && (safe[brk] != ' ' ||
		    unit_space(safe, brk)); brk--)
			;
		if (brk == 0) {
			for (brk = n; brk > 1 && safe[brk - 1] != '/'; brk--)
				;
			if (brk <= 1)
				brk = 0;
		}
		if (brk > 0)
			n = brk;
	}
	/* one character (or one word) wider than cols: all of it */
	return (n > 0 ? n : strlen(safe));
}

/*
 * Writes safe text wrapped: the first line after lead spaces and at most
 * avail columns, the others after indent spaces within width, each line
 * as out_wrap_bytes cuts it.
 */
static int
wrap(FILE *f, const char *safe, size_t lead, size_t avail, size_t indent,
    size_t width)
{
	const char	*p = safe;
	size_t		 n;
	int		 rc = 0;

	while (*p != '\0' && rc == 0) {
		n = out_wrap_bytes(p, avail);
		rc = out_printf(f, "%*s%.*s\n", (int)lead, "", (int)n, p);
		p += n;
		while (*p == ' ')
			p++;
		lead = indent;
		avail = width > indent + 20 ? width - indent : 20;
	}
	return (rc);
}

int
out_wrap(FILE *f, const char *text, size_t at, size_t indent, size_t width)
{
	char	*safe = out_safe(text, strlen(text), SIZE_MAX);
	size_t	 start = at > indent ? at : indent;
	int	 rc;

	/* the first line starts where the caller is, the others at indent */
	rc = wrap(f, safe, indent > at ? indent - at : 0, width > start + 20 ?
	    width - start : 20, indent, width);
	free(safe);
	return (rc);
}

int
out_say(FILE *f, const char *fmt, ...)
{
	struct buf	 b = { 0 };
	va_list		 ap;
	size_t		 w = (size_t)out_term_width();
	int		 rc;

	va_start(ap, fmt);
	out_vformat(&b, OUT_TEXT, fmt, ap);
	va_end(ap);
	rc = wrap(f, b.data != NULL ? b.data : "", 0, w, 2, w);
	buf_free(&b);
	return (rc);
}

int
out_lines(FILE *f, const char *text)
{
	const char	*p = text, *nl;
	int		 rc = 0;

	while (*p != '\0' && rc == 0) {
		if ((nl = strchr(p, '\n')) == NULL)
			return (out_printf(f, "%s", p));
		rc = out_printf(f, "%.*s\n", (int)(nl - p), p);
		p = nl + 1;
	}
	return (rc);
}
