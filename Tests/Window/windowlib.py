"""Helpers for the real-window tests: start scrolllab, find its window, drive the X pointer with
xdotool, read the JSON-lines trace."""

import contextlib
import ctypes
import ctypes.util
import json
import os
import re
import select
import subprocess
import sys
import threading
import time


def free_port():
    """A port nothing listens on, below the kernel's ephemeral range: no connection is given it, so it stays
    free for a server started on it, and a client connecting to it while it is closed is refused rather than
    connected to itself (a socket whose own port is its destination's)."""
    import random
    import socket
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        low = int(f.read().split()[0])
    while True:
        port = random.randrange(10000, max(10001, low - 1))
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
                return port
            except OSError:
                continue


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def xdotool(*args):
    """Runs xdotool with `args` and returns what it printed; a call that fails prints xdotool's own words
    (its standard error) before the test stops on it."""
    command = ["xdotool", *map(str, args)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print("xdotool %s exited %d; it said: %s" % (" ".join(command[1:]), done.returncode,
                                                      done.stderr.strip() or "(nothing)"))
        sys.stdout.flush()
        raise subprocess.CalledProcessError(done.returncode, command, done.stdout, done.stderr)
    return done.stdout.strip()


def start(binary, *args):
    """Starts scrolllab with `args`; returns the process."""
    return subprocess.Popen([binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def quit_app(app):
    """Presses Esc and checks the window closes with exit code 0."""
    xdotool("key", "Escape")
    try:
        app.wait(timeout=10)
    except subprocess.TimeoutExpired:
        fail("Esc did not close the window")
    check(app.returncode == 0, "exit code 0 after Esc")


def find_window(process, timeout=60.0):
    """The X window id of `process`'s window titled exactly ScrollLab, once it is mapped (SDL names the
    window before it maps it; focusing it in between fails). Searched by the process's id (SDL sets
    _NET_WM_PID), so the window of a test's previous app, which a busy X server may still be tearing
    down, is never picked."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail("scrolllab exited early with %s: %s" % (process.returncode, process.stderr.read()))
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(process.pid), "--name", "^ScrollLab$"],
                               capture_output=True, text=True)
        ids = found.stdout.split()
        if ids:
            return ids[-1]
        time.sleep(0.1)
    fail("no window titled ScrollLab within %.0f s" % timeout)


def open_window(process, settle=0.5):
    """Finds `process`'s window (`find_window`), gives it the keyboard focus and waits `settle` seconds
    for its first frames; returns (window id, its top-left on the screen)."""
    window = find_window(process)
    xdotool("windowfocus", "--sync", window)
    origin = window_origin(window)
    time.sleep(settle)
    return window, origin


def window_origin(window):
    """Top-left of the window on the screen."""
    geometry = xdotool("getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
    return int(values["X"]), int(values["Y"])


def read_trace(path):
    """The trace's lines so far ([] while the app has not created the file yet)."""
    try:
        with open(path) as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []


def wait_for(path, predicate, after_index, timeout):
    """Waits until a trace line past `after_index` satisfies `predicate`; returns its index or None."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            lines = read_trace(path)
        except (OSError, json.JSONDecodeError):
            lines = []
        for i in range(after_index, len(lines)):
            if predicate(lines[i]):
                return i
        time.sleep(0.05)
    return None


def wait_for_event(path, name, after_index, timeout):
    """Waits until the trace has event `name` past line `after_index`; returns its index or None."""
    return wait_for(path, lambda line: line.get("event") == name, after_index, timeout)


def wait_for_setting(path, name, after_index, timeout):
    """Waits until the trace has a `setting` line named `name` past `after_index`; returns (its index, the
    line), or (None, None)."""
    index = wait_for(path, lambda line: line.get("event") == "setting" and line.get("name") == name,
                     after_index, timeout)
    return (None, None) if index is None else (index, read_trace(path)[index])


@contextlib.contextmanager
def closing(app):
    """Yields `app` and makes sure it is gone afterwards: a test that fails (or returns early) kills the
    window it opened, so it never takes the focus or the cores from the tests after it."""
    try:
        yield app
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def least_squares_slope(samples):
    """Slope of position over time (per second) through (t, y) samples."""
    n = len(samples)
    mt = sum(t for t, _ in samples) / n
    my = sum(y for _, y in samples) / n
    num = sum((t - mt) * (y - my) for t, y in samples)
    den = sum((t - mt) ** 2 for t, _ in samples)
    return num / den


class DisplayWatcher:
    """A connection of its own to the X display, read from a thread while the watcher is in a `with`
    block: the subclass's `_run` loops while `self.running`."""

    def __init__(self, what):
        self.x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        # Xvfb resets when its last client leaves (the tests rely on it: a key left pressed is released),
        # and refuses connections while it does: a watcher opened just after an app quit waits that out.
        self.display = self.x11.XOpenDisplay(None)
        deadline = time.monotonic() + 3
        while not self.display and time.monotonic() < deadline:
            time.sleep(0.05)
            self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            fail("cannot open the X display to watch " + what)
        self.root = self.x11.XDefaultRootWindow(self.display)
        self.running = False

    def __enter__(self):
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()
        self.x11.XCloseDisplay(ctypes.c_void_p(self.display))


class _RecordRange8(ctypes.Structure):
    _fields_ = [("first", ctypes.c_ubyte), ("last", ctypes.c_ubyte)]


class _RecordExtRange(ctypes.Structure):
    _fields_ = [("ext_major", _RecordRange8), ("ext_minor_first", ctypes.c_ushort), ("ext_minor_last", ctypes.c_ushort)]


class _RecordRange(ctypes.Structure):
    """XRecordRange (X11/extensions/record.h)."""
    _fields_ = [("core_requests", _RecordRange8), ("core_replies", _RecordRange8), ("ext_requests", _RecordExtRange),
                ("ext_replies", _RecordExtRange), ("delivered_events", _RecordRange8), ("device_events", _RecordRange8),
                ("errors", _RecordRange8), ("client_started", ctypes.c_int), ("client_died", ctypes.c_int)]


class _RecordInterceptData(ctypes.Structure):
    """XRecordInterceptData: `data` holds one X protocol event as sent on the wire (32 bytes)."""
    _fields_ = [("id_base", ctypes.c_ulong), ("server_time", ctypes.c_ulong), ("client_seq", ctypes.c_ulong),
                ("category", ctypes.c_int), ("client_swapped", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
                ("data_len", ctypes.c_ulong)]


class PointerObserver(DisplayWatcher):
    """Records the real X pointer's motion as the X server processes it, with the server's own time: the
    RECORD extension (libXtst) hands this connection every device event, so the observer neither polls
    nor depends on when its own thread runs. A drag's speed measured here is the pointer's, independent of
    the app under test (which may stall, drop or restamp what it is sent). Samples: (server time in s,
    root y) of each MotionNotify. (It polled XQueryPointer every 0.3 ms before: on a stalling VM a poll
    answered late bent its fit by 12% where the drag's moves were even, and its load slowed xdotool.)"""

    MOTION_NOTIFY = 6
    _CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_RecordInterceptData))

    def __init__(self):
        super().__init__("the pointer")
        self.xtst = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xtst") or "libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        for name, args in [("XSync", [ctypes.c_void_p, ctypes.c_int]), ("XConnectionNumber", [ctypes.c_void_p]),
                           ("XCloseDisplay", [ctypes.c_void_p])]:
            getattr(self.x11, name).argtypes = args
        xtst = self.xtst
        xtst.XRecordAllocRange.restype = ctypes.POINTER(_RecordRange)
        xtst.XRecordCreateContext.restype = ctypes.c_ulong
        xtst.XRecordCreateContext.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_ulong), ctypes.c_int,
                                              ctypes.POINTER(ctypes.POINTER(_RecordRange)), ctypes.c_int]
        xtst.XRecordEnableContextAsync.argtypes = [ctypes.c_void_p, ctypes.c_ulong, self._CALLBACK, ctypes.c_void_p]
        xtst.XRecordProcessReplies.argtypes = [ctypes.c_void_p]
        xtst.XRecordFreeData.argtypes = [ctypes.POINTER(_RecordInterceptData)]
        xtst.XRecordDisableContext.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        xtst.XRecordFreeContext.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFree.argtypes = [ctypes.c_void_p]
        # The context is made on the watcher's connection; its data comes on a second one (RECORD's rule).
        self.data = self.x11.XOpenDisplay(None)
        if not self.data:
            fail("cannot open a second X connection to record the pointer")
        ranges = xtst.XRecordAllocRange()
        ranges.contents.device_events.first = ranges.contents.device_events.last = self.MOTION_NOTIFY
        all_clients = ctypes.c_ulong(3)   # XRecordAllClients
        self.context = xtst.XRecordCreateContext(self.display, 0, ctypes.byref(all_clients), 1, ctypes.byref(ranges), 1)
        self.x11.XFree(ranges)
        if not self.context:
            fail("the X server refused a RECORD context (is the RECORD extension there?)")
        self.x11.XSync(self.display, 0)
        self.samples = []
        self.callback = self._CALLBACK(self._intercepted)   # kept: the C library calls it while recording

    def _intercepted(self, _closure, intercepted):
        data = intercepted.contents
        if data.category == 0 and data.data_len >= 8:   # XRecordFromServer: an event, 32 bytes on the wire
            wire = bytes(data.data[:32])
            order = "big" if data.client_swapped else "little"
            if wire[0] & 0x7F == self.MOTION_NOTIFY:
                server_ms = int.from_bytes(wire[4:8], order)
                self.samples.append((server_ms / 1000.0, int.from_bytes(wire[22:24], order, signed=True)))
        self.xtst.XRecordFreeData(intercepted)

    def __enter__(self):
        if not self.xtst.XRecordEnableContextAsync(self.data, self.context, self.callback, None):
            fail("the X server would not start recording the pointer")
        self.x11.XSync(self.display, 0)   # recording starts before the drag
        return super().__enter__()

    def _run(self):
        fd = self.x11.XConnectionNumber(self.data)
        while self.running:
            select.select([fd], [], [], 0.02)
            self.xtst.XRecordProcessReplies(self.data)

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()
        self.xtst.XRecordDisableContext(self.display, self.context)
        self.x11.XSync(self.display, 0)
        self.xtst.XRecordProcessReplies(self.data)   # the events recorded before the disable
        self.xtst.XRecordFreeContext(self.display, self.context)
        self.x11.XCloseDisplay(self.data)
        super().__exit__(*exc)


