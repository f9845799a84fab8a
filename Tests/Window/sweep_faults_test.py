"""Sweep outputs under faults (B-BATCH-1): never doubled, torn or unbounded.

- A second sweep on a locked output is refused naming the first's pid; SIGTERM/SIGHUP stop a sweep with
  every line whole and say so; the resumed file holds every result once.
- A factor value given twice runs once; an empty gesture file, a FIFO and `--gestures ""` are refused;
  `--out` inside the gestures folder is not read as a gesture.
- `/dev/full` fails at the first write; `report` and `merge` of `/dev/zero` stop at the line limit; a
  write that passes the file-size limit is cut back to whole lines.
- `merge` refuses two results for one id (naming both files) and a torn part (naming its line); a line
  that is not a result is refused; past `--memory` it merges through sorted runs on disk to the same file
  and the same refusals; `sweep repair` drops a line torn mid-file.
- `report` counts a repeated line once and compares only the sessions every configuration ran.
- A results file made from other inputs (a feed's images changed under its name, a gesture edited) is
  not resumed: refused with the first such result.
"""

import fcntl
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "sweep-faults")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args, code=0, timeout=120, **kwargs):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=timeout, cwd=work, **kwargs)
    check(r.returncode == code, "scrolllab %s: exit code %d (expected %d; %s)" % (" ".join(args[:4]), r.returncode, code, r.stderr.strip()[-300:]))
    return r


def lines_of(name):
    with open(os.path.join(work, name), "rb") as f:
        data = f.read()
    check(data == b"" or data.endswith(b"\n"), "%s ends on a whole line" % name)
    rows = [json.loads(l) for l in data.decode().splitlines()]
    return rows


