"""The window a test (or a window manager) finds is the one that stays: the app maps exactly one top-level
window while it starts, and it is alive until the app quits. SDL destroys and re-creates the X window when an
OpenGL renderer is made for it; a window shown before that was mapped, then destroyed under whoever had
found it (hud_test's resize failed one run in three on a dead window id: BadWindow)."""

import sys
import time

import windowlib as w

binary, out = sys.argv[1], sys.argv[2]
for args in ([], ["--software"]):
    with w.WindowEvents() as events:
        with w.closing(w.start(binary, *args)) as p:
            win = w.find_window(p)
            time.sleep(1.0)
            w.xdotool("windowsize", win, 1000, 640)   # fails on a destroyed window
            time.sleep(0.3)
            mapped = events.mapped()
            destroyed = [window for name, window in events.events if name == "destroy"]
            label = " ".join(args) or "the default renderer"
            w.check(mapped == [win], "%s: one window mapped while starting, the one found (%r, found %s)"
                    % (label, mapped, win))
            w.check(win not in destroyed, "%s: the window found is alive" % label)
            w.quit_app(p)
print("window map test: all checks passed")
