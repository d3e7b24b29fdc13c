#!/usr/bin/env python3
"""sidecar.py: writes the mesh sidecar story (samples/mesh-sidecar) in the
formats kubectl, Envoy and the container runtime write, deterministically (no
randomness, fixed times), for the end-to-end tests.

    python3 tests/gen/sidecar.py sidecar|sidecar-control OUTDIR
    python3 tests/gen/sidecar.py sample samples/mesh-sidecar

sidecar:
 (a) Deployment payments/ledger rolls from ReplicaSet ledger-6b7c9d8f5
     (revision 1) to ledger-84f6c7d9b (revision 2) from 2026-05-14T06:10:00Z.
     Each pod runs an istio-proxy sidecar as a plain container (not
     native).  When an old pod is deleted its istio-proxy exits 0 one
     second after the request while the app (ledger) drains for ten
     seconds: the ingress gateway's Envoy still sends requests to the pod's
     IP and logs 503 UC / UF for them, and the app's own calls to its
     database fail with "dial tcp 10.96.0.12:5432: connect: connection
     refused".
 (b) The first new pod's app starts two seconds after creation and gets
     "connection refused" for three seconds: its istio-proxy becomes ready
     only five seconds after creation (the watch shows it).
 (c) CronJob payments/settle ("0 */6 * * *", concurrencyPolicy Forbid):
     five Jobs from 2026-05-11T00:00Z completed in about four minutes (a
     wrapper told the proxy to quit); the sixth, from 2026-05-12T06:00Z,
     has its main container finished after four minutes while istio-proxy
     keeps running: the Job is still active two days later and the
     CronJob says JobAlreadyActive at every schedule since.

sidecar-control: the same Deployment, rollout and CronJob with istio-proxy
as a native sidecar (an initContainer with restartPolicy Always): started
and ready before the app, stopped after it; no failed request, no refused
connection, and every Job completes.

sample: the bundled sample incident samples/mesh-sidecar: the sidecar
story as a user collects it (write_sample below).

Files written into OUTDIR: pods-watch.json (kubectl get pods -w -o json
--output-watch-events), events.json (kubectl get events -o json),
replicasets.json (a ReplicaSetList), jobs.json (a JobList: the six Jobs,
owned by the CronJob), cronjobs.json (a CronJobList), gateway.log (the
ingress gateway's access log in Istio's current default text format) and
cluster-resources/pods/logs/payments/POD/CONTAINER.log (kubectl logs
--timestamps, in a support bundle's layout so the path names the pod).
"""
import gzip
import io
import json
import os
import sys
import tarfile
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from incident import replicaset_list, ts, uid  # noqa: E402

T0 = datetime(2026, 5, 14, 6, 10, 0, tzinfo=timezone.utc)
NS = "payments"
DEP = "ledger"
OLD = ("6b7c9d8f5", 1)
NEW = ("84f6c7d9b", 2)
OLD_SUFFIX = ["k2x9p", "m7q4z", "t3v8w"]
NEW_SUFFIX = ["a5d2f", "c8g6h", "j4n7r"]
OLD_IPS = ["10.244.3.10", "10.244.3.11", "10.244.3.12"]
NEW_IPS = ["10.244.4.20", "10.244.4.21", "10.244.4.22"]
GRACE = 30
PROXY_IMAGE = "docker.io/istio/proxyv2:1.22.3"
APP_IMAGE = "registry.example/ledger:5.1.0"
DB = "10.96.0.12:5432"
REFUSED = "dial tcp %s: connect: connection refused" % DB
CRON = "settle"
CRON_START = datetime(2026, 5, 11, 0, 0, 0, tzinfo=timezone.utc)
# the earlier runs' main containers, in seconds (median 242)
RUNS = [242, 235, 250, 238, 245]
HELD_MAIN = 240
GATEWAY_IP = "10.244.0.7"


def tsf(t):
    """RFC 3339 with milliseconds, as Envoy's START_TIME."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (
        t.microsecond // 1000)


def tsn(t):
    """RFC 3339 with nanoseconds, as kubectl logs --timestamps."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d000Z" % t.microsecond


def copy(o):
    return json.loads(json.dumps(o))


