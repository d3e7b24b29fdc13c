/*
 * k8s-nodes.c: the "k8s-nodes" importer.  Reads Nodes (core/v1) as
 * kubectl, support bundles and collectors write them: NodeList and List,
 * bare arrays of items without kind (sonobuoy), single objects with or
 * without kind (insights-operator), and watch streams, stamped by the
 * collector or not, in JSON or YAML (k8s.c reads both into the same
 * values).  Each version of a node becomes one struct rec_node, then one
 * struct rec_node_cond per condition and one struct rec_taint per taint:
 * the Ready periods, a reboot (a new bootID) and a cordon are read from
 * them by the model.  Values are kept as written (a redacted bootID
 * too).  Knows nothing of SQLite or curses.
 * The fields read, and why: docs/formats/kubernetes.md#k8s-nodes.
 */
#include <stdio.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"

/*
 * 95 for a NodeList; 90 for a Node written with the fields only a Node
 * has (a Lease names a Node only as its owner); 80 for such fields
 * without the kind (items of a bare array, a single object).
 */
static int
imp_k8s_nodes_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head	h;
	int		node_fields;

	if (!kj_head_open(&h, head, len))
		return (0);
	if (kj_head_key(&h, "kind", "NodeList"))
		return (95);
	node_fields = kj_head_key(&h, "nodeInfo", NULL) ||
	    kj_head_key(&h, "daemonEndpoints", NULL) ||
	    kj_head_key(&h, "podCIDR", NULL);
	if (kj_head_key(&h, "kind", "Node") && (node_fields ||
	    kj_head_key(&h, "taints", NULL) ||
	    kj_head_key(&h, "providerID", NULL)))
		return (90);
	if (kj_head_key(&h, "nodeInfo", NULL) &&
	    (kj_head_key(&h, "kubeletVersion", NULL) ||
	    kj_head_key(&h, "daemonEndpoints", NULL)))
		return (80);
	return (0);
}

/*
 * Checks every time of a node and finds the latest it holds (a
 * condition's heartbeat, as a rule).  Returns 0, or -1 with the message.
 */
static int
scan_node(struct kj_scan *sc, json_t *node)
{
	static const char *const managed[] = { "time" };
	static const char *const conds[] = {
		"lastHeartbeatTime", "lastTransitionTime"
	};
	static const char *const taints[] = { "timeAdded" };

	sc->latest_us = TIME_NONE;
	if (kj_scan_time(sc, node, "", "metadata.creationTimestamp", 1) !=
	    0 ||
	    kj_scan_time(sc, node, "", "metadata.deletionTimestamp", 0) != 0)
		return (-1);
	if (kj_scan_array(sc, node, "metadata.managedFields", managed,
	    sizeof managed / sizeof managed[0]) != 0 ||
	    kj_scan_array(sc, node, "status.conditions", conds,
	    sizeof conds / sizeof conds[0]) != 0 ||
	    kj_scan_array(sc, node, "spec.taints", taints,
	    sizeof taints / sizeof taints[0]) != 0)
		return (-1);
	return (0);
}

/* Puts the conditions of the node version n. */
static int
put_conditions(json_t *node, const struct rec_node *n, struct sink *sink)
{
	struct rec_node_cond	 c;
	json_t			*el;
	size_t			 i;

	json_array_foreach(kj_get(node, "status.conditions"), i, el) {
		if (!json_is_object(el))
			continue;
		memset(&c, 0, sizeof c);
		c.node = n->name;
		c.resource_version = n->resource_version;
		c.type = kj_str(el, "type");
		c.status = kj_str(el, "status");
		c.reason = kj_str(el, "reason");
		c.message = kj_str(el, "message");
		c.since_us = kj_time_or_none(el, "lastTransitionTime");
		c.heartbeat_us = kj_time_or_none(el, "lastHeartbeatTime");
		c.observed_us = n->observed_us;
		if (sink_put(sink, REC_NODE_COND, &c) != 0)
			return (-1);
	}
	return (0);
}

/* Puts the taints of the node version n. */
static int
put_taints(json_t *node, const struct rec_node *n, struct sink *sink)
{
	struct rec_taint	 t;
	json_t			*el;
	size_t			 i;

	json_array_foreach(kj_get(node, "spec.taints"), i, el) {
		if (!json_is_object(el))
			continue;
		memset(&t, 0, sizeof t);
		t.node = n->name;
		t.resource_version = n->resource_version;
		t.key = kj_str(el, "key");
		t.value = kj_str(el, "value");
		t.effect = kj_str(el, "effect");
		t.added_us = kj_time_or_none(el, "timeAdded");
		t.observed_us = n->observed_us;
		if (sink_put(sink, REC_TAINT, &t) != 0)
			return (-1);
	}
	return (0);
}

enum k8s_put
k8s_node_put(json_t *node, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	struct rec_node	 n;
	struct kj_scan	 sc = { .why = why, .whylen = whylen };

	if (kj_str(node, "metadata.name") == NULL) {
		snprintf(why, whylen, "Node without metadata.name");
		return (K8S_PUT_REJECT);
	}
	if (scan_node(&sc, node) != 0)
		return (K8S_PUT_REJECT);
	memset(&n, 0, sizeof n);
	n.uid = kj_str(node, "metadata.uid");
	n.name = kj_str(node, "metadata.name");
	n.watch_type = seen->watch;
	n.resource_version = kj_str(node, "metadata.resourceVersion");
	n.boot_id = kj_str(node, "status.nodeInfo.bootID");
	n.provider_id = kj_str(node, "spec.providerID");
	n.kubelet_version = kj_str(node, "status.nodeInfo.kubeletVersion");
	n.unschedulable = json_is_true(kj_get(node, "spec.unschedulable"));
	n.created_us = kj_time_or_none(node, "metadata.creationTimestamp");
	n.deletion_ts_us = kj_time_or_none(node, "metadata.deletionTimestamp");
	if (seen->observed_us != TIME_NONE) {
		n.observed_us = seen->observed_us;
		n.observed_basis = seen->observed_basis;
	} else {
		n.observed_us = sc.latest_us;
		n.observed_basis = sc.latest_us != TIME_NONE ? "object" : NULL;
	}
	n.line = seen->line;
	if (sink_put(sink, REC_NODE, &n) != 0 ||
	    put_conditions(node, &n, sink) != 0 ||
	    put_taints(node, &n, sink) != 0)
		return (K8S_PUT_SINK);
	return (K8S_PUT_OK);
}

const struct importer imp_k8s_nodes = {
	.name = "k8s-nodes",
	.summary = "Nodes -o json|yaml, sonobuoy's; watches, stamped too",
	.probe = imp_k8s_nodes_probe,
	.parse = k8s_read,
};
