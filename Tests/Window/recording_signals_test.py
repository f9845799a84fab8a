"""F5 recordings are written as they go and closed cleanly (issue 16), in the real window under Xvfb:

- after a recorded fling ends, ./recordings/gesture-1.jsonl already holds it (before F5 or quitting);
- SIGTERM, SIGINT and Esc during a recording each close the window with exit code 0, the trace ends
  with its summary, and the file holds every completed gesture as whole JSON lines from t_ms 0;
- a failed save (./recordings is a plain file) says so on stderr and keeps the samples: once the
  folder can be made, the next F5 writes the whole recording (exit 0); a recording no save could write
  is said lost at the end, exit 1.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, drag, fail, open_window, read_trace, wait_for_event, xdotool

binary, out = sys.argv[1], sys.argv[2]


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail("timed out waiting for " + what)


def gestures_in(path):
    """The file's samples, checking every line is a whole JSON object; None when absent."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read()
    if text and not text.endswith("\n"):
        fail("%s ends with a cut line" % path)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def session(name, recordings_is_file=False):
    """Starts the window in its own folder, presses F5 and flings once; returns (app, workdir, trace, origin, x, y)."""
    workdir = os.path.join(out, "recording-" + name)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    if recordings_is_file:
        open(os.path.join(workdir, "recordings"), "w").close()
    trace = os.path.join(workdir, "trace.jsonl")
    # SIGINT back to its default: a shell starts background jobs with it ignored, and a program keeps an
    # ignored SIGINT ignored (as SDL does), so the test would not be pressing Ctrl-C at all.
    app = subprocess.Popen([binary, "--trace-out", trace], cwd=workdir,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        window, origin = open_window(app)
        viewport = read_trace(trace)[0]["value"]
        x, y = viewport["x"] + viewport["w"] // 2, viewport["y"] + viewport["h"] - 40
        xdotool("key", "F5")
        wait_for(lambda: any(e.get("name") == "recording" for e in read_trace(trace)), 5, "recording to start")
        drag(origin, x, y, -16, 12, 0.008)
        # The lift is what ends a gesture (and writes it); whether it flings depends on the machine's load.
        check(wait_for_event(trace, "didEndDragging", 0, 15) is not None, "%s: the recorded drag ends" % name)
    except BaseException:
        app.kill()
        app.wait()
        raise
    return app, workdir, trace, origin, x, y


def finish(app, trace, name):
    try:
        app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        app.kill()
        fail("%s: the window did not close" % name)
    check(app.returncode == 0, "%s: exit code 0 (%s)" % (name, app.stderr.read().strip()))
    check(read_trace(trace)[-1].get("event") == "summary", "%s: the trace ends with its summary" % name)


for name, stop in [("sighup", lambda app: app.send_signal(signal.SIGHUP)),
                   ("sigterm", lambda app: app.send_signal(signal.SIGTERM)),
                   ("sigint", lambda app: app.send_signal(signal.SIGINT)),
                   ("esc", lambda app: xdotool("key", "Escape"))]:
    app, workdir, trace, origin, x, y = session(name)
    path = os.path.join(workdir, "recordings", "gesture-1.jsonl")
    with closing(app):
        first = wait_for(lambda: gestures_in(path), 5, "the first gesture in the file")
        check(first[0]["phase"] == "down" and first[0]["t_ms"] == 0 and first[-1]["phase"] == "up",
              "%s: the fling is in the file while still recording (%d samples)" % (name, len(first)))
        drag(origin, x, y, -10, 6, 0.01)
        time.sleep(0.3)
        stop(app)
        finish(app, trace, name)
    samples = gestures_in(path)
    phases = [s["phase"] for s in samples]
    check(phases.count("down") == 2 and phases.count("up") == 2 and phases[-1] == "up",
          "%s: both gestures saved, whole lines (%d samples)" % (name, len(samples)))
    replay = subprocess.run([binary, "replay", path, "--headless"], capture_output=True, text=True, timeout=60)
    check(replay.returncode == 0, "%s: the file replays" % name)

# A failed save keeps the samples; F5 saves them once it can.
app, workdir, trace, origin, x, y = session("failed-save", recordings_is_file=True)
with closing(app):
    xdotool("key", "F5")
    time.sleep(0.5)
    os.remove(os.path.join(workdir, "recordings"))
    xdotool("key", "F5")
    path = os.path.join(workdir, "recordings", "gesture-1.jsonl")
    saved = wait_for(lambda: gestures_in(path), 5, "the retried save")
    check(saved[0]["phase"] == "down" and saved[-1]["phase"] == "up", "F5 after a failed save writes the kept gesture")
    xdotool("key", "Escape")
    app.wait(timeout=10)
    errors = app.stderr.read()
    check('cannot make the folder "recordings": not a folder' in errors and "the recording is kept" in errors,
          "the failed save is said on stderr: %s" % errors.strip().splitlines()[0])
    check(app.returncode == 0, "a failed save made good by F5 loses nothing: exit 0 (%s)" % app.returncode)

# A recording no save could write is lost at the end: said so, and exit 1 (was: dropped without a word, exit 0).
app, workdir, trace, origin, x, y = session("lost", recordings_is_file=True)
with closing(app):
    xdotool("key", "F5")
    time.sleep(0.5)
    xdotool("key", "Escape")
    app.wait(timeout=10)
    errors = app.stderr.read()
    check("the F5 recording that could not be saved is lost" in errors and app.returncode == 1,
          "a recording that could not be saved: exit %s, %s" % (app.returncode, errors.strip().splitlines()[-1:]))
    check(open(os.path.join(workdir, "recordings")).read() == "", "the file in the way is left as it was")

# F12 pressed in quick succession, before the last screenshot is written: each press its own file (was: the
# same name, written over, each said saved). A screenshot that cannot be saved leaves no empty file, exit 1.
for name, in_the_way, presses in (("screenshots", False, 5), ("screenshots-refused", True, 1)):
    workdir = os.path.join(out, "recording-" + name)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    if in_the_way:
        open(os.path.join(workdir, "screenshots"), "w").close()
    app = subprocess.Popen([binary], cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with closing(app):
        open_window(app)
        xdotool("key", "--delay", "60", *(["F12"] * presses))   # a frame or more apart; the writes take longer
        time.sleep(1.5)
        xdotool("key", "Escape")
        said, errors = app.communicate(timeout=20)
    if in_the_way:
        check(app.returncode == 1 and 'screenshot failed: cannot make the folder "screenshots": not a folder' in errors
              and open(os.path.join(workdir, "screenshots")).read() == "",
              "a screenshot that cannot be saved: exit %s, %s" % (app.returncode, errors.strip()))
    else:
        shots = sorted(os.listdir(os.path.join(workdir, "screenshots")))
        # Presses within one frame are one screenshot of it (a stalled frame may hold two): as many files as
        # screenshots said saved, none written over.
        check(2 <= len(shots) <= presses and shots == ["scrolllab-%d.png" % n for n in range(1, len(shots) + 1)]
              and said.count("screenshot saved") == len(shots) and app.returncode == 0,
              "%d quick F12s: %d files %s, %d said saved" % (presses, len(shots), shots, said.count("screenshot saved")))
        for shot in shots:
            with open(os.path.join(workdir, "screenshots", shot), "rb") as f:
                check(f.read(8) == b"\x89PNG\r\n\x1a\n", "%s is a PNG" % shot)

