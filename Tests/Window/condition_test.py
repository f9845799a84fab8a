"""Conditions never mix (B-COND-1): in the window, L under a network changes the profile, which ends
the policy's segment; every policySegment line carries the condition it ran under ("condition": source,
physics, rate, refresh, connections, HTTP version), so no line sums two networks."""

import os
import sys
import time

import windowlib as w

binary, out = sys.argv[1], sys.argv[2]
trace = os.path.join(out, "condition.jsonl")
p = w.start(binary, "--trace-out", trace, "--network", "3g", "--connections", "4", "--disk-cache", "off")
win = w.find_window(p)
time.sleep(1.0)
ox, oy = w.window_origin(win)
vp = w.read_trace(trace)[0]["value"]
w.drag((ox, oy), vp["x"] + vp["w"] // 2, vp["y"] + 420, -12, 20, 0.008)
time.sleep(1.5)
w.xdotool("key", "--window", win, "l")        # 3g → edge: adaptive's 3g segment ends
time.sleep(0.5)
w.drag((ox, oy), vp["x"] + vp["w"] // 2, vp["y"] + 420, -12, 20, 0.008)
time.sleep(1.5)
w.quit_app(p)

events = w.read_trace(trace)
segments = [e for e in events if e.get("event") == "policySegment"]
w.check(len(segments) == 2, "a segment ended by L and one at close: %r" % [s.get("condition") for s in segments])
first, second = segments
w.check(all("condition" in s for s in segments), "every policySegment line carries its condition")
w.check(first["condition"]["network"] == "3g" and second["condition"]["network"] == "edge",
        "the first segment ran under 3g, the second under edge: %r" % [s["condition"]["network"] for s in segments])
for s in segments:
    c = s["condition"]
    w.check(c["connections"] == 4 and c["http"] == "1.1" and c["physics"] == "ios" and c["latencyMs"] is None
            and c["source"] == "local" and c["decelerationRate"] == "normal" and c["refresh"] > 0,
            "the condition names the pipeline and the rest: %r" % c)
w.check(first["policy"] == second["policy"] == "adaptive", "the same policy, two rows")
w.check(first["metrics"]["loadsIssued"] > 0 and second["metrics"]["loadsIssued"] > 0, "each segment has its own loads")
change = next(e for e in events if e.get("event") == "setting" and e.get("name") == "network")
w.check(change["value"] == "edge" and first["t"] <= change["t"], "the 3g segment ended when L changed the network")
print("condition test: all checks passed")
