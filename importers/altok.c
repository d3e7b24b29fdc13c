/*
 * altok.c: the access-log tokenizer (altok.h).  Splits a line into spans
 * by a dialect's table of field shapes and roles, decodes escapes into
 * caller buffers, and parses numbers and access-log times by hand, with
 * the date cached.  It allocates nothing and knows no record, no SQLite
 * and no curses: importers decide what the fields mean.
 * The dialects, field by field: docs/formats/access-logs.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "altok.h"
#include "timefmt.h"
#include "util.h"

#define US_PER_S	INT64_C(1000000)

static const char *const role_names[AR__COUNT] = {
	[AR_SKIP] = "skipped",
	[AR_CLIENT] = "remote_addr",
	[AR_IDENT] = "ident",
	[AR_USER] = "remote_user",
	[AR_TIME_LOCAL] = "time_local",
	[AR_REQUEST_LINE] = "request",
	[AR_STATUS] = "status",
	[AR_BYTES] = "body_bytes_sent",
	[AR_REFERER] = "http_referer",
	[AR_USER_AGENT] = "http_user_agent",
	[AR_X_FORWARDED_FOR] = "x_forwarded_for",
	[AR_REQUEST_LENGTH] = "request_length",
	[AR_REQUEST_TIME] = "request_time",
	[AR_UPSTREAM_NAME] = "proxy_upstream_name",
	[AR_ALT_UPSTREAM_NAME] = "proxy_alternative_upstream_name",
	[AR_UPSTREAM_ADDR_LIST] = "upstream_addr",
	[AR_UPSTREAM_LENGTH_LIST] = "upstream_response_length",
	[AR_UPSTREAM_TIME_LIST] = "upstream_response_time",
	[AR_UPSTREAM_STATUS_LIST] = "upstream_status",
	[AR_REQ_ID] = "req_id",
	[AR_REQUEST_COUNT] = "request_count",
	[AR_ROUTER_NAME] = "router_name",
	[AR_SERVER_URL] = "server_url",
	[AR_DURATION_MS_SUFFIX] = "duration",
	[AR_START_TIME_ISO] = "START_TIME",
	[AR_RESPONSE_FLAGS] = "RESPONSE_FLAGS",
	[AR_RESPONSE_CODE_DETAILS] = "RESPONSE_CODE_DETAILS",
	[AR_CONN_TERMINATION_DETAILS] = "CONNECTION_TERMINATION_DETAILS",
	[AR_MIXER_STATUS] = "istio.mixer:status",
	[AR_UPSTREAM_TRANSPORT_FAILURE_REASON] =
	    "UPSTREAM_TRANSPORT_FAILURE_REASON",
	[AR_BYTES_RECEIVED] = "BYTES_RECEIVED",
	[AR_BYTES_SENT] = "BYTES_SENT",
	[AR_DURATION_MS] = "DURATION",
	[AR_UPSTREAM_SERVICE_TIME] = "X-ENVOY-UPSTREAM-SERVICE-TIME",
	[AR_REQUEST_ID] = "X-REQUEST-ID",
	[AR_AUTHORITY] = ":AUTHORITY",
	[AR_UPSTREAM_HOST] = "UPSTREAM_HOST",
	[AR_UPSTREAM_CLUSTER] = "UPSTREAM_CLUSTER",
	[AR_UPSTREAM_LOCAL_ADDR] = "UPSTREAM_LOCAL_ADDRESS",
	[AR_DOWNSTREAM_LOCAL_ADDR] = "DOWNSTREAM_LOCAL_ADDRESS",
	[AR_DOWNSTREAM_REMOTE_ADDR] = "DOWNSTREAM_REMOTE_ADDRESS",
	[AR_REQUESTED_SERVER_NAME] = "REQUESTED_SERVER_NAME",
	[AR_ROUTE_NAME] = "ROUTE_NAME",
	[AR_LB_TYPE] = "type",
	[AR_TIME_ISO] = "time",
	[AR_LB_NAME] = "elb",
	[AR_CLIENT_PORT] = "client:port",
	[AR_TARGET_PORT] = "target:port",
	[AR_REQUEST_PROCESSING_TIME] = "request_processing_time",
	[AR_TARGET_PROCESSING_TIME] = "target_processing_time",
	[AR_RESPONSE_PROCESSING_TIME] = "response_processing_time",
	[AR_LB_STATUS] = "elb_status_code",
	[AR_TARGET_STATUS] = "target_status_code",
	[AR_SSL_CIPHER] = "ssl_cipher",
	[AR_SSL_PROTOCOL] = "ssl_protocol",
	[AR_TARGET_GROUP_ARN] = "target_group_arn",
	[AR_TRACE_ID] = "trace_id",
	[AR_DOMAIN_NAME] = "domain_name",
	[AR_CHOSEN_CERT_ARN] = "chosen_cert_arn",
	[AR_MATCHED_RULE_PRIORITY] = "matched_rule_priority",
	[AR_REQUEST_CREATION_TIME] = "request_creation_time",
	[AR_ACTIONS_EXECUTED] = "actions_executed",
	[AR_REDIRECT_URL] = "redirect_url",
	[AR_ERROR_REASON] = "error_reason",
	[AR_TARGET_PORT_LIST] = "target:port_list",
	[AR_TARGET_STATUS_LIST] = "target_status_code_list",
	[AR_CLASSIFICATION] = "classification",
	[AR_CLASSIFICATION_REASON] = "classification_reason",
	[AR_CONN_TRACE_ID] = "conn_trace_id",
};

const char *
altok_role_name(enum altok_role role)
{
	if ((unsigned)role >= AR__COUNT || role_names[role] == NULL)
		return ("field");
	return (role_names[role]);
}

/* The end of the bare word starting at p. */
static const char *
word_end(const char *p, const char *end)
{
	const char	*sp, *q = p;

	/* most words are short ("-", a status, a count): no call */
	for (; q < end && q - p < 16; q++)
		if (*q == ' ')
			return (q);
	if (q == end)
		return (end);
	sp = memchr(q, ' ', (size_t)(end - q));
	return (sp != NULL ? sp : end);
}

