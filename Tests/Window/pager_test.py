"""The pager scene in the real window under Xvfb, driven by the X pointer (xdotool):

- a slow drag that starts on the left neighbour, outside the one-page frame (touch bridging),
  scrolls the pager in frame mode, and it comes to rest exactly on a page (a multiple of 220);
- P cycles the paging mode (logged as a setting), O toggles the frame outline, S cycles the scenes;
- F12 writes a screenshot; Esc closes the window and the trace ends with viewsCreated 5.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, png_size, read_trace, wait_for_event, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "pager.jsonl")
workdir = os.path.join(out, "pager-cwd")
os.makedirs(workdir, exist_ok=True)

app = subprocess.Popen([binary, "--scene", "pager", "--paging", "frame", "--trace-out", trace_path, "--trace-did-scroll"],
                       cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, (ox, oy) = open_window(app)
    lines = read_trace(trace_path)
    viewport = lines[0]["value"]
    setting = [l for l in lines if l.get("event") == "setting" and l.get("name") == "pager"]
    check(setting and setting[0]["value"] == {"pageWidth": 220, "frameWidth": 220, "mode": "frame"},
          "the trace names the pager geometry: page 220, frame 220, mode frame")

    # 1. Two drags on the current page bring the pager to page index 2; then a slow drag starts at
    #    phone x = 10, on the left neighbour, outside the frame (x 50…270), and moves right.
    def drag(x0, dx, steps=20, pause=0.15):
        x, y = ox + viewport["x"] + x0, oy + viewport["y"] + 260
        xdotool("mousemove", x, y)
        xdotool("mousedown", 1)
        for i in range(1, steps + 1):
            xdotool("mousemove", x + dx * i // steps, y)
            time.sleep(0.02)
        time.sleep(pause)
        xdotool("mouseup", 1)

    for _ in range(2):
        before = len(read_trace(trace_path))
        drag(250, -170)
        check(wait_for_event(trace_path, "didEndDecelerating", before, 10) is not None, "a drag on the page pages")
    before = len(read_trace(trace_path))
    drag(10, 150)
    end = wait_for_event(trace_path, "didEndDecelerating", before, 10)
    lines = read_trace(trace_path)
    began = [l for l in lines[before:] if l.get("event") == "willBeginDragging"]
    check(bool(began), "a drag starting on the left neighbour (outside the frame) begins dragging")
    check(end is not None, "the bridged drag comes to rest")
    x = lines[end]["offset"]["x"]
    check(abs(x - round(x / 220) * 220) < 1e-6 and x < began[0]["offset"]["x"],
          "it rests on a page to the left (offset %.3f)" % x)

    # 2. Keys: P cycles the paging modes, each logged (B-PAGE-5); O and S work without disturbing the trace.
    before = len(read_trace(trace_path))
    for key in ["p", "o", "F12", "o", "p", "p", "p", "s", "s", "s"]:
        xdotool("key", key)
        time.sleep(0.3)
    time.sleep(0.5)
    settings = [(l.get("name"), l.get("value")) for l in read_trace(trace_path)[before:] if l.get("event") == "setting"]
    modes = [value for name, value in settings if name == "paging"]
    check(modes == ["snap", "target", "none", "frame"], "P cycles frame → snap → target → none → frame, logged (got %s)" % modes)
    scenes = [value for name, value in settings if name == "scene"]
    check(scenes == ["photos", "grid", "pager"], "S goes on to the photos, the grid and back to the pager (got %s)" % scenes)
    shots = [f for f in os.listdir(os.path.join(workdir, "screenshots"))] if os.path.isdir(os.path.join(workdir, "screenshots")) else []
    check(len(shots) == 1 and png_size(os.path.join(workdir, "screenshots", shots[0])) == (960, 600),
          "F12 wrote a 960x600 screenshot")

    xdotool("key", "Escape")
    app.wait(timeout=10)
    last = read_trace(trace_path)[-1]
    check(last.get("viewsCreated") == 5, "the closing line says viewsCreated 5")