def wait_for_bytes(path, size, process, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        if os.path.exists(path) and os.path.getsize(path) >= size:
            return True
        time.sleep(0.02)
    return False


run("gestures", "generate", "--kind", "mixed", "--count", "6", "--seed", "5", "--out", "pop")
sessions = 6

# Values given twice run once.
run("sweep", "--gestures", "pop", "--policies", "eager,eager", "--latency-ms", "80,80.0,8e1", "--cache-images", "12,012",
    "--refresh", "60,60.0", "--out", "dedup.jsonl")
rows = lines_of("dedup.jsonl")
check(len(rows) == sessions and len(set(r["id"] for r in rows)) == sessions, "one result per session for repeated values (%d)" % len(rows))

# The lock, a stop, and the resume: a sweep long enough (960 runs, about 60 of them done by the time the
# second sweep has been refused and the signal comes) that it is still running then (144 runs once ended first).
stop_sessions = 40
run("gestures", "generate", "--kind", "mixed", "--count", str(stop_sessions), "--seed", "5", "--out", "pop40")
factors = ["--gestures", "pop40", "--policies", "eager,deferred,target,adaptive", "--latency-ms", "80,250,1000",
           "--cache-images", "6,12", "--jobs", "1"]
target = os.path.join(work, "locked.jsonl")
first = subprocess.Popen([binary, "sweep", *factors, "--out", "locked.jsonl"], cwd=work, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
check(wait_for_bytes(target, 1, first), "the first sweep is writing")
r = run("sweep", *factors, "--out", "locked.jsonl", code=1)
check("pid %d" % first.pid in r.stderr and "another sweep" in r.stderr, "the second sweep names the first: %s" % r.stderr.strip())
first.send_signal(signal.SIGTERM)
_, err = first.communicate(timeout=30)
check(first.returncode == 128 + signal.SIGTERM, "SIGTERM stops the sweep: exit %d" % first.returncode)
check("stopped by SIGTERM" in err and "every line whole" in err, "and it says what it kept: %s" % err.strip()[-200:])
partial = lines_of("locked.jsonl")
total = stop_sessions * 24
check(0 < len(partial) < total, "stopped part way: %d of %d" % (len(partial), total))
hup = subprocess.Popen([binary, "sweep", *factors, "--out", "locked.jsonl"], cwd=work, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
wait_for_bytes(target, os.path.getsize(target) + 1, hup)
hup.send_signal(signal.SIGHUP)
_, err = hup.communicate(timeout=30)
check(hup.returncode == 128 + signal.SIGHUP and "stopped by SIGHUP" in err, "SIGHUP too: exit %d" % hup.returncode)
run("sweep", *factors, "--out", "locked.jsonl")
resumed = lines_of("locked.jsonl")
check(len(resumed) == total and len(set(r["id"] for r in resumed)) == total, "resumed: every result once (%d)" % len(resumed))

# Inputs refused, and the output inside the gestures folder.
os.makedirs(os.path.join(work, "odd"))
shutil.copy(os.path.join(work, "pop", "session-00000.jsonl"), os.path.join(work, "odd"))
open(os.path.join(work, "odd", "empty.jsonl"), "w").close()
r = run("sweep", "--gestures", "odd", "--policies", "eager", "--out", "odd.jsonl", code=1)
check("holds no pointer events" in r.stderr and not os.path.exists(os.path.join(work, "odd.jsonl")),
      "an empty gesture file is refused before anything is written: %s" % r.stderr.strip())
os.unlink(os.path.join(work, "odd", "empty.jsonl"))
os.mkfifo(os.path.join(work, "odd", "fifo.jsonl"))
r = run("sweep", "--gestures", "odd", "--policies", "eager", "--out", "odd.jsonl", code=2, timeout=30)
check("FIFO" in r.stderr, "a FIFO is refused, not read: %s" % r.stderr.strip())
os.unlink(os.path.join(work, "odd", "fifo.jsonl"))
run("sweep", "--gestures", "", "--policies", "eager", "--out", "x.jsonl", code=64)
run("sweep", "--gestures", "odd", "--policies", "eager", "--out", "odd/session-00000.jsonl", code=64)
run("sweep", "--gestures", "odd", "--policies", "eager", "--out", "odd/results.jsonl")
r = run("sweep", "--gestures", "odd", "--policies", "eager", "--out", "odd/results.jsonl")
check("0 result(s) written, 1 already" in r.stderr, "the output inside the gestures folder resumes: %s" % r.stderr.strip())

# Shards whose parts are written into the gestures folder split the gestures alone: run one after the
# other, each part holds its own sessions (the other parts, and an empty part a sweep holds locked, are
# not gestures), and the merge is the unsharded run's file, sorted.
shutil.copytree(os.path.join(work, "pop"), os.path.join(work, "shared"))
with open(os.path.join(work, "shared", "part-0.jsonl"), "w") as held:
    fcntl.lockf(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    for k in (1, 2, 3):
        r = run("sweep", "--gestures", "shared", "--policies", "eager,target", "--shard", "%d/3" % k, "--out", "shared/part-%d.jsonl" % k)
        check("of %d gestures (shard %d/3)" % (sessions, k) in r.stderr, "shard %d splits the %d gestures alone: %s" % (k, sessions, r.stderr.strip()))
        check(k == 1 or "results file(s) in the gestures folder left out" in r.stderr, "shard %d names what it left out: %s" % (k, r.stderr.strip()))
os.unlink(os.path.join(work, "shared", "part-0.jsonl"))
parts = [set(row["gesture"] for row in lines_of("shared/part-%d.jsonl" % k)) for k in (1, 2, 3)]
check(all(len(p) == 2 for p in parts) and len(parts[0] | parts[1] | parts[2]) == sessions,
      "the three parts hold two sessions each, all six between them: %r" % parts)
run("sweep", "merge", *["shared/part-%d.jsonl" % k for k in (1, 2, 3)], "--out", "shared-merged.jsonl")
run("sweep", "--gestures", "pop", "--policies", "eager,target", "--out", "unsharded.jsonl")
with open(os.path.join(work, "unsharded.jsonl")) as f:
    unsharded = "".join(sorted(f.readlines()))
with open(os.path.join(work, "shared-merged.jsonl")) as f:
    check(f.read() == unsharded, "the merged parts are the unsharded run, sorted")

# A file's lines all ran the oracle or none: a resume that adds --oracle is refused, and a report over parts
# run with and without it says its bound covers fewer sessions.
r = run("sweep", "--gestures", "pop", "--policies", "eager,target", "--oracle", "--out", "unsharded.jsonl", code=1)
check("holds results run without --oracle" in r.stderr, "a resume that adds --oracle is refused: %s" % r.stderr.strip())
run("sweep", "--gestures", "pop", "--policies", "eager,target", "--oracle", "--shard", "1/2", "--out", "oracle-1.jsonl")
run("sweep", "--gestures", "pop", "--policies", "eager,target", "--shard", "2/2", "--out", "oracle-2.jsonl")
r = run("sweep", "--gestures", "pop", "--policies", "eager,target", "--shard", "1/2", "--out", "oracle-1.jsonl", code=1)
check("holds results run with --oracle" in r.stderr, "a resume that drops --oracle is refused: %s" % r.stderr.strip())
run("sweep", "merge", "oracle-1.jsonl", "oracle-2.jsonl", "--out", "oracle-mixed.jsonl")
r = run("sweep", "report", "oracle-mixed.jsonl")
check("bound-oracle covers 3 of the 6 sessions compared" in r.stderr, "the report says the oracle covers half the sessions: %s" % r.stderr.strip())

# Unbounded inputs and outputs.
r = run("sweep", "--gestures", "pop", "--policies", "eager", "--out", "/dev/full", code=1, timeout=60)
check(r.stderr.strip() == 'scrolllab sweep: cannot write "/dev/full": No space left on device', "/dev/full: %s" % r.stderr.strip())
r = run("sweep", "merge", "dedup.jsonl", "--out", "/dev/full", code=1)
check(r.stderr.strip() == 'scrolllab sweep merge: cannot write "/dev/full": No space left on device', "merge to /dev/full: %s" % r.stderr.strip())
# A merge onto a results file a sweep holds (its write lock) is refused and leaves it whole (it emptied and
# rewrote it under the sweep once, and two merges onto one file tore a line).
shutil.copy(os.path.join(work, "dedup.jsonl"), os.path.join(work, "held.jsonl"))
with open(os.path.join(work, "held.jsonl"), "r+") as held:
    fcntl.lockf(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    r = run("sweep", "merge", "dedup.jsonl", "--out", "held.jsonl", code=1)
    with open(os.path.join(work, "dedup.jsonl")) as a, open(os.path.join(work, "held.jsonl")) as b:
        same = a.read() == b.read()
check("is being written by another sweep" in r.stderr and same, "merge onto a locked results file: refused, the file kept (%s)" % r.stderr.strip())
# A merge stopped while it writes empties its output and says so (a sorted part of a merge reads as a whole
# results file: `report` and a resumed sweep took it for one).
template = json.loads(open(os.path.join(work, "dedup.jsonl")).readline())
with open(os.path.join(work, "many.jsonl"), "w") as many:
    for k in range(200_000):
        template["gesture"] = "m-%06d" % k
        template["id"] = template["id"].rsplit("|", 1)[0] + "|" + template["gesture"]
        many.write(json.dumps(template, separators=(",", ":")) + "\n")
merge = subprocess.Popen([binary, "sweep", "merge", "many.jsonl", "--out", "merged.jsonl"], cwd=work,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
began = wait_for_bytes(os.path.join(work, "merged.jsonl"), 1_000_000, merge)
merge.send_signal(signal.SIGTERM)
_, err = merge.communicate(timeout=60)
check(began and merge.returncode == 128 + signal.SIGTERM and "emptied" in err and os.path.getsize(os.path.join(work, "merged.jsonl")) == 0,
      "a merge stopped part-way empties its output (began %s, exit %s, %r)" % (began, merge.returncode, err.strip()))
# Past --memory the held lines go, sorted, to runs on disk: the merge writes the same file, and refuses a
# conflict with a line already in a run with the message holding every line gives. 60 000 of those lines
# (58 MB) shuffled into three parts, a third of the first part repeated in the third.
rng = random.Random(5)
with open(os.path.join(work, "many.jsonl")) as f:
    many = f.read().splitlines()[:60_000]
rng.shuffle(many)
parts = [many[k::3] for k in range(3)]
parts[2] += rng.sample(parts[0], len(parts[0]) // 3)
rng.shuffle(parts[2])
changed = json.loads(parts[0][5])
changed["loadsIssued"] += 1
for name, lines in (("big-0", parts[0]), ("big-1", parts[1]), ("big-2", parts[2]),
                    ("big-2c", parts[2] + [json.dumps(changed, separators=(",", ":"))])):
    with open(os.path.join(work, name + ".jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
big = ["big-0.jsonl", "big-1.jsonl", "big-2.jsonl"]
held = run("sweep", "merge", *big, "--out", "big-held.jsonl")
runs = run("sweep", "merge", *big, "--memory", "4", "--out", "big-runs.jsonl")
with open(os.path.join(work, "big-held.jsonl"), "rb") as a, open(os.path.join(work, "big-runs.jsonl"), "rb") as b:
    held_bytes, runs_bytes = a.read(), b.read()
check(runs_bytes == held_bytes and held_bytes.decode().splitlines() == sorted(many) and "60000 result(s) from 3 file(s)" in runs.stderr,
      "--memory 4 merges through runs on disk to the same file, sorted: %s" % runs.stderr.strip())
conflict = [run("sweep", "merge", "big-0.jsonl", "big-1.jsonl", "big-2c.jsonl", *memory, "--out", "big-c.jsonl", code=1).stderr
            for memory in ([], ["--memory", "4"])]
check(conflict[0] == conflict[1] and '"big-0.jsonl" line 6 and "big-2c.jsonl" line %d' % (len(parts[2]) + 1) in conflict[1]
      and not os.path.exists(os.path.join(work, "big-c.jsonl")),
      "a conflict with a line in a run: the same refusal, nothing written (%s)" % conflict[1].strip())
nowhere = os.path.join(work, "no-such-folder")
r = run("sweep", "merge", *big, "--memory", "1", "--out", "big-never.jsonl", code=1, env=dict(os.environ, TMPDIR=nowhere))
check(r.stderr.strip() == "scrolllab sweep merge: cannot hold the merge's lines in a temporary file in \"%s\": No such file or directory; "
      "nothing written (--memory holds more lines in memory)" % nowhere and not os.path.exists(os.path.join(work, "big-never.jsonl")),
      "runs that cannot be written: refused, nothing written (%s)" % r.stderr.strip())
r = run("sweep", "merge", *big, "--memory", "0", "--out", "big-never.jsonl", code=64)
check("--memory must be between 1 and 1048576 MiB (got 0)" in r.stderr, "--memory 0 is refused: %s" % r.stderr.strip())
with open("/dev/full", "w") as full:
    r = subprocess.run([binary, "sweep", "report", "dedup.jsonl"], stdout=full, stderr=subprocess.PIPE, text=True, cwd=work, timeout=60)
check(r.returncode == 1 and "cannot write standard output" in r.stderr, "report to /dev/full: %s" % r.stderr.strip())
for command in (["report", "/dev/zero"], ["merge", "/dev/zero", "--out", "m.jsonl"]):
    r = run("sweep", *command, code=1, timeout=30)
    check("line 1 is longer than 65536 bytes" in r.stderr, "%s stops at the line limit: %s" % (command[0], r.stderr.strip()))


def limit_file_size():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))


r = run("sweep", "--gestures", "pop", "--policies", "eager,deferred", "--out", "capped.jsonl", code=1, preexec_fn=limit_file_size)
check("File too large" in r.stderr, "a write past the size limit fails: %s" % r.stderr.strip())
capped = lines_of("capped.jsonl")
check(0 < len(capped) < 12 and os.path.getsize(os.path.join(work, "capped.jsonl")) <= 6000,
      "and the file is cut back to %d whole lines" % len(capped))

# Merge: conflicts, torn parts, lines that are not results.
with open(os.path.join(work, "dedup.jsonl")) as f:
    good = f.read().splitlines()
def write(name, text):
    with open(os.path.join(work, name), "w") as f:
        f.write(text)
changed = json.loads(good[0])
changed["loadsIssued"] += 1
write("a.jsonl", "\n".join(good[:3]) + "\n")
write("b.jsonl", json.dumps(changed, separators=(",", ":")) + "\n" + "\n".join(good[3:]) + "\n")
r = run("sweep", "merge", "a.jsonl", "b.jsonl", "--out", "m.jsonl", code=1)
check(changed["id"] in r.stderr and '"a.jsonl" line 1' in r.stderr and '"b.jsonl" line 1' in r.stderr,
      "two results for one id: refused naming both: %s" % r.stderr.strip())
write("c.jsonl", "\n".join(good[3:]) + "\n")
run("sweep", "merge", "a.jsonl", "c.jsonl", "a.jsonl", "--out", "m.jsonl")
check(lines_of("m.jsonl") == [json.loads(l) for l in sorted(good)], "equal lines for one id merge once")
write("torn.jsonl", "\n".join(good[:3]) + "\n" + good[3][:100])
r = run("sweep", "merge", "a.jsonl", "torn.jsonl", "--out", "m.jsonl", code=1)
check('"torn.jsonl" line 4 is torn' in r.stderr, "a torn part is refused with its line: %s" % r.stderr.strip())
write("x.jsonl", '{"id":"x"}\n')
r = run("sweep", "merge", "x.jsonl", "--out", "m.jsonl", code=1)
check('line 1 is not a sweep result' in r.stderr, "{\"id\":\"x\"} is not a result: %s" % r.stderr.strip())

# A line torn mid-file: refused everywhere, until `sweep repair` drops it.
write("mid.jsonl", "\n".join(good[:2]) + "\n" + good[2][:120] + "\n" + "\n".join(good[3:]) + "\n")
r = run("sweep", "report", "mid.jsonl", code=1)
check("line 3 is not a sweep result" in r.stderr and "sweep repair" in r.stderr, "report names the torn line: %s" % r.stderr.strip())
run("sweep", "--gestures", "pop", "--policies", "eager", "--out", "mid.jsonl", code=1)
r = run("sweep", "repair", "mid.jsonl")
check("line 3 dropped" in r.stderr and "5 result(s) kept, 1 line(s) dropped" in r.stderr, "repair: %s" % r.stderr.strip())
run("sweep", "--gestures", "pop", "--policies", "eager", "--out", "mid.jsonl")
check(sorted(l["id"] for l in lines_of("mid.jsonl")) == sorted(json.loads(l)["id"] for l in good), "the resumed sweep redoes the dropped result")

# A result is resumed only from the inputs it was made from (its line's `inputs` digest): the same feed file
# with other images, or a gesture edited under its own name, is refused, never answered from old lines.
run("feed", "generate", "--layout", "masonry", "--count", "120", "--seed", "4", "--out", "feed.jsonl")
feed_sweep = ["sweep", "--gestures", "pop", "--policies", "eager", "--network", "lte", "--feed", "feed.jsonl", "--out", "feed-results.jsonl"]
run(*feed_sweep)
r = run(*feed_sweep)
check("0 result(s) written, %d already" % sessions in r.stderr, "the same inputs resume: %s" % r.stderr.strip())
with open(os.path.join(work, "feed.jsonl")) as f:
    feed_text = f.read()
write("feed.jsonl", re.sub(r'"bytes":[0-9]+', '"bytes":25000', feed_text))
r = run(*feed_sweep, code=1)
check("made from other inputs" in r.stderr and len(lines_of("feed-results.jsonl")) == sessions,
      "the feed's images changed under its name: refused, nothing added: %s" % r.stderr.strip()[-160:])
shutil.copytree(os.path.join(work, "pop"), os.path.join(work, "pop-edited"))
session = os.path.join(work, "pop-edited", "session-00000.jsonl")
with open(session) as f:
    events = f.read().splitlines()
events[-1] = re.sub(r'"x":(-?[0-9.]+)', lambda m: '"x":%s' % (float(m.group(1)) + 1), events[-1], count=1)
write(session, "\n".join(events) + "\n")
shutil.copy(os.path.join(work, "dedup.jsonl"), os.path.join(work, "edited.jsonl"))
r = run("sweep", "--gestures", "pop-edited", "--policies", "eager", "--out", "edited.jsonl", code=1)
check("made from other inputs" in r.stderr and "session-00000" in r.stderr,
      "a gesture edited under its name: refused, naming its result: %s" % r.stderr.strip()[-160:])

# Reports: each id once, over the sessions every configuration ran.
r1 = run("sweep", "report", "locked.jsonl", "--json", "--resamples", "50")
write("twice.jsonl", open(os.path.join(work, "locked.jsonl")).read() * 2)
r2 = run("sweep", "report", "twice.jsonl", "--json", "--resamples", "50")
check(r1.stdout == r2.stdout and "counted once" in r2.stderr, "a repeated line is counted once")
eager = [l for l in resumed if l["policy"] == "eager" and l["latencyMs"] == 80 and l["cacheImages"] == 12]
deferred = [l for l in resumed if l["policy"] == "deferred" and l["latencyMs"] == 80 and l["cacheImages"] == 12]
half = sorted(set(l["gesture"] for l in deferred))[:3]
write("half.jsonl", "".join(json.dumps(l, separators=(",", ":")) + "\n" for l in eager + [l for l in deferred if l["gesture"] in half]))
r = run("sweep", "report", "half.jsonl", "--json", "--resamples", "50")
rows = [json.loads(l) for l in r.stdout.splitlines() if not json.loads(l)["policy"].startswith("bound-")]
check(sorted(row["policy"] for row in rows) == ["deferred", "eager"] and all(row["sessions"] == 3 for row in rows),
      "a policy on half the sessions: both compared on those 3 (%s)" % [(row["policy"], row["sessions"]) for row in rows])
check("%d of %d session(s) left out" % (stop_sessions - 3, stop_sessions) in r.stderr, "and the report says what it left out: %s" % r.stderr.strip())
print("sweep outputs: locked, deduplicated, bounded, whole after stops and write errors, merged and reported only when valid")
