"""The lines of a `scrolllab sweep` results file grouped by session, for the tables read from them
(`adaptive_frontier.py`, `adaptive_table.py`). Standard library only."""
import json
from collections import defaultdict


def condition(line):
    """A result line's condition: its network profile's name, else its latency in ms."""
    return line.get("network") or line.get("latencyMs")


def load(path):
    """The results at `path` by session: (condition, gesture) -> policy -> the result line."""
    runs = defaultdict(dict)
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            runs[(condition(r), r["gesture"])][r["policy"]] = r
    return runs