/* The first '"' or '\\' of p..end, or end: one pass for what two took. */
static const char *
quote_or_escape(const char *p, const char *end)
{
#ifdef __SSE2__
	const __m128i	quote = _mm_set1_epi8('"'), esc = _mm_set1_epi8('\\');
	__m128i		v;
	int		m;

	for (; end - p >= 16; p += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)p);
		m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote),
		    _mm_cmpeq_epi8(v, esc)));
		if (m != 0)
			return (p + __builtin_ctz((unsigned)m));
	}
#endif
	while (p < end && *p != '"' && *p != '\\')
		p++;
	return (p);
}

/*
 * The closing quote of a quoted field whose text starts at p: the first
 * '"' that no backslash escapes and that a space or the end follows.
 * Sets ALTOK_STRAY in *flags when it passed a raw '"', ALTOK_ESC when the
 * text holds a backslash.  NULL when none.
 */
static const char *
quote_end(const char *p, const char *end, uint8_t *flags)
{
	for (;;) {
		p = quote_or_escape(p, end);
		if (p == end)
			return (NULL);
		if (*p == '\\') {
			/* it and what it escapes */
			*flags |= ALTOK_ESC;
			p += end - p >= 2 ? 2 : 1;
			continue;
		}
		if (p + 1 == end || p[1] == ' ')
			return (p);
		*flags |= ALTOK_STRAY;
		p++;
	}
}

/* The end of an nginx list starting at p: "a, b, c : d". */
static const char *
list_end(const char *p, const char *end)
{
	const char	*e = word_end(p, end), *n;

	while (e < end) {
		for (n = e; n < end && *n == ' '; n++)
			;
		if (n == end)
			break;
		if (e[-1] == ',') {
			e = word_end(n, end);
			continue;
		}
		if (n[0] == ':' && n + 1 < end && n[1] == ' ') {
			for (n++; n < end && *n == ' '; n++)
				;
			if (n == end)
				break;
			e = word_end(n, end);
			continue;
		}
		break;
	}
	return (e);
}

