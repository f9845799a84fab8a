"""`scrolllab serve --tls` (B-SERVE-2): its promises over TLS, with Python's ssl module as the client.

1. The serving line: an https:// source and the certificate's PEM file, which verifies the server
   (127.0.0.1 in its names); removed when the server stops (SIGTERM: exit 0).
2. ALPN: under --http 2 a client offering h2 and http/1.1 gets h2, one offering http/1.1 gets it and is
   served HTTP/1.1 (the file's bytes, logged "http":"1.1"); without --http 2, h2 is not offered. One
   "tls" line per connection says what ALPN chose.
3. The limits hold over TLS: a 9 KiB request line is 414 at once; a connection that sends nothing (no
   handshake) and one that completes its handshake and sends nothing are closed within the head timeout
   (10 s); bytes that are not TLS end the connection at once with a "tls" line naming the failure;
   under `ulimit -n 64` (16 connections) one more is answered 503 over TLS.
4. Under --network 3g a new connection's first answer waits for TLS 1.3's handshake as the model has it
   (`--tls`: TCP's round trip and TLS's, then the request's): three round trips and the upload from the
   end of the real handshake (loopback's own takes no time), by the client and by the server's log;
   the next request on the kept-alive connection one round trip.
"""

import json
import os
import resource
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
first_image = sorted(os.listdir(os.path.join(here, "..", "..", "Assets", "Images")))[3]
with open(os.path.join(here, "..", "..", "Assets", "Images", first_image), "rb") as f:
    image3 = f.read()


def serve(*args, files=None):
    p = subprocess.Popen([binary, "serve", "--port", "0", "--tls"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, preexec_fn=(lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))) if files else None)
    return p, json.loads(p.stdout.readline())


def stop(p):
    p.send_signal(signal.SIGTERM)
    rest, _ = p.communicate(timeout=10)
    check(p.returncode == 0, "serve --tls ends with exit code 0 on SIGTERM")
    return [json.loads(l) for l in rest.splitlines() if l.strip()]


def tls(port, cert, alpn):
    context = ssl.create_default_context(cafile=cert)
    context.set_alpn_protocols(alpn)
    raw = socket.create_connection(("127.0.0.1", port), timeout=15)
    return context.wrap_socket(raw, server_hostname="127.0.0.1")


