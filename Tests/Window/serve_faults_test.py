"""`scrolllab serve` under attack (B-SERVE-2): it answers every request it accepts and never exits.

1. Long request lines (1 MiB, twice at once) are answered 414 at once, a huge head 431, while an image
   request beside them is answered in time; a malformed request line, a path that is not UTF-8 and a
   request with both Transfer-Encoding and Content-Length get 400, other methods 405 (HEAD is served).
2. A client that sends a header line a second gets 408 when the 10 s head timeout passes; one that
   connects and sends nothing is closed; neither holds the server.
3. Under a descriptor limit of 64 (a connection cap of 16), 100 idle connections: the server stays up,
   connections over the cap get 503 at once, and once the idle ones go an image is served again.
4. A port in use: exit 2 and "address in use" at once; `--port -1`: exit 64 naming --port.
5. `--assets`: a link out of the folder, a text file named .jpg and a FIFO named .jpg are refused
   (403, no blocking); a link to an image inside the folder is served.
6. Memory stays flat over 20 000 requests (resident size grows by less than 8 MB after the first 2 000).
7. A client that half-closes after its request (`shutdown(SHUT_WR)`, as `nc -N`) gets the whole answer,
   with and without a network profile; `--status 204` and `304` send no body and no Content-Length, so
   a keep-alive connection's next request is answered too.
8. A response holds a chunk of its file, not the file: eight clients that each read 1 MB of a 64 MB image and
   stop add less than 64 MB to the server's resident size (each read whole: 8 × 64 MB), and then get the
   rest, byte for byte.
9. A file replaced, or rewritten in place, while its body is on its way (`--network 3g`) cuts the response
   short of its Content-Length: no byte of the new file follows the old one's.
"""

import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
out = sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
assets = os.path.join(here, "..", "..", "Assets", "Images")
files = sorted(f for f in os.listdir(assets) if not f.startswith("."))


def serve(*args, limit=None):
    def preexec():
        if limit:
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    p = subprocess.Popen([binary, "serve", "--port", "0"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, preexec_fn=preexec)
    first = json.loads(p.stdout.readline())
    # The log is read as it comes, so a full pipe never holds the server.
    lines = []
    p.reader = threading.Thread(target=lambda: lines.extend(p.stdout), daemon=True)
    p.reader.start()
    return p, first["port"], lines


def stop(p):
    check(p.poll() is None, "serve is still running")
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=5)
    # The log read to its end: every line the server wrote is in the list once stop returns.
    p.reader.join(timeout=5)
    check(p.returncode == 0, "serve ends with exit code 0")