/*
 * Takes one field of the given shape at *pp into *sp and moves *pp past
 * it.  Returns NULL, or a static message saying why it could not.
 */
static const char *
take(enum altok_shape shape, const char **pp, const char *end,
    struct altok_span *sp)
{
	const char	*p = *pp, *e;

	sp->flags = 0;
	if (shape == ALT_ANY) {
		e = *p == '[' ? memchr(p, ']', (size_t)(end - p)) : NULL;
		if (*p == '"')
			shape = ALT_QUOTED;
		else if (*p == '[' && e != NULL && (e + 1 == end ||
		    e[1] == ' '))
			shape = ALT_BRACKET;
		else
			shape = ALT_WORD;
	}
	switch (shape) {
	case ALT_QUOTED:
		if (*p != '"')
			return ("expected a quoted field");
		if ((e = quote_end(p + 1, end, &sp->flags)) == NULL)
			return ("the quote is not closed");
		sp->p = p + 1;
		sp->len = (uint32_t)(e - p - 1);
		*pp = e + 1;
		break;
	case ALT_BRACKET:
		if (*p != '[')
			return ("expected a [bracketed] field");
		if ((e = memchr(p, ']', (size_t)(end - p))) == NULL)
			return ("the bracket is not closed");
		if (e + 1 != end && e[1] != ' ')
			return ("text right after ']'");
		sp->p = p + 1;
		sp->len = (uint32_t)(e - p - 1);
		*pp = e + 1;
		break;
	case ALT_LIST:
	case ALT_WORD:
	default:
		if (*p == '"')
			return ("expected a bare word, found a quoted field");
		e = shape == ALT_LIST ? list_end(p, end) : word_end(p, end);
		if (shape == ALT_LIST && *p == '[' && e[-1] == ']')
			return ("expected a list, found a [bracketed] field");
		sp->p = p;
		sp->len = (uint32_t)(e - p);
		if (shape == ALT_LIST && memchr(p, ' ', (size_t)(e - p)) ==
		    NULL)
			shape = ALT_WORD;
		*pp = e;
		break;
	}
	sp->shape = (uint8_t)shape;
	return (NULL);
}

static int
fail(struct altok_rec *r, size_t field, size_t off, const char *why,
    size_t stray)
{
	r->err_stray = stray != SIZE_MAX;
	if (r->err_stray) {
		field = stray;
		why = "holds an unbalanced quote";
	}
	r->err = why;
	r->err_field = field;
	r->err_off = off;
	return (-1);
}

int
altok_read(const struct altok_dialect *d, const char *line, size_t len,
    struct altok_rec *r)
{
	const char	*p = line, *end = line + len, *why;
	struct altok_span sp;
	size_t		 i, stray = SIZE_MAX;

	if (r->dialect != d) {
		memset(r->f, 0, sizeof r->f);
		r->dialect = d;
	}
	r->err = NULL;
	r->nread = 0;
	if (len >= UINT32_MAX)
		return (fail(r, 0, 0, "line too long", stray));
	while (p < end && *p == ' ')
		p++;
	for (i = 0; i < d->nfields; i++) {
		if (p == end) {
			if (i < d->nrequired)
				return (fail(r, i, len,
				    "the line ends before this field", stray));
			for (; i < d->nfields; i++) {
				if (d->fields[i].role != AR_SKIP)
					r->f[d->fields[i].role].p = NULL;
			}
			break;
		}
		if ((why = take(d->fields[i].shape, &p, end, &sp)) != NULL)
			return (fail(r, i, (size_t)(p - line), why, stray));
		if ((sp.flags & ALTOK_STRAY) && stray == SIZE_MAX)
			stray = i;
		if (d->fields[i].role != AR_SKIP)
			r->f[d->fields[i].role] = sp;
		r->nread = i + 1;
		while (p < end && *p == ' ')
			p++;
	}
	if (p != end && !d->trailing_ok)
		return (fail(r, d->nfields, (size_t)(p - line),
		    "unexpected text after the last field", stray));
	return (0);
}

