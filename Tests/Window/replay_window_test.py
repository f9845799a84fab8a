"""A dense replay does not freeze the window (§7, issue 23): 300 000 taps (27 MB) given to `--replay`. The
file is read on a thread of its own, so the window appears at once (it used to parse the whole file
first, seconds before anything showed), its samples are fed within a per-frame budget, and Esc closes it
promptly with the trace's summary.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, find_window, read_trace, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
dense = os.path.join(out, "dense-window.jsonl")
with open(dense, "w") as f:
    for i in range(300_000):
        f.write('{"t_ms":%d,"x":100,"y":200,"phase":"down"}\n{"t_ms":%d,"x":100,"y":200,"phase":"up"}\n' % (i // 10, i // 10))
trace_path = os.path.join(out, "dense-window-trace.jsonl")
started = time.monotonic()
app = subprocess.Popen([binary, "--replay", dense, "--trace-out", trace_path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
with closing(app):
    window = find_window(app, timeout=20)
    appeared = time.monotonic() - started
    check(appeared < 3, "the window appears without waiting for the file (%.1f s)" % appeared)
    time.sleep(1)
    before = time.monotonic()
    # Only the press: the app quits on it, and a release sent to the window after would find it gone.
    xdotool("keydown", "--window", window, "Escape")
    app.wait(timeout=10)
    closed = time.monotonic() - before
check(app.returncode == 0 and closed < 2, "Esc closes it promptly (%.2f s, exit %d)" % (closed, app.returncode))
check(read_trace(trace_path)[-1]["event"] == "summary", "the trace ends with its summary")

# S while a replay plays stops it (it played in the grid): the toast and standard output say so, and the
# trace has a `replay` setting `stopped` in place of a `replayEnd` that would never come.
browse = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets", "Gestures", "long-browse.jsonl")
trace_path = os.path.join(out, "stopped-replay-trace.jsonl")
app = subprocess.Popen([binary, "--replay", browse, "--trace-out", trace_path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
with closing(app):
    window = find_window(app, timeout=20)
    time.sleep(2)
    xdotool("key", "--window", window, "s")
    time.sleep(1)
    xdotool("keydown", "--window", window, "Escape")
    stdout, _ = app.communicate(timeout=10)
lines = read_trace(trace_path)
stopped = [l for l in lines if l.get("event") == "setting" and l.get("name") == "replay" and l.get("value") == "stopped"]
scene = [l for l in lines if l.get("event") == "setting" and l.get("name") == "scene"]
check(len(stopped) == 1 and not any(l.get("event") == "replayEnd" for l in lines), "S stops the replay: one `replay stopped` line, no replayEnd")
check(scene[-1]["value"] == "pager" and scene[-1]["t"] >= stopped[0]["t"], "the stop comes with the switch to the pager (%r)" % scene[-1])
check("replay stopped (S switched the scene)" in stdout and "replay finished" not in stdout, "standard output says it stopped: %r" % stdout)
print("replay_window_test: S stops a replay and says so")
