/*
 * test-out.c: the output layer.  Every string argument reaches the
 * output escaped (C0 and C1 controls, DEL, bidi controls, invalid
 * UTF-8), the format's own text does not; widths count columns; fitting
 * cuts whole characters with an ellipsis; JSON stays the same value.
 */
#include <stdlib.h>

#include "jsonval.h"
#include "out.h"
#include "unit.h"

static void
test_safe(void)
{
	char	*s;

	s = out_safe("ok \xc3\xa9t\xc3\xa9", 8, 100);
	CHECK_STR(s, "ok \xc3\xa9t\xc3\xa9");
	free(s);
	s = out_safe("\x1b[2Jboom\x07", 9, 100);
	CHECK_STR(s, "\\x1b[2Jboom\\x07");
	free(s);
	s = out_safe("a\0b", 3, 100);
	CHECK_STR(s, "a\\x00b");
	free(s);
	/* C1 control (U+009B, CSI) and invalid UTF-8 */
	s = out_safe("\xc2\x9b" "1m\xff\xc3", 6, 100);
	CHECK_STR(s, "\\xc2\\x9b1m\\xff\\xc3");
	free(s);
	/* overlong encoding of '/' and a UTF-16 surrogate */
	s = out_safe("\xc0\xaf\xed\xa0\x80", 5, 100);
	CHECK_STR(s, "\\xc0\\xaf\\xed\\xa0\\x80");
	free(s);
	s = out_safe("abcdefgh", 8, 4);
	CHECK_STR(s, "abcd...");
	free(s);
	/* bidi override, isolate, mark and the line separator */
	s = out_safe("a\xe2\x80\xae" "b\xe2\x81\xa6" "c\xe2\x80\x8f"
	    "d\xe2\x80\xa8", 16, 100);
	CHECK_STR(s, "a\\u202eb\\u2066c\\u200fd\\u2028");
	free(s);
	/* safe text is a fixed point */
	s = out_safe("\\x1b[2J \\u202e", 14, 100);
	CHECK_STR(s, "\\x1b[2J \\u202e");
	CHECK(out_is_safe(s, strlen(s)));
	CHECK(!out_is_safe("\x1b", 1));
	CHECK(!out_is_safe("\xe2\x80\xae", 3));
	free(s);
}

static void
test_printf(void)
{
	struct buf	 b = { 0 };

	/* OSC 52 (clipboard), CSI, CR: inert; the format's \n is not data */
	out_bprintf(&b, "[%s]\n", "\x1b]52;c;aGk=\x07\r\x1b[31m");
	CHECK_STR(b.data, "[\\x1b]52;c;aGk=\\x07\\x0d\\x1b[31m]\n");
	buf_clear(&b);
	out_bprintf(&b, "%-6s|", "\xc3\xa9t\xc3\xa9");	/* 3 columns */
	CHECK_STR(b.data, "\xc3\xa9t\xc3\xa9   |");
	buf_clear(&b);
	out_bprintf(&b, "%6s|", "ab");
	CHECK_STR(b.data, "    ab|");
	buf_clear(&b);
	out_bprintf(&b, "%.3s|", "ab\x1b[");	/* precision: data bytes */
	CHECK_STR(b.data, "ab\\x1b|");
	buf_clear(&b);
	out_bprintf(&b, "%c%c %d %lld %zu %5.1f %x %%", 'x', 27, -3,
	    (long long)1 << 40, (size_t)7, 2.25, 255U);
	CHECK_STR(b.data, "x\\x1b -3 1099511627776 7   2.2 ff %");
	buf_clear(&b);
	out_bprintf(&b, "%*s|%-*s|%.*s", 4, "a", 3, "b", 2, "cdef");
	CHECK_STR(b.data, "   a|b  |cd");
	buf_free(&b);
}

/* Runs fn on a memory stream and returns what it wrote. */
static char *
captured(void (*fn)(FILE *))
{
	char	*data = NULL;
	size_t	 len = 0;
	FILE	*f = open_memstream(&data, &len);

	if (f == NULL)
		return (xstrdup("(no stream)"));
	fn(f);
	fclose(f);
	return (data);
}

static void
put_html(FILE *f)
{
	out_html(f, "<b title=\"%s\">%s</b>", "\"x'", "<script>&\x1b");
}

static void
put_lines(FILE *f)
{
	out_lines(f, "usage: a\n       b\x1b\n");
}

static void
put_wrapped(FILE *f)
{
	out_printf(f, "> ");
	out_wrap(f, "one two three four five six seven eight nine ten "
	    "eleven twelve", 2, 4, 30);
}

static void
test_streams(void)
{
	char	*s;

	s = captured(put_html);
	CHECK_STR(s, "<b title=\"&quot;x&#39;\">&lt;script&gt;&amp;"
	    "\\x1b</b>");
	free(s);
	s = captured(put_lines);
	CHECK_STR(s, "usage: a\n       b\\x1b\n");
	free(s);
	s = captured(put_wrapped);
	CHECK_STR(s, ">   one two three four five\n"
	    "    six seven eight nine ten\n    eleven twelve\n");
	free(s);
}

/* out_fit()'s cases: the text, the columns and the cut, what comes
   out, and whether it must take every column. */
