"""`replay --headless --source` (B-NET-3): a headless run against a real `scrolllab serve --network 3g`,
URLSession fetching in real time, the rest of the run the model's.

1. Every load finishes; the end line's bytes and requests equal the server's log (a policy that never
   cancels); the line keeps every key of a modelled run's and adds "realNetwork"; the run took at least
   the link's time for the bytes (real time, not the model's instant).
2. Bad input, as the window: a template without {asset} or not http(s) is refused (exit 64, the window's
   words); --source without --network is refused (64); no server: every load fails with "connection
   refused" (exit 1: no image arrived, said); a 404 server: "HTTP 404"; a server killed mid-run: the run still ends,
   the loads it had in flight failed, none left hanging.
3. HTTP/2 over TLS: against `serve --http 2 --tls --network 3g`, `--http 2 --source https://… --source-ca
   CERT` fetches with async-http-client: serve's log shows one TLS connection whose ALPN chose h2 and every
   request over HTTP/2, the bytes and requests equal to the log, and the line says
   {"client":"async-http-client","http":"2"}. Bad input exits 64 with one line: --http 2 over http://
   (URLSession cannot speak h2c), a CA file that is not a certificate (exit 1), --source-ca without --source or
   with --http 1.1. An https:// server is TLS: `sweep run` against it labels its lines `"tls":true` (`|tls`
   in the id, as the model's `--tls` runs); `--tls` with an http:// source and `--tls off` with an https://
   one are refused (64).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, free_port

binary = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
gestures = os.path.join(here, "..", "..", "Assets", "Gestures")
RATE = 780e3 / 8        # NetworkProfile.threeG's downlink; the server's link holds no burst (TokenBucket)


def serve(*args, line=False):
    p = subprocess.Popen([binary, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    serving = json.loads(p.stdout.readline())
    return (p, serving) if line else (p, serving["source"])


def stop(p, sig=signal.SIGTERM, event="request"):
    p.send_signal(sig)
    rest, _ = p.communicate(timeout=10)
    return [json.loads(l) for l in rest.splitlines() if l.strip() and '"%s"' % event in l]


NO_IMAGE = "no image arrived from "


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
least = served / RATE
check(took >= least, "real time: %.2f s for %d bytes, the 3G link needs at least %.2f s" % (took, served, least))
check(m["timeToFirstImage"] >= 0.2, "the first image after a round trip at least (%.2f s)" % m["timeToFirstImage"])

# 1b. --disk-cache DIR with --source: the run leaves the images it fetched there (a policy that never
# cancels: every request is a stored image), and a second run starts from them, as a modelled network's does.
folder = os.path.join(tempfile.mkdtemp(prefix="scrolllab-http-disk-"), "cache")
server, url = serve("--network", "3g")
code, first, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", url, "--policy", "flutter", "--disk-cache", folder)
entries = [f for f in os.listdir(folder) if f.endswith(".entry")] if os.path.isdir(folder) else []
code2, second, err2, _ = replay("single-fling.jsonl", "--network", "3g", "--source", url, "--policy", "flutter", "--disk-cache", folder)
stop(server)
check(code == 0 and first is not None and len(entries) == first["metrics"]["requests"] > 0,
      "--disk-cache DIR with --source stores what it fetched: %d entries for %d requests (%s)"
      % (len(entries), first["metrics"]["requests"] if first else -1, err.strip()[:200]))
check(code2 == 0 and second is not None and second["metrics"]["requests"] == 0 and second["metrics"]["diskHits"] >= len(entries),
      "the second run starts from them: %d disk hits, %d requests (%s)"
      % (second["metrics"]["diskHits"] if second else -1, second["metrics"]["requests"] if second else -1, err2.strip()[:200]))
shutil.rmtree(os.path.dirname(folder), ignore_errors=True)

# 1c. A redirect loop: each load sends the first request and the redirects it follows (10), and fails
# "redirect loop"; the refused eleventh is no request (the client counted it as one). A run in which no image
# arrived prints its lines and exits 1 saying so (NO_IMAGE), here and below.
server, url = serve("--redirect-loop")
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", url, "--policy", "flutter")
log = stop(server)
m = end["metrics"] if end else {}
check(code == 1 and NO_IMAGE in err and m.get("failuresByReason", {}).get("redirect loop", 0) == m.get("failedLoads", -1) > 0
      and m["requests"] == len(log) == 11 * m["failedLoads"],
      "a redirect loop: %s failed loads, %s requests counted, %d served (11 a load)" % (m.get("failedLoads"), m.get("requests"), len(log)))

# 2. Bad input.
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "http://127.0.0.1:1/img/7.jpg")
check(code == 64 and "--source must contain {asset}" in err, "a template without {asset}: exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "ftp://127.0.0.1/{asset}")
check(code == 64 and "--source must be an http:// or https:// URL template" in err, "not http(s): exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "http://127.0.0.1:99999/img/{asset}.jpg")
check(code == 64 and "--source's port must be between 1 and 65535 (got 99999" in err, "a port past 65535: exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--source", "http://127.0.0.1:1/img/{asset}.jpg")
check(code == 64 and "--source needs --network PROFILE" in err, "no --network: exit 64, %r" % err.strip().splitlines()[0])
closed = free_port()
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "http://127.0.0.1:%d/img/{asset}.jpg" % closed)
reasons = end["metrics"]["failuresByReason"] if end else {}
check(code == 1 and NO_IMAGE in err and reasons.get("connection refused", 0) == end["metrics"]["failedLoads"] > 0,
      "no server: exit 1, every load failed with 'connection refused' (%s)" % reasons)
server, url = serve("--status", "404")
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", url)
stop(server)
reasons = end["metrics"]["failuresByReason"] if end else {}
check(code == 1 and NO_IMAGE in err and reasons.get("HTTP 404", 0) > 0, "a 404 server: the loads say 'HTTP 404' (%s)" % reasons)

# A server killed half-way through a run on EDGE: the run ends, every load it began either came or failed.
server, url = serve("--network", "edge")
run = subprocess.Popen([binary, "replay", os.path.join(gestures, "rapid-flings.jsonl"), "--headless", "--network", "edge",
                        "--source", url, "--policy", "flutter"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(2.5)
server.kill()
server.wait()
out, err = run.communicate(timeout=90)
ends = [json.loads(l) for l in out.splitlines() if '"event":"end"' in l]
check(len(ends) == 1, "a server killed mid-run: the run ends with its end line")
m = ends[0]["metrics"]
# Exit 0 once an image came; 1, saying so, when none did before the server went (EDGE's first image takes
# about 2.5 s: either can happen).
none = m["failedLoads"] >= m["loadsCompleted"] > 0
check(run.returncode == (1 if none else 0) and (NO_IMAGE in err) == none,
      "and exit code %d (%s)" % (run.returncode, "no image arrived" if none else "an image arrived"))
check(m["failedLoads"] > 0 and m["loadsCompleted"] + m["loadsCancelled"] == m["loadsIssued"],   # completed: an image or a failure
      "its loads came or failed, none left hanging: %d issued, %d completed, %d failed %s"
      % (m["loadsIssued"], m["loadsCompleted"], m["failedLoads"], m["failuresByReason"]))

# 3. HTTP/2 over TLS: async-http-client against serve --http 2 --tls.
server, serving = serve("--network", "3g", "--http", "2", "--tls", line=True)
url, cert = serving["source"], serving["certificate"]
check(url.startswith("https://") and os.path.isfile(cert) and serving["http"] == "2",
      "serve --http 2 --tls: an https:// source and its certificate's PEM file (%s)" % cert)
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--http", "2", "--source", url, "--source-ca", cert, "--policy", "flutter")
kept_cert = os.path.join(tempfile.mkdtemp(), "ca.pem")
shutil.copy(cert, kept_cert)
server.send_signal(signal.SIGTERM)
rest, _ = server.communicate(timeout=10)
lines = [json.loads(l) for l in rest.splitlines() if l.strip()]
tls = [l for l in lines if l["event"] == "tls"]
log = [l for l in lines if l["event"] == "request"]
check(code == 0 and end is not None, "replay --http 2 over TLS ends with exit code 0 (%s)" % err.strip()[:200])
check(len(tls) == 1 and tls[0].get("alpn") == "h2", "one TLS connection, ALPN chose h2: %s" % tls)
check(log and all(e.get("http") == "2" for e in log), "every request came over HTTP/2 (%d requests: %s)" % (len(log), sorted({e.get("http") for e in log})))
m = end["metrics"]
served = sum(e["bytes"] for e in log)
check(m["loadsCompleted"] == m["loadsIssued"] > 0 and m["failedLoads"] == 0 and m["networkBytes"] == served and m["requests"] == len(log),
      "every load finished, bytes and requests equal the server's log: %d bytes, %d requests (served %d, %d)"
      % (m["networkBytes"], m["requests"], served, len(log)))
check(end.get("realNetwork") == {"source": "http", "client": "async-http-client", "http": "2"}, "the line names the client: %s" % end.get("realNetwork"))
check(not os.path.exists(cert), "the certificate's file goes with the server")

# The server gone: over HTTP/2 every load fails 'connection refused' at once, as over HTTP/1.1 (the client
# retried the connection until its 10 s connect timeout: the run's clock ended at 10.9 s, not with the gesture).
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--http", "2", "--source", url, "--source-ca", kept_cert, "--policy", "eager")
m = end["metrics"] if end else {}
check(code == 1 and NO_IMAGE in err and m.get("failuresByReason", {}).get("connection refused", 0) == m.get("failedLoads", -1) > 0 and end["t"] < 5,
      "HTTP/2 with no server: every load refused at once, the run ends with its gesture (t %.2f s, %s)"
      % (end["t"] if end else -1, m.get("failuresByReason")))
# A TLS server that offers only HTTP/1.1 by ALPN: an --http 2 run's loads fail, saying so (they were
# HTTP/1.1, a connection a request, under a line saying "http":"2").
server, serving = serve("--network", "3g", "--tls", line=True)
code, end, err, _ = replay("single-fling.jsonl", "--network", "3g", "--http", "2", "--source", serving["source"],
                           "--source-ca", serving["certificate"], "--policy", "eager")
stop(server)
m = end["metrics"] if end else {}
check(code == 1 and NO_IMAGE in err and m.get("failuresByReason", {}).get("not HTTP/2 (the server chose HTTP/1.1)", 0) == m.get("failedLoads", -1) > 0,
      "--http 2 against a server without h2: its loads fail as not HTTP/2 (%s)" % m.get("failuresByReason"))

# An https:// source runs over TLS, and its sweep lines say so as the model's --tls lines do.
server, serving = serve("--network", "3g", "--http", "2", "--tls", line=True)
one = tempfile.mkdtemp()
shutil.copy(os.path.join(gestures, "single-fling.jsonl"), one)
out = os.path.join(one, "out.jsonl")
done = subprocess.run([binary, "sweep", "run", "--gestures", one, "--policies", "flutter", "--network", "3g", "--http", "2",
                       "--source", serving["source"], "--source-ca", serving["certificate"], "--out", out],
                      capture_output=True, text=True, timeout=120)
# The certificate through a pipe (`--source-ca <(…)`): read once, so trusted, every load served.
with open(serving["certificate"], "rb") as f:
    pem = f.read()
piped = subprocess.run([binary, "replay", os.path.join(gestures, "single-fling.jsonl"), "--headless", "--network", "3g", "--http", "2",
                        "--source", serving["source"], "--source-ca", "/dev/stdin", "--policy", "eager"], input=pem, capture_output=True, timeout=120)
piped_ends = [json.loads(l) for l in piped.stdout.decode().splitlines() if '"event":"end"' in l]
check(piped.returncode == 0 and piped_ends and piped_ends[-1]["metrics"]["failedLoads"] == 0 and piped_ends[-1]["metrics"]["loadsCompleted"] > 0,
      "--source-ca from a pipe is trusted: every load served (%d, %s)"
      % (piped.returncode, piped_ends[-1]["metrics"]["failuresByReason"] if piped_ends else piped.stderr.decode()[:200]))
# The model's sweep onto the real server's results is refused: their lines share ids.
modelled = subprocess.run([binary, "sweep", "run", "--gestures", one, "--policies", "flutter", "--network", "3g", "--http", "2",
                           "--tls", "on", "--out", out], capture_output=True, text=True, timeout=120)
check(modelled.returncode == 1 and "holds results of a real server" in modelled.stderr,
      "the model's sweep onto a real server's results: exit 1, %r" % modelled.stderr.strip()[:200])
stop(server)
lines = [json.loads(l) for l in open(out)] if os.path.exists(out) else []
check(done.returncode == 0 and [(l.get("tls"), "|http=2|tls|" in l["id"]) for l in lines if l.get("policy") == "flutter"] == [(True, True)],
      "sweep run against https:// labels its line over TLS: %s (%s)" % ([l.get("id") for l in lines], done.stderr.strip()[:200]))
for args, words in [(["--source", "http://127.0.0.1:1/img/{asset}.jpg", "--tls", "on"], "--tls with --source needs an https:// server"),
                    (["--source", "https://127.0.0.1:1/img/{asset}.jpg", "--tls", "off"], "--tls off with --source https://")]:
    done = subprocess.run([binary, "sweep", "run", "--gestures", one, "--network", "3g", "--out", out + ".refused"] + args,
                          capture_output=True, text=True, timeout=60)
    check(done.returncode == 64 and words in done.stderr.splitlines()[0], "%s: exit %d, %r" % (" ".join(args[2:]), done.returncode, done.stderr.splitlines()[0]))
shutil.rmtree(one)

server, url = serve("--network", "3g", "--http", "2")
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--http", "2", "--source", url)
stop(server)
lines = err.strip().splitlines()
check(code == 64 and len(lines) >= 1 and "--http 2 with --source needs an https:// server" in lines[0],
      "--http 2 over http:// (h2c): exit 64, %r" % (lines[0] if lines else ""))
bad = os.path.join(os.environ.get("TMPDIR", "/tmp"), "scrolllab-not-a-cert-%d.pem" % os.getpid())
with open(bad, "w") as f:
    f.write("not a certificate\n")
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--http", "2", "--source", "https://127.0.0.1:1/img/{asset}.jpg", "--source-ca", bad)
os.unlink(bad)
lines = err.strip().splitlines()
check(code == 1 and lines and lines[0] == "scrolllab replay: --source-ca %s: not a PEM certificate (failedToLoadCertificate)" % bad, "a CA file that is not a certificate: exit 1, %r" % (lines[0] if lines else ""))
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source-ca", "/nonexistent.pem")
check(code == 64 and "--source-ca without --source" in err, "--source-ca without --source: exit 64, %r" % err.strip().splitlines()[0])
code, _, err, _ = replay("single-fling.jsonl", "--network", "3g", "--source", "https://127.0.0.1:1/img/{asset}.jpg", "--source-ca", "/nonexistent.pem")
check(code == 64 and "--source-ca is for --http 2" in err, "--source-ca under HTTP/1.1 (URLSession cannot use it): exit 64, %r" % err.strip().splitlines()[0])
print("replay --headless --source: real bytes, real time, the modelled run's keys, the window's failures; HTTP/2 over TLS with async-http-client")