char *
altok_strerror(const struct altok_rec *r, char *buf, size_t len)
{
	const struct altok_dialect	*d = r->dialect;
	const char			*why = r->err != NULL ? r->err : "?";

	if (len == 0)
		return (buf);
	if (d == NULL)
		snprintf(buf, len, "%s", why);
	else if (r->err_field >= d->nfields)
		snprintf(buf, len, "after field %zu (%s): %s", d->nfields,
		    altok_role_name(d->fields[d->nfields - 1].role), why);
	else
		snprintf(buf, len, "field %zu (%s): %s", r->err_field + 1,
		    altok_role_name(d->fields[r->err_field].role), why);
	return (buf);
}

int
altok_split(const char *line, size_t len, struct altok_span *f, size_t max)
{
	const char	*p = line, *end = line + len;
	size_t		 n = 0;

	while (p < end && *p == ' ')
		p++;
	while (p < end) {
		if (n == max)
			return (-1);
		if (take(ALT_ANY, &p, end, &f[n]) != NULL)
			return (-1);
		n++;
		while (p < end && *p == ' ')
			p++;
	}
	return ((int)n);
}

int
altok_blank(const struct altok_span *s)
{
	return (s->p == NULL || s->len == 0 || (s->len == 1 &&
	    s->p[0] == '-'));
}

int
altok_bad_field(const struct altok_span *sp, enum altok_role role,
    const char *what, char *why, size_t whylen)
{
	char	show[80];

	snprintf(why, whylen, "%s: %s: \"%s\"", altok_role_name(role), what,
	    altok_show(sp->p, sp->len, show, sizeof show));
	return (-1);
}

int
altok_opt_count(const struct altok_span *sp, enum altok_role role,
    int64_t *v, char *why, size_t whylen)
{
	*v = INT_NONE;
	if (altok_blank(sp))
		return (0);
	if (altok_int(sp->p, sp->len, v) != 0 || *v < 0)
		return (altok_bad_field(sp, role, "not a number", why,
		    whylen));
	return (0);
}

/* Four hex digits at s (n bytes available), or -1. */
static long
hex4(const char *s, size_t n)
{
	long	v = 0;
	size_t	i;
	int	h;

	if (n < 4)
		return (-1);
	for (i = 0; i < 4; i++) {
		if ((h = hex_value((unsigned char)s[i])) < 0)
			return (-1);
		v = v * 16 + h;
	}
	return (v);
}

/* The byte of the "\\xHH" at s (n bytes available), or -1. */
static int
xbyte(const char *s, size_t n)
{
	int	h1, h2;

	if (n < 4 || s[0] != '\\' || s[1] != 'x' ||
	    (h1 = hex_value((unsigned char)s[2])) < 0 ||
	    (h2 = hex_value((unsigned char)s[3])) < 0)
		return (-1);
	return (h1 * 16 + h2);
}

/*
 * Decodes "\\xC3\\xA9" (nginx escapes every byte of a UTF-8 character)
 * when the escapes make one well-formed UTF-8 character; else 0, and the
 * escape is kept as written.
 */
static size_t
utf8_escaped(const char *s, size_t n, char *out, size_t *outn)
{
	int	b[4], lo = 0x80, hi = 0xbf;
	size_t	need, i;

	b[0] = xbyte(s, n);
	if (b[0] >= 0xc2 && b[0] <= 0xdf)
		need = 2;
	else if (b[0] >= 0xe0 && b[0] <= 0xef)
		need = 3;
	else if (b[0] >= 0xf0 && b[0] <= 0xf4)
		need = 4;
	else
		return (0);
	if (b[0] == 0xe0)
		lo = 0xa0;
	else if (b[0] == 0xed)
		hi = 0x9f;
	else if (b[0] == 0xf0)
		lo = 0x90;
	else if (b[0] == 0xf4)
		hi = 0x8f;
	for (i = 1; i < need; i++) {
		b[i] = xbyte(s + 4 * i, 4 * i < n ? n - 4 * i : 0);
		if (b[i] < lo || b[i] > hi)
			return (0);
		lo = 0x80;
		hi = 0xbf;
	}
	for (i = 0; i < need; i++)
		out[i] = (char)b[i];
	*outn = need;
	return (4 * need);
}

