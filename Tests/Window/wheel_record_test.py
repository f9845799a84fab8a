"""The wheel recorded and replayed (issue 21) in the real window under Xvfb:

- F5 starts recording, five wheel notches down over the grid (xdotool's button 5) scroll it 40 pt each,
  F5 stops: the file holds five `wheel` lines with their delta (`dy` 40) and precision (`precise`
  false), as `--trace-pointer` saw them;
- `scrolllab replay FILE --headless` ends at the window's offset, 200 pt, as does `--replay FILE` in the window.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, wait_for, wait_for_setting, xdotool

binary, out = sys.argv[1], sys.argv[2]
workdir = os.path.join(out, "wheel-cwd")
os.makedirs(workdir, exist_ok=True)
trace_path = os.path.join(out, "wheel.jsonl")


def final_offset(lines):
    """The offset of the last didScroll."""
    scrolls = [e for e in lines if e.get("event") == "didScroll"]
    return scrolls[-1]["offset"] if scrolls else None


app = subprocess.Popen([binary, "--trace-out", trace_path, "--trace-pointer", "--trace-did-scroll"], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, (ox, oy) = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    xdotool("key", "F5")
    start, started = wait_for_setting(trace_path, "recording", 0, 5)
    check(started is not None and started["value"] is True, "F5 starts recording")
    xdotool("mousemove", ox + viewport["x"] + 160, oy + viewport["y"] + 240)
    for _ in range(5):
        xdotool("click", 5)
        time.sleep(0.05)
    done = wait_for(trace_path, lambda e: e.get("event") == "didScroll" and e["offset"]["y"] >= 200, start, 5)
    check(done is not None, "five notches scroll the grid 200 pt")
    xdotool("key", "F5")
    _, stopped = wait_for_setting(trace_path, "recording", start + 1, 5)
    check(stopped is not None and isinstance(stopped["value"], str), "F5 stops recording: %s" % stopped)
    quit_app(app)

trace = read_trace(trace_path)
pointer = [e for e in trace if e["event"] == "pointer"]
check([e["phase"] for e in pointer] == ["wheel"] * 5 and all(e["dy"] == 40 and e["precise"] is False for e in pointer),
      "the trace has five wheel samples of 40 pt: %s" % [(e["phase"], e.get("dy")) for e in pointer])
window_offset = final_offset(trace)
recording = os.path.join(workdir, stopped["value"])
with open(recording) as f:
    samples = [json.loads(line) for line in f if line.strip()]
check([s["phase"] for s in samples] == ["wheel"] * 5 and all(s["dy"] == 40 and s["dx"] == 0 and s["precise"] is False for s in samples),
      "the recording holds the five wheel samples with their delta and precision")

headless = subprocess.run([binary, "replay", recording, "--headless", "--did-scroll"], capture_output=True, text=True, timeout=60)
check(headless.returncode == 0, "replay --headless exits 0 (%s)" % headless.stderr.strip())
lines = [json.loads(line) for line in headless.stdout.splitlines() if line.strip()]
check(final_offset(lines) == window_offset == {"x": 0, "y": 200},
      "the headless replay ends where the window did: %s, %s" % (final_offset(lines), window_offset))

replay_trace = os.path.join(out, "wheel-replay.jsonl")
app = subprocess.Popen([binary, "--replay", recording, "--trace-out", replay_trace, "--trace-did-scroll"], cwd=workdir,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    open_window(app)
    done = wait_for(replay_trace, lambda e: e.get("event") == "setting" and e.get("name") == "replay", 0, 10)
    check(done is not None, "the window plays the recording")
    time.sleep(1.0)
    quit_app(app)
check(final_offset(read_trace(replay_trace)) == window_offset, "--replay in the window ends there too")
