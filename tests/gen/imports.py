#!/usr/bin/env python3
"""imports.py: writes incidents whose files are collected the way people
collect them, for the end-to-end tests of what an import keeps and skips
(tests/e2e/imports.sh), deterministically (no randomness, fixed times).

    python3 tests/gen/imports.py STORY OUTDIR

unread: the grace-budget rollout of incident.py (pods-watch.json,
events.json, replicasets.json, deployments.json) with, beside it, what
"kubectl get X -A -o yaml|json" writes for kinds coroner does not read:
controllerrevisions.yaml (a StatefulSet's two revisions), services.json,
hpa.yaml (autoscaling/v2), pdb.json (policy/v1), configmaps.yaml and
leases.json (coordination.k8s.io, which no importer claims).  Each such
file must be skipped with one line saying how many objects of which kind,
and the import must end as it would without them.

get-all: the same rollout as one mixed "kubectl get all -A -o json" List
(all.json) and its YAML (all.yaml): the pods' last versions, the
Deployment, its ReplicaSets, a StatefulSet, a Job and a CronJob, and the
kinds get all also lists (Service, HorizontalPodAutoscaler,
ControllerRevision); appended, as a hand-joined dump would hold them, the
events, an EndpointSlice and a Node.  get-all.json is the List without
those three, as kubectl writes it (detected as k8s-pods).  Also parts/,
the same objects one kind a file, for comparison.

xds-lost, xds-lost-json, xds-lost-envoy: the slow load balancer of
slow_lb.py (Deployment checkout/web, 4 old pods without preStop, replaced
one every 30 s from 2026-05-14T14:00:00Z) behind an Istio ingress gateway
(istio-system/istio-ingressgateway-7c9d6b5f4-x2k8p, container istio-proxy)
that keeps routing to each old pod for 18 s after its deletion request:
those requests fail with 503 UF.  gateway.log is "kubectl logs" of the
gateway: the proxy's own startup lines, its access log, and the one line
that says why: 150 s after the rollout began, "StreamAggregatedResources
gRPC config stream to xds-grpc closed since 1812s ago: 14, ... i/o
timeout": the gateway had lost istiod for half an hour and never learnt
that the pods were gone.  xds-lost writes Istio's text forms (pilot-agent's
"TIME\\tlevel\\tscope\\tmsg", Envoy's "TIME\\tlevel\\tenvoy config
FILE:LINE\\tmsg\\tthread=N", the default access-log format);
xds-lost-json writes them with --log_as_json and accessLogEncoding JSON;
xds-lost-envoy is a plain Envoy's default forms ("[Y-m-d H:M:S.ms][T]
[level][logger] [FILE:LINE] msg", the default access-log format).

xds-control: the same rollout and failures, the gateway's xDS stream
connected throughout (istiod closes it every 30 minutes and pilot-agent
reconnects within a second, once inside the rollout): the finding must
stay as it is without a proxy log.

Every story writes gateway-pod.json (kubectl get pod -o json of the
gateway) with the xds ones.
"""
import json
import os
import sys
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import incident  # noqa: E402
import slow_lb  # noqa: E402
from incident import ts, uid  # noqa: E402

# --- unread kinds -------------------------------------------------------

T0 = incident.T0
NS = incident.NS


def yaml_scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return str(v)
    s = str(v)
    if (s == "" or s[0] in "-?:,[]{}#&*!|>'\"%@`$ " or ": " in s or
            " #" in s or s in ("true", "false", "null", "yes", "no",
                                "on", "off", "~") or
            s[0].isdigit() or s[-1] == " " or
            "\n" in s or "\t" in s):
        return json.dumps(s)
    return s


