"""Output files, bad input and streams from the command line (issue 16; no window needed, offscreen):

1. --trace-out writes through a symlink, a FIFO and a device (/dev/full) without replacing them;
   `-` is stdout; a full device is one line and exit code 1, and the trace ends with whole lines.
2/5. an assets folder with a 32768-px-wide PNG, a link to /dev/zero, a FIFO, a sparse 8 GB file, a
   WebP, a TIFF, a text file and a non-UTF-8 name: warnings and placeholders, no crash, no hang.
3/7. stdout on a full device or a closed pipe: replay, velocity, bench, soak exit 1 with one line;
   `--screenshot /dev/full` says it failed; a closed stderr does not crash.
4. a gesture stamped in Unix-epoch ms gives the same velocity in replay, velocity and --replay.
8. replay reads `-`, pipes and FIFOs, and with --stream prints events before its input ends;
   `velocity < /dev/zero` ends quickly with an error.
9. BOM in both commands, bad UTF-8 names its line, soak --minutes 0, --quit-after inf, --screenshot-after nan.
10. a gestures folder holding a FIFO, an empty file named *.jsonl or a name not in UTF-8: bench refuses it at once, as sweep does;
    `gestures import` refuses to write over the capture it reads; `feed generate` writes only feeds its
    parser takes; `--columns` on a one-column layout and `--items` with a feed are refused; a feed whose
    items share one image has a fewest-loads bound of one.
11. a drag that rests 48 ms before the lift, resampled to a 120 Hz touch rate (samples at one place through
    the rest): no fling, as without the resampling (B-VEL-1), under both estimators.
"""

import json
import os
import select
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zlib
import struct

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, fail

binary, out = sys.argv[1], sys.argv[2]
repo = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
gestures = os.path.join(repo, "Assets", "Gestures")
fling = os.path.join(gestures, "single-fling.jsonl")
work = tempfile.mkdtemp(prefix="files-", dir=out)
env = dict(os.environ, SDL_VIDEODRIVER="offscreen")


def run(args, timeout=120, **kwargs):
    kwargs.setdefault("capture_output", True)
    return subprocess.run([binary, *args], text=True, timeout=timeout, env=env, cwd=work, **kwargs)


def one_line(text):
    return len(text.strip().splitlines()) == 1


# 1. Trace output in place.
target = os.path.join(work, "target.jsonl")
open(target, "w").close()
link = os.path.join(work, "link.jsonl")
os.symlink(target, link)
r = run(["--headless", "--frames", "20", "--trace-out", link])
check(r.returncode == 0 and os.path.islink(link), "--trace-out through a symlink keeps the link")
with open(target) as f:
    lines = [json.loads(l) for l in f]
check(lines[0]["name"] == "viewport" and lines[-1]["event"] == "summary", "the link's target holds the trace")

fifo = os.path.join(work, "trace.fifo")
os.mkfifo(fifo)
reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE, text=True)
r = run(["--headless", "--frames", "20", "--trace-out", fifo])
fifo_text = reader.communicate(timeout=30)[0]
check(r.returncode == 0 and stat.S_ISFIFO(os.stat(fifo).st_mode), "--trace-out into a FIFO keeps the FIFO")
check(fifo_text.endswith("\n") and '"summary"' in fifo_text.splitlines()[-1], "the FIFO's reader gets the whole trace")

r = run(["--headless", "--frames", "20", "--trace-out", "-"])
check(r.returncode == 0 and '"event":"summary"' in r.stdout, "--trace-out - writes to stdout")

r = run(["--headless", "--frames", "20", "--trace-out", "/dev/full"])
check(r.returncode == 1 and stat.S_ISCHR(os.stat("/dev/full").st_mode), "--trace-out /dev/full: exit 1, /dev/full still a device")
check('cannot write "/dev/full": No space left on device' in r.stderr and one_line(r.stderr),
      "one line says so: %s" % r.stderr.strip())

