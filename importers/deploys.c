/*
 * deploys.c: the "deploys" importer.  Reads deploy histories: "helm
 * history RELEASE -o json" and "-o yaml" (an array of revisions, which
 * does not name its release: --release NAMESPACE/NAME says it), Argo CD
 * Applications (argoproj.io/v1alpha1: status.history) and Flux
 * HelmReleases (helm.toolkit.fluxcd.io/v2*: status.history), single or in
 * lists, JSON or YAML, through the shared Kubernetes loop (k8s.c), which
 * also routes Applications and HelmReleases here from a mixed List or a
 * bundle.  Each entry of a history becomes one struct rec_deploy.  The
 * table helm history prints by default is refused, pointing to -o json.
 * Knows nothing of SQLite or curses, nor of the rollouts a deploy is
 * joined to.
 * The fields read, and why: docs/formats/deploys.md.
 */
#include <stdio.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"
#include "util.h"

/* The API versions whose kinds this importer reads, as probes see them. */
static const struct {
	const char	*kind;
	const char	*api_version;
} deploy_kinds[] = {
	{ .kind = "Application", .api_version = "argoproj.io/v1alpha1" },
	{ .kind = "HelmRelease", .api_version = "helm.toolkit.fluxcd.io/v2" },
	{ .kind = "HelmRelease",
	    .api_version = "helm.toolkit.fluxcd.io/v2beta2" },
	{ .kind = "HelmRelease",
	    .api_version = "helm.toolkit.fluxcd.io/v2beta1" },
};
#define DEPLOY_NKINDS	(sizeof deploy_kinds / sizeof deploy_kinds[0])

/*
 * Whether the first line of head is the header of helm history's table:
 * "REVISION", blanks, "UPDATED".
 */
static int
helm_table(const unsigned char *head, size_t len)
{
	static const char	 rev[] = "REVISION", upd[] = "UPDATED";
	size_t			 i = sizeof rev - 1;

	if (len < i || memcmp(head, rev, i) != 0)
		return (0);
	if (i >= len || (head[i] != ' ' && head[i] != '\t'))
		return (0);
	while (i < len && (head[i] == ' ' || head[i] == '\t'))
		i++;
	return (len - i >= sizeof upd - 1 &&
	    memcmp(head + i, upd, sizeof upd - 1) == 0);
}

/*
 * Whether head holds helm history's entries: a revision and a chart with
 * no kind (a Kubernetes object) and no namespace (helm list names each
 * release: it is not a history).
 */
static int
helm_history(const unsigned char *head, size_t len)
{
	struct kj_head	h;

	if (!kj_head_open_any(&h, head, len))
		return (0);
	return (kj_head_key(&h, "revision", NULL) &&
	    kj_head_key(&h, "chart", NULL) &&
	    (kj_head_key(&h, "updated", NULL) ||
	    kj_head_key(&h, "status", NULL)) &&
	    !kj_head_key(&h, "kind", NULL) &&
	    !kj_head_key(&h, "namespace", NULL));
}

static int
imp_deploys_probe(const char *name, const unsigned char *head, size_t len)
{
	struct kj_head	h;
	char		list[32];
	size_t		i;

	if (helm_table(head, len) || helm_history(head, len))
		return (90);
	if (!kj_head_open(&h, head, len))
		return (0);
	for (i = 0; i < DEPLOY_NKINDS; i++) {
		snprintf(list, sizeof list, "%sList", deploy_kinds[i].kind);
		if (kj_head_key(&h, "kind", list))
			return (95);
		if (kj_head_key(&h, "kind", deploy_kinds[i].kind) &&
		    kj_head_key(&h, "apiVersion", deploy_kinds[i].api_version))
			return (90);
	}
	return (0);
}

/*
 * A number or a string as text (a revision, an id): the string itself, or
 * the integer written into buf; NULL for anything else.
 */
static const char *
text_of(json_t *v, char *buf, size_t len)
{
	if (json_is_string(v))
		return (json_string_value(v));
	if (!json_is_integer(v))
		return (NULL);
	snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	return (buf);
}

/*
 * The revision a rollback went back to: rollback_revision, else the
 * number of a description "Rollback to N", into buf; or NULL.
 */
