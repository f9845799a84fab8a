"""`scrolllab serve` on its own (B-SERVE-1), with a plain HTTP client.

- The serving line, the files' bytes with their Content-Type, 404 for an unknown path, 405 for a POST and 400
  for a malformed head (each after the profile's delays).
- 3G at the server: one image takes two round trips (a new connection) plus its bytes at the downlink,
  less the token bucket's 4 KB burst (no sooner at the client, within 100 ms by the server's log); three at
  once share the link: the last ends when all their bytes have crossed it (no sooner at the client, within
  10% by the server's log); the log's bytes are the bodies'.
- `very-bad` answers everything, late (loss as retransmission timeouts), or 504 after four lost attempts:
  serve_loss_test.py (half a minute of waiting on the timeouts, nothing timed, so it shares the machine).
- Bad options: an error line naming the option (then the usage) and exit code 64. SIGTERM and SIGINT: exit code 0.
- A log that cannot be written past a point (a file-size limit) ends whole, says so once, and the stop is exit 1.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, free_port

binary = os.path.abspath(sys.argv[1])
assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Images")
files = sorted(f for f in os.listdir(assets) if not f.startswith("."))
RTT, RATE = 0.200, 780e3 / 8                  # NetworkProfile.threeG; the link holds no burst (TokenBucket)
UPLOAD = 400 / (330e3 / 8)                     # a request up the uplink (NetworkImageSource.requestBytes)


def serve(*args):
    p = subprocess.Popen([binary, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = json.loads(p.stdout.readline())
    return p, first


def stop(p, sig=signal.SIGTERM):
    p.send_signal(sig)
    rest, _ = p.communicate(timeout=10)
    check(p.returncode == 0, "serve ends with exit code 0 on %s" % signal.Signals(sig).name)
    return [json.loads(l) for l in rest.splitlines() if l.strip()]


def get(url):
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers.get("Content-Type"), r.read(), time.monotonic() - start
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type"), e.read(), time.monotonic() - start


p, first = serve("--network", "3g")
check(first["event"] == "serving" and first["network"] == "3g" and first["assets"] == len(files),
      "serving line: %s" % first)
base = first["source"]
status, ctype, body, took = get(base.replace("{asset}", "3"))
with open(os.path.join(assets, files[3]), "rb") as f:
    expected = f.read()
check(status == 200 and ctype == "image/jpeg" and body == expected, "/img/3.jpg is %s, image/jpeg, %d bytes" % (files[3], len(body)))
least_one = 2 * RTT + UPLOAD + len(body) / RATE
check(took >= least_one - 0.01, "one image on 3G: %.3f s at the client, the profile says at least %.3f s" % (took, least_one))
status, _, _, took = get(base.replace("{asset}.jpg", "999"))
least_404 = 2 * RTT + UPLOAD
check(status == 404 and took >= least_404 - 0.01,
      "an index past the assets: 404, after the same network as an image: %.3f s at the client, the profile says at least %.3f s"
      % (took, least_404))


def raw(request):
    """The status line of the answer to `request` sent as bytes on a new connection, and the seconds it took."""
    port = int(base.split(":")[2].split("/")[0])
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as c:
        c.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            part = c.recv(4096)
            if not part:
                break
            answer += part
    return answer.split(b"\r\n")[0].decode(), time.monotonic() - start


for name, request, want in [("a POST", b"POST /img/1.jpg HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", "405"),
                            ("a malformed head", b"GET /img/1.jpg\r\n\r\n", "400")]:
    line, took = raw(request)
    check(line.startswith("HTTP/1.1 " + want) and took >= least_404 - 0.01,
          "%s: %s, after the same network as an image: %.3f s at the client, the profile says at least %.3f s"
          % (name, line, took, least_404))

results = {}
def fetch(i):
    results[i] = get(base.replace("{asset}", str(i)))
threads = [threading.Thread(target=fetch, args=(i,)) for i in (10, 11, 12)]
for t in threads: t.start()
for t in threads: t.join()
total = sum(len(results[i][2]) for i in results)
slowest = max(results[i][3] for i in results)
least = 2 * RTT + UPLOAD + total / RATE
check(slowest >= least - 0.02,
      "three at once share the link: the last took %.3f s at the client for %d bytes, the profile says at least %.3f s" % (slowest, total, least))
log = [e for e in stop(p) if e["event"] == "request"]
check(len(log) == 7, "one log line per request, the refused ones too (%d)" % len(log))
check(all(set(("path", "status", "bytes", "start", "end")) <= set(e) for e in log), "each line has path, status, bytes, start and end")
by_path = {e["path"]: e for e in log}
# No later than the profile either, by the server's own clock (a client's scheduler on a loaded machine
# adds its own delay to what it measures).
one = by_path["/img/3.jpg"]["end"] - by_path["/img/3.jpg"]["start"]
check(one <= least_one + 0.10, "one image on 3G: the server took %.3f s, the profile says %.3f s" % (one, least_one))
shared = max(by_path["/img/%d.jpg" % i]["end"] for i in (10, 11, 12)) - min(by_path["/img/%d.jpg" % i]["start"] for i in (10, 11, 12))
check(shared <= least * 1.10 + 0.05, "three at once: the server took %.3f s, the profile says %.3f s" % (shared, least))
missing = by_path["/img/999"]
check(missing["status"] == 404 and missing["end"] - missing["start"] <= least_404 + 0.10,
      "the 404 on 3G: the server took %.3f s, the profile says %.3f s" % (missing["end"] - missing["start"], least_404))
refused = sorted(e["status"] for e in log if e["status"] in (400, 405))
check(refused == [400, 405] and all(e["end"] - e["start"] <= least_404 + 0.10 for e in log if e["status"] in (400, 405)),
      "the 400 and the 405 on 3G: the server took %s s, the profile says %.3f s"
      % (["%.3f" % (e["end"] - e["start"]) for e in log if e["status"] in (400, 405)], least_404))
for i in (3, 10, 11, 12):
    e = by_path["/img/%d.jpg" % i]
    check(e["status"] == 200 and e["bytes"] == os.path.getsize(os.path.join(assets, files[i])),
          "log: /img/%d.jpg 200 with its %d bytes" % (i, e["bytes"]))

p, first = serve()
stop(p, signal.SIGINT)

for args, what in ((["--network", "5g"], "an unknown profile"), (["--fail-rate", "2"], "a rate over 1"),
                   (["--port", "70000"], "a port past 65535"), (["--status", "99"], "a status under 200")):
    r = subprocess.run([binary, "serve"] + args, capture_output=True, text=True, timeout=10)
    first_line = r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""
    check(r.returncode == 64 and first_line.startswith("scrolllab serve: --"),
          "%s: exit code 64 and an error line naming the option (%s)" % (what, first_line))
# A serving line that cannot be written stops nothing (a caller may know the port), but is said on
# standard error with what it carried.
port = free_port()
with open("/dev/full", "w") as full:
    p = subprocess.Popen([binary, "serve", "--port", str(port)], stdout=full, stderr=subprocess.PIPE, text=True)
    said = p.stderr.readline()
    check(said.startswith("scrolllab serve: cannot write the serving line to standard output (No space left on device)")
          and ("serving on 127.0.0.1:%d" % port) in said, "serve > /dev/full says so: %s" % said.strip())
    status, _, _, _ = get("http://127.0.0.1:%d/img/3.jpg" % port)
    check(status == 200, "and serves all the same (%s)" % status)
    p.send_signal(signal.SIGTERM)
    p.communicate(timeout=10)
    check(p.returncode == 0, "and stops on SIGTERM with 0 (%s)" % p.returncode)
# A log that stops part-way (a file-size limit, as a full disk) ends in a whole line, says so once on standard
# error, goes on serving, and the stop is exit 1 (was: a torn line, nothing said, exit 0).
import resource
log_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "serve-log-%d.jsonl" % os.getpid())
port = free_port()
with open(log_path, "w") as log:
    p = subprocess.Popen([binary, "serve", "--port", str(port), "--network", "none"], stdout=log, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (800, 800)))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and os.path.getsize(log_path) == 0:
        time.sleep(0.05)
    for k in range(12):
        status, _, _, _ = get("http://127.0.0.1:%d/img/%d.jpg" % (port, k))
    check(status == 200, "a log past its limit serves all the same (%s)" % status)
    time.sleep(0.5)
    p.send_signal(signal.SIGTERM)
    _, said = p.communicate(timeout=10)
text = open(log_path).read()
os.remove(log_path)
check(text.endswith("\n") and all(json.loads(line) for line in text.splitlines()) and len(text) <= 800,
      "the log ends with a whole line (%d bytes, %d lines)" % (len(text), len(text.splitlines())))
check(said.count("scrolllab serve: the log stops here (cannot write standard output: File too large); serving goes on") == 1,
      "the stop of the log is said once: %s" % said.strip())
check(p.returncode == 1, "and the stop is exit 1 (%s)" % p.returncode)
print("serve: bytes, types, 3G timing alone and shared, log lines, bad options, signals, a lost serving line, a log cut short")