def yaml_lines(v, indent):
    """v as block YAML, kubectl's way (keys sorted, lists at the key's
    indentation), as lines."""
    pad = " " * indent
    out = []
    if isinstance(v, dict):
        for k in sorted(v):
            x = v[k]
            key = yaml_scalar(k)
            if isinstance(x, dict) and x:
                out.append("%s%s:" % (pad, key))
                out.extend(yaml_lines(x, indent + 2))
            elif isinstance(x, list) and x:
                out.append("%s%s:" % (pad, key))
                out.extend(yaml_lines(x, indent))
            else:
                out.append("%s%s: %s" % (pad, key, "{}" if x == {} else
                                         "[]" if x == [] else
                                         yaml_scalar(x)))
    else:
        for x in v:
            if isinstance(x, (dict, list)) and x:
                sub = yaml_lines(x, indent + 2)
                out.append("%s- %s" % (pad, sub[0][indent + 2:]))
                out.extend(sub[1:])
            else:
                out.append("%s- %s" % (pad, yaml_scalar(x)))
    return out


def dump_yaml(path, obj):
    with open(path, "w") as f:
        f.write("\n".join(yaml_lines(obj, 0)) + "\n")


def dump_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=4)
        f.write("\n")


def klist(items):
    return {"apiVersion": "v1", "items": items, "kind": "List",
            "metadata": {"resourceVersion": ""}}


def meta(name, ns, n, created, **kw):
    m = {"name": name, "namespace": ns, "uid": uid(0x1c0, n),
         "resourceVersion": str(41000 + n),
         "creationTimestamp": ts(created)}
    m.update(kw)
    return m


def service():
    return {"apiVersion": "v1", "kind": "Service",
            "metadata": meta("returns-api", NS, 1, T0 - timedelta(days=30),
                             labels={"app": "returns-api"}),
            "spec": {"clusterIP": "10.96.14.7", "clusterIPs": ["10.96.14.7"],
                     "internalTrafficPolicy": "Cluster",
                     "ipFamilies": ["IPv4"],
                     "ipFamilyPolicy": "SingleStack",
                     "ports": [{"name": "http", "port": 80,
                                "protocol": "TCP", "targetPort": 8080}],
                     "selector": {"app": "returns-api"},
                     "sessionAffinity": "None", "type": "ClusterIP"},
            "status": {"loadBalancer": {}}}


def hpa():
    return {"apiVersion": "autoscaling/v2",
            "kind": "HorizontalPodAutoscaler",
            "metadata": meta("returns-api", NS, 2, T0 - timedelta(days=30)),
            "spec": {"maxReplicas": 6, "minReplicas": 3,
                     "metrics": [{"resource": {"name": "cpu", "target": {
                         "averageUtilization": 70,
                         "type": "Utilization"}}, "type": "Resource"}],
                     "scaleTargetRef": {"apiVersion": "apps/v1",
                                        "kind": "Deployment",
                                        "name": "returns-api"}},
            "status": {"currentReplicas": 3, "desiredReplicas": 3,
                       "lastScaleTime": ts(T0 - timedelta(days=2))}}


def controller_revisions():
    revs = []
    for r in (1, 2):
        revs.append({
            "apiVersion": "apps/v1", "kind": "ControllerRevision",
            "metadata": meta("returns-db-%s" % ("5d4b8c7f9", "6f9c8d7b5")[
                r - 1], NS, 2 + r, T0 - timedelta(days=40 - 10 * r),
                labels={"app": "returns-db",
                        "controller-revision-hash": ("5d4b8c7f9",
                                                     "6f9c8d7b5")[r - 1]},
                ownerReferences=[{"apiVersion": "apps/v1",
                                  "blockOwnerDeletion": True,
                                  "controller": True,
                                  "kind": "StatefulSet",
                                  "name": "returns-db",
                                  "uid": uid(0x1d0, 1)}]),
            "data": {"spec": {"template": {"$patch": "replace",
                                           "metadata": {"labels": {
                                               "app": "returns-db"}},
                                           "spec": {"containers": [{
                                               "image": "postgres:16.%d" %
                                               r, "name": "postgres"}]}}}},
            "revision": r})
    return revs