# A trace on a file system that fills up ends with whole lines.
if shutil.which("mount") and os.geteuid() == 0:
    small = os.path.join(work, "small")
    os.makedirs(small)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", small], capture_output=True).returncode == 0:
        try:
            path = os.path.join(small, "trace.jsonl")
            r = run(["--headless", "--frames", "400", "--trace-out", path, "--trace-frames", "--trace-did-scroll"])
            with open(path, "rb") as f:
                data = f.read()
            check(r.returncode == 1 and "No space left on device" in r.stderr, "a full file system: exit 1 and one line")
            check(data.endswith(b"\n") and all(json.loads(l) for l in data.splitlines()),
                  "the cut trace ends with whole lines (%d bytes)" % len(data))
            # B-DISK-1: a disk cache that fills up turns off with one warning; every load still completes.
            os.remove(path)
            r = run(["replay", os.path.join(gestures, "rapid-flings.jsonl"), "--headless", "--network", "3g", "--disk-cache", os.path.join(small, "cache")])
            end = [json.loads(l) for l in r.stdout.splitlines() if '"event":"end"' in l]
            warned = [l for l in r.stderr.splitlines() if "disk cache" in l]
            check(r.returncode == 0 and len(warned) == 1 and "No space left on device" in warned[0] and "going on without" in warned[0]
                  and len(end) == 1 and end[0]["metrics"]["failedLoads"] == 0 and end[0]["metrics"]["loadsCompleted"] > 0,
                  "a disk cache on a full file system: one warning, no failed load (%s)" % r.stderr.strip()[-200:])
        finally:
            subprocess.run(["umount", small])
    else:
        print("skip: cannot mount a small tmpfs here")

# 2/5. Hostile assets.
assets = os.path.join(work, "assets")
os.makedirs(assets)
w = 32768
raw = b"\x00" + b"\x00\x00\xff" * w


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


