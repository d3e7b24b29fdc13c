/*
 * reqhold.c: a request held until its attempts have come (reqhold.h),
 * for the store and the tally alike.  Record layer: no SQLite, no model.
 */
#include <stdint.h>
#include <string.h>

#include "reqhold.h"

/* Copies the held request's strings into h->str. */
static void
hold_strings(struct reqhold *h)
{
	const char	**fields[] = {
		&h->r.method, &h->r.host, &h->r.path, &h->r.protocol,
		&h->r.client, &h->r.user_agent, &h->r.namespace,
		&h->r.service, &h->r.upstream_name, &h->r.flags,
		&h->r.detail, &h->r.failure, &h->r.request_id, &h->r.dialect
	};
	size_t		 off[sizeof fields / sizeof fields[0]], i;

	buf_clear(&h->str);
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		off[i] = SIZE_MAX;
		if (*fields[i] == NULL)
			continue;
		off[i] = h->str.len;
		buf_append(&h->str, *fields[i], strlen(*fields[i]) + 1);
	}
	/* the buffer may have moved while it grew: pointers last */
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		*fields[i] = off[i] == SIZE_MAX ? NULL : h->str.data + off[i];
}

void
reqhold_put(struct reqhold *h, const struct rec_request *r, int borrow)
{
	h->r = *r;
	h->set = 1;
	h->attempts = 0;
	/* a borrowed request's strings outlive it */
	if (!borrow)
		hold_strings(h);
}

const struct rec_request *
reqhold_attempt(struct reqhold *h)
{
	if (!h->set)
		return (NULL);
	h->attempts++;
	return (&h->r);
}

const struct rec_request *
reqhold_release(struct reqhold *h, int *had_attempts)
{
	if (!h->set)
		return (NULL);
	h->set = 0;
	*had_attempts = h->attempts > 0;
	return (&h->r);
}

void
reqhold_drop(struct reqhold *h)
{
	h->set = 0;
}

void
reqhold_free(struct reqhold *h)
{
	buf_free(&h->str);
	h->set = 0;
}
