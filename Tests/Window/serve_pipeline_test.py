"""`scrolllab serve` answers every request of a pipeline (B-SERVE-2): requests sent in one write, before any
answer, are each answered in order on the same connection and each logged.

1. 2, 3, 4, 6 and 10 GETs in one write (images and a 404 mixed, so the order shows in each body's length),
   5 HEADs, and 300 GETs (over 16 KiB, more than one read): one response per request, in order, at once
   (well within the 10 s idle timeout), and one log line each.
2. A pipeline sent a byte at a time, and one whose last request closes the connection: the same.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
assets = os.path.join(here, "..", "..", "Assets", "Images")
files = sorted(f for f in os.listdir(assets) if not f.startswith("."))
size = {i: os.path.getsize(os.path.join(assets, f)) for i, f in enumerate(files)}

p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
port = json.loads(p.stdout.readline())["port"]
lines = []
threading.Thread(target=lambda: lines.extend(p.stdout), daemon=True).start()


def read_responses(s, methods, timeout):
    """Reads up to len(methods) responses; returns [(status, body length)] and the seconds it took."""
    start = time.monotonic()
    s.settimeout(timeout)
    got = b""
    answers = []
    try:
        while len(answers) < len(methods):
            end = got.find(b"\r\n\r\n")
            if end < 0:
                chunk = s.recv(65536)
                if not chunk:
                    break
                got += chunk
                continue
            head = got[:end].decode("latin-1").split("\r\n")
            length = int(next(l.split(":", 1)[1] for l in head[1:] if l.lower().startswith("content-length:")))
            body = 0 if methods[len(answers)] == "HEAD" else length
            while len(got) < end + 4 + body:
                chunk = s.recv(65536)
                if not chunk:
                    break
                got += chunk
            if len(got) < end + 4 + body:
                break
            answers.append((int(head[0].split()[1]), length))
            got = got[end + 4 + body:]
    except socket.timeout:
        pass
    return answers, time.monotonic() - start


def pipeline(name, targets, method="GET", bytewise=False, last_closes=False):
    """Sends `targets` as one pipeline; checks each answer's status and length, in order."""
    requests = []
    for i, target in enumerate(targets):
        close = "Connection: close\r\n" if last_closes and i == len(targets) - 1 else ""
        requests.append("%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\n" % (method, target, close))
    data = "".join(requests).encode()
    logged = len(lines)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        if bytewise:
            for b in data:
                s.sendall(bytes([b]))
        else:
            s.sendall(data)
        answers, took = read_responses(s, [method] * len(targets), timeout=8)
    expected = []
    for target in targets:
        index = int(target.split("/")[-1].split(".")[0]) if target.startswith("/img/") else None
        expected.append((200, size[index]) if index is not None and index < len(files) else (404, None))
    check(len(answers) == len(targets), "%s: %d of %d requests answered" % (name, len(answers), len(targets)))
    wrong = [(i + 1, got, want) for i, (got, want) in enumerate(zip(answers, expected))
             if got[0] != want[0] or (want[1] is not None and got[1] != want[1])]
    check(not wrong, "%s: each answer is its request's, in order (wrong: %s)" % (name, wrong[:3]))
    check(took < 5, "%s: answered in %.2f s (not after an idle timeout)" % (name, took))
    deadline = time.monotonic() + 5
    while len(lines) - logged < len(targets) and time.monotonic() < deadline:
        time.sleep(0.02)
    log = [json.loads(l) for l in lines[logged:]]
    check(len(log) == len(targets), "%s: %d log lines for %d requests" % (name, len(log), len(targets)))
    check(sorted(e["path"] for e in log) == sorted(targets), "%s: each request logged with its path" % name)
    check([e["status"] for e in log] == [status for status, _ in expected], "%s: logged in order" % name)


def targets(n):
    # Images of different sizes, every fifth a 404.
    return ["/nothing/%d" % i if i % 5 == 4 else "/img/%d.jpg" % (i % len(files)) for i in range(n)]


for n in [2, 3, 4, 6, 10]:
    pipeline("%d GETs in one write" % n, targets(n))
pipeline("5 HEADs in one write", targets(5), method="HEAD")
pipeline("300 GETs in one write", targets(300))
pipeline("6 GETs a byte at a time", targets(6), bytewise=True)
pipeline("4 GETs, the last closing", targets(4), last_closes=True)

check(p.poll() is None, "serve is still running")
p.send_signal(signal.SIGTERM)
p.wait(timeout=5)
check(p.returncode == 0, "serve ends with exit code 0")
print("serve_pipeline_test: every pipelined request answered in order and logged")