def drag(origin, x, y0, dy, steps, interval, observe=False):
    """A vertical drag of the real X pointer with one xdotool process: down at (x, y0) in window
    coordinates, then `steps` moves of `dy` pixels with `interval` seconds between them (xdotool's own
    sleep, so the pace is steady), released right after the last move (a fling).
    With `observe`, returns the pointer's observed (time, screen y) samples."""
    ox, oy = origin
    chain = ["mousemove", ox + x, oy + y0, "sleep", "0.08", "mousedown", 1, "sleep", "0.05"]
    for k in range(1, steps + 1):
        chain += ["mousemove", ox + x, oy + y0 + k * dy]
        if k < steps:
            chain += ["sleep", "%.4f" % interval]
    chain += ["mouseup", 1]
    if not observe:
        xdotool(*chain)
        return []
    with PointerObserver() as observer:
        xdotool(*chain)
        time.sleep(0.02)
    return observer.samples


def quadratic_slope_at_end(samples):
    """The slope (per second) at the last sample of the least-squares quadratic through (t, y) samples:
    the observer's own fit of how fast the pointer was moving when it was lifted."""
    t_end = samples[-1][0]
    ts = [t - t_end for t, _ in samples]
    ys = [y for _, y in samples]
    # Normal equations of y = a + b·t + c·t², solved by Cramer's rule (b is the slope at t = 0, the end).
    s = [sum(t ** k for t in ts) for k in range(5)]
    r = [sum(y * t ** k for t, y in zip(ts, ys)) for k in range(3)]
    m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]

    def det(a):
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))

    with_r = [[m[i][0], r[i], m[i][2]] for i in range(3)]
    return det(with_r) / det(m)