def pdb():
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
            "metadata": meta("returns-api", NS, 5, T0 - timedelta(days=30)),
            "spec": {"maxUnavailable": 1,
                     "selector": {"matchLabels": {"app": "returns-api"}}},
            "status": {"currentHealthy": 3, "desiredHealthy": 2,
                       "disruptionsAllowed": 1, "expectedPods": 3,
                       "observedGeneration": 1}}


def configmaps():
    return [{"apiVersion": "v1", "kind": "ConfigMap",
             "metadata": meta(name, NS, 6 + k, T0 - timedelta(days=30)),
             "data": data}
            for k, (name, data) in enumerate((
                ("kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----"
                                      "\nMIIC\n-----END CERTIFICATE-----\n"}),
                ("returns-api-config", {"FLUSH_TIMEOUT": "15s",
                                        "KAFKA_BROKERS": "kafka:9092"})))]


def leases():
    return [{"apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
             "metadata": meta("returns-api-leader", NS, 9,
                              T0 - timedelta(days=30)),
             "spec": {"acquireTime": "2026-05-12T08:00:01.000000Z",
                      "holderIdentity": "returns-api-7d9f8b6c5-x2kq9",
                      "leaseDurationSeconds": 15, "leaseTransitions": 3,
                      "renewTime": "2026-05-12T09:00:38.000000Z"}}]


def unread(out):
    incident.grace_budget(out, npods=3)
    dump_yaml(os.path.join(out, "controllerrevisions.yaml"),
              klist(controller_revisions()))
    dump_json(os.path.join(out, "services.json"), klist([service()]))
    dump_yaml(os.path.join(out, "hpa.yaml"), klist([hpa()]))
    dump_json(os.path.join(out, "pdb.json"), klist([pdb()]))
    dump_yaml(os.path.join(out, "configmaps.yaml"), klist(configmaps()))
    dump_json(os.path.join(out, "leases.json"), klist(leases()))


# --- a mixed List -------------------------------------------------------

def read_watch(path):
    """The objects of a pods-watch.json, in order."""
    dec = json.JSONDecoder()
    text = open(path).read()
    i, objs = 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return objs
        o, i = dec.raw_decode(text, i)
        objs.append(o)


def endpoint_slice():
    return {"addressType": "IPv4", "apiVersion": "discovery.k8s.io/v1",
            "endpoints": [{"addresses": ["10.244.2.20"],
                           "conditions": {"ready": True, "serving": True,
                                          "terminating": False},
                           "nodeName": "node-1",
                           "targetRef": {"kind": "Pod", "name":
                                         "returns-api-5c8d7b9f4-h6v2r",
                                         "namespace": NS,
                                         "uid": uid(0xb2, 0)}}],
            "kind": "EndpointSlice",
            "metadata": meta("returns-api-x7q2d", NS, 10, T0 -
                             timedelta(days=30),
                             labels={"kubernetes.io/service-name":
                                     "returns-api"},
                             annotations={"endpoints.kubernetes.io/"
                                          "last-change-trigger-time":
                                          ts(T0 + timedelta(seconds=8))}),
            "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}]}


def node():
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": "node-1", "uid": uid(0x1e0, 1),
                         "resourceVersion": "41100",
                         "creationTimestamp": ts(T0 - timedelta(days=90)),
                         "labels": {"kubernetes.io/hostname": "node-1"}},
            "spec": {"podCIDR": "10.244.1.0/24"},
            "status": {"conditions": [{
                "type": "Ready", "status": "True", "reason": "KubeletReady",
                "message": "kubelet is posting ready status",
                "lastHeartbeatTime": ts(T0 + timedelta(minutes=5)),
                "lastTransitionTime": ts(T0 - timedelta(days=90))}],
                "nodeInfo": {"kubeletVersion": "v1.30.4",
                             "containerRuntimeVersion":
                             "containerd://1.7.20"}}}


