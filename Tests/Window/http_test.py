"""Images over real HTTP (B-HTTP-1, B-SERVE-1): the grid in a real window fetching with URLSession from
`scrolllab serve --network 3g` on loopback.

1. Images arrive; the trace's bytes and requests equal the server's log (a policy that never cancels,
   so every transfer ends whole); each response took at least the profile's round trip and the request's
   upload plus its bytes at the 3G downlink (the link holds no burst), and the whole run never beat the link.
2. On the same replay, Deferred moves fewer bytes than Eager (the server's count).
3. Every failure mode is a placeholder naming its reason and a count in the metrics, never a crash or a
   stuck frame loop: 404, 500, a 500 share, a truncated body, a stalled body (timeout), a wrong content
   type, a redirect loop, a refused connection, a body over the size cap, and an image that does not decode.
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, free_port, read_trace

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
gestures = os.path.join(here, "..", "..", "Assets", "Gestures")
RTT, RATE = 0.200, 780e3 / 8                     # NetworkProfile.threeG
UPLOAD = 400 / (330e3 / 8)                        # a request (NetworkImageSource.requestBytes) up its uplink
# The server's link holds no burst: a chunk leaves after its time on the link (ImageServer, TokenBucket).


class Server:
    def __init__(self, *args, assets=None):
        command = [binary, "serve", "--port", "0"] + list(args) + (["--assets", assets] if assets else [])
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        serving = json.loads(line)
        check(serving["event"] == "serving" and "{asset}" in serving["source"], "serve says where: %s" % serving["source"])
        self.source = serving["source"]

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        rest, _ = self.process.communicate(timeout=10)
        check(self.process.returncode == 0, "serve ends with exit code 0 on SIGTERM")
        return [json.loads(l) for l in rest.splitlines() if l.strip()]


def window(source, name, *extra, replay=None, quit_after=4):
    trace = os.path.join(out, "http-%s.jsonl" % name)
    args = [binary, "--source", source, "--disk-cache", "off", "--trace-out", trace, "--quit-after", str(quit_after)]
    if replay:
        args += ["--replay", os.path.join(gestures, replay)]
    app = subprocess.Popen(args + list(extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with closing(app):
        app.wait(timeout=quit_after + 60)
    check(app.returncode == 0, "%s: the window ends with exit code 0" % name)
    summary = [e for e in read_trace(trace) if e.get("event") == "summary"]
    check(len(summary) == 1, "%s: the trace has its summary" % name)
    s = summary[0]
    check(s["frameMaxMs"] < 2000, "%s: the frame loop never stalled (longest frame %.0f ms)" % (name, s["frameMaxMs"]))
    return s["metrics"]


# 1. Bytes, requests and times against the server's log.
server = Server("--network", "3g")
m = window(server.source, "flutter", "--policy", "flutter", replay="slow-drag.jsonl", quit_after=9)
log = [e for e in server.stop() if e["event"] == "request"]
check(m["loadsCompleted"] > 0 and m["failedLoads"] == 0 and m["loadsCancelled"] == 0,
      "images arrived: %d loads, none failed or cancelled" % m["loadsCompleted"])
check(m["requests"] == len(log), "requests: trace %d, server %d" % (m["requests"], len(log)))
served = sum(e["bytes"] for e in log)
check(m["networkBytes"] == served, "bytes: trace %d, server %d" % (m["networkBytes"], served))
for e in log:
    least = RTT + UPLOAD + e["bytes"] / RATE
    check(e["end"] - e["start"] >= least - 0.02,
          "%s took %.3f s, at least the profile's %.3f s" % (e["path"], e["end"] - e["start"], least))
span = max(e["end"] for e in log) - min(e["start"] for e in log) - RTT
check(served <= RATE * span * 1.02,
      "the link never beat 3G: %d bytes in %.2f s after the first round trip" % (served, span))
check(m["timeToFirstImage"] >= RTT, "first image after %.2f s, no sooner than a round trip" % m["timeToFirstImage"])

# 2. Deferred saves traffic: the server counts what each policy fetched on the same fling.
counts = {}
for policy in ("eager", "deferred"):
    server = Server("--network", "3g")
    window(server.source, policy, "--policy", policy, replay="single-fling.jsonl", quit_after=6)
    counts[policy] = sum(e["bytes"] for e in server.stop() if e["event"] == "request")
check(counts["deferred"] < counts["eager"],
      "Deferred moved fewer bytes than Eager: %d < %d" % (counts["deferred"], counts["eager"]))

# 3. Failure modes.
bad = os.path.join(out, "bad-assets")
os.makedirs(bad, exist_ok=True)
with open(os.path.join(bad, "a-corrupt.jpg"), "wb") as f:     # a JPEG header, then noise
    f.write(bytes([0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0, 64, 0, 64, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]) + os.urandom(3000))
big = os.path.join(out, "big-assets")
os.makedirs(big, exist_ok=True)
with open(os.path.join(big, "huge.jpg"), "wb") as f:          # 33 MB: over the 32 MB cap (a real JPEG, padded:
    with open(os.path.join(here, "..", "..", "Assets", "Images", "img-000.jpg"), "rb") as real:  # serve sends
        f.write(real.read())                                  # only what the window would accept)
    f.truncate(33 << 20)
closed_port = free_port()                                    # a port nobody listens on

modes = [
    (["--status", "404"], "HTTP 404", None, ()),
    (["--status", "500"], "HTTP 500", None, ()),
    (["--fail-rate", "1"], "HTTP 500", None, ()),
    (["--truncate"], "truncated body", None, ()),
    (["--stall", "5"], "timeout", None, ("--http-timeout", "1")),
    (["--content-type", "text/html"], "wrong content type (text/html)", None, ()),
    (["--redirect-loop"], "redirect loop", None, ()),
    ([], "body over 32 MB", big, ()),
    ([], None, bad, ()),
]
for args, reason, assets, extra in modes:
    name = " ".join(args) or os.path.basename(assets)
    server = Server(*args, assets=assets)
    m = window(server.source, name.replace(" ", "_").replace("-", "").replace("/", "_"), *extra, quit_after=4 if "--stall" not in args else 5)
    server.stop()
    reasons = m["failuresByReason"]
    check(m["failedLoads"] > 0 and m["failedLoads"] == sum(reasons.values()),
          "%s: %d failed loads, counted by reason %s" % (name, m["failedLoads"], reasons))
    if reason:
        check(reason in reasons, "%s: the tiles say %r" % (name, reason))
    else:
        check(all(r not in ("timeout", "connection refused") for r in reasons), "%s: a body that does not decode says so: %s" % (name, reasons))
m = window("http://127.0.0.1:%d/img/{asset}.jpg" % closed_port, "refused")
check(m["failuresByReason"].get("connection refused", 0) > 0, "no server: the tiles say 'connection refused' (%s)" % m["failuresByReason"])
print("HTTP: bytes and requests match the server, 3G timing holds, Deferred saves bytes, every failure is named")
