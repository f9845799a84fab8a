"""Outputs never clobber inputs (§7, issue 23): an output path that names an input or another output,
also through a link, is refused with exit code 64 before anything is written, and the files are as they
were. Headless: no display needed.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
work = os.path.join(out, "clobber")
os.makedirs(work, exist_ok=True)
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

# Distinct files still work.
reset()
ok = subprocess.run([binary, "--headless", "--quit-after", "0.5", "--replay", gesture, "--trace-out", trace],
                    capture_output=True, text=True, timeout=60)
check(ok.returncode == 0 and os.path.getsize(trace) > 0, "distinct input and output run (%s)" % ok.stderr.strip())