def batch(kind_job):
    tmpl = {"spec": {"restartPolicy": "OnFailure", "containers": [{
        "name": "sweep", "image": "registry.example/returns-sweep:1.0"}]}}
    cron = {"apiVersion": "batch/v1", "kind": "CronJob",
            "metadata": meta("returns-sweep", NS, 11,
                             T0 - timedelta(days=30)),
            "spec": {"schedule": "0 * * * *", "concurrencyPolicy": "Forbid",
                     "jobTemplate": {"spec": {"template": tmpl}}},
            "status": {"lastScheduleTime": ts(T0)}}
    job = {"apiVersion": "batch/v1", "kind": "Job",
           "metadata": meta("returns-sweep-29640540", NS, 12, T0,
                            ownerReferences=[{
                                "apiVersion": "batch/v1", "kind": "CronJob",
                                "name": "returns-sweep",
                                "uid": uid(0x1c0, 11), "controller": True}]),
           "spec": {"backoffLimit": 6, "completions": 1, "parallelism": 1,
                    "template": tmpl},
           "status": {"startTime": ts(T0), "completionTime":
                      ts(T0 + timedelta(seconds=42)), "succeeded": 1,
                      "conditions": [{"type": "Complete", "status": "True",
                                      "lastTransitionTime":
                                      ts(T0 + timedelta(seconds=42))}]}}
    return job if kind_job else cron


def statefulset():
    return {"apiVersion": "apps/v1", "kind": "StatefulSet",
            "metadata": meta("returns-db", NS, 13, T0 - timedelta(days=40)),
            "spec": {"replicas": 1, "serviceName": "returns-db",
                     "selector": {"matchLabels": {"app": "returns-db"}},
                     "template": {"metadata": {"labels": {
                         "app": "returns-db"}}, "spec": {"containers": [{
                             "name": "postgres", "image": "postgres:16.2"}]}}},
            "status": {"replicas": 1, "readyReplicas": 1,
                       "currentRevision": "returns-db-6f9c8d7b5"}}


def get_all(out):
    parts = os.path.join(out, "parts")
    os.makedirs(parts, exist_ok=True)
    incident.grace_budget(parts, npods=3)
    # the pods' last versions, as "get all" shows them (those still there)
    pods = {}
    for e in read_watch(os.path.join(parts, "pods-watch.json")):
        o = e["object"]
        pods[o["metadata"]["uid"]] = o
    pods = list(pods.values())
    deps = json.load(open(os.path.join(parts, "deployments.json")))["items"]
    rss = json.load(open(os.path.join(parts, "replicasets.json")))["items"]
    for r in rss:
        r["apiVersion"], r["kind"] = "apps/v1", "ReplicaSet"
    events = json.load(open(os.path.join(parts, "events.json")))["items"]
    sts, job, cron = statefulset(), batch(True), batch(False)
    # kubectl get all's order: pods, services, daemonsets, deployments,
    # replicasets, statefulsets, horizontalpodautoscalers, cronjobs, jobs;
    # then what a hand-joined dump adds
    items = (pods + [service()] + deps + rss + [sts, hpa(), cron, job] +
             controller_revisions() + events + [endpoint_slice(), node()])
    dump_json(os.path.join(out, "all.json"), klist(items))
    dump_yaml(os.path.join(out, "all.yaml"), klist(items))
    # "kubectl get all -A -o json" as it is, pods first
    dump_json(os.path.join(out, "get-all.json"), klist(
        [i for i in items if i["kind"] not in ("Event", "EndpointSlice",
                                               "Node")]))
    # the same objects one kind a file (the pods as a plain PodList)
    os.remove(os.path.join(parts, "pods-watch.json"))
    dump_json(os.path.join(parts, "pods.json"), klist(pods))
    dump_json(os.path.join(parts, "replicasets.json"), klist(rss))
    dump_json(os.path.join(parts, "workloads.json"), klist([sts, cron, job]))
    dump_json(os.path.join(parts, "slices.json"), klist([endpoint_slice()]))
    dump_json(os.path.join(parts, "nodes.json"), klist([node()]))


# --- a gateway that lost its control plane ------------------------------

