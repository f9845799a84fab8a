"""`scrolllab serve --http 2` (B-SERVE-1): HTTP/2 over cleartext by prior knowledge (h2c), every request a
stream on one connection, shaped as one link.

A small HTTP/2 client written here on a socket (frames, and the few HPACK codes it needs), since the
machine's curl (7.88) cannot reuse an h2c connection (curl issue 10634, fixed in 7.89: a second request
on it fails with "Error in the HTTP2 framing layer"), so it never multiplexes over prior knowledge.

1. Three images requested as streams 1, 3 and 5 in one write on one connection under 3G: each stream's
   body is its file; their DATA frames interleave (the streams share the connection at once); the first
   byte waits for the one handshake and a round trip; the three together take the link's time for their
   bytes, no sooner at the client, within 10% by the server's log, which has one line per stream.
2. A 404 and a HEAD as streams on the same connection; an HTTP/1.1 request to the same server; one
   request from curl --http2-prior-knowledge (HTTP/2, 200); the window over `--source` (URLSession, whose
   libcurl 7.88 asks HTTP/2 only over TLS) and curl without a flag: HTTP/1.1, as each log line says; a
   connection with no stream open is closed after the 10 s idle timeout; a POST as a new connection's first
   stream is 405 after its handshake and a round trip. 400 streams reset at once leave
   the connection serving; 600 within 10 s end it with GOAWAY (ENHANCE_YOUR_CALM), and close it at once; a
   header list over 16 KiB ends its connection at once with GOAWAY (PROTOCOL_ERROR for a block over it,
   COMPRESSION_ERROR for a smaller block that decodes over it).
3. `--http 3` is exit 64 naming --http; without `--http 2` the HTTP/2 preface is a request line of
   another version: 505. SIGTERM: exit 0.
"""

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
out = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Images")
files = sorted(f for f in os.listdir(assets) if not f.startswith("."))
RTT, RATE = 0.200, 780e3 / 8                  # NetworkProfile.threeG; the link holds no burst (TokenBucket)
UPLOAD = 400 / (330e3 / 8)                     # a request up the uplink (NetworkImageSource.requestBytes)
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE = 0, 1, 3, 4, 6, 7, 8
END_STREAM, END_HEADERS, ACK = 0x1, 0x4, 0x1
STATIC_STATUS = {0x88: 200, 0x89: 204, 0x8a: 206, 0x8b: 304, 0x8c: 400, 0x8d: 404, 0x8e: 500}


def frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def literal(index, value):
    """A header field without indexing, its name from the static table (RFC 7541 §6.2.2)."""
    data = value.encode()
    return bytes([index]) + bytes([len(data)]) + data


def request(stream, path, port, method="GET"):
    block = (b"\x82" if method == "GET" else literal(2, method)) + b"\x86" + literal(4, path) + literal(1, "127.0.0.1:%d" % port)
    return frame(HEADERS, END_STREAM | END_HEADERS, stream, block)


