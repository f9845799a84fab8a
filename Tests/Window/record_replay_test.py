"""Record and replay (B-UI-3) in the real window under Xvfb, driven by the real X pointer (xdotool):

- F5 starts recording (the trace logs it), an xdotool fling scrolls the grid, F5 stops and writes
  ./recordings/gesture-1.jsonl (relative to the working directory; the trace names the file);
- `scrolllab replay FILE --headless` gives the same delegate sequence as the window did, and a final
  offset within 0.5 pt of the window's;
- `scrolllab --replay FILE` plays the file in the window in real time with the same result.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import (check, closing, drag, find_window, open_window, quit_app, read_trace, wait_for_event,
                       wait_for_setting, xdotool)

DELEGATE = {"willBeginDragging", "willEndDragging", "didEndDragging", "willBeginDecelerating",
            "didEndDecelerating", "didEndScrollingAnimation"}

binary, out = sys.argv[1], sys.argv[2]
workdir = os.path.join(out, "record-cwd")
os.makedirs(workdir, exist_ok=True)
trace_path = os.path.join(out, "record.jsonl")


def delegate_sequence(lines):
    """[(name, willDecelerate or None)] of the delegate callbacks, and the last callback's offset."""
    calls = [e for e in lines if e.get("event") in DELEGATE]
    return [(e["event"], e.get("willDecelerate")) for e in calls], (calls[-1]["offset"] if calls else None)


# 1. Record a fling in the window.
app = subprocess.Popen([binary, "--trace-out", trace_path], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, origin = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    px = viewport["x"] + viewport["w"] // 2
    bottom = viewport["y"] + viewport["h"] - 40

    xdotool("key", "F5")
    start_index, started = wait_for_setting(trace_path, "recording", 0, 5)
    check(started is not None and started["value"] is True, "F5 starts recording")
    drag(origin, px, bottom, -16, 16, 0.008)
    end = wait_for_event(trace_path, "didEndDecelerating", start_index, 15)
    check(end is not None, "the recorded fling ends with didEndDecelerating")
    xdotool("key", "F5")
    _, stopped = wait_for_setting(trace_path, "recording", start_index + 1, 5)
    check(stopped is not None and isinstance(stopped["value"], str), "F5 stops recording: %s" % stopped)
    quit_app(app)

trace = read_trace(trace_path)
window_calls, window_offset = delegate_sequence(trace[start_index:end + 1])
recording = os.path.join(workdir, stopped["value"])
check(os.path.relpath(recording, workdir) == os.path.join("recordings", "gesture-1.jsonl"),
      "recording written to ./recordings/gesture-1.jsonl")
with open(recording) as f:
    samples = [json.loads(line) for line in f if line.strip()]
check(samples[0]["phase"] == "down" and samples[0]["t_ms"] == 0 and samples[-1]["phase"] == "up",
      "the file holds one whole gesture from t_ms 0 (%d samples)" % len(samples))
print("window: %s, final offset %s" % ([n for n, _ in window_calls], window_offset))

# 2. Replay it headless.
headless = subprocess.run([binary, "replay", recording, "--headless"], capture_output=True, text=True, timeout=60)
check(headless.returncode == 0, "replay --headless exits 0 (%s)" % headless.stderr.strip())
headless_lines = [json.loads(line) for line in headless.stdout.splitlines() if line.strip()]
headless_calls, headless_offset = delegate_sequence(headless_lines)
print("headless: %s, final offset %s" % ([n for n, _ in headless_calls], headless_offset))
check(headless_calls == window_calls, "headless replay gives the window's delegate sequence")
dy = abs(headless_offset["y"] - window_offset["y"])
dx = abs(headless_offset["x"] - window_offset["x"])
check(dx <= 0.5 and dy <= 0.5, "final offset within 0.5 pt (dx %.3f, dy %.3f)" % (dx, dy))

# 3. Replay it in the window, in real time.
replay_trace = os.path.join(out, "replay.jsonl")
app = subprocess.Popen([binary, "--replay", recording, "--trace-out", replay_trace], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window = find_window(app)
    end = wait_for_event(replay_trace, "didEndDecelerating", 0, 15)
    check(end is not None, "the replayed fling ends with didEndDecelerating")
    xdotool("windowfocus", "--sync", window)
    quit_app(app)
replay_calls, replay_offset = delegate_sequence(read_trace(replay_trace))
print("window replay: %s, final offset %s" % ([n for n, _ in replay_calls], replay_offset))
check(replay_calls == window_calls, "window replay gives the recorded delegate sequence")
check(abs(replay_offset["y"] - window_offset["y"]) <= 0.5 and abs(replay_offset["x"] - window_offset["x"]) <= 0.5,
      "window replay final offset within 0.5 pt (dy %.3f)" % abs(replay_offset["y"] - window_offset["y"]))
