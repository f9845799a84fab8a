"""Watching changes nothing (B-VID-2): a video's frame rate, scale and layout are not the model's.

- `replay --video` at 15, 30 and 60 fps ends with the headless replay's `metrics`, offset and views
  created, exactly (the same JSON values).
- At 1 and 3 s the 15 and 30 fps videos show what the 60 fps one shows at that moment: the phone and
  the HUD's loading figures agree within H.264's loss (no 8×8 block differs by more than 16 of 255 on
  average; when the model stepped at the video's rate the blocks differed by 29 to 219).
- Under a network (bytes, requests, the disk model) at 24 fps and half size, at `--refresh 120`, and for
  each phone of `--compare`, the video's metrics are the headless replay's at the same settings.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
gestures = os.path.join(root, "Assets", "Gestures")


def headless(gesture, *extra):
    r = subprocess.run([binary, "replay", gesture, "--headless"] + list(extra), capture_output=True, text=True, timeout=120, cwd=root)
    check(r.returncode == 0, "replay --headless %s: exit code 0" % " ".join(extra))
    return json.loads(r.stdout.strip().splitlines()[-1])


def video(gesture, path, *extra):
    r = subprocess.run([binary, "replay", gesture, "--video", path] + list(extra), capture_output=True, text=True, timeout=120, cwd=root)
    check(r.returncode == 0, "replay --video %s: exit code 0 (%s)" % (" ".join(extra), r.stderr.strip()[-200:]))
    return json.loads(r.stdout.strip().splitlines()[-1])


def same_end(end, line, what):
    check(line["metrics"] == end["metrics"] and line["offset"] == end["offset"] and line["viewsCreated"] == end["viewsCreated"],
          "%s: the closing line carries the replay's metrics (%d loads, %.3f tile·s, %d bytes), offset and views"
          % (what, line["metrics"]["loadsIssued"], line["metrics"]["blankTileSeconds"], line["metrics"]["networkBytes"]))


def raw(path, crop, frame):
    """RGB bytes of frame `frame` of a video, cropped to (w, h, x, y)."""
    r = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-vf", "select=eq(n\\,%d),crop=%d:%d:%d:%d" % ((frame,) + crop),
                        "-vsync", "0", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], capture_output=True)
    check(len(r.stdout) == crop[0] * crop[1] * 3, "frame %d of %s decodes" % (frame, os.path.basename(path)))
    return r.stdout


def worst_block(a, b, w, h):
    """The largest mean |Δ| of an 8×8 block."""
    worst = 0
    for by in range(0, h - 7, 8):
        for bx in range(0, w - 7, 8):
            total = 0
            for y in range(by, by + 8):
                o = (y * w + bx) * 3
                total += sum(abs(x - z) for x, z in zip(a[o:o + 24], b[o:o + 24]))
            worst = max(worst, total / 192)
    return worst


rapid = os.path.join(gestures, "rapid-flings.jsonl")
setting = ["--latency-ms", "250", "--policy", "adaptive"]
end = headless(rapid, *setting)
videos = {}
for fps in (15, 30, 60):
    path = os.path.join(out, "watch-%d.mp4" % fps)
    same_end(end, video(rapid, path, "--fps", str(fps), "--video-layout", "window", *setting), "%d fps" % fps)
    videos[fps] = path

# The phone at (20, 60) and the HUD's loading section and policy table, in the 960×600 window.
regions = {"phone": (312, 400, 20, 60), "loading figures": (260, 200, 350, 285)}
for t in (1, 3):
    for name, crop in regions.items():
        reference = raw(videos[60], crop, 60 * t)
        for fps in (15, 30):
            d = worst_block(raw(videos[fps], crop, fps * t), reference, crop[0], crop[1])
            check(d < 16, "at %d s the %d fps video shows the 60 fps one's %s (worst 8×8 block |Δ| %.1f)" % (t, fps, name, d))

single = os.path.join(gestures, "single-fling.jsonl")
network = ["--network", "3g", "--policy", "prefetch"]
same_end(headless(single, *network), video(single, os.path.join(out, "watch-3g.mp4"), "--fps", "24", "--scale", "0.5", *network),
         "3g at 24 fps, half size")
# The modelled disk cache is the video's too: on LTE a policy that loads an image again finds it there
# (the video's pipeline read no disk before: 16 loads where the replay made 18).
lte = ["--network", "lte", "--policy", "adaptive"]
same_end(headless(single, *lte), video(single, os.path.join(out, "watch-lte.mp4"), "--fps", "24", "--scale", "0.5", *lte), "lte, its disk cache")
refresh = ["--refresh", "120", "--policy", "glide"]
same_end(headless(single, *refresh), video(single, os.path.join(out, "watch-120.mp4"), "--fps", "30", *refresh), "--refresh 120 at 30 fps")
# Compare mode: each phone's end under `phones`, each the headless replay's phone.
r = subprocess.run([binary, "replay", single, "--headless", "--compare", "adaptive,deferred"], capture_output=True, text=True, timeout=120, cwd=root)
ends = [json.loads(l) for l in r.stdout.splitlines() if '"end"' in l]
line = video(single, os.path.join(out, "watch-compare.mp4"), "--fps", "15", "--compare", "adaptive,deferred")
check([p["compare"] for p in line["phones"]] == ["adaptive", "deferred"]
      and all(p["metrics"] == e["metrics"] and p["offset"] == e["offset"] for p, e in zip(line["phones"], ends)),
      "compare at 15 fps: each phone ends with its headless replay's metrics and offset")
print("video_fps: the model steps at the refresh rate whatever the video's rate, scale or layout")