def raw(port, data, timeout=5.0):
    """Sends `data`, returns (status, seconds) of the response, or (None, seconds) if closed without one."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
        got = b""
        try:
            while b"\r\n" not in got:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    took = time.monotonic() - start
    if not got.startswith(b"HTTP/1.1 "):
        return None, took
    return int(got[9:12]), took


def get(port, path="/img/3.jpg", method="GET", timeout=10):
    request = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])


# 1. Limits and malformed requests.
p, port, log = serve()
long_line = b"GET /" + b"a" * (1 << 20) + b" HTTP/1.1\r\nHost: h\r\n\r\n"
results = {}
def attack(k):
    results[k] = raw(port, long_line)
threads = [threading.Thread(target=attack, args=(k,)) for k in range(2)]
for t in threads: t.start()
status, body = get(port)
for t in threads: t.join()
check(status == 200 and len(body) == os.path.getsize(os.path.join(assets, files[3])), "an image beside two 1 MiB request lines: 200")
for k in range(2):
    check(results[k][0] == 414 and results[k][1] < 1.0, "a 1 MiB request line: %s after %.3f s" % results[k])
status, took = raw(port, b"GET / HTTP/1.1\r\nHost: h\r\n" + b"X-Filler: " + b"v" * 100 + b"\r\n" * 1 + (b"X-A: b\r\n" * 5000) + b"\r\n")
check(status == 431 and took < 1.0, "5 000 header lines: %s after %.3f s" % (status, took))
for data, want, what in ((b"GARBAGE\r\n\r\n", 400, "a malformed request line"),
                         (b"GET /img/\xff\xfe.jpg HTTP/1.1\r\nHost: h\r\n\r\n", 404, "a path that is not UTF-8"),
                         (b"GET /img/1.jpg HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n", 400,
                          "Transfer-Encoding with Content-Length"),
                         (b"GET /img/1.jpg HTTP/3.0\r\nHost: h\r\n\r\n", 505, "HTTP/3.0"),
                         (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400, "a TLS hello")):
    status, _ = raw(port, data)
    check(status == want, "%s: answered %s" % (what, status))
for method in ("POST", "OPTIONS", "DELETE"):
    status, _ = get(port, method=method)
    check(status == 405, "%s: 405" % method)
status, body = get(port, method="HEAD")
check(status == 200 and body == b"", "HEAD: 200 without a body")

# 2. Slow and idle clients.
slow = socket.create_connection(("127.0.0.1", port))
idle = socket.create_connection(("127.0.0.1", port))
slow.sendall(b"GET /img/1.jpg HTTP/1.1\r\n")
start = time.monotonic()
answer = b""
slow.settimeout(1.0)
while time.monotonic() - start < 14:
    try:
        slow.sendall(b"X-Slow: 1\r\n")
        chunk = slow.recv(4096)
        if not chunk:
            break
        answer += chunk
        if b"\r\n" in answer:
            break
    except socket.timeout:
        continue
    except (BrokenPipeError, ConnectionResetError):
        break
took = time.monotonic() - start
check(answer.startswith(b"HTTP/1.1 408") and 9.5 < took < 11.5, "a header line a second: 408 after %.1f s" % took)
idle.settimeout(2)
try:
    check(idle.recv(10) == b"", "an idle connection is closed without an answer")
except socket.timeout:
    check(False, "an idle connection is closed by the head timeout")
slow.close()
idle.close()
status, _ = get(port)
check(status == 200, "still serving after the slow clients")
stop(p)
statuses = [json.loads(l)["status"] for l in log if l.strip()]
check(statuses.count(414) == 2 and 431 in statuses and 408 in statuses and 405 in statuses,
      "every answer is logged: %s" % sorted(set(statuses)))

# 3. Descriptors: a limit of 64 gives a cap of 16 connections.
p, port, log = serve(limit=64)
held = []
for _ in range(100):
    held.append(socket.create_connection(("127.0.0.1", port)))
time.sleep(0.5)
check(p.poll() is None, "100 idle connections under a descriptor limit of 64: serve is still running")
status, _ = get(port)
check(status == 503, "a request over the cap: 503 (got %s)" % status)
over = 0
for s in held:
    s.settimeout(0.05)
    try:
        if s.recv(12).startswith(b"HTTP/1.1 503"):
            over += 1
    except socket.timeout:
        pass
check(over == 100 - 16, "connections over the cap of 16 answered 503 at once: %d of %d" % (over, 100 - 16))
for s in held:
    s.close()
time.sleep(0.3)
status, _ = get(port)
check(status == 200, "the idle connections gone, an image is served (%s)" % status)
stop(p)

# 4. A port in use; a negative port.
p, port, _ = serve()
start = time.monotonic()
r = subprocess.run([binary, "serve", "--port", str(port)], capture_output=True, text=True, timeout=10)
took = time.monotonic() - start
check(r.returncode == 2 and "address in use" in r.stderr and took < 2, "port in use: exit %d after %.2f s: %s" % (r.returncode, took, r.stderr.strip()))
stop(p)
r = subprocess.run([binary, "serve", "--port", "-1"], capture_output=True, text=True, timeout=10)
check(r.returncode == 64 and "--port must be between 0 and 65535" in r.stderr, "--port -1: exit 64 naming --port")

# 5. Only regular image files inside --assets.
folder = os.path.join(out, "serve-assets")
shutil.rmtree(folder, ignore_errors=True)
os.makedirs(folder)
secret = os.path.join(out, "serve-secret.txt")
with open(secret, "w") as f:
    f.write("root:x:0:0\n")
shutil.copy(os.path.join(assets, files[0]), os.path.join(folder, "a-real.jpg"))
os.symlink(secret, os.path.join(folder, "b-link-out.jpg"))
os.symlink(os.path.join(folder, "a-real.jpg"), os.path.join(folder, "c-link-in.jpg"))
with open(os.path.join(folder, "d-text.jpg"), "w") as f:
    f.write("not an image\n")
os.mkfifo(os.path.join(folder, "e-fifo.jpg"))
os.symlink(os.path.join(here, "..", "..", "Assets", "Images", files[1]), os.path.join(folder, "f-link-out-image.jpg"))
p, port, _ = serve("--assets", folder)
got = [get(port, "/img/%d.jpg" % i, timeout=5) for i in range(6)]
check(got[0][0] == 200 and got[2][0] == 200 and got[2][1] == got[0][1], "an image and a link to it inside the folder: 200")
check(got[1][0] == 403 and b"root:" not in got[1][1], "a link out of the folder: 403, nothing of its target sent")
check(got[3][0] == 403 and got[4][0] == 403, "a text file and a FIFO named .jpg: 403 (%d, %d)" % (got[3][0], got[4][0]))
check(got[5][0] == 403, "a link to an image outside the folder: 403")
stop(p)

# 6. Flat memory over 20 000 requests on keep-alive connections.
import http.client
p, port, _ = serve()
def burst(n):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for i in range(n):
        c.request("GET", "/img/%d.jpg" % (i % len(files)) if i % 4 else "/nothing")
        c.getresponse().read()
    c.close()
def load(total, workers=4):
    ts = [threading.Thread(target=burst, args=(total // workers,)) for _ in range(workers)]
    for t in ts: t.start()
    for t in ts: t.join()
load(2000)
before = rss_kb(p.pid)
start = time.monotonic()
load(18000)
took = time.monotonic() - start
after = rss_kb(p.pid)
check(after - before < 8 * 1024, "resident memory %d kB after 2 000 requests, %d kB after 20 000" % (before, after))
stop(p)
# 7. Half-closed clients; statuses without content.
def half_closed(port, path):
    """The whole response to a GET whose client shut its writing side after sending it."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(("GET %s HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n" % path).encode())
        s.shutdown(socket.SHUT_WR)
        got = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return got
            got += chunk
