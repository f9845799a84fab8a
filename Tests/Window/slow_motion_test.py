"""Slow motion slows the film, not the model (B-VID-2): at 0.25× (T) the window shows each model frame
for about four real frames, and every model frame lies on the refresh rate's grid (1/60 s apart in model
time), through a fling made in slow motion, as the headless replay steps.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, drag, open_window, quit_app, read_trace, wait_for_setting, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "slow-motion.jsonl")
app = subprocess.Popen([binary, "--trace-out", trace_path, "--trace-frames", "--refresh", "60"], cwd=out,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, origin = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    xdotool("key", "--window", window, "t")
    index, setting = wait_for_setting(trace_path, "slowMotion", 0, 5)
    check(setting is not None and setting["value"] == 0.25, "T: slow motion 0.25×")
    time.sleep(0.3)
    drag(origin, viewport["x"] + viewport["w"] // 2, viewport["y"] + viewport["h"] - 60, -10, 12, 0.012)
    time.sleep(1.5)
    quit_app(app)

lines = read_trace(trace_path)
frames = [l for l in lines[index + 1:] if l.get("event") == "frame"]
times = [f["t"] for f in frames]
check(len(frames) > 60, "%d frames drawn in slow motion" % len(frames))
t0 = times[0]
off_grid = [t for t in times if abs((t - t0) * 60 - round((t - t0) * 60)) > 1e-3]
check(not off_grid, "every model time shown is on the 60 Hz grid from %.6f (off: %s)" % (t0, off_grid[:3]))
distinct = len(set(times))
check(distinct * 2.5 < len(frames), "each model frame is shown for several real frames (%d model frames in %d drawn)" % (distinct, len(frames)))
steps = sorted(set(round((b - a) * 60, 3) for a, b in zip(times, times[1:]) if b != a))
check(steps and steps[0] == 1.0, "consecutive model frames are 1/60 s apart (steps in frames: %s)" % steps[:4])
moved = [f for f in frames if f["offset"]["y"] != frames[0]["offset"]["y"]]
check(len(moved) > 5, "the fling made in slow motion moves the content on the grid (%d frames moved)" % len(moved))
print("slow_motion: the model steps at the refresh rate in slow motion")
