#!/usr/bin/env python3
"""The network model checked against a real network (issue 56, item 3): generated sessions of each kind,
each replayed headless under each policy and profile twice — in the model (`replay --headless --network P`)
and against a real `scrolllab serve --network P` over URLSession in real time (`--source`) — and per
profile and policy the mean bytes and blank time of both, and their gaps (the goals: bytes within 1%,
blank time within 10%).

    Benchmarks/model-vs-real.py [--count N] [--seed S] [--kinds LIST] [--policies LIST] [--networks LIST]
                                [--http 1.1|2] [--jobs J] [--out DIR] [--bin PATH]

Defaults: 3 sessions of each kind (browse, flings, read), seed 56, eager,deferred,adaptive, 3g,edge,
8 real runs at once (each with a serve of its own, so no two share a link; over HTTP/2 they sleep on the
wall clock most of the time, over HTTP/1.1 URLSession's client keeps most of a core busy a run: use
--jobs 4 there, docs/network.md), .build/model-vs-real, .build/release/scrolllab (built first unless --bin names one).
The issue's scale is --count 20. --http 1.1 (the default): URLSession against `serve` over http://;
--http 2: async-http-client against `serve --http 2 --tls` trusting its certificate (URLSession on Linux
cannot, docs/network.md), and the model under --http 2 --tls (the server shapes TLS's handshake). Every run's figures go to OUT/results.jsonl
(OUT/results-http2.jsonl under --http 2); the table to standard output.
A real run's blank time depends on this machine's load (a late callback is a late image), the model's
never does: run it on an idle machine, or read the gaps as an upper bound.
"""

import argparse
import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--count", type=int, default=3)
parser.add_argument("--seed", type=int, default=56)
parser.add_argument("--kinds", default="browse,flings,read")
parser.add_argument("--policies", default="eager,deferred,adaptive")
parser.add_argument("--networks", default="3g,edge")
parser.add_argument("--http", default="1.1", choices=["1.1", "2"])
parser.add_argument("--jobs", type=int, default=8)
parser.add_argument("--out", default=os.path.join(root, ".build", "model-vs-real"))
parser.add_argument("--bin")
args = parser.parse_args()
binary = args.bin or os.path.join(root, ".build", "release", "scrolllab")
if not args.bin:
    subprocess.run(["swift", "build", "-c", "release", "--product", "scrolllab"], cwd=root, check=True, stdout=sys.stderr)
kinds, policies, networks = args.kinds.split(","), args.policies.split(","), args.networks.split(",")

sessions = []
for kind in kinds:
    folder = os.path.join(args.out, kind)
    subprocess.run([binary, "gestures", "generate", "--kind", kind, "--count", str(args.count), "--seed", str(args.seed), "--out", folder],
                   check=True, stdout=subprocess.DEVNULL)
    sessions += [(kind, os.path.join(folder, f)) for f in sorted(os.listdir(folder)) if f.endswith(".jsonl")]


def end_line(output):
    ends = [json.loads(l) for l in output.splitlines() if '"event":"end"' in l]
    if not ends:
        raise RuntimeError("no end line")
    return ends[-1]["metrics"]


def modelled(kind, session, network, policy):
    # Under --http 2 the server speaks TLS (`serve --tls` shapes its handshake): the model's connections are TLS too.
    secure = ["--tls"] if args.http == "2" else []
    done = subprocess.run([binary, "replay", session, "--headless", "--network", network, "--policy", policy, "--http", args.http] + secure,
                          capture_output=True, text=True, check=True)
    return end_line(done.stdout)


def real(kind, session, network, policy):
    """One run against a serve of its own; the metrics, the server's bytes and the run's wall seconds."""
    over = ["--http", "2", "--tls"] if args.http == "2" else []
    server = subprocess.Popen([binary, "serve", "--port", "0", "--network", network] + over, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        serving = json.loads(server.stdout.readline())
        trust = ["--http", "2", "--source-ca", serving["certificate"]] if args.http == "2" else []
        started = time.monotonic()
        done = subprocess.run([binary, "replay", session, "--headless", "--network", network, "--policy", policy, "--source", serving["source"]] + trust,
                              capture_output=True, text=True, check=True)
        seconds = time.monotonic() - started
    finally:
        server.send_signal(signal.SIGTERM)
        rest, _ = server.communicate(timeout=30)
    served = sum(json.loads(l)["bytes"] for l in rest.splitlines() if '"request"' in l)
    return end_line(done.stdout), served, seconds


runs = [(kind, session, network, policy) for kind, session in sessions for network in networks for policy in policies]
results = []
started = time.monotonic()
with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
    futures = {pool.submit(real, *run): run for run in runs}
    for run in runs:
        results.append({"kind": run[0], "session": os.path.basename(run[1]), "network": run[2], "policy": run[3],
                        "model": modelled(*run)})
    for future in concurrent.futures.as_completed(futures):
        kind, session, network, policy = futures[future]
        metrics, served, seconds = future.result()
        line = next(r for r in results if (r["kind"], r["session"], r["network"], r["policy"]) == (kind, os.path.basename(session), network, policy))
        line.update(real=metrics, served=served, seconds=seconds)
        print("%3d/%d %s %s %s %s: %.1f s" % (sum("real" in r for r in results), len(runs), kind, os.path.basename(session), network, policy, seconds),
              file=sys.stderr)
wall = time.monotonic() - started
with open(os.path.join(args.out, "results.jsonl" if args.http == "1.1" else "results-http2.jsonl"), "w") as f:
    for r in results:
        f.write(json.dumps(r) + "\n")


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def gap(real, model):
    return 100 * (real - model) / model if model else float("nan")


print("Model against a real network: %d sessions (%s, %d each, seed %d) x %s x %s, HTTP/%s (%s); %d real runs, %d at once, %.0f s"
      % (len(sessions), ",".join(kinds), args.count, args.seed, ",".join(policies), ",".join(networks), args.http,
         "async-http-client over TLS" if args.http == "2" else "URLSession", len(runs), args.jobs, wall))
print()
print("| network | policy | bytes real (kB) | bytes model (kB) | gap | blank real (tile·s) | blank model (tile·s) | gap | first image real / model (s) | server = client bytes |")
print("|---|---|---|---|---|---|---|---|---|---|")
for network in networks:
    for policy in policies:
        rows = [r for r in results if r["network"] == network and r["policy"] == policy]
        br, bm = mean([r["real"]["networkBytes"] for r in rows]), mean([r["model"]["networkBytes"] for r in rows])
        kr, km = mean([r["real"]["blankTileSeconds"] for r in rows]), mean([r["model"]["blankTileSeconds"] for r in rows])
        fr = mean([r["real"]["timeToFirstImage"] or 0 for r in rows])
        fm = mean([r["model"]["timeToFirstImage"] or 0 for r in rows])
        same = sum(abs(r["served"] - r["real"]["networkBytes"]) <= 0.01 * max(1, r["served"]) for r in rows)
        print("| %s | %s | %.1f | %.1f | %+.2f%% | %.2f | %.2f | %+.1f%% | %.2f / %.2f | %d of %d within 1%% |"
              % (network, policy, br / 1000, bm / 1000, gap(br, bm), kr, km, gap(kr, km), fr, fm, same, len(rows)))
