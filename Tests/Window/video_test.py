"""`replay FILE --video OUT` (B-VID-1): every frame rendered offscreen at its exact replay time.

- ffprobe confirms the frame count and duration the command reports.
- Two runs decode to the same frames (framemd5), and the files are identical.
- The first and the last frames match offscreen screenshots of the window replaying the same file at the
  same moments (the finger resting before its fling, and at rest after the glide with every image in),
  within H.264's loss (mean |Δ| under 4 of 255 at the start, 6 over the photos at rest; the toast's and
  the scroll indicator's strips left out).
- A GIF at half size; a missing ffmpeg is one clear line; a bad ending is refused.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
# A fling that starts with the finger resting 0.5 s in the gap between the columns (no tile pressed, nothing
# moves), so the window, whose replay starts a few frames after it opens, shows at 0.2 s what the video's
# first frame shows; images take 1 s (--latency-ms 1000), so none has arrived by then in either.
gesture = os.path.join(out, "hold-then-fling.jsonl")
with open(gesture, "w") as f:
    f.write('{"t_ms":0,"x":160,"y":420,"phase":"down"}\n')
    for k in range(1, 11):
        f.write('{"t_ms":%d,"x":160,"y":420,"phase":"move"}\n' % (k * 50))
    for k in range(1, 13):
        f.write('{"t_ms":%d,"x":160,"y":%.1f,"phase":"move"}\n' % (500 + k * 8, 420 - 1.2 * k * k))
    f.write('{"t_ms":%d,"x":160,"y":%.1f,"phase":"up"}\n' % (500 + 12 * 8, 420 - 1.2 * 144))


def render(path, *extra):
    r = subprocess.run([binary, "replay", gesture, "--video", path, "--latency-ms", "1000"] + list(extra), capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "replay --video %s: exit code 0 (%s)" % (os.path.basename(path), r.stderr.strip()[-200:]))
    return json.loads(r.stdout.strip().splitlines()[-1])


def probe(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                        "stream=nb_read_frames,width,height,duration", "-of", "json", path], capture_output=True, text=True)
    return json.loads(r.stdout)["streams"][0]


def raw(path, crop, frame=None):
    """RGB bytes of an image (or of frame `frame` of a video), cropped to (w, h, x, y)."""
    select = ["-vf", "select=eq(n\\,%d),crop=%d:%d:%d:%d" % ((frame,) + crop)] if frame is not None else ["-vf", "crop=%d:%d:%d:%d" % crop]
    r = subprocess.run(["ffmpeg", "-v", "error", "-i", path] + select + ["-vsync", "0", "-frames:v", "1", "-f", "rawvideo",
                        "-pix_fmt", "rgb24", "-"], capture_output=True)
    return r.stdout


def difference(a, b):
    check(len(a) == len(b) and len(a) > 0, "the images compared have the same size (%d, %d bytes)" % (len(a), len(b)))
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


a = os.path.join(out, "fling-a.mp4")
b = os.path.join(out, "fling-b.mp4")
line = render(a, "--fps", "30")
p = probe(a)
check(int(p["nb_read_frames"]) == line["frames"] and p["width"] == 320 and p["height"] == 480,
      "ffprobe: %s frames of 320×480, as reported (%d)" % (p["nb_read_frames"], line["frames"]))
check(abs(float(p["duration"]) - line["frames"] / 30) < 0.05, "duration %.3f s = frames / 30" % float(p["duration"]))
render(b, "--fps", "30")
md5 = [subprocess.run(["ffmpeg", "-v", "error", "-i", v, "-f", "framemd5", "-"], capture_output=True, text=True).stdout for v in (a, b)]
check(md5[0] == md5[1] and md5[0].count("\n") > line["frames"], "two runs decode to the same %d frames" % line["frames"])
with open(a, "rb") as f1, open(b, "rb") as f2:
    check(f1.read() == f2.read(), "and the two files are identical")

# The window replaying the same file offscreen, screenshots at the start and at rest.
first_png = os.path.join(out, "video-first.png")
last_png = os.path.join(out, "video-last.png")
for png, after in ((first_png, "0.2"), (last_png, "8")):
    r = subprocess.run([binary, "--headless", "--latency-ms", "1000", "--replay", gesture, "--screenshot", png, "--screenshot-after", after,
                        "--quit-after", str(float(after) + 0.5)], capture_output=True, text=True, timeout=60)
    check(r.returncode == 0 and os.path.exists(png), "the window's screenshot at %s s" % after)
# The phone is at (20, 60) in the 960×600 window; left out: the toast's strip (the last 80 pt) and the
# scroll indicator's (the last 8 pt on the right), which fade on their own clocks.
phone = (312, 400, 20, 60)
video_crop = (312, 400, 0, 0)
d_first = difference(raw(first_png, phone), raw(a, video_crop, frame=0))
check(d_first < 4, "the first frame matches the window's first screenshot (mean |Δ| %.2f)" % d_first)
d_last = difference(raw(last_png, phone), raw(a, video_crop, frame=line["frames"] - 1))
check(d_last < 6, "the last frame matches the window at rest (mean |Δ| %.2f; the photos' detail costs H.264 more)" % d_last)

gif = os.path.join(out, "fling.gif")
g = render(gif, "--scale", "0.5", "--video-layout", "window", "--fps", "20")
p = probe(gif)
check(p["width"] == 480 and p["height"] == 300, "a half-size window GIF: %d×%d" % (p["width"], p["height"]))
size = os.path.getsize(gif)
check(size < 10 << 20, "the GIF of %.1f s is %d kB" % (g["seconds"], size // 1000))

# Compare mode: two phones side by side with their titles; the same frames every run; the left phone is
# the single phone's video (the same policy, the same frames).
c1, c2 = os.path.join(out, "compare-a.mp4"), os.path.join(out, "compare-b.mp4")
line_c = render(c1, "--fps", "30", "--compare", "adaptive,deferred")
p = probe(c1)
check(int(p["nb_read_frames"]) == line_c["frames"] and p["width"] == 660 and p["height"] == 512,
      "compare: %s frames of %d×%d, two phones and their titles" % (p["nb_read_frames"], p["width"], p["height"]))
render(c2, "--fps", "30", "--compare", "adaptive,deferred")
md5 = [subprocess.run(["ffmpeg", "-v", "error", "-i", v, "-f", "framemd5", "-"], capture_output=True, text=True).stdout for v in (c1, c2)]
check(md5[0] == md5[1], "compare: two runs decode to the same %d frames" % line_c["frames"])
d_left = difference(raw(a, (312, 400, 0, 0), frame=10), raw(c1, (312, 400, 0, 32), frame=10))
check(d_left < 4, "compare: the left phone is the single phone's video (frame 10, mean |Δ| %.2f)" % d_left)

r = subprocess.run([binary, "replay", gesture, "--video", os.path.join(out, "x.avi")], capture_output=True, text=True)
check(r.returncode == 64 and "mp4" in r.stderr.splitlines()[0], "a bad ending: exit code 64 and a line naming the endings (%s)" % r.stderr.splitlines()[0])
r = subprocess.run([binary, "replay", gesture, "--video", os.path.join(out, "y.mp4")], capture_output=True, text=True,
                   env=dict(os.environ, PATH="/nonexistent"))
check(r.returncode == 2 and "ffmpeg" in r.stderr and r.stderr.count("\n") == 1, "no ffmpeg: one line, exit code 2 (%s)" % r.stderr.strip())
print("video: frames and duration, identical runs, first and last frames as the window shows them, a GIF")
