"""`scrolllab bench --frames` (issue 8) runs with no display: the grid with the bundled images through
a fling in SDL's offscreen driver, one JSON line per renderer with the frame-time percentiles and the
worst image stall; a renderer SDL does not have is reported as unavailable, not as a failure; `--control`
adds a last line, frames of fixed work paced alike, in the same keys.
(The figures themselves are machine-dependent and are not asserted here.)"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
repo = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
gesture = os.path.join(repo, "Assets", "Gestures", "single-fling.jsonl")
env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
result = subprocess.run([binary, "bench", "--frames", "--json", "--frames-gesture", gesture,
                         "--renderer", "software", "--renderer", "no-such-renderer", "--control"],
                        cwd=repo, env=env, capture_output=True, text=True, timeout=120)
check(result.returncode == 0, "bench --frames exits 0 with no display (stderr %r)" % result.stderr.strip())
lines = [json.loads(line) for line in result.stdout.splitlines()]
check(len(lines) == 3, "one line per renderer, then the control's: %s" % result.stdout.strip())
software, missing, control = lines
keys = ["renderer", "p50Ms", "p99Ms", "maxMs", "worstImageStallMs", "hitchTimeRatioMsPerS", "hitchCount", "longestHitchMs"]
check(list(software) == keys and software["renderer"] == "software", "software line has exactly the keys %s: %s" % (keys, software))
check(software["hitchCount"] >= 0 and software["hitchTimeRatioMsPerS"] >= 0, "hitch figures are numbers")
check(0 < software["p50Ms"] <= software["p99Ms"] <= software["maxMs"], "0 < p50 ≤ p99 ≤ max")
check(software["worstImageStallMs"] > 0, "images were uploaded during the run (worst stall %.3f ms)" % software["worstImageStallMs"])
check(missing["renderer"] == "no-such-renderer" and missing["p50Ms"] is None and "no-such-renderer" in missing["unavailable"],
      "a renderer SDL cannot create is reported unavailable: %s" % missing)
check(list(control) == keys and control["renderer"] == "control", "the control's line has the same keys: %s" % control)
check(0 < control["p50Ms"] <= control["p99Ms"] <= control["maxMs"] and control["worstImageStallMs"] == 0,
      "the control's frames are timed and load no image: %s" % control)

# A run at another scale says so in its line (its heading says "drawn at 0.50×").
result = subprocess.run([binary, "bench", "--frames", "--json", "--frames-gesture", gesture, "--renderer", "software",
                         "--scale", "0.5"], cwd=repo, env=env, capture_output=True, text=True, timeout=120)
check(result.returncode == 0, "bench --frames --scale 0.5 exits 0 (stderr %r)" % result.stderr.strip())
scaled = json.loads(result.stdout.splitlines()[0])
check(list(scaled) == keys + ["scale"] and scaled["scale"] == 0.5, "the line carries its scale: %s" % scaled)
