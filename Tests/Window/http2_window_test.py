"""The window over HTTP/2 on TLS (B-HTTP-1): `scrolllab --source https://… --http 2 --source-ca CERT` against
`scrolllab serve --http 2 --tls --network 3g` fetches with async-http-client (URLSession on Linux cannot be
told to trust the certificate, docs/network.md).

1. Images arrive; serve's log shows one TLS connection whose ALPN chose h2 and every request over HTTP/2;
   the trace's bytes and requests equal the log (Flutter never cancels); the trace's segments carry
   "http":"2" and the https:// source.
2. Bad input exits 64 with one line naming it: --http 2 over http://, --tls with --source (the scheme
   says whether a real server is TLS), a CA file that is not a certificate.
"""

import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, read_trace

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
gestures = os.path.join(here, "..", "..", "Assets", "Gestures")
os.makedirs(out, exist_ok=True)

serve = subprocess.Popen([binary, "serve", "--port", "0", "--network", "3g", "--http", "2", "--tls"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
serving = json.loads(serve.stdout.readline())
source, cert = serving["source"], serving["certificate"]
check(source.startswith("https://") and os.path.isfile(cert), "serve --http 2 --tls: %s, certificate %s" % (source, cert))

trace = os.path.join(out, "http2-tls-window.jsonl")
app = subprocess.Popen([binary, "--source", source, "--http", "2", "--source-ca", cert, "--policy", "flutter", "--disk-cache", "off",
                        "--trace-out", trace, "--replay", os.path.join(gestures, "slow-drag.jsonl"), "--quit-after", "9"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    app.wait(timeout=70)
serve.send_signal(signal.SIGTERM)
rest, _ = serve.communicate(timeout=10)
lines = [json.loads(l) for l in rest.splitlines() if l.strip()]
tls = [l for l in lines if l["event"] == "tls"]
log = [l for l in lines if l["event"] == "request"]
check(app.returncode == 0, "the window ends with exit code 0")
check(len(tls) == 1 and tls[0].get("alpn") == "h2", "one TLS connection, ALPN chose h2: %s" % tls)
check(log and all(e.get("http") == "2" for e in log), "every request over HTTP/2 (%d requests)" % len(log))
events = read_trace(trace)
summary = [e for e in events if e.get("event") == "summary"]
check(len(summary) == 1, "the trace has its summary")
m = summary[0]["metrics"]
served = sum(e["bytes"] for e in log)
check(m["loadsCompleted"] > 0 and m["failedLoads"] == 0 and m["requests"] == len(log) and m["networkBytes"] == served,
      "images arrived over HTTP/2: %d loads, %d requests and %d bytes (served %d, %d)"
      % (m["loadsCompleted"], m["requests"], m["networkBytes"], len(log), served))
conditions = [e["condition"] for e in events if isinstance(e.get("condition"), dict)]
check(conditions and all(c.get("http") == "2" and c.get("source") == source for c in conditions),
      "the trace's segments say HTTP/2 from %s (%d)" % (source, len(conditions)))

done = subprocess.run([binary, "--headless", "--source", "http://127.0.0.1:1/img/{asset}.jpg", "--http", "2"], capture_output=True, text=True, timeout=60)
first = done.stderr.strip().splitlines()[0] if done.stderr.strip() else ""
check(done.returncode == 64 and "--http 2 with --source needs an https:// server" in first, "--http 2 over http://: exit 64, %r" % first)
done = subprocess.run([binary, "--headless", "--source", "https://127.0.0.1:1/img/{asset}.jpg", "--tls"], capture_output=True, text=True, timeout=60)
first = done.stderr.strip().splitlines()[0] if done.stderr.strip() else ""
check(done.returncode == 64 and "--tls models TLS under --network: a --source server is TLS when its URL is https://" in first,
      "--tls with the window's --source: exit 64, %r" % first)
bad = os.path.join(out, "not-a-cert.pem")
with open(bad, "w") as f:
    f.write("not a certificate\n")
done = subprocess.run([binary, "--headless", "--source", "https://127.0.0.1:1/img/{asset}.jpg", "--http", "2", "--source-ca", bad],
                      capture_output=True, text=True, timeout=60)
first = done.stderr.strip().splitlines()[0] if done.stderr.strip() else ""
check(done.returncode == 1 and ("--source-ca %s: not a PEM certificate" % bad) in first, "a CA file that is not a certificate: exit 1, %r" % first)
done = subprocess.run([binary, "--headless", "--source", "https://127.0.0.1:1/img/{asset}.jpg", "--http", "2", "--source-ca", bad + ".missing"],
                      capture_output=True, text=True, timeout=30)
first = (done.stderr.splitlines() or [""])[0]
check(done.returncode == 2 and ('--source-ca: cannot read "%s.missing"' % bad) in first, "a CA file that is missing: exit 2, %r" % first)
print("the window over HTTP/2 on TLS: async-http-client, one h2 connection, the server's bytes")