class Story:
    """Everything one story writes, collected before it is written."""

    def __init__(self, native):
        self.native = native
        self.watch = []          # (resourceVersion, type, pod)
        self.events = []
        self.logs = {}           # (pod, container) -> [(time, text)]
        self.gateway = []        # (time, line)
        self.rv = 2000
        self.nevent = 0
        self.nreq = 0

    def put(self, typ, p):
        p = copy(p)
        p["metadata"]["resourceVersion"] = str(self.rv)
        self.rv += 1
        self.watch.append((typ, p))

    def log(self, pod, container, t, text):
        self.logs.setdefault((pod, container), []).append((t, text))

    def event(self, reason, kind, name, obj_uid, msg, first, last=None,
              count=1, component="kubelet", field_path=None,
              etype="Normal", host=None):
        self.nevent += 1
        last = last or first
        io = {"kind": kind, "namespace": NS, "name": name, "uid": obj_uid}
        if field_path:
            io["fieldPath"] = field_path
        src = {"component": component}
        if host:
            src["host"] = host
        self.events.append({
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"name": "%s.%016x" % (name, 0x18a00000 +
                                               self.nevent),
                         "namespace": NS,
                         "uid": uid(0x5e0, self.nevent),
                         "creationTimestamp": ts(first)},
            "involvedObject": io, "reason": reason, "message": msg,
            "source": src, "firstTimestamp": ts(first),
            "lastTimestamp": ts(last), "count": count, "type": etype,
            "eventTime": None, "reportingComponent": "",
            "reportingInstance": ""})


def proxy_spec():
    return {
        "name": "istio-proxy", "image": PROXY_IMAGE,
        "args": ["proxy", "sidecar", "--domain",
                 "$(POD_NAMESPACE).svc.cluster.local"],
        "ports": [{"containerPort": 15090, "name": "http-envoy-prom",
                   "protocol": "TCP"}],
        "readinessProbe": {"httpGet": {"path": "/healthz/ready",
                                       "port": 15021},
                           "periodSeconds": 15, "failureThreshold": 4},
    }


def init_spec():
    return {"name": "istio-init", "image": PROXY_IMAGE,
            "args": ["istio-iptables", "-p", "15001", "-z", "15006",
                     "-u", "1337", "-m", "REDIRECT", "-i", "*"]}


def pod_spec(native, main, node):
    """initContainers and containers: istio-proxy a plain container, or
    a native sidecar (restartPolicy Always) when native."""
    proxy = proxy_spec()
    if native:
        proxy["restartPolicy"] = "Always"
        proxy["startupProbe"] = {"httpGet": {"path": "/healthz/ready",
                                             "port": 15021},
                                 "periodSeconds": 1}
        return {"nodeName": node, "initContainers": [init_spec(), proxy],
                "containers": [main]}
    return {"nodeName": node, "initContainers": [init_spec()],
            "containers": [main, proxy]}


def cstatus(name, image, started=None, ready=False, finished=None,
            code=0, waiting=None):
    s = {"name": name, "image": image, "imageID": "", "ready": ready,
         "restartCount": 0, "started": started is not None and
         finished is None, "lastState": {}}
    if finished is not None:
        s["state"] = {"terminated": {
            "exitCode": code, "reason": "Completed" if code == 0 else
            "Error", "startedAt": ts(started),
            "finishedAt": ts(finished)}}
    elif started is not None:
        s["state"] = {"running": {"startedAt": ts(started)}}
    else:
        s["state"] = {"waiting": {"reason": waiting or
                                  "PodInitializing"}}
    return s


def set_cond(p, typ, status, at):
    for c in p["status"]["conditions"]:
        if c["type"] == typ:
            if c["status"] != status:
                c["status"] = status
                c["lastTransitionTime"] = ts(at)
            return
    p["status"]["conditions"].append({"type": typ, "status": status,
                                      "lastProbeTime": None,
                                      "lastTransitionTime": ts(at)})


def statuses(p, native, init, proxy, app):
    """Places the container statuses where the kubelet writes them."""
    if native:
        p["status"]["initContainerStatuses"] = [init, proxy]
        p["status"]["containerStatuses"] = [app]
    else:
        p["status"]["initContainerStatuses"] = [init]
        p["status"]["containerStatuses"] = [app, proxy]


# --- (a) and (b): the Deployment's rollout --------------------------------

def app_spec():
    return {"name": DEP, "image": APP_IMAGE,
            "ports": [{"containerPort": 8080, "protocol": "TCP"}],
            "readinessProbe": {"httpGet": {"path": "/ready",
                                           "port": 8080},
                               "periodSeconds": 1}}


