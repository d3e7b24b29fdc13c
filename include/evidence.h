/*
 * evidence.h: what each number of a finding's evidence means, in words,
 * for the views that show evidence to a person (the TUI's finding view,
 * the HTML and Markdown reports).  One table, keyed by the evidence
 * field's name (the report JSON's contract names them).  Pure data: no
 * SQL, no drawing.
 */
#ifndef EVIDENCE_H
#define EVIDENCE_H

/*
 * The sentence explaining evidence field key ("grace_s": "the grace
 * period (terminationGracePeriodSeconds): the whole budget from the
 * deletion request to SIGKILL"), or NULL for a field it does not know.
 * Static storage.
 */
const char	*evidence_explain(const char *key);

#endif
