"""A scene switch during a touch (issue 23): press S while dragging the grid, release, then S S back to it.
The drag ends in the grid when the switch happens (its callbacks come before the switch's setting line),
nothing of it surfaces later, and every trace line's time is monotonic.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "scene-switch.jsonl")
app = subprocess.Popen([binary, "--trace-out", trace_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, (ox, oy) = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    x, y = ox + viewport["x"] + viewport["w"] // 2, oy + viewport["y"] + viewport["h"] - 60
    chain = ["mousemove", x, y, "sleep", "0.1", "mousedown", 1, "sleep", "0.05"]
    for k in range(1, 11):
        chain += ["mousemove", x, y - 8 * k, "sleep", "0.02"]
    xdotool(*chain)
    time.sleep(0.3)
    xdotool("key", "s")
    time.sleep(0.3)
    xdotool("mouseup", 1)
    time.sleep(0.3)
    for _ in range(2):
        xdotool("key", "s")
        time.sleep(0.4)
    time.sleep(0.5)
    quit_app(app)
lines = read_trace(trace_path)
times = [l["t"] for l in lines if "t" in l]
check(all(a <= b for a, b in zip(times, times[1:])), "trace times never go backwards")
timed = [l for l in lines if "t" in l]
names = [l.get("event") if l.get("event") != "setting" else "setting:" + l["name"] for l in timed]
first_switch = next(i for i, l in enumerate(timed) if l.get("name") == "scene" and l["t"] > 0)
check("willBeginDragging" in names[:first_switch] and "didEndDragging" in names[:first_switch],
      "the drag began and ended in the grid before the switch: %s" % names[:first_switch])
check("willEndDragging" not in names[first_switch:], "nothing of that drag surfaces after the switch: %s" % names[first_switch:])