/*
 * Decodes the escape at s[0] == '\\' (n bytes available) into out (at
 * least 4 bytes).  Returns the bytes consumed and sets *outn, or 0 when
 * the escape is kept raw.
 */
static size_t
unescape_one(const char *s, size_t n, char *out, size_t *outn)
{
	long	cp, lo;
	int	h1, h2;

	if (n < 2)
		return (0);
	switch (s[1]) {
	case 'x':
		if (n < 4 || (h1 = hex_value((unsigned char)s[2])) < 0 ||
		    (h2 = hex_value((unsigned char)s[3])) < 0 ||
		    h1 * 16 + h2 < 0x20 || h1 * 16 + h2 == 0x7f)
			return (0);
		if (h1 * 16 + h2 >= 0x80)
			return (utf8_escaped(s, n, out, outn));
		out[0] = (char)(h1 * 16 + h2);
		*outn = 1;
		return (4);
	case '"':
	case '\\':
	case '/':
		out[0] = s[1];
		*outn = 1;
		return (2);
	case 'u':
		if ((cp = hex4(s + 2, n - 2)) < 0x20 || cp == 0x7f ||
		    (cp >= 0xdc00 && cp <= 0xdfff))
			return (0);
		if (cp >= 0xd800 && cp <= 0xdbff) {
			if (n < 12 || s[6] != '\\' || s[7] != 'u' ||
			    (lo = hex4(s + 8, n - 8)) < 0xdc00 || lo > 0xdfff)
				return (0);
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			*outn = utf8_put((unsigned long)cp, out);
			return (12);
		}
		*outn = utf8_put((unsigned long)cp, out);
		return (6);
	default:
		return (0);
	}
}

/* Cuts buf[0..n) so that it does not end inside a UTF-8 sequence. */
static size_t
utf8_trim(const char *buf, size_t n)
{
	size_t		 i = n, need;
	unsigned char	 c;

	while (i > 0 && n - i < 4 &&
	    ((unsigned char)buf[i - 1] & 0xc0) == 0x80)
		i--;
	if (i == 0)
		return (n);
	c = (unsigned char)buf[i - 1];
	if (c < 0xc0)
		return (n);
	need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
	return (n - (i - 1) < need ? i - 1 : n);
}

size_t
altok_unescape(const struct altok_span *s, char *buf, size_t len)
{
	const char	*p, *end;
	char		 tmp[4];
	size_t		 o = 0, used, k;
	int		 cut = 0;

	if (len == 0)
		return (0);
	if (s->p == NULL) {
		buf[0] = '\0';
		return (0);
	}
	if (!(s->flags & ALTOK_ESC)) {
		k = s->len < len - 1 ? s->len : len - 1;
		memcpy(buf, s->p, k);
		if (k < s->len)
			k = utf8_trim(buf, k);
		buf[k] = '\0';
		return (k);
	}
	p = s->p;
	end = s->p + s->len;
	while (p < end) {
		if (*p == '\\' && (used = unescape_one(p, (size_t)(end - p),
		    tmp, &k)) != 0) {
			if (o + k >= len) {
				cut = 1;
				break;
			}
			memcpy(buf + o, tmp, k);
			o += k;
			p += used;
			continue;
		}
		if (o + 1 >= len) {
			cut = 1;
			break;
		}
		buf[o++] = *p++;
	}
	if (cut)
		o = utf8_trim(buf, o);
	buf[o] = '\0';
	return (o);
}

