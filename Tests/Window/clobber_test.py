"""Outputs never clobber inputs (§7, issue 23): an output path that names an input or another output,
also through a link, is refused with exit code 64 before anything is written, and the files are as they
were. Headless: no display needed.
"""

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
work = os.path.join(out, "clobber")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
gesture = os.path.join(work, "a.jsonl")
with open(os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")) as f:
    original = f.read()


def reset():
    with open(gesture, "w") as f:
        f.write(original)


def refused(name, args, expect):
    reset()
    result = subprocess.run([binary, "--headless", "--quit-after", "0.5"] + args, capture_output=True, text=True, timeout=60)
    check(result.returncode == 64, "%s: exit code 64 (got %d: %s)" % (name, result.returncode, result.stderr.strip()))
    check(expect in result.stderr, "%s: says why (%s)" % (name, result.stderr.strip()))
    with open(gesture) as f:
        check(f.read() == original, "%s: the gesture file is untouched" % name)


link = os.path.join(work, "link.jsonl")
if os.path.lexists(link):
    os.remove(link)
os.symlink(gesture, link)
trace = os.path.join(work, "x.out")
refused("trace onto the replay", ["--replay", gesture, "--trace-out", gesture], "--trace-out")
refused("screenshot onto the replay through a link", ["--replay", gesture, "--screenshot", link], "--screenshot")
refused("trace and screenshot to one file", ["--trace-out", trace, "--screenshot", trace], "also --trace-out's output")
check(not os.path.exists(trace), "nothing was written to the shared output")

reset()
plot = subprocess.run([binary, "bench", "--gestures", work, "--plot", gesture], capture_output=True, text=True, timeout=120)
check(plot.returncode == 64 and "--plot" in plot.stderr, "bench --plot onto a gesture it reads is refused (%s)" % plot.stderr.strip())
with open(gesture) as f:
    check(f.read() == original, "bench: the gesture file is untouched")

# The other files a run reads: a --feed, a --device file; and feed html's own inputs and outputs.
feed = os.path.join(work, "feed.gif")
device = os.path.join(work, "device.gif")
subprocess.run([binary, "feed", "generate", "--layout", "masonry", "--count", "20", "--seed", "1", "--out", feed],
               capture_output=True, timeout=60, check=True)
with open(feed) as f:
    feed_text = f.read()
with open(device, "w") as f:
    f.write('{"name":"my-phone","decodeMsPerMegapixel":6.25,"downsampleMsPerMegapixel":0.4625,"uploadMsPerMegapixel":1.5,'
            '"completionMs":0.1,"frameMs":0,"memoryLimitBytes":1462763520}\n')
with open(device) as f:
    device_text = f.read()


def untouched(name, args, expect):
    result = subprocess.run([binary] + args, capture_output=True, text=True, timeout=120, cwd=root)
    check(result.returncode == 64 and expect in result.stderr, "%s: refused with 64 (got %d: %s)" % (name, result.returncode, result.stderr.strip()[-200:]))
    with open(feed) as f, open(device) as g:
        check(f.read() == feed_text and g.read() == device_text, "%s: the feed and the device file are untouched" % name)


reset()
untouched("replay --video onto its --feed", ["replay", gesture, "--feed", feed, "--video", feed], "is the file --feed reads")
untouched("replay --video onto its --device file", ["replay", gesture, "--device", device, "--video", device], "is the file --device reads")
untouched("the window's --trace-out onto its --feed", ["--headless", "--quit-after", "0.5", "--feed", feed, "--trace-out", feed],
          "is the file --feed reads")
untouched("the window's --screenshot onto its --device file", ["--headless", "--quit-after", "0.5", "--device", device, "--screenshot", device],
          "is the file --device reads")
untouched("bench --plot onto its --feed", ["bench", "--feed", feed, "--plot", feed], "is the file --feed reads")
untouched("sweep --out onto its --feed", ["sweep", "--gestures", work, "--policies", "eager", "--feed", feed, "--out", feed], "is the file --feed reads")
untouched("feed html --out onto its feed", ["feed", "html", feed, "--out", feed], "is the file FILE reads")
untouched("feed html --requests onto its feed", ["feed", "html", feed, "--out", os.path.join(work, "page.html"), "--gesture", gesture,
                                                "--requests", feed], "is the file FILE reads")
untouched("feed html --requests onto --out", ["feed", "html", feed, "--out", trace, "--gesture", gesture, "--requests", trace],
          "also --out's output")
with open(gesture) as f:
    check(f.read() == original, "feed html: the gesture file is untouched")
check(not os.path.exists(trace), "nothing was written to feed html's shared output")

# A --out that holds no results (a feed named by mistake) is refused without advice to repair it.
notes = os.path.join(work, "notes.txt")
with open(notes, "w") as f:
    f.write(feed_text)
r = subprocess.run([binary, "sweep", "--gestures", work, "--policies", "eager", "--out", notes], capture_output=True, text=True,
                   timeout=120, cwd=root)
with open(notes) as f:
    kept = f.read() == feed_text
check(r.returncode == 1 and "not a results file" in r.stderr and "repair" not in r.stderr and kept,
      "sweep --out onto a file of no results: exit 1, no repair offered, the file untouched (%d: %s)" % (r.returncode, r.stderr.strip()[-200:]))

# Distinct files still work.
reset()
ok = subprocess.run([binary, "--headless", "--quit-after", "0.5", "--replay", gesture, "--trace-out", trace],
                    capture_output=True, text=True, timeout=60)
check(ok.returncode == 0 and os.path.getsize(trace) > 0, "distinct input and output run (%s)" % ok.stderr.strip())
