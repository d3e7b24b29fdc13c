#!/usr/bin/env python3
"""week.py: writes a week-long incident in the formats kubectl and
ingress-nginx write, deterministically (no randomness, fixed times), for
the TUI's tests on long incidents (tests/e2e/tui.sh, the overview's zoom,
pan and go-to).

    python3 tests/gen/week.py week OUTDIR

week: seven days of Deployment shop/search's traffic through
  ingress-nginx, a request every 20 s, with a rollout every 4.2 hours
  (40 of them, two pods each, revisions 1 to 40), each new pod's first
  answer a 503, and a background 502 every eight hours or so.  The
  release of revision 31 answers 500 on /api/search/suggest every 12 s
  for six minutes (30 errors, one bucket of the week) until it settles.
  Deployment shop/ledger's two pods were created six days before the end
  and live through it; one is deleted ten minutes before the end.  Files:
  pods-watch.json (kubectl get pods -w -o json --output-watch-events),
  replicasets.json (kubectl get rs -o json) and ingress.log.
week-control: the same week without the release's 500s.
"""
import os
import sys
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deaths import at, pod, run_scenario  # noqa: E402
from diagnoses import (Watch, delete, search_rollouts,  # noqa: E402
                       write_replicasets)
from incident import nginx_line  # noqa: E402

WEEK = 7 * 86400
ROLLOUTS = 40
EVERY = 15120          # 4.2 h between rollouts
BAD = 30               # the index of the bad release (revision 31)


def week(out, control):
    w = Watch()
    starts = [at(-WEEK + EVERY * k) for k in range(ROLLOUTS)]
    rss, pods = search_rollouts(w, starts, 0x6b0000000,
                                image="registry.example/search:1.%d.0")
    # shop/ledger: alive for six days; one of its pods deleted near the end
    for i in range(2):
        p = pod("ledger-7d8e9f0a1-%s" % ("l1q2w", "l3e4r")[i], 600 + i,
                "ledger", "7d8e9f0a1", node="node-%s" % "ab"[i],
                ip="10.42.30.%d" % (10 + i), created=at(-6 * 86400),
                image="registry.example/ledger:4.2.0")
        w.add(p, "ADDED")
        if i == 0:
            delete(w, p, at(-600), 30, 30, 137)
    lines = []
    n = 0
    bad_start = starts[BAD] + timedelta(seconds=60)
    bad = set() if control else {bad_start + timedelta(seconds=12 * j)
                                 for j in range(30)}
    background = {at(-WEEK + 28800 * j + 7780) for j in range(21)}
    t = starts[0]
    sec = 0
    while t < at(0):
        live = [x for x in pods if x[1] <= t and (x[2] is None or
                                                     t < x[2])]
        first = [x for x in pods if x[1] == t]
        if live and (sec % 20 == 0 or t in bad):
            ip, _, _, k = live[sec % len(live)]
            n += 1
            status_, path = 200, "/api/search"
            if t in bad:
                ip = [x for x in live if x[3] == BAD][0][0]
                status_, path = 500, "/api/search/suggest"
            elif t in background:
                status_ = 502
            lines.append(nginx_line(n, t, status_, ip + ":8080",
                                    str(status_), path=path, method="GET"))
        for x in first:
            n += 1
            lines.append(nginx_line(n, t, 503, x[0] + ":8080", "503",
                                    req_time=0.001, method="GET"))
        sec += 1
        t += timedelta(seconds=1)
    with open(os.path.join(out, "ingress.log"), "w") as f:
        f.writelines(lines)
    write_replicasets(out, rss, "9300")
    w.write(os.path.join(out, "pods-watch.json"))


SCENARIOS = {"week": week}


def main():
    run_scenario("week.py", SCENARIOS)


if __name__ == "__main__":
    main()
