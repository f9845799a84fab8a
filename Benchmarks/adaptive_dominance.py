#!/usr/bin/env python3
"""Where Adaptive is dominated per session, and by whom (issue 41's study), from `scrolllab sweep` files.

    adaptive_dominance.py browse=PEERS.jsonl,ADAPTIVE.jsonl flings=... read=... [--policy adaptive]

Per population and condition: the share of sessions where the policy is undominated (another policy with
no more cost and no more blank time, strictly less of one: `adaptive_frontier.dominates`, the issue's
definition), the policies that dominate it and on how many sessions, on how many of those the first
dominator's cost ties exactly, and the median blank and cost differences (dominator − policy). Each
argument is a population's result files, comma-separated (merged by session). Standard library only.
"""
import sys

from adaptive_frontier import cost, dominates
from collections import Counter
from sweep_runs import load


def main(argv):
    policy = "adaptive"
    args = list(argv)
    if "--policy" in args:
        i = args.index("--policy")
        policy = args[i + 1]
        del args[i:i + 2]
    for arg in args:
        kind, _, paths = arg.partition("=")
        runs = {}
        for path in paths.split(","):
            for key, group in load(path).items():
                runs.setdefault(key, {}).update(group)
        for cond in sorted({c for c, _ in runs}, key=str):
            groups = [g for (c, _), g in sorted(runs.items(), key=lambda kv: kv[0][1]) if c == cond and policy in g]
            n = len(groups)
            undominated, by, ties, d_blank, d_cost = 0, Counter(), 0, [], []
            for g in groups:
                a = g[policy]
                doms = sorted(p for p, b in g.items() if p != policy and dominates(b, a))
                if not doms:
                    undominated += 1
                    continue
                by.update(doms)
                first = min(doms, key=lambda p: (g[p]["blankTileSeconds"], p))
                d_blank.append(g[first]["blankTileSeconds"] - a["blankTileSeconds"])
                d_cost.append(cost(g[first]) - cost(a))
                ties += cost(g[first]) == cost(a)
            median = lambda xs: sorted(xs)[len(xs) // 2] if xs else 0
            print(f"{kind} {cond}: {n} sessions, undominated {undominated / n:.0%}; dominated by "
                  f"{', '.join(f'{p} {c}' for p, c in by.most_common()) or 'none'}; cost tied on {ties}; "
                  f"median blank {median(d_blank):+.3f} tile·s, cost {median(d_cost):+.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
