/*
 * report.h: the reports of the stored findings.  report-json.c builds the
 * report JSON of DESIGN §8 (a contract other tools read); the Markdown and
 * HTML reports carry the same findings.  Reads through store.h; no SQL.
 */
#ifndef REPORT_H
#define REPORT_H

#include <jansson.h>

#include "store.h"

/*
 * The report as JSON (a new reference), or NULL with a new *cause.
 * generated_us is the time it was made (the caller's clock).
 */
json_t	*report_json(struct store *st, int64_t generated_us, char **cause);

#endif
