#!/usr/bin/env python3
"""Adaptive against issue 27's targets, per population and latency, from `scrolllab sweep --oracle` files.

    adaptive_table.py browse=OUT/browse.jsonl flings=OUT/flings.jsonl read=OUT/read.jsonl [--policy adaptive]

For each file and latency: the policy's undominated share (the lab's definition: no other policy on the same
session issues no more loads and leaves no more blank time, strictly less of one), its mean blank time over the
oracle's mean (the oracle at the lab's 4 loads at once: the `oracleBlankTileSeconds` of the policy's own runs)
and its mean loads over the mean `boundMinLoads`, each ratio with a 95% paired bootstrap interval (1000
resamples of the sessions, percentile method, fixed seed), and the other policy with the highest undominated share.
Prints a Markdown table. Standard library only; the same files give the same table.
"""
import random
import sys

from sweep_runs import load

TOL = 1e-9


def undominated(group, policy):
    a = group[policy]
    for name, b in group.items():
        if name == policy:
            continue
        no_worse = b["loadsIssued"] <= a["loadsIssued"] and b["blankTileSeconds"] <= a["blankTileSeconds"] + TOL
        better = b["loadsIssued"] < a["loadsIssued"] or b["blankTileSeconds"] < a["blankTileSeconds"] - TOL
        if no_worse and better:
            return False
    return True


def ratio_ci(num, den, rng, resamples=1000):
    n = len(num)
    point = sum(num) / max(1e-12, sum(den))
    ratios = []
    for _ in range(resamples):
        idx = [rng.randrange(n) for _ in range(n)]
        d = sum(den[i] for i in idx)
        ratios.append(sum(num[i] for i in idx) / d if d > 0 else float("inf"))
    ratios.sort()

    def pct(p):
        pos = p * (resamples - 1)
        lo = int(pos)
        hi = min(resamples - 1, lo + 1)
        return ratios[lo] + (ratios[hi] - ratios[lo]) * (pos - lo)

    return point, pct(0.025), pct(0.975)


def main(argv):
    policy = "adaptive"
    files = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--policy":
            policy = args.pop(0)
        else:
            kind, _, path = a.partition("=")
            files.append((kind, path))
    rng = random.Random(27)
    print("| kind | latency ms | sessions | undominated | blank / oracle [95% CI] | loads / min-loads [95% CI]"
          " | best other policy: undominated, blank / oracle, loads / min-loads |")
    print("| --- | --: | --: | --: | --: | --: | --- |")
    summary = []
    for kind, path in files:
        runs = load(path)
        sources = sorted({s for s, _ in runs}, key=lambda s: (isinstance(s, str), s))
        for source in sources:
            groups = [g for (s, _), g in sorted(runs.items(), key=lambda kv: kv[0][1]) if s == source and policy in g]
            oracle = [g[policy]["oracleBlankTileSeconds"] for g in groups]
            minloads = [g[policy]["boundMinLoads"] for g in groups]

            def figures(name):
                gs = [g for g in groups if name in g]
                share = sum(undominated(g, name) for g in gs) / len(gs)
                blank = ratio_ci([g[name]["blankTileSeconds"] for g in gs], [g[policy]["oracleBlankTileSeconds"] for g in gs], rng)
                loads = ratio_ci([g[name]["loadsIssued"] for g in gs], [g[policy]["boundMinLoads"] for g in gs], rng)
                return share, blank, loads

            share, blank, loads = figures(policy)
            others = sorted({p for g in groups for p in g} - {policy})
            best = max(others, key=lambda p: (sum(undominated(g, p) for g in groups if p in g) / len(groups), p))
            bshare, bblank, bloads = figures(best)
            summary.append((kind, source, share, blank, loads))
            print(f"| {kind} | {source} | {len(groups)} | {share:.0%} | {blank[0]:.2f} [{blank[1]:.2f}, {blank[2]:.2f}]"
                  f" | {loads[0]:.2f} [{loads[1]:.2f}, {loads[2]:.2f}] | {best}: {bshare:.0%}, {bblank[0]:.2f}, {bloads[0]:.2f} |")
    met = lambda ok: "met" if ok else "not met"
    print()
    print(f"Targets for {policy}: undominated >= 95%, blank <= 1.5x oracle, loads <= 1.15x min-loads (point estimates; "
          "'sure' when the whole interval is on the right side)")
    for kind, source, share, blank, loads in summary:
        b = "sure" if blank[2] <= 1.5 else ("met" if blank[0] <= 1.5 else "not met")
        l = "sure" if loads[2] <= 1.15 else ("met" if loads[0] <= 1.15 else "not met")
        print(f"  {kind} {source} ms: undominated {met(share >= 0.95)}, blank {b}, loads {l}")


if __name__ == "__main__":
    main(sys.argv[1:])
