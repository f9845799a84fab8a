#!/usr/bin/env python3
"""Adaptive on the frontier of every condition (issue 41), from `scrolllab sweep --oracle` files.

    adaptive_frontier.py browse=OUT/browse.jsonl flings=OUT/flings.jsonl read=OUT/read.jsonl [--policy adaptive] [--json]
                         [--oracle browse=FILE ...]

One row per population and condition (a latency, or a network profile). The cost is loads issued under a
latency and bytes moved (`networkBytes`) under a network. Per row:
- blank / oracle: the policy's mean blank time over the mean of its own runs' `oracleBlankTileSeconds` (or,
  with `--oracle KIND=FILE`, the oracle lines of that file — any policy's, the oracle is the shared
  pipeline's — over the sessions the file covers: the oracle is slow, a subset may be enough);
- cost / bound: its mean loads over the mean `boundMinLoads`, or under a network its mean bytes over the
  bound's images moved once each (`boundMinLoads` × the headless image's 25 000 bytes);
- frontier: whether any other policy has a lower mean blank time and no more mean cost. For the other
  policy that comes closest (lower mean blank time and the least extra cost, or, if none has lower blank
  time, the cheapest with no more cost) the paired differences other − policy of blank time and cost,
  each with a 95% paired bootstrap interval (1000 resamples of the sessions, percentile, fixed seed);
- undominated: the share of sessions in which no other policy has no more cost and no more blank time,
  strictly less of one; and the other policy most often undominated, with its share.
Prints a Markdown table. Standard library only; the same files give the same table.
"""
import json
import random
import sys

from sweep_runs import condition, load

TOL = 1e-9
IMAGE_BYTES = 25_000


def cost(r):
    return r["networkBytes"] if r.get("network") else r["loadsIssued"]


def dominates(b, a):
    no_worse = cost(b) <= cost(a) and b["blankTileSeconds"] <= a["blankTileSeconds"] + TOL
    better = cost(b) < cost(a) or b["blankTileSeconds"] < a["blankTileSeconds"] - TOL
    return no_worse and better


def undominated(group, policy):
    a = group[policy]
    return not any(dominates(b, a) for name, b in group.items() if name != policy)


