"""Other physics and the minimum fling in the real window (B-PHYS-1, B-DEC-5).

The same slow drag (about 150 pt/s at the lift, under UIKit's 250 pt/s minimum fling and over
Android's 50 dp/s) is made with the real X pointer in two windows: with the default physics (ios) the
release does not fling (didEndDragging(willDecelerate: false), no deceleration), with --physics android
it does (willDecelerate: true, then didEndDecelerating). The HUD names the physics (screenshot).
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, png_size, quit_app, read_trace, wait_for_event, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]


def slow_release(physics):
    trace = os.path.join(out, "physics-%s.jsonl" % physics)
    shot = os.path.join(out, "physics-%s.png" % physics)
    app = subprocess.Popen([binary, "--physics", physics, "--trace-out", trace, "--screenshot", shot],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with closing(app):
        window, (ox, oy) = open_window(app)
        viewport = read_trace(trace)[0]["value"]
        x, y0 = ox + viewport["x"] + viewport["w"] // 2, oy + viewport["y"] + viewport["h"] - 60
        # 25 moves of 3 px, 20 ms apart: 150 px/s, released right after the last move.
        chain = ["mousemove", x, y0, "sleep", "0.1", "mousedown", 1, "sleep", "0.05"]
        for k in range(1, 26):
            chain += ["mousemove", x, y0 - 3 * k, "sleep", "0.02"]
        chain += ["mouseup", 1]
        xdotool(*chain)
        index = wait_for_event(trace, "didEndDragging", 0, 10)
        check(index is not None, "%s: the drag ends" % physics)
        time.sleep(1.5)
        quit_app(app)
    lines = read_trace(trace)
    ended = next(e for e in lines if e["event"] == "didEndDragging")
    released = next(e for e in lines if e["event"] == "willEndDragging")
    names = [e["event"] for e in lines if e["event"] in ("willBeginDecelerating", "didEndDecelerating")]
    check(png_size(shot) == (960, 600), "%s: screenshot saved" % physics)
    return ended["willDecelerate"], released["velocity"]["y"], names


decelerates, velocity, names = slow_release("ios")
check(decelerates is False and velocity == 0 and names == [],
      "ios: a slow release does not fling (willDecelerate %s, velocity %.3f pt/ms, %s)" % (decelerates, velocity, names))
decelerates, velocity, names = slow_release("android")
check(decelerates is True and 0.05 < velocity < 0.3 and names == ["willBeginDecelerating", "didEndDecelerating"],
      "android: the same slow release flings (willDecelerate %s, velocity %.3f pt/ms, %s)" % (decelerates, velocity, names))
