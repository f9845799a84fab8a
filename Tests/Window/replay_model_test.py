"""The window's replay of a gesture is the headless replay, figure for figure (B-VID-2; one
model clock): from the bundled image folder, decoded on the workers, a load completes at the model's latency
plus its decode time whatever the wall clock did meanwhile (the file is decoded at once and its texture
follows), so the `replayEnd` line's metrics equal `replay --headless`'s end line's, every key. They used to
drift: the latency ran on the wall clock, a replay's model time lags it in its first frames, and a load
completed with its upload (a first image at 0.067 s under an 80 ms latency; blank time 0.43 against 0.50).
During a replay a frame waits for the decodes due by its time however long the wall clock takes (a decode
starved past the model's 250 ms on a busy machine completed a frame late: blank time 3.87 against 3.80).

Over the modelled network the same holds: a replay whose motion has ended while loads are still coming
keeps stepping on its grid until they settle (it used to step to the wall's moments, so its end came up to
a frame late: settle latency 1.568 against 1.55 s on rapid-flings, Adaptive, 3G), and a disk cache hit
completes at the model's disk read plus decode time, as headless, not when its real decode is taken (blank
time 3.82 against 2.75 tile·s on fling-stop-reverse with a 1 MB memory cache), its decode counted in the
resident bytes as headless counts it. The window's disk cache is a fresh folder for each run. From an empty
one the window stores an image when the model's bytes arrive, as the model's disk does, so a load cancelled
while it decodes is a later hit in both (it stored at the load's completion: 4 hits against 6 headless, 18
requests against 16). The last run starts from a folder a first window run filled, copied for the window
and for the headless replay (`--disk-cache DIR`: its entries at the start), so every load is a hit on both. A hit's model time is short
(a 1 ms read and a 6 ms decode): a real decode taken later, beside other tests, completes when it is taken,
so that run's device decodes in 120 ms an image, well beyond a real decode's time on a busy machine.

Usage: replay_model_test.py path/to/scrolllab OUTDIR
"""

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, read_trace, start

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
gestures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures")
slow_decode = os.path.join(out, "slow-decode-device.json")
with open(slow_decode, "w") as f:
    json.dump({"name": "slow-decode", "decodeMsPerMegapixel": 0, "downsampleMsPerMegapixel": 0, "decodeMsPerImage": 120,
               "downsampleMsPerImage": 120, "uploadMsPerMegapixel": 1, "completionMs": 0.1, "memoryLimitBytes": None,
               "source": "a test's"}, f)

small_cache = ["--network", "lte", "--cache-bytes", "1000000", "--device", slow_decode]
for run_index, (name, policy, extra, filled) in enumerate([("rapid-flings", "adaptive", ["--latency-ms", "250"], False),
                            ("fling-stop-reverse", "eager", ["--latency-ms", "250"], False),
                            ("slow-drag", "prefetch", ["--latency-ms", "250", "--device", "iphone-se"], False),
                            ("rapid-flings", "adaptive", ["--network", "3g"], False),
                            ("fling-stop-reverse", "eager", small_cache, False),
                            ("fling-stop-reverse", "eager", small_cache, True)]):
    gesture = os.path.join(gestures, name + ".jsonl")
    trace = os.path.join(out, "replay-model-%d-%s-%s.jsonl" % (run_index, name, policy))
    disk = os.path.join(out, "replay-model-disk")
    shutil.rmtree(disk, ignore_errors=True)
    window_disk = ["--disk-cache", disk] if "--network" in extra else []
    headless_disk = []
    if filled:
        warm = os.path.join(out, "replay-model-warm")
        shutil.rmtree(warm, ignore_errors=True)
        with closing(start(binary, "--replay", gesture, "--policy", policy, "--network", "lte", "--disk-cache", warm,
                           "--quit-after", "6")) as app:
            app.wait(timeout=120)
            check(app.returncode == 0 and len(os.listdir(warm)) > 6, "the window fills a disk cache (%d files)" % len(os.listdir(warm)))
        shutil.copytree(warm, disk)
        headless_disk = ["--disk-cache", os.path.join(out, "replay-model-warm-headless")]
        shutil.rmtree(headless_disk[1], ignore_errors=True)
        shutil.copytree(warm, headless_disk[1])
    with closing(start(binary, "--replay", gesture, "--policy", policy, "--quit-after", "8", "--trace-out", trace, *extra, *window_disk)) as app:
        app.wait(timeout=120)
        check(app.returncode == 0, "%s %s: the window exits 0 (%s)" % (name, policy, app.stderr.read().strip()[-300:]))
    ends = [l for l in read_trace(trace) if l.get("event") == "replayEnd"]
    run = subprocess.run([binary, "replay", gesture, "--headless", "--policy", policy, *extra, *headless_disk], capture_output=True, text=True, timeout=120)
    headless = [json.loads(l) for l in run.stdout.splitlines() if '"event":"end"' in l]
    check(run.returncode == 0 and len(headless) == 1, "%s %s: the headless replay ends once" % (name, policy))
    h = headless[0]["metrics"]
    w = ends[0]["metrics"] if len(ends) == 1 else {}
    differing = {k: (w.get(k), v) for k, v in h.items() if w.get(k) != v}
    check(len(ends) == 1 and not differing and h["loadsCompleted"] > 6,
          "%s %s %s: the window's replay has the headless replay's metrics, every key (%d keys; differing, window against headless: %r)"
          % (name, policy, " ".join(extra), len(h), differing))
    # The end line's time is the first grid frame at which the replay had settled, as headless ends, even
    # when a busy machine made the window step several grid frames at one moment.
    check(len(ends) == 1 and abs(ends[0]["t"] - headless[0]["t"]) < 1e-6,
          "%s %s %s: the window's replay ends at the headless end's frame (%s against %s s)"
          % (name, policy, " ".join(extra), ends[0]["t"] if ends else None, headless[0]["t"]))
    if "--cache-bytes" in extra and not filled:
        check(h["diskHits"] > 0 and h["requests"] > 0,
              "%s %s %s, from an empty disk cache: images fetched, then read back from it (%d hits, %d requests)"
              % (name, policy, " ".join(extra), h["diskHits"], h["requests"]))
    if filled:
        check(h["diskHits"] > 6 and h["requests"] == 0,
              "%s %s %s: every load reads the disk cache (%d hits, %d requests)" % (name, policy, " ".join(extra), h["diskHits"], h["requests"]))
