"""No display (B-UI-4): one clear line and exit code 2. Headless: renders offscreen and saves a PNG."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, png_size, read_trace

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]

env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
result = subprocess.run([binary], env=env, capture_output=True, text=True, timeout=30)
check(result.returncode == 2, "no display: exit code 2 (got %d)" % result.returncode)
lines = result.stderr.strip().splitlines()
check(len(lines) == 1 and "no display" in lines[0] and "--headless" in lines[0] and "xvfb-run" in lines[0],
      "no display: one line naming --headless and xvfb-run: %r" % result.stderr.strip())

env["SDL_VIDEODRIVER"] = "dummy"
result = subprocess.run([binary, "--frames", "3"], env=env, capture_output=True, text=True, timeout=30)
check(result.returncode == 2 and "no display" in result.stderr,
      "dummy video driver without --headless is refused: %r" % result.stderr.strip())

shot = os.path.join(out, "headless.png")
trace = os.path.join(out, "headless.jsonl")
del env["SDL_VIDEODRIVER"]
result = subprocess.run([binary, "--headless", "--frames", "5", "--screenshot", shot, "--trace-out", trace],
                        env=env, capture_output=True, text=True, timeout=60)
check(result.returncode == 0, "headless run exits 0 (stderr %r)" % result.stderr.strip())
check(png_size(shot) == (960, 600), "headless screenshot is a 960x600 PNG")
events = read_trace(trace)
check({k: v for k, v in events[0].items() if k != "t"} == {"event": "setting", "name": "viewport", "value": {"x": 20, "y": 60, "w": 320, "h": 480}}
      and events[0].get("t") == 0, "trace starts with the viewport line, at time 0")
check(events[-1]["event"] == "summary" and events[-1]["viewsCreated"] == 6 and events[-1]["frames"] == 5,
      "trace ends with a summary: 6 views, 5 frames")
