"""The headless `--disk-cache DIR` checks every entry it counts as a hit, as the window does (B-DISK-1).

`replay --headless --network 3g` and `sweep run` over a folder a first run filled: untouched, the second
run moves no bytes; with the first screen's entries cut to half, a finger resting on that screen counts
them in `diskCorrupt`, fetches them again (exactly their files' bytes moved) and stores them whole again;
with every entry cut to 10 bytes (the header kept), every one is counted and fetched. (Which entries a
browse cuts short depends on the entries' names, hashes of the images' paths: a fetch cancelled by a
fling moves part of a file, so the damaged images are the ones a resting finger keeps on screen.)
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


def replay(folder, gesture=gesture):
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

# The first screen's entries cut to half, under a finger resting on that screen for 4 s: counted, fetched
# again whole (no fling cancels them), stored again whole.
still = os.path.join(work, "still.jsonl")
with open(still, "w") as f:
    f.write('{"t_ms":0,"x":160,"y":300,"phase":"down"}\n{"t_ms":4000,"x":160,"y":300,"phase":"up"}\n')
first_dir = os.path.join(work, "first-screen")
replay(first_dir, still)
first = [os.path.basename(e) for e in entries(first_dir)]
half_dir = os.path.join(work, "half")
shutil.copytree(filled, half_dir)
damaged = [os.path.join(half_dir, n) for n in first]
expected = sum(asset_bytes(e) for e in damaged)
for e in damaged:
    cut(e, os.path.getsize(e) // 2)
half = replay(half_dir, still)
check(len(first) >= 4 and half["diskCorrupt"] == len(first),
      "the first screen's %d entries cut to half: diskCorrupt %d" % (len(first), half["diskCorrupt"]))
check(half["networkBytes"] == expected > 0 and half["diskHits"] == 0,
      "and fetched again: %d bytes moved, the damaged files hold %d" % (half["networkBytes"], expected))
again = replay(half_dir)
check(len(entries(half_dir)) == 72 and again["networkBytes"] == 0 and again["diskCorrupt"] == 0,
      "the run stored them whole again: a whole browse then moves 0 bytes, none corrupt")

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
# `--disk-cache on` is the command's own cache, as when the option is left out, in every command: the
# modelled one, nothing written (it once made a folder named `on` in replay and sweep, where bench modelled).
plain = os.path.join(work, "plain")
os.makedirs(plain)
for command in (["replay", "--headless", gesture], ["bench", "--gestures", gestures, "--json", "--policies", "eager"],
                ["sweep", "--gestures", gestures, "--policies", "eager", "--out", "-"]):
    runs = [subprocess.run([binary] + command + ["--network", "3g", "--assets", os.path.join(repo, "Assets", "Images")] + extra,
                           capture_output=True, text=True, cwd=plain, timeout=300)
            for extra in ([], ["--disk-cache", "on"])]
    check(all(r.returncode == 0 for r in runs) and runs[0].stdout == runs[1].stdout and runs[0].stdout,
          "%s --disk-cache on: the output of the run without it (%s)" % (command[0], runs[1].stderr.strip()[-200:]))
    check(os.listdir(plain) == [], "%s --disk-cache on: nothing written beside it (%r)" % (command[0], os.listdir(plain)))
print("headless disk cache: every entry checked; a bad one counted, deleted and fetched again")
