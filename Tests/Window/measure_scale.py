"""Four phones at 240 Hz on screens of several sizes and scales, two binaries side by side in one run.

Usage: python3 Tests/Window/measure_scale.py [--baseline OLD_SCROLLLAB] path/to/scrolllab [rounds]

For each screen (1920×1080, 1366×768, 2560×1440) and each `--scale` that fits it (1, 1.5, 2), an Xvfb
of that size is started and the window plays Assets/Gestures/rapid-flings.jsonl with four phones
(`--compare adaptive,deferred,prefetch,glide --software --refresh 240`); the trace's summary gives the
interval between presented frames while the content moves (p99), the hitch ratio and the work per
frame. The window's opening scale (the layout fitted to the screen) is printed beside each. With
`--baseline`, an older build runs in alternation. A measurement, not a test: run it on a quiet machine.
Goal (issue 58): interval p99 ≤ 5 ms and hitch < 5 ms/s on every row.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

args = sys.argv[1:]
baseline = None
if args[:1] == ["--baseline"]:
    baseline, args = os.path.abspath(args[1]), args[2:]
binary = os.path.abspath(args[0])
rounds = int(args[1]) if len(args) > 1 else 1
programs = ([("baseline", baseline)] if baseline else []) + [("this", binary)]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gesture = os.path.join(root, "Assets", "Gestures", "rapid-flings.jsonl")
screens = [(1920, 1080), (1366, 768), (2560, 1440)]
scales = [1, 1.5, 2]
layout = (960 + 3 * 340, 600)


def xvfb(width, height):
    """An Xvfb of `width`×`height` on a display it picks free itself (`-displayfd`, as Tests/Window/run-all.sh
    starts its own: a lock left by an Xvfb that was killed is no reason to skip a number); returns (process,
    display)."""
    for _ in range(5):
        read, write = os.pipe()
        p = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "%dx%dx24" % (width, height), "-nolisten", "tcp"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if number.isdigit():
            display = ":" + number
            for _ in range(100):
                if subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                    return p, display
                time.sleep(0.05)
        stop(p)
    raise SystemExit("Xvfb did not start")


def stop(server):
    """Stops an Xvfb as the test scripts do (SIGTERM: it removes its lock and socket), killing it if it hangs."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


results = {}
with tempfile.TemporaryDirectory() as out:
    for r in range(rounds):
        for (w, h) in screens:
            server, display = xvfb(w, h)
            try:
                for scale in scales:
                    if scale > 1 and (layout[0] * scale > w or layout[1] * scale > h):
                        continue   # "where the screen fits": the window would open smaller than asked
                    for name, program in programs:
                        trace = os.path.join(out, "%s-%dx%d-%s-%d.jsonl" % (name, w, h, scale, r))
                        command = [program, "--replay", gesture, "--trace-out", trace, "--quit-after", "9",
                                   "--compare", "adaptive,deferred,prefetch,glide", "--software",
                                   "--refresh", "240", "--scale", str(scale)]
                        env = dict(os.environ, DISPLAY=display)
                        subprocess.run(command, cwd=root, check=True, capture_output=True, timeout=90, env=env)
                        with open(trace) as f:
                            lines = [json.loads(line) for line in f if line.strip()]
                        s = lines[-1]
                        view = [l["value"] for l in lines if l.get("name") == "viewport"]
                        opened = view[0]["w"] / 320 if view else float("nan")
                        row = (s["motionIntervalP99Ms"], s["hitchTimeRatioMsPerS"], s["motionFrameP99Ms"], opened)
                        results.setdefault((w, h, scale, name), []).append(row)
                        print("%4dx%-4d scale %-3s %-8s interval p99 %5.2f ms  hitch %5.1f ms/s  work p99 %5.2f ms  (phone drawn at %.3f)"
                              % ((w, h, scale, name) + row), flush=True)
            finally:
                stop(server)
print("\nmedians over %d round(s) (load %s)" % (rounds, " ".join(open("/proc/loadavg").read().split()[:3])))
print("| screen | --scale | binary | interval p99 ms | hitch ms/s | work p99 ms | phone scale |")
print("| --- | --: | --- | --: | --: | --: | --: |")
for (w, h, scale, name), rows in results.items():
    med = [statistics.median(col) for col in zip(*rows)]
    print("| %d×%d | %s | %s | %.2f | %.1f | %.2f | %.3f |" % (w, h, scale, name, med[0], med[1], med[2], med[3]))
