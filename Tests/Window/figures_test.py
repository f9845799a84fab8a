"""The figures a user reads, in a real window under Xvfb (issue 22):

- Space freezes the timeline and unfreezes it (`timelineFrozen` settings in the trace); `[` moves a
  frozen one back;
- an idle window rests: once nothing moves, it uses (almost) no CPU — under 10 scheduler ticks (0.1 s)
  in 2 s, against a busy window's every-frame redraw — and a key wakes it at once;
- A plays the last gesture (here a `--replay`) under every policy in turn: one `policy` setting and one
  `policySegment` per policy, in `LoadingPolicyKind` order, each segment's counts consistent
  (done + cancelled ≤ issued, wasted ≤ done), and close to its headless twin `replay --policy all`
  (each run a fresh scene on model-clock images: loads within 10%, blank time within 15%; measured on
  single-fling: loads equal, blank time within 0.04 tile·s — the window's model times carry the
  replay's shift, so a sample and a frame that coincide headless can fall a rounding apart).
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, policies, quit_app, read_trace, start, wait_for, wait_for_setting, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "figures.jsonl")
gesture = os.path.join(os.path.dirname(__file__), "..", "..", "Assets", "Gestures", "single-fling.jsonl")
POLICIES = policies(binary)


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


app = start(binary, "--software", "--replay", gesture, "--trace-out", trace_path)
with closing(app):
    window, _ = open_window(app)
    check(wait_for_setting(trace_path, "replay", 0, 10) is not None, "the replay starts")
    check(wait_for(trace_path, lambda l: l.get("event") == "didEndDecelerating", 0, 10) is not None, "the fling settles")

    # 1. Space freezes and unfreezes the timeline; [ moves a frozen one.
    before = len(read_trace(trace_path))
    xdotool("key", "--window", window, "space")
    frozen = wait_for(trace_path, lambda l: l.get("name") == "timelineFrozen", before, 5)
    check(frozen is not None and read_trace(trace_path)[frozen]["value"] is True, "Space freezes the timeline")
    xdotool("key", "--window", window, "bracketleft")
    xdotool("key", "--window", window, "space")
    live = wait_for(trace_path, lambda l: l.get("name") == "timelineFrozen" and l.get("value") is False, before, 5)
    check(live is not None, "Space again: the timeline runs live")

    # 2. The idle window rests (the toast's 2.5 s, then 3.5 s of quiet), then a key wakes it.
    time.sleep(8)
    ticks = cpu_ticks(app.pid)
    time.sleep(2)
    idle = cpu_ticks(app.pid) - ticks
    check(idle < 10, "resting, the window used %d scheduler ticks in 2 s (under 10)" % idle)
    before = len(read_trace(trace_path))
    xdotool("key", "--window", window, "d")
    check(wait_for_setting(trace_path, "rate", before, 3) is not None, "a key wakes the resting window")
    xdotool("key", "--window", window, "d")  # the normal rate again, as the headless twin below
    check(wait_for(trace_path, lambda l: l.get("name") == "rate" and l.get("value") == "normal", before, 3) is not None,
          "D again: the normal rate")

    # 3. A: the replayed gesture under every policy in turn.
    before = len(read_trace(trace_path))
    xdotool("key", "--window", window, "a")
    check(wait_for_setting(trace_path, "compareAll", before, 5) is not None, "A starts the comparison")
    # Each run's segment is written when its fling has settled: the last policy's ends the comparison.
    done = wait_for(trace_path, lambda l: l.get("event") == "policySegment" and l.get("policy") == POLICIES[-1],
                    before, 120)
    check(done is not None, "A runs the last policy to its end")
    quit_app(app)

lines = read_trace(trace_path)
start_index = next(i for i, l in enumerate(lines) if l.get("name") == "compareAll")
runs = [l["value"] for l in lines[start_index:] if l.get("event") == "setting" and l.get("name") == "policy"]
check(runs == POLICIES, "one run per policy, in order (%s)" % runs)
# One segment per run, then the window's own scene again (its policy's segment, logged at the close).
segments = [l for l in lines[start_index:] if l.get("event") == "policySegment"]
check([s["policy"] for s in segments] == POLICIES + ["adaptive"],
      "one policySegment per policy, then the window's own (%s)" % [s["policy"] for s in segments])
segments = segments[:len(POLICIES)]
for s in segments:
    m = s["metrics"]
    check(m["loadsIssued"] > 0 and m["loadsCompleted"] + m["loadsCancelled"] <= m["loadsIssued"]
          and m["loadsWasted"] <= m["loadsCompleted"],
          "%s: issued %d ≥ done %d + cancelled %d, wasted %d ≤ done" % (s["policy"], m["loadsIssued"], m["loadsCompleted"],
                                                                       m["loadsCancelled"], m["loadsWasted"]))

twin = subprocess.run([binary, "replay", gesture, "--headless", "--policy", "all"], capture_output=True, text=True, check=True)
headless = {l["policy"]: l["metrics"] for l in map(json.loads, twin.stdout.splitlines()) if l.get("event") == "end"}
for s in segments:
    m, h = s["metrics"], headless[s["policy"]]
    check(abs(m["loadsIssued"] - h["loadsIssued"]) <= 0.1 * h["loadsIssued"]
          and abs(m["blankTileSeconds"] - h["blankTileSeconds"]) <= 0.15 * h["blankTileSeconds"] + 0.05,
          "%s: loads %d (headless %d), blank %.3f (headless %.3f)" % (s["policy"], m["loadsIssued"], h["loadsIssued"],
                                                                    m["blankTileSeconds"], h["blankTileSeconds"]))
