"""The photos scene in the real window under Xvfb (B-ZOOM-1), driven by xdotool:

- the trace states the zoom limits first: {"event":"setting","name":"zoom","value":{"minimumZoomScale":…}};
- Ctrl + wheel up over the photo zooms it about the pointer: willBeginZooming, didZoom…, didEndZooming
  with a "scale" above the minimum, the pager never moves;
- F5 records a Ctrl + wheel pinch as `pinch` / `pinchEnd` lines, and `replay --headless --scene photos`
  plays it to the same didEndZooming scale;
- a double click on the zoomed photo zooms it out to its fitted scale, the next one in to the maximum at
  the point, and the next one out again;
- a drag on a zoomed photo is the photo's own scroll view's: its willBeginDragging … didEndDragging are
  in the trace marked "scrollView":"photo", at the photo's own offsets, and the pager does not move.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, start, wait_for_event, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "photos.jsonl")
workdir = os.path.join(out, "photos-cwd")
os.makedirs(workdir, exist_ok=True)
app = subprocess.Popen([binary, "--scene", "photos", "--trace-out", trace_path], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, (ox, oy) = open_window(app)
    lines = read_trace(trace_path)
    viewport = lines[0]["value"]
    zoom = [l for l in lines if l.get("event") == "setting" and l.get("name") == "zoom"]
    check(zoom and abs(zoom[0]["value"]["minimumZoomScale"] - 450 / 440) < 1e-6
          and abs(zoom[0]["value"]["maximumZoomScale"] - 3 * 450 / 440) < 1e-6,
          "the trace states the zoom limits: %s" % zoom)
    low, high = zoom[0]["value"]["minimumZoomScale"], zoom[0]["value"]["maximumZoomScale"]
    px, py = ox + viewport["x"], oy + viewport["y"]

    # 1. Ctrl + 5 wheel notches up about phone point (200, 250), recorded with F5.
    xdotool("mousemove", px + 200, py + 250)
    xdotool("key", "F5")
    time.sleep(0.3)
    before = len(read_trace(trace_path))
    xdotool("keydown", "ctrl")
    # One xdotool process for the five notches: separate processes can start more than the 0.15 s apart
    # that ends a wheel pinch on a loaded machine, and the pinch would end (rightly) after the first notch.
    xdotool("click", "--repeat", "5", "--delay", "30", "4")
    xdotool("keyup", "ctrl")
    end = wait_for_event(trace_path, "didEndZooming", before, 5)
    check(end is not None, "Ctrl + wheel ends with didEndZooming")
    got = read_trace(trace_path)[before:end + 1]
    names = [l["event"] for l in got if l["event"] in ("willBeginZooming", "didZoom", "didEndZooming")]
    check(names[0] == "willBeginZooming" and names[-1] == "didEndZooming" and names.count("didZoom") >= 1,
          "willBeginZooming, didZoom…, didEndZooming in order (got %s)" % names)
    scale = got[-1].get("scale")
    check(scale is not None and abs(scale - low * 1.1 ** 5) < 1e-3, "didEndZooming carries the scale %.4f (%s)" % (low * 1.1 ** 5, scale))
    check(not any(l["event"] == "willBeginDragging" for l in got), "a pinch never pages")
    xdotool("key", "F5")
    time.sleep(0.5)
    recording = os.path.join(workdir, "recordings", "gesture-1.jsonl")
    with open(recording) as f:
        recorded = [json.loads(line) for line in f if line.strip()]
    phases = [l["phase"] for l in recorded]
    check(phases == ["pinch"] * 5 + ["pinchEnd"] and abs(recorded[4]["scale"] - 1.1 ** 5) < 1e-6,
          "F5 recorded five pinch lines and a pinchEnd (got %s)" % phases)
    replayed = subprocess.run([binary, "replay", recording, "--headless", "--scene", "photos"],
                              capture_output=True, text=True, check=True).stdout.splitlines()
    ends = [json.loads(l) for l in replayed if '"didEndZooming"' in l]
    check(len(ends) == 1 and abs(ends[0]["scale"] - scale) < 1e-6,
          "replay --headless plays the recorded pinch to the same scale (%s)" % ends)

    # 2. Double clicks: out (it is zoomed), in to the maximum, out again.
    for expected in (low, high, low):
        before = len(read_trace(trace_path))
        xdotool("click", "--repeat", "2", "--delay", "80", "1")
        end = wait_for_event(trace_path, "didEndZooming", before, 5)
        check(end is not None, "a double click zooms (didEndZooming)")
        scale = read_trace(trace_path)[end].get("scale")
        check(abs(scale - expected) < 1e-6, "double click zooms to %.4f (got %s)" % (expected, scale))
        time.sleep(0.5)
    # 3. Zoomed in again, a short slow drag pans the photo, not the pager.
    before = len(read_trace(trace_path))
    xdotool("click", "--repeat", "2", "--delay", "80", "1")
    check(wait_for_event(trace_path, "didEndZooming", before, 5) is not None, "zoomed in for the pan")
    time.sleep(0.5)
    before = len(read_trace(trace_path))
    xdotool("mousedown", "1")
    for step in range(1, 7):
        xdotool("mousemove", px + 200 - 10 * step, py + 250)
        time.sleep(0.03)
    time.sleep(0.15)  # still before the lift: no fling
    xdotool("mouseup", "1")
    end = wait_for_event(trace_path, "didEndDragging", before, 5)
    check(end is not None, "the pan ends with didEndDragging")
    got = [l for l in read_trace(trace_path)[before:end + 1] if l.get("event") in ("willBeginDragging", "willEndDragging", "didEndDragging")]
    check([l["event"] for l in got] == ["willBeginDragging", "willEndDragging", "didEndDragging"]
          and all(l.get("scrollView") == "photo" for l in got),
          "the pan's callbacks are the photo's (got %s)" % got)
    moved = got[-1]["offset"]["x"] - got[0]["offset"]["x"]
    check(40 <= moved <= 60, "the photo's own offset moved with the finger, less the slop (%.1f pt)" % moved)
    quit_app(app)
    final = read_trace(trace_path)[-1]
    check(final.get("viewsCreated") == 3, "the closing line says viewsCreated 3")
