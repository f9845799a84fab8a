"""Measures `scrolllab serve` for docs/reliability.md (not a test: it prints figures).

Usage: python3 Tests/Window/measure_serve.py path/to/scrolllab [requests]

1. Memory over many requests: REQUESTS (default 100 000) on 8 kept-alive connections, three in four an
   image, one a 404; resident size after the first 5 000 and at the end, the peak (VmHWM), the rate.
2. Under load: every core busy with another process, 32 clients opening a connection per request for
   20 s: requests answered, and requests that got no answer.
3. 1 000 idle connections and 200 clients sending a header line a second, with 32 clients as in 2 beside
   them for 15 s: answers, 503s, and whether serve is still running.
"""

import http.client
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time

binary = os.path.abspath(sys.argv[1])
total = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000


def serve():
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = json.loads(p.stdout.readline())["port"]
    threading.Thread(target=lambda: [None for _ in p.stdout], daemon=True).start()
    return p, port


def status_kb(pid, key):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])


def keep_alive(port, n):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for i in range(n):
        c.request("GET", "/img/%d.jpg" % (i % 72) if i % 4 else "/nothing")
        c.getresponse().read()
    c.close()


def clients(port, seconds, workers, counts):
    end = time.monotonic() + seconds
    def one():
        while time.monotonic() < end:
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                c.request("GET", "/img/%d.jpg" % (counts["answered"] % 72))
                r = c.getresponse()
                r.read()
                c.close()
                counts["503" if r.status == 503 else "answered"] += 1
            except Exception:
                counts["unanswered"] += 1
    ts = [threading.Thread(target=one) for _ in range(workers)]
    for t in ts: t.start()
    for t in ts: t.join()


def spin(stop):
    while not stop.is_set():
        pass


figures = {}
# 1.
p, port = serve()
keep_alive(port, 5000)
before = status_kb(p.pid, "VmRSS")
start = time.monotonic()
ts = [threading.Thread(target=keep_alive, args=(port, (total - 5000) // 8)) for _ in range(8)]
for t in ts: t.start()
for t in ts: t.join()
took = time.monotonic() - start
figures["requests"] = total
figures["rssAfter5000kB"] = before
figures["rssAtEndkB"] = status_kb(p.pid, "VmRSS")
figures["peakRsskB"] = status_kb(p.pid, "VmHWM")
figures["requestsPerSecond"] = round((total - 5000) / took)

# 2.
stop = multiprocessing.Event()
hogs = [multiprocessing.Process(target=spin, args=(stop,)) for _ in range(os.cpu_count())]
for h in hogs: h.start()
counts = {"answered": 0, "503": 0, "unanswered": 0}
clients(port, 20, 32, counts)
stop.set()
for h in hogs: h.join()
figures["underLoad"] = dict(counts, seconds=20, clients=32, hogs=os.cpu_count())
p.send_signal(signal.SIGTERM)
p.wait()

# 3.
p, port = serve()
idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(1000)]
slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(200)]
for s in slow:
    s.sendall(b"GET /img/1.jpg HTTP/1.1\r\n")
stop_slow = threading.Event()
def drip():
    while not stop_slow.is_set():
        for s in slow:
            try:
                s.sendall(b"X-Slow: 1\r\n")
            except OSError:
                pass
        time.sleep(1)
threading.Thread(target=drip, daemon=True).start()
counts = {"answered": 0, "503": 0, "unanswered": 0}
clients(port, 15, 32, counts)
stop_slow.set()
figures["underAttack"] = dict(counts, idle=1000, slow=200, running=p.poll() is None, peakRsskB=status_kb(p.pid, "VmHWM"))
for s in idle + slow:
    s.close()
t0 = time.monotonic()
p.send_signal(signal.SIGINT)
p.wait()
figures["stopSeconds"] = round(time.monotonic() - t0, 3)
figures["exitCode"] = p.returncode
print(json.dumps(figures))
