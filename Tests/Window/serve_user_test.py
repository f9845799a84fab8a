"""`scrolllab serve` as an ordinary user and beside a log reader that stops reading (B-SERVE-1/2).

- As an unprivileged user (run as root: `setpriv` to nobody, the binary and a few images copied where nobody
  may read them) the server answers 200 over HTTP/1.1 and over HTTP/2. (It once set `SO_DEBUG` on each
  accepted socket, meaning TCP_NODELAY: only root may, so for anyone else every connection was reset.)
- A pipe on standard output that nobody reads does not stop it answering: 1500 requests, each answered, with
  the log's reader stalled after the serving line (the log is written by a thread of its own).
- An empty --assets folder is served with a warning saying every request is 404.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary = os.path.abspath(sys.argv[1])
images = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Images")
work = tempfile.mkdtemp(prefix="scrolllab-serve-user-")
os.chmod(work, 0o755)


def get(port, http2=False):
    command = ["curl", "-s", "-m", "5", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:%d/img/3.jpg" % port]
    return subprocess.run(command[:1] + (["--http2-prior-knowledge"] if http2 else []) + command[1:],
                          capture_output=True, text=True).stdout


try:
    assets = os.path.join(work, "assets")
    os.mkdir(assets)
    for name in sorted(f for f in os.listdir(images) if not f.startswith("."))[:8]:
        shutil.copy(os.path.join(images, name), assets)
    # 1. An ordinary user.
    user = []
    if os.geteuid() == 0 and shutil.which("setpriv"):
        copy = os.path.join(work, "scrolllab")
        shutil.copy(binary, copy)
        for root, dirs, names in os.walk(work):
            for n in dirs + names:
                os.chmod(os.path.join(root, n), 0o755)
        binary_as_user, user = copy, ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    else:
        binary_as_user = binary
    for version in ["1.1", "2"]:
        p = subprocess.Popen(user + [binary_as_user, "serve", "--port", "0", "--assets", assets, "--http", version],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = json.loads(p.stdout.readline())
        code = get(first["port"], http2=version == "2")
        p.terminate()
        p.communicate(timeout=10)
        check(code == "200" and p.returncode == 0,
              "serve as %s over HTTP/%s answers 200 (%r), exit 0 on SIGTERM (%s)" % ("nobody" if user else "this user", version, code, p.returncode))

    # 2. A log reader that stopped reading: the pipe fills (64 KiB, a few hundred lines), the answers go on.
    read_end, write_end = os.pipe()
    p = subprocess.Popen([binary, "serve", "--port", "0", "--assets", assets], stdout=write_end, stderr=subprocess.DEVNULL)
    os.close(write_end)
    first = b""
    while not first.endswith(b"\n"):
        first += os.read(read_end, 1)
    port = json.loads(first)["port"]
    answered = 0
    for i in range(1500):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"GET /img/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            try:
                if s.recv(12).startswith(b"HTTP/1.1 200"):
                    answered += 1
            except socket.timeout:
                break
    started = time.monotonic()
    p.terminate()
    p.wait(timeout=10)
    os.close(read_end)
    check(answered == 1500, "with its log's reader stalled, serve answered %d of 1500 requests" % answered)
    check(p.returncode == 0 and time.monotonic() - started < 3,
          "and stops on SIGTERM (exit %s, %.2f s: the log's last lines get at most half a second)" % (p.returncode, time.monotonic() - started))

    # 3. An empty folder.
    empty = os.path.join(work, "empty")
    os.mkdir(empty)
    p = subprocess.Popen([binary, "serve", "--port", "0", "--assets", empty], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = json.loads(p.stdout.readline())
    p.terminate()
    _, err = p.communicate(timeout=10)
    check(first["assets"] == 0 and "holds no image files; every /img/N is 404" in err, "an empty --assets folder is said: %r" % err.strip())
finally:
    shutil.rmtree(work, ignore_errors=True)
print("serve_user_test: ok")