GW_NS = "istio-system"
GW_POD = "istio-ingressgateway-7c9d6b5f4-x2k8p"
GW_IP = "10.52.0.9"
GW_LAG_S = 18
XDS_LINE_AT = slow_lb.T0 + timedelta(seconds=150)   # the line's time
XDS_SINCE_S = 1812
ISTIOD = "istiod.istio-system.svc:15012"
TIMEOUT = ('connection error: desc = "transport: Error while dialing: '
           'dial tcp 10.96.0.15:15012: i/o timeout"')


def t_istio(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def t_envoy(t):
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond //
                                                        1000)


def t_access(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond //
                                                         1000)


class Proxy:
    """How the gateway writes its own lines: "istio" (text), "json"
    (--log_as_json) or "envoy" (a plain Envoy's default format)."""

    def __init__(self, form):
        self.form = form

    def agent(self, t, level, msg, scope=None):
        """A line of pilot-agent (Istio only)."""
        if self.form == "json":
            o = {"level": level, "time": t_istio(t)}
            if scope:
                o["scope"] = scope
            o["msg"] = msg
            return json.dumps(o, separators=(",", ":"))
        if scope:
            return "%s\t%s\t%s\t%s" % (t_istio(t), level, scope, msg)
        return "%s\t%s\t%s" % (t_istio(t), level, msg)

    def envoy(self, t, level, logger, src, msg, thread=14):
        """A line of Envoy itself."""
        if self.form == "json":
            return json.dumps({"level": level, "time": t_istio(t),
                               "scope": "envoy " + logger, "msg": msg,
                               "caller": src, "thread": thread},
                              separators=(",", ":"))
        if self.form == "istio":
            return "%s\t%s\tenvoy %s %s\t%s\tthread=%d" % (
                t_istio(t), level, logger, src, msg, thread)
        return "[%s][%d][%s][%s] [%s] %s" % (t_envoy(t), thread, level,
                                             logger, src, msg)

    def access(self, n, t, ip, code, flags, detail, dur):
        client = "203.0.113.%d" % (n % 250 + 1)
        rid = "%08x-7d1e-4c2a-9b3f-%012x" % (0x3c000000 + n, n)
        up_local = "-" if flags == "UF" else "%s:%d" % (GW_IP,
                                                        40000 + n % 20000)
        sent = 91 if code >= 500 else 4120 + n % 90
        ust = "-" if code >= 500 else str(max(dur - 2, 1))
        cluster = "outbound|8080||web.checkout.svc.cluster.local"
        if self.form == "json":
            return json.dumps({
                "authority": "shop.example.com", "bytes_received": 0,
                "bytes_sent": sent, "connection_termination_details": None,
                "downstream_local_address": GW_IP + ":8443",
                "downstream_remote_address": client + ":%d" % (
                    30000 + n % 30000),
                "duration": dur, "method": "GET", "path": "/checkout/cart",
                "protocol": "HTTP/1.1", "request_id": rid,
                "requested_server_name": "shop.example.com",
                "response_code": code, "response_code_details": detail,
                "response_flags": flags, "route_name": None,
                "start_time": t_access(t), "upstream_cluster": cluster,
                "upstream_host": ip + ":8080",
                "upstream_local_address": None if up_local == "-" else
                up_local,
                "upstream_service_time": None if ust == "-" else ust,
                "upstream_transport_failure_reason": None,
                "user_agent": "shop-web/4", "x_forwarded_for": client},
                separators=(",", ":"))
        if self.form == "envoy":
            return ('[%s] "GET /checkout/cart HTTP/1.1" %d %s 0 %d %d %s '
                    '"%s" "shop-web/4" "%s" "shop.example.com" '
                    '"%s:8080"' % (t_access(t), code, flags, sent, dur, ust,
                                   client, rid, ip))
        return ('[%s] "GET /checkout/cart HTTP/1.1" %d %s %s - "-" 0 %d %d '
                '%s "%s" "shop-web/4" "%s" "shop.example.com" "%s:8080" %s '
                '%s %s:8443 %s:%d shop.example.com -' % (
                    t_access(t), code, flags, detail, sent, dur, ust, client,
                    rid, ip, cluster, up_local, GW_IP, client,
                    30000 + n % 30000))