def observed_release_speed(samples):
    """The drag's speed at the lift as the pointer observer measures it, with its own fit over its own
    sample times: the least-squares quadratic through its last 100 ms (at most 20 samples), evaluated at
    the last sample; content direction, pt/ms. A drag driven by xdotool speeds up a little as it goes, so
    the slope at the lift, not the mean over the window, is what a release should read."""
    recent = [(t, y) for t, y in samples if t >= samples[-1][0] - 0.1][-20:]
    return -quadratic_slope_at_end(recent) / 1000.0


def steady_fling(binary, trace_path, origin, px, bottom, attempts=10, steps=24, dy=-12, interval=0.008,
                 after_drag=None):
    """A fling at a steady speed: `steps` moves of `dy` px every `interval` s (about 1.45 px/ms with
    xdotool's own overhead), released right after the last move. Its speed is measured independently of
    the app, from the motion the X server recorded (`PointerObserver`, `observed_release_speed`). When the
    machine is loaded xdotool itself can stall and the drag is not steady: uneven gaps, or its last moves
    or its slope at the lift off its last 100 ms by more than 5% (a drag's speed is then not one number).
    It is tried again half a second later, at most `attempts` times (a shared VM's stalls came in runs of
    three and more), and the last try is taken as it was held. `after_drag()` runs right after each drag.
    Returns (trace lines of the gesture up to didEndDecelerating, observed samples, speed in content
    pt/ms, the willEndDragging record)."""
    for attempt in range(1, attempts + 1):
        lines_before = len(read_trace(trace_path))
        samples = drag(origin, px, bottom, dy, steps, interval, observe=True)
        samples = [(t, y) for t, y in samples if y < origin[1] + bottom][1:]   # the moves, from the second
        if after_drag:
            after_drag()
        end = wait_for_event(trace_path, "didEndDecelerating", lines_before, 10)
        check(end is not None, "the fling ends with didEndDecelerating")
        events = read_trace(trace_path)[lines_before:end + 1]
        ended = next(e for e in events if e["event"] == "willEndDragging")
        if len(samples) < 15:
            print("attempt %d: the pointer observer saw only %d moves; again" % (attempt, len(samples)))
            continue
        recent = [(t, y) for t, y in samples if t >= samples[-1][0] - 0.1]
        gaps = [b[0] - a[0] for a, b in zip(recent, recent[1:])]
        mean_speed = -least_squares_slope(recent) / 1000.0   # content direction, pt/ms
        late_speed = -least_squares_slope(samples[-6:]) / 1000.0
        at_lift = observed_release_speed(samples)
        if (max(gaps) <= 1.6 * sorted(gaps)[len(gaps) // 2] and abs(late_speed - mean_speed) <= 0.05 * mean_speed
                and abs(at_lift - mean_speed) <= 0.05 * mean_speed):
            print("steady drag: %.3f pt/ms at the lift (the observer's fit; %.3f over its last 100 ms)"
                  % (at_lift, mean_speed))
            return events, samples, at_lift, ended
        print("attempt %d: drag not steady (gaps %s ms, speed %.3f / last 6 moves %.3f / at the lift %.3f pt/ms)"
              % (attempt, ["%.0f" % (g * 1000) for g in gaps], mean_speed, late_speed, at_lift))
        if attempt < attempts:
            time.sleep(0.5)
    at_lift = observed_release_speed(samples)
    print("no steady drag in %d attempts: the last one as held, %.3f pt/ms at the lift (the observer's fit)"
          % (attempts, at_lift))
    return events, samples, at_lift, ended


def check_release_velocity(binary, events, samples, true_speed, ended, estimator=None, name="drag"):
    """Checks the release three ways: the window's sample times give the drag's observed speed (its
    last 100 ms, fitted alike on both); `scrolllab velocity` over the window's own samples (the trace's
    pointer lines) gives exactly the release velocity, so the window runs the estimator on those
    samples; and the release is within 10% of `true_speed`, the drag's speed as the pointer observer
    measured it with its own fit over the times the X server recorded (`steady_fling`). Returns the release velocity (content pt/ms)."""
    measured = ended["velocity"]["y"]
    pointer = [e for e in events if e["event"] == "pointer"]
    moves = [(e["t_ms"] / 1000, e["y"]) for e in pointer if e["phase"] == "move"]
    stamped_speed = -least_squares_slope([p for p in moves if p[0] >= moves[-1][0] - 0.1]) / 1000.0
    observed_speed = -least_squares_slope([p for p in samples if p[0] >= samples[-1][0] - 0.1]) / 1000.0
    check(abs(stamped_speed - observed_speed) <= 0.10 * abs(observed_speed),
          "%s: the window's sample times give the drag's observed speed over its last 100 ms (%.3f vs %.3f pt/ms)"
          % (name, stamped_speed, observed_speed))
    print("drag speed as held: %.3f pt/ms (the observer's fit); window's samples, fitted over "
          "their last 100 ms: %.3f pt/ms; willEndDragging velocity.y %.3f pt/ms" % (true_speed, stamped_speed, measured))
    gesture = pointer[max(i for i, e in enumerate(pointer) if e["phase"] == "down"):]
    lines = "".join(json.dumps({k: e[k] for k in ("t_ms", "x", "y", "phase")}) + "\n" for e in gesture)
    args = [binary, "velocity"] + (["--estimator", estimator] if estimator else [])
    replayed = json.loads(subprocess.run(args, input=lines, capture_output=True, text=True, check=True).stdout)["vy"] / -1000.0
    check(abs(replayed - measured) <= 0.005 * abs(measured) + 0.001,
          "scrolllab velocity over the window's samples gives the release velocity (%.4f vs %.4f pt/ms)" % (replayed, measured))
    check(abs(measured - true_speed) <= 0.10 * abs(true_speed),
          "release velocity within 10%% of the drag's speed as held (%.3f vs %.3f, %+.1f%%)"
          % (measured, true_speed, 100 * (measured - true_speed) / true_speed))
    return measured


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


def policies(binary):
    """The loading policies `binary` knows, in key order: `--policy`'s values in `replay --help`, without `all`
    and the peers' `@shipped` variants (those are named on the command line only; the keys pick a policy on
    the shared pipeline): the registry's list, so a test never names the policies by hand."""
    text = subprocess.run([binary, "replay", "--help"], capture_output=True, text=True, timeout=30).stdout
    match = re.search(r"--policy <policy>.*?\(values: ([^;]*);", text, re.S)
    return [name for name in re.sub(r"\s+", " ", match.group(1)).split(", ") if name != "all" and "@" not in name]



class WindowEvents(DisplayWatcher):
    """Records the top-level windows created, mapped, unmapped and destroyed on the display (the root
    window's SubstructureNotify events), from a thread: shows whether the window a search found is the one
    that stays, or one that SDL destroys and re-creates while it starts."""

    NAMES = {16: "create", 17: "destroy", 18: "unmap", 19: "map"}

    def __init__(self):
        super().__init__("its windows")
        self.x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        self.x11.XPending.argtypes = [ctypes.c_void_p]
        self.x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XSelectInput(self.display, self.root, 1 << 19)  # SubstructureNotifyMask
        self.x11.XSync(self.display, 0)
        self.events = []    # (name, window id as a decimal string, as xdotool prints it)

    def _run(self):
        event = (ctypes.c_long * 24)()   # XEvent: type at 0, the window at 40 for these four kinds
        while self.running:
            while self.x11.XPending(self.display):
                self.x11.XNextEvent(self.display, event)
                name = self.NAMES.get(event[0] & 0xFFFFFFFF)
                if name:
                    self.events.append((name, str(ctypes.c_ulong(event[5]).value)))
            time.sleep(0.002)


    def mapped(self):
        """The windows mapped so far, in order."""
        return [window for name, window in self.events if name == "map"]
