#!/usr/bin/env python3
"""Issue 53 item 3's check of the model's main thread against the window's (B-COST-1): the same big-photo
masonry feed, gesture and policy, on this machine's calibrated profile (`bench --calibrate`), once replayed
headless (the model's `hitchTimeRatioMsPerS`: each frame charged the uploads, completions and, with
`--decode-on-main`, decodes its policy caused) and once in the window (its measured hitch time ratio: frames
presented late during motion). 4 policies × 3 gestures, decoded off and on the main thread; prints one
table row per run with both ratios and their difference, and the main thread's image work of each (the
model's charge for decodes on it and uploads, without the completions; the window's measured time of the
same, with its count of decodes on the render thread).

    xvfb-run -a Benchmarks/hitch_model_vs_window.py [--bin .build/release/scrolllab] [--out DIR] [--count N] [--decode bg,main]
        [--repeat N] [--device FILE.json] [--pacing adaptive|display-link]

`--repeat N` plays each window run N times and compares the model with their mean (a window run's ratio
moves by whole late frames from one run to the next); `--device` uses a device file instead of calibrating.
The last lines sum up: the rows within 25%, the mean |window − model|, and all runs' late milliseconds over
all their seconds of motion, model against window.

The window reads the images from the folder `feed generate --write-images` wrote (`--assets DIR`, the
default 80 ms latency), as the headless replay's constant latency does; both decode downsampled
(`--downsample on`). The window paces as it does by default (`--pacing adaptive`: it wakes as late as its
frames' cost allows, and a late frame is late by what it missed its slot by); `--pacing display-link` paces
it as a phone's main thread (each frame started at the blank with the whole period, one over it shown whole
periods late, as the model counts). The window's ratio also holds whatever else its frames waited for on this machine (its
drawing, a busy core): run it on an idle machine.
"""

import argparse
import json
import os
import subprocess
import sys

POLICIES = ["eager", "deferred", "target", "adaptive"]
GESTURES = ["single-fling", "rapid-flings", "slow-drag"]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(root, ".build", "release", "scrolllab"))
    parser.add_argument("--out", default=os.path.join(root, ".build", "hitch-model-vs-window"))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--decode", default="bg,main", help="where images decode, comma-separated: bg, main")
    parser.add_argument("--repeat", type=int, default=1, help="window runs per row (their mean is compared)")
    parser.add_argument("--device", help="a device file to use instead of calibrating")
    parser.add_argument("--pacing", default="adaptive", help="the window's --pacing: adaptive (its default) or display-link")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    def lab(*a):
        r = subprocess.run([args.bin, *a], capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            sys.exit("scrolllab %s: exit %d: %s" % (" ".join(a[:3]), r.returncode, r.stderr.strip()[-400:]))
        return r.stdout

    feed, images = os.path.join(args.out, "photos.jsonl"), os.path.join(args.out, "images")
    if not os.path.exists(feed):
        lab("feed", "generate", "--layout", "masonry", "--count", str(args.count), "--seed", "5", "--images", "photos",
            "--out", feed, "--write-images", images)
    device = args.device or os.path.join(args.out, "calibrated.json")
    if not args.device:
        open(device, "w").write(lab("bench", "--calibrate"))
    print("device:", open(device).read().strip()[:220])

    completion_ms = json.load(open(device)).get("completionMs", 0)
    print("| gesture | policy | decode | model hitch ms/s | window hitch ms/s | window − model | window frame p50 ms "
          "| model main-thread ms | window main-thread ms (decodes) |")
    print("| --- | --- | --- | --: | --: | --: | --: | --: | --: |")
    rows = []
    for gesture in GESTURES:
        path = os.path.join(root, "Assets", "Gestures", gesture + ".jsonl")
        last = max(json.loads(l)["t_ms"] for l in open(path) if l.strip()) / 1000
        for decode in args.decode.split(","):
            extra = ["--decode-on-main"] if decode == "main" else []
            for policy in POLICIES:
                common = ["--feed", feed, "--device", device, "--policy", policy, *extra]
                end = [json.loads(l) for l in lab("replay", path, "--headless", *common).splitlines() if '"event":"end"' in l][-1]
                model = end["metrics"]["hitchTimeRatioMsPerS"]
                # The model's main-thread charge without its completions, which the window does not time.
                model_main = end["metrics"]["mainThreadMs"] - completion_ms * end["metrics"]["loadsCompleted"]
                windows, frames, mains, decodes = [], [], [], []
                for run in range(args.repeat):
                    trace = os.path.join(args.out, "trace-%s-%s-%s-%d.jsonl" % (gesture, policy, decode, run))
                    # The window runs the whole session the model did: until its replay ended (the view at rest,
                    # the loads it then makes, such as Deferred's at the end of deceleration), and a second more.
                    quit_after = max(last + 3, end["t"] + 1.5)
                    lab("--replay", path, "--assets", images, "--quit-after", "%.1f" % quit_after, "--trace-out", trace,
                        "--pacing", args.pacing, *common)
                    summary = [json.loads(l) for l in open(trace) if '"event":"summary"' in l][-1]
                    windows.append(summary["hitchTimeRatioMsPerS"])
                    frames.append(summary["motionFrameP50Ms"])
                    mains.append(summary["mainThreadMs"])
                    decodes.append(summary["mainThreadDecodes"])
                window = sum(windows) / len(windows)
                rows.append((model, window))
                print("| %s | %s | %s | %.1f | %s | %+.1f | %.2f | %.0f | %.0f (%.0f) |" % (
                    gesture, policy, decode, model, "%.1f" % window if len(windows) == 1
                    else "%.1f (%s)" % (window, ", ".join("%.1f" % w for w in windows)), window - model, sum(frames) / len(frames),
                    model_main, sum(mains) / len(mains), sum(decodes) / len(decodes)))
                sys.stdout.flush()
    within = sum(1 for m, w in rows if abs(m - w) <= 0.25 * w or m == w)
    print("within 25%%: %d of %d rows; mean |window − model| %.1f ms/s; the rows' mean, model %.1f against window %.1f ms/s (%+.0f%%)" % (
        within, len(rows), sum(abs(w - m) for m, w in rows) / len(rows), sum(m for m, _ in rows) / len(rows),
        sum(w for _, w in rows) / len(rows), 100 * (sum(m for m, _ in rows) / max(1e-9, sum(w for _, w in rows)) - 1)))


if __name__ == "__main__":
    main()
