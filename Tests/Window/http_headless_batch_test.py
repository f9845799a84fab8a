"""`bench` and `sweep run` with `--source` (B-NET-3): the policies' rows and a sweep's lines against a
real `scrolllab serve --network 3g`, one short gesture.

- bench --json: a row per policy and the bounds, each ending with "realNetwork"; the policies' bytes
  together are the server's (two policies that never cancel: a cancelled fetch leaves bytes the server wrote and the client
  never read, as many as the moment of the cancel allows).
- sweep run: one line per configuration with the modelled line's keys and "realNetwork", its bytes the
  server's; a sweep asked for two profiles with --source is refused (exit 64).
- a server that does not answer: replay, bench and sweep run exit 1 saying no image arrived; the sweep writes
  no line for the run.
- a server of another feed's images: each command's lines, exit 0, and a warning of the bodies not their
  image's size and of the fetches that failed (404: fewer files than images); over its own feed, none.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, free_port

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
folder = os.path.join(out, "http-batch-gestures")
os.makedirs(folder, exist_ok=True)
shutil.copy(os.path.join(here, "..", "..", "Assets", "Gestures", "single-fling.jsonl"), folder)


def serve():
    p = subprocess.Popen([binary, "serve", "--port", "0", "--network", "3g"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p, json.loads(p.stdout.readline())["source"]


def served(p):
    p.send_signal(signal.SIGTERM)
    rest, _ = p.communicate(timeout=10)
    return sum(json.loads(l)["bytes"] for l in rest.splitlines() if '"request"' in l)


# bench: two policies' rows over the server, one after the other (neither cancels a fetch).
server, url = serve()
done = subprocess.run([binary, "bench", "--gestures", folder, "--network", "3g", "--source", url, "--policies", "flutter,chrome", "--json"],
                      capture_output=True, text=True, timeout=120)
total = served(server)
rows = [json.loads(l) for l in done.stdout.splitlines() if l.strip()]
check(done.returncode == 0 and [r["policy"] for r in rows][:2] == ["flutter", "chrome"],
      "bench --source: exit 0, a row per policy then the bounds (%s)" % done.stderr.strip()[:200])
check(all(r.get("realNetwork", {}).get("source") == "http" for r in rows), "every row says the network was real")
moved = sum(r["networkBytes"] for r in rows[:2])
check(moved == total, "the rows' bytes are the server's: %d, served %d" % (moved, total))
check(all(r["failedLoads"] == 0 and r["loadsCompleted"] > 0 for r in rows[:2]), "every load of each row came")

# sweep run: one configuration, its line against the modelled one's.
server, url = serve()
results = os.path.join(out, "http-batch-sweep.jsonl")
if os.path.exists(results):
    os.remove(results)
done = subprocess.run([binary, "sweep", "run", "--gestures", folder, "--policies", "flutter", "--network", "3g", "--source", url,
                       "--out", results], capture_output=True, text=True, timeout=120)
total = served(server)
lines = [json.loads(l) for l in open(results)] if os.path.exists(results) else []
check(done.returncode == 0 and len(lines) == 1, "sweep run --source: exit 0, one line (%s)" % done.stderr.strip()[:200])
modelled = os.path.join(out, "http-batch-model.jsonl")
if os.path.exists(modelled):
    os.remove(modelled)
subprocess.run([binary, "sweep", "run", "--gestures", folder, "--policies", "flutter", "--network", "3g", "--out", modelled],
               capture_output=True, text=True, timeout=60)
model = json.loads(open(modelled).readline())
check(list(lines[0])[:-1] == list(model), "the modelled line's keys, in order, then realNetwork (%s)" % list(lines[0])[-1])
check(lines[0]["networkBytes"] == total, "the line's bytes are the server's: %d, served %d" % (lines[0]["networkBytes"], total))
done = subprocess.run([binary, "sweep", "run", "--gestures", folder, "--network", "3g,edge", "--source", url, "--out", results],
                      capture_output=True, text=True, timeout=60)
check(done.returncode == 64 and "--source needs --network PROFILE, one profile" in done.stderr, "two profiles with --source: exit 64")

# A server that does not answer: no image arrives, and no command takes that for a measurement. replay and
# bench print their lines and exit 1 saying so; a sweep writes nothing for the run and stops (exit 1), to be
# resumed once the server answers (they exited 0, and the sweep's lines read as results a verdict used).
dead = "http://127.0.0.1:%d/img/{asset}.jpg" % free_port()
gesture = os.path.join(folder, "single-fling.jsonl")
failed = os.path.join(out, "http-batch-dead.jsonl")
for command in (["replay", gesture, "--headless", "--policy", "eager"], ["bench", "--gestures", folder, "--policies", "eager"],
                ["sweep", "run", "--gestures", folder, "--policies", "eager", "--out", failed]):
    r = subprocess.run([binary, *command, "--network", "3g", "--source", dead], capture_output=True, text=True, timeout=120)
    check(r.returncode == 1 and "no image arrived from %s: every load failed (" % dead in r.stderr and "connection refused" in r.stderr,
          "%s from a dead server: exit 1 (%s)" % (command[0], r.stderr.strip()[-160:]))
check(os.path.getsize(failed) == 0, "and the sweep wrote no line for it")

# A server whose files are not the run's images (another feed's folder, with fewer files than this feed has
# images) still answers: the run's lines are written and it exits 0, but each command says on standard error
# how many bodies were not their image's size and how many fetches failed (404s); the matching feed: nothing.
mine, other = os.path.join(out, "http-batch-mine.jsonl"), os.path.join(out, "http-batch-other.jsonl")
photos = os.path.join(out, "http-batch-photos")
shutil.rmtree(photos, ignore_errors=True)
subprocess.run([binary, "feed", "generate", "--layout", "masonry", "--count", "6", "--seed", "5", "--images", "photos", "--out", mine,
                "--write-images", photos], capture_output=True, timeout=120, check=True)
subprocess.run([binary, "feed", "generate", "--layout", "masonry", "--count", "30", "--seed", "9", "--out", other],
               capture_output=True, timeout=60, check=True)
server = subprocess.Popen([binary, "serve", "--port", "0", "--network", "wifi", "--assets", photos], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
url = json.loads(server.stdout.readline())["source"]
mismatch = "images fetched from %s were not their own size (the first, image " % url
for command in (["replay", gesture, "--headless", "--policy", "eager"], ["bench", "--gestures", folder, "--policies", "eager"],
                ["sweep", "run", "--gestures", folder, "--policies", "eager", "--out", "-"]):
    r = subprocess.run([binary, *command, "--network", "wifi", "--source", url, "--feed", other], capture_output=True, text=True, timeout=120)
    warned = [l for l in r.stderr.splitlines() if "warning:" in l]
    check(r.returncode == 0 and r.stdout.strip() and any(mismatch in l for l in warned)
          and any(re.search(r"\d+ of \d+ fetches from \S+ failed \(\d+ × HTTP 404\): the server lacks some", l) for l in warned),
          "%s --feed OTHER over another feed's images: its lines, exit 0, and two warnings (%s)" % (command[0], warned))
    r = subprocess.run([binary, *command, "--network", "wifi", "--source", url, "--feed", mine], capture_output=True, text=True, timeout=120)
    check(r.returncode == 0 and "warning" not in r.stderr, "%s --feed MINE over its own images: no warning (%s)" % (command[0], r.stderr.strip()[:200]))
server.send_signal(signal.SIGTERM)
server.communicate(timeout=10)
print("bench and sweep run over a real server: real bytes, labelled lines; a dead server is no measurement; a server of other images is said")
