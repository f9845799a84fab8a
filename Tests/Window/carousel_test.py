"""Carousels in the real window (B-FEED-1), driven by the X pointer (xdotool): each row of a carousels feed
is its own horizontal scroll view under UIKit's nested-scrolling rule. A sideways flick in a row moves
that row (and decelerates it) and never the list (no willBeginDragging, the list's offset stays 0); a
vertical flick starting on a row moves the list and never the row.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, start, wait_for_event, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
feed = os.path.join(out, "carousels.jsonl")
check(subprocess.run([binary, "feed", "generate", "--layout", "carousels", "--count", "200", "--seed", "8", "--out", feed]).returncode == 0,
      "generate a carousels feed")
trace_path = os.path.join(out, "carousel-trace.jsonl")


def flick(x, y, dx, dy, steps=12):
    xdotool("mousemove", x, y)
    time.sleep(0.05)
    chain = ["mousedown", 1]
    for i in range(1, steps + 1):
        chain += ["mousemove", x + dx * i, y + dy * i, "sleep", "0.008"]
    chain += ["mouseup", 1]
    xdotool(*chain)


def outer(after, *names):
    return [l for l in read_trace(trace_path)[after:] if l.get("event") in names]


app = start(binary, "--feed", feed, "--latency-ms", "0", "--trace-out", trace_path)
with closing(app):
    window, (ox, oy) = open_window(app)
    viewport = read_trace(trace_path)[0]["value"]
    px, py = ox + viewport["x"], oy + viewport["y"]

    # 1. Sideways in row 0 (phone y 90: the row spans 30 to at least 170): the row scrolls, the list does not.
    before = len(read_trace(trace_path))
    flick(px + 280, py + 90, -20, 0)
    time.sleep(2.5)
    lines = outer(before, "willBeginDragging", "didScroll", "didEndDecelerating")
    check(lines == [], "a sideways flick in a row never drags the list (got %s)" % [l["event"] for l in lines[:3]])

    # 2. Vertical from a row (phone y 300) upwards: the list scrolls and comes to rest.
    before = len(read_trace(trace_path))
    flick(px + 160, py + 300, 0, -20)
    check(wait_for_event(trace_path, "willBeginDragging", before, 5) is not None, "a vertical flick on a row drags the list")
    check(wait_for_event(trace_path, "didEndDecelerating", before, 10) is not None, "the list decelerates to rest")
    moved = [l for l in read_trace(trace_path)[before:] if l.get("offset", {}).get("y", 0) > 100]
    check(len(moved) > 0, "the list moved more than 100 pt")
    quit_app(app)

summary = [l for l in read_trace(trace_path) if l.get("event") == "summary"]
check(len(summary) == 1, "a summary line")
rows = summary[0].get("rowOffsets")
check(rows is not None and len(rows) == 1 and rows[0][0] == 0 and rows[0][1] > 200,
      "only row 0 moved sideways, further than 200 pt (a 240 pt drag, then its fling): %r" % rows)
print("carousel_test: ok")
