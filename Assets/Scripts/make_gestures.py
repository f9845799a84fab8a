#!/usr/bin/env python3
"""Synthesize the bundled gesture files: Assets/Gestures/*.jsonl

Each file holds one or more touch gestures as JSON lines
    {"t_ms": 123.4, "x": 160.25, "y": 402.1, "phase": "down|move|up"}
with times in milliseconds and positions in points relative to the top-left of
the 320x480 phone viewport. A pointer moving up scrolls the grid's content down
(offset grows); in the pager, a pointer moving left scrolls the content right.

The traces imitate a finger: a sample about every 8 ms with +-1 ms jitter in
time and +-0.3 pt in position, a smooth speed profile within each stroke,
flings released while the finger still moves, drags that stop and rest before
lifting (a resting finger sends no samples, as on iOS), and pauses between
gestures. Everything is seeded, so the files are identical on every run. Each
file is read back and validated before the script reports a summary.

Regenerate with:  python3 Assets/Scripts/make_gestures.py [--out DIR]
Standard library only.
"""

import argparse
import json
import math
import os
import random
import sys

VIEW_W, VIEW_H = 320.0, 480.0
SAMPLE_MS = 8.0
TIME_JITTER_MS = 1.0
POS_JITTER_PT = 0.3
SEED = 4242
DECELERATION_RATE = 0.998   # UIKit normal rate, per ms: used only for the browse tally


class Trace:
    """Accumulates the samples of one file; gestures are appended in time order."""

    def __init__(self, rng):
        self.rng = rng
        self.events = []        # (t_ms, x, y, phase)
        self.t = 0.0            # time at which the next gesture may start
        self.gestures = []      # per gesture: dict(kind, release velocity wanted)

    # -- low-level sample emission

    def _jit_t(self):
        return self.rng.uniform(-TIME_JITTER_MS, TIME_JITTER_MS)

    def _jit_p(self):
        return self.rng.uniform(-POS_JITTER_PT, POS_JITTER_PT)

    def _emit(self, t, x, y, phase, jitter=True):
        if jitter:
            x += self._jit_p()
            y += self._jit_p()
        x = min(VIEW_W - 0.5, max(0.5, x))
        y = min(VIEW_H - 0.5, max(0.5, y))
        if self.events:
            t = max(t, self.events[-1][0])      # never go back in time
        self.events.append((t, x, y, phase))

    def pause(self, ms):
        self.t += ms

    # -- strokes

    def stroke(self, start, delta, duration_ms, profile, release_speed_frac=0.0,
               settle_ms=0.0, hold_ms=0.0, kind="drag", wanted=0.0):
        """One touch: down at `start`, move by `delta` over `duration_ms`, then up.

        profile(u) -> progress in 0..1 for u in 0..1 (the speed profile).
        hold_ms > 0: the finger rests (no samples) that long before lifting.
        Otherwise the finger lifts one sample period after the last move,
        continuing at its current speed (a fling).
        """
        sx, sy = start
        dx, dy = delta
        t0 = self.t
        self._emit(t0, sx, sy, "down", jitter=False)
        t = t0
        # the finger lands and settles before it starts to travel
        moving_from = t0 + settle_ms
        last = (sx, sy)
        k = 1
        end = moving_from + duration_ms
        while True:
            nominal = t0 + k * SAMPLE_MS
            # a drag moves until the end; a fling's last sample, the up, falls at the end
            if nominal > end + 1e-6 or (hold_ms <= 0 and nominal > end - SAMPLE_MS / 2):
                break
            t = nominal + self._jit_t()
            u = min(1.0, max(0.0, (t - moving_from) / duration_ms))
            p = profile(u)
            x, y = sx + dx * p, sy + dy * p
            self._emit(t, x, y, "move")
            last = (x, y)
            k += 1
        if hold_ms > 0:
            t_up = self.events[-1][0] + hold_ms
            self._emit(t_up, last[0], last[1], "up", jitter=False)
        else:
            # release while moving, at the end of the stroke, on the same path
            t_up = nominal + self._jit_t()
            p = profile((t_up - moving_from) / duration_ms)
            self._emit(t_up, sx + dx * p, sy + dy * p, "up")
        self.t = self.events[-1][0]
        self.gestures.append({"kind": kind, "wanted": wanted, "start": len(self.events)})
        return self.events[-1][0] - t0

    def drag(self, start, delta, speed, hold_ms=100.0, settle_ms=None, kind="drag"):
        """A slow drag at about `speed` pt/s with soft start and stop, resting before release."""
        dist = math.hypot(*delta)
        ramp = 0.2      # fraction of the time spent speeding up, and again slowing down
        duration = dist / speed * 1000.0 * (1 + ramp)    # keeps the mean speed near `speed`
        settle = self.rng.uniform(30, 70) if settle_ms is None else settle_ms
        return self.stroke(start, delta, duration, trapezoid(ramp), settle_ms=settle,
                           hold_ms=hold_ms, kind=kind, wanted=0.0)

    def fling(self, start, direction, release_speed, duration_ms, kind="fling"):
        """A flick: speeds up smoothly and lifts off at `release_speed` pt/s."""
        ux, uy = direction
        norm = math.hypot(ux, uy)
        ux, uy = ux / norm, uy / norm
        prof = fling_profile()
        # distance so the final speed equals release_speed: final progress rate = 1/area
        dist = release_speed * duration_ms / 1000.0 * prof.area
        return self.stroke(start, (ux * dist, uy * dist), duration_ms, prof,
                           settle_ms=0.0, kind=kind, wanted=release_speed)

    def touch_still(self, at, hold_ms):
        """Down and up at the same place after `hold_ms`: catches a moving scroll view."""
        t0 = self.t
        self._emit(t0, at[0], at[1], "down", jitter=False)
        # one or two tiny tremors early on, well inside any touch slop, then rest
        for k in range(self.rng.randint(1, 2)):
            self._emit(t0 + (k + 1) * SAMPLE_MS + self._jit_t(), at[0], at[1], "move")
        self._emit(t0 + hold_ms, at[0], at[1], "up", jitter=False)
        self.t = self.events[-1][0]
        self.gestures.append({"kind": "stop", "wanted": 0.0, "start": len(self.events)})