def startup(px, t):
    """What the gateway writes as it starts, from t."""
    out = []
    ms = timedelta(milliseconds=1)
    envoy_src = "external/envoy/source/server/server.cc"
    xds_src = ("external/envoy/source/extensions/config_subscription/grpc/"
               "grpc_stream.h:193")
    if px.form != "envoy":
        out += [(t, px.agent(t, "info", 'FLAG: --concurrency="2"')),
                (t + ms, px.agent(t + ms, "info",
                                  'FLAG: --domain="istio-system.svc.'
                                  'cluster.local"')),
                (t + 90 * ms, px.agent(t + 90 * ms, "info",
                                       "Version 1.22.3-3f4a2c1e0b7d9f8a6c5e"
                                       "4d3b2a1f0e9d8c7b6a5-Clean")),
                (t + 120 * ms, px.agent(t + 120 * ms, "info",
                                        'Initializing with upstream address '
                                        '"%s" and cluster "Kubernetes"' %
                                        ISTIOD, scope="xdsproxy")),
                (t + 130 * ms, px.agent(t + 130 * ms, "info",
                                        "Envoy command: [-c etc/istio/proxy/"
                                        "envoy-rev.json --drain-time-s 45 "
                                        "--drain-strategy immediate "
                                        "--local-address-ip-version v4 "
                                        "--file-flush-interval-msec 1000 "
                                        "--disable-hot-restart "
                                        "--allow-unknown-static-fields -l "
                                        "warning]"))]
    else:
        out += [(t, px.envoy(t, "info", "main", envoy_src.split("/", 2)[2] +
                             ":436", "initializing epoch 0 (base id=0, "
                             "hot restart version=11.104)", thread=1)),
                (t + ms, px.envoy(t + ms, "info", "main",
                                  envoy_src.split("/", 2)[2] + ":438",
                                  "statically linked extensions:",
                                  thread=1))]
    t2 = t + 400 * ms
    out.append((t2, px.envoy(t2, "warning", "main", envoy_src + ":936" if
                             px.form != "envoy" else "source/server/"
                             "server.cc:936", "There is no configured limit "
                             "to the number of allowed active downstream "
                             "connections. Configure a limit in "
                             "`envoy.resource_monitors.downstream_"
                             "connections` resource monitor.")))
    if px.form != "envoy":
        t3 = t + 700 * ms
        out += [(t3, px.agent(t3, "info", "connected to upstream XDS "
                              "server: " + ISTIOD, scope="xdsproxy")),
                (t3 + 900 * ms, px.agent(t3 + 900 * ms, "info",
                                         "Readiness succeeded in 1.6s")),
                (t3 + 901 * ms, px.agent(t3 + 901 * ms, "info",
                                         "Envoy proxy is ready"))]
    else:
        t3 = t + 900 * ms
        out.append((t3, px.envoy(t3, "info", "config", xds_src.replace(
            "external/envoy/", "./"), "all dependencies initialized. "
            "starting workers", thread=1)))
    return out


def xds_lines(px, lost):
    """The gateway's lines about its xDS stream over the hour: lost, one
    line that it has been closed for XDS_SINCE_S; else istiod's closing
    of the stream every 30 minutes, pilot-agent reconnecting in 0.3 s."""
    src = ("external/envoy/source/extensions/config_subscription/grpc/"
           "grpc_stream.h:193")
    if px.form == "envoy":
        src = "./source/extensions/config_subscription/grpc/grpc_stream.h:193"
    up = "xds-grpc" if px.form != "envoy" else "xds_cluster"
    if lost:
        msg = ("StreamAggregatedResources gRPC config stream to %s closed "
               "since %ds ago: 14, %s" % (up, XDS_SINCE_S, TIMEOUT if
                                          px.form != "envoy" else
                                          "upstream connect error or "
                                          "disconnect/reset before headers. "
                                          "reset reason: connection timeout"))
        return [(XDS_LINE_AT, px.envoy(XDS_LINE_AT, "warning", "config",
                                       src, msg))]
    out = []
    t = slow_lb.T0 - timedelta(minutes=50)
    while t < slow_lb.T0 + timedelta(minutes=10):
        msg = ("StreamAggregatedResources gRPC config stream to %s closed: "
               "13, " % up)
        out.append((t, px.envoy(t, "warning", "config", src, msg)))
        r = t + timedelta(milliseconds=300)
        if px.form != "envoy":
            out.append((r, px.agent(r, "info", "connected to upstream XDS "
                                    "server: " + ISTIOD, scope="xdsproxy")))
        t += timedelta(minutes=30, seconds=37)
    return out


