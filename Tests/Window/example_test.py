"""The ScrollKit example (Examples/ScrollKitList, B-LIB-1) built beside the lab: `--screenshot` plays a
2000 pt/s fling offscreen (no display) on a virtual 60 Hz clock and saves the last frame. The list moved
as UIKit's physics says (a 190 pt drag, then 0.5 s of a 2000 pt/s glide: 190 + 999·(1 − e^(−1.001)) ≈
822 pt), UIKit's callbacks were printed, and the PNG is the 320×480 list, not a blank frame. A screenshot that
cannot be saved, or no display for the window, is one line and exit 1.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, png_size

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
example = os.path.join(os.path.dirname(binary), "scrollkit-example")
check(os.path.exists(example), "the example is built beside scrolllab: %s" % example)
shot = os.path.join(out, "example.png")
env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
result = subprocess.run([example, "--screenshot", shot], env=env, capture_output=True, text=True, timeout=60)
check(result.returncode == 0, "the example ran offscreen (%s)" % result.stderr.strip()[:200])
lines = result.stdout.splitlines()
check(lines[:1] == ["willBeginDragging"] and lines[1].startswith("willEndDragging velocity 1.99"),
      "UIKit's callbacks printed: %s" % lines[:2])
offset = float(re.search(r"at offset ([0-9.]+)", result.stdout).group(1))
check(800 < offset < 845, "the list glided where UIKit's decay takes it: %.1f pt" % offset)
check(png_size(shot) == (320, 480), "a 320x480 screenshot")
colours = int(subprocess.run(["identify", "-format", "%k", shot], capture_output=True, text=True, check=True).stdout)
check(colours >= 5, "the screenshot shows the rows (%d colours)" % colours)
# A screenshot that cannot be saved, and no display for the window: one line and exit 1 (were: a fatalError's
# backtrace, exit 132; a loop that ran for ever with no window).
result = subprocess.run([example, "--screenshot", os.path.join(out, "no-such-folder", "x.png")], env=env, capture_output=True,
                        text=True, timeout=60)
check(result.returncode == 1 and result.stderr.startswith("scrollkit-example: cannot save the screenshot"),
      "an unwritable screenshot: exit %d, %s" % (result.returncode, result.stderr.strip()[:120]))
try:
    result = subprocess.run([example], env=env, capture_output=True, text=True, timeout=30)
    check(result.returncode == 1 and "no display" in result.stderr,
          "no display: exit %d, %s" % (result.returncode, result.stderr.strip()[:120]))
except subprocess.TimeoutExpired:
    check(False, "no display: the example still runs after 30 s")