image = os.path.join(assets, files[3])
for args in ([], ["--network", "lte"]):
    p, port, _ = serve(*args)
    got = half_closed(port, "/img/3.jpg")
    head, _, body = got.partition(b"\r\n\r\n")
    with open(image, "rb") as f:
        whole = f.read()
    check(head.startswith(b"HTTP/1.1 200") and body == whole,
          "half-closed after the request%s: %r, %d of %d body bytes" % (" (" + " ".join(args) + ")" if args else "", head[:15], len(body), len(whole)))
    stop(p)
for status in (204, 304):
    p, port, _ = serve("--status", str(status))
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    answers = []
    for _ in range(2):
        c.request("GET", "/img/3.jpg")
        r = c.getresponse()
        answers.append((r.status, r.getheader("Content-Length"), r.read()))
    c.close()
    check(answers == [(status, None, b"")] * 2, "--status %d: no body, no Content-Length, the next request answered on the same connection: %r" % (status, answers))
    stop(p)

# 8. A big image: each response reads its file a chunk at a time.
big = os.path.join(out, "serve-big")
shutil.rmtree(big, ignore_errors=True)
os.makedirs(big)
with open(os.path.join(assets, files[3]), "rb") as f:
    small = f.read()
# A JPEG's header followed by 64 MB (a sparse file: the header decides it is an image; nothing decodes it).
big_size = 64 << 20
with open(os.path.join(big, "big.jpg"), "wb") as f:
    f.write(small)
    f.truncate(big_size)
p, port, _ = serve("--assets", big)
before = rss_kb(p.pid)
readers = []
for _ in range(8):
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    s.sendall(b"GET /img/0.jpg HTTP/1.1\r\nHost: h\r\n\r\n")
    readers.append([s, b""])
for r in readers:
    while len(r[1]) < (1 << 20):
        r[1] += r[0].recv(65536)
time.sleep(1.0)
held = rss_kb(p.pid)
for r in readers:
    head, _, body = r[1].partition(b"\r\n\r\n")
    n = len(body)
    while n < big_size:
        chunk = r[0].recv(1 << 20)
        if not chunk:
            break
        if n < len(small):
            body += chunk
        n += len(chunk)
    r[0].close()
    r.append((head.split(b"\r\n")[0], n, body[:len(small)] == small))
check(held - before < 64 * 1024, "eight responses of a 64 MB image, each read 1 MB: resident %d → %d kB" % (before, held))
check(all(r[2] == (b"HTTP/1.1 200 OK", big_size, True) for r in readers),
      "then each read whole: %s" % sorted(set((r[2][0], r[2][1]) for r in readers)))
stop(p)

# 9. A file replaced (or rewritten) mid-body: the response is cut, not mixed.
for how in ("replaced", "rewritten"):
    folder = os.path.join(out, "serve-changing")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    path = os.path.join(folder, "a.jpg")
    original = small + b"\0" * (400_000 - len(small))     # 400 kB: about 4 s on 3G's 97.5 kB/s
    with open(path, "wb") as f:
        f.write(original)
    p, port, log = serve("--assets", folder, "--network", "3g")
    s = socket.create_connection(("127.0.0.1", port), timeout=20)
    s.sendall(b"GET /img/0.jpg HTTP/1.1\r\nHost: h\r\n\r\n")
    got = b""
    while len(got) < 50_000:
        got += s.recv(65536)
    if how == "replaced":
        with open(path + ".new", "wb") as f:
            f.write(small + b"\xff" * (400_000 - len(small)))
        os.rename(path + ".new", path)
    else:
        with open(path, "r+b") as f:
            f.seek(300_000)
            f.write(b"\xff" * 100_000)
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    s.close()
    head, _, body = got.partition(b"\r\n\r\n")
    check(head.startswith(b"HTTP/1.1 200") and b"Content-Length: 400000" in head and len(body) < 400_000 and body == original[:len(body)],
          "a file %s mid-body: %d of 400 000 bytes, none of the new file's (%r)" % (how, len(body), head[:80]))
    stop(p)
    lines = [json.loads(l) for l in log if l.strip()]
    check([(l["status"], l["bytes"] < 400_000) for l in lines] == [(200, True)], "its log line: %s" % lines)

print("serve: limits at once, malformed requests answered, slow and idle clients timed out, a cap under the "
      "descriptor limit, port in use, assets checked, memory flat (%d → %d kB; 18 000 requests in %.1f s)" % (before, after, took))
