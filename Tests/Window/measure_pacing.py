"""Frame pacing of the real window under Xvfb, old loop against new, side by side in one run.

Usage: python3 Tests/Window/measure_pacing.py [--baseline OLD_SCROLLLAB | --refresh HZ,HZ…] path/to/scrolllab [rounds]
(DISPLAY must be set)

With `--refresh 60,120` the software renderer's adaptive loop runs at each rate instead (`--refresh HZ`),
in alternation: the window paced at 60 and at 120 Hz side by side.

For each renderer (software, OpenGL) and pacing (legacy, adaptive), in alternation, the window plays
Assets/Gestures/rapid-flings.jsonl through the grid with images (--replay) and the trace's summary gives
the interval between presented frames (p50, p99, frames per second) and the work per frame while the
content moves. With `--baseline`, an older build runs in the same alternation with its legacy loop (the
program as it was before: rows "baseline"). Prints one line per run and a table of the medians. A
measurement, not a test.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

args = sys.argv[1:]
baseline = None
refresh = None
if args[:1] == ["--baseline"]:
    baseline, args = os.path.abspath(args[1]), args[2:]
if args[:1] == ["--refresh"]:
    refresh, args = [r for r in args[1].split(",") if r], args[2:]
binary = os.path.abspath(args[0])
rounds = int(args[1]) if len(args) > 1 else 2
runs = ([(baseline, "baseline", "legacy")] if baseline else []) + [(binary, "legacy", "legacy"), (binary, "adaptive", "adaptive")]
if refresh:
    runs = [(binary, "%s Hz" % hz, "adaptive") for hz in refresh]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gesture = os.path.join(root, "Assets", "Gestures", "rapid-flings.jsonl")
results = {}
with tempfile.TemporaryDirectory() as out:
    for r in range(rounds):
        for renderer in (["software"] if refresh else ["software", "opengl"]):
            for program, pacing, flag in runs:
                trace = os.path.join(out, "%s-%s-%d.jsonl" % (renderer, pacing.replace(" ", ""), r))
                command = [program, "--replay", gesture, "--trace-out", trace, "--pacing", flag, "--quit-after", "9"]
                if refresh:
                    command += ["--refresh", pacing.split()[0]]
                if renderer == "software":
                    command.append("--software")
                subprocess.run(command, cwd=root, check=True, capture_output=True, timeout=60)
                with open(trace) as f:
                    lines = [json.loads(line) for line in f if line.strip()]
                s = lines[-1]
                names = [l["value"] for l in lines if l.get("name") == "renderer"]
                row = (s["motionFps"], s["motionIntervalP50Ms"], s["motionIntervalP99Ms"],
                       s["motionFrameP99Ms"], s["motionPresentP50Ms"], s["motionFrames"])
                results.setdefault((renderer, pacing), []).append(row)
                print("%-8s %-8s fps %5.1f  interval p50 %5.2f p99 %5.2f ms  work p99 %5.2f ms  present p50 %5.2f ms  (%d motion frames; %s)"
                      % ((renderer, pacing) + row + (names[0] if names else "?",)), flush=True)
print("\nmedians over %d rounds (load %s)" % (rounds, open("/proc/loadavg").read().split()[:3]))
print("| renderer | pacing | fps | interval p50 ms | interval p99 ms | work p99 ms | present p50 ms |")
print("| --- | --- | --: | --: | --: | --: | --: |")
for (renderer, pacing), rows in results.items():
    med = [statistics.median(col) for col in zip(*rows)]
    print("| %s | %s | %.1f | %.2f | %.2f | %.2f | %.2f |" % (renderer, pacing, med[0], med[1], med[2], med[3], med[4]))