static const char *
rollback_of(json_t *entry, const char *description, char *buf, size_t len)
{
	static const char	 to[] = "Rollback to ";
	const char		*s;
	size_t			 n;

	if (json_is_integer(json_object_get(entry, "rollback_revision")) &&
	    json_integer_value(json_object_get(entry, "rollback_revision")) >
	    0)
		return (text_of(json_object_get(entry, "rollback_revision"),
		    buf, len));
	if (description == NULL ||
	    strncmp(description, to, sizeof to - 1) != 0)
		return (NULL);
	s = description + sizeof to - 1;
	n = strspn(s, "0123456789");
	if (n == 0 || n >= len || (s[n] != '\0' && s[n] != ' '))
		return (NULL);
	memcpy(buf, s, n);
	buf[n] = '\0';
	return (buf);
}

enum k8s_put
k8s_helm_put(json_t *entry, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	struct rec_deploy	 d;
	struct kj_scan		 sc = { .why = why, .whylen = whylen };
	char			 rev[32], back[32];

	if (seen->opts == NULL || seen->opts->release_name == NULL) {
		snprintf(why, whylen, "a helm history entry, but no --release "
		    "NAMESPACE/NAME says whose");
		return (K8S_PUT_REJECT);
	}
	memset(&d, 0, sizeof d);
	d.revision = text_of(json_object_get(entry, "revision"), rev,
	    sizeof rev);
	if (d.revision == NULL) {
		snprintf(why, whylen, "helm history entry without a revision");
		return (K8S_PUT_REJECT);
	}
	sc.latest_us = TIME_NONE;
	if (kj_scan_time(&sc, entry, "", "updated", 1) != 0)
		return (K8S_PUT_REJECT);
	d.tool = "helm";
	d.namespace = seen->opts->release_namespace;
	d.name = seen->opts->release_name;
	d.source = kj_str(entry, "chart");
	d.app_version = kj_str(entry, "app_version");
	d.status = kj_str(entry, "status");
	d.description = kj_str(entry, "description");
	d.rollback_to = rollback_of(entry, d.description, back, sizeof back);
	d.start_us = TIME_NONE;
	d.end_us = sc.latest_us;
	d.line = seen->line;
	return (sink_put(sink, REC_DEPLOY, &d) == 0 ? K8S_PUT_OK :
	    K8S_PUT_SINK);
}

/*
 * Checks an Application or a HelmRelease (of kind, for messages) before
 * any of its history is put: its name, status.history (absent, null or a
 * list of entries) and the times at fields of each entry.  Returns 0, or
 * -1 with why written.
 */
static int
scan_history(json_t *obj, const char *kind, const char *const *fields,
    size_t nfields, char *why, size_t whylen)
{
	struct kj_scan	 sc = { .why = why, .whylen = whylen };
	json_t		*h = kj_get(obj, "status.history");

	if (kj_str(obj, "metadata.name") == NULL) {
		snprintf(why, whylen, "%s without metadata.name", kind);
		return (-1);
	}
	if (h != NULL && !json_is_null(h) && !json_is_array(h)) {
		snprintf(why, whylen, "%s whose status.history is not a list",
		    kind);
		return (-1);
	}
	sc.latest_us = TIME_NONE;
	return (kj_scan_array(&sc, obj, "status.history", fields, nfields));
}

/*
 * What one Argo CD source deployed, added to b: the chart and its version
 * for a chart source ("web-1.4.2"), else the revision (a git commit).
 */
static void
argo_source(struct buf *b, json_t *source, const char *revision)
{
	const char	*chart = kj_str(source, "chart");

	if (revision == NULL)
		return;
	if (b->len > 0)
		buf_puts(b, ",");
	if (chart != NULL)
		buf_printf(b, "%s-%s", chart, revision);
	else
		buf_puts(b, revision);
}

/* Who started an Argo CD sync: the user, "automated", or NULL. */
static const char *
argo_actor(json_t *entry)
{
	const char	*user = kj_str(entry, "initiatedBy.username");

	if (user != NULL && *user != '\0')
		return (user);
	if (json_is_true(kj_get(entry, "initiatedBy.automated")))
		return ("automated");
	return (NULL);
}