def gateway_pod(out):
    created = slow_lb.T0 - timedelta(days=3)
    p = {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": GW_POD, "namespace": GW_NS,
                      "uid": uid(0x6a0, 1), "resourceVersion": "5100",
                      "creationTimestamp": ts(created),
                      "labels": {"app": "istio-ingressgateway",
                                 "istio": "ingressgateway"}},
         "spec": {"nodeName": "gke-shop-pool-1-1",
                  "containers": [{"name": "istio-proxy",
                                  "image": "docker.io/istio/proxyv2:1.22.3",
                                  "ports": [{"containerPort": 15021}]}]},
         "status": {"phase": "Running", "podIP": GW_IP,
                    "podIPs": [{"ip": GW_IP}], "startTime": ts(created),
                    "conditions": [{"type": "Ready", "status": "True",
                                    "lastTransitionTime":
                                    ts(created + timedelta(seconds=3))}],
                    "containerStatuses": [{
                        "name": "istio-proxy", "ready": True,
                        "restartCount": 0, "started": True,
                        "image": "docker.io/istio/proxyv2:1.22.3",
                        "state": {"running": {"startedAt":
                                              ts(created)}}}]}}
    dump_json(os.path.join(out, "gateway-pod.json"), p)


def xds(out, form, lost):
    """The slow-lb rollout behind a gateway (see the top)."""
    st = slow_lb.Story(None, 30, 300, 300, lags=[GW_LAG_S] * 4)
    slow_lb.write_kubernetes(st, out)
    gateway_pod(out)
    px = Proxy(form)
    # the gateway's log starts where "kubectl logs" starts: at its start,
    # here cut to the last hour as "kubectl logs --since=1h" would keep
    lines = startup(px, slow_lb.T0 - timedelta(minutes=58))
    lines += xds_lines(px, lost)
    n = n503 = 0
    for s in range(-st.before_s, st.after_s):
        sec = slow_lb.T0 + timedelta(seconds=s)
        for b, ip in slow_lb.backends(st, sec):
            t = sec + timedelta(microseconds=50000 + 200000 * (b % 5) +
                                1000 * b)
            n += 1
            if b < 4 and t >= st.sigterm(b):
                lines.append((t, px.access(
                    n, t, ip, 503, "UF", "upstream_reset_before_response_"
                    "started{connection_failure}", 1)))
                n503 += 1
            else:
                lines.append((t, px.access(n, t, ip, 200, "-",
                                           "via_upstream", 18 + n % 9)))
    lines.sort(key=lambda x: x[0])
    with open(os.path.join(out, "gateway.log"), "w") as f:
        for _, line in lines:
            f.write(line + "\n")
    with open(os.path.join(out, "failed"), "w") as f:
        f.write("%d\n" % n503)


STORIES = {
    "unread": unread,
    "get-all": get_all,
    "xds-lost": lambda out: xds(out, "istio", True),
    "xds-lost-json": lambda out: xds(out, "json", True),
    "xds-lost-envoy": lambda out: xds(out, "envoy", True),
    "xds-control": lambda out: xds(out, "istio", False),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in STORIES:
        sys.exit("usage: imports.py %s OUTDIR" % "|".join(STORIES))
    os.makedirs(sys.argv[2], exist_ok=True)
    STORIES[sys.argv[1]](sys.argv[2])
