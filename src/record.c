/*
 * record.c: the field tables of the normalized records (record.h) and the
 * sink's reject helper.  Pure data; knows nothing of the store or views.
 */
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>

#include "record.h"
#include "util.h"

#define F(t, n, ty)	{ .name = #n, .type = ty, .off = offsetof(t, n) }

static const struct rec_field event_fields[] = {
	F(struct rec_event, uid, RF_STR),
	F(struct rec_event, name, RF_STR),
	F(struct rec_event, namespace, RF_STR),
	F(struct rec_event, obj_kind, RF_STR),
	F(struct rec_event, obj_namespace, RF_STR),
	F(struct rec_event, obj_name, RF_STR),
	F(struct rec_event, obj_uid, RF_STR),
	F(struct rec_event, field_path, RF_STR),
	F(struct rec_event, container, RF_STR),
	F(struct rec_event, init_container, RF_BOOL),
	F(struct rec_event, reason, RF_STR),
	F(struct rec_event, message, RF_STR),
	F(struct rec_event, type, RF_STR),
	F(struct rec_event, component, RF_STR),
	F(struct rec_event, host, RF_STR),
	F(struct rec_event, action, RF_STR),
	F(struct rec_event, time_us, RF_TIME),
	F(struct rec_event, first_us, RF_TIME),
	F(struct rec_event, last_us, RF_TIME),
	F(struct rec_event, count, RF_INT),
	F(struct rec_event, line, RF_INT),
	{ .name = NULL }
};

const struct rec_desc rec_descs[REC__COUNT] = {
	[REC_EVENT] = {
		.name = "event",
		.table = "events",
		.fields = event_fields
	},
};

void
sink_reject(struct sink *s, int64_t line, const char *fmt, ...)
{
	va_list	 ap;
	char	*reason;

	va_start(ap, fmt);
	reason = xvasprintf(fmt, ap);
	va_end(ap);
	s->reject(s->ctx, line, reason);
	free(reason);
}