enum k8s_put
k8s_argo_put(json_t *app, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	static const char *const times[] = { "deployStartedAt", "deployedAt" };
	struct rec_deploy	 d;
	struct buf		 src = { 0 };
	json_t			*entry, *revs, *rev;
	char			 id[32];
	size_t			 i, j;
	enum k8s_put		 put = K8S_PUT_OK;

	if (scan_history(app, "Application", times,
	    sizeof times / sizeof times[0], why, whylen) != 0)
		return (K8S_PUT_REJECT);
	json_array_foreach(kj_get(app, "status.history"), i, entry) {
		if (!json_is_object(entry))
			continue;
		memset(&d, 0, sizeof d);
		d.tool = "argocd";
		d.namespace = kj_str(app, "spec.destination.namespace");
		d.name = kj_str(app, "metadata.name");
		d.revision = text_of(json_object_get(entry, "id"), id,
		    sizeof id);
		buf_clear(&src);
		revs = json_object_get(entry, "revisions");
		if (json_is_array(revs)) {
			/* a multi-source Application: sources[j] gave it */
			json_array_foreach(revs, j, rev) {
				argo_source(&src, json_array_get(
				    json_object_get(entry, "sources"), j),
				    json_string_value(rev));
			}
		} else
			argo_source(&src, json_object_get(entry, "source"),
			    kj_str(entry, "revision"));
		d.source = src.len > 0 ? src.data : NULL;
		d.actor = argo_actor(entry);
		d.start_us = kj_time_or_none(entry, "deployStartedAt");
		d.end_us = kj_time_or_none(entry, "deployedAt");
		d.line = seen->line;
		if (sink_put(sink, REC_DEPLOY, &d) != 0) {
			put = K8S_PUT_SINK;
			break;
		}
	}
	buf_free(&src);
	return (put);
}

enum k8s_put
k8s_flux_put(json_t *hr, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	static const char *const times[] = { "firstDeployed", "lastDeployed" };
	struct rec_deploy	 d;
	struct buf		 src = { 0 }, rel = { 0 };
	json_t			*entry;
	const char		*name = kj_str(hr, "metadata.name"), *ns, *tns;
	const char		*chart, *version;
	char			 rev[32];
	size_t			 i;
	enum k8s_put		 put = K8S_PUT_OK;

	if (scan_history(hr, "HelmRelease", times,
	    sizeof times / sizeof times[0], why, whylen) != 0)
		return (K8S_PUT_REJECT);
	/* where Flux installs the release, and the name it gives it */
	tns = kj_str(hr, "spec.targetNamespace");
	ns = tns != NULL ? tns : kj_str(hr, "metadata.namespace");
	if (kj_str(hr, "spec.releaseName") != NULL)
		buf_puts(&rel, kj_str(hr, "spec.releaseName"));
	else if (tns != NULL)
		buf_printf(&rel, "%s-%s", tns, name);
	else
		buf_puts(&rel, name);
	json_array_foreach(kj_get(hr, "status.history"), i, entry) {
		if (!json_is_object(entry))
			continue;
		memset(&d, 0, sizeof d);
		d.tool = "flux";
		/* the snapshot's own, when written: Flux shortens long names */
		d.namespace = kj_str(entry, "namespace");
		if (d.namespace == NULL)
			d.namespace = ns;
		d.name = kj_str(entry, "name");
		if (d.name == NULL)
			d.name = rel.data;
		d.revision = text_of(json_object_get(entry, "version"), rev,
		    sizeof rev);
		chart = kj_str(entry, "chartName");
		version = kj_str(entry, "chartVersion");
		buf_clear(&src);
		if (chart != NULL && version != NULL)
			buf_printf(&src, "%s-%s", chart, version);
		else if (chart != NULL)
			buf_puts(&src, chart);
		d.source = src.len > 0 ? src.data : NULL;
		d.app_version = kj_str(entry, "appVersion");
		d.status = kj_str(entry, "status");
		d.start_us = kj_time_or_none(entry, "firstDeployed");
		d.end_us = kj_time_or_none(entry, "lastDeployed");
		d.line = seen->line;
		if (sink_put(sink, REC_DEPLOY, &d) != 0) {
			put = K8S_PUT_SINK;
			break;
		}
	}
	buf_free(&src);
	buf_free(&rel);
	return (put);
}

/*
 * Refuses helm history's table and a history no --release names; reads
 * the rest with the shared loop.
 */
static int
imp_deploys_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	const unsigned char	*head;
	size_t			 len;

	len = input_peek_lines(in, &head);
	if (helm_table(head, len)) {
		*cause = xstrdup("helm history's table is not read: save the "
		    "history as JSON (helm history RELEASE -o json) and "
		    "import that with --release NAMESPACE/NAME");
		return (-1);
	}
	if (helm_history(head, len) && opts->release_name == NULL) {
		*cause = xstrdup("helm history does not name its release: "
		    "import it with --release NAMESPACE/NAME (the release's "
		    "namespace and name)");
		return (IMPORT_NEEDS);
	}
	return (k8s_read(in, opts, sink, cause));
}

const struct importer imp_deploys = {
	.name = "deploys",
	.summary = "helm history -o json|yaml, Argo CD and Flux histories",
	.reads = IMP_READS_RELEASE,
	.probe = imp_deploys_probe,
	.parse = imp_deploys_parse,
};