const char *
altok_str(const struct altok_span *s, char *buf, size_t len)
{
	if (altok_blank(s) || len == 0)
		return (NULL);
	altok_unescape(s, buf, len);
	return (buf);
}

void
altok_list_init(struct altok_iter *it, const struct altok_span *s)
{
	it->p = s->p;
	it->end = s->p != NULL ? s->p + s->len : NULL;
}

int
altok_list_next(struct altok_iter *it, struct altok_span *entry, int *group)
{
	const char	*p = it->p, *end = it->end, *e;

	*group = 0;
	if (p == NULL)
		return (0);
	for (;;) {
		while (p < end && (*p == ' ' || *p == ','))
			p++;
		if (p < end && *p == ':' && (p + 1 == end || p[1] == ' ')) {
			*group = 1;
			p++;
			continue;
		}
		break;
	}
	if (p == end) {
		it->p = p;
		return (0);
	}
	for (e = p; e < end && *e != ' ' && *e != ','; e++)
		;
	entry->p = p;
	entry->len = (uint32_t)(e - p);
	entry->shape = ALT_WORD;
	entry->flags = 0;
	it->p = e;
	return (1);
}

int
altok_int(const char *s, size_t n, int64_t *v)
{
	int64_t	x = 0;
	size_t	i = 0;
	int	neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (n == i || n - i > 18)
		return (-1);
	for (; i < n; i++) {
		if ((unsigned)(s[i] - '0') > 9)
			return (-1);
		x = x * 10 + (s[i] - '0');
	}
	*v = neg ? -x : x;
	return (0);
}

int
altok_secs_us(const char *s, size_t n, int64_t *us)
{
	int64_t	whole = 0, frac = 0;
	size_t	i = 0, nd = 0, nf = 0;
	int	neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	for (; i < n && (unsigned)(s[i] - '0') <= 9; i++, nd++) {
		if (nd >= 12)
			return (-1);
		whole = whole * 10 + (s[i] - '0');
	}
	if (nd == 0)
		return (-1);
	if (i < n && s[i] == '.') {
		for (i++; i < n && (unsigned)(s[i] - '0') <= 9; i++, nf++) {
			if (nf < 6)
				frac = frac * 10 + (s[i] - '0');
		}
		if (nf == 0)
			return (-1);
		for (; nf < 6; nf++)
			frac *= 10;
	}
	if (i != n)
		return (-1);
	*us = whole * US_PER_S + frac;
	if (neg)
		*us = -*us;
	return (0);
}

/* Two digits at s as a number, or -1. */
static int
two(const char *s)
{
	unsigned	a = (unsigned)(s[0] - '0'), b = (unsigned)(s[1] - '0');

	if (a > 9 || b > 9)
		return (-1);
	return ((int)(a * 10 + b));
}

/* "HH:MM:SS" at s as seconds of the day, or -1. */
static int64_t
hms(const char *s)
{
	int	h = two(s), m = two(s + 3), sec = two(s + 6);

	if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 59 ||
	    s[2] != ':' || s[5] != ':')
		return (-1);
	return ((int64_t)h * 3600 + m * 60 + sec);
}

int
altok_time_clf(struct altok_clock *c, const char *s, size_t n, int64_t *us)
{
	int64_t	day_s;

	/* "07/Feb/2020:11:48:51 +0000": the date and zone are the key. */
	if (n != 26 || s[11] != ':' || s[20] != ' ')
		return (time_parse_clf(s, n, us));
	if ((day_s = hms(s + 12)) < 0)
		return (-1);
	if (!c->clf_ok || memcmp(c->clf_key, s, 11) != 0 ||
	    memcmp(c->clf_key + 11, s + 20, 6) != 0) {
		if (time_parse_clf(s, n, us) != 0)
			return (-1);
		memcpy(c->clf_key, s, 11);
		memcpy(c->clf_key + 11, s + 20, 6);
		c->clf_base_us = *us - day_s * US_PER_S;
		c->clf_ok = 1;
		return (0);
	}
	*us = c->clf_base_us + day_s * US_PER_S;
	return (0);
}

