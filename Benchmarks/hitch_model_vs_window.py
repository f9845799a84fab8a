#!/usr/bin/env python3
"""Issue 53 item 3's check of the model's main thread against the window's (B-COST-3): the same big-photo
masonry feed, gesture and policy, on this machine's calibrated profile (`bench --calibrate`), once replayed
headless (the model's `hitchTimeRatioMsPerS`: each frame charged the uploads, completions and, with
`--decode-on-main`, decodes its policy caused) and once in the window (its measured hitch time ratio: frames
presented late during motion). 4 policies × 3 gestures, decoded off and on the main thread; prints one
table row per run with both ratios and their difference.

    xvfb-run -a Benchmarks/hitch_model_vs_window.py [--bin .build/release/scrolllab] [--out DIR] [--count N] [--decode bg,main]

The window reads the images from the folder `feed generate --write-images` wrote (`--assets DIR`, the
default 80 ms latency), as the headless replay's constant latency does; both decode downsampled
(`--downsample on`). The window's ratio also holds whatever else its frames waited for on this machine (its
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
    device = os.path.join(args.out, "calibrated.json")
    open(device, "w").write(lab("bench", "--calibrate"))
    print("device:", open(device).read().strip()[:160])

    print("| gesture | policy | decode | model hitch ms/s | window hitch ms/s | window − model |")
    print("| --- | --- | --- | --: | --: | --: |")
    for gesture in GESTURES:
        path = os.path.join(root, "Assets", "Gestures", gesture + ".jsonl")
        last = max(json.loads(l)["t_ms"] for l in open(path) if l.strip()) / 1000
        for decode in args.decode.split(","):
            extra = ["--decode-on-main"] if decode == "main" else []
            for policy in POLICIES:
                common = ["--feed", feed, "--device", device, "--policy", policy, *extra]
                end = [json.loads(l) for l in lab("replay", path, "--headless", *common).splitlines() if '"event":"end"' in l][-1]
                model = end["metrics"]["hitchTimeRatioMsPerS"]
                trace = os.path.join(args.out, "trace-%s-%s-%s.jsonl" % (gesture, policy, decode))
                lab("--replay", path, "--assets", images, "--quit-after", "%.1f" % (last + 3), "--trace-out", trace, *common)
                summary = [json.loads(l) for l in open(trace) if '"event":"summary"' in l][-1]
                window = summary["hitchTimeRatioMsPerS"]
                print("| %s | %s | %s | %.1f | %.1f | %+.1f |" % (gesture, policy, decode, model, window, window - model))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
