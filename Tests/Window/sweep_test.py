"""Populations, captures and sweeps from the command line (B-GEN-1, B-IMPORT-1, B-SWEEP-1).

- `gestures generate`: the same seed gives byte-identical files; the files replay headless and bench; a
  folder holding sessions the run would not write is refused, left as it was.
- `gestures import`: a capture in `getevent -lt`'s exact format becomes gesture files; a malformed line
  is named, exit code 1.
- `sweep`: GNU Parallel with two job slots runs four shards; `sweep merge` equals the unsharded run,
  line for line (sorted); a sweep killed with SIGKILL and run again loses and repeats nothing.
- `sweep report --json` rows hold their means inside their intervals; `--plot` writes a PNG.
"""

import colorsys
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, png_size, policies

binary, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
work = os.path.join(out, "sweep")
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(*args, code=0):
    r = subprocess.run([binary] + list(args), capture_output=True, text=True, timeout=600, cwd=work)
    check(r.returncode == code, "scrolllab %s: exit code %d (%s)" % (" ".join(args[:3]), r.returncode, r.stderr.strip()[-200:]))
    return r


# Populations.
run("gestures", "generate", "--kind", "mixed", "--count", "24", "--seed", "11", "--out", "pop")
run("gestures", "generate", "--kind", "mixed", "--count", "4", "--seed", "11", "--out", "again")
for name in sorted(os.listdir(os.path.join(work, "again"))):
    with open(os.path.join(work, "pop", name), "rb") as a, open(os.path.join(work, "again", name), "rb") as b:
        check(a.read() == b.read(), "%s: the same seed gives the same file whatever the count" % name)
# A folder is one population: one that holds sessions the run would not write is refused, left as it was.
before = {name: open(os.path.join(work, "pop", name), "rb").read() for name in os.listdir(os.path.join(work, "pop"))}
r = run("gestures", "generate", "--kind", "flings", "--count", "4", "--seed", "9", "--out", "pop", code=1)
check("holds 20 session file(s) this run would not write (session-00004.jsonl … session-00023.jsonl)" in r.stderr,
      "a population over a larger one is refused, naming what it would leave: %s" % r.stderr.strip())
after = {name: open(os.path.join(work, "pop", name), "rb").read() for name in os.listdir(os.path.join(work, "pop"))}
check(after == before, "a refused population leaves the folder as it was")
run("gestures", "generate", "--kind", "mixed", "--count", "6", "--seed", "11", "--out", "again")   # grown: the same first four
check(sorted(os.listdir(os.path.join(work, "again"))) == ["session-%05d.jsonl" % i for i in range(6)], "a population grows in its folder")
run("gestures", "generate", "--kind", "mixed", "--count", "4", "--seed", "11", "--out", "again", code=1)
for name in ("session-00004.jsonl", "session-00005.jsonl"):
    os.remove(os.path.join(work, "again", name))
r = run("replay", "pop/session-00000.jsonl", "--headless")
check(json.loads(r.stdout.splitlines()[-1])["event"] == "end", "a generated session replays headless")
r = run("bench", "--gestures", "again", "--json")
# A row per policy on the shared pipeline and the two bounds, per session (the registry's count).
rows = len(policies(binary)) + 2
check(len(r.stdout.splitlines()) == 4 * rows, "bench runs the generated sessions (%d lines, %d a session)" % (len(r.stdout.splitlines()), rows))

# A capture, exactly as `adb shell getevent -lt` prints it.
def ev(t, typ, code, value):
    return "[%13.6f] /dev/input/event3: %-12s %-20s %s" % (t, typ, code, value)

lines = ["add device 1: /dev/input/event3", '  name:     "fts_ts"']
t = 5000.0
lines += [ev(t, "EV_ABS", "ABS_MT_TRACKING_ID", "0000002a"), ev(t, "EV_KEY", "BTN_TOUCH", "DOWN"),
          ev(t, "EV_ABS", "ABS_MT_POSITION_X", "%08x" % 540), ev(t, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % 1900),
          ev(t, "EV_SYN", "SYN_REPORT", "00000000")]
for k in range(1, 12):
    lines += [ev(t + 0.008 * k, "EV_ABS", "ABS_MT_POSITION_Y", "%08x" % (1900 - 55 * k)), ev(t + 0.008 * k, "EV_SYN", "SYN_REPORT", "00000000")]