with open(os.path.join(assets, "01-wide.png"), "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
os.symlink("/dev/zero", os.path.join(assets, "02-zero.png"))
os.mkfifo(os.path.join(assets, "03-fifo.png"))
with open(os.path.join(assets, "04-sparse.png"), "wb") as f:
    f.truncate(8 << 30)
subprocess.run(["convert", "-size", "300x440", "gradient:red-blue", os.path.join(assets, "05-ok.webp")], check=True)
subprocess.run(["convert", "-size", "300x440", "gradient:green-yellow", os.path.join(assets, "06-ok.tif")], check=True)
shutil.copy(os.path.join(repo, "Assets", "Images", sorted(os.listdir(os.path.join(repo, "Assets", "Images")))[0]),
            os.path.join(assets.encode(), b"07-caf\xe9.jpg"))
with open(os.path.join(assets, "08-notes.txt"), "w") as f:
    f.write("not an image\n")
for renderer in [["--software"], []]:
    started = time.monotonic()
    r = run(["--headless", *renderer, "--assets", assets, "--latency-ms", "0", "--frames", "90",
             "--replay", os.path.join(gestures, "slow-drag.jsonl"), "--trace-out", os.path.join(work, "assets.jsonl")], timeout=60)
    took = time.monotonic() - started
    label = renderer[0] if renderer else "default renderer"
    check(r.returncode == 0, "%s: hostile assets, no crash (%.1f s)" % (label, took))
    for name, reason in [("01-wide.png", "too large for the renderer (32768×1"), ("02-zero.png", "not a regular file"),
                         ("03-fifo.png", "not a regular file"), ("04-sparse.png", "not an image")]:
        check('%s": %s' % (name, reason) in r.stderr, "%s: %s warned (its name quoted)" % (label, name))
    check("skipped 1 file(s) without an image ending" in r.stderr and "08-notes.txt" in r.stderr,
          "%s: the text file is reported, not silently ignored" % label)
    check(not any(n in r.stderr for n in ["05-ok.webp", "06-ok.tif", "07-caf"]),
          "%s: the WebP, the TIFF and the non-UTF-8 name decode without a warning" % label)
summary = [json.loads(l) for l in open(os.path.join(work, "assets.jsonl"))][-1]
check(summary["event"] == "summary", "the window closed normally")

# 3/7. Output errors.
with open("/dev/full", "w") as full:
    for name, args, stdin in [("replay", ["replay", fling, "--headless"], None),
                              ("velocity", ["velocity"], open(fling)),
                              ("bench", ["bench", "--gestures", gestures], None),
                              ("soak", ["soak", "--minutes", "0.05", "--headless", "--gestures", gestures], None)]:
        r = run(args, stdout=full, stderr=subprocess.PIPE, stdin=stdin, capture_output=False)
        check(r.returncode == 1 and "No space left on device" in r.stderr and one_line(r.stderr),
              "%s > /dev/full: exit 1, %s" % (name, r.stderr.strip()))
    # Help is output too: lost help is a failure (the help command's, whichever command it shows).
    for args, prefix in [(["--help"], "scrolllab:"), (["help"], "scrolllab:"), (["replay", "--help"], "scrolllab:"),
                         (["help", "sweep", "run"], "scrolllab:")]:
        r = run(args, stdout=full, stderr=subprocess.PIPE, capture_output=False)
        check(r.returncode == 1 and r.stderr.startswith(prefix + " cannot write standard output: No space left on device")
              and one_line(r.stderr), "%s > /dev/full: exit 1, %s" % (" ".join(args), r.stderr.strip()))
r = run(["--headless", "--frames", "5", "--screenshot", "/dev/full"])
check(r.returncode == 1 and 'scrolllab: screenshot failed: cannot write "/dev/full": No space left on device' in r.stderr
      and "screenshot saved" not in r.stdout, "--screenshot /dev/full says it failed, exit 1")
for name, args in [("replay", ["replay", os.path.join(gestures, "long-browse.jsonl"), "--headless", "--did-scroll", "--stream"]),
                   ("bench", ["bench", "--gestures", gestures])]:
    p = subprocess.Popen([binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=work)
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=120)
    check(p.returncode == 1 and "Broken pipe" in err, "%s into a closed pipe: exit 1, %s" % (name, err.strip()))
r = subprocess.run("exec 2>&-; %s replay missing.jsonl --headless" % binary, shell=True, cwd=work)
check(r.returncode == 2, "replay of a missing file with stderr closed exits 2, the missing input's code (no trap)")

# 4. Epoch timestamps mean the same everywhere.
epoch = os.path.join(work, "epoch.jsonl")
with open(epoch, "w") as f:
    base = 1_700_000_000_000
    for i in range(7):
        f.write(json.dumps({"t_ms": base + 16 * i, "x": 100, "y": 400 - 30 * i, "phase": "down" if i == 0 else "move"}) + "\n")
    f.write(json.dumps({"t_ms": base + 100, "x": 100, "y": 220, "phase": "up"}) + "\n")
velocity = json.loads(run(["velocity"], stdin=open(epoch)).stdout)
replayed = [json.loads(l) for l in run(["replay", epoch, "--headless"]).stdout.splitlines()]
release = next(e for e in replayed if e["event"] == "willEndDragging")
check(abs(release["velocity"]["y"] + velocity["vy"] / 1000) < 1e-6 and abs(velocity["vy"] + 1875) < 1,
      "epoch ms: replay releases at %s pt/ms, velocity says %s pt/s" % (release["velocity"]["y"], velocity["vy"]))
window_trace = os.path.join(work, "epoch-window.jsonl")
run(["--headless", "--replay", epoch, "--quit-after", "3", "--trace-out", window_trace])
window_release = next(e for e in map(json.loads, open(window_trace)) if e.get("event") == "willEndDragging")
check(window_release["velocity"] == release["velocity"], "the window's --replay releases at the same velocity")
far = os.path.join(work, "far.jsonl")
with open(far, "w") as f:
    f.write('{"t_ms":1700000000000,"x":0,"y":0,"phase":"down"}\n{"t_ms":1,"x":0,"y":0,"phase":"up"}\n')
for args, stdin in [(["replay", far, "--headless"], None), (["velocity"], open(far))]:
    r = run(args, stdin=stdin)
    check(r.returncode == 1 and "line 2:" in r.stderr and "from the first sample" in r.stderr and one_line(r.stderr),
          "%s: an unrepresentable time is one error: %s" % (args[0], r.stderr.strip()))

# 8. Streams.
text = open(fling).read()
expected = run(["replay", fling, "--headless"]).stdout
check(run(["replay", "-", "--headless"], input=text).stdout == expected, "replay - reads stdin")
r = subprocess.run("%s replay <(cat %s) --headless" % (binary, fling), shell=True, executable="/bin/bash",
                   capture_output=True, text=True, cwd=work)
check(r.stdout == expected, "replay <(…) reads a pipe")
gesture_fifo = os.path.join(work, "gesture.fifo")
os.mkfifo(gesture_fifo)
p = subprocess.Popen([binary, "replay", gesture_fifo, "--headless", "--stream"], stdout=subprocess.PIPE, text=True, cwd=work)
with open(gesture_fifo, "w") as writer:
    writer.write(text)
    writer.write('{"t_ms":60000,"x":100,"y":100,"phase":"down"}\n')
    writer.flush()
    ready, _, _ = select.select([p.stdout], [], [], 20)
    check(bool(ready), "--stream prints the fling's events while the FIFO is still open")
    first = p.stdout.readline()
    check('"willBeginDragging"' in first, "the first streamed line: %s" % first.strip())
    writer.write('{"t_ms":60100,"x":100,"y":100,"phase":"up"}\n')
rest = p.communicate(timeout=60)[0]
check(p.returncode == 0 and '"event":"end"' in rest.splitlines()[-1], "the stream ends with the end line")
started = time.monotonic()
r = subprocess.run([binary, "velocity"], stdin=open("/dev/zero", "rb"), capture_output=True, text=True, timeout=30)
check(r.returncode == 1 and "longer than 4096 bytes" in r.stderr and time.monotonic() - started < 5,
      "velocity < /dev/zero: %s (%.2f s)" % (r.stderr.strip(), time.monotonic() - started))
# Lines of 4000 blanks: each one legal, the stream endless.
p = subprocess.Popen("yes \"$(head -c 4000 /dev/zero | tr '\\0' ' ')\" | %s velocity" % binary, shell=True,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
err = p.communicate(timeout=120)[1]
check(p.returncode == 1 and "larger than 64 MiB" in err, "an endless stream of blank lines is refused: %s" % err.strip())

# 9. Minor items.
bom = "\ufeff" + text
check(run(["replay", "-", "--headless"], input=bom).stdout == expected, "replay accepts a BOM")
check(run(["velocity"], input=bom).stdout == run(["velocity"], input=text).stdout, "velocity accepts a BOM")
bad = text.encode().replace(b"\n", b"\n\xff", 1)
r = subprocess.run([binary, "velocity"], input=bad, capture_output=True)
check(r.returncode == 1 and b"line 2: not valid UTF-8 text" in r.stderr, "bad UTF-8 names its line: %s" % r.stderr.decode().strip())
r = run(["soak", "--minutes", "0", "--headless"])
check(r.returncode != 0 and "more than 0 and at most 1440" in r.stderr, "soak --minutes 0: %s" % r.stderr.strip().splitlines()[-1])
for args in [["--quit-after", "inf"], ["--screenshot", "x.png", "--screenshot-after", "nan"], ["--quit-after", "nan"]]:
    r = run(["--headless", *args])
    check(r.returncode != 0 and "finite" in r.stderr, "%s rejected" % " ".join(args))

# 10. Inputs a team brings from its own files.
fifo_dir = os.path.join(work, "fifo-gestures")
os.makedirs(fifo_dir)
shutil.copy(fling, fifo_dir)
os.mkfifo(os.path.join(fifo_dir, "pipe.jsonl"))
r = run(["bench", "--gestures", fifo_dir, "--policies", "eager"], timeout=30)
check(r.returncode == 2 and "is a FIFO, not a gesture file" in r.stderr and one_line(r.stderr),
      "bench --gestures with a FIFO among the files: exit %d, %r" % (r.returncode, r.stderr.strip()))
empty_dir = os.path.join(work, "empty-gestures")
os.makedirs(empty_dir)
shutil.copy(fling, empty_dir)
open(os.path.join(empty_dir, "empty.jsonl"), "w").close()
r = run(["bench", "--gestures", empty_dir, "--policies", "eager"])
check(r.returncode == 1 and "holds no pointer events" in r.stderr and r.stdout == "",
      "bench with an empty gesture file: exit %d, %r, no table" % (r.returncode, r.stderr.strip()))
# A gesture file named in bytes that are not UTF-8: named and refused before anything runs (it was a
# "No such file or directory" for a file the folder lists).
latin_dir = os.path.join(work, "latin1-gestures")
os.makedirs(latin_dir)
shutil.copy(fling, latin_dir)
shutil.copy(fling, os.path.join(os.fsencode(latin_dir), b"caf\xe9.jsonl"))
for args in (["bench", "--gestures", latin_dir, "--policies", "eager"],
             ["sweep", "run", "--gestures", latin_dir, "--policies", "eager", "--out", os.path.join(work, "latin1.jsonl")]):
    r = run(args, timeout=60)
    check(r.returncode == 2 and "named in bytes that are not UTF-8 (rename it), not a gesture file" in r.stderr
          and one_line(r.stderr), "%s: a non-UTF-8 name: exit %d, %r" % (args[0], r.returncode, r.stderr.strip()))

# Names given on the command line in bytes that are not UTF-8 reach the program with U+FFFD in their place
# (a name no file has, or another file's): a gesture, a folder or an output so named is refused by name,
# exit 2, nothing written.
latin = os.fsencode(work)
latin_gestures = os.path.join(latin, b"d\xe9j\xe0")
os.makedirs(latin_gestures)
shutil.copy(fling, os.path.join(latin_gestures, b"single-fling.jsonl"))
latin_out = os.path.join(latin, b"r\xe9sultats.jsonl")
before = sorted(os.listdir(latin))
for args, named in ((["replay", "--headless", os.path.join(os.fsencode(latin_dir), b"caf\xe9.jsonl")], "cannot read"),
                    (["replay", "--headless", fling, "--assets", latin_gestures], "assets folder"),
                    (["bench", "--gestures", latin_gestures, "--policies", "eager"], "--gestures"),
                    (["sweep", "run", "--gestures", gestures, "--policies", "eager", "--out", latin_out], "--out"),
                    (["sweep", "run", "--gestures", latin_gestures, "--policies", "eager", "--out", "x.jsonl"], "--gestures")):
    r = run(args, timeout=60)
    check(r.returncode == 2 and named in r.stderr and "named in bytes that are not UTF-8 (rename it)" in r.stderr
          and one_line(r.stderr) and r.stdout == "" and sorted(os.listdir(latin)) == before,
          "%s %s named in bytes that are not UTF-8: exit %d, %r, nothing written"
          % (" ".join(a for a in args[:2] if isinstance(a, str)), named, r.returncode, r.stderr.strip()))

# A capture inside the folder it is imported to, named as the import's output: refused, the capture kept.
capture_lines = []
for k, y in enumerate(range(1800, 600, -60)):
    if k == 0:
        capture_lines += ["[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000001",
                          "[ 1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000200"]
    capture_lines += ["[ %.6f] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y %08x" % (1 + k * 0.008, y),
                      "[ %.6f] /dev/input/event2: EV_SYN SYN_REPORT 00000000" % (1 + k * 0.008)]
capture_lines += ["[ 1.200000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID ffffffff",
                  "[ 1.200000] /dev/input/event2: EV_SYN SYN_REPORT 00000000"]
capture_text = "\n".join(capture_lines) + "\n"
imports = os.path.join(work, "imports")
os.makedirs(imports)
info_text = ("add device 1: /dev/input/event2\n  events:\n"
             "    ABS (0003): 0035  : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0\n"
             "                0036  : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0\n")
capture = os.path.join(imports, "session.jsonl")   # --session writes BASE.jsonl: this very file
info = os.path.join(imports, "cap-000.jsonl")      # a touch of cap.txt is written as cap-000.jsonl
cap = os.path.join(imports, "cap.txt")
for path, text in ((capture, capture_text), (info, info_text), (cap, capture_text)):
    with open(path, "w") as f:
        f.write(text)
for args, kept_path, kept_text, name in (
        ([capture, "--session", "--max-x", "1079", "--max-y", "2399"], capture, capture_text, "CAPTURE"),
        ([cap, "--info", info], info, info_text, "--info")):
    r = run(["gestures", "import"] + args + ["--out", imports])
    with open(kept_path) as f:
        kept = f.read() == kept_text
    check(r.returncode == 64 and ("is the file %s reads" % name) in r.stderr and kept,
          "gestures import %s --out its folder: exit %d, %r, kept: %s" % (" ".join(os.path.basename(a) for a in args), r.returncode, r.stderr.strip(), kept))
# The plain `getevent -p` ranges (codes in hex) and the capture under another name import beside them.
info_ok = os.path.join(imports, "info.txt")
shutil.copy(info, info_ok)
r = run(["gestures", "import", cap, "--info", info_ok, "--out", imports])
check(r.returncode == 0 and os.path.exists(os.path.join(imports, "cap-000.jsonl")) and "clamped" not in r.stderr,
      "cap.txt --info (getevent -p, hex codes) imports there: %r" % (r.stdout.strip() or r.stderr.strip()))

# A capture stopped mid-line: its last value cut short is left out with a note, never read as 0.
torn_dir, whole_dir = os.path.join(work, "torn"), os.path.join(work, "whole")
cut = capture_text.index("[ %.6f] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y %08x" % (1 + 10 * 0.008, 1200))
for path, text in ((os.path.join(work, "torn.txt"), capture_text[:cut] + "[ 1.080000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 00000"),
                   (os.path.join(work, "whole.txt"), capture_text[:cut])):
    with open(path, "w") as f:
        f.write(text)
r = run(["gestures", "import", os.path.join(work, "torn.txt"), "--max-x", "1079", "--max-y", "2399", "--out", torn_dir])
w = run(["gestures", "import", os.path.join(work, "whole.txt"), "--max-x", "1079", "--max-y", "2399", "--out", whole_dir])
def imported(folder):
    return [open(os.path.join(folder, p)).read() for p in sorted(os.listdir(folder))] if os.path.isdir(folder) else None
check(r.returncode == 0 and w.returncode == 0 and "is cut short: left out" in r.stderr and imported(torn_dir) == imported(whole_dir) != [],
      "a torn last value is left out with a note: the capture reads as if it ended before it (%d, %r)" % (r.returncode, r.stderr.strip()[:120]))
# Stopped inside the code's name: left out the same way, the part cut named.
with open(os.path.join(work, "torn-code.txt"), "w") as f:
    f.write(capture_text[:cut] + "[ 1.080000] /dev/input/event2: EV_ABS ABS_MT_POSI")
r = run(["gestures", "import", os.path.join(work, "torn-code.txt"), "--max-x", "1079", "--max-y", "2399", "--out", os.path.join(work, "torn-code")])
check(r.returncode == 0 and "its event is cut short: left out" in r.stderr and imported(os.path.join(work, "torn-code")) == imported(whole_dir),
      "a last line cut inside its code's name is left out with a note (%d, %r)" % (r.returncode, r.stderr.strip()[:120]))
# --info listing a pen digitizer before the panel: the capture's lines name its device, whose ranges are used.
two = os.path.join(work, "two-devices.txt")
with open(two, "w") as f:
    f.write("add device 1: /dev/input/event5\n  name: \"pen\"\n  events:\n"
            "    ABS (0003): 0035  : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 0\n"
            "                0036  : value 0, min 0, max 40000, fuzz 0, flat 0, resolution 0\n" + info_text)
r = run(["gestures", "import", os.path.join(work, "whole.txt"), "--info", two, "--out", whole_dir + "-info"])
check(r.returncode == 0 and imported(whole_dir + "-info") == imported(whole_dir),
      "--info with a pen listed first: the capture's device (the panel) gives the ranges (%d, %r)" % (r.returncode, r.stderr.strip()[:160]))
# A refused capture into a folder an earlier import filled: the earlier files stay as they were (it once
# wrote over them, then removed them with its own).
before = imported(whole_dir)
os.makedirs(os.path.join(work, "again"))
bad = os.path.join(work, "again", "whole.txt")   # the same name: its first gesture is whole-000.jsonl too
with open(bad, "w") as f:
    f.write(capture_text + "[ 3.000000] /dev/input/event2: EV_ABS ABS_MT_SLOT 000000ff\n")
r = run(["gestures", "import", bad, "--max-x", "1079", "--max-y", "2399", "--out", whole_dir])
check(r.returncode == 1 and "slot 255" in r.stderr and imported(whole_dir) == before and before,
      "a refused import keeps an earlier import's files of the same names (%d, %r)" % (r.returncode, r.stderr.strip()[:120]))
for args in (["--pixels-wide", "1080"], ["--pixels-high", "2400"]):
    r = run(["gestures", "import", cap, "--max-x", "1079", "--max-y", "2399", "--out", torn_dir + "-px"] + args)
    check(r.returncode == 64 and "--pixels-wide and --pixels-high go together" in r.stderr, "%s alone: exit %d" % (args[0], r.returncode))

# feed generate: past a feed's limits is refused; a picture too big keeps its shape within them.
for args in (["--bytes", "200M"], ["--pixels", "500M"]):
    r = run(["feed", "generate", "--layout", "masonry", "--count", "3", "--seed", "2", "--out", "big.jsonl"] + args)
    check(r.returncode == 64 and args[0] in r.stderr, "feed generate %s: exit %d, %r" % (" ".join(args), r.returncode, r.stderr.strip()))
r = run(["feed", "generate", "--layout", "masonry", "--count", "20", "--seed", "2", "--pixels", "390M", "--out", "big.jsonl"])
check(r.returncode == 0, "feed generate --pixels 390M: exit %d" % r.returncode)
r = run(["feed", "check", "big.jsonl"])
check(r.returncode == 0, "and feed check takes it: %r" % (r.stdout.strip() or r.stderr.strip()))

# --columns lays out a masonry or a grid; --items with a feed would be ignored: both refused.
r = run(["feed", "generate", "--layout", "list", "--count", "30", "--seed", "1", "--out", "list.jsonl"])
check(r.returncode == 0, "a list feed")
for args in (["replay", fling, "--headless", "--feed", "list.jsonl", "--columns", "3"],
             ["replay", fling, "--headless", "--feed", "list.jsonl", "--layout", "carousels", "--columns", "3"],
             ["feed", "check", "list.jsonl", "--columns", "3"],
             ["feed", "generate", "--layout", "carousels", "--count", "3", "--seed", "1", "--columns", "3"],
             ["replay", fling, "--headless", "--feed", "list.jsonl", "--items", "10"]):
    r = run(args)
    option = "--items" if "--items" in args else "--columns"
    check(r.returncode == 64 and option in r.stderr, "%s: exit %d, %r" % (" ".join(args[:1] + args[2:]), r.returncode, r.stderr.strip()))
r = run(["replay", fling, "--headless", "--feed", "list.jsonl", "--layout", "masonry", "--columns", "3"])
check(r.returncode == 0, "--columns with --layout masonry over a list feed: honoured (exit %d)" % r.returncode)

# Every item names one image: it is loaded once at most, and the fewest loads possible is one.
with open(os.path.join(work, "one-image.jsonl"), "w") as f:
    f.write('{"layout":"masonry","columns":2}\n')
    for i in range(200):
        f.write(json.dumps({"width": 150, "height": 100 + i % 7 * 20, "image": "same.jpg", "bytes": 50000,
                            "pixelWidth": 600, "pixelHeight": 400}) + "\n")
r = run(["bench", "--gestures", gestures, "--feed", "one-image.jsonl", "--network", "3g", "--json"])
rows = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
bounds = [row for row in rows if row.get("policy") == "bound-min-loads"]
policies = [row for row in rows if not row.get("policy", "").startswith("bound-")]
check(r.returncode == 0 and bounds and all(row["loadsIssued"] == 1 for row in bounds),
      "one image for every item: bound-min-loads %s" % sorted({row.get("loadsIssued") for row in bounds}))
check(policies and all(row["loadsIssued"] >= 1 for row in policies), "and no policy loads fewer than it")

# 11. Still means not moving: the resampler's samples through a rest do not make a fling.
rest = os.path.join(work, "rest48.jsonl")
with open(rest, "w") as f:
    f.write(json.dumps({"t_ms": 0, "x": 160, "y": 400, "phase": "down"}) + "\n")
    for k in range(1, 11):
        f.write(json.dumps({"t_ms": 8 * k, "x": 160, "y": 400 - 8 * k, "phase": "move"}) + "\n")
    f.write(json.dumps({"t_ms": 128, "x": 160, "y": 320, "phase": "up"}) + "\n")
for estimator in ("lsq", "ios"):
    for extra in ([], ["--touch-hz", "120"]):
        r = run(["replay", rest, "--headless", "--estimator", estimator] + extra)
        lines = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
        ends = [l for l in lines if l.get("event") == "didEndDragging"]
        end = [l for l in lines if l.get("event") == "end"]
        check(r.returncode == 0 and len(ends) == 1 and ends[0].get("willDecelerate") is False
              and not any(l.get("event") == "willBeginDecelerating" for l in lines) and end and abs(end[0]["offset"]["y"] - 70) < 0.5,
              "a drag resting 48 ms before the lift, %s %s: no fling, offset %s" % (estimator, " ".join(extra) or "as recorded",
                                                                                 end[0]["offset"] if end else None))

