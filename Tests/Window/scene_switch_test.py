"""A scene switch during a touch (issue 23): press S while dragging the grid, release, then S S back to it.
The drag ends in the grid when the switch happens (its callbacks come before the switch's setting line),
nothing of it surfaces later, and every trace line's time is monotonic. Then R and A during a drag, a
window unmapped under a drag, and P during the pager's glide (below).
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, wait_for, wait_for_event, wait_for_setting, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]


def launch(name, *args):
    """The window with `args`, tracing to OUT/`name`: the process and the trace's path."""
    trace_path = os.path.join(out, name)
    return subprocess.Popen([binary, *args, "--trace-out", trace_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True), trace_path


def screen_point(trace_path, origin, dx=0, above_bottom=60):
    """A point of the phone's screen, on the screen: `dx` from its centre line, `above_bottom` over its bottom (None: its
    middle)."""
    viewport = read_trace(trace_path)[0]["value"]
    y = viewport["h"] // 2 if above_bottom is None else viewport["h"] - above_bottom
    return origin[0] + viewport["x"] + viewport["w"] // 2 + dx, origin[1] + viewport["y"] + y


app, trace_path = launch("scene-switch.jsonl")
with closing(app):
    window, origin = open_window(app)
    x, y = screen_point(trace_path, origin)
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

# Other keys during a touch, and a window that loses the touch's lift (probe Y's Y1, Y2, Y4, Y7): R and A end
# the touch in progress first as S does, none of the live pointer reaches A's runs, a window unmapped under a
# drag ends it, and P during a pager's glide keeps trace times in order.


def balanced(names):
    """Every willBeginDragging closed by its didEndDragging before the next one, none closed twice."""
    open_drag = False
    for name in names:
        if name == "willBeginDragging":
            if open_drag:
                return False
            open_drag = True
        elif name == "didEndDragging":
            if not open_drag:
                return False
            open_drag = False
    return not open_drag


def drag_chain(x, y, steps, pause=0.02, dy=-8):
    chain = ["mousemove", x, y, "sleep", "0.1", "mousedown", 1, "sleep", "0.05"]
    for k in range(1, steps + 1):
        chain += ["mousemove", x, y + dy * k, "sleep", pause]
    return chain


app, trace_path = launch("keys-mid-touch.jsonl")
with closing(app):
    window, origin = open_window(app)
    x, y = screen_point(trace_path, origin)
    # A whole gesture for A to replay, then let it settle.
    xdotool(*drag_chain(x, y, 12), "mouseup", 1)
    check(wait_for_event(trace_path, "didEndDecelerating", 0, 10) is not None, "the first fling settles")
    # R during a drag; the drag goes on and lifts after it.
    xdotool(*drag_chain(x, y, 5))
    before = len(read_trace(trace_path))
    xdotool("key", "r")
    check(wait_for_setting(trace_path, "reset", before, 5)[0] is not None, "R resets")
    xdotool(*sum([["mousemove", x, y - 40 - 8 * k, "sleep", 0.02] for k in range(1, 6)], []), "mouseup", 1)
    time.sleep(0.5)
    # A drag after it begins and ends as its own.
    xdotool(*drag_chain(x, y, 6, dy=-4), "mouseup", 1)
    time.sleep(1.5)
    # A during a drag: the live touch ends before the runs; its later moves and lift reach none of them.
    xdotool(*drag_chain(x, y, 4))
    before = len(read_trace(trace_path))
    xdotool("key", "a")
    start, _ = wait_for_setting(trace_path, "compareAll", before, 5)
    check(start is not None, "A starts the comparison during a drag")
    xdotool(*sum([["mousemove", x, y - 32 - 20 * k, "sleep", 0.015] for k in range(1, 5)], []), "mouseup", 1)
    first = wait_for(trace_path, lambda l: l.get("event") == "policySegment", start + 1, 30)
    check(first is not None, "A's first run ends")
    xdotool("key", "r")
    time.sleep(0.5)
    # A window unmapped under a drag never gets the lift: the drag ends, and moves after it scroll nothing.
    xdotool(*drag_chain(x, y, 4))
    before = len(read_trace(trace_path))
    xdotool("windowunmap", window)
    time.sleep(0.3)
    xdotool("mouseup", 1)
    time.sleep(0.3)
    xdotool("windowmap", window)
    time.sleep(0.8)
    ended = wait_for_event(trace_path, "didEndDragging", before, 5)
    check(ended is not None, "a drag under an unmapped window ends")
    time.sleep(1.5)
    settled = len(read_trace(trace_path))
    xdotool("mousemove", x, y - 100, "sleep", 0.1, "mousemove", x, y - 200, "sleep", 0.3)
    moved = [l for l in read_trace(trace_path)[settled:] if l.get("event") in ("didScroll", "willBeginDragging", "willEndDragging")]
    check(not moved, "hovering after it scrolls nothing: %s" % moved[:3])
    quit_app(app)
lines = read_trace(trace_path)
timed = [l for l in lines if "t" in l]
check(all(a["t"] <= b["t"] for a, b in zip(timed, timed[1:])), "trace times never go backwards")
names = [l.get("event") for l in timed]
check(balanced(names), "every drag begins and ends once: %s" % [n for n in names if n and "Dragging" in n])
reset = next(i for i, l in enumerate(timed) if l.get("name") == "reset")
check(names[reset - 1] != "willBeginDragging" and "didEndDragging" in names[reset - 4:reset],
      "R's drag ends before the reset line: %s" % names[reset - 6:reset + 1])
start = next(i for i, l in enumerate(timed) if l.get("name") == "compareAll")
check(balanced(names[:start]), "the live drag ends before A's runs")
# A replays the last whole gesture: the drag before the one A cut short.
pairs = [l for l in timed[:start] if l.get("event") in ("willBeginDragging", "willEndDragging")]
held = pairs[-3]["t"] - pairs[-4]["t"]
run = timed[start:]
began = next(l for l in run if l.get("event") == "willBeginDragging")
ended = next(l for l in run if l.get("event") == "willEndDragging")
check(abs((ended["t"] - began["t"]) - held) < 0.04,
      "A's first run holds the gesture's touch as long as the gesture did: %.3f s against %.3f s"
      % (ended["t"] - began["t"], held))

# P during the pager's glide: the glide's end and the mode's line come in time order.
app, trace_path = launch("pager-mode-mid-glide.jsonl", "--scene", "pager")
with closing(app):
    window, origin = open_window(app)
    x, y = screen_point(trace_path, origin, dx=80, above_bottom=None)
    for _ in range(3):
        xdotool("mousemove", x, y, "sleep", 0.1, "mousedown", 1, "sleep", 0.05,
                *sum([["mousemove", x - 30 * k, y, "sleep", 0.01] for k in range(1, 7)], []), "mouseup", 1)
        time.sleep(0.12)
        xdotool("key", "p")
        time.sleep(1.5)
    quit_app(app)
timed = [l for l in read_trace(trace_path) if "t" in l]
check(sum(1 for l in timed if l.get("name") == "paging") == 3, "three mode changes")
check(all(a["t"] <= b["t"] for a, b in zip(timed, timed[1:])),
      "trace times never go backwards: %s" % [(a.get("event"), a.get("name"), a["t"], b.get("event"), b["t"])
                                               for a, b in zip(timed, timed[1:]) if a["t"] > b["t"]][:2])