def trapezoid(ramp):
    """Progress for a speed that rises smoothly over `ramp`, holds, and falls over `ramp`."""
    # speed(u): raised-cosine ramps, plateau 1; integrate numerically once
    steps = 2000
    speeds = []
    for i in range(steps + 1):
        u = i / steps
        if u < ramp:
            s = 0.5 - 0.5 * math.cos(math.pi * u / ramp)
        elif u > 1 - ramp:
            s = 0.5 - 0.5 * math.cos(math.pi * (1 - u) / ramp)
        else:
            s = 1.0
        speeds.append(s)
    cum = [0.0]
    for i in range(steps):
        cum.append(cum[-1] + (speeds[i] + speeds[i + 1]) / 2 / steps)
    total = cum[-1]

    def profile(u):
        f = min(1.0, max(0.0, u)) * steps
        i = min(steps - 1, int(f))
        return (cum[i] + (cum[i + 1] - cum[i]) * (f - i)) / total
    return profile


class FlingProfile:
    """Progress for a flick: the finger starts from rest and speeds up at a constant rate
    until it lifts off (speed = u, progress = u squared). Over the last 100 ms the path is
    a parabola, so the release velocity a quadratic fit reads is the finger's true speed;
    past u = 1 the same parabola gives where the finger is when it lifts."""

    area = 0.5      # integral of the normalized speed over the stroke

    def __call__(self, u):
        u = max(0.0, u)
        return u * u


def fling_profile():
    return FlingProfile()


# ---------------------------------------------------------------- files


def jitter_x(rng, x=160.0, spread=40.0):
    return x + rng.uniform(-spread, spread)