int
altok_time_iso(struct altok_clock *c, const char *s, size_t n,
    const struct zone *tz, int64_t *us)
{
	int64_t	day_s, frac = 0;
	size_t	i, nf;

	/* "2016-04-15T20:17:00[.310]Z": the date is the key. */
	if (n < 20 || s[10] != 'T' || s[n - 1] != 'Z' ||
	    (day_s = hms(s + 11)) < 0)
		return (time_parse_iso(s, n, tz, us));
	if (n > 20) {
		if (s[19] != '.' || n - 21 < 1 || n - 21 > 9)
			return (time_parse_iso(s, n, tz, us));
		for (i = 20, nf = 0; i < n - 1; i++, nf++) {
			if ((unsigned)(s[i] - '0') > 9)
				return (-1);
			if (nf < 6)
				frac = frac * 10 + (s[i] - '0');
		}
		for (; nf < 6; nf++)
			frac *= 10;
	}
	if (!c->iso_ok || memcmp(c->iso_key, s, 10) != 0) {
		if (time_parse_iso(s, n, tz, us) != 0)
			return (-1);
		memcpy(c->iso_key, s, 10);
		c->iso_base_us = *us - day_s * US_PER_S - frac;
		c->iso_ok = 1;
		return (0);
	}
	*us = c->iso_base_us + day_s * US_PER_S + frac;
	return (0);
}

void
altok_request(const struct altok_span *s, struct altok_span *method,
    struct altok_span *path, struct altok_span *protocol)
{
	const char	*p, *end, *sp1, *sp2;

	memset(method, 0, sizeof *method);
	memset(path, 0, sizeof *path);
	memset(protocol, 0, sizeof *protocol);
	if (s->p == NULL || s->len == 0 || (s->len == 1 && s->p[0] == '-') ||
	    (s->len == 5 && memcmp(s->p, "- - -", 5) == 0))
		return;
	p = s->p;
	end = p + s->len;
	method->flags = path->flags = protocol->flags = s->flags;
	if ((sp1 = memchr(p, ' ', s->len)) == NULL) {
		path->p = p;
		path->len = s->len;
		return;
	}
	method->p = p;
	method->len = (uint32_t)(sp1 - p);
	for (sp2 = end; sp2 > sp1 + 1 && sp2[-1] != ' '; sp2--)
		;
	if (sp2 > sp1 + 1 && end - sp2 >= 5 && memcmp(sp2, "HTTP/", 5) == 0) {
		protocol->p = sp2;
		protocol->len = (uint32_t)(end - sp2);
		path->p = sp1 + 1;
		path->len = (uint32_t)(sp2 - 1 - (sp1 + 1));
	} else {
		path->p = sp1 + 1;
		path->len = (uint32_t)(end - (sp1 + 1));
	}
}

void
altok_out_begin(struct altok_out *o, size_t len, struct sink *sink)
{
	size_t	need = len + 256;

	o->used = 0;
	o->cap = need;
	if (sink != NULL && (o->at = sink_room(sink, need)) != NULL)
		return;
	if (need > o->bufcap) {
		free(o->buf);
		o->buf = xmalloc(need);
		o->bufcap = need;
	}
	o->at = o->buf;
}

const char *
altok_out_text(struct altok_out *o, const struct altok_span *s)
{
	char	*p;
	size_t	 n;

	if (s->p == NULL || o->used >= o->cap)
		return (NULL);
	p = o->at + o->used;
	n = altok_unescape(s, p, o->cap - o->used);
	o->used += n + 1;
	return (p);
}

const char *
altok_out_str(struct altok_out *o, const struct altok_span *s)
{
	if (altok_blank(s))
		return (NULL);
	return (altok_out_text(o, s));
}

void
altok_out_free(struct altok_out *o)
{
	free(o->buf);
	memset(o, 0, sizeof *o);
}

