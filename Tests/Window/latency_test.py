"""Input to photon (issue 8): a pointer motion is reflected in the very next presented frame.

The real X pointer drags the grid (xdotool). With --trace-pointer every sample carries the number of
the first frame presented after the window took it; with --trace-frames every presented frame carries
its number and the content offset it drew. While the content follows the finger, offset + pointer y
is the same for every frame (the drag maps the finger 1:1), so the test asserts, for every frame of
the drag, that the offset drawn already includes the newest sample taken before that frame: one frame
of lag would show the previous sample's offset, a whole step (6 pt) off.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "latency.jsonl")
app = subprocess.Popen([binary, "--trace-out", trace_path, "--trace-pointer", "--trace-frames"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, (ox, oy) = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    x = ox + viewport["x"] + viewport["w"] // 2
    y0 = oy + viewport["y"] + viewport["h"] - 40
    # A slow drag up: 30 moves of 6 px, 25 ms apart (about one and a half frames), then the pointer
    # rests 150 ms before the release, so the content stops where the finger left it (no fling).
    chain = ["mousemove", x, y0, "sleep", "0.1", "mousedown", 1, "sleep", "0.05"]
    for k in range(1, 31):
        chain += ["mousemove", x, y0 - 6 * k, "sleep", "0.025"]
    chain += ["sleep", "0.15", "mouseup", 1]
    xdotool(*chain)
    time.sleep(0.5)
    # On a loaded machine the window presents fewer frames per second: give it the frames the checks
    # below need (up to 10 s more) rather than quitting on a fixed clock.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if sum(1 for e in read_trace(trace_path) if e["event"] == "frame") > 30:
                break
        except ValueError:   # a line still being written
            pass
        time.sleep(0.1)
    quit_app(app)

trace = read_trace(trace_path)
frames = {e["frame"]: e for e in trace if e["event"] == "frame"}
numbers = sorted(frames)
check(numbers == list(range(len(numbers))) and len(numbers) > 30,
      "every presented frame is traced, numbered 0…%d without gaps" % (len(numbers) - 1))
samples = [e for e in trace if e["event"] == "pointer"]
moves = [s for s in samples if s["phase"] == "move"]
check(len(moves) >= 25, "the window took %d move samples" % len(moves))
check(all(s["frame"] in frames for s in samples), "every sample is followed by a presented frame")
check(all(frames[s["frame"]]["t"] >= s["t_ms"] / 1000 - 1e-9 for s in samples),
      "each sample's frame shows a model time at or after the sample's")
check(all(a["frame"] <= b["frame"] for a, b in zip(samples, samples[1:])), "sample frame numbers never go back")

begin = next((e for e in trace if e["event"] == "willBeginDragging"), None)
check(begin is not None, "the drag began (willBeginDragging)")
# The sample that began the drag is the pointer line the trace has right before willBeginDragging (a
# sample that happened just before a frame but reached the window after it keeps its own, earlier time).
began_by = trace[trace.index(begin) - 1]
check(began_by["event"] == "pointer" and began_by["phase"] == "move", "willBeginDragging follows the move that began it")
first = next(i for i, s in enumerate(moves) if s is began_by)
drag = moves[first:]
# The newest sample each frame of the drag had when it was drawn: frame f includes every sample
# whose frame number is at most f.
newest = {}
for s in drag:
    newest[s["frame"]] = s
first_frame, last_frame = drag[0]["frame"], drag[-1]["frame"]
sums = []
sample = None
for f in range(first_frame, last_frame + 1):
    sample = newest.get(f, sample)
    sums.append((f, frames[f]["offset"]["y"] + sample["y"], sample))
constant = sums[0][1]
lagging = [(f, round(v - constant, 3)) for f, v, _ in sums if abs(v - constant) > 1e-6]
check(not lagging, "offset + pointer y is constant over the %d frames of the drag (%d samples): each frame draws "
      "the newest sample taken before it; off: %s" % (len(sums), len(drag), lagging[:5]))
moved = [f for f, _, s in sums if s is newest.get(f) and f > first_frame]
changed = [f for f in moved if frames[f]["offset"]["y"] != frames[f - 1]["offset"]["y"]]
check(len(moved) >= 20 and changed == moved,
      "all %d frames that followed a new sample show a new offset (no frame of lag)" % len(moved))