def make_slow_drag(rng):
    tr = Trace(rng)
    tr.drag((jitter_x(rng), 410.0), (rng.uniform(-6, 6), -300.0), speed=150.0, hold_ms=100.0)
    return tr


def make_single_fling(rng):
    tr = Trace(rng)
    tr.fling((jitter_x(rng), 420.0), (0.06, -1.0), 2500.0, 110.0)
    return tr


def make_rapid_flings(rng):
    tr = Trace(rng)
    for k, v in enumerate([2200.0, 2600.0, 3000.0, 2800.0]):
        if k:
            tr.pause(rng.uniform(300, 500))
        tr.fling((jitter_x(rng), rng.uniform(400, 440)), (rng.uniform(-0.08, 0.08), -1.0), v,
                 rng.uniform(90, 130))
    return tr


def make_fling_stop_reverse(rng):
    tr = Trace(rng)
    # the reverse fling's travel (about 1000 pt) stays short of the top edge
    tr.fling((jitter_x(rng), 420.0), (0.05, -1.0), 3000.0, 120.0)
    tr.pause(rng.uniform(550, 650))
    tr.touch_still((jitter_x(rng), 260.0), 150.0)
    tr.pause(rng.uniform(300, 400))
    tr.fling((jitter_x(rng), 90.0), (-0.05, 1.0), 1800.0, 120.0)
    return tr


def decel_travel(v, ms):
    """Points a fling released at v pt/s has travelled after `ms` (UIKit normal rate)."""
    r = DECELERATION_RATE
    return (v / 1000.0) * (1 - r ** ms) / (-math.log(r))


def make_long_browse(rng, target_ms=60000.0):
    """About a minute of someone browsing: read, flick down, catch, go back a little."""
    tr = Trace(rng)
    offset = 0.0            # rough tally of the content offset
    moving_v = 0.0          # release velocity (pt/s, content) of the last fling
    moving_since = 0.0      # its release time
    min_offset = 0.0

    def reading_pause():
        # 0.5-3 s, mostly short: a glance more often than a long read (mean about 1.2 s)
        return 500.0 + 2500.0 * rng.random() ** 2.5

    def settle_offset(now):
        nonlocal offset, moving_v
        if moving_v:
            offset += decel_travel(moving_v, now - moving_since)
            moving_v = 0.0
        offset = max(0.0, offset)

    while tr.t < target_ms - 700:
        settle_offset(tr.t)
        r = rng.random()
        # near the top always go down; far down, sometimes come back
        up_ok = offset > 2500
        if r < 0.3:
            # read a little: slow drag, rests and lifts
            dist = rng.uniform(80, 240)
            sign = -1.0 if (not up_ok or rng.random() < 0.75) else 1.0
            y0 = 420.0 if sign < 0 else 90.0
            tr.drag((jitter_x(rng), y0 + rng.uniform(-15, 15)), (rng.uniform(-8, 8), sign * dist),
                    speed=rng.uniform(110, 260), hold_ms=rng.uniform(80, 200),
                    kind="drag" if sign < 0 else "drag-back")
            offset += -sign * dist
            pause = reading_pause()
        elif r < 0.66 or not up_ok:
            # flick the content down (pointer up); sometimes a burst of repeated flicks
            burst = rng.random() < 0.4
            count = rng.randint(2, 4) if burst else 1
            for k in range(count):
                if k:
                    gap = rng.uniform(300, 500)
                    tr.pause(gap)
                    settle_offset(tr.t)
                v = rng.uniform(1200, 3600)
                dur = rng.uniform(80, 160)
                tr.fling((jitter_x(rng), rng.uniform(380, 440)), (rng.uniform(-0.1, 0.1), -1.0), v, dur)
                travel = v * dur / 1000.0 * FlingProfile.area
                offset += travel
                moving_v, moving_since = v, tr.t
            pause = reading_pause() if rng.random() < 0.75 else rng.uniform(300, 500)
        elif r < 0.84:
            # change of mind: flick back up (pointer down), limited so it stays below the top
            v = min(rng.uniform(1000, 2600), max(800.0, (offset - 800.0) / 0.5))
            dur = rng.uniform(90, 150)
            tr.fling((jitter_x(rng), rng.uniform(60, 110)), (rng.uniform(-0.1, 0.1), 1.0), v, dur,
                     kind="fling-back")
            offset -= v * dur / 1000.0 * FlingProfile.area
            moving_v, moving_since = -v, tr.t
            pause = rng.uniform(300, 2000)
        else:
            # catch whatever is moving, then read
            tr.touch_still((jitter_x(rng), rng.uniform(150, 350)), rng.uniform(100, 220))
            moving_v = 0.0
            pause = reading_pause()
        min_offset = min(min_offset, offset)
        tr.pause(pause)
    settle_offset(tr.t + 10000)
    tr.tally = offset
    return tr