lines += [ev(t + 0.1, "EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ev(t + 0.1, "EV_KEY", "BTN_TOUCH", "UP"),
          ev(t + 0.1, "EV_SYN", "SYN_REPORT", "00000000")]
with open(os.path.join(work, "capture.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")
run("gestures", "import", "capture.txt", "--max-x", "1079", "--max-y", "2399", "--density", "2.625", "--out", "imported")
files = sorted(os.listdir(os.path.join(work, "imported")))
check(files == ["capture-000.jsonl"], "one gesture file per touch sequence: %s" % files)
r = run("replay", "imported/capture-000.jsonl", "--headless")
events = [json.loads(l)["event"] for l in r.stdout.splitlines()]
check("willBeginDecelerating" in events, "the imported flick flings the grid")
with open(os.path.join(work, "broken.txt"), "w") as f:
    f.write("\n".join(lines[:4] + ["[ 5000.010000] /dev/input/event3: EV_ABS"] + lines[4:]) + "\n")
r = run("gestures", "import", "broken.txt", "--max-x", "1079", "--max-y", "2399", "--out", "imported2", code=1)
check("line 5" in r.stderr, "a malformed line is named: %s" % r.stderr.strip())

# Sweeps: unsharded, four shards on two GNU Parallel slots, merged.
factors = ["--gestures", "pop", "--policies", "eager,deferred,adaptive", "--latency-ms", "80,250", "--network", "3g"]
run("sweep", *factors, "--out", "all.jsonl", "--jobs", "2")
with open(os.path.join(work, "all.jsonl")) as f:
    unsharded = sorted(f.read().splitlines())
check(len(unsharded) == 24 * 3 * 3, "one line per configuration and gesture (%d)" % len(unsharded))
command = " ".join([binary, "sweep"] + factors + ["--jobs", "1", "--shard", "{}/4", "--out", "part-{}.jsonl"])
p = subprocess.run(["parallel", "-j", "2", command, ":::", "1", "2", "3", "4"], cwd=work, capture_output=True, text=True, timeout=600)
check(p.returncode == 0, "GNU Parallel ran the four shards on two slots")
run("sweep", "merge", "part-1.jsonl", "part-2.jsonl", "part-3.jsonl", "part-4.jsonl", "--out", "merged.jsonl")
with open(os.path.join(work, "merged.jsonl")) as f:
    merged = f.read().splitlines()
check(merged == unsharded, "merge equals the unsharded run, line for line (%d lines)" % len(merged))

# Killed and resumed.
for attempt in range(3):
    target = os.path.join(work, "resumed.jsonl")
    if os.path.exists(target):
        os.unlink(target)
    p = subprocess.Popen([binary, "sweep"] + factors + ["--out", "resumed.jsonl", "--jobs", "2"], cwd=work,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not os.path.exists(target) or os.path.getsize(target) < 20000):
        time.sleep(0.02)
    p.send_signal(signal.SIGKILL)
    p.wait()
    before = os.path.getsize(target)
    with open(target) as f:
        partial = f.read().count("\n")
    if 0 < partial < len(unsharded):
        break
check(0 < partial < len(unsharded), "killed part way: %d of %d lines (%d bytes)" % (partial, len(unsharded), before))
r = run("sweep", *factors, "--out", "resumed.jsonl", "--jobs", "2")
with open(target) as f:
    resumed = f.read().splitlines()
check(len(resumed) == len(set(resumed)), "no line twice after the resume")
check(sorted(resumed) == unsharded, "resumed: every result once, equal to the run that was never killed")

# Reports.
r = run("sweep", "report", "all.jsonl", "--json", "--resamples", "200")
rows = [json.loads(l) for l in r.stdout.splitlines()]
bounds = [row for row in rows if row["policy"].startswith("bound-")]
rows = [row for row in rows if not row["policy"].startswith("bound-")]
check(len(rows) == 3 * 3, "one row per policy and source (%d)" % len(rows))
check(sorted(b["value"] for b in bounds) == sorted(set(row["value"] for row in rows)) and all(b["policy"] == "bound-min-loads" for b in bounds),
      "a bound-min-loads row per source (the oracle needs --oracle)")
for b in bounds:
    least = min(row["loadsIssued"]["mean"] for row in rows if row["value"] == b["value"])
    check(b["loadsIssued"]["mean"] <= least, "%s: min loads %.1f ≤ every policy's mean loads (%.1f)" % (b["value"], b["loadsIssued"]["mean"], least))
for row in rows:
    for key in ("blankTileSeconds", "loadsIssued", "loadsWasted"):
        i = row[key]
        check(i["lo"] <= i["mean"] <= i["hi"], "%s %s %s: mean %.2f in [%.2f, %.2f]" % (row["policy"], row["value"], key, i["mean"], i["lo"], i["hi"]))
    check(0 <= row["undominatedShare"] <= 1 and row["sessions"] == 24, "%s %s: undominated %.2f of 24" % (row["policy"], row["value"], row["undominatedShare"]))
# Bytes in the user's units (B-SWEEP-2): beside loads and blank time for the network's rows only.
for row in rows:
    has = "networkBytes" in row
    check(has == (row["value"] == "3g"), "%s %s: bytes %s" % (row["policy"], row["value"], "reported" if has else "absent (no network)"))
    if has:
        i = row["networkBytes"]
        check(0 < i["lo"] <= i["mean"] <= i["hi"], "%s 3g: %.0f bytes in [%.0f, %.0f]" % (row["policy"], i["mean"], i["lo"], i["hi"]))
r = run("sweep", "report", "all.jsonl", "--recommend", "--json", "--resamples", "200")
advice = [json.loads(l) for l in r.stdout.splitlines()]
check(sorted(a["condition"]["source"] for a in advice) == ["3g", "latency 250 ms", "latency 80 ms"], "--recommend: one paragraph per condition, never pooled")
for a in advice:
    frontier = [p["policy"] for p in a["frontier"]]
    check(a["cost"] == ("bytes" if a["condition"]["source"] == "3g" else "loads") and a["recommended"] in frontier
          and a["paragraph"].startswith("Under " + a["condition"]["source"]) and ("Recommended: " + a["recommended"]) in a["paragraph"],
          "%s: frontier %s against %s, %s recommended" % (a["condition"]["source"], frontier, a["cost"], a["recommended"]))
r = run("sweep", "report", "all.jsonl", "--recommend", "--resamples", "200", "--plot", "recommend.png")
check(r.stdout.count("Under ") == 3, "--recommend without --json: three paragraphs")
size = png_size(os.path.join(work, "recommend.png"))
check(size is not None and size[0] == 1400 and size[1] > 800, "--recommend with --plot writes the plot too: %r (it left an empty file)" % (size,))
run("sweep", "report", "all.jsonl", "--plot", "report.png", "--resamples", "200")
w, h = png_size(os.path.join(work, "report.png"))
check(w == 1400 and h > 800, "the report's plot is written (%d×%d)" % (w, h))
# bench --plot draws each gesture's panel of loads against blank time and the key (B-POL-2): 3 cells of
# 520×400 under the title for two gestures, each policy's dot in its own colour. A bench refused for its
# gestures leaves no plot behind.
os.makedirs(os.path.join(work, "two"), exist_ok=True)
for name in ("single-fling", "rapid-flings"):
    shutil.copy(os.path.join(root, "Assets", "Gestures", name + ".jsonl"), os.path.join(work, "two"))
run("bench", "--gestures", "two", "--plot", "bench.png")
colours = subprocess.run(["convert", os.path.join(work, "bench.png"), "-format", "%c", "histogram:info:-"],
                         capture_output=True, text=True).stdout.splitlines()
vivid = 0
for line in colours:
    count, rgb = int(line.split(":")[0]), [int(float(v)) / 255 for v in line.split("(")[1].split(")")[0].split(",")[:3]]
    _, lightness, saturation = colorsys.rgb_to_hls(*rgb)
    vivid += count >= 200 and saturation > 0.45 and 0.2 < lightness < 0.8
check(png_size(os.path.join(work, "bench.png")) == (1560, 464) and vivid >= 8,
      "bench --plot: two panels and the key, %d policy colours" % vivid)
run("bench", "--gestures", os.path.join("two", "single-fling.jsonl"), "--plot", "refused.png", code=2)
check(not os.path.exists(os.path.join(work, "refused.png")), "a bench refused for its gestures writes no plot")
run("sweep", "--gestures", "pop", "--policies", "nope", "--out", "x.jsonl", code=64)
run("sweep", "--gestures", "pop", "--policies", "eager", "--shard", "5/4", "--out", "x.jsonl", code=64)
print("populations, captures, sweeps, shards on GNU Parallel, merge, resume and reports")
