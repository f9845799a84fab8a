"""Helpers for the real-window tests: start scrolllab, find its window, drive the X pointer with
xdotool, read the JSON-lines trace."""

import json
import os
import subprocess
import sys
import time


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def xdotool(*args):
    return subprocess.run(["xdotool", *map(str, args)], check=True, capture_output=True, text=True).stdout.strip()


def start(binary, *args):
    """Starts scrolllab with `args`; returns the process."""
    return subprocess.Popen([binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def find_window(process, timeout=20.0):
    """The X window id of the window titled exactly ScrollLab."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail("scrolllab exited early with %s: %s" % (process.returncode, process.stderr.read()))
        found = subprocess.run(["xdotool", "search", "--name", "^ScrollLab$"], capture_output=True, text=True)
        ids = found.stdout.split()
        if ids:
            return ids[-1]
        time.sleep(0.1)
    fail("no window titled ScrollLab within %.0f s" % timeout)


def window_origin(window):
    """Top-left of the window on the screen."""
    geometry = xdotool("getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
    return int(values["X"]), int(values["Y"])


def read_trace(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def wait_for_event(path, name, after_index, timeout):
    """Waits until the trace has event `name` past line `after_index`; returns its index or None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            lines = read_trace(path)
        except (OSError, json.JSONDecodeError):
            lines = []
        for i in range(after_index, len(lines)):
            if lines[i].get("event") == name:
                return i
        time.sleep(0.05)
    return None


def least_squares_slope(samples):
    """Slope of position over time (per second) through (t, y) samples."""
    n = len(samples)
    mt = sum(t for t, _ in samples) / n
    my = sum(y for _, y in samples) / n
    num = sum((t - mt) * (y - my) for t, y in samples)
    den = sum((t - mt) ** 2 for t, _ in samples)
    return num / den


def drag(origin, x, y0, dy, steps, interval, release=True):
    """A vertical drag of the real X pointer: down at (x, y0) in window coordinates, then `steps`
    moves of `dy` pixels every `interval` seconds on an absolute schedule, releasing during the
    last move (a fling). Returns [(time, screen y)] measured right after each move was sent."""
    ox, oy = origin
    xdotool("mousemove", ox + x, oy + y0)
    time.sleep(0.05)
    xdotool("mousedown", 1)
    samples = []
    start = time.perf_counter()
    for k in range(1, steps + 1):
        target = start + k * interval
        while True:
            remaining = target - time.perf_counter()
            if remaining <= 0:
                break
            time.sleep(min(remaining, 0.001) if remaining < 0.003 else remaining - 0.002)
        y = y0 + k * dy
        if k == steps and release:
            xdotool("mousemove", ox + x, oy + y, "mouseup", 1)
        else:
            xdotool("mousemove", ox + x, oy + y)
        samples.append((time.perf_counter(), y))
    return samples


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