def make_pager_flings(rng):
    tr = Trace(rng)
    band_y = lambda: rng.uniform(220, 300)
    tr.drag((rng.uniform(200, 240), band_y()), (-60.0, rng.uniform(-3, 3)), speed=120.0, hold_ms=100.0)
    tr.pause(1200)
    tr.fling((rng.uniform(240, 270), band_y()), (-1.0, rng.uniform(-0.05, 0.05)), 1500.0, 120.0)
    tr.pause(1500)
    tr.fling((rng.uniform(280, 300), band_y()), (-1.0, rng.uniform(-0.05, 0.05)), 4000.0, 85.0)
    tr.pause(1500)
    tr.fling((rng.uniform(40, 70), band_y()), (1.0, rng.uniform(-0.05, 0.05)), 2000.0, 110.0)
    return tr


FILES = [
    ("slow-drag.jsonl", make_slow_drag),
    ("single-fling.jsonl", make_single_fling),
    ("rapid-flings.jsonl", make_rapid_flings),
    ("fling-stop-reverse.jsonl", make_fling_stop_reverse),
    ("long-browse.jsonl", make_long_browse),
    ("pager-flings.jsonl", make_pager_flings),
]


# ---------------------------------------------------------------- writing and checking


def serialize(events):
    t0 = events[0][0]
    lines = []
    for t, x, y, phase in events:
        lines.append(json.dumps({"t_ms": round(t - t0, 1), "x": round(x, 2), "y": round(y, 2),
                                 "phase": phase}, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def parse_and_validate(text, name):
    """Read a gesture file back; raise ValueError naming the line on any problem."""
    gestures = []
    current = None
    last_t = -math.inf
    for n, line in enumerate(text.splitlines(), 1):
        obj = json.loads(line)
        if set(obj) != {"t_ms", "x", "y", "phase"}:
            raise ValueError(f"{name}:{n}: keys {sorted(obj)}")
        t, x, y, ph = obj["t_ms"], obj["x"], obj["y"], obj["phase"]
        for v in (t, x, y):
            if not isinstance(v, (int, float)) or not math.isfinite(v):
                raise ValueError(f"{name}:{n}: not a finite number: {v!r}")
        if not (0 <= x <= VIEW_W and 0 <= y <= VIEW_H):
            raise ValueError(f"{name}:{n}: outside the viewport: {x}, {y}")
        if t < last_t:
            raise ValueError(f"{name}:{n}: time goes back ({t} < {last_t})")
        last_t = t
        if ph == "down":
            if current is not None:
                raise ValueError(f"{name}:{n}: down inside a gesture")
            current = [(t, x, y)]
        elif ph in ("move", "up"):
            if current is None:
                raise ValueError(f"{name}:{n}: {ph} without down")
            current.append((t, x, y))
            if ph == "up":
                gestures.append(current)
                current = None
        else:
            raise ValueError(f"{name}:{n}: phase {ph!r}")
    if current is not None:
        raise ValueError(f"{name}: last gesture has no up")
    if not gestures:
        raise ValueError(f"{name}: no gesture")
    if text.splitlines()[0] and json.loads(text.splitlines()[0])["t_ms"] != 0:
        raise ValueError(f"{name}: first t_ms is not 0")
    return gestures


def lsq_release_velocity(samples):
    """Release velocity (pt/s) as B-VEL-1 describes: quadratic least squares per axis
    over the samples of the last 100 ms (at most 20), stopping at a gap > 40 ms;
    0 with fewer than 3 samples or after a rest > 40 ms."""
    t_end = samples[-1][0]
    # a resting finger sends nothing: the gap before the up is the rest
    if len(samples) >= 2 and t_end - samples[-2][0] > 40 and samples[-1][1:] == samples[-2][1:]:
        return (0.0, 0.0)
    window = [samples[-1]]
    for s in reversed(samples[:-1]):
        if window[-1][0] - s[0] > 40 or t_end - s[0] > 100 or len(window) >= 20:
            break
        window.append(s)
    if len(window) < 3:
        return (0.0, 0.0)
    ts = [(s[0] - t_end) / 1000.0 for s in window]
    out = []
    for axis in (1, 2):
        vs = [s[axis] for s in window]
        out.append(quadratic_slope_at_zero(ts, vs))
    return tuple(out)


def quadratic_slope_at_zero(ts, vs):
    # fit v = a + b t + c t^2 by normal equations; slope at t = 0 is b
    s = [sum(t ** k for t in ts) for k in range(5)]
    r = [sum(v * t ** k for t, v in zip(ts, vs)) for k in range(3)]
    m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    det = lambda a: (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                     - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                     + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    d = det(m)
    if abs(d) < 1e-18:
        return 0.0
    mb = [[m[i][0], r[i], m[i][2]] for i in range(3)]
    return det(mb) / d


def peak_speed(samples):
    """Highest pointer speed between samples at least 16 ms apart (damps the jitter)."""
    best = 0.0
    for i in range(len(samples)):
        for j in range(i + 1, len(samples)):
            dt = samples[j][0] - samples[i][0]
            if dt >= 16:
                d = math.hypot(samples[j][1] - samples[i][1], samples[j][2] - samples[i][2])
                best = max(best, d / dt * 1000.0)
                break
    return best


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Gestures"))
    args = ap.parse_args(argv)
    out = os.path.normpath(args.out)
    os.makedirs(out, exist_ok=True)
    problems = []
    for i, (name, make) in enumerate(FILES):
        rng = random.Random(SEED * 100 + i)
        tr = make(rng)
        text = serialize(tr.events)
        path = os.path.join(out, name)
        with open(path, "w") as f:
            f.write(text)
        with open(path) as f:
            gestures = parse_and_validate(f.read(), name)
        if len(gestures) != len(tr.gestures):
            problems.append(f"{name}: {len(gestures)} gestures read, {len(tr.gestures)} written")
        dur = gestures[-1][-1][0] - gestures[0][0][0]
        releases = [lsq_release_velocity(g) for g in gestures]
        speeds = [math.hypot(*v) for v in releases]
        peaks = [peak_speed(g) for g in gestures]
        for k, (meta, v) in enumerate(zip(tr.gestures, speeds)):
            want = meta["wanted"]
            if meta["kind"].startswith("fling") and abs(v - want) > 0.06 * want:
                problems.append(f"{name} gesture {k}: release {v:.0f} pt/s, wanted {want:.0f}")
            if not meta["kind"].startswith("fling") and v != 0.0:
                problems.append(f"{name} gesture {k}: {meta['kind']} releases at {v:.0f} pt/s")
        kinds = {}
        for meta in tr.gestures:
            kinds[meta["kind"]] = kinds.get(meta["kind"], 0) + 1
        extra = f", tally {tr.tally:.0f} pt" if hasattr(tr, "tally") else ""
        print(f"{name:<26} {len(text.splitlines()):5d} lines  {dur / 1000:6.2f} s  "
              f"{len(gestures):3d} gestures {kinds}  peak {max(peaks):.0f} pt/s  "
              f"releases {[round(s) for s in speeds] if len(speeds) <= 6 else '…'}{extra}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