def ledger_pod(st, rs, i, suffix, ip, created):
    name = "%s-%s-%s" % (DEP, rs[0], suffix)
    return {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": name, "namespace": NS,
            "uid": uid(0x5b0 + rs[1], i),
            "creationTimestamp": ts(created),
            "generateName": "%s-%s-" % (DEP, rs[0]),
            "labels": {"app": DEP, "pod-template-hash": rs[0],
                       "security.istio.io/tlsMode": "istio",
                       "service.istio.io/canonical-name": DEP},
            "annotations": {"sidecar.istio.io/status":
                            '{"initContainers":["istio-init"],'
                            '"containers":["istio-proxy"]}'},
            "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "%s-%s" % (DEP, rs[0]),
                "uid": uid(0x5a0, rs[1]), "controller": True,
                "blockOwnerDeletion": True}],
        },
        "spec": dict(pod_spec(st.native, app_spec(),
                              "node-%d" % (i % 2 + 1)),
                     restartPolicy="Always",
                     terminationGracePeriodSeconds=GRACE),
        "status": {"phase": "Pending", "podIP": ip, "hostIP":
                   "10.0.1.%d" % (i % 2 + 1),
                   "podIPs": [{"ip": ip}],
                   "qosClass": "Burstable",
                   "conditions": [{"type": "PodScheduled",
                                   "status": "True",
                                   "lastProbeTime": None,
                                   "lastTransitionTime": ts(created)}]},
    }


def ledger_states(st, p, created, app_start, proxy_start, proxy_ready,
                  app_ready):
    """The versions of a new pod: pending, running, ready.  Returns the
    ready version."""
    init_done = created + timedelta(seconds=1)
    init = cstatus("istio-init", PROXY_IMAGE, created, finished=init_done)
    st.put("ADDED", p)
    p = copy(p)
    p["status"]["phase"] = "Running"
    p["status"]["startTime"] = ts(created)
    set_cond(p, "Initialized", "True", proxy_start if st.native else
             init_done)
    set_cond(p, "Ready", "False", created)
    set_cond(p, "ContainersReady", "False", created)
    statuses(p, st.native, init,
             cstatus("istio-proxy", PROXY_IMAGE, proxy_start),
             cstatus(DEP, APP_IMAGE, app_start))
    st.put("MODIFIED", p)
    if st.native:
        # the proxy is ready (started) before the app starts
        p = copy(p)
        statuses(p, st.native, init,
                 cstatus("istio-proxy", PROXY_IMAGE, proxy_start,
                         ready=True),
                 cstatus(DEP, APP_IMAGE, app_start))
        set_cond(p, "Initialized", "True", proxy_ready)
        st.put("MODIFIED", p)
    p = copy(p)
    ready = max(proxy_ready, app_ready)
    set_cond(p, "Ready", "True", ready)
    set_cond(p, "ContainersReady", "True", ready)
    statuses(p, st.native, init,
             cstatus("istio-proxy", PROXY_IMAGE, proxy_start, ready=True),
             cstatus(DEP, APP_IMAGE, app_start, ready=True))
    st.put("MODIFIED", p)
    return p