def serve(*args):
    p = subprocess.Popen([binary, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p, json.loads(p.stdout.readline())


def stop(p):
    p.send_signal(signal.SIGTERM)
    rest, _ = p.communicate(timeout=10)
    check(p.returncode == 0, "serve ends with exit code 0 on SIGTERM")
    return [json.loads(l) for l in rest.splitlines() if l.strip()]


class Connection:
    """One h2c connection: sends the preface and a window of 16 MiB, reads frames, answers SETTINGS and PING."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""
        self.sock.sendall(PREFACE + frame(SETTINGS, 0, 0, struct.pack(">HI", 4, 1 << 24))
                          + frame(WINDOW_UPDATE, 0, 0, struct.pack(">I", (1 << 24) - 65535)))

    def next(self):
        while len(self.buffer) < 9 or len(self.buffer) < 9 + int.from_bytes(self.buffer[:3], "big"):
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        length = int.from_bytes(self.buffer[:3], "big")
        kind, flags = self.buffer[3], self.buffer[4]
        stream = struct.unpack(">I", self.buffer[5:9])[0] & 0x7FFFFFFF
        payload = self.buffer[9:9 + length]
        self.buffer = self.buffer[9 + length:]
        if kind == SETTINGS and not flags & ACK:
            self.sock.sendall(frame(SETTINGS, ACK, 0))
        if kind == PING and not flags & ACK:
            self.sock.sendall(frame(PING, ACK, 0, payload))
        return kind, flags, stream, payload

    def responses(self, streams):
        """Reads until every stream in `streams` ended: {stream: (status, body bytes, end time)} and the DATA frames' streams in order."""
        got, order = {s: [None, 0, None] for s in streams}, []
        while any(v[2] is None for v in got.values()):
            f = self.next()
            if f is None:
                break
            kind, flags, stream, payload = f
            if stream not in got:
                continue
            if kind == HEADERS:
                got[stream][0] = STATIC_STATUS.get(payload[0], "other")
            elif kind == DATA:
                got[stream][1] += len(payload)
                order.append(stream)
            elif kind == RST_STREAM:
                got[stream][2] = "reset"
            if kind in (HEADERS, DATA) and flags & END_STREAM:
                got[stream][2] = time.monotonic()
        return got, order


# 1. Three streams at once on one connection under 3G.
p, first = serve("--http", "2", "--network", "3g")
check(first.get("http") == "2" and first["network"] == "3g", "serving line says http 2: %s" % first)
port = first["port"]
c = Connection(port)
start = time.monotonic()
c.sock.sendall(b"".join(request(s, "/img/%d.jpg" % i, port) for s, i in ((1, 10), (3, 11), (5, 12))))
got, order = c.responses([1, 3, 5])
sizes = {s: os.path.getsize(os.path.join(assets, files[i])) for s, i in ((1, 10), (3, 11), (5, 12))}
for s in (1, 3, 5):
    check(got[s][0] == 200 and got[s][1] == sizes[s], "stream %d: %s with %d bytes (the file has %d)" % (s, got[s][0], got[s][1], sizes[s]))
ended = {s: max(k for k, x in enumerate(order) if x == s) for s in (1, 3, 5)}
begun = {s: min(k for k, x in enumerate(order) if x == s) for s in (1, 3, 5)}
overlap = all(begun[a] < ended[b] and begun[b] < ended[a] for a in (1, 3, 5) for b in (1, 3, 5) if a != b)
check(overlap, "the three streams' DATA frames interleave on the one connection (%s…)" % "".join(str(s) for s in order[:24]))
total = sum(sizes.values())
least = 2 * RTT + UPLOAD + total / RATE
slowest = max(got[s][2] for s in (1, 3, 5)) - start
check(slowest >= least - 0.02, "three streams share the link: %.3f s at the client for %d bytes, the profile says at least %.3f s" % (slowest, total, least))

# 2. A 404 and a HEAD on the same connection; HTTP/1.1 beside it; curl.
c.sock.sendall(request(7, "/nothing", port) + request(9, "/img/3.jpg", port, method="HEAD"))
more, _ = c.responses([7, 9])
check(more[7][0] == 404, "a 404 as stream 7 (%s)" % more[7][0])
check(more[9][0] == 200 and more[9][1] == 0, "a HEAD as stream 9: 200, no body (%s, %d bytes)" % (more[9][0], more[9][1]))
c.sock.close()
with urllib.request.urlopen(first["source"].replace("{asset}", "3"), timeout=10) as r:
    check(r.status == 200 and len(r.read()) == os.path.getsize(os.path.join(assets, files[3])), "HTTP/1.1 to the same server: 200")
r = subprocess.run(["curl", "-s", "--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_version} %{http_code} %{size_download}",
                    first["source"].replace("{asset}", "4")], capture_output=True, text=True, timeout=20)
check(r.stdout == "2 200 %d" % os.path.getsize(os.path.join(assets, files[4])), "curl --http2-prior-knowledge: %s" % r.stdout)
# The heads' limits hold on HTTP/2 streams as on HTTP/1.1 (a 9 KB path and 120 fields were served 200).
url = first["source"].replace("{asset}", "4")
for name, extra, status in (("a 9 KB path", [url + "?" + "a" * 9000], "414"), ("a 9 KB header field", ["-H", "X-A: " + "a" * 9000, url], "431"),
                            ("120 header fields", sum((["-H", "X-%d: v" % k] for k in range(120)), []) + [url], "431")):
    r = subprocess.run(["curl", "-s", "--http2-prior-knowledge", "-o", "/dev/null", "-w", "%{http_version} %{http_code}", *extra],
                       capture_output=True, text=True, timeout=20)
    check(r.stdout == "2 " + status, "%s over HTTP/2: %s (%s)" % (name, status, r.stdout))
# A POST as a new connection's first stream: 405 after the connection's handshake and a round trip, as an image.
refused = Connection(port)
begun = time.monotonic()
refused.sock.sendall(request(1, "/img/1.jpg", port, method="POST"))
answer, _ = refused.responses([1])
took = answer[1][2] - begun if isinstance(answer[1][2], float) else -1
check(answer[1][0] == "other" and took >= 2 * RTT + UPLOAD - 0.02,
      "a POST as a new connection's first stream is refused after %.3f s: the handshake and a round trip say at least %.3f s"
      % (took, 2 * RTT + UPLOAD))
refused.sock.close()
idle = Connection(port)
idle.sock.settimeout(14)
begun = time.monotonic()
try:
    while idle.next() is not None:
        pass
    closed = time.monotonic() - begun
except socket.timeout:
    closed = None
check(closed is not None and 9 < closed < 12, "an HTTP/2 connection with no stream is closed after the 10 s idle timeout (%s)" % closed)
log = [e for e in stop(p) if e["event"] == "request"]
by_path = {e["path"]: e for e in log}
refusals = sorted(e["status"] for e in log if e["status"] in (414, 431))
check(len(log) == 11 and by_path["/img/1.jpg"]["status"] == 405 and refusals == [414, 431, 431],
      "one log line per stream and request, the POST's 405 and the heads' 414 and 431s among them (%d, %s)" % (len(log), refusals))
check(all(by_path["/img/%d.jpg" % i].get("http") == "2" for i in (4, 10, 11, 12)) and by_path["/nothing"].get("http") == "2"
      and by_path["/img/3.jpg"].get("http") == "1.1", "each request line says the version it came over")
span = max(by_path["/img/%d.jpg" % i]["end"] for i in (10, 11, 12)) - min(by_path["/img/%d.jpg" % i]["start"] for i in (10, 11, 12))
check(span <= least * 1.10 + 0.05, "three streams: the server took %.3f s, the profile says %.3f s" % (span, least))
for s, i in ((1, 10), (3, 11), (5, 12)):
    e = by_path["/img/%d.jpg" % i]
    check(e["status"] == 200 and e["bytes"] == sizes[s], "log: /img/%d.jpg 200 with its %d bytes" % (i, e["bytes"]))

# What URLSession on Linux asks for: libcurl 7.88 by default speaks HTTP/2 only over TLS (ALPN), so over
# cleartext the window's requests are HTTP/1.1, as curl's own without a flag.
p, first = serve("--http", "2")
trace = os.path.join(out, "http2-window.jsonl")
app = subprocess.run([binary, "--source", first["source"], "--disk-cache", "off", "--trace-out", trace, "--quit-after", "3"],
                     capture_output=True, text=True, timeout=90)
check(app.returncode == 0, "the window over --source ends with exit code 0")
r = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_version}", first["source"].replace("{asset}", "5")],
                   capture_output=True, text=True, timeout=20)
