"""Every number the commands print is finite JSON (B-BATCH-1).

- A result line whose metric passes 1e12 (`blankTileSeconds` 1e308) is refused by `sweep report` (table and
  `--json`), `merge` and a resumed sweep with its line number; `sweep repair` drops it; the report of the
  repaired file is strict JSON (no `inf`, `nan`), and so is a report with large metrics under the limit.
- `feed check` of a masonry feed of items 1e-300 pt wide prints strict JSON, its content height a finite
  number (beyond what a double can hold: `null`, never `inf`).
"""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "finite-numbers")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args, code=0):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, cwd=work, timeout=300)
    check(r.returncode == code, "scrolllab %s: exit %d (want %d; %s)" % (" ".join(args[:3]), r.returncode, code, r.stderr.strip()[-300:]))
    return r


def refuse(constant):
    raise ValueError("not JSON: " + constant)


def strict(line):
    """The line as JSON, refusing NaN and the infinities; every number in it finite."""
    value = json.loads(line, parse_constant=refuse)
    def numbers(v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            yield v
        elif isinstance(v, dict):
            for x in v.values():
                yield from numbers(x)
        elif isinstance(v, list):
            for x in v:
                yield from numbers(x)
    check(all(n == n and abs(n) != float("inf") for n in numbers(value)), "every number finite in %s" % line[:100])
    return value


run("gestures", "generate", "--kind", "mixed", "--count", "4", "--seed", "5", "--out", "pop")
run("sweep", "--gestures", "pop", "--policies", "eager,deferred", "--out", "results.jsonl")
with open(os.path.join(work, "results.jsonl")) as f:
    lines = f.read().splitlines()
huge = json.loads(lines[2])
huge["blankTileSeconds"] = 1e308
lines[2] = json.dumps(huge, separators=(",", ":"))
with open(os.path.join(work, "huge.jsonl"), "w") as f:
    f.write("\n".join(lines) + "\n")
for args in (["report", "huge.jsonl"], ["report", "--json", "huge.jsonl"], ["merge", "huge.jsonl", "--out", "m.jsonl"]):
    r = run("sweep", *args, code=1)
    check('line 3' in r.stderr and "blankTileSeconds" in r.stderr, "sweep %s refuses line 3: %s" % (args[0], r.stderr.strip()))
r = run("sweep", "--gestures", "pop", "--policies", "eager,deferred", "--out", "huge.jsonl", code=1)
check("line 3" in r.stderr, "a resumed sweep refuses it: %s" % r.stderr.strip())
r = run("sweep", "repair", "huge.jsonl")
check("line 3 dropped" in r.stderr, "repair drops it: %s" % r.stderr.strip())
r = run("sweep", "report", "--json", "--resamples", "50", "huge.jsonl")
rows = [strict(l) for l in r.stdout.splitlines()]
check(rows and all(row["blankTileSeconds"]["mean"] < 1e3 for row in rows if row["blankTileSeconds"]), "the repaired file's report is finite JSON (%d rows)" % len(rows))

# Large but possible metrics: every number finite, the table without runaway digits.
big = [json.loads(l) for l in lines]
for i, row in enumerate(big):
    row["blankTileSeconds"] = 1e11 + i
    row["loadsIssued"] = 1e12
with open(os.path.join(work, "big.jsonl"), "w") as f:
    f.write("".join(json.dumps(row, separators=(",", ":")) + "\n" for row in big))
r = run("sweep", "report", "--json", "--resamples", "50", "big.jsonl")
rows = [strict(l) for l in r.stdout.splitlines()]
check(all(row["loadsIssued"]["mean"] == 1e12 for row in rows if row["policy"] in ("eager", "deferred")), "1e12 loads: mean 1e12")
r = run("sweep", "report", "big.jsonl")
check("nan" not in r.stdout and "inf" not in r.stdout and max(len(w) for w in r.stdout.split()) < 40,
      "the table has no nan, inf or runaway number")


def feed(name, items, width):
    with open(os.path.join(work, name), "w") as f:
        f.write('{"layout":"masonry","columns":2}\n')
        for i in range(items):
            f.write('{"width":%s,"height":10000,"image":"img-%03d.jpg","bytes":1000,"pixelWidth":10,"pixelHeight":10}\n' % (width, i % 72 + 1))


# A needle (one side more than 10 000 times the other) is refused with its line: it would lay out past a
# double's range (contentHeight inf), where a fling no longer moves the offset.
for width in ("1e-10", "1e-300"):
    feed("thin.jsonl", 10, width)
    r = run("feed", "check", "thin.jsonl", code=1)
    check(r.returncode == 1 and "line 2: the item is %s × 10000 points: its longer side is at most 10000 times its shorter" % width
          in r.stderr and r.stdout == "", "feed check, items %s pt wide: exit %d, %r" % (width, r.returncode, r.stderr.strip()))
# The window draws the most extreme shape a feed may have: a tile thousands of screens tall is decoded and
# drawn at most a texture's side tall.
feed("thin-window.jsonl", 10, "1")
r = subprocess.run([binary, "--headless", "--frames", "20", "--feed", "thin-window.jsonl", "--trace-out", "thin-window-trace.jsonl",
                    "--assets", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Images")],
                   capture_output=True, text=True, timeout=120, cwd=work)
check(r.returncode == 0, "the window over items 1 pt wide and 10000 tall: exit %d (%s)" % (r.returncode, r.stderr.strip()[-200:]))
feed("tall.jsonl", 1000, "1")
line = strict(run("feed", "check", "tall.jsonl").stdout)
check(line["contentHeight"] > 1e8, "items 1 pt wide and 10000 pt tall: contentHeight %r" % line["contentHeight"])
print("finite numbers: results past 1e12 refused with their line, reports and feed checks strict JSON")