char *
altok_show(const char *s, size_t n, char *buf, size_t len)
{
	size_t	i, max;

	if (len < 4) {
		if (len > 0)
			buf[0] = '\0';
		return (buf);
	}
	max = n < len - 1 ? n : len - 4;
	for (i = 0; i < max; i++)
		buf[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
	if (max < n) {
		memcpy(buf + i, "...", 3);
		i += 3;
	}
	buf[i] = '\0';
	return (buf);
}

/* Whether s[0..n) holds nothing but blanks. */
static int
blank_line(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return (0);
	}
	return (1);
}

int
altok_head_line(const char **at, const char *end, size_t len,
    const char **s, size_t *n)
{
	const char	*p = *at, *nl;

	if (p >= end)
		return (0);
	if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL) {
		if (len >= INPUT_PEEK_MAX)
			return (0);	/* cut by the peek: not a line */
		nl = end;
	}
	*s = p;
	*n = (size_t)(nl - p);
	if (*n > 0 && p[*n - 1] == '\r')
		(*n)--;
	*at = nl + 1;
	return (1);
}

int
altok_probe(const unsigned char *head, size_t len,
    int (*line)(const char *s, size_t n))
{
	const char	*at = (const char *)head, *end = at + len, *p;
	size_t		 n;
	int		 sc[ALTOK_PROBE_LINES], lines = 0, i, j, k, best = 0;

	while (lines < ALTOK_PROBE_LINES &&
	    altok_head_line(&at, end, len, &p, &n)) {
		if (!blank_line(p, n))
			sc[lines++] = line(p, n);
	}
	/* The highest score that at least half of the lines reach. */
	for (i = 0; i < lines; i++) {
		for (j = 0, k = 0; j < lines; j++)
			k += sc[j] >= sc[i];
		if (sc[i] > best && k * 2 >= lines)
			best = sc[i];
	}
	return (best);
}

int
altok_import(struct input *in, struct sink *sink, const char *what,
    altok_line_fn fn, void *ctx, char **cause)
{
	struct linereader	 lr;
	enum lr_status		 lrs;
	const char		*s, *err;
	char			 why[512], first[600];
	size_t			 n;
	int64_t			 good = 0, bad = 0, lineno;
	int			 rc = 0, r;

	*cause = NULL;
	first[0] = '\0';
	lr_init(&lr, in);
	while ((lrs = lr_next(&lr, &s, &n)) != LR_EOF) {
		lineno = (int64_t)lr.lineno;
		if (lrs == LR_ERROR) {
			err = input_error(in) != NULL ? input_error(in) :
			    "unknown";
			if (good == 0) {
				*cause = xasprintf("read error: %s", err);
				rc = -1;
			} else
				sink_reject(sink, lineno + 1, "read error: %s",
				    err);
			break;
		}
		if (lrs == LR_LONG) {
			char	*lw = input_long_why(in, "line");

			snprintf(why, sizeof why, "%s", lw);
			free(lw);
		} else if (blank_line(s, n))
			continue;
		else if (lr.nul_at != SIZE_MAX)
			/* a field would end there: never keep it cut */
			snprintf(why, sizeof why, "a NUL byte at column %zu: "
			    "the line is rejected", lr.nul_at + 1);
		else if ((r = fn(ctx, s, n, lineno, why, sizeof why)) == 0) {
			good++;
			continue;
		} else if (r == -2) {
			*cause = xstrdup("the store refused a record");
			rc = -1;
			break;
		}
		if (bad++ == 0)
			snprintf(first, sizeof first, "line %lld: %s",
			    (long long)lineno, why);
		sink_reject(sink, lineno, "%s", why);
	}
	lr_free(&lr);
	if (rc == 0 && good == 0) {
		*cause = bad == 0 ? xasprintf("no %s line: the input is empty",
		    what) : xasprintf("no %s line (%lld rejected; %s)", what,
		    (long long)bad, first);
		rc = -1;
	}
	return (rc);
}