def pct(sorted_values, p):
    pos = p * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(len(sorted_values) - 1, lo + 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def bootstrap(n, stat, rng, resamples=1000):
    values = []
    for _ in range(resamples):
        idx = [rng.randrange(n) for _ in range(n)]
        values.append(stat(idx))
    values.sort()
    return pct(values, 0.025), pct(values, 0.975)


def ratio(num, den, rng):
    if sum(den) <= 0:
        return float("nan"), float("nan"), float("nan")
    point = sum(num) / max(1e-12, sum(den))
    lo, hi = bootstrap(len(num), lambda idx: sum(num[i] for i in idx) / max(1e-12, sum(den[i] for i in idx)), rng)
    return point, lo, hi


def mean_diff(d, rng):
    n = len(d)
    lo, hi = bootstrap(n, lambda idx: sum(d[i] for i in idx) / n, rng)
    return sum(d) / n, lo, hi


def cell(groups, policy, network, rng, oracles=None):
    n = len(groups)
    others = sorted({p for g in groups for p in g} - {policy})
    groups = [g for g in groups if all(p in g for p in others)]
    n = len(groups)
    a_blank = [g[policy]["blankTileSeconds"] for g in groups]
    a_cost = [cost(g[policy]) for g in groups]
    if oracles:
        pairs = [(g[policy]["blankTileSeconds"], oracles[(condition(g[policy]), g[policy]["gesture"])])
                 for g in groups if (condition(g[policy]), g[policy]["gesture"]) in oracles]
        o_blank, oracle = [b for b, _ in pairs], [o for _, o in pairs]
    else:
        o_blank, oracle = a_blank, [g[policy].get("oracleBlankTileSeconds", 0) for g in groups]
    bound = [g[policy]["boundMinLoads"] * (IMAGE_BYTES if network else 1) for g in groups]
    mean = lambda xs: sum(xs) / len(xs)
    means = {p: (mean([g[p]["blankTileSeconds"] for g in groups]), mean([cost(g[p]) for g in groups])) for p in others}
    ab, ac = mean(a_blank), mean(a_cost)
    dominators = [p for p, (b, c) in means.items() if b < ab - TOL and c <= ac + TOL]
    less_blank = [p for p, (b, c) in means.items() if b < ab - TOL]
    if less_blank:
        closest = min(less_blank, key=lambda p: (means[p][1], p))
    else:
        cheaper = [p for p, (b, c) in means.items() if c <= ac]
        closest = min(cheaper, key=lambda p: (means[p][0], p)) if cheaper else min(others, key=lambda p: (means[p][1], p))
    db = mean_diff([g[closest]["blankTileSeconds"] - g[policy]["blankTileSeconds"] for g in groups], rng)
    dc = mean_diff([cost(g[closest]) - cost(g[policy]) for g in groups], rng)
    share = sum(undominated(g, policy) for g in groups) / n
    best = max(others, key=lambda p: (sum(undominated(g, p) for g in groups) / n, p))
    bshare = sum(undominated(g, best) for g in groups) / n
    return dict(n=n, oracle_n=len(oracle), blank=ab, cost=ac, blank_oracle=ratio(o_blank, oracle, rng), cost_bound=ratio(a_cost, bound, rng),
                dominators=dominators, closest=closest, closest_means=means[closest], d_blank=db, d_cost=dc,
                undominated=share, best=best, best_share=bshare)


def main(argv):
    policy = "adaptive"
    as_json = False
    files = []
    oracle_files = {}
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--policy":
            policy = args.pop(0)
        elif a == "--oracle":
            kind, _, path = args.pop(0).partition("=")
            oracle_files.setdefault(kind, []).append(path)
        elif a == "--json":
            as_json = True
        else:
            kind, _, path = a.partition("=")
            files.append((kind, path))
    rng = random.Random(41)
    rows = []
    for kind, path in files:
        runs = load(path)
        oracles = {}
        for opath in oracle_files.get(kind, []):
            with open(opath) as f:
                for line in f:
                    if line.strip():
                        r = json.loads(line)
                        if "oracleBlankTileSeconds" in r:
                            oracles[(condition(r), r["gesture"])] = r["oracleBlankTileSeconds"]
        conds = sorted({c for c, _ in runs}, key=lambda c: (isinstance(c, str), c if not isinstance(c, str) else ["lte", "3g", "edge"].index(c) if c in ("lte", "3g", "edge") else 9))
        for cond in conds:
            groups = [g for (c, _), g in sorted(runs.items(), key=lambda kv: kv[0][1]) if c == cond and policy in g]
            network = isinstance(cond, str)
            if not groups:
                continue
            rows.append((kind, cond, network, cell(groups, policy, network, rng, oracles)))
    if as_json:
        for kind, cond, network, r in rows:
            print(json.dumps(dict(kind=kind, condition=cond, **r)))
        return
    unit = lambda network: "kB" if network else "loads"
    fmt_cost = lambda v, network: f"{v / 1000:.0f} kB" if network else f"{v:.1f}"
    fmt_d = lambda d, network: (f"{d[0] / 1000:+.1f} [{d[1] / 1000:+.1f}, {d[2] / 1000:+.1f}] kB" if network
                                else f"{d[0]:+.2f} [{d[1]:+.2f}, {d[2]:+.2f}]")
    print(f"| kind | condition | sessions | {policy} blank tile·s / cost | blank / oracle [95% CI] (sessions) | cost / bound [95% CI]"
          " | on the frontier | nearest other: blank tile·s − ours, cost − ours [paired 95% CI] | undominated | best other undominated |")
    print("| --- | --- | --: | --: | --: | --: | --- | --- | --: | --- |")
    short = []
    for kind, cond, network, r in rows:
        c = f"{cond} ms" if not network else cond
        bo, cb = r["blank_oracle"], r["cost_bound"]
        front = "yes" if not r["dominators"] else "no: " + ", ".join(r["dominators"])
        print(f"| {kind} | {c} | {r['n']} | {r['blank']:.2f} / {fmt_cost(r['cost'], network)} | {bo[0]:.2f} [{bo[1]:.2f}, {bo[2]:.2f}] ({r['oracle_n']})"
              f" | {cb[0]:.2f} [{cb[1]:.2f}, {cb[2]:.2f}] | {front} | {r['closest']}: {r['d_blank'][0]:+.2f} [{r['d_blank'][1]:+.2f}, {r['d_blank'][2]:+.2f}],"
              f" {fmt_d(r['d_cost'], network)} | {r['undominated']:.0%} | {r['best']} {r['best_share']:.0%} |")
        if r["dominators"] or r["undominated"] < 0.75:
            short.append((kind, c, r))
    print()
    print(f"Cells where {policy} falls short (a policy with lower mean blank time and no more mean cost, or undominated in under 75% of sessions):")
    for kind, c, r in short:
        print(f"  {kind} {c}: frontier {'held' if not r['dominators'] else 'lost to ' + ', '.join(r['dominators'])}; undominated {r['undominated']:.0%}")
    if not short:
        print("  none")


if __name__ == "__main__":
    main(sys.argv[1:])
