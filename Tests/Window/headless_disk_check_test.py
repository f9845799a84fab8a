"""The headless `--disk-cache DIR` checks every entry it counts as a hit, as the window does (B-DISK-1).

`replay --headless --network 3g` and `sweep run` over a folder a first run filled: untouched, the second
run moves no bytes; with five entries cut to half, those five are counted in `diskCorrupt`, fetched again
(their files' bytes moved) and stored whole again; with every entry cut to 10 bytes (the header kept),
every one is counted and fetched.
"""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.abspath(os.path.join(here, "..", ".."))
work = os.path.join(out, "headless-disk-check")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
gesture = os.path.join(repo, "Assets", "Gestures", "long-browse.jsonl")


def replay(folder):
    r = subprocess.run([binary, "replay", "--headless", "--network", "3g", "--disk-cache", folder, gesture],
                       capture_output=True, text=True, cwd=repo, timeout=300)
    check(r.returncode == 0, "replay into %s: exit %d (%s)" % (os.path.basename(folder), r.returncode, r.stderr.strip()[-300:]))
    return json.loads(r.stdout.splitlines()[-1])["metrics"]


def entries(folder):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".entry"))


def asset_bytes(entry):
    """The size of the image file an entry's key names (`file:/…/img-017.jpg`)."""
    with open(entry, "rb") as f:
        data = f.read()
    start = data.index(b"file:") + len(b"file:")
    path = data[start:data.index(b".jpg", start) + len(b".jpg")].decode()
    return os.path.getsize(path)


def cut(entry, size):
    with open(entry, "r+b") as f:
        f.truncate(size)


filled = os.path.join(work, "filled")
cold = replay(filled)
count = len(entries(filled))
check(cold["networkBytes"] > 0 and count == 72, "a cold run fetches and stores %d entries" % count)

warm_dir = os.path.join(work, "warm")
shutil.copytree(filled, warm_dir)
warm = replay(warm_dir)
check(warm["networkBytes"] == 0 and warm["diskCorrupt"] == 0 and warm["diskHits"] > 0,
      "untouched: 0 bytes moved, %d disk hits, none corrupt" % warm["diskHits"])

# Five entries cut to half: counted, fetched again (their bytes moved), stored again whole.
half_dir = os.path.join(work, "half")
shutil.copytree(filled, half_dir)
damaged = entries(half_dir)[:5]
expected = sum(asset_bytes(e) for e in damaged)
for e in damaged:
    cut(e, os.path.getsize(e) // 2)
half = replay(half_dir)
check(half["diskCorrupt"] == 5, "five entries cut to half: diskCorrupt %d (want 5)" % half["diskCorrupt"])
check(half["networkBytes"] >= expected > 0,
      "and fetched again: %d bytes moved, the five files hold %d" % (half["networkBytes"], expected))
again = replay(half_dir)
check(len(entries(half_dir)) == 72 and again["networkBytes"] == 0 and again["diskCorrupt"] == 0,
      "the run stored them whole again: the next moves 0 bytes, none corrupt")

# Every entry cut to 10 bytes (the entry header still there).
tiny_dir = os.path.join(work, "tiny")
shutil.copytree(filled, tiny_dir)
for e in entries(tiny_dir):
    cut(e, 10)
tiny = replay(tiny_dir)
check(tiny["diskCorrupt"] == 72 and tiny["networkBytes"] > 0,
      "every entry cut to 10 bytes: diskCorrupt %d, %d bytes moved (cold: %d)" % (tiny["diskCorrupt"], tiny["networkBytes"], cold["networkBytes"]))

# `sweep run` reads the folder the same way.
gestures = os.path.join(work, "gestures")
os.makedirs(gestures)
shutil.copy(gesture, gestures)
sweep_dir = os.path.join(work, "sweep")
shutil.copytree(filled, sweep_dir)
for e in entries(sweep_dir)[:5]:
    cut(e, os.path.getsize(e) // 2)
results = os.path.join(work, "results.jsonl")
r = subprocess.run([binary, "sweep", "--gestures", gestures, "--policies", "eager", "--network", "3g", "--disk-cache", sweep_dir,
                    "--out", results], capture_output=True, text=True, cwd=repo, timeout=300)
check(r.returncode == 0, "sweep run: exit %d (%s)" % (r.returncode, r.stderr.strip()[-300:]))
with open(results) as f:
    line = json.loads(f.readline())
check(line["diskCorrupt"] == 5 and line["networkBytes"] > 0,
      "sweep run: diskCorrupt %d, %d bytes moved" % (line["diskCorrupt"], line["networkBytes"]))
print("headless disk cache: every entry checked; a bad one counted, deleted and fetched again")
