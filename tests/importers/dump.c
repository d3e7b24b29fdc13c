/*
 * dump.c: the importer test driver.  Runs one importer (named, or
 * detected) on one input and prints each record as one canonical JSON line
 * with sorted keys ("record" names its type), each reject as
 * {"reject": line, "reason": ...} and each notice of the importer as
 * {"note": ...}, in the order the importer gave them.  The golden tests
 * compare this output byte for byte.  Exit 0, or 1 when the input could
 * not be read at all, printing the cause.  Times are printed with
 * microseconds.
 *
 *	dump [-a FORMAT] [-z ZONE] [-r NAME -k KEY -t TIME] [-R NS/NAME] PATH
 *
 * -r/-k/-t are import's --records/--key/--time (and imply -a records);
 * -z is --tz; -R is --release.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "importer.h"
#include "out.h"
#include "timefmt.h"
#include "util.h"
#include "zone.h"

static json_t *
time_json(int64_t us)
{
	char	s[TIME_FMT_LEN], out[40];
	int64_t	sub;

	if (us == TIME_NONE)
		return (json_null());
	time_format(us, s);
	sub = ((us % 1000) + 1000) % 1000;
	/* "2026-05-12T09:00:03.250Z" -> "2026-05-12T09:00:03.250123Z" */
	snprintf(out, sizeof out, "%.23s%03lldZ", s, (long long)sub);
	return (json_string(out));
}

/*
 * A string as JSON.  Text that is not UTF-8 (a log line can be anything)
 * is shown with its bad bytes as \xNN, marked by a leading "(not UTF-8) ".
 */
static json_t *
str_json(const char *s)
{
	json_t	*v;
	char	*safe, *marked;

	if (s == NULL)
		return (json_null());
	if ((v = json_string(s)) != NULL)
		return (v);
	safe = out_safe(s, strlen(s), SIZE_MAX);
	marked = xasprintf("(not UTF-8) %s", safe);
	v = json_string(marked);
	free(safe);
	free(marked);
	return (v);
}

static int
dump_put(void *ctx, enum rec_type type, const void *rec)
{
	const struct rec_field	*f;
	const char		*base = rec, *str;
	json_t			*o;
	int64_t			 v;
	int			 b;
	char			*line;

	o = json_object();
	json_object_set_new(o, "record", json_string(rec_descs[type].name));
	for (f = rec_descs[type].fields; f->name != NULL; f++) {
		switch (f->type) {
		case RF_STR:
			memcpy(&str, base + f->off, sizeof str);
			json_object_set_new(o, f->name, str_json(str));
			break;
		case RF_TIME:
			memcpy(&v, base + f->off, sizeof v);
			json_object_set_new(o, f->name, time_json(v));
			break;
		case RF_INT:
			memcpy(&v, base + f->off, sizeof v);
			json_object_set_new(o, f->name, v == INT_NONE ?
			    json_null() : json_integer(v));
			break;
		case RF_BOOL:
			memcpy(&b, base + f->off, sizeof b);
			json_object_set_new(o, f->name, json_boolean(b));
			break;
		case RF_ENUM:
			memcpy(&b, base + f->off, sizeof b);
			json_object_set_new(o, f->name, str_json(b > 0 &&
			    b < f->nnames ? f->names[b] : NULL));
			break;
		}
	}
	line = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT |
	    JSON_ENSURE_ASCII);
	puts(line);
	free(line);
	json_decref(o);
	return (0);
}

static void
dump_reject(void *ctx, int64_t line, const char *reason)
{
	json_t	*o;
	char	*s;

	o = json_pack("{s:I,s:s}", "reject", (json_int_t)line, "reason",
	    reason);
	if (o == NULL)	/* reason not UTF-8 */
		o = json_pack("{s:I,s:s}", "reject", (json_int_t)line,
		    "reason", "(not UTF-8)");
	s = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENSURE_ASCII);
	puts(s);
	free(s);
	json_decref(o);
}

static void
dump_damaged(void *ctx, int64_t line, const char *reason)
{
	printf("{\"damaged\":%lld}\n", (long long)line);
}

static void
dump_note(void *ctx, const char *text)
{
	json_t	*o;
	char	*s;

	o = json_pack("{s:s}", "note", text);
	if (o == NULL)	/* not UTF-8 */
		o = json_pack("{s:s}", "note", "(not UTF-8)");
	s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
	puts(s);
	free(s);
	json_decref(o);
}

int
main(int argc, char **argv)
{
	const struct importer	*imp = NULL;
	struct import_opts	 opts = { .tz = NULL };
	struct zone		*tz = NULL;
	struct sink		 sink = {
		.ctx = NULL, .put = dump_put, .reject = dump_reject,
		.damaged = dump_damaged, .note = dump_note
	};
	struct source		*src;
	struct input		*in;
	char			*cause = NULL;
	char			*slash;
	int			 ch, r, score, rc = 0;

	while ((ch = getopt(argc, argv, "a:z:r:k:t:R:")) != -1) {
		switch (ch) {
		case 'R':
			if ((slash = strchr(optarg, '/')) == NULL) {
				fprintf(stderr, "-R takes NAMESPACE/NAME\n");
				return (2);
			}
			*slash = '\0';
			opts.release_namespace = optarg;
			opts.release_name = slash + 1;
			break;
		case 'z':
			zone_free(tz);
			if (zone_open(optarg, &tz, &cause) != 0) {
				fprintf(stderr, "%s\n", cause);
				free(cause);
				return (2);
			}
			opts.tz = tz;
			break;
		case 'r':
			opts.records = optarg;
			imp = &imp_records;
			break;
		case 'k':
			opts.key_col = optarg;
			break;
		case 't':
			opts.time_col = optarg;
			break;
		case 'a':
			if ((imp = importer_find(optarg)) == NULL) {
				fprintf(stderr, "unknown format %s\n", optarg);
				return (2);
			}
			break;
		default:
			return (2);
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: dump [-a FORMAT] [-z ZONE] "
		    "[-r NAME -k KEY -t TIME] [-R NS/NAME] PATH\n");
		return (2);
	}
	if (source_open(argv[optind], NULL, &src, &cause) != 0) {
		printf("error: %s\n", cause);
		return (1);
	}
	while ((r = source_next(src, &in, &cause)) != 0) {
		const struct importer	*use = imp;

		if (r < 0) {
			printf("error: %s\n", cause);
			free(cause);
			rc = 1;
			continue;
		}
		if (use == NULL && (use = importer_detect(in, &score)) ==
		    NULL) {
			printf("error: no importer recognises this input\n");
			rc = 1;
			continue;
		}
		printf("# %s\n", use->name);
		if (use->parse(in, &opts, &sink, &cause) != 0) {
			printf("error: %s\n", cause);
			free(cause);
			rc = 1;
		}
	}
	source_close(src);
	zone_free(tz);
	return (rc);
}
