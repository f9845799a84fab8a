"""The real window under Xvfb, driven by the real X pointer (xdotool):

- a fling at a known constant speed gives willBeginDragging … didEndDecelerating, and the
  willEndDragging velocity is within 10% of the drag's true speed (content direction = −pointer);
- scrolling hundreds of items down and back up (flings and wheel) keeps viewsCreated at 6;
- key presses are logged as settings; F12 writes a screenshot; Esc closes the window and the
  trace ends with the summary line (frame timings included).
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import (check, check_release_velocity, closing, drag, open_window, png_size, quit_app, read_trace,
                       steady_fling, xdotool)

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "fling.jsonl")
workdir = os.path.join(out, "fling-cwd")
os.makedirs(workdir, exist_ok=True)

# The least-squares estimator, as in stall_test: the default iOS one weighs the last two gaps, where the X
# server's whole-millisecond event times on 8 ms gaps are already ±6% apart from the pointer's real pace.
app = subprocess.Popen([binary, "--trace-out", trace_path, "--trace-did-scroll", "--trace-pointer", "--estimator", "lsq"] + sys.argv[3:], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, origin = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    px = viewport["x"] + viewport["w"] // 2          # pointer x: middle of the phone
    bottom = viewport["y"] + viewport["h"] - 40      # start low in the phone, drag up

    # 1. A fling at a known steady speed (see steady_fling), screenshots during the motion.
    shot = os.path.join(out, "window.png")

    def screenshots():
        time.sleep(0.12)
        subprocess.run(["import", "-window", "root", "-crop", "960x600+%d+%d" % origin, shot], check=True)
        time.sleep(0.6)   # near the end of the motion: the target's ghost outline is inside the phone
        subprocess.run(["import", "-window", "root", "-crop", "960x600+%d+%d" % origin,
                        os.path.join(out, "window-late.png")], check=True)

    events, samples, true_speed, ended = steady_fling(binary, trace_path, origin, px, bottom, after_drag=screenshots)
    names = [e["event"] for e in events if e["event"] not in ("didScroll", "pointer")]
    expected = ["willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating", "didEndDecelerating"]
    check(names == expected, "delegate sequence %s" % names)
    with open(os.path.join(out, "drag-samples.json"), "w") as f:
        json.dump(samples, f)
    check_release_velocity(binary, events, samples, true_speed, ended, estimator="lsq")
    check(abs(ended["velocity"]["x"]) < 0.05, "no horizontal velocity")
    dend = next(e for e in events if e["event"] == "didEndDragging")
    check(dend["willDecelerate"] is True, "didEndDragging(willDecelerate: true)")

    # 2. Hundreds of items down, then back up: fast flings and wheel bursts.
    def fling(dy):
        start_y = bottom if dy < 0 else viewport["y"] + 70
        drag(origin, px, start_y, dy, 10, 0.006)
        time.sleep(0.3)

    for _ in range(3):
        fling(-30)
    xdotool("mousemove", origin[0] + px, origin[1] + viewport["y"] + 240)
    for _ in range(4):
        xdotool("click", "--repeat", "150", "--delay", "4", "5")
        time.sleep(0.3)
    time.sleep(0.5)
    deepest = max(e["offset"]["y"] for e in read_trace(trace_path) if "offset" in e)
    for _ in range(3):
        fling(30)
    xdotool("mousemove", origin[0] + px, origin[1] + viewport["y"] + 240)
    # Rapid same-direction flings carry momentum (B-DEC-3), and whether a drag keeps it depends on
    # xdotool's pace: the way down can go deeper than the flings up come back. The wheel covers
    # the rest with room to spare (it stops at the top).
    for _ in range(8):
        xdotool("click", "--repeat", "150", "--delay", "4", "4")
        time.sleep(0.3)
    time.sleep(3)
    trace = read_trace(trace_path)
    last_offset = [e["offset"]["y"] for e in trace if "offset" in e][-1]
    rows = deepest / 230.0
    check(rows * 2 >= 200, "scrolled down through %d items (offset %.0f)" % (rows * 2, deepest))
    check(last_offset <= 50, "scrolled back up to the top (offset %.0f)" % last_offset)

    # 3. Keys: D twice, T twice, 2 (Deferred policy), H (help), F12 (screenshot of the help), H, R, then Esc.
    for key in ["d", "d", "t", "t", "t", "2", "h", "F12", "h", "r"]:
        xdotool("key", key)
        time.sleep(0.15)
    time.sleep(0.3)
    quit_app(app)

trace = read_trace(trace_path)
settings = [(e["name"], e["value"]) for e in trace if e["event"] == "setting" and "t" in e and e["t"] > 0]
check(settings[:7] == [("rate", "fast"), ("rate", "normal"), ("slowMotion", 0.25), ("slowMotion", 0.1), ("slowMotion", 1),
                     ("policy", "deferred"),
                     ("reset", True)],
      "settings logged: %s" % settings)
check(all("t" in e for e in trace if e["event"] == "setting"), "settings carry a time (the viewport's too)")
summary = trace[-1]
check(summary["event"] == "summary", "last line is the summary")
check(summary["viewsCreated"] == 6, "viewsCreated == 6 after scrolling both ways")
print("all frames: work p50 %.2f ms, p99 %.2f ms, max %.2f ms; present p50 %.2f, p99 %.2f ms; interval p50 %.2f ms, p99 %.2f ms (%d frames)"
      % (summary["frameP50Ms"], summary["frameP99Ms"], summary["frameMaxMs"], summary["presentP50Ms"], summary["presentP99Ms"],
         summary["intervalP50Ms"], summary["intervalP99Ms"], summary["frames"]))
print("motion frames: work p50 %.2f ms, p99 %.2f ms, max %.2f ms; present p50 %.2f, p99 %.2f ms; interval p50 %.2f ms, p99 %.2f ms (%d frames)"
      % (summary["motionFrameP50Ms"], summary["motionFrameP99Ms"], summary["motionFrameMaxMs"], summary["motionPresentP50Ms"],
         summary["motionPresentP99Ms"], summary["motionIntervalP50Ms"], summary["motionIntervalP99Ms"], summary["motionFrames"]))
f12 = os.path.join(workdir, "screenshots")
shots = sorted(os.listdir(f12)) if os.path.isdir(f12) else []
check(len(shots) >= 1 and png_size(os.path.join(f12, shots[-1])) == (960, 600), "F12 saved a 960x600 PNG: %s" % shots)
check(png_size(shot) == (960, 600), "mid-fling screenshot saved to %s" % shot)