def ledger_death(st, p, request, proxy_exit, app_exit):
    """The versions of an old pod from its deletion request to its end."""
    meta = p["metadata"]
    app_start = datetime.strptime(
        meta["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=timezone.utc) + timedelta(seconds=2)
    created = app_start - timedelta(seconds=2)
    init = cstatus("istio-init", PROXY_IMAGE, created,
                   finished=created + timedelta(seconds=1))
    proxy_start = created + timedelta(seconds=1 if st.native else 2)
    for c in ("istio-proxy", DEP):
        st.event("Killing", "Pod", meta["name"], meta["uid"],
                 "Stopping container %s" % c, request,
                 field_path="spec.%s{%s}" % (
                     "initContainers" if st.native and c != DEP else
                     "containers", c),
                 host=p["spec"]["nodeName"])
    p = copy(p)
    p["metadata"]["deletionTimestamp"] = ts(
        request + timedelta(seconds=GRACE))
    p["metadata"]["deletionGracePeriodSeconds"] = GRACE
    set_cond(p, "Ready", "False", request)
    set_cond(p, "ContainersReady", "False", request)
    statuses(p, st.native, init,
             cstatus("istio-proxy", PROXY_IMAGE, proxy_start),
             cstatus(DEP, APP_IMAGE, app_start))
    st.put("MODIFIED", p)
    order = sorted([("istio-proxy", proxy_exit), (DEP, app_exit)],
                   key=lambda x: x[1])
    done = {}
    for name, at in order:
        done[name] = at
        p = copy(p)
        statuses(p, st.native, init,
                 cstatus("istio-proxy", PROXY_IMAGE, proxy_start,
                         finished=done.get("istio-proxy")),
                 cstatus(DEP, APP_IMAGE, app_start,
                         finished=done.get(DEP)))
        if len(done) == 2:
            p["status"]["phase"] = "Succeeded"
        st.put("MODIFIED", p)
    st.put("DELETED", p)


def gateway_line(st, t, ip, code=200, flags="-", detail="via_upstream",
                 path="/v1/entries", method="POST"):
    """One line of Istio's current default text format (EnvoyTextLogFormat,
    23 fields), as the ingress gateway writes it."""
    st.nreq += 1
    n = st.nreq
    client = "198.51.100.%d" % (n % 50 + 10)
    if code == 200:
        sent, dur, ust, fail = 87, 14, "12", "-"
        local = "%s:%d" % (GATEWAY_IP, 40000 + n % 20000)
    else:
        sent = 91 if "UF" in flags else 95
        dur, ust, fail = 1 if "UF" in flags else 3, "-", "-"
        local = "-" if "UF" in flags else "%s:%d" % (GATEWAY_IP,
                                                     40000 + n % 20000)
    line = ('[%s] "%s %s HTTP/1.1" %d %s %s - "%s" %d %d %d %s "%s" '
            '"ledger-client/3.2.1" "%08x-5c1d-4e2f-9a3b-%012x" '
            '"ledger.payments.example.com" "%s:8080" '
            'outbound|8080||ledger.payments.svc.cluster.local %s '
            '%s:8443 %s:%d ledger.payments.example.com -\n' % (
                tsf(t), method, path, code, flags, detail, fail, 312,
                sent, dur, ust, client, 0x7a000000 + n, n, ip, local,
                GATEWAY_IP, client, 30000 + n % 30000))
    st.gateway.append((t, n, line))


def rollout(st):
    olds, news = [], []
    dep_uid = uid(0x5d0, 1)
    for i, s in enumerate(OLD_SUFFIX):
        created = T0 - timedelta(hours=1)
        p = ledger_pod(st, OLD, i, s, OLD_IPS[i], created)
        start = created + timedelta(seconds=2)
        init = cstatus("istio-init", PROXY_IMAGE, created,
                       finished=created + timedelta(seconds=1))
        p["status"]["phase"] = "Running"
        p["status"]["startTime"] = ts(created)
        set_cond(p, "Initialized", "True", created + timedelta(seconds=1))
        set_cond(p, "Ready", "True", created + timedelta(seconds=5))
        set_cond(p, "ContainersReady", "True",
                 created + timedelta(seconds=5))
        statuses(p, st.native, init,
                 cstatus("istio-proxy", PROXY_IMAGE, created +
                         timedelta(seconds=1 if st.native else 2),
                         ready=True),
                 cstatus(DEP, APP_IMAGE, start, ready=True))
        st.put("ADDED", p)
        olds.append(p)
    for i, s in enumerate(NEW_SUFFIX):
        at = T0 + timedelta(seconds=30 * i)
        st.event("ScalingReplicaSet", "Deployment", DEP, dep_uid,
                 "Scaled up replica set %s-%s from %d to %d" %
                 (DEP, NEW[0], i, i + 1) if i else
                 "Scaled up replica set %s-%s to 1" % (DEP, NEW[0]), at,
                 component="deployment-controller")
        created = at + timedelta(seconds=1)
        p = ledger_pod(st, NEW, i, s, NEW_IPS[i], created)
        if st.native:
            proxy_start = created + timedelta(seconds=1)
            proxy_ready = created + timedelta(seconds=2)
            app_start = proxy_ready
        else:
            proxy_start = app_start = created + timedelta(seconds=1)
            # (b): the first new pod's proxy is ready late
            proxy_ready = created + timedelta(seconds=4 if i == 0 else 2)
        app_ready = app_start + timedelta(seconds=1)
        news.append(ledger_states(st, p, created, app_start, proxy_start,
                                  proxy_ready, app_ready))
        name = p["metadata"]["name"]
        t = app_start + timedelta(milliseconds=100)
        while t < proxy_ready and not st.native and i == 0:
            st.log(name, DEP, t, 'level=error msg="cannot reach the '
                   'database, retrying" err="%s"' % REFUSED)
            t += timedelta(milliseconds=500)
        st.log(name, DEP, max(t, proxy_ready) +
               timedelta(milliseconds=200),
               'level=info msg="connected to the database" host=%s' % DB)
        st.log(name, DEP, max(t, proxy_ready) +
               timedelta(milliseconds=300),
               'level=info msg="listening" addr=:8080')
        # the old pod i goes once the new one is ready
        request = at + timedelta(seconds=8)
        st.event("ScalingReplicaSet", "Deployment", DEP, dep_uid,
                 "Scaled down replica set %s-%s from %d to %d" %
                 (DEP, OLD[0], 3 - i, 2 - i), request,
                 component="deployment-controller")
        app_exit = request + timedelta(seconds=10)
        proxy_exit = request + timedelta(seconds=11 if st.native else 1)
        ledger_death(st, olds[i], request, proxy_exit, app_exit)
        old = olds[i]["metadata"]["name"]
        for k in range(10):
            st.log(old, DEP, request - timedelta(seconds=10 - k,
                                                 milliseconds=-250),
                   'level=info msg="posted entry" entry=E-%06d' %
                   (410000 + 100 * i + k))
        st.log(old, DEP, request + timedelta(milliseconds=40),
               'level=info msg="SIGTERM received, draining" timeout=10s')
        for k in range(8):
            t = request + timedelta(seconds=1 + k, milliseconds=500)
            if st.native:
                st.log(old, DEP, t, 'level=info msg="flushed batch" '
                       'entries=%d' % (12 + k))
            else:
                st.log(old, DEP, t, 'level=error msg="settlement write '
                       'failed, retrying" attempt=%d err="%s"' %
                       (k + 1, REFUSED))
        st.log(old, DEP, app_exit - timedelta(milliseconds=80),
               'level=info msg="drained, exiting"')
    # the gateway: a request a second to every routed pod; the old pod i
    # stays in the gateway's endpoints until request + 7 s (its EDS lags)
    for sec in range(-30, 120):
        t = T0 + timedelta(seconds=sec)
        for i in range(3):
            request = T0 + timedelta(seconds=30 * i + 8)
            ready = T0 + timedelta(seconds=30 * i + 1 + (
                3 if st.native or i else 4))
            if t >= ready:
                gateway_line(st, t + timedelta(milliseconds=300 + 10 * i),
                             NEW_IPS[i])
            if t < request + timedelta(seconds=1):
                gateway_line(st, t + timedelta(milliseconds=100 + 10 * i),
                             OLD_IPS[i])
            elif t < request + timedelta(seconds=7) and st.native:
                gateway_line(st, t + timedelta(milliseconds=100 + 10 * i),
                             OLD_IPS[i])
            elif t < request + timedelta(seconds=7):
                if t < request + timedelta(seconds=2):
                    gateway_line(st, t + timedelta(milliseconds=200),
                                 OLD_IPS[i], 503, "UC",
                                 "upstream_reset_before_response_started"
                                 "{connection_termination}")
                for ms in (100, 600):
                    gateway_line(st, t + timedelta(milliseconds=ms +
                                                   10 * i),
                                 OLD_IPS[i], 503, "UF",
                                 "upstream_reset_before_response_started"
                                 "{connection_failure}")
    return dep_uid


def replicasets(dep_uid):
    return replicaset_list(NS, DEP, dep_uid, OLD, NEW, 3, 0x5a0, T0, 9,
                           GRACE, lambda rs: [app_spec()], "9000")


# --- (c): the CronJob's Jobs ------------------------------------------------

def job_name(at):
    return "%s-%d" % (CRON, int(at.timestamp()) // 60)


def settle_spec():
    return {"name": CRON, "image": "registry.example/settle:1.8.0",
            "command": ["/bin/settle", "--batch=daily"]}


def cron_jobs(st):
    cron_uid = uid(0x5c0, 1)
    jobs = []
    suffixes = ["b4k8m", "d2p6q", "f9r3s", "h5t7v", "k3w2x", "n8y4z"]
    for k in range(6):
        at = CRON_START + timedelta(hours=6 * k)
        name = job_name(at)
        juid = uid(0x5f0, k)
        created = at + timedelta(seconds=1)
        start = created + timedelta(seconds=2)
        held = k == 5 and not st.native
        main_done = start + timedelta(seconds=HELD_MAIN if k == 5 else
                                      RUNS[k])
        proxy_done = None if held else main_done + timedelta(seconds=1)
        pod = "%s-%s" % (name, suffixes[k])
        p = {
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {
                "name": pod, "namespace": NS, "uid": uid(0x5e8, k),
                "creationTimestamp": ts(created),
                "generateName": name + "-",
                "labels": {"batch.kubernetes.io/job-name": name,
                           "batch.kubernetes.io/controller-uid": juid,
                           "job-name": name, "controller-uid": juid},
                "ownerReferences": [{
                    "apiVersion": "batch/v1", "kind": "Job", "name": name,
                    "uid": juid, "controller": True,
                    "blockOwnerDeletion": True}]},
            "spec": dict(pod_spec(st.native, settle_spec(), "node-3"),
                         restartPolicy="Never",
                         terminationGracePeriodSeconds=GRACE),
            "status": {"phase": "Running" if held else "Succeeded",
                       "podIP": "10.244.5.%d" % (30 + k),
                       "podIPs": [{"ip": "10.244.5.%d" % (30 + k)}],
                       "hostIP": "10.0.1.3", "startTime": ts(created),
                       "qosClass": "Burstable",
                       "conditions": [{"type": "PodScheduled",
                                       "status": "True",
                                       "lastProbeTime": None,
                                       "lastTransitionTime":
                                       ts(created)}]}}
        init = cstatus("istio-init", PROXY_IMAGE, created,
                       finished=created + timedelta(seconds=1))
        set_cond(p, "Initialized", "True", created + timedelta(seconds=1))
        end = main_done if held else proxy_done
        set_cond(p, "Ready", "True", start + timedelta(seconds=1))
        set_cond(p, "Ready", "False", end)
        set_cond(p, "ContainersReady", "True", start +
                 timedelta(seconds=1))
        set_cond(p, "ContainersReady", "False", end)
        statuses(p, st.native, init,
                 cstatus("istio-proxy", PROXY_IMAGE, start -
                         timedelta(seconds=1 if st.native else 0),
                         ready=held, finished=proxy_done),
                 cstatus(CRON, "registry.example/settle:1.8.0", start,
                         finished=main_done))
        # the watch starts with the pods as they are
        st.put("ADDED", p)
        st.log(pod, CRON, start + timedelta(milliseconds=400),
               'level=info msg="settlement batch started" batch=%s' %
               at.strftime("%Y%m%d%H"))
        st.log(pod, CRON, main_done - timedelta(milliseconds=300),
               'level=info msg="settlement batch done" entries=%d' %
               (1800 + 37 * k))
        if not st.native and not held:
            st.log(pod, CRON, main_done - timedelta(milliseconds=100),
                   'level=info msg="asking istio-proxy to quit" '
                   'url=http://127.0.0.1:15020/quitquitquit')
        if held:
            # the proxy lives on: pilot-agent reconnects to istiod every
            # 30 minutes, for two days
            st.log(pod, "istio-proxy", start + timedelta(seconds=1),
                   "%s\tinfo\tEnvoy proxy is ready" %
                   tsf(start + timedelta(seconds=1)).replace("Z", "000Z"))
            t = start + timedelta(minutes=30)
            while t < T0 - timedelta(minutes=5):
                st.log(pod, "istio-proxy", t,
                       "%s\tinfo\txdsproxy\tconnected to delta upstream "
                       "XDS server: istiod.istio-system.svc:15012\tid=%d" %
                       (tsf(t).replace("Z", "000Z"),
                        int((t - start).total_seconds()) // 1800 + 2))
                t += timedelta(minutes=30)
        job = {
            "metadata": {
                "name": name, "namespace": NS, "uid": juid,
                "creationTimestamp": ts(at),
                "labels": {"batch.kubernetes.io/controller-uid": juid},
                "annotations": {"batch.kubernetes.io/cronjob-scheduled-"
                                "timestamp": ts(at)},
                "ownerReferences": [{
                    "apiVersion": "batch/v1", "kind": "CronJob",
                    "name": CRON, "uid": cron_uid, "controller": True,
                    "blockOwnerDeletion": True}]},
            "spec": {"parallelism": 1, "completions": 1,
                     "backoffLimit": 6, "completionMode": "NonIndexed",
                     "suspend": False,
                     "template": {"spec": pod_spec(st.native,
                                                   settle_spec(),
                                                   None)}},
            "status": {"startTime": ts(at), "ready": 0,
                       "uncountedTerminatedPods": {}}}
        del job["spec"]["template"]["spec"]["nodeName"]
        if held:
            job["status"]["active"] = 1
        else:
            done = proxy_done + timedelta(seconds=1)
            job["status"].update({
                "succeeded": 1, "completionTime": ts(done),
                "conditions": [{"type": "Complete", "status": "True",
                                "lastProbeTime": ts(done),
                                "lastTransitionTime": ts(done)}]})
        jobs.append(job)
        st.event("SuccessfulCreate", "CronJob", CRON, cron_uid,
                 "Created job %s" % name, at,
                 component="cronjob-controller")
    last = CRON_START + timedelta(hours=6 * 5)
    if not st.native:
        # Forbid: every later schedule finds the Job still active
        first = last + timedelta(hours=6)
        n = 0
        t = first
        while t <= T0:
            n += 1
            t += timedelta(hours=6)
        st.event("JobAlreadyActive", "CronJob", CRON, cron_uid,
                 "Not starting job because prior execution is running "
                 "and concurrency policy is Forbid", first,
                 first + timedelta(hours=6 * (n - 1)), count=n,
                 component="cronjob-controller")
    cron = {"kind": "CronJobList", "apiVersion": "batch/v1",
            "metadata": {"resourceVersion": "9100"},
            "items": [{
                "metadata": {"name": CRON, "namespace": NS,
                             "uid": cron_uid,
                             "creationTimestamp": ts(CRON_START -
                                                     timedelta(days=40))},
                "spec": {"schedule": "0 */6 * * *",
                         "concurrencyPolicy": "Forbid",
                         "successfulJobsHistoryLimit": 6,
                         "jobTemplate": {"spec": {"template": {
                             "spec": dict(pod_spec(st.native,
                                                   settle_spec(), None),
                                          restartPolicy="Never")}}}},
                "status": {"lastScheduleTime": ts(last)}}]}
    del cron["items"][0]["spec"]["jobTemplate"]["spec"]["template"][
        "spec"]["nodeName"]
    if not st.native:
        cron["items"][0]["status"]["active"] = [{
            "kind": "Job", "namespace": NS, "name": job_name(last),
            "uid": uid(0x5f0, 5), "apiVersion": "batch/v1"}]
    else:
        cron["items"][0]["status"]["lastSuccessfulTime"] = \
            jobs[-1]["status"]["completionTime"]
    return ({"kind": "JobList", "apiVersion": "batch/v1",
             "metadata": {"resourceVersion": "9050"}, "items": jobs}, cron)


def write(out, st, dep_uid, jobs, cron):
    def dump(name, obj):
        with open(os.path.join(out, name), "w") as f:
            json.dump(obj, f, indent=2)
            f.write("\n")

    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for typ, obj in st.watch:
            f.write(json.dumps({"type": typ, "object": obj}, indent=4))
            f.write("\n")
    st.events.sort(key=lambda e: (e["lastTimestamp"], e["metadata"]["name"]))
    dump("events.json", {"apiVersion": "v1", "items": st.events,
                         "kind": "List", "metadata": {"resourceVersion": ""}})
    dump("replicasets.json", replicasets(dep_uid))
    dump("jobs.json", jobs)
    dump("cronjobs.json", cron)
    st.gateway.sort(key=lambda x: (x[0], x[1]))
    with open(os.path.join(out, "gateway.log"), "w") as f:
        for _, _, line in st.gateway:
            f.write(line)
    for (pod, container), lines in sorted(st.logs.items()):
        d = os.path.join(out, "cluster-resources", "pods", "logs", NS, pod)
        os.makedirs(d, exist_ok=True)
        lines.sort(key=lambda x: x[0])
        with open(os.path.join(d, container + ".log"), "w") as f:
            for t, text in lines:
                f.write("%s %s\n" % (tsn(t), text))


# --- the bundled sample: what a user collected ---------------------------

BUNDLE_AT = T0 + timedelta(minutes=5)          # kubectl support-bundle
BUNDLE = "support-bundle-" + BUNDLE_AT.strftime("%Y-%m-%dT%H_%M_%S")


def current_pods(st):
    """The pods as the API shows them when the bundle is taken: the last
    version of each pod the watch saw, without the deleted ones."""
    last = {}
    for typ, p in st.watch:
        name = p["metadata"]["name"]
        if typ == "DELETED":
            last.pop(name, None)
        else:
            last[name] = p
    return [last[k] for k in sorted(last)]


def deployment(dep_uid):
    return {"kind": "DeploymentList", "apiVersion": "apps/v1",
            "metadata": {"resourceVersion": "9120"},
            "items": [{
                "kind": "Deployment", "apiVersion": "apps/v1",
                "metadata": {"name": DEP, "namespace": NS, "uid": dep_uid,
                             "creationTimestamp": ts(T0 - timedelta(
                                 days=60)),
                             "annotations": {"deployment.kubernetes.io/"
                                             "revision": "2"}},
                "spec": {"replicas": 3,
                         "selector": {"matchLabels": {"app": DEP}},
                         "strategy": {"type": "RollingUpdate"},
                         "template": {
                             "metadata": {"annotations": {
                                 "sidecar.istio.io/inject": "true"}},
                             "spec": {"containers": [app_spec()],
                                      "terminationGracePeriodSeconds":
                                      GRACE}}},
                "status": {"replicas": 3, "readyReplicas": 3,
                           "updatedReplicas": 3}}]}


def tar_add(tar, name, data, mtime):
    info = tarfile.TarInfo(BUNDLE + "/" + name)
    info.size = len(data)
    info.mtime = int(mtime.timestamp())
    info.mode = 0o644
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    tar.addfile(info, io.BytesIO(data))


def as_json(obj):
    """JSON as troubleshoot writes it (Go's MarshalIndent, two spaces)."""
    return (json.dumps(obj, indent=2) + "\n").encode()


def write_bundle(path, st, dep_uid, jobs, cron):
    """A troubleshoot.sh support bundle (kubectl support-bundle) taken
    five minutes after the rollout: what the API still holds then (the
    current pods, the last hour of events, the workloads), and the logs
    of the pods that still exist, without timestamps, as troubleshoot
    collects them."""
    pods = current_pods(st)
    items = []
    for p in pods:
        p = copy(p)
        p.setdefault("kind", "Pod")
        items.append(p)
    since = BUNDLE_AT - timedelta(hours=1)
    events = [e for e in st.events if e["lastTimestamp"] >= ts(since)]
    files = [
        ("version.yaml", ("apiVersion: troubleshoot.sh/v1beta2\n"
                          "kind: SupportBundle\nmetadata:\n"
                          "  name: supportbundle\nspec:\n"
                          "  versionNumber: 0.107.1\n").encode()),
        ("cluster-info/cluster_version.json", as_json({
            "info": {"major": "1", "minor": "30",
                     "gitVersion": "v1.30.2", "platform": "linux/amd64"},
            "string": "v1.30.2"})),
        ("cluster-resources/namespaces.json", as_json({
            "kind": "NamespaceList", "apiVersion": "v1",
            "metadata": {"resourceVersion": "9130"},
            "items": [{"metadata": {"name": n}, "status": {
                "phase": "Active"}} for n in ("default", "istio-system",
                                              NS)]})),
        ("cluster-resources/nodes.json", as_json({
            "kind": "NodeList", "apiVersion": "v1",
            "metadata": {"resourceVersion": "9131"},
            "items": [{"metadata": {"name": "node-%d" % k},
                       "status": {"addresses": [{
                           "type": "InternalIP",
                           "address": "10.0.1.%d" % k}]}}
                      for k in (1, 2, 3)]})),
        ("cluster-resources/pods/%s.json" % NS, as_json({
            "kind": "PodList", "apiVersion": "v1",
            "metadata": {"resourceVersion": "9140"}, "items": items})),
        ("cluster-resources/events/%s.json" % NS, as_json({
            "kind": "EventList", "apiVersion": "v1",
            "metadata": {"resourceVersion": "9141"}, "items": events})),
        ("cluster-resources/deployments/%s.json" % NS,
         as_json(deployment(dep_uid))),
        ("cluster-resources/replicasets/%s.json" % NS,
         as_json(replicasets(dep_uid))),
        ("cluster-resources/jobs/%s.json" % NS, as_json(jobs)),
        ("cluster-resources/cronjobs/%s.json" % NS, as_json(cron)),
    ]
    for p in pods:
        name = p["metadata"]["name"]
        for c in ([c["name"] for c in p["spec"]["containers"]] +
                  [c["name"] for c in p["spec"]["initContainers"]]):
            lines = sorted(st.logs.get((name, c), []))
            if c == "istio-proxy" and not lines:
                started = p["status"].get("startTime")
                lines = [(None, "%s\tinfo\tEnvoy proxy is ready" %
                          started.replace("Z", ".000000Z"))]
            elif c == "istio-init":
                lines = [(None, "iptables-restore --noflush "
                          "/tmp/iptables-rules.txt")]
            text = "".join(t + "\n" for _, t in lines)
            files.append(("cluster-resources/pods/logs/%s/%s/%s.log" %
                          (NS, name, c), text.encode()))
    with open(path, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=9) as gz:
            with tarfile.open(fileobj=gz, mode="w",
                              format=tarfile.PAX_FORMAT) as tar:
                for name, data in files:
                    tar_add(tar, name, data, BUNDLE_AT)


def write_sample(out, st, dep_uid, jobs, cron):
    """samples/mesh-sidecar: the bundle, and what was collected beside it
    during the rollout: the pod watch, the ingress gateway's access log
    (gzipped) and "kubectl logs --timestamps" of the ledger pods."""
    write_bundle(os.path.join(out, BUNDLE + ".tar.gz"), st, dep_uid, jobs,
                 cron)
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for typ, obj in st.watch:
            f.write(json.dumps({"type": typ, "object": obj}, indent=4))
            f.write("\n")
    st.gateway.sort(key=lambda x: (x[0], x[1]))
    with open(os.path.join(out, "gateway.log.gz"), "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=9) as f:
            for _, _, line in st.gateway:
                f.write(line.encode())
    for (pod, container), lines in sorted(st.logs.items()):
        if container != DEP:
            continue
        d = os.path.join(out, "logs", NS, pod)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, container + ".log"), "w") as f:
            for t, text in sorted(lines):
                f.write("%s %s\n" % (tsn(t), text))


def sample(out):
    st = Story(False)
    jobs, cron = cron_jobs(st)
    dep_uid = rollout(st)
    write_sample(out, st, dep_uid, jobs, cron)


def story(out, native):
    st = Story(native)
    jobs, cron = cron_jobs(st)
    dep_uid = rollout(st)
    write(out, st, dep_uid, jobs, cron)


STORIES = {"sample": sample,
           "sidecar": lambda out: story(out, False),
           "sidecar-control": lambda out: story(out, True)}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in STORIES:
        sys.exit("usage: sidecar.py %s OUTDIR" % "|".join(STORIES))
    os.makedirs(sys.argv[2], exist_ok=True)
    STORIES[sys.argv[1]](sys.argv[2])