def read_all(s):
    data = b""
    while True:
        try:
            chunk = s.recv(65536)
        except (ssl.SSLError, ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        data += chunk
    return data


# 1, 2: the serving line and ALPN under --http 2.
server, serving = serve("--http", "2")
port, cert = serving["port"], serving["certificate"]
check(serving["source"] == "https://127.0.0.1:%d/img/{asset}.jpg" % port and os.path.isfile(cert) and serving["http"] == "2",
      "the serving line: %s, certificate %s" % (serving["source"], cert))
with tls(port, cert, ["h2", "http/1.1"]) as s:
    check(s.selected_alpn_protocol() == "h2", "a client offering h2 and http/1.1 gets h2 (the certificate verifies 127.0.0.1)")
with tls(port, cert, ["http/1.1"]) as s:
    check(s.selected_alpn_protocol() == "http/1.1", "a client offering http/1.1 gets it")
    s.sendall(b"GET /img/3.jpg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = read_all(s)
head, _, body = answer.partition(b"\r\n\r\n")
check(head.startswith(b"HTTP/1.1 200") and body == image3, "and is served HTTP/1.1 over TLS: %r, %d bytes" % (head.split(b"\r\n")[0], len(body)))

# 3. The limits over TLS.
with tls(port, cert, ["http/1.1"]) as s:
    s.sendall(b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    started = time.monotonic()
    answer = read_all(s)
check(answer.startswith(b"HTTP/1.1 414") and time.monotonic() - started < 2, "a 9 KiB request line over TLS: %r at once" % answer[:12])
# The two idle connections wait out the head timeout side by side (each timed from its own start).
idle = {}


def no_handshake():
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as raw:     # no handshake at all
        closed = raw.recv(1) == b""
    idle["raw"] = (closed, time.monotonic() - started)


def handshake_only():
    with tls(port, cert, ["h2", "http/1.1"]) as s:
        started = time.monotonic()
        read_all(s)
        idle["tls"] = time.monotonic() - started


waiters = [threading.Thread(target=no_handshake)]
waiters[0].start()
time.sleep(0.2)  # the raw connection first: the connections' order is the log's
waiters.append(threading.Thread(target=handshake_only))
waiters[1].start()
for w in waiters:
    w.join()
closed, took = idle.get("raw", (False, 0))
check(closed and 9 <= took <= 13, "a connection that never starts its handshake is closed after %.1f s (the head timeout, 10 s)" % took)
took = idle.get("tls", 0)
check(9 <= took <= 13, "one that completes its handshake and sends nothing is closed after %.1f s" % took)
with socket.create_connection(("127.0.0.1", port), timeout=5) as raw:
    raw.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    started = time.monotonic()
    try:
        ended = raw.recv(4096)
    except ConnectionResetError:
        ended = b""
check(time.monotonic() - started < 2, "bytes that are not TLS end the connection at once (%r)" % ended[:20])
lines = stop(server)
# In the order of the connections: each is served on one of the server's event loops, so two handshakes that
# end close together may be logged in either order.
handshakes = sorted((l for l in lines if l["event"] == "tls"), key=lambda l: l["connection"])
check(len({l["connection"] for l in handshakes}) == len(handshakes), "at most one tls line per connection")
chosen = [l.get("alpn") for l in handshakes if "alpn" in l]
check(chosen[:2] == ["h2", "http/1.1"], "a tls line per connection with what ALPN chose: %s" % chosen)
check(any(l.get("error", "").startswith("handshake failed") for l in handshakes), "and one naming the failed handshake: %s"
      % [l.get("error") for l in handshakes if "error" in l])
check([l.get("http") for l in lines if l["event"] == "request" and l["status"] == 200] == ["1.1"], "the HTTP/1.1 request logged as such")
check(not os.path.exists(cert), "the certificate's file is removed when the server stops")

# Without --http 2, h2 is not offered.
server, serving = serve()
with tls(serving["port"], serving["certificate"], ["h2", "http/1.1"]) as s:
    check(s.selected_alpn_protocol() == "http/1.1", "without --http 2 ALPN chooses http/1.1 (h2 not offered)")
stop(server)

# The connection cap over TLS: ulimit -n 64 gives 16 connections.
server, serving = serve(files=64)
held = [socket.create_connection(("127.0.0.1", serving["port"]), timeout=5) for _ in range(16)]
time.sleep(0.3)
with tls(serving["port"], serving["certificate"], ["http/1.1"]) as s:
    answer = read_all(s)
check(answer.startswith(b"HTTP/1.1 503"), "one connection over the cap (16) is answered 503 over TLS: %r" % answer[:12])
for h in held:
    h.close()
stop(server)
# 4. The handshake shaped under --network 3g (HTTP/1.1 over TLS, two requests on one connection).
RTT, RATE = 0.200, 780e3 / 8                  # NetworkProfile.threeG
UPLOAD = 400 / (330e3 / 8)                     # a request up the uplink (NetworkImageSource.requestBytes)
server, serving = serve("--network", "3g")
firsts = []
with tls(serving["port"], serving["certificate"], ["http/1.1"]) as s:
    for asset in (3, 4):
        started = time.monotonic()
        s.sendall(b"GET /img/%d.jpg HTTP/1.1\r\nHost: x\r\n\r\n" % asset)
        head = s.recv(1)
        firsts.append(time.monotonic() - started)
        while b"\r\n\r\n" not in head:
            head += s.recv(1)
        length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0])
        body = b""
        while len(body) < length:
            body += s.recv(65536)
lines = [l for l in stop(server) if l["event"] == "request"]
check(firsts[0] >= 3 * RTT + UPLOAD - 0.01, "over TLS on 3G the first answer's first byte came %.3f s after the request: "
      "TCP's and TLS's handshake and the request's round trip say at least %.3f s" % (firsts[0], 3 * RTT + UPLOAD))
check(RTT + UPLOAD - 0.01 <= firsts[1] < 2 * RTT, "the next request on the kept-alive connection: %.3f s (one round trip, %.3f s)"
      % (firsts[1], RTT + UPLOAD))
for line, trips in zip(lines, (3, 1)):
    want = trips * RTT + UPLOAD + line["bytes"] / RATE
    took = line["end"] - line["start"]
    check(want - 0.01 <= took <= want + 0.1, "the server's log: %s in %.3f s; round trips %d and its bytes say %.3f s"
          % (line["path"], took, trips, want))
print("serve --tls: the certificate verifies, ALPN as offered, the limits hold over TLS, the handshake shaped as the model's")
