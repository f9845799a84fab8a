"""`scrolllab serve` stops on SIGINT, SIGTERM and SIGHUP in every start mode (B-SERVE-2), and on SIGQUIT, SIGUSR1, SIGUSR2
and SIGALRM with its --tls certificate file removed, in the release
build as well as the given one: the release build once ignored every signal (its signal sources were
released by the optimiser).

Start modes: a shell job (`&`, then `kill`), `timeout`, a Python child with its output to a pipe, to
/dev/null, to a file or closed, `setsid`, a pipe into `cat`, and Ctrl-C on a terminal. Each must end
with exit code 0 within 1 s of the signal. The slowest stop is printed.

The release binary is `SCROLLLAB_RELEASE_BINARY` (set by `make test`), else `.build/release/scrolllab`
beside the given debug binary when it exists.
"""

import json
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, free_port

binary = os.path.abspath(sys.argv[1])
out = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
binaries = [binary]
release = os.environ.get("SCROLLLAB_RELEASE_BINARY") or os.path.join(os.path.dirname(binary), "..", "release", "scrolllab")
if os.path.exists(release) and os.path.realpath(release) != os.path.realpath(binary):
    binaries.append(os.path.realpath(release))
elif os.path.exists(release):
    print("note: %s is the release binary (`make test` builds only that)" % binary)
elif os.environ.get("SCROLLLAB_RELEASE_BINARY"):
    check(False, "the release binary %s exists" % release)
else:
    print("note: no release binary beside %s: only it is tested" % binary)
LIMIT = 1.0
slowest = 0.0


def wait_for_serving(path, timeout=10):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with open(path) as f:
                line = f.readline()
            if line.endswith("\n"):
                return json.loads(line)
        except (OSError, ValueError):
            pass
        time.sleep(0.02)
    check(False, "serve wrote its serving line to %s" % path)


def shell(b, sig, mode):
    """A shell runs serve in a start mode, signals it once it serves, and prints its exit code and the time."""
    log = os.path.join(out, "serve-signal.out")
    for path in (log, log + ".pid", log + ".rc"):
        if os.path.exists(path):
            os.unlink(path)
    start = {
        "job": '"$B" serve --port 0 >"$LOG" 2>&1 & pid=$!; echo $pid >"$LOG.pid"',
        "setsid": 'setsid "$B" serve --port 0 >"$LOG" 2>&1 & pid=$!; echo $pid >"$LOG.pid"',
        "pipe": """{ sh -c 'echo $$ >"$LOG.pid"; exec "$B" serve --port 0 2>&1'; echo $? >"$LOG.rc"; } | tee "$LOG" >/dev/null &""",
    }[mode]
    script = start + r'''
for i in $(seq 1 500); do [ -s "$LOG" ] && break; sleep 0.02; done
[ "$MODE" = pipe ] && pid=$(cat "$LOG.pid")
t0=$(date +%s.%N)
kill -$SIG $pid
wait $pid 2>/dev/null; rc=$?
# In the pipe serve is the child of the pipeline's first part, which writes its exit code when it ends.
if [ "$MODE" = pipe ]; then while [ ! -s "$LOG.rc" ]; do :; done; rc=$(cat "$LOG.rc"); fi
t1=$(date +%s.%N)
echo "$rc $(echo "$t1 - $t0" | bc)"
'''
    env = dict(os.environ, B=b, LOG=log, SIG=sig, MODE=mode)
    try:
        r = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        with open(log + ".pid") as f:
            os.kill(int(f.read()), signal.SIGKILL)
        return "still running 10 s later", 10.0
    rc, took = r.stdout.split()
    return int(rc), float(took)


def popen(b, sig, stdout):
    kwargs = {}
    log = os.path.join(out, "serve-signal-popen.out")
    if stdout == "file":
        handle = open(log, "w")
        kwargs["stdout"] = handle
    elif stdout == "pipe":
        kwargs["stdout"] = subprocess.PIPE
    elif stdout == "devnull":
        kwargs["stdout"] = subprocess.DEVNULL
    elif stdout == "closed":
        kwargs["preexec_fn"] = lambda: os.close(1)
    port = free_port()                          # a free port, to know when it listens without its output
    p = subprocess.Popen([b, "serve", "--port", str(port)], stderr=subprocess.DEVNULL, **kwargs)
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.02)
    t0 = time.monotonic()
    p.send_signal(getattr(signal, "SIG" + sig))
    try:
        rc = p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        rc = "still running 5 s later"
    took = time.monotonic() - t0
    if stdout == "file":
        handle.close()
    elif stdout == "pipe":
        p.stdout.close()
    return rc, took


def timeout_mode(b, sig):
    """`timeout -s SIG 1 scrolllab serve` must end when the signal comes, with serve's own exit code (serve
    is serving about 0.1 s after it starts, 0.17 s at load 9.5: the signal comes well after)."""
    t0 = time.monotonic()
    r = subprocess.run(["timeout", "--preserve-status", "-s", sig, "1", b, "serve", "--port", "0"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
    return r.returncode, time.monotonic() - t0 - 1


def terminal(b):
    """Ctrl-C typed on serve's terminal."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(b, [b, "serve", "--port", "0"])
    seen = b""
    end = time.monotonic() + 10
    while b"serving" not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            seen += os.read(fd, 4096)
    t0 = time.monotonic()
    os.write(fd, b"\x03")
    rc = None
    while time.monotonic() - t0 < 5:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            rc = os.waitstatus_to_exitcode(status)
            break
        try:
            if select.select([fd], [], [], 0.005)[0]:
                os.read(fd, 4096)
        except OSError:
            pass
    took = time.monotonic() - t0
    if rc is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        rc = "still running 5 s later"
    os.close(fd)
    return rc, took


for b in binaries:
    build = "release" if "/release/" in b else "given"
    for sig in ("INT", "TERM", "HUP"):
        runs = [("shell job", shell(b, sig, "job")), ("setsid", shell(b, sig, "setsid")), ("pipe", shell(b, sig, "pipe")),
                ("timeout", timeout_mode(b, sig))]
        runs += [("output to " + m, popen(b, sig, m)) for m in ("pipe", "devnull", "file", "closed")]
        for mode, (rc, took) in runs:
            slowest = max(slowest, took)
            check(rc == 0 and took < LIMIT, "%s build, %s, SIG%s: exit code %s after %.3f s" % (build, mode, sig, rc, took))
    rc, took = terminal(b)
    slowest = max(slowest, took)
    check(rc == 0 and took < LIMIT, "%s build, Ctrl-C on a terminal: exit code %s after %.3f s" % (build, rc, took))
# The other signals that would end it (Ctrl-\, a supervisor's or a timeout's): the same stop, exit 0, and a
# --tls server's certificate file removed (they killed it, exit 128 + n, and left the file).
for b in binaries:
    for sig in ("QUIT", "USR1", "USR2", "ALRM"):
        p = subprocess.Popen([b, "serve", "--port", "0", "--tls"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        certificate = json.loads(p.stdout.readline())["certificate"]
        exists = os.path.exists(certificate)
        t0 = time.monotonic()
        p.send_signal(getattr(signal, "SIG" + sig))
        try:
            rc = p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = "still running 5 s later"
        check(exists and rc == 0 and not os.path.exists(certificate),
              "SIG%s: exit code %s after %.3f s, the certificate file removed" % (sig, rc, time.monotonic() - t0))
print("serve stops on SIGINT, SIGTERM and SIGHUP in 9 start modes (%s): slowest %.3f s"
      % (" and ".join("release" if "/release/" in b else "given" for b in binaries), slowest))
