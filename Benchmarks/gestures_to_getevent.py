"""Writes gesture files as one Android `adb shell getevent -lt` capture, for `scrolllab gestures import`:
a stand-in for a device's recording when none is at hand (`replay-speed.sh` times replay on such imports).

    python3 Benchmarks/gestures_to_getevent.py GESTURE.jsonl… > capture.txt
    scrolllab gestures import capture.txt --max-x 1079 --max-y 2399 --density 2.625 --out imported

A 1080 × 2400 px panel at 2.625 px a point (420 dpi), one finger (multi-touch protocol B with BTN_TOUCH):
each gesture's points become whole pixels, its times microseconds after the previous gesture's end plus a
second. Only down, move and up lines are read (a pinch or a wheel line is left out). Standard library only.
"""
import json
import sys

DENSITY = 2.625
MAX_X, MAX_Y = 1079, 2399


def line(t, kind, code, value):
    return "[%13.6f] /dev/input/event2: %-12s %-20s %s" % (t, kind, code, value)


def hex32(v):
    return "%08x" % (v & 0xFFFFFFFF)


def main(paths):
    out = sys.stdout
    base = 1000.0
    tracking = 100
    for path in paths:
        last = base
        x = y = None
        with open(path) as f:
            for text in f:
                text = text.strip()
                if not text:
                    continue
                e = json.loads(text)
                phase = e.get("phase")
                if phase not in ("down", "move", "up"):
                    continue
                t = base + e["t_ms"] / 1000
                last = t
                px = min(MAX_X, max(0, round(e["x"] * DENSITY)))
                py = min(MAX_Y, max(0, round(e["y"] * DENSITY)))
                rows = []
                if phase == "down":
                    tracking += 1
                    rows += [("EV_ABS", "ABS_MT_TRACKING_ID", hex32(tracking)), ("EV_KEY", "BTN_TOUCH", "DOWN"),
                             ("EV_ABS", "ABS_MT_POSITION_X", hex32(px)), ("EV_ABS", "ABS_MT_POSITION_Y", hex32(py))]
                elif phase == "move":
                    if px != x:
                        rows.append(("EV_ABS", "ABS_MT_POSITION_X", hex32(px)))
                    if py != y:
                        rows.append(("EV_ABS", "ABS_MT_POSITION_Y", hex32(py)))
                else:
                    rows += [("EV_ABS", "ABS_MT_TRACKING_ID", "ffffffff"), ("EV_KEY", "BTN_TOUCH", "UP")]
                x, y = px, py
                for kind, code, value in rows + [("EV_SYN", "SYN_REPORT", "00000000")]:
                    out.write(line(t, kind, code, value) + "\n")
        base = last + 1


if __name__ == "__main__":
    main(sys.argv[1:])
