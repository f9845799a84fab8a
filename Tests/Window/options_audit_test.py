"""Every option is honoured or refused, never ignored (B-OPT-1).

- Every row of docs/options.md's refusals (generated from `OptionAudit.refusals`, a unit test keeps them
  equal) is run as written: exit code 64, and the error line names the option.
- `replay --network 3g --disk-cache DIR` twice: the folder holds the images the first run stored, and the
  second run moves fewer bytes with as many disk hits as the first stored images it showed; `--disk-cache
  off` and no option leave no folder and are a first visit each time (no option: the first run's bytes;
  a policy that never looks at the disk cache moves the same bytes without one); `bench` and `sweep run`
  honour the folder the same way.
"""

import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
gesture = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")
gestures = os.path.join(out, "audit-gestures")
os.makedirs(gestures, exist_ok=True)
shutil.copy(gesture, gestures)

with open(os.path.join(root, "docs", "options.md")) as f:
    docs = f.read()
table = docs.split("<!-- refusals -->\n")[1].split("\n<!-- /refusals -->")[0].splitlines()[2:]
check(len(table) >= 20, "docs/options.md lists %d refusals" % len(table))
feed = os.path.join(out, "audit-feed.jsonl")
subprocess.run([binary, "feed", "generate", "--layout", "masonry", "--count", "30", "--seed", "1", "--out", feed], check=True, timeout=60)
places = {"FEED": feed, "GESTURES": gestures, "GESTURE": gesture, "VIDEO": os.path.join(out, "audit.mp4"), "FOLDER": os.path.join(out, "audit-folder"),
          "PLOT": os.path.join(out, "audit.png"), "OUT": os.path.join(out, "audit-sweep.jsonl")}
for row in table:
    cells = [c.strip() for c in row.strip("|").split("|")]
    option = cells[1].strip("`")
    words = cells[4].strip("`").split()[1:]
    args = [places.get(w, w) for w in words]
    r = subprocess.run([binary] + args, capture_output=True, text=True, timeout=60, cwd=root)
    first = r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""
    check(r.returncode == 64 and option in first, "%s refused: exit %d, %r" % (" ".join(words), r.returncode, first))
    check(not os.path.exists(places["VIDEO"]) and not os.path.exists(places["FOLDER"]), "and nothing was written")


def replay(*extra):
    r = subprocess.run([binary, "replay", gesture, "--headless", "--network", "3g"] + list(extra), capture_output=True, text=True, timeout=60, cwd=root)
    check(r.returncode == 0, "replay --network 3g %s: exit code 0" % " ".join(extra))
    return json.loads(r.stdout.strip().splitlines()[-1])["metrics"]


folder = os.path.join(out, "audit-disk")
first, second = replay("--disk-cache", folder), replay("--disk-cache", folder)
entries = [n for n in os.listdir(folder) if not n.startswith(".")]
check(len(entries) == first["loadsCompleted"] > 0, "the folder holds the %d images the first run loaded" % len(entries))
check(first["diskHits"] == 0 and second["diskHits"] > 0 and second["networkBytes"] < first["networkBytes"] / 4,
      "a second visit: %d disk hits, %d bytes instead of %d" % (second["diskHits"], second["networkBytes"], first["networkBytes"]))
plain = None
for extra in ([], ["--disk-cache", "off"]):
    a, b = replay(*extra), replay(*extra)
    check(a == b and a["diskHits"] == 0 and not os.path.exists(os.path.join(root, "off")),
          "%s: every run is a first visit (%d bytes, no disk hits)" % (" ".join(extra) or "no --disk-cache", a["networkBytes"]))
    plain = plain or a
check(plain["networkBytes"] == first["networkBytes"],
      "no --disk-cache: an empty modelled cache, the bytes of the folder's first visit (%d)" % plain["networkBytes"])
# Adaptive runs UIKit's prefetch window only with a disk cache in front (what it fetches ahead is kept),
# so `off` changes its plan; a policy that never looks at the disk cache moves the same bytes with an
# empty one, without one, and with a new folder.
eager = [replay("--policy", "eager", *extra) for extra in ([], ["--disk-cache", "off"], ["--disk-cache", os.path.join(out, "audit-disk-eager")])]
check(len({e["networkBytes"] for e in eager}) == 1 and all(e["diskHits"] == 0 for e in eager),
      "eager: the same first visit with or without a disk cache (%r bytes)" % [e["networkBytes"] for e in eager])

bench_folder = os.path.join(out, "audit-bench-disk")
def bench():
    r = subprocess.run([binary, "bench", "--gestures", gestures, "--network", "3g", "--disk-cache", bench_folder, "--json"],
                       capture_output=True, text=True, timeout=120, cwd=root)
    check(r.returncode == 0, "bench --disk-cache DIR: exit code 0")
    return {l["policy"]: l for l in map(json.loads, r.stdout.splitlines()) if not l["policy"].startswith("bound")}
b1, b2 = bench(), bench()
check(all(b2[p]["networkBytes"] < b1[p]["networkBytes"] and b2[p]["diskHits"] > 0 for p in b1),
      "bench: every policy's second run moves fewer bytes (eager %d → %d)" % (b1["eager"]["networkBytes"], b2["eager"]["networkBytes"]))

sweep_folder = os.path.join(out, "audit-sweep-disk")
bytes_ = []
for k in (1, 2):
    results = os.path.join(out, "audit-sweep-%d.jsonl" % k)
    r = subprocess.run([binary, "sweep", "run", "--gestures", gestures, "--policies", "eager", "--network", "3g", "--disk-cache", sweep_folder,
                        "--out", results], capture_output=True, text=True, timeout=120, cwd=root)
    check(r.returncode == 0, "sweep run --disk-cache DIR (%d): exit code 0" % k)
    with open(results) as f:
        bytes_.append(json.loads(f.readline())["networkBytes"])
check(bytes_[1] < bytes_[0], "sweep: the second sweep moves fewer bytes (%d → %d)" % tuple(bytes_))
print("options_audit: every refusal refused and named; --disk-cache DIR honoured by replay, bench and sweep")