check(r.stdout == "1.1", "curl without a flag: HTTP/%s" % r.stdout)
log = [e for e in stop(p) if e["event"] == "request"]
check(len(log) > 1 and all(e.get("http") == "1.1" for e in log),
      "the window's requests (URLSession, libcurl) and curl's came over HTTP/1.1: %d lines, versions %s" % (len(log), sorted(set(e.get("http") for e in log))))

# Stream resets: a client that cancels its loads as a feed scrolls (the lab's, under 3G, up to 44 a second
# and 234 in 10 s) keeps its connection; a flood of resets (Rapid Reset) loses it: over 500 in 10 s.
p, first = serve("--http", "2")
port = first["port"]
c = Connection(port)


def reset_streams(first_stream, count):
    c.sock.sendall(b"".join(request(s, "/img/1.jpg", port) + frame(RST_STREAM, 0, s, struct.pack(">I", 8))
                            for s in range(first_stream, first_stream + 2 * count, 2)))


reset_streams(1, 400)
c.sock.sendall(request(801, "/img/2.jpg", port))
got, _ = c.responses([801])
check(got[801][0] == 200 and got[801][1] == os.path.getsize(os.path.join(assets, files[2])),
      "400 streams reset at once, then a request on the same connection: %s" % got[801])
reset_streams(803, 200)
goaway = None
c.sock.settimeout(5)
try:
    while goaway is None and (f := c.next()) is not None:
        if f[0] == GOAWAY:
            goaway = struct.unpack(">I", f[3][4:8])[0]
except socket.timeout:
    pass
