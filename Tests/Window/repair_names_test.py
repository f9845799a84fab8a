"""`sweep repair` names every line it drops (B-BATCH-1): 23 lines that are not results (torn halves, a
repeated id, `{"id":"x"}` among the last, a torn last line) in a file of results, each named with its
number, and the count in the closing line; the results stay.
"""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "repair-names")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args, code=0):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=work, timeout=300)
    check(r.returncode == code, "scrolllab %s: exit %d (want %d; %s)" % (" ".join(args[:3]), r.returncode, code, r.stderr.strip()[-300:]))
    return r


run("gestures", "generate", "--kind", "mixed", "--count", "3", "--seed", "5", "--out", "pop")
run("sweep", "--gestures", "pop", "--policies", "eager,deferred", "--out", "results.jsonl")
with open(os.path.join(work, "results.jsonl")) as f:
    good = f.read().splitlines()
lines, bad = [], []
for i in range(20):
    lines.append(good[i % len(good)][:90] if i else good[0])   # the first a result, the others torn halves
    if i:
        bad.append(len(lines))
lines.append(good[1])
lines.append(good[0])   # a repeat of line 1's id
bad.append(len(lines))
lines.append('{"id":"x"}')
bad.append(len(lines))
lines.append("[1,2]")
bad.append(len(lines))
lines.append(good[2])
text = "\n".join(lines) + "\n" + good[3][:50]   # and a torn last line
bad.append(len(lines) + 1)
with open(os.path.join(work, "damaged.jsonl"), "w") as f:
    f.write(text)
check(len(bad) == 23, "23 lines are not results to keep")
r = run("sweep", "repair", "damaged.jsonl")
named = [int(l.split(" line ")[1].split(" ")[0]) for l in r.stderr.splitlines() if " dropped: " in l]
check(named == bad, "repair names every line it drops: %s (want %s)" % (named, bad))
check("3 result(s) kept, 23 line(s) dropped" in r.stderr, "and counts them: %s" % r.stderr.strip().splitlines()[-1])
with open(os.path.join(work, "damaged.jsonl")) as f:
    kept = [json.loads(l)["id"] for l in f.read().splitlines()]
check(kept == [json.loads(good[i])["id"] for i in (0, 1, 2)], "the three results stay")
print("sweep repair: every dropped line named")
