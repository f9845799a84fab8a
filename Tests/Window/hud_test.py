"""The lab's face in a real window: a resize to 1200×750 gets a new viewport line in the trace that
places the phone where a click lands on it, magnified by half the growth (the rest is room for the HUD); keys answer even where they do nothing (P in the grid);
switching policy logs the ended segment's metrics; the help and the grid render without errors."""

import os
import sys
import time

import windowlib as w

binary, out = sys.argv[1], sys.argv[2]
trace = os.path.join(out, "hud.jsonl")
p = w.start(binary, "--trace-out", trace)
win = w.find_window(p)
time.sleep(1.0)

w.xdotool("windowsize", win, 1200, 750)
time.sleep(1.0)
events = w.read_trace(trace)
viewports = [e["value"] for e in events if e.get("event") == "setting" and e.get("name") == "viewport"]
w.check(viewports[0] == {"x": 20, "y": 60, "w": 320, "h": 480}, "the first viewport line is the 960×600 layout's")
# 1.25× the 960×600 window: half of the growth magnifies (1.125×), half is room (a 1066×666 layout).
layout_w, layout_h = 1066, 666
scale = min(1200 / layout_w, 750 / layout_h)
expected = {"x": 20 * scale, "y": 60 * scale + (750 - layout_h * scale) // 2, "w": 320 * scale, "h": 480 * scale}
w.check(len(viewports) >= 2 and all(abs(viewports[-1][k] - expected[k]) < 0.01 for k in expected),
        "after a resize to 1200×750 a new viewport line, the phone 1.125× (%r, expected %r)" % (viewports[-1], expected))

# A fling inside the new phone rect scrolls (the pointer maps through the scale).
ox, oy = w.window_origin(win)
vp = viewports[-1]
w.drag((ox, oy), vp["x"] + vp["w"] // 2, vp["y"] + 520, -12, 20, 0.008)
time.sleep(1.5)

w.xdotool("key", "--window", win, "p")        # a pager key in the grid: answered, nothing changes
w.xdotool("key", "--window", win, "1")        # eager: the adaptive segment ends
time.sleep(0.5)
w.xdotool("key", "--window", win, "h")
time.sleep(0.3)
w.xdotool("key", "--window", win, "h")
w.quit_app(p)

events = w.read_trace(trace)
w.check(any(e.get("event") == "didEndDragging" for e in events), "a drag on the scaled phone reaches the model")
segments = [e for e in events if e.get("event") == "policySegment"]
w.check(len(segments) == 2 and segments[0]["policy"] == "adaptive" and segments[1]["policy"] == "eager",
        "a policySegment line when the policy changes and one at close: %r" % [s["policy"] for s in segments])
w.check(segments[0]["metrics"]["loadsIssued"] > 0 and set(segments[0]["metrics"]) >= {"loadsWasted", "blankTileSeconds", "settleLatency"},
        "the ended segment carries its metrics: %r" % segments[0]["metrics"])
w.check(not any(e.get("name") == "paging" for e in events), "P in the grid changes nothing")
w.check(events[-1]["event"] == "summary", "the trace ends with the summary")
print("hud test: all checks passed")
