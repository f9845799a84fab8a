"""A feed whose items are extreme but accepted (B-FEED-1): 1 pt wide and 10 000 pt tall, so a masonry tile
is 150 × 1 500 000 pt and a list cell 310 × 3 100 000 pt, with the bundled images on them. The window keeps
drawing frames at its pace through a fling, with bounded memory: only the visible part of such a tile's
image is copied. (SDL's software renderer stretched the whole tile into a temporary surface first: 4 to 19
frames in 8 s, frames of 0.7–10.8 s, 690–715 MB resident.)
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, read_trace, start

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gesture = os.path.join(root, "Assets", "Gestures", "single-fling.jsonl")
assets = os.path.join(root, "Assets", "Images")
os.makedirs(out, exist_ok=True)


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return 0
    return 0


for layout in ["masonry", "list"]:
    feed = os.path.join(out, "tall-items-%s.jsonl" % layout)
    with open(feed, "w") as f:
        f.write(json.dumps({"layout": layout}) + "\n")
        for i in range(200):
            f.write(json.dumps({"width": 1, "height": 10000, "image": "img-%03d.jpg" % (i % 72), "bytes": 48000,
                                "pixelWidth": 300, "pixelHeight": 440}) + "\n")
    checked = subprocess.run([binary, "feed", "check", feed], capture_output=True, text=True)
    check(checked.returncode == 0, "%s: the feed is accepted (%s)" % (layout, checked.stdout.strip() or checked.stderr.strip()))
    trace = os.path.join(out, "trace-tall-items-%s.jsonl" % layout)
    peak = 0
    with closing(start(binary, "--feed", feed, "--assets", assets, "--replay", gesture, "--quit-after", "6",
                       "--trace-out", trace)) as app:
        end = time.monotonic() + 60
        while app.poll() is None and time.monotonic() < end:
            peak = max(peak, rss_kb(app.pid))
            time.sleep(0.05)
        app.wait(timeout=10)
        check(app.returncode == 0, "%s: the window ends with exit code 0 (%s)" % (layout, app.stderr.read().strip()[:300]))
    summary = [e for e in read_trace(trace) if e.get("event") == "summary"]
    check(len(summary) == 1, "%s: the trace has its summary" % layout)
    s = summary[0]
    check(s["metrics"]["loadsCompleted"] > 0 and not s["metrics"]["failuresByReason"],
          "%s: the images load (%d, failures %s)" % (layout, s["metrics"]["loadsCompleted"], s["metrics"]["failuresByReason"]))
    # Bounds with room for a loaded machine: a normal feed draws about 350 frames here, the longest under 100 ms.
    check(s["frames"] >= 100, "%s: %d frames in 6 s (at least 100)" % (layout, s["frames"]))
    check(s["frameMaxMs"] < 400, "%s: longest frame %.0f ms (under 400)" % (layout, s["frameMaxMs"]))
    check(peak < 300 * 1024, "%s: peak resident memory %d MB (under 300)" % (layout, peak // 1024))
print("tall_items_test: items of 1 × 10 000 pt drawn at the window's pace in bounded memory")
