"""The disk cache in real windows (B-DISK-1): it never serves a torn or corrupt entry.

1. A window fills the cache over the modelled network and is killed with SIGKILL mid-run, five times
   at different moments: every entry left is whole (its key, length and checksum hold, and its payload
   is the asset file its key names). Temporary files of a killed writer may stay; they are not entries.
2. Every entry is then damaged (a byte flipped): the next run serves none of them, counts them
   (`diskCorrupt`), fetches the images again, and no load fails.
3. Two windows share the folder at once: both finish with no failed load and no corrupt entry, and
   every entry is whole.
4. A launch over a warm cache says so; one that clears it first does not.
5. A feed over the cache the grid warmed moves its own bytes, as headless does; run again, it hits its own.
"""

import json
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from windowlib import check, closing, find_window, read_trace

binary, out = os.path.abspath(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
gestures = os.path.join(here, "..", "..", "Assets", "Gestures")
folder = os.path.join(out, "disk-cache")


def fnv1a(data, basis=0xCBF29CE484222325):
    h = basis
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def check_entries():
    """Every *.entry file is whole and holds the file its key names; returns how many there are."""
    names = [n for n in os.listdir(folder) if n.endswith(".entry")]
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        check(data[:5] == b"SLDC\x01", "%s starts with the entry header" % name)
        key_length = int.from_bytes(data[5:9], "little")
        key = data[9:9 + key_length].decode()
        at = 9 + key_length
        length = int.from_bytes(data[at:at + 8], "little")
        digest = int.from_bytes(data[at + 8:at + 16], "little")
        payload = data[at + 16:]
        check(length == len(payload), "%s is whole (%d of %d payload bytes)" % (name, len(payload), length))
        check(fnv1a(payload) == digest, "%s: its checksum holds" % name)
        check(key.startswith("file:"), "%s: its key names an asset file" % name)
        with open(key[len("file:"):], "rb") as f:
            check(f.read() == payload, "%s holds exactly the file %s" % (name, key))
    return len(names)


def window(trace=None, *extra, gesture="long-browse.jsonl", quit_after=30):
    args = [binary, "--network", "wifi", "--disk-cache", folder, "--replay", os.path.join(gestures, gesture),
            "--quit-after", str(quit_after)] + list(extra)
    if trace:
        args += ["--trace-out", trace]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def summary(trace):
    lines = [e for e in read_trace(trace) if e.get("event") == "summary"]
    check(len(lines) == 1, "the trace %s ends with its summary" % os.path.basename(trace))
    return lines[0]["metrics"]


# 1. Killed mid-write, five times.
for i, delay in enumerate([0.4, 0.9, 1.3, 2.1, 3.0]):
    app = window(None, *(["--clear-disk-cache"] if i == 0 else []))
    with closing(app):
        find_window(app)
        time.sleep(delay)
        app.send_signal(signal.SIGKILL)
        app.wait()
    count = check_entries()
    check(i < 2 or count > 0, "after kill %d at %.1f s: %d whole entries" % (i + 1, delay, count))
print("killed five times: every entry left is whole")

# 2. Every entry damaged: none served, all counted, the images fetched again.
damaged = 0
for name in os.listdir(folder):
    if name.endswith(".entry"):
        path = os.path.join(folder, name)
        with open(path, "r+b") as f:
            f.seek(-3, os.SEEK_END)
            byte = f.read(1)
            f.seek(-3, os.SEEK_END)
            f.write(bytes([byte[0] ^ 0x40]))
        damaged += 1
trace = os.path.join(out, "disk-corrupt.jsonl")
app = window(trace, gesture="single-fling.jsonl", quit_after=6)
with closing(app):
    app.wait(timeout=60)
check(app.returncode == 0, "the run over damaged entries ends with exit code 0")
m = summary(trace)
check(m["diskCorrupt"] >= 1 and m["diskHits"] == 0,
      "damaged entries are refused (%d corrupt, %d disk hits, of %d damaged)" % (m["diskCorrupt"], m["diskHits"], damaged))
check(m["failedLoads"] == 0 and m["loadsCompleted"] > 0,
      "their images were fetched again: %d loads done, none failed" % m["loadsCompleted"])

# The damaged entries this run did not ask for are still there: start the next part from an empty folder.
for name in os.listdir(folder):
    os.unlink(os.path.join(folder, name))

# 3. Two windows at once on one folder.
traces = [os.path.join(out, "disk-shared-%d.jsonl" % k) for k in (1, 2)]
apps = [window(t, quit_after=8) for t in traces]
for app in apps:
    with closing(app):
        app.wait(timeout=90)
        check(app.returncode == 0, "a window sharing the folder ends with exit code 0")
for t in traces:
    m = summary(t)
    check(m["failedLoads"] == 0 and m["diskCorrupt"] == 0,
          "a sharing window: %d loads, %d disk hits, none failed, none corrupt" % (m["loadsCompleted"], m["diskHits"]))
count = check_entries()
check(count > 0, "%d whole entries after two windows shared the folder" % count)
# 4. A launch over a cache that holds entries says so (the HUD's "disk warm", a toast, the trace's setting); a
# launch that clears it first does not.
def warm_setting(trace):
    return [e for e in read_trace(trace) if e.get("event") == "setting" and e.get("name") == "diskCacheWarm"]


held = check_entries()
trace = os.path.join(out, "disk-warm.jsonl")
app = window(trace, gesture="single-fling.jsonl", quit_after=2)
with closing(app):
    app.wait(timeout=60)
warm = warm_setting(trace)
check(held > 0 and len(warm) == 1 and warm[0]["value"]["entries"] == held,
      "a launch over %d cached images says the disk cache is warm (%s)" % (held, warm))
trace = os.path.join(out, "disk-cold.jsonl")
app = window(trace, "--clear-disk-cache", gesture="single-fling.jsonl", quit_after=2)
with closing(app):
    app.wait(timeout=60)
check(warm_setting(trace) == [], "a launch with --clear-disk-cache starts cold and says nothing")

# 5. A feed over the cache the grid warmed (B-FEED-2): its images are its own, never the grid's stored files
# that draw them (the cache keyed them by those files: a warm cache served a feed's 0.2–2 MB photos from the
# grid's entries and the window moved none of its bytes). It moves the bytes the headless replay moves; a
# second run of the feed finds its own images on disk.
feed = os.path.join(out, "disk-feed.jsonl")
subprocess.run([binary, "feed", "generate", "--layout", "masonry", "--count", "60", "--seed", "5", "--images", "photos",
                "--out", feed], check=True, capture_output=True, timeout=60)
fling = os.path.join(gestures, "single-fling.jsonl")
r = subprocess.run([binary, "replay", fling, "--headless", "--feed", feed, "--network", "wifi"], capture_output=True, text=True, timeout=120)
headless = [e for e in map(json.loads, r.stdout.splitlines()) if e.get("event") == "end"][0]["metrics"]
feed_runs = []
for k in (1, 2):
    trace = os.path.join(out, "disk-feed-%d.jsonl" % k)
    app = window(trace, "--feed", feed, gesture="single-fling.jsonl", quit_after=5)
    with closing(app):
        app.wait(timeout=60)
    feed_runs.append(summary(trace))
first, again = feed_runs
check(held > 0 and first["diskHits"] == 0 and first["networkBytes"] == headless["networkBytes"] > 0,
      "a feed over the grid's warm cache: no disk hit, %d bytes moved as headless moves %d" % (first["networkBytes"], headless["networkBytes"]))
check(again["diskHits"] > 0 and again["networkBytes"] < first["networkBytes"],
      "the feed again: its own images from disk (%d hits, %d bytes)" % (again["diskHits"], again["networkBytes"]))

print("disk cache: whole entries after kills, damaged entries refused and refetched, two windows share it, a warm launch says so, a feed's images are its own")