static const struct fit_case {
	const char	*in;
	size_t		 cols;
	enum out_cut	 how;
	int		 ascii;
	const char	*want;
	int		 fills;
} fit_cases[] = {
	{ "returns-api-7d9f8b6c5-x2kq9", 12, OUT_CUT_END, 0,
	    "returns-api\xe2\x80\xa6", 1 },
	{ "returns-api-7d9f8b6c5-x2kq9", 12, OUT_CUT_END, 1,
	    "returns-a...", 0 },
	{ "bundle.tar.gz!cluster/default.json", 15, OUT_CUT_MIDDLE, 0,
	    "bundle.\xe2\x80\xa6lt.json", 1 },
	/* a path loses whole leading components first */
	{ "logs/kube-system/app-7c9/app.log", 22, OUT_CUT_PATH, 0,
	    "\xe2\x80\xa6/app-7c9/app.log", 0 },
	/* a name too long itself: "…/" and the name cut in its middle,
	   so that names that differ in their heads stay apart */
	{ "sample/config/pod/openshift-etcd/"
	    "etcd-master-0.lab.upshift.rdu2.redhat.com.json", 30,
	    OUT_CUT_PATH, 0,
	    "\xe2\x80\xa6/etcd-master-0\xe2\x80\xa6" "edhat.com.json", 1 },
	{ "sample/config/pod/kube-scheduler/"
	    "kube-scheduler-master-0.lab.upshift.rdu2.redhat.com.json", 30,
	    OUT_CUT_PATH, 1, ".../kube-schedu...hat.com.json", 1 },
	/* too narrow for that: the whole path cut in its middle */
	{ "dir/abcdefghijklmnopqrstuvwxyz", 10, OUT_CUT_PATH, 0,
	    "dir/\xe2\x80\xa6vwxyz", 0 },
	{ "short", 12, OUT_CUT_END, 0, "short", 0 },
	/* wide characters count two and are never split */
	{ "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 5, OUT_CUT_END, 0,
	    "\xe6\x97\xa5\xe6\x9c\xac\xe2\x80\xa6", 1 },
	{ "a\x1b[2Jb", 40, OUT_CUT_END, 0, "a\\x1b[2Jb", 0 },
};

static void
test_fit(void)
{
	const struct fit_case	*c;
	char			*s;
	size_t			 i;

	for (i = 0; i < sizeof fit_cases / sizeof fit_cases[0]; i++) {
		c = &fit_cases[i];
		s = out_fit(c->in, c->cols, c->how, c->ascii);
		CHECK_STR(s, c->want);
		if (c->fills)
			CHECK(out_cols(s) == c->cols);
		free(s);
	}
	CHECK(out_fit_bytes("\xc3\xa9t\xc3\xa9", 2) == 3);
}

static void
test_json(void)
{
	json_t	*v;
	char	*s;

	v = json_pack("{s:s}", "n", "a\xe2\x80\xae" "b\xc2\x9b" "c\x1b"
	    "d\x7f");
	s = out_json_str(v, JSON_COMPACT);
	CHECK_STR(s, "{\"n\":\"a\\u202eb\\u009bc\\u001Bd\\u007f\"}");
	free(s);
	json_decref(v);
	/* nothing to escape: as jansson wrote it, other UTF-8 kept */
	v = json_pack("{s:s,s:i}", "n", "caf\xc3\xa9 \xe6\x97\xa5\n", "i", 1);
	s = out_json_str(v, JSON_COMPACT | JSON_PRESERVE_ORDER);
	CHECK_STR(s, "{\"n\":\"caf\xc3\xa9 \xe6\x97\xa5\\n\",\"i\":1}");
	free(s);
	json_decref(v);
	/* text that is not UTF-8: each stray byte as U+FFFD */
	s = out_utf8("a\xff" "b\xc3(\xe2\x80\xae");
	CHECK_STR(s, "a\xef\xbf\xbd" "b\xef\xbf\xbd(\xe2\x80\xae");
	free(s);
	s = out_utf8("");
	CHECK_STR(s, "");
	free(s);
	v = jv_str("x\xfey");
	CHECK(v != NULL && strcmp(json_string_value(v), "x\xef\xbf\xbdy") == 0);
	json_decref(v);
}

/*
 * jv_strs_dump writes what json_dumps writes of the same array (a NULL
 * string appended to it is left out).
 */
static void
test_strs_dump(void)
{
	const char	*v[40];
	char		 ctl[0x20][4], *mine, *theirs;
	json_t		*a = json_array();
	size_t		 n = 0, i;

	/* a NULL is left out, first or between */
	v[n++] = NULL;
	for (i = 1; i < 0x20; i++) {
		snprintf(ctl[i], sizeof ctl[i], "x%cy", (int)i);
		v[n++] = ctl[i];
	}
	v[n++] = "q\"b\\s/\x7f\xc3\xa9\xe2\x80\xa8";
	v[n++] = NULL;
	v[n++] = "";
	v[n++] = "returns-api-7c9f8d6b5-x2x9k";
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	mine = jv_strs_dump(v, n);
	theirs = json_dumps(a, JSON_COMPACT);
	CHECK_STR(mine, theirs);
	free(mine);
	free(theirs);
	json_decref(a);
	mine = jv_strs_dump(v, 0);
	CHECK_STR(mine, "[]");
	free(mine);
}

/* A line breaks at a space, but not between a number and its unit. */
static void
test_wrap(void)
{
	/* not "the grace of 30" then "s ends" */
	CHECK(out_wrap_bytes("the grace of 30 s ends", 16) == 12);
	CHECK(out_wrap_bytes("after 12.5 min, then", 13) == 5);
	/* a word after a number that is no unit breaks as any space */
	CHECK(out_wrap_bytes("of 3 pods went", 7) == 4);
	/* "s" only as a word of its own: "30 secrets" breaks */
	CHECK(out_wrap_bytes("kept 30 secrets", 9) == 7);
}

const struct unit_test out_tests[] = {
	{ "out_wrap_bytes", test_wrap },
	{ "out_safe", test_safe },
	{ "out_printf", test_printf },
	{ "out_streams", test_streams },
	{ "out_fit", test_fit },
	{ "out_json", test_json },
	{ "jv_strs_dump", test_strs_dump },
	{ NULL, NULL }
};
