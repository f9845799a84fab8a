"""One condition, three commands (B-SWEEP-1): for the same condition and gesture, a `sweep run` line, a
`bench --json` line and a `replay --headless` end line carry the same metrics — under a constant
latency with another refresh rate and fewer connections, under a network over HTTP/2, and scrolling a
feed over a network with the cache size named. All three build one `RunCondition` and reach the grid
through its one `apply(to:)`."""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
work = os.path.join(out, "same_condition")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "gestures"))
shutil.copy(os.path.join(here, "..", "..", "Assets", "Gestures", "rapid-flings.jsonl"), os.path.join(work, "gestures", "g.jsonl"))
gesture = os.path.join(work, "gestures", "g.jsonl")
images = os.path.normpath(os.path.join(here, "..", "..", "Assets", "Images"))


def run(*args):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=600, cwd=work)
    check(r.returncode == 0, "scrolllab %s: exit code %d (%s)" % (" ".join(args), r.returncode, r.stderr.strip()[-300:]))
    return r.stdout


run("feed", "generate", "--layout", "masonry", "--count", "150", "--seed", "3", "--out", "feed.jsonl")

# (policy, sweep's options, the same condition as bench's and replay's options)
conditions = [
    ("prefetch", ["--latency-ms", "250", "--refresh", "120", "--connections", "4"],
     ["--latency-ms", "250", "--refresh", "120", "--connections", "4"]),
    ("glide", ["--network", "3g", "--http", "2", "--connections", "4", "--cache-images", "12", "--assets", images],
     ["--network", "3g", "--http", "2", "--connections", "4", "--assets", images]),
    ("adaptive", ["--network", "lte", "--feed", "feed.jsonl", "--layout", "masonry", "--refresh", "90"],
     ["--network", "lte", "--feed", "feed.jsonl", "--layout", "masonry", "--refresh", "90"]),
    ("deferred", ["--latency-ms", "0", "--feed", "feed.jsonl", "--layout", "grid"],
     ["--latency-ms", "0", "--feed", "feed.jsonl", "--layout", "grid"]),
]
for n, (policy, sweep_options, options) in enumerate(conditions):
    results = os.path.join(work, "results-%d.jsonl" % n)
    run("sweep", "run", "--gestures", "gestures", "--policies", policy, "--jobs", "1", "--out", results, *sweep_options)
    with open(results) as f:
        lines = [json.loads(line) for line in f]
    check(len(lines) == 1, "one sweep line for one condition and gesture: %d" % len(lines))
    swept = lines[0]
    benched = [json.loads(line) for line in run("bench", "--json", "--gestures", "gestures", "--policies", policy, *options).splitlines()]
    row = next((b for b in benched if b["policy"] == policy), None)
    check(row is not None, "bench has a row of %s" % policy)
    end = [json.loads(line) for line in run("replay", gesture, "--headless", "--policy", policy, *options).splitlines()][-1]
    check(end["event"] == "end" and "metrics" in end, "replay ends with its metrics")
    metrics = end["metrics"]
    for key, value in metrics.items():
        check(swept.get(key) == value, "%s %s: sweep %s = replay %s" % (policy, key, swept.get(key), value))
    shared = [k for k in row if k in metrics]
    check(len(shared) >= 8, "bench's line holds the replay's metrics: %r" % shared)
    for key in shared:
        check(row[key] == metrics[key], "%s %s: bench %s = replay %s" % (policy, key, row[key], metrics[key]))
    check(metrics["loadsIssued"] > 0, "the gesture loads images")
print("same condition test: all checks passed")
