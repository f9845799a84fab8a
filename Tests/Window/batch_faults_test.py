"""Imports, videos and the soak under faults (B-BATCH-1).

- `gestures import` writes only files `replay` accepts: timestamps of ±1e308, a range of `inf` or
  `1e308`, a tiny density, a slot past 63 and time going back are refused with the line, leaving
  nothing; a capture with 64 fingers down at once is read; `/dev/zero` stops at the line limit;
  SIGTERM keeps the whole gesture files and removes the partial one.
- `replay --video`: paths reach ffmpeg as plain files (`take2:final.gif`, `-y.mp4`, `file:g.mp4`); an
  ffmpeg that writes 20 MB to its standard error does not hang the render; a failing ffmpeg and SIGTERM
  leave no partial video and no temporary files; a video onto a file another video is writing is refused.
- `soak`: SIGTERM stops it with whole lines; `bench --frames` and `bench --calibrate` stop on it too (the
  calibration's test images removed).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "batch-faults")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
tmp = os.path.join(work, "tmp")
os.makedirs(tmp)
env = dict(os.environ, TMPDIR=tmp)
gestures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures")


def run(*args, code=0, timeout=120, environment=None):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=timeout, cwd=work, env=environment or env)
    check(r.returncode == code, "scrolllab %s: exit code %d (expected %d; %s)" % (" ".join(args[:4]), r.returncode, code, r.stderr.strip()[-300:]))
    return r


def ev(t, typ, code, value):
    return "[%13.6f] /dev/input/event3: %-12s %-20s %s" % (t, typ, code, value)


def swipe(t0, slot=None):
    lines = [] if slot is None else [ev(t0, "EV_ABS", "ABS_MT_SLOT", "%08x" % slot)]
    lines += [ev(t0, "EV_ABS", "ABS_MT_TRACKING_ID", "0000002a"), ev(t0, "EV_ABS", "ABS_MT_POSITION_X", "%08x" % 540),
              ev(t0, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % 1900), ev(t0, "EV_SYN", "SYN_REPORT", "00000000")]
    for k in range(1, 12):
        lines += [ev(t0 + 0.008 * k, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % (1900 - 55 * k)), ev(t0 + 0.008 * k, "EV_SYN", "SYN_REPORT", "00000000")]
    lines += [ev(t0 + 0.1, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ev(t0 + 0.1, "EV_SYN", "SYN_REPORT", "00000000")]
    return lines


def write(name, lines):
    with open(os.path.join(work, name), "w") as f:
        f.write("\n".join(lines) + "\n")


panel = ["--max-x", "1079", "--max-y", "2399"]

# Imports: what is written replays; what would not is refused with its line, leaving nothing.
write("good.txt", swipe(5000) + swipe(5001))
run("gestures", "import", "good.txt", *panel, "--density", "2.625", "--out", "good")
for name in sorted(os.listdir(os.path.join(work, "good"))):
    r = run("replay", os.path.join("good", name), "--headless")
    check(json.loads(r.stdout.splitlines()[-1])["event"] == "end", "%s replays" % name)
# --session: the capture as one file, its touches at their own times (the second 1 s after the first).
r = run("gestures", "import", "good.txt", *panel, "--density", "2.625", "--session", "--out", "session")
check(os.listdir(os.path.join(work, "session")) == ["good.jsonl"] and "wrote 1 session of 2 touch(es)" in r.stdout,
      "--session writes one file: %s; %s" % (os.listdir(os.path.join(work, "session")), r.stdout.strip()))
events = [json.loads(l) for l in open(os.path.join(work, "session", "good.jsonl"))]
apart = [json.loads(l) for name in sorted(os.listdir(os.path.join(work, "good"))) for l in open(os.path.join(work, "good", name))]
check(events == apart and [e["t_ms"] for e in events if e["phase"] == "down"] == [0, 1000],
      "the session holds the touches' own events at their own times")
r = run("replay", os.path.join("session", "good.jsonl"), "--headless")
check(json.loads(r.stdout.splitlines()[-1])["event"] == "end", "the session replays")
write("huge-time.txt", swipe(5000) + swipe(1e308))
write("back.txt", swipe(5000) + swipe(4000))
write("slots.txt", swipe(5000, slot=0) + swipe(5001, slot=40000))
lines = swipe(5000)
lines[8] = ev(5000.004, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % 1700)   # stamped before the frame ahead of it
write("late.txt", lines)
for name, line, words in [("huge-time.txt", 29, "timestamp"), ("back.txt", 29, "time goes back"), ("slots.txt", 30, "slot 40000"),
                          ("late.txt", 9, "time goes back (0.004 s after 0.016 s")]:   # the line stamped back
    folder = "out-" + name
    r = run("gestures", "import", name, *panel, "--out", folder, code=1)
    check(("line %d:" % line) in r.stderr and words in r.stderr, "%s: refused at line %d: %s" % (name, line, r.stderr.strip()))
    check(not os.path.exists(os.path.join(work, folder)), "%s: nothing written" % name)
write("info-inf.txt", ["  ABS_MT_POSITION_X : value 0, min 0, max inf", "  ABS_MT_POSITION_Y : value 0, min 0, max 1e308"])
r = run("gestures", "import", "good.txt", "--info", "info-inf.txt", "--out", "inf", code=1)
check("gives no ABS_MT_POSITION_X and _Y ranges" in r.stderr, "an info file's infinite range is refused: %s" % r.stderr.strip())
run("gestures", "import", "good.txt", *panel, "--density", "1e-300", "--out", "tiny", code=64)
r = run("gestures", "import", "/dev/zero", *panel, "--out", "zero", code=1, timeout=30)
check("line 1: longer than 4096 bytes" in r.stderr, "/dev/zero stops at the line limit: %s" % r.stderr.strip())
# 64 fingers down at once, moving together for 400 frames: read (one gesture, its pinch), in a bounded state.
many = []
for s in range(64):
    many += [ev(6000, "EV_ABS", "ABS_MT_SLOT", "%08x" % s), ev(6000, "EV_ABS", "ABS_MT_TRACKING_ID", "%08x" % (100 + s)),
             ev(6000, "EV_ABS", "ABS_MT_POSITION_X", "%08x" % (10 + 15 * s)), ev(6000, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % 1000)]
many.append(ev(6000, "EV_SYN", "SYN_REPORT", "00000000"))
for k in range(1, 400):
    for s in range(64):
        many += [ev(6000 + 0.008 * k, "EV_ABS", "ABS_MT_SLOT", "%08x" % s), ev(6000 + 0.008 * k, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % (1000 + k))]
    many.append(ev(6000 + 0.008 * k, "EV_SYN", "SYN_REPORT", "00000000"))
write("many.txt", many)
run("gestures", "import", "many.txt", *panel, "--out", "many")
check(os.listdir(os.path.join(work, "many")) == ["many-000.jsonl"], "64 fingers: one gesture")
run("replay", "many/many-000.jsonl", "--headless")

# SIGTERM during an import from a FIFO: the whole gesture kept, the partial one removed.
fifo = os.path.join(work, "live.txt")
os.mkfifo(fifo)
p = subprocess.Popen([binary, "gestures", "import", "live.txt", *panel, "--out", "live"], cwd=work, env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with open(fifo, "w") as f:
    f.write("\n".join(swipe(7000) + swipe(7001)[:10]) + "\n")
    f.flush()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(os.listdir(os.path.join(work, "live")) if os.path.isdir(os.path.join(work, "live")) else []) < 2:
        time.sleep(0.02)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=20)
check(p.returncode == 128 + signal.SIGTERM, "SIGTERM stops the import: exit %d" % p.returncode)
check(os.listdir(os.path.join(work, "live")) == ["live-000.jsonl"] and "1 whole gesture file(s) kept" in err and "partial one removed" in err,
      "the whole gesture kept, the partial one removed: %s; %s" % (os.listdir(os.path.join(work, "live")), err.strip()))
run("replay", "live/live-000.jsonl", "--headless")
# The same stop during a session's import: its file cut back to the whole touch.
fifo = os.path.join(work, "live-session.txt")
os.mkfifo(fifo)
p = subprocess.Popen([binary, "gestures", "import", "live-session.txt", *panel, "--session", "--out", "live-session"], cwd=work, env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
kept = os.path.join(work, "live-session", "live-session.jsonl")
# The second touch goes on for 3000 frames: past the writer's 64 KiB buffer, so part of it reaches the file.
partial = swipe(7001)[:4] + [ev(7001 + 0.008 * k, typ, code, value) for k in range(1, 3000)
                             for typ, code, value in [("EV_ABS", "ABS_MT_POSITION_Y", "%08x" % (1900 - k % 500)), ("EV_SYN", "SYN_REPORT", "00000000")]]
with open(fifo, "w") as f:
    f.write("\n".join(swipe(7000) + partial) + "\n")
    f.flush()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (os.path.exists(kept) and os.path.getsize(kept) > 1 << 16):
        time.sleep(0.02)
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=20)
lines = open(kept).read().splitlines() if os.path.exists(kept) else []
check(p.returncode == 128 + signal.SIGTERM and "1 whole touch(es) kept" in err and len(lines) == 13
      and json.loads(lines[-1])["phase"] == "up", "a stopped session keeps its whole touch: %d lines; %s" % (len(lines), err.strip()))
run("replay", kept, "--headless")

# Video paths are plain files, checked against the inputs.
fling = os.path.join(gestures, "single-fling.jsonl")
shutil.copy(fling, os.path.join(work, "g.mp4"))
small = ["--policy", "eager", "--scale", "0.5", "--fps", "10"]
for name in ["take2:final.gif", "-y.mp4"]:
    r = run("replay", fling, "--video=" + name, *small)
    check(json.loads(r.stdout)["frames"] > 10 and os.path.getsize(os.path.join(work, name)) > 1000, "%s written as a plain file" % name)
before = open(os.path.join(work, "g.mp4"), "rb").read()
run("replay", "g.mp4", "--video", "file:g.mp4", *small)
check(open(os.path.join(work, "g.mp4"), "rb").read() == before and os.path.getsize(os.path.join(work, "file:g.mp4")) > 1000,
      "--video file:g.mp4 writes the file named so; the input g.mp4 is untouched")
run("replay", "g.mp4", "--video", "./g.mp4", *small, code=64)

# A video onto a file another video is writing (its write lock held here, as a running replay --video holds
# it) is refused, naming the holder, and leaves the file as it was; once the lock is gone it is made.
import fcntl
held = os.path.join(work, "held.mp4")
with open(held, "wb") as f:
    f.write(b"the first video's frames")
    f.flush()
    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    r = run("replay", fling, "--video", held, *small, code=1)
    check("is being written by another video (pid %d): refused, nothing written" % os.getpid() in r.stderr,
          "a second video onto a file being written is refused: %s" % r.stderr.strip())
    check(open(held, "rb").read() == b"the first video's frames", "the refused video leaves the file as it was")
r = run("replay", fling, "--video", held, *small)
check(os.path.getsize(held) > 1000, "with the lock gone the video is made")

# ffmpeg's standard error is drained; a failing ffmpeg leaves nothing.
fake = os.path.join(work, "fake")
os.makedirs(fake)
with open(os.path.join(fake, "ffmpeg"), "w") as f:
    f.write("#!/usr/bin/env python3\nimport os, sys\n"
            "sys.stderr.write('noise ' * 3500000 + '\\n'); sys.stderr.flush()\n"
            "n = len(sys.stdin.buffer.read())\n"
            "if os.environ.get('FAIL_AFTER'): open(sys.argv[-1], 'wb').write(b'half'); sys.stderr.write('encoder broke\\n'); sys.exit(1)\n"
            "open(sys.argv[-1], 'wb').write(b'%d bytes' % n)\n")
os.chmod(os.path.join(fake, "ffmpeg"), 0o755)
noisy = dict(env, PATH=fake + ":" + env["PATH"])
r = run("replay", fling, "--video", "noisy.mp4", *small, timeout=60, environment=noisy)
check(open(os.path.join(work, "noisy.mp4")).read().endswith(" bytes"), "an ffmpeg writing 20 MB to standard error finishes")
r = run("replay", fling, "--video", "broken.mp4", *small, code=1, timeout=60, environment=dict(noisy, FAIL_AFTER="1"))
check("encoder broke" in r.stderr and not os.path.exists(os.path.join(work, "broken.mp4")), "a failed encoding leaves no file: %s" % r.stderr.strip())

# SIGTERM during a render: ffmpeg ended, the partial video and the GIF's temporary files removed.
for name, sig in [("stopped.mp4", signal.SIGTERM), ("stopped.gif", signal.SIGINT)]:
    p = subprocess.Popen([binary, "replay", os.path.join(gestures, "long-browse.jsonl"), "--video", name, "--policy", "eager"],
                         cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (os.path.exists(os.path.join(work, name)) or os.listdir(tmp)):
        time.sleep(0.05)
    time.sleep(1)
    p.send_signal(sig)
    _, err = p.communicate(timeout=20)
    check(p.returncode == 128 + sig, "%s: the render stops: exit %d" % (name, p.returncode))
    check(not os.path.exists(os.path.join(work, name)) and os.listdir(tmp) == [] and "removed" in err,
          "%s: no partial video, no temporary files: %s" % (name, err.strip()[-160:]))

# Through a link: the partial video (the file the link names) removed, the user's link kept.
target = os.path.join(work, "target.mp4")
with open(target, "w") as f:
    f.write("an older file the link names\n")
link = os.path.join(work, "linked.mp4")
os.symlink(target, link)
p = subprocess.Popen([binary, "replay", os.path.join(gestures, "long-browse.jsonl"), "--video", link, "--policy", "eager"],
                     cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.monotonic() + 30
while time.monotonic() < deadline and os.path.getsize(target) < 1000:
    time.sleep(0.05)
p.send_signal(signal.SIGTERM)
_, err = p.communicate(timeout=20)
check(p.returncode == 128 + signal.SIGTERM and os.path.islink(link) and not os.path.exists(target),
      "a video through a link, stopped: the partial video removed, the link kept (%s)" % err.strip()[-160:])

# The soak stops with whole lines. Signalled once its first phase line is out (of eleven): a fixed wait
# raced it, since a day's soak replays in a few seconds.
p = subprocess.Popen([binary, "soak", "--minutes", "1440", "--headless", "--gestures", gestures], cwd=work, env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
first = p.stdout.readline()
p.send_signal(signal.SIGTERM)
stdout, err = p.communicate(timeout=20)
stdout = first + stdout
check(p.returncode == 128 + signal.SIGTERM and "stopped by SIGTERM" in err, "SIGTERM stops the soak: %s" % err.strip())
check(stdout == "" or (stdout.endswith("\n") and all(json.loads(l) for l in stdout.splitlines())), "its lines are whole")
# A sweep whose output nobody reads still stops: a FIFO without a reader (opened for writing, it waits
# for one), and standard output into a pipe never read (the write blocks; the stop waits for it a while).
population = os.path.join(work, "population")
run("gestures", "generate", "--kind", "mixed", "--count", "6", "--seed", "5", "--out", population)
fifo = os.path.join(work, "results.fifo")
os.mkfifo(fifo)
for name, target, stdout in [("a FIFO nobody opens", fifo, subprocess.DEVNULL), ("standard output nobody reads", "-", subprocess.PIPE)]:
    p = subprocess.Popen([binary, "sweep", "--gestures", population, "--policies", "all", "--latency-ms", "0,80,250", "--out", target],
                         cwd=os.path.join(gestures, "..", ".."), env=env, stdout=stdout, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    p.send_signal(signal.SIGTERM)
    begun = time.monotonic()
    try:
        p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    err = p.stderr.read()
    check(p.returncode == 128 + signal.SIGTERM and time.monotonic() - begun < 10,
          "sweep into %s: SIGTERM stops it (exit %d after %.1f s: %s)" % (name, p.returncode, time.monotonic() - begun, err.strip()[-200:]))
# `bench --frames` and `bench --calibrate` draw offscreen with SDL, whose own handlers would turn a stop into
# an event nobody reads (was: the run went to its end and exited 0): SIGTERM stops them at once, and the
# calibration's test images are removed.
assets = os.path.join(gestures, "..", "Images")
long_gesture = os.path.join(gestures, "long-browse.jsonl")
for name, args, said, kept in (
        ("bench --frames", ["bench", "--frames", "--frames-gesture", long_gesture, "--assets", assets], "bench --frames: stopped by SIGTERM: the bench was not finished", None),
        ("bench --calibrate", ["bench", "--calibrate"], "bench --calibrate: stopped by SIGTERM: no device file written (the test images removed)", "scrolllab-calibrate-")):
    p = subprocess.Popen([binary] + args, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.5)
    # The calibration is stopped once its test images are written (so their removal is what is checked).
    deadline = time.monotonic() + 30
    while kept and time.monotonic() < deadline and not [n for n in os.listdir(tmp) if n.startswith(kept) and os.listdir(os.path.join(tmp, n))]:
        time.sleep(0.01)
    p.send_signal(signal.SIGTERM)
    begun = time.monotonic()
    try:
        _, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    check(p.returncode == 128 + signal.SIGTERM and said in err and time.monotonic() - begun < 10,
          "%s: SIGTERM stops it (exit %s after %.1f s: %s)" % (name, p.returncode, time.monotonic() - begun, err.strip()[-200:]))
    if kept:
        check(not [n for n in os.listdir(tmp) if n.startswith(kept)], "%s: its test images are removed: %s" % (name, os.listdir(tmp)))
print("imports refused or replayable, plain video paths, ffmpeg drained, stops that leave only whole outputs")
