"""`replay --headless --source` (B-HTTP-2): a headless run against a real `scrolllab serve --network 3g`,
URLSession fetching in real time, the rest of the run the model's.

1. Every load finishes; the end line's bytes and requests equal the server's log (a policy that never
   cancels); the line keeps every key of a modelled run's and adds "realNetwork"; the run took at least
   the link's time for the bytes (real time, not the model's instant).
2. Bad input, as the window: a template without {asset} or not http(s) is refused (exit 64, the window's
   words); --source without --network is refused (64); no server: every load fails with "connection
   refused" (exit 0); a 404 server: "HTTP 404"; a server killed mid-run: the run still ends (exit 0),
   the loads it had in flight failed, none left hanging.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
gestures = os.path.join(here, "..", "..", "Assets", "Gestures")
RATE, BURST = 780e3 / 8, 4096        # NetworkProfile.threeG's downlink; the server's token bucket


def serve(*args):
    p = subprocess.Popen([binary, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p, json.loads(p.stdout.readline())["source"]


def stop(p, sig=signal.SIGTERM):
    p.send_signal(sig)
    rest, _ = p.communicate(timeout=10)
    return [json.loads(l) for l in rest.splitlines() if l.strip() and '"request"' in l]


def replay(gesture, *args):
    """Runs `replay GESTURE --headless ARGS`; returns the exit code, the end line (or None) and standard error."""
    started = time.monotonic()
    done = subprocess.run([binary, "replay", os.path.join(gestures, gesture), "--headless"] + list(args),
                          capture_output=True, text=True, timeout=120)
    ends = [json.loads(l) for l in done.stdout.splitlines() if '"event":"end"' in l]
    return done.returncode, ends[-1] if ends else None, done.stderr, time.monotonic() - started


# 1. A whole run against serve --network 3g.
server, url = serve("--network", "3g")
code, end, err, took = replay("single-fling.jsonl", "--network", "3g", "--source", url, "--policy", "flutter")
log = stop(server)
check(code == 0 and end is not None, "replay --headless --source ends with exit code 0 and its end line (%s)" % err.strip()[:200])
m = end["metrics"]
check(m["loadsIssued"] > 0 and m["loadsCompleted"] == m["loadsIssued"] and m["failedLoads"] == 0,
      "every load finished: %d issued, %d completed, none failed" % (m["loadsIssued"], m["loadsCompleted"]))
served = sum(e["bytes"] for e in log)
check(m["networkBytes"] == served and m["requests"] == len(log),
      "bytes and requests equal the server's log: %d bytes, %d requests (served %d, %d)" % (m["networkBytes"], m["requests"], served, len(log)))
check(end.get("realNetwork") == {"source": "http", "client": "URLSession", "http": "1.1"}, "the line says the network was real: %s" % end.get("realNetwork"))
code, modelled, _, _ = replay("single-fling.jsonl", "--network", "3g", "--policy", "flutter")
check(list(end)[:-1] == list(modelled) and list(end["metrics"]) == list(modelled["metrics"]),
      "the same keys as the modelled run's end line, in the same order, then realNetwork")
least = (served - BURST * len(log)) / RATE
check(took >= least, "real time: %.2f s for %d bytes, the 3G link needs at least %.2f s" % (took, served, least))
check(m["timeToFirstImage"] >= 0.2, "the first image after a round trip at least (%.2f s)" % m["timeToFirstImage"])

# 2. Bad input.
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "http://127.0.0.1:1/img/7.jpg")
check(code == 64 and "--source must contain {asset}" in err, "a template without {asset}: exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "ftp://127.0.0.1/{asset}")
check(code == 64 and "--source must be an http:// or https:// URL template" in err, "not http(s): exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--source", "http://127.0.0.1:1/img/{asset}.jpg")
check(code == 64 and "--source needs --network PROFILE" in err, "no --network: exit 64, %r" % err.strip().splitlines()[0])
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    closed = s.getsockname()[1]
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "http://127.0.0.1:%d/img/{asset}.jpg" % closed)
reasons = end["metrics"]["failuresByReason"] if end else {}
check(code == 0 and reasons.get("connection refused", 0) == end["metrics"]["failedLoads"] > 0,
      "no server: exit 0, every load failed with 'connection refused' (%s)" % reasons)
server, url = serve("--status", "404")
code, end, _, _ = replay("single-fling.jsonl", "--network", "3g", "--source", url)
stop(server)
reasons = end["metrics"]["failuresByReason"] if end else {}
check(code == 0 and reasons.get("HTTP 404", 0) > 0, "a 404 server: the loads say 'HTTP 404' (%s)" % reasons)

# A server killed half-way through a run on EDGE: the run ends, every load it began either came or failed.
server, url = serve("--network", "edge")
run = subprocess.Popen([binary, "replay", os.path.join(gestures, "rapid-flings.jsonl"), "--headless", "--network", "edge",
                        "--source", url, "--policy", "flutter"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(2.5)
server.kill()
server.wait()
out, err = run.communicate(timeout=90)
ends = [json.loads(l) for l in out.splitlines() if '"event":"end"' in l]
check(run.returncode == 0 and len(ends) == 1, "a server killed mid-run: the run ends with exit code 0 and its end line")
m = ends[0]["metrics"]
check(m["failedLoads"] > 0 and m["loadsCompleted"] + m["loadsCancelled"] == m["loadsIssued"],   # completed: an image or a failure
      "its loads came or failed, none left hanging: %d issued, %d completed, %d failed %s"
      % (m["loadsIssued"], m["loadsCompleted"], m["failedLoads"], m["failuresByReason"]))
print("replay --headless --source: real bytes, real time, the modelled run's keys, the window's failures")
