"""The window's replay of a gesture is the headless replay, figure for figure (B-VID-2; one
model clock): from the bundled image folder, decoded on the workers, a load completes at the model's latency
plus its decode time whatever the wall clock did meanwhile (the file is decoded at once and its texture
follows), so the `replayEnd` line's metrics equal `replay --headless`'s end line's, every key. They used to
drift: the latency ran on the wall clock, a replay's model time lags it in its first frames, and a load
completed with its upload (a first image at 0.067 s under an 80 ms latency; blank time 0.43 against 0.50).
A 250 ms latency keeps the real decodes well inside the model's time on a busy machine.

Usage: replay_model_test.py path/to/scrolllab OUTDIR
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, read_trace, start

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
gestures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures")

for name, policy, extra in [("rapid-flings", "adaptive", ["--latency-ms", "250"]),
                            ("fling-stop-reverse", "eager", ["--latency-ms", "250"]),
                            ("slow-drag", "prefetch", ["--latency-ms", "250", "--device", "iphone-se"])]:
    gesture = os.path.join(gestures, name + ".jsonl")
    trace = os.path.join(out, "replay-model-%s-%s.jsonl" % (name, policy))
    with closing(start(binary, "--replay", gesture, "--policy", policy, "--quit-after", "8", "--trace-out", trace, *extra)) as app:
        app.wait(timeout=120)
        check(app.returncode == 0, "%s %s: the window exits 0 (%s)" % (name, policy, app.stderr.read().strip()[-300:]))
    ends = [l for l in read_trace(trace) if l.get("event") == "replayEnd"]
    run = subprocess.run([binary, "replay", gesture, "--headless", "--policy", policy, *extra], capture_output=True, text=True, timeout=120)
    headless = [json.loads(l) for l in run.stdout.splitlines() if '"event":"end"' in l]
    check(run.returncode == 0 and len(headless) == 1, "%s %s: the headless replay ends once" % (name, policy))
    h = headless[0]["metrics"]
    w = ends[0]["metrics"] if len(ends) == 1 else {}
    differing = {k: (w.get(k), v) for k, v in h.items() if w.get(k) != v}
    check(len(ends) == 1 and not differing and h["loadsCompleted"] > 6,
          "%s %s %s: the window's replay has the headless replay's metrics, every key (%d keys; differing, window against headless: %r)"
          % (name, policy, " ".join(extra), len(h), differing))
