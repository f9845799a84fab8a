"""A file-size limit (`ulimit -f`, RLIMIT_FSIZE) with SIGXFSZ at its default action, as a shell leaves it
(B-BATCH-1): every batch command that writes lines ends with exit 1, one `cannot write` line on standard
error, and its output cut back to whole lines (at most the limit) — no death by SIGXFSZ mid-line.

Covered: `sweep run` (into a file and `--out -`), `replay --headless` (held and `--stream`), `bench
--json`, `sweep merge`, `sweep report --json`, `soak`, `physics-compare`, `feed generate` (a file and
standard output), `gestures generate` and `gestures import` (nothing partial left).
"""

import os
import resource
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.abspath(os.path.join(here, "..", ".."))
work = os.path.join(out, "write-limit")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
gestures = os.path.join(repo, "Assets", "Gestures")


def run(name, args, limit, target, stdout_file=False):
    """Runs `args` under a `limit`-byte file-size limit (SIGXFSZ at its default: subprocess restores it),
    with standard output into `target` when `stdout_file`; checks the exit, the message and the file."""
    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    path = os.path.join(work, target)
    with open(path, "wb") if stdout_file else open(os.devnull, "wb") as stdout:
        r = subprocess.run([binary] + args, stdout=stdout, stderr=subprocess.PIPE, preexec_fn=limited, cwd=work, timeout=600)
    err = r.stderr.decode(errors="replace")
    check(r.returncode == 1, "%s: exit %d under a %d-byte limit (want 1; stderr %r)" % (name, r.returncode, limit, err[-300:]))
    check(err.count("cannot write") == 1 and "File too large" in err, "%s: one message: %r" % (name, err.strip()[-200:]))
    if not os.path.isfile(path):
        return   # a folder of files, checked by the caller
    with open(path, "rb") as f:
        data = f.read()
    check(len(data) <= limit and (data == b"" or data.endswith(b"\n")),
          "%s: the output ends on a whole line (%d bytes, limit %d)" % (name, len(data), limit))


subprocess.run([binary, "gestures", "generate", "--kind", "mixed", "--count", "6", "--seed", "5", "--out", os.path.join(work, "pop")],
               check=True, capture_output=True)
sweep = ["sweep", "--gestures", "pop", "--policies", "eager,deferred,target,adaptive", "--latency-ms", "80,250,1000"]
run("sweep run", sweep + ["--out", "capped.jsonl"], 20000, "capped.jsonl")
run("sweep --out -", sweep + ["--out", "-"], 20000, "stdout.jsonl", stdout_file=True)
long_browse = os.path.join(gestures, "long-browse.jsonl")
run("replay", ["replay", "--headless", "--did-scroll", long_browse], 20000, "replay.jsonl", stdout_file=True)
run("replay --stream", ["replay", "--headless", "--stream", "--did-scroll", long_browse], 20000, "stream.jsonl", stdout_file=True)
run("bench --json", ["bench", "--json", "--gestures", gestures], 10000, "bench.jsonl", stdout_file=True)
full = subprocess.run([binary] + sweep + ["--out", "full.jsonl"], cwd=work, capture_output=True)
check(full.returncode == 0, "a whole sweep for merge and report")
run("sweep merge", ["sweep", "merge", "full.jsonl", "--out", "merged.jsonl"], 20000, "merged.jsonl")
run("sweep report --json", ["sweep", "report", "--json", "--resamples", "50", "full.jsonl"], 1500, "report.jsonl", stdout_file=True)
run("soak", ["soak", "--headless", "--minutes", "1", "--gestures", gestures], 2000, "soak.jsonl", stdout_file=True)
run("physics-compare", ["physics-compare", os.path.join(gestures, "single-fling.jsonl")], 300, "physics.txt", stdout_file=True)
run("feed generate", ["feed", "generate", "--layout", "list", "--count", "5000", "--seed", "1", "--out", "feed.jsonl"], 20000, "feed.jsonl")
run("feed generate -", ["feed", "generate", "--layout", "list", "--count", "5000", "--seed", "1"], 20000, "feed-stdout.jsonl",
    stdout_file=True)
run("gestures generate", ["gestures", "generate", "--kind", "mixed", "--count", "3", "--seed", "5", "--out", "gen"], 2000, "gen")
check(os.listdir(os.path.join(work, "gen")) == [], "gestures generate: no partial file left: %s" % os.listdir(os.path.join(work, "gen")))


def ev(t, typ, code, value):
    return "[%13.6f] /dev/input/event3: %-12s %-20s %s" % (t, typ, code, value)


# One long touch: its gesture file passes the limit.
lines = [ev(5000, "EV_ABS", "ABS_MT_TRACKING_ID", "0000002a"), ev(5000, "EV_ABS", "ABS_MT_POSITION_X", "%08x" % 540),
         ev(5000, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % 1900), ev(5000, "EV_SYN", "SYN_REPORT", "00000000")]
for k in range(1, 400):
    lines += [ev(5000 + 0.008 * k, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % (1900 - 4 * k)), ev(5000 + 0.008 * k, "EV_SYN", "SYN_REPORT", "00000000")]
lines += [ev(5004, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ev(5004, "EV_SYN", "SYN_REPORT", "00000000")]
with open(os.path.join(work, "capture.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")
run("gestures import", ["gestures", "import", "capture.txt", "--max-x", "1079", "--max-y", "2399", "--out", "imported"], 8000, "imported")
check(not os.path.exists(os.path.join(work, "imported")), "gestures import: nothing partial left")
print("a file-size limit: every batch command ends with whole lines, one message, exit 1")
