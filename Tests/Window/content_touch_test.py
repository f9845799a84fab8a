"""Content touches in the real window under Xvfb (B-TCH-1), driven by the X pointer (xdotool):

- press and hold on a tile: after UIKit's 150 ms delay the tile tracks (touchesBegan, item 0, view 0,
  drawn pressed), and the release is touchesEnded then tap; nothing scrolls;
- a flick over a tile: it scrolls (willBeginDragging) and the tile never hears of it (no touchesBegan);
- with --can-cancel-content-touches off, a slow drag on a tracking tile never scrolls;
- the keys U and X turn delaysContentTouches and canCancelContentTouches off: a held tile tracks at once,
  and a slow drag on it never scrolls.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, start, wait_for_event, wait_for_setting, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]


def run(trace_name, *extra):
    trace_path = os.path.join(out, trace_name)
    app = start(binary, "--scene", "grid", "--latency-ms", "0", "--trace-out", trace_path, *extra)
    window, (ox, oy) = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    return app, trace_path, (ox + viewport["x"], oy + viewport["y"])


def events(trace_path, after, *names):
    return [l for l in read_trace(trace_path)[after:] if l.get("event") in names]


# 1. Press and hold tile 0 (phone point 60, 130: the tile spans 5…155 × 30…250 on screen), then release.
app, trace_path, (px, py) = run("touch-hold.jsonl")
with closing(app):
    xdotool("mousemove", px + 60, py + 130)
    time.sleep(0.1)
    before = len(read_trace(trace_path))
    xdotool("mousedown", 1)
    began = wait_for_event(trace_path, "touchesBegan", before, 3)
    check(began is not None, "holding a tile begins tracking after the delay (touchesBegan)")
    line = read_trace(trace_path)[began]
    check(line.get("item") == 0 and line.get("view") == 0, "touchesBegan names item 0, view 0: %s" % line)
    time.sleep(0.3)
    xdotool("mouseup", 1)
    tap = wait_for_event(trace_path, "tap", before, 3)
    check(tap is not None, "the release is a tap")
    names = [l["event"] for l in events(trace_path, before, "touchesBegan", "touchesEnded", "touchesCancelled", "tap",
                                        "willBeginDragging")]
    check(names == ["touchesBegan", "touchesEnded", "tap"], "hold: touchesBegan, touchesEnded, tap (got %s)" % names)

    # 2. A flick over tile 2 (phone 60, 400) upwards: the scroll view scrolls; the tile never hears of it.
    before = len(read_trace(trace_path))
    x, y = px + 60, py + 400
    xdotool("mousemove", x, y)
    xdotool("mousedown", 1)
    for i in range(1, 13):
        xdotool("mousemove", x, y - 20 * i)
    xdotool("mouseup", 1)
    check(wait_for_event(trace_path, "didEndDecelerating", before, 10) is not None, "the flick scrolls and comes to rest")
    names = [l["event"] for l in events(trace_path, before, "touchesBegan", "touchesEnded", "touchesCancelled", "tap",
                                        "willBeginDragging")]
    check(names and names[0] == "willBeginDragging" and "touchesBegan" not in names,
          "a flick: willBeginDragging and no touchesBegan (got %s)" % names)
    quit_app(app)

# 3. canCancelContentTouches off: hold a tile, then drag slowly; it never scrolls.
app, trace_path, (px, py) = run("touch-nocancel.jsonl", "--can-cancel-content-touches", "off")
with closing(app):
    x, y = px + 60, py + 400
    xdotool("mousemove", x, y)
    time.sleep(0.1)
    before = len(read_trace(trace_path))
    xdotool("mousedown", 1)
    check(wait_for_event(trace_path, "touchesBegan", before, 3) is not None, "the tile tracks")
    for i in range(1, 21):
        xdotool("mousemove", x, y - 4 * i)
        time.sleep(0.03)
    xdotool("mouseup", 1)
    check(wait_for_event(trace_path, "touchesEnded", before, 3) is not None, "the tile keeps the touch to the end")
    time.sleep(0.3)
    names = [l["event"] for l in events(trace_path, before, "willBeginDragging", "touchesCancelled", "didScroll")]
    check(names == [], "with canCancelContentTouches off a slow drag on a tracking tile never scrolls (got %s)" % names)
    quit_app(app)

# 4. The keys: U turns delaysContentTouches off (a held tile tracks at once, not after 150 ms), X turns
# canCancelContentTouches off (a slow drag on a tracking tile never scrolls), each saying so in the trace.
app, trace_path, (px, py) = run("touch-keys.jsonl", "--trace-pointer")
with closing(app):
    before = len(read_trace(trace_path))
    xdotool("key", "u")
    _, delays = wait_for_setting(trace_path, "delaysContentTouches", before, 3)
    xdotool("key", "x")
    _, cancels = wait_for_setting(trace_path, "canCancelContentTouches", before, 3)
    check(delays is not None and delays["value"] is False and cancels is not None and cancels["value"] is False,
          "U and X turn both off: %s, %s" % (delays, cancels))
    x, y = px + 60, py + 400
    xdotool("mousemove", x, y)
    time.sleep(0.1)
    before = len(read_trace(trace_path))
    xdotool("mousedown", 1)
    began = wait_for_event(trace_path, "touchesBegan", before, 3)
    lines = read_trace(trace_path)
    down = next((l for l in lines[before:] if l.get("event") == "pointer" and l.get("phase") == "down"), None)
    wait = lines[began]["t"] - down["t_ms"] / 1000 if began is not None and down is not None else None
    check(wait is not None and wait < 0.075, "delays off: the tile tracks at once (%s s after the press)" % wait)
    for i in range(1, 21):
        xdotool("mousemove", x, y - 4 * i)
        time.sleep(0.03)
    xdotool("mouseup", 1)
    check(wait_for_event(trace_path, "touchesEnded", before, 3) is not None, "cancelling off: the tile keeps the touch")
    time.sleep(0.3)
    names = [l["event"] for l in events(trace_path, before, "willBeginDragging", "touchesCancelled", "didScroll")]
    check(names == [], "cancelling off by X: the slow drag never scrolls (got %s)" % names)
    quit_app(app)
