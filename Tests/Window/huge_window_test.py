"""Any window size is survived, the drawable bounded (§7, issue 23): resizing the window to 32767×32767
(xdotool windowsize) used to crash inside Mesa's llvmpipe. The window is shrunk back to 8192 a side, says
so, keeps drawing and taking keys, and closes with its trace summary. A window destroyed by another client,
and a display whose X server goes away, close with exit code 0 and the trace's summary.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, open_window, quit_app, read_trace, xdotool

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
trace_path = os.path.join(out, "huge-window.jsonl")
app = subprocess.Popen([binary, "--trace-out", trace_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, origin = open_window(app)
    xdotool("windowsize", window, 32767, 32767)
    time.sleep(2)
    check(app.poll() is None, "the window survives a 32767x32767 resize")
    geometry = xdotool("getwindowgeometry", "--shell", window)
    size = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
    check(int(size["WIDTH"]) <= 8192 and int(size["HEIGHT"]) <= 8192, "the window is bounded: %sx%s" % (size["WIDTH"], size["HEIGHT"]))
    xdotool("key", "--window", window, "d")
    time.sleep(0.5)
    quit_app(app)
lines = read_trace(trace_path)
check(any(l.get("name") == "rate" and l.get("value") == "fast" for l in lines), "keys still work after the resize")
check(lines[-1]["event"] == "summary", "the trace ends with its summary")
check(any(l.get("name") == "viewport" and l["value"]["h"] > 480 for l in lines), "the phone was laid out in the big window")

# A window destroyed by another X client (xdotool windowclose): every drawing request then fails, which
# used to end the process in Xlib's default error handler with no trace summary. Now the app notices,
# says so, closes with exit code 0 and its trace ends with the summary.
trace_path = os.path.join(out, "destroyed-window.jsonl")
app = subprocess.Popen([binary, "--trace-out", trace_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
with closing(app):
    window, origin = open_window(app)
    xdotool("windowclose", window)
    try:
        app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        check(False, "the app closes when its window is destroyed")
stderr = app.stderr.read()
check(app.returncode == 0, "exit code 0 when another program destroyed the window (%s)" % stderr.strip()[-200:])
check("destroyed by another program" in stderr, "it says why it closed")
check(read_trace(trace_path)[-1]["event"] == "summary", "the trace ends with its summary")

# The X server itself going away (a closed `ssh -X`, a restarted Xvfb): Xlib's own handler printed "XIO:
# fatal IO error" and exited 1, the trace without its summary. Now the connection's loss is noted, the app
# says so and closes as for a destroyed window: exit code 0, the trace ending with its summary. On an X
# server of this test's own, started here and killed.
import shutil
import signal
display = ":%d" % (200 + os.getpid() % 500)
server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and subprocess.run(["xdpyinfo", "-display", display] if shutil.which("xdpyinfo") else
                                                         ["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=display),
                                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        time.sleep(0.1)
    trace_path = os.path.join(out, "lost-display.jsonl")
    app = subprocess.Popen([binary, "--trace-out", trace_path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=dict(os.environ, DISPLAY=display))
    with closing(app):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not (os.path.exists(trace_path) and len(read_trace(trace_path)) > 2):
            time.sleep(0.1)
        time.sleep(1)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        try:
            app.wait(timeout=15)
        except subprocess.TimeoutExpired:
            check(False, "the app closes when its display goes away")
    stderr = app.stderr.read()
    check(app.returncode == 0 and "connection to the display was lost" in stderr and "XIO" not in stderr,
          "exit code %s when the X server went away: %s" % (app.returncode, stderr.strip()[-200:]))
    check(read_trace(trace_path)[-1]["event"] == "summary", "the trace ends with its summary")
finally:
    if server.poll() is None:
        server.kill()
        server.wait()

