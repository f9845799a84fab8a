"""What the phone draws, read from its pixels (B-UI-1, B-GRID-3), headless on the model's replay:

- each view shows its identity: at rest before the fling, items 0–3 sit in views 0–3, each tile's
  24-point header in its view's colour (`TilePalette`: red, orange, yellow, green);
- late in the fling (visible once target − offset is under the phone's height, from about 0.5 s to 2.77 s), the target's ghost outline (a dashed stroke in `RGBA.ghost`, 3 points inside the
  phone's frame moved by target − offset) lies where the target says: its top edge on the row the
  screenshot's offset puts it, one of the offsets the trace's didScroll lines give.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
gesture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures", "single-fling.jsonl")
env = dict(os.environ, SDL_VIDEODRIVER="offscreen")
PALETTE = [(230, 70, 70), (240, 150, 40), (200, 180, 30), (60, 170, 90), (60, 130, 230), (160, 90, 220)]
GHOST = (255, 80, 60)
TITLE, TILE_W, TILE_H, GAP, INSET = 30, 150, 220, 10, 5   # the grid's layout (B-GRID-1), points


def shoot(name, after):
    shot, trace = os.path.join(out, name + ".png"), os.path.join(out, name + ".jsonl")
    r = subprocess.run([binary, "--headless", "--replay", gesture, "--screenshot", shot, "--screenshot-after", str(after),
                        "--trace-out", trace, "--trace-did-scroll", "--quit-after", "4"],
                       capture_output=True, text=True, timeout=120, env=env)
    check(r.returncode == 0, "%s: exit %d (%s)" % (name, r.returncode, r.stderr.strip()[-200:]))
    raw = subprocess.run(["convert", shot, "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    with open(trace) as f:
        lines = [json.loads(l) for l in f]
    viewport = next(l["value"] for l in lines if l.get("name") == "viewport")
    width = len(raw) // 3 // 600
    return (lambda x, y: tuple(raw[(y * width + x) * 3:(y * width + x) * 3 + 3])), lines, viewport


# Identity at rest: the screenshot at 0 s, before the drag begins (0.032 s).
pixel, lines, vp = shoot("identity", 0)
for view in range(4):
    x = vp["x"] + INSET + (view % 2) * (TILE_W + GAP)
    y = vp["y"] + TITLE + (view // 2) * (TILE_H + GAP)
    header = [pixel(x + dx, y + dy) for dx in range(80, TILE_W - 4, 4) for dy in range(2, 22, 4)]
    share = sum(p == PALETTE[view] for p in header) / len(header)
    check(share > 0.9, "item %d's tile has view #%d's header colour %s (%.0f%% of its header's right half)" % (view, view, PALETTE[view], 100 * share))

# The ghost during the deceleration: its dashed top edge across the phone.
pixel, lines, vp = shoot("ghost", 1.0)
target = next(l["target"]["y"] for l in lines if l.get("event") == "willEndDragging")
offsets = [l["offset"]["y"] for l in lines if l.get("event") == "didScroll"]
span = range(vp["x"] + 3, vp["x"] + vp["w"] - 3)
rows = [y for y in range(vp["y"], vp["y"] + vp["h"]) if sum(pixel(x, y) == GHOST for x in span) > 0.3 * len(span)]
top = vp["y"] + TITLE + 3
placed = [o for o in offsets if rows and abs(top + (target - o) - rows[0]) <= 1]
check(len(rows) == 3 and rows[2] - rows[0] == 2 and placed,
      "the ghost's 3-point dashed top edge at rows %s: target %.1f minus the offset %s drawn then" % (rows, target, placed[:1]))
print("the views' identities and the target's ghost, where the model puts them")