check(goaway == 0xB, "600 resets within 10 s: the connection is ended with GOAWAY ENHANCE_YOUR_CALM (%s)" % goaway)


def closed_within(c, seconds):
    """True when the server closes the connection within `seconds` (frames before the end are read)."""
    c.sock.settimeout(seconds)
    try:
        while c.next() is not None:
            pass
        return True
    except socket.timeout:
        return False


check(closed_within(c, 1.0), "then the connection is closed at once, not at the idle close 10 s later")
c.sock.close()

# A header list over the 16 KiB the server announced: GOAWAY and the connection closed at once; the next
# connection is served.


def integer(value, prefix_bits, first=0):
    """An HPACK integer (RFC 7541 §5.1)."""
    top = (1 << prefix_bits) - 1
    if value < top:
        return bytes([first | value])
    out, value = [first | top], value - top
    while value >= 128:
        out.append(value % 128 + 128)
        value //= 128
    return bytes(out + [value])


# Two ways over: a 20 000-byte field, a header block larger than that list (HEADERS then CONTINUATION): GOAWAY
# PROTOCOL_ERROR; a 4 000-byte field added to the HPACK table and named four times more, a 4 KB block that
# decodes to 20 KB: GOAWAY COMPRESSION_ERROR.
field = b"\x00" + integer(5, 7) + b"x-big" + integer(20000, 7) + b"a" * 20000
indexed = b"\x40" + integer(5, 7) + b"x-big" + integer(4000, 7) + b"a" * 4000 + bytes([0x80 | 62]) * 4
for extra, code, what in ((field, 0x1, "a 20 000-byte field"), (indexed, 0x9, "a 4 000-byte field five times by its index")):
    c = Connection(port)
    block = request(1, "/img/1.jpg", port)[9:] + extra
    c.sock.sendall(frame(HEADERS, END_STREAM, 1, block[:16000]) + frame(9, END_HEADERS, 1, block[16000:]))
    start, goaway = time.monotonic(), None
    c.sock.settimeout(3)
    try:
        while (f := c.next()) is not None:
            if f[0] == GOAWAY and goaway is None:
                goaway = struct.unpack(">I", f[3][4:8])[0]
    except socket.timeout:
        pass
    took = time.monotonic() - start
    check(goaway == code and took < 1.0, "%s: GOAWAY %s (%s), the connection closed after %.2f s" % (what, code, goaway, took))
    c.sock.close()
c = Connection(port)
c.sock.sendall(request(1, "/img/2.jpg", port))
got, _ = c.responses([1])
check(got[1][0] == 200, "a new connection beside it is served: %s" % got[1][:2])
c.sock.close()
stop(p)

# A request whose stream the client never ends (no END_STREAM) is answered whole, then its stream is reset:
# it held its connection open for ever before (the idle close waits for no open stream), and enough such
# connections filled the cap, every later client getting 503.
p, first = serve("--http", "2")
port = first["port"]
c = Connection(port)
held = request(1, "/img/3.jpg", port)
c.sock.sendall(held[:4] + bytes([END_HEADERS]) + held[5:])   # the HEADERS frame without END_STREAM
got, _ = c.responses([1])
reset = None
c.sock.settimeout(3)
try:
    while reset is None and (f := c.next()) is not None:
        if f[0] == RST_STREAM and f[2] == 1:
            reset = struct.unpack(">I", f[3])[0]
except socket.timeout:
    pass
check(got[1][0] == 200 and got[1][1] == os.path.getsize(os.path.join(assets, files[3])) and reset is not None,
      "a request stream never ended by its client: answered whole (%s), then reset (%s)" % (got[1][:2], reset))
c.sock.close()
stop(p)

# 3. Bad --http; the preface without --http 2.
r = subprocess.run([binary, "serve", "--http", "3"], capture_output=True, text=True, timeout=10)
check(r.returncode == 64 and "--http must be 1.1 or 2" in r.stderr, "--http 3: exit 64 naming --http")
p, first = serve()
with socket.create_connection(("127.0.0.1", first["port"]), timeout=5) as s:
    s.sendall(PREFACE)
    answer = s.recv(64)
check(answer.startswith(b"HTTP/1.1 505"), "the HTTP/2 preface to serve without --http 2: %r" % answer[:12])
stop(p)
print("serve --http 2: three streams on one connection share the 3G link, 404, HEAD, HTTP/1.1 beside, curl, "
      "URLSession over HTTP/1.1, idle close, stream resets, bad --http")
